"""The room server: HTTP and websockets on tornado (docs/rooms.md has the protocol, docs/rooms.schema.json
every message).

- ``POST /rooms`` creates a room (body: ``{"game", "players", "options", "seed"}``);
- ``GET /rooms/CODE/ws?token=TOKEN`` is a seat's (or the teacher's) websocket;
- ``GET /rooms/CODE/scenario?token=TEACHER`` the game so far as a scenario file;
- ``GET /health`` answers ``{"rooms": n}``.

The server trusts no client: the seat comes from the token the connection opened with, every message is
checked against the schema and its bounds before it is read, every move by the engine; a refusal names a
catalogue key and the connection stays. Every accepted change is on disk before any client hears of it
(:mod:`pokerkit_teach.rooms.room`): a room's messages are handled one at a time (its lock), and after a
change the room's file is synced in a worker thread before the room's clients are told anything, while
the other rooms go on (a disk's slow sync stalls only its own room). Started again on the same folder,
the server reads every room that had not ended and carries on where it was.

Run it with ``pokerkit-teach room serve`` (or ``python -m pokerkit_teach.rooms.server``).
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import functools
import gc
import json
import logging
import os
import signal
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Awaitable, Callable, Coroutine, Sequence

import tornado.httpserver
import tornado.netutil
import tornado.web
import tornado.websocket

from pokerkit_teach.core.errors import KitError
from pokerkit_teach.core.i18n import LANGUAGES
from pokerkit_teach.rooms.protocol import (
    ACTS_BURST, ACTS_PER_SECOND, IDLE_SECONDS, MAX_BODY_BYTES, MAX_FRAME_BYTES, MAX_MESSAGE_BYTES, MAX_ROOMS,
    MESSAGES_BURST, MESSAGES_PER_SECOND, PROTOCOL, check_message, new_code,
)
from pokerkit_teach.rooms.room import TEACHER, Refusal, Room

__all__ = ["Settings", "RoomServer", "make_app", "main", "DEFAULT_PORT", "DEFAULT_APPS_URL"]

log = logging.getLogger("pokerkit_teach.rooms")

DEFAULT_PORT = 8867
DEFAULT_APPS_URL = "http://127.0.0.1:8866/voila/render/notebooks/table.ipynb"
"""The page a seat's link opens (``?room=CODE&seat=TOKEN`` is added)."""
SYNC_THREADS = 16
"""Worker threads that sync rooms' files to the disk, each room's after its own change (a thread waits on
the disk, not on a core; the disk gathers syncs that come at once)."""


@dataclass
class Settings:
    data: Path
    apps_url: str = DEFAULT_APPS_URL
    max_rooms: int = MAX_ROOMS
    idle_seconds: float = IDLE_SECONDS
    acts_per_second: float = ACTS_PER_SECOND
    acts_burst: int = ACTS_BURST
    messages_per_second: float = MESSAGES_PER_SECOND
    messages_burst: int = MESSAGES_BURST
    sweep_seconds: float = 5.0
    hub_user: Callable[[Any], Awaitable[dict[str, Any] | None]] | None = None  # hub mode: the hub user of a request (rooms/hub.py)
    prefix: str = "/"  # where the routes start (a hub service's /services/rooms/)


class Bucket:
    """A token bucket: ``rate`` a second, ``burst`` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, float(burst)
        self.level, self.at = float(burst), time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level < 1:
            return False
        self.level -= 1
        return True


@dataclass
class Live:
    """A room in memory and who is connected to it."""

    room: Room
    seats: dict[int, "RoomSocket"] = field(default_factory=dict)  # one connection a seat; TEACHER for the teacher's
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)  # held while a change is made and synced: nobody reads the room meanwhile


class RoomServer:
    """Every room of one server, read from and written to ``settings.data``."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        settings.data.mkdir(parents=True, exist_ok=True)
        self.rooms: dict[str, Live] = {}
        self.syncing = concurrent.futures.ThreadPoolExecutor(SYNC_THREADS, thread_name_prefix="room-sync")
        self._creating = 0  # rooms being created (their files syncing)
        self._tasks: set[asyncio.Task[None]] = set()
        self._load_all()

    def _load_all(self) -> None:
        for path in sorted(self.settings.data.glob("*.jsonl")):
            try:
                room = Room.load(path)
            except (OSError, ValueError, KeyError, TypeError) as error:
                log.warning("room file %s not read: %s", path.name, error)
                continue
            if room.ended or room.expired or len(self.rooms) >= self.settings.max_rooms:
                room.close()
                continue
            room.sync_later = True
            self.rooms[room.code] = Live(room)
            log.info("room %s resumed at version %d", room.code, room.version)

    async def create(self, body: Any, base: str) -> dict[str, Any]:
        problem = check_message("create", body)
        if problem is not None:
            raise Refusal("rooms.refused.invalid", field=problem)
        if len(self.rooms) + self._creating >= self.settings.max_rooms:
            raise Refusal("rooms.refused.full", limit=self.settings.max_rooms)
        code = new_code()
        while code in self.rooms or (self.settings.data / f"{code}.jsonl").exists():
            code = new_code()
        bots = {int(seat): name for seat, name in (body.get("bots") or {}).items()}
        try:
            room, teacher, tokens = Room.create(self.settings.data, code, body["game"], body["players"], body.get("options"),
                                                body.get("seed"), bots, sync_later=True)
        except KitError as error:
            raise Refusal(error.key or "rooms.refused.invalid", **error.details) from None
        except (ValueError, TypeError, LookupError):  # an option of a type the game does not read
            raise Refusal("rooms.refused.invalid", field="options") from None
        self._creating += 1
        try:
            room.run_bots()
            await asyncio.get_running_loop().run_in_executor(self.syncing, room.sync)  # on the disk before anyone has its code
        except BaseException:
            room.close()
            raise
        finally:
            self._creating -= 1
        self.rooms[code] = Live(room)
        link = self.settings.apps_url + ("&" if "?" in self.settings.apps_url else "?")
        return {"room": code, "game": room.game.name, "seed": room.seed, "protocol": PROTOCOL, "teacher": teacher,
                "teacher_link": f"{link}room={code}&teacher={teacher}",
                "seats": [{"seat": s, "name": seat.name, "token": token, "link": f"{link}room={code}&seat={token}"}
                          for s, (seat, token) in enumerate(zip(room.seats, tokens))]}

    # ----------------------------------------------------------------------------- on the disk first
    async def settle(self, live: Live) -> bool:
        """The room's changes so far synced to the disk (in a worker thread: the other rooms go on), before its
        clients are told anything; the caller holds the room's lock. A disk that fails closes the room
        (its file stays; its connections are closed, code 1011) and answers ``False``: the room in memory
        is then ahead of its file, and nobody may hear of that."""
        room = live.room
        if not room.unsynced:
            return True
        try:
            await asyncio.get_running_loop().run_in_executor(self.syncing, room.sync)
        except OSError:
            log.exception("room %s: its file could not be synced to the disk; the room is closed", room.code)
            room.close()
            if self.rooms.get(room.code) is live:
                del self.rooms[room.code]
            for socket in list(live.seats.values()):
                socket.closed_by_server = True
                socket.close(1011, "disk")
            return False
        return True

    def later(self, work: Coroutine[Any, Any, None]) -> None:
        """``work`` run on the event loop (kept until it is done)."""
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # ----------------------------------------------------------------------------- telling everyone
    def broadcast(self, live: Live) -> None:
        for seat, socket in list(live.seats.items()):
            socket.send_view()

    def tell_presence(self, live: Live) -> None:
        connected = {seat for seat in live.seats if seat != TEACHER}
        frame = live.room.presence(connected, TEACHER in live.seats)
        for socket in list(live.seats.values()):
            socket.send(frame)

    async def sweep(self) -> None:
        """Idle rooms closed (their files stay); seats away longer than the teacher's setting get a bot."""
        for code, live in list(self.rooms.items()):
            async with live.lock:
                if self.rooms.get(code) is not live:  # ended meanwhile
                    continue
                now = time.monotonic()
                room = live.room
                if not live.seats and now - room.last_active > self.settings.idle_seconds:
                    del self.rooms[code]
                    room.expire()
                    log.info("room %s closed after %.0f idle seconds", code, now - room.last_active)
                    await self.settle(live)
                    continue
                if room.away_seconds is None or room.over:
                    continue
                changed = False
                for seat, entry in enumerate(room.seats):
                    if seat not in live.seats and entry.bot is None and now - entry.left_at > room.away_seconds:
                        room.set_bot(seat, room.game.default_bot, away=True)
                        changed = True
                if changed:
                    room.run_bots()
                    if await self.settle(live):
                        self.broadcast(live)
                        self.tell_presence(live)


class JsonHandler(tornado.web.RequestHandler):
    def set_default_headers(self) -> None:
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Access-Control-Allow-Origin", "*")
        self.set_header("Access-Control-Allow-Headers", "Content-Type, Authorization")
        self.set_header("Cache-Control", "no-store")

    def options(self, *args: Any) -> None:
        self.set_status(204)

    def refuse(self, status: int, key: str, **args: Any) -> None:
        self.set_status(status)
        self.finish(json.dumps({"op": "refused", "key": key, "args": args}))

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        self.finish(json.dumps({"op": "refused", "key": "rooms.refused.http", "args": {"status": status_code}}))


class CreateHandler(JsonHandler):
    async def post(self) -> None:
        server: RoomServer = self.settings["rooms"]
        if len(self.request.body) > MAX_BODY_BYTES:
            return self.refuse(413, "rooms.refused.too_large", limit=MAX_BODY_BYTES)
        hub = server.settings.hub_user
        if hub is not None and await hub(self) is None:
            return self.refuse(403, "rooms.refused.not_logged_in")
        try:
            body = json.loads(self.request.body or b"null")
        except (ValueError, RecursionError):
            return self.refuse(400, "rooms.refused.bad_json")
        try:
            created = await server.create(body, "")
        except Refusal as refusal:
            return self.refuse(503 if refusal.key == "rooms.refused.full" else 400, refusal.key, **refusal.frame()["args"])
        self.set_status(201)
        self.finish(json.dumps(created))


class HealthHandler(JsonHandler):
    def get(self) -> None:
        server: RoomServer = self.settings["rooms"]
        self.finish(json.dumps({"rooms": len(server.rooms), "protocol": PROTOCOL}))


class ScenarioHandler(JsonHandler):
    async def get(self, code: str) -> None:
        server: RoomServer = self.settings["rooms"]
        live = server.rooms.get(code)
        if live is not None:
            async with live.lock:  # a change being synced is not in the file yet
                return self.answer(code, live.room)
        path = server.settings.data / f"{code}.jsonl"
        try:  # a room that ended or expired is read from its file, which stays for the teacher
            room = Room.load(path) if path.is_file() else None
        except (OSError, ValueError, KeyError, TypeError):
            room = None
        self.answer(code, room)

    def answer(self, code: str, room: Room | None) -> None:
        if room is None:
            return self.refuse(404, "rooms.refused.no_room", room=code[:6])
        token = self.get_query_argument("token", "")[:100]
        if room.seat_of(token) != TEACHER:
            return self.refuse(403, "rooms.refused.bad_token")
        self.set_header("Content-Disposition", f'attachment; filename="room-{code.lower()}.json"')
        self.finish(json.dumps(room.scenario(), ensure_ascii=False, indent=2) + "\n")


class AboutHandler(JsonHandler):
    """``GET /rooms/CODE``: the room as anyone with its code may see it (game, players, options, free seats);
    ``POST /rooms/CODE/seats/N``: take the free seat N by the room's code (answers ``{"seat", "token"}``)."""

    async def get(self, code: str) -> None:
        server: RoomServer = self.settings["rooms"]
        live = server.rooms.get(code)
        if live is None:
            return self.refuse(404, "rooms.refused.no_room", room=code[:6])
        async with live.lock:  # not a change still being synced
            self.finish(json.dumps(live.room.about({seat for seat in live.seats if seat != TEACHER})))


class TakeSeatHandler(JsonHandler):
    async def post(self, code: str, seat: str) -> None:
        server: RoomServer = self.settings["rooms"]
        live = server.rooms.get(code)
        if live is None:
            return self.refuse(404, "rooms.refused.no_room", room=code[:6])
        async with live.lock:
            if int(seat) in live.seats:
                return self.refuse(409, "rooms.refused.seat_taken", seat=int(seat))
            try:
                token = live.room.take_by_code(int(seat))
            except Refusal as refusal:
                return self.refuse(409 if refusal.key == "rooms.refused.seat_taken" else 400, refusal.key, **refusal.frame()["args"])
            if not await server.settle(live):  # the new token works only once it is on the disk
                return self.refuse(500, "rooms.refused.failed")
            self.finish(json.dumps({"room": code, "seat": int(seat), "token": token}))


class RoomSocket(tornado.websocket.WebSocketHandler):
    """One seat's (or the teacher's) connection."""

    live: Live
    seat: int
    lang: str
    log_sent: int
    fields_sent: dict[str, str] | None  # the JSON of each view field the connection has received, if it asked for kept fields (Room.frame_text)
    closed_by_server = False

    def check_origin(self, origin: str) -> bool:
        return True  # a page of the apps on another port: the token, not the origin, grants the seat

    async def get(self, *args: Any, **kwargs: Any) -> None:
        server: RoomServer = self.settings["rooms"]
        code = str(args[0]) if args else ""
        live = server.rooms.get(code)
        if live is None:
            self.set_status(404)
            self.finish(json.dumps({"op": "refused", "key": "rooms.refused.no_room", "args": {"room": code[:6]}}))
            return
        token = self.get_query_argument("token", "")[:100]
        async with live.lock:  # a seat taken by the room's code has its new token once that is on the disk
            seat = live.room.seat_of(token) if token else None
        if seat is None and server.settings.hub_user is not None:
            user = await server.settings.hub_user(self)
            if user is not None:
                seat = live.room.seat_named(str(user.get("name", "")))
                if seat is None and user.get("admin"):
                    seat = TEACHER
        if seat is None:
            self.set_status(403)
            self.finish(json.dumps({"op": "refused", "key": "rooms.refused.bad_token", "args": {}}))
            return
        lang = self.get_query_argument("lang", "en")
        self.lang = lang if lang in LANGUAGES else "en"
        self.live, self.seat, self.log_sent = live, seat, 0
        self.fields_sent = {} if self.get_query_argument("kept", "") == "1" else None  # a client that fills kept fields in
        self.acts = Bucket(server.settings.acts_per_second, server.settings.acts_burst)
        self.messages = Bucket(server.settings.messages_per_second, server.settings.messages_burst)
        await super().get(*args, **kwargs)

    async def open(self, *args: Any, **kwargs: Any) -> None:
        server: RoomServer = self.settings["rooms"]
        live = self.live
        async with live.lock:
            room = live.room
            if server.rooms.get(room.code) is not live:  # the room ended (or its disk failed) while this connection opened
                if room.ended:
                    self.send({"op": "closed", "key": "rooms.closed.ended", "args": {}})
                self.closed_by_server = True
                self.close(4002 if room.ended else 1011, "ended" if room.ended else "disk")
                return
            before = live.seats.get(self.seat)
            if before is not None:  # a second tab or device with the same link: the newer one keeps the seat
                before.send({"op": "closed", "key": "rooms.closed.replaced", "args": {}})
                before.closed_by_server = True
                before.close(4001, "replaced")
            live.seats[self.seat] = self
            room.last_active = time.monotonic()
            back = False
            if self.seat != TEACHER:
                room.take(self.seat)
            if self.seat != TEACHER and room.seats[self.seat].away_bot and not room.over:  # back: the stand-in leaves
                room.set_bot(self.seat, None)
                back = True
            if not await server.settle(live):
                return
            if back:
                server.broadcast(live)
            else:
                self.send_view()
            server.tell_presence(live)

    def on_close(self) -> None:
        live = getattr(self, "live", None)
        if live is None:
            return
        if live.seats.get(self.seat) is self:
            del live.seats[self.seat]
            if self.seat != TEACHER:
                live.room.seats[self.seat].left_at = time.monotonic()
            if not live.seats:
                live.room.forget_sent()
            server: RoomServer = self.settings["rooms"]
            server.later(self._tell_left(server, live))

    async def _tell_left(self, server: RoomServer, live: Live) -> None:
        async with live.lock:  # after a change being synced (the presence names the seats' bots)
            server.tell_presence(live)

    def send(self, frame: dict[str, Any]) -> None:
        self.send_text(json.dumps(frame, separators=(",", ":")))  # ASCII: a lone surrogate sent back stays an escape

    def send_text(self, text: str) -> None:
        if self.ws_connection is None or self.ws_connection.is_closing():
            return
        try:
            self.write_message(text)
        except tornado.websocket.WebSocketClosedError:
            pass

    def send_view(self) -> None:
        text, self.log_sent = self.live.room.frame_text(self.seat, self.log_sent, self.lang, self.fields_sent)
        self.send_text(text)

    def refuse(self, key: str, **args: Any) -> None:
        self.refused(Refusal(key, **args))

    def refused(self, refusal: Refusal) -> None:
        self.send(refusal.frame(self.live.room.version))

    async def on_message(self, message: str | bytes) -> None:
        """One message, while no other of the room's is handled: checked, carried out, the room's file synced
        (the other rooms go on meanwhile), then the answers sent. Tornado hands this connection its next
        message only after this one is answered."""
        server: RoomServer = self.settings["rooms"]
        live = self.live
        async with live.lock:
            tell: Callable[[], None]
            try:
                tell = self._on_message(message)
            except Refusal as refusal:
                tell = functools.partial(self.refused, refusal)
            except Exception:  # the server never falls over a message: logged, refused, the room stays
                log.exception("room %s: a message from seat %s failed", live.room.code, self.seat)
                tell = functools.partial(self.refuse, "rooms.refused.failed")
            if not await server.settle(live):
                return
            try:
                tell()
            except Exception:
                log.exception("room %s: the answer to a message from seat %s failed", live.room.code, self.seat)
                self.refuse("rooms.refused.failed")

    def _on_message(self, message: str | bytes) -> Callable[[], None]:
        """The message checked and carried out; answers what to send once the room's file is synced."""
        server: RoomServer = self.settings["rooms"]
        if not self.messages.take():
            raise Refusal("rooms.refused.too_fast")
        if isinstance(message, bytes):
            raise Refusal("rooms.refused.not_text")
        if len(message) > MAX_MESSAGE_BYTES or len(message.encode("utf-8", "surrogatepass")) > MAX_MESSAGE_BYTES:
            raise Refusal("rooms.refused.too_large", limit=MAX_MESSAGE_BYTES)
        try:
            data = json.loads(message)
        except (ValueError, RecursionError):
            raise Refusal("rooms.refused.bad_json") from None
        problem = check_message("client", data)
        if problem is not None:
            op = data.get("op") if isinstance(data, dict) else None
            if op not in ("act", "bot", "away", "end", "ping"):
                raise Refusal("rooms.refused.unknown_op", op=str(op)[:40] if op is not None else "")
            raise Refusal("rooms.refused.invalid", field=problem[:80])
        op = data["op"]
        live, room = self.live, self.live.room
        if op == "ping":
            return functools.partial(self.send, {"op": "pong"})
        if op == "act":
            if self.seat == TEACHER:
                raise Refusal("rooms.refused.teacher_has_no_seat")
            if not self.acts.take():
                raise Refusal("rooms.refused.too_fast")
            room.act(self.seat, data["version"], data.get("index"), data.get("move"))
            return functools.partial(server.broadcast, live)
        if self.seat != TEACHER:
            raise Refusal("rooms.refused.teacher_only", op=op)
        if op == "bot":
            room.set_bot(data["seat"], data["bot"])
            room.run_bots()

            def told() -> None:
                server.broadcast(live)
                server.tell_presence(live)
            return told
        if op == "away":
            room.set_away(data["seconds"])
            return self.send_view
        room.end()  # "end": the schema knows no other op

        def ended() -> None:
            server.broadcast(live)
            for socket in list(live.seats.values()):
                socket.send({"op": "closed", "key": "rooms.closed.ended", "args": {}})
                socket.closed_by_server = True
                socket.close(4002, "ended")
            room.close()
            server.rooms.pop(room.code, None)
        return ended


def make_app(settings: Settings) -> tuple[tornado.web.Application, RoomServer]:
    server = RoomServer(settings)
    prefix = "/" + settings.prefix.strip("/") + "/" if settings.prefix.strip("/") else "/"
    app = tornado.web.Application(
        [
            (prefix + r"rooms", CreateHandler),
            (prefix + r"rooms/([A-Z]{6})/ws", RoomSocket),
            (prefix + r"rooms/([A-Z]{6})/scenario", ScenarioHandler),
            (prefix + r"rooms/([A-Z]{6})", AboutHandler),
            (prefix + r"rooms/([A-Z]{6})/seats/([0-9]{1,2})", TakeSeatHandler),
            (prefix + r"health", HealthHandler),
        ],
        rooms=server,
        websocket_max_message_size=MAX_FRAME_BYTES,
        websocket_ping_interval=20,
        websocket_ping_timeout=20,
    )
    return app, server


def warm_up() -> None:
    """Every game imported and one view of each made, with the protocol's schema, before the server says it
    is ready: the first room of a class is then as quick as the others."""
    from pokerkit_teach.core.registry import all_games
    from pokerkit_teach.core.wire import to_wire

    check_message("client", {"op": "ping"})
    for game in all_games():
        state = game.new_rules(game.min_players).new_game(seed=0)
        to_wire(state.view_for(0))


async def serve(settings: Settings, host: str = "127.0.0.1", port: int = DEFAULT_PORT,
                ready: Callable[[int], None] | None = None) -> None:
    """Serve until SIGTERM or SIGINT; ``ready(port)`` once it listens (port 0: a free one)."""
    warm_up()
    app, server = make_app(settings)
    gc.collect()
    gc.freeze()  # what the server made to start (the games, their grammars, the schema, the rooms read again) is no longer
    # looked through by each full garbage collection, which would otherwise stop every room for a tenth of a second
    sockets = tornado.netutil.bind_sockets(port, host)
    http = tornado.httpserver.HTTPServer(app, max_body_size=MAX_BODY_BYTES * 4, max_header_size=16 * 1024)
    http.add_sockets(sockets)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    if ready is not None:
        ready(sockets[0].getsockname()[1])

    async def sweeping() -> None:
        while True:
            await asyncio.sleep(settings.sweep_seconds)
            try:
                await server.sweep()
            except Exception:  # pragma: no cover - logged; the server goes on
                log.exception("sweep failed")

    sweeper = asyncio.create_task(sweeping())
    await stop.wait()
    sweeper.cancel()
    http.stop()
    for live in server.rooms.values():
        live.room.close()
    server.syncing.shutdown(wait=True)  # a sync under way finishes


def default_data() -> Path:
    """Where the rooms' files go by default: ``$PKT_ROOMS_DATA``, or ``rooms`` in the user's data folder."""
    given = os.environ.get("PKT_ROOMS_DATA")
    if given:
        return Path(given)
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "pokerkit-teach" / "rooms"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pokerkit_teach.rooms.server")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--data", type=Path, default=None)
    parser.add_argument("--apps-url", default=os.environ.get("PKT_APPS_URL", DEFAULT_APPS_URL))
    parser.add_argument("--max-rooms", type=int, default=MAX_ROOMS)
    parser.add_argument("--idle-seconds", type=float, default=IDLE_SECONDS)
    parser.add_argument("--messages-per-second", type=float, default=MESSAGES_PER_SECOND)
    parser.add_argument("--acts-per-second", type=float, default=ACTS_PER_SECOND)
    parser.add_argument("--sweep-seconds", type=float, default=5.0, help="how often idle rooms and away seats are looked at")
    parser.add_argument("--hub", action="store_true", help="run as a JupyterHub service (its users are the players)")
    args = parser.parse_args(argv)
    return run(args.data or default_data(), args.host, args.port, args.apps_url, args.max_rooms, args.idle_seconds,
               args.messages_per_second, args.acts_per_second, args.hub, args.sweep_seconds)


def run(data: Path | None, host: str, port: int, apps_url: str = DEFAULT_APPS_URL, max_rooms: int = MAX_ROOMS,
        idle_seconds: float = IDLE_SECONDS, messages_per_second: float = MESSAGES_PER_SECOND,
        acts_per_second: float = ACTS_PER_SECOND, hub: bool = False, sweep_seconds: float = 5.0) -> int:
    data = data or default_data()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s", stream=sys.stderr)
    settings = Settings(data, apps_url=apps_url, max_rooms=max_rooms, idle_seconds=idle_seconds,
                        messages_per_second=messages_per_second, messages_burst=max(MESSAGES_BURST, int(messages_per_second * 2)),
                        acts_per_second=acts_per_second, acts_burst=max(ACTS_BURST, int(acts_per_second * 2)),
                        sweep_seconds=sweep_seconds)
    if hub:
        from pokerkit_teach.rooms.hub import hub_port, hub_prefix, hub_user

        settings.hub_user, settings.prefix, port = hub_user, hub_prefix(), hub_port(port)

    def ready(bound: int) -> None:
        print(f"room server on http://{host}:{bound} (rooms in {data})", flush=True)

    asyncio.run(serve(settings, host, port, ready))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
