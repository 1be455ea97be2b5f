"""Póker a Voces scenarios: a stacked deck and the moves of each round, replayed step by step.

::

    {
      "game": "voces",
      "name": "my-lesson",
      "title": {"en": "...", "de": "..."},
      "players": ["Gema", "Marina", "Leo"],             # in clockwise order
      "options": {"specials": ["capybara"], "rounds": 1},
      "rounds": [
        {"deck": "As1 Ks2 5s3 ...",                      # the top of the deck, first card first
         "moves": ["Gema: place", "Marina: offer Js1 9s2", "Gema: accept Marina 3s4 2s1", ...]}
      ]
    }

The first five cards go to the first player, the next five to the second, and so on; hands drawn after
placing come from the top of what is left. The rest of the round's deck follows the cards given, in the
order of :func:`~pokerkit_teach.games.voces.cards.voces_deck`. Moves use the notation of
:mod:`pokerkit_teach.games.voces.actions`; a round may stop after any move (a replay of a moment, not a whole
round). Options: ``specials`` (one list, or one per round), ``rounds``, ``ace_low_straight``, ``tie_rule``
(``shared`` or ``nobody``), ``fold_timing`` (``each_hand`` or ``at_betting``), ``unused_five_scores``.

>>> replay = load_scenario("voces-capybara").replay()
>>> for event in replay.final.events[-4:-1]:
...     print(event.describe())
Gema shows hand 3: A●, K▲, 5■, 3◆, 2●, high card Ace.
An odd number of Capybaras in hand 3: the worst hand wins
Marina wins hand 3 (against Gema: both have no combination; the highest card that differs decides: the Jack is lower than the Ace) and takes the coins in the centre (worth 9).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, ClassVar, Mapping, Sequence

from pokerkit_teach.core.errors import OptionError
from pokerkit_teach.core.game import ReplayStep, StepReplay
from pokerkit_teach.core.i18n import DEFAULT_LANGUAGE, Msg
from pokerkit_teach.core.contract import ScenarioCodec
from pokerkit_teach.core.scenarios import load_named_or_file, scenario_error, pick_title, read_builtin, read_titles_and_players, replay_rounds
from pokerkit_teach.core.limits import quoted
from pokerkit_teach.games.voces.cards import AnyVocesCard, VocesCard, parse_voces_cards
from pokerkit_teach.games.voces.actions import CHANCE_ACTIONS, Action, Deal, DrawForBaboons, notation, parse_action
from pokerkit_teach.games.voces.rules import VocesRules
from pokerkit_teach.games.voces.state import VocesState

__all__ = ["VocesScenario", "VocesReplay", "load_scenario", "builtin_scenarios", "parse_voces_move", "CODEC"]

_OPTIONS = {"specials", "rounds", "ace_low_straight", "tie_rule", "fold_timing", "unused_five_scores", "baboon_same_card",
            "placed_hidden"}


def parse_voces_move(text: str, players: Sequence[str]) -> Action:
    """A move in the notation of :func:`~pokerkit_teach.games.voces.actions.parse_action`, where the player
    whose offer is accepted may also have a name of several words (``Gema: accept Player 2 3s4 4s1``)."""
    who, colon, rest = text.partition(":")
    words = rest.split()
    if colon and len(words) > 1 and words[0].lower() == "accept" and words[1] not in players:
        after = rest.split(None, 1)[1]
        for seat, name in sorted(enumerate(players), key=lambda item: -len(item[1])):
            if " " in name and name != who.strip() and (after == name or after.startswith(name + " ")):
                alias = name.replace(" ", "\u2060")  # the same name, read as one word
                if alias not in players:
                    names = list(players)
                    names[seat] = alias
                    return parse_action(f"{who}: accept {alias}{after[len(name):]}", names)
    return parse_action(text, players)


@dataclass(frozen=True)
class _Round:
    deck: tuple[AnyVocesCard, ...]
    moves: tuple[str, ...]


@dataclass(frozen=True)
class VocesScenario:
    game: ClassVar[str] = "voces"

    name: str
    titles: tuple[tuple[str, str], ...]
    rules: VocesRules
    rounds: tuple[_Round, ...]
    seed: int = 0

    def title(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return pick_title(self.titles, lang, self.name)

    @classmethod
    def from_dict(cls, data: Any, source: str = "scenario") -> "VocesScenario":
        if not isinstance(data, Mapping) or data.get("game") != "voces":
            raise scenario_error("voces.scenario.not_voces", source)
        unknown = set(data) - {"game", "name", "title", "about", "players", "options", "rounds", "seed", "format"}
        if unknown:
            raise scenario_error("voces.scenario.unknown_field", source, name=quoted(sorted(unknown)[0]))
        titles, players = read_titles_and_players(data, source)
        options = data.get("options", {})
        if not isinstance(options, Mapping) or set(options) - _OPTIONS:
            raise scenario_error("voces.scenario.options", source, names=", ".join(sorted(_OPTIONS)))
        raw_rounds = data.get("rounds")
        if not isinstance(raw_rounds, list) or not raw_rounds:
            raise scenario_error("voces.scenario.rounds", source)
        settings = dict(options)
        settings.setdefault("rounds", len(raw_rounds))
        try:
            rules = VocesRules(tuple(players), **settings)
        except OptionError as error:
            raise scenario_error("voces.scenario.problem", source, problem=error) from None
        if len(raw_rounds) > rules.rounds:
            raise scenario_error("voces.scenario.too_many_rounds", source, given=len(raw_rounds), rounds=rules.rounds)
        seed = data.get("seed", 0)
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise scenario_error("voces.scenario.seed", source)
        rounds = []
        for number, raw in enumerate(raw_rounds, start=1):
            where = (source, Msg.of("errors.scenario.round", round=number))
            if not isinstance(raw, Mapping) or set(raw) - {"deck", "moves"}:
                raise scenario_error("voces.scenario.round_fields", *where)
            full = rules.deck(number)
            try:
                top = parse_voces_cards(raw.get("deck", ""))
            except ValueError as error:
                raise scenario_error("voces.scenario.problem", *where, problem=error) from None
            extra = Counter(top) - Counter(full)
            if extra:
                card = next(iter(extra))
                raise scenario_error("voces.scenario.not_in_deck", *where, card=card, suits=rules.player_count + 1)
            taken = set(top)
            deck = tuple(top) + tuple(c for c in full if c not in taken)
            moves = raw.get("moves", [])
            if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
                raise scenario_error("voces.scenario.moves", *where)
            rounds.append(_Round(deck, tuple(moves)))
        return cls(str(data.get("name") or Path(source).stem), tuple((k, str(v)) for k, v in titles.items()), rules,
                   tuple(rounds), seed)

    def replay(self) -> "VocesReplay":
        return VocesReplay.of(self)


@dataclass(frozen=True)
class VocesReplay(StepReplay[VocesState]):
    scenario: VocesScenario
    steps: tuple[ReplayStep, ...]
    final: VocesState

    @classmethod
    def of(cls, scenario: VocesScenario) -> "VocesReplay":
        state = VocesState(scenario.rules, seed=scenario.seed, auto_chance=False)
        rounds = [(Deal(r.deck), r.moves) for r in scenario.rounds]
        steps = replay_rounds(state, rounds, lambda text: parse_voces_move(text, scenario.rules.players))
        return cls(scenario, tuple(steps), state)

    def _rebuild(self, history: Sequence[Action]) -> VocesState:
        state = VocesState(self.scenario.rules, seed=self.scenario.seed, auto_chance=False)  # as the replay had it
        for action in history:
            state.apply(action)
        return state

    def outcome_json(self, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
        """Where the replay ends: the phase, the round, the scores so far and, once the game is over, who won."""
        state = self.final
        outcome = state.outcome
        return {
            "phase": str(state.phase),
            "round": state.round.number,
            "round_scores": [dict(zip(state.players, scores)) for scores in state.round_scores],
            "totals": dict(zip(state.players, state.totals)),
            "winners": [state.players[s] for s in outcome.winners] if outcome else [],
            "summary": self.steps[-1].lines(lang)[-1] if self.steps and self.steps[-1].events else "",
        }

    def as_json(self, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
        return {"scenario": self.scenario.name, "game": "voces", "title": self.scenario.title(lang),
                "players": list(self.scenario.rules.players), "steps": [s.as_json(lang) for s in self.steps],
                "outcome": self.outcome_json(lang)}


@lru_cache(maxsize=1)
def _builtin() -> tuple[VocesScenario, ...]:
    return tuple(read_builtin("pokerkit_teach.games.voces", VocesScenario.from_dict))


def builtin_scenarios() -> list[VocesScenario]:
    """The rulebook's worked examples, sorted by name (read once: the same objects every time)."""
    return list(_builtin())


def load_scenario(source: str | Path) -> VocesScenario:
    """A built-in scenario by name, or a scenario file."""
    return load_named_or_file(source, builtin_scenarios(), VocesScenario.from_dict)


# The rule options with the kit's defaults (a saved game writes every option it changes, and always
# ``specials`` and ``rounds``).
_DEFAULTS = {"ace_low_straight": False, "tie_rule": "shared", "fold_timing": "each_hand", "unused_five_scores": True,
             "baboon_same_card": False, "placed_hidden": True}


class _Codec(ScenarioCodec):
    """Saving a Póker a Voces game as a scenario, and its moves and deals in the short form of a deal code
    (see :class:`~pokerkit_teach.core.contract.ScenarioCodec`)."""

    def from_dict(self, data: Any, source: str) -> VocesScenario:
        return VocesScenario.from_dict(data, source)

    def builtin(self) -> list[VocesScenario]:
        return builtin_scenarios()

    def data_of(self, state: VocesState, moves: Sequence[str | None] | None, seed: int) -> dict[str, Any]:
        rules = state.rules
        rounds: list[dict[str, Any]] = []
        for index, action in enumerate(state.history):
            if isinstance(action, Deal):
                rounds.append({"deck": _cards(action.order or ()), "moves": []})
            elif not isinstance(action, CHANCE_ACTIONS):
                given = moves[index] if moves is not None and index < len(moves) else None
                rounds[-1]["moves"].append(given or self.move_text(action, state))
        specials = [[kind.value for kind in kinds] for kinds in rules.specials]
        options: dict[str, Any] = {"specials": specials[0] if all(k == specials[0] for k in specials) else specials,
                                   "rounds": rules.rounds}
        for name, default in _DEFAULTS.items():
            value = getattr(rules, name)
            value = getattr(value, "value", value)
            if value != default:
                options[name] = value
        return {"players": list(rules.players), "options": options, "seed": seed, "rounds": rounds or [{}]}

    def rules_of(self, header: Mapping[str, Any]) -> VocesRules:
        options = header.get("options", {})
        if not isinstance(options, Mapping) or set(options) - _OPTIONS:
            raise scenario_error("voces.scenario.options", "scenario", names=", ".join(sorted(_OPTIONS)))
        try:
            return VocesRules(tuple(header.get("players", ())), **options)
        except (OptionError, TypeError) as error:
            raise scenario_error("voces.scenario.problem", "scenario", problem=error if isinstance(error, OptionError) else str(error)) from None

    def move_text(self, action: Any, state: VocesState) -> str:
        return notation(action, state.rules.players)

    def parse_move(self, text: str, state: VocesState) -> Any:
        return parse_voces_move(text, state.rules.players)

    def chance_text(self, action: Any, state: VocesState) -> str:
        if isinstance(action, Deal):
            return _cards(action.order or ())
        if isinstance(action, DrawForBaboons):
            return _cards(action.cards or ()) + ("/" + _cards(action.reshuffled) if action.reshuffled is not None else "")
        return ""

    def parse_chance(self, text: str, state: VocesState) -> Any:
        due = state.chance_action()
        if isinstance(due, Deal):
            return Deal(parse_voces_cards(text))
        if isinstance(due, DrawForBaboons):
            drawn, slash, reshuffled = text.partition("/")
            return DrawForBaboons(parse_voces_cards(drawn), parse_voces_cards(reshuffled) if slash else None)  # type: ignore[arg-type]
        raise scenario_error("dealcode.no_cards_here")


def _cards(cards: Sequence[AnyVocesCard]) -> str:
    return " ".join(card.ascii if isinstance(card, VocesCard) else f"{card.kind.value}#{card.copy}" for card in cards)


CODEC = _Codec()
