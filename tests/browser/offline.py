"""What the apps ask the network for (the apps work on a classroom network without the internet).

test_a11y.py's visit of each app records it with :class:`Traffic` while the app loads, is played and is
switched to German, and checks with :func:`offline_problems` that every request of the page went to
127.0.0.1 (Voila) and that the Font Awesome icons of its buttons draw with their font loaded from there.

:class:`Traffic` routes every request (``page.route``): one for 127.0.0.1 (or a ``data:``/``blob:`` address)
goes on, any other is recorded and aborted as if the network had no internet, so the visit also shows that
the page works without them. ``page.on("request")`` and ``page.on("websocket")`` record everything the page
asks for.

Voila's "lab" page links Font Awesome from a CDN; the kit's Voila template (share/jupyter/voila/templates/
pokerkit, chosen in voila.json; scripts/voila_template.sh) leaves the links out, and Voila's own index.css
holds the icons' fonts (docs/serving.md). With Voila's "lab" template the check fails and names the two
stylesheets of cdn.jsdelivr.net.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

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


def offline_problems(traffic: Traffic, p: Any, name: str, icons_expected: bool) -> list[str]:
    """What the recorded page asked outside 127.0.0.1, and its icons drawn without their font (none if
    ``icons_expected`` is false and the page shows no icon)."""
    icons = p.evaluate(ICONS_JS)
    problems = []
    if not traffic.requests:
        problems.append("no request was seen: the recording does not work")
    outside = traffic.outside()
    if outside:
        problems.append(f"{name} asked hosts other than 127.0.0.1 for:\n" + "\n".join(outside))
    if icons_expected and not icons:
        problems.append(f"{name} shows no Font Awesome icon: nothing was checked")
    broken = [icon for icon in icons if not (icon["loaded"] and icon["glyph"] and icon["family"].startswith("Font Awesome"))]
    if broken:
        problems.append(f"{name}: icons drawn without their font:\n" + "\n".join(map(str, broken)))
    return problems
