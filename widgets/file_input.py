"""The scenario file chooser: a real file input with its label, which weighs a file in the browser and sends
only a file within :data:`~pokerkit_teach.core.limits.MAX_SCENARIO_BYTES` to the kernel.

ipywidgets' ``FileUpload`` sends a file's whole content to the kernel as soon as it is chosen: a file of
80 MB went over the websocket (which drops a message above 10 MiB, so the page lost its kernel and said
nothing), and one of 9.5 MB kept the kernel busy for 43 s. Here the page's script reads ``File.size``
first, a number the browser knows without reading the file, and refuses a larger file in the page: the
message, in the learner's language, names the file, its size and the limit, in the control's own alert
region (read out by screen readers). A file within the limit is read and sent as one message with the
bytes as a binary buffer. The kernel still weighs what comes (a page that is not ours could send
anything) and refuses a larger file before a byte of it is parsed.

The control is an ``<input type="file">`` named by its ``<label>``: it is in the tab order, Enter or Space
opens the browser's file dialog, and a screen reader reads the label's words, not the browser's own
"Choose file" (which would be in the browser's language, not the learner's). The input lies over the
label, transparent, so a click anywhere on the label opens the dialog and the keyboard focus ring is
drawn around the whole control. anywidget (as for the drawn board, :mod:`.drawn`) gives the control its
small ES module.

Set the words with ``description`` and ``tooltip`` (as on ipywidgets' buttons) and ``lang``; learn of a
file with :meth:`on_file`. CSS classes: ``pkt-file``, ``pkt-file-label``, ``pkt-file-message``; the root
has ``data-state`` (``idle``, ``reading``, ``sent``, ``refused``) and ``data-received`` (files the kernel
has dealt with).
"""

from __future__ import annotations

import pathlib
from typing import Any, Callable

import anywidget
import traitlets

from pokerkit_teach.core.i18n import DEFAULT_LANGUAGE, message, number
from pokerkit_teach.core.limits import MAX_SCENARIO_BYTES, shortened

__all__ = ["ScenarioFileInput", "megabytes", "BYTES_PER_MB"]

_HERE = pathlib.Path(__file__).resolve().parent

BYTES_PER_MB = 1024 * 1024
"""A megabyte as file managers count it for a file's size (Windows, and the limit: 2 MB)."""


def megabytes(size: int, lang: str, digits: int = 1) -> str:
    """``size`` bytes in megabytes, written as ``lang`` writes numbers, with ``digits`` decimals.

    >>> megabytes(11 * 1024 * 1024 + 500_000, "de"), megabytes(MAX_SCENARIO_BYTES, "en", 0)
    ('11,5', '2')
    """
    return number(size / BYTES_PER_MB, lang, digits)


class ScenarioFileInput(anywidget.AnyWidget):
    """The file chooser of the scenario tools (see the module's text)."""

    _esm = _HERE / "file_input.js"
    _css = _HERE / "file_input.css"

    description = traitlets.Unicode("").tag(sync=True)
    tooltip = traitlets.Unicode("").tag(sync=True)
    accept = traitlets.Unicode(".json,application/json").tag(sync=True)
    lang = traitlets.Unicode(DEFAULT_LANGUAGE).tag(sync=True)
    max_bytes = traitlets.Int(MAX_SCENARIO_BYTES).tag(sync=True)  # the page's check; the kernel's is the limit itself
    too_large = traitlets.Unicode("").tag(sync=True)  # the refusal, with {file} and {size} for the page to fill in
    number_format = traitlets.Dict({"minimumFractionDigits": 1, "maximumFractionDigits": 1}).tag(sync=True)
    notice = traitlets.Unicode("").tag(sync=True)  # a refusal said by the kernel, shown in the control's alert region
    notice_count = traitlets.Int(0).tag(sync=True)
    received = traitlets.Int(0).tag(sync=True)  # files the kernel has dealt with (opened or refused)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._file_handlers: list[Callable[[str, bytes], None]] = []
        self._say_too_large()
        self.observe(lambda _change: self._say_too_large(), names="lang")
        self.on_msg(self.receive)

    def _say_too_large(self) -> None:
        self.too_large = message("apps.scenario.too_large", self.lang, file="{file}", size="{size}",
                                 limit=megabytes(MAX_SCENARIO_BYTES, self.lang, 0))

    def on_file(self, handler: Callable[[str, bytes], None]) -> None:
        """Call ``handler(name, content)`` with each file chosen within the limit (a name of at most 80
        characters)."""
        self._file_handlers.append(handler)

    def refusal(self, name: str, size: int) -> str:
        """What the control says of a file of ``size`` bytes over the limit, in its language."""
        return self.too_large.replace("{file}", shortened(name)).replace("{size}", megabytes(size, self.lang))

    def receive(self, _widget: Any, content: Any, buffers: Any) -> None:
        """A message from the page: ``{"event": "file", "name": ...}`` with the file's bytes as its one
        buffer. A file over the limit (the page refuses it before it is sent; any other sender may not) is
        refused here before anything reads it; the others go to the :meth:`on_file` handlers."""
        if not isinstance(content, dict) or content.get("event") != "file":
            return
        name = shortened(str(content.get("name") or "scenario.json"))
        try:
            parts = list(buffers or ())
            size = sum(memoryview(part).nbytes for part in parts)
            if size > MAX_SCENARIO_BYTES or len(parts) != 1:
                self.say(self.refusal(name, size))
                return
            data = memoryview(parts[0]).tobytes()
            for handler in list(self._file_handlers):
                handler(name, data)
        finally:
            self.received += 1

    def choose(self, name: str, content: bytes) -> None:
        """What the page does when ``content`` is chosen as ``name`` (tests and scripted demonstrations):
        a file over the limit is refused in the page, and never sent; the others are sent."""
        if len(content) > self.max_bytes:
            self.say(self.refusal(name, len(content)))
            return
        self.receive(self, {"event": "file", "name": name, "size": len(content)}, [content])

    def say(self, text: str) -> None:
        """Show ``text`` in the control's alert region (read out by screen readers); the same text twice is
        read twice."""
        with self.hold_sync():
            self.notice = text
            self.notice_count += 1
