"""The answer key of the chapter quizzes, for the teacher.

Each chapter notebook ``notebooks/NN_*.ipynb`` ends with a
:class:`~spadeslib.quiz.Quiz` whose answers are computed by the notebook's
own cells. :func:`quiz_key` runs each chapter notebook that has a quiz (with
nbclient, kernel ``python3``, working directory ``notebooks/``), then one
more cell that prints the key (:meth:`~spadeslib.quiz.Quiz.key`) of every
quiz the notebook defined, and returns them as one Markdown document. The
notebooks come with the repository, not with an installed wheel: without
them, :func:`quiz_key` is a :class:`~spadeslib.errors.SpadesError`.

``spades quiz-key [--chapters 1,3] [--out FILE]`` is the command line.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from .errors import SpadesError

__all__ = ["notebooks_folder", "quiz_chapters", "quiz_key", "run_chapter"]

#: the cell run after a chapter: prints the key of each Quiz in the kernel, as JSON
KEY_CELL = """\
import json as _json
from spadeslib.quiz import Quiz as _Quiz
_seen = {}
for _value in list(globals().values()):
    if isinstance(_value, _Quiz):
        _seen.setdefault(id(_value), _value)
print(_json.dumps([_q.key(level=3) for _q in _seen.values()]))
"""


def notebooks_folder() -> Path:
    """The course's ``notebooks/`` folder, next to the package in the repository.

    A :class:`~spadeslib.errors.SpadesError` when it is not there (an
    installed wheel has no notebooks)."""
    folder = Path(__file__).resolve().parent.parent / "notebooks"
    if not any(folder.glob("[0-9][0-9]_*.ipynb")):
        raise SpadesError(
            f"the chapter notebooks are not in {folder}: the quiz key runs them, "
            "so it needs the course repository (git clone, then pip install -e .), "
            "not an installed wheel"
        )
    return folder


def _has_quiz(path: Path) -> bool:
    nb = json.loads(path.read_text(encoding="utf-8"))
    return any(
        cell.get("cell_type") == "code" and "Quiz(" in "".join(cell.get("source", ""))
        for cell in nb.get("cells", [])
    )


def quiz_chapters(chapters: Iterable[str | int] | None = None) -> list[str]:
    """The chapter notebooks (names such as ``"01_welcome"``) to key: those
    named (by number or name, each once, in the order given), else every
    chapter that has a quiz. A chapter that is unknown or has no quiz is a
    :class:`~spadeslib.errors.SpadesError`."""
    from .exercises import resolve

    folder = notebooks_folder()
    with_quiz = [
        p.stem for p in sorted(folder.glob("[0-9][0-9]_*.ipynb")) if _has_quiz(p)
    ]
    if chapters is None:
        return with_quiz
    names = list(dict.fromkeys(resolve(c) for c in chapters))
    for name in names:
        if name not in with_quiz:
            raise SpadesError(
                f"chapter {name} has no quiz: the chapters with a quiz are "
                f"{', '.join(with_quiz)}"
            )
    if not names:
        raise SpadesError("no chapter named: give chapters such as 1,3")
    return names


def run_chapter(name: str, cell: str, timeout: int = 600) -> str:
    """Run chapter ``name``'s notebook, then ``cell``, in a fresh kernel
    (working directory ``notebooks/``); return what ``cell`` printed. A cell
    of the chapter that raises is a :class:`~spadeslib.errors.SpadesError`
    naming it."""
    try:
        import nbformat
        from nbclient.exceptions import CellExecutionError
    except ImportError as error:
        raise SpadesError(
            f"running the chapter notebooks needs {error.name}, which is not "
            'installed: install the course extra with pip install -e ".[course]"'
        ) from None

    from .exercises.grading import quiet_client

    folder = notebooks_folder()
    path = folder / f"{name}.ipynb"
    if not path.exists():
        raise SpadesError(f"no notebook {path}")
    nb = nbformat.read(path, as_version=4)
    nb.cells.append(nbformat.v4.new_code_cell(cell))
    with quiet_client(nb, folder, timeout) as client:
        try:
            # the kernel manager is ours (IPC): shut the kernel down here, or
            # it lives until this process exits
            client.execute(cleanup_kc=True)
        except CellExecutionError as error:
            lines = str(error).strip().splitlines()
            raise SpadesError(
                f"running {path.name} failed: {lines[-1] if lines else error}"
            ) from None
    return "".join(
        "".join(out["text"])
        for out in nb.cells[-1].get("outputs", [])
        if out.get("output_type") == "stream" and out.get("name") == "stdout"
    )


def quiz_key(
    chapters: Iterable[str | int] | None = None,
    *,
    progress: Callable[[str], Any] | None = None,
) -> str:
    """The answer key of the quizzes of ``chapters`` (default: every chapter
    with a quiz) as one Markdown document, computed by running each chapter
    notebook. ``progress(name)`` is called as each chapter is done."""
    names = quiz_chapters(chapters)
    parts = [
        "# Chapter quizzes: answer key",
        "Computed by running each chapter notebook: the answers are the "
        "library's. Per question, the right choice with its letter, and why.",
    ]
    for name in names:
        printed = run_chapter(name, KEY_CELL)
        try:
            keys = json.loads(printed.strip().splitlines()[-1])
        except (IndexError, ValueError):
            raise SpadesError(f"{name}.ipynb: its quiz key could not be read") from None
        if not keys:
            raise SpadesError(f"{name}.ipynb defined no quiz")
        parts.append(f"## {name}")
        parts += keys
        if progress is not None:
            progress(name)
    return "\n\n".join(parts) + "\n"
