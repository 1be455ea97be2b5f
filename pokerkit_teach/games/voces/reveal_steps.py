"""The reveal of a Póker a Voces hand, step by step: the draw for the Baboons, the hands revealed and
ranked, the centre won or shared, and the round's scores once the last hand is done. The state
(:class:`~pokerkit_teach.games.voces.state.VocesState`) calls these; they change it as its own methods would.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerkit_teach.core.i18n import Items, ListRow, Msg
from pokerkit_teach.games.voces.actions import FIVE, FOLD_BONUS, DrawForBaboons, FoldTiming, VocesPhase
from pokerkit_teach.games.voces.cards import AnyVocesCard, Special, SpecialCard, VocesCard
from pokerkit_teach.games.voces.reveal import reveal, winning_reason
from pokerkit_teach.games.voces.round import VocesRound, baboons

if TYPE_CHECKING:
    from pokerkit_teach.games.voces.state import VocesState


def start_reveal(state: "VocesState") -> None:
    r = state.round
    r.drawn, r.picks = (), {}
    stayers = state._in_hand()
    if any(baboons(r.placed[s][r.hand - 1]) for s in stayers):
        r.phase = VocesPhase.DRAW
    else:
        r.phase = VocesPhase.RESOLVE


def plan_draw(state: "VocesState", reshuffled: tuple[AnyVocesCard, ...] | None) -> tuple[list[VocesCard], list[AnyVocesCard], list[AnyVocesCard], bool]:
    """Draw for the Baboons without changing anything: (drawn, put aside, deck after, reshuffled?).
    Needs ``reshuffled`` only if the deck runs out; returns early (reshuffled? true, nothing drawn) if
    it is missing then."""
    r = state.round
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


def draw_for_baboons(state: "VocesState", action: DrawForBaboons) -> None:
    """Draw three cards for the Baboons (the cards given, or from the deck). The random generator is
    used the same way either way: a shuffle of the discard pile whenever the deck runs out, so a
    replay with the cards given leaves the cards still to come as they were."""
    r = state.round
    _, _, _, needs_shuffle = plan_draw(state, None)
    reshuffled = action.reshuffled
    if needs_shuffle:
        order = state._rng.permutation(len(r.discard))
        if reshuffled is None:
            reshuffled = tuple(r.discard[i] for i in order)
    drawn, aside, deck, shuffled_in = plan_draw(state, reshuffled)
    state.history.append(DrawForBaboons(tuple(drawn), reshuffled if shuffled_in else None))
    if shuffled_in:
        state._event("reshuffled", None, cards=len(r.discard))
        r.discard = []
    r.deck = deck
    r.drawn = tuple(drawn)
    r.aside = aside
    if drawn:
        state._event("drawn", None, hand=r.hand, count=len(drawn), cards=ListRow(drawn), aside=len(aside))
    else:
        state._event("drawn_none", None, hand=r.hand)
    holders = [s for s in state._in_hand() if baboons(r.placed[s][r.hand - 1])]
    if drawn:
        r.order = holders
        r.phase = VocesPhase.PICKING
    else:
        r.phase = VocesPhase.RESOLVE


def brought(state: "VocesState", hands: dict[str, tuple[AnyVocesCard, ...]], kind: Special) -> Items:
    """Who revealed how many cards of ``kind`` in a hand, in seat order: ``1 Raccoon from Anna and 1
    Raccoon from Ben``."""
    counts = [(name, sum(1 for c in hands[name] if isinstance(c, SpecialCard) and c.kind is kind))
              for name in state.players if name in hands]
    return Items([Msg.of(f"voces.brought.{kind.value}", n=count, player=name) for name, count in counts if count])


def resolve(state: "VocesState") -> None:
    r = state.round
    h = r.hand
    stayers = state._in_hand()
    centre = r.centre[h]
    winners: list[int] = []
    why = Msg.of("voces.why.alone")
    if stayers:
        hands = {state._name(s): r.placed[s][h - 1] for s in stayers}
        picks = {state._name(s): cards for s, cards in r.picks.items()}
        result = reveal(hands, ace_low_straight=state.rules.ace_low_straight, tie_rule=state.rules.tie_rule,
                        drawn=r.drawn if any(baboons(c) for c in hands.values()) else None, picks=picks,
                        repeat_picks=state.rules.baboon_same_card)
        r.revealed[h] = {s: r.placed[s][h - 1] for s in stayers}
        ranked = dict(result.ranked)
        for s in stayers:
            name = state._name(s)
            hand = ranked.get(name)
            state._event("revealed", s, player=name, hand=h, cards=ListRow(r.placed[s][h - 1]),
                        ranking=hand if hand else Msg.of("voces.hand.out"))
        for name, reason in result.eliminated:
            kind = Special.RACCOON if reason == "raccoons" else Special.DOVE
            state._event(f"eliminated_{reason}", state.players.index(name), player=name, hand=h,
                        brought=brought(state, hands, kind))
        if result.reversed:
            state._event("reversed", None, hand=h)
            if result.swaps or any(hand.wilds for _, hand in result.ranked):
                state._event("reversed_wilds", None, hand=h)
        winners = [state.players.index(name) for name in result.winners]
        why = winning_reason(result) if len(winners) == 1 else Msg.of("voces.why.equal")
        for name, bonus in result.bonus:
            seat = state.players.index(name)
            r.bonus[seat] += bonus
            state._event("penguin", seat, player=name, bonus=bonus)
    if winners:
        share = centre // len(winners)
        for s in winners:
            r.won[s] += share
        r.lost += centre - share * len(winners)
        if len(winners) == 1:
            state._event("hand_won", winners[0], player=state._name(winners[0]), hand=h, coins=centre, why=why)
        else:
            lost = centre - share * len(winners)
            state._event("hand_shared", None, players=Items([state._name(s) for s in winners]), hand=h, share=share,
                        lost=Msg.of("voces.share.lost", lost=lost) if lost else "", why=why)
    else:
        r.lost += centre
        state._event("nobody_won", None, hand=h, coins=centre)
    r.centre[h] = 0
    r.done.add(h)
    for s in range(state.rules.player_count):
        r.discard += list(r.placed[s][h - 1])
    r.discard += list(r.drawn) + r.aside
    r.drawn, r.aside, r.picks = (), [], {}
    if winners:
        first = state._seats_from(r.starter, winners)[0]
        r.starter = (first + 1) % state.rules.player_count
    if h == 1:
        end_round(state)
        return
    r.hand = h - 1
    if state.rules.fold_timing is FoldTiming.EACH_HAND:
        state._start_deciding()
    else:
        start_reveal(state)


def end_round(state: "VocesState") -> None:
    r = state.round
    scores = []
    for s in range(state.rules.player_count):
        five = FIVE if state.rules.unused_five_scores and r.five_on[s] is None else 0
        folds = len(r.folded[s])
        total = r.won[s] + FOLD_BONUS * folds + r.bonus[s] + five
        scores.append(total)
        state._event("scored", s, player=state._name(s), coins=r.won[s], folds=folds, fold_points=FOLD_BONUS * folds,
                    bonus=r.bonus[s], five=five, total=total)
    state.round_scores.append(tuple(scores))
    if r.number < state.rules.rounds:
        state.round = VocesRound(r.number + 1)
        return
    state.finished = True
    outcome = state.outcome
    assert outcome is not None
    state._event("game_shared" if outcome.shared else "game_won", None,
                players=Items([state._name(s) for s in outcome.winners]), points=max(state.totals))
