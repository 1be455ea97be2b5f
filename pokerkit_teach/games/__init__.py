"""The kit's games, one package each (Pokerface, PokerGuess, Póker a Voces), all built on the one game
contract of :mod:`pokerkit_teach.core.registry` and registered there. No game imports another."""
