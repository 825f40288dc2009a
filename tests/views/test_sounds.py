"""Which sound each event makes, the settings that silence it, and silence without QtMultimedia."""

from __future__ import annotations

import wave

import pytest

from chessgui.resources_path import resource_path
from chessgui.storage.access_settings import AccessSettings, SoundEvent
from chessgui.views.sounds import SilentBackend, SoundPlayer, default_backend, multimedia_note, sound_for_san


class RecordingBackend:
    """Stands in for the audio device: remembers what it was asked to play."""

    def __init__(self) -> None:
        self.played: list[tuple[SoundEvent, float]] = []

    def play(self, event: SoundEvent, volume: float) -> None:
        self.played.append((event, volume))

    def note(self) -> str | None:
        return None


@pytest.mark.parametrize(
    ("san", "event"),
    [
        ("e4", SoundEvent.MOVE),
        ("Nf3", SoundEvent.MOVE),
        ("exd5", SoundEvent.CAPTURE),
        ("Bxf7+", SoundEvent.CHECK),
        ("Qxf7#", SoundEvent.CHECK),
        ("O-O", SoundEvent.CASTLE),
        ("O-O-O+", SoundEvent.CHECK),
        ("e8=Q", SoundEvent.PROMOTION),
        ("dxe8=N", SoundEvent.PROMOTION),
    ],
)
def test_sound_is_chosen_from_the_move(san: str, event: SoundEvent) -> None:
    assert sound_for_san(san) is event


def test_player_plays_moves_game_end_and_low_time_at_the_set_volume(qapp) -> None:
    backend = RecordingBackend()
    player = SoundPlayer(backend)
    player.set_settings(AccessSettings(volume=40))
    player.on_move_made("exd5")
    player.on_move_made("O-O")
    player.on_game_over()
    player.on_low_time()
    assert backend.played == [
        (SoundEvent.CAPTURE, 0.4),
        (SoundEvent.CASTLE, 0.4),
        (SoundEvent.GAME_END, 0.4),
        (SoundEvent.LOW_TIME, 0.4),
    ]


def test_each_sound_can_be_switched_off_and_all_of_them_at_once(qapp) -> None:
    backend = RecordingBackend()
    player = SoundPlayer(backend)
    player.set_settings(AccessSettings(sounds_off=frozenset({SoundEvent.CAPTURE})))
    assert not player.play(SoundEvent.CAPTURE)
    assert player.play(SoundEvent.MOVE)
    player.set_settings(AccessSettings(sounds_on=False))
    assert not player.play(SoundEvent.MOVE)
    player.set_settings(AccessSettings(volume=0))
    assert not player.play(SoundEvent.MOVE)
    assert [event for event, _ in backend.played] == [SoundEvent.MOVE]


def test_without_multimedia_sounds_are_silent_and_say_why(qapp) -> None:
    player = SoundPlayer(SilentBackend("no QtMultimedia"))
    assert player.play(SoundEvent.MOVE)  # sent to the backend, which does nothing and raises nothing
    assert player.availability_note() == "no QtMultimedia"


def test_the_default_backend_never_fails(qapp) -> None:
    backend = default_backend()
    backend.play(SoundEvent.CHECK, 0.5)  # a device or none, QtMultimedia or none: never an error
    assert backend.note() == multimedia_note()


@pytest.mark.parametrize("event", list(SoundEvent))
def test_every_sound_ships_as_a_short_pcm_wav(event: SoundEvent) -> None:
    path = resource_path("sounds", f"{event.value}.wav")
    assert path.is_file()
    with wave.open(str(path), "rb") as wav:
        assert wav.getsampwidth() == 2 and wav.getnchannels() == 1
        assert 0.05 < wav.getnframes() / wav.getframerate() < 1.0


def test_the_sounds_have_a_recorded_license() -> None:
    text = resource_path("sounds", "LICENSE.md").read_text(encoding="utf-8")
    assert "CC0" in text and "make_sounds.py" in text
