"""How a review's judgements look: one colour per mark, shared by the eval graph and the board badge.

The colours are lichess's (inaccuracy blue, mistake orange, blunder red, only move green).
"""

from __future__ import annotations

from PySide6.QtGui import QColor

from chessgui.game.review import Judgement

JUDGEMENT_COLORS: dict[Judgement, QColor] = {
    Judgement.ONLY_MOVE: QColor(34, 172, 56),
    Judgement.INACCURACY: QColor(86, 180, 233),
    Judgement.MISTAKE: QColor(230, 159, 0),
    Judgement.BLUNDER: QColor(223, 83, 83),
}
"""The colour of each mark (an ordinary good move has none)."""
