"""HintProvider: the engine's suggestion for the human's move."""

from __future__ import annotations

import chess
from test_engine_worker import FakeSearcher  # tests/gui is on sys.path (pytest prepend import mode)

from chessgui.engines.builtin_worker import EngineWorker, _WarmUp
from chessgui.engines.hint import HintProvider


def _provider() -> HintProvider:
    worker = EngineWorker(
        searcher_factory=lambda hash_mb: FakeSearcher(), warm_up=lambda: None, warm_up_state=_WarmUp()
    )
    return HintProvider(worker=worker)


def test_hint_is_a_legal_move_with_its_evaluation(qtbot) -> None:
    provider = _provider()
    try:
        with qtbot.waitSignal(provider.hint_ready, timeout=5000) as blocker:
            provider.request_hint(chess.STARTING_FEN, ["e2e4"], movetime_ms=50)
        move, info = blocker.args
        board = chess.Board()
        board.push_uci("e2e4")
        assert move in board.legal_moves
        assert info is not None and info.color == chess.BLACK and info.best_move() == move
        assert not provider.is_searching()
    finally:
        provider.shutdown()


def test_no_hint_when_game_is_over(qtbot) -> None:
    provider = _provider()
    try:
        mate = ["f2f3", "e7e5", "g2g4", "d8h4"]
        with qtbot.waitSignal(provider.hint_failed, timeout=5000) as blocker:
            provider.request_hint(chess.STARTING_FEN, mate)
        assert "game is over" in blocker.args[0]
    finally:
        provider.shutdown()


def test_real_engine_hint(qtbot) -> None:
    provider = HintProvider(hash_mb=8)
    try:
        # White mates in one: Qxf7#.
        fen = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"
        with qtbot.waitSignal(provider.hint_ready, timeout=120_000) as blocker:
            provider.request_hint(fen, [], movetime_ms=300)
        assert blocker.args[0] == chess.Move.from_uci("h5f7")
    finally:
        provider.shutdown()
