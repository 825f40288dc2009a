"""Polyglot opening books: open a ``.bin`` safely and pick a move for a position.

Reading is python-chess's (:mod:`chess.polyglot`); this module adds what a GUI
needs around it: the default book shipped in ``resources/book/``, a check that
a file really is a polyglot book (a text file renamed ``.bin`` or a truncated
download must be a clear message, not a crash or nonsense moves), the user's
choice rule (best weight, or random weighted by weight) and the depth limit.

Nothing here imports Qt; engine players call :meth:`OpeningBook.pick` from the
GUI thread, which is fast (a binary search in a memory-mapped file).
"""

from __future__ import annotations

import enum
import logging
import os
import random
import threading
from collections.abc import Iterable
from contextlib import ExitStack
from dataclasses import dataclass
from importlib.resources import as_file

import chess
import chess.polyglot
import numpy as np
from PySide6.QtCore import QCoreApplication

from chessgui.i18n import QT_TRANSLATE_NOOP
from chessgui.resources_path import resource_path

_log = logging.getLogger(__name__)

#: Where the default book lives inside ``chessgui.resources``.
DEFAULT_BOOK_PARTS = ("book", "gnuchess-book.bin")
#: The name the settings and dialogs show for the default book.
DEFAULT_BOOK_LABEL = QT_TRANSLATE_NOOP("BookEditor", "Default book (GNU Chess, public domain)")
#: Bounds of the "maximum book depth" setting, in full moves.
BOOK_DEPTH_RANGE = (1, 40)
#: Size of one polyglot entry: key (8), move (2), weight (2), learn (4) bytes.
ENTRY_SIZE = 16
#: A game review counts a move as theory when the default book gives it at least this share of its
#: position's weight: moves strong players choose, not every move a big book lists (GNU Chess's
#: has 4. Bc4 in the Ruy Lopez, at 0.03%).
BOOK_MOVE_SHARE_MIN = 0.02


class BookChoice(enum.Enum):
    """How a move is picked among the book's moves for a position."""

    BEST_WEIGHT = "best"
    """Always the move with the highest weight (the same game every time)."""
    WEIGHTED_RANDOM = "weighted"
    """Random, each move as likely as its share of the weights (varied games)."""

    @classmethod
    def from_setting(cls, text: object, default: BookChoice) -> BookChoice:
        """The member whose value is ``text``, else ``default``."""
        return next((member for member in cls if member.value == text), default)


@dataclass(frozen=True, slots=True)
class BookSettings:
    """One computer side's opening book options."""

    enabled: bool = True
    """Play from the book while it has moves for the position."""
    path: str = ""
    """The ``.bin`` file to use; empty means the default book shipped with the program."""
    max_moves: int = 12
    """Use the book up to and including this full move number (counted from the game's start)."""
    choice: BookChoice = BookChoice.WEIGHTED_RANDOM
    """Best weight, or random weighted by weight (the default, for variety)."""

    def uses_default_book(self) -> bool:
        """True when the shipped book is used."""
        return not self.path.strip()

    def describe(self) -> str:
        """Short words for a tooltip or status bar."""
        if not self.enabled:
            return QCoreApplication.translate("BookSettings", "no book")
        name = (
            QCoreApplication.translate("BookSettings", "default book")
            if self.uses_default_book()
            else os.path.basename(self.path)
        )
        return QCoreApplication.translate("BookSettings", "{name}, up to move {max_moves}").format(
            name=name, max_moves=self.max_moves
        )


@dataclass(frozen=True, slots=True)
class BookMove:
    """A move chosen from the book for a position."""

    move: chess.Move
    """The move (legal in the position it was picked for)."""
    weight: int
    """Its weight in the book."""
    share: float
    """Its weight as a fraction of all the position's book weights (0–1]."""
    alternatives: int
    """How many book moves the position has in all (including this one)."""


class BookError(Exception):
    """A book file cannot be used; the message is plain words for the user."""


class OpeningBook:
    """A checked, open polyglot book. Use :func:`load_book` rather than the constructor."""

    def __init__(self, path: str, label: str) -> None:
        self._path = path
        self._label = label
        self._reader = _open_checked(path, label)
        self._lock = threading.Lock()  # one mmap may be probed from the GUI and a UCI thread

    @property
    def path(self) -> str:
        """The file the book was read from."""
        return self._path

    @property
    def label(self) -> str:
        """The name shown to the user."""
        return self._label

    def entries(self, board: chess.Board) -> list[chess.polyglot.Entry]:
        """The legal book entries for ``board`` (empty when the book has none or fails to read)."""
        try:
            with self._lock:
                return list(self._reader.find_all(board))
        except (OSError, ValueError, IndexError) as error:  # a file changed on disk after the check
            _log.warning("Reading the book %s failed: %s", self._path, error)
            return []

    def pick(self, board: chess.Board, choice: BookChoice, rng: random.Random | None = None) -> BookMove | None:
        """A book move for ``board`` by the rule ``choice``, or None when the book has none."""
        entries = self.entries(board)
        if not entries:
            return None
        total = sum(entry.weight for entry in entries)
        if choice is BookChoice.BEST_WEIGHT or total <= 0:
            chosen = max(entries, key=lambda entry: entry.weight)
        else:
            chosen = (rng or random).choices(entries, weights=[entry.weight for entry in entries])[0]
        share = chosen.weight / total if total > 0 else 1 / len(entries)
        return BookMove(chosen.move, chosen.weight, share, len(entries))

    def close(self) -> None:
        """Release the file."""
        self._reader.close()


def in_book_range(board: chess.Board, settings: BookSettings) -> bool:
    """True when ``settings`` allow a book move in ``board`` (enabled, within the depth)."""
    return settings.enabled and board.fullmove_number <= settings.max_moves


def _open_checked(path: str, label: str) -> chess.polyglot.MemoryMappedReader:
    """Open ``path`` with python-chess after checking it looks like a polyglot book."""
    try:
        size = os.path.getsize(path)
    except OSError as error:
        raise BookError(
            QCoreApplication.translate("book", "The opening book {label} cannot be read: {strerror}.").format(
                label=label, strerror=error.strerror or error
            )
        ) from error
    if size == 0:
        raise BookError(QCoreApplication.translate("book", "The opening book {label} is empty.").format(label=label))
    if size % ENTRY_SIZE != 0:
        raise BookError(
            QCoreApplication.translate(
                "book",
                "The opening book {label} is not a polyglot book (its size is not a "
                "whole number of entries; the file may be truncated or of another "
                "kind).",
            ).format(label=label)
        )
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as error:
        raise BookError(
            QCoreApplication.translate("book", "The opening book {label} cannot be read: {strerror}.").format(
                label=label, strerror=error.strerror or error
            )
        ) from error
    if not _keys_sorted(data):
        raise BookError(
            QCoreApplication.translate(
                "book",
                "The opening book {label} is not a polyglot book (its entries are not "
                "in order; it may be a text file or damaged).",
            ).format(label=label)
        )
    try:
        return chess.polyglot.open_reader(path)
    except (OSError, ValueError) as error:
        raise BookError(
            QCoreApplication.translate("book", "The opening book {label} cannot be opened: {error}.").format(
                label=label, error=error
            )
        ) from error


def _keys_sorted(data: bytes) -> bool:
    """Polyglot entries are sorted by key; random bytes (text, other formats) almost never are."""
    keys = np.frombuffer(data, dtype=">u8")[::2]  # every entry starts with its big-endian key
    return bool(np.all(keys[1:] >= keys[:-1]))


# ---------------------------------------------------------------------- loading with a cache
_cache: dict[tuple[str, int, int], OpeningBook] = {}
_cache_lock = threading.Lock()
_resource_files = ExitStack()  # keeps extracted resource files alive (zip installs) for the process
# The default book's real path, resolved once: entering a new as_file() context on every
# lookup (every computer move in book range) kept each one alive on _resource_files for the
# life of the process (a slow memory climb over a long run of games).
_default_book_path: str | None = None


def default_book_path() -> str:
    """A real file path of the shipped default book (extracted once if the package is zipped)."""
    global _default_book_path
    with _cache_lock:
        if _default_book_path is not None:
            return _default_book_path
        node = resource_path(*DEFAULT_BOOK_PARTS)
        if not node.is_file():
            raise BookError(
                QCoreApplication.translate(
                    "book", "The default opening book is missing from the program files; reinstall the program."
                )
            )
        _default_book_path = str(_resource_files.enter_context(as_file(node)))
        return _default_book_path


def load_book(settings: BookSettings) -> OpeningBook:
    """The book ``settings`` name, opened and checked; cached per file (and its size and date).

    Raises :class:`BookError` with a plain-words message when the file cannot be used.
    """
    if settings.uses_default_book():
        path, label = default_book_path(), QCoreApplication.translate("BookEditor", DEFAULT_BOOK_LABEL)
    else:
        path = os.path.expanduser(settings.path.strip())
        label = f"'{os.path.basename(path)}'"
    try:
        stat = os.stat(path)
    except OSError as error:
        raise BookError(
            QCoreApplication.translate("book", "The opening book {label} cannot be read: {strerror}.").format(
                label=label, strerror=error.strerror or error
            )
        ) from error
    key = (os.path.abspath(path), stat.st_size, stat.st_mtime_ns)
    with _cache_lock:
        book = _cache.get(key)
        if book is None:
            book = OpeningBook(path, label)
            _cache[key] = book
        return book


def book_plies(board: chess.Board, moves: Iterable[chess.Move]) -> int:
    """How many of ``moves``, played from ``board``, follow the default book from the first one on.

    A move counts when the book gives it at least :data:`BOOK_MOVE_SHARE_MIN` of its position's
    weight; the first move that does not ends the count. 0 when the default book cannot be read.
    """
    try:
        book = load_book(BookSettings())
    except BookError:
        return 0
    probe = board.copy(stack=False)
    count = 0
    for move in moves:
        entries = book.entries(probe)
        total = sum(entry.weight for entry in entries)
        weight = sum(entry.weight for entry in entries if entry.move == move)
        if total <= 0 or weight < BOOK_MOVE_SHARE_MIN * total:
            break
        probe.push(move)
        count += 1
    return count


def book_problem(settings: BookSettings) -> str | None:
    """Why the book in ``settings`` cannot be used (plain words), or None when it can or is off."""
    if not settings.enabled:
        return None
    try:
        load_book(settings)
    except BookError as error:
        return str(error)
    return None
