"""Scenario files: a teacher writes a deal (players, dealer, cards, moves) and the kit replays it step by
step with explanations. The rulebook's worked examples ship as built-in scenarios.

A scenario is a JSON object::

    {
      "game": "pokerface",                          # optional for Pokerface files
      "name": "my-lesson",
      "title": {"en": "Two pair against a set", "de": "Zwei Paare gegen einen Drilling"},
      "players": ["Anna", "Ben", "Carla"],          # clockwise seat order, 3 to 6 players
      "dealer": "Anna",
      "variants": ["soft-landing"],                 # optional: free-for-all, rising-stakes, soft-landing
      "seed": 1,                                    # optional: deals the cards the scenario leaves out
      "deals": [
        {
          "hole": {"Anna": "9s 4h", "Ben": "Ac 8h"},   # any players; the others get random cards
          "board": "Qc 8d 3s Kd 2c",                   # 0 to 5 cards; the rest are random
          "moves": ["Ben takes 4", "Carla takes from Ben", "Anna passes", "Ben is done"]
        }
      ]
    }

A move is ``NAME takes N`` (N is A or 1 to 6, optionally with the round's suit: ``4♦``, ``4d``),
``NAME takes from OTHER``, ``NAME passes``, or in free-for-all ``NAME is done``. The replay stops after
the last move of the last deal.

>>> [s.name for s in builtin_scenarios()]
['showdown-failure', 'showdown-success', 'token-round']
>>> replay = load_scenario("token-round").replay()
>>> replay.steps[12].move, replay.state_after(13).token_of(3, Suit.DIAMONDS)
('Dan takes from Ben', 4)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, ClassVar, Mapping, Sequence

from pokerkit_teach.core.errors import IllegalAction, KitError, in_context
from pokerkit_teach.core.game import ReplayStep as GameReplayStep
from pokerkit_teach.core.game import StepReplay
from pokerkit_teach.core.i18n import DEFAULT_LANGUAGE, Items, Msg
from pokerkit_teach.core.rng import make_rng
from pokerkit_teach.core.contract import ScenarioCodec
from pokerkit_teach.core.scenarios import ScenarioError, load_named_or_file, scenario_error, pick_title, read_builtin, read_titles_and_players
from pokerkit_teach.core.limits import quoted
from pokerkit_teach.holdem.cards import Card, Suit, french_deck, parse_cards
from pokerkit_teach.games.pokerface.actions import Action, DealBoard, DealHoleCards, Pass, PokerfacePhase, PlayerAction, Showdown, TakeFromMiddle, TakeFromPlayer
from pokerkit_teach.games.pokerface.events import PokerfaceEvent
from pokerkit_teach.games.pokerface.rules import PokerfaceRules
from pokerkit_teach.games.pokerface.showdown import ShowdownResult
from pokerkit_teach.games.pokerface.state import CHANCE, PokerfaceState

__all__ = ["ScenarioError", "PokerfaceScenario", "ScenarioDeal", "PokerfaceReplayStep", "PokerfaceReplay", "PokerfaceReplayEnding", "builtin_scenarios", "load_scenario",
           "parse_move", "CODEC"]

GAME_NAME = "pokerface"


@dataclass(frozen=True)
class ScenarioDeal:
    hole: tuple[tuple[str, tuple[Card, ...]], ...]
    board: tuple[Card, ...]
    moves: tuple[str, ...]


@dataclass(frozen=True)
class PokerfaceScenario:
    game: ClassVar[str] = GAME_NAME

    name: str
    titles: tuple[tuple[str, str], ...]
    rules: PokerfaceRules
    deals: tuple[ScenarioDeal, ...]
    seed: int
    told_from: tuple[int, str] | None = None  # (deal, "diamonds" or another round, or "showdown"): where its story begins

    def title(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return pick_title(self.titles, lang, self.name)

    @classmethod
    def from_dict(cls, data: Any, source: str = "scenario") -> "PokerfaceScenario":
        """Check every field and build the scenario; problems raise :class:`ScenarioError`."""
        if not isinstance(data, Mapping):
            raise scenario_error(_K + "not_object", source)
        unknown = set(data) - {"game", "name", "title", "players", "dealer", "variants", "seed", "deals", "about", "format", "told_from"}
        if unknown:
            raise scenario_error(_K + "unknown_field", source, field=quoted(sorted(unknown)[0]))
        if data.get("game", GAME_NAME) != GAME_NAME:
            raise scenario_error(_K + "game", source, game=quoted(GAME_NAME), got=quoted(data.get("game")))
        name = str(data.get("name") or Path(source).stem)
        titles, players = read_titles_and_players(data, source)
        try:
            rules = PokerfaceRules.for_players(players, data.get("dealer", players[0] if players else 0), data.get("variants", []))
        except ValueError as error:
            raise in_context(error, source) if isinstance(error, ScenarioError) else _as_scenario_error(error, source) from None
        except IndexError:
            raise scenario_error(_K + "no_players", source) from None
        seed = data.get("seed", 0)
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise scenario_error(_K + "seed", source)
        raw_deals = data.get("deals")
        if not isinstance(raw_deals, list) or not raw_deals:
            raise scenario_error(_K + "deals", source)
        deals = tuple(_parse_deal(raw, rules, source, Msg.of(_K + "deal", deal=n)) for n, raw in enumerate(raw_deals, start=1))
        told = data.get("told_from")
        told_from = None
        if told is not None:
            deal, stage = (told.get("deal"), told.get("round")) if isinstance(told, Mapping) else (None, None)
            if (isinstance(deal, bool) or not isinstance(deal, int) or not 1 <= deal <= len(deals) or stage not in TOLD_ROUNDS
                    or set(told) - {"deal", "round"}):
                raise scenario_error(_K + "told_from", source, rounds=Items(quoted(r) for r in TOLD_ROUNDS), deals=len(deals))
            told_from = (deal, str(stage))
        return cls(name, tuple((k, str(v)) for k, v in titles.items()), rules, deals, seed, told_from)

    def replay(self) -> "PokerfaceReplay":
        """Play the scenario through; raises :class:`ScenarioError` naming the step that fails."""
        return PokerfaceReplay.of(self)


_K = "pokerface.scenario."
TOLD_ROUNDS = {"clubs": Suit.CLUBS, "diamonds": Suit.DIAMONDS, "hearts": Suit.HEARTS, "spades": Suit.SPADES, "showdown": None}
"""Where a scenario's story may begin (``told_from``'s round): a token round, or the showdown."""
# How many board cards a deal has once each board stage is dealt: a stage whose cards the deal gives is
# dealt even when no move follows it (a game saved just after the flop shows the flop).
_BOARD_SIZE = {PokerfacePhase.FLOP: 3, PokerfacePhase.TURN: 4, PokerfacePhase.RIVER: 5}


def _as_scenario_error(error: ValueError, *where: str | Msg) -> ScenarioError:
    """Another input error (a card, a player list) as a scenario error, after the places it stood, said in
    every language."""
    detail: object = error if isinstance(error, KitError) else str(error)
    return scenario_error(_K + "problem", *where, problem=detail)


def _parse_deal(raw: Any, rules: PokerfaceRules, *where: str | Msg) -> ScenarioDeal:
    if not isinstance(raw, Mapping):
        raise scenario_error(_K + "deal_object", *where)
    unknown = set(raw) - {"hole", "board", "moves"}
    if unknown:
        raise scenario_error(_K + "unknown_field", *where, field=quoted(sorted(unknown)[0]))
    hole_raw = raw.get("hole", {})
    if not isinstance(hole_raw, Mapping):
        raise scenario_error(_K + "hole_map", *where)
    hole: list[tuple[str, tuple[Card, ...]]] = []
    seen: dict[Card, str] = {}
    for name, text in hole_raw.items():
        if name not in rules.players:
            raise scenario_error(_K + "hole_not_player", *where, name=quoted(name), players=Items(rules.players))
        try:
            cards = parse_cards(text, count=2)
        except ValueError as error:
            raise _as_scenario_error(error, *where, Msg.of(_K + "hole_of", name=name)) from None
        for card in cards:
            if card in seen:
                raise scenario_error(_K + "card_twice", *where, card=str(card), first=seen[card], second=name)
            seen[card] = name
        hole.append((name, cards))
    try:
        board = parse_cards(raw.get("board", ""), count=(0, 5), what=Msg.of("cards.what.board"))
    except ValueError as error:
        raise _as_scenario_error(error, *where, Msg.of("cards.what.board")) from None
    for card in board:
        if card in seen:
            raise scenario_error(_K + "board_and_hand", *where, card=str(card), name=seen[card])
    moves = raw.get("moves", [])
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise scenario_error(_K + "moves", *where)
    return ScenarioDeal(tuple(hole), board, tuple(moves))


_TAKE = re.compile(r"^\s*(?P<name>.+?)\s+takes\s+(?:the\s+)?(?P<token>10|[1-9AaJjQqKk])(?P<suit>[♣♦♥♠cdhs])?\s*$")
_TAKE_FROM = re.compile(r"^\s*(?P<name>.+?)\s+takes\s+(?:the\s+token\s+)?from\s+(?P<target>.+?)\s*$")
_PASS = re.compile(r"^\s*(?P<name>.+?)\s+(?:passes|is\s+done)\s*$")
_SUITS = {"♣": Suit.CLUBS, "♦": Suit.DIAMONDS, "♥": Suit.HEARTS, "♠": Suit.SPADES, "c": Suit.CLUBS, "d": Suit.DIAMONDS, "h": Suit.HEARTS, "s": Suit.SPADES}


def parse_move(text: str, rules: PokerfaceRules, round_suit: Suit | None = None) -> PlayerAction:
    """Turn a move text into an action.

    >>> rules = PokerfaceRules(("Anna", "Ben", "Carla", "Dan"))
    >>> parse_move("Dan takes from Ben", rules), parse_move("Anna takes A", rules)
    (TakeFromPlayer(seat=3, target=1), TakeFromMiddle(seat=0, token=1))
    """
    def seat(name: str) -> int:
        try:
            return rules.seat_of(name)
        except ValueError as error:
            raise _as_scenario_error(error) from None

    match = _TAKE_FROM.match(text)
    if match:
        return TakeFromPlayer(seat(match["name"]), seat(match["target"]))
    match = _TAKE.match(text)
    if match:
        token_text = match["token"].upper()
        if token_text not in ("A",) and not token_text.isdigit():
            raise scenario_error(_K + "not_token", token=quoted(match["token"]), count=rules.player_count)
        token = 1 if token_text == "A" else int(token_text)
        if match["suit"] and round_suit is not None and _SUITS[match["suit"]] != round_suit:
            raise scenario_error(_K + "wrong_suit", token=match["token"] + match["suit"], suit=round_suit.symbol)
        return TakeFromMiddle(seat(match["name"]), token)
    match = _PASS.match(text)
    if match:
        return Pass(seat(match["name"]))
    raise scenario_error(_K + "move_form")


@dataclass(frozen=True)
class PokerfaceReplayStep(GameReplayStep):
    """One step of a replay: a chance step (dealing, showdown) or a player's move (``move``, as the
    scenario wrote it), the action as recorded (chance steps with their cards) and its events. ``round``
    is the deal's number (also ``deal``)."""

    events: tuple[PokerfaceEvent, ...]
    action: Action

    @property
    def deal(self) -> int:
        return self.round

    @property
    def is_move(self) -> bool:
        return self.move is not None

    def rules_applied(self, lang: str = DEFAULT_LANGUAGE) -> list[str]:
        texts: list[str] = []
        for event in self.events:
            text = event.rule_text(lang)
            if text and text not in texts:
                texts.append(text)
        return texts

    def as_json(self, lang: str) -> dict[str, Any]:
        return {
            "step": self.number,
            "deal": self.round,
            "move": self.move,
            "events": self.lines(lang),
            "rules": self.rules_applied(lang),
        }


@dataclass(frozen=True)
class PokerfaceReplayEnding:
    """Where a scenario ends: the tally, whether the game is over (``won``: True, False, or None while it
    runs), the phase play stopped at, each showdown, the holders of each round's tokens by name, and the
    last event (``summary``)."""

    successes: int
    failures: int
    game_over: bool
    won: bool | None
    stopped_at: PokerfacePhase
    showdowns: tuple[ShowdownResult, ...]
    tokens: tuple[tuple[Suit, tuple[tuple[str, int], ...]], ...]
    last_event: PokerfaceEvent | None

    @classmethod
    def of(cls, state: PokerfaceState, last_event: PokerfaceEvent | None) -> "PokerfaceReplayEnding":
        return cls(
            state.successes, state.failures, state.is_terminal(), state.won, state.phase, tuple(state.showdowns),
            tuple((suit, tuple((state.players[seat], n + 1) for n, seat in enumerate(r.holder) if seat is not None))
                  for suit, r in state.rounds.items()),
            last_event,
        )

    def summary(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The last event in words (empty for a replay without steps)."""
        return self.last_event.describe(lang) if self.last_event is not None else ""

    def as_json(self, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
        return {
            "successes": self.successes,
            "failures": self.failures,
            "game_over": self.game_over,
            "won": self.won,
            "stopped_at": self.stopped_at.value,
            "showdowns": [
                {"success": result.success, "summary": result.summary.text(lang),
                 "broken_by": result.steps[result.broken_at].hand.name if result.broken_at is not None else None}
                for result in self.showdowns
            ],
            "tokens": {suit.letter: dict(holders) for suit, holders in self.tokens},
            "summary": self.summary(lang),
        }


@dataclass(frozen=True)
class PokerfaceReplay(StepReplay[PokerfaceState]):
    """A scenario played through: its steps in order, and the final state; ``state_after(step)`` goes
    forward and back."""

    scenario: PokerfaceScenario
    steps: tuple[PokerfaceReplayStep, ...]
    final: PokerfaceState

    @classmethod
    def of(cls, scenario: PokerfaceScenario) -> "PokerfaceReplay":
        state = scenario.rules.new_game(seed=scenario.seed, auto_chance=False)
        rng = make_rng(scenario.seed)
        steps: list[PokerfaceReplayStep] = []
        for deal_number, deal in enumerate(scenario.deals, start=1):
            if state.is_terminal():
                raise scenario_error(_K + "game_over", Msg.of(_K + "deal", deal=deal_number))
            hole, board = _complete_cards(scenario, deal, rng)
            moves = list(deal.moves)
            while not state.is_terminal():
                if state.current_player() == CHANCE:
                    phase = state.phase
                    if phase is PokerfacePhase.HOLE and state.deal_number != deal_number:
                        break  # this deal is over; the scenario's next deal begins
                    if moves or phase in (PokerfacePhase.HOLE, PokerfacePhase.SHOWDOWN) or len(deal.board) >= _BOARD_SIZE.get(phase, 6):
                        steps.append(_step(state, len(steps) + 1, None, _chance_action(state, hole, board)))
                        continue
                    break
                if not moves:
                    break
                text = moves.pop(0)
                where = Msg.of(_K + "step", step=len(steps) + 1, deal=deal_number, move=quoted(text))
                try:
                    action = parse_move(text, scenario.rules, state.round_suit)
                    steps.append(_step(state, len(steps) + 1, text, action))
                except ScenarioError as error:
                    raise in_context(error, where) from None
                except IllegalAction as error:
                    raise scenario_error(_K + "not_allowed", where, reason=error) from None
            if moves:
                raise scenario_error(_K + "game_over", Msg.of(_K + "deal_move", deal=deal_number, move=quoted(moves[0])))
            if deal_number < len(scenario.deals) and state.deal_number == deal_number and not state.is_terminal():
                raise scenario_error(_K + "short_deal", Msg.of(_K + "deal", deal=deal_number),
                                     phase=Msg.of(f"pokerface.phase.{state.phase.value}"))
        return cls(scenario, tuple(steps), state)

    @property
    def told_start(self) -> int:
        """The index of the first step the scenario tells (its ``told_from``: the first move of that token
        round of that deal, or its showdown); 0 for a scenario that tells everything."""
        told = self.scenario.told_from
        if told is None:
            return 0
        deal, stage = told
        suit = TOLD_ROUNDS[stage]
        for index, step in enumerate(self.steps):
            if step.deal != deal:
                continue
            if suit is None and isinstance(step.action, Showdown):
                return index
            if suit is not None and step.is_move and self.state_after(index).round_suit is suit:
                return index
        return 0

    def _rebuild(self, history: Sequence[Any]) -> PokerfaceState:
        # the scenario's seed, as the replay had it: the cards still to come are the same as after that step
        state = self.scenario.rules.new_game(seed=self.scenario.seed, auto_chance=False)
        for action in history:
            state.apply(action)
        return state

    @property
    def ending(self) -> PokerfaceReplayEnding:
        """What the scenario ends with: the tally, each showdown, and where play stopped."""
        last = self.steps[-1].events[-1] if self.steps and self.steps[-1].events else None
        return PokerfaceReplayEnding.of(self.final, last)

    def as_json(self, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
        return {
            "scenario": self.scenario.name,
            "title": self.scenario.title(lang),
            "players": list(self.scenario.rules.players),
            "steps": [step.as_json(lang) for step in self.steps],
            "outcome": self.ending.as_json(lang),
        }

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """Every step with its events; each rule is quoted (↳) where it first applies."""
        lines = [self.scenario.title(lang), ""]
        quoted: set[str] = set()
        for step in self.steps:
            head = f"{step.number:>3}. "
            for i, line in enumerate(step.lines(lang)):
                lines.append((head if i == 0 else " " * len(head)) + line)
            for rule in step.rules_applied(lang):
                if rule not in quoted:
                    quoted.add(rule)
                    lines.append(" " * len(head) + "  ↳ " + rule)
        lines.append("")
        lines.append(self.ending.summary(lang))
        return "\n".join(lines)


def _step(state: PokerfaceState, number: int, move: str | None, action: Action) -> PokerfaceReplayStep:
    deal = state.deal_number
    events = state.apply(action)
    return PokerfaceReplayStep(number, deal, move, tuple(e for e in events if isinstance(e, PokerfaceEvent)), state.history[-1])


def _complete_cards(scenario: PokerfaceScenario, deal: ScenarioDeal, rng: Any) -> tuple[tuple[tuple[Card, Card], ...], tuple[Card, ...]]:
    """The deal's cards: the scenario's, and random ones (from the scenario's seed) for the rest."""
    given = {scenario.rules.seat_of(name): cards for name, cards in deal.hole}
    used = {c for cards in given.values() for c in cards} | set(deal.board)
    deck = [french_deck()[i] for i in rng.permutation(52)]
    free = [c for c in deck if c not in used]
    hole = []
    for seat in range(scenario.rules.player_count):
        cards = given.get(seat)
        if cards is None:
            cards = (free.pop(0), free.pop(0))
        hole.append((cards[0], cards[1]))
    board = tuple(deal.board) + tuple(free[: 5 - len(deal.board)])
    return tuple(hole), board


def _chance_action(state: PokerfaceState, hole: tuple[tuple[Card, Card], ...], board: tuple[Card, ...]) -> Action:
    phase = state.phase
    if phase is PokerfacePhase.HOLE:
        return DealHoleCards(hole)
    if phase is PokerfacePhase.FLOP:
        return DealBoard(PokerfacePhase.FLOP, board[:3])
    if phase is PokerfacePhase.TURN:
        return DealBoard(PokerfacePhase.TURN, board[3:4])
    if phase is PokerfacePhase.RIVER:
        return DealBoard(PokerfacePhase.RIVER, board[4:5])
    chance = state.chance_action()
    assert chance is not None
    return chance


def load_scenario(source: str | Path) -> PokerfaceScenario:
    """A built-in scenario by name, or a scenario file (JSON)."""
    return load_named_or_file(source, builtin_scenarios(), PokerfaceScenario.from_dict)


@lru_cache(maxsize=1)
def _builtin() -> tuple[PokerfaceScenario, ...]:
    return tuple(read_builtin("pokerkit_teach.games.pokerface", PokerfaceScenario.from_dict))


def builtin_scenarios() -> list[PokerfaceScenario]:
    """The rulebook's worked examples, sorted by name (read once: the same objects every time)."""
    return list(_builtin())



class _Codec(ScenarioCodec):
    """Saving a Pokerface game as a scenario, and its moves and deals in the short form of a deal code
    (see :class:`~pokerkit_teach.core.contract.ScenarioCodec`)."""

    def from_dict(self, data: Any, source: str) -> PokerfaceScenario:
        return PokerfaceScenario.from_dict(data, source)

    def builtin(self) -> list[PokerfaceScenario]:
        return builtin_scenarios()

    def data_of(self, state: PokerfaceState, moves: Sequence[str | None] | None, seed: int) -> dict[str, Any]:
        rules = state.rules
        players = rules.players
        deals: list[dict[str, Any]] = []
        for index, action in enumerate(state.history):
            if isinstance(action, DealHoleCards):
                assert action.cards is not None  # recorded with the cards drawn
                deals.append({"hole": {players[seat]: _cards(pair) for seat, pair in enumerate(action.cards)}, "board": "", "moves": []})
            elif isinstance(action, DealBoard):
                deals[-1]["board"] = " ".join(part for part in (deals[-1]["board"], _cards(action.cards or ())) if part)
            elif not isinstance(action, Showdown):
                given = moves[index] if moves is not None and index < len(moves) else None
                deals[-1]["moves"].append(given or self.move_text(action, state))
        return {"players": list(players), "dealer": players[rules.first_dealer],
                "variants": sorted(v.value.replace("_", "-") for v in rules.variants), "seed": seed, "deals": deals or [{}]}

    def still_to_come(self, scenario: Any, state: PokerfaceState) -> dict[str, Any] | None:
        """The board cards the scenario's last deal gives beyond those its replay has dealt (a file, such
        as the hand ranker's, may give the board of a deal whose token rounds have not reached it): a deal
        code keeps them, so that its link shows the deal as the file does."""
        deals = getattr(scenario, "deals", ())
        if not deals or state.hole is None:
            return None
        given, dealt = tuple(deals[-1].board), tuple(state.board)
        if len(given) > len(dealt) and given[: len(dealt)] == dealt:
            return {"board": _cards(given)}
        return None

    def add_to_come(self, data: dict[str, Any], to_come: Mapping[str, Any]) -> None:
        """The board of :meth:`still_to_come` put back into the last deal of a code's scenario data (the
        scenario's loader then checks the cards as it checks a file's)."""
        board, deals = to_come.get("board"), data.get("deals")
        if set(to_come) != {"board"} or not isinstance(board, str) or not isinstance(deals, list) or not deals:
            raise scenario_error("dealcode.shape")
        deals[-1]["board"] = board

    def rules_of(self, header: Mapping[str, Any]) -> PokerfaceRules:
        players = header.get("players", [])
        try:
            return PokerfaceRules.for_players(players, header.get("dealer", players[0] if players else 0), header.get("variants", []))
        except (ValueError, IndexError) as error:
            raise scenario_error(_K + "problem", problem=error if isinstance(error, KitError) else str(error)) from None

    def move_text(self, action: Any, state: PokerfaceState) -> str:
        players = state.rules.players
        if isinstance(action, TakeFromMiddle):
            return f"{players[action.seat]} takes {'A' if action.token == 1 else action.token}"
        if isinstance(action, TakeFromPlayer):
            return f"{players[action.seat]} takes from {players[action.target]}"
        return f"{players[action.seat]} {'is done' if state.rules.free_for_all else 'passes'}"

    def parse_move(self, text: str, state: PokerfaceState) -> Any:
        return parse_move(text, state.rules, state.round_suit)

    def chance_text(self, action: Any, state: PokerfaceState) -> str:
        if isinstance(action, DealHoleCards):
            return " ".join(_cards(pair) for pair in action.cards or ())
        if isinstance(action, DealBoard):
            return _cards(action.cards or ())
        return ""

    def parse_chance(self, text: str, state: PokerfaceState) -> Any:
        phase = state.phase
        count = state.rules.player_count
        if phase is PokerfacePhase.HOLE:
            cards = parse_cards(text, count=2 * count)
            return DealHoleCards(tuple((cards[2 * i], cards[2 * i + 1]) for i in range(count)))
        if phase in _BOARD_SIZE:
            return DealBoard(phase, parse_cards(text, count=_BOARD_SIZE[phase] - len(state.board)))
        raise scenario_error("dealcode.no_cards_here")


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(card.ascii for card in cards)


CODEC = _Codec()
