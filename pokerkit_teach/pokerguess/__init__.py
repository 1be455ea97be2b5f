"""PokerGuess: predictions about colour and figure groups over all the cards on the table.

- :mod:`~pokerkit_teach.pokerguess.cards`: the Pokerdrez deck; :mod:`~pokerkit_teach.pokerguess.check`:
  predictions, their order and the check;
- :mod:`~pokerkit_teach.pokerguess.state`: the game on the kit's protocol (rules, actions, phases, the
  view of one player, round results, the outcome);
- :mod:`~pokerkit_teach.pokerguess.bots`: the ``random`` and ``counter`` bots;
- :mod:`~pokerkit_teach.pokerguess.scenarios`: scenario files and the rulebook's worked example;
- :mod:`~pokerkit_teach.pokerguess.simulate`: what a simulation counts and reports.

``GAME`` tells the kit (CLI, apps, simulator) all of that without naming the game anywhere else:

>>> from pokerkit_teach.core.match import Match
>>> rules = GAME.new_rules(3, {"max_rounds": 5})
>>> state = Match(rules.new_game(seed=1), GAME.bots_for(["counter"], 3, [1, 2, 3])).play_to_end()
>>> state.outcome.winners, state.outcome.by_rules
((0,), False)
>>> GAME.new_rules(3, {"max_raise": 0})
Traceback (most recent call last):
...
pokerkit_teach.core.errors.OptionError: max_raise: expected a whole number of at least 1, got 0
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from pokerkit_teach.core.errors import OptionError
from pokerkit_teach.core.game import Bot
from pokerkit_teach.core.i18n import Msg
from pokerkit_teach.core.registry import GameInfo
from pokerkit_teach.core.rng import SeedLike
from pokerkit_teach.pokerguess.bots import BOTS
from pokerkit_teach.pokerguess.check import (
    CheckOrder,
    ColourOrder,
    Prediction,
    PredictionCheck,
    PredictionCountError,
    PredictionError,
    PredictionParseError,
    check_in_order,
    check_prediction,
    checking_order,
    count_groups,
)
from pokerkit_teach.pokerguess.scenarios import GuessScenario, guess_builtin_scenarios
from pokerkit_teach.pokerguess.simulate import report, tally
from pokerkit_teach.pokerguess.state import PokerGuessRules

__all__ = [
    "GAME", "CheckOrder", "ColourOrder", "Prediction", "PredictionCheck", "PredictionError", "PredictionCountError", "PredictionParseError",
    "check_in_order", "check_prediction", "checking_order", "count_groups",
]

# The rule options a caller may set by name (the other fields of PokerGuessRules are the players and the dealer).
OPTIONS = ("starting_chips", "initial_bet", "max_raise", "max_rounds", "count_folded_cards", "colour_order", "check_order")


def _rules_for(players: Sequence[str], options: Mapping[str, Any]) -> PokerGuessRules:
    """The rules for these players with the options given by name; ``colour_order`` and ``check_order``
    may be given by their values (``by_number``, ``by_number_reversed``; ``colour_first``, ``sizes_first``,
    ``sizes_summed``)."""
    values = dict(options)
    for name in values:
        if name not in OPTIONS:
            raise OptionError(name, Msg.of("pokerguess.option.options", names=", ".join(OPTIONS)), values[name])
    order = values.get("colour_order")
    if isinstance(order, str) and not isinstance(order, ColourOrder):
        try:
            values["colour_order"] = ColourOrder(order)
        except ValueError:
            raise OptionError("colour_order", Msg.of("pokerguess.option.either", first=ColourOrder.BY_NUMBER.value,
                                                     second=ColourOrder.BY_NUMBER_REVERSED.value), order) from None
    check = values.get("check_order")
    if isinstance(check, str) and not isinstance(check, CheckOrder):
        try:
            values["check_order"] = CheckOrder(check)
        except ValueError:
            raise OptionError("check_order", Msg.of("pokerguess.option.one_of", names=", ".join(o.value for o in CheckOrder)),
                              check) from None
    return PokerGuessRules(tuple(players), **values)


def _make_bot(name: str, seed: SeedLike = None) -> Bot[Any]:
    if name not in BOTS:
        raise OptionError("bot", Msg.of("pokerguess.option.bot", names=", ".join(BOTS)), name)
    return BOTS[name](seed)


GAME = GameInfo(
    name="pokerguess",
    aliases=("poker-guess",),
    min_players=2,
    max_players=6,
    rules_for=_rules_for,
    bot_names=tuple(BOTS),
    default_bot="counter",
    make_bot=_make_bot,
    scenario_from_dict=GuessScenario.from_dict,
    builtin_scenarios=guess_builtin_scenarios,
    tally=tally,
    report=report,
    options=OPTIONS,
)
