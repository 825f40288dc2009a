"""Learn from your mistakes: a board of its own where a side's reviewed errors are solved again.

Each position before an error is shown from the erring side; the player moves on this board
(never on the game's: the game is not changed), and the try is judged (:mod:`chessgui.game.retry`):
the best move and the move played at once, another move by the checker's search. A wrong try is
taken back with an arrow left on it; *Show the solution* plays the best move; *Skip* and *Next*
go on; the end gives the count found.
"""

from __future__ import annotations

import chess
import chess.engine
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QDialog, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from chessgui.engines.try_checker import TryChecker
from chessgui.game.chess_words import PieceLetters, display_san, side_name
from chessgui.game.retry import RetryOutcome, RetryPosition, RetrySession, TryVerdict
from chessgui.game.review import Judgement
from chessgui.views.board.board_widget import BoardWidget


def judgement_words(judgement: Judgement) -> str:
    """ "an inaccuracy", "a mistake", "a blunder"."""
    words = {
        Judgement.INACCURACY: QCoreApplication.translate("retry", "an inaccuracy"),
        Judgement.MISTAKE: QCoreApplication.translate("retry", "a mistake"),
        Judgement.BLUNDER: QCoreApplication.translate("retry", "a blunder"),
    }
    return words.get(judgement, "")


class RetryDialog(QDialog):
    """Goes through a :class:`RetrySession` on its own board, with ``checker`` scoring the tries."""

    def __init__(
        self,
        session: RetrySession,
        checker: TryChecker,
        look: BoardWidget | None = None,
        piece_letters: PieceLetters = PieceLetters.ENGLISH,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.session = session
        self._checker = checker
        checker.setParent(self)
        checker.checked.connect(self.on_checked)
        checker.failed.connect(self.on_check_failed)
        self._letters = piece_letters
        self._check_id: int | None = None
        self._checked_move: chess.Move | None = None
        color = session.positions[0].color if session.positions else chess.WHITE
        self.setWindowTitle(self.tr("Learn from {side}'s mistakes").format(side=side_name(color)))

        self.board_widget = BoardWidget(self)
        if look is not None:  # the game board's colours and pieces
            self.board_widget.set_theme(look.theme())
            self.board_widget.set_piece_renderer(look.piece_renderer())
        self.board_widget.set_flipped(color == chess.BLACK)
        self.board_widget.setMinimumSize(360, 360)
        self.board_widget.move_requested.connect(self.on_move_requested)

        self.progress_label = QLabel(self)
        self.progress_label.setObjectName("retry_progress")
        self.prompt_label = QLabel(self)
        self.prompt_label.setWordWrap(True)
        self.verdict_label = QLabel(self)
        self.verdict_label.setWordWrap(True)
        self.verdict_label.setTextFormat(Qt.TextFormat.PlainText)
        self.solution_button = QPushButton(self.tr("Show the solution"), self)
        self.skip_button = QPushButton(self.tr("Skip"), self)
        self.next_button = QPushButton(self.tr("Next"), self)
        self.close_button = QPushButton(self.tr("Close"), self)
        self.solution_button.clicked.connect(self.on_solution_clicked)
        self.skip_button.clicked.connect(self.on_next_clicked)
        self.next_button.clicked.connect(self.on_next_clicked)
        self.close_button.clicked.connect(self.reject)
        for button in (self.solution_button, self.skip_button, self.next_button, self.close_button):
            button.setAutoDefault(False)

        side = QVBoxLayout()
        side.addWidget(self.progress_label)
        side.addWidget(self.prompt_label)
        side.addWidget(self.verdict_label)
        side.addStretch(1)
        side.addWidget(self.solution_button)
        side.addWidget(self.skip_button)
        side.addWidget(self.next_button)
        side.addWidget(self.close_button)
        panel = QWidget(self)
        panel.setLayout(side)
        panel.setMinimumWidth(240)
        layout = QHBoxLayout(self)
        layout.addWidget(self.board_widget, 1)
        layout.addWidget(panel)
        self.resize(760, 480)
        # The buttons first, the board last in the Tab order: a dialog gives its first focus as if
        # by Tab, and the board would frame a square with its keyboard cursor at once.
        QWidget.setTabOrder(self.close_button, self.board_widget)
        checker.prepare()  # compiled while the player thinks, not after the first try
        self.show_current()

    # ------------------------------------------------------------------ positions
    def show_current(self) -> None:
        """Set the board and the words for the position to solve, or the summary at the end."""
        self._cancel_check()
        position = self.session.current()
        if position is None:
            self._show_summary()
            return
        total = len(self.session.positions)
        self.progress_label.setText(
            self.tr("Position {number} of {total}").format(number=self.session.index + 1, total=total)
        )
        self.prompt_label.setText(
            self.tr("{move} was {what}. Find a better move for {side}.").format(
                move=self._san(position, position.played) + position.judgement.value,
                what=judgement_words(position.judgement),
                side=side_name(position.color),
            )
        )
        self.verdict_label.clear()
        self._set_board(position)
        self.board_widget.set_arrows([])
        self._set_solving(True)

    def _show_summary(self) -> None:
        session = self.session
        self.progress_label.setText(self.tr("Done"))
        self.prompt_label.setText(
            self.tr("You found {found} of {total}.").format(
                found=session.count(RetryOutcome.FOUND), total=len(session.positions)
            )
        )
        shown, skipped = session.count(RetryOutcome.SHOWN), session.count(RetryOutcome.SKIPPED)
        details = []
        if shown:
            details.append(self.tr("Solution shown: {count}.").format(count=shown))
        if skipped:
            details.append(self.tr("Skipped: {count}.").format(count=skipped))
        self.verdict_label.setText(" ".join(details))
        self.board_widget.set_input_enabled(False)
        for button in (self.solution_button, self.skip_button, self.next_button):
            button.hide()
        self.close_button.setDefault(True)
        self.close_button.setFocus()

    def _set_board(self, position: RetryPosition, move: chess.Move | None = None) -> None:
        board = position.board()
        if move is not None:
            board.push(move)
        self.board_widget.set_position(board, last_move=move or position.previous, animate=move is not None)

    def _set_solving(self, solving: bool) -> None:
        """Solving: moves taken, the solution and Skip offered; else (resolved) only Next."""
        self.board_widget.set_input_enabled(solving)
        self.solution_button.setEnabled(solving)
        self.skip_button.setVisible(solving)
        self.next_button.setVisible(not solving)
        if not solving:
            self.next_button.setFocus()
        elif not self.board_widget.hasFocus():
            self.solution_button.setFocus()  # not the board, for the reason in __init__

    # ------------------------------------------------------------------ the player's requests
    def on_move_requested(self, move: chess.Move) -> None:
        """A try on the board: judge it at once when that needs no engine, else ask the checker."""
        position = self.session.current()
        busy = self._check_id is not None or self.session.resolved is not None  # checking, or solved
        if position is None or busy or move not in position.board().legal_moves:
            return
        self._set_board(position, move)
        verdict = position.quick_verdict(move)
        if verdict is not None:
            self._show_verdict(position, move, verdict)
            return
        self.board_widget.set_input_enabled(False)
        checking = self.tr("Checking {move}…").format(move=self._san(position, move))
        if not self._checker.is_ready():
            checking += " " + self.tr("(the engine is still being prepared: the first time takes up to a minute)")
        self.verdict_label.setText(checking)
        self._checked_move = move
        self._check_id = self._checker.check(position.fen, move)

    def on_solution_clicked(self) -> None:
        """Play the best move and say it."""
        position = self.session.current()
        if position is None:
            return
        self._cancel_check()
        self.session.resolve(RetryOutcome.SHOWN)
        self._set_board(position, position.best)
        self.board_widget.set_arrows([(position.best.from_square, position.best.to_square)])
        self.verdict_label.setText(self.tr("The best move was {move}.").format(move=self._san(position, position.best)))
        self._set_solving(False)

    def on_next_clicked(self) -> None:
        """Go to the next position (Skip counts the current one as skipped unless it was solved)."""
        self.session.advance()
        self.show_current()

    # ------------------------------------------------------------------ checker replies
    def on_checked(self, request_id: int, score: object) -> None:
        """The checker's score of the position after a try."""
        position, move = self.session.current(), self._checked_move
        if request_id != self._check_id or position is None or move is None:
            return  # a try given up by Skip, Next or the solution
        self._check_id = None
        assert isinstance(score, chess.engine.PovScore)
        self._show_verdict(position, move, position.verdict(score), position.drop(score))

    def on_check_failed(self, request_id: int, message: str) -> None:
        """The engine could not judge the try: say so and let the player try again."""
        position = self.session.current()
        if request_id != self._check_id or position is None:
            return
        self._check_id = None
        self._set_board(position)
        self.verdict_label.setText(self.tr("The move could not be checked: {error}").format(error=message))
        self._set_solving(True)

    # ------------------------------------------------------------------ helpers
    def _show_verdict(self, position: RetryPosition, move: chess.Move, verdict: TryVerdict, drop: float = 0) -> None:
        san = self._san(position, move)
        if verdict.is_found:
            self.session.resolve(RetryOutcome.FOUND)
            if verdict is TryVerdict.BEST:
                text = self.tr("✓ {move} is the best move.").format(move=san)
            else:
                text = self.tr("✓ {move} is good too. The engine's first choice was {best}.").format(
                    move=san, best=self._san(position, position.best)
                )
            self.verdict_label.setText(text)
            self._set_solving(False)
            return
        if verdict is TryVerdict.PLAYED:
            text = self.tr("{move} is the move played in the game. Try another move.").format(move=san)
        else:
            text = self.tr(
                "{move} is not better: it gives away about {points}% of the winning chances. Try another move."
            ).format(move=san, points=max(1, round(drop)))
        self.verdict_label.setText(text)
        # The try is taken back; its arrow stays, so the player sees what was tried.
        self._set_board(position)
        self.board_widget.set_arrows([(move.from_square, move.to_square)])
        self._set_solving(True)

    def _san(self, position: RetryPosition, move: chess.Move) -> str:
        return display_san(position.san(move), self._letters)

    def _cancel_check(self) -> None:
        if self._check_id is not None:
            self._check_id = None
            self._checker.cancel()

    def done(self, result: int) -> None:
        """Closing stops the checking engine."""
        self._check_id = None
        self._checker.shutdown()
        super().done(result)
