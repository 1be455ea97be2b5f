"""The drawn board (widgets/drawn.py): what it sends to the page and how presses reach the app."""

from __future__ import annotations

import pytest

from pokerkit_teach.holdem.cards import parse_cards
from pokerkit_teach.holdem.render import card_label, card_svg
from pokerkit_teach.widgets.drawn import DrawnBoard, Item, Region


def board() -> DrawnBoard:
    drawn = DrawnBoard(title="table")
    ace, king = parse_cards("As Kd")
    drawn.show([Region("anna", "Anna", "a"), Region("middle", "Middle", "m", kind="middle")],
               [Item("ace", "anna", card_svg(ace), card_label(ace), state="legal", pressable=True),
                Item("king", "middle", card_svg(king), card_label(king), state="illegal", pressable=True,
                     why="not yours"),
                Item("board", "middle", card_svg(ace), card_label(ace))],
               areas='"a m"')
    return drawn


def test_items_carry_their_text_alternative_and_state() -> None:
    drawn = board()
    assert drawn.item("ace")["label"] == "Ace of spades"
    assert drawn.item("king")["state"] == "illegal" and drawn.item("king")["why"] == "not yours"
    assert drawn.areas == '"a m"' and [region["key"] for region in drawn.regions] == ["anna", "middle"]


def test_a_press_from_the_page_reaches_the_handlers_only_for_pressable_items() -> None:
    drawn, pressed = board(), []
    drawn.on_press(pressed.append)
    drawn._receive(drawn, {"event": "press", "key": "king"}, [])  # the page's message, as the kernel gets it
    drawn._receive(drawn, {"event": "press", "key": "board"}, [])  # not pressable: ignored
    drawn._receive(drawn, {"event": "press", "key": "nothing"}, [])  # unknown: ignored
    drawn._receive(drawn, {"event": "other", "key": "ace"}, [])
    assert pressed == ["king"]
    drawn.press("ace")
    assert pressed == ["king", "ace"]
    with pytest.raises(KeyError, match="nothing"):
        drawn.press("nothing")


def test_bad_drawings_are_refused_and_leave_the_board_as_it_was() -> None:
    drawn = board()
    before = (list(drawn.regions), list(drawn.items))
    ace = parse_cards("As")[0]
    with pytest.raises(ValueError, match="no region"):
        drawn.show([Region("anna", "Anna")], [Item("x", "bob", card_svg(ace), "x")])
    with pytest.raises(ValueError, match="share the key"):
        drawn.show([Region("anna", "Anna")], [Item("x", "anna", "", "x"), Item("x", "anna", "", "y")])
    with pytest.raises(ValueError, match="state"):
        drawn.show([Region("anna", "Anna")], [Item("x", "anna", "", "x", state="odd")])  # type: ignore[arg-type]
    assert (drawn.regions, drawn.items) == before


def test_the_same_announcement_twice_is_sent_twice() -> None:
    drawn = board()
    drawn.announce("Ben takes token 2.")
    first = drawn.status_count
    drawn.announce("Ben takes token 2.")
    assert drawn.status == "Ben takes token 2." and drawn.status_count == first + 1
