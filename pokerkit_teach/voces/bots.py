"""Póker a Voces bots. Each sees only its own :class:`VocesView` and the actions open to it, and gives a
one-sentence reason for every decision.

- ``random``: any allowed move: first a kind of move at random (offer, accept, withdraw, place, bet,
  5-coin, fold, stay, pick), then one of that kind.
- ``builder``: a greedy hand builder. It keeps the cards that combine (pairs and better, four of a suit,
  wild cards), offers the others and accepts offers it can answer with cards it does not need; it places
  a hand once it holds two pair or better, or after three moves. It puts the biggest coins and the 5-coin
  on its strongest hands, stays with a pair or better and folds weaker hands for the sure +2.

Trading has no turns: :func:`play_voces_game` lets a randomly chosen player act each time.

>>> from pokerkit_teach.voces.state import VocesRules
>>> state = play_voces_game([make_voces_bot("builder", seed=s) for s in range(3)], VocesRules(("A", "B", "C")), seed=1)
>>> state.is_terminal(), len(state.round_scores)
(True, 3)
"""

from __future__ import annotations

from collections import Counter
from typing import Callable, Sequence

import numpy as np

from pokerkit_teach.core.game import Decision
from pokerkit_teach.core.i18n import ListRow, Msg
from pokerkit_teach.core.rng import SeedLike, make_rng
from pokerkit_teach.voces.cards import AnyVocesCard, Special, SpecialCard, VocesCard
from pokerkit_teach.voces.ranking import WILDS, VocesCategory, VocesHand, rank_voces_hand
from pokerkit_teach.voces.actions import PILES, Accept, Action, Bet, Fold, Offer, Pick, Place, PlaceFive, Stay, Withdraw
from pokerkit_teach.voces.state import SIMULTANEOUS, VocesRules, VocesState, VocesView

__all__ = ["VocesDecision", "VocesBot", "RandomVocesBot", "BuilderBot", "VOCES_BOT_NAMES", "make_voces_bot",
           "play_voces_game", "bot_step"]


VocesDecision = Decision


class VocesBot:
    name = "bot"

    def __init__(self, seed: SeedLike = None) -> None:
        self.rng = make_rng(seed)

    def decide(self, view: VocesView, legal: Sequence[Action]) -> VocesDecision:
        raise NotImplementedError


_KINDS = (Offer, Accept, Withdraw, Place, Bet, PlaceFive, Fold, Stay, Pick)


class RandomVocesBot(VocesBot):
    name = "random"

    def decide(self, view: VocesView, legal: Sequence[Action]) -> VocesDecision:
        if not legal:
            raise ValueError(f"{view.players[view.seat]} has no move now")
        kinds = [k for k in _KINDS if any(isinstance(a, k) for a in legal)]
        kind = kinds[int(self.rng.integers(len(kinds)))]
        options = [a for a in legal if isinstance(a, kind)]
        action = options[int(self.rng.integers(len(options)))]
        return VocesDecision(action, Msg.of("voces.reason.random", move=Msg.of(f"voces.move.{kind.__name__.lower()}")))


def _rank(cards: Sequence[AnyVocesCard]) -> VocesHand:
    """The hand as the bot expects it to rank (Doves counted as wild, a Baboon as worth nothing)."""
    return rank_voces_hand(cards, wild_kinds=WILDS, baboon_valueless=True)


def _keepers(hand: Sequence[AnyVocesCard]) -> list[AnyVocesCard]:
    """The cards that combine: values held twice or more, four or five of one suit, wild cards."""
    numbered = [c for c in hand if isinstance(c, VocesCard)]
    values = Counter(c.value for c in numbered)
    suits = Counter(c.suit for c in numbered)
    keep: list[AnyVocesCard] = [c for c in numbered if values[c.value] >= 2 or suits[c.suit] >= 4]
    keep += [c for c in hand if isinstance(c, SpecialCard) and c.kind in (Special.RACCOON, Special.EMPEROR_PENGUIN)]
    return keep


def _strength(view: VocesView, index: int) -> tuple[int, ...]:
    cards = view.placed[index] if index < len(view.placed) else None
    if cards is None:  # filled blind: unknown, guessed as a weak pair
        return (VocesCategory.PAIR.value, 5)
    hand = _rank(cards)
    return (hand.category.value, *hand.key)


class BuilderBot(VocesBot):
    name = "builder"
    patience = 3

    def __init__(self, seed: SeedLike = None) -> None:
        super().__init__(seed)
        self.moves = 0

    def decide(self, view: VocesView, legal: Sequence[Action]) -> VocesDecision:
        if not legal:
            raise ValueError(f"{view.players[view.seat]} has no move now")
        handlers: dict[str, Callable[[VocesView, Sequence[Action]], VocesDecision]] = {
            "trading": self._trade, "betting": self._bet, "deciding": self._decide, "picking": self._pick,
        }
        return handlers[view.phase](view, legal)

    def _trade(self, view: VocesView, legal: Sequence[Action]) -> VocesDecision:
        seat = view.seat
        hand = list(view.hand)
        self.moves += 1
        ranked = _rank(hand)
        token = len([p for p in view.placed]) + 1
        if ranked.category >= VocesCategory.TWO_PAIR or self.moves > self.patience:
            self.moves = 0
            key = "voces.reason.place_good" if ranked.category >= VocesCategory.TWO_PAIR else "voces.reason.place_patience"
            return VocesDecision(Place(seat), Msg.of(key, token=token, hand=ranked))
        keep = _keepers(hand)
        spare = sorted((c for c in hand if c not in keep), key=lambda c: c.rank if isinstance(c, VocesCard) else 0)
        if view.own_offer:
            return VocesDecision(Withdraw(seat), Msg.of("voces.reason.withdraw"))
        for offerer, count in view.offers:
            if offerer != seat and 0 < count <= len(spare):
                give = tuple(spare[:count])
                return VocesDecision(Accept(seat, offerer, give), Msg.of("voces.reason.accept", offerer=view.players[offerer], cards=ListRow(give)))
        if spare:
            give = tuple(spare[: min(3, len(spare))])
            return VocesDecision(Offer(seat, give), Msg.of("voces.reason.offer", cards=ListRow(give)))
        self.moves = 0
        return VocesDecision(Place(seat), Msg.of("voces.reason.place_good", token=token, hand=ranked))

    def _bet(self, view: VocesView, legal: Sequence[Action]) -> VocesDecision:
        seat = view.seat
        order = sorted((1, 2, 3), key=lambda h: _strength(view, h - 1), reverse=True)
        best = order[0]
        if view.five_on[seat] is None and _strength(view, best - 1)[0] >= VocesCategory.THREE_OF_A_KIND.value:
            return VocesDecision(PlaceFive(seat, best), Msg.of("voces.reason.five", hand=best))
        bets = [a for a in legal if isinstance(a, Bet)]
        if not bets:  # not this player's turn: only the 5-coin was open, and it is kept
            raise ValueError(f"{view.players[seat]} has no coin step now")
        pile = max(a.pile for a in bets)
        coins = sorted(PILES[pile], reverse=True)
        assignment = [0, 0, 0]
        for hand, coin in zip(order, coins):
            assignment[hand - 1] = coin
        action = Bet(seat, pile, (assignment[0], assignment[1], assignment[2]))
        return VocesDecision(action, Msg.of("voces.reason.bet", pile=pile, hand=best))

    def _decide(self, view: VocesView, legal: Sequence[Action]) -> VocesDecision:
        seat = view.seat
        hand = view.hand_in_play or 1
        strength = _strength(view, hand - 1)
        if strength[0] >= VocesCategory.PAIR.value:
            return VocesDecision(Stay(seat), Msg.of("voces.reason.stay", hand=hand))
        return VocesDecision(Fold(seat), Msg.of("voces.reason.fold", hand=hand))

    def _pick(self, view: VocesView, legal: Sequence[Action]) -> VocesDecision:
        hand = view.hand_in_play or 1
        cards = dict(dict(view.revealed).get(hand, ()))[view.seat]  # face up now, even if it was filled blind
        best: tuple[tuple[int, ...], Pick] | None = None
        for action in legal:
            if not isinstance(action, Pick):
                continue
            picks = iter(view.drawn[c - 1] for c in action.choices)
            swapped = [next(picks) if isinstance(c, SpecialCard) and c.kind is Special.BABOON else c for c in cards]
            ranked = _rank(swapped)
            score = (ranked.category.value, *ranked.key)
            if best is None or score > best[0]:
                best = (score, action)
        assert best is not None
        chosen = ListRow(view.drawn[c - 1] for c in best[1].choices)
        return VocesDecision(best[1], Msg.of("voces.reason.pick", cards=chosen))


VOCES_BOT_NAMES = ("random", "builder")


def make_voces_bot(name: str, seed: SeedLike = None) -> VocesBot:
    if name == "random":
        return RandomVocesBot(seed)
    if name == "builder":
        return BuilderBot(seed)
    raise ValueError(f"unknown Póker a Voces bot {name!r}; choose one of {', '.join(VOCES_BOT_NAMES)}")


def bot_step(state: VocesState, bots: Sequence[VocesBot | None], rng: np.random.Generator) -> VocesDecision | None:
    """Let one bot act: while trading a bot chosen at random among those holding cards, otherwise the bot
    whose turn it is. Returns ``None`` when the player to act (or every trader) is not a bot."""
    if state.is_terminal():
        return None
    to_act = state.current_player()
    if to_act == SIMULTANEOUS:
        seats = [s for s, bot in enumerate(bots) if bot is not None and state.hand_of(s)]
        if not seats:
            return None
        seat = seats[int(rng.integers(len(seats)))]
    elif to_act >= 0 and bots[to_act] is not None:
        seat = to_act
    else:
        return None
    bot = bots[seat]
    assert bot is not None
    decision = bot.decide(state.view_for(seat), state.legal_actions(seat))
    state.apply(decision.action)
    return decision


def play_voces_game(bots: Sequence[VocesBot], rules: VocesRules, seed: SeedLike = None, max_actions: int = 100_000) -> VocesState:
    """Play a whole game with a bot in every seat."""
    if len(bots) != rules.player_count:
        raise ValueError(f"{rules.player_count} players need {rules.player_count} bots, got {len(bots)}")
    rng = make_rng(seed)
    state = rules.new_game(seed=rng)
    for _ in range(max_actions):
        if state.is_terminal():
            return state
        bot_step(state, bots, rng)
    raise RuntimeError(f"the game did not end within {max_actions} actions")
