"""Transposition table: two parallel numpy arrays, probed and stored from jitted code.

``keys`` uint64[N] holds the Zobrist key XOR the entry's data word in bits 16-63 and the
position's static evaluation in bits 0-15 (see "The static evaluation" below); ``data``
int64[N] packs one entry:

    bits  0-15  score + 32768 (mate scores stored relative to the node, see below)
    bits 16-23  depth (0..255)
    bits 24-25  bound (BOUND_EXACT / BOUND_LOWER / BOUND_UPPER)
    bits 26-46  move (engine encoding, 21 bits)
    bits 47-54  generation (search counter) for aging
    bit  55     the position is or was on a principal variation (FEATURE_TT_PV)

Several search threads (Lazy SMP, engine.smp) share one table and write it without a lock,
each entry as two separate 8-byte writes. Storing ``key ^ data`` in the key word makes a slot
that ends up with one thread's key word and another's data word (a torn entry) fail the
probe's check ``keys[i] ^ data[i] == key``: it reads as absent rather than as another
position's score and move (the standard lockless hashing). With one thread it validates
exactly like a plain key comparison, so the search is unchanged. The move an entry holds is
still only an ordering hint: the search plays only moves it generated itself and that
make_move accepts as legal.

The static evaluation. The key's low 16 bits are implied by the slot (N >= 2**16, so the
index ``key & (N - 1)`` covers them): the check word needs only bits 16-63, and its low 16 bits
carry the node's raw static evaluation (``evaluate``, before any playing-level change) + 32768,
0 meaning "not stored" (a node in check has none). A node that finds its position in the table
reuses that evaluation instead of evaluating again. The evaluation shares the key word's single
8-byte write, and an evaluation is a function of the position alone: whenever the check word
says "this position", the evaluation beside it is this position's, torn entry or not. With one
thread the check validates exactly the key bits it did before, so the search is unchanged
(the same nodes, faster).

N is a power of two so the index is ``key & (N - 1)``. Replacement is
depth-preferred: a slot is overwritten by the same position, by an entry from
an older search, or by a deeper-or-equal search of another position.

Mate scores are "distance from the root" inside the search; stored in the table
they become "distance from this node" (score_to_tt) and are converted back with
the probing node's ply (score_from_tt), so a mate found through a transposition
still reports the right distance.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.position import MAX_PLY

MATE = 32000
"""Score of delivering mate at the root; mate in n plies scores MATE - n."""
MATE_BOUND = MATE - 2 * MAX_PLY
"""Scores beyond +-MATE_BOUND are mate scores."""
INFINITE = 32001

BOUND_EXACT = 1
BOUND_LOWER = 2
BOUND_UPPER = 3

EVAL_NONE = -32768
"""tt_probe_eval's evaluation when the entry is absent or holds none (no real eval is this low)."""
EVAL_MASK = 0xFFFF
"""The key word's evaluation field (its bits 0-15)."""
MIN_ENTRIES = 1 << 16
"""Smallest table: the key's low 16 bits must be implied by the slot (the module doc)."""

ENTRY_BYTES = 16
MAX_HASH_MB = 4096
"""Largest table; a bigger request (any caller) gets this size."""


def entries_for_mb(hash_mb: int) -> int:
    """Largest power-of-two entry count fitting in ``hash_mb`` megabytes
    (``hash_mb`` limited to 1..MAX_HASH_MB)."""
    want = min(max(1, int(hash_mb)), MAX_HASH_MB) * 1024 * 1024 // ENTRY_BYTES
    n = MIN_ENTRIES
    while n * 2 <= want:
        n *= 2
    return n


def allocate(hash_mb: int) -> tuple[np.ndarray, np.ndarray]:
    """Fresh zeroed (keys, data) arrays for a table of about ``hash_mb`` MB.

    The memory is written here, not merely reserved: np.zeros would leave every
    page to be faulted in (and zeroed by the kernel, 2 MB at a time with huge
    pages) at its first random probe, which costs the first search of a fresh
    table a few plies. Filling it now moves that cost out of the search.
    """
    n = entries_for_mb(hash_mb)
    keys = np.empty(n, dtype=np.uint64)
    data = np.empty(n, dtype=np.int64)
    keys.fill(0)
    data.fill(0)
    return keys, data


@njit(cache=True, nogil=True)
def score_to_tt(score: int, ply: int) -> int:
    """Root-relative mate score -> node-relative (for storing)."""
    if score >= MATE_BOUND:
        return score + ply
    if score <= -MATE_BOUND:
        return score - ply
    return score


@njit(cache=True, nogil=True)
def score_from_tt(score: int, ply: int) -> int:
    """Node-relative mate score -> root-relative (after probing)."""
    if score >= MATE_BOUND:
        return score - ply
    if score <= -MATE_BOUND:
        return score + ply
    return score


@njit(cache=True, nogil=True)
def tt_probe_eval(keys: np.ndarray, data: np.ndarray, key: np.uint64) -> tuple[int, int]:
    """(packed entry, raw static evaluation) for ``key``: (0, EVAL_NONE) when absent (a stored
    entry is never 0); the evaluation is EVAL_NONE when the entry holds none."""
    idx = np.int64(key & np.uint64(keys.shape[0] - 1))
    entry = data[idx]  # each word read once: the check and the results come from the same reads
    word = keys[idx]
    if (word ^ np.uint64(entry)) >> np.uint64(16) == key >> np.uint64(16):
        return entry, np.int64(word & np.uint64(EVAL_MASK)) - 32768  # type: ignore[return-value]  # an int64 in jitted code
    return 0, EVAL_NONE


@njit(cache=True, nogil=True)
def tt_probe(keys: np.ndarray, data: np.ndarray, key: np.uint64) -> int:
    """Packed entry for ``key``, or 0 when absent (a stored entry is never 0)."""
    return tt_probe_eval(keys, data, key)[0]


@njit(cache=True, nogil=True)
def entry_score(entry: int) -> int:
    return (entry & 0xFFFF) - 32768


@njit(cache=True, nogil=True)
def entry_depth(entry: int) -> int:
    return (entry >> 16) & 0xFF


@njit(cache=True, nogil=True)
def entry_bound(entry: int) -> int:
    return (entry >> 24) & 3


@njit(cache=True, nogil=True)
def entry_move(entry: int) -> int:
    return (entry >> 26) & 0x1FFFFF


@njit(cache=True, nogil=True)
def entry_generation(entry: int) -> int:
    return (entry >> 47) & 0xFF


TT_PV_BIT = 1 << 55
"""The entry's "was on a principal variation" flag (Stockfish's ttPv)."""


@njit(cache=True, nogil=True)
def entry_is_pv(entry: int) -> bool:
    return entry & TT_PV_BIT != 0


@njit(cache=True, nogil=True)
def bound_cuts(bound: int, score: int, alpha: int, beta: int) -> bool:
    """Whether a stored ``score`` of this ``bound`` settles a node searched in (alpha, beta):
    it is exact, or a bound on the far side of the window."""
    return bound == BOUND_EXACT or (bound == BOUND_LOWER and score >= beta) or (bound == BOUND_UPPER and score <= alpha)


@njit(cache=True, nogil=True)
def result_bound(best: int, beta: int, raised_alpha: bool) -> int:
    """The bound a fail-soft search's ``best`` is: lower at or above beta, exact when a move
    raised alpha, otherwise upper."""
    if best >= beta:
        return BOUND_LOWER
    if raised_alpha:
        return BOUND_EXACT
    return BOUND_UPPER


@njit(cache=True, nogil=True)
def tt_store(
    keys: np.ndarray,
    data: np.ndarray,
    key: np.uint64,
    depth: int,
    bound: int,
    score: int,
    move: int,
    generation: int,
    static_eval: int = EVAL_NONE,
    is_pv: bool = False,
) -> None:
    """Store an entry unless a deeper one of the current search for another position is there.
    ``static_eval``: the position's raw static evaluation, or EVAL_NONE (then one already stored
    for this position is kept); ``is_pv``: the position is or was on a principal variation
    (FEATURE_TT_PV's flag, TT_PV_BIT)."""
    idx = np.int64(key & np.uint64(keys.shape[0] - 1))
    old = data[idx]
    old_word = keys[idx]
    same = (old_word ^ np.uint64(old)) >> np.uint64(16) == key >> np.uint64(16)
    if old != 0 and not same and entry_generation(old) == generation and entry_depth(old) > depth:
        return
    if same and move == 0:
        move = entry_move(old)  # keep the known best move of this position
    eval_field = np.uint64(0)  # none; an evaluation outside the field is not stored (never clipped)
    if static_eval > EVAL_NONE and static_eval <= 32767:
        eval_field = np.uint64(static_eval + 32768)
    elif same and old != 0:
        eval_field = old_word & np.uint64(EVAL_MASK)  # keep this position's known evaluation
    if depth < 0:
        depth = 0
    if depth > 255:
        depth = 255
    entry = (score + 32768) | (depth << 16) | (bound << 24) | (move << 26) | ((generation & 0xFF) << 47)
    if is_pv:
        entry |= TT_PV_BIT
    # The check word and the evaluation: see the module doc (torn writes, the evaluation field).
    keys[idx] = ((key ^ np.uint64(entry)) & ~np.uint64(EVAL_MASK)) | eval_field
    data[idx] = entry


@njit(cache=True, nogil=True)
def tt_hashfull(data: np.ndarray, generation: int) -> int:
    """Permille of the first 1000 slots used by the current search (UCI hashfull)."""
    n = min(1000, data.shape[0])
    used = 0
    for i in range(n):
        if data[i] != 0 and entry_generation(data[i]) == (generation & 0xFF):
            used += 1
    return used * 1000 // n
