"""benchmarks/sprt.py and its statistics (sprt_stats), openings file and shared game loop."""

from __future__ import annotations

import io
import math
import subprocess
import sys
from pathlib import Path
from typing import ClassVar

import chess
import chess.pgn
import match_common  # benchmarks/ is on the import path through pytest's `pythonpath` (pyproject)
import pytest
import sprt
import sprt_stats

BENCH = Path(__file__).resolve().parents[1] / "benchmarks"

# -- Elo and LLR -----------------------------------------------------------------------------


def test_elo_of_even_score_is_zero() -> None:
    assert sprt_stats.elo_from_score(0.5) == 0.0
    assert sprt_stats.trinomial(10, 30, 10).elo == 0.0


def test_elo_of_75_percent_is_about_plus_191() -> None:
    assert sprt_stats.elo_from_score(0.75) == pytest.approx(190.85, abs=0.01)
    assert sprt_stats.elo_from_score(0.25) == pytest.approx(-190.85, abs=0.01)
    assert sprt_stats.score_from_elo(sprt_stats.elo_from_score(0.62)) == pytest.approx(0.62)


def test_elo_of_a_perfect_score_is_infinite() -> None:
    assert sprt_stats.elo_from_score(1.0) == math.inf
    assert sprt_stats.elo_from_score(0.0) == -math.inf
    assert sprt_stats.trinomial(0, 0, 3).elo_interval() == (-math.inf, -math.inf)


def test_llr_bounds_for_alpha_beta_005() -> None:
    low, high = sprt_stats.llr_bounds(0.05, 0.05)
    assert low == pytest.approx(-2.944, abs=1e-3)
    assert high == pytest.approx(2.944, abs=1e-3)


def test_llr_matches_published_gsprt_example() -> None:
    # jw1912/SPRT README: W 4307, L 4063, D 8620, elo0 0, elo1 3 -> GSPRT "LLR: 2.99".
    estimate = sprt_stats.trinomial(wins=4307, draws=8620, losses=4063)
    assert sprt_stats.llr(estimate, 0, 3) == pytest.approx(2.99, abs=0.005)


def test_llr_by_hand_small_case() -> None:
    # W 6, D 2, L 2: s = 0.7, var = (6*0.09 + 2*0.04 + 2*0.49)/10 = 0.16.
    estimate = sprt_stats.trinomial(6, 2, 2)
    assert estimate.score == pytest.approx(0.7)
    assert estimate.variance == pytest.approx(0.16)
    s0, s1 = 0.5, 1 / (1 + 10 ** (-5 / 400))
    expected = 10 * (s1 - s0) * (1.4 - s0 - s1) / (2 * 0.16)
    assert sprt_stats.llr(estimate, 0, 5) == pytest.approx(expected)


def test_llr_sign_follows_the_result() -> None:
    assert sprt_stats.llr(sprt_stats.trinomial(60, 100, 40), 0, 5) > 0
    assert sprt_stats.llr(sprt_stats.trinomial(40, 100, 60), 0, 5) < 0
    # Exactly half-way between elo0 and elo1 (2.5 Elo) the evidence is balanced.
    s_mid = sprt_stats.score_from_elo(2.5)
    balanced = sprt_stats.Estimate(1000, (sprt_stats.score_from_elo(0) + sprt_stats.score_from_elo(5)) / 2, 0.1)
    assert sprt_stats.llr(balanced, 0, 5) == pytest.approx(0.0, abs=1e-9)
    assert s_mid == pytest.approx(balanced.score, abs=1e-6)


def test_llr_grows_with_more_wins_and_more_games() -> None:
    by_wins = [sprt_stats.llr(sprt_stats.trinomial(w, 100, 50), 0, 5) for w in range(40, 80, 5)]
    assert by_wins == sorted(by_wins) and len(set(by_wins)) == len(by_wins)
    # The same win rate over more games is stronger evidence.
    by_games = [sprt_stats.llr(sprt_stats.trinomial(6 * k, 10 * k, 4 * k), 0, 5) for k in (1, 2, 4, 8)]
    assert by_games == sorted(by_games) and by_games[0] > 0
    assert by_games[3] == pytest.approx(8 * by_games[0])


def test_llr_is_zero_without_information() -> None:
    assert sprt_stats.llr(sprt_stats.trinomial(0, 0, 0), 0, 5) == 0.0
    assert sprt_stats.llr(sprt_stats.trinomial(0, 12, 0), 0, 5) == 0.0


def test_pentanomial_pairs_and_interval() -> None:
    assert [sprt_stats.pair_bucket(a, b) for a, b in ((0, 0), (0, 0.5), (1, 0), (0.5, 1), (1, 1))] == [0, 1, 2, 3, 4]
    estimate = sprt_stats.pentanomial([5, 20, 50, 20, 5])
    assert estimate.samples == 100 and estimate.score == pytest.approx(0.5)
    low, high = estimate.elo_interval()
    assert low < 0 < high and low == pytest.approx(-high)
    with pytest.raises(ValueError):
        sprt_stats.pentanomial([1, 2, 3])


def test_trinomial_interval_matches_normal_approximation() -> None:
    estimate = sprt_stats.trinomial(30, 40, 30)
    half = 1.96 * math.sqrt(estimate.variance / 100)
    low, high = estimate.elo_interval()
    assert low == pytest.approx(sprt_stats.elo_from_score(0.5 - half), abs=0.1)
    assert high == pytest.approx(sprt_stats.elo_from_score(0.5 + half), abs=0.1)


# -- openings --------------------------------------------------------------------------------


def test_balanced_openings_are_legal_varied_positions() -> None:
    boards = sprt.load_openings(sprt.DEFAULT_OPENINGS)
    assert len(boards) >= 200
    assert len({b.epd() for b in boards}) == len(boards)
    for board in boards:
        assert board.is_valid(), board.epd()
        assert not board.is_game_over()
        assert any(board.legal_moves)
        assert board.fullmove_number == 1  # EPD has no counters; played from move 1


def test_balanced_openings_record_a_small_score() -> None:
    for line in sprt.DEFAULT_OPENINGS.read_text().splitlines():
        if line and not line.startswith("#"):
            _, ops = chess.Board.from_epd(line)
            assert abs(ops["ce"]) < 50, line


def test_bad_opening_file_is_reported(tmp_path: Path) -> None:
    bad = tmp_path / "bad.epd"
    bad.write_text("not a position\n")
    with pytest.raises(ValueError, match="bad.epd:1"):
        sprt.load_openings(bad)


# -- game loop -------------------------------------------------------------------------------


def test_time_control_parse() -> None:
    tc = match_common.TimeControl.parse("5+0.05")
    assert (tc.base, tc.increment, tc.nodes) == (5.0, 0.05, None)
    with pytest.raises(ValueError, match="seconds"):
        match_common.TimeControl.parse("fast")


def test_resign_adjudication_needs_both_engines() -> None:
    rules = match_common.Adjudication(resign_cp=1000, resign_moves=3)
    board = chess.Board()
    agree = {chess.WHITE: [1200, 1300, 1500], chess.BLACK: [1100, 1400, 1600]}
    result = match_common._adjudicate(agree, board, rules)
    assert result is not None and result.white_score == 1.0
    disagree = {chess.WHITE: [1200, 1300, 1500], chess.BLACK: [1100, 400, 1600]}
    assert match_common._adjudicate(disagree, board, rules) is None


def test_draw_adjudication_only_after_move_40() -> None:
    rules = match_common.Adjudication(draw_cp=0, draw_moves=8, draw_after_move=40)
    zeros = {chess.WHITE: [0] * 8, chess.BLACK: [0] * 8}
    early = chess.Board()
    assert match_common._adjudicate(zeros, early, rules) is None
    late = chess.Board("8/8/4k3/8/8/4K3/8/8 w - - 0 41")
    result = match_common._adjudicate(zeros, late, rules)
    assert result is not None and result.white_score == 0.5


def test_illegal_move_loses_and_is_recorded() -> None:
    class Played:
        move = chess.Move.from_uci("e2e5")
        info: ClassVar[dict] = {}

    class Liar:
        def play(self, board, limit, info=None, game=None):
            return Played()

        def close(self) -> None:
            pass

    liar = Liar()
    result = match_common.play_game(
        chess.Board(),
        {chess.WHITE: liar, chess.BLACK: liar},  # type: ignore[dict-item]
        match_common.TimeControl(nodes=1),
    )
    assert result.white_score == 0.0 and result.fault
    assert "illegal move e2e5" in result.reason


# -- end to end ------------------------------------------------------------------------------


def test_tiny_ab_match_finishes_and_reports(tmp_path: Path) -> None:
    root = BENCH.parent
    log = tmp_path / "games.log"
    done = subprocess.run(
        [
            sys.executable,
            str(BENCH / "sprt.py"),
            "--ab-features",
            "0x3ff,0x3ff",
            "--nodes",
            "500",
            "--max-games",
            "2",
            "--concurrency",
            "1",
            "--log",
            str(log),
        ],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode in (0, 1, 3), done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("SPRT test (features 0x3ff) vs base (features 0x3ff): 500 nodes/move")
    final = [line for line in lines if line.startswith("Final: Games 2: W/D/L ")]
    assert final, done.stdout
    assert "LLR " in final[0] and "Elo " in final[0]
    assert len(log.read_text().splitlines()) == 2


def test_bad_base_ref_is_a_clear_error() -> None:
    done = subprocess.run(
        [sys.executable, str(BENCH / "sprt.py"), "--base", "no-such-ref-xyz"],
        cwd=BENCH.parent,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert "cannot export engine/ at 'no-such-ref-xyz'" in done.stderr


CRASHING_ENGINE = """
import sys
for line in sys.stdin:
    word = line.split()[0] if line.split() else ""
    if word == "uci":
        print("id name crasher\\nuciok", flush=True)
    elif word == "isready":
        print("readyok", flush=True)
    elif word == "go":
        sys.exit(3)
"""


def test_engine_crash_loses_and_a_fresh_engine_can_be_opened(tmp_path: Path) -> None:
    script = tmp_path / "crasher.py"
    script.write_text(CRASHING_ENGINE)
    spec = sprt.EngineSpec("crasher", (sys.executable, str(script)), tmp_path)
    first = spec.open()
    try:
        result = match_common.play_game(
            chess.Board(), {chess.WHITE: first, chess.BLACK: first}, match_common.TimeControl(nodes=10)
        )
        assert result.white_score == 0.0 and result.fault
        assert result.reason.startswith("White crashed")
        assert not sprt.responds(first)
    finally:
        first.close()
    second = spec.open()
    try:
        assert sprt.responds(second)
    finally:
        second.close()


def test_engine_that_hangs_loses(tmp_path: Path) -> None:
    script = tmp_path / "sleeper.py"
    script.write_text(CRASHING_ENGINE.replace("sys.exit(3)", "pass  # never answers"))
    engine = sprt.EngineSpec("sleeper", (sys.executable, str(script)), tmp_path).open()
    try:
        result = match_common.play_game(
            chess.Board(),
            {chess.WHITE: engine, chess.BLACK: engine},
            match_common.TimeControl(nodes=10, hang_seconds=0.5),
        )
        assert (result.white_score, result.reason, result.fault) == (0.0, "White hung", True)
        assert not sprt.responds(engine)
    finally:
        engine.close()


def test_build_options_are_parsed_and_set_on_the_engine(tmp_path: Path) -> None:
    args = sprt.parse_args(["--base", ".", "--test-option", "Threads=2", "--test-option", "Move Overhead=40"])
    assert args.test_option == [("Threads", "2"), ("Move Overhead", "40")] and args.base_option == []
    with pytest.raises(SystemExit):
        sprt.parse_args(["--base", ".", "--test-option", "Threads"])  # no value
    spec = sprt.EngineSpec("ours", (sys.executable, "-m", "engine"), BENCH.parent, (("Threads", "2"),))
    assert spec.name == "ours" and "Threads=2" in spec.label()
    engine = spec.open()
    try:
        assert engine.options["Threads"].max >= 2
        assert engine.protocol.config.get("Threads") == 2  # configured by open()
    finally:
        engine.quit()


def test_a_game_keeps_its_moves_and_reads_back_as_pgn() -> None:
    class Played:
        def __init__(self, move: chess.Move) -> None:
            self.move = move
            self.info: dict = {}

    class FoolsMate:
        """Plays 2. g4 and 2... Qh4#: the shortest mate, after the opening 1. f3 e5."""

        def play(self, board, limit, info=None, game=None):
            return Played(chess.Move.from_uci("g2g4" if board.turn == chess.WHITE else "d8h4"))

        def close(self) -> None:
            pass

    start = chess.Board()
    for uci in ("f2f3", "e7e5"):
        start.push_uci(uci)
    engine = FoolsMate()
    result = match_common.play_game(
        start,
        {chess.WHITE: engine, chess.BLACK: engine},  # type: ignore[dict-item]
        match_common.TimeControl(nodes=1),
    )
    assert (result.white_score, result.reason, result.moves) == (0.0, "checkmate", ("g2g4", "d8h4"))
    assert len(start.move_stack) == 2  # the caller's board is left as it was
    text = match_common.game_pgn(start, result, "ours", "Stockfish 2300", "a test")
    game = chess.pgn.read_game(io.StringIO(text))
    assert game is not None and not game.errors
    assert [m.uci() for m in game.mainline_moves()] == ["f2f3", "e7e5", "g2g4", "d8h4"]
    assert (game.headers["White"], game.headers["Black"], game.headers["Result"]) == ("ours", "Stockfish 2300", "0-1")
    assert game.headers["Termination"] == "checkmate" and game.end().board().is_checkmate()


def test_a_clocked_game_records_each_moves_clock_time_and_score_in_its_pgn() -> None:
    class Played:
        def __init__(self, move: chess.Move, cp: int) -> None:
            self.move = move
            self.info: dict = {"score": chess.engine.PovScore(chess.engine.Cp(cp), chess.WHITE), "depth": 7}

    class FoolsMate:
        """2. g4 (White thinks +10) and 2... Qh4# (Black thinks -500, White's view)."""

        def play(self, board, limit, info=None, game=None):
            assert limit.white_clock is not None  # a clocked game sends the clocks
            if board.turn == chess.WHITE:
                return Played(chess.Move.from_uci("g2g4"), 10)
            return Played(chess.Move.from_uci("d8h4"), -500)

        def close(self) -> None:
            pass

    start = chess.Board()
    for uci in ("f2f3", "e7e5"):
        start.push_uci(uci)
    engine = FoolsMate()
    result = match_common.play_game(
        start,
        {chess.WHITE: engine, chess.BLACK: engine},  # type: ignore[dict-item]
        match_common.TimeControl(10.0, 0.1),
    )
    assert len(result.notes) == 2
    for note in result.notes:
        assert note.clock is not None and 10.0 < note.clock <= 10.1  # a fast move gains nearly the increment
        assert 0.0 <= note.spent < 0.1 and note.depth == 7
    game = chess.pgn.read_game(io.StringIO(match_common.game_pgn(start, result, "a", "b", "a test")))
    assert game is not None and not game.errors
    nodes = list(game.mainline())
    assert nodes[0].clock() is None and nodes[1].eval() is None  # the opening's moves carry no notes
    g4, qh4 = nodes[2], nodes[3]
    assert g4.clock() == pytest.approx(result.notes[0].clock, abs=0.001)
    assert g4.eval() == chess.engine.PovScore(chess.engine.Cp(10), chess.WHITE)
    assert qh4.eval() == chess.engine.PovScore(chess.engine.Cp(-500), chess.WHITE) and qh4.eval_depth() == 7
    assert qh4.emt() is not None


def test_stockfish_match_plays_a_feature_mask_through_the_wrapper(tmp_path: Path) -> None:
    import stockfish_match

    own = stockfish_match.full_strength(tmp_path, {"Hash": 32})
    assert own.command[1:] == ["-m", "engine"] and own.options["Hash"] == 32
    masked = stockfish_match.full_strength(tmp_path, {}, "0x1ebffff")
    assert masked.command[1:] == [str(BENCH / "uci_features.py"), "0x1ebffff"]
    assert masked.cwd == str(tmp_path)
    assert stockfish_match.feature_mask("0x1ebffff") == "0x1ebffff"
    with pytest.raises(Exception, match="not a number"):
        stockfish_match.feature_mask("nnue")


def test_stockfish_match_sets_stockfish_options_over_its_defaults() -> None:
    import stockfish_match

    plain = stockfish_match.limited_stockfish(2500, "/usr/games/stockfish", {})
    assert plain.options["Threads"] == 1 and plain.options["UCI_Elo"] == 2500
    assert plain.options["UCI_LimitStrength"] is True
    two = stockfish_match.limited_stockfish(2500, "/usr/games/stockfish", {"Threads": 2})
    assert two.options["Threads"] == 2 and two.options["UCI_Elo"] == 2500 and two.name == plain.name
    assert plain.options["Threads"] == 1  # the default opponent is not changed
