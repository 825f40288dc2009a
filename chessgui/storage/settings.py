"""The user's settings as one immutable value, loaded from and saved to QSettings.

:class:`Settings` is a tree of frozen dataclasses: who plays each side (human,
built-in engine, external UCI engine) and how strong, board options (in
:mod:`chessgui.storage.board_settings`), the computer-vs-computer pace and the
time control. The settings dialog edits a copy and returns a new value; the main window applies it. Nothing here is a
global: whoever needs settings is handed the value.

Settings files can be edited by hand, come from an older version or be
damaged, so :func:`load_settings` reads each value on its own and falls back to
the default for anything it cannot understand; it never raises.
"""

from __future__ import annotations

import enum
import logging
from dataclasses import dataclass, field, replace

import chess
from PySide6.QtCore import QSettings

from chessgui.clock.time_control import UNTIMED, EngineTimeMode, InvalidTimeControlError, TimeControl
from chessgui.game.chess_words import PieceLetters
from chessgui.i18n import LANGUAGE_KEY, QT_TRANSLATE_NOOP, Language
from chessgui.storage.access_settings import AccessSettings, load_access_settings, save_access_settings
from chessgui.storage.board_settings import BoardSettings, load_board_settings, save_board_settings
from chessgui.storage.book import BOOK_DEPTH_RANGE, BookChoice, BookSettings
from chessgui.storage.setting_values import (
    SettingsSource,
    read_bool,
    read_int,
    read_raw,
    read_string_list,
)
from chessgui.storage.tablebases import TablebaseSettings

_log = logging.getLogger(__name__)

#: Bounds the dialog offers and the loader enforces.
MOVE_TIME_RANGE_MS = (0, 600_000)
DEPTH_RANGE = (1, 64)
NODES_RANGE = (1, 1_000_000_000)
HASH_RANGE_MB = (1, 4096)
THREADS_RANGE = (1, 16)
"""The built-in engine's search threads (engine.smp.MAX_THREADS; a test keeps them equal)."""
LEVEL_RANGE = (800, 2400)
"""The built-in engine's playing levels in Elo (engine.strength.LEVELS; a test keeps them equal)."""
LEVEL_STEP = 100
LEVEL_PRESETS: tuple[tuple[str, int], ...] = (
    (QT_TRANSLATE_NOOP("StrengthControl", "Beginner"), 800),
    (QT_TRANSLATE_NOOP("StrengthControl", "Casual"), 1200),
    (QT_TRANSLATE_NOOP("StrengthControl", "Club"), 1600),
    (QT_TRANSLATE_NOOP("StrengthControl", "Expert"), 2000),
    (QT_TRANSLATE_NOOP("StrengthControl", "Master"), 2400),
)
"""Named levels offered next to the strength control (engine.strength.PRESETS)."""
MIN_MOVE_DELAY_RANGE_MS = (0, 5000)

#: Used when a computer side would otherwise have no limit at all.
DEFAULT_MOVE_TIME_MS = 1000


class PlayerKind(enum.Enum):
    """Who plays a side."""

    HUMAN = "human"
    """A person at the board."""
    BUILTIN = "builtin"
    """The built-in engine (engine/ package, run in a worker thread)."""
    UCI = "uci"
    """An external UCI engine program (e.g. /usr/games/stockfish)."""

    def is_computer(self) -> bool:
        """True for either engine kind."""
        return self is not PlayerKind.HUMAN


PLAYER_NAME_MAX = 40
"""The longest player name kept (characters)."""


def clean_player_name(text: str) -> str:
    """``text`` as a player's name: one line of single spaces, at most :data:`PLAYER_NAME_MAX` characters,
    without the ``"`` and ``\\`` a PGN tag cannot hold bare (python-chess writes them unescaped)."""
    printable = "".join(char if char.isprintable() else " " for char in text)
    name = " ".join(printable.replace('"', "'").replace("\\", "/").split())
    return name[:PLAYER_NAME_MAX].strip()


@dataclass(frozen=True, slots=True)
class PlayerSettings:
    """Who plays one side and, for an engine, how strong it plays."""

    kind: PlayerKind = PlayerKind.HUMAN
    """Human, built-in engine or external UCI engine."""
    uci_path: str = ""
    """Path of the external engine program (kind UCI)."""
    uci_options: tuple[tuple[str, str], ...] = ()
    """UCI options set on the external engine, as (name, value) text pairs (e.g. ("Skill Level", "5"))."""
    move_time_ms: int = DEFAULT_MOVE_TIME_MS
    """Thinking time per move in ms when not playing from a clock; 0 = no time limit (depth/nodes only)."""
    depth: int | None = None
    """Built-in engine: maximum search depth in plies, or None for no depth cap."""
    nodes: int | None = None
    """Built-in engine: maximum nodes per move, or None for no node cap."""
    hash_mb: int = 64
    """Transposition table size in MiB (built-in; also sent as "Hash" to UCI engines that offer it)."""
    threads: int = 1
    """Built-in engine: search threads (1..16, Lazy SMP; a playing level uses its own: one, two
    from 2300). A UCI engine's threads are among its own options."""
    elo: int | None = None
    """Built-in engine: playing level in Elo (800..2400, steps of 100; engine.strength), None = full strength."""
    book: BookSettings = field(default_factory=BookSettings)
    """Opening book for this side (any engine kind; the GUI plays the book moves)."""
    name: str = ""
    """A person's name in the game's PGN and on the clock card (:func:`clean_player_name`); empty:
    "Human". Engines go by their own names."""

    def is_computer(self) -> bool:
        """True when an engine plays this side."""
        return self.kind.is_computer()

    def effective_move_time_ms(self) -> int | None:
        """Time per move to use, or None when depth/nodes alone limit the search.

        A computer side must stop somewhere: with no time, depth or node limit the
        default time per move applies.
        """
        if self.move_time_ms > 0:
            return self.move_time_ms
        if self.kind is PlayerKind.BUILTIN and (self.depth or self.nodes):
            return None
        return DEFAULT_MOVE_TIME_MS

    def uci_option_dict(self) -> dict[str, str]:
        """The UCI options as a dict (last value wins for a repeated name)."""
        return dict(self.uci_options)


NEW_USER_LEVEL = 1200
"""The computer's level for a new user: Casual, where a new rating starts (``storage.rating.START_RATING``).
Full strength (about 2500 on Stockfish's scale) won every game against a newcomer and rated none of
them; from 1200 the rating and *Play at my level* find the user's level. Saved settings keep theirs."""


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the user can set. Immutable: change with :func:`dataclasses.replace`."""

    white: PlayerSettings = field(default_factory=PlayerSettings)
    """Who plays White."""
    black: PlayerSettings = field(default_factory=lambda: PlayerSettings(kind=PlayerKind.BUILTIN, elo=NEW_USER_LEVEL))
    """Who plays Black (by default the built-in engine at :data:`NEW_USER_LEVEL`, so a new user plays the computer)."""
    board: BoardSettings = field(default_factory=BoardSettings)
    """Board look and feel."""
    min_move_delay_ms: int = 500
    """Computer vs computer: least time between two moves so people can follow (0–5000 ms)."""
    # --- Time control (owned by chessgui/clock/chess_clock/time_control.py, issue 6) ---------------------
    time_control: TimeControl = UNTIMED
    """The game's clock; UNTIMED plays without one (engines then use their time per move)."""
    engine_time_mode: EngineTimeMode = EngineTimeMode.ON_CLOCK
    """On a clock: engines think from the clock, or a fixed time per move."""
    # --- Endgame tablebases (chessgui/storage/tablebases.py) ---------------------------------------------
    tablebases: TablebaseSettings = field(default_factory=TablebaseSettings)
    """Syzygy/Gaviota directories (none by default) and whether computer sides play their moves."""
    # --- Sound & access (chessgui/storage/access_settings.py) ---------------------------------------------
    access: AccessSettings = field(default_factory=AccessSettings)
    """Sounds (which, how loud) and screen-reader announcements."""
    language: Language = Language.SYSTEM
    """The UI language (the system's unless overridden); read at start-up, so a change needs a restart."""
    piece_letters: PieceLetters = PieceLetters.ENGLISH
    """How moves on screen name the pieces (K Q R B N or Finnish K D T L R); PGN and UCI stay English."""
    show_thinking: bool = False
    """A person against the computer: show its score, line and the evaluation bar during the game.
    Off by default, as lichess: the opponent's thinking is help (a game with it on is not rated).
    Computers playing each other, and a finished or viewed game, always show it."""

    def player(self, color: chess.Color) -> PlayerSettings:
        """The settings of the side ``color``."""
        return self.white if color == chess.WHITE else self.black

    def with_player(self, color: chess.Color, player: PlayerSettings) -> Settings:
        """A copy with one side's player replaced."""
        return replace(self, white=player) if color == chess.WHITE else replace(self, black=player)

    def is_engine_vs_engine(self) -> bool:
        """True when the computer plays both sides."""
        return self.white.is_computer() and self.black.is_computer()

    def hides_thinking(self) -> bool:
        """True when a person plays the computer and has not asked to see its thinking (:attr:`show_thinking`)."""
        return len(self.human_colors()) == 1 and not self.show_thinking

    def human_colors(self) -> list[chess.Color]:
        """Sides played by a person (for auto-flip: the board shows the human's side at the bottom)."""
        return [color for color in (chess.WHITE, chess.BLACK) if not self.player(color).is_computer()]


# ---------------------------------------------------------------------- QSettings I/O
_SIDE_GROUPS = {chess.WHITE: "white", chess.BLACK: "black"}


SHOW_THINKING_KEY = "play/show_thinking"

SETTINGS_VERSION = 1
"""Written as ``meta/version``; a higher number means a newer app wrote the file."""


def load_settings(qsettings: QSettings, problems: list[str] | None = None) -> Settings:
    """Read :class:`Settings`; missing, invalid or corrupt values fall back to defaults.

    When ``problems`` is given, one sentence in plain words is appended to it if the file
    is damaged, has values that could not be used, or was written by a newer version."""
    defaults = Settings()
    source = SettingsSource(qsettings, SETTINGS_VERSION)
    settings = _load_all(source, defaults)
    if problems is not None:
        problem = source.describe()
        if problem:
            problems.append(problem)
    return settings


def _load_all(qsettings: SettingsSource, defaults: Settings) -> Settings:
    try:
        white = _load_player(qsettings, "white", defaults.white)
        black = _load_player(qsettings, "black", defaults.black)
        board = load_board_settings(qsettings, defaults.board)
        delay = read_int(qsettings, "play/min_move_delay_ms", defaults.min_move_delay_ms, MIN_MOVE_DELAY_RANGE_MS)
        time_control = _read_time_control(qsettings, "play/time_control", defaults.time_control)
        mode = EngineTimeMode.from_setting(read_raw(qsettings, "play/engine_time_mode"), defaults.engine_time_mode)
        tablebases = _load_tablebases(qsettings, defaults.tablebases)
        access = load_access_settings(lambda key: read_raw(qsettings, key), defaults.access)
        language = Language.from_setting(read_raw(qsettings, LANGUAGE_KEY))
        piece_letters = PieceLetters.from_setting(read_raw(qsettings, "board/piece_letters"))
        show_thinking = read_bool(qsettings, SHOW_THINKING_KEY, defaults.show_thinking)
    except Exception:  # a damaged file must never stop the program from starting
        _log.exception("Could not read the settings; using defaults")
        qsettings.bad("(all)")
        return defaults
    return Settings(
        white=white,
        black=black,
        board=board,
        min_move_delay_ms=delay,
        time_control=time_control,
        engine_time_mode=mode,
        tablebases=tablebases,
        access=access,
        language=language,
        piece_letters=piece_letters,
        show_thinking=show_thinking,
    )


def save_settings(qsettings: QSettings, settings: Settings) -> None:
    """Write ``settings``; :func:`load_settings` reads back an equal value."""
    qsettings.setValue("meta/version", SETTINGS_VERSION)
    for color, group in _SIDE_GROUPS.items():
        player = settings.player(color)
        prefix = f"{group}/"
        qsettings.setValue(prefix + "kind", player.kind.value)
        qsettings.setValue(prefix + "uci_path", player.uci_path)
        # Two parallel lists rather than one key per option: option names contain spaces and slashes.
        qsettings.setValue(prefix + "uci_option_names", [name for name, _ in player.uci_options])
        qsettings.setValue(prefix + "uci_option_values", [value for _, value in player.uci_options])
        qsettings.setValue(prefix + "move_time_ms", player.move_time_ms)
        qsettings.setValue(prefix + "depth", player.depth if player.depth is not None else 0)
        qsettings.setValue(prefix + "nodes", player.nodes if player.nodes is not None else 0)
        qsettings.setValue(prefix + "hash_mb", player.hash_mb)
        qsettings.setValue(prefix + "threads", player.threads)
        qsettings.setValue(prefix + "elo", player.elo or 0)
        qsettings.setValue(prefix + "book_enabled", player.book.enabled)
        qsettings.setValue(prefix + "book_path", player.book.path)
        qsettings.setValue(prefix + "book_max_moves", player.book.max_moves)
        qsettings.setValue(prefix + "book_choice", player.book.choice.value)
        qsettings.setValue(prefix + "name", player.name)
    save_board_settings(qsettings, settings.board)
    qsettings.setValue("board/piece_letters", settings.piece_letters.value)
    qsettings.setValue(LANGUAGE_KEY, settings.language.value)
    qsettings.setValue("play/min_move_delay_ms", settings.min_move_delay_ms)
    qsettings.setValue("play/time_control", settings.time_control.to_setting())
    qsettings.setValue("play/engine_time_mode", settings.engine_time_mode.value)
    qsettings.setValue(SHOW_THINKING_KEY, settings.show_thinking)
    qsettings.setValue("tablebases/syzygy_dir", settings.tablebases.syzygy_dir)
    qsettings.setValue("tablebases/gaviota_dir", settings.tablebases.gaviota_dir)
    qsettings.setValue("tablebases/play_perfectly", settings.tablebases.play_perfectly)
    save_access_settings(qsettings, settings.access)
    qsettings.sync()


def _load_player(qsettings: SettingsSource, group: str, default: PlayerSettings) -> PlayerSettings:
    prefix = f"{group}/"
    kind_text = read_raw(qsettings, prefix + "kind")
    kind = next((kind for kind in PlayerKind if kind.value == kind_text), default.kind)
    if kind_text is not None and kind.value != kind_text:
        qsettings.bad(prefix + "kind")
    path = read_raw(qsettings, prefix + "uci_path")
    depth = read_int(qsettings, prefix + "depth", 0, (0, DEPTH_RANGE[1]))
    nodes = read_int(qsettings, prefix + "nodes", 0, (0, NODES_RANGE[1]))
    return PlayerSettings(
        kind=kind,
        uci_path=path if isinstance(path, str) else default.uci_path,
        uci_options=_read_options(qsettings, prefix),
        move_time_ms=read_int(qsettings, prefix + "move_time_ms", default.move_time_ms, MOVE_TIME_RANGE_MS),
        depth=depth or None,
        nodes=nodes or None,
        hash_mb=read_int(qsettings, prefix + "hash_mb", default.hash_mb, HASH_RANGE_MB),
        threads=read_int(qsettings, prefix + "threads", default.threads, THREADS_RANGE),
        elo=_read_level(qsettings, prefix + "elo", default.elo),
        book=_load_book(qsettings, prefix, default.book),
        name=clean_player_name(name) if isinstance(name := read_raw(qsettings, prefix + "name"), str) else default.name,
    )


def _read_level(qsettings: SettingsSource, key: str, default: int | None) -> int | None:
    """A playing level: 0 = full strength, absent = ``default``; anything else snaps to the nearest offered level."""
    value = read_int(qsettings, key, default or 0, (0, LEVEL_RANGE[1]))
    if value == 0:
        return None
    value = min(max(value, LEVEL_RANGE[0]), LEVEL_RANGE[1])
    return LEVEL_RANGE[0] + round((value - LEVEL_RANGE[0]) / LEVEL_STEP) * LEVEL_STEP


def _load_book(qsettings: SettingsSource, prefix: str, default: BookSettings) -> BookSettings:
    path = read_raw(qsettings, prefix + "book_path")
    if path is not None and not isinstance(path, str):
        qsettings.bad(prefix + "book_path")
    return BookSettings(
        enabled=read_bool(qsettings, prefix + "book_enabled", default.enabled),
        path=path if isinstance(path, str) else default.path,
        max_moves=read_int(qsettings, prefix + "book_max_moves", default.max_moves, BOOK_DEPTH_RANGE),
        choice=BookChoice.from_setting(read_raw(qsettings, prefix + "book_choice"), default.choice),
    )


def _load_tablebases(qsettings: SettingsSource, default: TablebaseSettings) -> TablebaseSettings:
    syzygy = read_raw(qsettings, "tablebases/syzygy_dir")
    gaviota = read_raw(qsettings, "tablebases/gaviota_dir")
    for key, raw in (("tablebases/syzygy_dir", syzygy), ("tablebases/gaviota_dir", gaviota)):
        if raw is not None and not isinstance(raw, str):
            qsettings.bad(key)
    return TablebaseSettings(
        syzygy_dir=syzygy if isinstance(syzygy, str) else default.syzygy_dir,
        gaviota_dir=gaviota if isinstance(gaviota, str) else default.gaviota_dir,
        play_perfectly=read_bool(qsettings, "tablebases/play_perfectly", default.play_perfectly),
    )


def _read_options(qsettings: SettingsSource, prefix: str) -> tuple[tuple[str, str], ...]:
    names = read_string_list(qsettings, prefix + "uci_option_names")
    values = read_string_list(qsettings, prefix + "uci_option_values")
    if len(names) != len(values):
        _log.warning("UCI options in the settings do not pair up; ignoring them")
        qsettings.bad(prefix + "uci_options")
        return ()
    return tuple((name, value) for name, value in zip(names, values, strict=True) if name.strip())


def _read_time_control(qsettings: SettingsSource, key: str, default: TimeControl) -> TimeControl:
    raw = read_raw(qsettings, key)
    if raw is None:
        return default
    try:
        return TimeControl.from_setting(raw)
    except (InvalidTimeControlError, ValueError):
        _log.warning("Settings value %s=%r is not a time control; using %s", key, raw, default)
        qsettings.bad(key)
        return default
