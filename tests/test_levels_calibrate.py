"""benchmarks/levels_calibrate.py: its command-line checks (the games are measured, not tested)."""

from __future__ import annotations

import sys

import levels_calibrate  # benchmarks/ is on the import path through pytest's `pythonpath` (pyproject)
import pytest


def test_a_reference_program_that_does_not_exist_is_refused_before_any_game(capsys) -> None:
    # Run P (docs/levels.md) lost its lower chain to a missing sunfish: both game workers died on
    # it an hour in, and the levels below 1300 came out as nan.
    with pytest.raises(SystemExit):
        levels_calibrate.main(["--levels", "800", "--reference", "sunfish=1450=/nonexistent/sunfish-uci"])
    assert "no program '/nonexistent/sunfish-uci' found" in capsys.readouterr().err


def test_a_reference_program_on_the_path_is_accepted() -> None:
    opponent = levels_calibrate.parse_reference(f"py=1450={sys.executable} -c pass")
    assert opponent.name == "py" and opponent.command == [sys.executable, "-c", "pass"]
    with pytest.raises(Exception, match="expected NAME=ELO=COMMAND"):
        levels_calibrate.parse_reference("no-rating")
