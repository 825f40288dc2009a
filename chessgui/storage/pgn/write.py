"""Writing PGN: export with comments/variations/[%eval]/[%clk], atomic saving."""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

import chess
import chess.engine
import chess.pgn
from PySide6.QtCore import QCoreApplication

__all__ = ["PgnSaveError", "game_to_pgn", "save_pgn", "write_text_atomically"]


class PgnSaveError(OSError):
    """The game could not be written; the message says why in plain words."""


def game_to_pgn(game: chess.pgn.Game) -> str:
    """The game as PGN text: Seven Tag Roster, SetUp/FEN for custom starts,
    comments (including [%eval] and [%clk]) and variations."""
    # game.setup() writes both tags; a file may carry FEN without SetUp, which the standard requires.
    if "FEN" in game.headers and game.headers["FEN"] != chess.STARTING_FEN:
        game.headers["SetUp"] = "1"
    exporter = _Exporter(headers=True, variations=True, comments=True)
    return game.accept(exporter) + "\n"


_RESULTS = frozenset({"1-0", "0-1", "1/2-1/2", "*"})
_CONTROL_CHARS = re.compile(r"[\x00-\x1f\x7f]")


class _Exporter(chess.pgn.StringExporter):
    """python-chess's exporter, writing every tag on one line."""

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        # A tag pair is one line: a line break in a value (a pasted "\r", an edited header) would
        # split it, and reading the file back would lose the tag and the moves after it.
        super().visit_header(tagname, _CONTROL_CHARS.sub(" ", tagvalue))

    def visit_result(self, result: str) -> None:
        # python-chess ends the moves with the Result tag as it stands; a damaged tag read from a
        # file ("1-0 {note") would put text after the moves that reads back as broken moves.
        super().visit_result(result if result in _RESULTS else "*")


def save_pgn(path: str | os.PathLike[str], game: chess.pgn.Game) -> None:
    """Write the game to ``path`` atomically (a crash never leaves half a file)."""
    write_text_atomically(Path(path), game_to_pgn(game))


def write_text_atomically(path: Path, text: str) -> None:
    """Write UTF-8 text to a temporary file next to ``path``, sync it, then rename it over.

    A kill at any moment leaves the old file or the new one, never a mix; the folder is
    synced after the rename so that the new name also survives a power loss."""
    try:
        fd, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as error:
        raise PgnSaveError(
            QCoreApplication.translate("write", "could not save {name}: {strerror}").format(
                name=path.name, strerror=error.strerror or error
            )
        ) from error
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp_name, path)
    except OSError as error:
        try:
            os.unlink(temp_name)
        except OSError:
            pass
        raise PgnSaveError(
            QCoreApplication.translate("write", "could not save {name}: {strerror}").format(
                name=path.name, strerror=error.strerror or error
            )
        ) from error
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    # POSIX only: a folder cannot be opened (or synced) on Windows, where the rename is enough.
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems refuse to sync a folder; the rename itself is done
    finally:
        os.close(fd)
