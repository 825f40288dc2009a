"""Pick a game from a PGN file: indexed in the background, filterable, problems shown.

The list appears while the file is still being read for big files (progress
bar), so opening a 10,000-game collection never freezes the window.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor, QIcon
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QProgressBar,
    QStyle,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from chessgui.game.chess_words import player_display_name
from chessgui.i18n import QT_TRANSLATE_NOOP
from chessgui.storage.pgn.indexer import PgnIndexer
from chessgui.storage.pgn.read import GameSummary, LoadedGame, PgnGameError, PgnReadError, PgnReadResult, load_game_at

COLUMNS = (
    "#",
    QT_TRANSLATE_NOOP("PgnGamesModel", "White"),
    QT_TRANSLATE_NOOP("PgnGamesModel", "Black"),
    QT_TRANSLATE_NOOP("PgnGamesModel", "Result"),
    QT_TRANSLATE_NOOP("PgnGamesModel", "Date"),
    QT_TRANSLATE_NOOP("PgnGamesModel", "Event"),
    QT_TRANSLATE_NOOP("PgnGamesModel", "Opening"),
)
_ModelIndex = QModelIndex | QPersistentModelIndex


def readable_date(pgn_date: str) -> str:
    """ "2024.05.??" -> "2024.05"; a fully unknown date -> ""."""
    parts = [part for part in pgn_date.split(".") if part and "?" not in part]
    return ".".join(parts)


class PgnGamesModel(QAbstractTableModel):
    """The games of a PGN file as table rows."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._games: tuple[GameSummary, ...] = ()
        self._warning_icon: QIcon | None = None

    def set_games(self, games: tuple[GameSummary, ...]) -> None:
        self.beginResetModel()
        self._games = games
        self.endResetModel()

    def game(self, row: int) -> GameSummary:
        return self._games[row]

    def rowCount(self, parent: _ModelIndex = QModelIndex()) -> int:  # noqa: N802, B008 - Qt override
        return 0 if parent.isValid() else len(self._games)

    def columnCount(self, parent: _ModelIndex = QModelIndex()) -> int:  # noqa: N802, B008 - Qt override
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> object:  # noqa: N802
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self.tr(COLUMNS[section])
        return None

    def data(self, index: _ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        game = self._games[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if column == 0:
                return game.index
            if column == 6:
                return " ".join(part for part in (game.eco, game.opening) if part)
            white, black = player_display_name(game.white), player_display_name(game.black)
            return (white, black, game.result, readable_date(game.date), game.event)[column - 1]
        if role == Qt.ItemDataRole.ToolTipRole and game.problems:
            return "\n".join(game.problems)
        if role == Qt.ItemDataRole.DecorationRole and column == 0 and game.problems:
            if self._warning_icon is None:
                self._warning_icon = QApplication.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning)
            return self._warning_icon
        if role == Qt.ItemDataRole.ForegroundRole and game.problems:
            return QColor("#b71c1c")
        return None


class PgnGamesDialog(QDialog):
    """Lists the games of ``path``; ``exec()`` Accepted means :meth:`loaded_game` is set.

    A file that cannot be read or holds no game closes the dialog at once
    (Rejected) and :meth:`failure` says why, for the caller to tell the user.

    With ``auto_pick_single`` a file holding exactly one sound game is opened
    without asking.  ``index_finished`` is emitted with the PgnReadResult once
    the file is read (useful for the window's status bar and for tests).
    """

    index_finished = Signal(object)

    def __init__(
        self,
        path: str | Path,
        parent: QWidget | None = None,
        *,
        auto_pick_single: bool = True,
        newest_first: bool = False,
        title: str | None = None,
    ) -> None:
        super().__init__(parent)
        self._path = Path(path)
        self._auto_pick_single = auto_pick_single
        self._loaded: LoadedGame | None = None
        self._chosen: GameSummary | None = None
        self._result: PgnReadResult | None = None
        self._failure: str | None = None
        self.setWindowTitle(title or self.tr("Games in {name}").format(name=self._path.name))

        self.filter_edit = QLineEdit(self)
        self.filter_edit.setPlaceholderText(self.tr("Filter by player, event, date, opening…"))
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.setAccessibleName(self.tr("Filter games"))
        self.model = PgnGamesModel(self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setFilterKeyColumn(-1)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.table = QTableView(self)
        self.table.setModel(self.proxy)
        self.table.setAccessibleName(self.tr("Games"))
        self.table.setTabKeyNavigation(False)  # Tab leaves the list; the arrows move in it
        self.table.setSortingEnabled(True)
        # A file kept by appending (My games) lists its last game first.
        self.table.sortByColumn(0, Qt.SortOrder.DescendingOrder if newest_first else Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        self.table.setAlternatingRowColors(True)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        for column, width in enumerate((60, 150, 150, 60, 90, 160)):
            self.table.setColumnWidth(column, width)

        self.progress = QProgressBar(self)
        self.progress.setRange(0, 100)
        self.status_label = QLabel(self.tr("Reading {name}…").format(name=self._path.name), self)
        self.status_label.setWordWrap(True)
        self.problems_view = QPlainTextEdit(self)
        self.problems_view.setReadOnly(True)
        self.problems_view.setAccessibleName(self.tr("Problems found in the file"))
        self.problems_view.setTabChangesFocus(True)
        self.problems_view.setMaximumHeight(110)
        self.problems_view.hide()

        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Open | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.open_button = self.buttons.button(QDialogButtonBox.StandardButton.Open)
        self.open_button.setEnabled(False)
        self.buttons.accepted.connect(self.open_selected)
        self.buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(self.filter_edit)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.progress)
        layout.addWidget(self.status_label)
        layout.addWidget(self.problems_view)
        layout.addWidget(self.buttons)
        self.resize(860, 520)

        self.filter_edit.textChanged.connect(self.proxy.setFilterFixedString)
        self.table.doubleClicked.connect(lambda _index: self.open_selected())
        self.table.selectionModel().selectionChanged.connect(lambda *_: self._update_open_button())
        self.indexer = PgnIndexer(self)
        self.indexer.progressed.connect(self.progress.setValue)
        self.indexer.finished.connect(self.on_index_finished)
        self.indexer.failed.connect(self.on_index_failed)
        self.indexer.start(self._path)

    # --- results -------------------------------------------------------------
    def loaded_game(self) -> LoadedGame | None:
        """The picked game, parsed (with its problems), after Accepted."""
        return self._loaded

    def failure(self) -> str | None:
        """Why the file cannot be opened (unreadable, binary, no games), once known; else None."""
        return self._failure

    def chosen_summary(self) -> GameSummary | None:
        return self._chosen

    def read_result(self) -> PgnReadResult | None:
        """The index of the file once read (None while reading or after a failure)."""
        return self._result

    # --- slots -----------------------------------------------------------------
    def on_index_finished(self, result: PgnReadResult) -> None:
        self._result = result
        self.progress.hide()
        self.model.set_games(result.games)
        count = len(result.games)
        if count == 0:
            reason = (
                self.tr("the file is empty")
                if not result.errors and _is_empty(self._path)
                else (self.tr("it holds no PGN tags or moves"))
            )
            self.status_label.setText(self.tr("No games were found in {name}.").format(name=self._path.name))
            self.index_finished.emit(result)
            self._fail(self.tr("No games were found in {name}: {reason}.").format(name=self._path.name, reason=reason))
            return
        else:
            text = (self.tr("1 game in {name}.") if count == 1 else self.tr("{count} games in {name}.")).format(
                count=count, name=self._path.name
            )
            if result.used_fallback_encoding:
                text += self.tr(" Some text was not UTF-8 and was read as Latin-1/Windows-1252.")
            if not result.moves_checked:
                text += self.tr(" Moves are checked when a game is opened.")
            self.status_label.setText(text)
            self.table.selectRow(0)
        if result.errors:
            broken = sum(1 for game in result.games if game.problems)
            heading = (
                self.tr("1 game has problems (it opens up to the first error):")
                if broken == 1
                else self.tr("{count} games have problems (they open up to the first error):").format(count=broken)
                if broken
                else self.tr("Problems in the file:")
            )
            self.problems_view.setPlainText(heading + "\n" + "\n".join(result.errors))
            self.problems_view.show()
        self._update_open_button()
        self.index_finished.emit(result)
        if self._auto_pick_single and count == 1 and not result.errors:
            self.open_row(0)

    def on_index_failed(self, message: str) -> None:
        self.progress.hide()
        self.status_label.setText(f"<span style='color:#b71c1c'>{message}</span>")
        self.index_finished.emit(None)
        # "could not open x.pgn: ..." starts a sentence here; "x.pgn is not ..." keeps its file name as is.
        self._fail("C" + message[1:] if message.startswith("could not") else message)

    def _fail(self, message: str) -> None:
        """Nothing to pick: close, keeping the reason for :meth:`failure`."""
        self._failure = message
        self.reject()

    def open_selected(self) -> None:
        rows = self.table.selectionModel().selectedRows()
        if rows:
            self.open_row(self.proxy.mapToSource(rows[0]).row())

    def open_row(self, row: int) -> None:
        """Parse the game in source-model ``row`` and accept, or explain why not."""
        summary = self.model.game(row)
        try:
            loaded = load_game_at(self._path, summary.offset, summary.line)
        except (PgnGameError, PgnReadError) as error:
            self.status_label.setText(
                self.tr("<span style='color:#b71c1c'>Game {index} ({players}) cannot be opened: {error}</span>").format(
                    index=summary.index, players=summary.players(), error=error
                )
            )
            return
        self._chosen, self._loaded = summary, loaded
        self.accept()

    def done(self, result: int) -> None:
        # Closing while a big file is being read must not leave a thread behind.
        self.indexer.shutdown()
        super().done(result)

    def _update_open_button(self) -> None:
        self.open_button.setEnabled(bool(self.table.selectionModel().selectedRows()))


def _is_empty(path: Path) -> bool:
    """True when the file holds nothing but white space."""
    try:
        with path.open("rb") as handle:
            return not handle.read(4096).strip()
    except OSError:
        return False
