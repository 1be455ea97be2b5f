"""The PokerGuess table drawn from one seat's view (:class:`GuessDrawing`): every seat with its player's name,
their two cards (the others' face down until shown, yours face up), their chips with what they have put
into the pot, and their prediction drawn as a picture; the community cards and the pot in the middle. While
a round's check is shown (and at the game's end) the round just settled: every counted hand face up and
each prediction checked marked where it holds (a tick) or not (a cross).
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from pokerkit_teach.core.i18n import Items, message
from pokerkit_teach.core.render import Drawn, card_back, face_down_label, row_svg
from pokerkit_teach.core.wire import from_wire
from pokerkit_teach.games.pokerguess import Prediction
from pokerkit_teach.games.pokerguess.actions import Reveal
from pokerkit_teach.games.pokerguess.cards import DrezCard
from pokerkit_teach.games.pokerguess.events import RoundResult
from pokerkit_teach.games.pokerguess.render import drez_card_body, drez_card_label, drez_card_svg, drez_hand_svg
from pokerkit_teach.games.pokerguess.view import PokerGuessView

from .app import esc, tr
from .drawn import Item, Region
from .guess_parts import CARD_PX, check_steps_html, chips_svg, outcome_html, prediction_svg
from .play import Drawing
from .table_source import Said

__all__ = ["GuessDrawing", "seat_areas", "round_predictions", "result_html"]

_K = "apps.guess.play."
_D = "apps.guess.drawn."


def seat_areas(count: int) -> tuple[str, str, list[str]]:
    """Where the seats sit around the middle (``m``) for ``count`` players, you (``s0``) at the foot and
    the others clockwise from your left: CSS ``grid-template-areas`` and ``grid-template-columns``, and
    the regions in reading order (the order the keyboard visits them).

    >>> areas, columns, order = seat_areas(6)
    >>> areas
    '"s2 s3 s4" "s1 m s5" "s0 s0 s0"'
    >>> order
    ['seat2', 'seat3', 'seat4', 'seat1', 'middle', 'seat5', 'seat0']
    """
    if count <= 4:
        others = max(1, count - 1)
        rows = [" ".join(f"s{seat}" for seat in range(1, count)), " ".join(["m"] * others), " ".join(["s0"] * others)]
        columns = f"repeat({others}, minmax(0, 1fr))"
    elif count == 5:
        rows = ["s2 s2 s3 s3", "s1 m m s4", "s0 s0 s0 s0"]
        columns = "repeat(4, minmax(0, 1fr))"
    else:
        rows = ["s2 s3 s4", "s1 m s5", "s0 s0 s0"]
        columns = "minmax(0, 1fr) minmax(0, 1.4fr) minmax(0, 1fr)"
    order: list[str] = []
    for name in " ".join(rows).split():
        key = "middle" if name == "m" else "seat" + name.removeprefix("s")
        if key not in order:
            order.append(key)
    return " ".join(f'"{row}"' for row in rows), columns, order


def round_predictions(events: Sequence[Any], number: int) -> dict[int, Prediction]:
    """Every prediction held at the end of round ``number``, by seat, from the log's ``events`` (a fold drops it;
    a room's log entries hold it as the wire writes it)."""
    held: dict[int, Prediction] = {}
    for event in events:
        if event.round != number or event.seat is None:
            continue
        if event.kind in ("predicted", "covered_predicted", "raised"):
            said = event.param("prediction")  # a room's log gives it as the wire writes it
            held[event.seat] = said if isinstance(said, Prediction) else from_wire(said, Prediction)
        elif event.kind == "folded":
            held.pop(event.seat, None)
    return held


class GuessDrawing:
    """The table as the seat of ``view`` sees it, in ``lang``: during play the view; with ``settled`` (the round
    whose check is shown) that round, every counted hand face up, ``events`` (the seat's log) giving the
    predictions held at its end. ``why_not`` is the reason a move of the seat is refused now."""

    def __init__(self, view: PokerGuessView, lang: str, *, settled: RoundResult | None, events: Sequence[Any],
                 why_not: Callable[[Any], Said | None]) -> None:
        self.view = view
        self.lang = lang
        self.settled = settled
        self.events = events
        self.why_not = why_not

    def t(self, key: str, **params: Any) -> str:
        return tr(key, self.lang, **params)

    def drawing(self) -> Drawing:
        """A region per seat (placed around the middle as :func:`seat_areas` says) and the middle with the
        community cards and the pot."""
        t, lang, view, settled = self.t, self.lang, self.view, self.settled
        me = view.seat
        committed = view.committed or tuple(0 for _ in view.players)
        regions: dict[str, Region] = {}
        items: list[Item] = []
        if settled is not None:
            title = t(_D + "title_check", round=settled.number)
            hands = dict(settled.hands)
            checks = dict(settled.checks)
            held = round_predictions(self.events, settled.number)
            community, pot, bet = settled.community, settled.pot, 0
        else:
            title = t(_D + "title", round=view.round)
            held = dict(view.predictions)
            shown = dict(view.shown)
            community, pot, bet = view.community, view.pot, view.current_bet
        for seat, name in enumerate(view.players):
            key = f"seat{seat}"
            heading = t(_D + "seat_you", player=name) if seat == me else name
            if settled is not None:
                chips, paid = view.chips[seat] + committed[seat], 0  # after the pot was paid out
                notes = [t(_D + "chips_note", chips=chips)]
                if settled.winner == seat:
                    notes.append(t(_D + "takes_pot"))
                current = settled.winner == seat
                for number, card in enumerate(hands.get(seat, ())):
                    items.append(Item(f"mine-{number}" if seat == me else f"card-{seat}-{number}", key,
                                      drez_card_svg(card, lang), drez_card_label(card, lang)))
            else:
                chips, paid = view.chips[seat], committed[seat]
                dealt = paid > 0
                if seat not in view.active:
                    notes = [t(_K + ("folded" if dealt else "out"))]
                else:
                    notes = [t(_D + "seat_note", chips=chips, bet=paid)]
                current = seat == view.to_act
                if current:
                    notes.append(t(_D + ("your_turn" if seat == me else "to_act")))
                if seat == me:
                    items.extend(self._your_cards(view.private, shown.get(me), seat not in view.active))
                elif dealt:
                    items.append(self._hidden_hand(seat, name, shown.get(seat), seat not in view.active))
            chips_label = (t(_D + "chips_left", player=name, chips=chips) if settled is not None
                           else t(_D + "chips", player=name, chips=chips, bet=paid))
            items.append(Item(f"chips-{seat}", key, chips_svg(chips, chips_label), chips_label, size="coin",
                              caption=t(_D + "in_pot", bet=paid) if paid else ""))
            if seat in held:
                items.append(self._prediction_item(seat, name, held[seat], checks.get(seat) if settled else None, key))
            regions[key] = Region(key, heading, note=" · ".join(notes), current=current)
        regions["middle"] = Region("middle", t(_D + "middle"), area="m", kind="middle",
                                   note=t(_D + "middle_note", bet=bet) if settled is None else "")
        for number, card in enumerate(community):
            items.append(Item(f"community-{number}", "middle", drez_card_svg(card, lang), drez_card_label(card, lang)))
        if settled is not None:  # the pot has been paid out: the middle is empty, and says what it held
            paid_out = t(_D + "pot_paid", pot=pot)
            items.append(Item("pot", "middle", chips_svg(0, paid_out), paid_out, size="coin", caption=paid_out))
        else:
            items.append(Item("pot", "middle", chips_svg(pot, t(_D + "pot", pot=pot)), t(_D + "pot", pot=pot), size="coin"))
        areas, columns, order = seat_areas(len(view.players))
        placed = [Region(r.key, r.title, area=f"s{r.key.removeprefix('seat')}", note=r.note, current=r.current)
                  if r.key.startswith("seat") else r for r in (regions[k] for k in order)]
        return Drawing(title, placed, items, areas, columns)

    def _your_cards(self, private: Sequence[DrezCard], shown: DrezCard | None, out: bool) -> list[Item]:
        """Your two cards, face up, each a picture you can press: a legal move in the last-card phase
        (green ring); at other times pressing one announces the engine's reason, which its name also
        carries (the card is not dimmed: you read it to make your prediction)."""
        t, lang, me = self.t, self.lang, self.view.seat
        items = []
        for number, card in enumerate(private):
            words = drez_card_label(card, lang)
            if card == shown:
                words = t(_D + "shown", card=words)
            reason = self.why_not(Reveal(me, number))
            if reason is None:
                label, mark, why = t(_D + "show_it", number=number + 1, card=words), "legal", ""
            else:
                label = t(_D + "your_card", number=number + 1, card=words)
                # not dimmed as an illegal move would be: you read your cards to predict; the reason is in
                # the name, and pressing the card says it
                mark = "chosen" if card == shown else "dim" if out else "plain"
                why = reason.text(lang)
            items.append(Item(f"mine-{number}", f"seat{me}", drez_card_svg(card, lang), label, state=mark,  # type: ignore[arg-type]
                              pressable=True, why=why))
        return items

    def _hidden_hand(self, seat: int, name: str, shown: DrezCard | None, out: bool) -> Item:
        """Another player's two cards as one picture: face down, but for the card they have shown."""
        lang = self.lang
        cards = [Drawn(card_back(), face_down_label(lang)) for _ in range(2)]
        if shown is not None:
            cards[0] = Drawn(drez_card_body(shown, lang), self.t(_D + "shown", card=drez_card_label(shown, lang)))
        hand = message("render.hand", lang, count=len(cards), cards=Items(card.label for card in cards))
        label = message("render.player_hand", lang, player=name, hand=hand)
        return Item(f"hand-{seat}", f"seat{seat}", row_svg(cards, label), label, size="wide", state="dim" if out else "plain")

    def _prediction_item(self, seat: int, name: str, prediction: Prediction, check: Any, region: str) -> Item:
        """A player's prediction as a picture; at the check, marked where it holds or breaks."""
        t, lang, settled = self.t, self.lang, self.settled
        words = prediction.text(lang)
        mark = "plain"
        if check is not None:
            mark = "holds" if check.holds else "breaks"
            label = t(_D + ("prediction_holds" if check.holds else "prediction_fails"), player=name, prediction=words)
        elif settled is not None and settled.checks and settled.checks[-1][1].holds:
            label = t(_D + "prediction_unchecked", player=name, prediction=words)
        else:
            label = t(_D + "prediction", player=name, prediction=words)
        return Item(f"prediction-{seat}", region, prediction_svg(prediction, label, lang), label, state=mark,  # type: ignore[arg-type]
                    size="wide")


def result_html(finished: RoundResult | None, players: Sequence[str], lang: str) -> str:
    """The round just settled: who took the pot alone, or every counted hand, the community cards, the check
    of each prediction in order and the outcome; "" before the first round is settled."""
    if finished is None:
        return ""

    def t(key: str, **params: Any) -> str:
        return tr(key, lang, **params)

    parts = [f"<h4>{esc(t(_K + 'result_heading', round=finished.number))}</h4>"]
    if finished.by_folding:
        winner = players[finished.winner] if finished.winner is not None else ""
        parts.append(f"<p class='pkt-guess-outcome' role='status'><b>{esc(t(_K + 'sole_winner', name=winner, pot=finished.pot))}</b></p>")
        return "<div>" + "".join(parts) + "</div>"
    rows = "".join(f"<tr><th scope='row'>{esc(players[seat])}</th>"
                   f"<td>{drez_hand_svg(hole, lang, player=players[seat], size=CARD_PX)}</td></tr>"
                   for seat, hole in finished.hands)
    rows += f"<tr><th scope='row'>{esc(t('apps.guess.community'))}</th><td>{drez_hand_svg(finished.community, lang, size=CARD_PX)}</td></tr>"
    parts.append(f"<table>{rows}</table><p>{esc(t('apps.guess.legend'))}</p>")
    checks = [(players[seat], verdict) for seat, verdict in finished.checks]
    parts.append(check_steps_html(checks, finished.cards, lang))
    parts.append(outcome_html(checks, lang).replace("</b>", f" ({esc(t(_K + 'pot', pot=finished.pot))})</b>", 1))
    return "<div>" + "".join(parts) + "</div>"
