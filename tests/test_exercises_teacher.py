"""Tests of the teacher's side of the exercises: ``spades exercises`` writes
a class set (student notebooks, answer keys), refuses bad options in one line,
and keeps students' names; graded mode switches solutions off. The exercises
themselves are tested in ``test_exercises.py``.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import nbformat
import pytest

from spadeslib.errors import SpadesError
from spadeslib.exercises import (
    CHAPTERS,
    DEFAULT_SEED,
    exercise_classes,
    key_text,
    load,
    student_seed,
)
from spadeslib.exercises.class_sets import student_notebook, write_class

ROOT = Path(__file__).resolve().parents[1]
CLASSES = [cls for name in CHAPTERS for cls in exercise_classes(name)]
SEEDS = (DEFAULT_SEED, 2, 3)


# ------------------------------------------------------------------ teacher
def test_teacher_command_writes_a_class_set(tmp_path: Path) -> None:
    from spadeslib.cli import main

    out = tmp_path / "class"
    status = main(
        ["exercises", "--students", "alice,bob", "--seed", "2026", "--out", str(out)]
    )
    assert status == 0
    for student in ("alice", "bob"):
        files = sorted(p.name for p in (out / student).glob("*.ipynb"))
        assert files == sorted(f"{name}.ipynb" for name in CHAPTERS)
        seed = student_seed(2026, student)
        nb = nbformat.read(out / student / "06_scoring.ipynb", as_version=4)
        assert f"SEED = {seed}" in "\n".join(c.source for c in nb.cells)
    key = (out / "answer_key.md").read_text(encoding="utf-8")
    assert "## alice" in key and "## bob" in key
    data = json.loads((out / "answer_key.json").read_text(encoding="utf-8"))
    for student, entry in data.items():
        assert entry["seed"] == student_seed(2026, student)
        for name, answers in entry["answers"].items():
            chapter = load(name, seed=entry["seed"])
            for q in chapter:
                assert answers[q.label] == key_text(q)
                assert q.feedback(answers[q.label]).correct


def test_class_set_for_some_chapters(tmp_path: Path) -> None:
    written = write_class(["x", "y", "z"], "7", tmp_path, ["06", "07"])
    notebooks = [p for p in written if p.suffix == ".ipynb"]
    assert len(notebooks) == 6 and (tmp_path / "answer_key.md").exists()
    seeds = {
        re.search(r"SEED = (\d+)", p.read_text()).group(1)  # type: ignore[union-attr]
        for p in notebooks
        if p.name.startswith("06")
    }
    assert len(seeds) == 3


def test_teacher_command_needs_students(capsys: pytest.CaptureFixture[str]) -> None:
    from spadeslib.exercises.cli import main

    assert main(["class"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("spades: error: ") and "--students" in err


def test_list_and_check_commands(capsys: pytest.CaptureFixture[str]) -> None:
    from spadeslib.exercises.cli import main

    assert main(["list", "--chapters", "06"]) == 0
    out = capsys.readouterr().out
    assert "06_scoring" in out and "6.4" in out
    assert main(["check"]) == 0


def _spades(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    from spadeslib.cli import main

    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _one_error_line(code: int, out: str, err: str, *words: str) -> None:
    assert code == 2 and out == "", (code, out)
    assert err.count("\n") == 1 and err.startswith("spades: error: "), err
    assert "Traceback" not in err
    for word in words:
        assert word in err, (word, err)


def test_unknown_chapter_is_one_error_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = str(tmp_path / "x")
    code, stdout, err = _spades(
        capsys, "exercises", "--chapters", "99", "--count", "1", "--out", out
    )
    _one_error_line(code, stdout, err, "no chapter '99'", *CHAPTERS)
    assert not (tmp_path / "x").exists()
    from spadeslib.exercises.cli import main

    assert main(["build", "99"]) == 2
    _, err = capsys.readouterr()
    assert err.startswith("spades: error: no chapter '99'")
    with pytest.raises(KeyError):  # still a KeyError for callers
        load("99")


def test_a_folder_that_cannot_be_written_is_one_error_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    for target, nbgrader in (
        (blocker / "class", ()),
        (blocker / "course", ("--nbgrader",)),
        *([(Path("/proc/nope"), ())] if Path("/proc/self").is_dir() else []),
    ):
        code, out, err = _spades(
            capsys,
            "exercises",
            "--students",  # --nbgrader takes hub user names, not --count
            "alice",
            "--chapters",
            "01",
            "--out",
            str(target),
            *nbgrader,
        )
        _one_error_line(code, out, err, "cannot write", str(target))


def test_chapters_named_twice_are_written_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "class"
    args = ["exercises", "--chapters", "6,scoring,06_scoring", "--count", "1"]
    code, stdout, _ = _spades(capsys, *args, "--out", str(out))
    assert code == 0
    assert "wrote 1 exercise notebook for 1 student (1 chapter)" in stdout
    assert [p.name for p in out.glob("*/*.ipynb")] == ["06_scoring.ipynb"]
    key = (out / "answer_key.md").read_text(encoding="utf-8")
    assert key.count("### 06_scoring") == 1


def test_students_and_count_together_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "class"
    code, stdout, err = _spades(
        capsys, "exercises", "--count", "1", "--students", "bob", "--out", str(out)
    )
    _one_error_line(code, stdout, err, "--students", "--count", "not allowed")
    assert not out.exists()
    code, stdout, err = _spades(
        capsys, "exercises", "--students", "bob,ann,bob", "--out", str(out)
    )
    _one_error_line(code, stdout, err, "bob", "twice")
    code, stdout, err = _spades(
        capsys, "exercises", "--students", "ann lee,ann_lee", "--out", str(out)
    )
    _one_error_line(code, stdout, err, "'ann lee' and 'ann_lee'", "share the folder")
    assert not out.exists()


def test_jobs_write_the_same_class_set_as_one_process(tmp_path: Path) -> None:
    # chapter 11 too: 11.4 sends its searched deal and remembered reviews back
    for jobs in (1, 2):
        write_class(
            ["a", "b"],
            None,
            tmp_path / f"j{jobs}",
            ["01", "11"],
            seeds=[1, 3],
            jobs=jobs,
        )
    files = sorted(p.relative_to(tmp_path / "j1") for p in (tmp_path / "j1").rglob("*"))
    assert files == sorted(
        p.relative_to(tmp_path / "j2") for p in (tmp_path / "j2").rglob("*")
    )
    for name in files:
        if (tmp_path / "j1" / name).is_file():
            one, two = (tmp_path / j / name for j in ("j1", "j2"))
            assert one.read_bytes() == two.read_bytes(), name


def test_a_bad_jobs_value_is_one_error_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "class"
    for value in ("0", "two"):
        code, stdout, err = _spades(
            capsys, "exercises", "--count", "1", "--out", str(out), "--jobs", value
        )
        _one_error_line(code, stdout, err, "--jobs", "whole number at least 1")
    for where in (
        ["--students", "bob", "--nbgrader", "--out", str(out)],
        ["--grade", str(out)],
    ):
        code, stdout, err = _spades(capsys, "exercises", "--jobs", "2", *where)
        _one_error_line(code, stdout, err, "--jobs")
    assert not out.exists()
    with pytest.raises(SpadesError, match="jobs"):
        write_class(["bob"], 1, out, ["01"], jobs=0)


# ------------------------------------------- graded mode, names, refusals
def test_graded_switches_solutions_off_but_keeps_hints_and_keys(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from spadeslib.exercises import graded, solutions_off
    from spadeslib.exercises.exercise import SOLUTIONS_OFF

    q1 = load("06_scoring", seed=3).q1
    key = key_text(q1)
    try:
        graded()
        assert solutions_off()
        q1.solution()
        q1.hint()
        out = capsys.readouterr().out
        assert out.startswith(SOLUTIONS_OFF + "\n") and "graded set" in out
        assert key not in out.split("Hint: ")[0] and "Solution:" not in out
        assert "Hint: " in out
        assert key_text(q1) == key and q1.feedback(key).correct
    finally:
        graded(False)
    assert not solutions_off()
    q1.solution()
    assert capsys.readouterr().out.startswith(f"Solution: {key}")


def test_class_set_notebooks_keep_their_solutions() -> None:
    nb = student_notebook("06_scoring", 5, "alice")
    text = "\n".join(c.source for c in nb.cells)
    assert "graded(" not in text and "# q1.solution()" in text


def test_class_set_notebooks_head_each_exercise_with_its_label() -> None:
    """ "Exercise 6.1", as ``q1.show()``, the sheets, the grid and the grades
    say (the notebooks once said "Exercise 1")."""
    nb = student_notebook("06_scoring", 5, "alice")
    heads = [
        c.source.split("\n")[0]
        for c in nb.cells
        if c.cell_type == "markdown" and c.source.startswith("## Exercise")
    ]
    chapter = load("06_scoring", seed=5)
    assert heads == [f"## Exercise {q.label} · {q.title}" for q in chapter]
    assert heads[0].startswith("## Exercise 6.1 · ")


def test_student_names_in_any_script_keep_their_letters(tmp_path: Path) -> None:
    names = ["Zoë", "张伟", "李娜", "प्रिया", "O'Brien"]
    write_class(names, 1, tmp_path, ["01"])
    folders = sorted(p.name for p in tmp_path.iterdir() if p.is_dir())
    assert folders == sorted(["Zoë", "张伟", "李娜", "प्रिया", "O_Brien"])
    data = json.loads((tmp_path / "answer_key.json").read_text(encoding="utf-8"))
    assert list(data) == names


@pytest.mark.parametrize(
    ("students", "words"),
    [
        ("Zoë,zoë", ("'Zoë' and 'zoë'", "ignores case")),
        ("Zoë,Zoe\u0308", ("share the folder 'Zoë'",)),  # composed, decomposed
        ("李 娜,李_娜", ("share the folder '李_娜'",)),
        ("Zoë?,Zoë!", ("share the folder 'Zoë_'",)),
    ],
)
def test_names_that_share_a_folder_are_still_refused(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    students: str,
    words: tuple[str, ...],
) -> None:
    out = tmp_path / "class"
    code, stdout, err = _spades(
        capsys,
        "exercises",
        "--students",
        students,
        "--chapters",
        "01",
        "--out",
        str(out),
    )
    _one_error_line(code, stdout, err, *words)
    assert not out.exists()


@pytest.mark.parametrize("nbgrader", [(), ("--nbgrader",)])
def test_without_nbformat_the_teacher_command_is_one_error_line(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    nbgrader: tuple[str, ...],
) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "nbformat", None)  # as if not installed
    out = tmp_path / "class"
    code, stdout, err = _spades(
        capsys,
        "exercises",
        "--students",
        "alice",
        "--chapters",
        "01",
        "--out",
        str(out),
        *nbgrader,
    )
    _one_error_line(code, stdout, err, "nbformat", 'pip install -e ".[course]"')
    assert not out.exists()


def test_help_shows_the_default_class_seed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = _spades(capsys, "exercises", "--help")
    assert code == 0
    assert f"(default: {DEFAULT_SEED})" in " ".join(out.split())
    assert "JupyterHub user names, exactly" in " ".join(out.split())


def test_both_modes_write_the_same_answer_key_json(tmp_path: Path) -> None:
    from spadeslib.nbgrader_release import write_course

    students = ["alice", "Zoë"]
    write_class(students, 2026, tmp_path / "class", ["06"])
    write_course(tmp_path / "course", students, 2026, ["06"])
    keys = [
        json.loads((tmp_path / mode / "answer_key.json").read_text(encoding="utf-8"))
        for mode in ("class", "course")
    ]
    # both record the class seed, for a later run into their folder; the
    # course's notebooks have their solutions off, the class set's not
    for key, off in zip(keys, (False, True), strict=True):
        for entry in key.values():
            assert entry.pop("solutions_off") == {"06_scoring": off}
    assert keys[0] == keys[1]
    assert {e["class_seed"] for e in keys[0].values()} == {"2026"}
    assert set(keys[0]["alice"]) == {
        "seed",
        "class_seed",
        "answers",
        "accepted",
        "spadeslib_version",
    }


def test_a_second_class_set_in_one_folder_names_the_older_students(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = str(tmp_path / "class")
    args = ("exercises", "--chapters", "01", "--out", out)
    assert _spades(capsys, *args, "--students", "ana,bob")[0] == 0
    code, stdout, _ = _spades(capsys, *args, "--students", "carl")
    assert code == 0
    assert "also holds ana, bob from an earlier run" in stdout


def test_the_class_set_prints_each_students_exercises_and_a_marking_copy(
    tmp_path: Path,
) -> None:
    """Beside each notebook, its exercises to print as q.show() prints them,
    with room for each answer and no answer; per chapter, the marking copy
    of every student's with every accepted answer, each student from a new
    page."""
    from spadeslib.exercises import spec_of

    write_class(["x", "y"], "7", tmp_path, ["02", "06"])
    for name in ("02_deck_and_deal", "06_scoring"):
        marking = (tmp_path / f"marking_{name}.html").read_text(encoding="utf-8")
        assert marking.count('<section class="student">') == 2
        assert ".student + .student { break-before: page" in marking
        assert "http" not in marking and '<p class="name">' not in marking
        # the class's sheets in one file to print: each student's, with a line
        # for the name, each from a new page, no answer
        printed = (tmp_path / f"print_{name}.html").read_text(encoding="utf-8")
        assert printed.count('<section class="student">') == 2
        assert printed.count('<p class="name">Name:</p>') == 2
        assert "Accepted" not in printed
        for student in ("x", "y"):
            own = (tmp_path / student / f"{name}.html").read_text(encoding="utf-8")
            sections = own.split("<h2>", 1)[1].split("\n</body>")[0]
            assert sections in printed
        for student in ("x", "y"):
            page = (tmp_path / student / f"{name}.html").read_text(encoding="utf-8")
            assert "Accepted" not in page and "http" not in page
            chapter = load(name, seed=student_seed("7", student))
            assert f"<h2>Chapter {int(name[:2])}: {chapter.title}</h2>" in page
            count = page.count('<p class="answer">Your answer:</p>')
            assert count == len(chapter)
            # on paper, the answer's format without Python's quotes
            formats = re.findall(r"<p>Answer with[^<]*</p>", page)
            assert len(formats) == len(chapter), formats
            assert not any("&#x27;" in f for f in formats), formats
            for q in chapter:
                spec = spec_of(q)
                heading = spec.show_text().split("\n")[0]
                assert f"<h3>{heading}</h3>" in page and heading in marking
                for text in spec.accepted_texts:
                    assert f"<code>{html.escape(text)}</code>" in marking
    # a deal's lines keep their columns (monospace), prose stays prose
    deal = (tmp_path / "x" / "02_deck_and_deal.html").read_text(encoding="utf-8")
    assert "<pre>  North ♠" in deal
