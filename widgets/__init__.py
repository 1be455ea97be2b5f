"""The user interface of pokerkit-teach: ipywidgets that present the engine and collect input.

Installed as ``pokerkit_teach.widgets``. Widgets hold no rules: every decision is the engine's. Each app
lives in its own module and is opened from its notebook with one call, for example
``from pokerkit_teach.widgets.table import TableApp; TableApp()``.

>>> params = app_params("lang=de&seed=42")
>>> params.lang, params.seed, params.errors
('de', 42, ())
"""

from __future__ import annotations

from .app import App
from .params import AppParams, app_params

__all__ = ["App", "AppParams", "app_params"]
