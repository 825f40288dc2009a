"""Autosave: round trip, finished games, corrupt files set aside, never the real user dir."""

from __future__ import annotations

from pathlib import Path

import chess
import chess.engine
import chess.pgn
import pytest

from chessgui.storage.autosave import AutosaveCorruptError, AutosaveSnapshot, AutosaveStore, default_autosave_dir
from chessgui.storage.pgn.read import game_to_pgn


def _game_in_progress() -> chess.pgn.Game:
    game = chess.pgn.Game()
    game.setup(chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"))
    game.headers["White"] = "Human"
    game.headers["Black"] = "Computer (built-in, level 5)"
    node = game
    for san in ("Bb5", "a6", "Ba4", "Nf6"):
        node = node.add_main_variation(node.board().parse_san(san))
        node.set_clock(290.0 - node.ply())
    node.set_eval(chess.engine.PovScore(chess.engine.Cp(31), chess.WHITE), 12)
    node.comment = node.comment + " keep me"
    return game


def test_round_trip_restores_the_game_exactly(tmp_path: Path) -> None:
    store = AutosaveStore(tmp_path / "autosave")
    game = _game_in_progress()
    extra = {"white": "human", "black": "engine:5", "flipped": True, "white_ms": 283500, "inc": 2.5}
    store.save(AutosaveSnapshot.from_game(game, extra))
    assert store.has_unfinished_game()
    # A fresh store (as after a crash and restart) finds it.
    snapshot = AutosaveStore(tmp_path / "autosave").load()
    assert snapshot is not None and snapshot.problems == ()
    assert dict(snapshot.extra) == extra
    assert snapshot.saved_at
    restored = snapshot.game()
    assert game_to_pgn(restored) == game_to_pgn(game)
    assert restored.end().board().fen() == game.end().board().fen()
    assert restored.end().clock() == pytest.approx(game.end().clock())
    assert not list(tmp_path.glob("autosave/*.tmp"))


def test_saving_again_replaces_the_previous_save(tmp_path: Path) -> None:
    store = AutosaveStore(tmp_path)
    game = chess.pgn.Game()
    store.save_game(game)
    game.add_main_variation(chess.Move.from_uci("e2e4"))
    store.save_game(game, {"flipped": False})
    snapshot = store.load()
    assert snapshot is not None and snapshot.game().end().move == chess.Move.from_uci("e2e4")


def test_finished_and_discarded_games_are_not_offered(tmp_path: Path) -> None:
    store = AutosaveStore(tmp_path)
    assert store.load() is None and not store.has_unfinished_game()
    store.save_game(_game_in_progress())
    store.mark_finished()
    assert store.load() is None and not store.has_unfinished_game()
    assert store.pgn_path.exists()  # kept, just not offered
    store.save_game(_game_in_progress())
    assert store.load() is not None  # a new game is unfinished again
    store.discard()
    assert store.load() is None and not store.pgn_path.exists()


def test_corrupt_pgn_is_set_aside_and_reported(tmp_path: Path) -> None:
    store = AutosaveStore(tmp_path)
    store.save_game(_game_in_progress())
    store.pgn_path.write_bytes(b'[Event "x"]\n\n1. e4 e5 2. Ke3 Qh4 *\n')
    with pytest.raises(AutosaveCorruptError) as info:
        store.load()
    assert "could not be read" in info.value.message
    assert all(".corrupt-" in p.name for p in info.value.set_aside)
    assert len(list(tmp_path.glob("current.pgn.corrupt-*"))) == 1
    assert store.load() is None  # the next start is clean


def test_binary_garbage_is_set_aside(tmp_path: Path) -> None:
    store = AutosaveStore(tmp_path)
    store.pgn_path.write_bytes(b"\xff\xfe\x00garbage\x00")
    with pytest.raises(AutosaveCorruptError):
        store.load()
    assert not store.pgn_path.exists()


def test_broken_sidecar_keeps_the_game(tmp_path: Path) -> None:
    store = AutosaveStore(tmp_path)
    store.save_game(_game_in_progress(), {"flipped": True})
    store.sidecar_path.write_text("{ not json", encoding="utf-8")
    snapshot = store.load()
    assert snapshot is not None
    assert snapshot.extra == {} and "damaged" in snapshot.problems[0]
    assert snapshot.game().end().board().fen() == _game_in_progress().end().board().fen()
    assert len(list(tmp_path.glob("current.json.corrupt-*"))) == 1


def test_non_scalar_extra_values_are_dropped(tmp_path: Path) -> None:
    store = AutosaveStore(tmp_path)
    store.save(AutosaveSnapshot.from_game(chess.pgn.Game(), {"ok": 1, "bad": [1, 2]}))  # type: ignore[dict-item]
    snapshot = store.load()
    assert snapshot is not None and dict(snapshot.extra) == {"ok": 1}


def test_default_directory_is_refused_in_test_mode() -> None:
    with pytest.raises(RuntimeError, match="explicit autosave directory"):
        default_autosave_dir()


def test_a_save_is_written_synced_and_renamed_into_place(tmp_path, monkeypatch) -> None:
    """Atomic for kill -9 and power loss: temp file, fsync, rename over, fsync of the folder."""
    import os as _os

    from chessgui.storage.autosave import AutosaveSnapshot, AutosaveStore

    store = AutosaveStore(tmp_path)
    store.save(AutosaveSnapshot(pgn="1. e4 *\n"))
    calls: list[str] = []
    real_fsync, real_replace = _os.fsync, _os.replace

    def fsync(fd: int) -> None:
        calls.append("fsync-dir" if _os.path.isdir(f"/proc/self/fd/{fd}") else "fsync-file")
        real_fsync(fd)

    def replace(src, dst) -> None:  # noqa: ANN001
        calls.append("replace")
        real_replace(src, dst)

    monkeypatch.setattr(_os, "fsync", fsync)
    monkeypatch.setattr(_os, "replace", replace)
    store.save(AutosaveSnapshot(pgn="1. e4 e5 *\n"))
    assert calls == ["fsync-file", "replace", "fsync-dir"] * 2  # the game, then the sidecar

    def fail(src, dst) -> None:  # noqa: ANN001
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(_os, "replace", fail)
    try:
        store.save(AutosaveSnapshot(pgn="1. e4 e5 2. Nf3 *\n"))
    except OSError:
        pass
    assert store.pgn_path.read_text(encoding="utf-8") == "1. e4 e5 *\n"  # the previous save is whole
    assert sorted(path.name for path in tmp_path.iterdir()) == ["current.json", "current.pgn"]  # no temp files
