"""Start the application: ``python -m chessgui [game.pgn] [--fen FEN] [--white/--black human|computer]``."""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import cast

import chess
from PySide6.QtCore import QCoreApplication, QSettings, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from chessgui import __version__
from chessgui.engines.builtin_worker import ensure_warm_up_started, is_warm_up_compiling
from chessgui.gui_thread_gc import GuiThreadGarbageCollector
from chessgui.i18n import install_translators, load_language
from chessgui.main_window import MainWindow
from chessgui.native_destroy_watch import NativeDestroyWatcher
from chessgui.resources_path import app_icon
from chessgui.single_instance import InstanceGuard, OpenRequest, hand_over
from chessgui.storage.autosave import AutosaveStore, default_autosave_dir
from chessgui.storage.game_archive import GameArchive, default_archive_path
from chessgui.storage.rating import RatingStore, default_rating_path
from chessgui.storage.settings import PlayerKind, Settings, load_settings


def parse_arguments(argv: Sequence[str]) -> argparse.Namespace:
    """Command-line options (argv without the program name)."""
    parser = argparse.ArgumentParser(prog="chessgui", description="Play chess against the computer.")
    parser.add_argument("file", nargs="?", help="a PGN (or FEN) file to open")
    parser.add_argument("--fen", help="start from this position")
    parser.add_argument("--white", choices=["human", "computer"], help="who plays White (overrides settings)")
    parser.add_argument("--black", choices=["human", "computer"], help="who plays Black (overrides settings)")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    # Qt consumes its own options (-platform, -style …) from the argv it is given.
    known, _unknown = parser.parse_known_args(list(argv))
    return known


def _with_overrides(settings: Settings, options: argparse.Namespace) -> Settings:
    """Apply --white/--black: "computer" means the built-in engine, "human" a person."""
    for color, choice in ((chess.WHITE, options.white), (chess.BLACK, options.black)):
        if choice is None:
            continue
        current = settings.player(color)
        if choice == "human":
            kind = PlayerKind.HUMAN
        else:
            kind = current.kind if current.kind is not PlayerKind.HUMAN else PlayerKind.BUILTIN
        settings = settings.with_player(color, dataclasses.replace(current, kind=kind))
    return settings


def _rating_store() -> RatingStore | None:
    """The player's rating file in the app's data folder; none in test mode (tests pass their own)."""
    try:
        return RatingStore(default_rating_path())
    except RuntimeError:
        return None


def _game_archive() -> GameArchive | None:
    """My games (every finished game) in the app's data folder; none in test mode (tests pass their own)."""
    try:
        return GameArchive(default_archive_path())
    except RuntimeError:
        return None


def hand_over_or_explain(folder: Path, request: OpenRequest, warn: Callable[[str, str], object]) -> int:
    """A second start: give the request to the window already open (exit code 0), or say why not (1)."""
    if hand_over(folder, request):
        return 0
    warn(
        QCoreApplication.translate("__main__", "Chess is already open"),
        QCoreApplication.translate(
            "__main__",
            "Chess is already open in another window, but that window does not answer. "
            "Switch to it, or close it and start Chess again.",
        ),
    )
    return 1


def open_in_window(window: MainWindow, request: OpenRequest) -> None:
    """A later start's request: bring the window to the front, then open its position or file."""
    if window.isMinimized():
        window.showNormal()
    window.raise_()
    window.activateWindow()
    if request.fen:
        window.flows.load_fen_text(request.fen)
    elif request.file:
        window.flows.open_file_argument(request.file)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the application; returns the process exit code."""
    argv = list(sys.argv if argv is None else argv)
    options = parse_arguments(argv[1:])
    # instance() is typed as the QCoreApplication base; the one made here (or pytest-qt's) is a QApplication.
    app = cast(QApplication, QApplication.instance() or QApplication(argv))
    # From here on, reference cycles are collected in this (the GUI) thread only: a worker thread
    # that collected them would destroy Qt objects outside their thread (docs/reliability.md).
    GuiThreadGarbageCollector(app)
    app.setApplicationName("chessgui")
    app.setOrganizationName("chessgui")
    app.setApplicationVersion(__version__)
    app.setWindowIcon(app_icon())
    # Lets desktop shells match the window to chessgui.desktop (icon in the task bar).
    app.setDesktopFileName("chessgui")
    store = None if os.environ.get("CHESSGUI_NO_AUTOSAVE") else AutosaveStore(default_autosave_dir())
    qsettings = QSettings()
    # Before any widget exists: every text is translated as it is created.
    # The translators are children of the app, so they live as long as it does.
    install_translators(app, load_language(qsettings))
    app.setApplicationDisplayName(QCoreApplication.translate("__main__", "Chess"))
    guard = None
    if store is not None:
        # One window per autosave folder: a second one would save over the first one's game.
        guard = InstanceGuard.claim(store.directory, app)
        if guard is None:
            request = OpenRequest(file=os.path.abspath(options.file) if options.file else None, fen=options.fen)
            return hand_over_or_explain(
                store.directory, request, lambda title, text: QMessageBox.warning(None, title, text)
            )
    settings = _with_overrides(load_settings(qsettings), options)
    # Compile (or load from the cache) the engine in the background from the first moment.
    ensure_warm_up_started()
    window = MainWindow(
        autosave_store=store,
        settings=settings,
        qsettings=qsettings,
        rating_store=_rating_store(),
        game_archive=_game_archive(),
    )
    window.show()
    if guard is not None:
        guard.open_requested.connect(lambda request: open_in_window(window, request))
    # A window destroyed by the window system (not closed) ends the app the normal way;
    # should the close be refused, the app quits all the same rather than run headless.
    destroy_watch = NativeDestroyWatcher(window, lambda: window.close() or app.quit())
    app.installNativeEventFilter(destroy_watch)
    if options.fen:
        # A valid FEN starts at once; a broken one opens the FEN dialog listing its problems.
        window.flows.load_fen_text(options.fen)
    elif options.file:
        QTimer.singleShot(0, lambda: window.flows.open_file_argument(options.file))
    elif store is not None:
        # Ask once the window is on screen, so the question has a parent to sit on.
        QTimer.singleShot(0, window.offer_resume)
    try:
        return app.exec()
    finally:
        app.removeNativeEventFilter(destroy_watch)
        if guard is not None:
            guard.release()


def run() -> int:
    """The program's entry point (``chessgui``, ``python -m chessgui``, the frozen app).

    Runs :func:`main`. When the window closes while the engine's first compile is still running
    in its daemon thread, the process ends at once with :func:`os._exit`: the game is already
    saved and the windows and engine threads are shut down, but tearing down the interpreter
    under a running LLVM compile can abort ("terminate called without an active exception").
    """
    code = main()
    if is_warm_up_compiling():
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    return code


if __name__ == "__main__":
    sys.exit(run())
