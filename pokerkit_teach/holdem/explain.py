"""Hand ranking step by step: one hand explained, two hands compared.

Every sentence is a :class:`~pokerkit_teach.core.i18n.Msg`, put into words in English or German on demand.

>>> explanation = explain_hand("7d 6h Qc 8h 8s 5d 3c")
>>> print(explanation.text())
Best hand: a pair of 8s with Q 7 6
No straight flush: no five cards share a suit
No four of a kind: no rank appears four times
No full house: no rank appears three times
No flush: at most 2 cards share a suit
No straight: the longest run of ranks in a row is 4 (8 7 6 5)
No three of a kind: no rank appears three times
No two pair: only the 8s are paired
The five cards kept: 8♥ 8♠ Q♣ 7♦ 6♥
Left out: 5♦ 3♣ (only five cards count, and these would not make the hand any better)

>>> print(compare_hands("As Jd Qc 8h 8s 5d 3c", "7d 6h Qc 8h 8s 5d 3c").text())
Both have a pair; the same pair of 8s; the Ace beats the Queen as first side card
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Sequence

from pokerkit_teach.core.errors import DuplicateCardError, InputError, in_context
from pokerkit_teach.holdem.cards import Card, CardsLike, Rank, parse_cards
from pokerkit_teach.holdem.ranking import KEY_ROLES, Category, HandResult, best_hand, describe_hand, description_msg
from pokerkit_teach.core.i18n import DEFAULT_LANGUAGE, Items, Msg, Row, capitalize_first, message
from pokerkit_teach.core.limits import quoted

__all__ = [
    "describe_hand",
    "description_msg",
    "HandExplanation",
    "explain_hand",
    "Comparison",
    "compare_hands",
    "RankedHand",
    "HandRanking",
    "rank_hands",
    "check_hands",
]


def _as_result(hand: CardsLike | HandResult) -> HandResult:
    return hand if isinstance(hand, HandResult) else best_hand(hand)


def _longest_run(rank_bits: int) -> list[int]:
    """The longest run of ranks in a row (the Ace may also stand below the 2), highest first."""
    if rank_bits >> 14 & 1:
        rank_bits |= 1 << 1
    best: list[int] = []
    run: list[int] = []
    for rank in range(1, 15):
        if rank_bits >> rank & 1:
            run.append(rank)
            if len(run) >= len(best):
                best = list(run)
        else:
            run = []
    return [14 if r == 1 else r for r in reversed(best)]


def _missing_reason(cards: Sequence[Card], category: Category) -> Msg:
    """Why these cards make no hand of ``category`` (called only for categories above the one found)."""
    counts: dict[Rank, int] = {}
    suits: dict[int, list[Card]] = {}
    for card in cards:
        counts[card.rank] = counts.get(card.rank, 0) + 1
        suits.setdefault(card.suit, []).append(card)
    most_suited = max(suits.values(), key=len)
    if category is Category.STRAIGHT_FLUSH:
        if len(most_suited) < 5:
            return Msg.of("explain.no_straight_flush_no_flush")
        return Msg.of("explain.no_straight_flush_no_run", count=len(most_suited), suit=most_suited[0].suit)
    if category is Category.FOUR_OF_A_KIND:
        return Msg.of("explain.no_four_of_a_kind")
    if category is Category.FULL_HOUSE:
        trips = sorted((r for r, n in counts.items() if n >= 3), reverse=True)
        if not trips:
            return Msg.of("explain.no_full_house_no_trips")
        return Msg.of("explain.no_full_house_no_pair", trips=trips[0])
    if category is Category.FLUSH:
        return Msg.of("explain.no_flush", most=len(most_suited))
    if category is Category.STRAIGHT:
        bits = 0
        for rank in counts:
            bits |= 1 << rank
        run = _longest_run(bits)
        return Msg.of("explain.no_straight", length=len(run), run=Row(Rank(r) for r in run))
    if category is Category.THREE_OF_A_KIND:
        return Msg.of("explain.no_three_of_a_kind")
    if category is Category.TWO_PAIR:
        pairs = [r for r, n in counts.items() if n >= 2]
        if not pairs:
            return Msg.of("explain.no_two_pair_no_pair")
        return Msg.of("explain.no_two_pair", pair=max(pairs))
    return Msg.of("explain.no_pair")


@dataclass(frozen=True)
class HandExplanation:
    """One hand explained: what was found, why nothing higher applies, what was kept and left out."""

    result: HandResult
    steps: tuple[Msg, ...]

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return "\n".join(step.text(lang) for step in self.steps)

    def lines(self, lang: str = DEFAULT_LANGUAGE) -> list[str]:
        return [step.text(lang) for step in self.steps]

    def __str__(self) -> str:
        return self.text()


def explain_hand(cards: CardsLike | HandResult) -> HandExplanation:
    """Explain the best five of five to seven cards, step by step (see the module's example)."""
    result = _as_result(cards)
    steps = [Msg.of("explain.found", description=description_msg(result))]
    higher = [c for c in Category if c > result.category]
    if not higher:
        steps.append(Msg.of("explain.higher_none"))
    for category in reversed(higher):
        steps.append(_missing_reason(result.cards, category))
    steps.append(Msg.of("explain.kept", cards=Row(result.best_five)))
    if result.left_out:
        steps.append(Msg.of("explain.left_out", cards=Row(result.left_out)))
    else:
        steps.append(Msg.of("explain.none_left_out"))
    return HandExplanation(result, tuple(steps))


@dataclass(frozen=True)
class Comparison:
    """Two hands compared.

    ``winner`` is ``"a"``, ``"b"`` or ``"tie"``. ``role`` names the deciding point (``category``,
    ``pair``, ``kicker1`` …) or is ``None`` for a tie; ``deciding_a`` and ``deciding_b`` are the cards of
    each hand at that point.
    """

    a: HandResult
    b: HandResult
    winner: Literal["a", "b", "tie"]
    role: str | None
    deciding_a: tuple[Card, ...]
    deciding_b: tuple[Card, ...]
    parts: tuple[Msg, ...]

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return capitalize_first("; ".join(message(p.key, lang, **dict(p.params)) for p in self.parts))

    def reason(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The same text starting in lower case, to follow a colon."""
        return "; ".join(message(p.key, lang, **dict(p.params)) for p in self.parts)

    def __str__(self) -> str:
        return self.text()


def compare_hands(a: CardsLike | HandResult, b: CardsLike | HandResult) -> Comparison:
    """Compare two hands and say where they first differ, or why they tie exactly.

    >>> anna = "7d 6h Qc 8h 8s 5d 3c"
    >>> ben = "4h 2d Qc 8h 8s 5d 3c"
    >>> comparison = compare_hands(anna, ben)
    >>> comparison.winner, comparison.role, comparison.deciding_a, comparison.deciding_b
    ('a', 'kicker2', (Card.from_text('7d'),), (Card.from_text('5d'),))
    >>> print(comparison.text("de"))
    Beide haben ein Paar; dasselbe Paar Achten; dieselbe erste Beikarte, Dame; die 7 schlägt die 5 als zweite Beikarte
    """
    ra, rb = _as_result(a), _as_result(b)
    winner: Literal["a", "b", "tie"] = "a" if ra > rb else "b" if rb > ra else "tie"
    if winner == "tie":
        part = Msg.of("compare.tie", description=description_msg(ra))
        return Comparison(ra, rb, "tie", None, (), (), (part,))
    high, low = (ra, rb) if winner == "a" else (rb, ra)
    if high.category != low.category:
        part = Msg.of("compare.category", winner=high.category, loser=low.category)
        deciding = (ra.best_five, rb.best_five)
        return Comparison(ra, rb, winner, "category", *deciding, (part,))
    parts = [Msg.of("compare.both", category=ra.category)]
    roles = KEY_ROLES[ra.category]
    for position, role in enumerate(roles):
        if ra.key[position] == rb.key[position]:
            parts.append(Msg.of(f"compare.same.{role}", rank=ra.key[position]))
            continue
        parts.append(Msg.of(f"compare.win.{role}", winner=high.key[position], loser=low.key[position]))
        return Comparison(
            ra, rb, winner, role, ra.key_cards(position), rb.key_cards(position), tuple(parts)
        )
    raise AssertionError("hands of different strength must differ in their key")  # pragma: no cover


@dataclass(frozen=True)
class RankedHand:
    """One hand of a :class:`HandRanking`. ``place`` 1 is the strongest; equally strong hands share a
    place (and the next place is counted on: 1, 1, 3)."""

    name: str
    hole: tuple[Card, ...]
    result: HandResult
    place: int


@dataclass(frozen=True)
class _Reason:
    """A comparison put into words in the message's language."""

    comparison: Comparison

    def localized(self, lang: str, spec: str = "") -> str:
        return self.comparison.reason(lang)


@dataclass(frozen=True)
class HandRanking:
    """Hands ranked, strongest first (equally strong hands keep the order they were given in).

    ``comparisons[i]`` compares ``hands[i]`` (as ``a``) with ``hands[i + 1]`` (as ``b``): its winner is
    ``"a"`` or ``"tie"``, and its text names what decides (the category, the pair, the kicker ...).
    ``steps`` are the sentences: who is strongest (or who share the strongest hand), then each hand
    against the next.
    """

    board: tuple[Card, ...]
    hands: tuple[RankedHand, ...]
    comparisons: tuple[Comparison, ...]
    steps: tuple[Msg, ...]

    @property
    def winners(self) -> tuple[str, ...]:
        """The names of the strongest hand (several if they tie)."""
        return tuple(hand.name for hand in self.hands if hand.place == 1)

    def lines(self, lang: str = DEFAULT_LANGUAGE) -> list[str]:
        return [step.text(lang) for step in self.steps]

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return "\n".join(self.lines(lang))

    def __str__(self) -> str:
        return self.text()


def check_hands(
    hands: Sequence[tuple[str, CardsLike]], board: CardsLike = (), hole: int | tuple[int, int] | None = None
) -> tuple[tuple[Card, ...], list[tuple[str, tuple[Card, ...]]]]:
    """Parse named hands and a board, with keyed errors that name the hand: the board has 0 to 5
    cards, each hand with the board 5 to 7 (or ``hole`` cards of its own if given), names differ,
    and no card appears twice (on the board or in another hand)."""
    board_cards = parse_cards(board, count=(0, 5), what=Msg.of("cards.what.board"))
    count = hole if hole is not None else (max(1, 5 - len(board_cards)), 7 - len(board_cards))
    names = [name for name, _ in hands]
    for number, name in enumerate(names, start=1):
        if not str(name).strip():
            raise InputError(key="cards.error.no_name", number=number)
        if names.index(name) != number - 1:
            raise InputError(key="cards.error.same_name", name=name)
    seen: list[Card] = list(board_cards)
    parsed: list[tuple[str, tuple[Card, ...]]] = []
    for name, text in hands:
        where = Msg.of("cards.what.hand_of", name=name)
        try:
            cards = parse_cards(text, count=count)
        except InputError as error:
            raise in_context(error, where) from None
        for position, card in enumerate(cards, start=1):
            if card in seen:
                place = "on_board" if card in board_cards else "in_other_hand"
                raise DuplicateCardError(
                    card, seen.index(card) + 1, len(seen) + 1,
                    text=Msg.of(f"cards.error.duplicate_{place}", name=name, position=position, card=quoted(str(card))),
                )
            seen.append(card)
        parsed.append((name, cards))
    return board_cards, parsed


def rank_hands(hands: Sequence[tuple[str, CardsLike]], board: CardsLike = ()) -> HandRanking:
    """Rank any number of named hands, strongest first, and say why each beats or ties the next.

    ``hands`` are ``(name, cards)``; ``board`` (0 to 5 shared cards) belongs to every hand, and each
    hand with the board has 5 to 7 cards. Bad input is an :class:`InputError` with a catalogue key.

    >>> ranking = rank_hands([("Anna", "7d 6h"), ("Ben", "As Jd")], "Qc 8h 8s 5d 3c")
    >>> ranking.winners
    ('Ben',)
    >>> print(ranking.text())
    Ben has the strongest hand: a pair of 8s with A Q J
    Ben beats Anna: both have a pair; the same pair of 8s; the Ace beats the Queen as first side card
    """
    if not hands:
        raise InputError(key="cards.error.no_hands")
    board_cards, parsed = check_hands(hands, board)
    results = [(name, cards, best_hand(cards + board_cards)) for name, cards in parsed]
    order = sorted(range(len(results)), key=lambda i: results[i][2], reverse=True)  # stable: ties keep their order
    ranked: list[RankedHand] = []
    comparisons: list[Comparison] = []
    for index in order:
        name, cards, result = results[index]
        if ranked and ranked[-1].result == result:
            place = ranked[-1].place
        else:
            place = len(ranked) + 1
        if ranked:
            comparisons.append(compare_hands(ranked[-1].result, result))
        ranked.append(RankedHand(name, cards, result, place))
    best = [hand for hand in ranked if hand.place == 1]
    description = description_msg(best[0].result)
    if len(best) == 1:
        steps = [Msg.of("ranking.strongest", name=best[0].name, description=description)]
    else:
        steps = [Msg.of("ranking.shared", names=Items(hand.name for hand in best), description=description)]
    for upper, lower, comparison in zip(ranked, ranked[1:], comparisons):
        kind = "equal" if comparison.winner == "tie" else "beats"
        steps.append(Msg.of(f"ranking.{kind}", name=upper.name, other=lower.name, reason=_Reason(comparison)))
    return HandRanking(board_cards, tuple(ranked), tuple(comparisons), tuple(steps))
