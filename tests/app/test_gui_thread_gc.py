"""Reference cycles are collected in the GUI thread, never in a worker thread.

The whole suite segfaulted in the GUI thread's event loop while a worker thread was busy in
Python (the PGN indexer reading 10,000 games; before that, two UCI workers starting): Python
had run its cycle collection in the worker, destroying Qt objects of earlier tests there.
"""

from __future__ import annotations

import gc
import threading
import weakref
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QObject

from chessgui import __main__ as entry
from chessgui.gui_thread_gc import GuiThreadGarbageCollector


class _Node:
    """A reference cycle: the node refers to itself."""

    def __init__(self) -> None:
        self.me = self


def _cycle_collected_by(collected_in: list[str]) -> None:
    node = _Node()
    weakref.finalize(node, lambda: collected_in.append(threading.current_thread().name))


def _cycle_left_while_a_worker_allocates() -> list[str]:
    """Leave a fresh cycle, then let a worker allocate like one parsing a file (enough objects to
    pass every collection threshold); returns the list the cycle's collecting thread is added to."""
    collected_in: list[str] = []
    gc.collect()
    _cycle_collected_by(collected_in)
    worker = threading.Thread(target=lambda: [_Node() for _ in range(100_000)], name="churn")
    worker.start()
    worker.join()
    return collected_in


@pytest.fixture
def collector(qapp) -> Iterator[GuiThreadGarbageCollector]:
    made = GuiThreadGarbageCollector(qapp, interval_ms=10)
    yield made
    made.stop()


def test_a_worker_that_allocates_never_collects_cycles(collector: GuiThreadGarbageCollector) -> None:
    collected_in = _cycle_left_while_a_worker_allocates()
    # With Python's own collection, the churn thread collected the cycle (every time, before the fix).
    assert collected_in == []


def test_the_gui_thread_collects_them_on_its_timer(qtbot, collector: GuiThreadGarbageCollector) -> None:
    collected_in = _cycle_left_while_a_worker_allocates()
    qtbot.waitUntil(lambda: collected_in != [], timeout=5000)
    assert collected_in == [threading.main_thread().name]


def test_collect_due_collects_only_what_python_would_have(collector: GuiThreadGarbageCollector) -> None:
    gc.collect()
    assert collector.collect_due() == 0  # nothing is due straight after a full collection
    collected_in: list[str] = []
    _cycle_collected_by(collected_in)
    for _ in range(gc.get_threshold()[0] + 1):
        _Node()
    assert collector.collect_due() > 0
    assert collected_in == [threading.main_thread().name]


def test_stop_gives_collection_back_to_python(qapp) -> None:
    before = gc.isenabled()
    gc.enable()
    try:
        made = GuiThreadGarbageCollector(qapp)
        assert not gc.isenabled()
        made.stop()
        assert gc.isenabled()
    finally:
        if not before:
            gc.disable()


def test_the_app_collects_in_the_gui_thread(monkeypatch: pytest.MonkeyPatch, qapp) -> None:
    made: list[GuiThreadGarbageCollector] = []

    class _StoppedHereError(Exception):
        """Ends main() once the collector exists, before any window or setting is made."""

    def recording(parent: QObject | None = None) -> GuiThreadGarbageCollector:
        made.append(GuiThreadGarbageCollector(parent))
        return made[-1]

    def stop_here() -> None:
        raise _StoppedHereError

    names = (qapp.applicationName(), qapp.organizationName(), qapp.applicationVersion())
    monkeypatch.setattr(entry, "GuiThreadGarbageCollector", recording)
    monkeypatch.setattr(entry, "app_icon", stop_here)
    try:
        with pytest.raises(_StoppedHereError):
            entry.main(["chessgui"])
    finally:
        qapp.setApplicationName(names[0])
        qapp.setOrganizationName(names[1])
        qapp.setApplicationVersion(names[2])
        for collector in made:
            collector.stop()
    assert len(made) == 1 and made[0].parent() is qapp
