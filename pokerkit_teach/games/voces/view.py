"""What one Póker a Voces player may know.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pokerkit_teach.core.i18n import Msg
from pokerkit_teach.games.voces.actions import Action, VocesPhase
from pokerkit_teach.games.voces.cards import AnyVocesCard, Special, VocesCard
from pokerkit_teach.games.voces.events import VocesEvent, _hidden

__all__ = ["VocesView"]


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

        >>> from pokerkit_teach.games.voces import Place, VocesRules
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

        >>> from pokerkit_teach.games.voces import Place, VocesRules
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

        >>> from pokerkit_teach.core.i18n import ListRow
        >>> from pokerkit_teach.games.voces import VocesRules
        >>> view = VocesRules(("A", "B", "C")).new_game(seed=1).view_for(0)
        >>> said = Msg.of("voces.reason.offer", cards=ListRow(view.hand[:2]))
        >>> view.heard(1, said).text("en"), view.heard(0, said) == said
        ('I offer 2 hidden cards, which do not fit my hand.', True)
        """
        if speaker == self.seat or reason.key == "voces.reason.pick":
            return reason
        return Msg(reason.key, tuple((name, _hidden(value)) for name, value in reason.params))
