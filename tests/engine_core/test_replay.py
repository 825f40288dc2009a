"""GameReplay: the incremental position_from_game gives the very same positions and errors."""

from __future__ import annotations

import random

import chess
import numpy as np
import pytest

from engine.api import IllegalMoveError, InvalidFenError
from engine.fen import Position, position_from_game
from engine.replay import GameReplay

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def same(a: Position, b: Position) -> bool:
    return all(
        np.array_equal(x, y) for x, y in ((a.board, b.board), (a.st, b.st), (a.hashes, b.hashes), (a.undo, b.undo))
    )


def random_game(fen: str, plies: int, rng: random.Random) -> list[str]:
    board = chess.Board(fen)
    while board.ply() < plies and not board.is_game_over():
        board.push(rng.choice(list(board.legal_moves)))
    return [move.uci() for move in board.move_stack]


@pytest.mark.parametrize("seed", range(4))
def test_growing_games_takebacks_and_new_games_give_the_same_positions(seed: int) -> None:
    rng = random.Random(seed)
    replay = GameReplay()
    for fen in (chess.STARTING_FEN, KIWIPETE, chess.STARTING_FEN):
        moves = random_game(fen, 120, rng)
        n = 0
        while n <= len(moves):
            got = replay.position(fen, moves[:n])
            assert same(got, position_from_game(fen, moves[:n])), (fen, n)
            assert same(replay.position(fen, moves[:n]), got)  # the same list again
            n += rng.choice((1, 2, 2, 2, -3)) if n > 3 else 1  # mostly a move or two on, now and then a takeback


def test_the_position_handed_out_is_a_copy() -> None:
    replay = GameReplay()
    first = replay.position(chess.STARTING_FEN, ["e2e4"])
    first.board[:] = 0
    first.st[:] = 0
    assert same(replay.position(chess.STARTING_FEN, ["e2e4"]), position_from_game(chess.STARTING_FEN, ["e2e4"]))


def test_bad_input_raises_like_position_from_game_and_leaves_no_half_cache() -> None:
    replay = GameReplay()
    replay.position(chess.STARTING_FEN, ["e2e4", "e7e5"])
    with pytest.raises(IllegalMoveError, match="illegal move 'e1e3'"):
        replay.position(chess.STARTING_FEN, ["e2e4", "e7e5", "g1f3", "b8c6", "e1e3"])
    with pytest.raises(IllegalMoveError, match="malformed move 'zz'"):
        replay.position(chess.STARTING_FEN, ["e2e4", "e7e5", "zz"])
    with pytest.raises(InvalidFenError):
        replay.position("not a fen", [])
    moves = ["e2e4", "e7e5", "g1f3"]
    assert same(replay.position(chess.STARTING_FEN, moves), position_from_game(chess.STARTING_FEN, moves))


def test_a_long_reversible_tail_grows_move_by_move_to_the_same_position() -> None:
    # A shuffling endgame: 95 plies without a capture or a pawn move, then a capture.
    fen = "8/5k2/8/8/8/8/2K5/R6r w - - 0 60"
    board, moves, rng = chess.Board(fen), [], random.Random(1)
    while len(moves) < 95:
        board.push(rng.choice([m for m in board.legal_moves if not board.is_capture(m)]))
        moves.append(board.peek().uci())
    replay = GameReplay()
    for k in range(len(moves) + 1):
        assert same(replay.position(fen, moves[:k]), position_from_game(fen, moves[:k])), k
    captures = [m.uci() for m in board.legal_moves if board.is_capture(m)]
    if captures:
        moves.append(captures[0])
        assert same(replay.position(fen, moves), position_from_game(fen, moves))
