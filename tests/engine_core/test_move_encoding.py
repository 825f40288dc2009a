"""The engine's int32 move encoding: one encoder and named field decoders (engine.position)."""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.position import (
    FLAG_CAPTURE,
    FLAG_CASTLE,
    FLAG_DOUBLE,
    FLAG_EP,
    QUEEN,
    SQ64_TO_120,
    encode_move,
    move_flags,
    move_from,
    move_promo,
    move_to,
    move_to_uci,
)

ALL_FLAGS = (0, FLAG_EP, FLAG_CASTLE, FLAG_DOUBLE, FLAG_CAPTURE, FLAG_EP | FLAG_CAPTURE, 15)


def test_fields_round_trip_on_every_square_pair() -> None:
    for frm in SQ64_TO_120:
        for to in SQ64_TO_120:
            for promo in range(QUEEN + 1):
                flags = ALL_FLAGS[(int(frm) + int(to) + promo) % len(ALL_FLAGS)]
                move = encode_move(int(frm), int(to), promo, flags)
                assert 0 <= move < 2**31  # fits the int32 move buffers
                assert (move_from(move), move_to(move), move_promo(move), move_flags(move)) == (frm, to, promo, flags)


@njit(cache=False, nogil=True)
def _decode_in_jitted_code(moves: np.ndarray) -> np.ndarray:
    out = np.zeros((moves.shape[0], 4), dtype=np.int64)
    for i in range(moves.shape[0]):
        move = moves[i]  # int32, as in the search's move buffers
        out[i, 0] = move_from(move)
        out[i, 1] = move_to(move)
        out[i, 2] = move_promo(move)
        out[i, 3] = move_flags(move)
    return out


def test_jitted_callers_decode_int32_moves_alike() -> None:
    moves = np.array(
        [encode_move(21, 98, 0, 0), encode_move(85, 96, QUEEN, FLAG_CAPTURE), encode_move(25, 27, 0, FLAG_CASTLE)],
        dtype=np.int32,
    )
    assert _decode_in_jitted_code(moves).tolist() == [
        [21, 98, 0, 0],
        [85, 96, QUEEN, FLAG_CAPTURE],
        [25, 27, 0, FLAG_CASTLE],
    ]


def test_uci_text_uses_the_same_fields() -> None:
    assert move_to_uci(encode_move(85, 96, QUEEN, FLAG_CAPTURE)) == "e7f8q"
    assert move_to_uci(encode_move(25, 27, 0, FLAG_CASTLE)) == "e1g1"
