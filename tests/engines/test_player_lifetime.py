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
