"""Static exchange evaluation (engine.see) on known positions, and its uses in move ordering."""

from __future__ import annotations

import numpy as np
import pytest

from engine.fen import position_from_fen
from engine.movegen import gen_moves
from engine.ordering import (
    SCORE_BAD_CAPTURE,
    SCORE_BAD_CAPTURE_MAX,
    SCORE_CAPTURE,
    pick_move,
    pick_move_see,
    score_moves,
)
from engine.params import SEE_VALUE
from engine.position import BISHOP, KNIGHT, PAWN, QUEEN, ROOK, move_to_uci
from engine.see import see_ge

P, N, B, R, Q = (int(SEE_VALUE[t]) for t in (PAWN, KNIGHT, BISHOP, ROOK, QUEEN))


def _move(fen: str, uci: str) -> tuple[np.ndarray, int]:
    pos = position_from_fen(fen)
    buf = np.zeros(256, dtype=np.int32)
    n = gen_moves(pos.board, pos.st, buf, False)
    for m in buf[:n]:
        if move_to_uci(int(m)) == uci:
            return pos.board, int(m)
    raise AssertionError(f"{uci} is not a move in {fen}")


def see_value(fen: str, uci: str) -> int:
    """The exact exchange value: the largest threshold see_ge accepts (binary search)."""
    board, move = _move(fen, uci)
    before = board.copy()
    lo, hi = -30_000, 30_000
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if see_ge(board, move, mid):
            lo = mid
        else:
            hi = mid - 1
        assert np.array_equal(board, before), "see_ge must leave the board as it found it"
    return lo


@pytest.mark.parametrize(
    ("fen", "uci", "expected"),
    [
        # Rook takes a pawn defended by nothing.
        ("1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5", P),
        # Knight takes a pawn defended by pawn... the classic x-ray sequence: N for P.
        ("1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1", "d3e5", P - N),
        # Queen takes a pawn defended by a pawn.
        ("4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1", "d2d5", P - Q),
        # Equal trade: knight takes a bishop defended by a pawn.
        ("4k3/8/2p5/3b4/8/4N3/8/4K3 w - - 0 1", "e3d5", B - N),
        # Quiet move onto a square attacked by a pawn hangs the piece.
        ("4k3/8/2p5/8/8/8/8/3RK3 w - - 0 1", "d1d5", -R),
        # Quiet move onto a safe square.
        ("4k3/8/8/8/8/8/8/3RK3 w - - 0 1", "d1d5", 0),
    ],
)
def test_see_simple_exchanges(fen: str, uci: str, expected: int) -> None:
    assert see_value(fen, uci) == expected


def test_see_counts_x_rays_behind_the_capturing_piece() -> None:
    # Re2xe5, ...Re8xe5, Re1xe5: the doubled rook makes the pawn free (Black does not recapture).
    doubled = "4r1k1/8/8/4p3/8/8/4R3/4R1K1 w - - 0 1"
    assert see_value(doubled, "e2e5") == P
    # Without the rook behind, Black's rook wins the exchange.
    single = "4r1k1/8/8/4p3/8/8/4R3/6K1 w - - 0 1"
    assert see_value(single, "e2e5") == P - R
    # A queen behind a bishop on the diagonal also joins in (x-ray through the first attacker).
    battery = "6k1/8/2n5/8/4B3/5Q2/8/6K1 w - - 0 1"  # c6 defended by nothing: simply a knight
    assert see_value(battery, "e4c6") == N
    defended = "6k1/1p6/2n5/8/4B3/5Q2/8/6K1 w - - 0 1"  # Bxc6 bxc6 Qxc6: N + P - B
    assert see_value(defended, "e4c6") == N - B + P


def test_see_lets_the_king_recapture_only_when_the_square_is_not_defended() -> None:
    guarded = "8/8/4k3/3p4/8/5Q2/8/3R2K1 w - - 0 1"  # Qxd5: Kxd5 is illegal, the rook guards d5
    assert see_value(guarded, "f3d5") == P
    unguarded = "8/8/4k3/3p4/8/5Q2/8/6K1 w - - 0 1"
    assert see_value(unguarded, "f3d5") == P - Q


def test_see_en_passant_wins_a_pawn_and_opens_the_file() -> None:
    assert see_value("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6") == P
    # ...Rd8xd6 is answered by Rd1xd6 through the square the captured pawn left: Black keeps the rook.
    assert see_value("3rk3/8/8/3pP3/8/8/8/3RK3 w - d6 0 1", "e5d6") == P
    # Without the white rook the pawn is lost back.
    assert see_value("3rk3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6") == 0


def test_see_counts_promotions() -> None:
    assert see_value("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q") == Q - P
    # Capture-promotion, then the king takes the new queen.
    assert see_value("1rk5/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8q") == R + Q - P - Q
    # An under-promotion risks only the knight.
    assert see_value("1rk5/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8n") == R + N - P - N


def test_see_castling_is_even() -> None:
    assert see_value("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1") == 0


def test_see_for_black() -> None:
    # Black pawn takes a knight defended by a pawn: N - P.
    assert see_value("4k3/8/8/3p4/4N3/5P2/8/4K3 b - - 0 1", "d5e4") == N - P
    # Black queen takes a pawn defended by a knight.
    assert see_value("4k3/4q3/8/8/8/2N5/4P3/K7 b - - 0 1", "e7e2") == P - Q


def _picked(fen: str, see_ordering: bool) -> list[tuple[str, int]]:
    pos = position_from_fen(fen)
    buf = np.zeros(256, dtype=np.int32)
    scores = np.zeros(256, dtype=np.int32)
    n = gen_moves(pos.board, pos.st, buf, False)
    history, cont_hist = np.zeros((17, 120), dtype=np.int64), np.zeros((1024, 1024), dtype=np.int16)
    score_moves(pos.board, buf, scores, 0, n, 0, 0, 0, 0, history, cont_hist, 0, 0)
    picked = []
    for i in range(n):
        move = pick_move_see(pos.board, buf, scores, i, n) if see_ordering else pick_move(buf, scores, i, n)
        picked.append((move_to_uci(move), int(scores[i])))
    return picked


def test_losing_captures_are_picked_after_quiet_moves() -> None:
    # Qd2xd5 loses the queen to c6xd5, Qd2xa5 wins a pawn; the other moves are quiet.
    fen = "4k3/8/2p5/p2p4/8/8/3Q4/4K3 w - - 0 1"
    picked = _picked(fen, True)
    assert picked[0][0] == "d2a5"
    assert picked[-1][0] == "d2d5"
    assert SCORE_BAD_CAPTURE <= picked[-1][1] < SCORE_BAD_CAPTURE_MAX
    assert all(score >= SCORE_BAD_CAPTURE_MAX for _, score in picked[:-1])
    # Without SEE ordering both are ordinary MVV-LVA captures, ahead of every quiet move.
    picked = _picked(fen, False)
    assert [uci for uci, _ in picked[:2]] == ["d2d5", "d2a5"]
    assert picked[1][1] > SCORE_CAPTURE
