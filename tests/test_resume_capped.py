"""The plies cap of the match loop (match_common) and benchmarks/resume_capped.py, which plays
on the games an earlier cap stopped."""

from __future__ import annotations

import io
from pathlib import Path

import chess
import chess.engine
import chess.pgn
import match_common  # benchmarks/ is on the import path through pytest's `pythonpath` (pyproject)
import resume_capped

KNIGHTS_OUT_AND_BACK = ("g1f3", "g8f6", "f3g1", "f6g8")
"""Both knights out and back: the start position comes again every four plies."""


class Shuffler:
    """A fake engine that plays KNIGHTS_OUT_AND_BACK and records every limit it was given."""

    def __init__(self) -> None:
        self.limits: list[chess.engine.Limit] = []

    def play(self, board: chess.Board, limit: chess.engine.Limit, info: object = None, game: object = None):
        self.limits.append(limit)
        return chess.engine.PlayResult(chess.Move.from_uci(KNIGHTS_OUT_AND_BACK[board.ply() % 4]), None)

    def close(self) -> None:
        pass


def play(rules: match_common.Adjudication, clocks: tuple[float, float] | None = None):
    engine = Shuffler()
    result = match_common.play_game(
        chess.Board(),
        {chess.WHITE: engine, chess.BLACK: engine},  # type: ignore[dict-item]
        match_common.TimeControl(10, 0.1),
        rules,
        clocks=clocks,
    )
    return result, engine.limits


def test_a_cap_draws_a_game_still_running() -> None:
    result, _ = play(match_common.Adjudication(max_plies=6))
    assert (result.white_score, result.plies, result.reason) == (0.5, 6, "draw: 6 plies reached")


def test_without_a_cap_the_rules_end_the_game() -> None:
    # Threefold repetition claimed at ply 7: Black's next move would bring the start position a
    # third time, and python-chess (like the FIDE rules) lets the mover claim it. A cap of 6 came
    # first above.
    result, _ = play(match_common.Adjudication(max_plies=0))
    assert (result.white_score, result.plies, result.reason) == (0.5, 7, "threefold repetition")


def test_the_default_rules_keep_the_240_ply_cap() -> None:
    assert match_common.DEFAULT_RULES.max_plies == match_common.MAX_PLIES == 240


def test_a_game_goes_on_with_the_clocks_it_is_given() -> None:
    _, limits = play(match_common.Adjudication(max_plies=2), clocks=(3.5, 7.25))
    first = limits[0]
    assert (first.white_clock, first.black_clock) == (3.5, 7.25)
    # White's clock after its move: 3.5 less the (tiny) time spent, plus the increment.
    second = limits[1]
    assert second.black_clock == 7.25 and 3.5 < second.white_clock <= 3.6  # type: ignore[operator]


def capped_pgn(ours_white: bool) -> str:
    """A stockfish_match.py-style game the cap stopped: knights out and back, with clocks."""
    moves = KNIGHTS_OUT_AND_BACK[:3]
    notes = tuple(match_common.MoveNote(clock, 0.1, None, None) for clock in (9.0, 8.5, 7.0))
    result = match_common.GameResult(0.5, "draw: 3 plies reached", 3, moves=moves, notes=notes)
    names = ("full strength", "Stockfish 2500") if ours_white else ("Stockfish 2500", "full strength")
    return match_common.game_pgn(chess.Board(), result, *names, "test")


def decided_pgn() -> str:
    """Fool's mate, Stockfish 2300 (White) losing to us."""
    moves = ("f2f3", "e7e5", "g2g4", "d8h4")
    result = match_common.GameResult(0.0, "checkmate", 4, moves=moves)
    return match_common.game_pgn(chess.Board(), result, "Stockfish 2300", "full strength", "test")


def test_capped_games_are_found_with_their_last_position_and_clocks(tmp_path: Path) -> None:
    pgn = tmp_path / "match.pgn"
    pgn.write_text("\n\n".join([capped_pgn(True), decided_pgn(), capped_pgn(False)]) + "\n")
    capped, tallies = resume_capped.read_games([pgn], 10.0)
    assert [(g.source, g.ours_white, g.elo) for g in capped] == [
        ("match.pgn #1", True, 2500),
        ("match.pgn #3", False, 2500),
    ]
    first = capped[0]
    # The whole history is kept, so a repetition still counts the earlier positions.
    assert [m.uci() for m in first.board.move_stack] == list(KNIGHTS_OUT_AND_BACK[:3])
    # White's last clock was after ply 3 (7.0), Black's after ply 2 (8.5).
    assert first.clocks == (7.0, 8.5)
    # Recorded: two capped draws and one win by mate; nothing counted "after" until played on.
    assert tallies["match.pgn"].before == [1, 2, 0]
    assert tallies["match.pgn"].after == [1, 0, 0]


def test_games_without_stockfish_are_left_out(tmp_path: Path) -> None:
    pgn = tmp_path / "selfplay.pgn"
    game = chess.pgn.read_game(io.StringIO(capped_pgn(True)))
    assert game is not None
    game.headers["Black"] = "base"
    pgn.write_text(str(game) + "\n")
    capped, tallies = resume_capped.read_games([pgn], 10.0)
    assert capped == [] and tallies["selfplay.pgn"].before == [0, 0, 0]


def test_a_game_without_clock_notes_starts_from_the_base_time() -> None:
    game = chess.pgn.read_game(io.StringIO("1. e4 e5 *"))
    assert game is not None
    assert resume_capped.last_clocks(game, 10.0) == (10.0, 10.0)
