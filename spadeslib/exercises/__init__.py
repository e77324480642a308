"""Self-checking exercises for every chapter of the course, with seeded variants.

An exercise notebook starts with::

    from spadeslib.exercises import ____, load
    SEED = 1
    q1, q2, q3, q4, q5, q6 = load("06_scoring", seed=SEED)

and then, for each exercise, ``q1.show()`` (the scenario and the question),
``q1.check(answer)`` ("Correct", or what went wrong), ``q1.hint()`` and
``q1.solution()``. Every scenario is built from ``(chapter, exercise, seed)``,
so a teacher can give each student a different seed
(``spades exercises --students alice,bob --seed 2026 --out DIR``) and an
answer key computed by the library. An nbgrader assignment calls
:func:`graded` first, which switches ``q.solution()`` off (hints stay).

>>> q1, *rest = load("06_scoring", seed=1)
>>> q1.feedback(____).status
'not attempted'
>>> q1.feedback(key_text(q1)).correct
True
>>> [name for name in dir(q1) if "key" in name or "expected" in name]
[]
>>> key_text(load("06_scoring", seed=1)[0]) == key_text(q1)
True
"""

from __future__ import annotations

import hashlib
import importlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..errors import SpadesError
from .exercise import Exercise, accepted_texts, graded, key_text, solutions_off, spec_of
from .feedback import Feedback, Mistake, Placeholder, ____
from .reading import AnswerError
from .specs import DEFAULT_SEED, SetSpec, Spec

__all__ = [
    "CHAPTERS",
    "DEFAULT_SEED",
    "AnswerError",
    "Chapter",
    "Exercise",
    "Feedback",
    "Mistake",
    "Placeholder",
    "SetSpec",
    "Spec",
    "UnknownChapter",
    "____",
    "accepted_texts",
    "chapter_module",
    "exercise_classes",
    "graded",
    "key_text",
    "load",
    "solutions_off",
    "spec_of",
    "student_seed",
]

CHAPTERS: tuple[str, ...] = (
    "01_welcome",
    "02_deck_and_deal",
    "03_bidding",
    "04_playing_tricks",
    "05_breaking_spades",
    "06_scoring",
    "07_bags_and_winning",
    "08_variants",
    "09_strategy_bidding",
    "10_strategy_play",
    "11_play",
)
"""The course chapters, in order (each has an exercise notebook of the same name)."""

_MODULES = {name: f".ch{name}" for name in CHAPTERS}


class UnknownChapter(SpadesError, KeyError):
    """A chapter name or number that is not one of :data:`CHAPTERS` (a
    :class:`~spadeslib.errors.SpadesError`, so the ``spades`` command prints
    it as one line; also a ``KeyError``, as it was)."""

    __str__ = BaseException.__str__  # not KeyError's quoted repr


def resolve(name: str | int) -> str:
    """The full chapter name from ``"06_scoring"``, ``"06"``, ``6`` or ``"scoring"``.

    >>> resolve(6), resolve("bags_and_winning")
    ('06_scoring', '07_bags_and_winning')
    >>> try:
    ...     resolve(99)
    ... except UnknownChapter as error:
    ...     print(error)
    no chapter '99': the chapters are 01_welcome, 02_deck_and_deal, ... 11_play (...)
    """
    text = str(name).strip().lower()
    for chapter in CHAPTERS:
        number, _, words = chapter.partition("_")
        if text in (chapter, number, str(int(number)), words):
            return chapter
    raise UnknownChapter(
        f"no chapter {str(name).strip()!r}: the chapters are {', '.join(CHAPTERS)} "
        "(or their numbers, e.g. 6, or names, e.g. scoring)"
    )


def chapter_module(name: str | int) -> Any:
    """The module holding a chapter's exercises."""
    return importlib.import_module(_MODULES[resolve(name)], __name__)


def exercise_classes(name: str | int) -> list[type[Spec]]:
    """A chapter's exercise declarations, in order."""
    return list(chapter_module(name).EXERCISES)


@dataclass(frozen=True)
class Chapter:
    """A chapter's exercises built from one seed; unpack it or index it (from 0).

    ``q1``, ``q2``, ... are also attributes.
    """

    name: str
    title: str
    seed: int
    exercises: tuple[Exercise, ...]

    def __iter__(self) -> Iterator[Exercise]:
        return iter(self.exercises)

    def __len__(self) -> int:
        return len(self.exercises)

    def __getitem__(self, index: int) -> Exercise:
        return self.exercises[index]

    def __getattr__(self, name: str) -> Exercise:
        if name.startswith("q") and name[1:].isdigit():
            number = int(name[1:])
            if 1 <= number <= len(self.exercises):
                return self.exercises[number - 1]
        raise AttributeError(name)

    def key(self) -> list[tuple[str, str, str]]:
        """``(label, title, answer)`` for every exercise: the answer key (one
        answer each, which passes its check)."""
        return [(q.label, q.title, key_text(q)) for q in self.exercises]

    def accepted(self) -> list[tuple[str, str, list[str]]]:
        """``(label, title, answers)`` for every exercise: every answer its
        check accepts, the key first (a puzzle may have several best cards)."""
        return [(q.label, q.title, accepted_texts(q)) for q in self.exercises]

    def __repr__(self) -> str:
        return (
            f"<chapter {self.name} ({self.title}): {len(self.exercises)} exercises, "
            f"seed {self.seed}>"
        )


def load(name: str | int, seed: int = DEFAULT_SEED) -> Chapter:
    """A chapter's exercises from ``seed``, each built when first used (a
    learner on ``q1`` never waits for a later scenario to be found).

    >>> chapter = load("scoring", seed=3)
    >>> chapter.name, chapter.q2.label
    ('06_scoring', '6.2')
    """
    module = chapter_module(name)
    exercises = tuple(Exercise.later(cls, seed) for cls in module.EXERCISES)
    return Chapter(module.CHAPTER, module.TITLE, seed, exercises)


def student_seed(seed: int | str, student: str) -> int:
    """The seed of one student's exercises: a stable function of the class seed
    and the student's name (not of Python's hash randomisation).

    >>> student_seed(2026, "alice") == student_seed(2026, "alice")
    True
    >>> student_seed(2026, "alice") != student_seed(2026, "bob")
    True
    """
    digest = hashlib.sha256(f"{seed}/{student.strip()}".encode()).hexdigest()
    return int(digest[:8], 16) % 1_000_000
