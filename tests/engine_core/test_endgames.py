"""The endgame knowledge added to the network's value (engine.endgames): the mop-up bonus for won
pawnless endings and what it lets the search do, the endgame scale and the fifty-move damping."""

from __future__ import annotations

import chess
import pytest
from engine_test_helpers import random_positions

from engine import Searcher, SearchLimit
from engine.endgames import MOP_UP_CLOSE, MOP_UP_EDGE, RULE50_SPAN, is_mating_ending, mop_up, scaled_net_value
from engine.eval_weights import WEIGHTS
from engine.evaluate import evaluate_with
from engine.fen import position_from_board, position_from_fen
from engine.level_weights import LEVEL_WEIGHTS
from engine.nnue import nnue_evaluate, position_eval
from engine.scaling import SCALE_NORMAL, SCALE_OCB_PURE
from engine.searchstate import ALL_FEATURES, FEATURE_FULL_EVAL, LEVEL_FEATURES


def bonus(fen: str) -> int:
    return int(mop_up(position_from_fen(fen).st))


@pytest.mark.parametrize(
    "fen",
    [
        chess.STARTING_FEN,
        "8/8/2n5/3k4/8/8/8/R3K3 w - - 0 1",  # a rook against a knight: a draw, left alone
        "8/8/2n5/3k4/3p4/8/8/Q3K3 w - - 0 1",  # the defender has a pawn
        "8/8/2nb4/3k4/8/8/8/Q3K3 w - - 0 1",  # two minors: more than one piece to hold
    ],
)
def test_mop_up_is_zero_outside_its_endings(fen: str) -> None:
    assert bonus(fen) == 0


def test_the_attackers_own_pawns_keep_the_bonus() -> None:
    assert bonus("8/8/2n5/3k4/8/3P4/8/Q3K3 w - - 0 1") == bonus("8/8/2n5/3k4/8/8/8/Q3K3 w - - 0 1") > 0


def test_mop_up_drives_the_weak_king_to_the_edge_and_the_kings_together() -> None:
    centre = bonus("8/8/2n5/3k4/8/8/8/Q3K3 w - - 0 1")  # weak king on d5 (a centre square), 4 ranks from e1
    corner = bonus("k7/8/2n5/8/8/8/8/1Q2K3 w - - 0 1")  # weak king in the corner, 7 ranks away
    near = bonus("8/8/2n5/3k4/8/3K4/8/Q7 w - - 0 1")  # weak king on d5, the kings 2 ranks apart
    assert centre == MOP_UP_EDGE * 0 + MOP_UP_CLOSE * (7 - 4)
    assert corner == MOP_UP_EDGE * 6 + MOP_UP_CLOSE * 0
    assert near == MOP_UP_EDGE * 0 + MOP_UP_CLOSE * (7 - 2)


def test_mop_up_is_colour_symmetric() -> None:
    white = chess.Board("8/8/2n5/3k4/8/8/8/Q3K3 w - - 0 1")
    assert bonus(white.fen()) > 0
    assert bonus(white.mirror().fen()) == -bonus(white.fen())


def test_the_engine_wins_a_queen_against_a_knight() -> None:
    """Both sides played by the engine at a fixed depth; before the mop-up bonus the attacker
    shuffled its queen until the fifty-move rule (docs/strength.md)."""
    board = chess.Board("8/8/2n5/3k4/8/8/8/Q3K3 w - - 0 1")
    searcher = Searcher(hash_mb=8)
    moves: list[str] = []
    while len(moves) < 100 and not board.is_game_over(claim_draw=True):
        if not board.pieces(chess.KNIGHT, chess.BLACK):
            break
        result = searcher.search("8/8/2n5/3k4/8/8/8/Q3K3 w - - 0 1", moves, limit=SearchLimit(depth=8))
        assert result.best_move is not None
        board.push_uci(result.best_move)
        moves.append(result.best_move)
    assert not board.pieces(chess.KNIGHT, chess.BLACK) or board.is_checkmate(), board.fen()


def scaled(fen: str) -> tuple[int, int]:
    """The network's raw value and its scaled one, side to move's view."""
    pos = position_from_fen(fen)
    raw = int(nnue_evaluate(pos.board, pos.st))
    return raw, int(scaled_net_value(pos.board, pos.st, raw))


def test_the_fifty_move_counter_damps_the_value() -> None:
    fen = "r3k3/pp6/8/8/8/8/PP6/R3K2R w - - {} 60"
    raw, fresh = scaled(fen.format(0))
    assert fresh == raw
    for clock in (20, 60, 99):
        assert scaled(fen.format(clock)) == (raw, raw * (RULE50_SPAN - clock) // RULE50_SPAN)


def test_opposite_coloured_bishops_scale_the_value() -> None:
    fen = "8/4k3/4p3/3pb3/3P4/4PB2/5K2/8 w - - 0 60"  # bishops on e5 (dark) and f3 (light)
    raw, value = scaled(fen)
    assert raw != 0 and value == raw * int(WEIGHTS[SCALE_OCB_PURE]) // SCALE_NORMAL


def test_known_draws_score_zero_and_pawnless_edges_almost() -> None:
    assert scaled("8/8/8/8/8/2k5/8/KB6 w - - 0 60")[1] == 0  # a lone minor cannot win
    raw, value = scaled("8/8/4k3/8/8/2K4b/8/R7 w - - 0 60")  # a rook against a bishop
    assert abs(value) <= abs(raw) // 16


def test_the_scaled_value_is_colour_symmetric() -> None:
    for board in random_positions(60, seed=23):
        pos = position_from_board(board)
        twin = position_from_board(board.mirror())
        assert scaled_net_value(pos.board, pos.st, int(nnue_evaluate(pos.board, pos.st))) == scaled_net_value(
            twin.board, twin.st, int(nnue_evaluate(twin.board, twin.st))
        )


@pytest.mark.parametrize("features", [LEVEL_FEATURES, LEVEL_FEATURES | FEATURE_FULL_EVAL])
@pytest.mark.parametrize(
    "fen",
    [
        "8/8/2n5/3k4/8/8/8/Q3K3 w - - 0 1",
        "1k6/8/2b5/8/8/8/8/Q3K3 b - - 0 1",
        "q3k3/8/8/8/8/2N5/8/1K6 w - - 0 1",  # the colours reversed
        "r3k3/pp6/8/8/8/8/PP6/R3K2R w - - 0 1",  # no mop-up ending: the bonus is 0
    ],
)
def test_the_levels_evaluation_gets_the_mop_up_bonus(features: int, fen: str) -> None:
    """The playing levels evaluate by hand; its king tables alone left them shuffling a queen
    against a minor piece until the fifty-move rule (docs/levels.md)."""
    pos = position_from_fen(fen)
    weights = WEIGHTS if features & FEATURE_FULL_EVAL else LEVEL_WEIGHTS
    hand = int(evaluate_with(pos.board, pos.st, weights))
    white_bonus = bonus(fen)
    expected = white_bonus if chess.Board(fen).turn == chess.WHITE else -white_bonus
    assert int(position_eval(pos.board, pos.st, features)) == hand + expected


def test_against_a_bare_king_the_hand_written_evaluation_is_left_alone() -> None:
    """Full strength finds those mates by search; the bonus there lost its way in a queen
    against a knight (test_the_engine_wins_a_queen_against_a_knight)."""
    pos = position_from_fen("1k6/8/8/8/8/8/8/Q3K3 b - - 0 1")
    assert position_eval(pos.board, pos.st, LEVEL_FEATURES) == evaluate_with(pos.board, pos.st, LEVEL_WEIGHTS)
    assert position_eval(pos.board, pos.st, ALL_FEATURES) == evaluate_with(pos.board, pos.st, WEIGHTS)


@pytest.mark.parametrize(
    ("fen", "mating"),
    [
        ("8/8/8/3k4/8/8/8/R3K3 w - - 0 1", True),  # a rook against a bare king
        ("8/8/2n5/3k4/8/8/8/Q3K3 b - - 0 1", True),
        ("q3k3/8/8/8/8/2N5/8/1K6 w - - 0 1", True),  # the colours reversed
        ("8/8/2n5/3k4/8/8/8/R3K3 w - - 0 1", False),  # a rook against a knight: a draw
        ("8/8/2n5/3k4/3p4/8/8/Q3K3 w - - 0 1", False),  # the defender has a pawn
        ("8/8/8/3k4/8/8/8/B2NK3 w - - 0 1", True),  # bishop and knight: technique too
        ("8/8/8/3k4/8/8/8/N3K3 w - - 0 1", False),  # a knight cannot mate
        (chess.STARTING_FEN, False),
    ],
)
def test_mating_endings(fen: str, mating: bool) -> None:
    assert bool(is_mating_ending(position_from_fen(fen).st)) is mating
