"""TimeControlEditor: presets, untimed, custom and handicap (qtbot, offscreen)."""

from __future__ import annotations

import chess
from PySide6.QtWidgets import QCheckBox, QComboBox, QDoubleSpinBox, QSpinBox

from chessgui.clock.time_control import PRESETS, UNTIMED, TimeControl
from chessgui.dialogs.time_control_editor import TimeControlEditor


def make_editor(qtbot) -> TimeControlEditor:
    editor = TimeControlEditor()
    qtbot.addWidget(editor)
    editor.show()
    return editor


def combo(editor: TimeControlEditor) -> QComboBox:
    return editor.findChild(QComboBox, "time_control_preset")


def test_presets_listed_and_selectable(qtbot) -> None:
    editor = make_editor(qtbot)
    box = combo(editor)
    labels = [box.itemText(i) for i in range(box.count())]
    assert labels[0] == "Untimed"
    assert labels[1:-1] == [preset.label for preset in PRESETS]
    assert labels[-1] == "Custom…"
    with qtbot.waitSignal(editor.changed) as blocker:
        box.setCurrentIndex(labels.index("Blitz 3+2"))
    assert blocker.args == [TimeControl.parse("3+2")]
    assert editor.time_control() == TimeControl.parse("3+2")
    assert not editor.is_custom()


def test_untimed(qtbot) -> None:
    editor = make_editor(qtbot)
    combo(editor).setCurrentIndex(0)
    assert editor.time_control() == UNTIMED


def test_set_time_control_selects_preset_or_custom(qtbot) -> None:
    editor = make_editor(qtbot)
    editor.set_time_control(TimeControl.parse("15+10"))
    assert combo(editor).currentText() == "Rapid 15+10"
    assert not editor.findChild(QSpinBox, "white_minutes").isVisible()
    editor.set_time_control(TimeControl.parse("7+1"))
    assert editor.is_custom()
    assert editor.time_control() == TimeControl.parse("7+1")
    assert editor.findChild(QSpinBox, "white_minutes").isVisible()
    assert not editor.findChild(QSpinBox, "black_minutes").isVisible()
    editor.set_time_control(UNTIMED)
    assert editor.time_control() == UNTIMED


def test_custom_edit_emits_new_control(qtbot) -> None:
    editor = make_editor(qtbot)
    editor.set_time_control(TimeControl.parse("7+1"))
    with qtbot.waitSignal(editor.changed) as blocker:
        editor.findChild(QSpinBox, "white_seconds").setValue(30)
    assert blocker.args == [TimeControl.from_seconds(450, 1)]
    editor.findChild(QDoubleSpinBox, "white_increment").setValue(0.5)
    assert editor.time_control() == TimeControl.from_seconds(450, 0.5)


def test_custom_base_never_zero(qtbot) -> None:
    editor = make_editor(qtbot)
    editor.set_time_control(TimeControl.parse("1+0"))
    combo(editor).setCurrentIndex(combo(editor).count() - 1)
    editor.findChild(QSpinBox, "white_minutes").setValue(0)
    assert editor.time_control().base_ms(chess.WHITE) == 1_000


def test_handicap_gives_black_its_own_row(qtbot) -> None:
    editor = make_editor(qtbot)
    editor.set_time_control(TimeControl.parse("5+3"))
    combo(editor).setCurrentIndex(combo(editor).count() - 1)  # Custom, starting from 5+3
    assert editor.time_control() == TimeControl.parse("5+3")
    handicap = editor.findChild(QCheckBox, "time_control_handicap")
    handicap.setChecked(True)
    black_minutes = editor.findChild(QSpinBox, "black_minutes")
    assert black_minutes.isVisible()
    with qtbot.waitSignal(editor.changed) as blocker:
        black_minutes.setValue(1)
    control = blocker.args[0]
    assert control.is_handicap()
    assert control == TimeControl.parse("5+3 / 1+3")
    # Round trip through set_time_control keeps the handicap.
    other = make_editor(qtbot)
    other.set_time_control(control)
    assert other.time_control() == control
    assert other.findChild(QCheckBox, "time_control_handicap").isChecked()
    handicap.setChecked(False)
    assert editor.time_control() == TimeControl.parse("5+3")
