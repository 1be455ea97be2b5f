"""The errors of the core (seeds, replays) speak every language, like every error of the kit."""

from __future__ import annotations

import pytest

from pokerkit_teach.core.errors import InputError
from pokerkit_teach.core.registry import get_game
from pokerkit_teach.core.rng import make_rng


@pytest.mark.parametrize("seed", [-1, 1.5, True, "7"])
def test_a_bad_seed_is_an_input_error_in_every_language(seed: object) -> None:
    with pytest.raises(InputError) as refused:
        make_rng(seed)  # type: ignore[arg-type]
    assert str(refused.value) == f"a seed is a whole number of 0 or more, got {seed!r}"
    assert refused.value.text("de") == f"ein Startwert ist eine ganze Zahl ab 0, nicht {seed!r}"
    assert refused.value.text("es").startswith("una semilla es un número entero de 0 o más")


def test_a_step_or_prefix_out_of_range_is_an_input_error_in_every_language() -> None:
    replay = get_game("pokerface").builtin_scenarios()[0].replay()
    steps = len(replay.steps)
    with pytest.raises(InputError) as refused:
        replay.state_after(steps + 1)
    assert str(refused.value) == f"a replay of {steps} steps has no step {steps + 1}"
    assert refused.value.text("de") == f"eine Wiedergabe mit {steps} Schritten hat keinen Schritt {steps + 1}"
    state = replay.final
    with pytest.raises(InputError) as refused:
        state.replay_prefix(-1)
    assert str(refused.value).startswith("a history of ") and refused.value.text("de").startswith("ein Verlauf mit ")
