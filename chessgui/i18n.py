"""Translations: which language the UI speaks, and the marker for texts translated later.

The translations live in ``resources/i18n/`` (``chessgui_<lang>.ts`` sources kept with
``pyside6-lupdate``, compiled ``.qm`` files loaded through :mod:`importlib.resources`, so the
frozen app finds them too). :func:`install_translators` runs at start-up before any widget
exists; the language is the system's (``QLocale.system()``) unless the user chose one in
Settings (:data:`LANGUAGE_KEY`). Changing it takes effect after a restart.

QtCore only: the model folders use :func:`QT_TRANSLATE_NOOP` for texts defined at import time.
"""

from __future__ import annotations

import enum
import logging
from importlib.resources import as_file, files
from importlib.resources.abc import Traversable

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QSettings, QTranslator

_log = logging.getLogger(__name__)

LANGUAGE_KEY = "ui/language"
"""The settings key of the language override ("" or absent: follow the system)."""

TRANSLATION_FOLDER = "i18n"
"""Folder of the ``.qm`` files inside ``chessgui.resources``."""


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 - the name lupdate looks for
    """Mark ``text`` for translation in ``context`` without translating it now (module-level constants).

    Translate it where it is shown: ``QCoreApplication.translate(context, text)``. Typed as
    ``str`` (PySide6's own returns ``object``).
    """
    return text


class Language(enum.Enum):
    """The language override offered in Settings."""

    SYSTEM = ""
    """Follow the system's locale."""
    ENGLISH = "en"
    """English (the source texts)."""
    FINNISH = "fi"
    """Suomi."""

    @property
    def label(self) -> str:
        """What the settings page shows (each language named in itself)."""
        if self is Language.SYSTEM:
            return QCoreApplication.translate("Language", "System")
        return "English" if self is Language.ENGLISH else "Suomi"

    @classmethod
    def from_setting(cls, value: object) -> Language:
        """A saved value; anything unknown follows the system."""
        for language in cls:
            if value == language.value:
                return language
        return cls.SYSTEM


def load_language(settings: QSettings) -> Language:
    """The language override saved in ``settings``."""
    return Language.from_setting(settings.value(LANGUAGE_KEY, ""))


def save_language(settings: QSettings, language: Language) -> None:
    """Save the override (it is read at the next start)."""
    settings.setValue(LANGUAGE_KEY, language.value)


def ui_locale(language: Language) -> QLocale:
    """The locale whose translations the UI loads."""
    if language is Language.SYSTEM:
        return QLocale.system()
    return QLocale(language.value)


def translation_folder() -> Traversable:
    """Where the ``.qm`` files are: ``i18n/`` in the package resources (also in the frozen app)."""
    return files("chessgui.resources").joinpath(TRANSLATION_FOLDER)


def _load_app_translation(translator: QTranslator, locale: QLocale, folder: Traversable) -> bool:
    """Load ``chessgui_<lang>.qm`` for ``locale`` from ``folder``."""
    for name in locale.uiLanguages():
        code = name.replace("-", "_")
        for candidate in (code, code.split("_")[0]):
            node = folder.joinpath(f"chessgui_{candidate}.qm")
            if node.is_file():
                # A real file (editable install, wheel, frozen app); QTranslator reads or maps it itself.
                with as_file(node) as path:
                    if translator.load(str(path)):
                        return True
    return False


def install_translators(
    app: QCoreApplication, language: Language, folder: Traversable | None = None
) -> list[QTranslator]:
    """Install the app's translation (and Qt's own, for standard buttons) for ``language``.

    ``folder`` holds the ``.qm`` files (default: :func:`translation_folder`). Returns the installed
    translators (empty for English); they are children of ``app``, so they live as long as it does.
    Call before any widget is created. A missing or broken translation leaves the UI in English.
    """
    locale = ui_locale(language)
    if locale.language() in (QLocale.Language.English, QLocale.Language.C):
        return []
    installed: list[QTranslator] = []
    app_translator = QTranslator(app)
    if _load_app_translation(app_translator, locale, folder if folder is not None else translation_folder()):
        app.installTranslator(app_translator)
        installed.append(app_translator)
    else:
        _log.info("No translation for %s", locale.name())
        return []
    qt_translator = QTranslator(app)
    qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    if qt_translator.load(locale, "qtbase", "_", qt_dir):
        app.installTranslator(qt_translator)
        installed.append(qt_translator)
    QLocale.setDefault(locale)
    return installed
