"""The figures of simulated Póker a Voces games (what the special cards and the rule options do to the
scores), for the kit's one simulation runner, :func:`pokerkit_teach.core.simulate.simulate`.

:func:`tally` gives the figures of one finished game, which the runner sums; :func:`figures` gives the figures
of the sums and :func:`report` puts them into words. A shared victory is one game shared, not a win for each of the players sharing it:

>>> from pokerkit_teach.core.simulate import simulate
>>> result = simulate("voces", players=3, games=4, seed=1, options={"specials": ["capybara"]})
>>> result.totals["hands"], sum(v for k, v in result.totals.items() if k.startswith("won."))
(36.0, 4.0)
>>> print(report(figures(result.totals, result.games, ["builder"]), "en"))   # doctest: +ELLIPSIS
4 games, 3 players, Capybara: hand builder: ... points a game, won ...% of games alone and ...% shared; ...% of hands won by nobody, ...% of hands folded
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Mapping, Sequence

from pokerkit_teach.core.game import GameState
from pokerkit_teach.core.simulate import share
from pokerkit_teach.core.i18n import DEFAULT_LANGUAGE, Items, Msg, message
from pokerkit_teach.games.voces.cards import Special
from pokerkit_teach.games.voces.state import VocesState

__all__ = ["tally", "report"]


def tally(state: GameState[Any, Any]) -> dict[str, float]:
    """The figures of one finished game: ``players``, ``special.<kind>`` for each kind of special card
    played, ``points.<seat>`` (seats from 1), ``won.<seats>`` (the winners, ``won.2`` or ``won.1+3`` for a
    shared victory), ``hands`` settled, hands ``nobody_won``, ``folds`` (one per player and hand) and
    ``eliminations`` (by Raccoons or Doves)."""
    if not isinstance(state, VocesState):
        raise TypeError(f"not a game of Póker a Voces: {state!r}")
    outcome = state.outcome
    if outcome is None:
        raise ValueError("the game is not over yet")
    figures: Counter[str] = Counter()
    figures["players"] = state.player_count
    for kind in {kind for kinds in state.rules.specials for kind in kinds}:
        figures[f"special.{kind.value}"] = 1
    for seat, points in enumerate(state.totals, start=1):
        figures[f"points.{seat}"] = points
    figures["won." + "+".join(str(seat + 1) for seat in outcome.winners)] = 1
    for event in state.events:
        if event.kind in ("hand_won", "hand_shared", "nobody_won"):
            figures["hands"] += 1
            figures["nobody_won"] += event.kind == "nobody_won"
        figures["folds"] += event.kind == "folded"
        figures["eliminations"] += event.kind.startswith("eliminated")
    return {key: float(value) for key, value in figures.items()}


def _winner_sets(totals: Mapping[str, float]) -> list[tuple[frozenset[int], float]]:
    return [(frozenset(int(s) for s in key[4:].split("+")), count) for key, count in totals.items()
            if key.startswith("won.") and count]


def figures(totals: Mapping[str, float], games: int, bots: Sequence[str] = ()) -> dict[str, Any]:
    """The figures of the sums of :func:`tally` over ``games`` games: per bot (``bots``: one name for every
    seat or one per seat; without them, per seat) the points a game and the share of games it won alone or
    shared (each game counted once), each share with its 95% interval; then the hands nobody won and the
    hands folded, as shares."""
    players = round(totals.get("players", 0.0) / games) if games else 0
    names = list(bots) * players if len(bots) == 1 else list(bots)
    by_bot = len(names) == players
    if not by_bot:
        names = [str(seat) for seat in range(1, players + 1)]
    groups: dict[str, list[int]] = {}
    for seat, name in enumerate(names, start=1):
        groups.setdefault(name, []).append(seat)
    winner_sets = _winner_sets(totals)
    by = []
    for name, seats in groups.items():
        points = sum(totals.get(f"points.{seat}", 0.0) for seat in seats) / (games * len(seats)) if games else 0.0
        alone = sum(count for winners, count in winner_sets if len(winners) == 1 and winners <= set(seats))
        shared = sum(count for winners, count in winner_sets if len(winners) > 1 and winners & set(seats))
        by.append({("bot" if by_bot else "seat"): (name if by_bot else int(name)), "seats": len(seats),
                   "points_per_game": round(points, 6), "won_alone": share(alone, games), "won_shared": share(shared, games)})
    hands = totals.get("hands", 0.0)
    return {
        "games": games,
        "players": players,
        "specials": [kind.value for kind in Special if totals.get(f"special.{kind.value}")],
        "by": by,
        "hands": int(hands),
        "nobody_won": share(totals.get("nobody_won", 0.0), hands),
        "folded": share(totals.get("folds", 0.0), hands * players),
        "eliminations": int(totals.get("eliminations", 0.0)),
    }


def report(figures: Mapping[str, Any], lang: str = DEFAULT_LANGUAGE) -> str:
    """The figures of :func:`figures` in words, by the language's rules.

    >>> totals = {"players": 6, "points.1": 60, "points.2": 40, "points.3": 20, "won.1": 1, "won.1+2": 1,
    ...           "hands": 18, "nobody_won": 1, "folds": 12}
    >>> print(report(figures(totals, 2), "en"))
    2 games, 3 players, no special cards: seat 1: 30.0 points a game, won 50.0% of games alone and 50.0% shared; seat 2: 20.0 points a game, won 0.0% of games alone and 50.0% shared; seat 3: 10.0 points a game, won 0.0% of games alone and 0.0% shared; 5.6% of hands won by nobody, 22.2% of hands folded
    >>> print(report(figures(totals, 2, bots=["builder", "random", "builder"]), "de"))
    2 Spiele, 3 Spieler, keine Sonderkarten: Handbauer: 20,0 Punkte pro Spiel, 50,0\xa0% der Spiele allein gewonnen und 50,0\xa0% geteilt; Zufall: 20,0 Punkte pro Spiel, 0,0\xa0% der Spiele allein gewonnen und 50,0\xa0% geteilt; 5,6\xa0% der Hände gewinnt niemand, 22,2\xa0% der Hände werden aufgegeben
    """
    kinds = [Special(kind) for kind in figures["specials"]]
    specials = Items(kinds) if kinds else Msg.of("voces.no_specials")
    parts = []
    for by in figures["by"]:
        who = Msg.of(f"simulate.bot.voces.{by['bot']}") if "bot" in by else Msg.of("simulate.voces.seat", seat=by["seat"])
        parts.append(message("simulate.voces.bot", lang, bot=who, points=float(by["points_per_game"]),
                             alone=by["won_alone"]["rate"], shared=by["won_shared"]["rate"]))
    return message("simulate.voces.summary", lang, games=figures["games"], players=figures["players"], specials=specials,
                   bots="; ".join(parts), nobody=figures["nobody_won"]["rate"], folded=figures["folded"]["rate"])
