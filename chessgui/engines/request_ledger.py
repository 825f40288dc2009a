"""Thread-safe bookkeeping of which search requests are wanted, running or cancelled.

Both engine workers (the built-in :class:`chessgui.engines.builtin_worker.EngineWorker` and
the external :class:`chessgui.engines.uci_worker.UciWorker`) receive search requests from
the GUI thread and run them one after another in their own thread. The GUI thread
must be able to abandon a request at any moment, whether it is still queued,
running or already finished, and a cancelled request must never produce a reply.
:class:`RequestLedger` holds the few facts that decision needs, under one lock:

* the highest request id handed out so far (so "stop everything" knows how far
  "everything" goes, including requests still queued in the worker thread);
* a cancellation bound: every id at or below it is cancelled. Request ids grow, so
  one number covers all past requests; no set of ids can grow without limit;
* the request being searched right now, with a *handle* for interrupting it (the
  built-in searcher, or python-chess's analysis of an external engine);
* whether the worker is shutting down, which cancels everything, now and later.

The handle is stored with the running id, under the same lock, so that
:meth:`RequestLedger.cancel` and :meth:`RequestLedger.begin` cannot both miss each
other: either ``cancel`` sees the running request and returns its handle for the
caller to interrupt, or ``begin`` sees the cancellation and refuses to start.
"""

from __future__ import annotations

import threading
from typing import Generic, TypeVar

HandleT = TypeVar("HandleT")


class RequestLedger(Generic[HandleT]):
    """Which request ids are requested, running and cancelled; safe to use from any thread.

    Typical use: the GUI thread calls :meth:`note_requested` before queueing a
    search and :meth:`cancel` to stop; the worker thread calls :meth:`is_cancelled`
    before starting, :meth:`begin` when the search (and its handle) exists, and
    :meth:`finish` when it ends, dropping the reply if ``finish`` returns True.
    Request ids are expected to be non-negative and to grow with each request.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._latest_requested_id = -1  # highest id passed to note_requested
        self._cancelled_up_to = -1  # every request id <= this is cancelled
        self._current_id: int | None = None  # the request being searched right now
        self._current_handle: HandleT | None = None  # how to interrupt the current request
        self._shutting_down = False

    # ------------------------------------------------------------------ requester side
    def note_requested(self, request_id: int) -> bool:
        """Record that ``request_id`` is about to be queued; False (and nothing recorded) when shutting down."""
        with self._lock:
            if self._shutting_down:
                return False
            self._latest_requested_id = max(self._latest_requested_id, request_id)
            return True

    def cancel(self, up_to: int | None = None) -> HandleT | None:
        """Cancel every request id <= ``up_to`` (default: every request noted so far).

        Returns the running request's handle when that request is cancelled now
        (by this call or an earlier one) so the caller can interrupt it, else None.
        Cancelling never moves backwards: a smaller ``up_to`` than before changes nothing.
        """
        with self._lock:
            bound = self._latest_requested_id if up_to is None else up_to
            self._cancelled_up_to = max(self._cancelled_up_to, bound)
            if self._current_id is not None and self._current_id <= self._cancelled_up_to:
                return self._current_handle
            return None

    def shut_down(self) -> None:
        """Cancel everything from now on: no new request is noted, begun or replied to."""
        with self._lock:
            self._shutting_down = True

    # ------------------------------------------------------------------ worker side
    def is_cancelled(self, request_id: int) -> bool:
        """True when ``request_id`` was cancelled or the worker is shutting down."""
        with self._lock:
            return self._is_cancelled_locked(request_id)

    def is_shutting_down(self) -> bool:
        """True once :meth:`shut_down` was called."""
        with self._lock:
            return self._shutting_down

    def begin(self, request_id: int, handle: HandleT | None = None) -> bool:
        """Mark ``request_id`` as the one running now, interruptible through ``handle``.

        Returns False, recording nothing, when the request is already cancelled:
        the caller must then not start it (or must interrupt what it started).
        """
        with self._lock:
            if self._is_cancelled_locked(request_id):
                return False
            self._current_id = request_id
            self._current_handle = handle
            return True

    def finish(self, request_id: int) -> bool:
        """End ``request_id``; True when its reply must be dropped (cancelled or shutting down).

        Safe to call for a request that never began (e.g. it failed first): the
        running request, if another one, is left alone.
        """
        with self._lock:
            if self._current_id == request_id:
                self._current_id = None
                self._current_handle = None  # the handle is dead; never interrupt it again
            return self._is_cancelled_locked(request_id)

    def current(self) -> int | None:
        """The id of the request running now, or None."""
        with self._lock:
            return self._current_id

    # ------------------------------------------------------------------ helpers
    def _is_cancelled_locked(self, request_id: int) -> bool:
        return request_id <= self._cancelled_up_to or self._shutting_down
