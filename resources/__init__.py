"""Data files (piece SVGs, icons, desktop entry). Installed as ``chessgui.resources``."""
