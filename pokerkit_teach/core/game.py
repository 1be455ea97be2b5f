"""The game protocol: what every game of the kit implements, so that the CLI, the apps, the simulator and
the tests handle all games alike.

A game is a package with a :class:`~pokerkit_teach.core.contract.GameModule` (registered in
:mod:`pokerkit_teach.core.registry`), rules (frozen, options validated, ``new_game(seed)``) and a state
built on :class:`GameState`:

- ``current_player()``: a seat, or :data:`CHANCE`, :data:`TERMINAL`, :data:`SIMULTANEOUS`;
- ``legal_actions(seat=None)``: every action allowed now (of one seat, if given), in a stable order;
- ``why_not(action)`` / ``can_apply(action)``: the reason a move is refused, without changing anything;
- ``apply(action)``: checks first, then changes the state and returns the events it caused;
- ``events`` (the append-only log) and ``history`` (every action applied, chance steps with the cards
  they drew, so a replay needs no randomness);
- ``view_for(seat)``: what one player may know, and ``events_for(seat)`` / ``log_for(seat, lang)``: the
  log as that player may read it; ``outcome``: who won, once the game is over;
- ``clone()`` (exact, the cards still to come included) and ``undo()``.

Bots (:class:`Bot`) decide from a view and give their reason as a message (:class:`Decision`).

>>> from pokerkit_teach.core.i18n import Msg
>>> Decision("pass", Msg.of("category.name.pair")).text("de")
'Paar'
"""

from __future__ import annotations

import copy
import enum
from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Generic, Mapping, Sequence, TypeVar

import numpy as np

from pokerkit_teach.core.errors import IllegalAction, InputError
from pokerkit_teach.core.i18n import DEFAULT_LANGUAGE, Msg, capitalize_first, message
from pokerkit_teach.core.rng import SeedLike, make_rng
from pokerkit_teach.core.limits import quoted

__all__ = [
    "CHANCE", "TERMINAL", "SIMULTANEOUS", "Phase", "is_whole_number", "whole_number_fields", "Checked", "GameState", "Outcome", "Bot", "Decision",
    "LogEvent", "ReplayStep", "StepReplay",
]

# What ``current_player()`` returns when no seat is to act: a chance step is due, the game is over, or
# everyone may act at once (free-for-all in Pokerface, trading in Póker a Voces).
CHANCE = -1
TERMINAL = -2
SIMULTANEOUS = -3

A = TypeVar("A")
S = TypeVar("S")
V = TypeVar("V")
R = TypeVar("R")
G = TypeVar("G", bound="GameState[Any, Any]")


def is_whole_number(value: object) -> bool:
    """Whether ``value`` is a whole number as the engine takes one from outside: an ``int``, and not a truth
    value (``True`` is not seat 1, nor token 1).

    >>> is_whole_number(3), is_whole_number(True), is_whole_number(3.0)
    (True, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool)


M = TypeVar("M", bound=type)


def whole_number_fields(cls: M) -> M:
    """A class decorator for a move, put below ``@dataclass``: each field declared ``int`` must be a whole
    number when the move is made (not ``True``, not ``"1"``), so a move is made of the types its game
    lists and equals a listed move only if it is one (``TakeFromMiddle(1, True)`` would equal
    ``TakeFromMiddle(1, 1)``, as ``True == 1``). Another value raises :class:`InputError` naming the field.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... @whole_number_fields
    ... class Take:
    ...     seat: int
    >>> Take(True)
    Traceback (most recent call last):
    ...
    pokerkit_teach.core.errors.InputError: a move Take needs a whole number as its seat, not True
    """
    annotations = cls.__dict__.get("__annotations__", {})
    names = [name for name, kind in annotations.items() if kind in ("int", int)]
    lists = [name for name, kind in annotations.items() if isinstance(kind, str) and kind.startswith("tuple[int")]
    own = cls.__dict__.get("__post_init__")

    def __post_init__(self: Any) -> None:
        for name in names:
            value = getattr(self, name)
            if not is_whole_number(value):
                raise InputError(key="errors.move_number", move=type(self).__name__, field=name, got=quoted(value))
        for name in lists:  # a tuple of whole numbers; anything but a tuple is left to the game's checks
            value = getattr(self, name)
            if isinstance(value, tuple) and not all(is_whole_number(item) for item in value):
                raise InputError(key="errors.move_number", move=type(self).__name__, field=name, got=quoted(value))
        if own is not None:
            own(self)

    setattr(cls, "__post_init__", __post_init__)
    return cls


class Phase(str, enum.Enum):
    """Base of every game's phases: an enum whose values are the names used in message keys."""

    def __str__(self) -> str:
        return str(self.value)


class Checked(Generic[A]):
    """``why_not`` and ``can_apply`` for a state whose ``_check(action)`` raises :class:`IllegalAction`."""

    def _check(self, action: A) -> None:
        raise NotImplementedError

    def why_not(self, action: A) -> IllegalAction | None:
        """The reason ``action`` is refused now, or ``None`` if it is allowed (nothing changes)."""
        try:
            self._check(action)
        except IllegalAction as error:
            return error
        return None

    def can_apply(self, action: A) -> bool:
        return self.why_not(action) is None


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: the seats that won (every seat for a cooperative win, none for a
    loss), each seat's score (Pokerface: 1 for a team win; PokerGuess: chips; Póker a Voces: points),
    and whether the game ended by its rules or at a limit the kit set (``by_rules``)."""

    winners: tuple[int, ...]
    scores: tuple[float, ...]
    by_rules: bool = True

    @property
    def shared(self) -> bool:
        return len(self.winners) > 1


class GameState(Checked[A], Generic[A, R]):
    """The common machinery of a game in progress.

    A game's state sets ``rules``, ``auto_chance``, ``history``, ``events`` and ``_rng`` (through
    :meth:`_start`) and implements ``_check``, ``_perform`` (carry out one action, appending exactly one
    entry to ``history``), ``chance_action`` (the chance step due now, or ``None``), ``current_player``,
    ``legal_actions``, ``is_terminal``, ``view_for`` and ``outcome``. This class gives every game the same
    ``apply``, ``clone``, ``undo``, replays and snapshots.

    Every action is recorded with the random generator's state before it, so a replay of any prefix
    draws exactly what the game drew: ``undo`` and ``replay`` restore the cards still to come too.
    """

    message_prefix: ClassVar[str] = "game"  # the catalogue section of the game's texts

    rules: R
    auto_chance: bool
    history: list[A]
    events: list[Any]
    _rng: np.random.Generator
    _rng_states: list[Mapping[str, Any]]

    def __init__(self, rules: R, seed: SeedLike = None, auto_chance: bool = True) -> None:
        raise NotImplementedError  # every game's state has this signature (replays make states with it)

    def _start(self, rules: R, seed: SeedLike, auto_chance: bool) -> None:
        self.rules = rules
        self.auto_chance = auto_chance
        self._rng = make_rng(seed)
        self.history = []
        self.events = []
        self._rng_states = []

    # ---------------------------------------------------------------- to implement
    def _perform(self, action: A) -> None:
        raise NotImplementedError

    def chance_action(self) -> A | None:
        raise NotImplementedError

    def current_player(self) -> int:
        raise NotImplementedError

    def is_terminal(self) -> bool:
        raise NotImplementedError

    def legal_actions(self, seat: int | None = None) -> list[A]:
        raise NotImplementedError

    @property
    def outcome(self) -> Outcome | None:
        raise NotImplementedError

    def view_for(self, seat: int) -> Any:
        raise NotImplementedError

    def events_for(self, seat: int | None) -> list[Any]:
        """The log as ``seat`` may read it: every event, with the cards ``seat`` may not see left out of it
        (``None``: everything, as a teacher's replay shows it)."""
        raise NotImplementedError

    # ---------------------------------------------------------------- shared
    @property
    def players(self) -> tuple[str, ...]:
        players: tuple[str, ...] = getattr(self.rules, "players")
        return players

    @property
    def player_count(self) -> int:
        return len(self.players)

    def log_for(self, seat: int | None, lang: str = DEFAULT_LANGUAGE, last: int | None = None) -> list[str]:
        """The log in words as ``seat`` may read it (:meth:`events_for`), in ``lang``; only the ``last``
        events, if given."""
        events = self.events_for(seat)
        chosen = events if last is None else events[-last:] if last > 0 else []
        return [event.describe(lang) for event in chosen]

    def seats_to_act(self) -> list[int]:
        """Every seat that may act now (all seats with a legal move while everyone may act at once)."""
        player = self.current_player()
        if player == SIMULTANEOUS:
            return [seat for seat in range(self.player_count) if self.legal_actions(seat)]
        return [player] if player >= 0 else []

    def apply(self, action: A) -> tuple[Any, ...]:
        """Check ``action`` and carry it out; return the events it added (with ``auto_chance``, also those
        of the chance steps that followed). Raises :class:`IllegalAction` and changes nothing if the
        action is not allowed now."""
        self._check(action)
        start = len(self.events)
        self._step(action)
        if self.auto_chance:
            self._run_chance()
        return tuple(self.events[start:])

    def _step(self, action: A) -> None:
        self._rng_states.append(self._rng.bit_generator.state)
        self._perform(action)

    def _run_chance(self) -> None:
        while not self.is_terminal():
            chance = self.chance_action()
            if chance is None:
                return
            self._step(chance)

    def clone(self: G) -> G:
        """An independent, exact copy: the same actions applied to both give the same states, the cards
        still to come included."""
        return copy.deepcopy(self)

    def replay_prefix(self: G, length: int) -> G:
        """The state after the first ``length`` actions of the history, rebuilt exactly (the random
        generator as it was then, so the cards still to come are the same)."""
        if not 0 <= length <= len(self.history):
            raise InputError(key="errors.core.history_prefix", actions=len(self.history), length=length)
        bit_generator = type(self._rng.bit_generator)()
        fresh = np.random.Generator(bit_generator)
        rebuilt = type(self)(self.rules, seed=fresh, auto_chance=False)
        for action, state in zip(self.history[:length], self._rng_states[:length]):
            bit_generator.state = state
            rebuilt.apply(action)
        bit_generator.state = self._rng_states[length] if length < len(self.history) else self._rng.bit_generator.state
        rebuilt.auto_chance = self.auto_chance
        return rebuilt

    def undo(self: G) -> G:
        """The state before the last player action (the chance steps that followed it are undone too)."""
        last = max((i for i, a in enumerate(self.history) if not self.is_chance(a)), default=None)
        if last is None:
            raise IllegalAction(f"{self.message_prefix}.illegal.nothing_to_undo")
        return self.replay_prefix(last)

    @classmethod
    def is_chance(cls, action: A) -> bool:
        """Whether ``action`` is a chance step (dealing, drawing, revealing), not a player's move."""
        return getattr(action, "seat", None) is None

    @classmethod
    def from_history(cls: type[G], rules: Any, history: Sequence[A], auto_chance: bool = True) -> G:
        """Rebuild a state from a recorded history (chance steps carry their cards, so no randomness is
        needed). Raises :class:`IllegalAction` naming the first entry that does not fit."""
        state = cls(rules, seed=0, auto_chance=False)
        for index, action in enumerate(history):
            try:
                state.apply(action)
            except IllegalAction as error:
                raise IllegalAction(f"{cls.message_prefix}.illegal.in_history", index=index + 1, problem=error) from None
        state.auto_chance = auto_chance
        if auto_chance:
            state._run_chance()
        return state

    def snapshot(self) -> Any:
        """Everything that makes up the state, as one comparable value (for tests and caches): every
        attribute, the random generator's state included."""
        data = dict(vars(self))
        data["_rng_states"] = tuple(repr(state) for state in data.get("_rng_states", ()))  # each one value: quicker
        return _freeze(data)


def _freeze(value: Any) -> Any:
    if isinstance(value, np.random.Generator):
        return _freeze(value.bit_generator.state)
    if isinstance(value, dict):
        return tuple(sorted(((_freeze(k), _freeze(v)) for k, v in value.items()), key=lambda item: repr(item[0])))
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, (set, frozenset)):
        return frozenset(_freeze(v) for v in value)
    if isinstance(value, np.ndarray):
        return tuple(value.tolist())
    if hasattr(value, "__dataclass_params__") and getattr(value, "__dataclass_params__").frozen:
        return value
    slots = getattr(type(value), "__slots__", None)
    if slots is not None and not hasattr(value, "__dict__"):
        return (type(value).__name__, tuple(_freeze(getattr(value, s, None)) for s in slots))
    if hasattr(value, "__dict__") and not isinstance(value, type) and not isinstance(value, enum.Enum):
        return (type(value).__name__, _freeze(vars(value)))
    return value


class Bot(Generic[V]):
    """A strategy for one seat: ``decide(view)`` returns a :class:`Decision` (the move and its reason), or
    ``None`` when the bot has nothing it wants to do now (it may wait while others act at once).

    ``game`` names the catalogue section of the bot's description (``<game>.bot.<name>``)."""

    game: ClassVar[str] = "game"
    name: ClassVar[str] = "bot"

    def __init__(self, seed: SeedLike = None) -> None:
        self.rng = make_rng(seed)

    def decide(self, view: V) -> "Decision | None":
        raise NotImplementedError

    def describe(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return message(f"{self.game}.bot.{self.name}", lang)


@dataclass(frozen=True)
class Decision:
    """A bot's move and its reason (a message, put into words in any language)."""

    action: Any
    reason: Msg

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return self.reason.text(lang)


@dataclass(frozen=True)
class LogEvent:
    """One entry of a game's log: what happened (``kind``, a message under ``prefix``), in which round,
    after which action of the history, to whom, with which values."""

    prefix: ClassVar[str] = ""
    param_readers: ClassVar[Mapping[str, Callable[[Any], Any]]] = {}
    """How a client of the room server reads a value of ``params`` back from the wire, by its name (cards,
    a ranked hand: what the log's words and the apps need as the engine's values); the rest as JSON says."""

    kind: str
    round: int
    action_index: int
    seat: int | None = None
    params: tuple[tuple[str, Any], ...] = ()

    def describe(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return capitalize_first(message(f"{self.prefix}.{self.kind}", lang, **dict(self.params)))

    def param(self, name: str) -> Any:
        return dict(self.params).get(name)


@dataclass(frozen=True)
class ReplayStep:
    """One step of a replay: the move (``None`` for a chance step) and the events it caused."""

    number: int
    round: int
    move: str | None
    events: tuple[LogEvent, ...]

    def lines(self, lang: str = DEFAULT_LANGUAGE) -> list[str]:
        return [event.describe(lang) for event in self.events]

    def as_json(self, lang: str) -> dict[str, Any]:
        return {"step": self.number, "round": self.round, "move": self.move, "events": self.lines(lang)}


class StepReplay(Generic[S]):
    """Text and time travel for a replay with ``steps``, a ``final`` state and a ``scenario``."""

    steps: tuple[ReplayStep, ...]
    final: S
    scenario: Any

    def _rebuild(self, history: Sequence[Any]) -> S:
        raise NotImplementedError

    def state_after(self, step: int) -> S:
        """The game after ``step`` steps (0 = before the first), rebuilt from the log: forward and back."""
        if not 0 <= step <= len(self.steps):
            raise InputError(key="errors.core.replay_step", steps=len(self.steps), step=step)
        history: Sequence[Any] = getattr(self.final, "history")
        return self._rebuild(history[:step])

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        lines = [self.scenario.title(lang), ""]
        for step in self.steps:
            head = f"{step.number:>3}. "
            for i, line in enumerate(step.lines(lang)):
                lines.append((head if i == 0 else " " * len(head)) + line)
        return "\n".join(lines)
