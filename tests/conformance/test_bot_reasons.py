"""A bot's reason is true. Every bot of every game is replayed over many games, and each
reason's claims are checked against the game's state at the moment of the decision: a claimed hand is
the hand the cards make, a claimed chance is the one re-derived here from the state (independently of
the bot's code where the kit allows it), a card said to say little about a prediction belongs to
neither of its groups, a hand said to be knocked out for certain holds two Raccoons or two Doves, and
so on. Each check raises ``AssertionError`` naming the game, the seat and the reason in English.

The quick tier plays 30 games of each kind of table; the slow tier 500 (the issue's figure), spread over
two processes.

Before the bots were mended, these checks failed: the Póker a Voces builder said "Hand 3 holds a pair or better"
of hands filled blind (a high card Ace among them) and placed hands with two Raccoons; the PokerGuess
counter bot showed a card of its predicted figure as one "which says little about my prediction" and
named 1 green card while expecting about 0.5.
"""

from __future__ import annotations

import math
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction
from typing import Any, Callable

import pytest

from pokerkit_teach.core.game import Bot, Decision
from pokerkit_teach.core.i18n import Msg
from pokerkit_teach.core.match import Match
from pokerkit_teach.games.pokerface import GAME as POKERFACE
from pokerkit_teach.games.pokerface.strength import place_probabilities
from pokerkit_teach.games.pokerguess import GAME as POKERGUESS
from pokerkit_teach.games.pokerguess.cards import Colour, DrezCard, Figure, pokerdrez_deck
from pokerkit_teach.games.pokerguess.check import Prediction
from pokerkit_teach.games.pokerguess.actions import ALL_PREDICTIONS, Fold as GuessFold, Predict, Reveal, Stay as GuessStay
from pokerkit_teach.games.pokerguess.rules import PokerGuessRules
from pokerkit_teach.games.voces import GAME as VOCES
from pokerkit_teach.games.voces.actions import Accept, Bet, Fold, Offer, Pick, Place, PlaceFive, Stay, Withdraw
from pokerkit_teach.games.voces.cards import Special, SpecialCard, VocesCard
from pokerkit_teach.games.voces.ranking import VocesCategory, VocesHand, rank_voces_hand
from pokerkit_teach.games.voces.reveal import reveal
from pokerkit_teach.games.voces.rules import VocesRules
from pokerkit_teach.games.voces.state import VocesState

from tests.engine.pokerface.reading_checks import check_move, check_reading

QUICK_GAMES = 30
PREDICTIONS = frozenset(ALL_PREDICTIONS)
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
                self.check(self.state, view, view.seat, decision, self.inner)
            except (AssertionError, KeyError) as error:  # a KeyError: the reason lacks a figure behind its claim
                raise AssertionError(f"{self.inner.name} (seat {view.seat}): {decision.text('en')!r}: {error!r}") from None
        return decision


def said(decision: Decision) -> dict[str, Any]:
    return dict(decision.reason.params)


def close(a: float, b: float) -> bool:
    return abs(a - b) < 1e-9


# ---------------------------------------------------------------------------------------------- Póker a Voces
# The special cards of each game's one round: every kind comes up, alone and in pairs.
VOCES_SPECIALS = (["raccoon"], ["capybara"], ["dove", "baboon"], ["raccoon", "capybara"], ["emperor_penguin", "baboon"],
                  ["dove", "capybara"], ["raccoon", "dove"], [])


def certain(cards: tuple[Any, ...]) -> VocesHand:
    """What five cards are worth for sure before the reveal: a Raccoon wild, Doves and Baboons nothing."""
    return rank_voces_hand(cards, wild_kinds=(Special.RACCOON,), baboon_valueless=True)


def holds(cards: Any, kind: Special) -> int:
    return sum(1 for c in cards if isinstance(c, SpecialCard) and c.kind is kind)


def knocked_out(cards: Any) -> bool:
    return holds(cards, Special.RACCOON) >= 2 or holds(cards, Special.DOVE) >= 2


def fits(card: Any, hand: Any) -> bool:
    """Whether a card combines in the hand as the builder says it builds: a value held twice, four of a
    suit, the only Raccoon or the only Emperor Penguin."""
    if isinstance(card, VocesCard):
        numbered = [c for c in hand if isinstance(c, VocesCard)]
        return sum(c.value == card.value for c in numbered) >= 2 or sum(c.suit == card.suit for c in numbered) >= 4
    return card.kind in (Special.RACCOON, Special.EMPEROR_PENGUIN) and holds(hand, card.kind) == 1


def trading_moves(state: VocesState, seat: int) -> int:
    """The seat's offers, withdrawals and acceptances since its last placed hand (or the deal)."""
    count = 0
    for action in reversed(state.history):
        if type(action).__name__ == "Deal" or (isinstance(action, Place) and action.seat == seat):
            break
        if isinstance(action, (Offer, Withdraw, Accept)) and action.seat == seat:
            count += 1
    return count


def shows_chance(state: VocesState, seat: int, hand: int, kind: Special, odd_with: int | None = None) -> float:
    """The chance that the others still in ``hand`` show a card of ``kind`` (``odd_with``: that their
    number plus ``odd_with`` is odd), their five cards each drawn at random from the cards ``seat`` has
    not seen; computed card by card with fractions, not by the bot's binomial formula."""
    r = state.round
    seen = set(r.hands[seat]) | set(r.drawn)
    for token, cards in enumerate(r.placed[seat], start=1):
        if token not in r.blind[seat]:
            seen |= set(cards)
    for shown in r.revealed.values():
        for cards in shown.values():
            seen |= set(cards)
    pool = [c for c in state.rules.deck(r.number) if c not in seen]
    marked = holds(pool, kind)
    draws = 5 * sum(1 for s in range(state.player_count) if s != seat and hand not in r.folded[s])
    draws = min(draws, len(pool))
    # distribution of the number of marked cards after each draw without replacement
    dist = {0: Fraction(1)}
    for step in range(draws):
        left = len(pool) - step
        nxt: dict[int, Fraction] = {}
        for found, p in dist.items():
            hit = Fraction(marked - found, left)
            nxt[found + 1] = nxt.get(found + 1, Fraction(0)) + p * hit
            nxt[found] = nxt.get(found, Fraction(0)) + p * (1 - hit)
        dist = nxt
    if odd_with is None:
        return float(sum(p for found, p in dist.items() if found >= 1))
    return float(sum(p for found, p in dist.items() if (found + odd_with) % 2 == 1))


def check_voces(state: VocesState, view: Any, seat: int, decision: Decision, bot: Bot[Any]) -> None:
    key = decision.reason.key.removeprefix("voces.reason.")
    values = said(decision)
    action = decision.action
    r = state.round
    if key == "random":
        assert values["move"].key == f"voces.move.{type(action).__name__.lower()}"
        return
    if key.startswith(("place", "offer", "accept", "withdraw")):
        hand = state.hand_of(seat)
        if key == "withdraw":
            assert isinstance(action, Withdraw) and seat in r.offers
            return
        if key.startswith("place"):
            assert isinstance(action, Place) and values["token"] == len(r.placed[seat]) + 1
        if key in ("place_good", "place_patience", "place_fits"):
            assert not knocked_out(hand), "a hand knocked out for certain is placed while trading goes on"
            assert values["hand"] == certain(hand) and values["hand"].category == certain(hand).category, "not the hand held"
        if key == "place_good":
            assert certain(hand).category >= VocesCategory.TWO_PAIR
        if key in ("place_patience", "place_stuck"):
            assert values["moves"] == trading_moves(state, seat), (values["moves"], trading_moves(state, seat))
        if key == "place_patience":
            assert values["moves"] >= 3
        if key == "place_fits":
            assert all(fits(c, hand) for c in hand), "a card that does not fit"
        if key == "place_stuck":
            assert knocked_out(hand) and values["moves"] >= 12 and values["hand"] == certain(hand)
        if key.startswith(("offer", "accept")):
            given = action.cards
            assert isinstance(action, Offer if key.startswith("offer") else Accept) and tuple(values["cards"]) == given
            assert not any(fits(c, hand) for c in given), "gives away a card that fits"
            if key == "accept":
                assert values["offerer"] == state.players[action.offerer] and action.offerer in r.offers
            if knocked_out(hand):  # the second Raccoon or Dove goes first
                assert holds(given, Special.RACCOON) + holds(given, Special.DOVE) >= 1, "keeps what knocks the hand out"
        return
    known = {h: certain(cards) for h, cards in enumerate(r.placed[seat], start=1) if h not in r.blind[seat] and not knocked_out(cards)}
    if key in ("five", "bet"):
        h = values["hand"]
        assert h in known and values["ranked"] == known[h], "not that hand's cards"
        assert all(known[h] >= other for other in known.values()), "not the strongest hand"
        if key == "five":
            assert isinstance(action, PlaceFive) and action.hand == h and known[h].category >= VocesCategory.THREE_OF_A_KIND
        else:
            assert isinstance(action, Bet) and action.coins[h - 1] == max(action.coins) and action.pile == values["pile"] == max(r.piles[seat])
        return
    if key == "bet_blind":
        assert not known and isinstance(action, Bet) and action.coins[values["hand"] - 1] == max(action.coins)
        return
    if key == "pick":
        assert values["outcome"].key == "voces.reason.pick_" + ("lowest" if values["lowest"] else "best")
        check_pick(state, seat, decision, values["lowest"])
        return
    h = values["hand"]
    assert h == r.hand and isinstance(action, Stay if key.startswith("stay") else Fold)
    cards = r.placed[seat][h - 1]
    if key == "fold_blind":
        assert h in r.blind[seat], "a hand the bot has seen said to be filled blind"
        return
    assert h not in r.blind[seat], "a hand filled blind judged as if its cards were known"
    if key == "fold_knocked_out":
        assert knocked_out(cards), "not knocked out for certain"
        assert values["ranked"] == certain(cards)
        return
    assert not knocked_out(cards)
    ranked = certain(cards)
    assert values["ranked"] == ranked and values["ranked"].category == ranked.category, "not the hand's cards"
    capybaras = Special.CAPYBARA in state.rules.specials[r.number - 1]
    raccoon = holds(cards, Special.RACCOON) == 1
    if key in ("stay", "fold"):
        assert not capybaras and not raccoon, "a risk left unsaid"
        assert (ranked.category >= VocesCategory.PAIR) == (key == "stay")
        return
    assert key in ("stay_weighed", "fold_weighed"), key
    good = ranked.category >= VocesCategory.PAIR
    out = shows_chance(state, seat, h, Special.RACCOON) if raccoon else 0.0
    turned = shows_chance(state, seat, h, Special.CAPYBARA, odd_with=holds(cards, Special.CAPYBARA)) if capybaras else 0.0
    low_good = rank_voces_hand(cards, wild_kinds=(Special.RACCOON,), baboon_valueless=True, lowest=True).category is VocesCategory.HIGH_CARD
    factors = {m.key.removeprefix("voces.reason.factor_"): dict(m.params) for m in values["factors"]}
    if raccoon:
        assert close(factors["raccoon"]["chance"], out), (factors["raccoon"]["chance"], out)
    else:
        assert "raccoon" not in factors
    if capybaras:
        assert set(factors) - {"raccoon"} == {"kept_" + ("good" if good else "weak"), "turned_" + ("good" if low_good else "weak")}
        assert close(factors["turned_" + ("good" if low_good else "weak")]["chance"], turned)
        assert close(factors["kept_" + ("good" if good else "weak")]["chance"], 1 - turned)
    else:
        assert set(factors) - {"raccoon"} == {"plain_" + ("good" if good else "weak")}
    chance = (1 - out) * ((1 - turned) * good + turned * low_good)
    assert close(values["chance"], chance), (values["chance"], chance)
    assert (chance >= 0.5) == (key == "stay_weighed")


def check_pick(state: VocesState, seat: int, decision: Decision, low: bool) -> None:
    """The hand the bot says it makes is the best (lowest) any of its allowed picks makes at the reveal."""
    r = state.round
    name = state.players[seat]
    hands = {state.players[s]: r.placed[s][r.hand - 1] for s in range(state.player_count) if r.hand not in r.folded[s]}
    outcomes: list[tuple[Pick, VocesHand, bool]] = []
    for option in state.legal_actions(seat):
        cards = tuple(r.drawn[c - 1] for c in option.choices)
        result = reveal(hands, drawn=r.drawn, picks={name: cards}, repeat_picks=state.rules.baboon_same_card)
        ranked = dict(result.ranked).get(name)
        if ranked is None:
            return  # knocked out by Raccoons or Doves: whatever it picks, the hand is out
        outcomes.append((option, ranked, result.reversed))
    assert all(reversed_ == low for _, _, reversed_ in outcomes), "the direction of the ranking"
    best = (min if low else max)(ranked for _, ranked, _ in outcomes)
    chosen = dict((option, ranked) for option, ranked, _ in outcomes)[decision.action]
    assert said(decision)["ranked"] == chosen == best, "not the best pick"


def play_voces(game: int, seen: dict[str, int]) -> None:
    players = 3 + game % 2
    rules = VocesRules(tuple("ABCDEF"[:players]), specials=VOCES_SPECIALS[game % len(VOCES_SPECIALS)], rounds=1)
    state = rules.new_game(seed=game)
    names = ["builder", "random"] if game % 3 else ["builder"]  # every third table all builders
    bots = [Watched(VOCES.make_bot(names[s % len(names)], 1000 * game + s), state, check_voces, seen) for s in range(players)]
    Match(state, bots, seed=game).play_to_end()


# ---------------------------------------------------------------------------------------------- PokerGuess
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


def play_guess(game: int, seen: dict[str, int]) -> None:
    players = 2 + game % 4
    state = PokerGuessRules(tuple("ABCDEF"[:players]), max_rounds=1).new_game(seed=game)
    names = ["counter", "random"] if game % 3 else ["counter"]
    bots = [Watched(POKERGUESS.make_bot(names[s % len(names)], 1000 * game + s), state, check_guess, seen) for s in range(players)]
    Match(state, bots, seed=game).play_to_end()


# ---------------------------------------------------------------------------------------------- Pokerface
def check_pokerface(state: Any, view: Any, seat: int, decision: Decision, bot: Bot[Any]) -> None:
    if decision.reason.key.startswith("pokerface.reading."):  # the reader's ♠ round: its reading computed again
        check_reading(state, view, seat, decision, bot)
        return
    key = decision.reason.key.removeprefix("pokerface.reason.")
    values = said(decision)
    action = decision.action
    if key == "random":
        assert values["count"] == len(view.legal_actions)
        return
    count = view.player_count
    # the estimator's belief is computed again from the cards; the reader's is its own Monte Carlo sample
    probabilities = (place_probabilities(view.hole, view.board, count) if bot.name == "estimator"
                     else bot.estimate(view).probabilities)
    expected = sum((r + 1) * p for r, p in enumerate(probabilities))
    place = min(count, max(1, round(expected)))
    assert values["place"] == place and values["count"] == count and close(values["percent"], probabilities[place - 1])
    assert values["token"].suit == view.round_suit
    check_move(key, action, values, view, seat, place, probabilities[place - 1] >= 0.5)


def play_pokerface(game: int, seen: dict[str, int]) -> None:
    players = 3  # every bot at each table; larger tables cost the reader more time than they add checks
    state = POKERFACE.new_rules(players).new_game(seed=game)
    names = ("estimator", "reader", "random")
    bots = [Watched(POKERFACE.make_bot(names[(game + s) % 3], 1000 * game + s), state, check_pokerface, seen)
            for s in range(players)]
    Match(state, bots, seed=game).play_to_end()


PLAYS: dict[str, Callable[[int, dict[str, int]], None]] = {"voces": play_voces, "pokerguess": play_guess, "pokerface": play_pokerface}


def play_games(game: str, first: int, count: int) -> dict[str, int]:
    seen: dict[str, int] = {}
    for number in range(first, first + count):
        try:
            PLAYS[game](number, seen)
        except AssertionError as error:
            raise AssertionError(f"{game} game {number}: {error}") from None
    return seen


# The reasons each game's bots must have given in the games played (each check above ran on them).
MUST_SEE = {
    "voces": {"voces.reason.random", "voces.reason.place_good", "voces.reason.place_patience", "voces.reason.offer",
              "voces.reason.accept", "voces.reason.withdraw", "voces.reason.bet", "voces.reason.five", "voces.reason.stay",
              "voces.reason.fold", "voces.reason.fold_blind", "voces.reason.stay_weighed", "voces.reason.fold_weighed",
              "voces.reason.pick", "voces.reason.fold_knocked_out"},
    "pokerguess": {"pokerguess.reason.show", "pokerguess.reason.show_fits", "pokerguess.reason.predict",
                   "pokerguess.reason.predict_tie", "pokerguess.reason.keep", "pokerguess.reason.random_predict"},
    "pokerface": {"pokerface.reason.random", "pokerface.reason.keep", "pokerface.reason.take_middle", "pokerface.reason.take_player",
                  "pokerface.reason.settle_keep", "pokerface.reason.settle_middle", "pokerface.reason.settle_middle_brake",
                  "pokerface.reading.keep", "pokerface.reading.take_middle"},
}


@pytest.mark.parametrize("game", sorted(PLAYS))
def test_every_reason_of_every_bot_is_true_in_30_games(game: str) -> None:
    seen = play_games(game, 0, QUICK_GAMES)
    missing = MUST_SEE[game] - set(seen)
    assert not missing, missing


@pytest.mark.slow
def test_every_reason_of_every_bot_is_true_in_500_games() -> None:
    """500 games of each game, every bot seated in each: about 33 s of CPU, spread over two processes."""
    jobs = [(game, first, SLOW_GAMES // 4) for game in sorted(PLAYS) for first in range(1000, 1000 + SLOW_GAMES, SLOW_GAMES // 4)]
    with ProcessPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(play_games, *zip(*jobs)))
    for game in PLAYS:
        seen: dict[str, int] = {}
        for (name, *_), result in zip(jobs, results):
            if name == game:
                for key, n in result.items():
                    seen[key] = seen.get(key, 0) + n
        assert MUST_SEE[game] <= set(seen), MUST_SEE[game] - set(seen)


def test_the_checks_catch_the_false_reasons_of_issue_18() -> None:
    """The checks are able to fail: the false reasons the issue quotes, given to them, are refused."""
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
    low = Decision(Predict(seat, floored), Msg.of("pokerguess.reason.predict", prediction=floored, colour=colours[scarce], figure=1.0))
    with pytest.raises(AssertionError, match="not the largest prediction"):
        check_guess(guess, guess.view_for(seat), seat, low, counter)


def parse(text: str) -> list[Any]:
    from pokerkit_teach.games.voces.cards import parse_voces_cards
    return list(parse_voces_cards(text))

