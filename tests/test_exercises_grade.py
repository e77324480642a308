"""Grading a class set's returned notebooks (``spades exercises --grade``),
and the class-set options ``--seeds``, ``--no-solutions`` and ``--progress``.

A small class set (two students, chapters 1 and 6) is written once; each test
copies it, types answers into the notebooks' JSON as a student would (right,
wrong, blank, code), grades it, and compares every verdict with what the
exercise's own check says for that student's seed.
"""

from __future__ import annotations

import csv
import importlib.util
import io
import json
import shutil
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from spadeslib.cli import main
from spadeslib.exercises import graded, key_text, load, solutions_off, student_seed
from spadeslib.exercises.exercise import SOLUTIONS_OFF
from spadeslib.exercises.grading import grade_class, read_answers
from spadeslib.seats import Seat

pytest.importorskip("nbformat")
pytest.importorskip("jupytext")

CLASS_SEED = 2026
STUDENTS = ("alice", "bob")
CHAPTERS = ("01_welcome", "06_scoring")


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("written") / "class"
    argv = ["exercises", "--students", ",".join(STUDENTS), "--chapters", "01,06"]
    assert main([*argv, "--seed", str(CLASS_SEED), "--out", str(out)]) == 0
    return out


@pytest.fixture
def class_set(written: Path, tmp_path: Path) -> Path:
    """A fresh copy of the class set, for a test to fill in."""
    return Path(shutil.copytree(written, tmp_path / "class"))


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_error_line(code: int, out: str, err: str, *words: str) -> None:
    assert code == 2 and out == "", (code, out)
    assert err.count("\n") == 1 and err.startswith("spades: error: "), err
    for word in words:
        assert word in err, (word, err)


def seed_of(student: str) -> int:
    return student_seed(CLASS_SEED, student)


def answer(folder: Path, student: str, chapter: str, number: int, source: str) -> None:
    """Replace the cell holding ``qN.check(`` in a student's notebook."""
    path = folder / student / f"{chapter}.ipynb"
    nb = json.loads(path.read_text(encoding="utf-8"))
    cells = [
        c
        for c in nb["cells"]
        if c["cell_type"] == "code" and f"q{number}.check(" in "".join(c["source"])
    ]
    assert len(cells) == 1, (student, chapter, number)
    cells[0]["source"] = source
    path.write_text(json.dumps(nb), encoding="utf-8")


def grades_csv(path: Path) -> dict[tuple[str, str], dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as f:
        return {(r["student"], r["exercise"]): r for r in csv.DictReader(f)}


def first_line(verdict: Any) -> str:
    return str(verdict).split("\n")[0]


# ----------------------------------------------------------------- grading
def test_grade_judges_each_answer_with_the_students_own_check(
    class_set: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    alice = load("06_scoring", seed=seed_of("alice"))
    keys = [key_text(q) for q in alice]
    wrong = str(int(keys[1]) + 10)
    answer(class_set, "alice", "06_scoring", 1, f"answer = {keys[0]}\nq1.check(answer)")
    answer(class_set, "alice", "06_scoring", 2, f"answer = {wrong}\nq2.check(answer)")
    answer(class_set, "alice", "06_scoring", 3, f"q3.check({keys[2]})")
    answer(
        class_set,
        "alice",
        "06_scoring",
        4,
        f'answer = int("{keys[3]}")\nq4.check(answer)',
    )
    answer(class_set, "alice", "06_scoring", 5, 'answer = "banana"\nq5.check(answer)')
    bob = load("01_welcome", seed=seed_of("bob"))
    seat = {s.name[0]: s.name for s in Seat}[key_text(bob[0])]
    answer(class_set, "bob", "01_welcome", 1, f"answer = Seat.{seat}\nq1.check(answer)")
    answer(class_set, "bob", "01_welcome", 3, "answer = 3 +\nq3.check(answer)")

    path = tmp_path / "grades.csv"
    code, out, err = run(
        capsys, "exercises", "--grade", str(class_set), "--csv", str(path)
    )
    assert code == 0 and err == "", err
    rows = grades_csv(path)
    assert len(rows) == 2 * (len(alice) + len(bob))
    verdicts = {k: r["verdict"] for k, r in rows.items()}
    assert verdicts[("alice", "6.1")] == "correct"
    assert verdicts[("alice", "6.2")] == "incorrect"
    assert rows[("alice", "6.2")]["feedback"] == first_line(
        alice[1].feedback(int(wrong))
    )
    assert rows[("alice", "6.2")]["answer"] == wrong  # the value the name held
    assert verdicts[("alice", "6.3")] == "correct"
    assert verdicts[("alice", "6.4")] == "not read"  # code: not run
    assert "--execute" in rows[("alice", "6.4")]["feedback"]
    assert verdicts[("alice", "6.5")] == "incorrect"
    assert rows[("alice", "6.5")]["feedback"].startswith("Check the format")
    assert verdicts[("alice", "6.6")] == "not answered"
    assert verdicts[("bob", "1.1")] == "correct"
    assert verdicts[("bob", "1.2")] == "not answered"
    assert verdicts[("bob", "1.3")] == "not read"
    assert "not valid Python" in rows[("bob", "1.3")]["feedback"]
    assert {r["seed"] for k, r in rows.items() if k[0] == "bob"} == {
        str(seed_of("bob"))
    }
    # the table on stdout, and a summary line per student
    assert "alice    06_scoring  6.1       correct       Correct" in out
    assert "alice: 2/10 correct (2 incorrect, 5 not answered, 1 not read)" in out
    assert "bob: 1/10 correct (8 not answered, 1 not read)" in out
    assert f"wrote the grades to {path}" in out


def test_another_students_right_answer_is_wrong_for_this_student(
    class_set: Path,
) -> None:
    """The check is built from each student's own seed, not one shared key."""
    alice = load("06_scoring", seed=seed_of("alice"))
    bob = load("06_scoring", seed=seed_of("bob"))
    differ = [i for i in range(len(alice)) if key_text(alice[i]) != key_text(bob[i])]
    assert differ, "the two students got the same exercises"
    i = differ[0]
    answer(
        class_set, "alice", "06_scoring", i + 1, f"q{i + 1}.check({key_text(bob[i])})"
    )
    answer(class_set, "bob", "06_scoring", i + 1, f"q{i + 1}.check({key_text(bob[i])})")
    report = grade_class(class_set, ["06"])
    got = {(g.student, g.exercise): g.verdict for g in report.grades}
    assert got[("alice", alice[i].label)] != "correct"
    assert got[("bob", bob[i].label)] == "correct"
    assert {g.chapter for g in report.grades} == {"06_scoring"}


def test_a_changed_seed_is_noted_and_the_handed_out_seed_grades(
    class_set: Path,
) -> None:
    path = class_set / "alice" / "01_welcome.ipynb"
    text = path.read_text(encoding="utf-8")
    assert f"SEED = {seed_of('alice')}" in text
    path.write_text(text.replace(f"SEED = {seed_of('alice')}", "SEED = 5"), "utf-8")
    mine, theirs = load("01", seed=5), load("01", seed=seed_of("alice"))
    i = next(i for i in range(len(mine)) if key_text(mine[i]) != key_text(theirs[i]))
    answer(
        class_set,
        "alice",
        "01_welcome",
        i + 1,
        f"q{i + 1}.check({key_text(mine[i])!r})",
    )
    report = grade_class(class_set, ["01"])
    alice = {g.exercise: g for g in report.grades if g.student == "alice"}
    assert alice[theirs[i].label].verdict == "incorrect"
    assert alice[theirs[i].label].seed == seed_of("alice")
    assert any("SEED = 5" in note and "alice" in note for note in report.notes)


def test_missing_and_broken_notebooks_and_unknown_students(class_set: Path) -> None:
    (class_set / "bob" / "06_scoring.ipynb").unlink()
    (class_set / "alice" / "01_welcome.ipynb").write_text("{not json", "utf-8")
    extra = class_set / "carol"
    extra.mkdir()
    shutil.copy(class_set / "alice" / "06_scoring.ipynb", extra)
    report = grade_class(class_set)
    by = {(g.student, g.chapter): g for g in report.grades}
    assert by[("bob", "06_scoring")].verdict == "not answered"
    assert "no notebook bob/06_scoring.ipynb" in by[("bob", "06_scoring")].feedback
    assert by[("alice", "01_welcome")].verdict == "not read"
    assert "cannot read alice/01_welcome.ipynb" in by[("alice", "01_welcome")].feedback
    # a folder the key does not know is graded with its notebook's seed
    assert by[("carol", "06_scoring")].seed == seed_of("alice")
    assert any("carol is not in the answer key" in n for n in report.notes)
    assert [g.student for g in report.grades][-1] == "carol"


def test_grade_refusals_are_one_line(
    class_set: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    one_error_line(
        *run(capsys, "exercises", "--grade", str(tmp_path / "none")), "not a folder"
    )
    empty = tmp_path / "empty"
    empty.mkdir()
    one_error_line(
        *run(capsys, "exercises", "--grade", str(empty)), "holds no class set"
    )
    course = tmp_path / "course"
    (course / "source").mkdir(parents=True)
    (course / "nbgrader_config.py").write_text("", "utf-8")
    one_error_line(
        *run(capsys, "exercises", "--grade", str(course)), "nbgrader autograde"
    )
    grade = ("exercises", "--grade", str(class_set))
    one_error_line(*run(capsys, *grade, "--out", str(tmp_path / "x")), "not with --out")
    one_error_line(*run(capsys, *grade, "--no-solutions"), "--no-solutions")
    one_error_line(
        *run(capsys, *grade, "--csv", str(tmp_path / "no" / "g.csv")), "does not exist"
    )
    one_error_line(
        *run(capsys, "exercises", "--csv", "g.csv", "--count", "1"), "--grade DIR"
    )
    (class_set / "answer_key.json").write_text("[1]", "utf-8")
    one_error_line(*run(capsys, *grade), "answer_key.json")


def test_read_answers_follows_names_through_the_cells() -> None:
    cells = [
        "SEED = 3\nq1, q2 = load('06', seed=SEED)",
        "x = 40\nanswer = x + 10\n%time q1.show()",
        "q1.check(answer)",
        "answer = -answer\nanswer += 1\nq2.check(answer)",
        "for s in range(3):\n    q3.check(s)",
        "total = sum([1, 2])\nq4.check(total)",
        "q5.check()",
        'q6.check(answer="N")\nq6.check(["0", "nil"])',
        "answer = ____\nq7.check(answer)",
        "q8.check(1 / 0)",
        "q9.check(S)\nanswer = Seat.N\nq10.check(answer)",
        "from spadeslib import Seat\nwho = East\nq11.check(who)\nq12.check(len)",
    ]
    got = read_answers(cells)
    assert (got[1].kind, got[1].value, got[1].text) == ("value", 50, "50")
    assert got[2].value == -49
    assert got[3].kind == "code" and got[4].kind == "code"
    assert got[5].kind == "value" and not got[5].value  # the blank
    assert got[6].value == ["0", "nil"]  # the last check of an exercise counts
    assert got[7].kind == "value" and repr(got[7].value) == "____"
    assert got[8].kind == "code"
    # a name nothing sets (S for "S"): running it raises NameError
    assert (got[9].kind, got[9].text) == ("undefined", "S")
    assert got[10].kind == "code"  # Seat is not imported yet: code, not a value
    assert (got[11].kind, got[11].text) == ("undefined", "East")
    assert got[12].kind == "code"  # a builtin
    # names bound where the reader cannot see them, or a name in an expression
    hidden = [
        "try:\n    pass\nexcept ValueError as e:\n    pass\nq1.check(e)",
        "match 3:\n    case v:\n        pass\nq2.check(v)",
        "q3.check(_)",
        "q4.check(x + 1)",
        "from spadeslib.seats import *\nq5.check(NORTH)",
    ]
    kinds = [r.kind for _, r in sorted(read_answers(hidden).items())]
    assert kinds == ["code"] * 5
    magic = read_answers(["%run setup.py\nq1.check(S)"])
    assert magic[1].kind == "code"  # the magic may have set S
    # the answer as the student typed it: quotes and all, on one line
    typed = read_answers(
        [
            'q1.check("N")',
            "answer = ['4',  \"nil\"]\nq2.check(answer)",
            "q3.check(\n  7)",
        ]
    )
    assert [typed[n].text for n in (1, 2, 3)] == ['"N"', "['4', \"nil\"]", "7"]


@pytest.mark.skipif(
    importlib.util.find_spec("nbclient") is None, reason="nbclient not installed"
)
def test_execute_runs_code_answers_and_reads_the_printed_verdict(
    class_set: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    q = load("01_welcome", seed=seed_of("bob"))
    answer(
        class_set,
        "bob",
        "01_welcome",
        1,
        f"answer = str({key_text(q[0])!r})\nq1.check(answer)",
    )
    answer(
        class_set, "bob", "01_welcome", 2, "answer = str('nobody')\nq2.check(answer)"
    )
    answer(
        class_set, "bob", "01_welcome", 3, "answer = undefined_name\nq3.check(answer)"
    )
    answer(class_set, "bob", "01_welcome", 4, "answer = int('four')\nq4.check(answer)")
    path = tmp_path / "g.csv"
    grade = (
        "exercises",
        "--grade",
        str(class_set),
        "--chapters",
        "01",
        "--csv",
        str(path),
    )
    assert run(capsys, *grade)[0] == 0
    assert grades_csv(path)[("bob", "1.1")]["verdict"] == "not read"
    assert run(capsys, *grade, "--execute")[0] == 0
    rows = grades_csv(path)
    assert rows[("bob", "1.1")]["verdict"] == "correct"
    assert rows[("bob", "1.2")]["verdict"] == "incorrect"
    assert rows[("bob", "1.2")]["feedback"] == first_line(q[1].feedback("nobody"))
    # a name the notebook never sets is read as such, run or not
    assert rows[("bob", "1.3")]["verdict"] == "incorrect"
    assert rows[("bob", "1.3")]["feedback"] == (
        "the answer is the name undefined_name, which the notebook never sets: "
        'a text is written in quotes, "undefined_name"'
    )
    assert rows[("bob", "1.4")]["verdict"] == "not read"  # code that raised
    assert "the cell raised ValueError" in rows[("bob", "1.4")]["feedback"]
    assert rows[("alice", "1.1")]["verdict"] == "not answered"  # nothing to run


# --------------------------------------------------------- writing options
def test_no_solutions_switches_solutions_off_in_the_notebook(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import nbformat

    out = tmp_path / "set"
    argv = ("exercises", "--count", "1", "--chapters", "06", "--out", str(out))
    code, stdout, _ = run(capsys, *argv, "--no-solutions")
    assert code == 0 and "answer_key.md (solutions off)\n" in stdout
    nb = nbformat.read(out / "student01" / "06_scoring.ipynb", as_version=4)
    text = "\n".join(c.source for c in nb.cells)
    assert "graded()" in text and "\n# q1.solution()" not in text
    assert "`q1.solution()` for\nthe answer" not in text
    key = (out / "answer_key.md").read_text(encoding="utf-8")
    assert "**Solutions are off**" in key
    setup = next(c.source for c in nb.cells if "SEED = " in c.source)
    namespace: dict[str, Any] = {}
    try:
        exec(setup, namespace)  # the setup cell, as the kernel runs it
        assert solutions_off()
        buffer = io.StringIO()
        with redirect_stdout(buffer):
            namespace["q1"].solution()
        assert buffer.getvalue().strip() == SOLUTIONS_OFF
    finally:
        graded(False)
    # and without the option, solutions stay
    run(capsys, *argv[:-1], str(tmp_path / "open"))
    nb = nbformat.read(
        tmp_path / "open" / "student01" / "06_scoring.ipynb", as_version=4
    )
    text = "\n".join(c.source for c in nb.cells)
    assert "graded()" not in text and "# q1.solution()" in text
    key = (tmp_path / "open" / "answer_key.md").read_text(encoding="utf-8")
    assert "Solutions are off" not in key


def test_seeds_write_a_set_and_key_for_the_seeds_handed_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "set"
    argv = ("exercises", "--chapters", "06", "--out", str(out))
    assert run(capsys, *argv, "--seeds", "11, 12")[0] == 0
    data = json.loads((out / "answer_key.json").read_text(encoding="utf-8"))
    assert {k: v["seed"] for k, v in data.items()} == {"seed-11": 11, "seed-12": 12}
    for seed in (11, 12):
        text = (out / f"seed-{seed}" / "06_scoring.ipynb").read_text(encoding="utf-8")
        assert f"SEED = {seed}" in text
        want = {q.label: key_text(q) for q in load("06", seed=seed)}
        assert data[f"seed-{seed}"]["answers"]["06_scoring"] == want
    assert "## seed-11 (seed 11)" in (out / "answer_key.md").read_text("utf-8")
    # with --students: one seed each, in order
    named = tmp_path / "named"
    assert (
        run(capsys, *argv[:-1], str(named), "--students", "ann,bo", "--seeds", "7,3")[0]
        == 0
    )
    data = json.loads((named / "answer_key.json").read_text(encoding="utf-8"))
    assert {k: v["seed"] for k, v in data.items()} == {"ann": 7, "bo": 3}


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        (("--seeds", "11,abc"), ("--seeds", "'abc'")),
        (("--seeds", "11,,12"), ("--seeds", "''")),
        (("--seeds", "-3"), ("--seeds", "'-3'")),
        (("--seeds", "11,11"), ("seed 11 is given twice",)),
        (("--seeds", "1,2", "--count", "2"), ("not with --count",)),
        (("--seeds", "1,2", "--students", "ann"), ("1 student", "2 seeds")),
        (("--seeds", "1,2", "--nbgrader"), ("--seeds is for class sets",)),
    ],
)
def test_bad_seeds_are_refused_in_one_line(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    extra: tuple[str, ...],
    words: tuple[str, ...],
) -> None:
    out = tmp_path / "set"
    one_error_line(
        *run(capsys, "exercises", "--chapters", "06", "--out", str(out), *extra), *words
    )
    assert not out.exists()


def test_progress_counts_the_notebooks_on_stderr(
    class_set: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ("exercises", "--count", "2", "--chapters", "01,06", "--out")
    code, out, err = run(capsys, *argv, str(tmp_path / "a"), "--progress")
    assert code == 0 and "wrote 4 exercise notebooks" in out
    assert "notebooks [" in err and "] 1/4" in err and "] 4/4 in " in err
    assert err.endswith("\n")
    code, out, err = run(capsys, *argv, str(tmp_path / "b"), "--no-progress")
    assert code == 0 and err == ""
    code, out, err = run(capsys, "exercises", "--grade", str(class_set), "--progress")
    assert code == 0 and "] 4/4 in " in err
    assert "notebooks" not in out  # the table stays clean on stdout


def test_a_right_answer_left_unquoted_says_it_would_be_correct() -> None:
    """``q1.check(N)`` where "N" is right: still incorrect (it raises
    NameError), but the feedback tells the teacher, whose call the mark is."""
    from spadeslib.exercises.grading import grade_notebook

    chapter = load("01_welcome", seed=5)
    right = key_text(chapter[0])  # a seat's letter, such as N
    wrong = next(s.letter for s in Seat if s.letter != key_text(chapter[1]))
    cells = [f"q1.check({right})", f"q2.check({wrong})"]
    nb = {"cells": [{"cell_type": "code", "source": c} for c in cells]}
    first, second = grade_notebook(nb, chapter, "ana")[:2]
    assert first.verdict == "incorrect" and first.feedback.endswith(
        f'"{right}", and in quotes it would be correct'
    )
    assert second.feedback.endswith(f'"{wrong}"')  # no promise for a wrong one


def test_a_blank_notebook_is_graded_without_building_its_scenarios(
    class_set: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An untouched ``q.check(____)`` is "not answered" in the words of its
    check, with no scenario found (chapter 11's take seconds each)."""
    from spadeslib.exercises import Spec

    built: list[str] = []
    build = Spec.__init__

    def counted(self: Spec, seed: int = 1) -> None:
        built.append(self.label)
        build(self, seed)

    monkeypatch.setattr(Spec, "__init__", counted)
    report = grade_class(class_set, ["06"])
    assert {g.verdict for g in report.grades} == {"not answered"}
    assert built == []
    monkeypatch.undo()
    chapter = load("06_scoring", seed=seed_of("alice"))
    said = [g.feedback for g in report.grades if g.student == "alice"]
    assert said == [str(q.feedback()).split("\n")[0] for q in chapter]


@pytest.mark.parametrize("name", ["09_strategy_bidding", "11_play"])
def test_a_blank_answer_unbuilt_gets_the_words_of_the_built_check(name: str) -> None:
    from spadeslib.exercises import ____, spec_of

    for q in load(name, seed=7):
        assert str(q.feedback(____)) == str(spec_of(q).feedback(____)), q.label


# ------------------------------------------- a key this library no longer builds
def drift(folder: Path, student: str, chapter: str, label: str, key: str) -> None:
    """Store another key for one exercise in ``answer_key.json``, as a key
    written by a version of spadeslib that built another exercise."""
    path = folder / "answer_key.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data[student]["answers"][chapter][label] = key
    data[student]["accepted"][chapter][label] = [key]
    path.write_text(json.dumps(data), encoding="utf-8")


def test_a_stored_key_unlike_the_rebuilt_one_grades_and_is_noted(
    class_set: Path,
) -> None:
    """A library that builds another exercise from the seed (chapter 7 once
    did) grades by the stored key, and the report says so."""
    from spadeslib import __version__

    path = class_set / "answer_key.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["alice"]["spadeslib_version"]["06_scoring"] = "0.0.9"
    path.write_text(json.dumps(data), encoding="utf-8")
    six = load("06_scoring", seed=seed_of("alice"))
    rebuilt = [key_text(q) for q in six]
    stored = [str(int(k) + 10) for k in rebuilt]
    drift(class_set, "alice", "06_scoring", "6.1", stored[0])
    drift(class_set, "alice", "06_scoring", "6.2", stored[1])
    answer(class_set, "alice", "06_scoring", 1, f"q1.check({stored[0]})")
    answer(class_set, "alice", "06_scoring", 2, f'q2.check("{rebuilt[1]} points")')
    # 1.4's check reads "deal" as "hand" beyond its accepted answers: not read
    one = load("01_welcome", seed=seed_of("alice"))
    drift(class_set, "alice", "01_welcome", "1.4", "trick")
    answer(class_set, "alice", "01_welcome", 4, 'q4.check("trick")')
    report = grade_class(class_set)
    got = {(g.student, g.exercise): g for g in report.grades}
    assert got["alice", "6.1"].verdict == "correct"
    assert got["alice", "6.2"].verdict == "incorrect"
    for label in ("6.1", "6.2"):
        assert "by the stored answer key" in got["alice", label].feedback
    assert got["alice", "1.4"].verdict == "not read"
    assert "by hand against the stored key" in got["alice", "1.4"].feedback
    assert [g.verdict for g in report.grades if g.student == "bob"] == [
        "not answered"
    ] * (len(six) + len(one))
    assert len(report.notes) == 2, report.notes
    six_note, one_note = sorted(report.notes, key=lambda n: "06" not in n)
    assert six_note.startswith("alice's 06_scoring: ")
    for said in (
        f"6.1 stored key '{stored[0]}', rebuilt '{rebuilt[0]}'",
        f"6.2 stored key '{stored[1]}', rebuilt '{rebuilt[1]}'",
        "written by spadeslib 0.0.9",
        f"this one, {__version__}",
    ):
        assert said in six_note, (said, six_note)
    assert f"1.4 stored key 'trick', rebuilt '{key_text(one[3])}'" in one_note


def test_a_new_key_records_its_version_and_grades_as_before(class_set: Path) -> None:
    """Nothing changed since the set was written: no note, and each answer
    graded by the student's own check, as without the stored keys."""
    from spadeslib import __version__
    from spadeslib.exercises.grading import grade_notebook

    key = json.loads((class_set / "answer_key.json").read_text(encoding="utf-8"))
    for entry in key.values():
        assert entry["spadeslib_version"] == dict.fromkeys(CHAPTERS, __version__)
    six = load("06_scoring", seed=seed_of("alice"))
    keys = [key_text(q) for q in six]
    answer(class_set, "alice", "06_scoring", 1, f"q1.check({keys[0]})")
    answer(class_set, "alice", "06_scoring", 2, f"q2.check({int(keys[1]) + 10})")
    answer(class_set, "alice", "06_scoring", 3, "q3.check(x)")  # undefined
    report = grade_class(class_set)
    assert report.notes == []
    nb = json.loads((class_set / "alice" / "06_scoring.ipynb").read_text("utf-8"))
    alice = [g for g in report.grades if (g.student, g.chapter) == ("alice", six.name)]
    assert alice == grade_notebook(nb, six, "alice")
    assert [g.verdict for g in alice[:3]] == ["correct", "incorrect", "incorrect"]


def test_an_old_key_without_the_version_still_grades(class_set: Path) -> None:
    """A key written before the version was recorded: graded as before, and
    a stored key unlike the rebuilt one is noted as another version's."""
    path = class_set / "answer_key.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    for entry in data.values():
        del entry["spadeslib_version"]
    path.write_text(json.dumps(data), encoding="utf-8")
    six = load("06_scoring", seed=seed_of("bob"))
    answer(class_set, "bob", "06_scoring", 1, f"q1.check({key_text(six[0])})")
    assert grade_class(class_set).notes == []
    drift(class_set, "bob", "06_scoring", "6.1", "1")
    report = grade_class(class_set)
    got = {(g.student, g.exercise): g.verdict for g in report.grades}
    assert got["bob", "6.1"] == "incorrect"
    [note] = report.notes
    assert note.startswith("bob's 06_scoring: the class set was written by another ")
    assert "does not record which" in note


def test_an_exercise_added_or_removed_since_the_set_is_reported(
    class_set: Path,
) -> None:
    """A stored key without this version's last exercise (added since) and
    with one this version does not build (removed since): the added one is
    "not read", not "not answered" for the whole class, and the note names
    both."""
    six = load("06_scoring", seed=seed_of("alice"))
    last = six[len(six) - 1]
    path = class_set / "answer_key.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    for part in ("answers", "accepted"):
        chapter = data["alice"][part]["06_scoring"]
        del chapter[last.label]
        chapter["6.99"] = "12" if part == "answers" else ["12"]
    path.write_text(json.dumps(data), encoding="utf-8")
    report = grade_class(class_set)
    got = {(g.student, g.exercise): g for g in report.grades}
    assert got["alice", last.label].verdict == "not read"
    assert "answer key has no exercise" in got["alice", last.label].feedback
    assert got["bob", last.label].verdict == "not answered"  # bob's key has it
    assert ("alice", "6.99") not in got
    [note] = report.notes
    assert note.startswith("alice's 06_scoring: ")
    assert (
        f"{last.label} new, not in the stored key (rebuilt '{key_text(last)}'" in note
    )
    assert "6.99 stored key '12', no longer built (its answer is not graded)" in note


def test_grading_by_an_unchanged_stored_key_agrees_with_the_check() -> None:
    """Where nothing changed, the stored key's verdict is the check's, on
    every spelling of the key and every typical mistake."""
    from spadeslib.exercises import CHAPTERS as ALL
    from spadeslib.exercises import accepted_texts, spec_of
    from spadeslib.exercises.stored_key import StoredKey, by_stored_key

    judged = 0
    for name in ALL[:-1]:  # chapter 11's games take seconds each
        for q in load(name, seed=seed_of("alice")):
            spec = spec_of(q)
            stored = StoredKey(key_text(q), tuple(accepted_texts(q)))
            tries = [*spec.spellings(), *(m.answer for m in spec.mistakes())]
            for given in [*tries, *stored.accepted, "banana", 7, "", None]:
                said = by_stored_key(q, given, stored)
                if said is not None:
                    judged += 1
                    assert said.status == q.feedback(given).status, (q, given)
    assert judged > 300


def test_a_set_written_in_two_runs_says_which_chapters_have_no_solutions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Chapter 1 to practise, then chapter 6 to mark (--no-solutions) into
    the same folder: the key says the solutions are off in 06 only, and a
    later run with solutions (a late student) does not drop that."""
    out = tmp_path / "set"
    base = ("exercises", "--students", "ann", "--out", str(out))
    run(capsys, *base, "--chapters", "01")
    run(capsys, *base, "--chapters", "06", "--no-solutions")
    key = (out / "answer_key.md").read_text(encoding="utf-8")
    assert (
        "**Solutions are off** in this set's notebooks of 06_scoring (the others" in key
    )
    run(capsys, "exercises", "--students", "bob", "--out", str(out), "--chapters", "01")
    key = (out / "answer_key.md").read_text(encoding="utf-8")
    assert "notebooks of 06_scoring (the others keep them)" in key
    data = json.loads((out / "answer_key.json").read_text(encoding="utf-8"))
    assert data["ann"]["solutions_off"] == {"01_welcome": False, "06_scoring": True}
