"""Pokerface's part in a simulation (many games with bots in every seat, played by the kit's one runner,
:func:`pokerkit_teach.core.simulate.simulate`): the figures of one game, the figures of their sums and those
figures in words, and the
dealer that lets the estimator bots judge a whole deal in one batch.

>>> from pokerkit_teach.core.simulate import simulate
>>> result = simulate("pokerface", players=3, bots=["random"], games=20, seed=1)
>>> result.games, result.totals["won"] + result.totals["lost"]
(20, 20.0)
>>> low, high = result.ci95("won")
>>> 0 <= low <= result.rate("won") <= high <= 1
True
>>> totals = {"won": 5, "lost": 15, "deal_successes": 20, "deal_failures": 50, "players": 60}
>>> report(figures(totals, 20, ["random"]), "en")
'20 games, 3 players, base game, bots: random; won 5 (25.0%, 95% CI 11.2-46.9%), lost 15; deals: 20 successes, 50 failures'
>>> print(report(figures(totals | {"variant_soft_landing": 20, "deal_successes": 1}, 20, ["estimator", "reader"]), "de"))
20 Spiele, 3 Spieler, Weiche Landung, Bots: Schätzer und Leser – 5 gewonnen (25,0\xa0%, 95-%-KI 11,2-46,9\xa0%), 15 verloren; Durchgänge: 1 Erfolg, 50 Fehlschläge
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Mapping, Sequence

import numpy as np

from pokerkit_teach.core.game import Bot, GameState
from pokerkit_teach.core.i18n import Items, Msg, message
from pokerkit_teach.core.probability import order_success, tie_groups
from pokerkit_teach.core.simulate import interval_texts, share
from pokerkit_teach.holdem.cards import Card, french_deck
from pokerkit_teach.games.pokerface.actions import Action, DealBoard, DealHoleCards, PokerfacePhase
from pokerkit_teach.games.pokerface.bots import PokerfaceEstimatorBot, PokerfaceReaderBot
from pokerkit_teach.games.pokerface.rules import Variant
from pokerkit_teach.games.pokerface.state import PokerfaceState
from pokerkit_teach.games.pokerface.strength import prefetch

__all__ = ["tally", "report", "dealer", "bot_names", "RandomTokens", "random_tokens", "TOKEN_BLOCK"]

# Variants in the order the report names them.
_VARIANTS = tuple(sorted(v.value for v in Variant))

# The board each game's dealer shuffled with the hole cards, until the deal's river is laid.
_BOARDS: weakref.WeakKeyDictionary[PokerfaceState, tuple[Card, ...]] = weakref.WeakKeyDictionary()


def tally(state: GameState[Any, Any]) -> dict[str, float]:
    """The figures of one finished game: ``won`` / ``lost`` (1 or 0), the deals' ``deal_successes`` and
    ``deal_failures``, the number of ``players`` and 1 for each variant in play (``variant_<name>``),
    so that the sums over a simulation say what was played."""
    assert isinstance(state, PokerfaceState)
    figures = {
        "won": float(state.won is True),
        "lost": float(state.won is False),
        "deal_successes": float(state.successes),
        "deal_failures": float(state.failures),
        "players": float(state.player_count),
    }
    for variant in state.rules.variants:
        figures[f"variant_{variant.value}"] = 1.0
    return figures


def bot_names(game: str, bots: Sequence[str]) -> Items:
    """The bots of a report by their names in the catalogue (``simulate.bot.<game>.<name>``), each once."""
    return Items(Msg.of(f"simulate.bot.{game}.{name}") for name in dict.fromkeys(bots))


def figures(totals: Mapping[str, float], games: int, bots: Sequence[str] = ()) -> dict[str, Any]:
    """The figures of a simulation's sums: games, players, variants, the bot in each seat, the games won
    (a share, with its 95% interval) and lost, the deals' successes and failures."""
    return {
        "games": games,
        "players": round(totals.get("players", 0.0) / games) if games else 0,
        "variants": [name for name in _VARIANTS if totals.get(f"variant_{name}", 0.0)],
        "bots": list(bots),
        "won": share(totals.get("won", 0.0), games),
        "lost": int(totals.get("lost", 0.0)),
        "deal_successes": int(totals.get("deal_successes", 0.0)),
        "deal_failures": int(totals.get("deal_failures", 0.0)),
    }


def report(figures: Mapping[str, Any], lang: str) -> str:
    """The figures of :func:`figures` in one sentence. Numbers are written by the language's rules, the
    interval's bounds with the decimals that tell them apart, variants and bots by their catalogue names."""
    won = figures["won"]
    variants = figures["variants"]
    label = (Items(Msg.of("simulate.pokerface.variant." + name.replace("-", "_")) for name in variants) if variants
             else Msg.of("simulate.pokerface.base_game"))
    low, high = interval_texts(won["ci95"], lang)
    return message(
        "simulate.pokerface.report_bots" if figures["bots"] else "simulate.pokerface.report", lang,
        bots=bot_names("pokerface", figures["bots"]), games=figures["games"], players=figures["players"], variants=label,
        won=won["count"], rate=won["rate"], low=low, high=high, lost=figures["lost"], successes=figures["deal_successes"],
        failures=figures["deal_failures"],
    )


def dealer(state: GameState[Any, Any], rng: Any, bots: Sequence[Bot[Any]]) -> Action:
    """The chance step a simulation applies: at the hole cards it shuffles (``rng``) and keeps the board to
    come, and, when estimator bots play, judges every player's hand at every stage of the deal in one
    batch (each judgement uses only what that player will see at that stage); the flop, turn and river
    come from the same deck. (A state it did not deal draws its own.)"""
    assert isinstance(state, PokerfaceState) and isinstance(rng, np.random.Generator)
    phase = state.phase
    if phase is PokerfacePhase.HOLE:
        deck = [french_deck()[i] for i in rng.permutation(52)]
        count = state.player_count
        hole = tuple((deck[2 * seat], deck[2 * seat + 1]) for seat in range(count))
        to_come = tuple(deck[2 * count: 2 * count + 5])
        _BOARDS[state] = to_come
        if any(isinstance(bot, PokerfaceEstimatorBot) and not isinstance(bot, PokerfaceReaderBot) for bot in bots):
            prefetch([(hole[seat], to_come[:size]) for seat in range(count) for size in (3, 4, 5)])
        return DealHoleCards(hole)
    board = _BOARDS.get(state)
    if board is None or phase not in (PokerfacePhase.FLOP, PokerfacePhase.TURN, PokerfacePhase.RIVER):  # not dealt here: the state draws
        chance = state.chance_action()
        assert chance is not None
        return chance
    if phase is PokerfacePhase.RIVER:
        del _BOARDS[state]
        return DealBoard(PokerfacePhase.RIVER, board[4:5])
    return DealBoard(phase, board[:3] if phase is PokerfacePhase.FLOP else board[3:4])


TOKEN_BLOCK = 1000  # deals of one block of random_tokens: a block is dealt from its own seed


@dataclass(frozen=True)
class RandomTokens:
    """Deals at which every player takes a token without looking: ``deals`` random deals of ``players``
    hands, the deals at which two or more hands are equally strong (``ties``), and ``right``, the sum over
    the deals of the chance that a random order of tokens is right at that deal (:func:`order_success` of
    the deal's groups of equal hands). ``right / deals`` is the share of deals a blind team gets right."""

    players: int
    deals: int
    ties: int
    right: Fraction

    def __add__(self, other: "RandomTokens") -> "RandomTokens":
        assert self.players == other.players
        return RandomTokens(self.players, self.deals + other.deals, self.ties + other.ties, self.right + other.right)

    @property
    def rate(self) -> float:
        """The share of deals at which a random order of tokens is right."""
        return float(self.right / self.deals) if self.deals else 0.0


def random_tokens(players: int, deals: int, seed: int, blocks: range | None = None) -> RandomTokens:
    """How often a team that takes its tokens at random gets the order right: ``deals`` random deals of
    ``players`` hands (two hole cards each and a board of five), every hand ranked, and each deal's chance
    that a random order of tokens is right (1/n! without equal hands, more with them). The deals come in
    blocks of :data:`TOKEN_BLOCK`, block ``b`` dealt from the seed ``[seed, b]``; ``blocks`` plays only
    those blocks, so a run played in slices of whole blocks adds up to the whole run.

    >>> run = random_tokens(3, 2000, seed=1)
    >>> run.deals, 1 / 6 < run.rate < 1 / 4
    (2000, True)
    >>> random_tokens(3, 2000, 1, range(0, 1)) + random_tokens(3, 2000, 1, range(1, 2)) == run
    True
    """
    from pokerkit_teach.holdem.batch import deal_batch, evaluate_batch

    total = RandomTokens(players, 0, 0, Fraction(0))
    count = -(-deals // TOKEN_BLOCK)
    for block in blocks if blocks is not None else range(count):
        size = min(TOKEN_BLOCK, deals - block * TOKEN_BLOCK)
        cards = deal_batch(np.arange(52), 5 + 2 * players, size, np.random.default_rng([seed, block]))
        # per deal: the board, then two hole cards for each player
        hands = np.stack([np.hstack([cards[:, 5 + 2 * seat:7 + 2 * seat], cards[:, :5]]) for seat in range(players)], axis=1)
        strengths = evaluate_batch(np.ascontiguousarray(hands.reshape(-1, 7))).reshape(size, players)
        chances = [order_success(tie_groups(row.tolist())) for row in strengths]
        ties = sum(1 for row in strengths if len(set(row.tolist())) < players)
        total = total + RandomTokens(players, size, ties, sum(chances, Fraction(0)))
    return total
