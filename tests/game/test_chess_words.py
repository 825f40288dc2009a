"""Side and piece names, and SAN shown with English or Finnish piece letters."""

from __future__ import annotations

import random

import chess
from hypothesis import given, settings
from hypothesis import strategies as st

from chessgui.game.chess_words import (
    FINNISH_LETTERS,
    PieceLetters,
    display_san,
    piece_name,
    piece_plural,
    side_name,
)


@st.composite
def legal_sans(draw: st.DrawFn) -> list[str]:
    """The SAN of every move of a random legal game (promotions, castling, checks included)."""
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    board = chess.Board()
    sans = []
    for _ in range(draw(st.integers(1, 200))):
        moves = list(board.legal_moves)
        if not moves:
            break
        # Prefer promotions and captures now and then so the rarer SAN shapes turn up.
        special = [m for m in moves if m.promotion or board.is_capture(m) or board.is_castling(m)]
        move = rng.choice(special if special and rng.random() < 0.3 else moves)
        sans.append(board.san(move))
        board.push(move)
    return sans


def test_the_finnish_letters_are_a_bijection_on_the_piece_letters() -> None:
    assert set(FINNISH_LETTERS) == {"K", "Q", "R", "B", "N"}
    assert sorted(FINNISH_LETTERS.values()) == sorted({"K", "D", "T", "L", "R"})
    assert len(set(FINNISH_LETTERS.values())) == len(FINNISH_LETTERS)


def test_examples() -> None:
    finnish = PieceLetters.FINNISH
    assert display_san("Nf3", finnish) == "Rf3"
    assert display_san("Rxb7", finnish) == "Txb7"  # the rook's T is not mapped on to anything
    assert display_san("Nbd7", finnish) == "Rbd7"  # b is a file, not a bishop
    assert display_san("bxc3", finnish) == "bxc3"
    assert display_san("exd8=Q#", finnish) == "exd8=D#"
    assert display_san("Bxe5+", finnish) == "Lxe5+"
    assert display_san("Qh4", finnish) == "Dh4"
    assert display_san("O-O-O", finnish) == "O-O-O"
    assert display_san("Kxe2", finnish) == "Kxe2"
    assert display_san("Nf3", PieceLetters.ENGLISH) == "Nf3"


@settings(max_examples=60, deadline=None)
@given(legal_sans())
def test_finnish_letters_change_only_the_piece_letters(sans: list[str]) -> None:
    back = {finnish: english for english, finnish in FINNISH_LETTERS.items()}
    for san in sans:
        shown = display_san(san, PieceLetters.FINNISH)
        assert len(shown) == len(san)
        for original, new in zip(san, shown, strict=True):
            if original in FINNISH_LETTERS:
                assert new == FINNISH_LETTERS[original]
            else:
                assert new == original  # files, ranks, x, =, +, #, O-O untouched
        # Each letter was mapped once: mapping back gives the SAN again.
        assert "".join(back.get(char, char) if char.isupper() and char != "O" else char for char in shown) == san
        assert display_san(san, PieceLetters.ENGLISH) == san


def test_names_without_a_translation_are_english() -> None:
    assert side_name(chess.WHITE) == "White"
    assert side_name(chess.BLACK) == "Black"
    assert piece_name(chess.KNIGHT) == "knight"
    assert piece_plural(chess.BISHOP) == "bishops"


def test_piece_letters_setting_values() -> None:
    assert PieceLetters.from_setting("finnish") is PieceLetters.FINNISH
    assert PieceLetters.from_setting("nonsense") is PieceLetters.ENGLISH
    assert PieceLetters.from_setting(None) is PieceLetters.ENGLISH
