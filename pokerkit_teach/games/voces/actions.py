"""What can happen in Póker a Voces: the phases of a round, the players' moves and the chance steps, with a
short text notation for them, and the coins and hands every round is played with.

Players act with :class:`Offer`, :class:`Accept`, :class:`Withdraw` and :class:`Place` while trading,
:class:`Bet` and :class:`PlaceFive` while betting, :class:`Fold` or :class:`Stay` for each hand, and
:class:`Pick` when a Baboon is swapped. Chance acts with :class:`Deal`, :class:`DrawForBaboons` and
:class:`Resolve`; each carries what it drew, so a history replays without a random generator.

The notation is what scenario files, the command line and the apps use (seats by name)::

    Marina: offer Js1 9s2        Gema: accept Marina 3s4 4s1     Marina: withdraw
    Gema: place                  Gema: bet 1 0 0 1               Gema: five 3
    Marina: fold                 Marina: stay                    Gema: pick 2

``bet 1 0 0 1`` takes pile 1 and gives its coins to hands 1, 2 and 3 in that order; ``five 3`` puts
the 5-coin on hand 3; ``pick 2`` takes the second of the three drawn cards for the Baboon.

>>> parse_action("Gema: bet 1 0 0 1", ("Gema", "Marina", "Nacho"))
Bet(seat=0, pile=1, coins=(0, 0, 1))
>>> parse_action("Gema: bet 1 0 2 1", ("Gema", "Marina", "Nacho"))
Traceback (most recent call last):
...
pokerkit_teach.core.errors.InputError: 'Gema: bet 1 0 2 1': pile 1 holds the coins 0, 0, 1, so the three hands get exactly those (in any order)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Sequence, Union

from pokerkit_teach.core.errors import InputError, in_context
from pokerkit_teach.core.game import Phase, whole_number_fields
from pokerkit_teach.core.i18n import Items, Msg
from pokerkit_teach.core.limits import quoted
from pokerkit_teach.games.voces.cards import AnyVocesCard, SpecialCard, VocesCard, card_order, parse_voces_cards

__all__ = [
    "VocesPhase", "FoldTiming", "HANDS", "FOLD_BONUS", "COIN_VALUE", "FIVE", "PILES", "Offer", "Accept", "Withdraw", "Place", "Bet", "PlaceFive", "Fold", "Stay", "Pick",
    "Deal", "DrawForBaboons", "Resolve", "Action", "parse_action", "notation",
]

#: The three piles of coins every player starts a round with (the 5-coin lies beside them).
PILES: dict[int, tuple[int, int, int]] = {1: (0, 0, 1), 2: (0, 1, 1), 3: (0, 1, 2)}
FIVE = 5


def _in_order(cards: object) -> object:
    """Cards (a tuple of cards) in the kit's one order; anything else as it is, for the checks to refuse."""
    if isinstance(cards, tuple) and all(isinstance(card, (VocesCard, SpecialCard)) for card in cards):
        return tuple(sorted(cards, key=card_order))
    return cards


@dataclass(frozen=True, slots=True)
@whole_number_fields
class Offer:
    """Call out an offer of ``len(cards)`` cards (the others hear the number only). The cards are kept in
    the kit's one order (:func:`~pokerkit_teach.games.voces.cards.card_order`), so an offer of the same
    cards is the same move whatever order they were named in.

    >>> Offer(0, (VocesCard(9, 1), VocesCard(1, 2))) == Offer(0, (VocesCard(1, 2), VocesCard(9, 1)))
    True
    """

    seat: int
    cards: tuple[AnyVocesCard, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _in_order(self.cards))


@dataclass(frozen=True, slots=True)
@whole_number_fields
class Accept:
    """Take ``offerer``'s open offer, giving the same number of one's own cards; the swap happens at once."""

    seat: int
    offerer: int
    cards: tuple[AnyVocesCard, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _in_order(self.cards))


@dataclass(frozen=True, slots=True)
@whole_number_fields
class Withdraw:
    """Take back one's open offer."""

    seat: int


@dataclass(frozen=True, slots=True)
@whole_number_fields
class Place:
    """Put the five cards in hand face down under the next hand token (then draw five new ones)."""

    seat: int


@dataclass(frozen=True, slots=True)
@whole_number_fields
class Bet:
    """One betting step: take pile 1, 2 or 3 and give its coins to hands 1, 2, 3 (``coins`` in that order)."""

    seat: int
    pile: int
    coins: tuple[int, int, int]


@dataclass(frozen=True, slots=True)
@whole_number_fields
class PlaceFive:
    """Put the 5-coin on hand 1, 2 or 3 (any time during the coin steps, out of turn too)."""

    seat: int
    hand: int


@dataclass(frozen=True, slots=True)
@whole_number_fields
class Fold:
    """Give up the hand being decided: its coins go to the centre, the player scores +2 at the end."""

    seat: int


@dataclass(frozen=True, slots=True)
@whole_number_fields
class Stay:
    """Stay in the hand being decided: its coins go to the centre, the hand is revealed."""

    seat: int


@dataclass(frozen=True, slots=True)
@whole_number_fields
class Pick:
    """Choose, for each Baboon in one's hand (in hand order), one of the three drawn cards (1 to 3)."""

    seat: int
    choices: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance: the shuffled deck of the round, top card first (five to each player in seat order)."""

    order: tuple[AnyVocesCard, ...] | None = None


@dataclass(frozen=True, slots=True)
class DrawForBaboons:
    """Chance: three cards for the Baboons; ``reshuffled`` is the discard pile's new order when the deck
    ran out and it was shuffled in (placed under what was left of the deck)."""

    cards: tuple[VocesCard, ...] | None = None
    reshuffled: tuple[AnyVocesCard, ...] | None = None


@dataclass(frozen=True, slots=True)
class Resolve:
    """Chance without chance: reveal the hand being played and settle its coins."""


Action = Union[Offer, Accept, Withdraw, Place, Bet, PlaceFive, Fold, Stay, Pick, Deal, DrawForBaboons, Resolve]
PLAYER_ACTIONS = (Offer, Accept, Withdraw, Place, Bet, PlaceFive, Fold, Stay, Pick)
CHANCE_ACTIONS = (Deal, DrawForBaboons, Resolve)


def _ints(words: Sequence[str], what: str) -> list[int]:
    try:
        return [int(w) for w in words]
    except ValueError:
        raise InputError(key="voces.notation.whole_numbers", what=Msg.of(what), got=quoted(" ".join(words))) from None


def parse_action(text: str, players: Sequence[str]) -> Action:
    """Read one action in the notation above (player names as in ``players``)."""
    try:
        return _parse(text, tuple(players))
    except ValueError as error:
        raise in_context(error, repr(text)) from None


def _parse(text: str, players: tuple[str, ...]) -> Action:
    who, sep, rest = text.partition(":")
    if not sep:
        raise InputError(key="voces.notation.no_colon")
    name = who.strip()
    if name not in players:
        raise InputError(key="voces.notation.no_player", name=quoted(name), players=Items(players))
    seat = players.index(name)
    words = rest.split()
    if not words:
        raise InputError(key="voces.notation.no_action")
    verb, args = words[0].lower(), words[1:]
    if verb == "offer":
        return Offer(seat, parse_voces_cards(" ".join(args)))
    if verb == "accept":
        if not args or args[0] not in players:
            raise InputError(key="voces.notation.accept_whom", players=Items(players))
        return Accept(seat, players.index(args[0]), parse_voces_cards(" ".join(args[1:])))
    if verb in ("withdraw", "place", "fold", "stay") and args:
        raise InputError(key="voces.notation.nothing_after", verb=verb)
    if verb == "withdraw":
        return Withdraw(seat)
    if verb == "place":
        return Place(seat)
    if verb == "fold":
        return Fold(seat)
    if verb == "stay":
        return Stay(seat)
    if verb == "bet":
        numbers = _ints(args, "voces.notation.bet_numbers")
        if len(numbers) != 4 or numbers[0] not in PILES:
            raise InputError(key="voces.notation.bet_form")
        pile, coins = numbers[0], (numbers[1], numbers[2], numbers[3])
        if sorted(coins) != sorted(PILES[pile]):
            held = ", ".join(map(str, PILES[pile]))
            raise InputError(key="voces.notation.bet_coins", pile=pile, coins=held)
        return Bet(seat, pile, coins)
    if verb == "five":
        numbers = _ints(args, "voces.notation.hand_number")
        if len(numbers) != 1 or numbers[0] not in (1, 2, 3):
            raise InputError(key="voces.notation.five_form")
        return PlaceFive(seat, numbers[0])
    if verb == "pick":
        numbers = _ints(args, "voces.notation.pick_numbers")
        if not numbers or any(n not in (1, 2, 3) for n in numbers):
            raise InputError(key="voces.notation.pick_form")
        return Pick(seat, tuple(numbers))
    raise InputError(key="voces.notation.unknown_verb", verb=quoted(verb))


def notation(action: Action, players: Sequence[str]) -> str:
    """The text of a player's action (the inverse of :func:`parse_action`); chance steps have none.

    >>> notation(Accept(1, 0, parse_voces_cards("3s4 4s1")), ("Marina", "Gema"))
    'Gema: accept Marina 3s4 4s1'
    """
    def cards(items: Sequence[AnyVocesCard]) -> str:
        return " ".join(c.ascii if isinstance(c, VocesCard) else f"{c.kind.value}#{c.copy}" for c in items)

    if isinstance(action, CHANCE_ACTIONS):
        raise InputError(key="voces.notation.chance")
    name = players[action.seat]
    if isinstance(action, Offer):
        return f"{name}: offer {cards(action.cards)}"
    if isinstance(action, Accept):
        return f"{name}: accept {players[action.offerer]} {cards(action.cards)}"
    if isinstance(action, Bet):
        return f"{name}: bet {action.pile} {' '.join(map(str, action.coins))}"
    if isinstance(action, PlaceFive):
        return f"{name}: five {action.hand}"
    if isinstance(action, Pick):
        return f"{name}: pick {' '.join(map(str, action.choices))}"
    return f"{name}: {type(action).__name__.lower()}"


FOLD_BONUS = 2


COIN_VALUE = sum(sum(pile) for pile in PILES.values()) + FIVE  # a player's coins: 11


HANDS = (1, 2, 3)


class FoldTiming(enum.Enum):
    """When fold or stay is decided: for each hand just before it is revealed (default), or for all three
    hands at the end of the betting phase."""

    EACH_HAND = "each_hand"
    AT_BETTING = "at_betting"


class VocesPhase(Phase):
    """The phases of a round; the values name the message keys (``voces.illegal.now_betting``,
    ``apps.voces.play.phase.trading`` ...). ``deal``, ``draw`` and ``resolve`` are chance steps."""

    DEAL = "deal"
    TRADING = "trading"
    BETTING = "betting"
    DECIDING = "deciding"
    DRAW = "draw"
    PICKING = "picking"
    RESOLVE = "resolve"
    OVER = "over"
