"""Verdicts on bids say how the game ends (with the hook in advice.py)."""

from __future__ import annotations

from spadeslib import Hand
from spadeslib.coach import Coach
from spadeslib.coach.explain import GAME_TERMS


def test_a_bid_verdict_names_the_game() -> None:
    """Classic, seed 5, South first to bid on 470 with 9 bags: the bid that
    risks the overtrick is rated with the game it costs."""
    hand = Hand(
        "classic", "E", seed=5, scores={"NS": 470, "EW": 300}, bags={"NS": 9, "EW": 0}
    )
    advice = Coach("search", seed=1, samples=16).advise(hand.view("S"))
    worse = max(
        (a for a in advice.values if a != advice.best),
        key=lambda a: advice.values[a].mean,
    )
    verdict = advice.rate(worse)
    assert f"if you bid {worse.label()}" in verdict.text
    assert "the game in" in verdict.text
    assert GAME_TERMS in advice.rate(advice.best).text


def test_far_from_the_target_a_bid_verdict_is_as_before() -> None:
    hand = Hand("classic", "E", seed=5)
    advice = Coach("search", seed=1, samples=16).advise(hand.view("S"))
    for bid in advice.values:
        assert "game" not in advice.rate(bid).text
