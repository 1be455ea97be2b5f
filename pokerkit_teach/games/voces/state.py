"""A game of Póker a Voces (three rounds by default) as a state machine.

A round: five cards to each player; trading (offers and acceptances, no turns) while players place hands
under tokens 1, 2 and 3; STOP when the second player has placed a third hand; three coin steps; for each
hand from 3 down to 1, everyone folds or stays, then the hands still in are revealed and the centre goes
to the best one. Scores: coins won, +2 per folded hand, +10 for winning a hand with an Emperor Penguin.

>>> rules = VocesRules(("Gema", "Marina", "Nacho"))
>>> state = rules.new_game(seed=3)
>>> state.phase, state.current_player() == SIMULTANEOUS       # trading has no turns
(<VocesPhase.TRADING: 'trading'>, True)
>>> offer = Offer(1, state.hand_of(1)[:2])
>>> state.apply(offer)[-1].describe()
'Marina calls out an offer of 2 cards.'
>>> state.apply(Offer(1, state.hand_of(1)[2:3]))
Traceback (most recent call last):
...
pokerkit_teach.core.errors.IllegalAction: Marina already has an offer open; withdraw it first.

What a player may know is decided here, in :meth:`VocesState.view_for`: Gema hears that Marina offers
two cards, not which:

>>> state.view_for(0).log[-1].describe(), state.view_for(0).offers
('Marina calls out an offer of 2 cards.', ((1, 2),))
>>> state.view_for(0).log[-1].param("cards") is None, state.view_for(1).log[-1].param("cards") == offer.cards
(True, True)

How the kit reads the rules where they leave room (each reading with another one as a rule option):

- Fold or stay is decided hand by hand, just before that hand is revealed (``fold_timing``; the other
  reading decides all three hands at the end of the betting phase).
- The 5-coin may be placed during the three coin steps, out of turn too; an unused 5-coin counts for
  its owner's score (``unused_five_scores``).
- An exact tie for the best hand shares the centre equally, a remainder is lost (``tie_rule``:
  or nobody wins). A-2-3-4-5 is no straight (``ace_low_straight``).
- Special cards drawn for a Baboon are put aside and replaced by the next card; when the deck is empty
  the discard pile is shuffled in once; a Baboon with nothing left to draw counts for nothing.
- One player with several Baboons takes a different drawn card for each (Baboons beyond the drawn cards
  count for nothing); ``baboon_same_card`` lets one player take the same card for several Baboons.
- Wild cards and Baboon picks go for the lowest hand when an odd number of Capybaras is revealed.
- "You won't be able to check them again": a player's own placed hands are not shown to them
  (``placed_hidden``; off for study, where every placed hand stays in view).
- A player with an open offer must withdraw it before accepting another one; placing a hand withdraws
  it. When STOP is called, open offers lapse.
"""

from __future__ import annotations

import enum
import itertools
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, ClassVar, Iterable, Sequence

from pokerkit_teach.core.errors import IllegalAction, InputError, OptionError
from pokerkit_teach.core.game import CHANCE, SIMULTANEOUS, TERMINAL, GameState, LogEvent, Outcome, Phase
from pokerkit_teach.core.i18n import DEFAULT_LANGUAGE, Items, ListRow, Msg, counted, message
from pokerkit_teach.core.rng import SeedLike
from pokerkit_teach.games.voces.cards import AnyVocesCard, Special, SpecialCard, VocesCard, special_named, voces_deck
from pokerkit_teach.games.voces.ranking import VocesHand
from pokerkit_teach.games.voces.reveal import TieRule, reveal, winning_reason
from pokerkit_teach.games.voces.actions import (
    CHANCE_ACTIONS, FIVE, PILES, PLAYER_ACTIONS, Accept, Action, Bet, Deal, DrawForBaboons, Fold, Offer, Pick, Place,
    PlaceFive, Resolve, Stay, Withdraw,
)

__all__ = [
    "FoldTiming", "VocesPhase", "VocesRules", "VocesState", "VocesEvent", "VocesView", "HiddenCards", "HiddenHand",
    "CHANCE", "TERMINAL", "SIMULTANEOUS", "FOLD_BONUS",
]

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


_CHANCE_PHASES = (VocesPhase.DEAL, VocesPhase.DRAW, VocesPhase.RESOLVE)
# the chance step each chance phase waits for, and the refusal of a move made while another is awaited
_CHANCE_STEP: dict[VocesPhase, type] = {VocesPhase.DEAL: Deal, VocesPhase.DRAW: DrawForBaboons, VocesPhase.RESOLVE: Resolve}
_TURN_MOVES: dict[VocesPhase, tuple[tuple[type, ...], str]] = {
    VocesPhase.BETTING: ((Bet,), "voces.illegal.now_betting"),
    VocesPhase.DECIDING: ((Fold, Stay), "voces.illegal.now_deciding"),
    VocesPhase.PICKING: ((Pick,), "voces.illegal.now_picking"),
}


def _round_specials(specials: Any, rounds: int) -> tuple[tuple[Special, ...], ...]:
    """The special cards of each round, from one list for all rounds or one list per round (kinds or their
    names); an unknown name or more than two kinds in a round raises :class:`OptionError` for ``specials``."""
    def listed(value: Any) -> list[Any]:
        if isinstance(value, (str, Special)):
            return [value]
        if isinstance(value, (list, tuple)):
            return list(value)
        raise OptionError("specials", Msg.of("voces.expected.specials_list"), value)

    items = listed(specials)
    if all(isinstance(s, (Special, str)) for s in items):
        items = [items] * rounds
    if len(items) != rounds:
        raise OptionError("specials", Msg.of("voces.expected.specials_rounds", rounds=rounds), len(items))
    result = []
    for number, kinds in enumerate(items, start=1):
        chosen: list[Special] = []
        for kind in listed(kinds):
            found = kind if isinstance(kind, Special) else special_named(kind) if isinstance(kind, str) else None
            if found is None:
                names = ", ".join(s.value for s in Special)
                raise OptionError("specials", Msg.of("voces.expected.specials_names", names=names, round=number), kind)
            chosen.append(found)
        if len(set(chosen)) != len(chosen) or len(chosen) > 2:
            raise OptionError("specials", Msg.of("voces.expected.specials_two", round=number), [k.value for k in chosen])
        result.append(tuple(chosen))
    return tuple(result)


def _choice(option: str, kind: type[enum.Enum], value: Any) -> Any:
    try:
        return kind(value)
    except ValueError:
        first, second = (str(k.value) for k in kind)
        raise OptionError(option, Msg.of("voces.expected.either", first=first, second=second), value) from None


@dataclass(frozen=True)
class VocesRules:
    """Players in clockwise order, the special cards of each round and the rule options. A value the game
    cannot use raises :class:`~pokerkit_teach.core.errors.OptionError` naming the option.

    >>> VocesRules(("A", "B", "C"), specials=["raccoon", "penguin"]).specials
    ((Special.RACCOON, Special.EMPEROR_PENGUIN), (Special.RACCOON, Special.EMPEROR_PENGUIN), (Special.RACCOON, Special.EMPEROR_PENGUIN))
    >>> VocesRules(("A", "B", "C"), tie_rule="coin toss")
    Traceback (most recent call last):
    ...
    pokerkit_teach.core.errors.OptionError: tie_rule: expected shared or nobody, got 'coin toss'
    """

    players: tuple[str, ...]
    specials: Any = (Special.RACCOON,)  # one list for every round, or one list per round
    rounds: int = 3
    ace_low_straight: bool = False
    tie_rule: TieRule = TieRule.SHARED
    fold_timing: FoldTiming = FoldTiming.EACH_HAND
    unused_five_scores: bool = True
    baboon_same_card: bool = False
    placed_hidden: bool = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", tuple(self.players))
        if not 3 <= len(self.players) <= 6:
            raise OptionError("players", Msg.of("voces.expected.players"), len(self.players))
        names = self.players
        if len(set(names)) != len(names) or not all(isinstance(p, str) and p and ":" not in p for p in names):
            raise OptionError("players", Msg.of("voces.expected.names"), names)
        if isinstance(self.rounds, bool) or not isinstance(self.rounds, int) or not 1 <= self.rounds <= 20:
            raise OptionError("rounds", Msg.of("voces.expected.rounds"), self.rounds)
        for option in ("ace_low_straight", "unused_five_scores", "baboon_same_card", "placed_hidden"):
            if not isinstance(getattr(self, option), bool):
                raise OptionError(option, Msg.of("voces.expected.true_false"), getattr(self, option))
        object.__setattr__(self, "specials", _round_specials(self.specials, self.rounds))
        object.__setattr__(self, "tie_rule", _choice("tie_rule", TieRule, self.tie_rule))
        object.__setattr__(self, "fold_timing", _choice("fold_timing", FoldTiming, self.fold_timing))

    @property
    def player_count(self) -> int:
        return len(self.players)

    def deck(self, round_number: int) -> tuple[AnyVocesCard, ...]:
        return voces_deck(self.player_count, self.specials[round_number - 1])

    def new_game(self, seed: SeedLike = None, auto_chance: bool = True) -> "VocesState":
        return VocesState(self, seed, auto_chance)


@dataclass(frozen=True)
class VocesEvent(LogEvent):
    """One entry of the log: what happened, in which round, after which action, to whom."""

    prefix: ClassVar[str] = "voces.event"


class HiddenCards:
    """What a player hears instead of cards they may not see: ``2 hidden cards``."""

    def __init__(self, count: int) -> None:
        self.count = count

    def localized(self, lang: str, spec: str = "") -> str:
        return counted("voces_hidden", self.count, lang)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HiddenCards) and other.count == self.count

    def __hash__(self) -> int:
        return hash(("HiddenCards", self.count))

    def __repr__(self) -> str:
        return f"HiddenCards({self.count})"


class HiddenHand:
    """What a player hears instead of a hand they may not see."""

    def localized(self, lang: str, spec: str = "") -> str:
        return message("voces.hidden.hand", lang)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HiddenHand)

    def __hash__(self) -> int:
        return hash("HiddenHand")

    def __repr__(self) -> str:
        return "HiddenHand()"


def _hidden(value: Any) -> Any:
    """A value of a message as someone hears it who may not see the cards: cards and hands hidden."""
    if isinstance(value, ListRow):
        return HiddenCards(len(value))
    if isinstance(value, VocesHand):
        return HiddenHand()
    return value


@dataclass(frozen=True)
class VocesView:
    """What one player may know, decided here and nowhere else. Own cards in hand, own open offer and own
    placed hands, except those filled blind (``None``); of the others only how many cards they offer and
    how many hands they placed. Coins, folds, revealed hands and scores are public. ``log`` is the game's
    log as this player may read it (the cards of other players' offers and of trades between others are
    left out), and ``legal_actions`` are this player's moves now."""

    seat: int
    players: tuple[str, ...]
    round: int
    phase: VocesPhase
    hand: tuple[AnyVocesCard, ...]
    placed: tuple[tuple[AnyVocesCard, ...] | None, ...]
    placed_counts: tuple[int, ...]
    own_offer: tuple[AnyVocesCard, ...]
    offers: tuple[tuple[int, int], ...]  # (seat, number of cards) of every open offer
    piles: tuple[tuple[int, ...], ...]
    five_on: tuple[int | None, ...]
    coins: tuple[tuple[tuple[int, ...], ...], ...]  # per seat, per hand 1-3: coins on it
    centre: tuple[int, int, int]
    folded: tuple[tuple[int, ...], ...]
    hand_in_play: int | None
    revealed: tuple[tuple[int, tuple[tuple[int, tuple[AnyVocesCard, ...]], ...]], ...]
    drawn: tuple[VocesCard, ...]
    won: tuple[int, ...]
    scores: tuple[int, ...]
    to_act: int
    specials: tuple[Special, ...]
    legal_actions: tuple[Action, ...] = ()
    log: tuple[VocesEvent, ...] = field(default=(), repr=False)
    placed_hidden: bool = False

    @property
    def placed_in_view(self) -> tuple[tuple[AnyVocesCard, ...] | None, ...]:
        """The placed hands a player sees on the table: face down (``None``) under the memory rule
        ("you won't be able to check them again", option ``placed_hidden``) or when filled blind. What a
        player remembers of them stays in ``placed`` (the bots play with a perfect memory).

        >>> rules = VocesRules(("A", "B", "C"))
        >>> state = rules.new_game(seed=1)
        >>> _ = state.apply(Place(0))
        >>> state.view_for(0).placed_in_view, len(state.view_for(0).placed[0])
        ((None,), 5)
        >>> study = VocesRules(("A", "B", "C"), placed_hidden=False).new_game(seed=1)
        >>> _ = study.apply(Place(0))
        >>> study.view_for(0).placed_in_view == study.view_for(0).placed
        True
        """
        return tuple(None for _ in self.placed) if self.placed_hidden else self.placed

    @property
    def finished_seats(self) -> tuple[int, ...]:
        """The seats with all three hands down while trading goes on."""
        if self.phase is not VocesPhase.TRADING:
            return ()
        return tuple(s for s, count in enumerate(self.placed_counts) if count == 3)

    @property
    def stop_callers(self) -> tuple[int, ...]:
        """The seats whose next placed hand calls STOP (STOP comes with the second player to place a
        third hand): once one player has finished, everyone with two hands down.

        >>> rules = VocesRules(("A", "B", "C"))
        >>> state = rules.new_game(seed=1)
        >>> for seat in (0, 0, 0, 1, 1):
        ...     _ = state.apply(Place(seat))
        >>> view = state.view_for(2)
        >>> view.finished_seats, view.stop_callers, view.if_stop_now()
        ((0,), (1,), (1, (2, 3)))
        """
        if len(self.finished_seats) != 1:
            return ()
        return tuple(s for s, count in enumerate(self.placed_counts) if count == 2)

    def if_stop_now(self) -> tuple[int | None, tuple[int, ...]]:
        """What STOP would do to this player's hands now: the token the cards in hand would go under
        (``None`` when no cards are held) and the tokens filled blind from the deck."""
        if self.phase is not VocesPhase.TRADING:
            return None, ()
        token = len(self.placed) + 1
        if not self.hand:
            return None, tuple(range(token, 4))
        return token, tuple(range(token + 1, 4))

    def heard(self, speaker: int, reason: Msg) -> Msg:
        """What this player may know of what ``speaker`` says (a bot's reason): their own words in full;
        another player's words without the cards and hands they name (hidden until a reveal), except the
        cards drawn for a Baboon, which lie face up for everyone.

        >>> view = VocesRules(("A", "B", "C")).new_game(seed=1).view_for(0)
        >>> said = Msg.of("voces.reason.offer", cards=ListRow(view.hand[:2]))
        >>> view.heard(1, said).text("en"), view.heard(0, said) == said
        ('I offer 2 hidden cards, which do not fit my hand.', True)
        """
        if speaker == self.seat or reason.key == "voces.reason.pick":
            return reason
        return Msg(reason.key, tuple((name, _hidden(value)) for name, value in reason.params))


@dataclass
class _Round:
    number: int
    deck: list[AnyVocesCard] = field(default_factory=list)
    discard: list[AnyVocesCard] = field(default_factory=list)
    hands: list[list[AnyVocesCard]] = field(default_factory=list)
    placed: list[list[tuple[AnyVocesCard, ...]]] = field(default_factory=list)
    blind: list[set[int]] = field(default_factory=list)  # token numbers filled blind
    offers: dict[int, tuple[AnyVocesCard, ...]] = field(default_factory=dict)
    finished: list[int] = field(default_factory=list)  # seats in the order they placed a third hand
    piles: list[list[int]] = field(default_factory=list)
    five_on: list[int | None] = field(default_factory=list)
    coins: list[dict[int, list[int]]] = field(default_factory=list)
    centre: dict[int, int] = field(default_factory=lambda: {1: 0, 2: 0, 3: 0})
    folded: list[set[int]] = field(default_factory=list)
    phase: VocesPhase = VocesPhase.DEAL
    starter: int = 0
    order: list[int] = field(default_factory=list)  # seats still to act in this step
    step: int = 0
    hand: int = 3  # the hand being decided or revealed
    drawn: tuple[VocesCard, ...] = ()
    aside: list[AnyVocesCard] = field(default_factory=list)
    picks: dict[int, tuple[VocesCard, ...]] = field(default_factory=dict)
    won: list[int] = field(default_factory=list)
    bonus: list[int] = field(default_factory=list)
    lost: int = 0
    revealed: dict[int, dict[int, tuple[AnyVocesCard, ...]]] = field(default_factory=dict)
    done: set[int] = field(default_factory=set)  # hands already revealed and settled


class CardCount(int):
    """A number of cards that words itself in the message's language ("1 card", "2 Karten")."""

    def localized(self, lang: str, spec: str = "") -> str:
        return counted("voces_cards", int(self), lang)


def _whole(value: Any) -> bool:
    """A whole number (not a truth value, not a float)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _cards(value: Any, numbered: bool = False) -> bool:
    kinds = VocesCard if numbered else (VocesCard, SpecialCard)
    return isinstance(value, tuple) and all(isinstance(c, kinds) for c in value)


def _malformed(action: Action) -> tuple[str, Any] | None:
    """The first field of ``action`` whose value has the wrong type (field name, value), or ``None``: a
    pile, hand, coin or choice is a whole number, cards are a tuple of cards. Checked before anything
    else, so a bad value is refused by name instead of failing (or passing) further on."""
    if isinstance(action, (Offer, Accept)) and not _cards(action.cards):
        return "cards", action.cards
    if isinstance(action, Accept) and not _whole(action.offerer):
        return "offerer", action.offerer
    if isinstance(action, Bet):
        if not _whole(action.pile):
            return "pile", action.pile
        if not isinstance(action.coins, tuple) or len(action.coins) != 3 or not all(_whole(c) for c in action.coins):
            return "coins", action.coins
    if isinstance(action, PlaceFive) and not _whole(action.hand):
        return "hand", action.hand
    if isinstance(action, Pick) and (not isinstance(action.choices, tuple) or not all(_whole(c) for c in action.choices)):
        return "choices", action.choices
    if isinstance(action, Deal) and action.order is not None and not _cards(action.order):
        return "order", action.order
    if isinstance(action, DrawForBaboons):
        if action.cards is not None and not _cards(action.cards, numbered=True):
            return "cards", action.cards
        if action.reshuffled is not None and not _cards(action.reshuffled):
            return "reshuffled", action.reshuffled
    return None


def _without(cards: Sequence[AnyVocesCard], remove: Sequence[AnyVocesCard]) -> list[AnyVocesCard]:
    gone = set(remove)
    return [c for c in cards if c not in gone]


def _baboons(cards: Iterable[AnyVocesCard]) -> int:
    return sum(1 for c in cards if isinstance(c, SpecialCard) and c.kind is Special.BABOON)


@lru_cache(maxsize=2048)
def _offers(seat: int, hand: tuple[AnyVocesCard, ...]) -> tuple[Action, ...]:
    """Placing ``hand``, or offering any of its cards (the same question comes many times while others
    trade, so the answer is kept: a pure function of its arguments, the state holds no cache)."""
    actions: list[Action] = [Place(seat)]
    for k in range(1, len(hand) + 1):
        actions += [Offer(seat, cards) for cards in itertools.combinations(hand, k)]
    return tuple(actions)


@lru_cache(maxsize=2048)
def _accepts(seat: int, hand: tuple[AnyVocesCard, ...], offerer: int, count: int) -> tuple[Action, ...]:
    """Every way to take ``offerer``'s offer of ``count`` cards, giving as many of ``hand``."""
    return tuple(Accept(seat, offerer, cards) for cards in itertools.combinations(hand, count))


class VocesState(GameState[Action, VocesRules]):
    """A game in progress; create one with :meth:`VocesRules.new_game`."""

    message_prefix = "voces"
    events: list[VocesEvent]

    def __init__(self, rules: VocesRules, seed: SeedLike = None, auto_chance: bool = True) -> None:
        self._start(rules, seed, auto_chance)
        self.round_scores: list[tuple[int, ...]] = []
        self.finished = False
        self.round = _Round(1)
        # per seat: the log entries (by index) that this player reads without the cards they may not see
        self._unseen: list[dict[int, VocesEvent]] = [{} for _ in range(rules.player_count)]
        if auto_chance:
            self._run_chance()

    # ------------------------------------------------------------------ reading
    @property
    def phase(self) -> VocesPhase:
        return VocesPhase.OVER if self.finished else self.round.phase

    @property
    def totals(self) -> tuple[int, ...]:
        """Each player's points so far (the sum of the rounds scored)."""
        return tuple(sum(s[i] for s in self.round_scores) for i in range(self.rules.player_count))

    @property
    def outcome(self) -> Outcome | None:
        """Once the game is over: the players with the most points (several share the victory) and every
        player's points; ``None`` while it runs."""
        if not self.finished:
            return None
        totals = self.totals
        best = max(totals)
        return Outcome(tuple(s for s, points in enumerate(totals) if points == best), tuple(float(p) for p in totals))

    def hand_of(self, seat: int) -> tuple[AnyVocesCard, ...]:
        """The cards ``seat`` holds now (trading phase)."""
        return tuple(self.round.hands[seat]) if self.round.hands else ()

    def placed_of(self, seat: int) -> tuple[tuple[AnyVocesCard, ...], ...]:
        return tuple(self.round.placed[seat]) if self.round.placed else ()

    def is_terminal(self) -> bool:
        return self.finished

    def current_player(self) -> int:
        if self.finished:
            return TERMINAL
        r = self.round
        if r.phase in _CHANCE_PHASES:
            return CHANCE
        if r.phase is VocesPhase.TRADING:
            return SIMULTANEOUS
        return r.order[0]

    def seats_to_act(self) -> list[int]:
        """Every seat that may act now: while trading, everyone still holding cards."""
        if not self.finished and self.round.phase is VocesPhase.TRADING:
            return [s for s in range(self.rules.player_count) if self.round.hands[s]]
        return super().seats_to_act()

    def chance_action(self) -> Action | None:
        """The chance step due now (its cards still to be drawn), or ``None``."""
        if self.finished or self.round.phase not in _CHANCE_PHASES:
            return None
        step: Action = _CHANCE_STEP[self.round.phase]()
        return step

    def _name(self, seat: int) -> str:
        return self.players[seat]

    def _seats_from(self, start: int, seats: Iterable[int] | None = None) -> list[int]:
        count = self.rules.player_count
        wanted = set(range(count) if seats is None else seats)
        return [(start + i) % count for i in range(count) if (start + i) % count in wanted]

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every allowed action now (of ``seat`` only, if given). While trading everyone may act; offers
        and acceptances are listed for every choice of cards (a few hundred actions)."""
        if self.finished or (seat is not None and seat not in range(self.rules.player_count)):
            return []
        r = self.round
        if r.phase in _CHANCE_PHASES:
            chance = self.chance_action()
            return [chance] if seat is None and chance is not None else []
        seats = range(self.rules.player_count) if seat is None else [seat]
        actions: list[Action] = []
        if r.phase is VocesPhase.TRADING:
            for s in seats:
                actions += self._trading_actions(s)
            return actions
        to_act = r.order[0]
        if r.phase is VocesPhase.BETTING:
            if to_act in seats:
                for pile in r.piles[to_act]:
                    for coins in sorted(set(itertools.permutations(PILES[pile]))):
                        actions.append(Bet(to_act, pile, coins))  # type: ignore[arg-type]
            for s in seats:
                if r.five_on[s] is None:
                    actions += [PlaceFive(s, h) for h in HANDS]
            return actions
        if to_act not in seats:
            return []
        if r.phase is VocesPhase.DECIDING:
            return [Fold(to_act), Stay(to_act)]
        if r.phase is VocesPhase.PICKING:
            count = self._pick_count(to_act)
            options = range(1, len(r.drawn) + 1)
            choices = (itertools.product(options, repeat=count) if self.rules.baboon_same_card
                       else itertools.permutations(options, count))
            return [Pick(to_act, choice) for choice in choices]
        return []

    def _pick_count(self, seat: int) -> int:
        """How many drawn cards ``seat`` picks: one per Baboon; when each must be different, no more than
        there are drawn cards (the other Baboons count for nothing)."""
        r = self.round
        count = _baboons(r.placed[seat][r.hand - 1])
        return count if self.rules.baboon_same_card else min(count, len(r.drawn))

    def _trading_actions(self, seat: int) -> list[Action]:
        r = self.round
        hand = tuple(r.hands[seat])
        if not hand:
            return []
        if seat in r.offers:
            return [Place(seat), Withdraw(seat)]
        actions = list(_offers(seat, hand))
        for offerer, offered in sorted(r.offers.items()):
            actions += _accepts(seat, hand, offerer, len(offered))
        return actions

    def log_for(self, seat: int | None, lang: str = DEFAULT_LANGUAGE, last: int | None = None) -> list[str]:
        """The log in words as ``seat`` reads it (the cards of other players' offers and of trades between
        others left out, as in :attr:`VocesView.log`; ``None``: every card); the ``last`` events only, if given."""
        log = list(self.events)
        if seat is not None:
            self.view_for(seat)  # a seat that does not exist is refused as view_for refuses it
            for index, unseen in self._unseen[seat].items():
                log[index] = unseen
        chosen = log if last is None else log[-last:] if last > 0 else []
        return [event.describe(lang) for event in chosen]

    def view_for(self, seat: int) -> VocesView:
        """What ``seat`` may know now (see :class:`VocesView`), with its legal moves."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.rules.player_count:
            raise InputError(key="voces.error.no_seat", seat=seat)
        r = self.round
        n = self.rules.player_count
        placed: tuple[tuple[AnyVocesCard, ...] | None, ...] = ()
        if r.placed:
            placed = tuple(None if i + 1 in r.blind[seat] else cards for i, cards in enumerate(r.placed[seat]))
        shown_now = dict(r.revealed)
        if r.phase is VocesPhase.PICKING:  # the hands still in are face up while the Baboons are swapped
            shown_now[r.hand] = {s: r.placed[s][r.hand - 1] for s in self._in_hand()}
        revealed = tuple((h, tuple(sorted(shown.items()))) for h, shown in sorted(shown_now.items()))
        log = list(self.events)
        for index, unseen in self._unseen[seat].items():
            log[index] = unseen
        in_play = r.phase in (VocesPhase.DECIDING, VocesPhase.DRAW, VocesPhase.PICKING, VocesPhase.RESOLVE)
        return VocesView(
            seat, self.players, r.number, self.phase, self.hand_of(seat), placed,
            tuple(len(r.placed[s]) if r.placed else 0 for s in range(n)),
            r.offers.get(seat, ()), tuple((s, len(c)) for s, c in sorted(r.offers.items())),
            tuple(tuple(r.piles[s]) if r.piles else () for s in range(n)),
            tuple(r.five_on) if r.five_on else (None,) * n,
            tuple(tuple(tuple(r.coins[s][h]) for h in HANDS) if r.coins else ((), (), ()) for s in range(n)),
            (r.centre[1], r.centre[2], r.centre[3]),
            tuple(tuple(sorted(r.folded[s])) if r.folded else () for s in range(n)),
            r.hand if in_play and not self.finished else None,
            revealed, r.drawn, tuple(r.won) if r.won else (0,) * n, self.totals, self.current_player(),
            self.rules.specials[r.number - 1], tuple(self.legal_actions(seat)), tuple(log), self.rules.placed_hidden,
        )

    # ------------------------------------------------------------------ checking
    def _check(self, action: Action) -> None:
        if self.finished:
            raise IllegalAction("voces.illegal.game_over")
        r = self.round
        if isinstance(action, CHANCE_ACTIONS):
            malformed = _malformed(action)
            if malformed is not None:
                raise IllegalAction("voces.illegal.malformed", field=malformed[0], value=repr(malformed[1]))
            expected = _CHANCE_STEP.get(r.phase)
            if expected is None or not isinstance(action, expected):
                raise IllegalAction("voces.illegal.not_chance_now")
            if isinstance(action, Deal) and action.order is not None:
                if Counter(action.order) != Counter(self.rules.deck(r.number)):
                    raise IllegalAction("voces.illegal.bad_deck", round=r.number)
            if isinstance(action, DrawForBaboons) and action.reshuffled is not None:
                if Counter(action.reshuffled) != Counter(r.discard):
                    raise IllegalAction("voces.illegal.bad_reshuffle")
            if isinstance(action, DrawForBaboons) and action.cards is not None:
                drawn, _, _, missing = self._plan_draw(action.reshuffled)
                if tuple(drawn) != tuple(action.cards) or (missing and action.reshuffled is None):
                    raise IllegalAction("voces.illegal.bad_draw", cards=ListRow(action.cards))
            return
        if not isinstance(action, PLAYER_ACTIONS):
            raise IllegalAction("voces.illegal.unknown_action", action=repr(action))
        seat = action.seat
        if not _whole(seat) or not 0 <= seat < self.rules.player_count:
            raise IllegalAction("voces.illegal.no_such_seat", seat=seat)
        malformed = _malformed(action)
        if malformed is not None:
            raise IllegalAction("voces.illegal.malformed", field=malformed[0], value=repr(malformed[1]))
        player = self._name(seat)
        if r.phase in _CHANCE_PHASES:
            raise IllegalAction("voces.illegal.waiting_for_chance")
        if isinstance(action, (Offer, Accept, Withdraw, Place)):
            if r.phase is not VocesPhase.TRADING:
                raise IllegalAction("voces.illegal.trading_over")
            self._check_trade(action, player)
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
            raise IllegalAction(refusal, player=self._name(to_act), hand=r.hand)
        if seat != to_act:
            raise IllegalAction("voces.illegal.not_your_turn", player=player, to_act=self._name(to_act))
        if isinstance(action, Bet):
            if action.pile not in r.piles[seat]:
                raise IllegalAction("voces.illegal.pile_gone", player=player, pile=action.pile,
                                    piles=", ".join(map(str, r.piles[seat])))
            if not isinstance(action.coins, tuple) or sorted(action.coins) != sorted(PILES[action.pile]):
                raise IllegalAction("voces.illegal.wrong_coins", pile=action.pile, coins=", ".join(map(str, PILES[action.pile])))
        if isinstance(action, Pick):
            count = self._pick_count(seat)
            if len(action.choices) != count or any(c not in range(1, len(r.drawn) + 1) for c in action.choices):
                raise IllegalAction("voces.illegal.bad_pick", player=player, baboons=count, drawn=len(r.drawn))
            if not self.rules.baboon_same_card and len(set(action.choices)) != len(action.choices):
                raise IllegalAction("voces.illegal.same_drawn_card", player=player)

    def _check_trade(self, action: Offer | Accept | Withdraw | Place, player: str) -> None:
        r = self.round
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
                raise IllegalAction("voces.illegal.nothing_offered", offerer=self._name(offerer) if offerer in range(self.rules.player_count) else offerer)
            if len(cards) != len(r.offers[offerer]):
                raise IllegalAction("voces.illegal.same_number", offerer=self._name(offerer), count=len(r.offers[offerer]),
                                    given=len(cards))

    # ------------------------------------------------------------------ changing
    def _event(self, kind: str, seat: int | None = None, **params: Any) -> None:
        self.events.append(VocesEvent(kind, self.round.number, len(self.history) - 1, seat, tuple(params.items())))

    def _private_event(self, kind: str, seat: int, witnesses: Sequence[int], unseen: tuple[str, dict[str, Any]],
                       **params: Any) -> None:
        """An event whose cards only ``witnesses`` see; the others read ``unseen`` (a kind and its values)."""
        self._event(kind, seat, **params)
        index = len(self.events) - 1
        masked = VocesEvent(unseen[0], self.round.number, len(self.history) - 1, seat, tuple(unseen[1].items()))
        for other in range(self.rules.player_count):
            if other not in witnesses:
                self._unseen[other][index] = masked

    def _perform(self, action: Action) -> None:
        r = self.round
        if isinstance(action, Deal):
            deck = self.rules.deck(r.number)
            shuffled = self._rng.permutation(len(deck))  # drawn even when the order is given: see _draw_for_baboons
            if action.order is None:
                action = Deal(tuple(deck[i] for i in shuffled))
            self.history.append(action)
            self._deal(action)
            return
        if isinstance(action, DrawForBaboons):
            self._draw_for_baboons(action)
            return
        self.history.append(action)
        if isinstance(action, Resolve):
            self._resolve()
            return
        seat = action.seat
        player = self._name(seat)
        if isinstance(action, Offer):
            r.offers[seat] = action.cards
            count = len(action.cards)
            self._private_event("offered", seat, [seat], ("offered", {"player": player, "count": count}),
                                player=player, count=count, cards=ListRow(action.cards))
        elif isinstance(action, Withdraw):
            del r.offers[seat]
            self._event("withdrew", seat, player=player)
        elif isinstance(action, Accept):
            offered = r.offers.pop(action.offerer)
            r.hands[action.offerer] = _without(r.hands[action.offerer], offered) + list(action.cards)
            r.hands[seat] = _without(r.hands[seat], action.cards) + list(offered)
            offerer, count = self._name(action.offerer), len(offered)
            self._private_event("traded", seat, [seat, action.offerer],
                                ("traded_unseen", {"player": player, "offerer": offerer, "count": count}),
                                player=player, offerer=offerer, count=count, given=ListRow(action.cards), taken=ListRow(offered))
        elif isinstance(action, Place):
            self._place(seat)
        elif isinstance(action, PlaceFive):
            r.five_on[seat] = action.hand
            r.coins[seat][action.hand].append(FIVE)
            self._event("five", seat, player=player, hand=action.hand)
        elif isinstance(action, Bet):
            r.piles[seat].remove(action.pile)
            for hand, coin in zip(HANDS, action.coins):
                r.coins[seat][hand].append(coin)
            self._event("bet", seat, player=player, pile=action.pile, coins=" ".join(map(str, PILES[action.pile])),
                        one=action.coins[0], two=action.coins[1], three=action.coins[2])
            r.order.pop(0)
            if not r.order:
                self._next_bet_step()
        elif isinstance(action, (Fold, Stay)):
            self._decide(seat, isinstance(action, Fold))
        elif isinstance(action, Pick):
            r.picks[seat] = tuple(r.drawn[c - 1] for c in action.choices)
            self._event("picked", seat, player=player, cards=ListRow(r.picks[seat]))
            r.order.pop(0)
            if not r.order:
                r.phase = VocesPhase.RESOLVE

    def _deal(self, action: Deal) -> None:
        r = self.round
        n = self.rules.player_count
        order = list(action.order or ())
        r.hands = [order[5 * s: 5 * s + 5] for s in range(n)]
        r.deck = order[5 * n:]
        r.placed = [[] for _ in range(n)]
        r.blind = [set() for _ in range(n)]
        r.piles = [[1, 2, 3] for _ in range(n)]
        r.five_on = [None] * n
        r.coins = [{h: [] for h in HANDS} for _ in range(n)]
        r.folded = [set() for _ in range(n)]
        r.won = [0] * n
        r.bonus = [0] * n
        r.phase = VocesPhase.TRADING
        specials = Items(self.rules.specials[r.number - 1])
        self._event("round_started", None, round=r.number, suits=n + 1, cards=len(order),
                    specials=specials if specials else Msg.of("voces.no_specials"))

    def _draw(self, count: int) -> list[AnyVocesCard]:
        r = self.round
        cards, r.deck = r.deck[:count], r.deck[count:]
        return cards

    def _place(self, seat: int) -> None:
        r = self.round
        player = self._name(seat)
        if seat in r.offers:
            del r.offers[seat]
            self._event("withdrew_to_place", seat, player=player)
        r.placed[seat].append(tuple(r.hands[seat]))
        token = len(r.placed[seat])
        if token < 3:
            r.hands[seat] = self._draw(5)
            self._event("placed", seat, player=player, token=token)
            return
        r.hands[seat] = []
        r.finished.append(seat)
        self._event("placed_last", seat, player=player, position=len(r.finished))
        if len(r.finished) == 2:
            self._stop(seat)

    def _stop(self, caller: int) -> None:
        r = self.round
        self._event("stop", caller, player=self._name(caller))
        r.offers.clear()
        for seat in range(self.rules.player_count):
            player = self._name(seat)
            if r.hands[seat]:
                r.placed[seat].append(tuple(r.hands[seat]))
                r.hands[seat] = []
                self._event("placed_at_stop", seat, player=player, token=len(r.placed[seat]))
            while len(r.placed[seat]) < 3:
                r.placed[seat].append(tuple(self._draw(5)))
                r.blind[seat].add(len(r.placed[seat]))
                self._event("filled_blind", seat, player=player, token=len(r.placed[seat]))
        r.starter = (r.finished[0] + 1) % self.rules.player_count
        r.step = 0
        r.phase = VocesPhase.BETTING
        self._event("betting_started", r.starter, player=self._name(r.starter), first=self._name(r.finished[0]))
        self._next_bet_step()

    def _next_bet_step(self) -> None:
        r = self.round
        r.step += 1
        if r.step <= 3:
            r.order = self._seats_from(r.starter)
            self._event("bet_step", None, step=r.step)
            return
        r.hand = 3
        self._start_deciding()

    def _start_deciding(self) -> None:
        r = self.round
        r.phase = VocesPhase.DECIDING
        r.order = self._seats_from(r.starter)
        self._event("deciding", r.starter, hand=r.hand, player=self._name(r.starter))

    def _decide(self, seat: int, fold: bool) -> None:
        r = self.round
        h = r.hand
        coins = r.coins[seat][h]
        r.centre[h] += sum(coins)
        self._event("folded" if fold else "stayed", seat, player=self._name(seat), hand=h, coins=sum(coins))
        r.coins[seat][h] = []
        if fold:
            r.folded[seat].add(h)
        r.order.pop(0)
        if r.order:
            return
        if self.rules.fold_timing is FoldTiming.AT_BETTING and h > 1:
            r.hand = h - 1
            self._start_deciding()
            return
        if self.rules.fold_timing is FoldTiming.AT_BETTING:
            r.hand = 3
        self._start_reveal()

    def _in_hand(self) -> list[int]:
        r = self.round
        return [s for s in self._seats_from(r.starter) if r.hand not in r.folded[s]]

    def _start_reveal(self) -> None:
        r = self.round
        r.drawn, r.picks = (), {}
        stayers = self._in_hand()
        if any(_baboons(r.placed[s][r.hand - 1]) for s in stayers):
            r.phase = VocesPhase.DRAW
        else:
            r.phase = VocesPhase.RESOLVE

    def _plan_draw(self, reshuffled: tuple[AnyVocesCard, ...] | None) -> tuple[list[VocesCard], list[AnyVocesCard], list[AnyVocesCard], bool]:
        """Draw for the Baboons without changing anything: (drawn, put aside, deck after, reshuffled?).
        Needs ``reshuffled`` only if the deck runs out; returns early (reshuffled? true, nothing drawn) if
        it is missing then."""
        r = self.round
        drawn: list[VocesCard] = []
        aside: list[AnyVocesCard] = []
        deck = list(r.deck)
        shuffled_in = False
        while len(drawn) < 3:
            if not deck:
                if shuffled_in or not r.discard:
                    break
                if reshuffled is None:
                    return [], [], [], True
                deck, shuffled_in = list(reshuffled), True
            card = deck.pop(0)
            if isinstance(card, VocesCard):
                drawn.append(card)
            else:
                aside.append(card)
        return drawn, aside, deck, shuffled_in

    def _draw_for_baboons(self, action: DrawForBaboons) -> None:
        """Draw three cards for the Baboons (the cards given, or from the deck). The random generator is
        used the same way either way: a shuffle of the discard pile whenever the deck runs out, so a
        replay with the cards given leaves the cards still to come as they were."""
        r = self.round
        _, _, _, needs_shuffle = self._plan_draw(None)
        reshuffled = action.reshuffled
        if needs_shuffle:
            order = self._rng.permutation(len(r.discard))
            if reshuffled is None:
                reshuffled = tuple(r.discard[i] for i in order)
        drawn, aside, deck, shuffled_in = self._plan_draw(reshuffled)
        self.history.append(DrawForBaboons(tuple(drawn), reshuffled if shuffled_in else None))
        if shuffled_in:
            self._event("reshuffled", None, cards=len(r.discard))
            r.discard = []
        r.deck = deck
        r.drawn = tuple(drawn)
        r.aside = aside
        if drawn:
            self._event("drawn", None, hand=r.hand, count=len(drawn), cards=ListRow(drawn), aside=len(aside))
        else:
            self._event("drawn_none", None, hand=r.hand)
        holders = [s for s in self._in_hand() if _baboons(r.placed[s][r.hand - 1])]
        if drawn:
            r.order = holders
            r.phase = VocesPhase.PICKING
        else:
            r.phase = VocesPhase.RESOLVE

    def _brought(self, hands: dict[str, tuple[AnyVocesCard, ...]], kind: Special) -> Items:
        """Who revealed how many cards of ``kind`` in a hand, in seat order: ``1 Raccoon from Anna and 1
        Raccoon from Ben``."""
        counts = [(name, sum(1 for c in hands[name] if isinstance(c, SpecialCard) and c.kind is kind))
                  for name in self.players if name in hands]
        return Items([Msg.of(f"voces.brought.{kind.value}", n=count, player=name) for name, count in counts if count])

    def _resolve(self) -> None:
        r = self.round
        h = r.hand
        stayers = self._in_hand()
        centre = r.centre[h]
        winners: list[int] = []
        why = Msg.of("voces.why.alone")
        if stayers:
            hands = {self._name(s): r.placed[s][h - 1] for s in stayers}
            picks = {self._name(s): cards for s, cards in r.picks.items()}
            result = reveal(hands, ace_low_straight=self.rules.ace_low_straight, tie_rule=self.rules.tie_rule,
                            drawn=r.drawn if any(_baboons(c) for c in hands.values()) else None, picks=picks,
                            repeat_picks=self.rules.baboon_same_card)
            r.revealed[h] = {s: r.placed[s][h - 1] for s in stayers}
            ranked = dict(result.ranked)
            for s in stayers:
                name = self._name(s)
                hand = ranked.get(name)
                self._event("revealed", s, player=name, hand=h, cards=ListRow(r.placed[s][h - 1]),
                            ranking=hand if hand else Msg.of("voces.hand.out"))
            for name, reason in result.eliminated:
                kind = Special.RACCOON if reason == "raccoons" else Special.DOVE
                self._event(f"eliminated_{reason}", self.players.index(name), player=name, hand=h,
                            brought=self._brought(hands, kind))
            if result.reversed:
                self._event("reversed", None, hand=h)
                if result.swaps or any(hand.wilds for _, hand in result.ranked):
                    self._event("reversed_wilds", None, hand=h)
            winners = [self.players.index(name) for name in result.winners]
            why = winning_reason(result) if len(winners) == 1 else Msg.of("voces.why.equal")
            for name, bonus in result.bonus:
                seat = self.players.index(name)
                r.bonus[seat] += bonus
                self._event("penguin", seat, player=name, bonus=bonus)
        if winners:
            share = centre // len(winners)
            for s in winners:
                r.won[s] += share
            r.lost += centre - share * len(winners)
            if len(winners) == 1:
                self._event("hand_won", winners[0], player=self._name(winners[0]), hand=h, coins=centre, why=why)
            else:
                lost = centre - share * len(winners)
                self._event("hand_shared", None, players=Items([self._name(s) for s in winners]), hand=h, share=share,
                            lost=Msg.of("voces.share.lost", lost=lost) if lost else "", why=why)
        else:
            r.lost += centre
            self._event("nobody_won", None, hand=h, coins=centre)
        r.centre[h] = 0
        r.done.add(h)
        for s in range(self.rules.player_count):
            r.discard += list(r.placed[s][h - 1])
        r.discard += list(r.drawn) + r.aside
        r.drawn, r.aside, r.picks = (), [], {}
        if winners:
            first = self._seats_from(r.starter, winners)[0]
            r.starter = (first + 1) % self.rules.player_count
        if h == 1:
            self._end_round()
            return
        r.hand = h - 1
        if self.rules.fold_timing is FoldTiming.EACH_HAND:
            self._start_deciding()
        else:
            self._start_reveal()

    def _end_round(self) -> None:
        r = self.round
        scores = []
        for s in range(self.rules.player_count):
            five = FIVE if self.rules.unused_five_scores and r.five_on[s] is None else 0
            folds = len(r.folded[s])
            total = r.won[s] + FOLD_BONUS * folds + r.bonus[s] + five
            scores.append(total)
            self._event("scored", s, player=self._name(s), coins=r.won[s], folds=folds, fold_points=FOLD_BONUS * folds,
                        bonus=r.bonus[s], five=five, total=total)
        self.round_scores.append(tuple(scores))
        if r.number < self.rules.rounds:
            self.round = _Round(r.number + 1)
            return
        self.finished = True
        outcome = self.outcome
        assert outcome is not None
        self._event("game_shared" if outcome.shared else "game_won", None,
                    players=Items([self._name(s) for s in outcome.winners]), points=max(self.totals))

    # ------------------------------------------------------------------ checks for tests and tools
    def card_census(self) -> Counter[AnyVocesCard]:
        """Every card of the round wherever it is (deck, discard, hands, placed, drawn, aside); once the
        hands are revealed their cards are in the discard pile."""
        r = self.round
        cards: list[AnyVocesCard] = list(r.deck) + list(r.discard) + list(r.drawn) + list(r.aside)
        for s in range(len(r.hands)):
            cards += r.hands[s]
            cards += [c for i, hand in enumerate(r.placed[s]) if i + 1 not in r.done for c in hand]
        return Counter(cards)

    def coin_total(self) -> int:
        """Coin value in piles, on hands, in the centre, won and lost (this round): 11 per player (piles of
        1, 2 and 3 and the 5-coin)."""
        r = self.round
        if not r.piles:
            return COIN_VALUE * self.rules.player_count
        piles = sum(sum(PILES[p]) for s in range(self.rules.player_count) for p in r.piles[s])
        unused = sum(FIVE for f in r.five_on if f is None)
        on_hands = sum(sum(v) for c in r.coins for v in c.values())
        return piles + unused + on_hands + sum(r.centre.values()) + sum(r.won) + r.lost

    def __repr__(self) -> str:
        return f"<VocesState round {self.round.number}, phase {self.phase}, totals {self.totals}>"
