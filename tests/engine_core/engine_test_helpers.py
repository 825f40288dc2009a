"""Shared helpers for the engine tests (random positions from playouts, a UCI subprocess)."""

from __future__ import annotations

import queue
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

import chess


def random_positions(count: int, seed: int, max_plies: int = 120) -> list[chess.Board]:
    """Positions reached by random playouts from the start (captures favoured now
    and then so that endgames appear too). Game-over positions are included."""
    rng = random.Random(seed)
    boards = []
    while len(boards) < count:
        board = chess.Board()
        for _ in range(rng.randint(2, max_plies)):
            moves = list(board.legal_moves)
            if not moves:
                break
            noisy = [m for m in moves if board.is_capture(m) or m.promotion]
            board.push(rng.choice(noisy if noisy and rng.random() < 0.4 else moves))
        boards.append(board)
    return boards


def assert_legal_answer(board: chess.Board, best_move: str | None, ponder: str | None) -> None:
    """A search's answer in ``board`` is legal: its best move, and the ponder move after it;
    no move at all exactly when there is none (mate or stalemate)."""
    if not any(board.legal_moves):
        assert best_move is None, board.fen()
        return
    assert best_move is not None and chess.Move.from_uci(best_move) in board.legal_moves, board.fen()
    if ponder is not None:
        after = board.copy()
        after.push_uci(best_move)
        assert chess.Move.from_uci(ponder) in after.legal_moves, after.fen()


class UciProcess:
    """``python -m engine`` driven line by line, for tests that must see each reply
    before sending the next command (a reader thread collects stdout)."""

    def __init__(self, args: list[str] | None = None, env: dict[str, str] | None = None) -> None:
        self.lines: list[str] = []
        self._queue: queue.Queue[str | None] = queue.Queue()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "engine", *(args or [])],
            cwd=Path(__file__).resolve().parents[2],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            bufsize=1,
            env=env,
        )
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self._queue.put(line.rstrip("\n"))
        self._queue.put(None)

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def expect(self, prefix: str, timeout: float = 60.0, since: int | None = None) -> list[str]:
        """Lines read up to and including the first one starting with ``prefix``.

        With ``since`` (an index into :attr:`lines`), a matching line already read
        from there on counts too (it may have arrived while waiting for another reply)."""
        if since is not None:
            for i, line in enumerate(self.lines[since:], since):
                if line.startswith(prefix):
                    return self.lines[since : i + 1]
        deadline = time.monotonic() + timeout
        seen: list[str] = []
        while True:
            try:
                line = self._queue.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"no {prefix!r} within {timeout} s; got {seen[-10:]}") from None
            if line is None:
                raise AssertionError(
                    f"engine exited (rc={self.proc.wait()}) before {prefix!r}; "
                    f"got {seen[-10:]}; stderr: {self.proc.stderr.read()[-2000:]}"
                )
            self.lines.append(line)
            seen.append(line)
            if line.startswith(prefix):
                return seen

    def is_ready(self, timeout: float = 60.0) -> list[str]:
        """Send isready and return everything up to readyok."""
        self.send("isready")
        return self.expect("readyok", timeout)

    def quit(self, timeout: float = 30.0) -> int:
        try:
            self.send("quit")
        except (BrokenPipeError, OSError):
            pass
        try:
            return self.proc.wait(timeout)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait()
