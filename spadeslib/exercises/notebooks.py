"""Exercise and solution notebooks rendered from the exercise declarations,
student sets and answer keys.

Each exercise is declared once, in its chapter module (title, intro, prompt,
generator, key, mistakes, hint; see :class:`.specs.Spec`). One template,
:func:`solution_source`, renders a chapter's declarations into its solution
notebook (``exercises/solutions/NAME.py``, paired with ``NAME.ipynb`` by
jupytext), with every answer filled in from the key at the course's seed;
:func:`to_exercise` derives the blank exercise notebook from it:

- a code line ending in ``# SOLUTION`` is blanked: ``answer = 93  # SOLUTION``
  becomes ``answer = ____``; a line that is not an assignment is dropped;
- a code cell whose first line is ``# SOLUTION`` is dropped (for example the
  ``q1.solution()`` calls that fill the solutions notebook);
- a code cell whose first line is ``# SOLUTION CODE`` (worked code a learner
  is to write) becomes a cell holding only ``# Your code here``;
- a markdown cell whose first line is ``<!-- SOLUTION -->`` is dropped, and so
  is any markdown line ending in ``<!-- SOLUTION -->``;
- a relative link going up (``](../../notebooks/...)``) goes up one folder
  less, as ``exercises/NAME.ipynb`` sits one folder above
  ``exercises/solutions/NAME.ipynb`` (a link to a sibling stays a sibling);
- the import of :mod:`spadeslib.exercises` also imports the placeholder ``____``.

:func:`build` writes ``exercises/NAME.ipynb`` and ``NAME.py`` for every
chapter (``python -m spadeslib.exercises build``); :mod:`.class_sets` writes
one notebook per student with that student's seed, plus an answer key computed
by the library.

>>> to_exercise_source("answer = 93  # SOLUTION\\nq1.check(answer)")
'answer = ____\\nq1.check(answer)'
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from . import (
    CHAPTERS,
    DEFAULT_SEED,
    chapter_module,
    exercise_classes,
    load,
    resolve,
)
from .specs import exercise_label

__all__ = [
    "SETUP_IMPORT",
    "YOUR_CODE",
    "build",
    "check_built",
    "execute_solutions",
    "solution_source",
    "to_exercise",
    "to_exercise_source",
]

MARK = "# SOLUTION"
CODE_MARK = "# SOLUTION CODE"
MD_MARK = "<!-- SOLUTION -->"
FORMAT = "py:percent"
_ASSIGN = re.compile(
    r"^(\s*)([A-Za-z_][A-Za-z0-9_]*(?:\s*,\s*[A-Za-z_][A-Za-z0-9_]*)*)\s*=(?!=)"
)
_IMPORT = re.compile(r"^from spadeslib\.exercises import (?!____)")
SEED_LINE = re.compile(r"^SEED = -?\d+", re.MULTILINE)
"""The seed line of an exercise notebook's setup cell."""


SETUP_IMPORT = "from spadeslib import Game, Rules, Seat"
"""The first line of every exercise notebook's setup cell (the course's
exercises, class sets and nbgrader assignments): the names the exercises'
prompts use (chapter 11: "Make a game with `Game(...)`")."""

YOUR_CODE = "# Your code here"
"""The cell a student writes an exercise's worked code in (an exercise whose
class has ``worked`` code, such as chapter 11's)."""


def exercise_heading(name: str, number: int) -> str:
    """The markdown heading of exercise ``number`` (from 1) of chapter
    ``name``: ``## Exercise C.N · title`` (the label ``q.show()``, the sheets,
    the grid and the grades use) and, if it has one, its intro.

    >>> print(exercise_heading("11_play", 1).split("\\n")[0])
    ## Exercise 11.1 · Play two hands with the bots
    """
    cls = exercise_classes(resolve(name))[number - 1]
    head = f"## Exercise {exercise_label(cls)} · {cls.title}"
    if cls.intro:
        head += "\n\n" + _wrap(cls.intro)
    return head


def project_root() -> Path:
    """The repository root (the folder holding ``exercises/``)."""
    return Path(__file__).resolve().parents[2]


def to_exercise_source(source: str) -> str:
    """Blank the ``# SOLUTION`` lines of one code cell's source."""
    out = []
    for line in source.split("\n"):
        if _IMPORT.match(line):
            line = _IMPORT.sub("from spadeslib.exercises import ____, ", line)
        stripped = line.rstrip()
        if stripped.endswith(MARK):
            match = _ASSIGN.match(stripped)
            if match:
                out.append(f"{match.group(1)}{match.group(2)} = ____")
            continue
        out.append(line)
    return "\n".join(out)


_UP = re.compile(r"\]\(\.\./")


def _markdown(source: str) -> str | None:
    lines = source.split("\n")
    if lines and lines[0].strip() == MD_MARK:
        return None
    kept = [line for line in lines if not line.rstrip().endswith(MD_MARK)]
    while kept and not kept[-1].strip():
        kept.pop()
    return _UP.sub("](", "\n".join(kept))


def to_exercise(solution: Any) -> Any:
    """The blank exercise notebook made from a solution notebook (no outputs)."""
    import nbformat

    nb = copy.deepcopy(solution)
    cells = []
    for cell in nb.cells:
        if cell.cell_type == "code":
            first = cell.source.split("\n", 1)[0].strip()
            if first == MARK:
                continue
            if first == CODE_MARK:
                new = nbformat.v4.new_code_cell(YOUR_CODE)
            else:
                new = nbformat.v4.new_code_cell(to_exercise_source(cell.source))
        elif cell.cell_type == "markdown":
            text = _markdown(cell.source)
            if text is None:
                continue
            new = nbformat.v4.new_markdown_cell(text)
        else:
            new = copy.deepcopy(cell)
        new.metadata = copy.deepcopy(cell.metadata)
        cells.append(new)
    nb.cells = cells
    _number_cells(nb, "ex")
    nb.metadata.pop("language_info", None)
    return nb


def _number_cells(nb: Any, prefix: str) -> None:
    for i, cell in enumerate(nb.cells):
        cell["id"] = f"{prefix}-{i:03d}"


def _paths(root: Path, name: str) -> dict[str, Path]:
    return {
        "solution_py": root / "exercises" / "solutions" / f"{name}.py",
        "solution_ipynb": root / "exercises" / "solutions" / f"{name}.ipynb",
        "exercise_py": root / "exercises" / f"{name}.py",
        "exercise_ipynb": root / "exercises" / f"{name}.ipynb",
    }


HEADER = """\
# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     notebook_metadata_filter: {FILTER}
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---
""".replace(
    "{FILTER}", "kernelspec,jupytext,-jupytext.text_representation.jupytext_version"
)

HOW = """\
**How it works.** First run the code cell just below this one: it loads the
exercises (without it, Python stops with `NameError: name 'q1' is not
defined`; run it again after a kernel restart). `q1.show()` prints an
exercise. Replace `____` with your answer and run the cell:
`q1.check(answer)` says *Correct*, or tells you what
went wrong. Stuck? Uncomment `q1.hint()` for a hint, or `q1.solution()` for
the answer and its explanation.

Every exercise is built from the seed below, so your teacher may give you
your own seed; the checks follow it.

**Solutions: every answer is filled in and checked**, for this seed. <!-- SOLUTION -->
Another seed changes the exercises: `q1.solution()` answers them. <!-- SOLUTION -->"""


def _md(text: str) -> str:
    lines = [f"# {line}".rstrip() for line in text.strip("\n").split("\n")]
    return "# %% [markdown]\n" + "\n".join(lines) + "\n"


def _wrap(text: str) -> str:
    import textwrap

    return "\n".join(textwrap.wrap(" ".join(text.split()), 72)) if text else ""


COURSE = "../../notebooks"
"""Where the course's chapters are, seen from ``exercises/solutions/``."""


def solution_source(
    name: str,
    seed: int = DEFAULT_SEED,
    course: str | None = COURSE,
    siblings: Iterable[str] | None = None,
) -> str:
    """The solution notebook of chapter ``name`` (py:percent text), rendered from
    its declarations: the same template for every chapter, each answer the key
    at ``seed``.

    ``course`` is the folder of the course's chapter notebooks, relative to the
    notebook (``None``: the chapter is named in words, for a notebook written
    away from the course); ``siblings`` the chapters whose notebooks sit next
    to this one (default: every chapter), the only ones "Next" links to.

    >>> text = solution_source("03_bidding")
    >>> "answer = 7  # SOLUTION" in text or "# SOLUTION" in text
    True
    >>> "(../../notebooks/03_bidding.ipynb)" in text
    True
    >>> text = solution_source("06", course=None, siblings=["06", "08"])
    >>> "chapter 6 of the course, *Scoring a hand*" in text
    True
    >>> "[08_variants](08_variants.ipynb)" in text
    True
    """
    name = resolve(name)
    module = chapter_module(name)
    number = int(name[:2])
    chapter = f"Chapter {number} · {module.TITLE}"
    if course is None:
        link = f"chapter {number} of the course, *{module.TITLE}*"
        back = f"Back to the course: chapter {number}, *{module.TITLE}*."
    else:
        link = f"[{chapter}]({course}/{name}.ipynb)"
        back = f"Back to the chapter:\n{link}."
    loaded = load(name, seed=seed)
    names = ", ".join(f"q{i}" for i in range(1, len(loaded) + 1))
    intro = f"These exercises go with\n{link}.\n{_wrap(module.INTRO)}"
    parts = [
        HEADER,
        _md(f"# Exercises · {chapter}\n\n{intro}\n\n{HOW}"),
        f"# %%\n{SETUP_IMPORT}\n"
        "from spadeslib.exercises import load\n\n"
        f'SEED = {seed}\n{names} = load("{name}", seed=SEED)\n',
    ]
    for i, (cls, q) in enumerate(zip(exercise_classes(name), loaded, strict=True), 1):
        parts.append(_md(exercise_heading(name, i)))
        parts.append(f"# %%\nq{i}.show()\n")
        if cls.worked:
            parts.append(f"# %%\n{CODE_MARK}\n{cls.worked.rstrip()}\n")
        from .exercise import spec_of

        answer = cls.answer_code or spec_of(q).literal()
        parts.append(f"# %%\nanswer = {answer}  {MARK}\nq{i}.check(answer)\n")
        parts.append(f"# %%\n# q{i}.hint()\n# q{i}.solution()\n")
        parts.append(f"# %%\n{MARK}\nq{i}.solution()\n")
    index = CHAPTERS.index(name)
    written = set(CHAPTERS if siblings is None else map(resolve, siblings))
    after = next((c for c in CHAPTERS[index + 1 :] if c in written), None)
    if after is None:
        last = index + 1 == len(CHAPTERS)
        nxt = f"That was the last chapter{'' if last else ' of this set'}: well done!"
        if last:  # the course's end: the chapter's last section says what next
            nxt += "\nThe chapter ends with where to go from here."
    elif course is not None:  # the lesson comes before its exercises
        title = chapter_module(after).TITLE
        nxt = (
            f"Next: read chapter {int(after[:2])}, [{title}]({course}/"
            f"{after}.ipynb),\nthen do its exercises, [{after}]({after}.ipynb)."
        )
    else:
        which = (
            "the next chapter"
            if after == CHAPTERS[index + 1]
            else f"chapter {int(after[:2])}"
        )
        nxt = f"Next: the exercises of {which},\n[{after}]({after}.ipynb)."
    parts.append(_md(f"## What next?\n\n{back}\n{nxt}"))
    return "\n".join(parts)


def _read_solution(root: Path, name: str) -> Any:
    import jupytext

    return jupytext.reads(solution_source(name), fmt=FORMAT)


def rendered(root: Path, name: str) -> tuple[str, str]:
    """The exercise notebook of chapter ``name`` as (``.py`` text, ``.ipynb`` text),
    generated from its solution."""
    import jupytext
    import nbformat

    nb = to_exercise(_read_solution(root, name))
    py = jupytext.writes(nb, fmt=FORMAT)
    ipynb = nbformat.writes(nb)
    return py, ipynb + "\n"


def _solution_files(root: Path, name: str) -> list[tuple[Path, str]]:
    """The solution script rendered from the declarations, and its notebook when
    the script changed (unexecuted; :func:`execute_solutions` runs it)."""
    import jupytext
    import nbformat

    paths = _paths(root, name)
    text = solution_source(name)
    out = [(paths["solution_py"], text)]
    old = paths["solution_py"]
    if not old.exists() or old.read_text(encoding="utf-8") != text:
        nb = jupytext.reads(text, fmt=FORMAT)
        _number_cells(nb, "sol")
        out.append((paths["solution_ipynb"], nbformat.writes(nb) + "\n"))
    return out


def build(root: Path | None = None, names: Iterable[str] = CHAPTERS) -> list[Path]:
    """Write every solution script (from the declarations) and exercise notebook
    (from the solution); return the files that changed."""
    root = root or project_root()
    changed = []
    for name in names:
        name = resolve(name)
        paths = _paths(root, name)
        solution = _solution_files(root, name)
        for path, text in solution:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                path.write_text(text, encoding="utf-8")
                changed.append(path)
        py, ipynb = rendered(root, name)
        for path, text in (
            (paths["exercise_py"], py),
            (paths["exercise_ipynb"], ipynb),
        ):
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                path.write_text(text, encoding="utf-8")
                changed.append(path)
    return changed


def check_built(root: Path | None = None, names: Iterable[str] = CHAPTERS) -> list[str]:
    """The exercise files that differ from what :func:`build` would write."""
    root = root or project_root()
    stale = []
    for name in names:
        name = resolve(name)
        paths = _paths(root, name)
        py, ipynb = rendered(root, name)
        for path, text in (
            (paths["solution_py"], solution_source(name)),
            (paths["exercise_py"], py),
            (paths["exercise_ipynb"], ipynb),
        ):
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(str(path.relative_to(root)))
    return stale


def execute_solutions(
    root: Path | None = None, names: Iterable[str] = CHAPTERS, timeout: int = 120
) -> list[Path]:
    """Write each solution ``.ipynb`` from its declarations and run it in place
    (kernel ``python3``, working directory ``exercises/solutions``) so its stored
    outputs are true."""
    import jupytext
    import nbformat
    from nbclient import NotebookClient

    root = root or project_root()
    written = []
    for name in names:
        name = resolve(name)
        paths = _paths(root, name)
        nb = _read_solution(root, name)
        _number_cells(nb, "sol")
        client = NotebookClient(
            nb,
            timeout=timeout,
            kernel_name="python3",
            record_timing=False,
            resources={"metadata": {"path": str(paths["solution_py"].parent)}},
        )
        client.execute()
        _coalesce_streams(nb)
        nbformat.write(nb, paths["solution_ipynb"])
        jupytext.write(nb, paths["solution_py"], fmt=FORMAT)
        written.append(paths["solution_ipynb"])
    return written


def _coalesce_streams(nb: Any) -> None:
    """Join consecutive stdout/stderr outputs of a cell (the kernel splits a
    long print at arbitrary points), so executed files are stable."""
    for cell in nb.cells:
        merged: list[Any] = []
        for out in cell.get("outputs", []):
            if (
                merged
                and out.get("output_type") == "stream"
                and merged[-1].get("output_type") == "stream"
                and merged[-1].get("name") == out.get("name")
            ):
                merged[-1]["text"] += out["text"]
            else:
                merged.append(out)
        if "outputs" in cell:
            cell["outputs"] = merged
