"""Pokerdrez cards, the deck of PokerGuess.

56 cards: six figures with nine cards each, every card of a figure in its own colour (the colour goes
with the number 1 to 9 printed on it), plus two neutral cards that PokerGuess leaves out.

>>> card = DrezCard.from_text("B5")
>>> str(card), card.number
('Blue Bishop', 5)
>>> card.text("de")
'Läufer Blau'
>>> DrezCard.from_text("red tower") == DrezCard.from_text("Rook Red") == DrezCard.from_text("R2")
True
>>> len(pokerdrez_deck()), len(pokerdrez_deck(include_neutral=False))
(56, 54)

Figures rank Joker > Queen > Rook > Bishop > Knight > Pawn. No public source orders the colours; the kit
orders them by their number (Gray 1 lowest, Green 9 highest), a documented default.

>>> DrezCard.from_text("J1") > DrezCard.from_text("Q9") > DrezCard.from_text("Q8")
True
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from typing import Iterable, Union

from pokerkit_teach.core.errors import CardCountError, CardParseError, check_distinct
from pokerkit_teach.core.i18n import DEFAULT_LANGUAGE, form, message
from pokerkit_teach.core.rng import SeedLike, make_rng
from pokerkit_teach.pokerguess.render import drez_card_html

__all__ = ["Figure", "Colour", "DrezCard", "NeutralCard", "parse_drez_cards", "pokerdrez_deck", "shuffled_pokerdrez_deck"]


class Figure(enum.IntEnum):
    """The six figures; a larger value ranks higher (the Joker is the highest)."""

    PAWN = 1
    KNIGHT = 2
    BISHOP = 3
    ROOK = 4
    QUEEN = 5
    JOKER = 6

    @property
    def letter(self) -> str:
        """``J Q R B N P`` (N for kNight, as in chess notation)."""
        return {Figure.JOKER: "J", Figure.QUEEN: "Q", Figure.ROOK: "R", Figure.BISHOP: "B",
                Figure.KNIGHT: "N", Figure.PAWN: "P"}[self]

    def localized(self, lang: str, spec: str = "") -> str:
        return form("figure", spec, self.name.lower(), lang)


class Colour(enum.IntEnum):
    """The nine colours; the value is the number printed on the card in that colour."""

    GRAY = 1
    RED = 2
    MAGENTA = 3
    PURPLE = 4
    BLUE = 5
    YELLOW = 6
    CYAN = 7
    ORANGE = 8
    GREEN = 9

    def localized(self, lang: str, spec: str = "") -> str:
        return form("colour", spec, self.name.lower(), lang)

    @property
    def css(self) -> str:
        """The colour for drawing a card: ``#d22`` for Red."""
        return _CSS_COLOURS[self]


_CSS_COLOURS = {
    Colour.GRAY: "#777", Colour.RED: "#d22", Colour.MAGENTA: "#c2c", Colour.PURPLE: "#73c",
    Colour.BLUE: "#23c", Colour.YELLOW: "#cb0", Colour.CYAN: "#1bc", Colour.ORANGE: "#e80",
    Colour.GREEN: "#2a2",
}
_FIGURE_WORDS = {f.name.lower(): f for f in Figure} | {"tower": Figure.ROOK, "horse": Figure.KNIGHT}
_FIGURE_LETTERS = {f.letter: f for f in Figure}
_COLOUR_WORDS = {c.name.lower(): c for c in Colour} | {"grey": Colour.GRAY}
_FORMS = "a figure letter (J Q R B N P) and a colour number 1-9 like B5, or words like 'blue bishop'"


@dataclass(frozen=True, order=True)
class DrezCard:
    """One of the 54 playing cards of the Pokerdrez deck: a figure in a colour."""

    figure: Figure
    colour: Colour

    def __post_init__(self) -> None:
        object.__setattr__(self, "figure", Figure(self.figure))
        object.__setattr__(self, "colour", Colour(self.colour))

    @property
    def number(self) -> int:
        """The number printed on the card (1 to 9), which goes with its colour."""
        return self.colour.value

    @property
    def short(self) -> str:
        """Figure letter and colour number: ``B5``."""
        return f"{self.figure.letter}{self.number}"

    @classmethod
    def from_text(cls, text: str) -> "DrezCard":
        card = parse_drez_card(text)
        if not isinstance(card, DrezCard):
            raise CardParseError(text, "a neutral card has no figure or colour")
        return card

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """``Blue Bishop`` / ``Blauer Läufer``."""
        return _card_words(self, lang)

    def localized(self, lang: str, spec: str = "") -> str:
        return self.text(lang)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"DrezCard.from_text({self.short!r})"

    @property
    def css_colour(self) -> str:
        """The colour its tile is drawn in."""
        return self.colour.css

    def _repr_html_(self) -> str:
        return drez_card_html(self)


def _card_words(card: DrezCard, lang: str) -> str:
    return message("drez.card", lang, colour=card.colour, figure=card.figure)


@dataclass(frozen=True, order=True)
class NeutralCard:
    """One of the two neutral cards (numbered 1 and 2); PokerGuess does not use them."""

    number: int

    def __post_init__(self) -> None:
        if self.number not in (1, 2):
            raise CardParseError(repr(self.number), "the neutral cards are numbered 1 and 2")

    @property
    def short(self) -> str:
        return f"X{self.number}"

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return message("drez.neutral", lang, number=self.number)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"NeutralCard({self.number})"

    css_colour = "#555"

    def _repr_html_(self) -> str:
        return drez_card_html(self)


AnyDrezCard = Union[DrezCard, NeutralCard]


def parse_drez_card(text: str, position: int = 1, offset: int = 0) -> AnyDrezCard:
    """Parse a Pokerdrez card: ``B5``, ``blue bishop``, ``Bishop Blue``, ``X1`` (a neutral card).

    >>> parse_drez_card("horse orange")
    DrezCard.from_text('N8')
    >>> parse_drez_card("B0")
    Traceback (most recent call last):
    ...
    pokerkit_teach.core.errors.CardParseError: card 1 'B0' (at character 0) is not a card: unknown colour number '0'; write a figure letter (J Q R B N P) and a colour number 1-9 like B5, or words like 'blue bishop'
    """
    token = text.strip()
    compact = re.fullmatch(r"([A-Za-z])(\d+)", token)
    if compact:
        letter, number = compact.group(1).upper(), compact.group(2)
        if letter == "X":
            if number in ("1", "2"):
                return NeutralCard(int(number))
            raise CardParseError(token, "the neutral cards are X1 and X2", position, offset)
        figure = _FIGURE_LETTERS.get(letter)
        if figure is None:
            raise CardParseError(token, f"unknown figure letter {letter!r}; write {_FORMS}", position, offset)
        if number not in {str(c.value) for c in Colour}:
            raise CardParseError(token, f"unknown colour number {number!r}; write {_FORMS}", position, offset)
        return DrezCard(figure, Colour(int(number)))
    words = re.split(r"[\s_-]+", token.lower())
    if len(words) == 2 and words[0] == "neutral" and words[1] in ("1", "2"):
        return NeutralCard(int(words[1]))
    figures = [_FIGURE_WORDS[w] for w in words if w in _FIGURE_WORDS]
    colours = [_COLOUR_WORDS[w] for w in words if w in _COLOUR_WORDS]
    unknown = [w for w in words if w not in _FIGURE_WORDS and w not in _COLOUR_WORDS]
    if len(words) != 2 or unknown or len(figures) != 1 or len(colours) != 1:
        reason = f"unknown word {unknown[0]!r}" if unknown else "needs one figure and one colour"
        raise CardParseError(token, f"{reason}; write {_FORMS}", position, offset)
    return DrezCard(figures[0], colours[0])


def parse_drez_cards(cards: Union[str, Iterable[Union[str, AnyDrezCard]]], count: int | None = None) -> tuple[AnyDrezCard, ...]:
    """Several Pokerdrez cards, separated by commas (words) or spaces (compact form).

    >>> parse_drez_cards("B5 B8, red tower")
    (DrezCard.from_text('B5'), DrezCard.from_text('B8'), DrezCard.from_text('R2'))
    """
    result: list[AnyDrezCard] = []
    if isinstance(cards, str):
        offset = 0
        for part in re.split(r"(,)", cards):
            if part == ",":
                offset += 1
                continue
            compact_tokens = part.split()
            if compact_tokens and all(re.fullmatch(r"[A-Za-z]\d+", t) for t in compact_tokens):
                for match in re.finditer(r"\S+", part):
                    result.append(parse_drez_card(match.group(), len(result) + 1, offset + match.start()))
            elif part.strip():
                result.append(parse_drez_card(part, len(result) + 1, offset + len(part) - len(part.lstrip())))
            offset += len(part)
    else:
        for i, item in enumerate(cards, start=1):
            result.append(item if isinstance(item, (DrezCard, NeutralCard)) else parse_drez_card(item, i))
    if count is not None and len(result) != count:
        raise CardCountError(len(result), str(count), "this list")
    check_distinct(result)
    return tuple(result)


def pokerdrez_deck(include_neutral: bool = True) -> tuple[AnyDrezCard, ...]:
    """The Pokerdrez deck: 54 figure cards (highest figure first), then the two neutral cards."""
    cards: list[AnyDrezCard] = [DrezCard(f, c) for f in sorted(Figure, reverse=True) for c in Colour]
    if include_neutral:
        cards += [NeutralCard(1), NeutralCard(2)]
    return tuple(cards)


def shuffled_pokerdrez_deck(seed: SeedLike = None, include_neutral: bool = False) -> tuple[AnyDrezCard, ...]:
    """The deck shuffled by a seeded generator (PokerGuess leaves the neutral cards out).

    >>> shuffled_pokerdrez_deck(3) == shuffled_pokerdrez_deck(3)
    True
    """
    deck = pokerdrez_deck(include_neutral)
    return tuple(deck[i] for i in make_rng(seed).permutation(len(deck)))
