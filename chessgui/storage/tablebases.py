"""Endgame tablebases (Syzygy and Gaviota): open them safely and probe a position exactly.

Probing is python-chess's (:mod:`chess.syzygy`, :mod:`chess.gaviota`); this module
adds what the GUI needs around it: one value for the user's directories
(:class:`TablebaseSettings`) and one prober (:class:`TablebaseProber`) that gives
the exact result of a position with the best move, for the engine panel, the
engine players and game review (that value, :class:`TablebaseResult`, is in
:mod:`chessgui.storage.tablebase_result`). Finding the table files and spotting
damaged ones is :mod:`chessgui.storage.tablebase_files`; the check of the
directories in plain words for the settings dialog is
:mod:`chessgui.storage.tablebase_check`.

Why the pure-Python Gaviota prober and not ``open_tablebase_native``: the C
library (Debian's ``libgaviotatb1``) segfaults on a damaged table file (measured:
a random 100-byte ``kqk.gtb.cp4`` kills the process), and python-chess drives it
with compression scheme 4 only, so it reads no more tables than the pure-Python
prober does. Debian's ``gaviotatb`` package ships scheme-4 tables in
``/usr/share/gaviotatb/gtb4``; a directory holding only ``.cp1``–``.cp3`` tables
gets a message saying so.

Nothing here imports Qt. A probe is fast (a few table reads per move), so the
GUI thread may call it; a lock makes one prober safe to share with a review
thread.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass

import chess
import chess.gaviota
import chess.syzygy
from PySide6.QtCore import QCoreApplication

from chessgui.storage.tablebase_files import (
    READ_ERRORS,
    TablebaseError,
    expand_dir,
    gaviota_file_problem,
    gaviota_names,
    max_pieces_of,
    resolve_gaviota_dir,
    syzygy_names,
)
from chessgui.storage.tablebase_result import TablebaseResult, Wdl

_log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class TablebaseSettings:
    """Where the user keeps tablebases; empty directories mean none of that kind."""

    syzygy_dir: str = ""
    """Directory with Syzygy tables (``.rtbw`` win/draw/loss and ``.rtbz`` distance-to-zero files)."""
    gaviota_dir: str = ""
    """Directory with Gaviota tables (``.gtb.cp4``; Debian's ``/usr/share/gaviotatb`` works too)."""
    play_perfectly: bool = True
    """Computer sides play the tablebase's best move at once when the tables cover the position."""

    def is_configured(self) -> bool:
        """True when at least one directory is set."""
        return bool(self.syzygy_dir.strip() or self.gaviota_dir.strip())


class TablebaseProber:
    """Probes the user's Syzygy and Gaviota tables. Build it with :func:`open_tablebases`.

    The API for game review, the engine panel and the engine players is
    :meth:`probe`::

        prober = open_tablebases(settings.tablebases)
        result = prober.probe(board)      # TablebaseResult | None
        if result is not None:
            result.wdl, result.dtz, result.dtm  # side to move's view
            result.best_move                    # chess.Move | None
            result.describe()                   # "White wins, mate in 12"

    :meth:`probe` never raises: a position the tables do not cover (too many
    pieces, castling rights, a missing table) is None, and so is a damaged
    table, whose plain-words message :meth:`lookup` also returns (and
    :meth:`problems` collects). Safe to call from several threads.
    """

    def __init__(self, settings: TablebaseSettings) -> None:
        self._settings = settings
        self._lock = threading.RLock()
        self._syzygy: chess.syzygy.Tablebase | None = None
        self._gaviota: chess.gaviota.PythonTablebase | None = None
        self._problems: dict[str, str] = {}  # table name -> message, in the order found
        self._damaged: dict[tuple[str, str], str] = {}  # material -> message, for files set aside
        self._max_pieces = 0
        syzygy_dir = expand_dir(settings.syzygy_dir)
        if syzygy_dir:
            try:
                syzygy_names(syzygy_dir)
                self._syzygy = chess.syzygy.open_tablebase(syzygy_dir)
                self._max_pieces = max(self._max_pieces, max_pieces_of(syzygy_names(syzygy_dir)))
            except TablebaseError as error:
                self._problems["syzygy"] = str(error)
            except READ_ERRORS as error:
                self._problems["syzygy"] = QCoreApplication.translate(
                    "TablebaseProber", "The Syzygy directory {syzygy_dir} cannot be read: {error}."
                ).format(syzygy_dir=syzygy_dir, error=error)
        gaviota_dir = expand_dir(settings.gaviota_dir)
        if gaviota_dir:
            try:
                directory = resolve_gaviota_dir(gaviota_dir)
                # The pure-Python reader, not open_tablebase(): that prefers an installed libgtb,
                # whose NativeTablebase has no table list to set damaged files aside from.
                self._gaviota = chess.gaviota.PythonTablebase()
                self._gaviota.add_directory(directory)
                self._set_aside_damaged_gaviota_files(self._gaviota)
                self._max_pieces = max(self._max_pieces, max_pieces_of(gaviota_names(directory)))
            except TablebaseError as error:
                self._problems["gaviota"] = str(error)
            except READ_ERRORS as error:
                self._problems["gaviota"] = QCoreApplication.translate(
                    "TablebaseProber", "The Gaviota directory {gaviota_dir} cannot be read: {error}."
                ).format(gaviota_dir=gaviota_dir, error=error)

    @property
    def settings(self) -> TablebaseSettings:
        """The directories this prober reads."""
        return self._settings

    def has_tables(self) -> bool:
        """True when at least one kind of table could be opened."""
        return self._syzygy is not None or self._gaviota is not None

    def max_pieces(self) -> int:
        """Most pieces (kings included) any table covers."""
        return self._max_pieces

    def problems(self) -> list[str]:
        """Every problem met so far (opening the directories, damaged tables found while probing)."""
        with self._lock:
            return list(self._problems.values())

    def probe(self, board: chess.Board) -> TablebaseResult | None:
        """The exact result of ``board`` with the best move, or None when the tables cannot tell."""
        return self.lookup(board)[0]

    def lookup(self, board: chess.Board) -> tuple[TablebaseResult | None, str | None]:
        """Like :meth:`probe`, with the reason in plain words when a damaged table stopped it."""
        if not self.covers(board):
            return None, None
        with self._lock:
            try:
                return self._probe_with_move(board), None
            except _TableReadError as error:
                return None, str(error)

    def covers(self, board: chess.Board) -> bool:
        """Cheap pre-check: few enough pieces, no castling rights, a legal position that is not over."""
        return (
            self.has_tables()
            and chess.popcount(board.occupied) <= self._max_pieces
            and not board.castling_rights
            and board.is_valid()
            and board.outcome() is None
        )

    def open_tables(self) -> tuple[chess.syzygy.Tablebase | None, chess.gaviota.PythonTablebase | None]:
        """The opened Syzygy and Gaviota tables, None where none (for the directory check's sample probes)."""
        return self._syzygy, self._gaviota

    def close(self) -> None:
        """Release the table files."""
        with self._lock:
            for tables in (self._syzygy, self._gaviota):
                if tables is not None:
                    tables.close()
            self._syzygy = self._gaviota = None

    # ------------------------------------------------------------------ internals
    def _set_aside_damaged_gaviota_files(self, tables: chess.gaviota.PythonTablebase) -> None:
        """Take files with an impossible header out of python-chess's hands (it would build a
        struct of hundreds of MB for them: a frozen GUI); probing their material says why."""
        for key, path in list(tables.available_tables.items()):
            problem = gaviota_file_problem(path)
            if problem is not None:
                del tables.available_tables[key]
                split = key.find("k", 1)
                name = f"{key[:split].upper()}v{key[split:].upper()}"
                message = QCoreApplication.translate(
                    "TablebaseProber", "The Gaviota table for {name} cannot be read ({problem})."
                ).format(name=name, problem=problem)
                self._damaged[_material_key(name)] = message
                self._problems[f"Gaviota:{name}"] = message

    def _probe_with_move(self, board: chess.Board) -> TablebaseResult | None:
        root = self._probe_value(board)
        if root is None:
            return None
        wdl, dtz, dtm, source = root
        best: tuple[tuple[int, int], chess.Move] | None = None
        for move in board.legal_moves:
            child = board.copy(stack=False)
            child.push(move)
            rank = self._rank_move(board, move, child)
            if rank is None or rank[0] != wdl:  # unknown, or not keeping the position's value
                continue
            if best is None or rank > best[0]:
                best = (rank, move)
        return TablebaseResult(board.turn, Wdl(wdl), dtz, dtm, best[1] if best else None, source)

    def _probe_value(self, board: chess.Board) -> tuple[int, int | None, int | None, str] | None:
        """(wdl, dtz, dtm, source) of a position that is not over, or None when no table has it."""
        wdl: int | None = None
        dtz = dtm = None
        sources = []
        if self._syzygy is not None:
            wdl = self._try(lambda tables: tables.probe_wdl(board), self._syzygy, board, "Syzygy")
            if wdl is not None:
                sources.append("Syzygy")
                dtz = self._try(lambda tables: tables.probe_dtz(board), self._syzygy, board, "Syzygy")
                if wdl == Wdl.WIN and dtz is not None and board.halfmove_clock + abs(dtz) > 100:
                    wdl = Wdl.CURSED_WIN  # the clock already ran too far for this win
                elif wdl == Wdl.LOSS and dtz is not None and board.halfmove_clock + abs(dtz) > 100:
                    wdl = Wdl.BLESSED_LOSS
        if self._gaviota is not None:
            dtm = self._try(lambda tables: tables.probe_dtm(board), self._gaviota, board, "Gaviota")
            if dtm is not None:
                sources.append("Gaviota")
                if wdl is None:
                    wdl = Wdl.WIN if dtm > 0 else Wdl.LOSS if dtm < 0 else Wdl.DRAW
        if wdl is None:
            return None
        return int(wdl), dtz, dtm, " + ".join(sources)

    def _rank_move(self, board: chess.Board, move: chess.Move, child: chess.Board) -> tuple[int, int] | None:
        """(wdl for the mover, preference) of playing ``move``; larger is better; None when unknown."""
        outcome = child.outcome()
        if outcome is not None:
            if outcome.winner is None:
                return int(Wdl.DRAW), 0
            return int(Wdl.WIN), 10_000  # mates at once: nothing is faster
        value = self._probe_value(child)
        if value is None:
            return None
        child_wdl, child_dtz, child_dtm, _ = value
        mover_wdl = -child_wdl
        if mover_wdl > 0:  # winning: the fewer plies to mate (or to the next zeroing move) the better
            if child_dtm is not None and child_dtm < 0:
                return mover_wdl, 10_000 - (-child_dtm + 1)
            return mover_wdl, 1_000 - (1 if board.is_zeroing(move) else abs(child_dtz or 0) + 1)
        if mover_wdl < 0:  # losing: the longer the defence the better
            if child_dtm is not None and child_dtm > 0:
                return mover_wdl, child_dtm + 1
            return mover_wdl, -1_000 + (1 if board.is_zeroing(move) else abs(child_dtz or 0) + 1)
        return mover_wdl, 0

    def _try(self, probe, tables: object, board: chess.Board, kind: str) -> int | None:  # noqa: ANN001
        """Run one python-chess probe: a value, None when not covered, or raise _TableReadError."""
        try:
            return int(probe(tables))
        except KeyError:  # MissingTableError and "castling rights": simply not covered
            damaged = self._damaged.get(_material_key(_material_name(board)))
            if damaged is not None:
                raise _TableReadError(damaged) from None
            return None
        except READ_ERRORS as error:
            name = _material_name(board)
            message = QCoreApplication.translate(
                "TablebaseProber",
                "The {kind} table for {name} cannot be read (the file is damaged or not a {kind} table: {error}).",
            ).format(kind=kind, name=name, error=error)
            if f"{kind}:{name}" not in self._problems:
                _log.warning("%s", message)
            self._problems[f"{kind}:{name}"] = message
            raise _TableReadError(message) from error


class _TableReadError(Exception):
    """A table file failed while probing (the message is plain words)."""


def _material_name(board: chess.Board) -> str:
    """ "KQvK" for a position (White's pieces first)."""
    order = "KQRBNP"

    def side(color: chess.Color) -> str:
        pieces = "".join(piece.symbol().upper() for piece in board.piece_map().values() if piece.color == color)
        return "".join(sorted(pieces, key=order.index))

    return f"{side(chess.WHITE)}v{side(chess.BLACK)}"


def _material_key(name: str) -> tuple[str, str]:
    """ "KQvK" and "KvKQ" (the same table, colours swapped) as one key."""
    white, _, black = name.partition("v")
    return (white, black) if white >= black else (black, white)


# ---------------------------------------------------------------------- one prober per settings value
_cache: dict[TablebaseSettings, TablebaseProber] = {}
_cache_lock = threading.Lock()


def open_tablebases(settings: TablebaseSettings) -> TablebaseProber:
    """The prober for ``settings`` (opened once and shared; it never raises — see :meth:`TablebaseProber.problems`)."""
    key = TablebaseSettings(settings.syzygy_dir.strip(), settings.gaviota_dir.strip(), True)
    with _cache_lock:
        prober = _cache.get(key)
        if prober is None:
            prober = TablebaseProber(key)
            _cache[key] = prober
        return prober
