"""UCI command lines fuzzed into a real ``python -m engine`` process (Hypothesis).

Whatever line arrives, the engine stays up and answers ``isready`` with ``readyok``
within a few seconds, and only reports problems through its documented channel
(``info string ...``), never the catch-all "error handling" message that means an
unexpected exception. A few hundred lines run in the default suite; ``-m slow`` runs
100 times more.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine_core"))
from engine_test_helpers import UciProcess  # noqa: E402

_WORDS = st.sampled_from(
    [
        "uci",
        "isready",
        "ucinewgame",
        "position",
        "startpos",
        "fen",
        "moves",
        "go",
        "stop",
        "ponderhit",
        "setoption",
        "name",
        "value",
        "Hash",
        "MultiPV",
        "Move",
        "Overhead",
        "OwnBook",
        "BookFile",
        "UCI_LimitStrength",
        "UCI_Elo",
        "Human",
        "Pace",
        "true",
        "false",
        "wtime",
        "btime",
        "winc",
        "binc",
        "movestogo",
        "depth",
        "nodes",
        "mate",
        "movetime",
        "infinite",
        "perft",
        "searchmoves",
        "debug",
        "on",
        "e2e4",
        "e7e5",
        "g1f3",
        "e1g1",
        "a7a8q",
        "0000",
        "e2e5",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        "w",
        "b",
        "KQkq",
        "-",
        "0",
        "1",
        "-1",
        "3",
        "99999999999",
        "9" * 60,
        "1e9",
        "nan",
        "é",
        "\t",
    ]  # fmt: skip
)
_NUMBERS = st.integers(min_value=-(2**70), max_value=2**70).map(str)
_LINES = st.one_of(
    st.lists(st.one_of(_WORDS, _NUMBERS), min_size=1, max_size=14).map(" ".join),
    st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\n\r"), max_size=80),
)


@pytest.fixture(scope="module")
def engine_process() -> UciProcess:
    process = UciProcess()
    process.send("uci")
    process.expect("uciok")
    process.is_ready(timeout=600)
    yield process
    process.quit()


def _check(process: UciProcess, line: str) -> None:
    since = len(process.lines)
    process.send(line)
    process.send("stop")  # end a search the line may have started ("go infinite")
    replies = process.is_ready(timeout=20)
    assert process.proc.poll() is None, f"engine died after {line!r}"
    unexpected = [reply for reply in process.lines[since:] + replies if "error handling" in reply]
    assert not unexpected, f"{line!r} -> {unexpected}"
    # Leave a sane position for the next example (a bad one is rejected, not kept).
    process.send("position startpos")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(_LINES)
def test_any_uci_line_leaves_the_engine_ready(engine_process: UciProcess, line: str) -> None:
    _check(engine_process, line)


@pytest.mark.slow
@settings(max_examples=30_000, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(_LINES)
def test_any_uci_line_leaves_the_engine_ready_long(engine_process: UciProcess, line: str) -> None:
    _check(engine_process, line)
