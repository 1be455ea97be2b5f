"""Ranking Póker a Voces hands: five cards from a deck of up to seven suits.

Five of a kind ranks above a straight flush; the 1 is the Ace and ranks highest; 10-J-Q-K-A is the top
straight and, by default, A-2-3-4-5 is no straight (``ace_low_straight=True`` makes it the lowest one).
Ties are broken by the cards that combine first (the three before the pair of a full house), then by
the others from the highest down. Suits never break a tie.

Wild cards (Raccoon, Dove) stand for whatever card makes the hand best, even a card that is already in
the hand; the result says what each stood for. A card with no value (Emperor Penguin, Capybara) fills
a place but counts for nothing: such a hand ranks on its other cards and can make no straight or flush.

>>> hand = rank_voces_hand("Ks1 Ks2 Ks3 Ks4 raccoon")
>>> hand.category.name, hand.describe()
('FIVE_OF_A_KIND', 'five Kings (the Raccoon stands for K●)')
>>> rank_voces_hand("As1 Ks1 Qs1 Js1 10s1") > rank_voces_hand("Ks1 Ks2 Ks3 Ks4 Ks5")
False
>>> rank_voces_hand("Js1 9s2 7s3 6s4 capybara") < rank_voces_hand("As1 Ks2 5s3 3s4 2s1")
True
"""

from __future__ import annotations

import enum
import itertools
from dataclasses import dataclass
from typing import Callable, Sequence

from pokerkit_teach.core.i18n import form, message
from pokerkit_teach.voces.cards import SUIT_COUNT, AnyVocesCard, Special, SpecialCard, VocesCard, parse_voces_cards

__all__ = ["VocesCategory", "VocesHand", "rank_voces_hand", "WILDS", "VALUELESS"]

WILDS = (Special.RACCOON, Special.DOVE)
VALUELESS = (Special.EMPEROR_PENGUIN, Special.CAPYBARA)

_NAMES = {2: "2s", 3: "3s", 4: "4s", 5: "5s", 6: "6s", 7: "7s", 8: "8s", 9: "9s", 10: "10s", 11: "Jacks", 12: "Queens", 13: "Kings", 14: "Aces"}
_SYMBOL = {11: "J", 12: "Q", 13: "K", 14: "A"}


class VocesCategory(enum.IntEnum):
    HIGH_CARD = 1
    PAIR = 2
    TWO_PAIR = 3
    THREE_OF_A_KIND = 4
    STRAIGHT = 5
    FLUSH = 6
    FULL_HOUSE = 7
    FOUR_OF_A_KIND = 8
    STRAIGHT_FLUSH = 9
    FIVE_OF_A_KIND = 10


@dataclass(frozen=True, eq=False)
class VocesHand:
    """A ranked hand. ``key`` orders hands (category first, then the tie-break ranks); ``wilds`` maps each
    wild card to the card it stands for."""

    cards: tuple[AnyVocesCard, ...]
    category: VocesCategory
    key: tuple[int, ...]
    wilds: tuple[tuple[SpecialCard, VocesCard], ...]

    def _cmp(self) -> tuple[int, ...]:
        return (self.category.value, *self.key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, VocesHand) and self._cmp() == other._cmp()

    def __lt__(self, other: "VocesHand") -> bool:
        return self._cmp() < other._cmp()

    def __gt__(self, other: "VocesHand") -> bool:
        return self._cmp() > other._cmp()

    def __le__(self, other: "VocesHand") -> bool:
        return self._cmp() <= other._cmp()

    def __ge__(self, other: "VocesHand") -> bool:
        return self._cmp() >= other._cmp()

    def __hash__(self) -> int:
        return hash(self._cmp())

    def describe(self) -> str:
        """The hand in words (English), with what each wild card stood for."""
        k = self.key
        c = self.category
        texts: dict[VocesCategory, Callable[[], str]] = {
            VocesCategory.FIVE_OF_A_KIND: lambda: f"five {_NAMES[k[0]]}",
            VocesCategory.STRAIGHT_FLUSH: lambda: f"a straight flush to the {_SYMBOL.get(k[0], k[0])}",
            VocesCategory.FOUR_OF_A_KIND: lambda: f"four {_NAMES[k[0]]}",
            VocesCategory.FULL_HOUSE: lambda: f"a full house, {_NAMES[k[0]]} full of {_NAMES[k[1]]}",
            VocesCategory.FLUSH: lambda: "a flush",
            VocesCategory.STRAIGHT: lambda: f"a straight to the {_SYMBOL.get(k[0], k[0])}",
            VocesCategory.THREE_OF_A_KIND: lambda: f"three {_NAMES[k[0]]}",
            VocesCategory.TWO_PAIR: lambda: f"two pair, {_NAMES[k[0]]} and {_NAMES[k[1]]}",
            VocesCategory.PAIR: lambda: f"a pair of {_NAMES[k[0]]}",
            VocesCategory.HIGH_CARD: lambda: f"high card {_SYMBOL.get(k[0], k[0]) if k else 'none'}",
        }
        text = texts[c]()
        if self.wilds:
            parts = ", ".join(f"the {w.kind.localized('en')} stands for {card}" for w, card in self.wilds)
            text += f" ({parts})"
        return text

    def localized(self, lang: str, spec: str = "") -> str:
        """The hand in words in ``lang``, with what each wild card stood for (used in messages).

        >>> rank_voces_hand("Ks1 Ks2 Ks3 Ks4 raccoon").localized("de")
        'fünf Könige (Waschbär als K●)'
        """
        words = [_RankWord(k) for k in self.key[:2]] + [_RankWord(0), _RankWord(0)]
        if self.category is VocesCategory.HIGH_CARD and not self.key:
            text = message("voces.hand.no_card", lang)
        else:
            text = message(f"voces.hand.{self.category.name.lower()}", lang, a=words[0], b=words[1])
        if self.wilds:
            parts = ", ".join(message("voces.hand.wild", lang, wild=w.kind, card=card) for w, card in self.wilds)
            text += f" ({parts})"
        return text


class _RankWord(int):
    """A rank 2-14 that names itself in the message's language (``{a:plural}``, ``{a:name}``)."""

    def localized(self, lang: str, spec: str = "") -> str:
        return form("rank", spec, str(int(self)), lang)


def _straight_top(ranks: Sequence[int], ace_low: bool) -> int:
    values = sorted(set(ranks))
    if len(values) != 5 or len(ranks) != 5:
        return 0
    if values[-1] - values[0] == 4:
        return values[-1]
    if ace_low and values == [2, 3, 4, 5, 14]:
        return 5
    return 0


def _evaluate(ranks: list[int], suits: list[int], ace_low: bool) -> tuple[VocesCategory, tuple[int, ...]]:
    """Category and tie-break key of up to five valued cards (valueless cards are simply absent)."""
    counts: dict[int, int] = {}
    for rank in ranks:
        counts[rank] = counts.get(rank, 0) + 1
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    order = tuple(r for r, _ in groups)
    shape = [n for _, n in groups]
    full = len(ranks) == 5
    flush = full and len(set(suits)) == 1
    top = _straight_top(ranks, ace_low) if full else 0
    if shape and shape[0] == 5:
        return VocesCategory.FIVE_OF_A_KIND, order
    if top and flush:
        return VocesCategory.STRAIGHT_FLUSH, (top,)
    if shape and shape[0] == 4:
        return VocesCategory.FOUR_OF_A_KIND, order
    if shape[:2] == [3, 2]:
        return VocesCategory.FULL_HOUSE, order
    if flush:
        return VocesCategory.FLUSH, tuple(sorted(ranks, reverse=True))
    if top:
        return VocesCategory.STRAIGHT, (top,)
    if shape and shape[0] == 3:
        return VocesCategory.THREE_OF_A_KIND, order
    if shape[:2] == [2, 2]:
        return VocesCategory.TWO_PAIR, order
    if shape and shape[0] == 2:
        return VocesCategory.PAIR, order
    return VocesCategory.HIGH_CARD, tuple(sorted(ranks, reverse=True))


def rank_voces_hand(cards: str | Sequence[AnyVocesCard], ace_low_straight: bool = False,
                    wild_kinds: Sequence[Special] = WILDS, baboon_valueless: bool = False) -> VocesHand:
    """Rank five Póker a Voces cards (text or cards); wilds take their best value, shown in the result.

    A Baboon is swapped for a drawn card before hands are compared, so it cannot be ranked (unless
    ``baboon_valueless``: no card was left to draw for it, and it counts for nothing).
    ``wild_kinds`` lists the special cards that are wild here (a Dove is wild only when another player
    shows one too; otherwise it counts for nothing, like a card without value).
    """
    hand = parse_voces_cards(cards, count=5) if isinstance(cards, str) else tuple(cards)
    if len(hand) != 5:
        raise ValueError(f"a Póker a Voces hand has 5 cards, got {len(hand)}")
    for position, card in enumerate(hand, start=1):
        if isinstance(card, SpecialCard) and card.kind is Special.BABOON and not baboon_valueless:
            raise ValueError(f"card {position} is a Baboon: it is swapped for a drawn card before hands are ranked")
    valued = [c for c in hand if isinstance(c, VocesCard)]
    wilds = [c for c in hand if isinstance(c, SpecialCard) and c.kind in wild_kinds]
    ranks = [c.rank for c in valued]
    suits = [c.suit for c in valued]
    if not wilds:
        category, key = _evaluate(ranks, suits, ace_low_straight)
        return VocesHand(hand, category, key, ())
    # Try every value and a small set of suits for each wild: the suits present (for flushes) and one other.
    suit_options = sorted(set(suits)) or [1]
    extra = next((s for s in range(1, SUIT_COUNT + 1) if s not in suit_options), None)
    if extra is not None:
        suit_options = suit_options + [extra]
    best: tuple[tuple[int, ...], VocesCategory, tuple[int, ...], tuple[VocesCard, ...]] | None = None
    choices = [(value, suit) for value in range(1, 14) for suit in suit_options]
    for picks in itertools.product(choices, repeat=len(wilds)):
        extra_cards = tuple(VocesCard(v, s) for v, s in picks)
        all_ranks = ranks + [c.rank for c in extra_cards]
        all_suits = suits + [c.suit for c in extra_cards]
        complete = len(all_ranks) == 5
        category, key = _evaluate(all_ranks, all_suits if complete else [], ace_low_straight)
        score = (category.value, *key)
        if best is None or score > best[0]:
            best = (score, category, key, extra_cards)
    assert best is not None
    return VocesHand(hand, best[1], best[2], tuple(zip(wilds, best[3])))
