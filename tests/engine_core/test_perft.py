"""Move generator correctness: perft against published counts and python-chess."""

from __future__ import annotations

import random

import chess
import pytest

from engine import perft
from engine.bench import python_chess_perft
from engine.perft import perft_divide

# The six standard positions (Chess Programming Wiki, "Perft Results").
STANDARD = [
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5, 4_865_609),
    ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 4_085_603),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674_624),
    ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4, 422_333),
    ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 4, 2_103_487),
    ("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 4, 3_894_594),
]


@pytest.mark.parametrize(("fen", "depth", "expected"), STANDARD)
def test_standard_perft_positions(fen: str, depth: int, expected: int) -> None:
    assert perft(fen, depth) == expected


def test_mirrored_position_4_and_shallow_depths() -> None:
    # Position 4 mirrored (Black to move) has the same counts.
    fen = "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1"
    assert [perft(fen, d) for d in (1, 2, 3)] == [6, 264, 9467]
    assert perft(chess.STARTING_FEN, 0) == 1


def test_en_passant_pinned_pawn_cases() -> None:
    # The capturing pawn and the captured pawn both leave the rank: exposes the king.
    for fen in ("8/8/8/KPp4r/8/8/8/7k w - c6 0 2", "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1"):
        board = chess.Board(fen)
        for depth in (1, 2, 3):
            assert perft(fen, depth) == python_chess_perft(board, depth), (fen, depth)


def test_divide_matches_python_chess() -> None:
    fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    board = chess.Board(fen)
    expected = []
    for move in board.legal_moves:
        board.push(move)
        expected.append((move.uci(), python_chess_perft(board, 1)))
        board.pop()
    assert perft_divide(fen, 2) == sorted(expected)


def _random_positions(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    fens = []
    while len(fens) < count:
        board = chess.Board()
        for _ in range(rng.randint(4, 120)):
            moves = list(board.legal_moves)
            if not moves:
                break
            # Prefer captures and promotions now and then so that endgames show up.
            noisy = [m for m in moves if board.is_capture(m) or m.promotion]
            board.push(rng.choice(noisy if noisy and rng.random() < 0.4 else moves))
        fens.append(board.fen())
    return fens


def test_perft3_matches_python_chess_on_random_positions() -> None:
    fens = _random_positions(320, seed=20240601)
    assert len(set(fens)) > 300
    mismatches = []
    for fen in fens:
        ours = perft(fen, 3)
        theirs = python_chess_perft(chess.Board(fen), 3)
        if ours != theirs:
            mismatches.append((fen, ours, theirs))
    assert not mismatches, mismatches[:5]
