"""The search's numbers in one place: rough piece values and every pruning threshold.

Evaluation weights (PeSTO tables, pawn structure, mobility) stay with the
evaluation (engine.evaluate, engine.pawns). This module holds what the search
decides with: which moves to try first, which to skip, how deep to look.

Module-level ints and numpy arrays are compile-time constants to Numba, so
naming them costs nothing in the jitted code. Any change here changes the bench
node count (tests/engine/test_bench.py) and needs a strength measurement
(benchmarks/sprt.py) before it is kept.
"""

from __future__ import annotations

import math

import numpy as np

from engine.position import PAWN

# Piece values ------------------------------------------------------------------
PIECE_VALUE = np.array([0, 100, 320, 330, 500, 950, 0, 0], dtype=np.int64)
"""Rough piece values in centipawns by piece type (index PAWN..KING = 1..6; the king is
never captured), for move ordering and pruning margins. Not the evaluation's weights."""
PIECE_VALUE_PAWNS = PIECE_VALUE // PIECE_VALUE[PAWN]
"""The same values in whole pawns (1, 3, 3, 5, 9): MVV-LVA ordering and material counting."""

SEE_VALUE = np.array([0, 100, 325, 325, 500, 975, 20000, 0], dtype=np.int64)
"""Piece values for static exchange evaluation (engine.see), by piece type. Knight and bishop
are equal so that trading one for the other counts as even; the king's value only makes a
king capture of a defended piece lose."""

# Draws (engine.draws) ------------------------------------------------------------------
DRAW_CONTEMPT = 50
"""Centipawns a draw in the search is worth to the side to move at the root, under
FEATURE_DRAW_CONTEMPT (about half the optimism our score showed against Stockfish 2500)."""

# Quiet-move statistics (engine.history) ----------------------------------------------
HISTORY_MAX = 16384
"""Bound of every history table under the gravity update (FEATURE_CONT_HISTORY)."""
HISTORY_BONUS_SCALE = 32
HISTORY_BONUS_MAX = 1200
"""A cut-off at depth d rewards its move by min(SCALE * d * d, MAX) and penalises the quiet moves
tried before it as much: deeper cut-offs say more, but one must not wipe out the table."""

# Quiescence ----------------------------------------------------------------------
DELTA_MARGIN = 200
"""Delta pruning: skip a capture that cannot lift the score to alpha even with this spare
(positional gains from a capture rarely exceed two pawns)."""
BAD_CAPTURE_MARGIN = 50
"""Losing-capture pruning: a piece worth more than the victim plus this, taking a defended
victim, probably loses material; knight takes bishop (320 vs 330) is still tried."""

SEE_GOOD_CAPTURE = 0
"""A capture whose static exchange reaches this is good: searched early (ordering) and kept in
quiescence; below it the capture goes after the quiet moves and quiescence skips it."""

# Pre-move pruning (negamax Step 6 and 7) -----------------------------------------------
IIR_MIN_DEPTH = 4
"""Internal iterative reduction: without a TT move, nodes this deep or deeper search one
ply shallower (finding a move is cheaper there; shallower nodes gain too little)."""
RFP_MAX_DEPTH = 6
"""Reverse futility pruning applies up to this remaining depth; deeper, a static eval is
too rough a guess of the search's result."""
RFP_MARGIN = 90
"""Reverse futility: per ply of remaining depth, how far the static eval must exceed beta
for the node to be cut without a search (the opponent can regain about this much a ply).
Ethereal's depth 8 with 75 cp scored -19.1 [-51.9, +13.3] in self-play against 6 with 90
(docs/strength.md, "Ethereal's reverse futility pruning")."""
RAZOR_MARGIN = np.array([0, 300, 550], dtype=np.int64)
"""Razoring, by remaining depth: a non-PV node whose static eval plus this margin still does
not reach alpha is settled by a quiescence search when that fails low too (a quiet move
rarely gains this much this close to the horizon)."""
RAZOR_MAX_DEPTH = len(RAZOR_MARGIN) - 1
"""Deepest remaining depth razored."""
SINGULAR_MIN_DEPTH = 6
"""Singular extensions: the least depth left for the verification search (it searches at
(depth - 1) // 2, so it is never a quiescence search) ..."""
SINGULAR_TT_DEPTH_MARGIN = 3
"""... with a TT entry (lower bound or exact) at most this much shallower than the node ..."""
SINGULAR_MARGIN = 2
"""... and the other moves must stay this many cp per ply of depth below the TT score."""
PROBCUT_MIN_DEPTH = 5
"""ProbCut (FEATURE_PROBCUT): the least remaining depth at which a non-PV node tries its good
captures against a raised beta (shallower, the reduced search would be a quiescence search) ..."""
PROBCUT_MARGIN = 100
"""... raised by this much: a capture whose reduced search beats beta + PROBCUT_MARGIN very
probably beats beta at full depth (Ethereal's ProbCutMargin; Stockfish 15's 179 - 46 * improving
in its units, about a pawn) ..."""
PROBCUT_REDUCTION = 4
"""... searched this many plies shallower than the node (the capture's own ply included; the
result is stored as a lower bound at depth - PROBCUT_REDUCTION + 1) ..."""
PROBCUT_TT_DEPTH = PROBCUT_REDUCTION - 1
"""... and a TT entry at least depth - PROBCUT_TT_DEPTH deep with a score below the raised beta
says it would fail: then ProbCut is not tried (and no deeper entry is overwritten by its cut)."""
NULL_MOVE_MIN_DEPTH = 3
"""Null move pruning needs this much depth left; nearer the horizon the reduced search
would go straight to quiescence and cost as much as it saves."""
NULL_MOVE_BASE_R = 3
"""Null move reduction: the null-move search is 1 + R plies shallower, R = BASE_R ..."""
NULL_MOVE_DEPTH_DIVISOR = 6
"""... + depth // DIVISOR: deeper nodes can afford a bigger reduction (common practice). 3
(Stockfish's depth / 3) measured -10.4 [-41.0, +20.0] in self-play (docs/strength.md, "Three
search constants, five values")."""
NULL_MOVE_EVAL_STEP = 200
"""With FEATURE_NULL_EVAL_R: one more ply of reduction per this many centipawns of static eval
above beta ..."""
NULL_MOVE_EVAL_MAX_R = 3
"""... at most this many (Ethereal's 200 cp and 3 plies)."""

# Move-loop pruning (negamax Step 8) -------------------------------------------------
FUTILITY_MARGIN = np.array([0, 110, 210, 310], dtype=np.int64)
"""Futility pruning, by remaining depth: quiet moves are skipped when the static eval plus
this margin cannot reach alpha (about a pawn a ply, what a quiet move may gain)."""
FUTILITY_MAX_DEPTH = len(FUTILITY_MARGIN) - 1
"""Deepest remaining depth with a futility margin."""
LMP_LIMIT = np.array([0, 6, 10, 16], dtype=np.int64)
"""Late move pruning: quiet moves searched at most, by remaining depth (non-PV, not in check).
Well-ordered moves put the good quiet moves first; the late ones near the horizon rarely matter."""
LMP_MAX_DEPTH = len(LMP_LIMIT) - 1
"""Deepest remaining depth with a late-move limit."""
LMP_LIMIT_WORSENING = np.array([0, 4, 7, 11], dtype=np.int64)
"""With FEATURE_IMPROVING, LMP_LIMIT holds where the static eval improved on our previous move's
and this tighter limit (about two thirds) where it did not: a worsening position needs fewer tries."""

SEE_PRUNE_MAX_DEPTH = 8
"""SEE pruning in the move loop (after the first move, not in check) up to this remaining depth."""
SEE_QUIET_MARGIN = 60
"""A quiet move is skipped when its static exchange loses more than this times the depth (it
hangs the moved piece; Ethereal's SEEQuietMargin)."""
SEE_NOISY_MARGIN = 20
"""A capture is skipped when its exchange loses more than this times depth squared (Ethereal's
SEENoisyMargin; deeper, only clearly losing captures go)."""

LMR_MIN_DEPTH = 3
"""Late move reductions only with at least this much depth left (shallower, nothing to save)."""
LMR_MIN_MOVES = 3
"""The first LMR_MIN_MOVES legal moves (TT move, good captures, killers) are never reduced."""
LMR_HISTORY_DIVISOR = 12000
"""History-adjusted LMR: a quiet move's history score (butterfly + two continuation entries,
each within +-HISTORY_MAX) takes one ply off (or adds one) per this much. 8000 and 16000 measured
no better in self-play (docs/strength.md, "Three search constants, five values")."""
LMR_BASE = 0.75
LMR_DIVISOR = 2.25
"""LMR[depth, move] = int(LMR_BASE + log(depth) * log(move number) / LMR_DIVISOR): the usual
log-log formula (Ethereal's constants); later moves at higher depth are reduced more. 2.6 measured
+0.0 in self-play, 2.0 +6.1 [-15.0, +27.2] over 400 games: not enough to change it
(docs/strength.md, "Three search constants, five values")."""
LMR = np.zeros((64, 256), dtype=np.int64)
"""Late-move reduction in plies by (remaining depth, legal move number), both clamped to the table."""
for _d in range(1, 64):
    for _m in range(1, 256):
        LMR[_d, _m] = int(LMR_BASE + math.log(_d) * math.log(_m) / LMR_DIVISOR)

# Iterative deepening (engine.searcher) -------------------------------------------------
ASPIRATION_DEPTH = 5
"""Aspiration windows from this iteration on; earlier scores still swing too much."""
ASPIRATION_WINDOW = 25
"""First half-width of the aspiration window around the previous score (a quarter pawn:
usually holds, and a narrow window cuts more); doubled on each failure. 12 measured +6.1
[-14.1, +26.3] in self-play over 400 games, and Stockfish's rules for the loop (beta to the
middle on a fail low, a ply shallower per fail high) -6.9 [-33.0, +19.0] (docs/strength.md,
"Stockfish's aspiration rules, its deeper re-search, and a narrower window")."""
ASPIRATION_MAX_WINDOW = 800
"""A half-width beyond this means the score is far off: search the full window instead."""
