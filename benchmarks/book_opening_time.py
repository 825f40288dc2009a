"""How much clock an AI-vs-AI game spends on its first 10 moves, with and without the opening book.

Both sides are the built-in engine on a 10 s + 0.1 s clock, searching from the clock
(as in the GUI). With the book, every position the default book knows (weighted random,
up to move 12, the default settings) is answered from it and costs only the lookup;
the rest is searched. Also counts how many distinct games a number of self-play starts
produce: the engine is deterministic, so two starts give the same game exactly when their
book lines are the same; the distinct book lines are counted.

Run from the repository root:  python benchmarks/book_opening_time.py [--games 3] [--starts 50]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import chess

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
import conftest  # noqa: E402,F401  - use this checkout's resources/ (book) under a shared editable install

from chessgui.storage.book import BookSettings, in_book_range, load_book  # noqa: E402
from engine.api import SearchLimit  # noqa: E402
from engine.searcher import Searcher, warm_up  # noqa: E402

BASE_MS, INC_MS, PLIES = 10_000, 100, 20


def play_first_moves(use_book: bool, rng: random.Random) -> tuple[float, int, tuple[str, ...]]:
    """(seconds of clock used by both sides, book plies, moves) over the first 10 moves."""
    settings = BookSettings()
    book = load_book(settings)
    searchers = {chess.WHITE: Searcher(hash_mb=16), chess.BLACK: Searcher(hash_mb=16)}
    clocks = {chess.WHITE: BASE_MS, chess.BLACK: BASE_MS}
    board = chess.Board()
    used_ms = 0.0
    book_plies = 0
    for _ in range(PLIES):
        started = time.perf_counter()
        choice = book.pick(board, settings.choice, rng) if use_book and in_book_range(board, settings) else None
        if choice is not None:
            move = choice.move
            book_plies += 1
        else:
            limit = SearchLimit(
                wtime_ms=clocks[chess.WHITE], btime_ms=clocks[chess.BLACK], winc_ms=INC_MS, binc_ms=INC_MS
            )
            result = searchers[board.turn].search(chess.STARTING_FEN, [m.uci() for m in board.move_stack], limit)
            move = chess.Move.from_uci(result.best_move)
        spent = (time.perf_counter() - started) * 1000
        used_ms += spent
        clocks[board.turn] += INC_MS - spent
        board.push(move)
    return used_ms / 1000, book_plies, tuple(m.uci() for m in board.move_stack)


def distinct_book_lines(starts: int, rng: random.Random) -> int:
    settings = BookSettings()
    book = load_book(settings)
    lines = set()
    for _ in range(starts):
        board = chess.Board()
        while in_book_range(board, settings) and (choice := book.pick(board, settings.choice, rng)) is not None:
            board.push(choice.move)
        lines.add(tuple(board.move_stack))
    return len(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3, help="games per setting (default 3)")
    parser.add_argument("--starts", type=int, default=50, help="self-play starts to count (default 50)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    warm_up()
    rng = random.Random(args.seed)
    for use_book in (False, True):
        times = []
        for _ in range(args.games):
            seconds, book_plies, _moves = play_first_moves(use_book, rng)
            times.append(seconds)
            print(
                f"{'with' if use_book else 'without'} book: first 10 moves took {seconds:.2f} s of clock "
                f"({book_plies} book plies)"
            )
        print(f"  mean {'with' if use_book else 'without'} book: {sum(times) / len(times):.2f} s")
    print(f"{args.starts} self-play starts -> {distinct_book_lines(args.starts, rng)} distinct book lines (games)")


if __name__ == "__main__":
    main()
