"""The evaluation network as torch trains it (tools/nnue_train.py): its tables and layers, their
start from random weights or from a network file, the forward pass and the float network it
hands back (:class:`tools.nnue_net.Trained`). torch is imported here only: it is the trainer's
dependency, not the app's."""

from __future__ import annotations

import math

import numpy as np
import torch

from tools.nnue_layout import pad_index
from tools.nnue_net import Q3, W3_MAX, Trained

SCALE = 400.0
"""The output layers hold centipawns / SCALE, so their weights start near a fresh layer's."""


class TorchNet:
    """The trainable network of one layout: feature table (plus the shared factor table with king
    buckets), accumulator bias, output layer with one row per output bucket, and the optional
    second layer."""

    def __init__(self, hidden: int, king_bucket: np.ndarray, mirror: int, out_bucket: np.ndarray, layer2: int) -> None:
        self.hidden = hidden
        self.king_bucket = king_bucket
        self.mirror = mirror
        self.out_bucket = out_bucket
        self.pad = pad_index(king_bucket)
        self.ft = torch.nn.EmbeddingBag(self.pad + 1, hidden, mode="sum", padding_idx=self.pad)
        with torch.no_grad():
            self.ft.weight.uniform_(-1.0 / math.sqrt(32), 1.0 / math.sqrt(32))
            self.ft.weight[self.pad].zero_()
        self.ft_bias = torch.nn.Parameter(torch.zeros(hidden))
        self.out = torch.nn.Linear(2 * hidden, int(out_bucket.max()) + 1)
        # With king buckets, a shared 768-row "factor" table is added to every bucket's rows while
        # training and folded into them on export: what one bucket learns about a piece on a square
        # serves the others, so the buckets need no more data than one table (Stockfish's and
        # Bullet's factorizer).
        self.buckets = self.pad // 768
        self.factor = torch.nn.EmbeddingBag(769, hidden, mode="sum", padding_idx=768) if self.buckets > 1 else None
        if self.factor is not None:
            with torch.no_grad():
                self.factor.weight.zero_()
        # The second layer: clamped units over the same screlu features, their weighted sum added
        # to the output; its output weights start at zero (a fresh layer adds nothing until they
        # move).
        self.layer2 = layer2
        self.hid = torch.nn.Linear(2 * hidden, layer2) if layer2 else None
        self.hout = torch.nn.Linear(layer2, 1, bias=False) if layer2 else None
        if self.hid is not None and self.hout is not None:
            with torch.no_grad():
                self.hid.bias.zero_()
                self.hout.weight.zero_()

    def load(self, init: Trained, layout_name: str) -> None:
        """Start from ``init`` (its layout, hidden size, output buckets and second layer must be
        this network's; ValueError in plain words if not)."""
        rows = init.w2.shape[0]
        if init.w1.shape != (self.pad, self.hidden) or init.w2.shape != (self.out.out_features, 2 * self.hidden):
            raise ValueError(
                f"the starting network has {init.w1.shape[0]} feature rows, hidden size {init.w1.shape[1]} and "
                f"{rows} output buckets; asked for {self.pad}, {self.hidden} and {self.out.out_features}"
            )
        if init.king_bucket.tolist() != self.king_bucket.tolist() or init.mirror != self.mirror:
            raise ValueError(f"the starting network's king buckets are not layout {layout_name}'s")
        if init.out_bucket.tolist() != self.out_bucket.tolist():
            raise ValueError("the starting network's output buckets split the piece counts differently")
        have = 0 if init.w3 is None else init.w3.shape[0]
        if have != self.layer2:
            raise ValueError(f"the starting network has a second layer of {have} units; asked for {self.layer2}")
        with torch.no_grad():  # the factor table stays zero: the file holds it folded into the buckets
            self.ft.weight[: self.pad] = torch.from_numpy(init.w1.astype(np.float32))
            self.ft_bias[:] = torch.from_numpy(init.b1.astype(np.float32))
            self.out.weight[:] = torch.from_numpy((init.w2 / SCALE).astype(np.float32))
            self.out.bias[:] = torch.from_numpy((init.b2 / SCALE).astype(np.float32))
            if self.hid is not None and self.hout is not None and (second := init.layer2()) is not None:
                w3, b3, w4 = second
                self.hid.weight[:] = torch.from_numpy(w3.astype(np.float32))
                self.hid.bias[:] = torch.from_numpy(b3.astype(np.float32))
                self.hout.weight[0] = torch.from_numpy((w4 / SCALE).astype(np.float32))

    def param_groups(self, layer2_lr: float) -> list[dict[str, object]]:
        """The optimizer's parameter groups: the second layer's at its own learning rate (a layer
        added to a trained net starts from nothing and may learn faster than the rest)."""
        factor = list(self.factor.parameters()) if self.factor is not None else []
        groups: list[dict[str, object]] = [
            {"params": [*self.ft.parameters(), self.ft_bias, *self.out.parameters(), *factor]}
        ]
        if self.hid is not None and self.hout is not None:
            groups.append({"params": [*self.hid.parameters(), *self.hout.parameters()], "lr": layer2_lr})
        return groups

    def _transform(self, rows: torch.Tensor) -> torch.Tensor:
        if self.factor is None:
            return self.ft(rows) + self.ft_bias
        shared = torch.where(rows == self.pad, 768, rows % 768)
        return self.ft(rows) + self.factor(shared) + self.ft_bias

    def forward(self, us: torch.Tensor, them: torch.Tensor, bucket: torch.Tensor) -> torch.Tensor:
        """Centipawns of each position (feature rows of both perspectives, output bucket)."""
        x = torch.cat([self._transform(us).clamp(0, 1) ** 2, self._transform(them).clamp(0, 1) ** 2], dim=1)
        y = self.out(x).gather(1, bucket.unsqueeze(1)).squeeze(1)
        if self.hid is not None and self.hout is not None:
            y = y + self.hout(self.hid(x).clamp(0, 1)).squeeze(1)
        return y * SCALE

    def keep_exportable(self) -> None:
        """After a step: the second layer's weights within what the engine's exact float32 sums
        hold (nnue_net.W3_MAX)."""
        if self.hid is not None:
            with torch.no_grad():
                self.hid.weight.clamp_(-W3_MAX / Q3, W3_MAX / Q3)

    def snapshot(self) -> Trained:
        """The network as it stands, in float (the factor table folded into the buckets)."""
        with torch.no_grad():
            w1 = self.ft.weight[: self.pad].numpy().astype(np.float64).copy()
            if self.factor is not None:
                w1 += np.tile(self.factor.weight[:768].numpy().astype(np.float64), (self.buckets, 1))
            return Trained(
                w1,
                self.ft_bias.numpy().astype(np.float64).copy(),
                self.out.weight.numpy().astype(np.float64) * SCALE,
                self.out.bias.numpy().astype(np.float64) * SCALE,
                self.king_bucket,
                self.mirror,
                self.out_bucket,
                self.hid.weight.numpy().astype(np.float64).copy() if self.hid is not None else None,
                self.hid.bias.numpy().astype(np.float64).copy() if self.hid is not None else None,
                self.hout.weight[0].numpy().astype(np.float64) * SCALE if self.hout is not None else None,
            )
