"""The controls of a move: its button with the engine's reason as visible text when the move is not allowed
(:class:`MoveControl`, :func:`show_move`; a play tab's buttons through
:meth:`widgets.play.PlayController.show_move`), where the keyboard focus goes after a move
(:func:`focus_first`), and boxes whose children are made for one hand or one offer (:func:`replace_children`).
"""

from __future__ import annotations

import weakref
from typing import Any, Sequence

import ipywidgets

from .app import esc

__all__ = ["MoveControl", "reason_label", "show_move", "focus_first", "replace_children"]


# The visible reason of each move button that has one (see MoveControl / reason_label): show_move writes it.
_REASON_LABELS: "weakref.WeakKeyDictionary[Any, ipywidgets.HTML]" = weakref.WeakKeyDictionary()


def reason_label(button: Any) -> ipywidgets.HTML:
    """The visible reason line of a move's ``button``: an HTML widget (CSS class ``pkt-move-reason``) that
    :func:`show_move` fills with the reason the move is not allowed, in the app's
    language, and empty while the move is allowed. Made on the first call, the same widget afterwards.

    Put it next to the button in the layout, or use :class:`MoveControl`, which does both::

        label = reason_label(self.pass_button)
        row = ipywidgets.HBox([ipywidgets.VBox([self.pass_button, label]), ...])
    """
    label = _REASON_LABELS.get(button)
    if label is None:
        label = ipywidgets.HTML()
        label.add_class("pkt-move-reason")
        _REASON_LABELS[button] = label
    return label


class MoveControl(ipywidgets.VBox):  # type: ignore[misc]
    """A move's button with its reason, as visible text under it, when the move is not allowed.

    Tablets cannot hover and a class at a projector cannot read a tooltip, so a disabled move says why
    in words on the page (and still in its tooltip, for screen readers)::

        self.pass_move = MoveControl(ipywidgets.Button())       # or MoveControl() for a new Button
        self.pass_move.button.on_click(...)
        box = ipywidgets.HBox([self.pass_move, ...])           # the control, not the bare button
        ...
        show_move(self.pass_move.button, state.why_not(Pass(HUMAN)), lang, tip)  # in refresh()

    The reason is redrawn by every :func:`show_move` call, so an app that calls
    them in its ``refresh`` shows the reason in the language just chosen. CSS classes: ``pkt-move``
    (the box), ``pkt-move-reason`` (the reason line). :meth:`close` closes the button and the reason too
    (so :func:`replace_children` can drop a control made for one offer or one hand).
    """

    def __init__(self, button: Any = None, **box: Any) -> None:
        button = button if button is not None else ipywidgets.Button()
        label = reason_label(button)
        super().__init__([button, label], **box)
        self.add_class("pkt-move")
        self.button = button
        self.reason = label

    def close(self) -> None:
        for widget in (self.button, self.reason):
            for part in (getattr(widget, "layout", None), getattr(widget, "style", None)):
                if isinstance(part, ipywidgets.Widget):
                    part.close()
            widget.close()
        super().close()


def _show_reason(button: Any, reason: str | None, tip: str) -> None:
    """Disable ``button`` with ``reason`` (visible in its reason line, if it has one, and as its tooltip) or
    enable it with ``tip`` as its tooltip (``reason`` None)."""
    with button.hold_sync():  # one message to the page, not one per property
        button.disabled = reason is not None
        button.tooltip = reason if reason is not None else tip
    label = _REASON_LABELS.get(button)
    if label is not None:
        value = f"<span class='pkt-reason-text'>{esc(reason)}</span>" if reason else ""
        if label.value != value:
            label.value = value


def show_move(button: Any, reason: Any, lang: str, tip: str) -> None:
    """Enable a move's button, or disable it with the engine's reason (an IllegalAction, or ``None``
    when the move is allowed) as its tooltip and, for a button with a reason line (:class:`MoveControl`,
    :func:`reason_label`), as visible text beside it in ``lang``."""
    _show_reason(button, reason.text(lang) if reason is not None else None, tip)


def focus_first(*candidates: Any) -> Any:
    """Move the keyboard focus to the first of ``candidates`` the learner can use now: not disabled and
    not hidden with ``layout.display = "none"``. Returns that widget, or None (the focus stays where it is).

    Call it at the end of a move's callback, after the app has redrawn its controls (a disabled button
    cannot take the focus, and the page applies the redraw before the focus), with the next sensible
    controls in order, e.g. ``focus_first(*move_buttons, reveal_button, new_game_button)``. It uses the
    public ``DOMWidget.focus()`` of ipywidgets 8; a :class:`MoveControl` stands for its button (and is
skipped when the control itself is hidden).
    """
    for widget in candidates:
        if isinstance(widget, MoveControl):
            if widget.layout.display == "none":
                continue
            widget = widget.button
        if widget is None or getattr(widget, "disabled", False):
            continue
        layout = getattr(widget, "layout", None)
        if layout is not None and getattr(layout, "display", None) == "none":
            continue
        widget.focus()
        return widget
    return None


def replace_children(box: Any, children: Sequence[Any]) -> None:
    """Put ``children`` in ``box`` and close the old children not among them, with their own layout and
    style models (``Widget.close`` leaves those open): buttons made for one hand or one offer must not pile
    up in the kernel over a game. Only for children made for the box alone."""
    keep = {id(child) for child in children}
    old = [child for child in box.children if id(child) not in keep]
    box.children = tuple(children)
    for child in old:
        for part in (getattr(child, "layout", None), getattr(child, "style", None)):
            if isinstance(part, ipywidgets.Widget):
                part.close()
        child.close()
