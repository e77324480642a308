"""Every course notebook and its paired py:percent script hold the same cells.

The ``.ipynb`` files (with stored outputs, checked by nbval) and the
``.py`` scripts (the readable source) are paired by jupytext through
``jupytext.toml``. This test reads both sides with jupytext and compares the
cells (type, source and metadata) and the notebook metadata with
``jupytext.compare.compare_notebooks``, so an edit made on one side only, or
a notebook without its script (or a script without its notebook), fails.
"""

from __future__ import annotations

from pathlib import Path

import jupytext
import nbformat
import pytest
from jupytext.compare import NotebookDifference, compare_notebooks

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ("notebooks", "exercises", "exercises/solutions")
FORMAT = "py:percent"


def _files(suffix: str) -> list[Path]:
    return sorted(p for folder in FOLDERS for p in (ROOT / folder).glob(f"*{suffix}"))


NOTEBOOKS = _files(".ipynb")


def _kernel_name() -> str:
    from ipykernel.kernelspec import get_kernel_dict

    return str(get_kernel_dict()["display_name"])


KERNEL_NAME = _kernel_name()
SCRIPTS = _files(".py")


def _rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


def pair_difference(notebook: Path, script: Path) -> str | None:
    """Why the notebook and its script differ, or ``None`` if they are in step."""
    from_script = jupytext.read(script, fmt=FORMAT)
    from_notebook = jupytext.read(notebook)
    try:
        compare_notebooks(
            from_script, from_notebook, fmt=FORMAT, raise_on_first_difference=False
        )
    except NotebookDifference as error:
        return str(error)
    return None


def test_the_course_has_notebooks() -> None:
    assert NOTEBOOKS, "no notebook found in " + ", ".join(FOLDERS)


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=_rel)
def test_notebook_has_its_script(notebook: Path) -> None:
    script = notebook.with_suffix(".py")
    assert script.exists(), f"{_rel(notebook)} has no paired script {_rel(script)}"


@pytest.mark.parametrize("script", SCRIPTS, ids=_rel)
def test_script_has_its_notebook(script: Path) -> None:
    notebook = script.with_suffix(".ipynb")
    assert notebook.exists(), f"{_rel(script)} has no paired notebook {_rel(notebook)}"


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=_rel)
def test_notebook_and_script_in_step(notebook: Path) -> None:
    script = notebook.with_suffix(".py")
    if not script.exists():
        pytest.fail(f"{_rel(notebook)} has no paired script")
    difference = pair_difference(notebook, script)
    assert difference is None, (
        f"{_rel(notebook)} and {_rel(script)} differ: {difference}. "
        f"Run: jupytext --sync {_rel(notebook)}"
    )


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=_rel)
def test_notebook_runs_on_python3_kernel(notebook: Path) -> None:
    kernelspec = nbformat.read(notebook, as_version=4).metadata.get("kernelspec", {})
    assert kernelspec.get("name") == "python3", (
        f"{_rel(notebook)}: kernelspec {kernelspec}"
    )
    assert kernelspec.get("language") == "python"
    # as ipykernel names it, so that JupyterLab opens the notebook unchanged
    # (a differing name marks it unsaved at once, and a save rewrites it)
    assert kernelspec.get("display_name") == KERNEL_NAME, _rel(notebook)


# ----------------------------------------------------------------------------
# The check itself must be able to fail: change one side of a pair in a copy
# and make sure the difference is reported.


def _sample_pair(tmp_path: Path) -> tuple[Path, Path]:
    """A notebook and its script in ``tmp_path``, in step: a copy of the first
    course notebook if there is one, else a small notebook made here."""
    notebook = tmp_path / "sample.ipynb"
    script = tmp_path / "sample.py"
    if NOTEBOOKS:
        notebook.write_bytes(NOTEBOOKS[0].read_bytes())
        script.write_bytes(NOTEBOOKS[0].with_suffix(".py").read_bytes())
    else:
        nb = nbformat.v4.new_notebook()
        nb.cells = [
            nbformat.v4.new_markdown_cell("# Title"),
            nbformat.v4.new_code_cell("x = 1\nprint(x)"),
        ]
        nb.metadata["kernelspec"] = {
            "name": "python3",
            "display_name": "Python 3",
            "language": "python",
        }
        nbformat.write(nb, notebook)
        jupytext.write(nb, script, fmt=FORMAT)
    return notebook, script


def test_sample_pair_is_in_step(tmp_path: Path) -> None:
    notebook, script = _sample_pair(tmp_path)
    assert pair_difference(notebook, script) is None


def test_changed_script_is_detected(tmp_path: Path) -> None:
    notebook, script = _sample_pair(tmp_path)
    nb = jupytext.read(script, fmt=FORMAT)
    code = next(i for i, c in enumerate(nb.cells) if c.cell_type == "code")
    nb.cells[code].source += "\nprint('edited on one side only')"
    jupytext.write(nb, script, fmt=FORMAT)
    difference = pair_difference(notebook, script)
    assert difference is not None and f"Cells {code + 1} " in difference  # 1-based


def test_changed_notebook_markdown_is_detected(tmp_path: Path) -> None:
    notebook, script = _sample_pair(tmp_path)
    nb = nbformat.read(notebook, as_version=4)
    text = next(i for i, c in enumerate(nb.cells) if c.cell_type == "markdown")
    nb.cells[text].source = (
        nb.cells[text].source.replace(" ", "  ", 1) + " (typo fixed)"
    )
    nbformat.write(nb, notebook)
    assert pair_difference(notebook, script) is not None


def test_added_cell_is_detected(tmp_path: Path) -> None:
    notebook, script = _sample_pair(tmp_path)
    nb = nbformat.read(notebook, as_version=4)
    nb.cells.append(nbformat.v4.new_code_cell("extra = 2"))
    nbformat.write(nb, notebook)
    assert pair_difference(notebook, script) is not None


def test_changed_cell_metadata_is_detected(tmp_path: Path) -> None:
    notebook, script = _sample_pair(tmp_path)
    nb = nbformat.read(notebook, as_version=4)
    nb.cells[-1].metadata["tags"] = ["raises-exception"]
    nbformat.write(nb, notebook)
    assert pair_difference(notebook, script) is not None


def test_changed_kernelspec_is_detected(tmp_path: Path) -> None:
    notebook, script = _sample_pair(tmp_path)
    nb = nbformat.read(notebook, as_version=4)
    nb.metadata["kernelspec"] = {
        "name": "other",
        "display_name": "Other",
        "language": "python",
    }
    nbformat.write(nb, notebook)
    assert pair_difference(notebook, script) is not None
