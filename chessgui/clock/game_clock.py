"""GameClock: keeps a :class:`~chessgui.clock.chess_clock.ChessClock` in step with the GameController.

The controller knows nothing about clocks; this small coordinator listens to its
signals and drives the clock, so wiring in MainWindow is two lines:

    clock = ChessClock(parent=self)
    game_clock = GameClock(controller, clock, time_control, parent=self)

What it does:
- new or loaded game: resets the clock (a loaded game with ``[%clk]`` comments, such
  as an autosave, continues from its recorded times and its ``TimeControl`` tag);
- a move: charges the mover, adds the increment, records ``[%clk]`` on the move,
  keeps one :class:`~chessgui.clock.chess_clock.ClockSnapshot` per ply;
- takeback: restores the snapshot of the position taken back to;
- pause, resume and game over: pause, resume and stop the clock;
- the watching delay before a computer move (``turns.set_min_move_delay_ms``) is not
  charged: a computer's time runs from ``thinking_started``;
- flag fall: ends the game through ``controller.end_game`` (loss on time, or a draw
  when the opponent cannot mate);
- engines: ``controller.turns.set_clock_provider`` hands them the current times (the one provider;
  PlaySession only sets its engine time mode).

The clock starts with the first move of the game (White's first move is free, as
on most servers), so an engine that is still compiling never loses time on move one.
"""

from __future__ import annotations

import chess
import chess.pgn
from PySide6.QtCore import QObject

from chessgui.clock.chess_clock import ChessClock, ClockSnapshot, ClockState
from chessgui.clock.time_control import UNTIMED, EngineTimeMode, InvalidTimeControlError, TimeControl
from chessgui.game.controller import GameController
from chessgui.game.result import GameResult


class GameClock(QObject):
    """Drives ``clock`` from ``controller``'s signals; see the module docstring."""

    def __init__(
        self,
        controller: GameController,
        clock: ChessClock,
        time_control: TimeControl = UNTIMED,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._controller = controller
        self._clock = clock
        self._time_control = time_control
        self._engine_time_mode = EngineTimeMode.ON_CLOCK
        self._snapshots: list[ClockSnapshot] = []
        # True between a move and the moment the controller actually asks the computer
        # to move: the watching delay of computer games is the GUI's, not the engine's time.
        self._holding_for_computer = False
        controller.game_started.connect(self.on_game_started)
        controller.move_made.connect(self.on_move_made)
        controller.move_taken_back.connect(self.on_move_taken_back)
        controller.game_over.connect(self.on_game_over)
        controller.paused_changed.connect(self.on_paused_changed)
        controller.thinking_started.connect(self.on_thinking_started)
        # A player becoming ready (an engine done starting) is announced as a status change.
        controller.status_changed.connect(self.on_status_changed)
        clock.flag_fallen.connect(self.on_flag_fallen)
        controller.turns.set_clock_provider(self.clock_state)
        controller.turns.set_move_gate(self.move_in_time)
        self._reset_for_current_game()

    # Public API ----------------------------------------------------------------

    def clock(self) -> ChessClock:
        """The clock model (for the ClockPanel)."""
        return self._clock

    def time_control(self) -> TimeControl:
        """The control new games start with."""
        return self._time_control

    def set_time_control(self, time_control: TimeControl) -> None:
        """Use ``time_control`` from the next new game on; applies at once if no move has been played."""
        self._time_control = time_control
        if self._controller.live_ply() == 0 and not self._controller.is_game_over():
            self._reset_for_current_game()

    def set_engine_time_mode(self, mode: EngineTimeMode) -> None:
        """ON_CLOCK: engines get the clock times; FIXED_PER_MOVE: they get none and use
        their time per move (the clock still runs, and may flag them)."""
        self._engine_time_mode = mode

    def engine_time_mode(self) -> EngineTimeMode:
        """How computer sides decide their thinking time in a timed game."""
        return self._engine_time_mode

    def clock_state(self) -> ClockState | None:
        """Times handed to engines (the controller's clock provider); None when they
        should not play from the clock (untimed game or a fixed time per move)."""
        if self._engine_time_mode is EngineTimeMode.FIXED_PER_MOVE:
            return None
        return self._clock.to_clock_state()

    def snapshot(self) -> ClockSnapshot:
        """The clock now (for the autosave sidecar)."""
        return self._clock.snapshot()

    def restore(self, snapshot: ClockSnapshot) -> None:
        """Put back saved times (autosave resume) for the current position.

        A snapshot for the other side to move is one move older than the game (the app was
        killed between writing the game and its sidecar): it is ignored, and the times come
        from the game's ``[%clk]`` comments."""
        if snapshot.to_move != self._controller.board().turn:
            return
        self._clock.restore(snapshot)
        self._snapshots[-1:] = [snapshot]
        self._sync_run_state()

    def move_in_time(self, mover: chess.Color) -> bool:
        """The controller's move gate, asked before ``mover``'s move is played: charge the
        mover's time; False when its flag had already fallen (``flag_fallen`` then ends the
        game on time and the controller drops the move, so the record ends at the last move
        made in time)."""
        return self._clock.on_move_made(mover)

    # Slots -------------------------------------------------------------------------

    def on_game_started(self) -> None:
        """New or loaded game: reset, or continue from the game's recorded clock times."""
        self._reset_for_current_game()

    def on_move_made(self, move: chess.Move, san: str) -> None:
        """Charge the mover, add the increment, record ``[%clk]``, start the clock after move one."""
        ply = self._controller.live_ply()
        mover = not self._controller.turn()
        # The clock was charged by move_in_time (the controller's move gate) before the push.
        if self._clock.is_timed():
            self._controller.tree_editor.set_move_clock(ply, self._clock.remaining_seconds(mover))
        del self._snapshots[ply:]
        self._snapshots.append(self._clock.snapshot())
        next_player = self._controller.player(not mover)
        self._holding_for_computer = not next_player.is_human()
        self._sync_run_state()

    def on_move_taken_back(self) -> None:
        """Go back to the clock times of the position taken back to."""
        self._holding_for_computer = False
        ply = self._controller.live_ply()
        if ply < len(self._snapshots):
            del self._snapshots[ply + 1 :]
            start = self._snapshots[ply]
            if ply == 0:
                # Back at the start: the clock waits for the first move again (it is free).
                self._clock.reset(start.time_control, start.to_move)
            else:
                self._clock.restore(start)
        self._sync_run_state()

    def on_game_over(self, _result: object) -> None:
        """The game ended (any reason): freeze the clocks."""
        self._clock.stop()

    def on_thinking_started(self, _color: object) -> None:
        """The computer was asked to move: its time runs from now."""
        self._holding_for_computer = False
        self._sync_run_state()

    def on_status_changed(self) -> None:
        """Something about the game changed, e.g. an engine to move became ready: its time may run now."""
        self._sync_run_state()

    def on_paused_changed(self, _paused: bool) -> None:
        """Pause or resume the clock with the game."""
        self._sync_run_state()

    def on_flag_fallen(self, color: bool) -> None:
        """A flag fell: end the game on time (or drawn when the opponent cannot mate)."""
        # The move gate runs before a move is played, so the flagged side is still to move.
        board = self._controller.board()
        self._controller.end_game(GameResult.on_time(board, color))

    # Internals -----------------------------------------------------------------

    def _mover_is_ready(self) -> bool:
        return self._controller.player(self._controller.turn()).is_ready()

    def _reset_for_current_game(self) -> None:
        game = self._controller.game()
        board = self._controller.board()
        viewing = self._controller.is_viewing()
        self._holding_for_computer = False
        # A viewed game is not the settings' next game: it shows only the clock it recorded.
        time_control = _recorded_time_control(game, UNTIMED if viewing else self._time_control)
        self._clock.reset(time_control, game.board().turn)
        self._snapshots = [self._clock.snapshot()]
        if time_control.is_timed() and board.move_stack:
            self._snapshots = _snapshots_from_clock_comments(game, time_control)
            self._clock.restore(self._snapshots[-1])
        # A viewed game is shown as it is, its tags untouched.
        if not viewing and (not board.move_stack or game.headers.get("TimeControl", "?") in ("?", "")):
            # The PGN (and so the autosave) says which control the clock comments belong to.
            if time_control.is_timed():
                game.headers["TimeControl"] = time_control.to_pgn_header()
            else:
                game.headers.pop("TimeControl", None)
        self._sync_run_state()

    def _sync_run_state(self) -> None:
        # One rule for every event: the clock runs while a timed game is in progress
        # (played here, not viewed), not paused, the first move has been played, and a computer to move has
        # actually been asked for its move and is ready to think (an engine still
        # starting up is not charged for its start-up).
        clock = self._clock
        if not clock.is_timed():
            return
        if self._controller.is_game_over() or self._controller.is_viewing():
            clock.stop()  # a viewed game is nobody's to move: its clock shows what it recorded
        elif self._controller.is_paused() or self._holding_for_computer or not self._mover_is_ready():
            if clock.is_running():
                clock.pause()
        elif self._controller.live_ply() >= 1:
            if clock.is_paused():
                clock.resume()
            else:
                clock.start()


def _recorded_time_control(game: chess.pgn.Game, default: TimeControl) -> TimeControl:
    header = game.headers.get("TimeControl")
    if header and game.end() is not game:
        try:
            return TimeControl.from_pgn_header(header)
        except InvalidTimeControlError:
            pass  # "?", multi-period controls ...: play on with the chosen control
    return default


def _snapshots_from_clock_comments(game: chess.pgn.Game, time_control: TimeControl) -> list[ClockSnapshot]:
    """One snapshot per ply from ``[%clk]`` comments; a missing comment keeps the side's last time."""
    times = {color: time_control.base_ms(color) for color in chess.COLORS}
    board = game.board()
    snapshots = [ClockSnapshot(time_control, times[chess.WHITE], times[chess.BLACK], board.turn)]
    node: chess.pgn.GameNode = game
    while node.variations:
        node = node.variations[0]
        mover = board.turn
        board.push(node.move)
        seconds = node.clock()
        if seconds is not None and seconds >= 0:
            times[mover] = round(seconds * 1000)
        snapshots.append(ClockSnapshot(time_control, times[chess.WHITE], times[chess.BLACK], board.turn))
    return snapshots
