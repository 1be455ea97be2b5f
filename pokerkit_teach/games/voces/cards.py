"""Póker a Voces cards: suits of 13 cards and the five kinds of special card.

A suit holds the values 1 to 10, J, Q and K; the 1 is the Ace and ranks highest. The box has seven suits
and seven copies of each special card. The rulebook gives the suits no names, so the kit numbers them
1 to 7 and draws each with its own symbol: ``● ▲ ■ ◆ ★ ✚ ☾``.

>>> card = VocesCard.from_text("Ks3")
>>> str(card), card.rank, VocesCard.from_text("Qs3").text("de")
('K■', 13, 'D■')
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
import unicodedata
from functools import lru_cache
from dataclasses import dataclass
from typing import Iterable, Sequence, Union

from pokerkit_teach.core.errors import CardCountError, CardParseError, InputError, check_distinct
from pokerkit_teach.core.i18n import DEFAULT_LANGUAGE, LANGUAGES, Msg, catalogue, form, message
from pokerkit_teach.games.voces.render import voces_card_html, voces_card_svg
from pokerkit_teach.core.rng import SeedLike, make_rng
from pokerkit_teach.core.limits import quoted

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
_FORMS = Msg.of("voces.error.forms")


@dataclass(frozen=True)
class VocesCard:
    """A numbered card: ``value`` 1-13 as printed (1 = Ace), ``suit`` 1-7."""

    value: int
    suit: int

    def __post_init__(self) -> None:
        if not 1 <= self.value <= 13:
            raise CardParseError(repr(self.value), Msg.of("voces.error.value_range"))
        if not 1 <= self.suit <= SUIT_COUNT:
            raise CardParseError(repr(self.suit), Msg.of("voces.error.suit_range", most=SUIT_COUNT))

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
            raise CardParseError(text, Msg.of("voces.error.special_not_numbered"))
        return card

    def face(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The value as the language writes a card's face (the rank symbols of ``rank.symbol`` in the
        catalogue, as for French cards): ``Q``, in German ``D``; ``10``; the Ace ``A``.

        >>> VocesCard.from_text("Qs2").face(), VocesCard.from_text("Js2").face("de"), VocesCard.from_text("1s2").face("de")
        ('Q', 'B', 'A')
        """
        return form("rank", "symbol", str(self.rank), lang)

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The card with its suit's symbol, the face in the language's letters: ``Q▲``, in German ``D▲``."""
        return self.face(lang) + self.symbol

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

    def _repr_svg_(self) -> str:
        """The card drawn, named in English (``voces.render.voces_card_svg`` for other languages)."""
        return voces_card_svg(self)


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


def _plain(word: str) -> str:
    """A word as it is looked up: lower case, accents and umlauts dropped (``Pingüino-Emperador`` ->
    ``pinguino emperador``, ``Waschbär`` -> ``waschbar``), ``-`` and ``_`` read as spaces."""
    decomposed = unicodedata.normalize("NFKD", word.lower().replace("-", " ").replace("_", " "))
    return " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).split())


@lru_cache(maxsize=None)
def _special_words() -> dict[str, Special]:
    """Every word for a special card in every language's catalogue: its name (``special.name``) and the
    other words a learner may type (``voces.input.special``)."""
    words: dict[str, Special] = {}
    for lang in LANGUAGES:
        table = catalogue(lang)
        for kind in Special:
            listed = [table.get(f"special.name.{kind.value}", ""), kind.value]
            listed += table.get(f"voces.input.special.{kind.value}", "").split(",")
            for word in listed:
                if _plain(word):
                    words.setdefault(_plain(word), kind)
    return words


@lru_cache(maxsize=None)
def _value_words() -> dict[str, int]:
    """The values a learner may type: the printed ones and each language's letters (``voces.input.values``,
    like German ``B=11, D=12``)."""
    values = dict(_TEXT_VALUE)
    for lang in LANGUAGES:
        for pair in catalogue(lang).get("voces.input.values", "").split(","):
            letter, _, value = pair.partition("=")
            if letter.strip() and value.strip().isdigit():
                values.setdefault(letter.strip().upper(), int(value))
    return values


def special_named(name: str) -> Special | None:
    """The kind of special card a name stands for, in any language the kit speaks (``raccoon``,
    ``Emperor-Penguin``, ``penguin``, ``Waschbär``, ``mapache`` ...), or ``None``.

    >>> special_named("Emperor-Penguin"), special_named("Waschbär"), special_named("Kaiser-Pinguin"), special_named("unicorn")
    (Special.EMPEROR_PENGUIN, Special.RACCOON, Special.EMPEROR_PENGUIN, None)
    """
    return _special_words().get(_plain(name))


@dataclass(frozen=True)
class SpecialCard:
    """A special card; ``copy`` (1-7) tells the box's identical copies apart."""

    kind: Special
    copy: int = 1

    def __post_init__(self) -> None:
        if not 1 <= self.copy <= COPIES_IN_BOX:
            raise CardParseError(repr(self.copy), Msg.of("voces.error.copy_range", most=COPIES_IN_BOX))

    @classmethod
    def from_text(cls, text: str) -> "SpecialCard":
        card = parse_voces_card(text)
        if not isinstance(card, SpecialCard):
            raise CardParseError(text, Msg.of("voces.error.numbered_not_special"))
        return card

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return self.kind.localized(lang)

    def localized(self, lang: str, spec: str = "") -> str:
        return self.text(lang)

    @property
    def notation(self) -> str:
        """The card as a file or a message from the room server writes it: ``raccoon#2``."""
        return f"{self.kind.value}#{self.copy}"

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

    def _repr_svg_(self) -> str:
        """The card drawn, named in English (``voces.render.voces_card_svg`` for other languages)."""
        return voces_card_svg(self)


AnyVocesCard = Union[VocesCard, SpecialCard]


def card_order(card: AnyVocesCard) -> tuple[int, int, int]:
    """The kit's one order of cards, for lists whose order does not matter (the cards of an offer): the
    numbered cards by rank, then suit, then the special cards by kind and copy.

    >>> sorted([SpecialCard(Special.RACCOON), VocesCard(1, 2), VocesCard(9, 1)], key=card_order)
    [VocesCard.from_text('9s1'), VocesCard.from_text('As2'), SpecialCard(Special.RACCOON, 1)]
    """
    if isinstance(card, VocesCard):
        return (0, card.rank, card.suit)
    return (1, list(Special).index(card.kind), card.copy)


def parse_voces_card(text: str, position: int = 1, offset: int = 0) -> AnyVocesCard:
    """Parse ``Ks3``, ``10★``, ``A▲``, ``raccoon`` or ``raccoon#3``; a special card's name may be written
    in any language the kit speaks (``Waschbär``, ``mapache``, ``pingüino_emperador``), and a face card by
    the letter of any language (German ``Bs1`` for ``Js1``).

    >>> parse_voces_card("Zs1")
    Traceback (most recent call last):
    ...
    pokerkit_teach.core.errors.CardParseError: card 1 'Zs1' (at character 1) is not a card: unknown value 'Z'; write a value (A or 1, 2-10, J, Q, K) and a suit (s1-s7 or ● ▲ ■ ◆ ★ ✚ ☾), like Ks3 or A▲, or a special card such as raccoon
    >>> parse_voces_card("Waschbär#2"), parse_voces_card("Ds3")
    (SpecialCard(Special.RACCOON, 2), VocesCard.from_text('Qs3'))
    """
    token = text.strip()
    special = re.fullmatch(r"(.+?)(?:#(\d+))?", token)
    kind = special_named(special.group(1)) if special else None
    if special and kind is not None:
        copy = int(special.group(2) or 1)
        if not 1 <= copy <= COPIES_IN_BOX:
            raise CardParseError(token, Msg.of("voces.error.copy_range", most=COPIES_IN_BOX), position, offset)
        return SpecialCard(kind, copy)
    values = _value_words()
    match = re.fullmatch(r"(10|[0-9]|[^\W\d_])(?:[sS]([0-9]+)|(.))", token)
    if not match:
        first = re.match(r"10|.", token)
        if first and first.group().upper() not in values:
            raise CardParseError(token, Msg.of("voces.error.unknown_value", value=quoted(first.group()), forms=_FORMS), position, offset)
        raise CardParseError(token, Msg.of("voces.error.not_a_card", forms=_FORMS), position, offset)
    value_text, suit_number, suit_symbol = match.groups()
    value = values.get(value_text.upper())
    if value is None:
        raise CardParseError(token, Msg.of("voces.error.unknown_value", value=quoted(value_text), forms=_FORMS), position, offset)
    if suit_symbol is not None:
        if suit_symbol not in SUIT_SYMBOLS:
            raise CardParseError(token, Msg.of("voces.error.unknown_suit", suit=quoted(suit_symbol), forms=_FORMS), position, offset)
        suit = SUIT_SYMBOLS.index(suit_symbol) + 1
    else:
        suit = int(suit_number)
        if not 1 <= suit <= SUIT_COUNT:
            raise CardParseError(token, Msg.of("voces.error.unknown_suit", suit=suit, forms=_FORMS), position, offset)
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
        raise CardCountError(len(result), count, Msg.of("voces.error.this_list"))
    check_distinct(result)
    return tuple(result)


def voces_deck(players: int, specials: Sequence[Special] = ()) -> tuple[AnyVocesCard, ...]:
    """The deck for a round: ``players + 1`` suits of 13, and ``players + 1`` copies of each special
    card chosen (the rulebook suggests one kind per round, at most two for advanced players)."""
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= SUIT_COUNT - 1:
        raise InputError(key="voces.error.players_range", most=SUIT_COUNT - 1, got=quoted(players))
    kinds = list(specials)
    if len(set(kinds)) != len(kinds):
        raise InputError(key="voces.error.special_twice")
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
