"""HTML tiles shared by every card system: a card that draws itself in a notebook.

Pure functions returning strings. Every tile carries a text alternative (``aria-label``) for screen
readers.

>>> 'aria-label="Queen of clubs"' in tile_html("Q♣", "Queen of clubs")
True
"""

from __future__ import annotations

import html

__all__ = ["CARD_STYLE", "DIM_STYLE", "KEPT_STYLE", "tile_html", "row_html"]

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
