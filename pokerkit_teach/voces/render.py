"""Póker a Voces cards as HTML tiles: value and suit symbol in the suit's colour, a special card by its
name, each with its name in words for screen readers.

>>> from pokerkit_teach.voces.cards import VocesCard
>>> 'aria-label="K■ (King of suit 3)"' in voces_card_html(VocesCard.from_text("Ks3"))
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from pokerkit_teach.core.i18n import DEFAULT_LANGUAGE
from pokerkit_teach.core.render import row_html, tile_html

if TYPE_CHECKING:
    from pokerkit_teach.voces.cards import AnyVocesCard

__all__ = ["voces_card_html", "voces_cards_html"]


def voces_card_html(card: "AnyVocesCard", lang: str = DEFAULT_LANGUAGE, extra_style: str = "") -> str:
    """One card as a tile."""
    return tile_html(card.text(lang), card.label(lang), card.colour, extra_style)


def voces_cards_html(cards: Iterable["AnyVocesCard"], lang: str = DEFAULT_LANGUAGE, extra_style: str = "") -> str:
    """A row of cards."""
    return row_html("".join(voces_card_html(c, lang, extra_style) for c in cards))
