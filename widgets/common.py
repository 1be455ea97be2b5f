"""What every app shares: URL parameters, the language switch, the message area, the app frame.

An app is a small class built on :class:`App`: it creates its children once, redraws their texts
from the catalogue in :meth:`App.refresh` (so the language switch changes every visible word), and asks
the engine for every rule decision. Widgets never decide rules.
"""

from __future__ import annotations

import base64
import html
import json
import os
import threading
import warnings
import weakref
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Protocol, Sequence
from urllib.parse import parse_qs, urljoin

import ipywidgets

from pokerkit_teach.core.i18n import DEFAULT_LANGUAGE, LANGUAGES, Msg, language_name, message
from pokerkit_teach.holdem.batch import build_tables

__all__ = ["AppParams", "app_params", "ascii_number", "App", "InputProblem", "MoveControl", "StepNavigator", "focus_first", "name_hands",
           "reason_label", "replace_children", "show_move", "show_tab_move", "tr", "esc", "ScenarioDesk", "ScenarioPlay", "page_address",
           "download_html", "deal_query", "show_deal_link", "table_link_html", "scenario_tools", "open_upload", "builtin_chooser", "table_link_tools",
           "batch_tables_early", "batch_tables_in_background"]


def tr(key: str, lang: str, **params: Any) -> str:
    """A user-interface text from the catalogue (``apps.*`` keys)."""
    return message(key, lang, **params)


def esc(text: object) -> str:
    return html.escape(str(text))


class InputProblem(ValueError):
    """Input an app cannot use: a catalogue key under the app's ``prefix`` and its values (shown by
    :meth:`App.guarded` in the learner's language)."""

    prefix = "apps."

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    def text(self, lang: str) -> str:
        return tr(self.prefix + self.key, lang, **self.params)


def name_hands(named: Sequence[tuple[str | None, str]], read: Callable[[str, Msg], tuple[Any, ...]],
               problem: type[InputProblem], names: Sequence[str], where_key: str) -> list[tuple[str, tuple[Any, ...]]]:
    """Typed hands of two cards, one per line, as (name or None, cards text): unnamed ones get the first
    free name of ``names``; ``read(text, where)`` reads the cards. Raises ``problem`` for a name used
    twice, a hand that is not two cards, or fewer than 2 or more than 6 hands."""
    used = {name for name, _ in named if name}
    spare = iter([n for n in names if n not in used] + [f"#{i}" for i in range(1, 99)])
    hands: list[tuple[str, tuple[Any, ...]]] = []
    for given, text in named:
        name = given or next(spare)
        if name in (n for n, _ in hands):
            raise problem("same_name", name=name)
        hole = read(text, Msg.of(where_key, name=name))
        if len(hole) != 2:
            raise problem("hand_count", name=name, count=len(hole))
        hands.append((name, hole))
    if not 2 <= len(hands) <= 6:
        raise problem("hands_count", count=len(hands))
    return hands


# The visible reason of each move button that has one (see MoveControl / reason_label): show_move writes it.
_REASON_LABELS: "weakref.WeakKeyDictionary[Any, ipywidgets.HTML]" = weakref.WeakKeyDictionary()


def reason_label(button: Any) -> ipywidgets.HTML:
    """The visible reason line of a move's ``button``: an HTML widget (CSS class ``pkt-move-reason``) that
    :func:`show_move` and :func:`show_tab_move` fill with the reason the move is not allowed, in the app's
    language, and empty while the move is allowed. Made on the first call, the same widget afterwards.

    Put it next to the button in the layout, or use :class:`MoveControl`, which does both::

        label = reason_label(self.pass_button)
        row = ipywidgets.HBox([ipywidgets.VBox([self.pass_button, label]), ...])
    """
    label = _REASON_LABELS.get(button)
    if label is None:
        label = ipywidgets.HTML()
        label.add_class("pkt-move-reason")
        _REASON_LABELS[button] = label
    return label


class MoveControl(ipywidgets.VBox):  # type: ignore[misc]
    """A move's button with its reason, as visible text under it, when the move is not allowed.

    Tablets cannot hover and a class at a projector cannot read a tooltip, so a disabled move says why
    in words on the page (and still in its tooltip, for screen readers)::

        self.pass_move = MoveControl(ipywidgets.Button())       # or MoveControl() for a new Button
        self.pass_move.button.on_click(...)
        box = ipywidgets.HBox([self.pass_move, ...])           # the control, not the bare button
        ...
        show_move(self.pass_move.button, state.why_not(Pass(HUMAN)), lang, tip)  # in refresh()

    The reason is redrawn by every :func:`show_move` / :func:`show_tab_move` call, so an app that calls
    them in its ``refresh`` shows the reason in the language just chosen. CSS classes: ``pkt-move``
    (the box), ``pkt-move-reason`` (the reason line). :meth:`close` closes the button and the reason too
    (so :func:`replace_children` can drop a control made for one offer or one hand).
    """

    def __init__(self, button: Any = None, **box: Any) -> None:
        button = button if button is not None else ipywidgets.Button()
        label = reason_label(button)
        super().__init__([button, label], **box)
        self.add_class("pkt-move")
        self.button = button
        self.reason = label

    def close(self) -> None:
        for widget in (self.button, self.reason):
            for part in (getattr(widget, "layout", None), getattr(widget, "style", None)):
                if isinstance(part, ipywidgets.Widget):
                    part.close()
            widget.close()
        super().close()


def _show_reason(button: Any, reason: str | None, tip: str) -> None:
    """Disable ``button`` with ``reason`` (visible in its reason line, if it has one, and as its tooltip) or
    enable it with ``tip`` as its tooltip (``reason`` None)."""
    with button.hold_sync():  # one message to the page, not one per property
        button.disabled = reason is not None
        button.tooltip = reason if reason is not None else tip
    label = _REASON_LABELS.get(button)
    if label is not None:
        value = f"<span class='pkt-reason-text'>{esc(reason)}</span>" if reason else ""
        if label.value != value:
            label.value = value


def show_move(button: Any, reason: Any, lang: str, tip: str) -> None:
    """Enable a move's button, or disable it with the engine's reason (an IllegalAction, or ``None``
    when the move is allowed) as its tooltip and, for a button with a reason line (:class:`MoveControl`,
    :func:`reason_label`), as visible text beside it in ``lang``."""
    _show_reason(button, reason.text(lang) if reason is not None else None, tip)


def focus_first(*candidates: Any) -> Any:
    """Move the keyboard focus to the first of ``candidates`` the learner can use now: not disabled and
    not hidden with ``layout.display = "none"``. Returns that widget, or None (the focus stays where it is).

    Call it at the end of a move's callback, after the app has redrawn its controls (a disabled button
    cannot take the focus, and the page applies the redraw before the focus), with the next sensible
    controls in order, e.g. ``focus_first(*move_buttons, reveal_button, new_game_button)``. It uses the
    public ``DOMWidget.focus()`` of ipywidgets 8; a :class:`MoveControl` stands for its button (and is
skipped when the control itself is hidden).
    """
    for widget in candidates:
        if isinstance(widget, MoveControl):
            if widget.layout.display == "none":
                continue
            widget = widget.button
        if widget is None or getattr(widget, "disabled", False):
            continue
        layout = getattr(widget, "layout", None)
        if layout is not None and getattr(layout, "display", None) == "none":
            continue
        widget.focus()
        return widget
    return None


def replace_children(box: Any, children: Sequence[Any]) -> None:
    """Put ``children`` in ``box`` and close the old children not among them, with their own layout and
    style models (``Widget.close`` leaves those open): buttons made for one hand or one offer must not pile
    up in the kernel over a game. Only for children made for the box alone."""
    keep = {id(child) for child in children}
    old = [child for child in box.children if id(child) not in keep]
    box.children = tuple(children)
    for child in old:
        for part in (getattr(child, "layout", None), getattr(child, "style", None)):
            if isinstance(part, ipywidgets.Widget):
                part.close()
        child.close()


def show_tab_move(button: Any, state: Any, action: Any, paused: bool, app: Any, prefix: str, tip: str) -> None:
    """A move button of a play tab: disabled while the tab waits for the learner's "next" (``paused``)
    or when no such move fits now (``action`` is None), with ``prefix + "press_next"`` or ``"not_now"``
    as its reason; otherwise enabled or disabled by the engine (:func:`show_move`). The reason is shown
    as :func:`show_move` shows it (the tooltip, and the reason line if the button has one)."""
    if state is None or action is None or paused:
        _show_reason(button, app.t(prefix + ("press_next" if paused else "not_now")), tip)
        return
    show_move(button, state.why_not(action), app.lang, tip)


@dataclass(frozen=True)
class AppParams:
    """Validated URL parameters of an app; ``errors`` lists what was wrong and replaced by a default
    (as catalogue keys with values, so they can be shown in either language)."""

    lang: str = DEFAULT_LANGUAGE
    seed: int | None = None
    players: int = 4
    errors: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()
    scenario: str | None = None  # ?scenario=NAME: a built-in scenario to open (checked by the app that opens it)
    deal: str | None = None  # ?deal=CODE: a situation to open (read by the engine when the app opens it)
    play: bool = False  # ?play=1: play on at once from the situation opened (bots in the other seats)
    tab: str | None = None  # ?tab=NAME: the key of the tab to open (one of the app's tab_names); None: the first tab

    def error_texts(self, lang: str | None = None) -> list[str]:
        return [tr(key, lang or self.lang, **dict(values)) for key, values in self.errors]


def app_params(query: str | None = None, fewest_players: int = 3,
               players_error: str = "apps.params.bad_players", tabs: Sequence[str] = ()) -> AppParams:
    """Read ``?lang=&seed=&players=&tab=`` from a query string (default: Voila's ``QUERY_STRING``).

    A bad value never stops the app: it is reported in ``errors`` and the default is used. Players are
    ``fewest_players`` to 6 (3 for Pokerface, 2 for PokerGuess); ``players_error`` is the message key
    that says so. ``tabs`` are the keys of the app's tabs in order (:attr:`App.tab_names`): ``?tab=`` opens
    one of them (upper or lower case), any other value is named with the keys there are and ignored (the
    page opens as without it); an empty ``?tab=`` counts as none; on a page without tabs ``?tab=`` is named
    and ignored.

    >>> params = app_params("lang=de&seed=42&players=5")
    >>> params.lang, params.seed, params.players, params.errors
    ('de', 42, 5, ())
    >>> for text in app_params("seed=abc&players=9").error_texts():
    ...     print(text)
    The address gives seed=abc, which is not a whole number of 0 or more; a random seed is used instead.
    The address gives players=9; Pokerface needs 3 to 6 players, so 4 are used.
    >>> app_params("players=2", fewest_players=2).players
    2

    ``?scenario=NAME`` and ``?deal=CODE`` are kept as given; the app that opens them names what is wrong.

    >>> app_params("scenario=token-round").scenario, app_params("deal=P1abc").deal
    ('token-round', 'P1abc')
    >>> app_params("tab=Play", tabs=("cards", "play")).tab
    'play'
    >>> params = app_params("tab=game&lang=de", tabs=("cards", "play"))
    >>> params.tab, params.error_texts()
    (None, ['Die Adresse nennt tab=game, das ist kein Reiter dieser Seite (möglich sind cards, play); die Angabe wird ignoriert.'])
    >>> app_params("tab=play").error_texts()
    ['The address gives tab=play, but this page has no tabs, so it is ignored.']
    """
    if query is None:
        query = _request_query()
    values = parse_qs(query.lstrip("?"), keep_blank_values=True)
    errors: list[tuple[str, tuple[tuple[str, str], ...]]] = []
    lang = values.get("lang", [DEFAULT_LANGUAGE])[-1]
    if lang not in LANGUAGES:
        errors.append(("apps.params.bad_lang", (("value", lang), ("choices", ", ".join(LANGUAGES)))))
        lang = DEFAULT_LANGUAGE
    seed: int | None = None
    if "seed" in values:
        text = values["seed"][-1]
        number = ascii_number(text, 18)
        if number is not None:
            seed = number
        else:
            errors.append(("apps.params.bad_seed", (("value", text),)))
    players = 4
    if "players" in values:
        text = values["players"][-1]
        number = ascii_number(text, 2)
        if number is not None and fewest_players <= number <= 6:
            players = number
        else:
            errors.append((players_error, (("value", text),)))
    scenario = values["scenario"][-1].strip() or None if "scenario" in values else None
    deal = values["deal"][-1].strip() or None if "deal" in values else None
    play = False
    if "play" in values:
        text = values["play"][-1].strip()
        if text in ("0", "1"):
            play = text == "1"
        else:
            errors.append(("apps.params.bad_play", (("value", text),)))
    tab: str | None = None
    if "tab" in values and values["tab"][-1].strip():  # an empty tab= is no tab, as an empty deal= is no deal
        text = values["tab"][-1]
        if not tabs:
            errors.append(("apps.params.no_tabs", (("value", text),)))
        elif text.strip().lower() in tabs:
            tab = text.strip().lower()
        else:
            errors.append(("apps.params.bad_tab", (("value", text), ("choices", ", ".join(tabs)))))
    return AppParams(lang, seed, players, tuple(errors), scenario, deal, play, tab)


def ascii_number(text: str, most_digits: int) -> int | None:
    """``text`` as a whole number if it is 1 to ``most_digits`` ASCII digits, else None.

    Not ``str.isdigit`` and ``int``: they take other Unicode digits, so ``int("٣")`` is 3 and ``"²"`` passes
    ``isdigit`` but makes ``int`` raise. An address's numbers are ASCII digits only.

    >>> ascii_number("042", 18), ascii_number("\u0663", 2), ascii_number("\u00b2", 18), ascii_number("1\\n", 2)
    (42, None, None, None)
    """
    if not 1 <= len(text) <= most_digits or not all("0" <= char <= "9" for char in text):
        return None
    return int(text)


def _preheated() -> bool:
    """True in a kernel Voila preheated (started before any page asked for it)."""
    return os.environ.get("VOILA_PREHEAT", "False") != "False"


def page_pending() -> bool:
    """True in a kernel Voila preheated for a page that has not been asked for yet."""
    return _preheated() and "QUERY_STRING" not in os.environ


def batch_tables_early() -> bool:
    """For an app whose bots judge hands in batches (``pokerkit_teach.holdem.batch``, tables that take
    0.4 s to build): a preheated kernel builds the tables now, before its page is asked for, and this
    returns True; elsewhere it returns False, and the app calls :func:`batch_tables_in_background` once
    it is built. A move or run that needs the tables before they are built waits for them."""
    if page_pending():
        build_tables()
        return True
    return False


def batch_tables_in_background() -> threading.Thread:
    """Build the batch tables in a background thread (while the browser loads the page); the thread."""
    thread = threading.Thread(target=build_tables, name="pkt-batch-tables", daemon=True)
    thread.start()
    return thread


def _request_query() -> str:
    """The page's query string. A preheated Voila kernel runs the notebook before the page is asked for,
    so it waits for the request first (at once elsewhere)."""
    if "QUERY_STRING" not in os.environ:
        wait_for_voila_request()
    return os.environ.get("QUERY_STRING", "")


def wait_for_voila_request() -> None:
    """In a kernel Voila preheats (``VOILA_PREHEAT=True``), wait until a page takes it and copy the page
    request's variables (``QUERY_STRING``, ...) into the environment; elsewhere return at once.

    This is what ``voila.utils.wait_for_request`` does, without importing ``voila``: that import pulls in
    the whole Jupyter server and costs a kernel about 4.5 s of CPU (jsonschema's format checkers build
    their grammars), which a class of 30 starting kernels on a small server cannot afford. The protocol
    is Voila's: one websocket to ``/voila/query/<kernel id>``, which sends the request as one JSON object.
    """
    if not _preheated():
        return
    from websockets.exceptions import WebSocketException
    from websockets.sync.client import connect

    env = os.environ
    base = env.get("VOILA_WS_BASE_URL", env.get("VOILA_SERVER_URL", "/"))
    url = (f"{env.get('VOILA_WS_PROTOCOL', 'ws')}://{env.get('VOILA_APP_IP', '127.0.0.1')}:"
           f"{env.get('VOILA_APP_PORT', '8866')}{base}voila/query/{env.get('VOILA_KERNEL_ID', '')}")
    try:  # straight to the server, never through a proxy from the environment (websockets >= 15 would)
        with connect(url, open_timeout=5, max_size=2**20, proxy=None) as socket:
            info = json.loads(socket.recv())
    except (OSError, TimeoutError, ValueError, WebSocketException) as error:  # no server: the app runs with its defaults
        warnings.warn(f"no page request from Voila at {url}: {error}", stacklevel=2)
        return
    if not isinstance(info, dict):
        warnings.warn(f"Voila sent no request at {url}: {info!r:.80}", stacklevel=2)
        return
    for key, value in info.items():
        if isinstance(key, str) and isinstance(value, str):
            os.environ[key] = value


# The apps' own style, in every app's frame. Tab labels are as wide as their words (ipywidgets gives each
# tab 144 px and cuts a longer label, "Beispiele aus den Re…"), and the tabs wrap to a second row on a
# narrow screen instead of being cut. A button without a width of its own grows with its label (ipywidgets
# gives it 148 px: "Nueva part…", "Descubrir la siguien…"). A disabled button is grey with a dashed border
# whatever its button_style (ipywidgets only fades it, and a faded red or blue still looks pressable), its
# text #4a4a4a on #e4e4e4 (7.0:1); a selected toggle that is disabled keeps a solid border. The keyboard
# focus is a 3 px ring of #0b3d91 outside the control (10.0:1 against the white page), for buttons,
# toggles, inputs, menus, slider readouts, links and tabs. A move's reason (MoveControl) is small text under its button.
# Contrast (WCAG AA, 4.5:1, checked by axe-core in tests/browser/test_a11y.py; docs/accessibility.md): a tab
# that is not chosen is #333 on ipywidgets' #eee (11:1, was #6d6d6d, 4.45:1), and the coloured buttons are
# darker than ipywidgets' so that their white text reads (success #2e7d32 5.1:1, warning #b35900 4.8:1,
# danger #c62828 5.6:1, info #00707a 5.8:1; ipywidgets' are 2.8 to 3.7:1).
# Nothing scrolls sideways on a 768-pixel-wide tablet: a row of controls (an HBox) wraps onto a second line
# instead of scrolling, a labelled input or menu with a width of its own ("40em") is never wider than its
# row (less its 2 px margins) while its field shrinks inside it, a label longer than ipywidgets' 80 px grows
# instead of being cut ("Vorhersag…"), and a checkbox is as wide as its words (not
# ipywidgets' 300 px, which spread the table's three variants over the row) and its label wraps (ipywidgets
# keeps it on one line, which ran 110 px past a tablet's edge with the projector size; tests/browser/test_layout.py).
# The projector size (class pkt-projector, the switch in every app's header) sets the text and the drawn tables
# to 24 px (ipywidgets' 13 px; a line is 1/30 of a 720-pixel-high projection) and labels to 140 px so that
# "Players" is not cut, and the engine's pictures in HTML (sized in px) 1.5 times; in a window narrower than
# 1000 px (a tablet) 20 px and 1.25 times, so that a tablet does not scroll.
APP_CSS = """<style>
.pkt-app .widget-hbox { flex-wrap: wrap; }
.pkt-app .widget-inline-hbox { max-width: calc(100% - 2 * var(--jp-widgets-margin, 2px)); }
.pkt-app .widget-inline-hbox > input, .pkt-app .widget-inline-hbox > textarea, .pkt-app .widget-inline-hbox > select { min-width: 0; }
.pkt-app .widget-inline-hbox > .widget-label { min-width: max-content; }
.pkt-app .widget-checkbox { width: auto; margin-right: 1em; height: auto; min-height: var(--jp-widgets-inline-height); }
.pkt-app .widget-checkbox > .widget-label-basic { min-width: 0; height: auto; align-items: baseline; }
.pkt-app .widget-checkbox > .widget-label-basic > span { white-space: normal; overflow: visible; line-height: 1.3; }
.pkt-app .pkt-header { align-items: center; justify-content: space-between; column-gap: 1em; }
.pkt-app .pkt-header > .widget-html { flex: 1 1 24em; min-width: 0; }
.pkt-app .pkt-header .pkt-title { margin: 0.3em 0; }
.pkt-app .pkt-header-switches { align-items: center; flex: 0 0 auto; max-width: 100%; }
.pkt-app .pkt-header-switches > * { flex: 0 0 auto; }
.pkt-app .jupyter-widget-tab > .lm-TabBar .lm-TabBar-tab:not(.lm-mod-current),
.pkt-app .jupyter-widget-tab > .lm-TabBar .lm-TabBar-tab:not(.lm-mod-current) .lm-TabBar-tabLabel { color: #333; }
.pkt-app .jupyter-widgets.jupyter-button.mod-success:not(:disabled) { background-color: #2e7d32; color: #fff; }
.pkt-app .jupyter-widgets.jupyter-button.mod-warning:not(:disabled) { background-color: #b35900; color: #fff; }
.pkt-app .jupyter-widgets.jupyter-button.mod-danger:not(:disabled) { background-color: #c62828; color: #fff; }
.pkt-app .jupyter-widgets.jupyter-button.mod-info:not(:disabled) { background-color: #00707a; color: #fff; }
.pkt-app .jupyter-widgets.jupyter-button { width: auto; min-width: var(--jp-widgets-inline-width-short, 148px); }
.pkt-app .jupyter-widget-tab > .lm-TabBar .lm-TabBar-tab { flex: 0 0 auto; max-width: none; }
.pkt-app .jupyter-widget-tab > .lm-TabBar .lm-TabBar-tabLabel { overflow: visible; text-overflow: clip; white-space: nowrap; }
.pkt-app .jupyter-widget-tab > .lm-TabBar .lm-TabBar-content { flex-wrap: wrap; }
.pkt-app .jupyter-widget-tab > .lm-TabBar { overflow: visible; min-height: max-content; }
.pkt-app .jupyter-widgets.jupyter-button:disabled, .pkt-app .jupyter-widgets.jupyter-button.mod-disabled,
.pkt-app .widget-toggle-button:disabled {
  background: #e4e4e4 !important; color: #4a4a4a !important; border: 1px dashed #767676 !important;
  box-shadow: none !important; opacity: 1 !important; cursor: not-allowed; text-decoration: none;
}
.pkt-app .jupyter-widgets.jupyter-button.mod-active:disabled { border: 2px solid #4a4a4a !important; font-weight: bold; }
.pkt-app .jupyter-widgets.jupyter-button:disabled i { color: #4a4a4a !important; }
.pkt-app button:focus-visible, .pkt-app input:focus-visible, .pkt-app select:focus-visible, .pkt-app textarea:focus-visible,
.pkt-app a:focus-visible, .pkt-app [tabindex]:focus-visible, .pkt-app [contenteditable]:focus-visible, .pkt-app .lm-TabBar-tab:focus-visible {
  outline: 3px solid #0b3d91 !important; outline-offset: 2px !important; z-index: 1;
}
.pkt-app .pkt-move { align-items: flex-start; }
.pkt-app .pkt-move-reason.widget-html { height: auto; min-height: 0; line-height: 1.25; margin-top: 0; max-width: 18em; }
.pkt-app .pkt-move-reason .widget-html-content { height: auto; line-height: 1.25; }
.pkt-app .pkt-reason-text { font-size: 85%; color: #3d3d3d; white-space: normal; }
.pkt-app.pkt-projector { --jp-widgets-font-size: 24px; --jp-ui-font-size1: 24px; --jp-content-font-size1: 24px;
  --jp-widgets-inline-height: 44px; --jp-widgets-inline-label-width: 140px; font-size: 24px; }
.pkt-app.pkt-projector .pkt-drawn { font-size: 24px; }
.pkt-app.pkt-projector .pkt-title { font-size: 1.6em; }
.pkt-app.pkt-projector .widget-html-content svg.pkt-svg { zoom: 1.5; }
@media (max-width: 1000px) {
  .pkt-app.pkt-projector { --jp-widgets-font-size: 20px; --jp-ui-font-size1: 20px; --jp-content-font-size1: 20px;
    --jp-widgets-inline-height: 40px; --jp-widgets-inline-label-width: 120px; font-size: 20px; }
  .pkt-app.pkt-projector .pkt-drawn { font-size: 20px; }
  .pkt-app.pkt-projector .widget-html-content svg.pkt-svg { zoom: 1.25; }
}
.pkt-app.pkt-projector input[type=checkbox], .pkt-app.pkt-projector input[type=radio] { width: 0.9em; height: 0.9em; }
</style>"""


def _widget_registry() -> dict[str, Any]:
    """The kernel's open widgets by model id (ipywidgets 8 keeps them in ``widget._instances``)."""
    from ipywidgets.widgets import widget

    registry: dict[str, Any] = widget._instances
    return registry


class App:
    """The frame of an app: a title, a language switch, a message area, and the app's own body.

    Subclasses set ``title_key``, build their controls in :meth:`build` (returning the body widgets)
    and put every visible text in place in :meth:`refresh`.
    """

    title_key = "apps.index.title"
    fewest_players = 3  # what ?players= may ask for (PokerGuess apps allow 2)
    players_error = "apps.params.bad_players"
    # The keys ?tab= may give, one for each tab of ``self.tabs`` in order (short English words that stay
    # the same in every language); an app with an ipywidgets.Tab sets both. Empty: the app has no tabs.
    tab_names: tuple[str, ...] = ()
    tabs: Any  # the app's ipywidgets.Tab, made in build() (apps with tab_names only)

    def __init__(self, params: AppParams | None = None, query: str | None = None) -> None:
        self.prepare()  # a preheated kernel does this before it waits for the page's address
        self.params = params or app_params(query, self.fewest_players, self.players_error, self.tab_names)
        self.lang = self.params.lang
        self.title = ipywidgets.HTML()
        self.language = ipywidgets.ToggleButtons(
            options=[(language_name(lang), lang) for lang in LANGUAGES], value=self.lang, style={"button_width": "6em"}
        )
        self.language.add_class("pkt-language")
        self.language.observe(self._on_language, names="value")
        # The projector size: every text, card and chip of the app grows (CSS class pkt-projector on the frame).
        self.projector = ipywidgets.ToggleButton(value=False, icon="expand")
        self.projector.add_class("pkt-projector-switch")
        self.projector.observe(self._on_projector, names="value")
        self.notice = ipywidgets.HTML()
        self.notice.add_class("pkt-notice")
        self.message_area = ipywidgets.HTML()
        self.message_area.add_class("pkt-message")
        self.output = ipywidgets.Output()  # shows errors raised in callbacks instead of losing them
        self.style = ipywidgets.HTML(APP_CSS)
        self.style.add_class("pkt-style")
        self.link_problems: list[Any] = []  # what a ?scenario= or ?deal= of the address could not open (said in the page's language)
        body = self.build()
        # the header: the title, and the two switches kept together on its right (under it when narrow)
        switches = ipywidgets.HBox([self.language, self.projector])
        switches.add_class("pkt-header-switches")
        header = ipywidgets.HBox([self.title, switches])
        header.add_class("pkt-header")
        self.box = ipywidgets.VBox([self.style, header, self.notice, *body, self.message_area, self.output])
        self.box.add_class("pkt-app")
        self._refresh_frame()
        self.refresh()
        self.open_tab()
        self.open_linked()

    # -- to override
    def prepare(self) -> None:
        """Work that does not depend on the address (tables, caches): done before the app waits for
        its page, so a preheated kernel has it ready and the learner's first click does not pay for it."""

    def build(self) -> list[ipywidgets.Widget]:
        return []

    def refresh(self) -> None:
        """Put every text in place in the current language."""

    def open_linked(self) -> None:
        """Open what the address asks for with ``?scenario=NAME`` or ``?deal=CODE`` (apps with a
        :class:`ScenarioDesk` do); what cannot be opened is named and the app keeps its defaults."""

    # -- shared behaviour
    def open_tab(self) -> None:
        """Show the tab the address asks for with ``?tab=NAME`` (a key of :attr:`tab_names`, already checked
        by :func:`app_params`); without one the first tab stays open."""
        if self.params.tab is not None and self.params.tab in self.tab_names:
            self.tabs.selected_index = self.tab_names.index(self.params.tab)

    def open_linked_in_play_tab(self, desk: "ScenarioDesk") -> None:
        """For an app with a ``play`` tab holding ``desk``: open what ``?scenario=`` or ``?deal=`` asks for,
        and show the play tab when it opened, unless ``?tab=`` names the tab to show."""
        params = self.params
        desk.open_params(params)
        if (params.scenario or params.deal) and desk.replay is not None and params.tab is None:
            self.tabs.selected_index = self.tab_names.index("play")

    def t(self, key: str, **params: Any) -> str:
        return tr(key, self.lang, **params)

    def say(self, text: str, kind: str = "info") -> None:
        """Show a message to the learner (``info`` or ``error``), read out by screen readers."""
        colour = "#a00" if kind == "error" else "#245"
        role = "alert" if kind == "error" else "status"
        self.message_area.value = f'<div role="{role}" class="pkt-{kind}" style="color:{colour}">{esc(text)}</div>' if text else ""

    def guarded(self, callback: Callable[..., None]) -> Callable[..., None]:
        """Wrap a button callback: a ValueError from the engine becomes a message, not a lost traceback."""

        def run(*args: Any) -> None:
            with self.output:
                try:
                    callback(*args)
                except ValueError as error:
                    translate = getattr(error, "text", None)  # IllegalAction speaks every language
                    text = translate(self.lang) if callable(translate) else str(error)
                    self.say(text, "error")

        return run

    def _on_language(self, change: dict[str, Any]) -> None:
        self.lang = change["new"]
        self._refresh_frame()
        self.say("")
        self.refresh()

    def _on_projector(self, change: dict[str, Any]) -> None:
        if change["new"]:
            self.box.add_class("pkt-projector")
        else:
            self.box.remove_class("pkt-projector")

    def _refresh_frame(self) -> None:
        self.projector.description = self.t("apps.display.projector")
        self.projector.tooltip = self.t("apps.display.projector_tip")
        self.title.value = f"<h2 class='pkt-title'>{esc(self.t(self.title_key))}</h2>"
        errors = self.params.error_texts(self.lang) + [problem.text(self.lang) for problem in self.link_problems]
        self.notice.value = "".join(f'<p role="alert" class="pkt-param-error" style="color:#a00">{esc(e)}</p>' for e in errors)

    @classmethod
    def for_page(cls) -> "App":
        """The app for a Voila page: what the app notebooks call. Outside a preheated kernel it is ``cls()``.

        A kernel Voila preheats runs the notebook before a learner asks for the page. It builds the app
        with the default settings then, waits for the page's address, and adopts what the address asks
        for (:meth:`take_params`): the language is switched as the switch button does, and a bad value
        gets its message. What the app cannot adopt it builds again with the address's values, closing
        the first build's widgets. The page then waits only for what its address changes, not for the
        ~90 widget models of an app (0.1 to 0.3 s of a 2-core server's time per page).
        """
        if not page_pending():
            return cls()
        before = set(_widget_registry())
        app = cls(AppParams())
        params = app_params(None, cls.fewest_players, cls.players_error, cls.tab_names)  # waits for the page
        if app.take_params(params):
            app.open_tab()
            app.open_linked()
            return app
        for widget in [w for key, w in list(_widget_registry().items()) if key not in before]:
            widget.close()
        return cls(params)

    def take_params(self, params: AppParams) -> bool:
        """Adopt the page's parameters in an app built with the defaults (see :meth:`for_page`); False if
        the app must be built again. This handles the language and the messages about bad values; apps
        that can deal again for another seed or number of players override it."""
        if (params.seed, params.players) != (self.params.seed, self.params.players):
            return False
        self.adopt_language(params)
        return True

    def adopt_language(self, params: AppParams) -> None:
        """Take ``params`` as the app's parameters and show the page in their language (as the switch
        would) with their messages about bad values."""
        self.params = params
        if params.lang != self.lang:
            self.language.value = params.lang  # redraws every text, as a click on the switch
        else:
            self._refresh_frame()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)

    def close(self) -> None:
        self.box.close()


class StepNavigator:
    """First / back / forward / last over steps 1 to ``total()``, and a counter read out by screen
    readers: the one step navigator of every replay in the apps.

    ``prefix`` names the CSS classes (``pkt-first``, ``pkt-guess-first`` ...) and ``labels`` the catalogue
    section of the buttons' words (``<labels>first``, ``<labels>first_tip`` ...); ``on_change()`` redraws
    the app after a move.
    """

    NAMES = ("first", "back", "forward", "last")

    def __init__(self, total: Callable[[], int], on_change: Callable[[], None], guarded: Callable[[Callable[..., Any]], Callable[..., Any]],
                 prefix: str = "pkt-", labels: str = "apps.replay.", counter_class: str = "pkt-step-counter") -> None:
        self.total = total
        self.on_change = on_change
        self.labels = labels
        self.step = 1
        self.buttons: dict[str, ipywidgets.Button] = {}
        for name in self.NAMES:
            button = ipywidgets.Button(layout=ipywidgets.Layout(width="8em"))
            button.add_class(f"{prefix}{name}")
            button.on_click(guarded(lambda _, name=name: self.go(name)))
            self.buttons[name] = button
        self.counter = ipywidgets.HTML()
        self.counter.add_class(counter_class)
        self.box = ipywidgets.HBox([*self.buttons.values(), self.counter])

    # where the keyboard focus goes when the button just used is disabled by its own move (at an end)
    FOCUS_AFTER = {"first": ("forward", "last"), "back": ("forward", "last"), "forward": ("back", "first"), "last": ("back", "first")}

    def go(self, where: str) -> None:
        """Move to the ``first``, ``last``, ``back`` (one step) or ``forward`` (one step) position. When the
        move reaches an end and so disables the button just used, the focus goes to the way back (forward
        after ``first``, back after ``last``), not to the top of the page."""
        target = {"first": 1, "last": self.total(), "back": self.step - 1, "forward": self.step + 1}[where]
        self.show(target)
        if self.buttons[where].disabled:
            focus_first(*(self.buttons[name] for name in self.FOCUS_AFTER[where]))

    def show(self, step: int) -> None:
        self.step = max(1, min(self.total(), step))
        self.on_change()

    def refresh(self, lang: str) -> None:
        """The buttons' words in ``lang``, the ends disabled, the counter."""
        total = self.total()
        for name, button in self.buttons.items():
            with button.hold_sync():
                button.description = tr(self.labels + name, lang)
                button.tooltip = tr(self.labels + name + "_tip", lang)
        self.buttons["first"].disabled = self.buttons["back"].disabled = self.step <= 1
        self.buttons["forward"].disabled = self.buttons["last"].disabled = self.step >= total
        self.counter.value = f'<span aria-live="polite">{esc(tr("apps.replay.counter", lang, step=self.step, total=total))}</span>'


# ---------------------------------------------------------------- the teacher's tools: scenarios and links

class ScenarioPlay(Protocol):
    """What a play tab offers its :class:`ScenarioDesk`: the game so far, and a way to take a state."""

    game_name: str  # the registry's name of the game: "pokerface", "pokerguess", "voces"

    def scenario_state(self) -> Any:
        """The game so far (a state of the game), or None when there is nothing to save."""

    def scenario_seed(self) -> int | None:
        """The seed the game so far was dealt with (saved in the file), or None."""

    def take_state(self, state: Any, seed: int | None, running: bool) -> None:
        """Show ``state`` in the play tab (the learner in seat 0). ``running``: the bots play the other
        seats from here on; otherwise the table waits (a step of a scenario being walked through)."""


def download_html(data: bytes, filename: str, label: str) -> str:
    """A link that saves ``data`` as ``filename``: an HTML anchor with the ``download`` attribute and a
    ``data:`` address, which every browser saves without a script or a server round trip."""
    href = "data:application/json;charset=utf-8;base64," + base64.b64encode(data).decode("ascii")
    return (f"<a class='pkt-scenario-file' download='{esc(filename)}' href='{href}' "
            f"style='color:#1a5fb4;text-decoration:underline'>{esc(label)}</a>")


def page_address() -> str:
    """The page's own address without its query, as the browser asked for it (Voila passes the request's
    host, port and path to the kernel); ``""`` outside Voila.

    A kernel Voila preheated for a lesson never waits for its page (the lesson runs whole before it is
    asked for), so it has no request in its environment. Called once the page is there (on a click), it
    fetches it: Voila keeps the request of a preheated kernel's page for it, and the answer comes at once."""
    env = os.environ
    if _preheated() and "SCRIPT_NAME" not in env and "QUERY_STRING" not in env:
        wait_for_voila_request()
    path = env.get("SCRIPT_NAME", "")
    host = env.get("SERVER_NAME", "")
    if not path or not host:
        return ""
    port = env.get("SERVER_PORT", "")
    scheme = "https" if port == "443" else "http"
    shown_port = "" if port in ("", "80", "443") else f":{port}"
    return f"{scheme}://{host}{shown_port}{path}"


def deal_query(code: str, lang: str) -> str:
    """The query of a link that opens a deal code in the language shown (``deal=CODE&lang=de``)."""
    return f"deal={code}" + (f"&lang={lang}" if lang != DEFAULT_LANGUAGE else "")


def app_href(page: str) -> str:
    """The address of the app notebook ``page`` relative to the page shown: ``page`` on the app's own page,
    ``../../page`` for an app inside a lesson (notebooks/lessons/en/). A kernel runs in its notebook's
    folder (Voila starts it there, as Jupyter does), and Voila's addresses follow the folders, so the
    app's notebook is looked for in this folder and the ones above it."""
    here = Path.cwd()
    for up, folder in enumerate([here, *here.parents][:4]):
        if (folder / page).is_file():
            return "../" * up + page
    return page


def show_deal_link(app: Any, field: Any, anchor: Any, page: str, code: str) -> None:
    """The address of the app ``page`` that opens the deal ``code`` (in the language shown): whole in the
    text ``field`` (to copy) and as a link in ``anchor``; the app says how long the code is. The address is
    the app's also when the app is shown inside a lesson (a lesson does not open deals); the page's own
    address comes from Voila's request."""
    target = f"{app_href(page)}?{deal_query(code, app.lang)}"
    base = page_address()
    with field.hold_sync():
        field.value = urljoin(base, target) if base else target
        field.layout.display = ""
    anchor.value = (f"<a href='{esc(target)}' target='_blank' rel='noopener' style='color:#1a5fb4;text-decoration:underline'>"
                    f"{esc(app.t('apps.scenario.open_link'))}</a>")
    app.say(app.t("apps.scenario.link_made", letters=len(code)))


def table_link_html(code: str, lang: str) -> str:
    """A link to the Pokerface table that plays on at once (``?play=1``), with bots in the other seats, from
    the situation of the deal ``code``: the rulebook replay's and the hand ranker's "play on" link."""
    return (f"<a class='pkt-continue-link' href='table.ipynb?{esc(deal_query(code, lang))}&amp;play=1' target='_blank' "
            f"rel='noopener' style='color:#1a5fb4;text-decoration:underline'>{esc(tr('apps.scenario.continue_table', lang))}</a>")


def scenario_tools(guarded: Callable[[Callable[..., Any]], Callable[..., Any]], save: Callable[[], Any],
                   make_link: Callable[[], Any], on_upload: Callable[[Any], Any]
                   ) -> tuple[ipywidgets.Button, ipywidgets.HTML, ipywidgets.Button, ipywidgets.Text, ipywidgets.HTML,
                              ipywidgets.FileUpload]:
    """The teacher's tools every app shows in the same way, without their words (the owner's
    ``refresh`` sets them): Save as scenario and the file's link beside it, Copy link with the address
    field and its "open" link, and the upload of a scenario file. ``guarded`` is the app's error guard."""
    save_button = ipywidgets.Button(icon="download")
    save_button.add_class("pkt-save-scenario")
    save_button.on_click(guarded(lambda _: save()))
    download = ipywidgets.HTML()
    download.add_class("pkt-scenario-download")
    link_button = ipywidgets.Button(icon="link")
    link_button.add_class("pkt-copy-link")
    link_button.on_click(guarded(lambda _: make_link()))
    link = ipywidgets.Text(layout=ipywidgets.Layout(width="40em", display="none"))
    link.add_class("pkt-scenario-link")
    link_open = ipywidgets.HTML()
    link_open.add_class("pkt-scenario-link-open")
    upload = ipywidgets.FileUpload(accept=".json,application/json", multiple=False, icon="folder-open")
    upload.add_class("pkt-scenario-upload")
    upload.observe(guarded(on_upload), names="value")
    return save_button, download, link_button, link, link_open, upload


def table_link_tools(guarded: Callable[[Callable[..., Any]], Callable[..., Any]], continue_link: Callable[[], Any]
                     ) -> tuple[ipywidgets.Button, ipywidgets.HTML]:
    """The "Continue from here" button of an app without seats to play (the rulebook replay, the hand
    ranker) and the place beside it for the link to the table that ``continue_link`` puts there."""
    button = ipywidgets.Button(icon="play", button_style="success")
    button.add_class("pkt-continue")
    button.on_click(guarded(lambda _: continue_link()))
    anchor = ipywidgets.HTML()
    anchor.add_class("pkt-continue-open")
    return button, anchor


def builtin_chooser(guarded: Callable[[Callable[..., Any]], Callable[..., Any]], names: Sequence[str],
                    open_builtin: Callable[[str], Any]) -> tuple[ipywidgets.Dropdown, ipywidgets.Button]:
    """The list of a game's built-in scenarios and the button that opens the one chosen (its words come
    from the owner's ``refresh``)."""
    chooser = ipywidgets.Dropdown(options=list(names), value=names[0] if names else None, layout=ipywidgets.Layout(width="auto"),
                                  style={"description_width": "initial"})
    chooser.add_class("pkt-scenario-builtin")
    button = ipywidgets.Button(icon="book")
    button.add_class("pkt-open-builtin")
    button.on_click(guarded(lambda _: open_builtin(str(chooser.value))))
    return chooser, button


def open_upload(change: dict[str, Any], upload: Any, open_scenario: Callable[[Any], None], app: Any) -> None:
    """The scenario file just uploaded (``change`` of the upload's ``value``) opened with ``open_scenario``.
    A bad file is said in the app's language and changes nothing; the upload is emptied afterwards, so that
    the same file may be chosen again."""
    files = change["new"]
    if not files:
        return
    chosen = files[0]
    from pokerkit_teach.core.scenarios import load_scenario_text

    name = str(chosen.get("name") or "scenario.json")
    try:
        scenario = load_scenario_text(bytes(chosen.get("content") or b""), source=name)  # its errors name the file
        try:
            open_scenario(scenario)
        except ValueError as error:  # e.g. a file of another game: said after the file's name too
            app.say(f"{name}: {_said(error, app.lang)}", "error")
    except ValueError as error:
        app.say(_said(error, app.lang), "error")
    finally:
        upload.value = ()


def _said(error: ValueError, lang: str) -> str:
    """An error in the app's language (the kit's errors say themselves in any language)."""
    translate = getattr(error, "text", None)
    return str(translate(lang)) if callable(translate) else str(error)


class ScenarioDesk:
    """The teacher's tools of a play tab: save the game so far as a scenario file, open a file or a built-in
    scenario and walk through it step by step (forward and back), continue from any step with bots in the
    other seats, and a link (``?deal=CODE``) that opens the same situation.

    Every word is from the catalogue (``apps.scenario.*``); the engine reads and writes the files and the
    codes, and says what is wrong with a bad one. A bad file or code changes nothing on the page: the
    game being played stays. CSS classes: ``pkt-scenario-desk``, ``pkt-save-scenario``,
    ``pkt-scenario-download`` (the file's link ``pkt-scenario-file``), ``pkt-copy-link``, ``pkt-scenario-link``
    (the address as text), ``pkt-scenario-link-open``, ``pkt-scenario-upload``, ``pkt-scenario-builtin``,
    ``pkt-open-builtin``, ``pkt-scenario-viewer``, ``pkt-scenario-title``, ``pkt-scenario-first`` /
    ``-back`` / ``-forward`` / ``-last``, ``pkt-scenario-step-counter``, ``pkt-scenario-step``, ``pkt-continue``.
    """

    def __init__(self, app: App, play: ScenarioPlay, page: str) -> None:
        self.app = app
        self.play = play
        self.page = page  # the app's notebook, e.g. "table.ipynb": where a link leads outside Voila
        self.replay: Any = None  # the scenario being walked through
        self.scenario: Any = None
        self.data: dict[str, Any] | None = None  # what the open scenario was read from
        g = app.guarded
        self.heading = ipywidgets.HTML()
        self.save_button, self.download, self.link_button, self.link, self.link_open, self.upload = scenario_tools(
            g, self.save, self.make_link, self._on_upload)
        self.builtin, self.open_button = builtin_chooser(g, [scenario.name for scenario in self._game().builtin_scenarios()],
                                                         self.open_builtin)
        self.title = ipywidgets.HTML()
        self.title.add_class("pkt-scenario-title")
        self.navigator = StepNavigator(lambda: len(self.replay.steps) if self.replay is not None else 1, self._show_step, g,
                                       prefix="pkt-scenario-", labels="apps.replay.", counter_class="pkt-scenario-step-counter")
        self.step_text = ipywidgets.HTML()
        self.step_text.add_class("pkt-scenario-step")
        self.continue_button = ipywidgets.Button(icon="play", button_style="success", layout=ipywidgets.Layout(align_self="flex-start"))
        self.continue_button.add_class("pkt-continue")
        self.continue_button.on_click(g(lambda _: self.continue_here()))
        self.viewer = ipywidgets.VBox([self.title, self.navigator.box, self.step_text, self.continue_button],
                                      layout=ipywidgets.Layout(display="none", border="1px solid #999", padding="0.3em 0.6em"))
        self.viewer.add_class("pkt-scenario-viewer")
        self.box = ipywidgets.VBox([
            self.heading,
            ipywidgets.HBox([self.save_button, self.download, self.link_button, self.link_open]),
            self.link,
            ipywidgets.HBox([self.upload, self.builtin, self.open_button]),
            self.viewer,
        ])
        self.box.add_class("pkt-scenario-desk")

    def _game(self) -> Any:
        from pokerkit_teach.core.registry import get_game

        return get_game(self.play.game_name)

    # -- saving and linking
    def scenario_data(self) -> dict[str, Any]:
        """The game so far as the data of a scenario file (the published format, with its seed)."""
        state = self.play.scenario_state()
        if state is None:
            raise InputProblem("scenario.nothing_to_save")
        from pokerkit_teach.core.scenarios import save_scenario

        seed = self.play.scenario_seed() or 0
        game = self._game()
        titles = {lang: tr("apps.scenario.saved_title", lang, game=game.title(lang), seed=seed) for lang in LANGUAGES}
        data: dict[str, Any] = save_scenario(state, seed=seed, title=titles, name=f"{game.name}-seed-{seed}")
        return data

    def save(self) -> None:
        """Put a link to the scenario file of the game so far beside the button (a click saves it)."""
        from pokerkit_teach.core.scenarios import scenario_json

        data = self.scenario_data()
        text = scenario_json(data)
        name = f"{data.get('name') or self.play.game_name}.json"
        self.download.value = download_html(text.encode("utf-8"), name, self.app.t("apps.scenario.download", file=name))
        self.app.say(self.app.t("apps.scenario.saved", file=name))

    def make_link(self) -> None:
        """The address that opens the game so far (``?deal=CODE``), in a text field to copy and as a link."""
        from pokerkit_teach.core.dealcode import state_code

        state = self.play.scenario_state()
        if state is None:
            raise InputProblem("scenario.nothing_to_save")
        seed = self.play.scenario_seed() or 0
        code = state_code(state, seed=seed, name=f"{self.play.game_name}-seed-{seed}")  # the name the saved file has
        show_deal_link(self.app, self.link, self.link_open, self.page, code)

    # -- opening
    def _on_upload(self, change: dict[str, Any]) -> None:
        open_upload(change, self.upload, self.open_scenario, self.app)

    def open_builtin(self, name: str) -> None:
        """A built-in scenario of the game by name."""
        scenario = self._game().find_scenario(name)
        if scenario is None:
            raise InputProblem("scenario.unknown", name=name,
                               names=", ".join(s.name for s in self._game().builtin_scenarios()))
        self.open_scenario(scenario)

    def open_code(self, code: str) -> None:
        """The situation a ``?deal=CODE`` gives."""
        from pokerkit_teach.core.dealcode import load_code

        self.open_scenario(load_code(code))

    def open_scenario(self, scenario: Any) -> None:
        """Play ``scenario`` through (a scenario that cannot be played raises and changes nothing), then
        show its last step."""
        if getattr(scenario, "game", self.play.game_name) not in (self.play.game_name, None):
            raise InputProblem("scenario.other_game", game=self._game_title(scenario.game), here=self._game_title(self.play.game_name))
        replay = scenario.replay()
        self.scenario, self.replay = scenario, replay
        self.viewer.layout.display = ""
        self.navigator.show(len(replay.steps))
        self.app.say(self.app.t("apps.scenario.opened", title=scenario.title(self.app.lang), steps=len(replay.steps)))

    def _game_title(self, name: str) -> str:
        from pokerkit_teach.core.registry import get_game

        title: str = get_game(name).title(self.app.lang)
        return title

    def open_params(self, params: AppParams) -> None:
        """Open ``?scenario=NAME`` or ``?deal=CODE`` of the address; what cannot be opened is named at the
        top of the page (in the language shown) and the app keeps its defaults."""
        problems: list[Any] = []
        for kind, value in (("scenario", params.scenario), ("deal", params.deal)):
            if value is None:
                continue
            try:
                if kind == "scenario":
                    self.open_builtin(value)
                else:
                    self.open_code(value)
            except ValueError as error:
                problems.append(LinkProblem(kind, error))
        if params.play and self.replay is not None:  # ?play=1: on from the situation opened, with bots
            self.continue_here()
        self.app.link_problems = problems
        self.app._refresh_frame()

    # -- walking through
    def _show_step(self) -> None:
        replay = self.replay
        if replay is None:
            return
        self.play.take_state(self._playable(), self._seed(), False)
        self.refresh()

    def _playable(self) -> Any:
        """The game after the step shown, ready to be played on (the cards still to come are the scenario's)."""
        from pokerkit_teach.core.scenarios import playable_state

        return playable_state(self.replay, min(self.navigator.step, len(self.replay.steps)))

    def _seed(self) -> int | None:
        seed = getattr(self.scenario, "seed", None)
        return seed if isinstance(seed, int) else None

    def close_viewer(self) -> None:
        """Stop walking through the scenario (a new game was started)."""
        self.replay = None
        self.viewer.layout.display = "none"

    def continue_here(self) -> None:
        """Play on from the step shown: the bots take the other seats; the scenario closes."""
        replay = self.replay
        if replay is None:
            return
        step = min(self.navigator.step, len(replay.steps))
        state = self._playable()
        self.replay = None
        self.viewer.layout.display = "none"
        self.play.take_state(state, self._seed(), True)
        self.app.say(self.app.t("apps.scenario.continued", step=step))
        self.refresh()

    # -- drawing
    def refresh(self) -> None:
        t = self.app.t
        self.heading.value = f"<b>{esc(t('apps.scenario.heading'))}</b>"
        for button, key in ((self.save_button, "save"), (self.link_button, "link"), (self.open_button, "open_builtin"),
                            (self.continue_button, "continue")):
            with button.hold_sync():
                button.description = t(f"apps.scenario.{key}")
                button.tooltip = t(f"apps.scenario.{key}_tip")
        self.upload.description = t("apps.scenario.upload")
        self.upload.tooltip = t("apps.scenario.upload_tip")
        self.link.description = t("apps.scenario.link_field")
        self.builtin.description = t("apps.scenario.builtin")
        options = [(s.title(self.app.lang), s.name) for s in self._game().builtin_scenarios()]
        if tuple(self.builtin.options) != tuple(options):  # a message to the page only when the words change
            chosen = self.builtin.value
            self.builtin.options = options
            self.builtin.value = chosen
        replay = self.replay
        if replay is None:
            return
        self.title.value = f"<b>{esc(t('apps.scenario.walking', title=self.scenario.title(self.app.lang)))}</b>"
        self.navigator.refresh(self.app.lang)
        if replay.steps:
            step = replay.steps[min(self.navigator.step, len(replay.steps)) - 1]
            lines = "".join(f"<li>{esc(line)}</li>" for line in step.lines(self.app.lang))
            self.step_text.value = f"<ul>{lines}</ul>"
        else:
            self.step_text.value = f"<p>{esc(t('apps.scenario.no_steps'))}</p>"


class LinkProblem:
    """What ``?scenario=`` or ``?deal=`` could not open, said in any language."""

    def __init__(self, kind: str, error: ValueError) -> None:
        self.kind = kind
        self.error = error

    def text(self, lang: str) -> str:
        translate = getattr(self.error, "text", None)
        reason = str(translate(lang)) if callable(translate) else str(self.error)
        return tr(f"apps.scenario.bad_{self.kind}", lang, reason=reason)
