"""benchmarks/pgn_time_use.py: seconds per move by stage and the final clock, from match PGNs."""

from __future__ import annotations

import io

import pgn_time_use  # benchmarks/ is on the import path through pytest's `pythonpath` (pyproject)

GAME = """[White "engine"]
[Black "Stockfish 2300"]
[Result "1/2-1/2"]

1. e4 { [%clk 0:00:09.700] [%emt 0:00:00.400] } 1... e5 { [%clk 0:00:09.500] [%emt 0:00:00.600] }
2. Nf3 { [%clk 0:00:09.500] [%emt 0:00:00.300] } 2... Nc6 { [%clk 0:00:09.000] [%emt 0:00:00.600] } 1/2-1/2
"""


def test_time_per_move_and_final_clock_per_player() -> None:
    players = pgn_time_use.read(io.StringIO(GAME + "\n" + GAME))
    engine = players["engine"]
    assert engine.spent[0] == [0.4, 0.3, 0.4, 0.3]
    assert engine.final_clock == [9.5, 9.5]
    assert players["Stockfish 2300"].final_clock == [9.0, 9.0]
    table = pgn_time_use.report(players)
    assert "| engine | 0.350 | 9.50 s |" in table
    assert "| Stockfish 2300 | 0.600 | 9.00 s |" in table


def test_a_game_without_clock_comments_counts_nothing() -> None:
    players = pgn_time_use.read(io.StringIO('[White "a"]\n[Black "b"]\n\n1. e4 e5 *\n'))
    assert all(not use.spent and not use.final_clock for use in players.values())
