"""Keeps the autosave in step with the game, and offers it back at start-up.

After every change of the game (move, takeback, new or loaded game, game end)
the game tree and a little window state are written through
:class:`chessgui.storage.autosave.AutosaveStore`. Writing a few kilobytes per move is
cheap and means a crash or a kill loses at most the move being made.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import chess
import chess.pgn
from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal

from chessgui.game.chess_words import player_display_name
from chessgui.game.controller import GameController
from chessgui.game.move_count import full_move_count
from chessgui.storage.autosave import AutosaveCorruptError, AutosaveSnapshot, AutosaveStore, ExtraValue

REVIEW_SAVE_DELAY_MS = 500
"""A game review annotates one move after another (a review answered from its cache, the whole
game at once): their saves are gathered into one per this many milliseconds, since each save
syncs three files to disk. A crash loses at most this much of a review, never a move."""


class AutosaveKeeper(QObject):
    """Saves the controller's game after each change.

    Signals:
        save_failed(str): the save could not be written (plain words; the game itself is fine).
    """

    save_failed = Signal(str)

    def __init__(
        self,
        store: AutosaveStore,
        controller: GameController,
        extra_provider: Callable[[], Mapping[str, ExtraValue]] | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._store = store
        self._controller = controller
        self._extra_provider = extra_provider
        self._last_error: str | None = None
        self._reported_at_start: str | None = None
        controller.move_made.connect(self.on_game_changed)
        controller.move_taken_back.connect(self.on_game_changed)
        controller.game_started.connect(self.on_game_changed)
        controller.game_over.connect(self.on_game_changed)
        # Headers (the opening's name) and annotations also change in the middle of a move,
        # before every slot on move_made has run (the clock's [%clk]): saving then would keep
        # a move without its clock time. Such a change is saved by move_made's own save
        # (connected last), so it is skipped while the live move is not yet saved.
        # The game in progress when the keeper starts (the window's first game began before it) counts
        # as saved: otherwise its first move's header change would be saved before its [%clk].
        self._saved_node: chess.pgn.GameNode | None = controller.live_node()
        controller.headers_changed.connect(self.on_annotations_changed)
        controller.tree_changed.connect(self.on_annotations_changed)
        # A review's marks ([%eval], "??", "Best was …") belong to the game as much as the user's own.
        self._review_save = QTimer(self)
        self._review_save.setSingleShot(True)
        self._review_save.setInterval(REVIEW_SAVE_DELAY_MS)
        self._review_save.timeout.connect(self.save_now)
        controller.annotations_changed.connect(self.on_review_annotated)

    def store(self) -> AutosaveStore:
        """Where the game is saved."""
        return self._store

    def check_at_start(self) -> str | None:
        """Read the save once as the window opens; a damaged save is set aside now and its problem returned.

        The window says it with the other start-up problems, so the offer later does not say it again."""
        _snapshot, problem = load_unfinished_game(self._store)
        self._reported_at_start = problem
        return problem

    def take_unfinished_game(
        self,
        ask: Callable[[str], bool],
        report: Callable[[str], None],
        note: Callable[[chess.pgn.Game, Mapping[str, ExtraValue]], str | None] | None = None,
        declined: Callable[[chess.pgn.Game, Mapping[str, ExtraValue]], None] | None = None,
    ) -> tuple[chess.pgn.Game, Mapping[str, ExtraValue]] | None:
        """The unfinished game and its window state if there is one and ``ask`` says yes.

        A "no" discards the save, after ``declined`` is told the game. Problems (a damaged save,
        set aside) go to ``report``. ``note`` may add a sentence to the question (what a "no" costs).
        """
        snapshot, problem = load_unfinished_game(self._store)
        if problem and problem != self._reported_at_start:
            report(problem)
        if snapshot is None:
            return None
        try:
            game = snapshot.game()
        except ValueError as error:
            report(self.tr("The autosaved game could not be read: {error}").format(error=error))
            return None
        moves = full_move_count(game)
        # Whole sentences per count (no %n): English has no plural translation file to fall back on.
        if moves == 0:  # a set-up position (an untouched standard start is never kept)
            question = self.tr(
                "A position you set up ({white} – {black}, no moves yet) was kept from last time. Resume it?"
            )
        elif moves == 1:
            question = self.tr(
                "An unfinished game ({white} – {black}, {moves} move) was kept from last time. Resume it?"
            )
        else:
            question = self.tr(
                "An unfinished game ({white} – {black}, {moves} moves) was kept from last time. Resume it?"
            )
        # The headers keep the program's own names in English (PGN); the question shows them translated.
        question = question.format(
            white=player_display_name(game.headers.get("White", "?")),
            black=player_display_name(game.headers.get("Black", "?")),
            moves=moves,
        )
        cost = note(game, snapshot.extra) if note is not None else None
        if cost:
            question = f"{question} {cost}"
        if not ask(question):
            if declined is not None:
                declined(game, snapshot.extra)
            self._store.discard()
            return None
        return game, snapshot.extra

    def on_game_changed(self, *_args: object) -> None:
        """Write the current game (marked finished once it has a result)."""
        self.save_now()

    def on_annotations_changed(self, *_args: object) -> None:
        """Headers or annotations changed: save, unless a move is still being announced."""
        node = self._controller.live_node()
        if node is not self._saved_node and node.parent is self._saved_node:
            return  # one move past the last save: move_made's save follows with this change in it
        self.save_now()

    def on_review_annotated(self, _ply: int) -> None:
        """A review wrote its verdict on a move: save soon, together with the verdicts that follow."""
        if not self._review_save.isActive():
            self._review_save.start()

    def save_now(self) -> bool:
        """Save at once; returns False (and emits ``save_failed`` once per problem) on failure."""
        self._review_save.stop()  # this save holds every review mark so far
        self._saved_node = self._controller.live_node()
        if self._controller.is_viewing():
            # A viewed game is safe in its file; the last game played here stays saved for resuming.
            return True
        game = self._controller.game()
        extra = dict(self._extra_provider()) if self._extra_provider is not None else {}
        try:
            if self._controller.live_ply() == 0 and game.board().fen() == game.board().starting_fen:
                # An untouched new game is nothing worth resuming.
                self._store.discard()
            else:
                self._store.save(AutosaveSnapshot.from_game(game, extra), finished=self._controller.is_game_over())
        except OSError as error:
            message = self.tr("The game could not be autosaved ({strerror}); it is still open here.").format(
                strerror=error.strerror or error
            )
            if message != self._last_error:
                self._last_error = message
                self.save_failed.emit(message)
            return False
        self._last_error = None
        return True


def load_unfinished_game(store: AutosaveStore) -> tuple[AutosaveSnapshot | None, str | None]:
    """The autosaved unfinished game, if any, and a plain-words problem report, if any.

    Never raises for a damaged save: the store sets broken files aside and we
    report what happened so the user knows.
    """
    try:
        snapshot = store.load()
    except AutosaveCorruptError as error:
        return None, error.message
    except OSError as error:
        return None, QCoreApplication.translate(
            "autosave_keeper", "The autosaved game could not be opened ({strerror})."
        ).format(strerror=error.strerror or error)
    if snapshot is None:
        return None, None
    problem = "; ".join(snapshot.problems) or None
    return snapshot, problem
