"""Test configuration shared by the whole suite.

Qt must run headless in tests, so the platform is chosen here, before any test
module (or pytest-qt) imports PySide6.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# Keep the user's real settings and autosaves out of the tests.
os.environ.setdefault("CHESSGUI_TEST_MODE", "1")


def _use_this_checkouts_resources() -> None:
    """Make ``chessgui.resources`` this checkout's ``resources/`` folder.

    An editable install maps ``chessgui.resources`` to the folder of the checkout it was
    made from; a second work tree sharing that environment would otherwise test the
    other checkout's data files (books, opening names) against its own code.
    """
    import importlib.util
    import sys
    from pathlib import Path

    folder = Path(__file__).resolve().parent.parent / "resources"
    if "chessgui.resources" in sys.modules or not (folder / "__init__.py").is_file():
        return
    spec = importlib.util.spec_from_file_location(
        "chessgui.resources", folder / "__init__.py", submodule_search_locations=[str(folder)]
    )
    if spec is None or spec.loader is None:
        return
    module = importlib.util.module_from_spec(spec)
    sys.modules["chessgui.resources"] = module
    spec.loader.exec_module(module)


_use_this_checkouts_resources()
