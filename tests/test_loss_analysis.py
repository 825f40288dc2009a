"""benchmarks/loss_analysis.py: each move's cost by a judge, summed per player and stage."""

from __future__ import annotations

import io
from pathlib import Path

import chess
import chess.pgn
import loss_analysis  # benchmarks/ is on the import path through pytest's `pythonpath` (pyproject)
import pytest

# Black's 3...Nf6 allows the scholar's mate.
GAME = """[White "engine"]
[Black "Stockfish 2500"]
[Result "1-0"]

1. e4 { [%eval 0.30,12] } 1... e5 { [%eval 0.20,14] } 2. Qh5 { [%eval 0.10,12] } 2... Nc6 { [%eval 0.00,14] }
3. Bc4 { [%eval 0.50,12] } 3... Nf6 { [%eval 0.30,14] } 4. Qxf7# 1-0
"""


def _material_judge(board: chess.Board) -> int:
    """A judge that sees mates in one and otherwise counts material for the side to move."""
    for move in board.legal_moves:
        board.push(move)
        mate = board.is_checkmate()
        board.pop()
        if mate:
            return loss_analysis.MATE_CP
    values = {chess.PAWN: 100, chess.KNIGHT: 300, chess.BISHOP: 300, chess.ROOK: 500, chess.QUEEN: 900}
    total = sum(
        value * (len(board.pieces(piece, board.turn)) - len(board.pieces(piece, not board.turn)))
        for piece, value in values.items()
    )
    return total


def _game() -> chess.pgn.Game:
    game = chess.pgn.read_game(io.StringIO(GAME))
    assert game is not None
    return game


def test_a_move_that_allows_mate_costs_what_the_mover_stood_to_score() -> None:
    moves = loss_analysis.judge_game(1, _game(), _material_judge)
    assert [m.move for m in moves] == ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"]
    # Equal material and no mate in one until Nf6: every move before it costs 0.
    assert all(m.cost == pytest.approx(0.0) for m in moves[:5])
    # Nf6 lets White mate: Black's expected score went from 0.5 to 0.
    assert moves[5].player == "Stockfish 2500"
    assert moves[5].cost == pytest.approx(0.5, abs=1e-3)
    # Qxf7# takes what the position promised: nothing lost.
    assert moves[6].cost == pytest.approx(0.0, abs=1e-3)


def test_own_scores_are_read_from_the_movers_view() -> None:
    moves = loss_analysis.judge_game(1, _game(), _material_judge)
    assert moves[0].own == pytest.approx(loss_analysis.expected_score(30))
    # Black's 0.20 is White's view: Black thought it stood at -20.
    assert moves[1].own == pytest.approx(loss_analysis.expected_score(-20))
    assert moves[6].own is None


def test_summary_counts_costs_stages_and_the_own_score_bias() -> None:
    moves = loss_analysis.judge_game(1, _game(), _material_judge)
    players = loss_analysis.summarise(moves)
    black = players["Stockfish 2500"]
    assert black.moves == 3
    assert black.counts[loss_analysis.BLUNDER] == 1
    assert black.stage_mistakes["opening"] == 1
    assert players["engine"].counts[loss_analysis.INACCURACY] == 0
    table = loss_analysis.report(players)
    assert "| Stockfish 2500 | 3 | 0.1667 | 0.50 | 1 | 1 | 1 |" in table
    # White reported 0.30, 0.10, 0.50 where the judge saw 0.5 after each: optimistic on average.
    assert float(table.split("| engine |")[1].split("|")[6]) > 0


def test_stages_follow_material_and_move_number() -> None:
    assert loss_analysis.stage(chess.Board()) == "opening"
    assert loss_analysis.stage(chess.Board("4k3/8/8/8/8/8/4P3/R3K3 w - - 0 40")) == "endgame"
    middlegame = chess.Board()
    middlegame.fullmove_number = 30
    assert loss_analysis.stage(middlegame) == "middlegame"


def test_a_missing_file_is_a_plain_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert loss_analysis.main([str(tmp_path / "none.pgn")]) == 2
    assert "cannot read" in capsys.readouterr().err
    empty = tmp_path / "empty.pgn"
    empty.write_text("")
    assert loss_analysis.main([str(empty)]) == 2
    assert "holds no game" in capsys.readouterr().err
