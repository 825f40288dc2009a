"""Game review in the window: the review job, the eval graph, the review panel and the board's mark.

The job writes its verdicts into the game through the controller; this presenter only
redraws from the game's annotations (so a PGN loaded with a review looks the same), and
turns the user's requests (review, cancel, next mistake, a click on the graph) into calls.
Redraws are coalesced: a review annotates a position every fraction of a second and the
views need not follow each one separately.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import chess
from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QMessageBox, QWidget

from chessgui.dialogs.retry_dialog import RetryDialog
from chessgui.dialogs.review_dialog import ReviewDialog
from chessgui.engines.review import ReviewEngine, ReviewJob, ReviewLimit
from chessgui.engines.try_checker import TryChecker
from chessgui.game.chess_words import PieceLetters, side_name
from chessgui.game.controller import GameController
from chessgui.game.navigator import GameNavigator
from chessgui.game.retry import RetrySession, retry_positions
from chessgui.game.review import Judgement, next_error_ply, summarize
from chessgui.views.board.badge import SquareBadge
from chessgui.views.board.board_widget import BoardWidget
from chessgui.views.eval_graph import EvalGraph
from chessgui.views.judgement_style import JUDGEMENT_COLORS
from chessgui.views.review_panel import ReviewPanel

REDRAW_DELAY_MS = 200
"""Annotations arriving within this time are drawn together."""
LOG_REFRESH_S = 2.0
"""While a review runs, the move log (rebuilt whole, the costliest redraw) follows at most this often."""


class ReviewPresenter(QObject):
    """Runs reviews for the window and keeps the graph, the panel and the board's mark current.

    Signals:
        annotations_shown(): the game's annotations changed and the views were redrawn (the
            window refreshes the move log on it).
        status_message(str): a passing notice for the status bar.
        review_started(): a review of the game began (the rating counts it as the engine's help).
        review_offered(bool): whether to offer a review of the game (finished, with moves, not reviewed).
    """

    annotations_shown = Signal()
    status_message = Signal(str)
    review_started = Signal()
    review_offered = Signal(bool)

    def __init__(
        self,
        window: QWidget,
        controller: GameController,
        navigator: GameNavigator,
        board_widget: BoardWidget,
        engines: Callable[[], list[ReviewEngine]],
    ) -> None:
        super().__init__(window)
        self._window = window
        self._controller = controller
        self._navigator = navigator
        self._board_widget = board_widget
        self._engines = engines
        self.job = ReviewJob(controller, self)
        self.graph = EvalGraph(window)
        self.panel = ReviewPanel(window)
        self.graph.hide()
        self.failure_box: QMessageBox | None = None
        self._redraw_timer = QTimer(self)
        self._redraw_timer.setSingleShot(True)
        self._redraw_timer.setInterval(REDRAW_DELAY_MS)
        self._redraw_timer.timeout.connect(self.refresh)
        self._log_shown_at = 0.0
        self._thinking_hidden = False
        self.piece_letters = PieceLetters.ENGLISH
        """How moves name their pieces in Learn from your mistakes (set from the settings)."""

    # ------------------------------------------------------------------ requests
    def on_review_triggered(self) -> None:
        """Ask how to review, then start."""
        dialog = ReviewDialog(self._engines(), self._controller.live_ply() + 1, self._window)
        if self.run_dialog(dialog):
            self.start(dialog.limit(), dialog.chosen_engine())

    def run_dialog(self, dialog: ReviewDialog) -> bool:
        """Show the dialog modally; True when accepted (replaced in tests)."""
        return dialog.exec() == ReviewDialog.DialogCode.Accepted

    def start(self, limit: ReviewLimit, engine: ReviewEngine | None = None) -> None:
        """Review the game with ``limit`` per position."""
        self.status_message.emit(self.tr("Reviewing the game ({description})…").format(description=limit.describe()))
        self.review_started.emit()
        self.job.start(limit, engine)

    def on_next_mistake_triggered(self) -> None:
        """Show the next error of either side after the shown move."""
        self._go_to_error(None)

    def on_next_error_requested(self, color: chess.Color) -> None:
        """Show ``color``'s next error after the shown move."""
        self._go_to_error(color)

    def on_learn_triggered(self) -> None:
        """Learn from the mistakes of the side at the bottom of the board (lichess's choice: the
        side you play, or the one you turned the board to)."""
        self.on_learn_requested(chess.BLACK if self._board_widget.is_flipped() else chess.WHITE)

    def on_learn_requested(self, color: chess.Color) -> None:
        """Solve ``color``'s reviewed errors again on a board of their own; the game is not changed."""
        positions = retry_positions(self._controller.game(), color)
        if not positions:
            if next_error_ply(self._controller.game(), color, 0) is None:
                message = self.tr("{side} has no reviewed mistakes to learn from. Review the game first (Ctrl+R).")
            else:  # marked by hand, or by a review that left no better move
                message = self.tr("{side}'s marked mistakes have no better move noted. Review the game first (Ctrl+R).")
            self.status_message.emit(message.format(side=side_name(color)))
            return
        dialog = RetryDialog(
            RetrySession(tuple(positions)), TryChecker(), self._board_widget, self.piece_letters, self._window
        )
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.run_retry_dialog(dialog)

    def run_retry_dialog(self, dialog: RetryDialog) -> None:
        """Show the dialog modally (replaced in tests)."""
        dialog.exec()

    def has_errors(self) -> bool:
        """True when the game has a move marked ?!, ? or ??."""
        return next_error_ply(self._controller.game(), None, 0) is not None

    # ------------------------------------------------------------------ job and game signals
    def on_running_changed(self, running: bool) -> None:
        """Show or hide the progress row."""
        self.panel.set_running(running)
        self.refresh()

    def on_review_finished(self) -> None:
        """Every position is reviewed."""
        self.refresh()
        self.status_message.emit(self.tr("Review finished"))

    def on_review_failed(self, message: str) -> None:
        """The engine failed: say so plainly (the box does not block); the analysis so far stays."""
        self.refresh()
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            self.tr("The review stopped"),
            message,
            QMessageBox.StandardButton.Ok,
            self._window,
        )
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        self.failure_box = box

    def on_annotations_changed(self, ply: int) -> None:  # noqa: ARG002 - signal signature
        """A review wrote into the game: redraw soon (coalesced)."""
        if not self._redraw_timer.isActive():
            self._redraw_timer.start()

    def on_view_changed(self, ply: int, animate: bool = False) -> None:  # noqa: ARG002 - signal signature
        """The board shows another position: move the graph's marker and the board's mark."""
        self.graph.set_current_ply(ply)
        self._update_badge(ply)

    def refresh(self) -> None:
        """Redraw the graph, the summary and the board's mark from the game's annotations."""
        self._redraw_timer.stop()
        game = self._controller.game()
        self.graph.set_game(game)
        evaluated = self.graph.has_evaluations()
        # Only a fully evaluated game gets a summary: a game played against an engine has evals on
        # the engine's moves alone, and figures over a few of them would mislead.
        complete = evaluated and all(point.white_win is not None for point in self.graph.points()[1:])
        # During a person's game against the computer its evaluations are hidden, unless the person
        # had the whole game reviewed (their request, and the rating already counts it as help).
        self.graph.setVisible(evaluated and (complete or not self._thinking_hidden))
        # The summary waits for the end of a review: half-reviewed figures would mislead, and
        # skipping them keeps each redraw during a review short.
        summary = summarize(game) if complete and not self.job.is_running() else None
        self.panel.set_summary(summary)
        self.panel.setVisible(summary is not None or self.job.is_running())
        controller = self._controller
        finished = controller.is_game_over() and controller.live_ply() > 0
        self.review_offered.emit(finished and summary is None and not self.job.is_running())
        ply = self._navigator.view_ply()
        self.graph.set_current_ply(ply)
        self._update_badge(ply)
        now = time.monotonic()
        if not self.job.is_running() or now - self._log_shown_at >= LOG_REFRESH_S:
            # Keeps the GUI thread's work per reviewed position small (the window stays fluent).
            self._log_shown_at = now
            self.annotations_shown.emit()

    def on_thinking_hidden_changed(self, hidden: bool) -> None:
        """The computer's evaluations are kept from the person playing it (or shown again): redraw."""
        self._thinking_hidden = hidden
        self.refresh()

    def shutdown(self) -> None:
        """Stop the review and its thread (the window closes)."""
        self.job.shutdown()

    # ------------------------------------------------------------------ helpers
    def _go_to_error(self, color: chess.Color | None) -> None:
        ply = next_error_ply(self._controller.game(), color, self._navigator.view_ply())
        if ply is None:
            who = "" if color is None else self.tr(" by {side}").format(side=side_name(color))
            self.status_message.emit(self.tr("No inaccuracies, mistakes or blunders{who} are marked.").format(who=who))
            return
        self._navigator.go_to(ply)

    def _update_badge(self, ply: int) -> None:
        badge = None
        if 0 < ply <= self._controller.live_ply():
            node = self._controller.node_at_ply(ply)
            judgement = Judgement.from_nags(node.nags)
            color = JUDGEMENT_COLORS.get(judgement)
            if color is not None and node.move is not None:
                badge = SquareBadge(node.move.to_square, judgement.value, color)
        self._board_widget.set_badge(badge)
