"""The kernel client Voila's notebook runner uses, set in ``voila.json`` (``AsyncKernelManager.client_class``).

Voila runs each app notebook through nbclient, which makes a kernel client with the manager's
``client()``. A preheated kernel keeps that client until its page is asked for, and a kernel started
for a page (cold) has it made while the learner waits. Jupyter's client does two things there that
cost the apps time and do nothing for them:

- Once the kernel answers, it empties the IOPub channel until no message came for 0.2 s, so every
  page on a cold kernel waits 0.2 s more. nbclient skips IOPub messages that answer another request
  anyway; here the messages already there are taken and the wait ends as soon as none is left.
- It starts a heartbeat channel: a thread in the server that pings the kernel every second. The client
  belongs to a kernel manager, so it asks the manager whether the kernel process is alive and never
  looks at the heartbeat. Measured here: an idle server holding the 44 kernels of
  ``scripts/serve.sh --class 30`` used 3.4 % of a core with the heartbeats and 1.6 % without.

Everything else is Jupyter's ``AsyncKernelClient``.
"""

from __future__ import annotations

import time
from queue import Empty
from typing import Any

from jupyter_client.asynchronous.client import AsyncKernelClient
from jupyter_client.manager import KernelManager

READY_ANSWER_WAIT = 1.0  # s for the kernel's kernel_info_reply before asking again (as Jupyter's client)
IOPUB_CONNECTED_WAIT = 0.2  # s for the first IOPub message after that reply (as Jupyter's client)
LEFTOVER_WAIT = 0.01  # s: the handshake's remaining IOPub messages are already there or are skipped later


class PageKernelClient(AsyncKernelClient):
    """Jupyter's async kernel client without the heartbeat and without the 0.2 s of silence after
    the kernel is ready (see the module's text)."""

    def start_channels(self, shell: bool = True, iopub: bool = True, stdin: bool = True, hb: bool = True,
                       control: bool = True) -> None:
        if isinstance(self.parent, KernelManager):  # liveness is then the manager's check of the process
            hb = False
        super().start_channels(shell=shell, iopub=iopub, stdin=stdin, hb=hb, control=control)

    async def wait_for_ready(self, timeout: float | None = None) -> None:
        """Ask for kernel_info until the kernel answers and IOPub delivers, then take what IOPub holds."""
        deadline = time.monotonic() + (float("inf") if timeout is None else timeout)
        while True:
            self.kernel_info()
            try:
                reply: dict[str, Any] = await self.shell_channel.get_msg(timeout=READY_ANSWER_WAIT)
            except Empty:
                pass
            else:
                if reply["msg_type"] == "kernel_info_reply":
                    try:  # IOPub is connected once the reply's status message comes through
                        await self.iopub_channel.get_msg(timeout=IOPUB_CONNECTED_WAIT)
                    except Empty:
                        pass
                    else:
                        self._handle_kernel_info_reply(reply)
                        break
            if not await self._async_is_alive():
                raise RuntimeError("Kernel died before replying to kernel_info")
            if time.monotonic() > deadline:
                raise RuntimeError(f"Kernel didn't respond in {timeout:g} seconds")
        while True:
            try:
                await self.iopub_channel.get_msg(timeout=LEFTOVER_WAIT)
            except Empty:
                break
