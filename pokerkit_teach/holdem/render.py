"""HTML for notebooks: French cards and Hold'em hands that draw themselves.

Pure functions returning strings; the engine's values call them from ``_repr_html_``. Every card carries
a text alternative (``aria-label``) for screen readers.

>>> from pokerkit_teach.holdem.cards import Card
>>> 'aria-label="Queen of clubs"' in card_html(Card.from_text("Qc"))
True
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Iterable

from pokerkit_teach.core.i18n import DEFAULT_LANGUAGE, message
from pokerkit_teach.core.render import CARD_STYLE, DIM_STYLE, KEPT_STYLE, row_html

if TYPE_CHECKING:
    from pokerkit_teach.holdem.cards import Card
    from pokerkit_teach.holdem.ranking import HandResult



def card_label(card: "Card", lang: str = DEFAULT_LANGUAGE) -> str:
    """The card in words, for screen readers, in the word order of the catalogue's ``card.label``:
    ``Queen of clubs`` / ``Kreuz Dame``.

    >>> from pokerkit_teach.holdem.cards import Card
    >>> card_label(Card.from_text("Qc"), "de")
    'Kreuz Dame'
    """
    return message("card.label", lang, rank=card.rank, suit=card.suit)


def card_html(card: "Card", lang: str = DEFAULT_LANGUAGE, extra_style: str = "") -> str:
    """One card as a small HTML tile, red for diamonds and hearts."""
    colour = "#c00" if card.suit.is_red else "#111"
    return (
        f'<span class="pkt-card" role="img" aria-label="{html.escape(card_label(card, lang))}" '
        f'style="{CARD_STYLE}color:{colour};{extra_style}">{html.escape(card.text(lang))}</span>'
    )


def cards_html(cards: Iterable["Card"], lang: str = DEFAULT_LANGUAGE) -> str:
    """A row of cards."""
    return row_html("".join(card_html(c, lang) for c in cards))


def hand_result_html(result: "HandResult", lang: str = DEFAULT_LANGUAGE) -> str:
    """All cards of a hand, the best five outlined and the others dimmed, with the hand's name."""
    tiles = "".join(
        card_html(card, lang, KEPT_STYLE if card in result.best_five else DIM_STYLE)
        for card in result.cards
    )
    caption = html.escape(result.describe(lang))
    strength = html.escape(message("render.strength", lang, strength=result.strength))
    return f'<div class="pkt-hand"><div>{tiles}</div><div><b>{caption}</b> ({strength})</div></div>'
