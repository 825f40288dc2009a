"""PyInstaller entry point of ``chessgui-engine``: the built-in engine as a UCI program.

Shipped next to the app so the engine can be added to other chess GUIs (Arena,
Cute Chess, Lucas Chess ...) without a Python installation.
"""

from __future__ import annotations

import sys

from engine.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
