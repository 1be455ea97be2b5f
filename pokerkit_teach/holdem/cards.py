"""French playing cards: the 52 cards of Texas Hold'em and of Pokerface.

A :class:`Card` is a small immutable value with two faces: it parses from text and prints as text.

>>> card = Card.from_text("Qc")
>>> str(card)
'Q♣'
>>> card
Card.from_text('Qc')
>>> card.text("de")
'D♣'
>>> Card.from_text("10♠") == Card.from_text("Ts") == Card.from_text("ts")
True
>>> Card.from_text("B♦")          # German Bube = Jack: the notation of every language is read
Card.from_text('Jd')

Cards are ordered by rank, then by suit (clubs < diamonds < hearts < spades):

>>> sorted(parse_cards("As 2c Kd 2h"))
[Card.from_text('2c'), Card.from_text('2h'), Card.from_text('Kd'), Card.from_text('As')]

Each card has an integer code for batch work: ``4 x rank + suit`` with ranks 2..A as 0..12 and suits
c d h s as 0..3.

>>> Card.from_text("2c").code, Card.from_text("As").code
(0, 51)
>>> card_from_code(47)
Card.from_text('Ks')
"""

from __future__ import annotations

import enum
import operator
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Iterable, Union

from pokerkit_teach.core.errors import CardCountError, CardParseError, check_distinct
from pokerkit_teach.core.i18n import LANGUAGES, Msg, form
from pokerkit_teach.core.rng import SeedLike, make_rng
from pokerkit_teach.core.limits import quoted
from pokerkit_teach.holdem.render import card_html, card_svg

__all__ = [
    "Rank",
    "Suit",
    "Card",
    "parse_card",
    "parse_cards",
    "french_deck",
    "shuffled_deck",
    "card_from_code",
    "cards_from_codes",
    "codes_from_cards",
    "format_cards",
    "CardsLike",
]


class Rank(enum.IntEnum):
    """A card rank; the value is the rank's number (Jack 11, Queen 12, King 13, Ace 14)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    def symbol(self, lang: str = "en") -> str:
        """The rank as printed on a card in the language's notation (``rank.symbol.<n>`` in the catalogue):
        ``10``, ``Q`` (German ``D``).

        >>> Rank.QUEEN.symbol(), Rank.QUEEN.symbol("de"), Rank.TEN.symbol()
        ('Q', 'D', '10')
        """
        return form("rank", "symbol", str(self.value), lang)

    @property
    def ascii(self) -> str:
        """One ASCII letter, as in most poker software and the shared test vectors: ``T`` for ten."""
        return "23456789TJQKA"[self.value - 2]

    def localized(self, lang: str, spec: str = "") -> str:
        """The rank in a message: the symbol, or a word form from the catalogue (``plural``, ``the``)."""
        if not spec:
            return self.symbol(lang)

        return form("rank", spec, str(self.value), lang)


class Suit(enum.IntEnum):
    """A suit; the value is the suit's number in the card code (c d h s = 0 1 2 3)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def symbol(self) -> str:
        """``♣ ♦ ♥ ♠``."""
        return "♣♦♥♠"[self]

    @property
    def letter(self) -> str:
        """``c d h s``."""
        return "cdhs"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    def localized(self, lang: str, spec: str = "") -> str:
        """The suit in a message: its name from the catalogue, or the symbol with spec ``symbol``."""
        if spec == "symbol":
            return self.symbol

        return form("suit", spec, self.letter, lang)


@lru_cache(maxsize=1)
def _rank_text() -> dict[str, Rank]:
    """Everything a rank may be written as, upper or lower case: the ASCII notation (``T`` for ten) and
    the symbols of every catalogue language (``rank.symbol``: English J Q K A, German B D K A ...).
    English input keeps its meaning: a language may not give an English letter to another rank.
    Built on the first card read, not at import (it reads every language's catalogue)."""
    table: dict[str, Rank] = {rank.ascii: rank for rank in Rank} | {str(v): Rank(v) for v in range(2, 11)}
    for lang in LANGUAGES:
        for rank in Rank:
            symbol = rank.symbol(lang).upper()
            if table.setdefault(symbol, rank) is not rank:
                raise ValueError(f"messages/{lang}: the rank symbol {symbol!r} already stands for {table[symbol].name}")
    return table


_SUIT_TEXT: dict[str, Suit] = {
    "C": Suit.CLUBS,
    "D": Suit.DIAMONDS,
    "H": Suit.HEARTS,
    "S": Suit.SPADES,
    "♣": Suit.CLUBS,
    "♦": Suit.DIAMONDS,
    "♥": Suit.HEARTS,
    "♠": Suit.SPADES,
    "♧": Suit.CLUBS,
    "♢": Suit.DIAMONDS,
    "♡": Suit.HEARTS,
    "♤": Suit.SPADES,
}


@dataclass(frozen=True)
class Card:
    """One card of the French 52-card deck. Equal, ordered and hashed by its integer code."""

    rank: Rank
    suit: Suit
    code: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Accept plain ints but store the enums, so equal cards are equal values.
        rank, suit = Rank(self.rank), Suit(self.suit)
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "code", 4 * (rank.value - 2) + suit.value)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.code == other.code

    def __hash__(self) -> int:
        return self.code

    def __lt__(self, other: "Card") -> bool:
        return self.code < other.code

    def __le__(self, other: "Card") -> bool:
        return self.code <= other.code

    def __gt__(self, other: "Card") -> bool:
        return self.code > other.code

    def __ge__(self, other: "Card") -> bool:
        return self.code >= other.code

    @classmethod
    def from_text(cls, text: str) -> "Card":
        """Parse one card; see the module's examples for the accepted forms."""
        return parse_card(text)

    @property
    def ascii(self) -> str:
        """Two ASCII characters, ``Qc`` or ``Td``, as in the shared test vectors."""
        return self.rank.ascii + self.suit.letter

    def text(self, lang: str = "en") -> str:
        """The card with its suit symbol, the rank in the language's notation: ``Q♣`` (German ``D♣``)."""
        return self.rank.symbol(lang) + self.suit.symbol

    def localized(self, lang: str, spec: str = "") -> str:
        return self.text(lang)

    def __str__(self) -> str:
        return self.text("en")

    def __repr__(self) -> str:
        return f"Card.from_text({self.ascii!r})"

    def _repr_html_(self) -> str:
        return card_html(self)

    def _repr_svg_(self) -> str:
        """The card drawn, named in English (``holdem.render.card_svg`` for other languages and options)."""
        return card_svg(self)


_ALL_CARDS = tuple(Card(Rank(r), Suit(s)) for r in range(2, 15) for s in range(4))


def _why(reason: str, **details: object) -> Msg:
    """Why a text is not a card, with the notation to write instead, in the reader's language."""
    return Msg.of(f"cards.parse.{reason}", forms=Msg.of("cards.parse.forms"), **details)


def parse_card(text: str, position: int = 1, offset: int = 0) -> Card:
    """Parse one card from text.

    >>> parse_card("10d")
    Card.from_text('Td')
    >>> parse_card("1x")
    Traceback (most recent call last):
    ...
    pokerkit_teach.core.errors.CardParseError: card 1 '1x' (at character 1) is not a card: unknown rank '1'; write a rank (2-10, J, Q, K, A; T for 10; German B, D) and a suit (♣ ♦ ♥ ♠ or c d h s), like Qc, 10♠ or Td
    >>> parse_card("Dx").text("de")
    Traceback (most recent call last):
    ...
    pokerkit_teach.core.errors.CardParseError: card 1 'Dx' (at character 1) is not a card: unknown suit 'x'; write a rank (2-10, J, Q, K, A; T for 10; German B, D) and a suit (♣ ♦ ♥ ♠ or c d h s), like Qc, 10♠ or Td
    """
    token = text.strip()
    if not token:
        raise CardParseError(text, _why("empty"), position, offset)
    if len(token) < 2:
        raise CardParseError(token, _why("too_short"), position, offset)
    rank_text, suit_text = token[:-1], token[-1]
    rank = _rank_text().get(rank_text.upper())
    if rank is None:
        raise CardParseError(token, _why("unknown_rank", rank=quoted(rank_text)), position, offset)
    suit = _SUIT_TEXT.get(suit_text.upper())
    if suit is None:
        raise CardParseError(token, _why("unknown_suit", suit=quoted(suit_text)), position, offset)
    return _ALL_CARDS[4 * (rank.value - 2) + suit.value]


CardsLike = Union[str, Iterable[Union[str, Card]]]
# The plain English names some callers still pass as ``what``, said in every language.
_WHAT: dict[str, Msg] = {"a hand": Msg.of("errors.what.hand"), "the board": Msg.of("cards.what.board")}
_TOKEN = re.compile(r"[^\s,;]+")


def parse_cards(
    cards: CardsLike,
    count: int | tuple[int, int] | None = None,
    what: str | Msg = Msg.of("errors.what.hand"),
    distinct: bool = True,
) -> tuple[Card, ...]:
    """Parse several cards from a string (separated by spaces or commas) or a list.

    ``count`` is the number of cards required, or an inclusive ``(least, most)`` range. Cards must
    be distinct unless ``distinct`` is false.

    >>> parse_cards("Qc 8h, 8s")
    (Card.from_text('Qc'), Card.from_text('8h'), Card.from_text('8s'))
    >>> parse_cards("Qc 8h 8h")
    Traceback (most recent call last):
    ...
    pokerkit_teach.core.errors.DuplicateCardError: card 3 '8♥' is a duplicate: the same card is already card 2
    >>> parse_cards("Qc 8h", count=(5, 7))
    Traceback (most recent call last):
    ...
    pokerkit_teach.core.errors.CardCountError: a hand needs 5 to 7 cards, got 2
    """
    result: list[Card] = []
    if isinstance(cards, tuple) and all(type(item) is Card for item in cards):
        result = list(cards)
    elif isinstance(cards, str):
        for i, match in enumerate(_TOKEN.finditer(cards), start=1):
            result.append(parse_card(match.group(), i, match.start()))
    else:
        offset = 0
        for i, item in enumerate(cards, start=1):
            if isinstance(item, Card):
                result.append(item)
                offset += len(str(item)) + 1
            elif isinstance(item, str):
                result.append(parse_card(item, i, offset))
                offset += len(item) + 1
            else:
                raise CardParseError(repr(item), Msg.of("cards.parse.not_a_card"), i, offset)
    if count is not None:
        least, most = (count, count) if isinstance(count, int) else count
        if not least <= len(result) <= most:
            expected: Any = least if least == most else Msg.of("cards.range", least=least, most=most)
            raise CardCountError(len(result), expected, _WHAT.get(what, what) if isinstance(what, str) else what)
    if distinct and len({card.code for card in result}) != len(result):
        check_distinct(result)
    return tuple(result)


def format_cards(cards: Iterable[Card], lang: str = "en") -> str:
    """Cards as text separated by spaces.

    >>> format_cards(parse_cards("Qc 10s"), "de")
    'D♣ 10♠'
    """
    return " ".join(card.text(lang) for card in cards)


def french_deck() -> tuple[Card, ...]:
    """The 52 cards, in code order (2♣ 2♦ 2♥ 2♠ 3♣ ... A♠).

    >>> deck = french_deck()
    >>> len(deck), deck[0], deck[-1]
    (52, Card.from_text('2c'), Card.from_text('As'))
    """
    return _ALL_CARDS


def shuffled_deck(seed: SeedLike = None) -> tuple[Card, ...]:
    """The 52 cards shuffled by a seeded generator (an int seed or a ``numpy.random.Generator``).

    The same seed always gives the same order; no global random state is used.

    >>> shuffled_deck(7) == shuffled_deck(7), shuffled_deck(7) == shuffled_deck(8)
    (True, False)
    """
    rng = make_rng(seed)
    order = rng.permutation(52)
    return tuple(_ALL_CARDS[i] for i in order)


def card_from_code(code: int) -> Card:
    """The card with this integer code (0..51).

    >>> card_from_code(0), card_from_code(51)
    (Card.from_text('2c'), Card.from_text('As'))
    """
    try:
        index = operator.index(code)  # ints and numpy integers; not floats or text
    except TypeError:
        index = -1
    if isinstance(code, bool) or not 0 <= index < 52:
        raise CardParseError(repr(code), Msg.of("cards.parse.bad_code"))
    return _ALL_CARDS[index]


def cards_from_codes(codes: Iterable[int]) -> tuple[Card, ...]:
    """Cards from integer codes.

    >>> cards_from_codes([0, 51])
    (Card.from_text('2c'), Card.from_text('As'))
    """
    result = []
    for i, code in enumerate(codes, start=1):
        try:
            result.append(card_from_code(code))
        except CardParseError as error:
            raise CardParseError(repr(code), error.reason, i) from None
    return tuple(result)


def codes_from_cards(cards: CardsLike) -> tuple[int, ...]:
    """Integer codes of cards (text or :class:`Card` values).

    >>> codes_from_cards("2c As Td")
    (0, 51, 33)
    """
    return tuple(card.code for card in parse_cards(cards, distinct=False))
