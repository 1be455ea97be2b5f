"""Every size the kit accepts from outside, in one place (docs/limits.md gives each limit with its reason).

Each limit is checked before the work it bounds (a file's size before it is read, a code's length before
it is decoded, a decoded text's size while it is inflated), and a refusal names the limit in the user's
language. Messages quote at most :data:`QUOTE_CHARS` characters of what they were given
(:func:`shortened`), and a whole number is written out in full only up to :data:`MAX_SHOWN_DIGITS` digits,
so no input can make a message long or its formatting fail.

>>> shortened("x" * 200)[-5:], len(shortened("x" * 200))
('xxxx…', 80)
>>> shortened(10**30)
'1000000000000000000…'
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "QUOTE_CHARS", "MAX_SHOWN_DIGITS", "MAX_SCENARIO_BYTES", "MAX_CODE_CHARS", "MAX_INFLATED_BYTES", "MAX_ARGUMENT_CHARS",
    "MAX_QUERY_CHARS", "MAX_NAME_CHARS", "MAX_SCENARIO_NAME_CHARS", "MAX_TITLE_CHARS", "MAX_ABOUT_CHARS", "MAX_MOVE_CHARS",
    "MAX_MOVES", "MAX_ROUNDS", "MAX_CARDS_TEXT_CHARS", "MAX_DETAIL_CHARS", "shortened", "quoted", "safe_value",
]

QUOTE_CHARS = 80
"""A message quotes at most this many characters of an input (an argument, a parameter, a name)."""

MAX_SHOWN_DIGITS = 19
"""A whole number from outside is written out in full up to this many digits (any seat, count or seed the
kit has); a longer one is cut, which also keeps Babel's number formatting within its decimal precision."""

MAX_SCENARIO_BYTES = 2 * 1024 * 1024
"""A scenario file, an upload or standard input: a whole PokerGuess game of 3,000 rounds with six bots,
the largest game the apps can save, is about 1.7 MB."""

MAX_CODE_CHARS = 60_000
"""A deal code, or a link holding one: the code of that largest game is about 53,000 characters, and a link
must fit in the 64 KB that tornado (Voila's server) allows for a request's first line and headers."""

MAX_INFLATED_BYTES = 4 * 1024 * 1024
"""What a deal code may inflate to (twice the largest scenario file): a small code that inflates to more is
refused while it is inflated, before the text is read."""

MAX_ARGUMENT_CHARS = 65_536
"""One command-line argument (a deal code, a card list, a file name)."""

MAX_QUERY_CHARS = 65_536
"""An app's address parameters together (``?deal=...&lang=de``)."""

MAX_NAME_CHARS = 40
"""A player's name in a scenario file or a deal code."""

MAX_SCENARIO_NAME_CHARS = 100
MAX_TITLE_CHARS = 300
MAX_ABOUT_CHARS = 4000
MAX_MOVE_CHARS = 200
"""One move as a scenario writes it (``Ben takes from Carla``)."""

MAX_MOVES = 100_000
"""The moves of one deal or round in a file."""

MAX_ROUNDS = 5000
"""The deals or rounds of one file (PokerGuess plays at most 3,000 rounds by default)."""

MAX_CARDS_TEXT_CHARS = 4000
"""A text of cards in a file (a deck of Póker a Voces's seven suits is about 400 characters)."""


def shortened(value: object, limit: int = QUOTE_CHARS) -> str:
    """``value`` as text, at most ``limit`` characters (``…`` in the last place when cut); a whole number
    of more than :data:`MAX_SHOWN_DIGITS` digits is cut there."""
    if isinstance(value, int) and not isinstance(value, bool):
        text = str(value) if abs(value) < 10**MAX_SHOWN_DIGITS else str(value)[:MAX_SHOWN_DIGITS] + "…"
        return text if len(text) <= limit else text[: limit - 1] + "…"
    text = str(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


MAX_DETAIL_CHARS = 300
"""The most characters of any one value an error message holds (the kit's own lists of names fit; an input
is quoted shorter, :data:`QUOTE_CHARS`, where it is quoted)."""


def quoted(value: object) -> str:
    """``repr(value)`` as a message quotes an input: at most :data:`QUOTE_CHARS` characters.

    >>> quoted("Ben"), len(quoted("x" * 500))
    ("'Ben'", 80)
    """
    return shortened(repr(value))


def safe_value(value: Any) -> Any:
    """A value of an error message as the kit may show it: a text longer than :data:`MAX_DETAIL_CHARS`, or a
    whole number of more digits than :data:`MAX_SHOWN_DIGITS`, shortened; anything else as it is."""
    if isinstance(value, str):
        return value if len(value) <= MAX_DETAIL_CHARS else shortened(value, MAX_DETAIL_CHARS)
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**MAX_SHOWN_DIGITS:
        return shortened(value)
    return value
