"""The Póker a Voces table drawn from one seat's view (:class:`VocesDrawing`): every seat with its three hand
tokens, the five cards under each (face down; yours as your view shows them), the coins on each hand and a
folded token turned to its +2; an open offer as that many face-down cards; the middle with the coins of each
hand and the cards drawn for a Baboon; your cards; and, hand by hand, the hands turned over, each wild card
drawn with the card it stands for, the winner ticked and those out of the hand crossed. The pictures that are
moves are ringed green when the engine allows them and say its reason when not. Beside the table: the STOP
warning (:func:`stop_warning_html`), the round's result (:func:`result_html`) and where the game stands
(:func:`status_text`).
"""

from __future__ import annotations

from typing import Any, Callable

from pokerkit_teach.core.i18n import Items, Msg, message
from pokerkit_teach.core.render import Svg
from pokerkit_teach.games.voces.actions import PILES, Accept, Action, Bet, Offer, Pick, Place, PlaceFive, VocesPhase, Withdraw
from pokerkit_teach.games.voces.cards import AnyVocesCard, Special, SpecialCard
from pokerkit_teach.games.voces.ranking import VocesHand
from pokerkit_teach.games.voces.render import voces_card_svg
from pokerkit_teach.games.voces.state import CardCount, VocesState
from pokerkit_teach.games.voces.view import VocesView

from .app import esc, tr
from .drawn import Item, Region
from .play import Drawing, sentence
from .table_source import Said
from .voces_parts import (
    PHASE_KEYS, backs_svg, card_key, coin_svg, hand_slot_svg, pile_svg, revealed_svg, round_result_html, scores_html,
    special_help_html,
)

__all__ = ["VocesDrawing", "stop_warning_html", "result_html", "status_text", "specials_revealed", "specials_revealed_html", "specials_in_hand"]

HUMAN = 0
_K = "apps.voces.play."
_D = "apps.voces.drawn."


class VocesDrawing:
    """The table as the seat of ``view`` sees it, in ``lang``. ``paused``: the table waits for Next round (the
    round just scored stays, its reveals from round ``result_round``); ``selected`` are the cards you chose
    (``chosen`` in the order held) for an offer or a take, ``pile`` the pile and ``five_hand`` the hand chosen in
    the menus; ``why_not`` is the reason a move of yours is refused now."""

    def __init__(self, view: VocesView, lang: str, *, paused: bool, result_round: int, selected: set[AnyVocesCard],
                 chosen: tuple[AnyVocesCard, ...], pile: int, five_hand: int, why_not: Callable[[Any], Said | None]) -> None:
        self.view = view
        self.lang = lang
        self.paused = paused
        self.result_round = result_round
        self.selected = selected
        self.chosen = chosen
        self.pile = pile
        self.five_hand = five_hand
        self.why_not = why_not

    def t(self, key: str, **params: Any) -> str:
        return tr(key, self.lang, **params)

    def _names(self, view: Any) -> list[str]:
        return [self.t(_D + "you_title", player=name) if seat == HUMAN else name for seat, name in enumerate(view.players)]

    def _why(self, action: Action) -> str:
        """Why ``action`` cannot be made now, in the drawing's language ("" when it can)."""
        reason = self.why_not(action)
        return reason.text(self.lang) if reason is not None else ""

    def _move_item(self, key: str, region: str, svg: str, label: str, action: Action | None, size: str = "card",
                   caption: str = "") -> Item:
        """A picture that is a move: marked legal, or illegal with the engine's reason (pressing it says why)."""
        why = self._why(action) if action is not None else self.t(_K + "not_now")
        return Item(key, region, svg, label, state="illegal" if why else "legal", pressable=True, why=why,
                    size=size, caption=caption)  # type: ignore[arg-type]

    def drawing(self) -> Drawing:
        """Every seat with its hand tokens (what lies under them face down, yours as the engine's view shows
        them), open offers, coins and piles; the middle with the coins of each hand and the cards drawn for a
        Baboon; your cards; the hands revealed so far."""
        t, lang, view = self.t, self.lang, self.view
        names = self._names(view)
        count = len(view.players)
        trading = view.phase is VocesPhase.TRADING and not self.paused
        offers = dict(view.offers) if not self.paused else {}
        regions: list[Region] = []
        items: list[Item] = []
        chosen = self.chosen
        seats = [*range(1, count), HUMAN]
        for seat in seats:
            region = f"seat-{seat}"
            notes = [t(_D + "points", points=view.scores[seat])]
            if view.phase is VocesPhase.TRADING and not self.paused:
                notes.append(t(_D + "placed", placed=view.placed_counts[seat]))
            elif not self.paused:
                piles = view.piles[seat]
                notes.append(t(_D + "piles", piles=", ".join(map(str, piles))) if piles else t(_D + "no_piles"))
                five = view.five_on[seat]
                notes.append(t(_D + "five_kept") if five is None else t(_D + "five_on", hand=five))
            current = (seat == HUMAN) if trading else (seat == view.to_act and not self.paused)
            regions.append(Region(region, names[seat], f"s{seat}", " · ".join(notes), current=current))
            for token in (1, 2, 3):
                items.append(self._slot_item(view, seat, token, region))
            if seat in offers and seat != HUMAN:
                offered = CardCount(offers[seat])
                label = t(_D + "offer_other", player=view.players[seat], count=offered)
                items.append(self._move_item(f"offer-{seat}", region, backs_svg(offers[seat], label), label,
                                             Accept(HUMAN, seat, chosen), "small"))
            if seat == HUMAN and view.own_offer and not self.paused:
                label = t(_D + "offer_own", cards=Items([c.label(lang) for c in view.own_offer]))
                svg = revealed_svg(view.own_offer, label, lang)
                items.append(self._move_item("offer-0", region, svg, label, Withdraw(HUMAN), "hand"))
            if seat == HUMAN and view.phase is VocesPhase.BETTING and not self.paused:
                for pile in view.piles[HUMAN]:
                    coins = PILES[pile]
                    label = t(_D + "pile", pile=pile, coins=", ".join(map(str, coins)))
                    item = self._move_item(f"pile-{pile}", region, pile_svg(coins, label), label, Bet(HUMAN, pile, coins), "wide")
                    if not item.why and self.pile == pile:
                        item = Item(item.key, item.region, item.svg, t(_D + "chosen_pile", pile=label), state="chosen",
                                    pressable=True, size="wide")
                    items.append(item)
                if view.five_on[HUMAN] is None:
                    hand = self.five_hand
                    label = t(_D + "five", hand=hand)
                    items.append(self._move_item("five", region, coin_svg(5, label), label, PlaceFive(HUMAN, hand), "coin"))
        # the middle: the coins of each hand, the cards drawn for a Baboon
        middle_note = t(PHASE_KEYS[view.phase]) if not self.paused else t(_D + "between_rounds")
        if view.hand_in_play and not self.paused:
            middle_note = t(_D + "hand_in_play", hand=view.hand_in_play, phase=middle_note)
        regions.append(Region("middle", t(_D + "middle"), "mid", middle_note, kind="middle"))
        for hand, value in enumerate(view.centre if not trading else (), start=1):
            label = t(_D + "centre", hand=hand, value=value)
            items.append(Item(f"centre-{hand}", "middle", coin_svg(1, label, text=str(value)), label, size="coin",
                              caption=t(_D + "hand_caption", hand=hand)))
        if view.phase is VocesPhase.PICKING and view.drawn and not self.paused:
            picks = [a for a in view.legal_actions if isinstance(a, Pick)]
            single = bool(picks) and all(len(a.choices) == 1 for a in picks)
            for number, drawn_card in enumerate(view.drawn, start=1):
                label = t(_D + "drawn", number=number, card=drawn_card.label(lang))
                svg = voces_card_svg(drawn_card, lang)
                if single or not picks:
                    items.append(self._move_item(f"drawn-{number}", "middle", svg, label, Pick(HUMAN, (number,))))
                else:
                    items.append(Item(f"drawn-{number}", "middle", svg, label))
        # your cards
        held = view.hand if not self.paused else ()
        if trading:  # after STOP nobody holds cards: the place goes to your seat
            note = t(_D + "selected", count=CardCount(len(chosen))) if held else t(_K + "no_cards")
            regions.append(Region("cards", t(_D + "your_cards"), "cards", note, current=bool(held), kind="pile"))
        for card in held:
            label = card.label(lang)
            why = self._why(Offer(HUMAN, (card,)))
            if card in self.selected:
                items.append(Item(f"card-{card_key(card)}", "cards", voces_card_svg(card, lang), t(_D + "chosen_card", card=label),
                                  state="chosen", pressable=True))
            else:
                items.append(Item(f"card-{card_key(card)}", "cards", voces_card_svg(card, lang), label,
                                  state="illegal" if why else "legal", pressable=True, why=why))
        # the reveal, hand by hand
        for hand_number, note, shown in self._reveals(view):
            region = f"reveal-{hand_number}"
            regions.append(Region(region, t(_D + "reveal_title", hand=hand_number), region, note, kind="pile"))
            for seat, picture, label, mark in shown:
                items.append(Item(f"rev-{hand_number}-{seat}", region, picture, label, state=mark, size="hand",  # type: ignore[arg-type]
                                  caption=view.players[seat]))
        # in reading order (and stacked so on a narrow screen): the others' seats, the middle, your seat, your
        # cards, the reveals
        order = {f"seat-{seat}": seat for seat in range(1, count)} | {"middle": count, "seat-0": count + 1, "cards": count + 2}
        regions.sort(key=lambda region: order.get(region.key, count + 3))
        # two columns: the others' seats two by two, the middle, your seat beside your cards, the reveals
        others = [f"s{seat}" for seat in range(1, count)]
        rows = [f"{pair[0]} {pair[1] if len(pair) > 1 else '.'}" for pair in (others[i:i + 2] for i in range(0, len(others), 2))]
        rows += ["mid mid", "s0 cards" if trading else "s0 s0"]
        rows += [f"{region.area} {region.area}" for region in regions if region.key.startswith("reveal-")]
        areas = " ".join(f'"{row}"' for row in rows)
        return Drawing(t(_D + "title"), regions, items, areas, "repeat(2, minmax(0, 1fr))")

    def _slot_item(self, view: Any, seat: int, token: int, region: str) -> Item:
        """Hand token ``token`` of ``seat`` with what lies under it and the coins on it. Your next empty token
        is where you place your hand (pressing it is the move)."""
        t, lang = self.t, self.lang
        placed = token <= view.placed_counts[seat] and not self.paused
        cards = None
        words: list[str] = []
        turned = dict(dict(view.revealed).get(token, ())) if not self.paused else {}
        if not placed:
            words.append(t(_D + "slot_empty", token=token))
        elif seat in turned:  # turned over at the reveal: face up for everyone
            cards = turned[seat]
            words.append(t(_D + "slot_shown", token=token, cards=Items([c.label(lang) for c in cards])))
        elif seat == HUMAN:
            shown = view.placed_in_view[token - 1]
            if shown is not None:
                cards = shown
                words.append(t(_D + "slot_cards", token=token, cards=Items([c.label(lang) for c in shown])))
            else:
                blind = view.placed[token - 1] is None
                words.append(t(_D + ("slot_blind" if blind else "slot_own_down"), token=token))
        else:
            words.append(t(_D + "slot_down", token=token))
        coins = view.coins[seat][token - 1] if not self.paused else ()
        five = view.five_on[seat] == token and not self.paused
        plain = [c for c in coins]
        if five and 5 in plain:
            plain.remove(5)
        if coins:
            words.append(t(_D + "slot_coins", coins=", ".join(map(str, coins))))
        folded = token in view.folded[seat] and not self.paused
        if folded:
            words.append(t(_D + "slot_folded"))
        label = "; ".join(words)
        svg = hand_slot_svg(token, label, lang, cards=cards, placed=placed, folded=folded, coins=plain, five=five)
        key = f"slot-{seat}-{token}"  # no caption: the token's number is drawn large on it
        next_token = len(view.placed) + 1
        if seat == HUMAN and token == next_token and view.phase is VocesPhase.TRADING and not self.paused:
            place = t(_D + "slot_place", token=token)
            return self._move_item(key, region, svg, place, Place(HUMAN), "medium")
        in_play = view.hand_in_play == token and not self.paused
        return Item(key, region, svg, label, state="new" if in_play else "plain", size="medium")

    def _reveals(self, view: Any) -> list[tuple[int, str, list[tuple[int, Svg, str, str]]]]:
        """The hands revealed in the round shown (the last one while the table waits for Next round), in the
        order they were turned over: for each hand its outcome and every hand shown, wild cards drawn with
        the card they stand for, who is out (a red cross) and who won (a green tick)."""
        t, lang = self.t, self.lang
        number = self.result_round
        hands: dict[int, dict[str, Any]] = {}
        for event in view.log:
            if event.round != number:
                continue
            hand = event.param("hand")
            if event.kind == "revealed":
                entry = hands.setdefault(hand, {"shown": [], "out": set(), "won": set(), "notes": []})
                entry["shown"].append((event.seat, tuple(event.param("cards") or ()), event.param("ranking")))
            elif event.kind.startswith("eliminated_") and hand in hands:
                hands[hand]["out"].add(event.seat)
                hands[hand].setdefault("why_out", {})[event.seat] = t(_D + event.kind.replace("eliminated_", "out_"))
            elif event.kind == "hand_won":
                hands.setdefault(hand, {"shown": [], "out": set(), "won": set(), "notes": []})["won"].add(event.seat)
            elif event.kind == "hand_shared":
                entry = hands.setdefault(hand, {"shown": [], "out": set(), "won": set(), "notes": []})
                entry["won"] |= {view.players.index(name) for name in event.param("players") or ()}
            if event.kind in ("hand_won", "hand_shared", "nobody_won"):
                hands.setdefault(hand, {"shown": [], "out": set(), "won": set(), "notes": []})["notes"].append(event.describe(lang))
        result = []
        for hand, entry in hands.items():
            shown = []
            for seat, cards, ranking in entry["shown"]:
                name = view.players[seat]
                wilds: tuple[Any, ...] = ()
                if isinstance(ranking, VocesHand):
                    cards, wilds, words = ranking.cards, ranking.wilds, ranking.describe(lang)
                else:
                    words = ranking.text(lang) if isinstance(ranking, Msg) else ""
                stands = dict(wilds)
                cards_words = Items([t("render.wild", wild=card.label(lang), card=stands[card].label(lang))
                                     if card in stands else card.label(lang) for card in cards])
                mark = "breaks" if seat in entry["out"] else "holds" if seat in entry["won"] else "plain"
                if mark == "breaks":
                    words = entry.get("why_out", {}).get(seat, words)
                key = {"breaks": "revealed_out", "holds": "revealed_won"}.get(mark, "revealed")
                label = t(_D + key, player=name, hand=hand, cards=cards_words, words=words)
                shown.append((seat, revealed_svg(cards, label, lang, wilds), label, mark))
            # what the special cards did in this hand, beside it on the table
            result.append((hand, " ".join(sentence(words) for words in [*entry["notes"], *specials_in_hand(view.log, number, hand, lang)]), shown))
        # the hand being swapped for a Baboon: face up before its reveal
        if view.phase is VocesPhase.PICKING and not self.paused and view.hand_in_play not in hands:
            for hand, shown_now in view.revealed:
                if hand in hands:
                    continue
                shown = []
                for seat, cards in shown_now:
                    label = t(_D + "revealed", player=view.players[seat], hand=hand,
                              cards=Items([c.label(lang) for c in cards]), words=t(_D + "before_swap"))
                    shown.append((seat, revealed_svg(cards, label, lang), label, "plain"))
                result.append((hand, t(_D + "picking_note"), shown))
        return result



def stop_warning_html(view: VocesView, lang: str) -> str:
    """STOP announced before it happens: who has all three hands down, who calls STOP by placing a third
    hand, and what STOP would do to your hands now (the engine's view says all three); "" when nobody is near."""
    me = view.seat

    def t(key: str, **params: Any) -> str:
        return tr(key, lang, **params)

    names = [t(_K + "you_name") if seat == me else view.players[seat] for seat in range(len(view.players))]
    finished = view.finished_seats
    callers = view.stop_callers
    lines: list[str] = []
    if finished and callers:
        key = "stop_near_you" if finished[0] == me else "stop_near"
        lines.append(t(_K + key, finished=names[finished[0]], callers=Items([names[s] for s in callers])))
    elif finished and finished[0] != me:
        lines.append(t(_K + "stop_first", finished=names[finished[0]]))
    elif not finished:
        two = [s for s, count in enumerate(view.placed_counts) if count == 2 and s != me]
        if two:
            lines.append(t(_K + "two_down", players=Items([names[s] for s in two])))
    if not lines:
        return ""
    if any(s != me for s in callers) and view.hand:
        token, blind = view.if_stop_now()
        key = ("stop_blind_none", "stop_blind_one", "stop_blind_two")[len(blind)]
        lines.append(t(_K + key, token=token or 0, blind=Items(blind)))
    if me in callers:
        lines.append(t(_K + "stop_you_can"))
    body = "<br>".join(esc(line) for line in lines)
    return f"<div class='pkt-voces-stop-warning' role='alert'>⚠ {body}</div>"


def result_html(state: VocesState, number: int, lang: str, you: int = HUMAN) -> str:
    """Round ``number`` of ``state`` as it was revealed and scored (with the totals of a game of several rounds),
    and the game's outcome once it is over; "" while nothing of it is known. ``state`` may also be what a room's
    seat knows of the game (:class:`~widgets.voces_play.RoomGame`); ``you`` is the learner's seat."""
    parts = [round_result_html(state.events, number, lang)]
    if len(state.round_scores) >= number:
        parts.append(scores_html(state.events, number, lang, you))
        if state.rules.rounds > 1:
            totals = ", ".join(f"{name} {points}" for name, points in zip(state.players, state.totals))
            parts.append(f"<p class='pkt-voces-totals'>{esc(tr(_K + 'totals', lang, totals=totals))}</p>")
    if state.is_terminal():
        final = next((e for e in reversed(state.events) if e.kind in ("game_won", "game_shared")), None)
        if final is not None:
            parts.append(f"<p class='pkt-voces-final' role='status'><b>{esc(final.describe(lang))}</b></p>")
    body = "".join(p for p in parts if p)
    if not body:
        return ""
    return f"<h3>{esc(tr(_K + 'result_heading', lang, round=number))}</h3>{body}"


def status_text(state: VocesState, paused: bool, result_round: int, seed: int | None, lang: str, you: int = HUMAN) -> str:
    """Where the game stands for you (seat ``you``): the round, its phase and what it asks of you (or whom the
    table waits for); the round's score while the table waits for Next round (``paused`` after round
    ``result_round``); the outcome at the end. ``seed`` is the game's, named so that it can be played again
    (``None`` at a room's table: its seed would tell every hidden card)."""
    view = state.view_for(you)

    def t(key: str, **params: Any) -> str:
        return tr(key, lang, **params)

    if state.is_terminal():
        final = next((e for e in reversed(state.events) if e.kind in ("game_won", "game_shared")), None)
        outcome = final.describe(lang) if final else ""
        if seed is None:
            return t(_K + "room_game_over", outcome=outcome, you=state.totals[you])
        return t(_K + "game_over", outcome=outcome, you=state.totals[you], seed=seed)
    if paused:
        return t(_K + "paused", round=result_round, you=state.round_scores[-1][you])
    if view.phase is VocesPhase.TRADING:
        who = t(_K + ("you_trade" if view.hand else "you_wait"), token=len(view.placed) + 1)
    elif view.to_act == you:
        who = {
            VocesPhase.BETTING: t(_K + "your_bet"),
            VocesPhase.DECIDING: t(_K + "your_decision", hand=view.hand_in_play),
            VocesPhase.PICKING: t(_K + "your_pick"),
        }.get(view.phase, "")
    else:
        who = t(_K + "waiting", player=state.players[view.to_act] if view.to_act >= 0 else "")
    phase = t(PHASE_KEYS[view.phase])
    if seed is None:
        return t(_K + "room_status", round=view.round, rounds=state.rules.rounds, phase=phase, who=who)
    return t(_K + "status", round=view.round, rounds=state.rules.rounds, phase=phase, who=who, seed=seed)


_H = "apps.voces.special_here."


def _specials_in(cards: Any) -> list[Special]:
    return [card.kind for card in cards or () if isinstance(card, SpecialCard)]


def specials_revealed(events: Any, number: int, lang: str) -> list[tuple[Special, list[str]]]:
    """:func:`_specials_by_hand` without the hand numbers (each line names its hand)."""
    return [(kind, [words for _, words in lines]) for kind, lines in _specials_by_hand(events, number, lang)]


def _specials_by_hand(events: Any, number: int, lang: str) -> list[tuple[Special, list[tuple[int, str]]]]:
    """The special cards revealed in round ``number`` of a seat's log ``events``, in the order they first
    turned up, each with what it did in every hand it was revealed in (in ``lang``): who is out, what a
    wild card stands for, whether the Capybaras turned the ranking around, what the Baboons were swapped
    for, whether a Penguin won. Everything said here is read from the engine's events of the reveal."""
    def t(key: str, **params: Any) -> str:
        return tr(_H + key, lang, **params)

    hands: dict[int, dict[str, Any]] = {}
    hand = 0
    for event in events:
        if event.round != number:
            continue
        if event.param("hand") is not None:
            hand = int(event.param("hand"))
        entry = hands.setdefault(hand, {"kinds": [], "revealed": [], "out": [], "reversed": False, "baboon": [], "penguin": []})
        if event.kind == "revealed":
            ranking = event.param("ranking")
            entry["revealed"].append((event.param("player"), tuple(event.param("cards") or ()), ranking))
            entry["kinds"] += _specials_in(event.param("cards"))
        elif event.kind.startswith("eliminated_"):
            entry["out"].append((event.kind, event.param("player")))
        elif event.kind == "reversed":
            entry["reversed"] = True
        elif event.kind in ("drawn", "drawn_none", "picked"):
            entry["kinds"].append(Special.BABOON)
            if event.kind != "drawn":  # who took which card (or that none was left); the cards drawn are in the log
                entry["baboon"].append(event.describe(lang))
        elif event.kind == "penguin":
            entry["penguin"].append(event.describe(lang))
    found: dict[Special, list[tuple[int, str]]] = {}
    for hand, entry in sorted(hands.items(), reverse=True):  # hands are turned over from 3 down to 1
        kinds = list(dict.fromkeys(entry["kinds"]))
        if not entry["revealed"] and Special.BABOON not in kinds:
            continue
        shown = [card for _, cards, _ in entry["revealed"] for card in cards]
        wilds: list[tuple[Any, Any]] = [w for _, _, ranking in entry["revealed"] if isinstance(ranking, VocesHand) for w in ranking.wilds]

        def line(words: str, hand: int = hand) -> str:
            return t("line", hand=hand, words=words.rstrip(".")) if words else ""

        def wild_lines(kind: Special) -> list[str]:
            return [line(message("voces.hand.wild", lang, wild=card.kind, card=stands))
                    for card, stands in wilds if card.kind is kind]

        for kind in kinds:
            said: list[str] = []
            if kind is Special.RACCOON:
                out = [player for why, player in entry["out"] if why == "eliminated_raccoons"]
                count = sum(1 for card in shown if isinstance(card, SpecialCard) and card.kind is kind)
                said = ([t("raccoon_out", hand=hand, count=count, players=Items(out))] if out
                        else [t("raccoon_one", hand=hand), *wild_lines(kind)])
            elif kind is Special.DOVE:
                out = [player for why, player in entry["out"] if why == "eliminated_two_doves"]
                said = [t("dove_out", hand=hand, player=player) for player in out]
                if any(card.kind is kind for card, _ in wilds):
                    said += [t("dove_wild", hand=hand), *wild_lines(kind)]
                elif any(kind in _specials_in(cards) for player, cards, _ in entry["revealed"] if player not in out):
                    said.append(t("dove_alone", hand=hand))
            elif kind is Special.CAPYBARA:
                count = sum(1 for card in shown if isinstance(card, SpecialCard) and card.kind is kind)
                said = [t("capybara_odd" if entry["reversed"] else "capybara_even", hand=hand, count=count)]
            elif kind is Special.BABOON:
                said = [t("baboon", hand=hand), *(line(words) for words in entry["baboon"])]
            elif kind is Special.EMPEROR_PENGUIN:
                said = [line(words) for words in entry["penguin"]] or [t("penguin_lost", hand=hand)]
            found.setdefault(kind, []).extend((hand, w) for w in said if w)
    return list(found.items())


def specials_in_hand(events: Any, number: int, hand: int, lang: str) -> list[str]:
    """What the special cards revealed in hand ``hand`` of round ``number`` did there (:func:`specials_revealed`)."""
    return [words for _, lines in _specials_by_hand(events, number, lang) for shown, words in lines if shown == hand]


def specials_revealed_html(events: Any, number: int, lang: str) -> str:
    """:func:`specials_revealed` for the page: for each special card revealed in round ``number``, what it
    does (the same words as the deck's choice) and what it did in each hand; "" when none was revealed."""
    found = specials_revealed(events, number, lang)
    if not found:
        return ""
    parts = [f"<h4 style='margin:0.3em 0'>{esc(tr('apps.voces.special_help.in_play', lang, round=number))}</h4>"]
    for kind, lines in found:
        here = "".join(f"<li>{esc(words)}</li>" for words in lines)
        parts.append(special_help_html(kind, lang) + (f"<ul style='margin:0 0 0.4em 0'>{here}</ul>" if here else ""))
    return "<div class='pkt-voces-specials-revealed' style='line-height:1.35' role='region' aria-label='" + esc(tr("apps.voces.special_help.in_play", lang, round=number)) + "'>" + "".join(parts) + "</div>"
