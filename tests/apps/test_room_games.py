"""Play with others in the PokerGuess and Póker a Voces play tabs, against a real room server in a process of
its own (127.0.0.1, port 0, stopped by the tests): the teacher seats two bots (the teacher's connection, as
the class view does it), one learner joins by the room's code or by a seat link and plays a whole round by
the tab's own controls; no message the learner's page received holds another seat's hidden card before
the rules show it (checked against the engine's own deal of the same seed); a reload keeps the seat."""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any, Iterator

import pytest

from pokerkit_teach.core.game import SIMULTANEOUS
from pokerkit_teach.core.i18n import message
from pokerkit_teach.core.registry import get_game
from pokerkit_teach.rooms.client import create_room
from pokerkit_teach.widgets.room_table import RemoteTable, _run, room_about
from tests.rooms.serving import UNTHROTTLED, RoomServerProcess

SEED = 23
WAIT = 30


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RoomServerProcess]:
    with RoomServerProcess(Path(tmp_path_factory.mktemp("rooms")), *UNTHROTTLED) as process:
        yield process
    assert process.errors() == []


def room_with_two_bots(server: RoomServerProcess, game: str, bot: str) -> tuple[dict[str, Any], RemoteTable]:
    """A room of three for ``game``; the teacher (the teacher's token) seats ``bot`` in seats 1 and 2."""
    async def create() -> dict[str, Any]:
        return await create_room(server.base, game, 3, seed=SEED)

    room = _run(create())
    teacher = RemoteTable(room["room"], room["teacher"], base=server.base)
    assert teacher.wait_for(lambda t: t.ready, WAIT) and teacher.teacher
    for seat in (1, 2):
        teacher.send({"op": "bot", "seat": seat, "bot": bot})
        assert teacher.wait_for(lambda t, s=seat: t.presence is not None and t.presence["seats"][s]["bot"] == bot, WAIT)
    return room, teacher


def hidden_cards_told(frames: list[dict[str, Any]], hidden: dict[int, set[str]], seat: int,
                      shown: Any) -> list[tuple[int, str]]:
    """(version, card) for every view message of ``frames`` that holds a card of ``hidden`` (by seat) of a
    seat other than ``seat`` while ``shown(frame, other_seat)`` says the rules have not shown it."""
    told = []
    for frame in frames:
        if frame["op"] != "view":
            continue
        text = json.dumps(frame)
        for other, cards in hidden.items():
            if other == seat:
                continue
            for card in cards - shown(frame, other):
                if f'"{card}"' in text:
                    told.append((int(frame["version"]), card))
    return told


# ---------------------------------------------------------------------------------------------- PokerGuess
def address_after(query: str, params: dict[str, str | None]) -> str:
    """The page's query string once its PageAddress set ``params`` (``None`` takes one out), as widgets/address.js does.

    >>> address_after("lang=de&tab=play", {"lang": "en", "room": "ABCDEF", "tab": None})
    'lang=en&room=ABCDEF'
    """
    merged: dict[str, str | None] = dict(pair.split("=", 1) for pair in query.split("&") if pair) | params
    return "&".join(f"{name}={value}" for name, value in merged.items() if value is not None)


def test_pokerguess_a_learner_joins_by_code_plays_a_round_with_two_bots_and_a_reload_keeps_the_seat(
        server: RoomServerProcess, monkeypatch: pytest.MonkeyPatch) -> None:
    """The PokerGuess play tab in German: the code typed shows seat 1 free and the two bots' seats taken;
    the learner takes seat 1 and plays round 1 to its check by the tab's buttons and card presses (a
    prediction is one the engine lists as allowed); the page names the bots, the learner and whose turn it
    is; the round's check shows as it does against bots; no message held a bot's card before the rules
    showed it; the seat's link opens the same seat again (the older page is told why it was closed)."""
    from pokerkit_teach.games.pokerguess.actions import Predict, PokerGuessPhase
    from pokerkit_teach.widgets.guess_explorer import GuessExplorerApp

    monkeypatch.setenv("PKT_ROOMS_URL", server.base)
    room, teacher = room_with_two_bots(server, "pokerguess", get_game("pokerguess").default_bot)
    code = room["room"]
    query = "lang=de&tab=play&seed=4"
    app = GuessExplorerApp(query=query)
    game = app.game
    reload: GuessExplorerApp | None = None
    try:
        assert game.state is not None and game.join.table is None  # the bots' table until a room is joined
        game.join.code.value = code.lower() + " "
        seats = list(game.join.seats.children)
        assert [(b.description, b.disabled) for b in seats] == [
            ("Player 1: frei", False), ("Player 2: ein Bot", True), ("Player 3: ein Bot", True)]
        seats[0].click()
        table = game.table
        assert isinstance(table, RemoteTable) and table.seat == 0 and game.state is None
        assert game.setup.layout.display == "none" and game.join.leave_button.layout.display == ""
        assert app.address.params == {"room": code, "seat": table.token}  # the page's address: the seat's link
        assert table.wait_for(lambda t: t.presence is not None and t.presence["seats"][0]["connected"], WAIT)
        app.refresh()
        presence = game.join.presence.value
        assert "Player 1</b>: du" in presence and "Player 2</b>: hier spielt ein Bot" in presence
        engine = get_game("pokerguess").new_rules(3).new_game(seed=SEED)  # the same deal, independently
        hidden = {seat: {card.short for card in engine.view_for(seat).private} for seat in range(3)}
        assert {card.short for card in table.view().private} == hidden[0]
        moves = announced = 0
        while True:
            assert table.wait_for(lambda t: t.settled and (t.paused is not None or t.view().to_act == 0
                                                           or t.view().phase is PokerGuessPhase.OVER), WAIT)
            game.refresh()
            if table.paused is not None:
                break
            view = table.view()
            assert "Du bist am Zug" in game.status.value, game.status.value
            events, words = table.events, table.log_for("de")
            bots = [i for i, event in enumerate(events) if getattr(event, "seat", None) in (1, 2)]
            if moves and bots:  # the live region has said the bots' moves since the learner's last one
                assert words[bots[-1]].rstrip(".") in game.board.status, (words[bots[-1]], game.board.status)
                announced += 1
            version = table.version
            if view.phase is PokerGuessPhase.REVEAL:
                game.board.press("mine-0")
            elif not game.stay_button.disabled:
                game.stay_button.click()
            else:  # the first prediction the engine lists as allowed, set in the menus
                listed = [table.frame["legal"][i]["move"] for i in range(len(table.frame["legal"]))]
                first = next(m for m in listed if m["type"] == "Predict")
                prediction = first["prediction"]
                game.raise_by.value = 0
                game.colour_count.value = prediction["colour_count"]
                game.figure_count.value = prediction["figure_count"]
                game.colour.value = next(c for _, c in game.colour.options if c.value == prediction["colour"])
                game.figure.value = next(f for _, f in game.figure.options if f.value == prediction["figure"])
                assert isinstance(game._chosen_prediction(), Predict) and not game.predict_button.disabled
                game.predict_button.click()
            assert "pkt-error" not in app.message_area.value, app.message_area.value
            assert table.wait_for(lambda t: (t.version > version and t.settled) or bool(t.refusals), WAIT)
            assert not table.refusals, [(r.key, r.frame) for r in table.refusals]
            moves += 1
            assert moves < 20
        assert announced >= 1
        result = table.view().last_result
        assert result is not None and result.number == 1
        assert game.next_button.layout.display == "" and "Runde 1" in game.status.value
        assert game.result.value  # the check, as against bots
        shown_by_rules = {seat: {card.short for card in cards} for seat, cards in result.hands}

        def shown(frame: dict[str, Any], other: int) -> set[str]:
            view = frame["view"]
            cards = {card for seat, card in view.get("shown", []) if seat == other}
            if view.get("last_result"):
                cards |= shown_by_rules.get(other, set())
            return cards

        assert hidden_cards_told(table.frames, hidden, 0, shown) == []
        assert hidden_cards_told(teacher.frames, hidden, 0, lambda frame, other: set())  # the teacher's view has them
        log = " ".join(table.log_for("de"))
        assert "Player 2" in log and "Player 3" in log
        game.refresh()
        last = html.escape(table.log_for("de")[-1], quote=False)
        assert last in game.log.value
        # the learner switches to English: the connection opens again in English, the log comes in its words
        app.language.value = "en"
        assert table.wait_for(lambda t: t.lang == "en" and t.connected and t.settled
                              and "Round 1:" in " ".join(t.log_for("en")), WAIT)
        game.refresh()
        assert html.escape(table.log_for("en")[-1], quote=False) in game.log.value and last not in game.log.value
        assert "Player 1</b>: you" in game.join.presence.value and table.seat == 0
        game.next_button.click()
        assert game.next_button.layout.display == "none"
        # a reload of the page's address as it is now (the seat's link and the language switched to): the same
        # seat, the same view, in English
        reload = GuessExplorerApp(query=address_after(query, app.address.params))
        assert reload.tabs.selected_index == 3 and reload.lang == "en"
        again = reload.game.table
        assert isinstance(again, RemoteTable) and again.seat == 0 and again.view() == table.view()
        assert again.paused is None and reload.game.next_button.layout.display == "none"  # past round 1's check
        assert table.wait_for(lambda t: t.closed is not None, WAIT) and table.closed is not None
        assert table.closed.key == "rooms.closed.replaced"
        reload.refresh()
        assert "Player 1</b>: you" in reload.game.join.presence.value
        # the learner leaves the table: the tab plays with the bots again, its settings back
        reload.game.join.leave_button.click()
        assert reload.game.state is not None and reload.game.join.table is None
        assert reload.address.params == {"room": None, "seat": None, "teacher": None}  # a reload now plays with the bots
        assert reload.game.setup.layout.display == "" and reload.game.join.form.layout.display == ""
        assert message("apps.rooms.intro", "en") in reload.game.join.heading.value  # how to join, said again
    finally:
        game.join.leave(quietly=True)
        if reload is not None:
            reload.game.join.leave(quietly=True)
        teacher.close()


# ---------------------------------------------------------------------------------------------- Póker a Voces
def voces_card_texts() -> set[str]:
    """Every card of Póker a Voces at a table of three, as the wire writes it (the special cards of every kind)."""
    from pokerkit_teach.core.wire import card_text
    from pokerkit_teach.games.voces.cards import Special, voces_deck

    return {card_text(card) for card in voces_deck(3, tuple(Special)[:2])} | {
        f"{kind.value}#{copy}" for kind in Special for copy in range(1, 5)}


def voces_known(frames: list[dict[str, Any]]) -> list[set[str]]:
    """For each message of a seat, the cards that seat may know by then: every card it has held, placed or
    offered, and every card a trade of its own moved (from its views and its own log so far)."""
    known: set[str] = set()
    result = []
    for frame in frames:
        if frame["op"] == "view":
            view = frame["view"]
            known |= set(view.get("hand", [])) | set(view.get("own_offer", []))
            for placed in view.get("placed", []):
                known |= set(placed or [])
            for entry in frame["log"]:
                for name in ("cards", "given", "taken"):
                    value = entry.get("params", {}).get(name)
                    if isinstance(value, list) and entry.get("seat") == frame["seat"]:
                        known |= {str(card) for card in value}
        result.append(set(known))
    return result


def test_voces_a_learner_joins_by_code_plays_a_round_with_two_bots_and_a_reload_keeps_the_seat(
        server: RoomServerProcess, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Póker a Voces play tab in Spanish: the learner types the room's code (the teacher seated two bots),
    takes the free seat and plays round 1 to its score by the tab's buttons (place three hands, take a pile, stay); the page names
    the bots, the learner and whose turn it is; the round's result and score show as against bots, the log
    in the learner's language; no message before the first reveal held a card the learner's seat had not
    held or traded; the seat's link, opened in a new page, opens the play tab at the same seat."""
    from pokerkit_teach.games.voces.actions import VocesPhase
    from pokerkit_teach.widgets.voces_explorer import VocesExplorerApp

    monkeypatch.setenv("PKT_ROOMS_URL", server.base)
    room, teacher = room_with_two_bots(server, "voces", get_game("voces").default_bot)
    code = room["room"]
    app = VocesExplorerApp(query="lang=es&tab=play")
    game = app.game
    reload: VocesExplorerApp | None = None
    try:
        assert game.state is not None and game.join.table is None  # the bots' table until a room is joined
        game.join.code.value = code
        seats = list(game.join.seats.children)
        assert [(b.description, b.disabled) for b in seats] == [
            ("Player 1: libre", False), ("Player 2: un bot", True), ("Player 3: un bot", True)]
        seats[0].click()
        table = game.table
        assert isinstance(table, RemoteTable) and table.seat == 0 and game.state is None
        token = table.token
        assert all(widget.layout.display == "none" for widget in game.setup)
        assert table.wait_for(lambda t: t.presence is not None and t.presence["seats"][0]["connected"], WAIT)
        app.refresh()
        presence = game.join.presence.value
        assert "Player 1</b>: tú" in presence and "Player 3</b>: aquí juega un bot" in presence
        moves = 0
        while True:
            assert table.wait_for(lambda t: t.settled and (t.paused is not None or bool(t.view().legal_actions)
                                                           or t.view().phase is VocesPhase.OVER), WAIT)
            game.refresh()
            if table.paused is not None:
                break
            version = table.version
            if table.view().phase is VocesPhase.TRADING:
                assert not game.place_button.disabled, game.status.value
                game.place_button.click()
            elif game.pick_box.children:
                game.pick_box.children[0].click()
            elif not game.bet_button.disabled:
                game.bet_button.click()
            else:
                assert not game.stay_button.disabled, game.status.value
                game.stay_button.click()
            assert "pkt-error" not in app.message_area.value, app.message_area.value
            assert table.wait_for(lambda t: (t.version > version and t.settled) or bool(t.refusals), WAIT)
            assert not table.refusals, [(r.key, r.frame) for r in table.refusals]
            moves += 1
            assert moves < 40
        game.refresh()
        assert game.next_button.layout.display == ""
        assert "ronda 1" in game.result.value and "pkt-voces-total" in game.result.value  # the score, as against bots
        assert "seed" not in game.status.value and "semilla" not in game.status.value
        assert "coloca" in game.log.value or "Player 2" in game.log.value
        # no message before the first reveal held a card the learner's seat had not held or traded
        cards = voces_card_texts()
        frames = table.frames
        known = voces_known(frames)
        leaks, checked = [], 0
        for frame, allowed in zip(frames, known):
            if frame["op"] != "view":
                continue
            if any(entry.get("kind") == "revealed" for entry in frame["log"]):
                break  # the rules turn the hands over from here
            checked += 1
            text = json.dumps(frame)
            leaks += [card for card in cards - allowed if f'"{card}"' in text]
        assert leaks == [] and checked >= 3
        told = [card for frame in teacher.frames if frame["op"] == "view" for card in cards if f'"{card}"' in json.dumps(frame)]
        assert len(set(told)) > 15  # the teacher's view has every seat's cards: the search finds cards
        game.next_button.click()
        # a reload: the link opens the same seat and the same view
        reload = VocesExplorerApp(query=f"lang=de&room={code}&seat={token}")
        assert reload.tabs.selected_index == reload.tab_names.index("play")
        again = reload.game.table
        assert isinstance(again, RemoteTable) and again.seat == 0 and again.view() == table.view()
        assert table.wait_for(lambda t: t.closed is not None, WAIT) and table.closed is not None
        assert table.closed.key == "rooms.closed.replaced"
        reload.game.join.leave_button.click()  # back to the bots: a round of the kernel's own, its settings shown
        assert reload.game.state is not None and reload.game.join.table is None
        assert all(widget.layout.display == "" for widget in reload.game.setup)
    finally:
        game.join.leave(quietly=True)
        if reload is not None:
            reload.game.join.leave(quietly=True)
        teacher.close()


@pytest.mark.parametrize("name, page", [("pokerguess", "pokerguess_explorer.ipynb?tab=play&room="),
                                        ("voces", "voces_explorer.ipynb?tab=play&room=")])
def test_the_class_view_makes_a_table_of_the_game_seats_two_bots_and_says_what_it_shows(
        server: RoomServerProcess, monkeypatch: pytest.MonkeyPatch, name: str, page: str) -> None:
    """The class view for PokerGuess and Póker a Voces: a class of 3 makes one table whose seat links open the
    game's play tab; the teacher seats bots in two seats from the table's row, which then names them and
    the round; the read-only view says plainly that it is Pokerface's (and shows no card); the download
    holds the table's game as a scenario file of the game, and the results show each player's chips or
    points as the engine's replay of that file has them, the bots marked, the learners' average beside
    the bots'."""
    import base64
    import html
    import io
    import re
    import zipfile

    from pokerkit_teach.core.i18n import number
    from pokerkit_teach.core.scenarios import load_scenario_text
    from pokerkit_teach.widgets.class_tables import ClassTablesApp

    monkeypatch.setenv("PKT_ROOMS_URL", server.base)
    monkeypatch.setenv("PKT_APPS_URL", "http://127.0.0.1:8866/voila/render/notebooks/class_tables.ipynb")
    teacher = ClassTablesApp(query="seed=41&lang=de")
    teacher.game.value = name
    teacher.learners.value = 3
    teacher.size.value = 3
    teacher.make_button.click()
    try:
        assert [len(room["seats"]) for room in teacher.rooms] == [3] and teacher.rooms[0]["game"] == name
        links = re.findall(r"class='pkt-class-seat-link' href='([^']*)'", teacher.sheet.value)
        assert len(links) == 3 and page in links[0].replace("&amp;", "&")
        watch = teacher.watch[0]
        assert watch.wait_for(lambda t: t.presence is not None, WAIT)
        if name == "voces":  # round 1 opens with the trading, everyone at once: the row names every player to move
            first_view = watch.view()
            assert isinstance(first_view, list) and first_view[0].to_act == SIMULTANEOUS
            everyone = ", ".join(seat["name"] for seat in teacher.rooms[0]["seats"])
            assert f"am Zug: {everyone} ·" in teacher.row_text(0), teacher.row_text(0)
        for seat in (1, 2):
            teacher.draw_status()  # as the class view does after every change of the table
            row = teacher.status.children[1]
            choice, button = row.children[1], row.children[2]
            choice.value = seat
            button.click()
            assert watch.wait_for(lambda t, s=seat: t.presence is not None and bool(t.presence["seats"][s]["bot"]), WAIT)
        players = teacher.rooms[0]["seats"]
        line = teacher.row_text(0)
        assert f"Bots: {players[1]['name']}, {players[2]['name']}" in line or f"bots: {players[1]['name']}" in line.lower(), line
        assert "Runde 1" in line or "runde 1" in line, line
        teacher.show_table(0)
        title = get_game(name).title("de")
        assert title in teacher.shown_box.value and "Replay-App" in teacher.shown_box.value
        assert not re.search(r"[A-Z]\d|s\d", re.sub(r"<[^>]+>|\([A-Z]{6}\)", "", teacher.shown_box.value))  # no card named
        # the bots have made their moves and wait for the learner's seat (seat 0): the game stands still
        assert watch.wait_for(lambda t: isinstance(t.view(), list) and bool(t.view()) and t.view()[0].to_act == 0, WAIT)
        teacher.download_button.click()
        data = re.search(r"base64,([A-Za-z0-9+/=]+)'", teacher.download.value)
        assert data is not None
        with zipfile.ZipFile(io.BytesIO(base64.b64decode(data.group(1)))) as archive:
            scenario = load_scenario_text(archive.read(archive.namelist()[0]).decode("utf-8"))
        assert get_game(scenario.game).name == name
        final = scenario.replay().final  # the engine replays the table's game so far
        # the results: each player's chips (PokerGuess) or points (Póker a Voces) as the engine's replay of the
        # downloaded game has them, the two bots marked, and the averages of the learner's seat and of the bots
        teacher.results_button.click()
        shown = html.unescape(re.sub(r"<[^>]+>", " ", teacher.results.value))
        values = list(getattr(final.view_for(0), "chips" if name == "pokerguess" else "scores"))
        heading = {"pokerguess": "die Chips an jedem Tisch", "voces": "die Punkte an jedem Tisch"}[name]
        assert f"{title}: {heading}" in shown, shown
        names = [seat["name"] for seat in players]
        assert f"{names[0]} {values[0]} · {names[1]} (Bot) {values[1]} · {names[2]} (Bot) {values[2]}" in shown, (values, shown)
        bots = number((values[1] + values[2]) / 2, "de", 1)
        assert f"Durchschnitt der Lernenden: {number(values[0], 'de', 1)} · Durchschnitt der Bots: {bots}" in shown, shown
        assert "nur für Pokerface" in shown
        # a new class: the earlier class's results and download are gone
        first = teacher.rooms[0]["room"]
        teacher.make_button.click()
        assert teacher.rooms and teacher.rooms[0]["room"] != first and teacher.results.value == teacher.download.value == ""
    finally:
        teacher.close_tables()


@pytest.mark.parametrize("name", ["pokerguess", "voces"])
def test_a_printed_seat_link_opens_the_play_tab_at_its_seat(server: RoomServerProcess, monkeypatch: pytest.MonkeyPatch,
                                                           name: str) -> None:
    """A seat link as the server makes it (the join sheet's): the explorer opens on its play tab, seated there,
    in the address's language; the seat is then taken (not free to take by the code)."""
    from pokerkit_teach.widgets.guess_explorer import GuessExplorerApp
    from pokerkit_teach.widgets.voces_explorer import VocesExplorerApp

    monkeypatch.setenv("PKT_ROOMS_URL", server.base)
    room, teacher = room_with_two_bots(server, name, get_game(name).default_bot)
    link = room["seats"][0]["link"]
    assert f"?room={room['room']}&seat=" in link
    kind = GuessExplorerApp if name == "pokerguess" else VocesExplorerApp
    app = kind(query=link.split("?", 1)[1] + "&lang=de")
    try:
        assert app.tabs.selected_index == app.tab_names.index("play")
        table = app.game.table
        assert isinstance(table, RemoteTable) and table.seat == 0 and app.game.state is None
        assert f"Du sitzt an Tisch {room['room']} als Player 1." in app.message_area.value
        assert table.wait_for(lambda t: t.presence is not None and t.presence["seats"][0]["connected"], WAIT)
        about = room_about(room["room"], server.base)
        assert [seat["free"] for seat in about["seats"]] == [False, False, False]
    finally:
        app.game.join.leave(quietly=True)
        teacher.close()


def test_a_table_opened_late_shows_its_whole_story_without_stopping_at_past_pauses(server: RoomServerProcess) -> None:
    """A seat opened after several rounds were settled (a reload late in the game): every move so far is in the
    learner's display at once, not held back at the first round's check."""
    from pokerkit_teach.widgets.guess_play import CHECK

    async def create() -> dict[str, Any]:
        return await create_room(server.base, "pokerguess", 3, seed=SEED, bots={1: "counter", 2: "counter"})

    room = _run(create())
    teacher = RemoteTable(room["room"], room["teacher"], base=server.base)
    try:
        assert teacher.wait_for(lambda t: t.ready, WAIT)
        teacher.send({"op": "bot", "seat": 0, "bot": "counter"})  # the bots play the game through
        def settled(table: RemoteTable) -> int:
            return sum(getattr(event, "kind", "") in ("sole_winner", "pot_won", "pot_shared", "pot_shared_rest")
                       for event in table.events)

        assert teacher.wait_for(lambda t: settled(t) >= 2, WAIT)
        late = RemoteTable(room["room"], room["seats"][0]["token"], base=server.base, pause=CHECK)
        try:
            assert late.wait_for(lambda t: t.ready, WAIT)
            shown = sum(len(move.events) for move in late.moves_since(0))
            assert shown == len(late.events) == len(late.log_for("en"))
        finally:
            late.close()
    finally:
        teacher.close()
