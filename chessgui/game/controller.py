"""The single source of truth for the game in progress.

``GameController`` owns the ``chess.pgn.Game`` tree and the live ``chess.Board``.
Nothing else changes the game: the board widget only *requests* moves (through
the human player), players answer ``go`` requests (asked by ``game/turns.py``), and every view redraws from
the controller's signals. python-chess decides legality, SAN and game end.

The live line is the game's main line from the root up to ``self._live_node``;
moves are always appended there, so a loaded PGN keeps its variations and
comments intact.

A game opened from a file or the clipboard is *viewed* (:meth:`view_game`): no
player is asked to move until the user chooses to play on from a position of
it (:meth:`play_from`). Games started here (:meth:`new_game`, :meth:`load_game`
for resuming and follow-up games) are played at once.
"""

from __future__ import annotations

import datetime

import chess
import chess.pgn
from PySide6.QtCore import QObject, Signal

from chessgui.game import tree
from chessgui.game.game_end import GameEnd
from chessgui.game.players import HumanPlayer, Player
from chessgui.game.result import GameResult, Termination
from chessgui.game.tree_editor import GameTreeEditor
from chessgui.game.turns import TurnScheduler
from chessgui.storage.fen_check import parse_fen


class GameController(QObject):
    """Owns the game; asks the side to move's player for moves (through :attr:`turns`); announces changes.

    Signals:
        game_started(): a new game or a loaded game replaced the old one.
        move_made(chess.Move, str): a move was pushed on the live board (with its SAN).
        move_taken_back(): the last live move was removed.
        position_changed(): the live position changed for any reason (redraw from ``board()``).
        game_over(GameResult): the game ended (mate, draw rule, claim, resignation, flag).
        human_input_enabled(bool): whether the board should accept mouse moves now.
        status_changed(): something the status line describes changed (turn, thinking,
            paused, failure, result); views re-read it through the queries.
        notice_posted(str): a short notice for the status bar (e.g. a declined draw offer).
        paused_changed(bool): computer moves were paused or resumed.
        thinking_started(chess.Color): a computer player was asked to move.
        player_failed(str): a player could not move (plain words); the game is paused, intact.
        headers_changed(): the game's PGN headers (event, players' names, …) were edited.
        tree_changed(): moves, comments or NAGs in the game tree were added, moved or removed
            (variations, annotations); the live position did not change unless viewing.
        annotations_changed(int): a review changed the annotations (eval, NAGs, comment) at this ply.

    While a loaded game is viewed (:meth:`is_viewing`) no player is asked to move and
    its tags (players, event, date) stay as loaded.
    """

    game_started = Signal()
    move_made = Signal(object, str)
    move_taken_back = Signal()
    position_changed = Signal()
    game_over = Signal(object)
    human_input_enabled = Signal(bool)
    status_changed = Signal()
    notice_posted = Signal(str)
    paused_changed = Signal(bool)
    thinking_started = Signal(object)
    player_failed = Signal(str)
    headers_changed = Signal()
    tree_changed = Signal()
    annotations_changed = Signal(int)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._game = chess.pgn.Game()
        self._board = chess.Board()
        self._live_node: chess.pgn.GameNode = self._game
        self._result: GameResult | None = None
        self._viewing = False  # a loaded game shown for viewing: nobody is asked to move
        self.turns = TurnScheduler(self, self._push_move)
        """Whom to ask for a move and when (players, the pending request, watching delay, pause, failures).
        The clock and the session install their hooks on it directly (clock provider, move gate, watching
        delay); everything views ask or request goes through this controller's methods, which delegate to it."""
        self.tree_editor = GameTreeEditor(self, self._tree_edited)
        """Variations, comments, NAGs, review annotations and headers: callers use it directly; the changes are
        announced by this controller's signals."""
        self.ending = GameEnd(self)
        """Claims, resignation, draw offers and aborting (and whether they are allowed now): callers use it
        directly; it ends the game through :meth:`end_game`."""
        self.set_players(HumanPlayer("White"), HumanPlayer("Black"))
        self._game.headers["Result"] = "*"
        self._game.headers["Date"] = _today()

    # ------------------------------------------------------------------ queries

    def board(self) -> chess.Board:
        """A copy of the live position with its move stack (never the live object)."""
        return self._board.copy()

    def turn(self) -> chess.Color:
        """The side to move in the live position (cheap: no copy of the board)."""
        return self._board.turn

    def game(self) -> chess.pgn.Game:
        """The game tree (headers, moves, comments, evaluations). Do not mutate it."""
        return self._game

    def result(self) -> GameResult | None:
        """How the game ended, or None while it is in progress."""
        return self._result

    def is_game_over(self) -> bool:
        """True once the game has a result."""
        return self._result is not None

    def live_ply(self) -> int:
        """Number of moves played from the start position."""
        return len(self._board.move_stack)

    def live_node(self) -> chess.pgn.GameNode:
        """The node of the live position (the end of the live line, on the main line)."""
        return self._live_node

    def node_at_ply(self, ply: int) -> chess.pgn.GameNode:
        """The main-line node after ``ply`` moves (0 = the root)."""
        node: chess.pgn.GameNode = self._game
        for _ in range(max(0, min(ply, self.live_ply()))):
            node = node.variations[0]
        return node

    def board_at_ply(self, ply: int) -> chess.Board:
        """The position after ``ply`` moves, with the move stack up to it."""
        board = self._game.board()
        for move in self._board.move_stack[: max(0, min(ply, self.live_ply()))]:
            board.push(move)
        return board

    def player(self, color: chess.Color) -> Player:
        """The player of ``color``."""
        return self.turns.player(color)

    def is_paused(self) -> bool:
        """True while computer moves are paused."""
        return self.turns.is_paused()

    def has_computer_player(self) -> bool:
        """True when a computer plays at least one side (only then is there anything to pause)."""
        return self.turns.has_computer_player()

    def thinking_color(self) -> chess.Color | None:
        """The computer side that has been asked for a move and not yet answered, if any."""
        return self.turns.thinking_color()

    def failure_message(self) -> str | None:
        """Plain words on why the game is paused after a player failed, else None."""
        return self.turns.failure_message()

    def is_waiting_for_human(self) -> bool:
        """True when the side to move is a human who has been asked for a move."""
        return self.turns.is_waiting_for_human()

    def is_viewing(self) -> bool:
        """True while a loaded game is shown for viewing (nobody plays until :meth:`play_from`)."""
        return self._viewing

    def start_fen(self) -> str:
        """FEN of the game's starting position."""
        return self._game.board().fen()

    # ------------------------------------------------------------------ set-up

    def set_players(self, white: Player, black: Player) -> None:
        """Replace both players; a search in progress is stopped and the side to move re-asked."""
        self.turns.set_players(white, black)
        if not self._viewing:  # a viewed game keeps the names of the people who played it
            self._write_player_tags()
        self.turns.schedule_next_move(delay=False)

    def refresh_player_tags(self) -> None:
        """A player's level changed (the same player kept): its PGN tags and shown name follow."""
        if not self._viewing:
            self._write_player_tags()
            self.headers_changed.emit()

    def new_game(self, start_fen: str | None = None) -> None:
        """Start a new game from the standard position or ``start_fen``.

        Raises :class:`~chessgui.storage.fen_check.InvalidFenError` (the game unchanged) when
        ``start_fen`` is no playable position: python-chess alone would set up a board without
        kings, or raise a bare ValueError."""
        board = parse_fen(start_fen) if start_fen is not None and start_fen != chess.STARTING_FEN else None
        game = chess.pgn.Game()
        game.headers["Date"] = _today()
        if board is not None:
            game.setup(board)
        self._install_game(game)

    def load_game(self, game: chess.pgn.Game) -> None:
        """Replace the game by ``game`` and play on from the end of its main line (resuming, follow-up games)."""
        self._install_game(game)

    def view_game(self, game: chess.pgn.Game) -> None:
        """Show ``game`` (from a file or the clipboard) for viewing: nobody moves, its tags stay as they are."""
        self._install_game(game, viewing=True)

    def play_from(self, ply: int) -> None:
        """Play on in the viewed game from the position after ``ply`` moves, with the current players.

        The moves up to ``ply`` stay; the rest of the main line is kept as a variation
        (it becomes the main line again if the same move is played).
        """
        if self._viewing:
            self.continue_from(self.node_at_ply(ply))

    def continue_from(self, node: chess.pgn.GameNode) -> None:
        """Make ``node``'s line the main line and play on from it with the current players.

        Nothing is removed: the moves of the old main line after the branch stay as a
        variation. A finished or viewed game becomes a game in progress again. The view
        asks the user first; this only does it.
        """
        if not tree.is_attached(node, self._game):
            raise ValueError("the node is not part of this game")
        self.turns.cancel_request()
        self._viewing = False
        self.turns.unpause()
        tree.make_main_line(node)
        self._live_node = node
        self._board = node.board()
        self._result = None
        headers = self._game.headers
        self._write_player_tags()
        headers["Result"] = "*"
        headers.pop("Termination", None)
        if "?" in headers.get("Date", "?"):
            headers["Date"] = _today()
        self.game_started.emit()
        self.position_changed.emit()
        if not self._check_automatic_end():
            self.turns.schedule_next_move(delay=False)

    def _write_player_tags(self, colors: tuple[chess.Color, ...] = (chess.WHITE, chess.BLACK)) -> None:
        """White, Black and, for an engine held to a level, WhiteElo/BlackElo (removed otherwise)."""
        for color in colors:
            tag = _TAGS[color]
            player = self.player(color)
            self._game.headers[tag] = player.name
            elo = player.level_elo()
            if elo is None:
                self._game.headers.pop(f"{tag}Elo", None)
            else:
                self._game.headers[f"{tag}Elo"] = str(elo)

    def _install_game(self, game: chess.pgn.Game, viewing: bool = False) -> None:
        self.turns.cancel_request()
        self._viewing = viewing
        # State belongs to the game it was made in: the new game starts unpaused.
        self.turns.unpause()
        self._game = game
        self._live_node = game.end()
        self._board = self._live_node.board()
        self._result = None
        if not viewing:
            # A resumed game keeps the names it was played under; a new one gets its players'.
            self._write_player_tags(
                tuple(color for color in chess.COLORS if game.headers.get(_TAGS[color], "?") == "?")
            )
            if "?" in game.headers.get("Date", "?"):
                game.headers["Date"] = _today()
        recorded = game.headers.get("Result", "*")
        self.game_started.emit()
        self.position_changed.emit()
        if viewing:
            self.human_input_enabled.emit(False)
        if not self._check_automatic_end() and recorded != "*":
            # A finished game from a file: show it, don't continue it.
            self._result = _result_from_header(recorded)
            self.human_input_enabled.emit(False)
            self.game_over.emit(self._result)
            self.status_changed.emit()
            return
        if self._result is None and not viewing:
            game.headers["Result"] = "*"
            self.turns.schedule_next_move(delay=False)

    # ------------------------------------------------------------------ actions

    def takeback(self) -> bool:
        """Undo the last move (two when a human plays a computer, so it is the human's turn again).

        Returns False when there is nothing to take back.
        """
        if not self._board.move_stack or self._viewing:
            return False
        self.turns.cancel_request()
        mover = not self._board.turn  # the side that made the last move
        # Against a computer, a takeback returns the turn to the human: when the computer has
        # already replied, undo its reply too. While it is still thinking, undo one move.
        human_to_move = self.player(self._board.turn).is_human()
        plies = 2 if human_to_move and not self.player(mover).is_human() and len(self._board.move_stack) >= 2 else 1
        for _ in range(plies):
            self._pop_live_move()
        self._result = None
        self._game.headers["Result"] = "*"
        self.move_taken_back.emit()
        self.position_changed.emit()
        self.turns.schedule_next_move(delay=False)
        return True

    def _pop_live_move(self) -> None:
        self._board.pop()
        node = self._live_node
        parent = node.parent
        assert parent is not None
        if not node.variations:
            # A move played here. One with moves after it came from a loaded game: keep those.
            parent.remove_variation(node)
        self._live_node = parent

    def end_game(self, result: GameResult) -> None:
        """End the game with ``result`` (also used by the clock on flag fall)."""
        if self._result is not None:
            return
        self.turns.cancel_request()
        self._result = result
        self._game.headers["Result"] = result.result
        self._game.headers["Termination"] = result.pgn_termination
        self.human_input_enabled.emit(False)
        self.game_over.emit(result)
        self.status_changed.emit()

    def pause(self) -> None:
        """Stop computer moves (the current search is abandoned); humans may still move."""
        self.turns.pause()

    def resume(self) -> None:
        """Let computer players move again."""
        self.turns.resume()

    def step(self) -> None:
        """While paused: let the computer side to move play exactly one move."""
        self.turns.step()

    def hold_moves(self) -> None:
        """Ask no player for a move until :meth:`release_moves` (a question may replace the game)."""
        self.turns.hold()

    def release_moves(self) -> None:
        """Let the side to move be asked again."""
        self.turns.release()

    def stop_thinking(self) -> None:
        """Abandon any search in progress (used before closing the window)."""
        self.turns.cancel_request()

    # ------------------------------------------------------------------ tree edits

    def _tree_edited(self) -> None:
        if self._viewing:
            # A viewed game has no game in progress: its "live" position is the end of the main line.
            self._live_node = self._game.end()
            self._board = self._live_node.board()
        self.tree_changed.emit()

    # ------------------------------------------------------------------ moves

    def _push_move(self, move: chess.Move) -> None:
        """Play ``move`` (legal in the live position) and ask for the next one (the scheduler's ``play_move``)."""
        san = self._board.san(move)
        self._board.push(move)
        if self._live_node.has_variation(move):
            # Playing on in a loaded game along a move it already has: follow it, don't duplicate it.
            self._live_node.promote_to_main(move)
            self._live_node = self._live_node.variation(move)
        else:
            self._live_node = self._live_node.add_main_variation(move)
        self.turns.move_played()
        self.move_made.emit(move, san)
        self.position_changed.emit()
        self.status_changed.emit()
        if not self._check_automatic_end():
            self.turns.schedule_next_move(delay=True)

    # ------------------------------------------------------------------ internals

    def _check_automatic_end(self) -> bool:
        outcome = self._board.outcome(claim_draw=False)
        if outcome is None:
            return False
        self.end_game(GameResult.from_outcome(outcome))
        return True


_TAGS = {chess.WHITE: "White", chess.BLACK: "Black"}
"""The PGN tag naming each side's player (its level goes in the tag + "Elo")."""


def _today() -> str:
    """Today's date as a PGN Date tag value (YYYY.MM.DD)."""
    return datetime.date.today().strftime("%Y.%m.%d")


def _result_from_header(result: str) -> GameResult:
    winner = {"1-0": chess.WHITE, "0-1": chess.BLACK}.get(result)
    return GameResult(winner, Termination.RECORDED)
