"""Guards against known Qt-binding bugs that would crash the app during a long session."""

from __future__ import annotations

import sys

from PySide6.QtCore import QObject, Signal


class _Emitter(QObject):
    flag_changed = Signal(bool)


def test_bool_signal_emission_keeps_true_and_false_alive(qtbot) -> None:
    # PySide6 6.12.0 drops a reference to True/False on every emit of a Signal(bool);
    # after about a thousand emits (one game's worth of input toggles) Python aborts.
    emitter = _Emitter()
    received = [0, 0]  # counts of False and True (storing the bools would hold references)

    def on_flag_changed(value: bool) -> None:
        received[int(value)] += 1

    emitter.flag_changed.connect(on_flag_changed)
    before = sys.getrefcount(True), sys.getrefcount(False)
    for index in range(3000):
        emitter.flag_changed.emit(index % 2 == 0)
    after = sys.getrefcount(True), sys.getrefcount(False)
    assert received == [1500, 1500]
    # Other threads may hold a few references; a leak would be thousands.
    assert abs(after[0] - before[0]) < 100 and abs(after[1] - before[1]) < 100
