"""Póker a Voces cards: suits of 13 cards and the five kinds of special card.

A suit holds the values 1 to 10, J, Q and K; the 1 is the Ace and ranks highest. The box has seven suits
and seven copies of each special card. The rulebook gives the suits no names, so the kit numbers them
1 to 7 and draws each with its own symbol: ``● ▲ ■ ◆ ★ ✚ ☾``.

>>> card = VocesCard.from_text("Ks3")
>>> str(card), card.rank
('K■', 13)
>>> VocesCard.from_text("1s2") == VocesCard.from_text("A▲")      # the 1 is the Ace
True
>>> VocesCard.from_text("As1") > VocesCard.from_text("Ks1")      # and ranks highest
True
>>> SpecialCard.from_text("raccoon#2")
SpecialCard(Special.RACCOON, 2)

For N players the deck has N + 1 suits, and N + 1 copies of each special card chosen for the round:

>>> deck = voces_deck(3, specials=[Special.RACCOON])
>>> len(deck), sum(isinstance(c, SpecialCard) for c in deck)
(56, 4)
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from typing import Iterable, Sequence, Union

from pokerkit_teach.core.errors import CardCountError, CardParseError, check_distinct
from pokerkit_teach.core.i18n import DEFAULT_LANGUAGE, form, message
from pokerkit_teach.voces.render import voces_card_html
from pokerkit_teach.core.rng import SeedLike, make_rng

__all__ = [
    "SUIT_SYMBOLS",
    "VocesCard",
    "Special",
    "SpecialCard",
    "parse_voces_card",
    "parse_voces_cards",
    "voces_deck",
    "shuffled_voces_deck",
    "special_named",
]

SUIT_SYMBOLS = "●▲■◆★✚☾"
# a colour per suit, so the suits can be told apart at a glance (the symbols carry the meaning)
SUIT_COLOURS = ("#111", "#c01c28", "#1a5fb4", "#9c4f00", "#813d9c", "#26723b", "#555")
SPECIAL_COLOUR = "#064"


class _RankName(int):
    """A rank 2-14 named in the message's language (``King``, ``König``)."""

    def localized(self, lang: str, spec: str = "") -> str:
        return form("rank", spec, str(int(self)), lang)

SUIT_COUNT = 7
COPIES_IN_BOX = 7
_VALUE_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K"}
_TEXT_VALUE = {"A": 1, "1": 1, "J": 11, "Q": 12, "K": 13} | {str(v): v for v in range(2, 11)}
_FORMS = "a value (A or 1, 2-10, J, Q, K) and a suit (s1-s7 or ● ▲ ■ ◆ ★ ✚ ☾), like Ks3 or A▲"


@dataclass(frozen=True)
class VocesCard:
    """A numbered card: ``value`` 1-13 as printed (1 = Ace), ``suit`` 1-7."""

    value: int
    suit: int

    def __post_init__(self) -> None:
        if not 1 <= self.value <= 13:
            raise CardParseError(repr(self.value), "a value is 1 (the Ace) to 13 (the King)")
        if not 1 <= self.suit <= SUIT_COUNT:
            raise CardParseError(repr(self.suit), f"a suit is numbered 1 to {SUIT_COUNT}")

    @property
    def rank(self) -> int:
        """The value for ranking: 2 ... 13 for the King, 14 for the Ace."""
        return 14 if self.value == 1 else self.value

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self.suit - 1]

    @property
    def ascii(self) -> str:
        return f"{_VALUE_TEXT.get(self.value, str(self.value))}s{self.suit}"

    @classmethod
    def from_text(cls, text: str) -> "VocesCard":
        card = parse_voces_card(text)
        if not isinstance(card, VocesCard):
            raise CardParseError(text, "this is a special card, not a numbered one")
        return card

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return _VALUE_TEXT.get(self.value, str(self.value)) + self.symbol

    def localized(self, lang: str, spec: str = "") -> str:
        return self.text(lang)

    def _order(self) -> tuple[int, int]:
        return (self.rank, self.suit)

    def __lt__(self, other: "VocesCard") -> bool:
        return self._order() < other._order()

    def __le__(self, other: "VocesCard") -> bool:
        return self._order() <= other._order()

    def __gt__(self, other: "VocesCard") -> bool:
        return self._order() > other._order()

    def __ge__(self, other: "VocesCard") -> bool:
        return self._order() >= other._order()

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"VocesCard.from_text({self.ascii!r})"

    @property
    def colour(self) -> str:
        """The colour its tile is drawn in: one per suit, so suits can be told apart at a glance."""
        return SUIT_COLOURS[self.suit - 1]

    def label(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The card in words, for screen readers and messages.

        >>> VocesCard.from_text("Ks3").label("en")
        'K■ (King of suit 3)'
        """
        return message("apps.voces.card_label", lang, card=self.text(lang), value=_RankName(self.rank), suit=self.suit)

    def _repr_html_(self) -> str:
        return voces_card_html(self)


class Special(enum.Enum):
    """The five special cards."""

    EMPEROR_PENGUIN = "emperor_penguin"
    CAPYBARA = "capybara"
    RACCOON = "raccoon"
    DOVE = "dove"
    BABOON = "baboon"

    def localized(self, lang: str, spec: str = "") -> str:
        return form("special", spec, self.value, lang)

    def __repr__(self) -> str:
        return f"Special.{self.name}"


_SPECIAL_WORDS = {s.value: s for s in Special} | {"penguin": Special.EMPEROR_PENGUIN, "emperor penguin": Special.EMPEROR_PENGUIN}


def special_named(name: str) -> Special | None:
    """The kind of special card a name stands for (``raccoon``, ``Emperor-Penguin``, ``penguin`` ...), or
    ``None``.

    >>> special_named("Emperor-Penguin"), special_named("unicorn")
    (Special.EMPEROR_PENGUIN, None)
    """
    return _SPECIAL_WORDS.get(" ".join(name.lower().replace("-", " ").replace("_", " ").split()))


@dataclass(frozen=True)
class SpecialCard:
    """A special card; ``copy`` (1-7) tells the box's identical copies apart."""

    kind: Special
    copy: int = 1

    def __post_init__(self) -> None:
        if not 1 <= self.copy <= COPIES_IN_BOX:
            raise CardParseError(repr(self.copy), f"the box has copies 1 to {COPIES_IN_BOX} of each special card")

    @classmethod
    def from_text(cls, text: str) -> "SpecialCard":
        card = parse_voces_card(text)
        if not isinstance(card, SpecialCard):
            raise CardParseError(text, "this is a numbered card, not a special one")
        return card

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return self.kind.localized(lang)

    def localized(self, lang: str, spec: str = "") -> str:
        return self.text(lang)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"SpecialCard({self.kind!r}, {self.copy})"

    colour = SPECIAL_COLOUR

    def label(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The card in words (its name), for screen readers and messages."""
        return self.text(lang)

    def _repr_html_(self) -> str:
        return voces_card_html(self)


AnyVocesCard = Union[VocesCard, SpecialCard]


def parse_voces_card(text: str, position: int = 1, offset: int = 0) -> AnyVocesCard:
    """Parse ``Ks3``, ``10★``, ``A▲``, ``raccoon`` or ``raccoon#3``.

    >>> parse_voces_card("Zs1")
    Traceback (most recent call last):
    ...
    pokerkit_teach.core.errors.CardParseError: card 1 'Zs1' (at character 0) is not a card: unknown value 'Z'; write a value (A or 1, 2-10, J, Q, K) and a suit (s1-s7 or ● ▲ ■ ◆ ★ ✚ ☾), like Ks3 or A▲
    """
    token = text.strip()
    special = re.fullmatch(r"([A-Za-z_ ]+?)(?:#(\d+))?", token)
    if special and special.group(1).lower().replace("_", " ") in _SPECIAL_WORDS:
        kind = _SPECIAL_WORDS[special.group(1).lower().replace("_", " ")]
        copy = int(special.group(2) or 1)
        if not 1 <= copy <= COPIES_IN_BOX:
            raise CardParseError(token, f"the box has copies 1 to {COPIES_IN_BOX} of each special card", position, offset)
        return SpecialCard(kind, copy)
    match = re.fullmatch(r"(10|[0-9]|[AJQKajqk])(?:[sS]([0-9]+)|(.))", token)
    if not match:
        first = re.match(r"10|.", token)
        if first and first.group().upper() not in _TEXT_VALUE:
            raise CardParseError(token, f"unknown value {first.group()!r}; write {_FORMS}", position, offset)
        raise CardParseError(token, f"not a card; write {_FORMS}", position, offset)
    value_text, suit_number, suit_symbol = match.groups()
    value = _TEXT_VALUE.get(value_text.upper())
    if value is None:
        raise CardParseError(token, f"unknown value {value_text!r}; write {_FORMS}", position, offset)
    if suit_symbol is not None:
        if suit_symbol not in SUIT_SYMBOLS:
            raise CardParseError(token, f"unknown suit {suit_symbol!r}; write {_FORMS}", position, offset)
        suit = SUIT_SYMBOLS.index(suit_symbol) + 1
    else:
        suit = int(suit_number)
        if not 1 <= suit <= SUIT_COUNT:
            raise CardParseError(token, f"unknown suit {suit}; write {_FORMS}", position, offset)
    return VocesCard(value, suit)


def parse_voces_cards(
    cards: Union[str, Iterable[Union[str, AnyVocesCard]]], count: int | None = None
) -> tuple[AnyVocesCard, ...]:
    """Several cards separated by spaces or commas. Special cards without a ``#copy`` are numbered
    1, 2, 3 ... in order of appearance.

    >>> parse_voces_cards("A▲ raccoon 10s4 raccoon")
    (VocesCard.from_text('As2'), SpecialCard(Special.RACCOON, 1), VocesCard.from_text('10s4'), SpecialCard(Special.RACCOON, 2))
    """
    result: list[AnyVocesCard] = []
    next_copy: dict[Special, int] = {}
    if isinstance(cards, str):
        items: list[tuple[Union[str, AnyVocesCard], int]] = [(m.group(), m.start()) for m in re.finditer(r"[^\s,;]+", cards)]
    else:
        items = [(item, 0) for item in cards]
    for i, (item, offset) in enumerate(items, start=1):
        card = item if isinstance(item, (VocesCard, SpecialCard)) else parse_voces_card(item, i, offset)
        if isinstance(card, SpecialCard) and isinstance(item, str) and "#" not in item:
            copy = next_copy.get(card.kind, 1)
            card = SpecialCard(card.kind, copy)
        if isinstance(card, SpecialCard):
            next_copy[card.kind] = max(next_copy.get(card.kind, 1), card.copy + 1)
        result.append(card)
    if count is not None and len(result) != count:
        raise CardCountError(len(result), str(count), "this list")
    check_distinct(result)
    return tuple(result)


def voces_deck(players: int, specials: Sequence[Special] = ()) -> tuple[AnyVocesCard, ...]:
    """The deck for a round: ``players + 1`` suits of 13, and ``players + 1`` copies of each special
    card chosen (the rulebook suggests one kind per round, at most two for advanced players)."""
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= SUIT_COUNT - 1:
        raise ValueError(f"Póker a Voces is played by 2 to {SUIT_COUNT - 1} players, got {players!r}")
    kinds = list(specials)
    if len(set(kinds)) != len(kinds):
        raise ValueError("each kind of special card can be chosen only once")
    suits = players + 1
    cards: list[AnyVocesCard] = [VocesCard(v, s) for s in range(1, suits + 1) for v in range(1, 14)]
    cards += [SpecialCard(Special(kind), copy) for kind in kinds for copy in range(1, suits + 1)]
    return tuple(cards)


def shuffled_voces_deck(players: int, specials: Sequence[Special] = (), seed: SeedLike = None) -> tuple[AnyVocesCard, ...]:
    """:func:`voces_deck` shuffled by a seeded generator.

    >>> shuffled_voces_deck(4, [Special.DOVE], seed=1) == shuffled_voces_deck(4, [Special.DOVE], seed=1)
    True
    """
    deck = voces_deck(players, specials)
    return tuple(deck[i] for i in make_rng(seed).permutation(len(deck)))
