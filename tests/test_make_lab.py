"""``make lab``, the README's first command, serves the whole course: the
chapter it opens and the exercises and pages the chapters link to.

JupyterLab given a file alone serves only that file's folder, so every
chapter's ``../exercises/...`` and ``../docs/...`` link was out of reach.
This runs the command the Makefile's ``lab`` target runs (read with
``make -n``), with a port and no browser added, and asks the server for
files on both sides of ``notebooks/``.

A ``.venv`` copied with the course to an offline laptop ran the teacher's
folder's scripts; the Makefile now makes it again (read with ``make -n`` in
a copy of the Makefile beside a fake venv).
"""

from __future__ import annotations

import shlex
import shutil
import subprocess
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from browser_support import Server, _env, free_port

ROOT = Path(__file__).resolve().parent.parent


def _need_make() -> None:
    if shutil.which("make") is None:
        pytest.skip("make is not installed")


def _lab_command() -> list[str]:
    _need_make()
    out = subprocess.run(
        ["make", "--no-print-directory", "-n", "lab"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    lines = [line for line in out.splitlines() if "jupyter lab" in line]
    assert len(lines) == 1, out
    return shlex.split(lines[0])


def _status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return error.code


def test_make_lab_serves_the_chapters_their_exercises_and_docs(tmp_path: Path) -> None:
    argv = _lab_command()
    assert argv[-1] == "notebooks/01_welcome.ipynb", argv
    port = free_port()
    argv += [
        "--no-browser",
        "--ip=127.0.0.1",
        f"--port={port}",
        "--IdentityProvider.token=",
        "--ServerApp.password=",
        "--allow-root",
    ]
    if argv[0].startswith(".venv/"):
        argv[0] = str(ROOT / argv[0])
    server = Server("make lab", argv, ROOT, _env(tmp_path), tmp_path / "lab.log")
    try:
        base = f"http://127.0.0.1:{port}"
        server.wait_until(f"{base}/api/status", timeout=60)
        for path in (
            "api/contents/notebooks/01_welcome.ipynb",
            "api/contents/exercises/01_welcome.ipynb",
            "api/contents/docs/glossary.en.md",
            "api/contents/docs/sheets/classic.html",
        ):
            assert _status(f"{base}/{path}") == 200, (path, server.tail())
    finally:
        server.stop()


TRAMPOLINE = '#!/bin/sh\n\'\'\'exec\' "{venv}/bin/python" "$0" "$@"'
"""pip's first lines when the venv's path is too long for a ``#!`` line."""


@pytest.mark.parametrize(
    ("made_in", "pip_head", "again"),
    [
        ("here", "#!{venv}/bin/python3", False),
        ("here, a long path", TRAMPOLINE, False),
        ("another folder", "#!/home/teacher/course/.venv/bin/python3", True),
        ("a folder it ends", "#!/mnt{venv}/bin/python3", True),
    ],
)
def test_a_venv_copied_from_another_folder_is_made_again(
    tmp_path: Path, made_in: str, pip_head: str, again: bool
) -> None:
    _need_make()
    folder = tmp_path.resolve()
    for name in ("Makefile", "pyproject.toml"):
        shutil.copy(ROOT / name, folder)
    bin_ = folder / ".venv" / "bin"
    bin_.mkdir(parents=True)
    (bin_ / "python").write_text("#!/bin/sh\n", "utf-8")
    (bin_ / "python").chmod(0o755)
    head = pip_head.format(venv=folder / ".venv")
    (bin_ / "pip").write_text(f"{head}\n# -*- coding: utf-8 -*-\n", "utf-8")
    plan = subprocess.run(
        ["make", "--no-print-directory", "-n", "lab"],
        cwd=folder,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    lines = plan.splitlines()
    made = [i for i, line in enumerate(lines) if " -m venv .venv" in line]
    assert ("rm -rf .venv" in lines) is again, (made_in, plan)
    assert bool(made) is again, (made_in, plan)
    assert "jupyter lab" in lines[-1], plan
    if again:
        assert lines.index("rm -rf .venv") < made[0], plan
