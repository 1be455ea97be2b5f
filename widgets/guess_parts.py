"""What the PokerGuess apps share: reading typed cards and predictions, and drawing cards, counts and checks.

Reading never decides a rule: it turns text into cards and :class:`~pokerkit_teach.games.pokerguess.Prediction`
values (the engine's parsers) and names the first problem in the learner's language. Drawing shows what
the engine decided (:func:`~pokerkit_teach.games.pokerguess.check_in_order`, :func:`~pokerkit_teach.games.pokerguess.count_groups`).

>>> table = parse_guess_table("Top = blue bishop, orange bishop\\nLeft: P6 J3", "R2 P2 P9 B9 J6")
>>> [name for name, _ in table.hands], len(table.cards)
(['Top', 'Left'], 9)
>>> try:
...     parse_guess_table("Top = B5 B8\\nLeft = B5 J3", "R2 P2 P9 B9 J6")
... except InputProblem as problem:
...     print(problem.text("en"))
B5 Blue Bishop appears twice: in the hand of Top and in the hand of Left. Every card exists only once. Nothing was changed.
>>> [(name, str(p)) for name, p in parse_predictions("Top: 4 red 4 bishops\\n3 grün 3 Joker", ("Top", "Left"))]
[('Top', '4 red cards and 4 Bishops'), ('Left', '3 green cards and 3 Jokers')]

Cards and predictions may be typed in any language the kit speaks; the short notation reads the app
language's letters first (``L5`` is a Läufer, and in the German app ``B5`` a Bauer):

>>> table = parse_guess_table("Anna = L5, blauer Bauer\\nBen = Q9 D8", "R2 B2 B9 L9 J6", "de")
>>> [str(card) for card in table.hands[0][1]]
['Blue Bishop', 'Blue Pawn']
>>> table_input(table, "de")[0], prediction_input(Prediction.parse("4 red 3 pawns"), "de")
('Anna = L5 B5\\nBen = D9 D8', '4 rot 3 Bauern')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

from pokerkit_teach.core.errors import CardParseError, DuplicateCardError
from pokerkit_teach.core.i18n import Msg, capitalize_first, message
from pokerkit_teach.games.pokerguess import Prediction, PredictionCheck, PredictionCountError, PredictionError, count_groups
from pokerkit_teach.games.pokerguess.cards import DrezCard, NeutralCard, parse_drez_cards
from pokerkit_teach.games.pokerguess.check import order_reason
from pokerkit_teach.core.render import EDGE, INK, Drawn, Svg, row_svg, svg_picture, svg_shape, svg_text
from pokerkit_teach.games.pokerguess.render import FIGURE_SHAPES, drez_card_body, drez_card_label, drez_hand_svg

from .app import InputProblem as AppInputProblem, esc, name_hands, tr

__all__ = [
    "NAMES", "InputProblem", "GuessTable", "parse_guess_table", "parse_predictions", "prediction_input",
    "table_input", "cards_table_html", "counts_html", "check_steps_html", "outcome_html", "chips_svg",
    "prediction_svg",
]

NAMES = ("Anna", "Ben", "Carla", "Dan", "Eva", "Finn")
_K = "apps.guess."
_NAMED = re.compile(r"^\s*(?P<name>[^=:]+?)\s*[=:]\s*(?P<rest>.*)$")
# Cards are drawn (SVG with the colour's number and name on each, named for screen readers): coloured
# letter tiles read below 4.5:1 on white (axe: color-contrast). How the cards of a check are marked:
# counted for the colour (a solid frame), for the figure (a dashed frame), not counted (faded). The frames
# differ in shape and are dark, so that no frame colour is mistaken for one of the cards' colours.
CARD_PX = 48
GROUP_PX = 40
FRAME_STYLE = "display:inline-block;margin:4px;border-radius:6px;line-height:0;"
COLOUR_STYLE = FRAME_STYLE + "outline:4px solid #1a1a1a;outline-offset:1px;"
FIGURE_STYLE = FRAME_STYLE + "outline:3px dashed #1a1a1a;outline-offset:3px;"
UNUSED_STYLE = FRAME_STYLE


class InputProblem(AppInputProblem):
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
    if match and not re.fullmatch(r"[^\W\d_]\d+(\s+[^\W\d_]\d+)*", match["name"]):
        return match["name"], match["rest"]
    return None, line


def _cards(text: str, where: Msg, seen: dict[DrezCard, Msg], lang: str) -> tuple[DrezCard, ...]:
    try:
        parsed = parse_drez_cards(text, lang=lang)
    except CardParseError as error:
        raise InputProblem("bad_card", text=error.token, where=where, reason=error.reason) from None
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
    """A card written as ``B5 Blue Bishop`` in the message's language (``L5 blauer Läufer``)."""

    def __init__(self, card: DrezCard) -> None:
        self.card = card

    def localized(self, lang: str, spec: str = "") -> str:
        return f"{self.card.symbol(lang)} {self.card.localized(lang, spec)}"


def _card_words(card: object) -> object:
    return _CardWords(card) if isinstance(card, DrezCard) else card


def parse_guess_table(hands_text: str, community_text: str, lang: str = "en") -> GuessTable:
    """Read the hands (one per line, ``NAME = cards`` or ``NAME: cards`` or just the cards) and the five
    community cards; card names in any language, the short notation with ``lang``'s letters first.
    Raises :class:`InputProblem` naming the first problem."""
    seen: dict[DrezCard, Msg] = {}
    lines = [line for line in hands_text.splitlines() if line.strip()]
    named = [_split_name(line) for line in lines]
    hands = name_hands(named, lambda text, where: _cards(text, where, seen, lang), InputProblem, NAMES, _K + "where_hand")
    community = _cards(community_text, Msg.of(_K + "where_community"), seen, lang)
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


def prediction_input(prediction: Prediction, lang: str = "en") -> str:
    """A prediction as a learner would type it in ``lang``: ``4 red 4 bishops`` / ``4 rot 4 Läufer``
    (the first input word of the colour and of the figure in the catalogue)."""
    colour = message(f"colour.words.{prediction.colour.name.lower()}", lang).split()[0]
    figure = message(f"figure.words.{prediction.figure.name.lower()}", lang).split()[0]
    return f"{prediction.colour_count} {colour} {prediction.figure_count} {figure}"


def table_input(table: GuessTable, lang: str = "en") -> tuple[str, str]:
    """The text of the two inputs that give ``table`` back, in ``lang``'s short notation."""
    hands = "\n".join(f"{name} = {' '.join(c.symbol(lang) for c in hole)}" for name, hole in table.hands)
    return hands, " ".join(c.symbol(lang) for c in table.community)


# ---------------------------------------------------------------------- drawing


def cards_table_html(table: GuessTable, lang: str) -> str:
    """Each player's private cards and the community cards."""
    rows = "".join(
        f"<tr><th scope='row'>{esc(name)}</th><td>{drez_hand_svg(hole, lang, player=name, size=CARD_PX)}</td></tr>"
        for name, hole in table.hands
    )
    community = (f"<tr><th scope='row'>{esc(tr(_K + 'community', lang))}</th>"
                 f"<td>{drez_hand_svg(table.community, lang, size=CARD_PX)}</td></tr>")
    return f"<table class='pkt-guess-table-cards'>{rows}{community}</table>"


def counts_html(cards: Sequence[DrezCard], lang: str) -> str:
    """Two small tables: how many cards of every colour, and of every figure (highest figure first)."""
    colours, figures = count_groups(cards)
    colour_cells = "".join(
        f"<th scope='col' style='color:{colour.css}'>{esc(colour.localized(lang, 'title'))}</th>" for colour in colours
    )
    colour_counts = "".join(f"<td class='pkt-guess-count' data-group='{colour.name.lower()}'>{n}</td>" for colour, n in colours.items())
    figure_cells = "".join(f"<th scope='col'>{esc(capitalize_first(figure.localized(lang, 'plural')))}</th>" for figure in figures)
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
        group = "colour" if card in colour_group else "figure" if card in figure_group else "none"
        label = tr("apps.guess.drawn.counted_" + group, lang, card=drez_card_label(card, lang))
        picture = row_svg([Drawn(drez_card_body(card, lang), label, dimmed=group == "none")], label, CARD_PX)
        style = {"colour": COLOUR_STYLE, "figure": FIGURE_STYLE}.get(group, UNUSED_STYLE)
        tiles.append(f"<span style='{style}'>{picture}</span>")
    return "".join(tiles)


def check_steps_html(steps: Sequence[tuple[str, PredictionCheck]], cards: Sequence[DrezCard], lang: str, start: int = 1) -> str:
    """The checks done so far, each with the cards that count for its colour (a solid frame) and for its
    figure (a dashed frame); cards in neither group are faded."""
    items = []
    for number, (name, check) in enumerate(steps, start=start):
        prediction = check.prediction
        after = ""
        if number > start:  # why this prediction comes after the one checked before it
            previous, earlier = steps[number - start - 1]
            why = order_reason((previous, earlier.prediction), (name, prediction))
            after = f"<p class='pkt-guess-order-reason'>{esc(tr(_K + 'checked_after', lang, previous=previous, why=why))}</p>"
        kind = "right" if check.holds else "wrong"
        colour = "#070" if check.holds else "#a00"
        colour_group = drez_hand_svg(check.colour_cards, lang, size=GROUP_PX) if check.colour_cards else "—"
        used_figures = check.figure_cards[: prediction.figure_count]
        figure_group = drez_hand_svg(used_figures, lang, size=GROUP_PX) if used_figures else "—"
        items.append(
            f"<section class='pkt-guess-check-step pkt-guess-{kind}' style='margin:0.5em 0 1em 0'>"
            f"<p><b>{esc(tr(_K + 'step_heading', lang, number=number, name=name, prediction=prediction))}</b></p>{after}"
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


# ---------------------------------------------------------------------- pictures for the drawn table

CHIP_COLOUR = "#8c1d18"  # a dark red chip: white marks on it, the number in dark ink on its white centre


def chips_svg(count: int, label: str, size: float = 50) -> Svg:
    """A chip with ``count`` written on it, named ``label`` for screen readers (the words say what the
    number is: a player's chips, the pot).

    >>> picture = chips_svg(18, "Ben: 18 chips")
    >>> "<title>Ben: 18 chips</title>" in picture and ">18<" in picture
    True
    """
    body = (
        f'<circle cx="50" cy="50" r="47" fill="{CHIP_COLOUR}" stroke="{INK}" stroke-width="2"/>'
        '<circle cx="50" cy="50" r="39" fill="none" stroke="#fff" stroke-width="8" stroke-dasharray="11 9"/>'
        f'<circle cx="50" cy="50" r="29" fill="#fff" stroke="{INK}" stroke-width="1.5"/>'
        + svg_text(50, 61, str(count), 30, INK, fit=50)
    )
    return svg_picture(body, label, 100, 100, size)


def prediction_svg(prediction: Prediction, label: str, lang: str, size: float = 150) -> Svg:
    """A prediction drawn: on the left the colour group's size with a swatch of the colour and its name,
    on the right the figure group's size with the figure and its name (names in ``lang``, in dark ink,
    so the colour is never the only sign); named ``label`` for screen readers.

    >>> picture = prediction_svg(Prediction.parse("3 red 2 pawns"), "Ben predicts 3 red cards and 2 Pawns", "de")
    >>> ">Rot<" in picture and ">Bauern<" in picture and ">3<" in picture and ">2<" in picture
    True
    """
    colour, figure = prediction.colour, prediction.figure
    body = (
        f'<rect x="2" y="2" width="196" height="136" rx="10" fill="#fff" stroke="{EDGE}" stroke-width="3"/>'
        f'<path d="M100 16 L100 124" stroke="{EDGE}" stroke-width="2"/>'
        + svg_text(30, 66, str(prediction.colour_count), 40, INK)
        + f'<rect x="54" y="22" width="36" height="50" rx="6" fill="{colour.css}" stroke="{INK}" stroke-width="2.5"/>'
        + svg_text(50, 112, colour.localized(lang, "title"), 18, INK, fit=88)
        + svg_text(130, 66, str(prediction.figure_count), 40, INK)
        + svg_shape(FIGURE_SHAPES[figure.name], 146, 20, 50, "#fff", INK, 2.5)
        + svg_text(150, 112, capitalize_first(figure.localized(lang, "plural")), 18, INK, fit=88)
    )
    return svg_picture(body, label, 200, 140, size)
