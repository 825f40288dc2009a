"""Package discovery that a moved module cannot slip through.

``pyproject.toml`` holds all metadata; this file only lists the packages, found on
disk rather than written by hand: every package below ``chessgui/`` and ``engine/``,
plus the top-level ``resources/`` folder (and its data folders) installed as ``chessgui.resources``
(``package-dir`` in pyproject maps it). ``tests/test_packaging_wheel.py`` builds
the wheel and checks that every module is in it.
"""

from setuptools import find_namespace_packages, find_packages, setup

packages = find_packages(include=["chessgui", "chessgui.*", "engine", "engine.*"])
packages += ["chessgui.resources"] + [f"chessgui.resources.{name}" for name in find_namespace_packages("resources")]
setup(packages=packages)
