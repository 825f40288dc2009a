"""The move log: the game tree in book style, the shown move highlighted, navigation buttons.

The text is :mod:`chessgui.views.move_text`'s HTML of the tree (the main line in bold
numbered moves, each alternative in parentheses on its own indented line, comments in
italics, NAGs as symbols). Every move is a link: a click shows it, a right click offers
the variation edits (which the window hands to the controller: the view only requests).
"""

from __future__ import annotations

import chess
import chess.pgn
from PySide6.QtCore import QEvent, QPoint, QPointF, QRect, QRectF, QSize, Qt, QUrl, Signal
from PySide6.QtGui import (
    QColor,
    QContextMenuEvent,
    QFont,
    QIcon,
    QPainter,
    QPalette,
    QPixmap,
    QPolygonF,
    QResizeEvent,
    QTextCursor,
)
from PySide6.QtWidgets import QHBoxLayout, QLabel, QMenu, QPushButton, QTextBrowser, QVBoxLayout, QWidget

from chessgui.game import tree
from chessgui.game.chess_words import PieceLetters
from chessgui.views.move_text import MOVE_NAGS, nag_text, tree_html

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


class _LogBrowser(QTextBrowser):
    """The rendered tree; it keeps the shown move in view when resized and offers a context menu."""

    def __init__(self, panel: MoveLogPanel) -> None:
        super().__init__(panel)
        self._panel = panel

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self._panel.scroll_to_current()

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:  # noqa: N802 - Qt override
        node = self._panel.node_at(event.pos())
        if node is None:
            super().contextMenuEvent(event)
            return
        menu = self._panel.context_menu(node, self)
        menu.exec(event.globalPos())
        menu.deleteLater()


class MoveLogPanel(QWidget):
    """Shows the game tree (``1. e4 e5 2. Nf3 (2. f4 exf4) 2... Nc6``) and lets the user pick a move.

    Signals:
        ply_selected(int): show the main-line position after that many moves.
        node_selected(object): the user clicked a move (its ``chess.pgn`` node).
        navigation_requested(str): a navigation button: "first", "back", "forward" or "last".
        promote_requested(object): move this variation one place up.
        make_main_line_requested(object): make the line to this node the main line.
        delete_requested(object): remove this move and everything after it.
        comment_requested(object): add or edit the comment after this move.
        nags_requested(object, object): set this node's NAGs to the given frozenset.
        continue_requested(object): continue the game from this node (after asking).
    """

    ply_selected = Signal(int)
    node_selected = Signal(object)
    navigation_requested = Signal(str)
    promote_requested = Signal(object)
    make_main_line_requested = Signal(object)
    delete_requested = Signal(object)
    comment_requested = Signal(object)
    nags_requested = Signal(object, object)
    continue_requested = Signal(object)
    review_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._piece_letters = PieceLetters.ENGLISH
        self._game: chess.pgn.Game = chess.pgn.Game()
        self._live: chess.pgn.GameNode = self._game
        self._current: chess.pgn.GameNode = self._game
        self._nodes: list[chess.pgn.ChildNode] = []  # anchor "n<i>" -> node
        self._index: dict[int, int] = {}  # id(node) -> i
        self._result_text: str | None = None

        self._browser = _LogBrowser(self)
        self._browser.setObjectName("move_log_text")
        self._browser.setOpenLinks(False)
        self._browser.setOpenExternalLinks(False)
        # Arrow keys belong to the main window's navigation shortcuts, not to the text.
        self._browser.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._browser.anchorClicked.connect(self._on_anchor_clicked)
        font = QFont(self._browser.font())
        font.setPointSizeF(font.pointSizeF() * 1.1)
        self._browser.setFont(font)

        self._result_label = QLabel(self)
        self._result_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._result_label.setWordWrap(True)
        self._result_label.setStyleSheet("font-weight: bold; padding: 4px;")
        self._result_label.hide()
        # A finished game's review one click away, where the eye is when the game ends (lichess's
        # analysis button); the review's summary takes its place once it is done.
        self.review_button = QPushButton(self.tr("Review the game: its mistakes and the better moves"), self)
        self.review_button.setObjectName("review_button")
        self.review_button.clicked.connect(self.review_requested)
        self.review_button.hide()

        self._first_button = self._nav_button("first", self.tr("Start position (Home)"))
        self._back_button = self._nav_button("previous", self.tr("Previous move (Left)"))
        self._forward_button = self._nav_button("next", self.tr("Next move (Right)"))
        self._last_button = self._nav_button("last", self.tr("Live position (End)"))
        nav = QHBoxLayout()
        for button in (self._first_button, self._back_button, self._forward_button, self._last_button):
            nav.addWidget(button)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self._browser, 1)
        layout.addWidget(self._result_label)
        layout.addWidget(self.review_button)
        layout.addLayout(nav)
        self._render()
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
            if event.type() == QEvent.Type.PaletteChange:
                self._render()

    def _nav_button(self, kind: str, tip: str) -> QPushButton:
        button = QPushButton(self)
        button.setProperty("nav_icon", kind)
        button.setToolTip(tip)
        button.setAccessibleName(tip)
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        request = {"previous": "back", "next": "forward"}.get(kind, kind)
        button.clicked.connect(lambda: self.navigation_requested.emit(request))
        return button

    # ------------------------------------------------------------------ content

    def set_game(self, game: chess.pgn.Game, live: chess.pgn.GameNode | None = None) -> None:
        """Show ``game``'s tree; ``live`` is the live position's node (the end of the main line by default)."""
        self._game = game
        self._live = live if live is not None else game.end()
        if not tree.is_attached(self._current, game):
            self._current = self._live
        self._render()

    def set_current_node(self, node: chess.pgn.GameNode) -> None:
        """Highlight ``node``'s move (nothing for the root) and scroll to it."""
        self._current = node
        self._render()

    def set_current_ply(self, ply: int) -> None:
        """Highlight the main-line move that leads to ``ply`` (0 = nothing)."""
        node: chess.pgn.GameNode = self._game
        for _ in range(max(0, ply)):
            if not node.variations:
                break
            node = node.variations[0]
        self.set_current_node(node)

    def current_node(self) -> chess.pgn.GameNode:
        """The highlighted node."""
        return self._current

    def current_ply(self) -> int:
        """Number of moves from the start to the highlighted node."""
        return tree.depth(self._current)

    def move_count(self) -> int:
        """Number of plies in the main line."""
        return sum(1 for _ in self._game.mainline())

    def set_result(self, text: str | None) -> None:
        """Show the game's result and reason under the moves (None hides it)."""
        self._result_text = text
        self._result_label.setText(text or "")
        self._result_label.setVisible(bool(text))

    def set_review_offered(self, offered: bool) -> None:
        """Show the button that reviews the game (a finished game not reviewed yet)."""
        self.review_button.setVisible(offered)

    def result_text(self) -> str | None:
        """The result line shown, if any."""
        return self._result_text

    def result_label(self) -> QLabel:
        """The label under the moves that shows the result (for tests and styling)."""
        return self._result_label

    def navigation_buttons(self) -> tuple[QPushButton, ...]:
        """Start, previous, next and live-position buttons, left to right."""
        return (self._first_button, self._back_button, self._forward_button, self._last_button)

    def browser(self) -> QTextBrowser:
        """The text view (for tests and styling)."""
        return self._browser

    def plain_text(self) -> str:
        """The log as plain text, one paragraph a line (what a screen reader reads)."""
        return self._browser.toPlainText()

    def move_text(self, node: chess.pgn.ChildNode) -> str:
        """The text of ``node``'s link: number (where shown), SAN, NAG symbols, book mark."""
        cursor = self._anchor_cursor(node)
        return cursor.selectedText() if cursor is not None else ""

    # ------------------------------------------------------------------ geometry

    def node_at(self, pos: QPoint) -> chess.pgn.ChildNode | None:
        """The move under ``pos`` (viewport coordinates), if any."""
        return self._node_of_anchor(self._browser.anchorAt(pos))

    def move_rect(self, node: chess.pgn.GameNode) -> QRect:
        """Where ``node``'s move is drawn, in viewport coordinates (empty when it is not shown)."""
        cursor = self._anchor_cursor(node)
        if cursor is None:
            return QRect()
        start = QTextCursor(cursor)
        start.setPosition(cursor.selectionStart())
        end = QTextCursor(cursor)
        end.setPosition(cursor.selectionEnd())
        return self._browser.cursorRect(start).united(self._browser.cursorRect(end))

    def scroll_to_current(self) -> None:
        """Bring the highlighted move into view (the top for the start position)."""
        cursor = self._anchor_cursor(self._current) if self._current.parent is not None else None
        if cursor is None:
            self._browser.verticalScrollBar().setValue(0)
            return
        rect = self.move_rect(self._current)
        viewport = self._browser.viewport().rect()
        if not viewport.contains(rect):
            bar = self._browser.verticalScrollBar()
            if rect.top() < viewport.top():
                bar.setValue(bar.value() + rect.top() - viewport.top())
            else:
                bar.setValue(bar.value() + rect.bottom() - viewport.bottom())

    # ------------------------------------------------------------------ context menu

    def context_menu(self, node: chess.pgn.ChildNode, parent: QWidget | None = None) -> QMenu:
        """The right-click menu of ``node``'s move (the caller shows it)."""
        menu = QMenu(parent or self)
        is_main_child = node.parent is not None and node.parent.variations[0] is node
        promote = menu.addAction(self.tr("Promote variation"), lambda: self.promote_requested.emit(node))
        promote.setEnabled(not is_main_child)
        main = menu.addAction(self.tr("Make main line"), lambda: self.make_main_line_requested.emit(node))
        main.setEnabled(not node.is_mainline())
        menu.addAction(self.tr("Continue the game from here…"), lambda: self.continue_requested.emit(node))
        menu.addSeparator()
        menu.addAction(
            self.tr("Edit comment…") if node.comment else self.tr("Add comment…"),
            lambda: self.comment_requested.emit(node),
        )
        nag_menu = menu.addMenu(self.tr("Annotation symbol"))
        others = frozenset(nag for nag in node.nags if nag not in MOVE_NAGS)
        for nag in MOVE_NAGS:
            action = nag_menu.addAction(f"{nag_text(nag)}  (${nag})")
            action.setCheckable(True)
            action.setChecked(nag in node.nags)
            wanted = others if nag in node.nags else others | {nag}
            action.triggered.connect(lambda _checked=False, wanted=wanted: self.nags_requested.emit(node, wanted))
        nag_menu.addSeparator()
        clear = nag_menu.addAction(self.tr("No symbol"), lambda: self.nags_requested.emit(node, frozenset()))
        clear.setEnabled(bool(node.nags))
        menu.addSeparator()
        menu.addAction(self.tr("Delete from here"), lambda: self.delete_requested.emit(node))
        return menu

    # ------------------------------------------------------------------ rendering

    def set_piece_letters(self, letters: PieceLetters) -> None:
        """Show the moves with ``letters`` (English K Q R B N or Finnish K D T L R)."""
        if letters is not self._piece_letters:
            self._piece_letters = letters
            self._render()

    def _render(self) -> None:
        palette = self.palette()
        rendered = tree_html(
            self._game,
            self._current,
            palette.color(QPalette.ColorRole.Highlight).name(),
            palette.color(QPalette.ColorRole.HighlightedText).name(),
            self._piece_letters,
        )
        self._nodes = list(rendered.nodes)
        self._index = rendered.index
        text = palette.color(QPalette.ColorRole.Text).name()
        self._browser.document().setDefaultStyleSheet(
            f"a {{ color: {text}; text-decoration: none; }} .comment {{ font-style: italic; }}"
        )
        bar = self._browser.verticalScrollBar()
        scroll = bar.value()
        self._browser.setHtml(rendered.html)
        bar.setValue(scroll)
        self.scroll_to_current()
        self._update_buttons()

    # ------------------------------------------------------------------ internals

    def _node_of_anchor(self, anchor: str) -> chess.pgn.ChildNode | None:
        if anchor.startswith("n") and anchor[1:].isdigit():
            index = int(anchor[1:])
            if index < len(self._nodes):
                return self._nodes[index]
        return None

    def _anchor_cursor(self, node: chess.pgn.GameNode) -> QTextCursor | None:
        """A cursor selecting ``node``'s link text, or None when it is not shown."""
        index = self._index.get(id(node))
        if index is None:
            return None
        href = f"n{index}"
        block = self._browser.document().begin()
        while block.isValid():
            iterator = block.begin()
            while not iterator.atEnd():
                fragment = iterator.fragment()
                if fragment.isValid() and fragment.charFormat().anchorHref() == href:
                    start = fragment.position()
                    end = start + fragment.length()
                    # A link may span several fragments (bold, the small book mark).
                    iterator += 1
                    while not iterator.atEnd() and iterator.fragment().charFormat().anchorHref() == href:
                        end = iterator.fragment().position() + iterator.fragment().length()
                        iterator += 1
                    cursor = QTextCursor(self._browser.document())
                    cursor.setPosition(start)
                    cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
                    return cursor
                iterator += 1
            block = block.next()
        return None

    def _on_anchor_clicked(self, url: QUrl) -> None:
        node = self._node_of_anchor(url.toString())
        if node is not None:
            self.node_selected.emit(node)

    def _update_buttons(self) -> None:
        at_start = self._current.parent is None
        self._first_button.setEnabled(not at_start)
        self._back_button.setEnabled(not at_start)
        self._forward_button.setEnabled(bool(self._current.variations))
        self._last_button.setEnabled(self._current is not self._live)
