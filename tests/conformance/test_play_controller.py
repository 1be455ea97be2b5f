"""The one play controller (widgets/play.py) plays any registered game from a table source: High Card, the
game that exists only in the tests, with a game part written here (how its view is drawn, which pressed
picture is Stand or Swap) and bots in the other seats, pressed through as a learner would; and every
registered game with a part that only lists the learner's legal moves as pictures.

What the controller shows is checked against the engine itself, never against the app: the board against
the seat's view, the live region against the seat's log (``log_for``) and the game's outcome against the
cards the state holds.
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np
import pytest

from pokerkit_teach.core.contract import GameModule
from pokerkit_teach.core.render import card_frame, face_down_svg, svg_picture, svg_text
from pokerkit_teach.widgets.app import App
from pokerkit_teach.widgets.drawn import DrawnBoard, Item, Region
from pokerkit_teach.widgets.play import Drawing, GamePart, PlayController
from pokerkit_teach.widgets.table_source import LocalTable
from tests.conformance.highcard import GAME as HIGHCARD
from tests.conformance.highcard.actions import Stand, Swap
from tests.conformance.highcard.view import HighCardView
from tests.conformance.play import new_state

MOST_PRESSES = 40  # the presses of one game played through the controller (a whole High Card game takes one)


class PlayApp(App):
    """The smallest app around a play controller: the frame and the board of ``part_type``'s part."""

    title_key = "apps.index.title"
    part_type: type[GamePart]

    def build(self) -> list[Any]:
        self.part = self.part_type(self)  # type: ignore[call-arg]
        self.controller: PlayController = self.part.controller  # type: ignore[attr-defined]
        return [self.controller.board]

    def refresh(self) -> None:
        self.controller.redraw()


def picture(text: str, label: str) -> str:
    return str(svg_picture(card_frame() + svg_text(50, 80, text, 40), label, 100, 140, 60))


class HighCardPart(GamePart):
    """High Card as a play tab would give it: a seat for every player with their card (yours face up, the
    others face down until every card is shown, the winners then marked), and in your seat the two moves as
    pictures to press, Stand and Swap, ringed when the engine allows them."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.controller = PlayController(app, self, board_class="pkt-highcard-board")

    def draw(self, view: HighCardView) -> Drawing:
        regions = [Region(f"seat-{seat}", name, note="you" if seat == view.seat else "", current=seat == view.to_act)
                   for seat, name in enumerate(view.players)]
        items = []
        for seat, name in enumerate(view.players):
            if view.shown:
                card = view.shown[seat]
                items.append(Item(f"card-{seat}", f"seat-{seat}", picture(str(card), f"{name}: {card}"), f"{name}: {card}",
                                  state="holds" if seat in view.winners else "plain"))
            elif seat == view.seat and view.card is not None:
                items.append(Item(f"card-{seat}", f"seat-{seat}", picture(str(view.card), f"your card: {view.card}"),
                                  f"your card: {view.card}"))
            else:
                items.append(Item(f"card-{seat}", f"seat-{seat}", str(face_down_svg(self.app.lang)), f"{name}: face down"))
        for key, move in (("stand", Stand(view.seat)), ("swap", Swap(view.seat))):
            why = self.controller.why_not(move)
            items.append(Item(key, f"seat-{view.seat}", picture(key, key), key, state="legal" if why is None else "illegal",
                              pressable=True, why=why.text(self.app.lang) if why is not None else ""))
        return Drawing("High Card", regions, items)

    def move_for(self, key: str, view: HighCardView) -> Any:
        return {"stand": Stand(view.seat), "swap": Swap(view.seat)}.get(key)

    def refusal(self, key: str, reason: str) -> str:
        return f"{key}: {reason}"

    def status_words(self) -> str:
        view = self.controller.view()
        if view.winners:
            return "The winners: " + ", ".join(view.players[seat] for seat in view.winners)
        return f"{view.players[view.to_act]} is to act"

    def focus_order(self, pressed: bool) -> Sequence[Any]:
        return [item["key"] for item in self.controller.board.items if item["state"] == "legal"]


class HighCardApp(PlayApp):
    part_type = HighCardPart


ONLY_HIGHCARD = pytest.mark.parametrize("game", [HIGHCARD], ids=["highcard"], indirect=True)
"""The conformance ``game`` fixture for High Card alone (registered for the test, taken out after it)."""


@pytest.fixture
def focused(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The board items given the keyboard focus, in order."""
    calls: list[str] = []
    monkeypatch.setattr(DrawnBoard, "focus_item", lambda self, key: calls.append(key))
    return calls


@ONLY_HIGHCARD
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_high_card_plays_in_the_play_controller_with_bots_in_the_other_seats(game: GameModule, seed: int,
                                                                            focused: list[str]) -> None:
    highcard = game
    app = HighCardApp(query="lang=en")
    state = highcard.new_rules(3).new_game(seed=seed)
    bots = {seat: highcard.make_bot("threshold", seed * 10 + seat) for seat in (0, 2)}
    table = LocalTable(state, bots, seat=1, seed=seed)  # you in the middle seat: the bot of seat 0 moves first
    controller = app.controller
    controller.start(table)
    board = controller.board

    # the first bot has moved; it is your turn, and the board is your view of it
    assert [type(action).__name__ for action in state.history[1:]] in (["Stand"], ["Swap"])
    view = state.view_for(1)
    assert view.to_act == 1 and table.paused is None
    assert board.item("card-1")["label"] == f"your card: {view.card}"
    assert board.item("card-0")["label"] == "Player 1: face down" and board.item("card-2")["label"] == "Player 3: face down"
    assert {board.item(key)["state"] for key in ("stand", "swap")} == {"legal"}
    assert next(r for r in board.regions if r["key"] == "seat-1")["current"]
    assert focused == ["stand"], "the focus goes to your first move"
    # the live region said the deal and the first bot's move as your seat reads the log, and whose turn it is
    said = board.status
    seen = state.log_for(1, "en")
    assert said == " ".join([*seen, "Player 2 is to act."]), said
    if isinstance(state.history[1], Swap):  # the card the bot's swap brought is named to that bot alone
        assert "gets the" not in said and "gets the" in state.log_for(0, "en")[1]

    # you press the move a learner would: swap a card of 10 or less
    mine = view.card
    assert mine is not None
    count = board.status_count
    board.press("swap" if mine.value <= 10 else "stand")
    assert state.is_terminal() and board.status_count == count + 1
    # your move, the last bot's, the showdown: every line of your log not said before, then the winners
    cards = state.cards  # the cards the state holds at the end: the highest wins, equal highest share
    winners = [seat for seat, card in enumerate(cards) if card == max(cards)]
    assert state.outcome is not None and state.outcome.winners == tuple(winners)
    named = ", ".join(state.players[seat] for seat in winners)
    assert board.status == " ".join([*state.log_for(1, "en")[len(seen):], f"The winners: {named}."]), board.status
    assert [board.item(f"card-{seat}")["label"] for seat in range(3)] == [f"{name}: {card}" for name, card in zip(state.players, cards)]
    assert [seat for seat in range(3) if board.item(f"card-{seat}")["state"] == "holds"] == winners
    assert {board.item(key)["state"] for key in ("stand", "swap")} == {"illegal"}
    assert focused == ["stand"], "no move is left to give the focus to"

    # a move after the end is refused with the engine's reason, said in the live region; nothing changes
    events, count = len(state.events), board.status_count
    board.press("stand")
    assert len(state.events) == events and board.status == "stand: the game is over" and board.status_count == count + 1

    # a switch of language says the last announcement again, in the new language
    app.language.value = "de"
    assert board.status == "stand: " + state.why_not(Stand(1)).text("de") and board.status_count == count + 2  # type: ignore[union-attr]
    app.close()


@ONLY_HIGHCARD
def test_a_high_card_step_is_shown_waiting_and_the_bots_move_when_play_goes_on(game: GameModule) -> None:
    """A table taken at a step (not running) waits: nothing moves, nothing of the story is said; going on
    lets the bots move up to your turn, and only those moves are told."""
    app = HighCardApp(query="lang=de")
    state = game.new_rules(3).new_game(seed=7)
    table = LocalTable(state, {0: game.make_bot("threshold", 1), 1: game.make_bot("random", 2)}, seat=2, seed=3)
    app.controller.start(table, tell_story=False, running=False, focus=False)
    story = state.log_for(2, "de")
    assert len(state.history) == 1 and app.controller.told == len(story)
    assert app.controller.board.status == "Player 1 is to act."
    app.controller.go_on()
    assert state.view_for(2).to_act == 2 and len(state.history) == 3
    assert app.controller.board.status == " ".join([*state.log_for(2, "de")[len(story):], "Player 3 is to act."])
    app.close()


class MovesPart(GamePart):
    """Any game as the simplest part draws it: a region per seat, and the learner's first legal moves (as the
    seat's view lists them) as pictures to press."""

    SHOWN = 12  # a view may list hundreds of moves (every offer of Póker a Voces): the first few are enough here

    def __init__(self, app: App) -> None:
        self.app = app
        self.controller = PlayController(app, self, board_class="pkt-moves-board")

    def moves(self, view: Any) -> list[Any]:
        return list(view.legal_actions)[: self.SHOWN]

    def draw(self, view: Any) -> Drawing:
        regions = [Region(f"seat-{seat}", name) for seat, name in enumerate(view.players)]
        items = [Item(f"move-{index}", f"seat-{view.seat}", picture(str(index), repr(move)), repr(move), state="legal", pressable=True)
                 for index, move in enumerate(self.moves(view))]
        return Drawing("moves", regions, items)

    def move_for(self, key: str, view: Any) -> Any:
        moves = self.moves(view)
        index = int(key.removeprefix("move-"))
        return moves[index] if index < len(moves) else None

    def status_words(self) -> str:
        return f"You have {len(self.controller.view().legal_actions)} moves"


class MovesApp(PlayApp):
    part_type = MovesPart


def said_in_order(lines: Sequence[str], said: str) -> bool:
    """Whether every line (without its full stop) is in ``said``, in this order."""
    at = -1
    for line in lines:
        at = said.find(line.rstrip("."), at + 1)
        if at < 0:
            return False
    return True


def test_every_game_plays_in_the_play_controller(game: GameModule) -> None:
    """Whatever the game, the controller's log is the seat's log, each announcement says the lines of that log
    not said before (in order) and then where the game stands, a press plays the move it stands for, and a
    move the engine refuses changes nothing and is said in the app's message area."""
    app = MovesApp(query="lang=en")
    players = game.min_players + 1 if game.max_players > game.min_players else game.min_players
    state = new_state(game, players, seed=5)
    bots = {seat: game.make_bot(game.default_bot, seat) for seat in range(1, players)}
    table = LocalTable(state, bots, seed=6, bot_moves=2, most_moves=200)  # a few bot moves while everyone may act
    controller = app.controller
    controller.start(table)
    board = controller.board
    rng = np.random.default_rng(7)
    told, pressed = 0, []
    for _ in range(MOST_PRESSES):
        assert controller.events == state.events_for(0), "the controller's log is the seat's log"
        log = state.log_for(0, "en")
        assert said_in_order(log[told:], board.status), board.status
        assert board.status.endswith(f"You have {len(table.view().legal_actions)} moves."), board.status
        told = len(log)
        if state.is_terminal():
            break
        items = [item for item in board.items if item["pressable"]]
        if not items:  # you have no move now: play goes on (the bots move, a few at a time while everyone may act)
            controller.go_on(2)
            continue
        chosen = items[int(rng.integers(len(items)))]
        move = list(table.view().legal_actions)[int(chosen["key"].removeprefix("move-"))]
        before = len(state.history)
        board.press(chosen["key"])
        assert state.history[before] == move, "the press played the move it stands for"
        pressed.append(move)
    assert pressed, "the learner never had a move"
    refused = next((move for move in reversed(pressed) if state.why_not(move) is not None), None)
    if refused is not None:  # a move made once and not allowed now: the engine's reason, and nothing changes
        events, history = len(state.events), list(state.history)
        app.guarded(lambda: controller.play(refused))()
        assert len(state.events) == events and state.history == history
        reason = state.why_not(refused)
        assert reason is not None and reason.text("en") in app.message_area.value
    app.close()
