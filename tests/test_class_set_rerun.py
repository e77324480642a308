"""A second `spades exercises` run into the same folder (a late student, the
next chapter) once wrote blank notebooks over the students' returned work
and replaced the answer keys with its own students and chapters only."""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

import nbformat
import pytest

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
    with pytest.raises(SpadesError, match="this folder's class seed is 1, not 2"):
        write_class(["ann", "bo"], 2, out, ["06"])
    # a seed given per student is checked against the key too
    ann = json.loads(before)["ann"]["seed"]
    with pytest.raises(SpadesError, match="ann's 06_scoring holds their work"):
        write_class(["ann"], None, out, ["06"], seeds=[ann + 1])
    with pytest.raises(SpadesError, match="bo has seed"):
        write_class(["bo"], 2, out, ["07"], seeds=[5])
    assert (out / "answer_key.json").read_text("utf-8") == before  # untouched


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


def _grade_right(out: Path, student: str, name: str) -> str:
    """``student``'s ``name`` answered right (for their seed in the key, as
    handed out) and graded: the student's line of the report."""
    from spadeslib.exercises import key_text, load
    from spadeslib.exercises.grading import grade_class

    seed = json.loads((out / "answer_key.json").read_text("utf-8"))[student]["seed"]
    path = out / student / f"{name}.ipynb"
    nb = nbformat.read(path, as_version=4)
    for q in load(name, seed=seed):
        number = q.label.split(".")[1]
        cell = next(
            c
            for c in nb.cells
            if c.cell_type == "code" and f"q{number}.check(" in c.source
        )
        cell.source = f"q{number}.check({key_text(q)!r})"
    nbformat.write(nb, path)
    report = grade_class(out, [name])
    lines = report.table().splitlines()
    return next(line for line in lines if line.startswith(f"{student}: "))


def test_a_later_run_without_seed_keeps_the_folders_class_seed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The teacher forgot ``--seed`` for the next chapter: the key then gave
    every student another seed and forgot chapter 6, so the chapter 6 work,
    right for the seed it was handed out with, was graded 0/6."""
    from spadeslib.cli import main

    out = tmp_path / "orig"
    argv = ["exercises", "--students", "Ana,Bob", "--out", str(out), "--no-progress"]
    assert main([*argv, "--seed", "2026", "--chapters", "06"]) == 0
    first = json.loads((out / "answer_key.json").read_text("utf-8"))
    assert {e["class_seed"] for e in first.values()} == {"2026"}
    assert "(1 chapter), class seed 2026, and" in capsys.readouterr().out
    assert main([*argv, "--chapters", "07"]) == 0  # --seed forgotten
    said = capsys.readouterr().out.splitlines()
    assert said[0] == f"using the class seed of {out}, 2026 (from its answer_key.json)"
    assert "(1 chapter), class seed 2026, and" in said[1]
    key = json.loads((out / "answer_key.json").read_text("utf-8"))
    for student in ("Ana", "Bob"):
        assert key[student]["seed"] == first[student]["seed"]
        assert sorted(key[student]["answers"]) == ["06_scoring", "07_bags_and_winning"]
    by_chapter = (out / "answer_key_by_chapter.md").read_text("utf-8")
    assert "## 06_scoring" in by_chapter and "## 07_bags_and_winning" in by_chapter
    assert _grade_right(out, "Ana", "06_scoring").startswith("Ana: 6/6 correct")


def test_a_later_run_with_another_seed_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from spadeslib.cli import main

    out = tmp_path / "orig"
    argv = ["exercises", "--students", "Ana,Bob", "--out", str(out), "--no-progress"]
    assert main([*argv, "--seed", "2026", "--chapters", "06"]) == 0
    capsys.readouterr()
    before = (out / "answer_key.json").read_text("utf-8")
    for seed in ("7", "02026", "2026.0"):  # the seed is text: 02026 is not 2026
        assert main([*argv, "--seed", seed, "--chapters", "07"]) == 2
        printed, err = capsys.readouterr()
        assert printed == ""
        assert err == (
            f"spades: error: this folder's class seed is 2026, not {seed}: run "
            "with --seed 2026 (or without --seed), or write the new set to "
            "another --out folder\n"
        )
    assert (out / "answer_key.json").read_text("utf-8") == before
    assert not (out / "Ana" / "07_bags_and_winning.ipynb").exists()


def test_a_key_of_an_earlier_version_without_its_class_seed(tmp_path: Path) -> None:
    """Its class seed is found when the seed given (or the default) gives the
    students their seeds; else a run without ``--seed`` is refused, and so is
    one that would change a student's seed. Nor does it record the version of
    spadeslib: a later run records its own, for its chapters only."""
    import pytest

    from spadeslib import __version__
    from spadeslib.errors import SpadesError
    from spadeslib.exercises.class_sets import folder_seed

    def legacy(out: Path) -> None:  # as the earlier version wrote it
        path = out / "answer_key.json"
        key = json.loads(path.read_text("utf-8"))
        for entry in key.values():
            del entry["class_seed"], entry["spadeslib_version"]
        path.write_text(json.dumps(key), "utf-8")

    out = tmp_path / "old"
    write_class(["ann", "bo"], 2026, out, ["06"])
    legacy(out)
    assert folder_seed(out) is None
    before = (out / "answer_key.json").read_text("utf-8")
    with pytest.raises(SpadesError, match="does not record its class seed"):
        write_class(["ann"], None, out, ["07"])
    with pytest.raises(SpadesError, match="ann has seed"):
        write_class(["ann"], 7, out, ["07"])
    assert (out / "answer_key.json").read_text("utf-8") == before
    write_class(["ann", "cy"], 2026, out, ["07"])  # the same seed: upgraded
    key = json.loads((out / "answer_key.json").read_text("utf-8"))
    assert {s: e["class_seed"] for s, e in key.items()} == dict.fromkeys(
        ("ann", "bo", "cy"), "2026"
    )
    assert sorted(key["ann"]["answers"]) == ["06_scoring", "07_bags_and_winning"]
    # the version that wrote each chapter: 06's is not known
    assert key["ann"]["spadeslib_version"] == {"07_bags_and_winning": __version__}
    assert folder_seed(out) == "2026"

    default = tmp_path / "default"  # written with the default seed: found
    write_class(["ann"], 1, default, ["06"])
    legacy(default)
    assert folder_seed(default) == "1"
    write_class(["ann"], None, default, ["07"])
    key = json.loads((default / "answer_key.json").read_text("utf-8"))
    assert key["ann"]["class_seed"] == "1" and len(key["ann"]["answers"]) == 2


def test_seeds_given_per_student_record_no_class_seed(tmp_path: Path) -> None:
    from spadeslib.exercises.class_sets import folder_seed

    out = tmp_path / "set"
    write_class(["ann"], None, out, ["06"], seeds=[11])
    assert folder_seed(out) is None
    write_class(["bo"], None, out, ["06"])  # the default class seed for bo
    key = json.loads((out / "answer_key.json").read_text("utf-8"))
    assert key["ann"] == {**key["ann"], "seed": 11, "class_seed": None}
    assert key["bo"]["class_seed"] == "1"
    assert folder_seed(out) == "1"


@pytest.mark.browser
@pytest.mark.parametrize("name", ["04", "10"])
def test_a_grid_of_30_students_prints_on_one_a4_page(browser: Any, name: str) -> None:
    """25 students once took 2 pages: each seed wrapped onto a second line."""
    import re

    from spadeslib.exercises import student_seed
    from spadeslib.exercises.sheets import marking_grid

    students = [
        (f"student{i:02d}", student_seed(2026, f"student{i:02d}")) for i in range(1, 31)
    ]
    page = browser.new_page(viewport={"width": 794, "height": 1123})
    try:
        for count in (25, 30):
            page.set_content(marking_grid(students[:count], name), wait_until="load")
            pdf = page.pdf(format="A4")
            assert len(re.findall(rb"/Type\s*/Page(?!s)", pdf)) == 1, count
            page.emulate_media(media="print")
            heads = page.locator("tr.pupil th")
            tall = heads.evaluate_all(
                "hs => hs.filter(h => h.querySelector('.seed').getBoundingClientRect()"
                ".top > h.getBoundingClientRect().top + 8).length"
            )
            assert tall == 0, count  # each seed on its student's line
            page.emulate_media(media="screen")
    finally:
        page.close()


def test_an_nbgrader_course_keeps_its_class_seed_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same slip with --nbgrader: a run without --seed took the default
    seed and the key kept only the new chapter."""
    from spadeslib.cli import main

    out = tmp_path / "nbg"
    argv = ["exercises", "--nbgrader", "--out", str(out), "--no-progress"]
    who = ["--students", "alice,bob"]
    assert main([*argv, *who, "--seed", "2026", "--chapters", "06"]) == 0
    first = json.loads((out / "answer_key.json").read_text("utf-8"))
    capsys.readouterr()
    assert main([*argv, "--students", "cy", "--chapters", "07"]) == 0  # forgotten
    said = capsys.readouterr().out.splitlines()
    assert said[0] == f"using the class seed of {out}, 2026 (from its answer_key.json)"
    key = json.loads((out / "answer_key.json").read_text("utf-8"))
    assert set(key) == {"alice", "bob", "cy"}
    for student in ("alice", "bob"):
        assert key[student]["seed"] == first[student]["seed"]
        assert (
            key[student]["answers"]["06_scoring"]
            == first[student]["answers"]["06_scoring"]
        )
    assert all(
        sorted(e["answers"]) == ["06_scoring", "07_bags_and_winning"]
        for e in key.values()
    )
    assert (out / "source" / "06_scoring" / "06_scoring.ipynb").exists()
    assert main([*argv, *who, "--seed", "7", "--chapters", "08"]) == 2
    assert "class seed of the nbgrader course" in capsys.readouterr().err
    assert json.loads((out / "answer_key.json").read_text("utf-8")) == key


def test_a_late_student_comes_last_and_the_chapters_stay_in_order(
    tmp_path: Path,
) -> None:
    """A late student's run (``--students ulla --chapters 06``) into a set of
    chapters 01 and 06 once put chapter 06 first and ulla first in the keys,
    grids and sheets."""
    out = tmp_path / "set"
    write_class(["bo", "ann"], 7, out, ["01", "06"])
    write_class(["ulla"], 7, out, ["06"])
    write_class(["ann"], 7, out, ["02"])  # a student of the first run keeps her place
    key = json.loads((out / "answer_key.json").read_text("utf-8"))
    assert list(key) == ["bo", "ann", "ulla"]
    assert list(key["ann"]["answers"]) == [
        "01_welcome",
        "02_deck_and_deal",
        "06_scoring",
    ]
    assert list(key["ann"]["accepted"]) == list(key["ann"]["answers"])

    def places(text: str, *words: str) -> list[int]:
        return [text.index(word) for word in words]

    markdown = (out / "answer_key.md").read_text("utf-8")
    assert places(markdown, "## bo", "## ann", "## ulla") == sorted(
        places(markdown, "## bo", "## ann", "## ulla")
    )
    ann = markdown.split("## ann")[1].split("\n## ")[0]
    chapters = ("### 01_welcome", "### 02_deck", "### 06_scoring")
    assert places(ann, *chapters) == sorted(places(ann, *chapters))
    by_chapter = (out / "answer_key_by_chapter.md").read_text("utf-8")
    chapters = ("## 01_welcome", "## 02_deck", "## 06_scoring")
    assert places(by_chapter, *chapters) == sorted(places(by_chapter, *chapters))
    six = by_chapter.split("## 06_scoring")[1]
    rows = ("| bo (", "| ann (", "| ulla (")
    assert places(six, *rows) == sorted(places(six, *rows))
    for page in ("print", "marking", "grid"):
        text = (out / f"{page}_06_scoring.html").read_text("utf-8")
        names = ("bo", "ann", "ulla")
        found = [text.index(f">{name} ") for name in names]
        assert found == sorted(found), page


def test_a_hand_edited_version_field_does_not_stop_a_later_run(tmp_path: Path) -> None:
    """The key's ``spadeslib_version`` is a map per chapter; a key edited by
    hand (one version for the whole entry) is rewritten, not a crash."""
    from spadeslib.cli import main

    out = tmp_path / "set"
    argv = ["exercises", "--students", "Ana", "--out", str(out), "--no-progress"]
    assert main([*argv, "--seed", "2026", "--chapters", "01"]) == 0
    path = out / "answer_key.json"
    key = json.loads(path.read_text("utf-8"))
    key["Ana"]["spadeslib_version"] = "0.0.9"
    path.write_text(json.dumps(key), "utf-8")
    assert main([*argv, "--seed", "2026", "--chapters", "02"]) == 0
    versions = json.loads(path.read_text("utf-8"))["Ana"]["spadeslib_version"]
    assert sorted(versions) == ["02_deck_and_deal"]
