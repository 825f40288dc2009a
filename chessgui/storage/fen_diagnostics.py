"""The individual FEN checks behind :mod:`chessgui.storage.fen_check`, each in plain words.

Every check looks at one field of the FEN text (board, castling, en passant,
counters) or, once the pieces stand correctly, at the whole position, and
appends a sentence per problem to the caller's list instead of stopping at the
first one. The position checks translate ``Board.status()`` flags into what to
fix ("Black has no king", "castling right K, but no rook on h1", ...).
:mod:`chessgui.storage.fen_check` splits the text into fields, fills in what a
shortened FEN leaves out and runs these checks in order.

The texts keep the translation context "fen_check" they were written under, so the
translations in ``resources/i18n`` still find them.
"""

from __future__ import annotations

import chess
from PySide6.QtCore import QCoreApplication

from chessgui.game.chess_words import side_name

_PIECE_LETTERS = "pnbrqkPNBRQK"
_COUNT_WORD = {2: "two", 3: "three", 4: "four", 5: "five"}
_DIGITS = "0123456789"  # str.isdigit() also accepts "²" and other digits int() rejects
_MAX_COUNTER_DIGITS = 9
"""Move counters longer than this are refused as such (a billion moves is far past any game)."""
MAX_HALFMOVE_CLOCK = 150
"""At 150 half-moves without a capture or pawn move the game is drawn (75-move rule); no game gets further."""

# Castling letter -> (colour, king home, rook home)
_CASTLING_HOMES: dict[str, tuple[chess.Color, chess.Square, chess.Square]] = {
    "K": (chess.WHITE, chess.E1, chess.H1),
    "Q": (chess.WHITE, chess.E1, chess.A1),
    "k": (chess.BLACK, chess.E8, chess.H8),
    "q": (chess.BLACK, chess.E8, chess.A8),
}


def parse_board_field(field: str, problems: list[str]) -> chess.Board | None:
    """Place the pieces of the board field on an empty board, or report why not."""
    ranks = field.split("/")
    if len(ranks) != 8:
        problems.append(
            QCoreApplication.translate("fen_check", "the text is not a FEN: expected 8 ranks, found {count}").format(
                count=len(ranks)
            )
        )
        # Still look at the letters: an unknown letter is worth reporting too.
    board = chess.Board.empty()
    ok = len(ranks) == 8
    for index, rank_text in enumerate(ranks):
        rank_number = 8 - index
        squares = 0
        for ch in rank_text:
            if ch in _DIGITS:
                if ch == "0":
                    problems.append(
                        QCoreApplication.translate(
                            "fen_check", "rank {rank_number}: '0' is not a number of empty squares (use 1 to 8)"
                        ).format(rank_number=rank_number)
                    )
                    ok = False
                squares += int(ch)
            elif ch in _PIECE_LETTERS:
                if ok and squares < 8 and 0 <= rank_number - 1 < 8:
                    board.set_piece_at(chess.square(squares, rank_number - 1), chess.Piece.from_symbol(ch))
                squares += 1
            else:
                problems.append(
                    QCoreApplication.translate("fen_check", "unknown piece letter '{ch}' on rank {rank_number}").format(
                        ch=ch, rank_number=rank_number
                    )
                )
                ok = False
                squares += 1
        if len(ranks) == 8 and squares != 8:
            problems.append(
                QCoreApplication.translate("fen_check", "rank {rank_number} has {squares} squares instead of 8").format(
                    rank_number=rank_number, squares=squares
                )
            )
            ok = False
    return board if ok else None


def inferred_castling_fen(board: chess.BaseBoard) -> str:
    """The castling field allowing every castle whose king and rook stand at home."""
    letters = ""
    for letter, (color, king_home, rook_home) in _CASTLING_HOMES.items():
        if board.piece_at(king_home) == chess.Piece(chess.KING, color) and board.piece_at(rook_home) == chess.Piece(
            chess.ROOK, color
        ):
            letters += letter
    return letters or "-"


def check_castling(field: str, board: chess.Board | None, problems: list[str]) -> str:
    """The castling field with its known letters in KQkq order ("-" for none); reports unknown or
    repeated letters and rights whose king or rook is not at home."""
    if field == "-":
        return "-"
    seen: set[str] = set()
    good = ""
    for letter in field:
        if letter not in _CASTLING_HOMES:
            problems.append(
                QCoreApplication.translate(
                    "fen_check", "unknown castling letter '{letter}' (use K, Q, k, q or -)"
                ).format(letter=letter)
            )
            continue
        if letter in seen:
            problems.append(
                QCoreApplication.translate("fen_check", "castling right {letter} is given twice").format(letter=letter)
            )
            continue
        seen.add(letter)
        good += letter
        if board is None:
            continue
        color, king_home, rook_home = _CASTLING_HOMES[letter]
        color_word = side_name(color).lower()
        if board.piece_at(king_home) != chess.Piece(chess.KING, color):
            problems.append(
                QCoreApplication.translate(
                    "fen_check", "castling right {letter}, but the {color_word} king is not on {square_name}"
                ).format(letter=letter, color_word=color_word, square_name=chess.square_name(king_home))
            )
        if board.piece_at(rook_home) != chess.Piece(chess.ROOK, color):
            problems.append(
                QCoreApplication.translate("fen_check", "castling right {letter}, but no rook on {square_name}").format(
                    letter=letter, square_name=chess.square_name(rook_home)
                )
            )
    return "".join(sorted(good, key="KQkq".index)) or "-"


def check_ep(field: str, board: chess.Board | None, turn: chess.Color | None, problems: list[str]) -> str:
    """The en passant field ("-" when it is not a square); reports a square no double pawn step could leave."""
    if field == "-":
        return "-"
    if field not in chess.SQUARE_NAMES:
        problems.append(
            QCoreApplication.translate(
                "fen_check", "en passant square '{field}' is not a square (use e.g. e3, or -)"
            ).format(field=field)
        )
        return "-"
    if board is None or turn is None:
        return field
    square = chess.parse_square(field)
    expected_rank = 5 if turn == chess.WHITE else 2  # 0-based: rank 6 / rank 3
    mover = side_name(not turn)
    if chess.square_rank(square) != expected_rank:
        problems.append(
            QCoreApplication.translate(
                "fen_check",
                "impossible en passant square {field}: with {value} to move it must be on rank {expected_rank}",
            ).format(field=field, value=side_name(turn), expected_rank=expected_rank + 1)
        )
        return field
    step = -8 if turn == chess.WHITE else 8
    pawn_square = square + step
    if board.piece_at(pawn_square) != chess.Piece(chess.PAWN, not turn):
        problems.append(
            QCoreApplication.translate(
                "fen_check",
                "impossible en passant square {field}: no {mover} pawn on "
                "{square_name} that could just have moved two squares",
            ).format(field=field, mover=mover.lower(), square_name=chess.square_name(pawn_square))
        )
    elif board.piece_at(square) is not None or board.piece_at(square - step) is not None:
        problems.append(
            QCoreApplication.translate(
                "fen_check",
                "impossible en passant square {field}: the pawn could not have passed over an occupied square",
            ).format(field=field)
        )
    return field


def check_counter(field: str, name: str, minimum: int, problems: list[str], *, halfmove: bool = False) -> int | None:
    """The counter's value, or None (with a problem) when it is not a whole number of at least ``minimum``.

    ``name`` is the counter's translated name; ``halfmove`` says it is the halfmove clock, whose
    limit (the 75-move rule) a too-long number is measured against.
    """
    if not field or any(ch not in _DIGITS for ch in field):
        problems.append(
            QCoreApplication.translate(
                "fen_check", "the {name} must be a whole number of at least {minimum}, not '{field}'"
            ).format(name=name, minimum=minimum, field=field)
        )
        return None
    digits = field.lstrip("0")
    if len(digits) > _MAX_COUNTER_DIGITS:
        # int() refuses text over 4300 digits (ValueError); no game gets near 10 digits anyway.
        if halfmove:
            problems.append(
                QCoreApplication.translate(
                    "fen_check",
                    "the halfmove clock can be at most {maximum}, not a {digits}-digit number "
                    "(the 75-move rule ends the game after 150 half-moves without a capture or pawn move)",
                ).format(maximum=MAX_HALFMOVE_CLOCK, digits=len(digits))
            )
        else:
            problems.append(
                QCoreApplication.translate(
                    "fen_check", "the {name} has {digits} digits, far more than any game could reach"
                ).format(name=name, digits=len(digits))
            )
        return None
    value = int(field)
    if value < minimum:
        problems.append(
            QCoreApplication.translate("fen_check", "the {name} must be at least {minimum}, not {value}").format(
                name=name, minimum=minimum, value=value
            )
        )
        return None
    return value


def check_counters(
    halfmove: int | None,
    ep: str,
    problems: list[str],
) -> None:
    """Problems of the halfmove clock, alone and with the en passant square.

    A clock larger than the half-moves since move 1 is left alone: tools that set up positions
    often write "… 10 1", and such a FEN still describes a playable position.
    """
    if halfmove is None:
        return
    if halfmove > MAX_HALFMOVE_CLOCK:
        problems.append(
            QCoreApplication.translate(
                "fen_check",
                "the halfmove clock can be at most {MAX_HALFMOVE_CLOCK}, not "
                "{halfmove} (the 75-move rule ends the game after 150 half-moves "
                "without a capture or pawn move)",
            ).format(MAX_HALFMOVE_CLOCK=MAX_HALFMOVE_CLOCK, halfmove=halfmove)
        )
    elif ep != "-" and halfmove != 0:
        problems.append(
            QCoreApplication.translate(
                "fen_check",
                "the halfmove clock must be 0, not {halfmove}: en passant square {ep} means a pawn has just moved",
            ).format(halfmove=halfmove, ep=ep)
        )


def _count(number: int) -> str:
    return _COUNT_WORD.get(number, str(number))


def _material_problems(board: chess.Board, color: chess.Color) -> list[str]:
    name = side_name(color)
    problems: list[str] = []
    kings = len(board.pieces(chess.KING, color))
    if kings == 0:
        problems.append(QCoreApplication.translate("fen_check", "{name} has no king").format(name=name))
    elif kings > 1:
        problems.append(
            QCoreApplication.translate("fen_check", "{name} has {count} kings").format(name=name, count=_count(kings))
        )
    pawns = len(board.pieces(chess.PAWN, color))
    if pawns > 8:
        problems.append(
            QCoreApplication.translate("fen_check", "too many pawns for {name}: {pawns}, at most 8").format(
                name=name, pawns=pawns
            )
        )
    total = len(chess.SquareSet(board.occupied_co[color]))
    if total > 16:
        problems.append(
            QCoreApplication.translate("fen_check", "too many pieces for {name}: {total}, at most 16").format(
                name=name, total=total
            )
        )
    elif pawns <= 8:
        # Every piece beyond the initial set must be a promoted pawn.
        promoted = sum(
            max(0, len(board.pieces(piece_type, color)) - initial)
            for piece_type, initial in ((chess.QUEEN, 1), (chess.ROOK, 2), (chess.BISHOP, 2), (chess.KNIGHT, 2))
        )
        if pawns + promoted > 8:
            extra = f"{promoted} piece{'s' if promoted != 1 else ''}"
            problems.append(
                QCoreApplication.translate(
                    "fen_check",
                    "too many pieces for {name}: {extra} beyond the starting set would "
                    "need promoted pawns, but with {pawns} pawns on the board at most "
                    "{value} can have promoted",
                ).format(name=name, extra=extra, pawns=pawns, value=8 - pawns)
            )
    return problems


def position_problems(board: chess.Board, turn_known: bool) -> list[str]:
    """Problems of a well-formed FEN's position (Board.status() in words)."""
    status = board.status()
    if status & chess.STATUS_EMPTY:
        return [QCoreApplication.translate("fen_check", "the board is empty: both kings are missing")]
    problems = _material_problems(board, chess.WHITE) + _material_problems(board, chess.BLACK)
    if status & chess.STATUS_PAWNS_ON_BACKRANK:
        for rank_index, rank_mask in ((7, chess.BB_RANK_8), (0, chess.BB_RANK_1)):
            squares = [chess.square_name(s) for s in chess.SquareSet(board.pawns & rank_mask)]
            if squares:
                where = ", ".join(squares)
                problems.append(
                    QCoreApplication.translate(
                        "fen_check", "a pawn stands on rank {rank_index} ({where}), where no pawn can be"
                    ).format(rank_index=rank_index + 1, where=where)
                )
    # Castling and en passant were explained while parsing the text.
    kings_ok = len(board.pieces(chess.KING, chess.WHITE)) == 1 and len(board.pieces(chess.KING, chess.BLACK)) == 1
    if kings_ok and turn_known:
        if board.was_into_check():
            victim = side_name(not board.turn)
            king = board.king(not board.turn)
            where = chess.square_name(king) if king is not None else "?"
            problems.append(
                QCoreApplication.translate(
                    "fen_check",
                    "the side not to move is in check: {victim}'s king on {where} is "
                    "attacked, but it is {value}'s move",
                ).format(victim=victim, where=where, value=side_name(board.turn))
            )
        if status & chess.STATUS_TOO_MANY_CHECKERS:
            problems.append(
                QCoreApplication.translate(
                    "fen_check",
                    "{value}'s king is attacked by {count} pieces; no move can give more than a double check",
                ).format(value=side_name(board.turn), count=len(board.checkers()))
            )
        elif status & chess.STATUS_IMPOSSIBLE_CHECK:
            problems.append(
                QCoreApplication.translate(
                    "fen_check", "impossible check on {value}'s king: no single move could have given these checks"
                ).format(value=side_name(board.turn))
            )
    return problems
