"""Where a match's games were lost: every move of a PGN judged by full-strength Stockfish.

    .venv/bin/python benchmarks/loss_analysis.py /tmp/sf2500.pgn --workers 2
    .venv/bin/python benchmarks/loss_analysis.py /tmp/sf2500.pgn --recheck-player engine --recheck-time 2

Every position of every game is searched by Stockfish at full strength to a fixed node count
(default 100,000: depth 14-16, far above both players of a 10 s + 0.1 s match). A position's
value is the side to move's expected score on lichess's win-probability curve, so a move's
*cost* is what the mover's expected score lost by it (never below 0: the judge's own noise). The
report gives, per player: the mean cost per move and per game, the moves costing >= 0.3
(blunders), >= 0.15 (mistakes) and >= 0.07 (inaccuracies), the cost by stage of the game, and how
far the player's own reported score ([%eval], written by the match scripts) was from the judge's,
on the same curve (a positive bias: the player thought it stood better than it did).

``--cache FILE`` keeps the judged moves (JSON) for another report or a recheck without judging
again. ``--recheck-player NAME --recheck-time S`` searches each of that player's mistakes again with our
engine for S seconds (one thread, fresh tables): a mistake it then avoids (its new move costs
< 0.07 by the judge) was a matter of search depth; one it repeats is one the evaluation (or a
horizon beyond S seconds) chose.
"""

from __future__ import annotations

import argparse
import dataclasses
import io
import json
import math
import multiprocessing
import sys
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

import chess
import chess.engine
import chess.pgn

WIN_CURVE = 0.00368208
"""lichess's win-probability slope: expected score = 1 / (1 + exp(-WIN_CURVE * cp))."""
MATE_CP = 3000
"""Centipawns given to a mate score before it meets the curve."""
BLUNDER, MISTAKE, INACCURACY = 0.3, 0.15, 0.07
"""Cost thresholds (expected score lost by one move)."""
OPENING_MOVES = 20
"""Moves up to this full-move number count as the opening while most pieces are on."""
ENDGAME_MATERIAL = 20
"""Non-pawn material of both sides (N, B 3, R 5, Q 9) at or below which a position is an endgame."""
STAGES = ("opening", "middlegame", "endgame")

Analyser = Callable[[chess.Board], int]
"""Centipawns for the side to move, mates as +-MATE_CP (the judge)."""


def expected_score(cp: int) -> float:
    """The side to move's expected score at ``cp`` centipawns."""
    return 1.0 / (1.0 + math.exp(-WIN_CURVE * cp))


def stage(board: chess.Board) -> str:
    """``board``'s stage of the game (one of STAGES)."""
    material = sum(
        len(board.pieces(piece, color)) * value
        for piece, value in ((chess.KNIGHT, 3), (chess.BISHOP, 3), (chess.ROOK, 5), (chess.QUEEN, 9))
        for color in chess.COLORS
    )
    if material <= ENDGAME_MATERIAL:
        return "endgame"
    if board.fullmove_number <= OPENING_MOVES and material >= 46:
        return "opening"
    return "middlegame"


@dataclass(frozen=True, slots=True)
class JudgedMove:
    """One move with the judge's verdict."""

    game: int
    """The game's index in the file (from 1)."""
    player: str
    """The mover's name (the PGN's White or Black tag)."""
    fen: str
    """The position before the move."""
    move: str
    """The move played (UCI)."""
    stage: str
    """The stage of the game before the move (one of STAGES)."""
    before: float
    """The mover's expected score before the move, by the judge."""
    cost: float
    """Expected score the move lost by the judge (>= 0)."""
    own: float | None
    """The mover's expected score by its own reported score, if it reported one."""


def position_value(board: chess.Board, analyse: Analyser) -> float:
    """The side to move's expected score: the game's outcome once it is over, else the judge's."""
    outcome = board.outcome()
    if outcome is None:
        return expected_score(analyse(board))
    return 0.5 if outcome.winner is None else float(outcome.winner == board.turn)


def move_cost(before: float, after: float) -> float:
    """What a move lost: the mover's score ``before`` it against the opponent's ``after`` it
    (both for the side to move); never below 0, which is the judge's own noise."""
    return max(0.0, before - (1.0 - after))


def judge_game(index: int, game: chess.pgn.Game, analyse: Analyser) -> list[JudgedMove]:
    """Every move of ``game`` with its cost by ``analyse``."""
    board = game.board()
    nodes = list(game.mainline())
    values = [position_value(board, analyse)]
    for node in nodes:
        board.push(node.move)
        values.append(position_value(board, analyse))
    board = game.board()
    judged = []
    for i, node in enumerate(nodes):
        mover = board.turn
        player = game.headers.get("White" if mover == chess.WHITE else "Black", "?")
        reported = node.eval()
        own = None
        if reported is not None:
            own = expected_score(reported.pov(mover).score(mate_score=MATE_CP))
        judged.append(
            JudgedMove(
                game=index,
                player=player,
                fen=board.fen(),
                move=node.move.uci(),
                stage=stage(board),
                before=values[i],
                cost=move_cost(values[i], values[i + 1]),
                own=own,
            )
        )
        board.push(node.move)
    return judged


@dataclass
class PlayerSummary:
    """One player's moves, summed."""

    moves: int = 0
    cost: float = 0.0
    games: set[int] = field(default_factory=set)
    counts: dict[float, int] = field(default_factory=lambda: defaultdict(int))
    stage_moves: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    stage_cost: dict[str, float] = field(default_factory=lambda: defaultdict(float))
    stage_mistakes: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    own_diffs: list[float] = field(default_factory=list)


def summarise(moves: Iterable[JudgedMove]) -> dict[str, PlayerSummary]:
    """Per-player totals of ``moves``."""
    players: dict[str, PlayerSummary] = defaultdict(PlayerSummary)
    for move in moves:
        summary = players[move.player]
        summary.moves += 1
        summary.cost += move.cost
        summary.games.add(move.game)
        for threshold in (BLUNDER, MISTAKE, INACCURACY):
            if move.cost >= threshold:
                summary.counts[threshold] += 1
        summary.stage_moves[move.stage] += 1
        summary.stage_cost[move.stage] += move.cost
        if move.cost >= MISTAKE:
            summary.stage_mistakes[move.stage] += 1
        if move.own is not None:
            summary.own_diffs.append(move.own - move.before)
    return players


def report(players: dict[str, PlayerSummary]) -> str:
    """Markdown tables of ``players``' summaries."""
    lines = [
        "| Player | Moves | Mean cost a move | Cost a game | Blunders (>= 0.3) | Mistakes (>= 0.15) |"
        " Inaccuracies (>= 0.07) | Own score's bias | Own score's mean error |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for name, s in sorted(players.items()):
        diffs = s.own_diffs
        bias = f"{sum(diffs) / len(diffs):+.3f}" if diffs else "-"
        error = f"{sum(abs(d) for d in diffs) / len(diffs):.3f}" if diffs else "-"
        lines.append(
            f"| {name} | {s.moves} | {s.cost / max(1, s.moves):.4f} | {s.cost / max(1, len(s.games)):.2f} |"
            f" {s.counts[BLUNDER]} | {s.counts[MISTAKE]} | {s.counts[INACCURACY]} | {bias} | {error} |"
        )
    lines += ["", "| Player | " + " | ".join(f"{st}: moves, cost, mistakes" for st in STAGES) + " |"]
    lines.append("|---|" + "---|" * len(STAGES))
    for name, s in sorted(players.items()):
        cells = [f"{s.stage_moves[st]}, {s.stage_cost[st]:.1f}, {s.stage_mistakes[st]}" for st in STAGES]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


# --- The judge, in worker processes ---------------------------------------------------------

_judge: chess.engine.SimpleEngine | None = None
_nodes = 0


def _start_judge(stockfish: str, nodes: int) -> None:
    global _judge, _nodes
    _judge = chess.engine.SimpleEngine.popen_uci(stockfish)
    _judge.configure({"Threads": 1, "Hash": 64})
    _nodes = nodes


def _analyse(board: chess.Board) -> int:
    assert _judge is not None
    info = _judge.analyse(board, chess.engine.Limit(nodes=_nodes))
    score = info["score"].pov(board.turn)
    return int(score.score(mate_score=MATE_CP))


def _judge_text(job: tuple[int, str]) -> list[JudgedMove]:
    index, text = job
    game = chess.pgn.read_game(io.StringIO(text))
    return [] if game is None else judge_game(index, game, _analyse)


def read_games(handle: TextIO) -> list[str]:
    """Each game of a PGN stream as its own text."""
    texts = []
    while (game := chess.pgn.read_game(handle)) is not None:
        texts.append(str(game))
    return texts


def judge_file(texts: Sequence[str], stockfish: str, nodes: int, workers: int) -> list[JudgedMove]:
    """Every move of every game, judged by ``workers`` Stockfish processes."""
    with multiprocessing.Pool(workers, initializer=_start_judge, initargs=(stockfish, nodes)) as pool:
        results = []
        for done, moves in enumerate(pool.imap(_judge_text, enumerate(texts, start=1)), start=1):
            results.extend(moves)
            print(f"judged {done}/{len(texts)} games", file=sys.stderr, flush=True)
    return results


def recheck(mistakes: Sequence[JudgedMove], tree: Path, seconds: float, stockfish: str, nodes: int) -> str:
    """Our engine's second look at ``mistakes`` with ``seconds`` each, judged again."""
    ours = chess.engine.SimpleEngine.popen_uci([sys.executable, "-m", "engine"], cwd=tree, timeout=120)
    _start_judge(stockfish, nodes)
    avoided = 0
    lines = []
    try:
        for move in mistakes:
            board = chess.Board(move.fen)
            # A new game object makes python-chess send ucinewgame: fresh tables for each position.
            played = ours.play(board, chess.engine.Limit(time=seconds), game=object()).move
            assert played is not None
            board.push(played)
            cost = move_cost(move.before, position_value(board, _analyse))
            avoided += cost < INACCURACY
            lines.append(
                f"| {move.game} | {move.stage} | {move.move} | {move.cost:.2f} | {played.uci()} | {cost:.2f} |"
            )
    finally:
        ours.quit()
        if _judge is not None:
            _judge.quit()
    head = [
        f"{avoided} of {len(mistakes)} mistakes avoided with {seconds:g} s",
        "",
        "| Game | Stage | Played | Cost | Second look | Its cost |",
        "|---|---|---|---|---|---|",
    ]
    return "\n".join(head + lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("pgn", type=Path)
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    parser.add_argument("--nodes", type=int, default=100_000, help="the judge's nodes per position")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--recheck-player", help="search this player's mistakes again with our engine")
    parser.add_argument("--recheck-time", type=float, default=2.0)
    parser.add_argument("--tree", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--cache", type=Path, help="judged moves: read from this JSON file if it exists, else written")
    args = parser.parse_args(argv)
    try:
        with args.pgn.open(encoding="utf-8", errors="replace") as handle:
            texts = read_games(handle)
    except OSError as error:
        print(f"cannot read {args.pgn}: {error.strerror}", file=sys.stderr)
        return 2
    if not texts:
        print(f"{args.pgn} holds no game", file=sys.stderr)
        return 2
    if args.cache is not None and args.cache.exists():
        moves = [JudgedMove(**fields) for fields in json.loads(args.cache.read_text())]
    else:
        moves = judge_file(texts, args.stockfish, args.nodes, args.workers)
        if args.cache is not None:
            args.cache.write_text(json.dumps([dataclasses.asdict(move) for move in moves]))
    print(f"{len(texts)} games, {len(moves)} moves, judge: Stockfish at {args.nodes} nodes\n")
    print(report(summarise(moves)))
    if args.recheck_player:
        mistakes = [m for m in moves if m.player == args.recheck_player and m.cost >= MISTAKE]
        print()
        print(recheck(mistakes, args.tree, args.recheck_time, args.stockfish, args.nodes))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
