"""'Play with others': the part of a play tab that joins a room of the room server (docs/rooms.md).

A learner types the room's code (as the teacher projects it) and picks a free seat, or opens a seat link
(``?room=CODE&seat=TOKEN``: the page joins that seat at once, and a reload joins it again). Then the tab
plays a :class:`~widgets.room_table.RemoteTable` with its usual controls; this part shows who sits where,
who is connected, who is a bot and whose turn it is, the seat's own link (to come back to the seat from
another device), and a dropped connection while it is mended. Once seated, the page's address carries the
seat's link (the app's :class:`~widgets.address.PageAddress`), so a reload keeps the seat also after a typed code;
leaving the table takes it out again.

CSS classes for browser tests: ``pkt-room`` (the part), ``pkt-room-code`` (the code's field),
``pkt-room-find`` (the button that shows the seats), ``pkt-room-seat`` (a seat's button, free or not),
``pkt-room-presence`` (who sits where), ``pkt-room-link`` (the seat's own link), ``pkt-room-leave``.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import ipywidgets

from pokerkit_teach.core.i18n import message
from pokerkit_teach.rooms.client import RoomError

from .app import App, esc
from .preheat import page_address
from .room_table import RemoteTable, room_about, rooms_url, seats_acting, take_seat
from .table_source import Pause

__all__ = ["RoomJoin", "JOIN_SECONDS"]

JOIN_SECONDS = 30.0
"""How long the page waits for the room's first view before it says the room server does not answer."""


def room_error_text(error: RoomError, lang: str) -> str:
    return message(error.key, lang, **{name: value for name, value in error.args_.items()})


class RoomJoin:
    """The join part of a play tab for ``game`` (a registry name): ``on_join(table)`` plays the table joined,
    ``on_leave()`` goes back to the bots. ``pause``: the moment the learner's display stops at (the game's)."""

    def __init__(self, app: App, game: str, on_join: Callable[[RemoteTable], None], on_leave: Callable[[], None],
                 pause: Pause | None = None) -> None:
        self.app, self.game, self.on_join, self.on_leave, self.pause = app, game, on_join, on_leave, pause
        self.table: RemoteTable | None = None
        self.about: dict[str, Any] | None = None
        self.heading = ipywidgets.HTML()
        self.code = ipywidgets.Text(continuous_update=False, layout=ipywidgets.Layout(width="12em"))
        self.code.add_class("pkt-room-code")
        self.code.observe(lambda _: self.app.guarded(lambda: self.find())(), names="value")
        self.find_button = ipywidgets.Button(icon="users")
        self.find_button.add_class("pkt-room-find")
        self.find_button.on_click(self.app.guarded(lambda _: self.find()))
        self.seats = ipywidgets.HBox(layout=ipywidgets.Layout(flex_flow="row wrap"))
        self.presence = ipywidgets.HTML()
        self.presence.add_class("pkt-room-presence")
        self.link = ipywidgets.HTML()
        self.link.add_class("pkt-room-link")
        self.leave_button = ipywidgets.Button(icon="sign-out")
        self.leave_button.add_class("pkt-room-leave")
        self.leave_button.on_click(self.app.guarded(lambda _: self.leave()))
        self.form = ipywidgets.HBox([self.code, self.find_button], layout=ipywidgets.Layout(flex_flow="row wrap"))
        self.box = ipywidgets.VBox([self.heading, self.form, self.seats, self.presence, self.link, self.leave_button])
        self.box.add_class("pkt-room")

    @property
    def playing(self) -> bool:
        return self.table is not None

    # ------------------------------------------------------------------ joining
    def open_params(self, room: str | None, seat: str | None, teacher: str | None = None) -> bool:
        """A seat link (or the teacher's) of the address: join it. Whether the page plays in a room now."""
        if room is None or (seat is None and teacher is None):
            if room is not None:
                self.code.value = room
            return False
        return self.join(room, str(seat or teacher))

    def find(self) -> None:
        """The seats of the room whose code is typed: a button for each, the free ones usable."""
        code = self.code.value.strip().upper()
        if not code:
            self.about = None
            self.seats.children = ()
            return
        try:
            self.about = room_about(code)
        except RoomError as error:
            self.about = None
            self.seats.children = ()
            self.app.say(room_error_text(error, self.app.lang), "error")
            return
        if self.about["game"] != self.game:
            self.app.say(self.app.t("apps.rooms.other_game", room=code, game=self._game_title(self.about["game"])), "error")
            self.seats.children = ()
            return
        self.app.say("")
        self._draw_seats()

    def _draw_seats(self) -> None:
        about = self.about
        if about is None:
            self.seats.children = ()
            return
        buttons = []
        for seat in about["seats"]:
            button = ipywidgets.Button(description=self._seat_label(seat), disabled=not seat["free"])
            button.add_class("pkt-room-seat")
            button.on_click(self.app.guarded(lambda _, number=seat["seat"]: self.take(number)))
            buttons.append(button)
        self.seats.children = buttons

    def _seat_label(self, seat: dict[str, Any]) -> str:
        t = self.app.t
        if seat.get("bot"):
            state = t("apps.rooms.seat_bot")
        elif seat["free"]:
            state = t("apps.rooms.seat_free")
        else:
            state = t("apps.rooms.seat_taken")
        return t("apps.rooms.seat_button", name=seat["name"], state=state)

    def take(self, seat: int) -> None:
        code = self.code.value.strip().upper()
        try:
            token = take_seat(code, seat)
        except RoomError as error:
            self.app.say(room_error_text(error, self.app.lang), "error")
            self.find()
            return
        self.join(code, token)

    def join(self, code: str, token: str) -> bool:
        """Sit in the seat ``token`` opens in room ``code``: whether the page plays in the room now."""
        try:
            table = RemoteTable(code, token, lang=self.app.lang, pause=self.pause)
        except RoomError as error:
            self.app.say(room_error_text(error, self.app.lang), "error")
            return False
        if not table.wait_for(lambda t: t.ready or t.closed is not None, JOIN_SECONDS) or not table.ready:
            said = table.closed.text(self.app.lang) if table.closed is not None else self.app.t(
                "apps.rooms.no_answer", url=rooms_url())
            table.close()
            self.app.say(said, "error")
            return False
        if table.game.name != self.game:
            table.close()
            self.app.say(self.app.t("apps.rooms.other_game", room=code, game=table.game.title(self.app.lang)), "error")
            return False
        self.leave(quietly=True)
        self.table = table
        self.code.value = code
        self.seats.children = ()
        table.on_change(lambda _: self.refresh())
        if not table.teacher:
            self.app.address.set(room=code, seat=token)
        self.on_join(table)
        self.app.say(self.app.t("apps.rooms.joined", room=code, name=self._players()[table.seat] if table.seat >= 0 else ""))
        self.refresh()
        return True

    def leave(self, quietly: bool = False) -> None:
        """Leave the room (the seat stays yours: its link opens it again) and play with the bots."""
        table, self.table = self.table, None
        if table is None:
            return
        table.close()
        if not quietly:
            self.app.address.set(room=None, seat=None, teacher=None)
            self.on_leave()
            self.refresh()

    def _players(self) -> Sequence[str]:
        table = self.table
        return list(table.about["players"]) if table is not None else []

    def _game_title(self, name: str) -> str:
        from pokerkit_teach.core.registry import get_game

        return get_game(name).title(self.app.lang)

    # ------------------------------------------------------------------ drawing
    def refresh(self) -> None:
        t = self.app.t
        table = self.table
        playing = table is not None
        # how to join is said until the learner sits at a table; then the table's own lines follow the heading
        intro = "" if playing else f"<p>{esc(t('apps.rooms.intro'))}</p>"
        self.heading.value = f"<h3>{esc(t('apps.rooms.heading'))}</h3>{intro}"
        self.code.description = t("apps.rooms.code")
        self.code.placeholder = t("apps.rooms.code_placeholder")
        self.find_button.description = t("apps.rooms.find")
        self.find_button.tooltip = t("apps.rooms.find_tip")
        self.leave_button.description = t("apps.rooms.leave")
        self.leave_button.tooltip = t("apps.rooms.leave_tip")
        self.form.layout.display = "none" if playing else ""
        self.seats.layout.display = "none" if playing else ""
        self.leave_button.layout.display = "" if playing else "none"
        if not playing:
            self._draw_seats()
            self.presence.value = ""
            self.link.value = ""
            return
        assert table is not None
        self.presence.value = self.presence_html(table)
        link = _seat_link(table)
        self.link.value = (f'<p>{esc(t("apps.rooms.your_link"))} <a href="{esc(link)}">{esc(link)}</a></p>'
                           if link else "")

    def presence_html(self, table: RemoteTable) -> str:
        """Who sits where: each seat's player, you, connected or not, a bot; whose turn it is; the connection."""
        t = self.app.t
        presence = table.presence
        view = table.view()
        to_act = set(seats_acting(view, len(self._players()))) if view is not None and not isinstance(view, list) else set()
        rows = []
        seats = presence["seats"] if presence is not None else [
            {"seat": s, "name": name, "connected": False, "bot": None} for s, name in enumerate(self._players())]
        for seat in seats:
            parts = []
            if seat["seat"] == table.seat:
                parts.append(t("apps.rooms.you"))
            if seat.get("bot"):
                parts.append(t("apps.rooms.is_bot"))
            elif seat["connected"]:
                parts.append(t("apps.rooms.connected"))
            else:
                parts.append(t("apps.rooms.not_here"))
            if seat["seat"] in to_act:
                parts.append(t("apps.rooms.to_act"))
            rows.append(f"<li><b>{esc(seat['name'])}</b>: {esc(', '.join(parts))}</li>")
        state = t("apps.rooms.room_line", room=table.code)
        if table.closed is not None:
            state += " " + table.closed.text(self.app.lang)
        elif not table.connected:
            state += " " + t("apps.rooms.not_connected_line")
        return f'<div role="status"><p>{esc(state)}</p><ul>{"".join(rows)}</ul></div>'


def _seat_link(table: RemoteTable) -> str:
    """The seat's own link (the page's address with ``?room=&seat=``), as the server makes them."""
    if table.teacher:
        return ""
    base = page_address()
    return f"{base}?room={table.code}&seat={table.token}" if base else ""
