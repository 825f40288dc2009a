"""Endgame tablebases (Syzygy and Gaviota): open them safely and probe a position exactly.

Probing is python-chess's (:mod:`chess.syzygy`, :mod:`chess.gaviota`); this module
adds what the GUI needs around it: one value for the user's directories
(:class:`TablebaseSettings`), a check of those directories in plain words
(:func:`check_tablebases`: missing, empty, wrong kind or damaged files), and
one prober (:class:`TablebaseProber`) that gives the exact result of a
position with the best move, for the engine panel, the engine players and
game review.

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

import enum
import logging
import os
import random
import struct
import threading
from dataclasses import dataclass

import chess
import chess.engine
import chess.gaviota
import chess.syzygy

_log = logging.getLogger(__name__)

#: Where Debian's ``gaviotatb`` package puts its tables (scheme 4: the one python-chess reads).
DEBIAN_GAVIOTA_DIRS = ("/usr/share/gaviotatb/gtb4", "/usr/share/games/gaviota")
#: Score in centipawns standing for a tablebase win when no mate distance is known (Syzygy only).
TB_WIN_CP = 20_000
#: At most this many table files of each kind get a sample probe in :func:`check_tablebases`.
MAX_TABLES_CHECKED = 200

_SYZYGY_SUFFIXES = (".rtbw", ".rtbz")
_GAVIOTA_SUFFIX = ".gtb.cp4"
_OTHER_GAVIOTA_SUFFIXES = (".gtb.cp1", ".gtb.cp2", ".gtb.cp3")
#: What python-chess raises on a damaged or foreign table file (besides a missing table).
_READ_ERRORS = (OSError, ValueError, IndexError, struct.error, EOFError, MemoryError, OverflowError)


class Wdl(enum.IntEnum):
    """Win/draw/loss for the side to move, with the 50-move rule's nuances (Syzygy's scale)."""

    LOSS = -2
    """Lost."""
    BLESSED_LOSS = -1
    """Lost, but the opponent cannot mate before the 50-move rule saves the draw."""
    DRAW = 0
    """Drawn."""
    CURSED_WIN = 1
    """Won, but not before the 50-move rule makes it a draw."""
    WIN = 2
    """Won."""


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


@dataclass(frozen=True, slots=True)
class TablebaseResult:
    """The exact result of one position, from the tables. All numbers are from the side to move's view."""

    turn: chess.Color
    """The side to move in the probed position."""
    wdl: Wdl
    """Win, draw or loss for the side to move (with the 50-move rule when Syzygy tables decided it)."""
    dtz: int | None
    """Syzygy distance to zeroing (plies to the next capture or pawn move in the best line), signed like
    python-chess: positive when the side to move wins; None without Syzygy tables for the position."""
    dtm: int | None
    """Gaviota distance to mate in plies, signed: positive when the side to move mates, negative when it
    is mated, 0 in a draw; None without Gaviota tables for the position. Ignores the 50-move rule."""
    best_move: chess.Move | None
    """The tablebase-best move (fastest win, a drawing move, or the longest defence); None in a game-over
    position or when the tables miss a position the move leads to."""
    source: str
    """Which tables answered: "Syzygy", "Gaviota" or "Syzygy + Gaviota"."""

    def winner(self) -> chess.Color | None:
        """The side that wins with best play (50-move rule included), or None for a draw."""
        if self.wdl == Wdl.WIN:
            return self.turn
        if self.wdl == Wdl.LOSS:
            return not self.turn
        return None

    def mate_in(self) -> int | None:
        """Moves to mate from the side to move's view (python-chess ``Mate`` convention), when known."""
        if self.dtm is None or self.wdl not in (Wdl.WIN, Wdl.LOSS):
            return None
        if self.dtm > 0:
            return (self.dtm + 1) // 2
        return -((-self.dtm + 1) // 2)

    def to_pov_score(self) -> chess.engine.PovScore:
        """The result as an engine score (``Mate`` when the mate distance is known), for ``[%eval]`` or a graph."""
        mate = self.mate_in()
        if mate is not None:
            return chess.engine.PovScore(chess.engine.Mate(mate), self.turn)
        if self.wdl == Wdl.WIN:
            return chess.engine.PovScore(chess.engine.Cp(TB_WIN_CP - abs(self.dtz or 0)), self.turn)
        if self.wdl == Wdl.LOSS:
            return chess.engine.PovScore(chess.engine.Cp(-TB_WIN_CP + abs(self.dtz or 0)), self.turn)
        return chess.engine.PovScore(chess.engine.Cp(0), self.turn)

    def describe(self) -> str:
        """Plain words: "White wins, mate in 12", "Draw", "Black wins (DTZ 23)", "Draw by the 50-move rule…"."""
        winner = self.winner()
        if winner is None:
            if self.wdl == Wdl.DRAW:
                return "Draw"
            ahead = self.turn if self.wdl == Wdl.CURSED_WIN else not self.turn
            return f"Draw by the 50-move rule ({_name(ahead)} would win without it)"
        text = f"{_name(winner)} wins"
        mate = self.mate_in()
        if mate is not None:
            return f"{text}, mate in {abs(mate)}" if abs(mate) else f"{text} (checkmate)"
        if self.dtz is not None:
            return f"{text} (DTZ {abs(self.dtz)})"
        return text


class TablebaseError(Exception):
    """A tablebase directory cannot be used; the message is plain words for the user."""


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
            found.append(f"{self.syzygy_tables} Syzygy")
        if self.gaviota_tables:
            found.append(f"{self.gaviota_tables} Gaviota")
        text = f"{' and '.join(found)} tables, up to {self.max_pieces} pieces." if found else "No tables in use."
        return " ".join((text, *self.problems))


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
        syzygy_dir = _expand(settings.syzygy_dir)
        if syzygy_dir:
            try:
                _syzygy_names(syzygy_dir)
                self._syzygy = chess.syzygy.open_tablebase(syzygy_dir)
                self._max_pieces = max(self._max_pieces, _max_pieces(_syzygy_names(syzygy_dir)))
            except TablebaseError as error:
                self._problems["syzygy"] = str(error)
            except _READ_ERRORS as error:
                self._problems["syzygy"] = f"The Syzygy directory {syzygy_dir} cannot be read: {error}."
        gaviota_dir = _expand(settings.gaviota_dir)
        if gaviota_dir:
            try:
                directory = resolve_gaviota_dir(gaviota_dir)
                # The pure-Python reader, not open_tablebase(): that prefers an installed libgtb,
                # whose NativeTablebase has no table list to set damaged files aside from.
                self._gaviota = chess.gaviota.PythonTablebase()
                self._gaviota.add_directory(directory)
                self._set_aside_damaged_gaviota_files(self._gaviota)
                self._max_pieces = max(self._max_pieces, _max_pieces(_gaviota_names(directory)))
            except TablebaseError as error:
                self._problems["gaviota"] = str(error)
            except _READ_ERRORS as error:
                self._problems["gaviota"] = f"The Gaviota directory {gaviota_dir} cannot be read: {error}."

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
                message = f"The Gaviota table for {name} cannot be read ({problem})."
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
        except _READ_ERRORS as error:
            name = _material_name(board)
            message = (
                f"The {kind} table for {name} cannot be read (the file is damaged or not a {kind} table: {error})."
            )
            if f"{kind}:{name}" not in self._problems:
                _log.warning("%s", message)
            self._problems[f"{kind}:{name}"] = message
            raise _TableReadError(message) from error


class _TableReadError(Exception):
    """A table file failed while probing (the message is plain words)."""


def _name(color: chess.Color) -> str:
    return "White" if color == chess.WHITE else "Black"


def _expand(directory: str) -> str:
    return os.path.expanduser(directory.strip()) if directory.strip() else ""


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


def gaviota_file_problem(path: str) -> str | None:
    """Why a ``.gtb.cp4`` file cannot be a Gaviota table (its header and block index), or None.

    A cheap read of the header and block index: python-chess trusts them, and a damaged
    header makes it allocate hundreds of MB and freeze for seconds before failing.
    """
    try:
        size = os.path.getsize(path)
        with open(path, "rb") as handle:
            header = handle.read(40)
            if len(header) < 40:
                return "the file is too short to be a table"
            offset = struct.unpack("<10I", header)[8]
            if offset % 4 or not 48 <= offset <= size:
                return "the file's header is damaged or it is not a Gaviota table"
            index = struct.unpack(f"<{(offset - 40) // 4}I", handle.read(offset - 40))
    except OSError as error:
        return f"the file cannot be read: {error.strerror or error}"
    except struct.error:
        return "the file is truncated"
    if any(b < a for a, b in zip(index, index[1:], strict=False)) or index[-1] > size:
        return "the file's block index is damaged or the file is truncated"
    return None


def _list_dir(directory: str, kind: str) -> list[str]:
    if not os.path.exists(directory):
        raise TablebaseError(f"The {kind} directory {directory} does not exist.")
    if not os.path.isdir(directory):
        raise TablebaseError(f"The {kind} directory {directory} is not a directory.")
    try:
        return sorted(os.listdir(directory))
    except OSError as error:
        raise TablebaseError(f"The {kind} directory {directory} cannot be read: {error.strerror or error}.") from error


def _syzygy_names(directory: str) -> list[str]:
    """Material names ("KQvK") of the Syzygy tables in ``directory``; raises TablebaseError when there are none."""
    names = sorted(
        {
            name[: -len(suffix)]
            for name in _list_dir(directory, "Syzygy")
            for suffix in _SYZYGY_SUFFIXES
            if name.endswith(suffix)
        }
    )
    if not names:
        raise TablebaseError(f"The Syzygy directory {directory} holds no Syzygy tables (.rtbw/.rtbz files).")
    return names


def resolve_gaviota_dir(directory: str) -> str:
    """The directory with ``.gtb.cp4`` tables: ``directory`` itself or its ``gtb4`` folder (Debian's layout).

    Raises :class:`TablebaseError` with plain words when there are no readable Gaviota tables.
    """
    names = _list_dir(directory, "Gaviota")
    if any(name.endswith(_GAVIOTA_SUFFIX) for name in names):
        return directory
    nested = os.path.join(directory, "gtb4")
    if os.path.isdir(nested) and any(name.endswith(_GAVIOTA_SUFFIX) for name in _list_dir(nested, "Gaviota")):
        return nested
    if any(name.endswith(_OTHER_GAVIOTA_SUFFIXES) for name in names):
        raise TablebaseError(
            f"The Gaviota directory {directory} only holds tables compressed with another scheme "
            "(.gtb.cp1–.cp3); only .gtb.cp4 tables can be read (Debian's are in /usr/share/gaviotatb/gtb4)."
        )
    raise TablebaseError(f"The Gaviota directory {directory} holds no Gaviota tables (.gtb.cp4 files).")


def _gaviota_names(directory: str) -> list[str]:
    """Material names ("KQvK") of the Gaviota tables in ``directory``."""
    names = []
    for name in _list_dir(directory, "Gaviota"):
        if name.endswith(_GAVIOTA_SUFFIX):
            letters = name[: -len(_GAVIOTA_SUFFIX)].upper()
            split = letters.find("K", 1)
            if letters.startswith("K") and split > 0:
                names.append(f"{letters[:split]}v{letters[split:]}")
    return names


def _max_pieces(names: list[str]) -> int:
    return max((len(name) - 1 for name in names), default=0)


def suggested_gaviota_dir() -> str | None:
    """A Gaviota directory installed on this computer (Debian's ``gaviotatb`` package), or None."""
    for directory in DEBIAN_GAVIOTA_DIRS:
        try:
            return resolve_gaviota_dir(directory)
        except TablebaseError:
            continue
    return None


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
    syzygy_dir = _expand(settings.syzygy_dir)
    gaviota_dir = _expand(settings.gaviota_dir)
    checks: list[tuple[str, list[str], object]] = []
    if syzygy_dir and prober._syzygy is not None:  # noqa: SLF001 - same module
        checks.append(("Syzygy", _syzygy_names(syzygy_dir), prober._syzygy))  # noqa: SLF001
    if gaviota_dir and prober._gaviota is not None:  # noqa: SLF001
        checks.append(("Gaviota", _gaviota_names(resolve_gaviota_dir(gaviota_dir)), prober._gaviota))  # noqa: SLF001
    for kind, names, tables in checks:
        counts[kind.lower()] = len(names)
        most = max(most, _max_pieces(names))
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
                except _READ_ERRORS as error:
                    problems.append(
                        f"The {kind} table for {name} cannot be read "
                        f"(the file is damaged or not a {kind} table: {error})."
                    )
                    break
    prober.close()
    return TablebaseReport(counts["syzygy"], counts["gaviota"], most, tuple(problems))


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


def forget_tablebases() -> None:
    """Drop the shared probers (after files changed on disk, and in tests); the next open re-reads."""
    with _cache_lock:
        _cache.clear()
