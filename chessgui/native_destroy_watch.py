"""Notice when the window system destroys our main window behind Qt's back.

On X11 another program can destroy a client's window (``xdotool windowclose``, a
crashed or killed window manager's clean-up, ``xkill``-like tools). Qt only sees the
window become un-exposed: the widget stays "visible", no close event comes, and the
app would go on headless, playing and autosaving. This filter watches the X
server's DestroyNotify for the main window and then runs the normal close path
(stop engines, final autosave, quit), as if the user had closed the window.
Other platforms never report such an event, so the filter does nothing there.
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable

from PySide6.QtCore import QAbstractNativeEventFilter, QTimer
from PySide6.QtWidgets import QWidget

XCB_EVENT_TYPE = b"xcb_generic_event_t"
"""Qt's name for native events on the xcb platform."""
XCB_DESTROY_NOTIFY = 17
"""X11 protocol event code of DestroyNotify."""
_SEND_EVENT_BIT = 0x80
"""Set in response_type when the event came from SendEvent; the code is the low 7 bits."""


class _DestroyNotify(ctypes.Structure):
    """xcb_destroy_notify_event_t (the X11 protocol's DestroyNotify layout)."""

    _fields_ = [
        ("response_type", ctypes.c_uint8),
        ("pad0", ctypes.c_uint8),
        ("sequence", ctypes.c_uint16),
        ("event", ctypes.c_uint32),
        ("window", ctypes.c_uint32),
    ]


class NativeDestroyWatcher(QAbstractNativeEventFilter):
    """Calls ``on_destroyed`` (once, from the event loop) when ``widget``'s X window is destroyed.

    The window id is read when the event arrives, not cached: when Qt itself recreates
    a native window the widget already has its new id, and the old one's
    DestroyNotify is ignored.
    """

    def __init__(self, widget: QWidget, on_destroyed: Callable[[], object]) -> None:
        super().__init__()
        self._widget = widget
        self._on_destroyed = on_destroyed
        self._fired = False

    def nativeEventFilter(self, event_type: object, message: object) -> tuple[bool, int]:  # noqa: N802 - Qt override
        if self._fired or bytes(event_type) != XCB_EVENT_TYPE:  # type: ignore[call-overload]
            return False, 0
        event = _DestroyNotify.from_address(int(message))  # type: ignore[call-overload]
        if event.response_type & ~_SEND_EVENT_BIT != XCB_DESTROY_NOTIFY:
            return False, 0
        window_id = int(self._widget.internalWinId())
        if window_id == 0 or event.window != window_id or not self._widget.isVisible():
            return False, 0
        self._fired = True
        # Not from inside the native filter: closing runs a lot of code (engines, autosave).
        QTimer.singleShot(0, self._on_destroyed)
        return False, 0
