"""The teacher's class view: a class seated at tables of the room server, one code per table.

The teacher picks a game, its options and the class's size; the app makes the tables (groups of 3 to 6,
as even as they can be) as rooms of the room server (``PKT_ROOMS_URL``), and shows a join sheet to
project or print: each table's code, and each seat's link with its QR code (drawn by segno in the kernel,
as SVG: no request leaves the machine). While the class plays, every table's row says who is connected,
whose turn it is, the deal, and the successes and failures, live (the teacher's connection to each room);
a button seats a bot in an empty or abandoned seat, another ends a table, and "Show" opens the table's
last showdown read-only below the list (every hand turned over, each comparison, the deal's moves; never
the deal being played) to discuss it with the class. At the end the class's own results stand beside the bots' in a simulation of tables of
the same sizes (Pokerface: the share of deals that succeeded, with its 95% interval, per table and for the
class; PokerGuess and Póker a Voces: each player's chips or points, the bots marked, the learners' average
beside the bots'), and every table's game downloads as a scenario file (the replay app opens it).

CSS classes for browser tests: ``pkt-class-make``, ``pkt-class-sheet``, ``pkt-class-code`` (a table's code),
``pkt-class-seat-link`` (a seat's link), ``pkt-class-status`` (the live list; a table's row
``pkt-class-row``), ``pkt-class-bot``, ``pkt-class-end``, ``pkt-class-show``, ``pkt-class-shown`` (the
table shown), ``pkt-class-results``, ``pkt-class-download``.
"""

from __future__ import annotations

import base64
import io
import json
import math
import os
import threading
import zipfile
from typing import Any

import ipywidgets
import segno

from pokerkit_teach.core.i18n import message
from pokerkit_teach.core.i18n import number as number_text
from pokerkit_teach.core.registry import get_game
from pokerkit_teach.core.simulate import simulate, wilson_interval
from pokerkit_teach.rooms.client import RoomError, create_room

from .app import App, esc
from .preheat import page_address
from .room_table import REQUEST_SECONDS, RemoteTable, _request, _run, hub_headers, rooms_url, seats_acting

__all__ = ["ClassTablesApp", "table_sizes", "GAMES", "SIM_GAMES"]

GAMES = ("pokerface", "pokerguess", "voces")
STANDING = {"pokerguess": "chips", "voces": "scores"}  # what the class's results show of the other games' players
PAGES = {"pokerface": "table.ipynb", "pokerguess": "pokerguess_explorer.ipynb?tab=play", "voces": "voces_explorer.ipynb?tab=play"}
"""The app each game's seat link opens."""
SIM_GAMES = 300
"""Games the bots play per table size for the comparison at the end (a second or two)."""
MAX_CLASS = 60


def table_sizes(learners: int, size: int, fewest: int = 3, most: int = 6) -> list[int]:
    """Tables for ``learners`` of about ``size`` each: as few tables as keep each at most ``size``, the learners
    shared out as evenly as can be, no table below ``fewest`` (a class too small for one table gets one
    table of ``fewest`` seats, the rest for bots).

    >>> table_sizes(25, 4), table_sizes(7, 6), table_sizes(2, 4), table_sizes(13, 3)
    ([4, 4, 4, 4, 3, 3, 3], [4, 3], [3], [4, 3, 3, 3])
    """
    size = max(fewest, min(most, size))
    if learners <= fewest:
        return [fewest]
    count = math.ceil(learners / size)
    while count > 1 and learners // count < fewest:
        count -= 1
    base, extra = divmod(learners, count)
    sizes = [base + 1] * extra + [base] * (count - extra)
    if max(sizes) > most:  # cannot happen for size <= most, kept for a game's own limit
        return table_sizes(learners, size - 1, fewest, most)
    return sizes


class ClassTablesApp(App):
    """The teacher's class view (see the module's text)."""

    title_key = "apps.class.title"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.rooms: list[dict[str, Any]] = []  # what the server answered for each table
        self.watch: list[RemoteTable] = []  # the teacher's connection to each table
        self.shown: int | None = None
        # The rows are drawn by the teacher's clicks and by each table's connection (a thread of its own) when
        # the table changes; one drawing at a time, so a drawing that read a table before its change cannot
        # put its rows in place after the drawing that followed the change.
        self._drawing = threading.RLock()
        super().__init__(*args, **kwargs)

    def build(self) -> list[ipywidgets.Widget]:
        self.intro = ipywidgets.HTML()
        self.game = ipywidgets.Dropdown(options=[(name, name) for name in GAMES], value="pokerface")
        self.game.observe(lambda _: self.refresh(), names="value")
        self.learners = ipywidgets.BoundedIntText(value=12, min=1, max=MAX_CLASS)
        self.size = ipywidgets.Dropdown(options=[3, 4, 5, 6], value=4)
        # Pokerface's variants, a box each (the names the table app gives them); shown when Pokerface is chosen
        from pokerkit_teach.games.pokerface import Variant

        self.variant_boxes = {v.value: ipywidgets.Checkbox(value=False, indent=False) for v in Variant}
        self.variants = ipywidgets.HBox(list(self.variant_boxes.values()), layout=ipywidgets.Layout(flex_flow="row wrap"))
        self.make_button = ipywidgets.Button(icon="users")
        self.make_button.add_class("pkt-class-make")
        self.make_button.on_click(self.guarded(lambda _: self.make_tables()))
        setup = ipywidgets.HBox([self.game, self.learners, self.size, self.variants, self.make_button],
                                layout=ipywidgets.Layout(flex_flow="row wrap", grid_gap="0.5em"))
        self.sheet = ipywidgets.HTML()
        self.sheet.add_class("pkt-class-sheet")
        self.status = ipywidgets.VBox()
        self.status.add_class("pkt-class-status")
        self.shown_box = ipywidgets.HTML()
        self.shown_box.add_class("pkt-class-shown")
        self.results_button = ipywidgets.Button(icon="bar-chart")
        self.results_button.on_click(self.guarded(lambda _: self.show_results()))
        self.results = ipywidgets.HTML()
        self.results.add_class("pkt-class-results")
        self.download = ipywidgets.HTML()
        self.download.add_class("pkt-class-download")
        self.download_button = ipywidgets.Button(icon="download")
        self.download_button.on_click(self.guarded(lambda _: self.make_download()))
        ends = ipywidgets.HBox([self.results_button, self.download_button])
        return [self.intro, setup, self.sheet, self.status, self.shown_box, ends, self.results, self.download]

    # ------------------------------------------------------------------ making the tables
    def chosen_variants(self) -> list[str]:
        return [value for value, box in self.variant_boxes.items() if box.value]

    def make_tables(self) -> None:
        game = get_game(str(self.game.value))
        learners = int(self.learners.value)
        sizes = table_sizes(learners, int(self.size.value), max(3, game.min_players), min(6, game.max_players))
        options: dict[str, Any] = {}
        if game.name == "pokerface" and self.chosen_variants():
            options["variants"] = self.chosen_variants()
        self.close_tables()
        seed = self.params.seed
        made = []
        try:
            for number, size in enumerate(sizes):
                made.append(_run(create_room(rooms_url(), game.name, size, seed=None if seed is None else seed + number,
                                             options=options or None, headers=hub_headers(), timeout=REQUEST_SECONDS),
                                 REQUEST_SECONDS))
        except RoomError as error:
            self.say(message(error.key, self.lang, **error.args_), "error")
            return
        except OSError:
            self.say(self.t("apps.rooms.no_answer", url=rooms_url()), "error")
            return
        self.rooms = made
        self.results.value = self.download.value = ""  # the earlier class's, if any
        self.watch = [RemoteTable(room["room"], room["teacher"], about=_about(room, game.name, options)) for room in made]
        for table in self.watch:
            table.on_change(lambda _: self.draw_status())
        self.say(self.t("apps.class.made", tables=len(made), learners=learners))
        self.refresh()

    def close_tables(self) -> None:
        for table in self.watch:
            table.close()
        self.watch, self.rooms, self.shown = [], [], None

    def seat_link(self, room: dict[str, Any], seat: dict[str, Any]) -> str:
        """A seat's link to the game's app on this server (the class view's own address, or PKT_APPS_URL)."""
        page = PAGES[room.get("game", "pokerface")]
        base = os.environ.get("PKT_APPS_URL") or page_address()
        if base:
            base = base.rsplit("/", 1)[0] + "/" + page
        else:
            return str(seat["link"])
        return f"{base}{'&' if '?' in base else '?'}room={room['room']}&seat={seat['token']}"

    # ------------------------------------------------------------------ the teacher's actions
    def seat_bot(self, index: int, seat: int) -> None:
        table = self.watch[index]
        bots = get_game(table.game.name)
        table.send({"op": "bot", "seat": seat, "bot": bots.default_bot})

    def end_table(self, index: int) -> None:
        self.watch[index].send({"op": "end"})

    def show_table(self, index: int | None) -> None:
        self.shown = index
        self.draw_shown()

    # ------------------------------------------------------------------ drawing
    def refresh(self) -> None:
        t = self.t
        game = get_game(str(self.game.value))
        self.intro.value = f"<p>{esc(t('apps.class.intro'))}</p>"
        self.game.description = t("apps.class.game")
        chosen = self.game.value
        self.game.options = [(get_game(name).title(self.lang), name) for name in GAMES]
        self.game.value = chosen
        self.learners.description = t("apps.class.learners")
        self.size.description = t("apps.class.size")
        if game.name == "pokerface":
            for value, box in self.variant_boxes.items():
                box.description = t(f"apps.table.variant.{value}")
            self.variants.layout.display = ""
        else:
            self.variants.layout.display = "none"
        self.make_button.description = t("apps.class.make")
        self.results_button.description = t("apps.class.results")
        self.download_button.description = t("apps.class.download")
        self.draw_sheet()
        self.draw_status()
        self.draw_shown()

    def draw_sheet(self) -> None:
        if not self.rooms:
            self.sheet.value = ""
            return
        t = self.t
        parts = [f"<h3>{esc(t('apps.class.sheet'))}</h3><p>{esc(t('apps.class.sheet_intro', url=self._join_page()))}</p>"]
        for number, room in enumerate(self.rooms, start=1):
            seats = []
            for seat in room["seats"]:
                link = self.seat_link(room, seat)
                qr = segno.make(link, error="m").svg_inline(scale=2, title=t("apps.class.qr_title", name=seat["name"]))
                seats.append(f"<li><b>{esc(seat['name'])}</b><br>{qr}<br><a class='pkt-class-seat-link' href='{esc(link)}'>"
                             f"{esc(t('apps.class.seat_link', name=seat['name']))}</a></li>")
            parts.append(f"<section><h4>{esc(t('apps.class.table', number=number))}: "
                         f"<span class='pkt-class-code' style='font-size:150%;letter-spacing:0.15em'>{esc(room['room'])}</span></h4>"
                         f"<ul style='display:flex;flex-wrap:wrap;gap:1em;list-style:none;padding:0'>{''.join(seats)}</ul></section>")
        self.sheet.value = "".join(parts)

    def _join_page(self) -> str:
        base = os.environ.get("PKT_APPS_URL") or page_address()
        page = PAGES[self.rooms[0].get("game", "pokerface")] if self.rooms else PAGES["pokerface"]
        return base.rsplit("/", 1)[0] + "/" + page.split("?")[0] if base else page.split("?")[0]

    def row_text(self, index: int) -> str:
        """One table's line: seats connected, whose turn, the deal, successes and failures (what the game has)."""
        t = self.t
        table = self.watch[index]
        room = self.rooms[index]
        presence = table.presence
        players = [seat["name"] for seat in room["seats"]]
        here = [s for s in presence["seats"] if s["connected"]] if presence is not None else []
        bots = [s["name"] for s in presence["seats"] if s.get("bot")] if presence is not None else []
        parts = [t("apps.class.row_seats", here=len(here), seats=len(players))]
        if bots:
            parts.append(t("apps.class.row_bots", names=", ".join(bots)))
        views = table.view()
        frame = table.frame
        if frame is not None and frame.get("ended"):
            parts.append(t("apps.class.row_ended"))
        elif isinstance(views, list) and views:
            first = views[0]
            acting = seats_acting(first, len(players))
            if frame is not None and frame.get("over"):
                parts.append(t("apps.class.row_over"))
            elif acting:
                parts.append(t("apps.class.row_turn", names=", ".join(players[s] for s in acting)))
            if hasattr(first, "deal_number"):
                parts.append(t("apps.class.row_deal", deal=first.deal_number, successes=first.successes, failures=first.failures))
            elif hasattr(first, "round"):
                parts.append(t("apps.class.row_round", round=first.round))
        if not table.connected:
            parts.append(t("apps.rooms.not_connected_line"))
        return f"{t('apps.class.table', number=index + 1)} ({room['room']}): " + " · ".join(parts)

    def draw_status(self) -> None:
        with self._drawing:
            self._draw_status()

    def _draw_status(self) -> None:
        rows = []
        t = self.t
        for index, table in enumerate(self.watch):
            text = ipywidgets.HTML(f"<span>{esc(self.row_text(index))}</span>")
            presence = table.presence
            empty = [s for s in presence["seats"] if not s["connected"] and not s.get("bot")] if presence is not None else []
            bot = ipywidgets.Dropdown(options=[(t("apps.class.bot_into", name=s["name"]), s["seat"]) for s in empty],
                                      layout=ipywidgets.Layout(width="16em"), disabled=not empty)
            bot_button = ipywidgets.Button(description=t("apps.class.seat_bot"), icon="android", disabled=not empty)
            bot_button.add_class("pkt-class-bot")
            bot_button.on_click(self.guarded(lambda _, i=index, choice=bot: self.seat_bot(i, int(choice.value))))
            frame = table.frame
            ended = frame is not None and bool(frame.get("ended"))
            end_button = ipywidgets.Button(description=t("apps.class.end"), icon="stop", disabled=ended or table.closed is not None)
            end_button.add_class("pkt-class-end")
            end_button.on_click(self.guarded(lambda _, i=index: self.end_table(i)))
            show_button = ipywidgets.Button(description=t("apps.class.show"), icon="eye")
            show_button.add_class("pkt-class-show")
            show_button.on_click(self.guarded(lambda _, i=index: self.show_table(i)))
            row = ipywidgets.HBox([text, bot, bot_button, end_button, show_button], layout=ipywidgets.Layout(flex_flow="row wrap"))
            row.add_class("pkt-class-row")
            rows.append(row)
        heading = [ipywidgets.HTML(f"<h3>{esc(t('apps.class.status'))}</h3>")] if rows else []
        self.status.children = heading + rows
        if self.shown is not None:
            self.draw_shown()

    def draw_shown(self) -> None:
        """The table shown read-only, to project: its last showdown (the board, every hand turned over, each
        comparison) and the moves up to it. Never the deal being played: a projector would show its cards."""
        index = self.shown
        if index is None or index >= len(self.watch):
            self.shown_box.value = ""
            return
        t, lang = self.t, self.lang
        table = self.watch[index]
        views = table.view()
        room = self.rooms[index]
        lines = [f"<h3>{esc(t('apps.class.shown', number=index + 1, room=room['room']))}</h3>"]
        game = str(room.get("game", "pokerface"))
        if game != "pokerface":  # no showdown to discuss: a projected table of these games would show hidden cards
            lines.append(f"<p>{esc(t('apps.class.shown_other', game=get_game(game).title(lang)))}</p>")
            self.shown_box.value = "".join(lines)
            return
        first = views[0] if isinstance(views, list) and views else None
        showdown = getattr(first, "last_showdown", None)
        if first is None or showdown is None:
            lines.append(f"<p>{esc(t('apps.class.no_showdown'))}</p>")
            self.shown_box.value = "".join(lines)
            return
        from pokerkit_teach.holdem.render import card_label

        deal = int(first.showdowns)
        board = " ".join(card_label(card, lang) for card in showdown.board)
        lines.append(f"<h4>{esc(t('apps.class.last_showdown', deal=deal))}</h4><p>{esc(t('apps.class.board', cards=board))}</p><ul>")
        for step in showdown.steps:
            hole = " ".join(card_label(card, lang) for card in step.hand.hole)
            lines.append(f"<li><b>{esc(step.hand.name)}</b>: {esc(hole)}</li>")
        said = "".join(f"<li>{esc(line.strip())}</li>" for line in showdown.lines(lang))
        lines.append(f"</ul><ol>{said}</ol>")
        events = table.events  # the deal's moves up to its showdown (the log of the next deal names its cards)
        words = table.log_for(lang)
        shown = [words[i] for i, event in enumerate(events[:len(words)]) if getattr(event, "round", None) == deal]
        if shown:
            lines.append(f"<h4>{esc(t('apps.class.log', deal=deal))}</h4><ol>" + "".join(f"<li>{esc(line)}</li>" for line in shown) + "</ol>")
        self.shown_box.value = "".join(lines)

    # ------------------------------------------------------------------ the end
    def class_figures(self) -> list[tuple[int, int, int]]:
        """Each table's (players, deals that succeeded, deals that failed), Pokerface's figures."""
        figures = []
        for table, room in zip(self.watch, self.rooms):
            views = table.view()
            first = views[0] if isinstance(views, list) and views else None
            figures.append((len(room["seats"]), int(getattr(first, "successes", 0)), int(getattr(first, "failures", 0))))
        return figures

    def show_results(self) -> None:
        t = self.t
        if not self.watch:
            self.results.value = ""
            return
        game = str(self.rooms[0].get("game", "pokerface"))
        if game != "pokerface":  # each player's chips or points; the simulation's figures are Pokerface's deals
            self.results.value = self.standings(game)
            return
        figures = self.class_figures()
        rows = []
        for number, (players, good, bad) in enumerate(figures, start=1):
            rows.append(f"<tr><td>{esc(t('apps.class.table', number=number))}</td><td>{players}</td>{_rate_cells(good, bad, self.lang)}</tr>")
        good = sum(f[1] for f in figures)
        bad = sum(f[2] for f in figures)
        rows.append(f"<tr><th>{esc(t('apps.class.the_class'))}</th><td>{sum(f[0] for f in figures)}</td>{_rate_cells(good, bad, self.lang)}</tr>")
        options = {"variants": self.chosen_variants()} if self.chosen_variants() else None
        sim_rows = []
        for players in sorted({f[0] for f in figures}):
            result = simulate("pokerface", players, games=SIM_GAMES, seed=1, options=options)
            totals = result.totals
            sim_rows.append(f"<tr><td>{esc(t('apps.class.bots_at', players=players))}</td><td>{players}</td>"
                            f"{_rate_cells(int(totals['deal_successes']), int(totals['deal_failures']), self.lang)}</tr>")
        head = "".join(f"<th>{esc(t(key))}</th>" for key in
                       ("apps.class.col_table", "apps.class.col_players", "apps.class.col_deals", "apps.class.col_rate"))
        self.results.value = (f"<h3>{esc(t('apps.class.results_heading'))}</h3><table><tr>{head}</tr>{''.join(rows)}"
                              f"{''.join(sim_rows)}</table><p>{esc(t('apps.class.results_note', games=SIM_GAMES))}</p>")

    def standings(self, game: str) -> str:
        """PokerGuess's chips or Póker a Voces's points of every player at every table (bots marked), with the
        learners' average beside the bots'."""
        t = self.t
        field = STANDING.get(game, "scores")
        rows: list[str] = []
        learners: list[int] = []
        bots: list[int] = []
        for number, (table, room) in enumerate(zip(self.watch, self.rooms), start=1):
            views = table.view()
            first = views[0] if isinstance(views, list) and views else None
            values = tuple(getattr(first, field, ()) or ())
            seats = (table.presence or {}).get("seats", [])
            cells = []
            for index, (seat, value) in enumerate(zip(room["seats"], values)):
                bot = index < len(seats) and bool(seats[index].get("bot"))
                (bots if bot else learners).append(int(value))
                name = t("apps.class.standing_bot", name=seat["name"]) if bot else seat["name"]
                cells.append(t("apps.class.standing", name=name, value=int(value)))
            round_text = t("apps.class.row_round", round=first.round) if first is not None and hasattr(first, "round") else ""
            rows.append(f"<tr><td>{esc(t('apps.class.table', number=number))}</td><td>{esc(round_text)}</td>"
                        f"<td>{esc(' · '.join(cells) or '–')}</td></tr>")

        def average(values: list[int]) -> str:
            return number_text(sum(values) / len(values), self.lang, 1) if values else "–"

        head = "".join(f"<th>{esc(t(key))}</th>" for key in ("apps.class.col_table", "apps.class.col_round", f"apps.class.col_{field}"))
        title = get_game(game).title(self.lang)
        summary = t("apps.class.standing_averages", learners=average(learners), bots=average(bots))
        return (f"<h3>{esc(t('apps.class.results_heading_' + field, game=title))}</h3><table><tr>{head}</tr>{''.join(rows)}</table>"
                f"<p><b>{esc(summary)}</b></p><p>{esc(t('apps.class.results_other', game=title))}</p>")

    def scenarios(self) -> list[tuple[str, str]]:
        """Every table's game as a scenario file: (file name, its text)."""
        files = []
        for room in self.rooms:
            data = _run(_request(f"{rooms_url()}/rooms/{room['room']}/scenario?token={room['teacher']}"))
            files.append((f"room-{room['room'].lower()}.json", json.dumps(data, ensure_ascii=False, indent=2) + "\n"))
        return files

    def make_download(self) -> None:
        if not self.rooms:
            return
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
            for name, text in self.scenarios():
                archive.writestr(name, text)
        data = base64.b64encode(buffer.getvalue()).decode("ascii")
        self.download.value = (f"<a download='class-tables.zip' href='data:application/zip;base64,{data}'>"
                               f"{esc(self.t('apps.class.download_link', tables=len(self.rooms)))}</a>")

    def close(self) -> None:
        self.close_tables()
        super().close()


def _about(room: dict[str, Any], game: str, options: dict[str, Any]) -> dict[str, Any]:
    return {"room": room["room"], "game": game, "players": [seat["name"] for seat in room["seats"]], "options": options}


def _rate_cells(good: int, bad: int, lang: str) -> str:
    deals = good + bad
    if not deals:
        return "<td>0</td><td>–</td>"
    low, high = wilson_interval(good, deals)
    rate = message("apps.class.rate", lang, rate=round(100 * good / deals), low=round(100 * low), high=round(100 * high))
    return f"<td>{deals}</td><td>{esc(rate)}</td>"


