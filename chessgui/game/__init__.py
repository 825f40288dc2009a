"""The game model: GameController owns the game; players, results, navigation, play sessions. QtCore at most."""
