"""Long runs of games keep nothing alive: replaced players, their workers and threads are freed.

The soak (benchmarks/soak.py) plays hundreds of games, replacing the engine players every few
games, and needs resident memory and the thread count flat over the run.
"""

from __future__ import annotations

import gc
import threading
import weakref

import chess

from chessgui.engines.builtin_worker import EngineWorker, _WarmUp
from chessgui.engines.players import BuiltinEnginePlayer
from chessgui.game.controller import GameController
from chessgui.game.players import HumanPlayer
from chessgui.storage.settings import PlayerKind, PlayerSettings


def test_replaced_engine_players_their_workers_and_threads_are_freed(qtbot, fake_searcher) -> None:
    controller = GameController()
    threads_before = threading.active_count()
    freed: list[weakref.ref] = []
    for _ in range(3):
        pair = []
        for _ in chess.COLORS:
            searcher = fake_searcher()
            worker = EngineWorker(
                searcher_factory=lambda hash_mb, s=searcher: s, warm_up=lambda: None, warm_up_state=_WarmUp()
            )
            pair.append(BuiltinEnginePlayer(PlayerSettings(kind=PlayerKind.BUILTIN, depth=1), worker=worker))
            freed += [weakref.ref(pair[-1]), weakref.ref(worker), weakref.ref(searcher)]
        controller.new_game()
        controller.set_players(*pair)  # shuts the previous pair down
        qtbot.waitUntil(lambda: controller.board().ply() >= 4, timeout=5000)
        del pair, worker, searcher
    controller.set_players(HumanPlayer(), HumanPlayer())
    gc.collect()
    alive = [ref() for ref in freed if ref() is not None]
    assert not alive, f"still alive after being replaced: {alive}"
    assert threading.active_count() <= threads_before


def test_a_uci_worker_whose_start_outlives_shutdown_is_parked_and_let_go_once_finished(qtbot, fake_engine) -> None:
    # Shutting down during the engine's handshake cannot interrupt it: the thread is parked
    # (a QThread destroyed while running aborts the process) and let go, in the GUI thread,
    # once it has finished. It used to be let go by a lambda on the thread's own "finished",
    # which runs in the ending thread.
    from chessgui.engines import uci_worker
    from chessgui.engines.uci_worker import UciWorker

    slow_start = f"sh -c 'sleep 0.5; exec {fake_engine()}'"
    first = UciWorker(slow_start, start_timeout_s=10.0)
    assert not first.shutdown(0)  # still starting
    first_thread = first._thread  # noqa: SLF001
    assert first_thread in uci_worker._PARKED_THREADS  # noqa: SLF001
    qtbot.waitUntil(lambda: not first.is_running(), timeout=20_000)
    second = UciWorker(slow_start, start_timeout_s=10.0)
    assert not second.shutdown(0)
    assert first_thread not in uci_worker._PARKED_THREADS  # noqa: SLF001
    assert second._thread in uci_worker._PARKED_THREADS  # noqa: SLF001
    qtbot.waitUntil(lambda: not second.is_running(), timeout=20_000)
    assert first.shutdown(1000) and second.shutdown(1000)  # finished: nothing left to wait for
