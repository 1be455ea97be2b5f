"""One game of PokerGuess as a state machine on the kit's game protocol (:class:`~pokerkit_teach.core.game.GameState`).

A round: everyone pays the initial bet; two private cards each and five community cards face up; a
betting phase; the last-card phase (each player shows one private card) and a second betting phase; the
check. Rounds go on until one player holds all the chips.

>>> rules = PokerGuessRules(("Top", "Left", "Bottom", "Right"))
>>> state = rules.new_game(seed=1)
>>> state.players[state.current_player()]          # the player left of the dealer begins
'Left'
>>> state.round.phase
<GuessPhase.BETTING1: 'betting1'>
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

import bisect
from dataclasses import dataclass, field
from typing import Any, ClassVar, Iterable, Iterator, Sequence, Union, overload

from pokerkit_teach.core.errors import IllegalAction, OptionError
from pokerkit_teach.core.game import CHANCE, TERMINAL, GameState, LogEvent, Outcome, Phase
from pokerkit_teach.core.i18n import DEFAULT_LANGUAGE, ListRow, Msg
from pokerkit_teach.core.rng import SeedLike
from pokerkit_teach.pokerguess.cards import Colour, DrezCard, Figure, pokerdrez_deck
from pokerkit_teach.pokerguess.check import CheckOrder, ColourOrder, Prediction, PredictionCheck, check_prediction, checking_order, order_reason

__all__ = [
    "PokerGuessRules", "PokerGuessState", "GuessPhase", "Predict", "Stay", "Fold", "Reveal", "Deal", "Check", "Action",
    "GuessEvent", "GuessView", "LegalMoves", "RoundResult", "ALL_PREDICTIONS", "CHANCE", "TERMINAL",
]

# Every prediction there is: colour count 1-6 of each colour, figure count 1-9 of each figure.
ALL_PREDICTIONS = tuple(
    Prediction(cc, colour, fc, figure)
    for colour in Colour for cc in range(1, 7) for figure in Figure for fc in range(1, 10)
)
_PREDICTION_INDEX = {prediction: index for index, prediction in enumerate(ALL_PREDICTIONS)}
_PLAYING_DECK = tuple(c for c in pokerdrez_deck(include_neutral=False) if isinstance(c, DrezCard))


class GuessPhase(Phase):
    """The phases of a round; the values name them in the catalogue (``apps.guess.play.phase.<value>``)."""

    DEAL = "deal"
    BETTING1 = "betting1"
    REVEAL = "reveal"
    BETTING2 = "betting2"
    CHECK = "check"
    OVER = "over"


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


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class PokerGuessRules:
    """Players in clockwise order and the rule options (defaults documented in the module). A value the
    kit cannot use raises :class:`~pokerkit_teach.core.errors.OptionError` naming the option."""

    players: tuple[str, ...]
    first_dealer: int = 0
    starting_chips: int = 20
    initial_bet: int = 1
    max_raise: int = 3
    colour_order: ColourOrder = ColourOrder.BY_NUMBER
    count_folded_cards: bool = True
    max_rounds: int = 3000
    check_order: CheckOrder = CheckOrder.COLOUR_FIRST

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", tuple(self.players))
        if not 2 <= len(self.players) <= 6:
            raise OptionError("players", Msg.of("pokerguess.option.players"), len(self.players))
        if len(set(self.players)) != len(self.players) or not all(isinstance(p, str) and p for p in self.players):
            raise OptionError("players", Msg.of("pokerguess.option.names"), self.players)
        if not _whole(self.first_dealer) or not 0 <= self.first_dealer < len(self.players):
            raise OptionError("first_dealer", Msg.of("pokerguess.option.first_dealer", last=len(self.players) - 1), self.first_dealer)
        for name in ("initial_bet", "max_raise", "max_rounds"):
            value = getattr(self, name)
            if not _whole(value) or value < 1:
                raise OptionError(name, Msg.of("pokerguess.option.whole"), value)
        if not _whole(self.starting_chips) or self.starting_chips < self.initial_bet:
            raise OptionError("starting_chips", Msg.of("pokerguess.option.starting_chips", bet=self.initial_bet), self.starting_chips)
        if not isinstance(self.colour_order, ColourOrder):
            raise OptionError("colour_order", Msg.of("pokerguess.option.either", first=ColourOrder.BY_NUMBER.value,
                                                     second=ColourOrder.BY_NUMBER_REVERSED.value), self.colour_order)
        if not isinstance(self.count_folded_cards, bool):
            raise OptionError("count_folded_cards", Msg.of("pokerguess.option.true_false"), self.count_folded_cards)
        if not isinstance(self.check_order, CheckOrder):
            raise OptionError("check_order", Msg.of("pokerguess.option.one_of", names=", ".join(o.value for o in CheckOrder)),
                              self.check_order)

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
class RoundResult:
    """How a round ended: who took the pot (``None``: nobody's prediction held and it was shared), the
    pot, the checks from the highest prediction down (empty when everyone else folded), and the cards
    the check showed to everyone: the private cards it counted, by seat, and the community cards."""

    number: int
    winner: int | None
    pot: int
    checks: tuple[tuple[int, PredictionCheck], ...] = ()
    hands: tuple[tuple[int, tuple[DrezCard, ...]], ...] = ()
    community: tuple[DrezCard, ...] = ()

    @property
    def by_folding(self) -> bool:
        """True when everyone else folded and the pot went to the last player without a check."""
        return not self.checks

    @property
    def shared(self) -> bool:
        return self.winner is None

    @property
    def cards(self) -> tuple[DrezCard, ...]:
        """Every card the check counted (the private cards shown, then the community cards)."""
        return tuple(card for _, hole in self.hands for card in hole) + self.community


@dataclass(frozen=True)
class LegalMoves(Sequence[Action]):
    """The moves one seat may make now, in the order of :meth:`PokerGuessState.legal_actions`, without
    building them: fold, stay (if allowed), then every prediction not held by another player for each
    raise from 0 up to ``most_raise`` (the own prediction only with a raise). Over 11,000 moves, so
    the view carries this small value; ``action in moves`` is answered at once.

    >>> state = PokerGuessRules(("A", "B")).new_game(seed=1)
    >>> moves = state.view_for(1).legal_actions
    >>> len(moves), moves[0], moves[1]
    (11665, Fold(seat=1), Predict(seat=1, prediction=Prediction(colour_count=1, colour=<Colour.GRAY: 1>, figure_count=1, figure=<Figure.PAWN: 1>), raise_by=0))
    >>> list(moves) == state.legal_actions(1)
    True
    """

    seat: int = -1
    reveal: bool = False  # the last-card phase: show card 0 or 1
    betting: bool = False
    can_stay: bool = False
    most_raise: int = -1  # the highest raise the seat can pay; -1 when it cannot even cover the bet
    taken: tuple[int, ...] = ()  # indexes in ALL_PREDICTIONS of the other players' predictions, sorted
    own: int | None = None  # index of the seat's own prediction

    def _head(self) -> list[Action]:
        if self.reveal:
            return [Reveal(self.seat, 0), Reveal(self.seat, 1)]
        if not self.betting:
            return []
        return [Fold(self.seat), Stay(self.seat)] if self.can_stay else [Fold(self.seat)]

    def _excluded(self, raise_by: int) -> tuple[int, ...]:
        if raise_by == 0 and self.own is not None and self.own not in self.taken:
            return tuple(sorted((*self.taken, self.own)))
        return self.taken

    def _level(self, raise_by: int) -> int:
        return len(ALL_PREDICTIONS) - len(self._excluded(raise_by))

    def __len__(self) -> int:
        if not self.betting:
            return len(self._head())
        return len(self._head()) + sum(self._level(r) for r in range(self.most_raise + 1))

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        size = len(self)
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError("legal move index out of range")
        head = self._head()
        if index < len(head):
            return head[index]
        index -= len(head)
        for raise_by in range(self.most_raise + 1):
            level = self._level(raise_by)
            if index < level:
                position = index
                for excluded in self._excluded(raise_by):  # the index-th prediction not excluded
                    if excluded <= position:
                        position += 1
                    else:
                        break
                return Predict(self.seat, ALL_PREDICTIONS[position], raise_by)
            index -= level
        raise IndexError("legal move index out of range")  # pragma: no cover

    def __iter__(self) -> Iterator[Action]:
        yield from self._head()
        if not self.betting:
            return
        for raise_by in range(self.most_raise + 1):
            excluded = set(self._excluded(raise_by))
            for position, prediction in enumerate(ALL_PREDICTIONS):
                if position not in excluded:
                    yield Predict(self.seat, prediction, raise_by)

    def __contains__(self, action: object) -> bool:
        if isinstance(action, Predict):
            position = _PREDICTION_INDEX.get(action.prediction) if isinstance(action.prediction, Prediction) else None
            raise_by = action.raise_by
            if not self.betting or action.seat != self.seat or position is None or not _whole(raise_by):
                return False
            excluded = self._excluded(raise_by)
            found = bisect.bisect_left(excluded, position)
            return 0 <= raise_by <= self.most_raise and not (found < len(excluded) and excluded[found] == position)
        return action in self._head()


@dataclass(frozen=True)
class GuessView:
    """What one player may know, as the engine decides it: their own private cards, the community cards,
    every card shown, every prediction, every bet and all chips, the result of the last round (with the
    cards its check showed), and the moves they may make now; never another player's hidden card."""

    seat: int
    players: tuple[str, ...]
    round: int
    phase: GuessPhase
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
    legal_actions: LegalMoves
    last_result: RoundResult | None


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
    phase: GuessPhase = GuessPhase.DEAL
    next_seat: int = 0


_CHANCE_PHASES = (GuessPhase.DEAL, GuessPhase.CHECK)


class PokerGuessState(GameState[Action, PokerGuessRules]):
    """A game in progress; create one with :meth:`PokerGuessRules.new_game`.

    ``round`` is the round in play (its ``phase`` a :class:`GuessPhase`), ``chips`` every seat's chips
    outside the pot, ``results`` the finished rounds (:class:`RoundResult`), ``outcome`` who won."""

    message_prefix: ClassVar[str] = "pokerguess"
    events: list[GuessEvent]

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
        return self.round.phase is GuessPhase.OVER

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
        return Deal() if phase is GuessPhase.DEAL else Check() if phase is GuessPhase.CHECK else None

    def _name(self, seat: int) -> str:
        return self.players[seat]

    def legal_moves(self, seat: int) -> LegalMoves:
        """``seat``'s legal moves as a :class:`LegalMoves` (cheap: nothing is built until asked for)."""
        r = self.round
        if self.is_terminal() or r.phase in _CHANCE_PHASES or seat != r.next_seat:
            return LegalMoves(seat)
        if r.phase is GuessPhase.REVEAL:
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

    def log_for(self, seat: int | None, lang: str = DEFAULT_LANGUAGE, last: int | None = None) -> list[str]:
        """The log in words (the same for every seat: no entry names a hidden card; a revealed card and the
        cards of the check are shown to everyone); the ``last`` events only, if given."""
        events = self.events if last is None else self.events[-last:] if last > 0 else []
        return [event.describe(lang) for event in events]

    def view_for(self, seat: int) -> GuessView:
        """What ``seat`` may know now (see :class:`GuessView`)."""
        if not 0 <= seat < self.rules.player_count:
            raise IllegalAction("pokerguess.illegal.no_such_seat", seat=seat)
        r = self.round
        shown = tuple((s, r.private[s][i]) for s, i in sorted(r.shown.items()))
        to_cover = self.current_bet - r.committed[seat] if r.committed else 0
        most_raise = min(self.rules.max_raise, self.chips[seat] - to_cover)
        return GuessView(seat, self.players, r.number, r.phase, tuple(r.private[seat]) if r.private else (), r.community,
                         shown, tuple(sorted(r.predictions.items())), tuple(self.chips), tuple(r.committed),
                         tuple(r.active), self.current_bet, self.pot, self.current_player(), to_cover, most_raise,
                         self.legal_moves(seat), self.results[-1] if self.results else None)

    # ------------------------------------------------------------------ checking
    def _check(self, action: Action) -> None:
        if self.is_terminal():
            raise IllegalAction("pokerguess.illegal.game_over")
        r = self.round
        if isinstance(action, (Deal, Check)):
            expected = {GuessPhase.DEAL: Deal, GuessPhase.CHECK: Check}.get(r.phase)
            if expected is None or not isinstance(action, expected):
                raise IllegalAction("pokerguess.illegal.not_chance_now")
            if isinstance(action, Deal):
                self._check_deal(action)
            return
        if not isinstance(action, (Predict, Stay, Fold, Reveal)):
            raise IllegalAction("pokerguess.illegal.unknown_action", action=repr(action))
        if r.phase in _CHANCE_PHASES:
            raise IllegalAction("pokerguess.illegal.waiting_for_chance")
        seat = action.seat
        if not _whole(seat) or not 0 <= seat < self.rules.player_count:
            raise IllegalAction("pokerguess.illegal.no_such_seat", seat=seat)
        player = self._name(seat)
        if seat != r.next_seat:
            raise IllegalAction("pokerguess.illegal.not_your_turn", player=player, to_act=self._name(r.next_seat))
        if r.phase is GuessPhase.REVEAL:
            if not isinstance(action, Reveal):
                raise IllegalAction("pokerguess.illegal.reveal_now", player=player)
            if not _whole(action.card) or action.card not in (0, 1):
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
        if not _whole(raise_by) or not 0 <= raise_by <= self.rules.max_raise:
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
                self._start_betting(GuessPhase.BETTING2)
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
            if r.phase is GuessPhase.BETTING1:
                r.phase = GuessPhase.REVEAL
                r.next_seat = self._seats_from(r.dealer + 1, r.active)[0]
                self._event("reveal_phase")
            else:
                r.phase = GuessPhase.CHECK
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
        self._start_betting(GuessPhase.BETTING1)

    def _start_betting(self, phase: GuessPhase) -> None:
        r = self.round
        r.phase = phase
        r.pending = self._seats_from(r.dealer + 1, r.active)
        r.next_seat = r.pending[0]
        self._event("betting_started" if phase is GuessPhase.BETTING1 else "betting_again")

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
            r.phase = GuessPhase.OVER
            return
        dealer = self._seats_from(r.dealer + 1, left)[0]
        self.round = _Round(r.number + 1, dealer)

    def __repr__(self) -> str:
        return f"<PokerGuessState round {self.round.number}, phase {self.round.phase.value}, chips {self.chips}>"

