"""HTML tiles and SVG pictures shared by every card system: a card that draws itself in a notebook.

Pure functions returning strings. Every tile and picture carries a text alternative (``aria-label``, and
an SVG ``<title>``) for screen readers. This module knows no game: the games draw their faces with it.

>>> 'aria-label="Queen of clubs"' in tile_html("Q♣", "Queen of clubs")
True
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from typing import Sequence

from pokerkit_teach.core.i18n import DEFAULT_LANGUAGE, message

__all__ = [
    "CARD_STYLE", "DIM_STYLE", "KEPT_STYLE", "tile_html", "row_html",
    "CARD_WIDTH", "CARD_HEIGHT", "CARD_SIZE", "Svg", "Drawn", "escape", "svg_picture", "svg_text", "svg_shape",
    "card_frame", "card_back", "face_down_label", "face_down_svg", "row_svg", "stand_in",
]

CARD_STYLE = (
    "display:inline-block;min-width:2.2em;padding:0.25em 0.35em;margin:0.1em;border:1px solid #888;"
    "border-radius:0.3em;background:#fff;font:bold 1.1em/1.2 sans-serif;text-align:center;"
)
DIM_STYLE = "opacity:0.45;"
KEPT_STYLE = "box-shadow:0 0 0 2px #2a7ae2;"


def tile_html(face: str, label: str, colour: str = "#111", extra_style: str = "") -> str:
    """A card tile for any card system: ``face`` is shown, ``label`` read out by screen readers."""
    return (
        f'<span class="pkt-card" role="img" aria-label="{html.escape(label)}" '
        f'style="{CARD_STYLE}color:{colour};{extra_style}">{html.escape(face)}</span>'
    )


def row_html(tiles: str) -> str:
    """A row of tiles."""
    return '<span class="pkt-cards">' + tiles + "</span>"


# --- SVG pictures -------------------------------------------------------------------------------------
#
# Cards and tokens of every game are drawn as small SVG documents, built as text by pure functions (the
# way python-chess's ``chess.svg`` draws a board). A card is drawn in a box of CARD_WIDTH x CARD_HEIGHT
# units and shown ``size`` pixels wide; text is measured in those units, so a card 90 pixels wide shows
# its rank 28 pixels high. Nothing is loaded from elsewhere: no web fonts, no images, no links; shapes are
# paths drawn here. Every picture names itself for screen readers (``role="img"``, ``aria-label`` and a
# ``<title>``), in the language asked for.

CARD_WIDTH = 100
CARD_HEIGHT = 140
CARD_SIZE = 90
"""The width in pixels a card is shown at unless told otherwise (its rank is then 28 pixels high)."""
FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
INK = "#111"
EDGE = "#555"
HIGHLIGHT = "#1a5fb4"
BACK = "#1d3f7a"
DIM_FILL = "#e8e8e8"
_FIRST_FILL = re.compile(r'(<rect [^>]*?)fill="#[0-9a-f]+"')  # the ground of a card: its frame, drawn first
_GAP = 8
_LIFT = 16


class Svg(str):
    """An SVG picture as text that draws itself in a notebook (``_repr_svg_``), like the pictures of
    python-chess's ``chess.svg``.

    >>> picture = svg_picture('<rect width="10" height="10"/>', "a square", 10, 10, 20)
    >>> picture.startswith("<svg") and picture._repr_svg_() == picture
    True
    """

    def _repr_svg_(self) -> str:
        return str(self)


def escape(text: object) -> str:
    """Text made safe inside an SVG (or HTML) element or attribute.

    >>> escape('Ann <&> "Bo"')
    'Ann &lt;&amp;&gt; &quot;Bo&quot;'
    """
    return html.escape(str(text), quote=True)


def svg_picture(body: str, label: str, width: float, height: float, size: float) -> Svg:
    """A whole SVG document: ``body`` drawn in a box of ``width`` x ``height`` units, shown ``size`` pixels
    wide, named ``label`` for screen readers (``role="img"``, ``aria-label`` and ``<title>``).

    >>> svg_picture("", "Ann <&>", 100, 140, 90)
    '<svg xmlns="http://www.w3.org/2000/svg" class="pkt-svg" viewBox="0 0 100 140" width="90" height="126" role="img" aria-label="Ann &lt;&amp;&gt;"><title>Ann &lt;&amp;&gt;</title></svg>'
    """
    name = escape(label)
    return Svg(
        f'<svg xmlns="http://www.w3.org/2000/svg" class="pkt-svg" viewBox="0 0 {_n(width)} {_n(height)}" '
        f'width="{_n(size)}" height="{_n(size * height / width)}" role="img" aria-label="{name}">'
        f"<title>{name}</title>{body}</svg>"
    )


def _n(value: float) -> str:
    """A number as short as SVG allows: ``12`` or ``12.5``."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def svg_text(x: float, y: float, content: str, size: float, fill: str = INK, anchor: str = "middle",
             weight: str = "bold", fit: float | None = None) -> str:
    """A line of text at ``(x, y)`` (the baseline), ``size`` units high; ``fit`` squeezes a long text into
    that width (``textLength``) so a long name stays on its card."""
    squeeze = ""
    if fit is not None and len(content) * size * 0.6 > fit:
        squeeze = f' textLength="{_n(fit)}" lengthAdjust="spacingAndGlyphs"'
    return (
        f'<text x="{_n(x)}" y="{_n(y)}" font-family="{FONT}" font-size="{_n(size)}" font-weight="{weight}" '
        f'fill="{fill}" text-anchor="{anchor}"{squeeze}>{escape(content)}</text>'
    )


def svg_shape(elements: str, x: float, y: float, size: float, fill: str, stroke: str = "none", line: float = 0) -> str:
    """A shape drawn in a 100 x 100 box, placed with its corner at ``(x, y)`` and ``size`` units wide;
    ``stroke`` outlines it (``line`` units thick on the card)."""
    scale = size / 100
    width = f' stroke-width="{_n(line / scale)}" stroke-linejoin="round"' if line else ""
    return (
        f'<g transform="translate({_n(x)} {_n(y)}) scale({_n(scale)})" fill="{fill}" stroke="{stroke}"{width}>'
        f"{elements}</g>"
    )


def card_frame(fill: str = "#fff", edge: str = EDGE, highlight: bool = False) -> str:
    """The card's outline, rounded; ``highlight`` draws it thick in blue (a card picked out, like one of
    the best five: the blue edge and a raised place in the row, not colour alone, mark it)."""
    if highlight:
        return (f'<rect x="4" y="4" width="92" height="132" rx="9" fill="{fill}" stroke="{HIGHLIGHT}" stroke-width="8"/>'
                f'<rect x="9" y="9" width="82" height="122" rx="5" fill="none" stroke="{edge}" stroke-width="1"/>')
    return f'<rect x="2" y="2" width="96" height="136" rx="9" fill="{fill}" stroke="{edge}" stroke-width="2"/>'


def card_back() -> str:
    """The back of a card: the same for every card, so it tells nothing (no rank, suit or colour)."""
    diamonds = "".join(
        f"M{x} {y - 4}l4 4l-4 4l-4 -4z"
        for row, y in enumerate(range(22, 122, 10))
        for x in range(22 + 6 * (row % 2), 82, 12)
    )
    return (
        card_frame(BACK, "#0b1d3a")
        + '<rect x="12" y="12" width="76" height="116" rx="4" fill="none" stroke="#fff" stroke-width="2"/>'
        + f'<path d="{diamonds}" fill="#fff" fill-opacity="0.4"/>'
    )


def face_down_label(lang: str) -> str:
    """``face-down card`` / ``verdeckte Karte`` / ``carta boca abajo``."""
    return message("render.face_down", lang)


def face_down_svg(lang: str = DEFAULT_LANGUAGE, size: float = CARD_SIZE) -> Svg:
    """A card lying face down, the same in every card system.

    >>> "face-down card" in face_down_svg()
    True
    """
    return svg_picture(card_back(), face_down_label(lang), CARD_WIDTH, CARD_HEIGHT, size)


@dataclass(frozen=True)
class Drawn:
    """One card of a row: its drawing (the body of a card box), its words, and whether it is picked out
    (``raised``: drawn higher in the row) or pushed back (``dimmed``)."""

    body: str
    label: str
    raised: bool = False
    dimmed: bool = False


def row_svg(cards: Sequence[Drawn], label: str, size: float = CARD_SIZE) -> Svg:
    """Cards side by side in one picture named ``label``; ``size`` is each card's width in pixels. Raised
    cards stand higher than the others; a dimmed card lies lower on a grey ground (not made transparent:
    its rank keeps a contrast of at least 4.5:1, as WCAG asks of text).

    >>> row = row_svg([Drawn(card_back(), "a"), Drawn(card_back(), "b", raised=True)], "two cards")
    >>> row.count("<svg"), 'viewBox="0 0 208 156"' in row
    (3, True)
    """
    lift = _LIFT if any(card.raised for card in cards) else 0
    parts = []
    for i, card in enumerate(cards):
        y = 0 if card.raised or not lift else lift
        body, dim = card.body, ""
        if card.dimmed:
            body, dim = _FIRST_FILL.sub(rf'\1fill="{DIM_FILL}"', body, count=1), ' class="pkt-dimmed"'
        parts.append(
            f'<svg x="{i * (CARD_WIDTH + _GAP)}" y="{y}" width="{CARD_WIDTH}" height="{CARD_HEIGHT}" '
            f'viewBox="0 0 {CARD_WIDTH} {CARD_HEIGHT}"{dim}><title>{escape(card.label)}</title>{body}</svg>'
        )
    width = max(1, len(cards)) * (CARD_WIDTH + _GAP) - _GAP
    return svg_picture("".join(parts), label, width, CARD_HEIGHT + lift, size * width / CARD_WIDTH)


def stand_in(wild: str, card: str) -> str:
    """A wild card drawn with the card it stands for: the wild card, and over its lower right part the other
    card, at 62 % (its rank still 19 pixels high on a card 100 pixels wide), an arrow pointing to it."""
    return (
        wild
        + '<rect x="31" y="46" width="68" height="93" rx="7" fill="#fff" fill-opacity="0.95" stroke="none"/>'
        + '<path d="M6 96 L19 96 L19 88 L30 100 L19 112 L19 104 L6 104 Z" fill="#111" stroke="#fff" stroke-width="1.5"/>'
        + f'<svg x="35" y="50" width="62" height="86.8" viewBox="0 0 {CARD_WIDTH} {CARD_HEIGHT}">{card}</svg>'
    )
