"""Learn from your mistakes: which errors are retried, and how a try is judged."""

from __future__ import annotations

import io

import chess
import chess.engine
import chess.pgn
import pytest

from chessgui.game.retry import RETRY_SLACK, RetryOutcome, RetrySession, TryVerdict, retry_positions
from chessgui.game.review import Judgement

PGN = """[Event "?"]
[Result "*"]

1. e4 { [%eval 0.3] } 1... e5 { [%eval 0.3] } 2. Nf3 { [%eval 0.3] }
2... Qg5 $4 { [%eval 8.0] Best was Nc6 }
3. d3 $4 { [%eval -0.5] Best was Nxg5 } 3... Qd8 $2 { [%eval 0.2] Best was Qxg2 } 4. Nc3 $6 { [%eval -0.1] } *
"""


def read(pgn: str) -> chess.pgn.Game:
    game = chess.pgn.read_game(io.StringIO(pgn))
    assert game is not None
    return game


def white_cp(cp: int) -> chess.engine.PovScore:
    return chess.engine.PovScore(chess.engine.Cp(cp), chess.WHITE)


def test_a_side_s_errors_are_retried_in_order_with_their_best_move_and_value() -> None:
    black = retry_positions(read(PGN), chess.BLACK)
    assert [(p.ply, p.judgement) for p in black] == [(4, Judgement.BLUNDER), (6, Judgement.MISTAKE)]
    first = black[0]
    board = chess.Board()
    for uci in ("e2e4", "e7e5", "g1f3"):
        board.push_uci(uci)
    assert first.fen == board.fen() and first.color == chess.BLACK
    assert first.previous == chess.Move.from_uci("g1f3")
    assert first.played == chess.Move.from_uci("d8g5") and first.best == chess.Move.from_uci("b8c6")
    assert first.san(first.best) == "2... Nc6"
    assert first.win_before == pytest.approx(100 - 52.76, abs=0.05)  # Black's view of +0.3
    # White's inaccuracy at move 4 has no "Best was": nothing to judge a try against, so it is left out.
    white = retry_positions(read(PGN), chess.WHITE)
    assert [p.ply for p in white] == [5]
    assert white[0].san(white[0].played) == "3. d3"


def test_the_first_move_s_value_is_the_start_position_s_when_a_pgn_does_not_say() -> None:
    game = read('[Result "*"]\n\n1. f3 $6 { [%eval -0.4] Best was e4 } 1... e5 { [%eval -0.4] } *')
    (position,) = retry_positions(game, chess.WHITE)
    assert position.ply == 1 and position.best == chess.Move.from_uci("e2e4")
    assert position.win_before > 50
    assert retry_positions(game, chess.BLACK) == []


def test_errors_without_a_usable_review_are_left_out() -> None:
    game = read(
        '[Result "*"]\n\n1. e4 { [%eval 0.3] } 1... f6 $2 { [%eval 1.5] Best was Qh4 } '  # illegal advice
        "2. d4 $2 { [%eval 1.0] Best was d4 } "  # "best" is the move played
        "2... g5 $4 { [%eval 9.0] } *"  # no advice at all
    )
    assert retry_positions(game, chess.BLACK) == []
    assert retry_positions(game, chess.WHITE) == []
    assert retry_positions(chess.pgn.Game(), chess.WHITE) == []


def test_a_try_is_judged_against_the_best_move_s_value() -> None:
    (position, _) = retry_positions(read(PGN), chess.BLACK)  # Black to move, worth +0.3 for White
    assert position.quick_verdict(position.best) is TryVerdict.BEST
    assert position.quick_verdict(position.played) is TryVerdict.PLAYED
    other = chess.Move.from_uci("d7d6")
    assert position.quick_verdict(other) is None  # only a search can tell
    assert position.verdict(white_cp(40)) is TryVerdict.GOOD  # a tenth of a pawn worse: as good
    assert position.verdict(white_cp(-100)) is TryVerdict.GOOD  # better than the review thought
    assert position.drop(white_cp(-100)) == 0
    assert position.verdict(white_cp(150)) is TryVerdict.WORSE
    assert position.drop(white_cp(150)) >= RETRY_SLACK
    assert position.verdict(chess.engine.PovScore(chess.engine.Mate(3), chess.WHITE)) is TryVerdict.WORSE
    assert TryVerdict.GOOD.is_found and TryVerdict.BEST.is_found
    assert not TryVerdict.WORSE.is_found and not TryVerdict.PLAYED.is_found


def test_a_try_that_ends_the_game_needs_no_engine() -> None:
    game = read(
        '[SetUp "1"]\n[FEN "k7/8/1K6/8/8/8/8/2Q5 w - - 0 1"]\n[Result "*"]\n\n'
        "{ [%eval #1] } 1. Qc2 $4 { [%eval 9.0] Best was Qc8# } 1... Kb8 *"
    )
    (position,) = retry_positions(game, chess.WHITE)
    assert position.win_before > 97  # a mate counts as the ceiling, as in the review
    assert position.quick_verdict(chess.Move.from_uci("c1c8")) is TryVerdict.BEST
    assert position.quick_verdict(chess.Move.from_uci("c1c7")) is TryVerdict.WORSE  # stalemate: a draw
    assert position.quick_verdict(chess.Move.from_uci("c1g5")) is None


def test_a_session_counts_found_shown_and_skipped_positions() -> None:
    positions = tuple(retry_positions(read(PGN), chess.BLACK))
    session = RetrySession(positions)
    assert session.current() is positions[0] and not session.is_finished()
    session.resolve(RetryOutcome.SHOWN)
    session.resolve(RetryOutcome.FOUND)  # found after the solution was shown: still shown
    session.advance()
    assert session.current() is positions[1]
    session.advance()  # nothing resolved: skipped
    assert session.is_finished() and session.current() is None
    assert session.outcomes == [RetryOutcome.SHOWN, RetryOutcome.SKIPPED]
    session.advance()
    session.resolve(RetryOutcome.FOUND)
    assert session.outcomes == [RetryOutcome.SHOWN, RetryOutcome.SKIPPED]
    assert session.count(RetryOutcome.SKIPPED) == 1 and session.count(RetryOutcome.FOUND) == 0
