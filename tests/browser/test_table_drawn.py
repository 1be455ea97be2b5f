"""The drawn Pokerface table in Chromium: a whole deal played with the keyboard alone, another by
clicking chips, and a chip the rules refuse, pressed.

- Keyboard only: Tab, Shift+Tab, Enter and Space (``page.keyboard.press``); no mouse and no
  ``element.focus()``: where the focus goes after a move is the app's doing. Every card and chip the focus
  passes is checked: its text alternative (``aria-label``) names what the engine's picture inside it
  names (its SVG ``<title>``), the others' hole cards are face down and say only whose they are, and a
  chip says where it lies. After each move the table's live region says the move (the learner's, then
  the bots', with their reasons) and the showdown's hands as they are turned over.
- Clicks: chips in the middle and Pass until the showdown, then Reveal; each chip taken is drawn in the
  learner's seat afterwards and every hand turned over is marked where the order holds.
- A refused chip: a game at the emergency brake (opened from a deal code made here with the engine) shows
  the chips in front of the others dimmed with the engine's reason; pressing one says why, in the
  language shown, and changes nothing. This one runs on a 768-pixel-wide tablet, the others at 1280x720;
  none of them scrolls sideways.

Seeds 2 and 7 with three players give deals of eight moves of the learner (a take and a pass per round);
seed 2's showdown breaks at its second hand, seed 7's holds throughout. Every wait is bounded
(ANSWER_TIMEOUT per answer of the kernel, MAX_KEYS key presses, MAX_MOVES moves); nothing is timed.
With ``PKT_DOC_SCREENSHOTS=1`` the clicking test writes docs/screenshots/table-drawn-mid-deal.png and
table-drawn-showdown.png (always into test-artifacts/).
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

from .pages import ANSWER_TIMEOUT, EXISTING, PASS, TAKE_MIDDLE, Page, VoilaServer, settle

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif("table.ipynb" not in EXISTING, reason="notebooks/table.ipynb does not exist yet")]

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "screenshots"
VIEW = {"width": 1280, "height": 720}
MAX_KEYS = 400  # key presses for a whole deal
MAX_MOVES = 40
LIVE = ".pkt-board .pkt-drawn-status"
REVEAL = "button.pkt-reveal-next"
NEXT_DEAL = "button.pkt-next-deal"
SUITS = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}
CHIP = re.compile(r"token (A|\d) of the (clubs|diamonds|hearts|spades) round, (in the middle|in front of (\w+)|yours)")
CARD = re.compile(r"(?:Ace|King|Queen|Jack|10|[2-9]) of (?:clubs|diamonds|hearts|spades)")

# The focused element: what it is, its text alternative, the title of the engine's picture inside it, the
# seat (or the middle) it is drawn in and that seat's own name.
FOCUS_JS = """() => {
  const e = document.activeElement;
  if (!e || e === document.body) return {kind: 'body'};
  const region = e.closest('[data-region]');
  const title = e.querySelector('svg title');
  return {
    kind: e.dataset && e.dataset.key ? 'item' : (e.matches('button.pkt-pass') ? 'pass' : e.matches('button.pkt-reveal-next') ? 'reveal'
          : e.matches('button.pkt-next-deal') ? 'next' : 'other'),
    key: e.dataset ? e.dataset.key || '' : '', label: e.getAttribute('aria-label') || '', picture: title ? title.textContent : '',
    legal: e.classList.contains('pkt-state-legal') && e.tagName === 'BUTTON', disabled: !!e.disabled,
    mark: e.classList.contains('pkt-state-holds') ? 'holds' : e.classList.contains('pkt-state-breaks') ? 'breaks' : '',
    region: region ? region.dataset.region : '', seat: region ? region.getAttribute('aria-label') : '',
    text: (e.innerText || '').trim(),
  };
}"""

# The hole cards turned over so far: their seat's name, their text alternative and their mark.
TURNED_JS = """() => [...document.querySelectorAll('.pkt-board [data-key^="hole-"].pkt-state-holds, .pkt-board [data-key^="hole-"].pkt-state-breaks')]
  .map(e => ({seat: e.closest('[data-region]').querySelector('.pkt-drawn-title').textContent, label: e.getAttribute('aria-label'),
              mark: e.classList.contains('pkt-state-holds') ? 'holds' : 'breaks', picture: e.querySelector('svg title').textContent}))"""


def focus(p: Any) -> dict[str, Any]:
    return dict(p.evaluate(FOCUS_JS))


def announced(p: Any) -> str:
    return str(p.locator(LIVE).first.inner_text()).strip()


# The live region says something new (each move is said in a new sentence): the kernel's answer is in.
NEW_SAYING_JS = f"""old => {{ const s = document.querySelector("{LIVE}"); return s && s.innerText.trim() && s.innerText.trim() !== old; }}"""


def answered(p: Any, said: str) -> None:
    """Wait (bounded) until the live region says something else than ``said``, then until the page settles."""
    p.wait_for_function(NEW_SAYING_JS, arg=said, timeout=ANSWER_TIMEOUT)
    settle(p, quiet_ms=150)


def press(p: Any, key: str) -> None:
    """Press ``key`` (a move) and wait for the kernel's answer."""
    said = announced(p)
    p.keyboard.press(key)
    answered(p, said)


def take_sentence(label: str, player: str) -> str:
    """What the engine says of ``player`` taking the chip named ``label``: 'Anna takes the 3♣ from the middle'."""
    found = CHIP.fullmatch(label.split(". ")[0])
    assert found, label
    token = f"{found.group(1)}{SUITS[found.group(2)]}"
    source = "the middle" if found.group(3) == "in the middle" else found.group(4)
    return f"{player} takes the {token} from {source}"


def check_item(item: dict[str, Any], names: dict[str, str]) -> None:
    """A card or chip the focus reached: its text alternative says what the engine's picture shows, where it
    lies, and nothing of a face-down card."""
    label, picture, key = item["label"], item["picture"], item["key"]
    seat = names.get(item["region"], "")
    if key.startswith("hole-") and item["region"] != "seat-0" and not item["mark"]:
        assert label == f"hole card of {seat}, face down" and picture == "face-down card", item
    elif key.startswith("hole-") or key.startswith("board-"):
        assert CARD.fullmatch(picture) and label.split("; ")[0].endswith(picture), item
        assert label.startswith("your card: " if item["region"] == "seat-0" and not item["mark"] else "board: " if key.startswith("board-")
                                else f"{seat} shows "), item
    else:
        assert key.startswith("token-") and label.startswith(picture + ", "), item
        found = CHIP.fullmatch(label.split(". ")[0])
        assert found, item
        where = found.group(3)
        expected = ("in the middle" if item["region"] == "middle" else "yours" if item["region"] == "seat-0"
                    else f"in front of {seat}")
        assert where == expected, item
        assert key == f"token-{found.group(2)}-{1 if found.group(1) == 'A' else found.group(1)}", item


def seat_names(p: Any) -> dict[str, str]:
    return dict(p.evaluate("() => Object.fromEntries([...document.querySelectorAll('.pkt-board section[data-region]')]"
                           ".map(s => [s.dataset.region, s.querySelector('.pkt-drawn-title').textContent]))"))


def test_a_whole_deal_with_the_keyboard_only(page: Page, voila_server: VoilaServer, artifacts: Path) -> None:
    p = page.page
    p.set_viewport_size(VIEW)
    page.open(voila_server.url("table.ipynb", "seed=2&players=3&lang=en"))
    p.locator(TAKE_MIDDLE).first.wait_for(state="visible", timeout=ANSWER_TIMEOUT)
    names = seat_names(p)
    assert names["seat-0"] == "Anna (you)"
    you = str(p.locator(".pkt-board [data-region='seat-0']").first.get_attribute("aria-label"))
    assert you.startswith("Anna (you): ") and "your turn" in you, you
    checked: dict[str, dict[str, Any]] = {}
    sayings: list[str] = []
    keys = moves = 0
    first = True
    while True:
        assert keys < MAX_KEYS and moves < MAX_MOVES, f"no end of the deal after {keys} key presses, {moves} moves"
        now = focus(p)
        if now["kind"] == "item":
            check_item(now, names)
            checked[now["key"] + "@" + now["region"]] = now
        if now["kind"] == "next":
            break
        if now["kind"] == "reveal":
            turned = {card["label"] for card in p.evaluate(TURNED_JS)}
            press(p, "Enter")
            keys += 1
            newest = [card for card in p.evaluate(TURNED_JS) if card["label"] not in turned]
            assert len(newest) == 2 and newest[0]["seat"] == newest[1]["seat"], newest  # one hand, both its cards
            seat = newest[0]["seat"].removesuffix(" (you)")
            said = announced(p)
            assert said.startswith(f"{seat} (") and " shows " in said, said
            for card in newest:
                assert card["label"] == f"{seat} shows {card['picture']}; " + ("the order holds" if card["mark"] == "holds" else "the order breaks here")
            sayings.append(said)
            continue
        if now["kind"] == "pass" and not now["disabled"]:
            press(p, "Space")
            keys += 1
            moves += 1
            said = announced(p)
            assert said.startswith("Anna passes."), said
            sayings.append(said)
            continue
        if now["kind"] == "item" and now["legal"] and now["region"] == "middle":
            if first:  # one chip on, and back with Shift+Tab: the same chip again
                p.keyboard.press("Tab")
                p.keyboard.press("Shift+Tab")
                keys += 2
                assert focus(p)["key"] == now["key"]
                first = False
            press(p, "Enter")
            keys += 1
            moves += 1
            said = announced(p)
            assert said.startswith(take_sentence(now["label"], "Anna") + "."), (now["label"], said)
            sayings.append(said)
            mine = p.locator(f".pkt-board [data-region='seat-0'] [data-key='{now['key']}']")
            assert mine.count() == 1, f"{now['key']} is not drawn in front of Anna after she took it"
            continue
        p.keyboard.press("Tab")
        keys += 1
    page.screenshot(artifacts, "table-drawn-keyboard-deal")
    # the cards and chips passed: the others' face-down cards, the middle's chips, yours; and both marks
    kinds = {key.split("-")[0] for key in checked}
    assert {"hole", "token"} <= kinds, sorted(checked)
    assert [item for item in checked.values() if item["label"].startswith("hole card of ")], "no face-down card reached"
    marks = {card["mark"] for card in p.evaluate(TURNED_JS)}
    assert marks == {"holds", "breaks"}, marks  # seed 2: the second hand breaks the order
    # the bots' moves were announced with their reasons, and the deal's result after the last reveal
    assert any(re.search(r"Ben (takes|passes)", said) for said in sayings) and any("Carla" in said for said in sayings)
    assert any("Ben: " in said for said in sayings), "no bot's reason was announced"
    assert "Failure" in sayings[-1], sayings[-1]
    assert not page.errors, "\n".join(page.errors)


def shot(p: Any, artifacts: Path, name: str) -> None:
    p.screenshot(path=str(artifacts / f"{name}.png"))
    if os.environ.get("PKT_DOC_SCREENSHOTS") == "1":
        DOCS.mkdir(parents=True, exist_ok=True)
        p.screenshot(path=str(DOCS / f"{name}.png"))


# How far the page reaches beyond the window sideways (0: no horizontal scrollbar).
OVERFLOW_JS = "() => document.documentElement.scrollWidth - window.innerWidth"


def click(p: Any, target: Any) -> None:
    """Click a move and wait for the kernel's answer."""
    said = announced(p)
    target.click(timeout=ANSWER_TIMEOUT)
    answered(p, said)


def test_a_whole_deal_by_clicking_chips(page: Page, voila_server: VoilaServer, artifacts: Path) -> None:
    p = page.page
    p.set_viewport_size(VIEW)
    page.open(voila_server.url("table.ipynb", "seed=7&players=3&lang=en"))
    p.locator(TAKE_MIDDLE).first.wait_for(state="visible", timeout=ANSWER_TIMEOUT)
    takes = 0
    for _ in range(MAX_MOVES):
        if p.locator(REVEAL).first.is_visible():
            break
        if p.locator(PASS).count() and p.locator(PASS).first.is_visible():
            click(p, p.locator(PASS).first)
            assert announced(p).startswith("Anna passes."), announced(p)
            continue
        chip = p.locator(TAKE_MIDDLE).first
        key, label = chip.get_attribute("data-key"), str(chip.get_attribute("aria-label"))
        click(p, chip)
        takes += 1
        assert announced(p).startswith(take_sentence(label, "Anna") + "."), (label, announced(p))
        assert p.locator(f".pkt-board [data-region='seat-0'] [data-key='{key}']").count() == 1
        if takes == 3:  # the turn: four board cards, and the chips of three rounds in front of every player
            assert p.locator(".pkt-board [data-region='middle'] [data-key^='board-']").count() == 4
            assert p.evaluate(OVERFLOW_JS) <= 0, "the table does not fit 1280 pixels"
            shot(p, artifacts, "table-drawn-mid-deal")
    else:
        raise AssertionError(f"no showdown after {MAX_MOVES} moves")
    assert takes == 4
    for step in range(1, 4):
        click(p, p.locator(REVEAL).first)
        turned = p.evaluate(TURNED_JS)
        assert len(turned) == 2 * step and all(card["mark"] == "holds" for card in turned), turned
        if step == 2:
            assert p.evaluate(OVERFLOW_JS) <= 0, "the showdown does not fit 1280 pixels"
            shot(p, artifacts, "table-drawn-showdown")
    assert "Success" in announced(p), announced(p)
    assert p.locator(NEXT_DEAL).first.is_visible()
    assert not page.errors, "\n".join(page.errors)


def brake_code() -> tuple[str, str]:
    """A deal code of a game at the emergency brake, made with the engine alone: seed 1, three players, every
    player taking a chip from another player whenever the rules allow it, until the learner (seat 0) is to
    act and the rules refuse her every such take. Returns the code and the engine's reason in English."""
    from pokerkit_teach.core.dealcode import state_code
    from pokerkit_teach.games.pokerface import PokerfaceRules, TakeFromPlayer

    state = PokerfaceRules(("Anna", "Ben", "Carla"), first_dealer=2).new_game(seed=1)
    for _ in range(200):
        seat = state.current_player()
        if seat == 0:
            refused = [state.why_not(TakeFromPlayer(0, other)) for other in (1, 2) if state.token_of(other) is not None]
            if refused and all(reason is not None for reason in refused):
                reason = refused[0]
                assert reason is not None and "emergency brake" in reason.text("en"), reason
                return state_code(state, seed=1), reason.text("en")
        legal = state.legal_actions(seat)
        state.apply(next((action for action in legal if isinstance(action, TakeFromPlayer)), legal[0]))
    raise AssertionError("the emergency brake did not come")


def test_a_refused_chip_says_the_engines_reason(page: Page, voila_server: VoilaServer, artifacts: Path) -> None:
    code, reason = brake_code()
    p = page.page
    p.set_viewport_size({"width": 768, "height": 1024})  # a tablet held upright
    page.open(voila_server.url("table.ipynb", f"deal={code}&play=1&lang=en"))
    refused = p.locator(".pkt-board [data-region^='seat-'] button.pkt-state-illegal").first
    refused.wait_for(state="visible", timeout=ANSWER_TIMEOUT)
    assert refused.get_attribute("aria-disabled") == "true"
    label = str(refused.get_attribute("aria-label"))
    assert label.endswith(". " + reason), label
    assert p.evaluate(OVERFLOW_JS) <= 0, "the table does not fit a 768-pixel tablet"
    sections = p.evaluate("() => [...document.querySelectorAll('.pkt-board section[data-region]')].map(s => s.getBoundingClientRect().left)")
    assert len(set(round(x) for x in sections)) > 1, "on a tablet the seats still sit around the table, side by side"
    log = p.locator(".pkt-log").first.inner_text()
    refused.click(timeout=ANSWER_TIMEOUT, force=True)  # force: Playwright does not click what says aria-disabled
    p.wait_for_function(f"() => document.querySelector('{LIVE}').innerText.includes('Not possible')", timeout=ANSWER_TIMEOUT)
    assert announced(p) == f"Not possible: {reason}"
    settle(p)
    assert p.locator(".pkt-log").first.inner_text() == log, "a refused chip changed the game"
    page.screenshot(artifacts, "table-drawn-refused")
    # in German: the switch says the refusal again in German, and the chip gives its reason in German
    p.locator(".pkt-language button", has_text="Deutsch").first.click()
    p.wait_for_function("() => document.querySelector('.pkt-title').innerText.includes('Tisch')", timeout=ANSWER_TIMEOUT)
    settle(p)
    german = p.locator(".pkt-board [data-region^='seat-'] button.pkt-state-illegal").first
    assert "Notbremse" in str(german.get_attribute("aria-label")), german.get_attribute("aria-label")
    german.click(timeout=ANSWER_TIMEOUT, force=True)
    # read in the same moment as it is checked: the live region is emptied for a moment before it speaks again
    said = p.wait_for_function(f"() => {{ const t = document.querySelector('{LIVE}').innerText.trim();"
                               " return t.startsWith('Das geht nicht: ') ? t : false; }", timeout=ANSWER_TIMEOUT).json_value()
    assert "Notbremse" in said, said
    assert not page.errors, "\n".join(page.errors)
