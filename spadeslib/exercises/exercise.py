"""One exercise as a learner meets it (:class:`Exercise`: ``show()``,
``check(answer)``, ``hint()``, ``solution()``), the registry that keeps its
declaration, key included, off the object, and the teacher's ways to reach
it (:func:`spec_of`, :func:`key_text`, :func:`accepted_texts`), with the
switch that turns the solutions off in a graded assignment (:func:`graded`).
"""

from __future__ import annotations

import inspect
import weakref
from typing import Any

from .feedback import Feedback, Placeholder, ____
from .scenarios import cap
from .specs import Spec, exercise_label, not_attempted

__all__ = [
    "SOLUTIONS_OFF",
    "Exercise",
    "accepted_texts",
    "graded",
    "key_text",
    "solutions_off",
    "spec_of",
]

SOLUTIONS_OFF = (
    "Solutions are off in this graded set: .hint() still gives a hint, "
    "and .check(answer) says what is wrong with an answer."
)
"""What ``q.solution()`` prints after :func:`graded`."""

_graded = False


def graded(on: bool = True) -> None:
    """Switch the solutions off (``on=True``) for every exercise in this
    kernel, as the setup cell of an nbgrader assignment does: ``q.solution()``
    then prints :data:`SOLUTIONS_OFF` instead of the answer. Hints and checks
    stay, and so does :func:`key_text` (the instructor's solution cells and
    the answer keys use it). ``graded(False)`` switches the solutions back on.

    This keeps a graded notebook from printing its answers; it is no lock. The
    checks run in the student's own kernel, so a determined student can still
    compute an answer with the library.

    >>> from spadeslib.exercises import load
    >>> q1 = load("06_scoring", seed=1)[0]
    >>> graded(); q1.solution()
    Solutions are off in this graded set: .hint() still gives a hint, ...
    >>> graded(False); solutions_off()
    False
    """
    global _graded
    _graded = bool(on)


def solutions_off() -> bool:
    """Whether :func:`graded` has switched the solutions off."""
    return _graded


_SPECS: weakref.WeakKeyDictionary[Exercise, Spec] = weakref.WeakKeyDictionary()
"""Each learner-facing exercise's declaration, kept off the object itself."""
_LATER: weakref.WeakKeyDictionary[Exercise, tuple[type[Spec], int]] = (
    weakref.WeakKeyDictionary()
)
"""The declaration and seed of an exercise not built yet (:meth:`Exercise.later`)."""


def _spec(exercise: Exercise) -> Spec:
    spec = _SPECS.get(exercise)
    if spec is None:
        cls, seed = _LATER[exercise]
        spec = cls(seed)  # interrupted or failed: built again when next used
        exercise._adopt(spec)
        del _LATER[exercise]
    return spec


def _blank_verdict(spec: type[Spec], answer: Any) -> Feedback | None:
    """The verdict on a blank answer (``____``) of an exercise not built yet,
    when its words need no scenario: a returned notebook's untouched check is
    graded without finding the scenario (chapter 11's take seconds). ``None``
    when the exercise must be built: an answer given, or a check or answer
    format of its own (a bid's range is read from the hand).

    >>> from spadeslib.exercises.ch06_scoring import EXERCISES
    >>> verdict = _blank_verdict(EXERCISES[0], ____)
    >>> verdict.status, verdict.message.startswith("replace ____ with your answer")
    ('not attempted', True)
    >>> _blank_verdict(EXERCISES[0], 53) is None
    True
    """
    if not (isinstance(answer, Placeholder) or answer is Ellipsis):
        return None
    words = inspect.getattr_static(spec, "answer_format")
    if spec.feedback is not Spec.feedback:
        return None
    if isinstance(words, str):
        return not_attempted(words)
    if words is Spec.__dict__["answer_format"]:  # the answer's words, a class's
        return not_attempted(str(spec.answer.text))
    return None


class Exercise:
    """One exercise as a learner meets it: ``show()``, ``check(answer)``,
    ``hint()``, ``solution()``.

    The key lives in a private registry, not on the object, so neither
    tab-completion nor ``dir(q)`` offers it; ``q.solution()`` prints it when
    asked. Scenario data a learner needs in code (``q.hand``, ``q.record``) are
    attributes.
    """

    def __init__(self, spec: Spec) -> None:
        self.label = spec.label
        self.title = spec.title
        self.seed = spec.seed
        self._adopt(spec)

    @classmethod
    def later(cls, spec: type[Spec], seed: int) -> Exercise:
        """The exercise ``spec`` declares, built from ``seed`` when first used
        (some scenarios take a second to find: a chapter loads at once, and a
        learner working on ``q1`` never waits for ``q4``).

        >>> from spadeslib.exercises.ch06_scoring import EXERCISES
        >>> q = Exercise.later(EXERCISES[0], seed=3)
        >>> q.label, q == Exercise.later(EXERCISES[0], seed=3)
        ('6.1', False)
        >>> key_text(q) == key_text(Exercise(EXERCISES[0](3)))
        True
        """
        exercise = cls.__new__(cls)
        exercise.label = exercise_label(spec)
        exercise.title = spec.title
        exercise.seed = seed
        _LATER[exercise] = (spec, seed)
        return exercise

    def _adopt(self, spec: Spec) -> None:
        for name in spec.public:
            setattr(self, name, getattr(spec, name))
        _SPECS[self] = spec

    def __dir__(self) -> list[str]:
        # the scenario attributes (q.hand) are offered before the build too
        later = _LATER.get(self)
        public = later[0].public if later is not None else ()
        return sorted({*super().__dir__(), *public})

    def __getattr__(self, name: str) -> Any:
        # a scenario attribute (q.hand) of an exercise not built yet
        later = _LATER.get(self) if not name.startswith("__") else None
        if later is None or name not in later[0].public:
            raise AttributeError(
                f"{type(self).__name__!r} object has no attribute {name!r}"
            )
        return getattr(_spec(self), name)

    def feedback(self, answer: Any = ____) -> Feedback:
        """The verdict on ``answer`` (what :meth:`check` prints)."""
        later = _LATER.get(self)
        blank = None if later is None else _blank_verdict(later[0], answer)
        return blank if blank is not None else _spec(self).feedback(answer)

    def check(self, answer: Any = ____) -> None:
        """Print whether ``answer`` is right, or what went wrong."""
        print(self.feedback(answer))

    def hint(self) -> None:
        """Print a hint."""
        print("Hint: " + cap(_spec(self).hint()))

    def solution(self) -> None:
        """Print the answer and why (in a graded assignment, where
        :func:`graded` switched the solutions off, only a sentence saying so)."""
        if _graded:
            print(SOLUTIONS_OFF)
            return
        print(_spec(self).solution_text())

    def show(self) -> None:
        """Print the exercise: the scenario and the question."""
        print(_spec(self).show_text())

    def __repr__(self) -> str:
        return f"<exercise {self.label} {self.title!r}, seed {self.seed}>"


def spec_of(exercise: Exercise) -> Spec:
    """The declaration behind a learner's exercise (for tests, keys and
    notebooks; not for learners)."""
    return _spec(exercise)


def key_text(exercise: Exercise) -> str:
    """The answer key of one exercise, as text (for a teacher's answer key)."""
    return _spec(exercise).key_text


def accepted_texts(exercise: Exercise) -> list[str]:
    """Every answer the check of one exercise accepts, as text, the key first
    (for a teacher's answer key: a puzzle may have several best cards)."""
    return _spec(exercise).accepted_texts
