"""PokerGuess scenarios: the same file format as Pokerface's, with ``"game": "pokerguess"``.

::

    {
      "game": "pokerguess",
      "name": "my-lesson",
      "title": {"en": "...", "de": "..."},
      "players": ["Top", "Left", "Bottom", "Right"],     # in turn order
      "dealer": "Right",
      "options": {"starting_chips": 20, "initial_bet": 1, "max_raise": 3},
      "rounds": [
        {"private": {"Top": "blue bishop, orange bishop", ...},  # a player out of chips: left out, or ""
         "community": "red tower, red pawn, green pawn, green bishop, yellow joker",
         "moves": ["Top predicts 3 red 4 bishops", "Left raises 2 and predicts 4 red 4 pawns",
                   "Bottom stays", "Right folds", "Top shows 1"]}
      ]
    }

Cards are Pokerdrez cards in words or short form (``B5``), separated by commas. A move is ``NAME predicts
PREDICTION``, ``NAME raises N and predicts PREDICTION``, ``NAME stays``, ``NAME folds`` or ``NAME shows 1``
(or 2: which private card). The initial bets, the deal and the check happen by themselves.

>>> replay = load_scenario("pokerguess-example").replay()
>>> replay.outcome_json()["winner"]
'Bottom'
>>> replay.final.results[-1].winner, replay.final.outcome is None   # seat 2 took the pot; the game goes on
(2, True)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Mapping, Sequence

from pokerkit_teach.core.errors import CardError, OptionError, in_context
from pokerkit_teach.core.game import ReplayStep, StepReplay
from pokerkit_teach.core.i18n import DEFAULT_LANGUAGE, Items, Msg
from pokerkit_teach.core.contract import ScenarioCodec
from pokerkit_teach.core.scenarios import ScenarioError, load_named_or_file, pick_title, read_builtin, read_titles_and_players, replay_rounds, scenario_error
from pokerkit_teach.games.pokerguess.cards import DrezCard, parse_drez_cards
from pokerkit_teach.games.pokerguess.check import CheckOrder, ColourOrder, Prediction, PredictionError
from pokerkit_teach.games.pokerguess.actions import Action, Check, Deal, Fold, Predict, Reveal, Stay
from pokerkit_teach.games.pokerguess.rules import PokerGuessRules
from pokerkit_teach.games.pokerguess.state import PokerGuessState

__all__ = ["PokerGuessScenario", "PokerGuessReplay", "load_scenario", "builtin_scenarios", "parse_guess_move", "CODEC"]

_PREDICT = re.compile(r"^\s*(?P<name>.+?)\s+(?:raises\s+(?P<raise>\d+)\s+and\s+)?predicts\s+(?P<prediction>.+?)\s*$")
_STAY = re.compile(r"^\s*(?P<name>.+?)\s+stays\s*$")
_FOLD = re.compile(r"^\s*(?P<name>.+?)\s+folds\s*$")
_SHOW = re.compile(r"^\s*(?P<name>.+?)\s+shows\s+(?:card\s+)?(?P<card>\d+)\s*$")


def parse_guess_move(text: str, players: tuple[str, ...]) -> Action:
    """``Top predicts 4 red 4 bishops``, ``Left raises 2 and predicts ...``, ``Bottom stays``, ``Right folds``,
    ``Top shows 1``.

    >>> parse_guess_move("Left raises 2 and predicts 4 red 4 pawns", ("Top", "Left"))
    Predict(seat=1, prediction=Prediction(colour_count=4, colour=<Colour.RED: 2>, figure_count=4, figure=<Figure.PAWN: 1>), raise_by=2)
    """
    def seat(name: str) -> int:
        if name not in players:
            raise ScenarioError(key="pokerguess.scenario.unknown_player", name=name, players=Items(players))
        return players.index(name)

    match = _PREDICT.match(text)
    if match:
        try:
            prediction = Prediction.parse(match["prediction"])
        except PredictionError as error:
            raise ScenarioError(key=error.key, **error.details) from None
        return Predict(seat(match["name"]), prediction, int(match["raise"] or 0))
    for pattern, make in ((_STAY, Stay), (_FOLD, Fold)):
        match = pattern.match(text)
        if match:
            return make(seat(match["name"]))
    match = _SHOW.match(text)
    if match:
        card = int(match["card"])
        if card not in (1, 2):
            raise ScenarioError(key="pokerguess.scenario.show_number", card=card)
        return Reveal(seat(match["name"]), card - 1)
    raise ScenarioError(key="pokerguess.scenario.move")


def _private_cards(text: object, name: str) -> tuple[DrezCard, ...]:
    """A player's two private cards; none (the player left out, or given ``""``) for a player out of chips."""
    if isinstance(text, str) and not text.strip():
        return ()
    try:
        cards = parse_drez_cards(text, count=2)  # type: ignore[arg-type]
    except CardError as error:
        raise in_context(error, Msg.of("pokerguess.scenario.private_of", name=name)) from None
    return cards  # type: ignore[return-value]


@dataclass(frozen=True)
class _Round:
    private: tuple[tuple[DrezCard, ...], ...]
    community: tuple[DrezCard, ...]
    moves: tuple[str, ...]


def _rules_of(data: Mapping[str, Any], source: str = "scenario") -> PokerGuessRules:
    """The rules from a file's ``players``, ``dealer`` and ``options``."""
    _, players = read_titles_and_players({"players": data.get("players")}, source)
    options = data.get("options", {})
    if not isinstance(options, Mapping) or set(options) - set(_OPTIONS):
        raise ScenarioError(key="pokerguess.scenario.options", source=source)
    dealer = data.get("dealer", players[0] if players else "")
    if dealer not in players:
        raise ScenarioError(key="pokerguess.scenario.dealer", source=source, dealer=dealer)
    settings = dict(options)
    try:
        if "check_order" in settings:
            try:
                settings["check_order"] = CheckOrder(settings["check_order"])
            except ValueError:
                raise OptionError("check_order", Msg.of("pokerguess.option.one_of", names=", ".join(o.value for o in CheckOrder)),
                                  settings["check_order"]) from None
        if "colour_order" in settings:
            settings["colour_order"] = ColourOrder(settings["colour_order"])
        return PokerGuessRules(tuple(players), players.index(dealer), **settings)
    except OptionError as error:
        raise ScenarioError(key="pokerguess.scenario.within", where=source, problem=error) from None
    except ValueError:
        problem = OptionError("colour_order", Msg.of("pokerguess.option.either", first=ColourOrder.BY_NUMBER.value,
                                                     second=ColourOrder.BY_NUMBER_REVERSED.value), settings["colour_order"])
        raise ScenarioError(key="pokerguess.scenario.within", where=source, problem=problem) from None


# The rule options a file may set, with the kit's defaults (a saved game writes those it changes).
_OPTIONS = {"starting_chips": 20, "initial_bet": 1, "max_raise": 3, "count_folded_cards": True, "max_rounds": 3000,
            "colour_order": ColourOrder.BY_NUMBER.value, "check_order": CheckOrder.COLOUR_FIRST.value}


@dataclass(frozen=True)
class PokerGuessScenario:
    game: ClassVar[str] = "pokerguess"

    name: str
    titles: tuple[tuple[str, str], ...]
    rules: PokerGuessRules
    rounds: tuple[_Round, ...]
    seed: int = 0

    def title(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return pick_title(self.titles, lang, self.name)

    @classmethod
    def from_dict(cls, data: Any, source: str = "scenario") -> "PokerGuessScenario":
        if not isinstance(data, Mapping) or data.get("game") != "pokerguess":
            raise ScenarioError(key="pokerguess.scenario.not_pokerguess", source=source)
        unknown = set(data) - {"game", "name", "title", "about", "players", "dealer", "options", "rounds", "seed", "format"}
        if unknown:
            raise ScenarioError(key="pokerguess.scenario.unknown_field", source=source, field=sorted(unknown)[0])
        titles, _ = read_titles_and_players(data, source)
        rules = _rules_of(data, source)
        seed = data.get("seed", 0)
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise ScenarioError(key="pokerguess.scenario.within", where=source, problem=Msg.of("dealcode.seed"))
        players = list(rules.players)
        raw_rounds = data.get("rounds")
        if not isinstance(raw_rounds, list) or not raw_rounds:
            raise ScenarioError(key="pokerguess.scenario.rounds", source=source)
        rounds = []
        for number, raw in enumerate(raw_rounds, start=1):
            where = Msg.of("pokerguess.scenario.round", source=source, number=number)
            if not isinstance(raw, Mapping) or set(raw) - {"private", "community", "moves"}:
                raise ScenarioError(key="pokerguess.scenario.within", where=where, problem=Msg.of("pokerguess.scenario.round_keys"))
            private_raw = raw.get("private", {})
            if not isinstance(private_raw, Mapping) or set(private_raw) - set(players):
                raise ScenarioError(key="pokerguess.scenario.within", where=where,
                                    problem=Msg.of("pokerguess.scenario.private", players=Items(players)))
            try:
                private = tuple(_private_cards(private_raw.get(name, ""), name) for name in players)
                community = parse_drez_cards(raw.get("community", ""), count=5)
            except CardError as error:
                raise ScenarioError(key="pokerguess.scenario.within", where=where, problem=error) from None
            everything = [c for pair in private for c in pair] + list(community)
            if len(set(everything)) != len(everything) or not all(isinstance(c, DrezCard) for c in everything):
                raise ScenarioError(key="pokerguess.scenario.within", where=where, problem=Msg.of("pokerguess.scenario.dealt_once"))
            moves = raw.get("moves", [])
            if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
                raise ScenarioError(key="pokerguess.scenario.within", where=where, problem=Msg.of("pokerguess.scenario.moves"))
            rounds.append(_Round(tuple(tuple(p) for p in private), tuple(community), tuple(moves)))  # type: ignore[arg-type]
        return cls(str(data.get("name") or Path(source).stem), tuple((k, str(v)) for k, v in titles.items()), rules, tuple(rounds), seed)

    def replay(self) -> "PokerGuessReplay":
        return PokerGuessReplay.of(self)


@dataclass(frozen=True)
class PokerGuessReplay(StepReplay[PokerGuessState]):
    """A scenario played step by step: its ``steps`` (chance steps too), the ``final`` state, and any
    step's state again (:meth:`state_after`)."""

    scenario: PokerGuessScenario
    steps: tuple[ReplayStep, ...]
    final: PokerGuessState

    @classmethod
    def of(cls, scenario: PokerGuessScenario) -> "PokerGuessReplay":
        state = scenario.rules.new_game(seed=scenario.seed, auto_chance=False)
        rounds = [(Deal(r.private, r.community), r.moves) for r in scenario.rounds]
        steps = replay_rounds(state, rounds, lambda text: parse_guess_move(text, scenario.rules.players))
        return cls(scenario, tuple(steps), state)

    def _rebuild(self, history: Sequence[Action]) -> PokerGuessState:
        state = self.scenario.rules.new_game(seed=self.scenario.seed, auto_chance=False)  # as the replay had it
        for action in history:
            state.apply(action)
        return state

    def outcome_json(self, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
        """The ``outcome`` of ``replay --json``: the last round's checks, who took its pot, every player's chips."""
        state = self.final
        last = state.results[-1] if state.results else None
        return {
            "rounds_played": len(state.results),
            "checks": [
                {"player": state.players[seat], "prediction": verdict.prediction.text(lang),
                 "holds": verdict.holds, "explanation": verdict.text(lang)}
                for seat, verdict in (last.checks if last else ())
            ],
            "winner": state.players[last.winner] if last and last.winner is not None else None,
            "pot": last.pot if last else 0,
            "chips": {name: chips for name, chips in zip(state.players, state.chips)},
            "summary": self.steps[-1].lines(lang)[-1] if self.steps else "",
        }

    def as_json(self, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
        return {"scenario": self.scenario.name, "game": "pokerguess", "title": self.scenario.title(lang),
                "players": list(self.scenario.rules.players), "steps": [s.as_json(lang) for s in self.steps],
                "outcome": self.outcome_json(lang)}


def builtin_scenarios() -> list[PokerGuessScenario]:
    """The rulebook's worked examples, sorted by name."""
    return read_builtin("pokerkit_teach.games.pokerguess", PokerGuessScenario.from_dict)


def load_scenario(source: str | Path) -> PokerGuessScenario:
    """A built-in scenario by name, or a scenario file."""
    return load_named_or_file(source, builtin_scenarios(), PokerGuessScenario.from_dict)


class _Codec(ScenarioCodec):
    """Saving a PokerGuess game as a scenario, and its moves and deals in the short form of a deal code
    (see :class:`~pokerkit_teach.core.contract.ScenarioCodec`)."""

    def from_dict(self, data: Any, source: str) -> PokerGuessScenario:
        return PokerGuessScenario.from_dict(data, source)

    def builtin(self) -> list[PokerGuessScenario]:
        return builtin_scenarios()

    def data_of(self, state: PokerGuessState, moves: Sequence[str | None] | None, seed: int) -> dict[str, Any]:
        rules = state.rules
        players = rules.players
        rounds: list[dict[str, Any]] = []
        for index, action in enumerate(state.history):
            if isinstance(action, Deal):
                private, community = action.private or (), action.community or ()
                rounds.append({"private": {players[seat]: _cards(cards) for seat, cards in enumerate(private)},
                               "community": _cards(community), "moves": []})
            elif not isinstance(action, Check):
                given = moves[index] if moves is not None and index < len(moves) else None
                rounds[-1]["moves"].append(given or self.move_text(action, state))
        options = {name: getattr(rules, name) for name in _OPTIONS}
        options["colour_order"] = rules.colour_order.value
        options["check_order"] = rules.check_order.value
        data: dict[str, Any] = {"players": list(players), "dealer": players[rules.first_dealer],
                                "options": {k: v for k, v in options.items() if v != _OPTIONS[k]}, "seed": seed, "rounds": rounds}
        return data

    def rules_of(self, header: Mapping[str, Any]) -> PokerGuessRules:
        return _rules_of(header, "scenario")

    def move_text(self, action: Any, state: PokerGuessState) -> str:
        name = state.rules.players[action.seat]
        if isinstance(action, Predict):
            said = _short(action.prediction)
            return f"{name} raises {action.raise_by} and predicts {said}" if action.raise_by else f"{name} predicts {said}"
        if isinstance(action, Reveal):
            return f"{name} shows {action.card + 1}"
        return f"{name} {'stays' if isinstance(action, Stay) else 'folds'}"

    def parse_move(self, text: str, state: PokerGuessState) -> Any:
        return parse_guess_move(text, state.rules.players)

    def chance_text(self, action: Any, state: PokerGuessState) -> str:
        if isinstance(action, Deal):
            return ",".join(_cards(cards) for cards in action.private or ()) + "/" + _cards(action.community or ())
        return ""

    def parse_chance(self, text: str, state: PokerGuessState) -> Any:
        private, slash, community = text.partition("/")
        if state.round.phase.value != "deal" or not slash:
            raise scenario_error("dealcode.no_cards_here")
        hands = tuple(parse_drez_cards(part, count=2) if part.strip() else () for part in private.split(","))
        return Deal(hands, parse_drez_cards(community, count=5))  # type: ignore[arg-type]  # checked by the state


def _cards(cards: Sequence[DrezCard]) -> str:
    return " ".join(card.short for card in cards)


def _short(prediction: Prediction) -> str:
    """A prediction as a scenario writes it, short: ``4 red 3 pawns``."""
    figure = prediction.figure.name.lower() + ("s" if prediction.figure_count > 1 else "")
    return f"{prediction.colour_count} {prediction.colour.name.lower()} {prediction.figure_count} {figure}"


CODEC = _Codec()
