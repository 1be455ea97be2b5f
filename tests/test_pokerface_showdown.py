"""The Pokerface showdown check takes no more hands than the game has players: at most 6."""

from __future__ import annotations

import io

import pytest

from pokerkit_teach.cli import main
from pokerkit_teach.core.errors import InputError
from pokerkit_teach.pokerface.showdown import check_showdown

BOARD = "Qc 8h 8s 5d 3c"
HANDS = [("Anna", "7d 6h"), ("Ben", "As Jd"), ("Carla", "Qd Ts"), ("Dan", "5s 5h"), ("Eva", "2c 2d"),
         ("Finn", "Kh Kd"), ("Gina", "4h 4s"), ("Hans", "9c 9d")]


@pytest.mark.parametrize("count", [7, 8])
def test_a_showdown_of_more_than_six_hands_is_an_input_error(count: int) -> None:
    with pytest.raises(InputError, match=f"at most 6 hands.*got {count}") as caught:
        check_showdown(BOARD, HANDS[:count])
    assert caught.value.place == "hands"


@pytest.mark.parametrize("count", [3, 6])
def test_three_and_six_hands_are_checked(count: int) -> None:
    assert len(check_showdown(BOARD, HANDS[:count]).steps) == count


def test_the_command_line_refuses_a_showdown_of_seven_hands() -> None:
    out, err = io.StringIO(), io.StringIO()
    args = ["showdown", "--board", BOARD] + [f"--hand={name}={cards}" for name, cards in HANDS[:7]]
    assert main(args, out=out, err=err) == 2
    assert out.getvalue() == "" and "at most 6 hands" in err.getvalue() and "got 7" in err.getvalue()
