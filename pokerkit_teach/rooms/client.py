"""A small client of the room server, for scripts, the tests and the load benchmark: create a room, connect a
seat (or the teacher), read the server's messages (each checked against the protocol's schema), move.

>>> import asyncio
>>> async def play(base: str) -> None:  # doctest: +SKIP
...     room = await create_room(base, "pokerface", 3, seed=7)
...     seat = await connect(base, room["room"], room["seats"][0]["token"])
...     view = await seat.next_view()
...     if view["legal"]:
...         await seat.act(view["version"], 0)
"""

from __future__ import annotations

import asyncio
import json
from typing import Any
from urllib.parse import quote

from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

from pokerkit_teach.core.i18n import DEFAULT_LANGUAGE
from pokerkit_teach.rooms.protocol import check_message, refusal_text, whole_view

__all__ = ["RoomError", "create_room", "connect", "Connection", "refusal_text", "ws_url"]


class RoomError(Exception):
    """The server refused a request (``key``, ``args``) or sent a message that is not in the protocol."""

    def __init__(self, key: str, args: dict[str, Any] | None = None, status: int | None = None) -> None:
        super().__init__(f"{key} {args or {}}")
        self.key, self.args_, self.status = key, args or {}, status


def ws_url(base: str, code: str, token: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """A seat's (or the teacher's) websocket address; ``kept=1``: this client fills in the view fields the
    server leaves out as kept (:func:`pokerkit_teach.rooms.protocol.whole_view`)."""
    return (base.replace("http://", "ws://").replace("https://", "wss://")
            + f"/rooms/{code}/ws?token={quote(token)}&lang={lang}&kept=1")


async def create_room(base: str, game: str, players: int | list[str], seed: int | None = None,
                      options: dict[str, Any] | None = None, bots: dict[int, str] | None = None,
                      headers: dict[str, str] | None = None, timeout: float = 30) -> dict[str, Any]:
    """``POST /rooms``: the new room's code, the teacher's token and each seat's token and link."""
    body: dict[str, Any] = {"game": game, "players": players}
    if seed is not None:
        body["seed"] = seed
    if options:
        body["options"] = options
    if bots:
        body["bots"] = {str(seat): name for seat, name in bots.items()}
    request = HTTPRequest(base + "/rooms", method="POST", body=json.dumps(body), headers=headers,
                          request_timeout=timeout, connect_timeout=timeout)
    try:
        response = await AsyncHTTPClient().fetch(request)
    except HTTPClientError as error:
        raise _refused(error) from None
    created: dict[str, Any] = json.loads(response.body)
    problem = check_message("created", created)
    if problem is not None:
        raise RoomError("rooms.client.not_protocol", {"field": problem})
    return created


def _refused(error: HTTPClientError) -> RoomError:
    try:
        data = json.loads(error.response.body) if error.response is not None and error.response.body else {}
    except ValueError:
        data = {}
    return RoomError(str(data.get("key", "rooms.refused.http")), data.get("args") or {}, error.code)


async def connect(base: str, code: str, token: str, lang: str = DEFAULT_LANGUAGE, headers: dict[str, str] | None = None,
                  timeout: float = 30, check: bool = True) -> "Connection":
    """A seat's (or the teacher's) websocket; a refused token raises :class:`RoomError` (status 403).
    ``check=False``: the server's messages are not checked against the schema (only the load benchmark,
    whose clients share the server's cores, leaves it out; the tests and the apps check every message)."""
    request = HTTPRequest(ws_url(base, code, token, lang), headers=headers, connect_timeout=timeout, request_timeout=timeout)
    try:
        socket = await websocket_connect(request, max_message_size=64 * 1024 * 1024)
    except HTTPClientError as error:
        raise _refused(error) from None
    return Connection(socket, timeout, check)


class Connection:
    """One websocket to the room server. ``frames`` keeps every message received, in order, each ``view``
    message with its whole view (the fields the server left out as kept filled in from the one before)."""

    def __init__(self, socket: WebSocketClientConnection, timeout: float = 30, check: bool = True) -> None:
        self.socket = socket
        self.timeout = timeout
        self.check = check  # each message checked against the protocol's schema
        self.frames: list[dict[str, Any]] = []
        self.view: dict[str, Any] | None = None  # the latest view message
        self.log: list[dict[str, Any]] = []  # the whole log so far, as this connection may read it

    async def receive(self, timeout: float | None = None) -> dict[str, Any] | None:
        """The next message (checked against the schema), or ``None`` once the server closed the socket."""
        raw = await asyncio.wait_for(self.socket.read_message(), timeout or self.timeout)
        if raw is None:
            return None
        frame: dict[str, Any] = json.loads(raw)
        problem = check_message("server", frame) if self.check else None
        if problem is None and frame.get("op") == "view":  # the fields the server left out, from the previous view
            problem = whole_view(frame, self.view["view"] if self.view is not None else None)
        if problem is not None:
            raise RoomError("rooms.client.not_protocol", {"field": problem, "op": frame.get("op")})
        self.frames.append(frame)
        if frame["op"] == "view":
            del self.log[frame["log_start"]:]
            self.log.extend(frame["log"])
            self.view = frame
        return frame

    async def next(self, op: str, timeout: float | None = None) -> dict[str, Any]:
        """The next message of kind ``op`` (the others before it are kept in ``frames``)."""
        while True:
            frame = await self.receive(timeout)
            if frame is None:
                raise RoomError("rooms.client.closed", {"code": self.socket.close_code, "reason": self.socket.close_reason})
            if frame["op"] == op:
                return frame

    async def next_view(self, timeout: float | None = None) -> dict[str, Any]:
        return await self.next("view", timeout)

    async def view_at_least(self, version: int, timeout: float | None = None) -> dict[str, Any]:
        """The first view of ``version`` or later (the latest one already received counts)."""
        while self.view is None or self.view["version"] < version:
            await self.next_view(timeout)
        assert self.view is not None
        return self.view

    async def send(self, data: Any) -> None:
        text = data if isinstance(data, (str, bytes)) else json.dumps(data)
        await self.socket.write_message(text, binary=isinstance(text, bytes))

    async def act(self, version: int, index: int | None = None, move: str | None = None) -> None:
        data: dict[str, Any] = {"op": "act", "version": version}
        if index is not None:
            data["index"] = index
        if move is not None:
            data["move"] = move
        await self.send(data)

    def close(self) -> None:
        self.socket.close()
