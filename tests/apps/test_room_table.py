"""The table of one seat of a room (widgets/room_table.py) against a real room server in a process of its own
(127.0.0.1, port 0, stopped by the test): three seats, one taken by the room's code and two by their
links, play a Pokerface deal to its showdown from their views; each view is the engine's view of the same
seed and moves; no frame before the showdown holds another seat's hole card; the log reads in the seat's
language; a dropped connection is mended, a reload keeps the seat, a stale move is refused in words."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterator

import pytest

from pokerkit_teach.core.i18n import message
from pokerkit_teach.core.registry import get_game
from pokerkit_teach.core.wire import card_text
from pokerkit_teach.rooms.client import RoomError, create_room
from pokerkit_teach.widgets.room_table import RemoteTable, RoomRefusal, _run, room_about, room_loop, take_seat
from pokerkit_teach.widgets import room_table
from tests.rooms.serving import RoomServerProcess

SEED = 11
WAIT = 30


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RoomServerProcess]:
    with RoomServerProcess(Path(tmp_path_factory.mktemp("rooms"))) as process:
        yield process
    assert process.errors() == []


def new_room(server: RoomServerProcess, players: int = 3) -> dict[str, Any]:
    async def create() -> dict[str, Any]:
        return await create_room(server.base, "pokerface", players, seed=SEED)

    return _run(create())


def replay(moves: list[tuple[int, int]]) -> Any:
    """The engine's own game of the same seed, with the same moves (seat, index among its legal moves)."""
    state = get_game("pokerface").new_rules(3).new_game(seed=SEED)
    for seat, index in moves:
        state.apply(state.legal_actions(seat)[index])
    return state


def same_view(remote: Any, local: Any) -> None:
    for name in remote._fields:
        if name == "last_showdown":
            assert (remote.last_showdown is None) == (local.last_showdown is None)
            if local.last_showdown is not None:
                for lang in ("en", "de", "es"):
                    assert remote.last_showdown.text(lang) == local.last_showdown.text(lang)
        else:
            assert getattr(remote, name) == getattr(local, name), name


def test_three_seats_play_a_deal_to_its_showdown(server: RoomServerProcess) -> None:
    room = new_room(server)
    code = room["room"]
    about = room_about(code, server.base)
    assert about["game"] == "pokerface" and [seat["free"] for seat in about["seats"]] == [True, True, True]
    token = take_seat(code, 0, server.base)  # seat 0 by the typed code (lower case and spaces forgiven)
    with pytest.raises(RoomError) as taken:
        take_seat(code.lower() + " ", 0, server.base)
    assert taken.value.key == "rooms.refused.seat_taken"
    assert [seat["free"] for seat in room_about(code, server.base)["seats"]] == [False, True, True]
    langs = ["en", "de", "es"]
    tables = [RemoteTable(code, token, base=server.base, lang="en"),
              RemoteTable(code, room["seats"][1]["token"], base=server.base, lang="de"),
              RemoteTable(code, room["seats"][2]["token"], base=server.base, lang="es")]
    try:
        for table in tables:
            assert table.wait_for(lambda t: t.ready, WAIT)
        assert [table.seat for table in tables] == [0, 1, 2]
        assert tables[0].wait_for(lambda t: t.presence is not None and all(s["connected"] for s in t.presence["seats"]), WAIT)
        moves: list[tuple[int, int]] = []
        first_deal = tables[0].view().deal_number
        while tables[0].view().showdowns == 0:
            version = tables[0].version
            state = replay(moves)
            for seat, table in enumerate(tables):
                same_view(table.view(), state.view_for(seat))
                assert table.log_for(langs[seat]) == [event.describe(langs[seat]) for event in state.events_for(seat)]
            seat = next(s for s, t in enumerate(tables) if t.view().legal_actions)
            move = tables[seat].view().legal_actions[0]
            assert tables[seat].why_not(move) is None
            other = tables[(seat + 1) % 3]
            assert other.why_not(move) is not None  # not among that seat's moves
            tables[seat].act(move)
            moves.append((seat, 0))
            for table in tables:
                assert table.wait_for(lambda t: t.version > version, WAIT)
            assert len(moves) < 100
        state = replay(moves)
        assert state.showdowns and tables[0].view().last_showdown.text("de") == state.showdowns[0].text("de")
        # no frame before the showdown's frame held another seat's hole card of that deal
        holes = {step.hand.name: {card_text(card) for card in step.hand.hole} for step in state.showdowns[0].steps}
        names = state.rules.players
        for seat, table in enumerate(tables):
            others = set().union(*(holes[name] for s, name in enumerate(names) if s != seat))
            for frame in table.frames:
                if frame["op"] == "view" and frame["view"]["showdowns"] == 0:
                    said = json.dumps(frame)
                    assert not any(f'"{card}"' in said for card in others), (seat, frame["version"])
        assert first_deal == 1
    finally:
        for table in tables:
            table.close()


def test_a_dropped_connection_is_mended_and_a_reload_keeps_the_seat(server: RoomServerProcess) -> None:
    room = new_room(server)
    code, token = room["room"], room["seats"][1]["token"]
    table = RemoteTable(code, token, base=server.base)
    reload: RemoteTable | None = None
    try:
        assert table.wait_for(lambda t: t.ready, WAIT)
        views = sum(frame["op"] == "view" for frame in table.frames)
        socket = table._socket
        assert socket is not None
        room_loop().call_soon_threadsafe(socket.close)  # the network drops the connection
        assert table.wait_for(lambda t: t._socket is not socket and t.connected
                              and sum(f["op"] == "view" for f in t.frames) > views, WAIT)
        assert table.seat == 1 and table.closed is None
        reload = RemoteTable(code, token, base=server.base)  # the page loaded again with the seat link
        assert reload.wait_for(lambda t: t.ready, WAIT)
        assert reload.seat == 1 and reload.view() == table.view()
        assert table.wait_for(lambda t: t.closed is not None, WAIT)  # the older page is told why
        assert table.closed is not None and table.closed.key == "rooms.closed.replaced"
        assert "anderen Tab" in table.closed.text("de")
    finally:
        table.close()
        if reload is not None:
            reload.close()


def test_a_stale_move_is_refused_in_the_seats_language(server: RoomServerProcess) -> None:
    room = new_room(server)
    tables = [RemoteTable(room["room"], seat["token"], base=server.base) for seat in room["seats"]]
    heard: list[Any] = []
    try:
        for table in tables:
            assert table.wait_for(lambda t: t.ready, WAIT)
        seat = next(s for s, t in enumerate(tables) if t.view().legal_actions)
        table = tables[seat]
        table.on_change(heard.append)
        version = table.version
        table.act(table.view().legal_actions[0])
        assert table.wait_for(lambda t: t.version > version, WAIT)
        table.send({"op": "act", "version": version, "index": 0})  # a move chosen on the old table
        assert table.wait_for(lambda t: bool(t.refusals), WAIT)
        refusal = next(said for said in heard if isinstance(said, RoomRefusal))
        assert refusal.key == "rooms.refused.old_version"
        assert refusal.text("es").startswith("la mesa ha cambiado")
    finally:
        for table in tables:
            table.close()


def test_three_table_apps_play_a_deal_of_one_room_each_in_its_language(server: RoomServerProcess,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The Pokerface table app's 'Play with others': one learner types the code and picks a free seat, two
    open their seat links (in German and in Spanish); they play a deal to its showdown by clicks; each page
    draws its own seat at the bottom, never another seat's hole card before the showdown, and turns the
    showdown over in its own language as the engine's replay tells it."""
    from pokerkit_teach.holdem.render import card_label
    from pokerkit_teach.widgets.table import TableApp

    monkeypatch.setenv("PKT_ROOMS_URL", server.base)
    room = new_room(server)
    code = room["room"]
    first = TableApp(query="seed=5&players=3")
    intro = message("apps.rooms.intro", "en")
    assert intro in first.join.heading.value  # how to join, until the learner sits down
    first.join.code.value = code.lower()  # typed as it comes
    seat_buttons = [b for b in first.join.seats.children if "pkt-room-seat" in b._dom_classes]
    assert [b.disabled for b in seat_buttons] == [False, False, False]
    assert seat_buttons[0].description == "Player 1: free"
    seat_buttons[0].click()
    apps = [first, TableApp(query=f"lang=de&room={code}&seat={room['seats'][1]['token']}"),
            TableApp(query=f"lang=es&room={code}&seat={room['seats'][2]['token']}")]
    langs = ["en", "de", "es"]
    try:
        for seat, app in enumerate(apps):
            assert app.table is not None and app.table.seat == seat and app.state is None
            assert app.join.leave_button.layout.display == "" and app.setup.layout.display == "none"
            assert "<p>" not in app.join.heading.value, "how to join is not said to a seated learner"
            mine = next(r for r in app.board.regions if r["key"] == f"seat-{seat}")
            assert mine["area"] == "s0"  # your own seat at the bottom
        assert apps[0].table is not None and apps[0].table.wait_for(
            lambda t: t.presence is not None and all(s["connected"] for s in t.presence["seats"]), WAIT)
        assert "Jugador 1" not in apps[2].join.presence.value and "Player 1" in apps[2].join.presence.value
        moves: list[tuple[int, int]] = []
        while all(app.pending is None for app in apps):
            tables = [app.table for app in apps]
            version = tables[0].version  # type: ignore[union-attr]
            state = replay(moves)
            for seat, app in enumerate(apps):
                others = [card_label(card, langs[seat]) for s in range(3) if s != seat for card in state.hole[s]]
                labels = " ".join(item["label"] for item in app.board.items)
                assert not [card for card in others if card in labels], (seat, labels)
            seat = next(s for s, app in enumerate(apps) if app.controller.view().legal_actions)
            app = apps[seat]
            legal = [item for item in app.board.items if item["state"] == "legal" and item["pressable"]]
            index = 0
            if not app.pass_button.disabled and (not legal or len(moves) % 3 == 2):
                move = next(m for m in app.controller.view().legal_actions if type(m).__name__ == "Pass")
                app.pass_button.click()
            else:
                key = sorted(legal, key=lambda item: item["region"] != "middle")[0]["key"]
                move = app.move_for(key, app.controller.view())
                app.board.press(key)
            index = list(state.legal_actions(seat)).index(move)
            moves.append((seat, index))
            for other in apps:
                assert other.table is not None and other.table.wait_for(lambda t: t.version > version and t.settled, WAIT)
            moved = replay(moves)
            said = moved.events_for(seat)[len(state.events_for(seat))].describe  # the move's first entry, as told
            for number, other in enumerate(apps):  # every page's live region says it, in its own language
                if other is not app and other.pending is None:
                    assert said(langs[number]).rstrip(".") in other.board.status, (langs[number], other.board.status)
            assert len(moves) < 120
        state = replay(moves)
        assert state.showdowns
        result = state.showdowns[0]
        for seat, app in enumerate(apps):
            assert app.table is not None and app.table.wait_for(lambda t: t.paused == "showdown" and t.settled, WAIT)
            app.refresh()
            assert app.reveal_button.layout.display != "none"
            for _ in result.steps:
                app.reveal_button.click()
            assert result.summary.text(langs[seat]) in app.showdown.value
        # Anna switches to German: the connection opens again in German, the log comes again in her words
        first, table = apps[0], apps[0].table
        assert table is not None
        first.language.value = "de"
        assert table.wait_for(lambda t: t.lang == "de" and t.connected and t.settled and "nimmt" in " ".join(t.log_for("de")), WAIT)
        first.refresh()
        assert "nimmt" in first.log.value and "takes the" not in first.log.value and table.seat == 0
    finally:
        for app in apps:
            app.join.leave(quietly=True)


def test_the_class_view_makes_tables_follows_them_and_compares_the_class_with_the_bots(
        server: RoomServerProcess, monkeypatch: pytest.MonkeyPatch) -> None:
    """The teacher's class view: 7 learners at tables of about 4 make two tables (4 and 3) with a code each and
    a QR code per seat link; a learner's table app joins by a link from the sheet; the teacher seats bots in
    the other seats, the row follows the table; the table shown read-only names every hole card; the results
    count the deals the table played; the download holds each table's game as a scenario the engine replays."""
    import base64
    import io
    import re
    import zipfile

    from pokerkit_teach.core.scenarios import load_scenario_text
    from pokerkit_teach.holdem.render import card_label
    from pokerkit_teach.widgets.class_tables import ClassTablesApp
    from pokerkit_teach.widgets.table import TableApp

    monkeypatch.setenv("PKT_ROOMS_URL", server.base)
    monkeypatch.setenv("PKT_APPS_URL", "http://127.0.0.1:8866/voila/render/notebooks/class_tables.ipynb")
    teacher = ClassTablesApp(query="seed=40")
    teacher.learners.value = 7
    teacher.size.value = 4
    teacher.make_button.click()
    try:
        assert [len(room["seats"]) for room in teacher.rooms] == [4, 3]
        sheet = teacher.sheet.value
        codes = re.findall(r"class='pkt-class-code'[^>]*>([A-Z]{6})<", sheet)
        assert codes == [room["room"] for room in teacher.rooms]
        assert sheet.count("<svg") == 7 and "http" not in re.sub(r"href='[^']*'|xmlns=\"[^\"]*\"", "", sheet).replace(
            "http://127.0.0.1:8866", "")
        links = re.findall(r"class='pkt-class-seat-link' href='([^']*)'", sheet)
        assert links[0].startswith("http://127.0.0.1:8866/voila/render/notebooks/table.ipynb?room=" + codes[0] + "&amp;seat=")
        learner = TableApp(query=links[0].split("?", 1)[1].replace("&amp;", "&") + "&lang=de")
        assert learner.table is not None and learner.table.seat == 0
        watch = teacher.watch[0]
        assert watch.wait_for(lambda t: t.presence is not None and sum(s["connected"] for s in t.presence["seats"]) == 1, WAIT)
        for seat in (1, 2, 3):  # the teacher seats bots in the empty seats
            row = teacher.status.children[1]
            choice, button = row.children[1], row.children[2]
            choice.value = seat
            button.click()
            assert watch.wait_for(lambda t, s=seat: t.presence is not None and bool(t.presence["seats"][s]["bot"]), WAIT)
        assert "1 of 4 here" in teacher.row_text(0) and "bots: Player 2, Player 3, Player 4" in teacher.row_text(0)
        # the learner plays (passes and takes) until the first deal's showdown; the bots answer in the room
        table = learner.table
        while learner.pending is None:
            version = table.version
            assert table.wait_for(lambda t: t.settled and (bool(t.view().legal_actions) or t.paused is not None), WAIT)
            if learner.pending is not None or table.paused is not None:
                break
            if not learner.pass_button.disabled:
                learner.pass_button.click()
            else:
                learner.board.press(sorted((i for i in learner.board.items if i["state"] == "legal" and i["pressable"]),
                                           key=lambda i: i["region"] != "middle")[0]["key"])
            assert table.wait_for(lambda t: t.version > version and t.settled, WAIT)
        assert watch.wait_for(lambda t: isinstance(t.view(), list) and t.view()[0].showdowns >= 1, WAIT)
        teacher.show_table(0)
        views = watch.view()
        shown = teacher.shown_box.value
        showdown = views[0].last_showdown
        assert all(card_label(card, "en") in shown for step in showdown.steps for card in step.hand.hole)
        assert "Showdown of deal 1" in shown and showdown.summary.text("en") in shown
        assert "Deal 1 begins" in shown and "Deal 2 begins" not in shown  # not the deal being played
        teacher.results_button.click()
        first = views[0]
        assert f"<td>{first.successes + first.failures}</td>" in teacher.results.value
        assert "Bots, tables of 3" in teacher.results.value and "Bots, tables of 4" in teacher.results.value
        teacher.language.value = "es"
        assert "Mesa 1" in teacher.row_text(0)
        teacher.download_button.click()
        data = re.search(r"base64,([A-Za-z0-9+/=]+)'", teacher.download.value)
        assert data is not None
        with zipfile.ZipFile(io.BytesIO(base64.b64decode(data.group(1)))) as archive:
            names = archive.namelist()
            assert names == [f"room-{code.lower()}.json" for code in codes]
            scenario = load_scenario_text(archive.read(names[0]).decode("utf-8"))
        final = scenario.replay().final  # the scenario replays to the table's game as the teacher sees it
        current = watch.view()[0]
        assert len(final.showdowns) == current.showdowns >= 1
        assert final.showdowns[-1].text("de") == current.last_showdown.text("de")
        assert (final.successes, final.failures) == (current.successes, current.failures)
        teacher.status.children[1].children[3].click()  # End the table
        assert watch.wait_for(lambda t: t.closed is not None, WAIT)
        assert learner.table.wait_for(lambda t: t.closed is not None, WAIT)
        assert learner.table.closed.key == "rooms.closed.ended"
        learner.join.leave(quietly=True)
    finally:
        teacher.close_tables()


def test_a_bad_room_or_seat_in_the_address_is_named_and_the_table_plays_with_bots() -> None:
    from pokerkit_teach.widgets.table import TableApp

    app = TableApp(query="room=AB1&seat=%3Cscript%3E&seed=3&players=3")
    assert app.table is not None and app.state is not None  # the bots' table
    assert [key for key, _ in app.params.errors] == ["apps.rooms.bad_room", "apps.rooms.bad_token"]
    notice = app.params.error_texts("de")
    assert notice[0].startswith("Die Adresse nennt room=AB1, das ist kein Tisch-Code")


def test_on_a_hub_every_request_carries_the_learners_hub_token(monkeypatch: pytest.MonkeyPatch) -> None:
    """A learner's kernel on JupyterHub has its server's token (JUPYTERHUB_API_TOKEN): the room server, a hub
    service, knows the learner by it. Off a hub no such header is sent."""
    import http.server
    import threading

    seen: list[str | None] = []

    class Answer(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - the standard library's name
            seen.append(self.headers.get("Authorization"))
            body = b'{"room": "ABCDEF"}'
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Answer)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/rooms/ABCDEF"
    try:
        monkeypatch.setenv("JUPYTERHUB_API_TOKEN", "learner-token")
        assert room_table._run(room_table._request(url)) == {"room": "ABCDEF"}
        monkeypatch.delenv("JUPYTERHUB_API_TOKEN")
        room_table._run(room_table._request(url))
    finally:
        server.shutdown()
        server.server_close()
    assert seen == ["token learner-token", None]


class _Socket:
    """A websocket that hands out the given messages, then ``None`` (the server closed it)."""

    def __init__(self, texts: list[str]) -> None:
        self.texts, self.closed = list(texts), False

    async def read_message(self) -> str | None:
        return None if self.closed or not self.texts else self.texts.pop(0)

    def close(self) -> None:
        self.closed = True


def test_a_view_that_keeps_a_field_the_table_never_had_makes_it_connect_again(tmp_path: Path) -> None:
    """The room server leaves out of a view the fields this connection already has (``kept``): the table
    fills them in from its previous view, and a view whose kept field it never had (a message lost or not
    read) is not taken: the table closes the socket and connects again, and a new connection's first
    view is whole."""
    from pokerkit_teach.rooms.room import Room

    room, _, _ = Room.create(tmp_path, "ABCDEF", "pokerface", 3, None, SEED)
    sent: dict[str, str] = {}
    first, log = room.frame_text(0, 0, "en", sent)
    mover = next(seat for seat in range(3) if room.state.legal_actions(seat))
    room.act(mover, room.version, 0)
    second, _ = room.frame_text(0, log, "en", sent)
    assert "last_showdown" in json.loads(second)["kept"]
    whole = room.frame_for(0, log)
    room.close()

    def read(texts: list[str]) -> tuple[RemoteTable, _Socket, bool]:
        table = RemoteTable(room.code, "token", base="http://127.0.0.1:9", about=room.about(set()), connect=False)
        socket = _Socket(texts)
        return table, socket, _run(table._read(socket, "en"))  # type: ignore[arg-type]

    table, socket, again = read([second, first])
    assert again and socket.closed and socket.texts == [first] and table.frames == [] and table.view() is None
    table, socket, again = read([first, second])
    assert again and table.frames[-1]["view"] == whole["view"] and "kept" not in table.frames[-1]
    same_view(table.view(), replay([(mover, 0)]).view_for(0))
