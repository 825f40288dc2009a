"""Settings: QSettings round trip, and damaged files falling back to defaults."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import chess
from PySide6.QtCore import QSettings

from chessgui.clock.time_control import EngineTimeMode, TimeControl
from chessgui.storage.board_settings import BoardSettings
from chessgui.storage.settings import (
    DEFAULT_MOVE_TIME_MS,
    NEW_USER_LEVEL,
    PlayerKind,
    PlayerSettings,
    Settings,
    load_settings,
    save_settings,
)


def _ini(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)


def test_defaults_when_nothing_saved(tmp_path: Path) -> None:
    settings = load_settings(_ini(tmp_path))
    assert settings == Settings()
    assert settings.white.kind is PlayerKind.HUMAN
    assert settings.black.kind is PlayerKind.BUILTIN


def test_round_trip_through_qsettings(tmp_path: Path) -> None:
    original = Settings(
        white=PlayerSettings(
            kind=PlayerKind.UCI,
            uci_path="/usr/games/stockfish",
            uci_options=(("Skill Level", "5"), ("UCI_Elo", "1500"), ("Weird, name", "a, b")),
            move_time_ms=2500,
            hash_mb=32,
        ),
        black=PlayerSettings(kind=PlayerKind.BUILTIN, move_time_ms=0, depth=6, nodes=200_000, threads=3),
        board=BoardSettings(show_legal_moves=False, show_coordinates=False, animation_ms=0, auto_flip=False),
        min_move_delay_ms=1500,
        time_control=TimeControl.from_minutes(5, 3),
        engine_time_mode=EngineTimeMode.FIXED_PER_MOVE,
    )
    save_settings(_ini(tmp_path), original)
    assert load_settings(_ini(tmp_path)) == original


def test_single_uci_option_round_trips(tmp_path: Path) -> None:
    original = Settings(white=PlayerSettings(kind=PlayerKind.UCI, uci_options=(("Skill Level", "3, 4"),)))
    save_settings(_ini(tmp_path), original)
    assert load_settings(_ini(tmp_path)).white.uci_options == (("Skill Level", "3, 4"),)


def test_corrupt_values_fall_back_to_defaults(tmp_path: Path) -> None:
    (tmp_path / "s.ini").write_text(
        "[white]\nkind=robot\nmove_time_ms=fast\ndepth=-3\nhash_mb=999999999\nthreads=99\nuci_option_names=a, b\n"
        "uci_option_values=1\n[black]\nkind=uci\nnodes=12x\nthreads=0\n"
        "[board]\nshow_legal_moves=maybe\nanimation_ms=99999\nauto_flip=false\n"
        "[play]\nmin_move_delay_ms=@Variant(\\0\\0\\0\\x7f\\0\\0\\0\\x14garbage)\ntime_control=5 hours and a bit\n"
        "engine_time_mode=sometimes\n"
    )
    settings = load_settings(_ini(tmp_path))
    defaults = Settings()
    assert settings.white == defaults.white
    assert settings.black == PlayerSettings(kind=PlayerKind.UCI, elo=NEW_USER_LEVEL)  # the default level, unused by UCI
    assert settings.board == replace(defaults.board, auto_flip=False)
    assert settings.min_move_delay_ms == defaults.min_move_delay_ms
    assert settings.time_control == defaults.time_control
    assert settings.engine_time_mode == defaults.engine_time_mode


def test_unreadable_file_gives_defaults(tmp_path: Path) -> None:
    (tmp_path / "s.ini").write_bytes(b"\x00\xff\xfe garbage [[[ \n=\n[white\nkind")
    assert load_settings(_ini(tmp_path)) == Settings()


def test_player_helpers() -> None:
    settings = Settings()
    assert settings.player(chess.WHITE) is settings.white
    assert settings.human_colors() == [chess.WHITE]
    both = settings.with_player(chess.WHITE, PlayerSettings(kind=PlayerKind.BUILTIN))
    assert both.is_engine_vs_engine()
    assert PlayerSettings(kind=PlayerKind.BUILTIN, move_time_ms=0, depth=5).effective_move_time_ms() is None
    assert PlayerSettings(kind=PlayerKind.BUILTIN, move_time_ms=0).effective_move_time_ms() == DEFAULT_MOVE_TIME_MS
    assert PlayerSettings(kind=PlayerKind.UCI, move_time_ms=0, depth=5).effective_move_time_ms() == DEFAULT_MOVE_TIME_MS


def test_threads_range_is_the_engines() -> None:
    from chessgui.storage.settings import THREADS_RANGE
    from engine.smp import MAX_THREADS

    assert THREADS_RANGE == (1, MAX_THREADS)
    assert PlayerSettings().threads == 1


def test_a_new_user_plays_a_level_that_matches_a_new_rating(tmp_path: Path) -> None:
    """Double-click and play: the first opponent is the Casual level, where a new rating starts
    (1200), not full strength (about 2500 against Stockfish), and the game counts for the rating."""
    from chessgui.game.rating_keeper import rated_setup
    from chessgui.storage.rating import START_RATING

    settings = load_settings(_ini(tmp_path))
    assert settings.black.elo == START_RATING
    setup = rated_setup(settings)
    assert setup is not None and setup.human == chess.WHITE and setup.level == START_RATING
