"""Game ▸ My rating…: the player's rating against the built-in engine's levels.

Shows the rating with its uncertainty (about 95% of the time the true strength lies within
twice the deviation either way), a small chart of the rating after each game with that band,
the rated games (date, level, colour, result, rating after), and offers the level nearest the
rating. The dialog only shows and requests: ``level_requested`` asks the window to apply a level.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPaintEvent, QPen, QPolygonF
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from chessgui.i18n import QT_TRANSLATE_NOOP
from chessgui.storage.rating import START_DEVIATION, START_RATING, Rating, suggest_level
from chessgui.storage.settings import LEVEL_RANGE, LEVEL_STEP

LEVELS: tuple[int, ...] = tuple(range(LEVEL_RANGE[0], LEVEL_RANGE[1] + 1, LEVEL_STEP))
PROVISIONAL_DEVIATION = 110.0
"""Above this deviation the rating is called provisional (lichess uses the same threshold)."""
CHART_MARGIN = 100.0
"""Room above and below the rating line in the history chart, Elo."""
_RESULT_WORDS = {
    1.0: QT_TRANSLATE_NOOP("RatingDialog", "Won"),
    0.5: QT_TRANSLATE_NOOP("RatingDialog", "Draw"),
    0.0: QT_TRANSLATE_NOOP("RatingDialog", "Lost"),
}


def rating_text(rating: Rating) -> str:
    """E.g. "1432 ± 248 (provisional)": the rating and its 95% uncertainty."""
    text = f"{round(rating.rating)} ± {round(2 * rating.deviation)}"
    if rating.deviation > PROVISIONAL_DEVIATION:
        text = QCoreApplication.translate("RatingDialog", "{rating} (provisional)").format(rating=text)
    return text


class RatingChart(QWidget):
    """The rating after each game (a line) inside its 95% band; the start rating on the left."""

    def __init__(self, rating: Rating, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName(self.tr("Rating history chart"))
        self.setMinimumHeight(140)
        self.set_rating(rating)

    def set_rating(self, rating: Rating) -> None:
        """Chart ``rating``'s history."""
        start = rating.games[0] if rating.games else None
        # (rating, deviation) before the first game and after each one.
        self.points: list[tuple[float, float]] = [(START_RATING, START_DEVIATION)] if start is not None else []
        self.points += [(game.rating_after, game.deviation_after) for game in rating.games]
        self.update()

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(420, 160)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        area = QRectF(self.rect()).adjusted(44, 8, -8, -8)
        text_color = self.palette().text().color()
        painter.setPen(QPen(self.palette().mid().color()))
        painter.drawRect(area)
        if len(self.points) < 2:
            painter.setPen(text_color)
            painter.drawText(
                area, Qt.AlignmentFlag.AlignCenter, self.tr("Play a game against a level to start a history")
            )
            return
        # The scale follows the rating line (the early, wide band is clipped), in whole hundreds.
        ratings = [r for r, _ in self.points]
        low = math.floor((min(ratings) - CHART_MARGIN) / 100) * 100
        high = math.ceil((max(ratings) + CHART_MARGIN) / 100) * 100
        step = area.width() / (len(self.points) - 1)

        def at(index: int, value: float) -> QPointF:
            return QPointF(area.left() + index * step, area.bottom() - (value - low) / (high - low) * area.height())

        band = QPolygonF([at(i, r + 2 * d) for i, (r, d) in enumerate(self.points)])
        for i in range(len(self.points) - 1, -1, -1):
            r, d = self.points[i]
            band.append(at(i, r - 2 * d))
        highlight = QColor(self.palette().highlight().color())
        highlight.setAlpha(50)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(highlight)
        painter.drawPolygon(band.intersected(QPolygonF(area)))
        path = QPainterPath(at(0, self.points[0][0]))
        for i, (r, _) in enumerate(self.points[1:], start=1):
            path.lineTo(at(i, r))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(self.palette().highlight().color(), 2))
        painter.drawPath(path)
        painter.setPen(text_color)
        for value in (high, low):
            point = at(0, value)
            painter.drawText(QRectF(0, point.y() - 8, 40, 16), Qt.AlignmentFlag.AlignRight, str(round(value)))


class RatingDialog(QDialog):
    """The player's rating, its history and its games; offers the level nearest the rating.

    Signals:
        level_requested(int): the user wants to play at this level (the window applies it).
    """

    level_requested = Signal(int)

    def __init__(self, rating: Rating, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("My rating"))
        self.rating_label = QLabel(self)
        self.rating_label.setObjectName("rating_label")
        font = self.rating_label.font()
        font.setPointSizeF(font.pointSizeF() * 1.6)
        font.setBold(True)
        self.rating_label.setFont(font)
        self.explanation = QLabel(self)
        self.explanation.setWordWrap(True)
        self.chart = RatingChart(rating, self)
        self.table = QTableWidget(0, 5, self)
        self.table.setObjectName("rated_games")
        self.table.setAccessibleName(self.tr("Rated games"))
        self.table.setTabKeyNavigation(False)  # Tab leaves the table; the arrows move in it
        self.table.setHorizontalHeaderLabels(
            [self.tr("Date"), self.tr("Level"), self.tr("Colour"), self.tr("Result"), self.tr("Rating after")]
        )
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.suggest_button = QPushButton(self)
        self.suggest_button.setObjectName("suggest_level")
        self.suggest_button.clicked.connect(self._on_suggest_clicked)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        bottom = QHBoxLayout()
        bottom.addWidget(self.suggest_button)
        bottom.addStretch(1)
        bottom.addWidget(buttons)
        layout = QVBoxLayout(self)
        layout.addWidget(self.rating_label)
        layout.addWidget(self.explanation)
        layout.addWidget(self.chart)
        layout.addWidget(self.table, 1)
        layout.addLayout(bottom)
        self.resize(520, 520)
        self.set_rating(rating)

    def set_rating(self, rating: Rating) -> None:
        """Show ``rating`` (e.g. after a game was rated while the dialog is open)."""
        self._rating = rating
        self.rating_label.setText(self.tr("Your rating: {rating_text}").format(rating_text=rating_text(rating)))
        count = len(rating.games)
        if count == 0:
            games = self.tr("No rated games yet")
        elif count == 1:
            games = self.tr("From 1 rated game")
        else:
            games = self.tr("From {count} rated games").format(count=count)
        self.explanation.setText(
            self.tr(
                "{games} against the computer's levels. Your strength is most likely "
                "within ±{value} of {rating}; each game makes that range smaller. A "
                "game counts when you play the built-in engine at a level from the "
                "start position to the end, without taking moves back or the engine's help "
                "(a hint, analysis, a review, or its score and line shown)."
            ).format(games=games, value=round(2 * rating.deviation), rating=round(rating.rating))
        )
        self.chart.set_rating(rating)
        self.table.setRowCount(count)
        for row, game in enumerate(reversed(rating.games)):  # newest first
            cells = (
                game.date.replace("T", " "),
                str(game.level),
                self.tr("White") if game.white else self.tr("Black"),
                self.tr(_RESULT_WORDS[game.score]) if game.score in _RESULT_WORDS else str(game.score),
                f"{round(game.rating_after)} ± {round(2 * game.deviation_after)}",
            )
            for column, text in enumerate(cells):
                self.table.setItem(row, column, QTableWidgetItem(text))
        self.suggested = suggest_level(rating.rating, LEVELS)
        self.suggest_button.setText(self.tr("Play at my level ({suggested})").format(suggested=self.suggested))
        self.suggest_button.setToolTip(
            self.tr(
                "The computer's level nearest your rating: the side you play against "
                "becomes the built-in engine at {suggested} Elo"
            ).format(suggested=self.suggested)
        )

    def _on_suggest_clicked(self) -> None:
        self.level_requested.emit(self.suggested)
