"""The Board tab's look choices: the live preview follows them; OK returns them."""

from __future__ import annotations

from chessgui.dialogs.settings_dialog import SettingsDialog
from chessgui.storage.board_settings import BoardSettings, ColorScheme
from chessgui.storage.settings import Settings
from chessgui.views.board.piece_sets import piece_renderer
from chessgui.views.board.theme import THEMES
from chessgui.views.color_scheme import is_dark


def test_preview_follows_the_choices_and_the_result_keeps_them(qtbot) -> None:
    dialog = SettingsDialog(Settings(board=BoardSettings(theme="blue", piece_set="cburnett")))
    qtbot.addWidget(dialog)
    look = dialog.look_editor
    assert look.preview.theme() is THEMES["blue"]
    before = look.preview.grab().toImage()
    look.theme_combo.setCurrentIndex(look.theme_combo.findData("purple"))
    look.piece_set_combo.setCurrentIndex(look.piece_set_combo.findData("xboard"))
    look.color_scheme_combo.setCurrentIndex(look.color_scheme_combo.findData(ColorScheme.DARK))
    assert look.preview.theme() is THEMES["purple"]
    assert look.preview.piece_renderer() is piece_renderer("xboard")
    assert look.preview.grab().toImage() != before
    assert is_dark(look.preview_frame.palette())
    assert not is_dark(dialog.palette())  # the app itself changes only after OK
    board = dialog.result_settings().board
    assert (board.theme, board.piece_set, board.color_scheme) == ("purple", "xboard", ColorScheme.DARK)
    look.color_scheme_combo.setCurrentIndex(look.color_scheme_combo.findData(ColorScheme.LIGHT))
    assert not is_dark(look.preview_frame.palette())


def test_unknown_saved_names_select_the_defaults(qtbot) -> None:
    dialog = SettingsDialog(Settings(board=BoardSettings(theme="gone", piece_set="gone")))
    qtbot.addWidget(dialog)
    assert dialog.look_editor.theme() == "brown"
    assert dialog.look_editor.piece_set() == "cburnett"
