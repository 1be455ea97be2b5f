"""The one step navigator of every replay in the apps: first, back, forward, last and a counter."""

from __future__ import annotations

from typing import Any, Callable

import ipywidgets

from .app import esc, tr
from .controls import focus_first

__all__ = ["StepNavigator"]


class StepNavigator:
    """First / back / forward / last over steps 1 to ``total()``, and a counter read out by screen
    readers: the one step navigator of every replay in the apps.

    ``prefix`` names the CSS classes (``pkt-first``, ``pkt-guess-first`` ...) and ``labels`` the catalogue
    section of the buttons' words (``<labels>first``, ``<labels>first_tip`` ...); ``on_change()`` redraws
    the app after a move.
    """

    NAMES = ("first", "back", "forward", "last")

    def __init__(self, total: Callable[[], int], on_change: Callable[[], None], guarded: Callable[[Callable[..., Any]], Callable[..., Any]],
                 prefix: str = "pkt-", labels: str = "apps.replay.", counter_class: str = "pkt-step-counter") -> None:
        self.total = total
        self.on_change = on_change
        self.labels = labels
        self.step = 1
        self.buttons: dict[str, ipywidgets.Button] = {}
        for name in self.NAMES:
            button = ipywidgets.Button(layout=ipywidgets.Layout(width="8em"))
            button.add_class(f"{prefix}{name}")
            button.on_click(guarded(lambda _, name=name: self.go(name)))
            self.buttons[name] = button
        self.counter = ipywidgets.HTML()
        self.counter.add_class(counter_class)
        self.box = ipywidgets.HBox([*self.buttons.values(), self.counter])

    # where the keyboard focus goes when the button just used is disabled by its own move (at an end)
    FOCUS_AFTER = {"first": ("forward", "last"), "back": ("forward", "last"), "forward": ("back", "first"), "last": ("back", "first")}

    def go(self, where: str) -> None:
        """Move to the ``first``, ``last``, ``back`` (one step) or ``forward`` (one step) position. When the
        move reaches an end and so disables the button just used, the focus goes to the way back (forward
        after ``first``, back after ``last``), not to the top of the page."""
        target = {"first": 1, "last": self.total(), "back": self.step - 1, "forward": self.step + 1}[where]
        self.show(target)
        if self.buttons[where].disabled:
            focus_first(*(self.buttons[name] for name in self.FOCUS_AFTER[where]))

    def show(self, step: int) -> None:
        self.step = max(1, min(self.total(), step))
        self.on_change()

    def refresh(self, lang: str) -> None:
        """The buttons' words in ``lang``, the ends disabled, the counter."""
        total = self.total()
        for name, button in self.buttons.items():
            with button.hold_sync():
                button.description = tr(self.labels + name, lang)
                button.tooltip = tr(self.labels + name + "_tip", lang)
        self.buttons["first"].disabled = self.buttons["back"].disabled = self.step <= 1
        self.buttons["forward"].disabled = self.buttons["last"].disabled = self.step >= total
        self.counter.value = f'<span aria-live="polite">{esc(tr("apps.replay.counter", lang, step=self.step, total=total))}</span>'
