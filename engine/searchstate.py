"""Layout of the arrays that control a search and collect its counters, and the stop poll.

stats  int64[STATS_SIZE]  counters and root outputs (STAT_*), zeroed per search
ctl    int64[CTL_SIZE]    inputs: node limit, TT generation, feature bits, excluded root
                          moves, playing-strength slots (CTL_*)
stop   int8[1]            set to 1 by another thread to abort
"""

from __future__ import annotations

import numpy as np
from numba import njit

STAT_NODES = 0
STAT_QNODES = 1
STAT_TT_HITS = 2
STAT_CUTOFFS = 3
STAT_FIRST_CUTOFFS = 4
STAT_RESEARCHES = 5
STAT_SELDEPTH = 6
STAT_ABORTED = 7
STAT_ROOT_BEST = 8
STAT_ROOT_SCORE = 9
STAT_NULL_CUTOFFS = 10
"""Null-move searches that failed high (the node returned without searching a move)."""
STAT_LMR_RESEARCHES = 11
"""Reduced (LMR) searches that beat alpha and were searched again at full depth."""
STAT_ASPIRATION_RESEARCHES = 12
"""Root searches repeated because the score fell outside the aspiration window (driver)."""
STAT_ROOT_COUNT = 13
"""Root moves searched by the last root call (slots used in the STAT_ROOT_* arrays below)."""
STAT_SINGULAR = 14
"""TT moves found singular (extended a ply) by FEATURE_SINGULAR's verification search."""
STAT_MULTI_CUTS = 15
"""Nodes cut because their verification search beat beta even without the TT move."""
STAT_PROBCUTS = 16
"""Nodes cut by ProbCut (FEATURE_PROBCUT): a good capture beat the raised beta in a reduced search."""

MAX_ROOT_MOVES = 256
"""Slots per root-move array; a position has at most 218 legal moves."""
STAT_ROOT_MOVES = 17
"""stats[STAT_ROOT_MOVES + k]: the k-th root move searched by the last root call."""
STAT_ROOT_NODES = STAT_ROOT_MOVES + MAX_ROOT_MOVES
"""Nodes spent under that root move (the driver zeroes them before each root call)."""
STAT_ROOT_SCORES = STAT_ROOT_NODES + MAX_ROOT_MOVES
"""Its score (root side's view); a bound unless STAT_ROOT_BOUNDS says exact."""
STAT_ROOT_BOUNDS = STAT_ROOT_SCORES + MAX_ROOT_MOVES
"""ROOT_SCORE_EXACT, ROOT_SCORE_UPPER (failed low: at most) or ROOT_SCORE_LOWER (at least)."""
STATS_SIZE = STAT_ROOT_BOUNDS + MAX_ROOT_MOVES

ROOT_SCORE_EXACT = 0
ROOT_SCORE_UPPER = 1
ROOT_SCORE_LOWER = 2

CTL_NODE_LIMIT = 0  # 0 = none
CTL_GENERATION = 1
CTL_FEATURES = 2  # FEATURE_* bits: lets matches measure each pruning idea on/off
CTL_EXCLUDED_COUNT = 3
"""How many root moves the root skips (MultiPV: the moves of the lines already found)."""
CTL_EXCLUDED = 4
"""First of the excluded root moves, ctl[CTL_EXCLUDED : CTL_EXCLUDED + count]."""

MAX_MULTIPV = 10
"""Most principal variations one search reports; callers clamp to this before searching."""
MAX_EXCLUDED = MAX_MULTIPV - 1
"""Slots for excluded root moves: line k skips the k - 1 better lines' moves."""

CTL_STRENGTH = CTL_EXCLUDED + MAX_EXCLUDED
"""First of the playing-strength slots (engine.strength_hook: CTL_WEAKEN, noise, seed, knowledge)."""
CTL_STRENGTH_SLOTS = 4

CTL_LAB_OFF = CTL_STRENGTH + CTL_STRENGTH_SLOTS
"""LAB_NO_* bits: core techniques switched off for the search lab (0 = normal search).

Kept apart from the FEATURE_* word (whose bits mean "on") so a feature mask keeps meaning
the same techniques."""

CTL_SIZE = CTL_LAB_OFF + 1

LAB_NO_ALPHA_BETA = 1
"""Plain minimax in the main search: every node gets the full window, so nothing is cut
off (null move, futility, LMP, LMR and TT cut-offs need a zero window and fall away
too). Quiescence at the horizon stays a capture search. Only usable at small depth."""
LAB_NO_TT = 2
"""No transposition table probes or stores (main search and quiescence)."""
LAB_NO_ORDERING = 4
"""No killer moves and no history: quiet moves in generation order (TT move and
MVV-LVA captures still go first)."""
LAB_NO_QUIESCENCE = 8
"""The horizon returns the static evaluation instead of a capture search."""
ALL_LAB_OFF = LAB_NO_ALPHA_BETA | LAB_NO_TT | LAB_NO_ORDERING | LAB_NO_QUIESCENCE

FEATURE_NULL_MOVE = 1
FEATURE_LMR = 2
FEATURE_FUTILITY = 4
FEATURE_REVERSE_FUTILITY = 8
FEATURE_CHECK_EXTENSION = 16
FEATURE_DELTA_PRUNING = 32
FEATURE_BAD_CAPTURE_PRUNING = 64
FEATURE_QS_TT = 128
FEATURE_LMP = 256
FEATURE_IIR = 512
FEATURE_SEE_ORDERING = 1024
"""Captures that lose material by static exchange (engine.see) are tried after the quiet moves."""
FEATURE_SEE_QS = 2048
"""Quiescence skips captures that lose material by static exchange (supersedes
FEATURE_BAD_CAPTURE_PRUNING's rough rule when both are on)."""
FEATURE_SEE_PRUNING = 4096
"""Near the horizon the move loop skips moves whose static exchange loses more than a
depth-scaled margin (params.SEE_*_MARGIN)."""
FEATURE_SEE_CHECK_EXTENSION = 8192
"""With FEATURE_CHECK_EXTENSION: extend only checking moves that do not lose material by
static exchange (decided at the parent) instead of every node in check."""
FEATURE_COUNTER_MOVE = 16384
"""Order the quiet move that last refuted the opponent's previous move right after the killers."""
FEATURE_CONT_HISTORY = 32768
"""Continuation history (1 and 2 plies back) added to the quiet moves' history score, all
histories updated by the bounded gravity formula (engine.history)."""
FEATURE_HISTORY_LMR = 65536
"""With FEATURE_CONT_HISTORY: late-move reductions shrink for quiet moves with a good history
score and grow for a bad one (params.LMR_HISTORY_DIVISOR)."""
FEATURE_IMPROVING = 131072
"""'Improving' (static eval above our previous move's): reverse futility margin a ply smaller
when improving; when not, the tighter late-move limit and one more ply of reduction."""
FEATURE_RAZORING = 262144
"""Near the horizon (params.RAZOR_MARGIN), a non-PV node whose static eval is far below alpha
returns its quiescence score when that fails low too, without a move loop."""
FEATURE_SINGULAR = 524288
"""Singular extensions: a TT move whose node no other move comes close to (a reduced search
without it fails low by params.SINGULAR_MARGIN a ply) is searched a ply deeper; when that
search beats beta anyway, the node is cut (multi-cut)."""
FEATURE_PROBCUT = 1048576
"""ProbCut: a non-PV node at least params.PROBCUT_MIN_DEPTH deep is cut when one of its captures
that wins enough by static exchange beats beta + params.PROBCUT_MARGIN in a quiescence search and
then in a search params.PROBCUT_REDUCTION plies shallower (engine.probcut)."""
FEATURE_NNUE = 2097152
"""The static evaluation is the network of engine.nnue (trained on Stockfish-scored positions,
tools/nnue_train.py) instead of the hand-written one of engine.evaluate."""
FEATURE_TT_EVAL = 4194304
"""The pruning decisions (razoring, reverse futility, null move, ProbCut, futility) read the
static eval corrected by the TT's score when its bound says the true value lies beyond it."""
FEATURE_NULL_EVAL_R = 8388608
"""The null move's reduction grows with how far the (TT-adjusted) static eval lies above beta:
params.NULL_MOVE_EVAL_STEP centipawns per extra ply, at most params.NULL_MOVE_EVAL_MAX_R
(Ethereal, Stockfish)."""
FEATURE_FULL_EVAL = 16777216
"""The static evaluation reads engine.eval_weights.WEIGHTS (mobility over safe squares, connected
pawns, weights re-tuned with them); without it engine.level_weights.LEVEL_WEIGHTS, the evaluation
the playing levels were calibrated with."""
FEATURE_ENDGAME_SCALE = 33554432
"""The network's value is scaled in known endings (engine.scaling's scale: known draws, pawnless
endings at most a minor up, opposite-coloured bishops) and damped by the fifty-move counter
(engine.endgames.scaled_net_value). Pending: +8.7 [-23.8, +41.3] over 200 games of self-play,
and the games it is for are the ones against a stronger opponent (docs/strength.md)."""
FEATURE_DRAW_CONTEMPT = 67108864
"""A draw inside the search is worth params.DRAW_CONTEMPT centipawns to the side to move at the
root (and as much less to its opponent): against a stronger opponent our own score is optimistic
(docs/strength.md, "Where the games are lost"), so a level-looking repetition is worth taking.
Pending: against Stockfish 2500 it gained +5 +- 51 Elo over 150 paired games (docs/strength.md)."""
FEATURE_CORRECTION = 134217728
"""The static evaluation is corrected by the correction history (engine.correction): what this
game's searches found the evaluation wrong by, in positions with the same pawns (and with
FEATURE_NONPAWN_CORRECTION the same pieces). Switched on 2026-12-03 with the pawn table: +49.0
[+17.4, +81.3] in self-play at 5+0.05, and against Stockfish 2500 at 10+0.1 2437 [2405, 2468]
over 200 games where the engine without it had 2392 [2359, 2424] on the same openings (paired
+45 +- 46 Elo) (docs/strength.md)."""
FEATURE_NONPAWN_CORRECTION = 268435456
"""With FEATURE_CORRECTION: two more correction tables, keyed by each colour's non-pawn pieces
(engine.correction); the correction is the pawn entry plus the mean of the two. +54.3 [+20.5,
+89.2] in self-play against the pawn table alone; against Stockfish 2500 at 10+0.1, paired with it
opening by opening, -30 +- 43 Elo on seeds 75-78 (pending from 2026-12-03) and +35 +- 48 on seeds
85-88 with the faster search (400 games together: about 0 +- 32). Switched on 2026-12-05: the
self-play gain stands and the yardstick shows no loss (docs/strength.md)."""
FEATURE_LAZY_ORDERING = 536870912
"""The move loop's bookkeeping made cheaper (engine.ordering.put_first, engine.pruning.drop_skipped):
the TT move is searched before the other moves are scored, so a cut-off by it spares their scoring
(they are scored with the history its search left); after the first quiet move skipped by futility
or late-move pruning, the later quiet moves that would be skipped too leave the list at once instead
of each being picked by a scan of the rest and then skipped (nor are they penalised at a cut-off,
as Stockfish penalises only the quiet moves it searched). About 8% less time to the bench's depth;
+10.4 [-19.6, +40.6] in self-play at 5+0.05, and 50.2% against Stockfish 2500 at 10+0.1 over 500
games (2501 [2481, 2521]), where the engine before it had 48.64% over 550 (docs/strength.md)."""
FEATURE_TT_PV = 2147483648
"""Nodes that are or were on a principal variation (a flag in their TT entry, Stockfish's ttPv)
reduce late quiet moves one ply less, as PV nodes do. Pending: +6.9 [-22.4, +36.4] in self-play at
5+0.05, and against Stockfish 2700 at 10+0.1 37.5% over 100 games where the engine without it scored
39.5% on the same openings (docs/strength.md, "Three more search ideas")."""
ALL_FEATURES = (
    FEATURE_NULL_MOVE
    | FEATURE_LMR
    | FEATURE_FUTILITY
    | FEATURE_REVERSE_FUTILITY
    | FEATURE_CHECK_EXTENSION
    | FEATURE_DELTA_PRUNING
    | FEATURE_BAD_CAPTURE_PRUNING
    | FEATURE_QS_TT
    | FEATURE_LMP
    | FEATURE_IIR
    | FEATURE_SEE_ORDERING
    | FEATURE_SEE_QS
    | FEATURE_SEE_PRUNING
    | FEATURE_SEE_CHECK_EXTENSION
    | FEATURE_COUNTER_MOVE
    | FEATURE_CONT_HISTORY
    | FEATURE_HISTORY_LMR
    | FEATURE_IMPROVING
    | FEATURE_SINGULAR
    | FEATURE_TT_EVAL
    | FEATURE_NULL_EVAL_R
    | FEATURE_FULL_EVAL
    | FEATURE_NNUE
    | FEATURE_CORRECTION
    | FEATURE_NONPAWN_CORRECTION
    | FEATURE_LAZY_ORDERING
)
"""Every FEATURE_* bit in use: the engine as it plays (a new flag must be added here or to
PENDING_FEATURES; tests/engine_core/test_params.py checks that none is missing)."""
PENDING_FEATURES = FEATURE_RAZORING | FEATURE_PROBCUT | FEATURE_ENDGAME_SCALE | FEATURE_DRAW_CONTEMPT | FEATURE_TT_PV
"""Implemented and tested, but off until a match shows they gain (docs/strength.md): measure
with ``benchmarks/sprt.py --ab-features`` (ALL_FEATURES | bits, ALL_FEATURES)."""

LEVEL_FEATURES = ALL_FEATURES & ~(
    FEATURE_COUNTER_MOVE
    | FEATURE_CONT_HISTORY
    | FEATURE_HISTORY_LMR
    | FEATURE_IMPROVING
    | FEATURE_SINGULAR
    | FEATURE_PROBCUT
    | FEATURE_NNUE
    | FEATURE_TT_EVAL
    | FEATURE_NULL_EVAL_R
    | FEATURE_FULL_EVAL
    | FEATURE_CORRECTION
    | FEATURE_NONPAWN_CORRECTION
    | FEATURE_LAZY_ORDERING
)
"""The search the playing levels use: the one they were calibrated with (docs/levels.md,
2026-11-23), without the history group and singular extensions, both switched on later (and
without ProbCut, pending, listed so that switching it on later leaves the levels alone), and
with the evaluation of that calibration (no FEATURE_FULL_EVAL). A search or evaluation change
reaches the levels only with a new calibration, so a stronger full-strength engine does not
shift every level."""

POLL_MASK = 1023
"""The stop flag is read every POLL_MASK + 1 nodes (well under a millisecond)."""


@njit(cache=True, nogil=True)
def poll_stop(stats: np.ndarray, ctl: np.ndarray, stop: np.ndarray) -> None:
    """Abort when another thread raised the stop flag or the node budget is spent."""
    if stop[0] != 0:
        stats[STAT_ABORTED] = 1
    limit = ctl[CTL_NODE_LIMIT]
    if limit > 0 and stats[STAT_NODES] >= limit:
        stats[STAT_ABORTED] = 1


@njit(cache=True, nogil=True)
def enter_node(stats: np.ndarray, ctl: np.ndarray, stop: np.ndarray, ply: int) -> bool:
    """Count a node and its ply, polling the stop flag every POLL_MASK + 1 nodes; False when the
    search was aborted before it (the node then returns 0 at once)."""
    if stats[STAT_ABORTED] != 0:
        return False
    stats[STAT_NODES] += 1
    if (stats[STAT_NODES] & POLL_MASK) == 0:
        poll_stop(stats, ctl, stop)
    if ply > stats[STAT_SELDEPTH]:
        stats[STAT_SELDEPTH] = ply
    return True
