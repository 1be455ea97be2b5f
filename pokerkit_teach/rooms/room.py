"""One room: a game of any registered game, its seats and their tokens, its bots, and its file.

A room's file (``<data>/<CODE>.jsonl``) is one JSON object a line: the room (game, players, options,
seed, the tokens' hashes), then every change in order: a move (the seat and the move as a scenario file
writes it), a bot put into or taken out of a seat, the teacher's away setting, the end. Each line is
written, flushed and synced to the disk before anyone hears of the change (by the room as it writes the
line; or, in the room server, by :meth:`Room.sync` in a worker thread, which the server waits for
before it tells any client of that room anything, while the other rooms go on), so after a crash (even
``kill -9``) the file holds every change a client was told of; a last line cut short by the crash was
told to nobody and is dropped when the room is read again (:meth:`Room.load`), which plays the moves
again from the same seed and reaches the same game.

Nothing here knows a game: the state, its views, legal moves, ``why_not`` and ``apply``, the bots and
the move texts all come through the game's :class:`~pokerkit_teach.core.contract.GameModule`.
"""

from __future__ import annotations

import json
import os
import secrets
import time
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Sequence

import numpy as np

from pokerkit_teach.core.contract import GameModule
from pokerkit_teach.core.errors import KitError
from pokerkit_teach.core.i18n import DEFAULT_LANGUAGE
from pokerkit_teach.core.match import Match
from pokerkit_teach.core.registry import get_game
from pokerkit_teach.core.scenarios import save_scenario
from pokerkit_teach.core.wire import WireCache, is_frozen, move_wire, record_fields, to_wire
from pokerkit_teach.rooms.protocol import LEGAL_LISTED, MAX_BOT_MOVES, PROTOCOL, new_token, token_hash

__all__ = ["Room", "Refusal", "FILE_FORMAT", "TEACHER"]

FILE_FORMAT = 1
TEACHER = -1
"""The seat number of a teacher's connection."""


class Refusal(Exception):
    """A message the room does not carry out: ``key`` is a catalogue key, ``args`` its values."""

    def __init__(self, key: str, /, **args: Any) -> None:  # an engine reason's values may include a "key"
        super().__init__(key)
        self.key = key
        self.args_ = args

    def frame(self, version: int | None = None) -> dict[str, Any]:
        data: dict[str, Any] = {"op": "refused", "key": self.key, "args": to_wire(self.args_)}
        if version is not None:
            data["version"] = version
        return data


@dataclass
class Seat:
    name: str
    token_hash: str
    bot: str | None = None
    away_bot: bool = False  # the bot came because the seat was away; it leaves when the seat comes back
    taken: bool = False  # someone has sat here (by the seat's link or by the room's code): no longer free
    left_at: float = field(default_factory=time.monotonic)  # when its last connection closed


def _sync(handle: Any) -> None:
    handle.flush()
    os.fsync(handle.fileno())


class Room:
    """A room in memory, with its file open for appending. Made by :meth:`create` or :meth:`load`."""

    def __init__(self, code: str, game: GameModule, players: Sequence[str], options: dict[str, Any], seed: int,
                 teacher_hash: str, seats: list[Seat], path: Path) -> None:
        self.code = code
        self.game = game
        self.options = options
        self.seed = seed
        self.teacher_hash = teacher_hash
        self.seats = seats
        self.path = path
        self.state = game.new_rules(list(players), options).new_game(seed=seed)
        self.version = 0
        self.ended = False
        self.expired = False  # closed after a long idle time: not read again when the server starts
        self.away_seconds: int | None = None
        self.match = Match(self.state, {}, seed=np.random.default_rng([seed, 1]))
        self.last_active = time.monotonic()
        self._closed = False
        self.sync_later = False  # a server's room: lines are flushed as written and synced by :meth:`sync` before anyone is told
        self._unsynced: list[bool] = []  # a line (or a new file's folder entry) written since the last sync; True: the folder too
        self._wire = WireCache(512)  # the frozen parts of views sent before (a view is made for every seat after every move)
        self._fields: dict[str, tuple[int, Any, str]] = {}  # each view field's latest JSON: the version, the value, the text
        self._words: dict[tuple[int, str], tuple[Any, str]] = {}  # a log entry's words in a language, by the entry's identity

    # ----------------------------------------------------------------------------- making and reading
    @classmethod
    def create(cls, data: Path, code: str, game_name: str, players: int | Sequence[str], options: dict[str, Any] | None = None,
               seed: int | None = None, bots: dict[int, str] | None = None,
               sync_later: bool = False) -> tuple["Room", str, list[str]]:
        """A new room and its file; returns the room, the teacher's token and each seat's token. A bad game,
        player count, option or bot raises :class:`KitError` before anything is written. ``sync_later``: the
        file (and its folder's entry) is synced by :meth:`sync`, which must return before anyone is told of
        the room (see :attr:`sync_later`)."""
        game = get_game(game_name)
        names = game.player_names(players)
        options = dict(options or {})
        game.new_rules(list(names), options)  # checks the options before a file exists
        for name in (bots or {}).values():
            game.make_bot(name)
        for seat in bots or {}:
            if not 0 <= seat < len(names):
                raise KitError(key="rooms.refused.no_seat", seat=seat, last=len(names) - 1)
        seed = secrets.randbelow(2**63) if seed is None else seed
        teacher = new_token()
        tokens = [new_token() for _ in names]
        seats = [Seat(name, token_hash(token)) for name, token in zip(names, tokens)]
        path = data / f"{code}.jsonl"
        room = cls(code, game, names, options, seed, token_hash(teacher), seats, path)
        room.sync_later = sync_later
        header = {"kind": "room", "format": FILE_FORMAT, "code": code, "game": game.name, "players": list(names),
                  "options": to_wire(options), "seed": seed, "teacher": room.teacher_hash,
                  "seats": [seat.token_hash for seat in seats], "created": time.time()}
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))  # a code already on disk is never overwritten
        room._write(header)
        if sync_later:
            room._unsynced.append(True)
        else:
            _sync_folder(data)
        for seat, name in sorted((bots or {}).items()):
            room.set_bot(seat, name)
        return room, teacher, tokens

    @classmethod
    def load(cls, path: Path) -> "Room":
        """A room again from its file: every change replayed (a last line cut short is dropped)."""
        raw = path.read_bytes()
        whole, _, rest = raw.rpartition(b"\n")
        if rest:  # a line the crash cut short: nobody heard of it
            with open(path, "r+b") as handle:
                handle.truncate(len(whole) + 1 if whole or raw.startswith(b"\n") else 0)
                _sync(handle)
        lines = [json.loads(line) for line in whole.decode("utf-8").splitlines() if line.strip()]
        if not lines or lines[0].get("kind") != "room" or lines[0].get("format") != FILE_FORMAT:
            raise ValueError(f"{path}: not a room file of format {FILE_FORMAT}")
        head = lines[0]
        game = get_game(head["game"])
        seats = [Seat(name, digest) for name, digest in zip(head["players"], head["seats"])]
        room = cls(head["code"], game, head["players"], head["options"], head["seed"], head["teacher"], seats, path)
        for line in lines[1:]:
            room._replay(line)
        return room

    def _replay(self, line: dict[str, Any]) -> None:
        kind = line.get("kind")
        if kind == "move":
            action = self.game.scenarios.parse_move(line["move"], self.state)
            self.state.apply(action)
            self.version += 1
        elif kind == "bot":
            seat = line["seat"]
            self.seats[seat].bot = line["bot"]
            self.seats[seat].away_bot = bool(line.get("away")) and line["bot"] is not None
            self._set_match_bot(seat, line["bot"])
            self.version += 1
        elif kind == "away":
            self.away_seconds = line["seconds"]
        elif kind == "taken":
            seat = line["seat"]
            self.seats[seat].taken = True
            if line.get("token"):
                self.seats[seat].token_hash = line["token"]
        elif kind == "end":
            self.ended = True
            self.version += 1
        elif kind == "expired":
            self.expired = True

    def _write(self, line: dict[str, Any]) -> None:
        """One line appended, flushed and synced to the disk (with :attr:`sync_later`: flushed, and synced by
        the next :meth:`sync`). The file is opened for each line and closed after it, so a server with a
        thousand idle rooms holds no thousand open files."""
        if self._closed:
            raise Refusal("rooms.refused.ended")
        with open(self.path, "a", encoding="ascii") as handle:
            handle.write(json.dumps(line, separators=(",", ":")) + "\n")  # ASCII: any name can be written
            if self.sync_later:
                handle.flush()
                self._unsynced.append(False)
            else:
                _sync(handle)

    @property
    def unsynced(self) -> bool:
        """Lines were written since the last :meth:`sync` (with :attr:`sync_later`)."""
        return bool(self._unsynced)

    def sync(self) -> None:
        """Every line written so far (and a new file's entry in its folder) synced to the disk. It blocks
        for as long as the disk takes, so the room server calls it in a worker thread, while no other change
        is made to this room, and tells no client of the room anything before it returns. Raises
        :class:`OSError` when the disk fails (the lines are then not known to be on it)."""
        if not self._unsynced:
            return
        folder = any(self._unsynced)
        self._unsynced.clear()
        try:
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND)  # any handle of the file syncs what was written to it
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
            if folder:
                _sync_folder(self.path.parent)
        except OSError:
            self._unsynced.append(folder)
            raise

    def expire(self) -> None:
        """The room is closed for being idle: its file says so and stays."""
        self._write({"kind": "expired", "at": time.time()})
        self.expired = True
        self.close()

    def close(self) -> None:
        """The room leaves memory (it ended or expired); its file stays."""
        self._closed = True

    # ----------------------------------------------------------------------------------------- who
    def seat_of(self, token: str) -> int | None:
        """The seat a token grants (:data:`TEACHER` for the teacher's), or ``None``. Every hash is compared
        in constant time, so a guess learns nothing from how long the answer takes."""
        digest = token_hash(token)
        found: int | None = None
        if secrets.compare_digest(digest, self.teacher_hash):
            found = TEACHER
        for seat, entry in enumerate(self.seats):
            if secrets.compare_digest(digest, entry.token_hash):
                found = seat
        return found

    def seat_named(self, name: str) -> int | None:
        """The seat of the player of that name (a hub user's seat), or ``None``."""
        for seat, entry in enumerate(self.seats):
            if entry.name == name:
                return seat
        return None

    @property
    def over(self) -> bool:
        return self.ended or bool(self.state.is_terminal())

    # ------------------------------------------------------------------------------------- changes
    def act(self, seat: int, version: int, index: int | None = None, text: str | None = None) -> None:
        """A person's move from ``seat``: checked (the version, the move, the rules), written, made; then
        the bots answer. Raises :class:`Refusal` and changes nothing when it is refused."""
        if self.ended:
            raise Refusal("rooms.refused.ended")
        if self.state.is_terminal():
            raise Refusal("rooms.refused.game_over")
        if version != self.version:
            raise Refusal("rooms.refused.old_version", version=version, current=self.version)
        if self.seats[seat].bot is not None and not self.seats[seat].away_bot:
            raise Refusal("rooms.refused.bot_seat", seat=seat)
        if index is not None:
            legal = self.state.legal_actions(seat)
            if not 0 <= index < len(legal):
                raise Refusal("rooms.refused.no_such_move", index=index, count=len(legal))
            action = legal[index]
        else:
            try:
                action = self.game.scenarios.parse_move(str(text), self.state)
            except (KitError, ValueError, LookupError, TypeError) as error:
                raise Refusal("rooms.refused.bad_move", problem=_problem(error)) from None
            if getattr(action, "seat", None) != seat:
                raise Refusal("rooms.refused.not_your_move")
        reason = self.state.why_not(action)
        if reason is not None:
            raise Refusal(reason.key or "rooms.refused.illegal", **reason.details)
        if self.seats[seat].away_bot:  # the seat is back: its stand-in leaves
            self.set_bot(seat, None)
        text = self.game.scenarios.move_text(action, self.state)
        self._write({"kind": "move", "version": self.version + 1, "seat": seat, "move": text, "bot": None})
        self.state.apply(action)  # checked above: it cannot be refused now
        self.version += 1
        self.last_active = time.monotonic()
        self.run_bots()

    def run_bots(self) -> int:
        """The bots move until a person must act or the game is over (at most :data:`MAX_BOT_MOVES`); each
        move is written as it is made."""
        made = 0
        while made < MAX_BOT_MOVES and not self.over and self.match.bots:
            move = self.match.step()
            if move is None:
                break
            text = self.game.scenarios.move_text(move.action, self.state)
            self._write({"kind": "move", "version": self.version + 1, "seat": move.seat, "move": text,
                         "bot": self.seats[move.seat].bot})
            self.version += 1
            made += 1
        return made

    def set_bot(self, seat: int, name: str | None, away: bool = False) -> None:
        """The teacher's: a bot of the game into ``seat`` (by name), or out of it (``None``)."""
        if self.ended:
            raise Refusal("rooms.refused.ended")
        if not 0 <= seat < len(self.seats):
            raise Refusal("rooms.refused.no_seat", seat=seat, last=len(self.seats) - 1)
        if name is not None and name not in self.game.bots:
            raise Refusal("rooms.refused.no_bot", bot=name, names=", ".join(self.game.bot_names))
        self._write({"kind": "bot", "version": self.version + 1, "seat": seat, "bot": name, "away": away})
        self.seats[seat].bot = name
        self.seats[seat].away_bot = away and name is not None
        self._set_match_bot(seat, name)
        self.version += 1
        self.last_active = time.monotonic()

    def _set_match_bot(self, seat: int, name: str | None) -> None:
        if name is None:
            self.match.bots.pop(seat, None)
        else:
            self.match.bots[seat] = self.game.make_bot(name, np.random.default_rng([self.seed, seat, self.version]))

    def take(self, seat: int) -> None:
        """Someone sat in ``seat`` by its link: it is no longer free to take by the room's code."""
        if not self.seats[seat].taken:
            self._write({"kind": "taken", "seat": seat})
            self.seats[seat].taken = True

    def take_by_code(self, seat: int) -> str:
        """A learner who typed the room's code takes the free ``seat``: a new token for it (its printed link no
        longer opens it). Raises :class:`Refusal` for a seat someone sat in already, or a bot's."""
        if self.ended:
            raise Refusal("rooms.refused.ended")
        if not 0 <= seat < len(self.seats):
            raise Refusal("rooms.refused.no_seat", seat=seat, last=len(self.seats) - 1)
        entry = self.seats[seat]
        if entry.taken or entry.bot is not None:
            raise Refusal("rooms.refused.seat_taken", seat=seat)
        token = new_token()
        digest = token_hash(token)
        self._write({"kind": "taken", "seat": seat, "token": digest})
        entry.taken, entry.token_hash = True, digest
        return token

    def about(self, connected: set[int]) -> dict[str, Any]:
        """What anyone with the room's code may know: the game, its players and options, which seats are free."""
        return {"room": self.code, "game": self.game.name, "players": [s.name for s in self.seats],
                "options": to_wire(self.options), "over": self.over, "version": self.version,
                "seats": [{"seat": s, "name": entry.name, "free": not entry.taken and entry.bot is None and s not in connected,
                           "connected": s in connected, "bot": entry.bot} for s, entry in enumerate(self.seats)]}

    def set_away(self, seconds: int | None) -> None:
        self._write({"kind": "away", "seconds": seconds})
        self.away_seconds = seconds

    def end(self) -> None:
        if self.ended:
            raise Refusal("rooms.refused.ended")
        self._write({"kind": "end", "version": self.version + 1})
        self.ended = True
        self.version += 1

    # ----------------------------------------------------------------------------------------- what is sent
    def frame_for(self, seat: int, log_start: int = 0, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
        """The ``view`` message for ``seat`` (or the teacher's, :data:`TEACHER`): the log from ``log_start``."""
        frame: dict[str, Any] = json.loads(self.frame_text(seat, log_start, lang)[0])
        return frame

    def frame_text(self, seat: int, log_start: int = 0, lang: str = DEFAULT_LANGUAGE,
                   sent: dict[str, str] | None = None) -> tuple[str, int]:
        """:meth:`frame_for` as the JSON text the server sends (ASCII, no spaces), and the length of the seat's
        log it brings the client to (the next frame's ``log_start``). Its ``view`` is put together
        from the JSON of each field of the engine's view, and a field equal to the one written before (the
        board, the players, the last showdown: what every seat sees alike, and what did not change since the
        last move) is not turned into JSON again.

        ``sent``: the JSON of each view field this connection has received so far, updated once the frame
        is made (a frame that fails to be made changes nothing). A field whose JSON is the one sent last is
        left out of ``view`` and named in the frame's ``kept``: the client keeps it from its previous view
        (a Pokerface view's last showdown, most of its bytes, then goes once a deal instead of with every
        move). Without ``sent`` (a client that did not ask for it, and the teacher) the view is whole."""
        state = self.state
        kept: list[str] = []
        sending = dict(sent) if sent is not None else None  # ``sent`` changes only once the frame is made
        if seat == TEACHER:
            view = '{"seats":[' + ",".join(self._view_text(s) for s in range(len(self.seats))) + "]}"
            events = state.events_for(None)
            legal: list[dict[str, Any]] = []
            count = 0
        else:
            view = self._view_text(seat, sending, kept)
            events = state.events_for(seat)
            actions = [] if self.ended else state.legal_actions(seat)
            count = len(actions)
            codec = self.game.scenarios
            legal = [{"index": i, "text": codec.move_text(action, state), "move": move_wire(action)}
                     for i, action in enumerate(actions[:LEGAL_LISTED])]
        start = min(max(0, log_start), len(events))
        log = []
        for event in events[start:]:
            made = self._wire.get(event)  # each seat's log shares most entries: turned into JSON data once
            if made is None:
                made = to_wire(event)
                if is_frozen(event):
                    self._wire.put(event, made)
            entry = dict(made) if isinstance(made, dict) else {"value": made}  # a copy: the cache's own stays as it is
            entry.setdefault("key", str(getattr(event, "kind", "")))
            entry.setdefault("round", 0)
            entry.setdefault("params", {})
            entry["text"] = self._said(event, lang)
            log.append(entry)
        outcome = state.outcome if state.is_terminal() else None
        frame: dict[str, Any] = {
            "op": "view", "protocol": PROTOCOL, "room": self.code, "game": self.game.name, "version": self.version,
            "seat": None if seat == TEACHER else seat, "legal": legal, "legal_count": count,
            "log": log, "log_start": start, "over": self.over, "outcome": to_wire(outcome), "ended": self.ended,
        }
        if seat == TEACHER:
            frame["teacher"] = {"bots": self.game.bot_names, "away_seconds": self.away_seconds, "seed": self.seed,
                                "players": [s.name for s in self.seats]}
        if kept:
            frame["kept"] = kept
        text = _json(frame)[:-1] + ',"view":' + view + "}"
        if sent is not None and sending is not None:
            sent.clear()
            sent.update(sending)
        return text, len(events)

    def _view_text(self, seat: int, sent: dict[str, str] | None = None, kept: list[str] | None = None) -> str:
        """The JSON of the engine's view of ``seat`` with its messages in every language (each seat reads its
        own), without its log (the frame's ``log``) and without its legal moves when they are a list (the
        frame's ``legal``, with their texts); a game's own compact value of them (PokerGuess's thousands of
        moves) stays. With ``sent`` (see :meth:`frame_text`), a field sent before as it is now is left out
        and its name added to ``kept``."""
        value = self.state.view_for(seat)
        fields = record_fields(value)
        if fields is None:  # a view that is no record: turned into JSON whole
            data = dict(to_wire(value, cache=self._wire, texts=True))  # a copy: the cache's own stays as it is
            if not isinstance(data.get("legal_actions"), dict):
                data.pop("legal_actions", None)
            data.pop("log", None)
            if sent is not None:
                sent.clear()  # nothing kept: the next view is whole too
            return _json(data)
        parts = []
        for name, item in fields:
            if name == "log" or (name == "legal_actions" and isinstance(item, (list, tuple))):
                if sent is not None:
                    sent.pop(name, None)  # not in this view: never kept from an older one
                continue
            text = self._field_text(name, item)
            if sent is not None and kept is not None:
                if sent.get(name) == text:
                    kept.append(name)
                    continue
                sent[name] = text
            parts.append(_key(name) + text)
        return "{" + ",".join(parts) + "}"

    def forget_sent(self) -> None:
        """The JSON kept of views sent before let go (nobody is connected: the next view is made whole). A
        server keeps a room nobody plays in for hours; its memory is then only the game's, and the garbage
        collector's full passes do not look through old views."""
        self._wire = WireCache(self._wire.size)
        self._fields.clear()
        self._words.clear()

    def _said(self, event: Any, lang: str) -> str:
        """A log entry in words: said once for every seat that reads it in ``lang`` (a frozen entry, kept with
        its words while it is here: its identity is not reused meanwhile)."""
        key = (id(event), lang)
        known = self._words.get(key)
        if known is not None and known[0] is event:
            return known[1]
        text: str = event.describe(lang)
        if is_frozen(event):
            if len(self._words) >= 2048:
                self._words.clear()
            self._words[key] = (event, text)
        return text

    def _field_text(self, name: str, value: Any) -> str:
        """The JSON of one field of a view. The JSON last made for the field is used again for the very same
        frozen value (a frozen value never changes), or for an equal value of the same type while the room
        is at the same version (every seat's view after a move is made from the same state)."""
        known = self._fields.get(name)
        if known is not None:
            version, before, text = known
            if before is value and is_frozen(value):
                return text
            if version == self.version and type(before) is type(value):
                try:
                    if bool(before == value):
                        return text
                except (TypeError, ValueError):  # a value that does not say whether it equals another
                    pass
        text = _json(to_wire(value, 1, cache=self._wire, texts=True))
        self._fields[name] = (self.version, value, text)
        return text

    def log_length(self, seat: int) -> int:
        return len(self.state.events_for(None if seat == TEACHER else seat))

    def presence(self, connected: set[int], teacher: bool) -> dict[str, Any]:
        return {"op": "presence", "teacher": teacher,
                "seats": [{"seat": s, "name": entry.name, "connected": s in connected, "bot": entry.bot, "away_bot": entry.away_bot}
                          for s, entry in enumerate(self.seats)]}

    def scenario(self) -> dict[str, Any]:
        """The game so far as a scenario file (the published format), replayable by ``pokerkit-teach replay``."""
        return save_scenario(self.state, seed=self.seed, name=f"room-{self.code.lower()}",
                             title={"en": f"Room {self.code}", "de": f"Raum {self.code}", "es": f"Sala {self.code}"})


def _json(data: Any) -> str:
    """JSON as the server sends it: ASCII (a lone surrogate a client sent back stays an escape), no spaces."""
    return json.dumps(data, separators=(",", ":"))


@lru_cache(maxsize=1024)
def _key(name: str) -> str:
    """A field's name as JSON, with its colon."""
    return _json(name) + ":"


def _problem(error: BaseException) -> str:
    if isinstance(error, KitError):
        return error.text(DEFAULT_LANGUAGE)[:200]
    return type(error).__name__


def _sync_folder(folder: Path) -> None:
    """The folder's entry of a new file on the disk too (a crash right after leaves the file findable)."""
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)

