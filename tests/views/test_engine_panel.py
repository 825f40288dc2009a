"""EnginePanel and EvalBar show engine reports from White's point of view."""

from __future__ import annotations

import chess

from chessgui.engines.info import EngineInfo
from chessgui.views.engine_panel import EnginePanel, format_count, format_pv, format_time
from chessgui.views.eval_bar import EvalBar, white_share
from engine.api import SearchInfo


def _info(
    board: chess.Board, score_cp: int | None, mate_in: int | None = None, pv=("e7e5", "g1f3", "b8c6")
) -> EngineInfo:
    raw = SearchInfo(
        depth=9,
        seldepth=14,
        score_cp=score_cp,
        mate_in=mate_in,
        nodes=1_234_567,
        nps=456_000,
        time_ms=2700,
        hashfull=5,
        pv=pv,
    )
    return EngineInfo.from_search_info(raw, board, engine_name="Built-in engine")


def _after_e4() -> chess.Board:
    board = chess.Board()
    board.push_uci("e2e4")
    return board


def test_panel_shows_the_thinking_side(qtbot) -> None:
    panel = EnginePanel()
    qtbot.addWidget(panel)
    panel.on_search_info(_info(_after_e4(), 30))
    name, score, stats, pv = panel.row_texts(chess.BLACK)
    assert name == "Black · Built-in engine"
    assert score == "-0.30"
    assert "depth 9/14" in stats and "1.23M nodes" in stats and "456.0k n/s" in stats and "2.70 s" in stats
    assert pv == "1... e5 2. Nf3 Nc6"
    assert panel.row_texts(chess.WHITE)[1] == ""
    panel.clear()
    assert panel.row_texts(chess.BLACK)[1] == "" and panel.last_info(chess.BLACK) is None


def test_pv_is_cut_after_eight_moves() -> None:
    board = chess.Board()
    pv = ("g1f3", "g8f6", "f3g1", "f6g8") * 3
    text = format_pv(_info(board, 0, pv=pv))
    assert text.startswith("1. Nf3 Nf6 2. Ng1 Ng8") and text.endswith("…")
    assert text.count("N") == 8


def test_count_and_time_formats() -> None:
    assert (format_count(950), format_count(12_345), format_count(4_560_000)) == ("950", "12.3k", "4.56M")
    assert (format_time(450), format_time(12_300), format_time(125_000)) == ("0.45 s", "12.3 s", "2:05")


def test_eval_bar_share_and_flip(qtbot) -> None:
    bar = EvalBar()
    qtbot.addWidget(bar)
    assert bar.white_share() == 0.5 and bar.score_text() == ""
    bar.set_info(_info(_after_e4(), -300))  # Black to move is worse: White is better
    assert 0.7 < bar.white_share() < 0.9
    assert bar.score_text() == "3.0"
    bar.set_info(_info(_after_e4(), None, mate_in=2))  # Black mates in 2
    assert bar.white_share() == 0.0 and bar.score_text() == "#2"
    bar.set_flipped(True)
    assert bar.is_flipped()
    bar.resize(24, 300)
    bar.grab()  # paints both orientations without error
    bar.clear()
    assert bar.white_share() == 0.5


def test_white_share_is_monotonic() -> None:
    board = chess.Board()
    shares = [white_share(_info(board, cp)) for cp in (-1000, -200, 0, 200, 1000)]
    assert shares == sorted(shares) and shares[2] == 0.5
    assert white_share(_info(board, None, mate_in=3)) == 1.0


def test_the_tablebase_verdict_is_hidden_with_the_computer_s_thinking(qtbot) -> None:
    """ "Tablebase: White wins, mate in 12" tells a person playing the computer as much as its score."""
    panel = EnginePanel()
    qtbot.addWidget(panel)
    panel.show()
    panel.set_thinking_hidden(True)
    panel.set_tablebase_text("Tablebase: White wins, mate in 12")
    assert not panel.tablebase_label.isVisible()
    panel.set_thinking_hidden(False)  # the game ended
    assert panel.tablebase_label.isVisible() and "mate in 12" in panel.tablebase_label.text()
    panel.set_thinking_hidden(True)
    assert not panel.tablebase_label.isVisible()
