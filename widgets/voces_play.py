"""A Póker a Voces round against bots, one section of the Póker a Voces explorer: you in seat 0, the
engine's hand-builder bots in the others.

The table is drawn (:class:`~widgets.drawn.DrawnBoard`, the engine's card pictures): every seat with its
three hand tokens, the five cards under each (face down; yours as your view shows them), the coins on each
hand and a folded token turned to its +2; an open offer as that many face-down cards; the middle with the
coins of each hand and the cards drawn for a Baboon; your cards; and, hand by hand, the hands turned over,
each wild card drawn with the card it stands for, the winner ticked and those out of the hand crossed.
Pressing a picture (click, or Tab to it and Enter/Space) is the move it stands for: a card of yours selects
it, another player's offer takes it with the cards selected, your own offer withdraws it, your next empty
token places your hand, a pile takes it in hand for the coin step (the coins per hand are then chosen in the
menus), the 5-coin goes on the hand chosen in its menu, a drawn card swaps your Baboon. The moves you may
make are ringed in green; the others can still be pressed and say the engine's reason (``why_not``), which
is also part of their text alternative. Every move, yours and the bots', is announced in the board's live
region. The buttons in the column beside the table make the same moves; the column shows only the moves of
the phase being played (and moves under the table on a tablet), so the learner's seat and its moves share
one screen. A selected card is lifted with a tick (the drawn board's ``chosen`` mark). Each special card is
explained in the learner's language when it is chosen (:class:`~widgets.voces_parts.SpecialsPicker`) and
when it is revealed: in the column beside the table and beside the hand turned over, what it did there
(:func:`~widgets.voces_board.specials_revealed`, read from the engine's events of the reveal).

Trading has no turns, so the table is driven by your moves: select cards (a press on each card's picture)
and **Offer** them, **Take** another player's open offer (one button per offer, naming who offers how
many cards) by giving the same number of selected cards, **Withdraw** your offer, **Place** your hand
under the next token. By default the bots wait for you (*Bots wait for me*): after each of your trading
moves, and for each click of **Let one bot move**, one bot makes one move (the play controller's
:class:`~widgets.table_source.LocalTable` bounds the bots' moves while you may act too, and its
:class:`~pokerkit_teach.core.match.Match` picks one of the bots that may act), so a bot's offer is still
open when you see it. Without that box a few bots act after each move and **Let the others trade**
lets them act a few times more. STOP is announced before it happens: once a player has all three hands
down, a warning names everyone whose next placed hand calls STOP and says what STOP would do to your hands
now (:attr:`~pokerkit_teach.games.voces.state.VocesView.stop_callers`,
:meth:`~pokerkit_teach.games.voces.state.VocesView.if_stop_now`). After STOP: the three coin steps (a pile, and which of
its coins goes on which hand), the 5-coin, fold or stay from hand 3 down to hand 1, a pick for each
Baboon, the reveal of every hand and the score.

You see what your seat sees, as the engine decides it (:meth:`~pokerkit_teach.games.voces.state.VocesState.view_for`):
your cards, the number of cards the others offer, coins and folds; the others' cards only when a hand is
revealed. The log is your view's log (a trade between two bots says only how many cards moved), and the
bots' reasons are what your seat hears of them (:meth:`~pokerkit_teach.games.voces.state.VocesView.heard`).

Every button the rules do not allow now is disabled (grey and dashed, also after the game is over), and
the engine's reason (``why_not``) is its tooltip and visible text under its row; a click that gets
through anyway is refused by the engine with that reason and changes nothing.

**Play with others** (:class:`~widgets.room_join.RoomJoin`, under the log): a room's code and a free seat, or
a seat link (``?room=CODE&seat=TOKEN``); then the same controls play a
:class:`~widgets.room_table.RemoteTable`, drawn from that seat's view and log as the room's server sends them
(the log in the server's words, :class:`Spoken`; the result and the status from :class:`RoomGame`). The
room's bots move by themselves, so the bots' settings and the button that lets them move are hidden, and the
status names no seed.

CSS classes: ``pkt-voces-play``, ``pkt-voces-new-game``, ``pkt-voces-play-players``, ``pkt-voces-rounds``,
``pkt-voces-status``, ``pkt-voces-board`` (the drawn table; its pictures carry ``data-key``: ``card-Ks3``,
``slot-SEAT-TOKEN``, ``offer-SEAT``, ``pile-N``, ``five``, ``centre-HAND``, ``drawn-N``, ``rev-HAND-SEAT``;
its regions ``data-region``: ``seat-SEAT``, ``middle``, ``cards``, ``reveal-HAND``), ``pkt-voces-offer``, ``pkt-voces-withdraw``, ``pkt-voces-place``,
``pkt-voces-wait``, ``pkt-voces-accept`` and ``pkt-voces-take`` (a Take button), ``pkt-voces-paced``,
``pkt-voces-stop-warning``, ``pkt-voces-reasons`` (``pkt-voces-reasons-trade``, ``-take``, ``-bet``,
``-five``, ``-decide``), ``pkt-voces-pile``, ``pkt-voces-coin``, ``pkt-voces-bet``,
``pkt-voces-five-hand``, ``pkt-voces-five``, ``pkt-voces-fold``, ``pkt-voces-stay``, ``pkt-voces-pick``,
``pkt-voces-drawn``, ``pkt-voces-result``, ``pkt-voces-score``, ``pkt-voces-next-round``, ``pkt-voces-log``,
``pkt-voces-table-row`` (the table and beside it ``pkt-voces-side``: the moves, grouped as
``pkt-voces-moves-trade``, ``-bet``, ``-decide``, ``-pick``, and ``pkt-voces-specials-explained``),
``pkt-voces-specials-help`` (what the chosen special cards do).
"""


from __future__ import annotations

import dataclasses
from typing import Any, Callable, Sequence, TypeVar

import ipywidgets
import numpy as np

from pokerkit_teach.core.errors import OptionError
from pokerkit_teach.core.i18n import Msg
from pokerkit_teach.core.registry import get_game
from pokerkit_teach.games.voces.actions import PILES, Accept, Bet, Fold, Offer, Pick, Place, PlaceFive, Stay, VocesPhase, Withdraw
from pokerkit_teach.games.voces.cards import AnyVocesCard, Special
from pokerkit_teach.games.voces.rules import VocesRules
from pokerkit_teach.games.voces.state import CardCount, VocesState
from pokerkit_teach.games.voces.view import VocesView

from .app import App, esc
from .controls import MoveControl, replace_children, show_move
from .play import Choice, Drawing, GamePart, PlayController, log_html
from .room_join import RoomJoin
from .room_table import RemoteTable
from .scenario_desk import ScenarioDesk
from .table_source import LocalTable, Pause, TableMove
from .voces_board import VocesDrawing, result_html, specials_revealed_html, status_text, stop_warning_html
from .voces_parts import NAMES, SpecialsPicker, card_key, voces_cards_html

__all__ = ["VocesGame", "HUMAN", "SCORED"]

GAME = get_game("voces")
HUMAN = 0
TRADE_STEPS = 3  # bot moves after each of your trading moves (bots not waiting for you)
WAIT_STEPS = 6  # bot moves for "Let the others trade" (bots not waiting for you)
PACED_STEPS = 1  # bot moves per click while the bots wait for you (the default)
# Disabled buttons are greyed by the apps' style (widgets/app.py); the STOP warning stands out.
# The column of moves beside the table stays in view while the table is scrolled (to the reveals, say).
STYLE = ("<style>.pkt-voces-stop-warning{border-left:4px solid #b35900;background:#fff4e5;color:#1a1a1a;padding:0.3em 0.6em;margin:0.3em 0}"
         ".pkt-voces-side{position:sticky;top:0;align-self:flex-start}</style>")
LOG_LINES = 24  # the log's newest lines shown
NARROW_BELOW = 600  # px: a board narrower than this (a phone) stacks its regions in one column; a tablet keeps two
_K = "apps.voces.play."
_D = "apps.voces.drawn."
SCORED = Pause("scored", lambda move: any(event.kind == "scored" for event in move.events))
"""The table waits after a round is scored, so that the learner reads the reveal and the score, until Next round."""


W = TypeVar("W", bound=ipywidgets.DOMWidget)


def _classed(widget: W, css: str) -> W:
    """``widget`` with the CSS class ``css`` (for the page's style and the browser tests)."""
    widget.add_class(css)
    return widget


def _heard(view: VocesView, seat: int, reason: Msg) -> Msg:
    """What your seat may know of a bot's reason (the cards it names stay hidden until a reveal)."""
    return view.heard(seat, reason)


class Spoken:
    """A log entry of a room's table, said in the words the room's server gave it (its values as the entry's)."""

    def __init__(self, event: Any, words: str) -> None:
        self.event = event
        self.words = words

    def describe(self, lang: str) -> str:
        return self.words

    def __getattr__(self, name: str) -> Any:
        return getattr(self.event, name)


class RoomGame:
    """What the result and the status of a room's table read (as they read a game in this kernel): its log as
    this seat may read it, its players and rules, each round's score as the log's ``scored`` entries give it."""

    def __init__(self, table: RemoteTable, events: Sequence[Any], view: VocesView) -> None:
        self.events = list(events)
        self.players = view.players
        self.rules = table.rules
        self._view = view
        scored: dict[int, dict[int, int]] = {}
        for event in self.events:
            if event.kind == "scored" and event.seat is not None:
                scored.setdefault(event.round, {})[event.seat] = int(event.param("total"))
        self.round_scores = [tuple(by_seat.get(seat, 0) for seat in range(len(view.players)))
                             for _, by_seat in sorted(scored.items())]
        self.totals = tuple(sum(scores[seat] for scores in self.round_scores) for seat in range(len(view.players)))

    def is_terminal(self) -> bool:
        return self._view.phase is VocesPhase.OVER

    def view_for(self, seat: int) -> VocesView:
        return self._view


class VocesGame(GamePart):
    """The play section: owns its controls and its part of the :class:`~widgets.play.PlayController`, which
    plays the round with the bots through a :class:`~widgets.table_source.LocalTable`. Its
    :class:`~widgets.scenario_desk.ScenarioDesk` saves the game so far, opens a scenario file, a built-in
    scenario or a link, and continues from any step."""

    game_name = "voces"
    pause_key = _K + "press_next"
    not_now_key = _K + "not_now"

    def __init__(self, app: App) -> None:
        self.app = app
        self.table: LocalTable[VocesState] | RemoteTable | None = None
        self.seed = 0
        self.scored_rounds = 0
        self.result_round = 1
        self.selected: set[AnyVocesCard] = set()
        self._relabelling = False
        g = app.guarded
        self.intro = ipywidgets.HTML()
        self.players = _classed(ipywidgets.Dropdown(options=[3, 4, 5, 6], value=app.params.players, layout=ipywidgets.Layout(width="12em")),
                                "pkt-voces-play-players")
        self.rounds = _classed(ipywidgets.Dropdown(options=[1, 3], value=1, layout=ipywidgets.Layout(width="12em")), "pkt-voces-rounds")
        self.specials = SpecialsPicker([Special.RACCOON])
        self.study = _classed(ipywidgets.Checkbox(value=False, indent=False, layout=ipywidgets.Layout(width="auto")), "pkt-voces-study")
        self.paced = _classed(ipywidgets.Checkbox(value=True, indent=False, layout=ipywidgets.Layout(width="auto")), "pkt-voces-paced")
        self.paced.observe(lambda _: self._on_paced(), names="value")
        self.style = ipywidgets.HTML(STYLE)
        self.new_button = _classed(ipywidgets.Button(icon="refresh", button_style="primary"), "pkt-voces-new-game")
        self.new_button.on_click(g(lambda _: self._new_game_pressed()))
        self.status = _classed(ipywidgets.HTML(), "pkt-voces-status")
        # the table drawn: seats with their hand tokens, offers and coins, the middle, your cards, the reveal
        self.controller = PlayController(app, self, board_class="pkt-voces-board", narrow_below=NARROW_BELOW)
        self.board = self.controller.board
        # trading
        self.offer_button = self._button("pkt-voces-offer", lambda: self.play(Offer(self.me, self._selection())), "info")
        self.withdraw_button = self._button("pkt-voces-withdraw", lambda: self.play(Withdraw(self.me)))
        self.place_button = self._button("pkt-voces-place", lambda: self.play(Place(self.me)), "success")
        self.wait_button = self._button("pkt-voces-wait", self.let_others_trade)
        self.accept_box = _classed(ipywidgets.HBox([]), "pkt-voces-offers")
        self.accept_buttons: list[tuple[int, ipywidgets.Button]] = []
        self.accept_moves: list[MoveControl] = []  # a Take button with its reason, for each open offer
        self.offers_label = ipywidgets.HTML()
        self.stop_warning = _classed(ipywidgets.HTML(), "pkt-voces-stop")
        # betting
        self.pile = _classed(ipywidgets.Dropdown(options=list(PILES), value=1, layout=ipywidgets.Layout(width="18em"),
                                                 style={"description_width": "initial"}), "pkt-voces-pile")
        self.pile.observe(self._on_pile, names="value")
        self.coins = []
        for hand in (1, 2, 3):
            coin = _classed(ipywidgets.Dropdown(options=[0, 1, 2], value=PILES[1][hand - 1], layout=ipywidgets.Layout(width="9em"),
                                                style={"description_width": "initial"}), "pkt-voces-coin")
            coin.observe(lambda _: self._redraw_moves(), names="value")
            self.coins.append(coin)
        self.bet_button = self._button("pkt-voces-bet", lambda: self.play(self._chosen_bet()), "primary")
        self.five_hand = _classed(ipywidgets.Dropdown(options=[1, 2, 3], value=3, layout=ipywidgets.Layout(width="14em"),
                                                      style={"description_width": "initial"}), "pkt-voces-five-hand")
        self.five_hand.observe(lambda _: self._redraw_moves(), names="value")
        self.five_button = self._button("pkt-voces-five", lambda: self.play(PlaceFive(self.me, int(self.five_hand.value))))
        # fold or stay, Baboon picks
        self.stay_button = self._button("pkt-voces-stay", lambda: self.play(Stay(self.me)), "success")
        self.fold_button = self._button("pkt-voces-fold", lambda: self.play(Fold(self.me)), "warning")
        self.drawn = _classed(ipywidgets.HTML(), "pkt-voces-drawn")
        self.pick_box = ipywidgets.HBox([])
        self.result = _classed(ipywidgets.HTML(), "pkt-voces-result")
        self.next_button = self._button("pkt-voces-next-round", self.next_round, "success")
        # each move's button with its reason as visible text under it (widgets.controls.MoveControl)
        self.moves = {name: MoveControl(button, layout=ipywidgets.Layout(margin="0 1em 0.3em 0")) for name, button in (
            ("offer", self.offer_button), ("withdraw", self.withdraw_button), ("place", self.place_button),
            ("wait", self.wait_button), ("bet", self.bet_button), ("five", self.five_button),
            ("stay", self.stay_button), ("fold", self.fold_button))}
        m = self.moves
        self.log = _classed(ipywidgets.HTML(), "pkt-voces-log")
        self.headings = {name: ipywidgets.HTML() for name in ("trade", "bet", "decide")}
        self.specials_revealed = _classed(ipywidgets.HTML(), "pkt-voces-specials-explained")

        def row(*children: ipywidgets.Widget) -> ipywidgets.HBox:  # wraps in the narrow column beside the table
            return ipywidgets.HBox(list(children), layout=ipywidgets.Layout(flex_flow="row wrap", max_width="100%"))

        # the moves of each phase, beside the table; only the group of the phase being played is shown
        self.groups = {
            "trade": ipywidgets.VBox([self.headings["trade"], self.stop_warning, row(m["offer"], m["withdraw"], m["place"], m["wait"]),
                                      self.offers_label, self.accept_box]),
            "bet": ipywidgets.VBox([self.headings["bet"], row(self.pile), row(*self.coins), row(m["bet"]),
                                    row(self.five_hand, m["five"])]),
            "decide": ipywidgets.VBox([self.headings["decide"], row(m["stay"], m["fold"])]),
            "pick": ipywidgets.VBox([self.drawn, self.pick_box]),
        }
        for name, group in self.groups.items():
            group.add_class(f"pkt-voces-moves-{name}")
        self.side = _classed(ipywidgets.VBox([*self.groups.values(), self.next_button, self.specials_revealed],
                                             layout=ipywidgets.Layout(flex="0 1 22em", min_width="16em", max_width="100%",
                                                                      margin="0 0 0 0.6em")), "pkt-voces-side")
        self.board.layout = ipywidgets.Layout(flex="1 1 36em", min_width="0", max_width="100%")
        self.table_row = _classed(ipywidgets.HBox([self.board, self.side], layout=ipywidgets.Layout(flex_flow="row wrap", align_items="flex-start",
                                                                                                    max_width="100%")),
                                  "pkt-voces-table-row")
        self.box = ipywidgets.VBox([
            self.style, self.intro,
            ipywidgets.HBox([self.players, self.rounds, self.new_button]), self.study, self.paced,
            self.specials.box,
            self.status, self.table_row,
            self.result, self.log,
        ])
        self.box.add_class("pkt-voces-play")
        self.desk = ScenarioDesk(app, self, "voces_explorer.ipynb")  # save, open, walk through, link
        # play with others: a room's code and a free seat, or a seat link of the address
        self.join = RoomJoin(app, "voces", self._start_room, self.new_game, pause=SCORED)
        self.setup = [self.box.children[2], self.study, self.paced, self.specials.box]  # the bots' table's settings
        self.box.children = (*self.box.children, self.join.box, self.desk.box)

    def _button(self, css: str, callback: Any, style: str = "") -> ipywidgets.Button:
        button = _classed(ipywidgets.Button(button_style=style, layout=ipywidgets.Layout(width="auto")), css)
        button.on_click(self.app.guarded(lambda _: callback()))
        return button

    # ------------------------------------------------------------------ the game being played
    @property
    def state(self) -> VocesState | None:
        """The game in this kernel (``None`` while the table is a room's: the server holds the game)."""
        return self.table.state if isinstance(self.table, LocalTable) else None

    def view(self) -> VocesView:
        """What your seat may know now (the engine's view, here or on the room server); a room's log entries
        in the words its server gave them."""
        view: VocesView = self.controller.view()
        if self.in_room:
            view = dataclasses.replace(view, log=tuple(self._events()))
        return view

    def _events(self) -> list[Any]:
        """The seat's log: a room's entries in its server's words (in the app's language)."""
        events = self.controller.events
        if not self.in_room:
            return list(events)
        words = self.controller.log_words()
        return [Spoken(event, words[index] if index < len(words) else "") for index, event in enumerate(events)]

    def game(self) -> Any:
        """The game as the result and the status read it: the state here, or what a room's seat knows of it."""
        table = self.table
        if isinstance(table, RemoteTable):
            return RoomGame(table, self._events(), self.view())
        return self.state

    @property
    def paused(self) -> bool:
        """True while the table waits on a round's result for Next round."""
        return self.table is not None and self.table.paused is not None

    @property
    def log_lines(self) -> list[tuple[str, Any]]:
        """The log as you may read it, each bot's reason (as you may hear it) after the first entry of its move:
        ("event", event) or ("reason", (player, reason)), put into words when drawn."""
        lines = self.controller.log_lines(self.view().players if self.table is not None else ())
        if not self.in_room:
            return lines
        spoken = iter(self._events())
        return [(kind, next(spoken) if kind == "event" else entry) for kind, entry in lines]

    def _trade_steps(self) -> int:
        return PACED_STEPS if self.paced.value else TRADE_STEPS

    def _start(self, state: VocesState, match_seed: Any, **start: Any) -> None:
        """Play ``state`` from now on: you in seat 0, the bots in the other seats; a round scored and nobody
        moved in the next one: the table waits for Next round, as in play."""
        count = state.player_count
        self.scored_rounds = len(state.round_scores)
        waiting = (self.scored_rounds > 0 and not state.is_terminal()
                   and all(event.seat is None for event in state.events if event.round == self.scored_rounds + 1))
        self.result_round = max(1, self.scored_rounds if waiting or state.is_terminal() else self.scored_rounds + 1)
        self.selected = set()
        bots = {seat: GAME.make_bot("builder", np.random.default_rng([self.seed, seat])) for seat in range(1, count)}
        self.table = LocalTable(state, bots, seed=match_seed, pause=SCORED, waiting=waiting, bot_moves=self._trade_steps(),
                                hear=_heard)
        self.controller.start(self.table, tell_story=False, bot_moves=0, **start)

    def _start_room(self, table: RemoteTable) -> None:
        """Play the room's table from now on (the seat joined by :class:`~widgets.room_join.RoomJoin`)."""
        if isinstance(self.table, RemoteTable) and self.table is not table:
            self.table.close()
        self.table = table
        self.selected = set()
        self.desk.close_viewer()
        for widget in self.setup:
            widget.layout.display = "none"
        self.desk.box.layout.display = "none"  # a room's game is the server's: no scenario of it here
        self.controller.source = table
        events = [event for move in table.moves_since(0) for event in move.events]
        self.scored_rounds = len({event.round for event in events if event.kind == "scored"})
        self.result_round = max(1, self.scored_rounds if table.paused is not None or self.view().phase is VocesPhase.OVER
                                else self.scored_rounds + 1)
        self.controller.start(table, tell_story=False, aloud=False, focus=True)

    # ------------------------------------------------------------------ flow
    def new_game(self) -> None:
        """A new round (or game) with the players, rounds and special cards chosen; a choice the engine
        refuses (more than two kinds of special card) is named and nothing changes."""
        count = int(self.players.value)
        try:
            rules = VocesRules(NAMES[:count], specials=self.specials.chosen(), rounds=int(self.rounds.value),
                               placed_hidden=not self.study.value)
        except OptionError as error:
            if error.option != "specials":
                raise
            self.app.say(self.app.t("apps.voces.too_many_specials"), "error")
            return
        params = self.app.params
        self.seed = params.seed if params.seed is not None else int(np.random.default_rng().integers(1_000_000))
        self.app.say("")
        self.desk.close_viewer()
        if self.join.playing:
            self.join.leave(quietly=True)
        for widget in (*self.setup, self.desk.box):
            widget.layout.display = ""
        self._start(rules.new_game(seed=self.seed), np.random.default_rng([self.seed, 99]), running=False, focus=False)

    def _new_game_pressed(self) -> None:
        """New game pressed: the new round is also said in the board's live region (not when the app is
        built: nothing has happened yet, and a page's language may still change)."""
        self.new_game()
        if self.table is not None:
            self.controller.say(self._status_text)

    # ------------------------------------------------------------------ scenarios (ScenarioPlay)
    def scenario_state(self) -> VocesState | None:
        return self.state

    def scenario_seed(self) -> int | None:
        return self.seed

    def take_state(self, state: VocesState, seed: int | None, running: bool) -> None:
        """A game from a scenario (a step of it): you in seat 0, bots in the other seats. ``running``: the
        bots move until you may act; otherwise the table waits at the step."""
        rules = state.rules
        self.seed = seed if seed is not None else self.seed
        self.players.value = state.player_count
        if rules.rounds not in self.rounds.options:
            self.rounds.options = sorted({*self.rounds.options, rules.rounds})
        self.rounds.value = rules.rounds
        self.study.value = not rules.placed_hidden
        self._start(state, np.random.default_rng([self.seed, 99, len(state.events)]), running=running, focus=running)

    def play(self, action: Any) -> None:
        """Your move: the engine checks it (a refusal raises and changes nothing); then the bots answer. Every
        move that follows is announced on the board."""
        self.controller.play(action)

    def let_others_trade(self) -> None:
        """Let the bots make a few trading moves while you wait."""
        if self.table is None or self.view().phase is not VocesPhase.TRADING or self.paused:
            self.app.say(self.app.t(_K + "wait_not_trading"), "error")
            return
        self.controller.go_on(PACED_STEPS if self.paced.value else WAIT_STEPS, focus_first=(self.wait_button,))

    def next_round(self) -> None:
        if not self.paused:
            return
        self.result_round = self.scored_rounds + 1
        self.selected = set()
        self.controller.go_on(0)
        self.controller.say(self._status_text)

    def _on_paced(self) -> None:
        if isinstance(self.table, LocalTable):
            self.table.bot_moves = self._trade_steps()
        self.refresh()

    def _selection(self) -> tuple[AnyVocesCard, ...]:
        """The selected cards, in the order they are held."""
        if self.table is None or self.controller.source is None:
            return ()
        return tuple(c for c in self.controller.view().hand if c in self.selected)

    def _chosen_bet(self) -> Bet:
        a, b, c = (int(coin.value) for coin in self.coins)
        return Bet(self.me, int(self.pile.value), (a, b, c))

    def _on_pile(self, change: dict[str, Any]) -> None:
        """A new pile: put its coins on hands 1, 2, 3 in the order printed (change them as you like)."""
        if self._relabelling:
            return
        for coin, value in zip(self.coins, PILES[int(change["new"])]):
            coin.value = value
        self._redraw_moves()

    # ------------------------------------------------------------------ the game's part (GamePart)
    def moved(self, moves: Sequence[TableMove]) -> None:
        """A round scored shows its result until Next round; your move uses up the cards you selected."""
        scored = len(self.game().round_scores)
        if scored > self.scored_rounds:
            self.scored_rounds = scored
            self.result_round = self.scored_rounds
        if any(move.seat == self.me for move in moves):
            self.selected = set()

    def move_for(self, key: str, view: VocesView) -> Any:
        """A card of yours selects it (or puts it back), another player's offer takes it with the cards selected,
        your own withdraws it, your next empty token places your hand, a pile takes it in hand for the coin step,
        the 5-coin goes on the hand chosen in its menu, a drawn card swaps your Baboon."""
        kind, _, rest = key.partition("-")
        if kind == "card":
            card = next((c for c in view.hand if card_key(c) == rest), None)
            if card is None:
                return None
            if card in self.selected:
                return Choice(None, lambda: self._choose_card(card, False))
            return Choice(Offer(self.me, (card,)), lambda: self._choose_card(card, True))
        if kind == "offer":
            seat = int(rest)
            return Withdraw(self.me) if seat == self.me else Accept(self.me, seat, self._selection())
        if kind == "pile":
            pile = int(rest)
            return Choice(Bet(self.me, pile, PILES[pile]), lambda: self._choose_pile(pile))
        if kind == "slot":
            return Place(self.me)
        if kind == "five":
            return PlaceFive(self.me, int(self.five_hand.value))
        return Pick(self.me, (int(rest),)) if kind == "drawn" else None

    def _choose_card(self, card: AnyVocesCard, chosen: bool) -> Callable[[], str]:
        if chosen:
            self.selected.add(card)
        else:
            self.selected.discard(card)
        count = CardCount(len(self._selection()))
        self._redraw_moves()
        key = "selected_card" if chosen else "unselected"
        return lambda: self.app.t(_D + key, card=card.label(self.app.lang), count=count)

    def _choose_pile(self, pile: int) -> Callable[[], str]:
        self.pile.value = pile
        self._redraw_moves()
        return lambda: self.app.t(_D + "pile_chosen", pile=pile)

    def draw(self, view: VocesView) -> Drawing:
        if self.in_room:
            view = self.view()  # the log in the server's words
        return VocesDrawing(view, self.app.lang, paused=self.paused, result_round=self.result_round, selected=self.selected,
                            chosen=self._selection(), pile=int(self.pile.value), five_hand=int(self.five_hand.value),
                            why_not=self.controller.why_not).drawing()

    def focus_order(self, pressed: bool) -> Sequence[Any]:
        """After a move pressed on the board the focus stays there; else Next round, a Baboon pick, the coin step,
        fold or stay, a Take button, Place, the wait button; New game at the end."""
        if pressed:
            return ()
        takes = [button for _, button in self.accept_buttons]
        ending = [self.new_button] if self.state is not None and self.state.is_terminal() else []  # not in a room
        return [self.next_button, *self.pick_box.children, self.bet_button, self.stay_button, *takes, self.place_button,
                self.wait_button, *ending]

    # ------------------------------------------------------------------ drawing
    def refresh(self) -> None:
        self.controller.redraw()

    def draw_controls(self) -> None:
        t = self.app.t
        lang = self.app.lang
        # the bots' table's intro; a room's table has the join part's words instead
        self.intro.value = "" if self.in_room else f"<p>{esc(t(_K + 'intro'))}</p>"
        self.specials.refresh(lang, t("apps.voces.specials_label"), t("apps.voces.specials_tip"))
        for control, key in ((self.players, "apps.common.players"), (self.rounds, _K + "rounds"), (self.new_button, _K + "new_game"),
                             (self.study, _K + "study"), (self.paced, _K + "paced"), (self.offer_button, _K + "offer"),
                             (self.withdraw_button, _K + "withdraw"), (self.bet_button, _K + "bet"), (self.five_button, _K + "five"),
                             (self.next_button, _K + "next_round"), (self.pile, _K + "pile")):
            control.description = t(key)
        self.new_button.tooltip = t(_K + "new_game_tip")
        self._relabel_piles()
        for hand, coin in enumerate(self.coins, start=1):
            coin.description = t(_K + "on_hand", hand=hand)
        self.five_hand.description = t(_K + "five_on")
        for name, heading in self.headings.items():
            heading.value = f"<h4 style='margin:0.6em 0 0.2em 0'>{esc(t(_K + 'heading.' + name))}</h4>"
        if self.table is None or self.controller.source is None:
            return
        self.join.refresh()
        game = self.game()
        view = self.view()
        me = self.me
        self.status.value = f"<p role='status'><b>{esc(self._status_text())}</b></p>"
        self.selected &= set(view.hand)
        if view.phase is VocesPhase.BETTING and view.piles[me] and int(self.pile.value) not in view.piles[me]:
            self.pile.value = view.piles[me][0]
        self._draw_moves()
        self.next_button.layout.display = "" if self.paused else "none"
        self._show_groups(view)
        self.specials_revealed.value = specials_revealed_html(view.log, self.result_round, lang)
        self.result.value = result_html(game, self.result_round, lang, me)
        self.log.value = log_html(self.log_lines[-LOG_LINES:], lang, heading=t(_K + "log_heading"), reason_class="pkt-voces-reason", height="20em")
        self.desk.refresh()

    def _show_groups(self, view: VocesView) -> None:
        """Beside the table only the moves of the phase being played: trading, the coin steps, fold or stay, a
        Baboon's pick; none while the table waits for Next round or after the game."""
        phase = view.phase
        shown = (None if self.paused or phase is VocesPhase.OVER else
                 "trade" if phase in (VocesPhase.DEAL, VocesPhase.TRADING) else
                 "bet" if phase is VocesPhase.BETTING else
                 "decide" if phase is VocesPhase.DECIDING else
                 "pick" if phase is VocesPhase.PICKING else None)
        for name, group in self.groups.items():
            group.layout.display = "" if name == shown else "none"

    def _relabel_piles(self) -> None:
        options = [(self.app.t(_K + "pile_option", pile=p, coins=" ".join(map(str, coins))), p) for p, coins in PILES.items()]
        if list(self.pile.options) == options:
            return
        value = self.pile.value
        self._relabelling = True  # new words for the same piles: the coins chosen stay
        try:
            self.pile.options = options
            self.pile.value = value
        finally:
            self._relabelling = False

    def _status_text(self) -> str:
        assert self.table is not None
        # a room's seed would tell every hidden card: not shown
        return status_text(self.game(), self.paused, self.result_round, None if self.in_room else self.seed, self.app.lang, self.me)

    def _redraw_moves(self) -> None:
        """A choice in the menus or on the table: the moves and the table drawn again."""
        self._draw_moves()
        self.controller.draw_board()

    def _draw_moves(self) -> None:
        if self.table is None or self.controller.source is None:
            return
        t = self.app.t
        show = self.controller.show_move
        me = self.me
        view = self.controller.view()
        chosen = self._selection()
        token = len(view.placed) + 1
        self.place_button.description = t(_K + "place", token=min(token, 3))
        show(self.offer_button, Offer(me, chosen), t(_K + "offer_tip", count=CardCount(len(chosen))))
        show(self.withdraw_button, Withdraw(me), t(_K + "withdraw_tip"))
        show(self.place_button, Place(me), t(_K + "place_tip", token=min(token, 3)))
        trading = view.phase is VocesPhase.TRADING and not self.paused
        threat = [seat for seat in view.stop_callers if seat != me] if trading else []
        paced = bool(self.paced.value)
        self.moves["wait"].layout.display = "none" if self.in_room else ""  # a room's bots move by themselves
        self.wait_button.description = t(_K + ("wait_one" if paced else "wait") + ("_stop" if threat and view.hand else ""))
        show_move(self.wait_button, None if trading else Msg.of(_K + "wait_not_trading"), self.app.lang,
                  t(_K + ("wait_one_tip" if paced else "wait_tip")))
        self.stop_warning.value = stop_warning_html(view, self.app.lang) if trading else ""
        # a Take button for every open offer of another player (the others show only how many cards)
        offers = [(seat, count) for seat, count in view.offers if seat != me] if not self.paused else []
        if [seat for seat, _ in offers] != [seat for seat, _ in self.accept_buttons]:
            self.accept_buttons = []
            for seat, _ in offers:
                button = self._button("pkt-voces-accept", lambda seat=seat: self.play(Accept(self.me, seat, self._selection())), "info")
                button.add_class("pkt-voces-take")
                self.accept_buttons.append((seat, button))
            self.accept_moves = [MoveControl(button, layout=ipywidgets.Layout(margin="0 1em 0.3em 0")) for _, button in self.accept_buttons]
            replace_children(self.accept_box, self.accept_moves)
        counts = dict(offers)
        for seat, button in self.accept_buttons:
            count = CardCount(counts[seat])
            button.description = t(_K + "take", player=view.players[seat], count=count)
            show(button, Accept(me, seat, chosen), t(_K + "accept_tip", player=view.players[seat], count=count))
        show(self.bet_button, self._chosen_bet(), t(_K + "bet_tip"))
        show(self.five_button, PlaceFive(me, int(self.five_hand.value)), t(_K + "five_tip", hand=self.five_hand.value))
        hand = view.hand_in_play or 3
        self.stay_button.description = t(_K + "stay", hand=hand)
        self.fold_button.description = t(_K + "fold", hand=hand)
        show(self.stay_button, Stay(me), t(_K + "stay_tip", hand=hand))
        show(self.fold_button, Fold(me), t(_K + "fold_tip", hand=hand))
        self.offers_label.value = (f"<p>{esc(t(_K + ('open_offers' if offers else 'no_offers')))}</p>"
                                   if trading else "")
        self._draw_picks(view)

    def _draw_picks(self, view: VocesView) -> None:
        """While a Baboon is swapped: the three cards drawn, and (on your turn) a button for each pick the
        engine allows."""
        t, lang = self.app.t, self.app.lang
        picking = view.phase is VocesPhase.PICKING and not self.paused
        self.drawn.value = (f"<p>{esc(t(_K + 'drawn', hand=view.hand_in_play))} {voces_cards_html(view.drawn, lang)}</p>"
                            if picking and view.drawn else "")
        picks = [a for a in view.legal_actions if isinstance(a, Pick)] if picking else []
        if len(picks) != len(self.pick_box.children) or not picks:
            replace_children(self.pick_box, [self._button("pkt-voces-pick", lambda action=action: self.play(action), "primary")
                                             for action in picks])
        for action, button in zip(picks, self.pick_box.children):
            cards = ", ".join(view.drawn[c - 1].text(lang) for c in action.choices)
            button.description = t(_K + "pick", cards=cards)
            self.controller.show_move(button, action, t(_K + "pick_tip"))
