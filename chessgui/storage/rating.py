"""The player's rating from games against the built-in engine's levels.

A Glicko-1 update per game (Glickman 1999; one game is one rating period): the opponent is
the level, rated at its nominal Elo with a small deviation (its calibration error). A new
player starts at 1200 with a deviation of 350, so the first games move the rating quickly
and later ones less. The rating, its history and the games behind it live in one JSON file
in the app's data folder:

    {"format": "chessgui-rating", "version": 1, "rating": 1200.0, "deviation": 350.0,
     "games": [{"date": "...", "level": 1400, "score": 1.0, "white": true,
                "rating_after": ..., "deviation_after": ..., "pgn": "..."}]}

A damaged or unknown file is reported (:attr:`RatingStore.problem`), renamed aside
(``rating.json.damaged-<time>``) and replaced by a fresh rating; it never raises.
"""

from __future__ import annotations

import json
import math
import os
import time
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from PySide6.QtCore import QCoreApplication

FORMAT = "chessgui-rating"
VERSION = 1
START_RATING = 1200.0
START_DEVIATION = 350.0
MIN_DEVIATION = 50.0
"""Floor of the deviation: the rating keeps following the player's current form."""
LEVEL_DEVIATION = 60.0
"""How uncertain a level's own rating is (about its calibration interval)."""
_Q = math.log(10) / 400


@dataclass(frozen=True, slots=True)
class RatedGame:
    """One game against a level, as it entered the rating."""

    date: str
    """ISO date and time the game ended."""
    level: int
    """The level's Elo."""
    score: float
    """The player's result: 1, 0.5 or 0."""
    white: bool
    """True when the player had White."""
    rating_after: float
    """The player's rating after this game."""
    deviation_after: float
    """The rating deviation after this game."""
    pgn: str = ""
    """The game itself (PGN text), so the rating can be traced to its games."""


@dataclass(frozen=True, slots=True)
class Rating:
    """The player's rating and the games behind it (oldest first)."""

    rating: float = START_RATING
    """Glicko rating (Elo scale)."""
    deviation: float = START_DEVIATION
    """Glicko rating deviation: how sure the rating is (95% is about twice this either way)."""
    games: tuple[RatedGame, ...] = ()
    """Every rated game, oldest first."""


def expected_score(rating: float, opponent: float, opponent_deviation: float = 0.0) -> float:
    """Glicko expected score against ``opponent`` (plain Elo when the deviation is 0)."""
    g = 1 / math.sqrt(1 + 3 * (_Q * opponent_deviation) ** 2 / math.pi**2)
    return 1 / (1 + 10 ** (-g * (rating - opponent) / 400))


def update(
    rating: float, deviation: float, opponent: float, score: float, opponent_deviation: float = LEVEL_DEVIATION
) -> tuple[float, float]:
    """(rating, deviation) after one game scoring ``score`` (1, 0.5, 0) against ``opponent`` (Glicko-1)."""
    return update_period(rating, deviation, ((opponent, opponent_deviation, score),))


def update_period(
    rating: float, deviation: float, results: tuple[tuple[float, float, float], ...]
) -> tuple[float, float]:
    """Glicko-1 rating period: ``results`` are (opponent rating, opponent deviation, score) triples."""
    inverse_d2 = 0.0
    total = 0.0
    for opponent, opponent_deviation, score in results:
        if not 0.0 <= score <= 1.0:
            raise ValueError(f"score must be between 0 and 1, not {score}")
        g = 1 / math.sqrt(1 + 3 * (_Q * opponent_deviation) ** 2 / math.pi**2)
        e = expected_score(rating, opponent, opponent_deviation)
        inverse_d2 += _Q**2 * g**2 * e * (1 - e)
        total += g * (score - e)
    denominator = 1 / deviation**2 + inverse_d2
    return rating + _Q / denominator * total, max(math.sqrt(1 / denominator), MIN_DEVIATION)


def suggest_level(rating: float, levels: tuple[int, ...]) -> int:
    """The offered level nearest ``rating`` (ties go to the lower, easier one)."""
    return min(levels, key=lambda level: (abs(level - rating), level))


RATING_FILE_NAME = "rating.json"


def default_rating_path() -> Path:
    """``<AppDataLocation>/rating.json`` (next to the autosave folder); refuses in test mode."""
    from chessgui.storage.autosave import default_autosave_dir

    return default_autosave_dir().parent / RATING_FILE_NAME


class RatingStore:
    """Reads and writes the rating file; every failure becomes :attr:`problem`, never an exception."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.problem: str | None = None
        """Plain words about a damaged file that was set aside (None when all was well)."""
        self.rating = self._load()

    def record(
        self, level: int, score: float, white: bool, pgn: str = "", date: str | None = None
    ) -> tuple[Rating, RatedGame]:
        """Rate one finished game against ``level`` and save; returns the new rating and the entry."""
        new_rating, new_deviation = update(self.rating.rating, self.rating.deviation, float(level), score)
        game = RatedGame(
            date=date or time.strftime("%Y-%m-%dT%H:%M:%S"),
            level=int(level),
            score=float(score),
            white=bool(white),
            rating_after=round(new_rating, 1),
            deviation_after=round(new_deviation, 1),
            pgn=pgn,
        )
        self.rating = replace(
            self.rating, rating=game.rating_after, deviation=game.deviation_after, games=(*self.rating.games, game)
        )
        self.save()
        return self.rating, game

    def save(self) -> bool:
        """Write the file (atomically: a temporary file renamed over it). False, with :attr:`problem`, on failure."""
        data = {
            "format": FORMAT,
            "version": VERSION,
            "rating": self.rating.rating,
            "deviation": self.rating.deviation,
            "games": [asdict(game) for game in self.rating.games],
        }
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            temporary = self.path.with_name(self.path.name + ".tmp")
            temporary.write_text(json.dumps(data, indent=1), encoding="utf-8")
            os.replace(temporary, self.path)
        except OSError as error:
            self.problem = QCoreApplication.translate(
                "RatingStore", "Your rating could not be saved to {path}: {strerror}"
            ).format(path=self.path, strerror=error.strerror or error)
            return False
        return True

    def _load(self) -> Rating:
        try:
            # Read as bytes: a binary file must reach the "damaged" branch below, not raise here.
            data = self.path.read_bytes()
        except FileNotFoundError:
            return Rating()
        except OSError as error:
            self.problem = QCoreApplication.translate(
                "RatingStore", "Your rating file {path} could not be read ({strerror}); starting afresh."
            ).format(path=self.path, strerror=error.strerror or error)
            return Rating()
        try:
            return _parse(json.loads(data.decode("utf-8")))
        except (ValueError, TypeError, KeyError) as error:
            aside = self.path.with_name(f"{self.path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
            try:
                os.replace(self.path, aside)
                where = QCoreApplication.translate("RatingStore", "it was kept as {name}").format(name=aside.name)
            except OSError:
                where = QCoreApplication.translate("RatingStore", "it could not be moved aside")
            why = (
                QCoreApplication.translate("RatingStore", "it holds binary data, not text")
                if isinstance(error, UnicodeDecodeError)
                else str(error)
            )
            self.problem = QCoreApplication.translate(
                "RatingStore", "Your rating file was damaged ({error}); {where}, and your rating starts afresh."
            ).format(error=why, where=where)
            return Rating()


def _parse(data: object) -> Rating:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(QCoreApplication.translate("rating", "not a rating file"))
    if data.get("version") != VERSION:
        raise ValueError(
            QCoreApplication.translate("rating", "unknown version {get!r}").format(get=data.get("version"))
        )
    games = []
    for entry in data["games"]:
        game = RatedGame(
            date=str(entry["date"]),
            level=int(entry["level"]),
            score=float(entry["score"]),
            white=bool(entry["white"]),
            rating_after=float(entry["rating_after"]),
            deviation_after=float(entry["deviation_after"]),
            pgn=str(entry.get("pgn", "")),
        )
        if game.score not in (0.0, 0.5, 1.0):
            raise ValueError(QCoreApplication.translate("rating", "bad score {score}").format(score=game.score))
        games.append(game)
    rating, deviation = float(data["rating"]), float(data["deviation"])
    if not (math.isfinite(rating) and math.isfinite(deviation) and deviation > 0):
        raise ValueError(QCoreApplication.translate("rating", "bad rating numbers"))
    return Rating(rating, deviation, tuple(games))
