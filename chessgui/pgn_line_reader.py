"""A text handle over a binary PGN file for python-chess, with byte offsets and per-line decoding."""

from __future__ import annotations

import re
from typing import BinaryIO

__all__ = ["PgnLineReader"]

_TAG_LINE_RE = re.compile(r'^\[[A-Za-z0-9][A-Za-z0-9_+#=:-]*\s+"')


class PgnLineReader:
    """A text handle for python-chess over a binary file, with byte offsets.

    Decodes each line on its own (UTF-8, else cp1252, else latin-1) and
    inserts the missing empty line when a new game's tags follow movetext
    directly, which python-chess would otherwise read as one game.
    """

    def __init__(self, raw: BinaryIO) -> None:
        self._raw = raw
        self._pending: tuple[int, str] | None = None
        self._last_was_movetext = False
        self._in_comment = False
        self.used_fallback = False
        self._at_start = raw.tell() == 0

    def tell(self) -> int:
        """Byte offset of the next line to be returned."""
        return self._pending[0] if self._pending is not None else self._raw.tell()

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
        if self._pending is not None:
            line = self._pending[1]
            self._pending = None
        else:
            offset = self._raw.tell()
            data = self._raw.readline()
            if not data:
                return ""
            line = self._decode(data).replace("\r\n", "\n").replace("\r", "\n")
            if not line.endswith("\n"):
                line += "\n"
            if self._last_was_movetext and not self._in_comment and _TAG_LINE_RE.match(line):
                self._pending = (offset, line)
                self._last_was_movetext = False
                return "\n"
        stripped = line.strip()
        if not stripped:
            self._last_was_movetext = False
            self._in_comment = False
        elif not (stripped.startswith("[") and not self._in_comment):
            self._last_was_movetext = True
            opened, closed = line.count("{"), line.count("}")
            if opened != closed:
                self._in_comment = opened > closed
        return line
