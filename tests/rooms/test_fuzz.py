"""2,000 malformed or hostile messages per game, drawn by hypothesis, sent by a seat of a room over a real
websocket: text that is no JSON, JSON of any shape, known messages with fields of any type and size, unknown
messages, the teacher's messages from a seat, binary frames, messages over the size limit, deep nesting, moves
written out of any text. The server answers each with a refusal (or carries out the rare one that is a legal
move), never fails on one, and keeps the connection; the other seats hear nothing but the room's real
changes, the room's game is the engine's replay of the moves its file holds, and the server's memory stays
bounded."""

from __future__ import annotations

import json
from typing import Any, Iterator

import psutil
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from pokerkit_teach.core.registry import get_game
from pokerkit_teach.rooms.client import connect, create_room
from pokerkit_teach.rooms.room import Room
from tests.rooms.driver import OPTIONS, as_sent
from tests.rooms.serving import RoomServerProcess, run_async

pytestmark = pytest.mark.slow  # about 15 s a game

BATCHES = 40
PER_BATCH = 50  # 2,000 messages per game

texts = st.text(alphabet=st.characters(exclude_categories=["Cs"]), max_size=120)
numbers = st.one_of(st.integers(), st.integers(min_value=-3, max_value=12), st.floats(allow_nan=False), st.booleans())
scalars = st.one_of(st.none(), numbers, texts)
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(texts, inner, max_size=4)),
                      max_leaves=12)
OPS = ["act", "bot", "away", "end", "ping", "view", "presence", "refused", "", "ACT", "act ", "hello"]
shaped = st.fixed_dictionaries(
    {"op": st.one_of(st.sampled_from(OPS), values)},
    optional={"version": st.one_of(st.integers(min_value=0, max_value=6), values), "index": st.one_of(st.integers(min_value=-2, max_value=40), values),
              "move": st.one_of(texts, values), "seat": values, "bot": st.one_of(st.sampled_from(["random", "estimator", "chess"]), values),
              "seconds": values, "token": texts, "extra": values})
acts = st.fixed_dictionaries({"op": st.just("act"), "version": st.integers(min_value=0, max_value=4)},
                             optional={"index": st.integers(min_value=-5, max_value=20_000), "move": texts})
MESSAGE = st.one_of(
    shaped.map(json.dumps),
    acts.map(json.dumps),
    values.map(json.dumps),
    texts,
    st.binary(max_size=200),
    st.integers(min_value=4097, max_value=6000).map(lambda n: json.dumps({"op": "act", "version": 0, "move": "x" * n})),
    st.integers(min_value=100, max_value=4000).map(lambda n: "[" * n + "]" * n),
    st.integers(min_value=100, max_value=2000).map(lambda n: "{\"op\":" * n),
)


def is_ping(message: str | bytes) -> bool:
    try:
        return bool(json.loads(message) == {"op": "ping"})
    except (ValueError, RecursionError):
        return False


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RoomServerProcess]:
    # every message reaches the checks (the bound on messages a second is tested in test_protocol)
    with RoomServerProcess(tmp_path_factory.mktemp("rooms"), "--messages-per-second", "100000", "--acts-per-second", "100000") as running:
        yield running


def rss(server: RoomServerProcess) -> int:
    return int(psutil.Process(server.process.pid).memory_info().rss)


@pytest.mark.parametrize("game", ["pokerface", "pokerguess", "voces"])
def test_hostile_messages_are_refused_and_change_nothing_else(server: RoomServerProcess, game: str) -> None:
    room = run_async(lambda: create_room(server.base, game, 3, seed=17, options=OPTIONS[game]), 30)
    code = room["room"]
    answers: dict[str, int] = {}
    observed: list[dict[str, Any]] = []
    before: list[int] = []

    @settings(max_examples=BATCHES, deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck),
              phases=[Phase.explicit, Phase.generate])  # no shrinking: a failing batch is shown whole
    @given(st.lists(MESSAGE, min_size=PER_BATCH, max_size=PER_BATCH))
    def batch(messages: list[str | bytes]) -> None:
        async def body() -> None:
            attacker = await connect(server.base, code, room["seats"][0]["token"])
            observer = await connect(server.base, code, room["seats"][1]["token"])
            await attacker.next_view()
            await observer.next_view()
            if not before:
                before.append(rss(server))
            for message in messages:
                await attacker.send(message)
            await attacker.send({"op": "ping"})
            for _ in range(1 + sum(is_ping(message) for message in messages)):
                await attacker.next("pong")  # the last one: every message before it has been answered
            for frame in attacker.frames:
                key = frame["key"] if frame["op"] == "refused" else frame["op"]
                answers[key] = answers.get(key, 0) + 1
            # one answer for every message: a refusal, a pong, or the new view of a legal move
            ops = [frame["op"] for frame in attacker.frames]
            assert ops.count("refused") + ops.count("pong") - 1 + ops.count("view") - 1 == len(messages), list(zip(ops, messages))
            await observer.send({"op": "ping"})
            await observer.next("pong")
            assert all(frame["op"] in ("view", "presence", "pong") for frame in observer.frames), observer.frames
            observed.extend(frame for frame in observer.frames if frame["op"] == "view")
            attacker.close()
            observer.close()

        run_async(body, 60)

    batch()
    assert server.process.poll() is None and server.errors() == []
    assert "rooms.refused.failed" not in answers, answers
    assert sum(n for key, n in answers.items() if key.startswith("rooms.refused.")) >= BATCHES * PER_BATCH * 0.7, answers
    for key in ("rooms.refused.bad_json", "rooms.refused.invalid", "rooms.refused.too_large", "rooms.refused.unknown_op",
                "rooms.refused.not_text"):
        assert answers.get(key), (key, answers)
    grown = rss(server) - before[0]
    assert grown < 40 * 1024 * 1024, f"the server grew by {grown / 2**20:.1f} MiB"
    # the room is the engine's replay of the moves its file holds (the rare legal move among the messages)
    path = server.data / f"{code}.jsonl"
    records = [json.loads(line) for line in path.read_text("utf-8").splitlines()[1:]]
    moves = [line for line in records if line["kind"] != "taken"]  # "taken": the seats first sat at
    assert {line["seat"] for line in records if line["kind"] == "taken"} <= {0, 1}
    assert all(line["kind"] == "move" and line["seat"] == 0 for line in moves)  # nothing from a seat but its own moves
    state = get_game(game).new_rules(3, OPTIONS[game]).new_game(seed=17)
    for line in moves:
        state.apply(get_game(game).scenarios.parse_move(line["move"], state))
    last = observed[-1]
    assert last["version"] == len(moves)
    assert last["view"] == as_sent(state.view_for(1))
    assert Room.load(path).state.snapshot() == state.snapshot()


