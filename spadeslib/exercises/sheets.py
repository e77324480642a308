"""Printable exercise sheets: a class set's exercises on paper.

A student without JupyterLab (a phone, a Chromebook) or a teacher marking
on paper reads the same exercises as the notebook prints them
(``q1.show()``): :func:`exercise_sheet` is one student's chapter (or
chapters) as an HTML page to print, with room to write each answer; with
``answers=True``, and :func:`marking_sheets` for the whole class, every
accepted answer and its reason under each question. Nothing is fetched: the
pages print as they are.

>>> page = exercise_sheet("ana", 7, ["01"])
>>> "Exercise 1.1" in page and "Your answer" in page and "Accepted" not in page
True
>>> "Accepted" in exercise_sheet("ana", 7, ["01"], answers=True)
True
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Sequence
from typing import Any

from ..display import inline_html
from . import load, resolve
from .exercise import spec_of
from .specs import Spec

__all__ = [
    "class_answers",
    "class_sheets",
    "exercise_sheet",
    "marking_grid",
    "marking_sheets",
]

_NEEDS_NOTEBOOK = "11"
"""The chapter whose exercises run code (a game played by bots)."""


def exercise_sheet(
    student: str,
    seed: int,
    names: Iterable[str],
    *,
    answers: bool = False,
    chapters: dict[tuple[str, int], Any] | None = None,
) -> str:
    """One student's exercises of the chapters ``names`` as a printable HTML
    page (``answers``: with every accepted answer and its reason)."""
    names = [resolve(n) for n in names]
    title = f"Spades exercises: {student} (seed {seed})"
    body = [f"<h1>{html.escape(title)}</h1>"]
    body += [_INTRO_KEY] if answers else [_NAME_LINE, _INTRO]
    body += _student_sections(seed, names, answers, chapters or {})
    return _PAGE.format(title=html.escape(title), body="\n".join(body))


def class_sheets(
    students: Sequence[tuple[str, int]],
    names: Iterable[str],
    chapters: dict[tuple[str, int], Any] | None = None,
) -> str:
    """Every student's exercises to answer on paper, in one file to print,
    each student from a new page (a class without JupyterLab)."""
    return _class_page(students, names, chapters or {}, answers=False)


def marking_sheets(
    students: Sequence[tuple[str, int]],
    names: Iterable[str],
    chapters: dict[tuple[str, int], Any] | None = None,
) -> str:
    """Every student's exercises with their answers, each student from a new
    printed page: the teacher's marking copy of a class set."""
    return _class_page(students, names, chapters or {}, answers=True)


ClassAnswers = tuple[str, list[str], list[tuple[str, int, list[list[str]]]]]
"""A chapter's title, its exercises' labels, and per student ``(name, seed,
every accepted answer of each exercise)``."""


def class_answers(
    students: Sequence[tuple[str, int]],
    name: str,
    chapters: dict[tuple[str, int], Any] | None = None,
) -> ClassAnswers:
    """Chapter ``name``'s accepted answers for each of ``students``, as the
    answer key by chapter and :func:`marking_grid` lay them out.

    >>> title, labels, rows = class_answers([("ann", 1)], "01")
    >>> title, labels[:2], rows[0][:2]
    ('Welcome', ['1.1', '1.2'], ('ann', 1))
    """
    name = resolve(name)
    chapters = chapters or {}
    built = [
        (student, seed, chapters.get((name, seed)) or load(name, seed=seed))
        for student, seed in students
    ]
    if not built:
        return name, [], []
    labels = [label for label, _, _ in built[0][2].accepted()]
    rows = [
        (student, seed, [list(answers) for _, _, answers in chapter.accepted()])
        for student, seed, chapter in built
    ]
    return built[0][2].title, labels, rows


GRID_ROOMY = 15
"""The most students a marking grid prints at its roomy size: a larger
class's is printed smaller, to stay on one A4 page (up to 30 students)."""


def marking_grid(
    students: Sequence[tuple[str, int]],
    name: str,
    chapters: dict[tuple[str, int], Any] | None = None,
) -> str:
    """A chapter's answers for the whole class on one page: a row per
    student, a column per exercise, every accepted answer in its cell (the
    marking copy gives the questions and the reasons too, a page or more a
    student).

    >>> page = marking_grid([("ann", 1), ("bo", 2)], "01")
    >>> page.count('<tr class="pupil">'), "<th>1.4</th>" in page
    (2, True)
    """
    name = resolve(name)
    words, labels, answers = class_answers(students, name, chapters)
    title = f"Spades exercises: {words} ({name[:2]}), the answers for the class"
    body = [f"<h1>{html.escape(title)}</h1>", _INTRO_GRID]
    if answers:
        head = "".join(f"<th>{html.escape(label)}</th>" for label in labels)
        many = " many" if len(answers) > GRID_ROOMY else ""  # still one page
        rows = [
            f'<table class="grid{many}"><thead><tr><th>student</th>{head}</tr></thead>'
        ]
        for student, seed, accepted in answers:
            cells = "".join(
                "<td>" + " or ".join(html.escape(a) for a in texts) + "</td>"
                for texts in accepted
            )
            rows.append(
                f'<tr class="pupil"><th>{html.escape(student)} '
                f'<span class="seed">({seed})</span></th>{cells}</tr>'
            )
        body.append("\n".join(rows) + "</table>")
    return _PAGE.format(title=html.escape(title), body="\n".join(body))


def _class_page(
    students: Sequence[tuple[str, int]],
    names: Iterable[str],
    chapters: dict[tuple[str, int], Any],
    *,
    answers: bool,
) -> str:
    names = [resolve(n) for n in names]
    title = "Spades exercises: " + ("the marking copy" if answers else "the class")
    body = [f"<h1>{title}</h1>", _INTRO_KEY] if answers else []
    for student, seed in students:
        body.append(
            f'<section class="student"><h1>{html.escape(student)} (seed {seed})</h1>'
        )
        if not answers:
            body += [_NAME_LINE, _INTRO]
        body += _student_sections(seed, names, answers, chapters)
        body.append("</section>")
    return _PAGE.format(title=title, body="\n".join(body))


def _student_sections(
    seed: int,
    names: Iterable[str],
    answers: bool,
    chapters: dict[tuple[str, int], Any],
) -> list[str]:
    out = []
    for name in names:
        chapter = chapters.get((name, seed)) or load(name, seed=seed)
        heading = f"Chapter {int(name[:2])}: {chapter.title}"
        out.append(f"<h2>{html.escape(heading)}</h2>")
        if name.startswith(_NEEDS_NOTEBOOK):
            out.append(
                '<p class="note">These exercises run code: do them in the '
                "notebook (JupyterLab), where the game is played.</p>"
            )
        for q in chapter:
            spec = spec_of(q)
            part = [f'<div class="exercise">{_blocks(_on_paper(spec.show_text()))}']
            if answers:
                accepted = " or ".join(
                    f"<code>{html.escape(a)}</code>" for a in spec.accepted_texts
                )
                part.append(f'<p class="key"><b>Accepted:</b> {accepted}</p>')
                part.append(f'<p class="why">{inline_html(_why(spec))}</p>')
            else:
                part.append('<p class="answer">Your answer:</p>')
            part.append("</div>")
            out.append("\n".join(part))
    return out


def _on_paper(text: str) -> str:
    r"""The printed exercise with its answer's format as written on paper:
    without the quotes Python needs (``'N'`` is N on paper).

    >>> _on_paper("Who deals?\n\nAnswer with a seat: 'N', 'E', 'S' or 'W'.")
    'Who deals?\n\nAnswer with a seat: N, E, S or W.'
    """
    lines = text.split("\n")
    return "\n".join(
        re.sub(r"'([^']*)'", r"\1", line) if line.startswith("Answer ") else line
        for line in lines
    )


def _why(spec: Spec) -> str:
    """The solution's reason, without its first line (the key, shown above)."""
    return spec.solution_text().split("\n", 1)[-1]


def _blocks(text: str) -> str:
    """The printed exercise as HTML: lines indented by two spaces (a deal, a
    table of bids, the tricks) in monospace, the rest as paragraphs; the
    first line is the exercise's heading."""
    lines = text.split("\n")
    out = [f"<h3>{html.escape(lines[0])}</h3>"]
    block: list[str] = []
    table = False
    for line in [*lines[1:], ""]:
        is_table = line.startswith("  ")
        if block and (not line.strip() or is_table != table):
            joined = "\n".join(block)
            out.append(
                f"<pre>{html.escape(joined)}</pre>"
                if table
                else f"<p>{inline_html(' '.join(block))}</p>"
            )
            block = []
        if line.strip():
            block.append(line)
            table = is_table
    return "\n".join(out)


_NAME_LINE = '<p class="name">Name:</p>'
_INTRO = (
    "<p>Write each answer on the line under its question: cards as Q♥ 10♥ "
    "(or QH 10H), suits as hearts, seats as N, E, S or W. (In a notebook, "
    "the same exercises check each answer at once.)</p>"
)
_SPELLINGS = (
    "Each is written one way; the check also reads other ways of writing it, "
    "so accept them on paper too: <em>nobody</em> or <em>neither</em> for "
    "<em>none</em>, <em>ns</em> or <em>North-South</em> for <em>NS</em>, "
    "<em>Q♥</em> for <em>QH</em>, <em>nil</em> in any case, a number with its "
    "unit (<em>7 tricks</em>)."
)
"""What both keys for paper say of the answers' spellings."""

_INTRO_KEY = (
    "<p>For the teacher: under each question, every answer its check "
    f"accepts (the expected one first) and why. {_SPELLINGS}</p>"
)

_INTRO_GRID = (
    "<p>For the teacher: in each cell, every answer the check accepts (the "
    "expected one first); the marking copy gives the questions and the "
    f"reasons. {_SPELLINGS}</p>"
)

_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>{title}</title>
<style>
  @page {{ size: auto; margin: 14mm; }}
  body {{ font: 11pt/1.4 system-ui, sans-serif; color: #111; max-width: 180mm;
         margin: 8mm auto; }}
  h1 {{ font-size: 18pt; margin: 0 0 3mm; }}
  h2 {{ font-size: 14pt; margin: 6mm 0 2mm; border-bottom: 1pt solid #888; }}
  h3 {{ font-size: 11.5pt; margin: 0 0 1.5mm; }}
  pre {{ font: 10pt/1.3 ui-monospace, monospace; margin: 1mm 0 2mm; }}
  p {{ margin: 1mm 0 2mm; }}
  code {{ font-family: ui-monospace, monospace; }}
  .exercise {{ break-inside: avoid; page-break-inside: avoid; margin: 0 0 5mm; }}
  .answer {{ border-bottom: 1pt solid #111; padding-top: 6mm; }}
  .name {{ border-bottom: 1pt solid #111; max-width: 90mm; padding-top: 4mm; }}
  .key {{ background: #f2f2f2; padding: 1.5mm 2mm; }}
  .note {{ font-style: italic; }}
  .student + .student {{ break-before: page; page-break-before: always; }}
  .student > h1 {{ font-size: 14pt; }}
  .grid {{ border-collapse: collapse; width: 100%; font-size: 9.5pt; }}
  .grid th, .grid td {{ border: 0.5pt solid #999; padding: 1mm 1.5mm;
                        text-align: left; vertical-align: top; }}
  .grid tr {{ break-inside: avoid; page-break-inside: avoid; }}
  .grid .pupil th {{ white-space: nowrap; }}
  .grid .seed {{ color: #555; font-weight: normal; }}
  .grid.many {{ font-size: 8.5pt; line-height: 1.25; }}
  .grid.many th, .grid.many td {{ padding: 0.6mm 1.2mm; }}
  @media print {{ body {{ margin: 0 auto; }} }}
</style></head>
<body>
{body}
</body></html>
"""
