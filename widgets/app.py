"""The frame of every app: a title, the language switch, the projector switch, the message area, the
notice of bad address values, and callbacks guarded so that a refused input becomes a message.

An app is a small class built on :class:`App`: it creates its children once, redraws their texts from the
catalogue in :meth:`App.refresh` (so the language switch changes every visible word), and asks the engine
for every rule decision. Widgets never decide rules. :func:`tr` and :func:`esc` are the apps' words from
the catalogue and their HTML escaping; :class:`InputProblem` is typed input an app cannot use.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any, Callable, Sequence

import ipywidgets

from pokerkit_teach.core.i18n import LANGUAGES, Msg, language_name, message

from .address import PageAddress
from .params import AppParams, app_params
from .preheat import page_pending

if TYPE_CHECKING:
    from .scenario_desk import ScenarioDesk
    from .room_join import RoomJoin

__all__ = ["App", "APP_CSS", "InputProblem", "name_hands", "tr", "esc"]


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


# The apps' own style, in every app's frame. Tab labels are as wide as their words (ipywidgets gives each
# tab 144 px and cuts a longer label, "Beispiele aus den Re…"), and the tabs wrap to a second row on a
# narrow screen instead of being cut. A button without a width of its own grows with its label (ipywidgets
# gives it 148 px: "Nueva part…", "Descubrir la siguien…"). A disabled button is grey with a dashed border
# whatever its button_style (ipywidgets only fades it, and a faded red or blue still looks pressable), its
# text #4a4a4a on #e4e4e4 (7.0:1); a selected toggle that is disabled keeps a solid border. The keyboard
# focus is a 3 px ring of #0b3d91 outside the control (10.0:1 against the white page), for buttons,
# toggles, inputs, menus, slider readouts, links and tabs. A move's reason (MoveControl) is small text under its button.
# Contrast (WCAG AA, 4.5:1, checked by axe-core in tests/browser/test_journeys.py; docs/accessibility.md): a tab
# that is not chosen is #333 on ipywidgets' #eee (11:1, was #6d6d6d, 4.45:1), and the coloured buttons are
# darker than ipywidgets' so that their white text reads (success #2e7d32 5.1:1, warning #b35900 4.8:1,
# danger #c62828 5.6:1, info #00707a 5.8:1; ipywidgets' are 2.8 to 3.7:1).
# Nothing scrolls sideways on a 768-pixel-wide tablet: a row of controls (an HBox) wraps onto a second line
# instead of scrolling, a labelled input or menu with a width of its own ("40em") is never wider than its
# row (less its 2 px margins) while its field shrinks inside it, a label longer than ipywidgets' 80 px grows
# instead of being cut ("Vorhersag…"), and a checkbox is as wide as its words (not
# ipywidgets' 300 px, which spread the table's three variants over the row) and its label wraps (ipywidgets
# keeps it on one line, which ran 110 px past a tablet's edge with the projector size; tests/browser/test_journeys.py).
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
        # the page's address follows the language switched to (and a seat taken in a room), so a reload keeps them
        self.address = PageAddress()
        body = self.build()
        # the header: the title, and the two switches kept together on its right (under it when narrow)
        switches = ipywidgets.HBox([self.language, self.projector])
        switches.add_class("pkt-header-switches")
        header = ipywidgets.HBox([self.title, switches])
        header.add_class("pkt-header")
        self.box = ipywidgets.VBox([self.style, header, self.notice, *body, self.message_area, self.output, self.address])
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

    def open_linked_in_play_tab(self, desk: "ScenarioDesk", join: "RoomJoin | None" = None) -> None:
        """For an app with a ``play`` tab holding ``desk``: open what ``?scenario=`` or ``?deal=`` asks for
        (or, with ``join``, the seat of a seat link ``?room=&seat=``), and show the play tab when it opened,
        unless ``?tab=`` names the tab to show."""
        params = self.params
        if join is not None and params.room is not None and join.open_params(params.room, params.seat, params.teacher):
            if params.tab is None:
                self.tabs.selected_index = self.tab_names.index("play")
            return
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
        if self.lang != self.params.lang or "lang" in self.address.params:  # the learner's switch, not the address's own
            self.address.set(lang=self.lang)
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
        ~90 widget models of an app (0.1 to 0.3 s of a 2-core server's time per page). The app is its page's
        own: its :class:`~widgets.address.PageAddress` writes the page's address.
        """
        app = cls._built_for_page()
        app.address.owns = True
        return app

    @classmethod
    def _built_for_page(cls) -> "App":
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
