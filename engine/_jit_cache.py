"""Where Numba keeps the compiled engine, keyed by a digest of the engine's source.

Numba invalidates a cached function only when *its own* file changes; a
search compiled with an older evaluation from another module would be loaded
silently. Keying the cache directory by the content of every engine module
makes any source change start from a clean cache.

The directory is ``$NUMBA_CACHE_DIR/engine-<digest>`` when NUMBA_CACHE_DIR is
set (packagers: point it at a user-writable place), else
``$XDG_CACHE_HOME/chessgui/numba/engine-<digest>`` (``~/.cache/...``). If that
cannot be created, Numba's default (``__pycache__`` next to the sources) is used.
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent


def source_digest() -> str:
    """Hex digest of all engine modules and data files.

    Without readable sources (a frozen app ships bytecode only) the executable's
    path, size and modification time stand in, so an upgraded app still starts
    from a clean cache."""
    digest = hashlib.sha256()
    found = False
    # The network's weights (engine/nnue_net.npz) are compiled into the code as constants too.
    for path in sorted([*_PACKAGE_DIR.glob("*.py"), *_PACKAGE_DIR.glob("*.npz")]):
        try:
            digest.update(path.name.encode())
            digest.update(path.read_bytes())
            found = True
        except OSError:
            continue
    if not found:
        try:
            info = os.stat(sys.executable)
            digest.update(f"{sys.executable}:{info.st_size}:{info.st_mtime_ns}".encode())
        except OSError:
            digest.update(sys.executable.encode())
    return digest.hexdigest()[:16]


def cache_dir() -> Path:
    """The cache directory this engine version uses."""
    base = os.environ.get("NUMBA_CACHE_DIR")
    if base:
        root = Path(base)
    else:
        xdg = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
        root = Path(xdg) / "chessgui" / "numba"
    return root / f"engine-{source_digest()}"


def configure() -> None:
    """Point Numba's cache at :func:`cache_dir` (call before any engine module is compiled)."""
    import numba

    try:
        path = cache_dir()
        path.mkdir(parents=True, exist_ok=True)
    except (OSError, RuntimeError):  # no home directory, read-only file system, ...
        return
    if os.access(path, os.W_OK):
        numba.config.CACHE_DIR = str(path)
        _prune_old_versions(path)


STALE_AFTER_S = 14 * 24 * 3600


def _prune_old_versions(current: Path) -> None:
    """Delete caches of other engine versions untouched for two weeks."""
    import shutil
    import time

    now = time.time()
    try:
        for other in current.parent.glob("engine-*"):
            if other != current and now - other.stat().st_mtime > STALE_AFTER_S:
                shutil.rmtree(other, ignore_errors=True)
    except OSError:
        pass
