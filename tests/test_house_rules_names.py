"""House rules are part of a rule set's name wherever one is shown or keyed:
the coach's memory, refusals, reprs, and the sheets' file names."""

from __future__ import annotations

from spadeslib import Game, Hand, Rules
from spadeslib.coach import Coach
from spadeslib.coach.coach import decision_key
from spadeslib.sheet import write_sheets


def _view(spec: str):
    hand = Hand(spec, "W", seed=4)
    return hand.view(hand.turn)


def test_the_coach_does_not_mix_up_house_rules() -> None:
    coach = Coach("rule", seed=1)
    plain = coach.advise(_view("classic"))
    dear = coach.advise(_view("classic+nil_value=400+bag_penalty=300"))
    assert dear is not plain
    assert dear.view.rules == Rules.parse("classic+nil_value=400+bag_penalty=300")
    fresh = Coach("rule", seed=1).advise(_view("classic+nil_value=400+bag_penalty=300"))
    assert dict(dear.values) == dict(fresh.values)


def test_decision_key_names_every_house_rule() -> None:
    keys = {
        decision_key(_view(spec))
        for spec in ("classic", "classic+target=300", "classic+bag_limit=5")
    }
    assert len(keys) == 3


def test_refusals_and_reprs_name_the_house_rules() -> None:
    hand = Hand("classic+nil=false", "W", seed=4)
    assert "classic+nil=false has no Nil" in hand.why_illegal("nil")
    assert "classic+target=100" in repr(Game("classic+target=100"))
    assert "classic+target=100" in repr(Hand("classic+target=100", seed=1))


def test_advice_prints_short_and_explains() -> None:
    advice = Coach("rule", seed=1).advise(_view("classic"))
    # 24 worlds, four times over: a bid's deals disagree widely
    assert repr(advice) == "<Advice bid for North, hand 1: bid 3 (rule, 96 worlds)>"
    assert str(advice) == advice.explain()


def test_sheets_with_house_rules_get_their_own_files(tmp_path) -> None:
    names = {p.name for p in write_sheets(tmp_path, ["classic", "classic+bag_limit=5"])}
    assert {"classic.html", "classic+bag_limit=5.html"} <= names
