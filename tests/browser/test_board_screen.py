"""The whole table on one screen: a PokerGuess round and a Póker a Voces round played by clicks at 1280x720
(a classroom projector) and 768x1024 (a tablet held upright), in English and in German. After every click
the learner's seat (its cards) and every control the learner may use now must fit in the window together,
at both sizes (one page per round: each step is measured at one size, the window is changed, as a tablet
turned, and measured again): scrolled so that the topmost of them is at the top, none reaches past the
bottom or the sides. At every step and size no visible element outside the play tab's log repeats two of its
lines in a row, and the drawn table's live region takes no room (:func:`assert_log_not_repeated`; a pair of
log lines planted in the page at the end proves the check sees one). The Póker a
Voces round (seeded so that Raccoons are revealed) also shows what the Raccoon did, in the page's
language. (A special card pressed, and the hand ranker's drawn cards, are checked on their apps' journey
pages: test_journeys.py, step 5.)

Uses the session's Voila server and Chromium (conftest.py) and the Page helper of pages.py; every test
here is in the slow tier, like every browser test.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Sequence

import pytest

from . import pages as apps

SIZES = [(1280, 720), (768, 1024)]
PLAY_TAB = {"en": "Play against bots", "de": "Gegen Bots spielen"}
MAX_CLICKS = 80

# Scroll the topmost of the learner's seat and usable controls to the window's top, then measure them all.
FIT_JS = """([seats, controls]) => {
  const shown = e => e && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== "hidden";
  const parts = [];
  for (const s of seats) for (const e of document.querySelectorAll(s)) if (shown(e)) parts.push(e);
  const seatCount = parts.length;
  for (const e of document.querySelectorAll(controls)) if (shown(e) && !e.disabled && !e.closest("[aria-hidden='true']")) parts.push(e);
  if (!seatCount) return {seatCount: 0, parts: []};
  const top = parts.reduce((a, e) => (e.getBoundingClientRect().top < a.getBoundingClientRect().top ? e : a));
  top.scrollIntoView({block: "start"});
  return {seatCount, width: window.innerWidth, height: window.innerHeight,
          parts: parts.map(e => { const r = e.getBoundingClientRect();
            return {what: (e.dataset.region || e.className.split(" ").filter(c => c.startsWith("pkt-")).join(".") || e.tagName)
                          + " " + (e.innerText || "").trim().slice(0, 40),
                    top: r.top, bottom: r.bottom, left: r.left, right: r.right}; })};
}"""


def assert_seat_and_controls_fit(p: Any, seats: Sequence[str], controls: str, step: str) -> int:
    """The learner's seat (``seats``: its regions on the drawn table) and every enabled control of ``controls``
    fit in the window together; returns how many controls were usable."""
    found = p.evaluate(FIT_JS, [list(seats), controls])
    assert found["seatCount"], f"{step}: the learner's seat is not drawn"
    height, width = found["height"], found["width"]
    outside = [part for part in found["parts"]
               if part["top"] < -1 or part["bottom"] > height + 1 or part["left"] < -1 or part["right"] > width + 1]
    assert not outside, f"{step}: outside the {width}x{height} window: {outside}"
    return int(len(found["parts"]) - found["seatCount"])


def at_both_sizes(p: Any, measure: Callable[[str], int], step: str) -> int:
    """``measure`` at the window's size, then at the other of SIZES (the window is left there): the most
    usable controls of the two."""
    now = p.viewport_size
    first = measure(f"{now['width']}x{now['height']} {step}")
    other = next(size for size in SIZES if size != (now["width"], now["height"]))
    p.set_viewport_size({"width": other[0], "height": other[1]})
    apps.settle_layout(p)
    return max(first, measure(f"{other[0]}x{other[1]} {step}"))


def round_checks(p: Any, log: tuple[str, str], seats: Sequence[str], controls: str,
                 where: str) -> tuple[Callable[[str], int], list[int], list[int]]:
    """The check of a round's step at both sizes: no visible repeat of the log (``log``), the learner's seat and
    usable controls in the window. Returns it, with the lists it fills: the usable controls counted at each step
    and the log lines read."""
    usable: list[int] = []
    lines: list[int] = []

    def measure(at: str) -> int:
        lines.append(apps.assert_log_not_repeated(p, log, f"{where} {at}"))
        return assert_seat_and_controls_fit(p, seats, controls, f"{where} {at}")

    def check(step: str) -> int:
        count = at_both_sizes(p, measure, step)
        usable.append(count)
        return count

    return check, usable, lines


def play_checking(p: Any, candidates: Callable[[Any], list[Any]], done: Callable[[], bool], check: Callable[[str], int],
                  goal: str) -> int:
    """Click the first usable candidate until ``done()``, calling ``check`` before the first click and after
    every one; returns the number of clicks."""
    check("start")
    for clicks in range(MAX_CLICKS):
        if done():
            return clicks
        target = None
        for _ in range(50):  # up to 10 s for the kernel's answer to show the next move
            target = next((c.first for c in candidates(p) if c.count() and c.first.is_visible()), None)
            if target is not None or done():
                break
            p.wait_for_timeout(200)
        if target is None:
            break
        apps.click_and_wait(p, target)
        check(f"after click {clicks + 1}")
    assert done(), f"no {goal} within {MAX_CLICKS} clicks"
    return MAX_CLICKS


def open_play(page: apps.Page, voila_server: Any, notebook: str, query: str, lang: str) -> Any:
    width, height = SIZES[0]
    page.page.set_viewport_size({"width": width, "height": height})
    page.open(voila_server.url(notebook, f"{query}&lang={lang}"))
    p = page.page
    apps.open_tab(p, PLAY_TAB[lang])
    return p


def shot(page: apps.Page, artifacts: Path, name: str) -> None:
    page.page.screenshot(path=str(artifacts / f"{name}.png"))  # the window, as the learner sees it


# -- PokerGuess

GUESS = "pokerguess_explorer.ipynb"
GUESS_SEATS = [".pkt-guess-board [data-region='seat0']"]
GUESS_CONTROLS = ".pkt-guess-side button, .pkt-guess-side select, .pkt-guess-reasons h4"  # and the bots' reasons' heading
GUESS_LOG = (".pkt-guess-log", "[role=region] > div:not(.pkt-guess-reason)")  # its box, its moves' lines


@pytest.mark.skipif(GUESS not in apps.EXISTING, reason=f"notebooks/{GUESS} does not exist")
@pytest.mark.parametrize("lang", ["en", "de"])
def test_pokerguess_round_keeps_your_seat_and_moves_on_screen(page: apps.Page, voila_server: Any, artifacts: Path, lang: str) -> None:
    p = open_play(page, voila_server, GUESS, "seed=5&players=6", lang)
    p.locator(".pkt-guess-status").first.wait_for(state="visible", timeout=apps.ANSWER_TIMEOUT)
    check, usable, lines = round_checks(p, GUESS_LOG, GUESS_SEATS, GUESS_CONTROLS, lang)

    next_round = p.locator("button.pkt-guess-next-round")
    play_checking(p, apps.guess_moves, lambda: next_round.first.is_visible(), check, "check")
    assert max(usable) >= 4  # the prediction's menus and a move were in view, not only Next round
    assert max(lines) >= 4, lines  # the log was read: the round's moves were in it
    apps.planted_pair_is_found(p, GUESS_LOG)
    # the check: the pot drawn empty, the log does not run ahead of the status, the bots' reasons beside the table
    pot = p.locator(".pkt-guess-board [data-key='pot']").first
    assert ("paid out" if lang == "en" else "ausgezahlt") in (pot.get_attribute("aria-label") or "")
    log = p.locator(".pkt-guess-log").first.inner_text()
    assert ("Round 2" if lang == "en" else "Runde 2") not in log
    reasons = p.locator(".pkt-guess-reasons").first
    assert reasons.inner_text().strip()
    for width, height in SIZES:
        p.set_viewport_size({"width": width, "height": height})
        apps.settle_layout(p)
        side, said = p.locator(".pkt-guess-side").first.bounding_box(), reasons.bounding_box()
        if width >= 1280:  # beside your moves on a projector; under them on a tablet
            assert side is not None and said is not None and said["x"] >= side["x"] + side["width"] - 1
        shot(page, artifacts, f"board_screen-guess-{lang}-{width}x{height}")
    apps.click_and_wait(p, next_round.first)
    check("after Next round")
    assert not page.errors, "\n".join(page.errors)


# -- Póker a Voces

VOCES = "voces_explorer.ipynb"
VOCES_SEATS = [".pkt-voces-board [data-region='seat-0']", ".pkt-voces-board [data-region='cards']"]
VOCES_CONTROLS = ".pkt-voces-side button, .pkt-voces-side select"
VOCES_LOG = (".pkt-voces-log", "[role=region] > div:not(.pkt-voces-reason)")  # its box, its moves' lines
RACCOON = {"en": "it becomes whatever card makes its hand best", "de": "Er wird zu der Karte, die seine Hand am besten macht"}


@pytest.mark.skipif(VOCES not in apps.EXISTING, reason=f"notebooks/{VOCES} does not exist")
@pytest.mark.parametrize(("lang", "players"), [("en", 3), ("de", 3), ("en", 6)])
def test_voces_round_keeps_your_seat_and_moves_on_screen(page: apps.Page, voila_server: Any, artifacts: Path,
                                                          lang: str, players: int) -> None:
    p = open_play(page, voila_server, VOCES, f"seed=1&players={players}", lang)
    p.locator(".pkt-voces-status").first.wait_for(state="visible", timeout=apps.ANSWER_TIMEOUT)
    board = p.locator(".pkt-voces-board").first
    # the learner's seat comes within half a window of the table's top: the others' seats sit two by two
    for width, height in SIZES:
        p.set_viewport_size({"width": width, "height": height})
        apps.settle_layout(p)
        seat, table = board.locator("[data-region='seat-0']").first.bounding_box(), board.bounding_box()
        assert seat is not None and table is not None and seat["y"] - table["y"] < height / 2, (width, height, seat, table)
    # a card selected stands out by its shape: lifted from its row, with a tick
    card = board.locator("button[data-key^='card-']").first
    before = card.bounding_box()
    apps.click_and_wait(p, card)
    after = card.bounding_box()
    assert card.get_attribute("aria-pressed") == "true"
    assert before is not None and after is not None and after["y"] <= before["y"] - 5, (before, after)
    assert card.locator(".pkt-drawn-mark").count() == 1
    apps.click_and_wait(p, card)  # put back
    check, usable, lines = round_checks(p, VOCES_LOG, VOCES_SEATS, VOCES_CONTROLS, f"{lang} {players} players")

    score = p.locator(".pkt-voces-score")
    play_checking(p, apps.voces_moves, lambda: bool(score.count()), check, "score")
    assert max(usable) >= 3  # the coin step's menus and button were in view
    assert max(lines) >= 4, lines  # the log was read: the round's moves were in it
    apps.planted_pair_is_found(p, VOCES_LOG)
    # the Raccoons revealed in the round (seed 1, three players), explained on the page in its language
    if players == 3:
        explained = p.locator(".pkt-voces-specials-explained").first
        assert RACCOON[lang] in explained.inner_text()
    for width, height in SIZES:
        p.set_viewport_size({"width": width, "height": height})
        apps.settle_layout(p)
        shot(page, artifacts, f"board_screen-voces-{lang}-{players}-{width}x{height}")
    assert not page.errors, "\n".join(page.errors)
