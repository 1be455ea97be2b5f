"""The room server: several learners play one table from their own devices.

One process owns every room's game (:mod:`pokerkit_teach.rooms.room`) and talks to the learners over
websockets (:mod:`pokerkit_teach.rooms.server`, on tornado); :mod:`pokerkit_teach.rooms.protocol` holds
the messages' JSON Schema and the server's bounds, :mod:`pokerkit_teach.rooms.client` a small client for
scripts, tests and benchmarks. The server plays every registered game through the game protocol and has
no code of its own for any game; a seat receives only its own view. The protocol is in docs/rooms.md.

This package imports no Jupyter, Voila or widget code (an import-linter contract in pyproject.toml).
"""
