"""The evaluation network (FEATURE_NNUE): a small efficiently-updatable-style network,
evaluated from scratch at every call, in exact integer values.

Layout (trained by tools/nnue_train.py, weights in ``engine/nnue_net.npz``):

* 768 inputs per perspective and king bucket: (piece colour relative to the perspective, piece
  type, square as the perspective sees it, i.e. flipped for Black), so the same weights serve both
  sides and a position and its colour-mirrored twin evaluate identically. With ``MIRROR`` a
  perspective whose own king stands on files e-h sees the board flipped left-right too, and
  ``KING_BUCKET[own king square, as seen]`` picks one of the 768-row blocks of W1 (a net without
  these entries has one block and no mirroring);
* ``acc[v] = B1 + sum of W1 rows of the pieces`` for each perspective ``v`` (HIDDEN int16:
  the load checks that 32 pieces cannot overflow it: exactness_error);
* ``out = (W2[o, :H] . screlu(acc[us]) + W2[o, H:] . screlu(acc[them]) + B2[o]) // (QA * QA * QB)``,
  where ``screlu(a) = clamp(a, 0, QA) ** 2`` and ``o = OUT_BUCKET[pieces on the board]`` picks the
  output row (a net without that entry has one); ``out`` is centipawns from the side to move's
  view, on the hand-written evaluation's scale (the trainer fits Stockfish's scale to it), so the
  search's margins and piece values keep their meaning;
* optionally a second layer of LAYER2 units over the same features (the file's ``w3``, ``b3``,
  ``w4``): ``unit[k] = clamp(W3[k] . (screlu // 256) + B3[k], 0, LAYER2_CLAMP)``, and
  ``sum(W4 * unit)`` is added to the output's sum in a finer unit before the division
  (:func:`output_layer`); a net without it compiles without it.

:func:`nnue_evaluate` and :func:`position_eval` build the accumulators from the board; the search
keeps them per ply instead (engine.accumulators: each move updates its position's from its
parent's, and :func:`engine.accumulators.search_eval` is position_eval on them). They are int16 and the output sum
runs in float64 with its additions reassociated, both vectorized by LLVM and both exact
(:func:`exactness_error`). The shipped net has HIDDEN 128 and four mirrored king buckets (30.8M
positions, then continued on 13.7M new ones and again on 20.4M: 12.1M with Stockfish's depth-3
scores and 8.3M with depth-5 ones; Stockfish's score as the target: docs/strength.md,
"An evaluation network"); it is the full-strength engine's evaluation since 2026-11-28
(FEATURE_NNUE in ALL_FEATURES).
All values are exact integers, so results are identical with and without the JIT.
"""

from __future__ import annotations

from importlib import resources

import numpy as np
from numba import njit

from engine.endgames import kbnk_corner, mop_up, scaled_net_value
from engine.eval_weights import WEIGHTS
from engine.evaluate import evaluate_with
from engine.level_weights import LEVEL_WEIGHTS
from engine.position import (
    ACC_HIDDEN,
    BISHOP,
    BLACK,
    KING,
    KNIGHT,
    PAWN,
    QUEEN,
    ROOK,
    SQ64_TO_120,
    SQ120_TO_64,
    ST_COUNT,
    ST_KING,
    ST_SIDE,
    WHITE,
)
from engine.searchstate import FEATURE_ENDGAME_SCALE, FEATURE_FULL_EVAL, FEATURE_NNUE

NET_FILE = "nnue_net.npz"
"""The weights, next to this module (package data; the frozen app ships it too)."""


MAX_PIECES = 32
"""Pieces a legal position can hold: the most W1 rows one accumulator adds up."""


def exactness_error(w1: np.ndarray, b1: np.ndarray, w2: np.ndarray, qa: int) -> str | None:
    """Why integer weights would break nnue_evaluate's arithmetic, or None if they do not.

    The accumulators are int16, so B1 and MAX_PIECES rows of W1 must fit it; the output sum runs
    in float64, so each of its terms and partial sums must be an integer below 2**53 (then it is
    exact in any order of additions). The trainer's export checks the same before it writes."""
    accumulator = int(np.abs(b1.astype(np.int64)).max()) + MAX_PIECES * int(np.abs(w1.astype(np.int64)).max())
    if accumulator > np.iinfo(np.int16).max:
        return f"the hidden layer's weights are too large for 16-bit accumulators (up to {accumulator})"
    output = w2.shape[-1] * qa * qa * int(np.abs(w2.astype(np.int64)).max())
    if output >= 2**53:
        return f"the output weights are too large for an exact sum (up to {output})"
    return None


def second_layer_error(
    w2: np.ndarray, w3: np.ndarray, b3: np.ndarray, w4: np.ndarray, qa: int, qb: int, q3: int, q4: int
) -> str | None:
    """Why a second layer's integer weights would break output_layer's arithmetic, or None.

    Its inputs are the screlu features shifted down 8 bits (0..254), and each unit's sum runs in
    float32 (vectorized 8 wide), exact only while every partial sum is an integer of at most 2**24;
    the output's sum is then carried to the layer's finer unit (times q3 * q4 / (256 * qb), a whole
    number) and the clamped units' weighted sum added, both in int64 (kept below 2**62)."""
    if w3.ndim != 2 or w3.shape[1] != w2.shape[-1] or b3.shape != (w3.shape[0],) or w4.shape != (w3.shape[0],):
        return f"the second layer's shapes {w3.shape}, {b3.shape}, {w4.shape} do not match the hidden layer"
    if (qa * qa * q3) % 256 or (q3 * q4) % (256 * qb):
        return f"the second layer's scales {q3} and {q4} do not divide into the output's"
    if w3.shape[1] * ((qa * qa) >> 8) * int(np.abs(w3.astype(np.int64)).max(initial=0)) > 2**24:
        return "the second layer's weights are too large for an exact sum"
    output = w2.shape[-1] * qa * qa * int(np.abs(w2.astype(np.int64)).max())
    extra = w3.shape[0] * (qa * qa * q3 // 256) * int(np.abs(w4.astype(np.int64)).max(initial=0))
    if output * (q3 * q4 // (256 * qb)) >= 2**62 or extra >= 2**62:
        return "the second layer's output weights are too large for an exact sum"
    return None


_Array = np.ndarray
_Loaded = tuple[_Array, _Array, _Array, _Array, int, int, int, _Array, int, _Array, str, dict[str, _Array]]


def _load() -> _Loaded:
    with resources.files("engine").joinpath(NET_FILE).open("rb") as handle:
        data = np.load(handle)
        w1 = np.ascontiguousarray(data["w1"], dtype=np.int16)
        b1 = np.ascontiguousarray(data["b1"], dtype=np.int16)
        w2 = np.ascontiguousarray(np.atleast_2d(data["w2"]), dtype=np.int64)
        b2 = np.ascontiguousarray(np.atleast_1d(data["b2"]), dtype=np.int64)
        qa = int(data["qa"][0])
        qb = int(data["qb"][0])
        meta = str(data["meta"])
        residual = int(data["residual"][0]) if "residual" in data.files else 0
        if "king_bucket" in data.files:
            king_bucket = np.ascontiguousarray(data["king_bucket"], dtype=np.int64)
            mirror = int(data["mirror"][0])
        else:
            king_bucket = np.zeros(64, dtype=np.int64)
            mirror = 0
        if "out_bucket" in data.files:
            out_bucket = np.ascontiguousarray(data["out_bucket"], dtype=np.int64)
        else:
            out_bucket = np.zeros(33, dtype=np.int64)
        second = {key: np.asarray(data[key], dtype=np.int64) for key in ("w3", "b3", "w4", "q3", "q4") if key in data}
    buckets = int(king_bucket.max()) + 1
    if (
        king_bucket.shape != (64,)
        or king_bucket.min() < 0
        or w1.shape[0] != 768 * buckets
        or w1.shape[1] != b1.shape[0]
        or w2.shape[1] != 2 * b1.shape[0]
        or out_bucket.shape != (33,)
        or out_bucket.min() < 0
        or out_bucket.max() >= w2.shape[0]
        or b2.shape != (w2.shape[0],)
    ):
        raise ValueError(
            f"{NET_FILE}: inconsistent shapes {w1.shape}, {b1.shape}, {w2.shape}, {b2.shape}, "
            f"{king_bucket.shape}, {out_bucket.shape}"
        )
    if (error := exactness_error(w1, b1, w2, qa)) is not None:
        raise ValueError(f"{NET_FILE}: {error}")
    if second:
        if len(second) != 5:
            raise ValueError(f"{NET_FILE}: an incomplete second layer ({', '.join(sorted(second))})")
        q3, q4 = int(second["q3"][0]), int(second["q4"][0])
        error = second_layer_error(w2, second["w3"], second["b3"], second["w4"], qa, qb, q3, q4)
        if error is not None:
            raise ValueError(f"{NET_FILE}: {error}")
    if b1.shape[0] > ACC_HIDDEN or b1.shape[0] % 2:
        raise ValueError(
            f"{NET_FILE}: {b1.shape[0]} hidden units; the search keeps room for an even number up to {ACC_HIDDEN}"
        )
    return w1, b1, w2, b2, qa, qb, residual, king_bucket, mirror, out_bucket, meta, second


W1, B1, W2, B2, QA, QB, RESIDUAL, KING_BUCKET, MIRROR, OUT_BUCKET, NET_INFO, _SECOND = _load()
"""RESIDUAL > 0: the network is a correction of at most RESIDUAL cp added to engine.evaluate's value.
KING_BUCKET: the W1 block (of 768 rows) of each own-king square as the perspective sees it;
MIRROR: 1 if a perspective whose king is on files e-h flips the board left-right;
OUT_BUCKET: the row of W2 and B2 for each piece count 0..32, kings included."""
HIDDEN = B1.shape[0]
OUTPUT_ROWS = W2.shape[0]
"""Rows of W2 (output buckets); with one, the evaluation skips counting the pieces."""
OUT_DIVISOR = QA * QA * QB
W2_FLOAT = W2.astype(np.float64)
"""W2 as float64, for the vectorized output sum (exact: exactness_error, checked by _load)."""
LAYER2 = _SECOND["w3"].shape[0] if _SECOND else 0
"""Units of the second layer (0: the net has none, and output_layer compiles without it)."""
W3_F32 = np.ascontiguousarray(_SECOND["w3"], dtype=np.float32) if _SECOND else np.zeros((1, 2 * HIDDEN), np.float32)
"""The second layer's weights, one row per unit (whole numbers: exact in float32)."""
B3 = _SECOND["b3"] if _SECOND else np.zeros(1, dtype=np.int64)
W4 = _SECOND["w4"] if _SECOND else np.zeros(1, dtype=np.int64)
LAYER2_CLAMP = int(_SECOND["q3"][0]) * QA * QA // 256 if _SECOND else 1
"""A unit's value 1.0 in its sum (its inputs are screlu // 256, its weights times Q3)."""
LAYER2_SCALE = int(_SECOND["q3"][0]) * int(_SECOND["q4"][0]) // (256 * QB) if _SECOND else 1
"""The output sum's unit divided by the second layer's output unit (whole: second_layer_error)."""


def _feature_offsets() -> tuple[np.ndarray, np.ndarray]:
    """First feature index of each piece code (1..6 White, 9..14 Black) in White's and in
    Black's perspective; the square (flipped for Black's view) is added to it."""
    white = np.zeros(17, dtype=np.int64)
    black = np.zeros(17, dtype=np.int64)
    for piece_type in range(PAWN, KING + 1):
        white[piece_type] = (piece_type - 1) * 64
        white[BLACK * 8 + piece_type] = 384 + (piece_type - 1) * 64
        black[piece_type] = 384 + (piece_type - 1) * 64
        black[BLACK * 8 + piece_type] = (piece_type - 1) * 64
    return white, black


WHITE_OFFSET, BLACK_OFFSET = _feature_offsets()


@njit(cache=True, nogil=True, inline="always")
def perspectives(st: np.ndarray) -> tuple[int, int, int, int]:
    """(White's W1 block start, White's flip, Black's block start, Black's flip): each
    perspective's own king square (as it sees the board) picks its flip and W1 block."""
    white_king = SQ120_TO_64[st[ST_KING + WHITE]]
    black_king = SQ120_TO_64[st[ST_KING + BLACK]] ^ 56
    white_flip = 7 if MIRROR and white_king & 7 >= 4 else 0
    black_flip = 7 if MIRROR and black_king & 7 >= 4 else 0
    return (
        KING_BUCKET[white_king ^ white_flip] * 768,
        white_flip,
        KING_BUCKET[black_king ^ black_flip] * 768,
        black_flip,
    )


@njit(cache=True, nogil=True, inline="always")
def feature_row(view: int, piece: int, sq: int, base: int, flip: int) -> int:
    """The W1 row of ``piece`` on mailbox square ``sq`` as perspective ``view`` sees it."""
    square = SQ120_TO_64[sq]
    if view == WHITE:
        return base + WHITE_OFFSET[piece] + (square ^ flip)
    return base + BLACK_OFFSET[piece] + (square ^ 56 ^ flip)


@njit(cache=True, nogil=True, inline="always")
def _add_row(acc: np.ndarray, row: int) -> None:
    """``acc`` (one perspective's HIDDEN values) plus W1's ``row``. The loop indexes from 0 so
    that Numba's negative-index test folds away and LLVM vectorizes it."""
    weights = W1[row]
    for j in range(HIDDEN):
        acc[j] += weights[j]


@njit(cache=True, nogil=True)
def refresh_accumulator(board: np.ndarray, acc: np.ndarray, view: int, base: int, flip: int) -> None:
    """Perspective ``view``'s accumulator (``acc[view * HIDDEN:]``) from scratch: B1 plus the W1
    row of every piece."""
    own = acc[view * HIDDEN : (view + 1) * HIDDEN]
    for j in range(HIDDEN):
        own[j] = B1[j]
    for square in range(64):
        sq = SQ64_TO_120[square]
        piece = board[sq]
        if piece != 0:
            _add_row(own, feature_row(view, piece, sq, base, flip))


@njit(cache=True, nogil=True, fastmath={"reassoc", "nsz"})
def output_layer(acc: np.ndarray, st: np.ndarray) -> int:
    """The network's value (centipawns, side to move's view) from the two accumulators."""
    us = acc[st[ST_SIDE] * HIDDEN : (st[ST_SIDE] + 1) * HIDDEN]
    them = acc[(1 - st[ST_SIDE]) * HIDDEN : (2 - st[ST_SIDE]) * HIDDEN]
    row = 0
    if OUTPUT_ROWS > 1:  # a compile-time constant: the shipped net's single row costs nothing here
        pieces = 0
        for code in range(PAWN, KING + 1):
            pieces += st[ST_COUNT + WHITE * 8 + code] + st[ST_COUNT + BLACK * 8 + code]
        # The count comes from the search's own board, so it is 2..32; clamped all the same because
        # a bad index here is a segfault, not an exception.
        row = OUT_BUCKET[min(max(pieces, 0), 32)]
    # Float64 arithmetic here is exact (every product and partial sum is an integer below 2**53,
    # checked at load by exactness_error), so the order of the additions cannot change the
    # result; that is what lets "reassoc" vectorize the sum and keeps JIT and no-JIT identical.
    total = 0.0
    if LAYER2 == 0:  # a compile-time constant, as OUTPUT_ROWS
        for j in range(HIDDEN):
            # int64 before squaring: without the JIT, numpy would square an int16 in int16.
            a = np.int64(min(max(us[j], 0), QA))
            b = np.int64(min(max(them[j], 0), QA))
            total += np.float64(a * a) * W2_FLOAT[row, j] + np.float64(b * b) * W2_FLOAT[row, HIDDEN + j]
        return (np.int64(total) + B2[row]) // OUT_DIVISOR
    # The second layer reads the screlu features shifted down 8 bits (0..254), so that with whole
    # weights of at most 258 each unit's sum is an integer below 2**24: exact in float32 in any
    # order, which lets LLVM run it 8 wide (a float64 version ran 5x slower).
    inputs = np.empty(2 * HIDDEN, dtype=np.float32)
    for j in range(HIDDEN):
        a = np.int64(min(max(us[j], 0), QA))
        b = np.int64(min(max(them[j], 0), QA))
        total += np.float64(a * a) * W2_FLOAT[row, j] + np.float64(b * b) * W2_FLOAT[row, HIDDEN + j]
        inputs[j] = np.float32((a * a) >> 8)
        inputs[HIDDEN + j] = np.float32((b * b) >> 8)
    extra = 0
    for k in range(LAYER2):
        weights = W3_F32[k]
        unit = np.float32(0.0)
        for j in range(2 * HIDDEN):
            unit += inputs[j] * weights[j]
        extra += min(max(np.int64(unit) + B3[k], 0), LAYER2_CLAMP) * W4[k]
    return ((np.int64(total) + B2[row]) * LAYER2_SCALE + extra) // (OUT_DIVISOR * LAYER2_SCALE)


@njit(cache=True, nogil=True)
def nnue_evaluate(board: np.ndarray, st: np.ndarray) -> int:
    """The network's evaluation in centipawns from the side to move's view, from scratch."""
    acc = np.empty(2 * HIDDEN, dtype=np.int16)
    white_base, white_flip, black_base, black_flip = perspectives(st)
    refresh_accumulator(board, acc, WHITE, white_base, white_flip)
    refresh_accumulator(board, acc, BLACK, black_base, black_flip)
    return output_layer(acc, st)


@njit(cache=True, nogil=True)
def has_bare_king(st: np.ndarray) -> bool:
    """One side has nothing but its king."""
    for colour in range(2):
        base = ST_COUNT + colour * 8
        if st[base + PAWN] + st[base + KNIGHT] + st[base + BISHOP] + st[base + ROOK] + st[base + QUEEN] == 0:
            return True
    return False


@njit(cache=True, nogil=True, inline="always")
def uses_network(st: np.ndarray, features: int) -> bool:
    """Whether the static evaluation of this position is the network's (see :func:`position_eval`)."""
    return features & FEATURE_NNUE != 0 and not has_bare_king(st)


@njit(cache=True, nogil=True)
def position_eval(board: np.ndarray, st: np.ndarray, features: int) -> int:
    """The search's static evaluation: the network with FEATURE_NNUE, else the hand-written one,
    with the full-strength weights under FEATURE_FULL_EVAL, else the playing levels' weights
    (engine.level_weights). The network is evaluated from scratch here; the search's own
    positions use engine.accumulators.search_eval, the same value from the accumulators kept per ply.

    Against a bare king the hand-written evaluation stays: games in the training data end by
    adjudication long before such endings, so the network never learned to drive a lone king
    to the edge, and the hand-written tables do (with engine.endgames' corner bonus against
    bishop and knight). Against a lone minor piece either evaluation gets engine.endgames' mop-up
    bonus, for the same reason (the hand-written king tables alone left the playing levels
    shuffling, docs/levels.md); elsewhere, with FEATURE_ENDGAME_SCALE, the network's value is
    scaled in known endings and damped by the fifty-move counter (scaled_net_value)."""
    net = nnue_evaluate(board, st) if uses_network(st, features) else 0
    return static_eval_with(board, st, features, net)


@njit(cache=True, nogil=True)
def static_eval_with(board: np.ndarray, st: np.ndarray, features: int, net: int) -> int:
    """position_eval's value given the network's (``net``, when uses_network holds)."""
    if uses_network(st, features):
        if RESIDUAL > 0:
            correction = min(max(net, -RESIDUAL), RESIDUAL)
            return evaluate_with(board, st, WEIGHTS) + correction
        # The network cannot tell a won pawnless ending's good king squares from its bad ones, nor
        # (FEATURE_ENDGAME_SCALE, pending) a drawn ending from a won one or progress from shuffling
        # (engine.endgames). In the endings mop_up rewards (0 everywhere else) the damping and the
        # scale are left out: they are won, and damped the search lost its way in them (Stockfish,
        # too, evaluates its known endings apart from the network).
        bonus = mop_up(st)
        if bonus == 0:
            return scaled_net_value(board, st, net) if features & FEATURE_ENDGAME_SCALE else net
        return net + (bonus if st[ST_SIDE] == WHITE else -bonus)
    value = evaluate_with(board, st, WEIGHTS if features & FEATURE_FULL_EVAL else LEVEL_WEIGHTS)
    if has_bare_king(st):
        # The mop-up bonus here too lost full strength's way in a queen against a knight (it
        # changes how the positions after the knight's capture compare): the search finds those
        # mates. Bishop and knight need the right corner, which no search depth sees.
        corner = kbnk_corner(board, st)
        return value + (corner if st[ST_SIDE] == WHITE else -corner)
    bonus = mop_up(st)
    return value + (bonus if st[ST_SIDE] == WHITE else -bonus)
