"""What Pokerface allows now, and why not: the checks :meth:`PokerfaceState.why_not` and
:meth:`PokerfaceState.apply` run before anything changes (a player's token move, or a chance step with the
cards it is forced to deal). A refusal is an :class:`~pokerkit_teach.core.errors.IllegalAction` with the
rule's catalogue key.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerkit_teach.core.errors import IllegalAction
from pokerkit_teach.core.game import is_whole_number
from pokerkit_teach.core.i18n import Msg
from pokerkit_teach.core.limits import quoted
from pokerkit_teach.holdem.cards import Card
from pokerkit_teach.games.pokerface.actions import (
    BOARD_PHASES, Action, DealBoard, DealHoleCards, Pass, PokerfacePhase, Showdown, TakeFromMiddle, TakeFromPlayer,
)
from pokerkit_teach.games.pokerface.events import Token

if TYPE_CHECKING:
    from pokerkit_teach.games.pokerface.state import PokerfaceState

__all__ = ["check"]


def _for(stage: str) -> Msg:
    """``for the flop``: the deal's step that forced cards are given for, in the reader's language."""
    return Msg.of(f"pokerface.phase_for.{stage}")


def check(state: "PokerfaceState", action: Action) -> None:
    """Raise :class:`IllegalAction` if ``action`` is not allowed in ``state`` now; change nothing."""
    if state.won is not None:
        raise IllegalAction("pokerface.illegal.game_over")
    if isinstance(action, (DealHoleCards, DealBoard, Showdown)):
        expected = state.chance_action()
        if expected is None:
            raise IllegalAction("pokerface.illegal.not_chance_now")
        if type(action) is not type(expected) or (
            isinstance(action, DealBoard) and isinstance(expected, DealBoard) and action.stage is not expected.stage
        ):
            raise IllegalAction("pokerface.illegal.wrong_chance_step", step=Msg.of(f"pokerface.phase.{state.phase.value}"))
        _check_forced_cards(state, action)
        return
    if not isinstance(action, (TakeFromMiddle, TakeFromPlayer, Pass)):
        raise IllegalAction("pokerface.illegal.unknown_action", action=quoted(action))
    token_round = state._round
    if token_round is None:
        raise IllegalAction("pokerface.illegal.waiting_for_chance", step=Msg.of(f"pokerface.first.{state.phase.value}"))
    seat = action.seat
    if not is_whole_number(seat) or not 0 <= seat < state._count:
        raise IllegalAction("pokerface.illegal.no_such_seat", seat=seat, count=state._count, last=state._count - 1)
    player = state._name(seat)
    suit = token_round.suit.symbol
    if not state.may_act(seat):
        raise IllegalAction("pokerface.illegal.not_your_turn", player=player, to_act=state._name(state.current_player()))
    if token_round.brake_queue is not None and not isinstance(action, TakeFromMiddle):
        raise IllegalAction("pokerface.illegal.brake_take_only", player=player, suit=suit)
    if isinstance(action, TakeFromMiddle):
        if not is_whole_number(action.token) or not 1 <= action.token <= state._count:
            raise IllegalAction("pokerface.illegal.no_such_token", token=action.token, count=state._count)
        holder = token_round.holder[action.token - 1]
        if holder is not None:
            key = "own_token" if holder == seat else "token_not_in_middle"
            raise IllegalAction(f"pokerface.illegal.{key}", player=player,
                                token=Token(token_round.suit, action.token), holder=state._name(holder))
    elif isinstance(action, TakeFromPlayer):
        target = action.target
        if not is_whole_number(target) or not 0 <= target < state._count:
            raise IllegalAction("pokerface.illegal.no_such_seat", seat=target, count=state._count, last=state._count - 1)
        if target == seat:
            raise IllegalAction("pokerface.illegal.take_from_self", player=player)
        if token_round.token_of(target) is None:
            raise IllegalAction("pokerface.illegal.target_has_none", target=state._name(target), suit=suit)
    else:
        if token_round.token_of(seat) is None:
            raise IllegalAction("pokerface.illegal.pass_without_token", player=player, suit=suit)
        if seat in token_round.done:
            raise IllegalAction("pokerface.illegal.already_done", player=player)


def _check_forced_cards(state: "PokerfaceState", action: Action) -> None:
    """Forced cards must be a tuple of :class:`Card` values of the right size, none of them twice and
    none already dealt in this deal; checked whole before anything changes."""
    if isinstance(action, DealHoleCards) and action.cards is not None:
        count = state._count
        given: object = action.cards
        if not isinstance(given, tuple) or not all(isinstance(pair, tuple) for pair in given):
            raise IllegalAction("pokerface.illegal.forced_not_cards", stage=_for(PokerfacePhase.HOLE.value), count=2 * count)
        if len(given) != count or any(len(pair) != 2 for pair in given):
            raise IllegalAction("pokerface.illegal.forced_hole_count", players=count)
        _check_card_values([card for pair in given for card in pair], _for(PokerfacePhase.HOLE.value), set())
    if isinstance(action, DealBoard) and action.cards is not None:
        size = BOARD_PHASES[action.stage]
        stage = _for(action.stage.value)
        cards: object = action.cards
        if not isinstance(cards, tuple):
            raise IllegalAction("pokerface.illegal.forced_not_cards", stage=stage, count=size)
        if len(cards) != size:
            raise IllegalAction("pokerface.illegal.forced_card_count", stage=stage, count=size, got=len(cards))
        _check_card_values(list(cards), stage, state.dealt_cards())


def _check_card_values(cards: list[object], stage: Msg, used: set[Card]) -> None:
    if not all(isinstance(card, Card) for card in cards):
        raise IllegalAction("pokerface.illegal.forced_not_cards", stage=stage, count=len(cards))
    seen: set[object] = set()
    for card in cards:
        if card in used:
            raise IllegalAction("pokerface.illegal.forced_card_dealt", card=str(card))
        if card in seen:
            raise IllegalAction("pokerface.illegal.forced_card_twice", card=str(card))
        seen.add(card)
