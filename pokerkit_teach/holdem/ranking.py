"""Texas Hold'em hand ranking: the best five of five to seven cards.

>>> result = best_hand("7d 6h Qc 8h 8s 5d 3c")
>>> result.category.name
'PAIR'
>>> result.category.key_name
'pair'
>>> [str(card) for card in result.best_five]
['8♥', '8♠', 'Q♣', '7♦', '6♥']
>>> [str(card) for card in result.left_out]
['5♦', '3♣']
>>> result.strength
2696

Results compare by strength; ``==`` means an exact tie (suits never count):

>>> best_hand("As Ks Qs Js Ts") > best_hand("Ac Ad Ah As 2c")
True
>>> best_hand("Ac Kc Qc Jc 9d") == best_hand("Ah Kh Qh Jh 9s")
True

The dense strength runs from 1 (7-5-4-3-2, the weakest high card) to 7462 (a royal flush):

>>> hand_strength("7c 5d 4h 3s 2c"), hand_strength("Ah Kh Qh Jh Th")
(1, 7462)
>>> hand_strength("5c 4d 3h 2s Ac") < hand_strength("6c 5d 4h 3s 2d")   # the wheel is the lowest straight
True
"""

from __future__ import annotations

import enum
import itertools
from dataclasses import dataclass
from typing import Sequence

from pokerkit_teach.core.i18n import DEFAULT_LANGUAGE, Msg, Row, form, message
from pokerkit_teach.holdem.cards import Card, CardsLike, Rank, parse_cards
from pokerkit_teach.holdem.render import hand_result_html

__all__ = [
    "Category",
    "HandResult",
    "best_hand",
    "hand_strength",
    "strength_from_codes",
    "class_of_strength",
    "STRENGTH_COUNT",
    "KEY_ROLES",
]


class Category(enum.IntEnum):
    """The nine kinds of poker hand, weakest first."""

    HIGH_CARD = 1
    PAIR = 2
    TWO_PAIR = 3
    THREE_OF_A_KIND = 4
    STRAIGHT = 5
    FLUSH = 6
    FULL_HOUSE = 7
    FOUR_OF_A_KIND = 8
    STRAIGHT_FLUSH = 9

    @property
    def key_name(self) -> str:
        """The name used in the shared test vectors and in JSON: ``two_pair``."""
        return self.name.lower()

    def localized(self, lang: str, spec: str = "") -> str:
        """The category in a message: ``name`` (pair), ``a`` (a pair) or ``acc`` forms."""
        return form("category", spec, self.key_name, lang)

    @classmethod
    def from_key_name(cls, name: str) -> "Category":
        try:
            return cls[name.upper()]
        except KeyError:
            raise ValueError(f"unknown hand category {name!r}") from None


# What each position of a category's tie-break key means (used by the step-by-step comparison).
KEY_ROLES: dict[Category, tuple[str, ...]] = {
    Category.HIGH_CARD: ("card1", "card2", "card3", "card4", "card5"),
    Category.PAIR: ("pair", "kicker1", "kicker2", "kicker3"),
    Category.TWO_PAIR: ("high_pair", "low_pair", "kicker1"),
    Category.THREE_OF_A_KIND: ("trips", "kicker1", "kicker2"),
    Category.STRAIGHT: ("top",),
    Category.FLUSH: ("card1", "card2", "card3", "card4", "card5"),
    Category.FULL_HOUSE: ("fh_trips", "fh_pair"),
    Category.FOUR_OF_A_KIND: ("quads", "kicker1"),
    Category.STRAIGHT_FLUSH: ("top",),
}

# Which of the five cards (in display order) each key position stands for.
KEY_SLICES: dict[Category, tuple[tuple[int, int], ...]] = {
    Category.HIGH_CARD: ((0, 1), (1, 2), (2, 3), (3, 4), (4, 5)),
    Category.PAIR: ((0, 2), (2, 3), (3, 4), (4, 5)),
    Category.TWO_PAIR: ((0, 2), (2, 4), (4, 5)),
    Category.THREE_OF_A_KIND: ((0, 3), (3, 4), (4, 5)),
    Category.STRAIGHT: ((0, 1),),
    Category.FLUSH: ((0, 1), (1, 2), (2, 3), (3, 4), (4, 5)),
    Category.FULL_HOUSE: ((0, 3), (3, 5)),
    Category.FOUR_OF_A_KIND: ((0, 4), (4, 5)),
    Category.STRAIGHT_FLUSH: ((0, 1),),
}

_STRAIGHT_TOPS = tuple(range(14, 4, -1))  # A-high down to the wheel (5-high)


def _straight_ranks(top: int) -> tuple[int, ...]:
    """The five ranks of the straight with this top card, top first; the wheel ends with the Ace."""
    if top == 5:
        return (5, 4, 3, 2, 14)
    return tuple(range(top, top - 5, -1))


def _straight_top(rank_bits: int) -> int:
    """The top rank of the highest straight in a set of ranks (bit r for rank r), or 0."""
    if rank_bits >> 14 & 1:
        rank_bits |= 1 << 1  # the Ace also plays low
    for top in _STRAIGHT_TOPS:
        run = 0b11111 << (top - 4)
        if rank_bits & run == run:
            return top
    return 0


def _classes() -> list[tuple[Category, tuple[int, ...]]]:
    """All 7,462 hand classes as (category, tie-break key), weakest first."""
    ranks = range(2, 15)
    straight_sets = {frozenset(_straight_ranks(top)) for top in _STRAIGHT_TOPS}
    plain = sorted(
        tuple(sorted(combo, reverse=True))
        for combo in itertools.combinations(ranks, 5)
        if frozenset(combo) not in straight_sets
    )
    classes: list[tuple[Category, tuple[int, ...]]] = []
    classes += [(Category.HIGH_CARD, key) for key in plain]
    pairs = []
    for pair in ranks:
        others = [r for r in ranks if r != pair]
        pairs += [(pair, *sorted(kick, reverse=True)) for kick in itertools.combinations(others, 3)]
    classes += [(Category.PAIR, key) for key in sorted(pairs)]
    two_pairs = []
    for low, high in itertools.combinations(ranks, 2):
        two_pairs += [(high, low, kick) for kick in ranks if kick not in (low, high)]
    classes += [(Category.TWO_PAIR, key) for key in sorted(two_pairs)]
    trips = []
    for trip in ranks:
        others = [r for r in ranks if r != trip]
        trips += [(trip, *sorted(kick, reverse=True)) for kick in itertools.combinations(others, 2)]
    classes += [(Category.THREE_OF_A_KIND, key) for key in sorted(trips)]
    classes += [(Category.STRAIGHT, (top,)) for top in range(5, 15)]
    classes += [(Category.FLUSH, key) for key in plain]
    classes += [(Category.FULL_HOUSE, (t, p)) for t in ranks for p in ranks if p != t]
    classes += [(Category.FOUR_OF_A_KIND, (q, k)) for q in ranks for k in ranks if k != q]
    classes += [(Category.STRAIGHT_FLUSH, (top,)) for top in range(5, 15)]
    return classes


STRENGTH_COUNT = 7462
_GROUP_SIZES = {
    Category.HIGH_CARD: (1, 1, 1, 1, 1),
    Category.PAIR: (2, 1, 1, 1),
    Category.TWO_PAIR: (2, 2, 1),
    Category.THREE_OF_A_KIND: (3, 1, 1),
    Category.FLUSH: (1, 1, 1, 1, 1),
    Category.FULL_HOUSE: (3, 2),
    Category.FOUR_OF_A_KIND: (4, 1),
}


class _Tables:
    """The 7,462 classes and what each strength stands for; built on first use, not at import."""

    def __init__(self) -> None:
        self.classes = _classes()
        assert len(self.classes) == STRENGTH_COUNT
        self.strength_of = {cls: i + 1 for i, cls in enumerate(self.classes)}
        self.categories = [category for category, _ in self.classes]
        self.rank_keys = [tuple(Rank(r) for r in key) for _, key in self.classes]
        # The ranks of the five cards in display order, for each strength.
        self.five_ranks = [
            list(_straight_ranks(key[0]))
            if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH)
            else [rank for rank, size in zip(key, _GROUP_SIZES[category]) for _ in range(size)]
            for category, key in self.classes
        ]


_TABLES: _Tables | None = None


def _tables() -> _Tables:
    global _TABLES
    if _TABLES is None:
        _TABLES = _Tables()
    return _TABLES


def class_of_strength(strength: int) -> tuple[Category, tuple[Rank, ...]]:
    """The category and tie-break key of a dense strength.

    >>> class_of_strength(1)
    (<Category.HIGH_CARD: 1>, (<Rank.SEVEN: 7>, <Rank.FIVE: 5>, <Rank.FOUR: 4>, <Rank.THREE: 3>, <Rank.TWO: 2>))
    >>> class_of_strength(7462)[0].name
    'STRAIGHT_FLUSH'
    """
    if not 1 <= strength <= STRENGTH_COUNT:
        raise ValueError(f"a strength is a whole number from 1 to {STRENGTH_COUNT}, got {strength!r}")
    tables = _tables()
    return tables.categories[strength - 1], tables.rank_keys[strength - 1]


def _best_of_ranks(counts: Sequence[int]) -> tuple[Category, tuple[int, ...]]:
    """The best hand (ignoring suits) of a multiset of 5 to 7 ranks; ``counts[r]`` for rank r."""
    by_count: dict[int, list[int]] = {1: [], 2: [], 3: [], 4: []}
    rank_bits = 0
    for rank in range(14, 1, -1):
        n = counts[rank]
        if n:
            by_count[n].append(rank)
            rank_bits |= 1 << rank
    present = [r for r in range(14, 1, -1) if counts[r]]
    if by_count[4]:
        quad = by_count[4][0]
        return Category.FOUR_OF_A_KIND, (quad, next(r for r in present if r != quad))
    trips = by_count[3]
    if trips:
        pair_candidates = sorted(trips[1:] + by_count[2], reverse=True)
        if pair_candidates:
            return Category.FULL_HOUSE, (trips[0], pair_candidates[0])
    top = _straight_top(rank_bits)
    if top:
        return Category.STRAIGHT, (top,)
    if trips:
        kickers = [r for r in present if r != trips[0]][:2]
        return Category.THREE_OF_A_KIND, (trips[0], *kickers)
    pairs = by_count[2]
    if len(pairs) >= 2:
        kicker = next(r for r in present if r not in pairs[:2])
        return Category.TWO_PAIR, (pairs[0], pairs[1], kicker)
    if pairs:
        kickers = [r for r in present if r != pairs[0]][:3]
        return Category.PAIR, (pairs[0], *kickers)
    return Category.HIGH_CARD, tuple(present[:5])


def _best_of_suited(rank_bits: int) -> tuple[Category, tuple[int, ...]]:
    """The best hand among five to seven cards of one suit (bit r for rank r)."""
    top = _straight_top(rank_bits)
    if top:
        return Category.STRAIGHT_FLUSH, (top,)
    ranks = [r for r in range(14, 1, -1) if rank_bits >> r & 1]
    return Category.FLUSH, tuple(ranks[:5])


# Fast path: each card code maps to one integer holding a base-5 rank count (bits 0..31) and four
# 4-bit suit counters (bits 32..47) preset to 3, so a suit with five or more cards sets its top bit.
_CODE_KEY = tuple(5 ** (code >> 2) + (1 << (32 + 4 * (code & 3))) for code in range(52))
_SUIT_START = sum(3 << (32 + 4 * s) for s in range(4))
_FLUSH_BITS = sum(8 << (32 + 4 * s) for s in range(4))
_RANK_MASK = (1 << 32) - 1
_PLAIN_MEMO: dict[int, int] = {}
_SUITED_MEMO: dict[int, int] = {}


def _plain_strength(rank_key: int) -> int:
    """Strength of a rank multiset given as a base-5 count key (memoized)."""
    counts = [0, 0]
    key = rank_key
    for _ in range(13):
        counts.append(key % 5)
        key //= 5
    strength = _tables().strength_of[_best_of_ranks(counts)]
    _PLAIN_MEMO[rank_key] = strength
    return strength


def _suited_strength(rank_bits: int) -> int:
    strength = _tables().strength_of[_best_of_suited(rank_bits)]
    _SUITED_MEMO[rank_bits] = strength
    return strength


def strength_from_codes(codes: Sequence[int]) -> int:
    """Dense strength of 5 to 7 distinct integer card codes, without building any objects.

    This is the fast path that hints and simulations use; it trusts its input.

    >>> strength_from_codes([51, 47, 43, 39, 35])   # A♠ K♠ Q♠ J♠ T♠
    7462
    """
    total = _SUIT_START
    for code in codes:
        total += _CODE_KEY[code]
    flush = total & _FLUSH_BITS
    if not flush:
        rank_key = total & _RANK_MASK
        strength = _PLAIN_MEMO.get(rank_key)
        return strength if strength is not None else _plain_strength(rank_key)
    suit = (flush.bit_length() - 36) // 4
    rank_bits = 0
    for code in codes:
        if code & 3 == suit:
            rank_bits |= 4 << (code >> 2)
    strength = _SUITED_MEMO.get(rank_bits)
    return strength if strength is not None else _suited_strength(rank_bits)


def hand_strength(cards: CardsLike) -> int:
    """Dense strength 1..7462 of the best five of five to seven cards (text or cards).

    >>> hand_strength("Qd Ts Qc 8h 8s 5d 3c") > hand_strength("As Jd Qc 8h 8s 5d 3c")
    True
    """
    hand = parse_cards(cards, count=(5, 7))
    return strength_from_codes([card.code for card in hand])


@dataclass(frozen=True, eq=False)
class HandResult:
    """The best five-card hand found among five to seven cards.

    ``key`` is the ordered tie-break key (for a pair: the pair's rank, then the three side cards);
    ``best_five`` lists the five cards in the same order; ``left_out`` the cards not used.
    Results compare by ``strength``; ``==`` is an exact tie.
    """

    cards: tuple[Card, ...]
    strength: int
    category: Category
    key: tuple[Rank, ...]
    best_five: tuple[Card, ...]
    left_out: tuple[Card, ...]

    @property
    def is_royal_flush(self) -> bool:
        return self.strength == STRENGTH_COUNT

    def key_cards(self, position: int) -> tuple[Card, ...]:
        """The cards of ``best_five`` that stand for one position of the tie-break key."""
        start, stop = KEY_SLICES[self.category][position]
        return self.best_five[start:stop]

    def describe(self, lang: str = "en") -> str:
        """The hand in words: ``a pair of 8s with Q 7 6``."""
        return describe_hand(self, lang)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandResult):
            return NotImplemented
        return self.strength == other.strength

    def __lt__(self, other: "HandResult") -> bool:
        return self.strength < other.strength

    def __le__(self, other: "HandResult") -> bool:
        return self.strength <= other.strength

    def __gt__(self, other: "HandResult") -> bool:
        return self.strength > other.strength

    def __ge__(self, other: "HandResult") -> bool:
        return self.strength >= other.strength

    def __hash__(self) -> int:
        return hash(self.strength)

    def __str__(self) -> str:
        return f"{self.describe()}: {' '.join(str(c) for c in self.best_five)}"

    def _repr_html_(self) -> str:
        return hand_result_html(self)


def _pick_five(cards: tuple[Card, ...], strength: int) -> tuple[Card, ...]:
    """Choose the five cards that make the hand, in display order (groups first, then side cards).

    Among cards of equal rank the earlier one in the input is taken; for a flush only cards of the
    flush suit qualify.
    """
    tables = _tables()
    category = tables.categories[strength - 1]
    pool = list(cards)
    if category is Category.FLUSH or category is Category.STRAIGHT_FLUSH:
        suit_counts = [0, 0, 0, 0]
        for card in cards:
            suit_counts[card.suit] += 1
        suit = suit_counts.index(max(suit_counts))
        pool = [card for card in cards if card.suit == suit]
    chosen = []
    for rank in tables.five_ranks[strength - 1]:
        for i, card in enumerate(pool):
            if card.code >> 2 == rank - 2:
                chosen.append(card)
                del pool[i]
                break
    return tuple(chosen)


def best_hand(cards: CardsLike) -> HandResult:
    """Rank five to seven cards (text or :class:`Card` values) and find the best five.

    Raises a ``ValueError`` subclass naming the problem for an unknown card, a duplicate card or a
    wrong number of cards.

    >>> best_hand("5s 5h Qc 8h 8s 5d 3c").describe()
    'a full house, 5s full of 8s'
    >>> best_hand("As Kd")
    Traceback (most recent call last):
    ...
    pokerkit_teach.core.errors.CardCountError: a hand needs 5 to 7 cards, got 2
    """
    hand = parse_cards(cards, count=(5, 7))
    strength = strength_from_codes([card.code for card in hand])
    five = _pick_five(hand, strength)
    used = {card.code for card in five}
    left_out = tuple(card for card in hand if card.code not in used)
    tables = _tables()
    return HandResult(hand, strength, tables.categories[strength - 1], tables.rank_keys[strength - 1], five, left_out)


@dataclass(frozen=True)
class Description(Msg):
    """A hand's description, as a message; in a template ``{description:acc}`` says it as the object of
    a sentence (``describe.acc.<kind>``: German "beide haben einen Drilling Achten")."""

    def localized(self, lang: str, spec: str = "") -> str:
        key = self.key if not spec else self.key.replace("describe.", f"describe.{spec}.", 1)
        return message(key, lang, **dict(self.params))


def _description(key: str, **params: object) -> Description:
    return Description(key, tuple(params.items()))


def description_msg(result: HandResult) -> Description:
    """The hand in words, as a message: ``a pair of 8s with Q 7 6``."""
    key = result.key
    category = result.category
    if result.is_royal_flush:
        return _description("describe.royal_flush")
    if category in (Category.HIGH_CARD, Category.FLUSH):
        return _description(f"describe.{category.key_name}", top=key[0], cards=Row(key))
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        return _description(f"describe.{category.key_name}", top=key[0], cards=Row(c.rank for c in result.best_five))
    if category is Category.PAIR:
        return _description("describe.pair", pair=key[0], kickers=Row(key[1:]))
    if category is Category.TWO_PAIR:
        return _description("describe.two_pair", high=key[0], low=key[1], kicker=key[2])
    if category is Category.THREE_OF_A_KIND:
        return _description("describe.three_of_a_kind", trips=key[0], kickers=Row(key[1:]))
    if category is Category.FULL_HOUSE:
        return _description("describe.full_house", trips=key[0], pair=key[1])
    return _description("describe.four_of_a_kind", quads=key[0], kicker=key[1])


def describe_hand(result: HandResult, lang: str = DEFAULT_LANGUAGE) -> str:
    """The hand in words.

    >>> describe_hand(best_hand("Qd Ts Qc 8h 8s 5d 3c"), "de")
    'zwei Paare, Damen und Achten, mit 10'
    """
    msg = description_msg(result)
    return message(msg.key, lang, **dict(msg.params))
