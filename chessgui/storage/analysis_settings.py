"""Which engine analyses, and how many lines it shows: saved with QSettings.

Analysis has its own small settings value, apart from the players' settings:
the analysis engine is either the built-in one or one of the external UCI
engines configured for a side (its command line is the key), and it shows 1–5
lines (MultiPV). Like :mod:`chessgui.storage.settings`, loading never raises:
anything unreadable falls back to the default.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import chess
from PySide6.QtCore import QCoreApplication, QSettings

from chessgui.storage.settings import PlayerKind, PlayerSettings, Settings

_log = logging.getLogger(__name__)

#: How many lines (MultiPV) the analysis may show.
LINES_RANGE = (1, 5)

#: UCI options that weaken an engine; analysis always runs at full strength, so they are not sent.
STRENGTH_OPTIONS = frozenset({"skill level", "uci_limitstrength", "uci_elo"})

#: What the built-in engine is called in the engine lists.
BUILTIN_ENGINE_LABEL = "Built-in engine"

_ENGINE_KEY = "analysis/engine"
_LINES_KEY = "analysis/lines"


@dataclass(frozen=True, slots=True)
class AnalysisSettings:
    """The analysis engine and the number of lines."""

    uci_command: str = ""
    """The external UCI engine's command line; empty for the built-in engine."""
    lines: int = 3
    """How many best lines (MultiPV) to show, 1–5."""

    def is_builtin(self) -> bool:
        """True when the built-in engine analyses."""
        return not self.uci_command.strip()


@dataclass(frozen=True, slots=True)
class AnalysisEngineChoice:
    """One engine the user can pick for analysis (and review); the analysis job runs the chosen one."""

    uci_command: str = ""
    """The UCI command line; empty for the built-in engine."""
    uci_options: tuple[tuple[str, str], ...] = ()
    """Options of the side that uses this engine, without the ones that weaken it."""
    hash_mb: int = 64
    """Hash size to ask for (the side's setting)."""
    label: str = BUILTIN_ENGINE_LABEL
    """What the menu shows ("Built-in engine", "stockfish"); the engine's name until it tells its own."""

    def is_builtin(self) -> bool:
        """True for the built-in engine."""
        return not self.uci_command.strip()


def engine_choices(settings: Settings, current: AnalysisSettings | None = None) -> list[AnalysisEngineChoice]:
    """The built-in engine, every UCI engine configured for a side, and ``current``'s engine if it is another."""
    choices = [AnalysisEngineChoice()]
    seen: set[str] = set()
    players: list[PlayerSettings] = [settings.player(color) for color in chess.COLORS]
    for player in players:
        command = player.uci_path.strip()
        if player.kind is not PlayerKind.UCI or not command or command in seen:
            continue
        seen.add(command)
        choices.append(_choice(command, player))
    if current is not None and not current.is_builtin() and current.uci_command.strip() not in seen:
        # An engine that no side plays any more stays selectable: the user picked it for analysis.
        command = current.uci_command.strip()
        same_path = next((player for player in players if player.uci_path.strip() == command), None)
        choices.append(_choice(command, same_path))
    return choices


def choice_for(settings: Settings, analysis: AnalysisSettings) -> AnalysisEngineChoice:
    """The engine ``analysis`` names, with the options of the side that uses it."""
    for choice in engine_choices(settings, analysis):
        if choice.uci_command == analysis.uci_command.strip():
            return choice
    return AnalysisEngineChoice()


def _choice(command: str, player: PlayerSettings | None) -> AnalysisEngineChoice:
    label = command.rsplit("/", 1)[-1] or command
    if player is None:
        return AnalysisEngineChoice(command, label=label)
    options = tuple((name, value) for name, value in player.uci_options if name.strip().lower() not in STRENGTH_OPTIONS)
    return AnalysisEngineChoice(command, options, player.hash_mb, label)


def load_analysis_settings(qsettings: QSettings | None, problems: list[str] | None = None) -> AnalysisSettings:
    """Read the analysis settings; missing or damaged values fall back to the defaults.

    When ``problems`` is given, one plain sentence is appended to it if a value had to be dropped."""
    default = AnalysisSettings()
    if qsettings is None:
        return default
    bad: list[str] = []
    try:
        command = qsettings.value(_ENGINE_KEY)
    except Exception:  # PySide raises on values it cannot convert
        _log.warning("Unreadable analysis engine setting; using the default")
        command, bad = None, [*bad, "engine"]
    try:
        raw_lines = qsettings.value(_LINES_KEY)
    except Exception:
        _log.warning("Unreadable analysis lines setting; using the default")
        raw_lines, bad = None, [*bad, "lines"]
    if command is not None and not isinstance(command, str):
        bad.append("engine")
    lines = default.lines
    if raw_lines is not None:
        try:
            number = int(str(raw_lines).strip()) if not isinstance(raw_lines, bool) else -1
        except ValueError:
            number = -1
        if LINES_RANGE[0] <= number <= LINES_RANGE[1]:
            lines = number
        else:
            bad.append("lines")
    if bad and problems is not None:
        problems.append(
            QCoreApplication.translate(
                "analysis_settings",
                "The analysis settings ({join}) could not be read: the defaults are used for those.",
            ).format(join=", ".join(bad))
        )
    return AnalysisSettings(uci_command=command.strip() if isinstance(command, str) else "", lines=lines)


def save_analysis_settings(qsettings: QSettings | None, analysis: AnalysisSettings) -> None:
    """Write the analysis settings (nothing when there is no settings store, as in tests)."""
    if qsettings is None:
        return
    qsettings.setValue(_ENGINE_KEY, analysis.uci_command)
    qsettings.setValue(_LINES_KEY, analysis.lines)
    qsettings.sync()
