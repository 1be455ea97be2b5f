"""The PokerGuess explorer, driven as a learner would (values typed, buttons clicked), without a browser.

Expected answers are worked out by hand from the cards, not by asking the engine again.
"""

from __future__ import annotations

import re
from html import unescape

import pytest

from pokerkit_teach.core.errors import CardParseError
from pokerkit_teach.games.pokerguess.cards import DrezCard, parse_drez_card
from pokerkit_teach.games.pokerguess.render import drez_card_label
from pokerkit_teach.games.pokerguess.state import PokerGuessState
from pokerkit_teach.widgets.guess_explorer import GuessExplorerApp
from pokerkit_teach.widgets.guess_board import seat_areas
from pokerkit_teach.widgets.guess_parts import parse_guess_table
from pokerkit_teach.widgets.index import APPS, LESSONS, IndexApp

# The rulebook example in short form: figure letter and colour number (2 Red, 3 Magenta, 5 Blue, 6 Yellow,
# 8 Orange, 9 Green).
EXAMPLE_HANDS = "Top = B5 B8\nLeft = P6 J3\nBottom = J8 N9\nRight = Q2 N2"
EXAMPLE_COMMUNITY = "R2 P2 P9 B9 J6"
EXAMPLE_PREDICTIONS = "Top: 4 red 4 bishops\nLeft: 4 red 4 pawns\nBottom: 3 green 3 jokers\nRight: 4 red 3 pawns"


def text(html: str) -> str:
    """The visible text of some HTML, tags removed and spaces collapsed."""
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html))).strip()


def count_cell(app: GuessExplorerApp, group: str) -> int:
    match = re.search(rf"data-group='{group}'>(\d+)<", app.counts.value)
    assert match, group
    return int(match.group(1))


def type_cards(app: GuessExplorerApp, hands: str, community: str) -> None:
    app.hands_input.value, app.community_input.value = hands, community
    app.use_button.click()


def in_letters(cards: str, lang: str) -> str:
    """English short forms (B5 a Bishop) written with the letters of ``lang`` (L5 in German); a token that is
    not a card is left as it is."""
    def one(match: re.Match[str]) -> str:
        try:
            return parse_drez_card(match.group()).symbol(lang)
        except CardParseError:
            return match.group()
    return re.sub(r"\b[A-Z]\d+\b", one, cards)


def check_all(app: GuessExplorerApp, predictions: str) -> None:
    app.predictions_input.value = predictions
    app.check_button.click()
    app.all_checks_button.click()


def game_state(app: GuessExplorerApp) -> PokerGuessState:
    assert app.game.state is not None
    return app.game.state


# -- dealing and typing the cards


def test_deal_is_reproducible_from_the_seed_and_gives_distinct_cards() -> None:
    first, again = GuessExplorerApp(query="seed=7&players=5"), GuessExplorerApp(query="seed=7&players=5")
    assert (first.hands_input.value, first.community_input.value) == (again.hands_input.value, again.community_input.value)
    table = parse_guess_table(first.hands_input.value, first.community_input.value)
    assert len(table.hands) == 5 and len(table.community) == 5 and len(set(table.cards)) == 15
    assert "Seed 7, deal 1" in first.seed_line.value
    first.deal_players.value = 2
    first.deal_button.click()
    assert "Seed 7, deal 2" in first.seed_line.value
    assert first.table is not None and len(first.table.hands) == 2 and len(first.table.cards) == 9
    first.language.value = "de"
    assert "Startwert 7, zum 2. Mal gegeben" in first.seed_line.value
    assert "Startwert 7, zum 1. Mal gegeben" in GuessExplorerApp(query="seed=7&players=5&lang=de").seed_line.value


def test_two_players_are_allowed_by_the_address() -> None:
    app = GuessExplorerApp(query="players=2&seed=1")
    assert app.params.players == 2 and not app.notice.value
    assert app.table is not None and len(app.table.hands) == 2
    assert len(game_state(app).players) == 2


def test_typed_cards_are_counted_by_colour_and_by_figure() -> None:
    app = GuessExplorerApp(query="seed=1")
    type_cards(app, EXAMPLE_HANDS, EXAMPLE_COMMUNITY)
    assert "pkt-error" not in app.message_area.value and "typed in" in app.seed_line.value
    # counted by hand from the rulebook example: reds Q2 N2 R2 P2; greens N9 P9 B9; pawns P6 P2 P9 ...
    expected = {"red": 4, "green": 3, "orange": 2, "yellow": 2, "blue": 1, "magenta": 1, "gray": 0, "purple": 0, "cyan": 0,
                "joker": 3, "queen": 1, "rook": 1, "bishop": 3, "knight": 2, "pawn": 3}
    assert {group: count_cell(app, group) for group in expected} == expected
    assert "All 13 cards on the table" in text(app.counts.value)
    assert "<title>Blue Bishop, colour 5</title>" in app.table_html.value  # the cards drawn, each named
    app.language.value = "de"
    assert "Die Karten wurden eingegeben." in app.seed_line.value
    assert {group: count_cell(app, group) for group in expected} == expected
    assert "Alle 13 Karten auf dem Tisch" in text(app.counts.value)
    assert "<title>blauer Läufer, Farbe 5</title>" in app.table_html.value and ">L<" in app.table_html.value


def test_words_and_short_forms_may_be_mixed() -> None:
    app = GuessExplorerApp(query="seed=1")
    type_cards(app, "Top = blue bishop, orange bishop\nLeft: P6 J3", "red tower, red pawn, green pawn, green bishop, yellow joker")
    assert app.table is not None
    assert app.table.hands[0] == ("Top", (DrezCard.from_text("B5"), DrezCard.from_text("B8")))
    assert count_cell(app, "red") == 2 and count_cell(app, "bishop") == 3


@pytest.mark.parametrize(
    ("hands", "community", "english", "german"),
    [
        ("Top = B5 B0\nLeft = P6 J3", EXAMPLE_COMMUNITY, "“B0” in the hand of Top is not a Pokerdrez card",
         "„B0“ in der Hand von Top ist keine Pokerdrez-Karte"),
        ("Top = blue bishop, purple dragon\nLeft = P6 J3", EXAMPLE_COMMUNITY, "“purple dragon” in the hand of Top is not a Pokerdrez card",
         "„purple dragon“ in der Hand von Top ist keine Pokerdrez-Karte"),
        ("Top = B5 B8\nLeft = P6 B5", EXAMPLE_COMMUNITY, "B5 Blue Bishop appears twice: in the hand of Top and in the hand of Left",
         "L5 blauer Läufer kommt zweimal vor: in der Hand von Top und in der Hand von Left"),
        ("Top = B5 B8\nLeft = P6 J3", "R2 P2 P9 B9 B8", "B8 Orange Bishop appears twice: in the hand of Top and among the community cards",
         "L8 orangefarbener Läufer kommt zweimal vor: in der Hand von Top und bei den offenen Karten"),
        ("Top = B5 B5\nLeft = P6 J3", EXAMPLE_COMMUNITY, "B5 Blue Bishop appears twice", "L5 blauer Läufer kommt zweimal vor"),
        ("Top = B5 X1\nLeft = P6 J3", EXAMPLE_COMMUNITY, "A neutral card in the hand of Top", "Eine neutrale Karte in der Hand von Top"),
        ("Top = B5 B8 Q9\nLeft = P6 J3", EXAMPLE_COMMUNITY, "Top needs exactly 2 private cards, but 3 were given",
         "Top braucht genau 2 eigene Karten, aber angegeben sind 3"),
        ("Top = B5 B8", EXAMPLE_COMMUNITY, "Give 2 to 6 players, one per line; there is 1", "Gib 2 bis 6 Spieler an, einen pro Zeile; angegeben ist 1"),
        ("Top = B5 B8\nTop = P6 J3", EXAMPLE_COMMUNITY, "The name Top is used twice", "Der Name Top kommt zweimal vor"),
        ("Top = B5 B8\nLeft = P6 J3", "R2 P2 P9 B9", "There are exactly 5 community cards, but 4 were given",
         "Nötig sind genau 5 offene Karten, aber angegeben sind 4"),
    ],
)
def test_bad_cards_are_named_and_change_nothing(hands: str, community: str, english: str, german: str) -> None:
    for lang, expected, unchanged in (("en", english, "Nothing was changed"), ("de", german, "Es wurde nichts geändert")):
        app = GuessExplorerApp(query=f"seed=3&lang={lang}")
        before = (app.table, app.counts.value, app.table_html.value)
        type_cards(app, in_letters(hands, lang), in_letters(community, lang))  # as the learner reads the cards
        assert "pkt-error" in app.message_area.value and 'role="alert"' in app.message_area.value
        assert expected in text(app.message_area.value) and unchanged in app.message_area.value
        assert (app.table, app.counts.value, app.table_html.value) == before
        assert app.output.outputs == ()  # no traceback


def test_bad_card_message_in_german() -> None:
    app = GuessExplorerApp(query="seed=3&lang=de")
    type_cards(app, "Top = B5 Z8\nLeft = P6 J3", EXAMPLE_COMMUNITY)
    assert "„Z8“ in der Hand von Top ist keine Pokerdrez-Karte" in text(app.message_area.value)
    type_cards(app, "Top = L5 L8\nLeft = P6 L5", EXAMPLE_COMMUNITY)
    assert "L5 blauer Läufer kommt zweimal vor: in der Hand von Top und in der Hand von Left" in text(app.message_area.value)
    type_cards(app, "Top = Läufer Blau, L8\nLeft = P6 J3", in_letters(EXAMPLE_COMMUNITY, "de"))
    assert app.table is not None and app.table.hands[0][1][0] == DrezCard.from_text("blue bishop")  # German names are read


# -- the check


def test_rulebook_example_is_checked_from_the_highest_down() -> None:
    app = GuessExplorerApp(query="seed=1")
    type_cards(app, EXAMPLE_HANDS, EXAMPLE_COMMUNITY)
    app.predictions_input.value = EXAMPLE_PREDICTIONS
    app.check_button.click()
    # Top and Left both say 4 red; bishops outrank pawns, so Top is first. Right (4 red 3 pawns) comes
    # before Bottom (3 green): the colour group's size counts first.
    order = text(app.order.value)
    assert re.findall(r"(Top|Left|Right|Bottom):", order) == ["Top", "Left", "Right", "Bottom"]
    assert order.count("not checked yet") == 3 and "does not hold" in order
    assert app.check_result.value.count("pkt-guess-check-step") == 1
    assert "only 3 Bishops are left" in text(app.check_result.value)
    # each card of the check drawn and named with its group: Top's reds, Top's bishops, a pawn left out
    for words in ("Red Queen, colour 2: counted for the colour group", "Blue Bishop, colour 5: counted for the figure group",
                  "Yellow Pawn, colour 6: not counted"):
        assert f"<title>{words}</title>" in app.check_result.value
    app.language.value = "de"
    order = text(app.order.value)
    assert order.count("noch nicht geprüft") == 3 and "stimmt nicht" in order
    assert "für die Figurengruppe bleiben nur 3 Läufer übrig" in text(app.check_result.value)
    assert "<title>gelber Bauer, Farbe 6: zählt nicht</title>" in app.check_result.value
    app.language.value = "en"
    assert not app.next_check_button.disabled
    app.next_check_button.click()
    assert app.check_result.value.count("pkt-guess-check-step") == 2
    assert "so the Red Pawn is missing from the group of Pawns: only 2 Pawns are left" in text(app.check_result.value)  # the red pawn went to the reds
    assert "pkt-guess-outcome" not in app.check_result.value
    app.all_checks_button.click()
    shown = text(app.check_result.value)
    assert app.check_result.value.count("pkt-guess-check-step") == 4 and app.next_check_button.disabled
    assert "the green group takes the Green Knight, the Green Pawn, and the Green Bishop" in shown
    assert "the group of Jokers takes the Magenta Joker, the Orange Joker, and the Yellow Joker" in shown
    assert "Bottom's prediction holds: Bottom takes the pot." in shown
    app.language.value = "de"
    shown = text(app.check_result.value)
    assert app.check_result.value.count("pkt-guess-check-step") == 4
    assert "für die Figurengruppe bleiben nur 2 Bauern übrig" in shown
    assert "die Gruppe Grün nimmt den grünen Springer, den grünen Bauern und den grünen Läufer" in shown
    assert "die Gruppe der Joker nimmt den magentafarbenen Joker, den orangefarbenen Joker und den gelben Joker" in shown
    assert "Die Vorhersage von Bottom stimmt: Bottom gewinnt den Pot." in shown


def test_first_prediction_that_holds_ends_the_check() -> None:
    app = GuessExplorerApp(query="seed=1")
    type_cards(app, EXAMPLE_HANDS, EXAMPLE_COMMUNITY)
    # 4 red 4 jokers fails (three jokers: J3 J8 J6); 2 red 2 bishops holds (reds Q2 N2, bishops B5 B8);
    # 1 green 1 pawn is lower and never checked
    check_all(app, "Ann: 1 green 1 pawn\nBea: 2 red 2 bishops\nCid: 4 red 4 jokers")
    order = text(app.order.value)
    assert re.findall(r"(Ann|Bea|Cid):", order) == ["Cid", "Bea", "Ann"]
    assert order.count("never checked: a higher prediction holds") == 1
    shown = text(app.check_result.value)
    assert "only 3 Jokers are left for their group" in shown
    assert "Right: the red group takes the Red Queen and the Red Knight, and the group of Bishops takes the Blue Bishop and the Orange Bishop" in shown
    assert "Checked after Cid's prediction because Cid's colour group is larger (4 against 2)." in shown
    assert "Bea's prediction holds" in shown and app.check_result.value.count("pkt-guess-check-step") == 2
    app.language.value = "de"
    assert text(app.order.value).count("wird nicht geprüft: eine höhere Vorhersage stimmt") == 1
    shown = text(app.check_result.value)
    assert "für die Figurengruppe bleiben nur 3 Joker übrig" in shown
    assert "Richtig: die Gruppe Rot nimmt die rote Dame und den roten Springer, und die Gruppe der Läufer nimmt den blauen Läufer und den orangefarbenen Läufer" in shown
    assert "Geprüft nach der Vorhersage von Cid, denn die Farbgruppe von Cid ist größer (4 gegen 2)." in shown
    assert "Die Vorhersage von Bea stimmt" in shown and app.check_result.value.count("pkt-guess-check-step") == 2


def test_a_card_of_both_groups_counts_once() -> None:
    app = GuessExplorerApp(query="seed=1")
    # reds: P2 Q2; pawns: P2 P6 P9. "2 red 3 pawns" would need P2 twice.
    type_cards(app, "Ann = P2 Q2\nBea = P6 J3", "P9 B5 B8 N1 R1")
    check_all(app, "Ann: 2 red 3 pawns\nBea: 1 red 2 pawns")
    shown = text(app.check_result.value)
    assert "so the Red Pawn is missing from the group of Pawns: only 2 Pawns are left for their group (Yellow Pawn and Green Pawn), not 3" in shown
    assert "Bea's prediction holds" in shown  # 1 red (Red Queen) leaves all three pawns free
    app.language.value = "de"
    shown = text(app.check_result.value)
    assert "also fehlt der rote Bauer in der Gruppe der Bauern: für die Figurengruppe bleiben nur 2 Bauern übrig (gelber Bauer und grüner Bauer), nicht 3" in shown
    assert "Die Vorhersage von Bea stimmt" in shown
    app.language.value = "en"
    check_all(app, "Ann: 3 red 1 pawn")
    assert "only 2 red cards are on the table" in text(app.check_result.value)
    assert "No prediction holds: everyone still in the round shares the pot." in text(app.check_result.value)
    app.language.value = "de"
    assert "auf dem Tisch liegen nur 2 rote Karten" in text(app.check_result.value)
    assert "Keine Vorhersage stimmt: Alle, die noch in der Runde sind, teilen sich den Pot." in text(app.check_result.value)


@pytest.mark.parametrize(
    ("predictions", "english", "german"),
    [
        ("Top: 4 rde 4 bishops", "Line 1 (“4 rde 4 bishops”) is not a prediction", "Zeile 1 („4 rde 4 bishops“) ist keine Vorhersage"),
        ("Top: 4 red\n", "Line 1 (“4 red”) is not a prediction", "Zeile 1 („4 red“) ist keine Vorhersage"),
        ("Top: 4 red 3 pawns blue", "Line 1 (“4 red 3 pawns blue”) is not a prediction: 'blue' (word 5) names a second colour",
         "Zeile 1 („4 red 3 pawns blue“) ist keine Vorhersage: „blue“ (Wort 5) nennt eine zweite Farbe"),
        ("Top: 3 pawns 4 rde", "Line 1 (“3 pawns 4 rde”) is not a prediction: 'rde' (word 4) is not a count",
         "Zeile 1 („3 pawns 4 rde“) ist keine Vorhersage: „rde“ (Wort 4) ist weder eine Anzahl"),
        ("Top: 7 red 2 pawns", "Line 1 (“7 red 2 pawns”): a colour group holds 1 to 6 cards",
         "Zeile 1 („7 red 2 pawns“): Eine Farbgruppe hat 1 bis 6 Karten"),
        ("Top: 2 red 2 pawns\nLeft: 2 red 2 pawns", "Left and Top make the same prediction", "Left und Top machen dieselbe Vorhersage"),
        ("Top: 2 red 2 pawns\nTop: 3 red 2 pawns", "Top makes two predictions", "Top macht zwei Vorhersagen"),
        ("   ", "Write at least one prediction", "Schreib mindestens eine Vorhersage"),
    ],
)
def test_bad_predictions_are_named_and_change_nothing(predictions: str, english: str, german: str) -> None:
    for lang, expected in (("en", english), ("de", german)):
        app = GuessExplorerApp(query=f"seed=1&lang={lang}")
        type_cards(app, EXAMPLE_HANDS, EXAMPLE_COMMUNITY)
        check_all(app, EXAMPLE_PREDICTIONS)
        before = (app.order.value, app.check_result.value, app.checks)
        app.predictions_input.value = predictions
        app.check_button.click()
        assert expected in text(app.message_area.value) and "pkt-error" in app.message_area.value
        assert (app.order.value, app.check_result.value, app.checks) == before


def test_rulebook_button_loads_cards_and_predictions() -> None:
    app = GuessExplorerApp(query="seed=9")
    app.example_button.click()
    assert app.hands_input.value == EXAMPLE_HANDS and app.community_input.value == EXAMPLE_COMMUNITY
    assert app.predictions_input.value == EXAMPLE_PREDICTIONS
    app.check_button.click()
    app.all_checks_button.click()
    assert "Bottom's prediction holds" in text(app.check_result.value)
    app.language.value = "de"
    assert "Die Vorhersage von Bottom stimmt" in text(app.check_result.value)


# -- the rulebook example, step by step


def test_rulebook_example_replays_to_bottoms_win() -> None:
    app = GuessExplorerApp(query="seed=1")
    navigator = app.navigator
    assert "Step 1 of" in navigator.counter.value and navigator.buttons["back"].disabled
    assert navigator.counter._dom_classes == ("pkt-guess-step-counter",)
    assert [b._dom_classes for b in navigator.buttons.values()] == [(f"pkt-guess-{n}",) for n in ("first", "back", "forward", "last")]
    assert "Right deals" in text(app.narration.value)
    app.language.value = "de"
    assert "Schritt 1 von" in navigator.counter.value and "Right gibt" in text(app.narration.value)
    app.language.value = "en"
    navigator.buttons["forward"].click()
    assert "Top predicts 3 red cards and 4 Bishops." in text(app.narration.value)
    assert "3 red cards and 4 Bishops" in text(app.example_table.value)
    app.language.value = "de"
    assert "Top sagt 3 rote Karten und 4 Läufer voraus." in text(app.narration.value)
    assert "3 rote Karten und 4 Läufer" in text(app.example_table.value)
    app.language.value = "en"
    navigator.buttons["last"].click()
    narration = text(app.narration.value)
    assert navigator.buttons["forward"].disabled
    assert "Bottom's prediction holds: Bottom takes the pot." in narration
    assert narration.index("Top predicted") < narration.index("Left predicted") < narration.index("Right predicted") < narration.index("Bottom predicted")
    app.language.value = "de"
    narration = text(app.narration.value)
    assert "Die Vorhersage von Bottom stimmt: Bottom gewinnt den Pot." in narration
    assert narration.index("Top sagte") < narration.index("Left sagte") < narration.index("Right sagte") < narration.index("Bottom sagte")
    navigator.buttons["back"].click()
    assert "Bottom gewinnt den Pot" not in text(app.narration.value)
    app.language.value = "en"
    assert "Bottom takes the pot" not in text(app.narration.value)


# -- playing against bots


def play_by_clicks(app: GuessExplorerApp, stop, limit: int = 300) -> int:  # type: ignore[no-untyped-def]
    """Stay when allowed, else predict what the controls show, else press your first card on the table
    when it is a legal move (the last-card phase), else fold; until stop()."""
    game = app.game
    for clicks in range(limit):
        if stop():
            return clicks
        if not game.next_button.disabled and game.paused:
            game.next_button.click()
        elif not game.stay_button.disabled:
            game.stay_button.click()
        elif not game.predict_button.disabled:
            game.predict_button.click()
        elif game.board.item("mine-0")["state"] == "legal":
            game.board.press("mine-0")
        else:
            assert not game.fold_button.disabled, game.status.value
            game.fold_button.click()
    raise AssertionError("the game did not reach the expected point")


def test_you_begin_and_buttons_follow_the_engine() -> None:
    app = GuessExplorerApp(query="seed=5&players=4")
    game = app.game
    state = game_state(app)
    assert state.current_player() == 0 and "Your turn" in game.status.value
    assert game.stay_button.disabled and game.stay_button.tooltip == "Anna has no prediction yet and must make one (or fold)."
    assert not game.predict_button.disabled and not game.fold_button.disabled
    mine = [game.board.item(f"mine-{n}") for n in (0, 1)]
    assert [card["state"] for card in mine] == ["plain", "plain"] and all(card["pressable"] for card in mine)
    assert [card["label"] for card in mine] == [f"your card {n + 1}: {drez_card_label(card, 'en')}" for n, card in enumerate(state.round.private[0])]
    assert mine[0]["why"] == "Cards are shown only in the last-card phase."
    app.language.value = "de"
    assert "Du bist am Zug" in game.status.value
    assert game.stay_button.disabled and game.stay_button.tooltip == "Anna hat noch keine Vorhersage und muss eine machen (oder aussteigen)."
    assert game.board.item("mine-0")["label"] == f"deine Karte 1: {drez_card_label(state.round.private[0][0], 'de')}"
    assert game.board.item("mine-0")["why"] == "Karten werden nur in der Phase der letzten Karte gezeigt."


def test_a_full_round_is_played_by_clicks_to_the_check() -> None:
    app = GuessExplorerApp(query="seed=5&players=4")
    game = app.game
    game.colour_count.value, game.figure_count.value, game.raise_by.value = 1, 1, 1
    game.predict_button.click()
    state = game_state(app)
    assert state.events[-1].kind != "predicted" or state.current_player() == 0
    assert any(kind == "reason" for kind, _ in game.log_lines), "the bots give reasons"
    assert "pkt-guess-reason" in game.log.value
    play_by_clicks(app, lambda: game.finished is not None)
    assert game.finished is not None and game.paused
    assert "Round 1 is over" in game.status.value
    result = text(game.result.value)
    assert "The check of round 1" in result
    assert "takes the pot" in result or "shares the pot" in result
    assert game.next_button.layout.display != "none"
    assert game.stay_button.disabled and game.stay_button.tooltip == "The round is over: press Next round"
    app.language.value = "de"
    assert "Runde 1 ist vorbei" in game.status.value
    result = text(game.result.value)
    assert "Die Prüfung von Runde 1" in result
    assert "gewinnt den Pot" in result or "teilen sich den Pot" in result
    assert game.stay_button.disabled and game.stay_button.tooltip == "Die Runde ist vorbei: Drück auf Nächste Runde"
    app.language.value = "en"
    chips = sum(state.chips) + state.pot
    assert chips == 4 * 20  # no chip is lost or made
    game.next_button.click()
    assert not game.paused and "Round 2" in game.status.value
    app.language.value = "de"
    assert "Runde 2" in game.status.value
    assert app.output.outputs == ()


def test_a_whole_game_ends_with_one_winner() -> None:
    app = GuessExplorerApp(query="seed=2&players=3")
    game = app.game
    game.bot_choice.value = "random"
    game.new_button.click()
    play_by_clicks(app, lambda: game_state(app).is_terminal(), limit=3000)
    state = game_state(app)
    assert state.outcome is not None and "The game is over" in game.status.value
    assert f"{state.players[state.outcome.winners[0]]} wins" in game.status.value
    app.language.value = "de"
    assert "Das Spiel ist vorbei" in game.status.value
    assert f"{state.players[state.outcome.winners[0]]} gewinnt" in game.status.value


@pytest.mark.parametrize("lang, refusal", [("en", "Anna has no prediction yet"), ("de", "Anna hat noch keine Vorhersage")])
def test_an_illegal_click_is_refused_and_changes_nothing(lang: str, refusal: str) -> None:
    app = GuessExplorerApp(query=f"seed=5&players=4&lang={lang}")
    game = app.game
    state = game_state(app)
    before = state.snapshot()
    game.stay_button.click()  # disabled in a browser; a click from code still goes through the engine
    assert state.snapshot() == before
    assert refusal in text(app.message_area.value) and "pkt-error" in app.message_area.value


# -- the drawn table


def to_your_reveal(app: GuessExplorerApp) -> None:
    """Seed 5, four players: you predict 1 green 1 bishop, the bots answer, you stay: the last-card phase
    reaches you (worked out by playing it once; the test below checks each step it relies on)."""
    game = app.game
    game.colour_count.value, game.figure_count.value = 1, 1
    game.predict_button.click()
    game.stay_button.click()


def test_the_table_is_drawn_with_seats_hidden_cards_chips_and_predictions() -> None:
    app = GuessExplorerApp(query="seed=5&players=4")
    game, board = app.game, app.game.board
    state = game_state(app)
    # you at the foot, the three bots clockwise from your left along the top, the middle between
    assert board.areas == '"s1 s2 s3" "m m m" "s0 s0 s0"'
    assert [r["title"] for r in board.regions] == ["Ben", "Carla", "Dan", "Middle of the table", "Anna (you)"]
    assert board.regions[-1]["current"] and "your turn" in board.regions[-1]["note"]
    assert board.item("chips-1")["label"] == "Ben: 19 chips, 1 chip in the pot"  # 20 chips, 1 paid as the initial bet
    assert board.item("pot")["label"] == "the pot: 4 chips"
    # the others' cards are backs: neither the words nor the picture name them
    for seat in (1, 2, 3):
        hand = board.item(f"hand-{seat}")
        assert hand["label"] == f"hand of {state.players[seat]}: 2 cards: face-down card and face-down card"
        for card in state.round.private[seat]:
            assert card.text("en") not in hand["svg"] and card.colour.localized("en", "title") not in hand["svg"]
    assert [board.item(f"community-{n}")["label"] for n in range(5)] == [drez_card_label(c, "en") for c in state.round.community]
    game.colour_count.value, game.figure_count.value = 1, 1
    game.predict_button.click()
    predicted = board.item("prediction-0")
    assert predicted["label"] == "Anna's prediction: 1 green card and 1 Bishop" and ">Green<" in predicted["svg"]
    app.language.value = "de"
    assert board.item("prediction-0")["label"] == "Vorhersage von Anna: 1 grüne Karte und 1 Läufer"
    assert ">Grün<" in board.item("prediction-0")["svg"] and board.regions[-1]["title"] == "Anna (du)"
    assert board.item("hand-1")["label"] == "Hand von Ben: 2 Karten: verdeckte Karte und verdeckte Karte"


def test_each_move_is_announced_on_the_table_in_the_apps_language() -> None:
    app = GuessExplorerApp(query="seed=5&players=4")
    game, board = app.game, app.game.board
    assert board.status.startswith("Round 1: Dan deals") and board.status.endswith("Your turn: covering the bet costs 0 chips.")
    game.colour_count.value, game.figure_count.value = 1, 1
    game.predict_button.click()
    assert board.status == ("Anna predicts 1 green card and 1 Bishop. Ben predicts 1 gray card and 1 Bishop. "
                            "Carla predicts 1 yellow card and 1 Queen. Dan predicts 2 gray cards and 2 Bishops. "
                            "Your turn: covering the bet costs 0 chips.")
    app.language.value = "de"  # the last announcement again, in German
    assert board.status.startswith("Anna sagt 1 grüne Karte und 1 Läufer voraus.")
    assert board.status.endswith("Du bist am Zug: Mitzugehen kostet 0 Chips.")
    count = board.status_count
    game.stay_button.click()
    assert board.status_count == count + 1
    assert board.status.startswith("Anna bleibt bei der Vorhersage „1 grüne Karte und 1 Läufer“.")
    assert "Ben bleibt bei der Vorhersage „1 graue Karte und 1 Läufer“." in board.status
    assert board.status.endswith("Du bist am Zug: Zeig eine deiner beiden Karten.")


@pytest.mark.parametrize("lang, reason", [("en", "Cards are shown only in the last-card phase."),
                                          ("de", "Karten werden nur in der Phase der letzten Karte gezeigt."),
                                          ("es", "Las cartas solo se enseñan en la fase de la última carta.")])
def test_pressing_your_card_before_the_last_card_phase_says_the_engines_reason(lang: str, reason: str) -> None:
    app = GuessExplorerApp(query=f"seed=5&players=4&lang={lang}")
    board = app.game.board
    state = game_state(app)
    before = state.snapshot()
    board._receive(board, {"event": "press", "key": "mine-1"}, [])  # as the page sends it
    assert state.snapshot() == before
    assert board.status.endswith(reason) and drez_card_label(state.round.private[0][1], lang) in board.status
    assert app.output.outputs == ()


def test_in_the_last_card_phase_you_show_a_card_by_pressing_it() -> None:
    app = GuessExplorerApp(query="seed=5&players=4")
    board = app.game.board
    sent: list[object] = []
    board.send = sent.append  # type: ignore[method-assign]  # what the board would send to the page
    to_your_reveal(app)
    state = game_state(app)
    assert state.current_player() == 0 and state.round.phase.value == "reveal"
    assert [board.item(f"mine-{n}")["state"] for n in (0, 1)] == ["legal", "legal"]
    assert board.item("mine-1")["label"].endswith("; press to show it to everyone") and not board.item("mine-1")["why"]
    assert {"event": "focus", "key": "mine-0"} in sent  # the keyboard focus went to your first card
    shown_card = state.round.private[0][1]
    board.press("mine-1")
    assert state.round.shown[0] == 1
    assert f"Anna shows the {shown_card.text('en')}." in board.status
    assert board.item("mine-1")["label"] == f"your card 2: {drez_card_label(shown_card, 'en')}, shown to everyone"
    # the bots have shown a card each: face up in their hands, the other still face down
    for seat in (1, 2, 3):
        card = state.round.private[seat][state.round.shown[seat]]
        label = board.item(f"hand-{seat}")["label"]
        assert f"{drez_card_label(card, 'en')}, shown to everyone and face-down card" in label
        assert card.colour.localized("en", "title") in board.item(f"hand-{seat}")["svg"]


def test_the_check_turns_the_hands_over_and_marks_the_predictions() -> None:
    app = GuessExplorerApp(query="seed=5&players=4")
    game, board = app.game, app.game.board
    play_by_clicks(app, lambda: game.finished is not None)
    finished = game.finished
    assert finished is not None and game.paused and not finished.by_folding
    assert board.title == "The table at the check of round 1"
    for seat, hole in finished.hands:
        keys = [f"mine-{n}" if seat == 0 else f"card-{seat}-{n}" for n in (0, 1)]
        assert [board.item(key)["label"] for key in keys] == [drez_card_label(card, "en") for card in hole]
    for seat, verdict in finished.checks:
        item = board.item(f"prediction-{seat}")
        assert item["state"] == ("holds" if verdict.holds else "breaks")
        assert item["label"].endswith("it holds" if verdict.holds else "it does not hold")
    # the pot was paid out: the middle's chip is empty and says what it held
    assert board.item("pot")["label"] == f"the pot is empty: {finished.pot} chips paid out"
    assert board.item("pot")["caption"] == board.item("pot")["label"]
    # while the check is shown, the log tells nothing of the next round (the status asks for Next round)
    log = game.log.value
    assert "Round 1 is over" in game.status.value or "round 1" in game.status.value.lower()
    assert "Round 2" not in log and "round 2" not in log, log[-500:]
    # the announcement ends the round; the next round's deal waits for Next round
    assert "Round 1 is over" in board.status and "Round 2:" not in board.status
    game.next_button.click()
    assert board.status.startswith("Round 2:")


@pytest.mark.parametrize("count", [2, 3, 4, 5, 6])
def test_every_seat_has_one_place_around_the_middle(count: int) -> None:
    areas, columns, order = seat_areas(count)
    rows = [row.split() for row in re.findall(r'"([^"]+)"', areas)]
    assert len({len(row) for row in rows}) == 1  # a rectangle, as CSS grids need
    names = {name for row in rows for name in row}
    assert names == {"m"} | {f"s{seat}" for seat in range(count)}
    assert rows[-1] == ["s0"] * len(rows[-1])  # you at the foot
    assert sorted(order) == sorted(["middle"] + [f"seat{seat}" for seat in range(count)])


def test_language_switch_changes_visible_texts() -> None:
    app = GuessExplorerApp(query="seed=5&players=4")
    app.example_button.click()
    app.check_button.click()
    app.all_checks_button.click()
    app.game.predict_button.click()
    app.language.value = "de"
    assert "PokerGuess-Entdecker" in app.title.value
    assert app.tabs.titles == ("Karten", "Prüfung", "Beispiel aus den Regeln", "Gegen Bots spielen")
    assert "Die Vorhersage von Bottom stimmt: Bottom gewinnt den Pot." in text(app.check_result.value)
    assert "Karten je Farbe" in app.counts.value and "Rot" in app.counts.value
    assert app.game.stay_button.description == "Bleiben" and app.game.predict_button.description == "Vorhersagen"
    assert "Runde 1" in app.game.status.value
    assert "sagt" in text(app.game.log.value)  # the log is put into words again
    assert dict((v, k) for k, v in app.game.colour.options)[app.game.colour.value] in {"Grau", "Rot", "Magenta", "Lila", "Blau", "Gelb", "Cyan", "Orange", "Grün"}
    assert "Schritt 1 von" in app.navigator.counter.value
    app.language.value = "en"
    assert app.tabs.titles[3] == "Play against bots" and "Bottom's prediction holds" in text(app.check_result.value)


def test_bad_players_in_the_address_is_reported_with_the_pokerguess_range() -> None:
    app = GuessExplorerApp(query="players=9&seed=abc")
    assert app.notice.value.count("pkt-param-error") == 2
    assert "PokerGuess is played here by 2 to 6 players" in app.notice.value
    assert app.params.players == 4 and len(game_state(app).players) == 4
    german = GuessExplorerApp(query="players=9&seed=abc&lang=de")
    assert german.notice.value.count("pkt-param-error") == 2
    assert "PokerGuess wird hier mit 2 bis 6 Spielern gespielt, also spielen 4 mit" in german.notice.value


def test_index_lists_the_explorer_and_the_lesson() -> None:
    assert "pokerguess_explorer" in APPS and "05_pokerguess" in LESSONS
    index = IndexApp(query="lang=de")
    assert "href='pokerguess_explorer.ipynb?lang=de'" in index.listing.value and "PokerGuess-Entdecker" in index.listing.value
    assert "href='lessons/de/05_pokerguess.ipynb'" in index.listing.value
    english = IndexApp(query="lang=en")
    assert "href='pokerguess_explorer.ipynb?lang=en'" in english.listing.value and "PokerGuess explorer" in english.listing.value
    assert "href='lessons/en/05_pokerguess.ipynb'" in english.listing.value


def test_the_inputs_follow_the_language_of_the_card_faces() -> None:
    app = GuessExplorerApp(query="seed=9")
    app.example_button.click()
    assert app.hands_input.value.startswith("Top = B5 B8")
    app.language.value = "de"  # the faces now read L5 L8 (Läufer), and so do the inputs
    assert app.hands_input.value.startswith("Top = L5 L8") and "<title>blauer Läufer, Farbe 5</title>" in app.table_html.value
    assert app.community_input.value == "T2 B2 B9 L9 J6"
    app.use_button.click()  # read back in German: the same cards
    assert app.table is not None and app.table.hands[0][1] == (DrezCard.from_text("B5"), DrezCard.from_text("B8"))
    assert "Top: 4 rot 4 Läufer" in app.predictions_input.value or "Top: 4 red 4 bishops" in app.predictions_input.value


@pytest.mark.parametrize("lang", ["en", "de"])
def test_bot_reasons_beside_the_table_name_the_colour_and_figure_they_count(lang: str) -> None:
    from pokerkit_teach.widgets.guess_play import HUMAN

    app = GuessExplorerApp(query=f"seed=5&players=4&lang={lang}")
    game = app.game
    assert game.reasons.value == ""  # nobody has said anything yet
    game.predict_button.click()  # your prediction: the bots answer with theirs
    state = game_state(app)
    shown = text(game.reasons.value)
    said = 0
    for seat in range(1, 4):
        prediction = state.round.predictions.get(seat)
        if prediction is None or seat == HUMAN:
            continue
        name = state.players[seat]
        first = re.split(r"\.\s", shown.split(name, 1)[1])[0]  # the reason's first sentence: what the bot expects
        colour = prediction.colour.localized(lang, "adj_pl")
        figures = prediction.figure.localized(lang, "plural")
        assert f" {colour} " in first and f" {figures} " in first, (name, colour, figures, first)
        said += 1
    assert said, shown
    # the panel stands right under the table beside your moves, before the result and the log
    under = game.table_row.children[1]
    assert game.table_row.children[0] is game.board and list(under.children) == [game.side, game.reasons]


def test_the_check_tab_opens_on_a_check_of_the_dealt_table() -> None:
    app = GuessExplorerApp(query="seed=5&players=4")
    assert app.table is not None
    lines = app.predictions_input.value.splitlines()
    assert [line.split(":")[0] for line in lines] == ["Anna", "Ben", "Carla", "Dan"]
    assert len(set(line.split(":")[1] for line in lines)) == 4  # four different predictions
    assert app.checks and app.shown_checks == 1 and app.check_result.value.count("pkt-guess-check-step") == 1
    assert app.all_checks_button.disabled == (len(app.checks) == 1)  # more to show: Show all is there to press
    if len(app.checks) > 1:
        app.all_checks_button.click()
    assert app.all_checks_button.disabled and "pkt-guess-outcome" in app.check_result.value
    # a prediction the learner typed stays when the table is dealt again
    app.predictions_input.value = "Anna: 1 red 1 pawns"
    app.deal_button.click()
    assert app.predictions_input.value == "Anna: 1 red 1 pawns"


@pytest.mark.parametrize(("lang", "words"), [("en", "(seed 5: the same seed deals this game again)"),
                                             ("de", "(Startwert 5: Derselbe Startwert gibt dieses Spiel noch einmal)")])
def test_the_seed_in_the_status_says_what_it_is_for(lang: str, words: str) -> None:
    assert words in GuessExplorerApp(query=f"seed=5&players=4&lang={lang}").game.status.value


def test_check_frames_differ_in_shape_not_in_a_colour_a_group_could_have() -> None:
    app = GuessExplorerApp(query="seed=5&players=4")
    if not app.all_checks_button.disabled:
        app.all_checks_button.click()
    shown = app.check_result.value
    assert "outline:4px solid #1a1a1a" in shown and "outline:3px dashed #1a1a1a" in shown  # colour group, figure group
    assert "#1a4fd8" not in shown and "#b35c00" not in shown  # no blue or orange frame
    assert "Solid dark frame: counted for the colour group. Dashed frame: counted for the figure group." in text(shown)
