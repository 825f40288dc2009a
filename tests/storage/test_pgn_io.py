"""PGN reading and writing: round trips, broken games, encodings."""

from __future__ import annotations

from pathlib import Path

import chess
import chess.engine
import chess.pgn
import pytest

from chessgui.storage.opening_names import classify
from chessgui.storage.pgn.read import (
    PgnGameError,
    PgnReadError,
    game_to_pgn,
    load_game_at,
    read_pgn_file,
    read_pgn_string,
    save_pgn,
)

CUSTOM_START = "r3k2r/ppp2ppp/2n5/3qp3/8/2N5/PPPP1PPP/R1BQK2R w KQkq - 4 9"


def _rich_game() -> chess.pgn.Game:
    game = chess.pgn.Game()
    game.headers.update(
        Event="Club championship", Site="Lyon", Date="2024.05.17", Round="3", White="Smith", Black="Jones"
    )
    game.headers["ECO"] = "C44"
    game.setup(chess.Board(CUSTOM_START))
    game.comment = "A position from a lesson"
    node = game.add_variation(chess.Move.from_uci("c3d5"))
    node.comment = "wins the queen"
    node.set_eval(chess.engine.PovScore(chess.engine.Cp(850), chess.WHITE), 18)
    node.set_clock(178.0)
    side = game.add_variation(chess.Move.from_uci("e1g1"))
    side.comment = "castling is slower"
    side.add_variation(chess.Move.from_uci("d5d4"))
    node = node.add_variation(chess.Move.from_uci("c6d4"))
    node.set_eval(chess.engine.PovScore(chess.engine.Mate(3), chess.WHITE))
    node.set_clock(3725.5)
    node.nags.add(chess.pgn.NAG_MISTAKE)
    node = node.add_variation(chess.Move.from_uci("e1g1"))
    node.set_eval(chess.engine.PovScore(chess.engine.Cp(-42), chess.WHITE))
    game.headers["Result"] = "*"
    return game


def _nodes(game: chess.pgn.GameNode) -> list[tuple[str, str, str, tuple[int, ...], object, object]]:
    """Every node in tree order with what must survive a round trip."""
    out = []
    stack: list[chess.pgn.GameNode] = [game]
    while stack:
        node = stack.pop()
        move = node.move.uci() if isinstance(node, chess.pgn.ChildNode) else "root"
        evaluation = node.eval() if isinstance(node, chess.pgn.ChildNode) else None
        clock = node.clock() if isinstance(node, chess.pgn.ChildNode) else None
        out.append((move, node.board().fen(), node.comment, tuple(sorted(node.nags)), evaluation, clock))
        stack.extend(reversed(node.variations))
    return out


def test_round_trip_preserves_the_whole_tree(tmp_path: Path) -> None:
    original = _rich_game()
    text = game_to_pgn(original)
    assert '[SetUp "1"]' in text and f'[FEN "{CUSTOM_START}"]' in text
    assert "[%eval 8.50,18]" in text and "[%clk 0:02:58]" in text and "[%eval #3]" in text
    for tag in ("Event", "Site", "Date", "Round", "White", "Black", "Result"):
        assert f"[{tag} " in text
    path = tmp_path / "game.pgn"
    save_pgn(path, original)
    result = read_pgn_file(path)
    assert result.errors == ()
    loaded = load_game_at(path, result.games[0].offset)
    assert loaded.problems == ()
    assert game_to_pgn(loaded.game) == text
    assert _nodes(loaded.game) == _nodes(original)
    assert dict(loaded.game.headers) == dict(original.headers)
    # Scores come back from White's point of view.
    first = loaded.game.variations[0]
    assert first.eval() == chess.engine.PovScore(chess.engine.Cp(850), chess.WHITE)
    assert first.eval_depth() == 18
    assert first.variations[0].eval() == chess.engine.PovScore(chess.engine.Mate(3), chess.WHITE)
    assert first.variations[0].clock() == pytest.approx(3725.5)


def test_standard_start_has_no_setup_tags() -> None:
    game = chess.pgn.Game.from_board(chess.Board())
    assert "SetUp" not in game_to_pgn(game)


def test_game_from_board_with_custom_start_gets_setup() -> None:
    board = chess.Board(CUSTOM_START)
    board.push_san("Nxd5")
    text = game_to_pgn(chess.pgn.Game.from_board(board))
    assert '[SetUp "1"]' in text and CUSTOM_START in text and "9. Nxd5" in text


CORRUPT = """[Event "One"]
[White "Ann"]
[Black "Bob"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0

[Event "Two"]
[White "Smith"]
[Black "Jones"]
[Result "*"]

1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O 6. Nf3 Nbd7 7. Rc1 c6
8. Bd3 dxc4 9. Bxc4 Nd5 10. Bxe7 Qxe7 11. O-O Nxc3 12. Bh6 Nd5 *

[Event "Three"]
[White "Carl"]
[Black "Dora"]
[Result "0-1"]
1. f3 e5 2. g4 Qh4# 0-1
[Event "Four"]
[FEN "8/8/8 w - - 0 1"]

1. e4 *

[Event "Five"]
[White "Eve"]
[Black "Finn"]
[Result "1/2-1/2"]

1. e4 c5 1/2-1/2
"""


def test_corrupt_multi_game_file_loads_the_good_games(tmp_path: Path) -> None:
    path = tmp_path / "mixed.pgn"
    path.write_text(CORRUPT, encoding="utf-8")
    result = read_pgn_file(path)
    assert [g.event for g in result.games] == ["One", "Two", "Three", "Four", "Five"]
    assert len(result.errors) == 2
    assert result.errors[0].startswith("game 2 (Smith – Jones): line 14: illegal move 'Bh6' at move 12")
    assert result.errors[1].startswith("game 4 (? – ?): the start position (FEN tag) is not valid")
    assert "expected 8 ranks, found 3" in result.errors[1]
    one = load_game_at(path, result.games[0].offset)
    assert one.problems == () and one.game.end().board().is_checkmate()
    # Game three follows game two without an empty line and still reads alone.
    three = load_game_at(path, result.games[2].offset)
    assert three.game.headers["White"] == "Carl" and three.game.end().board().is_checkmate()
    two = load_game_at(path, result.games[1].offset)
    assert two.problems and two.game.end().ply() == 22  # stops before the illegal move
    with pytest.raises(PgnGameError, match="expected 8 ranks"):
        load_game_at(path, result.games[3].offset)
    five = load_game_at(path, result.games[4].offset)
    assert five.game.headers["Result"] == "1/2-1/2"


def test_headers_only_index_then_lazy_load(tmp_path: Path) -> None:
    path = tmp_path / "mixed.pgn"
    path.write_text(CORRUPT, encoding="utf-8")
    result = read_pgn_file(path, check_moves=False)
    assert not result.moves_checked and result.errors == ()
    assert len(result.games) == 5
    two = load_game_at(path, result.games[1].offset, result.games[1].line)
    assert two.problems[0].startswith("line 14: illegal move 'Bh6' at move 12")  # the file's line, not the game's


def test_latin1_and_bom_files(tmp_path: Path) -> None:
    text = '[Event "Café"]\n[White "Müller"]\n[Black "Ñúñez"]\n[Result "*"]\n\n1. e4 { très bien } e5 *\n'
    latin = tmp_path / "latin.pgn"
    latin.write_bytes(text.encode("latin-1"))
    result = read_pgn_file(latin)
    assert result.used_fallback_encoding
    assert result.games[0].white == "Müller" and result.games[0].black == "Ñúñez"
    game = load_game_at(latin, 0).game
    assert game.variations[0].comment == "très bien"
    bom = tmp_path / "bom.pgn"
    bom.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    result = read_pgn_file(bom)
    assert not result.used_fallback_encoding and result.games[0].event == "Café"


def test_summary_fields_and_progress(tmp_path: Path) -> None:
    path = tmp_path / "eco.pgn"
    path.write_text(
        '[Event "E"]\n[Date "2001.02.03"]\n[White "W"]\n[Black "B"]\n[Result "1-0"]\n[ECO "B90"]\n'
        '[Opening "Sicilian"]\n[Variation "Najdorf"]\n\n1. e4 c5 1-0\n',
        encoding="utf-8",
    )
    seen: list[int] = []
    result = read_pgn_file(path, seen.append)
    game = result.games[0]
    assert (game.eco, game.opening, game.date, game.result) == ("B90", "Sicilian, Najdorf", "2001.02.03", "1-0")
    assert seen[-1] == 100 and seen == sorted(seen)


def test_games_without_opening_tags_are_named_from_their_moves(tmp_path: Path) -> None:
    """The list's Opening column (and its filter) names untagged games as the board does; tags win."""
    path = tmp_path / "untagged.pgn"
    path.write_text(
        '[Event "qgd"]\n\n1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O 6. Nf3 h6 7. Bh4 b6 8. Qb3 *\n\n'
        '[Event "tagged"]\n[ECO "A00"]\n[Opening "Own name"]\n\n1. e4 c5 *\n\n'
        '[Event "no moves"]\n\n*\n\n'
        '[Event "set up"]\n[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]\n\n1. e4 *\n',
        encoding="utf-8",
    )
    checked = read_pgn_file(path)
    named = classify(_played("d4 d5 c4 e6 Nc3 Nf6 Bg5 Be7 e3 O-O Nf3 h6 Bh4 b6 Qb3"))
    assert named is not None
    assert (checked.games[0].eco, checked.games[0].opening) == (named.eco, named.name)
    assert (checked.games[1].eco, checked.games[1].opening) == ("A00", "Own name")
    assert [(game.eco, game.opening) for game in checked.games[2:]] == [("", ""), ("", "")]
    # A big file is indexed by its tags alone: no moves read, so no name from them.
    unchecked = read_pgn_file(path, check_moves=False)
    assert (unchecked.games[0].eco, unchecked.games[0].opening) == ("", "")


def _played(sans: str) -> chess.Board:
    board = chess.Board()
    for san in sans.split():
        board.push_san(san)
    return board


def test_stop_request_ends_reading_early(tmp_path: Path) -> None:
    path = tmp_path / "many.pgn"
    path.write_text('[Event "x"]\n\n1. e4 *\n\n' * 50, encoding="utf-8")
    result = read_pgn_file(path, should_stop=lambda: True)
    assert result.cancelled and result.games == ()


def test_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(PgnReadError, match="could not open nothere.pgn"):
        read_pgn_file(tmp_path / "nothere.pgn")


def test_empty_and_garbage_files(tmp_path: Path) -> None:
    empty = tmp_path / "empty.pgn"
    empty.write_text("", encoding="utf-8")
    assert read_pgn_file(empty).games == ()
    junk = tmp_path / "junk.pgn"
    junk.write_bytes(bytes(range(256)) * 4)
    with pytest.raises(PgnReadError, match="junk.pgn is not a PGN file: it holds binary data"):
        read_pgn_file(junk)


def test_clipboard_text_with_several_games() -> None:
    result = read_pgn_string(CORRUPT)
    assert [g.game.headers["Event"] for g in result.games] == ["One", "Two", "Three", "Five"]
    assert any(e.startswith("game 4:") and "FEN" in e for e in result.errors)
    assert any(e.startswith("game 2 (Smith – Jones)") for e in result.errors)
    assert read_pgn_string("1. e4 e5 2. Nf3 *").games[0].game.end().board().fullmove_number == 2


def test_unsupported_variant_is_reported() -> None:
    result = read_pgn_string('[Variant "Crazyhouse"]\n\n1. e4 e5 *\n')
    assert result.games == ()
    assert "variant 'Crazyhouse'" in result.errors[0]


def test_binary_file_is_an_error_not_an_empty_game(tmp_path: Path) -> None:
    path = tmp_path / "binary.pgn"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR{" + bytes(range(256)) * 8)
    with pytest.raises(PgnReadError, match="binary.pgn is not a PGN file: it holds binary data"):
        read_pgn_file(path)
    with pytest.raises(PgnReadError, match="binary data"):
        load_game_at(path, 0)


def test_text_without_tags_or_moves_holds_no_game(tmp_path: Path) -> None:
    path = tmp_path / "notes.pgn"
    path.write_text("Shopping list\nmilk, eggs { and bread }\n", encoding="utf-8")
    result = read_pgn_file(path)
    assert result.games == ()
    assert result.errors == ("line 1: text without tags or moves is not a game; it was skipped",)
    with pytest.raises(PgnGameError, match="no game at line 1"):
        load_game_at(path, 0)
    assert read_pgn_string("Shopping list\nmilk, eggs\n").games == ()


BROKEN_TAG = """[Event "Casual game]
[Site "Lyon"]
[White "Ann"]
[Black "Bob"]
[Result "*"]

1. e4 e5 2. Nf3 Nc6 *
"""


def test_broken_tag_line_is_reported_with_its_line_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "broken-tag.pgn"
    path.write_text(BROKEN_TAG, encoding="utf-8")
    result = read_pgn_file(path)
    assert len(result.games) == 1 and result.games[0].event == "Casual game"
    assert result.errors == (
        'game 1 (Ann – Bob): line 1: the tag line [Event "Casual game] is broken; it was read as [Event "Casual game"]',
    )
    loaded = load_game_at(path, 0)
    assert loaded.game.headers["Event"] == "Casual game"
    assert [m.uci() for m in loaded.game.mainline_moves()] == ["e2e4", "e7e5", "g1f3", "b8c6"]
    assert "{" not in game_to_pgn(loaded.game)


def test_tag_line_beyond_repair_is_reported_not_silently_dropped() -> None:
    result = read_pgn_string('[White "Ann"]\n[Event Casual game]\n\n1. e4 *\n')
    assert result.errors == ("game 1 (Ann – ?): line 2: the tag line [Event Casual game] is broken; it was skipped",)
    assert result.games[0].game.headers["White"] == "Ann"


UNCLOSED_COMMENT = """[Event "One"]
[White "Ann"]
[Black "Bob"]

1. e4 { a comment that is never closed e5 2. Nf3

[Event "Two"]
[White "Carl"]
[Black "Dora"]

1. d4 d5 *
"""


def test_unclosed_comment_does_not_swallow_the_next_game(tmp_path: Path) -> None:
    path = tmp_path / "unclosed.pgn"
    path.write_text(UNCLOSED_COMMENT, encoding="utf-8")
    result = read_pgn_file(path)
    assert [g.event for g in result.games] == ["One", "Two"]
    assert result.errors == (
        "game 1 (Ann – Bob): line 5: the comment opened with '{' is not closed before the next game; "
        "it was closed there",
    )
    one = load_game_at(path, result.games[0].offset)
    assert "[Event" not in game_to_pgn(one.game).split("\n\n", 1)[1]  # game two is not inside its comment
    two = load_game_at(path, result.games[1].offset)
    assert two.problems == () and [m.uci() for m in two.game.mainline_moves()] == ["d2d4", "d7d5"]


def test_comment_open_until_the_end_of_the_file_is_reported() -> None:
    result = read_pgn_string('[White "Ann"]\n\n1. e4 e5 2. Nf3 { never closed\n2... Nc6 3. Bb5\n')
    assert result.errors == (
        "game 1 (Ann – ?): line 3: the comment opened with '{' is never closed; the rest of the file was read as "
        "part of it",
    )
