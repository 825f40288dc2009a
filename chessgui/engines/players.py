"""Computer players: the built-in engine and external UCI engines behind the Player interface.

Both answer :meth:`Player.go` from a worker thread and reply on the GUI thread
with ``move_made(request_id, uci)``; both drop replies for anything but the
request they are working on, and never answer a stopped request. Build them
from the user's settings with :func:`create_player`.
"""

from __future__ import annotations

import logging
import os
import time
from typing import TYPE_CHECKING

import chess
import chess.engine
from PySide6.QtCore import QObject, QTimer, Slot

from chessgui.clock.chess_clock import ClockState
from chessgui.engines.builtin_worker import EngineWorker, SearcherLike
from chessgui.engines.computer_player import ComputerPlayer
from chessgui.engines.info import EngineInfo
from chessgui.engines.uci_process import DEFAULT_START_TIMEOUT_S, UciEngineDescription, engine_command
from chessgui.engines.uci_worker import UciWorker
from chessgui.game.players import GoRequest, HumanPlayer, Player
from chessgui.i18n import QT_TRANSLATE_NOOP
from chessgui.storage.settings import PlayerKind, PlayerSettings

if TYPE_CHECKING:
    from engine.api import SearchLimit

_log = logging.getLogger(__name__)

#: A UCI engine that has not answered this long after its time ran out is called hung.
WATCHDOG_GRACE_MS = 5000
#: Depth/node-limited searches have no time limit; this is how long they may take at most.
UNTIMED_WATCHDOG_MS = 120_000

BUILTIN_ENGINE_NAME = QT_TRANSLATE_NOOP("players", "Built-in engine")


def _search_limit_from(settings: PlayerSettings, clock: ClockState | None, started_at: float) -> SearchLimit:
    """The built-in engine's limit: the clock when there is one, else time per move; depth/nodes cap both.

    ``started_at`` (``time.monotonic()``) is when the request was sent: the GUI's clock
    runs from then, so the engine's budget counts from then too (the hop to its thread
    and any wait there are the engine's time)."""
    from engine.api import SearchLimit  # engine.api is plain Python; `engine` itself pulls in Numba

    depth = settings.depth or None
    nodes = settings.nodes or None
    if clock is not None:
        return SearchLimit(
            depth=depth,
            nodes=nodes,
            wtime_ms=max(0, clock.white_ms),
            btime_ms=max(0, clock.black_ms),
            winc_ms=clock.white_increment_ms,
            binc_ms=clock.black_increment_ms,
            movestogo=clock.moves_to_go,
            started_at=started_at,
        )
    return SearchLimit(depth=depth, nodes=nodes, movetime_ms=settings.effective_move_time_ms(), started_at=started_at)


def uci_limit_from(settings: PlayerSettings, clock: ClockState | None) -> chess.engine.Limit:
    """An external engine's limit (python-chess): the clock when there is one, else time per move."""
    if clock is not None:
        return chess.engine.Limit(
            white_clock=max(0, clock.white_ms) / 1000,
            black_clock=max(0, clock.black_ms) / 1000,
            white_inc=clock.white_increment_ms / 1000,
            black_inc=clock.black_increment_ms / 1000,
            remaining_moves=clock.moves_to_go,
        )
    time_ms = settings.effective_move_time_ms()
    return chess.engine.Limit(
        time=time_ms / 1000 if time_ms else None, depth=settings.depth or None, nodes=settings.nodes or None
    )


def _same_engine(a: PlayerSettings, b: PlayerSettings) -> bool:
    """True when switching from ``a`` to ``b`` can keep the running engine (only strength differs)."""
    return a.kind == b.kind and a.uci_path == b.uci_path and a.uci_options == b.uci_options and a.hash_mb == b.hash_mb


class BuiltinEnginePlayer(ComputerPlayer):
    """The built-in engine, searching in an :class:`EngineWorker` thread.

    ``is_ready()`` is False until the engine code is compiled; a :meth:`go` before
    then is queued and answered as soon as it is (show "Preparing engine…" meanwhile).
    """

    def __init__(
        self,
        settings: PlayerSettings | None = None,
        name: str = BUILTIN_ENGINE_NAME,
        parent: QObject | None = None,
        worker: EngineWorker | None = None,
        searcher_factory: object | None = None,
    ) -> None:
        settings = settings or PlayerSettings(kind=PlayerKind.BUILTIN)
        worker = worker or EngineWorker(
            hash_mb=settings.hash_mb,
            searcher_factory=searcher_factory,  # type: ignore[arg-type]
        )
        super().__init__(name, worker, settings.book, parent)
        self._settings = settings
        self._engine_worker = worker
        worker.ready.connect(self._on_worker_ready)
        if worker.is_ready():  # the worker may have become ready before we connected
            self._on_worker_ready()
        worker.set_strength(settings.elo)
        worker.set_threads(settings.threads)

    def settings(self) -> PlayerSettings:
        """The strength settings this player searches with."""
        return self._settings

    def level_elo(self) -> int | None:
        return self._settings.elo

    def set_settings(self, settings: PlayerSettings) -> None:
        """Use new strength, threads and book settings from the next :meth:`go` (hash size needs a new player)."""
        self._settings = settings
        self.set_book_settings(settings.book)
        self._engine_worker.set_strength(settings.elo)
        self._engine_worker.set_threads(settings.threads)

    def apply_settings(self, settings: PlayerSettings) -> bool:
        """Keep this engine when only its strength or book changes (same kind, hash size)."""
        if not _same_engine(self._settings, settings):
            return False
        self.set_settings(settings)
        return True

    def worker(self) -> EngineWorker:
        """The worker thread adapter (for tests and benchmarks)."""
        return self._engine_worker

    def start_search(self, request: GoRequest, board: chess.Board) -> None:
        limit = _search_limit_from(self._settings, request.clock, time.monotonic())
        self._worker.request_search(request.request_id, request.start_fen, request.moves, limit)

    def engine_info(self, info: object, board: chess.Board) -> EngineInfo:
        return EngineInfo.from_search_info(info, board, engine_name=self.name)  # type: ignore[arg-type]

    def new_game(self) -> None:
        """Forget everything learned in the previous game (hash table, history)."""
        self._engine_worker.new_game()

    @Slot()
    def _on_worker_ready(self) -> None:
        self.set_ready(True)


class UciEnginePlayer(ComputerPlayer):
    """An external UCI engine program, run through python-chess in a :class:`UciWorker` thread.

    A watchdog stops an engine that has not answered :data:`WATCHDOG_GRACE_MS` after
    its time ran out and reports ``failed``. Crashes and bad replies also end in
    ``failed``; the next :meth:`go` starts the engine again.
    """

    def __init__(
        self,
        settings: PlayerSettings,
        name: str | None = None,
        parent: QObject | None = None,
        start_timeout_s: float = DEFAULT_START_TIMEOUT_S,
        watchdog_grace_ms: int = WATCHDOG_GRACE_MS,
    ) -> None:
        command = engine_command(settings.uci_path)
        worker = UciWorker(settings.uci_path, settings.uci_option_dict(), start_timeout_s, settings.hash_mb)
        name = name or os.path.basename(command[0] if command else "") or QT_TRANSLATE_NOOP("players", "UCI engine")
        super().__init__(name, worker, settings.book, parent)
        self._settings = settings
        self._uci_worker = worker
        self._watchdog_grace_ms = watchdog_grace_ms
        self._start_timeout_s = start_timeout_s
        self._start_error: str | None = None
        self._watchdog_waiting_ms: int | None = None  # the watchdog of a request made before the engine was ready
        self._watchdog = QTimer(self)
        self._watchdog.setSingleShot(True)
        self._watchdog.timeout.connect(self._on_watchdog_timeout)
        worker.engine_started.connect(self._on_engine_started)

    def level_elo(self) -> int | None:
        """``UCI_Elo`` when the options limit the engine's strength (``UCI_LimitStrength``), else None."""
        options = {name.lower(): value.strip().lower() for name, value in self._settings.uci_options}
        if options.get("uci_limitstrength") not in ("true", "1", "on", "yes"):
            return None
        elo = options.get("uci_elo", "")
        return int(elo) if elo.isdigit() else None

    def description(self) -> UciEngineDescription | None:
        """The engine's name and options once it has started."""
        return self._uci_worker.description()

    def start_error(self) -> str | None:
        """Why the engine failed to start, if it did (plain words)."""
        return self._start_error

    def start_search(self, request: GoRequest, board: chess.Board) -> None:
        limit = uci_limit_from(self._settings, request.clock)
        self._worker.request_search(request.request_id, request.start_fen, request.moves, limit)
        # An engine still getting ready (its own start-up can be a long compile) is not
        # timed yet: the watchdog starts when it is ready (the clock waits too).
        self._watchdog_waiting_ms = self._watchdog_ms(request, board, limit)
        if self.is_ready():
            self._watchdog.start(self._watchdog_waiting_ms)
            self._watchdog_waiting_ms = None

    def search_ended(self) -> None:
        self._watchdog.stop()
        self._watchdog_waiting_ms = None

    # ------------------------------------------------------------------ helpers
    def _watchdog_ms(self, request: GoRequest, board: chess.Board, limit: chess.engine.Limit) -> int:
        # How long the engine may legitimately think, plus a grace period (from when it is ready).
        if limit.time is not None:
            budget_ms = int(limit.time * 1000)
        elif request.clock is not None:
            own = request.clock.white_ms if board.turn == chess.WHITE else request.clock.black_ms
            budget_ms = max(0, own) + (
                request.clock.white_increment_ms if board.turn == chess.WHITE else request.clock.black_increment_ms
            )
        else:
            budget_ms = UNTIMED_WATCHDOG_MS
        return budget_ms + self._watchdog_grace_ms

    # ------------------------------------------------------------------ worker replies
    @Slot(object)
    def _on_engine_started(self, description: UciEngineDescription) -> None:
        self._start_error = None
        if description.name:
            self._name = description.name
        self.set_ready(True)
        if self._request is not None and self._watchdog_waiting_ms is not None:
            self._watchdog.start(self._watchdog_waiting_ms)
        self._watchdog_waiting_ms = None

    @Slot(int, str)
    def _on_worker_failed(self, request_id: int, message: str) -> None:
        if request_id == -1:  # start-up failure, perhaps with no request pending yet
            self._start_error = message
            self.set_ready(False)
            if self._request is None:
                return
            request_id = self._request.request_id
        super()._on_worker_failed(request_id, message)

    def _on_watchdog_timeout(self) -> None:
        request = self._request
        if request is None:
            return
        seconds = self._watchdog.interval() / 1000
        self._uci_worker.stop(request.request_id)
        self._uci_worker.kill_engine()
        self._finish()
        self.failed.emit(
            request.request_id,
            self.tr("The engine '{name}' did not answer within {seconds:.0f} s and was stopped.").format(
                name=self.name, seconds=seconds
            ),
        )


def create_player(settings: PlayerSettings, color: chess.Color, parent: QObject | None = None) -> Player:
    """Build the player for one side from its settings (human, built-in or UCI engine).

    ``color`` is the side it will play; engines read the side to move from each request,
    so it only matters for naming today.
    """
    if settings.kind is PlayerKind.BUILTIN:
        return BuiltinEnginePlayer(settings, parent=parent)
    if settings.kind is PlayerKind.UCI:
        return UciEnginePlayer(settings, parent=parent)
    return HumanPlayer(settings.name or QT_TRANSLATE_NOOP("players", "Human"), parent)


__all__ = [
    "BuiltinEnginePlayer",
    "SearcherLike",
    "UciEnginePlayer",
    "create_player",
    "uci_limit_from",
]
