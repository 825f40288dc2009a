"""Endgame tablebases: exact results and best moves, and clear messages for unusable directories and files.

Real probing uses Debian's Gaviota tables (package ``gaviotatb``: KQK, KRK, KBK,
KNK, KPK) when they are installed; no Syzygy files are available offline, so
Syzygy is tested through its failure paths (fake files) and, for the 50-move
logic, through a stand-in that answers like Syzygy from the Gaviota tables.
"""

from __future__ import annotations

import os
from pathlib import Path

import chess
import chess.engine
import chess.gaviota
import pytest

from chessgui.storage.tablebase_check import check_tablebases, sample_board
from chessgui.storage.tablebase_files import gaviota_file_problem, resolve_gaviota_dir, suggested_gaviota_dir
from chessgui.storage.tablebase_result import TablebaseResult, Wdl
from chessgui.storage.tablebases import (
    TablebaseProber,
    TablebaseSettings,
    open_tablebases,
)

DEBIAN_GTB = "/usr/share/gaviotatb"
needs_gaviota = pytest.mark.skipif(
    not os.path.isfile(os.path.join(DEBIAN_GTB, "gtb4", "kqk.gtb.cp4")),
    reason="Debian's Gaviota tables are not installed (apt-get install gaviotatb)",
)

KQK_WHITE = "8/8/8/8/8/3k4/8/3KQ3 w - - 0 1"
KQK_BLACK = "8/8/8/8/8/3k4/8/3KQ3 b - - 0 1"
KRK_WHITE = "8/8/8/8/8/3k4/8/3KR3 w - - 0 1"
KPK_DRAW = "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1"


def _gaviota() -> TablebaseProber:
    return TablebaseProber(TablebaseSettings(gaviota_dir=DEBIAN_GTB))


# ---------------------------------------------------------------------- real Gaviota tables
@needs_gaviota
def test_debian_directory_resolves_to_the_readable_tables() -> None:
    assert resolve_gaviota_dir(DEBIAN_GTB).endswith("gtb4")
    assert suggested_gaviota_dir() is not None
    assert all(gaviota_file_problem(str(path)) is None for path in Path(DEBIAN_GTB, "gtb4").iterdir())
    report = check_tablebases(TablebaseSettings(gaviota_dir=DEBIAN_GTB))
    assert (report.gaviota_tables, report.max_pieces, report.problems) == (5, 3, ())
    assert report.summary() == "5 Gaviota tables, up to 3 pieces."


@needs_gaviota
def test_an_installed_libgtb_is_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    """python-chess prefers libgtb when the library is installed; its NativeTablebase has no
    table list for the damaged-file check, so the prober must open the pure-Python reader."""

    class NativeTablebase:  # what open_tablebase returns when libgtb loads
        def add_directory(self, directory: str) -> None:
            pass

    def native(directory: str, **_: object) -> NativeTablebase:
        tables = NativeTablebase()
        tables.add_directory(directory)
        return tables

    monkeypatch.setattr(chess.gaviota, "open_tablebase_native", native)
    result = _gaviota().probe(chess.Board(KQK_WHITE))
    assert result is not None and result.mate_in() == 5


@needs_gaviota
def test_kqk_exact_result_and_mate_distance() -> None:
    result = _gaviota().probe(chess.Board(KQK_WHITE))
    assert result is not None
    assert (result.wdl, result.dtm, result.winner(), result.mate_in()) == (Wdl.WIN, 9, chess.WHITE, 5)
    assert result.describe() == "White wins, mate in 5"
    assert result.to_pov_score().white() == chess.engine.Mate(5)
    assert result.source == "Gaviota"


@needs_gaviota
@pytest.mark.parametrize("fen", [KQK_WHITE, KRK_WHITE])
def test_best_moves_mate_in_exactly_the_tablebase_distance(fen: str) -> None:
    prober = _gaviota()
    board = chess.Board(fen)
    start = prober.probe(board)
    assert start is not None and start.dtm is not None
    while not board.is_game_over():
        result = prober.probe(board)
        assert result is not None and result.best_move is not None
        board.push(result.best_move)
    assert board.is_checkmate() and board.turn == chess.BLACK
    assert board.ply() == start.dtm  # every move (both sides') was tablebase-best


@needs_gaviota
def test_losing_side_picks_the_longest_defence() -> None:
    prober = _gaviota()
    board = chess.Board(KQK_BLACK)
    result = prober.probe(board)
    assert result is not None and result.wdl == Wdl.LOSS and result.dtm == -14
    assert result.describe() == "White wins, mate in 7"
    board.push(result.best_move)
    after = prober.probe(board)
    assert after is not None and after.dtm == 13  # the mate is not one ply closer than it must be


@needs_gaviota
def test_drawn_position_keeps_the_draw() -> None:
    prober = _gaviota()
    board = chess.Board(KPK_DRAW)
    result = prober.probe(board)
    assert result is not None and result.wdl == Wdl.DRAW and result.describe() == "Draw"
    board.push(result.best_move)
    after = prober.probe(board)
    assert after is not None and after.wdl == Wdl.DRAW


@needs_gaviota
def test_positions_the_tables_do_not_cover_are_none() -> None:
    prober = _gaviota()
    assert prober.probe(chess.Board()) is None  # 32 pieces, castling rights
    assert prober.probe(chess.Board("8/8/8/8/8/3k4/8/2QKQ3 w - - 0 1")) is None  # KQQK: no table
    assert prober.lookup(chess.Board("8/8/8/8/8/3k4/8/2QKQ3 w - - 0 1")) == (None, None)
    assert prober.probe(chess.Board("3k4/3Q4/3K4/8/8/8/8/8 b - - 0 1")) is None  # checkmate: game over


@needs_gaviota
def test_syzygy_like_distances_respect_the_fifty_move_counter() -> None:
    """A win whose zeroing move comes too late for the 50-move rule is a draw (cursed win)."""

    class SyzygyLike:  # answers like Syzygy, from the Gaviota tables (DTM stands in for DTZ)
        def __init__(self, gaviota: object) -> None:
            self._gaviota = gaviota

        def probe_wdl(self, board: chess.Board) -> int:
            dtm = self._gaviota.probe_dtm(board)
            return 2 if dtm > 0 else -2 if dtm < 0 else 0

        def probe_dtz(self, board: chess.Board) -> int:
            return self._gaviota.probe_dtm(board)

        def close(self) -> None:
            pass

    prober = _gaviota()
    prober._syzygy = SyzygyLike(prober._gaviota)  # noqa: SLF001 - a stand-in for real Syzygy files
    fresh = prober.probe(chess.Board(KRK_WHITE))
    assert fresh is not None and fresh.wdl == Wdl.WIN and fresh.dtz == 27 and fresh.source == "Syzygy + Gaviota"
    late = prober.probe(chess.Board(KRK_WHITE.replace(" 0 1", " 80 60")))
    assert late is not None and late.wdl == Wdl.CURSED_WIN and late.winner() is None
    assert late.describe() == "Draw by the 50-move rule (White would win without it)"


# ---------------------------------------------------------------------- unusable directories and files
def test_missing_and_empty_directories_are_clear_messages(tmp_path: Path) -> None:
    (tmp_path / "file.txt").write_text("not a directory")
    report = check_tablebases(TablebaseSettings(syzygy_dir=str(tmp_path / "nowhere"), gaviota_dir=str(tmp_path)))
    assert report.problems == (
        f"The Syzygy directory {tmp_path / 'nowhere'} does not exist.",
        f"The Gaviota directory {tmp_path} holds no Gaviota tables (.gtb.cp4 files).",
    )
    assert report.summary().startswith("No tables in use.")
    not_dir = check_tablebases(TablebaseSettings(syzygy_dir=str(tmp_path / "file.txt")))
    assert not_dir.problems == (f"The Syzygy directory {tmp_path / 'file.txt'} is not a directory.",)
    prober = TablebaseProber(TablebaseSettings(syzygy_dir=str(tmp_path)))
    assert not prober.has_tables()
    assert prober.probe(chess.Board("8/8/8/8/8/3k4/8/3KQ3 w - - 0 1")) is None
    assert prober.problems() == [f"The Syzygy directory {tmp_path} holds no Syzygy tables (.rtbw/.rtbz files)."]


def test_gaviota_tables_of_another_compression_are_explained(tmp_path: Path) -> None:
    (tmp_path / "kqk.gtb.cp1").write_bytes(b"\0" * 64)
    report = check_tablebases(TablebaseSettings(gaviota_dir=str(tmp_path)))
    assert len(report.problems) == 1
    assert "only .gtb.cp4 tables can be read" in report.problems[0]


@pytest.mark.parametrize("content", [b"", b"hello, I am a text file\n", bytes(range(256)) * 3])
def test_damaged_gaviota_file_is_a_message_not_a_crash(tmp_path: Path, content: bytes) -> None:
    (tmp_path / "kqk.gtb.cp4").write_bytes(content)
    report = check_tablebases(TablebaseSettings(gaviota_dir=str(tmp_path)))
    assert report.gaviota_tables == 1
    assert len(report.problems) == 1 and report.problems[0].startswith("The Gaviota table for KQvK cannot be read (")
    prober = TablebaseProber(TablebaseSettings(gaviota_dir=str(tmp_path)))
    result, problem = prober.lookup(chess.Board(KQK_WHITE))
    assert result is None
    assert problem is not None and problem.startswith("The Gaviota table for KQvK cannot be read")
    assert prober.problems() == [problem]
    # python-chess never sees a file with an impossible header (it would allocate hundreds of MB first)
    assert gaviota_file_problem(str(tmp_path / "kqk.gtb.cp4")) is not None


@needs_gaviota
def test_truncated_gaviota_file_is_a_message(tmp_path: Path) -> None:
    real = Path(DEBIAN_GTB, "gtb4", "kqk.gtb.cp4").read_bytes()
    (tmp_path / "kqk.gtb.cp4").write_bytes(real[: len(real) // 3])
    result, problem = TablebaseProber(TablebaseSettings(gaviota_dir=str(tmp_path))).lookup(chess.Board(KQK_WHITE))
    assert result is None and problem is not None and "KQvK cannot be read" in problem


@pytest.mark.parametrize("content", [b"", b"garbage" * 10, b"\x71\xe8\x23\x5d" + b"\0" * 60])
def test_damaged_syzygy_files_are_messages_not_crashes(tmp_path: Path, content: bytes) -> None:
    (tmp_path / "KQvK.rtbw").write_bytes(content)
    (tmp_path / "KQvK.rtbz").write_bytes(content)
    report = check_tablebases(TablebaseSettings(syzygy_dir=str(tmp_path)))
    assert report.syzygy_tables == 1
    assert len(report.problems) == 1 and report.problems[0].startswith(
        "The Syzygy table for KQvK cannot be read (the file is damaged"
    )
    result, problem = TablebaseProber(TablebaseSettings(syzygy_dir=str(tmp_path))).lookup(chess.Board(KQK_WHITE))
    assert result is None
    assert problem is not None and problem.startswith("The Syzygy table for KQvK cannot be read")


def test_open_tablebases_shares_one_prober_per_directories(tmp_path: Path) -> None:
    first = open_tablebases(TablebaseSettings(syzygy_dir=str(tmp_path)))
    assert open_tablebases(TablebaseSettings(syzygy_dir=f" {tmp_path} ", play_perfectly=False)) is first
    assert open_tablebases(TablebaseSettings(gaviota_dir=str(tmp_path))) is not first


# ---------------------------------------------------------------------- values
def test_sample_boards_are_legal_with_the_material() -> None:
    for material in ("KvK", "KQvK", "KRPvKP", "KBNvK", "KPPvKPP"):
        board = sample_board(material)
        assert board is not None and board.is_valid()
        white, _, black = material.partition("v")
        assert sorted(p.symbol() for p in board.piece_map().values()) == sorted(white + black.lower())


def test_syzygy_only_result_words_and_score() -> None:
    win = TablebaseResult(chess.BLACK, Wdl.WIN, 23, None, None, "Syzygy")
    assert win.describe() == "Black wins (DTZ 23)" and win.mate_in() is None
    assert win.to_pov_score().white().score() < -10_000
    blessed = TablebaseResult(chess.WHITE, Wdl.BLESSED_LOSS, -120, None, None, "Syzygy")
    assert blessed.describe() == "Draw by the 50-move rule (Black would win without it)"
    assert blessed.to_pov_score().white() == chess.engine.Cp(0)
