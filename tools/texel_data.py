"""Labelled positions for tuning the evaluation (Texel's method): quiet positions from
Stockfish-played games, each with Stockfish's low-depth score turned into a win probability.

How positions are chosen:

1. Games start from ``benchmarks/openings_balanced.epd`` (shuffled by ``--seed``, reused
   as often as needed). Stockfish plays both sides; with probability ``--random`` a
   random legal move is played instead, so games from the same opening diverge and
   unbalanced positions (a piece up, a pawn down) appear too. With ``--ours-nodes N``
   our engine plays one side instead (White in even games, Black in odd ones; N nodes a
   move), so the positions are the ones *our* search steers to: where its evaluation is
   wrong in its own favour, the search seeks those positions out, and a fit on
   Stockfish's own games rarely sees them (the "optimism" docs/strength.md measured).
2. A position is kept only if it is *quiet* for our engine: the side to move is not in
   check and a captures-only quiescence search (:func:`quiet_gap`, our own evaluation,
   alpha-beta over captures and queen promotions) returns exactly the static
   evaluation, i.e. no capture changes the score. The tuner evaluates positions
   statically, so a position with a hanging piece would teach it nonsense.
3. Positions are deduplicated by their EPD (board, side, castling, en passant).
4. A game ends at mate, stalemate, a draw by rule, ``--max-plies`` plies, or when
   Stockfish scores it beyond ``--stop-cp`` (the rest would be a long technical win).

Labels: Stockfish (Debian's ``/usr/games/stockfish`` 15.1, one thread, 16 MB hash)
searches each kept position to ``--depth`` (default 7); its score for the side to move
is turned to White's view, ``cp`` (mate = +-MATE_CP), and to a win probability for
White ``1 / (1 + 10 ** (-cp / 400))`` (:data:`LABEL_SCALE` = 400). Positions that are
not kept are searched only to depth 3, just to get a move.

Output: an ``.npz`` file (:func:`save` / :func:`load`) with ``fen`` (str), ``cp``
(int32, White's view) and ``label`` (float32, White's win probability). It is written
every ``--save-every`` positions, so an interrupted run keeps what it made.

    .venv/bin/python -m tools.texel_data --out /tmp/texel.npz --positions 200000
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import chess
import numpy as np
from numba import njit

from engine import Searcher, SearchLimit
from engine.attacks import in_check
from engine.evaluate import evaluate_with
from engine.fen import Position, position_from_board
from engine.movegen import gen_moves, make_move, unmake_move
from engine.position import MAX_HISTORY, ST_HPLY

REPO = Path(__file__).resolve().parent.parent
OPENINGS = REPO / "benchmarks" / "openings_balanced.epd"
STOCKFISH = "/usr/games/stockfish"
LABEL_SCALE = 400.0
"""Label = 1 / (1 + 10 ** (-cp / LABEL_SCALE)), cp from White's view."""
MATE_CP = 10000
"""Centipawns written for a mate score (its label is 0 or 1 to float precision)."""
QS_MAX_PLY = 24
"""Depth limit of the quiet check's quiescence search."""
QS_MAX_NODES = 20000
"""Node limit of the quiet check; a position needing more is called not quiet."""


# Quiet check ---------------------------------------------------------------------------------


# Not cached: Numba's on-disk cache of this self-recursive function segfaults when loaded
# (a fresh compile works); compiling it takes a few seconds per run.
@njit(cache=False, nogil=True)
def _qsearch(
    board: np.ndarray,
    st: np.ndarray,
    hashes: np.ndarray,
    undo: np.ndarray,
    moves: np.ndarray,
    w: np.ndarray,
    ply: int,
    alpha: int,
    beta: int,
    nodes: np.ndarray,
) -> int:
    """Fail-hard captures-only alpha-beta with stand pat (side to move's view)."""
    nodes[0] += 1
    stand = evaluate_with(board, st, w)
    if stand >= beta:
        return beta
    if stand > alpha:
        alpha = stand
    if ply >= QS_MAX_PLY - 1 or nodes[0] > QS_MAX_NODES:
        return alpha
    n = gen_moves(board, st, moves[ply], True)
    for i in range(n):
        if not make_move(board, st, hashes, undo, moves[ply, i]):
            continue
        score = -_qsearch(board, st, hashes, undo, moves, w, ply + 1, -beta, -alpha, nodes)
        unmake_move(board, st, undo)
        if score >= beta:
            return beta
        if score > alpha:
            alpha = score
    return alpha


@njit(cache=False, nogil=True)
def quiet_gap(board: np.ndarray, st: np.ndarray, hashes: np.ndarray, undo: np.ndarray, w: np.ndarray) -> int:
    """How much a captures-only quiescence search changes the static evaluation
    (0 = quiet); -1 if the side to move is in check or the search hit its node limit."""
    if in_check(board, st):
        return -1
    moves = np.zeros((QS_MAX_PLY, 256), dtype=np.int32)
    nodes = np.zeros(1, dtype=np.int64)
    static = evaluate_with(board, st, w)
    score = _qsearch(board, st, hashes, undo, moves, w, 0, -1_000_000, 1_000_000, nodes)
    if nodes[0] > QS_MAX_NODES:
        return -1
    return abs(score - static)


def is_quiet(pos: Position, weights: np.ndarray) -> bool:
    """True if ``pos`` is not in check and no capture sequence changes its evaluation."""
    if pos.st[ST_HPLY] + QS_MAX_PLY + 1 >= MAX_HISTORY:  # room for the search's moves
        return False
    return quiet_gap(pos.board, pos.st, pos.hashes, pos.undo, weights) == 0


# Stockfish -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Analysis:
    """One Stockfish search result."""

    cp: int
    """Score in centipawns for the side to move (mate = +-MATE_CP)."""
    best: str
    """Best move, UCI ("(none)" if there is none)."""


class OurPlayer:
    """Our engine at full strength and a fixed node count, for the games it plays one side of
    (``--ours-nodes`` here and in tools/nnue_data.py)."""

    def __init__(self, nodes: int) -> None:
        self.searcher = Searcher(hash_mb=16)
        self.limit = SearchLimit(nodes=nodes)

    def new_game(self, seed: int) -> None:
        self.searcher.new_game(seed=seed)

    def best_move(self, board: chess.Board) -> chess.Move:
        return chess.Move.from_uci(self.searcher.search(board.fen(), (), self.limit).best_move)


class Stockfish:
    """A Stockfish process spoken to over raw UCI pipes (python-chess's asyncio client
    costs more than a depth-7 search)."""

    def __init__(self, command: str = STOCKFISH, nice: int = 10) -> None:
        self.proc = subprocess.Popen(
            ["nice", "-n", str(nice), command],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self._send("uci")
        self._wait("uciok")
        self._send("setoption name Threads value 1")
        self._send("setoption name Hash value 16")
        self.new_game()

    def _send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def _wait(self, prefix: str) -> str:
        assert self.proc.stdout is not None
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("Stockfish exited")
            if line.startswith(prefix):
                return line

    def new_game(self) -> None:
        """Clear the hash (between games)."""
        self._send("ucinewgame")
        self._send("isready")
        self._wait("readyok")

    def analyse(self, fen: str, depth: int) -> Analysis:
        """Search ``fen`` to ``depth``; the last reported score and the best move."""
        assert self.proc.stdout is not None
        self._send(f"position fen {fen}")
        self._send(f"go depth {depth}")
        cp = 0
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("Stockfish exited")
            if line.startswith("bestmove"):
                return Analysis(cp, line.split()[1])
            if line.startswith("info") and " score " in line:
                words = line.split()
                i = words.index("score")
                if words[i + 1] == "cp":
                    cp = int(words[i + 2])
                elif words[i + 1] == "mate":
                    cp = MATE_CP if int(words[i + 2]) > 0 else -MATE_CP

    def close(self) -> None:
        """Quit the process."""
        try:
            self._send("quit")
            self.proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()


# File format -----------------------------------------------------------------------------------


def label_of(cp: np.ndarray | int) -> np.ndarray:
    """White's win probability for a White's-view score in centipawns."""
    return 1.0 / (1.0 + 10.0 ** (-np.asarray(cp, dtype=np.float64) / LABEL_SCALE))


def save(path: str | Path, fens: list[str], cps: list[int]) -> None:
    """Write the data set (see the module docstring for the arrays)."""
    cp = np.asarray(cps, dtype=np.int32)
    np.savez_compressed(
        path, fen=np.asarray(fens, dtype=str), cp=cp, label=label_of(cp).astype(np.float32), scale=LABEL_SCALE
    )


def load(path: str | Path) -> tuple[list[str], np.ndarray, np.ndarray]:
    """(fens, cp, label) from a file written by :func:`save`."""
    with np.load(path) as data:
        return [str(f) for f in data["fen"]], data["cp"].astype(np.int32), data["label"].astype(np.float64)


def read_openings(path: Path = OPENINGS) -> list[str]:
    """FENs of an EPD file (comments and blank lines skipped)."""
    fens = []
    for line in path.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            fens.append(chess.Board(" ".join(line.split()[:4])).fen())
    return fens


# Generation -------------------------------------------------------------------------------------


def generate(args: argparse.Namespace) -> None:
    """Play Stockfish games and collect labelled quiet positions until the target or the time limit."""
    from engine.eval_weights import WEIGHTS

    rng = random.Random(args.seed)
    openings = read_openings()
    rng.shuffle(openings)
    sf = Stockfish(args.stockfish)
    ours = OurPlayer(args.ours_nodes) if args.ours_nodes > 0 else None
    fens: list[str] = []
    cps: list[int] = []
    seen: set[str] = set()
    start = time.monotonic()
    deadline = start + args.minutes * 60
    searched = 0
    games = 0
    last_save = 0
    try:
        while len(fens) < args.positions and time.monotonic() < deadline:
            board = chess.Board(openings[games % len(openings)])
            our_colour = games % 2 == 0  # chess.WHITE in even games
            games += 1
            sf.new_game()
            if ours is not None:
                ours.new_game(seed=games)
            for _ in range(args.max_plies):
                if board.is_game_over(claim_draw=True):
                    break
                key = board.epd()
                keep = key not in seen and is_quiet(position_from_board(board), WEIGHTS)
                result = sf.analyse(board.fen(), args.depth if keep else 3)
                searched += 1
                if result.best == "(none)":
                    break
                white_cp = result.cp if board.turn == chess.WHITE else -result.cp
                if keep:
                    seen.add(key)
                    fens.append(board.fen())
                    cps.append(white_cp)
                if abs(result.cp) >= args.stop_cp:
                    break
                moves = list(board.legal_moves)
                if rng.random() < args.random:
                    move = rng.choice(moves)
                elif ours is not None and board.turn == our_colour:
                    move = ours.best_move(board)
                else:
                    move = chess.Move.from_uci(result.best)
                board.push(move)
            if len(fens) - last_save >= args.save_every:
                save(args.out, fens, cps)
                last_save = len(fens)
                elapsed = time.monotonic() - start
                print(
                    f"{len(fens)} positions ({searched} searched, {games} games) in {elapsed:.0f} s,"
                    f" {len(fens) / elapsed:.1f}/s",
                    flush=True,
                )
    finally:
        sf.close()
        save(args.out, fens, cps)
    elapsed = time.monotonic() - start
    print(
        f"done: {len(fens)} positions from {games} games ({searched} searches) in {elapsed:.0f} s -> {args.out}",
        flush=True,
    )


def board_from_codes(codes: np.ndarray, white_to_move: bool) -> chess.Board:
    """A python-chess board from tools/nnue_data.py's 64 piece codes (0 empty, 1..6 White
    P..K, 7..12 Black, a1 = index 0); no castling rights or en-passant square (the
    evaluation reads neither)."""
    board = chess.Board(None)
    for square in np.nonzero(codes)[0]:
        code = int(codes[square])
        board.set_piece_at(int(square), chess.Piece((code - 1) % 6 + 1, code <= 6))
    board.turn = white_to_move
    return board


def convert_nnue(args: argparse.Namespace) -> None:
    """Turn tools/nnue_data.py's parts (``--from-nnue DIR``: Stockfish-scored positions, score
    from the side to move's view) into this module's format, keeping the positions that are
    valid, new and quiet for our evaluation, as :func:`generate` does."""
    from engine.eval_weights import WEIGHTS

    fens: list[str] = []
    cps: list[int] = []
    seen: set[str] = set()
    total = 0
    start = time.monotonic()
    for part in sorted(Path(args.from_nnue).glob("*.npz")):
        data = np.load(part)
        for codes, stm, score in zip(data["board"], data["stm"], data["score"], strict=True):
            total += 1
            board = board_from_codes(codes, bool(stm))
            key = board.epd()
            if key in seen or not board.is_valid():
                continue
            seen.add(key)
            if not is_quiet(position_from_board(board), WEIGHTS):
                continue
            fens.append(board.fen())
            cps.append(int(score) if stm else -int(score))
        print(f"{part.name}: {len(fens)} of {total} kept, {time.monotonic() - start:.0f} s", flush=True)
        if len(fens) >= args.positions:
            break
    save(args.out, fens, cps)
    print(f"done: {len(fens)} positions -> {args.out}", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default="/tmp/texel.npz", help="output .npz file")
    parser.add_argument("--positions", type=int, default=200_000, help="stop after this many positions")
    parser.add_argument("--minutes", type=float, default=30.0, help="stop after this many minutes")
    parser.add_argument("--depth", type=int, default=7, help="Stockfish depth of the labels")
    parser.add_argument("--random", type=float, default=0.1, help="probability of a random move")
    parser.add_argument("--max-plies", type=int, default=200, help="plies per game at most")
    parser.add_argument("--stop-cp", type=int, default=1500, help="end a game beyond this score")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--save-every", type=int, default=5000, help="write the file every N positions")
    parser.add_argument("--stockfish", default=STOCKFISH, help="Stockfish binary")
    parser.add_argument(
        "--ours-nodes", type=int, default=0, help="our engine plays one side with N nodes a move (0: Stockfish both)"
    )
    parser.add_argument(
        "--from-nnue", metavar="DIR", help="convert tools/nnue_data.py's parts in DIR instead of playing games"
    )
    args = parser.parse_args(argv)
    if args.from_nnue:
        convert_nnue(args)
    else:
        generate(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
