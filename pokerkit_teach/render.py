"""HTML for notebooks: cards and hands that draw themselves.

Pure functions returning strings; the engine's values call them from ``_repr_html_``. Every card carries
a text alternative (``aria-label``) for screen readers.

>>> from pokerkit_teach.cards import Card
>>> 'aria-label="Queen of clubs"' in card_html(Card.from_text("Qc"))
True
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Iterable

from .i18n import DEFAULT_LANGUAGE, catalogue, message

if TYPE_CHECKING:
    from .cards import Card
    from .drez import DrezCard
    from .holdem import HandResult

_CARD_STYLE = (
    "display:inline-block;min-width:2.2em;padding:0.25em 0.35em;margin:0.1em;border:1px solid #888;"
    "border-radius:0.3em;background:#fff;font:bold 1.1em/1.2 sans-serif;text-align:center;"
)
_DIM_STYLE = "opacity:0.45;"
_KEPT_STYLE = "box-shadow:0 0 0 2px #2a7ae2;"


def card_label(card: "Card", lang: str = DEFAULT_LANGUAGE) -> str:
    """The card in words, for screen readers: ``Queen of clubs`` / ``Kreuz Dame``.

    >>> from pokerkit_teach.cards import Card
    >>> card_label(Card.from_text("Qc"), "de")
    'Kreuz Dame'
    """
    table = catalogue(lang)
    rank = table[f"rank.name.{card.rank.value}"]
    suit = table[f"suit.name.{card.suit.letter}"]
    return f"{suit} {rank}" if lang == "de" else f"{rank} of {suit}"


def card_html(card: "Card", lang: str = DEFAULT_LANGUAGE, extra_style: str = "") -> str:
    """One card as a small HTML tile, red for diamonds and hearts."""
    colour = "#c00" if card.suit.is_red else "#111"
    return (
        f'<span class="pkt-card" role="img" aria-label="{html.escape(card_label(card, lang))}" '
        f'style="{_CARD_STYLE}color:{colour};{extra_style}">{html.escape(card.text(lang))}</span>'
    )


def cards_html(cards: Iterable["Card"], lang: str = DEFAULT_LANGUAGE) -> str:
    """A row of cards."""
    return '<span class="pkt-cards">' + "".join(card_html(c, lang) for c in cards) + "</span>"


def hand_result_html(result: "HandResult", lang: str = DEFAULT_LANGUAGE) -> str:
    """All cards of a hand, the best five outlined and the others dimmed, with the hand's name."""
    tiles = "".join(
        card_html(card, lang, _KEPT_STYLE if card in result.best_five else _DIM_STYLE)
        for card in result.cards
    )
    caption = html.escape(result.describe(lang))
    strength = html.escape(message("render.strength", lang, strength=result.strength))
    return f'<div class="pkt-hand"><div>{tiles}</div><div><b>{caption}</b> ({strength})</div></div>'


def tile_html(face: str, label: str, colour: str = "#111", extra_style: str = "") -> str:
    """A card tile for any card system: ``face`` is shown, ``label`` read out by screen readers."""
    return (
        f'<span class="pkt-card" role="img" aria-label="{html.escape(label)}" '
        f'style="{_CARD_STYLE}color:{colour};{extra_style}">{html.escape(face)}</span>'
    )


def drez_card_html(card: "DrezCard", lang: str = DEFAULT_LANGUAGE, extra_style: str = "") -> str:
    """A Pokerdrez card as a tile in its colour: figure letter and number, its name for screen readers.

    >>> from pokerkit_teach.drez import DrezCard
    >>> 'aria-label="Läufer Blau"' in drez_card_html(DrezCard.from_text("B5"), "de")
    True
    """
    return tile_html(card.short, card.text(lang), card.colour.css, extra_style)


def drez_cards_html(cards: Iterable["DrezCard"], lang: str = DEFAULT_LANGUAGE) -> str:
    """A row of Pokerdrez cards."""
    return '<span class="pkt-cards">' + "".join(drez_card_html(c, lang) for c in cards) + "</span>"
