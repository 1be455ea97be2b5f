"""A class at one table, in Chromium: the teacher's class view makes a table of three; three learners, each in
a browser context of their own (separate cookies and storage), join it, one by typing the code and two by
their seat links, in English, German and Spanish, and play a Pokerface deal to its showdown.

Checked on the way: no websocket frame a learner's page receives from its seat until it turns the showdown
over names another seat's hole card (the page's kernel is the room's client: what reaches the page is
what the seat may know); the learner who typed the code reloads her page and has the same seat (the
page's address took her seat's link when she sat down); the class view shows the table read-only with
the deal's showdown, and its results count the deal, as the engine's replay of the downloaded game has it.

The session's room server and its one Voila server (conftest.py), the Voila kernels told the room
server's address by ``PKT_ROOMS_URL``; the class view is the session's (conftest.py ``class_view``), shared
with the other games' tables (test_room_games.py).
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path
from typing import Any

import pytest

from pokerkit_teach.core.registry import get_game
from pokerkit_teach.holdem.render import card_label
from tests.rooms.serving import RoomServerProcess

from .pages import (ANSWER_TIMEOUT, PASS, SNAPSHOT_JS, TAKE_FROM, TAKE_MIDDLE, VoilaServer,
                    counted_context, downloaded_scenarios, make_class, open_app, reload_keeps_the_seat, room_seed,
                    settle)

pytestmark = pytest.mark.slow

DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
DEAL_SECONDS = 300  # a bound on a deal that never ends, not a speed goal
MOVE = f"{PASS}, {TAKE_MIDDLE}, {TAKE_FROM}"
REVEAL = "button.pkt-reveal-next"


def shot(page: Any, artifacts: Path, name: str) -> None:
    """The window as the person sees it, in test-artifacts/ (and in docs/screenshots/ with PKT_DOC_SCREENSHOTS=1)."""
    path = artifacts / f"{name}.png"
    page.screenshot(path=str(path))
    if os.environ.get("PKT_DOC_SCREENSHOTS") == "1":
        shutil.copy(path, DOCS / path.name)


def click(page: Any, selector: str) -> None:
    before = page.evaluate(SNAPSHOT_JS)
    page.locator(selector).first.click(timeout=ANSWER_TIMEOUT)
    page.wait_for_function(f"old => ({SNAPSHOT_JS})() !== old", arg=before, timeout=ANSWER_TIMEOUT)
    settle(page, quiet_ms=200, pushed=True)


def test_three_learners_play_a_pokerface_deal_at_a_table_of_the_class_view(
        artifacts: Path, voila_server: VoilaServer, room_server: RoomServerProcess, class_browser: Any,
        class_view: Any) -> None:
    """Three learners in browser contexts of their own (separate cookies and storage), the teacher in a fourth."""
    contexts = [class_view.context]
    try:
        play_a_deal(class_browser, class_view, contexts, voila_server, room_server, artifacts)
    except BaseException:  # every page as it was, for the failure's report
        for number, context in enumerate(contexts):
            for page in context.pages:
                page.screenshot(path=str(artifacts / f"class-failed-{number}.png"), full_page=True)
                print(number, page.url, page.locator(".pkt-app").first.inner_text()[:3000])
        raise
    finally:
        for context in contexts[1:]:
            context.close()
    assert room_server.errors() == []


def play_a_deal(browser: Any, teacher: Any, contexts: list[Any], voila: Any, rooms: RoomServerProcess,
                artifacts: Path) -> None:
    view = {"width": 1280, "height": 720}
    code = make_class(teacher, "Pokerface", 3)
    assert len(teacher.locator(".pkt-class-code").all_inner_texts()) == 1
    links = [teacher.locator(".pkt-class-seat-link").nth(i).get_attribute("href") for i in range(3)]
    assert all(link and f"table.ipynb?room={code}&seat=" in link for link in links), links
    assert teacher.locator(".pkt-class-sheet svg").count() == 3  # a QR code per seat
    teacher.locator(".pkt-class-sheet").first.scroll_into_view_if_needed()
    shot(teacher, artifacts, "class-join-sheet")
    state = get_game("pokerface").new_rules(3).new_game(seed=room_seed(rooms, code))
    holes = [list(hand) for hand in state.hole]  # the first deal's hole cards, from the engine's own deal

    langs = ["en", "de", "es"]
    contexts += [counted_context(browser, viewport=view) for _ in langs]
    pages = [context.new_page() for context in contexts[1:]]
    frames: list[list[str]] = [[] for _ in langs]
    # what each page receives from the moment it sits at the table: Anna's page, opened without a seat, plays
    # a deal of its own with the bots until she takes hers (its cards are not the room's); the others open
    # their seats with the page
    counting = [False, True, True]

    def record(seat: int) -> Any:
        def on_socket(socket: Any) -> None:
            socket.on("framereceived", lambda payload: frames[seat].append(payload if isinstance(payload, str)
                                                                          else payload.decode("utf-8", "replace"))
                      if counting[seat] else None)
        return on_socket

    for seat, page in enumerate(pages):
        page.on("websocket", record(seat))
    # Anna types the code and takes the first free seat; the two others open their seat links
    open_app(pages[0], voila.url("table.ipynb", "lang=en"))
    field = pages[0].locator(".pkt-room-code input").first
    field.fill(code.lower())
    field.press("Enter")
    pages[0].locator("button.pkt-room-seat:not([disabled])").first.wait_for(state="visible", timeout=ANSWER_TIMEOUT)
    counting[0] = True
    click(pages[0], "button.pkt-room-seat:not([disabled])")
    for seat in (1, 2):
        open_app(pages[seat], str(links[seat]) + f"&lang={langs[seat]}")
    joined = {"en": f"You sit at table {code} as Player 1.", "de": f"Du sitzt an Tisch {code} als Player 2.",
              "es": f"Estás en la mesa {code} como Player 3."}
    for seat, page in enumerate(pages):
        page.locator(".pkt-message").filter(has_text=joined[langs[seat]]).first.wait_for(timeout=ANSWER_TIMEOUT)
        page.locator(".pkt-room-presence").filter(has_text=code).first.wait_for(timeout=ANSWER_TIMEOUT)
        settle(page)
    teacher.locator(".pkt-class-row").filter(has_text="3 of 3 here").first.wait_for(timeout=ANSWER_TIMEOUT)
    teacher.locator(".pkt-class-status").first.scroll_into_view_if_needed()
    shot(teacher, artifacts, "class-view-playing")

    # the deal, played by whoever may move, until every page has the showdown to turn over
    deadline = time.monotonic() + DEAL_SECONDS
    while not all(page.locator(REVEAL).first.is_visible() for page in pages):
        assert time.monotonic() < deadline, "the deal did not reach its showdown"
        movers = [page for page in pages if page.locator(MOVE).count() and not page.locator(REVEAL).first.is_visible()]
        if movers:  # the move, then every other page still playing shows it (a page at the showdown waits)
            others = [page for page in pages if page is not movers[0] and not page.locator(REVEAL).first.is_visible()]
            befores = [page.evaluate(SNAPSHOT_JS) for page in others]
            click(movers[0], MOVE)
            for page, before in zip(others, befores):
                page.wait_for_function(f"old => ({SNAPSHOT_JS})() !== old", arg=before, timeout=ANSWER_TIMEOUT)
                settle(page, quiet_ms=200, pushed=True)
            continue
        waiting = next(page for page in pages if not page.locator(REVEAL).first.is_visible())
        before = waiting.evaluate(SNAPSHOT_JS)  # a move made elsewhere reaches this page
        waiting.wait_for_function(f"old => ({SNAPSHOT_JS})() !== old", arg=before, timeout=ANSWER_TIMEOUT)
        settle(waiting, quiet_ms=200, pushed=True)
    for seat, page in enumerate(pages):
        counting[seat] = False
        shot(page, artifacts, f"class-learner-{langs[seat]}")
        others = [card_label(card, langs[seat]) for other in range(3) if other != seat for card in holes[other]]
        mine = [card_label(card, langs[seat]) for card in holes[seat]]
        said = "\n".join(frames[seat])
        assert any(card in said for card in mine), "the page's own cards are named (the check can find a card)"
        assert not [card for card in others if card in said], (langs[seat], [card for card in others if card in said])
    for _ in range(3):  # Anna turns the showdown over
        click(pages[0], REVEAL)
    assert "Showdown of deal 1" in pages[0].locator(".pkt-showdown").first.inner_text()
    # Anna, who typed the code, reloads her page: its address holds her seat's link now, so the same seat
    reload_keeps_the_seat(pages[0], code, joined["en"])
    # the class view: the table read-only with its showdown, and the results counting the deal
    click(teacher, "button.pkt-class-show")
    teacher.locator(".pkt-class-shown").filter(has_text="Showdown of deal 1").first.wait_for(timeout=ANSWER_TIMEOUT)
    teacher.locator(".pkt-class-results").first.scroll_into_view_if_needed()
    click(teacher, "button:has-text('Results')")
    teacher.locator(".pkt-class-results").filter(has_text="Bots, tables of 3").first.wait_for(timeout=60_000)
    row = teacher.locator(".pkt-class-results tr").nth(1).inner_text()
    assert row.split("\t")[:3] == ["Table 1", "3", "1"], row
    # the download holds the table's game; the engine replays it to the same deal's result
    scenario, = downloaded_scenarios(teacher)
    final = scenario.replay().final.view_for(0)
    assert (scenario.game, final.successes + final.failures) == ("pokerface", 1)
    assert row.split("\t")[3].startswith(f"{100 * final.successes}% "), (row, final.successes)
    teacher.locator(".pkt-class-results").first.scroll_into_view_if_needed()
    shot(teacher, artifacts, "class-view-end")
    teacher.locator(".pkt-class-shown").first.scroll_into_view_if_needed()
    shot(teacher, artifacts, "class-view-showdown")
