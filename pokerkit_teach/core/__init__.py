"""What every game of the kit shares: the game protocol and registry, errors, message catalogues, seeded
random generators, scenario files, card tiles. The core imports no game."""
