"""Play with others in the PokerGuess and Póker a Voces play tabs, in Chromium: on the teacher's class view
(the session's page, conftest.py ``class_view``) the teacher makes a table of three for a class of one
and seats two bots from the table's row; one learner joins (by the room's typed code: the seat links are
tested without a browser, tests/apps/test_room_games.py) and plays round 1 to its end by clicks.

One learner's page per game, every check on it in order: a move made with the keyboard (Tab to it,
Enter); the round played to its end; no websocket frame the page received (``page.on("websocket")``: the
messages of the page's kernel, the room's client) named a card of another seat before the rules showed
it (the cards from the engine's own deal of the room's seed; the page's own cards are found, so the
search works); no serious axe finding and no sideways scrolling at 1280x720 and at 768x1024 on round 1's
result; a reload gives the same seat (the page's address took the seat's link). Then the class
view: its results show each player's chips or points as the engine's replay of the downloaded game has
them, the two bots marked.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any, Callable

import pytest

from pokerkit_teach.core.i18n import message
from pokerkit_teach.core.registry import get_game
from tests.rooms.serving import RoomServerProcess

from .pages import (ANSWER_TIMEOUT, PROJECTOR, RENDER_TIMEOUT, SNAPSHOT_JS, TABLET, VoilaServer, audit, click_and_wait,
                    downloaded_scenarios, look, make_class, reload_keeps_the_seat, room_seed, seat_bots, settle,
                    settle_layout, tab_to)

pytestmark = pytest.mark.slow

MOST_MOVES = 40  # a bound on a round that never ends, not a speed goal


class Frames:
    """The websocket frames a page receives (decoded, non-ASCII as it is) from the moment the learner takes a
    seat (before it, the page's other tabs show whole decks) until a frame holds one of ``until``: the first
    thing the page draws once the rules show the cards (that frame and the later ones are kept apart, in
    :attr:`later`: there the same search must find the cards the rules showed)."""

    def __init__(self, page: Any, until: tuple[str, ...]) -> None:
        self.texts: list[str] = []
        self.later: list[str] = []
        self.until = until
        self.started = False
        self.stopped = False
        page.on("websocket", lambda socket: socket.on("framereceived", self.take))

    def take(self, payload: Any) -> None:
        if not self.started:
            return
        text = payload if isinstance(payload, str) else payload.decode("utf-8", "replace")
        try:
            text = json.dumps(json.loads(text), ensure_ascii=False)
        except ValueError:
            pass
        if self.stopped or any(marker in text for marker in self.until):
            self.stopped = True
            self.later.append(text)
            return
        self.texts.append(text)

    def naming(self, labels: list[str], later: bool = False) -> list[str]:
        said = "\n".join(self.later if later else self.texts)
        return [label for label in labels if label in said]

    def wait_for_later(self, page: Any, labels: list[str], least: int, what: str) -> list[str]:
        """Wait (bounded) until the frames from the marker on name at least ``least`` of ``labels``, and return
        those named: the room's messages reach the page by themselves, after the move that ended the round.
        Playwright hands the page's frames over while the test waits on the page."""
        deadline = time.monotonic() + ANSWER_TIMEOUT / 1000
        while len(named := self.naming(labels, later=True)) < least:
            if time.monotonic() > deadline:
                pytest.fail(f"waited {ANSWER_TIMEOUT / 1000:.0f} s for {what}: {least} of {labels}, found {named}")
            page.wait_for_timeout(50)
        settle(page)
        return named


def changed(page: Any, before: str) -> None:
    page.wait_for_function(f"old => ({SNAPSHOT_JS})() !== old", arg=before, timeout=ANSWER_TIMEOUT)
    settle(page, quiet_ms=200, pushed=True)


def play_round(page: Any, moves: list[str], done: str) -> int:
    """Click the first of ``moves`` shown until ``done`` is shown; each time wait (bounded) for a move or the
    end to show (the room's bots move by themselves), and for the page's answer. The number of clicks."""
    either = json.dumps(moves + [done])
    shown = ("sels => sels.some(s => [...document.querySelectorAll(s)].some(e => e.checkVisibility()"
             " && !e.disabled))")
    for clicks in range(MOST_MOVES):
        page.wait_for_function(shown, arg=json.loads(either), timeout=60_000)
        if page.locator(done).first.is_visible():
            return clicks
        target = next(page.locator(move).first for move in moves
                      if page.locator(move).count() and page.locator(move).first.is_visible())
        before = page.evaluate(SNAPSHOT_JS)
        target.click(timeout=ANSWER_TIMEOUT)
        changed(page, before)
        assert not page.locator(".pkt-error").count(), page.locator(".pkt-error").first.inner_text()
    raise AssertionError(f"round 1 did not end in {MOST_MOVES} moves")


def keyboard_move(page: Any, selector: str) -> None:
    """Tab to the first enabled move of ``selector`` and press Enter: the move is made."""
    page.wait_for_function("sel => [...document.querySelectorAll(sel)].some(e => e.checkVisibility())", arg=selector,
                           timeout=60_000)
    page.locator(".pkt-title").first.click()  # the focus starts at the top of the page
    tab_to(page, selector)
    before = page.evaluate(SNAPSHOT_JS)
    page.keyboard.press("Enter")
    changed(page, before)


def checks_on_the_seated_page(page: Any, artifacts: Path, name: str) -> None:
    problems = audit(page, f"{name} seated")
    for width, height in (PROJECTOR, TABLET):
        page.set_viewport_size({"width": width, "height": height})
        settle_layout(page)
        problems += look(page, artifacts, f"room-{name}-{width}x{height}", f"{name} at {width}x{height}")
    assert problems == [], "\n".join(problems)


def join_by_code(page: Any, url: str, code: str, seats: list[str], joined: str, frames: Frames) -> None:
    """Open the play tab, type the room's code, see the seats (``seats``: their buttons' words), take the free
    one; the page says ``joined``."""
    page.goto(url, timeout=RENDER_TIMEOUT, wait_until="domcontentloaded")
    page.locator(".pkt-room-code input").first.wait_for(state="visible", timeout=RENDER_TIMEOUT)
    settle(page)
    field = page.locator(".pkt-room-code input").first
    field.fill(code.lower())
    field.press("Enter")
    seat = page.locator("button.pkt-room-seat:not([disabled])")
    seat.first.wait_for(state="visible", timeout=ANSWER_TIMEOUT)
    assert page.locator("button.pkt-room-seat").all_inner_texts() == seats
    before = page.evaluate(SNAPSHOT_JS)
    frames.started = True
    seat.first.click()
    changed(page, before)
    page.locator(".pkt-message").filter(has_text=joined).first.wait_for(timeout=ANSWER_TIMEOUT)


def results_are_the_replayed_game(teacher: Any, game: str) -> None:
    """The class view's download holds the table's game; the engine replays it, and the class view's results
    show each player's chips (PokerGuess) or points (Póker a Voces) as that replay has them, bots marked."""
    scenario, = downloaded_scenarios(teacher)
    assert get_game(scenario.game).name == game
    final = scenario.replay().final
    values = list(getattr(final.view_for(0), "chips" if game == "pokerguess" else "scores"))
    click_and_wait(teacher, teacher.locator("button:has-text('Results')").first)
    shown = " ".join(teacher.locator(".pkt-class-results").first.inner_text().split())
    names = [f"Player {seat + 1}" for seat in range(3)]
    said = [message("apps.class.standing", "en", name=names[0], value=values[0])] + [
        message("apps.class.standing", "en", name=message("apps.class.standing_bot", "en", name=name), value=value)
        for name, value in zip(names[1:], values[1:])]
    assert all(re.search(re.escape(part) + r"(?!\d)", shown) for part in said), (said, shown)  # whole numbers


def run_game(class_view: Any, browser: Any, rooms: RoomServerProcess, artifacts: Path, game: str, title: str,
             body: Callable[[Any, str], None]) -> None:
    code = make_class(class_view, title, 1)
    seat_bots(class_view, ["Player 2", "Player 3"])
    page = browser.new_page()
    try:
        body(page, code)
        results_are_the_replayed_game(class_view, game)
    except BaseException:
        page.screenshot(path=str(artifacts / f"room-{game}-failed.png"), full_page=True)
        class_view.screenshot(path=str(artifacts / f"room-{game}-class-view-failed.png"), full_page=True)
        raise
    finally:
        page.close()
    assert rooms.errors() == []


# ---------------------------------------------------------------------------------------------- PokerGuess
def test_pokerguess_a_learner_plays_round_one_with_two_bots_at_a_table_of_the_class_view(
        browser: Any, class_view: Any, voila_server: VoilaServer, room_server: RoomServerProcess, artifacts: Path) -> None:
    from pokerkit_teach.games.pokerguess.render import drez_card_label

    lang = "de"

    def body(page: Any, code: str) -> None:
        engine = get_game("pokerguess").new_rules(3).new_game(seed=room_seed(room_server, code))  # the room's deal
        hands = [engine.view_for(seat).private for seat in range(3)]
        page.set_viewport_size({"width": PROJECTOR[0], "height": PROJECTOR[1]})
        # the status says the round is over first (then the check's result and table turn the hands over)
        frames = Frames(page, ("Runde 1 ist vorbei",))
        joined = f"Du sitzt an Tisch {code} als Player 1."
        join_by_code(page, voila_server.url("pokerguess_explorer.ipynb", f"lang={lang}&tab=play"), code,
                     ["Player 1: frei", "Player 2: ein Bot", "Player 3: ein Bot"], joined, frames)
        presence = page.locator(".pkt-room-presence").first.inner_text()
        assert "Player 1: du" in presence and "Player 2: hier spielt ein Bot" in presence, presence
        keyboard_move(page, "button.pkt-guess-stay:not([disabled]), button.pkt-guess-predict:not([disabled])")
        play_round(page, ["button.pkt-guess-stay:not([disabled])", "button.pkt-guess-predict:not([disabled])",
                          ".pkt-guess-board button.pkt-state-legal[data-key^='mine-']"], "button.pkt-guess-next-round")
        assert frames.stopped, "the check's table reached the page"
        labels = [[drez_card_label(card, lang) for card in hand] for hand in hands]
        shown = set(frames.naming([label for hand in labels[1:] for label in hand]))
        # a bot shows one of its two cards in the last-card phase (the rules show it to everyone); never both
        assert all(len(shown & set(hand)) <= 1 for hand in labels[1:]), shown
        assert frames.naming(labels[0]) == labels[0]  # the page's own cards are found: the search works
        checked = frames.wait_for_later(page, [label for hand in labels[1:] for label in hand], 1, "the check's cards")
        assert checked, "the check's cards are found once shown"
        checks_on_the_seated_page(page, artifacts, "pokerguess")  # on round 1's result
        reload_keeps_the_seat(page, code, joined)
        assert "Player 1: du" in page.locator(".pkt-room-presence").first.inner_text()

    run_game(class_view, browser, room_server, artifacts, "pokerguess", "PokerGuess", body)


# ---------------------------------------------------------------------------------------------- Póker a Voces
def test_voces_a_learner_plays_round_one_with_two_bots_at_a_table_of_the_class_view(
        browser: Any, class_view: Any, voila_server: VoilaServer, room_server: RoomServerProcess, artifacts: Path) -> None:
    from pokerkit_teach.games.voces.cards import VocesCard, voces_deck

    lang = "es"

    def seen(code: str) -> tuple[list[Any], list[Any]]:
        """The cards the learner's seat held in round 1, and those the rules lay face up for everyone in it (the
        hands revealed, the cards drawn for a Baboon): the room's moves (its file) replayed by the engine from
        the room's seed, the seat's view after each."""
        game = get_game("voces")
        state = game.new_rules(3).new_game(seed=room_seed(room_server, code))
        held: list[Any] = []
        public: list[Any] = []
        lines = (room_server.data / f"{code}.jsonl").read_text("utf-8").splitlines()[1:]
        for record in [json.loads(line) for line in lines if line.strip()]:
            view = state.view_for(0)
            held += [card for card in (*view.hand, *(c for hand in view.placed if hand for c in hand)) if card not in held]
            shown = [card for _, hands in view.revealed for _, hand in hands for card in hand]
            public += [card for card in (*shown, *view.drawn) if card not in public]
            if record["kind"] == "move" and state.round.number == 1:
                state.apply(game.scenarios.parse_move(record["move"], state))
        return held, public

    def body(page: Any, code: str) -> None:
        page.set_viewport_size({"width": PROJECTOR[0], "height": PROJECTOR[1]})
        # a hand turned over: in the round's result, on the board (items rev-HAND-SEAT), in the log (whichever
        # of the three reaches the page first)
        frames = Frames(page, ("pkt-voces-shown", '"rev-', " muestra la mano "))
        joined = f"Estás en la mesa {code} como Player 1."
        join_by_code(page, voila_server.url("voces_explorer.ipynb", f"lang={lang}&tab=play"), code,
                     ["Player 1: libre", "Player 2: un bot", "Player 3: un bot"], joined, frames)
        presence = page.locator(".pkt-room-presence").first.inner_text()
        assert "Player 1: tú" in presence and "Player 3: aquí juega un bot" in presence, presence
        moves = ["button.pkt-voces-place:not([disabled])", "button.pkt-voces-pick:not([disabled])",
                 "button.pkt-voces-bet:not([disabled])", "button.pkt-voces-stay:not([disabled])"]
        keyboard_move(page, ", ".join(moves))  # the bots may have called STOP already: the move there is
        play_round(page, moves, "button.pkt-voces-next-round")
        assert frames.stopped, "the reveal reached the page"
        held, public = seen(code)
        others = [card for card in voces_deck(3) if isinstance(card, VocesCard) and card not in held]
        # until the reveal, no card of another seat: neither those the reveal shows nor the others (after it, the
        # page may show round 2's deal)
        assert frames.naming([card.label(lang) for card in others]) == []
        revealed = [card.label(lang) for card in others if card in public]
        # the reveal's cards are found once shown: the search works
        assert len(frames.wait_for_later(page, revealed, 10, "the reveal's cards")) >= 10
        checks_on_the_seated_page(page, artifacts, "voces")  # on round 1's result
        reload_keeps_the_seat(page, code, joined)
        assert "Player 1: tú" in page.locator(".pkt-room-presence").first.inner_text()

    run_game(class_view, browser, room_server, artifacts, "voces", "Póker a Voces", body)
