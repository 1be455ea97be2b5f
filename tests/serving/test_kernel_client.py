"""The kernel client that voila.json gives Voila's notebook runner (widgets/serving.py).

Checked with real kernels started by the kernel manager class Voila's server uses, configured from the
repository's voila.json: Voila gets this client; it starts no heartbeat for a managed kernel (and keeps
one when nothing else can tell whether the kernel lives); it waits until the kernel answers and then
runs a notebook through nbclient with the right output, as Voila does.
"""

from __future__ import annotations

import asyncio
import json
import threading
from typing import Any

import nbformat
import pytest
from jupyter_client.asynchronous import AsyncKernelClient
from jupyter_server.services.kernels.kernelmanager import ServerKernelManager
from nbclient import NotebookClient
from traitlets.config import Config

from pokerkit_teach.holdem.cards import parse_cards
from pokerkit_teach.widgets.serving import PageKernelClient

from tests.support import ROOT


def manager() -> ServerKernelManager:
    return ServerKernelManager(config=Config(json.loads((ROOT / "voila.json").read_text())), kernel_name="python3")


def run(test: Any) -> None:
    """Run an async test body in a thread of its own: the session's browser (Playwright's sync API)
    keeps an event loop running in the main thread, where asyncio.run() refuses to start."""
    failure: list[BaseException] = []

    def body() -> None:
        try:
            asyncio.run(test())
        except BaseException as error:  # handed to the test's thread
            failure.append(error)

    thread = threading.Thread(target=body)
    thread.start()
    thread.join(timeout=180)
    assert not thread.is_alive(), "the kernel test did not finish in 180 s"
    if failure:
        raise failure[0]


def close(*contexts: Any) -> None:
    """Close the ZeroMQ contexts now: one left to the garbage collector with a socket open blocks the
    process (later tests hung in Context.__del__)."""
    for context in contexts:
        if not context.closed:
            context.destroy(linger=0)


def test_voila_json_gives_voilas_kernel_managers_this_client() -> None:
    km = manager()
    assert km.client_factory is PageKernelClient
    assert issubclass(PageKernelClient, AsyncKernelClient)


@pytest.mark.slow
def test_a_managed_kernel_is_ready_without_a_heartbeat_and_runs_a_notebook() -> None:
    async def body() -> None:
        km = manager()
        await km.start_kernel()
        try:
            client = km.client()
            assert isinstance(client, PageKernelClient)
            client.start_channels()
            try:
                await client.wait_for_ready(timeout=60)
                assert not client.hb_channel.is_alive(), "a heartbeat thread for a kernel the manager watches"
                client.kernel_info()  # and it answers at once
                reply = await client.get_shell_msg(timeout=10)
                assert reply["content"]["implementation"] == "ipython"
                assert await client._async_is_alive()
            finally:
                client.stop_channels()
                close(client.context)

            # as Voila runs a page: nbclient with the manager's client
            notebook = nbformat.v4.new_notebook(cells=[
                nbformat.v4.new_code_cell("from pokerkit_teach.holdem.cards import parse_cards\nprint(*parse_cards('Ah Td'))"),
                nbformat.v4.new_code_cell("6 * 7"),
            ])
            # each cell's outputs are awaited until the kernel's idle status for it (nbclient's default waits 4 s
            # and then goes on without them), as voila.json has Voila do
            runner = NotebookClient(notebook, km=km, timeout=60, iopub_timeout=60, raise_on_iopub_timeout=True)
            async with runner.async_setup_kernel():
                assert isinstance(runner.kc, PageKernelClient)
                for index, cell in enumerate(notebook.cells):
                    await runner.async_execute_cell(cell, index)
                runner_context = runner.kc.context
            close(runner_context)
            assert notebook.cells[0].outputs[0]["text"].strip() == " ".join(map(str, parse_cards("Ah Td")))
            assert notebook.cells[1].outputs[0]["data"]["text/plain"] == "42"
        finally:
            if await km.is_alive():
                await km.shutdown_kernel(now=True)
            close(km.context)

    run(body)


@pytest.mark.slow
def test_a_client_without_a_manager_keeps_its_heartbeat() -> None:
    async def body() -> None:
        km = manager()
        await km.start_kernel()
        try:
            # first the kernel answers its manager's client: a heartbeat that starts with the kernel's process
            # finds nobody there for its first second, and Jupyter's clients take that for a dead kernel
            managed = km.client()
            managed.start_channels()
            try:
                await managed.wait_for_ready(timeout=60)
            finally:
                managed.stop_channels()
                close(managed.context)
            client = PageKernelClient()
            client.load_connection_info(km.get_connection_info())
            # the heartbeat's answer may take more than its usual second on a loaded machine: a kernel that is
            # only slow must not count as dead while the client waits for it
            client.hb_channel.time_to_dead = 30
            client.start_channels()
            try:
                await client.wait_for_ready(timeout=60)
                assert client.hb_channel.is_alive(), "without a manager only the heartbeat tells that the kernel lives"
            finally:
                client.stop_channels()
                close(client.context)
        finally:
            await km.shutdown_kernel(now=True)
            close(km.context)

    run(body)
