"""The evaluation network's accumulators kept per ply for the search (FEATURE_NNUE).

engine.nnue evaluates a position from scratch: about thirty W1 rows added per perspective, most of
an evaluation's cost. The search instead keeps both accumulators of each position of its line in
that position's row of ``undo`` (engine.position's U_ACC columns, with U_ACC_KEY the position's
Zobrist key they belong to and U_ACC_VIEW the king buckets and flips they were built with):

* after every move make_move calls :func:`push_accumulators` (make_null :func:`pass_accumulators`):
  if the parent's row holds its accumulators, the child's are the parent's with the moved pieces'
  rows removed and added, in one pass (:func:`_step`); a perspective whose king changed bucket or
  flip is rebuilt from the board;
* :func:`search_eval` is engine.nnue.position_eval with the network's value from
  :func:`nnue_evaluate_incremental`, which reads the row, or catches up from the nearest earlier
  position of the line that has them (within MAX_REPLAY plies), or builds them from the board.

make_move records the moved piece (U_PIECE), so the moves are replayed from the undo records
alone. Every value is exactly engine.nnue.nnue_evaluate's (tests/engine_core/test_nnue.py), with
and without the JIT. Two earlier tries, which replayed only at evaluation, were no faster than
building from scratch (docs/strength.md, "An evaluation network"); updating at every move is.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.nnue import (
    HIDDEN,
    W1,
    feature_row,
    output_layer,
    perspectives,
    refresh_accumulator,
    static_eval_with,
    uses_network,
)
from engine.position import (
    A1,
    A8,
    BLACK,
    C1,
    D1,
    D8,
    F1,
    F8,
    FLAG_CASTLE,
    FLAG_EP,
    G1,
    G8,
    H1,
    H8,
    PAWN,
    ROOK,
    ST_HPLY,
    U_ACC,
    U_ACC_KEY,
    U_ACC_VIEW,
    U_CAPTURED,
    U_MOVE,
    U_PIECE,
    WHITE,
    move_flags,
    move_from,
    move_promo,
    move_to,
)

MAX_REPLAY = 8
"""How many plies back nnue_evaluate_incremental looks for accumulators to replay the moves on;
past that a refresh (about 30 rows a perspective) costs less than the moves' 2-4 rows each. With
push_accumulators after every move the gap is rarely over one ply."""


@njit(cache=True, nogil=True, inline="always")
def _castling_rook(king_to: int) -> tuple[int, int]:
    """The rook's squares (from, to) of the castling whose king lands on ``king_to``."""
    if king_to == G1:
        return H1, F1
    if king_to == C1:
        return A1, D1
    if king_to == G8:
        return H8, F8
    return A8, D8


@njit(cache=True, nogil=True, inline="always")
def _view_tag(white_base: int, white_flip: int, black_base: int, black_flip: int) -> int:
    """The perspectives (perspectives()'s four values) as one U_ACC_VIEW word: White's in bits
    12 and up, Black's in the low 12."""
    return (white_base + white_flip) * 4096 + black_base + black_flip


@njit(cache=True, nogil=True, inline="always")
def _step(
    parent: np.ndarray, child: np.ndarray, view: int, base: int, flip: int, undo: np.ndarray, record: int
) -> None:
    """One perspective's accumulator (``child``) from the one before the move in ``undo[record]``
    (``parent``; the same array to update in place) in one pass: the rows the move removes and
    adds (a capture two and one, castling two and two) are applied while copying. The sums run
    in int64 and are exact in int16 at the end (a null move copies)."""
    move = undo[record, U_MOVE]
    if move == 0:
        for j in range(HIDDEN):
            child[j] = parent[j]
        return
    piece = undo[record, U_PIECE]
    frm = move_from(move)
    to = move_to(move)
    promo = move_promo(move)
    flags = move_flags(move)
    side = piece >> 3
    removed = W1[feature_row(view, piece, frm, base, flip)]
    added = W1[feature_row(view, side * 8 + promo if promo != 0 else piece, to, base, flip)]
    captured = undo[record, U_CAPTURED]
    if flags & FLAG_CASTLE:
        rook_from, rook_to = _castling_rook(to)
        rook_removed = W1[feature_row(view, side * 8 + ROOK, rook_from, base, flip)]
        rook_added = W1[feature_row(view, side * 8 + ROOK, rook_to, base, flip)]
        for j in range(HIDDEN):
            child[j] = parent[j] - removed[j] - rook_removed[j] + added[j] + rook_added[j]
    elif captured != 0 or flags & FLAG_EP:
        if captured != 0:
            taken = W1[feature_row(view, captured, to, base, flip)]
        else:
            taken = W1[feature_row(view, (side ^ 1) * 8 + PAWN, to - 10 if side == WHITE else to + 10, base, flip)]
        for j in range(HIDDEN):
            child[j] = parent[j] - removed[j] - taken[j] + added[j]
    else:
        for j in range(HIDDEN):
            child[j] = parent[j] - removed[j] + added[j]


@njit(cache=True, nogil=True)
def _catch_up(board: np.ndarray, st: np.ndarray, hashes: np.ndarray, undo: np.ndarray, source: int) -> None:
    """The accumulators of the position ``h = st[ST_HPLY]`` from those of the earlier position
    ``source`` of the line (which has them): the first move since applied while copying, the
    others in place (_step; their undo records say what moved); a perspective whose king bucket
    or flip differs is rebuilt from the board. Stored with the position's key and perspectives."""
    h = st[ST_HPLY]
    acc = undo[h, U_ACC:].view(np.int16)
    old = undo[source, U_ACC:].view(np.int16)
    white_base, white_flip, black_base, black_flip = perspectives(st)
    views = _view_tag(white_base, white_flip, black_base, black_flip)
    source_views = undo[source, U_ACC_VIEW]
    for view in range(2):
        base = white_base if view == WHITE else black_base
        flip = white_flip if view == WHITE else black_flip
        shift = 12 if view == WHITE else 0
        own = acc[view * HIDDEN : (view + 1) * HIDDEN]
        if (source_views >> shift) & 4095 != (views >> shift) & 4095:
            refresh_accumulator(board, acc, view, base, flip)
        else:
            _step(old[view * HIDDEN : (view + 1) * HIDDEN], own, view, base, flip, undo, source)
            for record in range(source + 1, h):
                _step(own, own, view, base, flip, undo, record)
    undo[h, U_ACC_KEY] = np.int64(hashes[h])  # the key's bits (uint64 to int64 wraps, JIT or not)
    undo[h, U_ACC_VIEW] = views


@njit(cache=True, nogil=True)
def push_accumulators(board: np.ndarray, st: np.ndarray, hashes: np.ndarray, undo: np.ndarray) -> None:
    """After a move (make_move): the new position's accumulators from its parent's,
    when the parent has them, so that its evaluation is the output layer alone. Nothing when
    the parent has none (outside the search, say): nnue_evaluate_incremental catches up then."""
    h = st[ST_HPLY]
    if undo[h - 1, U_ACC_KEY] == np.int64(hashes[h - 1]):
        _catch_up(board, st, hashes, undo, h - 1)


@njit(cache=True, nogil=True)
def pass_accumulators(hashes: np.ndarray, undo: np.ndarray, h: int) -> None:
    """After a null move to position ``h``: the same pieces, so the parent's accumulators, if it has them."""
    if undo[h - 1, U_ACC_KEY] == np.int64(hashes[h - 1]):
        for w in range(U_ACC_VIEW, U_ACC + HIDDEN // 2):
            undo[h, w] = undo[h - 1, w]
        undo[h, U_ACC_KEY] = np.int64(hashes[h])


@njit(cache=True, nogil=True)
def nnue_evaluate_incremental(board: np.ndarray, st: np.ndarray, hashes: np.ndarray, undo: np.ndarray) -> int:
    """Exactly engine.nnue.nnue_evaluate, with the accumulators kept in ``undo`` (engine.position's
    U_ACC columns of the position's own row).

    The row of the position ``h = st[ST_HPLY]`` holds its accumulators if its U_ACC_KEY is
    ``hashes[h]``: make_move gives them to every position whose parent has them
    (push_accumulators). Otherwise the nearest earlier position of the line within MAX_REPLAY
    plies that has them is caught up from (_catch_up); with none near, both are rebuilt."""
    h = st[ST_HPLY]
    acc = undo[h, U_ACC:].view(np.int16)
    if undo[h, U_ACC_KEY] != np.int64(hashes[h]):
        source = h - 1
        lowest = max(h - MAX_REPLAY, 0)
        while source >= lowest and undo[source, U_ACC_KEY] != np.int64(hashes[source]):
            source -= 1
        if source >= lowest:
            _catch_up(board, st, hashes, undo, source)
        else:
            white_base, white_flip, black_base, black_flip = perspectives(st)
            refresh_accumulator(board, acc, WHITE, white_base, white_flip)
            refresh_accumulator(board, acc, BLACK, black_base, black_flip)
            undo[h, U_ACC_KEY] = np.int64(hashes[h])
            undo[h, U_ACC_VIEW] = _view_tag(white_base, white_flip, black_base, black_flip)
    return output_layer(acc, st)


@njit(cache=True, nogil=True)
def search_eval(board: np.ndarray, st: np.ndarray, hashes: np.ndarray, undo: np.ndarray, features: int) -> int:
    """Exactly :func:`position_eval`, for a position of the search's line: the network's
    accumulators are replayed from an earlier position's (nnue_evaluate_incremental)."""
    net = nnue_evaluate_incremental(board, st, hashes, undo) if uses_network(st, features) else 0
    return static_eval_with(board, st, features, net)
