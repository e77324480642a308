"""A review of chapter 8's exercises against the rules: answers that got only
the generic "that is not it".

8.1 under yppedia: Nil taken as ±100, or a failed nil bidder's tricks taken
as bags (classic's rule); 8.3: Blind Seven taken as a contract of 7 + 7 = 14;
8.4: the two players scored as partners (the mistake was 10 × the two bids,
not a partnership's score), overtricks left out, a failed Nil's tricks taken
as bags; 8.6: a set contract of 10 costing 10 per missing trick, and a hint
that only asked whether the contract is 10.
"""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

from spadeslib import Rules, Seat
from spadeslib.exercises import load, spec_of
from spadeslib.exercises.ch08_variants import (
    BlindSeven,
    SameHandPresets,
    TenFor200,
    TwoPlayer,
)

ROOT = Path(__file__).resolve().parent.parent


# ------------------------------------------------------------------ 8.1
def test_yppedia_seed_2_nil_value_and_bags() -> None:
    """Seed 2: North's Nil fails with 1 trick under yppedia (key -80)."""
    q = spec_of(load("08_variants", seed=2)[0])
    assert q.preset == "yppedia" and q.key_text == "-80"
    value = q.feedback(-130)
    assert value.mistake == "nil-value"
    assert "±50" in value.message and "±100" in value.message
    bags = q.feedback(-79)
    assert bags.mistake == "nil-tricks-as-bags"
    assert "North's 1 trick" in bags.message and "nor as bags" in bags.message
    assert "worth ±50" in q.hint()


def test_yppedia_mistakes_are_scored_by_the_library() -> None:
    seen = 0
    for seed in range(1, 61):
        q = SameHandPresets(seed)
        if q.preset != "yppedia":
            assert f"worth ±{Rules(q.preset).nil_value}" in q.hint()
            continue
        for mistake, change in (
            ("nil-value", {"nil_value": 100}),
            ("nil-tricks-as-bags", {"nil_tricks": "bags"}),
        ):
            wrong = q.score(dataclasses.replace(q.rules, **change)).points
            assert q.feedback(wrong).mistake == mistake, (seed, mistake)
        seen += 1
    assert seen >= 5


# ------------------------------------------------------------------ 8.3
def test_blind_seven_is_one_contract_of_7_not_14() -> None:
    seen = 0
    for seed in range(1, 41):
        q = BlindSeven(seed)
        assert "one contract of 7 for the team" in q.prompt()
        s = q.score()
        if not s.made:
            continue
        verdict = q.feedback(-140)
        assert verdict.mistake == "contract-14", seed
        assert "not 7 + 7 = 14" in verdict.message and "is made" in verdict.message
        seen += bool(s.overtricks)
    assert seen  # -140 is then not the made contract's value turned round


# ------------------------------------------------------------------ 8.4
@pytest.mark.parametrize(
    ("seed", "partners"), [(1, -42), (2, 112), (3, 121), (5, 94), (8, 76)]
)
def test_two_player_partnership_is_scored_as_one_side(seed: int, partners: int) -> None:
    """North and South as one side of cards4net: seed 1, North bid 5 and won
    11, South's Nil failed with 2: contract 5 made with 13 tricks (+58), the
    Nil -100. The old mistake, 10 × (5 + 0) = 50, was never an answer."""
    q = TwoPlayer(seed)
    verdict = q.feedback(partners)
    assert verdict.mistake == "partnership", seed
    assert "partners" in verdict.message and "each scores alone" in verdict.message
    if seed == 1:
        assert q.feedback(50).mistake is None


def test_two_player_overtricks_and_failed_nil_bags() -> None:
    one = TwoPlayer(1)  # South's Nil failed with 2 tricks: -100
    bags = one.feedback(-98)
    assert bags.mistake == "nil-tricks-bags"
    assert "South's 2 tricks as bags" in bags.message
    assert "a failed Nil's tricks are not bags" in bags.message
    three = TwoPlayer(3)  # South bid 6 and won 9: 63
    assert three.bids[Seat.SOUTH].tricks == 6 and three.key_text == "63"
    over = three.feedback(60)
    assert over.mistake == "no-overtricks"
    assert "3 tricks more than the 6 bid" in over.message


def test_chapter_8_says_a_failed_nils_tricks_are_not_bags() -> None:
    text = (ROOT / "notebooks" / "08_variants.py").read_text("utf-8")
    two = text.split("## Two players")[1].split("\n# ## ")[0]
    assert "a failed Nil's tricks are not bags" in two
    assert ".nil_value" in two and ".blind_nil_value" in two


# ------------------------------------------------------------------ 8.6
def test_ten_for_200_softened_set_and_hint() -> None:
    q = TenFor200(1)  # North-South bid 6 + 4 and won 9: -200
    assert q.key_text == "-200"
    soft = q.feedback(-10)
    assert soft.mistake == "softened"
    assert "not 10 per missing trick" in soft.message and "costs 200" in soft.message
    assert "exactly 10" in q.hint() and "plus 1 per overtrick" in q.hint()
    assert "costs 200" in q.feedback(-180).message  # the hint, in the fallback


# ------------------------------------------------------------------ the quiz
def test_chapter_8_quiz_explains_the_answer_0_under_mirror() -> None:
    tree = ast.parse((ROOT / "notebooks" / "08_variants.py").read_text("utf-8"))
    questions = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Question"
    ]
    mirror = questions[0]
    assert "mirror" in ast.literal_eval(mirror.args[0])
    wrong = {k.arg: k.value for k in mirror.keywords}.get("wrong")
    assert wrong is not None
    why = ast.literal_eval(wrong)
    assert "not the number 0" in why["0"] and "Nil" in why["0 or Nil"]
