"""FEN validation that explains every problem in plain words.

python-chess tells us *that* a position is broken (``Board.status()`` flags,
``ValueError`` from the parser); users need to know *what* to fix.  So the
text is parsed here field by field, collecting every problem instead of
stopping at the first, and the position-level checks of ``Board.status()``
are translated into sentences ("Black has no king", "castling right K, but
no rook on h1", ...).

Shortened FENs are accepted, because people paste board diagrams from
everywhere:

* board only (``rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR``): White to
  move, castling rights inferred from the pieces (every king and rook still
  on its home square may castle, as lichess's editor does), no en passant
  square, counters ``0 1``;
* board and side to move: castling inferred as above;
* up to the castling or en passant field: the missing fields default to
  ``-`` / ``0`` / ``1``;
* surrounding whitespace, and lichess URL style underscores instead of spaces.

The counters must make sense: the halfmove clock is at most 150 (the 75-move
rule ends a game there), 0 right after a double pawn step (an en passant
square), and no more than the half-moves played before the given move number;
the move number is at least 1.
"""

from __future__ import annotations

import re

import chess
from PySide6.QtCore import QCoreApplication

from chessgui.game.chess_words import side_name

__all__ = [
    "InvalidFenError",
    "fen_problems",
    "parse_fen",
    "looks_like_fen",
    "looks_like_pgn",
    "inferred_castling_fen",
]

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


class InvalidFenError(ValueError):
    """A FEN that cannot be played from; ``problems`` lists every reason."""

    def __init__(self, problems: list[str] | tuple[str, ...]) -> None:
        self.problems: tuple[str, ...] = tuple(problems)
        super().__init__("; ".join(self.problems) or QCoreApplication.translate("InvalidFenError", "invalid FEN"))


def _normalise(text: str) -> list[str]:
    text = text.strip()
    # lichess analysis URLs use underscores for spaces.
    if "_" in text and not any(ch.isspace() for ch in text):
        text = text.replace("_", " ")
    return text.split()


def _parse_board_field(field: str, problems: list[str]) -> chess.Board | None:
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


def _check_castling(field: str, board: chess.Board | None, problems: list[str]) -> str:
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


def _check_ep(field: str, board: chess.Board | None, turn: chess.Color | None, problems: list[str]) -> str:
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


def _check_counter(field: str, name: str, minimum: int, problems: list[str]) -> int | None:
    """The counter's value, or None (with a problem) when it is not a whole number of at least ``minimum``."""
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
        if name == "halfmove clock":
            problems.append(
                f"the halfmove clock can be at most {MAX_HALFMOVE_CLOCK}, not a {len(digits)}-digit number "
                "(the 75-move rule ends the game after 150 half-moves without a capture or pawn move)"
            )
        else:
            problems.append(f"the {name} has {len(digits)} digits, far more than any game could reach")
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


def _check_counters(
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


def _position_problems(board: chess.Board, turn_known: bool) -> list[str]:
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


def _parse(text: str) -> tuple[chess.Board | None, list[str]]:
    problems: list[str] = []
    fields = _normalise(text)
    if not fields:
        return None, [QCoreApplication.translate("fen_check", "the text is empty")]
    if len(fields) > 6:
        problems.append(
            QCoreApplication.translate(
                "fen_check", "the text is not a FEN: expected at most 6 fields, found {count}"
            ).format(count=len(fields))
        )
    board = _parse_board_field(fields[0], problems)

    turn: chess.Color | None = chess.WHITE
    if len(fields) > 1:
        side = fields[1].lower()
        if side in ("w", "b"):
            turn = side == "w"
        else:
            problems.append(
                QCoreApplication.translate("fen_check", "side to move must be w or b, not '{value}'").format(
                    value=fields[1]
                )
            )
            turn = None
    if len(fields) > 2:
        castling = _check_castling(fields[2], board, problems)
    else:
        castling = inferred_castling_fen(board) if board is not None else "-"
    ep = _check_ep(fields[3], board, turn, problems) if len(fields) > 3 else "-"
    halfmove = (
        _check_counter(fields[4], QCoreApplication.translate("fen_check", "halfmove clock"), 0, problems)
        if len(fields) > 4
        else 0
    )
    fullmove = (
        _check_counter(fields[5], QCoreApplication.translate("fen_check", "move number"), 1, problems)
        if len(fields) > 5
        else 1
    )
    _check_counters(halfmove, ep, problems)

    if board is None:
        return None, problems
    board.turn = turn if turn is not None else chess.WHITE
    # Position checks only make sense once the pieces stand correctly.
    problems.extend(_position_problems(board, turn_known=turn is not None))
    if problems:
        return None, problems
    full_fen = f"{board.board_fen()} {'w' if turn else 'b'} {castling} {ep} {halfmove} {fullmove}"
    try:
        result = chess.Board(full_fen)
    except ValueError as error:  # should not happen after the checks above
        return None, [
            QCoreApplication.translate("fen_check", "python-chess rejected the FEN: {error}").format(error=error)
        ]
    leftover = result.status()
    if leftover != chess.STATUS_VALID:
        return None, [
            QCoreApplication.translate(
                "fen_check", "the position is not legal (python-chess status {leftover})"
            ).format(leftover=int(leftover))
        ]
    return result, []


def fen_problems(text: str) -> list[str]:
    """Every problem with ``text`` as a FEN, in plain words; empty when valid."""
    return _parse(text)[1]


def parse_fen(text: str) -> chess.Board:
    """A board from a (possibly shortened) FEN; raises :class:`InvalidFenError`."""
    board, problems = _parse(text)
    if board is None:
        raise InvalidFenError(problems)
    return board


_FEN_BOARD_RE = re.compile(r"^[0-9A-Za-z/]+$")
_PGN_TAG_RE = re.compile(r'^\s*\[[A-Za-z0-9_]+\s+"[^"]*"\s*\]\s*$', re.MULTILINE)
_PGN_MOVES_RE = re.compile(r"(^|\s)1\.\s*(\.\.)?\s*([a-hNBRQK][a-h1-8x=+#NBRQ]*|O-O)")


def looks_like_fen(text: str) -> bool:
    """True for text that is meant as a FEN, even a broken one (to show its problems)."""
    fields = _normalise(text)
    if not fields or "\n" in text.strip() or len(fields) > 8:
        return False
    board_field = fields[0]
    return bool(_FEN_BOARD_RE.match(board_field)) and 5 <= board_field.count("/") <= 9


def looks_like_pgn(text: str) -> bool:
    """True for text holding PGN tag pairs or numbered movetext ("1. e4 e5")."""
    if looks_like_fen(text):
        return False
    return bool(_PGN_TAG_RE.search(text) or _PGN_MOVES_RE.search(text))
