"""High Card's scenario files and deal codes: the players, the deck in order, and the moves
(``Ann: swap``, ``Ben: stand``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Mapping, Sequence

from pokerkit_teach.core.contract import ScenarioCodec
from pokerkit_teach.core.errors import IllegalAction, InputError
from pokerkit_teach.core.game import ReplayStep, StepReplay
from pokerkit_teach.core.i18n import DEFAULT_LANGUAGE
from pokerkit_teach.core.scenarios import pick_title, read_titles_and_players, scenario_error
from tests.conformance.highcard.actions import Action, Card, Deal, Showdown, Stand, Swap
from tests.conformance.highcard.rules import HighCardRules
from tests.conformance.highcard.state import HighCardState

__all__ = ["HighCardScenario", "HighCardReplay", "CODEC", "builtin_scenarios"]

FOLDER = Path(__file__).resolve().parent / "scenarios"


def parse_move(text: str, players: Sequence[str]) -> Action:
    name, _, word = str(text).rpartition(":")
    if name.strip() not in players or word.strip() not in ("stand", "swap"):
        raise InputError(key="highcard.error.move", text=repr(str(text)[:40]))
    seat = list(players).index(name.strip())
    return Swap(seat) if word.strip() == "swap" else Stand(seat)


def parse_deck(text: Any) -> tuple[Card, ...]:
    if not isinstance(text, str):
        raise InputError(key="highcard.error.deck")
    return tuple(Card.from_text(word) for word in text.split())


@dataclass(frozen=True)
class HighCardScenario:
    game: ClassVar[str] = "highcard"

    name: str
    titles: tuple[tuple[str, str], ...]
    rules: HighCardRules
    deck: tuple[Card, ...]
    moves: tuple[str, ...]
    seed: int = 0

    def title(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return pick_title(self.titles, lang, self.name)

    @classmethod
    def from_dict(cls, data: Any, source: str = "scenario") -> "HighCardScenario":
        titles, players = read_titles_and_players(data, source)
        try:
            rules = HighCardRules(tuple(players))
            deck = parse_deck(data.get("deck", ""))
        except InputError as error:
            raise scenario_error("highcard.scenario.within", source, problem=error) from None
        return cls(str(data.get("name") or Path(source).stem), tuple(titles.items()), rules, deck,
                   tuple(data.get("moves", [])), int(data.get("seed", 0)))

    def replay(self) -> "HighCardReplay":
        return HighCardReplay.of(self)


@dataclass(frozen=True)
class HighCardReplay(StepReplay[HighCardState]):
    scenario: HighCardScenario
    steps: tuple[ReplayStep, ...]
    final: HighCardState

    @classmethod
    def of(cls, scenario: HighCardScenario) -> "HighCardReplay":
        state = scenario.rules.new_game(seed=scenario.seed, auto_chance=False)
        steps: list[ReplayStep] = []

        def step(move: str | None, action: Action) -> None:
            try:
                steps.append(ReplayStep(len(steps) + 1, 1, move, state.apply(action)))
            except (IllegalAction, InputError) as error:
                raise scenario_error("highcard.scenario.refused", step=len(steps) + 1, reason=error) from None

        step(None, Deal(scenario.deck or None))
        for text in scenario.moves:
            try:
                action = parse_move(text, scenario.rules.players)
            except InputError as error:
                raise scenario_error("highcard.scenario.refused", step=len(steps) + 1, reason=error) from None
            step(text, action)
        if state.current_player() >= 0 or state.chance_action() is None:
            return cls(scenario, tuple(steps), state)
        step(None, Showdown())
        return cls(scenario, tuple(steps), state)

    def _rebuild(self, history: Sequence[Action]) -> HighCardState:
        state = self.scenario.rules.new_game(seed=self.scenario.seed, auto_chance=False)
        for action in history:
            state.apply(action)
        return state

    def as_json(self, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
        return {"scenario": self.scenario.name, "game": "highcard", "title": self.scenario.title(lang),
                "players": list(self.scenario.rules.players), "steps": [s.as_json(lang) for s in self.steps]}


def builtin_scenarios() -> list[HighCardScenario]:
    from pokerkit_teach.core.scenarios import read_json

    return sorted((HighCardScenario.from_dict(read_json(path), path.name) for path in FOLDER.glob("*.json")), key=lambda s: s.name)


class _Codec(ScenarioCodec):
    def from_dict(self, data: Any, source: str) -> HighCardScenario:
        return HighCardScenario.from_dict(data, source)

    def builtin(self) -> list[HighCardScenario]:
        return builtin_scenarios()

    def data_of(self, state: HighCardState, moves: Sequence[str | None] | None, seed: int) -> dict[str, Any]:
        deal = next((a for a in state.history if isinstance(a, Deal)), None)
        played = [given or self.move_text(action, state) for action, given in
                  zip(state.history, moves or [None] * len(state.history)) if isinstance(action, (Stand, Swap))]
        deck = " ".join(str(card) for card in (deal.order or ())) if deal is not None else ""
        return {"players": list(state.players), "deck": deck, "moves": played, "seed": seed}

    def rules_of(self, header: Mapping[str, Any]) -> HighCardRules:
        return HighCardRules(tuple(header.get("players", ())))

    def move_text(self, action: Any, state: HighCardState) -> str:
        return f"{state.players[action.seat]}: {'swap' if isinstance(action, Swap) else 'stand'}"

    def parse_move(self, text: str, state: HighCardState) -> Action:
        return parse_move(text, state.players)

    def chance_text(self, action: Any, state: HighCardState) -> str:
        return " ".join(str(card) for card in action.order or ()) if isinstance(action, Deal) else ""

    def parse_chance(self, text: str, state: HighCardState) -> Action:
        return Deal(parse_deck(text)) if state.chance_action() == Deal() else Showdown()


CODEC = _Codec()
