"""The teacher's tools: save the game so far as a scenario file, open a file, a built-in scenario or a link
(``?deal=CODE``), walk through it step by step and play on from any step (:class:`ScenarioDesk`), and the
parts of those tools that the apps without seats to play (the rulebook replay, the hand ranker) share.

Every word is from the catalogue (``apps.scenario.*``); the engine reads and writes the files and the codes
(:mod:`pokerkit_teach.core.scenarios`, :mod:`pokerkit_teach.core.dealcode`), and the game comes from the
registry, so nothing here knows which game it is.
"""

from __future__ import annotations

import base64
from pathlib import Path
from typing import Any, Callable, Protocol, Sequence
from urllib.parse import urljoin

import ipywidgets

from pokerkit_teach.core.i18n import DEFAULT_LANGUAGE, LANGUAGES

from .app import App, InputProblem, esc, tr
from .file_input import ScenarioFileInput
from .navigator import StepNavigator
from .params import AppParams
from .preheat import page_address

__all__ = ["ScenarioDesk", "ScenarioPlay", "LinkProblem", "download_html", "deal_query", "show_deal_link", "table_link_html",
           "scenario_tools", "table_link_tools", "builtin_chooser", "open_upload", "upload_words"]


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
                   make_link: Callable[[], Any], on_upload: Callable[[str, bytes], Any]
                   ) -> tuple[ipywidgets.Button, ipywidgets.HTML, ipywidgets.Button, ipywidgets.Text, ipywidgets.HTML,
                              ScenarioFileInput]:
    """The teacher's tools every app shows in the same way, without their words (the owner's
    ``refresh`` sets them, :func:`upload_words` those of the upload): Save as scenario and the file's link
    beside it, Copy link with the address field and its "open" link, and the chooser of a scenario file
    (:class:`~.file_input.ScenarioFileInput`, which refuses a file over the limit in the page; ``on_upload``
    gets the name and the bytes of one within it). ``guarded`` is the app's error guard."""
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
    upload = ScenarioFileInput(accept=".json,application/json")
    upload.add_class("pkt-scenario-upload")
    upload.on_file(guarded(on_upload))
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


def upload_words(upload: ScenarioFileInput, lang: str) -> None:
    """The words of the scenario file chooser in ``lang``: its label, its tooltip and its refusal."""
    with upload.hold_sync():
        upload.description = tr("apps.scenario.upload", lang)
        upload.tooltip = tr("apps.scenario.upload_tip", lang)
        upload.lang = lang


def open_upload(name: str, content: bytes, open_scenario: Callable[[Any], None], app: Any) -> None:
    """The scenario file ``name`` just chosen (its bytes, within the limit) opened with ``open_scenario``. A
    bad file is said in the app's language and changes nothing; the engine weighs the bytes again before it
    reads them (:func:`~pokerkit_teach.core.scenarios.load_scenario_text`)."""
    from pokerkit_teach.core.scenarios import load_scenario_text

    try:
        scenario = load_scenario_text(content, source=name)  # its errors name the file
        try:
            open_scenario(scenario)
        except ValueError as error:  # e.g. a file of another game: said after the file's name too
            app.say(f"{name}: {_said(error, app.lang)}", "error")
    except ValueError as error:
        app.say(_said(error, app.lang), "error")


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

    def __init__(self, app: App, play: ScenarioPlay, page: str, *, viewer_on_top: bool = False) -> None:
        """``viewer_on_top``: the app puts :attr:`viewer` at the top of its page itself (it is then not in
        :attr:`box`), as a banner that says a replay step is shown, not a game in play, with the steps and
        "Continue from here" together in one row; the step's moves are then told by the app's log alone."""
        self.viewer_on_top = viewer_on_top
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
        if viewer_on_top:
            # a banner: what is shown, then the steps and "Continue from here" side by side. The step's moves are
            # not said again in it: the app's log beside the table tells them (the banner stays two lines high,
            # so the table below it keeps the learner's seat on a 1280x720 screen)
            parts: list[ipywidgets.Widget] = [self.title, ipywidgets.HBox(
                [self.navigator.box, self.continue_button], layout=ipywidgets.Layout(flex_flow="row wrap", align_items="center",
                                                                                     grid_gap="0.6em"))]
            border = "2px solid #8a5a00"
        else:
            parts, border = [self.title, self.navigator.box, self.step_text, self.continue_button], "1px solid #999"
        self.viewer = ipywidgets.VBox(parts, layout=ipywidgets.Layout(display="none", border=border, padding="0.3em 0.6em"))
        self.viewer.add_class("pkt-scenario-viewer")
        if viewer_on_top:
            self.viewer.add_class("pkt-scenario-banner")
        self.box = ipywidgets.VBox([
            self.heading,
            ipywidgets.HBox([self.save_button, self.download, self.link_button, self.link_open]),
            self.link,
            ipywidgets.HBox([self.upload, self.builtin, self.open_button]),
            *([] if viewer_on_top else [self.viewer]),
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
    def _on_upload(self, name: str, content: bytes) -> None:
        open_upload(name, content, self.open_scenario, self.app)

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
        upload_words(self.upload, self.app.lang)
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
        title = self.scenario.title(self.app.lang)
        if self.viewer_on_top:  # the banner says at once that this is a replay step, not a game in play
            step, total = min(self.navigator.step, len(replay.steps)), len(replay.steps)
            self.title.value = (f"<b>{esc(t('apps.scenario.replay_step', step=step, total=total, title=title))}</b> "
                                f"{esc(t('apps.scenario.replay_step_how', go_on=t('apps.scenario.continue')))}")
        else:
            self.title.value = f"<b>{esc(t('apps.scenario.walking', title=title))}</b>"
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
