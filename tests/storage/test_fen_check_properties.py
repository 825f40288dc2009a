"""Property tests for the FEN checker: any text gives a playable board or plain-words problems."""

from __future__ import annotations

import chess
from hypothesis import given, settings
from hypothesis import strategies as st

from chessgui.storage.fen_check import InvalidFenError, fen_problems, parse_fen

_FIELD_TEXT = st.text(alphabet="0123456789-wbKQkqacehx/", min_size=0, max_size=24)
_COUNTER = st.one_of(st.integers(min_value=-5, max_value=10**25).map(str), _FIELD_TEXT)


@st.composite
def fen_like(draw: st.DrawFn) -> str:
    """A FEN of a random (often illegal) position with random side, castling, en passant and counters."""
    board = chess.Board.empty()
    for square in draw(st.lists(st.sampled_from(chess.SQUARES), max_size=20, unique=True)):
        board.set_piece_at(square, chess.Piece.from_symbol(draw(st.sampled_from("pnbrqkPNBRQK"))))
    for color in chess.COLORS:
        if draw(st.booleans()) and board.king(color) is None:
            empty = [s for s in chess.SQUARES if board.piece_at(s) is None]
            if empty:
                board.set_piece_at(draw(st.sampled_from(empty)), chess.Piece(chess.KING, color))
    fields = [
        board.board_fen(),
        draw(st.sampled_from(["w", "b", "W", "x"])),
        draw(st.sampled_from(["-", "KQkq", "K", "q", "Kk", "X"])),
        draw(st.sampled_from(["-", "e3", "e6", "d6", "a3", "z9"])),
        draw(_COUNTER),
        draw(_COUNTER),
    ]
    return " ".join(fields[: draw(st.integers(min_value=1, max_value=6))])


def _check(text: str) -> None:
    problems = fen_problems(text)
    try:
        board = parse_fen(text)
    except InvalidFenError as error:
        assert problems and list(error.problems) == problems
        assert all(isinstance(problem, str) and problem for problem in problems)
        return
    assert problems == []
    # Whatever is accepted can be played from: legal, sane counters, same position when written back.
    assert board.status() == chess.STATUS_VALID
    assert 0 <= board.halfmove_clock <= 150
    assert board.fullmove_number >= 1
    if board.ep_square is not None:
        assert board.halfmove_clock == 0
    assert parse_fen(board.fen(en_passant="fen")) == board


@settings(max_examples=400, deadline=None)
@given(fen_like())
def test_fen_like_text_is_accepted_only_when_playable(text: str) -> None:
    _check(text)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=80))
def test_any_text_gives_problems_not_a_crash(text: str) -> None:
    _check(text)
