"""Class sets: one exercise notebook per student and chapter, each with the
student's own seed, and the answer key computed by the library
(``spades exercises --out DIR``; :func:`write_class`). The notebooks are the
course's exercise notebooks (:mod:`.notebooks`) with the student's seed
written in, and, with ``solutions=False``, the solutions switched off.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from .. import __version__
from ..errors import SpadesError
from . import CHAPTERS, DEFAULT_SEED, load, resolve, student_seed
from .exercise import accepted_texts, key_text
from .notebooks import FORMAT, SEED_LINE, solution_source, to_exercise
from .sheets import (
    class_answers,
    class_sheets,
    exercise_sheet,
    marking_grid,
    marking_sheets,
)
from .stored_key import SOLUTIONS_FIELD, VERSION_FIELD, solutions_note

MARKING = "marking_{name}.html"
"""A chapter's marking copy: every student's questions with the answers
(``marking_06_scoring.html``); each student's own sheet is
``STUDENT/06_scoring.html``, beside the notebook."""

GRID = "grid_{name}.html"
"""A chapter's answers for the whole class on one page (a row per student):
to mark paper sheets at a glance (``grid_06_scoring.html``)."""

PRINT = "print_{name}.html"
"""Every student's sheet of a chapter in one file, each from a new page, to
print for a class on paper (``print_06_scoring.html``)."""

__all__ = [
    "cannot_write",
    "class_seed_of",
    "earlier_key",
    "folder_name",
    "folder_seed",
    "key_markdown",
    "student_notebook",
    "write_class",
]


# ------------------------------------------------------------- students
def student_notebook(
    name: str,
    seed: int,
    student: str | None = None,
    root: Path | None = None,
    siblings: Iterable[str] = (),
    solutions: bool = True,
) -> Any:
    """Chapter ``name``'s exercise notebook set to ``seed`` (for one student).

    It is written away from the course, so it names its chapter in words; its
    "Next" links only to a chapter of ``siblings`` (the chapters written next
    to it). With ``solutions=False`` its setup cell calls
    :func:`~spadeslib.exercises.graded` (``q1.solution()`` then says solutions
    are off; hints and checks stay), and its text no longer offers them.
    ``root`` is no longer used (kept for callers)."""
    import jupytext

    name = resolve(name)
    source = _away_source(name, tuple(map(resolve, siblings)))
    nb = to_exercise(jupytext.reads(source, fmt=FORMAT))
    for cell in nb.cells:
        if cell.cell_type == "code" and SEED_LINE.search(cell.source):
            cell.source = SEED_LINE.sub(f"SEED = {seed}", cell.source, count=1)
            if not solutions:
                cell.source = _solutions_off(cell.source)
            break
    else:  # pragma: no cover - every solution notebook sets SEED
        raise ValueError(f"{name}: no 'SEED = ...' line to set")
    if not solutions:
        for cell in nb.cells:
            if cell.cell_type == "markdown":
                cell.source = cell.source.replace(STUCK, STUCK_OFF)
            elif _SOLUTION_CALL.search(cell.source):
                cell.source = _SOLUTION_CALL.sub("", cell.source).rstrip("\n")
    if student:
        first = nb.cells[0]
        first.source = first.source.replace(YOUR_SEED, OWN_SEED)
        lines = first.source.split("\n")
        lines.insert(1, f"\n**Exercises for {student}** (seed {seed}).")
        first.source = "\n".join(lines)
    return nb


YOUR_SEED = """Every exercise is built from the seed below, so your teacher may give you
your own seed; the checks follow it."""
OWN_SEED = """Every exercise is built from the seed below, your own: keep it as it
is, as your teacher marks your answers against it."""


STUCK = """Stuck? Uncomment `q1.hint()` for a hint, or `q1.solution()` for
the answer and its explanation."""
STUCK_OFF = """Stuck? Uncomment `q1.hint()` for a hint. Solutions are off in this
class set: `q1.solution()` says so."""
GRADED_LINE = "graded()  # q1.solution() says solutions are off; hints stay"
"""The line a class set's setup cell gets with ``--no-solutions``."""
_SOLUTION_CALL = re.compile(r"^# q\d+\.solution\(\)\n?", re.MULTILINE)


def _solutions_off(setup: str) -> str:
    """The setup cell importing and calling :func:`~spadeslib.exercises.graded`
    before the exercises are loaded.

    >>> setup = "from spadeslib.exercises import ____, load\\n\\nSEED = 3"
    >>> print(_solutions_off(setup))
    from spadeslib.exercises import ____, graded, load
    <BLANKLINE>
    graded()  # q1.solution() says solutions are off; hints stay
    SEED = 3
    """
    lines = setup.split("\n")
    for i, line in enumerate(lines):
        if line.startswith("from spadeslib.exercises import "):
            head, _, names = line.partition(" import ")
            kept = [n.strip() for n in names.split(",") if n.strip()]
            kept = sorted({*kept, "graded"}, key=lambda n: (n != "____", n))
            lines[i] = f"{head} import {', '.join(kept)}"
        elif line.startswith("SEED = "):
            lines.insert(i, GRADED_LINE)
            break
    return "\n".join(lines)


@functools.lru_cache(maxsize=64)
def _away_source(name: str, siblings: tuple[str, ...]) -> str:
    """:func:`solution_source` for notebooks written away from the course:
    the same for every student (only the seed differs), so a class set
    renders each chapter once, not once per student."""
    return solution_source(name, course=None, siblings=siblings)


def key_markdown(
    students: Sequence[tuple[str, int]],
    names: Iterable[str],
    chapters: dict[tuple[str, int], Any] | None = None,
    note: str | None = None,
    has: Mapping[str, Iterable[str]] | None = None,
) -> str:
    """An answer key (markdown) for each student's seed, computed by the library:
    every answer the check accepts (`` `4` or `5` `` when the coach rates two
    bids sound, or a puzzle has two best cards). ``note``, if given, is a
    paragraph after the introduction (what the set's notebooks do); ``has``
    limits a student to the chapters they were given."""
    names = list(dict.fromkeys(resolve(n) for n in names))
    chapters = chapters if chapters is not None else {}
    lines = [
        "# Answer key",
        "",
        "Computed by the library from each student's seed. Each exercise lists "
        "every answer its check accepts, the expected one first (a puzzle may "
        "have two best cards). For scripts: `accepted_texts(load(CHAPTER, "
        "seed=SEED)[i])` in `spadeslib.exercises`.",
        "",
    ]
    if note:
        lines += [note, ""]
    for student, seed in students:
        lines += [f"## {student} (seed {seed})", ""]
        given = set(has[student]) if has is not None and student in has else None
        for name in names:
            if given is not None and name not in given:
                continue
            chapter = chapters.get((name, seed)) or load(name, seed=seed)
            lines += [
                f"### {name}: {chapter.title}",
                "",
                "| exercise | answer |",
                "| --- | --- |",
            ]
            for label, title, answers in chapter.accepted():
                lines.append(f"| {label} {title} | {_answers_cell(answers)} |")
            lines.append("")
    return "\n".join(lines)


def _answers_cell(answers: Iterable[str]) -> str:
    """Every answer a check accepts, as one cell of a Markdown table.

    >>> _answers_cell(["4", "5"])
    '`4` or `5`'
    """
    return " or ".join(f"`{a}`".replace("|", "\\|") for a in answers)


def key_by_chapter(
    students: Sequence[tuple[str, int]],
    names: Iterable[str],
    chapters: dict[tuple[str, int], Any] | None = None,
    has: Mapping[str, Iterable[str]] | None = None,
) -> str:
    """The same answers as :func:`key_markdown`, one table per chapter with a
    row per student (``has``: only the students given that chapter): to mark
    a chapter's notebooks for the whole class.

    >>> print(key_by_chapter([("ann", 1), ("bo", 2)], ["01"]).splitlines()[6])
    | student | 1.1 | 1.2 | 1.3 | 1.4 |
    """
    names = list(dict.fromkeys(resolve(n) for n in names))
    chapters = chapters if chapters is not None else {}
    lines = [
        "# Answer key by chapter",
        "",
        "Every answer each student's check accepts, the expected one first; "
        "one table per chapter, one row per student (seed in brackets).",
    ]
    for name in names:
        given = [
            (student, seed)
            for student, seed in students
            if has is None or student not in has or name in has[student]
        ]
        title, labels, rows = class_answers(given, name, chapters)
        if not rows:
            continue
        lines += [
            "",
            f"## {name}: {title}",
            "",
            "| student | " + " | ".join(labels) + " |",
            "| --- |" + " --- |" * len(labels),
        ]
        lines += [
            f"| {student} ({seed}) | "
            + " | ".join(_answers_cell(answers) for answers in accepted)
            + " |"
            for student, seed, accepted in rows
        ]
    return "\n".join(lines) + "\n"


def write_class(
    students: Sequence[str],
    seed: int | str | None,
    out: Path,
    names: Iterable[str] = CHAPTERS,
    root: Path | None = None,
    *,
    seeds: Sequence[int] | None = None,
    solutions: bool = True,
    progress: Callable[[], object] | None = None,
    kept: list[Path] | None = None,
    jobs: int = 1,
) -> list[Path]:
    """Write ``out/STUDENT/NAME.ipynb`` for every student and chapter, with
    ``out/STUDENT/NAME.html`` (the same exercises to print), and
    ``out/answer_key.md`` (plus ``answer_key.json``: per student, ``seed``,
    ``answers`` (one per exercise, the key), ``accepted`` (every answer the
    check accepts, the key first) and ``spadeslib_version`` (the version that
    computed them, per chapter: grading compares its own keys with them, see
    :mod:`.stored_key`); ``answer_key_by_chapter.md``, the same
    answers as one table per chapter, a row per student; and per chapter
    ``marking_NAME.html``, every student's questions with the answers, each
    student from a new printed page).

    Each student's seed is derived from the class ``seed`` and the name
    (:func:`~spadeslib.exercises.student_seed`), unless ``seeds`` gives them
    (one per student, in order; ``seed`` is then unused). With
    ``solutions=False`` every notebook switches ``q.solution()`` off (see
    :func:`student_notebook`) and the answer key says so. ``progress`` is
    called once per notebook written. ``jobs`` above 1 builds the exercises
    on that many processes (:mod:`.prebuild`), a few students at a time:
    the same files, sooner.

    A second run into the same folder (a late student, the next chapter)
    never overwrites a notebook that differs from the blank one it would
    write: a student's returned work stays, and its path is added to
    ``kept``. The answer keys then cover the students and chapters of both
    runs (read back from ``answer_key.json``), so a key is never lost.
    ``answer_key.json`` records each student's ``class_seed`` (the class seed
    as text, ``null`` for a seed given by ``seeds``): with ``seed=None`` a
    later run uses the folder's class seed (:func:`folder_seed`; else
    :data:`~spadeslib.exercises.DEFAULT_SEED`), and a run that would change
    the class seed, or a student's seed, is refused before anything is
    written (a :class:`~spadeslib.errors.SpadesError` saying what to do).

    A folder or file that cannot be written raises a
    :class:`~spadeslib.errors.SpadesError` naming it. ``root`` is no longer
    used (kept for callers)."""
    names = list(dict.fromkeys(resolve(n) for n in names))
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise SpadesError(f"jobs is a whole number of processes from 1, not {jobs!r}")
    if seeds is not None and len(seeds) != len(students):
        raise SpadesError(
            f"{len(seeds)} seeds for {len(students)} students: give one seed "
            "per student"
        )
    folders: dict[str, str] = {}
    for student in students:
        # folder names differing only in case are one folder on macOS and
        # Windows, where many classrooms are
        other = folders.setdefault(folder_name(student).casefold(), student)
        if other != student:
            case = (
                " (on macOS and Windows a folder's name ignores case)"
                if folder_name(other) != folder_name(student)
                else ""
            )
            raise SpadesError(
                f"students {other!r} and {student!r} would share the folder "
                f"{folder_name(student)!r}{case}: give them names that differ in "
                "letters or digits"
            )
    try:
        return _write_class(
            students,
            seed,
            out,
            names,
            seeds,
            solutions,
            progress or (lambda: None),
            kept if kept is not None else [],
            jobs,
        )
    except OSError as error:
        raise cannot_write("the class set", out, error) from None


def cannot_write(what: str, out: Path | str, error: OSError) -> SpadesError:
    """The one-line error for ``what`` that could not be written into ``out``
    (naming the file or folder that failed, when it is not ``out`` itself)."""
    where = str(error.filename or out)
    inside = f" ({where})" if where != str(out) else ""
    reason = error.strerror or str(error)
    if isinstance(error, FileExistsError) and Path(where).is_file():
        reason = "it is a file, not a folder"
    return SpadesError(f"cannot write {what} into {out}{inside}: {reason}")


def _write_class(
    students: Sequence[str],
    seed: int | str | None,
    out: Path,
    names: list[str],
    given: Sequence[int] | None,
    solutions: bool,
    progress: Callable[[], object],
    kept: list[Path],
    jobs: int = 1,
) -> list[Path]:
    import json

    import nbformat

    earlier = earlier_key(out / "answer_key.json")
    known = class_seed_of(earlier, seed)
    if given is None:  # before anything is written
        legacy = [(st, e["seed"]) for st, e in earlier.items() if "class_seed" not in e]
        if seed is None and known is None and legacy:  # an earlier version's key
            student, old = legacy[0]
            raise SpadesError(
                f"{out / 'answer_key.json'} does not record its class seed, and "
                f"the default --seed {DEFAULT_SEED} would not give {student} "
                f"their seed {old}: run with the --seed you used before, or "
                "write the new set to another --out folder"
            )
        if seed is None:
            seed = known if known is not None else DEFAULT_SEED
        elif known is not None and str(seed) != known:
            raise SpadesError(
                f"this folder's class seed is {known}, not {seed}: run with "
                f"--seed {known} (or without --seed), or write the new set to "
                "another --out folder"
            )
        seeds = [(student, student_seed(seed, student)) for student in students]
    else:
        seeds = list(zip(students, given, strict=True))
    for student, s in seeds:
        old = earlier.get(student, {}).get("seed", s)
        if old == s:
            continue
        worked = [
            name
            for name in names
            if (out / folder_name(student) / f"{name}.ipynb").exists()
            and _worked_on(
                out / folder_name(student) / f"{name}.ipynb",
                student_notebook(name, old, student, siblings=names),
            )
        ]
        held = (
            f"{student}'s {worked[0]} holds their work, written with seed {old}"
            if worked
            else f"{student} has seed {old} in {out / 'answer_key.json'}"
        )
        raise SpadesError(
            f"{held}, and this run would give them seed {s}: write with the same "
            "seed as before, or write the new set to another --out folder"
        )
    mark = None if given is not None else str(seed)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    chapters = {}
    for index, (student, s) in enumerate(seeds):
        if jobs > 1 and index % (4 * jobs) == 0:  # the next few students' exercises
            from .prebuild import chapters as built

            batch = seeds[index : index + 4 * jobs]
            chapters.update(built([(n, b) for _, b in batch for n in names], jobs))
        folder = out / folder_name(student)
        folder.mkdir(exist_ok=True)
        for name in names:
            path = folder / f"{name}.ipynb"
            notebook = student_notebook(
                name, s, student, siblings=names, solutions=solutions
            )
            if path.exists() and _worked_on(path, notebook):
                kept.append(path)  # a student's work: never written over
            else:
                nbformat.write(notebook, path)
                written.append(path)
            if (name, s) not in chapters:
                chapters[(name, s)] = load(name, seed=s)
                chapters[(name, s)].accepted()  # the key's slow part, in the progress
            sheet = path.with_suffix(".html")  # the same exercises, to print
            sheet.write_text(
                exercise_sheet(student, s, [name], chapters=chapters), "utf-8"
            )
            written.append(sheet)
            progress()
    # the keys cover this run and an earlier one into the same folder: its
    # students (seeds, chapters) are read back and kept, new students after
    fresh: dict[str, dict[str, Any]] = {
        student: {
            "seed": s,
            "class_seed": mark,
            "answers": {
                name: {q.label: key_text(q) for q in chapters[(name, s)]}
                for name in names
            },
            "accepted": {
                name: {q.label: accepted_texts(q) for q in chapters[(name, s)]}
                for name in names
            },
            VERSION_FIELD: dict.fromkeys(names, __version__),
            SOLUTIONS_FIELD: dict.fromkeys(names, not solutions),
        }
        for student, s in seeds
    }
    data: dict[str, dict[str, Any]] = {}
    for student, entry in earlier.items():
        # an earlier version's student, whose seed this class seed gives
        if (
            "class_seed" not in entry
            and mark is not None
            and student_seed(mark, student) == entry["seed"]
        ):
            entry = {"seed": entry["seed"], "class_seed": mark, **entry}
        data[student] = entry
    for student, entry in fresh.items():
        old = data.get(student, {})
        for part in ("answers", "accepted", VERSION_FIELD, SOLUTIONS_FIELD):
            before = old.get(part) if old.get("seed") == entry["seed"] else {}
            if not isinstance(before, dict):  # a hand-edited key: not kept
                before = {}
            entry[part] = _by_chapter({**before, **entry[part]})
        data[student] = entry  # a student of both runs keeps their place
    every = [(student, entry["seed"]) for student, entry in data.items()]
    all_names = list(_by_chapter({n: 0 for e in data.values() for n in e["answers"]}))
    key = out / "answer_key.md"
    note = solutions_note(data, all_names)
    has = {student: list(entry["answers"]) for student, entry in data.items()}
    key.write_text(
        key_markdown(every, all_names, chapters, note, has=has), encoding="utf-8"
    )
    (out / "answer_key.json").write_text(
        json.dumps(data, indent=1, ensure_ascii=False), encoding="utf-8"
    )
    by_chapter = out / "answer_key_by_chapter.md"
    by_chapter.write_text(
        key_by_chapter(every, all_names, chapters, has=has), encoding="utf-8"
    )
    written += [key, out / "answer_key.json", by_chapter]
    for name in names:  # each chapter's copies: every student who has it
        holders = [(st, s) for st, s in every if name in data[st]["answers"]]
        marking = out / MARKING.format(name=name)
        marking.write_text(marking_sheets(holders, [name], chapters), encoding="utf-8")
        sheets = out / PRINT.format(name=name)
        sheets.write_text(class_sheets(holders, [name], chapters), encoding="utf-8")
        grid = out / GRID.format(name=name)
        grid.write_text(marking_grid(holders, name, chapters), encoding="utf-8")
        written += [marking, sheets, grid]
    return written


def _by_chapter(per_chapter: Mapping[str, Any]) -> dict[str, Any]:
    """``per_chapter`` (keyed by chapter name) in the course's order.

    >>> list(_by_chapter({"06_scoring": 1, "01_welcome": 2}))
    ['01_welcome', '06_scoring']
    """
    order = [*CHAPTERS, *sorted(set(per_chapter) - set(CHAPTERS))]
    return {name: per_chapter[name] for name in order if name in per_chapter}


def _worked_on(path: Path, blank: Any) -> bool:
    """Whether the notebook at ``path`` holds a student's work: an answer
    other than the blank's, or a cell that was run (a notebook that cannot
    be read is kept too: it is not ours to overwrite)."""
    import nbformat

    from .cells import ran_cells, read_answers

    try:
        nb = nbformat.read(path, as_version=4)
    except Exception:  # whatever is there, it is kept
        return True

    def code(notebook: Any) -> list[str]:
        return [c.source for c in notebook.cells if c.cell_type == "code"]

    ran = ran_cells(nb)
    mine = {n: (r.kind, r.text) for n, r in read_answers(code(nb)).items()}
    fresh = {n: (r.kind, r.text) for n, r in read_answers(code(blank)).items()}
    return ran or mine != fresh


def earlier_key(path: Path) -> dict[str, Any]:
    """The students of an earlier run's ``answer_key.json`` (none if there is
    no readable one): read by a class set and an nbgrader course alike."""
    import json

    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {
        student: entry
        for student, entry in data.items()
        if isinstance(entry, dict)
        and isinstance(entry.get("seed"), int)
        and isinstance(entry.get("answers"), dict)
        and isinstance(entry.get("accepted"), dict)
    }


def folder_seed(out: Path | str) -> str | None:
    """The class seed of the class set in ``out`` (as text), from its
    ``answer_key.json``: the one its students' seeds were derived from, or
    none (no key, or seeds given one per student). A key written before the
    class seed was recorded has it found when the default seed gives its
    students their seeds."""
    return class_seed_of(earlier_key(Path(out) / "answer_key.json"))


def class_seed_of(
    earlier: Mapping[str, Mapping[str, Any]], seed: int | str | None = None
) -> str | None:
    """The class seed of an earlier key's students (as text): the one they
    record, else (a key of an earlier version, without ``class_seed``) the
    first of ``seed`` and the default seed that gives every student their
    recorded seed; none if neither does, or if no student records one.

    >>> old = {"ann": {"seed": student_seed(7, "ann")}}
    >>> class_seed_of(old), class_seed_of(old, 7), class_seed_of(old, 8)
    (None, '7', None)
    >>> class_seed_of({"bo": {"seed": 5, "class_seed": "7"}, **old})
    '7'
    """
    recorded: list[str] = [
        e["class_seed"]
        for e in earlier.values()
        if isinstance(e.get("class_seed"), str)
    ]
    if recorded:
        return recorded[0]
    legacy = {st: e["seed"] for st, e in earlier.items() if "class_seed" not in e}
    if not legacy:
        return None
    for candidate in dict.fromkeys(
        str(c) for c in (seed, DEFAULT_SEED) if c is not None
    ):
        if all(student_seed(candidate, st) == s for st, s in legacy.items()):
            return candidate
    return None


def folder_name(name: str) -> str:
    """The folder name of a student: letters and digits of any script
    (``str.isalnum``), their accents and vowel signs (combining marks), and
    ``_.-`` kept; every run of other characters replaced by ``_``. A name of
    dots alone (``.``, ``..``) or of nothing is ``student``.

    >>> [folder_name(n) for n in ("Zoë", "张伟", "प्रिया", "O'Brien, Seán")]
    ['Zoë', '张伟', 'प्रिया', 'O_Brien_Seán']
    >>> folder_name("../x"), folder_name("..")
    ('.._x', 'student')
    """
    text = unicodedata.normalize("NFC", name.strip())
    kept = (
        c if c.isalnum() or c in "_.-" or unicodedata.category(c)[0] == "M" else "\0"
        for c in text
    )
    cleaned = re.sub("\0+", "_", "".join(kept))
    return "student" if not cleaned.strip(".") else cleaned
