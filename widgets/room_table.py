"""A table played with others through the room server: :class:`RemoteTable`, the
:class:`~widgets.table_source.TableSource` of one seat of a room.

It holds no game. The server pushes the seat's view, its legal moves and its log (``docs/rooms.md``); the
table reads the view back into the engine's view type (:func:`~pokerkit_teach.core.wire.from_wire`, from
the types' own hints, with no code per game), so the game's parts draw it as they draw a view of a local
game. A move is sent as its index among the view's legal moves (a move the server does not list, one of
PokerGuess's thousands of predictions, as a scenario file writes it); ``why_not`` answers from those moves,
or from the engine's own compact value of them that a view may carry (PokerGuess's), and says a move sent
is on its way until the server answers it (the server's engine checks every move again, and a refusal it
sends reaches the listeners as their argument).
The log is the server's words, in the language the connection was opened in: a switch of language opens
the connection again in the new one (the server sends the whole log again).

The websocket lives in one background thread with its own asyncio loop (:func:`room_loop`), beside the
kernel's; every change calls the listeners from there. A dropped connection is shown (:attr:`connected`)
and mended by itself: the table connects again, waiting a little longer after each failure (at most
:data:`RETRY_MOST` seconds), and the server sends the seat's view again. A seat link (``?room=&seat=``)
is the seat: a reload opens the same seat.

Presence (who sits where, who is connected, who is a bot) is :attr:`presence`.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
import os
import threading
from concurrent.futures import Future
from typing import Any, Callable, Coroutine, Sequence, TypeVar, get_args, get_type_hints

from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

from pokerkit_teach.core.game import SIMULTANEOUS
from pokerkit_teach.core.i18n import DEFAULT_LANGUAGE, Msg
from pokerkit_teach.core.registry import get_game
from pokerkit_teach.core.wire import from_wire
from pokerkit_teach.rooms.client import RoomError, refusal_text, ws_url
from pokerkit_teach.rooms.protocol import check_message, is_code, whole_view

from .table_source import Pause, Said, TableMove

__all__ = ["RemoteTable", "RoomRefusal", "rooms_url", "room_about", "take_seat", "room_loop", "seats_acting", "RETRY_MOST",
           "REQUEST_SECONDS"]

log = logging.getLogger("pokerkit_teach.widgets.room_table")

DEFAULT_ROOMS_URL = "http://127.0.0.1:8867"
RETRY_FIRST = 0.25
RETRY_MOST = 5.0
"""A dropped connection is tried again after 0.25 s, then twice as long each time, at most every 5 s."""
REQUEST_SECONDS = 30.0
"""A request to the room server (its first room of a game builds the game's tables: seconds on a busy machine)."""

T = TypeVar("T")


def rooms_url() -> str:
    """The room server's address: ``PKT_ROOMS_URL``, by default ``http://127.0.0.1:8867``."""
    return os.environ.get("PKT_ROOMS_URL", DEFAULT_ROOMS_URL).rstrip("/")


def hub_headers() -> dict[str, str]:
    """On JupyterHub, the learner's own hub token with every request to the room server (a hub service that
    knows a learner by it, docs/rooms.md): the token JupyterHub gives the learner's server, which its kernels
    inherit. Elsewhere nothing: a seat's token in the address is the key."""
    token = os.environ.get("JUPYTERHUB_API_TOKEN", "")
    return {"Authorization": f"token {token}"} if token else {}


class RoomRefusal:
    """A refusal or a closing word of the server (a catalogue key and its values), said in any language."""

    def __init__(self, frame: dict[str, Any]) -> None:
        self.frame = frame
        self.key = str(frame.get("key", ""))

    def text(self, lang: str) -> str:
        return refusal_text(self.frame, lang)


# ---------------------------------------------------------------------------------------------- the loop
_loop: asyncio.AbstractEventLoop | None = None
_loop_lock = threading.Lock()


def room_loop() -> asyncio.AbstractEventLoop:
    """The asyncio loop every room connection of this kernel runs in (one daemon thread, started once)."""
    global _loop
    with _loop_lock:
        if _loop is None:
            loop = asyncio.new_event_loop()
            thread = threading.Thread(target=loop.run_forever, name="pkt-rooms", daemon=True)
            thread.start()
            _loop = loop
        return _loop


def _run(coro: Coroutine[Any, Any, T], timeout: float = REQUEST_SECONDS) -> T:
    future: Future[T] = asyncio.run_coroutine_threadsafe(coro, room_loop())
    return future.result(timeout + 1)


async def _request(url: str, method: str = "GET", body: Any = None) -> dict[str, Any]:
    request = HTTPRequest(url, method=method, body=None if body is None else json.dumps(body), headers=hub_headers(),
                          request_timeout=REQUEST_SECONDS, connect_timeout=REQUEST_SECONDS)
    try:
        response = await AsyncHTTPClient().fetch(request)
    except HTTPClientError as error:
        data: dict[str, Any] = {}
        if error.response is not None and error.response.body:
            try:
                data = json.loads(error.response.body)
            except ValueError:
                data = {}
        raise RoomError(str(data.get("key", "rooms.refused.http")), data.get("args") or {"status": error.code}, error.code) from None
    answer: dict[str, Any] = json.loads(response.body)
    return answer


def _checked_code(code: str) -> str:
    code = code.strip().upper()
    if not is_code(code):
        raise RoomError("rooms.refused.no_room", {"room": code[:6]}, 404)
    return code


def room_about(code: str, base: str | None = None) -> dict[str, Any]:
    """What anyone with the room's code may see: its game, players, options and which seats are free.
    Raises :class:`RoomError` (no such room, no server)."""
    code = _checked_code(code)
    try:
        return _run(_request(f"{base or rooms_url()}/rooms/{code}"))
    except OSError:
        raise RoomError("rooms.client.unreachable", {"url": base or rooms_url()}) from None


def take_seat(code: str, seat: int, base: str | None = None) -> str:
    """Take the free ``seat`` of the room by its code: the seat's new token (the seat is yours from now on)."""
    code = _checked_code(code)
    try:
        answer = _run(_request(f"{base or rooms_url()}/rooms/{code}/seats/{int(seat)}", "POST", {}))
    except OSError:
        raise RoomError("rooms.client.unreachable", {"url": base or rooms_url()}) from None
    return str(answer["token"])


# ---------------------------------------------------------------------------------------------- the table
class RemoteTable:
    """The :class:`~widgets.table_source.TableSource` of the seat ``token`` opens in room ``code`` (or the
    teacher's view, read-only, for the teacher's token). ``about`` is :func:`room_about`'s answer (asked for
    when not given). ``pause``: the moment the learner's display stops at until :meth:`go_on` (the room goes
    on meanwhile; what came since is shown then). ``lang``: the language of the log's words at first.

    Call :meth:`wait_for` to block until a condition on the table holds (the tests), :meth:`close` to leave."""

    def __init__(self, code: str, token: str, *, base: str | None = None, about: dict[str, Any] | None = None,
                 lang: str = DEFAULT_LANGUAGE, pause: Pause | None = None, connect: bool = True) -> None:
        self.base = (base or rooms_url()).rstrip("/")
        self.code = _checked_code(code)
        self.token = token
        self.about = about if about is not None else room_about(self.code, self.base)
        self.game = get_game(str(self.about["game"]))
        self.rules = self.game.new_rules(list(self.about["players"]), self.about.get("options") or {})
        template = self.rules.new_game(seed=0)
        events = template.events_for(None) if hasattr(template, "events_for") else template.events
        self.event_type: type = type(events[0]) if events else object
        self.view_type: type = self.game.view_type
        self._template = template  # the codec's text of a move names its players from it (moves not listed)
        self.move_type: Any = _move_type(get_type_hints(self.view_type).get("legal_actions"))
        self.pause = pause
        self.lang = lang
        self._lock = threading.RLock()
        self._changed_cond = threading.Condition(self._lock)
        self._listeners: list[Callable[[Said | None], None]] = []
        self._frame: dict[str, Any] | None = None  # the newest view message
        self._view: Any = None
        self._legal: list[Any] = []
        self._legal_count = 0  # how many moves the seat has now (more than listed for PokerGuess's predictions)
        self._compact = False  # the view carries the game's own compact value of its moves (PokerGuess)
        self._sent: int | None = None  # the version a move was sent at, until the server answers it
        self._entries: list[dict[str, Any]] = []  # the log as the server sent it
        self._texts: dict[str, list[str]] = {}  # its words, by language
        self._events: list[Any] = []
        self._moves: list[TableMove] = []  # the moves the learner's display has taken in
        self._held: list[TableMove] = []  # moves that came after the pause, shown after go_on
        self._held_view: Any = None
        self._paused: str | None = None
        self.presence: dict[str, Any] | None = None
        self.connected = False
        self.closed: RoomRefusal | None = None  # the server closed the seat for good (replaced, ended, bad token)
        self.refusals: list[RoomRefusal] = []
        self.frames: list[dict[str, Any]] = []  # every message received (the tests read them)
        self.heard = -1  # the version of the newest view every listener has been told of (the page drawn)
        self._socket: WebSocketClientConnection | None = None
        self._stopped = False
        self._task: Future[None] | None = None
        if connect:
            self._task = asyncio.run_coroutine_threadsafe(self._keep_connected(), room_loop())

    # ------------------------------------------------------------------ the source
    @property
    def seat(self) -> int:
        frame = self._frame
        seat = frame.get("seat") if frame is not None else None
        return int(seat) if seat is not None else -1

    @property
    def teacher(self) -> bool:
        return self._frame is not None and self._frame.get("seat") is None

    @property
    def ready(self) -> bool:
        """The first view has come."""
        return self._view is not None

    @property
    def version(self) -> int:
        return int(self._frame["version"]) if self._frame is not None else -1

    @property
    def events(self) -> list[Any]:
        """The log as the game's events (read back from the wire), one for each entry of :meth:`log_for`."""
        with self._lock:
            return list(self._events)

    @property
    def settled(self) -> bool:
        """Every listener has been told of the newest view (a page has drawn it)."""
        return self._frame is not None and self.heard >= self.version

    @property
    def frame(self) -> dict[str, Any] | None:
        return self._frame

    @property
    def paused(self) -> str | None:
        return self._paused

    def view(self) -> Any:
        with self._lock:
            return self._held_view if self._paused is not None and self._held_view is not None else self._view

    def why_not(self, move: Any) -> Said | None:
        if self.closed is not None:
            return self.closed
        if not self.connected:
            return Msg.of("apps.rooms.not_connected")
        if self._sent is not None and self.version <= self._sent:  # a move of this seat is on its way
            return Msg.of("apps.rooms.move_sent")
        if self.move_type is None or move in self._legal:
            return None
        view = self._view
        if self._compact and view is not None and move in view.legal_actions:  # the engine's own answer
            return None
        if self._compact or self._legal_count <= len(self._legal):  # not among the seat's moves
            return Msg.of("rooms.refused.illegal")
        return None  # one of the moves not listed: the server's engine says

    def act(self, move: Any) -> None:
        """Send the move: its index among the view's legal moves, or (a game with more moves than the server
        lists, PokerGuess's predictions) the move as a scenario file writes it. A move known to be refused
        raises at once and sends nothing; a refusal of the server comes later, to the listeners."""
        from pokerkit_teach.core.errors import IllegalAction

        with self._lock:
            reason = self.why_not(move)
            if reason is not None:
                raise IllegalAction(str(getattr(reason, "key", "") or "rooms.refused.illegal"))
            data: dict[str, Any] = {"op": "act", "version": self.version}
            if move in self._legal:
                data["index"] = self._legal.index(move)
            else:
                data["move"] = self.game.scenarios.move_text(move, self._template)
            self._send(data)
            self._sent = self.version

    def go_on(self, bot_moves: int | None = None) -> None:
        """The learner's display goes on past the pause: what came meanwhile is shown (up to the next pause)."""
        with self._lock:
            self._paused = None
            held, self._held, self._held_view = self._held, [], None
            self._admit(held)
        self._notify(None)

    def moves_since(self, mark: int) -> Sequence[TableMove]:
        with self._lock:
            return list(self._moves[mark:])

    def log_for(self, lang: str) -> Sequence[str]:
        """The log's words in ``lang``; a language not yet received opens the connection again in it (the
        words come with the next view; meanwhile those of the language received)."""
        with self._lock:
            count = sum(len(move.events) for move in self._moves)
            words = self._texts.get(lang)
            if words is None or len(words) < count:
                if lang != self.lang:
                    self.set_language(lang)
                words = self._texts.get(self.lang, [])
            known = list(words[:count])
        if len(known) < count:  # never fewer words than events
            known.extend("" for _ in range(count - len(known)))
        return known

    def on_change(self, listener: Callable[[Said | None], None]) -> None:
        self._listeners.append(listener)

    # ------------------------------------------------------------------ the teacher's
    def send(self, data: dict[str, Any]) -> None:
        """A message to the server (the teacher's ``bot`` and ``end``)."""
        self._send(data)

    # ------------------------------------------------------------------ waiting (scripts and tests)
    def wait_for(self, condition: Callable[["RemoteTable"], bool], timeout: float = 30) -> bool:
        """Block until ``condition(self)`` holds after a change (or ``timeout`` seconds): whether it holds."""
        with self._changed_cond:
            return self._changed_cond.wait_for(lambda: condition(self), timeout)

    def set_language(self, lang: str) -> None:
        """Open the connection again in ``lang`` (the log's words; the server sends it whole again)."""
        if lang == self.lang:
            return
        self.lang = lang
        socket = self._socket
        if socket is not None:
            room_loop().call_soon_threadsafe(socket.close)

    def close(self) -> None:
        """Leave the table (the seat stays yours: its link opens it again)."""
        self._stopped = True
        socket = self._socket
        if socket is not None:
            room_loop().call_soon_threadsafe(socket.close)

    # ------------------------------------------------------------------ the connection
    def _send(self, data: dict[str, Any]) -> None:
        socket = self._socket
        if socket is None:
            raise RoomError("apps.rooms.not_connected")
        text = json.dumps(data)
        room_loop().call_soon_threadsafe(lambda: socket.write_message(text))

    async def _keep_connected(self) -> None:
        wait = RETRY_FIRST
        while not self._stopped:
            lang = self.lang
            request = HTTPRequest(ws_url(self.base, self.code, self.token, lang), headers=hub_headers(),
                                  connect_timeout=REQUEST_SECONDS, request_timeout=REQUEST_SECONDS)
            try:
                socket = await websocket_connect(request, max_message_size=64 * 1024 * 1024)
            except HTTPClientError as error:
                if error.code in (403, 404):  # the seat or the room is not there: no use trying again
                    self._end(RoomRefusal({"key": "rooms.refused.bad_token" if error.code == 403 else "rooms.refused.no_room",
                                           "args": {"room": self.code}}))
                    return
                await self._dropped(wait)
                wait = min(RETRY_MOST, wait * 2)
                continue
            except (OSError, asyncio.TimeoutError):
                await self._dropped(wait)
                wait = min(RETRY_MOST, wait * 2)
                continue
            wait = RETRY_FIRST
            self._socket = socket
            reconnect = await self._read(socket, lang)
            self._socket = None
            if not reconnect:
                return
            if not self._stopped and lang == self.lang:
                with self._lock:
                    self.connected = False
                    self._changed_cond.notify_all()
                self._notify(None)

    async def _dropped(self, wait: float) -> None:
        with self._lock:
            was, self.connected = self.connected, False
            self._changed_cond.notify_all()
        if was:
            self._notify(None)
        await asyncio.sleep(wait)

    async def _read(self, socket: WebSocketClientConnection, lang: str) -> bool:
        """Read the socket until it closes: whether to connect again."""
        first = True
        previous: dict[str, Any] | None = None  # this connection's last view: the fields a view keeps come from it
        while True:
            raw = await socket.read_message()
            if raw is None:
                return not self._stopped and self.closed is None
            if isinstance(raw, bytes):
                continue
            frame = json.loads(raw)
            problem = check_message("server", frame)
            view = isinstance(frame, dict) and frame.get("op") == "view"
            if problem is None and view:
                problem = whole_view(frame, previous)  # a kept field no earlier view had
            if problem is not None and view:  # a view not read leaves the next views' kept fields unknown:
                log.warning("a view of the room server not read (%s); connecting again", problem)
                socket.close()  # a new connection starts with a whole view
                return not self._stopped and self.closed is None
            if problem is not None:
                continue
            if view:
                previous = frame["view"]
            self.frames.append(frame)
            op = frame["op"]
            if op == "view":
                self._take_view(frame, lang, first)
                first = False
            elif op == "presence":
                with self._lock:
                    self.presence = frame
                    self._changed_cond.notify_all()
                self._notify(None)
            elif op == "refused":
                refusal = RoomRefusal(frame)
                with self._lock:
                    self._sent = None
                    self.refusals.append(refusal)
                    self._changed_cond.notify_all()
                self._notify(refusal)
            elif op == "closed":
                self._end(RoomRefusal(frame))
                return False

    def _end(self, refusal: RoomRefusal) -> None:
        with self._lock:
            self.closed = refusal
            self.connected = False
            self._changed_cond.notify_all()
        self._notify(refusal)

    def _take_view(self, frame: dict[str, Any], lang: str, first: bool) -> None:
        start = int(frame["log_start"])
        with self._lock:
            self.connected = True
            entries = self._entries
            known = len(entries)
            del entries[start:]
            entries.extend(frame["log"])
            words = self._texts.setdefault(lang, [])
            del words[start:]
            words.extend(str(entry.get("text", "")) for entry in frame["log"])
            if first and lang != DEFAULT_LANGUAGE and start == 0:
                for other in list(self._texts):
                    if other != lang and len(self._texts[other]) < len(entries):
                        del self._texts[other]
            view = self._read_view(frame)
            self._frame, self._view = frame, view
            self._legal = self._read_legal(frame)
            self._legal_count = int(frame.get("legal_count", len(self._legal)))
            self._compact = frame.get("seat") is not None and isinstance(frame["view"].get("legal_actions"), dict)
            new = [self._event(entry) for entry in entries[known:]] if len(entries) > known else []
            self._events.extend(new)
            moves = _moves(new, known)
            if known == 0 and moves:  # the table just opened (a reload): its story, stopping only at its end
                self._admit_story(moves)
            elif self._paused is not None:
                self._held.extend(moves)
            else:
                self._admit(moves)
            self._changed_cond.notify_all()
        self._notify(None)
        with self._lock:
            self.heard = int(frame["version"])
            self._changed_cond.notify_all()

    def _admit_story(self, moves: Sequence[TableMove]) -> None:
        """What happened before the table was opened: every move into the learner's display at once (a learner
        who comes back is not stopped at every past pause), waiting at the pause only if the last move is one."""
        self._moves.extend(moves)
        if self.pause is not None and self.pause.after(moves[-1]):
            self._paused = self.pause.name
            self._held_view = self._view

    def _admit(self, moves: Sequence[TableMove]) -> None:
        """Moves into the learner's display, up to the pause (the rest are held until :meth:`go_on`)."""
        for index, move in enumerate(moves):
            self._moves.append(move)
            if self.pause is not None and self.pause.after(move) and index + 1 < len(moves):
                self._paused = self.pause.name
                self._held = list(moves[index + 1:])
                self._held_view = self._view
                return
            if self.pause is not None and self.pause.after(move):
                self._paused = self.pause.name
                self._held_view = self._view
                return

    def _read_view(self, frame: dict[str, Any]) -> Any:
        data = frame["view"]
        if frame.get("seat") is None:  # the teacher's: every seat's view
            return [from_wire(seat, self.view_type) for seat in data.get("seats", [])]
        view = from_wire(data, self.view_type)
        if self.move_type is not None and "legal_actions" not in data:  # the moves listed are all of them
            legal = tuple(from_wire(item["move"], self.move_type) for item in frame["legal"])
            view = view._replace(legal_actions=legal) if hasattr(view, "_replace") else dataclasses.replace(view, legal_actions=legal)
        return view

    def _read_legal(self, frame: dict[str, Any]) -> list[Any]:
        if self.move_type is None:
            return []
        return [from_wire(item["move"], self.move_type) for item in frame["legal"]]

    def _event(self, entry: dict[str, Any]) -> Any:
        try:
            return from_wire(entry, self.event_type)
        except (ValueError, TypeError, KeyError, LookupError):
            return _Entry(entry)

    def _notify(self, said: Said | None) -> None:
        """Tell every listener; one that fails is logged and the connection goes on (a page's drawing must not
        end the seat's connection)."""
        for listener in list(self._listeners):
            try:
                listener(said)
            except Exception:
                log.exception("room %s: a listener failed", self.code)


def _move_type(hint: Any) -> Any:
    """The type of one move of a view's ``legal_actions`` hint: a list's or tuple's items, or the items of a
    sequence class of the game's own (PokerGuess's ``LegalMoves``, a ``Sequence[Action]``); ``None`` if none."""
    args = get_args(hint) if hint is not None else ()
    if args:
        return args[0]
    for base in getattr(hint, "__orig_bases__", ()):
        base_args = get_args(base)
        if base_args:
            return base_args[0]
    return None


class _Entry:
    """A log entry the table could not read as the game's event: its fields as attributes."""

    def __init__(self, entry: dict[str, Any]) -> None:
        self.__dict__.update(entry)
        self.kind = str(entry.get("kind", entry.get("key", "")))


def _moves(events: Sequence[Any], first: int) -> list[TableMove]:
    """New log entries as moves: one per action of the game (the entries an action added), who made it."""
    moves: list[TableMove] = []
    group: list[Any] = []
    start = first
    for index, event in enumerate(events):
        if group and getattr(event, "action_index", None) != getattr(group[0], "action_index", None):
            moves.append(TableMove(getattr(group[0], "seat", None), None, tuple(group), start))
            group, start = [], first + index
        group.append(event)
    if group:
        moves.append(TableMove(getattr(group[0], "seat", None), None, tuple(group), start))
    return moves


def seats_acting(view: Any, seats: int) -> list[int]:
    """The seats that may move in ``view`` (a seat's or the teacher's): its ``to_act`` is one seat, several, or
    :data:`~pokerkit_teach.core.game.SIMULTANEOUS` while everyone moves at once (Póker a Voces's trading:
    every seat); none at a chance step or the end.

    >>> seats_acting(type("V", (), {"to_act": 1})(), 3), seats_acting(type("V", (), {"to_act": SIMULTANEOUS})(), 3)
    ([1], [0, 1, 2])
    >>> seats_acting(type("V", (), {"to_act": (0, 2)})(), 3), seats_acting(None, 3)
    ([0, 2], [])
    """
    to_act = getattr(view, "to_act", None)
    if to_act is None:
        return []
    if isinstance(to_act, int):
        return list(range(seats)) if to_act == SIMULTANEOUS else [to_act] if 0 <= to_act < seats else []
    return [int(seat) for seat in to_act if 0 <= int(seat) < seats]
