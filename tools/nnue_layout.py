"""The evaluation network's input and output layout, as the trainer (tools/nnue_train.py) sees it;
engine/nnue.py computes the same features from its own board (tests/engine_core/test_nnue.py
checks that they agree).

* Inputs: per perspective, one of 768 rows per (piece colour relative to the perspective, piece
  type, square seen from the perspective's side) in the W1 block of its own king's bucket
  (LAYOUTS), the board flipped left-right for a king on files e-h when the layout mirrors;
  :func:`features` gives each position's rows, padded to 32 with :func:`pad_index`.
* Outputs: the W2 row of a position by its piece count (:func:`output_buckets`).
"""

from __future__ import annotations

import numpy as np

LAYOUTS: dict[str, tuple[list[int], int]] = {
    "flat": ([0] * 64, 0),
    "mirror": ([0] * 64, 1),
    # The own king, mirrored to files a-d: castled (a1-c1), at home (d1), on the second rank,
    # further up (the endgame, or a king under attack).
    "k4": ([0, 0, 0, 1, 1, 1, 1, 1] + [2] * 8 + [3] * 48, 1),
    # k4's blocks split (:func:`parent_buckets`): each back-rank and second-rank square its own,
    # ranks 3 and 4 by pairs of files, ranks 5-6 and 7-8 by halves of the board (Bullet-style
    # nets' finer buckets where the king stands in the middlegame). Files e-h repeat a-d mirrored.
    "k16": (
        [0, 1, 2, 3, 3, 2, 1, 0]
        + [4, 5, 6, 7, 7, 6, 5, 4]
        + [8, 8, 9, 9, 9, 9, 8, 8]
        + [10, 10, 11, 11, 11, 11, 10, 10]
        + [12, 12, 13, 13, 13, 13, 12, 12] * 2
        + [14, 14, 15, 15, 15, 15, 14, 14] * 2,
        1,
    ),
}
"""Input layouts by name: the W1 block of each own-king square (as the perspective sees it,
after the flip) and whether a king on files e-h flips the board left-right (engine/nnue.py)."""


def layout(name: str) -> tuple[np.ndarray, int]:
    """The king-bucket table and mirror flag of a LAYOUTS entry."""
    buckets, mirror = LAYOUTS[name]
    return np.array(buckets, dtype=np.int64), mirror


def used_squares(mirror: int) -> np.ndarray:
    """The own-king squares a perspective can see: files a-d when the layout mirrors, else all."""
    squares = np.arange(64)
    return squares[(squares & 7) < 4] if mirror else squares


def parent_buckets(old: np.ndarray, new: np.ndarray, mirror: int) -> np.ndarray:
    """For each of ``new``'s king buckets, the bucket of ``old`` its squares all belong to, so a
    network can move to the finer layout with each new W1 block a copy of its parent's.

    Raises ValueError if a new bucket spans squares of two old ones (``new`` does not refine ``old``)
    or holds no square a perspective can see."""
    parents = np.full(int(new.max()) + 1, -1, dtype=np.int64)
    for square in used_squares(mirror):
        child, parent = int(new[square]), int(old[square])
        if parents[child] not in (-1, parent):
            raise ValueError(f"king bucket {child} spans the old buckets {parents[child]} and {parent}")
        parents[child] = parent
    if (parents < 0).any():
        raise ValueError(f"king bucket {int(np.argmax(parents < 0))} holds no square a king can stand on")
    return parents


def output_buckets(count: int) -> np.ndarray:
    """The W2 row of each piece count 0..32 (kings included) for ``count`` output buckets: equal
    ranges of the 31 counts 2..32, so 8 buckets split them as Bullet's trainers do ((pieces - 2) // 4)."""
    width = -(-31 // count)
    return np.array([min(count - 1, max(0, pieces - 2) // width) for pieces in range(33)], dtype=np.int64)


def piece_counts(board: np.ndarray) -> np.ndarray:
    """The number of pieces (kings included) of each row of 64 piece codes."""
    return (board > 0).sum(axis=1).astype(np.int64)


def pad_index(king_bucket: np.ndarray) -> int:
    """Feature index of an empty slot (a zero row): the first past the 768-row blocks."""
    return 768 * (int(king_bucket.max()) + 1)


def features(
    board: np.ndarray, stm: np.ndarray, king_bucket: np.ndarray | None = None, mirror: int = 0, chunk: int = 200_000
) -> tuple[np.ndarray, np.ndarray]:
    """Feature indices [N, 32] of the side to move's and the other side's perspective (filled
    with :func:`pad_index`)."""
    if king_bucket is None:
        king_bucket = np.zeros(64, dtype=np.int64)
    pad = pad_index(king_bucket)
    n = len(board)
    us = np.empty((n, 32), dtype=np.int16)
    them = np.empty((n, 32), dtype=np.int16)
    for start in range(0, n, chunk):  # a chunk at a time: millions of rows fit in memory as int16 only
        stop = min(n, start + chunk)
        codes = board[start:stop].astype(np.int64)  # 0 empty, 1..6 White, 7..12 Black
        squares = np.arange(64, dtype=np.int64)[None, :]
        occupied = codes > 0
        piece_white = codes <= 6
        piece_type = np.where(piece_white, codes - 1, codes - 7)
        white_king = np.argmax(codes == 6, axis=1)
        black_king = np.argmax(codes == 12, axis=1) ^ 56
        white_flip = np.where(mirror & (white_king & 7 >= 4), 7, 0)
        black_flip = np.where(mirror & (black_king & 7 >= 4), 7, 0)
        white_base = (king_bucket[white_king ^ white_flip] * 768)[:, None]
        black_base = (king_bucket[black_king ^ black_flip] * 768)[:, None]
        white_sq = squares ^ white_flip[:, None]
        black_sq = squares ^ 56 ^ black_flip[:, None]
        white_view = np.where(occupied, white_base + np.where(piece_white, 0, 384) + piece_type * 64 + white_sq, pad)
        black_view = np.where(occupied, black_base + np.where(piece_white, 384, 0) + piece_type * 64 + black_sq, pad)
        # Occupied squares first, then the pad index: a stable sort on "empty" keeps 32 slots.
        order = np.argsort(~occupied, axis=1, kind="stable")[:, :32]
        white_view = np.take_along_axis(white_view, order, axis=1)
        black_view = np.take_along_axis(black_view, order, axis=1)
        white_to_move = (stm[start:stop] == 1)[:, None]
        us[start:stop] = np.where(white_to_move, white_view, black_view)
        them[start:stop] = np.where(white_to_move, black_view, white_view)
    return us, them
