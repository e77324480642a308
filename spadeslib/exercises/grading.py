"""Grade a class set's returned notebooks with the library's own checks.

A teacher writes a class set (``spades exercises --students ... --out DIR``),
hands out ``DIR/STUDENT/NN_chapter.ipynb`` and puts the returned notebooks
back in place. :func:`grade_class` then reads, in each notebook, the answer
the student gave to every ``qN.check(...)`` and judges it with that
exercise's own check (:meth:`~spadeslib.exercises.Exercise.feedback`), built
from the student's seed in ``DIR/answer_key.json`` (or, without a key, the
``SEED = ...`` line of the notebook). An exercise this spadeslib builds
with another key than the one the answer key stored (a newer version) is
graded by the stored key where it can be (:mod:`.stored_key`), with a note.

No student code runs: the answer is read from the notebook's text. An answer
written as a literal (``91``, ``"N S"``, ``["0", "nil"]``, ``-50``), simple
arithmetic on numbers (``90 + 1``), ``Seat.EAST`` or ``Suit.SPADES`` (imported
from spadeslib, as the setup cell imports ``Seat``), or a name
assigned such a value earlier in the notebook (``answer = 91`` then
``q1.check(answer)``) is read; anything else (``game.scores["NS"]``, a call)
is code, and its verdict is ``not read`` unless ``execute=True``, which runs
the notebooks holding such answers with nbclient (the student's code, in a
kernel on this machine: only for notebooks you trust) and reads the verdicts
their checks print. Cells are read in notebook order, which is the order a
student who ran "Run all" executed them.

The answers are read by :mod:`.cells`.
"""

from __future__ import annotations

import csv
import json
import os
import re
import tempfile
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from ..errors import SpadesError
from . import CHAPTERS, Chapter, Exercise, key_text, load, resolve
from .cells import (
    EXPECTED_CHECK,
    Reading,
    ran_cells,
    read_answers,
    setup_seed,
    typed_answer,
)
from .feedback import Feedback
from .stored_key import StoredKey, by_stored_key, drift_note, stored_keys, written_by

__all__ = [
    "VERDICTS",
    "Grade",
    "Reading",
    "Report",
    "grade_class",
    "grade_notebook",
    "read_answers",
    "write_csv",
]

Verdict = Literal["correct", "incorrect", "not answered", "not read"]
VERDICTS: tuple[Verdict, ...] = ("correct", "incorrect", "not answered", "not read")
"""Every verdict, in the order the summary counts them."""
FEEDBACK_WIDTH = 60
"""Characters of feedback the grades' text table shows (the CSV has it all)."""

_STATUS: dict[str, Verdict] = {
    "correct": "correct",
    "incorrect": "incorrect",
    "unreadable": "incorrect",  # an answer the check cannot read is wrong
    "not attempted": "not answered",
}
#: the first words of what ``q.check`` prints (``str(Feedback)``), per verdict
_PRINTED: tuple[tuple[str, Verdict], ...] = (
    ("Correct", "correct"),
    ("Incorrect", "incorrect"),
    ("Check the format of your answer", "incorrect"),
    ("Not attempted", "not answered"),
)


@dataclass(frozen=True)
class Grade:
    """One exercise of one student's notebook, graded."""

    student: str
    seed: int | None
    chapter: str
    exercise: str
    verdict: Verdict
    feedback: str
    answer: str = ""


@dataclass
class Report:
    """Every grade of a class set, and notes on what was odd (a changed seed,
    a notebook the key does not know)."""

    grades: list[Grade] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    flags: dict[str, list[str]] = field(default_factory=dict)
    """Per student, what their summary line adds: a notebook missing, or
    one unchanged since it was handed out (returned blank, or never
    returned: a teacher tells them apart)."""

    def table(self, width: int = FEEDBACK_WIDTH) -> str:
        """The grades as a text table (feedback cut to ``width`` characters),
        then one line per student: how many exercises got each verdict."""
        rows = [("student", "chapter", "exercise", "verdict", "feedback")]
        for g in self.grades:
            feedback = g.feedback
            if len(feedback) > width:
                feedback = feedback[: width - 3] + "..."
            rows.append((g.student, g.chapter, g.exercise, g.verdict, feedback))
        widths = [max(len(row[i]) for row in rows) for i in range(4)]
        lines = []
        for row in rows:
            cells = [cell.ljust(w) for cell, w in zip(row, widths, strict=False)]
            lines.append("  ".join([*cells, row[4]]).rstrip())
        lines.append("")
        for student, counts in self.summary().items():
            total = sum(counts.values())
            parts = [f"{counts[v]} {v}" for v in VERDICTS[1:] if counts[v]]
            flags = self.flags.get(student, [])
            lines.append(
                f"{student}: {counts['correct']}/{total} correct"
                + (f" ({', '.join(parts)})" if parts else "")
                + (f"; {'; '.join(flags)}" if flags else "")
            )
        exercises = self.by_exercise()
        if exercises:
            lines.append("")
        for (_, label), counts in exercises.items():
            total = sum(counts.values())
            parts = [f"{counts[v]} {v}" for v in VERDICTS[1:] if counts[v]]
            lines.append(
                f"{label}: {counts['correct']} of {total} correct"
                + (f" ({', '.join(parts)})" if parts else "")
            )
        lines += [f"note: {note}" for note in self.notes]
        return "\n".join(lines)

    def by_exercise(self) -> dict[tuple[str, str], dict[Verdict, int]]:
        """Per exercise, ``(chapter, label)`` in the course's order, the count
        of each verdict over the class: which exercise the class found hard.
        A notebook graded without a seed (exercise ``?``) is not counted."""
        out: dict[tuple[str, str], dict[Verdict, int]] = {}
        for g in self.grades:
            if g.exercise != "?":
                counts = out.setdefault((g.chapter, g.exercise), {})
                counts[g.verdict] = counts.get(g.verdict, 0) + 1

        def order(item: tuple[str, str]) -> tuple[int, str, tuple[int, ...]]:
            chapter, label = item
            place = CHAPTERS.index(chapter) if chapter in CHAPTERS else len(CHAPTERS)
            digits = tuple(int(n) for n in re.findall(r"\d+", label))
            return place, chapter, digits

        return {
            item: {v: out[item].get(v, 0) for v in VERDICTS}
            for item in sorted(out, key=order)
        }

    def summary(self) -> dict[str, dict[Verdict, int]]:
        """Per student (in the order graded), the count of each verdict."""
        out: dict[str, dict[Verdict, int]] = {}
        for g in self.grades:
            counts = out.setdefault(g.student, dict.fromkeys(VERDICTS, 0))
            counts[g.verdict] += 1
        return out


def _first_line(feedback: Feedback | str) -> str:
    return str(feedback).strip().split("\n", 1)[0]


def _code_sources(nb: Any) -> list[str]:
    return [
        "".join(c["source"]) if isinstance(c["source"], list) else c["source"]
        for c in nb.get("cells", [])
        if c.get("cell_type") == "code"
    ]


def grade_notebook(
    nb: dict[str, Any],
    chapter: Chapter,
    student: str,
    executed: dict[int, tuple[Verdict, str]] | None = None,
    readings: dict[int, Reading] | None = None,
    stored: Mapping[str, StoredKey] | None = None,
    drifted: list[tuple[str, str, str]] | None = None,
) -> list[Grade]:
    """Grade every exercise of ``chapter`` (built from the student's seed) in
    the notebook ``nb`` (its JSON, as a dict). ``executed``: verdicts read from
    the notebook's executed check cells (by exercise number), used for the
    answers that are code; ``readings``: the notebook's answers, when already
    read (:func:`read_answers`). ``stored``: the class set's stored key, by
    exercise label (:func:`.stored_key.stored_keys`): an answer to an exercise
    this spadeslib builds with another key is graded by the stored one
    (:func:`.stored_key.by_stored_key`; "not read" where it cannot be), and
    ``(label, stored key, this key)`` is added to ``drifted``; so is an
    exercise the stored key lacks (``""`` for its stored key: "not read") or
    one it holds that this spadeslib no longer builds (``""`` for this key:
    its answer is not graded)."""
    sources = _code_sources(nb)
    if readings is None:
        readings = read_answers(sources)
    grades = []
    for number, q in enumerate(chapter, 1):
        reading = readings.get(number)
        answer = reading.text if reading is not None else ""
        if reading is not None and reading.kind == "syntax":
            answer = typed_answer(sources, reading.cell)  # as typed, not the error
        verdict, feedback, judged = _verdict(q, number, reading, executed)
        old = stored.get(q.label) if stored is not None and judged else None
        if old is not None and reading is not None and (new := key_text(q)) != old.key:
            verdict, feedback = _by_stored(q, reading, judged, old)
            if drifted is not None:
                drifted.append((q.label, old.key, new))
        elif stored and q.label not in stored:  # new since the set was written
            verdict, feedback = (
                "not read",
                (
                    f"the class set's answer key has no exercise {q.label}: this "
                    "spadeslib builds it, the one that wrote the set did not, so "
                    "the handed-out notebook may not ask it"
                ),
            )
            if drifted is not None:
                drifted.append((q.label, "", key_text(q)))
        grades.append(
            Grade(
                student, chapter.seed, chapter.name, q.label, verdict, feedback, answer
            )
        )
    if stored and drifted is not None:  # stored, no longer built: not graded
        built = {q.label for q in chapter}
        drifted.extend(
            (label, k.key, "") for label, k in stored.items() if label not in built
        )
    return grades


def _verdict(
    q: Exercise,
    number: int,
    reading: Reading | None,
    executed: dict[int, tuple[Verdict, str]] | None,
) -> tuple[Verdict, str, str]:
    """The verdict on one answer, its feedback, and how this spadeslib's exercise
    gave it: ``"value"`` (its check), ``"executed"`` (run in the notebook),
    ``"undefined"`` (a name, checked in quotes) or ``""`` (it did not)."""
    if reading is None:
        return "not answered", f"no {EXPECTED_CHECK.format(n=number)} cell", ""
    if reading.kind == "value":
        said = q.feedback(reading.value)
        judged = "value" if said.status != "not attempted" else ""
        return _STATUS[said.status], _first_line(said), judged
    if (
        executed is not None
        and number in executed
        and (reading.kind != "undefined" or executed[number][0] != "not read")
    ):  # run, the check printed a verdict (a name found after all)
        return *executed[number], "executed"
    if reading.kind == "undefined":  # running it raises NameError
        right = q.feedback(reading.text).correct  # the mark is the teacher's call
        return "incorrect", _unquoted(reading.text, right), "undefined"
    if reading.kind == "code":
        return (
            "not read",
            "the answer is code: --execute runs the notebook to check it"
            if executed is None
            else "the answer is code, and running the notebook did not check it",
            "",
        )
    return "not read", f"the check's cell is not valid Python ({reading.text})", ""


def _unquoted(name: str, right: bool) -> str:
    """The feedback on an answer that is a name the notebook never sets;
    ``right``: whether in quotes it would be correct."""
    feedback = (
        f"the answer is the name {name}, which the notebook never sets: a text "
        f'is written in quotes, "{name}"'
    )
    return feedback + (", and in quotes it would be correct" if right else "")


def _by_stored(
    q: Exercise, reading: Reading, judged: str, stored: StoredKey
) -> tuple[Verdict, str]:
    """The verdict on an answer by the stored key, where this spadeslib builds
    another exercise (how the answer was ``judged``: see :func:`_verdict`)."""
    value = reading.value if judged == "value" else reading.text
    said = None if judged == "executed" else by_stored_key(q, value, stored)
    if said is None:
        why = (
            "the answer is code, run with this spadeslib"
            if judged == "executed"
            else "its check reads answers by its scenario"
        )
        return "not read", (
            "this spadeslib builds another exercise from the seed than the "
            f"stored answer key's ({' or '.join(stored.accepted)}), and {why}: "
            "check the answer by hand against the stored key"
        )
    if judged == "undefined":
        return "incorrect", _unquoted(reading.text, said.correct)
    return _STATUS[said.status], _first_line(said)


def _printed_verdict(cell: dict[str, Any]) -> tuple[Verdict, str]:
    """What an executed check cell printed, as a verdict and its first line."""
    for output in cell.get("outputs", []):
        if output.get("output_type") == "error":
            value = " ".join(str(output.get("evalue", "")).split())
            return "not read", f"the cell raised {output.get('ename')}: {value}"[:300]
    text = "".join(
        "".join(o["text"]) if isinstance(o["text"], list) else o["text"]
        for o in cell.get("outputs", [])
        if o.get("output_type") == "stream" and o.get("name") == "stdout"
    )
    for line in text.split("\n"):
        for start, verdict in _PRINTED:
            if line.startswith(start):
                return verdict, line.strip()
    return "not read", "the cell printed no verdict"


@contextmanager
def quiet_client(nb: Any, folder: Path, timeout: int, **options: Any) -> Iterator[Any]:
    """An nbclient ``NotebookClient`` running ``nb`` in ``folder`` with a
    kernel that does not warn "Kernel is running over TCP without
    encryption" on stderr at every notebook: where the system has them (not
    Windows), the kernel talks over local sockets (IPC) in a temporary
    folder, so nothing crosses the network; on Windows, which has no IPC
    transport, the kernel logs errors only. The kernel manager is the
    caller's: run it with ``client.execute(cleanup_kc=True)``."""
    from nbclient import NotebookClient

    with tempfile.TemporaryDirectory(prefix="spades-kernel-") as sockets:
        if os.name == "nt":
            kernel: dict[str, Any] = {
                "extra_arguments": ["--IPKernelApp.log_level=ERROR"]
            }
        else:
            from jupyter_client.manager import AsyncKernelManager

            kernel = {
                "km": AsyncKernelManager(
                    kernel_name="python3", transport="ipc", ip=f"{sockets}/kernel"
                )
            }
        yield NotebookClient(
            nb,
            timeout=timeout,
            kernel_name="python3",
            record_timing=False,
            resources={"metadata": {"path": str(folder)}},
            **options,
            **kernel,
        )


def execute_checks(
    nb: dict[str, Any], seed: int, folder: Path, timeout: int = 600
) -> dict[int, tuple[Verdict, str]]:
    """Run a copy of the notebook (kernel ``python3``, working directory
    ``folder``, its ``SEED = ...`` set to ``seed``; errors do not stop it) and
    read the verdict each exercise's last check cell printed. This runs the
    student's code."""
    import nbformat

    node = nbformat.reads(json.dumps(nb), as_version=4)
    for cell in node.cells:
        if cell.cell_type == "code" and re.search(r"^SEED = ", cell.source, re.M):
            cell.source = re.sub(
                r"^SEED = .*$", f"SEED = {seed}", cell.source, count=1, flags=re.M
            )
            break
    with quiet_client(node, folder, timeout, allow_errors=True) as client:
        client.execute(cleanup_kc=True)  # our own manager: shut its kernel down
    code = [c for c in node.cells if c.cell_type == "code"]
    readings = read_answers([c.source for c in code])
    return {
        number: _printed_verdict(code[reading.cell])
        for number, reading in readings.items()
        if 0 <= reading.cell < len(code)
    }


def _key(folder: Path) -> dict[str, Any]:
    path = folder / "answer_key.json"
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise SpadesError(f"cannot read the answer key {path}: {error}") from None
    if not isinstance(data, dict) or not all(
        isinstance(v, dict) and type(v.get("seed")) is int for v in data.values()
    ):
        raise SpadesError(
            f"{path} is not a class set's answer key (each student needs a seed)"
        )
    return data


def _chapter_of(path: Path) -> str | None:
    """The chapter of a notebook, by its name: ``06_scoring.ipynb``, or a
    copy renamed by a browser or Jupyter (``06_scoring (1).ipynb``,
    ``06_scoring-Copy1.ipynb``)."""
    try:
        return resolve(path.stem)
    except SpadesError:
        return next((c for c in CHAPTERS if path.stem.startswith(c)), None)


def _look_alikes(folder: Path, name: str) -> list[Path]:
    """The notebooks of ``folder`` named like chapter ``name``'s but not
    exactly (``06_scoring (1).ipynb``: a browser's download of a second copy)."""
    if not folder.is_dir():
        return []
    return sorted(
        p
        for p in folder.iterdir()
        if p.suffix == ".ipynb"
        and p.stem != name
        and p.stem.startswith(name)
        and p.is_file()
    )


def grade_class(
    folder: str | Path,
    chapters: Iterable[str] | None = None,
    *,
    execute: bool = False,
    timeout: int = 600,
    progress: Callable[[int, int], object] | None = None,
) -> Report:
    """Grade every returned notebook of the class set in ``folder``
    (``folder/STUDENT/NN_chapter.ipynb``, ``folder/answer_key.json``): every
    exercise of every student in the key (a missing notebook is "not
    answered"), then of any other student folder holding notebooks (graded
    with its notebooks' own seed). ``chapters``: only these. ``execute``: run
    the notebooks whose answers are code (see :func:`execute_checks`).
    ``progress(done, total)`` is called after each notebook.

    A folder that is not a class set is a :class:`~spadeslib.errors.SpadesError`.
    """
    from .class_sets import folder_name

    root = Path(folder)
    if not root.is_dir():
        raise SpadesError(f"no class set to grade: {root} is not a folder")
    if (root / "nbgrader_config.py").exists() and (root / "source").is_dir():
        raise SpadesError(
            f"{root} is an nbgrader course: grade it with nbgrader autograde"
        )
    key = _key(root)
    wanted = None if chapters is None else {resolve(c) for c in chapters}
    students: dict[str, tuple[str, int | None]] = {}  # folder -> (name, seed)
    for name, entry in key.items():
        students[folder_name(name)] = (name, entry["seed"])
    for path in sorted(
        p for p in root.iterdir() if p.is_dir() and not p.name.startswith(".")
    ):
        if path.name not in students and any(
            _chapter_of(p) for p in path.glob("*.ipynb")
        ):
            students[path.name] = (path.name, None)
    if not students:
        raise SpadesError(
            f"{root} holds no class set: no answer_key.json and no "
            "STUDENT/NN_chapter.ipynb notebooks"
        )
    report = Report()
    plan = []
    for sub, (name, seed) in students.items():
        entry = key.get(name, {})
        names = set(entry.get("answers", {}))
        names |= {c for p in (root / sub).glob("*.ipynb") if (c := _chapter_of(p))}
        if seed is None:
            report.notes.append(
                f"{sub} is not in the answer key: graded with its notebooks' seeds"
            )
        plan += [
            (sub, chapter, name, seed)
            for chapter in CHAPTERS
            if chapter in names and (wanted is None or chapter in wanted)
        ]
    loaded: dict[tuple[str, int], Chapter] = {}
    for done, (sub, chapter, name, seed) in enumerate(plan, 1):
        entry = key.get(name, {})
        report.grades += _grade_one(
            root / sub, chapter, name, seed, loaded, report, execute, timeout, entry
        )
        if progress is not None:
            progress(done, len(plan))
    return report


def _grade_one(
    folder: Path,
    name: str,
    student: str,
    seed: int | None,
    loaded: dict[tuple[str, int], Chapter],
    report: Report,
    execute: bool,
    timeout: int,
    entry: Mapping[str, Any],
) -> list[Grade]:
    path = folder / f"{name}.ipynb"
    where = f"{folder.name}/{path.name}"
    nb: dict[str, Any] | None = None
    problem = ""
    others = _look_alikes(folder, name)
    listed = ", ".join(repr(p.name) for p in others)
    if not path.exists() and len(others) == 1:
        path, where = others[0], f"{folder.name}/{others[0].name}"
        report.notes.append(
            f"graded {where} as {student}'s {name}.ipynb (no {name}.ipynb in "
            f"{folder.name}/): rename it to {name}.ipynb"
        )
    elif not path.exists() and others:
        problem = (
            f"no notebook {where}; found {listed}: rename the returned one "
            f"to {name}.ipynb"
        )
    elif others:
        report.notes.append(
            f"graded {where}; {folder.name}/ also holds {listed}: if "
            f"{'that' if len(others) == 1 else 'one of them'} is the returned "
            f"notebook, rename it to {name}.ipynb"
        )
    if not path.exists():
        problem = problem or f"no notebook {where}"
    else:
        try:
            nb = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(nb, dict) or not isinstance(nb.get("cells"), list):
                raise ValueError("no cells")
        except (OSError, ValueError) as error:
            nb, problem = None, f"cannot read {where}: {error}"[:300]
    sources = _code_sources(nb) if nb is not None else []
    mine = setup_seed(sources)
    if seed is None:
        seed = mine
    elif mine is not None and mine != seed:
        report.notes.append(
            f"{where} sets SEED = {mine}, not {student}'s seed {seed}: graded "
            f"with {seed}"
        )
    if seed is None:
        problem = problem or f"{where} sets no SEED = N"
        return [Grade(student, None, name, "?", "not read", problem)]
    chapter = loaded.get((name, seed))
    if chapter is None:
        chapter = loaded[name, seed] = load(name, seed=seed)
    if nb is None:
        verdict: Verdict = "not answered" if not path.exists() else "not read"
        if not path.exists():
            report.flags.setdefault(student, []).append(f"{name}: no notebook")
        return [Grade(student, seed, name, q.label, verdict, problem) for q in chapter]
    readings = read_answers(sources)
    executed = None
    if execute and any(r.kind != "value" for r in readings.values()):
        try:
            executed = execute_checks(nb, seed, folder, timeout)
        except Exception as error:  # a kernel that died, a cell that timed out
            report.notes.append(f"could not run {where}: {error}"[:300])
            executed = {}
    drifted: list[tuple[str, str, str]] = []
    stored = stored_keys(entry, name)
    grades = grade_notebook(nb, chapter, student, executed, readings, stored, drifted)
    if drifted:
        report.notes.append(drift_note(student, name, drifted, written_by(entry, name)))
    if not ran_cells(nb) and all(g.verdict == "not answered" for g in grades):
        report.flags.setdefault(student, []).append(
            f"{name}: unchanged since it was handed out (returned blank, or not "
            "returned)"
        )
    return grades


def write_csv(report: Report, path: str | Path) -> Path:
    """Write the grades as CSV (``student, seed, chapter, exercise, verdict,
    answer, feedback``; the feedback's first line) and return the path."""
    out = Path(path)
    with out.open("w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(
            ["student", "seed", "chapter", "exercise", "verdict", "answer", "feedback"]
        )
        for g in report.grades:
            writer.writerow(
                [
                    g.student,
                    "" if g.seed is None else g.seed,
                    g.chapter,
                    g.exercise,
                    g.verdict,
                    g.answer,
                    g.feedback,
                ]
            )
    return out
