"""The piece-square table tuner (tools/texel_pst.py, tools/texel_pst_tables.py)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import numpy as np
import pytest
from engine_test_helpers import random_positions

from engine import evaluate as ev
from engine.eval_weights import WEIGHTS
from engine.position import KING, KNIGHT, PAWN, ST_EG

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:  # tools/ is imported as a namespace package from the repository root
    sys.path.insert(0, str(REPO))

from tools import texel_pst, texel_pst_tables, texel_tune  # noqa: E402


@pytest.fixture(scope="module")
def positions() -> list[str]:
    """A few hundred varied legal positions (random playouts), side to move not mated."""
    boards = [b for b in random_positions(300, seed=11) if not b.is_game_over() and b.is_valid()]
    return [b.fen() for b in boards]


def test_the_sparse_sums_of_the_current_tables_equal_recompute_sums(positions: list[str]) -> None:
    data = texel_tune.pack(positions)  # states made by position_from_fen -> engine.evaluate.recompute_sums
    feats = texel_pst_tables.features(data)
    rebuilt = texel_pst_tables.with_tables(data, feats, texel_pst_tables.current_vector())
    assert np.array_equal(rebuilt.states, data.states)
    assert rebuilt.states is not data.states  # the input is not written to


def test_changing_one_entry_moves_the_sums_of_exactly_the_positions_using_it(positions: list[str]) -> None:
    data = texel_tune.pack(positions)
    feats = texel_pst_tables.features(data)
    x = texel_pst_tables.current_vector()
    entry = (KNIGHT - 1) * 64 + 42  # written layout (rank 8 first): White's c3 (42 ^ 56 = c3), Black's c6
    x[texel_pst_tables.PART + entry] += 7
    moved = texel_pst_tables.with_tables(data, feats, x).states[:, ST_EG] - data.states[:, ST_EG]
    white = data.boards[:, 21 + 2 + 10 * 2] == KNIGHT  # mailbox c3
    black = data.boards[:, 21 + 2 + 10 * 5] == 8 + KNIGHT  # mailbox c6
    assert np.array_equal(moved, 7 * white.astype(np.int64) - 7 * black.astype(np.int64))
    assert white.any() and black.any()


def _net_counts(feats: texel_pst_tables.Features) -> np.ndarray:
    """float[N, PART]: per position, how many White minus Black pieces read each parameter of a phase part."""
    n = feats.idx.shape[0]
    counts = np.zeros((n, texel_pst_tables.PART))
    rows = np.repeat(np.arange(n), texel_pst_tables.MAX_PIECES)
    table = feats.idx.astype(np.int64).ravel()
    sign = feats.sgn.astype(np.float64).ravel()
    np.add.at(counts, (rows, table), sign)
    np.add.at(counts, (rows, texel_pst_tables.MATERIAL + table // 64 + 1), sign)  # padding has sign 0
    return counts


@pytest.mark.parametrize(
    ("part", "what"),
    [
        (0, KNIGHT),  # the most used middlegame knight entry
        (1, KING),  # ... endgame king entry
        (1, PAWN),  # ... endgame pawn entry
        (0, texel_pst_tables.MATERIAL + PAWN),  # middlegame pawn value
        (1, texel_pst_tables.MATERIAL + 4),  # endgame rook value
    ],
)
def test_the_analytic_derivative_matches_finite_differences(positions: list[str], part: int, what: int) -> None:
    data = texel_tune.pack(positions)
    feats = texel_pst_tables.features(data)
    e = texel_tune.evaluations(data, WEIGHTS)
    # The integer division rounds each evaluation by less than 1; a blend near 0 may change the endgame
    # scale's side (the linearisation does not hold there), so such positions are left out.
    clear = np.abs(e) > 200
    assert clear.sum() > 50
    counts = _net_counts(feats)
    if what < texel_pst_tables.MATERIAL:  # a piece type: take its entry with the most positions reading it
        block = counts[clear, (what - 1) * 64 : what * 64]
        local = (what - 1) * 64 + int(np.argmax(np.count_nonzero(block, axis=0)))
    else:
        local = what
    param = part * texel_pst_tables.PART + local
    a, b = np.zeros(len(e)), np.zeros(len(e))
    texel_pst_tables.blend_coefficients(data.boards, data.states, WEIGHTS, a, b)
    analytic = counts[:, local] * (b if part else a)
    h = 24
    up, down = texel_pst_tables.current_vector(), texel_pst_tables.current_vector()
    up[param] += h
    down[param] -= h
    fd = (
        texel_tune.evaluations(texel_pst_tables.with_tables(data, feats, up), WEIGHTS)
        - texel_tune.evaluations(texel_pst_tables.with_tables(data, feats, down), WEIGHTS)
    ) / (2 * h)
    assert np.count_nonzero(analytic[clear]) > 10
    assert np.max(np.abs(fd - analytic)[clear]) <= 1.0 / h + 1e-9


def test_pawns_on_the_back_ranks_and_the_kings_material_are_not_tuned() -> None:
    mask = texel_pst_tables.tunable_mask()
    for base in (0, texel_pst_tables.PART):
        assert not mask[base : base + 8].any() and not mask[base + 56 : base + 64].any()
        assert mask[base + 8 : base + 56].all()
        assert not mask[base + texel_pst_tables.MATERIAL] and not mask[base + texel_pst_tables.MATERIAL + KING]
        assert mask[base + texel_pst_tables.MATERIAL + PAWN : base + texel_pst_tables.MATERIAL + KING].all()
        assert mask[base + 64 : base + texel_pst_tables.MATERIAL].all()  # knight .. king tables


def test_keep_sane_keeps_every_piece_worth_a_quarter_of_its_value() -> None:
    x = texel_pst_tables.current_vector().astype(np.float64)
    x[(KNIGHT - 1) * 64 + 5] = -400.0  # a knight worth less than 0 there
    texel_pst.keep_sane(x)
    assert x[(KNIGHT - 1) * 64 + 5] == pytest.approx(-0.75 * ev.MG_VALUE[KNIGHT])
    assert np.array_equal(
        x[(KNIGHT - 1) * 64 + 6 : KNIGHT * 64], texel_pst_tables.current_vector()[(KNIGHT - 1) * 64 + 6 : 128]
    )


def test_a_fit_on_synthetic_labels_moves_toward_the_truth(positions: list[str]) -> None:
    # The "true" evaluation values knights 80 cp more in both phases and likes a White knight on d4 (Black's d5).
    truth = texel_pst_tables.current_vector()
    for base in (0, texel_pst_tables.PART):
        truth[base + texel_pst_tables.MATERIAL + KNIGHT] += 80
    d4 = (KNIGHT - 1) * 64 + 35  # written layout, White reads sq ^ 56: d4 = 27 -> 35
    truth[d4] += 60
    k = 0.005
    data = texel_tune.pack(positions)
    feats = texel_pst_tables.features(data)
    labels = texel_tune.sigmoid(k * texel_tune.evaluations(texel_pst_tables.with_tables(data, feats, truth), WEIGHTS))
    start = texel_pst_tables.current_vector()
    before = texel_tune.mse(texel_tune.evaluations(data, WEIGHTS), labels, k)
    fit = texel_pst.fit_tables(data, feats, labels, WEIGHTS, k, start, lam=0.01, rounds=3, steps=300, log=False)
    assert fit.train_error < 0.5 * before
    assert fit.x.dtype == np.int64
    knight_mg = texel_pst_tables.MATERIAL + KNIGHT
    assert abs(fit.x[knight_mg] - truth[knight_mg]) < abs(start[knight_mg] - truth[knight_mg])
    mask = texel_pst_tables.tunable_mask()
    assert np.array_equal(fit.x[~mask], start[~mask])  # back-rank pawns and the king's material untouched
    assert np.array_equal(start, texel_pst_tables.current_vector())  # the input is left alone


def test_rewriting_the_evaluation_file_changes_only_the_numbers(tmp_path: Path) -> None:
    text = texel_pst_tables.EVALUATE_FILE.read_text()
    x = texel_pst_tables.current_vector()
    assert texel_pst.rewrite_source(text, x) == text
    x[(PAWN - 1) * 64 + 9] = 111  # middlegame pawn, written row 2 (rank 7), b-file
    x[texel_pst_tables.PART + texel_pst_tables.MATERIAL + KNIGHT] = 299
    rewritten = texel_pst.rewrite_source(text, x)
    assert len(rewritten.splitlines()) == len(text.splitlines())
    path = tmp_path / "evaluate_rewritten.py"
    path.write_text(rewritten)
    spec = importlib.util.spec_from_file_location("evaluate_rewritten", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module._MG[PAWN][9] == 111
    assert module.EG_VALUE[KNIGHT] == 299
    assert module._EG == ev._EG and module.MG_VALUE == ev.MG_VALUE
    assert {t: module._MG[t] for t in module._MG if t != PAWN} == {t: ev._MG[t] for t in ev._MG if t != PAWN}
