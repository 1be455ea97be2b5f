"""What Póker a Voces allows now, and why not: the checks :meth:`VocesState.why_not` and
:meth:`VocesState.apply` run before anything changes. A refusal is an
:class:`~pokerkit_teach.core.errors.IllegalAction` with the rule's catalogue key.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from pokerkit_teach.core.game import is_whole_number
from pokerkit_teach.core.errors import IllegalAction
from pokerkit_teach.core.i18n import ListRow
from pokerkit_teach.core.limits import quoted
from pokerkit_teach.games.voces.actions import (
    CHANCE_ACTIONS, HANDS, PILES, PLAYER_ACTIONS, Accept, Action, Bet, Deal, DrawForBaboons, Fold, Offer, Pick, Place,
    PlaceFive, Resolve, Stay, VocesPhase, Withdraw,
)
from pokerkit_teach.games.voces.cards import SpecialCard, VocesCard
from pokerkit_teach.games.voces.reveal_steps import plan_draw

if TYPE_CHECKING:
    from pokerkit_teach.games.voces.state import VocesState

__all__ = ["check", "CHANCE_PHASES", "CHANCE_STEP"]

CHANCE_PHASES = (VocesPhase.DEAL, VocesPhase.DRAW, VocesPhase.RESOLVE)
# the chance step each chance phase waits for, and the refusal of a move made while another is awaited
CHANCE_STEP: dict[VocesPhase, type] = {VocesPhase.DEAL: Deal, VocesPhase.DRAW: DrawForBaboons, VocesPhase.RESOLVE: Resolve}
_TURN_MOVES: dict[VocesPhase, tuple[tuple[type, ...], str]] = {
    VocesPhase.BETTING: ((Bet,), "voces.illegal.now_betting"),
    VocesPhase.DECIDING: ((Fold, Stay), "voces.illegal.now_deciding"),
    VocesPhase.PICKING: ((Pick,), "voces.illegal.now_picking"),
}


def check(state: "VocesState", action: Action) -> None:
    """Raise :class:`IllegalAction` if ``action`` is not allowed in ``state`` now; change nothing."""
    if state.finished:
        raise IllegalAction("voces.illegal.game_over")
    r = state.round
    if isinstance(action, CHANCE_ACTIONS):
        malformed = _malformed(action)
        if malformed is not None:
            raise IllegalAction("voces.illegal.malformed", field=malformed[0], value=quoted(malformed[1]))
        expected = CHANCE_STEP.get(r.phase)
        if expected is None or not isinstance(action, expected):
            raise IllegalAction("voces.illegal.not_chance_now")
        if isinstance(action, Deal) and action.order is not None:
            if Counter(action.order) != Counter(state.rules.deck(r.number)):
                raise IllegalAction("voces.illegal.bad_deck", round=r.number)
        if isinstance(action, DrawForBaboons) and action.reshuffled is not None:
            if Counter(action.reshuffled) != Counter(r.discard):
                raise IllegalAction("voces.illegal.bad_reshuffle")
        if isinstance(action, DrawForBaboons) and action.cards is not None:
            drawn, _, _, missing = plan_draw(state, action.reshuffled)
            if tuple(drawn) != tuple(action.cards) or (missing and action.reshuffled is None):
                raise IllegalAction("voces.illegal.bad_draw", cards=ListRow(action.cards))
        return
    if not isinstance(action, PLAYER_ACTIONS):
        raise IllegalAction("voces.illegal.unknown_action", action=quoted(action))
    seat = action.seat
    if not is_whole_number(seat) or not 0 <= seat < state.rules.player_count:
        raise IllegalAction("voces.illegal.no_such_seat", seat=seat)
    malformed = _malformed(action)
    if malformed is not None:
        raise IllegalAction("voces.illegal.malformed", field=malformed[0], value=quoted(malformed[1]))
    player = state._name(seat)
    if r.phase in CHANCE_PHASES:
        raise IllegalAction("voces.illegal.waiting_for_chance")
    if isinstance(action, (Offer, Accept, Withdraw, Place)):
        if r.phase is not VocesPhase.TRADING:
            raise IllegalAction("voces.illegal.trading_over")
        _check_trade(state, action, player)
        return
    if r.phase is VocesPhase.TRADING:
        raise IllegalAction("voces.illegal.still_trading")
    if isinstance(action, PlaceFive):
        if r.phase is not VocesPhase.BETTING:
            raise IllegalAction("voces.illegal.five_only_betting")
        if r.five_on[seat] is not None:
            raise IllegalAction("voces.illegal.five_used", player=player, hand=r.five_on[seat])
        if action.hand not in HANDS:
            raise IllegalAction("voces.illegal.no_such_hand", hand=action.hand)
        return
    to_act = r.order[0]
    wanted, refusal = _TURN_MOVES[r.phase]
    if not isinstance(action, wanted):
        raise IllegalAction(refusal, player=state._name(to_act), hand=r.hand)
    if seat != to_act:
        raise IllegalAction("voces.illegal.not_your_turn", player=player, to_act=state._name(to_act))
    if isinstance(action, Bet):
        if action.pile not in r.piles[seat]:
            raise IllegalAction("voces.illegal.pile_gone", player=player, pile=action.pile,
                                piles=", ".join(map(str, r.piles[seat])))
        if not isinstance(action.coins, tuple) or sorted(action.coins) != sorted(PILES[action.pile]):
            raise IllegalAction("voces.illegal.wrong_coins", pile=action.pile, coins=", ".join(map(str, PILES[action.pile])))
    if isinstance(action, Pick):
        count = state._pick_count(seat)
        if len(action.choices) != count or any(c not in range(1, len(r.drawn) + 1) for c in action.choices):
            raise IllegalAction("voces.illegal.bad_pick", player=player, baboons=count, drawn=len(r.drawn))
        if not state.rules.baboon_same_card and len(set(action.choices)) != len(action.choices):
            raise IllegalAction("voces.illegal.same_drawn_card", player=player)


def _check_trade(state: "VocesState", action: Offer | Accept | Withdraw | Place, player: str) -> None:
    r = state.round
    seat = action.seat
    hand = r.hands[seat]
    if not hand:
        raise IllegalAction("voces.illegal.all_placed", player=player)
    if isinstance(action, Place):
        return
    if isinstance(action, Withdraw):
        if seat not in r.offers:
            raise IllegalAction("voces.illegal.no_offer", player=player)
        return
    cards = action.cards
    if not isinstance(cards, tuple) or not cards:
        raise IllegalAction("voces.illegal.no_cards")
    if len(set(cards)) != len(cards):
        raise IllegalAction("voces.illegal.same_card_twice")
    missing = [c for c in cards if c not in hand]
    if missing:
        raise IllegalAction("voces.illegal.not_in_hand", player=player, cards=ListRow(missing))
    if isinstance(action, Accept) and action.offerer == seat:
        raise IllegalAction("voces.illegal.own_offer", player=player)
    if seat in r.offers:
        raise IllegalAction("voces.illegal.offer_open", player=player)
    if isinstance(action, Accept):
        offerer = action.offerer
        if offerer not in r.offers:
            raise IllegalAction("voces.illegal.nothing_offered", offerer=state._name(offerer) if offerer in range(state.rules.player_count) else offerer)
        if len(cards) != len(r.offers[offerer]):
            raise IllegalAction("voces.illegal.same_number", offerer=state._name(offerer), count=len(r.offers[offerer]),
                                given=len(cards))




def _cards(value: Any, numbered: bool = False) -> bool:
    kinds = VocesCard if numbered else (VocesCard, SpecialCard)
    return isinstance(value, tuple) and all(isinstance(c, kinds) for c in value)


def _malformed(action: Action) -> tuple[str, Any] | None:
    """The first field of ``action`` whose value has the wrong type (field name, value), or ``None``: a
    pile, hand, coin or choice is a whole number, cards are a tuple of cards. Checked before anything
    else, so a bad value is refused by name instead of failing (or passing) further on."""
    if isinstance(action, (Offer, Accept)) and not _cards(action.cards):
        return "cards", action.cards
    if isinstance(action, Accept) and not is_whole_number(action.offerer):
        return "offerer", action.offerer
    if isinstance(action, Bet):
        if not is_whole_number(action.pile):
            return "pile", action.pile
        if not isinstance(action.coins, tuple) or len(action.coins) != 3 or not all(is_whole_number(c) for c in action.coins):
            return "coins", action.coins
    if isinstance(action, PlaceFive) and not is_whole_number(action.hand):
        return "hand", action.hand
    if isinstance(action, Pick) and (not isinstance(action.choices, tuple) or not all(is_whole_number(c) for c in action.choices)):
        return "choices", action.choices
    if isinstance(action, Deal) and action.order is not None and not _cards(action.order):
        return "order", action.order
    if isinstance(action, DrawForBaboons):
        if action.cards is not None and not _cards(action.cards, numbered=True):
            return "cards", action.cards
        if action.reshuffled is not None and not _cards(action.reshuffled):
            return "reshuffled", action.reshuffled
    return None
