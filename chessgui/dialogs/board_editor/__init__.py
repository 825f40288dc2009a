"""Board editor: set up a position with a piece palette and play from it."""

from __future__ import annotations

from chessgui.dialogs.board_editor.editor_dialog import BoardEditorDialog

__all__ = ["BoardEditorDialog"]
