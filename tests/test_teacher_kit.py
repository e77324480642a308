"""The teacher kit as a teacher meets it: returned notebooks renamed by a
browser, the class's summary per exercise, ``--grade --execute`` without kernel
noise on stderr, and ``--nbgrader`` refusing made-up student names.

A class set of two students (chapter 6, and chapter 1 for ``--execute``) is
written once; each test copies it and types answers into the notebooks' JSON
as a student would.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from spadeslib.cli import main
from spadeslib.exercises import key_text, load, student_seed
from spadeslib.exercises.grading import Grade, Report, grade_class

pytest.importorskip("nbformat")
pytest.importorskip("jupytext")

CLASS_SEED = 2026


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("kit") / "class"
    argv = ["exercises", "--students", "alice,bob", "--chapters", "01,06"]
    assert main([*argv, "--seed", str(CLASS_SEED), "--out", str(out)]) == 0
    return out


@pytest.fixture
def class_set(written: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(written, tmp_path / "class"))


def answer(path: Path, number: int, source: str) -> None:
    """Replace the cell holding ``qN.check(`` in the notebook at ``path``."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    cells = [
        c
        for c in nb["cells"]
        if c["cell_type"] == "code" and f"q{number}.check(" in "".join(c["source"])
    ]
    assert len(cells) == 1
    cells[0]["source"] = source
    path.write_text(json.dumps(nb), encoding="utf-8")


def right(student: str, chapter: str, number: int) -> str:
    q = load(chapter, seed=student_seed(CLASS_SEED, student))[number - 1]
    return f"q{number}.check({key_text(q)!r})"


def grades(report: Report, student: str) -> dict[str, Grade]:
    return {g.exercise: g for g in report.grades if g.student == student}


# ------------------------------------------------- renamed returned files
def test_a_browser_renamed_notebook_is_graded_with_a_note(class_set: Path) -> None:
    bob = class_set / "bob"
    answer(bob / "06_scoring.ipynb", 1, right("bob", "06_scoring", 1))
    (bob / "06_scoring.ipynb").rename(bob / "06_scoring (1).ipynb")
    report = grade_class(class_set, ["06"])
    assert grades(report, "bob")["6.1"].verdict == "correct"
    note = " ".join(report.notes)
    assert "graded bob/06_scoring (1).ipynb as bob's 06_scoring.ipynb" in note
    assert "rename it to 06_scoring.ipynb" in note


def test_two_look_alikes_are_named_not_guessed(class_set: Path) -> None:
    bob = class_set / "bob"
    shutil.copy(bob / "06_scoring.ipynb", bob / "06_scoring-Copy1.ipynb")
    (bob / "06_scoring.ipynb").rename(bob / "06_scoring (1).ipynb")
    report = grade_class(class_set, ["06"])
    g = grades(report, "bob")["6.1"]
    assert g.verdict == "not answered"
    assert g.feedback == (
        "no notebook bob/06_scoring.ipynb; found '06_scoring (1).ipynb', "
        "'06_scoring-Copy1.ipynb': rename the returned one to 06_scoring.ipynb"
    )


def test_a_download_next_to_the_handed_out_notebook_is_pointed_out(
    class_set: Path,
) -> None:
    bob = class_set / "bob"
    shutil.copy(bob / "06_scoring.ipynb", bob / "06_scoring (1).ipynb")
    answer(bob / "06_scoring (1).ipynb", 1, right("bob", "06_scoring", 1))
    report = grade_class(class_set, ["06"])
    assert grades(report, "bob")["6.1"].verdict == "not answered"
    assert any(
        "bob/ also holds '06_scoring (1).ipynb'" in n and "rename it" in n
        for n in report.notes
    )


def test_a_folder_holding_only_a_renamed_notebook_is_found(class_set: Path) -> None:
    carol = class_set / "carol"
    carol.mkdir()
    shutil.copy(
        class_set / "alice" / "06_scoring.ipynb", carol / "06_scoring (2).ipynb"
    )
    answer(carol / "06_scoring (2).ipynb", 1, right("alice", "06_scoring", 1))
    report = grade_class(class_set, ["06"])
    assert grades(report, "carol")["6.1"].verdict == "correct"


# --------------------------------------------------- the class per exercise
def test_the_report_ends_with_each_exercise_over_the_class(
    class_set: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    answer(class_set / "alice" / "06_scoring.ipynb", 1, right("alice", "06_scoring", 1))
    answer(class_set / "bob" / "06_scoring.ipynb", 1, "q1.check('banana')")
    answer(class_set / "bob" / "06_scoring.ipynb", 2, right("bob", "06_scoring", 2))
    report = grade_class(class_set, ["06"])
    by = report.by_exercise()
    labels = [label for _, label in by]
    assert labels == [q.label for q in load("06_scoring", seed=1)]
    assert by[("06_scoring", "6.1")] == {
        "correct": 1,
        "incorrect": 1,
        "not answered": 0,
        "not read": 0,
    }
    assert main(["exercises", "--grade", str(class_set), "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "\n6.1: 1 of 2 correct (1 incorrect)\n" in out
    assert "\n6.2: 1 of 2 correct (1 not answered)\n" in out
    assert "\n6.3: 0 of 2 correct (2 not answered)\n" in out
    assert out.index("bob: ") < out.index("\n1.1: ") < out.index("\n6.1: ")
    # bob's "banana" gets more feedback than the table shows: it says where
    assert "(feedback cut at 60 characters: --csv FILE writes it whole)" in out


# ------------------------------------------------------- --grade --execute
def test_execute_prints_no_kernel_warning(
    class_set: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    q = load("01_welcome", seed=student_seed(CLASS_SEED, "bob"))[0]
    path = class_set / "bob" / "01_welcome.ipynb"
    answer(path, 1, f"answer = str({key_text(q)!r})\nq1.check(answer)")
    capfd.readouterr()
    argv = ["exercises", "--grade", str(class_set), "--chapters", "01"]
    assert main([*argv, "--execute", "--no-progress"]) == 0
    out, err = capfd.readouterr()
    assert "\nbob      01_welcome  1.1       correct " in out
    # libzmq's own line from a kernel torn down on a loaded machine (seen once
    # in CI, 5 December 2026) is not a warning of ours
    lines = [x for x in err.splitlines() if "src/signaler.cpp" not in x]
    assert lines == [], err
    assert sorted(p.name for p in path.parent.iterdir()) == [  # nothing left over
        "01_welcome.html",
        "01_welcome.ipynb",
        "06_scoring.html",
        "06_scoring.ipynb",
    ]


# --------------------------------------------------------------- nbgrader
def test_nbgrader_refuses_count_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "nbc"
    code = main(["exercises", "--nbgrader", "--count", "3", "--out", str(out)])
    printed, err = capsys.readouterr()
    assert code == 2 and printed == ""
    assert err.count("\n") == 1 and err.startswith("spades: error: "), err
    assert "give --students with the JupyterHub user names" in err
    assert not out.exists()


def test_the_key_by_chapter_has_a_row_per_student_with_their_answers(
    tmp_path: Path,
) -> None:
    """A teacher marking chapter 6 for the class read 25 sections of the key;
    the by-chapter key is one table, each row the student's own answers."""
    from spadeslib.exercises import accepted_texts, load
    from spadeslib.exercises.class_sets import write_class

    written = write_class(["ann", "bo"], 2026, tmp_path, ["01", "06"])
    key = tmp_path / "answer_key_by_chapter.md"
    assert key in written
    text = key.read_text(encoding="utf-8")
    data = json.loads((tmp_path / "answer_key.json").read_text(encoding="utf-8"))
    for student in ("ann", "bo"):
        seed = data[student]["seed"]
        row = next(
            line
            for line in text.splitlines()
            if line.startswith(f"| {student} ({seed}) |")
            and "`" in line
            and line.count("|") == 6
        )  # chapter 1: four exercises
        cells = [c.strip() for c in row.strip("|").split("|")][1:]
        expected = [
            " or ".join(f"`{a}`" for a in accepted_texts(q))
            for q in load("01", seed=seed)
        ]
        assert cells == expected, (student, cells, expected)
    assert "## 06_scoring" in text and text.count("| ann (") == 2
