"""One game of PokerGuess as a state machine on the kit's game protocol (:class:`~pokerkit_teach.core.game.GameState`).

A round: everyone pays the initial bet; two private cards each and five community cards face up; a
betting phase; the last-card phase (each player shows one private card) and a second betting phase; the
check. Rounds go on until one player holds all the chips.

>>> from pokerkit_teach.games.pokerguess import PokerGuessRules, Predict, Prediction
>>> rules = PokerGuessRules(("Top", "Left", "Bottom", "Right"))
>>> state = rules.new_game(seed=1)
>>> state.players[state.current_player()]          # the player left of the dealer begins
'Left'
>>> state.round.phase
<PokerGuessPhase.BETTING1: 'betting1'>
>>> state.apply(Predict(1, Prediction.parse("3 red 2 pawns")))[-1].describe()
'Left predicts 3 red cards and 2 Pawns.'
>>> state.apply(Predict(2, Prediction.parse("3 red 2 pawns")))
Traceback (most recent call last):
...
pokerkit_teach.core.errors.IllegalAction: Left already holds that prediction; Bottom must name another one.
>>> before = state.undo()                          # the state before Left's prediction, cards to come included
>>> before.current_player(), len(before.history)
(1, 1)

How the kit reads the rules where they leave room (each is a rule option):

- The betting phase ends once everyone still in has had a turn since the last change (a new prediction
  or a raise) without changing anything; the player who made the change does not act again until
  someone else changes something.
- A player who cannot cover the bet must fold; a raise may not exceed what the raiser could pay.
- The check counts every card dealt, folded players' too (``count_folded_cards``). A player out of chips
  is dealt nothing, so counts for nothing; a deal that gives them cards is refused.
- Predictions are checked from the highest down: the colour group's size, the colour, the figure
  group's size, the figure (``check_order``: the rulebook's example also fits "both sizes first" and
  "the two sizes added up first"); colours rank by their number (``colour_order``).
- A pot that nobody wins is shared equally among those still in; chips that do not divide go one each
  to the players in checking order.
- A game also ends after ``max_rounds`` rounds (default 3000: with four counter bots about three games
  in four end by the rules before it, see docs/rules-readings.md); the player with the most chips is then
  counted as the winner (the outcome says the game ended at the kit's limit, ``by_rules=False``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Iterable

from pokerkit_teach.core.errors import IllegalAction
from pokerkit_teach.core.game import CHANCE, GameState, Outcome, TERMINAL, is_whole_number
from pokerkit_teach.core.i18n import ListRow
from pokerkit_teach.core.rng import SeedLike
from pokerkit_teach.core.limits import quoted
from pokerkit_teach.games.pokerguess.actions import (
    _PREDICTION_INDEX, Action, Check, Deal, Fold, LegalMoves, PokerGuessPhase, Predict, Reveal, Stay,
)
from pokerkit_teach.games.pokerguess.cards import DrezCard, pokerdrez_deck
from pokerkit_teach.games.pokerguess.check import Prediction, PredictionCheck, check_prediction, checking_order, order_reason
from pokerkit_teach.games.pokerguess.events import PokerGuessEvent, RoundResult
from pokerkit_teach.games.pokerguess.view import PokerGuessView

if TYPE_CHECKING:
    from pokerkit_teach.games.pokerguess.rules import PokerGuessRules

__all__ = ["PokerGuessState", "CHANCE", "TERMINAL"]

_PLAYING_DECK = tuple(c for c in pokerdrez_deck(include_neutral=False) if isinstance(c, DrezCard))


@dataclass
class _Round:
    number: int
    dealer: int
    private: tuple[tuple[DrezCard, ...], ...] = ()
    community: tuple[DrezCard, ...] = ()
    active: list[int] = field(default_factory=list)
    committed: list[int] = field(default_factory=list)
    predictions: dict[int, Prediction] = field(default_factory=dict)
    shown: dict[int, int] = field(default_factory=dict)
    pending: list[int] = field(default_factory=list)
    phase: PokerGuessPhase = PokerGuessPhase.DEAL
    next_seat: int = 0


_CHANCE_PHASES = (PokerGuessPhase.DEAL, PokerGuessPhase.CHECK)


class PokerGuessState(GameState[Action, "PokerGuessRules"]):
    """A game in progress; create one with :meth:`PokerGuessRules.new_game`.

    ``round`` is the round in play (its ``phase`` a :class:`PokerGuessPhase`), ``chips`` every seat's chips
    outside the pot, ``results`` the finished rounds (:class:`RoundResult`), ``outcome`` who won."""

    message_prefix: ClassVar[str] = "pokerguess"
    events: list[PokerGuessEvent]

    def __init__(self, rules: PokerGuessRules, seed: SeedLike = None, auto_chance: bool = True) -> None:
        self._start(rules, seed, auto_chance)
        self.chips = [rules.starting_chips] * rules.player_count
        self.results: list[RoundResult] = []
        self.departed: list[int] = []
        self.round = _Round(1, rules.first_dealer)
        self._outcome: Outcome | None = None
        if auto_chance:
            self._run_chance()

    # ------------------------------------------------------------------ reading
    @property
    def pot(self) -> int:
        return sum(self.round.committed) if self.round.committed else 0

    @property
    def current_bet(self) -> int:
        return max(self.round.committed) if self.round.committed else 0

    def is_terminal(self) -> bool:
        return self.round.phase is PokerGuessPhase.OVER

    @property
    def outcome(self) -> Outcome | None:
        """The winner (the player holding all the chips, or the most when the round limit stopped the
        game: ``by_rules`` is then False) and every seat's chips; ``None`` while the game runs."""
        return self._outcome

    def current_player(self) -> int:
        if self.is_terminal():
            return TERMINAL
        if self.round.phase in _CHANCE_PHASES:
            return CHANCE
        return self.round.next_seat

    def chance_action(self) -> Action | None:
        phase = self.round.phase
        return Deal() if phase is PokerGuessPhase.DEAL else Check() if phase is PokerGuessPhase.CHECK else None

    def _name(self, seat: int) -> str:
        return self.players[seat]

    def legal_moves(self, seat: int) -> LegalMoves:
        """``seat``'s legal moves as a :class:`LegalMoves` (cheap: nothing is built until asked for)."""
        r = self.round
        if self.is_terminal() or r.phase in _CHANCE_PHASES or seat != r.next_seat:
            return LegalMoves(seat)
        if r.phase is PokerGuessPhase.REVEAL:
            return LegalMoves(seat, reveal=True)
        to_cover = self.current_bet - r.committed[seat]
        own = r.predictions.get(seat)
        taken = tuple(sorted(_PREDICTION_INDEX[p] for s, p in r.predictions.items() if s != seat))
        can_stay = own is not None and to_cover <= self.chips[seat]
        most_raise = min(self.rules.max_raise, self.chips[seat] - to_cover)
        return LegalMoves(seat, betting=True, can_stay=can_stay, most_raise=max(-1, most_raise), taken=taken,
                          own=_PREDICTION_INDEX[own] if own is not None else None)

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every allowed action now (of ``seat``, if given): the chance step when one is due (only when no
        seat is given), else the moves of the seat to act. Predictions are listed for every colour,
        figure, count and raise: over 11,000 actions; bots use their view's :class:`LegalMoves`."""
        if self.is_terminal():
            return []
        chance = self.chance_action()
        if chance is not None:
            return [chance] if seat is None else []
        return list(self.legal_moves(self.round.next_seat if seat is None else seat))

    def events_for(self, seat: int | None) -> list[PokerGuessEvent]:
        """The log, the same for every seat: no entry names a hidden card (a revealed card and the cards of
        the check are shown to everyone)."""
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.rules.player_count):
            raise IllegalAction("pokerguess.illegal.no_such_seat", seat=seat)
        return list(self.events)

    def view_for(self, seat: int) -> PokerGuessView:
        """What ``seat`` may know now (see :class:`PokerGuessView`)."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.rules.player_count:
            raise IllegalAction("pokerguess.illegal.no_such_seat", seat=seat)
        r = self.round
        shown = tuple((s, r.private[s][i]) for s, i in sorted(r.shown.items()))
        to_cover = self.current_bet - r.committed[seat] if r.committed else 0
        most_raise = min(self.rules.max_raise, self.chips[seat] - to_cover)
        return PokerGuessView(seat, self.players, r.number, r.phase, tuple(r.private[seat]) if r.private else (), r.community,
                         shown, tuple(sorted(r.predictions.items())), tuple(self.chips), tuple(r.committed),
                         tuple(r.active), self.current_bet, self.pot, self.current_player(), to_cover, most_raise,
                         self.legal_moves(seat), self.results[-1] if self.results else None)

    # ------------------------------------------------------------------ checking
    def _check(self, action: Action) -> None:
        if self.is_terminal():
            raise IllegalAction("pokerguess.illegal.game_over")
        r = self.round
        if isinstance(action, (Deal, Check)):
            expected = {PokerGuessPhase.DEAL: Deal, PokerGuessPhase.CHECK: Check}.get(r.phase)
            if expected is None or not isinstance(action, expected):
                raise IllegalAction("pokerguess.illegal.not_chance_now")
            if isinstance(action, Deal):
                self._check_deal(action)
            return
        if not isinstance(action, (Predict, Stay, Fold, Reveal)):
            raise IllegalAction("pokerguess.illegal.unknown_action", action=quoted(action))
        if r.phase in _CHANCE_PHASES:
            raise IllegalAction("pokerguess.illegal.waiting_for_chance")
        seat = action.seat
        if not is_whole_number(seat) or not 0 <= seat < self.rules.player_count:
            raise IllegalAction("pokerguess.illegal.no_such_seat", seat=seat)
        player = self._name(seat)
        if seat != r.next_seat:
            raise IllegalAction("pokerguess.illegal.not_your_turn", player=player, to_act=self._name(r.next_seat))
        if r.phase is PokerGuessPhase.REVEAL:
            if not isinstance(action, Reveal):
                raise IllegalAction("pokerguess.illegal.reveal_now", player=player)
            if not is_whole_number(action.card) or action.card not in (0, 1):
                raise IllegalAction("pokerguess.illegal.no_such_card", card=action.card)
            return
        if isinstance(action, Reveal):
            raise IllegalAction("pokerguess.illegal.not_reveal_now")
        if isinstance(action, Fold):
            return
        to_cover = self.current_bet - r.committed[seat]
        if isinstance(action, Stay):
            if seat not in r.predictions:
                raise IllegalAction("pokerguess.illegal.needs_prediction", player=player)
            if to_cover > self.chips[seat]:
                raise IllegalAction("pokerguess.illegal.cannot_cover", player=player, need=to_cover, chips=self.chips[seat])
            return
        if not isinstance(action.prediction, Prediction):
            raise IllegalAction("pokerguess.illegal.unknown_action", action=quoted(action))
        raise_by = action.raise_by
        if not is_whole_number(raise_by) or not 0 <= raise_by <= self.rules.max_raise:
            raise IllegalAction("pokerguess.illegal.bad_raise", most=self.rules.max_raise, raise_by=raise_by)
        if to_cover + raise_by > self.chips[seat]:
            raise IllegalAction("pokerguess.illegal.cannot_cover", player=player, need=to_cover + raise_by, chips=self.chips[seat])
        for other, prediction in r.predictions.items():
            if other != seat and prediction == action.prediction:
                raise IllegalAction("pokerguess.illegal.prediction_taken", player=player, holder=self._name(other))
        if r.predictions.get(seat) == action.prediction and raise_by == 0:
            raise IllegalAction("pokerguess.illegal.no_change", player=player)

    def _check_deal(self, action: Deal) -> None:
        """A deal with its cards given (a replay, a scenario): two distinct playing cards for every seat
        with chips, none for a seat out of chips (``cards_for_player_out``), and five community cards;
        anything else (missing, empty or repeated cards, text or other values instead of cards) is
        ``bad_deal``. Nothing is changed by a refusal."""
        if action.private is None and action.community is None:
            return
        count = self.rules.player_count
        private, community = action.private, action.community
        if not isinstance(private, tuple) or not isinstance(community, tuple) or len(private) != count:
            raise IllegalAction("pokerguess.illegal.bad_deal")
        if not all(isinstance(hole, tuple) for hole in private):
            raise IllegalAction("pokerguess.illegal.bad_deal")
        for seat in range(count):
            if self.chips[seat] == 0 and private[seat]:
                raise IllegalAction("pokerguess.illegal.cards_for_player_out", player=self._name(seat))
        cards = [c for hole in private for c in hole] + list(community)
        if (
            len(community) != 5
            or any(len(private[s]) != (2 if self.chips[s] > 0 else 0) for s in range(count))
            or not all(isinstance(c, DrezCard) for c in cards)
            or len(set(cards)) != len(cards)
        ):
            raise IllegalAction("pokerguess.illegal.bad_deal")

    # ------------------------------------------------------------------ changing
    def _event(self, kind: str, seat: int | None = None, **params: Any) -> None:
        self.events.append(PokerGuessEvent(kind, self.round.number, len(self.history) - 1, seat, tuple(params.items())))

    def _seats_from(self, start: int, seats: Iterable[int]) -> list[int]:
        wanted = set(seats)
        count = self.rules.player_count
        return [(start + i) % count for i in range(count) if (start + i) % count in wanted]

    def _perform(self, action: Action) -> None:
        r = self.round
        if isinstance(action, Deal):
            action = self._deal(action)
            self.history.append(action)
            self._after_deal()
            return
        self.history.append(action)
        if isinstance(action, Check):
            self._check_round()
            return
        seat = action.seat
        player = self._name(seat)
        if isinstance(action, Reveal):
            r.shown[seat] = action.card
            self._event("revealed", seat, player=player, card=r.private[seat][action.card])
            order = self._seats_from(r.dealer + 1, r.active)
            remaining = [s for s in order if s not in r.shown]
            if remaining:
                r.next_seat = remaining[0]
            else:
                self._start_betting(PokerGuessPhase.BETTING2)
            return
        if isinstance(action, Fold):
            r.active.remove(seat)
            r.predictions.pop(seat, None)  # a player who folds no longer holds a prediction
            self._event("folded", seat, player=player)
            if seat in r.pending:
                r.pending.remove(seat)
        else:
            to_cover = self.current_bet - r.committed[seat]
            raise_by = action.raise_by if isinstance(action, Predict) else 0
            pay = to_cover + raise_by
            self.chips[seat] -= pay
            r.committed[seat] += pay
            if isinstance(action, Predict):
                r.predictions[seat] = action.prediction
                kind = "raised" if raise_by else "covered_predicted" if pay else "predicted"
                self._event(kind, seat, player=player, paid=pay, raise_by=raise_by, prediction=action.prediction)
                r.pending = [s for s in r.active if s != seat]  # everyone else may answer the change
            else:
                self._event("stayed" if pay else "kept", seat, player=player, paid=pay, prediction=r.predictions[seat])
                if seat in r.pending:
                    r.pending.remove(seat)
        if len(r.active) == 1:
            self._award_sole(r.active[0])
            return
        if not r.pending:
            if r.phase is PokerGuessPhase.BETTING1:
                r.phase = PokerGuessPhase.REVEAL
                r.next_seat = self._seats_from(r.dealer + 1, r.active)[0]
                self._event("reveal_phase")
            else:
                r.phase = PokerGuessPhase.CHECK
            return
        r.next_seat = self._seats_from(seat + 1, r.pending)[0]

    def _deal(self, action: Deal) -> Deal:
        r = self.round
        # the deck is shuffled whether the cards are given or not, so a replay draws what the game drew
        order = [_PLAYING_DECK[i] for i in self._rng.permutation(len(_PLAYING_DECK))]
        seats = self._seats_from(r.dealer + 1, [s for s in range(self.rules.player_count) if self.chips[s] > 0])
        if action.private is None or action.community is None:
            private: list[tuple[DrezCard, ...]] = [() for _ in range(self.rules.player_count)]
            for i, seat in enumerate(seats):
                private[seat] = (order[2 * i], order[2 * i + 1])
            community = tuple(order[2 * len(seats): 2 * len(seats) + 5])
            action = Deal(tuple(private), community)
        r.private = action.private or ()
        r.community = action.community or ()
        r.active = list(seats)
        r.committed = [0] * self.rules.player_count
        for seat in seats:
            pay = min(self.rules.initial_bet, self.chips[seat])
            self.chips[seat] -= pay
            r.committed[seat] = pay
        return action

    def _after_deal(self) -> None:
        r = self.round
        self._event("round_started", None, round=r.number, dealer=self._name(r.dealer), pot=self.pot,
                    community=ListRow(r.community))
        self._start_betting(PokerGuessPhase.BETTING1)

    def _start_betting(self, phase: PokerGuessPhase) -> None:
        r = self.round
        r.phase = phase
        r.pending = self._seats_from(r.dealer + 1, r.active)
        r.next_seat = r.pending[0]
        self._event("betting_started" if phase is PokerGuessPhase.BETTING1 else "betting_again")

    def _award_sole(self, seat: int) -> None:
        pot = self.pot
        self.chips[seat] += pot
        self._event("sole_winner", seat, player=self._name(seat), pot=pot)
        self.results.append(RoundResult(self.round.number, seat, pot, community=self.round.community))
        self._next_round()

    def _counted_seats(self) -> list[int]:
        r = self.round
        seats = range(self.rules.player_count) if self.rules.count_folded_cards else r.active
        return [s for s in seats if s < len(r.private) and r.private[s]]

    def cards_counted(self) -> list[DrezCard]:
        """The cards the check counts: the private cards of every seat dealt in (only of those still in,
        without ``count_folded_cards``), then the community cards."""
        r = self.round
        return [c for s in self._counted_seats() for c in r.private[s]] + list(r.community)

    def _check_round(self) -> None:
        r = self.round
        cards = self.cards_counted()
        pot = self.pot
        order = checking_order([(self._name(s), r.predictions[s]) for s in r.active], self.rules.colour_order,
                               self.rules.check_order)
        self._event("check_started", None, cards=ListRow(cards))
        checks: list[tuple[int, PredictionCheck]] = []
        winner: int | None = None
        for i, (name, prediction) in enumerate(order):
            seat = self.players.index(name)
            verdict = check_prediction(prediction, cards)
            checks.append((seat, verdict))
            if i == 0:
                self._event("checked", seat, player=name, prediction=prediction, verdict=verdict.reason)
            else:  # why it comes after the one before
                self._event("checked_after", seat, player=name, prediction=prediction, verdict=verdict.reason,
                            previous=order[i - 1][0], why=order_reason(order[i - 1], order[i], self.rules.check_order))
            if verdict.holds:
                winner = seat
                break
        if winner is not None:
            self.chips[winner] += pot
            self._event("pot_won", winner, player=self._name(winner), pot=pot)
        else:
            share, remainder = divmod(pot, len(r.active))
            ordered = [self.players.index(name) for name, _ in order]
            for i, seat in enumerate(ordered):
                self.chips[seat] += share + (1 if i < remainder else 0)
            if remainder:
                self._event("pot_shared_rest", None, pot=pot, players=len(r.active), share=share, remainder=remainder)
            else:  # nothing left over: nothing to say about it
                self._event("pot_shared", None, pot=pot, players=len(r.active), share=share)
        hands = tuple((s, tuple(r.private[s])) for s in self._counted_seats())
        self.results.append(RoundResult(r.number, winner, pot, tuple(checks), hands, r.community))
        self._next_round()

    def _next_round(self) -> None:
        r = self.round
        r.committed = [0] * self.rules.player_count
        left = [s for s in range(self.rules.player_count) if self.chips[s] > 0]
        for seat in range(self.rules.player_count):
            if self.chips[seat] == 0 and seat not in self.departed:
                self.departed.append(seat)
                self._event("left_game", seat, player=self._name(seat))
        if len(left) == 1 or r.number >= self.rules.max_rounds:
            winner = max(range(self.rules.player_count), key=lambda s: self.chips[s])
            kind = "game_won" if len(left) == 1 else "game_stopped"
            self._event(kind, winner, player=self._name(winner), chips=self.chips[winner], rounds=r.number)
            self._outcome = Outcome((winner,), tuple(float(c) for c in self.chips), by_rules=len(left) == 1)
            r.phase = PokerGuessPhase.OVER
            return
        dealer = self._seats_from(r.dealer + 1, left)[0]
        self.round = _Round(r.number + 1, dealer)

    def __repr__(self) -> str:
        return f"<PokerGuessState round {self.round.number}, phase {self.round.phase.value}, chips {self.chips}>"

