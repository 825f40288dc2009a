"""UCI protocol: parse commands, run searches in a thread, print replies (the command loop;
parsing ``go``/``position`` and formatting ``info``/``bestmove`` lines: engine.uci_protocol).

The reading loop (``run``) stays responsive while a search (or a ``go perft``)
runs in its own thread, so ``stop``, ``isready`` and ``quit`` are handled at
once. Malformed input never raises: it is ignored or answered with
``info string <reason>``; out-of-range numbers are clamped (engine.limits) and
the clamping is reported the same way.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import replace

import numpy as np

from engine.api import IllegalMoveError, InvalidFenError, SearchInfo, SearchLimit, SearchResult
from engine.book import BookFileError, EngineBook
from engine.limits import clamp_int
from engine.perft import perft_divide
from engine.searcher import Searcher
from engine.searchstate import MAX_MULTIPV
from engine.searchstats import format_stats
from engine.smp import MAX_THREADS
from engine.strength import MAX_ELO, MIN_ELO, clamp_elo
from engine.uci_protocol import (
    STARTPOS,
    UciError,
    format_bestmove,
    format_info,
    int_or_none,
    parse_go,
    parse_position,
    timed_lines,
)
from engine.warmup import warm_up

ENGINE_NAME = "Chessgui Engine 0.1"
ENGINE_AUTHOR = "The chessgui developers"

HASH_DEFAULT, HASH_MIN, HASH_MAX = 64, 1, 2048
OVERHEAD_DEFAULT, OVERHEAD_MIN, OVERHEAD_MAX = 30, 0, 5000
MULTIPV_DEFAULT, MULTIPV_MIN, MULTIPV_MAX = 1, 1, MAX_MULTIPV
ELO_DEFAULT = 1600  # UCI_Elo when UCI_LimitStrength is on; the range is engine.strength's


def _stdout_line(line: str) -> None:
    try:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()
    except (BrokenPipeError, ValueError, OSError):
        pass  # the GUI went away; the loop ends when stdin closes


class UciEngine:
    """The protocol state machine. Feed it lines with :meth:`handle`."""

    def __init__(self, write: Callable[[str], None] = _stdout_line) -> None:
        self._write_raw = write
        self._write_lock = threading.Lock()
        self.searcher = Searcher(hash_mb=HASH_DEFAULT, move_overhead_ms=OVERHEAD_DEFAULT)
        self._fen = STARTPOS
        self._moves: tuple[str, ...] = ()
        self._position_ok = True
        self._multipv = MULTIPV_DEFAULT
        self._search_stats = False  # option SearchStats: print each iteration's counters as info string
        self._search_thread: threading.Thread | None = None
        self._stop_requested = threading.Event()
        self._own_book = False
        self._book_file = ""
        self._book: EngineBook | None = None
        self._perft_stop = np.zeros(1, dtype=np.int8)
        self._limit_strength = False
        self._elo = ELO_DEFAULT
        self._debug = False  # UCI "debug on": one "info string timing ..." line per clock move
        self._line_received: float | None = None  # when the line being handled arrived (time.monotonic())
        # Compile / load the jitted code while the GUI is still talking to us.
        self._warm_thread = threading.Thread(target=self._warm_up, name="engine-warm-up", daemon=True)
        self._warm_thread.start()

    def write(self, line: str) -> None:
        """Print one line (thread-safe, flushed)."""
        with self._write_lock:
            self._write_raw(line)

    def _warm_up(self) -> None:
        try:
            warm_up()
        except Exception as exc:  # report, never die: the first search retries
            self.write(f"info string warm-up failed: {exc}")

    # -- the loop ---------------------------------------------------------------
    def run(self, lines: Iterable[str]) -> None:
        """Handle lines until ``quit`` or end of input."""
        for line in lines:
            if not self.handle(line):
                return
        self.handle("quit")

    def run_timed(self, lines: Iterable[tuple[float, str]]) -> None:
        """Like :meth:`run` for ``(time.monotonic() when the line arrived, line)`` pairs."""
        for received, line in lines:
            if not self.handle(line, received):
                return
        self.handle("quit")

    def handle(self, line: str, received: float | None = None) -> bool:
        """Handle one command line; False after ``quit``.

        ``received`` is when the line arrived (``time.monotonic()``, default: now): a
        ``go``'s clock counts from it, as the GUI's does."""
        self._line_received = time.monotonic() if received is None else received
        tokens = line.strip().split()
        if not tokens:
            return True
        command, args = tokens[0], tokens[1:]
        try:
            if command == "quit":
                self._stop_search()
                return False
            handler = _HANDLERS.get(command)
            if handler is None:
                self.write(f"info string unknown command: {line.strip()[:80]}")
            else:
                handler(self, args)
        except UciError as exc:
            self.write(f"info string {exc}")
        except Exception as exc:  # a bug must not kill the engine in the middle of a game
            self.write(f"info string error handling {command!r}: {type(exc).__name__}: {exc}")
        return True

    # -- commands ----------------------------------------------------------------
    def _cmd_uci(self, args: list[str]) -> None:
        self.write(f"id name {ENGINE_NAME}")
        self.write(f"id author {ENGINE_AUTHOR}")
        self.write(f"option name Hash type spin default {HASH_DEFAULT} min {HASH_MIN} max {HASH_MAX}")
        self.write(f"option name Threads type spin default 1 min 1 max {MAX_THREADS}")
        self.write(
            f"option name Move Overhead type spin default {OVERHEAD_DEFAULT} min {OVERHEAD_MIN} max {OVERHEAD_MAX}"
        )
        self.write(f"option name MultiPV type spin default {MULTIPV_DEFAULT} min {MULTIPV_MIN} max {MULTIPV_MAX}")
        self.write("option name OwnBook type check default false")
        self.write("option name BookFile type string default <empty>")
        self.write("option name UCI_LimitStrength type check default false")
        self.write(f"option name UCI_Elo type spin default {ELO_DEFAULT} min {MIN_ELO} max {MAX_ELO}")
        self.write("option name Human Pace type check default true")
        self.write("option name SearchStats type check default false")
        self.write("uciok")

    def _cmd_isready(self, args: list[str]) -> None:
        self._warm_thread.join()
        self.write("readyok")

    def _cmd_ucinewgame(self, args: list[str]) -> None:
        self._stop_search()
        self.searcher.new_game()

    def _cmd_setoption(self, args: list[str]) -> None:
        if "name" not in args:
            raise UciError("setoption: expected 'name <id> [value <x>]'")
        rest = args[args.index("name") + 1 :]
        if "value" in rest:
            cut = rest.index("value")
            name, value = " ".join(rest[:cut]), " ".join(rest[cut + 1 :])
        else:
            name, value = " ".join(rest), ""
        key = name.lower()
        number = int_or_none(value)
        if key == "hash":
            if number is None:
                raise UciError(f"setoption Hash: not a number: {value!r}")
            hash_mb, note = clamp_int("Hash", number, HASH_MIN, HASH_MAX)
            if note is not None:
                self.write(f"info string {note}")
            self._stop_search()
            self.searcher.set_hash_mb(hash_mb)
        elif key == "threads":
            if number is None:
                raise UciError(f"setoption Threads: not a number: {value!r}")
            self._stop_search()
            note = self.searcher.set_threads(number)  # clamped to 1..MAX_THREADS
            if note is not None:
                self.write(f"info string {note}")
        elif key == "move overhead":
            if number is None:
                raise UciError(f"setoption Move Overhead: not a number: {value!r}")
            overhead, note = clamp_int("Move Overhead", number, OVERHEAD_MIN, OVERHEAD_MAX)
            if note is not None:
                self.write(f"info string {note}")
            self.searcher.move_overhead_ms = overhead
        elif key == "multipv":
            if number is None:
                raise UciError(f"setoption MultiPV: not a number: {value!r}")
            multipv, note = clamp_int("MultiPV", number, MULTIPV_MIN, MULTIPV_MAX)
            if note is not None:
                self.write(f"info string {note}")
            self._multipv = multipv
        elif key == "uci_limitstrength":
            self._limit_strength = value.strip().lower() == "true"
            self._apply_strength()
        elif key == "uci_elo":
            if number is None:
                raise UciError(f"setoption UCI_Elo: not a number: {value!r}")
            elo, note = clamp_int("UCI_Elo", number, MIN_ELO, MAX_ELO)
            if note is not None:
                self.write(f"info string {note}")
            if clamp_elo(elo) != elo:
                self.write(f"info string UCI_Elo {elo} plays as the nearest level, {clamp_elo(elo)}")
            self._elo = elo
            self._apply_strength()
        elif key == "human pace":
            self.searcher.human_pace = value.strip().lower() == "true"
        elif key == "ownbook":
            self._own_book = value.strip().lower() == "true"
            self._open_book()
        elif key == "searchstats":
            self._search_stats = value.strip().lower() == "true"
        elif key == "bookfile":
            self._book_file = "" if value.strip() in ("", "<empty>") else value.strip()
            self._open_book()
        else:
            self.write(f"info string unknown option {name!r}")

    def _apply_strength(self) -> None:
        """UCI_Elo counts only with UCI_LimitStrength on (the UCI convention)."""
        self._stop_search()
        self.searcher.set_strength(self._elo if self._limit_strength else None)

    def _open_book(self) -> None:
        if self._book is not None:
            self._book.close()
            self._book = None
        if not (self._own_book and self._book_file):
            return
        try:
            self._book = EngineBook(self._book_file)
        except BookFileError as exc:
            self.write(f"info string {exc}; searching instead")

    def _cmd_position(self, args: list[str]) -> None:
        self._stop_search()
        try:
            fen, moves = parse_position(args)
            self.searcher.prepare(fen, moves)  # validate now, report in plain words; the search reuses it
        except (UciError, InvalidFenError, IllegalMoveError) as exc:
            self._position_ok = False
            raise UciError(f"position rejected: {exc}") from None
        self._fen, self._moves, self._position_ok = fen, moves, True

    def _cmd_go(self, args: list[str]) -> None:
        self._stop_search()
        go = parse_go(args)
        if go.ignored:
            self.write("info string ignored: " + " ".join(go.ignored)[:200])
        for note in go.notes:
            self.write(f"info string {note}")
        if not self._position_ok:
            self.write("info string no valid position set; send 'position' first")
            self.write("bestmove 0000")
            return
        if go.perft_depth is not None:
            # Like a search, in its own thread: 'stop', 'isready' and 'quit' stay answered.
            self._perft_stop = np.zeros(1, dtype=np.int8)
            target: Callable[..., None] = self._perft
            target_args: tuple[object, ...] = (self._fen, self._moves, go.perft_depth, self._perft_stop)
        else:
            book_move = (
                self._book.pick(self._fen, self._moves) if self._book is not None and not go.limit.infinite else None
            )
            if book_move is not None:
                self.write(f"info string book move {book_move}")
                self.write(f"bestmove {book_move}")
                return
            self._stop_requested.clear()
            # The clock runs from the moment the go line arrived, as the GUI's does.
            limit = replace(go.limit, multipv=self._multipv, started_at=self._line_received)
            target, target_args = self._search, (self._fen, self._moves, limit)
        self._search_thread = threading.Thread(target=target, args=target_args, name="engine-search", daemon=True)
        self._search_thread.start()

    def _cmd_stop(self, args: list[str]) -> None:
        self._stop_search()

    def _cmd_ponderhit(self, args: list[str]) -> None:
        self._stop_search()

    def _cmd_debug(self, args: list[str]) -> None:
        self._debug = bool(args) and args[0].lower() == "on"

    # -- helpers -------------------------------------------------------------------
    def _perft(self, fen: str, moves: tuple[str, ...], depth: int, stop: np.ndarray) -> None:
        try:
            results = perft_divide(_fen_after(fen, moves), depth, stop)
        except Exception as exc:
            self.write(f"info string perft failed: {type(exc).__name__}: {exc}")
            return
        if stop[0] != 0:
            self.write(f"info string perft stopped after {len(results)} root moves; no total")
            return
        for uci, count in results:
            self.write(f"{uci}: {count}")
        self.write("")
        self.write(f"Nodes searched: {sum(count for _, count in results)}")
        self.write("")

    def _search(self, fen: str, moves: tuple[str, ...], limit: SearchLimit) -> None:
        try:
            result = self.searcher.search(fen, moves, limit, on_info=self._write_info)
        except Exception as exc:
            self.write(f"info string search failed: {type(exc).__name__}: {exc}")
            result = SearchResult(None, None, None)
        if limit.infinite:
            # UCI: in infinite mode the move is only sent after 'stop'.
            self._stop_requested.wait()
        if self._debug:
            self._write_timing(limit)
        self.write(format_bestmove(result))

    def _write_timing(self, limit: SearchLimit) -> None:
        """``debug on``: where this move's time went (benchmarks/bullet_timing.py reads it)."""
        timing = self.searcher.last_timing
        if timing is None or limit.started_at is None:
            return
        go_to_bestmove = (time.monotonic() - limit.started_at) * 1000.0
        hard = "none" if timing.budget.hard_ms is None else f"{timing.budget.hard_ms:.1f}"
        soft = "none" if timing.budget.soft_ms is None else f"{timing.budget.soft_ms:.1f}"
        self.write(
            f"info string timing go_to_bestmove={go_to_bestmove:.1f} search={timing.spent_ms:.1f} "
            f"waited={timing.waited_ms:.1f} soft={soft} hard={hard} latency={timing.latency_ms:.1f} "
            f"overhead={timing.overhead_ms:.1f} overshoot={timing.overshoot_ms:.1f} depth={timing.depth}"
        )

    def _write_info(self, info: SearchInfo) -> None:
        self.write(format_info(info))
        if self._search_stats and info.stats is not None:
            self.write("info string " + format_stats(info.stats))

    def _stop_search(self) -> None:
        thread = self._search_thread
        if thread is None:
            return
        self._stop_requested.set()
        # Repeat the stop: a search thread that had not yet entered the search
        # when the flag was first raised resets it on entry.
        while thread.is_alive():
            self.searcher.stop()
            self._perft_stop[0] = 1
            thread.join(0.02)
        self._search_thread = None


def _fen_after(fen: str, moves: tuple[str, ...]) -> str:
    import chess

    board = chess.Board(fen)
    for uci in moves:
        board.push_uci(uci)
    return board.fen()


_HANDLERS: dict[str, Callable[[UciEngine, list[str]], None]] = {
    "uci": UciEngine._cmd_uci,
    "isready": UciEngine._cmd_isready,
    "ucinewgame": UciEngine._cmd_ucinewgame,
    "setoption": UciEngine._cmd_setoption,
    "position": UciEngine._cmd_position,
    "go": UciEngine._cmd_go,
    "stop": UciEngine._cmd_stop,
    "ponderhit": UciEngine._cmd_ponderhit,
    "debug": UciEngine._cmd_debug,
}


def main_loop() -> None:
    """Run the UCI loop on stdin/stdout."""
    engine = UciEngine()
    try:
        engine.run_timed(timed_lines(sys.stdin))
    except KeyboardInterrupt:
        engine.handle("quit")
