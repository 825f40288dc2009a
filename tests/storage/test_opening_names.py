"""Opening names by position: ECO code and name, transpositions, the last named position of a game."""

from __future__ import annotations

from collections.abc import Iterator

import chess

from chessgui.resources_path import resource_path
from chessgui.storage.opening_names import NAMED_GAP_MAX, OpeningName, OpeningNames, classify, opening_names


def _board(*sans: str) -> chess.Board:
    board = chess.Board()
    for san in sans:
        board.push_san(san)
    return board


def test_shipped_table_names_the_italian_game() -> None:
    assert resource_path("eco", "LICENSE.md").is_file()
    assert len(opening_names()) > 5000
    assert classify(_board("e4", "e5", "Nf3", "Nc6", "Bc4")) == OpeningName("C50", "Italian Game")
    assert str(classify(_board("e4", "e5", "Nf3", "Nc6", "Bc4"))) == "C50 Italian Game"


def test_a_transposition_gets_the_same_name() -> None:
    direct = classify(_board("d4", "d5", "c4", "e6", "Nc3", "Nf6"))
    transposed = classify(_board("c4", "Nf6", "Nc3", "e6", "d4", "d5"))
    assert direct is not None and direct.eco.startswith("D")
    assert transposed == direct
    # The position is the same, the move order is not: only matching by position finds it.
    assert _board("c4", "Nf6", "Nc3", "e6", "d4", "d5").epd() == _board("d4", "d5", "c4", "e6", "Nc3", "Nf6").epd()


def test_a_game_keeps_the_name_of_its_last_named_position() -> None:
    named = classify(_board("e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"))
    later = classify(_board("e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "h3", "a6", "a3", "h6"))
    assert named is not None and named.eco == "C50"
    assert later == named
    assert classify(chess.Board()) is None


def test_malformed_lines_are_skipped() -> None:
    table = OpeningNames.from_tsv("garbage\n\t\t\n" + f"{_board('e4').epd()}\tB00\tKing's Pawn\n")
    assert len(table) == 1
    assert table.of_position(_board("e4")) == OpeningName("B00", "King's Pawn")
    assert OpeningNames({}).of_game(_board("e4")) is None


def test_a_line_is_named_as_its_game_and_the_walk_stops_once_out_of_the_table() -> None:
    sans = "e4 e5 Nf3 Nc6 Bc4 Bc5 h3 a6 a3 h6".split()
    moves = list(_moves(sans))
    assert opening_names().of_line(chess.Board(), moves) == classify(_board(*sans))
    assert opening_names().of_line(chess.Board(), []) is None
    # 1. Nf3 is named; 1... h6 and shuffling rooks never reach another named position, so the
    # walk ends after NAMED_GAP_MAX unnamed plies and does not read the rest of the moves.
    shuffle = ["Nf3", "h6", *["Rg1", "Rh7", "Rh1", "Rh8"] * 10]
    read: list[chess.Move] = []

    def counted() -> Iterator[chess.Move]:
        for move in _moves(shuffle):
            read.append(move)
            yield move

    assert opening_names().of_line(chess.Board(), counted()) == classify(_board("Nf3"))
    assert len(read) == 1 + NAMED_GAP_MAX + 1


def _moves(sans: list[str]) -> Iterator[chess.Move]:
    board = chess.Board()
    for san in sans:
        move = board.parse_san(san)
        board.push(move)
        yield move
