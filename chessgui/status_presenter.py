"""What the window says about the game now: the move log and its result, who plays, the status line, the actions.

Everything here is derived from the controller and the navigator on every change (never
remembered), so a new game, a takeback or a loaded game all show the same way. MainWindow
wires the signals; this presenter only redraws.
"""

from __future__ import annotations

import chess
import chess.pgn
from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtWidgets import QLabel, QMainWindow, QMessageBox

from chessgui.actions import MainActions
from chessgui.clock.chess_clock import ChessClock, ClockRunState
from chessgui.game.chess_words import player_display_name, side_name
from chessgui.game.controller import GameController
from chessgui.game.navigator import GameNavigator
from chessgui.game.players import Player
from chessgui.game.result import GameResult
from chessgui.review_presenter import ReviewPresenter
from chessgui.views.clock_widget import ClockPanel
from chessgui.views.move_log import MoveLogPanel
from chessgui.views.status_line import status_text


class StatusPresenter(QObject):
    """Keeps the log, the players' names, the status line and the actions' enabled states in line with the game."""

    def __init__(
        self,
        window: QMainWindow,
        controller: GameController,
        navigator: GameNavigator,
        actions: MainActions,
        move_log: MoveLogPanel,
        game_info_label: QLabel,
        clock_panel: ClockPanel,
        chess_clock: ChessClock,
        status_label: QLabel,
        review: ReviewPresenter,
    ) -> None:
        super().__init__(window)
        self._window = window
        self.controller = controller
        self.navigator = navigator
        self.actions = actions
        self.move_log = move_log
        self.game_info_label = game_info_label
        self.clock_panel = clock_panel
        self.chess_clock = chess_clock
        self.status_label = status_label
        self.review = review
        self.failure_box: QMessageBox | None = None  # the last "could not move" message, if any

    def refresh_from_game(self) -> None:
        """A new, loaded or taken-back game: the log, its result, the players and the actions."""
        self.refresh_log()
        result = self.controller.result()
        self.move_log.set_result(f"{result.result}  ·  {result.describe()}" if result else None)
        self.update_players_label()
        self.update_actions()

    def refresh_log(self) -> None:
        """The log shows the game's tree and the shown node."""
        self.move_log.set_game(self.controller.game(), self.controller.live_node())
        self.move_log.set_current_node(self.navigator.shown_node())

    def update_players_label(self) -> None:
        """A live game shows who plays now; a viewed game who played it, and where and when."""
        if self.controller.is_viewing():
            headers = self.controller.game().headers
            white, black = (_player_from_tags(headers, color) for color in chess.COLORS)
            self.game_info_label.setText(_event_line(headers))
            self.game_info_label.setVisible(bool(self.game_info_label.text()))
        else:
            white, black = (_live_player(self.controller.player(color)) for color in chess.COLORS)
            self.game_info_label.hide()
        self.clock_panel.set_player_names(white, black)

    def refresh_status(self) -> None:
        """The status line (and the clock's note) describe the game now."""
        clock_note = self._clock_note()
        self.clock_panel.set_note(self.chess_clock.to_move(), clock_note or "")
        text = status_text(self.controller, self.navigator.view_ply(), clock_note, not self.navigator.is_on_main_line())
        if text != self.status_label.text():
            self.status_label.setText(text)

    def _clock_note(self) -> str | None:
        """Before the first move the clock waits (the first move is free, as on lichess): say so."""
        clock = self.chess_clock
        if clock.is_timed() and clock.state() is ClockRunState.IDLE and self.controller.live_ply() == 0:
            return self.tr("Clock starts after {side}'s first move").format(side=side_name(clock.to_move()))
        return None

    def update_actions(self) -> None:
        """Enable the actions the game allows now; the status line follows."""
        actions, controller = self.actions, self.controller
        over = controller.is_game_over()
        viewing = controller.is_viewing()
        actions.takeback.setEnabled(controller.live_ply() > 0 and not viewing)
        actions.claim_draw.setEnabled(controller.ending.can_claim_draw())
        actions.resign.setEnabled(not over and not viewing)
        actions.play_from_here.setEnabled(viewing)
        actions.review_game.setEnabled(controller.live_ply() > 0)
        actions.next_mistake.setEnabled(self.review.has_errors())
        actions.learn_mistakes.setEnabled(self.review.has_errors())
        humans = sum(1 for color in chess.COLORS if controller.player(color).is_human())
        actions.offer_draw.setEnabled(not over and not viewing and humans == 1)
        actions.abort.setEnabled(controller.ending.can_abort() and not viewing)
        # Pausing is for games where a computer plays (there is nothing else to hold).
        computer = controller.has_computer_player() and not viewing
        actions.pause.setEnabled(computer and not over)
        actions.step.setEnabled(computer and controller.is_paused() and not over)
        self.refresh_status()

    def on_game_over(self, result: GameResult) -> None:
        """Show the result in the log and the status bar."""
        self.move_log.set_result(f"{result.result}  ·  {result.describe()}")
        self.update_actions()

    def on_paused_changed(self, paused: bool) -> None:
        """Keep the Pause action's check state and the Step action in line with the controller."""
        self.actions.pause.blockSignals(True)
        self.actions.pause.setChecked(paused)
        self.actions.pause.blockSignals(False)
        self.actions.pause.setText(self.tr("&Resume") if paused else self.tr("&Pause"))
        self.update_actions()

    def on_player_failed(self, message: str) -> None:
        """An engine could not move: say so in a box the user cannot miss (it does not block)."""
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            self.tr("The computer could not move"),
            message,
            QMessageBox.StandardButton.Ok,
            self._window,
        )
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        self.failure_box = box


def _live_player(player: Player) -> str:
    """ "Built-in engine (1600)": the player's name as shown, with the level it is held to."""
    name = player_display_name(player.name)
    elo = player.level_elo()
    return name if elo is None else f"{name} ({elo})"


def _player_from_tags(headers: chess.pgn.Headers, color: chess.Color) -> str:
    """ "Carlsen, Magnus (2847)" from the White/WhiteElo tags; the colour's name (translated) when unknown."""
    tag = "White" if color == chess.WHITE else "Black"
    name = player_display_name(headers.get(tag, "?").strip())
    if name in ("", "?"):
        name = side_name(color)
    elo = headers.get(f"{tag}Elo", "").strip()
    return f"{name} ({elo})" if elo.isdigit() and elo != "0" else name


def _event_line(headers: chess.pgn.Headers) -> str:
    """ "Club final · Lyon · 2021.12.03 · round 6", leaving out unknown parts ("?", "????.??.??")."""
    parts = [headers.get("Event", "?"), headers.get("Site", "?")]
    date = headers.get("Date", "?").replace(".??", "")
    parts.append(date)
    round_ = headers.get("Round", "?")
    if round_ not in ("", "?", "-"):
        parts.append(QCoreApplication.translate("StatusPresenter", "round {round}").format(round=round_))
    return " · ".join(part.strip() for part in parts if part.strip() and "?" not in part)
