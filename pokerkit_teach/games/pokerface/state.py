"""One game of Pokerface as a state machine.

A game is a series of deals; a deal is: hole cards, token round ♣, flop, round ♦, turn, round ♥, river,
round ♠, showdown. Dealing and the showdown are *chance steps*; the token rounds are the players'.

>>> from pokerkit_teach.games.pokerface import PokerfaceRules, TakeFromMiddle, Pass
>>> state = PokerfaceRules(("Anna", "Ben", "Carla", "Dan")).new_game(seed=1)
>>> state.players[state.current_player()]            # the player left of the dealer starts
'Ben'
>>> state.phase, state.round_suit
(<PokerfacePhase.ROUND: 'round'>, <Suit.CLUBS: 0>)
>>> [str(a) for a in state.legal_actions()][:2]
['TakeFromMiddle(seat=1, token=1)', 'TakeFromMiddle(seat=1, token=2)']
>>> events = state.apply(TakeFromMiddle(1, 4))
>>> events[-1].describe()
'Ben takes the 4♣ from the middle.'
>>> state.apply(Pass(2))
Traceback (most recent call last):
...
pokerkit_teach.core.errors.IllegalAction: Carla may not pass without a ♣ token.

``apply`` checks first and changes nothing when it refuses; every accepted action is appended to
``history`` and explained by the events it adds to ``events``. ``clone()`` and ``undo()`` are exact (the
cards still to come included), and ``PokerfaceState.from_history(rules, history)`` rebuilds a game from
its log:

>>> copy = state.clone()
>>> copy.apply(TakeFromMiddle(2, 1)) == state.apply(TakeFromMiddle(2, 1))
True
>>> state.undo().snapshot() == copy.undo().snapshot()
True
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Iterable

from pokerkit_teach.core.errors import InputError
from pokerkit_teach.core.game import CHANCE, SIMULTANEOUS, TERMINAL, GameState, Outcome
from pokerkit_teach.core.i18n import Items, Row
from pokerkit_teach.core.rng import SeedLike
from pokerkit_teach.holdem.cards import Card, Suit, french_deck
from pokerkit_teach.holdem.explain import description_msg
from pokerkit_teach.games.pokerface.actions import (
    BOARD_PHASES,
    Action,
    DealBoard,
    DealHoleCards,
    Pass,
    PokerfacePhase,
    PlayerAction,
    Showdown,
    Step,
    TakeFromMiddle,
    TakeFromPlayer,
)
from pokerkit_teach.games.pokerface.checks import check
from pokerkit_teach.games.pokerface.events import PokerfaceEvent, Token, token_text
from pokerkit_teach.games.pokerface.showdown import ShowdownResult, check_showdown
from pokerkit_teach.games.pokerface.view import PokerfaceView

if TYPE_CHECKING:
    from pokerkit_teach.games.pokerface.rules import PokerfaceRules

__all__ = ["PokerfaceState", "CHANCE", "TERMINAL", "SIMULTANEOUS", "TokenRound", "PokerfacePhase", "Step"]

# The event that tells of each board stage.
_DEALT = {PokerfacePhase.FLOP: "flop_dealt", PokerfacePhase.TURN: "turn_dealt", PokerfacePhase.RIVER: "river_dealt"}
_OVER = Step(PokerfacePhase.OVER)


@lru_cache(maxsize=None)
def _moves(count: int) -> tuple[tuple[tuple[TakeFromMiddle, ...], ...], tuple[tuple[TakeFromPlayer, ...], ...], tuple[Pass, ...]]:
    """Every player move of a table of ``count``, made once (moves are frozen values): ``[seat][token - 1]``
    takes from the middle, ``[seat][target]`` takes from a player, ``[seat]`` passes."""
    seats = range(count)
    return (tuple(tuple(TakeFromMiddle(seat, token) for token in range(1, count + 1)) for seat in seats),
            tuple(tuple(TakeFromPlayer(seat, target) for target in seats) for seat in seats),
            tuple(Pass(seat) for seat in seats))


class TokenRound:
    """The tokens of one suit during a deal. ``holder[n - 1]`` is the seat holding token n, or None
    while it lies in the middle; ``held[seat]`` is the token a seat holds, or None. ``turns`` counts
    what the emergency brake counts: every turn in a round with turns, every take (never a "done") in
    a free-for-all round."""

    __slots__ = ("suit", "holder", "held", "first_seat", "next_seat", "turns", "passes_in_row", "brake_queue", "done", "finished")

    def __init__(self, suit: Suit, players: int, first_seat: int) -> None:
        self.suit = suit
        self.holder: list[int | None] = [None] * players
        self.held: list[int | None] = [None] * players
        self.first_seat = first_seat
        self.next_seat = first_seat
        self.turns = 0
        self.passes_in_row = 0
        self.brake_queue: list[int] | None = None
        self.done: set[int] = set()
        self.finished = False

    def token_of(self, seat: int) -> int | None:
        """The token number the seat holds, or None."""
        return self.held[seat]

    def middle(self) -> list[int]:
        return [index + 1 for index, holder in enumerate(self.holder) if holder is None]

    def give(self, token: int, seat: int) -> None:
        """Move ``token`` to ``seat``: the seat's own token goes to the middle, the token's holder loses it."""
        own = self.held[seat]
        if own is not None:
            self.holder[own - 1] = None
        previous = self.holder[token - 1]
        if previous is not None:
            self.held[previous] = None
        self.holder[token - 1] = seat
        self.held[seat] = token

    def __repr__(self) -> str:
        return f"TokenRound({self.suit.symbol}, holder={self.holder}, turns={self.turns}, finished={self.finished})"


class PokerfaceState(GameState[Action, "PokerfaceRules"]):
    """A game in progress. Create one with :meth:`PokerfaceRules.new_game`.

    With ``auto_chance`` (the default) dealing and the showdown run by themselves after each player
    action; without it a lesson steps through them by applying the chance action that
    :meth:`legal_actions` offers.
    """

    message_prefix = "pokerface"

    events: list[PokerfaceEvent]

    def __init__(self, rules: PokerfaceRules, seed: SeedLike = None, auto_chance: bool = True) -> None:
        self._start(rules, seed, auto_chance)
        self.deal_number = 1
        self.dealer = rules.first_dealer
        self.successes = 0
        self.failures = 0
        self.deal_results: list[bool] = []
        self.showdowns: list[ShowdownResult] = []
        self.hole: tuple[tuple[Card, Card], ...] | None = None
        self.board: list[Card] = []
        self.rounds: dict[Suit, TokenRound] = {}
        self._deck: list[Card] = []
        self._steps: list[Step] = []
        self._step_index = 0
        self._round: TokenRound | None = None
        self._count = rules.player_count
        self._free_for_all = rules.free_for_all
        self.won: bool | None = None
        self._plan_deal()
        if auto_chance:
            self._run_chance()

    # ----------------------------------------------------------------- reading the state
    def is_terminal(self) -> bool:
        return self.won is not None

    @property
    def outcome(self) -> Outcome | None:
        """A team game: every seat wins (score 1) when the team wins, none (score 0) when it loses;
        ``None`` while the game runs."""
        if self.won is None:
            return None
        score = 1.0 if self.won else 0.0
        return Outcome(tuple(range(self._count)) if self.won else (), (score,) * self._count)

    @property
    def step(self) -> Step:
        """The current step of the deal: ``Step(PokerfacePhase.HOLE)``, ``Step(PokerfacePhase.ROUND, Suit.CLUBS)``,
        ``Step(PokerfacePhase.FLOP)`` ... (``Step(PokerfacePhase.OVER)`` once the game has ended)."""
        return self._steps[self._step_index] if self.won is None else _OVER

    @property
    def phase(self) -> PokerfacePhase:
        return self.step.phase

    @property
    def round_suit(self) -> Suit | None:
        """The suit of the token round being played, or None."""
        token_round = self._round
        return token_round.suit if token_round is not None else None

    @property
    def current_round(self) -> TokenRound | None:
        """The token round being played, or None during a chance step or after the game."""
        return self._round

    def current_player(self) -> int:
        """The seat to act, or ``CHANCE``, ``TERMINAL``, or ``SIMULTANEOUS`` (free-for-all rounds)."""
        if self.won is not None:
            return TERMINAL
        token_round = self._round
        if token_round is None:
            return CHANCE
        if token_round.brake_queue is not None:
            return token_round.brake_queue[0]
        if self._free_for_all:
            return SIMULTANEOUS
        return token_round.next_seat

    def seats_to_act(self) -> list[int]:
        """Every seat that may act now (all seats in a free-for-all round: each always has a move)."""
        player = self.current_player()
        if player == SIMULTANEOUS:
            return list(range(self._count))
        return [player] if player >= 0 else []

    def may_act(self, seat: int) -> bool:
        """Whether ``seat`` may make a move now."""
        token_round = self._round
        if token_round is None or self.won is not None:
            return False
        if token_round.brake_queue is not None:
            return token_round.brake_queue[0] == seat
        return self._free_for_all or token_round.next_seat == seat

    def token_of(self, seat: int, suit: Suit | None = None) -> int | None:
        """The token a seat holds in a round (default: the current round)."""
        token_round = self.rounds.get(suit) if suit is not None else self.current_round
        return token_round.token_of(seat) if token_round else None

    def chance_action(self) -> Action | None:
        """The chance step waiting to be applied (its cards not drawn yet), or None."""
        if self._round is not None or self.won is not None:
            return None
        phase = self._steps[self._step_index].phase
        if phase is PokerfacePhase.HOLE:
            return DealHoleCards()
        if phase is PokerfacePhase.SHOWDOWN:
            return Showdown()
        if phase in BOARD_PHASES:
            return DealBoard(phase)
        return None

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every action allowed now, in a stable order: takes from the middle by token number, takes
        from players by seat, then pass; for every seat that may act (or only for ``seat``). While a
        chance step is due it is the only action (and no seat has one)."""
        if self.won is not None:
            return []
        token_round = self._round
        if token_round is None:
            if seat is not None:
                return []
            chance = self.chance_action()
            return [chance] if chance is not None else []
        if seat is None:
            actions: list[Action] = []
            for acting in self.seats_to_act():
                actions += self._moves_of(token_round, acting)
            return actions
        if not self.may_act(seat):
            return []
        return self._moves_of(token_round, seat)

    def _moves_of(self, token_round: TokenRound, seat: int) -> list[Action]:
        middle, players, passes = _moves(self._count)
        takes = middle[seat]
        actions: list[Action] = [takes[index] for index, holder in enumerate(token_round.holder) if holder is None]
        if token_round.brake_queue is not None:
            return actions
        held = token_round.held
        targets = players[seat]
        actions += [targets[other] for other, token in enumerate(held) if token is not None and other != seat]
        if held[seat] is not None and seat not in token_round.done:
            actions.append(passes[seat])
        return actions

    def view_for(self, seat: int) -> PokerfaceView:
        """What ``seat`` may know now, with its legal moves."""
        return PokerfaceView.of(self, seat)

    def events_for(self, seat: int | None) -> list[PokerfaceEvent]:
        """The log as ``seat`` may read it: of the hole cards dealt, only its own (``None``: all of them,
        for a teacher's replay)."""
        if seat is None:
            return list(self.events)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self._count:
            raise InputError(key="pokerface.error.no_seat", seat=seat, last=self._count - 1)
        return [event if not event.secret else replace(event, secret=tuple(item for item in event.secret if item[0] == seat))
                for event in self.events]

    # ----------------------------------------------------------------- checking
    def _name(self, seat: int) -> str:
        return self.rules.players[seat]

    def dealt_cards(self) -> set[Card]:
        """The cards dealt in this deal so far: the hole cards and the board."""
        used = set(self.board)
        for pair in self.hole or ():
            used.update(pair)
        return used

    def _check(self, action: Action) -> None:
        check(self, action)

    # ----------------------------------------------------------------- changing
    def _event(self, kind: str, seat: int | None = None, rule: str = "", secret: Iterable[tuple[int, Any]] = (), **params: Any) -> None:
        self.events.append(PokerfaceEvent(kind, self.deal_number, len(self.history) - 1, seat, tuple(params.items()), rule, tuple(secret)))

    def _perform(self, action: Action) -> None:
        """Carry out one checked action; chance steps are recorded with the cards they drew."""
        if isinstance(action, DealHoleCards):
            self._deal_hole(action)
        elif isinstance(action, DealBoard):
            self._deal_board(action)
        elif isinstance(action, Showdown):
            self.history.append(action)
            self._showdown()
        else:
            self.history.append(action)
            self._player_move(action)

    # chance steps
    def _deal_hole(self, action: DealHoleCards) -> None:
        # The deck is shuffled whether the cards are given or not, so a replay draws what the game drew.
        order = self._rng.permutation(52)
        deck = [french_deck()[i] for i in order]
        count = self._count
        if action.cards is None:
            seats = [(self.dealer + 1 + i) % count for i in range(count)]
            dealt: dict[int, list[Card]] = {seat: [] for seat in seats}
            for _ in range(2):
                for seat in seats:
                    dealt[seat].append(deck.pop(0))
            cards = tuple((dealt[s][0], dealt[s][1]) for s in range(count))
            action = DealHoleCards(cards)
        else:
            cards = tuple((pair[0], pair[1]) for pair in action.cards)
            taken = {c for pair in cards for c in pair}
            deck = [c for c in deck if c not in taken]
        self.history.append(action)
        self.hole = cards
        self.board = []
        self._deck = deck
        self.rounds = {}
        self._event("deal_started", self.dealer, "deal", dealer=self._name(self.dealer), deal=self.deal_number)
        skipped = [s for s in (Suit.CLUBS, Suit.HEARTS) if s not in self._round_suits()]
        for suit in skipped:
            self._event("round_skipped", None, "rising_stakes", suit=suit.symbol, successes=self.successes)
        self._event(
            "hole_dealt", self.dealer, "hole_cards", dealer=self._name(self.dealer),
            secret=[(seat, (("player", self._name(seat)), ("cards", Row(cards[seat])))) for seat in range(count)],
        )
        self._advance()

    def _deal_board(self, action: DealBoard) -> None:
        size = BOARD_PHASES[action.stage]
        if action.cards is None:
            action = DealBoard(action.stage, tuple(self._deck[:size]))
        cards = tuple(action.cards or ())
        drawn = set(cards)
        self._deck = [c for c in self._deck if c not in drawn]
        self.history.append(action)
        self.board.extend(cards)
        self._event(_DEALT[action.stage], None, "board", cards=Row(cards), board=Row(self.board))
        self._advance()

    def _showdown(self) -> None:
        spades = self.rounds[Suit.SPADES]
        assert self.hole is not None
        order = [seat for seat in spades.holder if seat is not None]
        result = check_showdown(self.board, [(self._name(seat), self.hole[seat]) for seat in order])
        self.showdowns.append(result)
        players = self.rules.players
        for step in result.steps:
            self._event(
                "revealed", players.index(step.hand.name), "showdown_order",
                player=step.hand.name, token=token_text(Suit.SPADES, step.hand.token),
                cards=Row(step.hand.hole), description=description_msg(step.hand.result),
            )
            if step.comparison is not None:
                self._event("compared", players.index(step.hand.name), "showdown_order", verdict=step.verdict)
        self.deal_results.append(result.success)
        if result.success:
            self.successes += 1
        else:
            self.failures += 1
        self._event(
            "deal_success" if result.success else "deal_failure", None, "tally",
            successes=self.successes, failures=self.failures, summary=result.summary,
        )
        if self.successes >= self.rules.successes_to_win:
            self.won = True
            self._event("game_won", None, "game_end", deals=self.deal_number, successes=self.successes, failures=self.failures)
            return
        if self.failures >= self.rules.failures_to_lose:
            self.won = False
            self._event("game_lost", None, "game_end_soft" if self.rules.failures_to_lose == 4 else "game_end",
                        deals=self.deal_number, successes=self.successes, failures=self.failures)
            return
        self.deal_number += 1
        self.dealer = (self.dealer + 1) % self._count
        self._plan_deal()

    # the deal's steps
    def _round_suits(self) -> tuple[Suit, ...]:
        return self.rules.rounds_for(self.successes)

    def _plan_deal(self) -> None:
        suits = self._round_suits()
        steps = [Step(PokerfacePhase.HOLE)]
        for stage, suit in ((PokerfacePhase.FLOP, Suit.CLUBS), (PokerfacePhase.TURN, Suit.DIAMONDS), (PokerfacePhase.RIVER, Suit.HEARTS)):
            if suit in suits:
                steps.append(Step(PokerfacePhase.ROUND, suit))
            steps.append(Step(stage))
        steps += [Step(PokerfacePhase.ROUND, Suit.SPADES), Step(PokerfacePhase.SHOWDOWN)]
        self._steps = steps
        self._step_index = 0
        self._round = None

    def _advance(self) -> None:
        """Move to the next step of the deal; announce a token round when one starts."""
        self._step_index += 1
        phase, suit = self._steps[self._step_index]
        self._round = None
        if phase is PokerfacePhase.ROUND:
            assert suit is not None
            first = (self.dealer + 1) % self._count
            self._round = self.rounds[suit] = TokenRound(suit, self._count, first)
            tokens = Row(token_text(suit, n) for n in range(1, self._count + 1))
            if self._free_for_all:  # nobody begins: everyone may move at any moment
                self._event("round_started_free_for_all", None, "free_for_all", suit=suit.symbol, tokens=tokens)
            else:
                self._event("round_started", None, "round_start", suit=suit.symbol, tokens=tokens, first=self._name(first))

    # player moves
    def _player_move(self, action: PlayerAction) -> None:
        token_round = self._round
        assert token_round is not None
        seat = action.seat
        player = self._name(seat)
        suit = token_round.suit
        own = token_round.token_of(seat)
        in_brake = token_round.brake_queue is not None
        if isinstance(action, TakeFromMiddle):
            token_round.give(action.token, seat)
            kind = "took_middle_returned" if own is not None else "took_middle"
            rule = "brake_take" if in_brake else "take_middle"
            self._event(kind, seat, rule, player=player, token=Token(suit, action.token),
                        returned=Token(suit, own) if own is not None else "")
        elif isinstance(action, TakeFromPlayer):
            taken = token_round.token_of(action.target)
            assert taken is not None
            token_round.give(taken, seat)
            kind = "took_player_returned" if own is not None else "took_player"
            self._event(kind, seat, "take_player", player=player, target=self._name(action.target),
                        token=Token(suit, taken), returned=Token(suit, own) if own is not None else "")
        else:
            kind = "done" if self._free_for_all else "passed"
            self._event(kind, seat, "pass_done" if self._free_for_all else "pass", player=player, suit=suit.symbol)
        if in_brake:
            assert token_round.brake_queue is not None
            token_round.brake_queue.pop(0)
            if not token_round.brake_queue:
                self._end_round(token_round, "brake_end")
            return
        count = self._count
        if self._free_for_all:
            if isinstance(action, Pass):  # "I am done": no take, so the brake does not count it
                token_round.done.add(seat)
                if len(token_round.done) == count:
                    self._end_round(token_round, "all_done")
                return
            token_round.done.clear()
            if not self.rules.free_for_all_brake:
                return
            token_round.turns += 1
        else:
            token_round.turns += 1
            token_round.passes_in_row = token_round.passes_in_row + 1 if isinstance(action, Pass) else 0
            token_round.next_seat = (seat + 1) % count
            if token_round.passes_in_row == count:
                self._end_round(token_round, "all_passed")
                return
        if token_round.turns >= self.rules.brake_laps * count:
            order = [(token_round.first_seat + i) % count for i in range(count)]
            queue = [s for s in order if token_round.token_of(s) is None]
            kind = "brake_free_for_all" if self._free_for_all else "brake"
            if queue:
                self._event(kind, None, kind, laps=self.rules.brake_laps, players=Items(self._name(s) for s in queue))
            else:
                self._event(f"{kind}_all_hold", None, kind, laps=self.rules.brake_laps)
            token_round.brake_queue = queue
            if not queue:
                self._end_round(token_round, "brake_end")

    def _end_round(self, token_round: TokenRound, rule: str) -> None:
        token_round.finished = True
        token_round.brake_queue = None
        holdings = Items(
            f"{self._name(seat)} {token_text(token_round.suit, n + 1)}"
            for n, seat in enumerate(token_round.holder) if seat is not None
        )
        self._event("round_ended", None, rule, suit=token_round.suit.symbol, holdings=holdings)
        self._advance()

    def __repr__(self) -> str:
        return (f"<PokerfaceState deal {self.deal_number}, step {self.phase.value}, "
                f"{self.successes} successes, {self.failures} failures>")
