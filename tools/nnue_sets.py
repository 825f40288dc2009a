"""The training set of tools/nnue_train.py: tools/nnue_data.py's chunks read from folders, the
targets made from their scores, and the chunks held out for validation."""

from __future__ import annotations

import glob
import math
from pathlib import Path

import numpy as np

K = 400.0 / math.log(10.0)
"""The logistic scale of the targets: a 400-cp logistic, as the trainer's loss."""


def chunk_files(folder: str) -> list[str]:
    """The part-*.npz chunks of a folder, in order (SystemExit if there are none)."""
    parts = sorted(glob.glob(str(Path(folder) / "part-*.npz")))
    if not parts:
        raise SystemExit(f"no part-*.npz in {folder}")
    return parts


def load(pattern_dir: str) -> dict[str, np.ndarray]:
    """All part-*.npz chunks of a folder, concatenated."""
    return load_folders([pattern_dir])[0]


def load_folders(folders: list[str]) -> tuple[dict[str, np.ndarray], list[np.ndarray]]:
    """The chunks of several folders in one set of arrays, and each folder's chunk numbers (unique
    across folders: ``part`` numbers the chunks in the order read).

    Each array is concatenated once from the chunks, so loading needs the set's memory plus one
    folder's chunks, not twice the set (50M positions are about 3.5 GB of boards)."""
    arrays: dict[str, list[np.ndarray]] = {"board": [], "stm": [], "score": [], "result": [], "part": []}
    numbers: list[np.ndarray] = []
    number = 0
    for folder in folders:
        first = number
        for part in chunk_files(folder):
            with np.load(part) as data:
                for key in ("board", "stm", "score", "result"):
                    arrays[key].append(data[key])
                arrays["part"].append(np.full(len(data["score"]), number, dtype=np.int32))
            number += 1
        numbers.append(np.arange(first, number))
    data = {}
    for key in list(arrays):
        data[key] = np.concatenate(arrays.pop(key))  # drop the chunks of each array as it is joined
    return data, numbers


def targets(score: np.ndarray, stm: np.ndarray, result: np.ndarray, slope: float, wdl: float) -> np.ndarray:
    """The side to move's target of each position (float32): Stockfish's score in engine
    centipawns (``score / slope``) as a win probability, blended with the game's result by ``wdl``."""
    cp = score.astype(np.float64) / slope
    result_stm = np.where(stm == 1, result, -result).astype(np.float64)
    return ((1 - wdl) / (1 + np.exp(-cp / K)) + wdl * (result_stm + 1) / 2).astype(np.float32)


def held_out(part: np.ndarray, eligible: np.ndarray, share: float, rng: np.random.Generator) -> np.ndarray:
    """Which positions are held out for validation: a mask over ``part`` (each position's chunk).

    Whole chunks (whole games) are held out: positions of one game are near-duplicates, so a
    split by position would measure memory, not judgement. ``share`` of all chunks are drawn,
    only from ``eligible`` (at most all of them): a network continued on data it was trained on
    must be judged on chunks it has not seen, or its starting loss is flattered and kept."""
    parts = np.unique(part)
    choices = np.intersect1d(parts, eligible)
    if len(choices) == 0:
        raise ValueError("no chunk can be held out")
    size = min(len(choices), max(1, int(round(len(parts) * share))))
    held = rng.choice(choices, size=size, replace=False)
    return np.isin(part, held)
