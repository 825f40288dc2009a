"""Widgets that draw the game and emit requests: board, move log, engine panel, eval bar, clocks."""
