"""Many Pokerface games side by side in numpy: the batch path of a simulation.

:func:`play_batch` plays games ``numbers`` of a simulation seeded ``seed`` for bots that can be written
as array operations (``random`` and ``estimator``, see :data:`BATCHABLE`; the reader reads the tokens
and falls back to the engine). Every game deals from the same per-game generator as the engine's
:func:`~pokerkit_teach.core.simulate.play_one` with :func:`~pokerkit_teach.games.pokerface.simulate.dealer`
(the same shuffles in the same order), so the deals are the engine's deals; the estimator judges them
exactly as :func:`~pokerkit_teach.games.pokerface.strength.share_beaten` does, and its choices follow
:class:`~pokerkit_teach.games.pokerface.bots.PokerfaceEstimatorBot`, so an estimator team plays the engine's games move
for move (tests/engine/pokerface/test_batch.py checks every game's outcome against the engine). A random bot
draws from the same generator as the engine's bot in its seat, and turns each draw into a move as
``Generator.integers`` does (:meth:`_Games._picks`), so random bots, alone or beside estimators, play the
engine's games too, move for move.

What the rules decide comes from the rules object (:class:`~pokerkit_teach.games.pokerface.rules.PokerfaceRules`):
the token rounds of a deal (:meth:`~PokerfaceRules.rounds_for`), the free-for-all variant and its brake
(``free_for_all``, ``free_for_all_brake``), the brake's laps, the successes to win and failures to lose.

How the estimator's judgements are made fast: on each board (flop, turn, river) every two-card holding
that does not clash with the board is evaluated once; a player's share is counted against them all and
the holdings that touch the player's own cards are counted again and taken away. A share is
``(below + level / 2) / valid``, so it is fixed by the whole number ``2 * below + level``; what the bot
makes of each such number (the place it wants, the place it expects, whether it is sure enough to take a
token from a player) is worked out once with the bot's own code (:meth:`PokerfaceEstimatorBot._judged`).

>>> from pokerkit_teach.games.pokerface.rules import PokerfaceRules
>>> outcome = play_batch(PokerfaceRules.for_players(4), ("estimator",) * 4, seed=1, numbers=range(5))
>>> outcome.won.tolist(), outcome.successes.tolist()
([True, False, False, True, False], [3, 1, 0, 3, 0])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

import numpy as np

from pokerkit_teach.holdem.batch import evaluate_batch
from pokerkit_teach.holdem.cards import Suit
from pokerkit_teach.games.pokerface.bots import PokerfaceEstimatorBot
from pokerkit_teach.games.pokerface.rules import ROUND_SUITS, PokerfaceRules
from pokerkit_teach.games.pokerface.strength import PAIRS
from pokerkit_teach.games.pokerface.batch_judgements import (
    DEALS_AT_ONCE, PAIR_INDEX, class_of, preflop_table, share_numerators, stage_table,
)

__all__ = ["BATCHABLE", "BATCH_CHUNK", "can_batch", "play_batch", "batch_simulate", "BatchOutcome", "batch_totals"]

BATCHABLE = frozenset({"random", "estimator"})
BATCH_CHUNK = 1000  # games of one slice of a simulation (pokerkit_teach.core.simulate)
# The board stage each token round is played on: ♣ before the flop, ♦ on the flop, ♥ on the turn, ♠ on the river.
_STAGE = {Suit.CLUBS: 0, Suit.DIAMONDS: 3, Suit.HEARTS: 4, Suit.SPADES: 5}
_AHEAD = 48  # free-for-all orders drawn ahead for a game at a time (a deal asks for about 40 at 4 players)
_WORDS = 64  # 32-bit words drawn ahead for a random bot at a time (a game asks a bot for 40 to 50 on average)
_LOW = np.uint64(0xFFFFFFFF)
_TWO_32 = np.uint64(1 << 32)


def can_batch(bots: Sequence[str]) -> bool:
    """Whether every bot named can play on the batch path."""
    return all(name in BATCHABLE for name in bots)


@dataclass(frozen=True)
class BatchOutcome:
    """Per game: ``won`` (bool), ``successes`` and ``failures`` (the deals' tallies)."""

    won: np.ndarray
    successes: np.ndarray
    failures: np.ndarray


def batch_totals(rules: PokerfaceRules, outcome: BatchOutcome) -> dict[str, float]:
    """The sums of :func:`pokerkit_teach.games.pokerface.simulate.tally` over the games of ``outcome``."""
    games = len(outcome.won)
    won = int(outcome.won.sum())
    totals = {
        "won": float(won),
        "lost": float(games - won),
        "deal_successes": float(outcome.successes.sum()),
        "deal_failures": float(outcome.failures.sum()),
        "players": float(games * rules.player_count),
    }
    for variant in rules.variants:
        totals[f"variant_{variant.value}"] = float(games)
    return totals


PAIR_INDEX[PAIRS[:, 0], PAIRS[:, 1]] = PAIR_INDEX[PAIRS[:, 1], PAIRS[:, 0]] = np.arange(len(PAIRS))


def _lemire(words: np.ndarray, counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """What ``Generator.integers(k)`` makes of a 32-bit word ``w`` for k from 2 to 2**32 (Lemire's
    method, as numpy's bounded integers do it): ``(w * k) >> 32``, unless the word must be rejected
    (the low half of ``w * k`` below ``(2**32 - k) % k``) and the next word decides.
    Returns (picks, rejected) for arrays of words and counts.

    >>> picks, rejected = _lemire(np.array([0, 2**31, 2**32 - 1], dtype=np.uint64), np.array([2, 3, 13], dtype=np.uint64))
    >>> picks.tolist(), rejected.tolist()
    ([0, 1, 12], [False, False, False])
    >>> _lemire(np.array([0], dtype=np.uint64), np.array([3], dtype=np.uint64))[1].tolist()  # leftover 0 < (2**32 - 3) % 3 = 1
    [True]
    """
    product = words * counts
    leftover = product & _LOW
    return product >> np.uint64(32), leftover < (_TWO_32 - counts) % counts


# ----------------------------------------------------------------------------------- the games
class _Games:
    """The running games of one batch (arrays over games; seats and tokens along the second axis)."""

    def __init__(self, rules: PokerfaceRules, bots: Sequence[str], seed: int, numbers: range) -> None:
        self.rules = rules
        self.n = n = rules.player_count
        self.count = count = len(numbers)
        self.random_seat = np.array([name == "random" for name in bots])
        self.estimating = not self.random_seat.all()
        # The random bots' generators, as core.simulate.play_one makes them: the bot in seat i draws from
        # default_rng of the spawned child i of SeedSequence([seed, number]). Their 32-bit words are drawn
        # ahead, _WORDS at a time (a 64-bit output gives its low half first, then its high half).
        random_seats = np.flatnonzero(self.random_seat)
        self.column = np.full(n, -1, dtype=np.intp)  # the column of a random seat in `words`
        self.column[random_seats] = np.arange(len(random_seats))
        self.bit_generators: list[list[np.random.PCG64]] = []
        self.words = np.zeros((count, len(random_seats), _WORDS), dtype=np.uint64)
        self.position = np.zeros((count, len(random_seats)), dtype=np.intp)  # the next word to use
        for game, number in enumerate(numbers):
            own = [np.random.PCG64(np.random.SeedSequence([seed, number], spawn_key=(int(seat),))) for seat in random_seats]
            self.bit_generators.append(own)
            for column in range(len(own)):
                self._refill(game, column)
        self.confidence = PokerfaceEstimatorBot().confidence
        self.generators = []
        for number in numbers:
            # As core.simulate.play_one makes the game's generator: the last of the n + 1 seeds spawned from
            # SeedSequence([seed, number]) (spawned child i is the sequence with spawn_key (i,)), made into
            # a generator as default_rng(int) does.
            spawned = np.random.SeedSequence([seed, number], spawn_key=(n,))
            self.generators.append(np.random.Generator(np.random.PCG64(int(spawned.generate_state(1)[0]))))
        self.round_games = np.zeros(0, dtype=np.int64)
        # Free-for-all: every move asks the game's generator for the order in which the bots are asked
        # (Generator.permutation(n), as core.match.Match does). The orders are drawn ahead, _AHEAD at a
        # time (Generator.permuted of _AHEAD rows draws what _AHEAD permutations draw), and the generator
        # is set back to the state before them and moves on by the orders used (_settle_orders).
        self.orders = np.zeros((count, _AHEAD, n), dtype=np.int64) if rules.free_for_all else None
        self.used = np.zeros(count, dtype=np.int64)
        self.before: list[Any] = [None] * count  # numpy's bit generator states
        self.identity = np.tile(np.arange(n), (_AHEAD, 1))
        self.dealer = np.full(count, rules.first_dealer, dtype=np.int64)
        self.successes = np.zeros(count, dtype=np.int64)
        self.failures = np.zeros(count, dtype=np.int64)
        self.won = np.zeros(count, dtype=bool)
        self.over = np.zeros(count, dtype=bool)

    # a deal for the games in `live`
    def deal(self, live: np.ndarray) -> None:
        n = self.n
        decks = np.empty((len(live), 52), dtype=np.uint8)
        scratch = np.arange(52)
        for row, game in enumerate(live.tolist()):
            generator = self.generators[game]
            decks[row] = generator.permutation(52)  # the dealer's shuffle
            generator.shuffle(scratch)  # the state shuffles too (as permutation(52) does) and keeps the dealer's cards
        if self.orders is not None:
            for game in live.tolist():
                self._draw_orders(game)
        holes = decks[:, : 2 * n].reshape(-1, n, 2)
        boards = decks[:, 2 * n: 2 * n + 5]
        # The rounds of this deal, as the rules decide them from the successes so far.
        plays = np.array([[suit in self.rules.rounds_for(s) for suit in ROUND_SUITS]
                          for s in range(self.rules.successes_to_win)], dtype=bool)
        playing = {suit: plays[self.successes[live], column] for column, suit in enumerate(ROUND_SUITS)}
        judged: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}
        if self.estimating:
            strength = np.empty((len(live), n), dtype=np.int16)
            numerators = {size: np.zeros((len(live), n), dtype=np.int64) for size in (3, 4, 5)}
            for start in range(0, len(live), DEALS_AT_ONCE):
                part = slice(start, start + DEALS_AT_ONCE)
                numerators[5][part], strength[part] = share_numerators(boards[part], holes[part])
                for size, suit in ((3, Suit.DIAMONDS), (4, Suit.HEARTS)):
                    needed = np.flatnonzero(playing[suit][part]) + start
                    if len(needed):
                        numerators[size][needed] = share_numerators(boards[needed, :size], holes[needed])[0]
            pre = preflop_table(n, self.confidence)
            classes = class_of(holes[:, :, 0].astype(np.int64), holes[:, :, 1].astype(np.int64))
            judged[0] = (pre.target[classes].astype(np.int64), pre.expected[classes], pre.sure[classes])
            for size in (3, 4, 5):
                table = stage_table(n, size, self.confidence)
                x = numerators[size]
                judged[size] = (table.target[x].astype(np.int64), table.expected[x], table.sure[x])
        else:  # random bots judge nothing: only the hands at the showdown are needed
            hands = np.empty((len(live), n, 7), dtype=np.uint8)
            hands[:, :, :2] = holes
            hands[:, :, 2:] = boards[:, None, :]
            strength = evaluate_batch(hands.reshape(-1, 7), validate=False).reshape(len(live), n)
        holder = np.full((len(live), n), -1, dtype=np.int64)
        for suit in ROUND_SUITS:
            games = np.flatnonzero(playing[suit])
            if not len(games):
                continue
            stage = judged.get(_STAGE[suit])
            view = None if stage is None else (stage[0][games], stage[1][games], stage[2][games])
            held = self._round(live[games], view)
            if suit is Suit.SPADES:
                holder[games] = held
        if self.orders is not None:  # the generators give back the orders drawn ahead and not used
            for game in live.tolist():
                self._settle_orders(game)
        # The showdown: the hands in ♠-token order; none may be weaker than the one before it.
        ordered = np.take_along_axis(strength, holder, axis=1)
        success = (ordered[:, 1:] >= ordered[:, :-1]).all(axis=1)
        self.successes[live] += success
        self.failures[live] += ~success
        won = self.successes[live] >= self.rules.successes_to_win
        lost = self.failures[live] >= self.rules.failures_to_lose
        self.won[live[won]] = True
        self.over[live[won | lost]] = True
        self.dealer[live] = (self.dealer[live] + 1) % n

    # one token round for the games `games` (indices into the batch); returns the holder of each token
    def _round(self, games: np.ndarray, view: tuple[np.ndarray, np.ndarray, np.ndarray] | None) -> np.ndarray:
        rules, n = self.rules, self.n
        m = len(games)
        self.round_games = games
        holder = np.full((m, n), -1, dtype=np.int64)  # holder[g, t - 1]: the seat holding token t
        held = np.zeros((m, n), dtype=np.int64)  # held[g, seat]: the token the seat holds, 0 for none
        first = (self.dealer[games] + 1) % n
        turns = np.zeros(m, dtype=np.int64)
        active = np.ones(m, dtype=bool)
        laps = rules.brake_laps * n
        # Games whose round the brake ends: nothing else happens in their round, so the brake is played
        # for all of them at once when the others' rounds are over.
        braked: list[np.ndarray] = []
        if rules.free_for_all:
            done = np.zeros((m, n), dtype=bool)
            while active.any():
                live = np.flatnonzero(active)
                seat, kind, token = self._free_choice(games, live, holder, held, done, view)
                passing = kind == 2
                stay = live[passing]
                done[stay, seat[passing]] = True
                ended = stay[done[stay].all(axis=1)]
                active[ended] = False
                taking = live[~passing]
                if len(taking):
                    self._give(holder, held, taking, seat[~passing], token[~passing])
                    done[taking] = False
                    if rules.free_for_all_brake:
                        turns[taking] += 1
                        braking = taking[turns[taking] >= laps]
                        if len(braking):
                            braked.append(braking)
                            active[braking] = False
            self._brake_all(holder, held, braked, first, view)
            return holder
        seat = first.copy()
        passes = np.zeros(m, dtype=np.int64)
        while active.any():
            live = np.flatnonzero(active)
            acting = seat[live]
            kind, token = self._turn_choice(holder, held, live, acting, view, brake=False)
            taking = kind != 2
            self._give(holder, held, live[taking], acting[taking], token[taking])
            turns[live] += 1
            passes[live] = np.where(taking, 0, passes[live] + 1)
            seat[live] = (acting + 1) % n
            all_passed = live[passes[live] == n]
            active[all_passed] = False
            braking = live[(passes[live] != n) & (turns[live] >= laps)]
            if len(braking):
                braked.append(braking)
                active[braking] = False
        self._brake_all(holder, held, braked, first, view)
        return holder

    def _brake_all(self, holder: np.ndarray, held: np.ndarray, braked: list[np.ndarray], first: np.ndarray,
                   view: tuple[np.ndarray, np.ndarray, np.ndarray] | None) -> None:
        """The brake of every game in ``braked`` (arrays of games), played at once."""
        if braked:
            games = np.concatenate(braked)
            self._brake(holder, held, games, first[games], view)

    def _draw_orders(self, game: int) -> None:
        """Draw the next _AHEAD orders of ``game``, remembering the generator's state before them."""
        assert self.orders is not None
        generator = self.generators[game]
        self.before[game] = generator.bit_generator.state
        self.orders[game] = generator.permuted(self.identity, axis=1)
        self.used[game] = 0

    def _settle_orders(self, game: int) -> None:
        """Leave ``game``'s generator where the orders used so far leave it (no order drawn ahead)."""
        generator = self.generators[game]
        generator.bit_generator.state = self.before[game]
        used = int(self.used[game])
        if used:
            generator.permuted(self.identity[:used], axis=1)
        self.used[game] = _AHEAD  # drawn and used: the next order is drawn afresh

    def _refill(self, game: int, column: int) -> None:
        """The next _WORDS 32-bit words of the random bot in ``column`` of ``game``."""
        raw = self.bit_generators[game][column].random_raw(_WORDS // 2)
        words = self.words[game, column]
        words[0::2] = raw & _LOW
        words[1::2] = raw >> np.uint64(32)
        self.position[game, column] = 0

    def _next_words(self, games: np.ndarray, columns: np.ndarray) -> np.ndarray:
        """The next word of each random bot (``games`` indices into the batch, each (game, column) once)."""
        position = self.position[games, columns]
        for row in np.flatnonzero(position >= _WORDS).tolist():
            self._refill(int(games[row]), int(columns[row]))
            position[row] = 0
        self.position[games, columns] = position + 1
        return np.asarray(self.words[games, columns, position])

    def _picks(self, games: np.ndarray, seats: np.ndarray, counts: np.ndarray) -> np.ndarray:
        """``PokerfaceRandomBot.decide``'s ``rng.integers(count)`` for the random bot in ``seats`` of ``games``
        (indices into the batch): a count of 1 draws nothing (the pick is 0), a larger one one word, or
        more where a word is rejected (rare: below 20 moves, less than once in 200 million draws)."""
        picks = np.zeros(len(games), dtype=np.int64)
        drawing = np.flatnonzero(counts >= 2)
        if not len(drawing):
            return picks
        g, c = games[drawing], self.column[seats[drawing]]
        k = counts[drawing].astype(np.uint64)
        chosen, rejected = _lemire(self._next_words(g, c), k)
        for row in np.flatnonzero(rejected).tolist():  # the next word decides, and perhaps the next
            while rejected[row]:
                one = slice(row, row + 1)
                chosen[one], rejected[one] = _lemire(self._next_words(g[one], c[one]), k[one])
        picks[drawing] = chosen.astype(np.int64)
        return picks

    @staticmethod
    def _give(holder: np.ndarray, held: np.ndarray, games: np.ndarray, seats: np.ndarray, tokens: np.ndarray) -> None:
        """Token ``tokens`` to ``seats``: the seat's own token goes to the middle, the token's holder loses it."""
        own = held[games, seats]
        back = own > 0
        holder[games[back], own[back] - 1] = -1
        previous = holder[games, tokens - 1]
        lose = previous >= 0
        held[games[lose], previous[lose]] = 0
        holder[games, tokens - 1] = seats
        held[games, seats] = tokens

    def _brake(self, holder: np.ndarray, held: np.ndarray, games: np.ndarray, first: np.ndarray,
               view: tuple[np.ndarray, np.ndarray, np.ndarray] | None) -> None:
        """The emergency brake: in turn order from the round's first seat, every seat without a token takes
        one from the middle."""
        for step in range(self.n):
            seats = (first + step) % self.n
            empty = held[games, seats] == 0
            if not empty.any():
                continue
            g, s = games[empty], seats[empty]
            _, token = self._turn_choice(holder, held, g, s, view, brake=True)
            self._give(holder, held, g, s, token)

    def _estimator_choice(self, holder: np.ndarray, held: np.ndarray, games: np.ndarray, seats: np.ndarray,
                          view: tuple[np.ndarray, np.ndarray, np.ndarray], may_take: np.ndarray,
                          may_pass: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """PokerfaceEstimatorBot.decide for seat ``seats`` of ``games``: (kind, token, wants) with kind 0 a take from
        the middle, 1 a take from a player, 2 a pass; ``wants`` is False where the bot returns nothing."""
        n = self.n
        target_all, expected_all, sure_all = view
        target = target_all[games, seats]
        expected = expected_all[games, seats]
        sure = sure_all[games, seats]
        own = held[games, seats]
        middle = holder[games] < 0  # (k, n): the tokens in the middle
        rows = np.arange(len(games))
        keep = own == target  # holds the wanted token: pass (or nothing, if it may not)
        free = ~keep & middle[rows, target - 1]  # the wanted token lies in the middle: take it
        take = ~keep & ~free & may_take & sure  # sure enough: take it from its holder
        settle = ~keep & ~free & ~take
        # Not sure enough: the nearest free token or the own one (by distance to the place expected, then number).
        numbers = np.arange(1, n + 1)
        choices = middle | (numbers[None, :] == own[:, None])
        distance = np.where(choices, np.abs(numbers[None, :] - expected[:, None]), np.inf)
        nearest = distance.argmin(axis=1) + 1
        nothing = ~choices.any(axis=1)  # nothing free and nothing held: take the wanted token after all
        stay = settle & ~nothing & (nearest == own)
        kind = np.where(keep | stay, 2, np.where(take | (settle & nothing), 1, 0))
        token = np.where(kind == 2, 0, np.where(settle & ~nothing, nearest, target))
        wants = np.where(keep | stay, may_pass, True)
        return kind, token, wants

    def _random_choice(self, holder: np.ndarray, held: np.ndarray, games: np.ndarray, seats: np.ndarray,
                       brake: bool, may_pass: np.ndarray, picks: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
        """Move ``picks`` (default: the random bot's draw) of the legal moves of ``seats`` in ``games``
        (indices into the round), as the engine lists them (PokerfaceState.legal_actions): takes from the
        middle by token number, takes from the players by seat, then the pass (no pass and no take from
        a player in the brake)."""
        n = self.n
        k = len(games)
        tokens = holder[games]
        middle = tokens < 0
        others = held[games] > 0
        others[np.arange(k), seats] = False
        if brake:
            others[:] = False
        counts_middle = middle.sum(axis=1)
        counts = counts_middle + others.sum(axis=1) + (may_pass & ~brake)
        pick = self._picks(self.round_games[games], seats, counts) if picks is None else picks
        kind = np.full(k, 2, dtype=np.int64)
        token = np.zeros(k, dtype=np.int64)
        from_middle = pick < counts_middle
        order = np.cumsum(middle, axis=1)
        chosen_token = (order <= pick[:, None]).sum(axis=1) + 1
        token[from_middle] = chosen_token[from_middle]
        kind[from_middle] = 0
        second = pick - counts_middle
        from_player = ~from_middle & (second < others.sum(axis=1))
        order = np.cumsum(others, axis=1)
        target = np.minimum((order <= second[:, None]).sum(axis=1), n - 1)  # (n - 1 where it is not used)
        kind[from_player] = 1
        token[from_player] = held[games[from_player], target[from_player]]
        return kind, token

    def _turn_choice(self, holder: np.ndarray, held: np.ndarray, games: np.ndarray, seats: np.ndarray,
                     view: tuple[np.ndarray, np.ndarray, np.ndarray] | None, brake: bool) -> tuple[np.ndarray, np.ndarray]:
        """The move of the seat to act (a round with turns, or the brake)."""
        may_pass = (held[games, seats] > 0) & (not brake)
        kind = np.zeros(len(games), dtype=np.int64)
        token = np.zeros(len(games), dtype=np.int64)
        randoms = self.random_seat[seats]
        if randoms.any():
            kind[randoms], token[randoms] = self._random_choice(holder, held, games[randoms], seats[randoms], brake,
                                                                may_pass[randoms])
        if (~randoms).any():
            assert view is not None
            e = ~randoms
            may_take = np.full(int(e.sum()), not brake)
            kind[e], token[e], _ = self._estimator_choice(holder, held, games[e], seats[e], view, may_take, may_pass[e])
        return kind, token

    def _free_choice(self, batch_games: np.ndarray, live: np.ndarray, holder: np.ndarray, held: np.ndarray,
                     done: np.ndarray, view: tuple[np.ndarray, np.ndarray, np.ndarray] | None
                     ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """One move of a free-for-all round, as core.match.Match makes it: the bots are asked in the order
        the game's generator draws, and the first that wants to act does (a random bot always wants to);
        if none does, a random seat makes a random legal move, both drawn from the game's generator."""
        n = self.n
        k = len(live)
        rows = np.arange(k)
        random_seats = self.random_seat
        if self.estimating:
            assert view is not None
            games = np.repeat(live, n)
            seats = np.tile(np.arange(n), k)
            may_pass = (held[games, seats] > 0) & ~done[games, seats]
            tokens_held = held[games] > 0
            tokens_held[np.arange(len(games)), seats] = False
            may_take = tokens_held.any(axis=1)
            kind, token, wants = self._estimator_choice(holder, held, games, seats, view, may_take, may_pass)
            wants = wants.reshape(k, n)
            wants[:, random_seats] = True
            kind, token = kind.reshape(k, n), token.reshape(k, n)
        assert self.orders is not None
        gb = batch_games[live]
        for game in gb[self.used[gb] >= _AHEAD].tolist():  # all orders drawn ahead are used: draw more
            self._draw_orders(game)
        order = self.orders[gb, self.used[gb]]  # (k, n): the order in which the bots are asked
        self.used[gb] += 1
        if not self.estimating:  # random bots only: the first asked acts
            seat = order[:, 0]
            may_pass = (held[live, seat] > 0) & ~done[live, seat]
            chosen_kind, chosen_token = self._random_choice(holder, held, live, seat, False, may_pass)
            return seat, chosen_kind, chosen_token
        asked = wants[rows[:, None], order]
        chosen_seat = order[rows, asked.argmax(axis=1)]  # the first that wants to act
        fallback: list[tuple[int, int, int]] = []
        for row in np.flatnonzero(~asked.any(axis=1)).tolist():  # nobody wants to act: a random move
            game = int(gb[row])
            self._settle_orders(game)
            generator = self.generators[game]
            acting = int(generator.integers(n))
            chosen_seat[row] = acting
            count = self._legal_count(holder, held, done, int(live[row]), acting)
            fallback.append((row, acting, int(generator.integers(count))))
        chosen_kind = kind[rows, chosen_seat]
        chosen_token = token[rows, chosen_seat]
        picked = random_seats[chosen_seat]
        if picked.any():
            g, s = live[picked], chosen_seat[picked]
            mp = (held[g, s] > 0) & ~done[g, s]
            chosen_kind[picked], chosen_token[picked] = self._random_choice(holder, held, g, s, False, mp)
        if fallback:
            index = np.array([f[0] for f in fallback])
            s = np.array([f[1] for f in fallback])
            g = live[index]
            mp = (held[g, s] > 0) & ~done[g, s]
            picks = np.array([f[2] for f in fallback], dtype=np.int64)
            chosen_kind[index], chosen_token[index] = self._random_choice(holder, held, g, s, False, mp, picks)
        return chosen_seat, chosen_kind, chosen_token

    def _legal_count(self, holder: np.ndarray, held: np.ndarray, done: np.ndarray, game: int, seat: int) -> int:
        middle = int((holder[game] < 0).sum())
        others = int((held[game] > 0).sum()) - int(held[game, seat] > 0)
        return middle + others + int(held[game, seat] > 0 and not done[game, seat])


def play_batch(rules: PokerfaceRules, bots: Sequence[str], seed: int, numbers: range) -> BatchOutcome:
    """Play games ``numbers`` of a simulation seeded ``seed`` with ``bots`` (one name a seat, each in
    :data:`BATCHABLE`) side by side; every game deals as the engine's game of that number does."""
    if len(bots) != rules.player_count or not can_batch(bots):
        raise ValueError(f"the batch path plays one of {sorted(BATCHABLE)} in each of the {rules.player_count} seats")
    games = _Games(rules, bots, seed, numbers)
    while not games.over.all():
        games.deal(np.flatnonzero(~games.over))
    return BatchOutcome(games.won.copy(), games.successes.copy(), games.failures.copy())


def batch_simulate(rules: PokerfaceRules, bots: Sequence[str], seed: int, numbers: range) -> dict[str, float]:
    """The batch path of :func:`pokerkit_teach.core.simulate.simulate`: the sums of
    :func:`~pokerkit_teach.games.pokerface.simulate.tally` over games ``numbers`` (see :func:`play_batch`)."""
    return batch_totals(rules, play_batch(rules, bots, seed, numbers))
