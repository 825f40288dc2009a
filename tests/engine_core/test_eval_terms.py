"""Each evaluation term fires where it should (crafted positions), and the weight table's shape.

A term's contribution is measured as the evaluation with the engine's weights minus
the evaluation with that term's weight blocks set to 0 (engine.evaluate.evaluate_with),
from the side to move's view.
"""

from __future__ import annotations

import chess
import numpy as np
import pytest
from engine_test_helpers import random_positions

from engine.attacks import attacked_by, is_attacked
from engine.eval_weights import WEIGHT_BLOCKS, WEIGHT_NAMES, WEIGHTS
from engine.evaluate import evaluate, evaluate_with
from engine.fen import position_from_board, position_from_fen
from engine.king_safety import KING_ZONE, king_danger
from engine.position import SQ64_TO_120
from engine.scaling import rook_pawn_file

KING_ATTACK = ("ks_attacker", "ks_zone_hit")
KING_FILES = ("ks_semi_open_file_mg", "ks_open_file_mg")
STORM = ("storm_mg", "storm_blocked_mg")


def score(fen: str, zeroed: tuple[str, ...] = ()) -> int:
    """Evaluation of ``fen`` (side to move's view) with the named weight blocks set to 0."""
    weights = WEIGHTS.copy()
    for name in zeroed:
        start, length = WEIGHT_BLOCKS[name]
        weights[start : start + length] = 0
    pos = position_from_fen(fen)
    return int(evaluate_with(pos.board, pos.st, weights))


def score_with(fen: str, **values: int) -> int:
    """Evaluation of ``fen`` (side to move's view) with the named scalar weights set to ``values``."""
    weights = WEIGHTS.copy()
    for name, value in values.items():
        weights[WEIGHT_BLOCKS[name][0]] = value
    pos = position_from_fen(fen)
    return int(evaluate_with(pos.board, pos.st, weights))


def term(fen: str, blocks: tuple[str, ...]) -> int:
    """What the named blocks add to the evaluation of ``fen`` (side to move's view)."""
    return score(fen) - score(fen, blocks)


def mirrored(fen: str) -> str:
    return chess.Board(fen).mirror().fen()


# The weight table ---------------------------------------------------------------------


def test_weight_table_names_every_element_and_blocks_tile_it() -> None:
    assert WEIGHTS.dtype == np.int64
    assert len(WEIGHT_NAMES) == len(WEIGHTS) == len(set(WEIGHT_NAMES))
    covered = [range(start, start + length) for start, length in sorted(WEIGHT_BLOCKS.values())]
    assert [i for block in covered for i in block] == list(range(len(WEIGHTS)))


def test_evaluate_uses_the_weight_table() -> None:
    fen = "r2q1rk1/pp3ppp/2n5/3p4/3P4/2N5/PP3PPP/R2Q1RK1 w - - 0 1"
    pos = position_from_fen(fen)
    assert evaluate(pos.board, pos.st) == evaluate_with(pos.board, pos.st, WEIGHTS)
    assert score(fen, ("tempo",)) == score(fen) - WEIGHTS[WEIGHT_BLOCKS["tempo"][0]]


# King safety --------------------------------------------------------------------------


def _zone(colour: int, king: chess.Square) -> set[chess.Square]:
    row = KING_ZONE[colour, SQ64_TO_120[king]]
    return {sq for sq in chess.SQUARES if row[SQ64_TO_120[sq]]}


def test_king_zone_is_the_ring_plus_two_ranks_forward() -> None:
    g1 = {chess.F1, chess.G1, chess.H1, chess.F2, chess.G2, chess.H2, chess.F3, chess.G3, chess.H3}
    assert _zone(0, chess.G1) == g1
    assert _zone(1, chess.G8) == {chess.square_mirror(sq) for sq in g1}
    assert len(_zone(0, chess.E4)) == 12  # one rank behind, the king's rank, two in front
    assert chess.E6 in _zone(0, chess.E4) and chess.E2 not in _zone(0, chess.E4)
    assert KING_ZONE[0, SQ64_TO_120[chess.A1], 20] == 0  # off the board


def test_king_danger_needs_two_attackers_or_the_queen() -> None:
    w = WEIGHTS
    knight = int(w[WEIGHT_BLOCKS["ks_attacker"][0] + chess.KNIGHT])
    assert king_danger(1, knight, 6, False, True, w) == (0, 0)  # a lone knight
    mg, eg = king_danger(2, 2 * knight, 6, False, True, w)
    assert mg > 0 and eg > 0
    queen = int(w[WEIGHT_BLOCKS["ks_attacker"][0] + chess.QUEEN])
    assert king_danger(1, queen, 6, True, True, w)[0] > 0  # the queen alone
    # Grows faster than linearly, and an attacker without a queen is much weaker.
    assert king_danger(3, 3 * knight, 12, False, True, w)[0] > 2 * mg
    assert king_danger(2, 2 * knight, 6, False, False, w)[0] < mg


@pytest.mark.parametrize(
    "fen",
    [
        # Queen, knight and bishop aim at the castled black king.
        "r1b2rk1/pppp1ppp/2n2q2/4p1N1/2B1P2Q/8/PPPP1PPP/RNB2RK1 w - - 0 1",
        # Queen on h5 and rook on the g-file against g7 and h6.
        "r1b2rk1/pppp1pp1/2n4p/4p2Q/4P3/3B2R1/PPPP1PP1/RNB3K1 w - - 0 1",
    ],
)
def test_attack_on_the_king_zone_favours_the_attacker(fen: str) -> None:
    assert term(fen, KING_ATTACK) > 10
    # The same from the other side of the board.
    assert term(mirrored(fen), KING_ATTACK) > 10


def test_no_attack_no_king_danger() -> None:
    assert term(chess.STARTING_FEN, KING_ATTACK) == 0


def test_open_files_next_to_the_king_cost() -> None:
    closed = "r2q1rk1/pp3ppp/8/8/8/8/PP3PPP/R2Q1RK1 w - - 0 1"
    assert term(closed, KING_FILES) == 0
    # Black's g-pawn gone: a file without black pawns, half-open for White's rooks.
    assert term("r2q1rk1/pp3p1p/8/8/8/8/PP3PPP/R2Q1RK1 w - - 0 1", KING_FILES) > 0
    # Both g-pawns gone: both kings suffer alike.
    assert term("r2q1rk1/pp3p1p/8/8/8/8/PP3P1P/R2Q1RK1 w - - 0 1", KING_FILES) == 0


def test_pawn_storm_on_the_castled_king() -> None:
    # White's g- and h-pawns advanced against Black's king on g8.
    storm = "r2q1rk1/pp3ppp/8/6P1/7P/8/PP3P2/R2Q1RK1 w - - 0 1"
    assert term(storm, STORM) > 0
    assert term(mirrored(storm), STORM) > 0
    # A storming pawn right in front of an own pawn (blocked) counts for less.
    far = "r2q1rk1/pp3p1p/8/8/6p1/8/PP3P1P/R2Q1RK1 w - - 0 1"  # g4 (storm_mg[5], g5, is tuned to 0)
    blocked = "r2q1rk1/pp3p1p/6p1/6P1/8/8/PP3P1P/R2Q1RK1 w - - 0 1"
    assert term(far, STORM) < 0  # Black's g-pawn storms White's king
    # (The blocker storms back, blocked too: the two nearly cancel, 0 with today's weights.)
    assert term(blocked, STORM) < term("r2q1rk1/pp3p1p/8/6P1/8/8/PP3P1P/R2Q1RK1 w - - 0 1", STORM)


# Passed pawns -------------------------------------------------------------------------

PASSER_CONNECTED = ("passer_connected_mg", "passer_connected_eg")
PASSER_FREE = ("passer_free_mg", "passer_free_eg", "passer_safe_mg", "passer_safe_eg")
PASSER_KINGS = ("passer_king_theirs_eg", "passer_king_ours_eg")
UNSTOPPABLE = ("passer_unstoppable_eg",)


def test_connected_passers_are_worth_more() -> None:
    assert term("8/5k2/8/1PP5/8/8/6K1/8 w - - 0 1", PASSER_CONNECTED) > 0  # side by side
    assert term("8/5k2/8/1P6/2P5/8/6K1/8 w - - 0 1", PASSER_CONNECTED) > 0  # one defends the other
    assert term("8/5k2/8/1P4P1/8/8/6K1/8 w - - 0 1", PASSER_CONNECTED) == 0  # apart


def test_free_path_counts_only_when_the_stop_square_is_empty_and_safe() -> None:
    free = "8/8/1P6/8/8/6k1/8/6K1 w - - 0 1"
    blocked = "8/1n6/1P6/8/8/6k1/8/6K1 w - - 0 1"
    attacked = "2r5/8/1P6/8/8/6k1/8/6K1 w - - 0 1"  # the rook covers b7
    assert term(free, PASSER_FREE) > term(attacked, PASSER_FREE) > term(blocked, PASSER_FREE) == 0


def test_kings_near_the_stop_square() -> None:
    own_king_near = "8/8/8/2K5/1P6/8/8/6k1 w - - 0 1"
    enemy_king_near = "8/8/8/2k5/1P6/8/8/6K1 b - - 0 1"
    assert term(own_king_near, PASSER_KINGS) > 0
    assert term(enemy_king_near, PASSER_KINGS) > 0  # Black's view: its king blocks the pawn


def test_rule_of_the_square() -> None:
    # The black king on h6 cannot catch the a-pawn; on c5 it can.
    assert term("8/8/7k/8/P7/8/8/6K1 w - - 0 1", UNSTOPPABLE) > 0
    assert term("8/8/8/2k5/P7/8/8/6K1 w - - 0 1", UNSTOPPABLE) == 0
    # The side to move matters: a king one step outside the square catches the pawn if it moves first.
    assert term("8/8/8/5k2/P7/8/8/6K1 w - - 0 1", UNSTOPPABLE) > 0
    assert term("8/8/8/5k2/P7/8/8/6K1 b - - 0 1", UNSTOPPABLE) == 0
    # A knight can stop it: no bonus while the enemy has pieces.
    assert term("8/8/7k/8/P7/8/8/5nK1 w - - 0 1", UNSTOPPABLE) == 0


# Threats and outposts (engine.threats) -------------------------------------------------

PAWN_THREAT = ("threat_by_pawn_mg", "threat_by_pawn_eg")
PIECE_THREAT = ("threat_by_minor_mg", "threat_by_minor_eg", "threat_by_rook_mg", "threat_by_rook_eg")
HANGING = ("hanging_mg", "hanging_eg")
OUTPOST = ("outpost_mg", "outpost_eg")
THREATS = PAWN_THREAT + PIECE_THREAT + HANGING


def test_pawn_attacking_a_piece() -> None:
    fork = "4k3/8/8/2n1b3/3P4/8/8/4K3 w - - 0 1"  # d4 attacks c5 and e5
    assert term(fork, PAWN_THREAT) > 0
    assert term(mirrored(fork), PAWN_THREAT) > 0
    assert term("4k3/8/8/3n4/3P4/8/8/4K3 w - - 0 1", PAWN_THREAT) == 0  # blocked, not attacked
    # Pawns attacking pawns (always mutual) and a pawn giving check score nothing.
    assert term("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", PAWN_THREAT) == 0
    assert term("8/8/8/3k4/4P3/8/8/4K3 b - - 0 1", PAWN_THREAT) == 0


def test_lesser_piece_attacking_a_bigger_one() -> None:
    # The knight attacks the queen (defended by the king: still a threat, the knight is worth less).
    assert term("4k3/3q4/8/4N3/8/8/8/4K3 w - - 0 1", PIECE_THREAT) > 0
    assert term("4k3/3q4/8/4N3/8/8/8/4K3 w - - 0 1", HANGING) == 0  # a lesser attacker: no hanging test
    # Knights attacking each other, both defended by pawns: no threat.
    assert term("4k3/8/3p4/2n5/8/3N4/4P3/4K3 w - - 0 1", PIECE_THREAT + HANGING) == 0


def test_hanging_piece_is_penalised_for_its_side() -> None:
    undefended = "4k3/8/8/2n5/8/8/8/2R1K3 w - - 0 1"  # the rook attacks the loose knight
    defended = "4k3/8/3p4/2n5/8/8/8/2R1K3 w - - 0 1"
    assert term(undefended, HANGING) > 0
    assert term(defended, HANGING) == 0
    assert term(mirrored(undefended), HANGING) > 0
    # Seen from the owner of the loose knight (Black to move), the threats count against it.
    assert term(undefended.replace(" w ", " b "), THREATS) < 0
    # A queen attacking a loose rook: only the hanging bonus (queens have no threat table).
    assert term("4k3/8/8/2r5/8/8/8/2Q1K3 w - - 0 1", HANGING) > 0


def test_knight_outpost_is_rewarded() -> None:
    outpost_fen = "4k3/pp4pp/8/3N4/4P3/8/8/4K3 w - - 0 1"
    assert term(outpost_fen, OUTPOST) > 0
    assert term(mirrored(outpost_fen), OUTPOST) > 0
    assert term(outpost_fen.replace(" w ", " b "), OUTPOST) < 0  # Black's view
    assert term("4k3/pp2p1pp/8/3N4/4P3/8/8/4K3 w - - 0 1", OUTPOST) == 0  # e7 pawn can chase it away
    assert term("4k3/pp4pp/8/3N4/8/8/8/4K3 w - - 0 1", OUTPOST) == 0  # no pawn support
    assert term("4k3/pp4pp/8/8/8/3N4/4P3/4K3 w - - 0 1", OUTPOST) == 0  # rank 3: not an outpost
    # A bishop on an outpost counts too (its own block element; in this near-endgame its fitted
    # endgame weight, about 0, decides the sign, so only that the term fires is checked).
    assert term("4k3/pp4pp/8/3B4/4P3/8/8/4K3 w - - 0 1", OUTPOST) != 0


# Endgame scaling (engine.scaling) -----------------------------------------------------

SCALES = ("scale_pawnless", "scale_ocb_pure", "scale_ocb_pieces")


@pytest.mark.parametrize(
    "fen",
    [
        "8/8/4k3/8/8/2B5/8/4K3 w - - 0 1",  # a bishop cannot mate
        "8/8/4k3/8/8/2N5/3N4/4K3 w - - 0 1",  # nor can two knights
        "8/8/4k3/4p3/8/2N5/8/4K3 w - - 0 1",  # a knight against a pawn: White cannot win
        "7k/8/6K1/8/7P/8/8/8 w - - 0 1",  # rook pawn, defending king in the corner
        "6k1/8/8/4K3/7P/8/4B3/8 w - - 0 1",  # wrong-coloured bishop: h8 is dark, the bishop light
        "8/6k1/8/4K3/7P/7P/4B3/8 b - - 0 1",  # two wrong rook pawns, the king next to the corner
    ],
)
def test_known_draws_evaluate_to_zero(fen: str) -> None:
    assert score(fen) == 0
    assert score(mirrored(fen)) == 0


def test_right_coloured_bishop_or_far_king_still_wins() -> None:
    assert score("6k1/8/8/4K3/7P/8/8/2B5 w - - 0 1") > 200  # the bishop controls h8
    assert score("8/8/8/4K3/2k4P/8/3B4/8 w - - 0 1") > 200  # the king is far from the corner
    assert score("8/8/8/4K3/2k5/8/1P6/8 w - - 0 1") > 100  # a knight pawn is no rook pawn


def test_pawnless_one_minor_up_is_drawish() -> None:
    rook_v_knight = "4k3/8/8/2n5/8/8/8/R3K3 w - - 0 1"
    assert 0 < term(rook_v_knight, ("scale_pawnless",))  # zeroing the scale makes it 0 (a draw-like score)
    assert 0 < score(rook_v_knight) < 120
    # A queen against a knight is not drawish.
    assert score("4k3/8/8/2n5/8/8/8/Q3K3 w - - 0 1") > 500


def test_opposite_coloured_bishops_are_drawish() -> None:
    ocb = "4k3/8/8/2b5/8/2PP4/2B5/4K3 w - - 0 1"  # two pawns up, bishops on different colours
    same = "4k3/8/8/3b4/8/2PP4/2B5/4K3 w - - 0 1"
    assert 0 < score(ocb) < score(same) * 3 // 4
    assert score(mirrored(ocb)) == score(ocb)
    assert term(same, SCALES) == 0
    # With rooks on the board the scale is scale_ocb_pieces (tuned to 64: no effect), not _pure.
    with_rooks = "r3k3/8/8/2b5/8/2PP4/2B5/R3K3 w - - 0 1"
    assert term(with_rooks, ("scale_ocb_pure",)) == 0
    assert score_with(with_rooks, scale_ocb_pieces=16) < score_with(with_rooks, scale_ocb_pieces=48)


def test_pawn_threat_padding_is_dead() -> None:
    # Every element of the pawn-threat blocks set, padding included (types 0, 1, 6, 7): pawns
    # attacking empty squares, pawns or the king must still score nothing, for either colour.
    weights = WEIGHTS.copy()
    for name in PAWN_THREAT:
        start, length = WEIGHT_BLOCKS[name]
        weights[start : start + length] = 0
        for kind in (0, 1, 6, 7):
            weights[start + kind] = 50
    for fen in ("4k3/3p4/8/8/8/8/4P3/4K3 w - - 0 1", "8/8/3k4/4P3/3p4/8/8/4K3 b - - 0 1"):
        pos = position_from_fen(fen)
        assert evaluate_with(pos.board, pos.st, weights) == score(fen, PAWN_THREAT)


# Shortcuts the evaluation takes for speed: exactly what they replace ----------------------


def test_attacked_by_agrees_with_is_attacked_on_every_square() -> None:
    # attacked_by finds the king by st's square and skips kinds st says are absent;
    # it must answer like is_attacked (and python-chess) everywhere, for both sides.
    for board in random_positions(150, seed=23, max_plies=160):
        pos = position_from_board(board)
        for sq in chess.SQUARES:
            m = int(SQ64_TO_120[sq])
            for by in (0, 1):
                expected = board.is_attacked_by(chess.WHITE if by == 0 else chess.BLACK, sq)
                assert is_attacked(pos.board, m, by) == expected, (board.fen(), sq, by)
                assert attacked_by(pos.board, pos.st, m, by) == expected, (board.fen(), sq, by)


@pytest.mark.parametrize(
    ("files", "expected"),
    [
        ({}, 0),
        ({1: 1}, 1),
        ({1: 3}, 1),
        ({8: 2}, 8),
        ({1: 1, 8: 1}, 0),
        ({2: 1}, 0),
        ({1: 1, 2: 1}, 0),
        ({7: 1, 8: 1}, 0),
    ],
)
def test_rook_pawn_file_from_pawn_counts(files: dict[int, int], expected: int) -> None:
    # 4 bits per mailbox file (1 = a .. 8 = h), as engine.pawns.board_terms counts pawns.
    packed = sum(count << (4 * f) for f, count in files.items())
    assert rook_pawn_file(packed) == expected


def test_connected_pawns_phalanx_or_defended() -> None:
    # Kings and pawns only: phase 0, so a term is its endgame weight exactly.
    start, _ = WEIGHT_BLOCKS["connected_eg"]
    rank4 = int(WEIGHTS[start + 4])
    assert term("4k3/8/8/8/3PP3/8/8/4K3 w - - 0 1", ("connected_mg", "connected_eg")) == 2 * rank4  # phalanx
    # d3 defends e4: e4 counts, d3 (defended by nothing, beside nothing) does not.
    assert term("4k3/8/8/8/4P3/3P4/8/4K3 w - - 0 1", ("connected_mg", "connected_eg")) == rank4
    assert term("4k3/8/8/8/3P4/8/P7/4K3 w - - 0 1", ("connected_mg", "connected_eg")) == 0  # apart
    # Black's side, from White's view: the same structure mirrored costs White as much.
    assert term("4k3/8/8/3pp3/8/8/8/4K3 w - - 0 1", ("connected_mg", "connected_eg")) == -2 * rank4


@pytest.mark.parametrize(("safe", "counted"), [(1, 5), (0, 6)])
def test_mobility_counts_only_squares_no_enemy_pawn_guards(safe: int, counted: int) -> None:
    # A knight on e2 reaches c1, c3, d4, f4, g1, g3 (not d2's pawn): Black's c5 guards d4, so it
    # counts 5; with ``mobility_safe`` 0 (the playing levels' table) every one of the 6 counts.
    from engine.pawns import board_terms

    pos = position_from_fen("4k3/8/8/2p5/8/8/3PN3/4K3 w - - 0 1")
    start, _ = WEIGHT_BLOCKS["mobility_knight_mg"]
    switch, _ = WEIGHT_BLOCKS["mobility_safe"]
    weights = WEIGHTS.copy()
    weights[switch] = safe
    weights[start : start + 9] = np.arange(9) * 1000  # 1000 cp per counted square in the middlegame
    mg, _, _, _, _ = board_terms(pos.board, pos.st, weights)
    base = weights.copy()
    base[start : start + 9] = 0
    mg0, _, _, _, _ = board_terms(pos.board, pos.st, base)
    assert mg - mg0 == counted * 1000
