"""The page's address, kept in step with what the page shows: a learner who switched the language, or joined a
table by typing its code, finds the language and the seat's link in the address bar, so a reload (or a
bookmark) opens the page as it was.

An app's page reads its address once, when Voila renders it (``?room=&seat=``, ``?lang=``...); the widgets
cannot change it. :class:`PageAddress` is a small anywidget whose script sets the given query
parameters with the browser's ``history.replaceState`` (the address changes, the page is not reloaded and
no history entry is added); a parameter set to ``None`` is taken out. It draws nothing.

Only an app that is its page's own (built by ``App.for_page``, as the app notebooks do) writes to the
address (:attr:`PageAddress.owns`): an app shown inside a lesson, or in JupyterLab, leaves the address of
the page around it alone (a lesson's address says nothing of its apps, and a seat's token in it would be
handed on with the link).
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
    owns = traitlets.Bool(False).tag(sync=True)  # the app is its page's own: the page's script writes the address

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(layout=ipywidgets.Layout(display="none"), **kwargs)

    def set(self, **params: str | None) -> None:
        """Set (or, with ``None``, take out) these query parameters of the page's address."""
        self.params = {**self.params, **params}
