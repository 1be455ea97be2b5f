"""Póker a Voces bots. Each sees only its own :class:`~pokerkit_teach.voces.state.VocesView` (with the
moves open to it) and gives a one-sentence reason for every decision.

- ``random``: any allowed move: first a kind of move at random (offer, accept, withdraw, place, bet,
  5-coin, fold, stay, pick), then one of that kind.
- ``builder``: a greedy hand builder. It keeps the cards that combine (pairs and better, four of a suit,
  wild cards), offers the others and accepts offers it can answer with cards it does not need; it places
  a hand once it holds two pair or better, or after three moves. It puts the biggest coins and the 5-coin
  on its strongest hands, stays with a pair or better and folds weaker hands for the sure +2.

Trading has no turns: a :class:`~pokerkit_teach.core.match.Match` lets a randomly chosen player act each
time.

>>> from pokerkit_teach.core.match import Match
>>> from pokerkit_teach.voces.state import VocesRules
>>> state = VocesRules(("A", "B", "C")).new_game(seed=1)
>>> state = Match(state, [BuilderBot(seed=s) for s in range(3)], seed=1).play_to_end()
>>> state.is_terminal(), len(state.round_scores)
(True, 3)
"""

from __future__ import annotations

from collections import Counter
from typing import Callable, Sequence

from pokerkit_teach.core.errors import OptionError
from pokerkit_teach.core.game import Bot, Decision
from pokerkit_teach.core.i18n import ListRow, Msg
from pokerkit_teach.core.rng import SeedLike
from pokerkit_teach.voces.cards import AnyVocesCard, Special, SpecialCard, VocesCard
from pokerkit_teach.voces.ranking import WILDS, VocesCategory, VocesHand, rank_voces_hand
from pokerkit_teach.voces.actions import PILES, Accept, Bet, Fold, Offer, Pick, Place, PlaceFive, Stay, Withdraw
from pokerkit_teach.voces.state import VocesPhase, VocesView

__all__ = ["RandomVocesBot", "BuilderBot", "BOT_NAMES", "DEFAULT_BOT", "make_bot"]


_KINDS = (Offer, Accept, Withdraw, Place, Bet, PlaceFive, Fold, Stay, Pick)


class RandomVocesBot(Bot[VocesView]):
    """Any allowed move: a kind of move at random, then one of that kind."""

    game = "voces"
    name = "random"

    def decide(self, view: VocesView) -> Decision | None:
        legal = view.legal_actions
        if not legal:
            return None
        kinds = [k for k in _KINDS if any(isinstance(a, k) for a in legal)]
        kind = kinds[int(self.rng.integers(len(kinds)))]
        options = [a for a in legal if isinstance(a, kind)]
        action = options[int(self.rng.integers(len(options)))]
        return Decision(action, Msg.of("voces.reason.random", move=Msg.of(f"voces.move.{kind.__name__.lower()}")))


def _rank(cards: Sequence[AnyVocesCard], lowest: bool = False, wild_kinds: Sequence[Special] = WILDS) -> VocesHand:
    """The hand as the bot expects it to rank (Doves counted as wild unless known otherwise, a Baboon as
    worth nothing; wilds as low as they go when ``lowest``: the Capybaras turn the ranking over)."""
    return rank_voces_hand(cards, wild_kinds=wild_kinds, baboon_valueless=True, lowest=lowest)


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


class BuilderBot(Bot[VocesView]):
    """A greedy hand builder (see the module's description)."""

    game = "voces"
    name = "builder"
    patience = 3

    def __init__(self, seed: SeedLike = None) -> None:
        super().__init__(seed)
        self.moves = 0

    def decide(self, view: VocesView) -> Decision | None:
        if not view.legal_actions:
            return None
        handlers: dict[VocesPhase, Callable[[VocesView], Decision | None]] = {
            VocesPhase.TRADING: self._trade, VocesPhase.BETTING: self._bet, VocesPhase.DECIDING: self._decide,
            VocesPhase.PICKING: self._pick,
        }
        handler = handlers.get(view.phase)
        return handler(view) if handler else None

    def _trade(self, view: VocesView) -> Decision:
        seat = view.seat
        hand = list(view.hand)
        self.moves += 1
        ranked = _rank(hand)
        token = len([p for p in view.placed]) + 1
        if ranked.category >= VocesCategory.TWO_PAIR or self.moves > self.patience:
            self.moves = 0
            key = "voces.reason.place_good" if ranked.category >= VocesCategory.TWO_PAIR else "voces.reason.place_patience"
            return Decision(Place(seat), Msg.of(key, token=token, hand=ranked))
        keep = _keepers(hand)
        spare = sorted((c for c in hand if c not in keep), key=lambda c: c.rank if isinstance(c, VocesCard) else 0)
        if view.own_offer:
            return Decision(Withdraw(seat), Msg.of("voces.reason.withdraw"))
        for offerer, count in view.offers:
            if offerer != seat and 0 < count <= len(spare):
                give = tuple(spare[:count])
                return Decision(Accept(seat, offerer, give), Msg.of("voces.reason.accept", offerer=view.players[offerer], cards=ListRow(give)))
        if spare:
            give = tuple(spare[: min(3, len(spare))])
            return Decision(Offer(seat, give), Msg.of("voces.reason.offer", cards=ListRow(give)))
        self.moves = 0
        return Decision(Place(seat), Msg.of("voces.reason.place_good", token=token, hand=ranked))

    def _bet(self, view: VocesView) -> Decision | None:
        seat = view.seat
        order = sorted((1, 2, 3), key=lambda h: _strength(view, h - 1), reverse=True)
        best = order[0]
        if view.five_on[seat] is None and _strength(view, best - 1)[0] >= VocesCategory.THREE_OF_A_KIND.value:
            return Decision(PlaceFive(seat, best), Msg.of("voces.reason.five", hand=best))
        bets = [a for a in view.legal_actions if isinstance(a, Bet)]
        if not bets:  # not this player's turn: only the 5-coin was open, and it is kept
            return None
        pile = max(a.pile for a in bets)
        coins = sorted(PILES[pile], reverse=True)
        assignment = [0, 0, 0]
        for hand, coin in zip(order, coins):
            assignment[hand - 1] = coin
        action = Bet(seat, pile, (assignment[0], assignment[1], assignment[2]))
        return Decision(action, Msg.of("voces.reason.bet", pile=pile, hand=best))

    def _decide(self, view: VocesView) -> Decision:
        seat = view.seat
        hand = view.hand_in_play or 1
        strength = _strength(view, hand - 1)
        if strength[0] >= VocesCategory.PAIR.value:
            return Decision(Stay(seat), Msg.of("voces.reason.stay", hand=hand))
        return Decision(Fold(seat), Msg.of("voces.reason.fold", hand=hand))

    def _pick(self, view: VocesView) -> Decision:
        hand = view.hand_in_play or 1
        shown = dict(dict(view.revealed).get(hand, ()))
        cards = shown[view.seat]  # face up now, even if it was filled blind
        # an odd number of Capybaras among the hands shown turns the ranking over: then the lowest hand wins
        lowest = sum(isinstance(c, SpecialCard) and c.kind is Special.CAPYBARA for h in shown.values() for c in h) % 2 == 1
        # the hands are face up: a Dove is wild only if another player shows one
        dove = any(isinstance(c, SpecialCard) and c.kind is Special.DOVE for s, h in shown.items() if s != view.seat for c in h)
        wilds = WILDS if dove else (Special.RACCOON,)
        best: tuple[tuple[int, ...], Pick] | None = None
        for action in view.legal_actions:
            if not isinstance(action, Pick):
                continue
            picks = iter(view.drawn[c - 1] for c in action.choices)
            swapped = [next(picks, c) if isinstance(c, SpecialCard) and c.kind is Special.BABOON else c for c in cards]
            ranked = _rank(swapped, lowest, wilds)
            score = (ranked.category.value, *ranked.key)
            if best is None or (score < best[0] if lowest else score > best[0]):
                best = (score, action)
        assert best is not None
        chosen = ListRow(view.drawn[c - 1] for c in best[1].choices)
        return Decision(best[1], Msg.of("voces.reason.pick", cards=chosen))


BOTS: dict[str, type[Bot[VocesView]]] = {"random": RandomVocesBot, "builder": BuilderBot}
BOT_NAMES = tuple(BOTS)
DEFAULT_BOT = "builder"


def make_bot(name: str, seed: SeedLike = None) -> Bot[VocesView]:
    """A bot by name (``random`` or ``builder``); another name raises :class:`OptionError` for ``bots``."""
    if name not in BOTS:
        raise OptionError("bots", Msg.of("errors.expected.bot", names=", ".join(BOT_NAMES)), name)
    return BOTS[name](seed)
