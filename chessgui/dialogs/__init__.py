"""Dialogs of the chess program."""
