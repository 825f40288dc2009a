"""Chess clocks: time controls, the clock itself, and its binding to a game. QtCore at most."""
