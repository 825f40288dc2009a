"""Train the evaluation network of engine/nnue.py on tools/nnue_data.py's positions.

The network (the layout engine/nnue.py reads):

* input: 768 features per perspective, one per (piece colour relative to the perspective,
  piece type, square seen from the perspective's side), so both sides share one weight
  table and a position and its colour-mirrored twin evaluate identically; ``--layout`` adds
  king buckets (one 768-row block per group of own-king squares) and the left-right flip of a
  perspective whose king is on files e-h (LAYOUTS; trained with a shared factor table);
* ``acc = B1 + sum of W1 rows`` for each perspective (HIDDEN numbers);
* ``out = W2[:H] . screlu(acc_stm) + W2[H:] . screlu(acc_other) + B2``, screlu(x) =
  clamp(x, 0, 1) squared; ``out`` is the evaluation in the engine's centipawns. With
  ``--output-buckets`` N there are N rows of W2 and B2, one per range of the piece count
  (:func:`output_buckets`): an opening and an endgame weigh the same hidden features differently.
  With ``--layer2`` N a second layer of N units over the same screlu features adds
  ``W4 . clamp(W3 x + B3, 0, 1)`` to the output (a continuation gains it with zero output weights,
  evaluating as before; ``--layer2-lr`` scales its learning rate).

Targets (per position, the side to move's view): ``(1 - lambda) * sigmoid(score / SLOPE / K) +
lambda * game result``, sigmoid of K = 400 / ln 10 (a 400-cp logistic), where ``score`` is
Stockfish's score and SLOPE the least-squares factor between Stockfish's centipawns and our
hand-written evaluation's on the same positions, so the network speaks the engine's scale (the
search's pruning margins and piece values are in it). The loss is the squared error of
``sigmoid(out / K)`` against the target.

Quantized for the engine: W1, B1 times QA (int16), W2 times QB and B2 times QA * QA * QB
(int32), the second layer's W3 times Q3 and W4 times Q4 (tools/nnue_net.py); engine/nnue.py
evaluates exactly in integers. Written to ``--out`` (default
engine/nnue_net.npz) with the training facts (positions, epochs, losses) as metadata.

    .venv/bin/python -m tools.nnue_train --data /work/data/nnue --epochs 30
"""

from __future__ import annotations

import argparse
import math
import time
from pathlib import Path

import chess
import numpy as np

from tools.nnue_layout import LAYOUTS, features, layout, output_buckets, piece_counts
from tools.nnue_net import (
    Trained,
    add_layer2,
    export,
    load_net,
    net_meta,
    split_kings,
    split_outputs,
    widen,
)
from tools.nnue_sets import K, held_out, load_folders, targets

REPO = Path(__file__).resolve().parent.parent
OUT = REPO / "engine" / "nnue_net.npz"
VALID_SLICE = 65536
"""Held-out positions evaluated at once for the validation loss."""


def hce_slope(board: np.ndarray, stm: np.ndarray, score: np.ndarray, sample: int = 20000, seed: int = 7) -> float:
    """Least-squares factor s in score ~ s * (our evaluation), on positions within 600 cp."""
    from engine.evaluate import evaluate
    from engine.fen import position_from_board

    rng = np.random.default_rng(seed)
    chosen = rng.choice(len(board), size=min(sample, len(board)), replace=False)
    ours = []
    theirs = []
    for i in chosen:
        if abs(int(score[i])) > 600:
            continue
        pos = position_from_board(to_board(board[i], int(stm[i])))
        ours.append(float(evaluate(pos.board, pos.st)))
        theirs.append(float(score[i]))
    x = np.array(ours)
    y = np.array(theirs)
    return float((x * y).sum() / (x * x).sum())


def hce_scores(board: np.ndarray, stm: np.ndarray) -> np.ndarray:
    """Our hand-written evaluation of each position, the side to move's view."""
    from numba import njit

    from engine.evaluate import evaluate, recompute_sums
    from engine.position import BLACK, KING, OFFBOARD, SQ64_TO_120, ST_COUNT, ST_KING, ST_SIDE, ST_SIZE, WHITE

    @njit(cache=False)
    def run(codes: np.ndarray, stm: np.ndarray, out: np.ndarray) -> None:
        arr = np.full(120, OFFBOARD, dtype=np.int64)
        st = np.zeros(ST_SIZE, dtype=np.int64)
        for i in range(codes.shape[0]):
            st[:] = 0
            for sq in range(64):
                code = np.int64(codes[i, sq])
                if code > 6:
                    code += 2  # Black: 7..12 -> the engine's 9..14
                m = SQ64_TO_120[sq]
                arr[m] = code
                if code:
                    st[ST_COUNT + code] += 1
                    if code & 7 == KING:
                        st[ST_KING + (code >> 3)] = m
            st[ST_SIDE] = WHITE if stm[i] == 1 else BLACK
            recompute_sums(arr, st)
            out[i] = evaluate(arr, st)

    out = np.zeros(len(board), dtype=np.float64)
    run(board, stm, out)
    return out


def to_board(codes: np.ndarray, stm: int) -> chess.Board:
    """The python-chess board of one row (no castling rights, no en passant)."""
    b = chess.Board(None)
    for square in range(64):
        code = int(codes[square])
        if code:
            b.set_piece_at(
                square, chess.Piece(code if code <= 6 else code - 6, chess.WHITE if code <= 6 else chess.BLACK)
            )
    b.turn = bool(stm)
    return b


def cosine_steps(args: argparse.Namespace, positions: int) -> int:
    """The cosine schedule's length: epochs, or with ``args.schedule == "step"`` the batches of
    all epochs (``positions`` training positions in each), so the last batch ends at lr 0."""
    if getattr(args, "schedule", "epoch") == "step":
        return max(1, args.epochs * math.ceil(positions / args.batch))
    return max(1, args.epochs)


def train(
    us: np.ndarray,
    them: np.ndarray,
    target: np.ndarray,
    base: np.ndarray | None,
    pieces: np.ndarray,
    train_idx: np.ndarray,
    valid_idx: np.ndarray,
    args: argparse.Namespace,
    init: Trained | None = None,
) -> tuple[Trained, list[tuple[float, float]]]:
    """Fit the network (Adam, cosine learning rate); the epoch with the best validation loss is kept.

    ``base`` (residual training): our evaluation of each position, to which the network's
    correction, clamped to ``args.clamp``, is added. ``pieces``: each position's piece count,
    which picks its output bucket (``args.output_buckets`` of them). ``init``: a network to
    start from instead of random weights (its layout, hidden size and output buckets must be
    ``args``'s); its validation loss is printed as epoch 0, returned as the first loss pair (train
    loss nan), and it is kept if no epoch beats it."""
    import torch

    from tools.nnue_model import TorchNet

    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    rng = np.random.default_rng(args.seed)
    # The whole set stays as compact as it came (int16 feature rows, uint8 buckets, float32
    # targets: about 140 bytes a position, so 50M positions fit in the machine's memory); each
    # batch is widened to the index types torch's layers take.
    t_us = torch.from_numpy(np.asarray(us, dtype=np.int16))
    t_them = torch.from_numpy(np.asarray(them, dtype=np.int16))
    t_target = torch.from_numpy(np.asarray(target, dtype=np.float32))
    t_base = torch.from_numpy(base.astype(np.float32)) if base is not None else None
    out_bucket = output_buckets(args.output_buckets)
    t_bucket = torch.from_numpy(out_bucket.astype(np.uint8)[pieces])
    king_bucket, mirror = layout(args.layout)
    net = TorchNet(args.hidden, king_bucket, mirror, out_bucket, getattr(args, "layer2", 0))
    if init is not None:
        net.load(init, args.layout)
    opt = torch.optim.AdamW(
        net.param_groups(args.lr * getattr(args, "layer2_lr", 1.0)), lr=args.lr, weight_decay=args.l2
    )
    # The cosine falls once an epoch, or with ``--schedule step`` after every batch: then the last
    # batches run at a learning rate near zero, so a short continuation ends annealed instead of
    # at half its rate (two epochs by epoch leave the second at lr / 2).
    per_step = getattr(args, "schedule", "epoch") == "step"
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=cosine_steps(args, len(train_idx)))

    def forward(idx: torch.Tensor) -> torch.Tensor:
        y = net.forward(t_us[idx].int(), t_them[idx].int(), t_bucket[idx].long())
        if t_base is not None:
            return t_base[idx] + y.clamp(-args.clamp, args.clamp)
        return y

    def loss_of(idx: torch.Tensor) -> torch.Tensor:
        return ((torch.sigmoid(forward(idx) / K) - t_target[idx]) ** 2).mean()

    valid_t = torch.from_numpy(valid_idx)

    def valid_loss() -> float:
        """The mean loss over the held-out positions, summed a slice at a time (a million positions
        at once would hold gigabytes of activations)."""
        if not len(valid_idx):
            return float("nan")
        with torch.no_grad():
            total = sum(
                float(loss_of(valid_t[i : i + VALID_SLICE])) * len(valid_t[i : i + VALID_SLICE])
                for i in range(0, len(valid_t), VALID_SLICE)
            )
        return total / len(valid_t)

    losses: list[tuple[float, float]] = []
    best: tuple[float, Trained] | None = None
    if init is not None:
        valid = valid_loss()
        best = (valid, init)
        losses.append((float("nan"), valid))  # so the file's valid= is the kept network's, start or epoch
        print(f"epoch 0 (the starting network): valid {valid:.6f}", flush=True)
    for epoch in range(args.epochs):
        start = time.monotonic()
        perm = torch.from_numpy(rng.permutation(train_idx))
        total = 0.0
        for i in range(0, len(perm), args.batch):
            idx = perm[i : i + args.batch]
            opt.zero_grad()
            loss = loss_of(idx)
            loss.backward()
            opt.step()
            net.keep_exportable()
            if per_step:
                sched.step()
            total += loss.item() * len(idx)
        if not per_step:
            sched.step()
        valid = valid_loss()
        losses.append((total / max(1, len(perm)), valid))
        if best is None or not valid > best[0]:
            best = (valid, net.snapshot())
        print(
            f"epoch {epoch + 1}: train {losses[-1][0]:.6f} valid {valid:.6f} ({time.monotonic() - start:.0f} s)",
            flush=True,
        )
    assert best is not None
    return best[1], losses


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(
        "--data", required=True, action="append", help="folder of tools/nnue_data.py chunks (repeatable)"
    )
    parser.add_argument("--out", default=str(OUT))
    parser.add_argument("--hidden", type=int, default=128)
    parser.add_argument("--layout", choices=sorted(LAYOUTS), default="flat", help="king buckets and mirroring")
    parser.add_argument("--output-buckets", type=int, default=1, help="W2 rows by piece count (8: Bullet's)")
    parser.add_argument("--epochs", type=int, default=30)
    parser.add_argument("--batch", type=int, default=1024)
    parser.add_argument("--lr", type=float, default=2e-3)
    parser.add_argument(
        "--schedule",
        choices=("epoch", "step"),
        default="epoch",
        help="cosine learning rate lowered each epoch, or each batch (annealed to zero at the end)",
    )
    parser.add_argument("--l2", type=float, default=0.0, help="AdamW weight decay")
    parser.add_argument(
        "--wdl",
        type=float,
        default=0.0,
        help=(
            "lambda: weight of the game result in the target (0.3 from scratch on 5.75M positions played 150 Elo "
            "worse; 0.2 in a continuation played even with the net before it, 0.4 on top of it 50 Elo worse: "
            "docs/strength.md)"
        ),
    )
    parser.add_argument(
        "--slope", type=float, default=0.0, help="Stockfish cp per engine cp (0: --init's, else fit it)"
    )
    parser.add_argument(
        "--init",
        help=(
            "network file to continue training (a larger --hidden widens it, a finer --layout splits its king "
            "buckets, --output-buckets splits a single output layer) instead of random weights"
        ),
    )
    parser.add_argument(
        "--layer2", type=int, default=0, help="units of a second layer beside the output (0: none; --init gains one)"
    )
    parser.add_argument("--layer2-lr", type=float, default=1.0, help="the second layer's learning rate, times --lr")
    parser.add_argument("--valid", type=float, default=0.05, help="share of the chunks held out")
    parser.add_argument(
        "--valid-data",
        action="append",
        default=[],
        help="hold out chunks of this --data folder only (repeatable); for --init, name the folders it has not seen",
    )
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--residual", action="store_true", help="learn a correction added to our evaluation")
    parser.add_argument("--clamp", type=int, default=200, help="bound of the residual correction (cp)")
    parser.add_argument("--baseline", action="store_true", help="print the hand-written evaluation's validation loss")
    args = parser.parse_args()
    if args.output_buckets < 1:
        parser.error("--output-buckets must be at least 1")
    if args.init and args.residual:
        parser.error("--init continues a plain network, not a residual one")

    init, init_meta = None, {}
    if args.init:
        try:
            init, init_meta = load_net(args.init), net_meta(args.init)
        except (OSError, ValueError, KeyError) as error:  # a missing, damaged or foreign file
            parser.error(f"--init {args.init}: not a network file that can be continued ({error})")
        if init.w1.shape[1] > args.hidden:
            parser.error(f"--hidden {args.hidden}: smaller than --init's {init.w1.shape[1]} (a net cannot be narrowed)")
        if init.w1.shape[1] < args.hidden:
            print(f"widening --init from {init.w1.shape[1]} to {args.hidden} hidden units", flush=True)
            init_meta["widened_from"] = str(init.w1.shape[1])
            init = widen(init, args.hidden, np.random.default_rng(args.seed))
        if init.king_bucket.tolist() != layout(args.layout)[0].tolist():
            print(f"splitting --init's king buckets into layout {args.layout}'s", flush=True)
            try:
                init = split_kings(init, args.layout)
            except ValueError as error:
                parser.error(f"--layout {args.layout}: {error}")
            init_meta["kings_split"] = "1"
        if init.w3 is not None:  # a continuation keeps its second layer
            if args.layer2 not in (0, init.w3.shape[0]):
                parser.error(f"--layer2 {args.layer2}: --init has a second layer of {init.w3.shape[0]} units")
            args.layer2 = init.w3.shape[0]
        if init.w3 is None and args.layer2:
            print(f"adding a second layer of {args.layer2} units to --init", flush=True)
            init_meta["layer2_added"] = str(args.layer2)
            init = add_layer2(init, args.layer2, np.random.default_rng(args.seed))
        if init.w2.shape[0] == 1 and args.output_buckets > 1:
            print(f"splitting --init's output layer into {args.output_buckets} buckets", flush=True)
            init_meta["split_from"] = "1"
            init = split_outputs(init, args.output_buckets)

    unknown = sorted(set(args.valid_data) - set(args.data))
    if unknown:
        parser.error(f"--valid-data {unknown[0]}: not one of the --data folders")
    data, numbers = load_folders(args.data)
    eligible = [
        chunks
        for folder, chunks in zip(args.data, numbers, strict=True)
        if not args.valid_data or folder in args.valid_data
    ]
    n = len(data["score"])
    # A continued network must keep the scale it was trained in: its file's slope.
    slope = args.slope or float(init_meta.get("slope", "0"))
    slope = slope or hce_slope(data["board"], data["stm"], data["score"])
    print(f"{n} positions; Stockfish cp per engine cp: {slope:.3f}", flush=True)
    king_bucket, mirror = layout(args.layout)
    us, them = features(data["board"], data["stm"], king_bucket, mirror)
    target = targets(data["score"], data["stm"], data["result"], slope, args.wdl)
    rng = np.random.default_rng(args.seed)
    is_valid = held_out(data["part"], np.concatenate(eligible), args.valid, rng)
    valid_idx, train_idx = np.flatnonzero(is_valid), np.flatnonzero(~is_valid)
    base = hce_scores(data["board"], data["stm"]) if args.residual else None
    if args.baseline:
        hce = base[valid_idx] if base is not None else hce_scores(data["board"][valid_idx], data["stm"][valid_idx])
        loss = float((((1 / (1 + np.exp(-hce / K))) - target[valid_idx]) ** 2).mean())
        print(f"hand-written evaluation on the validation set: {loss:.6f}", flush=True)
    pieces = piece_counts(data["board"]).astype(np.uint8)
    data.clear()  # the boards (64 bytes a position) are in the feature rows now
    net, losses = train(us, them, target, base if args.residual else None, pieces, train_idx, valid_idx, args, init)
    residual = args.clamp if args.residual else 0
    started_from = f" init={Path(args.init).name} init_positions={init_meta.get('positions', '?')}" if args.init else ""
    if init is not None and net is init:
        # Say so: a file that looks trained but holds the starting weights would cost a match.
        print("no epoch beat the starting network on the held-out chunks: it is written unchanged", flush=True)
        started_from += " kept=init"
    if "widened_from" in init_meta:
        started_from += f" widened_from={init_meta['widened_from']}"
    if "kings_split" in init_meta:
        started_from += " kings_split=1"
    if "split_from" in init_meta:
        started_from += f" split_from={init_meta['split_from']}"
    if "layer2_added" in init_meta:
        started_from += f" layer2_added={init_meta['layer2_added']}"
    meta = (
        f"positions={n} slope={slope:.4f} wdl={args.wdl} hidden={args.hidden} layout={args.layout} "
        f"output_buckets={args.output_buckets} layer2={args.layer2} epochs={args.epochs} schedule={args.schedule} "
        f"l2={args.l2} "
        f"residual={residual} train={losses[-1][0]:.6f} valid={min(v for _, v in losses):.6f}" + started_from
    )
    export(net, args.out, residual, meta)
    print(f"wrote {args.out}: {meta}")


if __name__ == "__main__":
    main()
