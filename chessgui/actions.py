"""The main window's actions (menu entries, toolbar buttons, shortcuts).

Creating actions is kept apart from wiring them: MainWindow connects
``triggered`` to its slots in one place; this module only says what exists,
what it is called and which keys reach it (chessgui.menus says where it is shown).
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow

from chessgui.views.move_entry import FOCUS_KEY


@dataclass(frozen=True, slots=True)
class MainActions:
    """Every action of the main window."""

    new_game: QAction
    """Start a new game (asks who plays each side)."""
    settings: QAction
    """Open the settings dialog."""
    takeback: QAction
    """Undo the last move (the last two against the computer)."""
    claim_draw: QAction
    """Claim a draw by threefold repetition or the 50-move rule; enabled only when claimable."""
    resign: QAction
    """The human to move resigns."""
    offer_draw: QAction
    """The human offers the computer a draw; enabled in games against the computer."""
    abort: QAction
    """End a game that has barely started, without a result; enabled before either side's second move."""
    game_details: QAction
    """Edit the game's PGN headers (event, site, date, round, players, other tags)."""
    my_rating: QAction
    """Show the player's rating from games against the computer's levels (and offer a level)."""
    pause: QAction
    """Pause/resume computer moves (checkable)."""
    step: QAction
    """While paused: let the computer play one move."""
    next_game: QAction
    """Computer vs computer: start the next game from a varied opening."""
    play_from_here: QAction
    """Play on in a viewed (loaded) game from the shown position, after choosing the players."""
    hint: QAction
    """Show the engine's suggested move as an arrow."""
    analyse: QAction
    """Analysis mode on/off (checkable): an engine searches the shown position without a time limit."""
    review_game: QAction
    """Analysis ▸ Review game: analyse every position, mark the errors, show the accuracy."""
    next_mistake: QAction
    """Show the next move marked ?!, ? or ?? by a review (either side, wrapping round)."""
    learn_mistakes: QAction
    """Solve the reviewed errors of the side at the bottom of the board again (Learn from your mistakes)."""
    flip: QAction
    """Turn the board around."""
    search_lab: QAction
    """Show or hide the search lab (checkable)."""
    opening_book: QAction
    """Show or hide the opening book's moves in the shown position (checkable)."""
    first_move: QAction
    """Show the start position."""
    previous_move: QAction
    """Show the position one move earlier."""
    next_move: QAction
    """Show the position one move later."""
    last_move: QAction
    """Show the live position."""
    previous_variation: QAction
    """Show the alternative before the shown move (Up)."""
    next_variation: QAction
    """Show the alternative after the shown move (Down)."""
    load_fen: QAction
    """Enter a FEN to start from."""
    edit_position: QAction
    """Open the board editor."""
    copy_fen: QAction
    """Copy the shown position's FEN."""
    paste: QAction
    """Paste a FEN or PGN from the clipboard."""
    open_pgn: QAction
    """Open a PGN file."""
    my_games: QAction
    """List the games played here (File ▸ My games), newest first, to view or review one."""
    save_pgn: QAction
    """Save the game as PGN."""
    copy_pgn: QAction
    """Copy the game as PGN."""
    enter_move: QAction
    """Put the cursor in the move-entry field to type a move (/)."""
    speak_position: QAction
    """Have the screen reader read every piece of the shown position."""
    shortcuts: QAction
    """Help ▸ Keyboard shortcuts: every command's key and the board's own keys."""
    about: QAction
    """About the program."""
    quit: QAction
    """Close the program (the unfinished game is kept for resuming)."""

    def all(self) -> list[QAction]:
        """Every action, in declaration order."""
        return [getattr(self, field.name) for field in fields(self)]


def _action(
    window: QMainWindow,
    text: str,
    shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
    tip: str = "",
) -> QAction:
    action = QAction(text, window)
    if shortcut is not None:
        action.setShortcut(QKeySequence(shortcut))
        # Shortcuts work wherever the focus is inside the main window.
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
    if tip:
        action.setStatusTip(tip)
        action.setToolTip(f"{tip} ({QKeySequence(shortcut).toString()})" if shortcut else tip)
    window.addAction(action)
    return action


def create_actions(window: QMainWindow) -> MainActions:
    """Create the actions with their texts and shortcuts (not yet connected)."""
    std = QKeySequence.StandardKey
    actions = MainActions(
        new_game=_action(
            window,
            QCoreApplication.translate("actions", "&New game…"),
            std.New,
            QCoreApplication.translate("actions", "Start a new game"),
        ),
        settings=_action(
            window,
            QCoreApplication.translate("actions", "&Settings…"),
            "Ctrl+,",
            QCoreApplication.translate("actions", "Choose who plays each side, engine strength, board options"),
        ),
        takeback=_action(
            window,
            QCoreApplication.translate("actions", "&Take back"),
            std.Undo,
            QCoreApplication.translate("actions", "Take back the last move"),
        ),
        claim_draw=_action(
            window,
            QCoreApplication.translate("actions", "&Claim draw"),
            "Ctrl+D",
            QCoreApplication.translate("actions", "Claim a draw (threefold repetition or 50-move rule)"),
        ),
        resign=_action(
            window,
            QCoreApplication.translate("actions", "&Resign"),
            "Ctrl+Shift+R",
            QCoreApplication.translate("actions", "Resign the game"),
        ),
        offer_draw=_action(
            window,
            QCoreApplication.translate("actions", "&Offer draw"),
            "Ctrl+Shift+D",
            QCoreApplication.translate("actions", "Offer the computer a draw"),
        ),
        abort=_action(
            window,
            QCoreApplication.translate("actions", "&Abort game"),
            "Ctrl+Shift+A",
            QCoreApplication.translate("actions", "End the game without a result (before either side's second move)"),
        ),
        game_details=_action(
            window,
            QCoreApplication.translate("actions", "Game &details…"),
            "Ctrl+I",
            QCoreApplication.translate("actions", "Edit event, site, date, round and players' names"),
        ),
        my_rating=_action(
            window,
            QCoreApplication.translate("actions", "&My rating…"),
            "Ctrl+Shift+M",
            QCoreApplication.translate("actions", "Your rating from games against the levels"),
        ),
        pause=_action(
            window,
            QCoreApplication.translate("actions", "&Pause"),
            "Space",
            QCoreApplication.translate("actions", "Pause or resume the game: clocks stop and the computer waits"),
        ),
        step=_action(
            window,
            QCoreApplication.translate("actions", "&Step one move"),
            "Ctrl+Right",
            QCoreApplication.translate("actions", "While paused, let the computer play one move"),
        ),
        next_game=_action(
            window,
            QCoreApplication.translate("actions", "Ne&xt game"),
            "Ctrl+Shift+N",
            QCoreApplication.translate("actions", "Start another computer game from a varied opening"),
        ),
        play_from_here=_action(
            window,
            QCoreApplication.translate("actions", "Play from &here…"),
            "Ctrl+Shift+H",
            QCoreApplication.translate(
                "actions", "Play on in this game from the shown position (choose the players first)"
            ),
        ),
        hint=_action(
            window,
            QCoreApplication.translate("actions", "&Hint"),
            "Ctrl+H",
            QCoreApplication.translate("actions", "Show the engine's suggestion as an arrow"),
        ),
        analyse=_action(
            window,
            QCoreApplication.translate("actions", "&Analyse position"),
            "A",
            QCoreApplication.translate("actions", "Let an engine analyse the shown position (best lines)"),
        ),
        review_game=_action(
            window,
            QCoreApplication.translate("actions", "&Review game…"),
            "Ctrl+R",
            QCoreApplication.translate("actions", "Analyse every move of the game: mistakes, best moves, accuracy"),
        ),
        next_mistake=_action(
            window,
            QCoreApplication.translate("actions", "&Next mistake"),
            "M",
            QCoreApplication.translate("actions", "Show the next inaccuracy, mistake or blunder"),
        ),
        learn_mistakes=_action(
            window,
            QCoreApplication.translate("actions", "&Learn from your mistakes…"),
            "Ctrl+Shift+X",  # X: exercises (L is a Finnish piece letter, typed as a move)
            QCoreApplication.translate(
                "actions", "Find better moves in the positions where your side went wrong (after a review)"
            ),
        ),
        flip=_action(
            window,
            QCoreApplication.translate("actions", "&Flip board"),
            "F",
            QCoreApplication.translate("actions", "Turn the board around"),
        ),
        search_lab=_action(
            window,
            QCoreApplication.translate("actions", "Search &lab"),
            "Ctrl+Shift+L",
            QCoreApplication.translate("actions", "Watch the built-in engine's search and experiment with it"),
        ),
        opening_book=_action(
            window,
            QCoreApplication.translate("actions", "Opening &book"),
            "Ctrl+Shift+B",
            QCoreApplication.translate("actions", "The opening book's moves in the shown position, with the openings"),
        ),
        first_move=_action(
            window,
            QCoreApplication.translate("actions", "Start position"),
            "Home",
            QCoreApplication.translate("actions", "Show the start position"),
        ),
        previous_move=_action(
            window,
            QCoreApplication.translate("actions", "Previous move"),
            "Left",
            QCoreApplication.translate("actions", "Show the previous position"),
        ),
        next_move=_action(
            window,
            QCoreApplication.translate("actions", "Next move"),
            "Right",
            QCoreApplication.translate("actions", "Show the next position"),
        ),
        last_move=_action(
            window,
            QCoreApplication.translate("actions", "Live position"),
            "End",
            QCoreApplication.translate("actions", "Back to the live position"),
        ),
        previous_variation=_action(
            window,
            QCoreApplication.translate("actions", "Previous variation"),
            "Up",
            QCoreApplication.translate("actions", "Show the alternative before the shown move"),
        ),
        next_variation=_action(
            window,
            QCoreApplication.translate("actions", "Next variation"),
            "Down",
            QCoreApplication.translate("actions", "Show the alternative after the shown move"),
        ),
        load_fen=_action(
            window,
            QCoreApplication.translate("actions", "Position from &FEN…"),
            "Ctrl+L",
            QCoreApplication.translate("actions", "Start from a position given as FEN"),
        ),
        edit_position=_action(
            window,
            QCoreApplication.translate("actions", "&Set up position…"),
            "Ctrl+E",
            QCoreApplication.translate("actions", "Set up a position on an editor board"),
        ),
        copy_fen=_action(
            window,
            QCoreApplication.translate("actions", "Copy F&EN"),
            "Ctrl+Shift+C",
            QCoreApplication.translate("actions", "Copy the shown position as FEN"),
        ),
        paste=_action(
            window,
            QCoreApplication.translate("actions", "&Paste FEN or PGN"),
            std.Paste,
            QCoreApplication.translate("actions", "Load a FEN or PGN from the clipboard"),
        ),
        open_pgn=_action(
            window,
            QCoreApplication.translate("actions", "&Open PGN…"),
            std.Open,
            QCoreApplication.translate("actions", "Open a game from a PGN file"),
        ),
        my_games=_action(
            window,
            QCoreApplication.translate("actions", "&My games…"),
            "Ctrl+Shift+O",
            QCoreApplication.translate("actions", "The games you finished here, newest first, to view or review"),
        ),
        save_pgn=_action(
            window,
            QCoreApplication.translate("actions", "&Save PGN…"),
            std.Save,
            QCoreApplication.translate("actions", "Save the game as a PGN file"),
        ),
        copy_pgn=_action(
            window,
            QCoreApplication.translate("actions", "&Copy PGN"),
            "Ctrl+Shift+P",
            QCoreApplication.translate("actions", "Copy the game as PGN"),
        ),
        enter_move=_action(
            window,
            QCoreApplication.translate("actions", "&Type a move"),
            FOCUS_KEY,
            QCoreApplication.translate("actions", "Type a move (e4, Nf3, O-O, e7e8q) in the move field"),
        ),
        speak_position=_action(
            window,
            QCoreApplication.translate("actions", "&Speak position"),
            "Ctrl+Shift+S",
            QCoreApplication.translate("actions", "Read out every piece on the board and whose move it is"),
        ),
        shortcuts=_action(
            window,
            QCoreApplication.translate("actions", "&Keyboard shortcuts…"),
            "F1",
            QCoreApplication.translate("actions", "Every command's key, and the keys and clicks of the board"),
        ),
        about=_action(
            window,
            QCoreApplication.translate("actions", "&About"),
            "Ctrl+F1",
            QCoreApplication.translate("actions", "About this program"),
        ),
        # Some platforms define no standard Quit key; Ctrl+Q is what people try there.
        quit=_action(
            window,
            QCoreApplication.translate("actions", "&Quit"),
            std.Quit if not QKeySequence(std.Quit).isEmpty() else "Ctrl+Q",
            QCoreApplication.translate("actions", "Quit (an unfinished game is kept for next time)"),
        ),
    )
    actions.pause.setCheckable(True)
    actions.analyse.setCheckable(True)
    actions.search_lab.setCheckable(True)
    actions.opening_book.setCheckable(True)
    actions.step.setEnabled(False)
    actions.claim_draw.setEnabled(False)
    actions.offer_draw.setEnabled(False)
    actions.play_from_here.setEnabled(False)
    actions.next_mistake.setEnabled(False)
    actions.learn_mistakes.setEnabled(False)
    return actions
