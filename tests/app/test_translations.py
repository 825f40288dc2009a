"""The Finnish translation: complete in the .ts file, and every visible text of the window translated.

The translations are loaded from this checkout's ``resources/i18n`` (the editable install may map
``chessgui.resources`` to another checkout), which is also where ``make translations`` writes them.
"""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import chess
import chess.pgn
import pytest
from PySide6.QtCore import QCoreApplication, QLocale, QSettings, QTranslator
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QAbstractButton, QApplication, QGroupBox, QLabel, QLineEdit, QMenu, QTabWidget, QWidget

from chessgui.dialogs.about import AboutDialog
from chessgui.dialogs.pgn_games_dialog import PgnGamesModel
from chessgui.dialogs.rating_dialog import rating_text
from chessgui.dialogs.review_dialog import ReviewDialog
from chessgui.dialogs.settings_dialog import SettingsDialog
from chessgui.engines.analysis import AnalysisSnapshot
from chessgui.engines.info import EngineInfo
from chessgui.engines.review import ReviewEngine, ReviewLimit
from chessgui.game.chess_words import PieceLetters
from chessgui.game.controller import GameController
from chessgui.i18n import Language, install_translators, load_language, save_language
from chessgui.main_window import MainWindow
from chessgui.recent_files import RecentFiles
from chessgui.storage.autosave import AutosaveSnapshot, AutosaveStore
from chessgui.storage.fen_check import fen_problems
from chessgui.storage.pgn.read import GameSummary
from chessgui.storage.rating import Rating
from chessgui.storage.settings import Settings, load_settings, save_settings
from chessgui.storage.tablebase_result import TablebaseResult, Wdl
from chessgui.views.analysis_view import AnalysisView
from chessgui.views.engine_panel import EnginePanel
from chessgui.views.move_text import tree_html
from chessgui.views.status_line import status_text

REPO = Path(__file__).resolve().parents[2]
I18N = REPO / "resources" / "i18n"
FINNISH_TS = I18N / "chessgui_fi.ts"

#: Texts that read the same in Finnish: names, abbreviations, units, symbols.
SAME_IN_FINNISH = frozenset(
    {
        "OK",
        "PGN",
        "FEN",
        "Elo",
        "UCI",
        "EBF",
        "TT",
        "Blitz",
        "Bullet",
        "UltraBullet",
        "Cburnett (lichess)",
        "XBoard",
        "Syzygy",
        "Gaviota",
        "CSV",
        # The About box's component versions are names.
        "Python",
        "PySide6",
        "python-chess",
        "Numba",
        "llvmlite",
        "NumPy",
        "Qt",
        "ms",
        "min",
        "s",
    }
)
_WORD = re.compile(r"[^\W\d_]{2,}")


def _needs_translation(text: str) -> bool:
    """Whether ``text`` holds a word that is not a name, abbreviation or unit (or a piece letter, number)."""
    cleaned = re.sub(r"\(([^)]*)\)$", r"\1", text.replace("&", ""))
    # Longest first and whole words only: "s" must not eat the end of "python-chess" (a set's
    # order changes with the hash seed, which made this check flaky).
    for token in sorted(SAME_IN_FINNISH, key=len, reverse=True):
        cleaned = re.sub(rf"(?<![\w-]){re.escape(token)}(?![\w-])", " ", cleaned)
    # Shortcuts shown in tooltips ("(Ctrl+Shift+N)") are key names, not words.
    cleaned = re.sub(r"\b(Ctrl|Shift|Alt|Home|End|Left|Right|Up|Down|Space|Del|PgUp|PgDown|F\d+)\b", " ", cleaned)
    return bool(_WORD.search(cleaned))


def _visible_texts(root: QWidget) -> list[tuple[str, str]]:
    """(what, text) for every user-visible text under ``root``, in a stable order."""
    texts: list[tuple[str, str]] = []

    def add(what: str, text: str) -> None:
        texts.append((what, text))  # empty ones too, so two windows' lists line up

    for widget in [root, *root.findChildren(QWidget)]:
        name = f"{type(widget).__name__}#{widget.objectName()}"
        add(f"{name}.toolTip", widget.toolTip())
        add(f"{name}.accessibleName", widget.accessibleName())
        if isinstance(widget, QMenu):
            add(f"{name}.title", widget.title())
        if isinstance(widget, QAbstractButton):
            add(f"{name}.text", widget.text())
        if isinstance(widget, QLabel):
            add(f"{name}.text", widget.text())
        if isinstance(widget, QGroupBox):
            add(f"{name}.title", widget.title())
        if isinstance(widget, QLineEdit):
            add(f"{name}.placeholder", widget.placeholderText())
        if isinstance(widget, QTabWidget):
            for index in range(widget.count()):
                add(f"{name}.tab{index}", widget.tabText(index))
    for index, action in enumerate(root.findChildren(QAction)):
        name = f"QAction[{index}]#{action.objectName()}"
        add(f"{name}.text", action.text())
        add(f"{name}.toolTip", action.toolTip())
        add(f"{name}.statusTip", action.statusTip())
    return texts


@pytest.fixture
def finnish(qapp: QApplication) -> Iterator[list[QTranslator]]:
    """The Finnish translation (and Qt's own) installed; removed again after the test."""
    default_locale = QLocale()
    translators = install_translators(qapp, Language.FINNISH, I18N)
    yield translators
    for translator in translators:
        qapp.removeTranslator(translator)
    QLocale.setDefault(default_locale)


def _close(window: MainWindow) -> None:
    window.analysis.shutdown()
    window.review.shutdown()


# ---------------------------------------------------------------------------------------------- .ts


def test_every_message_of_the_finnish_ts_is_translated() -> None:
    root = ET.parse(FINNISH_TS).getroot()
    assert root.get("language", "").startswith("fi")
    messages = list(root.iter("message"))
    assert len(messages) > 700
    problems = []
    for message in messages:
        source = message.findtext("source") or ""
        translation = message.find("translation")
        assert translation is not None
        if translation.get("type") in {"unfinished", "vanished", "obsolete"}:
            problems.append(f"{translation.get('type')}: {source!r}")
            continue
        forms = [form.text or "" for form in translation.iter("numerusform")] or [translation.text or ""]
        if not all(form.strip() for form in forms):
            problems.append(f"empty: {source!r}")
        # A placeholder lost or renamed in translation would raise KeyError at run time.
        for form in forms:
            if set(re.findall(r"\{[^{}]*\}", source)) != set(re.findall(r"\{[^{}]*\}", form)):
                problems.append(f"placeholders differ: {source!r} -> {form!r}")
    assert problems == []


def test_the_compiled_qm_is_up_to_date_with_the_ts() -> None:
    qm = I18N / "chessgui_fi.qm"
    assert qm.is_file()
    assert qm.stat().st_mtime >= FINNISH_TS.stat().st_mtime - 1


def test_every_marked_text_is_in_the_ts() -> None:
    """lupdate silently skips some call shapes (a parenthesised literal, translate() with a count
    or with a context that is not a literal)."""
    import ast

    sources = {message.findtext("source") for message in ET.parse(FINNISH_TS).getroot().iter("message")}
    missing = []
    for path in sorted((REPO / "chessgui").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            index = {"tr": 0, "translate": 1, "QT_TRANSLATE_NOOP": 1}.get(name)
            if index is None or len(node.args) <= index:
                continue
            context, arg = node.args[0], node.args[index]
            literal_text = isinstance(arg, ast.Constant) and isinstance(arg.value, str)
            literal_context = isinstance(context, ast.Constant) and isinstance(context.value, str)
            if index == 1 and literal_text and not literal_context:
                # lupdate drops a text whose context is a name, not a literal (a split module once
                # used a constant, and the next `make translations` removed two Finnish texts).
                missing.append(f"{path.relative_to(REPO)}:{node.lineno}: context is not a literal")
            if literal_text and arg.value not in sources:
                missing.append(f"{path.relative_to(REPO)}:{node.lineno}: {arg.value!r}")
    assert missing == []


# ---------------------------------------------------------------------------------------------- run time


def test_the_finnish_window_shows_no_english_text(finnish, window: MainWindow, qtbot, qapp) -> None:
    assert finnish, "the Finnish translation did not load"
    assert window.windowTitle() == "Shakki"
    finnish_texts = _visible_texts(window)
    settings_fi = SettingsDialog(Settings(), window)
    about_fi = AboutDialog(window)
    finnish_texts += _visible_texts(settings_fi) + _visible_texts(about_fi)
    # The same widgets built without the translation give the English texts to compare with.
    for translator in finnish:
        qapp.removeTranslator(translator)
    english_window = MainWindow()
    qtbot.addWidget(english_window)
    try:
        english_texts = _visible_texts(english_window)
        english_texts += _visible_texts(SettingsDialog(Settings(), english_window))
        english_texts += _visible_texts(AboutDialog(english_window))
    finally:
        _close(english_window)
    # A text the Finnish window shows exactly as the English one does was not translated
    # (widgets are matched by text, not position: longer Finnish texts can change the layout).
    english = {text for _, text in english_texts if text.strip()}
    untranslated = sorted(
        {f"{what}: {text!r}" for what, text in finnish_texts if text in english and _needs_translation(text)}
    )
    assert untranslated == []
    assert (
        sum(1 for _, text in finnish_texts if text.strip()) > 150
    )  # the walk really saw the menus, actions, labels and dialogs


def test_qt_standard_buttons_are_finnish_too(finnish) -> None:
    assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "Peru"


def test_english_installs_nothing(qapp) -> None:
    assert install_translators(qapp, Language.ENGLISH, I18N) == []


# ---------------------------------------------------------------------------------------------- override


def test_the_language_override_round_trips_through_the_settings(tmp_path: Path) -> None:
    qsettings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    assert load_language(qsettings) is Language.SYSTEM
    save_settings(qsettings, Settings(language=Language.FINNISH))
    qsettings.sync()
    reread = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    assert load_settings(reread).language is Language.FINNISH
    assert load_language(reread) is Language.FINNISH  # what start-up reads before any widget exists
    save_language(reread, Language.ENGLISH)
    assert load_settings(reread).language is Language.ENGLISH
    reread.setValue("ui/language", "klingon")
    assert load_language(reread) is Language.SYSTEM


def test_the_override_picks_the_translator(qapp, tmp_path: Path) -> None:
    qsettings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    save_language(qsettings, Language.FINNISH)
    translators = install_translators(qapp, load_language(qsettings), I18N)
    try:
        assert translators
        assert QCoreApplication.translate("MainWindow", "Chess") == "Shakki"
    finally:
        for translator in translators:
            qapp.removeTranslator(translator)
        QLocale.setDefault(QLocale.c())
    assert QCoreApplication.translate("MainWindow", "Chess") == "Chess"
    save_language(qsettings, Language.ENGLISH)
    assert install_translators(qapp, load_language(qsettings), I18N) == []


def test_the_settings_dialog_says_a_new_language_needs_a_restart(qtbot) -> None:
    dialog = SettingsDialog(Settings())
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.language_note.isHidden()
    dialog.language_combo.setCurrentIndex(dialog.language_combo.findData(Language.FINNISH))
    assert not dialog.language_note.isHidden() and "restart" in dialog.language_note.text()
    assert dialog.result_settings().language is Language.FINNISH


# ---------------------------------------------------------------------------------------------- piece letters


def test_finnish_piece_letters_show_in_the_move_log_but_not_in_the_game(window: MainWindow, play_moves) -> None:
    from chessgui.game.chess_words import PieceLetters
    from chessgui.storage.pgn.read import game_to_pgn

    window.on_settings_applied(Settings(piece_letters=PieceLetters.FINNISH))
    play_moves(window, "Nf3", "d5", "g3", "Bg4")
    log = window.move_log.findChild(QWidget, "move_log_text")
    shown = log.toPlainText()
    assert "Rf3" in shown and "Lg4" in shown
    assert "Nf3" not in shown and "Bg4" not in shown
    pgn = game_to_pgn(window.controller.game())
    assert "1. Nf3 d5 2. g3 Bg4" in pgn  # the game and its PGN keep the English letters
    window.on_settings_applied(Settings(piece_letters=PieceLetters.ENGLISH))
    assert "Nf3" in log.toPlainText()


def test_the_resume_question_names_the_program_s_players_in_finnish(finnish, qtbot, tmp_path: Path) -> None:
    """The headers keep "Human" and "Built-in engine" (PGN); the question shows them as the window does."""
    game = chess.pgn.Game()
    game.headers["White"], game.headers["Black"] = "Human", "Built-in engine"
    game.add_main_variation(chess.Move.from_uci("e2e4"))
    AutosaveStore(tmp_path).save(AutosaveSnapshot.from_game(game, {}))
    window = MainWindow(autosave_store=AutosaveStore(tmp_path))
    qtbot.addWidget(window)
    questions: list[str] = []
    try:
        assert window.offer_resume(lambda text: questions.append(text) or True)
    finally:
        _close(window)
    assert "Ihminen – Sisäänrakennettu moottori" in questions[0], questions[0]
    assert window.controller.game().headers["White"] == "Human"  # the PGN keeps the program's name


def test_the_games_list_names_the_program_s_players_in_finnish(finnish) -> None:
    summary = GameSummary(1, 0, 1, "Human", "Built-in engine", "*", "????.??.??", "?", "", "")
    model = PgnGamesModel()
    model.set_games((summary,))
    assert [model.data(model.index(0, column)) for column in (1, 2)] == ["Ihminen", "Sisäänrakennettu moottori"]


def test_a_book_move_is_marked_and_its_engine_named_in_finnish(finnish, qtbot) -> None:
    game = chess.pgn.Game()
    game.add_main_variation(chess.Move.from_uci("e2e4"), comment="book")
    assert "(kirja)" in tree_html(game, game.end(), "blue", "white").html
    panel = EnginePanel()
    qtbot.addWidget(panel)
    view = panel._views[chess.WHITE]
    view.show_info(EngineInfo.from_book_move(chess.Move.from_uci("e2e4"), 0.4, 12, chess.Board(), "Built-in engine"))
    assert view.name_label.text() == "Valkea · Sisäänrakennettu moottori"


def test_the_analysis_view_names_the_built_in_engine_and_depth_in_finnish(finnish, qtbot) -> None:
    view = AnalysisView()
    qtbot.addWidget(view)
    view.set_engine_choices([("Built-in engine", "")], "")
    assert view.engine_box.itemText(0) == "Sisäänrakennettu moottori"
    line = EngineInfo(chess.WHITE, 15, 28, 38, None, 1_460_000, 300_000, 4000, ("Nf3",), ("g1f3",))
    view.show_snapshot(
        AnalysisSnapshot(fen=chess.STARTING_FEN, lines=(line,), engine_name="Built-in engine", running=True)
    )
    assert view.stats_label.text().startswith("Sisäänrakennettu moottori · syvyys 15/28 · "), view.stats_label.text()
    dialog = ReviewDialog([ReviewEngine()], 12)
    qtbot.addWidget(dialog)
    assert dialog.engine.itemText(0) == "Sisäänrakennettu moottori"


def test_search_depth_and_tablebase_results_are_in_finnish(finnish, qtbot) -> None:
    panel = EnginePanel()
    qtbot.addWidget(panel)
    view = panel._views[chess.WHITE]
    view.show_info(EngineInfo(chess.WHITE, 12, 20, 38, None, 90_000, 300_000, 300, ("Nf3",), ("g1f3",)))
    assert view.stats_label.text().startswith("syvyys 12/20"), view.stats_label.text()
    assert ReviewLimit(depth=12).describe() == "syvyys 12"
    win = TablebaseResult(chess.BLACK, Wdl.WIN, 23, None, None, "Syzygy").describe()
    assert win.startswith("Musta voittaa"), win


def test_a_provisional_rating_says_so_in_finnish(finnish) -> None:
    assert rating_text(Rating(1200.0, 350.0)) == "1200 ± 700 (alustava)"


def test_a_fen_counter_with_too_many_digits_is_explained_in_finnish(finnish) -> None:
    halfmove = fen_problems("4k3/8/8/8/8/8/8/4K3 w - - 123456789012 1")
    number = fen_problems("4k3/8/8/8/8/8/8/4K3 w - - 0 123456789012")
    assert len(halfmove) == 1 and halfmove[0].startswith("puolisiirtolaskuri voi olla enintään 150"), halfmove
    assert len(number) == 1 and number[0].startswith("siirtonumero"), number


def test_the_status_line_says_check_in_finnish(finnish) -> None:
    controller = GameController()
    for san in ("e4", "f5", "Qh5"):
        controller.player(controller.turn()).on_move_requested(controller.board().parse_san(san))
    assert status_text(controller, controller.live_ply()) == "Musta siirtää (shakki)"


def test_a_viewed_game_s_unknown_player_and_round_are_in_finnish(finnish, window: MainWindow) -> None:
    game = chess.pgn.read_game(
        io.StringIO(
            '[Event "Cup"]\n[White "?"]\n[Black "Built-in engine"]\n[BlackElo "1600"]\n[Round "6"]\n\n1. e4 *\n'
        )
    )
    window.flows.game_loaded.emit(game)
    assert window.clock_panel.clock_widget(chess.WHITE).player_name() == "Valkea"
    assert window.clock_panel.clock_widget(chess.BLACK).player_name() == "Sisäänrakennettu moottori (1600)"
    assert window.game_info_label.text() == "Cup · kierros 6"


def test_a_review_s_best_move_reads_in_finnish_in_the_move_log(finnish) -> None:
    game = chess.pgn.Game()
    node = game.add_main_variation(chess.Move.from_uci("e2e4")).add_main_variation(chess.Move.from_uci("f7f6"))
    node.comment = "my note Best was Nf6"
    shown = tree_html(game, game.end(), "blue", "white", PieceLetters.FINNISH).html
    assert "my note Paras oli Rf6" in shown, shown
    assert node.comment == "my note Best was Nf6"  # the PGN keeps the review's English words


def test_a_damaged_recent_files_list_is_said_in_finnish(finnish, tmp_path: Path) -> None:
    qsettings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    qsettings.setValue("recent_files", [1, 2])
    recent = RecentFiles(qsettings)
    assert recent.problem is not None and recent.problem.startswith("Viimeisimpien tiedostojen"), recent.problem
