"""Play on the games a plies cap drew (stockfish_match.py PGNs from before ``--max-plies 0``).

A game scored "draw: 240 plies reached" was stopped by the harness, not by chess: some of
them are wins still being converted (rook and bishop against a bare king, rook and pawn
against rook). This script takes each such game from the PGNs, sets up its last position with the
whole move history (so threefold still counts the earlier moves) and the clocks its players
had left (the PGN's ``%clk``), and plays it to the end by the rules with the same two
programs: our engine from ``--tree`` at full strength and Stockfish at the UCI_Elo named in
the game's header. Then it prints every file's W/D/L from our side, before and after.

    .venv/bin/python benchmarks/resume_capped.py --tree /work/wt/x /work/matches/*.pgn

The continuation starts with fresh hash tables (a new game for both programs), the one
difference from a game never stopped.
"""

from __future__ import annotations

import argparse
import queue
import re
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import chess
import chess.pgn
from levels_calibrate import REPO, STOCKFISH, Opponent, Pool, run_workers
from match_common import Adjudication, TimeControl, play_game
from stockfish_match import feature_mask, full_strength, limited_stockfish

CAP_REASON = re.compile(r"draw: \d+ plies reached")
"""The Termination tag of a game the cap stopped."""

STOCKFISH_NAME = re.compile(r"Stockfish (\d+)")
"""A player's name in stockfish_match.py's PGNs when it is Stockfish at that UCI_Elo."""


@dataclass(frozen=True, slots=True)
class CappedGame:
    """One game the cap stopped, ready to go on."""

    file: str
    """The PGN file's name: the tally the new result goes to."""
    number: int
    """The game's number in that file (from 1), for the report."""
    board: chess.Board
    """The last position, with every move from the game's start on its stack."""
    clocks: tuple[float, float]
    """(White's, Black's) seconds left, from each side's last ``%clk``."""
    ours_white: bool
    """True when our engine had White."""
    elo: int
    """Stockfish's UCI_Elo in this game."""

    @property
    def source(self) -> str:
        """'file.pgn #7'."""
        return f"{self.file} #{self.number}"


@dataclass
class FileTally:
    """One PGN file's results from our side: before (as recorded) and after the capped games
    were played on."""

    before: list[int]
    """[wins, draws, losses] as recorded."""
    after: list[int]
    """The same with each capped game's new result."""


def our_score(result: str, ours_white: bool) -> float:
    """Our points from a PGN Result tag."""
    white = {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5)
    return white if ours_white else 1.0 - white


def bucket(score: float) -> int:
    """Index into a [wins, draws, losses] list."""
    return {1.0: 0, 0.5: 1, 0.0: 2}[score]


def last_clocks(game: chess.pgn.Game, base: float) -> tuple[float, float]:
    """(White's, Black's) seconds left after each side's last move (``base`` if none noted)."""
    left = {chess.WHITE: base, chess.BLACK: base}
    for node in game.mainline():
        clock = node.clock()
        if clock is not None:
            # node.turn() is the side to move after the node's move, so the mover is the other.
            left[not node.turn()] = clock
    return left[chess.WHITE], left[chess.BLACK]


def read_games(paths: list[Path], base: float) -> tuple[list[CappedGame], dict[str, FileTally]]:
    """The capped games of ``paths`` and every file's recorded tally. Games without a
    Stockfish player are skipped (not this script's matches)."""
    capped: list[CappedGame] = []
    tallies: dict[str, FileTally] = {}
    for path in paths:
        tally = tallies.setdefault(path.name, FileTally([0, 0, 0], [0, 0, 0]))
        with path.open(encoding="utf-8") as handle:
            number = 0
            while (game := chess.pgn.read_game(handle)) is not None:
                number += 1
                white, black = game.headers.get("White", ""), game.headers.get("Black", "")
                found = STOCKFISH_NAME.fullmatch(black) or STOCKFISH_NAME.fullmatch(white)
                if found is None:
                    continue
                ours_white = STOCKFISH_NAME.fullmatch(white) is None
                score = our_score(game.headers.get("Result", "*"), ours_white)
                tally.before[bucket(score)] += 1
                if CAP_REASON.fullmatch(game.headers.get("Termination", "")):
                    board = game.end().board()
                    clocks = last_clocks(game, base)
                    capped.append(CappedGame(path.name, number, board, clocks, ours_white, int(found[1])))
                else:
                    tally.after[bucket(score)] += 1
    return capped, tallies


def play_on(
    games: list[CappedGame], ours: Opponent, tc: TimeControl, concurrency: int, stockfish_path: str
) -> list[tuple[CappedGame, float, str]]:
    """Each game played to its end: (game, our new score, how it ended), in finishing order."""
    left: queue.Queue[tuple[int, CappedGame]] = queue.Queue()
    for item in enumerate(games):
        left.put(item)
    done: list[tuple[CappedGame, float, str]] = []
    lock = threading.Lock()

    def worker() -> None:
        pool = Pool()
        try:
            while True:
                try:
                    number, game = left.get_nowait()
                except queue.Empty:
                    return
                sf = limited_stockfish(game.elo, stockfish_path, {})
                a, b = pool.engine_for(ours), pool.engine_for(sf)
                players = {chess.WHITE: a, chess.BLACK: b} if game.ours_white else {chess.WHITE: b, chess.BLACK: a}
                result = play_game(
                    game.board, players, tc, Adjudication(max_plies=0), game_id=("resume", number), clocks=game.clocks
                )
                score = result.white_score if game.ours_white else 1.0 - result.white_score
                with lock:
                    done.append((game, score, result.reason))
                    print(
                        f"  {game.source}: ours {'W' if game.ours_white else 'B'}, {score:g} "
                        f"({result.reason}, ply {result.plies}) from {game.board.fen()}",
                        flush=True,
                    )
        finally:
            pool.close_all()

    run_workers(worker, concurrency, "resume")
    return done


def describe(tally: list[int]) -> str:
    """'W/D/L, score%'."""
    games = sum(tally)
    score = (tally[0] + 0.5 * tally[1]) / games if games else 0.0
    return f"{tally[0]}/{tally[1]}/{tally[2]}, {100 * score:.2f}%"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pgn", type=Path, nargs="+", help="stockfish_match.py PGN files")
    parser.add_argument("--tree", type=Path, default=REPO, help="tree holding engine/ (default: this checkout)")
    parser.add_argument("--features", type=feature_mask, help="our engine's search-feature mask, default its own")
    parser.add_argument("--tc", type=TimeControl.parse, default=TimeControl.parse("10+0.1"))
    parser.add_argument("--stockfish", default=STOCKFISH)
    parser.add_argument("--concurrency", type=int, default=2)
    args = parser.parse_args(argv)
    missing = [str(p) for p in args.pgn if not p.is_file()]
    if missing:
        parser.error(f"no such PGN file: {', '.join(missing)}")
    capped, tallies = read_games(args.pgn, args.tc.base)
    print(f"{len(capped)} capped games in {len(args.pgn)} files, {args.tc.describe()}, concurrency {args.concurrency}")
    started = time.monotonic()
    ours = full_strength(args.tree.resolve(), {}, args.features)
    results = play_on(capped, ours, args.tc, args.concurrency, args.stockfish)
    for game, score, _reason in results:
        tallies[game.file].after[bucket(score)] += 1
    print()
    print("| file | recorded W/D/L | after the capped games went on |")
    print("|---|---|---|")
    total_before, total_after = [0, 0, 0], [0, 0, 0]
    for name, tally in tallies.items():
        print(f"| {name} | {describe(tally.before)} | {describe(tally.after)} |")
        total_before = [x + y for x, y in zip(total_before, tally.before, strict=True)]
        total_after = [x + y for x, y in zip(total_after, tally.after, strict=True)]
    print(f"| all | {describe(total_before)} | {describe(total_after)} |")
    print(f"time: {(time.monotonic() - started) / 60:.1f} min")
    return 0


if __name__ == "__main__":
    sys.exit(main())
