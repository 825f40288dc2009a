"""Fuzzing the PGN reader and indexer: damaged real games, cut files, random bytes, extreme shapes.

Inputs: real games (comments, NAGs, ``[%clk]``/``[%eval]``, nested variations, a set-up
position) put through line and character mutations, cut at a random byte, glued together;
random bytes; and plain tests for extreme shapes (500 nested variations, a 1 MB comment,
2000 games). Must hold for every input: reading gives games and problems or raises only
:class:`PgnReadError` / :class:`PgnGameError`; every message is a plain sentence; each game
offered can be shown; a game read, written with ``game_to_pgn`` and read again keeps its
main line; no input runs longer than its watchdog. The normal suite tries ~500 inputs;
``-m slow`` 100 times as many.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import chess
import chess.pgn
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from chessgui.storage.pgn.indexer import PgnIndexer
from chessgui.storage.pgn.read import (
    LoadedGame,
    PgnGameError,
    PgnReadError,
    game_to_pgn,
    load_game_at,
    read_pgn_file,
    read_pgn_string,
)

# The -m slow twin runs 100 times the examples; the watchdog still limits each input.
_SLOW_PROFILE_TIMEOUT = pytest.mark.timeout(3600)

OPERA_GAME = """[Event "A Night at the Opera"]
[Site "Paris FRA"]
[Date "1858.11.02"]
[Round "?"]
[White "Paul Morphy"]
[Black "Duke Karl / Count Isouard"]
[Result "1-0"]
[ECO "C41"]

1. e4 e5 2. Nf3 d6 3. d4 Bg4 $6 {This is a weak move already.} 4. dxe5 Bxf3 5. Qxf3 dxe5
6. Bc4 Nf6 7. Qb3 $1 Qe7 8. Nc3 (8. Qxb7 Qb4+ 9. Qxb4 Bxb4+ 10. c3 {and White is better}) 8... c6
9. Bg5 b5 $2 10. Nxb5 $1 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 $1 Rxd7 14. Rd1 Qe6
15. Bxd7+ Nxd7 16. Qb8+ $3 Nxb8 17. Rd8# 1-0
"""

CLOCKS_GAME = """[Event "Rated Blitz game"]
[Site "https://lichess.org/abcdefgh"]
[White "alice"]
[Black "bob"]
[Result "0-1"]
[TimeControl "180+2"]

1. d4 { [%eval 0.17] [%clk 0:03:00] } 1... Nf6 { [%eval 0.2] [%clk 0:03:00] } 2. c4 { [%clk 0:02:59] }
2... e6 { [%clk 0:02:58] } 3. Nc3 { [%clk 0:02:57] } 3... Bb4 { Nimzo-Indian. [%clk 0:02:55] }
4. Qc2 ( 4. e3 O-O ( 4... c5 5. Bd3 ( 5. Nge2 ) 5... Nc6 ) 5. Bd3 d5 ) 4... O-O 5. a3 Bxc3+ 6. Qxc3 b6
7. Bg5 ?! Bb7 8. f3 h6 9. Bh4 d5 10. e3 Nbd7 11. cxd5 Nxd5 12. Bxd8 Nxc3 13. Bh4 Nd5 0-1
"""

SETUP_GAME = """[Event "Endgame study"]
[White "?"]
[Black "?"]
[Result "*"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]

1. Kd2 Kd7 2. Kd3 Kd6 3. Kc4 { the opposition matters } Ke5 (3... Kc6 4. e4) 4. Kc5 ; a rest-of-line comment
Ke4 5. Kd6 Kd4 $10 *

% an escape line
"""

BROKEN_GAME = """[Event "Broken"
[White "x"]

1. e4 e5 2. Nf9 Nc6 { never closed
"""

REAL_GAMES = [OPERA_GAME, CLOCKS_GAME, SETUP_GAME, BROKEN_GAME]
_PGN_CHARS = '(){}[]"$;%*.-+#=!?/ \n\t0123456789abcdefghNBRQKOox'


@st.composite
def mutated_pgn(draw: st.DrawFn) -> str:
    """1-3 real games glued together, then 0-6 line or character mutations, then maybe cut short."""
    text = "\n".join(draw(st.lists(st.sampled_from(REAL_GAMES), min_size=1, max_size=3)))
    for _ in range(draw(st.integers(min_value=0, max_value=6))):
        kind = draw(st.sampled_from(["substitute", "insert", "delete", "drop line", "repeat line", "swap lines"]))
        lines = text.split("\n")
        if kind in ("substitute", "insert", "delete") and text:
            at = draw(st.integers(min_value=0, max_value=len(text) - 1))
            chars = draw(st.one_of(st.sampled_from(_PGN_CHARS), st.text(min_size=1, max_size=3)))
            if kind == "substitute":
                text = text[:at] + chars + text[at + 1 :]
            elif kind == "insert":
                text = text[:at] + chars + text[at:]
            else:
                text = text[:at] + text[at + draw(st.integers(1, 40)) :]
        elif kind == "drop line":
            del lines[draw(st.integers(0, len(lines) - 1))]
            text = "\n".join(lines)
        elif kind == "repeat line":
            at = draw(st.integers(0, len(lines) - 1))
            lines.insert(draw(st.integers(0, len(lines))), lines[at])
            text = "\n".join(lines)
        else:
            i, j = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
            text = "\n".join(lines)
    if draw(st.booleans()):
        text = text[: draw(st.integers(min_value=0, max_value=len(text)))]
    return text


PGN_TEXTS = st.one_of(
    mutated_pgn(),
    mutated_pgn(),  # twice the weight of the others
    st.binary(max_size=400).map(lambda data: data.decode("utf-8", errors="replace")),
    st.text(alphabet=_PGN_CHARS, max_size=300),
    st.text(max_size=200),
)
PGN_BYTES = st.one_of(
    PGN_TEXTS.map(lambda text: text.encode("utf-8", errors="surrogatepass")),
    PGN_TEXTS.map(lambda text: text.encode("cp1252", errors="replace")),
    st.binary(max_size=400),
)
_SETTINGS = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large]}


def _mainline(game: chess.pgn.Game) -> list[str]:
    return [move.uci() for move in game.mainline_moves()]


def _check_loaded(loaded: LoadedGame, assert_plain_words) -> None:  # noqa: ANN001 - the conftest fixture
    """A game offered can be shown, says its problems in words, and survives being saved and read back."""
    loaded.game.board()
    for problem in loaded.problems:
        assert_plain_words(problem)
    moves = _mainline(loaded.game)
    written = game_to_pgn(loaded.game)
    again = read_pgn_string(written)
    assert again.games, written
    assert _mainline(again.games[0].game) == moves
    assert again.games[0].game.board() == loaded.game.board()


def check_pgn_text(text: str, assert_plain_words) -> None:  # noqa: ANN001 - the conftest fixture
    result = read_pgn_string(text)
    for error in result.errors:
        assert_plain_words(error)
    for loaded in result.games:
        _check_loaded(loaded, assert_plain_words)


def check_pgn_file(path: Path, assert_plain_words) -> None:  # noqa: ANN001 - the conftest fixture
    try:
        result = read_pgn_file(path)
    except PgnReadError as error:
        assert_plain_words(str(error))
        return
    for error in result.errors:
        assert_plain_words(error)
    for summary in result.games:
        for problem in summary.problems:
            assert_plain_words(problem)
        try:
            loaded = load_game_at(path, summary.offset, summary.line)
        except (PgnGameError, PgnReadError) as error:
            assert_plain_words(str(error))
            continue
        assert loaded.problems == summary.problems
        _check_loaded(loaded, assert_plain_words)


@_SLOW_PROFILE_TIMEOUT
def test_pgn_text_gives_games_or_problems_in_words(fuzz_scale: int, input_watchdog, assert_plain_words) -> None:
    @settings(max_examples=250 * fuzz_scale, **_SETTINGS)
    @given(PGN_TEXTS)
    @example(OPERA_GAME)
    @example(CLOCKS_GAME)
    @example(SETUP_GAME)
    @example(BROKEN_GAME)
    @example(OPERA_GAME.replace('"A Night', '"\r Night'))  # a line break in a tag cut the game when saved
    @example(OPERA_GAME.replace('[Result "1-0"]', '[Result "1-0 {a note'))  # the Result tag was written after the moves
    @example(SETUP_GAME.replace('[FEN "4k3', '[FEN "\r4k3'))  # python-chess raised ValueError on the line break
    def run(text: str) -> None:
        with input_watchdog(10, text):
            check_pgn_text(text, assert_plain_words)

    run()


@_SLOW_PROFILE_TIMEOUT
def test_pgn_file_is_indexed_and_each_game_loads(fuzz_scale: int, input_watchdog, assert_plain_words) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.pgn"

        @settings(max_examples=150 * fuzz_scale, **_SETTINGS)
        @given(PGN_BYTES)
        @example(b"\xef\xbb\xbf" + OPERA_GAME.encode())
        @example(OPERA_GAME.encode("utf-16"))  # NUL bytes: refused as binary
        @example(SETUP_GAME.replace("\n", "\r").encode())  # old Mac line ends
        @example(SETUP_GAME.replace('[FEN "4k3', '[FEN "\r4k3').encode())  # raised ValueError
        def run(data: bytes) -> None:
            path.write_bytes(data)
            with input_watchdog(10, data):
                check_pgn_file(path, assert_plain_words)

        run()


@_SLOW_PROFILE_TIMEOUT
def test_pgn_indexer_thread_finishes_or_fails_in_words(
    qtbot, fuzz_scale: int, input_watchdog, assert_plain_words, tmp_path: Path
) -> None:
    indexer = PgnIndexer()
    path = tmp_path / "fuzz.pgn"
    # Connected once for all examples: connecting and disconnecting a builtin method per
    # example is a pattern PySide6 has crashed on, and it is not what is under test.
    outcome: list[object] = []
    indexer.finished.connect(outcome.append)
    indexer.failed.connect(outcome.append)

    @settings(max_examples=25 * fuzz_scale, **_SETTINGS)
    @given(PGN_BYTES)
    def run(data: bytes) -> None:
        path.write_bytes(data)
        outcome.clear()
        with input_watchdog(20, data):
            indexer.start(path)
            qtbot.waitUntil(lambda: bool(outcome), timeout=10_000)
        (result,) = outcome
        if isinstance(result, str):
            assert_plain_words(result)
        else:
            for error in result.errors:  # type: ignore[attr-defined]
                assert_plain_words(error)

    try:
        run()
    finally:
        indexer.shutdown()


# ---------------------------------------------------------------------- extreme shapes
def _nested_variations(depth: int) -> str:
    """1. e4 (1. d4 (1. c4 (... ))) e5: ``depth`` variations, each inside the one before."""
    alternatives = ["d4", "c4", "Nf3", "b3", "g3", "f4", "Nc3", "b4", "e3", "d3"]
    opening = " ".join(f"(1. {alternatives[i % len(alternatives)]}" for i in range(depth))
    return f'[Event "deep"]\n\n1. e4 {opening} {")" * depth} e5 2. Nf3 *\n'


def test_500_nested_variations_are_read_written_and_read_again(input_watchdog, assert_plain_words) -> None:
    text = _nested_variations(500)
    with input_watchdog(30, "500 nested variations"):
        result = read_pgn_string(text)
        (loaded,) = result.games
        assert _mainline(loaded.game) == ["e2e4", "e7e5", "g1f3"]
        check_pgn_text(text, assert_plain_words)


def test_unbalanced_parentheses_500_deep_give_words(input_watchdog, assert_plain_words) -> None:
    for text in ("1. e4 " + "(" * 500 + " e5 *\n", "1. e4 " + ")" * 500 + " e5 *\n", "(" * 500 + ")" * 500):
        with input_watchdog(30, text[:40]):
            check_pgn_text(text, assert_plain_words)


def test_a_1_mb_comment_is_kept_and_the_game_read(input_watchdog, assert_plain_words, tmp_path: Path) -> None:
    comment = "a long note " * 90_000  # ~1 MB on one line
    text = f'[Event "big"]\n\n1. e4 {{{comment}}} e5 2. Nf3 {{ {"x" * 1000}\n{"y " * 200_000} }} Nc6 *\n'
    path = tmp_path / "big.pgn"
    path.write_text(text)
    with input_watchdog(60, "1 MB comment"):
        (summary,) = read_pgn_file(path).games
        loaded = load_game_at(path, summary.offset, summary.line)
        assert _mainline(loaded.game) == ["e2e4", "e7e5", "g1f3", "b8c6"]
        assert len(loaded.game.next().comment) > 1_000_000  # type: ignore[union-attr]
        check_pgn_text(text, assert_plain_words)


def test_an_unclosed_1_mb_comment_is_reported(input_watchdog, assert_plain_words) -> None:
    text = '[Event "open"]\n\n1. e4 { ' + "never closed " * 80_000 + "\n"
    with input_watchdog(60, "unclosed 1 MB comment"):
        result = read_pgn_string(text)
    assert any("never closed" in error for error in result.errors)
    check_pgn_text(text, assert_plain_words)


def test_2000_games_are_all_indexed(input_watchdog, tmp_path: Path) -> None:
    path = tmp_path / "many.pgn"
    path.write_text("\n".join([OPERA_GAME, CLOCKS_GAME, SETUP_GAME, BROKEN_GAME] * 500))
    with input_watchdog(120, "2000 games"):
        result = read_pgn_file(path)
    assert len(result.games) == 2000
    assert [g.white for g in result.games[:4]] == ["Paul Morphy", "alice", "?", "x"]
    last = load_game_at(path, result.games[-2].offset, result.games[-2].line)
    assert _mainline(last.game)[:2] == ["e1d2", "e8d7"]


# ---------------------------------------------------------------------- found by fuzzing
def _every_move_is_legal(game: chess.pgn.Game) -> bool:
    nodes = [game]
    while nodes:
        node = nodes.pop()
        board = node.board()
        for child in node.variations:
            if child.move not in board.legal_moves:
                return False
            nodes.append(child)
    return True


def test_a_bad_move_in_a_nested_variation_leaves_the_main_line_in_step(assert_plain_words) -> None:
    # python-chess kept the broken variation's board after skipping it: the main line went on
    # from that position (4. Qc2 then 4... Bd3 by White, 5. dxd5) and could not be saved.
    text = (
        "1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 4. Qc2 ( 4. e3 O-O ( 4... c5 5. Bd3 } 5. Nge2 ) 5... Nc6 ) "
        "4... O-O 5. a3 Bxc3+ 6. Qxc3 *\n"
    )
    (loaded,) = read_pgn_string(text).games
    assert _every_move_is_legal(loaded.game)
    assert _mainline(loaded.game)[-4:] == ["e8g8", "a2a3", "b4c3", "c2c3"]
    assert any("illegal move 'Nge2' at move 5... in a variation" in p for p in loaded.problems)
    check_pgn_text(text, assert_plain_words)


def test_a_bad_move_in_the_main_line_drops_the_rest_and_its_comments() -> None:
    (loaded,) = read_pgn_string("1. e4 e5 2. Ke3 { lost } Nc6 (2... d6 3. d4) 3. Bc4 $1 *\n").games
    assert _mainline(loaded.game) == ["e2e4", "e7e5"]
    assert loaded.game.end().comment == "" and not loaded.game.end().variations
    assert loaded.problems == ("line 1: illegal move 'Ke3' at move 2; the game stops there",)


def test_old_mac_line_ends_are_lines(tmp_path: Path) -> None:
    path = tmp_path / "mac.pgn"
    path.write_bytes(b'[Event "mac"]\r[White "A"]\r\r1. e4 e5 *\r\r[Event "two"]\r\r1. d4 { a\rnote } *\r')
    result = read_pgn_file(path)
    assert [(g.event, g.line) for g in result.games] == [("mac", 1), ("two", 6)] and not result.errors
    second = load_game_at(path, result.games[1].offset, result.games[1].line)
    assert _mainline(second.game) == ["d2d4"] and second.game.next().comment == "a\nnote"  # type: ignore[union-attr]
