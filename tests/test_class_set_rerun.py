"""A second `spades exercises` run into the same folder (a late student, the
next chapter) once wrote blank notebooks over the students' returned work
and replaced the answer keys with its own students and chapters only."""

from __future__ import annotations

import html
import json
from pathlib import Path

import nbformat

from spadeslib.exercises.class_sets import write_class


def _answer(path: Path, text: str) -> None:
    nb = nbformat.read(path, as_version=4)
    cell = next(c for c in nb.cells if c.cell_type == "code" and "= ____" in c.source)
    cell.source = cell.source.replace("____", text, 1)
    nbformat.write(nb, path)


def test_returned_work_is_kept_and_the_keys_keep_both_runs(tmp_path: Path) -> None:
    out = tmp_path / "class-set"
    write_class(["ann", "bo"], 7, out, ["06"])
    _answer(out / "ann" / "06_scoring.ipynb", "41")
    kept: list[Path] = []
    written = write_class(["ann", "bo", "cy"], 7, out, ["06", "07"], kept=kept)
    # ann's answered notebook stays; bo's blank one is written again
    assert kept == [out / "ann" / "06_scoring.ipynb"]
    assert "= 41" in (out / "ann" / "06_scoring.ipynb").read_text("utf-8")
    assert out / "bo" / "06_scoring.ipynb" in written
    write_class(["late"], 7, out, ["08"])
    key = json.loads((out / "answer_key.json").read_text("utf-8"))
    assert {s: sorted(e["answers"]) for s, e in key.items()} == {
        "ann": ["06_scoring", "07_bags_and_winning"],
        "bo": ["06_scoring", "07_bags_and_winning"],
        "cy": ["06_scoring", "07_bags_and_winning"],
        "late": ["08_variants"],
    }
    markdown = (out / "answer_key.md").read_text("utf-8")
    for student in ("ann", "bo", "cy", "late"):
        assert f"## {student} (seed" in markdown
    # a student is keyed only for the chapters they were given
    late = markdown.split("## late")[1].split("\n## ")[0]
    assert "08_variants" in late and "06_scoring" not in late
    by_chapter = (out / "answer_key_by_chapter.md").read_text("utf-8")
    eight = by_chapter.split("## 08_variants")[1].split("\n## ")[0]
    assert "| late (" in eight and "| ann (" not in eight


def test_a_run_notebook_counts_as_work_even_unanswered(tmp_path: Path) -> None:
    out = tmp_path / "set"
    write_class(["ann"], 3, out, ["01"])
    path = out / "ann" / "01_welcome.ipynb"
    nb = nbformat.read(path, as_version=4)
    code = next(c for c in nb.cells if c.cell_type == "code")
    code.execution_count = 1
    nbformat.write(nb, path)
    kept: list[Path] = []
    write_class(["ann"], 3, out, ["01"], kept=kept)
    assert kept == [path]
    nbformat.write(nbformat.read(path, as_version=4), path)  # still readable


def test_the_grades_tell_a_missing_notebook_from_a_blank_one(tmp_path: Path) -> None:
    """Both read "0/6 correct (6 not answered)": a teacher could not tell a
    notebook never copied back from one returned blank."""
    from spadeslib.exercises.grading import grade_class

    out = tmp_path / "set"
    write_class(["ann", "bo", "cy"], 7, out, ["06"])
    _answer(out / "ann" / "06_scoring.ipynb", "41")
    (out / "cy" / "06_scoring.ipynb").unlink()
    report = grade_class(out)
    assert report.flags == {
        "bo": [
            "06_scoring: unchanged since it was handed out (returned blank, or "
            "not returned)"
        ],
        "cy": ["06_scoring: no notebook"],
    }
    lines = report.table().splitlines()
    assert any(
        line.startswith("cy: 0/6 correct") and "no notebook" in line for line in lines
    )


def test_a_rerun_with_another_seed_is_refused_over_returned_work(
    tmp_path: Path,
) -> None:
    """The kept notebook (old seed) was keyed and graded with the new seed."""
    import pytest

    from spadeslib.errors import SpadesError

    out = tmp_path / "set"
    write_class(["ann", "bo"], 1, out, ["06"])
    _answer(out / "ann" / "06_scoring.ipynb", "41")
    before = (out / "answer_key.json").read_text("utf-8")
    with pytest.raises(SpadesError, match="ann's 06_scoring holds their work"):
        write_class(["ann", "bo"], 2, out, ["06"])
    assert (out / "answer_key.json").read_text("utf-8") == before  # untouched
    write_class(["bo"], 2, out, ["06"])  # bo returned nothing: a new seed is fine


def test_a_chapters_answers_for_the_class_fit_one_grid(tmp_path: Path) -> None:
    """The marking copy runs to about 3 pages a student; the grid gives a
    chapter's accepted answers for the class as one table."""
    from spadeslib.exercises import load

    out = tmp_path / "set"
    students = [f"s{i:02d}" for i in range(1, 26)]
    write_class(students, 4, out, ["06"])
    grid = (out / "grid_06_scoring.html").read_text("utf-8")
    assert grid.count('<tr class="pupil">') == 25
    key = json.loads((out / "answer_key.json").read_text("utf-8"))
    first = key["s01"]
    chapter = load("06", seed=first["seed"])
    row = grid.split('<tr class="pupil"><th>s01 ')[1].split("</tr>")[0]
    for label, _, answers in chapter.accepted():
        assert html.escape(answers[0]) in row, label
