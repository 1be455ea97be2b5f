"""PokerGuess bots. Each sees only its own :class:`~pokerkit_teach.games.pokerguess.state.PokerGuessView` and gives a
one-sentence reason (a :class:`~pokerkit_teach.core.game.Decision`).

- ``random``: any allowed move, at random (a random prediction when it predicts).
- ``counter``: counts each colour and figure among the cards it can see and adds the number expected
  among the cards it cannot see. A card counts in one group only, so for a figure it counts the cards
  expected in the colours other than the prediction's. It names ``caution`` (70%) of each expectation,
  rounded down, and 1 where that comes to 0 but it expects at least one card (a prediction names at
  least 1; a group it expects less than one card of is not named (otherwise "about 0.5 cards ... so
  I predict 1 Green" came from a count raised to 1). It predicts the largest prediction it gets this way;
  of equal ones, the one for which it expects the most cards in all (the colour number used to
  decide), and its reason says so with the very numbers the counts came from. In the last-card phase it
  shows the card that belongs to fewer groups of its prediction, and says "says little" only of a card
  that belongs to neither (a bot that predicted Jokers showed the Gray Joker so).

Bots are made by name with ``GAME.make_bot`` and play through :class:`~pokerkit_teach.core.match.Match`:

>>> from pokerkit_teach.games.pokerguess.rules import PokerGuessRules
>>> state = PokerGuessRules(("A", "B", "C")).new_game(seed=3)
>>> decision = PokerGuessCounterBot(seed=1).decide(state.view_for(state.current_player()))
>>> decision.action in state.view_for(state.current_player()).legal_actions
True
"""

from __future__ import annotations

from collections import Counter
from typing import ClassVar

from pokerkit_teach.core.game import Bot, Decision
from pokerkit_teach.core.i18n import Msg
from pokerkit_teach.core.rng import SeedLike
from pokerkit_teach.games.pokerguess.cards import Colour, DrezCard, Figure, pokerdrez_deck
from pokerkit_teach.games.pokerguess.check import Prediction
from pokerkit_teach.games.pokerguess.actions import ALL_PREDICTIONS, Fold, PokerGuessPhase, Predict, Reveal, Stay
from pokerkit_teach.games.pokerguess.view import PokerGuessView

__all__ = ["PokerGuessRandomBot", "PokerGuessCounterBot", "BOTS", "DEFAULT_BOT", "expected_counts"]

_DECK = [c for c in pokerdrez_deck(include_neutral=False) if isinstance(c, DrezCard)]


def _taken(view: PokerGuessView) -> set[Prediction]:
    return {p for seat, p in view.predictions if seat != view.seat}


def _own(view: PokerGuessView) -> Prediction | None:
    return dict(view.predictions).get(view.seat)


class PokerGuessRandomBot(Bot[PokerGuessView]):
    """Any allowed move, at random."""

    game: ClassVar[str] = "pokerguess"
    name: ClassVar[str] = "random"

    def decide(self, view: PokerGuessView) -> Decision:
        seat = view.seat
        if view.phase is PokerGuessPhase.REVEAL:
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


def _seen(view: PokerGuessView) -> list[DrezCard]:
    return list(view.private) + list(view.community) + [c for s, c in view.shown if s != view.seat]


def _hidden_share(view: PokerGuessView, seen: set[DrezCard]) -> float:
    """The chance that a card the viewer has not seen lies face down with another player: the number of
    such cards over the number of unseen cards."""
    unseen = len(_DECK) - len(seen)
    hidden_seats = [s for s in range(len(view.players)) if s != view.seat and view.chips[s] + view.committed[s] > 0]
    shown_by = {s for s, _ in view.shown}
    hidden = sum(1 if s in shown_by else 2 for s in hidden_seats)
    return hidden / unseen if unseen else 0.0


def expected_counts(view: PokerGuessView) -> tuple[dict[Colour, float], dict[Figure, float]]:
    """Cards of each colour and figure the viewer expects on the table: those it sees, plus the share of
    the unseen cards that other players hold face down."""
    seen = _seen(view)
    seen_set = set(seen)
    share = _hidden_share(view, seen_set)
    seen_colours, seen_figures = Counter(c.colour for c in seen), Counter(c.figure for c in seen)
    distinct_colours, distinct_figures = Counter(c.colour for c in seen_set), Counter(c.figure for c in seen_set)
    # the deck holds one card of every figure in every colour: len(Figure) of a colour, len(Colour) of a figure
    colours = {c: seen_colours[c] + share * (len(Figure) - distinct_colours[c]) for c in Colour}
    figures = {f: seen_figures[f] + share * (len(Colour) - distinct_figures[f]) for f in Figure}
    return colours, figures


def expected_apart(view: PokerGuessView, colour: Colour, figure: Figure) -> float:
    """Cards of ``figure`` the viewer expects on the table in the colours other than ``colour``: a card
    counts in one group only, so the card of that colour and figure cannot count for the figure too."""
    seen = set(_seen(view))
    both = 1.0 if DrezCard(figure, colour) in seen else _hidden_share(view, seen)
    return expected_counts(view)[1][figure] - both


def cautious_count(expected: float, caution: float) -> int:
    """The count a counter bot names for a group it expects ``expected`` cards of: ``caution`` times the
    expectation, rounded down; a prediction names at least 1, so 1 when that comes to 0 but the bot
    expects at least one card; 0 (the group is not named) when it expects less than one.

    >>> cautious_count(2.9, 0.7), cautious_count(1.2, 0.7), cautious_count(0.5, 0.7)
    (2, 1, 0)
    """
    count = int(expected * caution)
    if count >= 1:
        return count
    return 1 if expected >= 1 else 0


def _fits(card: DrezCard, prediction: Prediction) -> int:
    """How many of the prediction's two groups the card belongs to (its colour, its figure)."""
    return (card.colour == prediction.colour) + (card.figure == prediction.figure)


class PokerGuessCounterBot(Bot[PokerGuessView]):
    """Predicts the groups it expects to be largest, judged from what it can see."""

    game: ClassVar[str] = "pokerguess"
    name: ClassVar[str] = "counter"

    def __init__(self, seed: SeedLike = None, caution: float = 0.7) -> None:
        super().__init__(seed)
        self.caution = caution

    def best_prediction(self, view: PokerGuessView) -> Prediction:
        """The prediction with the largest groups it expects (not held by another player)."""
        return self._best(view)[0]

    def _best(self, view: PokerGuessView) -> tuple[Prediction, float, float, int]:
        """The prediction, the cards expected of its colour and of its figure in the other colours (the
        numbers its counts come from: :func:`cautious_count`), and how many free predictions of the same
        size there were. The largest prediction wins; of equal size, the one for which the bot expects
        the most cards in all (the likeliest to hold); only then the one the check reaches first.

        With every colour's count raised to 1, the height alone would choose green (number 9) even when
        the bot had seen no green card; and a count is never raised above what the bot expects."""
        colours, figures = expected_counts(view)
        seen = set(_seen(view))
        share = _hidden_share(view, seen)
        taken = _taken(view)
        candidates: list[tuple[tuple[int, float, tuple[int, ...]], Prediction, float, float]] = []
        for colour, ce in colours.items():
            cc = min(6, cautious_count(ce, self.caution))
            if not cc:
                continue
            for figure, fe in figures.items():
                apart = fe - (1.0 if DrezCard(figure, colour) in seen else share)
                fc = min(9, cautious_count(apart, self.caution))
                if not fc:
                    continue
                prediction = Prediction(cc, colour, fc, figure)
                if prediction in taken:
                    continue
                key = (cc + fc, round(ce + apart, 9), prediction.sort_key())  # rounded: equal expectations tie exactly
                candidates.append((key, prediction, ce, apart))
        if not candidates:  # expectations too low everywhere (never met in play): the smallest prediction free
            colour = max(Colour, key=lambda c: colours[c])
            figure = max(Figure, key=lambda f: figures[f])
            prediction = next(p for p in (Prediction(1, colour, n, figure) for n in range(1, 10)) if p not in taken)
            return prediction, colours[colour], figures[figure], 0
        best = max(candidates, key=lambda item: item[0])
        same_size = sum(1 for key, *_ in candidates if key[0] == best[0][0])
        return best[1], best[2], best[3], same_size

    def decide(self, view: PokerGuessView) -> Decision:
        seat = view.seat
        own = _own(view)
        if view.phase is PokerGuessPhase.REVEAL:
            # show the card that tells the others least: one that belongs to fewer groups of the prediction
            fits = [_fits(card, own) if own is not None else 0 for card in view.private]
            card = 1 if fits[1] < fits[0] else 0
            key = "pokerguess.reason.show" if fits[card] == 0 else "pokerguess.reason.show_fits"
            return Decision(Reveal(seat, card), Msg.of(key, card=view.private[card], prediction=own))
        if view.to_cover > view.chips[seat]:
            return Decision(Fold(seat), Msg.of("pokerguess.reason.cannot_cover", need=view.to_cover))
        best, colour, figure, same_size = self._best(view)
        if own is not None and own == best:
            return Decision(Stay(seat), Msg.of("pokerguess.reason.keep", prediction=own))
        if own is not None and view.to_cover > 2:
            return Decision(Fold(seat), Msg.of("pokerguess.reason.too_dear", need=view.to_cover))
        key = "pokerguess.reason.predict" if same_size == 1 else "pokerguess.reason.predict_tie"
        if not same_size:
            key = "pokerguess.reason.predict_least"
        # the colour and the figure the expectations are of are named with them (hue, kind)
        return Decision(Predict(seat, best, 0), Msg.of(key, prediction=best, colour=colour, figure=figure, hue=best.colour,
                                                       kind=best.figure, caution=self.caution, size=same_size))


# The bots by name, in the order the apps offer them.
BOTS: dict[str, type[PokerGuessRandomBot] | type[PokerGuessCounterBot]] = {"random": PokerGuessRandomBot, "counter": PokerGuessCounterBot}
DEFAULT_BOT = "counter"
