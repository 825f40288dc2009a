"""Pieces shared by the match scripts (engine_match.py, sprt.py): openings, Elo, one UCI game.

A game is played between two python-chess ``SimpleEngine`` objects. It ends by the
rules (python-chess decides: mate, stalemate, insufficient material, 50 moves,
threefold), by a plies cap, by adjudication, or by a fault: an engine that flags,
crashes, hangs or plays an illegal move loses, and the reason is recorded.
"""

from __future__ import annotations

import math
import threading
import time
from dataclasses import dataclass, replace

import chess
import chess.engine
import chess.pgn

OPENINGS = (
    "e4 e5 Nf3 Nc6 Bb5 a6",
    "e4 c5 Nf3 d6 d4 cxd4",
    "d4 d5 c4 e6 Nc3 Nf6",
    "d4 Nf6 c4 g6 Nc3 Bg7",
    "e4 e6 d4 d5 Nc3 Bb4",
    "e4 c6 d4 d5 e5 Bf5",
    "c4 e5 Nc3 Nf6 g3 d5",
    "Nf3 d5 g3 Nf6 Bg2 c6",
    "d4 Nf6 c4 e6 Nc3 Bb4",
    "e4 e5 Nf3 Nf6 Nxe5 d6",
    "e4 d5 exd5 Qxd5 Nc3 Qa5",
    "d4 d5 Bf4 Nf6 e3 c5",
    "e4 c5 Nc3 Nc6 g3 g6",
    "d4 f5 g3 Nf6 Bg2 e6",
    "e4 g6 d4 Bg7 Nc3 d6",
    "c4 c5 Nc3 Nc6 g3 g6",
    "e4 e5 Bc4 Nf6 d3 c6",
    "d4 Nf6 Nf3 e6 Bg5 h6",
    "e4 Nf6 e5 Nd5 d4 d6",
    "b3 e5 Bb2 Nc6 e3 d5",
)
"""Twenty common openings, six plies each (SAN from the start position)."""

MAX_PLIES = 240
"""Games still running after this many plies are scored as draws (Adjudication.max_plies'
default; 0 there lifts the cap)."""

MATE_CP = 100_000
"""Centipawn value given to a mate score when comparing with adjudication thresholds."""


def opening_board(line: str) -> chess.Board:
    """The board after a space-separated SAN move list from the start position."""
    board = chess.Board()
    for san in line.split():
        board.push_san(san)
    return board


def elo(score: float, games: int) -> tuple[float, float, float]:
    """Elo difference and a 95% interval from a score fraction (binomial, draws ignored)."""

    def to_elo(p: float) -> float:
        p = min(max(p, 1e-3), 1 - 1e-3)
        return -400 * math.log10(1 / p - 1)

    stderr = math.sqrt(max(score * (1 - score), 1e-6) / max(games, 1))
    return to_elo(score), to_elo(score - 1.96 * stderr), to_elo(score + 1.96 * stderr)


@dataclass(frozen=True, slots=True)
class TimeControl:
    """How long each move may take: a clock (base + increment) or a fixed node count."""

    base: float = 10.0
    """Seconds on each clock at the start (ignored with ``nodes``)."""
    increment: float = 0.1
    """Seconds added after each move (ignored with ``nodes``)."""
    nodes: int | None = None
    """Fixed nodes per move instead of a clock."""
    hang_seconds: float = 60.0
    """An engine silent this long past its clock (or on a fixed-node move) has hung and loses."""

    @classmethod
    def parse(cls, text: str) -> TimeControl:
        """``"5+0.05"`` (seconds + increment) or ``"5"``; raises ValueError with the reason."""
        base, _, inc = text.partition("+")
        try:
            tc = cls(float(base), float(inc or 0))
        except ValueError:
            raise ValueError(f"time control {text!r}: expected seconds+increment, e.g. 5+0.05") from None
        if tc.base <= 0 or tc.increment < 0:
            raise ValueError(f"time control {text!r}: base must be positive, increment not negative")
        return tc

    def describe(self) -> str:
        """Short label for reports."""
        return f"{self.nodes} nodes/move" if self.nodes else f"{self.base:g}+{self.increment:g}"


@dataclass(frozen=True, slots=True)
class Adjudication:
    """When to stop a decided game early (cutechess's -resign / -draw). Zero counts disable."""

    resign_cp: int = 1000
    """Both engines see at least this advantage for the same side ..."""
    resign_moves: int = 3
    """... on each of their last this many moves: that side wins."""
    draw_cp: int = 0
    """Both engines' scores are within this of zero ..."""
    draw_moves: int = 8
    """... on each of their last this many moves ..."""
    draw_after_move: int = 40
    """... and the game has reached this full-move number: draw."""
    max_plies: int = MAX_PLIES
    """Games still running after this many plies are scored as draws; 0: no cap, the rules
    (50 moves, threefold) end every game. A cap keeps self-play short but takes the win from
    a side that needs more moves to mate than the cap leaves it."""


NO_ADJUDICATION = Adjudication(resign_moves=0, draw_moves=0)
DEFAULT_RULES = Adjudication()
"""cutechess-like resign and draw rules with the 240-ply cap (the level and SPRT matches')."""


@dataclass(frozen=True, slots=True)
class GameResult:
    """How one game ended."""

    white_score: float
    """1, 0.5 or 0 from White's view."""
    reason: str
    """Plain words: "checkmate", "adjudicated draw", "Black played an illegal move e2e5", ..."""
    plies: int
    """Plies played (opening included)."""
    fault: bool = False
    """True when a player lost by a fault (crash, hang, illegal or missing move, flag)."""
    moves: tuple[str, ...] = ()
    """The moves played in the game (UCI), after the start position's own move stack."""
    notes: tuple[MoveNote, ...] = ()
    """What each of ``moves`` cost and how its player judged it, move by move."""


@dataclass(frozen=True, slots=True)
class MoveNote:
    """One move's record for the PGN: the mover's clock and its own judgement."""

    clock: float | None
    """Seconds left on the mover's clock after the move (increment added); None at fixed nodes."""
    spent: float
    """Seconds the move took, as the match's clock charged it."""
    score: chess.engine.PovScore | None
    """The mover's score for the position, if it reported one."""
    depth: int | None
    """The depth the mover reported, if any."""


def _adjudicate(scores: dict[bool, list[int]], board: chess.Board, rules: Adjudication) -> GameResult | None:
    """Adjudicated result from each side's recent scores (White's view), or None to play on."""
    n = rules.resign_moves
    if n and all(len(scores[c]) >= n for c in chess.COLORS):
        recent = scores[chess.WHITE][-n:] + scores[chess.BLACK][-n:]
        if all(s >= rules.resign_cp for s in recent):
            return GameResult(1.0, "adjudicated: Black resigns", board.ply())
        if all(s <= -rules.resign_cp for s in recent):
            return GameResult(0.0, "adjudicated: White resigns", board.ply())
    n = rules.draw_moves
    if (
        n
        and board.fullmove_number >= rules.draw_after_move
        and all(len(scores[c]) >= n for c in chess.COLORS)
        and all(abs(s) <= rules.draw_cp for c in chess.COLORS for s in scores[c][-n:])
    ):
        return GameResult(0.5, "adjudicated draw", board.ply())
    return None


def _watchdog(engine: chess.engine.SimpleEngine, seconds: float) -> threading.Timer:
    """Close ``engine`` if the current move takes longer than ``seconds`` (the move then raises)."""
    timer = threading.Timer(seconds, engine.close)
    timer.daemon = True
    timer.start()
    return timer


def play_game(
    board: chess.Board,
    players: dict[bool, chess.engine.SimpleEngine],
    tc: TimeControl,
    rules: Adjudication = NO_ADJUDICATION,
    stop: threading.Event | None = None,
    game_id: object = None,
    clocks: tuple[float, float] | None = None,
) -> GameResult:
    """Play ``board`` (its move stack is sent as the game so far) to the end.

    ``clocks`` is (White's, Black's) seconds at the start, default ``tc.base`` each: a game
    interrupted earlier goes on with the time its players had left.

    A ``game_id`` different from the engines' previous game makes python-chess send
    ``ucinewgame`` first (fresh hash and history for each game of a reused engine).

    An engine that crashes or hangs is closed; the caller must open a new one
    before the next game."""
    board = board.copy()
    start = len(board.move_stack)
    notes: list[MoveNote] = []
    start_clocks = clocks if clocks is not None else (tc.base, tc.base)
    result = _play(board, players, tc, rules, stop, game_id, notes, start_clocks)
    moves = tuple(move.uci() for move in board.move_stack[start:])
    return replace(result, moves=moves, notes=tuple(notes[: len(moves)]))


def game_pgn(start: chess.Board, result: GameResult, white: str, black: str, event: str) -> str:
    """``result``'s game as PGN text: from ``start`` (its move stack becomes the game's first
    moves), the players' names, the result and how it ended (the Termination tag)."""
    board = start.copy()
    for uci in result.moves:
        board.push_uci(uci)
    game = chess.pgn.Game.from_board(board)
    if result.notes:
        # from_board's mainline holds the start position's own moves first, then the game's.
        nodes = list(game.mainline())[len(start.move_stack) :]
        for node, note in zip(nodes, result.notes, strict=False):
            if note.clock is not None:
                node.set_clock(note.clock)
            node.set_emt(note.spent)
            if note.score is not None:
                node.set_eval(note.score, note.depth)
    game.headers["Event"] = event
    game.headers["White"] = white
    game.headers["Black"] = black
    game.headers["Result"] = {1.0: "1-0", 0.0: "0-1"}.get(result.white_score, "1/2-1/2")
    game.headers["Termination"] = result.reason
    return str(game)


def _play(
    board: chess.Board,
    players: dict[bool, chess.engine.SimpleEngine],
    tc: TimeControl,
    rules: Adjudication,
    stop: threading.Event | None,
    game_id: object,
    notes: list[MoveNote],
    start_clocks: tuple[float, float],
) -> GameResult:
    """play_game's loop; plays on ``board`` itself and appends each move's note to ``notes``."""
    clocks = {chess.WHITE: start_clocks[0], chess.BLACK: start_clocks[1]}
    scores: dict[bool, list[int]] = {chess.WHITE: [], chess.BLACK: []}
    while not board.is_game_over(claim_draw=True):
        if rules.max_plies and board.ply() >= rules.max_plies:
            return GameResult(0.5, f"draw: {rules.max_plies} plies reached", board.ply())
        if stop is not None and stop.is_set():
            raise MatchStoppedError
        side = "White" if board.turn == chess.WHITE else "Black"
        lose = 0.0 if board.turn == chess.WHITE else 1.0
        if tc.nodes:
            limit = chess.engine.Limit(nodes=tc.nodes)
            allowed = tc.hang_seconds
        else:
            limit = chess.engine.Limit(
                white_clock=clocks[chess.WHITE],
                black_clock=clocks[chess.BLACK],
                white_inc=tc.increment,
                black_inc=tc.increment,
            )
            allowed = clocks[board.turn] + tc.hang_seconds
        engine = players[board.turn]
        timer = _watchdog(engine, allowed)
        start = time.monotonic()
        try:
            played = engine.play(board, limit, info=chess.engine.INFO_BASIC | chess.engine.INFO_SCORE, game=game_id)
        except (chess.engine.EngineError, chess.engine.EngineTerminatedError, TimeoutError) as exc:
            what = "hung" if not timer.is_alive() else f"crashed ({type(exc).__name__}: {exc})"
            return GameResult(lose, f"{side} {what}", board.ply(), fault=True)
        finally:
            timer.cancel()
        spent = time.monotonic() - start
        if not tc.nodes:
            clocks[board.turn] -= spent
            if clocks[board.turn] < 0:
                return GameResult(lose, f"{side} lost on time", board.ply(), fault=True)
            clocks[board.turn] += tc.increment
        move = played.move
        if move is None or not board.is_legal(move):
            return GameResult(lose, f"{side} played an illegal move {move}", board.ply(), fault=True)
        pov = played.info.get("score")
        if pov is not None:
            scores[board.turn].append(pov.white().score(mate_score=MATE_CP))
        clock = None if tc.nodes else clocks[board.turn]
        notes.append(MoveNote(clock, spent, pov, played.info.get("depth")))
        board.push(move)
        adjudicated = _adjudicate(scores, board, rules)
        if adjudicated is not None:
            return adjudicated
    outcome = board.outcome(claim_draw=True)
    assert outcome is not None
    reason = outcome.termination.name.lower().replace("_", " ")
    if outcome.winner is None:
        return GameResult(0.5, reason, board.ply())
    return GameResult(1.0 if outcome.winner == chess.WHITE else 0.0, reason, board.ply())


class MatchStoppedError(Exception):
    """The match was decided while this game was running; its result is not needed."""
