"""A live list of a position's problems, shared by the FEN dialog and the board editor."""

from __future__ import annotations

import html

import chess
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QLabel, QWidget

from chessgui.game.chess_words import side_name

_OK_COLOR = "#2e7d32"
_PROBLEM_COLOR = "#b71c1c"
_NOTE_COLOR = "#555555"


class ProblemList(QLabel):
    """Shows "The position is valid" or a bullet list of problems in plain words."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("problem_list")
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self._problems: tuple[str, ...] = ()
        self.set_problems([])

    def problems(self) -> tuple[str, ...]:
        return self._problems

    def set_problems(self, problems: list[str], notes: list[str] | None = None) -> None:
        """Show ``problems`` (or a green "valid"); ``notes`` are neutral remarks (e.g. checkmate)."""
        self._problems = tuple(problems)
        parts: list[str] = []
        if problems:
            title = self.tr("This position cannot be played:")
            items = "".join(f"<li>{html.escape(_sentence(p))}</li>" for p in problems)
            parts.append(
                f"<div style='color:{_PROBLEM_COLOR}'><b>{title}</b>"
                f"<ul style='margin-left:-20px; margin-top:2px'>{items}</ul></div>"
            )
        else:
            parts.append(
                self.tr("<div style='color:{OK_COLOR}'><b>&#10004; The position is valid.</b></div>").format(
                    OK_COLOR=_OK_COLOR
                )
            )
        for note in notes or []:
            parts.append(f"<div style='color:{_NOTE_COLOR}'>{html.escape(_sentence(note))}</div>")
        self.setText("".join(parts))

    def set_prompt(self, text: str) -> None:
        """Nothing to judge yet (an empty field): show ``text`` as a neutral remark, no problem."""
        self._problems = ()
        self.setText(f"<div style='color:{_NOTE_COLOR}'>{html.escape(text)}</div>")


def _sentence(text: str) -> str:
    """Problems are written in lower case for embedding; show them as sentences."""
    text = text.strip()
    return text[:1].upper() + text[1:] if text else text


def position_notes(board: chess.Board) -> list[str]:
    """Neutral remarks about a valid position: game already over, check."""
    if board.is_checkmate():
        return [
            QCoreApplication.translate("problem_list", "{side} is checkmated: the game is already over.").format(
                side=side_name(board.turn)
            )
        ]
    if board.is_stalemate():
        return [
            QCoreApplication.translate("problem_list", "{side} is stalemated: the game is already drawn.").format(
                side=side_name(board.turn)
            )
        ]
    if board.is_insufficient_material():
        return [
            QCoreApplication.translate(
                "problem_list", "Neither side has enough material to checkmate: the game is drawn."
            )
        ]
    if board.is_check():
        return [QCoreApplication.translate("problem_list", "{side} is in check.").format(side=side_name(board.turn))]
    return []
