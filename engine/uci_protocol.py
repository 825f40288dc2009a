"""The UCI protocol's text: ``go`` and ``position`` arguments in, ``info`` and ``bestmove`` lines
out, and the input lines with the time they arrived.

No engine state here: engine.uci's UciEngine runs the command loop on these. Malformed input
raises UciError (reported as ``info string``) or is collected as ignored tokens; out-of-range
numbers are clamped (engine.limits) and the clamping is returned as notes.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from engine.api import SearchInfo, SearchLimit, SearchResult
from engine.limits import MAX_DEPTH, clamp_limit, clamp_perft_depth

STARTPOS = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


class UciError(ValueError):
    """A command could not be understood; the message is reported as ``info string``."""


@dataclass(frozen=True, slots=True)
class GoCommand:
    """A parsed ``go`` command."""

    limit: SearchLimit
    """Search limits."""
    perft_depth: int | None = None
    """Set for ``go perft N``: run a divide instead of a search."""
    ignored: tuple[str, ...] = ()
    """Tokens that were not understood (reported, never fatal)."""
    notes: tuple[str, ...] = ()
    """Values that were out of range and clamped, in plain words (reported)."""


_INT_PARAMS = {
    "depth": "depth",
    "nodes": "nodes",
    "movetime": "movetime_ms",
    "wtime": "wtime_ms",
    "btime": "btime_ms",
    "winc": "winc_ms",
    "binc": "binc_ms",
    "movestogo": "movestogo",
}


def parse_go(tokens: list[str]) -> GoCommand:
    """Parse the arguments of ``go`` (without the word itself)."""
    values: dict[str, int | bool] = {}
    ignored: list[str] = []
    notes: list[str] = []
    perft_depth = None
    i = 0
    while i < len(tokens):
        word = tokens[i]
        if word in _INT_PARAMS or word == "perft" or word == "mate":
            value = int_or_none(tokens[i + 1] if i + 1 < len(tokens) else None)
            if value is None:
                ignored.append(word)
                i += 1
                continue
            if word == "perft":
                perft_depth, note = clamp_perft_depth(value)
                if note is not None:
                    notes.append(note)
            elif word == "mate":
                depth = 2 * value + 1
                if depth > MAX_DEPTH:
                    notes.append(f"mate {value}: searching to the maximum depth {MAX_DEPTH}")
                values["depth"] = min(max(1, depth), MAX_DEPTH)
            else:
                values[_INT_PARAMS[word]] = value
            i += 2
        elif word in ("infinite", "ponder"):
            values["infinite"] = True
            i += 1
        elif word == "searchmoves":
            ignored.append(word)
            i += 1
            while i < len(tokens) and len(tokens[i]) in (4, 5) and tokens[i][1].isdigit():
                i += 1
        else:
            ignored.append(word)
            i += 1
    # Negative clock values happen with some GUIs after a flag: they become "almost none".
    limit, clamped = clamp_limit(SearchLimit(**values))  # type: ignore[arg-type]
    return GoCommand(limit, perft_depth, tuple(ignored), tuple(notes) + clamped)


def parse_position(tokens: list[str]) -> tuple[str, tuple[str, ...]]:
    """Parse ``position startpos|fen <fen> [moves ...]`` arguments -> (fen, moves)."""
    if not tokens:
        raise UciError("position: expected 'startpos' or 'fen'")
    if "moves" in tokens:
        cut = tokens.index("moves")
        head, moves = tokens[:cut], tuple(tokens[cut + 1 :])
    else:
        head, moves = tokens, ()
    if head[0] == "startpos":
        fen = STARTPOS
    elif head[0] == "fen":
        if len(head) < 2:
            raise UciError("position fen: missing FEN")
        fen = " ".join(head[1:])
    else:
        raise UciError(f"position: expected 'startpos' or 'fen', got {head[0]!r}")
    return fen, moves


def format_info(info: SearchInfo) -> str:
    """One ``info`` line for one line (``multipv`` rank) of a completed iteration."""
    score = f"cp {info.score_cp}" if info.mate_in is None else f"mate {info.mate_in}"
    line = (
        f"info depth {info.depth} seldepth {info.seldepth} multipv {info.multipv} score {score} "
        f"nodes {info.nodes} nps {info.nps} hashfull {info.hashfull} time {info.time_ms}"
    )
    if info.pv:
        line += " pv " + " ".join(info.pv)
    return line


def format_bestmove(result: SearchResult) -> str:
    """The ``bestmove`` line (``0000`` when there is no legal move)."""
    if result.best_move is None:
        return "bestmove 0000"
    if result.ponder:
        return f"bestmove {result.best_move} ponder {result.ponder}"
    return f"bestmove {result.best_move}"


def int_or_none(text: str | None) -> int | None:
    """``text`` as an int, or None when it is missing or not a number."""
    if text is None:
        return None
    try:
        return int(text)
    except ValueError:
        return None


def timed_lines(stream: Iterable[str]) -> Iterator[tuple[float, str]]:
    """``stream``'s lines with the ``time.monotonic()`` of their arrival.

    A reader thread takes the lines as they come, so a ``go`` that arrives while
    the loop is still handling the ``position`` before it (a long game's move list)
    is stamped on arrival, not when the loop gets round to it."""
    lines: queue.SimpleQueue[tuple[float, str] | None] = queue.SimpleQueue()

    def read() -> None:
        try:
            for line in stream:
                lines.put((time.monotonic(), line))
        except (OSError, ValueError):
            pass  # stdin closed under us: the same as its end
        lines.put(None)

    threading.Thread(target=read, name="uci-reader", daemon=True).start()
    while (item := lines.get()) is not None:
        yield item
