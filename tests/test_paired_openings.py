"""benchmarks/paired_openings.py: two builds' games against Stockfish, paired by opening."""

from __future__ import annotations

from pathlib import Path

import chess
import chess.pgn
import paired_openings  # benchmarks/ is on the import path through pytest's `pythonpath` (pyproject)
import pytest

OPENING_A = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
OPENING_B = "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
OPENING_C = "rnbqkbnr/pppppp1p/6p1/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2"


def _pgn(
    path: Path, games: list[tuple[str, bool, str]], ours: str = "full strength", opponent: str = "Stockfish 2500"
) -> Path:
    """Write ``games`` (opening FEN, our engine has White, result) the way stockfish_match does."""
    with path.open("w", encoding="utf-8") as handle:
        for fen, ours_white, result in games:
            game = chess.pgn.Game()
            game.setup(chess.Board(fen))
            game.headers["White"] = ours if ours_white else opponent
            game.headers["Black"] = opponent if ours_white else ours
            game.headers["Result"] = result
            game.headers["Termination"] = "adjudicated: White resigns" if result == "0-1" else "threefold repetition"
            print(game, file=handle, end="\n\n")
    return path


def test_games_are_scored_from_our_side_and_keyed_by_opening_and_colour(tmp_path: Path) -> None:
    path = _pgn(tmp_path / "a.pgn", [(OPENING_A, True, "1-0"), (OPENING_A, False, "1-0"), (OPENING_B, True, "*")])
    games = paired_openings.load_games([path])
    assert games == {
        (("Stockfish 2500", OPENING_A), True): paired_openings.Game(1.0, "threefold repetition"),
        (("Stockfish 2500", OPENING_A), False): paired_openings.Game(0.0, "threefold repetition"),
    }  # the unfinished game is left out


def test_only_openings_with_all_four_games_are_paired(tmp_path: Path) -> None:
    base = _pgn(
        tmp_path / "base.pgn",
        [
            (OPENING_A, True, "1/2-1/2"),
            (OPENING_A, False, "1-0"),  # a loss with Black
            (OPENING_B, True, "1-0"),
            (OPENING_B, False, "1/2-1/2"),
            (OPENING_C, True, "1-0"),  # C lacks a game in the test build
            (OPENING_C, False, "0-1"),
        ],
    )
    test = _pgn(
        tmp_path / "test.pgn",
        [
            (OPENING_A, True, "1-0"),
            (OPENING_A, False, "1/2-1/2"),
            (OPENING_B, True, "1-0"),
            (OPENING_B, False, "1/2-1/2"),
            (OPENING_C, True, "0-1"),
        ],
    )
    result = paired_openings.compare(paired_openings.load_games([base]), paired_openings.load_games([test]))
    assert result.pairs == 2
    # A: base 0.5 + 0 = 0.5, test 1 + 0.5 = 1.5 (+1); B: 1.5 both (0).
    assert result.mean_difference == pytest.approx(0.5)
    assert result.base_score == pytest.approx(2.0 / 4) and result.test_score == pytest.approx(3.0 / 4)
    assert result.half_width == pytest.approx(1.96 * (0.5**2 * 2) ** 0.5 / 2**0.5)
    assert result.elo_difference > 0 and result.elo_half_width > 0


def test_no_common_opening_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = _pgn(tmp_path / "base.pgn", [(OPENING_A, True, "1-0"), (OPENING_A, False, "1-0")])
    test = _pgn(tmp_path / "test.pgn", [(OPENING_B, True, "1-0"), (OPENING_B, False, "1-0")])
    assert paired_openings.main(["--base", str(base), "--test", str(test)]) == 2
    assert "no opening was played with both colours by both builds" in capsys.readouterr().err
    assert paired_openings.main(["--base", str(tmp_path / "missing.pgn"), "--test", str(test)]) == 2


def test_the_report_names_the_counts(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    games = [
        (OPENING_A, True, "1-0"),
        (OPENING_A, False, "0-1"),
        (OPENING_B, True, "1/2-1/2"),
        (OPENING_B, False, "1-0"),
    ]
    base = _pgn(tmp_path / "base.pgn", games)
    test = _pgn(tmp_path / "test.pgn", games, ours="full strength (features 0x9ebffff)")
    assert paired_openings.main(["--base", str(base), "--test", str(test)]) == 0
    out = capsys.readouterr().out
    assert "openings with all four games: 2" in out
    assert "base W/D/L 2/1/1" in out and "test W/D/L 2/1/1" in out
    assert "+0.000 +- 0.000" in out and "in Elo: +0 +- 0" in out


def test_one_opening_against_two_settings_is_two_pairs(tmp_path: Path) -> None:
    # Runs against 2700 and 2500 pool into one comparison: an opening both seeds drew is paired
    # within each setting, never one setting's game against the other's.
    base = _pgn(tmp_path / "b27.pgn", [(OPENING_A, True, "0-1"), (OPENING_A, False, "1-0")], opponent="Stockfish 2700")
    base25 = _pgn(tmp_path / "b25.pgn", [(OPENING_A, True, "1-0"), (OPENING_A, False, "0-1")])
    test = _pgn(
        tmp_path / "t27.pgn", [(OPENING_A, True, "1/2-1/2"), (OPENING_A, False, "1-0")], opponent="Stockfish 2700"
    )
    test25 = _pgn(tmp_path / "t25.pgn", [(OPENING_A, True, "1-0"), (OPENING_A, False, "0-1")])
    games = paired_openings.load_games([base, base25])
    assert len(games) == 4
    result = paired_openings.compare(games, paired_openings.load_games([test, test25]))
    assert result.pairs == 2
    # 2700: base 0 + 0 = 0, test 0.5 + 0 (+0.5); 2500: 2 both (0).
    assert result.mean_difference == pytest.approx(0.25)
