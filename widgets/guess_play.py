"""A PokerGuess game against bots, one section of the PokerGuess explorer: you in seat 0, bots elsewhere.

The table is drawn (:class:`~pokerkit_teach.widgets.drawn.DrawnBoard`): every seat with its player's name,
their two cards (the others' face down until shown, yours face up), their chips with what they have put
into the pot, and their prediction drawn as a picture; the community cards and the pot in the middle.
In the last-card phase you show a card by pressing its picture (Enter or Space on the keyboard): both of
your cards are then marked as moves you may make (a green ring); at any other time they can still be
pressed, and the table says the engine's reason why not. Every move, yours and the bots', is announced in the board's
live region in the app's language. At the check the table turns every counted hand face up and marks
each prediction checked: a tick where it holds, a cross where it does not.

A prediction and a raise are entered with the form controls under the table (counts, colour, figure,
raise), with Predict, Stay and Fold buttons: a button the rules do not allow right now is disabled, and
the engine's reason stands under it as text (:class:`~widgets.controls.MoveControl`) and in its tooltip.
After each of your moves the keyboard focus goes to the next thing you can use (Next round, a card to
show, Predict, Stay, ...). After each round the table pauses on the check, prediction by prediction,
until you ask for the next round. The bots move through a :class:`~pokerkit_teach.core.match.Match`;
their moves appear in the log with the reason each bot gives. What you see of the table comes from your
view (:meth:`~pokerkit_teach.games.pokerguess.state.PokerGuessState.view_for`), the check's cards included.

CSS classes: ``pkt-guess-new-game``, ``pkt-guess-status``, ``pkt-guess-board`` (the drawn table; your
cards are the items ``mine-0`` and ``mine-1``), ``pkt-guess-colour-count``, ``pkt-guess-colour``,
``pkt-guess-figure-count``, ``pkt-guess-figure``, ``pkt-guess-raise``, ``pkt-guess-predict``,
``pkt-guess-stay``, ``pkt-guess-fold``, each in a ``pkt-move`` box with its ``pkt-move-reason``,
``pkt-guess-result``, ``pkt-guess-next-round``, ``pkt-guess-log``, ``pkt-guess-bots`` (the bot menu).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

import ipywidgets
import numpy as np

from pokerkit_teach.core.i18n import Items, Msg, capitalize_first, message
from pokerkit_teach.core.match import Match
from pokerkit_teach.core.render import Drawn, card_back, face_down_label, row_svg
from pokerkit_teach.games.pokerguess import GAME, Prediction
from pokerkit_teach.games.pokerguess.cards import Colour, DrezCard, Figure
from pokerkit_teach.games.pokerguess.render import drez_card_body, drez_card_label, drez_card_svg, drez_hand_svg
from pokerkit_teach.games.pokerguess.actions import Action, Fold, PokerGuessPhase, Predict, Reveal, Stay
from pokerkit_teach.games.pokerguess.events import PokerGuessEvent, RoundResult
from pokerkit_teach.games.pokerguess.rules import PokerGuessRules
from pokerkit_teach.games.pokerguess.state import PokerGuessState

from .app import esc
from .controls import MoveControl, focus_first, show_tab_move
from .scenario_desk import ScenarioDesk
from .drawn import DrawnBoard, Item, Region
from .guess_parts import CARD_PX, NAMES, check_steps_html, chips_svg, outcome_html, prediction_svg

if TYPE_CHECKING:
    from .app import App

__all__ = ["GuessGame", "HUMAN"]

HUMAN = 0
_K = "apps.guess.play."
_D = "apps.guess.drawn."
_BETTING = (PokerGuessPhase.BETTING1, PokerGuessPhase.BETTING2)


def seat_areas(count: int) -> tuple[str, str, list[str]]:
    """Where the seats sit around the middle (``m``) for ``count`` players, you (``s0``) at the foot and
    the others clockwise from your left: CSS ``grid-template-areas`` and ``grid-template-columns``, and
    the regions in reading order (the order the keyboard visits them).

    >>> areas, columns, order = seat_areas(6)
    >>> areas
    '"s2 s3 s4" "s1 m s5" "s0 s0 s0"'
    >>> order
    ['seat2', 'seat3', 'seat4', 'seat1', 'middle', 'seat5', 'seat0']
    """
    if count <= 4:
        others = max(1, count - 1)
        rows = [" ".join(f"s{seat}" for seat in range(1, count)), " ".join(["m"] * others), " ".join(["s0"] * others)]
        columns = f"repeat({others}, minmax(0, 1fr))"
    elif count == 5:
        rows = ["s2 s2 s3 s3", "s1 m m s4", "s0 s0 s0 s0"]
        columns = "repeat(4, minmax(0, 1fr))"
    else:
        rows = ["s2 s3 s4", "s1 m s5", "s0 s0 s0"]
        columns = "minmax(0, 1fr) minmax(0, 1.4fr) minmax(0, 1fr)"
    order: list[str] = []
    for name in " ".join(rows).split():
        key = "middle" if name == "m" else "seat" + name.removeprefix("s")
        if key not in order:
            order.append(key)
    return " ".join(f'"{row}"' for row in rows), columns, order


def _sentence(text: str) -> str:
    """A log line as a sentence of an announcement: a capital first, a full stop last if it has none."""
    text = capitalize_first(text.strip())
    return text if text.endswith((".", "!", "?", "…")) else text + "."


class GuessGame:
    """The play section: owns its controls, asks the engine for every decision and lets the bots move
    through a :class:`~pokerkit_teach.core.match.Match`. Its :class:`~widgets.scenario_desk.ScenarioDesk` saves the
    game so far, opens a scenario file, a built-in scenario or a link, and continues from any step."""

    game_name = "pokerguess"

    def __init__(self, app: "App") -> None:
        self.app = app
        self.state: PokerGuessState | None = None
        self.match: Match[PokerGuessState] | None = None
        self.log_lines: list[tuple[str, Any]] = []  # ("event", PokerGuessEvent) or ("reason", (player, Msg)), put into words when drawn
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
        self.board = DrawnBoard()
        self.board.add_class("pkt-guess-board")
        self.board.on_press(g(self.press))
        self.announcing: list[PokerGuessEvent] = []  # the events of the moves not yet announced on the board
        self.said: list[PokerGuessEvent] = []  # the events of the last announcement
        self.said_lang = app.lang
        named = {"description_width": "initial"}
        self.colour_count = ipywidgets.Dropdown(options=list(range(1, 7)), value=2, layout=ipywidgets.Layout(width="12em"),
                                                style={"description_width": "initial"})
        self.colour_count.add_class("pkt-guess-colour-count")
        self.colour = ipywidgets.Dropdown(options=[(c.name, c) for c in Colour], value=Colour.RED, layout=ipywidgets.Layout(width="17em"),
                                          style=named)
        self.colour.add_class("pkt-guess-colour")
        self.figure_count = ipywidgets.Dropdown(options=list(range(1, 10)), value=2, layout=ipywidgets.Layout(width="13em"), style=named)
        self.figure_count.add_class("pkt-guess-figure-count")
        figures = sorted(Figure, reverse=True)
        self.figure = ipywidgets.Dropdown(options=[(f.name, f) for f in figures], value=Figure.PAWN, layout=ipywidgets.Layout(width="17em"),
                                          style=named)
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
        # each move with its reason under it, as visible text when the move is not allowed
        self.predict_move, self.stay_move, self.fold_move = (MoveControl(b) for b in (self.predict_button, self.stay_button, self.fold_button))
        self.result = ipywidgets.HTML()
        self.result.add_class("pkt-guess-result")
        self.next_button = ipywidgets.Button(button_style="success")
        self.next_button.add_class("pkt-guess-next-round")
        self.next_button.on_click(g(lambda _: self.next_round()))
        self.log = ipywidgets.HTML()
        self.log.add_class("pkt-guess-log")
        self.intro = ipywidgets.HTML()
        def row(*children: ipywidgets.Widget) -> ipywidgets.HBox:  # wraps on a narrow screen instead of scrolling
            return ipywidgets.HBox(list(children), layout=ipywidgets.Layout(flex_flow="row wrap", max_width="100%"))

        self.box = ipywidgets.VBox([
            self.intro,
            row(self.players, self.bot_choice, self.new_button),
            self.status, self.board,
            row(self.colour_count, self.colour, self.figure_count, self.figure, self.raise_by, self.predict_move),
            row(self.stay_move, self.fold_move),
            self.result, row(self.next_button), self.log,
        ])
        self.box.add_class("pkt-guess-play")
        self.desk = ScenarioDesk(app, self, "pokerguess_explorer.ipynb")  # save, open, walk through, link
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
        self.announcing = []
        self.finished = None
        self.paused = False
        self._log_events(self.state.events)
        self._suggest()
        self.app.say("")
        self.desk.close_viewer()
        self.run_bots()
        self.refresh()
        self.announce()
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
        self.announcing = []  # a scenario's story is in the log; the table announces what happens from here
        self.finished = state.view_for(HUMAN).last_result
        # a round settled and nobody has moved in the next one: the table waits for Next round, as in play
        self.paused = (self.finished is not None and not state.is_terminal()
                       and all(event.seat is None for event in state.events if event.round == state.round.number))
        self._suggest()
        if running:
            self.run_bots()
        self.refresh()
        self.announce()
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
        self.announce()
        self.focus_next()

    def press(self, key: str) -> None:
        """A picture on the table was pressed (click, Enter or Space). Your card ``mine-N`` in the
        last-card phase shows it; at any other time the engine's reason why not is announced and nothing
        changes. The other pictures only show the table."""
        state = self.state
        if state is None or not key.startswith("mine-"):
            return
        item = self.board.item(key)
        card = int(key.removeprefix("mine-"))
        if self.paused:
            self.board.announce(capitalize_first(self.app.t(_D + "refused", card=item["label"], reason=self.app.t(_K + "press_next"))))
            return
        reason = state.why_not(Reveal(HUMAN, card))
        if reason is not None:
            self.board.announce(capitalize_first(self.app.t(_D + "refused", card=item["label"], reason=reason.text(self.app.lang))))
            return
        self.play(Reveal(HUMAN, card))

    def next_round(self) -> None:
        self.paused = False
        self._suggest()
        self.run_bots()
        self.refresh()
        self.announce()
        self.focus_next()

    def moves(self) -> list[MoveControl]:
        """Your moves (button and reason), in the order the focus tries them after a move."""
        return [self.predict_move, self.stay_move, self.fold_move]

    def focus_next(self) -> None:
        """After a move: the keyboard focus to Next round while the check is shown, to your first card on
        the table when you are to show one, else to your first allowed move, else (game over) to New game;
        it stays where it is while the bots are to move."""
        state = self.state
        if state is not None and not self.paused and Reveal(HUMAN, 0) in state.view_for(HUMAN).legal_actions:
            self.board.focus_item("mine-0")
            return
        focus_first(self.next_button, *self.moves(), *([self.new_button] if state and state.is_terminal() else []))

    def announce(self) -> None:
        """Say on the table what has happened since the last announcement (every event of your move and
        the bots', in the app's language) and what comes next (your turn, the check, the game's end).
        While the check is shown, the next round's deal waits until you ask for the next round."""
        now, later = self.announcing, []
        if self.paused and self.finished is not None:
            number = self.finished.number
            now, later = [e for e in now if e.round <= number], [e for e in now if e.round > number]
        self.announcing = later
        self.said = now
        self._say()

    def _say(self) -> None:
        """Put the last announcement into words in the app's language (again after a language switch,
        so the sentence under the table is never in the language left behind)."""
        lang = self.app.lang
        sentences = [_sentence(event.describe(lang)) for event in self.said]
        sentences.append(_sentence(self._who_text()))
        self.said_lang = lang
        self.board.announce(" ".join(sentences))

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
            self.announcing.append(event)
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
        # every menu has a name (a screen reader says what it sets; axe: select-name)
        self.colour.description = t(_D + "colour_label")
        self.figure_count.description = t(_D + "figure_count_label")
        self.figure.description = t(_D + "figure_label")
        self.raise_by.description = t(_K + "raise_by")
        self.predict_button.description = t(_K + "predict")
        self.stay_button.description = t(_K + "stay")
        self.fold_button.description = t(_K + "fold")
        self.next_button.description = t(_K + "next_round")
        self.next_button.layout.display = "" if self.paused else "none"
        # the board's live region announces each move; the status line is read, not announced
        self.status.value = f"<p><b>{esc(self._status_text())}</b></p>"
        self._draw_board()
        if self.said_lang != lang:
            self._say()
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
        # a scrolling box a keyboard can reach and scroll (axe: scrollable-region-focusable)
        self.log.value = (heading + f"<div role='region' tabindex='0' aria-label='{esc(t(_K + 'log_heading'))}' "
                          "style='max-height:18em;overflow:auto;font-size:90%'>" + "".join(lines) + "</div>")
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
        if state.is_terminal() or self.paused:
            return self._who_text()
        view = state.view_for(HUMAN)
        phase = self.app.t(_K + "phase." + view.phase.value)
        return self.app.t(_K + "status", round=view.round, phase=phase, pot=view.pot, bet=view.current_bet,
                          who=self._who_text(), seed=self.seed)

    def _who_text(self) -> str:
        """Who is to act (you, and what your turn asks; or whom the table waits for), the paused check,
        or the game's end."""
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
        if view.to_act == HUMAN:
            return t(_K + ("your_turn_reveal" if view.phase is PokerGuessPhase.REVEAL else "your_turn"), cover=view.to_cover)
        if HUMAN not in view.active:
            return t(_K + "you_are_out")
        return t(_K + "waiting", player=state.players[view.to_act] if view.to_act >= 0 else "")

    # ------------------------------------------------------------------ the drawn table
    def _round_predictions(self, number: int) -> dict[int, Prediction]:
        """Every prediction held at the end of round ``number`` (from the log: a fold drops it)."""
        state = self.state
        assert state is not None
        held: dict[int, Prediction] = {}
        for event in state.events:
            if event.round != number or event.seat is None:
                continue
            if event.kind in ("predicted", "covered_predicted", "raised"):
                held[event.seat] = event.param("prediction")
            elif event.kind == "folded":
                held.pop(event.seat, None)
        return held

    def _draw_board(self) -> None:
        """The table as pictures: a region per seat (placed around the middle as :func:`seat_areas` says)
        and the middle with the community cards and the pot. During play it shows your view; while the
        check is shown (and at the game's end) the round just settled, every counted hand face up."""
        state = self.state
        assert state is not None
        t, lang = self.app.t, self.app.lang
        view = state.view_for(HUMAN)
        settled = self.finished if (self.paused or state.is_terminal()) and self.finished is not None else None
        committed = view.committed or tuple(0 for _ in view.players)
        regions: dict[str, Region] = {}
        items: list[Item] = []
        if settled is not None:
            title = t(_D + "title_check", round=settled.number)
            hands = dict(settled.hands)
            checks = dict(settled.checks)
            held = self._round_predictions(settled.number)
            community, pot, bet = settled.community, settled.pot, 0
        else:
            title = t(_D + "title", round=view.round)
            held = dict(view.predictions)
            shown = dict(view.shown)
            community, pot, bet = view.community, view.pot, view.current_bet
        for seat, name in enumerate(view.players):
            key = f"seat{seat}"
            heading = t(_D + "seat_you", player=name) if seat == HUMAN else name
            if settled is not None:
                chips, paid = view.chips[seat] + committed[seat], 0  # after the pot was paid out
                notes = [t(_D + "chips_note", chips=chips)]
                if settled.winner == seat:
                    notes.append(t(_D + "takes_pot"))
                current = settled.winner == seat
                for number, card in enumerate(hands.get(seat, ())):
                    items.append(Item(f"mine-{number}" if seat == HUMAN else f"card-{seat}-{number}", key,
                                      drez_card_svg(card, lang), drez_card_label(card, lang)))
            else:
                chips, paid = view.chips[seat], committed[seat]
                dealt = paid > 0
                if seat not in view.active:
                    notes = [t(_K + ("folded" if dealt else "out"))]
                else:
                    notes = [t(_D + "seat_note", chips=chips, bet=paid)]
                current = seat == view.to_act
                if current:
                    notes.append(t(_D + ("your_turn" if seat == HUMAN else "to_act")))
                if seat == HUMAN:
                    items.extend(self._your_cards(state, view.private, shown.get(HUMAN), seat not in view.active))
                elif dealt:
                    items.append(self._hidden_hand(seat, name, shown.get(seat), seat not in view.active))
            chips_label = (t(_D + "chips_left", player=name, chips=chips) if settled is not None
                           else t(_D + "chips", player=name, chips=chips, bet=paid))
            items.append(Item(f"chips-{seat}", key, chips_svg(chips, chips_label), chips_label, size="coin",
                              caption=t(_D + "in_pot", bet=paid) if paid else ""))
            if seat in held:
                items.append(self._prediction_item(seat, name, held[seat], checks.get(seat) if settled else None, settled, key))
            regions[key] = Region(key, heading, note=" · ".join(notes), current=current)
        regions["middle"] = Region("middle", t(_D + "middle"), area="m", kind="middle",
                                   note=t(_D + "middle_note", bet=bet) if settled is None else "")
        for number, card in enumerate(community):
            items.append(Item(f"community-{number}", "middle", drez_card_svg(card, lang), drez_card_label(card, lang)))
        items.append(Item("pot", "middle", chips_svg(pot, t(_D + "pot", pot=pot)), t(_D + "pot", pot=pot), size="coin"))
        areas, columns, order = seat_areas(len(view.players))
        placed = [Region(r.key, r.title, area=f"s{r.key.removeprefix('seat')}", note=r.note, current=r.current)
                  if r.key.startswith("seat") else r for r in (regions[k] for k in order)]
        self.board.title = title
        self.board.show(placed, items, areas=areas, columns=columns)

    def _your_cards(self, state: PokerGuessState, private: Sequence[DrezCard], shown: DrezCard | None, out: bool) -> list[Item]:
        """Your two cards, face up, each a picture you can press: a legal move in the last-card phase
        (green ring); at other times pressing one announces the engine's reason, which its name also
        carries (the card is not dimmed: you read it to make your prediction)."""
        t, lang = self.app.t, self.app.lang
        items = []
        for number, card in enumerate(private):
            words = drez_card_label(card, lang)
            if card == shown:
                words = t(_D + "shown", card=words)
            reason = state.why_not(Reveal(HUMAN, number))
            if reason is None:
                label, mark, why = t(_D + "show_it", number=number + 1, card=words), "legal", ""
            else:
                label = t(_D + "your_card", number=number + 1, card=words)
                # not dimmed as an illegal move would be: you read your cards to predict; the reason is in
                # the name, and pressing the card says it
                mark = "chosen" if card == shown else "dim" if out else "plain"
                why = reason.text(lang)
            items.append(Item(f"mine-{number}", f"seat{HUMAN}", drez_card_svg(card, lang), label, state=mark,  # type: ignore[arg-type]
                              pressable=True, why=why))
        return items

    def _hidden_hand(self, seat: int, name: str, shown: DrezCard | None, out: bool) -> Item:
        """Another player's two cards as one picture: face down, but for the card they have shown."""
        lang = self.app.lang
        cards = []
        for _ in range(2):
            cards.append(Drawn(card_back(), face_down_label(lang)))
        if shown is not None:
            cards[0] = Drawn(drez_card_body(shown, lang), self.app.t(_D + "shown", card=drez_card_label(shown, lang)))
        hand = message("render.hand", lang, count=len(cards), cards=Items(card.label for card in cards))
        label = message("render.player_hand", lang, player=name, hand=hand)
        return Item(f"hand-{seat}", f"seat{seat}", row_svg(cards, label), label, size="wide", state="dim" if out else "plain")

    def _prediction_item(self, seat: int, name: str, prediction: Prediction, check: Any, settled: RoundResult | None,
                         region: str) -> Item:
        """A player's prediction as a picture; at the check, marked where it holds or breaks."""
        t, lang = self.app.t, self.app.lang
        words = prediction.text(lang)
        mark = "plain"
        if check is not None:
            mark = "holds" if check.holds else "breaks"
            label = t(_D + ("prediction_holds" if check.holds else "prediction_fails"), player=name, prediction=words)
        elif settled is not None and settled.checks and settled.checks[-1][1].holds:
            label = t(_D + "prediction_unchecked", player=name, prediction=words)
        else:
            label = t(_D + "prediction", player=name, prediction=words)
        return Item(f"prediction-{seat}", region, prediction_svg(prediction, label, lang), label, state=mark,  # type: ignore[arg-type]
                    size="wide")

    def _move_button(self, button: ipywidgets.Button, action: Action | None, label: str) -> None:
        show_tab_move(button, self.state, action, self.paused, self.app, _K, label)

    def _draw_moves(self) -> None:
        state = self.state
        if state is None:
            return
        t = self.app.t
        view = state.view_for(HUMAN)
        mine = view.to_act == HUMAN and not state.is_terminal()
        betting = mine and view.phase in _BETTING
        self._move_button(self.predict_button, self._chosen_prediction() if betting else None, t(_K + "predict_tip"))
        self._move_button(self.stay_button, Stay(HUMAN) if betting else None, t(_K + "stay_tip"))
        self._move_button(self.fold_button, Fold(HUMAN) if betting else None, t(_K + "fold_tip"))

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
        rows = "".join(f"<tr><th scope='row'>{esc(players[seat])}</th>"
                       f"<td>{drez_hand_svg(hole, lang, player=players[seat], size=CARD_PX)}</td></tr>"
                       for seat, hole in finished.hands)
        rows += f"<tr><th scope='row'>{esc(t('apps.guess.community'))}</th><td>{drez_hand_svg(finished.community, lang, size=CARD_PX)}</td></tr>"
        parts.append(f"<table>{rows}</table><p>{esc(t('apps.guess.legend'))}</p>")
        checks = [(players[seat], verdict) for seat, verdict in finished.checks]
        parts.append(check_steps_html(checks, finished.cards, lang))
        parts.append(outcome_html(checks, lang).replace("</b>", f" ({esc(t(_K + 'pot', pot=finished.pot))})</b>", 1))
        return "<div>" + "".join(parts) + "</div>"
