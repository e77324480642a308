"""Command line for the exercises.

``spades exercises`` (added to the ``spades`` command by :func:`register`)
writes a class set: one notebook per student and chapter, each with the
student's own seed, and an answer key::

    spades exercises --students alice,bob --seed 2026 --out DIR [--chapters 06,07]
    spades exercises --list [--seed S]

``python -m spadeslib.exercises`` adds the maintainer commands ``build``
(exercise notebooks from the solutions, optionally executing the solutions
first) and ``check`` (fail if a committed exercise notebook is out of date).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..arguments import whole
from . import CHAPTERS, DEFAULT_SEED, load, resolve

__all__ = ["main", "register"]


def _chapters(text: str | None) -> list[str]:
    if not text:
        return list(CHAPTERS)
    return [resolve(part) for part in text.replace(" ", "").split(",") if part]


def _students(text: str | None, count: int | None) -> list[str]:
    names = [n.strip() for n in (text or "").split(",") if n.strip()]
    if count:
        names += [f"student{i:02d}" for i in range(len(names) + 1, count + 1)]
    if len(set(names)) != len(names):
        raise SystemExit("spades exercises: a student name is repeated")
    return names


def _cmd_class(args: argparse.Namespace) -> int:
    from .notebooks import write_class

    if args.list:
        return _cmd_list(args)
    students = _students(args.students, args.count)
    if not students or not args.out:
        print(
            "spades exercises: give --students NAME,NAME (or --count N) and --out DIR "
            "(or --list)"
        )
        return 2
    chapters = _chapters(args.chapters)
    if args.nbgrader:
        from ..nbgrader_release import write_course

        write_course(Path(args.out), students, args.seed, chapters)
        print(
            f"wrote an nbgrader course in {args.out}: {len(chapters)} assignments "
            f"(source/), students.csv for {len(students)} students, answer_key.md"
        )
        return 0
    written = write_class(students, args.seed, Path(args.out), chapters)
    notebooks = [p for p in written if p.suffix == ".ipynb"]
    print(
        f"wrote {len(notebooks)} exercise notebooks for {len(students)} students "
        f"({len(chapters)} chapters) and the answer key "
        f"{Path(args.out) / 'answer_key.md'}"
    )
    return 0


def _cmd_list(args: argparse.Namespace) -> int:
    seed = int(args.seed) if str(args.seed).lstrip("-").isdigit() else DEFAULT_SEED
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
    p.add_argument("--students", help="comma-separated student names")
    p.add_argument(
        "--count", type=whole(1), help="or this many students (student01, ...)"
    )
    p.add_argument(
        "--seed",
        default=str(DEFAULT_SEED),
        help="the class seed; each student's seed is derived from it and the name",
    )
    p.add_argument(
        "--out", help="folder to write STUDENT/CHAPTER.ipynb and the key into"
    )
    p.add_argument(
        "--chapters", help="comma-separated chapters (default: all), e.g. 06,07"
    )
    p.add_argument("--list", action="store_true", help="list the exercises and stop")
    p.add_argument(
        "--nbgrader",
        action="store_true",
        help="write an nbgrader course (source notebooks with solution and "
        "autograder cells) instead of one notebook per student",
    )


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
    p.add_argument("--seed", default=str(DEFAULT_SEED))
    p.add_argument("--chapters")
    p.set_defaults(func=_cmd_list)
    p = sub.add_parser("class", help="write a class set (as `spades exercises`)")
    _add_class_options(p)
    p.set_defaults(func=_cmd_class)
    args = parser.parse_args(argv)
    return int(args.func(args))
