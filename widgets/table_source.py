"""Where a play tab's game comes from: the one interface between the play controller and a table being
played (:class:`TableSource`), and the table played by bots in this kernel (:class:`LocalTable`).

A table source is everything the controller (:mod:`widgets.play`) asks of a game: the learner's seat, what
that seat may know now (its view, the engine's), why a move would be refused, the learner's move, the moves
made since a mark (with the bots' reasons as that seat may hear them), the log in words as that seat may
read it, and a notification when something changed. Nothing else: no state, no rules object, no engine
call, so a source can live elsewhere. There are two:

- :class:`LocalTable`: the engine's state and the bots in this kernel, played through a
  :class:`~pokerkit_teach.core.match.Match`;
- a table played with others through the room server: a websocket client that receives the seat's view
  and log pushed by the server and sends the learner's moves; it cannot call the engine, so it answers
  ``why_not`` from the view's legal moves and learns of a refusal from the server (the listener's
  argument). It comes with the room server.

A table may wait at a **pause**: a named moment after which the bots stop until the learner asks to go on
(a showdown to turn over, a round's check to read). A pause is a condition on the move just made, never a
time: the learner sees each move because the table stops, and a test waits for the pause by its name.

>>> from pokerkit_teach.core.registry import get_game
>>> game = get_game("pokerguess")
>>> state = game.new_rules(3).new_game(seed=4)
>>> table = LocalTable(state, {1: game.make_bot("random", 1), 2: game.make_bot("random", 2)}, seed=5)
>>> table.go_on()                     # the bots move until seat 0 may act
>>> table.seat, 0 in state.seats_to_act(), table.paused
(0, True, None)
>>> story = table.moves_since(0)[0]   # what happened before the table was taken: the deal
>>> story.seat is None and story.events == tuple(state.events_for(0)[:len(story.events)])
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Generic, Mapping, Protocol, Sequence, TypeVar

from pokerkit_teach.core.game import SIMULTANEOUS, Bot, GameState
from pokerkit_teach.core.match import Match
from pokerkit_teach.core.rng import SeedLike

__all__ = ["Said", "TableMove", "TableSource", "Pause", "LocalTable"]

S = TypeVar("S", bound=GameState[Any, Any])


class Said(Protocol):
    """Words that say themselves in any language: a refusal (``IllegalAction``), a bot's reason (``Msg``)."""

    def text(self, lang: str) -> str: ...


@dataclass(frozen=True)
class TableMove:
    """One move as the learner's seat knows it.

    ``seat`` made ``move`` (``CHANCE`` for a chance step; ``None`` for what happened before the table was
    taken, a scenario's story or a game joined late, or to the game outside the table, a notebook's cell
    applying a move: its ``move`` is ``None``); ``events`` are the entries
    it added to the log as the seat may read them, the first of them at index ``first`` of that log;
    ``reason`` is a bot's reason as the seat may hear it (``None`` for a person's move, a chance step, a bot
    that gave none)."""

    seat: int | None
    move: Any
    events: tuple[Any, ...]
    first: int
    reason: Said | None = None


class TableSource(Protocol):
    """The table the play controller shows and plays (see the module's text)."""

    @property
    def seat(self) -> int:
        """The learner's seat."""

    def view(self) -> Any:
        """What the learner's seat may know now: the game's view (``view_for(seat)``), with its legal moves."""

    def why_not(self, move: Any) -> Said | None:
        """Why ``move`` of the learner would be refused now, or ``None`` when it is allowed."""

    def act(self, move: Any) -> None:
        """The learner's move. A refusal known at once raises (``IllegalAction``) and changes nothing; the
        bots answer before this returns (a local table) or when the server says so (a room)."""

    def moves_since(self, mark: int) -> Sequence[TableMove]:
        """The moves made since the first ``mark`` moves of this table, in order (``0``: all of them, the
        story before the table was taken first)."""

    def log_for(self, lang: str) -> Sequence[str]:
        """The log in words as the learner's seat may read it, one entry per event of :meth:`moves_since`."""

    def on_change(self, listener: Callable[[Said | None], None]) -> None:
        """Call ``listener(None)`` after every change of the table, and ``listener(reason)`` when a move sent
        earlier was refused later (a room's server said why)."""

    @property
    def paused(self) -> str | None:
        """The name of the pause the table waits at (the bots wait until :meth:`go_on`), or ``None``."""

    def go_on(self, bot_moves: int | None = None) -> None:
        """Play goes on past the pause the table waits at (if any): the bots move until a person must act,
        the game is over or the next pause comes; while the learner may act too (everyone may act at once),
        at most ``bot_moves`` bot moves (``None``: as many as the bots want to make). A room's bots move by
        themselves: there this only lets the learner's own display go on."""


@dataclass(frozen=True)
class Pause:
    """A named moment the table stops at: after a move for which ``after(move)`` is true (and the game is not
    over), the bots wait until the learner asks to go on."""

    name: str
    after: Callable[[TableMove], bool]


class LocalTable(Generic[S]):
    """A :class:`TableSource` for a game played in this kernel: ``state`` (changed in place) with ``bots`` in
    the other seats (a mapping seat -> bot, or a list with ``None`` for a person's seat), played through a
    :class:`~pokerkit_teach.core.match.Match` seeded ``seed``.

    ``pause`` is the moment the table stops at; ``waiting``: the table starts waiting at it (a scenario's step
    just after such a moment). ``bot_moves`` bounds the bot moves after each of the learner's moves while the
    learner may act too (``None``: no bound; :meth:`go_on` takes its own); ``most_moves`` bounds every run
    of the bots (``None``: none). ``hear(view, seat, reason)`` is what the learner's seat, whose view is
    ``view``, may know of a bot's reason (by default all of it)."""

    def __init__(self, state: S, bots: Mapping[int, Bot[Any]] | Sequence[Bot[Any] | None], *, seat: int = 0,
                 seed: SeedLike = None, pause: Pause | None = None,
                 waiting: bool = False, bot_moves: int | None = None, most_moves: int | None = None,
                 hear: Callable[[Any, int, Any], Any] | None = None) -> None:
        self.state = state
        self.match: Match[S] = Match(state, bots, seed=seed)
        self._seat = seat
        self.pause = pause
        self._paused = pause.name if pause is not None and waiting else None
        self.bot_moves = bot_moves
        self.most_moves = most_moves
        self.hear = hear
        self._listeners: list[Callable[[Said | None], None]] = []
        self._words: dict[str, list[str]] = {}  # the log in words, by language, as far as it was asked for
        story = tuple(state.events_for(seat))
        self._moves: list[TableMove] = [TableMove(None, None, story, 0)] if story else []

    # ------------------------------------------------------------------ the source
    @property
    def seat(self) -> int:
        return self._seat

    @property
    def paused(self) -> str | None:
        return self._paused

    def view(self) -> Any:
        return self.state.view_for(self._seat)

    def why_not(self, move: Any) -> Said | None:
        reason: Said | None = self.state.why_not(move)
        return reason

    def act(self, move: Any) -> None:
        """Apply the learner's move (the engine checks it: a refusal raises and changes nothing), then let the
        bots answer (at most :attr:`bot_moves` of them while the learner may act too)."""
        self._catch_up()
        start = len(self.state.events)
        self.state.apply(move)
        self._record(self._seat, move, start, None)
        self._run(self.bot_moves)
        self._changed()

    def go_on(self, bot_moves: int | None = None) -> None:
        self._catch_up()
        self._paused = None
        self._run(bot_moves)
        self._changed()

    def moves_since(self, mark: int) -> Sequence[TableMove]:
        self._catch_up()
        return self._moves[mark:]

    def log_for(self, lang: str) -> Sequence[str]:
        """The log in words in ``lang`` (each entry put into words once: the log only grows)."""
        words = self._words.setdefault(lang, [])
        events = self.state.events_for(self._seat)
        words.extend(event.describe(lang) for event in events[len(words):])
        return words

    def on_change(self, listener: Callable[[Said | None], None]) -> None:
        self._listeners.append(listener)

    # ------------------------------------------------------------------ playing
    def _run(self, bot_moves: int | None) -> None:
        """The bots move until a person must act, the game is over or the pause comes; while the learner may
        act too, at most ``bot_moves`` moves."""
        budget, made = bot_moves, 0
        state = self.state
        while self._paused is None and (self.most_moves is None or made < self.most_moves):
            if budget is not None and state.current_player() == SIMULTANEOUS and self._seat in state.seats_to_act():
                if budget <= 0:
                    return
                budget -= 1
            start = len(state.events)
            step = self.match.step()
            if step is None:
                return
            made += 1
            reason = step.decision.reason if step.decision is not None else None
            if reason is not None and self.hear is not None:
                reason = self.hear(self.view(), step.seat, reason)
            self._record(step.seat, step.action, start, reason)

    def _record(self, seat: int, move: Any, start: int, reason: Any) -> None:
        events = tuple(self.state.events_for(self._seat)[start:])
        made = TableMove(seat, move, events, start, reason)
        self._moves.append(made)
        if self.pause is not None and self.pause.after(made) and not self.state.is_terminal():
            self._paused = self.pause.name

    def _catch_up(self) -> None:
        """Moves applied to the state outside the table (a notebook's cell, a test) become one move of no seat,
        so that the table's moves always hold the whole log."""
        last = self._moves[-1] if self._moves else None
        known = last.first + len(last.events) if last is not None else 0
        if len(self.state.events) > known:
            self._moves.append(TableMove(None, None, tuple(self.state.events_for(self._seat)[known:]), known))

    def _changed(self) -> None:
        for listener in list(self._listeners):
            listener(None)
