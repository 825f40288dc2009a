"""The main window: layout, menus and — in one place — all signal wiring.

Views never change the game: the board asks for a move, the side to move's
player answers, the controller validates and announces, and every view here
redraws from the controller's and the navigator's signals.
"""

from __future__ import annotations

from collections.abc import Callable

import chess
import chess.pgn
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QCloseEvent, QGuiApplication
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QLabel,
    QMainWindow,
    QMessageBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from chessgui.actions import MainActions, build_menus, create_actions
from chessgui.analysis_presenter import AnalysisPresenter
from chessgui.clock.chess_clock import ChessClock, ClockRunState, ClockSnapshot
from chessgui.clock.game_clock import GameClock
from chessgui.clock.low_time import LowTimeWatcher
from chessgui.clock.time_control import UNTIMED
from chessgui.dialogs.about import AboutDialog
from chessgui.dialogs.game_details_dialog import GameDetailsDialog
from chessgui.dialogs.positions_and_games import PositionsAndGames
from chessgui.dialogs.settings_dialog import SettingsDialog
from chessgui.engines.analysis import PositionAnalyser
from chessgui.engines.hint_presenter import HintPresenter
from chessgui.engines.lab_runner import LabConfig, LabRunner
from chessgui.engines.review import ReviewEngine, review_engines
from chessgui.engines.tablebase_presenter import TablebasePresenter
from chessgui.game.controller import GameController
from chessgui.game.move_count import full_moves_played
from chessgui.game.navigator import GameNavigator
from chessgui.game.opening_tracker import OpeningTracker
from chessgui.game.players import Player
from chessgui.game.result import GameResult
from chessgui.game.session import PlaySession
from chessgui.rating_presenter import RatingPresenter
from chessgui.recent_files import RecentFiles
from chessgui.resources_path import app_icon
from chessgui.review_presenter import ReviewPresenter
from chessgui.storage.analysis_settings import load_analysis_settings
from chessgui.storage.autosave import AutosaveStore
from chessgui.storage.autosave_keeper import AutosaveKeeper
from chessgui.storage.rating import RatingStore
from chessgui.storage.settings import PlayerSettings, Settings, load_settings
from chessgui.storage.window_layout import WindowLayout, load_window_layout, save_window_layout
from chessgui.variation_presenter import VariationPresenter
from chessgui.views.announcer import Announcer, describe_move, describe_position, describe_result, side_name
from chessgui.views.board.board_widget import BoardWidget
from chessgui.views.board.piece_sets import piece_renderer
from chessgui.views.board.theme import theme_named
from chessgui.views.board_area import BoardArea
from chessgui.views.clock_widget import ClockPanel
from chessgui.views.color_scheme import ColorSchemeSwitcher
from chessgui.views.engine_panel import EnginePanel
from chessgui.views.eval_bar import EvalBar, stored_evaluation
from chessgui.views.history_banner import HistoryBanner
from chessgui.views.move_entry import MoveEntry
from chessgui.views.move_log import MoveLogPanel
from chessgui.views.search_lab import SearchLabPanel
from chessgui.views.sounds import SoundPlayer
from chessgui.views.status_line import status_text

WINDOW_TITLE = "Chess"
NOTICE_MS = 6000
"""How long a passing notice (saved, copied, a hint) covers the status line."""


class MainWindow(QMainWindow):
    """The application window: board, move log, menus; owns the controller."""

    def __init__(
        self,
        controller: GameController | None = None,
        autosave_store: AutosaveStore | None = None,
        settings: Settings | None = None,
        qsettings: QSettings | None = None,
        parent: QWidget | None = None,
        rating_store: RatingStore | None = None,
    ) -> None:
        """``settings`` None means two humans and nothing saved (tests); the app passes both.

        ``rating_store`` None: games are not rated and Game ▸ My rating… is off (tests).
        """
        super().__init__(parent)
        self.setWindowTitle(WINDOW_TITLE)
        self.setWindowIcon(app_icon())
        self.controller = controller if controller is not None else GameController(self)
        self.navigator = GameNavigator(self.controller, self)
        self._human_input_allowed = True
        app = QApplication.instance()
        assert isinstance(app, QApplication)
        self.color_scheme = ColorSchemeSwitcher(app, self)

        self.board_widget = BoardWidget(self)
        self.move_entry = MoveEntry(self)
        self.sounds = SoundPlayer(parent=self)
        self.announcer = Announcer(self)
        self.move_log = MoveLogPanel(self)
        # Event, site, date and round of a viewed game (its players' names are on the clock cards).
        self.game_info_label = QLabel(self)
        self.game_info_label.setObjectName("game_info_label")
        self.game_info_label.setWordWrap(True)
        self.game_info_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.game_info_label.hide()
        self.engine_panel = EnginePanel(self)
        self.search_lab = SearchLabPanel(self)
        self.lab_runner: LabRunner | None = None  # started with the first lab run
        self.eval_bar = EvalBar(self)
        self.hints = HintPresenter(self.controller, self.navigator, self)
        # Analysis mode: a job on the shown position, never a player in the game.
        self._qsettings = qsettings
        self.analysis = PositionAnalyser(self)
        self.openings = OpeningTracker(self.controller, self)
        self.tablebases = TablebasePresenter(self.controller, self.navigator, self)
        self.review = ReviewPresenter(self, self.controller, self.navigator, self.board_widget, self._review_engines)
        self.opening_label = QLabel(self)
        self.opening_label.setObjectName("opening_label")
        self.opening_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.opening_label.setToolTip("The opening of the position on the board (ECO code and name)")
        self.failure_box: QMessageBox | None = None  # the last "could not move" message, if any
        self.history_banner = HistoryBanner(self)
        # Keep the banner's room when hidden so the board does not jump in size.
        policy = self.history_banner.sizePolicy()
        policy.setRetainSizeWhenHidden(True)
        self.history_banner.setSizePolicy(policy)
        self.history_banner.hide()
        self.chess_clock = ChessClock(parent=self)
        self.game_clock = GameClock(self.controller, self.chess_clock, UNTIMED, self)
        self.clock_panel = ClockPanel(self)
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
        self._build_layout()
        self.autosave = (
            AutosaveKeeper(autosave_store, self.controller, self._autosave_extra, self)
            if autosave_store is not None
            else None
        )
        self.rating = (
            RatingPresenter(self, self.controller, self.session, rating_store) if rating_store is not None else None
        )
        # The status line describes the game now (derived on every change); passing
        # notices are shown over it for a few seconds with showMessage().
        self.status_label = QLabel(self)
        self.statusBar().addWidget(self.status_label, 1)
        self.statusBar().addPermanentWidget(self.announcer.label)
        self._wire(self.actions_)
        self.resize(1240, 800)
        self._restore_layout()
        self._report_damaged_settings()
        self.on_settings_applied(self.session.settings())
        self._refresh_from_game()
        self.session.check_books()  # a saved book that has become unusable is said at once
        if self.rating is not None:
            self.rating.report_problem()  # a damaged rating file: said once, set aside

    # ------------------------------------------------------------------ layout

    def _build_layout(self) -> None:
        board_column = QWidget(self)
        board_layout = QVBoxLayout(board_column)
        board_layout.setContentsMargins(8, 8, 8, 8)
        board_layout.addWidget(self.history_banner)
        self.board_area = BoardArea(self.board_widget, self.eval_bar, board_column)
        board_layout.addWidget(self.board_area, 1)
        board_layout.addWidget(self.opening_label)
        board_layout.addWidget(self.move_entry)

        # lichess layout: the top side's clock, the moves, the bottom side's clock.
        self.center_column = QWidget(self)
        center_layout = QVBoxLayout(self.center_column)
        center_layout.setContentsMargins(0, 0, 0, 0)
        center_layout.addWidget(self.engine_panel)
        center_layout.addWidget(self.game_info_label)
        center_layout.addWidget(self.move_log, 1)
        center_layout.addWidget(self.review.graph)
        center_layout.addWidget(self.review.panel)
        self.center_layout = center_layout
        self.side_panel = QWidget(self)
        side_layout = QVBoxLayout(self.side_panel)
        side_layout.setContentsMargins(4, 8, 8, 8)
        side_layout.addWidget(self.clock_panel, 1)
        self.clock_panel.set_center_widget(self.center_column)

        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(board_column)
        splitter.addWidget(self.side_panel)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([800, 440])
        splitter.setChildrenCollapsible(False)
        splitter.setObjectName("main_splitter")
        self.splitter = splitter
        self.setCentralWidget(splitter)

        self.search_lab_dock = QDockWidget("Search lab", self)
        self.search_lab_dock.setObjectName("search_lab_dock")
        self.search_lab_dock.setWidget(self.search_lab)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.search_lab_dock)
        self.search_lab_dock.hide()

    def _restore_layout(self) -> None:
        """Size, position, splitter and toolbars as the user left them; damaged values keep the defaults."""
        layout = load_window_layout(self._qsettings)
        if layout.geometry:
            self.restoreGeometry(layout.geometry)
        if layout.state:
            self.restoreState(layout.state)
        if layout.splitter and not self.splitter.restoreState(layout.splitter):
            self.splitter.setSizes([800, 440])

    def _report_damaged_settings(self) -> None:
        """A damaged settings file: the defaults stand in for the bad parts (the loaders did that); say so once."""
        if self._qsettings is None:
            return
        problems: list[str] = []
        load_settings(self._qsettings, problems)
        load_window_layout(self._qsettings, problems)
        load_analysis_settings(self._qsettings, problems)
        if problems:
            self.on_status_message(" ".join(problems))

    def save_layout(self) -> None:
        """Remember size, position, splitter and toolbars for the next start."""
        save_window_layout(
            self._qsettings,
            WindowLayout(
                bytes(self.saveGeometry().data()),
                bytes(self.saveState().data()),
                bytes(self.splitter.saveState().data()),
            ),
        )

    # ------------------------------------------------------------------ wiring (all of it)

    def _wire(self, actions: MainActions) -> None:
        controller, navigator = self.controller, self.navigator
        self.board_widget.move_requested.connect(self.on_move_requested)
        controller.move_made.connect(self.on_move_made)
        controller.move_taken_back.connect(self._refresh_from_game)
        controller.game_started.connect(self._refresh_from_game)
        controller.tree_changed.connect(self._refresh_log)
        controller.game_over.connect(self.on_game_over)
        controller.human_input_enabled.connect(self.on_human_input_enabled)
        controller.status_changed.connect(self.on_status_changed)
        controller.paused_changed.connect(self.on_paused_changed)
        controller.notice_posted.connect(self.on_status_message)
        controller.player_failed.connect(self.on_player_failed)
        navigator.view_changed.connect(self.on_view_changed)
        self.openings.opening_shown.connect(self.opening_label.setText)
        self.chess_clock.changed.connect(self._refresh_status)
        self.move_log.ply_selected.connect(navigator.go_to)
        self.move_log.node_selected.connect(navigator.go_to_node)
        self.move_log.navigation_requested.connect(self.on_navigation_requested)
        self.move_log.promote_requested.connect(controller.promote_variation)
        variations = self.variations
        self.move_log.make_main_line_requested.connect(variations.on_make_main_line_requested)
        self.move_log.delete_requested.connect(variations.on_delete_requested)
        self.move_log.comment_requested.connect(variations.on_comment_requested)
        self.move_log.nags_requested.connect(controller.set_nags)
        self.move_log.continue_requested.connect(variations.on_continue_requested)
        variations.status_message.connect(self.on_status_message)
        self.history_banner.back_button.clicked.connect(navigator.last)
        self.color_scheme.applied.connect(self.history_banner.set_dark)

        actions.new_game.triggered.connect(self.on_new_game_triggered)
        actions.takeback.triggered.connect(controller.takeback)
        actions.claim_draw.triggered.connect(controller.claim_draw)
        actions.resign.triggered.connect(self.on_resign_triggered)
        actions.offer_draw.triggered.connect(self.on_offer_draw_triggered)
        actions.abort.triggered.connect(controller.abort)
        actions.game_details.triggered.connect(self.on_game_details_triggered)
        controller.headers_changed.connect(self._update_players_label)
        actions.pause.toggled.connect(self.on_pause_toggled)
        actions.step.triggered.connect(controller.step)
        actions.flip.triggered.connect(self.on_flip_triggered)
        actions.first_move.triggered.connect(navigator.first)
        actions.previous_move.triggered.connect(navigator.back)
        actions.next_move.triggered.connect(navigator.forward)
        actions.last_move.triggered.connect(navigator.last)
        actions.previous_variation.triggered.connect(navigator.previous_variation)
        actions.next_variation.triggered.connect(navigator.next_variation)
        actions.copy_fen.triggered.connect(self.on_copy_fen_triggered)
        # ``triggered`` passes a bool; the FEN dialog's slot takes optional text instead.
        actions.load_fen.triggered.connect(lambda: self.flows.on_load_fen_triggered())
        actions.edit_position.triggered.connect(self.flows.on_edit_position_triggered)
        actions.paste.triggered.connect(self.flows.on_paste_triggered)
        actions.open_pgn.triggered.connect(self.flows.on_open_pgn_triggered)
        actions.save_pgn.triggered.connect(self.flows.on_save_pgn_triggered)
        actions.copy_pgn.triggered.connect(self.flows.on_copy_pgn_triggered)
        self.flows.position_chosen.connect(self.session.new_game)
        self.flows.game_loaded.connect(self.controller.view_game)
        actions.play_from_here.triggered.connect(self.on_play_from_here_triggered)
        self.flows.status_message.connect(self.on_status_message)
        self.flows.file_used.connect(self.recent_files.add)
        self.recent_files.file_chosen.connect(self.flows.open_file_argument)
        self.recent_files.status_message.connect(self.on_status_message)
        session = self.session
        session.engine_info.connect(self.engine_panel.on_search_info)
        session.engine_info.connect(self.eval_bar.on_search_info)
        session.engine_cleared.connect(self.on_engine_cleared)
        session.book_problem.connect(self.on_status_message)
        self.tablebases.text_changed.connect(self.engine_panel.set_tablebase_text)
        self.tablebases.problem_found.connect(self.on_status_message)
        session.settings_applied.connect(self.on_settings_applied)
        actions.settings.triggered.connect(self.on_settings_triggered)
        actions.next_game.triggered.connect(self.on_next_game_triggered)
        actions.hint.triggered.connect(self.hints.on_hint_triggered)
        actions.search_lab.toggled.connect(self.search_lab_dock.setVisible)
        self.search_lab_dock.visibilityChanged.connect(actions.search_lab.setChecked)
        session.engine_info.connect(self.search_lab.on_engine_info)
        self.search_lab.fen_source = lambda: self.controller.board_at_ply(self.navigator.view_ply()).fen()
        self.search_lab.run_requested.connect(self.on_lab_run_requested)
        self.search_lab.stop_requested.connect(self.on_lab_stop_requested)
        self.hints.arrow_ready.connect(self.board_widget.set_arrows)
        self.hints.status_message.connect(self.on_status_message)
        analysis_mode = self.analysis_mode
        actions.analyse.toggled.connect(analysis_mode.on_analyse_toggled)
        actions.analyse.toggled.connect(self.on_analyse_toggled)
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
        review.annotations_shown.connect(self._refresh_log)
        review.annotations_shown.connect(self._update_actions)
        review.status_message.connect(self.on_status_message)
        controller.annotations_changed.connect(review.on_annotations_changed)
        controller.game_started.connect(review.refresh)
        controller.move_taken_back.connect(review.refresh)
        controller.move_made.connect(review.on_annotations_changed)
        navigator.view_changed.connect(review.on_view_changed)
        actions.quit.triggered.connect(self.close)
        actions.about.triggered.connect(self.on_about_triggered)
        # Keyboard play and screen-reader support.
        self.move_entry.move_entered.connect(self.on_move_requested)
        self.move_entry.message_shown.connect(lambda text: self.announcer.announce(text, always=True))
        self.board_widget.typing_started.connect(self.move_entry.focus_with)
        actions.enter_move.triggered.connect(lambda: self.move_entry.focus_with())
        actions.speak_position.triggered.connect(self.on_speak_position_triggered)
        self.low_time.low_time.connect(self.on_low_time)
        if self.autosave is not None:
            self.autosave.save_failed.connect(self.on_status_message)
        actions.my_rating.setEnabled(self.rating is not None)
        if self.rating is not None:
            actions.my_rating.triggered.connect(self.rating.on_my_rating_triggered)
            self.rating.status_message.connect(self.on_status_message)

    # ------------------------------------------------------------------ slots

    def on_move_requested(self, move: chess.Move) -> None:
        """The board asks for a move: at the live position it goes to the human to move; elsewhere it is a variation.

        A move at an earlier position or in a variation (also of a viewed or finished game)
        never changes the game being played: it is added to the tree (or follows a move
        already there) and shown. No player is asked to answer it.
        """
        if self.navigator.is_live() and self.controller.is_waiting_for_human():
            self.controller.player(self.controller.board().turn).on_move_requested(move)
            return
        self.variations.play_variation(self.navigator.shown_node(), [move])

    def _board_takes_moves(self) -> bool:
        """The live position takes the human's move when it is their turn; any other position takes moves
        (as variations)."""
        return self._human_input_allowed or not self.navigator.is_live()

    def on_navigation_requested(self, where: str) -> None:
        """A navigation button of the move log."""
        {
            "first": self.navigator.first,
            "back": self.navigator.back,
            "forward": self.navigator.forward,
            "last": self.navigator.last,
        }[where]()

    def on_move_made(self, move: chess.Move, san: str) -> None:
        """A move was played: the log grows; the navigator moves the board; it is heard and announced."""
        self.board_widget.set_arrows([])
        self._refresh_log()
        self._update_actions()
        self.sounds.on_move_made(san)
        before = self.controller.board()
        if before.move_stack:
            before.pop()
            self.announcer.announce(describe_move(before, move))

    def on_view_changed(self, ply: int, animate: bool) -> None:
        """Show the navigator's node (``ply`` moves from the start)."""
        node = self.navigator.shown_node()
        board = node.board()
        last_move = board.peek() if board.move_stack else None
        self.board_widget.set_position(board, last_move, animate=animate)
        self.board_widget.set_input_enabled(self._board_takes_moves())
        self.move_entry.set_position(board, self._board_takes_moves())
        self.move_log.set_current_node(node)
        self.history_banner.set_view(ply, self.controller.live_ply(), node.is_mainline())
        self.openings.show_board(board)
        self._refresh_status()
        self.analysis_mode.refresh()

    def on_human_input_enabled(self, enabled: bool) -> None:
        """The controller says whether a human may move now."""
        self._human_input_allowed = enabled
        self.board_widget.set_input_enabled(self._board_takes_moves())
        self.move_entry.set_position(self.navigator.shown_board(), self._board_takes_moves())
        self._update_actions()

    def on_game_over(self, result: GameResult) -> None:
        """Show the result in the log and the status bar."""
        self.move_log.set_result(f"{result.result}  ·  {result.describe()}")
        self._update_actions()
        self.sounds.on_game_over()
        self.announcer.announce(describe_result(result))

    def on_low_time(self, color: chess.Color) -> None:
        """A human's clock fell under ten seconds: a warning sound and words."""
        if self.controller.player(color).is_human() and not self.controller.is_game_over():
            self.sounds.on_low_time()
            seconds = self.chess_clock.remaining_ms(color) // 1000
            self.announcer.announce(f"{side_name(color)}: {seconds} seconds left")

    def on_speak_position_triggered(self) -> None:
        """Read out the shown position, piece by piece (even when move announcements are off)."""
        self.announcer.announce(describe_position(self.navigator.shown_board()), always=True)

    def on_status_changed(self) -> None:
        """The controller's state changed: actions and status line follow it."""
        self._update_actions()

    def on_status_message(self, message: str) -> None:
        """A passing notice (saved, copied, a hint, a file problem) shown over the status line."""
        self.statusBar().showMessage(message, NOTICE_MS)

    def status_text(self) -> str:
        """The status line's description of the game now."""
        return self.status_label.text()

    def on_player_failed(self, message: str) -> None:
        """An engine could not move: say so in a box the user cannot miss (it does not block)."""
        box = QMessageBox(
            QMessageBox.Icon.Warning, "The computer could not move", message, QMessageBox.StandardButton.Ok, self
        )
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        self.failure_box = box

    def on_paused_changed(self, paused: bool) -> None:
        """Keep the Pause action's check state and the Step action in line with the controller."""
        self.actions_.pause.blockSignals(True)
        self.actions_.pause.setChecked(paused)
        self.actions_.pause.blockSignals(False)
        self.actions_.pause.setText("&Resume" if paused else "&Pause")
        self._update_actions()

    def on_pause_toggled(self, checked: bool) -> None:
        """The user paused or resumed computer moves."""
        if checked:
            self.controller.pause()
        else:
            self.controller.resume()

    def on_new_game_triggered(self) -> None:
        """Ask who plays each side (and how), then start a new game."""
        dialog = SettingsDialog(self.session.settings(), self, title="New game")
        if dialog.exec() == SettingsDialog.DialogCode.Accepted and self.flows.confirm_replace_game():
            self.session.apply(dialog.result_settings(), start_new_game=True)

    def on_next_game_triggered(self) -> None:
        """Computer vs computer: the next game, once the user agrees to end this one."""
        if self.flows.confirm_replace_game():
            self.session.next_game()

    def on_play_from_here_triggered(self) -> None:
        """Choose the players, then play on in the viewed game from the shown position."""
        if not self.controller.is_viewing():
            return
        node = self.navigator.shown_node()
        dialog = SettingsDialog(self.session.settings(), self, title="Play from here")
        if dialog.exec() == SettingsDialog.DialogCode.Accepted:
            self.session.apply(dialog.result_settings())
            self.controller.continue_from(node)

    def on_settings_triggered(self) -> None:
        """Edit the settings; they apply from the next move, the game goes on."""
        dialog = SettingsDialog(self.session.settings(), self, title="Settings")
        if dialog.exec() == SettingsDialog.DialogCode.Accepted:
            self.session.apply(dialog.result_settings())

    def on_about_triggered(self) -> None:
        """Version, license and credits."""
        AboutDialog(self).exec()

    def on_settings_applied(self, settings: Settings) -> None:
        """Board options, auto-flip and the engine panel follow the settings."""
        self.sounds.set_settings(settings.access)
        self.announcer.set_enabled(settings.access.announce_moves)
        board = settings.board
        self.board_widget.set_theme(theme_named(board.theme))
        self.board_widget.set_piece_renderer(piece_renderer(board.piece_set))
        self.color_scheme.apply(board.color_scheme)
        self.board_widget.set_show_legal_moves(board.show_legal_moves)
        self.board_widget.set_show_coordinates(board.show_coordinates)
        self.board_widget.set_animation_ms(board.animation_ms)
        humans = settings.human_colors()
        if board.auto_flip and len(humans) == 1:
            self.set_flipped(humans[0] == chess.BLACK)
        computers = [color for color in chess.COLORS if settings.player(color).is_computer()]
        for color in chess.COLORS:
            self.engine_panel.set_side_visible(color, color in computers)
        self.tablebases.apply(settings.tablebases)  # after the session installed this settings' players
        self.engine_panel.setVisible(bool(computers) or self.is_analysing() or settings.tablebases.is_configured())
        self.analysis_mode.update_engines()
        self.eval_bar.setVisible(bool(computers))
        self.board_area.relayout()
        self._update_players_label()
        self._update_actions()  # offering a draw depends on who plays

    def on_engine_cleared(self) -> None:
        """Reports about an earlier position are stale; the bar keeps the position's recorded evaluation."""
        self.engine_panel.clear()
        self.eval_bar.set_info(stored_evaluation(self.controller.node_at_ply(self.controller.live_ply())))
        self.board_widget.set_arrows([])

    def on_resign_triggered(self) -> None:
        """The human resigns (the side to move if human, else the human side)."""
        board = self.controller.board()
        color = board.turn
        if not self.controller.player(color).is_human() and self.controller.player(not color).is_human():
            color = not color
        self.controller.resign(color)

    def on_offer_draw_triggered(self) -> None:
        """The human offers the computer a draw (the action is enabled only in such games)."""
        humans = [color for color in chess.COLORS if self.controller.player(color).is_human()]
        if len(humans) == 1:
            self.controller.offer_draw(humans[0])

    def on_game_details_triggered(self) -> None:
        """Edit the game's headers; the controller applies them to the game it owns."""
        dialog = GameDetailsDialog(self.controller.game().headers, self)
        if self.run_game_details_dialog(dialog):
            self.controller.set_headers(dialog.headers())

    def run_game_details_dialog(self, dialog: GameDetailsDialog) -> bool:
        """Show the dialog modally; True when accepted (replaced in tests)."""
        return dialog.exec() == GameDetailsDialog.DialogCode.Accepted

    def is_analysing(self) -> bool:
        """True while analysis mode is on."""
        return self.analysis_mode.is_analysing()

    def on_analyse_toggled(self, checked: bool) -> None:  # noqa: ARG002 - signal signature
        """Analysis mode on or off (the analysis presenter runs it): the board takes moves as before."""
        self.board_widget.set_input_enabled(self._board_takes_moves())

    def on_flip_triggered(self) -> None:
        """Turn the board around."""
        self.set_flipped(not self.board_widget.is_flipped())

    def set_flipped(self, flipped: bool) -> None:
        """Turn the board (and the clocks with it)."""
        self.board_widget.set_flipped(flipped)
        self.clock_panel.set_flipped(flipped)
        self.eval_bar.set_flipped(flipped)

    def on_copy_fen_triggered(self) -> None:
        """Copy the shown position's FEN."""
        fen = self.navigator.shown_board().fen()
        QGuiApplication.clipboard().setText(fen)
        self.statusBar().showMessage(f"Copied FEN: {fen}", NOTICE_MS)

    # ------------------------------------------------------------------ autosave

    def offer_resume(self, ask: Callable[[str], bool] | None = None) -> bool:
        """Offer the autosaved unfinished game; returns True when it was restored.

        ``ask`` shows the question and returns the answer (a message box by default).
        """
        if self.autosave is None:
            return False
        if ask is None:
            ask = self._ask_yes_no
        restored = self.autosave.take_unfinished_game(ask, self.on_status_message)
        if restored is None:
            return False
        game, extra = restored
        self.controller.load_game(game)
        self.set_flipped(bool(extra.get("flipped", False)))
        clock_text = extra.get("clock")
        if isinstance(clock_text, str):
            try:
                # Exact times, including the part of the current move already thought about.
                self.game_clock.restore(ClockSnapshot.from_setting(clock_text))
            except ValueError:
                pass  # [%clk] comments in the game still give the times after each move
        self.statusBar().showMessage("Resumed the unfinished game", NOTICE_MS)
        return True

    def _ask_yes_no(self, question: str) -> bool:
        answer = QMessageBox.question(self, "Resume the unfinished game?", question)
        return answer == QMessageBox.StandardButton.Yes

    def _autosave_extra(self) -> dict[str, str | int | float | bool]:
        return {"flipped": self.board_widget.is_flipped(), "clock": self.game_clock.snapshot().to_setting()}

    # ------------------------------------------------------------------ helpers

    def set_players(self, white: Player, black: Player) -> None:
        """Install the players (the controller asks the side to move at once)."""
        self.controller.set_players(white, black)
        self._update_players_label()
        self._update_actions()

    def _refresh_from_game(self) -> None:
        self._refresh_log()
        result = self.controller.result()
        self.move_log.set_result(f"{result.result}  ·  {result.describe()}" if result else None)
        self._update_players_label()
        self._update_actions()

    def _refresh_log(self) -> None:
        self.move_log.set_game(self.controller.game(), self.controller.live_node())
        self.move_log.set_current_node(self.navigator.shown_node())

    def _update_players_label(self) -> None:
        """A live game shows who plays now; a viewed game who played it, and where and when."""
        if self.controller.is_viewing():
            headers = self.controller.game().headers
            white, black = (_player_from_tags(headers, color) for color in ("White", "Black"))
            self.game_info_label.setText(_event_line(headers))
            self.game_info_label.setVisible(bool(self.game_info_label.text()))
        else:
            white = self.controller.player(chess.WHITE).name
            black = self.controller.player(chess.BLACK).name
            self.game_info_label.hide()
        self.clock_panel.set_player_names(white, black)

    def _review_engines(self) -> list[ReviewEngine]:
        """Engines that may review: the built-in one, then the UCI engines in the settings (full strength)."""
        return review_engines(self.session.settings())

    def _unfinished_moves(self) -> int:
        """Full moves of the game being played here; 0 when it is finished, empty or only viewed."""
        controller = self.controller
        if controller.is_game_over() or controller.is_viewing():
            return 0
        return full_moves_played(controller.game().board(), controller.board())

    def _refresh_status(self) -> None:
        clock_note = self._clock_note()
        self.clock_panel.set_note(self.chess_clock.to_move(), clock_note or "")
        text = status_text(self.controller, self.navigator.view_ply(), clock_note, not self.navigator.is_on_main_line())
        if text != self.status_label.text():
            self.status_label.setText(text)

    def _clock_note(self) -> str | None:
        """Before the first move the clock waits (the first move is free, as on lichess): say so."""
        clock = self.chess_clock
        if clock.is_timed() and clock.state() is ClockRunState.IDLE and self.controller.live_ply() == 0:
            return f"Clock starts after {chess.COLOR_NAMES[clock.to_move()].capitalize()}'s first move"
        return None

    def _update_actions(self) -> None:
        actions, controller = self.actions_, self.controller
        over = controller.is_game_over()
        viewing = controller.is_viewing()
        actions.takeback.setEnabled(controller.live_ply() > 0 and not viewing)
        actions.claim_draw.setEnabled(controller.can_claim_draw())
        actions.resign.setEnabled(not over and not viewing)
        actions.play_from_here.setEnabled(viewing)
        actions.review_game.setEnabled(controller.live_ply() > 0)
        actions.next_mistake.setEnabled(self.review.has_errors())
        humans = sum(1 for color in chess.COLORS if controller.player(color).is_human())
        actions.offer_draw.setEnabled(not over and not viewing and humans == 1)
        actions.abort.setEnabled(controller.can_abort() and not viewing)
        # Pausing is for games where a computer plays (there is nothing else to hold).
        computer = controller.has_computer_player() and not viewing
        actions.pause.setEnabled(computer and not over)
        actions.step.setEnabled(computer and controller.is_paused() and not over)
        self._refresh_status()

    # ------------------------------------------------------------------ Qt overrides

    def on_lab_run_requested(self, config: LabConfig) -> None:
        """Search lab: run an experiment on the shown position (the runner starts on first use)."""
        if self.lab_runner is None:
            self.lab_runner = LabRunner()
            self.lab_runner.iteration_done.connect(self.search_lab.on_run_iteration)
            self.lab_runner.run_finished.connect(self.search_lab.on_run_finished)
            self.lab_runner.run_failed.connect(self.search_lab.on_run_failed)
        self.search_lab.on_run_started(self.lab_runner.start(config), config)

    def on_lab_stop_requested(self) -> None:
        if self.lab_runner is not None:
            self.lab_runner.stop()

    def closeEvent(self, event: QCloseEvent) -> None:
        """Stop any search and release engine threads before the window goes."""
        self.controller.stop_thinking()
        self.hints.shutdown()
        self.analysis.shutdown()
        self.review.shutdown()
        if self.lab_runner is not None:
            self.lab_runner.shutdown()
        if self.autosave is not None:
            self.autosave.save_now()  # an unfinished game stays offered for next time
        self.save_layout()
        for color in chess.COLORS:
            self.controller.player(color).shutdown()
        super().closeEvent(event)


def _player_from_tags(headers: chess.pgn.Headers, color: str) -> str:
    """ "Carlsen, Magnus (2847)" from the White/WhiteElo tags; the colour's name when unknown."""
    name = headers.get(color, "?").strip()
    if name in ("", "?"):
        name = color
    elo = headers.get(f"{color}Elo", "").strip()
    return f"{name} ({elo})" if elo.isdigit() and elo != "0" else name


def _event_line(headers: chess.pgn.Headers) -> str:
    """ "Club final · Lyon · 2021.12.03 · round 6", leaving out unknown parts ("?", "????.??.??")."""
    parts = [headers.get("Event", "?"), headers.get("Site", "?")]
    date = headers.get("Date", "?").replace(".??", "")
    parts.append(date)
    round_ = headers.get("Round", "?")
    parts.append(f"round {round_}" if round_ not in ("", "?", "-") else "")
    return " · ".join(part.strip() for part in parts if part.strip() and "?" not in part)
