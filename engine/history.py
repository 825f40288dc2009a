"""Quiet-move statistics (jitted): killers, butterfly history, counter moves, continuation history.

Tables (allocated per searcher instance by engine.searcher, so that every search thread
has its own; nothing here is module-global state):

history    int64[PIECE_CODES, 120]      by moved piece and target square
counters   int32[CONT_KEYS]             the quiet move that last refuted a move, by that move's key
cont_hist  int16[CONT_KEYS, CONT_KEYS]  by (an earlier move's key, this move's key); read and
                                        written for the moves 1 ply back (the opponent's last
                                        move) and 2 plies back (our own previous move)
stack      int64[STACK_SIZE, SS_FIELDS] per ply, at index ply + 2 (two slots before the root):
                                        SS_MOVE_KEY, the key of the move made at the ply (0: none,
                                        a null move, or before the root); SS_STATIC_EVAL, the
                                        node's static evaluation (NO_EVAL: in check or unknown);
                                        SS_EXCLUDED, the move a singular-extension verification
                                        search at the ply skips (0: none)

A move's key is ``piece code * 64 + target square (0..63)``, the piece being the one that
moves (a promoting pawn counts as the pawn); key 0 is never a move.

With FEATURE_CONT_HISTORY every history is updated by the gravity formula
``h += bonus - h * |bonus| / HISTORY_MAX`` so all stay within +-HISTORY_MAX and on one
scale (their sum orders the quiet moves); without it the butterfly history is updated the
old way (plus or minus depth squared, halved on overflow) and the continuation history is
neither read nor written.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.params import HISTORY_BONUS_MAX, HISTORY_BONUS_SCALE, HISTORY_MAX
from engine.position import FLAG_CAPTURE, MAX_PLY, SQ120_TO_64, move_flags, move_from, move_promo, move_to
from engine.searchstate import FEATURE_CONT_HISTORY, FEATURE_COUNTER_MOVE

CONT_KEYS = 16 * 64
"""Move keys: piece code (below 16) times 64 plus the target square."""
STACK_SIZE = MAX_PLY + 2
"""The stack has two slots before ply 0, so ``ply + 2 - 2`` is never negative."""
SS_MOVE_KEY = 0
SS_STATIC_EVAL = 1
SS_EXCLUDED = 2
SS_FIELDS = 3
NO_EVAL = -(1 << 40)
"""SS_STATIC_EVAL of a node in check (or of the slots before the root): no static evaluation."""
OLD_HISTORY_MAX = 4_000_000
"""Without FEATURE_CONT_HISTORY: history entries are halved when one reaches this."""


def allocate_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Fresh ``counters``, ``cont_hist`` and ``stack`` for one searcher."""
    return (
        np.zeros(CONT_KEYS, dtype=np.int32),
        np.zeros((CONT_KEYS, CONT_KEYS), dtype=np.int16),
        np.zeros((STACK_SIZE, SS_FIELDS), dtype=np.int64),
    )


def reset_stack(stack: np.ndarray) -> None:
    """Before a search: no moves and no static evaluations before the root."""
    stack[:, SS_MOVE_KEY] = 0
    stack[:, SS_STATIC_EVAL] = NO_EVAL
    stack[:, SS_EXCLUDED] = 0


@njit(cache=True, nogil=True, inline="always")
def move_key(board: np.ndarray, move: int) -> int:
    """The move's continuation-history key (on the board before the move is made)."""
    return board[move_from(move)] * 64 + SQ120_TO_64[move_to(move)]


@njit(cache=True, nogil=True, inline="always")
def gravity(value: int, bonus: int) -> int:
    """``value`` moved towards +-HISTORY_MAX by ``bonus``, less the nearer it already is."""
    v = np.int64(value)
    return int(v + bonus - v * abs(bonus) // HISTORY_MAX)


@njit(cache=True, nogil=True)
def history_bonus(depth: int) -> int:
    """Reward (or penalty) for a cut-off at ``depth``: grows with depth squared, capped."""
    return min(HISTORY_BONUS_SCALE * depth * depth, HISTORY_BONUS_MAX)


@njit(cache=True, nogil=True)
def _reward(
    board: np.ndarray, history: np.ndarray, cont_hist: np.ndarray, key1: int, key2: int, move: int, bonus: int
) -> None:
    frm = move_from(move)
    to = move_to(move)
    history[board[frm], to] = gravity(history[board[frm], to], bonus)
    key = move_key(board, move)
    if key1 != 0:
        cont_hist[key1, key] = gravity(cont_hist[key1, key], bonus)
    if key2 != 0:
        cont_hist[key2, key] = gravity(cont_hist[key2, key], bonus)


@njit(cache=True, nogil=True)
def update_quiet_stats(
    board: np.ndarray,
    killers: np.ndarray,
    history: np.ndarray,
    counters: np.ndarray,
    cont_hist: np.ndarray,
    stack: np.ndarray,
    features: int,
    move: int,
    ply: int,
    depth: int,
    tried: np.ndarray,
    n_tried: int,
) -> None:
    """A quiet move caused a beta cut-off at ``ply``: remember it as killer and as the counter
    to the opponent's last move, reward it in the histories and penalise the quiet moves tried
    before it. The move has been unmade: the board is the position it was played in."""
    if killers[ply, 0] != move:
        killers[ply, 1] = killers[ply, 0]
        killers[ply, 0] = move
    key1 = stack[ply + 1, SS_MOVE_KEY]  # the opponent's move that led here
    key2 = stack[ply, SS_MOVE_KEY]  # our own move before it
    if features & FEATURE_COUNTER_MOVE and key1 != 0:
        counters[key1] = move
    if features & FEATURE_CONT_HISTORY:
        bonus = history_bonus(depth)
        _reward(board, history, cont_hist, key1, key2, move, bonus)
        for i in range(n_tried):
            other = np.int64(tried[i])
            if other != move and move_flags(other) & FLAG_CAPTURE == 0 and move_promo(other) == 0:
                _reward(board, history, cont_hist, key1, key2, other, -bonus)
        return
    bonus = depth * depth
    frm = move_from(move)
    to = move_to(move)
    history[board[frm], to] += bonus
    for i in range(n_tried):
        other = np.int64(tried[i])
        if other != move and move_flags(other) & FLAG_CAPTURE == 0 and move_promo(other) == 0:
            ofrm = move_from(other)
            oto = move_to(other)
            history[board[ofrm], oto] -= bonus
            if history[board[ofrm], oto] < -OLD_HISTORY_MAX:
                history[board[ofrm], oto] = -OLD_HISTORY_MAX
    if history[board[frm], to] > OLD_HISTORY_MAX:
        for p in range(history.shape[0]):
            for s in range(history.shape[1]):
                history[p, s] //= 2
