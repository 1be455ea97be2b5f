"""What a High Card simulation counts: games won alone and games shared, per seat."""

from __future__ import annotations

from typing import Any, Mapping

from pokerkit_teach.core.i18n import message

__all__ = ["tally", "report"]


def tally(state: Any) -> dict[str, float]:
    outcome = state.outcome
    figures = {"shared": 1.0 if len(outcome.winners) > 1 else 0.0}
    for seat in range(state.player_count):
        figures[f"won.{seat}"] = 1.0 if seat in outcome.winners else 0.0
    return figures


def report(totals: Mapping[str, float], games: int, lang: str, bots: Any = ()) -> str:
    seats = sorted(key for key in totals if key.startswith("won."))
    wins = ", ".join(f"{int(key[4:]) + 1}: {int(totals[key])}" for key in seats)
    return message("highcard.report", lang, games=games, wins=wins, shared=int(totals.get("shared", 0)))
