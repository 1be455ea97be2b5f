"""The Pokerface table: play a whole game in one seat, with bots in the other seats.

Tokens are buttons: take one from the middle, take one from a player, or pass. A move the rules do not
allow right now is disabled, and its tooltip says why (the engine's reason). The table shows the
tokens of every round of the deal, a hint (the chance of each place), the bots' reasons on request,
the showdown hand by hand, and the tally.

CSS classes for browser tests: ``pkt-new-game``, ``pkt-take-middle`` (one button per token),
``pkt-take-from`` (one per other player), ``pkt-pass``, ``pkt-hint``, ``pkt-show-reasons``,
``pkt-reveal-next``, ``pkt-status``, ``pkt-tally``, ``pkt-showdown``, ``pkt-log``, ``pkt-tokens``,
``pkt-cards``.
"""

from __future__ import annotations

import threading
from typing import Any

import ipywidgets
import numpy as np

from pokerkit_teach.core.game import Bot
from pokerkit_teach.core.i18n import Items
from pokerkit_teach.core.match import Match
from pokerkit_teach.holdem.batch import build_tables
from pokerkit_teach.holdem.render import cards_html
from pokerkit_teach.pokerface import GAME, Action, Pass, Phase, PlayerView, PokerfaceRules, PokerfaceState, TakeFromMiddle, TakeFromPlayer, Variant
from pokerkit_teach.pokerface.events import Token, token_text
from pokerkit_teach.pokerface.hints import rank_probabilities

from .common import App, AppParams, esc, page_pending, show_move

__all__ = ["TableApp"]

SEAT_NAMES = ("Anna", "Ben", "Carla", "Dan", "Eva", "Finn")  # you are Anna, in seat 0
HUMAN = 0
MAX_BOT_MOVES = 400


class TableApp(App):
    """A game of Pokerface: you in seat 0, bots in the other seats."""

    title_key = "apps.table.title"

    def __init__(self, params: AppParams | None = None, query: str | None = None) -> None:
        self.state: PokerfaceState | None = None
        self.match: Match[PokerfaceState] | None = None
        self.bots: list[Bot[PlayerView] | None] = []
        self.reasons: list[tuple[int, Any]] = []  # (seat, the bot's decision): said in the language shown
        self.hint_result: Any = None  # the open hint, said in the language shown
        self.revealed = 0
        self.shown_showdowns = 0
        self.move_buttons: dict[str, list[ipywidgets.Button]] = {}  # by CSS class, reused (see _show_moves)
        self.move_actions: dict[str, list[Action]] = {}
        super().__init__(params, query)
        self.new_game()
        if not self.tables_built:  # once the app is built, while the browser loads the page
            threading.Thread(target=build_tables, name="pkt-batch-tables", daemon=True).start()

    # ------------------------------------------------------------------ layout
    def prepare(self) -> None:
        """The bots judge hands of 5, 6 and 7 cards in batches, from tables that take 0.25 s to build. A
        preheated kernel builds them before its page is asked for; elsewhere (a kernel started for the
        page) they are built in the background once the app is built, while the browser loads the page,
        and a click that needs them before waits for them."""
        self.tables_built = page_pending()
        if self.tables_built:
            build_tables()

    def build(self) -> list[ipywidgets.Widget]:
        self.players = ipywidgets.Dropdown(options=[3, 4, 5, 6], value=self.params.players)
        self.variant_boxes = {v: ipywidgets.Checkbox(value=False, indent=False) for v in Variant}
        self.bot_choice = ipywidgets.Dropdown(options=[(name, name) for name in GAME.bot_names], value=GAME.default_bot)
        self.new_button = ipywidgets.Button(icon="refresh")
        self.new_button.add_class("pkt-new-game")
        self.new_button.on_click(self.guarded(lambda _: self.new_game()))
        setup = ipywidgets.HBox([self.players, *self.variant_boxes.values(), self.bot_choice, self.new_button])
        self.status = ipywidgets.HTML()
        self.status.add_class("pkt-status")
        self.tally = ipywidgets.HTML()
        self.tally.add_class("pkt-tally")
        self.cards = ipywidgets.HTML()
        self.cards.add_class("pkt-cards")
        self.middle_box = ipywidgets.HBox()
        self.players_box = ipywidgets.HBox()
        self.pass_button = ipywidgets.Button()
        self.pass_button.add_class("pkt-pass")
        self.pass_button.on_click(self.guarded(lambda _: self.play(Pass(HUMAN))))
        self.hint_button = ipywidgets.Button(icon="lightbulb-o")
        self.hint_button.add_class("pkt-hint")
        self.hint_button.on_click(self.guarded(lambda _: self.show_hint()))
        self.show_reasons = ipywidgets.Checkbox(value=False, indent=False)
        self.show_reasons.add_class("pkt-show-reasons")
        self.show_reasons.observe(lambda _: self.refresh(), names="value")
        self.tokens = ipywidgets.HTML()
        self.tokens.add_class("pkt-tokens")
        self.hint = ipywidgets.HTML()
        self.log = ipywidgets.HTML()
        self.log.add_class("pkt-log")
        self.showdown = ipywidgets.HTML()
        self.showdown.add_class("pkt-showdown")
        self.reveal_button = ipywidgets.Button()
        self.reveal_button.add_class("pkt-reveal-next")
        self.reveal_button.on_click(self.guarded(lambda _: self.reveal_next()))
        moves = ipywidgets.VBox([self.middle_box, self.players_box, ipywidgets.HBox([self.pass_button, self.hint_button, self.show_reasons])])
        return [setup, self.status, self.tally, self.cards, moves, self.hint, self.tokens,
                ipywidgets.HBox([self.showdown, self.reveal_button]), self.log]

    def take_params(self, params: AppParams) -> bool:
        """The page's seed and number of players: a new game with them in the app already built."""
        self.params = params
        self.players.value = params.players
        self.new_game()
        self.adopt_language(params)
        return True

    # ------------------------------------------------------------------ game flow
    def new_game(self) -> None:
        count = int(self.players.value)
        names = SEAT_NAMES[:count]
        variants = frozenset(v for v, box in self.variant_boxes.items() if box.value)
        seed = self.params.seed if self.params.seed is not None else int(np.random.default_rng().integers(1_000_000))
        self.seed = seed
        self.rng = np.random.default_rng([seed, 1])
        rules = PokerfaceRules(names, first_dealer=count - 1, variants=variants)  # you sit left of the dealer
        self.state = rules.new_game(seed=seed)
        self.bots = [None] + [GAME.make_bot(str(self.bot_choice.value), np.random.default_rng([seed, 2, s])) for s in range(1, count)]
        self.match = Match(self.state, self.bots, seed=self.rng)
        self.reasons = []
        self.hint_result = None
        self.revealed = 0
        self.shown_showdowns = 0
        self.say("")
        self.run_bots()
        self.refresh()

    def play(self, action: Action) -> None:
        """Your move: the engine checks it; then the bots move until it is your turn again."""
        assert self.state is not None
        self.state.apply(action)
        self.hint_result = None
        self.say("")
        self.run_bots()
        self.refresh()

    def run_bots(self) -> None:
        """The bots move (through the match) until you may act or the game is over; their reasons are kept."""
        assert self.match is not None
        for move in self.match.run(MAX_BOT_MOVES):
            if move.decision is not None:
                self._remember(move.seat, move.decision)

    def _remember(self, seat: int, decision: Any) -> None:
        """Keep a bot's decision (it says its reason in any language) for the log."""
        self.reasons.append((seat, decision))
        self.reasons = self.reasons[-8:]

    def show_hint(self) -> None:
        assert self.state is not None
        view = self.state.view_for(HUMAN)
        if len(view.hole) != 2:
            self.say(self.t("apps.table.no_hint"), "error")
            return
        self.hint_result = rank_probabilities(view, 20_000, seed=self.rng, read_tokens=True)
        self.refresh()

    def reveal_next(self) -> None:
        self.revealed += 1
        self.refresh()

    # ------------------------------------------------------------------ drawing
    def refresh(self) -> None:
        """Draw the game as seat 0 may see it: everything comes from its view (the engine decides what you
        may know), the log as the engine tells it to you, and the engine's reason for each refused move."""
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
        view = state.view_for(HUMAN)
        self.tally.value = "<p>" + esc(t("apps.table.tally", successes=view.successes, failures=view.failures,
                                         limit=view.failures_to_lose, seed=self.seed)) + "</p>"
        self.status.value = f"<p><b>{esc(self._status_text(view))}</b></p>"
        self.cards.value = (
            f"<p>{esc(t('apps.table.you', name=view.players[HUMAN]))} {esc(t('apps.table.your_cards'))} "
            f"{cards_html(view.hole, self.lang)}</p>"
            f"<p>{esc(t('apps.table.board'))} {cards_html(view.board, self.lang) if view.board else esc(t('apps.table.no_board'))}</p>"
        )
        self._draw_moves(view)
        self.tokens.value = self._token_table(view)
        hint = self.hint_result.text(self.lang) if self.hint_result is not None else ""
        self.hint.value = f"<p class='pkt-hint-text'>{esc(hint)}</p>" if hint else ""
        self._draw_showdown(view)
        log_lines = state.log_for(HUMAN, self.lang, last=10)
        if self.show_reasons.value and self.reasons:
            log_lines += [t("apps.table.reasons_heading")] + [
                t("apps.table.reason", player=state.players[seat], reason=decision.text(self.lang)) for seat, decision in self.reasons]
        self.log.value = "<div style='max-height:14em;overflow:auto;font-size:90%'>" + "".join(
            f"<div>{esc(line)}</div>" for line in log_lines) + "</div>"

    def _status_text(self, view: PlayerView) -> str:
        if view.game_over:
            return self.t("apps.table.won" if view.won else "apps.table.lost", deals=view.deal_number)
        dealer = view.players[view.dealer]
        if view.phase is not Phase.ROUND or view.round_suit is None:
            return self.t("apps.table.dealing", deal=view.deal_number, dealer=dealer)
        assert self.state is not None
        if self.state.rules.free_for_all and len(view.to_act) > 1:
            who = self.t("apps.table.everyone" if HUMAN in view.to_act else "apps.table.waiting",
                         player=Items(view.players[seat] for seat in view.to_act))
        elif HUMAN in view.to_act:
            who = self.t("apps.table.your_turn")
        else:
            who = self.t("apps.table.waiting", player=Items(view.players[seat] for seat in view.to_act))
        return self.t("apps.table.round_status", deal=view.deal_number, dealer=dealer, suit=view.round_suit.symbol, who=who)

    def _show_moves(self, box: ipywidgets.Box, moves: list[tuple[Action, str]], css: str) -> None:
        """One button per move in ``box``, each enabled or disabled with the engine's reason. The buttons
        are reused from move to move: new ones for every redraw would pile up in the kernel and be sent
        to the page again with each click."""
        assert self.state is not None
        pool = self.move_buttons.setdefault(css, [])
        actions = self.move_actions.setdefault(css, [])
        while len(pool) < len(moves):
            button = ipywidgets.Button()
            button.add_class(css)
            button.on_click(self.guarded(lambda _, i=len(pool): self.play(actions[i])))
            pool.append(button)
        actions[:] = [action for action, _ in moves]
        for button, (action, label) in zip(pool, moves):
            with button.hold_sync():  # one message to the page per button
                button.description = label
                show_move(button, self.state.why_not(action), self.lang, label)
        box.children = tuple(pool[: len(moves)])

    def _draw_moves(self, view: PlayerView) -> None:
        """A button for every token in the middle and every token another player holds, whether or not it
        is your turn: the engine enables each, or disables it with its reason."""
        state = self.state
        assert state is not None
        suit = view.round_suit
        holders = view.token_holders(suit) if suit is not None and not view.game_over else None
        if suit is None or holders is None:
            self.middle_box.children = ()
            self.players_box.children = ()
            self.pass_button.disabled = True
            self.pass_button.description = self.t("apps.table.pass")
            self.pass_button.tooltip = self.t("apps.table.no_round")
            self.hint_button.disabled = True
            return
        middle: list[tuple[Action, str]] = [
            (TakeFromMiddle(HUMAN, number), self.t("apps.table.take_middle", token=Token(suit, number)))
            for number, holder in enumerate(holders, start=1) if holder is None]
        self._show_moves(self.middle_box, middle, "pkt-take-middle")
        takes: list[tuple[Action, str]] = []
        for seat in range(1, view.player_count):
            held = view.token_of(seat, suit)
            if held is not None:
                label = self.t("apps.table.take_from", token=Token(suit, held), player=view.players[seat])
                takes.append((TakeFromPlayer(HUMAN, seat), label))
        self._show_moves(self.players_box, takes, "pkt-take-from")
        pass_label = self.t("apps.table.done" if state.rules.free_for_all else "apps.table.pass")
        with self.pass_button.hold_sync():
            self.pass_button.description = pass_label
            show_move(self.pass_button, state.why_not(Pass(HUMAN)), self.lang, pass_label)
        self.hint_button.disabled = False

    def _token_table(self, view: PlayerView) -> str:
        if not view.tokens:
            return ""
        head = "".join(f"<th scope='col'>{esc(name)}</th>" for name in view.players)
        rows = []
        for suit, _ in view.tokens:
            texts = [token_text(suit, held) if held is not None else "—" for held in
                     (view.token_of(seat, suit) for seat in range(view.player_count))]
            cells = "".join(f"<td>{esc(text)}</td>" for text in texts)
            rows.append(f"<tr><th scope='row'>{suit.symbol}</th>{cells}</tr>")
        caption = esc(self.t("apps.table.tokens_caption", deal=view.deal_number))
        return f"<table class='pkt-token-table'><caption>{caption}</caption><tr><th></th>{head}</tr>{''.join(rows)}</table>"

    def _draw_showdown(self, view: PlayerView) -> None:
        if view.showdowns != self.shown_showdowns:  # a new showdown: start revealing from the first hand
            self.shown_showdowns = view.showdowns
            self.revealed = 1
        result = view.last_showdown
        if result is None:
            self.showdown.value = ""
            self.reveal_button.layout.display = "none"
            return
        shown = result.steps[: self.revealed]
        lines = []
        for step in shown:
            lines.append(f"<li>{esc(step.reveal.text(self.lang))}<br><small>{esc(step.verdict.text(self.lang))}</small></li>")
        done = self.revealed >= len(result.steps)
        summary = f"<p><b>{esc(result.summary.text(self.lang))}</b></p>" if done else ""
        heading = esc(self.t("apps.table.showdown_heading", deal=view.showdowns))
        self.showdown.value = f"<div><h4>{heading}</h4><ol>{''.join(lines)}</ol>{summary}</div>"
        self.reveal_button.layout.display = "none" if done else ""

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)
