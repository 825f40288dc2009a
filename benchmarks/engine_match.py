"""Strength measurement by matches (a script; results are noisy on a shared machine).

    # the built-in engine (UCI subprocess) against another UCI engine, 10 s + 0.1 s each
    .venv/bin/python benchmarks/engine_match.py --opponent /path/to/sunfish-uci --games 20
    .venv/bin/python benchmarks/engine_match.py --opponent /usr/games/stockfish \
        --opponent-option UCI_LimitStrength=true --opponent-option UCI_Elo=1800

    # bullet: against sunfish (its move overhead from the environment), then against itself
    TM_OVERHEAD_MS=100 .venv/bin/python benchmarks/engine_match.py --opponent .venv/bin/sunfish-uci \
        --games 100 --base 1 --inc 0
    .venv/bin/python benchmarks/engine_match.py --opponent "$PWD/.venv/bin/python -m engine" \
        --games 100 --base 2 --inc 0.02

    # this engine against an older version of itself exported with git archive:
    git archive <commit> engine | tar -x -C /tmp/old
    .venv/bin/python benchmarks/engine_match.py --opponent "$PWD/.venv/bin/python -m engine" \
        --opponent-cwd /tmp/old --games 40 --base 5 --inc 0.05

    # A/B self-play of search features (in process, fixed nodes per move):
    .venv/bin/python benchmarks/engine_match.py --ab-features 0x3f,0x3e --nodes 20000 --games 40

Every opening is played twice with colours reversed. Prints wins/draws/losses
from the first player's view, the score and an Elo difference with a 95% interval;
at the end, each side's faults (lost on time, crashed, hung, illegal move) and the
load average seen.
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
from collections import Counter

import chess
import chess.engine
from match_common import MAX_PLIES, OPENINGS, TimeControl, elo, opening_board, play_game


def report(results: list[float], label: str) -> None:
    wins, draws, losses = results.count(1.0), results.count(0.5), results.count(0.0)
    score = sum(results) / len(results)
    diff, low, high = elo(score, len(results))
    print(
        f"{label}: +{wins} ={draws} -{losses}  score {score:.3f}  Elo {diff:+.0f} [{low:+.0f}, {high:+.0f}]", flush=True
    )


def play_uci_match(args: argparse.Namespace) -> None:
    ours = chess.engine.SimpleEngine.popen_uci([sys.executable, "-m", "engine"], timeout=120)
    theirs = chess.engine.SimpleEngine.popen_uci(shlex.split(args.opponent), timeout=120, cwd=args.opponent_cwd)
    options = dict(opt.split("=", 1) for opt in args.opponent_option)
    if options:
        theirs.configure(options)
    # isready waits for start-up work (our JIT warm-up) so it is not charged to game 1.
    ours.ping()
    theirs.ping()
    results: list[float] = []
    faults = {"ours": Counter(), "theirs": Counter()}  # per side: "lost on time", "crashed", ...
    load = [os.getloadavg()[0]]
    try:
        for game in range(args.games):
            line = OPENINGS[(game // 2) % len(OPENINGS)]
            ours_white = game % 2 == 0
            players = {chess.WHITE: ours if ours_white else theirs, chess.BLACK: theirs if ours_white else ours}
            tc = TimeControl(args.base, args.inc, nodes=args.uci_nodes or None)
            game_result = play_game(opening_board(line), players, tc, game_id=game)
            if game_result.fault:
                white_at_fault = game_result.white_score == 0.0
                side = "ours" if white_at_fault == ours_white else "theirs"
                faults[side][game_result.reason.split(" ", 1)[1]] += 1
                print(f"  game {game + 1}: {game_result.reason} ({side}, ply {game_result.plies})", flush=True)
            result = game_result.white_score
            results.append(result if ours_white else 1.0 - result)
            load.append(os.getloadavg()[0])
            report(results, f"after {game + 1} games")
    finally:
        ours.quit()
        theirs.quit()
    print(
        f"faults: ours {dict(faults['ours']) or 'none'}, theirs {dict(faults['theirs']) or 'none'}; "
        f"load average {min(load):.1f}-{max(load):.1f}",
        flush=True,
    )


def play_ab_match(args: argparse.Namespace) -> None:
    from engine import Searcher, SearchLimit

    mask_a, mask_b = (int(x, 0) for x in args.ab_features.split(","))
    a, b = Searcher(hash_mb=16), Searcher(hash_mb=16)
    a.features, b.features = mask_a, mask_b
    results: list[float] = []
    for game in range(args.games):
        line = OPENINGS[(game // 2) % len(OPENINGS)]
        a_white = game % 2 == 0
        a.new_game()
        b.new_game()
        board = opening_board(line)
        start_fen = chess.STARTING_FEN
        moves = [m.uci() for m in board.move_stack]
        while not board.is_game_over(claim_draw=True) and board.ply() < MAX_PLIES:
            mover = a if (board.turn == chess.WHITE) == a_white else b
            best = mover.search(start_fen, moves, SearchLimit(nodes=args.nodes)).best_move
            board.push_uci(best)
            moves.append(best)
        outcome = board.outcome(claim_draw=True)
        white_score = (
            0.5 if outcome is None or outcome.winner is None else (1.0 if outcome.winner == chess.WHITE else 0.0)
        )
        results.append(white_score if a_white else 1.0 - white_score)
        report(results, f"A={hex(mask_a)} vs B={hex(mask_b)} after {game + 1} games")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--opponent", help="UCI engine command line (shell syntax, quote it)")
    parser.add_argument("--opponent-option", action="append", default=[], help="NAME=VALUE")
    parser.add_argument(
        "--opponent-cwd", default=None, help="working directory of the opponent (e.g. an exported older engine/)"
    )
    parser.add_argument("--ab-features", help="two feature masks, e.g. 0x3f,0x3e")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--base", type=float, default=10.0, help="seconds per side")
    parser.add_argument("--inc", type=float, default=0.1, help="increment in seconds")
    parser.add_argument("--nodes", type=int, default=20000, help="nodes per move (A/B mode)")
    parser.add_argument("--uci-nodes", type=int, default=0, help="UCI mode: fixed nodes per move instead of a clock")
    args = parser.parse_args()
    if args.ab_features:
        play_ab_match(args)
    elif args.opponent:
        play_uci_match(args)
    else:
        parser.error("give --opponent or --ab-features")


if __name__ == "__main__":
    main()
