"""The wrong answers this session's learner reviews asked the checks to
recognise, each found on a seed where it applies and answered as a learner
would: the check names that mistake, and says something specific."""

from __future__ import annotations

from typing import Any

import pytest

from spadeslib.exercises import load, spec_of


def _spec(chapter: str, number: int, seed: int) -> Any:
    return spec_of(load(chapter, seed=seed)[number - 1])


def _first(chapter: str, number: int, mistake: str) -> tuple[Any, Any]:
    """The first seed's exercise whose scenario tells ``mistake`` apart."""
    for seed in range(1, 60):
        spec = _spec(chapter, number, seed)
        found = [m for m in spec.mistakes() if m.id == mistake]
        if found and found[0].answer != spec.key():
            return spec, found[0]
    pytest.fail(f"no seed below 60 tells {mistake} apart in {chapter} {number}")


@pytest.mark.parametrize(
    ("chapter", "number", "mistake", "words"),
    [
        ("07_bags_and_winning", 1, "points", "the question asks for the bags"),
        ("09_strategy_bidding", 3, "one-penalty-less", "a penalty each time"),
        ("06_scoring", 2, "missing-too", "a set costs 10 for every trick bid, and"),
        ("08_variants", 1, "nil-only", "scores too, on top of the Nil"),
        ("08_variants", 6, "made-plain", "at the plain 10 points a trick"),
    ],
)
def test_a_new_mistake_is_named(
    chapter: str, number: int, mistake: str, words: str
) -> None:
    spec, wrong = _first(chapter, number, mistake)
    feedback = spec.feedback(str(wrong.answer))
    assert not feedback.correct
    assert feedback.mistake == mistake, feedback.message
    assert words in feedback.message


def test_chapter_six_says_when_the_side_asked_about_stays_under_the_limit() -> None:
    said = 0
    for seed in range(1, 30):
        for spec in map(spec_of, load("06_scoring", seed=seed)):
            prompt = spec.prompt()
            if "Bags carried into this hand" not in prompt:
                continue
            side = {"NS": "North-South", "EW": "East-West"}[spec.side]
            note = f"the bag limit, chapter 7, does not change {side}'s points here"
            assert (note in prompt) == (not spec.score().penalties), prompt
            said += note in prompt
    assert said


def test_chapter_nine_lists_only_the_legal_bids() -> None:
    for seed in range(1, 20):
        spec = _spec("09_strategy_bidding", 4, seed)
        legal = spec.hand.legal_actions()
        text = spec.answer_format
        nil_open = any(b.is_nil and not b.is_blind for b in legal)
        assert text.endswith("or 'nil'") == nil_open, text
        if not nil_open:
            assert "not Nil" in text


def test_chapter_ten_names_what_a_worse_card_loses() -> None:
    spec = _spec("10_strategy_play", 3, 1)
    text = spec.solution_text() if hasattr(spec, "solution_text") else spec.explain()
    assert "Worse: " in text and " less than " in text and "worth " in text
