"""PokerGuess predictions and how they are checked.

A prediction names a colour with a count and a figure with a count: "at least 4 red cards and at least 3
pawns among all the cards". Each card may count in one group only, so a red pawn helps the reds or the
pawns, not both.

>>> from pokerkit_teach.games.pokerguess.cards import parse_drez_cards
>>> cards = parse_drez_cards("red tower, red pawn, green pawn, green bishop, yellow joker, "
...                          "blue bishop, orange bishop, yellow pawn, magenta joker, orange joker, "
...                          "green knight, red queen, red horse")
>>> check_prediction(Prediction.parse("4 red 4 bishop"), cards).holds
False
>>> check_prediction(Prediction.parse("3 green 3 joker"), cards).holds
True

The test: the colour and the figure each have enough cards, and together they do not need more cards
than the two groups hold between them (a card of that colour *and* that figure counts once).
"""

from __future__ import annotations

import enum
import itertools
import re
from dataclasses import dataclass
from typing import Iterable, Sequence

from pokerkit_teach.core.errors import InputError
from pokerkit_teach.core.i18n import DEFAULT_LANGUAGE, Counted, Items, Msg, capitalize_first, message
from pokerkit_teach.games.pokerguess.cards import AnyDrezCard, Colour, DrezCard, Figure, fold_word, input_words, linking_words

__all__ = [
    "CheckOrder", "ColourOrder", "Counted", "Prediction", "PredictionError", "PredictionCountError", "PredictionParseError", "PredictionCheck",
    "check_prediction", "checking_order", "check_in_order", "order_reason",
    "count_groups", "holds_by_search",
]


class ColourOrder(enum.Enum):
    """How colours rank when two predictions name groups of the same size (the rules give no order).

    ``BY_NUMBER`` (the default): by the number that goes with each colour, Green 9 highest, Gray 1 lowest.
    ``BY_NUMBER_REVERSED``: Gray 1 highest.
    """

    BY_NUMBER = "by_number"
    BY_NUMBER_REVERSED = "by_number_reversed"

    def rank(self, colour: Colour) -> int:
        return colour.value if self is ColourOrder.BY_NUMBER else 10 - colour.value


class CheckOrder(enum.Enum):
    """Which parts of two predictions are compared first when the check puts them in order.

    The rulebook asks for the prediction that is highest "both in quantity and hierarchy", and its example
    first finds two predictions tied on both group sizes, then compares their colour, then their figure.
    That example fits each of these readings, so the kit names them:

    ``COLOUR_FIRST`` (the default): the colour group's size, the colour, the figure group's size, the figure.
    ``SIZES_FIRST``: both group sizes (colour, then figure), then the colour, then the figure.
    ``SIZES_SUMMED``: the two sizes added up, then as ``COLOUR_FIRST``.

    >>> a, b = Prediction.parse("4 gray 6 jokers"), Prediction.parse("4 red 1 pawn")
    >>> [order.value for order in CheckOrder if a.sort_key(check=order) > b.sort_key(check=order)]
    ['sizes_first', 'sizes_summed']
    """

    COLOUR_FIRST = "colour_first"
    SIZES_FIRST = "sizes_first"
    SIZES_SUMMED = "sizes_summed"


class PredictionError(InputError):
    """Input that is not a prediction (an :class:`~pokerkit_teach.core.errors.InputError`, so a
    ``ValueError``); the two kinds below tell what is wrong, ``place`` where. Like an illegal action, it
    carries a catalogue ``key`` and its ``details``: :meth:`text` puts it into words in any language,
    ``str()`` gives the English text."""

    key: str

    def __init__(self, key: str, place: str, **details: object) -> None:
        self.place = place
        super().__init__(key=key, **details)
        self.args = (self.text(DEFAULT_LANGUAGE),)

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return capitalize_first(super().text(lang))


class PredictionCountError(PredictionError):
    """A count outside its group's range; ``place`` names it: ``colour_count`` or ``figure_count``.

    >>> try:
    ...     Prediction.parse("7 red 2 pawns")
    ... except PredictionCountError as error:
    ...     print(error.place)
    colour_count
    """


class PredictionParseError(PredictionError):
    """Text that does not read as a count with a colour and a count with a figure. ``place`` is the word
    at fault (``word 5``, counted from 1), or the part that is missing (``colour``, ``figure``; ``text``
    for an empty text); ``offset`` the character where the word starts (0 when nothing is there).

    >>> try:
    ...     Prediction.parse("4 red 3 pawns blue")
    ... except PredictionParseError as error:
    ...     print(error.place, error.offset)
    ...     print(error)
    word 5 14
    'blue' (word 5) names a second colour: a prediction names one colour and one figure, each after its count, like '4 red 3 pawns'

    The hint is said in the language the error is said in:

    >>> try:
    ...     Prediction.parse("4 rot 3")
    ... except PredictionParseError as error:
    ...     print(error.text("de"))
    Nach der Anzahl 3 (Wort 3) folgt keine Farbe und keine Figur: Jede Anzahl steht direkt vor ihrer Gruppe, etwa „4 rot 3 Bauern“
    """

    def __init__(self, key: str, place: str, offset: int = 0, **details: object) -> None:
        self.offset = offset
        super().__init__(key, place, **details)


# The words a prediction may hold come from the catalogues of every language (``colour.words``,
# ``figure.words``; ``pokerguess.words.cards``/``and``/``links``): "4 red cards and 3 pawns",
# "4 rote Karten und 3 Bauern", "4 Karten in Rot, 3 Bauern".
_COUNT = re.compile(r"[0-9]+")
_TOKEN = re.compile(r"[^\s,]+")
_EXAMPLE = Msg.of("pokerguess.words.example")  # '4 red 3 pawns', said in the error's language
_LISTS = {"colours": Msg.of("pokerguess.words.colours"), "figures": Msg.of("pokerguess.words.figures")}


def _colour_group(count: int, colour: Colour) -> Counted:
    return Counted.of("guess_colour_cards", count, colour=colour)


@dataclass(frozen=True, order=False)
class Prediction:
    """At least ``colour_count`` cards of ``colour`` and at least ``figure_count`` of ``figure``."""

    colour_count: int
    colour: Colour
    figure_count: int
    figure: Figure

    def __post_init__(self) -> None:
        object.__setattr__(self, "colour", Colour(self.colour))
        object.__setattr__(self, "figure", Figure(self.figure))
        for name, count, most in (("colour", self.colour_count, 6), ("figure", self.figure_count, 9)):
            if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= most:
                raise PredictionCountError(f"pokerguess.parse.{name}_count", f"{name}_count", most=most, got=str(count))

    @classmethod
    def parse(cls, text: str) -> "Prediction":
        """``"4 red 3 pawns"``, ``"3 pawns 4 red"``, ``"3 green, 3 jokers"``, ``"4 red cards and 4
        bishops"``, ``"2 blue 3 towers"``: each count belongs to the colour or figure right after it (the
        two groups in either order; ``cards``, ``and`` and commas may stand between them). The words may
        be those of any language of the catalogues, whatever the app's language, in any case and with
        or without accents (``4 rot 3 Bauern``, ``4 rote Karten und 3 Läufer``). Any other word is
        refused: :class:`PredictionParseError` names it and its place; :class:`PredictionCountError` a
        count out of range.

        >>> Prediction.parse("3 pawns and 4 red cards")
        Prediction(colour_count=4, colour=<Colour.RED: 2>, figure_count=3, figure=<Figure.PAWN: 1>)
        >>> Prediction.parse("2 green 1 horse").figure
        <Figure.KNIGHT: 2>
        >>> Prediction.parse("4 Karten in Rot und 3 BAUERN") == Prediction.parse("4 red 3 pawns")
        True
        """
        if not isinstance(text, str):
            raise PredictionParseError("pokerguess.parse.empty", "text", example=_EXAMPLE)
        tokens = [(m.group(), m.start()) for m in _TOKEN.finditer(text)]
        if not tokens:
            raise PredictionParseError("pokerguess.parse.empty", "text", example=_EXAMPLE)
        words = input_words()
        cards, between, joins = linking_words("cards"), linking_words("cards") | linking_words("links"), linking_words("and")
        folded = [fold_word(word) for word, _ in tokens]
        groups: dict[type, tuple[int, Colour | Figure]] = {}

        def fail(key: str, at: int, **extra: object) -> PredictionParseError:
            return PredictionParseError(key, f"word {at + 1}", tokens[at][1], word=tokens[at][0], number=at + 1, example=_EXAMPLE, **extra)

        index = 0
        while index < len(tokens):
            word = folded[index]
            if _COUNT.fullmatch(word):
                start = index
                index += 1
                while index < len(tokens) and folded[index] in between:  # "4 cards of", "4 Karten in"
                    index += 1
                if index == len(tokens) or _COUNT.fullmatch(folded[index]) or folded[index] in joins:
                    raise fail("pokerguess.parse.count_alone", start)
                group = words.get(folded[index])
                if group is None:
                    raise fail("pokerguess.parse.unknown_word", index, **_LISTS)
                if type(group) in groups:
                    raise fail("pokerguess.parse.second_colour" if isinstance(group, Colour) else "pokerguess.parse.second_figure", index)
                groups[type(group)] = (int(word), group)
                index += 1
                if index < len(tokens) and folded[index] in cards:  # "4 red cards"
                    index += 1
                if index < len(tokens) and folded[index] in joins:
                    index += 1
                continue
            group = words.get(word)
            if group is not None:
                if type(group) in groups:
                    raise fail("pokerguess.parse.second_colour" if isinstance(group, Colour) else "pokerguess.parse.second_figure", index)
                raise fail("pokerguess.parse.group_without_count", index)
            raise fail("pokerguess.parse.unknown_word", index, **_LISTS)
        if Colour not in groups:
            raise PredictionParseError("pokerguess.parse.no_colour", "colour", len(text), example=_EXAMPLE)
        if Figure not in groups:
            raise PredictionParseError("pokerguess.parse.no_figure", "figure", len(text), example=_EXAMPLE)
        (colour_count, colour), (figure_count, figure) = groups[Colour], groups[Figure]
        return cls(colour_count, Colour(colour), figure_count, Figure(figure))

    def sort_key(self, order: ColourOrder = ColourOrder.BY_NUMBER,
                 check: CheckOrder = CheckOrder.COLOUR_FIRST) -> tuple[int, ...]:
        """Higher sorts first when reversed. By default the colour group's size, the colour, the figure
        group's size, the figure; ``check`` names another reading (:class:`CheckOrder`)."""
        colour_first = (self.colour_count, order.rank(self.colour), self.figure_count, self.figure.value)
        if check is CheckOrder.SIZES_FIRST:
            return (self.colour_count, self.figure_count, order.rank(self.colour), self.figure.value)
        if check is CheckOrder.SIZES_SUMMED:
            return (self.colour_count + self.figure_count, *colour_first)
        return colour_first

    def localized(self, lang: str, spec: str = "") -> str:
        return message("pokerguess.prediction", lang, colour_group=_colour_group(self.colour_count, self.colour),
                       figure_group=Counted.of("guess_figures", self.figure_count, figure=self.figure))

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return self.localized(lang)

    def __str__(self) -> str:
        return self.text()


def order_reason(higher: tuple[str, Prediction], lower: tuple[str, Prediction],
                 check: CheckOrder = CheckOrder.COLOUR_FIRST) -> Msg:
    """Why ``higher``'s prediction is checked before ``lower``'s: the first of the four things that
    differ (the colour group's size, the colour, the figure group's size, the figure; in the order the
    reading ``check`` compares them). The colours are named with their numbers, which the rule option
    ``colour_order`` ranks one way or the other.

    >>> top = ("Top", Prediction.parse("4 red 4 bishops")); left = ("Left", Prediction.parse("4 red 4 pawns"))
    >>> order_reason(top, left).text()
    'Both predict 4 red cards and 4 cards of one figure, and Bishops rank above Pawns'
    >>> order_reason(("Bottom", Prediction.parse("3 green 3 jokers")), ("Right", Prediction.parse("3 red 3 pawns"))).text("de")
    'Beide sagen 3 Karten einer Farbe voraus, und die Farbe Grün von Bottom (Nummer 9) ist höher als Rot (Nummer 2)'

    Read with both sizes first, a larger figure group counts before the colour:

    >>> order_reason(("Ann", Prediction.parse("4 gray 6 jokers")), ("Ben", Prediction.parse("4 red 1 pawn")),
    ...              CheckOrder.SIZES_FIRST).text()
    "Both predict 4 cards of one colour, and Ann's figure group is larger (6 against 1)"
    """
    (name, a), (_, b) = higher, lower
    if check is CheckOrder.SIZES_SUMMED and a.colour_count + a.figure_count != b.colour_count + b.figure_count:
        return Msg.of("pokerguess.order.total", higher=name, more=a.colour_count + a.figure_count,
                      fewer=b.colour_count + b.figure_count)
    if check is CheckOrder.SIZES_FIRST and a.colour_count == b.colour_count and a.figure_count != b.figure_count:
        return Msg.of("pokerguess.order.figure_count_first", higher=name, count=a.colour_count,
                      more=a.figure_count, fewer=b.figure_count)
    if a.colour_count != b.colour_count:
        return Msg.of("pokerguess.order.colour_count", higher=name, more=a.colour_count, fewer=b.colour_count)
    if a.colour != b.colour:
        return Msg.of("pokerguess.order.colour", higher=name, count=a.colour_count, colour=a.colour, other=b.colour,
                      colour_number=a.colour.value, other_number=b.colour.value)
    if a.figure_count != b.figure_count:
        return Msg.of("pokerguess.order.figure_count", higher=name, colour_group=_colour_group(a.colour_count, a.colour),
                      more=a.figure_count, fewer=b.figure_count)
    return Msg.of("pokerguess.order.figure", higher=name, colour_group=_colour_group(a.colour_count, a.colour),
                  figure_count=a.figure_count, figure=a.figure, other=b.figure)


def checking_order(predictions: Iterable[tuple[str, Prediction]], order: ColourOrder = ColourOrder.BY_NUMBER,
                   check: CheckOrder = CheckOrder.COLOUR_FIRST) -> list[tuple[str, Prediction]]:
    """Predictions from the highest down (the order in which they are checked), read as ``check`` says.

    >>> top = ("top", Prediction.parse("4 red 4 bishops")); left = ("left", Prediction.parse("4 red 4 pawns"))
    >>> [name for name, _ in checking_order([left, top])]
    ['top', 'left']
    """
    return sorted(predictions, key=lambda item: item[1].sort_key(order, check), reverse=True)


@dataclass(frozen=True)
class PredictionCheck:
    """The verdict on one prediction, with the cards behind it.

    ``colour_cards`` are the cards counted for the colour (those that are not also of the figure come
    first, so a card of both is left for the figure if the colour does not need it); ``figure_cards``
    the figure's cards that remain for the figure group.
    """

    prediction: Prediction
    holds: bool
    colour_cards: tuple[DrezCard, ...]
    figure_cards: tuple[DrezCard, ...]
    colour_total: int
    figure_total: int
    reason: Msg

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return self.reason.text(lang)


def check_prediction(prediction: Prediction, cards: Sequence[AnyDrezCard]) -> PredictionCheck:
    """Check a prediction against all the cards on the table, counting every card in one group at most."""
    playing = [c for c in cards if isinstance(c, DrezCard)]
    colour_all = [c for c in playing if c.colour == prediction.colour]
    figure_all = [c for c in playing if c.figure == prediction.figure]
    both = [c for c in colour_all if c.figure == prediction.figure]  # at most one card
    only_colour = [c for c in colour_all if c.figure != prediction.figure]
    colour_used = (only_colour + both)[: prediction.colour_count]
    figure_left = [c for c in figure_all if c not in colour_used]
    needed_together = prediction.colour_count + prediction.figure_count
    available = len(colour_all) + len(figure_all) - len(both)
    holds = len(colour_all) >= prediction.colour_count and len(figure_all) >= prediction.figure_count and needed_together <= available
    p = prediction
    if not colour_all:
        reason = Msg.of("pokerguess.check.no_colour", colour=p.colour, want=p.colour_count)
    elif len(colour_all) < p.colour_count:
        reason = Msg.of("pokerguess.check.too_few_colour", colour=p.colour, want=p.colour_count, have=len(colour_all), cards=Items(colour_all),
                        colour_on_table=Counted.of("guess_colour_on_table", len(colour_all), colour=p.colour))
    elif not figure_left:
        reason = Msg.of("pokerguess.check.no_figure", colour=p.colour, colour_cards=Items(colour_used), figure=p.figure, want=p.figure_count)
    elif len(figure_left) < p.figure_count:
        shared = [c for c in both if c in colour_used]
        details = dict(colour=p.colour, colour_cards=Items(colour_used), figure=p.figure, want=p.figure_count,
                       have=len(figure_left), cards=Items(figure_left),
                       figures_left=Counted.of("guess_figures_left", len(figure_left), figure=p.figure))
        if shared:  # a card of the figure went to the colour group: say so, it is the reason fewer are left
            reason = Msg.of("pokerguess.check.shared_card", card=shared[0], **details)
        else:
            reason = Msg.of("pokerguess.check.too_few_figure", **details)
    else:
        reason = Msg.of("pokerguess.check.holds", colour=p.colour, colour_cards=Items(colour_used), figure=p.figure,
                        figure_cards=Items(figure_left[: p.figure_count]))
    assert holds == (len(colour_all) >= p.colour_count and len(figure_left) >= p.figure_count)
    return PredictionCheck(p, holds, tuple(colour_used), tuple(figure_left), len(colour_all), len(figure_all), reason)


def check_in_order(predictions: Iterable[tuple[str, Prediction]], cards: Sequence[AnyDrezCard],
                   order: ColourOrder = ColourOrder.BY_NUMBER,
                   check: CheckOrder = CheckOrder.COLOUR_FIRST) -> list[tuple[str, PredictionCheck]]:
    """The check at the end of a round: predictions from the highest down, stopping at the first that holds
    (its owner takes the pot; if the last verdict is wrong, nobody's prediction held).

    >>> from pokerkit_teach.games.pokerguess.cards import parse_drez_cards
    >>> cards = parse_drez_cards("R2 P2 P9 B9 J6 B5 B8 P6 J3 J8 N9 Q2 N2")
    >>> steps = check_in_order([("Top", Prediction.parse("4 red 4 bishops")), ("Bottom", Prediction.parse("3 green 3 jokers")),
    ...                         ("Left", Prediction.parse("4 red 4 pawns"))], cards)
    >>> [(name, check.holds) for name, check in steps]
    [('Top', False), ('Left', False), ('Bottom', True)]
    """
    steps: list[tuple[str, PredictionCheck]] = []
    for name, prediction in checking_order(predictions, order, check):
        verdict = check_prediction(prediction, cards)
        steps.append((name, verdict))
        if verdict.holds:
            break
    return steps


def count_groups(cards: Sequence[AnyDrezCard]) -> tuple[dict[Colour, int], dict[Figure, int]]:
    """How many cards of every colour and of every figure (each card appears in both counts; a
    prediction may still use it in one group only).

    >>> from pokerkit_teach.games.pokerguess.cards import parse_drez_cards
    >>> colours, figures = count_groups(parse_drez_cards("red tower, red pawn, green pawn"))
    >>> colours[Colour.RED], colours[Colour.BLUE], figures[Figure.PAWN]
    (2, 0, 2)
    """
    playing = [c for c in cards if isinstance(c, DrezCard)]
    colours = {colour: sum(1 for c in playing if c.colour == colour) for colour in Colour}
    figures = {figure: sum(1 for c in playing if c.figure == figure) for figure in sorted(Figure, reverse=True)}
    return colours, figures


def holds_by_search(prediction: Prediction, cards: Sequence[AnyDrezCard]) -> bool:
    """The same verdict by trying every way of putting each card in the colour group, the figure group
    or neither (slow; for tests)."""
    relevant = [c for c in cards if isinstance(c, DrezCard) and (c.colour == prediction.colour or c.figure == prediction.figure)]
    for choice in itertools.product((0, 1, 2), repeat=len(relevant)):
        colour = sum(1 for card, group in zip(relevant, choice) if group == 1 and card.colour == prediction.colour)
        figure = sum(1 for card, group in zip(relevant, choice) if group == 2 and card.figure == prediction.figure)
        wrong = any((group == 1 and card.colour != prediction.colour) or (group == 2 and card.figure != prediction.figure)
                    for card, group in zip(relevant, choice))
        if not wrong and colour >= prediction.colour_count and figure >= prediction.figure_count:
            return True
    return False
