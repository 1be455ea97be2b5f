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
region. The buttons below the table make the same moves.

Trading has no turns, so the table is driven by your moves: select cards (a press on each card's picture)
and **Offer** them, **Take** another player's open offer (one button per offer, naming who offers how
many cards) by giving the same number of selected cards, **Withdraw** your offer, **Place** your hand
under the next token. By default the bots wait for you (*Bots wait for me*): after each of your trading
moves, and for each click of **Let one bot move**, one bot makes one move (through a
:class:`~pokerkit_teach.core.match.Match`, which picks one of the bots that may act), so a bot's offer is
still open when you see it. Without that box a few bots act after each move and **Let the others trade**
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

CSS classes: ``pkt-voces-play``, ``pkt-voces-new-game``, ``pkt-voces-play-players``, ``pkt-voces-rounds``,
``pkt-voces-status``, ``pkt-voces-board`` (the drawn table; its pictures carry ``data-key``: ``card-Ks3``,
``slot-SEAT-TOKEN``, ``offer-SEAT``, ``pile-N``, ``five``, ``centre-HAND``, ``drawn-N``, ``rev-HAND-SEAT``;
its regions ``data-region``: ``seat-SEAT``, ``middle``, ``cards``, ``reveal-HAND``), ``pkt-voces-offer``, ``pkt-voces-withdraw``, ``pkt-voces-place``,
``pkt-voces-wait``, ``pkt-voces-accept`` and ``pkt-voces-take`` (a Take button), ``pkt-voces-paced``,
``pkt-voces-stop-warning``, ``pkt-voces-reasons`` (``pkt-voces-reasons-trade``, ``-take``, ``-bet``,
``-five``, ``-decide``), ``pkt-voces-pile``, ``pkt-voces-coin``, ``pkt-voces-bet``,
``pkt-voces-five-hand``, ``pkt-voces-five``, ``pkt-voces-fold``, ``pkt-voces-stay``, ``pkt-voces-pick``,
``pkt-voces-drawn``, ``pkt-voces-result``, ``pkt-voces-score``, ``pkt-voces-next-round``, ``pkt-voces-log``.
"""

from __future__ import annotations

from typing import Any, Sequence

import ipywidgets
import numpy as np

from pokerkit_teach.core.errors import OptionError
from pokerkit_teach.core.i18n import Items, Msg
from pokerkit_teach.core.match import Match
from pokerkit_teach.core.registry import get_game
from pokerkit_teach.games.voces.actions import PILES, Accept, Action, Bet, Fold, Offer, Pick, Place, PlaceFive, Stay, Withdraw
from pokerkit_teach.games.voces.state import CardCount, VocesState
from pokerkit_teach.games.voces.events import VocesEvent
from pokerkit_teach.games.voces.actions import VocesPhase
from pokerkit_teach.games.voces.rules import VocesRules
from pokerkit_teach.games.voces.cards import AnyVocesCard, Special

from .app import App, esc
from .controls import MoveControl, focus_first, replace_children, show_move, show_tab_move
from .scenario_desk import ScenarioDesk
from .drawn import DrawnBoard, Item, Region
from pokerkit_teach.core.render import Svg
from .voces_parts import (
    NAMES, PHASE_KEYS, backs_svg, card_key, coin_svg, hand_slot_svg, pile_svg, revealed_svg, round_result_html, scores_html,
    voces_cards_html,
)
from pokerkit_teach.games.voces.ranking import VocesHand
from pokerkit_teach.games.voces.render import voces_card_svg

__all__ = ["VocesGame", "SpecialsPicker", "HUMAN"]

GAME = get_game("voces")
HUMAN = 0
TRADE_STEPS = 3  # bot moves after each of your trading moves (bots not waiting for you)
WAIT_STEPS = 6  # bot moves for "Let the others trade" (bots not waiting for you)
PACED_STEPS = 1  # bot moves per click while the bots wait for you (the default)
# Disabled buttons are greyed by the apps' style (widgets/app.py); the STOP warning stands out.
STYLE = "<style>.pkt-voces-stop-warning{border-left:4px solid #b35900;background:#fff4e5;color:#1a1a1a;padding:0.3em 0.6em;margin:0.3em 0}</style>"
LOG_LINES = 60
_K = "apps.voces.play."
_D = "apps.voces.drawn."


class SpecialsPicker:
    """A toggle button for each kind of special card (the engine says how many may be chosen)."""

    def __init__(self, chosen: Sequence[Special] = ()) -> None:
        self.buttons: dict[Special, ipywidgets.ToggleButton] = {}
        for kind in Special:
            button = ipywidgets.ToggleButton(value=kind in chosen, layout=ipywidgets.Layout(width="11em"))
            button.add_class("pkt-voces-special-choice")
            button.add_class(f"pkt-voces-special-{kind.value}")
            self.buttons[kind] = button
        self.label = ipywidgets.HTML()
        self.box = ipywidgets.HBox([self.label, *self.buttons.values()], layout=ipywidgets.Layout(flex_flow="row wrap"))

    def chosen(self) -> list[Special]:
        return [kind for kind, button in self.buttons.items() if button.value]

    def choose(self, kinds: Sequence[Special]) -> None:
        for kind, button in self.buttons.items():
            button.value = kind in kinds

    def observe(self, callback: Any) -> None:
        for button in self.buttons.values():
            button.observe(callback, names="value")

    def refresh(self, lang: str, label: str, tip: str) -> None:
        self.label.value = f"<span style='margin-right:0.5em'>{esc(label)}</span>"
        for kind, button in self.buttons.items():
            button.description = kind.localized(lang)
            button.tooltip = tip


class VocesGame:
    """The play section: owns its controls, asks the engine for every decision and lets the bots move. Its
    :class:`~widgets.scenario_desk.ScenarioDesk` saves the game so far, opens a scenario file, a built-in scenario
    or a link, and continues from any step."""

    game_name = "voces"

    def __init__(self, app: App) -> None:
        self.app = app
        self.state: VocesState | None = None
        self.match: Match[VocesState] | None = None
        self.seed = 0
        self.log_lines: list[tuple[str, Any]] = []  # ("event", VocesEvent as you read it) or ("reason", (player, Msg as you hear it))
        self.scored_rounds = 0
        self.result_round = 1
        self.paused = False
        self.selected: set[AnyVocesCard] = set()
        self._relabelling = False
        g = app.guarded
        self.intro = ipywidgets.HTML()
        self.players = ipywidgets.Dropdown(options=[3, 4, 5, 6], value=app.params.players, layout=ipywidgets.Layout(width="12em"))
        self.players.add_class("pkt-voces-play-players")
        self.rounds = ipywidgets.Dropdown(options=[1, 3], value=1, layout=ipywidgets.Layout(width="12em"))
        self.rounds.add_class("pkt-voces-rounds")
        self.specials = SpecialsPicker([Special.RACCOON])
        self.study = ipywidgets.Checkbox(value=False, indent=False, layout=ipywidgets.Layout(width="auto"))
        self.study.add_class("pkt-voces-study")
        self.paced = ipywidgets.Checkbox(value=True, indent=False, layout=ipywidgets.Layout(width="auto"))
        self.paced.add_class("pkt-voces-paced")
        self.paced.observe(lambda _: self.refresh(), names="value")
        self.style = ipywidgets.HTML(STYLE)
        self.new_button = ipywidgets.Button(icon="refresh", button_style="primary")
        self.new_button.add_class("pkt-voces-new-game")
        self.new_button.on_click(g(lambda _: self._new_game_pressed()))
        self.status = ipywidgets.HTML()
        self.status.add_class("pkt-voces-status")
        # the table drawn: seats with their hand tokens, offers and coins, the middle, your cards, the reveal
        self.board = DrawnBoard()
        self.board.add_class("pkt-voces-board")
        self.board.on_press(g(self._on_press))
        self._said: Any = None  # the last thing said in the board's live region (words asked in the app's language)
        self._said_lang = app.lang
        # trading
        self.offer_button = self._button("pkt-voces-offer", lambda: self.play(Offer(HUMAN, self._selection())), "info")
        self.withdraw_button = self._button("pkt-voces-withdraw", lambda: self.play(Withdraw(HUMAN)))
        self.place_button = self._button("pkt-voces-place", lambda: self.play(Place(HUMAN)), "success")
        self.wait_button = self._button("pkt-voces-wait", self.let_others_trade)
        self.accept_box = ipywidgets.HBox([])
        self.accept_box.add_class("pkt-voces-offers")
        self.accept_buttons: list[tuple[int, ipywidgets.Button]] = []
        self.offers_label = ipywidgets.HTML()
        self.stop_warning = ipywidgets.HTML()
        self.stop_warning.add_class("pkt-voces-stop")
        self.accept_moves: list[MoveControl] = []
        # betting
        self.pile = ipywidgets.Dropdown(options=list(PILES), value=1, layout=ipywidgets.Layout(width="18em"),
                                        style={"description_width": "initial"})
        self.pile.add_class("pkt-voces-pile")
        self.pile.observe(self._on_pile, names="value")
        self.coins = []
        for hand in (1, 2, 3):
            coin = ipywidgets.Dropdown(options=[0, 1, 2], value=PILES[1][hand - 1], layout=ipywidgets.Layout(width="9em"),
                                       style={"description_width": "initial"})
            coin.add_class("pkt-voces-coin")
            coin.observe(lambda _: self._draw_moves(), names="value")
            self.coins.append(coin)
        self.bet_button = self._button("pkt-voces-bet", lambda: self.play(self._chosen_bet()), "primary")
        self.five_hand = ipywidgets.Dropdown(options=[1, 2, 3], value=3, layout=ipywidgets.Layout(width="14em"),
                                             style={"description_width": "initial"})
        self.five_hand.add_class("pkt-voces-five-hand")
        self.five_hand.observe(lambda _: self._draw_moves(), names="value")
        self.five_button = self._button("pkt-voces-five", lambda: self.play(PlaceFive(HUMAN, int(self.five_hand.value))))
        # fold or stay, Baboon picks
        self.stay_button = self._button("pkt-voces-stay", lambda: self.play(Stay(HUMAN)), "success")
        self.fold_button = self._button("pkt-voces-fold", lambda: self.play(Fold(HUMAN)), "warning")
        self.drawn = ipywidgets.HTML()
        self.drawn.add_class("pkt-voces-drawn")
        self.pick_box = ipywidgets.HBox([])
        self.result = ipywidgets.HTML()
        self.result.add_class("pkt-voces-result")
        self.next_button = self._button("pkt-voces-next-round", self.next_round, "success")
        # each move's button with its reason as visible text under it (widgets.controls.MoveControl)
        self.moves = {name: MoveControl(button, layout=ipywidgets.Layout(margin="0 1em 0.3em 0")) for name, button in (
            ("offer", self.offer_button), ("withdraw", self.withdraw_button), ("place", self.place_button),
            ("wait", self.wait_button), ("bet", self.bet_button), ("five", self.five_button),
            ("stay", self.stay_button), ("fold", self.fold_button))}
        m = self.moves
        self.log = ipywidgets.HTML()
        self.log.add_class("pkt-voces-log")
        self.headings = {name: ipywidgets.HTML() for name in ("trade", "bet", "decide")}
        self.box = ipywidgets.VBox([
            self.style, self.intro,
            ipywidgets.HBox([self.players, self.rounds, self.new_button]), self.study, self.paced,
            self.specials.box,
            self.status, self.board,
            self.headings["trade"], self.stop_warning,
            ipywidgets.HBox([m["offer"], m["withdraw"], m["place"], m["wait"]]),
            self.offers_label, self.accept_box,
            self.headings["bet"],
            ipywidgets.HBox([self.pile, *self.coins, m["bet"]]),
            ipywidgets.HBox([self.five_hand, m["five"]]),
            self.headings["decide"],
            ipywidgets.HBox([m["stay"], m["fold"]]),
            self.drawn, self.pick_box,
            self.result, self.next_button, self.log,
        ])
        self.box.add_class("pkt-voces-play")
        self.desk = ScenarioDesk(app, self, "voces_explorer.ipynb")  # save, open, walk through, link
        self.box.children = (*self.box.children, self.desk.box)

    def _button(self, css: str, callback: Any, style: str = "") -> ipywidgets.Button:
        button = ipywidgets.Button(button_style=style, layout=ipywidgets.Layout(width="auto"))
        button.add_class(css)
        button.on_click(self.app.guarded(lambda _: callback()))
        return button

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
        self.state = rules.new_game(seed=self.seed)
        bots = {seat: GAME.make_bot("builder", np.random.default_rng([self.seed, seat])) for seat in range(1, count)}
        self.match = Match(self.state, bots, seed=np.random.default_rng([self.seed, 99]))
        self.log_lines = []
        self.scored_rounds = 0
        self.result_round = 1
        self.paused = False
        self.selected = set()
        self._log_events(0)
        self.app.say("")
        self.desk.close_viewer()
        self.refresh()

    def _new_game_pressed(self) -> None:
        """New game pressed: the new round is also said in the board's live region (not when the app is
        built: nothing has happened yet, and a page's language may still change)."""
        self.new_game()
        if self.state is not None:
            self._say(self._status_text)

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
        self.state = state
        bots = {seat: GAME.make_bot("builder", np.random.default_rng([self.seed, seat])) for seat in range(1, state.player_count)}
        self.match = Match(state, bots, seed=np.random.default_rng([self.seed, 99, len(state.events)]))
        self.log_lines = []
        self._log_events(0)
        self.scored_rounds = len(state.round_scores)
        # a round scored and nobody has moved in the next one: the table waits for Next round, as in play
        self.paused = (self.scored_rounds > 0 and not state.is_terminal()
                       and all(event.seat is None for event in state.events if event.round == self.scored_rounds + 1))
        self.result_round = self.scored_rounds if self.paused or state.is_terminal() else self.scored_rounds + 1
        self.result_round = max(1, self.result_round)
        self.selected = set()
        if running:
            self.run_bots(0)
        self.refresh()
        if running:
            self._focus_next()

    def play(self, action: Action, *, from_board: bool = False) -> None:
        """Your move: the engine checks it (a refusal raises and changes nothing); then the bots answer. Every
        move that follows is announced on the board; a move pressed on the board keeps the focus there."""
        state = self.state
        assert state is not None
        if self.paused:
            self.app.say(self.app.t(_K + "press_next"), "error")
            return
        trading = state.phase is VocesPhase.TRADING
        start = len(state.events)
        state.apply(action)
        self._log_events(start)
        self._check_round_end()
        self.selected = set()
        self.app.say("")
        self.run_bots((PACED_STEPS if self.paced.value else TRADE_STEPS) if trading else 0)
        self.refresh()
        self._announce_since(start)
        if not from_board:
            self._focus_next()

    def let_others_trade(self) -> None:
        """Let the bots make a few trading moves while you wait."""
        state = self.state
        assert state is not None
        if state.phase is not VocesPhase.TRADING or self.paused:
            self.app.say(self.app.t(_K + "wait_not_trading"), "error")
            return
        self.app.say("")
        start = len(state.events)
        self.run_bots(PACED_STEPS if self.paced.value else WAIT_STEPS)
        self.refresh()
        self._announce_since(start)
        self._focus_next(self.wait_button)

    def next_round(self) -> None:
        if not self.paused:
            return
        self.paused = False
        self.result_round = self.scored_rounds + 1
        self.selected = set()
        self.app.say("")
        self.refresh()
        self._say(self._status_text)
        self._focus_next()

    def run_bots(self, trade_steps: int) -> None:
        """Let the bots act (the match decides who): up to ``trade_steps`` moves while you still hold cards in
        the trading phase (all the way to STOP once you have placed all three hands), otherwise until it is
        your turn; a finished round pauses the table until you press **Next round**."""
        state, match = self.state, self.match
        assert state is not None and match is not None
        budget = trade_steps
        while not self.paused:
            if state.phase is VocesPhase.TRADING and HUMAN in state.seats_to_act():
                if budget <= 0:
                    return
                budget -= 1
            start = len(state.events)
            move = match.step()
            if move is None:
                return
            self._log_events(start, start + 1)
            if move.decision is not None:
                speaker = move.seat
                heard = state.view_for(HUMAN).heard(speaker, move.decision.reason)
                self.log_lines.append(("reason", (state.players[speaker], heard)))
            self._log_events(start + 1)
            self._check_round_end()

    def _check_round_end(self) -> None:
        state = self.state
        assert state is not None
        if len(state.round_scores) > self.scored_rounds:
            self.scored_rounds = len(state.round_scores)
            self.result_round = self.scored_rounds
            self.paused = not state.is_terminal()

    def _log_events(self, start: int, stop: int | None = None) -> None:
        """Log the events from ``start`` (to ``stop``) as you may read them (your view's log)."""
        state = self.state
        assert state is not None
        events: Sequence[VocesEvent] = state.view_for(HUMAN).log[start:stop]
        self.log_lines += [("event", event) for event in events]
        self.log_lines = self.log_lines[-LOG_LINES:]

    def _selection(self) -> tuple[AnyVocesCard, ...]:
        """The selected cards, in the order they are held."""
        state = self.state
        assert state is not None
        return tuple(c for c in state.view_for(HUMAN).hand if c in self.selected)

    def _chosen_bet(self) -> Bet:
        a, b, c = (int(coin.value) for coin in self.coins)
        return Bet(HUMAN, int(self.pile.value), (a, b, c))

    def _on_pile(self, change: dict[str, Any]) -> None:
        """A new pile: put its coins on hands 1, 2, 3 in the order printed (change them as you like)."""
        if self._relabelling:
            return
        for coin, value in zip(self.coins, PILES[int(change["new"])]):
            coin.value = value
        self._draw_moves()

    # ------------------------------------------------------------------ drawing
    def refresh(self) -> None:
        t = self.app.t
        lang = self.app.lang
        self.intro.value = f"<p>{esc(t(_K + 'intro'))}</p>"
        self.players.description = t("apps.common.players")
        self.rounds.description = t(_K + "rounds")
        self.specials.refresh(lang, t("apps.voces.specials_label"), t("apps.voces.specials_tip"))
        self.new_button.description = t(_K + "new_game")
        self.study.description = t(_K + "study")
        self.paced.description = t(_K + "paced")
        self.new_button.tooltip = t(_K + "new_game_tip")
        self.offer_button.description = t(_K + "offer")
        self.withdraw_button.description = t(_K + "withdraw")
        self.bet_button.description = t(_K + "bet")
        self.five_button.description = t(_K + "five")
        self.next_button.description = t(_K + "next_round")
        self.pile.description = t(_K + "pile")
        self._relabel_piles()
        for hand, coin in enumerate(self.coins, start=1):
            coin.description = t(_K + "on_hand", hand=hand)
        self.five_hand.description = t(_K + "five_on")
        for name, heading in self.headings.items():
            heading.value = f"<h4 style='margin:0.6em 0 0.2em 0'>{esc(t(_K + 'heading.' + name))}</h4>"
        state = self.state
        if state is None:
            return
        view = state.view_for(HUMAN)
        self.status.value = f"<p role='status'><b>{esc(self._status_text())}</b></p>"
        if self._said is not None and self._said_lang != lang:  # the language switched: say it again in the new one
            self._said_lang = lang
            self.board.announce(self._said())
        self.selected &= set(view.hand)
        if view.phase is VocesPhase.BETTING and view.piles[HUMAN] and int(self.pile.value) not in view.piles[HUMAN]:
            self.pile.value = view.piles[HUMAN][0]
        self._draw_moves()
        self.next_button.layout.display = "" if self.paused else "none"
        self.result.value = self._result_html()
        lines = []
        for kind, entry in self.log_lines[-24:]:
            if kind == "reason":
                player, reason = entry
                lines.append(f"<div class='pkt-voces-reason' style='margin-left:1.5em;color:#555'><i>↳ {esc(player)}: "
                             f"{esc(reason.text(lang))}</i></div>")
            else:
                lines.append(f"<div>{esc(entry.describe(lang))}</div>")
        heading = f"<h4>{esc(t(_K + 'log_heading'))}</h4>"
        # a scrolled box is reached with Tab (and scrolled with the arrow keys), named by its heading
        self.log.value = (heading + f"<div tabindex='0' role='region' aria-label='{esc(t(_K + 'log_heading'))}' "
                          "style='max-height:20em;overflow:auto;font-size:90%'>" + "".join(lines) + "</div>")
        self.desk.refresh()

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
        state = self.state
        assert state is not None
        t = self.app.t
        view = state.view_for(HUMAN)
        rounds = state.rules.rounds
        if state.is_terminal():
            final = next((e for e in reversed(state.events) if e.kind in ("game_won", "game_shared")), None)
            return t(_K + "game_over", outcome=final.describe(self.app.lang) if final else "", you=state.totals[HUMAN], seed=self.seed)
        if self.paused:
            return t(_K + "paused", round=self.result_round, you=state.round_scores[-1][HUMAN])
        if view.phase is VocesPhase.TRADING:
            who = t(_K + ("you_trade" if view.hand else "you_wait"), token=len(view.placed) + 1)
        elif view.to_act == HUMAN:
            who = {
                VocesPhase.BETTING: t(_K + "your_bet"),
                VocesPhase.DECIDING: t(_K + "your_decision", hand=view.hand_in_play),
                VocesPhase.PICKING: t(_K + "your_pick"),
            }.get(view.phase, "")
        else:
            who = t(_K + "waiting", player=state.players[view.to_act] if view.to_act >= 0 else "")
        phase = t(PHASE_KEYS[view.phase])
        return t(_K + "status", round=view.round, rounds=rounds, phase=phase, who=who, seed=self.seed)

    def _move_button(self, button: ipywidgets.Button, action: Action | None, tip: str) -> None:
        show_tab_move(button, self.state, action, self.paused, self.app, _K, tip)

    def _draw_moves(self) -> None:
        state = self.state
        if state is None:
            return
        t = self.app.t
        view = state.view_for(HUMAN)
        chosen = self._selection()
        token = len(view.placed) + 1
        self.place_button.description = t(_K + "place", token=min(token, 3))
        self._move_button(self.offer_button, Offer(HUMAN, chosen), t(_K + "offer_tip", count=CardCount(len(chosen))))
        self._move_button(self.withdraw_button, Withdraw(HUMAN), t(_K + "withdraw_tip"))
        self._move_button(self.place_button, Place(HUMAN), t(_K + "place_tip", token=min(token, 3)))
        trading = state.phase is VocesPhase.TRADING and not self.paused
        threat = [seat for seat in view.stop_callers if seat != HUMAN] if trading else []
        paced = bool(self.paced.value)
        self.wait_button.description = t(_K + ("wait_one" if paced else "wait") + ("_stop" if threat and view.hand else ""))
        show_move(self.wait_button, None if trading else Msg.of(_K + "wait_not_trading"), self.app.lang,
                  t(_K + ("wait_one_tip" if paced else "wait_tip")))
        self.stop_warning.value = self._stop_warning_html() if trading else ""
        # a Take button for every open offer of another player (the others show only how many cards)
        offers = [(seat, count) for seat, count in view.offers if seat != HUMAN] if not self.paused else []
        if [seat for seat, _ in offers] != [seat for seat, _ in self.accept_buttons]:
            self.accept_buttons = []
            for seat, _ in offers:
                button = self._button("pkt-voces-accept", lambda seat=seat: self.play(Accept(HUMAN, seat, self._selection())), "info")
                button.add_class("pkt-voces-take")
                self.accept_buttons.append((seat, button))
            self.accept_moves = [MoveControl(button, layout=ipywidgets.Layout(margin="0 1em 0.3em 0")) for _, button in self.accept_buttons]
            replace_children(self.accept_box, self.accept_moves)
        counts = dict(offers)
        for seat, button in self.accept_buttons:
            count = CardCount(counts[seat])
            button.description = t(_K + "take", player=view.players[seat], count=count)
            self._move_button(button, Accept(HUMAN, seat, chosen), t(_K + "accept_tip", player=view.players[seat], count=count))
        self._move_button(self.bet_button, self._chosen_bet(), t(_K + "bet_tip"))
        self._move_button(self.five_button, PlaceFive(HUMAN, int(self.five_hand.value)), t(_K + "five_tip", hand=self.five_hand.value))
        hand = view.hand_in_play or 3
        self.stay_button.description = t(_K + "stay", hand=hand)
        self.fold_button.description = t(_K + "fold", hand=hand)
        self._move_button(self.stay_button, Stay(HUMAN), t(_K + "stay_tip", hand=hand))
        self._move_button(self.fold_button, Fold(HUMAN), t(_K + "fold_tip", hand=hand))
        self.offers_label.value = (f"<p>{esc(t(_K + ('open_offers' if offers else 'no_offers')))}</p>"
                                   if trading else "")
        self._draw_picks()
        self._draw_board()

    # ------------------------------------------------------------------ the drawn table
    def _names(self, view: Any) -> list[str]:
        return [self.app.t(_D + "you_title", player=name) if seat == HUMAN else name for seat, name in enumerate(view.players)]

    def _why(self, action: Action) -> str:
        """The engine's reason why ``action`` cannot be made now, in the app's language ("" when it can)."""
        state = self.state
        assert state is not None
        if self.paused:
            return self.app.t(_K + "press_next")
        reason = state.why_not(action)
        return reason.text(self.app.lang) if reason is not None else ""

    def _move_item(self, key: str, region: str, svg: str, label: str, action: Action | None, size: str = "card",
                   caption: str = "") -> Item:
        """A picture that is a move: marked legal, or illegal with the engine's reason (pressing it says why)."""
        why = self._why(action) if action is not None else self.app.t(_K + "not_now")
        return Item(key, region, svg, label, state="illegal" if why else "legal", pressable=True, why=why,
                    size=size, caption=caption)  # type: ignore[arg-type]

    def _draw_board(self) -> None:
        """Draw the table from your seat's view: every seat with its hand tokens (what lies under them face
        down, yours as the engine's view shows them), open offers, coins and piles; the middle with the coins
        of each hand and the cards drawn for a Baboon; your cards; the hands revealed so far."""
        state = self.state
        assert state is not None
        t, lang = self.app.t, self.app.lang
        view = state.view_for(HUMAN)
        names = self._names(view)
        count = len(view.players)
        trading = view.phase is VocesPhase.TRADING and not self.paused
        offers = dict(view.offers) if not self.paused else {}
        regions: list[Region] = []
        items: list[Item] = []
        chosen = self._selection()
        seats = [*range(1, count), HUMAN]
        for seat in seats:
            region = f"seat-{seat}"
            notes = [t(_D + "points", points=view.scores[seat])]
            if view.phase is VocesPhase.TRADING and not self.paused:
                notes.append(t(_D + "placed", placed=view.placed_counts[seat]))
            elif not self.paused:
                piles = view.piles[seat]
                notes.append(t(_D + "piles", piles=", ".join(map(str, piles))) if piles else t(_D + "no_piles"))
                five = view.five_on[seat]
                notes.append(t(_D + "five_kept") if five is None else t(_D + "five_on", hand=five))
            current = (seat == HUMAN) if trading else (seat == view.to_act and not self.paused)
            regions.append(Region(region, names[seat], f"s{seat}", " · ".join(notes), current=current))
            for token in (1, 2, 3):
                items.append(self._slot_item(view, seat, token, region))
            if seat in offers and seat != HUMAN:
                offered = CardCount(offers[seat])
                label = t(_D + "offer_other", player=view.players[seat], count=offered)
                items.append(self._move_item(f"offer-{seat}", region, backs_svg(offers[seat], label), label,
                                             Accept(HUMAN, seat, chosen), "small"))
            if seat == HUMAN and view.own_offer and not self.paused:
                label = t(_D + "offer_own", cards=Items([c.label(lang) for c in view.own_offer]))
                svg = revealed_svg(view.own_offer, label, lang)
                items.append(self._move_item("offer-0", region, svg, label, Withdraw(HUMAN), "hand"))
            if seat == HUMAN and view.phase is VocesPhase.BETTING and not self.paused:
                for pile in view.piles[HUMAN]:
                    coins = PILES[pile]
                    label = t(_D + "pile", pile=pile, coins=", ".join(map(str, coins)))
                    item = self._move_item(f"pile-{pile}", region, pile_svg(coins, label), label, Bet(HUMAN, pile, coins), "wide")
                    if not item.why and int(self.pile.value) == pile:
                        item = Item(item.key, item.region, item.svg, t(_D + "chosen_pile", pile=label), state="chosen",
                                    pressable=True, size="wide")
                    items.append(item)
                if view.five_on[HUMAN] is None:
                    hand = int(self.five_hand.value)
                    label = t(_D + "five", hand=hand)
                    items.append(self._move_item("five", region, coin_svg(5, label), label, PlaceFive(HUMAN, hand), "coin"))
        # the middle: the coins of each hand, the cards drawn for a Baboon
        middle_note = t(PHASE_KEYS[view.phase]) if not self.paused else t(_D + "between_rounds")
        if view.hand_in_play and not self.paused:
            middle_note = t(_D + "hand_in_play", hand=view.hand_in_play, phase=middle_note)
        regions.append(Region("middle", t(_D + "middle"), "mid", middle_note, kind="middle"))
        for hand, value in enumerate(view.centre if not trading else (), start=1):
            label = t(_D + "centre", hand=hand, value=value)
            items.append(Item(f"centre-{hand}", "middle", coin_svg(1, label, text=str(value)), label, size="coin",
                              caption=t(_D + "hand_caption", hand=hand)))
        if view.phase is VocesPhase.PICKING and view.drawn and not self.paused:
            picks = [a for a in view.legal_actions if isinstance(a, Pick)]
            single = bool(picks) and all(len(a.choices) == 1 for a in picks)
            for number, drawn_card in enumerate(view.drawn, start=1):
                label = t(_D + "drawn", number=number, card=drawn_card.label(lang))
                svg = voces_card_svg(drawn_card, lang)
                if single or not picks:
                    items.append(self._move_item(f"drawn-{number}", "middle", svg, label, Pick(HUMAN, (number,))))
                else:
                    items.append(Item(f"drawn-{number}", "middle", svg, label))
        # your cards
        held = view.hand if not self.paused else ()
        if trading:  # after STOP nobody holds cards: the place goes to your seat
            note = t(_D + "selected", count=CardCount(len(chosen))) if held else t(_K + "no_cards")
            regions.append(Region("cards", t(_D + "your_cards"), "cards", note, current=bool(held), kind="pile"))
        for card in held:
            label = card.label(lang)
            why = self._why(Offer(HUMAN, (card,)))
            if card in self.selected:
                items.append(Item(f"card-{card_key(card)}", "cards", voces_card_svg(card, lang), t(_D + "chosen_card", card=label),
                                  state="chosen", pressable=True))
            else:
                items.append(Item(f"card-{card_key(card)}", "cards", voces_card_svg(card, lang), label,
                                  state="illegal" if why else "legal", pressable=True, why=why))
        # the reveal, hand by hand
        for hand_number, note, shown in self._reveals(view):
            region = f"reveal-{hand_number}"
            regions.append(Region(region, t(_D + "reveal_title", hand=hand_number), region, note, kind="pile"))
            for seat, picture, label, mark in shown:
                items.append(Item(f"rev-{hand_number}-{seat}", region, picture, label, state=mark, size="hand",  # type: ignore[arg-type]
                                  caption=view.players[seat]))
        # two columns: the others' seats two by two, the middle, your seat beside your cards, the reveals
        others = [f"s{seat}" for seat in range(1, count)]
        rows = [f"{pair[0]} {pair[1] if len(pair) > 1 else '.'}" for pair in (others[i:i + 2] for i in range(0, len(others), 2))]
        rows += ["mid mid", "s0 cards" if trading else "s0 s0"]
        rows += [f"{region.area} {region.area}" for region in regions if region.key.startswith("reveal-")]
        areas = " ".join(f'"{row}"' for row in rows)
        self.board.narrow_below = 700
        self.board.title = t(_D + "title")
        self.board.show(regions, items, areas=areas, columns="repeat(2, minmax(0, 1fr))")

    def _slot_item(self, view: Any, seat: int, token: int, region: str) -> Item:
        """Hand token ``token`` of ``seat`` with what lies under it and the coins on it. Your next empty token
        is where you place your hand (pressing it is the move)."""
        t, lang = self.app.t, self.app.lang
        placed = token <= view.placed_counts[seat] and not self.paused
        cards = None
        words: list[str] = []
        turned = dict(dict(view.revealed).get(token, ())) if not self.paused else {}
        if not placed:
            words.append(t(_D + "slot_empty", token=token))
        elif seat in turned:  # turned over at the reveal: face up for everyone
            cards = turned[seat]
            words.append(t(_D + "slot_shown", token=token, cards=Items([c.label(lang) for c in cards])))
        elif seat == HUMAN:
            shown = view.placed_in_view[token - 1]
            if shown is not None:
                cards = shown
                words.append(t(_D + "slot_cards", token=token, cards=Items([c.label(lang) for c in shown])))
            else:
                blind = view.placed[token - 1] is None
                words.append(t(_D + ("slot_blind" if blind else "slot_own_down"), token=token))
        else:
            words.append(t(_D + "slot_down", token=token))
        coins = view.coins[seat][token - 1] if not self.paused else ()
        five = view.five_on[seat] == token and not self.paused
        plain = [c for c in coins]
        if five and 5 in plain:
            plain.remove(5)
        if coins:
            words.append(t(_D + "slot_coins", coins=", ".join(map(str, coins))))
        folded = token in view.folded[seat] and not self.paused
        if folded:
            words.append(t(_D + "slot_folded"))
        label = "; ".join(words)
        svg = hand_slot_svg(token, label, lang, cards=cards, placed=placed, folded=folded, coins=plain, five=five)
        key = f"slot-{seat}-{token}"  # no caption: the token's number is drawn large on it
        next_token = len(view.placed) + 1
        if seat == HUMAN and token == next_token and view.phase is VocesPhase.TRADING and not self.paused:
            place = t(_D + "slot_place", token=token)
            return self._move_item(key, region, svg, place, Place(HUMAN), "wide")
        in_play = view.hand_in_play == token and not self.paused
        return Item(key, region, svg, label, state="new" if in_play else "plain", size="wide")

    def _reveals(self, view: Any) -> list[tuple[int, str, list[tuple[int, Svg, str, str]]]]:
        """The hands revealed in the round shown (the last one while the table waits for Next round), in the
        order they were turned over: for each hand its outcome and every hand shown, wild cards drawn with
        the card they stand for, who is out (a red cross) and who won (a green tick)."""
        state = self.state
        assert state is not None
        t, lang = self.app.t, self.app.lang
        number = self.result_round
        hands: dict[int, dict[str, Any]] = {}
        for event in view.log:
            if event.round != number:
                continue
            hand = event.param("hand")
            if event.kind == "revealed":
                entry = hands.setdefault(hand, {"shown": [], "out": set(), "won": set(), "notes": []})
                entry["shown"].append((event.seat, tuple(event.param("cards") or ()), event.param("ranking")))
            elif event.kind.startswith("eliminated_") and hand in hands:
                hands[hand]["out"].add(event.seat)
                hands[hand].setdefault("why_out", {})[event.seat] = t(_D + event.kind.replace("eliminated_", "out_"))
            elif event.kind == "hand_won":
                hands.setdefault(hand, {"shown": [], "out": set(), "won": set(), "notes": []})["won"].add(event.seat)
            elif event.kind == "hand_shared":
                entry = hands.setdefault(hand, {"shown": [], "out": set(), "won": set(), "notes": []})
                entry["won"] |= {view.players.index(name) for name in event.param("players") or ()}
            if event.kind in ("hand_won", "hand_shared", "nobody_won"):
                hands.setdefault(hand, {"shown": [], "out": set(), "won": set(), "notes": []})["notes"].append(event.describe(lang))
        result = []
        for hand, entry in hands.items():
            shown = []
            for seat, cards, ranking in entry["shown"]:
                name = view.players[seat]
                wilds: tuple[Any, ...] = ()
                if isinstance(ranking, VocesHand):
                    cards, wilds, words = ranking.cards, ranking.wilds, ranking.describe(lang)
                else:
                    words = ranking.text(lang) if isinstance(ranking, Msg) else ""
                stands = dict(wilds)
                cards_words = Items([t("render.wild", wild=card.label(lang), card=stands[card].label(lang))
                                     if card in stands else card.label(lang) for card in cards])
                mark = "breaks" if seat in entry["out"] else "holds" if seat in entry["won"] else "plain"
                if mark == "breaks":
                    words = entry.get("why_out", {}).get(seat, words)
                key = {"breaks": "revealed_out", "holds": "revealed_won"}.get(mark, "revealed")
                label = t(_D + key, player=name, hand=hand, cards=cards_words, words=words)
                shown.append((seat, revealed_svg(cards, label, lang, wilds), label, mark))
            result.append((hand, " ".join(entry["notes"]), shown))
        # the hand being swapped for a Baboon: face up before its reveal
        if view.phase is VocesPhase.PICKING and not self.paused and view.hand_in_play not in hands:
            for hand, shown_now in view.revealed:
                if hand in hands:
                    continue
                shown = []
                for seat, cards in shown_now:
                    label = t(_D + "revealed", player=view.players[seat], hand=hand,
                              cards=Items([c.label(lang) for c in cards]), words=t(_D + "before_swap"))
                    shown.append((seat, revealed_svg(cards, label, lang), label, "plain"))
                result.append((hand, t(_D + "picking_note"), shown))
        return result

    def _on_press(self, key: str) -> None:
        """A picture pressed (click, Enter or Space): the move it stands for, if the engine allows it; otherwise
        its reason, announced, and nothing changes."""
        state = self.state
        if state is None:
            return
        kind, _, rest = key.partition("-")
        view = state.view_for(HUMAN)
        action: Action | None = None
        if kind == "card":
            card = next((c for c in view.hand if card_key(c) == rest), None)
            if card is None:
                return
            if card in self.selected:
                self.selected.discard(card)
                key = "unselected"
            else:
                if self._refused(Offer(HUMAN, (card,))):
                    return
                self.selected.add(card)
                key = "selected_card"
            count = CardCount(len(self._selection()))
            self._draw_moves()
            self._say(lambda: self.app.t(_D + key, card=card.label(self.app.lang), count=count))
            return
        if kind == "offer":
            seat = int(rest)
            action = Withdraw(HUMAN) if seat == HUMAN else Accept(HUMAN, seat, self._selection())
        elif kind == "slot":
            action = Place(HUMAN)
        elif kind == "pile":
            pile = int(rest)
            if self._refused(Bet(HUMAN, pile, PILES[pile])):
                return
            self.pile.value = pile
            self._draw_moves()
            self._say(lambda: self.app.t(_D + "pile_chosen", pile=pile))
            return
        elif kind == "five":
            action = PlaceFive(HUMAN, int(self.five_hand.value))
        elif kind == "drawn":
            action = Pick(HUMAN, (int(rest),))
        if action is None or self._refused(action):
            return
        self.play(action, from_board=True)

    def _refused(self, action: Action) -> bool:
        """Whether the engine refuses ``action`` now; if so its reason is said (nothing changes)."""
        state = self.state
        assert state is not None
        if self.paused:
            self._say(lambda: self.app.t(_K + "press_next"))
            return True
        reason = state.why_not(action)
        if reason is None:
            return False
        self._say(lambda: reason.text(self.app.lang))
        return True

    def _say(self, words: Any) -> None:
        """Say ``words()`` in the board's live region; after a language switch it is said again in the new
        language (``words`` is asked again)."""
        self._said = words
        self._said_lang = self.app.lang
        self.board.announce(words())

    def _announce_since(self, start: int) -> None:
        """Say every move since event ``start`` (yours and the bots', as your seat may know them) in the
        board's live region."""
        state = self.state
        assert state is not None
        events = state.view_for(HUMAN).log[start:]

        def words() -> str:
            lines = [event.describe(self.app.lang).strip() for event in events]
            return " ".join(line if line.endswith((".", "!", "?")) else line + "." for line in lines if line)

        if events:
            self._say(words)

    def _focus_next(self, *first: Any) -> None:
        """After a move the keyboard focus goes to the next sensible control: ``first`` (the wait button after
        a wait, so Enter waits again), Next round, a Baboon pick, the coin step, fold or stay, a Take button,
        Place, the wait button; New game at the end."""
        takes = [button for _, button in self.accept_buttons]
        ending = [self.new_button] if self.state is not None and self.state.is_terminal() else []
        focus_first(*first, self.next_button, *self.pick_box.children, self.bet_button, self.stay_button, *takes,
                    self.place_button, self.wait_button, *ending)

    def _stop_warning_html(self) -> str:
        """STOP announced before it happens: who has all three hands down, who calls STOP by placing a third
        hand, and what STOP would do to your hands now (the engine's view says all three)."""
        state = self.state
        assert state is not None
        t = self.app.t
        view = state.view_for(HUMAN)
        names = [t(_K + "you_name") if seat == HUMAN else view.players[seat] for seat in range(len(view.players))]
        finished = view.finished_seats
        callers = view.stop_callers
        lines: list[str] = []
        if finished and callers:
            key = "stop_near_you" if finished[0] == HUMAN else "stop_near"
            lines.append(t(_K + key, finished=names[finished[0]], callers=Items([names[s] for s in callers])))
        elif finished and finished[0] != HUMAN:
            lines.append(t(_K + "stop_first", finished=names[finished[0]]))
        elif not finished:
            two = [s for s, count in enumerate(view.placed_counts) if count == 2 and s != HUMAN]
            if two:
                lines.append(t(_K + "two_down", players=Items([names[s] for s in two])))
        if not lines:
            return ""
        if any(s != HUMAN for s in callers) and view.hand:
            token, blind = view.if_stop_now()
            key = ("stop_blind_none", "stop_blind_one", "stop_blind_two")[len(blind)]
            lines.append(t(_K + key, token=token or 0, blind=Items(blind)))
        if HUMAN in callers:
            lines.append(t(_K + "stop_you_can"))
        body = "<br>".join(esc(line) for line in lines)
        return f"<div class='pkt-voces-stop-warning' role='alert'>⚠ {body}</div>"

    def _draw_picks(self) -> None:
        """While a Baboon is swapped: the three cards drawn, and (on your turn) a button for each pick the
        engine allows."""
        state = self.state
        assert state is not None
        t, lang = self.app.t, self.app.lang
        view = state.view_for(HUMAN)
        picking = view.phase is VocesPhase.PICKING and not self.paused
        self.drawn.value = (f"<p>{esc(t(_K + 'drawn', hand=view.hand_in_play))} {voces_cards_html(view.drawn, lang)}</p>"
                            if picking and view.drawn else "")
        picks = [a for a in view.legal_actions if isinstance(a, Pick)] if picking else []
        if len(picks) != len(self.pick_box.children) or not picks:
            buttons = []
            for action in picks:
                button = self._button("pkt-voces-pick", lambda action=action: self.play(action), "primary")
                buttons.append(button)
            replace_children(self.pick_box, buttons)
        for action, button in zip(picks, self.pick_box.children):
            cards = ", ".join(view.drawn[c - 1].text(lang) for c in action.choices)
            button.description = t(_K + "pick", cards=cards)
            self._move_button(button, action, t(_K + "pick_tip"))

    def _result_html(self) -> str:
        state = self.state
        assert state is not None
        t, lang = self.app.t, self.app.lang
        number = self.result_round
        parts = [round_result_html(state.events, number, lang)]
        if len(state.round_scores) >= number:
            parts.append(scores_html(state.events, number, lang, HUMAN))
            if state.rules.rounds > 1:
                totals = ", ".join(f"{name} {points}" for name, points in zip(state.players, state.totals))
                parts.append(f"<p class='pkt-voces-totals'>{esc(t(_K + 'totals', totals=totals))}</p>")
        if state.is_terminal():
            final = next((e for e in reversed(state.events) if e.kind in ("game_won", "game_shared")), None)
            if final is not None:
                parts.append(f"<p class='pkt-voces-final' role='status'><b>{esc(final.describe(lang))}</b></p>")
        body = "".join(p for p in parts if p)
        if not body:
            return ""
        return f"<h3>{esc(t(_K + 'result_heading', round=number))}</h3>{body}"
