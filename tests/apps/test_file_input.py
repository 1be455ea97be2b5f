"""The scenario file chooser's kernel side (widgets/file_input.py): what the page sends is weighed before
anything reads it. The page refuses a file over the limit before it is sent (tests/browser/
test_teacher_workflow.py); a sender that is not our page may send one anyway, and the kernel refuses it
here without parsing a byte, saying so in the learner's language, while a file of exactly the limit opens.
"""

from __future__ import annotations

import json
from typing import Any

from pokerkit_teach.core.limits import MAX_SCENARIO_BYTES
from pokerkit_teach.widgets.file_input import ScenarioFileInput, megabytes
from pokerkit_teach.widgets.table import TableApp


def page_sends(widget: Any, content: dict[str, Any], buffers: list[bytes]) -> None:
    """A message from the page to the widget, as ipywidgets delivers it (the widget's comm)."""
    widget.comm.handle_msg({"content": {"data": {"method": "custom", "content": content}},
                            "buffers": [memoryview(buffer) for buffer in buffers]})


def saved_scenario(app: TableApp) -> bytes:
    data = app.desk.scenario_data()
    return json.dumps(data).encode("utf-8")


def test_a_file_over_the_limit_is_refused_before_it_is_read_and_the_game_stays() -> None:
    app = TableApp(query="seed=11&players=4&lang=de")
    upload = app.desk.upload
    files: list[str] = []
    upload.on_file(lambda name, content: files.append(name))
    before = (app.state.history if app.state else None, app.message_area.value)
    too_big = b"{" + b"x" * MAX_SCENARIO_BYTES  # not JSON either: parsing it would say so
    page_sends(upload, {"event": "file", "name": "riesig.json", "size": len(too_big)}, [too_big])
    assert files == [] and app.desk.replay is None
    assert upload.notice == "riesig.json wird nicht geöffnet: Die Datei ist 2,0 MB groß, eine Szenario-Datei darf aber " \
                            "höchstens 2 MB groß sein."
    assert upload.received == 1 and upload.notice_count == 1
    assert (app.state.history if app.state else None, app.message_area.value) == before  # nothing parsed, nothing said of JSON


def test_a_file_of_exactly_the_limit_is_read_and_opens() -> None:
    source = TableApp(query="seed=11&players=4")
    content = saved_scenario(source)
    padded = content + b" " * (MAX_SCENARIO_BYTES - len(content))  # JSON allows the spaces
    assert len(padded) == MAX_SCENARIO_BYTES
    app = TableApp(query="seed=3&players=4")
    page_sends(app.desk.upload, {"event": "file", "name": "exact.json", "size": len(padded)}, [padded])
    assert app.desk.replay is not None and app.desk.upload.notice == ""
    page_sends(app.desk.upload, {"event": "file", "name": "one-more.json", "size": len(padded) + 1}, [padded + b" "])
    assert app.desk.upload.notice.startswith("one-more.json was not opened: it is 2.0 MB")


def test_a_message_without_exactly_one_file_is_refused_and_another_event_ignored() -> None:
    upload = ScenarioFileInput()
    files: list[str] = []
    upload.on_file(lambda name, content: files.append(name))
    page_sends(upload, {"event": "file", "name": "two.json"}, [b"{}", b"{}"])
    page_sends(upload, {"event": "file", "name": "none.json"}, [])
    page_sends(upload, {"event": "something else"}, [b"{}"])
    assert files == [] and upload.received == 2 and upload.notice.startswith("none.json was not opened")


def test_the_refusal_names_the_limit_in_every_language_and_quotes_a_long_name_shortened() -> None:
    upload = ScenarioFileInput()
    name = "a" * 300 + ".json"
    assert upload.refusal(name, 80 * 1000 * 1000) == f"{'a' * 79}… was not opened: it is 76.3 MB, and a scenario file can be at most 2 MB."
    upload.lang = "es"
    assert upload.refusal("grande.json", 11 * 1024 * 1024) == \
        "grande.json no se ha abierto: ocupa 11,0 MB, y un archivo de escenario puede ocupar como mucho 2 MB."
    # the page fills in the same refusal: the name and the size in megabytes, as the language writes numbers
    assert upload.too_large.count("{file}") == 1 and upload.too_large.count("{size}") == 1 and "2 MB" in upload.too_large
    assert upload.max_bytes == MAX_SCENARIO_BYTES and megabytes(MAX_SCENARIO_BYTES, "de", 0) == "2"


def test_the_chooser_speaks_the_apps_language() -> None:
    app = TableApp(query="seed=1")
    assert app.desk.upload.description == "Open scenario file" and app.desk.upload.lang == "en"
    app.language.value = "de"
    assert app.desk.upload.description == "Szenario-Datei öffnen" and app.desk.upload.lang == "de"
    assert "Szenario-Datei darf aber höchstens 2 MB" in app.desk.upload.too_large
