"""Small questions and edits on a ``chess.pgn`` game tree (no Qt; the controller calls the edits).

python-chess keeps a node's main continuation as ``variations[0]`` and the alternatives after it.
"""

from __future__ import annotations

from collections.abc import Iterator

import chess.pgn


def depth(node: chess.pgn.GameNode) -> int:
    """Number of moves from the root to ``node`` (0 for the root)."""
    count = 0
    while node.parent is not None:
        node = node.parent
        count += 1
    return count


def path_from_root(node: chess.pgn.GameNode) -> list[chess.pgn.GameNode]:
    """The nodes from the root down to ``node``, both included."""
    path = [node]
    while path[-1].parent is not None:
        path.append(path[-1].parent)
    path.reverse()
    return path


def is_attached(node: chess.pgn.GameNode, game: chess.pgn.Game) -> bool:
    """True when ``node`` is still part of ``game`` (no ancestor of it was removed)."""
    while node.parent is not None:
        if not any(child is node for child in node.parent.variations):
            return False
        node = node.parent
    return node is game


def nearest_attached(node: chess.pgn.GameNode, game: chess.pgn.Game) -> chess.pgn.GameNode:
    """``node`` if it is in ``game``, else its nearest ancestor that is (the root at worst)."""
    for candidate in reversed(path_from_root(node)):
        if is_attached(candidate, game):
            return candidate
    return game


def is_ancestor(ancestor: chess.pgn.GameNode, node: chess.pgn.GameNode) -> bool:
    """True when ``ancestor`` is ``node`` or lies on the path from the root to it."""
    current: chess.pgn.GameNode | None = node
    while current is not None:
        if current is ancestor:
            return True
        current = current.parent
    return False


def branch_point(node: chess.pgn.GameNode) -> chess.pgn.GameNode:
    """The last node of the main line on the path to ``node`` (``node`` itself when it is on the main line)."""
    result = node
    for child in reversed(path_from_root(node)[1:]):
        if not child.is_main_variation():
            assert child.parent is not None  # below the root every node has a parent
            result = child.parent
    return result


def make_main_line(node: chess.pgn.GameNode) -> None:
    """Promote every move on the path to ``node`` to its parent's main continuation."""
    for child in path_from_root(node)[1:]:
        assert child.parent is not None
        child.parent.promote_to_main(child)


def siblings(node: chess.pgn.GameNode) -> list[chess.pgn.GameNode]:
    """``node`` and its alternatives (its parent's children, main first); the root alone for the root."""
    return list(node.parent.variations) if node.parent is not None else [node]


def walk(game: chess.pgn.GameNode) -> Iterator[chess.pgn.GameNode]:
    """Every node below ``game`` (pre-order, main continuations first)."""
    stack = list(reversed(game.variations))
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(node.variations))
