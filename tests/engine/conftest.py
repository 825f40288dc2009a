"""Make sure ``import engine`` means the project's engine package.

Under a plain ``pytest`` run, ``tests/`` is put on sys.path (it holds the root
conftest and has no __init__.py), and this directory, ``tests/engine``, would
then shadow the real package as an empty namespace package. Putting the
project root first, as ``python -m pytest`` does, avoids that.
"""

from __future__ import annotations

import sys
from pathlib import Path

_ROOT = str(Path(__file__).resolve().parents[2])
if sys.path[:1] != [_ROOT]:
    sys.path.insert(0, _ROOT)
_engine = sys.modules.get("engine")
if _engine is not None and getattr(_engine, "__file__", None) is None:
    del sys.modules["engine"]  # a namespace package picked up by mistake

import engine  # noqa: E402,F401
