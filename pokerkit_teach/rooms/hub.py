"""The room server as a JupyterHub service: a learner is the hub user, checked by the hub itself.

The hub starts the server (``deploy/jupyterhub/jupyterhub_config.py``) with ``JUPYTERHUB_API_TOKEN`` and
its address; a request carries the learner's hub token (``Authorization: token ...``, as every hub API
call does), and :func:`hub_user` asks the hub whose it is (JupyterHub's own ``HubAuth``, with a short
cache). A learner sits at the seat that bears their user name; a hub admin is a room's teacher. A room
token still works as well (a teacher's script, a projector).

Imported only in hub mode (``pokerkit-teach room serve --hub``), so the server needs JupyterHub only there.
"""

from __future__ import annotations

import os
from functools import lru_cache
from typing import Any

__all__ = ["hub_user", "hub_prefix", "hub_port"]


@lru_cache(maxsize=1)
def _auth() -> Any:
    from jupyterhub.services.auth import HubAuth

    # the room token is the address's ?token=: only the header is read as a hub token
    return HubAuth(api_token=os.environ["JUPYTERHUB_API_TOKEN"], cache_max_age=60, allow_token_in_url=False)


async def hub_user(handler: Any) -> dict[str, Any] | None:
    """The hub user of a request (``{"name", "admin", ...}``), or ``None`` when the hub knows no such token."""
    auth = _auth()
    # the header only: ?token= is the room's own token (HubAuth would read it for a browser's websocket)
    found = auth.auth_header_pat.match(handler.request.headers.get(auth.auth_header_name, ""))
    token = found.group(1) if found else ""
    if not token or len(token) > 200:
        return None
    user: dict[str, Any] | None = await auth.user_for_token(token, sync=False)
    return user


def hub_prefix() -> str:
    """The path the hub's proxy sends to the service (``/services/rooms/``)."""
    return os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/")


def hub_port(default: int) -> int:
    """The port of the service's own address, which the hub chose (``JUPYTERHUB_SERVICE_URL``)."""
    from urllib.parse import urlparse

    url = os.environ.get("JUPYTERHUB_SERVICE_URL")
    return (urlparse(url).port or default) if url else default
