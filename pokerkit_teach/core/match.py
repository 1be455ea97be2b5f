"""A game with bots in some seats: the bots move until a person must act or the game is over.

The play apps, the simulator and the tests all play through a :class:`Match`, so what a bot may do, and
when, is decided in one place.

>>> from pokerkit_teach.core.registry import get_game
>>> game = get_game("pokerface")
>>> state = game.new_rules(3).new_game(seed=2)
>>> match = Match(state, {1: game.make_bot("random", 1), 2: game.make_bot("random", 2)}, seed=3)
>>> moves = match.run()           # the bots move until seat 0, a person, is to act
>>> state.is_terminal() or 0 in match.waiting_for()
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Generic, Mapping, Sequence, TypeVar

from pokerkit_teach.core.game import CHANCE, SIMULTANEOUS, TERMINAL, Bot, Decision, GameState
from pokerkit_teach.core.rng import SeedLike, make_rng

__all__ = ["Move", "Match"]

S = TypeVar("S", bound=GameState[Any, Any])


@dataclass(frozen=True)
class Move:
    """One step a match took: a bot's move (``decision`` holds its reason; ``None`` when the bot had
    nothing to say and a legal move was chosen at random) or a chance step (``seat`` is ``CHANCE``)."""

    seat: int
    action: Any
    decision: Decision | None
    events: tuple[Any, ...]


class Match(Generic[S]):
    """``state`` with ``bots`` in some seats (a mapping seat -> bot, or a list with ``None`` for a
    person's seat).

    - A seat whose turn it is: its bot decides; a bot that returns nothing makes a random legal move.
    - Everyone may act at once (free-for-all, trading): the bots with a legal move are asked in a random
      order and the first that wants to act does; if none does and no person may act, a random bot
      makes a random legal move.
    - A chance step (only for a state without ``auto_chance``): ``dealer(state, rng, bots)`` gives it,
      or the state draws its own.
    """

    def __init__(
        self,
        state: S,
        bots: Mapping[int, Bot[Any]] | Sequence[Bot[Any] | None],
        seed: SeedLike = None,
        dealer: Callable[[S, Any, Sequence[Bot[Any]]], Any] | None = None,
    ) -> None:
        self.state = state
        self.bots: dict[int, Bot[Any]] = (
            dict(bots) if isinstance(bots, Mapping) else {seat: bot for seat, bot in enumerate(bots) if bot is not None}
        )
        self.rng = make_rng(seed)
        self.dealer = dealer

    @property
    def people(self) -> list[int]:
        """The seats without a bot."""
        return [seat for seat in range(self.state.player_count) if seat not in self.bots]

    def waiting_for(self) -> list[int]:
        """The people's seats that may act now."""
        return [seat for seat in self.state.seats_to_act() if seat not in self.bots]

    def step(self) -> Move | None:
        """One bot move or chance step, or ``None`` when only a person may act (or the game is over)."""
        state = self.state
        player = state.current_player()
        if player == TERMINAL:
            return None
        if player == CHANCE:
            chance = self.dealer(state, self.rng, list(self.bots.values())) if self.dealer else state.chance_action()
            return Move(CHANCE, chance, None, state.apply(chance))
        if player == SIMULTANEOUS:
            seats = [seat for seat in self.bots if state.legal_actions(seat)]
            for index in self.rng.permutation(len(seats)):
                seat = seats[int(index)]
                decision = self.bots[seat].decide(state.view_for(seat))
                if decision is not None:
                    return Move(seat, decision.action, decision, state.apply(decision.action))
            if self.waiting_for() or not seats:
                return None
            seat = seats[int(self.rng.integers(len(seats)))]
            return self._random_move(seat)
        if player not in self.bots:
            return None
        decision = self.bots[player].decide(state.view_for(player))
        if decision is None:
            return self._random_move(player)
        return Move(player, decision.action, decision, state.apply(decision.action))

    def _random_move(self, seat: int) -> Move:
        actions = self.state.legal_actions(seat)
        action = actions[int(self.rng.integers(len(actions)))]
        return Move(seat, action, None, self.state.apply(action))

    def run(self, max_moves: int | None = None, until: Callable[[Move], bool] | None = None) -> list[Move]:
        """Steps until a person must act or the game is over (at most ``max_moves``; or until a move for
        which ``until(move)`` is true, to pause at a moment the learner should see)."""
        moves: list[Move] = []
        while max_moves is None or len(moves) < max_moves:
            move = self.step()
            if move is None:
                break
            moves.append(move)
            if until is not None and until(move):
                break
        return moves

    def play_to_end(self, max_moves: int = 1_000_000) -> S:
        """Play a game with a bot in every seat to its end; returns the finished state."""
        self.run(max_moves)
        if not self.state.is_terminal():
            raise RuntimeError(f"the game did not end within {max_moves} moves")
        return self.state
