"""Seats of a room played by protocol clients, and the engine's replay of the same game, for the room tests.

:class:`Table` connects every seat of a room, plays from the views by legal indices (a seeded choice among
the seats that may act, then among their legal moves) and keeps every message each seat received;
:func:`engine_replay` plays the same seed and moves on the engine alone; :func:`leaks` finds, in every
frame a seat received, a card the engine's replay says that seat may not see at that moment."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any, Iterator

import numpy as np

from pokerkit_teach.core.registry import get_game
from pokerkit_teach.core.wire import card_text, to_wire
from pokerkit_teach.rooms.client import Connection, connect
from tests.conformance.facts import facts_of

__all__ = ["Table", "engine_replay", "leaks", "OPTIONS", "as_sent"]

OPTIONS: dict[str, dict[str, Any]] = {
    "pokerface": {},
    "pokerguess": {"max_rounds": 3},
    "voces": {"rounds": 1, "specials": ["raccoon", "baboon"]},
}
"""The rule options the room tests play each game under (short whole games; Póker a Voces with special cards)."""


@dataclass
class Table:
    base: str
    room: dict[str, Any]
    rng: np.random.Generator
    seats: list[Connection] = field(default_factory=list)
    moves: list[tuple[int, int]] = field(default_factory=list)  # (seat, index) of every accepted move
    frames: list[list[dict[str, Any]]] = field(default_factory=list)  # every message each seat received, in order

    async def connect_all(self) -> None:
        self.seats = [await connect(self.base, self.room["room"], seat["token"]) for seat in self.room["seats"]]
        for connection in self.seats:
            await connection.next_view()

    @property
    def version(self) -> int:
        return int(max(connection.view["version"] for connection in self.seats if connection.view is not None))

    def over(self) -> bool:
        return any(connection.view is not None and connection.view["over"] for connection in self.seats)

    def choose(self) -> tuple[int, int] | None:
        """A seat that may act and one of its legal indices, or ``None`` if nobody may act."""
        able = [seat for seat, connection in enumerate(self.seats) if connection.view and connection.view["legal_count"]]
        if not able:
            return None
        seat = able[int(self.rng.integers(len(able)))]
        view = self.seats[seat].view
        assert view is not None
        count = view["legal_count"]  # mostly one of the first moves listed (a fold, a stay, a place), which ends a
        # game sooner than a PokerGuess prediction changed again and again; any of them now and then
        index = self.rng.integers(min(count, 3)) if self.rng.random() < 0.7 else self.rng.integers(count)
        return seat, int(index)

    async def step(self) -> bool:
        """One move and every seat's new view; false when nobody may act."""
        chosen = self.choose()
        if chosen is None:
            return False
        seat, index = chosen
        version = self.version
        await self.seats[seat].act(version, index)
        await self.all_at(version + 1)
        self.moves.append(chosen)
        return True

    async def all_at(self, version: int) -> None:
        await asyncio.gather(*(connection.view_at_least(version) for connection in self.seats))

    async def play(self, most: int) -> int:
        made = 0
        while made < most and not self.over():
            if not await self.step():
                break
            made += 1
        return made

    def keep_frames(self) -> None:
        """The messages received so far, kept (a reconnection starts new connections)."""
        if not self.frames:
            self.frames = [[] for _ in self.seats]
        for kept, connection in zip(self.frames, self.seats):
            kept.extend(connection.frames)
            connection.frames = []

    def close(self) -> None:
        for connection in self.seats:
            connection.close()


def engine_replay(game_name: str, players: int, options: dict[str, Any], seed: int, moves: list[tuple[int, int]]) -> Iterator[Any]:
    """The engine's state before the first move and after each of ``moves`` (the same state object, changing)."""
    game = get_game(game_name)
    state = game.new_rules(players, options).new_game(seed=seed)
    yield state
    for seat, index in moves:
        state.apply(state.legal_actions(seat)[index])
        yield state


def _strings(value: Any, skip_round: int | None) -> Iterator[str]:
    """Every text inside a frame, except inside log entries of another round than ``skip_round`` (read when
    that round was played)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            yield item
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, dict):
            if skip_round is not None and "key" in item and "round" in item and "kind" in item and item["round"] != skip_round:
                continue
            stack.extend(item.values())


def leaks(game_name: str, players: int, options: dict[str, Any], seed: int, moves: list[tuple[int, int]],
          frames: list[list[dict[str, Any]]]) -> list[tuple[int, int, list[str]]]:
    """Every (seat, version, cards) where a frame of that seat at that version holds a card that the engine's
    replay says the seat may not see then (a card a seat saw once stays known to it, as in the conformance
    suite). Also checks that the search finds hidden cards in the engine's full state."""
    facts = facts_of(game_name)
    by_version: dict[int, list[tuple[int, dict[str, Any]]]] = {}
    for seat, received in enumerate(frames):
        for frame in received:
            if frame["op"] == "view":
                by_version.setdefault(frame["version"], []).append((seat, frame))
    known: list[set[str]] = [set() for _ in range(players)]
    found: list[tuple[int, int, list[str]]] = []
    for version, state in enumerate(engine_replay(game_name, players, options, seed, moves)):
        log = state.events
        current = log[-1].round if log else None
        for seat in range(players):
            hidden, public = facts.hidden(state, seat)
            known[seat] |= {text for text in map(card_text, public) if text}
            secret = {text for text in map(card_text, hidden) if text} - known[seat]
            for _, frame in [entry for entry in by_version.get(version, []) if entry[0] == seat]:
                shown = sorted(secret & set(_strings(frame, current)))
                if shown:
                    found.append((seat, version, shown))
    return found


def as_sent(view: Any, texts: bool = False) -> dict[str, Any]:
    """The engine's view as a seat's ``view`` message carries it: without the log and the list of moves (the
    message's ``legal``); a game's own compact value of its moves (PokerGuess's ``LegalMoves``) stays."""
    wire: dict[str, Any] = to_wire(view, texts=texts)
    return {name: value for name, value in wire.items()
            if name != "log" and not (name == "legal_actions" and not isinstance(value, dict))}
