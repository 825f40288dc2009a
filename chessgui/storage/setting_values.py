"""Tolerant conversions of raw QSettings values, shared by every settings module.

INI files store everything as text and hand-edited ones say "yes" or "1": a value that
cannot be understood falls back to the caller's default, never raises.
"""

from __future__ import annotations

from typing import Any

_TRUE_WORDS = ("true", "1", "yes", "on")
_FALSE_WORDS = ("false", "0", "no", "off")


def as_bool(raw: Any, default: bool) -> bool:
    """``raw`` (a bool, an int or words such as "true"/"off") as a bool; ``default`` when it is none of these."""
    if isinstance(raw, bool):
        return raw
    if isinstance(raw, str):
        text = raw.strip().lower()
        if text in _TRUE_WORDS:
            return True
        if text in _FALSE_WORDS:
            return False
    if isinstance(raw, int):
        return bool(raw)
    return default
