"""Deal codes: a game of any of the kit's games, its options and the moves so far, in one short text
that fits in a link (``?deal=CODE``), on a projector slide or in a QR code.

A code is ``1.`` (the format's version and a dot) and then, in base64url without padding (``A-Z a-z
0-9 - _``: nothing a URL has to escape):

- one byte, the length of the rest modulo 256 (a code cut short is told from a changed one);
- three bytes of a BLAKE2b check of the rest (a changed character is caught);
- the deflated (raw, level 9) compact JSON ``[game, header, seed, log]``, followed by the name and the
  title when there are any (a built-in scenario's title is found by its name). ``header`` is the scenario file's players, dealer and rule options; ``log``
  holds every entry of the game's history in order: a player's move as the scenario text
  (``"Ben takes 4"``), a chance step as ``0`` when the game deals it from ``seed`` by itself, or as
  ``["cards"]`` when it deals other cards (a scenario file that gives cards).

Decoding plays the log on a new game with the engine's own checks, so a move the rules refuse is named
with its step and the engine's reason. Every problem is a :class:`ScenarioError` said in every language
(``dealcode.*`` keys: ``empty``, ``not_code``, ``bad_character``, ``version``, ``truncated``,
``tampered``, ``content``).

>>> from pokerkit_teach.core.scenarios import load_any_scenario
>>> code = scenario_code(load_any_scenario("token-round"))
>>> code[:2], len(code) < 300, scenario_code(load_code(code)) == code
('1.', True, True)
>>> decode_code(code[:-5])
Traceback (most recent call last):
...
pokerkit_teach.core.scenarios.ScenarioError: the deal code is cut short: a part of it is missing (copy the whole code or link)
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re
import zlib
from typing import Any, Mapping, Sequence

from pokerkit_teach.core.errors import IllegalAction, KitError
from pokerkit_teach.core.game import CHANCE
from pokerkit_teach.core.i18n import Msg
from pokerkit_teach.core.limits import MAX_CODE_CHARS, MAX_INFLATED_BYTES, quoted
from pokerkit_teach.core.registry import get_game
from pokerkit_teach.core.scenarios import (
    SEED_LIMIT,
    ScenarioError,
    codec_of,
    game_of_state,
    load_scenario_data,
    save_scenario,
    scenario_error,
)

__all__ = ["CODE_VERSION", "state_code", "scenario_code", "decode_code", "load_code", "code_from_link"]

CODE_VERSION = 1
_ALPHABET = re.compile(r"[A-Za-z0-9_-]*")
_HEADER = 4  # length byte and three check bytes
_FILE_ONLY = ("format", "game", "name", "title", "about", "seed", "deals", "rounds", "$schema")


def _check(body: bytes) -> bytes:
    return hashlib.blake2b(body, digest_size=3).digest()


def _pack(payload: Sequence[Any]) -> str:
    """A payload as a code (the inverse of :func:`_unpack`)."""
    text = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = deflate.compress(text.encode("utf-8")) + deflate.flush()
    blob = bytes([len(body) % 256]) + _check(body) + body
    return f"{CODE_VERSION}." + base64.urlsafe_b64encode(blob).decode("ascii").rstrip("=")


def code_from_link(text: str) -> str:
    """The code in a link (``...?deal=CODE&lang=de``) or the text itself, without spaces and line breaks.

    >>> code_from_link("https://example.org/voila/render/table.ipynb?lang=de&deal=1.AbC-_d#top")
    '1.AbC-_d'
    """
    found = re.search(r"[?&#]deal=([^&#\s]*)", text)
    return re.sub(r"\s+", "", found.group(1) if found else text)


def _unpack(text: str) -> list[Any]:
    if len(str(text)) > MAX_CODE_CHARS:  # before any work on it
        raise scenario_error("dealcode.too_long", length=len(str(text)), limit=MAX_CODE_CHARS)
    code = code_from_link(str(text))
    if not code:
        raise scenario_error("dealcode.empty")
    version, dot, rest = code.partition(".")
    if not dot or not version.isascii() or not version.isdigit():
        shown = code if len(code) <= 24 else code[:21] + "..."
        raise scenario_error("dealcode.not_code", code=quoted(shown))
    if int(version) != CODE_VERSION:
        raise scenario_error("dealcode.version", version=int(version), known=CODE_VERSION)
    bad = _ALPHABET.match(rest)
    assert bad is not None
    if bad.end() < len(rest):
        raise scenario_error("dealcode.bad_character", character=quoted(rest[bad.end()]), position=len(version) + 2 + bad.end())
    if len(rest) % 4 == 1:
        raise scenario_error("dealcode.truncated")
    try:
        blob = base64.urlsafe_b64decode(rest + "=" * (-len(rest) % 4))
    except (binascii.Error, ValueError):  # pragma: no cover - the alphabet and length are checked above
        raise scenario_error("dealcode.truncated") from None
    if len(blob) <= _HEADER:
        raise scenario_error("dealcode.truncated")
    body = blob[_HEADER:]
    if len(body) % 256 != blob[0]:  # a part is missing, unless the deflated text is whole (the length byte was changed)
        raise scenario_error("dealcode.tampered" if _whole(body) else "dealcode.truncated")
    if _check(body) != blob[1:_HEADER] or base64.urlsafe_b64encode(blob).decode("ascii").rstrip("=") != rest:
        raise scenario_error("dealcode.tampered")  # also a change in the last character's spare bits
    inflate = zlib.decompressobj(-15)
    try:
        data = inflate.decompress(body, MAX_INFLATED_BYTES + 1)  # stops there: a code cannot unpack to more
    except zlib.error:
        raise scenario_error("dealcode.tampered") from None
    if len(data) > MAX_INFLATED_BYTES:
        raise scenario_error("dealcode.too_large", limit=MAX_INFLATED_BYTES)
    try:
        if not inflate.eof or inflate.unconsumed_tail:
            raise ValueError("incomplete")
        payload = json.loads(data.decode("utf-8"))
    except (zlib.error, ValueError, RecursionError):
        raise scenario_error("dealcode.tampered") from None
    if not isinstance(payload, list) or not 4 <= len(payload) <= 7:
        raise _content(Msg.of("dealcode.shape"))
    return payload


def _whole(body: bytes) -> bool:
    """Whether ``body`` is a whole deflated text (a code cut short never is)."""
    inflate = zlib.decompressobj(-15)
    try:
        inflate.decompress(body, MAX_INFLATED_BYTES + 1)
    except zlib.error:
        return True  # not cut short but broken
    return inflate.eof


def _content(problem: object) -> ScenarioError:
    return scenario_error("dealcode.content", problem=problem)


def _log_of(state: Any, moves: Sequence[str | None] | None, seed: int) -> list[Any]:
    """The log of a code: each history entry of ``state`` as a move text, ``0`` for a chance step a
    new game with ``seed`` deals by itself the same way, or ``[cards]``."""
    codec = codec_of(game_of_state(state))
    fresh = type(state)(state.rules, seed=seed, auto_chance=False)
    log: list[Any] = []
    for index, action in enumerate(state.history):
        if fresh.is_chance(action):
            fresh.apply(fresh.chance_action())
            if fresh.history[-1] == action:
                log.append(0)
                continue
            fresh = fresh.replay_prefix(len(fresh.history) - 1)  # the cards given differ: back, and deal them
            log.append([codec.chance_text(action, fresh)])
            fresh.apply(action)
            continue
        given = moves[index] if moves is not None and index < len(moves) else None
        log.append(given or codec.move_text(action, fresh))
        fresh.apply(action)
    return log


def _code(state: Any, moves: Sequence[str | None] | None, seed: int, name: str | None,
          titles: Mapping[str, str] | str | None, to_come: Mapping[str, Any] | None = None) -> str:
    game = game_of_state(state)
    data = codec_of(game).data_of(state, moves, seed)
    header = {key: value for key, value in data.items() if key not in _FILE_ONLY}
    payload: list[Any] = [game, header, seed, _log_of(state, moves, seed)]
    said = dict(titles) if isinstance(titles, Mapping) else {"en": str(titles)} if titles else {}
    if said and said == _builtin_titles(game, name):
        said = {}  # a built-in scenario's titles are found by its name
    if name and name != f"saved-{game}" or said or to_come:
        payload.append(name if name and name != f"saved-{game}" else "")
    if said or to_come:
        payload.append(said or None)
    if to_come:  # what the scenario gives beyond its replay (a Pokerface deal's whole board before it is dealt)
        payload.append(dict(to_come))
    return _pack(payload)


def _builtin_titles(game: str, name: str | None) -> dict[str, str]:
    """The titles of the game's built-in scenario of that name (none if there is none)."""
    scenario = get_game(game).find_scenario(name) if name else None
    return dict(getattr(scenario, "titles", ())) if scenario is not None else {}


def state_code(state: Any, *, seed: int = 0, title: str | Mapping[str, str] | None = None, name: str | None = None) -> str:
    """The deal code of a game in play or over (any game of the kit): ``seed`` is the seed the game was
    started with (its cards are then not written out, and the code is short), ``title`` and ``name``
    are optional."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= SEED_LIMIT:
        raise scenario_error("dealcode.save_seed", limit=SEED_LIMIT)
    return _code(state, None, seed, name, title)


def scenario_code(scenario: Any) -> str:
    """The deal code of a scenario (built-in, from a file or from a code): its players, options, seed,
    cards, moves as the scenario writes them, name and title. Raises :class:`ScenarioError` if the
    scenario cannot be replayed."""
    replay = scenario.replay()
    moves = [step.move for step in replay.steps]
    to_come = codec_of(scenario.game).still_to_come(scenario, replay.final)
    return _code(replay.final, moves, int(getattr(scenario, "seed", 0)), scenario.name, dict(scenario.titles), to_come)


def decode_code(code: str) -> dict[str, Any]:
    """The scenario file data (the published format, every card written out) of a deal code, or of a
    link holding one (``...?deal=CODE``). Every problem raises :class:`ScenarioError`: no code, not a
    code, a character no code has, another version, cut short, changed, or a move the rules refuse
    (named with its step and the reason)."""
    payload = _unpack(code)
    game_name, header, seed, log = payload[:4]
    name = payload[4] if len(payload) > 4 else ""
    titles = payload[5] if len(payload) > 5 else None
    to_come = payload[6] if len(payload) > 6 else None
    if to_come is not None and not isinstance(to_come, dict):
        raise _content(Msg.of("dealcode.shape"))
    if not isinstance(game_name, str) or not isinstance(header, dict) or not isinstance(log, list) or not isinstance(name, str):
        raise _content(Msg.of("dealcode.shape"))
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= SEED_LIMIT:
        raise _content(Msg.of("dealcode.seed", limit=SEED_LIMIT))
    if titles is not None and (not isinstance(titles, dict) or not all(isinstance(v, str) for v in titles.values())):
        raise _content(Msg.of("dealcode.shape"))
    try:
        game = get_game(game_name)
    except KitError as error:
        raise _content(error) from None
    codec = codec_of(game.name)
    try:
        rules = codec.rules_of(header)
    except ValueError as error:
        raise _content(error) from None
    state = rules.new_game(seed=seed, auto_chance=False)
    moves: list[str | None] = []
    for number, entry in enumerate(log, start=1):
        if isinstance(entry, str):
            where = Msg.of("dealcode.step", step=number, move=quoted(entry))
            if state.current_player() == CHANCE:
                raise scenario_error("errors.scenario.move_refused", where, reason=Msg.of("dealcode.cards_due"))
            try:
                action = codec.parse_move(entry, state)
                state.apply(action)
            except IllegalAction as error:
                raise scenario_error("errors.scenario.move_refused", where, reason=error) from None
            except ValueError as error:
                raise scenario_error("errors.scenario.move_refused", where, reason=_said(error)) from None
            moves.append(entry)
            continue
        where = Msg.of("dealcode.chance_step", step=number)
        chance = None if state.is_terminal() else state.chance_action()
        if chance is None or not (entry == 0 or isinstance(entry, list) and len(entry) == 1 and isinstance(entry[0], str)):
            raise scenario_error("errors.scenario.deal_refused", where, reason=Msg.of("dealcode.no_chance"))
        try:
            state.apply(chance if entry == 0 else codec.parse_chance(entry[0], state))
        except ValueError as error:  # IllegalAction too
            raise scenario_error("errors.scenario.deal_refused", where, reason=_said(error)) from None
        moves.append(None)
    data = save_scenario(state, seed=seed, name=name or None, title=titles or _builtin_titles(game.name, name) or None, moves=moves)
    if to_come:
        try:
            codec.add_to_come(data, to_come)
        except ValueError as error:
            raise _content(error) from None
    return data


def _said(error: ValueError) -> object:
    """An error as the value of a message: itself when the kit can say it in every language."""
    return error if isinstance(error, KitError) and error.key is not None else str(error)


def load_code(code: str) -> Any:
    """The scenario of a deal code (its ``replay()`` plays it step by step), as :func:`decode_code`."""
    return load_scenario_data(decode_code(code), "deal code")
