"""How scripts/test.sh spreads the tests over its two pytest-xdist workers (``-n 2 --dist loadfile``): each
test file stays in one worker (a notebook's cells run in order), and the whole ``tests/browser/`` folder is
one unit of work, so one worker runs every browser test against one Voila server and one Chromium, while
the other runs the fuzzers, the notebooks, packaging, Binder and JupyterHub. tests/conftest.py hands
:class:`BrowserTogether` to xdist (its public hook ``pytest_xdist_make_scheduler``).

Why not xdist's ``--dist loadgroup`` with ``xdist_group`` marks: pytest-xdist 3.8 puts a test's group into
``item._nodeid``, which pytest 9 no longer reads (a node's id is ``item._id``), so the groups were lost and
the cells of one notebook ran in both workers (measured: ``NameError: name 'lang' is not defined`` in every
cell after the first of a lesson). This subclass overrides ``_split_scope``, the one method in which
xdist's own file scheduler decides a test's unit of work; the doctests below fail if it is renamed or
changes what it returns.

>>> BrowserTogether._split_scope(None, "tests/browser/test_journeys.py::test_audit_and_focus_ring[table-en]")
'tests/browser'
>>> BrowserTogether._split_scope(None, "tests/browser/pages.py::tests.browser.pages.page_load_summary")
'tests/browser'
>>> BrowserTogether._split_scope(None, "notebooks/lessons/de/01_cards_and_hand_ranking.ipynb::Cell 3")
'notebooks/lessons/de/01_cards_and_hand_ranking.ipynb'
>>> BrowserTogether._split_scope(None, "tests/engine/holdem/test_cards.py::test_parse[As]")
'tests/engine/holdem/test_cards.py'
"""

from __future__ import annotations

from xdist.scheduler import LoadFileScheduling  # type: ignore[import-untyped]

BROWSER = "tests/browser"


class BrowserTogether(LoadFileScheduling):  # type: ignore[misc]
    """xdist's file scheduler, with every test below ``tests/browser/`` in one unit of work."""

    def _split_scope(self, nodeid: str) -> str:
        scope: str = LoadFileScheduling._split_scope(self, nodeid)
        return BROWSER if scope.startswith(BROWSER + "/") else scope
