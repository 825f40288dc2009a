"""The UCI engine as a subprocess, driven by python-chess, plus the parsers directly."""

from __future__ import annotations

import subprocess
import sys
import time

import chess
import chess.engine
import pytest
from engine_test_helpers import UciProcess

from engine.api import SearchInfo, SearchLimit, SearchResult
from engine.uci import UciEngine
from engine.uci_protocol import format_bestmove, format_info, parse_go, parse_position

ENGINE_CMD = [sys.executable, "-m", "engine"]


@pytest.fixture(scope="module")
def engine() -> chess.engine.SimpleEngine:
    uci = chess.engine.SimpleEngine.popen_uci(ENGINE_CMD, timeout=60)
    yield uci
    uci.quit()


def test_identifies_itself_and_its_options(engine: chess.engine.SimpleEngine) -> None:
    assert "Chessgui" in engine.id["name"]
    assert {"Hash", "Threads", "Move Overhead"} <= set(engine.options)
    engine.configure({"Hash": 16, "Move Overhead": 50})


def test_plays_a_few_moves_of_a_game(engine: chess.engine.SimpleEngine) -> None:
    board = chess.Board()
    for _ in range(8):
        result = engine.play(board, chess.engine.Limit(time=0.05), info=chess.engine.INFO_ALL)
        assert result.move in board.legal_moves
        board.push(result.move)
    # Clock-based play and a depth limit work too.
    result = engine.play(board, chess.engine.Limit(white_clock=5, black_clock=5, white_inc=0.1, black_inc=0.1))
    assert result.move in board.legal_moves
    info = engine.analyse(board, chess.engine.Limit(depth=5))
    assert info["depth"] == 5 and "score" in info and info["pv"][0] in board.legal_moves


def test_finds_a_mate_and_reports_mate_score(engine: chess.engine.SimpleEngine) -> None:
    board = chess.Board("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1")
    info = engine.analyse(board, chess.engine.Limit(depth=3))
    assert info["score"].white() == chess.engine.Mate(1)
    assert info["pv"][0] == chess.Move.from_uci("a1a8")


def test_stop_during_infinite_analysis(engine: chess.engine.SimpleEngine) -> None:
    board = chess.Board("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
    with engine.analysis(board) as analysis:
        for info in analysis:
            if info.get("depth", 0) >= 4:
                break
        start = time.monotonic()
        analysis.stop()
        best = analysis.wait()
    assert time.monotonic() - start < 2.0
    assert best.move in board.legal_moves


def _talk(lines: list[str], timeout: float = 60) -> list[str]:
    completed = subprocess.run(
        ENGINE_CMD, input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=timeout
    )
    assert completed.returncode == 0, completed.stderr
    assert "Traceback" not in completed.stderr
    return completed.stdout.splitlines()


def test_bad_input_never_crashes_it() -> None:
    out = _talk(
        [
            "uci",
            "position fen this is not a fen",
            "isready",
            "go depth 2",
            "position startpos moves e2e4 e7e5 e1e3",
            "go depth 2",
            "blah",
            "setoption name Hash value lots",
            "setoption name Nope value 1",
            "go depth x",
            "position",
            "go wtime -100 btime 5 movestogo 0",
            "position startpos moves e2e4",
            "go depth 3",
            "isready",
            "quit",
        ]
    )
    assert "readyok" in out
    assert any(line.startswith("info string position rejected") for line in out)
    assert out.count("bestmove 0000") == 4  # no valid position: a null move, not a crash
    best = [line for line in out if line.startswith("bestmove") and line != "bestmove 0000"]
    board = chess.Board()
    board.push_uci("e2e4")
    assert len(best) == 1
    assert chess.Move.from_uci(best[-1].split()[1]) in board.legal_moves


def test_go_perft_prints_a_divide() -> None:
    process = UciProcess()
    process.send("position startpos moves e2e4")
    process.send("go perft 3")  # runs in the search thread, like a search
    out = process.expect("Nodes searched")
    assert process.quit() == 0
    assert "e7e5: 835" in out
    assert "Nodes searched: 13160" in out


def test_parse_go() -> None:
    go = parse_go("wtime 1000 btime 2000 winc 10 binc 20 movestogo 5".split())
    assert go.limit == SearchLimit(wtime_ms=1000, btime_ms=2000, winc_ms=10, binc_ms=20, movestogo=5)
    assert parse_go(["infinite"]).limit.infinite
    assert parse_go(["perft", "4"]).perft_depth == 4
    assert parse_go("depth 0 nodes -5".split()).limit == SearchLimit(depth=1, nodes=1)
    assert parse_go(["depth"]).ignored == ("depth",)
    assert parse_go("movetime 250 searchmoves e2e4 d2d4".split()).limit.movetime_ms == 250


def test_parse_position() -> None:
    assert parse_position("startpos moves e2e4 e7e5".split())[1] == ("e2e4", "e7e5")
    fen, moves = parse_position("fen 8/8/8/8/8/8/8/K6k w - - 0 1".split())
    assert fen == "8/8/8/8/8/8/8/K6k w - - 0 1" and moves == ()


def test_output_formats() -> None:
    info = SearchInfo(
        depth=3,
        seldepth=7,
        score_cp=None,
        mate_in=-2,
        nodes=100,
        nps=1000,
        time_ms=100,
        hashfull=5,
        pv=("e2e4", "e7e5"),
    )
    assert format_info(info) == (
        "info depth 3 seldepth 7 multipv 1 score mate -2 nodes 100 nps 1000 hashfull 5 time 100 pv e2e4 e7e5"
    )
    assert format_bestmove(SearchResult("e2e4", "e7e5", None)) == "bestmove e2e4 ponder e7e5"
    assert format_bestmove(SearchResult(None, None, None)) == "bestmove 0000"


def test_in_process_stop_then_quit_is_clean() -> None:
    lines: list[str] = []
    uci = UciEngine(write=lines.append)
    uci.handle("position startpos")
    uci.handle("go infinite")
    uci.handle("stop")  # immediately: the stop must not be lost
    assert uci.handle("quit") is False
    assert sum(line.startswith("bestmove") for line in lines) == 1


def test_multipv_option_and_lines_through_python_chess(engine: chess.engine.SimpleEngine) -> None:
    option = engine.options["MultiPV"]
    assert (option.type, option.default, option.min, option.max) == ("spin", 1, 1, 10)
    board = chess.Board("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
    infos = engine.analyse(board, chess.engine.Limit(depth=5), multipv=3)
    assert [info["multipv"] for info in infos] == [1, 2, 3]
    assert all(info["depth"] == 5 for info in infos)
    first_moves = [info["pv"][0] for info in infos]
    assert len(set(first_moves)) == 3 and all(move in board.legal_moves for move in first_moves)
    scores = [info["score"].relative.score(mate_score=100_000) for info in infos]
    assert scores == sorted(scores, reverse=True)
    # MultiPV 1 again gives a single line.
    single = engine.analyse(board, chess.engine.Limit(depth=5), multipv=1)
    assert len(single) == 1 and single[0]["pv"][0] == first_moves[0]
    # Fewer legal moves than lines: one line per move.
    two = chess.Board("k7/8/8/8/8/7P/r7/7K w - - 0 1")
    infos = engine.analyse(two, chess.engine.Limit(depth=4), multipv=5)
    assert sorted(info["pv"][0].uci() for info in infos) == ["h1g1", "h3h4"]


def test_stop_during_infinite_multipv_analysis(engine: chess.engine.SimpleEngine) -> None:
    board = chess.Board("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
    with engine.analysis(board, multipv=3) as analysis:
        for info in analysis:
            if info.get("depth", 0) >= 4 and info.get("multipv") == 3:
                break
        start = time.monotonic()
        analysis.stop()
        best = analysis.wait()
    assert time.monotonic() - start < 2.0
    assert len(analysis.multipv) == 3
    assert len({info["pv"][0] for info in analysis.multipv}) == 3
    # bestmove may come from the interrupted iteration's line 1, so only legality is certain.
    assert best.move in board.legal_moves


def test_multipv_setoption_is_clamped_and_sent_per_line(uci_until_bestmove) -> None:
    uci, lines = uci_until_bestmove("setoption name MultiPV value 99", "position startpos", "go depth 2", timeout_s=60)
    depth2 = [line for line in lines if line.startswith("info depth 2 ")]
    assert [line.split()[6] for line in depth2] == [str(k) for k in range(1, 11)]
    first = depth2[0].split()
    assert lines[-1].split()[1] == first[first.index("pv") + 1]  # bestmove is line 1's move
    uci.handle("setoption name MultiPV value zero")
    assert "not a number" in lines[-1]
    assert uci.handle("quit") is False
