"""Helpers for the real-browser tests and the classroom load test: JupyterLab
and Voila servers on localhost, Debian's Chromium driven by Playwright, and
a watch on every page for errors and for requests that leave the machine.

The servers run from a temporary copy of the notebooks, with their own
settings (autosave and news off) and runtime folders, in their own process
groups, so that stopping them stops their kernels too. Voila runs with the
classroom page's configuration (``spadeslib/table/voila``: the ``spades``
template, a pool of preheated kernels), as ``make voila`` does. Chromium is
the system one (``/usr/bin/chromium``, installed by ``.ci/run``);
Playwright's own browser download is never used.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "test-artifacts"
VOILA_DIR = ROOT / "spadeslib" / "table" / "voila"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SCREEN = {"width": 1280, "height": 800}
BIN = Path(sys.executable).parent
LOCAL = re.compile(r"^(https?|wss?)://(127\.0\.0\.1|localhost)(:\d+)?/|^(data|blob):")
KERNEL_IDLE_JS = (
    "() => { const sb = document.querySelector('#jp-main-statusbar');"
    " return !!sb && /\\(ipykernel\\) \\| Idle/.test(sb.innerText); }"
)


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _get(url: str, timeout: float = 2.0) -> int:
    with urllib.request.urlopen(url, timeout=timeout) as response:
        return int(response.status)


class Server:
    """A server process in its own process group, with its output in a log file."""

    def __init__(
        self, name: str, argv: list[str], cwd: Path, env: dict[str, str], log: Path
    ) -> None:
        self.name = name
        self.log = log
        log.parent.mkdir(parents=True, exist_ok=True)
        self._log_file = log.open("w")
        self.proc = subprocess.Popen(
            argv,
            cwd=cwd,
            env=env,
            stdout=self._log_file,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def wait_until(self, url: str, timeout: float) -> float:
        """Poll ``url`` until it answers 200; return the seconds it took."""
        start = time.monotonic()
        while time.monotonic() - start < timeout:
            self._check_alive()
            try:
                if _get(url) == 200:
                    return time.monotonic() - start
            except OSError:
                pass
            time.sleep(0.25)
        raise TimeoutError(
            f"{self.name} did not answer {url} in {timeout} s:\n{self.tail()}"
        )

    def wait_for_log(self, pattern: str, timeout: float) -> float:
        """Wait until the log has a line matching ``pattern``; return the seconds."""
        start = time.monotonic()
        regex = re.compile(pattern)
        while time.monotonic() - start < timeout:
            self._check_alive()
            self._log_file.flush()
            if regex.search(self.log.read_text(errors="replace")):
                return time.monotonic() - start
            time.sleep(0.25)
        raise TimeoutError(f"{self.name} never logged {pattern!r}:\n{self.tail()}")

    def _check_alive(self) -> None:
        if self.proc.poll() is not None:
            raise RuntimeError(f"{self.name} exited early:\n{self.tail()}")

    def tail(self, lines: int = 40) -> str:
        """The end of the server's log (without the kernels' TCP warnings)."""
        self._log_file.flush()
        text = [
            line
            for line in self.log.read_text(errors="replace").splitlines()
            if "without encryption" not in line
        ]
        return "\n".join(text[-lines:])

    def stop(self) -> None:
        """Stop the server and everything it started (its kernels)."""
        if self.proc.poll() is None:
            with suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=5)
        with suppress(ProcessLookupError):  # kernels left behind by a hard stop
            os.killpg(self.proc.pid, signal.SIGKILL)
        self._log_file.close()


def _env(home: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("QUERY_STRING", None)
    env.update(
        JUPYTER_RUNTIME_DIR=str(home / "runtime"),
        JUPYTER_DATA_DIR=str(home / "data"),
        IPYTHONDIR=str(home / "ipython"),
        PYTHONUNBUFFERED="1",
    )
    # jupyter finds the venv's kernels and extensions through sys.prefix;
    # the user's own configuration stays out of the test
    env["JUPYTER_CONFIG_DIR"] = str(home / "config")
    return env


def prepare_notebooks(tmp: Path, names: list[str]) -> Path:
    """Copy the named notebooks to ``tmp/nb`` and return that folder."""
    folder = tmp / "nb"
    folder.mkdir(parents=True)
    for name in names:
        shutil.copy(ROOT / "notebooks" / name, folder / name)
    return folder


def files_under(folder: Path) -> set[str]:
    """Every file below ``folder`` (relative paths), to see what a test wrote."""
    return {str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file()}


def start_lab(folder: Path, home: Path) -> tuple[Server, int]:
    """Start JupyterLab serving ``folder`` (no token, autosave and news off)."""
    settings = home / "settings"
    for path, content in {
        "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
            "fetchNews": "false",
            "checkForUpdates": False,
        },
        "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {
            "autosave": False
        },
    }.items():
        target = settings / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(content))
    port = free_port()
    argv = [
        str(BIN / "jupyter"),
        "lab",
        "--no-browser",
        "--ip=127.0.0.1",
        f"--port={port}",
        "--allow-root",
        "--IdentityProvider.token=",
        "--ServerApp.password=",
        "--ServerApp.disable_check_xsrf=True",
        f"--ServerApp.root_dir={folder}",
        f"--LabApp.user_settings_dir={settings}",
        f"--LabApp.workspaces_dir={home / 'ws'}",
        "--LabApp.extension_manager=readonly",
    ]
    return Server("jupyter lab", argv, folder, _env(home), home / "lab.log"), port


def start_voila(
    notebook: Path,
    home: Path,
    pool_size: int | None = None,
    port: int | None = None,
    class_dir: Path | None = None,
) -> tuple[Server, int]:
    """Start Voila on one notebook with the classroom configuration of
    ``make voila`` (``pool_size`` overrides its number of preheated kernels;
    0 turns preheating off; ``class_dir`` is the class folder the tables
    write to, as ``make voila VOILA_CLASS=...``)."""
    port = port or free_port()
    argv = [
        str(BIN / "voila"),
        notebook.name,
        "--no-browser",
        "--Voila.ip=127.0.0.1",
        f"--port={port}",
    ]
    if pool_size is not None:
        argv.append(f"--VoilaConfiguration.default_pool_size={pool_size}")
        if pool_size <= 0:
            argv.append("--VoilaConfiguration.preheat_kernel=False")
    env = _env(home)
    env["JUPYTER_PATH"] = str(VOILA_DIR)
    env["JUPYTER_CONFIG_PATH"] = str(VOILA_DIR)
    if class_dir is not None:
        env["SPADES_CLASS_DIR"] = str(class_dir)
    server = Server("voila", argv, notebook.parent, env, home / "voila.log")
    return server, port


def served_port(server: Server, timeout: float = 120.0) -> int:
    """The port the server listens on, from its log: a port found free can be
    taken by another process before the server binds it, and the server then
    moves to the next one ("The port ... is already in use, trying another")."""
    pattern = r"running at:?\s*(?:\[[^\]]*\]\s*)*http://127\.0\.0\.1:(\d+)/"
    server.wait_for_log(pattern, timeout)
    return int(re.findall(pattern, server.log.read_text(errors="replace"))[-1])


def wait_pool(server: Server, timeout: float = 180.0) -> float:
    """Wait until Voila has filled its pool of preheated kernels."""
    return server.wait_for_log(r"Kernel pool of \S+ is filled", timeout)


@contextmanager
def serving(server: Server) -> Iterator[Server]:
    """Stop ``server`` (and its kernels) however the block ends."""
    try:
        yield server
    finally:
        server.stop()


def kernel_memory(server: Server) -> dict[str, dict[str, float]]:
    """Resident and unique memory (MB) of each kernel the server started, by
    kernel id (read from the kernel's connection file name)."""
    import psutil

    rows = {}
    for child in psutil.Process(server.proc.pid).children(recursive=True):
        with suppress(psutil.Error):
            command = " ".join(child.cmdline())
            found = re.search(r"kernel-([0-9a-f-]+)\.json", command)
            if "ipykernel" not in command or not found:
                continue
            info = child.memory_full_info()
            rows[found.group(1)] = {"rss": info.rss / 2**20, "uss": info.uss / 2**20}
    return rows


def launch_chromium(playwright: Any) -> Any:
    """Debian's Chromium, headless, with the background-networking flags."""
    return playwright.chromium.launch(
        executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
    )


@dataclass
class PageWatch:
    """What a page did that a test must see: errors thrown in the page,
    console errors, and every request to an address off this machine."""

    errors: list[str] = field(default_factory=list)
    console: list[str] = field(default_factory=list)
    external: list[str] = field(default_factory=list)
    requests: int = 0

    def attach(self, page: Any) -> None:
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.on(
            "console",
            lambda msg: msg.type == "error" and self.console.append(msg.text),
        )
        page.on("request", self._request)
        page.on("websocket", lambda ws: self._url(ws.url))

    def _request(self, request: Any) -> None:
        self.requests += 1
        self._url(request.url)

    def _url(self, url: str) -> None:
        if not LOCAL.match(url):
            self.external.append(url)


def new_page(browser: Any, viewport: dict[str, int] = SCREEN) -> tuple[Any, PageWatch]:
    """A fresh browser context (its own localStorage) and page at the
    classroom screen size, watched; requests off this machine are refused
    (and recorded, so a test can fail on them)."""
    context = browser.new_context(viewport=viewport, accept_downloads=True)
    page = context.new_page()
    watch = PageWatch()
    watch.attach(page)
    page.route(
        re.compile(r"^https?://(?!127\.0\.0\.1|localhost)"),
        lambda route: route.abort(),
    )
    return page, watch


def screenshot(page: Any, name: str, full_page: bool = False) -> Path:
    """Save a screenshot (the first screen, or the whole page) to
    test-artifacts/ and print its path."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    print(f"screenshot: {path}")
    return path


# ------------------------------------------------------------ the learner
TABLE = '[data-testid="spades-table"]'
SEQ_CHANGED_JS = (
    "([root, n]) => { const el = document.querySelector(root);"
    " return !!el && Number(el.dataset.seq) !== n; }"
)


class Learner:
    """Plays the table in a page as a learner would: by the mouse, or by the
    keyboard alone. It finds everything through the table's ``data-testid``
    names (documented at the top of ``spadeslib/table/static/table.js``)."""

    def __init__(self, page: Any, root: str = TABLE, scroll: bool = False) -> None:
        self.page = page
        self.root = root
        self.table = page.locator(root).first
        self.scroll = scroll
        """In a notebook, scroll the table to the top before judging the screen."""

    def tid(self, name: str) -> Any:
        """The element with ``data-testid=name`` inside the table."""
        return self.table.locator(f'[data-testid="{name}"]')

    def data(self, key: str) -> str:
        """One of the table's ``data-`` attributes (phase, hand, to-move, seq)."""
        return str(self.table.get_attribute(f"data-{key}") or "")

    def seq(self) -> int:
        return int(self.data("seq") or 0)

    def text(self, name: str) -> str:
        return str(self.tid(name).inner_text()).strip()

    def wait_redraw(self, before: int, timeout: float = 20.0) -> None:
        """Wait until the table has redrawn since ``before`` (its data-seq)."""
        self.page.wait_for_function(
            SEQ_CHANGED_JS, arg=[self.root, before], timeout=timeout * 1000, polling=50
        )

    def wait_for(self, js: str, timeout: float = 30.0) -> None:
        """Wait until ``js`` (an expression on ``t``, the table element) holds."""
        self.page.wait_for_function(
            "(root) => { const t = document.querySelector(root);"
            f" return !!t && ({js}); }}",
            arg=self.root,
            timeout=timeout * 1000,
            polling=50,
        )

    def wait_my_turn(self, timeout: float = 60.0) -> str:
        """Wait until the table waits for the learner or the hand is over;
        return the phase."""
        self.wait_for(
            "t.dataset.toMove === 'you'"
            " || ['between', 'over'].includes(t.dataset.phase)",
            timeout,
        )
        return self.data("phase")

    def hand(self) -> list[dict[str, Any]]:
        """The cards in the learner's hand: code, legal, disabled, name."""
        return list(
            self.table.locator('[data-testid="hand"] [data-code]').evaluate_all(
                "(els) => els.map((e) => ({code: e.dataset.code,"
                " legal: e.dataset.legal === 'true',"
                " dimmed: e.classList.contains('spt-illegal'),"
                " name: e.getAttribute('aria-label')}))"
            )
        )

    def snapshot(self) -> dict[str, Any]:
        """What a game looks like from outside: status line, phase, hand
        number, the cards in hand and on the trick."""
        return {
            "status": self.text("status"),
            "phase": self.data("phase"),
            "hand": self.data("hand"),
            "cards": [c["code"] for c in self.hand()],
            "trick": self.table.locator('[data-testid^="trick-card-"]').count(),
        }

    def click(self, name: str) -> None:
        """Click a control and wait for the table to redraw."""
        before = self.seq()
        self.tid(name).click()
        self.wait_redraw(before)

    def bid(self, preferred: tuple[str, ...] = ("3", "2", "4", "1", "nil")) -> str:
        """Click one of the bids offered (looking at the cards first if they
        are face down); return the bid."""
        if self.tid("act-look").count():
            self.click("act-look")
            self.wait_my_turn()
        offered = self.table.locator('[data-testid^="bid-"]').evaluate_all(
            "(els) => els.map((e) => e.dataset.action)"
        )
        choice = next((b for b in preferred if b in offered), offered[0])
        self.click(f"bid-{choice}")
        return str(choice)

    def card_point(self, code: str) -> list[float] | None:
        """A point where the card of the hand can be seen and clicked (in a
        fan, the next card covers most of it), or ``None``."""
        return self.table.locator(f'[data-testid="card-{code}"]').evaluate(
            """(card) => {
              const box = card.getBoundingClientRect();
              for (const fy of [0.5, 0.3, 0.7, 0.15]) {
                for (let fx = 0.08; fx < 1; fx += 0.12) {
                  const x = box.left + fx * box.width, y = box.top + fy * box.height;
                  const hit = document.elementFromPoint(x, y);
                  if (hit && hit.closest('[data-code]') === card) return [x, y];
                }
              }
              return null;
            }"""
        )

    def click_card(self, code: str) -> None:
        """Click a card of the hand with the mouse where it can be seen, and
        wait for the table to redraw."""
        point = self.card_point(code)
        assert point, f"the card {code} cannot be seen on the screen"
        before = self.seq()
        self.page.mouse.click(point[0], point[1])
        self.wait_redraw(before)

    def play_legal(self) -> str:
        """Click the first card the rules allow; return it."""
        card = next(c["code"] for c in self.hand() if c["legal"])
        self.click_card(card)
        return str(card)

    def play_by_keyboard(self) -> str:
        """Play a legal card with the keyboard alone: Tab into the hand,
        arrows to a card the rules allow, Enter."""
        for _ in range(60):
            focused = self.page.evaluate(
                "() => document.activeElement?.dataset?.code || null"
            )
            if focused:
                break
            self.page.keyboard.press("Tab")
        else:
            raise AssertionError("Tab never reached a card of the hand")
        cards = self.hand()
        legal = [c["code"] for c in cards if c["legal"]]
        codes = [c["code"] for c in cards]
        key = (
            "ArrowRight"
            if codes.index(focused) < codes.index(legal[0])
            else "ArrowLeft"
        )
        for _ in range(len(codes)):
            focused = self.page.evaluate("() => document.activeElement.dataset.code")
            if focused in legal:
                break
            self.page.keyboard.press(key)
        before = self.seq()
        self.page.keyboard.press("Enter")
        self.wait_redraw(before)
        return str(focused)

    def play_hand(self, timeout: float = 150.0) -> int:
        """Answer every decision by clicking until the hand is over; return
        the number of cards played."""
        deadline = time.monotonic() + timeout
        played = 0
        while time.monotonic() < deadline:
            phase = self.wait_my_turn(timeout=deadline - time.monotonic())
            if phase in ("between", "over"):
                return played
            if phase == "playing":
                self.play_legal()
                played += 1
            elif self.tid("confirm-choice").count():
                self.choose_and_confirm()
            else:
                self.bid()
        raise AssertionError(f"the hand did not end in {timeout} s: {self.snapshot()}")

    def choose_and_confirm(self) -> None:
        """An exchange or a discard: click the fewest cards asked for, confirm."""
        note = self.table.locator(".spt-choose-note").inner_text()
        found = re.search(r"Choose (?:up to )?(\d+)", note)
        need = int(found.group(1)) if found and "up to" not in note else 0
        for card in self.hand()[:need]:
            self.tid(f"card-{card['code']}").click()
        self.click("confirm-choice")

    def inside_screen(self, name: str, screen: dict[str, int] = SCREEN) -> bool:
        """Whether the element lies wholly inside the first screen (in a
        notebook: once the table is scrolled to the top)."""
        if self.scroll:
            self.table.evaluate("(t) => t.scrollIntoView({block: 'start'})")
        box = self.tid(name).bounding_box()
        return bool(
            box
            and box["x"] >= 0
            and box["y"] >= 0
            and box["x"] + box["width"] <= screen["width"]
            and box["y"] + box["height"] <= screen["height"]
        )
