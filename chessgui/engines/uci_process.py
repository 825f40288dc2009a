"""Starting an external UCI engine with python-chess, and reading what it offers.

Plain functions, no threads and no Qt: :mod:`chessgui.engines.uci_worker` calls them from
its worker thread and the settings dialog's engine check from a background thread.
Every failure becomes :class:`UciEngineError` with a message in plain words.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import os
import shlex
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import chess.engine
from PySide6.QtCore import QCoreApplication

_log = logging.getLogger(__name__)

#: Seconds an engine gets to answer the UCI handshake ("uci" ... "uciok").
DEFAULT_START_TIMEOUT_S = 10.0


@dataclass(frozen=True, slots=True)
class UciOptionInfo:
    """One option an engine offers, as shown in the settings dialog."""

    name: str
    """Option name as the engine spells it ("Skill Level")."""
    type: str
    """UCI type: "check", "spin", "combo", "button" or "string"."""
    default: str
    """Default value as text."""
    min: int | None = None
    """Smallest value of a spin option."""
    max: int | None = None
    """Largest value of a spin option."""
    choices: tuple[str, ...] = ()
    """Allowed values of a combo option."""


@dataclass(frozen=True, slots=True)
class UciEngineDescription:
    """What starting an engine revealed: its name and the options it offers."""

    name: str
    """The engine's ``id name`` (or the program's file name)."""
    author: str
    """The engine's ``id author`` (may be empty)."""
    options: tuple[UciOptionInfo, ...]
    """Options the engine offers, except the ones the GUI manages (UCI_*Chess960, Ponder, MultiPV)."""


class UciEngineError(RuntimeError):
    """An external engine could not be used; the message is plain words for the user."""


def engine_command(path: str | Sequence[str]) -> list[str]:
    """The command line for ``path``: a program path, or a list such as ``[python, "-m", "engine"]``."""
    if isinstance(path, str):
        if os.path.exists(path):
            return [path]
        # Allow "program arg" typed by hand (e.g. "python3 -m engine") when no such file exists.
        return shlex.split(path) or [path]
    return list(path)


def start_engine(path: str | Sequence[str], timeout_s: float = DEFAULT_START_TIMEOUT_S) -> chess.engine.SimpleEngine:
    """Start and handshake a UCI engine; raise :class:`UciEngineError` with plain words on failure."""
    command = engine_command(path)
    shown = " ".join(command)
    if not command or not command[0]:
        raise UciEngineError(QCoreApplication.translate("uci_process", "No engine program was chosen."))
    program = command[0]
    if os.sep in program and not os.path.exists(program):
        raise UciEngineError(
            QCoreApplication.translate("uci_process", "The engine program '{program}' does not exist.").format(
                program=program
            )
        )
    if os.sep in program and os.path.isdir(program):
        raise UciEngineError(
            QCoreApplication.translate("uci_process", "'{program}' is a folder, not an engine program.").format(
                program=program
            )
        )
    try:
        return chess.engine.SimpleEngine.popen_uci(command, timeout=timeout_s, stderr=asyncio.subprocess.DEVNULL)
    except FileNotFoundError:
        raise UciEngineError(
            QCoreApplication.translate("uci_process", "The engine program '{program}' was not found.").format(
                program=program
            )
        ) from None
    except PermissionError:
        raise UciEngineError(
            QCoreApplication.translate(
                "uci_process", "The engine program '{program}' cannot be run (is it executable?)."
            ).format(program=program)
        ) from None
    except (concurrent.futures.TimeoutError, TimeoutError):
        raise UciEngineError(
            QCoreApplication.translate(
                "uci_process", "'{shown}' did not answer as a UCI chess engine within {timeout_s:g} s."
            ).format(shown=shown, timeout_s=timeout_s)
        ) from None
    except chess.engine.EngineTerminatedError:
        raise UciEngineError(
            QCoreApplication.translate(
                "uci_process", "'{shown}' exited at once instead of starting as a UCI chess engine."
            ).format(shown=shown)
        ) from None
    except (chess.engine.EngineError, OSError) as error:
        raise UciEngineError(
            QCoreApplication.translate(
                "uci_process", "'{shown}' could not be started as a UCI chess engine: {error}"
            ).format(shown=shown, error=error)
        ) from None


def describe_engine(engine: chess.engine.SimpleEngine, path: str | Sequence[str]) -> UciEngineDescription:
    """The started engine's name and user-settable options."""
    ident = engine.id
    options: list[UciOptionInfo] = []
    for option in engine.options.values():
        if option.is_managed() or option.type == "button":
            continue
        options.append(
            UciOptionInfo(
                name=option.name,
                type=option.type,
                default=""
                if option.default is None
                else str(option.default).lower()
                if option.type == "check"
                else str(option.default),
                min=option.min,
                max=option.max,
                choices=tuple(option.var or ()),
            )
        )
    fallback = os.path.basename(engine_command(path)[0]) or "UCI engine"
    return UciEngineDescription(
        name=ident.get("name", fallback), author=ident.get("author", ""), options=tuple(options)
    )


def probe_engine(path: str | Sequence[str], timeout_s: float = DEFAULT_START_TIMEOUT_S) -> UciEngineDescription:
    """Start the engine, read its name and options, and quit it (blocking: call off the GUI thread)."""
    engine = start_engine(path, timeout_s)
    try:
        return describe_engine(engine, path)
    finally:
        engine.close()


def close_engine(engine: chess.engine.SimpleEngine) -> None:
    """End the engine process (it is killed with its transport); never raises."""
    try:
        engine.close()
    except Exception:  # the engine is gone whatever went wrong while closing it (e.g. it was dead already)
        _log.debug("closing the engine failed", exc_info=True)


def configure_engine(engine: chess.engine.SimpleEngine, options: Mapping[str, str]) -> list[str]:
    """Set the options the engine offers; returns plain-words problems for the ones it refused."""
    offered = engine.options
    problems: list[str] = []
    for name, value in options.items():
        option = offered.get(name)
        if option is None:
            problems.append(
                QCoreApplication.translate("uci_process", "the engine has no option '{name}'").format(name=name)
            )
            continue
        if option.is_managed():
            continue
        try:
            engine.configure({option.name: value})
        except chess.engine.EngineError as error:
            problems.append(
                QCoreApplication.translate("uci_process", "option '{name}': {error}").format(name=name, error=error)
            )
    return problems
