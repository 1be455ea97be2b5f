"""Every registered game shows each seat only what it may see: no card a seat may not see is anywhere in its
view (``view_for``) or in its log (``events_for``, put into words by ``log_for``), at any moment of seeded
random games. Which cards those are is worked out from the full state by the game's facts
(tests/conformance/facts/), apart from the game's own view code, for the deal or round being played (a card
a seat has seen once stays known to it; the log of an earlier round was checked while it was played); the
same search finds hidden cards in the full state, so the search can fail.
"""

from __future__ import annotations

import numpy as np
import pytest

from pokerkit_teach.core.contract import GameModule
from pokerkit_teach.core.errors import KitError
from pokerkit_teach.core.game import LogEvent
from pokerkit_teach.core.i18n import LANGUAGES
from tests.conformance.facts import facts_of
from tests.conformance.facts.common import found_in
from tests.conformance.play import new_state, next_action


def test_no_view_and_no_log_shows_a_card_its_seat_may_not_see(game: GameModule) -> None:
    facts = facts_of(game.name)
    found_in_state = 0
    for players in (game.min_players, game.max_players):
        for seed in range(3):
            state = new_state(game, players, seed)
            rng = np.random.default_rng(seed)
            known: list[set[object]] = [set() for _ in range(players)]  # what each seat has seen (a card seen stays known)
            for _ in range(120):
                for seat in range(players):
                    hidden, public = facts.hidden(state, seat)
                    known[seat] |= public
                    secret = hidden - known[seat]
                    log = state.events_for(seat)
                    current = log[-1].round if log else None

                    def earlier(item: object) -> bool:  # an entry of an earlier round's log
                        return isinstance(item, LogEvent) and item.round != current

                    in_view = found_in(state.view_for(seat), secret, earlier)
                    assert not in_view, (game.name, seat, sorted(map(str, in_view)))
                    in_log = found_in(log, secret, earlier)
                    assert not in_log, (game.name, seat, sorted(map(str, in_log)))
                    if seat == 0 and not found_in_state:
                        found_in_state += bool(found_in(vars(state), secret))
                if state.is_terminal():
                    break
                state.apply(next_action(state, rng))
    assert found_in_state > 0, "the search found no hidden card in the full state either"


def test_the_log_is_every_event_in_every_language(game: GameModule) -> None:
    state = new_state(game, game.min_players, 2)
    rng = np.random.default_rng(2)
    for _ in range(40):
        if state.is_terminal():
            break
        state.apply(next_action(state, rng))
    for seat in [*range(state.player_count), None]:
        said = {lang: state.log_for(seat, lang) for lang in LANGUAGES}
        assert all(len(lines) == len(state.events) == len(state.events_for(seat)) for lines in said.values())
        assert all(line.strip() for lines in said.values() for line in lines)
        assert said["en"] != said["de"] != said["es"]
        assert state.log_for(seat, "en", last=3) == said["en"][-3:] and state.log_for(seat, "en", last=0) == []


@pytest.mark.parametrize("seat", [-1, 99, True, "0", None])
def test_a_seat_that_does_not_exist_is_refused_by_name(game: GameModule, seat: object) -> None:
    state = new_state(game, game.min_players, 1)
    with pytest.raises(KitError):
        state.view_for(seat)  # type: ignore[arg-type]
    if seat is not None:  # None is the teacher's log
        with pytest.raises(KitError):
            state.events_for(seat)  # type: ignore[arg-type]
