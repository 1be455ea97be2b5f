"""Pokerdrez cards as HTML tiles in their colour.

>>> from pokerkit_teach.pokerguess.cards import DrezCard
>>> 'aria-label="Läufer Blau"' in drez_card_html(DrezCard.from_text("B5"), "de")
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
    """A Pokerdrez card as a tile in its colour: figure letter and number, its name for screen readers."""
    return tile_html(card.short, card.text(lang), card.css_colour, extra_style)


def drez_cards_html(cards: Iterable["DrezCard"], lang: str = DEFAULT_LANGUAGE) -> str:
    """A row of Pokerdrez cards."""
    return row_html("".join(drez_card_html(c, lang) for c in cards))
