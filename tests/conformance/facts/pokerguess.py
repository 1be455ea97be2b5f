"""PokerGuess's facts for the conformance tests: its bots' reasons checked against the state, the tables
they are checked at, and which cards a seat may not see.
"""

from __future__ import annotations

import math
from typing import Any


from pokerkit_teach.core.game import Bot, Decision
from pokerkit_teach.games.pokerguess.cards import Colour, DrezCard, Figure, pokerdrez_deck
from pokerkit_teach.games.pokerguess.check import Prediction
from pokerkit_teach.games.pokerguess.actions import ALL_PREDICTIONS, Fold as GuessFold, Predict, Reveal, Stay as GuessStay
from pokerkit_teach.games.pokerguess.rules import PokerGuessRules


from pokerkit_teach.games.pokerguess.actions import Check, Deal
from tests.conformance.facts import GameFacts
from tests.conformance.facts.common import close, said
PREDICTIONS = frozenset(ALL_PREDICTIONS)


def expectations(state: Any, seat: int) -> tuple[dict[Colour, float], dict[Figure, float], set[DrezCard], float]:
    """What ``seat`` may expect on the table, derived from the state: every card it sees, plus for each
    unseen card the chance that it lies face down before another player still dealt in."""
    r = state.round
    deck = [c for c in pokerdrez_deck(include_neutral=False) if isinstance(c, DrezCard)]
    shown = {s: r.private[s][i] for s, i in r.shown.items()}
    seen = set(r.private[seat]) | set(r.community) | {c for s, c in shown.items() if s != seat}
    face_down = sum(len(r.private[s]) - (1 if s in shown else 0) for s in range(state.player_count) if s != seat and r.private[s])
    unseen = [c for c in deck if c not in seen]
    share = face_down / len(unseen)
    colours = {c: sum(1 for card in seen if card.colour == c) + share * sum(1 for card in unseen if card.colour == c) for c in Colour}
    figures = {f: sum(1 for card in seen if card.figure == f) + share * sum(1 for card in unseen if card.figure == f) for f in Figure}
    return colours, figures, seen, share


def cautious(expected: float) -> int:
    count = math.floor(expected * 0.7 + 1e-12)
    return count if count >= 1 else (1 if expected >= 1 else 0)


def guess_choices(state: Any, seat: int) -> list[tuple[tuple[int, float, tuple[int, ...]], Prediction, float, float]]:
    """Every free prediction whose counts are the cautious counts of what ``seat`` expects (of each colour and
    figure, the one prediction whose counts are those)."""
    colours, figures, seen, share = expectations(state, seat)
    taken = {p for s, p in state.round.predictions.items() if s != seat}
    choices = []
    for colour in Colour:
        for figure in Figure:
            apart = figures[figure] - (1.0 if DrezCard(figure, colour) in seen else share)
            counts = (cautious(colours[colour]), cautious(apart))
            if 0 in counts:
                continue
            p = Prediction(counts[0], colour, counts[1], figure)
            if p in taken:
                continue
            assert p in PREDICTIONS
            choices.append(((p.colour_count + p.figure_count, round(colours[colour] + apart, 9), p.sort_key()), p, colours[colour], apart))
    return choices


def check_guess(state: Any, view: Any, seat: int, decision: Decision, bot: Bot[Any]) -> None:
    key = decision.reason.key.removeprefix("pokerguess.reason.")
    values = said(decision)
    action = decision.action
    r = state.round
    own = r.predictions.get(seat)
    kinds = {"random_show": Reveal, "show": Reveal, "show_fits": Reveal, "random_fold": GuessFold, "cannot_cover": GuessFold,
             "too_dear": GuessFold, "random_stay": GuessStay, "keep": GuessStay}
    assert isinstance(action, kinds.get(key, Predict)), type(action)
    if key in ("show", "show_fits"):
        cards = r.private[seat]
        belongs = [(c.colour == own.colour) + (c.figure == own.figure) for c in cards]
        assert values["card"] == cards[action.card]
        assert (belongs[action.card] == 0) == (key == "show"), "the card shown belongs to the prediction"
        assert belongs[action.card] == min(belongs), "the card shown gives more away than the other"
        return
    if key == "cannot_cover":
        assert values["need"] == view.to_cover > state.chips[seat]
        return
    if key == "random_predict":
        assert values["prediction"] == action.prediction
        return
    if key.startswith("random"):
        return
    choices = guess_choices(state, seat)
    best = max(choices, key=lambda c: c[0]) if choices else None
    if key == "keep":
        assert best is not None and own == best[1], f"{own} is not the best guess, {best and best[1]} is"
        return
    if key == "too_dear":
        assert values["need"] == view.to_cover > 2 and (best is None or own != best[1])
        return
    prediction = action.prediction
    assert values["prediction"] == prediction
    # the colour and the figure the reason names are those of the prediction made
    assert values["hue"] == prediction.colour and values["kind"] == prediction.figure, (values, prediction)
    if key == "predict_least":
        assert not choices, "a whole count was there to name"
        return
    assert best is not None and prediction == best[1], f"{prediction} is not the largest prediction, {best[1]} is"
    assert close(values["colour"], best[2]) and close(values["figure"], best[3]), (values, best[2:])
    assert prediction.colour_count <= max(1.0, values["colour"]) and prediction.figure_count <= max(1.0, values["figure"])
    same_size = [c for c in choices if c[0][0] == best[0][0]]
    assert (key == "predict") == (len(same_size) == 1)
    if key == "predict_tie":
        assert values["size"] == len(same_size) and all(best[0][1] >= c[0][1] for c in same_size)


def table(game: int) -> tuple[PokerGuessRules, list[str]]:
    """2 to 5 players, one round; every third table all counters."""
    players = 2 + game % 4
    names = ["counter", "random"] if game % 3 else ["counter"]
    return PokerGuessRules(tuple("ABCDEF"[:players]), max_rounds=1), [names[s % len(names)] for s in range(players)]


def hidden(state: Any, seat: int) -> tuple[set[Any], set[Any]]:
    """Hidden from ``seat``: the other players' private cards not shown; seen by everyone: the community
    cards, the cards shown, and every card the last check showed."""
    r = state.round
    secret = {card for other, cards in enumerate(r.private) if other != seat for card in cards}
    public = set(r.community) | {r.private[s][i] for s, i in r.shown.items()}
    if state.results:
        public |= set(state.results[-1].cards)
    own = set(r.private[seat]) if r.private else set()
    return secret, public | own


MUST_SEE = frozenset({"pokerguess.reason.show", "pokerguess.reason.show_fits", "pokerguess.reason.predict",
                      "pokerguess.reason.predict_tie", "pokerguess.reason.keep", "pokerguess.reason.random_predict"})

OPTION_SETS = (
    {"max_rounds": 3},
    {"max_rounds": 4, "starting_chips": 3, "initial_bet": 1, "max_raise": 1, "count_folded_cards": False},
    {"max_rounds": 2, "starting_chips": 24, "initial_bet": 2, "max_raise": 3, "colour_order": "by_number_reversed"},
    {"max_rounds": 6, "starting_chips": 2, "initial_bet": 2, "max_raise": 2},
)


def refusals(state: Any, rng: Any) -> list[Any]:
    """Moves of every kind with random seats, raises, cards and predictions (most refused), chance steps out
    of place, badly dealt cards, and one's own prediction again without a raise."""
    count = state.player_count
    deck = [DrezCard.from_text(t) for t in ("B5", "B8", "P6", "J3", "R2", "P2", "P9", "B9", "J6", "Q2", "N2", "N9")]

    def seat() -> int:
        return int(rng.integers(-1, count + 1))

    def prediction() -> Any:
        return ALL_PREDICTIONS[int(rng.integers(len(ALL_PREDICTIONS)))]

    player = state.current_player()
    found: list[Any] = [
        Predict(seat(), prediction(), int(rng.integers(-1, 6))), Predict(player, prediction(), int(rng.integers(0, 6))),
        Predict(player, "3 red 2 pawns", 0), GuessStay(seat()), GuessFold(seat()), GuessStay(player),
        Reveal(seat(), int(rng.integers(-1, 3))), Reveal(player, 2), Deal(), Check(),
        Deal(tuple((deck[0], deck[1]) for _ in range(count)), tuple(deck[2:7])), Deal(tuple(() for _ in range(count)), tuple(deck[:5])),
        "Anna folds",
    ]
    if player >= 0:
        own = dict(state.view_for(player).predictions).get(player)
        if own is not None:
            found.append(Predict(player, own, 0))
    return found


FACTS = GameFacts(hidden, check_guess, table, MUST_SEE, OPTION_SETS, refusals)
