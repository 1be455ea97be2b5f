"""What a learner sees of the Pokerface table on a laptop (1280x720) and a tablet (768x1024), in English and
German: a whole game at 3, 4 and 6 players, played by clicks, and after every step (a move, a hand turned
over, the next deal):

- the learner's seat (``[data-region="seat-0"]``) and every control the learner may use now (Pass, the
  chips ringed as legal moves, Reveal, Next deal) are inside the viewport at both sizes: each step is
  checked at one size, the viewport is changed (as a tablet turned) and it is checked again; the deals
  alternate between English and German, so the token rounds and the showdown are seen in both languages;
- no visible element repeats the log: the table's live region is read out but takes no room on the page
  (at most one pixel), and no visible element outside the log holds two of the log's lines.

A bot's reason opens whole in its seat (not cut), in the log's words, and opening it moves nothing. The
replay tells each rulebook example from its first described move, on the drawn table, one showdown hand
per step.

The seeds give short games with the test's way of playing (Pass when allowed, else the first legal chip in
the middle, else the first legal chip in front of a player). One page per table size; each game is bounded
by MAX_STEPS and a deadline.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from .pages import ANSWER_TIMEOUT, EXISTING, PASS, TAKE_FROM, TAKE_MIDDLE, Page, VoilaServer, settle, settle_layout

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif("table.ipynb" not in EXISTING, reason="notebooks/table.ipynb does not exist yet")]

LAPTOP = {"width": 1280, "height": 720}
TABLET = {"width": 768, "height": 1024}
GAMES = {3: 3, 4: 11, 6: 17}  # players: seed of a short game
MAX_STEPS = 120
GAME_SECONDS = 900  # a bound on a game that never ends, not a speed goal
REVEAL = "button.pkt-reveal-next"
NEXT_DEAL = "button.pkt-next-deal"
LANGUAGE = {"en": "English", "de": "Deutsch"}

# Everything that must be in view, with its box: the learner's seat and the controls usable now.
IN_VIEW_JS = """() => {
  const shown = e => e.checkVisibility({visibilityProperty: true}) && e.getBoundingClientRect().width > 0;
  const wanted = [];
  const seat = document.querySelector('.pkt-board [data-region="seat-0"]');
  if (seat) wanted.push(['your seat', seat]);
  for (const b of document.querySelectorAll('.pkt-app button.pkt-pass, .pkt-app button.pkt-reveal-next, .pkt-app button.pkt-next-deal')) {
    if (!b.disabled && shown(b)) wanted.push([b.innerText.trim() || b.className, b]);
  }
  for (const b of document.querySelectorAll('.pkt-board button.pkt-state-legal')) wanted.push([b.dataset.key, b]);
  const out = [];
  for (const [name, e] of wanted) {
    const r = e.getBoundingClientRect();
    const inside = r.top >= -1 && r.left >= -1 && r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1;
    if (!inside) out.push(`${name}: ${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)} in ${innerWidth}x${innerHeight}`);
  }
  return {seat: !!seat, outside: out, count: wanted.length};
}"""

# The log's lines, the live region's size, and the visible elements outside the log that hold two log lines.
# First the app's text with the log and the live region left out, read once: most steps hold no pair of log
# lines there, and the element-by-element search (which names the element) runs only when one is there.
REPEATS_JS = """() => {
  const lines = [...document.querySelectorAll('.pkt-log .pkt-log-line')].map(e => e.innerText.trim()).filter(t => t.length > 8);
  const lives = [...document.querySelectorAll('.pkt-drawn-status')];
  const live = lives.map(e => { const r = e.getBoundingClientRect(); return [r.width, r.height]; });
  const log = document.querySelector('.pkt-log');
  const app = document.querySelector('.pkt-app');
  const pairs = [];
  for (let i = 0; i + 1 < lines.length; i++) pairs.push([lines[i], lines[i + 1]]);
  const left = [log, ...lives].filter(e => e);
  const display = left.map(e => e.style.display);
  left.forEach(e => { e.style.display = 'none'; });
  const rest = app ? app.innerText : '';
  left.forEach((e, i) => { e.style.display = display[i]; });
  const suspects = pairs.filter(pair => pair.every(t => rest.includes(t)));
  const found = [];
  for (const pair of suspects) {
    for (const e of document.querySelectorAll('.pkt-app *')) {
      if (log && log.contains(e)) continue;
      if (e.children.length > 0 && [...e.children].some(c => pair.every(t => (c.innerText || '').includes(t)))) continue;
      const text = e.innerText || '';
      const r = e.getBoundingClientRect();
      if (r.width > 1 && r.height > 1 && e.checkVisibility({visibilityProperty: true}) && pair.every(t => text.includes(t))) {
        found.push(`${e.tagName.toLowerCase()}.${[...e.classList].join('.')}: ${text.slice(0, 80)}`);
      }
    }
    if (found.length >= 3) break;
  }
  return {lines: lines.length, live, found: found.slice(0, 3), searched: suspects.length};
}"""


def visible(p: Any, selector: str) -> bool:
    locator = p.locator(selector)
    return bool(locator.count() and locator.first.is_visible())


def click(p: Any, selector: str) -> None:
    """Click and wait (bounded) for the kernel's answer, then until the page settles."""
    from .pages import SNAPSHOT_JS

    before = p.evaluate(SNAPSHOT_JS)
    p.locator(selector).first.click(timeout=ANSWER_TIMEOUT)
    p.wait_for_function(f"old => ({SNAPSHOT_JS})() !== old", arg=before, timeout=ANSWER_TIMEOUT)
    settle(p, quiet_ms=200)


def switch_language(p: Any, lang: str) -> None:
    p.locator(".pkt-language button", has_text=LANGUAGE[lang]).first.click(timeout=ANSWER_TIMEOUT)
    p.wait_for_function("name => (document.querySelector('.pkt-language button.mod-active') || {}).innerText?.trim() === name",
                        arg=LANGUAGE[lang], timeout=ANSWER_TIMEOUT)
    settle(p, quiet_ms=200)


def check(p: Any, where: str) -> None:
    seen = p.evaluate(IN_VIEW_JS)
    assert seen["seat"], f"{where}: no seat of yours drawn"
    assert not seen["outside"], f"{where}: out of view: {seen['outside']}"
    repeats = p.evaluate(REPEATS_JS)
    assert all(w <= 1 and h <= 1 for w, h in repeats["live"]), f"{where}: the live region is shown: {repeats['live']}"
    assert not repeats["found"], f"{where}: the log repeated on the page: {repeats['found']}"


def next_target(p: Any) -> str | None:
    for selector in (REVEAL, NEXT_DEAL, PASS, TAKE_MIDDLE, TAKE_FROM):
        if visible(p, selector):
            return selector
    return None


@pytest.mark.parametrize("players", sorted(GAMES))
def test_your_seat_and_your_moves_stay_in_view_through_a_whole_game(players: int, page: Page, voila_server: VoilaServer) -> None:
    start = time.monotonic()
    p = page.page
    p.set_viewport_size(LAPTOP)
    page.open(voila_server.url("table.ipynb", f"seed={GAMES[players]}&players={players}&lang=en"))
    p.locator(".pkt-board [data-region='seat-0']").first.wait_for(state="visible", timeout=ANSWER_TIMEOUT)
    settle(p)
    lang, size, other = "en", LAPTOP, TABLET
    steps = 0
    phases: set[str] = set()
    seen: set[tuple[str, str]] = set()  # (language, what was pressed next): every phase in both languages
    while True:
        where = f"{players} players, step {steps}"
        check(p, f"{where}, {lang} {size['width']}x{size['height']}")
        p.set_viewport_size(other)  # the tablet turned (or back): the same step at the other size
        settle_layout(p)
        check(p, f"{where}, {lang} {other['width']}x{other['height']}")
        size, other = other, size
        target = next_target(p)
        if target is None:
            break
        phases.add(target)
        seen.add((lang, target))
        assert steps < MAX_STEPS, f"{where}: no end of the game after {MAX_STEPS} steps"
        assert time.monotonic() - start < GAME_SECONDS, f"{where}: the game took over {GAME_SECONDS} s"
        click(p, target)
        steps += 1
        if target == NEXT_DEAL:  # each deal in the other language
            lang = "de" if lang == "en" else "en"
            switch_language(p, lang)
    # the check is not blind: two of the log's lines put into a visible box of the app are reported
    p.evaluate("""() => { const lines = [...document.querySelectorAll('.pkt-log .pkt-log-line')].map(e => e.innerText.trim());
                          const e = document.createElement('div'); e.id = 'pkt-repeat'; e.innerText = lines.slice(-2).join(' ');
                          document.querySelector('.pkt-app').appendChild(e); }""")
    planted = p.evaluate(REPEATS_JS)["found"]
    p.evaluate("() => document.getElementById('pkt-repeat').remove()")
    assert any(found.startswith("div.:") for found in planted), f"two log lines in a box of the app went unnoticed: {planted}"
    status = p.locator(".pkt-status").first.inner_text()
    assert any(word in status for word in ("won the game", "lost the game", "gewonnen", "verloren")), status
    assert {REVEAL, NEXT_DEAL, PASS} <= phases, phases  # rounds, showdowns and the next deal were all seen
    assert {(lang, move) for lang in ("en", "de") for move in (REVEAL, PASS)} <= seen, seen  # in both languages
    assert not page.errors, "\n".join(page.errors)


# -- the replay of the rulebook's examples

# Each example's first step as the rulebook tells it: its first described move, in the log's words.
FIRST_MOVE = {
    "token-round": "Ben takes the 4♦ from the middle.",
    "showdown-success": "Anna (A♠) shows 7♦ 6♥",
    "showdown-failure": "Anna (A♠) shows 7♦ 6♥",
}
HANDS = 4  # the examples' showdowns: four players


def marked(p: Any) -> int:
    """Hole cards on the replay's drawn table turned over and marked where the order holds or breaks."""
    return p.locator(".pkt-replay-board [data-key^='hole-'].pkt-state-holds, "  # type: ignore[no-any-return]
                     ".pkt-replay-board [data-key^='hole-'].pkt-state-breaks").count()


@pytest.mark.parametrize("name", sorted(FIRST_MOVE))
def test_the_replay_tells_each_example_as_the_rulebook_does(name: str, page: Page, voila_server: VoilaServer) -> None:
    p = page.page
    p.set_viewport_size(LAPTOP)
    page.open(voila_server.url("replay.ipynb", f"scenario={name}&lang=en"))
    p.locator(".pkt-replay-board [data-region='middle']").first.wait_for(state="visible", timeout=ANSWER_TIMEOUT)
    settle(p)
    first = p.locator(".pkt-narration .pkt-events li").first.inner_text().strip()
    assert first.startswith(FIRST_MOVE[name]), first
    total = int(p.locator(".pkt-step-counter").first.inner_text().split()[-1])
    showdown = name.startswith("showdown")
    assert total == (HANDS if showdown else 9), total
    for step in range(1, total + 1):
        assert p.locator(".pkt-step-counter").first.inner_text().strip() == f"Step {step} of {total}"
        board = p.locator(".pkt-replay-board [data-region='middle'] [data-key^='board-']").count()
        assert board == (5 if showdown else 3), f"step {step}: {board} board cards drawn"
        assert p.locator(".pkt-replay-board [data-region^='seat-']").count() == 4, f"step {step}: the seats are not drawn"
        assert "writes this move" not in p.locator(".pkt-app").first.inner_text()  # no file notation for a learner
        if showdown:  # one hand more turned over at each step, and the narration tells that hand alone
            assert marked(p) == 2 * step, f"step {step}: {marked(p)} cards turned over"
            shown = [li.inner_text() for li in p.locator(".pkt-narration .pkt-events li").all() if " shows " in li.inner_text()]
            assert len(shown) == 1, shown
        if step < total:
            click(p, "button.pkt-forward")
    assert not page.errors, "\n".join(page.errors)


# -- a bot's reason in its seat

OPENED_JS = """() => {
  const details = document.querySelector('.pkt-board [data-region^="seat-"] details.pkt-drawn-detail[open]');
  if (!details) return null;
  const text = details.querySelector('.pkt-drawn-detail-text');
  const r = text.getBoundingClientRect();
  return {text: text.innerText.trim(), whole: text.scrollHeight <= text.clientHeight + 1 && text.scrollWidth <= text.clientWidth + 1,
          inside: r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth,
          seat: details.closest('[data-region]').dataset.region};
}"""


def test_a_bots_whole_reason_opens_in_its_seat(page: Page, voila_server: VoilaServer) -> None:
    p = page.page
    p.set_viewport_size(LAPTOP)
    page.open(voila_server.url("table.ipynb", "seed=8&players=4&lang=en"))
    p.locator(TAKE_MIDDLE).first.wait_for(state="visible", timeout=ANSWER_TIMEOUT)
    settle(p)
    click(p, TAKE_MIDDLE)  # the bots answer with their reasons
    summary = p.locator(".pkt-board [data-region^='seat-'] summary.pkt-drawn-summary").first
    summary.wait_for(state="visible", timeout=ANSWER_TIMEOUT)
    name = summary.inner_text().strip()
    assert name.endswith("'s reason"), name
    seat_box = p.locator(".pkt-board [data-region='seat-0']").first.bounding_box()
    summary.click(timeout=ANSWER_TIMEOUT)
    opened = p.evaluate(OPENED_JS)
    assert opened is not None and opened["whole"] and opened["inside"], opened
    assert "..." not in opened["text"] and "…" not in opened["text"]
    player = name.removesuffix("'s reason")
    reasons = [r.inner_text().strip() for r in p.locator(".pkt-log .pkt-log-reason").all()]
    assert f"{player}: {opened['text']}" in reasons  # the same words as the log's, whole
    assert p.locator(".pkt-board [data-region='seat-0']").first.bounding_box() == seat_box, "opening the reason moved the table"
    assert not page.errors, "\n".join(page.errors)
