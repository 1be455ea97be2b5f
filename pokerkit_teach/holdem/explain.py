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

from pokerkit_teach.holdem.cards import Card, CardsLike, Rank
from pokerkit_teach.holdem.ranking import KEY_ROLES, Category, HandResult, best_hand, describe_hand, description_msg
from pokerkit_teach.core.i18n import DEFAULT_LANGUAGE, Msg, Row, capitalize_first, message

__all__ = [
    "describe_hand",
    "description_msg",
    "HandExplanation",
    "explain_hand",
    "Comparison",
    "compare_hands",
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
