"""Evaluation terms beyond the incremental PST sums (jitted, White's view):
mobility (a table per piece type over its safe squares), pawn structure (passed, doubled,
isolated, connected), rook files, king safety, threats and outposts, bishop pair.

One pass over the board measures mobility and collects, per file, the pawn counts and the most
advanced enemy pawn, packed 4 bits per file into int64 values (files 1..8 of
the mailbox; files 0 and 9 stay empty so neighbours need no bounds checks).
Pawn squares are packed 7 bits each. No allocation, so it is cheap per node.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.attacks import BISHOP_DIRS, KNIGHT_STEPS, ROOK_DIRS
from engine.eval_weights import (
    BISHOP_PAIR_EG,
    BISHOP_PAIR_MG,
    CONNECTED_EG,
    CONNECTED_MG,
    DOUBLED_EG,
    DOUBLED_MG,
    ISOLATED_EG,
    ISOLATED_MG,
    KS_ATTACKER,
    MOBILITY_EG,
    MOBILITY_MAX,
    MOBILITY_MG,
    MOBILITY_SAFE,
    PASSED_EG,
    PASSED_MG,
    ROOK_HALF_OPEN_EG,
    ROOK_HALF_OPEN_MG,
    ROOK_OPEN_EG,
    ROOK_OPEN_MG,
    SHELTER_FAR,
    SHELTER_NEAR,
)
from engine.king_safety import KING_ZONE, king_danger, king_files_and_storm
from engine.passers import passer_terms
from engine.position import (
    BISHOP,
    KING,
    KNIGHT,
    OFFBOARD,
    PAWN,
    QUEEN,
    ROOK,
    ST_COUNT,
    ST_KING,
)
from engine.scaling import bishop_flag
from engine.threats import outpost, pawn_threat, piece_threat

_BLACK_PAWN = 8 + PAWN
_BLACK_ROOK = 8 + ROOK


@njit(cache=True, nogil=True)
def board_terms(board: np.ndarray, st: np.ndarray, w: np.ndarray) -> tuple[int, int, int, int, int]:
    """(middlegame, endgame) score from White's view of everything that needs a
    board scan: piece mobility, passed pawns (engine.passers), doubled,
    isolated and connected pawns, rooks on (half-)open files, threats and outposts
    (engine.threats: the mobility rays and pawn attacks find the attacked pieces),
    king safety (engine.king_safety: the rays also count hits on the enemy king
    zone); third, the square colours of the bishops (engine.scaling.bishop_flag
    bits), fourth and fifth White's and Black's pawns per file (4 bits per mailbox
    file), both for the endgame scaling. One pass, no allocation; the pass stops
    at the last pawn or piece (the counts in ``st`` say how many there are)."""
    w_count = 0  # 4 bits per file
    b_count = 0
    b_highest = 0  # per file: highest rank (1..8) of a black pawn, 0 = none
    w_lowest = 0  # per file: 9 - lowest rank of a white pawn, 0 = none
    w_squares = 0  # 7 bits per pawn
    b_squares = 0
    n_white = 0
    n_black = 0
    w_rooks = 0  # 7 bits per rook (first four)
    b_rooks = 0
    n_wr = 0
    n_br = 0
    w_minors = 0  # 7 bits per knight or bishop (first four: outposts)
    b_minors = 0
    n_wm = 0
    n_bm = 0
    bishops = 0  # engine.scaling.bishop_flag bits
    threat_mg = 0  # engine.threats, White's view
    threat_eg = 0
    w_front = 0  # per file: relative rank, from Black's side, of the most advanced white pawn
    b_front = 0  # per file: rank of the most advanced black pawn (White's view)
    mob_mg = 0
    mob_eg = 0
    white_zone = KING_ZONE[0, st[ST_KING]]  # attacked by Black
    black_zone = KING_ZONE[1, st[ST_KING + 1]]
    w_attackers = 0  # White's pieces hitting Black's king zone ...
    w_weight = 0
    w_hits = 0
    w_queen = False
    b_attackers = 0
    b_weight = 0
    b_hits = 0
    b_queen = False
    # Mobility counts the squares no enemy pawn guards, or (w[MOBILITY_SAFE] == 0, the levels'
    # table) every empty or enemy square: -1 is no piece's code, so no square reads as guarded.
    black_guard = _BLACK_PAWN if w[MOBILITY_SAFE] != 0 else -1  # guards against White's pieces
    white_guard = PAWN if w[MOBILITY_SAFE] != 0 else -1
    # Pawns and pieces (kings add nothing here) still to find: the scan stops at the last one.
    left = 0
    for kind in range(PAWN, KING):
        left += st[ST_COUNT + kind] + st[ST_COUNT + 8 + kind]
    for m in range(21, 99):
        if left <= 0:
            break
        p = board[m]
        if p == 0 or p == OFFBOARD:
            continue
        kind = p & 7
        if kind != KING:
            left -= 1
        if kind == PAWN:
            f = m % 10
            r = m // 10 - 1
            shift = 4 * f
            if p == PAWN:
                w_count += 1 << shift
                seen = (w_lowest >> shift) & 15
                if 9 - r > seen:
                    w_lowest += (9 - r - seen) << shift
                seen = (w_front >> shift) & 15
                if seen == 0 or 9 - r < seen:
                    w_front += (9 - r - seen) << shift
                w_hits += black_zone[m + 9] + black_zone[m + 11]
                t_mg, t_eg = pawn_threat(board[m + 9], 1, w)
                threat_mg += t_mg
                threat_eg += t_eg
                t_mg, t_eg = pawn_threat(board[m + 11], 1, w)
                threat_mg += t_mg
                threat_eg += t_eg
                if n_white < 8:
                    w_squares |= m << (7 * n_white)
                    n_white += 1
            else:
                b_count += 1 << shift
                seen = (b_highest >> shift) & 15
                if r > seen:
                    b_highest += (r - seen) << shift
                seen = (b_front >> shift) & 15
                if seen == 0 or r < seen:
                    b_front += (r - seen) << shift
                b_hits += white_zone[m - 9] + white_zone[m - 11]
                t_mg, t_eg = pawn_threat(board[m - 9], 0, w)
                threat_mg -= t_mg
                threat_eg -= t_eg
                t_mg, t_eg = pawn_threat(board[m - 11], 0, w)
                threat_mg -= t_mg
                threat_eg -= t_eg
                if n_black < 8:
                    b_squares |= m << (7 * n_black)
                    n_black += 1
        elif kind != KING:
            if p < 8:
                reach, hits, t_mg, t_eg = _reach(board, st, m, kind, 1, black_zone, w, black_guard)
                threat_mg += t_mg
                threat_eg += t_eg
                reach = min(reach, MOBILITY_MAX[kind])
                mob_mg += w[MOBILITY_MG[kind] + reach]
                mob_eg += w[MOBILITY_EG[kind] + reach]
                if hits > 0:
                    w_attackers += 1
                    w_weight += w[KS_ATTACKER + kind]
                    w_hits += hits
                    w_queen = w_queen or kind == QUEEN
            else:
                reach, hits, t_mg, t_eg = _reach(board, st, m, kind, 0, white_zone, w, white_guard)
                threat_mg -= t_mg
                threat_eg -= t_eg
                reach = min(reach, MOBILITY_MAX[kind])
                mob_mg -= w[MOBILITY_MG[kind] + reach]
                mob_eg -= w[MOBILITY_EG[kind] + reach]
                if hits > 0:
                    b_attackers += 1
                    b_weight += w[KS_ATTACKER + kind]
                    b_hits += hits
                    b_queen = b_queen or kind == QUEEN
            if p == ROOK:
                if n_wr < 4:
                    w_rooks |= m << (7 * n_wr)
                    n_wr += 1
            elif p == _BLACK_ROOK:
                if n_br < 4:
                    b_rooks |= m << (7 * n_br)
                    n_br += 1
            elif kind == KNIGHT or kind == BISHOP:
                if kind == BISHOP:
                    bishops |= bishop_flag(p >> 3, m)
                if p < 8:
                    if n_wm < 4:
                        w_minors |= m << (7 * n_wm)
                        n_wm += 1
                elif n_bm < 4:
                    b_minors |= m << (7 * n_bm)
                    n_bm += 1
    # King safety: Black's king under White's attack, then White's under Black's.
    danger_mg, danger_eg = king_danger(w_attackers, w_weight, w_hits, w_queen, st[ST_COUNT + QUEEN] > 0, w)
    mg = mob_mg + danger_mg + king_files_and_storm(board, st[ST_KING + 1], False, b_count, w_count, w_front, w)
    eg = mob_eg + danger_eg + threat_eg
    mg += threat_mg
    danger_mg, danger_eg = king_danger(b_attackers, b_weight, b_hits, b_queen, st[ST_COUNT + 8 + QUEEN] > 0, w)
    mg -= danger_mg + king_files_and_storm(board, st[ST_KING], True, w_count, b_count, b_front, w)
    eg -= danger_eg
    for i in range(n_white):
        m = (w_squares >> (7 * i)) & 127
        f = m % 10
        r = m // 10 - 1
        passed = True
        for g in range(f - 1, f + 2):
            if ((b_highest >> (4 * g)) & 15) > r:
                passed = False
        if passed:
            mg += w[PASSED_MG + r]
            eg += w[PASSED_EG + r]
            extra_mg, extra_eg = passer_terms(board, st, m, r, 0, w)
            mg += extra_mg
            eg += extra_eg
        if ((w_count >> (4 * (f - 1))) & 15) == 0 and ((w_count >> (4 * (f + 1))) & 15) == 0:
            mg -= w[ISOLATED_MG]
            eg -= w[ISOLATED_EG]
        if board[m - 1] == PAWN or board[m + 1] == PAWN or board[m - 9] == PAWN or board[m - 11] == PAWN:
            mg += w[CONNECTED_MG + r]
            eg += w[CONNECTED_EG + r]
    for i in range(n_black):
        m = (b_squares >> (7 * i)) & 127
        f = m % 10
        r = m // 10 - 1
        passed = True
        for g in range(f - 1, f + 2):
            v = (w_lowest >> (4 * g)) & 15
            if v != 0 and 9 - v < r:
                passed = False
        if passed:
            mg -= w[PASSED_MG + 9 - r]
            eg -= w[PASSED_EG + 9 - r]
            extra_mg, extra_eg = passer_terms(board, st, m, 9 - r, 1, w)
            mg -= extra_mg
            eg -= extra_eg
        if ((b_count >> (4 * (f - 1))) & 15) == 0 and ((b_count >> (4 * (f + 1))) & 15) == 0:
            mg += w[ISOLATED_MG]
            eg += w[ISOLATED_EG]
        if (
            board[m - 1] == _BLACK_PAWN
            or board[m + 1] == _BLACK_PAWN
            or board[m + 9] == _BLACK_PAWN
            or board[m + 11] == _BLACK_PAWN
        ):
            mg -= w[CONNECTED_MG + 9 - r]
            eg -= w[CONNECTED_EG + 9 - r]
    for f in range(1, 9):
        nw = (w_count >> (4 * f)) & 15
        nb = (b_count >> (4 * f)) & 15
        if nw > 1:
            mg -= w[DOUBLED_MG] * (nw - 1)
            eg -= w[DOUBLED_EG] * (nw - 1)
        if nb > 1:
            mg += w[DOUBLED_MG] * (nb - 1)
            eg += w[DOUBLED_EG] * (nb - 1)
    # Outposts: they need every enemy pawn seen first.
    for i in range(n_wm):
        m = (w_minors >> (7 * i)) & 127
        o_mg, o_eg = outpost(board, m, board[m] & 7, 0, b_highest, w)
        mg += o_mg
        eg += o_eg
    for i in range(n_bm):
        m = (b_minors >> (7 * i)) & 127
        o_mg, o_eg = outpost(board, m, board[m] & 7, 1, w_lowest, w)
        mg -= o_mg
        eg -= o_eg
    # Rooks on open (no pawns) and half-open (no own pawns) files.
    for i in range(n_wr):
        f = ((w_rooks >> (7 * i)) & 127) % 10
        if (w_count >> (4 * f)) & 15 == 0:
            if (b_count >> (4 * f)) & 15 == 0:
                mg += w[ROOK_OPEN_MG]
                eg += w[ROOK_OPEN_EG]
            else:
                mg += w[ROOK_HALF_OPEN_MG]
                eg += w[ROOK_HALF_OPEN_EG]
    for i in range(n_br):
        f = ((b_rooks >> (7 * i)) & 127) % 10
        if (b_count >> (4 * f)) & 15 == 0:
            if (w_count >> (4 * f)) & 15 == 0:
                mg -= w[ROOK_OPEN_MG]
                eg -= w[ROOK_OPEN_EG]
            else:
                mg -= w[ROOK_HALF_OPEN_MG]
                eg -= w[ROOK_HALF_OPEN_EG]
    return mg, eg, bishops, w_count, b_count


@njit(cache=True, nogil=True)
def king_shelter(board: np.ndarray, st: np.ndarray, w: np.ndarray) -> int:
    """Middlegame bonus for own pawns in front of each king, White's view."""
    score = 0
    king = st[ST_KING]
    for d in range(9, 12):
        if board[king + d] == PAWN:
            score += w[SHELTER_NEAR]
        elif board[king + d + 10] == PAWN:
            score += w[SHELTER_FAR]
    king = st[ST_KING + 1]
    for d in range(9, 12):
        if board[king - d] == _BLACK_PAWN:
            score -= w[SHELTER_NEAR]
        elif board[king - d - 10] == _BLACK_PAWN:
            score -= w[SHELTER_FAR]
    return score


@njit(cache=True, nogil=True)
def material_terms(st: np.ndarray, w: np.ndarray) -> tuple[int, int]:
    """(middlegame, endgame) bishop-pair bonus from White's view."""
    mg = 0
    eg = 0
    if st[ST_COUNT + BISHOP] >= 2:
        mg += w[BISHOP_PAIR_MG]
        eg += w[BISHOP_PAIR_EG]
    if st[ST_COUNT + 8 + BISHOP] >= 2:
        mg -= w[BISHOP_PAIR_MG]
        eg -= w[BISHOP_PAIR_EG]
    return mg, eg


_SLIDER_DIRS = np.concatenate((ROOK_DIRS, BISHOP_DIRS))
"""Rook directions, then bishop ones: a queen walks all eight, a rook the first four, a bishop the last four."""


@njit(cache=True, nogil=True, inline="always")
def _reach(
    board: np.ndarray, st: np.ndarray, m: int, kind: int, them: int, zone: np.ndarray, w: np.ndarray, guard: int
) -> tuple[int, int, int, int]:
    """(safe squares a knight, bishop, rook or queen on ``m`` reaches: empty or enemy, and no
    pawn coded ``guard`` attacks them (the enemy pawn, or -1, no piece: every such square counts),
    squares of the enemy king's ``zone`` it attacks whatever stands on them,
    and the middlegame and endgame bonus of its threats on enemy pieces: engine.threats).

    Inlined into the board scan (a call per piece cost more than the knight's walk);
    enemy pawns and the king are skipped before engine.threats.piece_threat, which
    scores neither."""
    count = 0
    hits = 0
    threat_mg = 0
    threat_eg = 0
    # Counted without a branch (empty or enemy: an empty square's colour bits read as White's);
    # only an attacked enemy knight, bishop, rook or queen (rare) branches off to be scored.
    lo_victim = them * 8 + KNIGHT
    hi_victim = them * 8 + QUEEN
    # An enemy pawn guards a square from one rank nearer its own side: Black's from above.
    guard_a = 9 if them == 1 else -9
    guard_b = 11 if them == 1 else -11
    if kind == KNIGHT:
        for i in range(8):
            t = m + KNIGHT_STEPS[i]
            q = board[t]
            hits += zone[t]  # 0 off the board
            if (q == 0) | ((q >> 3) == them):  # on the board: its neighbours are in the mailbox
                count += 1 - ((board[t + guard_a] == guard) | (board[t + guard_b] == guard))
            if lo_victim <= q <= hi_victim:
                t_mg, t_eg = piece_threat(board, st, t, kind, them, w)
                threat_mg += t_mg
                threat_eg += t_eg
        return count, hits, threat_mg, threat_eg
    lo = 4 if kind == BISHOP else 0
    hi = 4 if kind == ROOK else 8
    for i in range(lo, hi):
        d = _SLIDER_DIRS[i]
        t = m + d
        while board[t] == 0:
            count += 1 - ((board[t + guard_a] == guard) | (board[t + guard_b] == guard))
            hits += zone[t]
            t += d
        hits += zone[t]
        q = board[t]
        if (q >> 3) == them:
            count += 1 - ((board[t + guard_a] == guard) | (board[t + guard_b] == guard))
        if lo_victim <= q <= hi_victim:
            t_mg, t_eg = piece_threat(board, st, t, kind, them, w)
            threat_mg += t_mg
            threat_eg += t_eg
    return count, hits, threat_mg, threat_eg
