"""Short, varied opening lines so computer-vs-computer games do not repeat.

Two deterministic engines playing from the start position play the same game
every time. "Next game" starts each new game from one of these well-known
lines (4–8 plies, roughly balanced), picked at random.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

import chess

from chessgui.game.players import GoRequest


@dataclass(frozen=True, slots=True)
class Opening:
    """A named opening line."""

    name: str
    """Common English name, e.g. "Sicilian Defence: Najdorf"."""
    moves: tuple[str, ...]
    """UCI moves from the standard starting position."""

    def board(self) -> chess.Board:
        """The position after the line."""
        return GoRequest(0, chess.STARTING_FEN, self.moves).board()


def _line(name: str, moves: str) -> Opening:
    return Opening(name, tuple(moves.split()))


OPENINGS: tuple[Opening, ...] = (
    _line("Ruy Lopez", "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6"),
    _line("Ruy Lopez: Berlin Defence", "e2e4 e7e5 g1f3 b8c6 f1b5 g8f6"),
    _line("Italian Game", "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5"),
    _line("Two Knights Defence", "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6"),
    _line("Scotch Game", "e2e4 e7e5 g1f3 b8c6 d2d4 e5d4 f3d4"),
    _line("Petrov Defence", "e2e4 e7e5 g1f3 g8f6 f3e5 d7d6"),
    _line("Vienna Game", "e2e4 e7e5 b1c3 g8f6"),
    _line("King's Gambit Accepted", "e2e4 e7e5 f2f4 e5f4"),
    _line("Sicilian Defence: Najdorf", "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6"),
    _line("Sicilian Defence: Taimanov", "e2e4 c7c5 g1f3 e7e6 d2d4 c5d4 f3d4 b8c6"),
    _line("Sicilian Defence: Alapin", "e2e4 c7c5 c2c3 g8f6"),
    _line("Sicilian Defence: Closed", "e2e4 c7c5 b1c3 b8c6 g2g3"),
    _line("French Defence: Winawer", "e2e4 e7e6 d2d4 d7d5 b1c3 f8b4"),
    _line("French Defence: Advance", "e2e4 e7e6 d2d4 d7d5 e4e5 c7c5"),
    _line("Caro-Kann Defence", "e2e4 c7c6 d2d4 d7d5 b1c3 d5e4 c3e4"),
    _line("Caro-Kann Defence: Advance", "e2e4 c7c6 d2d4 d7d5 e4e5 c8f5"),
    _line("Scandinavian Defence", "e2e4 d7d5 e4d5 d8d5 b1c3 d5a5"),
    _line("Pirc Defence", "e2e4 d7d6 d2d4 g8f6 b1c3 g7g6"),
    _line("Alekhine Defence", "e2e4 g8f6 e4e5 f6d5 d2d4 d7d6"),
    _line("Queen's Gambit Declined", "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6"),
    _line("Queen's Gambit Accepted", "d2d4 d7d5 c2c4 d5c4 g1f3 g8f6"),
    _line("Slav Defence", "d2d4 d7d5 c2c4 c7c6 g1f3 g8f6"),
    _line("London System", "d2d4 d7d5 c1f4 g8f6 e2e3 c7c5"),
    _line("King's Indian Defence", "d2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6"),
    _line("Grünfeld Defence", "d2d4 g8f6 c2c4 g7g6 b1c3 d7d5"),
    _line("Nimzo-Indian Defence", "d2d4 g8f6 c2c4 e7e6 b1c3 f8b4"),
    _line("Queen's Indian Defence", "d2d4 g8f6 c2c4 e7e6 g1f3 b7b6"),
    _line("Catalan Opening", "d2d4 g8f6 c2c4 e7e6 g2g3 d7d5"),
    _line("Dutch Defence", "d2d4 f7f5 g2g3 g8f6 f1g2 e7e6"),
    _line("Benoni Defence", "d2d4 g8f6 c2c4 c7c5 d4d5 e7e6"),
    _line("English Opening: Symmetrical", "c2c4 c7c5 b1c3 b8c6 g2g3 g7g6"),
    _line("English Opening: Reversed Sicilian", "c2c4 e7e5 b1c3 g8f6 g2g3"),
    _line("Réti Opening", "g1f3 d7d5 c2c4 e7e6 g2g3"),
    _line("King's Indian Attack", "g1f3 d7d5 g2g3 g8f6 f1g2 c7c5"),
)
"""The lines "next game" picks from; every one is legal (checked by the tests)."""


def random_opening_line(rng: random.Random | None = None) -> Opening:
    """A random :class:`Opening` (pass a seeded ``rng`` for reproducible series)."""
    return (rng or random.Random()).choice(OPENINGS)


def random_opening(rng: random.Random | None = None) -> list[str]:
    """The UCI moves of a random opening line, ready to play from the starting position."""
    return list(random_opening_line(rng).moves)


def opening_series(rng: random.Random | None = None) -> Iterator[Opening]:
    """Endless openings, each line used once before any repeats (a shuffled deck, reshuffled)."""
    rng = rng or random.Random()
    while True:
        deck = list(OPENINGS)
        rng.shuffle(deck)
        yield from deck
