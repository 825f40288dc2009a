"""The evaluation hook of the playing levels (engine.strength), jitted.

A weakened engine misjudges positions *consistently*: the error added to a static
evaluation is a pure function of the position's Zobrist key and a per-game seed, so the
same position gets the same misjudgement every time it is seen in one game (across
iterations, moves and transpositions), and a new game brings a new set of misjudgements.
At the lowest levels the positional knowledge (everything but plain material) is also
damped, so the engine sees material and little else.

With ``ctl[CTL_WEAKEN] == 0`` (full strength, the default) :func:`weaken` returns the
evaluation unchanged, so full-strength search is bit-identical to an engine without it.

ctl slots (from engine.searchstate.CTL_STRENGTH on; the driver clamps every value):
  CTL_WEAKEN     1 = apply the hook, 0 = full strength
  CTL_NOISE_CP   largest evaluation error in centipawns (0..MAX_NOISE_CP)
  CTL_NOISE_SEED the game's seed (0..2**62)
  CTL_KNOWLEDGE  percentage of the positional terms kept (0..100)
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.endgames import is_mating_ending
from engine.evaluate import PIECE_VALUE
from engine.position import BLACK, KING, PAWN, ST_COUNT, ST_SIDE
from engine.searchstate import CTL_STRENGTH

CTL_WEAKEN = CTL_STRENGTH
CTL_NOISE_CP = CTL_STRENGTH + 1
CTL_NOISE_SEED = CTL_STRENGTH + 2
CTL_KNOWLEDGE = CTL_STRENGTH + 3

MAX_NOISE_CP = 400
"""Ceiling on the evaluation error: far from mate scores, so noise never invents a mate."""
MAX_SEED = (1 << 62) - 1
MATING_NOISE_PCT = 20
"""Share of the level's evaluation error left in a mating ending (engine.endgames.is_mating_ending):
the technique of mating with a queen or rook is known from club level on."""


@njit(cache=True, nogil=True)
def position_noise(key: np.uint64, seed: int, amplitude: int) -> int:
    """A deterministic error in [-amplitude, amplitude] for one position and one game seed.

    Triangular (the sum of two uniform halves), so small misjudgements are common and large
    ones rare. Only xor and shifts (no overflowing multiply), so it is exact without the JIT.
    """
    if amplitude <= 0:
        return 0
    z = np.uint64(key) ^ np.uint64(seed)
    for _ in range(3):
        z ^= z << np.uint64(13)
        z ^= z >> np.uint64(7)
        z ^= z << np.uint64(17)
    a = np.int64(z & np.uint64(0xFFFF))
    b = np.int64((z >> np.uint64(16)) & np.uint64(0xFFFF))
    return (a + b) * amplitude // 65535 - amplitude  # type: ignore[return-value]  # a numpy int64 scalar; Numba treats it as int


@njit(cache=True, nogil=True)
def material_balance(st: np.ndarray) -> int:
    """Plain material (engine.evaluate.PIECE_VALUE) from the side to move's view."""
    total = 0
    for piece_type in range(PAWN, KING):
        total += (st[ST_COUNT + piece_type] - st[ST_COUNT + BLACK * 8 + piece_type]) * PIECE_VALUE[piece_type]
    return total if st[ST_SIDE] != BLACK else -total


@njit(cache=True, nogil=True)
def weaken(st: np.ndarray, ctl: np.ndarray, key: np.uint64, raw: int) -> int:
    """The static evaluation ``raw`` as this level sees it (unchanged at full strength)."""
    if ctl[CTL_WEAKEN] == 0:
        return raw
    keep = ctl[CTL_KNOWLEDGE]
    value = raw
    if keep < 100:
        material = material_balance(st)
        value = material + (raw - material) * keep // 100
    amplitude = ctl[CTL_NOISE_CP]
    if amplitude > 0 and is_mating_ending(st):
        # Noise of the middlegame's size hides the few centipawns a step towards mate earns,
        # and the levels drew won endings by the fifty-move rule (docs/levels.md).
        amplitude = amplitude * MATING_NOISE_PCT // 100
    return value + position_noise(key, ctl[CTL_NOISE_SEED], amplitude)
