"""A whole Pokerface game in Chromium, in English and in German, as a learner plays it: a step of the table's
page journeys (test_journeys.py), on the page of seed 36 with three players.

At 1280x720, the learner's view, :func:`play_whole_game` plays the table app by clicks to the game's end and checks:

- after each move the newest line of the log (``.pkt-log-last``) is inside the viewport and inside the
  log's scrolling box;
- at each showdown step the deal's board (five cards) is drawn, the hands turned over so far are face up
  and marked (holds or breaks), the Reveal button stands where it stood at the step before, and nothing
  on the page (the table's announcements included) tells a result before its reveal: no later hand
  (``Name (token)``), not the deal's result, not a changed tally, not the game's end;
- after the last reveal "Next deal" stands in the Reveal button's place, and the game's end is announced
  only after the last hand of the last showdown;
- before every move and every showdown step, at 1280x720 and at 768x1024 (the window changed as a tablet
  turned, and back), the learner's seat, every control usable now and the status line are inside the window,
  the status line above the table or beside it, no visible element repeats two of the log's lines, and the
  live region takes no room (:func:`seat_in_view`; the
  same check as test_learner_screen.py's games at 4 and 6 players).

Seed 36 with three players is a short game (three deals, 35 clicks; the team wins). Each language is
bounded by MAX_CLICKS and by a deadline of GAME_SECONDS. With ``PKT_DOC_SCREENSHOTS=1`` the English game
also writes the learner's view of each step of its first deal to ``docs/screenshots/pokerface-deal-*.png``
(always to ``test-artifacts/``).
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any, Callable

from .pages import ANSWER_TIMEOUT, PASS, SNAPSHOT_JS, TAKE_FROM, TAKE_MIDDLE, assert_log_not_repeated, settle, settle_layout

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "screenshots"
SEED = 36
PLAYERS = 3
MAX_CLICKS = 80
GAME_SECONDS = 300  # a bound on a game that never ends, not a speed goal: one language took 64 s on a busy 2-core machine
VIEW = {"width": 1280, "height": 720}
TABLET = {"width": 768, "height": 1024}

MOVES = [PASS, TAKE_MIDDLE, TAKE_FROM]
REVEAL = "button.pkt-reveal-next"
NEXT_DEAL = "button.pkt-next-deal"

# Where the newest log line stands: inside the window and inside its scrolling box.
NEWEST_JS = """() => {
  const last = document.querySelector('.pkt-log .pkt-log-last');
  if (!last) return {found: false};
  const r = last.getBoundingClientRect();
  const box = last.closest('.pkt-log-scroll').getBoundingClientRect();
  const inWindow = r.top >= -1 && r.bottom <= window.innerHeight + 1 && r.height > 0;
  const inBox = r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
  return {found: true, inWindow, inBox, text: last.innerText, top: r.top, bottom: r.bottom, boxTop: box.top,
          boxBottom: box.bottom, height: window.innerHeight};
}"""

# Everything that must be in view, with its box: the learner's seat, the controls usable now and the status line;
# and where the status line stands beside the table.
IN_VIEW_JS = """() => {
  const shown = e => e.checkVisibility({visibilityProperty: true}) && e.getBoundingClientRect().width > 0;
  const wanted = [];
  const seat = document.querySelector('.pkt-board [data-region="seat-0"]');
  if (seat) wanted.push(['your seat', seat]);
  for (const b of document.querySelectorAll('.pkt-app button.pkt-pass, .pkt-app button.pkt-reveal-next, .pkt-app button.pkt-next-deal')) {
    if (!b.disabled && shown(b)) wanted.push([b.innerText.trim() || b.className, b]);
  }
  for (const b of document.querySelectorAll('.pkt-board button.pkt-state-legal')) wanted.push([b.dataset.key, b]);
  const status = document.querySelector('.pkt-app .pkt-status');
  if (status && shown(status)) wanted.push(['the status line', status]);
  const out = [];
  for (const [name, e] of wanted) {
    const r = e.getBoundingClientRect();
    const inside = r.top >= -1 && r.left >= -1 && r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1;
    if (!inside) out.push(`${name}: ${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)} in ${innerWidth}x${innerHeight}`);
  }
  // the status line where the learner looks: above the table or beside it, not under it
  const board = document.querySelector('.pkt-board');
  let statusPlace = 'missing';
  if (status && shown(status) && board) {
    const s = status.getBoundingClientRect(), b = board.getBoundingClientRect();
    statusPlace = s.left >= b.right - 1 && s.top < b.bottom ? 'beside' : s.bottom <= b.top + 1 ? 'above' : `under: ${Math.round(s.top)} below the table's top ${Math.round(b.top)}`;
  }
  return {seat: !!seat, outside: out, count: wanted.length, statusPlace};
}"""

TABLE_LOG = (".pkt-log", ".pkt-log-line")  # the table's log: its box, its lines



def seat_in_view(p: Any, where: str) -> None:
    """The learner's seat, every control usable now and the status line inside the window, the status line above
    the table or beside it (not under it); no visible element repeats the log, and the live region takes no room."""
    seen = p.evaluate(IN_VIEW_JS)
    assert seen["seat"], f"{where}: no seat of yours drawn"
    assert not seen["outside"], f"{where}: out of view: {seen['outside']}"
    assert seen["statusPlace"] in ("above", "beside"), f"{where}: the status line is not above or beside the table: {seen['statusPlace']}"
    assert_log_not_repeated(p, TABLE_LOG, where)


def seat_in_view_at_both_sizes(p: Any, where: str) -> None:
    """:func:`seat_in_view` at the window's size, then at the other size (a tablet turned), then back."""
    now = p.viewport_size
    other = TABLET if (now["width"], now["height"]) == (VIEW["width"], VIEW["height"]) else VIEW
    seat_in_view(p, f"{where}, {now['width']}x{now['height']}")
    p.set_viewport_size(other)
    settle_layout(p)
    seat_in_view(p, f"{where}, {other['width']}x{other['height']}")
    p.set_viewport_size(now)
    settle_layout(p)


WORDS = {
    "en": {"won": "won the game", "lost": "lost the game", "next": "Next deal", "deal": "Deal"},
    "de": {"won": "gewonnen", "lost": "verloren", "next": "Nächster Durchgang", "deal": "Durchgang"},
}


def visible(p: Any, selector: str) -> bool:
    locator = p.locator(selector)
    return bool(locator.count() and locator.first.is_visible())


def box_of(p: Any, selector: str) -> tuple[float, float, float, float]:
    box = p.locator(selector).first.bounding_box()
    assert box is not None, f"{selector} has no box"
    return (round(box["x"]), round(box["y"]), round(box["width"]), round(box["height"]))


def click(p: Any, selector: str) -> None:
    """Click and wait (bounded) for the kernel's answer: the page changes, then settles."""
    before = p.evaluate(SNAPSHOT_JS)
    p.locator(selector).first.click(timeout=ANSWER_TIMEOUT)
    p.wait_for_function(f"old => ({SNAPSHOT_JS})() !== old", arg=before, timeout=ANSWER_TIMEOUT)
    settle(p, quiet_ms=200)


# The page's text about the deal being played: everything but the log, and the log from its last deal heading
# on (earlier deals' showdowns name their own hands).
DEAL_TEXT_JS = """() => {
  const app = document.querySelector('.pkt-app');
  const log = app.querySelector('.pkt-log');
  const entries = [...log.querySelectorAll('.pkt-log-scroll > div > div')];
  let start = 0;
  entries.forEach((e, i) => { if (e.classList.contains('pkt-log-deal')) start = i; });
  const kept = entries.slice(start).map(e => e.innerText).join('\\n');
  log.style.display = 'none';
  const rest = app.innerText;
  log.style.display = '';
  return rest + '\\n' + kept;
}"""


def app_text(p: Any) -> str:
    """What the page says about the deal being played (earlier deals' log left out)."""
    return str(p.evaluate(DEAL_TEXT_JS))


def board_cards(p: Any) -> int:
    """The board's cards drawn in the middle of the table."""
    return p.locator(".pkt-board [data-region='middle'] [data-key^='board-']").count()  # type: ignore[no-any-return]


def turned_over(p: Any) -> int:
    """The hole cards drawn face up and marked where the showdown's order holds or breaks."""
    return p.locator(".pkt-board [data-key^='hole-'].pkt-state-holds, .pkt-board [data-key^='hole-'].pkt-state-breaks").count()  # type: ignore[no-any-return]


class Shots:
    """The learner's view of each step of the first deal, numbered, to test-artifacts/ (and docs/)."""

    def __init__(self, p: Any, artifacts: Path, lang: str) -> None:
        self.p, self.artifacts, self.lang = p, artifacts, lang
        self.docs = lang == "en" and os.environ.get("PKT_DOC_SCREENSHOTS") == "1"
        self.count = 0
        self.taken: set[str] = set()

    def take(self, name: str) -> None:
        if name in self.taken:
            return
        self.taken.add(name)
        self.count += 1
        file = f"pokerface-deal-{self.count}-{name}.png"
        self.p.screenshot(path=str(self.artifacts / f"{self.lang}-{file}"))
        if self.docs:
            DOCS.mkdir(parents=True, exist_ok=True)
            self.p.screenshot(path=str(DOCS / file))


def check_showdown(p: Any, lang: str, shots: Shots | None) -> dict[str, Any]:
    """Turn one showdown over hand by hand, checking each step; returns what was seen."""
    tally_before = p.locator(".pkt-tally").first.inner_text()
    snapshots: list[str] = []
    place = box_of(p, REVEAL)
    steps = 0
    while visible(p, REVEAL):
        assert steps < 7, "a showdown has at most six hands"
        seat_in_view_at_both_sizes(p, f"{lang}, showdown step {steps}")
        assert board_cards(p) == 5, f"step {steps}: the deal's board is not drawn"
        assert p.locator(".pkt-board [data-key^='token-']").count() >= 4 * PLAYERS, "the deal's tokens are not drawn"
        assert turned_over(p) == 2 * steps, f"step {steps}: {turned_over(p)} cards face up and marked"
        assert box_of(p, REVEAL) == place, f"step {steps}: the Reveal button moved"
        assert p.locator(".pkt-tally").first.inner_text() == tally_before, "the tally changed before the last reveal"
        snapshots.append(app_text(p))
        if shots is not None:
            shots.take("showdown-start" if steps == 0 else "showdown-reveal")
        click(p, REVEAL)
        steps += 1
        if visible(p, REVEAL) or visible(p, NEXT_DEAL):
            assert p.locator(".pkt-showdown li").count() == steps
    seat_in_view_at_both_sizes(p, f"{lang}, the showdown turned over")
    hands = [str(li.inner_text()).split("\n")[0] for li in p.locator(".pkt-showdown li").all()]
    markers = [hand.split(")")[0] + ")" for hand in hands]  # "Ben (2♠)": the hand's owner and token
    summary = str(p.locator(".pkt-showdown p b").last.inner_text())
    status = str(p.locator(".pkt-status").first.inner_text())
    assert len(markers) == steps >= 3
    for shown, text in enumerate(snapshots):
        later = [marker for marker in markers[shown:] if marker in text]
        assert not later, f"{lang}: before reveal {shown + 1} the page already names {later}:\n{text}"
        assert summary not in text, f"{lang}: the deal's result before the last reveal:\n{text}"
        for word in (WORDS[lang]["won"], WORDS[lang]["lost"]):
            assert word not in text, f"{lang}: the game's end before the last reveal:\n{text}"
    return {"summary": summary, "status": status, "place": place}


def play_whole_game(p: Any, lang: str, artifacts: Path, after_first_deal: Callable[[], None] | None = None) -> None:
    """Play the page's game (seed 36, three players, not yet played) to its end, checking as the module says;
    ``after_first_deal`` is called when the first deal's result is shown (before "Next deal" is pressed)."""
    start = time.monotonic()
    p.set_viewport_size(VIEW)
    p.locator(MOVES[1]).first.wait_for(state="visible", timeout=ANSWER_TIMEOUT)
    shots = Shots(p, artifacts, lang)
    shots.take("start")
    click(p, "button.pkt-hint")  # the hint: each token's chance, ending with the token it suggests
    hint = str(p.locator(".pkt-hint-text").first.inner_text()).strip()
    assert hint.endswith("♣ from the middle." if lang == "en" else "♣ aus der Mitte."), hint
    shots.take("hint")
    clicks, deals, moves = 0, 0, 0
    finished = False
    while not finished:
        assert clicks < MAX_CLICKS, f"{lang}: no end of the game after {MAX_CLICKS} clicks"
        assert time.monotonic() - start < GAME_SECONDS, f"{lang}: the game took over {GAME_SECONDS} s ({clicks} clicks)"
        if visible(p, REVEAL):
            seen = check_showdown(p, lang, shots if deals == 0 else None)
            deals += 1
            clicks += 1
            if visible(p, NEXT_DEAL):
                assert box_of(p, NEXT_DEAL)[:2] == seen["place"][:2], "Next deal stands where Reveal stood"
                assert p.locator(NEXT_DEAL).first.inner_text().strip() == WORDS[lang]["next"]
                if deals == 1:
                    shots.take("result")
                    if after_first_deal is not None:
                        after_first_deal()
                click(p, NEXT_DEAL)
                clicks += 1
                assert f"{WORDS[lang]['deal']} {deals + 1}" in p.locator(".pkt-status").first.inner_text()
            else:  # the game is over: announced now, after the last reveal
                status = seen["status"]
                assert WORDS[lang]["won"] in status or WORDS[lang]["lost"] in status, status
                finished = True
            continue
        seat_in_view_at_both_sizes(p, f"{lang}, deal {deals + 1}, move {moves + 1}")
        target = next((selector for selector in MOVES if visible(p, selector)), None)
        assert target is not None, f"{lang}: nothing to click; status: {p.locator('.pkt-status').first.inner_text()}"
        text_before = p.locator(".pkt-log").first.inner_text()
        click(p, target)
        clicks += 1
        moves += 1
        newest = p.evaluate(NEWEST_JS)
        assert newest["found"] and newest["inWindow"] and newest["inBox"], f"{lang}: after move {moves} the newest log line is out of view: {newest}"
        assert p.locator(".pkt-log").first.inner_text() != text_before, f"{lang}: move {moves} left the log as it was"
        if deals == 0:
            log = p.locator(".pkt-log").first.inner_text()
            if moves == 1:
                shots.take("after-a-move")
            if "♦" in p.locator(".pkt-status").first.inner_text() and board_cards(p) == 3:
                shots.take("flop")
            if "♠" in p.locator(".pkt-status").first.inner_text() and "♠" in log:
                shots.take("last-round")
    assert deals >= 3, f"{lang}: the game ended after {deals} deals"
    p.screenshot(path=str(artifacts / f"{lang}-pokerface-game-end.png"))
    if shots.docs:
        p.screenshot(path=str(DOCS / f"pokerface-deal-{shots.count + 1}-game-end.png"))
