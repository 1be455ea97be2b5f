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

Every error speaks every language: raised with a catalogue ``key`` and its values, :meth:`KitError.text`
puts it into words in any language, and ``str()`` is the English text. (An error raised with a plain
text, not a key, is shown as it is in every language; the kit's own errors all have keys.)

>>> issubclass(CardParseError, InputError), issubclass(IllegalAction, KitError)
(True, True)
"""

from __future__ import annotations

from typing import Any, Sequence

from pokerkit_teach.core.i18n import DEFAULT_LANGUAGE, Msg, message
from pokerkit_teach.core.limits import MAX_DETAIL_CHARS, safe_value, shortened


def _say(value: object, lang: str) -> str:
    if isinstance(value, Msg):
        return message(value.key, lang, **dict(value.params))
    return value.text(lang) if isinstance(value, KitError) else str(value)


class KitError(ValueError):
    """Base class of every error a person using the kit can cause.

    ``KitError(key=..., **details)`` takes its words from the catalogues; a detail may itself be a
    :class:`~pokerkit_teach.core.i18n.Msg`, said in the same language.

    >>> error = InputError(key="errors.option", option="players", expected="3 to 6", got="9")
    >>> error.text("en"), error.text("de")
    ('players: expected 3 to 6, got 9', 'players: erwartet 3 to 6, erhalten 9')
    """

    key: str | None = None
    details: dict[str, Any] = {}
    context: tuple[object, ...] = ()

    def __init__(self, *args: object, key: str | None = None, **details: Any) -> None:
        if key is not None:
            details = {name: safe_value(value) for name, value in details.items()}  # no input can make it long
            args = (message(key, DEFAULT_LANGUAGE, **details),)
            self.key, self.details = key, details
        super().__init__(*args)

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The message in ``lang`` (with the places put before it by :func:`in_context`)."""
        if self.key is None:
            return str(self)
        inner = message(self.key, lang, **{k: _say(v, lang) if isinstance(v, (Msg, KitError)) else v for k, v in self.details.items()})
        return ": ".join([*(_say(where, lang) for where in self.context), inner])


class InputError(KitError):
    """Input the kit cannot use. ``place`` names where it stood (a field, a card's position, an
    option), when known."""

    place: str | None = None


class OptionError(InputError):
    """A rule option, command-line option or address parameter with a value the kit cannot use.

    >>> str(OptionError("players", "3 to 6", 9))
    'players: expected 3 to 6, got 9'
    """

    def __init__(self, option: str, expected: str | Msg, got: object) -> None:
        self.option = option
        self.place = option
        self.expected = expected
        self.got = got
        super().__init__(key="errors.option", option=option, expected=expected, got=shortened(repr(got)))


class CardError(InputError):
    """Base class of every card-input problem."""


class CardParseError(CardError):
    """A piece of text is not a card.

    ``text`` is the offending token, ``position`` its number in the list (1 = first card) and
    ``offset`` the character offset of the token in the whole input.
    """

    def __init__(self, text: str, reason: str | Msg, position: int = 1, offset: int = 0) -> None:
        self.token = text
        self.reason = reason
        self.position = position
        self.offset = offset
        # the learner counts characters from 1; ``offset`` stays the index into the text
        super().__init__(key="errors.card_parse", position=position, token=shortened(text), column=offset + 1, reason=reason)


class DuplicateCardError(CardError):
    """The same card appears twice where every card must be distinct."""

    def __init__(
        self, card: object, first: int, second: int, where: str | Msg = "", text: str | Msg | None = None
    ) -> None:
        self.card = card
        self.first = first
        self.second = second
        if isinstance(text, str):
            super().__init__(text)
        elif isinstance(text, Msg):
            super().__init__(key=text.key, **dict(text.params))
        elif where:
            super().__init__(key="errors.duplicate_card_in", second=second, card=str(card), where=where, first=first)
        else:
            super().__init__(key="errors.duplicate_card", second=second, card=str(card), first=first)


class CardCountError(CardError):
    """A list holds the wrong number of cards."""

    def __init__(self, got: int, expected: str | int | Msg, what: str | Msg = Msg.of("errors.what.hand")) -> None:
        self.got = got
        self.expected = expected
        if isinstance(expected, int) and not isinstance(expected, bool):  # "needs 1 card", "needs 2 cards"
            super().__init__(key="errors.card_count", what=what, expected=expected, got=got)
        else:  # a range such as "5 to 7"
            super().__init__(key="errors.card_count_range", what=what, range=expected, got=got)


def check_distinct(cards: Sequence[object], where: str = "") -> None:
    """Raise :class:`DuplicateCardError` naming the first card that appears twice."""
    seen: dict[object, int] = {}
    for i, card in enumerate(cards, start=1):
        if card in seen:
            raise DuplicateCardError(card, seen[card], i, where)
        seen[card] = i



def in_context(error: ValueError, where: str | Msg) -> ValueError:
    """The same error with ``where`` (``the hand of Ben``) put before its message, in every language.

    >>> str(in_context(CardCountError(3, 2), "the hand of Ben"))
    'the hand of Ben: a hand needs 2 cards, got 3'
    >>> in_context(CardCountError(3, 2), "Ben").text("de")
    'Ben: eine Hand braucht 2 Karten, erhalten: 3'
    """
    if isinstance(where, str) and len(where) > MAX_DETAIL_CHARS:  # a place from outside (a file's path): its end names it
        where = "…" + where[-(MAX_DETAIL_CHARS - 1):]
    clone = error.__class__.__new__(error.__class__)
    clone.__dict__.update(error.__dict__)
    clone.args = (f"{_say(where, DEFAULT_LANGUAGE)}: {error}",)
    if isinstance(clone, KitError):
        clone.context = (where, *clone.context)
    return clone


class IllegalAction(KitError):
    """A well-formed action that the rules do not allow now.

    ``reason`` is a catalogue key (``pokerface.illegal.not_your_turn``) and ``details`` its values;
    :meth:`text` puts it into words in any language, ``str()`` gives the English text.
    """

    def __init__(self, reason: str, **details: object) -> None:
        self.reason = reason
        super().__init__(key=reason, **details)
