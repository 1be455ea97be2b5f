"""Póker a Voces's special cards explained where the learner meets them: pressed in the deck's choice, and
revealed in a round against bots (each of the five, seeded so that it turns up), in English, German and
Spanish. What a card did in a hand is checked against the revealed cards themselves (how many Raccoons or
Capybaras lay in the hand), not only against the engine's own words.
"""

from __future__ import annotations

import pytest

from pokerkit_teach.core.i18n import message
from pokerkit_teach.games.voces.cards import Special, SpecialCard
from pokerkit_teach.widgets.voces_board import specials_revealed
from pokerkit_teach.widgets.voces_explorer import VocesExplorerApp

from tests.apps.voces_driver import game_state, play_round, text

LANGS = ("en", "de", "es")
# what the card does, in each language's own words (a few words of each explanation)
GIST = {
    Special.RACCOON: ("it becomes whatever card makes its hand best", "Er wird zu der Karte", "se convierte en la carta"),
    Special.DOVE: ("only when another player also reveals a Dove", "noch ein anderer Spieler eine Taube aufdeckt",
                   "solo si otro jugador revela también una Paloma"),
    Special.CAPYBARA: ("the worst hand wins it", "gewinnt die schlechteste Hand", "gana la peor mano"),
    Special.BABOON: ("three cards are drawn", "werden drei Karten vom Nachziehstapel gezogen", "se roban tres cartas"),
    Special.EMPEROR_PENGUIN: ("scores 10 bonus points", "bekommt 10 Bonuspunkte", "se anota 10 puntos extra"),
}
SEED = "seed=1&players=3"  # with this seed each kind, alone in the deck, is revealed in round 1


def test_pressing_a_special_card_in_the_deck_choice_explains_it_in_every_language() -> None:
    for number, lang in enumerate(LANGS):
        app = VocesExplorerApp(query=f"seed=5&lang={lang}")
        picker = app.game.specials
        for kind in Special:
            assert not picker.buttons[kind].tooltip.startswith("Add") or lang == "en"
            if kind is Special.RACCOON:
                continue
            picker.choose([Special.RACCOON])
            picker.buttons[kind].value = True  # pressed
            shown = text(picker.help.value)
            assert GIST[kind][number] in shown, (lang, kind, shown)
            # the card just pressed is explained first, before the Raccoon chosen earlier
            assert shown.index(GIST[kind][number]) < shown.index(GIST[Special.RACCOON][number])
            assert GIST[kind][number] in picker.buttons[kind].tooltip
            picker.buttons[kind].value = False  # pressed again: taken out, and said so
            shown = text(picker.help.value)
            assert GIST[kind][number] not in shown
            assert message("apps.voces.special_help.removed", lang, card=kind)[1:] in shown


def test_deck_tab_explains_the_cards_chosen_there_too() -> None:
    app = VocesExplorerApp(query="seed=5&lang=de")
    app.deck_specials.buttons[Special.CAPYBARA].value = True
    assert GIST[Special.CAPYBARA][1] in text(app.deck_specials.help.value)


def _revealed_counts(state: object, kind: Special) -> dict[int, tuple[int, list[str]]]:
    """For every hand of round 1: how many cards of ``kind`` were revealed in it and by whom (from the cards)."""
    counts: dict[int, tuple[int, list[str]]] = {}
    for event in state.events:  # type: ignore[attr-defined]
        if event.kind == "revealed" and event.round == 1:
            mine = sum(1 for card in event.param("cards") if isinstance(card, SpecialCard) and card.kind is kind)
            total, who = counts.get(event.param("hand"), (0, []))
            counts[event.param("hand")] = (total + mine, who + [event.param("player")] * bool(mine))
    return counts


@pytest.mark.parametrize("kind", list(Special), ids=lambda kind: kind.value)
def test_a_special_card_revealed_in_a_round_is_explained_in_every_language(kind: Special) -> None:
    app = VocesExplorerApp(query=SEED)
    game = app.game
    game.specials.choose([kind])
    game.new_game()
    play_round(app)
    state = game_state(app)
    counts = _revealed_counts(state, kind)
    baboon_picks = [e for e in state.events if e.kind == "picked"]
    assert any(total for total, _ in counts.values()) or (kind is Special.BABOON and baboon_picks), "the seed reveals no such card"
    for number, lang in enumerate(LANGS):
        app.language.value = lang
        shown = text(game.specials_revealed.value)
        assert message("apps.voces.special_help.in_play", lang, round=1) in shown
        assert GIST[kind][number] in shown, (lang, shown)
        for hand, (total, who) in counts.items():
            if not total:
                continue
            if kind is Special.RACCOON:
                if total >= 2:  # two or more Raccoons in one hand: everyone who revealed one is out
                    assert all(name in shown for name in who)
                    assert message("apps.voces.special_here.raccoon_out", lang, hand=hand, count=total, players="X").split("X")[0] in shown
                else:
                    assert message("apps.voces.special_here.raccoon_one", lang, hand=hand) in shown
            if kind is Special.CAPYBARA:  # an odd number turns the ranking around
                key = "capybara_odd" if total % 2 else "capybara_even"
                assert message("apps.voces.special_here." + key, lang, hand=hand, count=total) in shown
            if kind is Special.DOVE and len(who) == 1 and total == 1:  # a Dove nobody else matched is worth nothing
                assert message("apps.voces.special_here.dove_alone", lang, hand=hand) in shown
        # beside each hand turned over on the table: what the special cards did in that hand
        notes = {region["key"]: region["note"] for region in game.board.regions if str(region["key"]).startswith("reveal-")}
        for line in specials_revealed(state.view_for(0).log, 1, lang)[0][1]:
            hand = int(line.split()[1].rstrip(":"))  # every line begins with its hand: "Hand 3: ...", "Mano 3: ..."
            assert line in notes[f"reveal-{hand}"], (line, notes)
        if kind is Special.BABOON:
            for pick in baboon_picks:
                assert pick.describe(lang).rstrip(".") in shown
        if kind is Special.EMPEROR_PENGUIN:
            winners = [e for e in state.events if e.kind == "penguin"]
            for won in winners:
                assert won.describe(lang).rstrip(".") in shown


# Hand 1 of a rigged round: Anna holds ``first`` cards of the kind, Ben ``second`` (tests/apps/voces_driver.rigged);
# what the rules make of it, written out by hand.
RIGGED = [
    (Special.DOVE, 1, 1, "Hand 1: more than one player revealed a Dove, so the Doves are wild."),
    (Special.DOVE, 2, 0, "Hand 1: Anna revealed two Doves and is out of it."),
    (Special.DOVE, 1, 0, "Hand 1: no other player revealed a Dove, so this one is not wild and counts for nothing."),
    (Special.CAPYBARA, 1, 0, "Hand 1: 1 Capybara revealed, an odd number, so the ranking is turned around: the worst hand wins."),
    (Special.CAPYBARA, 1, 1, "Hand 1: 2 Capybaras revealed, an even number, so the ranking stays as usual."),
    (Special.RACCOON, 1, 1, "Hand 1: 2 Raccoons revealed, so these players are out of it: Anna and Ben."),
    (Special.RACCOON, 1, 0, "Hand 1: a single Raccoon was revealed, so nobody is out and it plays as a wild card."),
]


@pytest.mark.parametrize(("kind", "first", "second", "expected"), RIGGED,
                         ids=[f"{k.value}-{a}-{b}" for k, a, b, _ in RIGGED])
def test_what_a_special_card_did_follows_the_rule(kind: Special, first: int, second: int, expected: str) -> None:
    from tests.apps.voces_driver import rigged

    state = rigged(kind, first, second)
    found = dict(specials_revealed(state.view_for(0).log, 1, "en"))
    assert expected in found[kind], found
    if kind in (Special.DOVE, Special.RACCOON) and "wild" in expected and "not wild" not in expected:
        assert any(line.startswith(f"Hand 1: the {kind.localized('en')} stands for ") for line in found[kind]), found
