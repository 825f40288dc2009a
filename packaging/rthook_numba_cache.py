"""PyInstaller runtime hook: give Numba a user-writable cache directory in the frozen app.

Runs before any of the app's modules are imported. The bundle's folder may be
read-only (installed system-wide, a signed macOS .app), so Numba must not try to
write ``__pycache__`` next to the engine sources. ``engine/_jit_cache.py`` then
adds an ``engine-<digest of the engine sources>`` sub-folder, which matters
doubly when frozen: Numba stamps frozen cache entries with a hash of
``sys.executable`` -- the PyInstaller bootloader, byte-identical across builds --
so without that digest an updated app would load the previous engine's machine code.

A user's own ``NUMBA_CACHE_DIR`` wins.
"""

from __future__ import annotations

import getpass
import os
import sys
import tempfile
from pathlib import Path


def _user_cache_root() -> Path:
    if sys.platform == "win32":
        return Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local") / "chessgui" / "cache"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "chessgui"
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "chessgui"


def _configure_numba_cache() -> None:
    if os.environ.get("NUMBA_CACHE_DIR"):
        return
    # No writable home (a locked-down account): a per-user temporary folder still
    # avoids compiling the engine again on every start.
    candidates = (_user_cache_root() / "numba", Path(tempfile.gettempdir()) / f"chessgui-numba-{getpass.getuser()}")
    for cache_dir in candidates:
        try:
            cache_dir.mkdir(parents=True, exist_ok=True)
        except OSError:
            continue
        if os.access(cache_dir, os.W_OK):
            os.environ["NUMBA_CACHE_DIR"] = str(cache_dir)
            return


_configure_numba_cache()
