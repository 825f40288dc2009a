"""Autosave of the game in progress, so a crash or a kill never loses it.

The store keeps two files in its directory:

* ``current.pgn`` - the game (start position, moves, comments, [%clk] ...)
  as plain PGN, readable by any chess program should everything else fail;
* ``current.json`` - a small sidecar: format version, save time, whether the
  game finished, and a flat ``extra`` mapping for whatever the window wants
  back (player kinds, board flipped, clock times ...).

Every write goes to a temporary file that is then renamed over the old one
(``os.replace`` is atomic), so a crash mid-write leaves the previous save.
A file that cannot be read is renamed aside (``*.corrupt-YYYYmmdd-HHMMSS``)
and reported; it never stops the program from starting.
"""

from __future__ import annotations

import datetime as _dt
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import chess.pgn
from PySide6.QtCore import QCoreApplication

from chessgui.storage.pgn.read import PgnGameError, read_pgn_string
from chessgui.storage.pgn.write import game_to_pgn, write_text_atomically

__all__ = [
    "AutosaveCorruptError",
    "AutosaveSnapshot",
    "AutosaveStore",
    "ExtraValue",
    "default_autosave_dir",
]

ExtraValue = str | int | float | bool
FORMAT_VERSION = 1
TEST_MODE_VARIABLE = "CHESSGUI_TEST_MODE"


class AutosaveCorruptError(ValueError):
    """The saved game could not be read; it was set aside (see ``set_aside``)."""

    def __init__(self, message: str, set_aside: tuple[Path, ...]) -> None:
        super().__init__(message)
        self.message = message
        self.set_aside = set_aside


@dataclass(frozen=True, slots=True)
class AutosaveSnapshot:
    """The game in progress as saved on disk."""

    pgn: str
    """The game as PGN text (moves, start position, comments, clocks)."""
    extra: Mapping[str, ExtraValue] = field(default_factory=dict)
    """Window state to restore: players, flipped board, clock times ..."""
    saved_at: str = ""
    """ISO 8601 UTC time of the save (empty when not yet saved)."""
    problems: tuple[str, ...] = ()
    """Minor damage found on loading (e.g. a broken sidecar that was set aside)."""

    @classmethod
    def from_game(cls, game: chess.pgn.Game, extra: Mapping[str, ExtraValue] | None = None) -> AutosaveSnapshot:
        return cls(pgn=game_to_pgn(game), extra=dict(extra or {}))

    def game(self) -> chess.pgn.Game:
        """The saved game, parsed again (raises PgnGameError if unreadable)."""
        result = read_pgn_string(self.pgn)
        if not result.games:
            raise PgnGameError(
                "; ".join(result.errors) or QCoreApplication.translate("AutosaveSnapshot", "the saved game is empty")
            )
        return result.games[0].game


def default_autosave_dir() -> Path:
    """``<AppDataLocation>/autosave``; refuses in test mode so tests never touch real user files."""
    if os.environ.get(TEST_MODE_VARIABLE):
        raise RuntimeError(f"{TEST_MODE_VARIABLE} is set: pass an explicit autosave directory")
    from PySide6.QtCore import QStandardPaths

    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    if not base:
        base = str(Path.home() / ".local" / "share" / "chessgui")
    return Path(base) / "autosave"


def _utc_now() -> _dt.datetime:
    return _dt.datetime.now(_dt.UTC)


def _clean_extra(extra: Mapping[str, object]) -> dict[str, ExtraValue]:
    """Keep only flat JSON scalars, so a bad value can never break the save."""
    return {str(k): v for k, v in extra.items() if isinstance(v, (str, int, float, bool))}


class AutosaveStore:
    """Saves, loads and discards the autosaved game in ``directory``."""

    PGN_NAME = "current.pgn"
    SIDECAR_NAME = "current.json"

    def __init__(self, directory: Path | str) -> None:
        self.directory = Path(directory)

    @property
    def pgn_path(self) -> Path:
        return self.directory / self.PGN_NAME

    @property
    def sidecar_path(self) -> Path:
        return self.directory / self.SIDECAR_NAME

    def save(self, snapshot: AutosaveSnapshot, *, finished: bool = False) -> None:
        """Write the snapshot atomically; raises OSError (with a plain message) on disk trouble."""
        self.directory.mkdir(parents=True, exist_ok=True)
        sidecar = {
            "version": FORMAT_VERSION,
            "saved_at": _utc_now().isoformat(timespec="seconds"),
            "finished": finished,
            "extra": _clean_extra(snapshot.extra),
        }
        # The PGN first: if we die between the two writes, the game (what
        # matters) is current and only the sidecar is one move old.
        write_text_atomically(self.pgn_path, snapshot.pgn)
        write_text_atomically(self.sidecar_path, json.dumps(sidecar, indent=1, sort_keys=True) + "\n")

    def save_game(self, game: chess.pgn.Game, extra: Mapping[str, ExtraValue] | None = None) -> None:
        """Convenience: save a live game tree with window state."""
        self.save(AutosaveSnapshot.from_game(game, extra))

    def mark_finished(self) -> None:
        """The game ended normally: keep the file, but don't offer it for resuming."""
        sidecar = self._read_sidecar_quietly()
        if sidecar is None or not self.pgn_path.exists():
            return
        sidecar["finished"] = True
        write_text_atomically(self.sidecar_path, json.dumps(sidecar, indent=1, sort_keys=True) + "\n")

    def discard(self) -> None:
        """Remove the autosave (e.g. the user declined to resume)."""
        for path in (self.pgn_path, self.sidecar_path):
            try:
                path.unlink()
            except FileNotFoundError:
                pass

    def has_unfinished_game(self) -> bool:
        """Cheap check for the start-up question (full validation happens in load())."""
        if not self.pgn_path.exists():
            return False
        sidecar = self._read_sidecar_quietly()
        return not (sidecar is not None and sidecar.get("finished") is True)

    def load(self) -> AutosaveSnapshot | None:
        """The unfinished game, or None when there is none (or it finished).

        Raises :class:`AutosaveCorruptError` when the saved game cannot be read;
        the broken files have then been renamed aside, so the next load()
        returns None and the program starts normally.
        """
        if not self.pgn_path.exists():
            return None
        problems: list[str] = []
        extra: dict[str, ExtraValue] = {}
        saved_at = ""
        finished = False
        if self.sidecar_path.exists():
            try:
                sidecar = json.loads(self.sidecar_path.read_text(encoding="utf-8"))
                if not isinstance(sidecar, dict) or not isinstance(sidecar.get("extra", {}), dict):
                    raise ValueError(QCoreApplication.translate("AutosaveStore", "not a JSON object"))
                extra = _clean_extra(sidecar.get("extra", {}))
                saved_at = str(sidecar.get("saved_at", ""))
                finished = sidecar.get("finished") is True
            except (OSError, ValueError) as error:
                aside = self._set_aside(self.sidecar_path)
                problems.append(
                    QCoreApplication.translate(
                        "AutosaveStore",
                        "the autosave details (players, clocks) were damaged ({error}) and were moved to {name}",
                    ).format(error=_in_words(error), name=aside.name)
                )
        if finished:
            return None
        try:
            text = self.pgn_path.read_text(encoding="utf-8")
            snapshot = AutosaveSnapshot(pgn=text, extra=extra, saved_at=saved_at, problems=tuple(problems))
            game = snapshot.game()
            if game.errors:
                raise PgnGameError(
                    QCoreApplication.translate("AutosaveStore", "{count} unreadable move(s)").format(
                        count=len(game.errors)
                    )
                )
        except (OSError, UnicodeDecodeError, PgnGameError) as error:
            moved = [self._set_aside(self.pgn_path)]
            if self.sidecar_path.exists():
                moved.append(self._set_aside(self.sidecar_path))
            raise AutosaveCorruptError(
                QCoreApplication.translate(
                    "AutosaveStore",
                    "The autosaved game could not be read ({error}). It was moved aside to "
                    "{value} so it can be inspected; the program starts with a new game.",
                ).format(error=_in_words(error), value=moved[0]),
                tuple(moved),
            ) from error
        return snapshot

    def _read_sidecar_quietly(self) -> dict[str, object] | None:
        try:
            data = json.loads(self.sidecar_path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return data if isinstance(data, dict) else None

    def _set_aside(self, path: Path) -> Path:
        stamp = _utc_now().strftime("%Y%m%d-%H%M%S")
        target = path.with_name(f"{path.name}.corrupt-{stamp}")
        counter = 1
        while target.exists():
            counter += 1
            target = path.with_name(f"{path.name}.corrupt-{stamp}-{counter}")
        try:
            os.replace(path, target)
        except OSError:
            # Cannot rename (read-only dir?): at least stop offering it.
            return path
        return target


def _in_words(error: Exception) -> str:
    """Why a saved file could not be read; a decoding error's own text names codecs and byte positions."""
    if isinstance(error, UnicodeDecodeError):
        return "it holds binary data, not text"
    if isinstance(error, OSError):
        return error.strerror or str(error)
    return str(error)
