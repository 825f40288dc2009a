"""Opening names: the ECO code and name of a position, e.g. "C50 Italian Game".

The table (``resources/eco/eco.tsv.gz``, built from Scid's ECO file by
``packaging/make_eco.py``) is keyed by position (EPD), so a game that reaches
a named position by another move order is named too. A game is named after the
last position along its moves that has a name: after 1. e4 e5 2. Nf3 Nc6
3. Bc4 Bc5 4. h3 it is still the Giuoco Piano.
"""

from __future__ import annotations

import gzip
import itertools
import logging
import threading
import zlib
from collections.abc import Iterable
from dataclasses import dataclass

import chess

from chessgui.resources_path import MissingResourceError, read_resource

_log = logging.getLogger(__name__)

ECO_PARTS = ("eco", "eco.tsv.gz")
"""Where the table lives inside ``chessgui.resources``."""

NAMED_PLIES_MAX = 40
"""How deep a game is searched for named positions: Scid's longest line is 36 plies, and a few
more let a slower move order reach one of its positions."""

NAMED_GAP_MAX = 13
"""The longest run of unnamed plies between two named positions of one of Scid's lines
(measured on scid.eco: 13, once; 7,632 of its 10,360 lines have none)."""


@dataclass(frozen=True, slots=True)
class OpeningName:
    """An opening's classification."""

    eco: str
    """The ECO code, e.g. "C50"."""
    name: str
    """The name, e.g. "Italian Game"."""

    def __str__(self) -> str:
        return f"{self.eco} {self.name}"


class OpeningNames:
    """Position (EPD) -> :class:`OpeningName`."""

    def __init__(self, table: dict[str, OpeningName]) -> None:
        self._table = table

    @classmethod
    def from_tsv(cls, text: str) -> OpeningNames:
        """Parse ``EPD<TAB>ECO<TAB>name`` lines (malformed lines are skipped)."""
        table: dict[str, OpeningName] = {}
        for line in text.splitlines():
            parts = line.split("\t")
            if len(parts) == 3 and parts[0] and parts[1]:
                table.setdefault(parts[0], OpeningName(parts[1], parts[2]))
        return cls(table)

    def __len__(self) -> int:
        return len(self._table)

    def of_position(self, board: chess.Board) -> OpeningName | None:
        """The name of exactly this position, if it has one."""
        return self._table.get(board.epd())

    def of_game(self, board: chess.Board) -> OpeningName | None:
        """The name of the last named position along ``board``'s moves (the current one first)."""
        if not self._table:
            return None
        probe = board.copy()
        while True:
            found = self.of_position(probe)
            if found is not None:
                return found
            if not probe.move_stack:
                return None
            probe.pop()

    def of_line(self, board: chess.Board, moves: Iterable[chess.Move]) -> OpeningName | None:
        """The name of the last named position reached by ``moves`` from ``board``.

        A game in a list of thousands should cost no more than its opening: the walk ends
        after :data:`NAMED_PLIES_MAX` moves, or once :data:`NAMED_GAP_MAX` moves in a row
        have reached no named position (the game has left the table's lines).
        """
        if not self._table:
            return None
        probe = board.copy(stack=False)
        found = None
        unnamed = 0
        for move in itertools.islice(moves, NAMED_PLIES_MAX):
            probe.push(move)
            named = self.of_position(probe)
            if named is not None:
                found, unnamed = named, 0
            else:
                unnamed += 1
                if unnamed > NAMED_GAP_MAX:
                    break
        return found


_shared: OpeningNames | None = None
_shared_lock = threading.Lock()


def opening_names() -> OpeningNames:
    """The shipped table, read once; an empty table (and a logged warning) if it is missing or damaged."""
    global _shared
    with _shared_lock:
        if _shared is None:
            try:
                text = gzip.decompress(read_resource(*ECO_PARTS)).decode("utf-8")
                _shared = OpeningNames.from_tsv(text)
            # zlib.error: a gzip header over a broken deflate stream (not an OSError).
            except (MissingResourceError, OSError, EOFError, UnicodeDecodeError, zlib.error) as error:
                _log.warning("Opening names are not available: %s", error)
                _shared = OpeningNames({})
        return _shared


def classify(board: chess.Board) -> OpeningName | None:
    """The opening name for the game that led to ``board`` (see :meth:`OpeningNames.of_game`)."""
    return opening_names().of_game(board)
