"""Property tests for PGN reading: any bytes give games, problems or a clear error, never a crash."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from chessgui.storage.pgn.read import PgnGameError, PgnReadError, load_game_at, read_pgn_file, read_pgn_string

_PGN_PIECES = st.sampled_from(
    [
        '[Event "x"]\n',
        '[White "A"]\n',
        '[Event "broken\n',
        '[FEN "8/8/8 w - - 0 1"]\n',
        "\n",
        "1. e4 ",
        "e5 ",
        "2. Nf3 ",
        "Nc6 ",
        "{ note ",
        "} ",
        "( ",
        ") ",
        "$1 ",
        "?! ",
        "; rest\n",
        "*\n",
        "1-0\n",
        "Qxf7# ",
        "%esc\n",
    ]
)


@settings(max_examples=150, deadline=None)
@given(st.lists(_PGN_PIECES, max_size=40).map("".join))
def test_pgn_like_text_never_crashes(text: str) -> None:
    result = read_pgn_string(text)
    for loaded in result.games:
        loaded.game.board()  # every game offered can be shown
        assert all(isinstance(problem, str) and problem for problem in loaded.problems)


@settings(max_examples=100, deadline=None)
@given(st.one_of(st.binary(max_size=300), st.lists(_PGN_PIECES, max_size=30).map(lambda p: "".join(p).encode())))
def test_any_file_gives_games_or_a_clear_error(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "any.pgn"
        path.write_bytes(data)
        try:
            result = read_pgn_file(path)
        except PgnReadError as error:
            assert "any.pgn" in str(error)
            return
        for summary in result.games:
            try:
                loaded = load_game_at(path, summary.offset, summary.line)
            except PgnGameError:
                continue
            # Loading one game on its own finds what indexing the file found.
            assert loaded.problems == summary.problems
