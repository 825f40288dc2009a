"""Analysis mode: the analyser job (built-in and UCI engines, MultiPV), failures, and the window's wiring."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import chess
import chess.engine
import chess.pgn
import pytest
from PySide6.QtCore import QSettings

from chessgui.engines.analysis import AnalysisEngineSpec, AnalysisSnapshot, PositionAnalyser
from chessgui.engines.info import EngineInfo
from chessgui.game.controller import GameController
from chessgui.storage.analysis_settings import (
    AnalysisSettings,
    choice_for,
    engine_choices,
    load_analysis_settings,
    save_analysis_settings,
)
from chessgui.storage.settings import PlayerKind, PlayerSettings, Settings
from chessgui.views.analysis_view import AnalysisView, line_text

MIDDLEGAME = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9"
OUR_ENGINE = f"{sys.executable} -m engine"
#: The first search of a process may have to load (or compile) the Numba code.
FIRST_SEARCH_MS = 180_000

FAKE_ANALYSER = textwrap.dedent(
    '''
    """A UCI engine for tests: on "go" it reports two lines, then misbehaves as argv[1] says."""
    import sys
    import chess

    MODE = sys.argv[1]

    def say(line):
        sys.stdout.write(line + "\\n")
        sys.stdout.flush()

    board = chess.Board()
    for raw in sys.stdin:
        line = raw.strip()
        if line == "uci":
            say("id name Fake" + MODE.capitalize())
            say("option name MultiPV type spin default 1 min 1 max 5")
            say("uciok")
        elif line == "isready":
            say("readyok")
        elif line.startswith("position"):
            board = chess.Board()
            if "moves" in line:
                for uci in line.split(" moves ")[1].split():
                    board.push_uci(uci)
        elif line.startswith("go"):
            moves = list(board.legal_moves)[:2]
            for rank, move in enumerate(moves, 1):
                say(f"info depth 5 seldepth 7 multipv {rank} score cp {30 - 10 * rank} nodes 900 pv {move.uci()}")
            if MODE == "crash":
                sys.exit(1)
        elif line == "stop":
            if MODE == "hang":
                continue  # never answers "bestmove"
            say("bestmove " + list(board.legal_moves)[0].uci())
        elif line == "quit":
            break
    '''
)


@pytest.fixture
def fake_analyser(tmp_path: Path):
    script = tmp_path / "fake_analyser.py"
    script.write_text(FAKE_ANALYSER)
    return lambda mode: f"{sys.executable} {script} {mode}"


@pytest.fixture
def analyser(qtbot):
    made: list[PositionAnalyser] = []

    def make(spec: AnalysisEngineSpec | None = None, lines: int = 3, **kwargs) -> PositionAnalyser:
        job = PositionAnalyser(**kwargs)
        job.configure(spec or AnalysisEngineSpec(hash_mb=8), lines)
        made.append(job)
        return job

    yield make
    for job in made:
        job.shutdown()


def _legal_line(board: chess.Board, info: EngineInfo) -> bool:
    board = board.copy()
    for uci in info.pv_uci:
        move = chess.Move.from_uci(uci)
        if move not in board.legal_moves:
            return False
        board.push(move)
    return bool(info.pv_uci)


def _assert_lines_legal_and_sorted(board: chess.Board, lines: tuple[EngineInfo, ...], count: int) -> None:
    assert len(lines) == count
    assert all(_legal_line(board, info) for info in lines)
    first_moves = [info.pv_uci[0] for info in lines]
    assert len(set(first_moves)) == count  # distinct root moves, one per line
    sign = 1 if board.turn == chess.WHITE else -1
    scores = [sign * info.white_cp_or_mate() for info in lines]
    assert scores == sorted(scores, reverse=True)  # best first, for the side to move


# ---------------------------------------------------------------------- built-in engine


def test_builtin_analysis_gives_legal_multipv_lines_and_stops(qtbot, analyser) -> None:
    job = analyser(lines=3)
    board = chess.Board(MIDDLEGAME)
    job.analyse(board)
    assert job.is_running()
    qtbot.waitUntil(lambda: len(job.lines()) == 3 and job.lines()[0].depth >= 5, timeout=FIRST_SEARCH_MS)
    _assert_lines_legal_and_sorted(board, job.lines(), 3)
    snapshot = job.snapshot()
    assert snapshot is not None and snapshot.fen == board.fen() and snapshot.running
    with qtbot.waitSignal(job.running_changed, timeout=1000) as stopped:
        job.stop()
    assert stopped.args == [False]
    assert not job.is_running()
    assert len(job.lines()) == 3  # the analysis so far stays


def test_analysis_restarts_at_once_when_the_position_changes(qtbot, analyser) -> None:
    job = analyser(lines=2)
    first = chess.Board(MIDDLEGAME)
    job.analyse(first)
    qtbot.waitUntil(lambda: len(job.lines()) == 2, timeout=FIRST_SEARCH_MS)
    second = first.copy()
    second.push_san("Bd3")
    seen: list[AnalysisSnapshot] = []
    job.snapshot_changed.connect(seen.append)
    job.analyse(second)
    assert job.lines() == ()  # the old position's lines are gone at once
    qtbot.waitUntil(lambda: len(job.lines()) == 2 and job.lines()[0].depth >= 3, timeout=20_000)
    assert seen and all(snapshot.fen == second.fen() for snapshot in seen)
    _assert_lines_legal_and_sorted(second, job.lines(), 2)
    job.analyse(second)  # the same position again: no restart
    assert seen[-1].fen == second.fen()


def test_analysis_of_a_finished_position_says_so(qtbot, analyser) -> None:
    job = analyser()
    mate = chess.Board()
    for san in ("f3", "e5", "g4", "Qh4#"):
        mate.push_san(san)
    with qtbot.waitSignal(job.snapshot_changed, timeout=1000) as blocker:
        job.analyse(mate)
    assert "Checkmate" in blocker.args[0].note
    assert not job.is_running()


# ---------------------------------------------------------------------- external UCI engines


def test_uci_analysis_with_our_own_engine_gives_legal_multipv_lines(qtbot, analyser) -> None:
    job = analyser(AnalysisEngineSpec(OUR_ENGINE, hash_mb=8, label="ours"), lines=3)
    board = chess.Board(MIDDLEGAME)
    job.analyse(board)
    qtbot.waitUntil(lambda: len(job.lines()) == 3 and job.lines()[0].depth >= 4, timeout=FIRST_SEARCH_MS)
    _assert_lines_legal_and_sorted(board, job.lines(), 3)
    assert job.snapshot() is not None
    # A new position: the engine is told to stop and starts over at once.
    board.push_san("Bd3")
    job.analyse(board)
    qtbot.waitUntil(lambda: len(job.lines()) == 3 and job.lines()[0].depth >= 3, timeout=30_000)
    _assert_lines_legal_and_sorted(board, job.lines(), 3)
    job.stop()
    assert not job.is_running()


def test_uci_analysis_engine_that_crashes_is_reported_and_lines_are_kept(qtbot, analyser, fake_analyser) -> None:
    job = analyser(AnalysisEngineSpec(fake_analyser("crash"), label="crasher"), lines=2)
    with qtbot.waitSignal(job.failed, timeout=20_000) as blocker:
        job.analyse(chess.Board())
    assert "stopped unexpectedly" in blocker.args[0]
    assert "FakeCrash" in blocker.args[0]
    assert not job.is_running()
    assert len(job.lines()) == 2 and all(_legal_line(chess.Board(), info) for info in job.lines())
    assert job.snapshot() is not None and job.snapshot().note == blocker.args[0]


def test_lines_said_just_before_a_crash_are_kept_when_the_event_loop_dies_first(
    qtbot, analyser, fake_analyser, monkeypatch
) -> None:
    # Found by the whole-suite loop (1 run in 3 of one seed): the engine says both lines and exits;
    # python-chess ends its event loop with the process, and a line not yet read from its queue
    # could no longer be read ("engine event loop dead"), so only one line was kept. Forced here:
    # the second read finds the loop dead although the engine had said both lines.
    original = chess.engine.SimpleAnalysisResult.__next__
    reads = 0

    def next_then_dead(self: chess.engine.SimpleAnalysisResult) -> dict:
        nonlocal reads
        reads += 1
        if reads == 1:
            return original(self)
        try:
            while True:  # everything the engine said arrives, and is lost to the reader
                original(self)
        except (StopIteration, chess.engine.EngineError):
            pass
        raise chess.engine.EngineTerminatedError("engine event loop dead")

    monkeypatch.setattr(chess.engine.SimpleAnalysisResult, "__next__", next_then_dead)
    job = analyser(AnalysisEngineSpec(fake_analyser("crash"), label="crasher"), lines=2)
    with qtbot.waitSignal(job.failed, timeout=20_000) as blocker:
        job.analyse(chess.Board())
    assert "stopped unexpectedly" in blocker.args[0]
    assert len(job.lines()) == 2 and all(_legal_line(chess.Board(), info) for info in job.lines())


def test_uci_analysis_engine_that_hangs_is_reported_and_lines_are_kept(qtbot, analyser, fake_analyser) -> None:
    job = analyser(AnalysisEngineSpec(fake_analyser("hang"), label="hanger"), lines=2, stop_timeout_ms=300)
    job.analyse(chess.Board())
    qtbot.waitUntil(lambda: len(job.lines()) == 2, timeout=20_000)
    with qtbot.waitSignal(job.failed, timeout=5000) as blocker:
        job.stop()  # the engine ignores "stop"
    assert "stopped answering" in blocker.args[0]
    assert len(job.lines()) == 2
    # The next position gets a fresh engine process, which reports again.
    board = chess.Board()
    board.push_san("e4")
    job.analyse(board)
    qtbot.waitUntil(lambda: len(job.lines()) == 2, timeout=20_000)
    assert all(_legal_line(board, info) for info in job.lines())


# ---------------------------------------------------------------------- settings and view


def test_analysis_settings_round_trip_and_engine_choices(tmp_path: Path) -> None:
    qsettings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    assert load_analysis_settings(qsettings) == AnalysisSettings()
    save_analysis_settings(qsettings, AnalysisSettings("/usr/games/stockfish", 5))
    assert load_analysis_settings(qsettings) == AnalysisSettings("/usr/games/stockfish", 5)
    qsettings.setValue("analysis/lines", "99")  # out of range: the default
    assert load_analysis_settings(qsettings).lines == AnalysisSettings().lines
    uci = PlayerSettings(
        kind=PlayerKind.UCI,
        uci_path="/usr/games/stockfish",
        uci_options=(("Skill Level", "3"), ("Threads", "2"), ("UCI_LimitStrength", "true")),
        hash_mb=32,
    )
    settings = Settings(white=PlayerSettings(), black=uci)
    labels = [(choice.label, choice.uci_command) for choice in engine_choices(settings)]
    assert labels == [("Built-in engine", ""), ("stockfish", "/usr/games/stockfish")]
    chosen = choice_for(settings, AnalysisSettings("/usr/games/stockfish", 2))
    assert chosen.uci_options == (("Threads", "2"),)  # full strength: no weakening options
    assert chosen.hash_mb == 32


def test_analysis_view_numbers_moves_and_plays_a_line_up_to_a_clicked_move(qtbot) -> None:
    view = AnalysisView()
    qtbot.addWidget(view)
    board = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
    board.push_san("Bb5")
    info = EngineInfo(
        color=chess.BLACK,
        depth=9,
        seldepth=12,
        score_white_cp=35,
        mate_white=None,
        nodes=12345,
        nps=100000,
        time_ms=120,
        pv_san=("a6", "Ba4", "Nf6"),
        pv_uci=("a7a6", "b5a4", "g8f6"),
        engine_name="Test",
        fullmove_number=3,
    )
    assert line_text(info) == "3... a6 4. Ba4 Nf6"
    view.show_snapshot(AnalysisSnapshot(fen=board.fen(), lines=(info,), engine_name="Test", running=True))
    assert view.row_texts() == [("+0.35", "3... a6 4. Ba4 Nf6")]
    assert "depth 9/12" in view.stats_label.text()
    with qtbot.waitSignal(view.line_played, timeout=1000) as blocker:
        view._on_link_activated("1:1")  # the link of "Ba4"
    assert blocker.args == [board.fen(), (chess.Move.from_uci("a7a6"), chess.Move.from_uci("b5a4"))]


def test_add_variation_follows_existing_moves_and_never_changes_the_main_line(qtbot) -> None:
    controller = GameController()
    controller.new_game()
    game = controller.game()
    for uci in ("e2e4", "e7e5", "g1f3"):
        controller._push_move(chess.Move.from_uci(uci))  # the game's own moves
    main = [move.uci() for move in game.mainline_moves()]
    root = game
    with qtbot.waitSignal(controller.tree_changed, timeout=1000):
        node = controller.tree_editor.add_variation(root, [chess.Move.from_uci("d2d4"), chess.Move.from_uci("d7d5")])
    assert node.board().fen() == chess.Board("rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2").fen()
    assert [move.uci() for move in game.mainline_moves()] == main
    # Moves the tree already has are followed, not duplicated.
    again = controller.tree_editor.add_variation(root, [chess.Move.from_uci("d2d4")])
    assert again is node.parent
    same = controller.tree_editor.add_variation(root, [chess.Move.from_uci("e2e4")])
    assert same is game.variations[0]
    assert len(game.variations) == 2
    with pytest.raises(ValueError):
        controller.tree_editor.add_variation(root, [chess.Move.from_uci("e2e5")])
    with pytest.raises(ValueError):
        controller.tree_editor.add_variation(chess.pgn.Game(), [chess.Move.from_uci("e2e4")])
    # Nothing after the game's last move: it would become a move of the game.
    live = controller.node_at_ply(3)
    with pytest.raises(ValueError, match="before the game's last move"):
        controller.tree_editor.add_variation(live, [chess.Move.from_uci("b8c6")])
    assert not live.variations
    assert controller.live_ply() == 3


# ---------------------------------------------------------------------- the window


LOADED = """[Event "Club final"]
[White "Carlsen"]
[Black "Nepo"]
[Result "1-0"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0
"""


def _lines_about(window, board: chess.Board, count: int = 3) -> bool:
    snapshot = window.analysis.snapshot()
    return snapshot is not None and snapshot.fen == board.fen() and len(snapshot.lines) == count


def test_window_analysis_follows_the_shown_position_with_arrows_and_stops(qtbot, window) -> None:
    import io

    window.flows.game_loaded.emit(chess.pgn.read_game(io.StringIO(LOADED)))
    pgn_before = str(window.controller.game())
    window.actions_.analyse.trigger()  # key A
    assert window.is_analysing() and window.analysis.is_running()
    assert window.engine_panel.analysis_view.isVisible()
    end = window.navigator.shown_board()
    qtbot.waitUntil(lambda: _lines_about(window, end), timeout=FIRST_SEARCH_MS)
    _assert_lines_legal_and_sorted(end, window.analysis.lines(), 3)
    qtbot.waitUntil(lambda: len(window.board_widget.weighted_arrows()) == 3, timeout=5000)
    arrows = window.board_widget.weighted_arrows()
    # The arrows show the last published snapshot; lines() may already hold a newer iteration.
    best = chess.Move.from_uci(window.analysis.snapshot().lines[0].pv_uci[0])
    assert arrows[0] == (best.from_square, best.to_square, 1.0)  # the best line's arrow is the strongest
    assert all(strength < 1.0 for _, _, strength in arrows[1:])
    rows = window.engine_panel.analysis_view.row_texts()
    assert len(rows) == 3 and rows[0][1].startswith("4. ")  # White's 4th move, numbered
    # Going back in the game: the analysis starts over on the shown position.
    window.actions_.previous_move.trigger()
    earlier = window.navigator.shown_board()
    assert earlier.fen() != end.fen()
    qtbot.waitUntil(lambda: _lines_about(window, earlier), timeout=20_000)
    _assert_lines_legal_and_sorted(earlier, window.analysis.lines(), 3)
    # Off: stops at once, the arrows go; the game never changed.
    window.actions_.analyse.trigger()
    assert not window.analysis.is_running() and window.board_widget.weighted_arrows() == []
    assert not window.engine_panel.analysis_view.isVisible()
    assert str(window.controller.game()) == pgn_before


def test_window_plays_a_clicked_line_and_board_moves_as_variations(qtbot, window) -> None:
    controller = window.controller
    for san in ("e4", "e5"):  # two humans play the game's moves
        window.on_move_requested(controller.board().parse_san(san))
    main_before = [move.uci() for move in controller.game().mainline_moves()]
    window.actions_.first_move.trigger()  # the start position
    window.actions_.analyse.trigger()
    shown = window.navigator.shown_board()
    view = window.engine_panel.analysis_view

    def view_shows_lines() -> bool:
        snapshot = view.snapshot()
        return snapshot is not None and snapshot.fen == shown.fen() and len(snapshot.lines) == 3

    qtbot.waitUntil(view_shows_lines, timeout=FIRST_SEARCH_MS)
    # The lines the view shows (and plays), not the job's: a newer iteration may have changed
    # those and not been shown yet (failed under load in a random-order run, seed 353260214).
    shown_lines = view.snapshot().lines
    rank = next(rank for rank, info in enumerate(shown_lines, 1) if info.pv_uci[0] != "e2e4")
    line = shown_lines[rank - 1]
    view.play_line(rank, 1)  # a line other than the game's, up to its second move
    node = window.navigator.shown_node()
    assert [move.uci() for move in node.board().move_stack] == list(line.pv_uci[:2])
    assert window.board_widget.position().fen() == node.board().fen()
    # The main line and the live game are as they were; the variation is in the tree.
    assert [move.uci() for move in controller.game().mainline_moves()] == main_before
    assert controller.game().variations[1].move.uci() == line.pv_uci[0]
    assert controller.live_ply() == 2
    # The analysis moved to the variation's position.
    qtbot.waitUntil(lambda: _lines_about(window, node.board()), timeout=20_000)
    # A move on the board continues the variation (the board takes moves for either side).
    reply = next(iter(node.board().legal_moves))
    window.board_widget.move_requested.emit(reply)
    assert window.navigator.shown_node().parent is node and window.navigator.shown_node().move == reply
    assert controller.live_ply() == 2
    # Back along the variation, then End returns to the live game.
    window.actions_.previous_move.trigger()
    assert window.navigator.shown_node() is node
    window.actions_.last_move.trigger()
    assert window.navigator.shown_node() is controller.node_at_ply(2)
    assert window.navigator.shown_board().fen() == controller.board().fen()


def test_window_never_adds_moves_after_a_finished_games_last_move(qtbot, window) -> None:
    import io

    window.flows.game_loaded.emit(chess.pgn.read_game(io.StringIO(LOADED)))
    pgn_before = str(window.controller.game())
    window.actions_.analyse.trigger()
    board = window.navigator.shown_board()
    move = next(iter(board.legal_moves))
    window.board_widget.move_requested.emit(move)
    assert "before the game's last move" in window.statusBar().currentMessage()
    assert str(window.controller.game()) == pgn_before
    assert window.navigator.shown_board().fen() == board.fen()
