"""Sound & access settings survive QSettings, and damaged values fall back to the defaults."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QSettings

from chessgui.storage.access_settings import AccessSettings, SoundEvent
from chessgui.storage.settings import Settings, load_settings, save_settings


def _ini(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)


def test_access_settings_round_trip(tmp_path: Path) -> None:
    access = AccessSettings(
        sounds_on=False,
        volume=35,
        sounds_off=frozenset({SoundEvent.LOW_TIME, SoundEvent.CAPTURE}),
        announce_moves=False,
    )
    save_settings(_ini(tmp_path), replace(Settings(), access=access))
    assert load_settings(_ini(tmp_path)).access == access


def test_no_sound_switched_off_round_trips_too(tmp_path: Path) -> None:
    save_settings(_ini(tmp_path), replace(Settings(), access=AccessSettings(volume=90)))
    assert load_settings(_ini(tmp_path)).access == AccessSettings(volume=90)


def test_damaged_access_values_fall_back(tmp_path: Path) -> None:
    qsettings = _ini(tmp_path)
    qsettings.setValue("sound/on", "maybe")
    qsettings.setValue("sound/volume", "loud")
    qsettings.setValue("sound/off", ["check", "not-a-sound"])
    qsettings.sync()
    access = load_settings(_ini(tmp_path)).access
    assert access.sounds_on is True and access.volume == AccessSettings().volume
    assert access.sounds_off == frozenset({SoundEvent.CHECK})


def test_hand_edited_switch_words_read_alike_in_access_and_main_settings(tmp_path: Path) -> None:
    qsettings = _ini(tmp_path)
    qsettings.setValue("sound/on", " Off ")
    qsettings.setValue("access/announce_moves", "no")
    qsettings.setValue("board/show_legal_moves", "NO")
    qsettings.setValue("tablebases/play_perfectly", "yes")
    qsettings.sync()
    settings = load_settings(_ini(tmp_path))
    assert settings.access.sounds_on is False and settings.access.announce_moves is False
    assert settings.board.show_legal_moves is False and settings.tablebases.play_perfectly is True
