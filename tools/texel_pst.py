"""Fit the piece-square tables and material values (engine.evaluate's ``_MG``/``_EG``,
``MG_VALUE``/``EG_VALUE``) to labelled positions: Texel's method, like tools/texel_tune.py
(same error, same data, same K), the weights of engine.eval_weights held fixed meanwhile.

The tables enter the evaluation only through the sums ``st[ST_MG]`` / ``st[ST_EG]``, which
are linear in the parameters: per position we keep which (piece type, table square) each
piece reads and with which sign (+ White, - Black; :func:`piece_features`), so the sums of
any candidate tables are recomputed cheaply (:func:`table_sums`) and written into the
state arrays before ``evaluate_with``. The White's-view evaluation then moves by
``a * d st[ST_MG] + b * d st[ST_EG]`` with ``a = phase / 24`` and
``b = (24 - phase) * scale / (24 * SCALE_NORMAL)`` (:func:`blend_coefficients`; the endgame
scale of engine.scaling depends on the blend's sign only, the integer division is noise).

Parameters (:data:`N_PARAMS` = 2 x 391): per phase part, 6 x 64 table entries in the
written layout (rank 8 first, as in engine/evaluate.py) then the material value of piece
types 0..6. Not tuned: pawns on ranks 1 and 8 (unreachable) and the king's material (0).

Material and tables are redundant (adding c to a piece's value and -c to its 64 entries
changes nothing; nor does shifting the king table, one king a side), so the error gets an
L2 pull toward the current numbers (PeSTO's before the first fit):
``lam / N * sum(((x - current) / 100) ** 2)`` over the tuned
parameters -- ``lam`` is the weight of one (100 cp)^2 deviation in "positions' squared
errors"; it is chosen on the held-out split (``--lams``). The pull makes the problem strictly
convex in the linearised model and puts a common shift into the material value (one
number) rather than the 64 entries.

Step 1. Fit K on the current evaluation (tools.texel_tune.fit_k), then keep it fixed.
Step 2. For each ``lam``: rounds of Adam on the linearised (regularised) error inside a trust
        box around the round's start; entries are kept sane (a piece on any square is worth at
        least a quarter of its material value); the result is rounded to integers and kept only
        if the *real* regularised training error dropped.
Step 3. The ``lam`` with the lowest held-out error wins, if it beats the current tables.
Step 4. ``--weights-rounds N``: then N rounds of tools.texel_tune on top of the new tables,
        kept only if the held-out error (same K) drops.
``--write`` rewrites engine/evaluate.py (and engine/eval_weights.py if the weights changed).

    .venv/bin/python -m tools.texel_pst --data /tmp/texel.npz --lams 0.03,0.1,0.3 --rounds 5 --weights-rounds 2 --write
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from dataclasses import dataclass

import numpy as np
from numba import njit

from engine.eval_weights import WEIGHTS
from engine.position import KING, PAWN, ST_EG, ST_MG
from tools import texel_tune
from tools.texel_pst_tables import (
    EVALUATE_FILE,
    MATERIAL,
    MIN_WORTH,
    N_PARAMS,
    PART,
    TYPES,
    Features,
    blend_coefficients,
    current_vector,
    features,
    position_sums,
    tunable_mask,
    with_tables,
)
from tools.texel_tune import Positions

# The fit -----------------------------------------------------------------------------------------


@njit(cache=True, nogil=True)
def linear_error_grad(
    idx: np.ndarray,
    sgn: np.ndarray,
    x: np.ndarray,
    e0: np.ndarray,
    mg0: np.ndarray,
    eg0: np.ndarray,
    a: np.ndarray,
    b: np.ndarray,
    labels: np.ndarray,
    k: float,
    grad: np.ndarray,
) -> float:
    """Mean squared error of the linearised evaluations ``e0 + a (mg(x) - mg0) + b (eg(x) - eg0)``;
    its gradient w.r.t. ``x`` is written into ``grad``."""
    n = idx.shape[0]
    grad[:] = 0.0
    total = 0.0
    for i in range(n):
        smg, seg = position_sums(idx, sgn, x, i)
        e = e0[i] + a[i] * (smg - mg0[i]) + b[i] * (seg - eg0[i])
        p = 0.5 * (1.0 + np.tanh(0.5 * k * e))
        d = p - labels[i]
        total += d * d
        r = 2.0 * d * p * (1.0 - p) * k / n
        ra = r * a[i]
        rb = r * b[i]
        for j in range(idx.shape[1]):
            s = sgn[i, j]
            if s == 0:
                break
            t = idx[i, j]
            v = MATERIAL + t // 64 + 1
            grad[t] += s * ra
            grad[v] += s * ra
            grad[PART + t] += s * rb
            grad[PART + v] += s * rb
    return total / n


def penalty(x: np.ndarray, prior: np.ndarray, mask: np.ndarray, lam: float, n: int) -> float:
    """The L2 pull toward ``prior`` (see the module docstring)."""
    d = (x[mask] - prior[mask]) / 100.0
    return float(lam / n * np.sum(d * d))


def keep_sane(x: np.ndarray) -> None:
    """Raise table entries so that each non-king piece is worth at least MIN_WORTH of its value, in place."""
    for base in (0, PART):
        for ptype in range(PAWN, KING):
            block = x[base + (ptype - 1) * 64 : base + ptype * 64]
            np.maximum(block, -(1.0 - MIN_WORTH) * x[base + MATERIAL + ptype], out=block)


def fit_linear(
    feats: Features,
    e0: np.ndarray,
    mg0: np.ndarray,
    eg0: np.ndarray,
    a: np.ndarray,
    b: np.ndarray,
    labels: np.ndarray,
    k: float,
    x0: np.ndarray,
    prior: np.ndarray,
    lam: float,
    reach: float,
    steps: int,
    lr: float,
) -> np.ndarray:
    """Adam on the linearised regularised error, each tuned parameter within ``reach`` of ``x0``."""
    mask = tunable_mask()
    x = x0.astype(np.float64)
    lower = np.where(mask, x - reach, x)
    upper = np.where(mask, x + reach, x)
    prior_f = prior.astype(np.float64)
    grad = np.zeros(N_PARAMS, dtype=np.float64)
    m = np.zeros(N_PARAMS)
    v = np.zeros(N_PARAMS)
    b1, b2 = 0.9, 0.999
    n = len(labels)
    for t in range(1, steps + 1):
        linear_error_grad(feats.idx, feats.sgn, x, e0, mg0, eg0, a, b, labels, k, grad)
        grad += np.where(mask, 2.0 * lam / n * (x - prior_f) / 1e4, 0.0)
        grad[~mask] = 0.0
        m = b1 * m + (1 - b1) * grad
        v = b2 * v + (1 - b2) * grad * grad
        x -= lr * (m / (1 - b1**t)) / (np.sqrt(v / (1 - b2**t)) + 1e-12)
        np.clip(x, lower, upper, out=x)
        keep_sane(x)
    return x


@dataclass(frozen=True, slots=True)
class TableFit:
    """What :func:`fit_tables` found for one ``lam``."""

    x: np.ndarray
    """int64[N_PARAMS]: the fitted parameters."""
    train_error: float
    """Training mean squared error (without the penalty)."""


def fit_tables(
    train: Positions,
    feats: Features,
    labels: np.ndarray,
    w: np.ndarray,
    k: float,
    x_start: np.ndarray,
    lam: float,
    rounds: int = 3,
    steps: int = 300,
    lr: float = 1.0,
    reach: float = 40.0,
    log: bool = True,
) -> TableFit:
    """Step 2 of the module docstring for one ``lam``; the L2 pull is toward ``x_start``."""
    say = print if log else (lambda *a, **k: None)
    n = len(labels)
    x = np.asarray(x_start, dtype=np.int64).copy()
    data = with_tables(train, feats, x)
    e = texel_tune.evaluations(data, w)
    error = texel_tune.mse(e, labels, k)
    best = error + penalty(x.astype(np.float64), x_start, tunable_mask(), lam, n)
    a = np.zeros(n)
    b = np.zeros(n)
    for rnd in range(1, rounds + 1):
        started = time.monotonic()
        blend_coefficients(data.boards, data.states, w, a, b)
        mg0 = data.states[:, ST_MG].astype(np.float64)
        eg0 = data.states[:, ST_EG].astype(np.float64)
        xf = fit_linear(feats, e, mg0, eg0, a, b, labels, k, x, x_start, lam, reach, steps, lr)
        candidate = np.rint(xf).astype(np.int64)
        cand_data = with_tables(train, feats, candidate)
        cand_e = texel_tune.evaluations(cand_data, w)
        cand_error = texel_tune.mse(cand_e, labels, k)
        objective = cand_error + penalty(candidate.astype(np.float64), x_start, tunable_mask(), lam, n)
        took = time.monotonic() - started
        say(
            f"  lam {lam:g} round {rnd}: train {cand_error:.6f}, "
            f"objective {objective:.6f} (was {best:.6f}), {took:.0f} s"
        )
        if objective >= best:
            break
        x, data, e, error, best = candidate, cand_data, cand_e, cand_error, objective
    return TableFit(x, error)


# Writing the result back -------------------------------------------------------------------------


def _tables_literal(name: str, x: np.ndarray, base: int) -> str:
    """The ``name = {...}`` dict literal of one phase part, 8 numbers a row."""
    lines = [f"{name} = {{"]
    for ptype, type_name in enumerate(TYPES, start=1):
        start = base + (ptype - 1) * 64
        rows = [", ".join(str(int(v)) for v in x[start + r * 8 : start + r * 8 + 8]) for r in range(8)]
        lines.append(f"    {type_name}: (")
        lines.append(",\n".join("        " + row for row in rows) + "),")
    lines.append("}")
    return "\n".join(lines)


def rewrite_source(text: str, x: np.ndarray) -> str:
    """engine/evaluate.py's text with the tables and material values of ``x`` (the rest untouched)."""
    for name, base in (("_MG", 0), ("_EG", PART)):
        pattern = re.compile(r"^" + name + r" = \{\n.*?^\}$", re.MULTILINE | re.DOTALL)
        literal = _tables_literal(name, x, base)
        text, count = pattern.subn(literal, text)  # numbers and names only: nothing to escape
        if count != 1:
            raise ValueError(f"table {name} found {count} times in the evaluation file")
    for name, base in (("MG_VALUE", 0), ("EG_VALUE", PART)):
        literal = f"{name} = ({', '.join(str(int(v)) for v in x[base + MATERIAL : base + PART])})"
        text, count = re.subn(r"^" + name + r" = \([^)]*\)$", literal, text, flags=re.MULTILINE)
        if count != 1:
            raise ValueError(f"{name} found {count} times in the evaluation file")
    return text


def table_changes(old: np.ndarray, new: np.ndarray) -> list[str]:
    """Material changes and, per table, how many entries moved and the largest move."""
    lines = []
    for part, base in (("mg", 0), ("eg", PART)):
        values = [f"{int(old[base + MATERIAL + t])}->{int(new[base + MATERIAL + t])}" for t in range(1, 6)]
        lines.append(f"{part} material P N B R Q: {' '.join(values)}")
        for ptype, type_name in enumerate(TYPES, start=1):
            d = new[base + (ptype - 1) * 64 : base + ptype * 64] - old[base + (ptype - 1) * 64 : base + ptype * 64]
            lines.append(f"  {part} {type_name:6s}: {int(np.count_nonzero(d))} moved, max |d| {int(np.abs(d).max())}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", default="/tmp/texel.npz", help="file made by tools/texel_data.py")
    parser.add_argument("--holdout", type=float, default=0.1, help="share of positions held out")
    parser.add_argument("--seed", type=int, default=1, help="seed of the train/held-out split")
    parser.add_argument("--limit", type=int, default=0, help="use at most this many positions (0 = all)")
    parser.add_argument("--lams", default="0.03,0.1,0.3", help="comma-separated L2 strengths to try")
    parser.add_argument("--rounds", type=int, default=5, help="linearisation rounds per lam")
    parser.add_argument("--steps", type=int, default=300, help="Adam steps per round")
    parser.add_argument("--lr", type=float, default=1.0, help="Adam step size (centipawns)")
    parser.add_argument("--reach", type=float, default=40.0, help="trust box per round (centipawns)")
    parser.add_argument("--weights-rounds", type=int, default=0, help="rounds of the weights' fit afterwards")
    parser.add_argument("--write", action="store_true", help="rewrite engine/evaluate.py (and the weights)")
    args = parser.parse_args(argv)
    started = time.monotonic()
    train, y_train, test, y_test = texel_tune.load_split(args.data, args.holdout, args.seed, args.limit)
    f_train, f_test = features(train), features(test)
    print(f"loaded {len(y_train)} + {len(y_test)} positions in {time.monotonic() - started:.0f} s", flush=True)
    w = np.array(WEIGHTS, dtype=np.int64)
    x0 = current_vector()
    k = texel_tune.fit_k(texel_tune.evaluations(train, w), y_train)
    train_before = texel_tune.mse(texel_tune.evaluations(train, w), y_train, k)
    test_before = texel_tune.mse(texel_tune.evaluations(test, w), y_test, k)
    print(f"K = {k:.6f}; error train {train_before:.6f}, held-out {test_before:.6f}", flush=True)
    best_x, best_test, best_train = x0, test_before, train_before
    best_lam: float | None = None  # None: no lam beat the current tables
    for lam in (float(s) for s in args.lams.split(",")):
        fit = fit_tables(train, f_train, y_train, w, k, x0, lam, args.rounds, args.steps, args.lr, args.reach)
        test_error = texel_tune.mse(texel_tune.evaluations(with_tables(test, f_test, fit.x), w), y_test, k)
        print(f"lam {lam:g}: train {fit.train_error:.6f}, held-out {test_error:.6f}", flush=True)
        if test_error < best_test:
            best_x, best_test, best_lam, best_train = fit.x, test_error, lam, fit.train_error
    print(f"chosen lam {best_lam}: train {best_train:.6f}, held-out {best_test:.6f}")
    print("\n".join(table_changes(x0, best_x)))
    new_w = w
    if args.weights_rounds and best_lam is not None:
        t_train, t_test = with_tables(train, f_train, best_x), with_tables(test, f_test, best_x)
        result = texel_tune.tune(t_train, y_train, t_test, y_test, w, rounds=args.weights_rounds)
        e_test = texel_tune.mse(texel_tune.evaluations(t_test, result.weights), y_test, k)
        print(f"weights pass: held-out at K {k:.6f}: {best_test:.6f} -> {e_test:.6f}")
        if e_test < best_test:
            new_w, best_test = result.weights, e_test
            best_train = texel_tune.mse(texel_tune.evaluations(t_train, new_w), y_train, k)
            print("\n".join(texel_tune.changes(w, new_w)))
    print(
        f"K {k:.6f}; lam {best_lam}; train {train_before:.6f} -> {best_train:.6f}; "
        f"held-out {test_before:.6f} -> {best_test:.6f}; {time.monotonic() - started:.0f} s"
    )
    if args.write and best_lam is not None:
        EVALUATE_FILE.write_text(rewrite_source(EVALUATE_FILE.read_text(), best_x))
        print(f"wrote {EVALUATE_FILE}")
        if not np.array_equal(new_w, w):
            texel_tune.WEIGHTS_FILE.write_text(texel_tune.rewrite_source(texel_tune.WEIGHTS_FILE.read_text(), new_w))
            print(f"wrote {texel_tune.WEIGHTS_FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
