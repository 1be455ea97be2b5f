"""The teacher's workflow in the apps, without a browser: a game saved from a play tab opens
again in the same situation (from the file and from the link), a scenario is walked through step by step
with the same texts as the command line's replay, play continues from any step with bots, and a bad file,
name or code is named in the learner's language while the page keeps what it had.

The browser half is tests/browser/test_teacher_workflow.py.
"""

from __future__ import annotations

import base64
import html
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from pokerkit_teach.cli import main as cli
from pokerkit_teach.core.scenarios import load_scenario_text
from pokerkit_teach.widgets.guess_explorer import GuessExplorerApp
from pokerkit_teach.widgets.hand_ranker import HandRankerApp
from pokerkit_teach.widgets.replay import ReplayApp
from pokerkit_teach.widgets.table import TableApp
from pokerkit_teach.widgets.voces_explorer import VocesExplorerApp


def text(value: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", value))


def saved_file(download: Any) -> bytes:
    """The bytes of the file the page's download link holds (a data: address)."""
    found = re.search(r"base64,([A-Za-z0-9+/=]+)'", download.value)
    assert found, download.value
    return base64.b64decode(found.group(1))


def page_sends(widget: Any, content: dict[str, Any], buffers: list[bytes]) -> None:
    """A message from the page to the widget, as ipywidgets delivers it (the widget's comm)."""
    widget.comm.handle_msg({"content": {"data": {"method": "custom", "content": content}},
                            "buffers": [memoryview(buffer) for buffer in buffers]})


def upload(widget: Any, content: bytes, name: str = "lesson.json") -> None:
    """What the page sends when a file within the limit is chosen: its name and size, and its bytes."""
    page_sends(widget, {"event": "file", "name": name, "size": len(content)}, [content])


def link_code(desk: Any) -> str:
    desk.link_button.click()
    address = desk.link.value
    assert "?deal=" in address
    return str(address.split("deal=", 1)[1].split("&", 1)[0])


def table_after_moves(moves: int = 2, query: str = "seed=11&players=4") -> TableApp:
    app = TableApp(query=query)
    for _ in range(moves):
        assert app.state is not None
        legal = app.state.legal_actions(0)
        if not legal or app.state.is_terminal():
            break
        app.play(legal[0])
    return app


def shown(app: TableApp) -> tuple[str, list[Any], list[Any]]:
    """What a learner sees of a Pokerface game: the status and the drawn table, its seats and its cards and
    tokens (without the bots' reasons, which are what a bot said while playing, not part of the situation,
    and are not saved)."""
    app.show_reasons.value = False
    return app.status.value, list(app.board.regions), list(app.board.items)


# -- Pokerface table


def test_a_saved_table_game_opens_from_its_file_in_the_same_situation() -> None:
    app = table_after_moves()
    app.desk.save_button.click()
    content = saved_file(app.desk.download)
    data = json.loads(content)
    assert data["game"] == "pokerface" and data["seed"] == 11 and data["players"] == ["Anna", "Ben", "Carla", "Dan"]
    other = TableApp(query="seed=3&players=5")
    upload(other.desk.upload, content)
    assert other.state is not None and app.state is not None
    assert other.state.history == app.state.history
    assert shown(other) == shown(app)
    assert other.desk.viewer.layout.display == "" and other.desk.navigator.step == len(other.desk.replay.steps)


def test_the_steps_of_an_opened_scenario_read_as_the_command_line_replay_reads_them(tmp_path: Path) -> None:
    app = table_after_moves()
    app.desk.save_button.click()
    path = tmp_path / "lesson.json"
    path.write_bytes(saved_file(app.desk.download))
    out = io.StringIO()
    assert cli(["replay", str(path), "--lang", "de"], out=out, err=io.StringIO()) == 0
    printed = out.getvalue()
    other = TableApp(query="lang=de&seed=1")
    upload(other.desk.upload, path.read_bytes())
    desk = other.desk
    desk.navigator.go("first")
    for step in range(1, len(desk.replay.steps) + 1):
        lines = [line.strip() for line in text(desk.step_text.value).split("\n") if line.strip()]
        for line in re.split(r"\s{2,}", " ".join(lines)):
            assert line.strip() in printed
        desk.navigator.go("forward")
    assert desk.navigator.step == len(desk.replay.steps)


def test_stepping_back_shows_the_game_then_and_continuing_lets_the_bots_play() -> None:
    app = TableApp(query="seed=4&scenario=token-round")
    desk = app.desk
    replay = desk.replay
    assert replay is not None and app.state is not None
    desk.navigator.go("first")
    assert app.state.history[: 1] == replay.state_after(1).history[:1]
    desk.navigator.show(10)
    at_ten = list(app.state.history)
    assert at_ten[: len(replay.state_after(10).history)] == replay.state_after(10).history
    desk.continue_button.click()
    assert desk.viewer.layout.display == "none"
    assert app.state.history[: len(at_ten)] == at_ten
    assert app.state.is_terminal() or 0 in app.state.seats_to_act() or app.pending is not None  # the bots moved until you may act
    assert "10" in text(app.message_area.value)


def test_a_link_opens_the_same_situation_and_a_bad_link_keeps_the_defaults() -> None:
    app = table_after_moves()
    code = link_code(app.desk)
    assert re.fullmatch(r"[A-Za-z0-9._-]+", code)
    opened = TableApp(query=f"deal={code}")
    assert opened.state is not None and app.state is not None
    assert opened.state.history == app.state.history and shown(opened) == shown(app)
    assert not text(opened.notice.value).strip()
    cut = TableApp(query=f"lang=de&seed=5&deal={code[:-6]}")
    notice = text(cut.notice.value)
    assert "Die App startet wie gewohnt" in notice and "Spiel-Code" in notice
    assert cut.state is not None and cut.seed == 5 and cut.desk.replay is None  # a game of the address's seed
    cut.language.value = "es"
    assert "La aplicación arranca como de costumbre" in text(cut.notice.value)
    newer = TableApp(query="deal=2." + code.split(".", 1)[1])
    assert "version 2" in text(newer.notice.value) and newer.desk.replay is None
    unknown = TableApp(query="scenario=no-such-deal")
    assert "no-such-deal" in text(unknown.notice.value) and "token-round" in text(unknown.notice.value)


BAD_FILES = [
    (b"{\"game\": \"pokerface\", ", ["broken.json", "line 1"]),
    (json.dumps({"game": "pokerface", "players": ["Anna", "Ben", "Carla"], "deals": [{"moves": ["Zoe passes"]}]}).encode(),
     ["step 2", "Zoe"]),
    (b"\xff\xfe not text", ["broken.json", "UTF-8"]),
    (json.dumps({"game": "pokerface", "players": ["Anna", "Ben"], "deals": [{}]}).encode(), ["broken.json", "players"]),
]


def test_a_bad_file_is_named_and_the_game_on_the_page_stays() -> None:
    app = table_after_moves()
    before = (list(app.state.history) if app.state else None, shown(app))
    for content, named in BAD_FILES:
        upload(app.desk.upload, content, "broken.json")
        message = text(app.message_area.value)
        assert all(part in message for part in named), message
        assert "pkt-error" in app.message_area.value
        assert (list(app.state.history) if app.state else None, shown(app)) == before
        assert app.desk.replay is None


def test_a_file_of_another_game_is_refused_by_the_table() -> None:
    guess = GuessExplorerApp(query="seed=2&players=3")
    guess.game.desk.save_button.click()
    app = table_after_moves()
    before = shown(app)
    upload(app.desk.upload, saved_file(guess.game.desk.download), "guess.json")
    assert "guess.json: it holds a game of PokerGuess, but this page plays Pokerface" in text(app.message_area.value)
    assert shown(app) == before


# -- PokerGuess and Póker a Voces play tabs


def test_a_pokerguess_game_saved_opens_again_from_file_and_link() -> None:
    app = GuessExplorerApp(query="seed=4&players=3")
    game = app.game
    assert game.state is not None
    game.play(game.state.legal_actions(0)[0])
    game.desk.save_button.click()
    content = saved_file(game.desk.download)
    assert load_scenario_text(content, "x.json").game == "pokerguess"
    other = GuessExplorerApp(query="seed=9&players=5")
    upload(other.game.desk.upload, content)
    assert other.game.state is not None and other.game.state.history == game.state.history
    assert (other.game.status.value, other.game.board.regions, other.game.board.items) == (game.status.value, game.board.regions, game.board.items)
    linked = GuessExplorerApp(query=f"deal={link_code(game.desk)}")
    assert linked.game.state is not None and linked.game.state.history == game.state.history
    assert linked.tabs.selected_index == 3  # the game tab
    linked.game.desk.navigator.go("first")
    linked.game.desk.continue_button.click()
    assert linked.game.state.history[:1] == game.state.history[:1]
    assert linked.game.state.is_terminal() or 0 in linked.game.state.seats_to_act() or linked.game.paused


def test_a_voces_game_saved_opens_again_and_a_bad_upload_changes_nothing() -> None:
    from pokerkit_teach.games.voces.actions import Place

    app = VocesExplorerApp(query="seed=3&players=3")
    game = app.game
    game.play(Place(0))
    game.desk.save_button.click()
    content = saved_file(game.desk.download)
    other = VocesExplorerApp(query="seed=8")
    upload(other.game.desk.upload, content)
    assert other.game.state is not None and game.state is not None
    assert other.game.state.history == game.state.history
    assert (other.game.status.value, other.game.board.items) == (game.status.value, game.board.items)
    before = (list(other.game.state.history), other.game.status.value)
    upload(other.game.desk.upload, content.replace(b'"voces"', b'"poker"'), "changed.json")
    assert "changed.json" in text(other.message_area.value)
    assert (list(other.game.state.history), other.game.status.value) == before
    linked = VocesExplorerApp(query=f"lang=es&deal={link_code(game.desk)}")
    assert linked.game.state is not None and linked.game.state.history == game.state.history


def test_built_in_scenarios_open_by_name_in_every_play_tab() -> None:
    voces = VocesExplorerApp(query="scenario=voces-capybara")
    assert voces.game.desk.replay is not None and voces.tabs.selected_index == 4
    assert not text(voces.notice.value).strip()
    guess = GuessExplorerApp(query="players=3")
    guess.game.desk.builtin.value = "pokerguess-example"
    guess.game.desk.open_button.click()
    replay = guess.game.desk.replay
    assert replay is not None and guess.game.state is not None
    assert guess.game.state.history[: len(replay.final.history)] == replay.final.history


# -- the rulebook replay and the hand ranker


def test_the_replay_saves_the_step_shown_and_opens_files_and_links() -> None:
    app = ReplayApp(query="scenario=token-round")
    assert app.chooser.value == "token-round"
    app.show(3)  # the third step the rulebook tells: the file's 13th (its ♣ round and the flop come first, untold)
    played = app.position.played
    assert played == 13
    app.save_button.click()
    content = saved_file(app.download)
    other = ReplayApp()
    upload(other.upload, content)
    assert other.total == played  # a file without a story's beginning is told from its first step
    assert other.replay.final.history == app.replay.state_after(played).history
    app.continue_button.click()
    assert "table.ipynb?deal=" in app.continue_open.value
    code = link_code(app)
    linked = ReplayApp(query=f"deal={code}")
    assert linked.replay.final.history == app.replay.state_after(played).history and linked.step == linked.total


def test_the_hand_ranker_saves_its_cards_as_a_deal_and_opens_them_again() -> None:
    app = HandRankerApp(query="seed=5&players=4")
    app.save_button.click()
    content = saved_file(app.download)
    data = json.loads(content)
    assert len(data["players"]) == 4 and len(data["deals"][0]["board"].split()) == 5
    other = HandRankerApp(query="seed=6&players=3")
    upload(other.upload, content)
    assert (other.board_input.value, other.hands_input.value) == (app.board_input.value, app.hands_input.value)
    assert other.result.value == app.result.value
    two = HandRankerApp(query="seed=5")
    two.deal_hands.value = 2
    two.deal_button.click()
    two.save_button.click()
    assert "at least 3" in text(two.message_area.value) and not two.download.value


def test_the_step_shown_is_said_again_in_the_language_chosen() -> None:
    app = VocesExplorerApp(query="scenario=voces-trade-offer")
    desk = app.game.desk
    desk.navigator.go("back")
    step = desk.replay.steps[desk.navigator.step - 1]
    for lang in ("de", "es", "en"):
        app.language.value = lang
        shown_lines = text(desk.step_text.value)
        assert all(line in shown_lines for line in step.lines(lang)), (lang, shown_lines)
        assert desk.continue_button.description == {"de": "Ab hier weiterspielen", "es": "Seguir desde aquí", "en": "Continue from here"}[lang]


@pytest.mark.parametrize("board", ["", "Ac 5s 9h", "Ac 5s 9h 2d", "Ac 5s 9h 2d 3h"])
def test_the_hand_rankers_link_keeps_a_board_of_any_size(board: str) -> None:
    """A reviewer's find: the link of three hands on a flop opened with no board (the code kept only what
    the replay had dealt, and a deal without moves deals no board); the code now keeps the board still
    to come, and decodes to the same code again."""
    from pokerkit_teach.core.dealcode import decode_code, load_code, scenario_code

    app = HandRankerApp(query="lang=en")
    app.board_input.value = board
    app.hands_input.value = "Anna=As Ad\nBen=Kh Kd\nZoe=2c 7d"
    app.rank()
    app.make_link()
    code = app._code()
    assert decode_code(code)["deals"][-1]["board"] == board and scenario_code(load_code(code)) == code
    opened = HandRankerApp(query="lang=en&deal=" + code)
    assert opened.board_input.value == board
    assert opened.hands_input.value.splitlines() == ["Anna=As Ad", "Ben=Kh Kd", "Zoe=2c 7d"]


def test_play_1_in_the_address_plays_on_at_once_and_a_bad_value_is_named() -> None:
    """The rulebook replay and the hand ranker link to the table "to play on from this step": the link
    carries ?play=1, so the table does not first show the step to walk through (a reviewer had to press
    Continue from here a second time); play=0 only shows it; another value is named and only shows it."""
    from pokerkit_teach.core.dealcode import scenario_code
    from pokerkit_teach.core.scenarios import load_any_scenario

    code = scenario_code(load_any_scenario("token-round"))
    played = TableApp(query=f"lang=en&deal={code}&play=1")
    assert played.desk.replay is None and "play on from step" in text(played.message_area.value).lower()
    shown_only = TableApp(query=f"lang=en&deal={code}&play=0")
    assert shown_only.desk.replay is not None and not shown_only.notice.value
    bad = TableApp(query=f"lang=de&deal={code}&play=ja")
    assert bad.desk.replay is not None and "play=ja" in text(bad.notice.value) and "play=1" in text(bad.notice.value)
    replay = ReplayApp(query="lang=en")
    replay.continue_link()
    assert "&amp;play=1" in replay.continue_open.value


def test_a_deal_link_on_the_table_says_at_the_top_that_it_shows_a_replay_step_with_both_ways_on() -> None:
    from pokerkit_teach.core.dealcode import state_code
    from pokerkit_teach.games.pokerface.scenarios import load_scenario

    replay = load_scenario("token-round").replay()
    code = state_code(replay.state_after(12), seed=0, name="token-round")
    app = TableApp(query=f"deal={code}&lang=de")
    banner = app.desk.viewer
    children = list(app.box.children)
    assert banner in children and children.index(banner) < children.index(app.desk.box)
    assert banner not in app.desk.box.children  # at the top of the page, above the table, not in the tools below it
    assert banner.layout.display == ""
    words = text(app.desk.title.value).strip()
    assert words.startswith("Nachspielen, kein laufendes Spiel: Schritt 12 von 12") and "„Ab hier weiterspielen“" in words
    row = banner.children[1]  # the steps and "Continue from here" side by side
    assert app.desk.continue_button in row.children and app.desk.navigator.box in row.children
    app.desk.continue_button.click()  # playing on: the banner goes, the game is in play
    assert banner.layout.display == "none"
    app.close()
