"""FEN validation: every broken FEN gets its own plain-words reason."""

from __future__ import annotations

import chess
import pytest

from chessgui.storage.fen_check import InvalidFenError, fen_problems, looks_like_fen, looks_like_pgn, parse_fen

START = chess.STARTING_FEN

# (FEN, a phrase the problem list must contain)
INVALID_FENS: list[tuple[str, str]] = [
    ("rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "Black has no king"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", "White has no king"),
    ("4k3/8/8/8/8/8/8/4K2K w - - 0 1", "White has two kings"),
    ("4k2k/8/8/8/8/8/8/4K3 w - - 0 1", "Black has two kings"),
    ("k3k2k/8/8/8/8/8/8/4K3 w - - 0 1", "Black has three kings"),
    ("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "a pawn stands on rank 8"),
    ("4k3/8/8/8/8/8/8/4K2p w - - 0 1", "a pawn stands on rank 1"),
    ("4k3/8/8/8/8/8/8/R3K3 w K - 0 1", "castling right K, but no rook on h1"),
    ("4k3/8/8/8/8/8/8/4K2R w Q - 0 1", "castling right Q, but no rook on a1"),
    ("r3k3/8/8/8/8/8/8/4K3 w k - 0 1", "castling right k, but no rook on h8"),
    ("4k2r/8/8/8/8/8/8/4K3 w q - 0 1", "castling right q, but no rook on a8"),
    ("4k3/8/8/8/8/8/8/3K3R w K - 0 1", "castling right K, but the white king is not on e1"),
    ("r2k4/8/8/8/8/8/8/4K3 w q - 0 1", "castling right q, but the black king is not on e8"),
    ("4k3/8/8/8/8/8/8/4K2R w KK - 0 1", "castling right K is given twice"),
    ("4k3/8/8/8/8/8/8/4K2R w X - 0 1", "unknown castling letter 'X'"),
    ("4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1", "the side not to move is in check"),
    ("4k3/8/8/8/8/8/4q3/4K3 b - - 0 1", "the side not to move is in check"),
    ("4k3/8/8/8/4p3/8/8/4K3 w - e3 0 1", "impossible en passant square e3"),
    ("4k3/8/8/8/8/8/8/4K3 b - e3 0 1", "impossible en passant square e3"),
    ("4k3/8/8/8/8/8/8/4K3 w - e6 0 1", "impossible en passant square e6"),
    ("4k3/8/8/8/4P3/8/4N3/4K3 b - e3 0 1", "impossible en passant square e3"),
    ("4k3/8/8/8/8/8/8/4K3 w - e9 0 1", "en passant square 'e9' is not a square"),
    ("QQQQk3/8/8/8/8/8/PPPPPPPP/4K3 b - - 0 1", "too many pieces for White"),
    ("4k3/8/8/8/8/PPPPPPPP/PPPPPPPP/RNBQKBNR w - - 0 1", "too many pieces for White"),
    ("rnbqkbnr/pppppppp/pppppppp/8/8/8/8/4K3 w - - 0 1", "too many pieces for Black"),
    ("4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", "too many pawns for White"),
    ("4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1", "too many pawns for Black"),
    ("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "expected 8 ranks, found 7"),
    ("rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "expected 8 ranks, found 9"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", "expected at most 6 fields, found 7"),
    ("rnbqkbnr/pppppppp/8/8/8/36/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 3 has 9 squares"),
    ("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 6 has 9 squares"),
    ("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 7 has 7 squares"),
    ("rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "unknown piece letter 'x'"),
    ("rnbqkbnr/pppppppp/8/8/8/08/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "'0' is not a number of empty squares"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move must be w or b"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR white KQkq - 0 1", "side to move must be w or b"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "halfmove clock must be a whole number"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -3 1", "halfmove clock must be a whole number"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 one", "move number must be a whole number"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1.5", "move number must be a whole number"),
    ("8/8/8/8/8/8/8/8 w - - 0 1", "the board is empty"),
    ("4k3/8/8/8/8/8/8/4K3 w - - 99999999999999999999 1", "the halfmove clock can be at most 150"),
    ("4k3/8/8/8/8/8/8/4K3 w - - 151 200", "the halfmove clock can be at most 150"),
    ("4k3/8/8/8/8/8/8/4K3 w - - 0 0", "the move number must be at least 1"),
    ("4k3/8/8/8/4P3/8/8/4K3 b - e3 5 30", "the halfmove clock must be 0"),
    ("4k3/8/8/8/8/8/8/8 w - - 0 1", "White has no king"),
    ("", "the text is empty"),
    ("   \n ", "the text is empty"),
    ("hello world", "expected 8 ranks, found 1"),
    ("4k3/8/8/8/8/8/8/r3K2r w - - 0 1", "impossible check"),
    ("4k3/8/8/8/1b6/3n4/4r3/4K3 w - - 0 1", "no move can give more than a double check"),
]


@pytest.mark.parametrize(("fen", "phrase"), INVALID_FENS, ids=[p for _, p in INVALID_FENS])
def test_invalid_fen_names_its_problem(fen: str, phrase: str) -> None:
    problems = fen_problems(fen)
    assert problems, f"{fen!r} should be invalid"
    assert any(phrase in problem for problem in problems), problems
    with pytest.raises(InvalidFenError) as info:
        parse_fen(fen)
    assert info.value.problems == tuple(problems)
    assert isinstance(info.value, ValueError)


def test_corpus_is_large_enough() -> None:
    assert len({fen for fen, _ in INVALID_FENS}) >= 30


def test_every_problem_is_listed_not_just_the_first() -> None:
    problems = fen_problems("P3k3/8/8/8/8/8/8/4K2K x KQ - 0 1")
    text = "\n".join(problems)
    assert "side to move must be w or b" in text
    assert "castling right K, but no rook on h1" in text
    assert "castling right Q, but no rook on a1" in text
    assert "a pawn stands on rank 8" in text
    assert "White has two kings" in text


def test_valid_fens_have_no_problems() -> None:
    for fen in (
        START,
        "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 3 20",
        "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1",
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",  # stalemate is a legal position
    ):
        assert fen_problems(fen) == []
        assert parse_fen(fen).fen(en_passant="fen") == fen


def test_board_only_fen_infers_castling_and_defaults() -> None:
    board = parse_fen("  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR \n")
    assert board.fen() == START
    board = parse_fen("r3k3/8/8/8/8/8/8/4K2R")
    assert board.turn == chess.WHITE
    assert board.fen() == "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1"


def test_fen_without_counters_and_side_only() -> None:
    assert parse_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3").fen(en_passant="fen") == (
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    )
    assert parse_fen("4k3/8/8/8/8/8/8/4K3 b").fen() == "4k3/8/8/8/8/8/8/4K3 b - - 0 1"
    assert parse_fen("4k3/8/8/8/8/8/8/4K3 w -").fen() == "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
    assert parse_fen("4k3/8/8/8/8/8/8/4K3 w - - 7").fen() == "4k3/8/8/8/8/8/8/4K3 w - - 7 1"


def test_lenient_forms() -> None:
    # lichess URL form, upper-case side
    assert parse_fen("4k3/8/8/8/8/8/8/4K3_b_-_-_0_1").turn == chess.BLACK
    assert parse_fen("4k3/8/8/8/8/8/8/4K3 B - - 0 1").turn == chess.BLACK


def test_counters_at_their_limits_are_valid() -> None:
    # 150 half-moves is the most a game can reach (the 75-move rule ends it there).
    assert parse_fen("4k3/8/8/8/8/8/8/4K3 w - - 150 200").halfmove_clock == 150
    assert parse_fen("4k3/8/8/8/8/8/8/4K3 b - - 7 4").halfmove_clock == 7  # 7 half-moves played before 4...
    assert parse_fen("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 30").ep_square == chess.E3


def test_absurd_halfmove_clock_is_not_an_instant_draw() -> None:
    problems = fen_problems("4k3/8/8/8/8/8/8/4K3 w - - 99999999999999999999 1")
    assert any("the halfmove clock can be at most 150" in problem for problem in problems), problems


def test_clipboard_recognition() -> None:
    assert looks_like_fen(START)
    assert looks_like_fen("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w")  # broken, but meant as a FEN
    assert not looks_like_fen("1. e4 e5 2. Nf3")
    assert not looks_like_fen("just some text")
    assert looks_like_pgn('[Event "x"]\n[White "a"]\n\n1. e4 e5 *')
    assert looks_like_pgn("1. e4 e5 2. Nf3 Nc6 *")
    assert not looks_like_pgn(START)
    assert not looks_like_pgn("hello, see you at 1.30")
