"""Test configuration shared by the whole suite.

Qt must run headless in tests, so the platform is chosen here, before any test
module (or pytest-qt) imports PySide6.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# Keep the user's real settings and autosaves out of the tests.
os.environ.setdefault("CHESSGUI_TEST_MODE", "1")
