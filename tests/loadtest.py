"""A class opens the classroom page at once: how long until each visitor has
a playable table, and how much memory each visitor's kernel holds.

Run it from the repository (it starts its own Voila with the configuration
of ``make voila`` on a free port on 127.0.0.1, and stops it at the end)::

    .venv/bin/python tests/loadtest.py                  # waves of 10 and 30
    .venv/bin/python tests/loadtest.py --waves 10 --browsers 3
    .venv/bin/python tests/loadtest.py --url http://127.0.0.1:8866/ --waves 5

A visitor over HTTP does what the page's JavaScript does: it fetches the
page (the server runs the notebook in a kernel, preheated or not, and sends
the rendered cells), opens the kernel's websocket, asks for the widgets'
state (``request_states`` on ``jupyter.widget.control``), then sends the
table one action and waits for the table's answer. "Playable" is that
answer: the table is drawn and responds. Each visitor of a wave gets its own
seed (``?rules=classic&seed=N``) and checks that its table deals that seed.
Then a few visitors open the page in headless Chromium at once and wait
until the hand is on screen. Every request goes to 127.0.0.1 only, every
wait is bounded, and the figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import sys
import tempfile
import time
import uuid
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from browser_support import (
    VOILA_DIR,
    Server,
    kernel_memory,
    launch_chromium,
    prepare_notebooks,
    served_port,
    start_voila,
)

NOTEBOOK = "table.ipynb"
CONFIG_RE = re.compile(
    r'<script id="jupyter-config-data" type="application/json">(.*?)</script>', re.S
)
HAND_CSS = "[data-testid=spades-table] [data-testid^=card-]"


@dataclass
class Visit:
    """One HTTP visitor's times (seconds from its first request)."""

    seed: int
    kernel: str = ""
    page: float = float("nan")
    state: float = float("nan")
    playable: float = float("nan")
    error: str = ""


def _message(msg_type: str, content: dict[str, Any], msg_id: str = "") -> str:
    """A message for the kernel's shell channel, in the websocket's JSON form."""
    header = {
        "msg_id": msg_id or uuid.uuid4().hex,
        "msg_type": msg_type,
        "username": "loadtest",
        "session": uuid.uuid4().hex,
        "date": "",
        "version": "5.3",
    }
    return json.dumps(
        {
            "header": header,
            "parent_header": {},
            "metadata": {"version": "1.0.0"} if msg_type == "comm_open" else {},
            "content": content,
            "channel": "shell",
            "buffers": [],
        }
    )


def _table_state(states: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """The table widget's model id and synced state, from ``update_states``."""
    for model_id, entry in states.items():
        state = entry.get("state", {})
        if isinstance(state.get("state"), dict) and "_esm" in state:
            return model_id, state["state"]
    return None


class TableClient:
    """A visitor without a browser: it does over HTTP and the kernel's
    websocket what the page's JavaScript does, and can send the table any
    message (also one the page's JavaScript would never send)."""

    def __init__(self, base: str, timeout: float = 60.0) -> None:
        self.base = base
        self.timeout = timeout
        self.kernel = ""
        self.model = ""
        self.state: dict[str, Any] = {}
        self._ws: Any = None

    async def open(self, query: str) -> float:
        """Fetch the page, then the widgets' state; return the seconds the
        page took (``self.state`` is the table's synced state)."""
        from tornado.httpclient import AsyncHTTPClient
        from tornado.websocket import websocket_connect

        start = time.monotonic()
        response = await AsyncHTTPClient().fetch(
            f"{self.base}?{query}", request_timeout=self.timeout
        )
        page = time.monotonic() - start
        found = CONFIG_RE.search(response.body.decode())
        if not found:
            raise RuntimeError("the page has no kernel id")
        self.kernel = json.loads(found.group(1))["kernelId"]
        host = urlsplit(self.base).netloc
        self._ws = await websocket_connect(
            f"ws://{host}/api/kernels/{self.kernel}/channels"
            f"?session_id={uuid.uuid4().hex}",
            connect_timeout=self.timeout,
        )
        control = uuid.uuid4().hex
        # the comm must be open before asking on it: the kernel's idle status
        # after the comm_open says it is
        opening = {"comm_id": control, "target_name": "jupyter.widget.control"}
        self._ws.write_message(
            _message("comm_open", {**opening, "data": {}}, msg_id=control)
        )
        async for msg in self._messages():
            if (
                msg.get("msg_type") == "status"
                and msg["parent_header"].get("msg_id") == control
                and msg["content"].get("execution_state") == "idle"
            ):
                ask = {"comm_id": control, "data": {"method": "request_states"}}
                self._ws.write_message(_message("comm_msg", ask))
            data = msg["content"].get("data", {})
            if (
                msg.get("msg_type") == "comm_msg"
                and data.get("method") == "update_states"
            ):
                table = _table_state(data.get("states", {}))
                if table is None:
                    raise RuntimeError("no table among the page's widgets")
                self.model, self.state = table
                return page
        raise TimeoutError(f"no table state in {self.timeout} s")

    async def send(
        self, content: dict[str, Any], until: Any = lambda state: True
    ) -> dict[str, Any]:
        """Send the table a message; return its state once it has answered
        (the first new state for which ``until(state)`` holds)."""
        custom = {"method": "custom", "content": content}
        self._ws.write_message(
            _message("comm_msg", {"comm_id": self.model, "data": custom})
        )
        async for msg in self._messages():
            data = msg["content"].get("data", {})
            update = data.get("state", {}) if data.get("method") == "update" else {}
            if msg["content"].get("comm_id") == self.model and "state" in update:
                self.state = update["state"]
                if until(self.state):
                    return self.state
        raise TimeoutError(f"the table did not answer {content} in {self.timeout} s")

    async def _messages(self) -> Any:
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline:
            raw = await asyncio.wait_for(
                self._ws.read_message(), deadline - time.monotonic()
            )
            if raw is None:
                raise RuntimeError("the kernel's websocket closed")
            yield json.loads(raw)

    def close(self) -> None:
        if self._ws is not None:
            self._ws.close()


async def visit(base: str, seed: int, timeout: float) -> Visit:
    """One visitor: page, widget state, one action answered."""
    result = Visit(seed)
    start = time.monotonic()
    client = TableClient(base, timeout)
    try:
        result.page = await client.open(f"rules=classic&seed={seed}")
        result.kernel = client.kernel
        result.state = time.monotonic() - start
        if client.state["table"]["seed"] != seed:
            raise RuntimeError(f"asked for seed {seed}, dealt {client.state['table']}")
        await client.send({"type": "prefs", "sheet_open": False})
        result.playable = time.monotonic() - start
    except Exception as error:  # a visitor's failure is a figure too
        result.error = f"{type(error).__name__}: {error}"
    finally:
        client.close()
    return result


async def crowd(base: str, seeds: list[int], timeout: float) -> list[Visit]:
    """All visitors at once (no queue in the client: each is its own browser)."""
    from tornado.httpclient import AsyncHTTPClient

    AsyncHTTPClient.configure(None, max_clients=len(seeds) + 1)
    return list(await asyncio.gather(*(visit(base, s, timeout) for s in seeds)))


async def _browser_visit(browser: Any, base: str, seed: int, timeout: float) -> float:
    page, watch = await _new_async_page(browser)
    start = time.monotonic()
    await page.goto(f"{base}?rules=classic&seed={seed}", timeout=timeout * 1000)
    await page.wait_for_selector(HAND_CSS, timeout=timeout * 1000)
    elapsed = time.monotonic() - start
    if watch.errors or watch.external:
        raise RuntimeError(f"page errors {watch.errors}, external {watch.external}")
    await page.context.close()
    return elapsed


async def _new_async_page(browser: Any) -> tuple[Any, Any]:
    from browser_support import SCREEN, PageWatch

    context = await browser.new_context(viewport=SCREEN)
    page = await context.new_page()
    watch = PageWatch()
    watch.attach(page)
    return page, watch


async def browsers(base: str, count: int, timeout: float) -> list[float]:
    """``count`` Chromium pages open the page at once; seconds to the hand on
    screen for each."""
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await launch_chromium(playwright)
        try:
            return list(
                await asyncio.gather(
                    *(
                        _browser_visit(browser, base, 900 + i, timeout)
                        for i in range(count)
                    )
                )
            )
        finally:
            await browser.close()


def _figures(label: str, times: list[float]) -> str:
    if not times:
        return f"{label}: none"
    ordered = sorted(times)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return (
        f"{label}: median {statistics.median(ordered):.2f} s, "
        f"90% {p90:.2f} s, slowest {ordered[-1]:.2f} s"
    )


def report_wave(visits: list[Visit], wall: float) -> None:
    """Print one wave's figures."""
    ok = [v for v in visits if not v.error]
    print(f"  {len(ok)} of {len(visits)} visitors got a playable table in {wall:.1f} s")
    print("  " + _figures("page received", [v.page for v in ok]))
    print("  " + _figures("widget state", [v.state for v in ok]))
    print("  " + _figures("playable", [v.playable for v in ok]))
    for v in visits:
        if v.error:
            print(f"  visitor seed {v.seed}: {v.error}")


def report_memory(server: Server, visitors: set[str]) -> None:
    """Print the kernels' memory: the visitors' (a table each) and the
    preheated ones waiting in the pool."""
    rows = kernel_memory(server)
    for label, group in (
        ("visitors' kernels", [m for k, m in rows.items() if k in visitors]),
        (
            "preheated kernels waiting",
            [m for k, m in rows.items() if k not in visitors],
        ),
    ):
        if group:
            rss = statistics.mean(m["rss"] for m in group)
            uss = statistics.mean(m["uss"] for m in group)
            print(
                f"  {len(group)} {label}: {rss:.0f} MB resident each "
                f"({uss:.0f} MB of it their own)"
            )
    total = sum(m["rss"] for m in rows.values())
    print(f"  all kernels: {total:.0f} MB resident")


def settle(server: Server, pool: int, visitors: set[str], timeout: float) -> float:
    """Wait until the pool is full again (``pool`` kernels besides the
    visitors') and the server and its kernels are quiet; return the seconds."""
    import psutil

    start = time.monotonic()
    root = psutil.Process(server.proc.pid)
    while time.monotonic() - start < timeout:
        waiting = set(kernel_memory(server)) - visitors
        if len(waiting) >= pool:
            processes = [root, *root.children(recursive=True)]
            for process in processes:
                with suppress(psutil.Error):
                    process.cpu_percent()
            time.sleep(1.0)
            busy = 0.0
            for process in processes:
                with suppress(psutil.Error):
                    busy += process.cpu_percent()
            if busy < 25.0:
                return time.monotonic() - start
        time.sleep(0.5)
    raise TimeoutError(f"the kernel pool did not refill in {timeout} s")


def run(
    base: str,
    waves: list[int],
    browser_count: int,
    timeout: float,
    server: Server | None,
    pool: int,
) -> None:
    """The waves one after the other (each on a full pool), then the
    Chromium visitors."""
    seed = 1
    visitors: set[str] = set()
    for size in waves:
        if server is not None:
            settle(server, pool, visitors, timeout=300)
        load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
        print(f"{size} visitors open {base} together (load average {load}):")
        start = time.monotonic()
        visits = asyncio.run(crowd(base, list(range(seed, seed + size)), timeout))
        report_wave(visits, time.monotonic() - start)
        seed += size
        visitors.update(v.kernel for v in visits if v.kernel)
        if server is not None:
            report_memory(server, visitors)
    if browser_count:
        if server is not None:
            settle(server, pool, visitors, timeout=300)
        print(f"{browser_count} visitors open the page in Chromium together:")
        times = asyncio.run(browsers(base, browser_count, timeout))
        print("  " + _figures("hand on screen", times))


def main(argv: list[str] | None = None) -> int:
    """Start a classroom page (or use ``--url``) and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", help="a running classroom page (default: start one)")
    parser.add_argument("--waves", type=int, nargs="+", default=[10, 30])
    parser.add_argument("--browsers", type=int, default=3)
    parser.add_argument(
        "--pool",
        type=int,
        default=None,
        help="preheated kernels (default: voila.json's)",
    )
    parser.add_argument("--timeout", type=float, default=120.0)
    args = parser.parse_args(argv)
    config = json.loads((VOILA_DIR / "voila.json").read_text())
    pool = config["VoilaConfiguration"]["default_pool_size"]
    pool = pool if args.pool is None else args.pool
    if args.url:
        if not re.match(r"^http://(127\.0\.0\.1|localhost)[:/]", args.url):
            parser.error("the load test only visits pages on this machine")
        run(args.url, args.waves, args.browsers, args.timeout, None, pool)
        return 0
    with tempfile.TemporaryDirectory(prefix="spades-load-") as tmp:
        folder = prepare_notebooks(Path(tmp), [NOTEBOOK])
        server, _ = start_voila(folder / NOTEBOOK, Path(tmp) / "home", args.pool)
        try:
            started = time.monotonic()
            settle(server, pool, set(), timeout=300)
            ready = time.monotonic() - started
            print(f"voila ready with {pool} preheated kernels in {ready:.1f} s")
            report_memory(server, set())
            base = f"http://127.0.0.1:{served_port(server)}/"
            run(base, args.waves, args.browsers, args.timeout, server, pool)
        finally:
            server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
