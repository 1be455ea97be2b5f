"""One play controller for every play tab: the match loop, the drawn board, the announcements and the focus.

A play tab (the Pokerface table, the PokerGuess and Póker a Voces play sections) is a :class:`GamePart`:
it gives only what is particular to its game, how a view is drawn (regions and items, a :class:`Drawing`),
which pressed item stands for which move (:meth:`GamePart.move_for`), its own controls and panels, and
the words it adds. The :class:`PlayController` does the rest, the same way for every game:

- it takes its game from a :class:`~widgets.table_source.TableSource` (bots in this kernel, or a room):
  the learner's view, ``why_not``, the learner's moves, the moves made since (with the bots' reasons);
- a press on the board becomes the part's move; the source's reason refuses it (said in the board's live
  region, nothing changes), or the move is made, the bots answer, and the table is drawn again;
- every move since the last announcement is said in the live region as the seat's log tells it (with the
  bots' reasons where the part says them) and then where the game stands; after a switch of language the
  last announcement is said again in the new language;
- after a move of the learner the keyboard focus goes to the next sensible control the part names.

Every rule decision is the engine's, through the source: the controller and the parts only draw and map.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Sequence

from pokerkit_teach.core.i18n import capitalize_first

from .app import esc, tr
from .controls import focus_first, show_move
from .drawn import DrawnBoard, Item, Region
from .table_source import LocalTable, Said, TableMove, TableSource

if TYPE_CHECKING:
    from .app import App

__all__ = ["PlayController", "GamePart", "Drawing", "Choice", "sentence", "log_html"]


def sentence(text: str) -> str:
    """``text`` as a sentence of an announcement: a capital first and a full stop last, unless it ends with one.

    >>> sentence("anna takes the A♣"), sentence("Ben passes."), sentence("  ")
    ('Anna takes the A♣.', 'Ben passes.', '')
    """
    text = capitalize_first(text.strip())
    return text if not text or text.endswith((".", "!", "?", "…")) else text + "."


def log_html(lines: Sequence[tuple[str, Any]], lang: str, *, heading: str, reason_class: str, height: str) -> str:
    """A play tab's log in ``lang``: ``heading`` and ``lines`` (:meth:`PlayController.log_lines`), each bot's reason
    indented under its move (CSS class ``reason_class``), in a box that scrolls beyond ``height`` and that a
    keyboard can reach and scroll (axe: scrollable-region-focusable), named by its heading."""
    rows = []
    for kind, entry in lines:
        if kind == "reason":
            player, reason = entry
            rows.append(f"<div class='{reason_class}' style='margin-left:1.5em;color:#555'><i>↳ {esc(player)}: "
                        f"{esc(reason.text(lang))}</i></div>")
        else:
            rows.append(f"<div>{esc(entry.describe(lang))}</div>")
    return (f"<h4>{esc(heading)}</h4><div role='region' tabindex='0' aria-label='{esc(heading)}' "
            f"style='max-height:{height};overflow:auto;font-size:90%'>" + "".join(rows) + "</div>")


@dataclass(frozen=True)
class Drawing:
    """A view drawn for the board: its title, its regions and items, and (if given) the CSS grid's areas
    and columns (see :meth:`widgets.drawn.DrawnBoard.show`)."""

    title: str
    regions: Sequence[Region]
    items: Sequence[Item]
    areas: str | None = None
    columns: str | None = None


@dataclass(frozen=True)
class Choice:
    """A press that chooses without moving (a card selected for an offer, a pile for the coin step): allowed
    when the source allows ``move`` (``None``: always), and then ``choose()`` makes the choice and returns the
    words to say (a function: asked again after a switch of language)."""

    move: Any
    choose: Callable[[], Callable[[], str]]


class GamePart:
    """What a play tab gives its :class:`PlayController`. A part overrides :meth:`draw` and :meth:`move_for`;
    every other method has a default that says nothing more.

    ``pause_key`` is the catalogue key that says a move waits for the learner's "next" (for a part whose
    table pauses), ``not_now_key`` the one that says no move of a button's kind fits now."""

    pause_key = ""
    not_now_key = ""
    table: Any = None  # the table played: a LocalTable (bots in this kernel), a room's RemoteTable, or None yet

    @property
    def me(self) -> int:
        """The learner's seat: 0 at a table with bots, the room's seat in a room."""
        return int(self.table.seat) if self.table is not None else 0

    @property
    def in_room(self) -> bool:
        """Whether the table is a room's (the server holds the game)."""
        return self.table is not None and not isinstance(self.table, LocalTable)

    def draw(self, view: Any) -> Drawing:
        """The board for ``view`` (the learner's view now)."""
        raise NotImplementedError

    def move_for(self, key: str, view: Any) -> Any:
        """What pressing the item ``key`` stands for: a move, a :class:`Choice`, or ``None`` (nothing)."""
        raise NotImplementedError

    def draw_controls(self) -> None:
        """Put the tab's own controls and panels in place, every text in the app's language."""

    def moved(self, moves: Sequence[TableMove]) -> None:
        """The moves just made (also what happened before the table was taken, when it starts)."""

    def refusal(self, key: str, reason: str) -> str:
        """What the live region says when pressing ``key`` is refused for ``reason`` (in the app's language)."""
        return reason

    def shown_until(self, events: Sequence[Any]) -> int:
        """How many entries of the seat's log ``events`` may be told now (a showdown being turned over holds
        back what its hidden hands would tell)."""
        return len(events)

    def tells(self, event: Any) -> bool:
        """Whether the log's entry ``event`` is said in the live region when it is announced."""
        return True

    def reason_words(self, seat: int, reason: Said) -> str | None:
        """The words for a bot's ``reason`` in the live region, after the move it gave it for (``None``: not said)."""
        return None

    def status_words(self) -> str:
        """Where the game stands, said after the moves of every announcement ("": nothing)."""
        return ""

    def focus_order(self, pressed: bool) -> Sequence[Any]:
        """After a move of the learner (``pressed``: made on the board), the controls to give the keyboard focus
        to, the first usable one taking it: widgets, or keys of items on the board."""
        return ()


class _Waiting:
    """The reason a move waits while the table is paused: the part's words."""

    def __init__(self, key: str) -> None:
        self.key = key

    def text(self, lang: str) -> str:
        return tr(self.key, lang)


class PlayController:
    """The match loop, the drawn board, the announcing and the focus of one play tab (see the module's text).

    ``app`` is the tab's app (its language, message area and guarded callbacks), ``part`` the tab; the board
    gets the CSS class ``board_class``. :meth:`start` gives it a table; the tab's buttons call :meth:`play` and
    :meth:`go_on`, its ``refresh`` calls :meth:`redraw`."""

    def __init__(self, app: "App", part: GamePart, *, board_class: str, narrow_below: int = 700) -> None:
        self.app = app
        self.part = part
        self.board = DrawnBoard(narrow_below=narrow_below)
        self.board.add_class(board_class)
        self.board.on_press(app.guarded(self.press))
        self.source: TableSource | None = None
        self.moves: list[TableMove] = []  # every move of the table, as the source gave them
        self.events: list[Any] = []  # the seat's log: the events of those moves
        self.reasons: dict[int, TableMove] = {}  # the bots' moves with a reason, by the index of their first event
        self.told = 0  # how many entries of the log the live region has said
        # the last announcement (a function giving its words in the app's language, said again after a switch
        # of language), whether it was said aloud, and the language it was last put into words in
        self._said: Callable[[], str] | None = None
        self._said_aloud = True
        self._said_lang = ""
        self._busy = False  # the controller itself is changing the table: it draws once it is done
        # a room's table changes in the room's thread while the learner's click draws in the kernel's: one draws
        # at a time, so the last drawing is of the newest view
        self._drawing = threading.RLock()

    # ------------------------------------------------------------------ the table
    def start(self, source: TableSource, *, tell_story: bool = True, running: bool = True, bot_moves: int | None = None,
              aloud: bool = True, focus: bool = True) -> None:
        """Show ``source`` from now on. ``tell_story``: what happened before the table was taken is said with the
        first announcement; ``running``: the bots move until the learner may act (at most ``bot_moves`` while the
        learner may act too); ``aloud``: the first announcement is read out (not for a page being built: nobody
        has asked for anything yet); ``focus``: the keyboard focus goes to the learner's first move."""
        self.source = source
        self.moves, self.events, self.reasons = [], [], {}
        self._take(source.moves_since(0))
        self.told = 0 if tell_story else len(self.events)
        source.on_change(lambda refused: self._changed(source, refused))
        if running:
            self._quietly(lambda: source.go_on(bot_moves))
        self.update(aloud=aloud, focus=focus)

    def view(self) -> Any:
        """The learner's view now."""
        assert self.source is not None
        return self.source.view()

    def log_lines(self, players: Sequence[str]) -> list[tuple[str, Any]]:
        """The seat's log with each bot's reason (as the seat may hear it) after the first entry of its move:
        ``("event", event)`` or ``("reason", (player, reason))``, the player named from ``players``."""
        lines: list[tuple[str, Any]] = []
        for index, event in enumerate(self.events):
            lines.append(("event", event))
            move = self.reasons.get(index)
            if move is not None and move.seat is not None:
                lines.append(("reason", (players[move.seat], move.reason)))
        return lines

    def log_words(self) -> Sequence[str]:
        """The seat's log in words, in the app's language (one entry per event of :attr:`events`)."""
        assert self.source is not None
        return self.source.log_for(self.app.lang)

    def why_not(self, move: Any) -> Said | None:
        """Why the learner's ``move`` is refused now: the table waits at a pause (the part's words), or the
        source's reason; ``None`` when it is allowed."""
        source = self.source
        if source is None:
            return _Waiting(self.part.not_now_key)
        if source.paused is not None:
            return _Waiting(self.part.pause_key)
        return source.why_not(move)

    def show_move(self, button: Any, move: Any, tip: str) -> None:
        """A move's button: enabled with ``tip``, or disabled with its reason (visible under it when it has a
        reason line): the pause the table waits at, no move of its kind now (``move`` is ``None``: the part's
        ``not_now_key``), or the source's reason."""
        waiting = self.source is not None and self.source.paused is not None
        reason = _Waiting(self.part.not_now_key) if move is None and not waiting else self.why_not(move)
        show_move(button, reason, self.app.lang, tip)

    # ------------------------------------------------------------------ moves
    def press(self, key: str) -> None:
        """An item of the board pressed (click, Enter or Space): the part's move for it, if the source allows
        it; otherwise the reason is said in the live region and nothing changes."""
        source = self.source
        if source is None:
            return
        found = self.part.move_for(key, source.view())
        if found is None:
            return
        move = found.move if isinstance(found, Choice) else found
        reason = self.why_not(move) if move is not None else None
        if reason is not None:
            self.say(lambda: self.part.refusal(key, reason.text(self.app.lang)))
            return
        if isinstance(found, Choice):
            self.say(found.choose())
            return
        self.play(move, pressed=True)

    def play(self, move: Any, *, pressed: bool = False) -> None:
        """The learner's move: the source checks it (a refusal raises and changes nothing; the app's guard
        shows it), the bots answer, and the table is drawn and announced again."""
        source = self.source
        assert source is not None
        if source.paused is not None:
            self.app.say(tr(self.part.pause_key, self.app.lang), "error")
            return
        self._quietly(lambda: source.act(move))
        self.app.say("")
        self.update(pressed=pressed)

    def go_on(self, bot_moves: int | None = None, *, focus_first: Sequence[Any] = ()) -> None:
        """Play goes on past the pause the table waits at, if any (the learner's "next"), and the bots move (at
        most ``bot_moves`` while the learner may act too); the focus tries ``focus_first`` before the part's."""
        source = self.source
        assert source is not None
        self._quietly(lambda: source.go_on(bot_moves))
        self.app.say("")
        self.update(focus_first=focus_first)

    def update(self, *, first: Sequence[Said] = (), aloud: bool = True, focus: bool = True, pressed: bool = False,
               focus_first: Sequence[Any] = ()) -> None:
        """Draw everything again with the moves made since (:meth:`redraw`), announce (``first`` before the
        moves), and move the keyboard focus (unless not ``focus``)."""
        with self._drawing:
            self.redraw()
            self.announce(first, aloud=aloud)
            if focus:
                self.focus(pressed, focus_first)

    def _take(self, moves: Sequence[TableMove]) -> None:
        for move in moves:
            self.moves.append(move)
            if move.reason is not None and move.events:
                self.reasons[move.first] = move
            self.events.extend(move.events)
        if moves:
            self.part.moved(moves)

    def _quietly(self, change: Callable[[], None]) -> None:
        """Make a change of the table without drawing for each of its notifications (the caller draws once)."""
        self._busy = True
        try:
            change()
        finally:
            self._busy = False

    def _changed(self, source: TableSource, refused: Said | None) -> None:
        """The source changed by itself (a room): draw and announce; a refusal is said in the message area."""
        if self._busy or source is not self.source:
            return
        if refused is not None:
            self.app.say(refused.text(self.app.lang), "error")
        self.update(focus=False)

    # ------------------------------------------------------------------ drawing and saying
    def redraw(self) -> None:
        """Take the moves made since, draw the part's controls and the board, every text in the app's
        language; the last announcement again after a switch of language."""
        with self._drawing:
            if self.source is not None:
                self._take(self.source.moves_since(len(self.moves)))
            self.part.draw_controls()
            if self.source is None:
                return
            self.draw_board()
            if self._said is not None and self._said_lang != self.app.lang:
                self._say_again()

    def draw_board(self) -> None:
        """The board as the part draws the learner's view now."""
        if self.source is None:
            return
        drawing = self.part.draw(self.source.view())
        self.board.title = drawing.title
        self.board.show(drawing.regions, drawing.items, areas=drawing.areas, columns=drawing.columns)

    def announce(self, first: Sequence[Said] = (), *, aloud: bool = True) -> None:
        """Say in the live region ``first``, then every entry of the log not said yet that the part lets be told
        now, each bot's reason after its move where the part says it, and where the game stands (the part's
        status). Not ``aloud``: only shown, not read out. Nothing to say: the last announcement stays."""
        end = self.part.shown_until(self.events)
        start = min(self.told, end)
        self.told = max(self.told, end)
        self.say(lambda: self._saying(first, start, end), aloud=aloud)

    def _saying(self, first: Sequence[Said], start: int, end: int) -> str:
        lang = self.app.lang
        assert self.source is not None
        words = self.source.log_for(lang)
        sentences = [sentence(said.text(lang)) for said in first]
        for index in range(start, end):
            if not self.part.tells(self.events[index]):
                continue
            sentences.append(sentence(words[index]))
            move = self.reasons.get(index)
            if move is not None and move.seat is not None and move.reason is not None:
                said = self.part.reason_words(move.seat, move.reason)
                if said:
                    sentences.append(sentence(said))
        sentences.append(sentence(self.part.status_words()))
        return " ".join(part for part in sentences if part)

    def say(self, words: Callable[[], str], *, aloud: bool = True) -> None:
        """Put ``words()`` into the board's live region (read out, unless not ``aloud``: then only shown); they
        are said again in the new language after a switch. Empty words change nothing."""
        text = words()
        if text:
            self._said, self._said_aloud = words, aloud
            self._put(text)

    def _say_again(self) -> None:
        assert self._said is not None
        self._put(self._said())

    def _put(self, text: str) -> None:
        self._said_lang = self.app.lang
        if self._said_aloud:
            self.board.announce(text)
        else:
            self.board.status = text

    def focus(self, pressed: bool = False, first: Sequence[Any] = ()) -> None:
        """The keyboard focus to the first usable of ``first`` and the part's :meth:`GamePart.focus_order`: a
        widget (not disabled, not hidden), or a key of an item on the board."""
        for candidate in (*first, *self.part.focus_order(pressed)):
            if isinstance(candidate, str):
                if any(item["key"] == candidate for item in self.board.items):
                    self.board.focus_item(candidate)
                    return
            elif focus_first(candidate) is not None:
                return
