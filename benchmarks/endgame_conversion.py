"""Can the engine (or a playing level) win a queen against a lone minor piece (or mate with
bishop and knight)?

Plays the stronger side from KQ vs K+minor positions (``--material kbnk``: KBN vs K) against
Stockfish 15.1 at full strength defending, a fixed time a move each (0.3 s), to mate, the
fifty-move rule, a repetition, stalemate or a lost piece. Prints each position's result and the
count won. Our engine runs as ``python -m engine`` with ``Human Pace`` off; ``--elo`` plays it at
that level (``UCI_LimitStrength``), else at full strength.

The positions: the KQ vs KN one where full strength once shuffled to a fifty-move draw
(docs/strength.md), then random ones (``--seed``), each with the queen side to move, no piece
hanging to the first move and Stockfish's verdict a win (mate found or ≥ +6 at depth 14).
With ``--material kbnk`` all positions are random KBN vs K ones, chosen the same way.

    .venv/bin/python benchmarks/endgame_conversion.py --elo 1600 --positions 8
"""

from __future__ import annotations

import argparse
import random
import sys

import chess
import chess.engine
from levels_calibrate import REPO, STOCKFISH

FIRST = "8/8/2n5/3k4/8/8/8/Q3K3 w - - 0 1"
"""The KQ vs KN position of docs/strength.md's shuffled game."""
VERIFY_DEPTH = 14
WIN_CP = 600
"""Stockfish's score (queen side's view) from which a random position counts as won."""


def random_position(rng: random.Random, sf: chess.engine.SimpleEngine, material: str = "kqkm") -> str:
    """A random KQ vs K+minor position (``material`` "kqkm") or KBN vs K one ("kbnk"), the
    stronger side to move, that Stockfish calls won and in which the side to move gives no
    piece away at once (no capture is available to it, and it is not in check)."""
    while True:
        board = chess.Board(None)
        queen_side = rng.choice(chess.COLORS)
        # Placed in this order from one sample of squares (the KQ vs K+minor order is the one the
        # seeds of docs/levels.md's measurements drew).
        if material == "kbnk":
            pieces = [chess.Piece(chess.KING, queen_side), chess.Piece(chess.KING, not queen_side)]
            pieces += [chess.Piece(chess.BISHOP, queen_side), chess.Piece(chess.KNIGHT, queen_side)]
        else:
            minor = rng.choice((chess.KNIGHT, chess.BISHOP))
            pieces = [chess.Piece(chess.KING, queen_side), chess.Piece(chess.QUEEN, queen_side)]
            pieces += [chess.Piece(chess.KING, not queen_side), chess.Piece(minor, not queen_side)]
        for square, piece in zip(rng.sample(chess.SQUARES, len(pieces)), pieces, strict=True):
            board.set_piece_at(square, piece)
        board.turn = queen_side
        if not board.is_valid() or board.is_check() or board.is_game_over():
            continue
        if any(board.is_capture(m) for m in board.legal_moves):
            continue  # a free minor would make it a KQK test
        board.push(chess.Move.null())
        hanging = any(board.is_capture(m) for m in board.legal_moves)
        board.pop()
        if hanging:
            continue
        score = sf.analyse(board, chess.engine.Limit(depth=VERIFY_DEPTH))["score"].pov(queen_side)
        if score.is_mate() and (score.mate() or 0) > 0 or (score.score() or 0) >= WIN_CP:
            return board.fen()


def play(fen: str, ours: chess.engine.SimpleEngine, sf: chess.engine.SimpleEngine, seconds: float) -> str:
    """Play from ``fen`` (queen side to move: ours). Returns 'won in N plies', 'drawn (<reason>)'
    or 'lost'."""
    board = chess.Board(fen)
    side = board.turn
    limit = chess.engine.Limit(time=seconds)
    while True:
        outcome = board.outcome(claim_draw=True)
        if outcome is not None:
            if outcome.winner == side:
                return f"won in {board.ply()} plies"
            if outcome.winner is None:
                return f"drawn ({outcome.termination.name.lower()}, ply {board.ply()})"
            return "lost"
        engine = ours if board.turn == side else sf
        result = engine.play(board, limit, game=fen)  # a new game (ucinewgame) per position
        if result.move is None:
            return "drawn (no move)"
        board.push(result.move)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--elo", type=int, default=None, help="play our engine at this level (default: full strength)")
    parser.add_argument("--positions", type=int, default=8, help="positions (the first: the KQ vs KN game)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random positions")
    parser.add_argument("--seconds", type=float, default=0.3, help="time a move for both sides")
    parser.add_argument(
        "--material", choices=("kqkm", "kbnk"), default="kqkm", help="KQ vs K+minor, or KBN vs K (all random)"
    )
    args = parser.parse_args(argv)

    rng = random.Random(args.seed)
    options: dict[str, str | int | bool | None] = {"Human Pace": False, "Hash": 16}
    if args.elo is not None:
        options |= {"UCI_LimitStrength": True, "UCI_Elo": args.elo}
    sf = chess.engine.SimpleEngine.popen_uci(STOCKFISH)
    sf.configure({"Threads": 1, "Hash": 16})
    ours = chess.engine.SimpleEngine.popen_uci([sys.executable, "-m", "engine"], cwd=str(REPO), timeout=300)
    ours.configure({k: v for k, v in options.items() if k in ours.options})
    try:
        if args.material == "kbnk":
            fens = [random_position(rng, sf, "kbnk") for _ in range(args.positions)]
        else:
            fens = [FIRST] + [random_position(rng, sf) for _ in range(args.positions - 1)]
        won = 0
        for fen in fens:
            verdict = play(fen, ours, sf, args.seconds)
            won += verdict.startswith("won")
            print(f"{fen:45s} {verdict}", flush=True)
        label = f"level {args.elo}" if args.elo is not None else "full strength"
        print(f"{label}: won {won} of {len(fens)}", flush=True)
    finally:
        ours.quit()
        sf.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
