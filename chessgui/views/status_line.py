"""The status line's text, derived from the current state every time it is shown.

The status bar never keeps a message about the game: whenever the turn, a search,
a pause, a failure, the result or the viewed move changes, the window asks
:func:`status_text` again. So "… is thinking" cannot outlive the search, and the
side named is always the side to move.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from chessgui.game.chess_words import player_display_name, side_name
from chessgui.game.controller import GameController
from chessgui.i18n import QT_TRANSLATE_NOOP

PREPARING_TEXT = QT_TRANSLATE_NOOP("status_line", "Preparing engine… (the move follows as soon as it is ready)")
"""Shown while the computer to move is still starting (compiling, launching)."""


def status_text(
    controller: GameController, view_ply: int, clock_note: str | None = None, in_variation: bool = False
) -> str:
    """What the status line says now.

    ``view_ply`` is the ply the board shows (an earlier one while the user reviews the
    game); ``clock_note`` an extra remark about the clock, such as when it starts;
    ``in_variation`` whether the board shows a position off the main line.
    """
    if controller.is_viewing():
        return QCoreApplication.translate(
            "status_line", "Viewing a loaded game. To play on from the shown position, choose Game ▸ Play from here."
        )
    text = _live_text(controller)
    if clock_note and not controller.is_game_over():
        text = f"{text} · {clock_note}"
    live_ply = controller.live_ply()
    if in_variation:
        return QCoreApplication.translate("status_line", "Viewing a variation · live game: {text}").format(text=text)
    if view_ply != live_ply:
        return QCoreApplication.translate(
            "status_line", "Viewing move {view_ply} of {live_ply} · live game: {text}"
        ).format(view_ply=view_ply, live_ply=live_ply, text=text)
    return text


def _live_text(controller: GameController) -> str:
    result = controller.result()
    if result is not None:
        return result.describe()
    failure = controller.failure_message()
    if failure is not None:
        return failure
    board = controller.board()
    side = side_name(board.turn)
    player = controller.player(board.turn)
    if controller.thinking_color() == board.turn:
        return (
            QCoreApplication.translate("status_line", "{name} ({side}) is thinking…").format(
                name=player_display_name(player.name), side=side
            )
            if player.is_ready()
            else QCoreApplication.translate("status_line", PREPARING_TEXT)
        )
    if controller.is_paused():
        if player.is_human():
            return QCoreApplication.translate(
                "status_line", "{side} to move · computer moves are paused (Space resumes)"
            ).format(side=side)
        return QCoreApplication.translate(
            "status_line", "Paused · {side} ({name}) to move · Space resumes, Ctrl+Right plays one move"
        ).format(side=side, name=player_display_name(player.name))
    if board.is_check():
        return QCoreApplication.translate("status_line", "{side} to move (check)").format(side=side)
    return QCoreApplication.translate("status_line", "{side} to move").format(side=side)
