"""The evaluation network as the trainer holds it (:class:`Trained`, float weights) and as the
engine reads it (engine/nnue_net.npz, integer weights): quantizing export, loading back for a
continuation, and the function-preserving changes a continuation can start with (a wider hidden
layer, finer king buckets, output buckets). tools/nnue_train.py fits the weights."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np

from engine.nnue import exactness_error, second_layer_error
from tools.nnue_layout import layout, output_buckets, parent_buckets

QA = 255
"""W1 and B1 are stored times QA (int16)."""
QB = 64
"""W2 is stored times QB, B2 times QA * QA * QB."""
Q3 = 256
"""The second layer's W3 is stored times Q3 (whole numbers within +-W3_MAX), B3 times
Q3 * QA * QA / 256 (the engine feeds it the screlu features shifted down 8 bits)."""
W3_MAX = 258
"""The largest stored W3 the engine's float32 sums hold exactly (engine.nnue.second_layer_error)."""
Q4 = 1024
"""The second layer's output weights W4 (centipawns) are stored times Q4."""


@dataclass
class Trained:
    """A trained network in float (the trainer's view): what :func:`export` quantizes."""

    w1: np.ndarray
    """(768 x king buckets) x HIDDEN feature weights."""
    b1: np.ndarray
    """HIDDEN accumulator biases."""
    w2: np.ndarray
    """Output buckets x 2 * HIDDEN output weights in centipawns (side to move's half first)."""
    b2: np.ndarray
    """Output bias in centipawns, one per output bucket."""
    king_bucket: np.ndarray
    """The input layout's W1 block per own-king square (LAYOUTS)."""
    mirror: int
    """1 if a king on files e-h flips its perspective left-right."""
    out_bucket: np.ndarray
    """The W2 row of each piece count 0..32 (:func:`output_buckets`)."""
    w3: np.ndarray | None = None
    """The second layer: LAYER2 x 2 * HIDDEN weights over the same screlu features as W2 (None: no
    second layer)."""
    b3: np.ndarray | None = None
    """The second layer's LAYER2 biases."""
    w4: np.ndarray | None = None
    """LAYER2 weights in centipawns of the second layer's clamped units, added to the output."""

    def layer2(self) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
        """(W3, B3, W4) of the second layer, or None if the network has none."""
        if self.w3 is None or self.b3 is None or self.w4 is None:
            return None
        return self.w3, self.b3, self.w4


def float_eval(net: Trained, us: np.ndarray, them: np.ndarray, pieces: np.ndarray) -> np.ndarray:
    """The float network on feature rows (:func:`features`) of positions with ``pieces`` pieces,
    centipawns (residual not added)."""
    w1 = np.vstack([net.w1, np.zeros((1, net.w1.shape[1]))])  # the pad index's zero row
    a = np.clip(w1[us.astype(np.int64)].sum(axis=1) + net.b1, 0, 1) ** 2
    b = np.clip(w1[them.astype(np.int64)].sum(axis=1) + net.b1, 0, 1) ** 2
    hidden = net.w1.shape[1]
    row = net.out_bucket[pieces]
    value = (a * net.w2[row, :hidden]).sum(axis=1) + (b * net.w2[row, hidden:]).sum(axis=1) + net.b2[row]
    if (second := net.layer2()) is not None:
        w3, b3, w4 = second
        value = value + np.clip(np.hstack([a, b]) @ w3.T + b3, 0, 1) @ w4
    return value


def export(net: Trained, path: str, residual: int, meta: str) -> None:
    """Write ``net`` quantized in engine/nnue.py's layout; refuse weights the engine's exact
    arithmetic cannot hold (engine.nnue.exactness_error)."""
    w1 = np.round(net.w1 * QA).clip(-32767, 32767).astype(np.int16)
    b1 = np.round(net.b1 * QA).clip(-32767, 32767).astype(np.int16)
    w2 = np.round(net.w2 * QB).astype(np.int32)
    second: dict[str, np.ndarray] = {}
    if (layer := net.layer2()) is not None:
        w3, b3, w4 = layer
        second = {
            "w3": np.round(w3 * Q3).clip(-W3_MAX, W3_MAX).astype(np.int64),
            "b3": np.round(b3 * Q3 * QA * QA / 256).astype(np.int64),
            "w4": np.round(w4 * Q4).astype(np.int64),
            "q3": np.array([Q3]),
            "q4": np.array([Q4]),
        }
    error = exactness_error(w1, b1, w2, QA)
    if error is None and second:
        error = second_layer_error(w2, second["w3"], second["b3"], second["w4"], QA, QB, Q3, Q4)
    if error is not None:
        raise ValueError(f"{path}: {error}; train with more weight decay (--l2)")
    np.savez(
        path,
        **second,
        w1=w1,
        b1=b1,
        w2=w2,
        b2=np.round(net.b2 * QA * QA * QB).astype(np.int64),
        out_bucket=net.out_bucket.astype(np.int64),
        qa=np.array([QA]),
        qb=np.array([QB]),
        residual=np.array([residual]),
        king_bucket=net.king_bucket.astype(np.int64),
        mirror=np.array([net.mirror]),
        meta=np.array(meta),
    )


def load_net(path: str) -> Trained:
    """A network file (:func:`export`'s layout) back in float, to continue training it (``--init``)."""
    with np.load(path) as data:
        qa, qb = int(data["qa"][0]), int(data["qb"][0])
        if int(data["residual"][0]):
            raise ValueError(f"{path}: a residual network cannot be continued")
        w1 = data["w1"].astype(np.float64) / qa
        w2 = np.atleast_2d(data["w2"]).astype(np.float64) / qb
        if w2.shape[1] != 2 * w1.shape[1]:
            raise ValueError(f"{path}: the output weights do not match the hidden layer")
        second: dict[str, np.ndarray] = {}
        if "w3" in data.files:
            q3, q4 = int(data["q3"][0]), int(data["q4"][0])
            second = {
                "w3": data["w3"].astype(np.float64) / q3,
                "b3": data["b3"].astype(np.float64) * 256 / (q3 * qa * qa),
                "w4": data["w4"].astype(np.float64) / q4,
            }
            if second["w3"].shape[1] != w2.shape[1]:
                raise ValueError(f"{path}: the second layer's weights do not match the hidden layer")
        return Trained(
            w1,
            data["b1"].astype(np.float64) / qa,
            w2,
            np.atleast_1d(data["b2"]).astype(np.float64) / (qa * qa * qb),
            data["king_bucket"].astype(np.int64) if "king_bucket" in data else np.zeros(64, dtype=np.int64),
            int(data["mirror"][0]) if "mirror" in data else 0,
            data["out_bucket"].astype(np.int64) if "out_bucket" in data else np.zeros(33, dtype=np.int64),
            **second,
        )


def widen(net: Trained, hidden: int, rng: np.random.Generator) -> Trained:
    """``net`` with ``hidden`` units, its own first and the rest new, evaluating exactly as it did.

    A new unit's first-layer column starts as a fresh network's does (uniform in
    +-1/sqrt(32)) and its output weights start at zero, so the widened network is the
    trained one to the centipawn; Adam then moves those zero weights at the learning rate
    whatever their gradient, and the new units start learning what the old ones miss
    (Net2Net's function-preserving growth, without copying units)."""
    old = net.w1.shape[1]
    if net.w3 is not None:
        raise ValueError("a network with a second layer cannot be widened")
    if hidden < old:
        raise ValueError(f"a network of hidden size {old} cannot be narrowed to {hidden}")
    extra = hidden - old
    bound = 1.0 / math.sqrt(32)
    w1 = np.hstack([net.w1, rng.uniform(-bound, bound, size=(net.w1.shape[0], extra))])
    zeros = np.zeros((net.w2.shape[0], extra))
    w2 = np.hstack([net.w2[:, :old], zeros, net.w2[:, old:], zeros])  # each perspective's half grows
    b1 = np.concatenate([net.b1, np.zeros(extra)])
    return Trained(w1, b1, w2, net.b2.copy(), net.king_bucket, net.mirror, net.out_bucket)


def split_outputs(net: Trained, count: int) -> Trained:
    """``net``'s single output layer copied into ``count`` output buckets (:func:`output_buckets`),
    evaluating exactly as it did.

    Every bucket starts as the trained output row, so a continuation starts from the shipped
    network's loss and each range of piece counts then learns its own weighting of the hidden
    units (Bullet's output buckets), at no cost to the first layer it has already learned."""
    if net.w2.shape[0] != 1:
        raise ValueError(f"the network already has {net.w2.shape[0]} output buckets")
    return replace(
        net, w2=np.repeat(net.w2, count, axis=0), b2=np.repeat(net.b2, count), out_bucket=output_buckets(count)
    )


def split_kings(net: Trained, name: str) -> Trained:
    """``net`` moved to the finer king-bucket layout ``name`` (LAYOUTS), evaluating exactly as it did.

    Every new W1 block starts as a copy of the block its squares had (:func:`parent_buckets`), so
    a continuation starts from the trained network's loss and each finer bucket then learns what
    its own king squares need; the evaluation costs the same at any number of buckets (a king
    move into another bucket rebuilds one perspective), only W1 grows. Raises ValueError if the
    layout does not refine ``net``'s or mirrors otherwise."""
    king_bucket, mirror = layout(name)
    if mirror != net.mirror:
        raise ValueError(f"layout {name} mirrors the board otherwise than the network")
    parents = parent_buckets(net.king_bucket, king_bucket, mirror)
    blocks = net.w1.reshape(-1, 768, net.w1.shape[1])
    w1 = blocks[parents].reshape(-1, net.w1.shape[1]).copy()
    return replace(net, w1=w1, king_bucket=king_bucket, mirror=mirror)


def add_layer2(net: Trained, units: int, rng: np.random.Generator) -> Trained:
    """``net`` with a second layer of ``units`` clamped units over its screlu features, evaluating
    exactly as it did: their weights start as a fresh layer's (uniform in +-1/sqrt(2 * HIDDEN)),
    their biases and output weights at zero, so the added term is zero until training moves the
    output weights (then the units' own weights get a gradient too)."""
    if net.w3 is not None:
        raise ValueError(f"the network already has a second layer of {net.w3.shape[0]} units")
    inputs = net.w2.shape[1]
    bound = 1.0 / math.sqrt(inputs)
    return replace(net, w3=rng.uniform(-bound, bound, size=(units, inputs)), b3=np.zeros(units), w4=np.zeros(units))


def net_meta(path: str) -> dict[str, str]:
    """The ``key=value`` training facts stored in a network file."""
    with np.load(path) as data:
        return dict(item.split("=", 1) for item in str(data["meta"]).split() if "=" in item)
