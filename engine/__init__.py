"""The built-in chess engine: board, move generation and search compiled with Numba. No Qt here."""
