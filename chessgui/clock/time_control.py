"""Time controls: how much time each side gets, written the way players write it ("5+3").

A :class:`TimeControl` is a value: base time and increment per side (different for
each side in a handicap game), or :data:`UNTIMED`. The text form follows lichess:
minutes for the base, seconds for the increment, so ``"5+3"`` is five minutes plus
three seconds a move, ``"0.5+0"`` half a minute. A base may also carry an explicit
unit (``"10s+0.1"``: ten seconds plus a tenth a move). A handicap game is written
White's control first: ``"5+3 / 3+2"``.

The settings form (:meth:`TimeControl.to_setting`) stores exact milliseconds so a
round trip through QSettings never drifts.
"""

from __future__ import annotations

import enum
import math
import re
from dataclasses import dataclass

import chess
from PySide6.QtCore import QCoreApplication

from chessgui.i18n import QT_TRANSLATE_NOOP


class InvalidTimeControlError(ValueError):
    """Text that is not a time control; the message is plain words for the user."""


_UNTIMED_WORDS = frozenset({"untimed", "none", "no clock", "unlimited", "-", "∞", ""})
_SETTING_RE = re.compile(r"ms:(\d+)\+(\d+)/(\d+)\+(\d+)")
_SIDE_RE = re.compile(r"(\d+(?:\.\d*)?|\.\d+)\s*([smh]?)\s*(?:\+\s*(\d+(?:\.\d*)?|\.\d+)\s*s?)?")
_UNIT_SECONDS = {"": 60.0, "m": 60.0, "s": 1.0, "h": 3600.0}
_MAX_BASE_MS = 24 * 3600 * 1000  # a day: anything longer is a typo, not a game
_MAX_INCREMENT_MS = 3600 * 1000


def _to_ms(seconds: float) -> int:
    if not math.isfinite(seconds):
        raise InvalidTimeControlError(QCoreApplication.translate("time_control", "Clock times must be finite numbers."))
    return round(seconds * 1000.0)


def _parse_side(part: str, original: str) -> tuple[int, int]:
    match = _SIDE_RE.fullmatch(part)
    if match is None:
        raise InvalidTimeControlError(
            QCoreApplication.translate(
                "time_control", "'{original}' is not a time control: write minutes + seconds, like 5+3 or 10s+0.1."
            ).format(original=original.strip())
        )
    amount, unit, increment = match.groups()
    base_ms = _to_ms(float(amount) * _UNIT_SECONDS[unit])
    increment_ms = _to_ms(float(increment)) if increment else 0
    if base_ms > _MAX_BASE_MS:
        raise InvalidTimeControlError(
            QCoreApplication.translate(
                "time_control", "'{original}': a base time over 24 hours is not supported."
            ).format(original=original.strip())
        )
    if increment_ms > _MAX_INCREMENT_MS:
        raise InvalidTimeControlError(
            QCoreApplication.translate(
                "time_control", "'{original}': an increment over an hour is not supported."
            ).format(original=original.strip())
        )
    return base_ms, increment_ms


_PGN_SIDE_RE = re.compile(r"\d+(?:\.\d+)?(?:\+\d+(?:\.\d+)?)?")


def _plus_part(pgn_side: str) -> str:
    _, plus, increment = pgn_side.strip().partition("+")
    return f"+{increment}" if plus else ""


def _describe_side(base_ms: int, increment_ms: int) -> str:
    return f"{_describe_base(base_ms)}+{_format_number(increment_ms / 1000.0)}"


def _describe_base(base_ms: int) -> str:
    # Minutes when they are a short exact decimal (1, 1.5, 0.25), else seconds with a unit.
    minutes = base_ms / 60000.0
    if base_ms % 600 == 0 and base_ms >= 15000:
        return _format_number(minutes)
    return f"{_format_number(base_ms / 1000.0)}s"


def _format_number(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return text or "0"


@dataclass(frozen=True, slots=True)
class TimeControl:
    """Base time and increment for each side. All zero means untimed."""

    white_base_ms: int = 0
    """White's time at the start of the game, in milliseconds (0 when untimed)."""
    white_increment_ms: int = 0
    """Time added to White's clock after each White move, in milliseconds."""
    black_base_ms: int = 0
    """Black's time at the start of the game, in milliseconds (0 when untimed)."""
    black_increment_ms: int = 0
    """Time added to Black's clock after each Black move, in milliseconds."""

    def __post_init__(self) -> None:
        values = (self.white_base_ms, self.white_increment_ms, self.black_base_ms, self.black_increment_ms)
        if any(not isinstance(value, int) or isinstance(value, bool) for value in values):
            raise InvalidTimeControlError(
                QCoreApplication.translate("TimeControl", "Clock times must be whole milliseconds.")
            )
        if any(value < 0 for value in values):
            raise InvalidTimeControlError(QCoreApplication.translate("TimeControl", "Clock times cannot be negative."))
        if (self.white_base_ms > 0) != (self.black_base_ms > 0):
            # A clock that runs for one side only has no flag to fall for the other.
            raise InvalidTimeControlError(
                QCoreApplication.translate("TimeControl", "Either both sides play on a clock or neither does.")
            )
        if self.white_base_ms == 0 and (self.white_increment_ms or self.black_increment_ms):
            raise InvalidTimeControlError(QCoreApplication.translate("TimeControl", "An increment needs a base time."))

    # Construction ---------------------------------------------------------

    @classmethod
    def from_seconds(
        cls,
        base_seconds: float,
        increment_seconds: float = 0.0,
        black_base_seconds: float | None = None,
        black_increment_seconds: float | None = None,
    ) -> TimeControl:
        """Build from seconds; Black gets White's control unless given its own (handicap)."""
        if black_base_seconds is None:
            black_base_seconds = base_seconds
        if black_increment_seconds is None:
            black_increment_seconds = increment_seconds
        return cls(
            white_base_ms=_to_ms(base_seconds),
            white_increment_ms=_to_ms(increment_seconds),
            black_base_ms=_to_ms(black_base_seconds),
            black_increment_ms=_to_ms(black_increment_seconds),
        )

    @classmethod
    def from_minutes(cls, base_minutes: float, increment_seconds: float = 0.0) -> TimeControl:
        """The same control for both sides, written as players say it: 5 minutes + 3 seconds."""
        return cls.from_seconds(base_minutes * 60.0, increment_seconds)

    @classmethod
    def parse(cls, text: str) -> TimeControl:
        """Read ``"5+3"``, ``"10s+0.1"``, ``"5+3 / 3+2"`` (handicap) or ``"untimed"``.

        Raises :class:`InvalidTimeControlError` with a plain-words message otherwise.
        """
        cleaned = text.strip().lower()
        if cleaned in _UNTIMED_WORDS:
            return UNTIMED
        parts = [part.strip() for part in cleaned.split("/")]
        if len(parts) > 2:
            raise InvalidTimeControlError(
                QCoreApplication.translate(
                    "TimeControl", "'{text}' is not a time control: write it like 5+3, or 5+3 / 3+2 for a handicap."
                ).format(text=text.strip())
            )
        white = _parse_side(parts[0], text)
        black = _parse_side(parts[1], text) if len(parts) == 2 else white
        if white[0] == 0 or black[0] == 0:
            raise InvalidTimeControlError(
                QCoreApplication.translate("TimeControl", "'{text}': the base time must be more than zero.").format(
                    text=text.strip()
                )
            )
        return cls(white[0], white[1], black[0], black[1])

    @classmethod
    def from_setting(cls, value: object) -> TimeControl:
        """Read the form written by :meth:`to_setting` (also accepts :meth:`parse` text).

        Settings files can be edited by hand or come from an older version, so anything
        unreadable raises :class:`InvalidTimeControlError` for the caller to fall back on.
        """
        if not isinstance(value, str):
            raise InvalidTimeControlError(
                QCoreApplication.translate("TimeControl", "The saved time control is not text.")
            )
        match = _SETTING_RE.fullmatch(value.strip())
        if match is None:
            return cls.parse(value)
        try:
            return cls(*(int(group) for group in match.groups()))
        except InvalidTimeControlError as error:
            raise InvalidTimeControlError(
                QCoreApplication.translate(
                    "TimeControl", "The saved time control '{value}' is not valid: {error}"
                ).format(value=value, error=error)
            ) from error

    # Queries ---------------------------------------------------------------

    def is_timed(self) -> bool:
        """True when the game is played on a clock."""
        return self.white_base_ms > 0

    def is_handicap(self) -> bool:
        """True when the two sides have different controls."""
        return (self.white_base_ms, self.white_increment_ms) != (self.black_base_ms, self.black_increment_ms)

    def base_ms(self, color: chess.Color) -> int:
        """The side's starting time in milliseconds."""
        return self.white_base_ms if color == chess.WHITE else self.black_base_ms

    def increment_ms(self, color: chess.Color) -> int:
        """The side's increment per move in milliseconds."""
        return self.white_increment_ms if color == chess.WHITE else self.black_increment_ms

    def for_side(self, color: chess.Color) -> TimeControl:
        """The symmetric control both sides would have if they played like ``color``."""
        base, increment = self.base_ms(color), self.increment_ms(color)
        return TimeControl(base, increment, base, increment)

    def estimated_game_seconds(self, color: chess.Color = chess.WHITE) -> float:
        """Lichess's estimate of one side's time for a 40-move game: base + 40 × increment."""
        return (self.base_ms(color) + 40 * self.increment_ms(color)) / 1000.0

    def category(self) -> str:
        """ "Untimed", "UltraBullet", "Bullet", "Blitz", "Rapid" or "Classical" (lichess's bands)."""
        if not self.is_timed():
            return QCoreApplication.translate("TimeControl", "Untimed")
        seconds = max(self.estimated_game_seconds(chess.WHITE), self.estimated_game_seconds(chess.BLACK))
        if seconds < 29:
            return QCoreApplication.translate("TimeControl", "UltraBullet")
        if seconds < 179:
            return QCoreApplication.translate("TimeControl", "Bullet")
        if seconds < 479:
            return QCoreApplication.translate("TimeControl", "Blitz")
        if seconds < 1499:
            return QCoreApplication.translate("TimeControl", "Rapid")
        return QCoreApplication.translate("TimeControl", "Classical")

    # Text ------------------------------------------------------------------

    def describe(self) -> str:
        """Short text that :meth:`parse` reads back: "5+3", "10s+0.1", "5+3 / 3+2", "Untimed"."""
        if not self.is_timed():
            return QCoreApplication.translate("TimeControl", "Untimed")
        white = _describe_side(self.white_base_ms, self.white_increment_ms)
        if not self.is_handicap():
            return white
        return f"{white} / {_describe_side(self.black_base_ms, self.black_increment_ms)}"

    def to_setting(self) -> str:
        """Exact form for QSettings: "untimed" or "ms:W_BASE+W_INC/B_BASE+B_INC"."""
        if not self.is_timed():
            return "untimed"
        return f"ms:{self.white_base_ms}+{self.white_increment_ms}/{self.black_base_ms}+{self.black_increment_ms}"

    def to_pgn_header(self) -> str:
        """Value for the PGN ``TimeControl`` tag: "300+3" (seconds), "-" when untimed.

        A handicap has no standard form; it is written "300+3/180+2" (White first),
        which :meth:`from_pgn_header` reads back and other programs treat as unknown.
        """
        if not self.is_timed():
            return "-"
        white = f"{_format_number(self.white_base_ms / 1000)}+{_format_number(self.white_increment_ms / 1000)}"
        if not self.is_handicap():
            return white
        return f"{white}/{_format_number(self.black_base_ms / 1000)}+{_format_number(self.black_increment_ms / 1000)}"

    @classmethod
    def from_pgn_header(cls, value: str) -> TimeControl:
        """Read a PGN ``TimeControl`` tag ("300+3", "60", "-"); multi-period or unknown
        values ("40/7200:3600", "?") raise :class:`InvalidTimeControlError`."""
        cleaned = value.strip()
        if cleaned == "-":
            return UNTIMED
        parts = cleaned.split("/")
        if len(parts) == 2 and not all("+" in part for part in parts):
            raise InvalidTimeControlError(
                QCoreApplication.translate(
                    "TimeControl", "The PGN time control '{cleaned}' (moves per period) is not supported."
                ).format(cleaned=cleaned)
            )
        if len(parts) > 2 or not all(_PGN_SIDE_RE.fullmatch(part.strip()) for part in parts):
            raise InvalidTimeControlError(
                QCoreApplication.translate("TimeControl", "The PGN time control '{cleaned}' is not readable.").format(
                    cleaned=cleaned
                )
            )
        sides = [_parse_side(part.strip().split("+")[0] + "s" + _plus_part(part), cleaned) for part in parts]
        white, black = sides[0], sides[-1]
        if white[0] == 0 or black[0] == 0:
            raise InvalidTimeControlError(
                QCoreApplication.translate("TimeControl", "The PGN time control '{cleaned}' has no base time.").format(
                    cleaned=cleaned
                )
            )
        return cls(white[0], white[1], black[0], black[1])

    def __str__(self) -> str:
        return self.describe()


UNTIMED = TimeControl()
"""No clock: the game has no time limit."""


@dataclass(frozen=True, slots=True)
class TimeControlPreset:
    """A named, ready-made control offered in the editor's list."""

    time_control: TimeControl
    """The control itself (the same for both sides)."""

    @property
    def label(self) -> str:
        """What the list shows, e.g. "Blitz 5+3"."""
        return f"{self.time_control.category()} {self.time_control.describe()}"


PRESETS: tuple[TimeControlPreset, ...] = tuple(
    TimeControlPreset(TimeControl.from_minutes(minutes, increment))
    for minutes, increment in (
        (1, 0),
        (3, 0),
        (3, 2),
        (5, 0),
        (5, 3),
        (10, 0),
        (10, 5),
        (15, 10),
        (30, 0),
        (30, 20),
    )
)
"""The usual online controls, fastest first."""


def find_preset(time_control: TimeControl) -> TimeControlPreset | None:
    """The preset equal to ``time_control``, if there is one."""
    for preset in PRESETS:
        if preset.time_control == time_control:
            return preset
    return None


class EngineTimeMode(enum.Enum):
    """How a computer side decides how long to think in a timed game."""

    ON_CLOCK = "on_clock"
    """Think from the clock: remaining time and increment go to the engine (UCI wtime/btime/winc/binc)."""
    FIXED_PER_MOVE = "fixed_per_move"
    """Think a fixed time per move (UCI movetime), whatever the clock says; it may flag."""

    @property
    def label(self) -> str:
        """Plain words for a settings list."""
        return QCoreApplication.translate("EngineTimeMode", _ENGINE_TIME_MODE_LABELS[self])

    @classmethod
    def from_setting(cls, value: object, default: EngineTimeMode | None = None) -> EngineTimeMode:
        """Read a saved value; unknown values give ``default`` (ON_CLOCK if not given)."""
        for mode in cls:
            if value == mode.value:
                return mode
        return default if default is not None else cls.ON_CLOCK


_ENGINE_TIME_MODE_LABELS = {
    EngineTimeMode.ON_CLOCK: QT_TRANSLATE_NOOP("EngineTimeMode", "Play on the clock"),
    EngineTimeMode.FIXED_PER_MOVE: QT_TRANSLATE_NOOP("EngineTimeMode", "Fixed time per move"),
}
