"""The address of an app's page: ``?lang=&seed=&players=&scenario=&deal=&play=&tab=``, read and checked.

A bad value never stops an app: it is named (in any language, from the catalogue, quoting at most 80 of its
characters) and the default is used; an address longer than the kit reads is ignored as a whole.
In a kernel Voila preheated, the address comes with the page's request (:mod:`widgets.preheat`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence
from urllib.parse import parse_qs

from pokerkit_teach.core.i18n import DEFAULT_LANGUAGE, LANGUAGES, message
from pokerkit_teach.core.limits import MAX_QUERY_CHARS, shortened

from .preheat import request_query

__all__ = ["AppParams", "app_params", "ascii_number", "shown"]


@dataclass(frozen=True)
class AppParams:
    """Validated URL parameters of an app; ``errors`` lists what was wrong and replaced by a default
    (as catalogue keys with values, so they can be shown in either language)."""

    lang: str = DEFAULT_LANGUAGE
    seed: int | None = None
    players: int = 4
    errors: tuple[tuple[str, tuple[tuple[str, object], ...]], ...] = ()
    scenario: str | None = None  # ?scenario=NAME: a built-in scenario to open (checked by the app that opens it)
    deal: str | None = None  # ?deal=CODE: a situation to open (read by the engine when the app opens it)
    play: bool = False  # ?play=1: play on at once from the situation opened (bots in the other seats)
    tab: str | None = None  # ?tab=NAME: the key of the tab to open (one of the app's tab_names); None: the first tab
    room: str | None = None  # ?room=CODE: a room of the room server to play in (with ?seat=TOKEN, a seat link)
    seat: str | None = None  # ?seat=TOKEN: the seat of that room (a seat link); ?teacher=TOKEN: the teacher's view
    teacher: str | None = None

    def error_texts(self, lang: str | None = None) -> list[str]:
        return [message(key, lang or self.lang, **dict(values)) for key, values in self.errors]


def app_params(query: str | None = None, fewest_players: int = 3,
               players_error: str = "apps.params.bad_players", tabs: Sequence[str] = ()) -> AppParams:
    """Read ``?lang=&seed=&players=&tab=`` from a query string (default: Voila's ``QUERY_STRING``).

    A bad value never stops the app: it is reported in ``errors`` and the default is used. Players are
    ``fewest_players`` to 6 (3 for Pokerface, 2 for PokerGuess); ``players_error`` is the message key
    that says so. ``tabs`` are the keys of the app's tabs in order (:attr:`App.tab_names`): ``?tab=`` opens
    one of them (upper or lower case), any other value is named with the keys there are and ignored (the
    page opens as without it); an empty ``?tab=`` counts as none; on a page without tabs ``?tab=`` is named
    and ignored.

    >>> params = app_params("lang=de&seed=42&players=5")
    >>> params.lang, params.seed, params.players, params.errors
    ('de', 42, 5, ())
    >>> for text in app_params("seed=abc&players=9").error_texts():
    ...     print(text)
    The address gives seed=abc, which is not a whole number of 0 or more; a random seed is used instead.
    The address gives players=9; Pokerface needs 3 to 6 players, so 4 are used.
    >>> app_params("players=2", fewest_players=2).players
    2

    ``?scenario=NAME`` and ``?deal=CODE`` are kept as given; the app that opens them names what is wrong.

    >>> app_params("scenario=token-round").scenario, app_params("deal=P1abc").deal
    ('token-round', 'P1abc')
    >>> app_params("tab=Play", tabs=("cards", "play")).tab
    'play'
    >>> params = app_params("tab=game&lang=de", tabs=("cards", "play"))
    >>> params.tab, params.error_texts()
    (None, ['Die Adresse nennt tab=game, das ist kein Reiter dieser Seite (möglich sind cards, play); die Angabe wird ignoriert.'])
    >>> app_params("tab=play").error_texts()
    ['The address gives tab=play, but this page has no tabs, so it is ignored.']
    """
    if query is None:
        query = request_query()
    if len(query) > MAX_QUERY_CHARS:  # before it is read
        return AppParams(errors=(("apps.params.too_long", (("length", len(query)), ("limit", MAX_QUERY_CHARS))),))
    values = parse_qs(query.lstrip("?"), keep_blank_values=True)
    errors: list[tuple[str, tuple[tuple[str, object], ...]]] = []
    lang = values.get("lang", [DEFAULT_LANGUAGE])[-1]
    if lang not in LANGUAGES:
        errors.append(("apps.params.bad_lang", (("value", shown(lang)), ("choices", ", ".join(LANGUAGES)))))
        lang = DEFAULT_LANGUAGE
    seed: int | None = None
    if "seed" in values:
        text = values["seed"][-1]
        number = ascii_number(text, 18)
        if number is not None:
            seed = number
        else:
            errors.append(("apps.params.bad_seed", (("value", shown(text)),)))
    players = 4
    if "players" in values:
        text = values["players"][-1]
        number = ascii_number(text, 2)
        if number is not None and fewest_players <= number <= 6:
            players = number
        else:
            errors.append((players_error, (("value", shown(text)),)))
    scenario = values["scenario"][-1].strip() or None if "scenario" in values else None
    deal = values["deal"][-1].strip() or None if "deal" in values else None
    play = False
    if "play" in values:
        text = values["play"][-1].strip()
        if text in ("0", "1"):
            play = text == "1"
        else:
            errors.append(("apps.params.bad_play", (("value", shown(text)),)))
    tab: str | None = None
    if "tab" in values and values["tab"][-1].strip():  # an empty tab= is no tab, as an empty deal= is no deal
        text = values["tab"][-1]
        if not tabs:
            errors.append(("apps.params.no_tabs", (("value", shown(text)),)))
        elif text.strip().lower() in tabs:
            tab = text.strip().lower()
        else:
            errors.append(("apps.params.bad_tab", (("value", shown(text)), ("choices", ", ".join(tabs)))))
    room: str | None = None
    if "room" in values and values["room"][-1].strip():
        text = values["room"][-1].strip().upper()
        if len(text) == 6 and text.isascii() and text.isalpha():
            room = text
        else:
            errors.append(("apps.rooms.bad_room", (("value", shown(values["room"][-1])),)))
    tokens: dict[str, str | None] = {"seat": None, "teacher": None}
    for name in tokens:
        if name in values and values[name][-1].strip():
            text = values[name][-1].strip()
            if 16 <= len(text) <= 64 and all(char.isascii() and (char.isalnum() or char in "-_") for char in text):
                tokens[name] = text
            else:
                errors.append(("apps.rooms.bad_token", (("value", shown(text)),)))
    return AppParams(lang, seed, players, tuple(errors), scenario, deal, play, tab, room, tokens["seat"], tokens["teacher"])


def shown(value: str) -> str:
    """A value of the address as a message quotes it: on one line (a line break or a control character
    written as its escape, ``\\n``) and at most 80 characters.

    >>> shown("de\\n"), len(shown("x" * 3000))
    ('de\\\\n', 80)
    """
    return shortened(repr(value)[1:-1])


def ascii_number(text: str, most_digits: int) -> int | None:
    """``text`` as a whole number if it is 1 to ``most_digits`` ASCII digits, else None.

    Not ``str.isdigit`` and ``int``: they take other Unicode digits, so ``int("٣")`` is 3 and ``"²"`` passes
    ``isdigit`` but makes ``int`` raise. An address's numbers are ASCII digits only.

    >>> ascii_number("042", 18), ascii_number("\u0663", 2), ascii_number("\u00b2", 18), ascii_number("1\\n", 2)
    (42, None, None, None)
    """
    if not 1 <= len(text) <= most_digits or not all("0" <= char <= "9" for char in text):
        return None
    return int(text)

