"""The answer key of the chapter quizzes: Quiz.key, quiz_key and spades quiz-key."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import re
from pathlib import Path

import pytest

import spadeslib.quiz_key as quiz_key_module
from spadeslib.cli import main
from spadeslib.errors import SpadesError
from spadeslib.exercises import CHAPTERS
from spadeslib.quiz import Question, Quiz
from spadeslib.quiz_key import quiz_chapters, run_chapter

needs_nbclient = pytest.mark.skipif(
    importlib.util.find_spec("nbclient") is None, reason="nbclient not installed"
)

#: the chapter keyed end to end: the quickest notebook to run (about 5 s)
CHAPTER = "01_welcome"
TITLE = "Quick quiz: chapter 1"
ANSWER = re.compile(r"^   Answer: \*\*\(([a-z])\) (.*?)\*\*", re.M)


def test_key_gives_the_right_choice_its_letter_and_why_only() -> None:
    quiz = Quiz(
        "Tricks",
        [
            Question(
                "Who wins?", ["North", "East", "South"], answer="East", why="Trumps."
            ),
            Question("Bid 7, win 6: points?", [-70, -10, 60], answer=-70),
        ],
    )
    key = quiz.key()
    assert key.splitlines()[0] == "## Tricks"
    assert "1. Who wins?" in key and "2. Bid 7, win 6: points?" in key
    assert ANSWER.findall(key) == [("b", "East"), ("a", "-70")]
    assert "**(b) East**. Trumps." in key
    # no other choice is marked right, and asking for the key changes nothing
    for wrong in ("North", "South", "-10", "60"):
        assert wrong not in key
    assert quiz.key(level=3).startswith("### Tricks\n")
    assert quiz.feedback(1, "a").startswith("not quite")


@pytest.fixture(scope="module")
def cli_key(tmp_path_factory: pytest.TempPathFactory) -> tuple[int, str, str]:
    """``spades quiz-key --chapters 1 --out FILE`` run once: status, what it
    printed, and the file written."""
    out = tmp_path_factory.mktemp("key") / "quiz_key.md"
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        code = main(["quiz-key", "--chapters", "1", "--out", str(out), "--no-progress"])
    return code, printed.getvalue(), out.read_text(encoding="utf-8")


@needs_nbclient
def test_cli_writes_the_key_of_the_chapter(cli_key: tuple[int, str, str]) -> None:
    code, printed, key = cli_key
    assert code == 0
    assert printed.startswith("wrote ") and "1 chapter" in printed
    assert key.startswith("# Chapter quizzes: answer key\n")
    assert f"\n## {CHAPTER}\n" in key and f"\n### {TITLE}\n" in key
    assert "## 02_" not in key  # only the chapter asked for


@needs_nbclient
def test_each_answer_of_the_key_is_right_for_the_notebooks_quiz(
    cli_key: tuple[int, str, str],
) -> None:
    """Feed the key's answers back to the quiz of a freshly run notebook:
    each says right, and another choice says not quite."""
    key = cli_key[2]
    letters = [letter for letter, _ in ANSWER.findall(key)]
    numbers = re.findall(r"^(\d+)\. ", key, re.M)
    assert len(letters) == len(numbers) == 4
    others = ["b" if letter == "a" else "a" for letter in letters]
    cell = f"""\
from spadeslib.quiz import Quiz as _Quiz
(_quiz,) = [v for v in list(globals().values()) if isinstance(v, _Quiz)]
print(len(_quiz))
for _n, _letter in enumerate({json.dumps(letters)}, 1):
    _quiz.check(_n, _letter)
for _n, _letter in enumerate({json.dumps(others)}, 1):
    print(_quiz.feedback(_n, _letter).split(".")[0])
"""
    lines = run_chapter(CHAPTER, cell).splitlines()
    assert lines[0] == str(len(letters))
    checks = lines[1 : 1 + len(letters)]
    assert [line.split(": ")[1].split(".")[0] for line in checks] == ["right"] * 4
    assert lines[1 + len(letters) :] == ["not quite"] * 4


def test_cli_refuses_an_unknown_chapter_with_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "key.md"
    code = main(["quiz-key", "--chapters", "1,99", "--out", str(out)])
    _, err = capsys.readouterr()
    assert code == 2
    assert err.startswith("spades: error: no chapter '99': the chapters are ")
    assert err.count("\n") == 1
    assert not out.exists()


def test_a_chapter_without_a_quiz_or_an_unwritable_out_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["quiz-key", "--chapters", "9"]) == 2
    assert main(["quiz-key", "--chapters", "1", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == [
        "spades: error: chapter 09_strategy_bidding has no quiz: the chapters "
        "with a quiz are 01_welcome, 02_deck_and_deal, 03_bidding, "
        "04_playing_tricks, 05_breaking_spades, 06_scoring, 07_bags_and_winning, "
        "08_variants",
        f"spades: error: cannot write the quiz key {tmp_path}: it is a folder",
    ]


def test_without_the_notebooks_the_key_is_refused(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """An installed wheel has the package, not the notebooks beside it."""
    monkeypatch.setattr(
        quiz_key_module, "__file__", str(tmp_path / "spadeslib" / "quiz_key.py")
    )
    with pytest.raises(SpadesError, match="not an installed wheel"):
        quiz_chapters()


def test_every_chapter_with_a_quiz_is_keyed_by_default() -> None:
    # the chapters of the rules have a quiz; the strategy and play ones none
    assert quiz_chapters() == list(CHAPTERS[:8])
    assert quiz_chapters(["scoring", 1, "06"]) == ["06_scoring", "01_welcome"]
