"""Generate benchmarks/openings_balanced.epd: varied, roughly balanced start positions.

    .venv/bin/python benchmarks/make_openings.py                      # Debian's /usr/games/stockfish
    .venv/bin/python benchmarks/make_openings.py --engine "$PWD/.venv/bin/python -m engine"

How a position is made (seeded, so the file can be regenerated exactly with the
same engine build):

1. Start either from one of match_common.OPENINGS (six plies of a known opening)
   or from the initial position, alternately.
2. Play "book-ish" random moves until the position is 6 to 8 plies deep (the
   target is drawn per position): the engine lists its best moves at low depth
   (MultiPV), and one is picked at random among those within --spread cp of the best.
3. Keep the position if the engine's score at --depth is within --max-cp of zero,
   it is not a duplicate, and the game is not over.

Each EPD line carries ``ce`` (the score in cp, side to move) and ``c0`` (the source
opening, or "random walk").
"""

from __future__ import annotations

import argparse
import random
import shlex
import sys
from pathlib import Path

import chess
import chess.engine
from match_common import OPENINGS, opening_board

STOCKFISH = "/usr/games/stockfish"


def candidate_moves(
    engine: chess.engine.SimpleEngine, board: chess.Board, depth: int, multipv: int, spread: int
) -> list[chess.Move]:
    """Moves within ``spread`` cp of the best at a low depth."""
    infos = engine.analyse(board, chess.engine.Limit(depth=depth), multipv=multipv)
    scored = [(info["score"].relative.score(mate_score=100_000), info["pv"][0]) for info in infos if info.get("pv")]
    if not scored:
        return []
    best = max(score for score, _ in scored)
    return [move for score, move in scored if score >= best - spread]


def make_position(
    engine: chess.engine.SimpleEngine, rng: random.Random, index: int, args: argparse.Namespace
) -> tuple[chess.Board, str] | None:
    """One candidate position and its source label, or None if the walk hit a dead end."""
    if index % 2 == 0:
        line = OPENINGS[(index // 2) % len(OPENINGS)]
        board, source = opening_board(line), line
    else:
        board, source = chess.Board(), "random walk"
    target = rng.randint(max(args.min_plies, board.ply()), max(args.max_plies, board.ply()))
    if board.ply() == target and board.ply() == len(OPENINGS[0].split()):
        target += 1  # always add at least one move to a known opening, for variety
    while board.ply() < target:
        moves = candidate_moves(engine, board, args.walk_depth, args.multipv, args.spread)
        if not moves or board.is_game_over():
            return None
        board.push(rng.choice(moves))
    return board, source


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", default=STOCKFISH, help=f"UCI engine command (default {STOCKFISH})")
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name("openings_balanced.epd"))
    parser.add_argument("--count", type=int, default=300, help="positions to keep (default 300)")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--min-plies", type=int, default=6)
    parser.add_argument("--max-plies", type=int, default=8)
    parser.add_argument("--walk-depth", type=int, default=6, help="depth of the move choice (default 6)")
    parser.add_argument("--multipv", type=int, default=5, help="moves considered per ply (default 5)")
    parser.add_argument("--spread", type=int, default=40, help="cp below the best still played (default 40)")
    parser.add_argument("--depth", type=int, default=12, help="depth of the balance check (default 12)")
    parser.add_argument("--max-cp", type=int, default=50, help="keep |score| below this (default 50)")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    command = shlex.split(args.engine)
    try:
        engine = chess.engine.SimpleEngine.popen_uci(command, timeout=120)
    except (OSError, chess.engine.EngineError) as exc:
        print(f"error: cannot start {args.engine!r}: {exc}", file=sys.stderr)
        return 2
    engine.configure({"Hash": 16})
    name = engine.id.get("name", args.engine)
    kept: dict[str, str] = {}
    tried = 0
    try:
        while len(kept) < args.count and tried < 20 * args.count:
            made = make_position(engine, rng, tried, args)
            tried += 1
            if made is None:
                continue
            board, source = made
            epd = board.epd()
            if epd in kept or board.is_game_over():
                continue
            info = engine.analyse(board, chess.engine.Limit(depth=args.depth))
            cp = info["score"].relative.score(mate_score=100_000)
            if abs(cp) < args.max_cp:
                kept[epd] = board.epd(ce=cp, c0=source)
    finally:
        engine.quit()
    header = (
        f"# {len(kept)} balanced openings made by benchmarks/make_openings.py with {name}:\n"
        f"# seed {args.seed}, {args.min_plies}-{args.max_plies} plies, MultiPV {args.multipv} at depth "
        f"{args.walk_depth} within {args.spread} cp, kept |score| < {args.max_cp} cp at depth {args.depth}\n"
    )
    args.out.write_text(header + "\n".join(kept.values()) + "\n")
    print(f"{len(kept)} positions kept of {tried} tried -> {args.out}")
    return 0 if len(kept) >= args.count else 1


if __name__ == "__main__":
    sys.exit(main())
