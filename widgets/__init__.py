"""The user interface of pokerkit-teach: ipywidgets that present the engine and collect input.

Installed as ``pokerkit_teach.widgets``. Widgets hold no rules: every decision is the engine's.

>>> params = app_params("lang=de&seed=42")
>>> params.lang, params.seed, params.errors
('de', 42, ())
>>> app_params("seed=abc").errors
("seed: 'abc' is not a whole number of 0 or more; using a random seed",)
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from urllib.parse import parse_qs

from pokerkit_teach.cards import CardsLike
from pokerkit_teach.i18n import DEFAULT_LANGUAGE, LANGUAGES

__all__ = ["AppParams", "app_params", "hand_ranker", "dealt_hand_ranker"]


@dataclass(frozen=True)
class AppParams:
    """Validated URL parameters of an app; ``errors`` lists what was wrong and replaced by a default."""

    lang: str = DEFAULT_LANGUAGE
    seed: int | None = None
    players: int = 4
    errors: tuple[str, ...] = ()


def app_params(query: str | None = None) -> AppParams:
    """Read ``?lang=&seed=&players=`` from a query string (default: Voila's ``QUERY_STRING``).

    A bad value never stops the app: it is reported in ``errors`` and the default is used.
    """
    if query is None:
        query = os.environ.get("QUERY_STRING", "")
    values = parse_qs(query.lstrip("?"), keep_blank_values=True)
    errors: list[str] = []
    lang = values.get("lang", [DEFAULT_LANGUAGE])[-1]
    if lang not in LANGUAGES:
        errors.append(f"lang: {lang!r} is not one of {', '.join(LANGUAGES)}; using {DEFAULT_LANGUAGE}")
        lang = DEFAULT_LANGUAGE
    seed: int | None = None
    if "seed" in values:
        text = values["seed"][-1]
        if text.isdigit():
            seed = int(text)
        else:
            errors.append(f"seed: {text!r} is not a whole number of 0 or more; using a random seed")
    players = 4
    if "players" in values:
        text = values["players"][-1]
        if text.isdigit() and 3 <= int(text) <= 6:
            players = int(text)
        else:
            errors.append(f"players: {text!r} is not a number from 3 to 6; using 4")
    return AppParams(lang, seed, players, tuple(errors))


def hand_ranker(cards: "CardsLike", lang: str = DEFAULT_LANGUAGE) -> "object":
    """A widget showing one hand, its best five outlined, and the step-by-step explanation."""
    import ipywidgets

    from pokerkit_teach import best_hand, explain_hand
    from pokerkit_teach.render import hand_result_html

    result = best_hand(cards)
    steps = "".join(f"<li>{line}</li>" for line in explain_hand(result).lines(lang))
    return ipywidgets.HTML(hand_result_html(result, lang) + f"<ol>{steps}</ol>")


def dealt_hand_ranker(params: AppParams) -> "object":
    """Deal seven cards with the app's seed and show them ranked; bad URL values are shown first."""
    import ipywidgets

    from pokerkit_teach import shuffled_deck
    from pokerkit_teach.rng import make_rng

    seed = params.seed if params.seed is not None else int(make_rng().integers(1_000_000))
    hand = shuffled_deck(seed)[:7]
    parts: list[object] = []
    if params.errors:
        parts.append(ipywidgets.HTML("".join(f'<p role="alert" style="color:#a00">{e}</p>' for e in params.errors)))
    parts.append(ipywidgets.HTML(f"<p>seed {seed}</p>"))
    parts.append(hand_ranker(hand, params.lang))
    return ipywidgets.VBox(parts)
