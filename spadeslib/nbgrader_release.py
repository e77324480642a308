"""An nbgrader course of the exercises, for a teacher on JupyterHub.

:func:`write_course` writes an nbgrader course folder: one assignment per
chapter (``source/CHAPTER/CHAPTER.ipynb``) with a solution cell and an
autograded test cell per exercise, a ``students.csv`` to import, an answer
key per student and an ``nbgrader_config.py``. The teacher then runs the usual
nbgrader steps in that folder, with the environment that has nbgrader
activated (nbgrader runs its own tools, such as alembic, from its ``PATH``)::

    nbgrader db student import students.csv
    nbgrader generate_assignment 06_scoring     # strips the solutions
    nbgrader release_assignment 06_scoring      # (or copy release/ by hand)
    nbgrader collect 06_scoring
    nbgrader autograde 06_scoring

Every student gets their own exercises: the notebook derives its seed from the
class seed and the student's id (:func:`student_id`: the JupyterHub user while
the student works; the nbgrader student id while nbgrader autogrades, set by
the :class:`StudentSeed` preprocessor that ``nbgrader_config.py`` installs).
Its setup cell calls :func:`~spadeslib.exercises.graded`, so ``q1.solution()``
says that solutions are off (hints and checks stay). The checks run in the
student's own kernel, so a determined student can compute an answer with the
library: the grades are for practice, not for exams.
``spades exercises --nbgrader --students a,b --seed S --out DIR`` calls this.

>>> cells = assignment_notebook("06_scoring", 2026).cells
>>> [c.metadata.nbgrader["grade_id"] for c in cells[:5]]
['intro', 'setup', 'heading_1', 'show_1', 'answer_1']
>>> print(cells[4].source)
# Exercise 6.1: delete the line raise NotImplementedError() below and, in its
# place, write answer_1 = ... (your answer, in the form q1.show() asks for).
# Then run this cell: it checks your answer.
### BEGIN SOLUTION
from spadeslib.exercises import key_text
answer_1 = key_text(q1)
### END SOLUTION
q1.check(answer_1)
"""

from __future__ import annotations

import csv
import getpass
import json
import os
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from . import __version__
from .errors import SpadesError
from .exercises import (
    CHAPTERS,
    Chapter,
    exercise_classes,
    load,
    resolve,
    student_seed,
)
from .exercises.class_sets import class_seed_of, earlier_key, key_markdown
from .exercises.notebooks import SETUP_IMPORT, YOUR_CODE, exercise_heading
from .exercises.stored_key import SOLUTIONS_FIELD, VERSION_FIELD

__all__ = [
    "STUDENT_ENV",
    "StudentSeed",
    "assert_right",
    "assignment_notebook",
    "autograde_preprocessors",
    "student_id",
    "write_course",
]

STUDENT_ENV = "SPADESLIB_STUDENT"
"""Environment variable naming the student whose notebook is being graded."""

NBGRADER_SCHEMA = 3


def student_id() -> str:
    """The student this notebook belongs to.

    While nbgrader autogrades: the submission's student id (``SPADESLIB_STUDENT``,
    set by :class:`StudentSeed`); on JupyterHub: the hub user
    (``JUPYTERHUB_USER``, nbgrader's default student id); elsewhere the login.

    >>> os.environ[STUDENT_ENV] = "alice"; student_id()
    'alice'
    >>> del os.environ[STUDENT_ENV]
    """
    return (
        os.environ.get(STUDENT_ENV)
        or os.environ.get("JUPYTERHUB_USER")
        or getpass.getuser()
    )


def assert_right(exercise: Any, answer: Any) -> None:
    """The autograder's test: pass if ``answer`` is right, else fail with the
    check's message (which names the mistake, never the key).

    >>> q1 = load("06_scoring", seed=1)[0]
    >>> assert_right(q1, "not a number")
    Traceback (most recent call last):
    ...
    AssertionError: ...
    """
    verdict = exercise.feedback(answer)
    if not verdict.correct:
        raise AssertionError(f"{exercise.label}: {verdict}")


def _cell(kind: str, source: str, grade_id: str, **flags: Any) -> Any:
    import nbformat.v4 as nbf

    if kind == "markdown":
        cell = nbf.new_markdown_cell(source)
    else:
        cell = nbf.new_code_cell(source)
    meta = {
        "grade": False,
        "grade_id": grade_id,
        "locked": True,
        "schema_version": NBGRADER_SCHEMA,
        "solution": False,
        "task": False,
    }
    meta.update(flags)
    cell.metadata["nbgrader"] = meta
    cell.metadata["deletable"] = False
    cell.metadata["editable"] = not meta["locked"]
    return cell


def assignment_notebook(chapter: str | int, class_seed: int | str) -> Any:
    """The nbgrader source notebook of one chapter's exercises (an nbformat node).

    The setup cell imports what a class set's notebook imports
    (:data:`~spadeslib.exercises.notebooks.SETUP_IMPORT`: ``Game``, ``Rules``,
    ``Seat``). Per exercise: its heading (``## Exercise C.N · title`` and the
    exercise's intro, as in a class set), a locked cell that shows it, an empty
    cell for the exercise's code when it asks for code (chapter 11), a solution
    cell (the key,
    computed for the student's seed, between ``### BEGIN SOLUTION`` and ``###
    END SOLUTION``; the instant check stays) and an autograded test cell worth
    one point.
    """
    import nbformat.v4 as nbf

    name = resolve(chapter)
    sample = load(name, seed=0)
    count = len(sample)
    names = ", ".join(f"q{i}" for i in range(1, count + 1))
    unpack = f"{names}, = chapter" if count == 1 else f"{names} = chapter"
    intro = (
        f"# {sample.title}: exercises\n\n"
        "Your exercises are your own: they are built from your student id, so "
        "your neighbour's answers are not yours. For each exercise, run the cell "
        "that shows it. In the cell below it, delete the line "
        "`raise NotImplementedError()` and write your answer in its place "
        "(`answer_1 = ...` for exercise 1, `answer_2 = ...` for exercise 2, "
        "...), then run that cell: it tells you at once whether the answer is "
        "right. The last cell of each exercise is the grader's test: run it "
        "too. `q1.hint()` gives a hint; solutions are off in a graded "
        "assignment."
    )
    setup = (
        f"{SETUP_IMPORT}\n"
        "from spadeslib.exercises import graded, load, student_seed\n"
        "from spadeslib.nbgrader_release import assert_right, student_id\n\n"
        "graded()  # q1.solution() says solutions are off; hints stay\n"
        f"CLASS_SEED = {json.dumps(class_seed)}\n"
        "SEED = student_seed(CLASS_SEED, student_id())\n"
        f"chapter = load({name!r}, seed=SEED)\n"
        f"{unpack}\n"
        'print(f"exercises of {student_id()}, seed {SEED}")'
    )
    cells = [_cell("markdown", intro, "intro"), _cell("code", setup, "setup")]
    classes = exercise_classes(name)
    for i, (cls, exercise) in enumerate(zip(classes, sample, strict=True), 1):
        answer = (
            f"# Exercise {exercise.label}: delete the line raise "
            "NotImplementedError() below and, in its\n"
            f"# place, write answer_{i} = ... (your answer, in the form q{i}.show() "
            "asks for).\n"
            "# Then run this cell: it checks your answer.\n"
            "### BEGIN SOLUTION\n"
            "from spadeslib.exercises import key_text\n"
            f"answer_{i} = key_text(q{i})\n"
            "### END SOLUTION\n"
            f"q{i}.check(answer_{i})"
        )
        cells += [
            _cell("markdown", exercise_heading(name, i), f"heading_{i}"),
            _cell("code", f"q{i}.show()", f"show_{i}"),
        ]
        if cls.worked:  # the class set's "# Your code here" cell: the student's
            cells.append(nbf.new_code_cell(YOUR_CODE))  # own, not nbgrader's
        cells += [
            _cell("code", answer, f"answer_{i}", solution=True, locked=False),
            _cell(
                "code",
                f"assert_right(q{i}, answer_{i})",
                f"test_{i}",
                grade=True,
                points=1,
            ),
        ]
    nb = nbf.new_notebook(cells=cells)
    nb.metadata["kernelspec"] = {
        "display_name": "Python 3 (ipykernel)",
        "language": "python",
        "name": "python3",
    }
    return nb


_CONFIG = '''\
"""nbgrader settings of this Spades course (written by spadeslib)."""

from spadeslib.nbgrader_release import autograde_preprocessors

c = get_config()  # noqa: F821 (nbgrader provides it)
c.CourseDirectory.course_id = {course!r}
# Grade each submission with its student's own seed.
c.Autograde.autograde_preprocessors = autograde_preprocessors()
# Exercises that run the bots take a while, and a busy hub is slower still.
c.Execute.timeout = 600
c.Execute.startup_timeout = 300
'''


def write_course(
    out: str | Path,
    students: Sequence[str],
    class_seed: int | str,
    chapters: Iterable[str] = CHAPTERS,
    course: str = "spades",
    progress: Callable[[], object] | None = None,
) -> list[Path]:
    """Write the nbgrader course folder; return the files written.

    ``students`` (JupyterHub user names, exactly: the seed is derived from
    them) become ``students.csv`` (for ``nbgrader db student import``) and
    ``answer_key.md`` / ``answer_key.json``: per student, ``seed``, ``answers``
    (one per exercise, the key), ``accepted`` (every answer the check
    accepts, the key first) and ``spadeslib_version`` (this one, per
    chapter), by chapter and exercise label, as in a class set.
    ``progress`` is called once per student and chapter whose key is computed.

    The key records the ``class_seed``. A later run into the same folder (the
    next chapter, a late student) must use that class seed, else
    :class:`~spadeslib.errors.SpadesError` before anything is written; its
    keys then cover the students and chapters of both runs.
    """
    root = Path(out)
    earlier = earlier_key(root / "answer_key.json")
    known = class_seed_of(earlier, class_seed)
    if earlier and known != str(class_seed):
        was = f"is {known}" if known is not None else "is not recorded"
        raise SpadesError(
            f"the class seed of the nbgrader course in {root} {was}, not "
            f"{class_seed}: run with the --seed you used before (or without "
            "--seed), or write the new course to another --out folder"
        )
    root.mkdir(parents=True, exist_ok=True)
    import nbformat

    written = []
    config = root / "nbgrader_config.py"
    config.write_text(_CONFIG.format(course=course), encoding="utf-8")
    written.append(config)
    names = [resolve(c) for c in chapters]
    for name in names:
        path = root / "source" / name / f"{name}.ipynb"
        path.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(assignment_notebook(name, class_seed), path)
        written.append(path)
    # the students and chapters of an earlier run too, so no key is lost
    everyone = list(dict.fromkeys([*students, *earlier]))
    roster = root / "students.csv"
    with roster.open("w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(["id", "first_name", "last_name", "email"])
        writer.writerows([s, "", "", ""] for s in everyone)
    written.append(roster)
    keys: dict[str, Any] = {}
    seeds = [(student, student_seed(class_seed, student)) for student in everyone]
    done = {name for entry in earlier.values() for name in entry["answers"]}
    run = {(student, name) for student in students for name in names}
    names = [name for name in CHAPTERS if name in {*names, *done}]
    loaded: dict[tuple[str, int], Chapter] = {}
    for student, seed in seeds:
        keys[student] = {
            "seed": seed,
            "class_seed": str(class_seed),
            "answers": {},
            "accepted": {},
            VERSION_FIELD: dict.fromkeys(names, __version__),
            SOLUTIONS_FIELD: dict.fromkeys(names, True),  # graded() in every one
        }
        for name in names:
            chapter = loaded[(name, seed)] = load(name, seed=seed)
            keys[student]["answers"][name] = {
                label: key for label, _, key in chapter.key()
            }
            keys[student]["accepted"][name] = {
                label: answers for label, _, answers in chapter.accepted()
            }
            if progress is not None and (student, name) in run:
                progress()
    md, js = root / "answer_key.md", root / "answer_key.json"
    md.write_text(key_markdown(seeds, names, loaded), encoding="utf-8")
    js.write_text(json.dumps(keys, indent=1, ensure_ascii=False) + "\n", "utf-8")
    return [*written, md, js]


def autograde_preprocessors() -> list[Any]:
    """nbgrader's autograde steps with :class:`StudentSeed` first.

    >>> [step.__name__ for step in autograde_preprocessors()[:2]]
    ['StudentSeed', 'Execute']
    """
    from nbgrader.converters import Autograde

    default = Autograde.class_traits()["autograde_preprocessors"].default()
    return [StudentSeed, *default]


def _preprocessor_base() -> type:
    try:
        from nbgrader.preprocessors import NbGraderPreprocessor
    except ImportError:  # the classroom extra is not installed
        return object
    base: type = NbGraderPreprocessor  # untyped: nbgrader has no type hints
    return base


class StudentSeed(_preprocessor_base()):  # type: ignore[misc]
    """nbgrader autograde step: tell the notebook whose submission it is.

    Sets ``SPADESLIB_STUDENT`` to the submission's student id before the
    notebook's kernel starts, so :func:`student_id` (and so the seed) is the
    student's, not the grader's.
    """

    def preprocess(self, nb: Any, resources: dict[str, Any]) -> tuple[Any, Any]:
        os.environ[STUDENT_ENV] = resources["nbgrader"]["student"]
        return nb, resources
