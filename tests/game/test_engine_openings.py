"""Opening lines for varied computer-vs-computer games."""

from __future__ import annotations

import itertools
import random

import chess

from chessgui.game.openings import OPENINGS, opening_series, random_opening


def test_every_opening_is_legal_short_and_ongoing() -> None:
    for opening in OPENINGS:
        board = chess.Board()
        for uci in opening.moves:
            move = chess.Move.from_uci(uci)
            assert move in board.legal_moves, (opening.name, uci)
            board.push(move)
        assert 4 <= len(opening.moves) <= 8, opening.name
        assert not board.is_game_over()
    assert len({opening.moves for opening in OPENINGS}) == len(OPENINGS)


def test_random_opening_is_reproducible_with_a_seed_and_varies() -> None:
    assert random_opening(random.Random(7)) == random_opening(random.Random(7))
    rng = random.Random(1)
    assert len({tuple(random_opening(rng)) for _ in range(30)}) > 5


def test_opening_series_uses_each_line_before_repeating() -> None:
    first_round = list(itertools.islice(opening_series(random.Random(3)), len(OPENINGS)))
    assert sorted(o.name for o in first_round) == sorted(o.name for o in OPENINGS)
