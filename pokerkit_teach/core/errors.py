"""Errors of the kit: one family.

- :class:`KitError`: every error a learner or teacher can cause; a :class:`ValueError`, so a script can
  catch ``ValueError``.
- :class:`InputError`: input the kit cannot use (a card, a scenario file, an option, an address
  parameter); its message names the input and where it stood. :class:`CardError` (with
  :class:`CardParseError`, :class:`DuplicateCardError`, :class:`CardCountError`) and :class:`OptionError`
  are input errors, and so is each game's scenario error.
- :class:`IllegalAction`: a well-formed move that the rules do not allow now, with a catalogue key.

Code tells the kinds apart by their class (and an illegal action by its ``reason`` key), never by the
text of the message.

>>> issubclass(CardParseError, InputError), issubclass(IllegalAction, KitError)
(True, True)
"""

from __future__ import annotations

from typing import Sequence

from pokerkit_teach.core.i18n import message


class KitError(ValueError):
    """Base class of every error a person using the kit can cause."""


class InputError(KitError):
    """Input the kit cannot use. ``place`` names where it stood (a field, a card's position, an
    option), when known."""

    place: str | None = None


class OptionError(InputError):
    """A rule option, command-line option or address parameter with a value the kit cannot use.

    >>> str(OptionError("players", "3 to 6", 9))
    'players: expected 3 to 6, got 9'
    """

    def __init__(self, option: str, expected: str, got: object) -> None:
        self.option = option
        self.place = option
        self.expected = expected
        self.got = got
        super().__init__(f"{option}: expected {expected}, got {got!r}")


class CardError(InputError):
    """Base class of every card-input problem."""


class CardParseError(CardError):
    """A piece of text is not a card.

    ``text`` is the offending token, ``position`` its number in the list (1 = first card) and
    ``offset`` the character offset of the token in the whole input.
    """

    def __init__(self, text: str, reason: str, position: int = 1, offset: int = 0) -> None:
        self.text = text
        self.reason = reason
        self.position = position
        self.offset = offset
        super().__init__(
            f"card {position} {text!r} (at character {offset}) is not a card: {reason}"
        )


class DuplicateCardError(CardError):
    """The same card appears twice where every card must be distinct."""

    def __init__(
        self, card: object, first: int, second: int, where: str = "", text: str | None = None
    ) -> None:
        self.card = card
        self.first = first
        self.second = second
        place = f" {where}" if where else ""
        super().__init__(
            text or f"card {second} {str(card)!r}{place} is a duplicate: the same card is already card {first}"
        )


class CardCountError(CardError):
    """A list holds the wrong number of cards."""

    def __init__(self, got: int, expected: str, what: str = "a hand") -> None:
        self.got = got
        self.expected = expected
        super().__init__(f"{what} needs {expected} cards, got {got}")


def check_distinct(cards: Sequence[object], where: str = "") -> None:
    """Raise :class:`DuplicateCardError` naming the first card that appears twice."""
    seen: dict[object, int] = {}
    for i, card in enumerate(cards, start=1):
        if card in seen:
            raise DuplicateCardError(card, seen[card], i, where)
        seen[card] = i



def in_context(error: ValueError, where: str) -> ValueError:
    """The same error with ``where`` (``the hand of Ben``) put before its message.

    >>> str(in_context(CardCountError(3, "2"), "the hand of Ben"))
    'the hand of Ben: a hand needs 2 cards, got 3'
    """
    clone = error.__class__.__new__(error.__class__)
    clone.__dict__.update(error.__dict__)
    clone.args = (f"{where}: {error}",)
    return clone


class IllegalAction(KitError):
    """A well-formed action that the rules do not allow now.

    ``reason`` is a catalogue key (``pokerface.illegal.not_your_turn``) and ``details`` its values;
    :meth:`text` puts it into words in any language, ``str()`` gives the English text.
    """

    def __init__(self, reason: str, **details: object) -> None:
        self.reason = reason
        self.details = details
        super().__init__(self.text("en"))

    def text(self, lang: str = "en") -> str:
        return message(self.reason, lang, **self.details)
