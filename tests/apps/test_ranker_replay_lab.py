"""The hand ranker, the replay and the variant lab, driven like a learner would (no browser): buttons are
clicked, values set, and the HTML and the engine's results checked against known answers."""

from __future__ import annotations

import re

import pytest

from pokerkit_teach import best_hand
from pokerkit_teach.games.pokerface.scenarios import load_scenario
from pokerkit_teach.core.simulate import simulate
from pokerkit_teach.widgets.hand_ranker import HandRankerApp, parse_table
from pokerkit_teach.widgets.lab import DEFAULT_GAMES, VariantLabApp, bar_chart_svg, variants_of
from pokerkit_teach.widgets.replay import ReplayApp, token_holders

from tests.support import RULEBOOK_BOARD, RULEBOOK_FAILURE, RULEBOOK_SUCCESS


def text(html: str) -> str:
    """The visible text of some HTML, tags removed and spaces collapsed."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def typed(app: HandRankerApp, board: str, hands: list[tuple[str, str]]) -> None:
    app.board_input.value = board
    app.hands_input.value = "\n".join(f"{name}={cards}" for name, cards in hands)
    app.rank_button.click()


# -- the hand ranker


def test_two_hands_are_compared_plainly_not_as_a_showdown() -> None:
    """Two typed hands are no Pokerface showdown (a game has 3 to 6 players): the app names the stronger
    hand and why, with no token labels and no red "Failure"."""
    app = HandRankerApp(query="lang=en&seed=3")
    typed(app, RULEBOOK_BOARD, RULEBOOK_SUCCESS[:2])
    assert app.showdown is None and app.mode.value == "compare"
    assert [r.describe() for r in app.results if r] == ["a pair of 8s with Q 7 6", "a pair of 8s with A Q J"]
    shown = text(app.result.value)
    assert "Ben has the strongest hand: a pair of 8s with A Q J" in shown
    assert "Ben beats Anna: both have a pair; the same pair of 8s; the Ace beats the Queen as first side card" in shown
    assert "pkt-showdown" not in app.result.value and "(A♠)" not in shown and "Failure" not in shown
    assert "No straight: the longest run of ranks in a row is 4 (8 7 6 5)" in shown  # Anna's steps
    assert '<title>Ace of spades</title>' in app.result.value  # drawn cards, each named and "pkt-error" not in app.message_area.value
    assert [r.describe("de") for r in app.results if r] == ["ein Paar Achten mit D 7 6", "ein Paar Achten mit A D B"]
    app.language.value = "de"
    shown = text(app.result.value)
    assert "Ben hat die stärkste Hand: ein Paar Achten mit A D B" in shown
    assert "Ben schlägt Anna" in shown and "das Ass schlägt die Dame als erste Beikarte" in shown
    assert "Keine Straße: die längste Reihe aufeinanderfolgender Werte ist 4 lang (8 7 6 5)" in shown
    assert '<title>Pik Ass</title>' in app.result.value and "Fehlschlag" not in shown


def test_the_comparison_orders_every_hand_from_the_strongest_down() -> None:
    app = HandRankerApp(query="lang=en&seed=3")
    typed(app, RULEBOOK_BOARD, RULEBOOK_FAILURE)
    assert app.showdown is None
    shown = text(app.result.value)
    assert "Dan has the strongest hand: a full house, 5s full of 8s" in shown
    order = [shown.index(line) for line in ("Dan beats Carla", "Carla beats Anna",
                                            "Anna beats Ben: both have a pair; the same pair of 8s; the same "
                                            "first side card, Queen; the 7 beats the 5 as second side card")]
    assert order == sorted(order)


def test_equal_hands_are_named_with_the_reason() -> None:
    app = HandRankerApp(query="lang=en&seed=3")
    typed(app, RULEBOOK_BOARD, [("Anna", "Ad 2h"), ("Ben", "Ac 2d"), ("Carla", "7d 6h")])
    shown = text(app.result.value)
    assert "Anna and Ben share the strongest hand: a pair of 8s with A Q 5" in shown
    assert "Anna is exactly as strong as Ben: an exact tie" in shown and "suits never break a tie" in shown
    app.language.value = "de"
    shown = text(app.result.value)
    assert "Anna und Ben haben die stärksten Hände, genau gleich stark: ein Paar Achten mit A D 5" in shown
    app.language.value = "es"
    assert "Anna y Ben" in text(app.result.value)


def test_a_kicker_decides_and_is_named() -> None:
    app = HandRankerApp(query="lang=en&seed=3")
    typed(app, "Kc Qh 8s 5d 3c", [("Anna", "As 7d"), ("Ben", "Ah 6c")])
    shown = text(app.result.value)
    assert "Anna has the strongest hand" in shown and "the 7 beats the 6" in shown


def test_the_showdown_check_is_a_mode_of_its_own_for_3_to_6_hands() -> None:
    app = HandRankerApp(query="lang=en&seed=3")
    typed(app, RULEBOOK_BOARD, RULEBOOK_SUCCESS)
    app.mode.value = "showdown"
    assert app.showdown is not None and app.showdown.success
    assert "pkt-showdown-success" in app.result.value and "the first hand holds the A♠" in text(app.result.value)
    typed(app, RULEBOOK_BOARD, RULEBOOK_SUCCESS[:2])
    assert app.showdown is None and "pkt-showdown" not in app.result.value
    shown = text(app.result.value)
    assert "A Pokerface showdown has 3 to 6 hands and a board of five cards; here there are 2 hands" in shown
    assert "Ben has the strongest hand" in shown
    app.mode.value = "compare"
    assert "A Pokerface showdown has" not in text(app.result.value)


def test_strength_is_explained_in_words() -> None:
    app = HandRankerApp(query="lang=en&seed=3")
    typed(app, RULEBOOK_BOARD, RULEBOOK_SUCCESS[:2])
    shown = text(app.result.value)
    assert "strength 2696 of 7462" not in shown
    assert ("Strength 2,696 of 7,462: without suits there are 7,462 different hands of five cards, from 7 5 4 3 2 "
            "(1) up to the royal flush (7,462); this one beats 2,695 of them and loses to 4,766.") in shown
    app.language.value = "de"
    assert "Stärke 2.696 von 7.462" in text(app.result.value)


def test_rulebook_failure_names_the_deciding_cards_in_german_and_english() -> None:
    app = HandRankerApp(query="lang=de&seed=3")
    app.mode.value = "showdown"
    typed(app, RULEBOOK_BOARD, RULEBOOK_FAILURE)
    assert app.showdown is not None and not app.showdown.success and app.showdown.broken_at == 1
    shown = text(app.result.value)
    assert "die 7 schlägt die 5 als zweite Beikarte" in shown
    assert "Fehlschlag: die Hand von Ben (2♠) ist schwächer als die Hand von Anna (A♠)" in shown
    assert "Dan ist stärker als Carla" in shown and "pkt-showdown-failure" in app.result.value
    assert '<title>Kreuz Dame</title>' in app.result.value  # drawn cards, each named
    app.language.value = "en"
    shown = text(app.result.value)
    assert "the 7 beats the 5 as second side card" in shown
    assert "Failure: the hand of Ben (2♠) is weaker than the hand of Anna (A♠)" in shown
    assert "Dan is stronger than Carla" in shown and "pkt-showdown-failure" in app.result.value
    assert '<title>Queen of clubs</title>' in app.result.value


def test_language_switch_redraws_every_text() -> None:
    app = HandRankerApp(query="lang=en&seed=3")
    typed(app, RULEBOOK_BOARD, RULEBOOK_SUCCESS[:2])
    app.language.value = "de"
    assert app.rank_button.description == "Hände bewerten" and app.deal_button.description == "Geben"
    assert "das Ass schlägt die Dame als erste Beikarte" in text(app.result.value)
    assert "Hand ranker" not in app.title.value and "Hände vergleichen" in app.title.value
    assert app.address.params == {"lang": "de"}  # the page's address follows: a reload stays in German
    app.language.value = "en"
    assert "the Ace beats the Queen as first side card" in text(app.result.value)
    assert app.address.params == {"lang": "en"}


@pytest.mark.parametrize(
    ("board", "hands", "english", "german"),
    [
        (RULEBOOK_BOARD, "Anna=7d 6h\nBen=Xx Jd", "“Xx” in the hand of Ben is not a card",
         "„Xx“ in der Hand von Ben ist keine Karte"),
        (RULEBOOK_BOARD, "Anna=7d 6h\nBen=Qc Jd", "Q♣ appears twice: on the board and in the hand of Ben",
         "D♣ kommt zweimal vor: in der Mitte und in der Hand von Ben"),
        (RULEBOOK_BOARD, "Anna=7d 6h\nBen=7d Jd", "7♦ appears twice: in the hand of Anna and in the hand of Ben",
         "7♦ kommt zweimal vor: in der Hand von Anna und in der Hand von Ben"),
        ("Qc 8h 8s 5d 3c 2c", "Anna=7d 6h\nBen=As Jd", "The board holds 0 to 5 cards, but 6 were given",
         "In der Mitte liegen 0 bis 5 Karten, angegeben sind aber 6"),
        (RULEBOOK_BOARD, "Anna=7d 6h 4c\nBen=As Jd", "Anna needs exactly 2 cards, but 3 were given",
         "Anna braucht genau 2 Karten, angegeben sind aber 3"),
        (RULEBOOK_BOARD, "Anna=7d 6h", "Give 2 to 6 hands, one per line; there is only 1",
         "Gib 2 bis 6 Hände ein, eine pro Zeile; es ist nur 1"),
        (RULEBOOK_BOARD, "Anna=7d\nBen=As Jd", "Anna needs exactly 2 cards, but 1 was given",
         "Anna braucht genau 2 Karten, angegeben ist aber 1"),
        (RULEBOOK_BOARD, "Anna=7d 6h\nAnna=As Jd", "The name Anna is used twice", "Der Name Anna kommt zweimal vor"),
        ("Qc 8h 8s 5d 1c", "Anna=7d 6h\nBen=As Jd", "“1c” on the board is not a card", "„1c“ in der Mitte ist keine Karte"),
    ],
)
def test_bad_input_is_named_beside_the_input_and_the_old_results_are_cleared(board: str, hands: str, english: str,
                                                                             german: str) -> None:
    for lang, expected, cleared in (("en", english, "the old results are cleared"), ("de", german, "die alten Ergebnisse sind entfernt")):
        app = HandRankerApp(query=f"lang={lang}&seed=3")
        typed(app, RULEBOOK_BOARD, RULEBOOK_SUCCESS)
        assert app.result.value and not app.input_error.value
        app.board_input.value, app.hands_input.value = board, hands
        app.rank_button.click()
        assert "pkt-error" in app.input_error.value and 'role="alert"' in app.input_error.value
        assert expected in text(app.input_error.value) and cleared in text(app.input_error.value)
        assert app.result.value == "" and app.table is None and app.showdown is None
        assert app.message_area.value == ""
        assert app.output.outputs == ()  # no traceback
        assert app.box.children[app.box.children.index(app.hands_input) + 1] is app.input_error  # right under the input
        typed(app, RULEBOOK_BOARD, RULEBOOK_SUCCESS)
        assert app.input_error.value == "" and app.result.value


def test_bad_card_message_in_german() -> None:
    app = HandRankerApp(query="lang=de&seed=3")
    app.board_input.value, app.hands_input.value = "Qc 8h 8s 5d Xx", "Anna=7d 6h\nBen=As Jd"
    app.rank_button.click()
    assert "„Xx“ in der Mitte ist keine Karte" in text(app.input_error.value)


def test_incomplete_board_compares_neighbours_and_no_board_explains_why_not() -> None:
    app = HandRankerApp(query="lang=en&seed=3")
    typed(app, "Qc 8h 8s", [("Anna", "7d 6h"), ("Ben", "As Jd"), ("Carla", "Qd Ts")])
    assert app.showdown is None and [c.winner for c in app.comparisons] == ["a", "a"]
    shown = text(app.result.value)
    assert "Ben beats Anna: both have a pair; the same pair of 8s; the Ace beats the Queen as first side card" in shown
    assert "Carla beats Ben: two pair beats a pair" in shown
    app.language.value = "de"
    shown = text(app.result.value)
    assert "Ben schlägt Anna: beide haben ein Paar; dasselbe Paar Achten; das Ass schlägt die Dame als erste Beikarte" in shown
    assert "Carla schlägt Ben: „Zwei Paare“ schlägt „Paar“" in shown
    app.language.value = "en"
    typed(app, "", [("Anna", "7d 6h"), ("Ben", "As Jd")])
    shown = text(app.result.value)
    assert app.results == [None, None] and "needs at least three board cards" in shown
    assert "Anna has only 2 cards so far" in shown
    app.language.value = "de"
    shown = text(app.result.value)
    assert "Für einen Vergleich braucht es mindestens drei Karten in der Mitte" in shown
    assert "Anna hat erst 2 Karten" in shown


def test_deal_is_reproducible_from_the_seed_and_advances() -> None:
    first, again = HandRankerApp(query="seed=11&players=5"), HandRankerApp(query="seed=11&players=5")
    assert (first.board_input.value, first.hands_input.value) == (again.board_input.value, again.hands_input.value)
    assert "Seed 11, deal 1" in first.seed_line.value
    assert "Startwert 11, Durchgang 1" in HandRankerApp(query="seed=11&players=5&lang=de").seed_line.value
    table = parse_table(first.board_input.value, first.hands_input.value)
    assert len(table.hands) == 5 and len(table.board) == 5
    cards = [c for _, hole in table.hands for c in hole] + list(table.board)
    assert len(set(cards)) == 15
    assert [r.strength for r in first.results if r] == [best_hand(hole + table.board).strength for _, hole in table.hands]
    first.deal_hands.value, first.deal_board.value = 2, 3
    first.deal_button.click()
    assert "Seed 11, deal 2" in first.seed_line.value
    first.language.value = "de"
    assert "Startwert 11, Durchgang 2" in first.seed_line.value
    first.language.value = "en"
    second = parse_table(first.board_input.value, first.hands_input.value)
    assert len(second.hands) == 2 and len(second.board) == 3 and second != table
    first.hands_input.value = "Anna=7d 6h\nBen=As Jd"
    first.board_input.value = RULEBOOK_BOARD
    first.rank_button.click()
    assert "The cards were typed in" in first.seed_line.value and "Deal takes the next cards from seed 11 (the same seed always deals the same cards)" in first.seed_line.value
    first.language.value = "de"
    assert "Die Karten wurden eingetippt" in first.seed_line.value and "Startwert 11" in first.seed_line.value


def test_unnamed_hands_get_free_names() -> None:
    table = parse_table("", "Anna=7d 6h\nAs Jd\n2c 2d")
    assert [name for name, _ in table.hands] == ["Anna", "Ben", "Carla"]


def test_bad_address_is_reported_and_a_random_seed_shown() -> None:
    app = HandRankerApp(query="seed=abc")
    assert "seed=abc" in app.notice.value
    assert re.search(r"Seed \d+, deal 1", app.seed_line.value)
    german = HandRankerApp(query="seed=abc&lang=de")
    assert "seed=abc, das ist keine ganze Zahl ab 0" in german.notice.value
    assert re.search(r"Startwert \d+, Durchgang 1", german.seed_line.value)


# -- the replay


def board_keys(app: ReplayApp, state: str | None = None) -> list[str]:
    """The keys of the drawn table's items (of one state, if given)."""
    return [item["key"] for item in app.board.items if state is None or item["state"] == state]


def test_replay_tells_a_showdown_one_hand_per_step_on_the_drawn_table() -> None:
    app = ReplayApp(query="lang=en")
    assert app.chooser.value == "showdown-failure"
    # the rulebook tells only the showdown: four hands, one per step, not 36 untold token-round steps first
    assert "Step 1 of 4" in app.counter.value
    buttons = app.buttons
    assert [buttons[n].disabled for n in ("first", "back", "forward", "last")] == [True, True, False, False]
    story = text(app.narration.value)
    assert "Anna (A♠) shows 7♦ 6♥" in story and "Ben (2♠)" not in story
    assert "writes this move" not in story and app.table.layout.display == "none"  # no file notation for a learner
    # the drawn table: the board, the four rounds' tokens, Anna's hand turned over, the others face down
    assert [k for k in board_keys(app) if k.startswith("board-")] == [f"board-{i}" for i in range(5)]
    assert len([k for k in board_keys(app) if k.startswith("token-")]) == 16
    assert board_keys(app, "holds") == ["hole-0-0", "hole-0-1"] and not board_keys(app, "breaks")
    buttons["forward"].click()
    assert "Step 2 of 4" in app.counter.value
    assert "Ben (2♠) shows 4♥ 2♦" in text(app.narration.value) and "Carla (3♠)" not in text(app.narration.value)
    assert board_keys(app, "breaks") == ["hole-1-0", "hole-1-1"]
    app.language.value = "de"
    assert "Schritt 2 von 4" in app.counter.value
    assert "Ben (2♠)" in text(app.narration.value)
    app.language.value = "en"
    buttons["last"].click()
    assert "Step 4 of 4" in app.counter.value
    assert [buttons[n].disabled for n in ("first", "back", "forward", "last")] == [False, False, True, True]
    outcome = text(app.narration.value)
    assert "pkt-outcome" in app.narration.value
    assert "Failure: the hand of Ben (2♠) is weaker than the hand of Anna (A♠)" in outcome
    assert "Successes: 0, failures: 1" in outcome
    assert len(board_keys(app, "holds") + board_keys(app, "breaks")) == 8
    app.language.value = "de"
    outcome = text(app.narration.value)
    assert "Fehlschlag: die Hand von Ben (2♠) ist schwächer als die Hand von Anna (A♠)" in outcome
    assert "Erfolge: 0, Fehlschläge: 1" in outcome
    app.language.value = "en"


def test_the_teachers_view_walks_every_step_of_the_file_with_its_notation() -> None:
    app = ReplayApp(query="lang=en")
    app.buttons["last"].click()
    app.teacher.value = True  # the same position stays shown: the last hand of the showdown
    assert "Step 40 of 40" in app.counter.value
    assert "Dan (4♠) shows 5♠ 5♥" in text(app.narration.value)
    table = text(app.table.value)
    assert "A♠ Anna, 2♠ Ben, 3♠ Carla, 4♠ Dan" in table and "Q♣ 8♥ 8♠ 5♦ 3♣" in table
    app.buttons["first"].click()
    for _ in range(4):
        app.buttons["forward"].click()
    assert "Step 5 of 40" in app.counter.value
    assert "Anna takes the A♣ from the middle." in text(app.narration.value)
    assert "A♣ Anna" in text(app.table.value)
    app.language.value = "de"
    assert text(app.narration.value).startswith("Durchgang 1 In der Beispieldatei steht dieser Zug als: Anna takes A Was passiert")
    app.language.value = "en"
    app.buttons["back"].click()
    assert "Step 4 of 40" in app.counter.value and "A♣ Anna" not in text(app.table.value)
    app.teacher.value = False  # a step the rulebook does not tell: the learner's view starts at its first step
    assert "Step 1 of 4" in app.counter.value and "writes this move" not in text(app.narration.value)


def test_replay_success_scenario_and_language_switch() -> None:
    app = ReplayApp(query="lang=de")
    assert dict((v, k) for k, v in app.chooser.options)["showdown-success"].startswith("Der Showdown gelingt")
    app.chooser.value = "showdown-success"
    app.buttons["last"].click()
    assert "Erfolg: jede Hand ist mindestens so stark" in text(app.narration.value)
    app.language.value = "en"
    assert app.chooser.value == "showdown-success" and "Step 4 of 4" in app.counter.value
    assert app.buttons["forward"].description == "Forward" and app.buttons["forward"].tooltip
    app.buttons["back"].click()
    app.buttons["back"].click()
    assert "the Ace beats the Queen as first side card" in text(app.narration.value)  # Ben's hand against Anna's
    app.chooser.value = "token-round"
    # the rulebook's token round is the ♦ round: its first move is Ben taking the 4♦
    assert "Step 1 of 9" in app.counter.value
    assert text(app.narration.value).startswith("Deal 1 What happens Ben takes the 4♦ from the middle.")
    assert ["board-0", "board-1", "board-2"] == [k for k in board_keys(app) if k.startswith("board-")]
    assert "token-diamonds-4" in board_keys(app) and "token-clubs-4" in board_keys(app)


def test_token_round_ends_with_the_rulebook_holders() -> None:
    app = ReplayApp(query="lang=en")
    app.chooser.value = "token-round"
    app.buttons["last"].click()
    seats = {item["key"]: item["region"] for item in app.board.items if item["key"].startswith("token-diamonds-")}
    assert seats == {"token-diamonds-1": "seat-0", "token-diamonds-2": "seat-2", "token-diamonds-3": "seat-1", "token-diamonds-4": "seat-3"}
    assert "The example stops here" in text(app.narration.value)
    app.language.value = "de"
    assert "Das Beispiel endet hier" in text(app.narration.value)
    app.teacher.value = True
    assert "A♦ Anna, 2♦ Carla, 3♦ Ben, 4♦ Dan" in text(app.table.value)
    replay = load_scenario("token-round").replay()
    state = replay.state_after(len(replay.steps))
    assert ("♦", ["A♦ Anna", "2♦ Carla", "3♦ Ben", "4♦ Dan"], []) in token_holders(state)


# -- the variant lab


def test_lab_runs_the_engine_and_shows_rates_with_intervals() -> None:
    app = VariantLabApp(query="lang=en&players=3&seed=5")
    for box in app.variant_boxes.values():  # all are ticked at the start; here the base game alone
        box.value = False
    app.bot.value, app.games.value = "random", 30
    app.run_button.click()
    expected = simulate("pokerface", 3, ["random"], 30, 5)
    [result] = app.results
    assert (result.totals, result.games, result.players, result.bots) == (expected.totals, 30, 3, ("random",))
    assert app.progress.value == app.progress.max == 30
    low, high = expected.ci95("won")
    rate = f"{100 * expected.rate('won'):.1f}%"
    shown = text(app.results_html.value)
    assert "Base game" in shown and f"{int(expected.totals['won'])} / 30" in shown and rate in shown
    assert f"{100 * low:.1f}% to {100 * high:.1f}%" in shown
    assert 'role="img"' in app.chart.value and f"Base game {rate}" in app.chart.value
    assert "3 players, bots: Random, 30 games per configuration, seed 5" in shown
    app.language.value = "de"
    german_rate = f"{100 * expected.rate('won'):.1f} %".replace(".", ",")
    shown = text(app.results_html.value)
    assert "Grundspiel" in shown and f"{int(expected.totals['won'])} / 30" in shown and german_rate in shown
    assert f"{100 * low:.1f} % bis {100 * high:.1f} %".replace(".", ",") in shown
    assert f"Grundspiel {german_rate}" in app.chart.value.replace("\xa0", " ")
    assert re.search(r'aria-hidden="true">\d+\xa0%</text>', app.chart.value)  # the axis in German: "20 %"
    assert "3 Spieler, Bots: Zufall, 30 Spiele pro Einstellung, Startwert 5" in shown


def test_lab_side_by_side_and_together() -> None:
    app = VariantLabApp(query="lang=de&players=4&seed=2")
    app.bot.value, app.games.value = "random", 20
    assert all(box.value for box in app.variant_boxes.values()), "every variant is ticked at the start"
    app.variant_boxes["free-for-all"].value = False
    app.run_button.click()
    assert [variants_of(r) for r in app.results] == [(), ("rising-stakes",), ("soft-landing",)]
    base, _, soft = app.results
    assert soft.totals["won"] >= base.totals["won"]  # the same deals, and soft landing only forgives a third failure
    assert app.progress.value == app.progress.max == 60
    shown = text(app.results_html.value)
    assert "Grundspiel" in shown and "Weiche Landung" in shown and "Steigende Einsätze" in shown
    assert re.search(r"\d+,\d %", shown)
    app.language.value = "en"
    shown = text(app.results_html.value)
    assert "Base game" in shown and "Soft landing" in shown and "Rising stakes" in shown
    assert re.search(r"\d+\.\d%", shown)
    app.language.value = "de"
    app.mode.value = "together"
    app.run_button.click()
    assert [variants_of(r) for r in app.results] == [(), ("rising-stakes", "soft-landing")], "always with the base game"
    assert "Steigende Einsätze + Weiche Landung" in text(app.results_html.value)
    assert "Grundspiel" in text(app.results_html.value) and "„Steigende Einsätze + Weiche Landung“" in text(app.conclusion.value)
    app.language.value = "en"
    assert "Rising stakes + Soft landing" in text(app.results_html.value)


@pytest.mark.parametrize(("games", "seed", "lang", "expected"), [
    (0, 1, "en", "between 1 and 20,000"), (20001, 1, "en", "but it is 20,001"), (10, -1, "en", "The seed must be"),
    (0, 1, "de", "zwischen 1 und 20.000"), (20001, 1, "de", "sie ist aber 20.001"), (10, -1, "de", "Der Startwert muss"),
])
def test_lab_refuses_bad_settings_and_keeps_the_results(games: int, seed: int, lang: str, expected: str) -> None:
    app = VariantLabApp(query=f"lang={lang}&players=3&seed=1")
    app.bot.value, app.games.value = "random", 10
    app.run_button.click()
    before = (app.results, app.results_html.value)
    app.games.value, app.seed.value = games, seed
    app.run_button.click()
    assert "pkt-error" in app.message_area.value and expected in app.message_area.value
    assert (app.results, app.results_html.value) == before


def test_bar_chart_draws_bars_and_error_bars_in_scale() -> None:
    svg = bar_chart_svg([("A", 0.5, 0.4, 0.6), ("B & C", 0.1, 0.05, 0.2)], 'rates "A" 50%')
    assert svg.count("<rect") == 2 and 'aria-label="rates &quot;A&quot; 50%"' in svg and "B &amp; C" in svg
    heights = [float(h) for h in re.findall(r'<rect [^>]*height="([\d.]+)"', svg)]
    assert heights[0] == pytest.approx(5 * heights[1], abs=0.5)
    assert "70%" in svg  # the axis goes a little above the highest interval


def test_lab_describes_the_chosen_bot_and_warns_that_the_reader_is_slow() -> None:
    app = VariantLabApp(query="lang=en")
    assert "Estimator: judges its place" in app.bot_about.value and app.games.value == DEFAULT_GAMES == 5000
    app.bot.value = "reader"
    assert "about 10 to 50 games a second" in app.bot_about.value
    app.language.value = "de"
    assert app.bot.value == "reader" and "etwa 10 bis 50 Spiele pro Sekunde" in app.bot_about.value
    assert dict(app.bot.options)["Leser"] == "reader"


@pytest.mark.parametrize("lang", ["en", "de", "es"])
def test_two_hands_are_never_framed_as_a_pokerface_showdown_in_any_mode_or_language(lang: str) -> None:
    """Whether typed or dealt, two hands (or a board of fewer than five cards) are compared
    plainly even with the showdown check chosen: no token labels, no success or failure, the strongest
    hand named."""
    app = HandRankerApp(query=f"lang={lang}&seed=8&players=2")
    app.mode.value = "showdown"
    for hands, board in ((2, 5), (2, 3), (3, 4), (6, 0)):
        app.deal_hands.value, app.deal_board.value = hands, board
        app.deal_button.click()
        assert app.showdown is None and "pkt-showdown" not in app.result.value, (hands, board)
        assert "(A♠)" not in text(app.result.value) and "pkt-no-showdown" in app.result.value
        assert ("pkt-strongest" in app.result.value) == (board >= 3)
    typed(app, RULEBOOK_BOARD, RULEBOOK_SUCCESS[:2])
    assert app.showdown is None and "pkt-showdown" not in app.result.value and "pkt-strongest" in app.result.value
    app.close()
