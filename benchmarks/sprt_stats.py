"""Match statistics: Elo from a score, its 95% interval, and the GSPRT log-likelihood ratio.

Model (documented in docs/strength.md):

* Elo is *logistic* Elo: a score fraction ``s`` is ``-400 * log10(1/s - 1)`` Elo.
* The sequential test is the GSPRT in Michel Van den Bergh's normal approximation, the
  one fishtest's ``sprt`` family and cutechess-style tools (fastchess, OpenBench's
  GSPRT mode, jw1912/SPRT ``--gsprt``) compute for logistic Elo bounds::

      LLR = N * (s1 - s0) * (2 * s - s0 - s1) / (2 * var)

  with ``s0``, ``s1`` the expected scores at ``elo0`` and ``elo1``, ``s`` the observed mean
  score per sample and ``var`` the observed variance of one sample. A sample is one game
  (trinomial: 0, 1/2, 1) or one pair of games played from the same opening with colours
  reversed (pentanomial: 0, 1/4, 1/2, 3/4, 1 per game of the pair). Pairing removes the
  opening's bias from the variance, so the pentanomial test needs fewer games.
* Bounds: accept H1 when ``LLR >= log((1 - beta) / alpha)``, H0 when
  ``LLR <= log(beta / (1 - alpha))`` (+-2.94 for alpha = beta = 0.05).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054
"""Two-sided 95% quantile of the standard normal distribution."""

PAIR_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)
"""Per-game score of each pentanomial bucket (LL, LD, DD or WL, WD, WW)."""


def elo_from_score(score: float) -> float:
    """Logistic Elo difference for a score fraction (+-inf at or beyond 100% / 0%)."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0) + 0.0  # + 0.0: no "-0.0" at 50%


def score_from_elo(elo: float) -> float:
    """Expected score fraction at a logistic Elo difference."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


@dataclass(frozen=True, slots=True)
class Estimate:
    """Mean score, its variance, and the sample count of one model (trinomial or pentanomial)."""

    samples: int
    """Number of samples: games (trinomial) or game pairs (pentanomial)."""
    score: float
    """Mean score fraction per game."""
    variance: float
    """Variance of one sample's per-game score."""

    @property
    def elo(self) -> float:
        """Logistic Elo of the mean score."""
        return elo_from_score(self.score)

    def elo_interval(self) -> tuple[float, float]:
        """95% interval of the Elo difference (normal approximation on the score)."""
        if self.samples == 0:
            return -math.inf, math.inf
        half = Z95 * math.sqrt(self.variance / self.samples)
        return elo_from_score(self.score - half), elo_from_score(self.score + half)


def _estimate(counts: Sequence[int], values: Sequence[float]) -> Estimate:
    total = sum(counts)
    if total == 0:
        return Estimate(0, 0.5, 0.0)
    mean = sum(c * v for c, v in zip(counts, values, strict=True)) / total
    variance = sum(c * (v - mean) ** 2 for c, v in zip(counts, values, strict=True)) / total
    return Estimate(total, mean, variance)


def trinomial(wins: int, draws: int, losses: int) -> Estimate:
    """Estimate from game results (one sample per game)."""
    return _estimate((losses, draws, wins), (0.0, 0.5, 1.0))


def pentanomial(pairs: Sequence[int]) -> Estimate:
    """Estimate from pair counts ``[LL, LD, DD+WL, WD, WW]`` (one sample per pair)."""
    if len(pairs) != 5:
        raise ValueError(f"pentanomial needs 5 counts, got {len(pairs)}")
    return _estimate(pairs, PAIR_SCORES)


def llr(estimate: Estimate, elo0: float, elo1: float) -> float:
    """GSPRT log-likelihood ratio of H1 (elo1) against H0 (elo0), logistic Elo.

    Zero when nothing can be concluded yet (no samples, or no variance: every
    sample equal, e.g. all draws, where the normal approximation breaks down)."""
    if estimate.samples == 0 or estimate.variance <= 0.0:
        return 0.0
    s0, s1 = score_from_elo(elo0), score_from_elo(elo1)
    return estimate.samples * (s1 - s0) * (2 * estimate.score - s0 - s1) / (2 * estimate.variance)


def llr_bounds(alpha: float, beta: float) -> tuple[float, float]:
    """(lower, upper) LLR bounds: H0 accepted at or below lower, H1 at or above upper."""
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def pair_bucket(first: float, second: float) -> int:
    """Pentanomial bucket 0..4 of a pair of game scores (each 0, 0.5 or 1)."""
    return round((first + second) * 2)
