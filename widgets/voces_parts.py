"""What the Póker a Voces apps share: reading typed hands, drawing cards, decks and reveals, the
prepared examples of the special cards, and the choice of special cards (:class:`SpecialsPicker`).

Reading never decides a rule: it turns text into cards (the engine's parser) and names the first problem
in the learner's language. Drawing shows what the engine decided
(:func:`~pokerkit_teach.games.voces.reveal.reveal`, :func:`~pokerkit_teach.games.voces.ranking.rank_voces_hand`,
the round's events).

>>> hands = parse_voces_hands("Anna = Ks1 Ks2 Ks3 Ks4 raccoon\\nBen: As1 As2 9s3 9s4 raccoon")
>>> [(name, len(cards)) for name, cards in hands]
[('Anna', 5), ('Ben', 5)]
>>> hands[1][1][-1]                      # the second Raccoon typed is the box's second copy
SpecialCard(Special.RACCOON, 2)
>>> try:
...     parse_voces_hands("Anna = Ks1 Ks2 Ks3 Ks4\\nBen = Ks1 As2 9s3 9s4 2s1")
... except InputProblem as problem:
...     print(problem.text("en"))
The hand of Anna has 4 cards; a hand has exactly 5. Nothing was changed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Sequence

import ipywidgets

from pokerkit_teach.core.errors import CardParseError
from pokerkit_teach.games.voces.events import VocesEvent
from pokerkit_teach.games.voces.actions import VocesPhase
from pokerkit_teach.core.i18n import Items, Msg, capitalize_first
from pokerkit_teach.core.render import CARD_HEIGHT, CARD_WIDTH, Svg, card_back, stand_in, svg_picture, svg_text
from pokerkit_teach.games.voces.render import voces_card_body, voces_card_html, voces_card_svg, voces_cards_html
from pokerkit_teach.games.voces.cards import COPIES_IN_BOX, SUIT_SYMBOLS, AnyVocesCard, Special, SpecialCard, VocesCard, parse_voces_card
from pokerkit_teach.games.voces.ranking import VocesHand
from pokerkit_teach.games.voces.reveal import RevealResult, ranking_reasons

from .app import InputProblem as AppInputProblem, esc, tr

__all__ = [
    "NAMES", "InputProblem", "SpecialExample", "SPECIAL_EXAMPLES", "parse_voces_hands", "hands_input",
    "card_label", "voces_card_html", "voces_cards_html", "hand_words", "reveal_steps_html", "deck_html",
    "round_result_html", "scores_html", "PHASE_KEYS", "card_key", "backs_svg", "coin_svg", "pile_svg", "hand_slot_svg", "revealed_svg",
    "SpecialsPicker", "special_help_html",
]

NAMES = ("Anna", "Ben", "Carla", "Dan", "Eva", "Finn")
MAX_HANDS = 6
_K = "apps.voces."
_NAMED = re.compile(r"^\s*(?P<name>[^=:]+?)\s*[=:]\s*(?P<rest>.*)$")
WILD_STYLE = "border-style:dashed;background:#f4f8ff;"
# the words for each phase of a round
PHASE_KEYS: dict[VocesPhase, str] = {
    VocesPhase.DEAL: "apps.voces.play.phase.deal",
    VocesPhase.TRADING: "apps.voces.play.phase.trading",
    VocesPhase.BETTING: "apps.voces.play.phase.betting",
    VocesPhase.DECIDING: "apps.voces.play.phase.deciding",
    VocesPhase.DRAW: "apps.voces.play.phase.draw",
    VocesPhase.PICKING: "apps.voces.play.phase.picking",
    VocesPhase.RESOLVE: "apps.voces.play.phase.resolve",
    VocesPhase.OVER: "apps.voces.play.phase.over",
}
OUT_STYLE = "opacity:0.4;"


class InputProblem(AppInputProblem):
    """Input the app cannot use: a catalogue key (under ``apps.voces``) and its values."""

    prefix = _K


# ---------------------------------------------------------------------- reading typed hands


def _split_name(line: str) -> tuple[str | None, str]:
    match = _NAMED.match(line)
    if match:
        return match["name"].strip(), match["rest"]
    return None, line


def parse_voces_hands(text: str) -> list[tuple[str, tuple[AnyVocesCard, ...]]]:
    """One hand of five cards per line (``NAME = cards``, ``NAME: cards`` or just the cards; unnamed
    lines take the names Anna, Ben, ... in order). Special cards without ``#copy`` are the box's copies
    1, 2, 3 ... in the order typed, over all lines. Raises :class:`InputProblem` naming the first problem.
    """
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        raise InputProblem("no_hands")
    if len(lines) > MAX_HANDS:
        raise InputProblem("too_many_hands", count=len(lines), most=MAX_HANDS)
    named = [_split_name(line) for line in lines]
    used = {name for name, _ in named if name}
    spare = iter([n for n in NAMES if n not in used] + [f"#{i}" for i in range(1, 99)])
    seen: dict[AnyVocesCard, str] = {}
    next_copy: dict[Special, int] = {}
    hands: list[tuple[str, tuple[AnyVocesCard, ...]]] = []
    for given, rest in named:
        name = given or next(spare)
        if name in (n for n, _ in hands):
            raise InputProblem("same_name", name=name)
        cards: list[AnyVocesCard] = []
        for token in re.findall(r"[^\s,;]+", rest):
            try:
                card = parse_voces_card(token)
            except CardParseError:
                raise InputProblem("bad_card", text=token, name=name) from None
            if isinstance(card, SpecialCard) and "#" not in token:
                copy = next_copy.get(card.kind, 1)
                if copy > COPIES_IN_BOX:
                    raise InputProblem("too_many_copies", card=card.kind, most=COPIES_IN_BOX)
                card = SpecialCard(card.kind, copy)
            if isinstance(card, SpecialCard):
                next_copy[card.kind] = max(next_copy.get(card.kind, 1), card.copy + 1)
            if card in seen:
                raise InputProblem("duplicate", card=_Words(card), first=seen[card], second=name)
            seen[card] = name
            cards.append(card)
        if len(cards) != 5:
            raise InputProblem("hand_count", name=name, count=len(cards))
        hands.append((name, tuple(cards)))
    return hands


def hands_input(hands: Sequence[tuple[str, Sequence[AnyVocesCard]]]) -> str:
    """The text of the input that gives ``hands`` back (``Anna = Ks1 Ks2 ...``)."""
    def word(card: AnyVocesCard) -> str:
        return card.ascii if isinstance(card, VocesCard) else f"{card.kind.value}#{card.copy}"

    return "\n".join(f"{name} = {' '.join(word(c) for c in cards)}" for name, cards in hands)


# ---------------------------------------------------------------------- cards


class _Words:
    """A card written as ``K■ (King of suit 3)`` in the message's language."""

    def __init__(self, card: AnyVocesCard) -> None:
        self.card = card

    def localized(self, lang: str, spec: str = "") -> str:
        return self.card.label(lang)


def card_label(card: AnyVocesCard, lang: str) -> str:
    """The card in words, for screen readers and messages (the engine's :meth:`label`)."""
    return card.label(lang)


def hand_words(hand: VocesHand, lang: str) -> str:
    """The engine's words for a ranked hand (what each wild card stands for included): its one describer."""
    return hand.describe(lang)


def _wilds_html(hand: VocesHand, lang: str) -> str:
    """Each wild card next to the card it stands for: ``Raccoon → K●``."""
    parts = []
    for wild, card in hand.wilds:
        parts.append(
            f"<span class='pkt-voces-wild'>{voces_card_html(wild, lang)} → {voces_card_html(card, lang, WILD_STYLE)} "
            f"<i>{esc(tr(_K + 'wild_as', lang, wild=wild.kind, card=card))}</i></span>"
        )
    return " ".join(parts)


# ---------------------------------------------------------------------- the deck


def deck_html(deck: Sequence[AnyVocesCard], players: int, specials: Sequence[Special], lang: str) -> str:
    """The deck's composition: one row per suit, one per special card, and the total."""
    suits = sorted({c.suit for c in deck if isinstance(c, VocesCard)})
    rows = []
    for suit in suits:
        cards = [c for c in deck if isinstance(c, VocesCard) and c.suit == suit]
        rows.append(f"<tr class='pkt-voces-deck-suit'><th scope='row'>{esc(tr(_K + 'deck.suit', lang, number=suit, symbol=SUIT_SYMBOLS[suit - 1]))}</th>"
                    f"<td>{len(cards)}</td><td>{voces_cards_html(cards, lang)}</td></tr>")
    for kind in specials:
        copies = [c for c in deck if isinstance(c, SpecialCard) and c.kind is kind]
        rows.append(f"<tr class='pkt-voces-deck-special' data-kind='{kind.value}'><th scope='row'>{esc(kind.localized(lang))}</th>"
                    f"<td>{len(copies)}</td><td>{voces_cards_html(copies[:1], lang)} × {len(copies)}</td></tr>")
    numbered = sum(1 for c in deck if isinstance(c, VocesCard))
    special_count = len(deck) - numbered
    summary = tr(_K + "deck.summary", lang, players=players, suits=len(suits), numbered=numbered, specials=special_count, total=len(deck))
    head = "".join(f"<th scope='col'>{esc(tr(_K + 'deck.column.' + c, lang))}</th>" for c in ("part", "count", "cards"))
    return (
        f"<p class='pkt-voces-deck-size' data-size='{len(deck)}'><b>{esc(summary)}</b></p>"
        f"<table class='pkt-voces-deck-table' cellpadding='3' style='border-collapse:collapse'><tr>{head}</tr>{''.join(rows)}</table>"
    )


# ---------------------------------------------------------------------- a reveal, step by step


def _holds(cards: Sequence[AnyVocesCard], kind: Special) -> int:
    return sum(1 for c in cards if isinstance(c, SpecialCard) and c.kind is kind)


def reveal_steps_html(hands: Sequence[tuple[str, Sequence[AnyVocesCard]]], result: RevealResult, lang: str) -> str:
    """What :func:`~pokerkit_teach.games.voces.reveal.reveal` did, in the kit's order: the hands shown, the
    Baboon swaps, the eliminations, the wild cards resolved, the direction of the ranking (Capybaras),
    the winner and the Emperor Penguin's bonus."""
    def t(key: str, **params: Any) -> str:
        return tr(_K + "reveal." + key, lang, **params)

    steps: list[tuple[str, str, str]] = []
    shown = "".join(f"<div><b>{esc(name)}:</b> {voces_cards_html(cards, lang)}</div>" for name, cards in hands)
    steps.append(("shown", t("shown"), shown))
    if result.swaps:
        lines = [f"<div>{esc(t('drawn'))} {voces_cards_html(result.drawn, lang)}</div>"]
        for name, swaps in result.swaps:
            for baboon, card in swaps:
                lines.append(f"<div class='pkt-voces-swap'>{voces_card_html(baboon, lang)} → {voces_card_html(card, lang)} "
                             f"{esc(t('swap', name=name, card=card))}</div>")
        steps.append(("baboon", t("baboon"), "".join(lines)))
    else:
        steps.append(("baboon", t("baboon"), f"<div>{esc(t('no_baboon'))}</div>"))
    if result.eliminated:
        def brought(kind: Special) -> Items:  # who shows how many cards of ``kind``, in the order typed
            counts = [(name, _holds(cards, kind)) for name, cards in hands]
            return Items([Msg.of(f"voces.brought.{kind.value}", n=n, player=name) for name, n in counts if n])

        kinds = {"raccoons": Special.RACCOON, "two_doves": Special.DOVE}
        lines = [f"<div class='pkt-voces-out'>{esc(t('out_' + reason, name=name, brought=brought(kinds[reason])))}</div>"
                 for name, reason in result.eliminated]
        steps.append(("eliminated", t("eliminated"), "".join(lines)))
    else:
        steps.append(("eliminated", t("eliminated"), f"<div>{esc(t('nobody_out'))}</div>"))
    final = dict(hands)
    for name, swaps in result.swaps:  # the hands after the Baboon swaps
        taken = iter(card for _, card in swaps)
        final[name] = tuple(next(taken) if isinstance(c, SpecialCard) and c.kind is Special.BABOON else c for c in final[name])
    lines = []
    for name, hand in result.ranked:
        if hand.wilds:
            lines.append(f"<div><b>{esc(name)}:</b> {_wilds_html(hand, lang)}</div>")
        elif _holds(final[name], Special.DOVE):
            lines.append(f"<div><b>{esc(name)}:</b> {esc(t('lone_dove'))}</div>")
    steps.append(("wilds", t("wilds"), "".join(lines) or f"<div>{esc(t('no_wilds'))}</div>"))
    capybaras = sum(_holds(c, Special.CAPYBARA) for c in final.values())
    direction = t("reversed", count=capybaras) if result.reversed else t("normal", count=capybaras)
    rows = []
    place = 0
    for name, hand, above, why in ranking_reasons(result):
        if above is None or why is None or why.key != "voces.why.equal":
            place += 1  # equal hands share a place
        mark = " class='pkt-voces-winner' style='background:#eaf6ea'" if name in result.winners else ""
        reason = t("below", name=above, reason=why) if above is not None and why is not None else "–"
        rows.append(f"<tr{mark}><td>{place}</td><th scope='row'>{esc(name)}</th><td>{voces_cards_html(final[name], lang)}</td>"
                    f"<td class='pkt-voces-hand-words'>{esc(hand_words(hand, lang))}</td>"
                    f"<td class='pkt-voces-why'>{esc(reason)}</td></tr>")
    for name, _ in result.eliminated:
        rows.append(f"<tr class='pkt-voces-eliminated'><td>–</td><th scope='row'>{esc(name)}</th>"
                    f"<td>{voces_cards_html(final[name], lang, OUT_STYLE)}</td><td>{esc(t('out'))}</td><td>–</td></tr>")
    head = "".join(f"<th scope='col'>{esc(t('column.' + c))}</th>" for c in ("place", "player", "cards", "ranking", "why"))
    table = f"<table class='pkt-voces-ranking' cellpadding='3' style='border-collapse:collapse'><tr>{head}</tr>{''.join(rows)}</table>"
    steps.append(("capybara", t("capybara"), f"<div class='pkt-voces-direction'>{esc(direction)}</div>{table}"))
    if result.winners:
        winner = t("winner" if len(result.winners) == 1 else "winners", names=Items(result.winners))
    else:
        winner = t("no_winner")
    bonus = "".join(f"<div class='pkt-voces-penguin'>{esc(t('penguin', name=name, bonus=points))}</div>" for name, points in result.bonus)
    if not result.bonus and any(_holds(final[name], Special.EMPEROR_PENGUIN) for name, _ in result.ranked):
        bonus = f"<div>{esc(t('penguin_lost'))}</div>"
    steps.append(("winner", t("winner_heading"), f"<div class='pkt-voces-outcome' role='status'><b>{esc(winner)}</b></div>{bonus}"))
    items = "".join(
        f"<li class='pkt-voces-step pkt-voces-step-{name}' style='margin-bottom:0.6em'><b>{esc(heading)}</b>{body}</li>"
        for name, heading, body in steps
    )
    return f"<ol class='pkt-voces-steps'>{items}</ol>"


# ---------------------------------------------------------------------- prepared examples


@dataclass(frozen=True)
class SpecialExample:
    """A prepared reveal: a special card, the hands shown, and (for a Baboon) the three cards drawn."""

    name: str
    kind: Special
    hands: tuple[tuple[str, str], ...]
    drawn: str = ""


SPECIAL_EXAMPLES = (
    SpecialExample("raccoon_wild", Special.RACCOON, (("Anna", "Qs1 Qs2 Qs3 7s4 raccoon"), ("Ben", "Js1 Js2 Js3 4s1 4s2"))),
    SpecialExample("raccoon_pair", Special.RACCOON, (("Anna", "As1 As2 As3 As4 raccoon"), ("Ben", "Ks1 Ks2 9s3 9s4 raccoon"),
                                                     ("Carla", "Js1 8s2 6s3 4s4 2s1"))),
    SpecialExample("dove_pair", Special.DOVE, (("Anna", "9s1 9s2 9s3 9s4 dove"), ("Ben", "10s1 10s2 5s3 5s4 dove"),
                                               ("Carla", "Ks1 Ks2 Ks3 Ks4 3s1"))),
    SpecialExample("dove_alone", Special.DOVE, (("Anna", "Qs1 Qs2 Qs3 8s4 dove"), ("Ben", "Js1 Js2 Js3 3s4 3s1"))),
    SpecialExample("dove_own_pair", Special.DOVE, (("Anna", "As1 As2 As3 dove dove"), ("Ben", "10s1 10s2 4s3 6s4 8s1"))),
    SpecialExample("capybara", Special.CAPYBARA, (("Anna", "As1 Ks2 Qs3 Js4 9s1"), ("Ben", "7s1 5s2 4s3 3s4 capybara"),
                                                  ("Carla", "2s1 2s2 8s3 6s4 10s1"))),
    SpecialExample("baboon", Special.BABOON, (("Anna", "9s1 9s2 9s3 4s1 baboon"), ("Ben", "Ks1 Ks2 Ks3 2s2 2s3")), "3s1 9s4 Qs2"),
    SpecialExample("penguin", Special.EMPEROR_PENGUIN, (("Anna", "As1 As2 Ks3 Ks4 emperor_penguin"), ("Ben", "Qs1 Qs2 5s3 8s4 2s1"))),
)


# ---------------------------------------------------------------------- a round's results, from its events


def _round_events(events: Sequence[VocesEvent], round_number: int) -> list[VocesEvent]:
    return [e for e in events if e.round == round_number]


def round_result_html(events: Sequence[VocesEvent], round_number: int, lang: str) -> str:
    """The reveal of each hand played so far in ``round_number`` (hand 3 first), from the engine's events:
    who stayed and who folded, the hands shown with their ranking, who is out and why, the winner. The log
    tells the same events move by move; here they are gathered by hand (one line for those who stayed, one for
    those who folded, one for each reason to be out), so that no two of the log's lines stand here again."""
    sections: list[str] = []
    current: list[Any] = []  # a hand's lines: HTML, or a group of players (_Group) written when the hand is done
    heading = ""
    hand = 0
    for event in _round_events(events, round_number):
        if event.kind == "deciding":
            if heading:
                sections.append(_section(heading, current, hand, lang))
            hand = int(event.param("hand"))
            heading, current = tr(_K + "play.hand_heading", lang, hand=hand), []
            continue
        if not heading or event.kind in ("scored", "game_won", "game_shared"):
            continue
        if event.kind in ("stayed", "folded") or event.kind.startswith("eliminated_"):
            group = next((g for g in current if isinstance(g, _Group) and g.kind == event.kind), None)
            if group is None:
                group = _Group(event.kind, [], event.param("brought"))
                current.append(group)
            group.players.append(str(event.param("player")))
        elif event.kind == "revealed":
            cards = event.param("cards") or ()
            ranking = event.param("ranking")
            words = ranking.describe(lang) if isinstance(ranking, VocesHand) else ranking.text(lang) if isinstance(ranking, Msg) else ""
            wilds = _wilds_html(ranking, lang) if isinstance(ranking, VocesHand) else ""
            current.append(f"<div class='pkt-voces-shown'><b>{esc(event.param('player'))}:</b> {voces_cards_html(cards, lang)} "
                           f"<span class='pkt-voces-hand-words'>{esc(words)}</span> {wilds}</div>")
        elif event.kind in ("hand_won", "hand_shared", "nobody_won"):
            current.append(f"<div class='pkt-voces-outcome'><b>{esc(event.describe(lang))}</b></div>")
        else:
            current.append(f"<div>{esc(event.describe(lang))}</div>")
    if heading:
        sections.append(_section(heading, current, hand, lang))
    return "".join(sections)


@dataclass
class _Group:
    """The players of one hand who stayed, folded or are out for one reason (``kind``: the events' kind)."""

    kind: str
    players: list[str]
    brought: Any = None  # the special cards revealed, for those out of the hand


def _section(heading: str, lines: Sequence[Any], hand: int, lang: str) -> str:
    written = []
    for line in lines:
        if isinstance(line, _Group):
            words = tr(_K + f"play.result_{line.kind.removeprefix('eliminated_')}", lang, hand=hand, players=Items(line.players),
                       brought=line.brought if line.brought is not None else "")
            written.append(f"<div class='pkt-voces-{line.kind.replace('_', '-')}'>{esc(words)}</div>")
        else:
            written.append(line)
    return f"<section class='pkt-voces-hand-result' style='margin:0.4em 0'><h4>{esc(heading)}</h4>{''.join(written)}</section>"


def scores_html(events: Sequence[VocesEvent], round_number: int, lang: str, you: int = 0) -> str:
    """The score of every player for the round (coins won, folds, bonus, unused 5-coin, total)."""
    rows = []
    for event in _round_events(events, round_number):
        if event.kind != "scored":
            continue
        values = dict(event.params)
        mark = " style='font-weight:bold;background:#eef4ff'" if event.seat == you else ""
        cells = "".join(f"<td>{values[k]}</td>" for k in ("coins", "fold_points", "bonus", "five"))
        rows.append(f"<tr{mark}><th scope='row'>{esc(values['player'])}</th>{cells}<td class='pkt-voces-total'>{values['total']}</td></tr>")
    if not rows:
        return ""
    head = "".join(f"<th scope='col'>{esc(tr(_K + 'play.score.' + c, lang))}</th>"
                   for c in ("player", "coins", "folds", "bonus", "five", "total"))
    return (f"<div class='pkt-voces-score'><h4>{esc(tr(_K + 'play.score_heading', lang, round=round_number))}</h4>"
            f"<table cellpadding='4' style='border-collapse:collapse'><tr>{head}</tr>{''.join(rows)}</table></div>")


# ---------------------------------------------------------------------- the drawn table (the play tab's board)


def card_key(card: AnyVocesCard) -> str:
    """A card's stable name on the drawn board: ``Ks3``, ``raccoon#2``."""
    return card.ascii if isinstance(card, VocesCard) else f"{card.kind.value}#{card.copy}"


COIN_FILL = {0: "#e6e6e6", 1: "#f0d9a8", 2: "#cfe3f7", 5: "#f5c542"}  # dark ink on each (contrast above 7:1)
_SLOT_STEP = 40  # cards of a placed hand overlap: each shows its left edge (value and suit in the corner)
_SLOT_CARDS_X = 108
SLOT_WIDTH = _SLOT_CARDS_X + 4 * _SLOT_STEP + CARD_WIDTH
SLOT_HEIGHT = CARD_HEIGHT + 72  # with a row of coins under the hand (CARD_HEIGHT + 4 without)


def _coin(value: int, x: float, y: float, r: float = 25, text: str | None = None) -> str:
    fill = COIN_FILL.get(value, "#f0d9a8")
    return (f'<circle cx="{x}" cy="{y}" r="{r}" fill="{fill}" stroke="#333" stroke-width="3"/>'
            + svg_text(x, y + r * 0.45, text if text is not None else str(value), r * 1.3, "#111"))


def coin_svg(value: int, label: str, size: float = 40, text: str | None = None) -> Svg:
    """A coin with its value (``text`` instead, for a heap of coins), named ``label``."""
    return svg_picture(_coin(value, 50, 50, 44, text), label, 100, 100, size)


def pile_svg(coins: Sequence[int], label: str, size: float = 100) -> Svg:
    """A pile of coins side by side (``0 1 2``), named ``label``."""
    body = "".join(_coin(value, 50 + 96 * i, 50, 44) for i, value in enumerate(coins))
    return svg_picture(body, label, 96 * max(1, len(coins)) + 4, 100, size)


def _card_at(body: str, x: float, y: float = 0) -> str:
    return f'<svg x="{x}" y="{y}" width="{CARD_WIDTH}" height="{CARD_HEIGHT}" viewBox="0 0 {CARD_WIDTH} {CARD_HEIGHT}">{body}</svg>'


def hand_slot_svg(token: int, label: str, lang: str, *, cards: Sequence[AnyVocesCard] | None = None, placed: bool = True,
                  folded: bool = False, coins: Sequence[int] = (), five: bool = False, size: float = 150) -> Svg:
    """A hand token with what lies under it: five cards (face up when ``cards`` are given, face down
    otherwise), or an empty dashed place (``placed=False``); the coins on the hand below it. A folded hand's
    token is turned over and shows its +2."""
    if folded:
        token_part = _coin(2, 50, 56, 44, "+2")
    else:
        token_part = ('<rect x="8" y="14" width="84" height="84" rx="16" fill="#fff" stroke="#333" stroke-width="4"/>'
                      + svg_text(50, 78, str(token), 60, "#111"))
    parts = [token_part]
    for i in range(5):
        x = _SLOT_CARDS_X + i * _SLOT_STEP
        if not placed:
            parts.append(f'<rect x="{x + 2}" y="2" width="96" height="136" rx="9" fill="none" stroke="#555" '
                         f'stroke-width="3" stroke-dasharray="10 7"/>')
        elif cards is not None and i < len(cards):
            parts.append(_card_at(voces_card_body(cards[i], lang), x))
        else:
            parts.append(_card_at(card_back(), x))
    shown = list(coins) + ([5] if five else [])
    for i, value in enumerate(shown):
        parts.append(_coin(value, 36 + 70 * i, CARD_HEIGHT + 37, 32))
    return svg_picture("".join(parts), label, SLOT_WIDTH, SLOT_HEIGHT if shown else CARD_HEIGHT + 4, size)


def revealed_svg(cards: Sequence[AnyVocesCard], label: str, lang: str, wilds: Sequence[tuple[SpecialCard, VocesCard]] = (),
                 size: float = 240) -> Svg:
    """A revealed hand, each wild card drawn with the card it stands for."""
    stands = dict(wilds)
    parts = []
    for i, card in enumerate(cards):
        if isinstance(card, SpecialCard) and card in stands:
            body = stand_in(voces_card_body(card, lang), voces_card_body(stands[card], lang))
        else:
            body = voces_card_body(card, lang)
        parts.append(_card_at(body, i * (CARD_WIDTH + 8)))
    width = max(1, len(cards)) * (CARD_WIDTH + 8) - 8
    return svg_picture("".join(parts), label, width, CARD_HEIGHT, size)


def backs_svg(count: int, label: str, size: float = 110) -> Svg:
    """``count`` face-down cards fanned out (an offer called out: the others see only how many)."""
    step = 34
    body = "".join(_card_at(card_back(), i * step) for i in range(count))
    return svg_picture(body, label, CARD_WIDTH + step * max(0, count - 1), CARD_HEIGHT, size)


def special_help_html(kind: Special, lang: str, *, heading_level: str = "b") -> str:
    """What the special card ``kind`` does, in the kit's words, with its picture: its name and one paragraph."""
    picture = voces_card_svg(SpecialCard(kind), lang, size=54)
    name = capitalize_first(kind.localized(lang))
    return (f"<div class='pkt-voces-special-help pkt-voces-special-help-{kind.value}' style='display:flex;gap:0.6em;"
            f"align-items:flex-start;margin:0.3em 0'><span aria-hidden='true' style='flex:none'>{picture}</span>"
            f"<p style='margin:0'><{heading_level}>{esc(name)}</{heading_level}><br>"
            f"{esc(tr('apps.voces.special_help.' + kind.value, lang))}</p></div>")


class SpecialsPicker:
    """A toggle button for each kind of special card (the engine says how many may be chosen). Under the
    buttons, what each chosen card does, the one pressed last first (and a line when it was taken out), so
    that pressing a card explains it."""

    def __init__(self, chosen: Sequence[Special] = ()) -> None:
        self.buttons: dict[Special, ipywidgets.ToggleButton] = {}
        self.lang = "en"
        self.pressed: Special | None = None  # the card pressed last, to explain first
        for kind in Special:
            button = ipywidgets.ToggleButton(value=kind in chosen, layout=ipywidgets.Layout(width="11em"))
            button.add_class("pkt-voces-special-choice")
            button.add_class(f"pkt-voces-special-{kind.value}")
            button.observe(lambda _, kind=kind: self._pressed(kind), names="value")
            self.buttons[kind] = button
        self.label = ipywidgets.HTML()
        self.help = ipywidgets.HTML()
        self.help.add_class("pkt-voces-specials-help")
        row = ipywidgets.HBox([self.label, *self.buttons.values()], layout=ipywidgets.Layout(flex_flow="row wrap"))
        self.box = ipywidgets.VBox([row, self.help])

    def chosen(self) -> list[Special]:
        return [kind for kind, button in self.buttons.items() if button.value]

    def choose(self, kinds: Sequence[Special]) -> None:
        for kind, button in self.buttons.items():
            button.value = kind in kinds
        self.pressed = None
        self._explain()

    def observe(self, callback: Any) -> None:
        for button in self.buttons.values():
            button.observe(callback, names="value")

    def refresh(self, lang: str, label: str, tip: str) -> None:
        self.lang = lang
        self.label.value = f"<span style='margin-right:0.5em'>{esc(label)}</span>"
        for kind, button in self.buttons.items():
            button.description = kind.localized(lang)
            button.tooltip = f"{tr('apps.voces.special_help.' + kind.value, lang)} ({tip})"
        self._explain()

    def _pressed(self, kind: Special) -> None:
        self.pressed = kind
        self._explain()

    def _explain(self) -> None:
        """What the chosen cards do, the one just pressed first; a card just taken out says so."""
        lang = self.lang
        chosen = self.chosen()
        order = sorted(chosen, key=lambda kind: kind is not self.pressed)
        parts = []
        if self.pressed is not None and self.pressed not in chosen:
            removed = capitalize_first(tr("apps.voces.special_help.removed", lang, card=self.pressed))
            parts.append(f"<p style='margin:0.2em 0'>{esc(removed)}</p>")
        parts += [special_help_html(kind, lang) for kind in order]
        heading = f"<p style='margin:0.3em 0 0'><b>{esc(tr('apps.voces.special_help.heading', lang))}</b></p>" if order else ""
        self.help.value = f"<div style='line-height:1.35'>{heading}{''.join(parts)}</div>"
