"""Ranking Póker a Voces hands: five cards from a deck of up to seven suits.

Five of a kind ranks above a straight flush; the 1 is the Ace and ranks highest; 10-J-Q-K-A is the top
straight and, by default, A-2-3-4-5 is no straight (``ace_low_straight=True`` makes it the lowest one).
Ties are broken by the cards that combine first (the three before the pair of a full house), then by
the others from the highest down. Suits never break a tie.

Wild cards (Raccoon, Dove) stand for whatever card makes the hand best, even a card that is already in
the hand; the result says what each stood for. A card with no value (Emperor Penguin, Capybara) fills
a place but counts for nothing: such a hand ranks on its other cards and can make no straight or flush.

>>> hand = rank_voces_hand("Ks1 Ks2 Ks3 Ks4 raccoon")
>>> hand.category.name, hand.describe(), hand.describe("de")
('FIVE_OF_A_KIND', 'five Kings (the Raccoon stands for K●)', 'fünf Könige (der Waschbär steht für K●)')
>>> rank_voces_hand("As1 Ks1 Qs1 Js1 10s1") > rank_voces_hand("Ks1 Ks2 Ks3 Ks4 Ks5")
False
>>> rank_voces_hand("Js1 9s2 7s3 6s4 capybara") < rank_voces_hand("As1 Ks2 5s3 3s4 2s1")
True
"""

from __future__ import annotations

import enum
import itertools
from dataclasses import dataclass
from collections import Counter
from typing import Iterable, Sequence

from pokerkit_teach.core.errors import CardCountError, InputError
from pokerkit_teach.core.i18n import DEFAULT_LANGUAGE, Msg, catalogue, form, message
from pokerkit_teach.games.voces.cards import SUIT_COUNT, AnyVocesCard, Special, SpecialCard, VocesCard, parse_voces_cards

__all__ = ["VocesCategory", "VocesHand", "rank_voces_hand", "compare_reason", "WILDS", "VALUELESS"]

WILDS = (Special.RACCOON, Special.DOVE)
VALUELESS = (Special.EMPEROR_PENGUIN, Special.CAPYBARA)



class VocesCategory(enum.IntEnum):
    """The hand categories, lowest first; ``{category:a}`` names one with its article in a message."""

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

    def localized(self, lang: str, spec: str = "") -> str:
        return message(f"voces.category.{spec or 'a'}.{self.name.lower()}", lang)


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

    def describe(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The hand in words in ``lang``, with what each wild card stands for: the one describer of a
        Póker a Voces hand (the engine's log, the apps and the command line all use it).

        >>> rank_voces_hand("Ks1 Ks2 Ks3 Ks4 raccoon").describe("de")
        'fünf Könige (der Waschbär steht für K●)'
        >>> rank_voces_hand("Js1 9s2 7s3 6s4 capybara").describe()
        'high card Jack'
        """
        main = self.main()
        text = message(main.key, lang, **dict(main.params))
        if self.wilds:
            parts = ", ".join(message("voces.hand.wild", lang, wild=w.kind, card=card) for w, card in self.wilds)
            text += f" ({parts})"
        return text

    def main(self) -> Msg:
        """The category and its ranks, without the wild cards (``a pair of Kings``)."""
        if self.category is VocesCategory.HIGH_CARD and not self.key:
            return Msg.of("voces.hand.no_card")
        words = [_RankWord(k) for k in self.key[:2]] + [_RankWord(0), _RankWord(0)]
        return Msg.of(f"voces.hand.{self.category.name.lower()}", a=words[0], b=words[1])

    def localized(self, lang: str, spec: str = "") -> str:
        """The hand in words when a message names it: the same as :meth:`describe`."""
        return self.describe(lang)


def compare_reason(high: VocesHand, low: VocesHand, lowest: bool = False) -> Msg:
    """Why ``high`` ranks above ``low`` in the normal order: the first thing that differs, named, in the
    rulebook's order: the category, then the combined cards (the three before the pair), then the cards
    that combine with nothing (the kickers), from the highest down. ``lowest``: the worst hand wins (an odd
    number of Capybaras), so the reason is told from the lower hand's side.

    >>> compare_reason(rank_voces_hand("Ks1 Ks2 9s3 5s4 3s1"), rank_voces_hand("Ks3 Ks4 9s1 5s2 2s3")).text()
    'Both have a pair of Kings; the kicker 3 beats the 2'
    >>> compare_reason(rank_voces_hand("Ks1 Ks2 Ks3 5s4 3s1"), rank_voces_hand("As3 As4 9s1 5s2 2s3")).text()
    'Three of a kind ranks above a pair'
    >>> compare_reason(rank_voces_hand("As1 Ks2 5s3 3s4 2s1"), rank_voces_hand("Js1 9s2 7s3 6s4 capybara"), lowest=True).text()
    'Both have no combination; the highest card that differs decides: the Jack is lower than the Ace'
    """
    prefix = "voces.why_low." if lowest else "voces.why."
    if high.category != low.category:
        return Msg.of(prefix + "category", high=high.category, low=low.category)
    category = high.category
    for index, (a, b) in enumerate(itertools.zip_longest(high.key, low.key, fillvalue=0)):
        if a != b:
            break
    else:
        return Msg.of("voces.why.equal")
    ranks = {"high": _RankWord(a), "low": _RankWord(b)}
    if b == 0:  # the other hand has a card without value here
        return Msg.of(prefix + "no_value", hand=high.main(), high=ranks["high"])
    if category in (VocesCategory.STRAIGHT, VocesCategory.STRAIGHT_FLUSH):
        return Msg.of(prefix + "top", category=category, **ranks)
    if category in (VocesCategory.FLUSH, VocesCategory.HIGH_CARD):
        return Msg.of(prefix + "card", category=category, **ranks)
    if index < _COMBINED[category]:
        return Msg.of(prefix + "combined", category=category, **ranks)
    return Msg.of(prefix + "kicker", hand=high.main(), **ranks)


# how many ranks of the key are combined cards (the rest are kickers)
_COMBINED = {
    VocesCategory.FIVE_OF_A_KIND: 1, VocesCategory.FOUR_OF_A_KIND: 1, VocesCategory.FULL_HOUSE: 2,
    VocesCategory.THREE_OF_A_KIND: 1, VocesCategory.TWO_PAIR: 2, VocesCategory.PAIR: 1,
}


class _RankWord(int):
    """A rank 2-14 that names itself in the message's language (``{a:plural}``, ``{a:name}``). Forms only
    Póker a Voces needs come from its own tables ``voces.<form>.<rank>``: ``{a:upto}`` is the top of a
    straight (``to the Ace`` / ``bis zum Ass``), ``{a:beaten}`` a card that is beaten (Spanish ``al 2``,
    ``a la reina``), ``{a:under}`` a card another ranks under (Spanish ``del as``)."""

    def localized(self, lang: str, spec: str = "") -> str:
        own = f"voces.{spec}.{int(self)}"
        if spec and own in catalogue(lang):
            return message(own, lang)
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
                    wild_kinds: Sequence[Special] = WILDS, baboon_valueless: bool = False,
                    lowest: bool = False) -> VocesHand:
    """Rank five Póker a Voces cards (text or cards); wilds take their best value, shown in the result.

    A Baboon is swapped for a drawn card before hands are compared, so it cannot be ranked (unless
    ``baboon_valueless``: no card was left to draw for it, and it counts for nothing).
    ``wild_kinds`` lists the special cards that are wild here (a Dove is wild only when another player
    shows one too; otherwise it counts for nothing, like a card without value).

    A wild card stands for the card its owner wants, and the owner wants to win: when an odd number of
    Capybaras turns the ranking over (``lowest``), each wild stands for the card that makes the hand as
    low as it can be.

    >>> rank_voces_hand("2s1 3s2 4s3 6s4 raccoon").describe()
    'a straight to the 6 (the Raccoon stands for 5●)'
    >>> rank_voces_hand("2s1 3s2 4s3 6s4 raccoon", lowest=True).describe()
    'high card 7 (the Raccoon stands for 7●)'
    """
    hand = parse_voces_cards(cards, count=5) if isinstance(cards, str) else tuple(cards)
    if len(hand) != 5:
        raise CardCountError(len(hand), 5, Msg.of("voces.error.voces_hand"))
    for position, card in enumerate(hand, start=1):
        if isinstance(card, SpecialCard) and card.kind is Special.BABOON and not baboon_valueless:
            raise InputError(key="voces.error.baboon_unranked", position=position)
    valued = [c for c in hand if isinstance(c, VocesCard)]
    wilds = [c for c in hand if isinstance(c, SpecialCard) and c.kind in wild_kinds]
    if not wilds:
        category, key = _evaluate([c.rank for c in valued], [c.suit for c in valued], ace_low_straight)
        return VocesHand(hand, category, key, ())
    category, key, ranks, flush = _with_wilds(valued, len(wilds), ace_low_straight, lowest)
    return VocesHand(hand, category, key, tuple(zip(wilds, _wild_cards(valued, ranks, flush, category))))


def _with_wilds(valued: Sequence[VocesCard], wilds: int, ace_low: bool,
                lowest: bool) -> tuple[VocesCategory, tuple[int, ...], list[int], bool]:
    """The best (``lowest``: the worst) category and key the valued cards and ``wilds`` wild cards can
    make, the ranks the wilds stand for, and whether they take the flush's suit. Category by category
    from the top (from the bottom): can the wilds complete it, and with which key; a few hundred steps
    at most, whatever the number of wilds."""
    ranks = [c.rank for c in valued]
    counts = dict(Counter(ranks))
    full = len(valued) + wilds == 5
    one_suit = len({c.suit for c in valued}) <= 1
    distinct = len(counts) == len(ranks)
    order = sorted(VocesCategory, reverse=not lowest)
    for category in order:
        if category in (VocesCategory.STRAIGHT_FLUSH, VocesCategory.STRAIGHT):
            if not full or not distinct or (category is VocesCategory.STRAIGHT_FLUSH and not one_suit):
                continue
            windows = [(top, span) for top, span in _straight_tops(ace_low) if set(ranks) <= span]
            if not windows:
                continue
            top, span = windows[0] if lowest else windows[-1]
            return category, (top,), sorted(span - set(ranks)), category is VocesCategory.STRAIGHT_FLUSH
        if category is VocesCategory.FLUSH:
            if not full or not one_suit:
                continue
            if not lowest:
                picked = [14] * wilds
                return category, tuple(sorted(ranks + picked, reverse=True)), picked, True
            found: tuple[tuple[int, ...], list[int]] | None = None
            for option in itertools.combinations_with_replacement(_RANKS, wilds):
                suits = [1] * 5
                got, key = _evaluate(ranks + list(option), suits, ace_low)
                if got is category and (found is None or key < found[0]):
                    found = (key, list(option))
            if found is not None:
                return category, found[0], found[1], True
            continue
        shape = _partition(len(valued) + wilds, category)
        if shape is None:
            continue
        no_straight = lowest and full and shape == (1, 1, 1, 1, 1)
        result = _best_groups(counts, wilds, shape, lowest, no_straight, ace_low)
        if result is not None:
            return category, result[0], result[1], False
    raise AssertionError("some category is always within reach")


def _wild_cards(valued: Sequence[VocesCard], ranks: Sequence[int], flush: bool, category: VocesCategory) -> list[VocesCard]:
    """Cards of these ranks for the wilds, in the lowest suit of the hand (any card will do, even one in
    the hand), or, where that would make a flush the category does not have, in another suit."""
    suits = {c.suit for c in valued}
    suit = min(suits) if suits else 1
    cards = [VocesCard(1 if rank == 14 else rank, suit) for rank in sorted(ranks, reverse=True)]
    if category < VocesCategory.FLUSH and cards and len(valued) + len(cards) == 5 and len(suits) <= 1:
        other = next(s for s in range(1, SUIT_COUNT + 1) if s != suit)
        cards[-1] = VocesCard(cards[-1].value, other)
    return cards


def _straight_tops(ace_low: bool) -> list[tuple[int, frozenset[int]]]:
    """Every straight as (top rank, its five ranks), lowest first."""
    tops = [(top, frozenset(range(top - 4, top + 1))) for top in range(6, 15)]
    return ([(5, frozenset({14, 2, 3, 4, 5}))] if ace_low else []) + tops


def _partition(size: int, category: VocesCategory) -> tuple[int, ...] | None:
    """The group sizes (largest first) ``size`` valued cards have in a category made of equal ranks."""
    shapes = {
        VocesCategory.FIVE_OF_A_KIND: (5,), VocesCategory.FOUR_OF_A_KIND: (4, 1), VocesCategory.FULL_HOUSE: (3, 2),
        VocesCategory.THREE_OF_A_KIND: (3, 1, 1), VocesCategory.TWO_PAIR: (2, 2, 1), VocesCategory.PAIR: (2, 1, 1, 1),
        VocesCategory.HIGH_CARD: (1, 1, 1, 1, 1),
    }
    shape = shapes[category]
    cut: list[int] = []
    left = size
    for group in shape:  # fewer than five valued cards: the shape without its last cards
        if left <= 0:
            break
        cut.append(min(group, left))
        left -= group
    result = tuple(cut)
    # the cut shape must still be read as this category (four cards 3-1 are three of a kind, 2-2 two pair ...)
    if _shape_category(result) is not category or sum(result) != size:
        return None
    return result


def _shape_category(shape: tuple[int, ...]) -> VocesCategory:
    if shape and shape[0] == 5:
        return VocesCategory.FIVE_OF_A_KIND
    if shape and shape[0] == 4:
        return VocesCategory.FOUR_OF_A_KIND
    if shape[:2] == (3, 2):
        return VocesCategory.FULL_HOUSE
    if shape and shape[0] == 3:
        return VocesCategory.THREE_OF_A_KIND
    if shape[:2] == (2, 2):
        return VocesCategory.TWO_PAIR
    if shape and shape[0] == 2:
        return VocesCategory.PAIR
    return VocesCategory.HIGH_CARD


_RANKS = tuple(range(2, 15))


def _group_key(groups: Sequence[tuple[int, int]]) -> tuple[int, ...]:
    """(size, rank) groups -> the tie-break key: larger groups first, higher ranks first among equals."""
    return tuple(rank for _, rank in sorted(groups, key=lambda g: (g[0], g[1]), reverse=True))


def _best_groups(counts: dict[int, int], wilds: int, shape: tuple[int, ...], lowest: bool,
                 no_straight: bool, ace_low: bool) -> tuple[tuple[int, ...], list[int]] | None:
    """The best (or, if ``lowest``, the worst) key of a hand of this shape, built from the valued ranks
    ``counts`` and ``wilds`` wild cards, and the ranks the wilds stand for; ``None`` if it cannot be built.
    Each valued rank goes into a group at least as large as its count; groups left free take the highest
    (lowest) ranks not in the hand, larger groups first. ``no_straight``: five different ranks that would
    form a straight are not this shape's category (a high card looked for from the bottom)."""
    present = sorted(counts)
    if len(present) > len(shape):
        return None
    best: tuple[tuple[int, ...], list[int]] | None = None
    free_ranks = [r for r in _RANKS if r not in counts]
    if not lowest:
        free_ranks.reverse()
    seen: set[tuple[int, ...]] = set()
    for slots in itertools.permutations(range(len(shape)), len(present)):
        sizes = tuple(shape[slot] for slot in slots)
        if sizes in seen or any(counts[rank] > size for rank, size in zip(present, sizes)):
            continue  # groups of equal size are interchangeable: each way of sizing the ranks once
        seen.add(sizes)
        groups = [(shape[slot], rank) for rank, slot in zip(present, slots)]
        free = sorted((shape[i] for i in range(len(shape)) if i not in slots), reverse=True)
        extra = [rank for size, rank in groups for _ in range(size - counts[rank])]
        if no_straight and free:
            # a high card from the bottom: the free ranks are the lowest set that makes no straight
            # (skipping at most a few ranks always avoids a straight, so the lowest few ranks suffice)
            options: Iterable[tuple[int, ...]] = itertools.combinations(free_ranks[:len(free) + 3], len(free))
        else:
            options = [tuple(free_ranks[:len(free)])]
        for chosen in options:
            ranks = [rank for _, rank in groups] + list(chosen)
            if no_straight and _straight_top(ranks, ace_low):
                continue
            all_groups = groups + list(zip(free, chosen))
            key = _group_key(all_groups)
            if best is None or (key < best[0] if lowest else key > best[0]):
                best = (key, extra + [rank for size, rank in zip(free, chosen) for _ in range(size)])
    return best
