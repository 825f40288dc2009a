"""Endgame table files on disk: find the user's Syzygy and Gaviota tables and spot damaged files.

Everything here reads directories and file headers only (no probing): which tables a
directory holds, where Debian keeps its Gaviota tables, and why a Gaviota file cannot be
a table. Problems are :class:`TablebaseError` with plain words for the user.
"""

from __future__ import annotations

import os
import struct

from PySide6.QtCore import QCoreApplication

#: Where Debian's ``gaviotatb`` package puts its tables (scheme 4: the one python-chess reads).
DEBIAN_GAVIOTA_DIRS = ("/usr/share/gaviotatb/gtb4", "/usr/share/games/gaviota")
_SYZYGY_SUFFIXES = (".rtbw", ".rtbz")
_GAVIOTA_SUFFIX = ".gtb.cp4"
_OTHER_GAVIOTA_SUFFIXES = (".gtb.cp1", ".gtb.cp2", ".gtb.cp3")
#: What python-chess raises on a damaged or foreign table file (besides a missing table).
READ_ERRORS = (OSError, ValueError, IndexError, struct.error, EOFError, MemoryError, OverflowError)


class TablebaseError(Exception):
    """A tablebase directory cannot be used; the message is plain words for the user."""


def expand_dir(directory: str) -> str:
    """The directory with ``~`` expanded; "" when none was given."""
    return os.path.expanduser(directory.strip()) if directory.strip() else ""


def gaviota_file_problem(path: str) -> str | None:
    """Why a ``.gtb.cp4`` file cannot be a Gaviota table (its header and block index), or None.

    A cheap read of the header and block index: python-chess trusts them, and a damaged
    header makes it allocate hundreds of MB and freeze for seconds before failing.
    """
    try:
        size = os.path.getsize(path)
        with open(path, "rb") as handle:
            header = handle.read(40)
            if len(header) < 40:
                return QCoreApplication.translate("tablebase_files", "the file is too short to be a table")
            offset = struct.unpack("<10I", header)[8]
            if offset % 4 or not 48 <= offset <= size:
                return QCoreApplication.translate(
                    "tablebase_files", "the file's header is damaged or it is not a Gaviota table"
                )
            index = struct.unpack(f"<{(offset - 40) // 4}I", handle.read(offset - 40))
    except OSError as error:
        return QCoreApplication.translate("tablebase_files", "the file cannot be read: {strerror}").format(
            strerror=error.strerror or error
        )
    except struct.error:
        return QCoreApplication.translate("tablebase_files", "the file is truncated")
    if any(b < a for a, b in zip(index, index[1:], strict=False)) or index[-1] > size:
        return QCoreApplication.translate(
            "tablebase_files", "the file's block index is damaged or the file is truncated"
        )
    return None


def _list_dir(directory: str, kind: str) -> list[str]:
    if not os.path.exists(directory):
        raise TablebaseError(
            QCoreApplication.translate("tablebase_files", "The {kind} directory {directory} does not exist.").format(
                kind=kind, directory=directory
            )
        )
    if not os.path.isdir(directory):
        raise TablebaseError(
            QCoreApplication.translate(
                "tablebase_files", "The {kind} directory {directory} is not a directory."
            ).format(kind=kind, directory=directory)
        )
    try:
        return sorted(os.listdir(directory))
    except OSError as error:
        raise TablebaseError(
            QCoreApplication.translate(
                "tablebase_files", "The {kind} directory {directory} cannot be read: {strerror}."
            ).format(kind=kind, directory=directory, strerror=error.strerror or error)
        ) from error


def syzygy_names(directory: str) -> list[str]:
    """Material names ("KQvK") of the Syzygy tables in ``directory``; raises TablebaseError when there are none."""
    names = sorted(
        {
            name[: -len(suffix)]
            for name in _list_dir(directory, "Syzygy")
            for suffix in _SYZYGY_SUFFIXES
            if name.endswith(suffix)
        }
    )
    if not names:
        raise TablebaseError(
            QCoreApplication.translate(
                "tablebase_files", "The Syzygy directory {directory} holds no Syzygy tables (.rtbw/.rtbz files)."
            ).format(directory=directory)
        )
    return names


def resolve_gaviota_dir(directory: str) -> str:
    """The directory with ``.gtb.cp4`` tables: ``directory`` itself or its ``gtb4`` folder (Debian's layout).

    Raises :class:`TablebaseError` with plain words when there are no readable Gaviota tables.
    """
    names = _list_dir(directory, "Gaviota")
    if any(name.endswith(_GAVIOTA_SUFFIX) for name in names):
        return directory
    nested = os.path.join(directory, "gtb4")
    if os.path.isdir(nested) and any(name.endswith(_GAVIOTA_SUFFIX) for name in _list_dir(nested, "Gaviota")):
        return nested
    if any(name.endswith(_OTHER_GAVIOTA_SUFFIXES) for name in names):
        raise TablebaseError(
            QCoreApplication.translate(
                "tablebase_files",
                "The Gaviota directory {directory} only holds tables compressed with "
                "another scheme (.gtb.cp1–.cp3); only .gtb.cp4 tables can be read "
                "(Debian's are in /usr/share/gaviotatb/gtb4).",
            ).format(directory=directory)
        )
    raise TablebaseError(
        QCoreApplication.translate(
            "tablebase_files", "The Gaviota directory {directory} holds no Gaviota tables (.gtb.cp4 files)."
        ).format(directory=directory)
    )


def gaviota_names(directory: str) -> list[str]:
    """Material names ("KQvK") of the Gaviota tables in ``directory``."""
    names = []
    for name in _list_dir(directory, "Gaviota"):
        if name.endswith(_GAVIOTA_SUFFIX):
            letters = name[: -len(_GAVIOTA_SUFFIX)].upper()
            split = letters.find("K", 1)
            if letters.startswith("K") and split > 0:
                names.append(f"{letters[:split]}v{letters[split:]}")
    return names


def max_pieces_of(names: list[str]) -> int:
    """Most pieces (kings included) the tables named ``names`` ("KQvK") cover; 0 for none."""
    return max((len(name) - 1 for name in names), default=0)


def suggested_gaviota_dir() -> str | None:
    """A Gaviota directory installed on this computer (Debian's ``gaviotatb`` package), or None."""
    for directory in DEBIAN_GAVIOTA_DIRS:
        try:
            return resolve_gaviota_dir(directory)
        except TablebaseError:
            continue
    return None
