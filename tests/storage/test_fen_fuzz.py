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
import pytest
from hypothesis import HealthCheck, example, given, settings

from chessgui.storage.fen_check import InvalidFenError, fen_problems, looks_like_fen, looks_like_pgn, parse_fen

# The -m slow twin runs 100 times the examples; the watchdog still limits each input.
_SLOW_PROFILE_TIMEOUT = pytest.mark.timeout(3600)


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


@_SLOW_PROFILE_TIMEOUT
def test_fen_inputs_give_a_board_or_problems_in_words(
    fuzz_scale: int, fen_inputs, input_watchdog, assert_plain_words
) -> None:
    @settings(
        max_examples=400 * fuzz_scale,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(fen_inputs)
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
