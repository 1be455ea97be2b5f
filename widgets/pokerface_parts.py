"""What the Pokerface apps share beside the app shell: the batch evaluator's tables, built before the
learner's first click (the table's bots and the variant lab judge hands in batches), and the Pokerface
table drawn from one seat's view (:class:`TableDrawing`) with its log (:func:`table_log`).

The drawn table: a seat for every player around it, yours at the bottom, each with the player's name, the
hole cards (the others' face down until the showdown turns them over, yours face up) and the token the
player took in each round of the deal, drawn as chips in their round's suit; the board and the tokens no
one holds in the middle. A chip of the round being played is a move (:func:`chip_move`): taking it from the
middle or from the player in front of whom it lies; it is ringed green when the engine allows it, dimmed
with the engine's reason when not.
"""

from __future__ import annotations

import functools
import threading
from typing import Any, Callable, Sequence

from pokerkit_teach.core.render import face_down_svg
from pokerkit_teach.games.pokerface import Action, PokerfacePhase, PokerfaceView, TakeFromMiddle, TakeFromPlayer
from pokerkit_teach.games.pokerface.events import Token
from pokerkit_teach.games.pokerface.render import token_label, token_svg
from pokerkit_teach.games.pokerface.showdown import ShowdownResult
from pokerkit_teach.holdem.batch_tables import build_tables
from pokerkit_teach.holdem.cards import Card, Suit
from pokerkit_teach.holdem.render import card_label, card_svg

from .app import esc, tr
from .drawn import Item, Region, State
from .play import Drawing
from .preheat import page_pending
from .table_source import Said

__all__ = ["batch_tables_early", "batch_tables_in_background", "TableDrawing", "chip_move", "table_log", "legend_html",
           "hint_html", "SEATING", "NARROW_BELOW", "SHOWDOWN_LINES"]

_SUITS = {suit.symbol: suit for suit in Suit}
_ROUND_STARTS = ("round_started", "round_started_free_for_all")
SHOWDOWN_LINES = ("revealed", "compared")
"""The log's entries of a showdown, told hand by hand as the learner turns the hands over."""

# Where the seats sit (CSS grid areas and columns of the drawn table, by the number of players): the
# others along the top (and the sides), from your left clockwise, the middle, and you at the bottom.
SEATING = {
    3: ('"s1 s2" "mid mid" "s0 s0"', "1fr 1fr"),
    4: ('"s1 s2 s3" "mid mid mid" "s0 s0 s0"', "repeat(3, minmax(0, 1fr))"),
    5: ('"s2 s2 s3 s3" "s1 mid mid s4" "s0 s0 s0 s0"', "repeat(4, minmax(0, 1fr))"),
    6: ('"s2 s3 s4" "s1 mid s5" "s0 s0 s0"', "minmax(0, 1fr) minmax(0, 1.4fr) minmax(0, 1fr)"),
}
NARROW_BELOW = 540  # pixels of the table's own width under which its seats stack (a phone; a tablet keeps the table)


def batch_tables_early() -> bool:
    """For an app whose bots judge hands in batches (``pokerkit_teach.holdem.batch``, tables that take
    0.4 s to build): a preheated kernel builds the tables now, before its page is asked for, and this
    returns True; elsewhere it returns False, and the app calls :func:`batch_tables_in_background` once
    it is built. A move or run that needs the tables before they are built waits for them."""
    if page_pending():
        build_tables()
        return True
    return False


def batch_tables_in_background() -> threading.Thread:
    """Build the batch tables in a background thread (while the browser loads the page); the thread."""
    thread = threading.Thread(target=build_tables, name="pkt-batch-tables", daemon=True)
    thread.start()
    return thread


@functools.lru_cache(maxsize=512)
def card_picture(card: Card, lang: str) -> str:
    """A card's picture (the engine's SVG), drawn once per language: the table is drawn after every move."""
    return str(card_svg(card, lang))


@functools.lru_cache(maxsize=8)
def back_picture(lang: str) -> str:
    return str(face_down_svg(lang))


@functools.lru_cache(maxsize=256)
def token_picture(token: Token, lang: str) -> str:
    return str(token_svg(token, lang))


def chip_move(key: str, view: PokerfaceView, showdown: ShowdownResult | None) -> Action | None:
    """The move the chip ``key`` of the round being played stands for, as the seat of ``view`` sees it: taking
    it from the middle or from the player in front of whom it lies; ``None`` for a chip of an earlier round,
    the seat's own chip, or any chip while a ``showdown`` is being turned over."""
    suit = view.round_suit
    if showdown is not None or suit is None or view.game_over or not key.startswith(f"token-{suit.name.lower()}-"):
        return None
    holders = view.token_holders(suit)
    number = int(key.rsplit("-", 1)[1])
    if holders is None or not 1 <= number <= len(holders):
        return None
    holder = holders[number - 1]
    if holder is None:
        return TakeFromMiddle(view.seat, number)
    return TakeFromPlayer(view.seat, holder) if holder != view.seat else None


class TableDrawing:
    """The Pokerface table as the seat of ``view`` sees it, in ``lang``: every seat with its hole cards and
    tokens, the board and the free tokens in the middle; while ``showdown`` is turned over, its first
    ``revealed`` hands face up and marked where the order holds or breaks. ``seat_reasons`` are the bots'
    latest reasons in words by round and seat (shown in their seats, whole when opened), ``why_not`` the
    engine's reason for a move.

    The others' seats are drawn small (their cards overlap, their chips are smaller) so that the whole table,
    your seat and its chips included, fits a 1280x720 screen at every size of table."""

    def __init__(self, view: PokerfaceView, lang: str, *, showdown: ShowdownResult | None, revealed: int,
                 seat_reasons: dict[tuple[Suit, int], str], free_for_all: bool,
                 why_not: Callable[[Any], Said | None], everyone: Sequence[Sequence[Card]] | None = None) -> None:
        # everyone: every seat's hole cards, drawn face up as a narrator sees them (the replay of an example);
        # then no seat is "you" and no chip is a move
        self.everyone = everyone
        self.view = view
        self.lang = lang
        self.showdown = showdown
        self.revealed = revealed
        self.seat_reasons = seat_reasons
        self.free_for_all = free_for_all
        self.why_not = why_not

    def t(self, key: str, **params: Any) -> str:
        return tr(key, self.lang, **params)

    def drawing(self) -> Drawing:
        t, lang, view = self.t, self.lang, self.view
        count = view.player_count
        showdown = self.showdown
        shown = {step.hand.name: step for step in showdown.steps[: self.revealed]} if showdown is not None else {}
        dealt = bool(view.hole) or showdown is not None
        regions: list[Region] = []
        items: list[Item] = []
        # in the page's order (the order of Tab and of a screen reader): the others, the middle, you; you sit at
        # the bottom (the place of seat 0), the others around the table in the order of play from you
        others = [(view.seat + step) % count for step in range(1, count)]
        for seat in [*others, None, view.seat]:
            if seat is None:
                self._middle(regions, items)
                continue
            name = view.players[seat]
            key = f"seat-{seat}"
            note, current = self._seat_note(seat, shown)
            title = t("table_drawn.you_title", name=name) if seat == view.seat and self.everyone is None else name
            summary, detail = self._seat_reason(seat, shown)
            regions.append(Region(key, title, f"s{(seat - view.seat) % count}", note=note, current=current, detail=detail,
                                  detail_summary=summary))
            step = shown.get(name)
            if step is not None:  # turned over: face up, marked where the order holds or breaks
                mark: State = "holds" if step.ok else "breaks"
                said = t("table_drawn.holds" if step.ok else "table_drawn.breaks")
                for index, card in enumerate(step.hand.hole):
                    items.append(Item(f"hole-{seat}-{index}", key, card_picture(card, lang),
                                      t("table_drawn.shown_card", player=name, card=card_label(card, lang), order=said),
                                      state=mark, size="card" if seat == view.seat else "small"))
            elif self.everyone is not None and showdown is None:  # the narrator sees every hand
                for index, card in enumerate(self.everyone[seat]):
                    items.append(Item(f"hole-{seat}-{index}", key, card_picture(card, lang),
                                      t("table_drawn.card_of", player=name, card=card_label(card, lang)),
                                      size="card" if seat == view.seat else "small"))
            elif seat == view.seat and self.everyone is None:
                hole = view.hole
                if showdown is not None:  # the showdown's hand (a room has dealt the next deal meanwhile)
                    hole = next((s.hand.hole for s in showdown.steps if s.hand.name == name), hole)
                for index, card in enumerate(hole):
                    items.append(Item(f"hole-{seat}-{index}", key, card_picture(card, lang),
                                      t("table_drawn.your_card", card=card_label(card, lang))))
            elif dealt:
                for index in range(2):
                    items.append(Item(f"hole-{seat}-{index}", key, back_picture(lang),
                                      t("table_drawn.hidden_card", player=name), size="small"))
            for suit, _ in view.tokens:
                number = view.token_of(seat, suit)
                if number is None:
                    continue
                label_key = "table_drawn.chip_yours" if seat == view.seat else "table_drawn.chip_of"
                items.append(self._chip(suit, number, key, t(label_key, token=token_label(Token(suit, number), lang), player=name),
                                        "token" if seat == view.seat else "chip"))
        areas, columns = SEATING[count]
        return Drawing(t("table_drawn.board"), regions, items, areas, columns)

    def _seat_note(self, seat: int, shown: dict[str, Any]) -> tuple[str, bool]:
        """What a seat's heading says besides the name (dealer, whose turn, the bot's reason, the
        showdown's verdict), and whether it is the seat to act."""
        t, view = self.t, self.view
        parts: list[str] = []
        waiting = self.showdown is not None
        playing = not waiting and not view.game_over and view.phase is PokerfacePhase.ROUND and view.round_suit is not None
        current = playing and seat in view.to_act
        if seat == view.dealer and not waiting:
            parts.append(t("table_drawn.deals"))
        if seat == view.seat and self.everyone is None:
            if current:
                parts.append(t("table_drawn.your_turn_free" if self.free_for_all else "table_drawn.your_turn"))
            else:
                parts.append(t("table_drawn.your_seat"))
        elif current and not self.free_for_all:
            parts.append(t("table_drawn.to_act"))
        step = shown.get(view.players[seat])
        if step is not None:  # the verdict itself is in the showdown's list below the table and is announced
            parts.append(t("table_drawn.holds" if step.ok else "table_drawn.breaks"))
        return " · ".join(parts), current

    def _seat_reason(self, seat: int, shown: dict[str, Any]) -> tuple[str, str]:
        """A bot's latest reason of the round being played (its summary and its words); ("", "") for none."""
        view = self.view
        if self.showdown is not None or view.round_suit is None or view.players[seat] in shown:
            return "", ""
        reason = self.seat_reasons.get((view.round_suit, seat))
        if reason is None:
            return "", ""
        return self.t("table_drawn.reason_summary", player=view.players[seat]), reason

    def _middle(self, regions: list[Region], items: list[Item]) -> None:
        """The middle of the table: the board (the showdown's during a showdown) and the round's free chips."""
        t, lang, view = self.t, self.lang, self.view
        showdown = self.showdown
        board = showdown.board if showdown is not None else view.board
        regions.append(Region("middle", t("table_drawn.middle"), "mid", note=t("table_drawn.middle_note"), kind="middle"))
        size: Any = "small" if view.player_count >= 5 else "card"  # the middle is narrower between the side seats
        for index, card in enumerate(board):
            items.append(Item(f"board-{index}", "middle", card_picture(card, lang), t("table_drawn.board_card", card=card_label(card, lang)),
                              size=size))
        suit = view.round_suit
        holders = view.token_holders(suit) if suit is not None and showdown is None and not view.game_over else None
        if suit is not None and holders is not None:
            chip: Any = "chip" if view.player_count >= 5 else "token"  # drawn a little smaller there (see TABLE_CSS)
            for number, holder in enumerate(holders, start=1):
                if holder is None:
                    items.append(self._chip(suit, number, "middle", t("table_drawn.chip_middle", token=token_label(Token(suit, number), lang)),
                                            chip))

    def _chip(self, suit: Suit, number: int, region: str, label: str, size: Any = "token") -> Item:
        """A chip on the table (``size``: smaller in the others' seats): a move of the round being played
        (legal, or illegal with the engine's reason), or a picture of an earlier round's token."""
        token = Token(suit, number)
        key = f"token-{suit.name.lower()}-{number}"
        action = chip_move(key, self.view, self.showdown) if self.everyone is None else None
        picture = token_picture(token, self.lang)
        if action is None:
            return Item(key, region, picture, label, size=size)
        why = self.why_not(action)
        if why is None:
            return Item(key, region, picture, label, state="legal", pressable=True, size=size)
        return Item(key, region, picture, label, state="illegal", pressable=True, why=why.text(self.lang), size=size)


def table_log(events: Sequence[Any], words: Sequence[str], reasons: dict[int, tuple[int, str]], players: Sequence[str], lang: str,
              deal_shown: int) -> tuple[str, dict[tuple[Suit, int], str]]:
    """The log (``events`` of the seat's log, in ``words``) under headings for each deal, token round and
    showdown, with each bot's reason (``reasons``: the bot's seat and its words, by the index of the first event
    of its move) under its move; and the bots' latest reasons of deal ``deal_shown``, by round and seat."""
    seat_reasons: dict[tuple[Suit, int], str] = {}
    entries: list[tuple[str, str]] = []
    suit: Suit | None = None
    previous = ""
    for index, event in enumerate(events):
        kind = event.kind
        if kind == "deal_started":
            entries.append(("pkt-log-deal", tr("apps.table.log_deal", lang, deal=event.deal)))
        elif kind in _ROUND_STARTS:
            suit = _SUITS.get(str(dict(event.params).get("suit")))
            entries.append(("pkt-log-round", tr("apps.table.log_round", lang, suit=dict(event.params).get("suit", ""))))
        elif kind in SHOWDOWN_LINES and previous not in SHOWDOWN_LINES:
            entries.append(("pkt-log-round", tr("apps.table.log_showdown", lang)))
        previous = kind
        entries.append(("pkt-log-line", words[index]))
        reason = reasons.get(index)
        if reason is not None:
            seat, text = reason
            entries.append(("pkt-log-reason", tr("apps.table.reason", lang, player=players[seat], reason=text)))
            if event.deal == deal_shown and suit is not None:
                seat_reasons[(suit, seat)] = text
    items = [f"<div class='{css}{' pkt-log-last' if i == len(entries) - 1 else ''}'>{esc(text)}</div>"
             for i, (css, text) in enumerate(entries)]
    heading = esc(tr("apps.table.log_heading", lang))
    return (f"<div><b>{heading}</b><div class='pkt-log-scroll' role='log' tabindex='0' aria-label='{heading}'><div>{''.join(items)}</div></div></div>",
            seat_reasons)


def legend_html(count: int, win: int, lose: int, lang: str) -> str:
    """What the token numbers of ``count`` players claim (the Ace is the lowest here), what wins (``win``
    successes) and what loses (``lose`` failures) the game."""
    order = " · ".join("A" if n == 1 else str(n) for n in range(1, count + 1))
    parts = [tr("apps.table.legend_tokens", lang, order=order, top=str(count)), tr("apps.table.legend_ace", lang),
             tr("apps.table.legend_goal", lang, win=win, lose=lose)]
    return "<div>" + "".join(f"<p>{esc(part)}</p>" for part in parts) + "</div>"


def hint_html(hint: Any, suit: Suit | None, view: PokerfaceView, free_for_all: bool, lang: str) -> str:
    """An open ``hint`` for the round of ``suit`` (a :func:`~pokerkit_teach.games.pokerface.hints.rank_probabilities`
    result): the chance of each token's place, ending with the move to the likeliest token; "" for none."""
    if hint is None or suit is None:
        return ""
    place = hint.likeliest_place
    token = Token(suit, place)
    holders = view.token_holders(suit) or ()
    holder = holders[place - 1] if place <= len(holders) else None
    if holder is None:
        advice = tr("apps.table.suggest_middle", lang, token=token)
    elif holder == view.seat:
        advice = tr("apps.table.suggest_keep_done" if free_for_all else "apps.table.suggest_keep", lang, token=token)
    else:
        advice = tr("apps.table.suggest_player", lang, token=token, player=view.players[holder])
    return f"<p class='pkt-hint-text'>{esc(hint.text(lang, suit=suit))} {esc(advice)}</p>"
