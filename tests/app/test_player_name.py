"""A person's name instead of "Human": in the PGN (My games, saved files), on the clock card."""

from __future__ import annotations

import io
from pathlib import Path

import chess
import chess.pgn
from hypothesis import given
from hypothesis import strategies as st
from PySide6.QtCore import QSettings

from chessgui.dialogs.settings_dialog import SettingsDialog
from chessgui.main_window import MainWindow
from chessgui.storage.settings import (
    PlayerKind,
    PlayerSettings,
    Settings,
    clean_player_name,
    load_settings,
    save_settings,
)


def test_a_named_person_plays_under_that_name_and_the_name_can_change_mid_game(qtbot, play_moves) -> None:
    settings = Settings(white=PlayerSettings(name="Ann"), black=PlayerSettings(name="Bob"))
    window = MainWindow(settings=settings)
    qtbot.addWidget(window)
    assert window.controller.game().headers["White"] == "Ann" and window.controller.game().headers["Black"] == "Bob"
    play_moves(window, "e4")
    window.session.apply(settings.with_player(chess.BLACK, PlayerSettings(name="Bea")))
    assert window.controller.game().headers["Black"] == "Bea" and window.controller.live_ply() == 1
    window.session.apply(settings.with_player(chess.BLACK, PlayerSettings()))
    assert window.controller.game().headers["Black"] == "Human"  # no name: as before


def test_the_name_is_edited_in_the_players_tab_kept_and_made_safe(qtbot, tmp_path: Path) -> None:
    dialog = SettingsDialog(Settings())
    qtbot.addWidget(dialog)
    editor = dialog.white_editor
    assert editor.name_edit.isEnabled() and editor.name_edit.placeholderText() == "Human"
    editor.name_edit.setText('  Ann  "the\\great"\t Smith ')
    chosen = dialog.result_settings()
    assert chosen.white.name == "Ann 'the/great' Smith"  # PGN tags cannot hold a bare " or \
    dialog.black_editor.computer_radio.setChecked(True)
    assert not dialog.black_editor.name_edit.isEnabled()  # engines have their own names
    ini = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    save_settings(ini, chosen)
    assert load_settings(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)).white.name == chosen.white.name
    game = chess.pgn.Game()
    game.headers["White"] = chosen.white.name
    read = chess.pgn.read_game(io.StringIO(str(game)))
    assert read is not None and read.headers["White"] == "Ann 'the/great' Smith"
    assert clean_player_name("x" * 200) == "x" * 40 and clean_player_name("\x00\n") == ""
    assert PlayerSettings(kind=PlayerKind.BUILTIN, name="Ann").kind is PlayerKind.BUILTIN


@given(st.text())
def test_any_text_becomes_a_name_a_pgn_tag_holds(text: str) -> None:
    name = clean_player_name(text)
    assert len(name) <= 40 and not set(name) & {'"', "\\", "\n", "\r", "\t"}
    assert clean_player_name(name) == name  # settled: saving and loading it changes nothing
    game = chess.pgn.Game()
    game.headers["White"] = name or "?"
    read = chess.pgn.read_game(io.StringIO(str(game)))
    assert read is not None and read.headers["White"] == (name or "?")
