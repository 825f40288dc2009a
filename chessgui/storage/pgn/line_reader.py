"""A text handle over a binary PGN file for python-chess, with byte offsets, line numbers and repairs."""

from __future__ import annotations

import re
from collections import deque
from typing import BinaryIO

import chess.pgn
from PySide6.QtCore import QCoreApplication

__all__ = ["PgnLineReader"]

_TAG_LINE_RE = re.compile(r'^\[[A-Za-z0-9][A-Za-z0-9_+#=:-]*\s+"')
# A tag line python-chess would skip, but whose meaning is plain: a name and a value with a
# missing closing quote and/or bracket ([Event "Casual game] or [Event "Casual game").
_REPAIRABLE_TAG_RE = re.compile(r'^\[([A-Za-z0-9][A-Za-z0-9_+#=:-]*)\s+"([^"\]]*)"?\]?\s*$')
_SHOWN_LINE_CHARS = 60


class PgnLineReader:
    """A text handle for python-chess over a binary file, with byte offsets and line numbers.

    Decodes each line on its own (UTF-8, else cp1252, else latin-1) and mends
    what python-chess would otherwise get silently wrong, noting each repair
    in :attr:`problems` with its line number:

    * a new game's tags directly after movetext get the missing empty line;
    * a tag line python-chess would skip is repaired when its meaning is
      plain (missing closing quote or bracket), else reported as skipped;
    * a comment still open when the next game's tags start (after an empty
      line) is closed there instead of swallowing the rest of the file;
    * a comment open at the end of the file is reported.
    """

    def __init__(self, raw: BinaryIO, first_line: int = 1) -> None:
        """``first_line`` is the number of the line at ``raw``'s position (for reading from an offset)."""
        self._raw = raw
        # Lines to hand out before reading on: (byte offset, line number, text, kind), where kind
        # is "break" (an inserted line), "tags" (a tag line of the file, checked when handed out
        # so that its problems belong to the game it starts) or "line" (a line of the file after a
        # lone carriage return, followed like any line when handed out).
        self._pending: deque[tuple[int, int, str, str]] = deque()
        self._next_line = first_line
        self.line_number = first_line - 1
        """Number of the last line of the file handed to python-chess (1-based)."""
        self.problems: list[tuple[int, str]] = []
        """(line number, plain words) for every repair and every problem python-chess would not report."""
        self.used_fallback = False
        self._at_start = raw.tell() == 0
        self._in_headers = True  # where a game's tag lines may stand
        self._last_was_movetext = False
        self._in_comment = False
        self._comment_line = 0
        self._blank_in_comment = False

    def tell(self) -> int:
        """Byte offset of the next line to be returned."""
        return self._pending[0][0] if self._pending else self._raw.tell()

    def next_line_number(self) -> int:
        """Line number of the next line to be returned."""
        return self._pending[0][1] if self._pending else self._next_line

    def take_problems(self) -> list[tuple[int, str]]:
        """The problems noted since the last call (those of the game just read)."""
        problems, self.problems = self.problems, []
        return problems

    def _decode(self, data: bytes) -> str:
        if self._at_start:
            self._at_start = False
            if data.startswith(b"\xef\xbb\xbf"):
                data = data[3:]
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            self.used_fallback = True
            try:
                return data.decode("cp1252")
            except UnicodeDecodeError:
                return data.decode("latin-1")

    def readline(self) -> str:
        if self._pending:
            offset, number, line, kind = self._pending.popleft()
            if kind == "tags":
                self.line_number = number
                return self._header_line(number, line)
            if kind == "line":
                return self._hand_out(offset, number, line)
            return line
        offset = self._raw.tell()
        data = self._raw.readline()
        if not data:
            if self._in_comment:
                self._in_comment = False
                self.problems.append(
                    (
                        self._comment_line,
                        QCoreApplication.translate(
                            "PgnLineReader",
                            "the comment opened with '{' is never closed; the rest of the file was read as part of it",
                        ),
                    )
                )
            return ""
        if data.endswith(b"\r\n"):
            data = data[:-2] + b"\n"
        # A lone carriage return ends a line too (old Mac files, or one pasted into a tag value,
        # where python-chess would refuse the line break). The byte is the same in every encoding
        # read here, so the parts can be cut (and their offsets counted) before decoding.
        parts = data.split(b"\r")
        if len(parts) > 1 and not parts[-1]:
            parts.pop()  # the data ended with the carriage return
        number = self._next_line
        self._next_line += len(parts)
        handed = self._hand_out(offset, number, self._line_text(parts[0]))
        part_offset = offset + len(parts[0]) + 1
        for index, part in enumerate(parts[1:], start=1):
            self._pending.append((part_offset, number + index, self._line_text(part), "line"))
            part_offset += len(part) + 1
        return handed

    def _line_text(self, data: bytes) -> str:
        line = self._decode(data)
        return line if line.endswith("\n") else line + "\n"

    def _hand_out(self, offset: int, number: int, line: str) -> str:
        """Return ``line`` (or a repair before it, queueing the line) and follow where we are in the game."""
        stripped = line.strip()
        if self._in_comment:
            if not stripped:
                self._blank_in_comment = True
            elif self._blank_in_comment and _TAG_LINE_RE.match(line):
                # The next game's tags: the comment was never closed. Close it and end the game.
                self.problems.append(
                    (
                        self._comment_line,
                        QCoreApplication.translate(
                            "PgnLineReader",
                            "the comment opened with '{' is not closed before the next game; it was closed there",
                        ),
                    )
                )
                self._in_comment = False
                self._start_game()
                self._pending.append((offset, number, "\n", "break"))
                self._pending.append((offset, number, line, "tags"))
                return "}\n"
            else:
                self._scan_movetext(line, number)
            self.line_number = number
            return line
        if not stripped:
            self._start_game()
        elif line.startswith("%"):
            pass  # an escape line: python-chess skips it
        elif line.startswith("[") and (self._in_headers or self._last_was_movetext and _TAG_LINE_RE.match(line)):
            if self._last_was_movetext:
                # Tags straight after movetext start a new game; python-chess needs the empty line.
                self._start_game()
                self._pending.append((offset, number, line, "tags"))
                return "\n"
            line = self._header_line(number, line)
        else:
            self._in_headers = False
            self._last_was_movetext = True
            self._scan_movetext(line, number)
        self.line_number = number
        return line

    def _start_game(self) -> None:
        self._in_headers = True
        self._last_was_movetext = False
        self._blank_in_comment = False

    def _header_line(self, number: int, line: str) -> str:
        """``line`` as python-chess will read it; a broken tag line is repaired or reported."""
        if chess.pgn.TAG_REGEX.match(line):
            return line
        shown = line.strip()
        if len(shown) > _SHOWN_LINE_CHARS:
            shown = shown[:_SHOWN_LINE_CHARS] + "…"
        repair = _REPAIRABLE_TAG_RE.match(line.strip())
        if repair is not None:
            fixed = f'[{repair.group(1)} "{repair.group(2)}"]'
            self.problems.append(
                (
                    number,
                    QCoreApplication.translate(
                        "PgnLineReader", "the tag line {shown} is broken; it was read as {fixed}"
                    ).format(shown=shown, fixed=fixed),
                )
            )
            return fixed + "\n"
        self.problems.append(
            (
                number,
                QCoreApplication.translate("PgnLineReader", "the tag line {shown} is broken; it was skipped").format(
                    shown=shown
                ),
            )
        )
        return line

    def _scan_movetext(self, line: str, number: int) -> None:
        """Follow ``{`` ``}`` comments (and ``;`` rest-of-line comments) through a movetext line."""
        for ch in line:
            if self._in_comment:
                if ch == "}":
                    self._in_comment = False
            elif ch == "{":
                self._in_comment = True
                self._comment_line = number
                self._blank_in_comment = False
            elif ch == ";":
                return
