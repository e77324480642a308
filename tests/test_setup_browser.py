"""`make browser` (run first by `make test`): the system Chromium that the
browser test drives is installed when missing, or one line says how.

The script runs with a fake ``id`` and ``apt-get`` first on the PATH and
``SPADES_CHROMIUM`` pointing at a path in a temporary folder, so nothing is
installed for real.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / ".ci" / "browser"


def fake_tools(folder: Path, uid: int, apt_works: bool, chromium: Path) -> None:
    folder.mkdir()
    (folder / "id").write_text(f"#!/bin/sh\necho {uid}\n")
    install = (
        f'printf "#!/bin/sh\\n" > {chromium}; chmod +x {chromium}'
        if apt_works
        else "exit 100"
    )
    (folder / "apt-get").write_text(
        "#!/bin/sh\n"
        f'echo "apt-get $*" >> {folder}/log\n'
        f'case "$*" in *install*) {install};; esac\n'
    )
    for tool in ("id", "apt-get"):
        (folder / tool).chmod(0o755)


def browser(tmp_path: Path, uid: int, apt_works: bool) -> tuple[int, str, Path]:
    chromium = tmp_path / "chromium"
    tools = tmp_path / "bin"
    fake_tools(tools, uid, apt_works, chromium)
    env = dict(
        os.environ,
        PATH=f"{tools}:{os.environ['PATH']}",
        SPADES_CHROMIUM=str(chromium),
    )
    proc = subprocess.run(
        ["bash", str(SCRIPT)], env=env, capture_output=True, text=True, check=False
    )
    assert proc.stdout == ""
    return proc.returncode, proc.stderr, tools


def test_present_does_nothing(tmp_path: Path) -> None:
    (tmp_path / "chromium").write_text("#!/bin/sh\n")
    (tmp_path / "chromium").chmod(0o755)
    code, err, tools = browser(tmp_path, uid=0, apt_works=True)
    assert code == 0 and err == "" and not (tools / "log").exists()


def test_missing_as_root_installs_with_apt_get(tmp_path: Path) -> None:
    code, err, tools = browser(tmp_path, uid=0, apt_works=True)
    assert code == 0 and "installed" in err
    log = (tools / "log").read_text().splitlines()
    assert log[0].startswith("apt-get update") and "install -y" in log[1]
    assert log[1].endswith(" chromium")


@pytest.mark.parametrize(("uid", "apt_works"), [(1000, True), (0, False)])
def test_otherwise_one_line_says_how_and_the_suite_goes_on(
    tmp_path: Path, uid: int, apt_works: bool
) -> None:
    code, err, tools = browser(tmp_path, uid=uid, apt_works=apt_works)
    assert code == 0  # make test goes on; the browser test itself then fails
    last = err.strip().splitlines()[-1]
    assert "browser test will fail" in last and "apt-get install -y chromium" in last
    if uid:
        assert err.count("\n") == 1 and not (tools / "log").exists()
