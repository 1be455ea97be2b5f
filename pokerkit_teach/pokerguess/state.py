"""One game of PokerGuess as a state machine.

A round: everyone pays the initial bet; two private cards each and five community cards face up; a
betting phase; the last-card phase (each player shows one private card) and a second betting phase; the
check. Rounds go on until one player holds all the chips.

>>> rules = PokerGuessRules(("Top", "Left", "Bottom", "Right"))
>>> state = rules.new_game(seed=1)
>>> state.players[state.current_player()]          # the player left of the dealer begins
'Left'
>>> state.apply(Predict(1, Prediction.parse("3 red 2 pawns")))[-1].describe()
'Left predicts 3 Red cards and 2 Pawns.'
>>> state.apply(Predict(2, Prediction.parse("3 red 2 pawns")))
Traceback (most recent call last):
...
pokerkit_teach.core.errors.IllegalAction: Left already holds that prediction; Bottom must name another one.

How the kit reads the rules where they leave room (each is a rule option):

- The betting phase ends once everyone still in has had a turn since the last change (a new prediction
  or a raise) without changing anything; the player who made the change does not act again until
  someone else changes something.
- A player who cannot cover the bet must fold; a raise may not exceed what the raiser could pay.
- The check counts every card dealt, folded players' too (``count_folded_cards``).
- A pot that nobody wins is shared equally among those still in; chips that do not divide go one each
  to the players in checking order.
- A game also ends after ``max_rounds`` rounds (default 200); the most chips then win.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Iterable, Sequence, Union

from pokerkit_teach.pokerguess.cards import DrezCard, pokerdrez_deck
from pokerkit_teach.core.errors import IllegalAction
from pokerkit_teach.core.game import CHANCE, TERMINAL, Checked, LogEvent
from pokerkit_teach.core.i18n import ListRow
from pokerkit_teach.core.rng import SeedLike, make_rng
from pokerkit_teach.pokerguess.check import ColourOrder, Prediction, PredictionCheck, check_prediction, checking_order

__all__ = [
    "replay_guess_history",
    "PokerGuessRules", "PokerGuessState", "Predict", "Stay", "Fold", "Reveal", "Deal", "Check",
    "GuessEvent", "GuessView", "CHANCE", "TERMINAL",
]



@dataclass(frozen=True, slots=True)
class Predict:
    """Cover the bet, raise it by ``raise_by`` (0 for no raise) and state a prediction."""

    seat: int
    prediction: Prediction
    raise_by: int = 0


@dataclass(frozen=True, slots=True)
class Stay:
    """Cover the bet and keep one's prediction (no change)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Fold:
    """Leave the round; the chips already in the pot stay there."""

    seat: int


@dataclass(frozen=True, slots=True)
class Reveal:
    """Last-card phase: show private card 0 or 1."""

    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance: the initial bets, two private cards each and five community cards (filled in when drawn)."""

    private: tuple[tuple[DrezCard, ...], ...] | None = None  # two cards per seat; none for a seat out of chips
    community: tuple[DrezCard, ...] | None = None


@dataclass(frozen=True, slots=True)
class Check:
    """Chance step without chance: reveal everything and check the predictions from the highest down."""


Action = Union[Predict, Stay, Fold, Reveal, Deal, Check]


@dataclass(frozen=True)
class PokerGuessRules:
    """Players in clockwise order and the rule options (defaults documented in the module)."""

    players: tuple[str, ...]
    first_dealer: int = 0
    starting_chips: int = 20
    initial_bet: int = 1
    max_raise: int = 3
    colour_order: ColourOrder = ColourOrder.BY_NUMBER
    count_folded_cards: bool = True
    max_rounds: int = 200

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", tuple(self.players))
        if not 2 <= len(self.players) <= 6:
            raise ValueError(f"PokerGuess is played here by 2 to 6 players, got {len(self.players)}")
        if len(set(self.players)) != len(self.players) or not all(self.players):
            raise ValueError("every player needs a different, non-empty name")
        if not 0 <= self.first_dealer < len(self.players):
            raise ValueError(f"the first dealer is seat 0 to {len(self.players) - 1}")
        if self.starting_chips < self.initial_bet or self.initial_bet < 1 or self.max_raise < 1 or self.max_rounds < 1:
            raise ValueError("starting chips must cover the initial bet; bets, raises and rounds are at least 1")

    @property
    def player_count(self) -> int:
        return len(self.players)

    def new_game(self, seed: SeedLike = None, auto_chance: bool = True) -> "PokerGuessState":
        return PokerGuessState(self, seed, auto_chance)


@dataclass(frozen=True)
class GuessEvent(LogEvent):
    """One entry of the log (see :class:`pokerkit_teach.core.game.LogEvent`)."""

    prefix: ClassVar[str] = "pokerguess.event"


@dataclass(frozen=True)
class GuessView:
    """What one player sees: own private cards, the community cards, every card shown, every prediction,
    every bet and all chips; never another player's hidden card."""

    seat: int
    players: tuple[str, ...]
    round: int
    phase: str
    private: tuple[DrezCard, ...]
    community: tuple[DrezCard, ...]
    shown: tuple[tuple[int, DrezCard], ...]
    predictions: tuple[tuple[int, Prediction], ...]
    chips: tuple[int, ...]
    committed: tuple[int, ...]
    active: tuple[int, ...]
    current_bet: int
    pot: int
    to_act: int
    to_cover: int
    most_raise: int


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
    phase: str = "deal"  # deal, betting1, reveal, betting2, check, over
    next_seat: int = 0


class PokerGuessState(Checked[Action]):
    """A game in progress; create one with :meth:`PokerGuessRules.new_game`."""

    def __init__(self, rules: PokerGuessRules, seed: SeedLike = None, auto_chance: bool = True) -> None:
        self.rules = rules
        self.auto_chance = auto_chance
        self._rng = make_rng(seed)
        self.chips = [rules.starting_chips] * rules.player_count
        self.history: list[Action] = []
        self.events: list[GuessEvent] = []
        self.results: list[dict[str, Any]] = []
        self.winner: int | None = None
        self.finished = False
        self.departed: list[int] = []
        self.round = _Round(1, rules.first_dealer)
        if auto_chance:
            self._run_chance()

    # ------------------------------------------------------------------ reading
    @property
    def players(self) -> tuple[str, ...]:
        return self.rules.players

    @property
    def pot(self) -> int:
        return sum(self.round.committed) if self.round.committed else 0

    @property
    def current_bet(self) -> int:
        return max(self.round.committed) if self.round.committed else 0

    def is_terminal(self) -> bool:
        return self.finished

    def current_player(self) -> int:
        if self.finished:
            return TERMINAL
        if self.round.phase in ("deal", "check"):
            return CHANCE
        return self.round.next_seat

    def _name(self, seat: int) -> str:
        return self.players[seat]

    def legal_actions(self) -> list[Action]:
        """Every allowed action now. Predictions are listed for every colour, figure, count and raise:
        several thousand actions; bots build their choice and ask :meth:`why_not` instead."""
        if self.finished:
            return []
        phase = self.round.phase
        if phase == "deal":
            return [Deal()]
        if phase == "check":
            return [Check()]
        seat = self.round.next_seat
        if phase == "reveal":
            return [Reveal(seat, 0), Reveal(seat, 1)]
        actions: list[Action] = [Fold(seat)]
        if self.why_not(Stay(seat)) is None:
            actions.append(Stay(seat))
        taken = {p for s, p in self.round.predictions.items() if s != seat}
        to_cover = self.current_bet - self.round.committed[seat]
        own = self.round.predictions.get(seat)
        for raise_by in range(0, self.rules.max_raise + 1):
            if to_cover + raise_by > self.chips[seat]:
                break
            for prediction in ALL_PREDICTIONS:
                if prediction in taken or (prediction == own and raise_by == 0):
                    continue
                actions.append(Predict(seat, prediction, raise_by))
        return actions

    def view_for(self, seat: int) -> GuessView:
        r = self.round
        shown = tuple((s, r.private[s][i]) for s, i in sorted(r.shown.items()))
        to_cover = self.current_bet - r.committed[seat] if r.committed else 0
        most_raise = min(self.rules.max_raise, self.chips[seat] - to_cover)
        return GuessView(seat, self.players, r.number, r.phase, tuple(r.private[seat]) if r.private else (), r.community,
                         shown, tuple(sorted(r.predictions.items())), tuple(self.chips), tuple(r.committed),
                         tuple(r.active), self.current_bet, self.pot, self.current_player(), to_cover, most_raise)

    def snapshot(self) -> tuple[Any, ...]:
        r = self.round
        return (tuple(self.history), len(self.events), tuple(self.chips), r.number, r.dealer, r.private, r.community,
                tuple(r.active), tuple(r.committed), tuple(sorted(r.predictions.items())), tuple(sorted(r.shown.items())),
                tuple(r.pending), r.phase, r.next_seat, self.finished, self.winner, repr(self._rng.bit_generator.state))

    # ------------------------------------------------------------------ checking
    def _check(self, action: Action) -> None:
        if self.finished:
            raise IllegalAction("pokerguess.illegal.game_over")
        r = self.round
        if isinstance(action, (Deal, Check)):
            expected = {"deal": Deal, "check": Check}.get(r.phase)
            if expected is None or not isinstance(action, expected):
                raise IllegalAction("pokerguess.illegal.not_chance_now")
            return
        if not isinstance(action, (Predict, Stay, Fold, Reveal)):
            raise IllegalAction("pokerguess.illegal.unknown_action", action=repr(action))
        if r.phase in ("deal", "check"):
            raise IllegalAction("pokerguess.illegal.waiting_for_chance")
        seat = action.seat
        if not isinstance(seat, int) or not 0 <= seat < self.rules.player_count:
            raise IllegalAction("pokerguess.illegal.no_such_seat", seat=seat)
        player = self._name(seat)
        if seat != r.next_seat:
            raise IllegalAction("pokerguess.illegal.not_your_turn", player=player, to_act=self._name(r.next_seat))
        if r.phase == "reveal":
            if not isinstance(action, Reveal):
                raise IllegalAction("pokerguess.illegal.reveal_now", player=player)
            if action.card not in (0, 1):
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
            raise IllegalAction("pokerguess.illegal.unknown_action", action=repr(action))
        raise_by = action.raise_by
        if not isinstance(raise_by, int) or not 0 <= raise_by <= self.rules.max_raise:
            raise IllegalAction("pokerguess.illegal.bad_raise", most=self.rules.max_raise, raise_by=raise_by)
        if to_cover + raise_by > self.chips[seat]:
            raise IllegalAction("pokerguess.illegal.cannot_cover", player=player, need=to_cover + raise_by, chips=self.chips[seat])
        for other, prediction in r.predictions.items():
            if other != seat and prediction == action.prediction:
                raise IllegalAction("pokerguess.illegal.prediction_taken", player=player, holder=self._name(other))
        if r.predictions.get(seat) == action.prediction and raise_by == 0:
            raise IllegalAction("pokerguess.illegal.no_change", player=player)

    # ------------------------------------------------------------------ changing
    def apply(self, action: Action) -> tuple[GuessEvent, ...]:
        """Check the action and carry it out (raises :class:`IllegalAction` and changes nothing if not allowed)."""
        self._check(action)
        start = len(self.events)
        self._perform(action)
        if self.auto_chance:
            self._run_chance()
        return tuple(self.events[start:])

    def _run_chance(self) -> None:
        while not self.finished and self.round.phase in ("deal", "check"):
            self._perform(Deal() if self.round.phase == "deal" else Check())

    def _event(self, kind: str, seat: int | None = None, **params: Any) -> None:
        self.events.append(GuessEvent(kind, self.round.number, len(self.history) - 1, seat, tuple(params.items())))

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
                self._start_betting("betting2")
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
            if r.phase == "betting1":
                r.phase = "reveal"
                r.next_seat = self._seats_from(r.dealer + 1, r.active)[0]
                self._event("reveal_phase")
            else:
                r.phase = "check"
            return
        r.next_seat = self._seats_from(seat + 1, r.pending)[0]

    def _deal(self, action: Deal) -> Deal:
        r = self.round
        deck = list(pokerdrez_deck(include_neutral=False))
        order = [deck[i] for i in self._rng.permutation(len(deck))]
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
        self._start_betting("betting1")

    def _start_betting(self, phase: str) -> None:
        r = self.round
        r.phase = phase
        r.pending = self._seats_from(r.dealer + 1, r.active)
        r.next_seat = r.pending[0]
        self._event("betting_started" if phase == "betting1" else "betting_again")

    def _award_sole(self, seat: int) -> None:
        pot = self.pot
        self.chips[seat] += pot
        self._event("sole_winner", seat, player=self._name(seat), pot=pot)
        self.results.append({"round": self.round.number, "winner": seat, "pot": pot, "checks": []})
        self._next_round()

    def cards_counted(self) -> list[DrezCard]:
        r = self.round
        seats = range(self.rules.player_count) if self.rules.count_folded_cards else r.active
        cards = [c for s in seats for c in (r.private[s] if s < len(r.private) else ())]
        return cards + list(r.community)

    def _check_round(self) -> None:
        r = self.round
        cards = self.cards_counted()
        pot = self.pot
        order = checking_order([(self._name(s), r.predictions[s]) for s in r.active], self.rules.colour_order)
        self._event("check_started", None, cards=ListRow(cards))
        checks: list[tuple[int, PredictionCheck]] = []
        winner: int | None = None
        for name, prediction in order:
            seat = self.players.index(name)
            verdict = check_prediction(prediction, cards)
            checks.append((seat, verdict))
            self._event("checked", seat, player=name, prediction=prediction, verdict=verdict.reason)
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
            self._event("pot_shared", None, pot=pot, players=len(r.active), share=share, remainder=remainder)
        self.results.append({"round": r.number, "winner": winner, "pot": pot, "checks": checks})
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
            self.finished = True
            self.winner = max(range(self.rules.player_count), key=lambda s: self.chips[s])
            kind = "game_won" if len(left) == 1 else "game_stopped"
            self._event(kind, self.winner, player=self._name(self.winner), chips=self.chips[self.winner], rounds=r.number)
            r.phase = "over"
            return
        dealer = self._seats_from(r.dealer + 1, left)[0]
        self.round = _Round(r.number + 1, dealer)

    def __repr__(self) -> str:
        return f"<PokerGuessState round {self.round.number}, phase {self.round.phase}, chips {self.chips}>"


def replay_guess_history(rules: PokerGuessRules, history: Sequence[Action]) -> PokerGuessState:
    """Rebuild a game from its history (the deals carry their cards, so no randomness is needed)."""
    state = PokerGuessState(rules, seed=0, auto_chance=False)
    for index, action in enumerate(history):
        try:
            state.apply(action)
        except IllegalAction as error:
            raise IllegalAction("pokerguess.illegal.in_history", index=index + 1, problem=str(error)) from None
    return state


from pokerkit_teach.pokerguess.cards import Colour, Figure  # noqa: E402

ALL_PREDICTIONS = tuple(
    Prediction(cc, colour, fc, figure)
    for colour in Colour for cc in range(1, 7) for figure in Figure for fc in range(1, 10)
)
