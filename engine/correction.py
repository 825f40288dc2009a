"""Correction history (jitted, FEATURE_CORRECTION): the static evaluation corrected by what the
searches of this game found it to be wrong by, in positions with the same pawns (or the same
pieces, FEATURE_NONPAWN_CORRECTION).

Three tables (allocated per search thread by engine.root; cleared for a new game, kept from move to
move), each by side to move and a key: the pawns (``st[ST_PAWN_KEY]``), White's other pieces and
Black's (``st[ST_NONPAWN_KEY + colour]``, kings included). A node's static eval is the raw one plus
the pawn entry (plus, with FEATURE_NONPAWN_CORRECTION, the mean of the two non-pawn entries), in
1/CORRECTION_GRAIN centipawns; the engine plays with all three (the non-pawn tables gained in
self-play and lost nothing against Stockfish: engine.searchstate). The search teaches the tables where its result is a
trustworthy measure of the evaluation's error: not in check, the best move quiet (a capture's gain
is material the static eval was not meant to see), and the bound pointing the way of the error (a
fail-high above the eval says "at least this much better", a fail-low below it "at least this much
worse"; the other two say nothing). Each entry moves by a share of what the corrected eval still
missed (with one table, a running average of the error); deeper results weigh more.

Our network misjudges whole pawn structures the same way move after move (docs/strength.md,
"Where the games are lost": optimistic by about a pawn where Stockfish's network is not), and
the pruning decisions (razoring, futility, null move) read the static eval: the correction moves
them towards what the searches found. Stockfish (since 16.1), Ethereal and Berserk do the same.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.endgames import is_mating_ending
from engine.nnue import has_bare_king
from engine.position import FLAG_CAPTURE, ST_NONPAWN_KEY, ST_PAWN_KEY, ST_SIDE, move_flags, move_promo
from engine.searchstate import FEATURE_CORRECTION, FEATURE_NONPAWN_CORRECTION
from engine.tt import MATE_BOUND

CORRECTION_SIZE = 16384
"""Entries per table and side to move (a power of two: a key's low bits index it)."""
CORRECTION_GRAIN = 256
"""Entries are in 1/CORRECTION_GRAIN centipawns, so small weights still move them."""
CORRECTION_MAX = 64 * CORRECTION_GRAIN
"""Largest entry: 64 cp either way (an entry is a hint from a few searches, not a verdict), so the
correction stays within 128 cp."""
CORRECTION_WEIGHT_SCALE = 256
CORRECTION_MAX_WEIGHT = 64
"""A result at depth d moves each entry by min(d * d + 2 * d + 1, CORRECTION_MAX_WEIGHT) / 256 of
what the corrected eval missed: shallow results are noisy, a deep one counts for a quarter."""
CORRECTION_KINDS = 3
"""Tables by key: 0 the pawns, 1 White's other pieces (king included), 2 Black's."""


def allocate_correction() -> np.ndarray:
    """A fresh table: int16[2, CORRECTION_KINDS, CORRECTION_SIZE], all zero (no correction). Every
    entry lies within +-CORRECTION_MAX, so 16 bits hold it: 192 KB instead of 768 KB, which the
    processor's caches keep (each node reads three entries at random)."""
    return np.zeros((2, CORRECTION_KINDS, CORRECTION_SIZE), dtype=np.int16)


@njit(cache=True, nogil=True, inline="always")
def _slot(st: np.ndarray, kind: int) -> int:
    key = st[ST_PAWN_KEY] if kind == 0 else st[ST_NONPAWN_KEY + kind - 1]
    return int(key & (CORRECTION_SIZE - 1))


@njit(cache=True, nogil=True)
def _total(corr: np.ndarray, st: np.ndarray, nonpawn: bool) -> int:
    """The correction in 1/CORRECTION_GRAIN cp: the pawn entry, plus the mean of the two non-pawn
    ones with ``nonpawn``."""
    side = st[ST_SIDE]
    total = np.int64(corr[side, 0, _slot(st, 0)])
    if nonpawn:
        total += (np.int64(corr[side, 1, _slot(st, 1)]) + np.int64(corr[side, 2, _slot(st, 2)])) // 2
    return int(total)


@njit(cache=True, nogil=True)
def corrected_eval(corr: np.ndarray, st: np.ndarray, nonpawn: bool, raw_eval: int) -> int:
    """``raw_eval`` (side to move's view) plus the tables' correction for these pawns (and with
    ``nonpawn`` these pieces), kept inside the non-mate range."""
    value = raw_eval + _total(corr, st, nonpawn) // CORRECTION_GRAIN
    return max(-MATE_BOUND + 1, min(MATE_BOUND - 1, value))


@njit(cache=True, nogil=True)
def _uncorrected(features: int, st: np.ndarray) -> bool:
    """No correction without FEATURE_CORRECTION, nor in the mating endings (see static_value)."""
    return features & FEATURE_CORRECTION == 0 or has_bare_king(st) or is_mating_ending(st)


@njit(cache=True, nogil=True)
def static_value(features: int, corr: np.ndarray, st: np.ndarray, raw_eval: int) -> int:
    """The static eval the search uses: corrected with FEATURE_CORRECTION, else the raw one. Not
    in the mating endings: there the evaluation's gradient (engine.endgames: the weak king to the
    edge or the right corner) is what leads to mate, and a correction shared by every position with
    the same pawns (none) would flatten it."""
    if _uncorrected(features, st):
        return raw_eval
    return corrected_eval(corr, st, features & FEATURE_NONPAWN_CORRECTION != 0, raw_eval)


@njit(cache=True, nogil=True)
def learn_correction(
    features: int,
    corr: np.ndarray,
    st: np.ndarray,
    checked: bool,
    depth: int,
    best: int,
    best_move: int,
    beta: int,
    raw_eval: int,
    static_eval: int,
) -> None:
    """negamax's Step 11: with FEATURE_CORRECTION, a node not in check whose best move is quiet
    (or which has none: a fail-low) updates its entry (update_correction)."""
    if checked or _uncorrected(features, st):
        return
    if best_move != 0 and (move_flags(best_move) & FLAG_CAPTURE != 0 or move_promo(best_move) != 0):
        return
    nonpawn = features & FEATURE_NONPAWN_CORRECTION != 0
    update_correction(corr, st, nonpawn, depth, best, raw_eval, static_eval, best >= beta, best_move == 0)


@njit(cache=True, nogil=True)
def update_correction(
    corr: np.ndarray,
    st: np.ndarray,
    nonpawn: bool,
    depth: int,
    best: int,
    raw_eval: int,
    static_eval: int,
    lower: bool,
    upper: bool,
) -> None:
    """A node at ``depth`` (not in check, its best move quiet or none) returned ``best``; its
    raw static eval was ``raw_eval`` and the corrected one ``static_eval``. ``lower``: a fail-high
    (best is a lower bound); ``upper``: a fail-low (an upper bound). ``nonpawn``: the non-pawn
    tables take part (FEATURE_NONPAWN_CORRECTION). Mate scores teach nothing."""
    if abs(best) >= MATE_BOUND:
        return
    if lower and best <= static_eval:
        return  # "at least best", below the eval: no sign the eval is too low
    if upper and best >= static_eval:
        return  # "at most best", above the eval: no sign the eval is too high
    side = st[ST_SIDE]
    # What the tables' sum still misses; each entry moves by its share (one table alone would
    # move to (1 - w) * entry + w * error, a running average of the error).
    residual = (best - raw_eval) * CORRECTION_GRAIN - _total(corr, st, nonpawn)
    weight = min(depth * depth + 2 * depth + 1, CORRECTION_MAX_WEIGHT)
    step = residual * weight // CORRECTION_WEIGHT_SCALE
    for kind in range(CORRECTION_KINDS if nonpawn else 1):
        slot = _slot(st, kind)
        corr[side, kind, slot] = max(-CORRECTION_MAX, min(CORRECTION_MAX, np.int64(corr[side, kind, slot]) + step))
