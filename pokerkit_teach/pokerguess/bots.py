"""PokerGuess bots. Each sees only its own :class:`~pokerkit_teach.pokerguess.state.GuessView` and gives a
one-sentence reason (a :class:`~pokerkit_teach.core.game.Decision`).

- ``random``: any allowed move, at random (a random prediction when it predicts).
- ``counter``: counts each colour and figure among the cards it can see, adds the number expected among
  the cards it cannot see, and predicts the two largest groups it expects, a little below the
  expectation so the prediction is likely to hold (each card counts once, so it leaves room for both).
  Of two predictions of the same size it takes the one its expectations clear by more. Its reason names
  its own expectation for the two groups it predicts, from its own cards and the cards it has seen, so
  two bots name the same numbers only when they expect the same (issue 24: before, a tie between the
  colours went to the highest colour number, so several bots chose the same unseen colour).

Bots are made by name with ``GAME.make_bot`` and play through :class:`~pokerkit_teach.core.match.Match`:

>>> from pokerkit_teach.pokerguess.state import PokerGuessRules
>>> state = PokerGuessRules(("A", "B", "C")).new_game(seed=3)
>>> decision = CountingBot(seed=1).decide(state.view_for(state.current_player()))
>>> decision.action in state.view_for(state.current_player()).legal_actions
True
"""

from __future__ import annotations

from collections import Counter
from typing import ClassVar

from pokerkit_teach.core.game import Bot, Decision
from pokerkit_teach.core.i18n import Msg
from pokerkit_teach.core.rng import SeedLike
from pokerkit_teach.pokerguess.cards import Colour, DrezCard, Figure, pokerdrez_deck
from pokerkit_teach.pokerguess.check import Prediction
from pokerkit_teach.pokerguess.state import ALL_PREDICTIONS, Fold, GuessPhase, GuessView, Predict, Reveal, Stay

__all__ = ["RandomGuessBot", "CountingBot", "BOTS", "expected_counts"]

_DECK = [c for c in pokerdrez_deck(include_neutral=False) if isinstance(c, DrezCard)]


def _taken(view: GuessView) -> set[Prediction]:
    return {p for seat, p in view.predictions if seat != view.seat}


def _own(view: GuessView) -> Prediction | None:
    return dict(view.predictions).get(view.seat)


class RandomGuessBot(Bot[GuessView]):
    """Any allowed move, at random."""

    game: ClassVar[str] = "pokerguess"
    name: ClassVar[str] = "random"

    def decide(self, view: GuessView) -> Decision:
        seat = view.seat
        if view.phase is GuessPhase.REVEAL:
            card = int(self.rng.integers(2))
            return Decision(Reveal(seat, card), Msg.of("pokerguess.reason.random_show"))
        roll = self.rng.random()
        own = _own(view)
        if view.to_cover > view.chips[seat] or roll < 0.1:
            return Decision(Fold(seat), Msg.of("pokerguess.reason.random_fold"))
        if own is not None and roll < 0.6:
            return Decision(Stay(seat), Msg.of("pokerguess.reason.random_stay"))
        taken = _taken(view)
        raise_by = int(self.rng.integers(0, max(0, view.most_raise) + 1))
        for _ in range(100):
            prediction = ALL_PREDICTIONS[int(self.rng.integers(len(ALL_PREDICTIONS)))]
            if prediction not in taken and prediction != own:
                return Decision(Predict(seat, prediction, raise_by), Msg.of("pokerguess.reason.random_predict", prediction=prediction))
        return Decision(Fold(seat), Msg.of("pokerguess.reason.random_fold"))


def expected_counts(view: GuessView) -> tuple[dict[Colour, float], dict[Figure, float]]:
    """Cards of each colour and figure the viewer expects on the table: those it sees, plus the share of
    the unseen cards that other players hold face down."""
    seen: list[DrezCard] = list(view.private) + list(view.community) + [c for s, c in view.shown if s != view.seat]
    seen_set = set(seen)
    unseen = len(_DECK) - len(seen_set)
    hidden_seats = [s for s in range(len(view.players)) if s != view.seat and view.chips[s] + view.committed[s] > 0]
    shown_by = {s for s, _ in view.shown}
    hidden = sum(1 if s in shown_by else 2 for s in hidden_seats)
    share = hidden / unseen if unseen else 0.0
    seen_colours, seen_figures = Counter(c.colour for c in seen), Counter(c.figure for c in seen)
    distinct_colours, distinct_figures = Counter(c.colour for c in seen_set), Counter(c.figure for c in seen_set)
    # the deck holds one card of every figure in every colour: len(Figure) of a colour, len(Colour) of a figure
    colours = {c: seen_colours[c] + share * (len(Figure) - distinct_colours[c]) for c in Colour}
    figures = {f: seen_figures[f] + share * (len(Colour) - distinct_figures[f]) for f in Figure}
    return colours, figures


class CountingBot(Bot[GuessView]):
    """Predicts the groups it expects to be largest, judged from what it can see."""

    game: ClassVar[str] = "pokerguess"
    name: ClassVar[str] = "counter"

    def __init__(self, seed: SeedLike = None, caution: float = 0.7) -> None:
        super().__init__(seed)
        self.caution = caution

    def best_prediction(self, view: GuessView) -> Prediction:
        """The prediction with the largest groups it expects (not held by another player)."""
        colours, figures = expected_counts(view)
        return self._best(view, colours, figures)

    def _best(self, view: GuessView, colours: dict[Colour, float], figures: dict[Figure, float]) -> Prediction:
        """Each group's count is its expectation times ``caution``, rounded down (at least 1). The
        largest groups win; among predictions of the same size, the one with the most room between the
        bot's expectations and the counts (the smaller room first, then the larger: the likeliest to hold); only then
        the highest prediction (:meth:`Prediction.sort_key`), which the check reaches first.

        The room comes before the height (issue 24): with few cards expected of every colour, every
        colour's count is 1, and the height alone chose green (number 9) even when the bot had seen no
        green card and expected more of another colour; bots then all named the same expectation."""
        taken = {(p.colour_count, p.colour.value, p.figure_count, p.figure.value) for p in _taken(view)}
        on_table = {(c.colour.value, c.figure.value) for c in view.community}
        colour_counts = [(colour.value, ce, max(1, min(6, int(ce * self.caution)))) for colour, ce in colours.items()]
        figure_counts = [(figure.value, fe, int(fe * self.caution)) for figure, fe in figures.items()]
        best: tuple[int, float, float, int, int, int, int] | None = None
        for colour, ce, cc in colour_counts:
            for figure, fe, counted in figure_counts:
                fc = max(1, min(9, counted - (1 if (colour, figure) in on_table else 0)))
                rooms = sorted((round(ce - cc, 9), round(fe - fc, 9)))  # rounded: equal expectations tie exactly
                key = (cc + fc, rooms[0], rooms[1], cc, colour, fc, figure)
                if (best is None or key > best) and (cc, colour, fc, figure) not in taken:
                    best = key
        # at most five of the 54 colour-and-figure pairs are taken, so one was found
        assert best is not None
        _, _, _, cc, colour, fc, figure = best
        return Prediction(cc, Colour(colour), fc, Figure(figure))

    def decide(self, view: GuessView) -> Decision:
        seat = view.seat
        if view.phase is GuessPhase.REVEAL:
            # show the card that tells the others least: one of the colour the bot does not predict
            own = _own(view)
            card = 1 if own is not None and view.private[0].colour == own.colour else 0
            return Decision(Reveal(seat, card), Msg.of("pokerguess.reason.show", card=view.private[card]))
        if view.to_cover > view.chips[seat]:
            return Decision(Fold(seat), Msg.of("pokerguess.reason.cannot_cover", need=view.to_cover))
        colours, figures = expected_counts(view)
        best = self._best(view, colours, figures)
        own = _own(view)
        expected = dict(colour=round(colours[best.colour], 1), figure=round(figures[best.figure], 1))
        if own is not None and own == best:
            return Decision(Stay(seat), Msg.of("pokerguess.reason.keep", prediction=own))
        if own is not None and view.to_cover > 2:
            return Decision(Fold(seat), Msg.of("pokerguess.reason.too_dear", need=view.to_cover))
        return Decision(Predict(seat, best, 0), Msg.of("pokerguess.reason.predict", prediction=best, **expected))


# The bots by name, in the order the apps offer them.
BOTS: dict[str, type[RandomGuessBot] | type[CountingBot]] = {"random": RandomGuessBot, "counter": CountingBot}
