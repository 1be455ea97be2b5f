"""A bot's reason is true, for every bot of every registered game. Each game's bots are replayed over many
games, and each reason's claims are checked against the game's state at the moment of the decision by the
game's own check (tests/conformance/facts/): a claimed hand is the hand the cards make, a claimed chance is
the one derived again here from the state (independently of the bot's code where the kit allows it), a
card said to say little about a prediction belongs to neither of its groups, a hand said to be knocked out
for certain holds two Raccoons or two Doves, and so on. Every reason is also a legal move's, and has its
words in every language. Each check raises ``AssertionError`` naming the game, the seat and the reason.

The quick tier plays 30 games of each game; the slow tier 500, spread over two processes.

Before the bots were mended, these checks failed: the Póker a Voces builder said "Hand 3 holds a pair or
better" of hands filled blind (a high card Ace among them) and placed hands with two Raccoons; the
PokerGuess counter bot showed a card of its predicted figure as one "which says little about my
prediction" and named 1 green card while expecting about 0.5.
"""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor
from typing import Any, Callable

import pytest

from pokerkit_teach.core.contract import GameModule
from pokerkit_teach.core.game import Bot, Decision
from pokerkit_teach.core.i18n import LANGUAGES, Msg
from pokerkit_teach.core.match import Match
from pokerkit_teach.core.registry import get_game
from pokerkit_teach.games.pokerguess import GAME as POKERGUESS
from pokerkit_teach.games.pokerguess.actions import Predict, Reveal
from pokerkit_teach.games.pokerguess.cards import Colour, Figure
from pokerkit_teach.games.pokerguess.check import Prediction
from pokerkit_teach.games.pokerguess.rules import PokerGuessRules
from pokerkit_teach.games.voces import GAME as VOCES
from pokerkit_teach.games.voces.actions import Place, Stay
from pokerkit_teach.games.voces.cards import SpecialCard
from pokerkit_teach.games.voces.ranking import rank_voces_hand
from pokerkit_teach.games.voces.rules import VocesRules
from tests.conformance.facts import facts_of
from tests.conformance.facts.pokerguess import check_guess, expectations
from tests.conformance.facts.voces import certain, check_voces

QUICK_GAMES = 30
SLOW_GAMES = 500


class Watched(Bot[Any]):
    """A bot whose every decision is checked against the live state before it is applied."""

    def __init__(self, inner: Bot[Any], state: Any, check: Callable[[Any, Any, int, Decision, Bot[Any]], None], seen: dict[str, int]) -> None:
        self.inner, self.state, self.check, self.seen = inner, state, check, seen

    def decide(self, view: Any) -> Decision | None:
        decision = self.inner.decide(view)
        if decision is not None:
            self.seen[decision.reason.key] = self.seen.get(decision.reason.key, 0) + 1
            try:
                assert self.state.why_not(decision.action) is None, "the move is not legal"
                for lang in LANGUAGES:
                    assert decision.text(lang), f"no words in {lang}"
                self.check(self.state, view, view.seat, decision, self.inner)
            except (AssertionError, KeyError) as error:  # a KeyError: the reason lacks a figure behind its claim
                raise AssertionError(f"{self.inner.name} (seat {view.seat}): {decision.text('en')!r}: {error!r}") from None
        return decision


def play_games(name: str, first: int, count: int) -> dict[str, int]:
    """Games ``first`` ... of the game ``name`` at its facts' tables, every decision watched; the reason keys seen."""
    game, facts = get_game(name), facts_of(name)
    seen: dict[str, int] = {}
    for number in range(first, first + count):
        rules, names = facts.table(number)
        state = rules.new_game(seed=number)
        bots = [Watched(game.make_bot(bot, 1000 * number + s), state, facts.check_reason, seen) for s, bot in enumerate(names)]
        try:
            Match(state, bots, seed=number).play_to_end()
        except AssertionError as error:
            raise AssertionError(f"{name} game {number}: {error}") from None
    return seen


def test_every_reason_of_every_bot_is_true_in_30_games(game: GameModule) -> None:
    seen = play_games(game.name, 0, QUICK_GAMES)
    missing = facts_of(game.name).must_see - set(seen)
    assert not missing, missing


@pytest.mark.slow
def test_every_reason_of_every_bot_is_true_in_500_games(game: GameModule) -> None:
    """500 games of the game, spread over two processes (started after the game is registered, so they know it)."""
    quarter = SLOW_GAMES // 4
    with ProcessPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(play_games, [game.name] * 4, range(1000, 1000 + SLOW_GAMES, quarter), [quarter] * 4))
    seen = {key for result in results for key in result}
    assert facts_of(game.name).must_see <= seen, facts_of(game.name).must_see - seen


def test_the_checks_catch_false_reasons_the_bots_once_gave() -> None:
    """The checks are able to fail: false reasons the bots once gave, given to them, are refused."""
    builder = VOCES.make_bot("builder", 1)
    rules = VocesRules(("A", "B", "C"), specials=["raccoon"], rounds=1)
    state = rules.new_game(seed=3)
    # "I place three Aces (Raccoon as A●, Raccoon as A●) under token 2: good enough"
    raccoons = [c for c in state.rules.deck(1) if isinstance(c, SpecialCard)][:2]
    doomed = tuple(parse("As1 As2 As3") + raccoons)
    state.round.hands[0] = list(doomed)
    bad = Decision(Place(0), Msg.of("voces.reason.place_good", token=1, hand=certain(doomed)))
    with pytest.raises(AssertionError, match="knocked out for certain"):
        check_voces(state, state.view_for(0), 0, bad, builder)
    # "Hand 3 holds a pair or better, so I stay in", said of a hand filled blind (a high card Ace)
    match = Match(state, [VOCES.make_bot("builder", s) for s in range(3)], seed=1)
    while state.round.phase.value != "deciding":
        match.step()
    seat, hand = state.current_player(), state.round.hand
    state.round.blind[seat].add(hand)
    state.round.placed[seat][hand - 1] = tuple(parse("As1 Ks2 9s3 5s4 3s1"))
    blind = Decision(Stay(seat), Msg.of("voces.reason.stay", hand=hand, ranked=rank_voces_hand("As1 Ks2 9s3 5s4 3s1")))
    with pytest.raises(AssertionError, match="filled blind"):
        check_voces(state, state.view_for(seat), seat, blind, builder)
    # the counter bot showing a card of its predicted figure as one that says little
    counter = POKERGUESS.make_bot("counter", 1)
    guess = PokerGuessRules(("A", "B", "C")).new_game(seed=2)
    card = guess.round.private[0][0]
    guess.round.predictions[0] = Prediction(1, Colour(card.colour % 9 + 1), 2, card.figure)
    shown = Decision(Reveal(0, 0), Msg.of("pokerguess.reason.show", card=card))
    with pytest.raises(AssertionError, match="belongs to the prediction"):
        check_guess(guess, guess.view_for(0), 0, shown, counter)
    # "I expect about 0.5 cards of that colour ... so I predict 1 Green"
    seat = guess.current_player()
    colours, _, _, _ = expectations(guess, seat)
    scarce = min(Colour, key=lambda c: colours[c])
    floored = Prediction(1, scarce, 1, Figure.PAWN)
    assert colours[scarce] < 1
    low = Decision(Predict(seat, floored), Msg.of("pokerguess.reason.predict", prediction=floored, colour=colours[scarce], figure=1.0,
                                                  hue=scarce, kind=Figure.PAWN))
    with pytest.raises(AssertionError, match="not the largest prediction"):
        check_guess(guess, guess.view_for(seat), seat, low, counter)
    # a reason that names another colour than the one predicted
    made = counter.decide(guess.view_for(seat))
    assert made.reason is not None and made.reason.key.startswith("pokerguess.reason.predict")
    values = dict(made.reason.params)
    values["hue"] = Colour(values["hue"] % 9 + 1)
    wrong = Decision(made.action, Msg.of(made.reason.key, **values))
    with pytest.raises(AssertionError, match="hue"):
        check_guess(guess, guess.view_for(seat), seat, wrong, counter)


def parse(text: str) -> list[Any]:
    from pokerkit_teach.games.voces.cards import parse_voces_cards
    return list(parse_voces_cards(text))

