"""Helpers for the real-browser test: JupyterLab and Voila servers on
localhost, Debian's Chromium driven by Playwright, and a learner who plays
the table by clicking.

The servers run from a temporary copy of the notebooks, with their own
settings (autosave and news off) and runtime folders, in their own process
groups, so that stopping them stops their kernels too. Chromium is the
system one (``/usr/bin/chromium``, installed by ``.ci/run``); Playwright's
own browser download is never used.
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
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
BIN = Path(sys.executable).parent
EXTERNAL = re.compile(r"^https?://(?!127\.0\.0\.1|localhost)")
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
            if self.proc.poll() is not None:
                raise RuntimeError(f"{self.name} exited early:\n{self.tail()}")
            try:
                if _get(url) == 200:
                    return time.monotonic() - start
            except OSError:
                pass
            time.sleep(0.25)
        raise TimeoutError(
            f"{self.name} did not answer {url} in {timeout} s:\n{self.tail()}"
        )

    def tail(self, lines: int = 40) -> str:
        """The end of the server's log."""
        self._log_file.flush()
        text = self.log.read_text(errors="replace").splitlines()
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
        self._log_file.close()


def _env(home: Path) -> dict[str, str]:
    env = dict(os.environ)
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


def start_voila(notebook: Path, home: Path) -> tuple[Server, int]:
    """Start Voila serving one notebook as a page (tracebacks shown)."""
    port = free_port()
    argv = [
        str(BIN / "voila"),
        notebook.name,
        "--no-browser",
        "--Voila.ip=127.0.0.1",
        f"--port={port}",
        "--VoilaConfiguration.show_tracebacks=True",
    ]
    server = Server("voila", argv, notebook.parent, _env(home), home / "voila.log")
    return server, port


@contextmanager
def lab_and_voila(tmp: Path, notebook: str) -> Iterator[dict[str, int]]:
    """JupyterLab and Voila, started together on a copy of ``notebook``;
    yields their ports (``{"lab": ..., "voila": ...}``) once both answer."""
    folder = prepare_notebooks(tmp, [notebook])
    voila_folder = prepare_notebooks(tmp / "voila", [notebook])
    lab, lab_port = start_lab(folder, tmp / "home-lab")
    page, voila_port = start_voila(voila_folder / notebook, tmp / "home-voila")
    try:
        lab.wait_until(f"http://127.0.0.1:{lab_port}/api/status", timeout=120)
        _wait_port(page, voila_port, timeout=120)
        yield {"lab": lab_port, "voila": voila_port}
    finally:
        lab.stop()
        page.stop()


def _wait_port(server: Server, port: int, timeout: float) -> float:
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        if server.proc.poll() is not None:
            raise RuntimeError(f"{server.name} exited early:\n{server.tail()}")
        with socket.socket() as sock:
            sock.settimeout(0.5)
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return time.monotonic() - start
        time.sleep(0.25)
    raise TimeoutError(f"{server.name} did not listen on {port} in {timeout} s")


def launch_chromium(playwright: Any) -> Any:
    """Debian's Chromium, headless, with the background-networking flags."""
    return playwright.chromium.launch(
        executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
    )


def new_page(browser: Any) -> Any:
    """A page that never reaches beyond localhost (Voila asks for CDN fonts)."""
    context = browser.new_context(viewport={"width": 1400, "height": 1100})
    page = context.new_page()
    page.route(EXTERNAL, lambda route: route.abort())
    return page


def screenshot(page: Any, name: str) -> Path:
    """Save a full-page screenshot to test-artifacts/ and print its path."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    print(f"screenshot: {path}")
    return path
