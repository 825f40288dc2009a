"""Editing the game tree: variations, comments, NAGs, review annotations, headers.

``GameTreeEditor`` is the controller's collaborator for every change to the pgn tree
that is not a move of the game being played. The controller owns it (``controller.tree_editor``;
callers use it directly) and announces the changes with its own signals
(``tree_changed``, ``annotations_changed``, ``headers_changed``). The moves of the live
game are never changed here: only :meth:`GameController.continue_from` does that.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence, Set
from typing import TYPE_CHECKING

import chess
import chess.engine
import chess.pgn
from PySide6.QtCore import QCoreApplication

from chessgui.game import tree
from chessgui.game.review import BEST_WAS, BEST_WAS_PATTERN, REVIEW_NAGS
from chessgui.storage.pgn.headers import apply_header_edits

if TYPE_CHECKING:
    from chessgui.game.controller import GameController


class GameTreeEditor:
    """Changes the controller's game tree on request; ``on_edited`` runs after each change of moves or notes."""

    def __init__(self, controller: GameController, on_edited: Callable[[], None]) -> None:
        self._controller = controller
        self._on_edited = on_edited

    # ------------------------------------------------------------------ headers and annotations

    def set_headers(self, headers: Mapping[str, str]) -> None:
        """Edit the game's PGN headers (event, site, date, round, names, other tags).

        The seven-tag roster stays ("?" when emptied); other tags emptied are removed.
        Result, FEN and SetUp belong to the game and are left as they are.
        """
        apply_header_edits(self._controller.game().headers, headers)
        self._controller.headers_changed.emit()

    def set_move_eval(self, ply: int, score: chess.engine.PovScore, depth: int | None = None) -> None:
        """Store an engine evaluation on the move at ``ply`` (exported as ``[%eval]``)."""
        if 1 <= ply <= self._controller.live_ply():
            self._controller.node_at_ply(ply).set_eval(score, depth)

    def set_move_comment(self, ply: int, text: str) -> None:
        """Set the comment of the move at ``ply`` (e.g. "book" for a move from the opening book)."""
        if 1 <= ply <= self._controller.live_ply():
            node = self._controller.node_at_ply(ply)
            # The comment also carries [%clk] and [%eval]: keep them (a book move keeps its clock time).
            clock, score, depth = node.clock(), node.eval(), node.eval_depth()
            node.comment = text
            if clock is not None:
                node.set_clock(clock)
            if score is not None:
                node.set_eval(score, depth)

    def set_move_clock(self, ply: int, seconds: float) -> None:
        """Store the mover's remaining clock time on the move at ``ply`` (``[%clk]``).

        Whole seconds as a clock shows them (``0:05:03``); tenths under ten seconds (``0:00:07.3``),
        where they decide games. Milliseconds would only clutter the PGN.
        """
        if 1 <= ply <= self._controller.live_ply():
            seconds = max(0.0, seconds)
            shown = math.floor(seconds) if seconds >= 10 else math.floor(round(seconds * 10, 6)) / 10
            self._controller.node_at_ply(ply).set_clock(shown)

    # ------------------------------------------------------------------ variations

    def add_variation(self, parent: chess.pgn.GameNode, moves: Sequence[chess.Move]) -> chess.pgn.GameNode:
        """Add ``moves`` below ``parent`` and return the last node (``parent`` when ``moves`` is empty).

        Existing children with the same move are followed; new moves become variations
        (the main continuation only where there was none). The live game is not changed:
        in a game in progress or finished here nothing is added after its last move.
        Raises ValueError (plain words) for a node outside this game, an illegal move, or a
        new move after the game's last move.
        """
        if not tree.is_attached(parent, self._controller.game()):
            raise ValueError("the node is not part of this game")
        board = parent.board()
        for move in moves:
            if not board.is_legal(move):
                raise ValueError(f"illegal move {move.uci()} in {board.fen()}")
            board.push(move)
        node = parent
        for move in moves:
            if node.has_variation(move):
                node = node.variation(move)
            elif node is self._controller.live_node() and (
                not self._controller.is_viewing() or self._controller.is_game_over()
            ):
                # In a PGN tree the first move after a node is its main line: a move after the
                # game's last move would become part of the game (and of its autosave). Only an
                # unfinished viewed game may grow at its end, as a study board does.
                raise ValueError(
                    QCoreApplication.translate(
                        "GameTreeEditor",
                        "a variation must branch off before the game's last move (go back a "
                        "move to try other moves there)",
                    )
                )
            else:
                node = node.add_variation(move)
        if moves:
            self._on_edited()
        return node

    def can_change_main_line_at(self, node: chess.pgn.GameNode) -> bool:
        """True when the main line may change below ``node`` without touching the live game.

        In a game being played (or finished here) the moves up to the live position are
        the game record: only :meth:`continue_from` changes them. A viewed game may be edited freely.
        """
        if self._controller.is_viewing():
            return True
        return not (tree.is_ancestor(node, self._controller.live_node()) and node is not self._controller.live_node())

    def promote_variation(self, node: chess.pgn.GameNode) -> bool:
        """Move ``node`` one place up among its parent's continuations; False when not allowed."""
        parent = node.parent
        if parent is None or parent.variations[0] is node or not tree.is_attached(node, self._controller.game()):
            return False
        if parent.variations[1] is node and not self.can_change_main_line_at(parent):
            return False
        parent.promote(node)
        self._on_edited()
        return True

    def make_main_line(self, node: chess.pgn.GameNode) -> bool:
        """Make the line to ``node`` the main line; False when that would change the live game."""
        if not tree.is_attached(node, self._controller.game()) or node.is_mainline():
            return False
        if not self.can_change_main_line_at(tree.branch_point(node)):
            return False
        tree.make_main_line(node)
        self._on_edited()
        return True

    def delete_from(self, node: chess.pgn.GameNode) -> bool:
        """Remove ``node`` and every move after it; False for the root or a move of the live game."""
        parent = node.parent
        if parent is None or not tree.is_attached(node, self._controller.game()):
            return False
        if not self._controller.is_viewing() and tree.is_ancestor(node, self._controller.live_node()):
            return False
        parent.remove_variation(node)
        self._on_edited()
        return True

    def set_comment(self, node: chess.pgn.GameNode, text: str) -> None:
        """Set the comment after ``node``'s move (the game comment for the root)."""
        if tree.is_attached(node, self._controller.game()) and node.comment != text:
            node.comment = text
            self._on_edited()

    def set_nags(self, node: chess.pgn.GameNode, nags: Set[int]) -> None:
        """Replace ``node``'s NAGs (``$1`` = !, ``$2`` = ?, …)."""
        if tree.is_attached(node, self._controller.game()) and node.parent is not None and set(node.nags) != set(nags):
            node.nags = set(nags)
            self._on_edited()

    def set_review_annotation(
        self,
        ply: int,
        score: chess.engine.PovScore,
        depth: int | None = None,
        nag: int | None = None,
        best_san: str | None = None,
    ) -> None:
        """Write a game review's verdict on the main-line node at ``ply`` (0 = the start position).

        The evaluation becomes ``[%eval]``; a review's earlier NAG (``!``, ``?!``, ``?``, ``??``) and
        "Best was …" remark are replaced, and the user's own comment text and other NAGs are kept.
        """
        if not 0 <= ply <= self._controller.live_ply():
            return
        node = self._controller.node_at_ply(ply)
        if ply > 0:
            node.nags.difference_update(REVIEW_NAGS)
            if nag is not None:
                node.nags.add(nag)
            comment = BEST_WAS_PATTERN.sub("", node.comment).strip()
            if best_san:
                comment = f"{comment} {BEST_WAS}{best_san}".strip()
            node.comment = comment
        node.set_eval(score, depth)
        self._controller.annotations_changed.emit(ply)
