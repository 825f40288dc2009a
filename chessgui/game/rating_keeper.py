"""Rates the player's games against the built-in engine's levels as they end.

A game counts when a person played one side and the built-in engine at a level (not full
strength) the other, from the standard start position, with the same players and level
from its first move to its end, no move taken back, no hint, analysis or review of it while
it was played, and a real result (not aborted, not a finished game loaded from a file). The
result comes from the controller's ``game_over``; the rating maths and the file are
:mod:`chessgui.storage.rating`.

:func:`settings_for_level` turns a suggested level into the settings to apply: the side
facing the person becomes the built-in engine at that level.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass

import chess
import chess.pgn
from PySide6.QtCore import QCoreApplication, QObject, Signal

from chessgui.game.controller import GameController
from chessgui.game.game_end import ABORT_MAX_PLIES
from chessgui.game.result import GameResult, Termination
from chessgui.storage.rating import Rating, RatingStore
from chessgui.storage.settings import PlayerKind, Settings

RATED_LEVEL_KEY = "rated_level"
RATED_HUMAN_KEY = "rated_human"
"""Autosave keys that keep a rated game rated across a restart (:meth:`RatingKeeper.saved_state`)."""

UNRATED_TERMINATIONS = frozenset({Termination.ABORTED, Termination.RECORDED})
"""Endings that never count: an aborted game, and a finished game shown from a file."""


@dataclass(frozen=True, slots=True)
class RatedSetup:
    """Who plays a game that is being rated."""

    human: chess.Color
    """The person's colour."""
    level: int
    """The built-in engine's level (Elo) on the other side."""


def rated_setup(settings: Settings) -> RatedSetup | None:
    """The setup when ``settings`` are a person against the built-in engine at a level, else None.

    A person who sees the computer's thinking (its score and line) is not rated: that is its help."""
    humans = settings.human_colors()
    if len(humans) != 1 or settings.show_thinking:
        return None
    engine = settings.player(not humans[0])
    if engine.kind is not PlayerKind.BUILTIN or engine.elo is None:
        return None
    return RatedSetup(human=humans[0], level=int(engine.elo))


def saved_rated_setup(extra: Mapping[str, object]) -> RatedSetup | None:
    """The rated setup an autosave's window state kept (:meth:`RatingKeeper.saved_state`), if any."""
    level, human = extra.get(RATED_LEVEL_KEY), extra.get(RATED_HUMAN_KEY)
    if not isinstance(level, int) or isinstance(level, bool) or human not in ("white", "black"):
        return None
    return RatedSetup(human=chess.WHITE if human == "white" else chess.BLACK, level=level)


def settings_for_level(settings: Settings, level: int) -> Settings:
    """``settings`` with the side facing the person played by the built-in engine at ``level``.

    With no single person (two people, or two engines) the person takes White and the
    built-in engine Black: asking for a level to play means the user wants to play.
    """
    humans = settings.human_colors()
    if len(humans) == 1:
        human = humans[0]
    else:
        human = chess.WHITE
        settings = settings.with_player(human, dataclasses.replace(settings.player(human), kind=PlayerKind.HUMAN))
    engine = dataclasses.replace(settings.player(not human), kind=PlayerKind.BUILTIN, elo=int(level))
    return settings.with_player(not human, engine)


def score_for(result: GameResult, human: chess.Color) -> float:
    """The person's score in ``result``: 1, 0.5 or 0."""
    if result.winner is None:
        return 0.5
    return 1.0 if result.winner == human else 0.0


class RatingKeeper(QObject):
    """Follows the games and records each rated one in the store.

    Signals:
        game_rated(Rating, RatedGame): a game entered the rating (the new rating, the entry).
        problem_found(str): the rating file was damaged or could not be saved (plain words;
            each problem is said once).
    """

    game_rated = Signal(object, object)
    problem_found = Signal(str)

    def __init__(
        self, controller: GameController, store: RatingStore, settings: Settings, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._controller = controller
        self._store = store
        self._settings = settings
        self._setup: RatedSetup | None = None
        """The setup of the game in progress while it still counts; None when it does not."""
        self._said: str | None = None
        self._analysis_on = False
        controller.game_started.connect(self.on_game_started)
        controller.move_taken_back.connect(self.on_move_taken_back)
        controller.game_over.connect(self.on_game_over)
        self.on_game_started()

    def rating(self) -> Rating:
        """The player's rating and its games."""
        return self._store.rating

    def is_rated(self) -> bool:
        """True while the game in progress will be rated when it ends."""
        return self._setup is not None

    def take_problem(self) -> str | None:
        """The store's problem if it was not said yet (then it counts as said)."""
        problem = self._store.problem
        if problem is None or problem == self._said:
            return None
        self._said = problem
        return problem

    # ------------------------------------------------------------------ slots

    def on_settings_applied(self, settings: Settings) -> None:
        """New settings: before the first move they decide; later a change of players or level makes it unrated."""
        self._settings = settings
        if self._controller.live_ply() == 0:
            self.on_game_started()
        elif rated_setup(settings) != self._setup:
            self._setup = None

    def on_game_started(self) -> None:
        """A new game counts if it starts from the standard position against a level."""
        controller = self._controller
        fresh = controller.live_ply() == 0 and controller.start_fen() == chess.STARTING_FEN
        playing = controller.result() is None and not controller.is_viewing()
        helped = self._analysis_on  # the engine's lines are on the screen from the first move
        self._setup = rated_setup(self._settings) if fresh and playing and not helped else None

    def on_move_taken_back(self) -> None:
        """A takeback: the game goes on unrated."""
        self._setup = None

    def on_engine_help_used(self) -> bool:
        """A hint, an analysis or a review during the game: it goes on unrated.

        True when this made a rated game unrated (the user is told), False when it was not rated.
        """
        was_rated = self._setup is not None and self._controller.result() is None
        self._setup = None
        return was_rated

    def is_leaving_a_loss(self) -> bool:
        """True when leaving the game in progress now (for a new game, a position or a file) counts as a loss.

        That is a rated game past the moves in which it may still be aborted, as on a server:
        otherwise starting another game would be a free way out of every lost one.
        """
        return self._setup is not None and self._controller.result() is None and not self._controller.ending.can_abort()

    def on_game_left(self) -> None:
        """The person agreed to leave the game: when that is a loss (:meth:`is_leaving_a_loss`) they resign it."""
        setup = self._setup
        if setup is not None and self.is_leaving_a_loss():
            self._controller.end_game(GameResult(not setup.human, Termination.RESIGNATION))

    def on_analysis_toggled(self, on: bool) -> bool:
        """Analysis mode on or off; on, it is help (see :meth:`on_engine_help_used`), and a game
        started while it is on is not rated."""
        self._analysis_on = on
        return self.on_engine_help_used() if on else False

    def saved_state(self) -> dict[str, int | str]:
        """What the autosave keeps with the game so that, resumed after a restart, it is still rated."""
        setup = self._setup
        if setup is None or self._controller.result() is not None:
            return {}
        return {RATED_LEVEL_KEY: setup.level, RATED_HUMAN_KEY: "white" if setup.human == chess.WHITE else "black"}

    def on_game_resumed(self, extra: Mapping[str, object]) -> None:
        """A game resumed from the autosave goes on rated if it was, with the same person and level."""
        saved = saved_rated_setup(extra)
        if saved is None:
            return
        playing = self._controller.result() is None and not self._controller.is_viewing()
        if playing and not self._analysis_on and rated_setup(self._settings) == saved:
            self._setup = saved

    def saved_setup(self, game: chess.pgn.Game, extra: Mapping[str, object]) -> RatedSetup | None:
        """The setup of an autosaved ``game`` that was rated when it was saved, if leaving it now is a loss.

        That is a rated game past the moves in which it could be aborted (as :meth:`is_leaving_a_loss`)."""
        setup = saved_rated_setup(extra)
        if setup is None or game.headers.get("Result", "*") != "*":
            return None
        return setup if len(list(game.mainline_moves())) > ABORT_MAX_PLIES else None

    def leaving_saved_game_note(self, game: chess.pgn.Game, extra: Mapping[str, object]) -> str | None:
        """What the question before an autosaved game adds when not resuming it counts as a loss."""
        if self.saved_setup(game, extra) is None:
            return None
        return QCoreApplication.translate("RatingKeeper", "It is rated: not resuming it counts as a loss.")

    def on_saved_game_declined(self, game: chess.pgn.Game, extra: Mapping[str, object]) -> None:
        """The person chose not to resume an autosaved game: a rated one is rated as their loss (they left it)."""
        setup = self.saved_setup(game, extra)
        if setup is None:
            return
        game.headers["Result"] = "0-1" if setup.human == chess.WHITE else "1-0"
        self._record(setup, 0.0, str(game))

    def on_game_over(self, result: GameResult) -> None:
        """Rate the game that just ended, if it counts."""
        setup, self._setup = self._setup, None
        if setup is None or result.termination in UNRATED_TERMINATIONS or self._controller.live_ply() == 0:
            return
        self._record(setup, score_for(result, setup.human), str(self._controller.game()))

    def _record(self, setup: RatedSetup, score: float, pgn: str) -> None:
        """Enter one game in the rating, say it, and say a file problem once."""
        rating, game = self._store.record(setup.level, score, setup.human == chess.WHITE, pgn)
        self.game_rated.emit(rating, game)
        problem = self.take_problem()
        if problem is not None:
            self.problem_found.emit(problem)
