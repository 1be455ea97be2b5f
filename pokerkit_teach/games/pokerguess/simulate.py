"""What a simulation of PokerGuess counts (``tally``) the figures of the sums (``figures``) and those figures in words
(``report``); the
runner is :func:`pokerkit_teach.core.simulate.simulate`.

``tally`` counts, for one finished game: ``pots`` (rounds settled), ``pots_shared`` (no prediction held),
``pots_by_folding`` (everyone else folded), ``games_stopped`` (ended at the round limit ``max_rounds``,
not with one player holding every chip: the player with the most chips is then counted as the winner),
``round_limit.N`` (the game was played with ``max_rounds`` = N), and for every seat ``n`` (counted from 1)
``pots_won.n`` and ``games_won.n``. The report says how many games stopped at the limit.

>>> from pokerkit_teach.core.simulate import simulate
>>> result = simulate("pokerguess", players=3, bots=["random"], games=5, seed=1)
>>> totals = result.totals
>>> totals["pots_won.1"] + totals["pots_won.2"] + totals["pots_won.3"] + totals["pots_shared"] == totals["pots"]
True
>>> totals = {"pots": 200, "pots_shared": 20, "pots_won.1": 120, "pots_won.2": 60, "games_won.1": 7, "games_won.2": 3}
>>> report(figures(totals, 10), "en")
'10 games, 2 players, 200 pots (20 shared); seat 1: 60.0% of pots, 70.0% of games won; seat 2: 30.0% of pots, 30.0% of games won; every game ended by the rules (one player held all the chips)'
>>> report(figures(totals | {"games_stopped": 4, "round_limit.500": 10}, 10, ["counter", "random"]), "de")
'10 Spiele, 2 Spieler, 200 Pots (20 geteilt); Zähler: 60,0\xa0% der Pots, 70,0\xa0% der Spiele gewonnen; Zufall: 30,0\xa0% der Pots, 30,0\xa0% der Spiele gewonnen; an der Rundengrenze (max_rounds = 500) beendet: 4 von 10 Spielen; dort zählte der Spieler mit den meisten Chips als Sieger'
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from pokerkit_teach.core.simulate import share
from pokerkit_teach.core.i18n import Msg, message

__all__ = ["tally", "report"]


def tally(state: Any) -> dict[str, float]:
    """The figures of one finished game (see the module)."""
    results = state.results
    outcome = state.outcome
    winners = set(outcome.winners) if outcome is not None else set()
    totals: dict[str, float] = {
        "pots": len(results),
        "pots_shared": sum(1 for r in results if r.shared),
        "pots_by_folding": sum(1 for r in results if r.by_folding),
        "games_stopped": 1 if outcome is not None and not outcome.by_rules else 0,
        f"round_limit.{state.rules.max_rounds}": 1,
    }
    for seat in range(state.player_count):
        totals[f"pots_won.{seat + 1}"] = sum(1 for r in results if r.winner == seat)
        totals[f"games_won.{seat + 1}"] = 1 if seat in winners else 0
    return totals


def figures(totals: Mapping[str, float], games: int, bots: Sequence[str] = ()) -> dict[str, Any]:
    """The figures of the sums of ``tally``: games, players, pots (shared, won by folding), for each bot (one
    name for every seat, or one per seat; without them, each seat) its share of the pots and of the games
    won, each with its 95% interval, and how many games stopped at the round limit (their winner is the
    player with the most chips, not one holding them all)."""
    seats = sorted(int(key.split(".")[1]) for key in totals if key.startswith("pots_won."))
    pots = totals.get("pots", 0.0)
    names = list(bots) * len(seats) if len(bots) == 1 else list(bots)
    by_bot = len(names) == len(seats)
    won: dict[str, list[float]] = {}
    for seat in seats:
        who = names[seat - 1] if by_bot else str(seat)
        sums = won.setdefault(who, [0.0, 0.0, 0.0])
        sums[0] += totals.get(f"pots_won.{seat}", 0.0)
        sums[1] += totals.get(f"games_won.{seat}", 0.0)
        sums[2] += 1
    items = sorted(won.items()) if by_bot else list(won.items())
    return {
        "games": games,
        "players": len(seats),
        "pots": int(pots),
        "pots_shared": int(totals.get("pots_shared", 0.0)),
        "pots_by_folding": int(totals.get("pots_by_folding", 0.0)),
        "by": [{("bot" if by_bot else "seat"): (who if by_bot else int(who)), "seats": int(n[2]),
                "pots_won": share(n[0], pots), "games_won": share(n[1], games)} for who, n in items],
        "games_stopped": int(totals.get("games_stopped", 0.0)),
        "round_limits": sorted(int(key.split(".")[1]) for key in totals if key.startswith("round_limit.")),
    }


def report(figures: Mapping[str, Any], lang: str) -> str:
    """The figures of :func:`figures` in words, by the language's rules."""
    shares = "; ".join(
        message("simulate.pokerguess.share", lang,
                who=Msg.of(f"simulate.bot.pokerguess.{by['bot']}") if "bot" in by else Msg.of("simulate.pokerguess.seat", seat=by["seat"]),
                pots=by["pots_won"]["rate"], games=by["games_won"]["rate"])
        for by in figures["by"])
    stopped = figures["games_stopped"]
    if stopped:
        limits = figures["round_limits"]
        limit = f"max_rounds = {limits[0]}" if len(limits) == 1 else "max_rounds"
        ended = message("simulate.pokerguess.stopped", lang, stopped=stopped, games=figures["games"], limit=limit)
    else:
        ended = message("simulate.pokerguess.by_rules", lang)
    return message("simulate.pokerguess.summary", lang, games=figures["games"], players=figures["players"], pots=figures["pots"],
                   shared=figures["pots_shared"], shares=shares, ended=ended)
