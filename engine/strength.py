"""Playing levels: 800 to 2400 Elo in steps of 100, weakened the way people are weak.

Levers (all deterministic for one game seed, see engine.strength_hook):

* less search: an iteration (depth) cap and a node budget per move that grow with the level;
* less judgement: an evaluation error that is a fixed function of the position and the game
  seed (consistent misjudgement, not coin flips), and damped positional knowledge at the
  lowest levels;
* at the lowest levels, sometimes no look at the reply at all: each legal move is judged by
  the position it leaves (static evaluation, same noise);
* a choice among the near-best root moves (MultiPV) with a temperature that falls as the
  level rises and is zero from 2000 on. The window never reaches a minor piece, so free
  material is taken at every level, and a found mate is always played.

In a mating ending (a queen or rook against a bare king, a queen against a lone minor piece)
the first three levers mostly give way (:data:`MATING_DEPTH`): the technique is known from club
level on, and the levels' errors belong to the rest of the game.

A weakened engine also thinks for a plausible time (``Searcher.human_pace``): a short pause
when the move is obvious, a longer one otherwise, never more than half of what the clock
allows for the move, and never when the caller asked for depth or nodes only.

The level's numbers live in :data:`ANCHORS` (interpolated between anchors); the
calibration (benchmarks/levels_calibrate.py, docs/levels.md) measures what they give.
"""

from __future__ import annotations

import math
import random
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import numpy as np

from engine.api import SearchInfo, SearchLimit, SearchResult
from engine.endgames import is_mating_ending
from engine.fen import Position, position_from_game
from engine.makemove import make_move, unmake_move
from engine.nnue import position_eval
from engine.position import ST_HPLY, ST_SIDE, WHITE, move_to_uci
from engine.searchstate import CTL_FEATURES, FEATURE_FULL_EVAL, LEVEL_FEATURES, MAX_MULTIPV
from engine.strength_hook import CTL_KNOWLEDGE, CTL_NOISE_CP, CTL_NOISE_SEED, CTL_WEAKEN, MAX_NOISE_CP, MAX_SEED, weaken
from engine.timeman import plan_time
from engine.tt import MATE_BOUND

if TYPE_CHECKING:
    from engine.searcher import Searcher

MIN_ELO = 800
MAX_ELO = 2400
ELO_STEP = 100
LEVELS: tuple[int, ...] = tuple(range(MIN_ELO, MAX_ELO + 1, ELO_STEP))
"""Every level offered, in Elo."""
PRESETS: tuple[tuple[str, int], ...] = (
    ("Beginner", 800),
    ("Casual", 1200),
    ("Club", 1600),
    ("Expert", 2000),
    ("Master", 2400),
)
"""Named levels shown next to the strength control."""

FULL_SEARCH_FROM = 2300
"""Levels from here search like full strength (the network and every search feature), held back
by a node budget alone: full strength at 10+0.1 measures about 2480 on Stockfish's scale, so 2300
and 2400 are full strength on fewer nodes (docs/levels.md, fifty-sixth session). Below it the
levels keep the search of their calibration (searchstate.LEVEL_FEATURES)."""
FULL_EVAL_FROM = 2200
"""Levels from here evaluate with the full-strength weights (engine.searchstate.FEATURE_FULL_EVAL)
while 2200 keeps the levels' search: at 10+0.1 both 2100 and 2200 were time-bound searches of
about the same depth (run O: 2200 measured 2066, below 2100's 2137), so 2200 gets the better
evaluation to stand between 2100 and the full search of 2300 (docs/levels.md, run P)."""
LEVEL_THREADS = 1
"""Search threads (Lazy SMP) of every level, whatever the Threads setting says. Two threads for
2300 and 2400, given when full strength measured about 2150, made them play at 2491 and 2558 once
the network came (docs/levels.md, fifty-sixth session); with one thread and a node budget a
level's strength does not depend on the machine's cores."""
MATING_DEPTH = 12
MATING_NODES = 100_000
"""In a mating ending (engine.endgames.is_mating_ending: a queen or rook against a bare king, a
queen against a minor) every level searches at least this deep and this many nodes, never
judges by the position a move leaves, and its evaluation error shrinks (engine.strength_hook):
mating with a queen or rook is technique a club player knows, and with their own caps the
levels up to 2000 drew such endings by the fifty-move rule (docs/levels.md). The pieces are
few, so the budget costs a fraction of a second."""
OBVIOUS_MARGIN_CP = 150
"""A move this much better than every other candidate is 'obvious': it gets a short pause."""


@dataclass(frozen=True, slots=True)
class LevelParams:
    """How one level plays."""

    elo: int
    """The level's nominal Elo."""
    depth: int
    """Most iterations of the search."""
    nodes: int
    """Node budget per move (the search stops there even with clock time left)."""
    noise_cp: int
    """Largest evaluation error, centipawns (triangular, fixed per position and game)."""
    knowledge_pct: int
    """Share of the positional evaluation kept (100 = all; material is always kept)."""
    shallow_pct: int
    """Chance, percent, of judging the root moves by the position they leave (no reply looked at)."""
    lines: int
    """Root candidates searched (MultiPV) for the final choice."""
    temperature_cp: int
    """Softmax temperature of the choice among candidates, centipawns (0 = always the best)."""
    window_cp: int
    """Only candidates within this of the best are chosen from (below a minor piece)."""


ANCHORS: tuple[tuple[int, int, int, int, int, int, int, int, int], ...] = (
    # elo, depth, nodes, noise, knowledge %, shallow %, lines, temperature, window
    (800, 3, 1_100, 116, 57, 5, 4, 51, 145),
    (900, 3, 1_500, 108, 64, 1, 4, 46, 138),
    (1000, 3, 2_000, 100, 70, 0, 4, 40, 130),
    (1100, 3, 2_828, 92, 75, 3, 4, 35, 120),
    (1200, 3, 2_828, 92, 75, 0, 4, 35, 120),
    (1300, 3, 4_000, 85, 80, 0, 4, 30, 110),
    (1400, 3, 6_000, 80, 88, 0, 4, 30, 100),
    (1600, 4, 18_000, 55, 100, 0, 3, 18, 70),
    (1700, 5, 24_000, 50, 100, 0, 3, 15, 58),
    (1800, 5, 32_863, 45, 100, 0, 2, 12, 48),
    (1900, 6, 60_000, 35, 100, 0, 2, 5, 25),
    (2000, 8, 122_474, 22, 100, 0, 2, 2, 12),
    (2100, 9, 250_000, 10, 100, 0, 1, 0, 0),
    (2200, 12, 418_330, 4, 100, 0, 1, 0, 0),
    (2300, 64, 150_000, 0, 100, 0, 1, 0, 0),
    (2400, 64, 300_000, 0, 100, 0, 1, 0, 0),
)
"""The level table's anchor rows; levels between two rows interpolate (nodes geometrically)."""


def clamp_elo(elo: int) -> int:
    """The nearest offered level (800..2400, steps of 100)."""
    elo = min(max(int(elo), MIN_ELO), MAX_ELO)
    return MIN_ELO + round((elo - MIN_ELO) / ELO_STEP) * ELO_STEP


def level_params(elo: int) -> LevelParams:
    """The parameters of the level nearest ``elo``."""
    elo = clamp_elo(elo)
    for low, high in zip(ANCHORS, ANCHORS[1:], strict=False):
        if low[0] <= elo <= high[0]:
            break
    t = (elo - low[0]) / (high[0] - low[0])

    def mix(i: int) -> int:
        return round(low[i] + (high[i] - low[i]) * t)

    nodes = round(math.exp(math.log(low[2]) + (math.log(high[2]) - math.log(low[2])) * t))
    return LevelParams(
        elo=elo,
        depth=mix(1),
        nodes=nodes,
        noise_cp=min(mix(3), MAX_NOISE_CP),
        knowledge_pct=min(max(mix(4), 0), 100),
        shallow_pct=mix(5),
        lines=min(max(mix(6), 1), MAX_MULTIPV),
        temperature_cp=mix(7),
        window_cp=mix(8),
    )


def level_features(elo: int) -> int:
    """The search features of level ``elo`` below FULL_SEARCH_FROM (a mask over CTL_FEATURES)."""
    return LEVEL_FEATURES | FEATURE_FULL_EVAL if elo >= FULL_EVAL_FROM else LEVEL_FEATURES


def new_game_seed() -> int:
    """A fresh per-game seed for the evaluation noise and the root choice."""
    return secrets.randbits(62)


def configure_ctl(ctl: np.ndarray, params: LevelParams | None, seed: int) -> None:
    """Write the level's evaluation-hook slots into a search's ctl array (clamped), and narrow
    its search features to the calibrated ones (after the caller wrote CTL_FEATURES)."""
    if params is None:
        ctl[CTL_WEAKEN] = 0
        ctl[CTL_NOISE_CP] = 0
        ctl[CTL_KNOWLEDGE] = 100
        ctl[CTL_NOISE_SEED] = 0
        return
    ctl[CTL_WEAKEN] = 1
    if params.elo < FULL_SEARCH_FROM:  # the search the level was calibrated with
        ctl[CTL_FEATURES] &= level_features(params.elo)
    ctl[CTL_NOISE_CP] = min(max(params.noise_cp, 0), MAX_NOISE_CP)
    ctl[CTL_KNOWLEDGE] = min(max(params.knowledge_pct, 0), 100)
    ctl[CTL_NOISE_SEED] = int(seed) & MAX_SEED


def _rng(seed: int, key: int, salt: int) -> random.Random:
    """A generator fixed by the game seed, the position and the purpose (salt)."""
    return random.Random((int(seed) & MAX_SEED) ^ int(key) ^ (salt << 1))


def pick_candidate(scores: Sequence[int], params: LevelParams, rng: random.Random) -> int:
    """Index of the chosen root candidate among ``scores`` (best first, side to move's view).

    A mate found for the side to move is always played; otherwise a softmax with the level's
    temperature over the candidates within its window of the best.
    """
    best = scores[0]
    if abs(best) >= MATE_BOUND or params.temperature_cp <= 0 or len(scores) == 1:
        return 0  # a mate found is played; when getting mated anyway, the longest defence
    pool = [i for i, s in enumerate(scores) if s >= best - params.window_cp and s > -MATE_BOUND]
    weights = [math.exp((scores[i] - best) / params.temperature_cp) for i in pool]
    return rng.choices(pool, weights=weights)[0]


def shallow_scores(pos: Position, ctl: np.ndarray) -> list[tuple[int, int]]:
    """(score, move) for every legal move judged by the position it leaves, best first.

    No reply is looked at: the score is the level's (noisy, damped) static evaluation of the
    position after the move, from the mover's view (the evaluation the level's features name:
    engine.nnue.position_eval).
    """
    features = int(ctl[CTL_FEATURES])
    scored: list[tuple[int, int]] = []
    for move in pos.legal_moves():
        make_move(pos.board, pos.st, pos.hashes, pos.undo, move)
        key = pos.hashes[pos.st[ST_HPLY]]
        value = -int(weaken(pos.st, ctl, key, position_eval(pos.board, pos.st, features)))
        unmake_move(pos.board, pos.st, pos.undo)
        scored.append((value, move))
    scored.sort(key=lambda item: -item[0])
    return scored


def mating_params(params: LevelParams) -> LevelParams:
    """The level's parameters in a mating ending (MATING_DEPTH)."""
    return replace(params, depth=max(params.depth, MATING_DEPTH), nodes=max(params.nodes, MATING_NODES), shallow_pct=0)


def _level_limit(limit: SearchLimit, params: LevelParams) -> SearchLimit:
    """The caller's limit, tightened to the level's depth and node budget and widened to its lines."""
    depth = params.depth if limit.depth is None else min(limit.depth, params.depth)
    nodes = params.nodes if limit.nodes is None else min(limit.nodes, params.nodes)
    return replace(limit, depth=depth, nodes=nodes, multipv=max(limit.multipv, params.lines))


def pace_ms(limit: SearchLimit, white: bool, move_overhead_ms: int, obvious: bool, rng: random.Random) -> float:
    """How long a person of this level would take, capped at half of what the clock allows."""
    budget = plan_time(limit, white, move_overhead_ms)
    if budget.hard_ms is None:
        return 0.0  # depth / nodes / infinite: the caller measures, no pause
    wanted = (350.0 + 450.0 * rng.random()) if obvious else (900.0 + 1600.0 * rng.random())
    return min(wanted, 0.5 * (budget.soft_ms or budget.hard_ms))


def play_at_level(
    searcher: Searcher,
    fen: str,
    moves: Sequence[str],
    limit: SearchLimit,
    on_info: Callable[[SearchInfo], None] | None,
) -> SearchResult:
    """Search at ``searcher.strength`` and choose the move as that level would (see module doc)."""
    params = searcher.strength
    assert params is not None
    started = time.monotonic()
    searcher._stop[0] = 0  # as _search does: a stop sent before this search does not end it
    searcher._searching = True
    if limit.infinite:  # analysis at a level: the misjudgements, but no caps and no choice
        return searcher._search(fen, moves, limit, on_info)
    pos = position_from_game(fen, moves)
    legal = pos.legal_moves()
    if not legal:
        return SearchResult(None, None, None)
    if is_mating_ending(pos.st):
        params = mating_params(params)
    key = int(pos.hashes[pos.st[ST_HPLY]])
    white = int(pos.st[ST_SIDE]) == WHITE
    seed = searcher.game_seed
    rng = _rng(seed, key, 1)
    if params.shallow_pct > 0 and _rng(seed, key, 2).random() * 100 < params.shallow_pct:
        ctl = np.zeros_like(searcher._ctl)
        configure_ctl(ctl, params, seed)
        scored = shallow_scores(pos, ctl)
        values = [s for s, _ in scored[: params.lines]]
        chosen = pick_candidate(values, params, rng)
        move = move_to_uci(scored[chosen][1])
        info = SearchInfo(1, 1, values[chosen], None, len(legal), 0, 0, 0, (move,))
        result = SearchResult(move, None, info, (info,))
        obvious = len(values) == 1 or values[0] - values[1] >= OBVIOUS_MARGIN_CP
        if on_info is not None:  # GUIs and the engine panel expect a report for every move
            on_info(info)
    else:
        wanted_lines = max(limit.multipv, 1)

        def forward(info: SearchInfo) -> None:
            if on_info is not None and info.multipv <= wanted_lines:
                on_info(info)

        full = searcher._search(fen, moves, _level_limit(limit, params), forward)
        lines = full.lines
        if not lines:
            return full
        values = [_internal(line) for line in lines]
        chosen = pick_candidate(values, params, rng)
        line = replace(lines[chosen], multipv=1)
        result = SearchResult(line.pv[0], line.pv[1] if len(line.pv) > 1 else None, line, full.lines)
        obvious = len(values) == 1 or values[0] - values[1] >= OBVIOUS_MARGIN_CP or len(legal) == 1
        if chosen != 0 and on_info is not None:
            on_info(line)
    if searcher.human_pace:
        _pause(searcher, pace_ms(limit, white, searcher.move_overhead_ms, obvious, rng), started)
    return result


def _internal(info: SearchInfo) -> int:
    """A reported line's score back on the internal scale (mates beyond MATE_BOUND)."""
    if info.mate_in is not None:
        return MATE_BOUND + 1000 - abs(info.mate_in) if info.mate_in > 0 else -MATE_BOUND - 1000 + abs(info.mate_in)
    return int(info.score_cp or 0)


def _pause(searcher: Searcher, total_ms: float, started: float) -> None:
    """Wait until ``total_ms`` after ``started``, returning at once when the search is stopped."""
    deadline = started + total_ms / 1000.0
    while searcher._stop[0] == 0:
        left = deadline - time.monotonic()
        if left <= 0:
            return
        time.sleep(min(left, 0.01))
