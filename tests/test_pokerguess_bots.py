"""PokerGuess bots, the per-player view and the simulate command."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pokerkit_teach.pokerguess.bots import GUESS_BOT_NAMES, expected_counts, make_guess_bot
from pokerkit_teach.pokerguess.state import PokerGuessRules, Reveal

PROGRAM = Path(sys.executable).parent / "pokerkit-teach"


def test_a_view_shows_only_the_players_own_private_cards_and_cards_shown() -> None:
    state = PokerGuessRules(("A", "B", "C")).new_game(seed=4)
    view = state.view_for(2)
    assert view.private == state.round.private[2] and view.shown == ()
    assert all(repr(card) not in repr(view) for card in state.round.private[0] + state.round.private[1])


def test_expected_counts_add_up_to_the_cards_on_the_table() -> None:
    state = PokerGuessRules(("A", "B", "C", "D")).new_game(seed=5)
    colours, figures = expected_counts(state.view_for(0))
    assert sum(colours.values()) == pytest.approx(13) and sum(figures.values()) == pytest.approx(13)  # 4 x 2 + 5 cards


@pytest.mark.parametrize("name", GUESS_BOT_NAMES)
def test_bots_play_legal_moves_with_reasons_in_both_languages(name: str) -> None:
    state = PokerGuessRules(("A", "B", "C")).new_game(seed=6)
    bots = [make_guess_bot(name, seed=i) for i in range(3)]
    for _ in range(60):
        if state.is_terminal():
            break
        seat = state.current_player()
        decision = bots[seat].decide(state.view_for(seat))
        assert state.why_not(decision.action) is None, decision
        assert decision.text("en") and decision.text("de") and decision.text("en") != decision.text("de")
        state.apply(decision.action)
    assert any(isinstance(a, Reveal) for a in state.history)  # play reached the last-card phase


def test_counter_bot_names_its_expectation() -> None:
    state = PokerGuessRules(("A", "B", "C")).new_game(seed=7)
    decision = make_guess_bot("counter").decide(state.view_for(state.current_player()))
    assert decision.text().startswith("I expect about")


def test_simulate_pokerguess_prints_the_share_of_pots_per_bot() -> None:
    result = subprocess.run([str(PROGRAM), "simulate", "pokerguess", "--players", "3", "--bots", "counter", "random",
                             "--games", "4", "--seed", "2", "--json"], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["games"] == 4 and set(data["bots"]) == {"counter", "random"}
    shares = sum(b["pot_share"] for b in data["bots"].values()) + data["pots_shared"] / data["pots"]
    assert shares == pytest.approx(1.0, abs=1e-5)
