"""HTML for notebooks: French cards and Hold'em hands that draw themselves.

Pure functions returning strings; the engine's values call them from ``_repr_html_`` (a text tile) and
``_repr_svg_`` (a drawn card). Every card carries a text alternative (``aria-label``, and a ``<title>`` in
SVG) for screen readers.

>>> from pokerkit_teach.holdem.cards import Card
>>> 'aria-label="Queen of clubs"' in card_html(Card.from_text("Qc"))
True
>>> '<title>Pik Ass</title>' in card_svg(Card.from_text("As"), "de")
True
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Collection, Iterable

from pokerkit_teach.core.i18n import DEFAULT_LANGUAGE, Items, message
from pokerkit_teach.core.render import (
    CARD_HEIGHT, CARD_SIZE, CARD_STYLE, CARD_WIDTH, DIM_STYLE, KEPT_STYLE, Drawn, Svg, card_back, card_frame,
    face_down_label, row_html, row_svg, svg_picture, svg_shape, svg_text,
)

if TYPE_CHECKING:
    from pokerkit_teach.holdem.cards import Card, Suit
    from pokerkit_teach.holdem.ranking import HandResult

__all__ = [
    "card_label", "card_html", "cards_html", "hand_result_html",
    "SUIT_SHAPES", "suit_colour", "suit_shape", "card_body", "card_svg", "hand_svg", "hand_result_svg",
]


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


# --- SVG: drawn cards -----------------------------------------------------------------------------------

#: The four suits as paths in a 100 x 100 box, in suit order (clubs, diamonds, hearts, spades): drawn
#: here, so a card looks the same whatever fonts the computer has.
SUIT_SHAPES = (
    '<circle cx="50" cy="27" r="20"/><circle cx="26" cy="57" r="20"/><circle cx="74" cy="57" r="20"/>'
    '<circle cx="50" cy="52" r="12"/><path d="M45 50 L55 50 C56 72 62 86 72 96 L28 96 C38 86 44 72 45 50 Z"/>',
    '<path d="M50 2 L88 50 L50 98 L12 50 Z"/>',
    '<path d="M50 94 C22 70 4 52 4 30 C4 14 16 4 29 4 C39 4 46 10 50 19 C54 10 61 4 71 4 C84 4 96 14 96 30 '
    'C96 52 78 70 50 94 Z"/>',
    '<path d="M50 3 C78 28 96 44 96 62 C96 76 85 84 73 84 C64 84 57 80 54 74 C55 84 59 91 68 97 L32 97 '
    'C41 91 45 84 46 74 C43 80 36 84 27 84 C15 84 4 76 4 62 C4 44 22 28 50 3 Z"/>',
)
_TWO_COLOURS = ("#111", "#c00", "#c00", "#111")
#: Four colours for a projector, one per suit: spades black, hearts red, diamonds blue, clubs green
#: (each at least 4.5:1 against white, so the rank printed in it reads well).
_FOUR_COLOURS = ("#17702c", "#1a4fc4", "#c00", "#111")


def suit_colour(suit: "Suit", four_colour: bool = False) -> str:
    """The colour a suit is drawn in: red and black, or with ``four_colour`` one colour per suit.

    >>> from pokerkit_teach.holdem.cards import Suit
    >>> suit_colour(Suit.DIAMONDS), suit_colour(Suit.DIAMONDS, four_colour=True)
    ('#c00', '#1a4fc4')
    """
    return (_FOUR_COLOURS if four_colour else _TWO_COLOURS)[suit]


def suit_shape(suit: "Suit", x: float, y: float, size: float, four_colour: bool = False) -> str:
    """The suit's shape, ``size`` units wide with its corner at ``(x, y)``."""
    return svg_shape(SUIT_SHAPES[suit], x, y, size, suit_colour(suit, four_colour))


def card_body(card: "Card", lang: str = DEFAULT_LANGUAGE, four_colour: bool = False, highlight: bool = False) -> str:
    """The drawing of a face-up card in a card box: the rank in the language's notation and the suit in the
    upper left corner and, turned round, the lower right; a large suit in the middle."""
    colour = suit_colour(card.suit, four_colour)
    corner = svg_text(8, 35, card.rank.symbol(lang), 31, colour, anchor="start", fit=34) + suit_shape(
        card.suit, 9, 42, 22, four_colour)
    return (
        card_frame(highlight=highlight)
        + corner
        + f'<g transform="rotate(180 {CARD_WIDTH / 2} {CARD_HEIGHT / 2})">{corner}</g>'
        + suit_shape(card.suit, 30, 50, 40, four_colour)
    )


def card_svg(card: "Card", lang: str = DEFAULT_LANGUAGE, *, four_colour: bool = False, face_down: bool = False,
             highlight: bool = False, size: float = CARD_SIZE) -> Svg:
    """A card drawn as SVG, ``size`` pixels wide, named in ``lang`` for screen readers. ``face_down``
    draws its back (and names no rank or suit); ``highlight`` outlines it in blue; ``four_colour`` gives
    each suit its own colour for a projector.

    >>> from pokerkit_teach.holdem.cards import Card
    >>> picture = card_svg(Card.from_text("Td"), "es", four_colour=True)
    >>> "<title>10 de diamantes</title>" in picture, "#1a4fc4" in picture
    (True, True)
    >>> "diamantes" in card_svg(Card.from_text("Td"), "es", face_down=True)
    False
    """
    if face_down:
        return svg_picture(card_back(), face_down_label(lang), CARD_WIDTH, CARD_HEIGHT, size)
    label = card_label(card, lang)
    if highlight:
        label = message("render.highlighted", lang, card=label)
    return svg_picture(card_body(card, lang, four_colour, highlight), label, CARD_WIDTH, CARD_HEIGHT, size)


def hand_svg(cards: Iterable["Card"], lang: str = DEFAULT_LANGUAGE, best: Collection["Card"] | None = None, *,
             four_colour: bool = False, face_down: bool = False, player: str | None = None,
             size: float = CARD_SIZE) -> Svg:
    """Cards in a row. With ``best`` (like the best five of a hand), those cards are outlined and raised
    and the others dimmed, and the words say which they are; ``face_down`` shows only the backs;
    ``player`` names whose hand it is.

    >>> from pokerkit_teach.holdem.cards import parse_cards
    >>> hand = parse_cards("As Ks Qs Js Ts 2c 3d")
    >>> picture = hand_svg(hand, "en", best=hand[:5])
    >>> "7 cards: Ace of spades, King of spades" in picture and "the best five: Ace of spades" in picture
    True
    """
    cards = tuple(cards)
    if face_down:
        drawn = [Drawn(card_back(), face_down_label(lang)) for _ in cards]
        label = message("render.hand", lang, count=len(cards), cards=Items(d.label for d in drawn))
    else:
        picked = set(best) if best is not None else set()
        drawn = [
            Drawn(card_body(card, lang, four_colour, card in picked), card_label(card, lang),
                  raised=card in picked, dimmed=best is not None and card not in picked)
            for card in cards
        ]
        labels = Items(card_label(card, lang) for card in cards)
        if best is None:
            label = message("render.hand", lang, count=len(cards), cards=labels)
        else:
            label = message("render.hand_best", lang, count=len(cards), cards=labels,
                            best=Items(card_label(card, lang) for card in cards if card in picked))
    if player is not None:
        label = message("render.player_hand", lang, player=player, hand=label)
    return row_svg(drawn, label, size)


def hand_result_svg(result: "HandResult", lang: str = DEFAULT_LANGUAGE, *, four_colour: bool = False,
                    size: float = CARD_SIZE) -> Svg:
    """All cards of a ranked hand, its best five raised and outlined.

    >>> from pokerkit_teach.holdem.ranking import best_hand
    >>> "the best five" in hand_result_svg(best_hand("Qc Qd 8h 8s 5c 3d 2h"))
    True
    """
    return hand_svg(result.cards, lang, result.best_five, four_colour=four_colour, size=size)
