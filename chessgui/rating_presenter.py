"""The player's rating in the window: rated games as they end, Game ▸ My rating…, and "Play at my level".

The keeper (chessgui/game/rating_keeper.py) rates the games; this presenter shows the rating
dialog, says in the status bar what a game did to the rating, and turns the dialog's level
request into settings applied through the play session (the dialog itself changes nothing).
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from chessgui.dialogs.rating_dialog import RatingDialog, rating_text
from chessgui.game.chess_words import side_name
from chessgui.game.controller import GameController
from chessgui.game.rating_keeper import RatingKeeper, settings_for_level
from chessgui.game.session import PlaySession
from chessgui.storage.rating import START_RATING, RatedGame, Rating, RatingStore
from chessgui.storage.settings import Settings


class RatingPresenter(QObject):
    """Owns the rating keeper of the window and its dialog.

    Signals:
        status_message(str): a passing notice (a game was rated, a level applied, a file problem).
    """

    status_message = Signal(str)

    def __init__(self, window: QWidget, controller: GameController, session: PlaySession, store: RatingStore) -> None:
        super().__init__(window)
        self._window = window
        self._session = session
        self._controller = controller
        self.keeper = RatingKeeper(controller, store, session.settings(), self)
        self.dialog: RatingDialog | None = None
        session.settings_applied.connect(self.on_settings_applied)
        self.keeper.game_rated.connect(self.on_game_rated)
        self.keeper.problem_found.connect(self.status_message)

    def report_problem(self) -> None:
        """Say a damaged or unreadable rating file once (called when the window is up)."""
        problem = self.keeper.take_problem()
        if problem is not None:
            self.status_message.emit(problem)

    def on_settings_applied(self, settings: Settings) -> None:
        """Other players, another level or the computer's thinking shown: a rated game goes on unrated, and says so."""
        was_rated = self.keeper.is_rated()
        self.keeper.on_settings_applied(settings)
        if was_rated and not self.keeper.is_rated() and self._controller.live_ply() > 0:  # a game under way
            self.status_message.emit(
                self.tr(
                    "The settings changed the players or the level, or show the computer's thinking: "
                    "this game will not be rated."
                )
            )

    def on_hint_triggered(self) -> None:
        """A hint is the engine's help: a rated game goes on unrated."""
        self._help_used(self.keeper.on_engine_help_used())

    def on_review_started(self) -> None:
        """A review of the game in progress is the engine's help too."""
        self._help_used(self.keeper.on_engine_help_used())

    def on_analyse_toggled(self, checked: bool) -> None:
        """Analysis mode: its lines are the engine's help (and a game started under it is not rated)."""
        self._help_used(self.keeper.on_analysis_toggled(checked))

    def _help_used(self, made_unrated: bool) -> None:
        if made_unrated:
            self.status_message.emit(
                self.tr("You used the engine's help (a hint, analysis or a review): this game will not be rated.")
            )

    def on_my_rating_triggered(self) -> None:
        """Show the rating dialog (one at a time; it follows games rated while it is open)."""
        if self.dialog is None:
            self.dialog = RatingDialog(self.keeper.rating(), self._window)
            self.dialog.level_requested.connect(self.on_level_requested)
        else:
            self.dialog.set_rating(self.keeper.rating())
        self.dialog.show()
        self.dialog.raise_()
        self.dialog.activateWindow()

    def on_game_rated(self, rating: Rating, game: RatedGame) -> None:
        """Say what the game did to the rating; an open dialog follows."""
        games = rating.games
        before = games[-2].rating_after if len(games) > 1 else START_RATING
        change = round(game.rating_after - before)
        text = self.tr("Rated game against level {level} ({change:+d}): your rating is {rating_text}").format(
            level=game.level, change=change, rating_text=rating_text(rating)
        )
        self.status_message.emit(text)
        if self.dialog is not None:
            self.dialog.set_rating(rating)

    def on_level_requested(self, level: int) -> None:
        """Apply ``level`` to the side facing the player (from the next move)."""
        settings = settings_for_level(self._session.settings(), level)
        self._session.apply(settings)
        humans = settings.human_colors()
        side = side_name(not humans[0]) if humans else self.tr("The computer")
        self.status_message.emit(self.tr("{side} now plays at level {level}").format(side=side, level=level))
