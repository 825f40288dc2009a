"""The Texel tuner (tools/texel_tune.py) and its data writer (tools/texel_data.py)."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path

import chess
import numpy as np
import pytest
from engine_test_helpers import random_positions

from engine.eval_weights import WEIGHT_BLOCKS, WEIGHT_NAMES, WEIGHTS
from engine.fen import position_from_board, position_from_fen

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:  # tools/ is imported as a namespace package from the repository root
    sys.path.insert(0, str(REPO))

from tools import texel_data, texel_tune  # noqa: E402

STOCKFISH = shutil.which(texel_data.STOCKFISH) or shutil.which("stockfish")


@pytest.fixture(scope="module")
def positions() -> list[str]:
    """A few hundred varied legal positions (random playouts), side to move not mated."""
    boards = [b for b in random_positions(400, seed=7) if not b.is_game_over() and b.is_valid()]
    return [b.fen() for b in boards]


def synthetic_labels(fens: list[str], weights: np.ndarray, k: float) -> np.ndarray:
    """Labels a perfect evaluation with ``weights`` and scale ``k`` would predict."""
    return texel_tune.sigmoid(k * texel_tune.evaluations(texel_tune.pack(fens), weights))


def test_fit_k_recovers_the_scale_of_synthetic_labels(positions: list[str]) -> None:
    evals = texel_tune.evaluations(texel_tune.pack(positions), WEIGHTS)
    labels = texel_tune.sigmoid(0.004 * evals)
    k = texel_tune.fit_k(evals, labels)
    assert k == pytest.approx(0.004, rel=0.01)
    assert texel_tune.mse(evals, labels, k) < 1e-8


def test_the_tuner_lowers_the_error_and_keeps_the_table_layout(positions: list[str]) -> None:
    # Labels from a "true" evaluation that values doubled pawns, the bishop pair and open files differently.
    truth = WEIGHTS.copy()
    for name, value in (("doubled_eg", 60), ("bishop_pair_mg", 80), ("bishop_pair_eg", 110), ("rook_open_mg", 60)):
        truth[WEIGHT_BLOCKS[name][0]] = value
    train, test = positions[:300], positions[300:]
    k = 0.005
    result = texel_tune.tune(
        texel_tune.pack(train),
        synthetic_labels(train, truth, k),
        texel_tune.pack(test),
        synthetic_labels(test, truth, k),
        WEIGHTS,
        rounds=2,
        steps=300,
        log=False,
    )
    assert result.weights.shape == WEIGHTS.shape and result.weights.dtype == np.int64
    assert result.train_after < result.train_before * 0.7
    assert result.test_after < result.test_before
    assert 0.002 < result.k < 0.01
    # The weights the truth changed moved toward it; the fixed ones did not move.
    start = WEIGHT_BLOCKS["bishop_pair_eg"][0]
    assert abs(result.weights[start] - 110) < abs(WEIGHTS[start] - 110)
    for name in texel_tune.FIXED:
        start, length = WEIGHT_BLOCKS[name]
        assert np.array_equal(result.weights[start : start + length], WEIGHTS[start : start + length])
    assert np.array_equal(WEIGHTS, np.array(texel_tune.WEIGHTS))  # the input array is left alone


def test_unused_padding_is_not_tuned(positions: list[str]) -> None:
    indices = set(texel_tune.tunable_indices(texel_tune.pack(positions), WEIGHTS).tolist())
    assert WEIGHT_NAMES.index("passed_mg[0]") not in indices
    assert WEIGHT_NAMES.index("ks_divisor") not in indices
    assert WEIGHT_NAMES.index("tempo") in indices
    assert WEIGHT_NAMES.index("mobility_knight_mg[4]") in indices
    # The threat terms are tuned; their padding (a pawn or king as the victim) is not.
    assert WEIGHT_NAMES.index("threat_by_pawn_mg[3]") in indices
    assert WEIGHT_NAMES.index("hanging_mg") in indices
    assert WEIGHT_NAMES.index("threat_by_pawn_mg[1]") not in indices
    assert WEIGHT_NAMES.index("threat_by_minor_eg[6]") not in indices


def test_endgame_scales_stay_between_one_64th_and_the_whole_score() -> None:
    names = ("scale_pawnless", "scale_ocb_pure", "scale_ocb_pieces", "tempo")
    indices = np.array([WEIGHT_BLOCKS[name][0] for name in names], dtype=np.int64)
    lower, upper = texel_tune.bounds(indices)
    assert lower.tolist() == [1, 1, 1, -texel_tune.WEIGHT_LIMIT]  # 0 is reserved for known draws
    assert upper.tolist() == [64, 64, 64, texel_tune.WEIGHT_LIMIT]


def test_rewriting_the_weights_file_changes_only_the_numbers(tmp_path: Path) -> None:
    text = texel_tune.WEIGHTS_FILE.read_text()
    assert texel_tune.rewrite_source(text, WEIGHTS) == text
    new = WEIGHTS.copy()
    new[WEIGHT_NAMES.index("tempo")] = 17
    new[WEIGHT_NAMES.index("storm_mg[3]")] = -4
    rewritten = texel_tune.rewrite_source(text, new)
    assert len(rewritten.splitlines()) == len(text.splitlines())
    path = tmp_path / "eval_weights_rewritten.py"
    path.write_text(rewritten)
    spec = importlib.util.spec_from_file_location("eval_weights_rewritten", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert np.array_equal(module.WEIGHTS, new)
    assert module.WEIGHT_NAMES == WEIGHT_NAMES


def test_the_data_file_round_trips(tmp_path: Path) -> None:
    fens = [chess.STARTING_FEN, "8/8/4k3/8/8/3QK3/8/8 b - - 3 60"]
    path = tmp_path / "data.npz"
    texel_data.save(path, fens, [35, texel_data.MATE_CP])
    loaded, cp, label = texel_data.load(path)
    assert loaded == fens
    assert cp.tolist() == [35, texel_data.MATE_CP]
    assert label[0] == pytest.approx(1 / (1 + 10 ** (-35 / 400)), rel=1e-6)
    assert label[1] == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("fen", "quiet"),
    [
        (chess.STARTING_FEN, True),
        ("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", True),  # Nxe5 Nxe5 loses
        ("rnb1kbnr/pppp1ppp/8/4p3/2q5/3P4/PPP1PPPP/RNBQKBNR w KQkq - 0 3", False),  # dxc4 wins the queen
        ("rnbqkbnr/ppp2ppp/8/3pp3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3", False),  # exd5 / Nxe5 win material
        ("rnbqkbnr/ppp2ppp/8/1B1pp3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 3", False),  # in check
    ],
)
def test_quiet_means_no_capture_changes_the_evaluation(fen: str, quiet: bool) -> None:
    assert texel_data.is_quiet(position_from_fen(fen), WEIGHTS) is quiet


@pytest.mark.skipif(STOCKFISH is None, reason="Stockfish is not installed")
def test_generated_positions_are_quiet_new_and_labelled(tmp_path: Path) -> None:
    out = tmp_path / "tiny.npz"
    texel_data.main(["--out", str(out), "--positions", "40", "--depth", "2", "--stockfish", STOCKFISH or ""])
    fens, cp, label = texel_data.load(out)
    assert len(fens) >= 40
    epds = {chess.Board(f).epd() for f in fens}
    assert len(epds) == len(fens)
    for fen in fens:
        assert texel_data.is_quiet(position_from_board(chess.Board(fen)), WEIGHTS)
    assert np.all((label >= 0) & (label <= 1))
    assert np.allclose(label, texel_data.label_of(cp), atol=1e-6)


@pytest.mark.skipif(STOCKFISH is None, reason="Stockfish is not installed")
def test_our_engine_plays_one_side_when_asked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from engine import Searcher

    movers: list[bool] = []
    original = Searcher.search

    def counting_search(self: Searcher, fen: str, *args: object, **kwargs: object) -> object:
        movers.append(chess.Board(fen).turn)
        return original(self, fen, *args, **kwargs)  # type: ignore[arg-type]

    plies: list[bool] = []  # Stockfish analyses every position played, whoever moves from it
    original_analyse = texel_data.Stockfish.analyse

    def counting_analyse(self: texel_data.Stockfish, fen: str, depth: int) -> texel_data.Analysis:
        plies.append(chess.Board(fen).turn)
        return original_analyse(self, fen, depth)

    games: list[int] = []
    original_new_game = Searcher.new_game

    def counting_new_game(self: Searcher, seed: int | None = None) -> None:
        games.append(1)
        original_new_game(self, seed)

    monkeypatch.setattr(Searcher, "search", counting_search)
    monkeypatch.setattr(Searcher, "new_game", counting_new_game)
    monkeypatch.setattr(texel_data.Stockfish, "analyse", counting_analyse)
    out = tmp_path / "ours.npz"
    argv = ["--out", str(out), "--positions", "80", "--depth", "2", "--random", "0", "--ours-nodes", "300"]
    texel_data.main([*argv, "--max-plies", "30", "--stockfish", STOCKFISH or ""])
    fens, _, label = texel_data.load(out)
    assert len(fens) >= 80
    # Three or more games of at most 30 plies: ours played White in the first, Black in the second.
    assert chess.WHITE in movers and chess.BLACK in movers
    # Ours moves on its own turns only: half of each game's plies, give or take its last one.
    assert abs(len(movers) - len(plies) / 2) <= len(games)
    for fen in fens:
        assert texel_data.is_quiet(position_from_board(chess.Board(fen)), WEIGHTS)
    assert np.all((label >= 0) & (label <= 1))


def _codes(board: chess.Board) -> np.ndarray:
    codes = np.zeros(64, dtype=np.int8)
    for square, piece in board.piece_map().items():
        codes[square] = piece.piece_type + (0 if piece.color == chess.WHITE else 6)
    return codes


def test_nnue_parts_convert_to_quiet_new_positions_with_white_scores(tmp_path: Path) -> None:
    quiet_black = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
    quiet_black.push_uci("f1c4")  # Black to move, nothing hangs
    hanging = chess.Board("4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1")  # the queen hangs: not quiet
    rows = [(quiet_black, -35), (quiet_black, -35), (hanging, 900)]  # a duplicate, then a capture
    parts = tmp_path / "parts"
    parts.mkdir()
    np.savez(
        parts / "part-1-0-0000.npz",
        board=np.array([_codes(b) for b, _ in rows], dtype=np.int8),
        stm=np.array([int(b.turn) for b, _ in rows], dtype=np.int8),
        score=np.array([s for _, s in rows], dtype=np.int16),
        result=np.zeros(len(rows), dtype=np.int8),
    )
    out = tmp_path / "texel.npz"
    assert texel_data.main(["--from-nnue", str(parts), "--out", str(out)]) == 0
    fens, cps, labels = texel_data.load(out)
    assert len(fens) == 1
    assert chess.Board(fens[0]).board_fen() == quiet_black.board_fen() and " b " in fens[0]
    assert cps.tolist() == [35]  # Black's -35 is White's +35
    assert labels[0] > 0.5
