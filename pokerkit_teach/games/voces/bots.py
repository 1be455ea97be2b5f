"""Póker a Voces bots. Each sees only its own :class:`~pokerkit_teach.games.voces.state.VocesView` (with the
moves open to it) and gives a one-sentence reason for every decision. A reason is data: the catalogue
key says what the bot claims, its values are the very figures the decision was made from (the hand as
the bot ranked it, the chances it computed), and the text comes from the catalogue from those values.

- ``random``: any allowed move: first a kind of move at random (offer, accept, withdraw, place, bet,
  5-coin, fold, stay, pick), then one of that kind.
- ``builder``: a greedy hand builder. It judges a hand by what is certain: a Raccoon is wild, a Dove
  counts for nothing (it is wild only if another player shows one), a Baboon for nothing (the card it
  is swapped for can only help). It keeps the cards that combine (pairs and better, four of a suit, one
  Raccoon, one Emperor Penguin), offers the others and accepts offers it can answer with cards it does
  not need. Two Raccoons or two Doves in one hand knock that hand out at the reveal, so the bot offers
  the second one first and never places such a hand while it can still trade (only after
  :attr:`VocesBuilderBot.stuck` trading moves in a row without getting rid of it). It places a hand once it
  holds two pair or better, or after :attr:`VocesBuilderBot.patience` trading moves. It puts the biggest
  coins and the 5-coin on its strongest hands. Before each reveal it folds a hand filled blind (it has
  not seen its cards) or knocked out for certain, and otherwise stays with a pair or better; when its
  hand holds a Raccoon or Capybaras are in the round it weighs the chance that another player's Raccoon
  knocks the hand out and the chance that an odd number of Capybaras turns the ranking over (the
  others' cards taken as drawn at random from the cards it has not seen), and stays if the chance that
  its hand is good when revealed is at least one half.

Trading has no turns: a :class:`~pokerkit_teach.core.match.Match` lets a randomly chosen player act each
time.

>>> from pokerkit_teach.core.match import Match
>>> from pokerkit_teach.games.voces.rules import VocesRules
>>> state = VocesRules(("A", "B", "C")).new_game(seed=1)
>>> state = Match(state, [VocesBuilderBot(seed=s) for s in range(3)], seed=1).play_to_end()
>>> state.is_terminal(), len(state.round_scores)
(True, 3)
"""

from __future__ import annotations

from collections import Counter
from math import comb
from typing import Callable, Iterable, Sequence

from pokerkit_teach.core.game import Bot, Decision
from pokerkit_teach.core.i18n import Items, ListRow, Msg
from pokerkit_teach.core.rng import SeedLike
from pokerkit_teach.games.voces.cards import AnyVocesCard, Special, SpecialCard, VocesCard, voces_deck
from pokerkit_teach.games.voces.ranking import WILDS, VocesCategory, VocesHand, rank_voces_hand
from pokerkit_teach.games.voces.actions import PILES, Accept, Bet, Fold, Offer, Pick, Place, PlaceFive, Stay, Withdraw
from pokerkit_teach.games.voces.actions import VocesPhase
from pokerkit_teach.games.voces.view import VocesView

__all__ = ["VocesRandomBot", "VocesBuilderBot", "BOTS", "DEFAULT_BOT", "knocked_out_by", "chance_others_show",
           "unseen_cards"]


_KINDS = (Offer, Accept, Withdraw, Place, Bet, PlaceFive, Fold, Stay, Pick)
# the wild cards the builder counts on before the reveal: a Dove is wild only if another player shows one
SURE_WILDS = (Special.RACCOON,)


class VocesRandomBot(Bot[VocesView]):
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


def _rank(cards: Sequence[AnyVocesCard], lowest: bool = False, wild_kinds: Sequence[Special] = SURE_WILDS) -> VocesHand:
    """The hand as the bot can count on it (a Raccoon wild, Doves and Baboons worth nothing unless told
    otherwise; wilds as low as they go when ``lowest``: the Capybaras turn the ranking over)."""
    return rank_voces_hand(cards, wild_kinds=wild_kinds, baboon_valueless=True, lowest=lowest)


def _held(cards: Iterable[AnyVocesCard], kind: Special) -> int:
    return sum(1 for c in cards if isinstance(c, SpecialCard) and c.kind is kind)


def knocked_out_by(cards: Sequence[AnyVocesCard]) -> Special | None:
    """The special card that knocks these five cards out at the reveal whatever the others show (two
    Raccoons or two Doves in one hand), or ``None``.

    >>> from pokerkit_teach.games.voces.cards import parse_voces_cards
    >>> knocked_out_by(parse_voces_cards("As1 As2 As3 raccoon raccoon#2"))
    Special.RACCOON
    >>> knocked_out_by(parse_voces_cards("As1 As2 As3 raccoon dove")) is None
    True
    """
    for kind in (Special.RACCOON, Special.DOVE):
        if _held(cards, kind) >= 2:
            return kind
    return None


def _keepers(hand: Sequence[AnyVocesCard]) -> list[AnyVocesCard]:
    """The cards that combine: values held twice or more, four or five of one suit, one Raccoon (a second
    one would knock the hand out) and one Emperor Penguin (+10 if the hand wins)."""
    numbered = [c for c in hand if isinstance(c, VocesCard)]
    values = Counter(c.value for c in numbered)
    suits = Counter(c.suit for c in numbered)
    keep: list[AnyVocesCard] = [c for c in numbered if values[c.value] >= 2 or suits[c.suit] >= 4]
    for kind in (Special.RACCOON, Special.EMPEROR_PENGUIN):
        keep += [c for c in hand if isinstance(c, SpecialCard) and c.kind is kind][:1]
    return keep


def _spare(hand: Sequence[AnyVocesCard]) -> list[AnyVocesCard]:
    """The cards the builder gives away, first those that would knock the hand out (a second Raccoon or
    Dove), then the other special cards, then the numbered cards from the lowest up."""
    keep = _keepers(hand)
    doves = [c for c in hand if isinstance(c, SpecialCard) and c.kind is Special.DOVE]
    def order(card: AnyVocesCard) -> tuple[int, int]:
        if isinstance(card, SpecialCard):
            urgent = card.kind is Special.RACCOON or (card.kind is Special.DOVE and len(doves) >= 2)
            return (0 if urgent else 1, 0)
        return (2, card.rank)
    return sorted((c for c in hand if c not in keep), key=order)


def unseen_cards(view: VocesView) -> list[AnyVocesCard]:
    """The cards of the round's deck this player has not seen in its own hands, the hands revealed so far
    or the cards drawn for the Baboons: where the others' cards come from, as far as it knows (every card
    of the deck is one of a kind: special cards carry their copy number)."""
    seen = set(view.hand) | set(view.drawn)
    for cards in view.placed:
        seen.update(cards or ())
    for _, shown in view.revealed:
        for _, cards in shown:
            seen.update(cards)
    return [card for card in voces_deck(len(view.players), view.specials) if card not in seen]


def chance_others_show(view: VocesView, kind: Special, hand: int, odd_with: int | None = None) -> float:
    """The chance that the other players still in ``hand`` reveal at least one card of ``kind`` (with
    ``odd_with``: that their number plus ``odd_with`` is odd), their cards taken as five cards each drawn
    at random from :func:`unseen_cards` (a player who has not decided yet is counted as staying in)."""
    pool = unseen_cards(view)
    others = sum(1 for s in range(len(view.players)) if s != view.seat and hand not in view.folded[s])
    drawn, size, marked = 5 * others, len(pool), _held(pool, kind)
    if drawn > size:
        drawn = size
    chance = 0.0
    total = comb(size, drawn)
    for found in range(0, min(marked, drawn) + 1):
        if odd_with is None and found == 0:
            continue
        if odd_with is not None and (found + odd_with) % 2 == 0:
            continue
        chance += comb(marked, found) * comb(size - marked, drawn - found) / total
    return chance


class VocesBuilderBot(Bot[VocesView]):
    """A greedy hand builder (see the module's description)."""

    game = "voces"
    name = "builder"
    patience = 3  # trading moves before a hand that is not two pair yet is placed as it is
    stuck = 12  # trading moves before a hand knocked out for certain is placed all the same

    def __init__(self, seed: SeedLike = None) -> None:
        super().__init__(seed)
        self.moves = 0
        self._building: tuple[int, int] | None = None

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
        building = (view.round, len(view.placed))
        if building != self._building:  # a new hand to build: count its trading moves from zero
            self._building, self.moves = building, 0
        moves = self.moves  # trading moves made on this hand so far
        ranked = _rank(hand)
        token = len(view.placed) + 1
        doomed = knocked_out_by(hand)
        if doomed is None and ranked.category >= VocesCategory.TWO_PAIR:
            return Decision(Place(seat), Msg.of("voces.reason.place_good", token=token, hand=ranked))
        if doomed is None and moves >= self.patience:
            return Decision(Place(seat), Msg.of("voces.reason.place_patience", token=token, hand=ranked, moves=moves))
        if doomed is not None and moves >= self.stuck:
            return Decision(Place(seat), Msg.of("voces.reason.place_stuck", token=token, moves=moves, hand=ranked))
        spare = _spare(hand)
        if not spare:  # every card combines: nothing to offer (a hand knocked out always has a spare card)
            return Decision(Place(seat), Msg.of("voces.reason.place_fits", token=token, hand=ranked))
        self.moves += 1
        if view.own_offer:
            return Decision(Withdraw(seat), Msg.of("voces.reason.withdraw"))
        # the reason names no special card: the others hear it (without the cards), and what one trades is
        # not said out loud; the bot's own view shows the cards, the extra Raccoon or Dove among them
        for offerer, count in view.offers:
            if offerer != seat and 0 < count <= len(spare):
                give = tuple(spare[:count])
                accept = Accept(seat, offerer, give)  # its cards in the kit's one order, as the reason names them
                return Decision(accept, Msg.of("voces.reason.accept", offerer=view.players[offerer], cards=ListRow(accept.cards)))
        give = tuple(spare[: min(3, len(spare))])
        offer = Offer(seat, give)
        return Decision(offer, Msg.of("voces.reason.offer", cards=ListRow(offer.cards)))

    @staticmethod
    def _judged(view: VocesView, index: int) -> VocesHand | None:
        """The hand under token ``index + 1`` as the bot counts on it; ``None`` if it was filled blind (its
        cards unseen) or is knocked out for certain."""
        cards = view.placed[index] if index < len(view.placed) else None
        if cards is None or knocked_out_by(cards) is not None:
            return None
        return _rank(cards)

    def _order(self, view: VocesView) -> list[tuple[int, VocesHand | None]]:
        """The three hands from the strongest down; hands filled blind or knocked out for certain last."""
        judged = [(h, self._judged(view, h - 1)) for h in (1, 2, 3)]
        return sorted(judged, key=lambda item: (item[1] is not None, (item[1].category, *item[1].key) if item[1] else ()),
                      reverse=True)

    def _bet(self, view: VocesView) -> Decision | None:
        seat = view.seat
        order = self._order(view)
        best, ranked = order[0]
        if view.five_on[seat] is None and ranked is not None and ranked.category >= VocesCategory.THREE_OF_A_KIND:
            return Decision(PlaceFive(seat, best), Msg.of("voces.reason.five", hand=best, ranked=ranked))
        bets = [a for a in view.legal_actions if isinstance(a, Bet)]
        if not bets:  # not this player's turn: only the 5-coin was open, and it is kept
            return None
        pile = max(a.pile for a in bets)
        coins = sorted(PILES[pile], reverse=True)
        assignment = [0, 0, 0]
        for (hand, _), coin in zip(order, coins):
            assignment[hand - 1] = coin
        action = Bet(seat, pile, (assignment[0], assignment[1], assignment[2]))
        if ranked is None:  # every hand filled blind or knocked out for certain
            return Decision(action, Msg.of("voces.reason.bet_blind", pile=pile, hand=best))
        return Decision(action, Msg.of("voces.reason.bet", pile=pile, hand=best, ranked=ranked))

    def _decide(self, view: VocesView) -> Decision:
        seat = view.seat
        hand = view.hand_in_play or 1
        cards = view.placed[hand - 1] if hand - 1 < len(view.placed) else None
        if cards is None:
            return Decision(Fold(seat), Msg.of("voces.reason.fold_blind", hand=hand))
        ranked = _rank(cards)
        if knocked_out_by(cards) is not None:
            return Decision(Fold(seat), Msg.of("voces.reason.fold_knocked_out", hand=hand, ranked=ranked))
        good = ranked.category >= VocesCategory.PAIR
        capybaras = Special.CAPYBARA in view.specials
        raccoon = _held(cards, Special.RACCOON) == 1
        if not capybaras and not raccoon:
            if good:
                return Decision(Stay(seat), Msg.of("voces.reason.stay", hand=hand, ranked=ranked))
            return Decision(Fold(seat), Msg.of("voces.reason.fold", hand=hand, ranked=ranked))
        # the chance that the hand is good when revealed: not knocked out by another Raccoon, and good in
        # the order the Capybaras leave (the lowest hand wins after an odd number of them)
        factors: list[Msg] = []
        out = chance_others_show(view, Special.RACCOON, hand) if raccoon else 0.0
        turned = 0.0
        good_low = False
        if capybaras:
            turned = chance_others_show(view, Special.CAPYBARA, hand, odd_with=_held(cards, Special.CAPYBARA))
            low = _rank(cards, lowest=True)
            good_low = low.category is VocesCategory.HIGH_CARD
            factors.append(Msg.of("voces.reason.factor_kept_" + ("good" if good else "weak"), chance=1 - turned))
            factors.append(Msg.of("voces.reason.factor_turned_" + ("good" if good_low else "weak"), chance=turned, low=low))
        else:
            factors.append(Msg.of("voces.reason.factor_plain_" + ("good" if good else "weak")))
        if raccoon:
            factors.append(Msg.of("voces.reason.factor_raccoon", chance=out))
        chance = (1 - out) * ((1 - turned) * good + turned * good_low)
        key = "voces.reason.stay_weighed" if chance >= 0.5 else "voces.reason.fold_weighed"
        return Decision(Stay(seat) if chance >= 0.5 else Fold(seat),
                        Msg.of(key, hand=hand, ranked=ranked, factors=Items(factors), chance=chance))

    def _pick(self, view: VocesView) -> Decision:
        hand = view.hand_in_play or 1
        shown = dict(dict(view.revealed).get(hand, ()))
        cards = shown[view.seat]  # face up now, even if it was filled blind
        # an odd number of Capybaras among the hands shown turns the ranking over: then the lowest hand wins
        lowest = sum(isinstance(c, SpecialCard) and c.kind is Special.CAPYBARA for h in shown.values() for c in h) % 2 == 1
        # the hands are face up: a Dove is wild only if another player shows one
        dove = any(isinstance(c, SpecialCard) and c.kind is Special.DOVE for s, h in shown.items() if s != view.seat for c in h)
        wilds = WILDS if dove else (Special.RACCOON,)
        best: tuple[VocesHand, Pick] | None = None
        for action in view.legal_actions:
            if not isinstance(action, Pick):
                continue
            picks = iter(view.drawn[c - 1] for c in action.choices)
            swapped = [next(picks, c) if isinstance(c, SpecialCard) and c.kind is Special.BABOON else c for c in cards]
            ranked = _rank(swapped, lowest, wilds)
            if best is None or (ranked < best[0] if lowest else ranked > best[0]):
                best = (ranked, action)
        assert best is not None
        chosen = ListRow(view.drawn[c - 1] for c in best[1].choices)
        # one key for both directions: the drawn cards lie face up, so the others hear this reason whole
        outcome = Msg.of("voces.reason.pick_lowest" if lowest else "voces.reason.pick_best", ranked=best[0])
        return Decision(best[1], Msg.of("voces.reason.pick", cards=chosen, outcome=outcome, ranked=best[0], lowest=lowest))


BOTS: dict[str, type[Bot[VocesView]]] = {"random": VocesRandomBot, "builder": VocesBuilderBot}
DEFAULT_BOT = "builder"

