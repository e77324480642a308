"""Short end-of-chapter quizzes: multiple-choice questions with instant feedback.

A chapter builds its questions with answers computed by the library, then
shows them. In JupyterLab each question is a row of buttons that answers as
soon as one is clicked; everywhere else (a script, nbconvert, GitHub) the same
quiz prints as text, and ``quiz.check(n, choice)`` answers question ``n``.
Nothing printed before an attempt gives the answer away: not the text, not
``repr``, not the widgets' state. The teacher's answer key is
:meth:`Quiz.key` (``spades quiz-key`` writes the key of every chapter's quiz).

>>> from spadeslib import Card, Rules, Suit
>>> quiz = Quiz("Tricks", [
...     Question(
...         "Hearts are led. Does the 2♠ beat the A♥?",
...         ["yes", "no"],
...         answer="yes" if Rules().beats(Card.parse("2S"), Card.parse("AH"),
...                                       Suit.HEARTS) else "no",
...         why="Spades are trumps: any spade beats any other suit.",
...     ),
... ])
>>> quiz
<Quiz 'Tricks': 1 question>
>>> quiz.check(1, "yes")
Question 1: right. Spades are trumps: any spade beats any other suit.

A wrong answer says why it is wrong when the question knows (``wrong``, per
choice), or gives the ``hint``; after a second wrong answer, or when a
single choice is left, it gives the answer and its reason:

>>> quiz.check(1, "b")  # doctest: +ELLIPSIS
Question 1: not quite. The answer is (a) yes: Spades are trumps: ...
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import SpadesError

__all__ = ["Question", "Quiz"]

_LETTERS = string.ascii_lowercase

#: wrong answers to a question after which the feedback gives the answer
REVEAL_AFTER = 2


@dataclass(frozen=True, repr=False)
class Question:
    """One multiple-choice question.

    ``answer`` is the right choice: one of ``choices`` (compared as text, so
    a number computed by the library may be given for the choice ``"70"``).
    ``why`` is shown once the learner answers right; after a wrong answer,
    ``wrong[choice]`` (why that choice is wrong) or else ``hint``. After
    :data:`REVEAL_AFTER` wrong answers, or when one choice is left, the
    feedback gives the answer and ``why``. ``repr`` never shows the answer.

    >>> q = Question("Bid 7, win 6: points?", ["-70", "-10", "60"], answer=-70)
    >>> q
    <Question 'Bid 7, win 6: points?' (3 choices)>
    >>> q.is_right("-70"), q.is_right("a"), q.is_right(-10)
    (True, True, False)
    """

    prompt: str
    choices: Sequence[Any]
    answer: Any = field(compare=False)
    why: str = ""
    hint: str = ""
    wrong: Mapping[Any, str] = field(default_factory=dict, compare=False)
    _index: int = field(init=False, compare=False)

    def __post_init__(self) -> None:
        labels = tuple(str(c) for c in self.choices)
        object.__setattr__(self, "choices", labels)
        if len(labels) < 2 or len(set(labels)) != len(labels):
            raise SpadesError(
                f"question {self.prompt!r} needs two or more different choices"
            )
        if str(self.answer) not in labels:
            raise SpadesError(
                f"question {self.prompt!r}: the computed answer is not one of its "
                f"{len(labels)} choices"
            )
        object.__setattr__(self, "_index", labels.index(str(self.answer)))
        wrong = {str(c): text for c, text in self.wrong.items()}
        if set(wrong) - set(labels) or str(self.answer) in wrong:
            raise SpadesError(
                f"question {self.prompt!r}: 'wrong' explains a choice that is "
                "not a wrong one"
            )
        object.__setattr__(self, "wrong", wrong)
        # Keep the answer only as a position, so nothing shows it by accident.
        object.__setattr__(self, "answer", None)

    def __repr__(self) -> str:
        return f"<Question {self.prompt!r} ({len(self.choices)} choices)>"

    def choice_index(self, choice: Any) -> int | None:
        """The position of a choice given as a letter (``"b"``), its text, or
        as the exercises write seats and answers: one choice's initial
        (``"N"`` for North, ``"y"`` for yes), its words' initials (``"NS"``
        for North-South), or its first whole words.

        >>> q = Question("Who deals?", ["North", "East", "South", "West"], "West")
        >>> q.choice_index("b"), q.choice_index("W"), q.choice_index("south")
        (1, 3, 2)
        """
        text = str(choice).strip()
        if text in self.choices:
            return self.choices.index(text)
        folded = [c.casefold() for c in self.choices]
        if text.casefold() in folded:
            return folded.index(text.casefold())
        if len(text) == 1 and text.lower() in _LETTERS[: len(self.choices)]:
            return _LETTERS.index(text.lower())
        if text[:1].isalpha():  # not "1" for 100: a number is typed whole
            said = text.casefold()
            fits = [i for i, c in enumerate(folded) if _says(said, c)]
            if len(fits) == 1:
                return fits[0]
        return None

    def is_right(self, choice: Any) -> bool:
        """Whether ``choice`` (a letter or a choice's text) is the right one."""
        return self.choice_index(choice) == self._index

    def feedback(self, choice: Any, misses: int = 0) -> str:
        """What the learner is told after choosing ``choice``, having chosen
        wrong ``misses`` times before on this question.

        >>> q = Question("Bid 7, win 6: points?", ["-70", "-10", "60"], answer=-70,
        ...              why="A set loses 10 a trick bid.",
        ...              wrong={"-10": "That counts only the missing trick."})
        >>> q.feedback("b")
        'not quite. That counts only the missing trick.'
        >>> q.feedback("c")
        'not quite. Try again.'
        >>> q.feedback("c", misses=1)
        'not quite. The answer is (a) -70: A set loses 10 a trick bid.'
        """
        index = self.choice_index(choice)
        if index is None:
            letters = ", ".join(_LETTERS[: len(self.choices)])
            return f"not one of the choices: answer with a letter ({letters})"
        if index == self._index:
            return "right." + (f" {self.why}" if self.why else "")
        text = self.wrong.get(self.choices[index]) or self.hint
        if misses + 1 >= REVEAL_AFTER or len(self.choices) == 2:
            answer = (
                f"The answer is ({_LETTERS[self._index]}) {self.choices[self._index]}"
            )
            return "not quite. " + " ".join(
                t for t in (text, answer + (f": {self.why}" if self.why else ".")) if t
            )
        return "not quite. " + (text or "Try again.")

    def text(self, number: int) -> str:
        """The question as plain text, choices lettered."""
        lines = [f"{number}. {self.prompt}"]
        lines += [f"   ({_LETTERS[i]}) {c}" for i, c in enumerate(self.choices)]
        return "\n".join(lines)


class Quiz:
    """A few questions that end a chapter; :meth:`show` displays them."""

    def __init__(self, title: str, questions: Sequence[Question]) -> None:
        if not questions:
            raise SpadesError(f"quiz {title!r} has no questions")
        self.title = title
        self.questions = tuple(questions)
        self._misses = [0] * len(self.questions)

    def __repr__(self) -> str:
        n = len(self.questions)
        return f"<Quiz {self.title!r}: {n} question{'s' * (n != 1)}>"

    def __len__(self) -> int:
        return len(self.questions)

    def text(self) -> str:
        """The whole quiz as plain text, with how to answer it.

        >>> print(Quiz("Q", [Question("2 + 2?", [3, 4], answer=4)]).text())
        Q
        1. 2 + 2?
           (a) 3
           (b) 4
        Answer with quiz.check(NUMBER, "LETTER"), e.g. quiz.check(1, "b").
        """
        parts = [self.title, *(q.text(i) for i, q in enumerate(self.questions, 1))]
        parts.append(
            'Answer with quiz.check(NUMBER, "LETTER"), e.g. quiz.check(1, "b").'
        )
        return "\n".join(parts)

    def key(self, level: int = 2) -> str:
        """The answer key as Markdown: the title (a heading of ``level``), then
        per question its text, the right choice with its letter, and ``why``.

        For the teacher: unlike :meth:`text` and ``repr``, it gives the answers.

        >>> print(Quiz("Q", [Question("2 + 2?", [3, 4], answer=4, why="Count.")]).key())
        ## Q
        <BLANKLINE>
        1. 2 + 2?
        <BLANKLINE>
           Answer: **(b) 4**. Count.
        """
        parts = [f"{'#' * level} {self.title}"]
        for number, q in enumerate(self.questions, 1):
            answer = f"**({_LETTERS[q._index]}) {q.choices[q._index]}**."
            parts.append(f"{number}. {q.prompt}")
            parts.append(f"   Answer: {answer}" + (f" {q.why}" if q.why else ""))
        return "\n\n".join(parts)

    def feedback(self, number: int, choice: Any) -> str:
        """The feedback on ``choice`` for question ``number`` (from 1),
        counting this quiz's wrong answers to that question so far."""
        question = self.questions[number - 1]
        text = question.feedback(choice, self._misses[number - 1])
        index = question.choice_index(choice)
        if index is not None and index != question._index:
            self._misses[number - 1] += 1
        return text

    def check(self, number: int | str, choice: Any) -> None:
        """Print the feedback on ``choice`` for question ``number`` (from 1).

        >>> Quiz("Q", [Question("2 + 2?", [3, 4], answer=4)]).check(2, "b")
        Question 2: the quiz 'Q' has question 1 only: quiz.check(1, "b") answers it.
        """
        count = len(self.questions)
        try:
            index = int(str(number).strip())
        except ValueError:
            index = 0
        if not 1 <= index <= count:
            which = f"questions 1 to {count}" if count > 1 else "question 1 only"
            print(
                f"Question {number}: the quiz {self.title!r} has {which}: "
                f'quiz.check(1, "b") answers {"the first" if count > 1 else "it"}.'
            )
            return
        print(f"Question {index}: {self.feedback(index, choice)}")

    def widget(self) -> Any:
        """The quiz as ipywidgets: per question a row of buttons and a feedback line.

        Clicking a button answers at once. The widgets hold the choices and,
        after a click, the feedback; never the answer.
        """
        import ipywidgets as widgets

        rows: list[Any] = [widgets.HTML(f"<b>{_escape(self.title)}</b>")]
        for number, question in enumerate(self.questions, 1):
            prompt = widgets.HTML(f"{number}. {_escape(question.prompt)}")
            result = widgets.HTML("")
            buttons = []
            for i, label in enumerate(question.choices):
                button = widgets.Button(
                    description=f"({_LETTERS[i]}) {label}",
                    layout=widgets.Layout(width="auto"),
                    tooltip=label,
                )
                button.on_click(_answer(self, number, i, result))
                buttons.append(button)
            rows.append(widgets.VBox([prompt, widgets.HBox(buttons), result]))
        return widgets.VBox(rows)

    def show(self) -> None:
        """Display the widgets, with the plain text as their fallback.

        JupyterLab shows the buttons; a notebook viewer without widgets (and
        nbval) sees the text. Outside IPython the text is printed.
        """
        try:
            from IPython import get_ipython
            from IPython.display import display
        except ImportError:  # pragma: no cover - IPython comes with the course
            print(self.text())
            return
        if get_ipython() is None:
            print(self.text())
            return
        try:
            bundle = self.widget()._repr_mimebundle_()
        except ImportError:
            print(self.text())
            return
        # shown where the buttons cannot be (a notebook opened, not yet run;
        # a terminal): the text says how to answer without them
        bundle["text/plain"] = self.text()
        display(bundle, raw=True)


def _answer(quiz: Quiz, number: int, index: int, result: Any) -> Callable[[Any], None]:
    def on_click(_button: Any) -> None:
        text = quiz.feedback(number, _LETTERS[index])
        right = quiz.questions[number - 1].is_right(_LETTERS[index])
        result.value = f'<span style="{_feedback_style(right)}">{_escape(text)}</span>'

    return on_click


def _feedback_style(right: bool) -> str:
    """The feedback's colour: green when right, orange when not, each mixed
    with a fifth of the page's own text colour (currentColor), so that it
    reads on a light theme (darker, 6:1 on white) and on a dark one
    (lighter, 5:1 on #111; the plain colours were 3.7:1 and 3.9:1 there).
    A browser without color-mix() keeps the plain colour.

    >>> _feedback_style(True)
    'color:#1a7f37;color:color-mix(in srgb, #1a7f37 80%, currentColor)'
    """
    colour = "#1a7f37" if right else "#b35900"
    return f"color:{colour};color:color-mix(in srgb, {colour} 80%, currentColor)"


def _escape(text: str) -> str:
    import html

    return html.escape(text)


def _says(text: str, choice: str) -> bool:
    """Whether ``text`` (folded) names ``choice`` (folded) by its initial, its
    words' initials or its first whole words: "n" and "ns" say
    "north-south", "not" does not say "nothing"."""
    words = re.findall(r"\w+", choice)
    if len(text) == 1:
        return choice.startswith(text)
    if text == "".join(w[0] for w in words):
        return True
    return choice.startswith(text) and not choice[len(text) : len(text) + 1].isalnum()
