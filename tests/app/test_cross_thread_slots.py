"""Every method that receives a worker thread's signal is a declared Qt slot.

PySide6 adds an undeclared method to the receiver's meta-object when it is first
connected, at run time; with signals arriving from other threads that is a known
source of crashes (PYSIDE-3124; Qt for Python's docs ask for ``@Slot`` on every
connected method). The whole-suite loop once segfaulted in the GUI thread's event
loop while two engine workers were starting, which is where these connections live.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QObject

from chessgui.engines.analysis import PositionAnalyser
from chessgui.engines.computer_player import ComputerPlayer
from chessgui.engines.players import BuiltinEnginePlayer, UciEnginePlayer
from chessgui.engines.review import ReviewJob
from chessgui.views.search_lab import SearchLabPanel

CROSS_THREAD_SLOTS = [
    (ComputerPlayer, "_on_worker_search_info(int,PyObject)"),
    (ComputerPlayer, "_on_worker_best_move(int,QString)"),
    (ComputerPlayer, "_on_worker_failed(int,QString)"),
    (BuiltinEnginePlayer, "_on_worker_ready()"),
    (UciEnginePlayer, "_on_engine_started(PyObject)"),
    (UciEnginePlayer, "_on_worker_failed(int,QString)"),
    (PositionAnalyser, "on_builtin_info(int,PyObject)"),
    (PositionAnalyser, "on_uci_info(int,int,PyObject)"),
    (PositionAnalyser, "on_search_ended(int)"),
    (PositionAnalyser, "on_worker_failed(int,QString)"),
    (PositionAnalyser, "on_engine_started(PyObject)"),
    (ReviewJob, "on_position_done(int,int,PyObject,double)"),
    (ReviewJob, "on_worker_finished(int)"),
    (ReviewJob, "on_worker_failed(int,QString)"),
    (SearchLabPanel, "on_run_iteration(int,PyObject)"),
    (SearchLabPanel, "on_run_finished(int,PyObject)"),
    (SearchLabPanel, "on_run_failed(int,QString)"),
]


@pytest.mark.parametrize(("cls", "signature"), CROSS_THREAD_SLOTS, ids=[s for _, s in CROSS_THREAD_SLOTS])
def test_worker_signal_receivers_are_declared_slots(cls: type[QObject], signature: str) -> None:
    meta = cls.staticMetaObject
    assert meta.indexOfSlot(signature) >= 0, f"{cls.__name__}.{signature} is not declared with @Slot"
