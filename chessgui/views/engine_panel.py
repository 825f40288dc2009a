"""The engine panel: what each computer side is thinking, updated every iteration.

One row per side (White above Black, like a scoresheet): engine name, score
from White's view (lichess style: ``+1.23``, ``#5``, ``-#3``), depth, nodes,
speed, time and the first moves of the principal variation in SAN.
"""

from __future__ import annotations

import chess
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QPalette
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from chessgui.engines.info import EngineInfo
from chessgui.game.chess_words import PieceLetters, display_san, player_display_name
from chessgui.views.analysis_view import AnalysisView

#: PV moves shown in the panel (longer lines are cut with an ellipsis).
PV_MOVES_SHOWN = 8


def format_count(value: int) -> str:
    """Compact counts for nodes and speed: 950, 12.3k, 4.56M."""
    if value < 1000:
        return str(value)
    if value < 1_000_000:
        return f"{value / 1000:.1f}k"
    return f"{value / 1_000_000:.2f}M"


def format_time(ms: int) -> str:
    """Thinking time: "0.45 s", "12.3 s", "2:05"."""
    seconds = ms / 1000
    if seconds < 10:
        return f"{seconds:.2f} s"
    if seconds < 60:
        return f"{seconds:.1f} s"
    minutes, rest = divmod(int(seconds), 60)
    return f"{minutes}:{rest:02d}"


def format_pv(info: EngineInfo, max_moves: int = PV_MOVES_SHOWN, letters: PieceLetters = PieceLetters.ENGLISH) -> str:
    """The PV in SAN with move numbers, e.g. "12. Nf3 Nc6 13. Bb5" or "12... Nc6 13. Bb5"."""
    if not info.pv_san:
        return ""
    parts: list[str] = []
    white_to_move = info.color == chess.WHITE
    number = info.fullmove_number
    for index, english_san in enumerate(info.pv_san[:max_moves]):
        san = display_san(english_san, letters)
        if white_to_move:
            parts.append(f"{number}. {san}")
        elif index == 0:
            parts.append(f"{number}... {san}")
        else:
            parts.append(san)
        if not white_to_move:
            number += 1
        white_to_move = not white_to_move
    text = " ".join(parts)
    if len(info.pv_san) > max_moves:
        text += " …"
    return text


class _SideView(QFrame):
    """One side's thinking: a header line with numbers and the PV below it."""

    piece_letters = PieceLetters.ENGLISH
    """How the PV names the pieces (EnginePanel.set_piece_letters)."""
    thinking_hidden = False
    """The score and line are kept from the person playing this side's opponent (EnginePanel.set_thinking_hidden)."""

    def __init__(self, color: chess.Color, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._color = color
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        layout = QGridLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.setHorizontalSpacing(10)
        layout.setVerticalSpacing(2)
        self.name_label = QLabel()
        name_font = QFont(self.font())
        name_font.setBold(True)
        self.name_label.setFont(name_font)
        self.score_label = QLabel()
        score_font = QFont(self.font())
        score_font.setBold(True)
        score_font.setPointSizeF(score_font.pointSizeF() * 1.3)
        self.score_label.setFont(score_font)
        self.score_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.stats_label = QLabel()
        # The window's own text colour: palette(mid) grey was hard to read (≈1.7:1 on Fusion's
        # background; WCAG AA asks for 4.5:1). The bold name and the big score stand out anyway.
        self.stats_label.setForegroundRole(QPalette.ColorRole.WindowText)
        # Long texts must not widen the panel and push the score out of sight.
        self.stats_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.name_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.pv_label = QLabel()
        self.pv_label.setWordWrap(True)
        self.pv_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.pv_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        layout.addWidget(self.name_label, 0, 0)
        layout.addWidget(self.score_label, 0, 1, 2, 1)
        layout.addWidget(self.stats_label, 1, 0)
        layout.addWidget(self.pv_label, 2, 0, 1, 2)
        layout.setColumnStretch(0, 1)
        self.clear()

    def side_name(self) -> str:
        return self.tr("White") if self._color == chess.WHITE else self.tr("Black")

    def show_info(self, info: EngineInfo) -> None:
        name = player_display_name(info.engine_name) if info.engine_name else self.tr("Engine")
        self.name_label.setText(f"{self.side_name()} · {name}")
        if info.is_book():
            self.score_label.setText(self.tr("book"))
            self.stats_label.setText(
                self.tr("book move · {book_share:.0%} of the book's weight · {book_choices} in book").format(
                    book_share=info.book_share or 0, book_choices=info.book_choices
                )
            )
            self.pv_label.setText(format_pv(info, letters=self.piece_letters))
            return
        # Hidden from the person playing it, what the computer does shows; what it thinks of the position does not.
        hidden = self.thinking_hidden
        self.score_label.setText("" if hidden else info.format_score())
        # A tablebase move is an exact result from the endgame tables, not a search.
        if info.is_tablebase():
            self.stats_label.setText(self.tr("tablebase move · {tablebase}").format(tablebase=info.tablebase))
        else:
            self.stats_label.setText(self._search_stats(info))
        if hidden:
            self.pv_label.setText(self.tr("Its score and line show when the game ends."))
        else:
            self.pv_label.setText(format_pv(info, letters=self.piece_letters))

    def _search_stats(self, info: EngineInfo) -> str:
        reached = f"{info.depth}" + (f"/{info.seldepth}" if info.seldepth > info.depth else "")
        depth = self.tr("depth {reached}").format(reached=reached)
        return self.tr("{depth}   {format_count} nodes   {format_count2} n/s   {format_time}").format(
            depth=depth,
            format_count=format_count(info.nodes),
            format_count2=format_count(info.nps),
            format_time=format_time(info.time_ms),
        )

    def clear(self) -> None:
        self.name_label.setText(self.side_name())
        self.score_label.setText("")
        self.stats_label.setText(self.tr("not thinking"))
        self.pv_label.setText("")


class EnginePanel(QWidget):
    """Per-side engine output. Feed it with :meth:`on_search_info`; :meth:`clear` on a new game."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._views = {chess.WHITE: _SideView(chess.WHITE, self), chess.BLACK: _SideView(chess.BLACK, self)}
        self._last: dict[chess.Color, EngineInfo] = {}
        self._thinking_hidden = False
        # Analysis mode's lines (shown only while analysing), above the players' rows.
        self.analysis_view = AnalysisView(self)
        self.analysis_view.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addWidget(self.analysis_view)
        layout.addWidget(self._views[chess.WHITE])
        layout.addWidget(self._views[chess.BLACK])
        # The endgame tablebases' exact result for the shown position ("Tablebase: White wins, mate in 12").
        self.tablebase_label = QLabel(self)
        self.tablebase_label.setObjectName("tablebase_label")
        self.tablebase_label.setWordWrap(True)
        self.tablebase_label.hide()
        layout.addWidget(self.tablebase_label)
        layout.addStretch(1)

    def on_search_info(self, info: EngineInfo) -> None:
        """Show a new report in the row of the side that was thinking."""
        self._last[info.color] = info
        self._views[info.color].show_info(info)

    def set_piece_letters(self, letters: PieceLetters) -> None:
        """Name the pieces in the shown lines with ``letters`` (from the next report on)."""
        for view in self._views.values():
            view.piece_letters = letters
        self.analysis_view.piece_letters = letters

    def set_thinking_hidden(self, hidden: bool) -> None:
        """Keep the players' scores and lines, and the tablebase verdict, off the screen (a person plays the
        computer), or show them again."""
        self._thinking_hidden = hidden
        self.tablebase_label.setVisible(bool(self.tablebase_label.text()) and not hidden)
        for color, view in self._views.items():
            view.thinking_hidden = hidden
            last = self._last.get(color)
            if last is not None:
                view.show_info(last)

    def set_tablebase_text(self, text: str) -> None:
        """Show the tablebase line (hidden when ``text`` is empty)."""
        self.tablebase_label.setText(text)
        self.tablebase_label.setVisible(bool(text) and not self._thinking_hidden)

    def clear(self, color: chess.Color | None = None) -> None:
        """Empty one side's row, or both (new game, takeback, new position)."""
        for side in (chess.WHITE, chess.BLACK) if color is None else (color,):
            self._last.pop(side, None)
            self._views[side].clear()

    def set_side_visible(self, color: chess.Color, visible: bool) -> None:
        """Hide the row of a side no engine plays (e.g. the human's side)."""
        self._views[color].setVisible(visible)

    def set_analysis_visible(self, visible: bool) -> None:
        """Show or hide the analysis lines."""
        self.analysis_view.setVisible(visible)

    def last_info(self, color: chess.Color) -> EngineInfo | None:
        """The latest report shown for ``color``."""
        return self._last.get(color)

    def stats_label(self, color: chess.Color) -> QLabel:
        """The statistics line (depth, nodes, speed, time) of ``color``'s row."""
        return self._views[color].stats_label

    def row_texts(self, color: chess.Color) -> tuple[str, str, str, str]:
        """(name, score, stats, pv) texts of a row, as displayed (for tests)."""
        view = self._views[color]
        return (view.name_label.text(), view.score_label.text(), view.stats_label.text(), view.pv_label.text())
