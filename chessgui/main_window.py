"""The main window: its parts, menus and — in one place — all signal wiring.

The widgets and where they sit come from its base, MainWindowViews (window_views);
passing notices on the status line from StatusNotices (status_notices).

Views never change the game: the board asks for a move, the side to move's
player answers, the controller validates and announces, and every view here
redraws from the controller's and the navigator's signals.
"""

from __future__ import annotations

from collections.abc import Callable

import chess
from PySide6.QtCore import QSettings
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QMessageBox, QWidget

from chessgui.access_presenter import AccessPresenter
from chessgui.actions import create_actions
from chessgui.analysis_presenter import AnalysisPresenter
from chessgui.board_presenter import BoardPresenter
from chessgui.book_presenter import BookPresenter
from chessgui.clock.chess_clock import ChessClock
from chessgui.clock.game_clock import GameClock
from chessgui.clock.low_time import LowTimeWatcher
from chessgui.clock.time_control import UNTIMED
from chessgui.dialogs.positions_and_games import PositionsAndGames
from chessgui.engine_view_presenter import EngineViewPresenter
from chessgui.engines.analysis import PositionAnalyser
from chessgui.engines.hint_presenter import HintPresenter
from chessgui.engines.lab_runner import LabRunner
from chessgui.engines.review import ReviewEngine, review_engines
from chessgui.engines.tablebase_presenter import TablebasePresenter
from chessgui.game.controller import GameController
from chessgui.game.move_count import full_moves_played
from chessgui.game.navigator import GameNavigator
from chessgui.game.opening_tracker import OpeningTracker
from chessgui.game.players import Player
from chessgui.game.session import PlaySession
from chessgui.game_commands_presenter import GameCommandsPresenter
from chessgui.i18n import QT_TRANSLATE_NOOP
from chessgui.look_presenter import LookPresenter
from chessgui.menus import build_menus
from chessgui.rating_presenter import RatingPresenter
from chessgui.recent_files import RecentFiles
from chessgui.resources_path import app_icon
from chessgui.resume_presenter import ResumePresenter
from chessgui.review_presenter import ReviewPresenter
from chessgui.search_lab_presenter import SearchLabPresenter
from chessgui.status_notices import StatusNotices
from chessgui.status_presenter import StatusPresenter
from chessgui.storage.autosave import AutosaveStore
from chessgui.storage.autosave_keeper import AutosaveKeeper
from chessgui.storage.game_archive import GameArchive, GameArchiveKeeper
from chessgui.storage.rating import RatingStore
from chessgui.storage.settings import PlayerSettings, Settings
from chessgui.variation_presenter import VariationPresenter
from chessgui.views.sounds import SoundPlayer
from chessgui.window_views import MainWindowViews
from chessgui.window_wiring import wire_window

WINDOW_TITLE = QT_TRANSLATE_NOOP("MainWindow", "Chess")


class MainWindow(MainWindowViews):
    """The application window: board, move log, menus; owns the controller."""

    def __init__(
        self,
        controller: GameController | None = None,
        autosave_store: AutosaveStore | None = None,
        settings: Settings | None = None,
        qsettings: QSettings | None = None,
        parent: QWidget | None = None,
        rating_store: RatingStore | None = None,
        game_archive: GameArchive | None = None,
    ) -> None:
        """``settings`` None means two humans and nothing saved (tests); the app passes both.

        ``rating_store`` None: games are not rated and Game ▸ My rating… is off (tests);
        ``game_archive`` None: finished games are not kept and File ▸ My games… is off (tests).
        """
        super().__init__(parent)
        # Problems found while opening are gathered and said together in one notice at the end.
        self.notices = StatusNotices(self)
        self.setWindowTitle(self.tr(WINDOW_TITLE))
        self.setWindowIcon(app_icon())
        self.controller = controller if controller is not None else GameController(self)
        self.navigator = GameNavigator(self.controller, self)

        self._create_views()
        sounds = SoundPlayer(parent=self)
        self.lab = SearchLabPresenter(self, self.search_lab)
        self.book = BookPresenter(self.navigator, self.book_panel, self)
        self.hints = HintPresenter(self.controller, self.navigator, self)
        # Analysis mode: a job on the shown position, never a player in the game.
        self.analysis = PositionAnalyser(self)
        self.openings = OpeningTracker(self.controller, self)
        self.tablebases = TablebasePresenter(self.controller, self.navigator, self)
        self.review = ReviewPresenter(self, self.controller, self.navigator, self.board_widget, self._review_engines)
        self.chess_clock = ChessClock(parent=self)
        self.game_clock = GameClock(self.controller, self.chess_clock, UNTIMED, self)
        self.clock_panel.set_clock(self.chess_clock)
        self.low_time = LowTimeWatcher(self.chess_clock, parent=self)
        if settings is None:
            settings = Settings(white=PlayerSettings(), black=PlayerSettings())
        self.session = PlaySession(self.controller, self.game_clock, settings, qsettings, parent=self)
        self.flows = PositionsAndGames(
            self,
            self.controller.game,
            self.navigator.shown_board,
            unfinished_moves=self._unfinished_moves,
            leaving_loses=self._leaving_loses,
        )
        self.actions_ = create_actions(self)
        self.variations = VariationPresenter(self, self.controller, self.navigator, self.flows)
        self.analysis_mode = AnalysisPresenter(
            self,
            self.analysis,
            self.actions_.analyse,
            self.controller,
            self.navigator,
            self.session,
            self.engine_panel,
            self.board_widget,
            qsettings,
            self.variations.play_variation,
        )
        self.recent_files = RecentFiles(qsettings, self)
        build_menus(self, self.actions_, self.recent_files.menu())
        self._arrange_views(self.review.graph, self.review.panel)
        self.autosave = (
            AutosaveKeeper(autosave_store, self.controller, self._autosave_extra, self)
            if autosave_store is not None
            else None
        )
        self.archive = GameArchiveKeeper(game_archive, self.controller, self) if game_archive is not None else None
        self.rating = (
            RatingPresenter(self, self.controller, self.session, rating_store) if rating_store is not None else None
        )
        self.status = StatusPresenter(
            self,
            self.controller,
            self.navigator,
            self.actions_,
            self.move_log,
            self.game_info_label,
            self.clock_panel,
            self.chess_clock,
            self.status_label,
            self.review,
        )
        self.look = LookPresenter(
            self, self.splitter, self.board_widget, self.clock_panel, self.eval_bar, self.color_scheme, qsettings
        )
        self.access = AccessPresenter(self, self.controller, self.navigator, self.chess_clock, sounds, self.announcer)
        self.commands = GameCommandsPresenter(self, self.controller, self.navigator, self.session, self.flows)
        self.board_presenter = BoardPresenter(
            self,
            self.controller,
            self.navigator,
            self.board_widget,
            self.move_entry,
            self.move_log,
            self.history_banner,
            self.openings,
            self.status,
            self.analysis_mode,
            self.variations,
        )
        self.engine_view = EngineViewPresenter(
            self,
            self.controller,
            self.engine_panel,
            self.eval_bar,
            self.board_widget,
            self.board_area,
            self.tablebases,
            self.analysis_mode,
        )
        self.resume = ResumePresenter(
            self,
            self.autosave,
            self.controller,
            self.game_clock,
            self.look,
            self.rating.keeper.leaving_saved_game_note if self.rating is not None else None,
        )
        wire_window(self, self.actions_)  # all the connections: chessgui/window_wiring.py
        self.resize(1240, 800)
        self.look.restore_layout()
        self.notices.report_damaged_settings(qsettings)
        self.on_settings_applied(self.session.settings())
        self.status.refresh_from_game()
        self.session.check_books()  # a saved book that has become unusable is said at once
        if self.rating is not None:
            self.rating.report_problem()  # a damaged rating file: said once, set aside
        if self.recent_files.problem is not None:
            self.on_status_message(self.recent_files.problem)
        if self.autosave is not None and (autosave_problem := self.autosave.check_at_start()) is not None:
            self.on_status_message(autosave_problem)  # a damaged save is set aside now, not when offered
        self.notices.end_startup()

    # ------------------------------------------------------------------ slots

    def on_move_requested(self, move: chess.Move) -> None:
        """A move asked for on the board or typed (see BoardPresenter)."""
        self.board_presenter.on_move_requested(move)

    @property
    def lab_runner(self) -> LabRunner | None:
        """The search lab's runner, once the first lab run started it."""
        return self.lab.runner

    @property
    def sounds(self) -> SoundPlayer:
        """The sound player the access presenter plays on (replaced in tests)."""
        return self.access.sounds

    @sounds.setter
    def sounds(self, sounds: SoundPlayer) -> None:
        self.access.sounds = sounds

    @property
    def failure_box(self) -> QMessageBox | None:
        """The last "could not move" message, if any."""
        return self.status.failure_box

    def on_status_message(self, message: str) -> None:
        """A passing notice (saved, copied, a hint, a file problem) shown over the status line."""
        self.notices.show(message)

    def on_settings_applied(self, settings: Settings) -> None:
        """Board options, auto-flip and the engine panel follow the settings."""
        self.access.apply(settings.access)
        self.look.apply(settings)
        self.engine_view.apply(settings)
        self.move_log.set_piece_letters(settings.piece_letters)
        self.engine_panel.set_piece_letters(settings.piece_letters)
        self.hints.piece_letters = settings.piece_letters
        self.review.piece_letters = settings.piece_letters
        self.book_panel.set_piece_letters(settings.piece_letters)
        self.book.refresh()
        self.status.update_players_label()
        self.status.update_actions()  # offering a draw depends on who plays

    def is_analysing(self) -> bool:
        """True while analysis mode is on."""
        return self.analysis_mode.is_analysing()

    # ------------------------------------------------------------------ autosave

    def offer_resume(self, ask: Callable[[str], bool] | None = None) -> bool:
        """Offer the autosaved unfinished game; True when it was restored (see ResumePresenter)."""
        return self.resume.offer_resume(ask)

    def _autosave_extra(self) -> dict[str, str | int | float | bool]:
        rated = self.rating.keeper.saved_state() if self.rating is not None else {}
        return {"flipped": self.board_widget.is_flipped(), "clock": self.game_clock.snapshot().to_setting(), **rated}

    # ------------------------------------------------------------------ helpers

    def set_players(self, white: Player, black: Player) -> None:
        """Install the players (the controller asks the side to move at once)."""
        self.controller.set_players(white, black)
        self.status.update_players_label()
        self.status.update_actions()

    def _review_engines(self) -> list[ReviewEngine]:
        """Engines that may review: the built-in one, then the UCI engines in the settings (full strength)."""
        return review_engines(self.session.settings())

    def _unfinished_moves(self) -> int:
        """Full moves of the game being played here; 0 when it is finished, empty or only viewed."""
        controller = self.controller
        if controller.is_game_over() or controller.is_viewing():
            return 0
        return full_moves_played(controller.game().board(), controller.board())

    def _leaving_loses(self) -> bool:
        """True when leaving the game being played counts as a loss (a rated game past its first moves)."""
        return self.rating is not None and self.rating.keeper.is_leaving_a_loss()

    # ------------------------------------------------------------------ Qt overrides

    def closeEvent(self, event: QCloseEvent) -> None:
        """Stop any search and release engine threads before the window goes."""
        self.controller.stop_thinking()
        self.hints.shutdown()
        self.analysis.shutdown()
        self.review.shutdown()
        self.lab.shutdown()
        if self.autosave is not None:
            self.autosave.save_now()  # an unfinished game stays offered for next time
        if self.archive is not None:
            self.archive.save_now()  # the last marks of a review of the game just finished
        self.look.save_layout()
        for color in chess.COLORS:
            self.controller.player(color).shutdown()
        super().closeEvent(event)
