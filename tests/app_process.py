"""The environment for the real app started as a subprocess (``python -m chessgui``)."""

from __future__ import annotations

import os
from pathlib import Path


def app_env(home: Path) -> dict[str, str]:
    """Offscreen, with ``home`` as its home and data folders, so it uses its real autosave folder there."""
    env = dict(os.environ)
    env.pop("CHESSGUI_TEST_MODE", None)  # the app must use its real (temporary-HOME) autosave folder
    env.update(
        QT_QPA_PLATFORM="offscreen",
        HOME=str(home),
        XDG_CONFIG_HOME=str(home / "config"),
        XDG_DATA_HOME=str(home / "data"),
        # The engine's compiled code is keyed by its source: share the real cache so no run compiles.
        XDG_CACHE_HOME=os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache"),
    )
    return env
