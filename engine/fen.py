"""The boundary between python-chess and the engine's arrays.

FEN strings and chess.Board objects come in here; UCI strings go out. Nothing
in this module runs in the hot path.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import chess
import numpy as np

from engine.api import IllegalMoveError, InvalidFenError
from engine.evaluate import recompute_sums
from engine.movegen import (
    compute_hash,
    compute_nonpawn_key,
    compute_pawn_key,
    ep_capturable,
    gen_moves,
    make_move,
    unmake_move,
)
from engine.position import (
    BK_CASTLE,
    BLACK,
    BQ_CASTLE,
    MAX_GAME_PLIES,
    MAX_HISTORY,
    OFFBOARD,
    SQ64_TO_120,
    ST_CASTLE,
    ST_CHECKED,
    ST_COUNT,
    ST_EP,
    ST_FULLMOVE,
    ST_HALFMOVE,
    ST_HPLY,
    ST_KING,
    ST_NONPAWN_KEY,
    ST_PAWN_KEY,
    ST_SIDE,
    ST_SIZE,
    UNDO_SIZE,
    WHITE,
    WK_CASTLE,
    WQ_CASTLE,
    move_to_uci,
)

MAX_FEN_CLOCK = 2**31 - 1
"""Halfmove clock and move number from a FEN are limited to this."""


@dataclass(slots=True)
class Position:
    """The four arrays describing a position (see engine.position for the layout).

    Mutable on purpose: the search makes and unmakes moves on these arrays in
    place. Never share one between threads.
    """

    board: np.ndarray
    """int64[120] mailbox of piece codes."""
    st: np.ndarray
    """int64[ST_SIZE] side, castling, en passant, clocks, kings, eval sums, counts."""
    hashes: np.ndarray
    """uint64[MAX_HISTORY] Zobrist keys of the game's positions; current at st[ST_HPLY]."""
    undo: np.ndarray
    """int64[MAX_HISTORY, UNDO_SIZE] undo records."""

    def legal_moves(self) -> list[int]:
        """All legal moves in engine encoding (slow path: for the boundary only)."""
        buf = np.zeros(256, dtype=np.int32)
        n = gen_moves(self.board, self.st, buf, False)
        legal = []
        for i in range(n):
            move = int(buf[i])
            if make_move(self.board, self.st, self.hashes, self.undo, move):
                unmake_move(self.board, self.st, self.undo)
                legal.append(move)
        return legal

    def find_move(self, uci: str) -> int:
        """Engine encoding of a UCI move string; raises IllegalMoveError if it is not legal here."""
        for move in self.legal_moves():
            if move_to_uci(move) == uci:
                return move
        raise IllegalMoveError(f"illegal or malformed move {uci!r}")

    def push_uci(self, uci: str) -> None:
        """Play a UCI move (must be legal)."""
        if self.st[ST_HPLY] + 1 >= MAX_HISTORY:
            raise IllegalMoveError("game history too long")
        make_move(self.board, self.st, self.hashes, self.undo, self.find_move(uci))

    @property
    def hash(self) -> int:
        """Zobrist key of the current position."""
        return int(self.hashes[self.st[ST_HPLY]])

    @property
    def side_to_move(self) -> chess.Color:
        """chess.WHITE or chess.BLACK."""
        return chess.WHITE if self.st[ST_SIDE] == WHITE else chess.BLACK


def position_from_board(board: chess.Board) -> Position:
    """Convert a python-chess board (its current position only) into engine arrays."""
    if board.chess960:
        raise InvalidFenError("Chess960 positions are not supported by the built-in engine")
    status = board.status()
    if status & ~(chess.STATUS_TOO_MANY_CHECKERS | chess.STATUS_IMPOSSIBLE_CHECK) != chess.STATUS_VALID:
        raise InvalidFenError(f"invalid position: {board.fen()} ({status!r})")
    arr = np.full(120, OFFBOARD, dtype=np.int64)
    st = np.zeros(ST_SIZE, dtype=np.int64)
    for sq in range(64):
        arr[SQ64_TO_120[sq]] = 0
    for sq, piece in board.piece_map().items():
        code = piece.piece_type + (0 if piece.color == chess.WHITE else 8)
        arr[SQ64_TO_120[sq]] = code
        st[ST_COUNT + code] += 1
        if piece.piece_type == chess.KING:
            st[ST_KING + (WHITE if piece.color == chess.WHITE else BLACK)] = SQ64_TO_120[sq]
    st[ST_SIDE] = WHITE if board.turn == chess.WHITE else BLACK
    rights = board.clean_castling_rights()
    castle = 0
    if rights & chess.BB_H1:
        castle |= WK_CASTLE
    if rights & chess.BB_A1:
        castle |= WQ_CASTLE
    if rights & chess.BB_H8:
        castle |= BK_CASTLE
    if rights & chess.BB_A8:
        castle |= BQ_CASTLE
    st[ST_CASTLE] = castle
    if board.ep_square is not None:
        ep = int(SQ64_TO_120[board.ep_square])
        landed = ep - 10 if board.turn == chess.WHITE else ep + 10
        # Same rule as make_move: only record it when a pawn could capture.
        if ep_capturable(arr, landed, int(st[ST_SIDE])):
            st[ST_EP] = ep
    # A FEN may carry any number here; past MAX_FEN_CLOCK nothing changes (the
    # 50-move rule only asks ">= 100") and the int64 state array cannot overflow.
    st[ST_HALFMOVE] = min(max(board.halfmove_clock, 0), MAX_FEN_CLOCK)
    st[ST_FULLMOVE] = min(max(board.fullmove_number, 1), MAX_FEN_CLOCK)
    recompute_sums(arr, st)
    st[ST_PAWN_KEY] = compute_pawn_key(arr)
    st[ST_NONPAWN_KEY] = compute_nonpawn_key(arr, WHITE)
    st[ST_NONPAWN_KEY + 1] = compute_nonpawn_key(arr, BLACK)
    st[ST_CHECKED] = 1 if board.is_check() else 0
    hashes = np.zeros(MAX_HISTORY, dtype=np.uint64)
    hashes[0] = compute_hash(arr, st)
    undo = np.zeros((MAX_HISTORY, UNDO_SIZE), dtype=np.int64)
    return Position(arr, st, hashes, undo)


def parse_board(fen: str) -> chess.Board:
    """python-chess Board from a FEN (or 'startpos'); InvalidFenError with a plain reason otherwise."""
    if fen.strip() in ("", "startpos"):
        return chess.Board()
    try:
        board = chess.Board(fen)
    except ValueError as exc:
        raise InvalidFenError(f"invalid FEN {fen!r}: {exc}") from None
    return board


def position_from_fen(fen: str) -> Position:
    """Engine position from a FEN string."""
    return position_from_board(parse_board(fen))


def play_uci_moves(board: chess.Board, moves: Sequence[str], first: int = 0) -> None:
    """Push ``moves[first:]`` (UCI) on ``board``, each checked; :class:`IllegalMoveError` in plain words."""
    for i in range(first, len(moves)):
        uci = moves[i]
        try:
            move = chess.Move.from_uci(uci)
        except ValueError:
            raise IllegalMoveError(f"malformed move {uci!r} (move {i + 1} of the list)") from None
        if not board.is_legal(move):
            raise IllegalMoveError(f"illegal move {uci!r} in position {board.fen()}")
        board.push(move)


def repeatable_plies(board: chess.Board) -> int:
    """How many of the last plies the engine position must replay: only positions since the last
    irreversible move can repeat (and at most ``MAX_GAME_PLIES - 1`` are kept)."""
    return min(len(board.move_stack), board.halfmove_clock, MAX_GAME_PLIES - 1)


def position_from_game(fen: str, moves: Sequence[str] = ()) -> Position:
    """Engine position after ``moves`` (UCI) from ``fen``, with the game history the
    repetition rule needs (the last ``MAX_GAME_PLIES`` plies at most)."""
    board = parse_board(fen)
    play_uci_moves(board, moves)
    keep = repeatable_plies(board)
    tail = [board.pop() for _ in range(keep)][::-1]
    pos = position_from_board(board)
    for move in tail:
        pos.push_uci(move.uci())
        board.push(move)
    return pos
