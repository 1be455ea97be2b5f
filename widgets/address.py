"""The page's address, kept in step with what the page shows: a learner who joined a table by typing its
code finds the seat's link in the address bar, so a reload (or a bookmark) opens the same seat.

An app's page reads its address once, when Voila renders it (``?room=&seat=``, ``?lang=``...); the widgets
cannot change it. :class:`PageAddress` is a small anywidget whose script sets the given query
parameters with the browser's ``history.replaceState`` (the address changes, the page is not reloaded and
no history entry is added); a parameter set to ``None`` is taken out. It draws nothing.
"""

from __future__ import annotations

import pathlib
from typing import Any

import anywidget
import ipywidgets
import traitlets

__all__ = ["PageAddress"]

_HERE = pathlib.Path(__file__).resolve().parent


class PageAddress(anywidget.AnyWidget):
    """Query parameters to set in the page's address (``None``: take the parameter out)."""

    _esm = _HERE / "address.js"

    params = traitlets.Dict({}).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(layout=ipywidgets.Layout(display="none"), **kwargs)

    def set(self, **params: str | None) -> None:
        """Set (or, with ``None``, take out) these query parameters of the page's address."""
        self.params = {**self.params, **params}
