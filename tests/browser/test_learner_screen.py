"""What a learner sees of the Pokerface table on a laptop (1280x720) and a tablet (768x1024), in English and
German: a whole game at 4 and at 6 players, played by clicks, and at every step (a move, a hand turned
over, the next deal), in both languages at both sizes:

- the learner's seat (``[data-region="seat-0"]``) and every control the learner may use now (Pass, the
  chips ringed as legal moves, Reveal, Next deal) are inside the viewport: each step is checked at one size,
  the viewport is changed (as a tablet turned), checked again, the language is switched and it is checked
  at that size and, the viewport changed back, at the first; the next step is played in that language;
- no visible element repeats the log: the table's live region is read out but takes no room on the page
  (at most one pixel), and no visible element outside the log holds two of the log's lines.

The game at 3 players gets the same checks at every step of the table's page journeys, in English and in
German (``table_game.py``, called from test_journeys.py).

A bot's reason opens whole in its seat (not cut), in the log's words, and opening it moves nothing. The
replay tells each rulebook example from its first described move, on the drawn table, one showdown hand
per step.

The seeds give short games with the test's way of playing (Pass when allowed, else the first legal chip in
the middle, else the first legal chip in front of a player). One page per game; each game is bounded by
MAX_STEPS and a deadline.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from . import pages
from .pages import ANSWER_TIMEOUT, EXISTING, PASS, TAKE_FROM, TAKE_MIDDLE, Page, VoilaServer, settle, settle_layout
from .table_game import NEXT_DEAL, REVEAL, TABLE_LOG, click, seat_in_view, visible

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif("table.ipynb" not in EXISTING, reason="notebooks/table.ipynb does not exist yet")]

LAPTOP = {"width": 1280, "height": 720}
TABLET = {"width": 768, "height": 1024}
GAMES = {4: 11, 6: 17}  # players: seed of a short game (3 players: the table's journeys)
MAX_STEPS = 120
GAME_SECONDS = 900  # a bound on a game that never ends, not a speed goal
LANGUAGE = {"en": "English", "de": "Deutsch"}


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
    seen: set[tuple[str, str]] = set()  # (language, what was pressed next)
    while True:
        where = f"{players} players, step {steps}"
        for turn in range(2):  # the step in this language at both sizes, then in the other at both sizes
            seat_in_view(p, f"{where}, {lang} {size['width']}x{size['height']}")
            p.set_viewport_size(other)  # the tablet turned (or back): the same step at the other size
            settle_layout(p)
            seat_in_view(p, f"{where}, {lang} {other['width']}x{other['height']}")
            size, other = other, size
            if turn == 0:
                lang = "de" if lang == "en" else "en"
                pages.switch_language(p, LANGUAGE[lang])
        target = next_target(p)
        if target is None:
            break
        phases.add(target)
        seen.add((lang, target))
        assert steps < MAX_STEPS, f"{where}: no end of the game after {MAX_STEPS} steps"
        assert time.monotonic() - start < GAME_SECONDS, f"{where}: the game took over {GAME_SECONDS} s"
        click(p, target)
        steps += 1
    pages.planted_pair_is_found(p, TABLE_LOG)  # the check is not blind
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


def test_the_replay_tells_each_example_as_the_rulebook_does(page: Page, voila_server: VoilaServer) -> None:
    """One replay page: the first example from its address, the others chosen in the page's scenario menu."""
    from pokerkit_teach.games.pokerface.scenarios import builtin_scenarios

    titles = {scenario.name: scenario.title("en") for scenario in builtin_scenarios()}
    p = page.page
    p.set_viewport_size(LAPTOP)
    names = sorted(FIRST_MOVE)
    page.open(voila_server.url("replay.ipynb", f"scenario={names[0]}&lang=en"))
    p.locator(".pkt-replay-board [data-region='middle']").first.wait_for(state="visible", timeout=ANSWER_TIMEOUT)
    settle(p)
    for name in names:
        if name != names[0]:  # chosen in the menu, as a learner does: the replay starts again at step 1
            before = p.locator(".pkt-narration").first.inner_text()
            p.locator(".pkt-scenario select").first.select_option(label=titles[name], timeout=ANSWER_TIMEOUT)
            pages.wait_for(p, "old => { const n = document.querySelector('.pkt-narration'); return !!n && n.innerText !== old; }",
                           f"the narration of {name!r}", arg=before)
            settle(p)
        first = p.locator(".pkt-narration .pkt-events li").first.inner_text().strip()
        assert first.startswith(FIRST_MOVE[name]), (name, first)
        total = int(p.locator(".pkt-step-counter").first.inner_text().split()[-1])
        showdown = name.startswith("showdown")
        assert total == (HANDS if showdown else 9), (name, total)
        for step in range(1, total + 1):
            where = f"{name}, step {step}"
            assert p.locator(".pkt-step-counter").first.inner_text().strip() == f"Step {step} of {total}", where
            board = p.locator(".pkt-replay-board [data-region='middle'] [data-key^='board-']").count()
            assert board == (5 if showdown else 3), f"{where}: {board} board cards drawn"
            assert p.locator(".pkt-replay-board [data-region^='seat-']").count() == 4, f"{where}: the seats are not drawn"
            assert "writes this move" not in p.locator(".pkt-app").first.inner_text()  # no file notation for a learner
            if showdown:  # one hand more turned over at each step, and the narration tells that hand alone
                assert marked(p) == 2 * step, f"{where}: {marked(p)} cards turned over"
                shown = [li.inner_text() for li in p.locator(".pkt-narration .pkt-events li").all() if " shows " in li.inner_text()]
                assert len(shown) == 1, (where, shown)
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
