"""A game of Póker a Voces (three rounds by default) as a state machine.

A round: five cards to each player; trading (offers and acceptances, no turns) while players place hands
under tokens 1, 2 and 3; STOP when the second player has placed a third hand; three coin steps; for each
hand from 3 down to 1, everyone folds or stays, then the hands still in are revealed and the centre goes
to the best one. Scores: coins won, +2 per folded hand, +10 for winning a hand with an Emperor Penguin.

>>> from pokerkit_teach.games.voces import Offer, VocesRules
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

import itertools
from collections import Counter
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Iterable, Sequence

from pokerkit_teach.core.errors import InputError
from pokerkit_teach.core.game import CHANCE, SIMULTANEOUS, TERMINAL, GameState, Outcome
from pokerkit_teach.core.i18n import Items, ListRow, Msg, counted
from pokerkit_teach.core.rng import SeedLike
from pokerkit_teach.games.voces.actions import (
    COIN_VALUE, FIVE, HANDS, PILES, Accept, Action, Bet, Deal, DrawForBaboons,
    Fold, FoldTiming, Offer, Pick, Place, PlaceFive, Resolve, Stay, VocesPhase, Withdraw,
)
from pokerkit_teach.games.voces.cards import AnyVocesCard
from pokerkit_teach.games.voces.checks import CHANCE_PHASES, CHANCE_STEP, check
from pokerkit_teach.games.voces.events import VocesEvent
from pokerkit_teach.games.voces.reveal_steps import draw_for_baboons, resolve, start_reveal
from pokerkit_teach.games.voces.round import VocesRound, baboons
from pokerkit_teach.games.voces.view import VocesView

if TYPE_CHECKING:
    from pokerkit_teach.games.voces.rules import VocesRules

__all__ = ["VocesState", "CHANCE", "TERMINAL", "SIMULTANEOUS"]


class CardCount(int):
    """A number of cards that words itself in the message's language ("1 card", "2 Karten")."""

    def localized(self, lang: str, spec: str = "") -> str:
        return counted("voces_cards", int(self), lang)


def _without(cards: Sequence[AnyVocesCard], remove: Sequence[AnyVocesCard]) -> list[AnyVocesCard]:
    gone = set(remove)
    return [c for c in cards if c not in gone]


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


class VocesState(GameState[Action, "VocesRules"]):
    """A game in progress; create one with :meth:`VocesRules.new_game`."""

    message_prefix = "voces"
    events: list[VocesEvent]

    def __init__(self, rules: VocesRules, seed: SeedLike = None, auto_chance: bool = True) -> None:
        self._start(rules, seed, auto_chance)
        self.round_scores: list[tuple[int, ...]] = []
        self.finished = False
        self.round = VocesRound(1)
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
        if r.phase in CHANCE_PHASES:
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
        if self.finished or self.round.phase not in CHANCE_PHASES:
            return None
        step: Action = CHANCE_STEP[self.round.phase]()
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
        if r.phase in CHANCE_PHASES:
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
        count = baboons(r.placed[seat][r.hand - 1])
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

    def events_for(self, seat: int | None) -> list[VocesEvent]:
        """The log as ``seat`` reads it: the cards of other players' offers and of trades between others
        left out (``None``: every card). :attr:`VocesView.log` is the same."""
        log = list(self.events)
        if seat is not None:
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.rules.player_count:
                raise InputError(key="voces.error.no_seat", seat=seat)
            for index, unseen in self._unseen[seat].items():
                log[index] = unseen
        return log

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
        log = self.events_for(seat)
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
        check(self, action)

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
            draw_for_baboons(self, action)
            return
        self.history.append(action)
        if isinstance(action, Resolve):
            resolve(self)
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
        start_reveal(self)

    def _in_hand(self) -> list[int]:
        r = self.round
        return [s for s in self._seats_from(r.starter) if r.hand not in r.folded[s]]

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
