"""Make the short sound effects in resources/sounds/ (our own work; see resources/sounds/LICENSE.md).

Each sound is a few tens of milliseconds of synthesised tone or filtered noise with
a fast attack and an exponential decay, written as 16-bit mono PCM WAV at 22050 Hz
(QSoundEffect plays uncompressed WAV only). Deterministic: the noise generator is
seeded, so running this again gives byte-identical files.

Run from the repository root:  python packaging/make_sounds.py
"""

from __future__ import annotations

import wave
from pathlib import Path

import numpy as np

RATE = 22050
"""Samples per second: plenty for clicks and beeps, and small files."""
OUT_DIR = Path(__file__).resolve().parent.parent / "resources" / "sounds"


def _envelope(n: int, decay_per_s: float, attack_s: float = 0.002) -> np.ndarray:
    t = np.arange(n) / RATE
    attack = np.clip(t / attack_s, 0.0, 1.0)
    return attack * np.exp(-decay_per_s * t)


def _tone(freq: float, seconds: float, decay_per_s: float) -> np.ndarray:
    n = int(RATE * seconds)
    t = np.arange(n) / RATE
    return np.sin(2 * np.pi * freq * t) * _envelope(n, decay_per_s)


def _knock(seconds: float, decay_per_s: float, low: float, seed: int) -> np.ndarray:
    """A wooden knock: low-passed noise plus a low body tone."""
    n = int(RATE * seconds)
    noise = np.random.default_rng(seed).standard_normal(n)
    kernel = np.ones(int(RATE / 2500)) / int(RATE / 2500)  # crude low-pass: a moving average
    noise = np.convolve(noise, kernel, mode="same")
    noise /= np.max(np.abs(noise))
    return (0.6 * noise + 0.5 * _tone(low, seconds, decay_per_s * 0.8)) * _envelope(n, decay_per_s)


def _concat(*parts: np.ndarray, gap_s: float = 0.0) -> np.ndarray:
    gap = np.zeros(int(RATE * gap_s))
    out: list[np.ndarray] = []
    for index, part in enumerate(parts):
        if index:
            out.append(gap)
        out.append(part)
    return np.concatenate(out)


def sounds() -> dict[str, np.ndarray]:
    """The sound of each event, as float samples in [-1, 1]."""
    return {
        "move": _knock(0.09, 60.0, 180.0, seed=1),
        "capture": _concat(_knock(0.07, 70.0, 160.0, seed=2), _knock(0.09, 55.0, 140.0, seed=3), gap_s=0.03),
        "check": _concat(_knock(0.07, 60.0, 180.0, seed=4), _tone(880.0, 0.16, 22.0) * 0.5, gap_s=0.01),
        "castle": _concat(_knock(0.07, 65.0, 180.0, seed=5), _knock(0.08, 60.0, 200.0, seed=6), gap_s=0.08),
        "promotion": _concat(_tone(660.0, 0.09, 25.0), _tone(990.0, 0.16, 18.0), gap_s=0.0) * 0.6,
        "game_end": _concat(_tone(523.25, 0.14, 10.0), _tone(659.25, 0.14, 10.0), _tone(783.99, 0.32, 7.0)) * 0.55,
        "low_time": _concat(_tone(1046.5, 0.07, 30.0), _tone(1046.5, 0.07, 30.0), gap_s=0.07) * 0.5,
    }


def write_wav(path: Path, samples: np.ndarray) -> None:
    """Write ``samples`` (floats in [-1, 1]) as 16-bit mono PCM."""
    peak = float(np.max(np.abs(samples))) or 1.0
    pcm = np.round(samples / peak * 0.8 * 32767).astype("<i2")
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(pcm.tobytes())


def main() -> None:
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    for name, samples in sounds().items():
        write_wav(OUT_DIR / f"{name}.wav", samples)
        print(f"{name}.wav: {len(samples) / RATE:.2f} s")


if __name__ == "__main__":
    main()
