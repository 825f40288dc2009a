"""Tolerant conversions of raw QSettings values, shared by every settings module.

INI files store everything as text and hand-edited ones say "yes" or "1": a value that
cannot be understood falls back to the caller's default, never raises; the readers note it in
the :class:`SettingsSource` so the loader can say once what was wrong with the file.
"""

from __future__ import annotations

import logging
from typing import Any

from PySide6.QtCore import QCoreApplication, QSettings

_log = logging.getLogger(__name__)

_TRUE_WORDS = ("true", "1", "yes", "on")
_FALSE_WORDS = ("false", "0", "no", "off")


def as_bool(raw: Any, default: bool) -> bool:
    """``raw`` (a bool, an int or words such as "true"/"off") as a bool; ``default`` when it is none of these."""
    if isinstance(raw, bool):
        return raw
    if isinstance(raw, str):
        text = raw.strip().lower()
        if text in _TRUE_WORDS:
            return True
        if text in _FALSE_WORDS:
            return False
    if isinstance(raw, int):
        return bool(raw)
    return default


def read_raw(qsettings: SettingsSource, key: str) -> Any:
    """The raw value of ``key``; None (and the key noted as bad) when Qt cannot convert it."""
    try:
        return qsettings.value(key)
    except Exception:  # PySide raises on values it cannot convert (e.g. a corrupt @Variant)
        _log.warning("Unreadable settings value %s", key)
        qsettings.bad(key)
        return None


def read_int(qsettings: SettingsSource, key: str, default: int, bounds: tuple[int, int]) -> int:
    """A whole number within ``bounds``, else ``default`` (noted as bad)."""
    raw = read_raw(qsettings, key)
    if raw is None or isinstance(raw, bool):
        return default
    try:
        value = int(str(raw).strip())
    except (TypeError, ValueError):
        _log.warning("Settings value %s=%r is not a whole number; using %s", key, raw, default)
        qsettings.bad(key)
        return default
    low, high = bounds
    if not low <= value <= high:
        _log.warning("Settings value %s=%r is out of range; using %s", key, raw, default)
        qsettings.bad(key)
        return default
    return value


def read_bool(qsettings: SettingsSource, key: str, default: bool) -> bool:
    """A yes/no value, else ``default`` (noted as bad when it is neither)."""
    raw = read_raw(qsettings, key)
    if raw is not None and as_bool(raw, not default) != as_bool(raw, default):
        qsettings.bad(key)  # neither true nor false
    return as_bool(raw, default)


def read_string_list(qsettings: SettingsSource, key: str) -> list[str]:
    """A list of strings (one string read as a one-element list); empty when missing or not a list."""
    raw = read_raw(qsettings, key)
    if raw is None:
        return []
    if isinstance(raw, str):  # QSettings gives a plain str for a one-element list in ini files
        return [raw]
    if isinstance(raw, (list, tuple)):
        return [str(item) for item in raw]
    return []


class SettingsSource:
    """QSettings as the loaders read it, noting every value that had to fall back to its default."""

    def __init__(self, qsettings: QSettings, newest_version: int) -> None:
        self._qsettings = qsettings
        self._newest_version = newest_version  # the format version this program writes
        self._bad: list[str] = []

    def value(self, key: str) -> Any:
        """The raw value (may raise on a corrupt @Variant; :func:`read_raw` catches that)."""
        return self._qsettings.value(key)

    def bad(self, key: str) -> None:
        """``key`` could not be used: its default stands in."""
        if key not in self._bad:
            self._bad.append(key)

    def describe(self) -> str | None:
        """One sentence about what was wrong with the file, or None."""
        sentences = []
        if self._qsettings.status() == QSettings.Status.FormatError or not_text(self._qsettings.fileName()):
            sentences.append(
                QCoreApplication.translate("SettingsSource", "The settings file {fileName} is damaged").format(
                    fileName=self._qsettings.fileName()
                )
            )
        version = self._version()
        if version is not None and version > self._newest_version:
            sentences.append(
                QCoreApplication.translate(
                    "SettingsSource",
                    "The settings were saved by a newer version of the program (format "
                    "{version}); what this version does not understand",
                ).format(version=version)
            )
        if self._bad:
            shown = ", ".join(self._bad[:4]) + (" …" if len(self._bad) > 4 else "")
            sentences.append(
                QCoreApplication.translate("SettingsSource", "Some settings could not be read ({shown})").format(
                    shown=shown
                )
            )
        if not sentences:
            return None
        return "; ".join(sentences) + QCoreApplication.translate("SettingsSource", ": the defaults are used for those.")

    def _version(self) -> int | None:
        try:
            raw = self._qsettings.value("meta/version")
            return int(str(raw).strip()) if raw is not None else None
        except Exception:  # a corrupt @Variant or words
            self.bad("meta/version")
            return None


def not_text(file_name: str) -> bool:
    """True for a settings file that is not text (Qt reads binary junk as an empty file, silently)."""
    try:
        with open(file_name, "rb") as handle:
            head = handle.read(65536)
    except OSError:
        return False
    try:
        head.decode("utf-8")
    except UnicodeDecodeError as error:
        return error.start < len(head) - 4  # not just a character cut at the end of the sample
    return b"\0" in head
