"""Engine adapters: worker threads for the built-in and UCI engines, engine players, hints. QtCore at most."""
