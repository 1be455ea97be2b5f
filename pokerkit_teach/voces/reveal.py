"""What happens when Póker a Voces hands are revealed: the special cards, one after another.

The rulebook does not give the order of the effects; the kit's default (from the known ambiguities):
Baboons are swapped first, then Raccoons and Doves eliminate players, then wild cards take their best
value, then the number of Capybaras sets whether the best or the worst hand wins.

>>> result = reveal({"Gema": "As1 Ks2 5s3 3s4 2s1", "Marina": "Js1 9s2 7s3 6s4 capybara"})
>>> result.winners, result.reversed
(('Marina',), True)
"""

from __future__ import annotations

import enum
import itertools
from dataclasses import dataclass, field
from typing import Mapping, Sequence

from pokerkit_teach.core.rng import SeedLike, make_rng
from pokerkit_teach.voces.cards import AnyVocesCard, Special, SpecialCard, VocesCard, parse_voces_cards
from pokerkit_teach.voces.ranking import VocesHand, rank_voces_hand

__all__ = ["TieRule", "RevealResult", "reveal", "PENGUIN_BONUS"]

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
    true when an odd number of Capybaras turned the ranking over; ``bonus`` gives the Emperor Penguin's
    +10 to a winner holding one.
    """

    drawn: tuple[VocesCard, ...]
    swaps: tuple[tuple[str, tuple[tuple[SpecialCard, VocesCard], ...]], ...]
    eliminated: tuple[tuple[str, str], ...]
    ranked: tuple[tuple[str, VocesHand], ...]
    reversed: bool
    winners: tuple[str, ...]
    bonus: tuple[tuple[str, int], ...] = field(default=())


def _count(hands: Mapping[str, Sequence[AnyVocesCard]], kind: Special) -> int:
    return sum(1 for cards in hands.values() for c in cards if isinstance(c, SpecialCard) and c.kind is kind)


def _holds(cards: Sequence[AnyVocesCard], kind: Special) -> int:
    return sum(1 for c in cards if isinstance(c, SpecialCard) and c.kind is kind)


def reveal(
    hands: Mapping[str, str | Sequence[AnyVocesCard]],
    draw_pile: Sequence[VocesCard] = (),
    discard_pile: Sequence[VocesCard] = (),
    seed: SeedLike = None,
    ace_low_straight: bool = False,
    tie_rule: TieRule = TieRule.SHARED,
    drawn: Sequence[VocesCard] | None = None,
    picks: Mapping[str, Sequence[VocesCard]] | None = None,
) -> RevealResult:
    """Resolve one hand for every player still in (``hands`` maps a name to five cards).

    Baboons need cards to draw: three come from ``draw_pile`` (shuffled by the seeded generator; when it
    runs out the discard pile is shuffled in). Each Baboon holder takes the drawn card that makes their
    hand best; several may take the same card. A game in progress passes the three ``drawn`` cards and
    the ``picks`` its players made (one drawn card per Baboon, in the order of the Baboons in the hand);
    a holder without picks takes the best cards.
    """
    parsed = {name: (parse_voces_cards(cards, count=5) if isinstance(cards, str) else tuple(cards)) for name, cards in hands.items()}
    rng = make_rng(seed)
    drawn_cards: tuple[VocesCard, ...] = tuple(drawn) if drawn is not None else ()
    swaps: list[tuple[str, tuple[tuple[SpecialCard, VocesCard], ...]]] = []
    if _count(parsed, Special.BABOON) and drawn is None:
        pile = list(draw_pile)
        order = list(rng.permutation(len(pile))) if pile else []
        pile = [pile[i] for i in order]
        if len(pile) < 3:
            extra = list(discard_pile)
            pile += [extra[i] for i in rng.permutation(len(extra))] if extra else []
        if len(pile) < 3:
            raise ValueError("a Baboon needs three cards to draw, but the draw and discard piles hold fewer")
        drawn_cards = tuple(pile[:3])
    stranded = drawn is not None and not drawn_cards  # nothing left to draw: the Baboons count for nothing
    if _count(parsed, Special.BABOON) and not stranded:
        if not 1 <= len(drawn_cards) <= 3:
            raise ValueError("a Baboon is swapped for one of three drawn cards (fewer only when the deck and the discard pile run dry)")
        for name, cards in list(parsed.items()):
            baboons = [c for c in cards if isinstance(c, SpecialCard) and c.kind is Special.BABOON]
            if not baboons:
                continue
            rest = [c for c in cards if c not in baboons]
            chosen = (picks or {}).get(name)
            if chosen is not None:
                if len(chosen) != len(baboons) or any(c not in drawn_cards for c in chosen):
                    raise ValueError(f"{name} must pick one of the drawn cards for each of their {len(baboons)} Baboon(s)")
                parsed[name] = tuple(rest) + tuple(chosen)
                swaps.append((name, tuple(zip(baboons, chosen))))
                continue
            best: tuple[VocesHand, tuple[VocesCard, ...]] | None = None
            for option in itertools.product(drawn_cards, repeat=len(baboons)):
                ranked = rank_voces_hand(rest + list(option), ace_low_straight)
                if best is None or ranked > best[0]:
                    best = (ranked, option)
            assert best is not None
            parsed[name] = tuple(rest) + best[1]
            swaps.append((name, tuple(zip(baboons, best[1]))))
    eliminated: list[tuple[str, str]] = []
    if _count(parsed, Special.RACCOON) >= 2:
        eliminated += [(name, "raccoons") for name, cards in parsed.items() if _holds(cards, Special.RACCOON)]
    eliminated += [(name, "two_doves") for name, cards in parsed.items() if _holds(cards, Special.DOVE) >= 2 and (name, "raccoons") not in eliminated]
    out = {name for name, _ in eliminated}
    ranked_hands: list[tuple[str, VocesHand]] = []
    for name, cards in parsed.items():
        if name in out:
            continue
        others_show_dove = any(_holds(c, Special.DOVE) for other, c in parsed.items() if other != name)
        wild_kinds = (Special.RACCOON, Special.DOVE) if others_show_dove else (Special.RACCOON,)
        ranked_hands.append((name, rank_voces_hand(cards, ace_low_straight, wild_kinds, baboon_valueless=stranded)))
    flipped = _count(parsed, Special.CAPYBARA) % 2 == 1
    winners: tuple[str, ...] = ()
    if ranked_hands:
        pick = min if flipped else max
        best_hand = pick(hand for _, hand in ranked_hands)
        tied = tuple(name for name, hand in ranked_hands if hand == best_hand)
        winners = tied if len(tied) == 1 or tie_rule is TieRule.SHARED else ()
    bonus = tuple((name, PENGUIN_BONUS) for name in winners if _holds(parsed[name], Special.EMPEROR_PENGUIN))
    return RevealResult(drawn_cards, tuple(swaps), tuple(eliminated), tuple(ranked_hands), flipped, winners, bonus)
