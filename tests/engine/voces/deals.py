"""Póker a Voces rounds the tests deal by hand: the rulebook example's players and stacked deck, and the moves
that bring a round to STOP and through even bets.
"""

from __future__ import annotations

from typing import Any, Sequence

from pokerkit_teach.games.voces import (
    VocesState,
)
from pokerkit_teach.games.voces.scenarios import VocesScenario
from pokerkit_teach.games.voces.cards import Special, SpecialCard, VocesCard, parse_voces_cards, voces_deck

# Where each hand lies in the deck when Gema places three times, Leo once, then Marina three times.
SLOTS = {("Gema", 1): 0, ("Marina", 1): 5, ("Leo", 1): 10, ("Gema", 2): 15, ("Gema", 3): 20, ("Leo", 2): 25,
         ("Marina", 2): 30, ("Marina", 3): 35, ("Leo", 3): 40}

PLAYERS = ("Gema", "Marina", "Leo")

TO_STOP = ["Gema: place"] * 3 + ["Leo: place"] + ["Marina: place"] * 3

EVEN_BETS = ["Marina: bet 1 0 0 1", "Leo: bet 1 0 0 1", "Gema: bet 1 0 0 1",
             "Marina: bet 2 0 1 1", "Leo: bet 2 0 1 1", "Gema: bet 2 0 1 1",
             "Marina: bet 3 0 1 2", "Leo: bet 3 0 1 2", "Gema: bet 3 0 1 2"]

# Where each hand lies in the deck when Gema places three times, Leo once, then Marina three times.
SLOTS = {("Gema", 1): 0, ("Marina", 1): 5, ("Leo", 1): 10, ("Gema", 2): 15, ("Gema", 3): 20, ("Leo", 2): 25,
         ("Marina", 2): 30, ("Marina", 3): 35, ("Leo", 3): 40}


def stacked(hands: dict[tuple[str, int], str], specials: Sequence[Special] = (), then: str = "") -> str:
    """A deck text: the given hands in their slots, the other slots filled with unused numbered cards,
    then ``then`` (the next cards to draw)."""
    chosen = {slot: list(parse_voces_cards(text)) for slot, text in hands.items()}
    # special cards written without "#copy" are numbered from 1 in each hand; renumber across hands
    seen: dict[Special, int] = {}
    for slot in sorted(chosen, key=lambda k: SLOTS[k]):
        for i, card in enumerate(chosen[slot]):
            if isinstance(card, SpecialCard):
                seen[card.kind] = seen.get(card.kind, 0) + 1
                chosen[slot][i] = SpecialCard(card.kind, seen[card.kind])
    after = list(parse_voces_cards(then))
    used = {c for cards in chosen.values() for c in cards} | set(after)
    spare = [c for c in voces_deck(3, specials) if isinstance(c, VocesCard) and c not in used]
    deck: list[Any] = []
    for slot in sorted(SLOTS, key=SLOTS.get):  # type: ignore[arg-type]
        deck += chosen.get(slot) or [spare.pop(0) for _ in range(5)]
    deck += after
    return " ".join(c.ascii if isinstance(c, VocesCard) else f"{c.kind.value}#{c.copy}" for c in deck)


def play(deck: str, moves: Sequence[str], specials: Sequence[Special] = (), **options: Any) -> VocesState:
    data = {"game": "voces", "players": list(PLAYERS), "options": {"specials": [s.value for s in specials], "rounds": 1, **options},
            "rounds": [{"deck": deck, "moves": list(moves)}]}
    return VocesScenario.from_dict(data, "test").replay().final
