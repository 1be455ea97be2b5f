"""Póker a Voces cards as HTML tiles and as SVG pictures: value and suit symbol in the suit's colour, a
special card by its name, each with its name in words for screen readers.

>>> from pokerkit_teach.games.voces.cards import VocesCard, SpecialCard, Special
>>> 'aria-label="K■ (King of suit 3)"' in voces_card_html(VocesCard.from_text("Ks3"))
True

Drawn, each suit has its own shape and colour, and each special card is an animal with its name:

>>> "<title>Waschbär</title>" in voces_card_svg(SpecialCard(Special.RACCOON), "de")
True
>>> "<title>Raccoon standing for K■ (King of suit 3)</title>" in voces_wild_svg(SpecialCard(Special.RACCOON), VocesCard.from_text("Ks3"))
True
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Collection, Iterable, Mapping

from pokerkit_teach.core.i18n import DEFAULT_LANGUAGE, Items, message
from pokerkit_teach.core.render import (
    CARD_HEIGHT, CARD_SIZE, CARD_WIDTH, Drawn, Svg, card_back, card_frame, face_down_label, row_html, row_svg,
    stand_in, svg_picture, svg_shape, svg_text, tile_html,
)

if TYPE_CHECKING:
    from pokerkit_teach.games.voces.cards import AnyVocesCard, SpecialCard, VocesCard
    from pokerkit_teach.games.voces.ranking import VocesHand

__all__ = [
    "voces_card_html", "voces_cards_html", "SUIT_SHAPES", "ANIMALS", "voces_card_body", "voces_card_svg",
    "voces_wild_svg", "voces_hand_svg", "voces_ranked_svg",
]


def voces_card_html(card: "AnyVocesCard", lang: str = DEFAULT_LANGUAGE, extra_style: str = "") -> str:
    """One card as a tile."""
    return tile_html(card.text(lang), card.label(lang), card.colour, extra_style)


def voces_cards_html(cards: Iterable["AnyVocesCard"], lang: str = DEFAULT_LANGUAGE, extra_style: str = "") -> str:
    """A row of cards."""
    return row_html("".join(voces_card_html(c, lang, extra_style) for c in cards))


# --- SVG: drawn cards -----------------------------------------------------------------------------------


def _star() -> str:
    points = []
    for i in range(10):
        radius = 48 if i % 2 == 0 else 20
        angle = math.pi * (i / 5 - 0.5)
        points.append(f"{50 + radius * math.cos(angle):.1f} {54 + radius * math.sin(angle):.1f}")
    return '<path d="M' + " L".join(points) + ' Z"/>'


#: The seven suits' shapes in a 100 x 100 box, in suit order (``● ▲ ■ ◆ ★ ✚ ☾``), drawn here so the suits
#: differ by shape as well as by colour.
SUIT_SHAPES = (
    '<circle cx="50" cy="50" r="44"/>',
    '<path d="M50 6 L96 90 L4 90 Z"/>',
    '<rect x="10" y="10" width="80" height="80"/>',
    '<path d="M50 2 L90 50 L50 98 L10 50 Z"/>',
    _star(),
    '<path d="M36 6 H64 V36 H94 V64 H64 V94 H36 V64 H6 V36 H36 Z"/>',
    '<path d="M52.9 4.1 A46 46 0 1 0 91.9 69.1 A38 38 0 1 1 52.9 4.1 Z"/>',
)

#: The five animals of the special cards as small pictures in a 100 x 100 box, keyed by ``Special`` value.
ANIMALS = {
    "emperor_penguin": (
        '<ellipse cx="50" cy="56" rx="28" ry="38" fill="#1b1b1b"/>'
        '<ellipse cx="50" cy="64" rx="18" ry="28" fill="#fff"/>'
        '<circle cx="50" cy="24" r="16" fill="#1b1b1b"/>'
        '<path d="M36 33 C42 44 58 44 64 33 C58 39 42 39 36 33 Z" fill="#f5b800"/>'
        '<circle cx="44" cy="21" r="3.2" fill="#fff"/><circle cx="56" cy="21" r="3.2" fill="#fff"/>'
        '<path d="M46 27 L54 27 L50 35 Z" fill="#f08a00"/>'
        '<path d="M23 44 C14 58 15 74 21 82 C26 72 28 58 27 46 Z" fill="#1b1b1b"/>'
        '<path d="M77 44 C86 58 85 74 79 82 C74 72 72 58 73 46 Z" fill="#1b1b1b"/>'
        '<path d="M35 92 L47 92 L45 98 L31 98 Z M53 92 L65 92 L69 98 L55 98 Z" fill="#f08a00"/>'
    ),
    "capybara": (
        '<rect x="20" y="66" width="9" height="24" rx="3" fill="#6b4220"/>'
        '<rect x="34" y="68" width="9" height="22" rx="3" fill="#6b4220"/>'
        '<rect x="54" y="68" width="9" height="22" rx="3" fill="#6b4220"/>'
        '<rect x="68" y="64" width="9" height="26" rx="3" fill="#6b4220"/>'
        '<ellipse cx="44" cy="60" rx="38" ry="22" fill="#9a6a3a"/>'
        '<path d="M60 34 C72 28 90 32 95 44 C98 53 93 60 84 60 L66 62 C58 54 56 40 60 34 Z" fill="#9a6a3a"/>'
        '<ellipse cx="64" cy="32" rx="6" ry="5" fill="#6b4220"/>'
        '<circle cx="76" cy="42" r="3" fill="#111"/>'
        '<path d="M91 47 C93 49 93 51 91 53" stroke="#111" stroke-width="2" fill="none"/>'
    ),
    "raccoon": (
        '<path d="M16 34 L24 6 L44 24 Z M84 34 L76 6 L56 24 Z" fill="#5e5e5e"/>'
        '<path d="M21 28 L25 14 L35 24 Z M79 28 L75 14 L65 24 Z" fill="#f2f2f2"/>'
        '<ellipse cx="50" cy="52" rx="40" ry="34" fill="#8e8e8e"/>'
        '<path d="M24 34 C32 28 40 30 45 36 M76 34 C68 28 60 30 55 36" stroke="#fff" stroke-width="4" fill="none"/>'
        '<ellipse cx="50" cy="68" rx="20" ry="16" fill="#f2f2f2"/>'
        '<path d="M12 46 C24 36 40 38 50 48 C60 38 76 36 88 46 C82 60 64 62 50 54 C36 62 18 60 12 46 Z" fill="#1b1b1b"/>'
        '<circle cx="33" cy="49" r="4.5" fill="#fff"/><circle cx="67" cy="49" r="4.5" fill="#fff"/>'
        '<circle cx="33" cy="49" r="2" fill="#111"/><circle cx="67" cy="49" r="2" fill="#111"/>'
        '<ellipse cx="50" cy="64" rx="6" ry="4.5" fill="#111"/>'
        '<path d="M44 74 C47 77 53 77 56 74" stroke="#111" stroke-width="2" fill="none"/>'
    ),
    "dove": (
        '<path d="M4 50 L20 40 L22 60 Z" fill="#fff" stroke="#333" stroke-width="2.5" stroke-linejoin="round"/>'
        '<path d="M14 52 C28 44 44 44 58 48 C66 40 76 36 84 40 C90 42 93 46 95 48 L88 51 C84 60 76 66 62 68 '
        'C44 72 28 66 14 52 Z" fill="#fff" stroke="#333" stroke-width="2.5" stroke-linejoin="round"/>'
        '<path d="M30 50 C36 28 50 12 72 6 C66 22 64 38 58 52 Z" fill="#dfe4ec" stroke="#333" stroke-width="2.5" '
        'stroke-linejoin="round"/>'
        '<circle cx="84" cy="44" r="2.2" fill="#111"/>'
        '<path d="M94 46 L100 49 L93 51 Z" fill="#f08a00"/>'
        '<path d="M96 50 C92 62 84 70 74 74" stroke="#3d6b1f" stroke-width="2.5" fill="none"/>'
        '<ellipse cx="90" cy="62" rx="6" ry="2.8" transform="rotate(-40 90 62)" fill="#5b8c2a"/>'
        '<ellipse cx="82" cy="70" rx="6" ry="2.8" transform="rotate(20 82 70)" fill="#5b8c2a"/>'
        '<ellipse cx="78" cy="63" rx="5" ry="2.5" transform="rotate(-70 78 63)" fill="#5b8c2a"/>'
    ),
    "baboon": (
        '<circle cx="14" cy="40" r="8" fill="#c99a74"/><circle cx="86" cy="40" r="8" fill="#c99a74"/>'
        '<ellipse cx="50" cy="48" rx="36" ry="42" fill="#9a7b4f"/>'
        '<path d="M30 30 C30 16 70 16 70 30 L70 46 C70 54 60 56 50 56 C40 56 30 54 30 46 Z" fill="#d9a883"/>'
        '<path d="M32 28 L68 28" stroke="#6b4a2a" stroke-width="5"/>'
        '<circle cx="42" cy="37" r="3.5" fill="#111"/><circle cx="58" cy="37" r="3.5" fill="#111"/>'
        '<path d="M38 52 C38 44 62 44 62 52 L60 84 C58 93 42 93 40 84 Z" fill="#c8463a"/>'
        '<ellipse cx="46" cy="84" rx="2.5" ry="2" fill="#111"/><ellipse cx="54" cy="84" rx="2.5" ry="2" fill="#111"/>'
    ),
}
def voces_card_body(card: "AnyVocesCard", lang: str = DEFAULT_LANGUAGE, highlight: bool = False) -> str:
    """The drawing of a card. A numbered card: its value and suit shape in the corners, a large suit shape
    in the middle, all in the suit's colour. A special card: its animal and its name in ``lang``."""
    kind = getattr(card, "kind", None)
    if kind is None:
        numbered: "VocesCard" = card  # type: ignore[assignment]
        shape, colour = SUIT_SHAPES[numbered.suit - 1], numbered.colour
        corner = svg_text(8, 35, numbered.face(lang), 31, colour, anchor="start",
                          fit=34) + svg_shape(shape, 9, 42, 22, colour)
        return (card_frame(highlight=highlight) + corner
                + f'<g transform="rotate(180 {CARD_WIDTH / 2} {CARD_HEIGHT / 2})">{corner}</g>'
                + svg_shape(shape, 30, 50, 40, colour))
    name = card.text(lang)
    words = name.split()
    if len(name) > 10 and len(words) > 1:
        half = max(1, len(words) // 2)
        lines = [" ".join(words[:half]), " ".join(words[half:])]
    else:
        lines = [name]
    text = "".join(svg_text(50, 30 + 18 * i, line, 16, card.colour, fit=84) for i, line in enumerate(lines))
    top = 28 + 18 * len(lines)  # the animal fills the card below its name
    size = min(84, 134 - top)
    return (card_frame("#f4f8f4", card.colour, highlight) + text
            + svg_shape(ANIMALS[kind.value], 50 - size / 2, top, size, "#000"))


def voces_card_svg(card: "AnyVocesCard", lang: str = DEFAULT_LANGUAGE, *, face_down: bool = False,
                   highlight: bool = False, size: float = CARD_SIZE) -> Svg:
    """A Póker a Voces card drawn as SVG, named in ``lang`` (``face_down``: its back, naming nothing).

    >>> from pokerkit_teach.games.voces.cards import VocesCard
    >>> "<title>K■ (König der Farbe 3)</title>" in voces_card_svg(VocesCard.from_text("Ks3"), "de")
    True
    """
    if face_down:
        return svg_picture(card_back(), face_down_label(lang), CARD_WIDTH, CARD_HEIGHT, size)
    label = card.label(lang)
    if highlight:
        label = message("render.highlighted", lang, card=label)
    return svg_picture(voces_card_body(card, lang, highlight), label, CARD_WIDTH, CARD_HEIGHT, size)


def _wild_label(wild: "SpecialCard", card: "VocesCard", lang: str) -> str:
    return message("render.wild", lang, wild=wild.label(lang), card=card.label(lang))


def voces_wild_svg(wild: "SpecialCard", card: "VocesCard", lang: str = DEFAULT_LANGUAGE, *,
                   size: float = CARD_SIZE) -> Svg:
    """A wild card drawn with the card it stands for (smaller, in its lower half, an arrow pointing to it)."""
    body = stand_in(voces_card_body(wild, lang), voces_card_body(card, lang))
    return svg_picture(body, _wild_label(wild, card, lang), CARD_WIDTH, CARD_HEIGHT, size)


def voces_hand_svg(cards: Iterable["AnyVocesCard"], lang: str = DEFAULT_LANGUAGE, *,
                   wilds: Mapping["SpecialCard", "VocesCard"] | None = None, best: Collection["AnyVocesCard"] | None = None,
                   face_down: bool = False, player: str | None = None, size: float = CARD_SIZE) -> Svg:
    """Cards in a row: each wild card with the card it stands for (``wilds``), the cards in ``best``
    raised and outlined and the others dimmed, or only the backs (``face_down``).

    >>> from pokerkit_teach.games.voces.cards import VocesCard, parse_voces_cards
    >>> cards = parse_voces_cards("As1 As2 raccoon Ks3 2s4")
    >>> picture = voces_hand_svg(cards, wilds={cards[2]: VocesCard.from_text("As3")})
    >>> "Raccoon standing for A■ (Ace of suit 3)" in picture
    True
    """
    cards = tuple(cards)
    stands = dict(wilds or {})
    drawn = []
    for card in cards:
        if face_down:
            drawn.append(Drawn(card_back(), face_down_label(lang)))
            continue
        picked = best is not None and card in best
        if card in stands:
            wild: "SpecialCard" = card
            body = stand_in(voces_card_body(wild, lang, picked), voces_card_body(stands[wild], lang))
            label = _wild_label(wild, stands[wild], lang)
        else:
            body, label = voces_card_body(card, lang, picked), card.label(lang)
        drawn.append(Drawn(body, label, raised=picked, dimmed=best is not None and not picked))
    if best is None or face_down:
        label = message("render.hand", lang, count=len(drawn), cards=Items(d.label for d in drawn))
    else:
        label = message("render.hand_best", lang, count=len(drawn), cards=Items(d.label for d in drawn),
                        best=Items(d.label for d in drawn if d.raised))
    if player is not None:
        label = message("render.player_hand", lang, player=player, hand=label)
    return row_svg(drawn, label, size)


def voces_ranked_svg(hand: "VocesHand", lang: str = DEFAULT_LANGUAGE, *, player: str | None = None,
                     size: float = CARD_SIZE) -> Svg:
    """A ranked hand, each wild card drawn with the card it was counted as.

    >>> from pokerkit_teach.games.voces.ranking import rank_voces_hand
    >>> "Raccoon standing for" in voces_ranked_svg(rank_voces_hand("As1 As2 raccoon Ks3 2s4"))
    True
    """
    return voces_hand_svg(hand.cards, lang, wilds=dict(hand.wilds), player=player, size=size)
