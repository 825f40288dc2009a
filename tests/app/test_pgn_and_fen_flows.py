"""The FEN / editor / paste / PGN flows the main window delegates to PositionsAndGames."""

from __future__ import annotations

from pathlib import Path

import chess
import chess.pgn
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDialog, QWidget

from chessgui.dialogs.board_editor import BoardEditorDialog
from chessgui.dialogs.fen_dialog import FenDialog
from chessgui.dialogs.pgn_games_dialog import PgnGamesDialog
from chessgui.dialogs.positions_and_games import PositionsAndGames, suggested_file_name
from chessgui.storage.pgn.read import read_pgn_file


class ScriptedFlows(PositionsAndGames):
    """Dialogs are answered by a script instead of a person."""

    def __init__(self, window: QWidget, game: chess.pgn.Game, answer: bool = True) -> None:
        self.questions: list[str] = []
        self.unfinished = 0  # full moves of the game in progress, as the window would report
        super().__init__(
            window, lambda: game, lambda: game.end().board(), ask=self._answer, unfinished_moves=lambda: self.unfinished
        )
        self.answer = answer
        self.dialogs: list[QDialog] = []
        self.on_dialog = lambda dialog: True

    def _answer(self, _title: str, question: str) -> bool:
        self.questions.append(question)
        return self.answer

    def run_dialog(self, dialog: QDialog) -> bool:
        self.dialogs.append(dialog)
        return self.on_dialog(dialog)


def _flows(qtbot, game: chess.pgn.Game | None = None) -> tuple[ScriptedFlows, list, list, list]:
    window = QWidget()
    qtbot.addWidget(window)
    flows = ScriptedFlows(window, game or chess.pgn.Game())
    positions, games, messages = [], [], []
    flows.position_chosen.connect(positions.append)
    flows.game_loaded.connect(games.append)
    flows.status_message.connect(messages.append)
    return flows, positions, games, messages


def test_paste_valid_fen_opens_the_dialog_prefilled(qtbot) -> None:
    flows, positions, _games, _messages = _flows(qtbot)
    QGuiApplication.clipboard().setText("  r3k3/8/8/8/8/8/8/4K2R b \n")
    flows.on_paste_triggered()
    dialog = flows.dialogs[-1]
    assert isinstance(dialog, FenDialog) and dialog.ok_button.isEnabled()
    assert positions == ["r3k3/8/8/8/8/8/8/4K2R b Kq - 0 1"]


def test_paste_broken_fen_shows_problems_and_changes_nothing(qtbot) -> None:
    flows, positions, _games, _messages = _flows(qtbot)
    QGuiApplication.clipboard().setText("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    flows.on_dialog = lambda dialog: False  # the user cancels after reading the problems
    flows.on_paste_triggered()
    assert "expected 8 ranks, found 7" in flows.dialogs[-1].problem_list.text()
    assert positions == []


def test_paste_pgn_loads_the_game_and_asks_only_to_replace_one_in_progress(qtbot) -> None:
    flows, _positions, games, messages = _flows(qtbot)
    QGuiApplication.clipboard().setText('[White "Ann"]\n[Black "Bob"]\n\n1. e4 e5 2. Nf3 *\n')
    flows.on_paste_triggered()
    assert flows.questions == []  # nothing to lose
    assert len(games) == 1 and games[0].end().board().fullmove_number == 2
    assert messages[-1] == "Loaded the game from the clipboard"
    flows.unfinished = 4
    flows.answer = False
    flows.on_paste_triggered()
    assert flows.questions == ["Replace the current game? It has 4 moves and is not finished."]
    assert len(games) == 1
    QGuiApplication.clipboard().setText("nothing to see")
    flows.on_paste_triggered()
    assert messages[-1] == "The clipboard holds neither a FEN nor a PGN game."


def test_paste_pgn_with_an_illegal_move_loads_up_to_it_and_says_so(qtbot) -> None:
    flows, _positions, games, messages = _flows(qtbot)
    QGuiApplication.clipboard().setText("1. e4 e5 2. Ke3 Nc6 *")
    flows.on_paste_triggered()
    assert games and games[0].end().ply() == 2
    assert "illegal move 'Ke3' at move 2" in messages[-1]


def test_board_editor_flow(qtbot) -> None:
    game = chess.pgn.Game()
    game.add_main_variation(chess.Move.from_uci("e2e4"))
    flows, positions, _games, _messages = _flows(qtbot, game)

    def edit(dialog: BoardEditorDialog) -> bool:
        assert dialog.fen() == game.end().board().fen()  # opens on the shown position
        dialog.board_widget.place(chess.D1, None)  # remove White's queen
        return True

    flows.on_dialog = edit
    flows.on_edit_position_triggered()
    assert positions == ["rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 0 1"]
    flows.on_dialog = lambda dialog: False  # Cancel: nothing happens
    flows.on_edit_position_triggered()
    assert len(positions) == 1


def test_load_fen_text_for_the_command_line(qtbot) -> None:
    flows, positions, _games, _messages = _flows(qtbot)
    flows.load_fen_text("4k3/8/8/8/8/8/8/4K3 b")
    assert positions == ["4k3/8/8/8/8/8/8/4K3 b - - 0 1"] and flows.dialogs == []
    flows.on_dialog = lambda dialog: False
    flows.load_fen_text("4k3/8/8/8/8/8/8/4K3 q")
    assert isinstance(flows.dialogs[-1], FenDialog) and len(positions) == 1


def test_open_and_save_pgn_files(qtbot, tmp_path: Path) -> None:
    game = chess.pgn.Game()
    game.headers["White"], game.headers["Black"] = "Ann", "Bob/Carl"
    game.setup(chess.Board("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"))
    game.add_main_variation(chess.Move.from_uci("e2e4")).comment = "push"
    flows, _positions, games, messages = _flows(qtbot, game)
    path = tmp_path / "saved.pgn"
    assert flows.save_game_to(path)
    assert messages[-1] == "Saved the game to saved.pgn"
    assert read_pgn_file(path).games[0].white == "Ann"

    def pick_when_read(dialog: PgnGamesDialog) -> bool:
        qtbot.waitUntil(lambda: dialog.loaded_game() is not None, timeout=10_000)  # single game: auto-picked
        return True

    flows.on_dialog = pick_when_read
    flows.open_pgn_file(path)
    assert len(games) == 1
    assert games[0].headers["FEN"] == "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
    assert games[0].variations[0].comment == "push"
    assert not flows.save_game_to(tmp_path / "missing-dir" / "x.pgn")
    assert "The game was not saved" in messages[-1]


def test_copy_pgn_includes_setup_for_custom_starts(qtbot) -> None:
    game = chess.pgn.Game.from_board(chess.Board("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"))
    flows, _positions, _games, _messages = _flows(qtbot, game)
    flows.on_copy_pgn_triggered()
    assert '[SetUp "1"]' in QGuiApplication.clipboard().text()


def test_suggested_file_name_is_safe() -> None:
    game = chess.pgn.Game()
    game.headers.update(White="Ann", Black="Bob/Carl", Date="2024.05.17")
    assert suggested_file_name(game) == "Ann-Bob_Carl-2024.05.17.pgn"


def test_command_line_file_argument(qtbot, tmp_path: Path) -> None:
    flows, positions, games, messages = _flows(qtbot)
    fen_file = tmp_path / "position.fen"
    fen_file.write_text("4k3/8/8/8/8/8/8/4K3 b - - 0 1\n", encoding="utf-8")
    flows.open_file_argument(fen_file)
    assert positions == ["4k3/8/8/8/8/8/8/4K3 b - - 0 1"]
    flows.open_file_argument(tmp_path / "missing.pgn")
    assert "Could not open missing.pgn" in messages[-1]
    pgn_file = tmp_path / "one.pgn"
    pgn_file.write_text("1. d4 d5 *\n", encoding="utf-8")
    flows.on_dialog = lambda dialog: qtbot.waitUntil(lambda: dialog.loaded_game() is not None) or True
    flows.open_file_argument(pgn_file)
    assert len(games) == 1 and games[0].end().ply() == 2


def _open_when_read(qtbot):
    """Stand-in for exec(): wait until the games dialog has finished (picked, or refused the file)."""

    def run(dialog: PgnGamesDialog) -> bool:
        qtbot.waitUntil(lambda: dialog.loaded_game() is not None or dialog.failure() is not None, timeout=10_000)
        return dialog.loaded_game() is not None

    return run


def test_binary_or_gameless_file_is_an_error_not_an_empty_game(qtbot, tmp_path: Path) -> None:
    flows, _positions, games, messages = _flows(qtbot)
    flows.on_dialog = _open_when_read(qtbot)
    binary = tmp_path / "binary.pgn"
    binary.write_bytes(bytes(range(256)) * 4)
    flows.open_pgn_file(binary)
    assert games == []
    assert messages[-1] == "binary.pgn is not a PGN file: it holds binary data, not text"
    empty = tmp_path / "empty.pgn"
    empty.write_text("", encoding="utf-8")
    flows.open_pgn_file(empty)
    assert games == [] and messages[-1] == "No games were found in empty.pgn: the file is empty."


def test_broken_tag_line_is_reported_with_its_line_on_load(qtbot, tmp_path: Path) -> None:
    flows, _positions, games, messages = _flows(qtbot)
    path = tmp_path / "broken.pgn"
    path.write_text('[Event "Casual game]\n[White "Ann"]\n\n1. e4 e5 *\n', encoding="utf-8")

    def pick_first(dialog: PgnGamesDialog) -> bool:
        qtbot.waitUntil(lambda: dialog.read_result() is not None, timeout=10_000)
        dialog.open_row(0)  # a game with problems is listed, not opened by itself
        return dialog.loaded_game() is not None

    flows.on_dialog = pick_first
    flows.open_pgn_file(path)
    assert len(games) == 1 and games[0].headers["Event"] == "Casual game"
    assert 'line 1: the tag line [Event "Casual game] is broken' in messages[-1]


def _replacing_paths(qtbot, tmp_path: Path):
    """Each way of replacing the game, as (name, flows set up for it, action)."""
    pgn = tmp_path / "one.pgn"
    pgn.write_text('[White "Ann"]\n\n1. d4 d5 *\n', encoding="utf-8")

    def fen(flows: ScriptedFlows) -> None:
        flows.on_dialog = lambda dialog: dialog.fen_edit.setText("4k3/8/8/8/8/8/8/4K3 b - - 0 1") or True
        flows.on_load_fen_triggered()

    def editor(flows: ScriptedFlows) -> None:
        flows.on_dialog = lambda dialog: True
        flows.on_edit_position_triggered()

    def open_pgn(flows: ScriptedFlows) -> None:
        flows.on_dialog = _open_when_read(qtbot)
        flows.open_pgn_file(pgn)

    def paste_pgn(flows: ScriptedFlows) -> None:
        QGuiApplication.clipboard().setText("1. e4 e5 *")
        flows.on_paste_triggered()

    def fen_argument(flows: ScriptedFlows) -> None:
        flows.load_fen_text("4k3/8/8/8/8/8/8/4K3 w - - 0 1")

    return [fen, editor, open_pgn, paste_pgn, fen_argument]


def test_every_way_of_replacing_an_unfinished_game_asks_the_same_question(qtbot, tmp_path: Path) -> None:
    for replace in _replacing_paths(qtbot, tmp_path):
        flows, positions, games, _messages = _flows(qtbot)
        flows.unfinished = 1
        flows.answer = False
        replace(flows)
        assert flows.questions == ["Replace the current game? It has 1 move and is not finished."], replace.__name__
        assert positions == [] and games == [], replace.__name__  # "No" keeps the game
        flows.answer = True
        replace(flows)
        assert len(positions) + len(games) == 1, replace.__name__
        flows.unfinished = 0  # a finished or empty game is replaced without a question
        replace(flows)
        assert len(flows.questions) == 2 and len(positions) + len(games) == 2, replace.__name__
