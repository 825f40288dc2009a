"""Game review maths: lichess's win%, judgements, accuracy; summaries from a game's annotations."""

from __future__ import annotations

import io

import chess
import chess.engine
import chess.pgn
import pytest

from chessgui.game.review import (
    Judgement,
    PositionEval,
    error_plies,
    game_accuracy,
    move_accuracy,
    next_error_ply,
    review_move,
    summarize,
    terminal_eval,
    win_percent,
)


def _cp(cp: int, turn: chess.Color = chess.WHITE) -> chess.engine.PovScore:
    return chess.engine.PovScore(chess.engine.Cp(cp), turn)


def test_win_percent_follows_lichess_and_is_clamped() -> None:
    assert win_percent(0) == pytest.approx(50)
    assert win_percent(100) == pytest.approx(59.1, abs=0.1)  # lichess: +1 pawn ≈ 59 %
    assert win_percent(-300) == pytest.approx(100 - win_percent(300))
    assert win_percent(5000) == win_percent(1000)


def test_move_accuracy_formula() -> None:
    assert move_accuracy(60, 70) == 100
    assert move_accuracy(50, 50) == pytest.approx(100, abs=0.01)
    assert move_accuracy(80, 60) == pytest.approx(103.1668 * 2.718281828 ** (-0.04354 * 20) - 3.1669)
    assert move_accuracy(100, 0) == 0


def test_a_dropped_queen_is_a_blunder_with_the_best_move_named() -> None:
    board = chess.Board("rnb1kbnr/pppp1ppp/8/4p1q1/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
    before = PositionEval(_cp(800, chess.WHITE), best_move="f3g5", second_score=_cp(50, chess.WHITE))
    after = PositionEval(_cp(0, chess.BLACK))
    review = review_move(board, chess.Move.from_uci("d2d3"), before, after, 5)
    assert review.judgement is Judgement.BLUNDER
    assert review.judgement.nag == chess.pgn.NAG_BLUNDER
    assert review.best_san == "Nxg5"
    assert review.color == chess.WHITE


def test_only_good_move_and_small_drops() -> None:
    board = chess.Board()
    before = PositionEval(_cp(30), best_move="e2e4", second_score=_cp(-400))
    assert review_move(board, chess.Move.from_uci("e2e4"), before, PositionEval(_cp(30)), 1).judgement is (
        Judgement.ONLY_MOVE
    )
    # A forced recapture is no "!" (nor is any only move once the game is decided).
    recapture = chess.Board()
    for uci in ("e2e4", "d7d5", "e4d5"):
        recapture.push_uci(uci)
    forced = PositionEval(_cp(-30, chess.BLACK), best_move="d8d5", second_score=_cp(-400, chess.BLACK))
    assert review_move(recapture, chess.Move.from_uci("d8d5"), forced, PositionEval(_cp(30)), 4).judgement is (
        Judgement.GOOD
    )
    decided = PositionEval(_cp(900), best_move="e2e4", second_score=_cp(200))
    assert review_move(board, chess.Move.from_uci("e2e4"), decided, PositionEval(_cp(900)), 1).judgement is (
        Judgement.GOOD
    )
    # Not the engine's move but about as good: no mark.
    quiet = PositionEval(_cp(30), best_move="e2e4", second_score=_cp(25))
    assert review_move(board, chess.Move.from_uci("d2d4"), quiet, PositionEval(_cp(20)), 1).judgement is Judgement.GOOD
    # Black's point of view: White's score going up is Black's loss.
    board.push_uci("e2e4")
    before = PositionEval(_cp(20, chess.BLACK), best_move="e7e5")
    inaccuracy = review_move(board, chess.Move.from_uci("g7g5"), before, PositionEval(_cp(60, chess.WHITE)), 2)
    mistake = review_move(board, chess.Move.from_uci("g7g5"), before, PositionEval(_cp(120, chess.WHITE)), 2)
    assert inaccuracy.judgement is Judgement.INACCURACY
    assert mistake.judgement is Judgement.MISTAKE


def test_game_accuracy_perfect_and_with_a_blunder() -> None:
    flat = [50.0] * 21
    assert game_accuracy(flat, chess.WHITE, chess.WHITE) == pytest.approx(100, abs=0.1)
    blundered = [50.0] * 10 + [80.0] * 11  # move 9 (from position 9 to 10) is Black's: White's chances jump
    assert game_accuracy(blundered, chess.WHITE, chess.WHITE) == pytest.approx(100, abs=0.1)
    black = game_accuracy(blundered, chess.WHITE, chess.BLACK)
    assert black is not None and black < 90  # one awful move among ten weighs heavily (harmonic mean)
    assert game_accuracy([50.0], chess.WHITE, chess.WHITE) is None


def test_terminal_positions_need_no_engine() -> None:
    mate = chess.Board("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
    assert terminal_eval(mate).score.white() == chess.engine.Mate(0)  # type: ignore[union-attr]
    assert terminal_eval(chess.Board()) is None


PGN = """[Event "?"]
[Result "*"]

{ [%eval 0.2] } 1. e4 { [%eval 0.3] } 1... e5 { [%eval 0.3] } 2. Nf3 { [%eval 0.3] }
2... Qg5 $4 { [%eval 8.0] Best was Nc6 }
3. d3 $4 { [%eval -0.5] Best was Nxg5 } 3... Qd8 $2 { [%eval 0.2] } 4. Nc3 $6 { [%eval -0.1] } *
"""


def test_summary_and_mistake_navigation_from_a_loaded_pgn() -> None:
    game = chess.pgn.read_game(io.StringIO(PGN))
    assert game is not None
    summary = summarize(game)
    assert (summary[chess.WHITE].blunders, summary[chess.WHITE].inaccuracies) == (1, 1)
    assert (summary[chess.BLACK].blunders, summary[chess.BLACK].mistakes) == (1, 1)
    white, black = summary[chess.WHITE].accuracy, summary[chess.BLACK].accuracy
    assert white is not None and black is not None and 0 < white < 100 and 0 < black < 100
    assert error_plies(game, chess.WHITE) == [5, 7]
    assert error_plies(game, chess.BLACK) == [4, 6]
    assert next_error_ply(game, chess.WHITE, 0) == 5
    assert next_error_ply(game, chess.WHITE, 5) == 7
    assert next_error_ply(game, chess.WHITE, 7) == 5  # wraps round
    assert next_error_ply(chess.pgn.Game(), chess.WHITE, 0) is None


def test_either_sides_next_error_and_a_lichess_export_without_a_start_eval() -> None:
    game = chess.pgn.read_game(io.StringIO(PGN.replace("{ [%eval 0.2] } 1. e4", "1. e4")))
    assert game is not None and game.eval() is None
    assert next_error_ply(game, None, 4) == 5
    assert next_error_ply(game, None, 7) == 4
    assert summarize(game)[chess.WHITE].accuracy is not None  # the start position counts as +0.15


def test_taking_a_piece_left_en_prise_is_no_only_move_mark() -> None:
    # 1. e4 c5 2. Nf3 Nc6 3. Bc4 e6 4. d3 d5 5. O-O dxc4: the pawn takes the bishop that White
    # left attacked. It is the only good move, but no one needs a "!" to find it.
    board = chess.Board()
    for uci in ("e2e4", "c7c5", "g1f3", "b8c6", "f1c4", "e7e6", "d2d3", "d7d5", "e1g1"):
        board.push_uci(uci)
    only = PositionEval(_cp(-230, chess.BLACK), best_move="d5c4", second_score=_cp(40, chess.BLACK))
    takes = review_move(board, chess.Move.from_uci("d5c4"), only, PositionEval(_cp(230, chess.WHITE)), 10)
    assert takes.judgement is Judgement.GOOD
    # An undefended piece taken by a stronger one is as obvious: the queen takes a loose knight.
    loose = chess.Board("4k3/8/8/3n4/8/8/8/3QK3 w - - 0 1")
    free = PositionEval(_cp(300), best_move="d1d5", second_score=_cp(0))
    assert review_move(loose, chess.Move.from_uci("d1d5"), free, PositionEval(_cp(300)), 1).judgement is (
        Judgement.GOOD
    )
    # A defender behind the capturer recaptures once the capturer has moved: not a free piece.
    xray = chess.Board("3rk3/8/8/8/3R4/8/3n4/4K3 w - - 0 1")
    covered = PositionEval(_cp(30), best_move="d4d2", second_score=_cp(-300))
    assert review_move(xray, chess.Move.from_uci("d4d2"), covered, PositionEval(_cp(30)), 1).judgement is (
        Judgement.ONLY_MOVE
    )
    # A capture of a defended piece of the same value is no giveaway: the only move keeps its mark.
    trade = chess.Board("4k3/8/4p3/3n4/8/2N5/8/4K3 w - - 0 1")
    hard = PositionEval(_cp(30), best_move="c3d5", second_score=_cp(-300))
    assert review_move(trade, chess.Move.from_uci("c3d5"), hard, PositionEval(_cp(30)), 1).judgement is (
        Judgement.ONLY_MOVE
    )
