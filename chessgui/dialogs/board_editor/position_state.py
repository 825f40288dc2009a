"""Pure rules of the board editor: which castling and en passant options exist.

Kept free of widgets so the rules are tested directly and the dialog stays
a thin view over them.
"""

from __future__ import annotations

import chess

__all__ = ["CASTLING_HOMES", "castling_available", "compose_fen", "en_passant_choices"]

CASTLING_HOMES: dict[str, tuple[chess.Color, chess.Square, chess.Square]] = {
    "K": (chess.WHITE, chess.E1, chess.H1),
    "Q": (chess.WHITE, chess.E1, chess.A1),
    "k": (chess.BLACK, chess.E8, chess.H8),
    "q": (chess.BLACK, chess.E8, chess.A8),
}
"""Castling letter -> (colour, king's home square, rook's home square)."""


def castling_available(board: chess.BaseBoard) -> dict[str, bool]:
    """For each castling letter: do king and rook stand on their home squares?"""
    return {
        letter: board.piece_at(king) == chess.Piece(chess.KING, color)
        and board.piece_at(rook) == chess.Piece(chess.ROOK, color)
        for letter, (color, king, rook) in CASTLING_HOMES.items()
    }


def compose_fen(
    board: chess.BaseBoard,
    turn: chess.Color,
    castling: str,
    ep_square: chess.Square | None,
    halfmove: int = 0,
    fullmove: int = 1,
) -> str:
    """The full FEN of the edited position (castling letters in KQkq order)."""
    letters = "".join(letter for letter in "KQkq" if letter in castling) or "-"
    ep = chess.square_name(ep_square) if ep_square is not None else "-"
    return f"{board.board_fen()} {'w' if turn else 'b'} {letters} {ep} {halfmove} {max(1, fullmove)}"


def en_passant_choices(board: chess.BaseBoard, turn: chess.Color) -> list[chess.Square]:
    """En passant squares that would allow a legal en passant capture right now.

    A square qualifies when the opponent's pawn could just have made a double
    step over it (pawn in front, the square and the one behind empty) and a
    pawn of the side to move can legally take it en passant.
    """
    rank = 5 if turn == chess.WHITE else 2
    forward = 8 if turn == chess.WHITE else -8
    choices: list[chess.Square] = []
    for file in range(8):
        square = chess.square(file, rank)
        pawn_square = square - forward
        if (
            board.piece_at(pawn_square) != chess.Piece(chess.PAWN, not turn)
            or board.piece_at(square) is not None
            or board.piece_at(square + forward) is not None
        ):
            continue
        position = chess.Board(None)
        position.set_board_fen(board.board_fen())
        position.turn = turn
        position.ep_square = square
        try:
            if any(position.is_en_passant(move) for move in position.legal_moves):
                choices.append(square)
        except (ValueError, IndexError, AttributeError):
            # Odd positions (no king) cannot be checked for legality; they are
            # invalid anyway and the problem list says why.
            continue
    return choices
