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
from chessgui.actions import MainActions, create_actions
from chessgui.analysis_presenter import AnalysisPresenter
from chessgui.board_presenter import BoardPresenter
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
        self.resume = ResumePresenter(self, self.autosave, self.controller, self.game_clock, self.look)
        self._wire(self.actions_)
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

    # ------------------------------------------------------------------ wiring (all of it)

    def _wire(self, actions: MainActions) -> None:
        controller, navigator = self.controller, self.navigator
        self.board_widget.move_requested.connect(self.board_presenter.on_move_requested)
        controller.move_made.connect(self.board_presenter.on_move_made)
        controller.move_made.connect(self.access.on_move_made)
        controller.move_taken_back.connect(self.status.refresh_from_game)
        controller.game_started.connect(self.status.refresh_from_game)
        controller.tree_changed.connect(self.status.refresh_log)
        controller.game_over.connect(self.status.on_game_over)
        controller.game_over.connect(self.access.on_game_over)
        controller.game_started.connect(self.access.on_game_started)
        controller.move_taken_back.connect(self.access.on_move_taken_back)
        controller.human_input_enabled.connect(self.board_presenter.on_human_input_enabled)
        controller.status_changed.connect(self.status.update_actions)
        controller.paused_changed.connect(self.status.on_paused_changed)
        controller.notice_posted.connect(self.on_status_message)
        controller.player_failed.connect(self.status.on_player_failed)
        navigator.view_changed.connect(self.board_presenter.on_view_changed)
        self.openings.opening_shown.connect(self.opening_label.setText)
        self.chess_clock.changed.connect(self.status.refresh_status)
        self.move_log.ply_selected.connect(navigator.go_to)
        self.move_log.node_selected.connect(navigator.go_to_node)
        self.move_log.navigation_requested.connect(self.board_presenter.on_navigation_requested)
        self.move_log.promote_requested.connect(controller.tree_editor.promote_variation)
        variations = self.variations
        self.move_log.make_main_line_requested.connect(variations.on_make_main_line_requested)
        self.move_log.delete_requested.connect(variations.on_delete_requested)
        self.move_log.comment_requested.connect(variations.on_comment_requested)
        self.move_log.nags_requested.connect(controller.tree_editor.set_nags)
        self.move_log.continue_requested.connect(variations.on_continue_requested)
        variations.status_message.connect(self.on_status_message)
        self.history_banner.back_button.clicked.connect(navigator.last)
        self.color_scheme.applied.connect(self.history_banner.set_dark)

        actions.new_game.triggered.connect(self.commands.on_new_game_triggered)
        actions.takeback.triggered.connect(controller.takeback)
        actions.claim_draw.triggered.connect(controller.ending.claim_draw)
        actions.resign.triggered.connect(self.commands.on_resign_triggered)
        actions.offer_draw.triggered.connect(self.commands.on_offer_draw_triggered)
        actions.abort.triggered.connect(controller.ending.abort)
        actions.game_details.triggered.connect(self.commands.on_game_details_triggered)
        controller.headers_changed.connect(self.status.update_players_label)
        actions.pause.toggled.connect(self.commands.on_pause_toggled)
        actions.step.triggered.connect(controller.step)
        actions.flip.triggered.connect(self.look.on_flip_triggered)
        actions.first_move.triggered.connect(navigator.first)
        actions.previous_move.triggered.connect(navigator.back)
        actions.next_move.triggered.connect(navigator.forward)
        actions.last_move.triggered.connect(navigator.last)
        actions.previous_variation.triggered.connect(navigator.previous_variation)
        actions.next_variation.triggered.connect(navigator.next_variation)
        actions.copy_fen.triggered.connect(self.commands.on_copy_fen_triggered)
        # ``triggered`` passes a bool; the FEN dialog's slot takes optional text instead.
        actions.load_fen.triggered.connect(lambda: self.flows.on_load_fen_triggered())
        actions.edit_position.triggered.connect(self.flows.on_edit_position_triggered)
        actions.paste.triggered.connect(self.flows.on_paste_triggered)
        actions.open_pgn.triggered.connect(self.flows.on_open_pgn_triggered)
        actions.save_pgn.triggered.connect(self.flows.on_save_pgn_triggered)
        actions.copy_pgn.triggered.connect(self.flows.on_copy_pgn_triggered)
        self.flows.position_chosen.connect(self.session.new_game)
        self.flows.game_loaded.connect(self.controller.view_game)
        actions.play_from_here.triggered.connect(self.commands.on_play_from_here_triggered)
        self.flows.status_message.connect(self.on_status_message)
        self.flows.file_used.connect(self.recent_files.add)
        self.recent_files.file_chosen.connect(self.flows.open_file_argument)
        self.recent_files.status_message.connect(self.on_status_message)
        session = self.session
        session.engine_info.connect(self.engine_panel.on_search_info)
        session.engine_info.connect(self.eval_bar.on_search_info)
        session.engine_cleared.connect(self.engine_view.on_engine_cleared)
        for change in (controller.game_started, controller.game_over, controller.move_taken_back):
            change.connect(self.engine_view.update_thinking_hidden)
        self.engine_view.thinking_hidden_changed.connect(self.review.on_thinking_hidden_changed)
        session.book_problem.connect(self.on_status_message)
        self.tablebases.text_changed.connect(self.engine_panel.set_tablebase_text)
        self.tablebases.problem_found.connect(self.on_status_message)
        session.settings_applied.connect(self.on_settings_applied)
        actions.settings.triggered.connect(self.commands.on_settings_triggered)
        actions.next_game.triggered.connect(self.commands.on_next_game_triggered)
        actions.hint.triggered.connect(self.hints.on_hint_triggered)
        actions.search_lab.toggled.connect(self.search_lab_dock.setVisible)
        self.search_lab_dock.visibilityChanged.connect(actions.search_lab.setChecked)
        session.engine_info.connect(self.search_lab.on_engine_info)
        self.search_lab.fen_source = lambda: self.controller.board_at_ply(self.navigator.view_ply()).fen()
        self.search_lab.run_requested.connect(self.lab.on_run_requested)
        self.search_lab.stop_requested.connect(self.lab.on_stop_requested)
        self.hints.arrow_ready.connect(self.board_widget.set_arrows)
        self.hints.status_message.connect(self.on_status_message)
        analysis_mode = self.analysis_mode
        actions.analyse.toggled.connect(analysis_mode.on_analyse_toggled)
        actions.analyse.toggled.connect(self.board_presenter.on_analyse_toggled)
        self.analysis.snapshot_changed.connect(analysis_mode.on_analysis_snapshot)
        self.analysis.failed.connect(analysis_mode.on_analysis_failed)
        analysis_view = self.engine_panel.analysis_view
        analysis_view.engine_chosen.connect(analysis_mode.on_analysis_engine_chosen)
        analysis_view.lines_chosen.connect(analysis_mode.on_analysis_lines_chosen)
        analysis_view.line_played.connect(analysis_mode.on_analysis_line_played)
        review = self.review
        actions.review_game.triggered.connect(review.on_review_triggered)
        actions.next_mistake.triggered.connect(review.on_next_mistake_triggered)
        review.graph.ply_selected.connect(navigator.go_to)
        review.panel.cancel_requested.connect(review.job.cancel)
        review.panel.next_error_requested.connect(review.on_next_error_requested)
        review.job.progress_changed.connect(review.panel.set_progress)
        review.job.running_changed.connect(review.on_running_changed)
        review.job.finished.connect(review.on_review_finished)
        review.job.failed.connect(review.on_review_failed)
        review.annotations_shown.connect(self.status.refresh_log)
        review.annotations_shown.connect(self.status.update_actions)
        review.status_message.connect(self.on_status_message)
        controller.annotations_changed.connect(review.on_annotations_changed)
        controller.game_started.connect(review.refresh)
        controller.game_over.connect(review.refresh)
        review.review_offered.connect(self.move_log.set_review_offered)
        self.move_log.review_requested.connect(review.on_review_triggered)
        controller.move_taken_back.connect(review.refresh)
        controller.move_made.connect(review.on_annotations_changed)
        navigator.view_changed.connect(review.on_view_changed)
        actions.quit.triggered.connect(self.close)
        actions.shortcuts.triggered.connect(self.commands.on_shortcuts_triggered)
        actions.about.triggered.connect(self.commands.on_about_triggered)
        # Keyboard play and screen-reader support.
        self.move_entry.move_entered.connect(self.board_presenter.on_move_requested)
        self.move_entry.message_shown.connect(lambda text: self.announcer.announce(text, always=True))
        self.board_widget.typing_started.connect(self.move_entry.focus_with)
        self.board_widget.announcement_requested.connect(lambda text: self.announcer.announce(text, always=True))
        actions.enter_move.triggered.connect(lambda: self.move_entry.focus_with())
        actions.speak_position.triggered.connect(self.access.on_speak_position_triggered)
        self.low_time.low_time.connect(self.access.on_low_time)
        if self.autosave is not None:
            self.autosave.save_failed.connect(self.on_status_message)
        self.resume.status_message.connect(self.on_status_message)
        self.commands.status_message.connect(self.on_status_message)
        actions.my_games.setEnabled(self.archive is not None)
        if (archive := self.archive) is not None:
            actions.my_games.triggered.connect(lambda: self.flows.open_my_games(archive.archive.path))
            archive.save_failed.connect(self.on_status_message)
        actions.my_rating.setEnabled(self.rating is not None)
        if self.rating is not None:
            actions.my_rating.triggered.connect(self.rating.on_my_rating_triggered)
            actions.hint.triggered.connect(self.rating.on_hint_triggered)
            actions.analyse.toggled.connect(self.rating.on_analyse_toggled)
            self.review.review_started.connect(self.rating.on_review_started)
            self.rating.status_message.connect(self.on_status_message)
            self.resume.game_resumed.connect(self.rating.keeper.on_game_resumed)

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
        self.look.save_layout()
        for color in chess.COLORS:
            self.controller.player(color).shutdown()
        super().closeEvent(event)
