"""A check of the user's tablebase directories for the settings dialog: tables found and their problems.

:func:`check_tablebases` opens the directories as the prober does, counts the tables and
probes one sample position per table file, so that a damaged file is reported when the
user picks the directory rather than in the middle of a game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import chess
from PySide6.QtCore import QCoreApplication

from chessgui.storage.tablebase_files import (
    READ_ERRORS,
    expand_dir,
    gaviota_names,
    max_pieces_of,
    resolve_gaviota_dir,
    syzygy_names,
)
from chessgui.storage.tablebases import TablebaseProber, TablebaseSettings

#: At most this many table files of each kind get a sample probe in :func:`check_tablebases`.
MAX_TABLES_CHECKED = 200


@dataclass(frozen=True, slots=True)
class TablebaseReport:
    """What :func:`check_tablebases` found in the user's directories."""

    syzygy_tables: int
    """Syzygy tables (material signatures) found."""
    gaviota_tables: int
    """Gaviota tables found."""
    max_pieces: int
    """Most pieces (kings included) any found table covers; 0 when none."""
    problems: tuple[str, ...]
    """Plain-words problems (missing directory, no tables, damaged files); empty when all is well."""

    def summary(self) -> str:
        """One line for the settings dialog."""
        found = []
        if self.syzygy_tables:
            found.append(
                QCoreApplication.translate("TablebaseReport", "{syzygy_tables} Syzygy").format(
                    syzygy_tables=self.syzygy_tables
                )
            )
        if self.gaviota_tables:
            found.append(
                QCoreApplication.translate("TablebaseReport", "{gaviota_tables} Gaviota").format(
                    gaviota_tables=self.gaviota_tables
                )
            )
        text = (
            QCoreApplication.translate("TablebaseReport", "{kinds} tables, up to {pieces} pieces.").format(
                kinds=QCoreApplication.translate("TablebaseReport", " and ").join(found), pieces=self.max_pieces
            )
            if found
            else QCoreApplication.translate("TablebaseReport", "No tables in use.")
        )
        return " ".join((text, *self.problems))


def sample_board(material: str, seed: int = 0) -> chess.Board | None:
    """A legal position with the material ``"KRPvKP"`` (White to move), for a sample probe; None if none found."""
    white, _, black = material.upper().partition("V")
    rng = random.Random(seed)
    for _ in range(500):
        board = chess.Board(None)
        free = list(chess.SQUARES)
        rng.shuffle(free)
        ok = True
        for color, letters in ((chess.WHITE, white), (chess.BLACK, black)):
            for letter in letters:
                piece = chess.Piece.from_symbol(letter if color == chess.WHITE else letter.lower())
                square = next(
                    (s for s in free if piece.piece_type != chess.PAWN or 1 <= chess.square_rank(s) <= 6), None
                )
                if square is None or letter not in "KQRBNP":
                    ok = False
                    break
                free.remove(square)
                board.set_piece_at(square, piece)
        if ok and board.is_valid():
            return board
    return None


def check_tablebases(settings: TablebaseSettings) -> TablebaseReport:
    """Look at the user's directories: count the tables, and probe one position per table file.

    A missing or empty directory, a Gaviota directory with unreadable compression and
    damaged table files (wrong size, not a table, truncated) become plain-words problems.
    Only the first :data:`MAX_TABLES_CHECKED` tables of each kind get a sample probe.
    """
    problems: list[str] = []
    counts = {"syzygy": 0, "gaviota": 0}
    most = 0
    prober = TablebaseProber(settings)
    problems.extend(prober.problems())
    syzygy_dir = expand_dir(settings.syzygy_dir)
    gaviota_dir = expand_dir(settings.gaviota_dir)
    checks: list[tuple[str, list[str], object]] = []
    syzygy, gaviota = prober.open_tables()
    if syzygy_dir and syzygy is not None:
        checks.append(("Syzygy", syzygy_names(syzygy_dir), syzygy))
    if gaviota_dir and gaviota is not None:
        checks.append(("Gaviota", gaviota_names(resolve_gaviota_dir(gaviota_dir)), gaviota))
    for kind, names, tables in checks:
        counts[kind.lower()] = len(names)
        most = max(most, max_pieces_of(names))
        for name in names[:MAX_TABLES_CHECKED]:
            board = sample_board(name)
            if board is None:
                continue
            probes = (
                [lambda t, b=board: t.probe_dtm(b)]
                if kind == "Gaviota"
                else [
                    lambda t, b=board: t.probe_wdl(b),
                    lambda t, b=board: t.probe_dtz(b),
                ]
            )
            for probe in probes:
                try:
                    probe(tables)
                except KeyError:
                    continue  # e.g. a .rtbw without its .rtbz: fewer details, not an error
                except READ_ERRORS as error:
                    problems.append(
                        QCoreApplication.translate(
                            "tablebase_check",
                            "The {kind} table for {name} cannot be read (the file is damaged or "
                            "not a {kind} table: {error}).",
                        ).format(kind=kind, name=name, error=error)
                    )
                    break
    prober.close()
    return TablebaseReport(counts["syzygy"], counts["gaviota"], most, tuple(problems))
