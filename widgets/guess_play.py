"""A PokerGuess game against bots, one section of the PokerGuess explorer: you in seat 0, bots elsewhere.

Every move is a button: predict (with an optional raise), stay, fold, and in the last-card phase show
card 1 or 2. A button the rules do not allow right now is disabled, and the engine's reason stands under
it as text (:class:`~widgets.common.MoveControl`) and in its tooltip. After each of your moves the
keyboard focus goes to the next control you can use (Next round, a card to show, Predict, Stay, ...). After each round the table pauses on the check, prediction by prediction, until you ask for
the next round. The bots move through a :class:`~pokerkit_teach.core.match.Match`; their moves appear in
the log with the reason each bot gives. What you see of the table comes from your view
(:meth:`~pokerkit_teach.pokerguess.state.PokerGuessState.view_for`), the check's cards included.

CSS classes: ``pkt-guess-new-game``, ``pkt-guess-status``, ``pkt-guess-players``, ``pkt-guess-your-cards``,
``pkt-guess-colour-count``, ``pkt-guess-colour``, ``pkt-guess-figure-count``, ``pkt-guess-figure``,
``pkt-guess-raise``, ``pkt-guess-predict``, ``pkt-guess-stay``, ``pkt-guess-fold``, ``pkt-guess-reveal``
(two buttons), each in a ``pkt-move`` box with its ``pkt-move-reason``, ``pkt-guess-result``,
``pkt-guess-next-round``, ``pkt-guess-log``, ``pkt-guess-bots`` (the bot menu).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

import ipywidgets
import numpy as np

from pokerkit_teach.core.i18n import Msg, capitalize_first
from pokerkit_teach.core.match import Match
from pokerkit_teach.pokerguess import GAME, Prediction
from pokerkit_teach.pokerguess.cards import Colour, Figure
from pokerkit_teach.pokerguess.render import drez_cards_html
from pokerkit_teach.pokerguess.state import Action, Fold, GuessPhase, PokerGuessRules, PokerGuessState, Predict, Reveal, RoundResult, Stay

from .common import MoveControl, ScenarioDesk, esc, focus_first, show_tab_move
from .guess_parts import NAMES, check_steps_html, outcome_html

if TYPE_CHECKING:
    from .common import App

__all__ = ["GuessGame", "HUMAN"]

HUMAN = 0
_K = "apps.guess.play."
_BETTING = (GuessPhase.BETTING1, GuessPhase.BETTING2)


class GuessGame:
    """The play section: owns its controls, asks the engine for every decision and lets the bots move
    through a :class:`~pokerkit_teach.core.match.Match`. Its :class:`~widgets.common.ScenarioDesk` saves the
    game so far, opens a scenario file, a built-in scenario or a link, and continues from any step."""

    game_name = "pokerguess"

    def __init__(self, app: "App") -> None:
        self.app = app
        self.state: PokerGuessState | None = None
        self.match: Match[PokerGuessState] | None = None
        self.log_lines: list[tuple[str, Any]] = []  # ("event", GuessEvent) or ("reason", (player, Msg)), put into words when drawn
        self.finished: RoundResult | None = None  # the last round settled, as your view shows it
        self.paused = False
        g = app.guarded
        self.players = ipywidgets.Dropdown(options=[2, 3, 4, 5, 6], value=app.params.players, layout=ipywidgets.Layout(width="12em"))
        self.bot_choice = ipywidgets.Dropdown(options=[(name, name) for name in GAME.bot_names], value=GAME.default_bot,
                                              layout=ipywidgets.Layout(width="14em"))
        self.bot_choice.add_class("pkt-guess-bots")
        self.new_button = ipywidgets.Button(icon="refresh")
        self.new_button.add_class("pkt-guess-new-game")
        self.new_button.on_click(g(lambda _: self.new_game()))
        self.status = ipywidgets.HTML()
        self.status.add_class("pkt-guess-status")
        self.table = ipywidgets.HTML()
        self.table.add_class("pkt-guess-players")
        self.your_cards = ipywidgets.HTML()
        self.your_cards.add_class("pkt-guess-your-cards")
        narrow = ipywidgets.Layout(width="7em")
        self.colour_count = ipywidgets.Dropdown(options=list(range(1, 7)), value=2, layout=ipywidgets.Layout(width="12em"),
                                                style={"description_width": "initial"})
        self.colour_count.add_class("pkt-guess-colour-count")
        self.colour = ipywidgets.Dropdown(options=[(c.name, c) for c in Colour], value=Colour.RED, layout=ipywidgets.Layout(width="9em"))
        self.colour.add_class("pkt-guess-colour")
        self.figure_count = ipywidgets.Dropdown(options=list(range(1, 10)), value=2, layout=narrow)
        self.figure_count.add_class("pkt-guess-figure-count")
        figures = sorted(Figure, reverse=True)
        self.figure = ipywidgets.Dropdown(options=[(f.name, f) for f in figures], value=Figure.PAWN, layout=ipywidgets.Layout(width="10em"))
        self.figure.add_class("pkt-guess-figure")
        self.raise_by = ipywidgets.Dropdown(options=[0, 1, 2, 3], value=0, layout=ipywidgets.Layout(width="12em"),
                                            style={"description_width": "initial"})
        self.raise_by.add_class("pkt-guess-raise")
        for control in (self.colour_count, self.colour, self.figure_count, self.figure, self.raise_by):
            control.observe(lambda _: self._draw_moves(), names="value")
        self.predict_button = ipywidgets.Button(button_style="primary")
        self.predict_button.add_class("pkt-guess-predict")
        self.predict_button.on_click(g(lambda _: self.play(self._chosen_prediction())))
        self.stay_button = ipywidgets.Button()
        self.stay_button.add_class("pkt-guess-stay")
        self.stay_button.on_click(g(lambda _: self.play(Stay(HUMAN))))
        self.fold_button = ipywidgets.Button()
        self.fold_button.add_class("pkt-guess-fold")
        self.fold_button.on_click(g(lambda _: self.play(Fold(HUMAN))))
        self.reveal_buttons = []
        for card in (0, 1):
            button = ipywidgets.Button()
            button.add_class("pkt-guess-reveal")
            button.on_click(g(lambda _, card=card: self.play(Reveal(HUMAN, card))))
            self.reveal_buttons.append(button)
        # each move with its reason under it, as visible text when the move is not allowed
        self.predict_move, self.stay_move, self.fold_move = (MoveControl(b) for b in (self.predict_button, self.stay_button, self.fold_button))
        self.reveal_moves = [MoveControl(b) for b in self.reveal_buttons]
        self.result = ipywidgets.HTML()
        self.result.add_class("pkt-guess-result")
        self.next_button = ipywidgets.Button(button_style="success")
        self.next_button.add_class("pkt-guess-next-round")
        self.next_button.on_click(g(lambda _: self.next_round()))
        self.log = ipywidgets.HTML()
        self.log.add_class("pkt-guess-log")
        self.intro = ipywidgets.HTML()
        prediction_row = ipywidgets.HBox([self.colour_count, self.colour, self.figure_count, self.figure, self.raise_by, self.predict_move])
        self.box = ipywidgets.VBox([
            self.intro,
            ipywidgets.HBox([self.players, self.bot_choice, self.new_button]),
            self.status, self.your_cards, self.table, prediction_row,
            ipywidgets.HBox([self.stay_move, self.fold_move, *self.reveal_moves]),
            ipywidgets.HBox([self.result, self.next_button]), self.log,
        ])
        self.box.add_class("pkt-guess-play")
        self.desk = ScenarioDesk(app, self, "pokerguess_explorer.ipynb")  # save, open, walk through, link (issue #20)
        self.box.children = (*self.box.children, self.desk.box)

    # ------------------------------------------------------------------ flow
    def new_game(self) -> None:
        count = int(self.players.value)
        params = self.app.params
        seed = params.seed if params.seed is not None else int(np.random.default_rng().integers(1_000_000))
        self.seed = seed
        rules = PokerGuessRules(NAMES[:count], first_dealer=count - 1)  # you sit left of the dealer and begin
        self.state = rules.new_game(seed=seed)
        bots = {s: GAME.make_bot(str(self.bot_choice.value), np.random.default_rng([seed, 3, s])) for s in range(1, count)}
        self.match = Match(self.state, bots, seed=seed)
        self.log_lines = []
        self.finished = None
        self.paused = False
        self._log_events(self.state.events)
        self._suggest()
        self.app.say("")
        self.desk.close_viewer()
        self.run_bots()
        self.refresh()
        self.focus_next()

    # ------------------------------------------------------------------ scenarios (ScenarioPlay)
    def scenario_state(self) -> PokerGuessState | None:
        return self.state

    def scenario_seed(self) -> int | None:
        return self.seed

    def take_state(self, state: PokerGuessState, seed: int | None, running: bool) -> None:
        """A game from a scenario (a step of it): you in seat 0, the bots chosen here in the other seats.
        ``running``: the bots move until it is your turn; otherwise the table waits at the step."""
        count = state.player_count
        self.seed = seed if seed is not None else self.seed
        self.players.value = count
        self.state = state
        bots = {s: GAME.make_bot(str(self.bot_choice.value), np.random.default_rng([self.seed, 3, s])) for s in range(1, count)}
        self.match = Match(state, bots, seed=np.random.default_rng([self.seed, 4, len(state.events)]))
        self.log_lines = []
        self._log_events(state.events)
        self.finished = state.view_for(HUMAN).last_result
        # a round settled and nobody has moved in the next one: the table waits for Next round, as in play
        self.paused = (self.finished is not None and not state.is_terminal()
                       and all(event.seat is None for event in state.events if event.round == state.round.number))
        self._suggest()
        if running:
            self.run_bots()
        self.refresh()
        if running:
            self.focus_next()

    def play(self, action: Action) -> None:
        """Your move: the engine checks it (a refusal changes nothing); then the bots answer."""
        state = self.state
        assert state is not None
        self._record(state.apply(action), HUMAN, None)
        self.app.say("")
        self.run_bots()
        self.refresh()
        self.focus_next()

    def next_round(self) -> None:
        self.paused = False
        self._suggest()
        self.run_bots()
        self.refresh()
        self.focus_next()

    def moves(self) -> list[MoveControl]:
        """Your moves (button and reason), in the order the focus tries them after a move."""
        return [*self.reveal_moves, self.predict_move, self.stay_move, self.fold_move]

    def focus_next(self) -> None:
        """After a move: the keyboard focus to Next round while the check is shown, else to your first
        allowed move, else (game over) to New game; it stays where it is while the bots are to move."""
        focus_first(self.next_button, *self.moves(), *([self.new_button] if self.state and self.state.is_terminal() else []))

    def run_bots(self) -> None:
        """The match moves the bots until you are to act or the game is over; it stops after a round is
        settled, so you can read the check (``paused``) until you ask for the next round."""
        match = self.match
        assert match is not None
        while not self.paused:
            move = match.step()
            if move is None:
                return
            self._record(move.events, move.seat, move.decision.reason if move.decision else None)

    def _record(self, events: Sequence[Any], seat: int, reason: Msg | None) -> None:
        """Log a move's events with the bot's reason after the first, and pause when it settled a round."""
        state = self.state
        assert state is not None
        self._log_events(events[:1])
        if reason is not None:
            self.log_lines.append(("reason", (state.players[seat], reason)))
        self._log_events(events[1:])
        last = state.view_for(HUMAN).last_result
        if last is not None and last != self.finished:
            self.finished = last
            self.paused = not state.is_terminal()

    def _log_events(self, events: Any) -> None:
        for event in events:
            self.log_lines.append(("event", event))
        self.log_lines = self.log_lines[-60:]

    def _chosen_prediction(self) -> Predict:
        prediction = Prediction(int(self.colour_count.value), Colour(self.colour.value), int(self.figure_count.value), Figure(self.figure.value))
        return Predict(HUMAN, prediction, int(self.raise_by.value))

    def _suggest(self) -> None:
        """Start the prediction controls from your own cards: the colour of the first, the figure of the second."""
        state = self.state
        assert state is not None
        view = state.view_for(HUMAN)
        if len(view.private) == 2 and not state.is_terminal():
            self.colour.value, self.figure.value = view.private[0].colour, view.private[1].figure
        self.raise_by.value = 0

    # ------------------------------------------------------------------ drawing
    def refresh(self) -> None:
        state = self.state
        if state is None:
            return
        t = self.app.t
        lang = self.app.lang
        self.intro.value = f"<p>{esc(t(_K + 'intro'))}</p>"
        self.players.description = t("apps.common.players")
        self.bot_choice.description = t("apps.common.bots")
        self.new_button.description = t(_K + "new_game")
        self.new_button.tooltip = t(_K + "new_game_tip")
        self._relabel()
        self.colour_count.description = t(_K + "at_least")
        self.raise_by.description = t(_K + "raise_by")
        self.predict_button.description = t(_K + "predict")
        self.stay_button.description = t(_K + "stay")
        self.fold_button.description = t(_K + "fold")
        self.next_button.description = t(_K + "next_round")
        self.next_button.layout.display = "" if self.paused else "none"
        self.status.value = f"<p role='status'><b>{esc(self._status_text())}</b></p>"
        view = state.view_for(HUMAN)
        if view.private and not self.paused and not state.is_terminal():
            self.your_cards.value = (
                f"<p>{esc(t(_K + 'your_cards'))} {drez_cards_html(view.private, lang)}</p>"
                f"<p>{esc(t(_K + 'community'))} {drez_cards_html(view.community, lang)}</p>"
            )
        else:
            self.your_cards.value = ""
        self.table.value = "" if self.paused else self._players_html()
        self._draw_moves()
        self.result.value = self._result_html()
        lines = []
        for kind, entry in self.log_lines[-16:]:
            if kind == "reason":
                player, reason = entry
                lines.append(f"<div class='pkt-guess-reason' style='margin-left:1.5em;color:#555'><i>↳ {esc(player)}: {esc(reason.text(lang))}</i></div>")
            else:
                lines.append(f"<div>{esc(entry.describe(lang))}</div>")
        heading = f"<h4>{esc(t(_K + 'log_heading'))}</h4>"
        self.log.value = heading + "<div style='max-height:18em;overflow:auto;font-size:90%'>" + "".join(lines) + "</div>"
        self.desk.refresh()

    def _relabel(self) -> None:
        lang = self.app.lang
        for control, options in (
            (self.colour, [(c.localized(lang, "title"), c) for c in Colour]),
            (self.figure, [(capitalize_first(f.localized(lang, "plural")), f) for f in sorted(Figure, reverse=True)]),
            (self.bot_choice, [(self.app.t(_K + "bot." + name), name) for name in GAME.bot_names]),
        ):
            if tuple(control.options) != tuple(options):  # a message to the page only when the words change
                value = control.value
                control.options = options
                control.value = value

    def _status_text(self) -> str:
        state = self.state
        assert state is not None
        t = self.app.t
        if state.is_terminal():
            outcome = state.outcome
            assert outcome is not None
            winner = outcome.winners[0]
            return t(_K + "game_over", name=state.players[winner], chips=state.chips[winner],
                     you=state.chips[HUMAN], seed=self.seed)
        if self.paused:
            return t(_K + "paused", round=self.finished.number if self.finished else 0)
        view = state.view_for(HUMAN)
        phase = t(_K + "phase." + view.phase.value)
        if view.to_act == HUMAN:
            who = t(_K + ("your_turn_reveal" if view.phase is GuessPhase.REVEAL else "your_turn"), cover=view.to_cover)
        elif HUMAN not in view.active:
            who = t(_K + "you_are_out")
        else:
            who = t(_K + "waiting", player=state.players[view.to_act] if view.to_act >= 0 else "")
        return t(_K + "status", round=view.round, phase=phase, pot=view.pot, bet=view.current_bet, who=who, seed=self.seed)

    def _players_html(self) -> str:
        state = self.state
        assert state is not None
        t, lang = self.app.t, self.app.lang
        view = state.view_for(HUMAN)
        predictions = dict(view.predictions)
        shown = dict(view.shown)
        head = "".join(f"<th scope='col'>{esc(t(_K + 'column.' + c))}</th>" for c in ("player", "chips", "in_pot", "prediction", "shown"))
        rows = []
        for seat, name in enumerate(view.players):
            label = name + (" " + t(_K + "you") if seat == HUMAN else "")
            if seat not in view.active:
                prediction = t(_K + "folded") if view.committed[seat] else t(_K + "out")
            else:
                prediction = predictions[seat].text(lang) if seat in predictions else "—"
            card = drez_cards_html([shown[seat]], lang) if seat in shown else "—"
            mark = " style='background:#eef4ff'" if seat == view.to_act else ""
            rows.append(f"<tr{mark}><th scope='row'>{esc(label)}</th><td>{view.chips[seat]}</td><td>{view.committed[seat]}</td>"
                        f"<td>{esc(prediction)}</td><td>{card}</td></tr>")
        return f"<table class='pkt-guess-seats' cellpadding='4' style='border-collapse:collapse'><tr>{head}</tr>{''.join(rows)}</table>"

    def _move_button(self, button: ipywidgets.Button, action: Action | None, label: str) -> None:
        show_tab_move(button, self.state, action, self.paused, self.app, _K, label)

    def _draw_moves(self) -> None:
        state = self.state
        if state is None:
            return
        t, lang = self.app.t, self.app.lang
        view = state.view_for(HUMAN)
        mine = view.to_act == HUMAN and not state.is_terminal()
        betting = mine and view.phase in _BETTING
        revealing = mine and view.phase is GuessPhase.REVEAL
        self._move_button(self.predict_button, self._chosen_prediction() if betting else None, t(_K + "predict_tip"))
        self._move_button(self.stay_button, Stay(HUMAN) if betting else None, t(_K + "stay_tip"))
        self._move_button(self.fold_button, Fold(HUMAN) if betting else None, t(_K + "fold_tip"))
        for card, button in enumerate(self.reveal_buttons):
            name = view.private[card].text(lang) if len(view.private) == 2 else ""
            button.description = t(_K + "show", number=card + 1, card=name)
            self._move_button(button, Reveal(HUMAN, card) if revealing else None, t(_K + "show_tip"))
            button.layout.display = self.reveal_moves[card].layout.display = "" if revealing else "none"

    def _result_html(self) -> str:
        finished = self.finished
        if finished is None:
            return ""
        t, lang = self.app.t, self.app.lang
        parts = [f"<h4>{esc(t(_K + 'result_heading', round=finished.number))}</h4>"]
        players = self.state.players if self.state else ()
        if finished.by_folding:
            winner = players[finished.winner] if finished.winner is not None else ""
            parts.append(f"<p class='pkt-guess-outcome' role='status'><b>{esc(t(_K + 'sole_winner', name=winner, pot=finished.pot))}</b></p>")
            return "<div>" + "".join(parts) + "</div>"
        rows = "".join(f"<tr><th scope='row'>{esc(players[seat])}</th><td>{drez_cards_html(hole, lang)}</td></tr>"
                       for seat, hole in finished.hands)
        rows += f"<tr><th scope='row'>{esc(t('apps.guess.community'))}</th><td>{drez_cards_html(finished.community, lang)}</td></tr>"
        parts.append(f"<table>{rows}</table><p>{esc(t('apps.guess.legend'))}</p>")
        checks = [(players[seat], verdict) for seat, verdict in finished.checks]
        parts.append(check_steps_html(checks, finished.cards, lang))
        parts.append(outcome_html(checks, lang).replace("</b>", f" ({esc(t(_K + 'pot', pot=finished.pot))})</b>", 1))
        return "<div>" + "".join(parts) + "</div>"
