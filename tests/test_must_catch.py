"""Every mistake an exercise says it must catch is caught, by its own message.

``must_catch`` (see :class:`spadeslib.exercises.specs.Spec`) names the typical
wrong answers an exercise is built to tell apart from the key. For every
exercise of every chapter, over seeds 1-30: each of them differs from the key
on at least one seed, and on every seed where it does, a learner who answers
it (as the value, and as the text they would type) gets that mistake's own
message, not another mistake's and not the generic one ("that is not it").

Exercise 8.4 scored "0 taken as a number" under the two-player rules, where a
0 is Nil: the wrong answer always equalled the key and its feedback never
fired. The coached exercises (0.3 to 1 s a seed) are left out, as in
``test_exercises_seeds.py``; none of them declares ``must_catch``.
"""

from __future__ import annotations

import functools

import pytest

from spadeslib.exercises import CHAPTERS, SetSpec, Spec, exercise_classes

SEEDS = range(1, 31)
#: the exercises built by analysing positions with the coach (as in
#: tests/test_exercises_seeds.py): too slow for 30 seeds each here
COACHED = frozenset(
    {"CheckMyPlay", "CoverNil", "PartnerWinning", "Ending", "ChooseBid"}
)
CLASSES = [
    cls
    for name in CHAPTERS
    for cls in exercise_classes(name)
    if cls.__name__ not in COACHED
]
DECLARING = [cls for cls in CLASSES if cls.must_catch]


def _id(cls: type[Spec]) -> str:
    return f"{int(cls.chapter[:2])}.{cls.number}-{cls.__name__}"


@functools.cache
def specs(cls: type[Spec]) -> tuple[Spec, ...]:
    """The exercise built from every seed (once per test session)."""
    return tuple(cls(seed) for seed in SEEDS)


def test_the_coached_exercises_declare_nothing_to_catch() -> None:
    """Leaving them out hides no ``must_catch``."""
    coached = [
        cls
        for name in CHAPTERS
        for cls in exercise_classes(name)
        if cls.__name__ in COACHED
    ]
    assert coached, "the coached exercises were renamed: update COACHED"
    assert not [cls.__name__ for cls in coached if cls.must_catch]


def test_some_exercises_declare_mistakes_to_catch() -> None:
    assert len(DECLARING) >= 10
    assert "TwoPlayer" in {cls.__name__ for cls in DECLARING}


def _own_message(
    spec: Spec, answer: object, mistake_id: str, messages: list[str]
) -> None:
    """``answer`` gets the mistake ``mistake_id`` and one of its ``messages``
    (an exercise may name one mistake twice, for each partner)."""
    where = (spec.label, spec.seed, mistake_id, answer)
    verdict = spec.feedback(answer)
    assert verdict.status == "incorrect", (*where, str(verdict))
    assert verdict.mistake == mistake_id, (*where, str(verdict))
    parsed = spec.parse(answer)
    assert verdict.message != spec.fallback(parsed), (*where, str(verdict))
    assert "that is not it" not in verdict.message, (*where, str(verdict))
    if isinstance(spec, SetSpec):
        assert any(verdict.message.startswith(m.rstrip(".")) for m in messages), (
            *where,
            str(verdict),
        )
    else:
        assert verdict.message in messages, (*where, str(verdict))


@pytest.mark.parametrize("cls", DECLARING, ids=_id)
def test_must_catch_mistakes_get_their_own_message(cls: type[Spec]) -> None:
    caught = dict.fromkeys(cls.must_catch, 0)
    for spec in specs(cls):
        mistakes = spec.mistakes()
        for mistake_id in cls.must_catch:
            named = [m for m in mistakes if m.id == mistake_id]
            for mistake in named:
                if spec.same(mistake.answer, spec.expected):
                    continue
                caught[mistake_id] += 1
                messages = [
                    m.message for m in named if spec.same(m.answer, mistake.answer)
                ]
                _own_message(spec, mistake.answer, mistake_id, messages)
                typed = spec.format_answer(mistake.answer)
                _own_message(spec, typed, mistake_id, messages)
    never = [i for i, n in caught.items() if not n]
    assert not never, f"{cls.__name__}: {never} equal the key on every seed 1-30"
