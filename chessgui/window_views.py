"""The main window's widgets and where they sit: the board column, the clocks around the moves, the
search lab and opening book docks and the status bar.

lichess layout: the board (with the evaluation bar beside it) on the left; on the right the top
side's clock, the engine panel, the moves and the review, then the bottom side's clock. The
search lab is a dock, hidden until asked for. Like the Ui class Qt Designer makes, this base of
MainWindow only creates and arranges: MainWindow wires every signal, and the presenters keep
the widgets current.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QApplication, QDockWidget, QLabel, QMainWindow, QSplitter, QVBoxLayout, QWidget

from chessgui.views.announcer import Announcer
from chessgui.views.board.board_widget import BoardWidget
from chessgui.views.board_area import BoardArea
from chessgui.views.book_panel import BookPanel
from chessgui.views.clock_widget import ClockPanel
from chessgui.views.color_scheme import ColorSchemeSwitcher
from chessgui.views.engine_panel import EnginePanel
from chessgui.views.eval_bar import EvalBar
from chessgui.views.history_banner import HistoryBanner
from chessgui.views.move_entry import MoveEntry
from chessgui.views.move_log import MoveLogPanel
from chessgui.views.search_lab import SearchLabPanel


class MainWindowViews(QMainWindow):
    """The main window's view widgets, made by :meth:`_create_views` and placed by :meth:`_arrange_views`.

    Two steps because the window's presenters need the widgets before the layout can take
    the widgets the presenters make (the review's graph and panel).
    """

    def _create_views(self) -> None:
        """Make the view widgets (in this order: it is the order Tab walks through them)."""
        app = QApplication.instance()
        assert isinstance(app, QApplication)
        self.color_scheme = ColorSchemeSwitcher(app, self)

        self.board_widget = BoardWidget(self)
        self.move_entry = MoveEntry(self)
        self.announcer = Announcer(self)
        self.move_log = MoveLogPanel(self)
        # Event, site, date and round of a viewed game (its players' names are on the clock cards).
        self.game_info_label = QLabel(self)
        self.game_info_label.setObjectName("game_info_label")
        self.game_info_label.setWordWrap(True)
        self.game_info_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.game_info_label.hide()
        self.engine_panel = EnginePanel(self)
        self.search_lab = SearchLabPanel(self)
        self.book_panel = BookPanel(self)
        self.eval_bar = EvalBar(self)
        self.opening_label = QLabel(self)
        self.opening_label.setObjectName("opening_label")
        self.opening_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.opening_label.setToolTip(
            QCoreApplication.translate("MainWindow", "The opening of the position on the board (ECO code and name)")
        )
        self.history_banner = HistoryBanner(self)
        # Keep the banner's room when hidden so the board does not jump in size.
        policy = self.history_banner.sizePolicy()
        policy.setRetainSizeWhenHidden(True)
        self.history_banner.setSizePolicy(policy)
        self.history_banner.hide()
        self.clock_panel = ClockPanel(self)

    def _arrange_views(self, review_graph: QWidget, review_panel: QWidget) -> None:
        """Put the widgets in their places: a splitter as the central widget, the search lab dock, the status line."""
        board_column = QWidget(self)
        board_layout = QVBoxLayout(board_column)
        board_layout.setContentsMargins(8, 8, 8, 8)
        board_layout.addWidget(self.history_banner)
        self.board_area = BoardArea(self.board_widget, self.eval_bar, board_column)
        board_layout.addWidget(self.board_area, 1)
        board_layout.addWidget(self.opening_label)
        board_layout.addWidget(self.move_entry)

        # lichess layout: the top side's clock, the moves, the bottom side's clock.
        self.center_column = QWidget(self)
        center_layout = QVBoxLayout(self.center_column)
        center_layout.setContentsMargins(0, 0, 0, 0)
        center_layout.addWidget(self.engine_panel)
        center_layout.addWidget(self.game_info_label)
        center_layout.addWidget(self.move_log, 1)
        center_layout.addWidget(review_graph)
        center_layout.addWidget(review_panel)
        self.center_layout = center_layout
        self.side_panel = QWidget(self)
        side_layout = QVBoxLayout(self.side_panel)
        side_layout.setContentsMargins(4, 8, 8, 8)
        side_layout.addWidget(self.clock_panel, 1)
        self.clock_panel.set_center_widget(self.center_column)

        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(board_column)
        splitter.addWidget(self.side_panel)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([800, 440])
        splitter.setChildrenCollapsible(False)
        splitter.setObjectName("main_splitter")
        self.splitter = splitter
        self.setCentralWidget(splitter)

        self.search_lab_dock = QDockWidget(QCoreApplication.translate("MainWindow", "Search lab"), self)
        self.search_lab_dock.setObjectName("search_lab_dock")
        self.search_lab_dock.setWidget(self.search_lab)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.search_lab_dock)
        self.search_lab_dock.hide()
        # The opening book explorer: a dock too, hidden until asked for (View ▸ Opening book).
        self.book_dock = QDockWidget(QCoreApplication.translate("MainWindow", "Opening book"), self)
        self.book_dock.setObjectName("book_dock")
        self.book_dock.setWidget(self.book_panel)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.book_dock)
        self.book_dock.hide()

        # The status line describes the game now (derived on every change); passing
        # notices are shown over it for a few seconds with showMessage().
        self.status_label = QLabel(self)
        self.statusBar().addWidget(self.status_label, 1)
        self.statusBar().addPermanentWidget(self.announcer.label)

    def status_text(self) -> str:
        """The status line's description of the game now."""
        return self.status_label.text()
