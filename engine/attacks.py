"""Attack detection on the mailbox board (jitted)."""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.position import (
    BISHOP,
    KING,
    KNIGHT,
    PAWN,
    QUEEN,
    ROOK,
    SQ64_TO_120,
    SQ120_TO_64,
    ST_CHECKED,
    ST_COUNT,
    ST_KING,
    WHITE,
)

KNIGHT_STEPS = np.array([-21, -19, -12, -8, 8, 12, 19, 21], dtype=np.int64)
KING_STEPS = np.array([-11, -10, -9, -1, 1, 9, 10, 11], dtype=np.int64)
BISHOP_DIRS = np.array([-11, -9, 9, 11], dtype=np.int64)
ROOK_DIRS = np.array([-10, -1, 1, 10], dtype=np.int64)


def _line_steps() -> np.ndarray:
    """LINE_STEP[a, b]: the step (a BISHOP_DIRS or ROOK_DIRS entry) that leads from mailbox
    square ``a`` to ``b`` along a diagonal, file or rank; 0 if the two share none. A difference
    of squares alone cannot tell (c1 + 5 * 9 is h5, not on c1's diagonal), so the rays are walked."""
    steps = np.zeros((120, 120), dtype=np.int8)
    for a in SQ64_TO_120:
        for d in (*BISHOP_DIRS, *ROOK_DIRS):
            t = a + d
            while SQ120_TO_64[t] >= 0:
                steps[a, t] = d
                t += d
    return steps


LINE_STEP = _line_steps()


@njit(cache=True, nogil=True)
def is_attacked(board: np.ndarray, sq: int, by: int) -> bool:
    """True if side ``by`` attacks mailbox square ``sq``."""
    base = by * 8
    # Pawns: a White pawn attacks +9/+11, so it sits at sq-9 / sq-11.
    if by == WHITE:
        if board[sq - 9] == base + PAWN or board[sq - 11] == base + PAWN:
            return True
    else:
        if board[sq + 9] == base + PAWN or board[sq + 11] == base + PAWN:
            return True
    knight = base + KNIGHT
    for i in range(8):
        if board[sq + KNIGHT_STEPS[i]] == knight:
            return True
    king = base + KING
    for i in range(8):
        if board[sq + KING_STEPS[i]] == king:
            return True
    bishop = base + BISHOP
    rook = base + ROOK
    queen = base + QUEEN
    for i in range(4):
        d = BISHOP_DIRS[i]
        t = sq + d
        while board[t] == 0:
            t += d
        p = board[t]
        if p == bishop or p == queen:
            return True
    for i in range(4):
        d = ROOK_DIRS[i]
        t = sq + d
        while board[t] == 0:
            t += d
        p = board[t]
        if p == rook or p == queen:
            return True
    return False


@njit(cache=True, nogil=True)
def in_check(board: np.ndarray, st: np.ndarray) -> bool:
    """True if the side to move is in check (``st[ST_CHECKED]``: make_move works it out once for
    the position it leaves, so neither the move loop nor the child node tests it again)."""
    return st[ST_CHECKED] != 0


@njit(cache=True, nogil=True, inline="always")
def _is_straight(d: int) -> bool:
    """Whether line step ``d`` runs along a rank or file (else a diagonal)."""
    return d == 1 or d == -1 or d == 10 or d == -10


@njit(cache=True, nogil=True, inline="always")
def _slides_along(piece: int, colour: int, d: int) -> bool:
    """Whether ``piece`` is ``colour``'s queen, or its rook on a straight line step ``d`` or its
    bishop on a diagonal one."""
    base = colour * 8
    return piece == base + QUEEN or piece == base + (ROOK if _is_straight(d) else BISHOP)


@njit(cache=True, nogil=True)
def exposes_king(board: np.ndarray, king: int, vacated: int, by: int) -> bool:
    """True if side ``by`` attacks the king on ``king`` along the line through ``vacated``.

    When a side that was not in check makes a move other than a king move or en passant, this
    is the only attack on its king the move can open: the square it left is the only one
    emptied (a capture puts the capturer where the captured piece stood), so only a slider whose
    line to the king ran through that square can be uncovered. One ray instead of every attacker."""
    d = np.int64(LINE_STEP[king, vacated])
    if d == 0:
        return False
    t = king + d
    while board[t] == 0:
        t += d
    return _slides_along(board[t], by, d)


@njit(cache=True, nogil=True)
def attacked_by(board: np.ndarray, st: np.ndarray, sq: int, by: int) -> bool:
    """Exactly :func:`is_attacked` (side ``by`` attacks mailbox square ``sq``), cheaper for the
    evaluation: the king is found by its square in ``st`` (one test instead of eight reads),
    and the piece counts in ``st`` skip the knight jumps and the diagonal or straight rays
    when ``by`` has no piece that could use them."""
    base = by * 8
    if by == WHITE:
        if board[sq - 9] == PAWN or board[sq - 11] == PAWN:
            return True
    elif board[sq + 9] == base + PAWN or board[sq + 11] == base + PAWN:
        return True
    # Mailbox squares next to each other differ by 1, 9, 10 or 11 (the border keeps files apart).
    gap = abs(st[ST_KING + by] - sq)
    if gap == 1 or 9 <= gap <= 11:
        return True
    count = ST_COUNT + base
    if st[count + KNIGHT] > 0:
        knight = base + KNIGHT
        for i in range(8):
            if board[sq + KNIGHT_STEPS[i]] == knight:
                return True
    queens = st[count + QUEEN]
    if st[count + BISHOP] + queens > 0:
        bishop = base + BISHOP
        queen = base + QUEEN
        for i in range(4):
            d = BISHOP_DIRS[i]
            t = sq + d
            while board[t] == 0:
                t += d
            p = board[t]
            if p == bishop or p == queen:
                return True
    if st[count + ROOK] + queens > 0:
        rook = base + ROOK
        queen = base + QUEEN
        for i in range(4):
            d = ROOK_DIRS[i]
            t = sq + d
            while board[t] == 0:
                t += d
            p = board[t]
            if p == rook or p == queen:
                return True
    return False


@njit(cache=True, nogil=True, inline="always")
def _uncovered(board: np.ndarray, king: int, frm: int, to: int) -> tuple[int, int]:
    """(piece, step): the piece a quiet move from ``frm`` to ``to`` uncovers on the line from
    ``king`` through ``frm``, on the board before the move, and that line's step; (0, 0) if the
    two squares share no line, something between them shields the king (the mover on ``to``
    too), or the move stays on the line."""
    d = np.int64(LINE_STEP[king, frm])
    if d == 0:
        return 0, 0
    t = king + d
    while board[t] == 0 and t != to:
        t += d
    if t != frm:
        return 0, 0
    t = frm + d
    while board[t] == 0 and t != to:
        t += d
    if t == to:
        return 0, 0
    return board[t], d  # type: ignore[return-value]  # numpy int64 scalars; Numba treats them as int


@njit(cache=True, nogil=True)
def quiet_move_is_legal(board: np.ndarray, st: np.ndarray, frm: int, to: int) -> bool:
    """Whether the quiet move (no capture, no promotion, not castling) from ``frm`` to ``to``
    keeps the mover's king safe, for a side that is **not in check**, on the board before it.
    What make_move's own test answers after it, without making the move."""
    side = board[frm] >> 3
    king = st[ST_KING + side]
    if frm == king:
        # The king's square is left empty, so a slider behind it on the line sees the target.
        board[frm] = 0
        attacked = attacked_by(board, st, to, side ^ 1)
        board[frm] = side * 8 + KING
        return not attacked
    piece, d = _uncovered(board, king, frm, to)
    return d == 0 or not _slides_along(piece, side ^ 1, d)


@njit(cache=True, nogil=True)
def quiet_move_gives_check(board: np.ndarray, st: np.ndarray, frm: int, to: int) -> bool:
    """Whether the quiet move (no capture, no promotion, not castling) from ``frm`` to ``to``
    checks the opponent's king, on the board before it: the moved piece itself, or a slider of
    the mover's uncovered on the line through ``frm``. What in_check answers after make_move."""
    piece = board[frm]
    side = piece >> 3
    enemy_king = st[ST_KING + (side ^ 1)]
    kind = piece & 7
    # The moved piece from its new square (``frm`` is empty then, ``to`` taken).
    if kind == PAWN:
        ahead = to + 10 if side == WHITE else to - 10
        if enemy_king == ahead - 1 or enemy_king == ahead + 1:
            return True
    elif kind == KNIGHT:
        for i in range(8):
            if to + KNIGHT_STEPS[i] == enemy_king:
                return True
    elif kind != KING:
        d = np.int64(LINE_STEP[to, enemy_king])
        if d != 0 and (kind == QUEEN or (kind == ROOK) == _is_straight(d)):
            t = to + d
            while t != enemy_king and (board[t] == 0 or t == frm):
                t += d
            if t == enemy_king:
                return True
    behind, d = _uncovered(board, enemy_king, frm, to)
    return d != 0 and _slides_along(behind, side, d)
