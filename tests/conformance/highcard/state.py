"""A game of High Card in progress, on the kit's game protocol."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

from pokerkit_teach.core.errors import IllegalAction, InputError
from pokerkit_teach.core.game import CHANCE, TERMINAL, GameState, Outcome
from pokerkit_teach.core.i18n import Items
from pokerkit_teach.core.rng import SeedLike
from tests.conformance.highcard.actions import DECK_SIZE, Action, Card, Deal, HighCardPhase, Showdown, Stand, Swap
from tests.conformance.highcard.events import HighCardEvent
from tests.conformance.highcard.view import HighCardView

if TYPE_CHECKING:
    from tests.conformance.highcard.rules import HighCardRules

__all__ = ["HighCardState"]

DECK = tuple(Card(value) for value in range(1, DECK_SIZE + 1))


class HighCardState(GameState[Action, "HighCardRules"]):
    message_prefix: ClassVar[str] = "highcard"
    events: list[HighCardEvent]

    def __init__(self, rules: HighCardRules, seed: SeedLike = None, auto_chance: bool = True) -> None:
        self._start(rules, seed, auto_chance)
        self.phase = HighCardPhase.DEAL
        self.deck: list[Card] = []
        self.cards: list[Card] = []
        self.moves: list[tuple[int, str]] = []
        self.winners: tuple[int, ...] = ()
        if auto_chance:
            self._run_chance()

    # ------------------------------------------------------------------ reading
    def is_terminal(self) -> bool:
        return self.phase is HighCardPhase.OVER

    @property
    def outcome(self) -> Outcome | None:
        if not self.is_terminal():
            return None
        return Outcome(self.winners, tuple(1.0 if s in self.winners else 0.0 for s in range(self.player_count)))

    def current_player(self) -> int:
        if self.phase is HighCardPhase.OVER:
            return TERMINAL
        if self.phase is HighCardPhase.TURNS:
            return len(self.moves)
        return CHANCE

    def chance_action(self) -> Action | None:
        return Deal() if self.phase is HighCardPhase.DEAL else Showdown() if self.phase is HighCardPhase.SHOWDOWN else None

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        player = self.current_player()
        if player == CHANCE:
            chance = self.chance_action()
            return [chance] if seat is None and chance is not None else []
        if player < 0 or (seat is not None and seat != player):
            return []
        return [Stand(player), Swap(player)]

    def view_for(self, seat: int) -> HighCardView:
        self._seat(seat)
        shown = tuple(self.cards) if self.phase is HighCardPhase.OVER else ()
        return HighCardView(seat, self.players, self.phase, self.cards[seat] if self.cards else None, tuple(self.moves),
                            shown, self.winners, self.current_player(), tuple(self.legal_actions(seat)))

    def events_for(self, seat: int | None) -> list[HighCardEvent]:
        """The log; the card a swap brought is named only to the player who swapped."""
        if seat is None:
            return list(self.events)
        self._seat(seat)
        return [event if event.kind != "swapped" or event.seat == seat else replace(event, kind="swapped_unseen")
                for event in self.events]

    def _seat(self, seat: Any) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.player_count:
            raise InputError(key="highcard.error.seat", seat=repr(seat)[:20], last=self.player_count - 1)

    # ------------------------------------------------------------------ checking
    def _check(self, action: Action) -> None:
        if self.is_terminal():
            raise IllegalAction("highcard.illegal.game_over")
        if isinstance(action, (Deal, Showdown)):
            if type(action) is not type(self.chance_action()):
                raise IllegalAction("highcard.illegal.not_chance_now")
            order = action.order if isinstance(action, Deal) else None
            if order is not None and (not isinstance(order, tuple) or not all(isinstance(card, Card) for card in order)
                                      or sorted(order) != list(DECK)):
                raise IllegalAction("highcard.illegal.bad_deck", size=DECK_SIZE)
            return
        if not isinstance(action, (Stand, Swap)):
            raise IllegalAction("highcard.illegal.unknown_action", action=repr(action)[:40])
        seat = action.seat
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.player_count:
            raise IllegalAction("highcard.illegal.no_such_seat", seat=repr(seat)[:20])
        if self.phase is not HighCardPhase.TURNS:
            raise IllegalAction("highcard.illegal.waiting_for_chance")
        if seat != self.current_player():
            raise IllegalAction("highcard.illegal.not_your_turn", player=self.players[seat],
                                to_act=self.players[self.current_player()])

    # ------------------------------------------------------------------ changing
    def _event(self, kind: str, seat: int | None = None, **params: Any) -> None:
        self.events.append(HighCardEvent(kind, 1, len(self.history) - 1, seat, tuple(params.items())))

    def _perform(self, action: Action) -> None:
        if isinstance(action, Deal):
            order = action.order or tuple(DECK[i] for i in self._rng.permutation(DECK_SIZE))
            self.history.append(Deal(order))
            count = self.player_count
            self.cards, self.deck = list(order[:count]), list(order[count:])
            self.phase = HighCardPhase.TURNS
            self._event("dealt", None, players=count)
        elif isinstance(action, Showdown):
            self.history.append(action)
            best = max(self.cards)
            self.winners = tuple(s for s, card in enumerate(self.cards) if card == best)
            self.phase = HighCardPhase.OVER
            self._event("shown", None, cards=", ".join(f"{p} {c}" for p, c in zip(self.players, self.cards)))
            if len(self.winners) == 1:
                self._event("won", self.winners[0], player=self.players[self.winners[0]], card=best.value)
            else:
                self._event("shared", None, players=Items([self.players[s] for s in self.winners]), card=best.value)
        else:
            self.history.append(action)
            name = self.players[action.seat]
            if isinstance(action, Swap):
                self.cards[action.seat] = self.deck.pop(0)
                self.moves.append((action.seat, "swap"))
                self._event("swapped", action.seat, player=name, card=self.cards[action.seat].value)
            else:
                self.moves.append((action.seat, "stand"))
                self._event("stood", action.seat, player=name)
            if len(self.moves) == self.player_count:
                self.phase = HighCardPhase.SHOWDOWN
