"""Reading and writing PGN, robustly.

Reading never raises for bad content: python-chess collects move errors in
``game.errors`` instead of raising, and this module turns them into plain
sentences naming the game and the file's line ("game 3 (Smith – Jones):
line 40: illegal move 'Nf9' at move 12").  A file with one broken game still
yields all the others.  What python-chess passes over in silence (a broken
tag line, a comment never closed) is mended or reported by
:class:`~chessgui.storage.pgn.line_reader.PgnLineReader`; text with neither tags nor
moves is not a game, and a binary file is refused outright.

Files are read line by line in binary and each line decoded as UTF-8, falling
back to Windows-1252/Latin-1 for lines that are not UTF-8, so old latin-1
collections and files concatenated from mixed sources both load.  Byte offsets
of every game are recorded, so a big file can be indexed quickly (headers
only) and a picked game parsed later with :func:`load_game_at`.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

import chess
import chess.pgn
from PySide6.QtCore import QCoreApplication

from chessgui.storage.opening_names import OpeningName, opening_names
from chessgui.storage.pgn.builder import CheckingBuilder
from chessgui.storage.pgn.line_reader import PgnLineReader
from chessgui.storage.pgn.write import PgnSaveError, game_to_pgn, save_pgn

__all__ = [
    "GameSummary",
    "LoadedGame",
    "PgnReadError",
    "PgnReadResult",
    "PgnGameError",
    "PgnSaveError",
    "PgnTextResult",
    "game_to_pgn",
    "load_game_at",
    "read_pgn_file",
    "read_pgn_string",
    "save_pgn",
]

# Files up to this size get every move checked while indexing, so the games
# list can show which games are broken; bigger files are indexed by headers
# only (fast) and a game's problems are reported when it is opened.
CHECK_MOVES_MAX_BYTES = 1_000_000

_BINARY_SNIFF_BYTES = 8192  # a NUL byte here means the file is not text


class PgnReadError(OSError):
    """The file itself could not be read (missing, no permission, ...)."""


class PgnGameError(ValueError):
    """A game that cannot be shown at all (broken start position, other variant)."""


@dataclass(frozen=True, slots=True)
class GameSummary:
    """One game of a PGN file, as listed in the games dialog."""

    index: int
    """1-based position of the game in the file."""
    offset: int
    """Byte offset where the game starts (for :func:`load_game_at`)."""
    line: int
    """Line number at ``offset`` (1-based), so problems found later name the file's lines."""
    white: str
    """White player's name ("?" when unknown)."""
    black: str
    """Black player's name."""
    result: str
    """"1-0", "0-1", "1/2-1/2" or "*"."""
    date: str
    """PGN date, e.g. "2024.05.17" or "????.??.??"."""
    event: str
    """Event name."""
    eco: str
    """ECO code from the tags; without ECO and Opening tags, from the moves when they were checked; else ""."""
    opening: str
    """Opening name (Opening/Variation tags), or from the moves as for :attr:`eco`; else ""."""
    problems: tuple[str, ...] = ()
    """What is wrong with this game, in plain words (empty when fine or not checked)."""

    def players(self) -> str:
        """ "White – Black" for messages and titles."""
        return f"{self.white} – {self.black}"


@dataclass(frozen=True, slots=True)
class PgnReadResult:
    """The index of a PGN file."""

    path: Path | None
    """The file read (None for text from the clipboard)."""
    games: tuple[GameSummary, ...]
    """Every game found, in file order."""
    errors: tuple[str, ...]
    """Per-game problems, each naming the game: "game 3 (Smith – Jones): ..."."""
    moves_checked: bool
    """True when every game's moves were checked while indexing."""
    cancelled: bool = False
    """True when reading was stopped before the end of the file."""
    used_fallback_encoding: bool = False
    """True when some lines were not UTF-8 and were read as Windows-1252/Latin-1."""


@dataclass(frozen=True, slots=True)
class LoadedGame:
    """A fully parsed game and what was wrong with it."""

    game: chess.pgn.Game
    """The game tree (moves up to the first error, comments, variations)."""
    problems: tuple[str, ...] = field(default=())
    """Plain-words problems (illegal moves, bad FEN header, ...)."""


@dataclass(frozen=True, slots=True)
class PgnTextResult:
    """The games found in a piece of text (the clipboard)."""

    games: tuple[LoadedGame, ...]
    """Every game that can be shown, in order."""
    errors: tuple[str, ...]
    """Problems, each naming its game ("game 2 (A – B): ...")."""


def _read_checked_game(reader: PgnLineReader) -> tuple[chess.pgn.Game, list[str], bool] | None:
    """The next game, its problems ("line N: ..." in file order) and whether it is a game at all."""
    builders: list[CheckingBuilder] = []

    def make_builder() -> CheckingBuilder:
        builders.append(CheckingBuilder(reader))
        return builders[-1]

    # A PgnLineReader is the readline() handle python-chess reads, though not a full TextIO.
    game = chess.pgn.read_game(reader, Visitor=make_builder)  # type: ignore[call-overload]
    found = reader.take_problems()
    if game is None:
        return None
    builder = builders[-1]
    return game, _with_lines(found + builder.problems), builder.tags_and_moves > 0


def _with_lines(problems: list[tuple[int, str]]) -> list[str]:
    """``(line, text)`` pairs as "line N: text" in file order (line 0: no line to name)."""
    return [
        QCoreApplication.translate("read", "line {line}: {text}").format(line=line, text=text) if line else text
        for line, text in sorted(problems, key=lambda item: item[0])
    ]


def _not_a_game(line: int) -> str:
    return QCoreApplication.translate(
        "read", "line {line}: text without tags or moves is not a game; it was skipped"
    ).format(line=line)


def _refuse_binary(raw: BinaryIO, name: str) -> None:
    """Raise PgnReadError when the bytes at the start of ``raw`` are binary data, not text."""
    position = raw.tell()
    head = raw.read(_BINARY_SNIFF_BYTES)
    raw.seek(position)
    if b"\x00" in head:
        raise PgnReadError(
            QCoreApplication.translate("read", "{name} is not a PGN file: it holds binary data, not text").format(
                name=name
            )
        )


def _summary(
    index: int, offset: int, line: int, headers: chess.pgn.Headers, problems: tuple[str, ...], named: OpeningName | None
) -> GameSummary:
    """The list's row of a game; ``named`` (from its moves) stands in when it has neither ECO nor opening tags."""
    eco = headers.get("ECO", "")
    opening = headers.get("Opening", "")
    if headers.get("Variation"):
        opening = f"{opening}, {headers['Variation']}" if opening else headers["Variation"]
    if not eco and not opening and named is not None:
        eco, opening = named.eco, named.name
    return GameSummary(
        index=index,
        offset=offset,
        line=line,
        white=headers.get("White", "?"),
        black=headers.get("Black", "?"),
        result=headers.get("Result", "*"),
        date=headers.get("Date", "????.??.??"),
        event=headers.get("Event", "?"),
        eco=eco,
        opening=opening,
        problems=problems,
    )


def _variant_problem(headers: chess.pgn.Headers) -> str | None:
    variant = headers.get("Variant", "")
    if variant.lower() in ("", "standard", "chess", "normal", "from position", "fromposition", "classical"):
        return None
    return QCoreApplication.translate(
        "read", "it is a game of the variant '{variant}', which this program does not play"
    ).format(variant=variant)


def _parse_stream(
    reader: PgnLineReader,
    size: int,
    check_moves: bool,
    progress: Callable[[int], None] | None,
    should_stop: Callable[[], bool] | None,
) -> tuple[list[GameSummary], list[str], bool]:
    games: list[GameSummary] = []
    errors: list[str] = []
    names = opening_names()
    last_percent = -1
    while True:
        if should_stop is not None and should_stop():
            return games, errors, True
        offset = reader.tell()
        line = reader.next_line_number()
        headers: chess.pgn.Headers | None
        named: OpeningName | None = None
        if check_moves:
            read = _read_checked_game(reader)
            if read is None:
                break
            game, problems, is_game = read
            if not is_game:
                errors.append(_not_a_game(line))
                continue
            headers = game.headers
            # Named positions come from the standard start; a set-up game (FEN tag) has none.
            if not {"ECO", "Opening", "FEN"} & set(headers):
                named = names.of_line(chess.Board(), game.mainline_moves())
        else:
            headers = chess.pgn.read_headers(reader)  # type: ignore[arg-type]  # a readline() handle, see above
            if headers is None:
                break
            problems = _with_lines(reader.take_problems())
        variant = _variant_problem(headers)
        if variant:
            problems.insert(0, variant)
        summary = _summary(len(games) + 1, offset, line, headers, tuple(problems), named)
        games.append(summary)
        errors.extend(
            QCoreApplication.translate("read", "game {index} ({players}): {problem}").format(
                index=summary.index, players=summary.players(), problem=problem
            )
            for problem in problems
        )
        if progress is not None and size > 0:
            percent = min(100, reader.tell() * 100 // size)
            if percent != last_percent:
                last_percent = percent
                progress(percent)
    return games, errors, False


def read_pgn_file(
    path: str | os.PathLike[str],
    progress: Callable[[int], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
    *,
    check_moves: bool | None = None,
) -> PgnReadResult:
    """Index every game of a PGN file (blocking; call from a worker thread for big files).

    ``progress`` gets the percentage read (0-100) whenever it changes;
    ``should_stop`` is polled between games and ends reading early.
    ``check_moves`` (default: only for files up to 1 MB) parses every move so
    broken games are reported now rather than when opened.
    Raises :class:`PgnReadError` when the file cannot be opened at all.
    """
    path = Path(path)
    try:
        size = path.stat().st_size
        raw = path.open("rb")
    except OSError as error:
        raise PgnReadError(
            QCoreApplication.translate("read", "could not open {name}: {strerror}").format(
                name=path.name, strerror=error.strerror or error
            )
        ) from error
    if check_moves is None:
        check_moves = size <= CHECK_MOVES_MAX_BYTES
    with raw:
        try:
            _refuse_binary(raw, path.name)
            reader = PgnLineReader(raw)
            games, errors, cancelled = _parse_stream(reader, size, check_moves, progress, should_stop)
        except PgnReadError:
            raise
        except OSError as error:
            raise PgnReadError(
                QCoreApplication.translate("read", "could not read {name}: {strerror}").format(
                    name=path.name, strerror=error.strerror or error
                )
            ) from error
    if progress is not None and not cancelled:
        progress(100)
    return PgnReadResult(
        path=path,
        games=tuple(games),
        errors=tuple(errors),
        moves_checked=check_moves,
        cancelled=cancelled,
        used_fallback_encoding=reader.used_fallback,
    )


def _load_from(reader: PgnLineReader) -> LoadedGame | None:
    """The next game of ``reader``; raises PgnGameError for a game that cannot be shown."""
    line = reader.next_line_number()
    read = _read_checked_game(reader)
    if read is None:
        return None
    game, problems, is_game = read
    if not is_game:
        raise PgnGameError(
            QCoreApplication.translate(
                "read", "there is no game at line {line}: the text there has no tags and no moves"
            ).format(line=line)
        )
    variant = _variant_problem(game.headers)
    if variant:
        raise PgnGameError(variant)
    try:
        game.board()
    except ValueError:
        raise PgnGameError(
            "; ".join(problems) or QCoreApplication.translate("read", "the start position (FEN tag) is not valid")
        ) from None
    return LoadedGame(game=game, problems=tuple(problems))


def load_game_at(path: str | os.PathLike[str], offset: int = 0, line: int = 1) -> LoadedGame:
    """Parse the game starting at byte ``offset``, which is on line ``line`` (both from :class:`GameSummary`).

    Raises :class:`PgnReadError` when the file cannot be read and
    :class:`PgnGameError` when the game cannot be shown at all.
    """
    path = Path(path)
    try:
        with path.open("rb") as raw:
            _refuse_binary(raw, path.name)
            raw.seek(offset)
            loaded = _load_from(PgnLineReader(raw, first_line=line))
    except PgnReadError:
        raise
    except OSError as error:
        raise PgnReadError(
            QCoreApplication.translate("read", "could not read {name}: {strerror}").format(
                name=path.name, strerror=error.strerror or error
            )
        ) from error
    if loaded is None:
        raise PgnReadError(
            QCoreApplication.translate(
                "read", "no game found in {name} at byte {offset}; was the file changed?"
            ).format(name=path.name, offset=offset)
        )
    return loaded


def read_pgn_string(text: str) -> PgnTextResult:
    """Every game in ``text`` (e.g. the clipboard), fully parsed."""
    reader = PgnLineReader(io.BytesIO(text.encode("utf-8")))
    games: list[LoadedGame] = []
    errors: list[str] = []
    index = 0
    while True:
        line = reader.next_line_number()
        try:
            loaded = _load_from(reader)
        except PgnGameError as error:
            if str(error).startswith("there is no game"):
                errors.append(_not_a_game(line))
                continue
            index += 1
            errors.append(QCoreApplication.translate("read", "game {index}: {error}").format(index=index, error=error))
            continue
        if loaded is None:
            return PgnTextResult(games=tuple(games), errors=tuple(errors))
        index += 1
        games.append(loaded)
        headers = loaded.game.headers
        label = f"{headers.get('White', '?')} – {headers.get('Black', '?')}"
        errors.extend(
            QCoreApplication.translate("read", "game {index} ({label}): {problem}").format(
                index=index, label=label, problem=problem
            )
            for problem in loaded.problems
        )
