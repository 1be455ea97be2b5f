"""What happens when Póker a Voces hands are revealed: the special cards, one after another.

The rulebook does not give the order of the effects; the kit's default (from the known ambiguities):
Baboons are swapped first, then Raccoons and Doves eliminate players, then wild cards take their best
value, then the number of Capybaras sets whether the best or the worst hand wins.

A wild card stands for any card its owner wants, and a Baboon's holder picks the drawn card they want:
the owner wants to win. So when an odd number of Capybaras is revealed (the Baboons never bring one:
special cards drawn for them are set aside), wild cards and Baboon picks go for the lowest hand:

>>> result = reveal({"A": "2s1 3s2 4s3 6s4 raccoon", "B": "As1 Ks2 Qs3 Js4 capybara"})
>>> result.winners, dict(result.ranked)["A"].describe()
(('A',), 'high card 7 (the Raccoon stands for 7●)')

One player with several Baboons takes a different drawn card for each (a card cannot be in a hand twice;
the rulebook only lets several players pick the same card); ``repeat_picks`` allows the same card for
several Baboons of one player. Without it, Baboons beyond the drawn cards count for nothing.

>>> result = reveal({"Gema": "As1 Ks2 5s3 3s4 2s1", "Marina": "Js1 9s2 7s3 6s4 capybara"})
>>> result.winners, result.reversed
(('Marina',), True)
"""

from __future__ import annotations

import enum
import itertools
from dataclasses import dataclass, field
from typing import Mapping, Sequence

from pokerkit_teach.core.errors import InputError
from pokerkit_teach.core.i18n import Msg
from pokerkit_teach.core.rng import SeedLike, make_rng
from pokerkit_teach.games.voces.cards import AnyVocesCard, Special, SpecialCard, VocesCard, parse_voces_cards
from pokerkit_teach.games.voces.ranking import VocesHand, compare_reason, rank_voces_hand

__all__ = ["TieRule", "RevealResult", "reveal", "PENGUIN_BONUS", "ranking_reasons", "winning_reason"]

PENGUIN_BONUS = 10


class TieRule(enum.Enum):
    """An exact tie for the best hand (possible with several suits of equal values): the rulebook does not
    say. Default: the tied players share the win; the other reading: nobody wins the hand."""

    SHARED = "shared"
    NOBODY = "nobody"


@dataclass(frozen=True)
class RevealResult:
    """The outcome of revealing one hand of every player still in.

    ``swaps`` maps a player to the (Baboon, card taken) pairs; ``eliminated`` maps a player to the reason
    (``raccoons`` or ``two_doves``); ``ranked`` holds the hands of the players still in; ``reversed`` is
    true when an odd number of Capybaras turned the ranking over (then wilds and Baboon picks went for
    the lowest hand); ``bonus`` gives the Emperor Penguin's +10 to a winner holding one; ``aside`` holds
    the special cards turned up while drawing for the Baboons (set aside, never drawn).
    """

    drawn: tuple[VocesCard, ...]
    swaps: tuple[tuple[str, tuple[tuple[SpecialCard, VocesCard], ...]], ...]
    eliminated: tuple[tuple[str, str], ...]
    ranked: tuple[tuple[str, VocesHand], ...]
    reversed: bool
    winners: tuple[str, ...]
    bonus: tuple[tuple[str, int], ...] = field(default=())
    aside: tuple[SpecialCard, ...] = field(default=())


def _count(hands: Mapping[str, Sequence[AnyVocesCard]], kind: Special) -> int:
    return sum(1 for cards in hands.values() for c in cards if isinstance(c, SpecialCard) and c.kind is kind)


def _holds(cards: Sequence[AnyVocesCard], kind: Special) -> int:
    return sum(1 for c in cards if isinstance(c, SpecialCard) and c.kind is kind)


def _wild_kinds(hands: Mapping[str, Sequence[AnyVocesCard]], name: str) -> tuple[Special, ...]:
    """The special cards that are wild in ``name``'s hand: the Raccoon, and the Dove when another player
    shows one (a Baboon never brings a Dove: special cards drawn for it are set aside)."""
    others_show_dove = any(_holds(cards, Special.DOVE) for other, cards in hands.items() if other != name)
    return (Special.RACCOON, Special.DOVE) if others_show_dove else (Special.RACCOON,)


def reveal(
    hands: Mapping[str, str | Sequence[AnyVocesCard]],
    draw_pile: Sequence[AnyVocesCard] = (),
    discard_pile: Sequence[AnyVocesCard] = (),
    seed: SeedLike = None,
    ace_low_straight: bool = False,
    tie_rule: TieRule = TieRule.SHARED,
    drawn: Sequence[VocesCard] | None = None,
    picks: Mapping[str, Sequence[VocesCard]] | None = None,
    repeat_picks: bool = False,
) -> RevealResult:
    """Resolve one hand for every player still in (``hands`` maps a name to five cards).

    Baboons need cards to draw: three come from ``draw_pile`` (shuffled by the seeded generator; when it
    runs out the discard pile is shuffled in); special cards turned up are set aside, as in a game.
    Each Baboon holder takes the drawn card that makes their hand best (lowest, when the Capybaras turn
    the ranking over); several players may take the same card, one player a different card for each
    Baboon unless ``repeat_picks``. A game in progress passes the three ``drawn`` cards and the ``picks``
    its players made (one drawn card per Baboon, in the order of the Baboons in the hand, as many as
    there are drawn cards when they must differ); a holder without picks takes the best cards.
    """
    parsed = {name: (parse_voces_cards(cards, count=5) if isinstance(cards, str) else tuple(cards)) for name, cards in hands.items()}
    rng = make_rng(seed)
    drawn_cards: tuple[VocesCard, ...] = tuple(drawn) if drawn is not None else ()
    if any(not isinstance(c, VocesCard) for c in drawn_cards):
        raise InputError(key="voces.error.drawn_numbered")
    aside: list[SpecialCard] = []
    # Capybaras are never drawn for a Baboon, so the direction is known before the Baboons are swapped
    flipped = _count(parsed, Special.CAPYBARA) % 2 == 1
    swaps: list[tuple[str, tuple[tuple[SpecialCard, VocesCard], ...]]] = []
    if _count(parsed, Special.BABOON) and drawn is None:
        pile = list(draw_pile)
        order = list(rng.permutation(len(pile))) if pile else []
        pile = [pile[i] for i in order]
        if sum(isinstance(c, VocesCard) for c in pile) < 3:  # special cards are set aside, not drawn
            extra = list(discard_pile)
            pile += [extra[i] for i in rng.permutation(len(extra))] if extra else []
        numbered = [c for c in pile if isinstance(c, VocesCard)]
        if len(numbered) < 3:
            raise InputError(key="voces.error.too_few_to_draw")
        third = pile.index(numbered[2])
        aside = [c for c in pile[:third] if isinstance(c, SpecialCard)]
        drawn_cards = tuple(numbered[:3])
    stranded = drawn is not None and not drawn_cards  # nothing left to draw: the Baboons count for nothing
    if _count(parsed, Special.BABOON) and not stranded:
        if not 1 <= len(drawn_cards) <= 3:
            raise InputError(key="voces.error.drawn_count")
        for name, cards in list(parsed.items()):
            baboons = [c for c in cards if isinstance(c, SpecialCard) and c.kind is Special.BABOON]
            if not baboons:
                continue
            swapped = baboons if repeat_picks else baboons[:len(drawn_cards)]
            left = baboons[len(swapped):]  # more Baboons than cards to take: these count for nothing
            rest = [c for c in cards if c not in baboons] + left
            chosen = (picks or {}).get(name)
            if chosen is not None:
                if (len(chosen) != len(swapped) or any(c not in drawn_cards for c in chosen)
                        or (not repeat_picks and len(set(chosen)) != len(chosen))):
                    each = "" if repeat_picks else Msg.of("voces.error.different")
                    raise InputError(key="voces.error.bad_pick", baboons=len(swapped), name=name, different=each)
                parsed[name] = tuple(rest) + tuple(chosen)
                swaps.append((name, tuple(zip(swapped, chosen))))
                continue
            options = (itertools.product(drawn_cards, repeat=len(swapped)) if repeat_picks
                       else itertools.permutations(drawn_cards, len(swapped)))
            best: tuple[VocesHand, tuple[VocesCard, ...]] | None = None
            for option in options:
                ranked = rank_voces_hand(rest + list(option), ace_low_straight, _wild_kinds(parsed, name),
                                         baboon_valueless=bool(left), lowest=flipped)
                if best is None or (ranked < best[0] if flipped else ranked > best[0]):
                    best = (ranked, option)
            assert best is not None
            parsed[name] = tuple(rest) + best[1]
            swaps.append((name, tuple(zip(swapped, best[1]))))
    eliminated: list[tuple[str, str]] = []
    if _count(parsed, Special.RACCOON) >= 2:
        eliminated += [(name, "raccoons") for name, cards in parsed.items() if _holds(cards, Special.RACCOON)]
    eliminated += [(name, "two_doves") for name, cards in parsed.items() if _holds(cards, Special.DOVE) >= 2 and (name, "raccoons") not in eliminated]
    out = {name for name, _ in eliminated}
    ranked_hands: list[tuple[str, VocesHand]] = []
    for name, cards in parsed.items():
        if name in out:
            continue
        wild_kinds = _wild_kinds(parsed, name)
        leftover = stranded or bool(_holds(cards, Special.BABOON))
        ranked_hands.append((name, rank_voces_hand(cards, ace_low_straight, wild_kinds, baboon_valueless=leftover, lowest=flipped)))
    winners: tuple[str, ...] = ()
    if ranked_hands:
        pick = min if flipped else max
        best_hand = pick(hand for _, hand in ranked_hands)
        tied = tuple(name for name, hand in ranked_hands if hand == best_hand)
        winners = tied if len(tied) == 1 or tie_rule is TieRule.SHARED else ()
    bonus = tuple((name, PENGUIN_BONUS) for name in winners if _holds(parsed[name], Special.EMPEROR_PENGUIN))
    return RevealResult(drawn_cards, tuple(swaps), tuple(eliminated), tuple(ranked_hands), flipped, winners, bonus, tuple(aside))


def ranking_reasons(result: RevealResult) -> tuple[tuple[str, VocesHand, str | None, Msg | None], ...]:
    """The hands still in, in the order they finish (the winner first; the worst first when the Capybaras
    turn the ranking over), each with the player placed just above it and why it ranks below that one
    (``None`` for the first).

    >>> [(name, above, why.text() if why else None) for name, _, above, why in ranking_reasons(
    ...     reveal({"A": "Ks1 Ks2 9s3 5s4 3s1", "B": "Ks3 Ks4 9s1 5s2 2s3"}))]
    [('A', None, None), ('B', 'A', 'Both have a pair of Kings; the kicker 3 beats the 2')]
    """
    ordered = sorted(result.ranked, key=lambda item: item[1], reverse=not result.reversed)
    rows: list[tuple[str, VocesHand, str | None, Msg | None]] = []
    for place, (name, hand) in enumerate(ordered):
        if not place:
            rows.append((name, hand, None, None))
            continue
        above_name, above = ordered[place - 1]
        why = compare_reason(hand, above, lowest=True) if result.reversed else compare_reason(above, hand)
        rows.append((name, hand, above_name, why))
    return tuple(rows)


def winning_reason(result: RevealResult) -> Msg:
    """Why the winner won: against the best of the other hands still in, the first thing that differs
    (an exact tie: the same values; nobody else in: no other hand).

    >>> winning_reason(reveal({"A": "Ks1 Ks2 9s3 5s4 3s1", "B": "Ks3 Ks4 9s1 5s2 2s3"})).text()
    'Against B: both have a pair of Kings; the kicker 3 beats the 2'
    """
    if not result.winners:
        return Msg.of("voces.why.alone")
    ranked = dict(result.ranked)
    best = ranked[result.winners[0]]
    others = [(name, hand) for name, hand in result.ranked if name not in result.winners]
    if not others:
        return Msg.of("voces.why.equal") if len(result.winners) > 1 else Msg.of("voces.why.alone")
    name, runner_up = (min if result.reversed else max)(others, key=lambda item: item[1])
    why = compare_reason(runner_up, best, lowest=True) if result.reversed else compare_reason(best, runner_up)
    return Msg.of("voces.why.against", player=name, reason=why)
