"""A drawn, clickable table: the engine's SVG pictures of cards, tokens and coins, placed in regions (seats,
the middle, piles), each one a button a learner can click, reach with Tab and press with Enter or Space.

Every game's play tab draws its table with one :class:`DrawnBoard`. The app (Python) says what is drawn
and what each picture means; the board only shows it and reports which picture was pressed. No rule is
decided here: the app asks the engine whether a move is legal, and why not.

- A **region** (:class:`Region`) is a seat, the middle of the table, a pile: a titled group of pictures,
  placed on the table by a CSS grid area name. ``note`` says more (for example "your turn", "3 coins").
- An **item** (:class:`Item`) is one picture (an SVG string from the engine's renderers) with its text
  alternative ``label`` in the app's language, its ``state`` (how it is marked) and whether it can be
  pressed. Pressing an item calls the board's press handlers with the item's ``key``; items that are
  not legal moves may still be pressable, so that pressing them can say why not (set ``why``).
- ``announce(text)`` puts a sentence into the board's live region (``role="status"``): screen readers
  read it out; it is not shown on the page (the log shows what happened, and a third copy of it under
  the table only made the page longer).

The layout is a CSS grid (``areas``, as in ``grid-template-areas``); narrower than ``narrow_below``
pixels (a tablet held upright) the regions stack in their order. ``scale`` enlarges every picture (the
"projector" size). Focus is kept on the same item (by key) across redraws, and moves to the first
pressable item of the same region if that item is gone, so keyboard play does not lose its place.

Why anywidget: ipywidgets' buttons hold text only, and an HTML widget cannot be clicked. anywidget (a
well-kept custom-widget library that runs in JupyterLab, Voila and JupyterLite with no build step, see
docs/architecture.md) lets this one small ES module draw buttons around the engine's pictures; its
``_esm`` and ``_css`` class attributes are anywidget's documented way to give that module.
"""

from __future__ import annotations

import pathlib
from dataclasses import asdict, dataclass
from typing import Any, Callable, Iterable, Literal

import anywidget
import traitlets

__all__ = ["DrawnBoard", "Item", "Region", "STATES"]

State = Literal["plain", "legal", "illegal", "chosen", "holds", "breaks", "best", "dim", "new"]
STATES: tuple[str, ...] = ("plain", "legal", "illegal", "chosen", "holds", "breaks", "best", "dim", "new")
"""How an item is marked: ``legal`` (a move you may make: a green ring), ``illegal`` (dimmed; pressing it
says why), ``chosen`` (selected: lifted from its row, with a shadow, a blue ring and a tick), ``holds`` / ``breaks`` (the showdown's order holds or
breaks here: a green tick or a red cross beside it), ``best`` (among the best five), ``dim`` (not part of
it), ``new`` (just moved: a short glow), ``plain``."""

Size = Literal["card", "small", "token", "chip", "coin", "medium", "wide", "hand"]

_HERE = pathlib.Path(__file__).resolve().parent


@dataclass(frozen=True)
class Region:
    """A titled place on the table: a seat, the middle, a pile."""

    key: str
    title: str
    area: str = ""
    note: str = ""
    current: bool = False  # the seat to act, or yours: drawn with a thicker border
    kind: str = "seat"  # "seat", "middle", "pile": only the look differs
    # more words about the region, whole, behind a summary that opens them (a bot's reason behind its move):
    # drawn as a disclosure whose open text lies over the table below the region, so opening it moves nothing
    detail: str = ""
    detail_summary: str = ""

    def data(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class Item:
    """One picture on the table."""

    key: str
    region: str
    svg: str
    label: str
    state: State = "plain"
    pressable: bool = False
    why: str = ""  # for an illegal item: why it cannot be taken (read out with the label)
    size: Size = "card"
    caption: str = ""  # a short visible text under the picture (for example a player's name on a chip)

    def data(self) -> dict[str, Any]:
        if self.state not in STATES:
            raise ValueError(f"unknown item state {self.state!r}")
        return asdict(self)


class DrawnBoard(anywidget.AnyWidget):
    """The drawn table. Set it with :meth:`show`; learn of presses with :meth:`on_press`."""

    _esm = _HERE / "drawn.js"
    _css = _HERE / "drawn.css"

    title = traitlets.Unicode("").tag(sync=True)
    regions = traitlets.List(traitlets.Dict()).tag(sync=True)
    items = traitlets.List(traitlets.Dict()).tag(sync=True)
    areas = traitlets.Unicode("").tag(sync=True)
    columns = traitlets.Unicode("").tag(sync=True)
    narrow_below = traitlets.Int(700).tag(sync=True)
    scale = traitlets.Float(1.0).tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    status_count = traitlets.Int(0).tag(sync=True)
    status_label = traitlets.Unicode("").tag(sync=True)

    def __init__(self, title: str = "", **kwargs: Any) -> None:
        super().__init__(title=title, **kwargs)
        self._press_handlers: list[Callable[[str], None]] = []
        self.on_msg(self._receive)

    def show(self, regions: Iterable[Region], items: Iterable[Item], *, areas: str | None = None,
             columns: str | None = None) -> None:
        """Draw these regions and items (replacing what was drawn). ``areas`` and ``columns`` are CSS
        ``grid-template-areas`` and ``grid-template-columns``; left out, they stay as they were."""
        region_data = [region.data() for region in regions]
        keys = {region["key"] for region in region_data}
        item_data = []
        for item in items:
            if item.region not in keys:
                raise ValueError(f"item {item.key!r} is in no region ({item.region!r})")
            item_data.append(item.data())
        seen: set[str] = set()
        for data in item_data:
            if data["key"] in seen:
                raise ValueError(f"two items share the key {data['key']!r}")
            seen.add(data["key"])
        with self.hold_sync():
            if areas is not None:
                self.areas = areas
            if columns is not None:
                self.columns = columns
            self.regions = region_data
            self.items = item_data

    def announce(self, text: str) -> None:
        """Say ``text`` in the live region (read out by screen readers, not shown). The same
        sentence twice is read twice."""
        with self.hold_sync():
            self.status = text
            self.status_count += 1

    def on_press(self, handler: Callable[[str], None], remove: bool = False) -> None:
        """Call ``handler(key)`` when an item is pressed (click, Enter or Space)."""
        if remove:
            self._press_handlers.remove(handler)
        else:
            self._press_handlers.append(handler)

    def press(self, key: str) -> None:
        """Press an item from Python, as a click would (tests and scripted demonstrations)."""
        if not any(item["key"] == key for item in self.items):
            raise KeyError(f"no item {key!r} on the board")
        for handler in list(self._press_handlers):
            handler(key)

    def focus_item(self, key: str) -> None:
        """Move the keyboard focus to item ``key`` (after a move made elsewhere, to the next picture to
        press: the board keeps the focus by itself only while it is inside the board)."""
        self.item(key)  # KeyError if it is not drawn
        self.send({"event": "focus", "key": key})

    def item(self, key: str) -> dict[str, Any]:
        """The drawn item ``key`` (as sent to the page)."""
        for item in self.items:
            if item["key"] == key:
                return dict(item)
        raise KeyError(f"no item {key!r} on the board")

    def _receive(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("event") == "press" and isinstance(content.get("key"), str):
            key = content["key"]
            if any(item["key"] == key and item.get("pressable") for item in self.items):
                self.press(key)
