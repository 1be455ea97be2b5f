"""Pokerdrez cards, the deck of PokerGuess.

56 cards: six figures with nine cards each, every card of a figure in its own colour (the colour goes
with the number 1 to 9 printed on it), plus two neutral cards that PokerGuess leaves out.

>>> card = DrezCard.from_text("B5")
>>> str(card), card.number, card.text("de"), card.symbol("de")
('Blue Bishop', 5, 'blauer Läufer', 'L5')
>>> DrezCard.from_text("red tower") == DrezCard.from_text("Rook Red") == DrezCard.from_text("R2")
True
>>> len(pokerdrez_deck()), len(pokerdrez_deck(include_neutral=False))
(56, 54)

A card's name may be typed in any language the kit speaks, whatever the app's language: the words
come from the catalogues (``figure.words``, ``colour.words``), case and accents do not matter, an
article may stand before it, and the colour may stand before or after the figure:

>>> cards = ["Läufer Blau", "blauer Läufer", "den blauen Laeufer", "the blue bishop", "BISHOP blue"]
>>> {DrezCard.from_text(text) for text in cards} == {card}
True

The short notation is a figure letter and the colour's number. Each language has its letters (the
catalogue's ``figure.letter``: English J Q R B N P, German J D T L S B); with a language given, its
letters are read first, then the English ones, then those of the other languages:

>>> DrezCard.from_text("L5"), DrezCard.from_text("B5", "de")
(DrezCard.from_text('B5'), DrezCard.from_text('P5'))

Figures rank Joker > Queen > Rook > Bishop > Knight > Pawn. No public source orders the colours; the kit
orders them by their number (Gray 1 lowest, Green 9 highest), a documented default.

>>> DrezCard.from_text("J1") > DrezCard.from_text("Q9") > DrezCard.from_text("Q8")
True
"""

from __future__ import annotations

import enum
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Union

from pokerkit_teach.core.errors import CardCountError, CardParseError, check_distinct
from pokerkit_teach.core.i18n import DEFAULT_LANGUAGE, LANGUAGES, Msg, catalogue, form, message
from pokerkit_teach.core.rng import SeedLike, make_rng
from pokerkit_teach.games.pokerguess.render import drez_card_html, drez_card_svg

__all__ = [
    "Figure", "Colour", "DrezCard", "NeutralCard", "parse_drez_cards", "pokerdrez_deck", "shuffled_pokerdrez_deck",
    "fold_word", "input_words", "linking_words",
]


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

    def symbol(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The letter on the card's face in ``lang`` (the catalogue's ``figure.letter``): ``L`` for Läufer."""
        return form("figure", "letter", self.name.lower(), lang)

    def localized(self, lang: str, spec: str = "") -> str:
        """A form of the figure from the catalogue (``figure.<form>``; ``one`` when none is named)."""
        return form("figure", spec or "one", self.name.lower(), lang)


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
        """A form of the colour from the catalogue (``colour.<form>``; ``title`` when none is named)."""
        return form("colour", spec or "title", self.name.lower(), lang)

    @property
    def css(self) -> str:
        """The colour for drawing a card: ``#d22`` for Red."""
        return _CSS_COLOURS[self]


_CSS_COLOURS = {
    Colour.GRAY: "#777", Colour.RED: "#d22", Colour.MAGENTA: "#c2c", Colour.PURPLE: "#73c",
    Colour.BLUE: "#23c", Colour.YELLOW: "#cb0", Colour.CYAN: "#1bc", Colour.ORANGE: "#e80",
    Colour.GREEN: "#2a2",
}


def fold_word(word: str) -> str:
    """A typed word without case and accents, as input is compared: ``Läufer`` -> ``laufer``."""
    decomposed = unicodedata.normalize("NFD", word.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


@lru_cache(maxsize=None)
def input_words() -> dict[str, Union[Figure, Colour]]:
    """Every word that names a figure or a colour, in every language of the catalogues (folded)."""
    words: dict[str, Union[Figure, Colour]] = {}
    for lang in LANGUAGES:
        table = catalogue(lang)
        for kind, members in (("figure", tuple(Figure)), ("colour", tuple(Colour))):
            for member in members:
                for word in table[f"{kind}.words.{member.name.lower()}"].split():
                    known = words.setdefault(fold_word(word), member)
                    if known is not member:
                        raise ValueError(f"messages/{lang}: the input word {word!r} names both {known!r} and {member!r}")
    return words


@lru_cache(maxsize=None)
def linking_words(kind: str) -> frozenset[str]:
    """The words ``pokerguess.words.<kind>`` (``cards``, ``and``, ``links``, ``articles``) of every language, folded."""
    return frozenset(fold_word(word) for lang in LANGUAGES for word in catalogue(lang)[f"pokerguess.words.{kind}"].split())


@lru_cache(maxsize=None)
def _letters(lang: str) -> dict[str, Figure]:
    return {figure.symbol(lang).upper(): figure for figure in Figure}


def _figure_for_letter(letter: str, lang: str) -> Figure | None:
    for language in (lang, DEFAULT_LANGUAGE, *LANGUAGES):
        if letter in _letters(language):
            return _letters(language)[letter]
    return None


class _Forms:
    """How to write a card, said in the message's language (its letters, an example of each kind)."""

    def localized(self, lang: str, spec: str = "") -> str:
        example = DrezCard(Figure.BISHOP, Colour.BLUE)
        return message("pokerguess.card.forms", lang, letters=" ".join(f.symbol(lang) for f in sorted(Figure, reverse=True)),
                       short=example.symbol(lang), name=example.text(lang))


_FORMS = _Forms()


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

    def symbol(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The card's face in ``lang``: the figure's letter and the colour's number (``L5`` in German)."""
        return f"{self.figure.symbol(lang)}{self.number}"

    @classmethod
    def from_text(cls, text: str, lang: str = DEFAULT_LANGUAGE) -> "DrezCard":
        """A card from its name in any language or its short notation (``lang``'s letters first)."""
        card = parse_drez_card(text, lang=lang)
        if not isinstance(card, DrezCard):
            raise CardParseError(text, Msg.of("pokerguess.card.neutral"))
        return card

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """``Blue Bishop`` / ``blauer Läufer``."""
        return self.localized(lang, "name")

    def localized(self, lang: str, spec: str = "") -> str:
        """The card in a form of the catalogue, ``drez.<form>.<figure>``: ``name``, ``the`` (``der blaue
        Läufer``), ``the_acc`` (``den blauen Läufer``); each figure has its own template, so its gender
        is data."""
        return message(f"drez.{spec or 'name'}.{self.figure.name.lower()}", lang, colour=self.colour)

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

    def _repr_svg_(self) -> str:
        """The card drawn, named in English (``pokerguess.render.drez_card_svg`` for other languages)."""
        return drez_card_svg(self)


@dataclass(frozen=True, order=True)
class NeutralCard:
    """One of the two neutral cards (numbered 1 and 2); PokerGuess does not use them."""

    number: int

    def __post_init__(self) -> None:
        if self.number not in (1, 2):
            raise CardParseError(repr(self.number), Msg.of("pokerguess.card.neutral_number"))

    @property
    def short(self) -> str:
        return f"X{self.number}"

    def symbol(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return self.short

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return message("pokerguess.card.neutral_name", lang, number=self.number)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"NeutralCard({self.number})"

    css_colour = "#555"

    def _repr_html_(self) -> str:
        return drez_card_html(self)

    def _repr_svg_(self) -> str:
        """The card drawn, named in English (``pokerguess.render.drez_card_svg`` for other languages)."""
        return drez_card_svg(self)


AnyDrezCard = Union[DrezCard, NeutralCard]


def parse_drez_card(text: str, position: int = 1, offset: int = 0, lang: str = DEFAULT_LANGUAGE) -> AnyDrezCard:
    """Parse a Pokerdrez card: ``B5``, ``blue bishop``, ``Bishop Blue``, ``blauer Läufer``, ``X1`` (a neutral card).

    >>> parse_drez_card("horse orange"), parse_drez_card("orangefarbener Springer")
    (DrezCard.from_text('N8'), DrezCard.from_text('N8'))
    >>> parse_drez_card("B0")
    Traceback (most recent call last):
    ...
    pokerkit_teach.core.errors.CardParseError: card 1 'B0' (at character 1) is not a card: unknown colour number 0; write a figure letter (J Q R B N P) and a colour number 1 to 9 like B5, or a card's name like 'Blue Bishop'
    """
    token = text.strip()
    compact = re.fullmatch(r"([^\W\d_])(\d+)", token)
    if compact:
        letter, number = compact.group(1).upper(), compact.group(2)
        if letter == "X":
            if number in ("1", "2"):
                return NeutralCard(int(number))
            raise CardParseError(token, Msg.of("pokerguess.card.neutral_number"), position, offset)
        figure = _figure_for_letter(letter, lang)
        if figure is None:
            raise CardParseError(token, Msg.of("pokerguess.card.unknown_letter", letter=letter, forms=_FORMS), position, offset)
        if number not in {str(c.value) for c in Colour}:
            raise CardParseError(token, Msg.of("pokerguess.card.unknown_number", number=number, forms=_FORMS), position, offset)
        return DrezCard(figure, Colour(int(number)))
    words = [fold_word(w) for w in re.split(r"[\s_-]+", token) if w]
    if len(words) == 2 and words[0] in ("neutral", "neutrale") and words[1] in ("1", "2"):
        return NeutralCard(int(words[1]))
    known = input_words()
    if len(words) > 2 and words[0] in linking_words("articles"):
        words = words[1:]
    unknown = [w for w in words if w not in known]
    if unknown:
        raise CardParseError(token, Msg.of("pokerguess.card.unknown_word", word=unknown[0], forms=_FORMS), position, offset)
    figures = [known[w] for w in words if isinstance(known[w], Figure)]
    colours = [known[w] for w in words if isinstance(known[w], Colour)]
    if len(words) != 2 or len(figures) != 1 or len(colours) != 1:
        raise CardParseError(token, Msg.of("pokerguess.card.one_each", forms=_FORMS), position, offset)
    return DrezCard(Figure(figures[0]), Colour(colours[0]))


def parse_drez_cards(cards: Union[str, Iterable[Union[str, AnyDrezCard]]], count: int | None = None,
                     lang: str = DEFAULT_LANGUAGE) -> tuple[AnyDrezCard, ...]:
    """Several Pokerdrez cards, separated by commas (words) or spaces (compact form; ``lang``'s letters first).

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
            if compact_tokens and all(re.fullmatch(r"[^\W\d_]\d+", t) for t in compact_tokens):
                for match in re.finditer(r"\S+", part):
                    result.append(parse_drez_card(match.group(), len(result) + 1, offset + match.start(), lang))
            elif part.strip():
                result.append(parse_drez_card(part, len(result) + 1, offset + len(part) - len(part.lstrip()), lang))
            offset += len(part)
    else:
        for i, item in enumerate(cards, start=1):
            result.append(item if isinstance(item, (DrezCard, NeutralCard)) else parse_drez_card(item, i, lang=lang))
    if count is not None and len(result) != count:
        raise CardCountError(len(result), count, Msg.of("pokerguess.card.what_list"))
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
