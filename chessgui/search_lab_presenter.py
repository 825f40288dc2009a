"""The search lab dock in the window: experiments on the shown position, run by a lab runner started on first use."""

from __future__ import annotations

from PySide6.QtCore import QObject

from chessgui.engines.lab_runner import LabConfig, LabRunner
from chessgui.views.search_lab import SearchLabPanel


class SearchLabPresenter(QObject):
    """Starts the lab runner on the first run and passes runs and their reports between it and the panel."""

    def __init__(self, parent: QObject, panel: SearchLabPanel) -> None:
        super().__init__(parent)
        self.panel = panel
        self.runner: LabRunner | None = None  # started with the first lab run

    def on_run_requested(self, config: LabConfig) -> None:
        """Run an experiment on the shown position (the runner starts on first use)."""
        if self.runner is None:
            self.runner = LabRunner()
            self.runner.iteration_done.connect(self.panel.on_run_iteration)
            self.runner.run_finished.connect(self.panel.on_run_finished)
            self.runner.run_failed.connect(self.panel.on_run_failed)
        self.panel.on_run_started(self.runner.start(config), config)

    def on_stop_requested(self) -> None:
        """Stop the running experiment, if any."""
        if self.runner is not None:
            self.runner.stop()

    def shutdown(self) -> None:
        """End the runner's thread (the window is closing)."""
        if self.runner is not None:
            self.runner.shutdown()
