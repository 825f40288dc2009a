"""My games: every game played to its end in the app, kept in one PGN file.

Lichess keeps a player's games; without this a finished game was gone once the app closed
(the autosave offers back only an unfinished one), so it could not be reviewed the next day.
:class:`GameArchive` appends a game's PGN to ``<AppDataLocation>/my-games.pgn``;
:class:`GameArchiveKeeper` does so when a game played here ends (not a game opened from a file,
not an aborted one). A game that goes on after its end (a takeback) and ends again replaces its
own entry, so the file holds each game once, as it finally ended; what is added to it once it is
over (a review's marks, comments, variations) replaces the entry too, while it is still the game shown.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import chess
import chess.pgn
from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal

from chessgui.game.controller import GameController
from chessgui.game.result import GameResult, Termination

ARCHIVE_FILE_NAME = "my-games.pgn"

EDIT_SAVE_DELAY_MS = 500
"""A review annotates one move after another: their rewrites of the entry are gathered into one
per this many milliseconds (each one syncs the file to disk)."""

_NOT_KEPT = frozenset({Termination.ABORTED, Termination.RECORDED})
"""Endings not kept: an aborted game, and a finished game shown from a file (it has a file)."""


def default_archive_path() -> Path:
    """``<AppDataLocation>/my-games.pgn`` (next to the autosave folder); refuses in test mode."""
    from chessgui.storage.autosave import default_autosave_dir

    return default_autosave_dir().parent / ARCHIVE_FILE_NAME


@dataclass(frozen=True, slots=True)
class ArchiveEntry:
    """Where one game's text lies in the file (to replace it if the same game ends again)."""

    offset: int
    """Byte offset of the entry's first byte."""
    end: int
    """Byte offset just past the entry (the file's size when it was written)."""


class ArchiveError(Exception):
    """The file could not be written; the message is in plain words."""


class GameArchive:
    """Appends games to one PGN file; never loses what is already in it."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def append(self, game: chess.pgn.Game) -> ArchiveEntry:
        """Add ``game`` at the end; raises :class:`ArchiveError`."""
        return self._write(game, None)

    def replace(self, entry: ArchiveEntry, game: chess.pgn.Game) -> ArchiveEntry:
        """Write ``game`` over ``entry`` if it is still the file's last text, else append it."""
        return self._write(game, entry)

    def _write(self, game: chess.pgn.Game, entry: ArchiveEntry | None) -> ArchiveEntry:
        data = (str(game).strip() + "\n\n").encode("utf-8")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.path.open("ab+") as handle:
                size = handle.seek(0, os.SEEK_END)
                if entry is not None and entry.end == size:
                    handle.truncate(entry.offset)  # the same game, now longer: its old text goes
                    size = entry.offset
                if size > 0:
                    handle.seek(size - 1)
                    if handle.read(1) != b"\n":  # a file edited by hand: keep games apart
                        data = b"\n\n" + data
                handle.seek(0, os.SEEK_END)
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
                return ArchiveEntry(size, handle.tell())
        except OSError as error:
            raise ArchiveError(
                QCoreApplication.translate("GameArchive", "The game could not be kept in {path}: {error}").format(
                    path=self.path, error=error.strerror or error
                )
            ) from error


class GameArchiveKeeper(QObject):
    """Keeps each game played here in the archive when it ends.

    Signals:
        save_failed(str): the game could not be written (plain words; the game itself is fine).
    """

    save_failed = Signal(str)

    def __init__(self, archive: GameArchive, controller: GameController, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.archive = archive
        self._controller = controller
        self._kept: tuple[chess.pgn.Game, ArchiveEntry] | None = None
        self._edit_save = QTimer(self)
        self._edit_save.setSingleShot(True)
        self._edit_save.setInterval(EDIT_SAVE_DELAY_MS)
        self._edit_save.timeout.connect(self.save_now)
        controller.game_over.connect(self.on_game_over)
        for edited in (controller.annotations_changed, controller.tree_changed, controller.headers_changed):
            edited.connect(self.on_game_edited)

    def on_game_over(self, result: GameResult) -> None:
        """Keep the game that just ended, if it was played here and has a move."""
        controller = self._controller
        if result.termination in _NOT_KEPT or controller.is_viewing() or controller.live_ply() == 0:
            return
        self._write(controller.game())

    def on_game_edited(self, *_args: object) -> None:
        """The game shown changed (a review's mark, a comment): if it is the one kept, rewrite it soon."""
        if self._is_kept_game_shown() and not self._edit_save.isActive():
            self._edit_save.start()

    def save_now(self) -> None:
        """Write a pending change of the kept game at once (the window closes)."""
        self._edit_save.stop()
        if self._is_kept_game_shown():
            self._write(self._controller.game())

    def _is_kept_game_shown(self) -> bool:
        """The kept game is the controller's, and over (taken back after its end it is kept again when it ends)."""
        controller = self._controller
        return self._kept is not None and self._kept[0] is controller.game() and controller.is_game_over()

    def _write(self, game: chess.pgn.Game) -> None:
        try:
            if self._kept is not None and self._kept[0] is game:
                entry = self.archive.replace(self._kept[1], game)
            else:
                entry = self.archive.append(game)
        except ArchiveError as error:
            self.save_failed.emit(str(error))
            return
        self._kept = (game, entry)
