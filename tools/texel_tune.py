"""Fit the evaluation weights (engine.eval_weights.WEIGHTS) to labelled positions: Texel's method.

The error is the mean squared difference between ``sigmoid(K * eval)`` and the label
(White's win probability, tools/texel_data.py), ``eval`` being the engine's static
evaluation from White's view (engine.evaluate.evaluate_with, run over all positions in
one jitted loop) and ``sigmoid(x) = 1 / (1 + exp(-x))``.

Step 1. Fit K on the current weights (golden-section search on log K), then keep it fixed.
Step 2. Gauss-Newton style rounds: the evaluation of every position is linearised around
        the current weights by central differences (one column per tuned weight, computed
        with evaluate_with itself, so the non-linear terms -- king-danger squares, caps,
        the endgame scaling (engine.scaling), integer division -- are taken as they are at that point);
        the linear model is minimised with Adam (numpy) inside a trust box around the
        current weights; the result is rounded to integers and kept only if the *real*
        training error (a fresh evaluation) dropped. Repeat ``--rounds`` times.
Step 3. Print the error before/after on the training part and on a held-out part
        (``--holdout``, drawn by ``--seed``, never used to fit), and the table of
        changed weights; ``--write`` rewrites the numbers in engine/eval_weights.py.

Weights not tuned (:data:`FIXED`): ``ks_divisor`` (it only sets the scale of the danger
units, which the unit weights are tuned in: scaling all units by s and the divisor by
s*s is the same evaluation, so tuning both is degenerate) and ``ks_eg_divisor`` (a
divisor: keeping it fixed keeps it safely non-zero), and ``mobility_safe`` (a switch: which squares
mobility counts). Elements that no position of the data
uses (padding such as ``passed_mg[0]``) are detected and left alone.

    .venv/bin/python -m tools.texel_tune --data /tmp/texel.npz            # fit and print
    .venv/bin/python -m tools.texel_tune --data /tmp/texel.npz --write    # ... and rewrite the weights
"""

from __future__ import annotations

import argparse
import math
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numba import njit

from engine.eval_weights import WEIGHT_BLOCKS, WEIGHT_NAMES, WEIGHTS
from engine.evaluate import evaluate_with
from engine.fen import position_from_fen
from engine.position import BLACK, ST_SIDE, ST_SIZE
from engine.scaling import SCALE_NORMAL

WEIGHTS_FILE = Path(__file__).resolve().parent.parent / "engine" / "eval_weights.py"
FIXED = ("ks_divisor", "ks_eg_divisor", "mobility_safe")
"""Blocks kept as they are (see the module docstring)."""
LOWER_BOUND = {"ks_max_units": 50, "scale_pawnless": 1, "scale_ocb_pure": 1, "scale_ocb_pieces": 1}
"""Smallest value allowed for a block's elements (others: -WEIGHT_LIMIT). An endgame scale of 0
means a known draw (engine.scaling: the evaluation is then 0), which a fitted scale must not claim."""
UPPER_BOUND = {"scale_pawnless": SCALE_NORMAL, "scale_ocb_pure": SCALE_NORMAL, "scale_ocb_pieces": SCALE_NORMAL}
"""Largest value allowed for a block's elements (others: WEIGHT_LIMIT): an endgame scale keeps
at most the whole score (engine.scaling)."""
WEIGHT_LIMIT = 2000
"""Every tuned weight stays within +-WEIGHT_LIMIT."""


# Positions and the evaluation loop ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Positions:
    """Positions packed for the jitted loop."""

    boards: np.ndarray
    """int8[N, 120] mailbox boards."""
    states: np.ndarray
    """int64[N, ST_SIZE] state arrays (PST sums included)."""


def pack(fens: list[str]) -> Positions:
    """Engine arrays of every FEN (the slow part of loading: Python per position)."""
    boards = np.zeros((len(fens), 120), dtype=np.int8)
    states = np.zeros((len(fens), ST_SIZE), dtype=np.int64)
    for i, fen in enumerate(fens):
        pos = position_from_fen(fen)
        boards[i] = pos.board
        states[i] = pos.st
    return Positions(boards, states)


@njit(cache=True, nogil=True)
def evaluate_all(boards: np.ndarray, states: np.ndarray, w: np.ndarray, out: np.ndarray) -> None:
    """``out[i]`` = static evaluation of position ``i`` with weights ``w``, White's view."""
    board = np.zeros(120, dtype=np.int64)
    for i in range(boards.shape[0]):
        for m in range(120):
            board[m] = boards[i, m]
        e = evaluate_with(board, states[i], w)
        out[i] = -e if states[i, ST_SIDE] == BLACK else e


def evaluations(data: Positions, w: np.ndarray) -> np.ndarray:
    """White's-view evaluations (float64) of all positions with weights ``w``."""
    out = np.zeros(data.boards.shape[0], dtype=np.float64)
    evaluate_all(data.boards, data.states, np.ascontiguousarray(w, dtype=np.int64), out)
    return out


def sigmoid(x: np.ndarray) -> np.ndarray:
    """1 / (1 + exp(-x)), without overflow warnings."""
    return 0.5 * (1.0 + np.tanh(0.5 * x))


def mse(evals: np.ndarray, labels: np.ndarray, k: float) -> float:
    """Mean squared error between sigmoid(k * evals) and the labels."""
    return float(np.mean((sigmoid(k * evals) - labels) ** 2))


def fit_k(evals: np.ndarray, labels: np.ndarray, lo: float = 1e-4, hi: float = 0.1, iters: int = 60) -> float:
    """The K minimising :func:`mse` (golden-section search on log K in [lo, hi])."""
    a, b = math.log(lo), math.log(hi)
    g = (math.sqrt(5) - 1) / 2
    c, d = b - g * (b - a), a + g * (b - a)
    fc, fd = mse(evals, labels, math.exp(c)), mse(evals, labels, math.exp(d))
    for _ in range(iters):
        if fc < fd:
            b, d, fd = d, c, fc
            c = b - g * (b - a)
            fc = mse(evals, labels, math.exp(c))
        else:
            a, c, fc = c, d, fd
            d = a + g * (b - a)
            fd = mse(evals, labels, math.exp(d))
    return math.exp((a + b) / 2)


# The fit --------------------------------------------------------------------------------------


def tunable_indices(data: Positions, w: np.ndarray, sample: int = 20000) -> np.ndarray:
    """Indices of WEIGHTS to tune: not in :data:`FIXED`, and changing them changes the
    evaluation of at least one position of (a sample of) the data."""
    fixed = set()
    for name in FIXED:
        start, length = WEIGHT_BLOCKS[name]
        fixed.update(range(start, start + length))
    n = min(sample, data.boards.shape[0])
    part = Positions(data.boards[:n], data.states[:n])
    base = evaluations(part, w)
    used = []
    for j in range(len(w)):
        if j in fixed:
            continue
        trial = w.copy()
        trial[j] += 50
        if np.any(evaluations(part, trial) != base):
            used.append(j)
    return np.asarray(used, dtype=np.int64)


def bounds(indices: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Lower and upper limits of each tuned weight."""
    lower = np.full(len(indices), -WEIGHT_LIMIT, dtype=np.float64)
    upper = np.full(len(indices), WEIGHT_LIMIT, dtype=np.float64)
    for limits, table in ((lower, LOWER_BOUND), (upper, UPPER_BOUND)):
        for name, limit in table.items():
            start, length = WEIGHT_BLOCKS[name]
            for col, j in enumerate(indices):
                if start <= j < start + length:
                    limits[col] = limit
    return lower, upper


def jacobian(data: Positions, w: np.ndarray, indices: np.ndarray) -> np.ndarray:
    """float32[N, len(indices)]: d eval / d weight by central differences with a step of
    max(4, |w| / 8) (wide enough that the integer division's rounding is noise)."""
    jac = np.zeros((data.boards.shape[0], len(indices)), dtype=np.float32)
    for col, j in enumerate(indices):
        h = max(4, abs(int(w[j])) // 8)
        up = w.copy()
        up[j] += h
        down = w.copy()
        down[j] -= h
        jac[:, col] = (evaluations(data, up) - evaluations(data, down)) / (2 * h)
    return jac


def fit_linear(
    jac: np.ndarray,
    e0: np.ndarray,
    labels: np.ndarray,
    k: float,
    x0: np.ndarray,
    lower: np.ndarray,
    upper: np.ndarray,
    steps: int,
    lr: float,
) -> np.ndarray:
    """Adam on the linearised error: evaluations ``e0 + jac @ (x - x0)``; ``x`` stays in [lower, upper]."""
    x = x0.copy()
    m = np.zeros_like(x)
    v = np.zeros_like(x)
    b1, b2 = 0.9, 0.999
    n = len(labels)
    for t in range(1, steps + 1):
        e = e0 + jac @ (x - x0).astype(np.float32)
        p = sigmoid(k * e)
        r = ((p - labels) * p * (1.0 - p) * (2.0 * k / n)).astype(np.float32)
        grad = (jac.T @ r).astype(np.float64)
        m = b1 * m + (1 - b1) * grad
        v = b2 * v + (1 - b2) * grad * grad
        x -= lr * (m / (1 - b1**t)) / (np.sqrt(v / (1 - b2**t)) + 1e-12)
        np.clip(x, lower, upper, out=x)
    return x


@dataclass(frozen=True, slots=True)
class FitResult:
    """What :func:`tune` found."""

    weights: np.ndarray
    """The fitted int64 array (same shape and dtype as the input)."""
    k: float
    """The scaling constant fitted on the input weights."""
    train_before: float
    train_after: float
    test_before: float
    test_after: float


def tune(
    train: Positions,
    train_labels: np.ndarray,
    test: Positions,
    test_labels: np.ndarray,
    weights: np.ndarray,
    rounds: int = 3,
    steps: int = 400,
    lr: float = 1.0,
    box: float = 0.5,
    log: bool = True,
) -> FitResult:
    """Fit ``weights`` (Steps 1-2 of the module docstring); the input array is not changed.

    ``box``: in one round a weight moves at most max(10, box * |weight|) from where the round started."""
    say = print if log else (lambda *a, **k: None)
    w = np.array(weights, dtype=np.int64)
    e_train = evaluations(train, w)
    k = fit_k(e_train, train_labels)
    train_before = mse(e_train, train_labels, k)
    test_before = mse(evaluations(test, w), test_labels, k)
    say(f"K = {k:.6f}; error train {train_before:.6f}, held-out {test_before:.6f}", flush=True)
    indices = tunable_indices(train, w)
    lower, upper = bounds(indices)
    say(f"tuning {len(indices)} of {len(w)} weights on {len(train_labels)} positions", flush=True)
    best = train_before
    for rnd in range(1, rounds + 1):
        started = time.monotonic()
        jac = jacobian(train, w, indices)
        x0 = w[indices].astype(np.float64)
        reach = np.maximum(10.0, box * np.abs(x0))
        x = fit_linear(
            jac,
            e_train.astype(np.float32),
            train_labels,
            k,
            x0,
            np.maximum(lower, x0 - reach),
            np.minimum(upper, x0 + reach),
            steps,
            lr,
        )
        candidate = w.copy()
        candidate[indices] = np.rint(x).astype(np.int64)
        e_candidate = evaluations(train, candidate)
        error = mse(e_candidate, train_labels, k)
        took = time.monotonic() - started
        say(f"round {rnd}: train error {error:.6f} (was {best:.6f}), {took:.0f} s", flush=True)
        if error >= best:
            break
        w, e_train, best = candidate, e_candidate, error
    test_after = mse(evaluations(test, w), test_labels, k)
    say(f"after: train {best:.6f}, held-out {test_after:.6f}", flush=True)
    return FitResult(w, k, train_before, best, test_before, test_after)


# Writing the result back ------------------------------------------------------------------------


def changes(old: np.ndarray, new: np.ndarray) -> list[str]:
    """One line per changed element: ``name: old -> new``."""
    return [f"{WEIGHT_NAMES[i]:28s} {old[i]:6d} -> {new[i]:6d}" for i in range(len(old)) if old[i] != new[i]]


def rewrite_source(text: str, new: np.ndarray) -> str:
    """engine/eval_weights.py's text with every ``_slot("name", values)`` given ``new``'s values
    (names, comments and docstrings untouched)."""
    for name, (start, length) in WEIGHT_BLOCKS.items():
        values = [int(v) for v in new[start : start + length]]
        scalar = WEIGHT_NAMES[start] == name  # a block made from one int, not a tuple
        literal = str(values[0]) if scalar else f"({', '.join(map(str, values))})"
        pattern = re.compile(r'(_slot\(\s*"' + re.escape(name) + r'",\s*)(\([^)]*\)|-?\d+)(,?\s*\))')
        text, count = pattern.subn(lambda m, lit=literal: m.group(1) + lit + m.group(3), text)
        if count != 1:
            raise ValueError(f"weight {name!r} found {count} times in the weights file")
    return text


def load_split(
    path: str, holdout: float, seed: int, limit: int = 0
) -> tuple[Positions, np.ndarray, Positions, np.ndarray]:
    """(train positions, train labels, held-out positions, held-out labels) from a tools/texel_data.py file."""
    from tools.texel_data import load

    fens, _, labels = load(path)
    order = np.random.default_rng(seed).permutation(len(fens))
    if limit:
        order = order[:limit]
    n_test = max(1, int(len(order) * holdout))
    test_idx, train_idx = order[:n_test], order[n_test:]
    return (
        pack([fens[i] for i in train_idx]),
        labels[train_idx],
        pack([fens[i] for i in test_idx]),
        labels[test_idx],
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", default="/tmp/texel.npz", help="file made by tools/texel_data.py")
    parser.add_argument("--holdout", type=float, default=0.1, help="share of positions held out")
    parser.add_argument("--seed", type=int, default=1, help="seed of the train/held-out split")
    parser.add_argument("--limit", type=int, default=0, help="use at most this many positions (0 = all)")
    parser.add_argument("--rounds", type=int, default=3, help="linearisation rounds")
    parser.add_argument("--steps", type=int, default=400, help="Adam steps per round")
    parser.add_argument("--lr", type=float, default=1.0, help="Adam step size (centipawns)")
    parser.add_argument("--write", action="store_true", help="rewrite engine/eval_weights.py with the result")
    args = parser.parse_args(argv)
    started = time.monotonic()
    train, y_train, test, y_test = load_split(args.data, args.holdout, args.seed, args.limit)
    print(f"loaded {len(y_train)} + {len(y_test)} positions in {time.monotonic() - started:.0f} s", flush=True)
    result = tune(train, y_train, test, y_test, WEIGHTS, args.rounds, args.steps, args.lr)
    print("\n".join(changes(WEIGHTS, result.weights)))
    print(
        f"K {result.k:.6f}; train {result.train_before:.6f} -> {result.train_after:.6f}; "
        f"held-out {result.test_before:.6f} -> {result.test_after:.6f}; {time.monotonic() - started:.0f} s"
    )
    if args.write:
        WEIGHTS_FILE.write_text(rewrite_source(WEIGHTS_FILE.read_text(), result.weights))
        print(f"wrote {WEIGHTS_FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
