"""Cards and tokens drawn as SVG by the engine's values: every card of the three card systems and
every Pokerface token is a well-formed picture that names itself for screen readers in each language, and
the drawings carry what the rules need (suits that differ by shape, the colour's number and name on every
Pokerdrez card, nothing of a face-down card)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from pokerkit_teach.core.i18n import LANGUAGES, catalogue
from pokerkit_teach.core.render import face_down_svg
from pokerkit_teach.holdem.cards import Card, Suit, french_deck, parse_cards
from pokerkit_teach.holdem.ranking import best_hand
from pokerkit_teach.holdem.render import card_svg, hand_result_svg, hand_svg
from pokerkit_teach.games.pokerface.events import Token
from pokerkit_teach.games.pokerface.render import token_svg, tokens_svg
from pokerkit_teach.games.pokerguess.cards import Colour, DrezCard, NeutralCard, pokerdrez_deck
from pokerkit_teach.games.pokerguess.render import drez_card_svg, drez_hand_svg
from pokerkit_teach.games.voces.cards import SUIT_COUNT, AnyVocesCard, Special, SpecialCard, VocesCard, parse_voces_cards
from pokerkit_teach.games.voces.ranking import rank_voces_hand
from pokerkit_teach.games.voces.render import voces_card_svg, voces_hand_svg, voces_ranked_svg, voces_wild_svg

from tests.support import ROOT, load_script

SVG = "{http://www.w3.org/2000/svg}"
VOCES_CARDS: list[AnyVocesCard] = [VocesCard(value, suit) for suit in range(1, SUIT_COUNT + 1) for value in range(1, 14)]
SPECIALS: list[AnyVocesCard] = [SpecialCard(kind) for kind in Special]
TOKENS = [Token(suit, number) for suit in Suit for number in range(1, 7)]


def parsed(picture: str) -> ET.Element:
    """The picture read as XML (fails on anything not well-formed), checked to name itself as an image."""
    root = ET.fromstring(picture)
    assert root.tag == SVG + "svg" and root.get("role") == "img"
    title = root.find(SVG + "title")
    assert title is not None and title.text and title.text.strip()
    assert root.get("aria-label") == title.text
    return root


def title(picture: str) -> str:
    text = parsed(picture).find(SVG + "title").text  # type: ignore[union-attr]
    assert text is not None
    return text


def texts(picture: str) -> list[str]:
    """Every text printed on the picture."""
    return [element.text or "" for element in parsed(picture).iter(SVG + "text")]


def test_every_french_card_names_its_rank_and_suit_from_the_catalogue_in_every_language() -> None:
    for lang in LANGUAGES:
        words = catalogue(lang)
        for card in french_deck():
            name = title(card_svg(card, lang))
            assert words[f"rank.name.{card.rank.value}"] in name and words[f"suit.name.{card.suit.letter}"] in name
            assert card.rank.symbol(lang) in texts(card_svg(card, lang))


@pytest.mark.parametrize(("text", "lang", "name"), [
    ("As", "en", "Ace of spades"), ("As", "de", "Pik Ass"), ("As", "es", "as de picas"),
    ("Td", "en", "10 of diamonds"), ("Qh", "de", "Herz Dame"), ("Jc", "es", "jota de tréboles"),
])
def test_a_french_card_is_named_as_a_reader_says_it(text: str, lang: str, name: str) -> None:
    assert title(card_svg(Card.from_text(text), lang)) == name


def test_a_card_alone_draws_itself_in_english() -> None:
    assert title(Card.from_text("Kh")._repr_svg_()) == "King of hearts"
    assert title(DrezCard.from_text("Q2")._repr_svg_()) == "Red Queen, colour 2"
    assert title(NeutralCard(2)._repr_svg_()) == "neutral card 2"
    assert title(VocesCard.from_text("As5")._repr_svg_()) == "A★ (Ace of suit 5)"
    assert title(SpecialCard(Special.BABOON)._repr_svg_()) == "Baboon"
    assert title(Token(Suit.DIAMONDS, 3)._repr_svg_()) == "token 3 of the diamonds round"


def test_four_colours_change_diamonds_and_clubs_only() -> None:
    def fills(card: Card, four: bool) -> set[str]:
        return set(re.findall(r'fill="(#[0-9a-f]+)"', card_svg(card, four_colour=four))) - {"#fff"}

    for text in ("Ad", "Ac"):
        assert fills(Card.from_text(text), False) != fills(Card.from_text(text), True), text
    for text in ("Ah", "As"):
        assert fills(Card.from_text(text), False) == fills(Card.from_text(text), True), text
    colours = {next(iter(fills(Card.from_text("A" + suit), True))) for suit in "cdhs"}
    assert len(colours) == 4  # one colour per suit on a projector


def test_a_face_down_card_shows_no_rank_suit_or_colour() -> None:
    backs = {card_svg(card, "en", face_down=True) for card in french_deck()}
    assert len(backs) == 1  # every card's back is the same picture: it tells nothing
    back = backs.pop()
    assert title(back) == "face-down card" and texts(back) == []
    assert back == face_down_svg("en")
    assert not any(word in back for word in ("spades", "hearts", "Ace", "#c00"))
    for lang, name in (("de", "verdeckte Karte"), ("es", "carta boca abajo")):
        assert title(card_svg(Card.from_text("Qh"), lang, face_down=True)) == name
    assert {drez_card_svg(card, face_down=True) for card in pokerdrez_deck()} == {back}
    assert {voces_card_svg(card, face_down=True) for card in VOCES_CARDS + SPECIALS} == {back}
    hidden = hand_svg(parse_cards("Ah Kh"), "en", face_down=True, player="Ben")
    assert title(hidden) == "hand of Ben: 2 cards: face-down card and face-down card" and texts(hidden) == []


def test_the_best_five_are_raised_and_named_the_others_dimmed() -> None:
    result = best_hand("Qc Qd 8h 8s 5c 3d 2h")
    picture = hand_result_svg(result, "en")
    cards = [element for element in parsed(picture) if element.tag == SVG + "svg"]
    raised = [str(card.findtext(SVG + "title")) for card in cards if card.get("y") == "0"]
    dimmed = [str(card.findtext(SVG + "title")) for card in cards if card.get("class") == "pkt-dimmed"]
    assert sorted(raised) == sorted(["Queen of clubs", "Queen of diamonds", "8 of hearts", "8 of spades", "5 of clubs"])
    assert sorted(dimmed) == ["2 of hearts", "3 of diamonds"]
    assert title(picture).endswith("the best five: Queen of clubs, Queen of diamonds, 8 of hearts, 8 of spades, and 5 of clubs")
    assert title(hand_svg(parse_cards("Ah"), "de", best=parse_cards("Ah"))) == "1 Karte: Herz Ass; die besten fünf: Herz Ass"
    assert title(card_svg(Card.from_text("Ah"), "es", highlight=True)) == "as de corazones, resaltada"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_pokerdrez_card_carries_its_colour_number_and_name(lang: str) -> None:
    words = catalogue(lang)
    for card in pokerdrez_deck(include_neutral=False):
        assert isinstance(card, DrezCard)
        picture = drez_card_svg(card, lang)
        printed = texts(picture)
        assert str(card.number) in printed and words[f"colour.title.{card.colour.name.lower()}"] in printed
        assert card.figure.symbol(lang) in printed
        assert title(picture) == words["render.drez"].format(card=card.text(lang), number=card.number)
    for neutral in (NeutralCard(1), NeutralCard(2)):
        assert title(drez_card_svg(neutral, lang)) == neutral.text(lang)


@pytest.mark.parametrize(("text", "lang", "name", "printed"), [
    ("B5", "en", "Blue Bishop, colour 5", "Blue"), ("B5", "de", "blauer Läufer, Farbe 5", "Blau"),
    ("N8", "es", "caballo naranja, color 8", "Naranja"), ("J6", "de", "gelber Joker, Farbe 6", "Gelb"),
])
def test_a_pokerdrez_card_is_named_with_its_number(text: str, lang: str, name: str, printed: str) -> None:
    picture = drez_card_svg(DrezCard.from_text(text), lang)
    assert title(picture) == name and printed in texts(picture)


def test_pokerdrez_figures_are_six_different_drawings_and_colours_nine() -> None:
    figures = {re.sub(r"#[0-9a-f]+", "", drez_card_svg(DrezCard(figure, Colour.RED)).split("</text>")[2]) for figure in
               {card.figure for card in pokerdrez_deck(include_neutral=False) if isinstance(card, DrezCard)}}
    assert len(figures) == 6
    fills = {drez_card_svg(DrezCard.from_text(f"P{n}")).count(Colour(n).css) for n in range(1, 10)}
    assert min(fills) >= 3  # the colour: two bands and the figure


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_voces_card_is_named_in_every_language(lang: str) -> None:
    words = catalogue(lang)
    for card in VOCES_CARDS:
        assert title(voces_card_svg(card, lang)) == card.label(lang)
    for kind in Special:
        picture = voces_card_svg(SpecialCard(kind), lang)
        name = words[f"special.name.{kind.value}"]
        assert title(picture) == name and " ".join(texts(picture)) == name  # the name printed, in one or two lines


def test_voces_suits_differ_in_shape_and_colour() -> None:
    centre = re.compile(r'<g transform="translate\(30 50\) scale\(0\.4\)" fill="(#[0-9a-f]+)" stroke="none">(.*?)</g>')
    shapes = [centre.search(voces_card_svg(VocesCard(5, suit))) for suit in range(1, SUIT_COUNT + 1)]
    assert all(shapes)
    assert len({match.group(1) for match in shapes if match}) == SUIT_COUNT
    assert len({match.group(2) for match in shapes if match}) == SUIT_COUNT
    animals = {voces_card_svg(special).split("</text>")[-1] for special in SPECIALS}
    assert len(animals) == len(Special)


def test_a_wild_card_is_drawn_with_the_card_it_stands_for() -> None:
    raccoon, king = SpecialCard(Special.RACCOON), VocesCard.from_text("Ks3")
    picture = voces_wild_svg(raccoon, king, "de")
    assert title(picture) == "Waschbär als K■ (König der Farbe 3)"
    assert "K" in texts(picture) and "Waschbär" in texts(picture)
    hand = rank_voces_hand("As1 As2 raccoon Ks3 2s4")
    ranked = voces_ranked_svg(hand, "en")
    stands_for = dict(hand.wilds)[SpecialCard(Special.RACCOON)]
    assert f"Raccoon standing for {stands_for.label('en')}" in title(ranked)
    cards = parse_voces_cards("As1 As2 Ks3 2s4 Qs5")
    best = voces_hand_svg(cards, "es", best=cards[:3])
    assert title(best).endswith("las cinco mejores: A● (as del palo 1), A▲ (as del palo 2) y K■ (rey del palo 3)")


@pytest.mark.parametrize(("lang", "name"), [
    ("en", "token 3 of the diamonds round"), ("de", "Marke 3 der Markenrunde Karo"),
    ("es", "ficha 3 de la ronda de diamantes"),
])
def test_a_token_is_a_numbered_chip_of_its_round(lang: str, name: str) -> None:
    picture = token_svg(Token(Suit.DIAMONDS, 3), lang)
    assert title(picture) == name and "3" in texts(picture)


def test_every_token_draws_in_its_rounds_colour() -> None:
    for lang in LANGUAGES:
        for token in TOKENS:
            assert title(token_svg(token, lang))
    assert title(token_svg(Token(Suit.SPADES, 1))) == "token A of the spades round"
    colours = {re.search(r'r="48" fill="(#[0-9a-f]+)"', token_svg(Token(suit, 2))).group(1) for suit in Suit}  # type: ignore[union-attr]
    assert len(colours) == 4
    row = tokens_svg(TOKENS[:2], "de")
    assert title(row) == "Marken: Marke A der Markenrunde Kreuz und Marke 2 der Markenrunde Kreuz"


def test_names_are_escaped_in_titles_and_text() -> None:
    name = 'Ann <&> "Bo" </title><script>'
    for picture in (hand_svg(parse_cards("Ah Kh"), "en", player=name), drez_hand_svg(pokerdrez_deck()[:2], player=name),
                    voces_hand_svg(VOCES_CARDS[:2], player=name)):
        assert title(picture).startswith(f"hand of {name}: 2 cards")
        assert "<script>" not in picture and "<&>" not in picture


def test_pictures_load_nothing_and_print_large_enough_for_a_projector() -> None:
    pictures = [card_svg(card, "de") for card in french_deck()[::5]]
    pictures += [drez_card_svg(card, "es") for card in pokerdrez_deck()]
    pictures += [voces_card_svg(card) for card in VOCES_CARDS[::7]] + [token_svg(token) for token in TOKENS]
    names = [voces_card_svg(card, lang) for card in SPECIALS for lang in LANGUAGES]  # an animal and its name
    for picture in pictures + names:
        assert not re.search(r"href|url\(|@import|<image|<script|<style|<foreignObject", picture)
        sizes = [float(size) for size in re.findall(r'font-size="([\d.]+)"', picture)]
        assert sizes and min(sizes) >= 16  # units of a 100-unit-wide card: at least 14 px at the default width
        assert picture in names or max(sizes) >= 30  # the rank, number or value: at least 27 px


def test_the_gallery_shows_every_card_of_the_three_systems_and_the_tokens(tmp_path: Path) -> None:
    gallery = load_script("scripts/card_gallery.py")
    pages = {path.name: path.read_text("utf-8") for path in gallery.write_gallery(tmp_path, "de")}
    pictures = {name: re.findall(r'<svg xmlns="http://www.w3.org/2000/svg" class="pkt-svg".*?</svg>(?=<svg xmlns|</div>)',
                                 text) for name, text in pages.items()}
    assert len(pictures["cards-french.html"]) == 52 + 2 * 13  # and two suits again in four colours
    assert len(pictures["cards-pokerdrez.html"]) == 56
    assert len(pictures["cards-voces.html"]) == 7 * 13 + len(Special) * len(LANGUAGES)
    assert len(pictures["cards-tokens-and-hands.html"]) >= 4 * 6
    for found in pictures.values():
        for picture in found:
            parsed(picture)
    assert "<title>Pik Ass</title>" in pages["cards-french.html"] and 'lang="de"' in pages["cards-french.html"]
    assert not any(re.search(r"https?://(?!www\.w3\.org/2000/svg)", text) for text in pages.values())


def luminance(colour: str) -> float:
    digits = colour.lstrip("#")
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    channels = [int(digits[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    r, g, b = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one: str, other: str) -> float:
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_contrast_figures_are_those_of_wcag() -> None:
    assert round(contrast("#777", "#fff"), 2) == 4.48 and round(contrast("#000", "#fff"), 1) == 21.0


def test_every_text_reads_against_its_ground_at_4_5_to_1_even_on_a_dimmed_card() -> None:
    """Text on a card lies on the card's ground (its frame, the first rect), on a token on the white middle."""
    hand = hand_svg(parse_cards("Ah Kd 2c 3s Qh"), "en", best=parse_cards("Ah"), four_colour=True)
    voces_hand = voces_hand_svg(VOCES_CARDS[::13] + SPECIALS, best=VOCES_CARDS[:1])
    assert hand.count('class="pkt-dimmed"') == 4 and "opacity" not in hand  # dimmed by its ground, not see-through
    cards = re.findall(r"<svg x=.*?</svg>", hand) + re.findall(r"<svg x=.*?</svg>", voces_hand)
    cards += [card_svg(card, four_colour=four) for card in french_deck()[:4] for four in (False, True)]
    cards += [voces_card_svg(card) for card in VOCES_CARDS[::13] + SPECIALS]
    cards += [drez_card_svg(card) for card in pokerdrez_deck()]
    for picture in cards:
        grounds = re.findall(r'<svg x=[^>]*>(?:<title>[^<]*</title>)?<rect [^>]*?fill="(#[0-9a-f]+)"', picture)
        ground = grounds[0] if grounds else re.search(r'<rect [^>]*?fill="(#[0-9a-f]+)"', picture).group(1)  # type: ignore[union-attr]
        for fill in re.findall(r'<text [^>]*fill="(#[0-9a-f]+)"', picture):
            assert contrast(fill, ground) >= 4.5, (fill, ground)
    for token in TOKENS:
        for fill in re.findall(r'<text [^>]*fill="(#[0-9a-f]+)"', token_svg(token)):
            assert contrast(fill, "#fff") >= 4.5


def test_a_picture_alone_in_a_notebook_cell_is_shown_as_svg() -> None:
    """What Jupyter receives when a value is the last expression of a cell (IPython's display formatter).
    The drawing functions' results and a Token offer only the SVG; the card values offer their older text
    tile (text/html) beside the SVG, and notebooks and Voila show text/html first (docs/cards.md)."""
    from IPython.core.formatters import DisplayFormatter

    shown, _ = DisplayFormatter().format(card_svg(Card.from_text("Qh"), "de"))
    assert set(shown) == {"image/svg+xml", "text/plain"} and "<title>Herz Dame</title>" in shown["image/svg+xml"]
    shown, _ = DisplayFormatter().format(Token(Suit.HEARTS, 2))
    assert set(shown) == {"image/svg+xml", "text/plain"} and "token 2 of the hearts round" in shown["image/svg+xml"]
    shown, _ = DisplayFormatter().format(DrezCard.from_text("B5"))
    assert {"image/svg+xml", "text/html"} <= set(shown) and "Blue Bishop, colour 5" in shown["image/svg+xml"]


def test_the_gallery_screenshots_are_committed_small_and_shown_in_the_docs() -> None:
    shots = sorted((ROOT / "docs" / "screenshots").glob("cards-*.png"))
    assert [shot.name for shot in shots] == ["cards-french.png", "cards-pokerdrez.png", "cards-tokens-and-hands.png",
                                             "cards-voces.png"]
    page = (ROOT / "docs" / "cards.md").read_text("utf-8")
    for shot in shots:
        assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size < 200_000
        assert f"](screenshots/{shot.name})" in page
