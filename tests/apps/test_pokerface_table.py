"""The Pokerface table app, driven as a learner would (chips pressed, button clicks), without a browser."""

from __future__ import annotations

import re

import pytest

from pokerkit_teach.holdem.render import card_label
from pokerkit_teach.games.pokerface import Variant
from pokerkit_teach.games.pokerface.events import Token
from pokerkit_teach.games.pokerface.render import token_label
from pokerkit_teach.widgets.index import APPS, LESSONS, IndexApp
from pokerkit_teach.widgets.table import TABLE_CSS, TableApp


def chips(app: TableApp, region: str | None = None, state: str | None = None) -> list[dict]:  # type: ignore[type-arg]
    """The chips drawn on the table (in ``region``, in ``state``), in the order drawn."""
    return [item for item in app.board.items if item["key"].startswith("token-")
            and (region is None or item["region"] == region) and (state is None or item["state"] == state)]


def legal_chips(app: TableApp) -> list[dict]:  # type: ignore[type-arg]
    """The chips you may take now: those in the middle first."""
    legal = chips(app, state="legal")
    return sorted(legal, key=lambda item: item["region"] != "middle")


def cards(app: TableApp, region: str) -> list[dict]:  # type: ignore[type-arg]
    return [item for item in app.board.items if item["region"] == region and not item["key"].startswith("token-")]


def region(app: TableApp, key: str) -> dict:  # type: ignore[type-arg]
    return next(r for r in app.board.regions if r["key"] == key)


def table_text(app: TableApp) -> str:
    """What the drawn table says: every region's title, note and detail (a bot's reason) and every picture's
    text alternative."""
    regions = [f"{r['title']}: {r['note']} {r['detail_summary']} {r['detail']}" for r in app.board.regions]
    items = [f"{i['label']} {i['why']}" for i in app.board.items]
    return "\n".join(regions + items)


def play_until(app: TableApp, stop, limit: int = 400) -> int:  # type: ignore[no-untyped-def]
    """Reveal the next hand or start the next deal when the showdown asks for it; else pass when allowed,
    else take the first free token, else take from a player; until stop()."""
    for clicks in range(limit):
        if stop():
            return clicks
        if app.reveal_button.layout.display != "none":
            app.reveal_button.click()
            continue
        if app.next_deal_button.layout.display != "none":
            app.next_deal_button.click()
            continue
        if not app.pass_button.disabled:
            app.pass_button.click()
            continue
        app.board.press(legal_chips(app)[0]["key"])
    raise AssertionError("the game did not reach the expected point")


def test_first_move_offers_every_token_and_explains_why_pass_is_disabled() -> None:
    app = TableApp(query="seed=5&players=4")
    assert "Token round ♣: your turn" in app.status.value
    middle = chips(app, "middle")
    assert [item["label"] for item in middle] == [f"token {face} of the clubs round, in the middle" for face in "A234"]
    assert all(item["state"] == "legal" and item["pressable"] for item in middle)
    assert app.pass_button.disabled and app.pass_button.tooltip == "Anna may not pass without a ♣ token."
    state = app.state
    assert state is not None
    hole = state.view_for(0).hole
    assert [item["label"] for item in cards(app, "seat-0")] == [f"your card: {card_label(card)}" for card in hole]
    assert region(app, "seat-0")["title"] == "Anna (you)" and region(app, "seat-0")["current"]
    assert "your turn" in region(app, "seat-0")["note"]
    app.language.value = "de"
    assert "Markenrunde ♣: du bist am Zug" in app.status.value
    assert [item["label"] for item in chips(app, "middle")] == [f"Marke {face} der Markenrunde Kreuz, in der Mitte" for face in "A234"]
    assert app.pass_button.disabled and app.pass_button.tooltip == "Anna darf ohne ♣-Marke nicht passen."
    assert region(app, "seat-0")["title"] == "Anna (du)" and "du bist am Zug" in region(app, "seat-0")["note"]
    assert region(app, "middle")["title"] == "Tischmitte"


def test_a_click_is_checked_by_the_engine_and_the_bots_answer() -> None:
    app = TableApp(query="seed=5&players=4")
    app.board.press("token-clubs-3")  # take the 3♣
    state = app.state
    assert state is not None
    clubs = state.rounds[next(iter(state.rounds))]
    assert clubs.turns >= 4  # Anna's take and the three bots' answers
    assert state.current_player() == 0  # it is Anna's turn again
    assert state.token_of(0) == 3
    mine = app.board.item("token-clubs-3")  # the chip now lies in front of Anna: not a move
    assert mine["region"] == "seat-0" and not mine["pressable"] and mine["label"] == "token 3 of the clubs round, yours"


def test_a_whole_game_is_played_by_clicks_to_the_end() -> None:
    app = TableApp(query="seed=11&players=3")
    state = app.state
    assert state is not None
    play_until(app, lambda: game_over(app))
    state = app.state
    assert state is not None and state.is_terminal()
    assert ("won the game" in app.status.value) == bool(state.won)
    assert ("lost the game" in app.status.value) == (not state.won)
    assert f"Successes: {state.successes}" in app.tally.value and f"Failures: {state.failures}" in app.tally.value
    assert "Showdown of deal" in app.showdown.value
    assert not chips(app, state="legal") and not [i for i in app.board.items if i["pressable"]], "no move after the game"
    app.language.value = "de"
    assert ("Spiel nach" in app.status.value and "gewonnen" in app.status.value) == bool(state.won)
    assert ("Spiel nach" in app.status.value and "verloren" in app.status.value) == (not state.won)
    assert f"Erfolge: {state.successes}" in app.tally.value and f"Fehlschläge: {state.failures}" in app.tally.value
    assert "Showdown von Durchgang" in app.showdown.value


def test_a_game_opens_no_new_widgets_as_it_is_played() -> None:
    """The table is one drawn board redrawn with each move: a whole game opens no widget in the kernel
    (new widgets for every redraw would pile up and be sent to the page with every click)."""
    from ipywidgets.widgets.widget import _instances

    app = TableApp(query="seed=11&players=3")
    before = len(_instances)
    clicks = play_until(app, lambda: game_over(app))
    assert clicks > 10
    assert len(_instances) == before
    app.new_button.click()
    app.language.value = "de"
    assert len(_instances) == before and chips(app, "middle")[0]["label"].startswith("Marke A der Markenrunde")


def log_lines(app: TableApp) -> list[str]:
    """The log's lines of events (no headings, no reasons), oldest first."""
    return re.findall(r"<div class='pkt-log-line[^']*'>([^<]*)</div>", app.log.value)


def showdown_open(app: TableApp) -> bool:
    return app.reveal_button.layout.display != "none" or app.next_deal_button.layout.display != "none"


def game_over(app: TableApp) -> bool:
    """The game is over and its last showdown turned over."""
    return app.state is not None and app.state.is_terminal() and app.reveal_button.layout.display == "none"


def page_text(app: TableApp) -> str:
    """What the learner reads (or hears) on the table about the game (tags stripped), the legend's fixed
    words aside: the drawn table's words and its live region included."""
    parts = [app.status.value, app.tally.value, app.showdown.value, app.log.value, app.hint.value]
    return re.sub(r"<[^>]+>", " ", " ".join(parts)) + "\n" + table_text(app) + "\n" + app.board.status


# the deal's and the game's results (a revealed hand's comparison with the one before it is told at its reveal)
RESULT_WORDS = ["success:", "failure:", "tally:", "won the game",
                "lost the game", "wins the game", "loses the game"]


def test_the_showdown_is_turned_over_hand_by_hand_and_gives_nothing_away_before() -> None:
    app = TableApp(query="seed=3&players=4")
    play_until(app, lambda: showdown_open(app))
    state = app.state
    assert state is not None and len(state.showdowns) == 1
    result = state.showdowns[0]
    # the game waits for the learner: the next deal is not dealt, no bot has moved in it
    assert [e.kind for e in state.events if e.deal == 2] == [] and state.hole is not None
    # the deal's board and every token stay on the table; nothing can be taken
    assert [item["label"] for item in cards(app, "middle")] == [f"board: {card_label(card)}" for card in result.board]
    assert {item["key"].split("-")[1] for item in chips(app)} == {"clubs", "diamonds", "hearts", "spades"}
    assert len(chips(app)) == 4 * 4 and not [item for item in app.board.items if item["pressable"]]
    assert app.showdown.value.count("<li") == 0 and app.reveal_button.layout.display != "none"
    assert app.next_deal_button.layout.display == "none" and app.pass_move.layout.display == "none"
    tally = app.tally.value
    assert "Successes: 0" in tally and "Failures: 0" in tally  # the result is not counted before the reveal
    toolbar = app.toolbar.children
    seat_of = {name: seat for seat, name in enumerate(state.players)}
    for shown in range(1, len(result.steps) + 1):
        text = page_text(app)
        for step in result.steps[shown - 1:]:
            assert step.reveal.text("en") not in text, f"hand {step.hand.name} is told before its reveal"
            assert step.verdict.text("en") not in text
            seat = seat_of[step.hand.name]
            if seat != 0:  # still face down, and its cards are named nowhere
                assert [item["label"] for item in cards(app, f"seat-{seat}")] == [f"hole card of {step.hand.name}, face down"] * 2
                assert not [card for card in step.hand.hole if card_label(card) in table_text(app)]
        assert not [word for word in RESULT_WORDS if word in text.lower()], text
        app.reveal_button.click()
        assert app.toolbar.children == toolbar, "the reveal button stays in its place"
        assert app.showdown.value.count("<li") == shown
        step = result.steps[shown - 1]
        assert step.reveal.text("en") in page_text(app) and step.reveal.text("en") in app.board.status
        # turned over seat by seat along the token order, marked where the order holds or breaks
        seat = seat_of[step.hand.name]
        turned = cards(app, f"seat-{seat}")
        mark = "holds" if step.ok else "breaks"
        assert [item["state"] for item in turned] == [mark, mark]
        assert [item["label"].split("; ")[0] for item in turned] == [f"{step.hand.name} shows {card_label(c)}" for c in step.hand.hole]
        assert all(item["label"].endswith("the order holds" if step.ok else "the order breaks here") for item in turned)
        assert region(app, f"seat-{seat}")["note"].endswith("the order holds" if step.ok else "the order breaks here")
        if shown < len(result.steps):
            assert app.reveal_button.layout.display != "none" and app.next_deal_button.layout.display == "none"
    # after the last reveal: the deal's result, the tally, and a button for the next deal
    assert result.summary.text("en") in app.showdown.value
    assert app.reveal_button.layout.display == "none" and app.next_deal_button.layout.display != "none"
    assert f"Successes: {state.successes}" in app.tally.value and f"Failures: {state.failures}" in app.tally.value
    assert "Next deal" in app.next_deal_button.description
    app.language.value = "de"
    assert "Erfolg" in app.showdown.value or "Fehlschlag" in app.showdown.value
    assert app.next_deal_button.description == "Nächster Durchgang"
    app.language.value = "en"
    app.next_deal_button.click()
    assert not showdown_open(app) and app.showdown.value == "" and app.pass_move.layout.display == ""
    assert state.deal_number == 2 and [e.kind for e in state.events if e.deal == 2][0] == "deal_started"
    assert "Deal 2" in app.status.value and state.current_player() == 0  # the bots have moved up to Anna's turn
    assert "Deal 2" in app.log.value and "Showdown of deal 1" not in app.showdown.value


def test_the_games_end_is_announced_after_the_last_reveal() -> None:
    app = TableApp(query="seed=11&players=3")
    state = app.state
    assert state is not None
    play_until(app, lambda: state.is_terminal())  # the last showdown is made; its hands are still face down
    assert app.reveal_button.layout.display != "none", "the last showdown waits for its reveals"
    steps = len(state.showdowns[-1].steps)
    for _ in range(steps):
        text = page_text(app)
        assert "won the game" not in text and "lost the game" not in text and "wins the game" not in text
        assert "loses the game" not in text
        app.reveal_button.click()
    assert ("won the game" in app.status.value) == bool(state.won)
    assert ("lost the game" in app.status.value) == (not state.won)
    assert app.next_deal_button.layout.display == "none" and app.reveal_button.layout.display == "none"


def test_the_log_follows_the_game_with_headings_and_the_next_cards() -> None:
    app = TableApp(query="seed=5&players=4")
    log = app.log.value
    assert "Deal 1" in log and "The ♣ round" in log
    assert log.count("pkt-log-last") == 1
    # Anna takes a token and passes until the ♣ round ends: the log shows its end and the flop
    play_until(app, lambda: app.state is not None and app.state.round_suit is not None and app.state.round_suit.symbol != "♣")
    lines = log_lines(app)
    assert any("The ♣ round is over" in line for line in lines)
    assert any(line.startswith("The flop:") for line in lines)
    assert "The ♦ round" in app.log.value
    state = app.state
    assert state is not None
    newest = re.search(r"<div class='(pkt-log-[a-z]+) pkt-log-last'>([^<]*)</div></div>", app.log.value)
    assert newest is not None, "the newest entry is marked, and it is the log's last"
    assert lines[-1] == state.log_for(0, "en")[-1], "the newest event is the last line"
    assert newest.group(1) == "pkt-log-line" and newest.group(2) == lines[-1] or newest.group(1) == "pkt-log-reason"
    assert "flex-direction: column-reverse" in TABLE_CSS and "pkt-log-scroll" in app.log.value  # the box shows its end
    app.language.value = "de"
    assert "Durchgang 1" in app.log.value and "Die ♣-Runde" in app.log.value


def test_each_bots_reason_stands_beside_its_token_and_in_the_log() -> None:
    app = TableApp(query="seed=8&players=4")
    app.board.press("token-clubs-1")
    state = app.state
    assert state is not None and app.show_reasons.value
    reasons = [(seat, decision) for seat, decision in app.reasons.values()]
    assert reasons
    seat, decision = reasons[-1]
    text = decision.text("en")
    seat_region = region(app, f"seat-{seat}")
    # whole (not cut), in the seat of the bot that gave it, behind a summary naming the bot (opened on the page)
    assert seat_region["detail"] == text, "the whole reason stands in the seat of the bot that gave it"
    assert seat_region["detail_summary"] == f"{state.players[seat]}'s reason" and text not in seat_region["note"]
    assert text in app.log.value and text in app.board.status, "and in the log and the announcement of the moves"
    app.language.value = "de"
    seat_region = region(app, f"seat-{seat}")
    assert seat_region["detail"] == decision.text("de") and decision.text("de") in app.log.value
    assert seat_region["detail_summary"] == f"Begründung von {state.players[seat]}"
    app.show_reasons.value = False
    assert decision.text("de") not in table_text(app)


@pytest.mark.parametrize("lang, tokens, ace, goal", [
    ("en", "A · 2 · 3 · 4", "in poker the Ace is the strongest card", "The team wins the game with 3 successes and loses it with 3 failures"),
    ("de", "A · 2 · 3 · 4", "auch wenn im Poker das Ass die stärkste Karte ist", "Das Team gewinnt das Spiel mit 3 Erfolgen und verliert es mit 3 Fehlschlägen"),
    ("es", "A · 2 · 3 · 4", "aunque en el póker el as es la carta más alta", "El equipo gana la partida con 3 éxitos y la pierde con 3 fracasos"),
])
def test_the_legend_says_what_tokens_mean_and_what_wins_and_loses(lang: str, tokens: str, ace: str, goal: str) -> None:
    app = TableApp(query=f"seed=5&players=4&lang={lang}")
    legend = re.sub(r"<[^>]+>", "", app.legend.value)
    assert tokens in legend and ace in legend and goal in legend, legend
    assert app.t("apps.table.tally_line", successes=0, win=3, failures=0, lose=3, seed=5) in app.tally.value


def test_the_legend_counts_four_failures_with_soft_landing() -> None:
    app = TableApp(query="seed=5&players=3")
    app.variant_boxes[Variant.SOFT_LANDING].value = True
    app.new_button.click()
    assert "loses it with 4 failures" in app.legend.value and "A · 2 · 3" in app.legend.value
    assert "Failures: 0 of 4" in app.tally.value


@pytest.mark.parametrize("lang, ending", [("en", r"take the [A2-4]♣ from the middle\.$"),
                                          ("de", r"nimm (das A|die [2-4])♣ aus der Mitte\.$"),
                                          ("es", r"coge la ficha [A2-4]♣ del centro\.$")])
def test_the_hint_ends_with_the_token_it_suggests(lang: str, ending: str) -> None:
    app = TableApp(query=f"seed=8&players=4&lang={lang}")
    app.hint_button.click()
    text = re.sub(r"<[^>]+>", "", app.hint.value).strip()
    assert re.search(ending, text), text
    assert "place 1" not in text and "Platz 1" not in text and "puesto 1:" not in text


def test_the_hint_says_keep_when_you_hold_the_token_it_suggests() -> None:
    app = TableApp(query="seed=8&players=4")
    app.hint_button.click()
    state = app.state
    assert state is not None and app.hint_result is not None
    place = app.hint_result.likeliest_place
    app.board.press(f"token-clubs-{place}")  # Anna takes the suggested token
    if state.current_player() == 0 and state.token_of(0) == place:
        app.hint_button.click()
        if app.hint_result.likeliest_place == place:
            assert "Suggestion: pass and keep the" in app.hint.value


def test_language_switch_changes_every_label() -> None:
    app = TableApp(query="seed=5")
    app.language.value = "de"
    assert "Pokerface-Tisch" in app.title.value
    assert "Markenrunde ♣: du bist am Zug" in app.status.value
    assert chips(app, "middle")[0]["label"] == "Marke A der Markenrunde Kreuz, in der Mitte"
    assert app.pass_button.tooltip == "Anna darf ohne ♣-Marke nicht passen."
    app.language.value = "en"
    assert "Token round ♣" in app.status.value


@pytest.mark.parametrize("lang, hint", [("en", "From 20,000 random deals"), ("de", "Aus 20.000 zufälligen Verteilungen")])
def test_hint_and_bot_reasons(lang: str, hint: str) -> None:
    app = TableApp(query=f"seed=8&lang={lang}")
    app.hint_button.click()
    assert hint in app.hint.value
    app.board.press("token-clubs-1")  # after Anna's move the bots move, each with a reason
    assert app.hint.value == ""  # a hint belongs to the position it was asked in
    assert app.show_reasons.value, "the bots' reasons are shown unless the learner hides them"
    reasons = re.findall(r"<div class='pkt-log-reason[^']*'>([^<]*)</div>", app.log.value)
    assert len(reasons) >= 3 and all(line.split(":")[0] in ("Ben", "Carla", "Dan") for line in reasons), reasons
    app.show_reasons.value = False
    assert "pkt-log-reason" not in app.log.value
    assert not [r for r in app.board.regions if r["key"] != "seat-0" and any(line.split(": ", 1)[-1] in r["note"] for line in reasons)]


def test_free_for_all_game_and_variants_from_the_setup() -> None:
    app = TableApp(query="seed=4&players=3")
    app.variant_boxes[Variant.FREE_FOR_ALL].value = True
    app.variant_boxes[Variant.SOFT_LANDING].value = True
    app.new_button.click()
    state = app.state
    assert state is not None and state.rules.free_for_all and state.rules.failures_to_lose == 4
    assert app.pass_button.description == "I am done"
    # nobody begins a free-for-all round: its announcement names no first player, in either language
    starts = [line for line in log_lines(app) if line.startswith("Token round")]
    assert starts and all("(free-for-all)" in line and "begins" not in line for line in starts)
    app.language.value = "de"
    assert app.pass_button.description == "Ich bin fertig"
    starts = [line for line in log_lines(app) if line.startswith("Markenrunde")]
    assert starts and all("(alle auf einmal)" in line and "beginnt" not in line for line in starts)
    play_until(app, lambda: game_over(app))


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
    app.board.press("token-clubs-1")
    _, decision = list(app.reasons.values())[-1]
    assert decision.text("de") in app.log.value and decision.text("de") in table_text(app)
    app.hint_button.click()
    assert "Aus 20.000 zufälligen Verteilungen" in app.hint.value
    app.language.value = "en"
    assert "From 20,000 random deals" in app.hint.value and "Verteilungen" not in app.hint.value
    assert decision.text("en") in app.log.value and decision.text("en") in table_text(app)
    assert decision.text("de") not in app.log.value and decision.text("de") not in table_text(app)


def test_the_free_for_all_status_says_that_everyone_may_move() -> None:
    app = TableApp(query="seed=4&players=3")
    app.variant_boxes[Variant.FREE_FOR_ALL].value = True
    app.new_button.click()
    assert "your turn" not in app.status.value
    assert "everyone may move now, you too" in app.status.value
    app.language.value = "de"
    assert "alle dürfen jetzt ziehen, du auch" in app.status.value


def test_the_chips_in_front_of_the_others_are_named_with_their_holder_in_german() -> None:
    app = TableApp(query="seed=5&players=4&lang=de")
    app.board.press("token-clubs-4")  # Anna takes the 4♣; the bots take the others
    state = app.state
    assert state is not None
    for seat in (1, 2, 3):
        number = state.token_of(seat)
        assert number is not None
        chip = app.board.item(f"token-clubs-{number}")
        assert chip["region"] == f"seat-{seat}" and chip["pressable"]
        assert chip["label"] == f"{token_label(Token(state.round_suit, number), 'de')}, vor {state.players[seat]}"  # type: ignore[arg-type]


def test_a_disabled_move_says_why_in_visible_text_in_the_language_shown() -> None:
    app = TableApp(query="seed=5&players=4")
    assert "Anna may not pass without a ♣ token." in app.pass_move.reason.value
    app.language.value = "de"
    assert "Anna darf ohne ♣-Marke nicht passen." in app.pass_move.reason.value
    app.language.value = "en"
    play_until(app, lambda: showdown_open(app))
    assert "The token rounds of this deal are over: turn the hands over" in app.pass_move.reason.value
    assert app.pass_move.layout.display == "none", "in a showdown Reveal stands in Pass's place"


def test_after_each_move_the_focus_goes_to_the_next_sensible_control(monkeypatch: pytest.MonkeyPatch) -> None:
    import ipywidgets

    from pokerkit_teach.widgets.drawn import DrawnBoard

    focused: list[object] = []
    monkeypatch.setattr(ipywidgets.Button, "focus", lambda self: focused.append(self))
    monkeypatch.setattr(DrawnBoard, "focus_item", lambda self, key: focused.append(key))
    app = TableApp(query="seed=3&players=4")
    app.board.press("token-clubs-1")  # Anna takes a token; the bots answer
    assert focused[-1] is app.pass_button, "after a take, Pass (allowed now) has the focus"
    play_until(app, lambda: showdown_open(app))
    assert focused[-1] is app.reveal_button
    app.reveal_button.click()
    assert focused[-1] is app.reveal_button
    play_until(app, lambda: app.next_deal_button.layout.display != "none")
    assert focused[-1] is app.next_deal_button
    app.next_deal_button.click()
    # a new round: you may not pass before you hold a token, so the focus is on the first chip you may take
    assert app.pass_button.disabled and focused[-1] == legal_chips(app)[0]["key"] and legal_chips(app)[0]["region"] == "middle"
