"""Voila's template files (``/voila/templates/<template>/static/<file>``) on the kit's server: a file of a
template is served, and every other address answers 404, not a server error (widgets/voila_app.py).

Voila's own handler answered 500 to a folder, an address of another shape and a traversal, after an
``assert`` or an unpacking failed inside it. The requests go out as written (``http.client``, no
normalising of ``..``), so the server sees exactly these paths.
"""

from __future__ import annotations

import http.client

import pytest

from tests.support import KitServer

ASKED = {
    "folder (the static files' folder)": "lab/static/",
    "folder (a template's folder)": "lab/",
    "folder (the templates' root)": "",
    "missing file": "lab/static/no-such-file.css",
    "missing template": "no-such-template/static/index.css",
    "address of another shape": "lab/index.html.j2",
    "../ traversal": "lab/static/../../../../../../../../etc/passwd",
    "../ traversal to a template's own files": "pokerkit/static/../conf.json",
    "encoded traversal (%2e%2e%2f)": "lab/static/%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd",
    "encoded traversal (..%2f)": "..%2f..%2f..%2f..%2f..%2fetc%2fpasswd",
    "encoded traversal (backslash)": "lab/static/..%5c..%5cconf.json",
    "encoded NUL": "lab/static/index.css%00.txt",
}


def _get(port: int, path: str) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


@pytest.mark.slow  # starts a Voila server
def test_template_paths_answer_404_for_anything_but_a_template_file() -> None:
    with KitServer(["--VoilaConfiguration.preheat_kernel=False"]) as server:
        answers = {name: _get(server.port, f"/voila/templates/{path}") for name, path in ASKED.items()}
        good = _get(server.port, "/voila/templates/lab/static/index.css")
        log = server.output.text()
    assert {name: status for name, (status, _) in answers.items()} == {name: 404 for name in ASKED}
    for name, (_, body) in answers.items():  # tornado's short "404: Not Found" page, no file's content
        assert b"404: Not Found" in body and len(body) < 200, (name, body[:300])
    assert good[0] == 200 and b"{" in good[1], "a template's file is still served (the page needs Voila's index.css)"
    assert "Traceback" not in log and "500 GET" not in log, log[-3000:]
