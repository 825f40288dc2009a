"""Fuzzing the FEN checker: damaged real FENs and random text give a board or InvalidFenError in words.

Each input is a valid FEN (from a list of real positions, or reached by random legal moves)
put through one or more mutations: a character replaced, inserted or deleted, two fields
swapped, a field dropped or duplicated, a huge number, unicode, whitespace; plus plain
random text. Must hold for every input: ``parse_fen`` returns a playable board or raises
:class:`InvalidFenError` (nothing else), whose problems are plain sentences; it agrees with
``fen_problems``; ``looks_like_fen``/``looks_like_pgn`` answer a bool; and no input runs
longer than its watchdog. The normal suite tries ~600 inputs; ``-m slow`` 100 times as many.
"""

from __future__ import annotations

import chess
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from chessgui.storage.fen_check import InvalidFenError, fen_problems, looks_like_fen, looks_like_pgn, parse_fen

REAL_FENS = [
    chess.STARTING_FEN,
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
    "8/8/8/8/8/5k2/8/5K1Q b - - 99 120",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "4k3/8/8/8/8/8/8/4K3",  # board only
    "r3k3/8/8/8/8/8/8/4K2R b",  # board and side
]
_FEN_CHARS = "pnbrqkPNBRQK12345678/ -wKQkqabcdefgh0"
_WILD_TEXT = st.text(max_size=12)  # any unicode, including surrogates, NUL and combining marks
_HUGE_NUMBER = st.integers(min_value=151, max_value=10**400).map(str)
_SPACES = st.sampled_from([" ", "  ", "\t", "\n", "\r\n", "\u00a0", "\u2003", "_", "\u200b", ""])


@st.composite
def played_fen(draw: st.DrawFn) -> str:
    """The FEN after a few random legal moves from the start (castling, en passant, promotions appear)."""
    board = chess.Board()
    for choice in draw(st.lists(st.integers(min_value=0, max_value=10_000), max_size=60)):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(moves[choice % len(moves)])
    return board.fen()


@st.composite
def mutated(draw: st.DrawFn, base: str) -> str:
    """``base`` with 1-4 random mutations applied in turn."""
    text = base
    for _ in range(draw(st.integers(min_value=1, max_value=4))):
        kind = draw(
            st.sampled_from(
                ["substitute", "insert", "delete", "swap fields", "drop field", "repeat field", "huge", "wild", "space"]
            )
        )
        fields = text.split(" ")
        if kind in ("substitute", "insert", "delete") and text:
            at = draw(st.integers(min_value=0, max_value=len(text) - 1))
            char = draw(st.one_of(st.sampled_from(_FEN_CHARS), st.characters()))
            if kind == "substitute":
                text = text[:at] + char + text[at + 1 :]
            elif kind == "insert":
                text = text[:at] + char + text[at:]
            else:
                text = text[:at] + text[at + 1 :]
        elif kind == "swap fields" and len(fields) > 1:
            i, j = draw(st.lists(st.integers(0, len(fields) - 1), min_size=2, max_size=2, unique=True))
            fields[i], fields[j] = fields[j], fields[i]
            text = " ".join(fields)
        elif kind == "drop field" and fields:
            del fields[draw(st.integers(0, len(fields) - 1))]
            text = " ".join(fields)
        elif kind == "repeat field" and fields:
            at = draw(st.integers(0, len(fields) - 1))
            fields.insert(at, fields[at])
            text = " ".join(fields)
        elif kind == "huge":
            fields[draw(st.integers(0, len(fields) - 1))] = draw(_HUGE_NUMBER)
            text = " ".join(fields)
        elif kind == "wild":
            at = draw(st.integers(min_value=0, max_value=len(text)))
            text = text[:at] + draw(_WILD_TEXT) + text[at:]
        else:  # whitespace around or instead of the separators
            text = draw(_SPACES) + draw(_SPACES).join(fields) + draw(_SPACES)
    return text


FEN_INPUTS = st.one_of(
    st.sampled_from(REAL_FENS).flatmap(mutated),
    played_fen().flatmap(mutated),
    played_fen(),
    st.text(max_size=100),
    st.text(alphabet=_FEN_CHARS, max_size=90),
    st.sampled_from(["", " ", "\n\t ", "_", "/", "///////", "8/8/8/8/8/8/8/8", "\x00", "\ud800"]),
)


def check_fen_input(text: str, assert_plain_words) -> None:  # noqa: ANN001 - the conftest fixture
    """The must-hold for one input (shared by the examples below)."""
    assert isinstance(looks_like_fen(text), bool)
    assert isinstance(looks_like_pgn(text), bool)
    problems = fen_problems(text)
    try:
        board = parse_fen(text)
    except InvalidFenError as error:
        assert list(error.problems) == problems and problems
        for problem in problems:
            assert_plain_words(problem)
        assert_plain_words(str(error))
        return
    assert problems == []
    assert board.status() == chess.STATUS_VALID
    assert parse_fen(board.fen()) == board


def test_fen_inputs_give_a_board_or_problems_in_words(fuzz_scale: int, input_watchdog, assert_plain_words) -> None:
    @settings(
        max_examples=400 * fuzz_scale,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(FEN_INPUTS)
    @example("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 " + "9" * 5000)  # a 5000-digit move number
    @example("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ٣ 1")  # an Arabic-Indic digit
    @example("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ² 1")  # a superscript digit
    @example("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - - 0 1 extra fields here")
    @example("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\u3000w\u3000KQkq\u3000-\u30000\u30001")  # ideographic spaces
    @example("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR" * 2000)  # 88 000 characters
    @example("/" * 10_000)
    def run(text: str) -> None:
        with input_watchdog(5, text):
            check_fen_input(text, assert_plain_words)

    run()
