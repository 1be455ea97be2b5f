"""A scenario file over the limit is refused in the page, before it is sent (widgets/file_input.py), in
Chromium: files of 9, 11 and 80 MB are each refused within 2 s with a message that names the limit, the
kernel receives none of them and stays idle, and afterwards a file within the limit still opens.

The chooser is a real file input named by its label: the test reaches it by its label's words, opens the
file dialog with a click on the label and, for the 11 MB file, from the keyboard (Tab to the input, its
focus ring, Space), and reads the refusal from the control's alert region.

(A file of its own for now: it belongs in the scenario desk's page journey once tests/browser/ is one
journey per app.)
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from . import test_apps as apps

REFUSED_WITHIN_MS = 2000
MB = 1024 * 1024

# the control's focus ring: its outline, as the learner sees it around the label when the input has the focus
OUTLINE_JS = """() => { const e = document.activeElement; const s = getComputedStyle(e);
  return {tag: e.tagName.toLowerCase(), type: e.type || '', style: s.outlineStyle, width: parseFloat(s.outlineWidth)}; }"""


def _sparse_file(path: Path, size: int) -> Path:
    """A file of ``size`` bytes that takes no room on disk (the page only ever asks for its size)."""
    with path.open("wb") as handle:
        handle.truncate(size)
    return path


def _received(p: Any) -> int:
    return int(p.locator(".pkt-scenario-upload").first.get_attribute("data-received") or 0)


@pytest.mark.skipif("table.ipynb" not in apps.EXISTING, reason="notebooks/table.ipynb does not exist yet")
def test_files_over_the_limit_are_refused_in_the_page_and_a_file_within_it_opens(
        page: apps.Page, voila_server: Any, tmp_path: Path, artifacts: Path) -> None:
    from pokerkit_teach.widgets.table import TableApp  # a scenario file to open, saved by the app itself

    small = tmp_path / "small.json"
    small.write_text(json.dumps(TableApp(query="seed=5&players=4").desk.scenario_data()), encoding="utf-8")
    page.open(voila_server.url("table.ipynb", "seed=11&players=4"))
    p = page.page
    chooser = p.get_by_label("Open scenario file")
    assert chooser.count() == 1 and chooser.evaluate("e => e.tagName + ':' + e.type") == "INPUT:file"
    control = p.locator(".pkt-scenario-upload .pkt-file-control").first  # the label, with the input over it
    alert = p.locator(".pkt-scenario-upload [role=alert]").first
    received = _received(p)

    for megabytes, by_keyboard in ((9, False), (11, True), (80, False)):
        big = _sparse_file(tmp_path / f"big-{megabytes}.json", megabytes * MB)
        with p.expect_file_chooser(timeout=apps.ANSWER_TIMEOUT) as dialog:
            if by_keyboard:
                p.locator("button.pkt-copy-link").first.focus()  # the control before it, then Tab as a learner does
                p.keyboard.press("Tab")
                outline = p.evaluate(OUTLINE_JS)
                assert outline["type"] == "file" and outline["style"] not in ("none", "hidden") and outline["width"] >= 2, outline
                p.keyboard.press("Space")
            else:
                control.click()
        dialog.value.set_files(str(big))
        p.wait_for_function(
            "name => { const a = document.querySelector('.pkt-scenario-upload [role=alert]');"
            " return !!a && a.innerText.includes(name) && a.innerText.includes('at most 2 MB'); }",
            arg=big.name, timeout=REFUSED_WITHIN_MS)
        text = alert.inner_text()
        assert re.search(rf"big-{megabytes}\.json was not opened: it is {megabytes}\.0 MB", text), text
        assert p.locator(".pkt-scenario-upload").first.get_attribute("data-state") == "refused"
        assert _received(p) == received, "nothing reached the kernel"
        assert p.evaluate(apps.KERNEL_STATE_JS) == "idle", "the kernel has nothing to do with a refused file"

    p.locator(".pkt-scenario-desk").first.screenshot(path=str(artifacts / "upload-refused.png"))
    # the page and its kernel still work: a file within the limit opens (the kernel's answer: the scenario)
    with p.expect_file_chooser(timeout=apps.ANSWER_TIMEOUT) as dialog:
        control.click()
    dialog.value.set_files(str(small))
    p.wait_for_function(f"() => Number(document.querySelector('.pkt-scenario-upload').dataset.received) > {received}",
                        timeout=apps.ANSWER_TIMEOUT)
    p.locator(".pkt-scenario-viewer").first.wait_for(state="visible", timeout=apps.ANSWER_TIMEOUT)
    assert "Opened" in p.locator(".pkt-message").first.inner_text()
    assert not alert.inner_text().strip()
    assert not page.errors, "\n".join(page.errors)
