"""PokerGuess bots. Each sees only its own :class:`GuessView` and gives a one-sentence reason.

- ``random``: any allowed move, at random (a random prediction when it predicts).
- ``counter``: counts each colour and figure among the cards it can see, adds the number expected among
  the cards it cannot see, and predicts the two largest groups it expects, a little below the
  expectation so the prediction is likely to hold (each card counts once, so it leaves room for both).

>>> from pokerkit_teach.pokerguess.state import PokerGuessRules
>>> state = PokerGuessRules(("A", "B", "C")).new_game(seed=3)
>>> decision = make_guess_bot("counter", seed=1).decide(state.view_for(state.current_player()))
>>> state.why_not(decision.action) is None
True
"""

from __future__ import annotations

import numpy as np

from pokerkit_teach.pokerguess.cards import Colour, DrezCard, Figure, pokerdrez_deck
from pokerkit_teach.core.game import Decision
from pokerkit_teach.core.i18n import Msg
from pokerkit_teach.core.rng import SeedLike, make_rng
from pokerkit_teach.pokerguess.check import Prediction
from pokerkit_teach.pokerguess.state import ALL_PREDICTIONS, Fold, GuessView, PokerGuessRules, PokerGuessState, Predict, Reveal, Stay

__all__ = ["GuessDecision", "GuessBot", "RandomGuessBot", "CountingBot", "GUESS_BOT_NAMES", "make_guess_bot", "expected_counts"]

_DECK = [c for c in pokerdrez_deck(include_neutral=False) if isinstance(c, DrezCard)]


GuessDecision = Decision


class GuessBot:
    name = "bot"

    def __init__(self, seed: SeedLike = None) -> None:
        self.rng = make_rng(seed)

    def decide(self, view: GuessView) -> GuessDecision:
        raise NotImplementedError


def _taken(view: GuessView) -> set[Prediction]:
    return {p for seat, p in view.predictions if seat != view.seat}


def _own(view: GuessView) -> Prediction | None:
    return dict(view.predictions).get(view.seat)


class RandomGuessBot(GuessBot):
    name = "random"

    def decide(self, view: GuessView) -> GuessDecision:
        seat = view.seat
        if view.phase == "reveal":
            card = int(self.rng.integers(2))
            return GuessDecision(Reveal(seat, card), Msg.of("pokerguess.reason.random_show"))
        roll = self.rng.random()
        own = _own(view)
        if view.to_cover > view.chips[seat] or roll < 0.1:
            return GuessDecision(Fold(seat), Msg.of("pokerguess.reason.random_fold"))
        if own is not None and roll < 0.6:
            return GuessDecision(Stay(seat), Msg.of("pokerguess.reason.random_stay"))
        taken = _taken(view)
        raise_by = int(self.rng.integers(0, max(0, view.most_raise) + 1))
        for _ in range(100):
            prediction = ALL_PREDICTIONS[int(self.rng.integers(len(ALL_PREDICTIONS)))]
            if prediction not in taken and prediction != own:
                return GuessDecision(Predict(seat, prediction, raise_by), Msg.of("pokerguess.reason.random_predict", prediction=prediction))
        return GuessDecision(Fold(seat), Msg.of("pokerguess.reason.random_fold"))


def expected_counts(view: GuessView) -> tuple[dict[Colour, float], dict[Figure, float]]:
    """Cards of each colour and figure the viewer expects on the table: those it sees, plus the share of
    the unseen cards that other players hold face down."""
    seen: list[DrezCard] = list(view.private) + list(view.community) + [c for s, c in view.shown if s != view.seat]
    seen_set = set(seen)
    unseen = [c for c in _DECK if c not in seen_set]
    hidden_seats = [s for s in range(len(view.players)) if s != view.seat and view.chips[s] + view.committed[s] > 0]
    shown_by = {s for s, _ in view.shown}
    hidden = sum(1 if s in shown_by else 2 for s in hidden_seats)
    share = hidden / len(unseen) if unseen else 0.0
    colours = {c: sum(1 for x in seen if x.colour == c) + share * sum(1 for x in unseen if x.colour == c) for c in Colour}
    figures = {f: sum(1 for x in seen if x.figure == f) + share * sum(1 for x in unseen if x.figure == f) for f in Figure}
    return colours, figures


class CountingBot(GuessBot):
    """Predicts the groups it expects to be largest, judged from what it can see."""

    name = "counter"

    def __init__(self, seed: SeedLike = None, caution: float = 0.7) -> None:
        super().__init__(seed)
        self.caution = caution

    def best_prediction(self, view: GuessView) -> Prediction:
        colours, figures = expected_counts(view)
        taken = _taken(view)
        options = []
        for colour, ce in colours.items():
            for figure, fe in figures.items():
                both = 1 if any(c.colour == colour and c.figure == figure for c in view.community) else 0
                cc = max(1, min(6, int(ce * self.caution)))
                fc = max(1, min(9, int(fe * self.caution) - both))
                prediction = Prediction(cc, colour, fc, figure)
                if prediction not in taken:
                    options.append((cc + fc, prediction.sort_key(), prediction))
        options.sort(key=lambda item: (item[0], item[1]), reverse=True)
        return options[0][2]

    def decide(self, view: GuessView) -> GuessDecision:
        seat = view.seat
        if view.phase == "reveal":
            # show the card that tells the others least: one of the colour the bot does not predict
            own = _own(view)
            card = 1 if own is not None and view.private[0].colour == own.colour else 0
            return GuessDecision(Reveal(seat, card), Msg.of("pokerguess.reason.show", card=view.private[card]))
        if view.to_cover > view.chips[seat]:
            return GuessDecision(Fold(seat), Msg.of("pokerguess.reason.cannot_cover", need=view.to_cover))
        best = self.best_prediction(view)
        own = _own(view)
        colours, figures = expected_counts(view)
        expected = dict(colour=round(colours[best.colour], 1), figure=round(figures[best.figure], 1))
        if own is not None and own == best:
            return GuessDecision(Stay(seat), Msg.of("pokerguess.reason.keep", prediction=own))
        if own is not None and view.to_cover > 2:
            return GuessDecision(Fold(seat), Msg.of("pokerguess.reason.too_dear", need=view.to_cover))
        return GuessDecision(Predict(seat, best, 0), Msg.of("pokerguess.reason.predict", prediction=best, **expected))


GUESS_BOT_NAMES = ("random", "counter")


def make_guess_bot(name: str, seed: SeedLike = None) -> GuessBot:
    if name == "random":
        return RandomGuessBot(seed)
    if name == "counter":
        return CountingBot(seed)
    raise ValueError(f"unknown PokerGuess bot {name!r}; choose one of {', '.join(GUESS_BOT_NAMES)}")


def play_guess_game(bots: list[GuessBot], rules: PokerGuessRules, seed: int | np.random.Generator) -> PokerGuessState:
    """Play one game with one bot per seat; returns the finished state."""
    state = rules.new_game(seed=seed)
    while not state.is_terminal():
        seat = state.current_player()
        decision = bots[seat].decide(state.view_for(seat))
        if state.why_not(decision.action) is not None:  # a bot's mistake must not stall the game
            decision = GuessDecision(Fold(seat), Msg.of("pokerguess.reason.random_fold"))
        state.apply(decision.action)
    return state
