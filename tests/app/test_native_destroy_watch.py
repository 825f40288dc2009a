"""A main window destroyed by the window system (X11 DestroyNotify) runs the normal close path."""

from __future__ import annotations

import ctypes

from PySide6.QtWidgets import QWidget

from chessgui.native_destroy_watch import XCB_DESTROY_NOTIFY, XCB_EVENT_TYPE, NativeDestroyWatcher, _DestroyNotify


def _destroy_notify(window_id: int, code: int = XCB_DESTROY_NOTIFY) -> _DestroyNotify:
    return _DestroyNotify(response_type=code, sequence=1, event=window_id, window=window_id)


def test_destroy_notify_for_the_window_closes_it_once(qtbot) -> None:
    widget = QWidget()
    qtbot.addWidget(widget)
    widget.show()
    calls: list[str] = []
    watcher = NativeDestroyWatcher(widget, lambda: calls.append("closed"))
    event = _destroy_notify(int(widget.winId()))
    assert watcher.nativeEventFilter(XCB_EVENT_TYPE, ctypes.addressof(event)) == (False, 0)
    watcher.nativeEventFilter(XCB_EVENT_TYPE, ctypes.addressof(event))  # a duplicate is ignored
    qtbot.waitUntil(lambda: calls == ["closed"])
    assert calls == ["closed"]


def test_other_windows_and_other_events_are_ignored(qtbot) -> None:
    widget = QWidget()
    qtbot.addWidget(widget)
    widget.show()
    calls: list[str] = []
    watcher = NativeDestroyWatcher(widget, lambda: calls.append("closed"))
    other_window = _destroy_notify(int(widget.winId()) + 1)
    unmap = _destroy_notify(int(widget.winId()), code=18)  # UnmapNotify: minimising, not destroying
    watcher.nativeEventFilter(XCB_EVENT_TYPE, ctypes.addressof(other_window))
    watcher.nativeEventFilter(XCB_EVENT_TYPE, ctypes.addressof(unmap))
    watcher.nativeEventFilter(b"windows_generic_MSG", ctypes.addressof(_destroy_notify(int(widget.winId()))))
    qtbot.wait(50)  # let a wrongly scheduled close run, if any
    assert calls == []
