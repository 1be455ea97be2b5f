"""The apps work on a classroom network without the internet (issue 19): while each app loads and is played,
every request of the page goes to 127.0.0.1 (Voila), and the Font Awesome icons of its buttons draw with
their font loaded from there.

Each page routes every request (``page.route``): one for 127.0.0.1 (or a ``data:``/``blob:`` address) goes
on, any other is recorded and aborted as if the network had no internet, so the test also shows that the
page works without them. ``page.on("request")`` and ``page.on("websocket")`` record everything the page
asks for. The apps are played as test_a11y.py plays them (a hand ranked, the replay's last step, a lab run
of 20 games, a round in each explorer), except the table: one move.

Voila's "lab" page links Font Awesome from a CDN; the kit's Voila template (share/jupyter/voila/templates/
pokerkit, chosen in voila.json; scripts/voila_template.sh) leaves the links out, and Voila's own index.css
holds the icons' fonts (docs/serving.md). With Voila's "lab" template this test fails and names the two
stylesheets of cdn.jsdelivr.net.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable
from urllib.parse import urlsplit

import pytest

from . import test_a11y as a11y
from . import test_apps as apps

LOCAL_HOSTS = {"127.0.0.1"}
LOCAL_SCHEMES = {"data", "blob", "about"}

# The icons the apps show, with the font each is drawn in (the family of its ::before, its weight, whether a
# face of that family and weight was loaded, and whether its content is one character of the private-use area
# where icon fonts keep their glyphs).
ICONS_JS = """async () => {
  await document.fonts.ready;
  const faces = [...document.fonts].filter(f => f.status === 'loaded')
    .map(f => f.family.replace(/["']/g, '').trim() + '|' + String(f.weight));
  return [...document.querySelectorAll('.pkt-app .fa')].filter(i => i.getClientRects().length).map(i => {
    const before = getComputedStyle(i, '::before');
    const family = before.fontFamily.split(',')[0].replace(/["']/g, '').trim();
    const weight = String(before.fontWeight);
    const content = before.content;
    return {icon: [...i.classList].filter(c => c.startsWith('fa-')).join(' '), family, weight, content,
            loaded: faces.includes(family + '|' + weight),
            glyph: /^"[\\ue000-\\uf8ff]"$/.test(content), width: i.getBoundingClientRect().width};
  });
}"""


def is_local(url: str) -> bool:
    parts = urlsplit(url)
    return parts.scheme in LOCAL_SCHEMES or parts.hostname in LOCAL_HOSTS


class Traffic:
    """Everything a page asks for; requests to other hosts are aborted (an offline network)."""

    def __init__(self, p: Any) -> None:
        self.requests: list[str] = []
        self.aborted: list[str] = []
        self.sockets: list[str] = []
        p.on("request", lambda request: self.requests.append(str(request.url)))
        p.on("websocket", lambda socket: self.sockets.append(str(socket.url)))
        p.route("**/*", self._route)

    def _route(self, route: Any) -> None:
        url = str(route.request.url)
        if is_local(url):
            route.continue_()
        else:
            self.aborted.append(url)
            route.abort("internetdisconnected")

    def outside(self) -> list[str]:
        return sorted({url for url in [*self.requests, *self.sockets, *self.aborted] if not is_local(url)})


def one_table_move(p: Any) -> str:
    """One move at the table (pass, take or reveal: the first the table offers)."""
    target = None
    for _ in range(50):
        target = next((c.first for c in apps.move_candidates(p) if c.count() and c.first.is_visible()), None)
        if target is not None:
            break
        p.wait_for_timeout(200)
    assert target is not None, f"no move to make; status: {p.locator('.pkt-status').first.inner_text()}"
    apps.click_and_wait(p, target)
    return "after a move"


PLAYS: dict[str, Callable[[Any], str] | None] = {
    visit.notebook: (one_table_move if visit.notebook == "table.ipynb" else visit.play) for visit in a11y.VISITS
}


@pytest.mark.parametrize("visit", a11y.visit_params())
def test_nothing_is_loaded_from_the_internet(visit: a11y.Visit, page: apps.Page, voila_server: Any, artifacts: Path) -> None:
    p = page.page
    traffic = Traffic(p)
    page.open(voila_server.url(visit.notebook, visit.query))
    apps.settle(p)
    play = PLAYS[visit.notebook]
    if play is not None:
        play(p)
    icons = p.evaluate(ICONS_JS)
    name = visit.notebook.removesuffix(".ipynb")
    outside = traffic.outside()
    if outside:
        page.screenshot(artifacts, f"offline-{name}")
    assert traffic.requests, "no request was seen: the recording does not work"
    assert not outside, f"{name} asked hosts other than 127.0.0.1 for:\n" + "\n".join(outside)
    assert icons or visit.notebook == "index.ipynb", f"{name} shows no Font Awesome icon: nothing was checked"
    broken = [icon for icon in icons if not (icon["loaded"] and icon["glyph"] and icon["family"].startswith("Font Awesome"))]
    assert not broken, f"{name}: icons drawn without their font:\n" + "\n".join(map(str, broken))
    assert not page.errors, f"{name}: " + "\n".join(page.errors)
