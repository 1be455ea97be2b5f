"""Pokerface tokens drawn as SVG: numbered chips in the colour of their round's suit.

A token is a card of the round's suit (the Ace is the 1); on the table it is drawn as a round chip with
its number and its suit, named in words for screen readers.

>>> from pokerkit_teach.holdem.cards import Suit
>>> from pokerkit_teach.games.pokerface.events import Token
>>> picture = token_svg(Token(Suit.DIAMONDS, 3), "de")
>>> "<title>Marke 3 der Markenrunde Karo</title>" in picture and ">3<" in picture
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from pokerkit_teach.core.i18n import DEFAULT_LANGUAGE, Items, message
from pokerkit_teach.core.render import Svg, escape, svg_picture, svg_text
from pokerkit_teach.holdem.render import suit_colour, suit_shape

if TYPE_CHECKING:
    from pokerkit_teach.games.pokerface.events import Token

__all__ = ["TOKEN_SIZE", "token_label", "token_body", "token_svg", "tokens_svg"]

TOKEN_SIZE = 64
"""The width in pixels a token is shown at unless told otherwise (its number is then 22 pixels high)."""
_TOKEN_BOX = 100
_GAP = 10


def _face(token: "Token") -> str:
    return "A" if token.number == 1 else str(token.number)


def token_label(token: "Token", lang: str = DEFAULT_LANGUAGE) -> str:
    """The token in words: ``token 3 of the diamonds round`` (the 1 is the Ace: ``token A ...``).

    >>> from pokerkit_teach.holdem.cards import Suit
    >>> from pokerkit_teach.games.pokerface.events import Token
    >>> token_label(Token(Suit.CLUBS, 1), "es")
    'ficha A de la ronda de tréboles'
    """
    return message("render.token", lang, face=_face(token), suit=token.suit)


def token_body(token: "Token", four_colour: bool = True, highlight: bool = False) -> str:
    """The chip in a 100 x 100 box: a ring in the suit's colour with white edge marks, and in its white
    middle the number above the suit."""
    colour = suit_colour(token.suit, four_colour)
    marks = "".join(
        f'<rect x="45" y="3" width="10" height="14" rx="2" fill="#fff" transform="rotate({angle} 50 50)"/>'
        for angle in range(0, 360, 45)
    )
    ring = '<circle cx="50" cy="50" r="47" fill="#fff" stroke="#1a5fb4" stroke-width="6"/>' if highlight else ""
    return (
        ring
        + f'<circle cx="50" cy="50" r="{44 if highlight else 48}" fill="{colour}" stroke="#333" stroke-width="2"/>'
        + marks
        + '<circle cx="50" cy="50" r="33" fill="#fff" stroke="#333" stroke-width="1.5"/>'
        + svg_text(50, 56, _face(token), 34, colour)
        + suit_shape(token.suit, 42, 61, 16, four_colour)
    )


def token_svg(token: "Token", lang: str = DEFAULT_LANGUAGE, *, four_colour: bool = True, highlight: bool = False,
              size: float = TOKEN_SIZE) -> Svg:
    """A token drawn as a chip, ``size`` pixels wide, named in ``lang``. Each round's suit has its own
    colour unless ``four_colour`` is false (then clubs and spades are both black, as on red-and-black
    cards); ``highlight`` rings it in blue.

    >>> from pokerkit_teach.holdem.cards import Suit
    >>> from pokerkit_teach.games.pokerface.events import Token
    >>> "#17702c" in token_svg(Token(Suit.CLUBS, 2)), "#17702c" in token_svg(Token(Suit.CLUBS, 2), four_colour=False)
    (True, False)
    """
    label = token_label(token, lang)
    if highlight:
        label = message("render.highlighted", lang, card=label)
    return svg_picture(token_body(token, four_colour, highlight), label, _TOKEN_BOX, _TOKEN_BOX, size)


def tokens_svg(tokens: Iterable["Token"], lang: str = DEFAULT_LANGUAGE, *, four_colour: bool = True,
               size: float = TOKEN_SIZE) -> Svg:
    """Tokens side by side (like a player's row of tokens, one per round), named together.

    >>> from pokerkit_teach.holdem.cards import Suit
    >>> from pokerkit_teach.games.pokerface.events import Token
    >>> row = tokens_svg([Token(Suit.CLUBS, 1), Token(Suit.DIAMONDS, 4)])
    >>> "<title>tokens: token A of the clubs round and token 4 of the diamonds round</title>" in row
    True
    """
    tokens = tuple(tokens)
    parts = [
        f'<svg x="{i * (_TOKEN_BOX + _GAP)}" y="0" width="{_TOKEN_BOX}" height="{_TOKEN_BOX}" '
        f'viewBox="0 0 {_TOKEN_BOX} {_TOKEN_BOX}"><title>{escape(token_label(token, lang))}</title>'
        f"{token_body(token, four_colour)}</svg>"
        for i, token in enumerate(tokens)
    ]
    width = max(1, len(tokens)) * (_TOKEN_BOX + _GAP) - _GAP
    label = message("render.tokens", lang, tokens=Items(token_label(token, lang) for token in tokens))
    return svg_picture("".join(parts), label, width, _TOKEN_BOX, size * width / _TOKEN_BOX)
