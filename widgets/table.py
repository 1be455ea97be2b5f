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

import functools
from typing import Any, Callable, Sequence

import ipywidgets
import numpy as np

from pokerkit_teach.core.game import Bot
from pokerkit_teach.core.i18n import Items, Msg
from pokerkit_teach.core.match import Match, Move
from pokerkit_teach.holdem.cards import Card, Suit
from pokerkit_teach.core.render import face_down_svg
from pokerkit_teach.holdem.render import card_label, card_svg
from pokerkit_teach.games.pokerface import GAME, Action, Pass, PokerfacePhase, PokerfaceView, PokerfaceRules, PokerfaceState, TakeFromMiddle, TakeFromPlayer, Variant
from pokerkit_teach.games.pokerface.actions import Showdown
from pokerkit_teach.games.pokerface.events import PokerfaceEvent, Token
from pokerkit_teach.games.pokerface.hints import rank_probabilities
from pokerkit_teach.games.pokerface.render import token_label, token_svg
from pokerkit_teach.games.pokerface.showdown import ShowdownResult

from .app import App, esc
from .controls import MoveControl, focus_first, show_move
from .params import AppParams
from .pokerface_parts import batch_tables_early, batch_tables_in_background
from .scenario_desk import ScenarioDesk
from .drawn import DrawnBoard, Item, Region, State

__all__ = ["TableApp"]

SEAT_NAMES = ("Anna", "Ben", "Carla", "Dan", "Eva", "Finn")  # you are Anna, in seat 0
HUMAN = 0
MAX_BOT_MOVES = 400
_SUITS = {suit.symbol: suit for suit in Suit}
_ROUND_STARTS = ("round_started", "round_started_free_for_all")
_SHOWDOWN_LINES = ("revealed", "compared")

# Where the seats sit (CSS grid areas and columns of the drawn table, by the number of players): the
# others along the top (and the sides), from your left clockwise, the middle, and you at the bottom.
SEATING = {
    3: ('"s1 s2" "mid mid" "s0 s0"', "1fr 1fr"),
    4: ('"s1 s2 s3" "mid mid mid" "s0 s0 s0"', "repeat(3, minmax(0, 1fr))"),
    5: ('"s2 s2 s3 s3" "s1 mid mid s4" "s0 s0 s0 s0"', "repeat(4, minmax(0, 1fr))"),
    6: ('"s2 s3 s4" "s1 mid s5" "s0 s0 s0"', "minmax(0, 1fr) minmax(0, 1.4fr) minmax(0, 1fr)"),
}
NARROW_BELOW = 540  # pixels of the table's own width under which its seats stack (a phone; a tablet keeps the table)


@functools.lru_cache(maxsize=512)
def card_picture(card: Card, lang: str) -> str:
    """A card's picture (the engine's SVG), drawn once per language: the table is drawn after every move."""
    return str(card_svg(card, lang))


@functools.lru_cache(maxsize=8)
def back_picture(lang: str) -> str:
    return str(face_down_svg(lang))


@functools.lru_cache(maxsize=256)
def token_picture(token: Token, lang: str) -> str:
    return str(token_svg(token, lang))


def sentence(text: str) -> str:
    """``text`` as a sentence of an announcement: ending with a full stop unless it ends with one already."""
    text = text.strip()
    return text if not text or text[-1] in ".!?…" else text + "."


# The table's own style: the log is a box that scrolls, laid out from its end (column-reverse), so a new
# log keeps its newest line in view without a script. The log's column starts at the top of the table, beside
# the status, so its box is in the learner's view at 1280x720 (the browser test measures it after each move).
# A seat's note shows at most three lines (a bot's reason can be long; the whole of it is in the log, in the
# seat's text alternative and in the announcement of the move).
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
.pkt-board .pkt-kind-seat .pkt-drawn-note { font-size: 0.82em; line-height: 1.25; display: -webkit-box; -webkit-box-orient: vertical;
  -webkit-line-clamp: 3; line-clamp: 3; overflow: hidden; }
.pkt-board .pkt-drawn-status { font-size: 0.9em; line-height: 1.3; }
.pkt-board .pkt-kind-seat .pkt-size-token .pkt-drawn-picture svg { width: calc(var(--pkt-token-w) * 0.8 * var(--pkt-scale, 1)); }
.pkt-app .pkt-table-moves .pkt-move { max-width: 22em; }
.pkt-app .pkt-tally p { margin: 0.3em 0; }
.pkt-app .pkt-showdown h4 { margin: 0.2em 0; }
.pkt-app .pkt-showdown ol { margin: 0.2em 0; }
</style>"""


class TableApp(App):
    """A game of Pokerface: you in seat 0, bots in the other seats."""

    title_key = "apps.table.title"
    game_name = "pokerface"  # for the scenario desk (widgets.scenario_desk.ScenarioDesk)

    def __init__(self, params: AppParams | None = None, query: str | None = None) -> None:
        self.state: PokerfaceState | None = None
        self.seed: int = 0
        self.match: Match[PokerfaceState] | None = None
        self.bots: list[Bot[PokerfaceView] | None] = []
        # the bots' decisions by the index of the first event of their move: said in the language shown,
        # in the log under that event, in the bot's seat during that round, and in the live region
        self.reasons: dict[int, tuple[int, Any]] = {}
        self.hint_result: Any = None  # the open hint, said in the language shown
        self.hint_suit: Suit | None = None
        self.pending: ShowdownResult | None = None  # the showdown being turned over; the game waits for it
        self.revealed = 0
        self.announced = 0  # the events said in the live region so far
        # the last announcement, to be put into words again in the language shown (a switch of language says
        # it again; words shown but not said aloud, of the game dealt as the page was built, follow silently),
        # whether it was said aloud, and the language it was last put into words in
        self.said: Callable[[], str] | None = None
        self.said_aloud = False
        self.said_lang = ""
        # what an event of the game (by index) and a bot's reason say, by language: the log is drawn again
        # after every move, and putting hundreds of sentences into words each time made a click slow
        self.told: dict[tuple[str, int, str], str] = {}
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
        self.board = DrawnBoard(narrow_below=NARROW_BELOW)  # the table: seats, board, chips (press = move)
        self.board.add_class("pkt-board")
        self.board.on_press(self.guarded(self.press))
        self.pass_move = MoveControl()  # the button with its reason, as visible text, when it is not allowed
        self.pass_button = self.pass_move.button
        self.pass_button.add_class("pkt-pass")
        self.pass_button.on_click(self.guarded(lambda _: self.play(Pass(HUMAN))))
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
        main = ipywidgets.VBox([self.status, self.toolbar, self.hint, self.board, self.showdown],
                               layout=ipywidgets.Layout(flex="3 1 520px", min_width="0"))
        main.add_class("pkt-table-main")
        # beside the table on a projector; below it on a tablet held upright (the row wraps)
        side = ipywidgets.VBox([self.tally, self.legend, self.log], layout=ipywidgets.Layout(flex="2 1 260px", min_width="0"))
        side.add_class("pkt-table-side")
        columns = ipywidgets.HBox([main, side], layout=ipywidgets.Layout(align_items="flex-start", grid_gap="1em",
                                                                         flex_flow="row wrap"))
        columns.add_class("pkt-table-columns")
        self.desk = ScenarioDesk(self, self, "table.ipynb")  # save, open, walk through, link
        return [ipywidgets.HTML(TABLE_CSS), setup, columns, self.desk.box]

    def take_params(self, params: AppParams) -> bool:
        """The page's seed and number of players: a new game with them in the app already built."""
        self.params = params
        self.players.value = params.players
        self.new_game()
        self.adopt_language(params)
        return True

    def open_linked(self) -> None:
        if self.state is not None:  # App.__init__ asks before the first game is dealt: see __init__
            self.desk.open_params(self.params)

    # ------------------------------------------------------------------ scenarios (ScenarioPlay)
    def scenario_state(self) -> PokerfaceState | None:
        return self.state

    def scenario_seed(self) -> int | None:
        return self.seed

    def take_state(self, state: PokerfaceState, seed: int | None, running: bool) -> None:
        """A game from a scenario (a step of it): you in seat 0, the bots chosen here in the other seats.
        ``running``: the bots move until it is your turn; otherwise the table waits at the step."""
        count = state.player_count
        self.seed = seed if seed is not None else self.seed
        self.players.value = count
        for variant, box in self.variant_boxes.items():
            box.value = variant in state.rules.variants
        self.rng = np.random.default_rng([self.seed, 1, len(state.events)])
        state.auto_chance = False  # the match deals, so the game can wait after a showdown (as in new_game)
        self.state = state
        self.bots = [None] + [GAME.make_bot(str(self.bot_choice.value), np.random.default_rng([self.seed, 2, s])) for s in range(1, count)]
        self.match = Match(state, self.bots, seed=self.rng)
        self.reasons = {}
        self.told = {}
        self.hint_result = None
        self.pending = None
        self.revealed = 0
        self.announced = len(state.events)
        if running:
            self.run_bots()
        self.refresh()
        self.announce_moves()
        if running:
            self.focus_next()

    # ------------------------------------------------------------------ game flow
    def new_game(self, focus: bool = False) -> None:
        count = int(self.players.value)
        names = SEAT_NAMES[:count]
        variants = frozenset(v for v, box in self.variant_boxes.items() if box.value)
        seed = self.params.seed if self.params.seed is not None else int(np.random.default_rng().integers(1_000_000))
        self.seed = seed
        self.rng = np.random.default_rng([seed, 1])
        rules = PokerfaceRules(names, first_dealer=count - 1, variants=variants)  # you sit left of the dealer
        # the match deals (no auto_chance), so the game can wait after a showdown until the learner asks
        self.state = rules.new_game(seed=seed, auto_chance=False)
        self.bots = [None] + [GAME.make_bot(str(self.bot_choice.value), np.random.default_rng([seed, 2, s])) for s in range(1, count)]
        self.match = Match(self.state, self.bots, seed=self.rng)
        self.reasons = {}
        self.told = {}
        self.hint_result = None
        self.pending = None
        self.revealed = 0
        self.announced = 0
        self.say("")
        self.desk.close_viewer()
        self.run_bots()
        self.refresh()
        self.announce_moves(aloud=focus)
        if focus:
            self.focus_next()

    def play(self, action: Action) -> None:
        """Your move: the engine checks it; then the bots move until it is your turn again, and the focus
        goes to your next sensible move."""
        assert self.state is not None
        self.state.apply(action)
        self.hint_result = None
        self.say("")
        self.run_bots()
        self.refresh()
        self.announce_moves()
        self.focus_next()

    def focus_next(self) -> None:
        """Put the keyboard focus on the next sensible control: during a showdown Reveal or Next deal; in a
        round Pass when you may pass (after a take it is the usual next move), else the first chip you may
        take (in the middle, else in front of a player); once the game is over, New game."""
        if focus_first(self.reveal_button, self.next_deal_button, self.pass_button) is not None:
            return
        legal = [item for item in self.board.items if item["state"] == "legal" and item["pressable"]]
        legal.sort(key=lambda item: item["region"] != "middle")
        if legal:
            self.board.focus_item(legal[0]["key"])
            return
        focus_first(self.new_button)

    def run_bots(self) -> None:
        """The match deals and the bots move until you may act, the game is over, or a showdown has been
        made: then the game waits while you turn the hands over. The bots' reasons are kept."""
        assert self.match is not None and self.state is not None
        events = self.state.events

        def seen(move: Move) -> bool:
            if move.decision is not None and move.events:
                self.reasons[len(events) - len(move.events)] = (move.seat, move.decision)
            return isinstance(move.action, Showdown)

        moves = self.match.run(MAX_BOT_MOVES, until=seen)
        if moves and isinstance(moves[-1].action, Showdown):
            self.pending = self.state.showdowns[-1]
            self.revealed = 0

    def show_hint(self) -> None:
        assert self.state is not None
        view = self.state.view_for(HUMAN)
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
        self.refresh()
        self.announce_moves(said)
        self.focus_next()

    def next_deal(self) -> None:
        """The showdown is over: the next deal is dealt and the bots move until it is your turn."""
        if self.pending is None or self.revealed < len(self.pending.steps):
            return
        self.pending = None
        self.revealed = 0
        self.say("")
        self.run_bots()
        self.refresh()
        self.announce_moves()
        self.focus_next()

    @property
    def revealing(self) -> bool:
        """True while a showdown has hands still face down."""
        return self.pending is not None and self.revealed < len(self.pending.steps)

    # ------------------------------------------------------------------ drawing
    def refresh(self) -> None:
        """Draw the game as seat 0 may see it: everything comes from its view (the engine decides what you
        may know), the log as the engine tells it to you, and the engine's reason for each refused move.
        While a showdown is turned over, what its hidden hands would tell is held back."""
        state = self.state
        if state is None:
            return
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
        view = state.view_for(HUMAN)
        successes, failures = view.successes, view.failures
        if self.revealing:  # the deal being revealed is not counted yet
            assert self.pending is not None
            successes -= int(self.pending.success)
            failures -= int(not self.pending.success)
        win, lose = state.rules.successes_to_win, view.failures_to_lose
        self.tally.value = "<p><b>" + esc(t("apps.table.tally_line", successes=successes, win=win, failures=failures, lose=lose,
                                            seed=self.seed)) + "</b></p>"
        self.legend.value = self._legend(view.player_count, win, lose)
        self.status.value = f"<p><b>{esc(self._status_text(view))}</b></p>"
        self._draw_pass(view)
        self.hint.value = self._hint_html(view)
        log, seat_reasons = self._log(view)
        self.log.value = log
        self._draw_board(view, seat_reasons)
        self._draw_showdown()
        if self.said is not None and self.said_lang != self.lang:
            self._say_again()
        self.desk.refresh()

    def _legend(self, count: int, win: int, lose: int) -> str:
        """What the token numbers claim (the Ace is the lowest here), what wins and what loses the game."""
        t = self.t
        order = " · ".join("A" if n == 1 else str(n) for n in range(1, count + 1))
        parts = [t("apps.table.legend_tokens", order=order, top=str(count)), t("apps.table.legend_ace"),
                 t("apps.table.legend_goal", win=win, lose=lose)]
        return "<div>" + "".join(f"<p>{esc(part)}</p>" for part in parts) + "</div>"

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
        assert self.state is not None
        if self.state.rules.free_for_all and len(view.to_act) > 1:
            who = self.t("apps.table.everyone" if HUMAN in view.to_act else "apps.table.waiting",
                         player=Items(view.players[seat] for seat in view.to_act))
        elif self.state.rules.free_for_all and HUMAN in view.to_act:  # no turns here: the others are done
            who = self.t("table_drawn.others_done")
        elif HUMAN in view.to_act:
            who = self.t("apps.table.your_turn")
        else:
            who = self.t("apps.table.waiting", player=Items(view.players[seat] for seat in view.to_act))
        return self.t("apps.table.round_status", deal=view.deal_number, dealer=dealer, suit=view.round_suit.symbol, who=who)

    def _draw_pass(self, view: PokerfaceView) -> None:
        """The pass (in a free-for-all "I am done") button, enabled or disabled with the engine's reason."""
        state = self.state
        assert state is not None
        label = self.t("apps.table.done" if state.rules.free_for_all else "apps.table.pass")
        in_round = view.round_suit is not None and view.phase is PokerfacePhase.ROUND and not view.game_over
        if in_round and self.pending is None:
            why: Any = state.why_not(Pass(HUMAN))
        elif self.pending is not None and (self.revealing or not view.game_over):
            why = Msg.of("apps.table.in_showdown")
        else:
            why = state.why_not(Pass(HUMAN)) if view.game_over else Msg.of("apps.table.no_round")
        with self.pass_button.hold_sync():
            self.pass_button.description = label
            show_move(self.pass_button, why, self.lang, label)
        # during a showdown Reveal (then Next deal) stands first in the row of moves, in place of Pass
        self.pass_move.layout.display = "none" if self.pending is not None else ""
        self.hint_button.disabled = not in_round or self.pending is not None

    def _take(self, key: str, view: PokerfaceView | None = None) -> Action | None:
        """The move a chip of the round being played stands for: taking it from the middle or from the
        player in front of whom it lies; None for a chip of an earlier round or your own. ``view``: seat
        0's view of the game now, if the caller has it already."""
        state = self.state
        if state is None or self.pending is not None:
            return None
        view = view if view is not None else state.view_for(HUMAN)
        suit = view.round_suit
        if suit is None or view.game_over or not key.startswith(f"token-{suit.name.lower()}-"):
            return None
        holders = view.token_holders(suit)
        number = int(key.rsplit("-", 1)[1])
        if holders is None or not 1 <= number <= len(holders):
            return None
        holder = holders[number - 1]
        if holder is None:
            return TakeFromMiddle(HUMAN, number)
        return TakeFromPlayer(HUMAN, holder) if holder != HUMAN else None

    def _chip(self, view: PokerfaceView, suit: Suit, number: int, region: str, label: str) -> Item:
        """A chip on the table: a move of the round being played (legal, or illegal with the engine's
        reason), or a picture of an earlier round's token."""
        assert self.state is not None
        token = Token(suit, number)
        key = f"token-{suit.name.lower()}-{number}"
        action = self._take(key, view)
        picture = token_picture(token, self.lang)
        if action is None:
            return Item(key, region, picture, label, size="token")
        why = self.state.why_not(action)
        if why is None:
            return Item(key, region, picture, label, state="legal", pressable=True, size="token")
        return Item(key, region, picture, label, state="illegal", pressable=True, why=why.text(self.lang), size="token")

    def _seat_note(self, view: PokerfaceView, seat: int, seat_reasons: dict[tuple[Suit, int], Any],
                   shown: dict[str, Any]) -> tuple[str, bool]:
        """What a seat's heading says besides the name (dealer, whose turn, the bot's reason, the
        showdown's verdict), and whether it is the seat to act."""
        assert self.state is not None
        t = self.t
        parts: list[str] = []
        playing = self.pending is None and not view.game_over and view.phase is PokerfacePhase.ROUND and view.round_suit is not None
        current = playing and seat in view.to_act
        if seat == view.dealer and self.pending is None:
            parts.append(t("table_drawn.deals"))
        if seat == HUMAN:
            if current:
                free = self.state.rules.free_for_all
                parts.append(t("table_drawn.your_turn_free" if free else "table_drawn.your_turn"))
            else:
                parts.append(t("table_drawn.your_seat"))
        elif current and not self.state.rules.free_for_all:
            parts.append(t("table_drawn.to_act"))
        name = view.players[seat]
        step = shown.get(name)
        if step is not None:  # the verdict itself is in the showdown's list below the table and is announced
            parts.append(t("table_drawn.holds" if step.ok else "table_drawn.breaks"))
        elif view.round_suit is not None and (view.round_suit, seat) in seat_reasons and self.pending is None:
            parts.append(str(seat_reasons[(view.round_suit, seat)]))
        return " · ".join(parts), current

    def _draw_board(self, view: PokerfaceView, seat_reasons: dict[tuple[Suit, int], Any]) -> None:
        """The drawn table as seat 0 sees it: every seat with its hole cards and tokens, the board and the
        free tokens in the middle; during a showdown the hands turned over so far, face up and marked."""
        t, lang = self.t, self.lang
        count = view.player_count
        pending = self.pending
        shown = {step.hand.name: step for step in pending.steps[: self.revealed]} if pending is not None else {}
        dealt = bool(view.hole) or pending is not None
        regions: list[Region] = []
        items: list[Item] = []
        # in the page's order (the order of Tab and of a screen reader): the others, the middle, you
        for seat in [*range(1, count), None, HUMAN]:
            if seat is None:
                self._draw_middle(view, regions, items)
                continue
            name = view.players[seat]
            key = f"seat-{seat}"
            note, current = self._seat_note(view, seat, seat_reasons, shown)
            title = t("table_drawn.you_title", name=name) if seat == HUMAN else name
            regions.append(Region(key, title, f"s{seat}", note=note, current=current))
            step = shown.get(name)
            if step is not None:  # turned over: face up, marked where the order holds or breaks
                mark: State = "holds" if step.ok else "breaks"
                said = t("table_drawn.holds" if step.ok else "table_drawn.breaks")
                for index, card in enumerate(step.hand.hole):
                    items.append(Item(f"hole-{seat}-{index}", key, card_picture(card, lang),
                                      t("table_drawn.shown_card", player=name, card=card_label(card, lang), order=said),
                                      state=mark, size="card" if seat == HUMAN else "small"))
            elif seat == HUMAN:
                hole = view.hole
                if not hole and pending is not None:
                    hole = next((s.hand.hole for s in pending.steps if s.hand.name == name), ())
                for index, card in enumerate(hole):
                    items.append(Item(f"hole-{seat}-{index}", key, card_picture(card, lang),
                                      t("table_drawn.your_card", card=card_label(card, lang))))
            elif dealt:
                for index in range(2):
                    items.append(Item(f"hole-{seat}-{index}", key, back_picture(lang),
                                      t("table_drawn.hidden_card", player=name), size="small"))
            for suit, _ in view.tokens:
                number = view.token_of(seat, suit)
                if number is None:
                    continue
                label_key = "table_drawn.chip_yours" if seat == HUMAN else "table_drawn.chip_of"
                items.append(self._chip(view, suit, number, key,
                                        t(label_key, token=token_label(Token(suit, number), lang), player=name)))
        areas, columns = SEATING[count]
        self.board.title = t("table_drawn.board")
        self.board.show(regions, items, areas=areas, columns=columns)

    def _draw_middle(self, view: PokerfaceView, regions: list[Region], items: list[Item]) -> None:
        """The middle of the table: the board (the showdown's during a showdown) and the round's free chips."""
        t, lang = self.t, self.lang
        pending = self.pending
        board = pending.board if pending is not None else view.board
        regions.append(Region("middle", t("table_drawn.middle"), "mid", note=t("table_drawn.middle_note"), kind="middle"))
        for index, card in enumerate(board):
            items.append(Item(f"board-{index}", "middle", card_picture(card, lang), t("table_drawn.board_card", card=card_label(card, lang))))
        round_suit = view.round_suit
        holders = view.token_holders(round_suit) if round_suit is not None and pending is None and not view.game_over else None
        if round_suit is not None and holders is not None:
            for number, holder in enumerate(holders, start=1):
                if holder is None:
                    items.append(self._chip(view, round_suit, number, "middle",
                                            t("table_drawn.chip_middle", token=token_label(Token(round_suit, number), lang))))

    def press(self, key: str) -> None:
        """A chip pressed (click, Enter or Space): the move it stands for if the engine allows it; else the
        live region says why not, and nothing changes."""
        action = self._take(key)
        if action is None or self.state is None:
            return
        why = self.state.why_not(action)
        if why is not None:
            self._say(lambda: self.t("table_drawn.cannot", why=why.text(self.lang)), aloud=True)
            return
        self.play(action)

    def announce_moves(self, first: Sequence[Msg] = (), aloud: bool = True) -> None:
        """Say in the live region ``first`` and what happened since the last announcement, as the log tells it
        (each move with the bot's reason while the reasons are shown; a showdown's hands as they are turned
        over, said by :meth:`reveal_next`), and then where the game stands. Not ``aloud``: only shown
        (a game dealt as the page is built: nobody has asked for anything yet, and the page built in a
        preheated kernel for another address must end as the page built for its own)."""
        state = self.state
        if state is None:
            return
        end = self._shown_events()
        start = min(self.announced, end)
        self.announced = max(self.announced, end)
        self._say(lambda: self._saying(first, start, end), aloud)

    def _say(self, words: Callable[[], str], aloud: bool) -> None:
        """Put ``words`` (a function giving them in the language shown) into the live region, aloud or only shown."""
        self.said, self.said_aloud = words, aloud
        self._say_again()

    def _say_again(self) -> None:
        """The last announcement again, in the language shown: aloud if it was said aloud."""
        if self.said is None:
            return
        self.said_lang = self.lang
        if self.said_aloud:
            self.board.announce(self.said())
        else:
            self.board.status = self.said()

    def _saying(self, first: Sequence[Msg], start: int, end: int) -> str:
        """The words of an announcement: ``first``, the events ``start`` to ``end`` (with the bots' reasons
        while they are shown), and where the game stands, in the language shown."""
        state = self.state
        assert state is not None
        events = state.events
        reasons = self.reasons if self.show_reasons.value else {}
        sentences = [sentence(words.text(self.lang)) for words in first]
        for index in range(start, end):
            if events[index].kind in _SHOWDOWN_LINES:
                continue
            sentences.append(sentence(self._told("event", index)))
            reason = reasons.get(index)
            if reason is not None:
                seat, decision = reason
                sentences.append(sentence(self.t("apps.table.reason", player=state.players[seat], reason=self._told("reason", index))))
        sentences.append(sentence(self._status_text(state.view_for(HUMAN))))
        return " ".join(sentences)

    def _hint_html(self, view: PokerfaceView) -> str:
        """The open hint: the chance of each token's place, ending with the move to the likeliest token."""
        hint, suit = self.hint_result, self.hint_suit
        if hint is None or suit is None:
            return ""
        place = hint.likeliest_place
        token = Token(suit, place)
        holders = view.token_holders(suit) or ()
        holder = holders[place - 1] if place <= len(holders) else None
        assert self.state is not None
        if holder is None:
            advice = self.t("apps.table.suggest_middle", token=token)
        elif holder == HUMAN:
            advice = self.t("apps.table.suggest_keep_done" if self.state.rules.free_for_all else "apps.table.suggest_keep", token=token)
        else:
            advice = self.t("apps.table.suggest_player", token=token, player=view.players[holder])
        return f"<p class='pkt-hint-text'>{esc(hint.text(self.lang, suit=suit))} {esc(advice)}</p>"

    def _told(self, what: str, index: int) -> str:
        """The event ``index`` as the engine tells it to seat 0 (``what`` "event"), or the reason of the bot
        whose move began with it ("reason"), in the language shown; each put into words once."""
        key = (what, index, self.lang)
        text = self.told.get(key)
        if text is None:
            assert self.state is not None
            if what == "event":
                text = self.state.log_for(HUMAN, self.lang, last=len(self.state.events) - index)[0]
            else:
                text = self.reasons[index][1].text(self.lang)
            self.told[key] = text
        return text

    def _shown_events(self) -> int:
        """How many events of the log may be shown: during a showdown, none after the hands still face
        down (their reveal, their comparison, the deal's result and the game's end)."""
        state = self.state
        assert state is not None
        events = state.events
        pending = self.pending
        if pending is None or not self.revealing:
            return len(events)
        start = next(i for i, e in enumerate(events) if e.kind == "revealed" and e.deal == len(state.showdowns))
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

    def _log(self, view: PokerfaceView) -> tuple[str, dict[tuple[Suit, int], Any]]:
        """The log as the engine tells it to seat 0, under headings for each deal, token round and
        showdown, with each bot's reason under its move; and the bots' latest reasons of the deal on
        the table, by round and seat."""
        state = self.state
        assert state is not None
        t = self.t
        reasons = self.reasons if self.show_reasons.value else {}
        deal_shown = view.showdowns if self.pending is not None else view.deal_number
        seat_reasons: dict[tuple[Suit, int], Any] = {}
        entries: list[tuple[str, str]] = []
        suit: Suit | None = None
        previous = ""
        events: list[PokerfaceEvent] = state.events
        for index in range(self._shown_events()):
            event = events[index]
            kind = event.kind
            if kind == "deal_started":
                entries.append(("pkt-log-deal", t("apps.table.log_deal", deal=event.deal)))
            elif kind in _ROUND_STARTS:
                suit = _SUITS.get(str(dict(event.params).get("suit")))
                entries.append(("pkt-log-round", t("apps.table.log_round", suit=dict(event.params).get("suit", ""))))
            elif kind in _SHOWDOWN_LINES and previous not in _SHOWDOWN_LINES:
                entries.append(("pkt-log-round", t("apps.table.log_showdown")))
            previous = kind
            entries.append(("pkt-log-line", self._told("event", index)))
            reason = reasons.get(index)
            if reason is not None:
                seat, decision = reason
                text = self._told("reason", index)
                entries.append(("pkt-log-reason", t("apps.table.reason", player=state.players[seat], reason=text)))
                if event.deal == deal_shown and suit is not None:
                    seat_reasons[(suit, seat)] = text
        items = [f"<div class='{css}{' pkt-log-last' if i == len(entries) - 1 else ''}'>{esc(text)}</div>"
                 for i, (css, text) in enumerate(entries)]
        heading = esc(t("apps.table.log_heading"))
        return (f"<div><b>{heading}</b><div class='pkt-log-scroll' role='log' tabindex='0' aria-label='{heading}'><div>{''.join(items)}</div></div></div>",
                seat_reasons)

    def _draw_showdown(self) -> None:
        """The hands turned over so far, each with its comparison; the deal's result after the last one.
        The reveal and next-deal buttons stand in one place above the list."""
        result = self.pending
        if result is None:
            self.showdown.value = ""
            self.reveal_button.layout.display = "none"
            self.next_deal_button.layout.display = "none"
            return
        assert self.state is not None
        lines = [f"<li>{esc(step.reveal.text(self.lang))}<br><small>{esc(step.verdict.text(self.lang))}</small></li>"
                 for step in result.steps[: self.revealed]]
        done = self.revealed >= len(result.steps)
        summary = f"<p><b>{esc(result.summary.text(self.lang))}</b></p>" if done else ""
        deal = len(self.state.showdowns)
        heading = esc(self.t("apps.table.showdown_heading", deal=deal))
        intro = "" if done else f"<p>{esc(self.t('apps.table.showdown_intro'))}</p>"
        self.showdown.value = f"<div><h4>{heading}</h4>{intro}<ol>{''.join(lines)}</ol>{summary}</div>"
        self.reveal_button.layout.display = "none" if done else ""
        self.next_deal_button.layout.display = "" if done and not self.state.is_terminal() else "none"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)
