"""What the table's state says for the eye and the ear after an
accessibility review: the trick just won stays in the middle of the table
until the next card; the lead's prompt does not assume sight; the hand's end
is said without the review's paragraph on "less the noise"."""

from __future__ import annotations

from typing import Any

from spadeslib.table.advisor import NOISE_WORDS
from spadeslib.table.app import SpadesTable


def _play_first_legal(table: SpadesTable) -> None:
    s = table.state
    table.play(next(c["code"] for c in s["hand"]["cards"] if c["legal"]))


def _to_my_lead(table: SpadesTable) -> dict[str, Any]:
    """Play on until the learner leads a trick after the first."""
    for _ in range(60):
        s = table.state
        if s["hand"]["playable"] and not s["trick"]["current"] and s["trick"]["done"]:
            return s
        _play_first_legal(table)
    raise AssertionError("the learner never led")


def test_the_trick_just_won_stays_in_the_middle_until_the_next_card() -> None:
    table = SpadesTable("classic", seed=2024, speed="instant")
    assert table.state["trick"]["last"] is None  # bidding: nothing won yet
    table.bid(3)
    s = _to_my_lead(table)
    won = s["trick"]["done"][-1]
    last = s["trick"]["last"]
    assert last is not None and last["plays"] == won["plays"]
    assert last["winner"] == won["winner"] == "S"
    card = next(p["card"] for p in won["plays"] if p["seat"] == "S")
    assert last["text"] == f"You won with {card['symbol']}"
    assert s["trick"]["note"] == last["text"]
    # the learner still leads: the prompt and the cards to play are there
    assert s["prompt"].startswith("Your turn to lead")
    assert any(c["legal"] for c in s["hand"]["cards"])
    assert s["trick"]["current"] == []
    # shown whenever the next trick has no card yet, never beside its cards
    while table.state["hand"]["playable"]:
        _play_first_legal(table)
        t = table.state["trick"]
        assert (t["last"] is None) == bool(t["current"]), t
        if t["last"] is not None:
            assert t["last"]["plays"] == t["done"][-1]["plays"]


def test_the_last_trick_stays_in_view_at_the_hands_end() -> None:
    table = SpadesTable("classic", seed=2024, speed="instant")
    table.bid(3)
    while table.state["hand"]["playable"]:
        _play_first_legal(table)
    s = table.state
    thirteenth = s["trick"]["done"][-1]
    assert len(s["trick"]["done"]) == 13
    assert s["trick"]["last"]["plays"] == thirteenth["plays"]
    assert s["trick"]["note"].startswith("Hand over · ")
    assert s["trick"]["note"].endswith(s["trick"]["last"]["text"])
    table.new_hand()
    assert table.state["trick"]["last"] is None


def test_the_lead_prompt_does_not_assume_sight() -> None:
    table = SpadesTable("classic", seed=2024, speed="instant")
    table.bid(3)
    prompt = _to_my_lead(table)["prompt"]
    assert "greyed" not in prompt
    # the words a screen reader hears, or why the spades are dimmed
    assert '"not playable now"' in prompt or "(spades are not broken yet)" in prompt


def test_the_hands_end_is_said_without_the_noise_paragraph(
    states: dict[str, Any],
) -> None:
    review = states["reviewed"]["review"]
    assert review["state"] == "ready"
    assert NOISE_WORDS in review["summary"]  # shown in the review
    assert NOISE_WORDS not in review["said"]
    assert review["summary"].startswith(review["said"])
