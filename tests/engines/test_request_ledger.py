"""RequestLedger: which search requests are wanted, running or cancelled, across threads."""

from __future__ import annotations

import threading

from chessgui.engines.request_ledger import RequestLedger

_TIMEOUT_S = 5.0  # only keeps a broken test finite; the happy path never waits this long


class FakeSearch:
    """Stands for a running search: remembers whether it was told to stop."""

    def __init__(self) -> None:
        self.started = threading.Event()
        self.stopped = threading.Event()

    def stop(self) -> None:
        self.stopped.set()


def test_fresh_ledger_cancels_nothing_and_runs_nothing() -> None:
    ledger: RequestLedger[FakeSearch] = RequestLedger()
    assert not ledger.is_cancelled(0)
    assert ledger.current() is None
    assert not ledger.is_shutting_down()
    assert ledger.cancel() is None  # nothing noted yet: "stop everything" stops nothing
    assert not ledger.is_cancelled(0)


def test_cancel_without_bound_covers_every_noted_request_but_not_later_ones() -> None:
    ledger: RequestLedger[FakeSearch] = RequestLedger()
    for request_id in (3, 1, 2):
        assert ledger.note_requested(request_id)
    ledger.cancel()
    assert [ledger.is_cancelled(i) for i in (1, 2, 3, 4)] == [True, True, True, False]


def test_cancel_with_bound_never_moves_backwards() -> None:
    ledger: RequestLedger[FakeSearch] = RequestLedger()
    ledger.note_requested(9)
    ledger.cancel(5)
    assert ledger.is_cancelled(5)
    assert not ledger.is_cancelled(6)
    ledger.cancel(2)  # an older id: must not un-cancel 3..5
    assert ledger.is_cancelled(5)
    assert not ledger.is_cancelled(6)


def test_begin_refuses_a_cancelled_request_and_records_nothing() -> None:
    ledger: RequestLedger[FakeSearch] = RequestLedger()
    ledger.note_requested(1)
    ledger.cancel(1)
    assert not ledger.begin(1, FakeSearch())
    assert ledger.current() is None
    assert ledger.finish(1) is True  # its reply, if any, is dropped


def test_cancel_returns_the_running_search_only_when_it_is_cancelled() -> None:
    ledger: RequestLedger[FakeSearch] = RequestLedger()
    search = FakeSearch()
    ledger.note_requested(1)
    ledger.note_requested(2)
    assert ledger.begin(2, search)
    assert ledger.current() == 2
    assert ledger.cancel(1) is None  # an older request: the running search 2 goes on
    assert not ledger.is_cancelled(2)
    assert ledger.cancel(2) is search
    assert ledger.cancel(1) is search  # still running and cancelled: stopping again is allowed


def test_finish_reports_whether_the_reply_must_be_dropped_and_clears_the_search() -> None:
    ledger: RequestLedger[FakeSearch] = RequestLedger()
    ledger.note_requested(1)
    assert ledger.begin(1, FakeSearch())
    assert ledger.finish(1) is False  # wanted: reply
    assert ledger.current() is None
    ledger.note_requested(2)
    assert ledger.begin(2, FakeSearch())
    ledger.cancel()
    assert ledger.finish(2) is True  # stopped: drop
    assert ledger.cancel() is None  # a finished search is never handed out to be stopped


def test_finish_of_a_request_that_never_began_leaves_the_running_one_alone() -> None:
    ledger: RequestLedger[FakeSearch] = RequestLedger()
    search = FakeSearch()
    ledger.note_requested(2)
    assert ledger.begin(2, search)
    assert ledger.finish(1) is False
    assert ledger.current() == 2
    assert ledger.cancel(2) is search


def test_shut_down_cancels_everything_now_and_later() -> None:
    ledger: RequestLedger[FakeSearch] = RequestLedger()
    search = FakeSearch()
    ledger.note_requested(1)
    assert ledger.begin(1, search)
    ledger.shut_down()
    assert ledger.is_shutting_down()
    assert ledger.is_cancelled(1)
    assert ledger.is_cancelled(1000)  # ids never requested are refused too
    assert not ledger.note_requested(2)
    assert not ledger.begin(2, FakeSearch())
    assert ledger.cancel() is search  # the running search is still handed out to be stopped
    assert ledger.finish(1) is True


def test_cancel_and_begin_racing_never_both_miss() -> None:
    # The property the workers rely on: when stop() and the start of a search race,
    # either begin() sees the cancellation or cancel() hands back the search to stop,
    # never neither (a search nobody stops) and never both.
    for _ in range(300):
        ledger: RequestLedger[FakeSearch] = RequestLedger()
        ledger.note_requested(1)
        search = FakeSearch()
        barrier = threading.Barrier(2)
        outcome: dict[str, object] = {}

        def cancel_it(
            ledger: RequestLedger[FakeSearch], barrier: threading.Barrier, outcome: dict[str, object]
        ) -> None:
            barrier.wait(_TIMEOUT_S)  # released together with begin() below, to make them race
            outcome["handle"] = ledger.cancel(1)

        canceller = threading.Thread(target=cancel_it, args=(ledger, barrier, outcome))
        canceller.start()
        barrier.wait(_TIMEOUT_S)
        began = ledger.begin(1, search)
        canceller.join(_TIMEOUT_S)
        assert not canceller.is_alive()
        assert began == (outcome["handle"] is search)
        assert ledger.finish(1) is True  # cancelled either way: no reply


def test_concurrent_requesters_are_all_covered_by_stop_everything() -> None:
    ledger: RequestLedger[FakeSearch] = RequestLedger()
    thread_count, per_thread = 4, 250
    barrier = threading.Barrier(thread_count)

    def note(first: int) -> None:
        barrier.wait(_TIMEOUT_S)
        for request_id in range(first, thread_count * per_thread, thread_count):
            assert ledger.note_requested(request_id)

    threads = [threading.Thread(target=note, args=(first,)) for first in range(thread_count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(_TIMEOUT_S)
    ledger.cancel()
    highest = thread_count * per_thread - 1
    assert all(ledger.is_cancelled(i) for i in range(highest + 1))
    assert not ledger.is_cancelled(highest + 1)


def test_worker_thread_replies_exactly_to_the_requests_nobody_stopped() -> None:
    # A worker thread runs requests in order like an engine worker; the main thread
    # plays the GUI and stops every even request while it is running.
    ledger: RequestLedger[FakeSearch] = RequestLedger()
    count = 40
    searches = [FakeSearch() for _ in range(count)]
    replied: list[int] = []
    for request_id in range(count):
        assert ledger.note_requested(request_id)

    def work() -> None:
        for request_id, search in enumerate(searches):
            if not ledger.begin(request_id, search):
                continue
            search.started.set()
            if request_id % 2 == 0:
                search.stopped.wait(_TIMEOUT_S)  # an "infinite" search ends only when stopped
            if not ledger.finish(request_id):
                replied.append(request_id)

    worker = threading.Thread(target=work)
    worker.start()
    for request_id in range(0, count, 2):
        assert searches[request_id].started.wait(_TIMEOUT_S)
        handle = ledger.cancel(request_id)
        assert handle is searches[request_id]
        handle.stop()
    worker.join(_TIMEOUT_S)
    assert not worker.is_alive()
    assert replied == list(range(1, count, 2))
    assert all(search.stopped.is_set() == (i % 2 == 0) for i, search in enumerate(searches))
    assert ledger.current() is None
