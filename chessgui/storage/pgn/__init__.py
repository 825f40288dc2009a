"""PGN reading (with its problems), writing, and background indexing of large files."""
