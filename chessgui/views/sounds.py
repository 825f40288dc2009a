"""Sound effects: which sound an event makes, and playing it without ever failing.

:func:`sound_for_san` picks the sound of a move from its SAN (python-chess marks
checks, captures, castling and promotions there). :class:`SoundPlayer` plays the
shipped WAV files with QtMultimedia's ``QSoundEffect`` when this Qt has it. When it
does not (PySide6-Essentials ships without QtMultimedia) or there is no sound
device, sounds are simply silent: :meth:`SoundPlayer.availability_note` says why,
once, in plain words, and nothing ever raises.

The backend is a small protocol so tests can record what would play.
"""

from __future__ import annotations

import logging
from typing import Any, Protocol

from PySide6.QtCore import QCoreApplication, QObject, QUrl

from chessgui.i18n import QT_TRANSLATE_NOOP
from chessgui.resources_path import resource_path
from chessgui.storage.access_settings import AccessSettings, SoundEvent

_log = logging.getLogger(__name__)

NO_MULTIMEDIA_NOTE = QT_TRANSLATE_NOOP(
    "sounds",
    "Sounds are off: this copy of Qt has no QtMultimedia module (PySide6-Essentials lacks it; "
    "installing PySide6-Addons adds it).",
)


def sound_for_san(san: str) -> SoundEvent:
    """The sound of a move written in SAN: check beats promotion beats castling beats capture."""
    if san.endswith(("+", "#")):
        return SoundEvent.CHECK
    if "=" in san:
        return SoundEvent.PROMOTION
    if san.startswith(("O-O", "0-0")):
        return SoundEvent.CASTLE
    if "x" in san:
        return SoundEvent.CAPTURE
    return SoundEvent.MOVE


class SoundBackend(Protocol):
    """Plays one event's sound at a volume between 0.0 and 1.0."""

    def play(self, event: SoundEvent, volume: float) -> None:
        """Start the sound (return at once; never raise)."""

    def note(self) -> str | None:
        """Why sounds cannot be heard, or None when they can."""


class SilentBackend:
    """No sound at all (no QtMultimedia); remembers why."""

    def __init__(self, reason: str) -> None:
        self._reason = reason

    def play(self, event: SoundEvent, volume: float) -> None:  # noqa: ARG002 - protocol
        """Nothing to play on."""

    def note(self) -> str | None:
        """Why there is no sound."""
        return self._reason


class QtSoundBackend:
    """``QSoundEffect`` per event, loaded on first use from ``resources/sounds``."""

    def __init__(self, parent: QObject | None = None) -> None:
        from PySide6.QtMultimedia import QSoundEffect  # noqa: PLC0415 - optional module

        self._effect_class = QSoundEffect
        self._parent = parent
        self._effects: dict[SoundEvent, Any] = {}  # QSoundEffect (QtMultimedia is optional: untyped here)

    def play(self, event: SoundEvent, volume: float) -> None:
        """Play ``event``; a missing file or device leaves it silent (Qt only logs a warning)."""
        try:
            effect = self._effects.get(event)
            if effect is None:
                effect = self._effect_class(self._parent)
                path = resource_path("sounds", f"{event.value}.wav")
                effect.setSource(QUrl.fromLocalFile(str(path)))
                self._effects[event] = effect
            effect.setVolume(max(0.0, min(1.0, volume)))
            effect.play()
        except Exception:  # a sound must never break a game
            _log.warning("Could not play the %s sound", event.value, exc_info=True)

    def note(self) -> str | None:
        """QSoundEffect stays silent by itself when there is no device."""
        return None


def multimedia_note() -> str | None:
    """Why this Qt cannot play sounds (no QtMultimedia), or None when it can."""
    try:
        from PySide6.QtMultimedia import QSoundEffect  # noqa: F401, PLC0415 - optional module
    except ImportError:
        return QCoreApplication.translate("sounds", NO_MULTIMEDIA_NOTE)
    return None


def default_backend(parent: QObject | None = None) -> SoundBackend:
    """QtMultimedia when this Qt has it, else silence with a note."""
    try:
        return QtSoundBackend(parent)
    except ImportError:
        _log.info(NO_MULTIMEDIA_NOTE)
        return SilentBackend(QCoreApplication.translate("sounds", NO_MULTIMEDIA_NOTE))


class SoundPlayer(QObject):
    """Plays the sound of game events as the settings allow (the window wires it to the controller)."""

    def __init__(self, backend: SoundBackend | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._backend = backend if backend is not None else default_backend(self)
        self._settings = AccessSettings()

    def set_settings(self, settings: AccessSettings) -> None:
        """Which sounds play and how loud."""
        self._settings = settings

    def settings(self) -> AccessSettings:
        """The sound settings in force."""
        return self._settings

    def availability_note(self) -> str | None:
        """Why sounds cannot be heard on this system (plain words), or None."""
        return self._backend.note()

    def play(self, event: SoundEvent) -> bool:
        """Play ``event`` if it is switched on; True when it was sent to the backend."""
        if not self._settings.plays(event):
            return False
        self._backend.play(event, self._settings.volume / 100)
        return True

    def on_move_made(self, san: str) -> None:
        """A move was played (checkmate's own sound follows with the game end)."""
        self.play(sound_for_san(san))

    def on_game_over(self) -> None:
        """The game ended."""
        self.play(SoundEvent.GAME_END)

    def on_low_time(self) -> None:
        """A human's clock fell under the warning threshold."""
        self.play(SoundEvent.LOW_TIME)
