"""Two builds' games against the same opponent, compared opening by opening.

``stockfish_match.py --seed S`` plays the same openings (each with both colours) for every build,
so two runs on the same seeds can be paired: for each opening the difference of our two scores
(both colours) between the test build and the base build, so an opening's own imbalance cancels
(with balanced openings the interval is about what two separate ratings give). Only openings with
all four games (two per build) count. An opening is a starting position against one opponent
setting, so runs against several settings (2700 and 2500) pool into one comparison.

    .venv/bin/python benchmarks/paired_openings.py --base base75.pgn base76.pgn --test test75.pgn test76.pgn

Our engine is the player whose name does not start with ``Stockfish`` (``--opponent`` changes
the prefix).
"""

from __future__ import annotations

import argparse
import math
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import chess.pgn
from sprt_stats import elo_from_score

RESULT_SCORE = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}

Opening = tuple[str, str]
"""(the opponent's name as the PGN gives it, the starting FEN): the unit of pairing."""
Key = tuple[Opening, bool]
"""An opening and whether our engine had White."""


@dataclass(frozen=True, slots=True)
class Game:
    """One finished game, from our engine's side."""

    score: float
    """Our score: 1, 0.5 or 0."""
    termination: str
    """The PGN's Termination header up to its first colon ("adjudicated", "threefold repetition")."""


@dataclass(frozen=True, slots=True)
class Comparison:
    """The paired comparison of two builds."""

    pairs: int
    """Openings with all four games."""
    base_score: float
    """The base build's mean score over those openings' games."""
    test_score: float
    """The test build's mean score over the same games."""
    mean_difference: float
    """Mean of (test - base) per opening, both colours summed (from -2 to +2)."""
    half_width: float
    """95% half-width of that mean (normal approximation; 0 with fewer than two openings)."""

    @property
    def elo_difference(self) -> float:
        """Test minus base in Elo, each from its own score."""
        return elo_from_score(self.test_score) - elo_from_score(self.base_score)

    @property
    def elo_half_width(self) -> float:
        """The half-width in Elo, taken at the base's score (the per-game half-width is half the
        per-opening one)."""
        return elo_from_score(min(self.base_score + self.half_width / 2, 0.999)) - elo_from_score(self.base_score)


def load_games(paths: list[Path], opponent_prefix: str = "Stockfish") -> dict[Key, Game]:
    """Finished games by ((opponent, starting FEN), our engine had White). A game without a result
    is left out; a later game with the same key replaces an earlier one."""
    games: dict[Key, Game] = {}
    for path in paths:
        with path.open(encoding="utf-8") as handle:
            while (game := chess.pgn.read_game(handle)) is not None:
                score = RESULT_SCORE.get(game.headers.get("Result", "*"))
                if score is None:
                    continue
                ours_white = not game.headers.get("White", "").startswith(opponent_prefix)
                opponent = game.headers.get("Black" if ours_white else "White", "")
                opening = (opponent, game.headers.get("FEN", chess.STARTING_FEN))
                termination = game.headers.get("Termination", "").split(":")[0]
                games[(opening, ours_white)] = Game(score if ours_white else 1.0 - score, termination)
    return games


def compare(base: dict[Key, Game], test: dict[Key, Game]) -> Comparison:
    """Pair the openings both builds played with both colours.

    Raises ValueError when no opening has all four games."""
    openings = sorted(
        {
            opening
            for opening, _ in base
            if all((opening, white) in games for white in (True, False) for games in (base, test))
        }
    )
    if not openings:
        raise ValueError("no opening was played with both colours by both builds (same --seed?)")
    diffs = [sum(test[(o, w)].score - base[(o, w)].score for w in (True, False)) for o in openings]
    n = len(diffs)
    mean = sum(diffs) / n
    if n > 1:
        sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
        half = 1.96 * sd / math.sqrt(n)
    else:
        half = 0.0
    games = 2 * n
    base_score = sum(base[(o, w)].score for o in openings for w in (True, False)) / games
    test_score = sum(test[(o, w)].score for o in openings for w in (True, False)) / games
    return Comparison(n, base_score, test_score, mean, half)


def _wdl(games: dict[Key, Game], keys: list[Key]) -> str:
    scores = [games[k].score for k in keys]
    return f"{scores.count(1.0)}/{scores.count(0.5)}/{scores.count(0.0)}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", type=Path, nargs="+", required=True, help="the base build's PGN files")
    parser.add_argument("--test", type=Path, nargs="+", required=True, help="the test build's PGN files")
    parser.add_argument("--opponent", default="Stockfish", help="the opponent's name prefix (default Stockfish)")
    args = parser.parse_args(argv)
    try:
        base = load_games(args.base, args.opponent)
        test = load_games(args.test, args.opponent)
        result = compare(base, test)
    except (OSError, ValueError) as exc:
        print(f"paired_openings: {exc}", file=sys.stderr)
        return 2
    openings = sorted({o for o, _ in base if (o, True) in base and (o, False) in base})
    keys = [(o, w) for o in openings if all((o, c) in test for c in (True, False)) for w in (True, False)]
    print(f"openings with all four games: {result.pairs}")
    print(f"base W/D/L {_wdl(base, keys)}, score {result.base_score:.3f}")
    print(f"test W/D/L {_wdl(test, keys)}, score {result.test_score:.3f}")
    print(f"test - base per opening (both colours): {result.mean_difference:+.3f} +- {result.half_width:.3f} (95%)")
    print(f"in Elo: {result.elo_difference:+.0f} +- {result.elo_half_width:.0f}")
    for name, games in (("base", base), ("test", test)):
        counts = Counter(games[k].termination for k in keys).most_common()
        print(f"{name} endings: " + ", ".join(f"{t or '?'} {c}" for t, c in counts))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
