"""Clock views: one side's clock (:class:`ClockWidget`) and the pair beside the board (:class:`ClockPanel`).

They look like lichess's: a rounded card per side with the player's name and big
digits; the running clock lit up, a low-time red with a short flash when a side
enters it, tenths of a second below ten seconds. The panel shows the clock of the
side at the bottom of the board at the bottom, and swaps them when the board flips.
The views only read a :class:`~chessgui.clock.chess_clock.ChessClock`; they never change it.
"""

from __future__ import annotations

import chess
from PySide6.QtCore import QEasingCurve, QRectF, QSize, Qt, QVariantAnimation, Signal
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPaintEvent
from PySide6.QtWidgets import QSizePolicy, QVBoxLayout, QWidget

from chessgui.clock.chess_clock import ChessClock, ClockRunState, format_clock_ms
from chessgui.clock.time_control import TimeControl
from chessgui.game.chess_words import side_name

LOW_TIME_MIN_MS = 10_000
"""Below ten seconds a clock is always low (this is also where tenths appear)."""
LOW_TIME_MAX_MS = 20_000
"""Twenty seconds is always low, however long the game."""
LOW_TIME_FRACTION = 0.10
"""Between those bounds, low time is a tenth of the side's base time."""
FLASH_DURATION_MS = 1200
"""Length of the low-time flash (three pulses)."""

# Lichess-like palettes: dim cards, the running one lit, red when time is short.
# The dark set suits a dark window, the light set a light one (chosen from the palette).
_IDLE_BACKGROUND = QColor("#3a3835")
_IDLE_TEXT = QColor("#a7a5a1")
_RUNNING_BACKGROUND = QColor("#e8e6e1")
_RUNNING_TEXT = QColor("#161512")
_LIGHT_IDLE_BACKGROUND = QColor("#e4e2de")
_LIGHT_IDLE_TEXT = QColor("#7b7975")
_LIGHT_RUNNING_BACKGROUND = QColor("#d5e6bf")
_LOW_BACKGROUND = QColor("#c33b36")
_LOW_IDLE_TEXT = QColor("#e36a64")
_LOW_TEXT = QColor("#ffffff")
_FLASH_BACKGROUND = QColor("#ff8a80")
_FLAGGED_BACKGROUND = QColor("#7a211d")
_RUNNING_ACCENT = QColor("#629924")


def low_time_threshold_ms(time_control: TimeControl, color: chess.Color) -> int:
    """Remaining time under which ``color``'s clock shows as low: 10 % of its base,
    but at least 10 s and at most 20 s (1+0 → 10 s, 3+0 → 18 s, 10+0 → 20 s)."""
    tenth = int(time_control.base_ms(color) * LOW_TIME_FRACTION)
    return max(LOW_TIME_MIN_MS, min(LOW_TIME_MAX_MS, tenth))


class ClockWidget(QWidget):
    """One side's clock card: colour dot, player name and remaining time.

    Signals:
        low_time_reached(bool color): the running clock just went below its low-time
            threshold (the flash starts); a place to hang a sound.
    """

    low_time_reached = Signal(bool)

    def __init__(self, color: chess.Color, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._color = color
        self._remaining_ms = 0
        self._running = False
        self._active = False
        self._flagged = False
        self._timed = True
        self._low_threshold_ms = LOW_TIME_MIN_MS
        self._player_name = side_name(color)
        self._note = ""  # a remark under the name, e.g. when the clock starts
        self._flash_level = 0.0
        self._flash = QVariantAnimation(self)
        self._flash.setDuration(FLASH_DURATION_MS)
        self._flash.setStartValue(0.0)
        self._flash.setEndValue(0.0)
        for step in (1, 3, 5):  # three pulses: up at 1/6, 3/6, 5/6 of the duration
            self._flash.setKeyValueAt(step / 6.0, 1.0)
        for step in (2, 4):
            self._flash.setKeyValueAt(step / 6.0, 0.0)
        self._flash.setEasingCurve(QEasingCurve.Type.Linear)
        self._flash.valueChanged.connect(self._on_flash_value_changed)
        self.setObjectName(f"clock_{chess.COLOR_NAMES[color]}")
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.setMinimumWidth(180)

    # State -----------------------------------------------------------------

    def color(self) -> chess.Color:
        """The side this clock belongs to."""
        return self._color

    def set_state(
        self,
        remaining_ms: int,
        running: bool,
        flagged: bool = False,
        timed: bool = True,
        active: bool | None = None,
    ) -> None:
        """Show a new remaining time and state (one repaint at most).

        ``running``: this side's time is running (green edge, low-time flash).
        ``active``: this side is to move, so the card is lit — also while the clock
        is held (paused, or between a move and the computer's turn); defaults to ``running``.
        """
        active = running if active is None else active
        was_low = self.is_low_time()
        # Repaint only when what is shown changes (the text changes once a second, or
        # ten times a second under ten seconds), not on every 50 ms tick.
        shown_before = (self.text(), was_low, self._running, self._active, self._flagged, self._timed)
        self._remaining_ms = max(0, remaining_ms)
        self._running = running
        self._active = active
        self._flagged = flagged
        self._timed = timed
        if running and self.is_low_time() and not was_low:
            self._flash.start()
            self.low_time_reached.emit(self._color)
        if not active and self._flash.state() == QVariantAnimation.State.Running:
            self._flash.stop()
            self._flash_level = 0.0
        if (self.text(), self.is_low_time(), running, active, flagged, timed) != shown_before:
            self.update()

    def set_remaining_ms(self, remaining_ms: int) -> None:
        """Show a new remaining time, keeping the other state."""
        self.set_state(remaining_ms, self._running, self._flagged, self._timed, self._active)

    def set_running(self, running: bool) -> None:
        """Light the clock up while its side's time runs."""
        self.set_state(self._remaining_ms, running, self._flagged, self._timed)

    def set_low_time_threshold_ms(self, threshold_ms: int) -> None:
        """Remaining time under which the clock turns red."""
        if threshold_ms != self._low_threshold_ms:
            self._low_threshold_ms = threshold_ms
            self.update()

    def set_player_name(self, name: str) -> None:
        """Name shown on the card (e.g. "Stockfish" or "You")."""
        if name != self._player_name:
            self._player_name = name
            self.update()

    def player_name(self) -> str:
        """The name shown on the card."""
        return self._player_name

    def set_note(self, note: str) -> None:
        """A short remark shown under the name ("" for none)."""
        if note != self._note:
            self._note = note
            self.update()

    def note(self) -> str:
        """The remark shown under the name, or ""."""
        return self._note

    def remaining_ms(self) -> int:
        """The time shown, in milliseconds."""
        return self._remaining_ms

    def is_active(self) -> bool:
        """True while the card is lit: its side is to move."""
        return self._active

    def is_running(self) -> bool:
        """True while the clock is lit as running."""
        return self._running

    def is_flagged(self) -> bool:
        """True once this side's flag has fallen."""
        return self._flagged

    def is_low_time(self) -> bool:
        """True when the time is timed and below the low-time threshold."""
        return self._timed and self._remaining_ms < self._low_threshold_ms

    def is_flashing(self) -> bool:
        """True while the low-time flash plays."""
        return self._flash.state() == QVariantAnimation.State.Running

    def text(self) -> str:
        """The time as shown: "3:00", "1:02:03", "0:09.4"; empty when untimed."""
        return format_clock_ms(self._remaining_ms) if self._timed else ""

    # Painting ----------------------------------------------------------------

    def sizeHint(self) -> QSize:
        return QSize(240, 60)

    def minimumSizeHint(self) -> QSize:
        return QSize(180, 52)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        background, foreground = self._colors()
        card = QRectF(self.rect()).adjusted(1, 1, -1, -1)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(background)
        painter.drawRoundedRect(card, 6, 6)
        if self._running and not self.is_low_time():
            # A green bar on the left edge, like lichess's running clock.
            painter.setBrush(_RUNNING_ACCENT)
            painter.drawRoundedRect(QRectF(card.left(), card.top(), 5, card.height()), 2.5, 2.5)

        padding = 12.0
        dot = min(14.0, card.height() * 0.28)
        dot_rect = QRectF(card.left() + padding, card.center().y() - dot / 2, dot, dot)
        painter.setBrush(QColor("#f5f5f0") if self._color == chess.WHITE else QColor("#1c1b19"))
        painter.setPen(QColor("#8a8884"))
        painter.drawEllipse(dot_rect)

        time_font = QFont(self.font())
        time_font.setBold(True)
        time_font.setPixelSize(max(14, int(card.height() * 0.55)))
        time_font.setStyleHint(QFont.StyleHint.Monospace)
        time_text = self.text()
        time_width = QFontMetricsF(time_font).horizontalAdvance(time_text) if time_text else 0.0
        time_rect = QRectF(card.right() - padding - time_width, card.top(), time_width, card.height())

        name_font = QFont(self.font())
        name_font.setPixelSize(max(11, int(card.height() * 0.24)))
        name_left = dot_rect.right() + 8
        name_rect = QRectF(name_left, card.top(), max(0.0, time_rect.left() - name_left - 8), card.height())
        painter.setFont(name_font)
        painter.setPen(foreground)
        name = QFontMetricsF(name_font).elidedText(
            self._flag_caption() or self._player_name, Qt.TextElideMode.ElideRight, name_rect.width()
        )
        name_alignment = Qt.AlignmentFlag.AlignVCenter
        if self._note:
            # Name in the upper half, the note in smaller type in the lower half.
            upper, lower = QRectF(name_rect), QRectF(name_rect)
            upper.setBottom(name_rect.center().y())
            lower.setTop(name_rect.center().y())
            name_rect, name_alignment = upper, Qt.AlignmentFlag.AlignBottom
            note_font = QFont(self.font())
            note_font.setPixelSize(max(10, int(card.height() * 0.19)))
            note = QFontMetricsF(note_font).elidedText(self._note, Qt.TextElideMode.ElideRight, lower.width())
            painter.setFont(note_font)
            painter.drawText(lower.adjusted(0, 2, 0, 0), Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft, note)
            painter.setFont(name_font)
        painter.drawText(name_rect, name_alignment | Qt.AlignmentFlag.AlignLeft, name)

        if time_text:
            painter.setFont(time_font)
            painter.drawText(time_rect, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight, time_text)
        painter.end()

    def _flag_caption(self) -> str:
        if self._flagged:
            return f"\u2691 {self._player_name}"  # a flag, as on a real clock
        return ""

    def _colors(self) -> tuple[QColor, QColor]:
        light = self.palette().window().color().lightness() > 128
        idle_background = _LIGHT_IDLE_BACKGROUND if light else _IDLE_BACKGROUND
        if self._flagged:
            return _FLAGGED_BACKGROUND, _LOW_TEXT
        if self._active and self.is_low_time():
            return _mix(_LOW_BACKGROUND, _FLASH_BACKGROUND, self._flash_level), _LOW_TEXT
        if self._active:
            return (_LIGHT_RUNNING_BACKGROUND if light else _RUNNING_BACKGROUND), _RUNNING_TEXT
        if self.is_low_time():
            return idle_background, (_LOW_BACKGROUND if light else _LOW_IDLE_TEXT)
        return idle_background, (_LIGHT_IDLE_TEXT if light else _IDLE_TEXT)

    def _on_flash_value_changed(self, value: object) -> None:
        self._flash_level = float(value)  # type: ignore[arg-type]
        self.update()


class ClockPanel(QWidget):
    """The two clocks beside the board, the bottom side's clock at the bottom.

    Call :meth:`set_clock` once; the panel follows the clock's ``ticked`` and
    ``changed`` signals. An optional centre widget (e.g. the move list) sits
    between the clocks, as on lichess. Untimed games hide the times but keep the names,
    and the side to move's card stays lit.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._clock: ChessClock | None = None
        self._flipped = False
        self._widgets = {chess.WHITE: ClockWidget(chess.WHITE, self), chess.BLACK: ClockWidget(chess.BLACK, self)}
        self._center: QWidget | None = None
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(8)
        self._arrange()

    # Wiring ------------------------------------------------------------------

    def set_clock(self, clock: ChessClock) -> None:
        """Show ``clock``'s times from now on."""
        if self._clock is not None:
            self._clock.ticked.disconnect(self.refresh)
            self._clock.changed.disconnect(self.refresh)
        self._clock = clock
        clock.ticked.connect(self.refresh)
        clock.changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        """Read the clock and repaint both cards (slot for ``ticked``/``changed``)."""
        clock = self._clock
        if clock is None:
            return
        time_control = clock.time_control()
        running = clock.running_color()
        # The side to move's card stays lit while the clock is held (paused, waiting for
        # the first move, the computer-game watching delay) and in untimed games.
        to_move = clock.to_move() if clock.state() != ClockRunState.STOPPED else None
        flagged = clock.flagged_color()
        for color, widget in self._widgets.items():
            widget.set_low_time_threshold_ms(low_time_threshold_ms(time_control, color))
            widget.set_state(
                clock.remaining_ms(color),
                running=running == color,
                flagged=flagged == color,
                timed=time_control.is_timed(),
                active=to_move == color,
            )

    # Layout ------------------------------------------------------------------

    def set_flipped(self, flipped: bool) -> None:
        """Follow the board: flipped means Black at the bottom, so Black's clock goes down."""
        if flipped != self._flipped:
            self._flipped = flipped
            self._arrange()

    def is_flipped(self) -> bool:
        """True when Black's clock is at the bottom."""
        return self._flipped

    def set_center_widget(self, widget: QWidget | None) -> None:
        """Put ``widget`` between the two clocks (None: an empty stretch)."""
        if self._center is not None:
            self._layout.removeWidget(self._center)
        self._center = widget
        self._arrange()
        if widget is not None:
            widget.show()  # re-parented by the layout; show it now rather than on the next event loop pass

    def set_player_names(self, white: str, black: str) -> None:
        """Names shown on the cards."""
        self._widgets[chess.WHITE].set_player_name(white)
        self._widgets[chess.BLACK].set_player_name(black)

    def set_note(self, color: chess.Color, note: str) -> None:
        """Show ``note`` on ``color``'s card and none on the other ("" clears both)."""
        for side, widget in self._widgets.items():
            widget.set_note(note if side == color else "")

    def clock_widget(self, color: chess.Color) -> ClockWidget:
        """The card of ``color``."""
        return self._widgets[color]

    def top_widget(self) -> ClockWidget:
        """The card shown at the top (the side at the top of the board)."""
        return self._widgets[chess.WHITE if self._flipped else chess.BLACK]

    def bottom_widget(self) -> ClockWidget:
        """The card shown at the bottom (the side at the bottom of the board)."""
        return self._widgets[chess.BLACK if self._flipped else chess.WHITE]

    def _arrange(self) -> None:
        while self._layout.count():
            self._layout.takeAt(0)
        self._layout.addWidget(self.top_widget())
        if self._center is not None:
            self._layout.addWidget(self._center, 1)
        else:
            self._layout.addStretch(1)
        self._layout.addWidget(self.bottom_widget())


def _mix(first: QColor, second: QColor, amount: float) -> QColor:
    amount = max(0.0, min(1.0, amount))
    return QColor(
        round(first.red() + (second.red() - first.red()) * amount),
        round(first.green() + (second.green() - first.green()) * amount),
        round(first.blue() + (second.blue() - first.blue()) * amount),
    )
