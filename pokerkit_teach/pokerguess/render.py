"""Pokerdrez cards as HTML tiles in their colour.

>>> from pokerkit_teach.pokerguess.cards import DrezCard
>>> html = drez_card_html(DrezCard.from_text("B5"), "de")
>>> 'aria-label="blauer Läufer"' in html and ">L5<" in html
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from pokerkit_teach.core.i18n import DEFAULT_LANGUAGE
from pokerkit_teach.core.render import row_html, tile_html

if TYPE_CHECKING:
    from pokerkit_teach.pokerguess.cards import AnyDrezCard as DrezCard

__all__ = ["drez_card_html", "drez_cards_html"]


def drez_card_html(card: "DrezCard", lang: str = DEFAULT_LANGUAGE, extra_style: str = "") -> str:
    """A Pokerdrez card as a tile in its colour: the figure's letter in ``lang`` and the colour's number,
    its name for screen readers."""
    return tile_html(card.symbol(lang), card.text(lang), card.css_colour, extra_style)


def drez_cards_html(cards: Iterable["DrezCard"], lang: str = DEFAULT_LANGUAGE) -> str:
    """A row of Pokerdrez cards."""
    return row_html("".join(drez_card_html(c, lang) for c in cards))
