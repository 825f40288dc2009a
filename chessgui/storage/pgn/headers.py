"""Editing a game's PGN headers by hand (Game ▸ Game details…), within PGN's rules.

Pure functions over python-chess's ``Headers``; the controller applies them to
the game it owns and announces the change.
"""

from __future__ import annotations

from collections.abc import Mapping

import chess.pgn

SEVEN_TAG_ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
"""PGN tags every game has (unknown values are "?")."""
GAME_OWNED_TAGS = frozenset({"Result", "FEN", "SetUp"})
"""Tags the game itself decides; hand edits leave them alone."""
_UNKNOWN_VALUES = {"Date": "????.??.??"}


def apply_header_edits(headers: chess.pgn.Headers, edits: Mapping[str, str]) -> None:
    """Write ``edits`` into ``headers``.

    Values become one line (PGN tag values cannot hold line breaks). The seven-tag
    roster stays ("?" when emptied); other tags emptied are removed. Result, FEN and
    SetUp are left as they are.
    """
    for name, value in edits.items():
        if name in GAME_OWNED_TAGS:
            continue
        value = " ".join(value.split())
        if value:
            headers[name] = value
        elif name in SEVEN_TAG_ROSTER:
            headers[name] = _UNKNOWN_VALUES.get(name, "?")
        elif name in headers:
            del headers[name]
