"""Póker a Voces bots: they only make legal moves, give a reason in both languages, finish games, and the
hand builder plays better than chance."""

from __future__ import annotations

import numpy as np
import pytest

from pokerkit_teach.voces import VocesRules
from pokerkit_teach.voces.bots import BuilderBot, bot_step, make_voces_bot, play_voces_game
from pokerkit_teach.voces.cards import Special, parse_voces_cards

PLAYERS = ("Gema", "Marina", "Leo", "Nacho")


@pytest.mark.parametrize("name", ["random", "builder"])
def test_bots_play_whole_games_with_reasons(name: str) -> None:
    rules = VocesRules(PLAYERS, specials=[[Special.RACCOON], [Special.BABOON], [Special.DOVE, Special.CAPYBARA]])
    rng = np.random.default_rng(4)
    bots = [make_voces_bot(name, seed=s) for s in range(4)]
    state = rules.new_game(seed=rng)
    reasons = 0
    while not state.is_terminal():
        decision = bot_step(state, bots, rng)
        assert decision is not None
        assert decision.text("en") and decision.text("de") and decision.text("en") != decision.text("de")
        reasons += 1
    assert len(state.round_scores) == 3 and reasons > 50


def test_builder_keeps_what_combines_and_offers_the_rest() -> None:
    rules = VocesRules(("A", "B", "C"), specials=[])
    state = rules.new_game(seed=0, auto_chance=False)
    from pokerkit_teach.voces.cards import voces_deck
    from pokerkit_teach.voces import Deal

    top = list(parse_voces_cards("Ks1 Ks2 7s3 4s4 2s1"))
    state.apply(Deal(tuple(top + [c for c in voces_deck(3) if c not in top])))
    bot = BuilderBot(seed=1)
    decision = bot.decide(state.view_for(0), state.legal_actions(0))
    assert decision.action.cards == parse_voces_cards("2s1 4s4 7s3")  # type: ignore[union-attr]
    assert "2●, 4◆, 7■" in decision.text("en")


def test_builder_outscores_random_players() -> None:
    totals = {"builder": 0, "random": 0}
    for game in range(12):
        names = ["builder", "random", "builder", "random"] if game % 2 else ["random", "builder", "random", "builder"]
        bots = [make_voces_bot(n, seed=10 * game + i) for i, n in enumerate(names)]
        state = play_voces_game(bots, VocesRules(PLAYERS), seed=game)
        for name, score in zip(names, state.totals):
            totals[name] += score
    assert totals["builder"] > totals["random"]


def test_simulate_voces_from_the_command_line() -> None:
    import io
    import json

    from pokerkit_teach.cli import main

    out, err = io.StringIO(), io.StringIO()
    assert main(["simulate", "voces", "--players", "4", "--bots", "builder", "random", "--games", "6",
                 "--specials", "raccoon", "capybara", "--json"], out=out, err=err) == 0, err.getvalue()
    result = json.loads(out.getvalue())
    assert result["specials"] == ["raccoon", "capybara"] and result["hands"] == 6 * 3 * 3
    assert sum(bot["games_won"] for bot in result["bots"].values()) >= 6  # a shared victory counts for each
    assert 0 <= result["nobody_won_share"] <= 1 and result["eliminations_per_hand"] > 0
    err = io.StringIO()
    assert main(["simulate", "voces", "--games", "2", "--specials", "unicorn"], out=io.StringIO(), err=err) == 2
    assert "unknown special card 'unicorn'" in err.getvalue()
