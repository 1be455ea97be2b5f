"""The Pokerface table: play a whole game in one seat, with bots in the other seats.

The table is drawn (widgets/drawn.py): a seat for every player around it, yours at the bottom, each with
the player's name, the hole cards (the others' face down until the showdown, yours face up) and the
token the player took in each round of the deal, drawn as chips in their round's suit; the board and the
tokens no one holds in the middle. The seat to act is framed and says so. Clicking a chip (or Enter or
Space on it) is the move: taking it from the middle or from the player in front of whom it lies. The
chips you may take now are ringed green; the others are dimmed and pressing them says why not (the
engine's reason, read out in the board's live region). Pass (in a free-for-all "I am done") is a button
below the table. Every decision is the engine's: ``legal_actions`` / ``why_not`` mark the chips and
``apply`` makes the move. The live region says each move as it is made, yours and the bots' (with the
bot's reason while the reasons are shown), and whose turn it is then.

The table also shows a legend (what the token numbers claim, what wins and loses the game), the tally
against both, a hint that ends with the token it suggests, and a log that follows the game (grouped by
deal and round, its newest line in view).

A deal ends with a showdown the learner turns over hand by hand ("Reveal the next hand", a button, so
Enter steps through it): the hands are turned face up seat by seat along the ♠ token order, and each
revealed hand is marked where the order holds (a green tick) or breaks (a red cross). The game waits
meanwhile (the next deal is not dealt and no bot moves), the deal's board and tokens stay, nothing tells
a hand's result before its reveal (the log's showdown lines, the tally and the game's end are held
back), and "Next deal" starts the next one. The showdown's result is the engine's; only its telling is
paced.

CSS classes for browser tests: ``pkt-new-game``, ``pkt-board`` (the drawn table; its seats are the
sections ``[data-region="seat-N"]``, the middle ``[data-region="middle"]``; a chip is the button
``[data-key="token-<suit>-<n>"]``, a card ``[data-key="hole-<seat>-<i>"]`` or ``[data-key="board-<i>"]``),
``pkt-pass``, ``pkt-hint``, ``pkt-show-reasons``, ``pkt-reveal-next``, ``pkt-next-deal``, ``pkt-status``,
``pkt-tally``, ``pkt-legend``, ``pkt-showdown``, ``pkt-log`` (its entries ``pkt-log-deal``,
``pkt-log-round``, ``pkt-log-line``, ``pkt-log-reason``; the newest ``pkt-log-last``), ``pkt-hint-box``
(the hint's text ``pkt-hint-text``).
"""

from __future__ import annotations

from typing import Any, Sequence

import ipywidgets
import numpy as np

from pokerkit_teach.core.game import Bot
from pokerkit_teach.core.i18n import Items, Msg
from pokerkit_teach.games.pokerface import GAME, Pass, PokerfacePhase, PokerfaceRules, PokerfaceState, PokerfaceView, Variant
from pokerkit_teach.games.pokerface.actions import Showdown
from pokerkit_teach.games.pokerface.hints import rank_probabilities
from pokerkit_teach.games.pokerface.showdown import ShowdownResult
from pokerkit_teach.holdem.cards import Suit

from .app import App, esc
from .controls import MoveControl, show_move
from .params import AppParams
from .play import Drawing, GamePart, PlayController
from .room_join import RoomJoin
from .room_table import RemoteTable
from .pokerface_parts import (
    NARROW_BELOW, SHOWDOWN_LINES, TableDrawing, batch_tables_early, batch_tables_in_background, chip_move, hint_html, legend_html,
    table_log,
)
from .scenario_desk import ScenarioDesk
from .table_source import LocalTable, Pause, Said, TableMove

__all__ = ["TableApp", "TABLE_CSS", "table_style"]

SEAT_NAMES = ("Anna", "Ben", "Carla", "Dan", "Eva", "Finn")  # you are Anna, in seat 0
MAX_BOT_MOVES = 400
SHOWDOWN = Pause("showdown", lambda move: isinstance(move.move, Showdown))
"""The table waits after a showdown until the learner has turned its hands over and asks for the next deal."""
ROOM_SHOWDOWN = Pause("showdown", lambda move: any(getattr(event, "kind", "") == "revealed" for event in move.events))
"""The same in a room, where a move is known by what it added to the log (the room deals on meanwhile)."""

# The table's own style: the log is a box that scrolls, laid out from its end (column-reverse), so a new
# log keeps its newest line in view without a script. The log's column starts at the top of the table, beside
# the status, so its box is in the learner's view at 1280x720 (the browser test measures it after each move).
# A bot's seat holds its latest reason, whole, behind a disclosure that opens over the table. The
# middle's note is in its text alternative only. The others' face-down cards overlap. At 5 and 6 players the
# middle (between two side seats) draws its cards and free chips smaller, so that six chips fit beside the board.
# Under 1000 px (a tablet held upright) the side column stacks under the table, and its status line (whose turn,
# which round) is lifted above the row of moves, where the learner looks.
TABLE_CSS = """<style>
.pkt-log-scroll { max-height: 22em; overflow-y: auto; display: flex; flex-direction: column-reverse;
  border: 1px solid #999; padding: 0.3em 0.5em; font-size: 90%; line-height: 1.35; }
.pkt-log-deal { font-weight: bold; font-size: 110%; margin-top: 0.5em; border-bottom: 1px solid #999; }
.pkt-log-round { font-weight: bold; margin-top: 0.4em; }
.pkt-log-reason { font-style: italic; margin-left: 1.2em; color: #333; }
.pkt-log-last { background: #fff3b0; }
.pkt-app .pkt-legend .widget-html-content, .pkt-app .pkt-log .widget-html-content,
.pkt-app .pkt-showdown .widget-html-content, .pkt-app .pkt-tally .widget-html-content,
.pkt-app .pkt-hint-box .widget-html-content { line-height: 1.35; }
.pkt-app .pkt-legend p { margin: 0.15em 0; font-size: 92%; }
.pkt-board .pkt-kind-seat .pkt-drawn-note { font-size: 0.82em; line-height: 1.25; }
.pkt-board .pkt-kind-middle .pkt-drawn-note { display: none; }
.pkt-board .pkt-drawn-heading { margin-bottom: 0.15em; }
.pkt-board .pkt-drawn-region { padding: 0.25em 0.45em 0.35em; }
.pkt-board .pkt-drawn-region.pkt-current { padding: calc(0.25em - 2px) calc(0.45em - 2px) calc(0.35em - 2px); }
.pkt-board .pkt-drawn-table { gap: 0.45em; padding: 0.45em; }
.pkt-board .pkt-drawn-row { gap: 0.25em; }
.pkt-board .pkt-kind-seat .pkt-size-small.pkt-state-plain + .pkt-size-small.pkt-state-plain { margin-left: -1.4em; }
.pkt-board .pkt-kind-seat .pkt-size-small.pkt-state-plain .pkt-drawn-picture svg { width: calc(var(--pkt-card-w) * 0.62 * var(--pkt-scale, 1)); }
.pkt-board .pkt-size-chip .pkt-drawn-picture svg { width: calc(var(--pkt-token-w) * 0.62 * var(--pkt-scale, 1)); }
.pkt-board .pkt-kind-seat .pkt-drawn-item.pkt-size-chip, .pkt-board .pkt-kind-seat .pkt-drawn-item.pkt-size-small { padding: 1px; }
.pkt-board .pkt-drawn-detail { margin: 0 0 0.1em; }
.pkt-board .pkt-kind-middle .pkt-size-chip .pkt-drawn-picture svg { width: calc(var(--pkt-token-w) * 0.75 * var(--pkt-scale, 1)); }
.pkt-board .pkt-kind-middle .pkt-size-small .pkt-drawn-picture svg { width: calc(var(--pkt-card-w) * 0.62 * var(--pkt-scale, 1)); }
.pkt-board .pkt-kind-seat .pkt-size-token .pkt-drawn-picture svg { width: calc(var(--pkt-token-w) * 0.8 * var(--pkt-scale, 1)); }
.pkt-app .pkt-table-moves .pkt-move { max-width: 22em; }
.pkt-app .pkt-tally p { margin: 0.3em 0; }
.pkt-app .pkt-scenario-banner { background: #fff8e1; margin-bottom: 0.3em; }
.pkt-app .pkt-scenario-banner .widget-html-content { line-height: 1.35; }
.pkt-app .pkt-status p { margin: 0.3em 0; }
@media (max-width: 1000px) {
  .pkt-app .pkt-table-columns { flex-flow: row wrap !important; }
  .pkt-app .pkt-table-side { display: contents !important; }
  .pkt-app .pkt-table-columns > .pkt-table-main, .pkt-app .pkt-table-side > * { flex: 1 1 100% !important; order: 2; }
  .pkt-app .pkt-table-side > .pkt-status { order: 1; }
}
.pkt-app .pkt-showdown h4 { margin: 0.2em 0; }
.pkt-app .pkt-showdown ol { margin: 0.2em 0; }
</style>"""


def table_style() -> ipywidgets.HTML:
    """The table's style sheet as a widget, marked as the apps' style sheets are (``pkt-style``: no text)."""
    style = ipywidgets.HTML(TABLE_CSS)
    style.add_class("pkt-style")
    return style


class TableApp(App, GamePart):
    """The Pokerface table (see the module's text): the app's frame, its controls and panels, and the game's
    part of the :class:`~widgets.play.PlayController` that plays it."""

    title_key = "apps.table.title"
    game_name = "pokerface"  # for the scenario desk (widgets.scenario_desk.ScenarioDesk)
    pause_key = "apps.table.in_showdown"

    def __init__(self, params: AppParams | None = None, query: str | None = None) -> None:
        self.table: LocalTable[PokerfaceState] | RemoteTable | None = None
        self.seed: int = 0
        self.rng = np.random.default_rng()
        self.hint_result: Any = None  # the open hint, said in the language shown
        self.hint_suit: Suit | None = None
        self.pending: ShowdownResult | None = None  # the showdown being turned over; the game waits for it
        self.revealed = 0
        self.seat_reasons: dict[tuple[Suit, int], str] = {}  # the bots' latest reasons of the deal shown, by round and seat
        # the bots' reasons in words by language: the log is drawn again after every move, and putting them
        # into words each time made a click slow
        self.reason_texts: dict[tuple[int, str], str] = {}
        super().__init__(params, query)
        self.new_game()
        self.open_linked()  # after the first game: a ?deal= or ?scenario= of the address replaces it
        # once the app is built, while the browser loads the page (see prepare)
        self.tables_thread = None if self.tables_built else batch_tables_in_background()

    # ------------------------------------------------------------------ layout
    def prepare(self) -> None:
        """The bots judge hands of 5, 6 and 7 cards in batches, from tables that take 0.25 s to build. A
        preheated kernel builds them before its page is asked for; elsewhere (a kernel started for the
        page) they are built in the background once the app is built, while the browser loads the page,
        and a click that needs them before waits for them."""
        self.tables_built = batch_tables_early()

    def build(self) -> list[ipywidgets.Widget]:
        self.players = ipywidgets.Dropdown(options=[3, 4, 5, 6], value=self.params.players)
        self.variant_boxes = {v: ipywidgets.Checkbox(value=False, indent=False) for v in Variant}
        self.bot_choice = ipywidgets.Dropdown(options=[(name, name) for name in GAME.bot_names], value=GAME.default_bot)
        self.new_button = ipywidgets.Button(icon="refresh")
        self.new_button.add_class("pkt-new-game")
        self.new_button.on_click(self.guarded(lambda _: self.new_game(focus=True)))
        setup = ipywidgets.HBox([self.players, *self.variant_boxes.values(), self.bot_choice, self.new_button])
        self.status = ipywidgets.HTML()
        self.status.add_class("pkt-status")
        self.tally = ipywidgets.HTML()
        self.tally.add_class("pkt-tally")
        self.legend = ipywidgets.HTML()
        self.legend.add_class("pkt-legend")
        # the table: seats, board, chips (press = move), played by the one play controller
        self.controller = PlayController(self, self, board_class="pkt-board", narrow_below=NARROW_BELOW)
        self.board = self.controller.board
        self.pass_move = MoveControl()  # the button with its reason, as visible text, when it is not allowed
        self.pass_button = self.pass_move.button
        self.pass_button.add_class("pkt-pass")
        self.pass_button.on_click(self.guarded(lambda _: self.play(Pass(self.me))))
        self.hint_button = ipywidgets.Button(icon="lightbulb-o")
        self.hint_button.add_class("pkt-hint")
        self.hint_button.on_click(self.guarded(lambda _: self.show_hint()))
        self.show_reasons = ipywidgets.Checkbox(value=True, indent=False)
        self.show_reasons.add_class("pkt-show-reasons")
        self.show_reasons.observe(lambda _: self.refresh(), names="value")
        self.hint = ipywidgets.HTML()
        self.hint.add_class("pkt-hint-box")
        self.log = ipywidgets.HTML()
        self.log.add_class("pkt-log")
        self.showdown = ipywidgets.HTML()
        self.showdown.add_class("pkt-showdown")
        self.reveal_button = ipywidgets.Button(icon="eye")
        self.reveal_button.add_class("pkt-reveal-next")
        self.reveal_button.on_click(self.guarded(lambda _: self.reveal_next()))
        self.next_deal_button = ipywidgets.Button(icon="forward")
        self.next_deal_button.add_class("pkt-next-deal")
        self.next_deal_button.on_click(self.guarded(lambda _: self.next_deal()))
        # the moves that are not chips, above the table so that they keep their place whatever the table and
        # its announcement below it say: Pass, and in a showdown Reveal, then Next deal in Reveal's place
        self.toolbar = ipywidgets.HBox([self.pass_move, self.reveal_button, self.next_deal_button, self.hint_button, self.show_reasons],
                                       layout=ipywidgets.Layout(flex_flow="row wrap", align_items="flex-start"))
        self.toolbar.add_class("pkt-table-moves")
        main = ipywidgets.VBox([self.toolbar, self.hint, self.board, self.showdown],
                               layout=ipywidgets.Layout(flex="3 1 520px", min_width="0"))
        main.add_class("pkt-table-main")
        # beside the table on a projector (where the game stands at its top, level with the row of moves), below
        # it on a tablet held upright, except the status, which stands above the row of moves there (TABLE_CSS:
        # under 1000 px the side column's parts join the page's column); the table's column holds only the moves
        # and the table, so that your seat and its chips stay on a 1280x720 screen
        side = ipywidgets.VBox([self.status, self.tally, self.legend, self.log], layout=ipywidgets.Layout(flex="2 1 260px", min_width="0"))
        side.add_class("pkt-table-side")
        columns = ipywidgets.HBox([main, side], layout=ipywidgets.Layout(align_items="flex-start", grid_gap="1em",
                                                                         flex_flow="row wrap"))
        columns.add_class("pkt-table-columns")
        # save, open, walk through, link; a scenario's step being walked through is said at the top of the page
        self.desk = ScenarioDesk(self, self, "table.ipynb", viewer_on_top=True)
        # play with others: a room's code and a free seat, or a seat link of the address
        self.join = RoomJoin(self, "pokerface", self._start_room, lambda: self.new_game(focus=True), pause=ROOM_SHOWDOWN)
        self.setup = setup
        return [table_style(), self.desk.viewer, setup, columns, self.join.box, self.desk.box]

    def take_params(self, params: AppParams) -> bool:
        """The page's seed and number of players: a new game with them in the app already built."""
        self.params = params
        self.players.value = params.players
        self.new_game()
        self.adopt_language(params)
        return True

    def open_linked(self) -> None:
        if self.state is not None:  # App.__init__ asks before the first game is dealt: see __init__
            params = self.params
            if params.room is not None and self.join.open_params(params.room, params.seat, params.teacher):
                return
            self.desk.open_params(params)

    # ------------------------------------------------------------------ the game being played
    @property
    def state(self) -> PokerfaceState | None:
        """The game in this kernel (``None`` while the table is a room's: the server holds the game)."""
        return self.table.state if isinstance(self.table, LocalTable) else None

    @property
    def rules(self) -> PokerfaceRules:
        table = self.table
        assert table is not None
        rules: PokerfaceRules = table.rules if isinstance(table, RemoteTable) else table.state.rules
        return rules

    def _start_room(self, table: RemoteTable) -> None:
        """Play the room's table from now on (the seat joined by :class:`RoomJoin`)."""
        self.table = table
        self.reason_texts = {}
        self.hint_result = None
        self.pending = None
        self.revealed = 0
        self.desk.close_viewer()
        self.setup.layout.display = "none"
        self.controller.start(table, tell_story=False, aloud=False, focus=True)

    @property
    def match(self) -> Any:
        """The match the bots play through (:class:`~pokerkit_teach.core.match.Match`)."""
        return self.table.match if isinstance(self.table, LocalTable) else None

    @property
    def reasons(self) -> dict[int, tuple[int | None, Said | None]]:
        """The bots' reasons, each with the bot's seat, by the index of the first event of its move."""
        return {index: (move.seat, move.reason) for index, move in self.controller.reasons.items()}

    def _start(self, state: PokerfaceState, bots: Sequence[Bot[PokerfaceView] | None], **start: Any) -> None:
        """Play ``state`` from now on, the bots in the other seats; the match deals (no ``auto_chance``), so the
        game can wait after a showdown until the learner asks for the next deal."""
        state.auto_chance = False
        self.table = LocalTable(state, bots, seed=self.rng, pause=SHOWDOWN, most_moves=MAX_BOT_MOVES)
        self.reason_texts = {}
        self.hint_result = None
        self.pending = None
        self.revealed = 0
        self.controller.start(self.table, **start)

    def _bots(self, count: int) -> list[Bot[PokerfaceView] | None]:
        return [None] + [GAME.make_bot(str(self.bot_choice.value), np.random.default_rng([self.seed, 2, s])) for s in range(1, count)]

    # ------------------------------------------------------------------ scenarios (ScenarioPlay)
    def scenario_state(self) -> PokerfaceState | None:
        return self.state

    def scenario_seed(self) -> int | None:
        return self.seed

    def take_state(self, state: PokerfaceState, seed: int | None, running: bool) -> None:
        """A game from a scenario (a step of it): you in seat 0, the bots chosen here in the other seats.
        ``running``: the bots move until it is your turn; otherwise the table waits at the step."""
        self.seed = seed if seed is not None else self.seed
        self.players.value = state.player_count
        for variant, box in self.variant_boxes.items():
            box.value = variant in state.rules.variants
        self.rng = np.random.default_rng([self.seed, 1, len(state.events)])
        self._start(state, self._bots(state.player_count), tell_story=False, running=running, focus=running)

    # ------------------------------------------------------------------ game flow
    def new_game(self, focus: bool = False) -> None:
        count = int(self.players.value)
        variants = frozenset(v for v, box in self.variant_boxes.items() if box.value)
        self.seed = self.params.seed if self.params.seed is not None else int(np.random.default_rng().integers(1_000_000))
        self.rng = np.random.default_rng([self.seed, 1])
        rules = PokerfaceRules(SEAT_NAMES[:count], first_dealer=count - 1, variants=variants)  # you sit left of the dealer
        self.say("")
        self.desk.close_viewer()
        if self.join.playing:
            self.join.leave(quietly=True)
        self.setup.layout.display = ""
        self._start(rules.new_game(seed=self.seed, auto_chance=False), self._bots(count), aloud=focus, focus=focus)

    def play(self, action: Any) -> None:
        """Your move: the engine checks it; then the bots move until it is your turn again, and the focus
        goes to your next sensible move."""
        self.controller.play(action)

    def show_hint(self) -> None:
        view = self.controller.view()
        if len(view.hole) != 2 or self.pending is not None or view.round_suit is None:
            self.say(self.t("apps.table.no_hint"), "error")
            return
        self.hint_result = rank_probabilities(view, 20_000, seed=self.rng, read_tokens=True)
        self.hint_suit = view.round_suit
        self.refresh()

    def reveal_next(self) -> None:
        said: list[Msg] = []
        if self.pending is not None and self.revealed < len(self.pending.steps):
            step = self.pending.steps[self.revealed]
            self.revealed += 1
            said = [step.reveal, step.verdict]
        self.controller.update(first=said)

    def next_deal(self) -> None:
        """The showdown is over: the next deal is dealt and the bots move until it is your turn."""
        if self.pending is None or self.revealed < len(self.pending.steps):
            return
        self.pending = None
        self.revealed = 0
        self.controller.go_on()

    @property
    def revealing(self) -> bool:
        """True while a showdown has hands still face down."""
        return self.pending is not None and self.revealed < len(self.pending.steps)

    # ------------------------------------------------------------------ the game's part (GamePart)
    def moved(self, moves: Sequence[TableMove]) -> None:
        """A hint belongs to the position it was asked in; a showdown just made is turned over hand by hand."""
        self.hint_result = None
        if any(isinstance(move.move, Showdown) or ROOM_SHOWDOWN.after(move) for move in moves):
            self.pending = self.controller.view().last_showdown
            self.revealed = 0

    def move_for(self, key: str, view: PokerfaceView) -> Any:
        return chip_move(key, view, self.pending)

    def refusal(self, key: str, reason: str) -> str:
        return self.t("table_drawn.cannot", why=reason)

    def draw(self, view: PokerfaceView) -> Drawing:
        return TableDrawing(view, self.lang, showdown=self.pending, revealed=self.revealed, seat_reasons=self.seat_reasons,
                            free_for_all=self.rules.free_for_all, why_not=self.controller.why_not).drawing()

    def shown_until(self, events: Sequence[Any]) -> int:
        """During a showdown, none of the log after the hands still face down (their reveal, their comparison,
        the deal's result and the game's end)."""
        pending = self.pending
        if pending is None or not self.revealing:
            return len(events)
        deal = self.controller.view().showdowns
        start = next(i for i, e in enumerate(events) if e.kind == "revealed" and e.deal == deal)
        shown, end = 0, start
        for index in range(start, len(events)):
            kind = events[index].kind
            if kind == "revealed":
                shown += 1
                if shown > self.revealed:
                    break
            elif kind != "compared":
                break
            end = index + 1
        return end

    def tells(self, event: Any) -> bool:
        return event.kind not in SHOWDOWN_LINES  # a showdown's hands are said as they are turned over

    def reason_words(self, seat: int, reason: Said) -> str | None:
        if not self.show_reasons.value:
            return None
        return self.t("apps.table.reason", player=self.controller.view().players[seat], reason=self._reason_text(reason))

    def status_words(self) -> str:
        return self._status_text(self.controller.view())

    def focus_order(self, pressed: bool) -> Sequence[Any]:
        """During a showdown Reveal or Next deal; in a round Pass when you may pass (after a take it is the usual
        next move), else the first chip you may take (in the middle, else in front of a player); once the game
        is over, New game."""
        legal = [item for item in self.board.items if item["state"] == "legal" and item["pressable"]]
        legal.sort(key=lambda item: item["region"] != "middle")
        return [self.reveal_button, self.next_deal_button, self.pass_button, *(item["key"] for item in legal), self.new_button]

    def _reason_text(self, reason: Said) -> str:
        """A bot's reason in the language shown, put into words once."""
        key = (id(reason), self.lang)
        text = self.reason_texts.get(key)
        if text is None:
            text = self.reason_texts[key] = reason.text(self.lang)
        return text

    # ------------------------------------------------------------------ drawing
    def refresh(self) -> None:
        """Draw the game as seat 0 may see it: everything comes from its view (the engine decides what you
        may know), the log as the engine tells it to you, and the engine's reason for each refused move.
        While a showdown is turned over, what its hidden hands would tell is held back."""
        self.controller.redraw()

    def draw_controls(self) -> None:
        if self.table is None or self.controller.source is None:
            return
        self.join.refresh()
        rules = self.rules
        t = self.t
        self.players.description = t("apps.common.players")
        for variant, box in self.variant_boxes.items():
            box.description = t(f"apps.table.variant.{variant.value}")
        bot = self.bot_choice.value
        self.bot_choice.options = [(t("apps.lab.bot_" + name), name) for name in GAME.bot_names]
        self.bot_choice.value = bot
        self.bot_choice.description = t("apps.common.bots")
        self.new_button.description = t("apps.table.new_game")
        self.new_button.tooltip = t("apps.table.new_game_tip")
        self.hint_button.description = t("apps.table.hint")
        self.hint_button.tooltip = t("apps.table.hint_tip")
        self.show_reasons.description = t("apps.table.show_reasons")
        self.reveal_button.description = t("apps.table.reveal_next")
        self.reveal_button.tooltip = t("apps.table.reveal_tip")
        self.next_deal_button.description = t("apps.table.next_deal")
        self.next_deal_button.tooltip = t("apps.table.next_deal_tip")
        view = self.controller.view()
        successes, failures = view.successes, view.failures
        if self.revealing:  # the deal being revealed is not counted yet
            assert self.pending is not None
            successes -= int(self.pending.success)
            failures -= int(not self.pending.success)
        win, lose = rules.successes_to_win, view.failures_to_lose
        if isinstance(self.table, RemoteTable):  # a room's seed would tell every hidden card: not shown
            tally = t("apps.rooms.tally_line", successes=successes, win=win, failures=failures, lose=lose)
        else:
            tally = t("apps.table.tally_line", successes=successes, win=win, failures=failures, lose=lose, seed=self.seed)
        self.tally.value = "<p><b>" + esc(tally) + "</b></p>"
        self.legend.value = legend_html(view.player_count, win, lose, self.lang)
        self.status.value = f"<p><b>{esc(self._status_text(view))}</b></p>"
        self._draw_pass(view)
        self.hint.value = hint_html(self.hint_result, self.hint_suit, view, rules.free_for_all, self.lang)
        self._draw_log(view)
        self._draw_showdown(view)
        self.desk.refresh()

    def _status_text(self, view: PokerfaceView) -> str:
        pending = self.pending
        if pending is not None:
            deal = view.showdowns
            if self.revealing:
                return self.t("apps.table.showdown_status", deal=deal, revealed=self.revealed, total=len(pending.steps))
            if not view.game_over:
                return self.t("apps.table.showdown_done", deal=deal)
        if view.game_over:
            return self.t("apps.table.won" if view.won else "apps.table.lost", deals=view.deal_number)
        dealer = view.players[view.dealer]
        if view.phase is not PokerfacePhase.ROUND or view.round_suit is None:
            return self.t("apps.table.dealing", deal=view.deal_number, dealer=dealer)
        free = self.rules.free_for_all
        me = view.seat
        if free and len(view.to_act) > 1:
            who = self.t("apps.table.everyone" if me in view.to_act else "apps.table.waiting",
                         player=Items(view.players[seat] for seat in view.to_act))
        elif free and me in view.to_act:  # no turns here: the others are done
            who = self.t("table_drawn.others_done")
        elif me in view.to_act:
            who = self.t("apps.table.your_turn")
        else:
            who = self.t("apps.table.waiting", player=Items(view.players[seat] for seat in view.to_act))
        return self.t("apps.table.round_status", deal=view.deal_number, dealer=dealer, suit=view.round_suit.symbol, who=who)

    def _draw_pass(self, view: PokerfaceView) -> None:
        """The pass (in a free-for-all "I am done") button, enabled or disabled with the engine's reason."""
        label = self.t("apps.table.done" if self.rules.free_for_all else "apps.table.pass")
        in_round = view.round_suit is not None and view.phase is PokerfacePhase.ROUND and not view.game_over
        if in_round and self.pending is None:
            why: Any = self.controller.why_not(Pass(view.seat))
        elif self.pending is not None and (self.revealing or not view.game_over):
            why = Msg.of("apps.table.in_showdown")
        else:
            why = self.controller.why_not(Pass(view.seat)) if view.game_over else Msg.of("apps.table.no_round")
        with self.pass_button.hold_sync():
            self.pass_button.description = label
            show_move(self.pass_button, why, self.lang, label)
        # during a showdown Reveal (then Next deal) stands first in the row of moves, in place of Pass
        self.pass_move.layout.display = "none" if self.pending is not None else ""
        self.hint_button.disabled = not in_round or self.pending is not None

    def _draw_log(self, view: PokerfaceView) -> None:
        """The log as the engine tells it to seat 0, with the bots' reasons while they are shown (and those of
        the deal on the table in their seats)."""
        events = self.controller.events
        end = self.shown_until(events)
        reasons = ({index: (move.seat, self._reason_text(move.reason)) for index, move in self.controller.reasons.items()
                    if move.seat is not None and move.reason is not None} if self.show_reasons.value else {})
        deal = view.showdowns if self.pending is not None else view.deal_number
        self.log.value, self.seat_reasons = table_log(events[:end], self.controller.log_words(), reasons, view.players, self.lang, deal)

    def _draw_showdown(self, view: PokerfaceView) -> None:
        """The hands turned over so far, each with its comparison; the deal's result after the last one.
        The reveal and next-deal buttons stand in one place above the list."""
        result = self.pending
        if result is None:
            self.showdown.value = ""
            self.reveal_button.layout.display = "none"
            self.next_deal_button.layout.display = "none"
            return
        lines = [f"<li>{esc(step.reveal.text(self.lang))}<br><small>{esc(step.verdict.text(self.lang))}</small></li>"
                 for step in result.steps[: self.revealed]]
        done = self.revealed >= len(result.steps)
        summary = f"<p><b>{esc(result.summary.text(self.lang))}</b></p>" if done else ""
        heading = esc(self.t("apps.table.showdown_heading", deal=view.showdowns))
        intro = "" if done else f"<p>{esc(self.t('apps.table.showdown_intro'))}</p>"
        self.showdown.value = f"<div><h4>{heading}</h4>{intro}<ol>{''.join(lines)}</ol>{summary}</div>"
        self.reveal_button.layout.display = "none" if done else ""
        self.next_deal_button.layout.display = "" if done and not view.game_over else "none"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)
