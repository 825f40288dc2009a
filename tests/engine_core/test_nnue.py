"""The evaluation network (engine.nnue, FEATURE_NNUE) and its trainer's feature layout."""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import chess
import numpy as np
import pytest
from engine_test_helpers import random_positions
from hypothesis import given, settings
from hypothesis import strategies as hst

from engine import Searcher, SearchLimit, endgames, nnue
from engine.accumulators import nnue_evaluate_incremental, search_eval
from engine.evaluate import evaluate
from engine.fen import position_from_board, position_from_fen
from engine.movegen import gen_moves, make_move, make_null, unmake_move, unmake_null
from engine.position import move_to_uci
from engine.searchstate import ALL_FEATURES, FEATURE_ENDGAME_SCALE, FEATURE_FULL_EVAL, FEATURE_NNUE, LEVEL_FEATURES

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:  # tools/ is imported as a namespace package from the repository root
    sys.path.insert(0, str(REPO))

from tools import nnue_data, nnue_layout, nnue_net, nnue_train  # noqa: E402


def quantized_eval(net: dict[str, np.ndarray], us: np.ndarray, them: np.ndarray, pieces: int) -> int:
    """A quantized network file's arithmetic written out in numpy on one feature row of a position
    with ``pieces`` pieces (no engine code). A file without output buckets has one W2 row."""
    w1 = net["w1"].astype(np.int64)
    qa = int(net["qa"][0])
    pad = w1.shape[0]  # nnue_layout.pad_index: the first index past the king buckets' rows
    rows_us = [int(i) for i in us if i != pad]
    rows_them = [int(i) for i in them if i != pad]
    acc_us = net["b1"].astype(np.int64) + w1[rows_us].sum(axis=0)
    acc_them = net["b1"].astype(np.int64) + w1[rows_them].sum(axis=0)
    act = np.concatenate([np.clip(acc_us, 0, qa) ** 2, np.clip(acc_them, 0, qa) ** 2])
    row = int(net["out_bucket"][pieces]) if "out_bucket" in net else 0
    w2 = np.atleast_2d(net["w2"]).astype(np.int64)[row]
    b2 = int(np.atleast_1d(net["b2"])[row])
    qb = int(net["qb"][0])
    if "w3" not in net:
        return int((int((act * w2).sum()) + b2) // (qa * qa * qb))
    # The second layer in whole numbers: each unit clamped to [0, 1] (times Q3 * QA * QA), weighted
    # by W4 (times Q4) and added to the output carried to that finer unit.
    q3, q4 = int(net["q3"][0]), int(net["q4"][0])
    units = np.clip(net["w3"].astype(np.int64) @ (act >> 8) + net["b3"].astype(np.int64), 0, q3 * qa * qa // 256)
    scale = q3 * q4 // (256 * qb)
    return int(
        ((int((act * w2).sum()) + b2) * scale + int(units @ net["w4"].astype(np.int64))) // (qa * qa * qb * scale)
    )


def shipped_net() -> dict[str, np.ndarray]:
    """The shipped network's arrays as its file names them (for :func:`quantized_eval`)."""
    return {
        "w1": nnue.W1,
        "b1": nnue.B1,
        "w2": nnue.W2,
        "b2": nnue.B2,
        "out_bucket": nnue.OUT_BUCKET,
        "qa": np.array([nnue.QA]),
        "qb": np.array([nnue.QB]),
    }


def reference_eval(board: chess.Board, net: dict[str, np.ndarray] | None = None) -> int:
    """The shipped network (or ``net``, of its layout) on ``board`` through the trainer's feature layout."""
    codes = nnue_data.encode(board)[None, :]
    stm = np.array([1 if board.turn == chess.WHITE else 0], dtype=np.int8)
    us, them = nnue_layout.features(codes, stm, nnue.KING_BUCKET, nnue.MIRROR)
    return quantized_eval(shipped_net() if net is None else net, us[0], them[0], len(board.piece_map()))


def test_the_shipped_network_loads_with_consistent_shapes() -> None:
    assert nnue.W1.shape == (768 * (int(nnue.KING_BUCKET.max()) + 1), nnue.HIDDEN)
    assert nnue.KING_BUCKET.shape == (64,) and nnue.KING_BUCKET.min() == 0
    assert nnue.W2.shape == (int(nnue.OUT_BUCKET.max()) + 1, 2 * nnue.HIDDEN)
    assert nnue.B2.shape == (nnue.W2.shape[0],) and nnue.OUT_BUCKET.shape == (33,)
    assert nnue.HIDDEN >= 16
    assert "positions=" in nnue.NET_INFO  # the trainer's record of what it learned from


def test_the_engine_and_the_trainer_agree_on_every_feature() -> None:
    boards = [b for b in random_positions(150, seed=5) if b.is_valid()]
    for board in boards:
        pos = position_from_board(board)
        assert nnue.nnue_evaluate(pos.board, pos.st) == reference_eval(board), board.fen()


def test_a_position_and_its_colour_mirrored_twin_evaluate_alike() -> None:
    scores = set()
    for board in random_positions(300, seed=8):
        ours = position_from_board(board)
        mirrored = position_from_board(board.mirror())
        score = nnue.nnue_evaluate(ours.board, ours.st)
        assert score == nnue.nnue_evaluate(mirrored.board, mirrored.st), board.fen()
        scores.add(score)
    assert len(scores) > 100  # the network really varies


def test_material_is_seen_from_the_side_to_move() -> None:
    # A sigmoid-trained network compresses big advantages (a queen is worth 450-600 to it, not
    # 900): the sign and a clear margin are what the search needs.
    white = position_from_fen("4k3/4p3/8/8/8/8/4P3/3QK3 w - - 0 1")
    black_to_move = position_from_fen("4k3/4p3/8/8/8/8/4P3/3QK3 b - - 0 1")
    assert nnue.nnue_evaluate(white.board, white.st) > 300
    assert nnue.nnue_evaluate(black_to_move.board, black_to_move.st) < -300
    knight_down = position_from_fen("r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    assert nnue.nnue_evaluate(knight_down.board, knight_down.st) > 200
    # The shipped net (depth-3 labels) gives the first move about +70; a symmetric start must
    # still be far from any material edge.
    start = position_from_fen(chess.STARTING_FEN)
    assert abs(nnue.nnue_evaluate(start.board, start.st)) < 100


def test_a_bare_king_is_left_to_the_hand_written_evaluation() -> None:
    # The training games end by adjudication before such endings: the tables drive the lone king
    # to the edge, the network never learned to.
    pos = position_from_fen("8/8/8/2k5/8/8/8/3QK3 w - - 0 1")
    assert nnue.has_bare_king(pos.st)
    assert nnue.position_eval(pos.board, pos.st, FEATURE_NNUE | FEATURE_FULL_EVAL) == evaluate(pos.board, pos.st)
    both = position_from_fen("4k3/4p3/8/8/8/8/4P3/3QK3 w - - 0 1")
    assert not nnue.has_bare_king(both.st)


def test_the_search_evaluates_with_the_network_only_when_asked() -> None:
    for board in random_positions(40, seed=9):
        pos = position_from_board(board)
        assert nnue.position_eval(pos.board, pos.st, ALL_FEATURES & ~FEATURE_NNUE) == evaluate(pos.board, pos.st)
        if not nnue.has_bare_king(pos.st):
            # The network's value plus the mop-up bonus where it applies, else (with the pending
            # FEATURE_ENDGAME_SCALE) scaled in known endings and damped by the fifty-move counter.
            raw = nnue.nnue_evaluate(pos.board, pos.st)
            bonus = endgames.mop_up(pos.st) * (1 if board.turn == chess.WHITE else -1)
            scaled = raw + bonus if bonus else endgames.scaled_net_value(pos.board, pos.st, raw)
            assert nnue.position_eval(pos.board, pos.st, FEATURE_NNUE) == raw + bonus
            assert nnue.position_eval(pos.board, pos.st, FEATURE_NNUE | FEATURE_ENDGAME_SCALE) == scaled
    assert LEVEL_FEATURES & FEATURE_NNUE == 0  # the playing levels keep the evaluation they were calibrated with


def test_a_search_with_the_network_plays_mates_and_legal_moves() -> None:
    searcher = Searcher(hash_mb=1)
    searcher.features = ALL_FEATURES | FEATURE_NNUE
    mate = searcher.search("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", limit=SearchLimit(depth=4))
    assert mate.best_move == "d1d8" and mate.info.mate_in == 1
    for board in random_positions(6, seed=10):
        if board.is_game_over():
            continue
        searcher.new_game()
        result = searcher.search(board.fen(), limit=SearchLimit(depth=3))
        assert result.best_move is not None and chess.Move.from_uci(result.best_move) in board.legal_moves


def test_a_mirrored_network_evaluates_a_position_and_its_left_right_flip_alike() -> None:
    if not nnue.MIRROR:
        pytest.skip("the shipped network does not mirror")
    for board in random_positions(200, seed=13):
        flipped = board.transform(chess.flip_horizontal)
        flipped.castling_rights = 0
        ours = position_from_board(board)
        theirs = position_from_board(flipped)
        assert nnue.nnue_evaluate(ours.board, ours.st) == nnue.nnue_evaluate(theirs.board, theirs.st), board.fen()


@pytest.mark.parametrize("name", sorted(nnue_layout.LAYOUTS))
def test_the_trainer_layouts_index_within_their_blocks(name: str) -> None:
    king_bucket, mirror = nnue_layout.layout(name)
    buckets = int(king_bucket.max()) + 1
    assert sorted(set(king_bucket.tolist())) == list(range(buckets))
    boards = [b for b in random_positions(200, seed=14) if b.is_valid()]
    codes = np.array([nnue_data.encode(b) for b in boards])
    stm = np.array([1 if b.turn == chess.WHITE else 0 for b in boards], dtype=np.int8)
    us, them = nnue_layout.features(codes, stm, king_bucket, mirror)
    for i, board in enumerate(boards):
        pieces = len(board.piece_map())
        for row in (us[i], them[i]):
            real = row[row != nnue_layout.pad_index(king_bucket)]
            assert len(real) == pieces and len(set(real.tolist())) == pieces  # one distinct row per piece
            assert real.max() < 768 * buckets
            # All of one perspective's rows lie in one 768-row block: its king's.
            assert len({int(r) // 768 for r in real}) == 1
        if mirror:
            flipped = board.transform(chess.flip_horizontal)
            f_us, f_them = nnue_layout.features(nnue_data.encode(flipped)[None, :], stm[i : i + 1], king_bucket, mirror)
            assert sorted(f_us[0].tolist()) == sorted(us[i].tolist())
            assert sorted(f_them[0].tolist()) == sorted(them[i].tolist())


def trainer_samples(
    count: int, seed: int, name: str
) -> tuple[list[chess.Board], np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Valid random positions for the trainer's tests: the boards, their codes, side to move,
    layout ``name``'s feature rows of both perspectives and piece counts."""
    boards = [b for b in random_positions(count, seed=seed) if b.is_valid()]
    codes = np.array([nnue_data.encode(b) for b in boards])
    stm = np.array([1 if b.turn == chess.WHITE else 0 for b in boards], dtype=np.int8)
    king_bucket, mirror = nnue_layout.layout(name)
    us, them = nnue_layout.features(codes, stm, king_bucket, mirror)
    return boards, codes, stm, us, them, nnue_layout.piece_counts(codes)


def material_target(boards: list[chess.Board]) -> np.ndarray:
    """Synthetic labels: the win probability of the side to move's material balance."""
    material = np.array(
        [sum(len(b.pieces(t, b.turn)) - len(b.pieces(t, not b.turn)) for t in range(1, 6)) for b in boards]
    )
    return 1 / (1 + np.exp(-material * 100.0 / nnue_train.K))


@pytest.mark.parametrize(
    ("name", "output_buckets", "layer2"), [("flat", 1, 0), ("k4", 1, 0), ("k4", 8, 0), ("k16", 1, 0), ("k4", 1, 6)]
)
def test_the_trainer_exports_what_it_learned(tmp_path: Path, name: str, output_buckets: int, layer2: int) -> None:
    """A few epochs on synthetic labels; the quantized file evaluates like the float network."""
    pytest.importorskip("torch")  # the trainer's own dependency, not the app's
    boards, _, _, us, them, pieces = trainer_samples(300, 12, name)
    king_bucket, mirror = nnue_layout.layout(name)
    target = material_target(boards)
    args = argparse.Namespace(
        seed=1,
        threads=1,
        hidden=16,
        lr=1e-2,
        l2=0.0,
        epochs=3,
        batch=64,
        clamp=200,
        layout=name,
        output_buckets=output_buckets,
        layer2=layer2,
    )
    indices = np.arange(len(boards))
    assert pieces.tolist() == [len(b.piece_map()) for b in boards]
    net, losses = nnue_train.train(us, them, target, None, pieces, indices[:250], indices[250:], args)
    assert losses[-1][0] < losses[0][0]  # it learned something
    path = tmp_path / "net.npz"
    nnue_net.export(net, str(path), 0, "positions=300")
    with np.load(path) as data:
        quantized = {key: data[key] for key in data.files if key not in ("meta", "king_bucket", "mirror")}
        assert data["king_bucket"].tolist() == king_bucket.tolist() and int(data["mirror"][0]) == mirror
    assert quantized["w2"].shape == (output_buckets, 32)
    assert ("w3" in quantized) == bool(layer2)
    if layer2:
        assert quantized["w3"].shape == (layer2, 32) and np.abs(quantized["w4"]).max() > 0  # it is used
    floats = nnue_net.float_eval(net, us, them, pieces)
    for i in range(len(boards)):
        # The accumulator is rounded to 1/QA steps (32 rows, each off by up to half a step):
        # a few centipawns of quantization error, no more.
        assert abs(quantized_eval(quantized, us[i], them[i], int(pieces[i])) - floats[i]) <= 8 + abs(floats[i]) * 0.03


def test_the_trainer_continues_a_network_file_where_it_stood(tmp_path: Path) -> None:
    """``--init``: a file read back starts training with the file's evaluations (a zero learning
    rate keeps them), and a file of another layout is refused in plain words."""
    pytest.importorskip("torch")
    boards, codes, stm, us, them, pieces = trainer_samples(200, 13, "k4")
    target = np.full(len(boards), 0.5)
    args = argparse.Namespace(
        seed=1, threads=1, hidden=16, lr=1e-2, l2=0.0, epochs=2, batch=64, clamp=200, layout="k4", output_buckets=1
    )
    indices = np.arange(len(boards))
    net, _ = nnue_train.train(us, them, target, None, pieces, indices[:150], indices[150:], args)
    path = tmp_path / "net.npz"
    nnue_net.export(net, str(path), 0, "positions=200 slope=0.75")
    assert nnue_net.net_meta(str(path)) == {"positions": "200", "slope": "0.75"}
    loaded = nnue_net.load_net(str(path))
    with np.load(path) as data:
        quantized = {key: data[key] for key in ("w1", "b1", "w2", "b2", "qa", "qb", "out_bucket")}
    start = nnue_net.float_eval(loaded, us, them, pieces)
    for i in range(len(boards)):  # the file read back is the file, up to the final rounding
        assert abs(quantized_eval(quantized, us[i], them[i], int(pieces[i])) - start[i]) <= 1
    frozen = argparse.Namespace(**{**vars(args), "lr": 0.0, "epochs": 1})
    continued, _ = nnue_train.train(us, them, target, None, pieces, indices[:150], indices[150:], frozen, loaded)
    np.testing.assert_allclose(nnue_net.float_eval(continued, us, them, pieces), start, atol=0.05)
    with pytest.raises(ValueError, match="hidden size 16"):
        wider = argparse.Namespace(**{**vars(args), "hidden": 32})
        nnue_train.train(us, them, target, None, pieces, indices[:150], indices[150:], wider, loaded)
    flat_us, flat_them = nnue_layout.features(codes, stm)
    with pytest.raises(ValueError, match="feature rows"):
        flat = argparse.Namespace(**{**vars(args), "layout": "flat"})
        nnue_train.train(flat_us, flat_them, target, None, pieces, indices[:150], indices[150:], flat, loaded)


def small_trained_network(
    seed: int,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, argparse.Namespace, nnue_net.Trained]:
    """A k4 network of 8 hidden units and one output row, trained for two epochs on 200 random
    positions against their material: the feature rows, piece counts, targets and arguments it
    was trained with, and the network, for the tests that grow it."""
    boards, _, _, us, them, pieces = trainer_samples(200, seed, "k4")
    target = material_target(boards)
    args = argparse.Namespace(
        seed=1, threads=1, hidden=8, lr=1e-2, l2=0.0, epochs=2, batch=64, clamp=200, layout="k4", output_buckets=1
    )
    indices = np.arange(len(boards))
    net, _ = nnue_train.train(us, them, target, None, pieces, indices[:150], indices[150:], args)
    return us, them, pieces, target, args, net


def test_a_widened_network_evaluates_as_before_and_its_new_units_learn() -> None:
    """``--init`` with a larger ``--hidden``: the widened network's evaluations are the narrow
    one's, training moves the new units' output weights off zero, and narrowing is refused."""
    pytest.importorskip("torch")
    us, them, pieces, target, args, narrow = small_trained_network(14)
    indices = np.arange(len(target))
    wide = nnue_net.widen(narrow, 24, np.random.default_rng(3))
    assert wide.w1.shape == (narrow.w1.shape[0], 24) and wide.w2.shape == (1, 48)
    assert np.array_equal(wide.w2[:, :8], narrow.w2[:, :8]) and np.array_equal(wide.w2[:, 24:32], narrow.w2[:, 8:])
    np.testing.assert_allclose(
        nnue_net.float_eval(wide, us, them, pieces), nnue_net.float_eval(narrow, us, them, pieces), atol=1e-9
    )
    wider = argparse.Namespace(**{**vars(args), "hidden": 24, "lr": 1e-3, "schedule": "step"})
    # Judged on its own training positions, so an epoch must beat the start: the fit is what is
    # tested here, not generalization.
    trained, losses = nnue_train.train(us, them, target, None, pieces, indices, indices, wider, wide)
    assert trained is not wide and min(v for _, v in losses[1:]) < losses[0][1]
    assert np.abs(trained.w2[:, 8:24]).max() > 0 and np.abs(trained.w2[:, 32:]).max() > 0
    with pytest.raises(ValueError, match="cannot be narrowed"):
        nnue_net.widen(wide, 8, np.random.default_rng(3))


def test_a_network_split_into_output_buckets_evaluates_as_before_and_its_buckets_learn_apart() -> None:
    """``--init`` of a one-bucket network with ``--output-buckets 8``: each bucket starts as a copy
    of the single output layer, so the split network evaluates exactly as before; training then
    moves the buckets apart; a network that already has buckets cannot be split again."""
    pytest.importorskip("torch")
    us, them, pieces, target, args, single = small_trained_network(15)
    indices = np.arange(len(target))
    split = nnue_net.split_outputs(single, 8)
    assert split.w2.shape == (8, 16) and split.b2.shape == (8,)
    assert split.out_bucket.tolist() == nnue_layout.output_buckets(8).tolist()
    np.testing.assert_allclose(
        nnue_net.float_eval(split, us, them, pieces), nnue_net.float_eval(single, us, them, pieces), atol=1e-9
    )
    bucketed = argparse.Namespace(**{**vars(args), "output_buckets": 8, "lr": 1e-3, "schedule": "step"})
    trained, losses = nnue_train.train(us, them, target, None, pieces, indices, indices, bucketed, split)
    assert trained is not split and min(v for _, v in losses[1:]) < losses[0][1]
    used = np.unique(trained.out_bucket[pieces])
    assert len(used) > 1 and not np.allclose(trained.w2[used[0]], trained.w2[used[-1]])
    with pytest.raises(ValueError, match="already has 8 output buckets"):
        nnue_net.split_outputs(trained, 4)


def test_a_network_split_into_finer_king_buckets_evaluates_as_before_and_its_buckets_learn_apart() -> None:
    """``--init`` of a k4 network with ``--layout k16``: each new W1 block starts as a copy of its
    parent's, so the split network evaluates exactly as before on the finer layout's feature rows;
    training then moves blocks of one parent apart; a layout that is not a refinement is refused."""
    pytest.importorskip("torch")
    us, them, pieces, target, args, k4 = small_trained_network(16)
    _, _, _, fine_us, fine_them, _ = trainer_samples(200, 16, "k16")
    split = nnue_net.split_kings(k4, "k16")
    assert split.w1.shape == (16 * 768, 8) and split.king_bucket.tolist() == nnue_layout.layout("k16")[0].tolist()
    np.testing.assert_allclose(
        nnue_net.float_eval(split, fine_us, fine_them, pieces), nnue_net.float_eval(k4, us, them, pieces), atol=1e-9
    )
    finer = argparse.Namespace(**{**vars(args), "layout": "k16", "lr": 1e-3, "schedule": "step"})
    indices = np.arange(len(target))
    trained, losses = nnue_train.train(fine_us, fine_them, target, None, pieces, indices, indices, finer, split)
    assert trained is not split and min(v for _, v in losses[1:]) < losses[0][1]
    blocks = trained.w1.reshape(16, 768, 8)
    assert not np.allclose(blocks[4], blocks[5])  # a2 and b2 kings: both k4's second-rank block at the start
    with pytest.raises(ValueError, match="spans the old buckets"):
        nnue_net.split_kings(split, "k4")  # coarser: k4's castled block joins three of k16's
    with pytest.raises(ValueError, match="mirrors the board otherwise"):
        nnue_net.split_kings(k4, "flat")


def test_a_second_layer_added_to_a_network_evaluates_as_before_and_learns() -> None:
    """``--init`` of a network with ``--layer2``: the added units' output weights start at zero, so
    the network evaluates exactly as before; training moves them; the file read back keeps the
    layer; a second one, or widening a network that has one, is refused."""
    pytest.importorskip("torch")
    us, them, pieces, target, args, plain = small_trained_network(17)
    indices = np.arange(len(target))
    added = nnue_net.add_layer2(plain, 4, np.random.default_rng(3))
    assert added.w3 is not None and added.w3.shape == (4, 16) and added.w4 is not None and not added.w4.any()
    np.testing.assert_allclose(
        nnue_net.float_eval(added, us, them, pieces), nnue_net.float_eval(plain, us, them, pieces), atol=1e-12
    )
    deeper = argparse.Namespace(**{**vars(args), "layer2": 4, "lr": 1e-3, "schedule": "step", "layer2_lr": 10.0})
    trained, losses = nnue_train.train(us, them, target, None, pieces, indices, indices, deeper, added)
    assert trained is not added and min(v for _, v in losses[1:]) < losses[0][1]
    assert trained.w4 is not None and np.abs(trained.w4).max() > 0
    with pytest.raises(ValueError, match="second layer of 0 units; asked for 4"):
        nnue_train.train(us, them, target, None, pieces, indices, indices, deeper, plain)
    with pytest.raises(ValueError, match="already has a second layer"):
        nnue_net.add_layer2(trained, 4, np.random.default_rng(3))
    with pytest.raises(ValueError, match="cannot be widened"):
        nnue_net.widen(trained, 16, np.random.default_rng(3))


def test_the_engine_evaluates_a_second_layer_as_the_file_s_arithmetic(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """engine.nnue.output_layer with a second layer (its Python body on the module's values, patched
    to a net that has one) agrees with the quantized file's arithmetic written out in numpy, on
    positions where the layer's units are clamped at both ends; with its output weights at zero it
    is the plain network's value."""
    rng = np.random.default_rng(5)
    hidden = nnue.HIDDEN
    w3 = rng.integers(-258, 259, size=(6, 2 * hidden))
    b3 = rng.integers(-(2**17), 2**17, size=6)
    w4 = rng.integers(-30000, 30000, size=6)
    q3, q4 = 256, 1024
    assert nnue.second_layer_error(nnue.W2, w3, b3, w4, nnue.QA, nnue.QB, q3, q4) is None
    values = {
        "LAYER2": 6,
        "W3_F32": w3.astype(np.float32),
        "B3": b3,
        "W4": w4,
        "LAYER2_CLAMP": q3 * nnue.QA * nnue.QA // 256,
        "LAYER2_SCALE": q3 * q4 // (256 * nnue.QB),
    }
    for name, value in values.items():
        monkeypatch.setattr(nnue, name, value)
    net = {**shipped_net(), "w3": w3, "b3": b3, "w4": w4, "q3": np.array([q3]), "q4": np.array([q4])}
    clamped_low = clamped_high = changed = 0
    for board in random_positions(40, seed=9):
        if not board.is_valid():
            continue
        acc, st = _accumulators(position_from_board(board))
        expected = reference_eval(board, net)
        assert nnue.output_layer.py_func(acc, st) == expected
        changed += int(expected != reference_eval(board))
        act = np.clip(acc.astype(np.int64), 0, nnue.QA) ** 2
        us_first = np.concatenate(
            [act[:hidden], act[hidden:]] if board.turn == chess.WHITE else [act[hidden:], act[:hidden]]
        )
        units = w3 @ (us_first >> 8) + b3
        clamped_low += int((units < 0).any())
        clamped_high += int((units > q3 * nnue.QA * nnue.QA // 256).any())
    assert clamped_low and clamped_high and changed  # both ends of the clamp were exercised; the layer counts
    monkeypatch.setattr(nnue, "W4", np.zeros(6, dtype=np.int64))
    pos = position_from_fen(chess.STARTING_FEN)
    assert nnue.output_layer.py_func(*_accumulators(pos)) == reference_eval(chess.Board())


def _accumulators(pos: object) -> tuple[np.ndarray, np.ndarray]:
    """Both perspectives' accumulators of an engine position, from scratch, and its state."""
    board, st = pos.board, pos.st  # type: ignore[attr-defined]
    acc = np.empty(2 * nnue.HIDDEN, dtype=np.int16)
    white_base, white_flip, black_base, black_flip = nnue.perspectives(st)
    nnue.refresh_accumulator(board, acc, 0, white_base, white_flip)
    nnue.refresh_accumulator(board, acc, 1, black_base, black_flip)
    return acc, st


def test_second_layer_weights_the_exact_arithmetic_cannot_hold_are_refused() -> None:
    w3 = np.full((4, 2 * nnue.HIDDEN), 258, dtype=np.int64)  # the largest whole weight float32 sums exactly
    b3 = np.zeros(4, dtype=np.int64)
    w4 = np.ones(4, dtype=np.int64)

    def error(w3: np.ndarray = w3, w4: np.ndarray = w4, q3: int = 256, q4: int = 1024) -> str | None:
        return nnue.second_layer_error(nnue.W2, w3, b3, w4, nnue.QA, nnue.QB, q3, q4)

    assert error() is None
    assert "do not divide" in str(error(q3=256, q4=100))
    assert "shapes" in str(error(w3=w3[:, 1:]))
    w3[2, 9] = 259
    assert "weights are too large for an exact sum" in str(error())
    w3[2, 9] = 0
    w4[1] = 2**62 // (4 * 65025) + 1
    assert "output weights are too large" in str(error())


def test_the_step_schedule_anneals_over_every_batch_of_every_epoch() -> None:
    """``--schedule step``: the cosine spans all batches, so the last one runs at a learning rate
    near zero; by epoch (the default) it spans the epochs."""
    torch = pytest.importorskip("torch")
    step = argparse.Namespace(epochs=2, batch=64, schedule="step")
    assert nnue_train.cosine_steps(step, 150) == 6  # 3 batches (64, 64, 22) in each of 2 epochs
    assert nnue_train.cosine_steps(argparse.Namespace(epochs=2, batch=64), 150) == 2
    assert nnue_train.cosine_steps(argparse.Namespace(epochs=0, batch=64, schedule="step"), 150) == 1
    param = torch.nn.Parameter(torch.zeros(1))
    opt = torch.optim.SGD([param], lr=1.0)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=nnue_train.cosine_steps(step, 150))
    rates = []
    for _ in range(6):
        rates.append(opt.param_groups[0]["lr"])
        opt.step()
        sched.step()
    assert rates[0] == 1.0 and rates[-1] < 0.1 and rates == sorted(rates, reverse=True)


@pytest.mark.parametrize("count", [1, 2, 4, 8])
def test_output_buckets_split_the_piece_counts_evenly(count: int) -> None:
    table = nnue_layout.output_buckets(count)
    assert table.shape == (33,)
    assert table[2] == 0 and table[32] == count - 1
    assert (np.diff(table) >= 0).all()  # more pieces never a lower bucket
    sizes = np.bincount(table[2:], minlength=count)
    assert sizes.max() - sizes.min() <= 4  # about equal ranges of the 31 counts 2..32
    if count == 8:
        assert table.tolist()[2:] == [(p - 2) // 4 for p in range(2, 33)]


@pytest.mark.parametrize(
    ("moves", "expected"),
    [
        (["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"], 0),  # threefold
        (["f2f3", "e7e5", "g2g4", "d8h4"], -1),  # fool's mate
        (["e2e4", "e7e5"], None),
    ],
)
def test_data_game_end_agrees_with_python_chess(moves: list[str], expected: int | None) -> None:
    """nnue_data.game_end, run after every ply as play_game does, ends a game where
    python-chess's claim_draw outcome would, with the same result."""
    board = chess.Board()
    seen: dict[str, int] = {}
    results = [nnue_data.game_end(board, board.fen(), seen)]
    for uci in moves:
        board.push_uci(uci)
        results.append(nnue_data.game_end(board, board.fen(), seen))
    assert results[:-1] == [None] * len(moves)
    assert results[-1] == expected
    outcome = board.outcome(claim_draw=True)
    reference = None if outcome is None else (0 if outcome.winner is None else (1 if outcome.winner else -1))
    assert reference == expected


def test_data_game_end_fifty_moves() -> None:
    board = chess.Board("8/8/4k3/8/8/4K3/8/R7 w - - 99 80")
    assert nnue_data.game_end(board, board.fen(), {}) is None
    board.push_uci("a1a2")
    assert nnue_data.game_end(board, board.fen(), {}) == 0


def test_weights_too_large_for_the_exact_arithmetic_are_refused() -> None:
    hidden = nnue.HIDDEN
    w1 = np.zeros((768, hidden), dtype=np.int16)
    b1 = np.zeros(hidden, dtype=np.int16)
    w2 = np.zeros((1, 2 * hidden), dtype=np.int64)
    assert nnue.exactness_error(w1, b1, w2, nnue.QA) is None
    w1[5, 7] = 32767 // nnue.MAX_PIECES + 1  # 32 pieces on such rows would overflow int16
    assert "16-bit" in str(nnue.exactness_error(w1, b1, w2, nnue.QA))
    w1[5, 7] = 0
    w2[0, 3] = 2**53 // (2 * hidden * nnue.QA * nnue.QA) + 1
    assert "exact sum" in str(nnue.exactness_error(w1, b1, w2, nnue.QA))
    assert nnue.exactness_error(nnue.W1, nnue.B1, nnue.W2, nnue.QA) is None  # the shipped net


def test_the_trainer_refuses_to_export_weights_the_engine_cannot_sum_exactly(tmp_path: Path) -> None:
    king_bucket, mirror = nnue_layout.layout("flat")
    net = nnue_net.Trained(
        w1=np.full((768, 8), 5.0),  # 5 * QA per row: 32 pieces overflow an int16 accumulator
        b1=np.zeros(8),
        w2=np.ones((1, 16)),
        b2=np.zeros(1),
        king_bucket=king_bucket,
        mirror=mirror,
        out_bucket=nnue_layout.output_buckets(1),
    )
    path = tmp_path / "net.npz"
    with pytest.raises(ValueError, match="16-bit"):
        nnue_net.export(net, str(path), 0, "positions=0")
    assert not path.exists()


def test_the_trainer_holds_out_whole_chunks_of_the_named_folders_only() -> None:
    part = np.repeat(np.arange(40), 5)  # 40 chunks of 5 positions; chunks 30-39 are the unseen folder's
    unseen = np.arange(30, 40)
    mask = nnue_train.held_out(part, unseen, 0.1, np.random.default_rng(1))
    held = np.unique(part[mask])
    assert len(held) == 4  # 10% of all 40 chunks
    assert set(held) <= set(unseen)
    assert all(mask[part == p].all() for p in held)  # whole chunks, never a part of one
    # More than the named folders hold: all of them, never a seen chunk.
    mask = nnue_train.held_out(part, unseen[:2], 0.5, np.random.default_rng(1))
    assert set(np.unique(part[mask])) == {30, 31}
    # Without a restriction the split is the one every earlier network was trained with.
    everything = nnue_train.held_out(part, np.unique(part), 0.1, np.random.default_rng(7))
    expected = np.random.default_rng(7).choice(np.unique(part), size=4, replace=False)
    assert set(np.unique(part[everything])) == set(expected)
    with pytest.raises(ValueError, match="no chunk"):
        nnue_train.held_out(part, np.array([99]), 0.1, np.random.default_rng(1))


def test_the_trainer_refuses_a_validation_folder_it_does_not_train_on(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    argv = ["nnue_train", "--data", str(tmp_path / "a"), "--valid-data", str(tmp_path / "b")]
    monkeypatch.setattr(sys, "argv", argv)
    with pytest.raises(SystemExit):
        nnue_train.main()
    assert "not one of the --data folders" in capsys.readouterr().err


def test_the_trainer_keeps_a_continued_network_s_second_layer_and_refuses_another_size(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``--init`` of a file with a second layer: ``--layer2`` of another size is refused in plain
    words before any data is read (the file's own size, or none given, would continue it)."""
    pytest.importorskip("torch")
    *_, plain = small_trained_network(18)
    path = tmp_path / "layered.npz"
    nnue_net.export(nnue_net.add_layer2(plain, 4, np.random.default_rng(1)), str(path), 0, "positions=200")
    assert nnue_net.load_net(str(path)).w3 is not None
    argv = ["nnue_train", "--data", str(tmp_path / "none"), "--init", str(path), "--hidden", "8", "--layout", "k4"]
    argv += ["--layer2", "6"]
    monkeypatch.setattr(sys, "argv", argv)
    with pytest.raises(SystemExit):
        nnue_train.main()
    assert "--init has a second layer of 4 units" in capsys.readouterr().err


def test_the_trainer_says_when_it_writes_the_starting_network_unchanged(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """An epoch that does not beat the starting network (a learning rate of 50 wrecks it) leaves it
    in place; the file and the printout say so (a run of the twenty-second session wrote the last
    epoch's losses beside the starting weights, and nothing said they were unchanged)."""
    pytest.importorskip("torch")
    boards = [b for b in random_positions(240, seed=17) if b.is_valid()]
    data = tmp_path / "data"
    data.mkdir()
    for number in range(4):  # four chunks, so one of them can be held out
        chunk = boards[number::4]
        np.savez(
            data / f"part-{number:04d}.npz",
            board=np.array([nnue_data.encode(b) for b in chunk]),
            stm=np.array([1 if b.turn == chess.WHITE else 0 for b in chunk], dtype=np.int8),
            score=np.random.default_rng(number).integers(-300, 300, len(chunk)).astype(np.int16),
            result=np.zeros(len(chunk), dtype=np.int8),
        )
    king_bucket, mirror = nnue_layout.layout("k4")
    rng = np.random.default_rng(3)
    start = nnue_net.Trained(
        w1=rng.normal(0, 0.05, ((int(king_bucket.max()) + 1) * 768, 16)),
        b1=np.full(16, 0.5),
        w2=rng.normal(0, 0.5, (1, 32)),
        b2=np.zeros(1),
        king_bucket=king_bucket,
        mirror=mirror,
        out_bucket=nnue_layout.output_buckets(1),
    )
    init = tmp_path / "start.npz"
    nnue_net.export(start, str(init), 0, "positions=0 slope=1.0")
    out = tmp_path / "out.npz"
    argv = ["nnue_train", "--data", str(data), "--init", str(init), "--hidden", "16", "--layout", "k4"]
    argv += ["--epochs", "1", "--batch", "16", "--lr", "50", "--threads", "1", "--valid", "0.25", "--out", str(out)]
    monkeypatch.setattr(sys, "argv", argv)
    nnue_train.main()
    printed = capsys.readouterr().out
    assert "written unchanged" in printed
    meta = nnue_net.net_meta(str(out))
    assert meta["kept"] == "init"
    assert f"epoch 0 (the starting network): valid {meta['valid']}" in printed  # the kept net's loss
    with np.load(out) as written, np.load(init) as original:
        np.testing.assert_array_equal(written["w1"], original["w1"])


class _FirstMoveStockfish:
    """Stands in for tools.texel_data.Stockfish: every position level, its first legal move best."""

    def new_game(self) -> None:
        pass

    def analyse(self, fen: str, depth: int) -> object:
        board = chess.Board(fen)
        return argparse.Namespace(cp=0, best=next(iter(board.legal_moves)).uci())


class _RecordingPlayer:
    """Stands in for nnue_data.OurPlayer: plays the last legal move and notes whose turn it was."""

    def __init__(self) -> None:
        self.turns: list[chess.Color] = []

    def new_game(self, seed: int) -> None:
        pass

    def best_move(self, board: chess.Board) -> chess.Move:
        self.turns.append(board.turn)
        return list(board.legal_moves)[-1]


@pytest.mark.parametrize("colour", [chess.WHITE, chess.BLACK])
def test_data_our_engine_plays_only_its_side_and_every_position_is_labelled(colour: chess.Color) -> None:
    """With --ours-nodes, our engine chooses the moves of its colour only, and the positions of
    both sides' turns are kept with Stockfish's label (here every position is quiet and level)."""
    args = argparse.Namespace(
        book_plies=0, random_moves=0, max_plies=30, depth=3, move_depth=3, sample=1.0, random=0.0, max_cp=3000
    )
    ours = _RecordingPlayer()
    rows, result = nnue_data.play_game(_FirstMoveStockfish(), random.Random(1), None, args, ours, colour)  # type: ignore[arg-type]
    assert result == 0
    assert ours.turns and set(ours.turns) == {colour}
    assert len(ours.turns) == 15  # every second ply of the 30 the game lasts
    stms = {stm for _, stm, _ in rows}
    assert stms == {0, 1}
    assert all(score == 0 for _, _, score in rows)


def test_data_without_our_engine_stockfish_plays_both_sides() -> None:
    """Without --ours-nodes every move is Stockfish's, and the kept rows are the quiet positions
    of that line (not in check, the best move neither a capture nor a promotion)."""
    args = argparse.Namespace(
        book_plies=0, random_moves=0, max_plies=10, depth=3, move_depth=3, sample=1.0, random=0.0, max_cp=3000
    )
    rows, result = nnue_data.play_game(_FirstMoveStockfish(), random.Random(1), None, args)  # type: ignore[arg-type]
    board = chess.Board()
    expected = []
    for _ in range(10):
        move = next(iter(board.legal_moves))
        if not board.is_check() and not board.is_capture(move) and move.promotion is None:
            expected.append(nnue_data.encode(board))
        board.push(move)
    assert result == 0
    assert len(rows) == len(expected) > 0
    assert all(np.array_equal(row, want) for (row, _, _), want in zip(rows, expected, strict=True))


@settings(deadline=None, max_examples=40)
@given(
    hst.lists(
        hst.tuples(hst.integers(min_value=0, max_value=10_000), hst.integers(min_value=0, max_value=9)),
        min_size=1,
        max_size=80,
    )
)
def test_the_search_s_accumulators_give_the_evaluation_from_scratch(steps: list[tuple[int, int]]) -> None:
    """nnue_evaluate_incremental equals nnue_evaluate along random games (castling, en passant,
    promotions and king moves that change bucket or flip included), whether the positions between
    are evaluated or stepped over (short and long gaps), after null moves, and after takebacks
    (the accumulators of a position left and re-entered by another move are not taken for it)."""
    board = chess.Board()
    pos = position_from_board(board)
    buf = np.zeros(256, dtype=np.int32)
    made = 0
    for choice, action in steps:
        if board.is_game_over():
            break
        if action == 0 and made > 0:  # a takeback, then another move
            unmake_move(pos.board, pos.st, pos.undo)
            board.pop()
            made -= 1
        n = gen_moves(pos.board, pos.st, buf, False)
        legal = [int(m) for m in buf[:n] if chess.Move.from_uci(move_to_uci(int(m))) in board.legal_moves]
        assert make_move(pos.board, pos.st, pos.hashes, pos.undo, legal[choice % len(legal)])
        board.push_uci(move_to_uci(legal[choice % len(legal)]))
        made += 1
        if action == 1 and not board.is_check():  # a null move evaluated, then taken back
            make_null(pos.st, pos.hashes, pos.undo)
            assert nnue_evaluate_incremental(pos.board, pos.st, pos.hashes, pos.undo) == nnue.nnue_evaluate(
                pos.board, pos.st
            )
            unmake_null(pos.st, pos.undo)
        if action >= 5:  # otherwise this position is stepped over
            expected = nnue.nnue_evaluate(pos.board, pos.st)
            assert nnue_evaluate_incremental(pos.board, pos.st, pos.hashes, pos.undo) == expected, board.fen()
            assert nnue_evaluate_incremental(pos.board, pos.st, pos.hashes, pos.undo) == expected  # now stored


def test_the_search_evaluation_equals_the_evaluation_from_scratch() -> None:
    """search_eval is position_eval (network, bare kings, mop-up) on random positions, for the
    engine as it plays and for the playing levels."""
    for board in random_positions(60, seed=23):
        pos = position_from_board(board)
        for features in (ALL_FEATURES, LEVEL_FEATURES, ALL_FEATURES | FEATURE_ENDGAME_SCALE):
            assert search_eval(pos.board, pos.st, pos.hashes, pos.undo, features) == nnue.position_eval(
                pos.board, pos.st, features
            )


SPECIAL_MOVES = (
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",  # castling both ways
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",  # en passant
    "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 2",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",  # promotions, captures too
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "8/8/8/3k4/8/8/8/R3K2R w KQ - 0 1",  # king moves across the d/e files flip its perspective
)


@pytest.mark.parametrize("fen", SPECIAL_MOVES)
def test_every_move_and_reply_replays_onto_the_accumulators(fen: str) -> None:
    """After the parent's evaluation, every legal move and (a ply stepped over) every reply: the
    replayed accumulators give the value from scratch."""
    board = chess.Board(fen)
    pos = position_from_board(board)
    nnue_evaluate_incremental(pos.board, pos.st, pos.hashes, pos.undo)
    moves = np.zeros(256, dtype=np.int32)
    replies = np.zeros(256, dtype=np.int32)
    n = gen_moves(pos.board, pos.st, moves, False)
    for move in moves[:n]:
        if not make_move(pos.board, pos.st, pos.hashes, pos.undo, int(move)):
            continue
        m = gen_moves(pos.board, pos.st, replies, False)
        for reply in replies[:m]:
            if make_move(pos.board, pos.st, pos.hashes, pos.undo, int(reply)):
                got = nnue_evaluate_incremental(pos.board, pos.st, pos.hashes, pos.undo)
                assert got == nnue.nnue_evaluate(pos.board, pos.st), (
                    fen,
                    move_to_uci(int(move)),
                    move_to_uci(int(reply)),
                )
                unmake_move(pos.board, pos.st, pos.undo)
        got = nnue_evaluate_incremental(pos.board, pos.st, pos.hashes, pos.undo)
        assert got == nnue.nnue_evaluate(pos.board, pos.st), (fen, move_to_uci(int(move)))
        unmake_move(pos.board, pos.st, pos.undo)


def test_the_trainer_reads_several_folders_into_one_set_with_chunks_numbered_across_them(tmp_path: Path) -> None:
    """``load_folders``: every chunk's rows in order, each chunk its own number across the folders
    (so whole chunks can be held out), and each folder's numbers for ``--valid-data``."""
    rng = np.random.default_rng(5)
    written = []
    for folder, sizes in (("a", [3, 2]), ("b", [4])):
        (tmp_path / folder).mkdir()
        for i, size in enumerate(sizes):
            chunk = {
                "board": rng.integers(0, 13, size=(size, 64), dtype=np.int8),
                "stm": rng.integers(0, 2, size=size, dtype=np.int8),
                "score": rng.integers(-500, 500, size=size, dtype=np.int16),
                "result": rng.integers(-1, 2, size=size, dtype=np.int8),
            }
            np.savez(tmp_path / folder / f"part-{i:04d}.npz", **chunk)
            written.append(chunk)
    data, numbers = nnue_train.load_folders([str(tmp_path / "a"), str(tmp_path / "b")])
    for key in ("board", "stm", "score", "result"):
        assert np.array_equal(data[key], np.concatenate([chunk[key] for chunk in written]))
    assert data["part"].tolist() == [0, 0, 0, 1, 1, 2, 2, 2, 2]
    assert [n.tolist() for n in numbers] == [[0, 1], [2]]
    with pytest.raises(SystemExit, match="no part"):
        nnue_train.load_folders([str(tmp_path / "a"), str(tmp_path / "empty")])


def test_the_held_out_loss_does_not_depend_on_how_many_positions_are_evaluated_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The validation loss is summed a slice at a time (a million positions at once would not fit):
    slices of 7 give the loss of the whole set at once, start and every epoch."""
    pytest.importorskip("torch")
    us, them, pieces, target, args, net = small_trained_network(19)
    indices = np.arange(len(target))
    _, whole = nnue_train.train(us, them, target, None, pieces, indices[:150], indices[150:], args, net)
    monkeypatch.setattr(nnue_train, "VALID_SLICE", 7)
    _, sliced = nnue_train.train(us, them, target, None, pieces, indices[:150], indices[150:], args, net)
    assert len(sliced) == len(whole) == args.epochs + 1
    for (_, a), (_, b) in zip(whole, sliced, strict=True):
        assert b == pytest.approx(a, rel=1e-5)
