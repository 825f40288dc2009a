"""SettingsDialog: edits produce the expected Settings; the UCI engine check lists options."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import chess
import pytest
from PySide6.QtWidgets import QCheckBox, QSpinBox

from chessgui.clock.time_control import EngineTimeMode, TimeControl
from chessgui.dialogs.settings_dialog import SettingsDialog
from chessgui.storage.board_settings import BoardSettings
from chessgui.storage.settings import PlayerKind, PlayerSettings, Settings

FAKE_ENGINE = textwrap.dedent(
    """
    import sys
    for line in sys.stdin:
        line = line.strip()
        if line == "uci":
            print("id name Probe Engine\\nid author Tester")
            print("option name Skill Level type spin default 20 min 0 max 20")
            print("option name Hash type spin default 16 min 1 max 1024")
            print("option name Ponder type check default false")
            print("option name Own Book type check default true")
            print("uciok", flush=True)
        elif line == "isready":
            print("readyok", flush=True)
        elif line == "quit":
            break
    """
)


@pytest.fixture
def dialog(qtbot):
    def make(settings: Settings) -> SettingsDialog:
        widget = SettingsDialog(settings)
        qtbot.addWidget(widget)
        return widget

    return make


def test_unchanged_dialog_returns_equal_settings(dialog) -> None:
    original = Settings(
        white=PlayerSettings(kind=PlayerKind.BUILTIN, move_time_ms=2500, depth=7, nodes=50_000, hash_mb=32, threads=2),
        black=PlayerSettings(kind=PlayerKind.HUMAN),
        board=BoardSettings(show_legal_moves=False, show_coordinates=True, animation_ms=300, auto_flip=False),
        min_move_delay_ms=1200,
        time_control=TimeControl.from_minutes(5, 3),
        engine_time_mode=EngineTimeMode.FIXED_PER_MOVE,
    )
    assert dialog(original).result_settings() == original


def test_edits_produce_expected_settings(dialog) -> None:
    widget = dialog(Settings())
    widget.white_editor.computer_radio.setChecked(True)
    widget.white_editor.move_time_spin.setValue(0.5)
    widget.white_editor.depth_check.setChecked(True)
    widget.white_editor.depth_spin.setValue(4)
    widget.black_editor.human_radio.setChecked(True)
    widget.delay_spin.setValue(2.5)
    widget.coordinates_check.setChecked(False)
    widget.animation_spin.setValue(0)
    result = widget.result_settings()
    assert result.white == PlayerSettings(kind=PlayerKind.BUILTIN, move_time_ms=500, depth=4)
    assert result.black.kind is PlayerKind.HUMAN
    assert result.min_move_delay_ms == 2500
    assert not result.board.show_coordinates and result.board.animation_ms == 0
    assert result.human_colors() == [chess.BLACK]


def test_threads_spin_box_per_side_for_the_builtin_engine(dialog) -> None:
    widget = dialog(Settings(black=PlayerSettings(kind=PlayerKind.BUILTIN, threads=4)))
    black, white = widget.black_editor, widget.white_editor
    assert (black.threads_spin.minimum(), black.threads_spin.maximum()) == (1, 16)
    assert black.threads_spin.value() == 4 and white.threads_spin.value() == 1
    black.threads_spin.setValue(99)  # the spin box keeps it in range
    white.computer_radio.setChecked(True)
    white.threads_spin.setValue(2)
    result = widget.result_settings()
    assert (result.black.threads, result.white.threads) == (16, 2)
    # A UCI engine sets its own threads among its options: the built-in engine's count is kept.
    black.engine_combo.setCurrentIndex(1)
    assert black.player_settings().threads == 4


def test_computer_vs_computer_and_delay_bounds(dialog) -> None:
    widget = dialog(Settings())
    widget.white_editor.computer_radio.setChecked(True)
    widget.delay_spin.setValue(99)  # clamped to the 0-5 s range
    result = widget.result_settings()
    assert result.is_engine_vs_engine()
    assert result.min_move_delay_ms == 5000


def test_no_time_limit_only_with_depth_or_nodes(dialog) -> None:
    widget = dialog(Settings())
    editor = widget.black_editor
    editor.move_time_spin.setValue(0)
    assert editor.player_settings().move_time_ms == 100  # minimum without a depth/node cap
    editor.nodes_check.setChecked(True)
    editor.move_time_spin.setValue(0)
    settings = editor.player_settings()
    assert settings.move_time_ms == 0 and settings.nodes == 100_000
    assert settings.effective_move_time_ms() is None


def test_uci_side_needs_a_path(dialog) -> None:
    widget = dialog(Settings())
    widget.black_editor.engine_combo.setCurrentIndex(1)
    assert widget.result_settings().black.kind is PlayerKind.UCI
    assert "choose the external engine" in (widget.problem() or "")


def test_uci_check_lists_options_and_stores_changes(qtbot, dialog, tmp_path: Path) -> None:
    script = tmp_path / "probe_engine.py"
    script.write_text(FAKE_ENGINE)
    command = f"{sys.executable} {script}"
    widget = dialog(
        Settings(black=PlayerSettings(kind=PlayerKind.UCI, uci_path=command, uci_options=(("Skill Level", "3"),)))
    )
    editor = widget.black_editor.uci_editor
    qtbot.waitUntil(lambda: editor.description() is not None, timeout=10_000)
    assert "Probe Engine" in editor.status_label.text()
    table = editor.options_table
    names = [table.cellWidget(row, 0).text() for row in range(table.rowCount())]
    assert names == ["Skill Level", "Own Book"]  # Hash and Ponder are managed by the dialog
    skill = table.cellWidget(0, 1)
    assert isinstance(skill, QSpinBox) and skill.value() == 3 and skill.maximum() == 20
    own_book = table.cellWidget(1, 1)
    assert isinstance(own_book, QCheckBox) and own_book.isChecked()
    own_book.setChecked(False)
    skill.setValue(20)  # back to the default: not stored
    assert widget.result_settings().black.uci_options == (("Own Book", "false"),)
    assert widget.problem() is None


def test_uci_check_reports_a_broken_program(qtbot, dialog, tmp_path: Path) -> None:
    widget = dialog(Settings(black=PlayerSettings(kind=PlayerKind.UCI, uci_path=str(tmp_path / "missing"))))
    editor = widget.black_editor.uci_editor
    qtbot.waitUntil(lambda: not editor.is_checking(), timeout=10_000)
    assert "does not exist" in editor.status_label.text()
    assert editor.description() is None
