"""chessgui: a desktop chess program (PySide6 front end, python-chess rules, Numba engine)."""

from __future__ import annotations

__all__ = ["__version__"]

try:
    from importlib.metadata import PackageNotFoundError, version

    __version__ = version("chessgui")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0+source"
