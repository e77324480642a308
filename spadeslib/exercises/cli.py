"""Command line for the exercises.

``spades exercises`` (added to the ``spades`` command by :func:`register`)
writes a class set: one notebook per student and chapter, each with the
student's own seed, and an answer key::

    spades exercises --students alice,bob --seed 2026 --out DIR [--chapters 06,07]
    spades exercises --count 30 --seed 2026 --out DIR [--no-solutions] [--jobs 4]
    spades exercises --seeds 11,12,13 --out DIR
    spades exercises --grade DIR [--csv grades.csv] [--execute]
    spades exercises --list [--seed S]

``--grade`` reads the returned notebooks of a class set and judges each
answer with the exercise's own check (see :mod:`.grading`). A progress bar
on stderr (``--progress``/``--no-progress``; default: on a terminal) counts
the notebooks written or graded. ``--jobs N`` builds a class set's
exercises on ``N`` processes (the same files; default: every core, as
``spades play``; ``--jobs 1`` builds in this process).

An unknown chapter, a repeated student, a missing ``--out`` or a folder that
cannot be written is a :class:`~spadeslib.errors.SpadesError`: the ``spades``
command prints it as one line, ``spades: error: ...``, and exits with 2.

``python -m spadeslib.exercises`` adds the maintainer commands ``build``
(exercise notebooks from the solutions, optionally executing the solutions
first) and ``check`` (fail if a committed exercise notebook is out of date).
"""

from __future__ import annotations

import argparse
import importlib.util
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..arguments import error_line, progress_option, whole
from ..arguments import seed as seed_text
from ..dealing import read_seed
from ..errors import SpadesError
from ..progress import Progress
from . import CHAPTERS, DEFAULT_SEED, load, resolve

__all__ = ["main", "register"]


def _chapters(text: str | None) -> list[str]:
    """The chapters named (``"6,scoring,07"``), each once, in the order given;
    every chapter when none is named. An unknown one is an ``UnknownChapter``
    (a ``SpadesError``) listing the chapters."""
    if not text:
        return list(CHAPTERS)
    parts = [part for part in text.replace(" ", "").split(",") if part]
    return list(dict.fromkeys(resolve(part) for part in parts))


def _students(text: str | None, count: int | None) -> list[str]:
    names = [n.strip() for n in (text or "").split(",") if n.strip()]
    if count:
        names = [f"student{i:02d}" for i in range(1, count + 1)]
    repeated = sorted({n for n in names if names.count(n) > 1})
    if repeated:
        raise SpadesError(f"student {', '.join(repeated)} is named twice in --students")
    return names


def _seeds(text: str) -> list[int]:
    """The seeds of ``--seeds 11,12,13``, each a whole number (as
    :func:`~spadeslib.dealing.read_seed` reads it), each once."""
    seeds: list[int] = []
    for part in text.split(","):
        seed = read_seed(part)
        if not isinstance(seed, int):
            raise SpadesError(
                "--seeds takes whole numbers separated by commas, such as "
                f"11,12,13; not {part.strip()!r} in {text!r}"
            )
        if seed in seeds:
            raise SpadesError(f"seed {seed} is given twice in --seeds")
        seeds.append(seed)
    return seeds


def _who(args: argparse.Namespace) -> tuple[list[str], list[int] | None]:
    """The students, and their seeds when ``--seeds`` gives them (a student
    named ``seed-11`` per seed, or one seed per ``--students`` name)."""
    if args.nbgrader and args.count:
        raise SpadesError(
            "--nbgrader derives each seed from the student's hub user name: give "
            "--students with the JupyterHub user names, exactly (not --count)"
        )
    students = _students(args.students, args.count)
    if args.seeds is None:
        return students, None
    seeds = _seeds(args.seeds)
    if args.count:
        raise SpadesError(
            "--seeds names its own students (seed-11, ...): give it alone, or "
            "with --students (one seed per student), not with --count"
        )
    if args.nbgrader:
        raise SpadesError(
            "--seeds is for class sets: an nbgrader notebook derives its seed "
            "from the class --seed and the student's id"
        )
    if not students:
        return [f"seed-{seed}" for seed in seeds], seeds
    if len(students) != len(seeds):
        from .reading import plural

        raise SpadesError(
            f"--students names {plural(len(students), 'student')} and --seeds "
            f"gives {plural(len(seeds), 'seed')}: give one seed per student, in order"
        )
    return students, seeds


def _require_notebook_tools(nbgrader: bool) -> None:
    """Refuse, in one line naming the extra to install, to write notebooks
    without the packages that write them (before any file is written)."""
    needed = ("nbformat",) if nbgrader else ("nbformat", "jupytext")
    missing = [name for name in needed if importlib.util.find_spec(name) is None]
    if missing:
        verb = "is" if len(missing) == 1 else "are"
        raise SpadesError(
            f"writing the exercise notebooks needs {' and '.join(missing)}, "
            f"which {verb} not installed: install the course extra with "
            'pip install -e ".[course]"'
        )


def _cmd_class(args: argparse.Namespace) -> int:
    from ..parallel import default_jobs
    from .class_sets import GRID, MARKING, PRINT, cannot_write, folder_seed, write_class
    from .reading import plural

    if args.list:
        return _cmd_list(args)
    if args.grade:
        return _cmd_grade(args)
    for flag, given in (("--csv", args.csv), ("--execute", args.execute)):
        if given:
            raise SpadesError(f"{flag} goes with --grade DIR")
    students, seeds = _who(args)
    chapters = _chapters(args.chapters)
    if not students or not args.out:
        raise SpadesError(
            "give --students NAME,NAME (or --count N, or --seeds S,S) and --out DIR "
            "(or --list, or --grade DIR)"
        )
    _require_notebook_tools(args.nbgrader)
    out = Path(args.out)
    seed = args.seed
    if seed is None and seeds is None:
        seed = folder_seed(out)
        if seed is not None:  # a later run into the same folder
            print(f"using the class seed of {out}, {seed} (from its answer_key.json)")
    if args.nbgrader:
        from ..nbgrader_release import write_course

        if args.jobs is not None:
            raise SpadesError("--jobs builds a class set: not with --nbgrader")

        try:
            with Progress(
                len(students) * len(chapters), "notebooks", enabled=args.progress
            ) as bar:
                write_course(
                    out,
                    students,
                    str(DEFAULT_SEED) if seed is None else str(seed),
                    chapters,
                    progress=bar.update,
                )
        except OSError as error:
            raise cannot_write("the nbgrader course", args.out, error) from None
        print(
            f"wrote an nbgrader course in {args.out}: "
            f"{plural(len(chapters), 'assignment')} (source/), students.csv for "
            f"{plural(len(students), 'student')}, answer_key.md"
        )
        return 0
    with Progress(
        len(students) * len(chapters), "notebooks", enabled=args.progress
    ) as bar:
        kept: list[Path] = []
        written = write_class(
            students,
            seed,
            out,
            chapters,
            seeds=seeds,
            solutions=args.solutions,
            progress=bar.update,
            kept=kept,
            jobs=args.jobs or default_jobs(),
        )
    notebooks = [p for p in written if p.suffix == ".ipynb"]
    if seeds is None:
        whose = f"class seed {seed if seed is not None else DEFAULT_SEED}"
    else:
        whose = "the seeds of --seeds"
    print(
        f"wrote {plural(len(notebooks), 'exercise notebook')} for "
        f"{plural(len(students), 'student')} ({plural(len(chapters), 'chapter')}), "
        f"{whose}, and the answer key "
        f"{out / 'answer_key.md'}" + ("" if args.solutions else " (solutions off)")
    )
    first = chapters[0]
    print(
        f"to print: {out / PRINT.format(name=first)}, ... (each chapter's exercises "
        f"on paper, every student from a new page; each student's {first}.html "
        f"holds theirs), {out / MARKING.format(name=first)}, ... (your marking "
        "copy of each chapter, with the answers) and "
        f"{out / GRID.format(name=first)}, ... (each chapter's answers for the "
        "class on one page)"
    )
    if kept:  # returned work in the folder: never written over
        shown = ", ".join(str(p.relative_to(out)) for p in kept[:5])
        print(
            f"kept {plural(len(kept), 'notebook')} a student has changed "
            f"({shown}{', ...' if len(kept) > 5 else ''}): not written over"
        )
    # an earlier run into the same folder leaves its students' folders
    mine = {p.relative_to(out).parts[0] for p in [*written, *kept]}
    older = sorted(p.name for p in out.iterdir() if p.is_dir() and p.name not in mine)
    if older:
        print(
            f"note: {out} also holds {', '.join(older[:5])}"
            f"{' ...' if len(older) > 5 else ''} from an earlier run; the answer "
            "key keeps the students it listed"
        )
    return 0


_NOT_WITH_GRADE = (
    ("students", "--students"),
    ("count", "--count"),
    ("seeds", "--seeds"),
    ("out", "--out"),
    ("nbgrader", "--nbgrader"),
    ("jobs", "--jobs"),
)


def _cmd_grade(args: argparse.Namespace) -> int:
    from .grading import FEEDBACK_WIDTH, grade_class, write_csv

    for dest, flag in _NOT_WITH_GRADE:
        if getattr(args, dest):
            raise SpadesError(
                f"--grade reads a class set that is written already: not with {flag}"
            )
    if not args.solutions:
        raise SpadesError(
            "--grade reads a class set that is written already: not with --no-solutions"
        )
    chapters = _chapters(args.chapters) if args.chapters else None
    if args.csv and not Path(args.csv).resolve().parent.is_dir():
        raise SpadesError(
            f"cannot write the grades into {args.csv}: its folder does not exist"
        )
    with Progress(0, "notebooks", enabled=args.progress) as bar:

        def step(done: int, total: int) -> None:
            bar.total = max(total, 1)
            bar.update()

        report = grade_class(args.grade, chapters, execute=args.execute, progress=step)
    print(report.table())
    if not args.csv and any(len(g.feedback) > FEEDBACK_WIDTH for g in report.grades):
        print(
            f"(feedback cut at {FEEDBACK_WIDTH} characters: --csv FILE writes it whole)"
        )
    if args.csv:
        try:
            write_csv(report, args.csv)
        except OSError as error:
            reason = error.strerror or str(error)
            raise SpadesError(
                f"cannot write the grades into {args.csv}: {reason}"
            ) from None
        print(f"wrote the grades to {args.csv}")
    return 0


def _seed_or_default(args: argparse.Namespace) -> str:
    """The ``--seed`` given, or the default one."""
    return str(DEFAULT_SEED) if args.seed is None else str(args.seed)


def _cmd_list(args: argparse.Namespace) -> int:
    seed = read_seed(_seed_or_default(args))
    if not isinstance(seed, int):
        raise SpadesError(
            f"--seed for --list is a whole number, such as {DEFAULT_SEED}; "
            f"not {args.seed!r}"
        )
    for name in _chapters(getattr(args, "chapters", None)):
        chapter = load(name, seed=seed)
        print(f"{name}: {chapter.title}")
        for q in chapter:
            print(f"  {q.label:<5} {q.title}")
    return 0


def _cmd_build(args: argparse.Namespace) -> int:
    from .notebooks import build, execute_solutions

    chapters = _chapters(",".join(args.chapters) if args.chapters else None)
    if args.execute:
        for path in execute_solutions(names=chapters):
            print(f"executed {path}")
    changed = build(names=chapters)
    for path in changed:
        print(f"wrote {path}")
    print(f"{len(changed)} exercise files changed")
    return 0


def _cmd_check(args: argparse.Namespace) -> int:
    from .notebooks import check_built

    stale = check_built()
    for path in stale:
        print(f"out of date: {path}")
    if stale:
        print("run: python -m spadeslib.exercises build")
        return 1
    print("every exercise notebook matches its solution")
    return 0


def _add_class_options(p: argparse.ArgumentParser) -> None:
    who = p.add_mutually_exclusive_group()
    who.add_argument(
        "--students",
        help="comma-separated student names (with --nbgrader: the JupyterHub "
        "user names, exactly, as the seed is derived from them)",
    )
    who.add_argument(
        "--count",
        type=whole(1),
        help="or this many students, named student01, student02, ... "
        "(not with --students)",
    )
    p.add_argument(
        "--seed",
        type=seed_text,
        help=f"the class seed (default: {DEFAULT_SEED}), read as text: 02026 "
        "is not 2026; each student's seed is derived from it and the name. A "
        "later run into the same --out folder uses that folder's class seed, "
        "and refuses another",
    )
    p.add_argument(
        "--out", help="folder to write STUDENT/CHAPTER.ipynb and the key into"
    )
    p.add_argument(
        "--chapters",
        help="comma-separated chapters, by number or name (default: all), "
        "e.g. 06,07 or 6,bags_and_winning",
    )
    p.add_argument(
        "--seeds",
        help="comma-separated seeds to hand out, e.g. 11,12,13: a notebook set "
        "and key per seed (students named seed-11, ...), or with --students one "
        "seed per student, in order (--seed is then not used)",
    )
    p.add_argument(
        "--no-solutions",
        dest="solutions",
        action="store_false",
        help="switch q1.solution() off in the notebooks (their setup cell calls "
        "graded(); hints and checks stay)",
    )
    p.add_argument(
        "--jobs",
        type=whole(1),
        default=None,
        help="processes building the exercises (default: every core; 1: in "
        "this process); the files are the same",
    )
    p.add_argument("--list", action="store_true", help="list the exercises and stop")
    p.add_argument(
        "--nbgrader",
        action="store_true",
        help="write an nbgrader course (source notebooks with solution and "
        "autograder cells) instead of one notebook per student",
    )
    p.add_argument(
        "--grade",
        metavar="DIR",
        help="grade the returned notebooks of the class set in DIR "
        "(DIR/STUDENT/*.ipynb, with its answer_key.json): a verdict per student "
        "and exercise, from the exercises' own checks, without running the "
        "notebooks",
    )
    p.add_argument(
        "--csv", metavar="FILE", help="with --grade: also write the grades as CSV"
    )
    p.add_argument(
        "--execute",
        action="store_true",
        help="with --grade: run the notebooks whose answers are code (the "
        "students' code, on this machine) and read the verdicts they print",
    )
    progress_option(p)


def register(subparsers: Any) -> None:
    """Add ``spades exercises`` to the ``spades`` command line."""
    p = subparsers.add_parser(
        "exercises",
        help="write seeded exercise notebooks for a class, with an answer key",
        description="Write one exercise notebook per student and chapter, each from "
        "the student's own seed, and an answer key computed by the library.",
    )
    _add_class_options(p)
    p.set_defaults(func=_cmd_class)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m spadeslib.exercises``."""
    parser = argparse.ArgumentParser(
        prog="python -m spadeslib.exercises", description=__doc__.split("\n\n")[0]
    )
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser(
        "build", help="write exercises/NAME.ipynb/.py from the solutions"
    )
    p.add_argument("chapters", nargs="*", help="chapters to build (default: all)")
    p.add_argument(
        "--execute",
        action="store_true",
        help="first write and run exercises/solutions/NAME.ipynb from NAME.py",
    )
    p.set_defaults(func=_cmd_build)
    p = sub.add_parser("check", help="fail if an exercise notebook is out of date")
    p.set_defaults(func=_cmd_check)
    p = sub.add_parser("list", help="list the exercises")
    p.add_argument("--seed", type=seed_text, default=str(DEFAULT_SEED))
    p.add_argument("--chapters")
    p.set_defaults(func=_cmd_list)
    p = sub.add_parser("class", help="write a class set (as `spades exercises`)")
    _add_class_options(p)
    p.set_defaults(func=_cmd_class)
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except SpadesError as error:
        error_line(str(error))
        return 2
