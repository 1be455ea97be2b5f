"""Póker a Voces in Spanish: the catalogue's Spanish as read in Spain, with the game's own terms
for its special cards (Pingüino Emperador, Capibara, Mapache, Paloma, Babuino), monedas and repóker; the
Spanish names typed are read; counts with their CLDR forms; the explorer speaks Spanish from the address.
"""

from __future__ import annotations

import re
from html import unescape

import pytest

from pokerkit_teach.core.errors import CardParseError, IllegalAction, KitError
from pokerkit_teach.core.i18n import Items, catalogue, message
from pokerkit_teach.games.voces.cards import Special, SpecialCard, parse_voces_card, parse_voces_cards
from pokerkit_teach.games.voces.ranking import rank_voces_hand
from pokerkit_teach.games.voces.reveal import reveal
from pokerkit_teach.games.voces.events import VocesEvent
from pokerkit_teach.widgets.voces_explorer import VocesExplorerApp
from pokerkit_teach.widgets.voces_parts import reveal_steps_html

SPANISH_TERMS = ["Mapache", "Paloma", "Capibara", "Babuino", "Pingüino Emperador", "monedas", "repóker", "ficha de mano"]


def text(html: str) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html))).strip()


def event(kind: str, **params: object) -> str:
    return VocesEvent(kind, 1, 0, None, tuple(params.items())).describe("es")


def test_spanish_is_spanish() -> None:
    english, spanish = catalogue("en"), catalogue("es")
    keys = [k for k in english if k.startswith(("voces.", "apps.voces.", "count.voces", "special.the"))]
    same = [k for k in keys if english[k] == spanish.get(k) and re.search(r"[a-z]{4}", re.sub(r"\{[^}]*\}", "", english[k]))]
    assert set(same) <= {"voces.game.title", "apps.voces.play.score.total"}, same
    everything = " ".join(spanish[k] for k in keys)
    for term in SPANISH_TERMS:
        assert term.lower() in everything.lower(), term
    words = re.sub(r"\{[^}]*\}", "", everything)
    assert "Raccoon" not in words and "coins" not in words, words


def test_spanish_counts_have_the_many_form() -> None:
    spanish = catalogue("es")
    for key in [k for k in spanish if k.startswith("count.voces") and k.endswith(".other")]:
        assert key[: -len("other")] + "many" in spanish, key
    assert message("voces.event.game_won", "es", players=Items(["Gema"]), points=1).endswith("gana con 1 punto")
    assert message("voces.event.game_won", "es", players=Items(["Gema"]), points=1_000_000).endswith("1.000.000 de puntos")


@pytest.mark.parametrize(("kind", "params", "expected"), [
    ("drawn", {"hand": 2, "count": 1, "cards": "4●"}, "Aparece un Babuino en la mano 2: se roba 1 carta para él: 4●"),
    ("drawn", {"hand": 2, "count": 3, "cards": "4● 5● 6●"}, "se roban 3 cartas para él"),
    ("traded_unseen", {"player": "Gema", "offerer": "Marina", "count": 1}, "Gema acepta la oferta de Marina: 1 carta cambia de manos."),
    ("traded_unseen", {"player": "Gema", "offerer": "Marina", "count": 2}, "2 cartas cambian de manos"),
    ("hand_shared", {"players": Items(["Gema", "Marina"]), "hand": 1, "share": 3, "lost": "", "why": ""}, "Gema y Marina empatan en la mano 1"),
    ("game_shared", {"players": Items(["Gema", "Marina", "Leo"]), "points": 10}, "Gema, Marina y Leo comparten la victoria con 10 puntos cada uno"),
    ("folded", {"player": "Leo", "hand": 3, "coins": 4}, "Leo se retira de la mano 3: las monedas que había puesto en ella (valor 4) van al centro"),
])
def test_spanish_events(kind: str, params: dict[str, object], expected: str) -> None:
    assert expected in event(kind, **params)


def test_a_bad_pick_counts_the_baboons_in_spanish() -> None:
    assert "para 1 Babuino." in IllegalAction("voces.illegal.bad_pick", player="Gema", baboons=1, drawn=3).text("es")
    assert "para cada uno de los 2 Babuinos" in IllegalAction("voces.illegal.bad_pick", player="Gema", baboons=2, drawn=3).text("es")


@pytest.mark.parametrize(("typed", "kind"), [
    ("mapache", Special.RACCOON), ("Paloma", Special.DOVE), ("capibara", Special.CAPYBARA), ("babuino", Special.BABOON),
    ("pingüino_emperador", Special.EMPEROR_PENGUIN), ("Pingüino-Emperador#2", Special.EMPEROR_PENGUIN),
    ("pinguino", Special.EMPEROR_PENGUIN),
])
def test_spanish_special_cards_are_read(typed: str, kind: Special) -> None:
    card = parse_voces_card(typed)
    assert isinstance(card, SpecialCard) and card.kind is kind


def test_spanish_hand_words() -> None:
    assert rank_voces_hand("Ks1 Ks2 Ks3 Ks4 mapache").describe("es").startswith("repóker de ")
    assert rank_voces_hand("Ks1 Ks2 Ks3 Ks4 mapache").describe("es").endswith("(el Mapache hace de K●)")
    assert rank_voces_hand("As1 Ks1 Qs1 Js1 10s1").describe("es") == "escalera de color hasta el as"
    assert rank_voces_hand("Js1 9s2 7s3 6s4 capibara").describe("es") == "carta alta: la jota"


def test_the_reveal_names_the_kicker_in_spanish() -> None:
    hands = {"Anna": "Ks1 Ks2 9s3 5s4 3s1", "Ben": "Ks3 Ks4 9s1 5s2 2s3"}
    shown = text(reveal_steps_html([(n, parse_voces_cards(c)) for n, c in hands.items()], reveal(hands), "es"))
    assert "el kicker 3 gana al 2" in shown and "Anna gana la mano." in shown
    category = {"Anna": "Ks1 Ks2 Ks3 5s4 3s1", "Ben": "As3 As4 9s1 5s2 2s3"}
    shown = text(reveal_steps_html([(n, parse_voces_cards(c)) for n, c in category.items()], reveal(category), "es"))
    assert "un trío está por encima de una pareja" in shown


def test_errors_in_spanish() -> None:
    with pytest.raises(CardParseError) as caught:
        parse_voces_card("Zs1")
    assert "valor desconocido 'Z'" in caught.value.text("es")
    with pytest.raises(KitError) as error:
        rank_voces_hand("Ks1 Ks2 Ks3 Ks4 babuino")
    assert error.value.text("es").endswith("es un Babuino: se cambia por una carta robada antes de comparar las manos")


def test_the_explorer_speaks_spanish_from_the_address() -> None:
    app = VocesExplorerApp(query="seed=1&lang=es")
    assert app.lang == "es"
    app.hands_input.value = "Anna = Ks1 Ks2 9s3 5s4 3s1\nBen = Ks3 Ks4 9s1 5s2 mapache"
    app.use_button.click()
    shown = text(app.rank_result.value)
    assert "Se descubren las manos" in shown and "el Mapache hace de" in shown
    assert "Se han descubierto y ordenado las 2 manos escritas." in text(app.message_area.value) or "Quién gana" in shown
