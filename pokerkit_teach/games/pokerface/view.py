"""What one player may see: their own hole cards, the board, every token; never another player's hole
cards before the showdown reveals them.

>>> from pokerkit_teach.games.pokerface import PokerfaceRules
>>> state = PokerfaceRules(("Anna", "Ben", "Carla")).new_game(seed=3)
>>> view = state.view_for(1)
>>> len(view.hole), view.others_hidden
(2, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from pokerkit_teach.core.errors import InputError
from pokerkit_teach.holdem.cards import Card, Suit
from pokerkit_teach.holdem.render import cards_html
from pokerkit_teach.games.pokerface.actions import Action, PokerfacePhase
from pokerkit_teach.games.pokerface.showdown import ShowdownResult

if TYPE_CHECKING:
    from pokerkit_teach.games.pokerface.state import PokerfaceState

__all__ = ["PokerfaceView", "PublicMove", "public_moves"]


_MOVE_KINDS = {"took_middle": "middle", "took_middle_returned": "middle", "took_player": "player", "took_player_returned": "player",
               "passed": "pass", "done": "pass"}


class PublicMove(NamedTuple):
    """A move every player saw in a token round of this deal: ``seat`` took ``token`` (its number) from the
    middle (``kind`` ``"middle"``) or from the player in seat ``source`` (``"player"``), or passed (or said it
    was done: ``"pass"``, with no token)."""

    suit: Suit
    seat: int
    kind: str
    token: int | None = None
    source: int | None = None


def public_moves(state: "PokerfaceState") -> tuple[PublicMove, ...]:
    """The token moves of the deal being played (the log's, read back from its newest entry to the deal's start)."""
    moves: list[PublicMove] = []
    players = state.players
    for event in reversed(state.events):
        if event.kind == "deal_started":
            break
        kind = _MOVE_KINDS.get(event.kind)
        if kind is None or event.seat is None:
            continue
        params = dict(event.params)
        if kind == "pass":
            suit = next(s for s in Suit if s.symbol == params["suit"])
            moves.append(PublicMove(suit, event.seat, kind))
        else:
            token = params["token"]
            source = players.index(params["target"]) if kind == "player" else None
            moves.append(PublicMove(token.suit, event.seat, kind, token.number, source))
    return tuple(reversed(moves))


class PokerfaceView(NamedTuple):
    """A frozen picture of the game from one seat (a named tuple: bots ask for one at every move, and it
    is made in a fraction of a frozen dataclass's time).

    ``tokens`` maps each suit whose round has started this deal to the holder of each token
    (``tokens[suit][n - 1]`` is the seat holding token n, or None for the middle).
    ``last_showdown`` is the most recent showdown, which every player saw, and ``showdowns`` the number of
    showdowns so far. ``legal_actions`` are this seat's moves now (none while it may not act). ``moves``
    are the deal's token moves so far, which every player saw (:class:`PublicMove`: who took which token
    from whom, who passed).
    """

    seat: int
    players: tuple[str, ...]
    dealer: int
    deal_number: int
    phase: PokerfacePhase
    round_suit: Suit | None
    to_act: tuple[int, ...]
    hole: tuple[Card, ...]
    board: tuple[Card, ...]
    tokens: tuple[tuple[Suit, tuple[int | None, ...]], ...]
    successes: int
    failures: int
    failures_to_lose: int
    legal_actions: tuple[Action, ...]
    last_showdown: ShowdownResult | None
    showdowns: int
    game_over: bool
    won: bool | None
    moves: tuple[PublicMove, ...] = ()

    @classmethod
    def of(cls, state: "PokerfaceState", seat: int) -> "PokerfaceView":
        count = state.player_count
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < count:
            raise InputError(key="pokerface.error.no_seat", seat=seat, last=count - 1)
        rules = state.rules
        phase, suit = state.step
        hole = state.hole
        showdowns = state.showdowns
        return cls(
            seat,
            rules.players,
            state.dealer,
            state.deal_number,
            phase,
            suit,
            tuple(state.seats_to_act()),
            tuple(hole[seat]) if hole is not None else (),
            tuple(state.board),
            tuple([(s, tuple(r.holder)) for s, r in state.rounds.items()]),
            state.successes,
            state.failures,
            rules.failures_to_lose,
            tuple(state.legal_actions(seat)),
            showdowns[-1] if showdowns else None,
            len(showdowns),
            state.won is not None,
            state.won,
            public_moves(state),
        )

    @property
    def player_count(self) -> int:
        return len(self.players)

    @property
    def others_hidden(self) -> bool:
        """Always true: a view never carries another player's hole cards (they show in ``last_showdown``
        once revealed)."""
        return True

    def token_holders(self, suit: Suit) -> tuple[int | None, ...] | None:
        for s, holders in self.tokens:
            if s == suit:
                return holders
        return None

    def token_of(self, seat: int, suit: Suit) -> int | None:
        holders = self.token_holders(suit)
        if holders is None:
            return None
        for index, holder in enumerate(holders):
            if holder == seat:
                return index + 1
        return None

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><th>{suit.symbol}</th>" + "".join(
                f"<td>{self.players[h] if h is not None else '—'}</td>" for h in holders
            ) + "</tr>"
            for suit, holders in self.tokens
        )
        numbers = "".join(f"<th>{'A' if n == 1 else n}</th>" for n in range(1, self.player_count + 1))
        return (
            f"<div><b>{self.players[self.seat]}</b>, deal {self.deal_number}: "
            f"{cards_html(self.hole)} board {cards_html(self.board)}"
            f"<table><tr><th></th>{numbers}</tr>{rows}</table></div>"
        )
