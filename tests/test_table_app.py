"""The Pokerface table app, driven as a learner would (button clicks), without a browser."""

from __future__ import annotations

import re

import pytest

from pokerkit_teach.pokerface import Variant
from pokerkit_teach.widgets.index import APPS, LESSONS, IndexApp
from pokerkit_teach.widgets.table import TableApp


def play_until(app: TableApp, stop, limit: int = 400) -> int:  # type: ignore[no-untyped-def]
    """Pass when allowed, else take the first free token, else take from a player; until stop()."""
    for clicks in range(limit):
        if stop():
            return clicks
        if not app.pass_button.disabled:
            app.pass_button.click()
            continue
        button = next((b for b in app.middle_box.children if not b.disabled), None)
        if button is None:
            button = next(b for b in app.players_box.children if not b.disabled)
        button.click()
    raise AssertionError("the game did not reach the expected point")


def test_first_move_offers_every_token_and_explains_why_pass_is_disabled() -> None:
    app = TableApp(query="seed=5&players=4")
    assert "Token round ♣: your turn" in app.status.value
    labels = [b.description for b in app.middle_box.children]
    assert labels == ["Take A♣", "Take 2♣", "Take 3♣", "Take 4♣"]
    assert all(not b.disabled for b in app.middle_box.children)
    assert app.pass_button.disabled and app.pass_button.tooltip == "Anna may not pass without a ♣ token."
    assert "You play Anna." in app.cards.value and 'aria-label="' in app.cards.value
    app.language.value = "de"
    assert "Markenrunde ♣: du bist am Zug" in app.status.value
    assert [b.description for b in app.middle_box.children] == ["A♣ nehmen", "2♣ nehmen", "3♣ nehmen", "4♣ nehmen"]
    assert app.pass_button.disabled and app.pass_button.tooltip == "Anna darf ohne ♣-Marke nicht passen."
    assert "Du spielst Anna." in app.cards.value


def test_a_click_is_checked_by_the_engine_and_the_bots_answer() -> None:
    app = TableApp(query="seed=5&players=4")
    app.middle_box.children[2].click()  # take the 3♣
    state = app.state
    assert state is not None
    clubs = state.rounds[next(iter(state.rounds))]
    assert clubs.turns >= 4  # Anna's take and the three bots' answers
    assert state.current_player() == 0  # it is Anna's turn again
    assert "Anna" in app.tokens.value and "♣" in app.tokens.value


def test_a_whole_game_is_played_by_clicks_to_the_end() -> None:
    app = TableApp(query="seed=11&players=3")
    state = app.state
    assert state is not None
    play_until(app, lambda: app.state is not None and app.state.is_terminal())
    state = app.state
    assert state is not None and state.is_terminal()
    assert ("won the game" in app.status.value) == bool(state.won)
    assert ("lost the game" in app.status.value) == (not state.won)
    assert f"Successes: {state.successes}" in app.tally.value and f"Failures: {state.failures}" in app.tally.value
    assert "Showdown of deal" in app.showdown.value
    app.language.value = "de"
    assert ("Spiel nach" in app.status.value and "gewonnen" in app.status.value) == bool(state.won)
    assert ("Spiel nach" in app.status.value and "verloren" in app.status.value) == (not state.won)
    assert f"Erfolge: {state.successes}" in app.tally.value and f"Fehlschläge: {state.failures}" in app.tally.value
    assert "Showdown von Durchgang" in app.showdown.value


def test_a_game_reuses_its_move_buttons_instead_of_piling_up_widgets() -> None:
    """Each redraw used to create new move buttons (three widget models each) and leave the old ones
    open in the kernel, sent to the page with every click."""
    from ipywidgets.widgets.widget import _instances

    app = TableApp(query="seed=11&players=3")
    first_take = app.middle_box.children[0]
    before = len(_instances)
    clicks = play_until(app, lambda: app.state is not None and app.state.is_terminal())
    assert clicks > 10
    assert len(_instances) <= before + 3 * 2, "at most the pools grow (3 middle + 2 player buttons in all)"
    app.new_button.click()
    assert app.middle_box.children[0] is first_take and first_take.description == "Take A♣"
    app.language.value = "de"
    assert app.middle_box.children[0] is first_take and first_take.description == "A♣ nehmen"


def test_the_showdown_is_revealed_hand_by_hand() -> None:
    app = TableApp(query="seed=3&players=4")
    play_until(app, lambda: bool(app.state and app.state.showdowns))
    assert app.showdown.value.count("<li>") == 1 and app.reveal_button.layout.display != "none"
    for shown in (2, 3, 4):
        app.reveal_button.click()
        assert app.showdown.value.count("<li>") == shown
    assert app.reveal_button.layout.display == "none"
    assert "Success" in app.showdown.value or "Failure" in app.showdown.value
    app.language.value = "de"
    assert "Erfolg" in app.showdown.value or "Fehlschlag" in app.showdown.value


def test_language_switch_changes_every_label() -> None:
    app = TableApp(query="seed=5")
    app.language.value = "de"
    assert "Pokerface-Tisch" in app.title.value
    assert "Markenrunde ♣: du bist am Zug" in app.status.value
    assert [b.description for b in app.middle_box.children][0] == "A♣ nehmen"
    assert app.pass_button.tooltip == "Anna darf ohne ♣-Marke nicht passen."
    app.language.value = "en"
    assert "Token round ♣" in app.status.value


@pytest.mark.parametrize("lang, hint, reasons", [
    ("en", "From 20,000 random deals", "Why the bots moved as they did"),
    ("de", "Aus 20.000 zufälligen Verteilungen", "Warum die Bots so gezogen haben"),
])
def test_hint_and_bot_reasons_on_request(lang: str, hint: str, reasons: str) -> None:
    app = TableApp(query=f"seed=8&lang={lang}")
    app.hint_button.click()
    assert hint in app.hint.value
    app.middle_box.children[0].click()  # after Anna's move the bots move, each with a reason
    assert app.hint.value == ""  # a hint belongs to the position it was asked in
    app.show_reasons.value = True
    assert reasons in app.log.value


def test_free_for_all_game_and_variants_from_the_setup() -> None:
    app = TableApp(query="seed=4&players=3")
    app.variant_boxes[Variant.FREE_FOR_ALL].value = True
    app.variant_boxes[Variant.SOFT_LANDING].value = True
    app.new_button.click()
    state = app.state
    assert state is not None and state.rules.free_for_all and state.rules.failures_to_lose == 4
    assert app.pass_button.description == "I am done"
    # nobody begins a free-for-all round: its announcement names no first player, in either language
    starts = [line for line in re.findall(r"<div>([^<]*)</div>", app.log.value) if line.startswith("Token round")]
    assert starts and all("(free-for-all)" in line and "begins" not in line for line in starts)
    app.language.value = "de"
    assert app.pass_button.description == "Ich bin fertig"
    starts = [line for line in re.findall(r"<div>([^<]*)</div>", app.log.value) if line.startswith("Markenrunde")]
    assert starts and all("(alle auf einmal)" in line and "beginnt" not in line for line in starts)
    play_until(app, lambda: app.state is not None and app.state.is_terminal())


def test_bad_url_parameters_show_a_message_and_defaults_apply() -> None:
    app = TableApp(query="players=9&seed=abc&lang=xx")
    assert app.notice.value.count("pkt-param-error") == 3
    assert app.state is not None and app.state.player_count == 4 and app.lang == "en"


def test_index_links_every_app_and_lesson_in_the_chosen_language() -> None:
    index = IndexApp(query="lang=de")
    for name in APPS:
        assert f"href='{name}.ipynb?lang=de'" in index.listing.value
    for name in LESSONS:
        assert f"href='lessons/de/{name}.ipynb'" in index.listing.value
    assert "Lektionen" in index.listing.value
    english = IndexApp(query="lang=en")
    for name in APPS:
        assert f"href='{name}.ipynb?lang=en'" in english.listing.value
    assert "Lessons" in english.listing.value


def test_the_bots_play_through_a_match_until_you_may_act() -> None:
    app = TableApp(query="seed=5&players=4")
    assert app.match is not None and app.match.state is app.state
    assert sorted(app.match.bots) == [1, 2, 3] and app.match.people == [0]
    assert app.match.waiting_for() == [0]  # the bots stopped where you are to act


def test_the_bot_menu_names_the_bots_in_the_language() -> None:
    app = TableApp(query="seed=5&lang=de")
    assert dict(app.bot_choice.options) == {"Zufall": "random", "Schätzer": "estimator", "Leser": "reader"}
    app.bot_choice.value = "reader"
    app.language.value = "es"
    assert app.bot_choice.value == "reader" and "reader" not in dict(app.bot_choice.options)
    app.language.value = "en"
    assert dict(app.bot_choice.options)["Reader"] == "reader"


def test_an_open_hint_and_the_bots_reasons_follow_the_language_switch() -> None:
    app = TableApp(query="seed=8&lang=de")
    app.middle_box.children[0].click()
    app.show_reasons.value = True
    german_reasons = app.log.value
    app.hint_button.click()
    assert "Aus 20.000 zufälligen Verteilungen" in app.hint.value
    app.language.value = "en"
    assert "From 20,000 random deals" in app.hint.value and "Verteilungen" not in app.hint.value
    assert "Why the bots moved as they did" in app.log.value
    assert app.log.value != german_reasons and "Warum" not in app.log.value


def test_the_free_for_all_status_says_that_everyone_may_move() -> None:
    app = TableApp(query="seed=4&players=3")
    app.variant_boxes[Variant.FREE_FOR_ALL].value = True
    app.new_button.click()
    assert "your turn" not in app.status.value
    assert "everyone may move now, you too" in app.status.value
    app.language.value = "de"
    assert "alle dürfen jetzt ziehen, du auch" in app.status.value


def test_taking_a_token_from_a_player_uses_the_tokens_article_in_german() -> None:
    app = TableApp(query="seed=5&players=4&lang=de")
    app.middle_box.children[3].click()  # Anna takes the 4♣; the bots take the others
    labels = [b.description for b in app.players_box.children]
    assert labels and all(label.endswith(" wegnehmen") for label in labels)
    assert all(label.split()[1] == ("das" if label.split()[2].startswith("A") else "die") for label in labels), labels
    assert not any("die A" in label for label in labels), labels
