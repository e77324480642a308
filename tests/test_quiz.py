"""End-of-chapter quizzes: feedback, letters and text, nothing given away."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from spadeslib.quiz import Question, Quiz

CHOICES = ["North", "East", "South", "West"]


def _quiz(answer: str) -> Quiz:
    return Quiz(
        "Who wins?",
        [
            Question("Who wins the trick?", CHOICES, answer=answer, why="Highest."),
            Question("Points for bid 7, won 6?", [-70, -10, 60], answer=-70),
        ],
    )


def _state(widget: Any) -> list[Any]:
    """Every widget's synced state in the tree, without model ids."""
    state = widget.get_state()
    state.pop("_model_id", None)
    out = [{k: v for k, v in state.items() if k not in ("children", "layout", "style")}]
    for child in getattr(widget, "children", ()):
        out += _state(child)
    return out


def test_feedback_right_wrong_and_not_a_choice(
    capsys: pytest.CaptureFixture,
) -> None:
    quiz = _quiz("South")
    quiz.check(1, "c")
    quiz.check(1, "north")
    quiz.check(1, "Mars")
    quiz.check("2", -70)
    quiz.check(2, "-10")
    quiz.check(3, "a")
    quiz.check("first", "a")
    assert capsys.readouterr().out.splitlines() == [
        "Question 1: right. Highest.",
        "Question 1: not quite. Try again.",
        "Question 1: not one of the choices: answer with a letter (a, b, c, d)",
        "Question 2: right.",
        "Question 2: not quite. Try again.",
        "Question 3: the quiz 'Who wins?' has questions 1 to 2: "
        'quiz.check(1, "b") answers the first.',
        "Question first: the quiz 'Who wins?' has questions 1 to 2: "
        'quiz.check(1, "b") answers the first.',
    ]


def test_a_second_wrong_answer_gives_the_answer_and_its_reason(
    capsys: pytest.CaptureFixture,
) -> None:
    quiz = _quiz("South")
    quiz.check(1, "a")
    quiz.check(1, "Mars")  # not a choice: not counted as a miss
    quiz.check(1, "b")
    quiz.check(1, "d")
    assert capsys.readouterr().out.splitlines()[::2] == [
        "Question 1: not quite. Try again.",
        "Question 1: not quite. The answer is (c) South: Highest.",
    ]


def test_hint_after_a_wrong_answer() -> None:
    q = Question("2 + 2?", ["3", "4", "5"], answer=4, hint="Count again.")
    assert q.feedback("a") == "not quite. Count again."
    assert q.feedback("B") == "right."
    # two choices: a wrong one leaves the answer, so the feedback says it
    q = Question("2 + 2?", ["3", "4"], answer=4, hint="Count again.")
    assert q.feedback("a") == "not quite. Count again. The answer is (b) 4."


def test_why_each_wrong_choice_is_wrong() -> None:
    q = Question(
        "Bid 7, win 6: points?",
        [-70, -10, 60],
        answer=-70,
        wrong={
            -10: "That counts only the missing trick.",
            "60": "A set scores no tricks.",
        },
    )
    assert q.feedback("b") == "not quite. That counts only the missing trick."
    assert q.feedback("60") == "not quite. A set scores no tricks."
    with pytest.raises(ValueError, match="not a wrong one"):
        Question("2 + 2?", [3, 4], answer=4, wrong={4: "no"})
    with pytest.raises(ValueError, match="not a wrong one"):
        Question("2 + 2?", [3, 4], answer=4, wrong={5: "no"})


def test_nothing_shows_the_answer_before_an_attempt() -> None:
    south, west = _quiz("South"), _quiz("West")
    assert south.text() == west.text()
    assert repr(south) == repr(west) == "<Quiz 'Who wins?': 2 questions>"
    assert repr(south.questions[0]) == repr(west.questions[0])
    assert south.questions[0].answer is None
    assert _state(south.widget()) == _state(west.widget())


def test_clicking_a_button_answers_at_once() -> None:
    box = _quiz("South").widget()
    first = box.children[1]
    prompt, buttons, result = first.children
    assert "Who wins the trick?" in prompt.value and result.value == ""
    buttons.children[0].click()
    assert "not quite. Try again." in result.value
    buttons.children[1].click()
    assert "The answer is (c) South: Highest." in result.value
    buttons.children[2].click()
    assert "right. Highest." in result.value
    assert [b.description for b in buttons.children] == [
        "(a) North",
        "(b) East",
        "(c) South",
        "(d) West",
    ]


def test_questions_are_checked_when_written() -> None:
    with pytest.raises(ValueError, match="not one of its 3 choices"):
        Question("Points?", [1, 2, 3], answer=4)
    with pytest.raises(ValueError, match="two or more different choices"):
        Question("Points?", [1, 1], answer=1)
    with pytest.raises(ValueError, match="no questions"):
        Quiz("Empty", [])


def test_show_prints_the_text_outside_ipython(capsys: pytest.CaptureFixture) -> None:
    quiz = _quiz("East")
    quiz.show()
    out = capsys.readouterr().out
    assert out == quiz.text() + "\n"
    assert "(b) East" in out and "right" not in out


RULES_CHAPTERS = [
    "01_welcome",
    "02_deck_and_deal",
    "03_bidding",
    "04_playing_tricks",
    "05_breaking_spades",
    "06_scoring",
    "07_bags_and_winning",
    "08_variants",
]


@pytest.mark.parametrize("chapter", RULES_CHAPTERS)
def test_each_rules_chapter_ends_with_a_quiz(chapter: str) -> None:
    import jupytext

    root = Path(__file__).resolve().parent.parent
    nb = jupytext.read(root / "notebooks" / f"{chapter}.py")
    code = [c.source for c in nb.cells if c.cell_type == "code"]
    assert code[-1].rstrip().endswith("quiz.show()"), "the last code cell is the quiz"
    assert 3 <= code[-1].count("Question(") <= 5
    headings = [c.source for c in nb.cells if c.cell_type == "markdown"]
    assert any("## Quick quiz" in h for h in headings)


def test_a_seat_or_a_word_is_read_from_its_first_letters() -> None:
    """The exercises write seats as N, E, S, W: the quiz reads them too, and
    y or n for yes or no; never a number's first digit, nor an ambiguous start."""
    seats = Question("Who deals?", ["North", "East", "South", "West"], "West")
    assert [seats.choice_index(x) for x in ("N", "e", "S", "W", "we")] == [
        0,
        1,
        2,
        3,
        None,  # two letters must be whole words, or initials
    ]
    sides = Question(
        "Who won?", ["North-South", "East-West", "nobody yet"], "East-West"
    )
    assert [sides.choice_index(x) for x in ("NS", "ew", "nobody")] == [0, 1, 2]
    legal = Question("Bid?", ["Nil", "a number", "not allowed"], "Nil")
    assert legal.choice_index("no") is None  # not "not allowed"
    assert seats.is_right("W") and not seats.is_right("N")
    assert seats.choice_index("b") == 1  # a letter of the choices stays a letter
    yes = Question("Broken?", ["yes", "no"], "no")
    assert yes.is_right("n") and not yes.is_right("y")
    assert Question("Target?", [100, 300, 500], 500).choice_index("1") is None
    lead = Question("Who leads?", ["the dealer", "the player left"], "the dealer")
    assert lead.choice_index("the") is None
