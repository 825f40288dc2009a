"""Training positions for the evaluation network (engine/nnue.py): Stockfish self-play games,
each quiet position labelled with Stockfish's search score and the game's result.

How positions are made (one worker process per ``--workers``, each driving its own Stockfish):

1. A game starts from the initial position and plays ``--book-plies`` (a random count up to it)
   weighted-random moves from the shipped polyglot book, then up to ``--random-moves`` uniformly
   random legal moves within the first 24 plies, so games diverge and unbalanced positions (a piece
   up, a pawn down) appear too, as they do in a search tree.
2. Stockfish (Debian's ``/usr/games/stockfish`` 15.1, one thread, 16 MB hash) searches a
   ``--sample`` share of the positions to ``--depth`` (those are the labelled ones) and the others
   to ``--move-depth`` only, so that many more games (whole different trajectories) come out of an
   hour; its best move is played, except that with probability ``--random`` a random legal move
   is played instead.
3. A position is kept when the side to move is not in check, the score is not a mate and its
   size is under ``--max-cp``, and Stockfish's best move is neither a capture nor a promotion
   (a noisy position's static value is not its search value: the filter NNUE trainers use).
4. With ``--ours-nodes N`` our own engine (full strength, ``N`` nodes a move) plays one side of
   an ``--ours-share`` of the games (White in even games, Black in odd ones) and Stockfish the
   other. Stockfish still labels every position, both sides' turns: the positions our search
   steers into, which Stockfish's self-play rarely visits, get Stockfish's scores. These are the
   positions our evaluation misjudges against Stockfish (docs/strength.md, "Where the games
   against Stockfish 2500 are lost").
5. A game ends by the rules (python-chess), at ``--max-plies`` plies (a draw), or by
   adjudication: Stockfish's score beyond ``ADJUDICATE_CP`` for ``ADJUDICATE_PLIES`` plies in a
   row (a win), or within 10 cp for ``DRAW_PLIES`` plies after ply 80 (a draw).

Output: per worker, ``OUT_DIR/part-<worker>-<n>.npz`` every ``--save-every`` games, with
``board`` (int8, N x 64: 0 empty, 1..6 White P N B R Q K, 7..12 Black), ``stm`` (int8, 1 White
to move), ``score`` (int16, centipawns from the side to move's view) and ``result`` (int8, White's
view: 1 win, 0 draw, -1 loss). Labels are Stockfish's, a GPL-3.0 program like this one.

    .venv/bin/python -m tools.nnue_data --out /tmp/nnue --workers 2 --minutes 90
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import time
from pathlib import Path

import chess
import chess.polyglot
import numpy as np

from tools.texel_data import MATE_CP, STOCKFISH, OurPlayer, Stockfish

REPO = Path(__file__).resolve().parent.parent
BOOK = REPO / "resources" / "book" / "gnuchess-book.bin"
ADJUDICATE_CP = 1500
"""Score (side to move's view, absolute) beyond which a game counts as decided..."""
ADJUDICATE_PLIES = 6
"""...once it has stayed there this many plies in a row."""
DRAW_PLIES = 20
"""Plies within 10 cp of zero, after ply 80, that end a game as a draw."""


def encode(board: chess.Board) -> np.ndarray:
    """64 piece codes (0 empty, 1..6 White P..K, 7..12 Black), a1 = index 0."""
    out = np.zeros(64, dtype=np.int8)
    for square, piece in board.piece_map().items():
        out[square] = piece.piece_type + (0 if piece.color == chess.WHITE else 6)
    return out


def opening(
    rng: random.Random, book: chess.polyglot.MemoryMappedReader | None, args: argparse.Namespace
) -> chess.Board:
    """The start of one game: book moves, then a few random moves (see module docstring)."""
    board = chess.Board()
    if book is not None:
        for _ in range(rng.randint(0, args.book_plies)):
            entries = list(book.find_all(board))
            if not entries:
                break
            entry = rng.choices(entries, weights=[e.weight + 1 for e in entries])[0]
            board.push(entry.move)
    for _ in range(rng.randint(0, args.random_moves)):
        if board.ply() >= 24 or board.is_game_over():
            break
        board.push(rng.choice(list(board.legal_moves)))
    return board


def game_end(board: chess.Board, fen: str, seen: dict[str, int]) -> int | None:
    """The result (White's view) if the game is over by the rules, else None.

    Counts ``fen``'s position (its first four fields: python-chess writes an en passant square
    only when a capture is legal, as the repetition rule wants) in ``seen``; a third occurrence or
    fifty moves without a capture or pawn move end the game as a draw. Cheaper than
    ``board.outcome(claim_draw=True)``, whose threefold claim tries every legal move and took half
    of a worker's time.
    """
    key = fen.rsplit(" ", 2)[0]
    seen[key] = seen.get(key, 0) + 1
    if seen[key] >= 3 or board.halfmove_clock >= 100:
        return 0
    outcome = board.outcome(claim_draw=False)
    if outcome is None:
        return None
    if outcome.winner is None:
        return 0
    return 1 if outcome.winner == chess.WHITE else -1


def play_game(
    sf: Stockfish,
    rng: random.Random,
    book: chess.polyglot.MemoryMappedReader | None,
    args: argparse.Namespace,
    ours: OurPlayer | None = None,
    our_colour: chess.Color | None = None,
) -> tuple[list[tuple[np.ndarray, int, int]], int]:
    """One game: the kept (board, stm, score) rows and the result (White's view).

    With ``ours`` and ``our_colour``, our engine chooses that side's moves; Stockfish labels every
    position either way.
    """
    board = opening(rng, book, args)
    if board.is_game_over():
        return [], 0
    sf.new_game()
    rows: list[tuple[np.ndarray, int, int]] = []
    decided = 0
    quiet = 0
    seen: dict[str, int] = {}
    while True:
        fen = board.fen()
        result = game_end(board, fen, seen)
        if result is not None:
            return rows, result
        if board.ply() >= args.max_plies:
            return rows, 0
        label = args.sample >= 1.0 or rng.random() < args.sample
        found = sf.analyse(fen, args.depth if label else args.move_depth)
        cp = found.cp
        move = chess.Move.from_uci(found.best)
        mate = abs(cp) >= MATE_CP  # texel_data's client reports a mate as +-MATE_CP
        white_view = cp if board.turn == chess.WHITE else -cp
        # Adjudication on the side-to-move-independent (White's view) score.
        if abs(cp) >= ADJUDICATE_CP:
            sign = 1 if white_view > 0 else -1
            decided = decided + sign if decided * sign >= 0 else sign
            if abs(decided) >= ADJUDICATE_PLIES:
                return rows, 1 if decided > 0 else -1
        else:
            decided = 0
        if abs(white_view) <= 10 and board.ply() > 80:
            quiet += 1
            if quiet >= DRAW_PLIES:
                return rows, 0
        else:
            quiet = 0
        if (
            label
            and not mate
            and abs(cp) <= args.max_cp
            and not board.is_check()
            and not board.is_capture(move)
            and move.promotion is None
        ):
            rows.append((encode(board), 1 if board.turn == chess.WHITE else 0, cp))
        if rng.random() < args.random:
            move = rng.choice(list(board.legal_moves))
        elif ours is not None and board.turn == our_colour:
            move = ours.best_move(board)
        board.push(move)


def worker(index: int, args: argparse.Namespace, deadline: float) -> None:
    rng = random.Random(args.seed * 1000 + index)
    sf = Stockfish(args.stockfish, nice=0)
    book = chess.polyglot.open_reader(BOOK) if BOOK.exists() else None
    ours = OurPlayer(args.ours_nodes) if args.ours_nodes > 0 else None
    out = Path(args.out)
    boards: list[np.ndarray] = []
    stms: list[int] = []
    scores: list[int] = []
    results: list[int] = []
    games = 0
    chunk = 0
    positions = 0

    def save() -> None:
        nonlocal chunk, boards, stms, scores, results
        if not boards:
            return
        np.savez(
            out / f"part-{args.seed}-{index}-{chunk:04d}.npz",
            board=np.array(boards, dtype=np.int8),
            stm=np.array(stms, dtype=np.int8),
            score=np.array(scores, dtype=np.int16),
            result=np.array(results, dtype=np.int8),
        )
        chunk += 1
        boards, stms, scores, results = [], [], [], []

    start = time.monotonic()
    try:
        while time.monotonic() < deadline and positions < args.positions // args.workers:
            our_colour: chess.Color | None = None
            if ours is not None and rng.random() < args.ours_share:
                our_colour = games % 2 == 0
                ours.new_game(seed=args.seed * 1_000_000 + index * 100_000 + games)
            rows, result = play_game(sf, rng, book, args, ours, our_colour)
            for board, stm, score in rows:
                boards.append(board)
                stms.append(stm)
                scores.append(score)
                results.append(result)
            positions += len(rows)
            games += 1
            if games % args.save_every == 0:
                save()
                rate = positions / (time.monotonic() - start)
                print(f"worker {index}: {games} games, {positions} positions, {rate:.0f}/s", flush=True)
    finally:
        save()
        sf.close()
        if book is not None:
            book.close()
    print(f"worker {index} done: {games} games, {positions} positions", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", required=True, help="folder for the part-*.npz chunks")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--minutes", type=float, default=60.0)
    parser.add_argument("--positions", type=int, default=10_000_000)
    parser.add_argument("--depth", type=int, default=7)
    parser.add_argument("--move-depth", type=int, default=3, help="search depth of the unlabelled plies")
    parser.add_argument("--sample", type=float, default=1.0, help="share of the plies labelled at --depth")
    parser.add_argument("--random", type=float, default=0.02, help="chance of a random move at each ply")
    parser.add_argument("--book-plies", type=int, default=12)
    parser.add_argument("--random-moves", type=int, default=3)
    parser.add_argument("--max-plies", type=int, default=300)
    parser.add_argument("--max-cp", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--save-every", type=int, default=100, help="games per saved chunk")
    parser.add_argument("--stockfish", default=STOCKFISH)
    parser.add_argument(
        "--ours-nodes", type=int, default=0, help="our engine plays one side with N nodes a move (0: Stockfish both)"
    )
    parser.add_argument("--ours-share", type=float, default=1.0, help="share of the games our engine plays in")
    args = parser.parse_args()
    Path(args.out).mkdir(parents=True, exist_ok=True)
    deadline = time.monotonic() + args.minutes * 60.0
    procs = [multiprocessing.Process(target=worker, args=(i, args, deadline)) for i in range(args.workers)]
    for p in procs:
        p.start()
    for p in procs:
        p.join()


if __name__ == "__main__":
    main()
