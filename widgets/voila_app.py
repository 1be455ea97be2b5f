"""The kit's Voila server: Voila as it is, except that its template files answer 404 for anything that is
not one of them.

``scripts/serve.sh`` runs ``python -m pokerkit_teach.widgets.voila_app notebooks/``; every option and
``voila.json`` work as they do for ``voila`` (this is Voila's own application class, with the same name
and configuration).

Voila serves the static files of its page templates at ``/voila/templates/<template>/static/<file>``
(:class:`voila.static_file_handler.TemplateStaticFileHandler`). An address of another shape (a folder,
``/voila/templates/lab``, a traversal such as ``lab/static/../../x`` or its encoded form ``%2e%2e%2f``)
made that handler fail on an unpacking or an ``assert`` and answer 500 (nothing was read or shown, but a
server error for a wrong address is wrong, and it fills the log with tracebacks). :class:`TemplateFiles`
checks the address first and answers 404 for everything that is not a file of a template. Voila has no
setting for its handlers, so :class:`KitVoila` puts this handler on the same route: Voila builds its
routes in ``Voila.init_handlers`` (a public method), and the kit swaps the one handler class there.
docs/serving.md says why; tests/serving/test_template_files.py asks for each kind of address.
"""

from __future__ import annotations

import sys
from typing import Any

from tornado.web import HTTPError
from voila.app import Voila
from voila.static_file_handler import TemplateStaticFileHandler

__all__ = ["KitVoila", "TemplateFiles", "main"]

NOT_A_NAME = ("", ".", "..")  # an empty part (``a//b``, a trailing ``/``), this folder, the folder above


class TemplateFiles(TemplateStaticFileHandler):  # type: ignore[misc]  # voila ships no type hints
    """Voila's handler of template files, answering 404 for an address that is not a file of a template:
    fewer than three parts, a second part other than ``static``, a part that is empty, ``.`` or ``..``
    (after the address is decoded), an unknown template, a folder or anything outside the template's
    files."""

    def parse_url_path(self, url_path: str) -> str:
        parts = url_path.split("/")
        if len(parts) < 3 or parts[1] != "static" or any(part in NOT_A_NAME for part in parts) or "\\" in url_path \
                or "\x00" in url_path:
            raise HTTPError(404)
        path: str = super().parse_url_path(url_path)
        if not self.roots:  # no template of that name
            raise HTTPError(404)
        return path

    def validate_absolute_path(self, root: str, absolute_path: str) -> str | None:
        try:
            valid: str | None = super().validate_absolute_path(root, absolute_path)
        except HTTPError as error:
            if error.status_code == 403:  # tornado's answer for a folder, or a path outside the files
                raise HTTPError(404) from None
            raise
        return valid


class KitVoila(Voila):  # type: ignore[misc]  # voila ships no type hints
    """Voila, with :class:`TemplateFiles` serving the templates' files."""

    def init_handlers(self) -> list[Any]:
        handlers: list[Any] = super().init_handlers()
        swapped = [(rule[0], TemplateFiles, *rule[2:]) if isinstance(rule, tuple) and len(rule) > 1
                   and rule[1] is TemplateStaticFileHandler else rule for rule in handlers]
        if not any(isinstance(rule, tuple) and len(rule) > 1 and rule[1] is TemplateFiles for rule in swapped):
            raise RuntimeError("Voila no longer serves its template files with TemplateStaticFileHandler; "
                               "see widgets/voila_app.py")
        return swapped


def main(argv: list[str] | None = None) -> None:
    """Run the kit's Voila server with ``argv`` (the command line's arguments when None)."""
    KitVoila.launch_instance(argv=argv)


if __name__ == "__main__":
    main(sys.argv[1:])
