"""Turns the user's Settings into a game being played: players, clock, engine reports.

One job: keep the controller's players and time control in line with the
settings, relay what the engines report (to the engine panel, the evaluation
bar and the game record as ``[%eval]``), and start follow-up games for
computer-vs-computer viewing. MainWindow wires its signals to the views.
"""

from __future__ import annotations

import random

import chess
import chess.pgn
from PySide6.QtCore import QObject, QSettings, Signal

from chessgui.clock.game_clock import GameClock
from chessgui.engines.info import EngineInfo
from chessgui.engines.players import create_player
from chessgui.game.controller import GameController
from chessgui.game.openings import opening_series
from chessgui.game.players import Player
from chessgui.storage.book import BookChoice, book_problem
from chessgui.storage.settings import Settings, save_settings


class PlaySession(QObject):
    """Applies settings to the controller and relays engine reports.

    Signals:
        settings_applied(Settings): new settings are in force (views re-read board options).
        engine_info(EngineInfo): a report from the computer player that is thinking now.
        engine_cleared(): a new game or takeback made the shown reports stale.
        book_problem(str): a side's opening book cannot be used (plain words); it plays by search.
    """

    settings_applied = Signal(object)
    engine_info = Signal(object)
    engine_cleared = Signal()
    book_problem = Signal(str)

    def __init__(
        self,
        controller: GameController,
        game_clock: GameClock,
        settings: Settings,
        qsettings: QSettings | None = None,
        rng: random.Random | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._controller = controller
        self._game_clock = game_clock
        self._qsettings = qsettings
        self._settings = settings
        self._openings = opening_series(rng or random.Random())
        # The latest report of each side for the move it is thinking about; it becomes the
        # move's [%eval] once the move is played.
        self._latest: dict[chess.Color, EngineInfo | None] = {chess.WHITE: None, chess.BLACK: None}
        controller.move_made.connect(self.on_move_made)
        controller.game_started.connect(self.on_game_reset)
        controller.move_taken_back.connect(self.on_game_reset)
        self._install_players(settings, force=True)
        self._apply_time_settings(settings)

    def settings(self) -> Settings:
        """The settings in force."""
        return self._settings

    def apply(self, settings: Settings, start_new_game: bool = False) -> None:
        """Use ``settings`` from now on; save them; optionally start a new game with them.

        A change of players takes effect from the next move: a search in progress is
        stopped and the side to move is asked again by its (new) player.
        """
        self._settings = settings
        if self._qsettings is not None:
            save_settings(self._qsettings, settings)
            self._qsettings.sync()
        self._apply_time_settings(settings)
        self._install_players(settings, force=False)
        if start_new_game:  # first, so what the settings change is judged on the new game (e.g. its rating)
            self.new_game()
        self.settings_applied.emit(settings)
        self.check_books()

    def new_game(self, start_fen: str | None = None) -> None:
        """A new game with the current players (fresh hash tables for the engines)."""
        for color in chess.COLORS:
            self._controller.player(color).new_game()
        self._controller.new_game(start_fen)

    def check_books(self) -> list[str]:
        """Report (``book_problem``) each computer side whose book cannot be used; returns the messages."""
        problems: list[str] = []
        for color in chess.COLORS:
            player = self._settings.player(color)
            problem = book_problem(player.book) if player.is_computer() else None
            if problem is not None:
                side = self.tr("White") if color == chess.WHITE else self.tr("Black")
                problems.append(
                    self.tr("{side}: {problem} The engine plays by search.").format(side=side, problem=problem)
                )
        for message in problems:
            self.book_problem.emit(message)
        return problems

    def _books_vary_openings(self) -> bool:
        """True when a computer side plays a working book with weighted-random choice."""
        return any(
            self._settings.player(color).is_computer()
            and self._settings.player(color).book.enabled
            and self._settings.player(color).book.choice is BookChoice.WEIGHTED_RANDOM
            and book_problem(self._settings.player(color).book) is None
            for color in chess.COLORS
        )

    def next_game(self) -> None:
        """Computer vs computer: a new game with a different opening.

        With a weighted-random book the book itself varies the openings, so the game
        starts from the standard position; otherwise from the next line of a varied series.
        """
        if self._books_vary_openings():
            self.new_game()
            return
        opening = next(self._openings)
        game = chess.pgn.Game()
        node: chess.pgn.GameNode = game
        for uci in opening.moves:
            node = node.add_main_variation(chess.Move.from_uci(uci))
        game.headers["Opening"] = opening.name
        for color in chess.COLORS:
            self._controller.player(color).new_game()
        self._controller.load_game(game)

    # ------------------------------------------------------------------ slots

    def on_player_search_info(self, info: EngineInfo) -> None:
        """An engine finished an iteration: remember it for the move's [%eval] and relay it."""
        self._latest[info.color] = info
        self.engine_info.emit(info)

    def on_move_made(self, move: chess.Move, san: str) -> None:  # noqa: ARG002 - signal signature
        """Store the mover's last evaluation on the move just played."""
        board = self._controller.board()
        mover = not board.turn
        info = self._latest[mover]
        self._latest[mover] = None
        if info is None or self._controller.player(mover).is_human():
            return
        if info.is_book() and info.best_move() == move:
            self._controller.tree_editor.set_move_comment(self._controller.live_ply(), "book")
        elif info.is_tablebase() and info.best_move() == move:  # exact: its score and a "tablebase" comment
            self._controller.tree_editor.set_move_comment(self._controller.live_ply(), "tablebase")
            self._controller.tree_editor.set_move_eval(
                self._controller.live_ply(), info.to_pov_score()
            )  # keeps the word
        elif not info.is_book():
            self._controller.tree_editor.set_move_eval(self._controller.live_ply(), info.to_pov_score(), info.depth)

    def on_game_reset(self) -> None:
        """New game or takeback: earlier reports no longer describe the position."""
        self._latest = {chess.WHITE: None, chess.BLACK: None}
        self.engine_cleared.emit()

    # ------------------------------------------------------------------ internals

    def _apply_time_settings(self, settings: Settings) -> None:
        self._game_clock.set_time_control(settings.time_control)
        # The game clock is the one provider of the engines' clock times; engines set to a
        # fixed time per move must not be handed the clock.
        self._game_clock.set_engine_time_mode(settings.engine_time_mode)
        self._controller.turns.set_min_move_delay_ms(settings.min_move_delay_ms)

    def _install_players(self, settings: Settings, force: bool) -> None:
        new: dict[chess.Color, Player] = {}
        changed = force
        for color in chess.COLORS:
            wanted = settings.player(color)
            player = self._controller.player(color)
            if not force and player.apply_settings(wanted):  # e.g. only the strength changed: from the next move
                new[color] = player
            else:
                new[color] = create_player(wanted, color, self._controller)
                new[color].search_info.connect(self.on_player_search_info)
                changed = True
        if changed:
            self._controller.set_players(new[chess.WHITE], new[chess.BLACK])
        else:  # the same players, perhaps at another level
            self._controller.refresh_player_tags()
