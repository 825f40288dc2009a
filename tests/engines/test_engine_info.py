"""EngineInfo: White-view scores, SAN PVs, score text and PGN [%eval] values."""

from __future__ import annotations

import chess
import chess.engine
import chess.pgn

from chessgui.engines.info import EngineInfo, format_white_score, pv_to_san
from engine.api import SearchInfo


def _info(score_cp: int | None, mate_in: int | None, pv: tuple[str, ...] = ()) -> SearchInfo:
    return SearchInfo(
        depth=5, seldepth=9, score_cp=score_cp, mate_in=mate_in, nodes=5000, nps=100_000, time_ms=50, hashfull=3, pv=pv
    )


def test_white_to_move_keeps_sign_and_converts_pv() -> None:
    board = chess.Board()
    info = EngineInfo.from_search_info(_info(123, None, ("e2e4", "e7e5", "g1f3")), board, engine_name="Built-in")
    assert info.color == chess.WHITE
    assert info.score_white_cp == 123 and info.mate_white is None
    assert info.pv_san == ("e4", "e5", "Nf3")
    assert info.format_score() == "+1.23"
    assert info.best_move() == chess.Move.from_uci("e2e4")
    assert (info.depth, info.seldepth, info.nodes, info.nps, info.time_ms) == (5, 9, 5000, 100_000, 50)


def test_black_to_move_scores_are_negated() -> None:
    board = chess.Board()
    board.push_uci("e2e4")
    info = EngineInfo.from_search_info(_info(40, None, ("c7c5",)), board)
    assert info.color == chess.BLACK
    assert info.score_white_cp == -40
    assert info.format_score() == "-0.40"
    assert info.pv_san == ("c5",)


def test_mate_scores_from_whites_view() -> None:
    board = chess.Board()
    board.push_uci("e2e4")  # Black to move
    black_mates = EngineInfo.from_search_info(_info(None, 3), board)
    assert black_mates.mate_white == -3 and black_mates.format_score() == "-#3"
    black_mated = EngineInfo.from_search_info(_info(None, -5), board)
    assert black_mated.mate_white == 5 and black_mated.format_score() == "#5"
    assert black_mated.white_cp_or_mate() > black_mates.white_cp_or_mate()


def test_format_white_score() -> None:
    assert format_white_score(0, None) == "+0.00"
    assert format_white_score(-7, None) == "-0.07"
    assert format_white_score(None, 1) == "#1"
    assert format_white_score(None, -2) == "-#2"
    assert format_white_score(None, None) == "?"


def test_pv_stops_at_first_illegal_move() -> None:
    assert pv_to_san(chess.Board(), ("e2e4", "e2e4", "d7d5")) == ("e4",)
    assert pv_to_san(chess.Board(), ("zz",)) == ()


def test_pov_score_for_pgn_eval_comment() -> None:
    board = chess.Board()
    board.push_uci("d2d4")
    game = chess.pgn.Game()
    node = game.add_variation(chess.Move.from_uci("d2d4"))
    node.set_eval(EngineInfo.from_search_info(_info(-25, None), board).to_pov_score())
    assert "[%eval 0.25]" in str(game)
    mate = EngineInfo.from_search_info(_info(None, 2), board).to_pov_score()
    assert mate.white() == chess.engine.Mate(-2)


def test_from_uci_info_dict() -> None:
    board = chess.Board()
    board.push_uci("e2e4")  # Black to move; python-chess scores are already POV objects
    raw = {
        "depth": 12,
        "seldepth": 18,
        "score": chess.engine.PovScore(chess.engine.Cp(30), chess.BLACK),
        "nodes": 20_000,
        "time": 0.5,
        "pv": [chess.Move.from_uci("e7e5"), chess.Move.from_uci("g1f3")],
    }
    info = EngineInfo.from_info_dict(raw, board, "Stockfish")
    assert info is not None
    assert info.score_white_cp == -30 and info.format_score() == "-0.30"
    assert info.pv_san == ("e5", "Nf3")
    assert info.nps == 40_000 and info.time_ms == 500 and info.engine_name == "Stockfish"
    mate = EngineInfo.from_info_dict(
        {"depth": 3, "score": chess.engine.PovScore(chess.engine.Mate(2), chess.BLACK)}, board
    )
    assert mate is not None and mate.format_score() == "-#2"
    assert EngineInfo.from_info_dict({"string": "hello"}, board) is None
