"""Pokerdrez cards as HTML tiles in their colour, and drawn as SVG: the figure in the card's colour, with
the colour's number and name on every card, so that no card depends on telling colours apart.

>>> from pokerkit_teach.games.pokerguess.cards import DrezCard
>>> html = drez_card_html(DrezCard.from_text("B5"), "de")
>>> 'aria-label="blauer Läufer"' in html and ">L5<" in html
True
>>> picture = drez_card_svg(DrezCard.from_text("B5"), "de")
>>> "<title>blauer Läufer, Farbe 5</title>" in picture and ">Blau<" in picture and ">5<" in picture
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from pokerkit_teach.core.i18n import DEFAULT_LANGUAGE, Items, message
from pokerkit_teach.core.render import (
    CARD_HEIGHT, CARD_SIZE, CARD_WIDTH, EDGE, INK, Drawn, Svg, card_back, card_frame, face_down_label, row_html,
    row_svg, svg_picture, svg_shape, svg_text, tile_html,
)

if TYPE_CHECKING:
    from pokerkit_teach.games.pokerguess.cards import AnyDrezCard as DrezCard
    from pokerkit_teach.games.pokerguess.cards import Figure

__all__ = ["drez_card_html", "drez_cards_html", "FIGURE_SHAPES", "drez_card_label", "drez_card_body",
           "drez_card_svg", "drez_hand_svg"]


def drez_card_html(card: "DrezCard", lang: str = DEFAULT_LANGUAGE, extra_style: str = "") -> str:
    """A Pokerdrez card as a tile in its colour: the figure's letter in ``lang`` and the colour's number,
    its name for screen readers."""
    return tile_html(card.symbol(lang), card.text(lang), card.css_colour, extra_style)


def drez_cards_html(cards: Iterable["DrezCard"], lang: str = DEFAULT_LANGUAGE) -> str:
    """A row of Pokerdrez cards."""
    return row_html("".join(drez_card_html(c, lang) for c in cards))


# --- SVG: drawn cards -----------------------------------------------------------------------------------

_BASE = '<path d="M22 84 L78 84 C80 84 82 86 82 88 L82 94 L18 94 L18 88 C18 86 20 84 22 84 Z"/>'
#: The six figures as simple silhouettes in a 100 x 100 box, keyed by the figure's name (``PAWN`` ...):
#: drawn here, no images or fonts needed.
FIGURE_SHAPES = {
    "PAWN": '<circle cx="50" cy="26" r="15"/>'
            '<path d="M38 44 L62 44 L57 50 C60 62 66 74 72 84 L28 84 C34 74 40 62 43 50 Z"/>' + _BASE,
    "KNIGHT": '<path d="M28 84 L74 84 C74 62 70 40 60 26 C55 18 48 13 40 11 L38 3 L31 12 C24 16 16 30 13 42 '
              'C11 50 17 55 24 51 C31 47 36 45 44 43 C38 55 29 66 28 84 Z"/>'
              '<circle cx="36" cy="24" r="3.5" fill="#fff"/>' + _BASE,
    "BISHOP": '<circle cx="50" cy="9" r="6"/>'
              '<path d="M50 15 C38 24 32 36 36 48 C38 54 44 57 50 57 C56 57 62 54 64 48 C68 36 62 24 50 15 Z"/>'
              '<path d="M54 26 L45 40" stroke="#fff" stroke-width="5" fill="none"/>'
              '<path d="M36 58 L64 58 L64 64 L36 64 Z"/>'
              '<path d="M42 64 L58 64 C60 72 66 78 72 84 L28 84 C34 78 40 72 42 64 Z"/>' + _BASE,
    "ROOK": '<path d="M24 10 L36 10 L36 20 L44 20 L44 10 L56 10 L56 20 L64 20 L64 10 L76 10 L76 34 L66 40 '
            'L66 72 L76 84 L24 84 L34 72 L34 40 L24 34 Z"/>' + _BASE,
    "QUEEN": '<circle cx="14" cy="24" r="6"/><circle cx="32" cy="14" r="6"/><circle cx="50" cy="9" r="6"/>'
             '<circle cx="68" cy="14" r="6"/><circle cx="86" cy="24" r="6"/>'
             '<path d="M26 74 L14 26 L34 50 L32 16 L50 46 L68 16 L66 50 L86 26 L74 74 Z"/>'
             '<path d="M26 74 L74 74 L76 84 L24 84 Z"/>' + _BASE,
    "JOKER": '<path d="M28 66 C26 48 20 30 8 22 C26 20 40 32 44 48 C43 32 46 18 50 10 C54 18 57 32 56 48 '
             'C60 32 74 20 92 22 C80 30 74 48 72 66 Z"/>'
             '<circle cx="8" cy="22" r="7"/><circle cx="50" cy="9" r="7"/><circle cx="92" cy="22" r="7"/>'
             '<path d="M24 66 L76 66 L76 76 L24 76 Z"/>'
             '<path d="M30 76 L70 76 C70 84 62 90 50 90 C38 90 30 84 30 76 Z"/>',
}
_NEUTRAL = '<circle cx="50" cy="50" r="38" fill="none" stroke-width="8"/><path d="M22 78 L78 22" stroke-width="8"/>'


def drez_card_label(card: "DrezCard", lang: str = DEFAULT_LANGUAGE) -> str:
    """The card in words with its colour's number: ``Blue Bishop, colour 5`` (a neutral card by its name).

    >>> from pokerkit_teach.games.pokerguess.cards import DrezCard
    >>> drez_card_label(DrezCard.from_text("N8"), "es")
    'caballo naranja, color 8'
    """
    figure: "Figure | None" = getattr(card, "figure", None)
    if figure is None:
        return card.text(lang)
    return message("render.drez", lang, card=card.text(lang), number=card.number)


def drez_card_body(card: "DrezCard", lang: str = DEFAULT_LANGUAGE, highlight: bool = False) -> str:
    """The drawing of a card: the figure in the card's colour, outlined in dark ink so that even yellow
    stands out on white; the colour's number large in the corners and the colour's name in ``lang`` at the
    foot (in dark ink, readable whatever the colour); the figure's letter in ``lang`` beside the number."""
    figure: "Figure | None" = getattr(card, "figure", None)
    colour = card.css_colour
    band = f'<rect x="8" y="8" width="84" height="8" rx="3" fill="{colour}"/>'            f'<rect x="8" y="124" width="84" height="8" rx="3" fill="{colour}"/>'
    number = str(card.number)
    if figure is None:
        return (card_frame(highlight=highlight) + band + svg_text(12, 48, "X" + number, 30, INK, anchor="start")
                + svg_shape(_NEUTRAL, 30, 60, 40, "none", colour, 3))
    name = card.colour.localized(lang, "title")  # type: ignore[union-attr]
    return (
        card_frame(highlight=highlight)
        + band
        + svg_text(12, 50, number, 34, INK, anchor="start")
        + svg_text(88, 38, figure.symbol(lang), 20, EDGE, anchor="end")
        + svg_shape(FIGURE_SHAPES[figure.name], 21, 45, 58, colour, INK, 2.5)
        + svg_text(50, 118, name, 17, INK, fit=80)
    )


def drez_card_svg(card: "DrezCard", lang: str = DEFAULT_LANGUAGE, *, face_down: bool = False, highlight: bool = False,
                  size: float = CARD_SIZE) -> Svg:
    """A Pokerdrez card drawn as SVG, named in ``lang`` (``face_down``: its back, naming nothing)."""
    if face_down:
        return svg_picture(card_back(), face_down_label(lang), CARD_WIDTH, CARD_HEIGHT, size)
    label = drez_card_label(card, lang)
    if highlight:
        label = message("render.highlighted", lang, card=label)
    return svg_picture(drez_card_body(card, lang, highlight), label, CARD_WIDTH, CARD_HEIGHT, size)


def drez_hand_svg(cards: Iterable["DrezCard"], lang: str = DEFAULT_LANGUAGE, *, face_down: bool = False,
                  player: str | None = None, size: float = CARD_SIZE) -> Svg:
    """Pokerdrez cards in a row (``face_down``: their backs), ``player`` naming whose they are.

    >>> from pokerkit_teach.games.pokerguess.cards import parse_drez_cards
    >>> drez_hand_svg(parse_drez_cards("J1 P9"), player="Ann").count("<title>")
    3
    """
    cards = tuple(cards)
    if face_down:
        drawn = [Drawn(card_back(), face_down_label(lang)) for _ in cards]
    else:
        drawn = [Drawn(drez_card_body(card, lang), drez_card_label(card, lang)) for card in cards]
    label = message("render.hand", lang, count=len(drawn), cards=Items(d.label for d in drawn))
    if player is not None:
        label = message("render.player_hand", lang, player=player, hand=label)
    return row_svg(drawn, label, size)
