"""The event log: who did what, and the rule that applied, put into words on demand.

Events are frozen. A state appends them and never changes them; replays and explanations read them.
A Pokerface event is a :class:`~pokerkit_teach.core.game.LogEvent` (its ``round`` is the deal's number)
with the rule that applied and the hole cards only their owner may see.

>>> event = PokerfaceEvent("passed", 1, 4, 2, (("player", "Carla"), ("suit", "♦")), rule="pass")
>>> event.describe("de"), event.deal
('Carla passt.', 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from pokerkit_teach.core.game import LogEvent
from pokerkit_teach.core.i18n import DEFAULT_LANGUAGE, Msg, capitalize_first, message
from pokerkit_teach.holdem.cards import Suit

__all__ = ["PokerfaceEvent", "Token", "token_text"]


def _printed(suit: Suit, number: int) -> str:
    return ("A" if number == 1 else str(number)) + suit.symbol


# Every token of the game, as printed (a table: the log names tokens at almost every move).
_TOKENS = {(suit, number): _printed(suit, number) for suit in Suit for number in range(1, 7)}


@dataclass(frozen=True)
class Token:
    """A token in a message: printed as on its card (``A♦``), or with a word form from the catalogue,
    ``{token:the}`` / ``{token:the_acc}`` (``token.the_acc.<number>``): the article and case are data,
    so German says "das A♦" but "die 4♦", as the rulebook does.

    >>> message("pokerface.event.took_middle", "de", player="Anna", token=Token(Suit.CLUBS, 1))
    'Anna nimmt das A♣ aus der Mitte.'
    """

    suit: Suit
    number: int

    def localized(self, lang: str, spec: str = "") -> str:
        if not spec:
            return str(self)
        return message(f"token.{spec}.{self.number}", lang, token=str(self))

    def __str__(self) -> str:
        return token_text(self.suit, self.number)

    def _repr_svg_(self) -> str:
        """The token drawn as a chip, named in English (``pokerface.render.token_svg`` for other languages)."""
        from pokerkit_teach.games.pokerface.render import token_svg

        return token_svg(self)


def token_text(suit: Suit, number: int) -> str:
    """A token as printed on its card: ``A♦`` for the 1, ``4♦``.

    >>> token_text(Suit.DIAMONDS, 1), token_text(Suit.SPADES, 4)
    ('A♦', '4♠')
    """
    text = _TOKENS.get((suit, number))
    return text if text is not None else _printed(suit, number)


@dataclass(frozen=True)
class PokerfaceEvent(LogEvent):
    """One entry of the log.

    ``kind`` names the message (``pokerface.event.<kind>``), ``rule`` the rule that applied
    (``pokerface.rule.<rule>``, or empty), ``seat`` the acting player (or ``None`` for the table),
    ``round`` the deal (also as ``deal``), ``action_index`` the position in the state's history of the
    action that caused it. ``secret`` holds per-seat hidden data (hole cards), which a seat's log keeps only
    for that seat (:meth:`PokerfaceState.events_for`).
    """

    prefix: ClassVar[str] = "pokerface.event"

    rule: str = ""
    secret: tuple[tuple[int, Any], ...] = ()

    @property
    def deal(self) -> int:
        """The number of the deal (1, 2, ...): the event's round."""
        return self.round

    def describe(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The event in words, with the secrets it carries (a seat's log, :meth:`PokerfaceState.events_for`,
        carries only that seat's own)."""
        text = capitalize_first(message(f"{self.prefix}.{self.kind}", lang, **dict(self.params)))
        for _, value in self.secret:
            text += " " + message("pokerface.event.secret_hole", lang, **dict(value))
        return text

    def rule_text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The rule that applied, in our words (empty if none)."""
        return capitalize_first(message(f"pokerface.rule.{self.rule}", lang)) if self.rule else ""

    def as_msg(self) -> Msg:
        return Msg(f"{self.prefix}.{self.kind}", self.params)
