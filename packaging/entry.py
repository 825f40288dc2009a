"""PyInstaller entry point: the frozen app's ``main`` is the installed ``chessgui`` script's."""

from __future__ import annotations

import sys

from chessgui.__main__ import run

if __name__ == "__main__":
    sys.exit(run())
