"""Window details a new user noticed: the log at game end, the eval bar, the board's place,
readable engine statistics and navigation icons, plain-words prompts and dialog texts."""

from __future__ import annotations

from pathlib import Path

import chess
import chess.pgn
import pytest
from PySide6.QtGui import QColor, QFont, QImage
from PySide6.QtWidgets import QComboBox

from chessgui.clock.time_control import EngineTimeMode, TimeControl
from chessgui.dialogs.settings_dialog import SettingsDialog
from chessgui.game.move_count import full_move_count
from chessgui.main_window import MainWindow
from chessgui.storage.autosave import AutosaveStore
from chessgui.storage.settings import PlayerKind, PlayerSettings, Settings
from chessgui.views.board.board_widget import BoardWidget
from chessgui.views.board_area import BoardArea
from chessgui.views.engine_panel import EnginePanel
from chessgui.views.eval_bar import EvalBar
from chessgui.views.move_log import MoveLogPanel

# ---------------------------------------------------------------------- the log at game end


def test_result_line_leaves_the_last_move_fully_visible(qtbot, show_widget) -> None:
    panel = show_widget(MoveLogPanel(), 300, 300)
    game = chess.pgn.Game()
    game.add_line([chess.Move.from_uci(uci) for uci in ("g1f3", "g8f6", "f3g1", "f6g8")] * 10)
    panel.set_game(game)
    last = game.end()
    panel.set_current_node(last)
    panel.set_result("1/2-1/2  ·  Draw by fivefold repetition, a long enough reason to wrap onto two lines")
    browser = panel.browser()
    label = panel.result_label()
    # Wait until the layout has made room for the result line under the moves.
    qtbot.waitUntil(lambda: label.isVisible() and browser.geometry().bottom() < label.geometry().top(), timeout=2000)

    def last_move_fully_visible() -> bool:
        rect = panel.move_rect(last)
        return not rect.isEmpty() and browser.viewport().rect().contains(rect)

    qtbot.waitUntil(last_move_fully_visible, timeout=1000)
    assert label.isVisible() and label.text().startswith("1/2-1/2")


# ---------------------------------------------------------------------- autosave prompt


def test_autosave_prompt_counts_full_moves_not_plies(qtbot, tmp_path: Path) -> None:
    first = MainWindow(autosave_store=AutosaveStore(tmp_path))
    qtbot.addWidget(first)
    for san in ("e4", "c5", "Nf3", "d6", "d4"):  # 5 plies: White's third move is played
        first.board_widget.move_requested.emit(first.controller.board().parse_san(san))
    second = MainWindow(autosave_store=AutosaveStore(tmp_path))
    qtbot.addWidget(second)
    questions: list[str] = []
    assert second.offer_resume(lambda text: questions.append(text) or True)
    assert "3 moves" in questions[0], questions[0]


@pytest.mark.parametrize(
    ("pgn", "moves"),
    [
        ("*", 0),
        ("1. e4 *", 1),
        ("1. e4 e5 *", 1),
        ("1. e4 e5 2. Nf3 *", 2),
        ('[FEN "4k3/8/8/8/8/8/8/4K2R b K - 0 12"]\n\n12... Kd7 *', 1),
        ('[FEN "4k3/8/8/8/8/8/8/4K2R b K - 0 12"]\n\n12... Kd7 13. Rh7+ *', 2),
    ],
)
def test_full_move_count(pgn: str, moves: int, pgn_game) -> None:
    assert full_move_count(pgn_game(pgn)) == moves


# ---------------------------------------------------------------------- settings: Clock tab


def test_clock_tab_note_follows_the_chosen_time_control(qtbot) -> None:
    settings = Settings(white=PlayerSettings(), black=PlayerSettings(kind=PlayerKind.BUILTIN))
    dialog = SettingsDialog(settings)
    qtbot.addWidget(dialog)
    note = dialog.clock_note
    presets = dialog.time_control_editor.findChild(QComboBox, "time_control_preset")
    assert "Without a clock" in note.text()
    presets.setCurrentIndex(presets.findText("Blitz 5+3"))  # as the user picks a clock
    assert "Without a clock" not in note.text()
    assert "remaining time" in note.text()
    dialog.engine_time_combo.setCurrentIndex(dialog.engine_time_combo.findData(EngineTimeMode.FIXED_PER_MOVE))
    assert "time per move" in note.text() and "lose on time" in note.text()
    presets.setCurrentIndex(presets.findText("Untimed"))
    assert "Without a clock" in note.text()
    # A dialog opened on a timed game says so from the start.
    timed = SettingsDialog(
        Settings(white=PlayerSettings(), black=PlayerSettings(), time_control=TimeControl.from_minutes(3, 2))
    )
    qtbot.addWidget(timed)
    assert "remaining time" in timed.clock_note.text()


# ---------------------------------------------------------------------- eval bar


def test_eval_bar_shows_the_stored_evaluation_after_takeback(qtbot, pgn_game) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    window.controller.load_game(pgn_game("1. e4 {[%eval 0.50]} e5 {[%eval -1.20]} 2. Nf3 {[%eval 2.00]} *"))
    assert window.eval_bar.score_text() == "2.0"
    window.actions_.takeback.trigger()
    assert window.controller.live_ply() == 2
    assert window.eval_bar.score_text() == "1.2"
    assert window.eval_bar.white_share() < 0.5


def test_eval_bar_is_even_without_a_stored_evaluation(qtbot, pgn_game) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    window.controller.load_game(pgn_game("1. e4 {[%eval 0.50]} e5 *"))
    assert window.eval_bar.score_text() == ""
    window.controller.load_game(pgn_game("1. e4 e5 2. Nf3 {[%eval #3]} *"))
    assert window.eval_bar.score_text() == "#3" and window.eval_bar.white_share() == 1.0


# ---------------------------------------------------------------------- the board does not jump


def test_board_keeps_its_place_when_the_eval_bar_hides(show_widget) -> None:
    board, bar = BoardWidget(), EvalBar()
    area = show_widget(BoardArea(board, bar), 900, 600)
    area.relayout()
    with_bar = board.geometry()
    bar.hide()
    area.relayout()
    assert board.geometry() == with_bar
    bar.show()
    area.relayout()
    assert board.geometry() == with_bar


# ---------------------------------------------------------------------- contrast and sizes


def _relative_luminance(color: QColor) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(color.red()) + 0.7152 * channel(color.green()) + 0.0722 * channel(color.blue())


def _contrast(a: QColor, b: QColor) -> float:
    la, lb = sorted((_relative_luminance(a), _relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_engine_statistics_text_has_wcag_aa_contrast(show_widget) -> None:
    panel = show_widget(EnginePanel(), 400, 200)
    label = panel.stats_label(chess.WHITE)
    assert label.text() == "not thinking"
    image: QImage = label.grab().toImage()
    background = label.palette().color(label.backgroundRole())
    # The most contrasting pixel of the rendered text (a glyph's solid core).
    best = max(
        _contrast(image.pixelColor(x, y), background) for x in range(image.width()) for y in range(image.height())
    )
    assert best >= 4.5, best


def test_navigation_icons_are_readable_and_follow_the_font(qtbot) -> None:
    panel = MoveLogPanel()
    qtbot.addWidget(panel)
    buttons = panel.navigation_buttons()
    assert len(buttons) == 4
    sizes = {button.iconSize().height() for button in buttons}
    assert len(sizes) == 1 and min(sizes) >= 20
    for button in buttons:
        # The drawn glyph fills most of the icon (the style's media icons were thin lines).
        image = button.icon().pixmap(button.iconSize()).toImage()
        rows = [
            y for y in range(image.height()) if any(image.pixelColor(x, y).alpha() > 128 for x in range(image.width()))
        ]
        assert rows and rows[-1] - rows[0] + 1 >= 0.6 * image.height()
    big = QFont(panel.font())
    big.setPointSizeF(big.pointSizeF() * 2)
    panel.setFont(big)
    assert all(button.iconSize().height() > min(sizes) for button in buttons)
