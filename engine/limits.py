"""Bounds for every number that reaches the jitted code from outside (rule 5).

Numba does not bounds-check: a depth past the per-ply buffers (MAX_PLY rows)
is a segmentation fault, and a Python int past int64 does not even convert.
UCI commands, the command line and the GUI all pass their numbers through
these functions; each returns the clamped value together with a plain-words
note (None when nothing changed) that the UCI loop prints as ``info string``.
"""

from __future__ import annotations

from dataclasses import replace

from engine.api import SearchLimit
from engine.position import MAX_PLY

MAX_DEPTH = 64
"""Deepest iteration of the search; extensions and quiescence stop at MAX_PLY - 2."""
MAX_PERFT_DEPTH = MAX_PLY - 2
"""Perft uses one move-buffer row per ply (rows 0 .. depth - 1)."""
MAX_NODES = 2**62
"""The node limit lives in an int64 control array."""
MAX_TIME_MS = 2**31 - 1
"""About 24 days: any clock or increment beyond is treated as this (floats and timers stay finite)."""
MAX_MOVESTOGO = 1000
"""Moves to the next time control; the time manager looks at most 50 ahead anyway."""


def clamp_int(name: str, value: int, low: int, high: int) -> tuple[int, str | None]:
    """``value`` limited to ``low..high`` and a note saying so when it was outside."""
    if value < low:
        return low, f"{name} {_short(value)} is below the minimum; using {low}"
    if value > high:
        return high, f"{name} {_short(value)} is beyond the maximum; using {high}"
    return int(value), None


def clamp_perft_depth(depth: int) -> tuple[int, str | None]:
    """Perft depth within 0..MAX_PERFT_DEPTH (0 counts the position itself)."""
    return clamp_int("perft depth", depth, 0, MAX_PERFT_DEPTH)


def clamp_limit(limit: SearchLimit) -> tuple[SearchLimit, tuple[str, ...]]:
    """``limit`` with every field inside what the search and the time manager handle.

    Unset fields stay unset, so the limit keeps its meaning (a node limit of 0 or
    less becomes 1, never "unlimited"). A ``movestogo`` of 0 or less means
    "sudden death", as some GUIs send it.
    """
    changes: dict[str, int | None] = {}
    notes: list[str] = []

    def clamp(field: str, name: str, low: int, high: int) -> None:
        value = getattr(limit, field)
        if value is None:
            return
        clamped, note = clamp_int(name, value, low, high)
        if note is not None:
            changes[field] = clamped
            notes.append(note)

    clamp("depth", "depth", 1, MAX_DEPTH)
    clamp("nodes", "nodes", 1, MAX_NODES)
    clamp("movetime_ms", "movetime", 1, MAX_TIME_MS)
    clamp("wtime_ms", "wtime", 1, MAX_TIME_MS)
    clamp("btime_ms", "btime", 1, MAX_TIME_MS)
    clamp("winc_ms", "winc", 0, MAX_TIME_MS)
    clamp("binc_ms", "binc", 0, MAX_TIME_MS)
    if limit.movestogo is not None and limit.movestogo <= 0:
        changes["movestogo"] = None
        notes.append(f"movestogo {_short(limit.movestogo)} ignored (sudden death)")
    else:
        clamp("movestogo", "movestogo", 1, MAX_MOVESTOGO)
    if not changes:
        return limit, ()
    return replace(limit, **changes), tuple(notes)  # type: ignore[arg-type]


def _short(value: int) -> str:
    """A number for a message: a 400-digit value is not printed in full."""
    text = str(value)
    return text if len(text) <= 24 else f"{text[:12]}...({len(text)} digits)"
