"""Indexing a big PGN file in the background."""

from __future__ import annotations

from pathlib import Path

from chessgui.storage.pgn.indexer import PgnIndexer
from chessgui.storage.pgn.read import PgnReadResult, load_game_at

GAME = """[Event "Generated"]
[Site "?"]
[Date "2024.01.01"]
[Round "?"]
[White "Player {i}"]
[Black "Opponent"]
[Result "1-0"]
[ECO "C60"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 1-0

"""


def _big_file(tmp_path: Path, count: int) -> Path:
    path = tmp_path / "big.pgn"
    path.write_text("".join(GAME.replace("{i}", str(i)) for i in range(count)), encoding="utf-8")
    return path


def test_ten_thousand_games_index_in_the_background(qtbot, tmp_path: Path) -> None:
    path = _big_file(tmp_path, 10_000)
    indexer = PgnIndexer()
    progress: list[int] = []
    indexer.progressed.connect(progress.append)
    with qtbot.waitSignal(indexer.finished, timeout=60_000) as blocker:
        indexer.start(path)
        # start() returns at once: the GUI thread is free while the worker reads.
        assert indexer.is_running()
    result = blocker.args[0]
    assert isinstance(result, PgnReadResult)
    assert len(result.games) == 10_000 and not result.cancelled
    assert result.games[9_999].white == "Player 9999"
    assert progress and progress[-1] == 100 and progress == sorted(progress)
    assert not indexer.is_running()
    last = load_game_at(path, result.games[9_999].offset)
    assert last.game.headers["White"] == "Player 9999" and last.game.end().ply() == 14


def test_cancel_stops_early(qtbot, tmp_path: Path) -> None:
    path = _big_file(tmp_path, 3_000)
    indexer = PgnIndexer()
    with qtbot.waitSignal(indexer.finished, timeout=60_000) as blocker:
        indexer.start(path, check_moves=True)
        indexer.cancel()
    assert blocker.args[0].cancelled
    assert len(blocker.args[0].games) < 3_000


def test_missing_file_reports_failure(qtbot, tmp_path: Path) -> None:
    indexer = PgnIndexer()
    with qtbot.waitSignal(indexer.failed, timeout=10_000) as blocker:
        indexer.start(tmp_path / "gone.pgn")
    assert "could not open gone.pgn" in blocker.args[0]
    indexer.shutdown()


def test_starting_again_drops_the_replaced_runs_and_leaves_no_thread(qtbot, tmp_path: Path) -> None:
    path = _big_file(tmp_path, 2_000)
    small = tmp_path / "small.pgn"
    small.write_text(GAME.replace("{i}", "only"), encoding="utf-8")
    indexer = PgnIndexer()
    results: list[PgnReadResult] = []
    indexer.finished.connect(results.append)
    for _ in range(5):  # each start cancels the run before it, mid-file
        indexer.start(path, check_moves=True)
    with qtbot.waitSignal(indexer.finished, timeout=60_000):
        indexer.start(small)
    # start() waits for the replaced thread, so anything it sent was queued before the
    # small file's result and has been delivered (and dropped) by now.
    assert [len(result.games) for result in results] == [1] and results[0].games[0].white == "Player only"
    assert not indexer.is_running()
    indexer.shutdown()
    assert not indexer.is_running()
