"""One game of Pokerface as a state machine.

A game is a series of deals; a deal is: hole cards, token round ♣, flop, round ♦, turn, round ♥, river,
round ♠, showdown. Dealing and the showdown are *chance steps*; the token rounds are the players'.

>>> from pokerkit_teach.pokerface import PokerfaceRules, TakeFromMiddle, Pass
>>> state = PokerfaceRules(("Anna", "Ben", "Carla", "Dan")).new_game(seed=1)
>>> state.players[state.current_player()]            # the player left of the dealer starts
'Ben'
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
``history`` and explained by the events it adds to ``events``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Sequence

from pokerkit_teach.holdem.cards import Card, Suit, french_deck, parse_cards
from pokerkit_teach.core.errors import IllegalAction
from pokerkit_teach.core.game import CHANCE, SIMULTANEOUS, TERMINAL, Checked
from pokerkit_teach.holdem.explain import description_msg
from pokerkit_teach.pokerface.showdown import ShowdownResult, check_showdown
from pokerkit_teach.core.i18n import Row
from pokerkit_teach.core.rng import SeedLike, make_rng
from pokerkit_teach.pokerface.actions import Action, DealBoard, DealHoleCards, Pass, PlayerAction, Showdown, TakeFromMiddle, TakeFromPlayer
from pokerkit_teach.pokerface.events import Event, token_text
from pokerkit_teach.pokerface.views import PlayerView

if TYPE_CHECKING:
    from pokerkit_teach.pokerface.rules import PokerfaceRules

__all__ = ["PokerfaceState", "CHANCE", "TERMINAL", "SIMULTANEOUS", "TokenRound", "replay_history"]


_BOARD_SIZES = {"flop": 3, "turn": 1, "river": 1}


class TokenRound:
    """The tokens of one suit during a deal. ``holder[n - 1]`` is the seat holding token n, or None
    while it lies in the middle; ``held[seat]`` is the token a seat holds, or None."""

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

    def snapshot(self) -> tuple[Any, ...]:
        queue = tuple(self.brake_queue) if self.brake_queue is not None else None
        return (self.suit, tuple(self.holder), self.first_seat, self.next_seat, self.turns,
                self.passes_in_row, queue, frozenset(self.done), self.finished)

    def __repr__(self) -> str:
        return f"TokenRound({self.suit.symbol}, holder={self.holder}, turns={self.turns}, finished={self.finished})"


class PokerfaceState(Checked[Action]):
    """A game in progress. Create one with :meth:`PokerfaceRules.new_game`.

    With ``auto_chance`` (the default) dealing and the showdown run by themselves after each player
    action; without it a lesson steps through them by applying the chance action that
    :meth:`legal_actions` offers.
    """

    def __init__(self, rules: PokerfaceRules, seed: SeedLike = None, auto_chance: bool = True) -> None:
        self.rules = rules
        self.auto_chance = auto_chance
        self._rng = make_rng(seed)
        self.history: list[Action] = []
        self.events: list[Event] = []
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
        self._steps: list[tuple[str, Any]] = []
        self._step = 0
        self._round: TokenRound | None = None
        self._count = rules.player_count
        self._free_for_all = rules.free_for_all
        self.won: bool | None = None
        self._plan_deal()
        if auto_chance:
            self._run_chance()

    # ----------------------------------------------------------------- reading the state
    @property
    def players(self) -> tuple[str, ...]:
        return self.rules.players

    @property
    def player_count(self) -> int:
        return self.rules.player_count

    def is_terminal(self) -> bool:
        return self.won is not None

    @property
    def step(self) -> tuple[str, Any]:
        """The current step of the deal: ``("hole", None)``, ``("round", Suit)``, ``("flop", None)`` ..."""
        return self._steps[self._step] if not self.is_terminal() else ("over", None)

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
        """Every seat that may act now (all seats in a free-for-all round)."""
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
        """The chance step waiting to be applied, or None."""
        kind, _ = self.step
        if kind == "hole":
            return DealHoleCards()
        if kind in _BOARD_SIZES:
            return DealBoard(kind)
        if kind == "showdown":
            return Showdown()
        return None

    def legal_actions(self) -> list[Action]:
        """Every action allowed now, in a stable order: takes from the middle by token number, takes
        from players by seat, then pass."""
        if self.won is not None:
            return []
        token_round = self._round
        if token_round is None:
            chance = self.chance_action()
            return [chance] if chance is not None else []
        if token_round.brake_queue is not None:
            seat = token_round.brake_queue[0]
            return [TakeFromMiddle(seat, t) for t in token_round.middle()]
        actions: list[Action] = []
        middle = token_round.middle()
        holders = [seat for seat, token in enumerate(token_round.held) if token is not None]
        for seat in self.seats_to_act():
            actions += [TakeFromMiddle(seat, t) for t in middle]
            actions += [TakeFromPlayer(seat, other) for other in holders if other != seat]
            if token_round.held[seat] is not None and seat not in token_round.done:
                actions.append(Pass(seat))
        return actions

    def legal_actions_for(self, seat: int) -> list[Action]:
        """The moves ``seat`` may make now (empty when it is not this seat's turn)."""
        token_round = self._round
        if token_round is None or self.won is not None or not self.may_act(seat):
            return []
        middle = token_round.middle()
        actions: list[Action] = [TakeFromMiddle(seat, t) for t in middle]
        if token_round.brake_queue is not None:
            return actions
        held = token_round.held
        actions += [TakeFromPlayer(seat, other) for other, token in enumerate(held) if token is not None and other != seat]
        if held[seat] is not None and seat not in token_round.done:
            actions.append(Pass(seat))
        return actions

    def snapshot(self) -> tuple[Any, ...]:
        """Everything that makes up the state, as a comparable value (for tests and caches)."""
        return (
            tuple(self.history), len(self.events), self.deal_number, self.dealer, self.successes,
            self.failures, tuple(self.deal_results), self.hole, tuple(self.board),
            tuple((s, r.snapshot()) for s, r in self.rounds.items()), tuple(self._deck),
            tuple(self._steps), self._step, self.won, repr(self._rng.bit_generator.state),
        )

    # ----------------------------------------------------------------- checking
    def _name(self, seat: int) -> str:
        return self.players[seat]

    def _check(self, action: Action) -> None:
        """Raise :class:`IllegalAction` if ``action`` is not allowed now; change nothing."""
        if self.won is not None:
            raise IllegalAction("pokerface.illegal.game_over")
        if isinstance(action, (DealHoleCards, DealBoard, Showdown)):
            expected = self.chance_action()
            if expected is None:
                raise IllegalAction("pokerface.illegal.not_chance_now")
            if type(action) is not type(expected) or (
                isinstance(action, DealBoard) and isinstance(expected, DealBoard) and action.stage != expected.stage
            ):
                raise IllegalAction("pokerface.illegal.wrong_chance_step", step=self.step[0])
            self._check_forced_cards(action)
            return
        if not isinstance(action, (TakeFromMiddle, TakeFromPlayer, Pass)):
            raise IllegalAction("pokerface.illegal.unknown_action", action=repr(action))
        token_round = self._round
        if token_round is None:
            raise IllegalAction("pokerface.illegal.waiting_for_chance", step=self.step[0])
        seat = action.seat
        if not isinstance(seat, int) or not 0 <= seat < self._count:
            raise IllegalAction("pokerface.illegal.no_such_seat", seat=seat, count=self._count)
        player = self._name(seat)
        suit = token_round.suit.symbol
        if not self.may_act(seat):
            raise IllegalAction("pokerface.illegal.not_your_turn", player=player, to_act=self._name(self.current_player()))
        if token_round.brake_queue is not None and not isinstance(action, TakeFromMiddle):
            raise IllegalAction("pokerface.illegal.brake_take_only", player=player, suit=suit)
        if isinstance(action, TakeFromMiddle):
            if not isinstance(action.token, int) or not 1 <= action.token <= self.player_count:
                raise IllegalAction("pokerface.illegal.no_such_token", token=action.token, count=self.player_count)
            holder = token_round.holder[action.token - 1]
            if holder is not None:
                key = "own_token" if holder == seat else "token_not_in_middle"
                raise IllegalAction(f"pokerface.illegal.{key}", player=player,
                                    token=token_text(token_round.suit, action.token), holder=self._name(holder))
        elif isinstance(action, TakeFromPlayer):
            target = action.target
            if not isinstance(target, int) or not 0 <= target < self.player_count:
                raise IllegalAction("pokerface.illegal.no_such_seat", seat=target, count=self.player_count)
            if target == seat:
                raise IllegalAction("pokerface.illegal.take_from_self", player=player)
            if token_round.token_of(target) is None:
                raise IllegalAction("pokerface.illegal.target_has_none", target=self._name(target), suit=suit)
        else:
            if token_round.token_of(seat) is None:
                raise IllegalAction("pokerface.illegal.pass_without_token", player=player, suit=suit)
            if seat in token_round.done:
                raise IllegalAction("pokerface.illegal.already_done", player=player)

    def _check_forced_cards(self, action: Action) -> None:
        if isinstance(action, DealHoleCards) and action.cards is not None:
            if len(action.cards) != self.player_count or any(len(pair) != 2 for pair in action.cards):
                raise IllegalAction("pokerface.illegal.bad_cards", problem=f"two hole cards for each of {self.player_count} players")
            flat = [card for pair in action.cards for card in pair]
            try:
                parse_cards(flat)
            except ValueError as error:
                raise IllegalAction("pokerface.illegal.bad_cards", problem=str(error)) from None
        if isinstance(action, DealBoard) and action.cards is not None:
            size = _BOARD_SIZES[action.stage]
            if len(action.cards) != size:
                raise IllegalAction("pokerface.illegal.bad_cards", problem=f"the {action.stage} is {size} card(s), got {len(action.cards)}")
            used = self._used_cards()
            for card in action.cards:
                if card in used:
                    raise IllegalAction("pokerface.illegal.bad_cards", problem=f"{card} is already dealt")
            try:
                parse_cards(action.cards)
            except ValueError as error:
                raise IllegalAction("pokerface.illegal.bad_cards", problem=str(error)) from None

    def _used_cards(self) -> set[Card]:
        used = set(self.board)
        for pair in self.hole or ():
            used.update(pair)
        return used

    # ----------------------------------------------------------------- changing
    def apply(self, action: Action) -> tuple[Event, ...]:
        """Check ``action`` and carry it out; return the events it added (with ``auto_chance``, also
        those of the chance steps that followed). Raises :class:`IllegalAction` and changes nothing if
        the action is not allowed now."""
        self._check(action)
        start = len(self.events)
        self._perform(action)
        if self.auto_chance:
            self._run_chance()
        return tuple(self.events[start:])

    def _run_chance(self) -> None:
        while not self.is_terminal():
            chance = self.chance_action()
            if chance is None:
                return
            self._perform(chance)

    def _event(self, kind: str, seat: int | None = None, rule: str = "", secret: Iterable[tuple[int, Any]] = (), **params: Any) -> None:
        self.events.append(Event(kind, self.deal_number, len(self.history) - 1, seat, rule, tuple(params.items()), tuple(secret)))

    def _perform(self, action: Action) -> None:
        if isinstance(action, DealHoleCards):
            action = self._deal_hole(action)
        elif isinstance(action, DealBoard):
            action = self._deal_board(action)
        elif isinstance(action, Showdown):
            self.history.append(action)
            self._showdown()
            return
        else:
            self.history.append(action)
            self._player_move(action)
            return

    # chance steps
    def _deal_hole(self, action: DealHoleCards) -> DealHoleCards:
        order = self._rng.permutation(52)
        deck = [french_deck()[i] for i in order]
        count = self.player_count
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
        return action

    def _deal_board(self, action: DealBoard) -> DealBoard:
        size = _BOARD_SIZES[action.stage]
        if action.cards is None:
            cards = tuple(self._deck[:size])
            action = DealBoard(action.stage, cards)
        cards = tuple(action.cards or ())
        self._deck = [c for c in self._deck if c not in cards]
        self.history.append(action)
        self.board.extend(cards)
        self._event(f"{action.stage}_dealt", None, "board", cards=Row(cards), board=Row(self.board))
        self._advance()
        return action

    def _showdown(self) -> None:
        spades = self.rounds[Suit.SPADES]
        assert self.hole is not None
        order = [seat for seat in spades.holder if seat is not None]
        result = check_showdown(self.board, [(self._name(seat), self.hole[seat]) for seat in order])
        self.showdowns.append(result)
        for step in result.steps:
            self._event(
                "revealed", self.players.index(step.hand.name), "showdown_order",
                player=step.hand.name, token=token_text(Suit.SPADES, step.hand.token),
                cards=Row(step.hand.hole), description=description_msg(step.hand.result),
            )
            if step.comparison is not None:
                self._event("compared", self.players.index(step.hand.name), "showdown_order", verdict=step.verdict)
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
        self.dealer = (self.dealer + 1) % self.player_count
        self._plan_deal()

    # the deal's steps
    def _round_suits(self) -> tuple[Suit, ...]:
        return self.rules.rounds_for(self.successes)

    def _plan_deal(self) -> None:
        suits = self._round_suits()
        steps: list[tuple[str, Any]] = [("hole", None)]
        for stage, suit in (("flop", Suit.CLUBS), ("turn", Suit.DIAMONDS), ("river", Suit.HEARTS)):
            if suit in suits:
                steps.append(("round", suit))
            steps.append((stage, None))
        steps += [("round", Suit.SPADES), ("showdown", None)]
        self._steps = steps
        self._step = 0
        self._round = None

    def _advance(self) -> None:
        """Move to the next step of the deal; announce a token round when one starts."""
        self._step += 1
        kind, suit = self.step
        self._round = None
        if kind == "round":
            first = (self.dealer + 1) % self.player_count
            self._round = self.rounds[suit] = TokenRound(suit, self.player_count, first)
            rule = "free_for_all" if self.rules.free_for_all else "round_start"
            tokens = " ".join(token_text(suit, n) for n in range(1, self.player_count + 1))
            self._event("round_started", None, rule, suit=suit.symbol, tokens=tokens, first=self._name(first))

    # player moves
    def _player_move(self, action: PlayerAction) -> None:
        token_round = self.current_round
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
            self._event(kind, seat, rule, player=player, token=token_text(suit, action.token),
                        returned=token_text(suit, own) if own is not None else "")
        elif isinstance(action, TakeFromPlayer):
            taken = token_round.token_of(action.target)
            assert taken is not None
            token_round.give(taken, seat)
            kind = "took_player_returned" if own is not None else "took_player"
            self._event(kind, seat, "take_player", player=player, target=self._name(action.target),
                        token=token_text(suit, taken), returned=token_text(suit, own) if own is not None else "")
        else:
            kind = "done" if self._free_for_all else "passed"
            self._event(kind, seat, "pass_done" if self._free_for_all else "pass", player=player, suit=suit.symbol)
        if in_brake:
            assert token_round.brake_queue is not None
            token_round.brake_queue.pop(0)
            if not token_round.brake_queue:
                self._end_round(token_round, "brake_end")
            return
        token_round.turns += 1
        count = self.player_count
        if self._free_for_all:
            if isinstance(action, Pass):
                token_round.done.add(seat)
            else:
                token_round.done.clear()
            if len(token_round.done) == count:
                self._end_round(token_round, "all_done")
                return
        else:
            token_round.passes_in_row = token_round.passes_in_row + 1 if isinstance(action, Pass) else 0
            token_round.next_seat = (seat + 1) % count
            if token_round.passes_in_row == count:
                self._end_round(token_round, "all_passed")
                return
        if token_round.turns >= self.rules.brake_laps * count:
            order = [(token_round.first_seat + i) % count for i in range(count)]
            queue = [s for s in order if token_round.token_of(s) is None]
            self._event("brake", None, "brake", laps=self.rules.brake_laps,
                        players=", ".join(self._name(s) for s in queue))
            token_round.brake_queue = queue
            if not queue:
                self._end_round(token_round, "brake_end")

    def _end_round(self, token_round: TokenRound, rule: str) -> None:
        token_round.finished = True
        token_round.brake_queue = None
        holdings = ", ".join(
            f"{self._name(seat)} {token_text(token_round.suit, n + 1)}"
            for n, seat in enumerate(token_round.holder) if seat is not None
        )
        self._event("round_ended", None, rule, suit=token_round.suit.symbol, holdings=holdings)
        self._advance()

    # ----------------------------------------------------------------- copies and replays
    def clone(self) -> "PokerfaceState":
        """An independent copy (by replaying the history; the copy's random generator is fresh)."""
        copy = replay_history(self.rules, self.history, self.auto_chance)
        copy._rng = make_rng(None)
        copy._rng.bit_generator.state = self._rng.bit_generator.state
        return copy

    def undo(self) -> "PokerfaceState":
        """The state before the last player action (chance steps that followed it are undone too)."""
        last = max((i for i, a in enumerate(self.history) if isinstance(a, (TakeFromMiddle, TakeFromPlayer, Pass))), default=None)
        if last is None:
            raise IllegalAction("pokerface.illegal.nothing_to_undo")
        return replay_history(self.rules, self.history[:last], self.auto_chance)

    def view_for(self, seat: int) -> PlayerView:
        return PlayerView.of(self, seat)

    def __repr__(self) -> str:
        return (f"<PokerfaceState deal {self.deal_number}, step {self.step[0]}, "
                f"{self.successes} successes, {self.failures} failures>")


def replay_history(rules: PokerfaceRules, history: Sequence[Action], auto_chance: bool = True) -> PokerfaceState:
    """Rebuild a state from a recorded history (chance steps carry their cards, so no randomness is
    needed). Raises :class:`IllegalAction` naming the first entry that does not fit."""
    state = PokerfaceState(rules, seed=0, auto_chance=False)
    for index, action in enumerate(history):
        try:
            state.apply(action)
        except IllegalAction as error:
            raise IllegalAction("pokerface.illegal.in_history", index=index + 1, problem=str(error)) from None
    state.auto_chance = auto_chance
    if auto_chance:
        state._run_chance()
    return state



