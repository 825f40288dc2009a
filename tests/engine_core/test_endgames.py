"""The endgame knowledge added to the network's value (engine.endgames): the mop-up bonus for won
pawnless endings and what it lets the search do, the endgame scale and the fifty-move damping."""

from __future__ import annotations

import chess
import pytest
from engine_test_helpers import random_positions

from engine import Searcher, SearchLimit
from engine.endgames import (
    KBNK_CORNER,
    MOP_UP_CLOSE,
    MOP_UP_EDGE,
    RULE50_SPAN,
    is_mating_ending,
    kbnk_corner,
    mop_up,
    scaled_net_value,
)
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


def corner_bonus(fen: str) -> int:
    pos = position_from_fen(fen)
    return int(kbnk_corner(pos.board, pos.st))


@pytest.mark.parametrize(
    "fen",
    [
        "k7/8/8/8/8/8/8/Q3K3 b - - 0 1",  # a queen against a bare king
        "k7/8/8/8/8/8/8/BB2K3 b - - 0 1",  # two bishops
        "k7/8/8/8/8/8/8/NN2K3 b - - 0 1",  # two knights
        "k7/8/8/8/8/8/P7/BN2K3 b - - 0 1",  # bishop, knight and a pawn
        "k7/8/8/8/8/8/8/BN1QK3 b - - 0 1",  # bishop, knight and a queen
        "k7/p7/8/8/8/8/8/BN2K3 b - - 0 1",  # the defender has a pawn
        "kn6/8/8/8/8/8/8/B3K3 b - - 0 1",  # a bishop against a knight
    ],
)
def test_the_corner_bonus_is_zero_outside_bishop_and_knight_against_a_bare_king(fen: str) -> None:
    assert corner_bonus(fen) == 0


@pytest.mark.parametrize(
    ("bishop", "right", "wrong"),
    [("c1", ("a1", "h8"), ("a8", "h1")), ("f1", ("a8", "h1"), ("a1", "h8"))],  # dark, light
)
def test_the_corner_bonus_drives_the_king_to_a_corner_of_the_bishops_colour(
    bishop: str, right: tuple[str, str], wrong: tuple[str, str]
) -> None:
    def with_king(square: str) -> int:
        board = chess.Board(None)
        board.set_piece_at(chess.parse_square(square), chess.Piece(chess.KING, chess.BLACK))
        board.set_piece_at(chess.E4, chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(chess.parse_square(bishop), chess.Piece(chess.BISHOP, chess.WHITE))
        board.set_piece_at(chess.D2, chess.Piece(chess.KNIGHT, chess.WHITE))
        board.turn = chess.BLACK  # the bishop may give check
        return corner_bonus(board.fen())

    close = {"a1": 7 - 4, "h8": 7 - 4, "a8": 7 - 4, "h1": 7 - 3}  # Chebyshev distance to e4
    for square in right:
        assert with_king(square) == KBNK_CORNER * 7 + MOP_UP_CLOSE * close[square]
    for square in wrong:
        assert with_king(square) == MOP_UP_CLOSE * close[square]
    # Along the edge from the wrong corner to the right one the bonus grows at each step.
    file_a = [with_king(f"a{rank}") - MOP_UP_CLOSE * (7 - max(4, abs(rank - 4))) for rank in range(1, 9)]
    assert file_a == sorted(file_a, reverse=bishop == "c1") and len(set(file_a)) == 8


def test_the_corner_bonus_is_colour_symmetric() -> None:
    board = chess.Board("8/8/8/3k4/8/8/2N5/1B2K3 w - - 0 1")
    assert corner_bonus(board.fen()) > 0
    assert corner_bonus(board.mirror().fen()) == -corner_bonus(board.fen())


@pytest.mark.parametrize("features", [LEVEL_FEATURES, ALL_FEATURES])
@pytest.mark.parametrize("fen", ["8/8/8/3k4/8/8/2N5/1B2K3 w - - 0 1", "1b2k3/2n5/8/8/3K4/8/8/8 w - - 0 1"])
def test_both_evaluations_get_the_corner_bonus(features: int, fen: str) -> None:
    pos = position_from_fen(fen)
    weights = WEIGHTS if features & FEATURE_FULL_EVAL else LEVEL_WEIGHTS
    white_bonus = corner_bonus(fen)
    assert white_bonus != 0
    expected = white_bonus if chess.Board(fen).turn == chess.WHITE else -white_bonus
    assert int(position_eval(pos.board, pos.st, features)) == int(evaluate_with(pos.board, pos.st, weights)) + expected


@pytest.mark.parametrize(
    "fen",
    [
        "8/3N4/8/8/1B3K2/8/8/1k6 w - - 0 1",  # drawn by the fifty-move rule against Stockfish before
        "8/3N4/8/8/4K2B/8/8/2k5 w - - 0 1",  # the same, a light bishop
        "8/8/8/3k4/8/8/2N5/1B2K3 w - - 0 1",  # the weak king in the centre
        "1b2k3/2n5/8/8/3K4/8/8/8 b - - 0 1",  # the previous one with the colours reversed
    ],
)
def test_the_engine_mates_with_bishop_and_knight(fen: str) -> None:
    """Both sides played by the engine at a fixed depth; without the corner bonus each of these
    was drawn by the fifty-move rule, the defending king safe in the wrong corner."""
    board = chess.Board(fen)
    searcher = Searcher(hash_mb=8)
    moves: list[str] = []
    while not board.is_game_over(claim_draw=True):
        result = searcher.search(fen, moves, limit=SearchLimit(depth=8))
        assert result.best_move is not None
        board.push_uci(result.best_move)
        moves.append(result.best_move)
    assert board.is_checkmate(), board.fen()


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
