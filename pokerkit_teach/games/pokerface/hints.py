"""Hints: how likely each final place is for a player, from what that player can see.

The unseen cards (the other players' hole cards and the rest of the board) are dealt many times at
random with a seeded generator; every sample ranks all hands with the batch evaluator. A place is
counted from the weakest: place 1 is what the A token claims, place N the highest token. Hands of equal
strength may stand in either order, so a tie shares its places evenly.

>>> from pokerkit_teach.games.pokerface import PokerfaceRules
>>> state = PokerfaceRules(("Anna", "Ben", "Carla", "Dan")).new_game(seed=1)
>>> hint = rank_probabilities(state.view_for(0), samples=2000, seed=5)
>>> len(hint.probabilities), round(sum(hint.probabilities), 6)
(4, 1.0)

Reading the tokens (``read_tokens=True``) weights each sample by how well it fits the tokens the other
players hold now and held in earlier rounds of the deal: a player who claims a high place is more
likely to hold cards that rank high.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pokerkit_teach.holdem.batch import deal_batch, evaluate_batch
from pokerkit_teach.core.errors import InputError
from pokerkit_teach.holdem.cards import Suit
from pokerkit_teach.core.i18n import DEFAULT_LANGUAGE, message
from pokerkit_teach.core.rng import SeedLike, make_rng
from pokerkit_teach.games.pokerface.events import token_text
from pokerkit_teach.games.pokerface.view import PokerfaceView

__all__ = ["RankHint", "rank_probabilities", "sample_strengths"]

# How sharply token claims weight the samples when reading tokens: a claim that is off by one place
# keeps exp(-_TOKEN_WEIGHT) of the weight.
_TOKEN_WEIGHT = 0.9
_STAGE_OF_SUIT = {Suit.CLUBS: 0, Suit.DIAMONDS: 3, Suit.HEARTS: 4, Suit.SPADES: 5}


@dataclass(frozen=True)
class RankHint:
    """``probabilities[r - 1]`` is the chance of ending in place r (1 = weakest)."""

    seat: int
    probabilities: tuple[float, ...]
    samples: int
    read_tokens: bool

    @property
    def expected_place(self) -> float:
        return float(sum((r + 1) * p for r, p in enumerate(self.probabilities)))

    @property
    def likeliest_place(self) -> int:
        return int(np.argmax(self.probabilities)) + 1

    def text(self, lang: str = DEFAULT_LANGUAGE, suit: Suit | None = None) -> str:
        """The chance of each place in words; with ``suit``, each place named by its token of that suit
        (``A♣: 12%, 2♣: 30%`` ...), which is what a learner at the table chooses between.

        >>> RankHint(0, (0.25, 0.75, 0.0), 100, False).text(suit=Suit.CLUBS)
        "From 100 random deals of the cards you cannot see, the chance of each token's place, from the weakest hand to the strongest: A♣: 25%, 2♣: 75%, 3♣: 0%."
        """
        if suit is not None:
            parts = ", ".join(
                message("pokerface.hint.token_place", lang, token=token_text(suit, r + 1), percent=float(p))
                for r, p in enumerate(self.probabilities)
            )
            return message("pokerface.hint.summary_tokens", lang, samples=self.samples, places=parts)
        parts = ", ".join(
            message("pokerface.hint.place", lang, place=r + 1, percent=float(p))
            for r, p in enumerate(self.probabilities)
        )
        return message("pokerface.hint.summary", lang, samples=self.samples, places=parts)


def sample_strengths(view: PokerfaceView, samples: int, rng: np.random.Generator) -> np.ndarray:
    """Strengths of every seat's final hand in ``samples`` random completions of the unseen cards.

    Returns an int array of shape (samples, players); the viewer's own column uses their hole cards.
    The board has 7 - 2 = 5 cards in every sample: the known ones and random ones for the rest.
    """
    players = view.player_count
    known = [c.code for c in view.hole] + [c.code for c in view.board]
    unseen = np.setdiff1d(np.arange(52), np.array(known, dtype=np.int64))
    missing_board = 5 - len(view.board)
    draw = 2 * (players - 1) + missing_board
    dealt = deal_batch(unseen, draw, samples, rng)  # (samples, draw)
    board = np.empty((samples, 5), dtype=np.int64)
    board[:, : len(view.board)] = [c.code for c in view.board]
    board[:, len(view.board):] = dealt[:, 2 * (players - 1):]
    hands = np.empty((samples, players, 7), dtype=np.int64)
    hands[:, :, 2:] = board[:, None, :]
    others = [s for s in range(players) if s != view.seat]
    hands[:, view.seat, 0] = view.hole[0].code
    hands[:, view.seat, 1] = view.hole[1].code
    for i, seat in enumerate(others):
        hands[:, seat, :2] = dealt[:, 2 * i: 2 * i + 2]
    return evaluate_batch(hands.reshape(-1, 7), validate=False).reshape(samples, players)  # distinct by construction


def _places(strengths: np.ndarray, seat: int) -> np.ndarray:
    """(samples, players) place shares of ``seat``: ties share their places evenly."""
    mine = strengths[:, seat][:, None]
    weaker = (strengths < mine).sum(axis=1)
    tied = (strengths == mine).sum(axis=1)  # includes the seat itself
    players = strengths.shape[1]
    shares = np.zeros((strengths.shape[0], players))
    for extra in range(players):
        # the seat may stand anywhere among its tied group: places weaker+1 .. weaker+tied
        mask = extra < tied
        rows = np.nonzero(mask)[0]
        shares[rows, weaker[rows] + extra] += 1.0 / tied[rows]
    return shares


def _token_weights(view: PokerfaceView, strengths: np.ndarray) -> np.ndarray:
    """How well each sample fits the other players' token claims (1 where nothing is claimed)."""
    weights = np.ones(strengths.shape[0])
    ranks = strengths.argsort(axis=1).argsort(axis=1) + 1  # place of every seat (1 = weakest)
    for suit, holders in view.tokens:
        # earlier rounds were claimed on fewer cards: trust them less
        trust = 1.0 if suit == view.round_suit else 0.5
        for index, holder in enumerate(holders):
            if holder is None or holder == view.seat:
                continue
            claimed = index + 1
            weights *= np.exp(-_TOKEN_WEIGHT * trust * np.abs(ranks[:, holder] - claimed))
    return weights


def rank_probabilities(view: PokerfaceView, samples: int = 20_000, seed: SeedLike = None, read_tokens: bool = False) -> RankHint:
    """The chance of each final place for the viewer, by Monte Carlo over the unseen cards.

    Needs the viewer's hole cards (from the first token round on). ``seed`` makes the hint repeatable.
    """
    if len(view.hole) != 2:
        raise InputError(key="pokerface.error.hint_no_cards")
    if samples < 1:
        raise InputError(key="pokerface.error.hint_samples", got=samples)
    rng = make_rng(seed)
    strengths = sample_strengths(view, samples, rng)
    shares = _places(strengths, view.seat)
    if read_tokens:
        weights = _token_weights(view, strengths)
        total = weights.sum()
        probabilities = (shares * weights[:, None]).sum(axis=0) / total if total > 0 else shares.mean(axis=0)
    else:
        probabilities = shares.mean(axis=0)
    return RankHint(view.seat, tuple(float(p) for p in probabilities), samples, read_tokens)
