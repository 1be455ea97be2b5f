"""The Pokerface showdown check takes as many hands as the game has players: 3 to 6."""

from __future__ import annotations

import io

import pytest

from pokerkit_teach.cli import main
from pokerkit_teach.core.errors import InputError
from pokerkit_teach.games.pokerface.showdown import check_showdown

BOARD = "Qc 8h 8s 5d 3c"
HANDS = [("Anna", "7d 6h"), ("Ben", "As Jd"), ("Carla", "Qd Ts"), ("Dan", "5s 5h"), ("Eva", "2c 2d"),
         ("Finn", "Kh Kd"), ("Gina", "4h 4s"), ("Hans", "9c 9d")]


@pytest.mark.parametrize("count", [0, 1, 2, 7, 8])
def test_a_showdown_of_fewer_than_three_or_more_than_six_hands_is_an_input_error(count: int) -> None:
    with pytest.raises(InputError, match=f"3 to 6 hands, one per player, got {count}$") as caught:
        check_showdown(BOARD, HANDS[:count])
    assert caught.value.place == "hands"
    assert caught.value.key is not None
    assert caught.value.text("de") == f"ein Pokerface-Showdown hat 3 bis 6 Hände, eine je Spieler, erhalten: {count}"


def test_the_hand_count_is_checked_before_any_card() -> None:
    # Two hands of bad cards: the count is the first thing said, not the cards.
    with pytest.raises(InputError, match="3 to 6 hands"):
        check_showdown(BOARD, [("Anna", "Zz Zz"), ("Ben", "Qc Qc")])


@pytest.mark.parametrize("count", [3, 6])
def test_three_and_six_hands_are_checked(count: int) -> None:
    assert len(check_showdown(BOARD, HANDS[:count]).steps) == count


def test_the_command_line_refuses_a_showdown_of_seven_hands() -> None:
    out, err = io.StringIO(), io.StringIO()
    args = ["showdown", "--board", BOARD] + [f"--hand={name}={cards}" for name, cards in HANDS[:7]]
    assert main(args, out=out, err=err) == 2
    assert out.getvalue() == "" and "3 to 6 hands" in err.getvalue() and "got 7" in err.getvalue()
