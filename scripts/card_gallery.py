"""A gallery of every drawn card and token: HTML pages, and optionally their screenshots.

Writes one page per card system into a folder (French cards in two and in four colours, the Pokerdrez
deck, the Póker a Voces suits and animals, Pokerface tokens and the ways a hand is drawn: face down, best
five, wild cards), in a language of the catalogues. Every picture comes from the engine's pure render
modules (``pokerkit_teach.*.render``), with nothing loaded from elsewhere, so the pages open offline.

    python scripts/card_gallery.py OUT                          # pages in OUT, English
    python scripts/card_gallery.py OUT --lang de                # German names and titles
    python scripts/card_gallery.py OUT --screenshots docs/screenshots   # and cards-*.png (Chromium)

The screenshots are taken by Playwright driving /usr/bin/chromium (headless), which is refused every
request that is not a local file. docs/cards.md shows them.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Sequence

from pokerkit_teach.core.i18n import LANGUAGES
from pokerkit_teach.core.render import Svg, escape, face_down_svg
from pokerkit_teach.holdem.cards import Card, Rank, Suit, parse_cards
from pokerkit_teach.holdem.ranking import best_hand
from pokerkit_teach.holdem.render import card_svg, hand_result_svg, hand_svg
from pokerkit_teach.games.pokerface.events import Token
from pokerkit_teach.games.pokerface.render import token_svg, tokens_svg
from pokerkit_teach.games.pokerguess.cards import Colour, DrezCard, Figure, NeutralCard
from pokerkit_teach.games.pokerguess.render import drez_card_svg
from pokerkit_teach.games.voces.cards import SUIT_COUNT, Special, SpecialCard, VocesCard
from pokerkit_teach.games.voces.ranking import rank_voces_hand
from pokerkit_teach.games.voces.render import voces_card_svg, voces_ranked_svg, voces_wild_svg

CARD = 72  # pixels per card in the gallery: 13 cards and their gaps fit 1280 pixels
CHROMIUM = "/usr/bin/chromium"
STYLE = (
    "body{margin:12px;font:16px/1.4 'DejaVu Sans',Verdana,sans-serif;color:#111;background:#fff}"
    "h1{font-size:22px;margin:4px 0 8px}h2{font-size:17px;margin:10px 0 4px}"
    ".row{display:flex;flex-wrap:wrap;gap:6px;align-items:flex-end}.row svg{display:block}"
)


def page(title: str, sections: Sequence[tuple[str, Sequence[str]]], lang: str) -> str:
    """A whole HTML page: a heading, then each section's heading and its pictures in a row."""
    body = "".join(f'<h2>{escape(heading)}</h2><div class="row">{"".join(pictures)}</div>'
                   for heading, pictures in sections)
    return (f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8"><title>{escape(title)}</title>'
            f"<style>{STYLE}</style></head><body><h1>{escape(title)}</h1>{body}</body></html>")


def french(lang: str) -> str:
    def suit_row(suit: Suit, four: bool) -> list[str]:
        return [card_svg(Card(rank, suit), lang, four_colour=four, size=CARD) for rank in sorted(Rank, reverse=True)]

    sections = [(f"{suit.symbol}", suit_row(suit, False)) for suit in reversed(Suit)]
    sections += [(f"{suit.symbol} (four_colour=True)", suit_row(suit, True)) for suit in (Suit.DIAMONDS, Suit.CLUBS)]
    return page("French cards (holdem.render.card_svg)", sections, lang)


def pokerdrez(lang: str) -> str:
    sections: list[tuple[str, list[Svg]]] = [
        (figure.localized(lang), [drez_card_svg(DrezCard(figure, colour), lang, size=CARD) for colour in Colour])
        for figure in sorted(Figure, reverse=True)
    ]
    sections.append(("X1 X2", [drez_card_svg(NeutralCard(n), lang, size=CARD) for n in (1, 2)]))
    return page("Pokerdrez cards (pokerguess.render.drez_card_svg)", sections, lang)


def voces(lang: str) -> str:
    sections = [(f"{suit}", [voces_card_svg(VocesCard(value, suit), lang, size=CARD) for value in (1, *range(13, 1, -1))])
                for suit in range(1, SUIT_COUNT + 1)]
    animals = [voces_card_svg(SpecialCard(kind), other, size=CARD) for kind in Special for other in LANGUAGES]
    sections.append(("Special cards: " + ", ".join(LANGUAGES), animals))
    return page("Póker a Voces cards (voces.render.voces_card_svg)", sections, lang)


def tokens_and_hands(lang: str) -> str:
    hand = best_hand("Qc Qd 8h 8s 5c 3d 2h")
    sections = [
        (f"{suit.symbol}", [token_svg(Token(suit, number), lang) for number in range(1, 7)]) for suit in Suit
    ]
    sections += [
        ("tokens_svg", [tokens_svg([Token(suit, number) for suit, number in zip(Suit, (2, 1, 3, 3))], lang)]),
        ("face_down", [face_down_svg(lang, CARD), hand_svg(parse_cards("Ah Kh"), lang, face_down=True, size=CARD)]),
        ("hand_result_svg (best five)", [hand_result_svg(hand, lang, size=CARD)]),
        ("highlight", [card_svg(Card.from_text("As"), lang, highlight=True, size=CARD)]),
        ("voces_wild_svg, voces_ranked_svg", [
            voces_wild_svg(SpecialCard(Special.RACCOON), VocesCard.from_text("Ks3"), lang, size=CARD),
            voces_ranked_svg(rank_voces_hand("As1 As2 raccoon Ks3 2s4"), lang, size=CARD),
        ]),
    ]
    return page("Tokens and hands (pokerface.render, holdem.render, voces.render)", sections, lang)


PAGES = {"french": french, "pokerdrez": pokerdrez, "voces": voces, "tokens-and-hands": tokens_and_hands}


def write_gallery(folder: Path, lang: str = "en") -> list[Path]:
    """Write ``cards-<name>.html`` for every page into ``folder``; return their paths.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     [path.name for path in write_gallery(Path(folder), "de")]
    ['cards-french.html', 'cards-pokerdrez.html', 'cards-voces.html', 'cards-tokens-and-hands.html']
    """
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, build in PAGES.items():
        path = folder / f"cards-{name}.html"
        path.write_text(build(lang), encoding="utf-8")
        paths.append(path)
    return paths


def screenshots(pages: list[Path], folder: Path, width: int = 1280) -> list[Path]:
    """Each page as a PNG of the whole page, ``width`` pixels wide, taken by headless Chromium."""
    from playwright.sync_api import sync_playwright

    folder.mkdir(parents=True, exist_ok=True)
    shots = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            view = browser.new_page(viewport={"width": width, "height": 600})
            view.route("**/*", lambda route: route.continue_() if route.request.url.startswith("file:") else route.abort())
            for path in pages:
                view.goto(path.resolve().as_uri())
                shot = folder / (path.stem + ".png")
                view.screenshot(path=str(shot), full_page=True)
                shots.append(shot)
        finally:
            browser.close()
    return shots


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="where the HTML pages go")
    parser.add_argument("--lang", default="en", choices=LANGUAGES, help="language of the names and titles")
    parser.add_argument("--screenshots", type=Path, metavar="FOLDER", help="also save cards-*.png there (Chromium)")
    args = parser.parse_args(argv)
    pages = write_gallery(args.folder, args.lang)
    for path in pages:
        print(path)
    if args.screenshots:
        for shot in screenshots(pages, args.screenshots):
            print(shot, f"{shot.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
