"""Hints: the built-in engine's suggestion for the human's move, shown as an arrow."""

from __future__ import annotations

import chess

from chessgui.engines.builtin_worker import EngineWorker, _WarmUp
from chessgui.engines.hint_presenter import HINT_SETTINGS, HintPresenter, hint_player
from chessgui.engines.players import BuiltinEnginePlayer
from chessgui.game.controller import GameController
from chessgui.game.navigator import GameNavigator
from chessgui.game.players import GoRequest, HumanPlayer


def _presenter(start_fen: str, moves: list[str], searcher: object) -> tuple[GameController, HintPresenter]:
    def fake_hint_player(parent: object) -> BuiltinEnginePlayer:
        worker = EngineWorker(searcher_factory=lambda hash_mb: searcher, warm_up=lambda: None, warm_up_state=_WarmUp())
        return BuiltinEnginePlayer(HINT_SETTINGS, name="Hint", parent=parent, worker=worker)  # type: ignore[arg-type]

    controller = GameController()
    controller.set_players(HumanPlayer(), HumanPlayer())
    controller.new_game(start_fen)
    for uci in moves:
        controller.player(controller.board().turn).on_move_requested(chess.Move.from_uci(uci))
    return controller, HintPresenter(controller, GameNavigator(controller), player_factory=fake_hint_player)


def test_hint_is_a_legal_move_with_its_evaluation(qtbot, fake_searcher) -> None:
    controller, presenter = _presenter(chess.STARTING_FEN, ["e2e4"], fake_searcher())
    messages: list[str] = []
    presenter.status_message.connect(messages.append)
    try:
        with qtbot.waitSignal(presenter.arrow_ready, timeout=5000) as blocker:
            presenter.on_hint_triggered()
        [(from_square, to_square)] = blocker.args[0]
        board = controller.board()
        move = chess.Move(from_square, to_square)
        assert board.turn == chess.BLACK and move in board.legal_moves
        assert messages[-1].startswith(f"Hint: {board.san(move)} (")  # with the evaluation behind it
        assert not presenter.is_searching()
    finally:
        presenter.shutdown()


def test_no_hint_when_game_is_over(qtbot, fake_searcher) -> None:
    mate = ["f2f3", "e7e5", "g2g4", "d8h4"]
    controller, presenter = _presenter(chess.STARTING_FEN, mate, fake_searcher())
    messages: list[str] = []
    presenter.status_message.connect(messages.append)
    try:
        assert controller.is_game_over()
        presenter.on_hint_triggered()
        assert messages == ["A hint is for your move in the live position."]
        assert not presenter.is_searching()
    finally:
        presenter.shutdown()


def test_real_engine_hint(qtbot) -> None:
    player = hint_player()
    try:
        # White mates in one: Qxf7#.
        fen = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"
        with qtbot.waitSignal(player.move_made, timeout=120_000) as blocker:
            player.go(GoRequest(1, fen, ()))
        assert blocker.args == [1, "h5f7"]
    finally:
        player.shutdown()
