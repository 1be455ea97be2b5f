"""The games the conformance suite runs over: every game the registry knows (the kit's own and those of
entry points) and High Card, a fourth game that exists only in the tests. A test gets each as its ``game``
fixture; High Card is registered for that test alone, through the public registration API, and taken out
again after it (so no other test sees a fourth game)."""

from __future__ import annotations

from typing import Iterator

import pytest

from pokerkit_teach.core.contract import GameModule
from pokerkit_teach.core.registry import all_games, register_game, unregister_game
from tests.conformance.play import GAMES


@pytest.fixture(params=GAMES, ids=[game.name for game in GAMES])
def game(request: pytest.FixtureRequest) -> Iterator[GameModule]:
    chosen: GameModule = request.param
    known = chosen in all_games()
    if not known:
        register_game(chosen)
    try:
        yield chosen
    finally:
        if not known:
            unregister_game(chosen.name)
