"""Bots for the other seats. Each sees only its own :class:`PokerfaceView` and explains every decision in
one sentence.

- ``random``: any legal move, at random. Shows what the rules allow, and how badly chance plays.
- ``estimator``: judges its hand as it stands: which share of the hands another player could hold it
  beats now (before the flop: its chance against a random hand). From that share it expects a place,
  wants the token of that place, takes it from the middle, and takes it from another player only when
  confident. It sees only its own cards and the board.
- ``reader``: reads the tokens (:mod:`.reading`). Before the ♠ round it plays as the estimator does (the
  team's convention, so its tokens mean what the others expect); in the ♠ round it weighs every holding
  another player could have by how likely that holding makes every token the player was seen with (each
  earlier round's and the ♠ token held now, and every token the player was seen taking from another
  player), takes its chance against each player from that, and says whose tokens and moves told it the most.

A bot's ``decide`` returns ``None`` when it has nothing to do (free-for-all: already done and content).
A bot by name comes from the game's registry entry (``GAME.make_bot``); the classes take more options.

>>> from pokerkit_teach.games.pokerface import GAME, PokerfaceRules
>>> state = PokerfaceRules(("Anna", "Ben", "Carla")).new_game(seed=2)
>>> bot = GAME.make_bot("estimator", 1)
>>> decision = bot.decide(state.view_for(state.current_player()))
>>> decision.action in state.legal_actions()
True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pokerkit_teach.core.game import Bot, Decision
from pokerkit_teach.core.i18n import Msg
from pokerkit_teach.core.rng import SeedLike
from pokerkit_teach.holdem.cards import Suit
from pokerkit_teach.games.pokerface.actions import Pass, TakeFromMiddle, TakeFromPlayer
from pokerkit_teach.games.pokerface.events import Token
from pokerkit_teach.games.pokerface.hints import RankHint
from pokerkit_teach.games.pokerface.reading import (STAGE_OF_SUIT, Reading, board_table, pair_index, place_distribution, read_others,
                                              read_reason, wanted_places)
from pokerkit_teach.games.pokerface.strength import place_probabilities
from pokerkit_teach.games.pokerface.view import PokerfaceView

__all__ = ["PokerfaceRandomBot", "PokerfaceEstimatorBot", "PokerfaceReaderBot", "BOTS", "DEFAULT_BOT"]


class PokerfaceRandomBot(Bot[PokerfaceView]):
    """Any legal move, chosen at random."""

    game = "pokerface"
    name = "random"

    def decide(self, view: PokerfaceView) -> Decision | None:
        actions = view.legal_actions
        if not actions:
            return None
        action = actions[int(self.rng.integers(len(actions)))]
        return Decision(action, Msg.of("pokerface.reason.random", count=len(actions)))


class PokerfaceEstimatorBot(Bot[PokerfaceView]):
    """Wants the token of the place it expects, judged from its own cards and the board only.

    ``confidence`` is how sure it must be of its place before it takes the token away from another
    player; ``samples`` is used by the reader's Monte Carlo estimate.
    """

    game = "pokerface"
    name = "estimator"
    read_tokens = False

    def __init__(self, seed: SeedLike = None, samples: int = 300, confidence: float = 0.5) -> None:
        super().__init__(seed)
        self.samples = samples
        self.confidence = confidence
        self._cache: dict[Any, tuple[RankHint, float, int]] = {}

    def estimate(self, view: PokerfaceView) -> RankHint:
        """The bot's belief about its final place (cached while its cards and the board stay the same)."""
        return self._judge(view)[0]

    def _judge(self, view: PokerfaceView) -> tuple[RankHint, float, int]:
        """The estimate, the place expected from it and the place wanted (the nearest whole place)."""
        key = (view.hole, view.board)
        judged = self._cache.get(key)
        if judged is None:
            if len(self._cache) > 16:
                self._cache.clear()
            probabilities = place_probabilities(view.hole, view.board, view.player_count)
            judged = self._judged(RankHint(view.seat, probabilities, 0, False), view.player_count)
            self._cache[key] = judged
        return judged

    @staticmethod
    def _judged(hint: RankHint, count: int) -> tuple[RankHint, float, int]:
        expected = sum((r + 1) * p for r, p in enumerate(hint.probabilities))
        return hint, expected, min(count, max(1, int(round(expected))))

    def decide(self, view: PokerfaceView) -> Decision | None:
        legal = view.legal_actions
        suit = view.round_suit
        if not legal or suit is None:
            return None
        hint, expected, target = self._judge(view)
        count = view.player_count
        sure = hint.probabilities[target - 1]
        holders = view.token_holders(suit) or ()
        seat = view.seat
        own = holders.index(seat) + 1 if seat in holders else None
        kinds = {type(action) for action in legal}
        can_pass = Pass in kinds
        middle = [n + 1 for n, h in enumerate(holders) if h is None]
        place = {"place": target, "count": count, "percent": float(sure)}
        if own == target:
            if can_pass:
                return Decision(Pass(seat), Msg.of("pokerface.reason.keep", token=Token(suit, target), **place))
            return None  # free-for-all: already done and content
        if target in middle:
            return Decision(TakeFromMiddle(seat, target), Msg.of("pokerface.reason.take_middle", token=Token(suit, target), **place))
        holder = holders[target - 1]
        in_brake = TakeFromPlayer not in kinds
        needed = {"needed": float(self.confidence)}
        if holder is not None and not in_brake and sure >= self.confidence:
            return Decision(TakeFromPlayer(seat, holder), Msg.of("pokerface.reason.take_player", token=Token(suit, target),
                                                                player=view.players[holder], **place, **needed))
        # Not sure enough to take it away: settle for the free token nearest to the place expected, or keep what we hold.
        choices = middle + ([own] if own is not None else [])
        if not choices:  # nothing free and nothing held: take the wanted token after all
            assert holder is not None
            return Decision(TakeFromPlayer(seat, holder), Msg.of("pokerface.reason.take_player_forced", token=Token(suit, target),
                                                                player=view.players[holder], **place))
        nearest = min(choices, key=lambda n: (abs(n - expected), n))
        assert holder is not None and holder != seat  # the wanted token is neither free nor ours here
        # the reason names who holds the wanted token, the sureness a take from a player needs, and the place
        # expected on average, from which the nearest token is chosen
        settled = {"wanted": Token(suit, target), "holder": view.players[holder], "expected": float(expected), **place}
        if nearest == own:
            if not can_pass:
                return None  # free-for-all: already done and content with it
            return Decision(Pass(seat), Msg.of("pokerface.reason.settle_keep", token=Token(suit, own), **settled, **needed))
        # in the emergency brake only a token from the middle may be taken, however sure the bot is
        if in_brake:
            return Decision(TakeFromMiddle(seat, nearest), Msg.of("pokerface.reason.settle_middle_brake", token=Token(suit, nearest), **settled))
        return Decision(TakeFromMiddle(seat, nearest), Msg.of("pokerface.reason.settle_middle", token=Token(suit, nearest), **settled, **needed))

class PokerfaceReaderBot(PokerfaceEstimatorBot):
    """Reads the tokens (:mod:`.reading`): plays the earlier rounds as the estimator does, so that its
    tokens say what the team's convention says, and in the ♠ round judges its place from its chance
    against every other player over the holdings that fit every token that player was seen with."""

    name = "reader"
    read_tokens = True
    read_moves = True  # the deal's public moves too (a take from a player); False: only the tokens held

    @staticmethod
    def _reads(view: PokerfaceView) -> bool:
        """The ♠ round on the whole board: where the reader reads; before it, it plays as the estimator."""
        return view.round_suit is Suit.SPADES and len(view.board) == 5

    def _judge(self, view: PokerfaceView) -> tuple[RankHint, float, int]:
        return self._read(view)[0] if self._reads(view) else super()._judge(view)

    def _read(self, view: PokerfaceView) -> tuple[tuple[RankHint, float, int], tuple[Reading, ...]]:
        key = ("read", view.hole, view.board, view.tokens, tuple(m for m in view.moves if m.kind == "player") if self.read_moves else ())
        cached = self._readings.get(key)
        if cached is None:
            if len(self._readings) > 16:
                self._readings.clear()
            readings = read_others(view, self.read_moves)
            hint = RankHint(view.seat, place_distribution([r.beat for r in readings]), 0, True)
            judged = self._judged(hint, view.player_count)
            cached = (judged, readings)
            self._readings[key] = cached
        return cached

    def __init__(self, seed: SeedLike = None, samples: int = 300, confidence: float = 0.5) -> None:
        super().__init__(seed, samples, confidence)
        self._readings: dict[Any, tuple[tuple[RankHint, float, int], tuple[Reading, ...]]] = {}

    def decide(self, view: PokerfaceView) -> Decision | None:
        """The estimator's rule on the reader's judgement; in the ♠ round the reason says what was read."""
        decision = super().decide(view)
        if decision is None or not self._reads(view):
            return decision
        kind = decision.reason.key.removeprefix("pokerface.reason.")
        read = read_reason(self._read(view)[1], view)
        return Decision(decision.action, Msg.of(f"pokerface.reading.{kind}", read=read, **dict(decision.reason.params)))


BOTS: dict[str, type[Bot[PokerfaceView]]] = {"random": PokerfaceRandomBot, "estimator": PokerfaceEstimatorBot, "reader": PokerfaceReaderBot}
DEFAULT_BOT = "estimator"


def count_likelihoods(players: int, games: int, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """How :data:`~pokerkit_teach.games.pokerface.reading.FINAL_LIKELIHOOD` and
    :data:`~pokerkit_teach.games.pokerface.reading.CURRENT_LIKELIHOOD` were made: in ``games`` games of
    reader bots, count for every player the place its holding wants against the token it held at the end
    of each round before ♠ (final) and, whenever a reader moves in the ♠ round, the ♠ token each other
    player holds then (current); each row is made a distribution, with one count added to every cell."""
    from pokerkit_teach.games.pokerface.rules import PokerfaceRules

    final = np.ones((players, players))
    current = np.ones((players, players))
    rules = PokerfaceRules.for_players(players)

    def wanted(board: Any, hole: Any) -> int:
        """The place (0 first) a holding wants on a board, as the estimator judges it."""
        shares = board_table(tuple(c.code for c in board))[1]
        return int(wanted_places(shares[[pair_index(hole)]], players)[0]) - 1

    for game in range(games):
        state = rules.new_game(seed=seed * 1_000_003 + game)
        bots = [PokerfaceReaderBot((seed * 1_000_003 + game) * 8 + s) for s in range(players)]
        counted: set[tuple[int, Suit]] = set()
        while not state.is_terminal():
            assert state.hole is not None
            for suit, token_round in state.rounds.items():
                if token_round.finished and suit is not Suit.SPADES and (state.deal_number, suit) not in counted:
                    counted.add((state.deal_number, suit))
                    for s in range(players):
                        token = token_round.held[s]
                        if token is not None:
                            final[wanted(state.board[: STAGE_OF_SUIT[suit]], state.hole[s]), token - 1] += 1
            seat = state.current_player()
            view = state.view_for(seat)
            if view.round_suit is Suit.SPADES:
                for s in range(players):
                    token = state.rounds[Suit.SPADES].held[s]
                    if s != seat and token is not None:
                        current[wanted(state.board, state.hole[s]), token - 1] += 1
            decision = bots[seat].decide(view)
            assert decision is not None
            state.apply(decision.action)
    return final / final.sum(axis=1, keepdims=True), current / current.sum(axis=1, keepdims=True)
