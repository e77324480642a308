"""The teacher's commands of the classroom page: ``spades handout`` (a
printable page with the link and its QR code) and ``spades class`` (one line
per table of a class). ``spadeslib.cli`` calls :func:`register`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ..arguments import whole
from ..errors import SpadesError

__all__ = ["register"]


def _cmd_class(args: argparse.Namespace) -> int:
    import time

    from .progress import class_csv, class_text, read_class

    folder = Path(args.folder)
    if folder.exists() and not folder.is_dir():
        raise SpadesError(f"{folder} is a file: give the class folder of the page")
    if not folder.exists() and args.watch is None:
        raise SpadesError(
            f"{folder} does not exist (yet): the page makes it when the first "
            "student opens it (make voila VOILA_CLASS=FOLDER makes it at once); "
            "--watch waits for it"
        )
    while True:
        rows = read_class(folder) if folder.is_dir() else []
        text = class_text(rows) if folder.is_dir() else ""
        if args.csv is not None:
            problem = _write_csv(Path(args.csv), class_csv(rows))
            if problem and args.watch is None:
                raise SpadesError(problem)
            if problem:  # a spreadsheet holds the file open: try again later
                print(f"spades class: {problem}; trying again", file=sys.stderr)
        if args.watch is None:
            print(text)
            return 0
        text = text or "No table has written yet: waiting for the first student."
        stamp = time.strftime("%H:%M:%S")
        print(f"\033[H\033[J{folder}, {stamp} (Ctrl-C stops)\n{text}", flush=True)
        time.sleep(args.watch)


def _write_csv(path: Path, text: str) -> str | None:
    """Write ``text`` to ``path`` whole (a temporary file renamed), with the
    byte-order mark a spreadsheet needs to read UTF-8; the problem, if any."""
    part = path.with_name(path.name + ".part")
    try:
        part.write_text(text, encoding="utf-8-sig")
        part.replace(path)
    except OSError as error:
        part.unlink(missing_ok=True)
        return f"could not write {path}: {error.strerror or type(error).__name__}"
    return None


def _cmd_handout(args: argparse.Namespace) -> int:
    from .handout import handout, handout_summary

    page = handout(args.link, args.question or ())
    Path(args.out).write_text(page, encoding="utf-8")
    print(
        f"wrote {args.out} ({handout_summary(args.link)}); open it in a "
        "browser and print it (one page)"
    )
    return 0


def register(subparsers: Any) -> None:
    """Add ``class`` and ``handout`` to the ``spades`` parser."""
    p = subparsers.add_parser(
        "class",
        help="the teacher's view: one line per table of the classroom page",
        description="The teacher's view of the class at the classroom page: one "
        "line per student's table (name, rules, scores, the coach's ratings), "
        "read from the class folder the page writes to (make voila "
        "VOILA_CLASS=FOLDER). See docs/classroom.md.",
    )
    p.add_argument(
        "folder",
        help="the class folder the page writes to (make voila VOILA_CLASS=FOLDER)",
    )
    p.add_argument(
        "--watch",
        type=whole(1),
        metavar="SECONDS",
        help="print it again every SECONDS seconds until Ctrl-C",
    )
    p.add_argument(
        "--csv",
        metavar="FILE",
        help="also write the lines as CSV (a spreadsheet's), again at each --watch",
    )
    p.set_defaults(func=_cmd_class)

    p = subparsers.add_parser(
        "handout",
        help="a printable page for the class: the table's link, its QR code, "
        "how to play",
        description="A printable page (one A4 sheet) for the class: the "
        "classroom page's link and its QR code, how to play under the link's "
        "rules, and the lesson's questions. docs/lessons.md has each lesson's "
        "command, ready to paste.",
    )
    p.add_argument(
        "link",
        help="the classroom page's address, as the class opens it: "
        "http://192.168.1.23:8866/?rules=classic&seed=2024 (this machine's "
        "address on the class network)",
    )
    p.add_argument(
        "--out", default="handout.html", help="the page to write (default: %(default)s)"
    )
    p.add_argument(
        "--question",
        action="append",
        metavar="TEXT",
        help="a question about the deal, printed under the link (repeat it for "
        "more; docs/lessons.md has each lesson's)",
    )
    p.set_defaults(func=_cmd_handout)
