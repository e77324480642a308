"""The classroom kit: an nbgrader course released, submitted and autograded.

Runs nbgrader itself (its command line, in a temporary course folder): the
teacher's steps from ``spadeslib.nbgrader_release``'s docstring, then two
submissions: one all right, one right on two exercises only.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
pytest.importorskip("nbgrader")

from spadeslib.cli import main  # noqa: E402
from spadeslib.exercises import load, student_seed  # noqa: E402
from spadeslib.nbgrader_release import assignment_notebook, student_id  # noqa: E402

CHAPTER = "06_scoring"
STUDENTS = ["alice", "bob"]
STUB = "# YOUR CODE HERE\nraise NotImplementedError()"


def _nbgrader(root: Path, *args: str) -> None:
    bin_dir = str(Path(sys.executable).parent)
    exe = shutil.which("nbgrader", path=bin_dir)
    assert exe, "nbgrader is not installed next to this Python"
    env = {k: v for k, v in os.environ.items() if k != "JUPYTERHUB_USER"}
    env["PATH"] = bin_dir + os.pathsep + env.get("PATH", "")  # nbgrader runs alembic
    done = subprocess.run(
        [exe, *args], cwd=root, env=env, capture_output=True, text=True, timeout=600
    )
    errors = [line for line in done.stderr.splitlines() if "ERROR" in line]
    assert done.returncode == 0, "\n".join(errors[:20]) or done.stderr[-3000:]


def _submit(root: Path, student: str, answers: list[str]) -> None:
    nb = nbformat.read(root / "release" / CHAPTER / f"{CHAPTER}.ipynb", as_version=4)
    for cell in nb.cells:
        grade_id = cell.metadata.get("nbgrader", {}).get("grade_id", "")
        if grade_id.startswith("answer_"):
            i = int(grade_id.split("_")[1])
            assert STUB in cell.source
            cell.source = cell.source.replace(STUB, f"answer_{i} = {answers[i - 1]!r}")
    folder = root / "submitted" / student / CHAPTER
    folder.mkdir(parents=True)
    nbformat.write(nb, folder / f"{CHAPTER}.ipynb")


def _wrong(key: str) -> str:
    """A wrong answer to a points question: one point off the key."""
    return str(int(key) + 1)


def test_source_notebook_cells() -> None:
    nb = assignment_notebook(CHAPTER, 2026)
    meta = [c.metadata["nbgrader"] for c in nb.cells]
    exercises = len(load(CHAPTER, seed=0))
    assert sum(m["solution"] for m in meta) == exercises
    assert sum(m.get("points", 0) for m in meta if m["grade"]) == exercises
    assert all(m["locked"] for m in meta if m["grade"] or not m["solution"])
    assert len({m["grade_id"] for m in meta}) == len(meta)
    for cell, m in zip(nb.cells, meta, strict=True):
        if m["solution"]:
            assert "### BEGIN SOLUTION" in cell.source
            assert cell.source.index("END SOLUTION") < cell.source.index(".check(")


def test_answer_cells_say_what_to_delete_and_write() -> None:
    nb = assignment_notebook(CHAPTER, 2026)
    intro = nb.cells[0].source
    assert "`raise NotImplementedError()`" in intro and "`answer_1 = ...`" in intro
    for cell in nb.cells:
        grade_id = cell.metadata["nbgrader"]["grade_id"]
        if grade_id.startswith("answer_"):
            i = int(grade_id.split("_")[1])
            head = cell.source.split("### BEGIN SOLUTION")[0]
            assert "delete the line raise NotImplementedError()" in head
            assert f"write answer_{i} = ..." in head
            assert "replace the solution" not in head


def test_graded_notebook_switches_solutions_off(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from spadeslib.exercises import graded, key_text

    nb = assignment_notebook(CHAPTER, 2026)
    setup = nb.cells[1].source
    assert "graded()" in setup
    monkeypatch.setenv("SPADESLIB_STUDENT", "alice")
    names: dict[str, object] = {}
    try:
        exec(setup, names)  # the notebook's setup cell
        capsys.readouterr()
        q1 = names["q1"]
        q1.solution()  # type: ignore[attr-defined]
        q1.hint()  # type: ignore[attr-defined]
        out = capsys.readouterr().out
        assert out.startswith("Solutions are off in this graded set")
        assert "Hint: " in out and "Solution:" not in out
        # the instructor's solution cell and the autograder still work
        answer = key_text(q1)  # type: ignore[arg-type]
        assert q1.feedback(answer).correct  # type: ignore[attr-defined]
    finally:
        graded(False)


def test_setup_cell_imports_what_the_class_set_imports(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Chapter 11 asks for `Game(...)`: the setup cell imports it, with the
    same line as a class set's notebook."""
    from spadeslib.exercises import graded
    from spadeslib.exercises.class_sets import student_notebook
    from spadeslib.exercises.notebooks import SETUP_IMPORT

    setup = assignment_notebook("11_play", 2026).cells[1].source
    mine = next(
        c for c in student_notebook("11_play", 5).cells if c.cell_type == "code"
    )
    assert setup.split("\n")[0] == SETUP_IMPORT == mine.source.split("\n")[0]
    monkeypatch.setenv("SPADESLIB_STUDENT", "alice")
    names: dict[str, object] = {}
    try:
        exec(setup, names)
        names["q1"].show()  # type: ignore[attr-defined]
        assert "Game(" in capsys.readouterr().out
        exec('game = Game(Rules("classic"), seed=1)\nseat = Seat.NORTH', names)
    finally:
        graded(False)


def test_exercises_have_the_class_set_headings_and_code_cells() -> None:
    from spadeslib.exercises.class_sets import student_notebook
    from spadeslib.exercises.notebooks import YOUR_CODE

    def shape(cells: list) -> list[str]:  # type: ignore[type-arg]
        return [
            c.source
            for c in cells
            if c.source.startswith("## Exercise") or c.source == YOUR_CODE
        ]

    nb = assignment_notebook("11_play", 2026)
    theirs = shape(student_notebook("11_play", 5).cells)
    assert shape(nb.cells) == theirs
    assert "Write the code in the empty cell" in theirs[0]
    assert theirs.count(YOUR_CODE) == 3  # exercises 1, 3 and 4 ask for code
    for i, cell in enumerate(nb.cells):
        if cell.source == YOUR_CODE:  # the student's own, editable cell
            assert "nbgrader" not in cell.metadata
            assert nb.cells[i - 1].source.endswith(".show()")
            grade_id = nb.cells[i + 1].metadata["nbgrader"]["grade_id"]
            assert grade_id.startswith("answer_")


def test_student_id_prefers_the_grader_then_the_hub(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("JUPYTERHUB_USER", "hubuser")
    monkeypatch.delenv("SPADESLIB_STUDENT", raising=False)
    assert student_id() == "hubuser"
    monkeypatch.setenv("SPADESLIB_STUDENT", "alice")
    assert student_id() == "alice"


@pytest.mark.slow
def test_generate_and_autograde_a_right_and_a_wrong_submission(
    tmp_path: Path,
) -> None:
    root = tmp_path / "course"
    args = ["--students", ",".join(STUDENTS), "--seed", "2026", "--out", str(root)]
    assert main(["exercises", "--nbgrader", "--chapters", "06", *args]) == 0
    keys = json.loads((root / "answer_key.json").read_text(encoding="utf-8"))
    for student in STUDENTS:
        assert keys[student]["seed"] == student_seed(2026, student)
    alice = list(keys["alice"]["answers"][CHAPTER].values())
    accepted = keys["alice"]["accepted"][CHAPTER]
    assert [answers[0] for answers in accepted.values()] == alice
    key_md = (root / "answer_key.md").read_text(encoding="utf-8")
    assert "every answer its check accepts" in key_md
    bob = list(keys["bob"]["answers"][CHAPTER].values())
    assert alice != bob  # each student has their own exercises

    _nbgrader(root, "db", "student", "import", "students.csv")
    _nbgrader(root, "generate_assignment", CHAPTER)
    released = (root / "release" / CHAPTER / f"{CHAPTER}.ipynb").read_text()
    assert "BEGIN SOLUTION" not in released and "key_text" not in released
    released_nb = nbformat.reads(released, as_version=4)
    first = next(
        c for c in released_nb.cells if c.metadata["nbgrader"]["grade_id"] == "answer_1"
    )
    assert STUB in first.source and "delete the line raise NotImplementedError()" in (
        first.source
    )

    _submit(root, "alice", alice)  # all right
    bob_answers = [k if i in (0, 2) else _wrong(k) for i, k in enumerate(bob)]
    _submit(root, "bob", bob_answers)  # right on 6.1 and 6.3 only
    _nbgrader(root, "autograde", CHAPTER)

    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as gradebook:
        scores = {
            s: (
                gradebook.find_submission(CHAPTER, s).score,
                gradebook.find_submission(CHAPTER, s).max_score,
            )
            for s in STUDENTS
        }
    assert scores == {"alice": (len(alice), len(alice)), "bob": (2, len(bob))}


def test_write_course_reports_progress_per_student_and_chapter(
    tmp_path: Path,
) -> None:
    from spadeslib.nbgrader_release import write_course

    calls: list[None] = []
    write_course(
        tmp_path / "course",
        STUDENTS,
        2026,
        ["01", "06"],
        progress=lambda: calls.append(None),
    )
    assert len(calls) == len(STUDENTS) * 2


def test_nbgrader_course_progress_bar_and_seeds_refusal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "course"
    argv = ["exercises", "--nbgrader", "--students", "alice", "--chapters", "01"]
    assert main([*argv, "--out", str(out), "--progress"]) == 0
    err = capsys.readouterr().err
    assert "notebooks [" in err and "] 1/1 in " in err
    code = main([*argv, "--seeds", "5", "--out", str(tmp_path / "other")])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("spades: error: --seeds is for class sets")
    assert not (tmp_path / "other").exists()
