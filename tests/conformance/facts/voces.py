"""Póker a Voces's facts for the conformance tests: its bots' reasons checked against the state, the tables
they are checked at, and which cards a seat may not see.
"""

from __future__ import annotations

import itertools

from fractions import Fraction
from typing import Any


from pokerkit_teach.core.game import Bot, Decision
from pokerkit_teach.games.voces.actions import Accept, Bet, Fold, Offer, Pick, Place, PlaceFive, Stay, Withdraw
from pokerkit_teach.games.voces.cards import Special, SpecialCard, VocesCard
from pokerkit_teach.games.voces.ranking import VocesCategory, VocesHand, rank_voces_hand
from pokerkit_teach.games.voces.reveal import reveal
from pokerkit_teach.games.voces.rules import VocesRules
from pokerkit_teach.games.voces.state import VocesState


from pokerkit_teach.games.voces.actions import Deal, DrawForBaboons, Resolve
from tests.conformance.facts import GameFacts
from tests.conformance.facts.common import close, said
from pokerkit_teach.games.voces.actions import VocesPhase


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


def table(game: int) -> tuple[VocesRules, list[str]]:
    """3 or 4 players, one round, the special cards of the round taken in turn; every third table all builders."""
    players = 3 + game % 2
    rules = VocesRules(tuple("ABCDEF"[:players]), specials=VOCES_SPECIALS[game % len(VOCES_SPECIALS)], rounds=1)
    names = ["builder", "random"] if game % 3 else ["builder"]
    return rules, [names[s % len(names)] for s in range(players)]


def hidden(state: VocesState, seat: int) -> tuple[set[Any], set[Any]]:
    """Hidden from ``seat``: the other players' cards in hand, on offer and placed (until a reveal shows
    them) and the deck; seen by everyone: the hands revealed, the hands face up while Baboons are swapped,
    and the cards drawn for them."""
    r = state.round
    secret: set[Any] = set(r.deck)
    for other in range(state.player_count):
        if other != seat:
            secret |= set(state.hand_of(other)) | set(r.offers.get(other, ()))
            secret |= {card for hand in (r.placed[other] if r.placed else ()) for card in hand}
    public = {card for shown in r.revealed.values() for hand in shown.values() for card in hand} | set(r.drawn)
    if r.phase is VocesPhase.PICKING:
        public |= {card for s in range(state.player_count) if r.placed and len(r.placed[s]) >= r.hand
                   and r.hand not in r.folded[s] for card in r.placed[s][r.hand - 1]}
    own = set(state.hand_of(seat)) | set(r.offers.get(seat, ())) | {c for hand in (r.placed[seat] if r.placed else ()) for c in hand}
    return secret, public | own


MUST_SEE = frozenset({
    "voces.reason.random", "voces.reason.place_good", "voces.reason.place_patience", "voces.reason.offer", "voces.reason.accept",
    "voces.reason.withdraw", "voces.reason.bet", "voces.reason.five", "voces.reason.stay", "voces.reason.fold",
    "voces.reason.fold_blind", "voces.reason.stay_weighed", "voces.reason.fold_weighed", "voces.reason.pick",
    "voces.reason.fold_knocked_out"})

SPECIAL_CHOICES = [[]] + [[s.value] for s in Special] + [[a.value, b.value] for a, b in itertools.combinations(Special, 2)]
OPTION_SETS = tuple(
    {"rounds": 1 + n % 2, "specials": SPECIAL_CHOICES[n % len(SPECIAL_CHOICES)], "ace_low_straight": n % 3 == 0,
     "tie_rule": ("shared", "nobody")[n % 2], "fold_timing": ("each_hand", "at_betting")[n // 2 % 2],
     "unused_five_scores": n % 4 != 1, "baboon_same_card": n % 5 == 2, "placed_hidden": n % 3 != 1}
    for n in range(len(SPECIAL_CHOICES))
)


def refusals(state: VocesState, rng: Any) -> list[Any]:
    """Moves of every kind, with random (often wrong) seats, cards, piles, coins and picks, and each chance step."""
    n = state.player_count
    deck = state.rules.deck(state.round.number)
    found: list[Any] = ["stay", Resolve(), DrawForBaboons()]
    for _ in range(4):
        seat = int(rng.integers(-1, n + 1))
        cards = tuple(deck[int(i)] for i in rng.choice(len(deck), size=int(rng.integers(0, 4)), replace=False))
        found += [Offer(seat, cards), Accept(seat, int(rng.integers(-1, n + 1)), cards), Withdraw(seat), Place(seat),
                  Bet(seat, int(rng.integers(0, 5)), tuple(int(c) for c in rng.integers(0, 3, size=3))),
                  PlaceFive(seat, int(rng.integers(0, 5))), Fold(seat), Stay(seat),
                  Pick(seat, tuple(int(c) for c in rng.integers(0, 5, size=int(rng.integers(0, 3))))),
                  Deal(tuple(deck[:-1]) if rng.random() < 0.5 else None), DrawForBaboons(cards[:3] or None)]
    return found


FACTS = GameFacts(hidden, check_voces, table, MUST_SEE, OPTION_SETS, refusals)
