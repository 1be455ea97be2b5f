"""What a High Card simulation counts: games won alone and games shared, per seat."""

from __future__ import annotations

from typing import Any, Mapping

from pokerkit_teach.core.i18n import message
from pokerkit_teach.core.simulate import share

__all__ = ["tally", "figures", "report"]


def tally(state: Any) -> dict[str, float]:
    outcome = state.outcome
    figures = {"shared": 1.0 if len(outcome.winners) > 1 else 0.0}
    for seat in range(state.player_count):
        figures[f"won.{seat}"] = 1.0 if seat in outcome.winners else 0.0
    return figures


def figures(totals: Mapping[str, float], games: int, bots: Any = ()) -> dict[str, Any]:
    seats = sorted(int(key[4:]) for key in totals if key.startswith("won."))
    return {"games": games, "won": [share(totals[f"won.{seat}"], games) for seat in seats],
            "shared": int(totals.get("shared", 0))}


def report(figures: Mapping[str, Any], lang: str) -> str:
    wins = ", ".join(f"{seat + 1}: {won['count']}" for seat, won in enumerate(figures["won"]))
    return message("highcard.report", lang, games=figures["games"], wins=wins, shared=figures["shared"])
