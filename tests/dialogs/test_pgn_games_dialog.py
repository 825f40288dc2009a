"""The games list of a PGN file: background indexing, filter, picking, problems."""

from __future__ import annotations

from pathlib import Path

import chess
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from chessgui.dialogs.pgn_games_dialog import PgnGamesDialog, readable_date

MIXED = """[Event "Club"]
[Date "2023.04.??"]
[White "Ann"]
[Black "Bob"]
[Result "1-0"]
[ECO "C20"]
[Opening "King's pawn game"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0

[Event "Open"]
[White "Smith"]
[Black "Jones"]
[Result "*"]

1. d4 d5 2. Qd6 *

[Event "Broken start"]
[White "Carl"]
[Black "Dora"]
[FEN "8/8/8 w - - 0 1"]

1. e4 *

[Event "Open"]
[White "Eve"]
[Black "Smith"]
[Result "0-1"]

1. f3 e5 2. g4 Qh4# 0-1
"""


def _dialog(qtbot, tmp_path: Path, text: str = MIXED, **kwargs) -> PgnGamesDialog:
    path = tmp_path / "games.pgn"
    path.write_text(text, encoding="utf-8")
    dialog = PgnGamesDialog(path, **kwargs)
    qtbot.addWidget(dialog)
    return dialog


def test_lists_games_and_problems(qtbot, tmp_path: Path) -> None:
    dialog = _dialog(qtbot, tmp_path)
    with qtbot.waitSignal(dialog.index_finished, timeout=10_000):
        dialog.show()
    assert dialog.model.rowCount() == 4
    assert [dialog.proxy.index(0, c).data() for c in range(7)] == [
        1,
        "Ann",
        "Bob",
        "1-0",
        "2023.04",
        "Club",
        "C20 King's pawn game",
    ]
    assert not dialog.problems_view.isHidden()
    text = dialog.problems_view.toPlainText()
    assert "game 2 (Smith – Jones): line 16: illegal move 'Qd6' at move 2" in text
    assert text.startswith("2 games have problems")
    assert "game 3 (Carl – Dora): the start position (FEN tag) is not valid" in text
    assert "illegal move 'Qd6'" in dialog.proxy.index(1, 0).data(Qt.ItemDataRole.ToolTipRole)
    assert dialog.proxy.index(0, 0).data(Qt.ItemDataRole.ToolTipRole) is None


def test_filter_and_double_click_picks(qtbot, tmp_path: Path) -> None:
    dialog = _dialog(qtbot, tmp_path)
    dialog.show()
    qtbot.waitUntil(lambda: dialog.read_result() is not None, timeout=10_000)
    qtbot.keyClicks(dialog.filter_edit, "smith")
    assert dialog.proxy.rowCount() == 2
    qtbot.keyClicks(dialog.filter_edit, " ")  # "smith " matches nothing
    assert dialog.proxy.rowCount() == 0
    dialog.filter_edit.setText("eve")
    assert dialog.proxy.rowCount() == 1
    rect = dialog.table.visualRect(dialog.proxy.index(0, 1))
    qtbot.mouseClick(dialog.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(dialog.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert dialog.result() == QDialog.DialogCode.Accepted
    loaded = dialog.loaded_game()
    assert loaded is not None and loaded.problems == ()
    assert loaded.game.headers["White"] == "Eve" and loaded.game.end().board().is_checkmate()
    assert dialog.chosen_summary().index == 4


def test_broken_game_opens_up_to_the_error_and_unopenable_is_explained(qtbot, tmp_path: Path) -> None:
    dialog = _dialog(qtbot, tmp_path)
    dialog.show()
    qtbot.waitUntil(lambda: dialog.read_result() is not None, timeout=10_000)
    dialog.open_row(2)  # broken FEN: cannot be shown at all
    assert dialog.result() != QDialog.DialogCode.Accepted
    assert "cannot be opened" in dialog.status_label.text()
    dialog.open_row(1)
    loaded = dialog.loaded_game()
    assert loaded is not None and loaded.game.end().board().fen().startswith("rnbqkbnr/ppp1pppp/8/3p4/3P4")
    assert loaded.problems[0].startswith("line 16: illegal move 'Qd6'")  # the file's line


def test_single_game_file_is_picked_without_asking(qtbot, tmp_path: Path) -> None:
    dialog = _dialog(qtbot, tmp_path, '[White "Solo"]\n\n1. e4 e5 *\n')
    with qtbot.waitSignal(dialog.accepted, timeout=10_000):
        dialog.show()
    assert dialog.loaded_game().game.end().move == chess.Move.from_uci("e7e5")


def test_missing_file_is_reported(qtbot, tmp_path: Path) -> None:
    dialog = PgnGamesDialog(tmp_path / "gone.pgn")
    qtbot.addWidget(dialog)
    with qtbot.waitSignal(dialog.index_finished, timeout=10_000):
        dialog.show()
    assert "could not open gone.pgn" in dialog.status_label.text()
    assert not dialog.open_button.isEnabled()


def test_big_file_shows_progress_and_cancel_is_clean(qtbot, tmp_path: Path) -> None:
    game = '[Event "G"]\n[White "W"]\n[Black "B"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n'
    dialog = _dialog(qtbot, tmp_path, game * 10_000)
    with qtbot.waitSignal(dialog.index_finished, timeout=60_000) as blocker:
        dialog.show()
    assert len(blocker.args[0].games) == 10_000
    assert dialog.model.rowCount() == 10_000 and dialog.progress.isHidden()
    dialog.reject()
    assert not dialog.indexer.is_running()


def test_readable_date() -> None:
    assert readable_date("????.??.??") == ""
    assert readable_date("2024.05.??") == "2024.05"
    assert readable_date("2024.05.17") == "2024.05.17"


def test_file_without_games_is_refused_with_the_reason(qtbot, tmp_path: Path) -> None:
    dialog = _dialog(qtbot, tmp_path, "Dear club members,\nthe next meeting is on Monday.\n")
    with qtbot.waitSignal(dialog.rejected, timeout=10_000):
        dialog.show()
    assert dialog.failure() == "No games were found in games.pgn: it holds no PGN tags or moves."
    assert dialog.loaded_game() is None


def test_binary_file_is_refused_with_the_reason(qtbot, tmp_path: Path) -> None:
    path = tmp_path / "binary.pgn"
    path.write_bytes(bytes(range(256)) * 4)
    dialog = PgnGamesDialog(path)
    qtbot.addWidget(dialog)
    with qtbot.waitSignal(dialog.rejected, timeout=10_000):
        dialog.show()
    assert dialog.failure() == "binary.pgn is not a PGN file: it holds binary data, not text"
