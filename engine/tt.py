"""Transposition table: two parallel numpy arrays, probed and stored from jitted code.

``keys`` uint64[N] holds the full Zobrist key XOR the entry's data word; ``data`` int64[N]
packs one entry:

    bits  0-15  score + 32768 (mate scores stored relative to the node, see below)
    bits 16-23  depth (0..255)
    bits 24-25  bound (BOUND_EXACT / BOUND_LOWER / BOUND_UPPER)
    bits 26-46  move (engine encoding, 21 bits)
    bits 47-54  generation (search counter) for aging

Several search threads (Lazy SMP, engine.smp) share one table and write it without a lock,
each entry as two separate 8-byte writes. Storing ``key ^ data`` in the key word makes a slot
that ends up with one thread's key word and another's data word (a torn entry) fail the
probe's check ``keys[i] ^ data[i] == key``: it reads as absent rather than as another
position's score and move (the standard lockless hashing). With one thread it validates
exactly like a plain key comparison, so the search is unchanged. The move an entry holds is
still only an ordering hint: the search plays only moves it generated itself and that
make_move accepts as legal.

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

ENTRY_BYTES = 16
MAX_HASH_MB = 4096
"""Largest table; a bigger request (any caller) gets this size."""


def entries_for_mb(hash_mb: int) -> int:
    """Largest power-of-two entry count fitting in ``hash_mb`` megabytes
    (``hash_mb`` limited to 1..MAX_HASH_MB)."""
    want = min(max(1, int(hash_mb)), MAX_HASH_MB) * 1024 * 1024 // ENTRY_BYTES
    n = 1024
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
def tt_probe(keys: np.ndarray, data: np.ndarray, key: np.uint64) -> int:
    """Packed entry for ``key``, or 0 when absent (a stored entry is never 0)."""
    idx = np.int64(key & np.uint64(keys.shape[0] - 1))
    entry = data[idx]  # read once: the check and the result are the same word
    if keys[idx] ^ np.uint64(entry) == key:
        return entry
    return 0


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
    keys: np.ndarray, data: np.ndarray, key: np.uint64, depth: int, bound: int, score: int, move: int, generation: int
) -> None:
    """Store an entry unless a deeper one of the current search for another position is there."""
    idx = np.int64(key & np.uint64(keys.shape[0] - 1))
    old = data[idx]
    same = keys[idx] ^ np.uint64(old) == key
    if old != 0 and not same and entry_generation(old) == generation and entry_depth(old) > depth:
        return
    if same and move == 0:
        move = entry_move(old)  # keep the known best move of this position
    if depth < 0:
        depth = 0
    if depth > 255:
        depth = 255
    entry = (score + 32768) | (depth << 16) | (bound << 24) | (move << 26) | ((generation & 0xFF) << 47)
    keys[idx] = key ^ np.uint64(entry)  # the check word: see the module doc (torn writes)
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
