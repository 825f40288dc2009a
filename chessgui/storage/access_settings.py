"""Sound and accessibility settings: which sounds play, how loud, whether moves are announced.

Kept in its own module so :mod:`chessgui.storage.settings` only gains one field; the
values are read one by one and fall back to the default, like every other setting.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QCoreApplication, QSettings

from chessgui.i18n import QT_TRANSLATE_NOOP
from chessgui.storage.setting_values import as_bool

VOLUME_RANGE = (0, 100)
"""Sound volume in percent."""


class SoundEvent(enum.Enum):
    """What a sound stands for; the value is also the WAV file's name (``resources/sounds/<value>.wav``)."""

    MOVE = "move"
    CAPTURE = "capture"
    CHECK = "check"
    CASTLE = "castle"
    PROMOTION = "promotion"
    GAME_END = "game_end"
    LOW_TIME = "low_time"

    @property
    def label(self) -> str:
        """Words for the settings dialog."""
        return QCoreApplication.translate("SoundEvent", _LABELS[self])


_LABELS = {
    SoundEvent.MOVE: QT_TRANSLATE_NOOP("SoundEvent", "Move"),
    SoundEvent.CAPTURE: QT_TRANSLATE_NOOP("SoundEvent", "Capture"),
    SoundEvent.CHECK: QT_TRANSLATE_NOOP("SoundEvent", "Check"),
    SoundEvent.CASTLE: QT_TRANSLATE_NOOP("SoundEvent", "Castling"),
    SoundEvent.PROMOTION: QT_TRANSLATE_NOOP("SoundEvent", "Promotion"),
    SoundEvent.GAME_END: QT_TRANSLATE_NOOP("SoundEvent", "Game end"),
    SoundEvent.LOW_TIME: QT_TRANSLATE_NOOP("SoundEvent", "Low time (under 10 seconds)"),
}


@dataclass(frozen=True, slots=True)
class AccessSettings:
    """Sounds and screen-reader announcements."""

    sounds_on: bool = True
    """Master switch for every sound."""
    volume: int = 70
    """Sound volume in percent (0–100)."""
    sounds_off: frozenset[SoundEvent] = frozenset()
    """Sounds switched off one by one (the others play while ``sounds_on``)."""
    announce_moves: bool = True
    """Announce every move, check and game end to screen readers (and in the status line)."""

    def plays(self, event: SoundEvent) -> bool:
        """True when ``event``'s sound should be heard."""
        return self.sounds_on and self.volume > 0 and event not in self.sounds_off


def load_access_settings(read: Any, default: AccessSettings) -> AccessSettings:
    """Read the values with ``read(key)`` (the settings module's tolerant reader); bad ones fall back."""
    sounds_on = as_bool(read("sound/on"), default.sounds_on)
    try:
        volume = int(str(read("sound/volume")).strip())
    except (TypeError, ValueError):
        volume = default.volume
    if not VOLUME_RANGE[0] <= volume <= VOLUME_RANGE[1]:
        volume = default.volume
    raw_off = read("sound/off")
    if raw_off is None:
        sounds_off = default.sounds_off
    else:
        names = [raw_off] if isinstance(raw_off, str) else list(raw_off) if isinstance(raw_off, (list, tuple)) else []
        sounds_off = frozenset(event for event in SoundEvent if event.value in {str(name) for name in names})
    announce = as_bool(read("access/announce_moves"), default.announce_moves)
    return AccessSettings(sounds_on=sounds_on, volume=volume, sounds_off=sounds_off, announce_moves=announce)


def save_access_settings(qsettings: QSettings, access: AccessSettings) -> None:
    """Write ``access``; :func:`load_access_settings` reads back an equal value."""
    qsettings.setValue("sound/on", access.sounds_on)
    qsettings.setValue("sound/volume", access.volume)
    # An empty list is stored as an "empty" marker string so it reads back as "none off", not "unset".
    qsettings.setValue("sound/off", sorted(event.value for event in access.sounds_off) or "")
    qsettings.setValue("access/announce_moves", access.announce_moves)
