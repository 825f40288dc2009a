"""How each side of a match spent its clock: seconds per move by stage and the clock left at the end.

Reads the ``[%emt]`` (time spent) and ``[%clk]`` (clock after the move) comments that
``stockfish_match.py``, ``levels_calibrate.py`` and ``sprt.py`` write with ``--pgn``:

    .venv/bin/python benchmarks/pgn_time_use.py /tmp/sf2300.pgn

Prints one row per player name: the mean time per move over moves 1-9, 10-19, ... (counted from the
game's first move, i.e. after the opening position), and the mean clock at the end of the games.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from typing import TextIO

import chess.pgn

_EMT = re.compile(r"\[%emt (\d+):(\d+):([\d.]+)\]")
_CLK = re.compile(r"\[%clk (\d+):(\d+):([\d.]+)\]")
STAGE_MOVES = 10
"""Moves per column."""
LAST_STAGE = 6
"""Moves from LAST_STAGE * STAGE_MOVES on share the last column."""


def _seconds(match: re.Match[str]) -> float:
    return int(match.group(1)) * 3600 + int(match.group(2)) * 60 + float(match.group(3))


@dataclass
class TimeUse:
    """One player's spending over a set of games."""

    spent: dict[int, list[float]] = field(default_factory=lambda: defaultdict(list))
    """Seconds per move, by stage (move number // STAGE_MOVES, capped at LAST_STAGE)."""
    final_clock: list[float] = field(default_factory=list)
    """The clock after the player's last move of each game."""


def read(handle: TextIO) -> dict[str, TimeUse]:
    """Time use per player name over every game of a PGN stream."""
    players: dict[str, TimeUse] = defaultdict(TimeUse)
    while (game := chess.pgn.read_game(handle)) is not None:
        last: dict[str, float] = {}
        for node in game.mainline():
            board = node.parent.board() if node.parent is not None else game.board()
            name = game.headers["White"] if board.turn == chess.WHITE else game.headers["Black"]
            spent = _EMT.search(node.comment)
            if spent is not None:
                players[name].spent[min(board.fullmove_number // STAGE_MOVES, LAST_STAGE)].append(_seconds(spent))
            clock = _CLK.search(node.comment)
            if clock is not None:
                last[name] = _seconds(clock)
        for name, seconds in last.items():
            players[name].final_clock.append(seconds)
    return players


def report(players: dict[str, TimeUse]) -> str:
    """A markdown table: mean seconds per move by stage, and the mean final clock."""
    stages = sorted({stage for use in players.values() for stage in use.spent})
    heads = [
        f"{s * STAGE_MOVES}-{s * STAGE_MOVES + STAGE_MOVES - 1}" if s < LAST_STAGE else f"{s * STAGE_MOVES}+"
        for s in stages
    ]
    lines = ["| player | " + " | ".join(heads) + " | clock at the end |", "|---" * (len(stages) + 2) + "|"]
    for name, use in sorted(players.items()):
        cells = [f"{sum(v) / len(v):.3f}" if (v := use.spent.get(s)) else "" for s in stages]
        final = f"{sum(use.final_clock) / len(use.final_clock):.2f} s" if use.final_clock else ""
        lines.append(f"| {name} | " + " | ".join(cells) + f" | {final} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("pgn", nargs="+")
    args = parser.parse_args(argv)
    players: dict[str, TimeUse] = defaultdict(TimeUse)
    for path in args.pgn:
        with open(path, encoding="utf-8") as handle:
            for name, use in read(handle).items():
                for stage, values in use.spent.items():
                    players[name].spent[stage].extend(values)
                players[name].final_clock.extend(use.final_clock)
    print(report(players))
    return 0


if __name__ == "__main__":
    sys.exit(main())
