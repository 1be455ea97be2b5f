"""What a connection is sent: each view message leaves out the view's fields that are as this connection's
previous view had them (named in ``kept``), and the view filled in from the one before is the whole view
the server would send a new connection, at every version of whole games of every game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from pokerkit_teach.core.registry import all_games
from pokerkit_teach.rooms.protocol import check_message, whole_view
from pokerkit_teach.rooms.room import Room
from tests.rooms.driver import OPTIONS

SHORT = OPTIONS | {"pokerguess": {"max_rounds": 1}}
"""One PokerGuess round: each of its messages lists its 200 first moves of thousands, made for every seat."""


def play_with_views(folder: Path, game: str, players: int, seed: int) -> list[list[tuple[dict[str, Any], dict[str, Any], int]]]:
    """A whole game played in a room by a seeded choice of legal moves. For every seat, after every change:
    (the message sent on one connection kept from the start, the same message with the whole view, the
    length of the first in bytes)."""
    room, _, _ = Room.create(folder, "ABCDEF", game, players, SHORT.get(game), seed)
    rng = np.random.default_rng(seed)
    sent: list[dict[str, str]] = [{} for _ in range(players)]
    log_sent = [0] * players
    seen: list[list[tuple[dict[str, Any], dict[str, Any], int]]] = [[] for _ in range(players)]
    for _ in range(3000):
        for seat in range(players):
            whole = room.frame_for(seat, log_sent[seat])
            text, log_sent[seat] = room.frame_text(seat, log_sent[seat], "en", sent[seat])
            seen[seat].append((json.loads(text), whole, len(text)))
        able = [seat for seat in range(players) if seen[seat][-1][1]["legal_count"]]
        if room.over or not able:
            break
        seat = able[int(rng.integers(len(able)))]
        count = seen[seat][-1][1]["legal_count"]
        room.act(seat, room.version, int(rng.integers(min(count, 200))))
    assert room.over, "the game did not end within 3,000 moves"
    room.close()
    return seen


@pytest.mark.parametrize("game", [game.name for game in all_games()])
def test_a_view_filled_in_from_the_one_before_is_the_whole_view(game: str, tmp_path: Path) -> None:
    for seat, messages in enumerate(play_with_views(tmp_path, game, 3, seed=11)):
        previous: dict[str, Any] | None = None
        assert "kept" not in messages[0][0]  # a connection's first view is whole
        for sent, whole, _ in messages:
            assert check_message("server", sent) is None
            assert set(sent.get("kept", [])).isdisjoint(sent["view"])
            assert whole_view(sent, previous) is None
            assert sent == whole, (seat, whole["version"])
            previous = sent["view"]


def test_a_pokerface_showdown_goes_to_each_seat_once_a_deal(tmp_path: Path) -> None:
    """The last showdown (every seat's cards and words in three languages, most of a view's bytes) is sent
    in the view after the showdown and then kept until the next one."""
    seen = play_with_views(tmp_path, "pokerface", 4, seed=5)
    for messages in seen:
        showdowns = [sent for sent, whole, _ in messages if "last_showdown" in sent["view"]]
        deals_shown = {json.dumps(whole["view"]["last_showdown"]) for _, whole, _ in messages}
        assert len(showdowns) == len(deals_shown)  # None before the first showdown, then once each
        kept = [sent for sent, _, _ in messages if "last_showdown" in sent.get("kept", [])]
        assert len(kept) + len(showdowns) == len(messages)
    sizes = [size for messages in seen for _, _, size in messages]
    whole = [len(json.dumps(whole, separators=(",", ":"))) for messages in seen for _, whole, _ in messages]
    assert sum(sizes) < sum(whole) / 2


def test_a_message_that_fails_to_be_made_changes_nothing_the_connection_is_taken_to_have(tmp_path: Path) -> None:
    """The fields a connection is taken to have change only once a view message is made whole: a message
    that fails on its way (it is then not sent) leaves the next one to send what changed since the last
    message sent."""
    room, _, _ = Room.create(tmp_path, "ABCDEF", "pokerface", 3, None, 5)
    sent: dict[str, str] = {}
    first, log = room.frame_text(0, 0, "en", sent)
    before = dict(sent)
    room.act(next(seat for seat in range(3) if room.state.legal_actions(seat)), room.version, 0)
    events_for = room.state.events_for

    def failing(seat: int | None) -> Any:
        raise RuntimeError("a log that cannot be read")

    room.state.events_for = failing  # type: ignore[method-assign]
    with pytest.raises(RuntimeError):
        room.frame_text(0, log, "en", sent)
    assert sent == before
    room.state.events_for = events_for  # type: ignore[method-assign]
    message = json.loads(room.frame_text(0, log, "en", sent)[0])
    assert whole_view(message, json.loads(first)["view"]) is None and message == room.frame_for(0, log)
    room.close()
