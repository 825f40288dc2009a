"""The analysis part of the engine panel: the engine's best lines, updated live.

A header names the engine and lets the user pick it and the number of lines
(1–5); below, one row per line: the score from White's view and the line in
SAN with move numbers. Every move of a line is a link: clicking it asks (by
``line_played``) to play the line up to that move on the board as a variation.
The view never changes the game itself.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

import chess
from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QPalette
from PySide6.QtWidgets import QComboBox, QFrame, QGridLayout, QHBoxLayout, QLabel, QSizePolicy, QSpinBox, QWidget

from chessgui.engines.analysis import MAX_LINES, MIN_LINES, AnalysisSnapshot
from chessgui.engines.info import EngineInfo
from chessgui.game.chess_words import PieceLetters, display_san, player_display_name

#: Moves of a line shown in the panel.
LINE_MOVES_SHOWN = 12


def numbered_moves(info: EngineInfo, max_moves: int = LINE_MOVES_SHOWN) -> list[tuple[str, str]]:
    """The line's moves as (move number prefix, SAN): [("12.", "Nf3"), ("", "Nc6"), ("13.", "Bb5")]."""
    moves: list[tuple[str, str]] = []
    white_to_move = info.color == chess.WHITE
    number = info.fullmove_number
    for index, san in enumerate(info.pv_san[:max_moves]):
        if white_to_move:
            moves.append((f"{number}.", san))
        elif index == 0:
            moves.append((f"{number}...", san))
        else:
            moves.append(("", san))
        if not white_to_move:
            number += 1
        white_to_move = not white_to_move
    return moves


def line_text(info: EngineInfo, max_moves: int = LINE_MOVES_SHOWN) -> str:
    """The line as plain text: "12. Nf3 Nc6 13. Bb5"."""
    return " ".join(f"{prefix} {san}" if prefix else san for prefix, san in numbered_moves(info, max_moves))


def line_html(
    rank: int,
    info: EngineInfo,
    color: str,
    max_moves: int = LINE_MOVES_SHOWN,
    letters: PieceLetters = PieceLetters.ENGLISH,
) -> str:
    """The line as rich text whose moves are links "rank:index" (index of the move in the line)."""
    parts: list[str] = []
    for index, (prefix, english_san) in enumerate(numbered_moves(info, max_moves)):
        san = display_san(english_san, letters)
        link = f'<a href="{rank}:{index}" style="color:{color}; text-decoration:none">{html.escape(san)}</a>'
        parts.append(f"{html.escape(prefix)}&nbsp;{link}" if prefix else link)
    if len(info.pv_san) > max_moves:
        parts.append("…")
    return " ".join(parts)


class _LineRow(QWidget):
    """One line: its score and its moves."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(8)
        self.score_label = QLabel(self)
        font = QFont(self.font())
        font.setBold(True)
        self.score_label.setFont(font)
        self.score_label.setMinimumWidth(self.fontMetrics().horizontalAdvance("+10.00") + 8)
        self.score_label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.moves_label = QLabel(self)
        self.moves_label.setWordWrap(True)
        self.moves_label.setTextFormat(Qt.TextFormat.RichText)
        self.moves_label.setTextInteractionFlags(Qt.TextInteractionFlag.LinksAccessibleByMouse)
        self.moves_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.moves_label.setToolTip(self.tr("Click a move to play the line up to it on the board"))
        layout.addWidget(self.score_label)
        layout.addWidget(self.moves_label, 1)


class AnalysisView(QFrame):
    """The analysis lines with the engine and line-count choosers.

    Signals:
        engine_chosen(str uci_command): the user picked another analysis engine ("" = built-in).
        lines_chosen(int): the user picked another number of lines.
        line_played(str fen, object moves): play ``moves`` (tuple of chess.Move) from the
            position ``fen`` as a variation.
    """

    engine_chosen = Signal(str)
    lines_chosen = Signal(int)
    line_played = Signal(str, object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.piece_letters = PieceLetters.ENGLISH
        """How the lines name the pieces (set from the settings)."""
        self.setObjectName("analysis_view")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self._snapshot: AnalysisSnapshot | None = None
        layout = QGridLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.setVerticalSpacing(3)
        self.title_label = QLabel(self.tr("Analysis"), self)
        title_font = QFont(self.font())
        title_font.setBold(True)
        self.title_label.setFont(title_font)
        self.engine_box = QComboBox(self)
        self.engine_box.setToolTip(self.tr("The engine that analyses (always at full strength)"))
        self.engine_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.lines_box = QSpinBox(self)
        self.lines_box.setRange(MIN_LINES, MAX_LINES)
        self.lines_box.setPrefix(self.tr("Lines: "))
        self.lines_box.setToolTip(self.tr("How many best lines to show (MultiPV)"))
        self.lines_box.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.stats_label = QLabel(self)
        self.stats_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.note_label = QLabel(self)
        self.note_label.setWordWrap(True)
        self.note_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.note_label.hide()
        header = QHBoxLayout()
        header.setSpacing(8)
        header.addWidget(self.title_label)
        header.addWidget(self.engine_box)
        header.addStretch(1)
        header.addWidget(self.lines_box)
        layout.addLayout(header, 0, 0)
        layout.addWidget(self.stats_label, 1, 0)
        layout.addWidget(self.note_label, 2, 0)
        self._rows = [_LineRow(self) for _ in range(MAX_LINES)]
        for index, row in enumerate(self._rows):
            layout.addWidget(row, 3 + index, 0)
            row.moves_label.linkActivated.connect(self._on_link_activated)
            row.hide()
        self.engine_box.activated.connect(self._on_engine_activated)
        self.lines_box.valueChanged.connect(self.lines_chosen)
        self.clear()

    # ------------------------------------------------------------------ set-up
    def set_engine_choices(self, choices: Sequence[tuple[str, str]], current: str) -> None:
        """Offer ``choices`` (label, UCI command; "" = built-in) with ``current`` selected."""
        self.engine_box.blockSignals(True)
        self.engine_box.clear()
        for label, command in choices:
            self.engine_box.addItem(player_display_name(label), command)
        index = self.engine_box.findData(current)
        self.engine_box.setCurrentIndex(max(0, index))
        self.engine_box.blockSignals(False)

    def set_lines(self, lines: int) -> None:
        """Show ``lines`` as the chosen number of lines (without emitting ``lines_chosen``)."""
        self.lines_box.blockSignals(True)
        self.lines_box.setValue(lines)
        self.lines_box.blockSignals(False)

    # ------------------------------------------------------------------ content
    def show_snapshot(self, snapshot: AnalysisSnapshot) -> None:
        """Show the analysis state: lines, depth, speed, or a note."""
        self._snapshot = snapshot
        self.title_label.setText(self.tr("Analysis") if snapshot.running else self.tr("Analysis (stopped)"))
        lines = snapshot.lines
        name = player_display_name(snapshot.engine_name)
        if lines:
            best = lines[0]
            reached = f"{best.depth}" + (f"/{best.seldepth}" if best.seldepth > best.depth else "")
            depth = self.tr("depth {reached}").format(reached=reached)
            self.stats_label.setText(
                self.tr("{engine_name} · {depth} · {count} nodes · {count2} n/s").format(
                    engine_name=name, depth=depth, count=_count(best.nodes), count2=_count(best.nps)
                )
            )
        else:
            self.stats_label.setText(
                self.tr("{engine_name} · thinking…").format(engine_name=name) if snapshot.running else name
            )
        self.note_label.setText(snapshot.note)
        self.note_label.setVisible(bool(snapshot.note))
        color = self.palette().color(QPalette.ColorRole.WindowText).name()
        for index, row in enumerate(self._rows):
            if index < len(lines):
                info = lines[index]
                row.score_label.setText(info.format_score())
                row.moves_label.setText(line_html(index + 1, info, color, letters=self.piece_letters))
                row.show()
            else:
                row.hide()

    def clear(self) -> None:
        """No analysis shown."""
        self._snapshot = None
        self.title_label.setText(self.tr("Analysis"))
        self.stats_label.setText("")
        self.note_label.hide()
        for row in self._rows:
            row.hide()

    def snapshot(self) -> AnalysisSnapshot | None:
        """What is shown."""
        return self._snapshot

    def row_texts(self) -> list[tuple[str, str]]:
        """(score, line) of each shown row as plain text (for tests and accessibility)."""
        if self._snapshot is None:
            return []
        return [(info.format_score(), line_text(info)) for info in self._snapshot.lines]

    def play_line(self, rank: int, index: int) -> None:
        """Ask to play line ``rank`` (1 = best) up to its move ``index`` (0 = first)."""
        snapshot = self._snapshot
        if snapshot is None or not 1 <= rank <= len(snapshot.lines):
            return
        info = snapshot.lines[rank - 1]
        try:
            moves = tuple(chess.Move.from_uci(uci) for uci in info.pv_uci[: index + 1])
        except ValueError:
            return
        if moves:
            self.line_played.emit(snapshot.fen, moves)

    # ------------------------------------------------------------------ slots
    def _on_link_activated(self, link: str) -> None:
        rank_text, _, index_text = link.partition(":")
        if rank_text.isdigit() and index_text.isdigit():
            self.play_line(int(rank_text), int(index_text))

    def _on_engine_activated(self, index: int) -> None:
        command = self.engine_box.itemData(index)
        self.engine_chosen.emit(command if isinstance(command, str) else "")


def _count(value: int) -> str:
    if value < 1000:
        return str(value)
    if value < 1_000_000:
        return f"{value / 1000:.1f}k"
    return f"{value / 1_000_000:.2f}M"
