"""What the Pokerface apps share beside the app shell: the batch evaluator's tables, built before the
learner's first click (the table app's bots and the variant lab judge hands in batches).
"""

from __future__ import annotations

import threading

from pokerkit_teach.holdem.batch import build_tables

from .preheat import page_pending

__all__ = ["batch_tables_early", "batch_tables_in_background"]


def batch_tables_early() -> bool:
    """For an app whose bots judge hands in batches (``pokerkit_teach.holdem.batch``, tables that take
    0.4 s to build): a preheated kernel builds the tables now, before its page is asked for, and this
    returns True; elsewhere it returns False, and the app calls :func:`batch_tables_in_background` once
    it is built. A move or run that needs the tables before they are built waits for them."""
    if page_pending():
        build_tables()
        return True
    return False


def batch_tables_in_background() -> threading.Thread:
    """Build the batch tables in a background thread (while the browser loads the page); the thread."""
    thread = threading.Thread(target=build_tables, name="pkt-batch-tables", daemon=True)
    thread.start()
    return thread
