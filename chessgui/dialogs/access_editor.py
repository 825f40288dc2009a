"""The settings dialog's "Sound & access" page: sounds, volume, screen-reader announcements."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QFormLayout, QGroupBox, QLabel, QSlider, QVBoxLayout, QWidget

from chessgui.storage.access_settings import VOLUME_RANGE, AccessSettings, SoundEvent
from chessgui.views.sounds import multimedia_note


class AccessEditor(QWidget):
    """Edit :class:`AccessSettings`; read :meth:`access_settings`."""

    def __init__(self, settings: AccessSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.sounds_check = QCheckBox(self.tr("&Play sounds"), self)
        self.sounds_check.setChecked(settings.sounds_on)
        self.volume_slider = QSlider(Qt.Orientation.Horizontal, self)
        self.volume_slider.setRange(*VOLUME_RANGE)
        self.volume_slider.setSingleStep(5)
        self.volume_slider.setPageStep(10)
        self.volume_slider.setValue(settings.volume)
        self.volume_slider.setAccessibleName(self.tr("Sound volume"))
        self.volume_label = QLabel(self)
        self.volume_label.setBuddy(self.volume_slider)
        self.event_checks: dict[SoundEvent, QCheckBox] = {}
        events_box = QGroupBox(self.tr("Sounds for"), self)
        events_layout = QVBoxLayout(events_box)
        for event in SoundEvent:
            check = QCheckBox(event.label, events_box)
            check.setObjectName(f"sound_{event.value}")
            check.setChecked(event not in settings.sounds_off)
            events_layout.addWidget(check)
            self.event_checks[event] = check
        self.events_box = events_box
        self.announce_check = QCheckBox(self.tr("&Announce moves, checks and the game's end to screen readers"), self)
        self.announce_check.setChecked(settings.announce_moves)
        self.note_label = QLabel(self)
        self.note_label.setWordWrap(True)
        note = multimedia_note()
        self.note_label.setText(note or "")
        self.note_label.setVisible(bool(note))
        keys = QLabel(
            self.tr(
                "Keyboard: / types a move (e4, Nf3, O-O, e7e8q), or just type on the "
                "board; Ctrl+Shift+S reads the position; Left/Right step through the "
                "moves."
            ),
            self,
        )
        keys.setWordWrap(True)
        form = QFormLayout()
        form.addRow(self.sounds_check)
        form.addRow(self.volume_label, self.volume_slider)
        form.addRow(events_box)
        form.addRow(self.note_label)
        form.addRow(self.announce_check)
        form.addRow(keys)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addStretch(1)
        self.sounds_check.toggled.connect(self._update)
        self.volume_slider.valueChanged.connect(self._update)
        self._update()

    def access_settings(self) -> AccessSettings:
        """The settings as edited."""
        return AccessSettings(
            sounds_on=self.sounds_check.isChecked(),
            volume=self.volume_slider.value(),
            sounds_off=frozenset(event for event, check in self.event_checks.items() if not check.isChecked()),
            announce_moves=self.announce_check.isChecked(),
        )

    def _update(self) -> None:
        self.volume_label.setText(self.tr("&Volume ({value}%):").format(value=self.volume_slider.value()))
        on = self.sounds_check.isChecked()
        self.volume_slider.setEnabled(on)
        self.events_box.setEnabled(on)
