"""The mop-up bonus for won pawnless endings (engine.endgames) and what it lets the search do."""

from __future__ import annotations

import chess
import pytest

from engine import Searcher, SearchLimit
from engine.endgames import MOP_UP_CLOSE, MOP_UP_EDGE, mop_up
from engine.fen import position_from_fen


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
