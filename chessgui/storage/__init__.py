"""Files and settings: QSettings, autosave, FEN checks, PGN reading and writing. QtCore at most."""
