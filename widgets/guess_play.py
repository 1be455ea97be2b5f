"""A PokerGuess game against bots, one section of the PokerGuess explorer: you in seat 0, bots elsewhere.

The table is drawn (:class:`~pokerkit_teach.widgets.drawn.DrawnBoard`): every seat with its player's name,
their two cards (the others' face down until shown, yours face up), their chips with what they have put
into the pot, and their prediction drawn as a picture; the community cards and the pot in the middle.
In the last-card phase you show a card by pressing its picture (Enter or Space on the keyboard): both of
your cards are then marked as moves you may make (a green ring); at any other time they can still be
pressed, and the table says the engine's reason why not. Every move, yours and the bots', is announced in the board's
live region in the app's language. At the check the table turns every counted hand face up and marks
each prediction checked: a tick where it holds, a cross where it does not.

A prediction and a raise are entered with the controls right under the table, next to your seat (counts,
colour, figure, raise), with Predict, Stay and Fold buttons (hidden while a round's check is shown, when
only Next round is offered); beside them stands what each bot said last, its reason naming the colour and
the figure it counts. While a round's check is shown the log, like the status, tells nothing of the next
round yet: a button the rules do not allow right now is disabled, and
the engine's reason stands under it as text (:class:`~widgets.controls.MoveControl`) and in its tooltip.
After each of your moves the keyboard focus goes to the next thing you can use (Next round, a card to
show, Predict, Stay, ...). After each round the table pauses on the check, prediction by prediction,
until you ask for the next round (the table's pause). The bots move through the one play controller
(:class:`~widgets.play.PlayController`, on a :class:`~widgets.table_source.LocalTable`);
their moves appear in the log with the reason each bot gives. What you see of the table comes from your
view (:meth:`~pokerkit_teach.games.pokerguess.state.PokerGuessState.view_for`), the check's cards included.

**Play with others** (:class:`~widgets.room_join.RoomJoin`, under the table): a room's code and a free seat,
or a seat link (``?room=CODE&seat=TOKEN``); then the same controls play a
:class:`~widgets.room_table.RemoteTable`, drawn from that seat's view and log as the room's server sends them
(your seat is the room's, the bots are the room's, and the status names no seed: a room's seed would tell
every hidden card). Leaving the table, or New game, plays with the bots again.

CSS classes: ``pkt-guess-new-game``, ``pkt-guess-status``, ``pkt-guess-board`` (the drawn table; your
cards are the items ``mine-0`` and ``mine-1``), ``pkt-guess-colour-count``, ``pkt-guess-colour``,
``pkt-guess-figure-count``, ``pkt-guess-figure``, ``pkt-guess-raise``, ``pkt-guess-predict``,
``pkt-guess-stay``, ``pkt-guess-fold``, each in a ``pkt-move`` box with its ``pkt-move-reason``,
``pkt-guess-result``, ``pkt-guess-next-round``, ``pkt-guess-log``, ``pkt-guess-bots`` (the bot menu),
``pkt-guess-table-row`` (the table, and under it ``pkt-guess-side``, the moves, beside ``pkt-guess-reasons``).
"""


from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

import ipywidgets
import numpy as np

from pokerkit_teach.core.i18n import capitalize_first
from pokerkit_teach.games.pokerguess import GAME, Prediction
from pokerkit_teach.games.pokerguess.actions import Fold, PokerGuessPhase, Predict, Reveal, Stay
from pokerkit_teach.games.pokerguess.cards import Colour, Figure
from pokerkit_teach.games.pokerguess.events import RoundResult
from pokerkit_teach.games.pokerguess.rules import PokerGuessRules
from pokerkit_teach.games.pokerguess.state import PokerGuessState
from pokerkit_teach.games.pokerguess.view import PokerGuessView

from .app import esc
from .controls import MoveControl
from .guess_board import GuessDrawing, result_html
from .guess_parts import NAMES
from .play import Drawing, GamePart, PlayController, log_html
from .room_join import RoomJoin
from .room_table import RemoteTable
from .scenario_desk import ScenarioDesk
from .table_source import LocalTable, Pause, TableMove

if TYPE_CHECKING:
    from .app import App

__all__ = ["GuessGame", "HUMAN", "CHECK"]

HUMAN = 0
_K = "apps.guess.play."
_D = "apps.guess.drawn."
_BETTING = (PokerGuessPhase.BETTING1, PokerGuessPhase.BETTING2)
_SETTLED = ("sole_winner", "pot_won", "pot_shared", "pot_shared_rest")  # the log's entries that settle a round
CHECK = Pause("check", lambda move: any(event.kind in _SETTLED for event in move.events))
"""The table waits after a round is settled, so that the learner reads its check, until Next round."""
LOG_LINES = 16  # the log's newest lines shown


class Told:
    """A log entry as the table told it in the app's language (what :func:`~widgets.play.log_html` draws)."""

    def __init__(self, words: str) -> None:
        self.words = words

    def describe(self, lang: str) -> str:
        return self.words


class GuessGame(GamePart):
    """The play section: owns its controls and its part of the :class:`~widgets.play.PlayController`, which
    plays the game with the bots through a :class:`~widgets.table_source.LocalTable`. Its
    :class:`~widgets.scenario_desk.ScenarioDesk` saves the game so far, opens a scenario file, a built-in
    scenario or a link, and continues from any step."""

    game_name = "pokerguess"
    pause_key = _K + "press_next"
    not_now_key = _K + "not_now"

    def __init__(self, app: "App") -> None:
        self.app = app
        self.table: LocalTable[PokerGuessState] | RemoteTable | None = None
        self.seed = 0
        self.finished: RoundResult | None = None  # the last round settled, as your view shows it
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
        self.controller = PlayController(app, self, board_class="pkt-guess-board")
        self.board = self.controller.board
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
        self.stay_button.on_click(g(lambda _: self.play(Stay(self.me))))
        self.fold_button = ipywidgets.Button()
        self.fold_button.add_class("pkt-guess-fold")
        self.fold_button.on_click(g(lambda _: self.play(Fold(self.me))))
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

        self.reasons = ipywidgets.HTML()
        self.reasons.add_class("pkt-guess-reasons")
        # right under the table, where your seat is: your moves and Next round, and beside them what each bot
        # said last (under them on a tablet)
        self.prediction_rows = ipywidgets.VBox([
            row(self.colour_count, self.colour, self.figure_count, self.figure), row(self.raise_by, self.predict_move),
            row(self.stay_move, self.fold_move),
        ])
        self.side = ipywidgets.VBox([self.prediction_rows, row(self.next_button)],
                                    layout=ipywidgets.Layout(flex="1 1 30em", min_width="16em", max_width="100%"))
        self.side.add_class("pkt-guess-side")
        self.reasons.layout = ipywidgets.Layout(flex="1 1 24em", min_width="16em", max_width="100%", margin="0 0 0 0.6em")
        self.table_row = ipywidgets.VBox([self.board, ipywidgets.HBox([self.side, self.reasons], layout=ipywidgets.Layout(
            flex_flow="row wrap", align_items="flex-start", max_width="100%"))], layout=ipywidgets.Layout(max_width="100%"))
        self.table_row.add_class("pkt-guess-table-row")
        self.box = ipywidgets.VBox([
            self.intro,
            row(self.players, self.bot_choice, self.new_button),
            self.status, self.table_row,
            self.result, self.log,
        ])
        self.box.add_class("pkt-guess-play")
        self.desk = ScenarioDesk(app, self, "pokerguess_explorer.ipynb")  # save, open, walk through, link
        # play with others: a room's code and a free seat, or a seat link of the address
        self.join = RoomJoin(app, "pokerguess", self._start_room, self.new_game, pause=CHECK)
        self.setup = self.box.children[1]
        self.box.children = (*self.box.children, self.join.box, self.desk.box)

    # ------------------------------------------------------------------ the game being played
    @property
    def state(self) -> PokerGuessState | None:
        """The game in this kernel (``None`` while the table is a room's: the server holds the game)."""
        return self.table.state if isinstance(self.table, LocalTable) else None

    def view(self) -> PokerGuessView:
        """What your seat may know now (the engine's view, here or on the room server)."""
        view: PokerGuessView = self.controller.view()
        return view

    @property
    def over(self) -> bool:
        return self.table is not None and self.view().phase is PokerGuessPhase.OVER

    def _winner(self) -> int:
        """The seat the engine's outcome names first among the winners (the game is over)."""
        table = self.table
        if isinstance(table, RemoteTable):
            frame = table.frame
            outcome = frame.get("outcome") if frame is not None else None
            return int(outcome["winners"][0]) if outcome else 0
        assert table is not None and table.state.outcome is not None
        return table.state.outcome.winners[0]

    @property
    def paused(self) -> bool:
        """True while the table waits on a round's check for Next round."""
        return self.table is not None and self.table.paused is not None

    @property
    def log_lines(self) -> list[tuple[str, Any]]:
        """The log as you may read it, each bot's reason (as you may hear it) after the first entry of its move:
        ("event", event) or ("reason", (player, reason)), put into words when drawn."""
        return self.controller.log_lines(self.view().players if self.table is not None else ())

    def _start(self, state: PokerGuessState, match_seed: Any, *, waiting: bool = False, **start: Any) -> None:
        """Play ``state`` from now on, you in seat 0 and the bots chosen here in the other seats, the match
        seeded ``match_seed``; ``waiting``: the table waits on the check of the round just settled."""
        count = state.player_count
        bots = {s: GAME.make_bot(str(self.bot_choice.value), np.random.default_rng([self.seed, 3, s])) for s in range(1, count)}
        self.table = LocalTable(state, bots, seed=match_seed, pause=CHECK, waiting=waiting)
        self.finished = state.view_for(HUMAN).last_result
        self.controller.source = self.table
        self._suggest()
        self.controller.start(self.table, **start)

    def _start_room(self, table: RemoteTable) -> None:
        """Play the room's table from now on (the seat joined by :class:`~widgets.room_join.RoomJoin`)."""
        if isinstance(self.table, RemoteTable) and self.table is not table:
            self.table.close()
        self.table = table
        self.finished = table.view().last_result
        self.desk.close_viewer()
        self.setup.layout.display = "none"
        self.desk.box.layout.display = "none"  # a room's game is the server's: no scenario of it here
        self.controller.source = table
        self._suggest()
        self.controller.start(table, tell_story=False, aloud=False, focus=True)

    # ------------------------------------------------------------------ flow
    def new_game(self) -> None:
        count = int(self.players.value)
        params = self.app.params
        self.seed = params.seed if params.seed is not None else int(np.random.default_rng().integers(1_000_000))
        rules = PokerGuessRules(NAMES[:count], first_dealer=count - 1)  # you sit left of the dealer and begin
        self.app.say("")
        self.desk.close_viewer()
        if self.join.playing:
            self.join.leave(quietly=True)
        self.setup.layout.display = ""
        self.desk.box.layout.display = ""
        self._start(rules.new_game(seed=self.seed), self.seed)

    # ------------------------------------------------------------------ scenarios (ScenarioPlay)
    def scenario_state(self) -> PokerGuessState | None:
        return self.state

    def scenario_seed(self) -> int | None:
        return self.seed

    def take_state(self, state: PokerGuessState, seed: int | None, running: bool) -> None:
        """A game from a scenario (a step of it): you in seat 0, the bots chosen here in the other seats.
        ``running``: the bots move until it is your turn; otherwise the table waits at the step."""
        self.seed = seed if seed is not None else self.seed
        self.players.value = state.player_count
        finished = state.view_for(HUMAN).last_result
        # a round settled and nobody has moved in the next one: the table waits for Next round, as in play
        waiting = (finished is not None and not state.is_terminal()
                   and all(event.seat is None for event in state.events if event.round == state.round.number))
        self._start(state, np.random.default_rng([self.seed, 4, len(state.events)]), waiting=waiting, tell_story=False,
                    running=running, focus=running)

    def play(self, action: Any) -> None:
        """Your move: the engine checks it (a refusal changes nothing); then the bots answer."""
        self.controller.play(action)

    def next_round(self) -> None:
        self._suggest()
        self.controller.go_on()

    def moves(self) -> list[MoveControl]:
        """Your moves (button and reason), in the order the focus tries them after a move."""
        return [self.predict_move, self.stay_move, self.fold_move]

    def _chosen_prediction(self) -> Predict:
        prediction = Prediction(int(self.colour_count.value), Colour(self.colour.value), int(self.figure_count.value), Figure(self.figure.value))
        return Predict(self.me, prediction, int(self.raise_by.value))

    def _suggest(self) -> None:
        """Start the prediction controls from your own cards: the colour of the first, the figure of the second."""
        view = self.view()
        if len(view.private) == 2 and view.phase is not PokerGuessPhase.OVER:
            self.colour.value, self.figure.value = view.private[0].colour, view.private[1].figure
        self.raise_by.value = 0

    # ------------------------------------------------------------------ the game's part (GamePart)
    def moved(self, moves: Sequence[TableMove]) -> None:
        last = self.controller.view().last_result
        if last is not None and last != self.finished:
            self.finished = last

    def move_for(self, key: str, view: PokerGuessView) -> Any:
        """Your card ``mine-N`` shows it (in the last-card phase; at any other time pressing it says why not).
        The other pictures only show the table."""
        return Reveal(self.me, int(key.removeprefix("mine-"))) if key.startswith("mine-") else None

    def refusal(self, key: str, reason: str) -> str:
        return capitalize_first(self.app.t(_D + "refused", card=self.board.item(key)["label"], reason=reason))

    def draw(self, view: PokerGuessView) -> Drawing:
        settled = self.finished if self.paused or view.phase is PokerGuessPhase.OVER else None
        return GuessDrawing(view, self.app.lang, settled=settled, events=self.controller.events, why_not=self.controller.why_not).drawing()

    def shown_until(self, events: Sequence[Any]) -> int:
        """While the check is shown, the next round's deal waits until you ask for the next round."""
        if self.paused and self.finished is not None:
            number = self.finished.number
            return next((index for index, event in enumerate(events) if event.round > number), len(events))
        return len(events)

    def status_words(self) -> str:
        return self._who_text()

    def focus_order(self, pressed: bool) -> Sequence[Any]:
        """Next round while the check is shown, your first card on the table when you are to show one, else your
        first allowed move, else (game over) New game; it stays where it is while the bots are to move."""
        first = ["mine-0"] if self.table is not None and not self.paused and self.controller.why_not(Reveal(self.me, 0)) is None \
            and self.view().phase is PokerGuessPhase.REVEAL else []
        ending = [self.new_button] if self.over and not self.in_room else []
        return [*first, self.next_button, *self.moves(), *ending]

    # ------------------------------------------------------------------ drawing
    def refresh(self) -> None:
        self.controller.redraw()

    def draw_controls(self) -> None:
        if self.table is None or self.controller.source is None:
            return
        self.join.refresh()
        view = self.view()
        t = self.app.t
        lang = self.app.lang
        # the bots' table's intro; a room's table has the join part's words instead
        self.intro.value = "" if self.in_room else f"<p>{esc(t(_K + 'intro'))}</p>"
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
        # while the check is shown (and after the game) there is nothing to predict: only Next round stays
        self.prediction_rows.layout.display = "none" if self.paused or self.over else ""
        # the board's live region announces each move; the status line is read, not announced
        self.status.value = f"<p><b>{esc(self._status_text())}</b></p>"
        self._draw_moves()
        self.result.value = result_html(self.finished, view.players, lang)
        lines = self._told_lines()
        self.log.value = log_html(lines[-LOG_LINES:], lang, heading=t(_K + "log_heading"), reason_class="pkt-guess-reason", height="18em")
        self.reasons.value = self._reasons_html(lines)
        self.desk.refresh()

    def _told_lines(self) -> list[tuple[str, Any]]:
        """The log's lines as far as the table tells them now: while a round's check is shown, nothing of the
        next round (its deal waits for Next round, as the status says)."""
        limit = self.shown_until(self.controller.events)
        words = self.controller.log_words()  # as the table tells them (a room's: the server's words)
        lines: list[tuple[str, Any]] = []
        events = 0
        for kind, entry in self.log_lines:
            if kind == "event":
                if events >= limit:
                    break
                entry = Told(words[events]) if events < len(words) else entry
                events += 1
            lines.append((kind, entry))
        return lines

    def _reasons_html(self, lines: Sequence[tuple[str, Any]]) -> str:
        """What each bot said last (its reason for its latest move told), beside the table where you look."""
        players = self.view().players
        last: dict[str, Any] = {}
        for kind, entry in lines:
            if kind == "reason":
                player, reason = entry
                last[player] = reason
        if not last:
            return ""
        lang = self.app.lang
        rows = "".join(f"<li><b>{esc(player)}</b>: {esc(last[player].text(lang))}</li>"
                       for player in players if player in last)
        heading = esc(self.app.t(_K + "reasons_heading"))
        return (f"<div style='line-height:1.35'><h4 style='margin:0.4em 0 0.2em'>{heading}</h4>"
                f"<ul style='margin:0;padding-left:1.2em'>{rows}</ul></div>")

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
        if self.over or self.paused:
            return self._who_text()
        view = self.view()
        phase = self.app.t(_K + "phase." + view.phase.value)
        if self.in_room:  # a room's seed would tell every hidden card: not shown
            return self.app.t(_K + "room_status", round=view.round, phase=phase, pot=view.pot, bet=view.current_bet,
                              who=self._who_text())
        return self.app.t(_K + "status", round=view.round, phase=phase, pot=view.pot, bet=view.current_bet,
                          who=self._who_text(), seed=self.seed)

    def _who_text(self) -> str:
        """Who is to act (you, and what your turn asks; or whom the table waits for), the paused check,
        or the game's end."""
        t = self.app.t
        view = self.view()
        me = self.me
        if view.phase is PokerGuessPhase.OVER:
            winner = self._winner()
            if self.in_room:
                return t(_K + "room_game_over", name=view.players[winner], chips=view.chips[winner], you=view.chips[me])
            return t(_K + "game_over", name=view.players[winner], chips=view.chips[winner],
                     you=view.chips[me], seed=self.seed)
        if self.paused:
            return t(_K + "paused", round=self.finished.number if self.finished else 0)
        if view.to_act == me:
            return t(_K + ("your_turn_reveal" if view.phase is PokerGuessPhase.REVEAL else "your_turn"), cover=view.to_cover)
        if me not in view.active:
            return t(_K + "you_are_out")
        return t(_K + "waiting", player=view.players[view.to_act] if view.to_act >= 0 else "")

    def _draw_moves(self) -> None:
        if self.table is None or self.controller.source is None:
            return
        t = self.app.t
        view = self.view()
        mine = view.to_act == self.me and view.phase is not PokerGuessPhase.OVER
        betting = mine and view.phase in _BETTING
        self.controller.show_move(self.predict_button, self._chosen_prediction() if betting else None, t(_K + "predict_tip"))
        self.controller.show_move(self.stay_button, Stay(self.me) if betting else None, t(_K + "stay_tip"))
        self.controller.show_move(self.fold_button, Fold(self.me) if betting else None, t(_K + "fold_tip"))
