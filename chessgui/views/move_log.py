"""The move log: SAN in numbered pairs, the shown move highlighted, navigation buttons."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QIcon, QPainter, QPalette, QPixmap, QPolygonF, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

_EMPTY = "…"
#: Shown after a move played from the opening book.
BOOK_MARK = "book"

MIN_NAV_ICON_PX = 20
"""Smallest navigation icon; it grows with the font (and so with the screen's scaling)."""
NAV_ICON_PER_FONT_HEIGHT = 1.4
"""Navigation icon size as a multiple of the font's line height."""


def nav_icon(kind: str, side: int, color: QColor, device_pixel_ratio: float = 1.0) -> QIcon:
    """A navigation icon drawn to fill ``side`` px: "first" |◀, "previous" ◀, "next" ▶, "last" ▶|."""
    scale = max(1.0, device_pixel_ratio)
    pixmap = QPixmap(round(side * scale), round(side * scale))
    pixmap.setDevicePixelRatio(scale)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(color)
    top, bottom, middle = side * 0.18, side * 0.82, side / 2
    pointing_left = kind in ("first", "previous")
    with_bar = kind in ("first", "last")
    width = side * 0.5
    left = (side - width - (side * 0.16 if with_bar else 0)) / 2
    if with_bar and pointing_left:
        painter.drawRect(QRectF(left, top, side * 0.12, bottom - top))
        left += side * 0.16
    tip, base = (left, left + width) if pointing_left else (left + width, left)
    painter.drawPolygon(QPolygonF([QPointF(tip, middle), QPointF(base, top), QPointF(base, bottom)]))
    if with_bar and not pointing_left:
        painter.drawRect(QRectF(left + width + side * 0.04, top, side * 0.12, bottom - top))
    painter.end()
    return QIcon(pixmap)


class _LogTable(QTableWidget):
    """The moves table; it keeps the shown move in view when it gets smaller.

    It shrinks when the result line appears under it at game end: without scrolling
    again the last move would end up half hidden behind the result.
    """

    def __init__(self, rows: int, columns: int, parent: QWidget, keep_in_view) -> None:  # noqa: ANN001 - Callable[[], None]
        super().__init__(rows, columns, parent)
        self._keep_in_view = keep_in_view

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self._keep_in_view()


class MoveLogPanel(QWidget):
    """Shows the game's moves as ``1. e4 e5 2. Nf3 …`` rows and lets the user pick one.

    Signals:
        ply_selected(int): the user asked to see the position after that many moves
            (a click on a move, or one of the navigation buttons).
    """

    ply_selected = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._sans: list[str] = []
        self._book_plies: frozenset[int] = frozenset()
        self._first_move_number = 1
        self._black_starts = False
        self._current_ply = 0
        self._result_text: str | None = None
        self._notice_text: str | None = None

        self._table = _LogTable(0, 2, self, self._scroll_to_current)
        self._table.setHorizontalHeaderLabels(["White", "Black"])
        self._table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self._table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self._table.verticalHeader().setDefaultSectionSize(26)
        self._table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self._table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self._table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        # Arrow keys belong to the main window's navigation shortcuts, not to the table.
        self._table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._table.cellClicked.connect(self._on_cell_clicked)
        font = QFont(self._table.font())
        font.setPointSizeF(font.pointSizeF() * 1.1)
        self._table.setFont(font)

        # What the list does not show (variations, comments), so nobody thinks they were lost.
        self._notice_label = QLabel(self)
        self._notice_label.setObjectName("move_log_notice")
        self._notice_label.setWordWrap(True)
        self._notice_label.setStyleSheet("font-style: italic; padding: 2px 4px;")
        self._notice_label.hide()

        self._result_label = QLabel(self)
        self._result_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._result_label.setWordWrap(True)
        self._result_label.setStyleSheet("font-weight: bold; padding: 4px;")
        self._result_label.hide()

        self._first_button = self._nav_button("first", "Start position (Home)", lambda: self.ply_selected.emit(0))
        self._back_button = self._nav_button(
            "previous", "Previous move (Left)", lambda: self.ply_selected.emit(max(0, self._current_ply - 1))
        )
        self._forward_button = self._nav_button(
            "next", "Next move (Right)", lambda: self.ply_selected.emit(min(len(self._sans), self._current_ply + 1))
        )
        self._last_button = self._nav_button(
            "last", "Live position (End)", lambda: self.ply_selected.emit(len(self._sans))
        )
        nav = QHBoxLayout()
        for button in (self._first_button, self._back_button, self._forward_button, self._last_button):
            nav.addWidget(button)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self._notice_label)
        layout.addWidget(self._table, 1)
        layout.addWidget(self._result_label)
        layout.addLayout(nav)
        self._update_buttons()
        self._update_icon_size()

    def _update_icon_size(self) -> None:
        # The style's media icons (16 px, with a thin glyph) were too small to read; draw our
        # own, sized from the font. Drawn rather than ⏮/⏭ glyphs: many system fonts lack those.
        side = max(MIN_NAV_ICON_PX, round(self.fontMetrics().height() * NAV_ICON_PER_FONT_HEIGHT))
        color = self.palette().color(QPalette.ColorRole.ButtonText)
        for button in self.navigation_buttons():
            button.setIconSize(QSize(side, side))
            button.setIcon(nav_icon(str(button.property("nav_icon")), side, color, self.devicePixelRatioF()))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.PaletteChange):
            self._update_icon_size()

    def _nav_button(self, kind: str, tip: str, slot) -> QPushButton:  # noqa: ANN001
        button = QPushButton(self)
        button.setProperty("nav_icon", kind)
        button.setToolTip(tip)
        button.setAccessibleName(tip)
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        button.clicked.connect(slot)
        return button

    # ------------------------------------------------------------------ content

    def set_moves(
        self,
        sans: list[str],
        first_move_number: int = 1,
        black_starts: bool = False,
        book_plies: frozenset[int] = frozenset(),
    ) -> None:
        """Show ``sans`` (the main line in SAN) starting at move ``first_move_number``.

        The moves at ``book_plies`` (1 = the first move) are marked as opening-book moves.
        """
        self._sans = list(sans)
        self._book_plies = frozenset(book_plies)
        self._first_move_number = first_move_number
        self._black_starts = black_starts
        self._rebuild()

    def move_count(self) -> int:
        """Number of plies listed."""
        return len(self._sans)

    def set_result(self, text: str | None) -> None:
        """Show the game's result and reason under the moves (None hides it)."""
        self._result_text = text
        self._result_label.setText(text or "")
        self._result_label.setVisible(bool(text))

    def set_notice(self, text: str | None) -> None:
        """Show a note above the moves (e.g. that the game has variations not listed); None hides it."""
        self._notice_text = text
        self._notice_label.setText(text or "")
        self._notice_label.setVisible(bool(text))

    def notice_text(self) -> str | None:
        """The note shown above the moves, if any."""
        return self._notice_text

    def result_text(self) -> str | None:
        """The result line shown, if any."""
        return self._result_text

    def result_label(self) -> QLabel:
        """The label under the moves that shows the result (for tests and styling)."""
        return self._result_label

    def navigation_buttons(self) -> tuple[QPushButton, ...]:
        """Start, previous, next and live-position buttons, left to right."""
        return (self._first_button, self._back_button, self._forward_button, self._last_button)

    def set_current_ply(self, ply: int) -> None:
        """Highlight the move that leads to ``ply`` (0 = nothing) and scroll to it."""
        self._current_ply = ply
        self._table.clearSelection()
        if ply > 0 and ply <= len(self._sans):
            row, column = self.cell_of_ply(ply)
            item = self._table.item(row, column)
            if item is not None:
                self._table.setCurrentItem(item)
                item.setSelected(True)
        else:
            self._table.setCurrentCell(-1, -1)
        self._scroll_to_current()
        self._update_buttons()

    def _scroll_to_current(self) -> None:
        if 0 < self._current_ply <= len(self._sans):
            item = self._table.item(*self.cell_of_ply(self._current_ply))
            if item is not None:
                self._table.scrollToItem(item, QAbstractItemView.ScrollHint.EnsureVisible)
                return
        self._table.scrollToTop()

    def current_ply(self) -> int:
        """The highlighted ply."""
        return self._current_ply

    # ------------------------------------------------------------------ geometry

    def cell_of_ply(self, ply: int) -> tuple[int, int]:
        """(row, column) of the move that leads to ``ply``."""
        index = ply - 1 + (1 if self._black_starts else 0)
        return index // 2, index % 2

    def ply_of_cell(self, row: int, column: int) -> int | None:
        """The ply whose move stands in (row, column), or None for an empty cell."""
        ply = row * 2 + column + 1 - (1 if self._black_starts else 0)
        return ply if 1 <= ply <= len(self._sans) else None

    def table(self) -> QTableWidget:
        """The table widget (for tests and styling)."""
        return self._table

    # ------------------------------------------------------------------ internals

    def _rebuild(self) -> None:
        count = len(self._sans) + (1 if self._black_starts else 0)
        rows = (count + 1) // 2
        self._table.setRowCount(rows)
        self._table.setVerticalHeaderLabels([f"{self._first_move_number + row}." for row in range(rows)])
        for row in range(rows):
            for column in range(2):
                ply = self.ply_of_cell(row, column)
                text = (
                    self._sans[ply - 1]
                    if ply is not None
                    else (_EMPTY if row == 0 and column == 0 and self._black_starts else "")
                )
                item = QTableWidgetItem(text)
                if ply in self._book_plies:
                    item.setText(f"{text}  ({BOOK_MARK})")
                    item.setToolTip("Played from the opening book")
                if ply is None:
                    item.setFlags(Qt.ItemFlag.NoItemFlags)
                self._table.setItem(row, column, item)
        self.set_current_ply(min(self._current_ply, len(self._sans)))

    def _on_cell_clicked(self, row: int, column: int) -> None:
        ply = self.ply_of_cell(row, column)
        if ply is not None:
            self.ply_selected.emit(ply)

    def _update_buttons(self) -> None:
        at_start = self._current_ply <= 0
        at_end = self._current_ply >= len(self._sans)
        self._first_button.setEnabled(not at_start)
        self._back_button.setEnabled(not at_start)
        self._forward_button.setEnabled(not at_end)
        self._last_button.setEnabled(not at_end)
