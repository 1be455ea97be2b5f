"""PokerGuess simulated fast: the same games as the engine, seed for seed, 8 to 18 times quicker.

A simulation through the engine (:func:`pokerkit_teach.core.simulate.simulate` with ``engine=True``)
builds a view, a reason and a checked action for every move; four counter bots play 1,300 to 1,800 rounds
a game, so one game takes 4 to 5 s of processor time and the command line's default run (1,000 games)
over half an hour on two cores. Most of it is the counter bot's choice among the 54 colour-and-figure
pairs (docs/simulation-other-games.md has the measurements).

This module plays the same rules with the same bots in plain integers: cards are their places in the
deck, predictions tuples, and each bot's choice is computed as the bot computes it (the same float
operations in the same order, so the same roundings and the same ties), drawing the same random numbers
from the same generators. Every game therefore ends exactly as the engine's game with the same seed and
number does; ``tests/engine/pokerguess/test_batch.py`` compares them game by game, so a change to a bot's choice
in :mod:`pokerkit_teach.games.pokerguess.bots` must be made here too (those tests fail until it is). Nothing is
said in words here: no views, reasons or log are built.

Numpy does not pay here: a game is a sequence of thousands of small dependent choices, each over 54 pairs,
and games differ in length by a factor of a hundred, so games side by side in arrays would spend their
time on masks of finished games and on numpy's per-call cost, not on arithmetic.

The simulation runner finds this module by its name and its two functions :func:`can_batch` and
:func:`batch_simulate`; :func:`simulate_batch` is the same for a count of games.

>>> from pokerkit_teach.core.registry import get_game
>>> from pokerkit_teach.core.simulate import play_one
>>> from pokerkit_teach.games.pokerguess.simulate import tally
>>> game, rules = get_game("pokerguess"), PokerGuessRules(("1", "2", "3"), max_rounds=50)
>>> fast = simulate_batch(rules, ["counter", "random", "counter"], 4, seed=7)
>>> slow = [tally(play_one(game, rules, ["counter", "random", "counter"], 7, number)) for number in range(4)]
>>> fast == {key: float(sum(figures[key] for figures in slow)) for key in slow[0]}
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

import numpy as np

from pokerkit_teach.core.errors import OptionError
from pokerkit_teach.core.i18n import Msg
from pokerkit_teach.games.pokerguess.bots import BOTS, PokerGuessCounterBot
from pokerkit_teach.games.pokerguess.cards import Colour, Figure
from pokerkit_teach.games.pokerguess.check import CheckOrder, ColourOrder
from pokerkit_teach.games.pokerguess.state import _PLAYING_DECK
from pokerkit_teach.games.pokerguess.actions import ALL_PREDICTIONS
from pokerkit_teach.games.pokerguess.rules import PokerGuessRules

__all__ = ["BATCH_BOTS", "BATCH_CHUNK", "GameRecord", "batch_simulate", "can_batch", "play_game", "simulate_batch", "tally_record"]

#: The bots this module plays (every PokerGuess bot).
BATCH_BOTS = ("random", "counter")

#: Games a runner may hand this module at a time. Every game's seeds come from the simulation's seed and
#: the game's number, so any slicing gives the same totals; 50 games (about 10 s of four counter bots, a
#: fifth of a second of random bots) keep every worker busy and the progress moving. (The runner's own
#: slice for batch paths is 1,000 games, which a Pokerface batch needs; for PokerGuess that put a whole
#: default run of 1,000 games on one worker.)
BATCH_CHUNK = 50

_COLOUR = tuple(card.colour.value for card in _PLAYING_DECK)  # of each card, by its place in the deck
_FIGURE = tuple(card.figure.value for card in _PLAYING_DECK)
_DECK_SIZE = len(_PLAYING_DECK)
_COLOURS = tuple(colour.value for colour in Colour)
_FIGURES = tuple(figure.value for figure in Figure)
_PER_COLOUR = len(Figure)  # the deck holds one card of every figure in every colour
_PER_FIGURE = len(Colour)
# a prediction is (colour count, colour, figure count, figure), as Prediction's fields
_ALL = tuple((p.colour_count, p.colour.value, p.figure_count, p.figure.value) for p in ALL_PREDICTIONS)
_CAUTION = PokerGuessCounterBot().caution

Pred = tuple[int, int, int, int]

_CARD_ID = {colour: {card.figure.value: index for index, card in enumerate(_PLAYING_DECK) if card.colour.value == colour}
            for colour in _COLOURS}  # colour -> figure -> the card's place in the deck


def _share(hidden: int, unseen: int) -> float:
    """The chance that a card the bot has not seen lies face down with another player."""
    return hidden / unseen if unseen else 0.0


def _cautious(expected: float) -> int:
    """The count the counting bot names for a group it expects ``expected`` cards of (``cautious_count``)."""
    count = int(expected * _CAUTION)
    if count >= 1:
        return count
    return 1 if expected >= 1 else 0


# The counting bot's expectations for a colour (a figure) seen k times, with ``hidden`` cards face down
# with other players among ``unseen`` cards: (k, hidden, unseen) -> the values the bot computes.
_COLOUR_CACHE: dict[tuple[int, int, int], tuple[float, int]] = {}
_FIGURE_CACHE: dict[tuple[int, int, int], tuple[float, int, float, int]] = {}


def _colour_entry(k: int, hidden: int, unseen: int) -> tuple[float, int]:
    """The cards of a colour seen ``k`` times that the bot expects, and the count it names for them."""
    ce = k + _share(hidden, unseen) * (_PER_COLOUR - k)
    entry = _COLOUR_CACHE[(k, hidden, unseen)] = (ce, min(6, _cautious(ce)))
    return entry


def _figure_entry(k: int, hidden: int, unseen: int) -> tuple[float, int, float, int]:
    """For a figure seen ``k`` times: the cards of it the bot expects in the colours other than the
    prediction's, and the count it names for them, when the card of both groups is seen (it counts for
    the colour) and when it is not (the chance that it is hidden is taken off)."""
    share = _share(hidden, unseen)
    fe = k + share * (_PER_FIGURE - k)
    apart_seen, apart_unseen = fe - 1.0, fe - share
    entry = _FIGURE_CACHE[(k, hidden, unseen)] = (apart_seen, min(9, _cautious(apart_seen)), apart_unseen,
                                                  min(9, _cautious(apart_unseen)))
    return entry


@dataclass(frozen=True)
class GameRecord:
    """How one game went: each round's winner (``None``: the pot was shared) and whether everyone else
    folded, every seat's chips at the end, the winner and whether the game ended by the rules (not at
    the round limit)."""

    rounds: tuple[tuple[int | None, bool], ...]
    chips: tuple[int, ...]
    winner: int
    by_rules: bool
    max_rounds: int


def can_batch(bot_names: Sequence[str]) -> bool:
    """Whether this module plays these bots (one name for every seat or one per seat): every PokerGuess
    bot, so the runner never needs the engine for PokerGuess (it may still ask for it).

    >>> can_batch(["counter", "random", "counter"]), can_batch(["estimator"])
    (True, False)
    """
    return all(name in BATCH_BOTS for name in bot_names)


def _seat_bots(bot_names: Sequence[str], players: int) -> list[str]:
    names = list(bot_names) or ["counter"]
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise OptionError("bots", Msg.of("errors.expected.bots_per_seat", seats=players), len(names))
    for name in names:
        if name not in BOTS or name not in BATCH_BOTS:
            raise OptionError("bot", Msg.of("pokerguess.option.bot", names=", ".join(BOTS)), name)
    return names


def _generators(seed: int, number: int, players: int) -> tuple[list[np.random.Generator], np.random.Generator]:
    """The bots' generators and the game's, derived as the simulation runner derives them."""
    seeds = np.random.SeedSequence([seed, number]).spawn(players + 1)
    return [np.random.default_rng(s) for s in seeds[:players]], np.random.default_rng(int(seeds[players].generate_state(1)[0]))


def _counter_best(seat: int, n: int, private: list[tuple[int, int] | None], community: list[int], shown: dict[int, int],
                  chips: list[int], committed: list[int], predictions: dict[int, Pred]) -> Pred:
    """The counting bot's prediction, as :meth:`~pokerkit_teach.games.pokerguess.bots.PokerGuessCounterBot.best_prediction`
    chooses it, with the same float operations in the same order (so the same roundings and ties).

    The largest prediction (colour count and figure count added) wins; of those, the one with the most
    cards expected in all (rounded to 9 places), then the highest. The expectations are looked up by
    (times seen, cards hidden, cards unseen), and only the predictions of the largest size are rounded."""
    own = private[seat]
    assert own is not None
    seen = [own[0], own[1], *community]
    for s in shown:
        if s != seat:
            hole = private[s]
            assert hole is not None
            seen.append(hole[shown[s]])
    colour_seen = [0] * 10
    figure_seen = [0] * 10
    for card in seen:  # the cards seen are all different: the seen and the distinct counts agree
        colour_seen[_COLOUR[card]] += 1
        figure_seen[_FIGURE[card]] += 1
    unseen = _DECK_SIZE - len(seen)
    hidden = 0
    for s in range(n):
        if s != seat and chips[s] + committed[s] > 0:
            hidden += 1 if s in shown else 2
    colours = []
    for colour in _COLOURS:
        entry = _COLOUR_CACHE.get((colour_seen[colour], hidden, unseen))
        if entry is None:
            entry = _colour_entry(colour_seen[colour], hidden, unseen)
        colours.append((entry[1], colour, entry[0]))
    figures = []
    for figure in _FIGURES:
        found = _FIGURE_CACHE.get((figure_seen[figure], hidden, unseen))
        if found is None:
            found = _figure_entry(figure_seen[figure], hidden, unseen)
        figures.append((found[3], figure, found))
    # from the largest counts down: a figure's count is never larger when the card of both groups is
    # seen (one card less expected, against less than one: the share is below 1), so once the counts
    # cannot reach the largest size found, no later pair can
    colours.sort(reverse=True)
    figures.sort(reverse=True)
    most_figure = figures[0][0]
    seen_set = set(seen)
    taken = {p for s, p in predictions.items() if s != seat}
    size = 0
    largest: list[tuple[int, float, int, int, int, float]] = []
    for cc, colour, ce in colours:
        if not cc or cc + most_figure < size:
            break
        ids = _CARD_ID[colour]
        for fc_unseen, figure, (apart_seen, fc_seen, apart_unseen, _) in figures:
            if not fc_unseen or cc + fc_unseen < size:
                break
            if ids[figure] in seen_set:
                apart, fc = apart_seen, fc_seen
            else:
                apart, fc = apart_unseen, fc_unseen
            if not fc or cc + fc < size or (cc, colour, fc, figure) in taken:
                continue
            if cc + fc > size:
                size = cc + fc
                largest = []
            largest.append((cc, ce, colour, fc, figure, apart))
    if not largest:  # expectations too low everywhere: the smallest prediction free (as the bot does)
        colour = max(_COLOURS, key=lambda c: colour_seen[c] + _share(hidden, unseen) * (_PER_COLOUR - colour_seen[c]))
        figure = max(_FIGURES, key=lambda f: figure_seen[f] + _share(hidden, unseen) * (_PER_FIGURE - figure_seen[f]))
        return next(p for p in ((1, colour, k, figure) for k in range(1, 10)) if p not in taken)
    if len(largest) == 1:
        return largest[0][0], largest[0][2], largest[0][3], largest[0][4]
    # the most cards expected, rounded to 9 places, then the highest: a total more than 2e-9 below the
    # largest rounds lower (rounding moves a number by at most 5e-10), so only the others are rounded
    top = max(ce + apart for _, ce, _, _, _, apart in largest)
    level = round(top, 9)
    return max((cc, colour, fc, figure) for cc, ce, colour, fc, figure, apart in largest
               if ce + apart >= top - 2e-9 and round(ce + apart, 9) == level)


def play_game(rules: PokerGuessRules, bot_names: Sequence[str], seed: int, number: int) -> GameRecord:
    """Game ``number`` of a simulation seeded ``seed`` (as :func:`pokerkit_teach.core.simulate.play_one`
    plays it with the engine): the same deals, the same moves, the same end.

    >>> record = play_game(PokerGuessRules(("A", "B"), starting_chips=5), ["counter", "random"], 1, 0)
    >>> sum(record.chips), record.by_rules, record.chips[record.winner]
    (10, True, 10)
    """
    n = rules.player_count
    names = _seat_bots(bot_names, n)
    counter = [name == "counter" for name in names]
    bot_rngs, rng = _generators(seed, number, n)
    max_raise, bet, limit = rules.max_raise, rules.initial_bet, rules.max_rounds
    reversed_colours = rules.colour_order is ColourOrder.BY_NUMBER_REVERSED
    check_order = rules.check_order
    count_folded = rules.count_folded_cards
    chips = [rules.starting_chips] * n
    dealer = rules.first_dealer
    number_played = 0
    rounds: list[tuple[int | None, bool]] = []

    def seats_from(start: int, seats: Iterable[int]) -> list[int]:
        wanted = set(seats)
        return [(start + i) % n for i in range(n) if (start + i) % n in wanted]

    def first_from(start: int, seats: Sequence[int]) -> int:
        """seats_from(start, seats)[0], without the list."""
        for i in range(start, start + n):
            if i % n in seats:
                return i % n
        raise ValueError("no seat")  # pragma: no cover: the engine would fail the same way

    while True:
        number_played += 1
        # the deal: the deck is shuffled, two cards to each seat with chips from the dealer's left, five on the table
        order = rng.permutation(_DECK_SIZE).tolist()
        seats = seats_from(dealer + 1, [s for s in range(n) if chips[s] > 0])
        private: list[tuple[int, int] | None] = [None] * n
        for i, s in enumerate(seats):
            private[s] = (order[2 * i], order[2 * i + 1])
        community = order[2 * len(seats): 2 * len(seats) + 5]
        active = list(seats)
        committed = [0] * n
        for s in seats:
            pay = min(bet, chips[s])
            chips[s] -= pay
            committed[s] = pay
        predictions: dict[int, Pred] = {}
        shown: dict[int, int] = {}
        phase = 1  # 1: first betting, 2: last card, 3: second betting, 4: check
        pending = seats_from(dealer + 1, active)
        seat = pending[0]
        winner: int | None = None
        by_folding = False
        while True:
            if phase == 2:  # the last-card phase: show one private card
                own = predictions.get(seat)
                if counter[seat]:  # the card that belongs to fewer groups of its prediction
                    hole = private[seat]
                    assert hole is not None
                    if own is None:
                        card = 0
                    else:
                        fits = [(_COLOUR[c] == own[1]) + (_FIGURE[c] == own[3]) for c in hole]
                        card = 1 if fits[1] < fits[0] else 0
                else:
                    card = int(bot_rngs[seat].integers(2))
                shown[seat] = card
                remaining = [s for s in active if s not in shown]
                if remaining:
                    seat = first_from(dealer + 1, remaining)
                else:
                    phase = 3
                    pending = seats_from(dealer + 1, active)
                    seat = pending[0]
                continue
            to_cover = max(committed) - committed[seat]
            own = predictions.get(seat)
            move: Pred | None = None  # a prediction; None with stay False: fold
            stay = False
            raise_by = 0
            if counter[seat]:
                if to_cover <= chips[seat]:
                    best = _counter_best(seat, n, private, community, shown, chips, committed, predictions)
                    if own is not None and own == best:
                        stay = True
                    elif not (own is not None and to_cover > 2):
                        move = best
            else:
                generator = bot_rngs[seat]
                roll = generator.random()
                if not (to_cover > chips[seat] or roll < 0.1):
                    if own is not None and roll < 0.6:
                        stay = True
                    else:
                        taken = {p for s, p in predictions.items() if s != seat}
                        most_raise = min(max_raise, chips[seat] - to_cover)
                        raise_by = int(generator.integers(0, max(0, most_raise) + 1))
                        for _ in range(100):
                            prediction = _ALL[int(generator.integers(len(_ALL)))]
                            if prediction not in taken and prediction != own:
                                move = prediction
                                break
            if move is None and not stay:  # fold
                active.remove(seat)
                predictions.pop(seat, None)
                if seat in pending:
                    pending.remove(seat)
            else:
                pay = to_cover + raise_by
                chips[seat] -= pay
                committed[seat] += pay
                if move is not None:
                    predictions[seat] = move
                    pending = [s for s in active if s != seat]
                elif seat in pending:
                    pending.remove(seat)
            if len(active) == 1:
                winner, by_folding = active[0], True
                chips[winner] += sum(committed)
                break
            if not pending:
                if phase == 1:
                    phase = 2
                    seat = first_from(dealer + 1, active)
                    continue
                winner = _check(n, active, private, community, predictions, committed, chips, count_folded,
                                reversed_colours, check_order)
                break
            seat = first_from(seat + 1, pending)
        rounds.append((winner, by_folding))
        left = [s for s in range(n) if chips[s] > 0]
        if len(left) == 1 or number_played >= limit:
            best_seat = max(range(n), key=lambda s: chips[s])
            return GameRecord(tuple(rounds), tuple(chips), best_seat, len(left) == 1, limit)
        dealer = first_from(dealer + 1, left)


def _check(n: int, active: list[int], private: list[tuple[int, int] | None], community: list[int],
           predictions: dict[int, Pred], committed: list[int], chips: list[int], count_folded: bool,
           reversed_colours: bool, check_order: CheckOrder = CheckOrder.COLOUR_FIRST) -> int | None:
    """The check: predictions from the highest down, the first that holds takes the pot; if none holds,
    the pot is shared (what does not divide goes one chip each in checking order). Returns the winner."""
    counted = range(n) if count_folded else active
    cards = [card for s in counted if (hole := private[s]) is not None for card in hole] + community
    pot = sum(committed)

    def key(s: int) -> tuple[int, ...]:  # as Prediction.sort_key
        cc, colour, fc, figure = predictions[s]
        rank = 10 - colour if reversed_colours else colour
        if check_order is CheckOrder.SIZES_FIRST:
            return (cc, fc, rank, figure)
        if check_order is CheckOrder.SIZES_SUMMED:
            return (cc + fc, cc, rank, fc, figure)
        return (cc, rank, fc, figure)

    order = sorted(active, key=key, reverse=True)
    for s in order:
        cc, colour, fc, figure = predictions[s]
        colour_all = figure_all = both = 0
        for card in cards:
            in_colour = _COLOUR[card] == colour
            in_figure = _FIGURE[card] == figure
            colour_all += in_colour
            figure_all += in_figure
            both += in_colour and in_figure
        if colour_all >= cc and figure_all >= fc and cc + fc <= colour_all + figure_all - both:
            chips[s] += pot
            return s
    share, remainder = divmod(pot, len(active))
    for i, s in enumerate(order):
        chips[s] += share + (1 if i < remainder else 0)
    return None


def tally_record(record: GameRecord) -> dict[str, float]:
    """The figures of one game, as :func:`pokerkit_teach.games.pokerguess.simulate.tally` counts them.

    >>> figures = tally_record(GameRecord(((1, True), (None, False), (0, False)), (9, 0), 0, True, 3000))
    >>> figures["pots"], figures["pots_shared"], figures["pots_by_folding"], figures["pots_won.1"], figures["games_won.1"]
    (3, 1, 1, 1, 1)
    """
    totals: dict[str, float] = {
        "pots": len(record.rounds),
        "pots_shared": sum(1 for winner, _ in record.rounds if winner is None),
        "pots_by_folding": sum(1 for _, by_folding in record.rounds if by_folding),
        "games_stopped": 0 if record.by_rules else 1,
        f"round_limit.{record.max_rounds}": 1,
    }
    for seat in range(len(record.chips)):
        totals[f"pots_won.{seat + 1}"] = sum(1 for winner, _ in record.rounds if winner == seat)
        totals[f"games_won.{seat + 1}"] = 1 if seat == record.winner else 0
    return totals


def simulate_batch(rules: PokerGuessRules, bots: Sequence[str], games: int | range, seed: int = 0) -> dict[str, float]:
    """The sums of :func:`tally_record` over the games numbered ``games`` (a count: games 0 to ``games`` -
    1; or a range of game numbers, as the runner hands a chunk to a worker), the same sums as the engine's
    ``tally`` over the same games. ``bots``: one name for every seat or one per seat."""
    numbers = range(games) if isinstance(games, int) else games
    totals: dict[str, float] = {}
    for number in numbers:
        for key, value in tally_record(play_game(rules, bots, seed, number)).items():
            totals[key] = totals.get(key, 0.0) + value
    return totals


def batch_simulate(rules: PokerGuessRules, bots: Sequence[str], seed: int, numbers: range) -> dict[str, float]:
    """The runner's hook (the GameModule's ``batch``, :class:`pokerkit_teach.core.contract.BatchPath`): the sums over the games
    ``numbers`` of a simulation seeded ``seed``, ``bots`` one name per seat."""
    return simulate_batch(rules, bots, numbers, seed)
