"""Moves a learner can read and reach without a mouse: a disabled move says why in visible
text in the app's language (not only in a tooltip), disabled buttons look disabled in every button style,
the keyboard focus ring is clearly visible, and after a move the focus goes to the next sensible control.

The page side (what Chromium draws) is tests/browser/test_keyboard.py; these run without a browser.
"""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import ipywidgets
import pytest

from pokerkit_teach.games.pokerguess.actions import Fold, Stay
from pokerkit_teach.widgets import controls
from pokerkit_teach.widgets.app import APP_CSS, tr
from pokerkit_teach.widgets.controls import MoveControl, focus_first, reason_label, replace_children, show_move


def visible(html: str) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html))).strip()


class Refusal:
    """Stands for an IllegalAction: says itself in each language."""

    def text(self, lang: str) -> str:
        return {"en": "It is not your turn.", "de": "Du bist nicht am Zug.", "es": "No es tu turno."}[lang]


@pytest.fixture
def focused(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The widgets asked to take the focus (ipywidgets' public DOMWidget.focus), in order."""
    calls: list[Any] = []
    monkeypatch.setattr(ipywidgets.DOMWidget, "focus", lambda self: calls.append(self))
    return calls


def test_a_disabled_move_shows_its_reason_as_text_beside_it_and_clears_it_when_allowed() -> None:
    control = MoveControl()
    assert control.children == (control.button, control.reason)
    assert reason_label(control.button) is control.reason
    show_move(control.button, Refusal(), "de", "Passen")
    assert control.button.disabled
    assert visible(control.reason.value) == "Du bist nicht am Zug."
    assert control.button.tooltip == "Du bist nicht am Zug."
    show_move(control.button, Refusal(), "es", "Pasar")  # the app's refresh after a language switch
    assert visible(control.reason.value) == "No es tu turno."
    show_move(control.button, None, "en", "Pass")
    assert not control.button.disabled and control.reason.value == "" and control.button.tooltip == "Pass"
    control.close()


def test_a_button_without_a_reason_line_keeps_the_old_behaviour() -> None:
    button = ipywidgets.Button()
    show_move(button, Refusal(), "en", "Pass")
    assert button.disabled and button.tooltip == "It is not your turn."
    assert button not in controls._REASON_LABELS


def test_a_tab_move_that_waits_for_next_says_so_beside_it() -> None:
    from pokerkit_teach.widgets.guess_explorer import GuessExplorerApp

    app = GuessExplorerApp(query="seed=7&players=3&lang=de")
    game = app.game
    game.new_game()
    for _ in range(40):  # show a card when asked to, else stay (or fold), until a round is settled
        if game.paused:
            break
        if game.board.item("mine-0")["state"] == "legal":
            game.board.press("mine-0")
        elif not game.stay_button.disabled:
            game.stay_button.click()
        else:
            game.fold_button.click()
    assert game.paused, "no round was settled"
    for move in game.moves():  # the table waits on the check: every move says so beside it, in German
        assert move.button.disabled
        assert visible(move.reason.value) == tr("apps.guess.play.press_next", "de")
    app.close()


def test_move_control_close_closes_its_button_and_reason() -> None:
    control = MoveControl()
    parts = [control.button, control.reason, control.button.layout, control.reason.layout]
    box = ipywidgets.HBox([control])
    replace_children(box, [])
    assert all(part.comm is None for part in parts)


def test_focus_goes_to_the_first_usable_control(focused: list[Any]) -> None:
    disabled = ipywidgets.Button(disabled=True)
    hidden = ipywidgets.Button(layout=ipywidgets.Layout(display="none"))
    move = MoveControl()
    reveal = ipywidgets.Button()
    assert focus_first(disabled, hidden, move, reveal) is move.button
    assert focused == [move.button]
    assert focus_first(disabled, hidden) is None
    assert focused == [move.button]


def test_the_apps_style_greys_every_disabled_button_style_and_rings_the_focus() -> None:
    css = APP_CSS.replace("\n", " ")
    disabled = re.search(r"jupyter-button:disabled[^{]*\{([^}]*)\}", css)
    assert disabled, "no rule for disabled buttons"
    rule = disabled.group(1)
    # !important: ipywidgets' mod-primary/success/danger/info/warning backgrounds would win otherwise
    assert "background: #e4e4e4 !important" in rule and "color: #4a4a4a !important" in rule and "opacity: 1 !important" in rule
    ring = re.search(r"button:focus-visible[^{]*\{([^}]*)\}", css)
    assert ring and "outline: 3px solid" in ring.group(1)
    for control in ("input", "select", "textarea", r"\[contenteditable\]", "lm-TabBar-tab"):
        assert re.search(rf"{control}:focus-visible", css), control


def test_guess_play_moves_show_their_reasons_in_the_language_chosen(focused: list[Any]) -> None:
    from pokerkit_teach.widgets.guess_explorer import GuessExplorerApp

    app = GuessExplorerApp(query="seed=7&players=3&lang=en")
    game = app.game
    game.new_game()
    assert game.state is not None and game.state.view_for(0).to_act == 0
    # your cards cannot be shown in the betting phase: each drawn card says why in its name (and when pressed)
    for key in ("mine-0", "mine-1"):
        assert game.board.item(key)["why"] == "Cards are shown only in the last-card phase."
    fold_reason = reason_label(game.fold_button)
    assert fold_reason in game.fold_move.children and fold_reason.value == ""
    focused.clear()
    game.play(Stay(0)) if game.state.why_not(Stay(0)) is None else game.play(Fold(0))
    # the focus went to the next control you can use: Next round while the check is shown, else a move
    assert len(focused) == 1
    usable = [w for w in (game.next_button, *(m.button for m in game.moves()))
              if not w.disabled and w.layout.display != "none"]
    assert focused[0] is usable[0]
    disabled = [m.button for m in game.moves() if m.button.disabled and m.layout.display != "none"]
    assert disabled, "after your move some move must wait"
    english = {id(b): visible(reason_label(b).value) for b in disabled}
    assert all(english.values()), english
    assert all(english[id(b)] == b.tooltip for b in disabled)
    app.language.value = "de"
    german = {id(b): visible(reason_label(b).value) for b in disabled if b.disabled}
    assert german and all(german[key] and german[key] != english[key] for key in german), (english, german)
    app.close()


def test_guess_play_bot_menu_follows_the_language() -> None:
    from pokerkit_teach.widgets.guess_explorer import GuessExplorerApp

    app = GuessExplorerApp(query="seed=7&players=3&lang=en")
    menu = app.game.bot_choice
    chosen = menu.value
    assert [label for label, _ in menu.options] == ["Random", "Counter"]
    app.language.value = "de"
    assert [label for label, _ in menu.options] == ["Zufall", "Zähler"] and menu.value == chosen
    app.language.value = "es"
    assert [label for label, _ in menu.options] == ["Azar", "Contador"] and menu.value == chosen
    app.close()


def shown_texts(widget: Any, out: list[tuple[str, str]] | None = None) -> list[tuple[str, str]]:
    """What a learner reads in a widget tree: HTML and labels as text, descriptions, tooltips, menu
    entries and tab titles (the apps' style sheet and the language switch's own names left out)."""
    out = [] if out is None else out
    if "pkt-style" in widget._dom_classes or "pkt-language" in widget._dom_classes:
        return out
    for name in ("value", "description", "tooltip"):
        value = getattr(widget, name, None)
        if isinstance(value, str) and value and not (name == "value" and isinstance(widget, ipywidgets.widgets.widget_selection._Selection)):
            out.append((f"{type(widget).__name__}.{name}", visible(value)))
    for label in getattr(widget, "_options_labels", ()) or ():
        out.append((f"{type(widget).__name__}.option", str(label)))
    for title in getattr(widget, "titles", ()) or ():
        out.append((f"{type(widget).__name__}.title", str(title)))
    for child in getattr(widget, "children", ()):
        shown_texts(child, out)
    return out


SAME_IN_GERMAN = {"Bots", "Magenta", "Cyan", "Orange"}  # words German shares with English


@pytest.mark.parametrize("app_name", ["index", "replay", "guess_play"])
def test_everything_shown_follows_the_language_switch(app_name: str) -> None:
    """Index, replay and the PokerGuess play tab: in German no text with a word stays English (menus and
    tab titles included), and back in English every text is as it was."""
    from pokerkit_teach.widgets.guess_explorer import GuessExplorerApp
    from pokerkit_teach.widgets.index import IndexApp
    from pokerkit_teach.widgets.replay import ReplayApp

    app: Any
    if app_name == "guess_play":
        app = GuessExplorerApp(query="seed=5&players=3&lang=en")
        app.game.new_game()
        root = app.game.box
    else:
        app = {"index": IndexApp, "replay": ReplayApp}[app_name](query="lang=en")
        root = app.box
    english = shown_texts(root)
    app.language.value = "de"
    german = shown_texts(root)
    assert len(german) == len(english)
    stayed = [(where, text) for (where, text), (_, before) in zip(german, english)
              if text == before and re.search(r"[A-Za-z]{4,}", text) and text not in SAME_IN_GERMAN]
    assert not stayed, f"still English after the switch to German: {stayed}"
    app.language.value = "en"
    assert shown_texts(root) == english
    app.close()


def test_the_replay_keeps_the_focus_on_a_usable_step_button(focused: list[Any]) -> None:
    """At an end of the replay the button just pressed is disabled: the focus goes to the way back."""
    from pokerkit_teach.widgets.replay import ReplayApp

    app = ReplayApp(query="lang=en")
    buttons = app.navigator.buttons
    buttons["forward"].click()  # still usable: the focus stays where the learner put it
    assert focused == []
    buttons["last"].click()
    assert buttons["last"].disabled and focused == [buttons["back"]]
    buttons["first"].click()
    assert buttons["first"].disabled and focused == [buttons["back"], buttons["forward"]]
    app.close()
