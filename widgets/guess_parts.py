"""What the PokerGuess apps share: reading typed cards and predictions, and drawing cards, counts and checks.

Reading never decides a rule: it turns text into cards and :class:`~pokerkit_teach.pokerguess.Prediction`
values (the engine's parsers) and names the first problem in the learner's language. Drawing shows what
the engine decided (:func:`~pokerkit_teach.pokerguess.check_in_order`, :func:`~pokerkit_teach.pokerguess.count_groups`).

>>> table = parse_guess_table("Top = blue bishop, orange bishop\\nLeft: P6 J3", "R2 P2 P9 B9 J6")
>>> [name for name, _ in table.hands], len(table.cards)
(['Top', 'Left'], 9)
>>> try:
...     parse_guess_table("Top = B5 B8\\nLeft = B5 J3", "R2 P2 P9 B9 J6")
... except InputProblem as problem:
...     print(problem.text("en"))
B5 Blue Bishop appears twice: in the hand of Top and in the hand of Left. Every card exists only once. Nothing was changed.
>>> [(name, str(p)) for name, p in parse_predictions("Top: 4 red 4 bishops\\n3 green 3 jokers", ("Top", "Left"))]
[('Top', '4 Red cards and 4 Bishops'), ('Left', '3 Green cards and 3 Jokers')]
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

from pokerkit_teach.core.errors import CardParseError, DuplicateCardError
from pokerkit_teach.core.i18n import Msg
from pokerkit_teach.pokerguess import Prediction, PredictionCheck, PredictionCountError, PredictionError, count_groups
from pokerkit_teach.pokerguess.cards import DrezCard, NeutralCard, parse_drez_cards
from pokerkit_teach.pokerguess.render import drez_card_html, drez_cards_html

from . import common
from .common import esc, tr

__all__ = [
    "NAMES", "InputProblem", "GuessTable", "parse_guess_table", "parse_predictions", "prediction_input",
    "table_input", "cards_table_html", "counts_html", "check_steps_html", "outcome_html",
]

NAMES = ("Anna", "Ben", "Carla", "Dan", "Eva", "Finn")
_K = "apps.guess."
_NAMED = re.compile(r"^\s*(?P<name>[^=:]+?)\s*[=:]\s*(?P<rest>.*)$")
# how the cards of a check are marked: counted for the colour, for the figure, or not counted
COLOUR_STYLE = "box-shadow:0 0 0 3px #2a7ae2;"
FIGURE_STYLE = "box-shadow:0 0 0 3px #e2952a;"
UNUSED_STYLE = "opacity:0.35;"


class InputProblem(common.InputProblem):
    """Input the app cannot use: a catalogue key (under ``apps.guess``) and its values."""

    prefix = _K


@dataclass(frozen=True)
class GuessTable:
    """Every player's two private cards (in the order given) and the five community cards."""

    hands: tuple[tuple[str, tuple[DrezCard, ...]], ...]
    community: tuple[DrezCard, ...]

    @property
    def cards(self) -> tuple[DrezCard, ...]:
        """All the cards on the table: what a prediction is checked against."""
        return tuple(card for _, hole in self.hands for card in hole) + self.community


def _split_name(line: str) -> tuple[str | None, str]:
    match = _NAMED.match(line)
    if match and not re.fullmatch(r"[A-Za-z]\d+(\s+[A-Za-z]\d+)*", match["name"]):
        return match["name"], match["rest"]
    return None, line


def _cards(text: str, where: Msg, seen: dict[DrezCard, Msg]) -> tuple[DrezCard, ...]:
    try:
        parsed = parse_drez_cards(text)
    except CardParseError as error:
        raise InputProblem("bad_card", text=error.token, where=where) from None
    except DuplicateCardError as error:
        raise InputProblem("duplicate", card=_card_words(error.card), first=where, second=where) from None
    cards = []
    for card in parsed:
        if isinstance(card, NeutralCard):
            raise InputProblem("neutral", where=where)
        if card in seen:
            raise InputProblem("duplicate", card=_card_words(card), first=seen[card], second=where)
        seen[card] = where
        cards.append(card)
    return tuple(cards)


class _CardWords:
    """A card written as ``B5 Blue Bishop`` in the message's language."""

    def __init__(self, card: DrezCard) -> None:
        self.card = card

    def localized(self, lang: str, spec: str = "") -> str:
        return f"{self.card.short} {self.card.text(lang)}"


def _card_words(card: object) -> object:
    return _CardWords(card) if isinstance(card, DrezCard) else card


def parse_guess_table(hands_text: str, community_text: str) -> GuessTable:
    """Read the hands (one per line, ``NAME = cards`` or ``NAME: cards`` or just the cards) and the five
    community cards. Raises :class:`InputProblem` naming the first problem."""
    seen: dict[DrezCard, Msg] = {}
    lines = [line for line in hands_text.splitlines() if line.strip()]
    named = [_split_name(line) for line in lines]
    hands = common.name_hands(named, lambda text, where: _cards(text, where, seen), InputProblem, NAMES, _K + "where_hand")
    community = _cards(community_text, Msg.of(_K + "where_community"), seen)
    if len(community) != 5:
        raise InputProblem("community_count", count=len(community))
    return GuessTable(tuple(hands), community)


def parse_predictions(text: str, players: Sequence[str]) -> list[tuple[str, Prediction]]:
    """One prediction per line (``Top: 4 red 4 bishops`` or just ``4 red 4 bishops``; unnamed lines take
    the players' names in order). Raises :class:`InputProblem` naming the first problem."""
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        raise InputProblem("no_predictions")
    named = [_split_name(line) for line in lines]
    used = {name for name, _ in named if name}
    spare = iter([n for n in players if n not in used] + [f"#{i}" for i in range(1, 99)])
    predictions: list[tuple[str, Prediction]] = []
    for number, (given, words) in enumerate(named, start=1):
        name = given or next(spare)
        if name in (n for n, _ in predictions):
            raise InputProblem("prediction_name_twice", name=name)
        try:
            prediction = Prediction.parse(words)
        except PredictionCountError:
            raise InputProblem("bad_count", line=number, text=words.strip()) from None
        except PredictionError as error:
            raise InputProblem("bad_prediction", line=number, text=words.strip(), reason=Msg.of(error.key, **error.details)) from None
        for other, earlier in predictions:
            if earlier == prediction:
                raise InputProblem("same_prediction", name=name, other=other)
        predictions.append((name, prediction))
    return predictions


def prediction_input(prediction: Prediction) -> str:
    """A prediction as the learner would type it: ``4 red 4 bishops``."""
    return f"{prediction.colour_count} {prediction.colour.name.lower()} {prediction.figure_count} {prediction.figure.name.lower()}s"


def table_input(table: GuessTable) -> tuple[str, str]:
    """The text of the two inputs that give ``table`` back."""
    hands = "\n".join(f"{name} = {' '.join(c.short for c in hole)}" for name, hole in table.hands)
    return hands, " ".join(c.short for c in table.community)


# ---------------------------------------------------------------------- drawing


def cards_table_html(table: GuessTable, lang: str) -> str:
    """Each player's private cards and the community cards."""
    rows = "".join(
        f"<tr><th scope='row'>{esc(name)}</th><td>{drez_cards_html(hole, lang)}</td></tr>" for name, hole in table.hands
    )
    community = f"<tr><th scope='row'>{esc(tr(_K + 'community', lang))}</th><td>{drez_cards_html(table.community, lang)}</td></tr>"
    return f"<table class='pkt-guess-table-cards'>{rows}{community}</table>"


def counts_html(cards: Sequence[DrezCard], lang: str) -> str:
    """Two small tables: how many cards of every colour, and of every figure (highest figure first)."""
    colours, figures = count_groups(cards)
    colour_cells = "".join(
        f"<th scope='col' style='color:{colour.css}'>{esc(colour.localized(lang))}</th>" for colour in colours
    )
    colour_counts = "".join(f"<td class='pkt-guess-count' data-group='{colour.name.lower()}'>{n}</td>" for colour, n in colours.items())
    figure_cells = "".join(f"<th scope='col'>{esc(figure.localized(lang, 'plural'))}</th>" for figure in figures)
    figure_counts = "".join(f"<td class='pkt-guess-count' data-group='{figure.name.lower()}'>{n}</td>" for figure, n in figures.items())
    style = "style='border-collapse:collapse;text-align:center' cellpadding='5'"
    return (
        f"<p>{esc(tr(_K + 'counts_intro', lang, count=len(cards)))}</p>"
        f"<table class='pkt-guess-colour-counts' {style}><caption>{esc(tr(_K + 'colours', lang))}</caption>"
        f"<tr>{colour_cells}</tr><tr>{colour_counts}</tr></table>"
        f"<table class='pkt-guess-figure-counts' {style}><caption>{esc(tr(_K + 'figures', lang))}</caption>"
        f"<tr>{figure_cells}</tr><tr>{figure_counts}</tr></table>"
    )


def _marked_cards(check: PredictionCheck, cards: Sequence[DrezCard], lang: str) -> str:
    colour_group = set(check.colour_cards)
    figure_group = set(check.figure_cards[: check.prediction.figure_count])
    tiles = []
    for card in cards:
        style = COLOUR_STYLE if card in colour_group else FIGURE_STYLE if card in figure_group else UNUSED_STYLE
        tiles.append(drez_card_html(card, lang, style))
    return "".join(tiles)


def check_steps_html(steps: Sequence[tuple[str, PredictionCheck]], cards: Sequence[DrezCard], lang: str, start: int = 1) -> str:
    """The checks done so far, each with the cards that count for its colour (blue frame) and for its
    figure (orange frame); cards in neither group are faded."""
    items = []
    for number, (name, check) in enumerate(steps, start=start):
        prediction = check.prediction
        kind = "right" if check.holds else "wrong"
        colour = "#070" if check.holds else "#a00"
        colour_group = drez_cards_html(check.colour_cards, lang) if check.colour_cards else "—"
        used_figures = check.figure_cards[: prediction.figure_count]
        figure_group = drez_cards_html(used_figures, lang) if used_figures else "—"
        items.append(
            f"<section class='pkt-guess-check-step pkt-guess-{kind}' style='margin:0.5em 0 1em 0'>"
            f"<p><b>{esc(tr(_K + 'step_heading', lang, number=number, name=name, prediction=prediction))}</b></p>"
            f"<p>{esc(tr(_K + 'colour_group', lang, colour=prediction.colour, have=check.colour_total, want=prediction.colour_count))} {colour_group}</p>"
            f"<p>{esc(tr(_K + 'figure_group', lang, figure=prediction.figure, have=len(check.figure_cards), want=prediction.figure_count))} {figure_group}</p>"
            f"<div>{_marked_cards(check, cards, lang)}</div>"
            f"<p class='pkt-guess-verdict' style='color:{colour}'>{esc(check.text(lang))}</p></section>"
        )
    return f"<div class='pkt-guess-checks'>{''.join(items)}</div>"


def outcome_html(steps: Sequence[tuple[str, PredictionCheck]], lang: str) -> str:
    """Who takes the pot after the check, or that it is shared."""
    if steps and steps[-1][1].holds:
        text = tr(_K + "outcome_won", lang, name=steps[-1][0])
    else:
        text = tr(_K + "outcome_shared", lang)
    return f"<p class='pkt-guess-outcome' role='status'><b>{esc(text)}</b></p>"
