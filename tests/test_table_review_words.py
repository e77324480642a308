"""What the table says: review rows for every decision, a file saved between
hands, refusals answered, and the wording of hints, logs and errors."""

from __future__ import annotations

import random
from pathlib import Path

from spadeslib.actions import TAKE_NEXT, Bid
from spadeslib.coach.explain import points
from spadeslib.table import SpadesTable
from spadeslib.table.session import TableSession


def test_two_player_review_has_a_row_for_the_blind_nil_and_the_discard() -> None:
    t = TableSession(
        "two-player", seed=2, partner="rule", opponents="rule", coach="rule"
    )
    text = t.hint().reason
    assert "That is the textbook choice: the coach does not score this" in text
    assert "rule level" not in text
    t.bid("blind nil")
    while t.learner_to_move():
        t.act(t.game.hand.legal_actions()[0])
    review = t.review()
    assert review is not None
    first = review.rows[0]
    assert (first.when, first.yours, first.loss) == ("blind", "bid Blind Nil", None)
    # the button says "Draw my cards": the review uses the same words
    assert first.rating == "unmeasured" and "draw your cards" in first.text
    assert "look at your cards" not in first.text.lower()
    assert first.best == "draw your cards"
    unmeasured = [r for r in review.rows if r.rating == "unmeasured"]
    assert len(unmeasured) == review.counts["not measured"] == 2
    assert [r.when for r in unmeasured] == ["blind", "discard"]
    # a Blind Nil off the book is said in the summary, lost points or none
    assert (
        "Not measured, off the textbook: bid Blind Nil, where the textbook "
        "would draw your cards; discard "
    ) in review.summary, review.summary


def test_a_file_saved_between_hands_loads_between_hands(tmp_path: Path) -> None:
    t = TableSession("cards4net", seed=4, partner="rule", opponents="rule")
    rng = random.Random(1)
    while not t.between:
        t.act(rng.choice(t.game.hand.legal_actions()))
    path = tmp_path / "between.json"
    assert t.save(path)
    loaded = TableSession("cards4net", seed=1, partner="rule", opponents="rule")
    assert loaded.load(path)
    assert loaded.between and loaded.shown_hand.number == 1
    assert not loaded.game.hand.history, "the bots have not bid in hand 2"
    assert "hand 1 is over. Press Next hand to deal hand 2." in loaded.message
    assert loaded.new_hand() and loaded.game.hand.history


def test_a_refused_request_to_the_coach_is_cleared_by_an_answer() -> None:
    t = TableSession("cards4net", seed=5, partner="rule", opponents="rule")
    assert t.review() is None and t.notice.startswith("No hand is finished yet")
    assert t.hint() is not None
    assert t.notice is None
    # a refused move stays shown after a hint (it is still about this position)
    t.bid(14)
    refusal = t.notice
    assert refusal is not None and t.hint() is not None and t.notice == refusal


def test_points_are_written_as_words() -> None:
    assert points(-0.4) == "0 points" and points(1.3) == "+1 point"
    assert points(-7.6) == "-8 points" and points(1, sign=False) == "1 point"
    t = TableSession(
        "cards4net+jokers", seed=5, partner="rule", opponents="rule", coach="rule"
    )
    assert "-0 points" not in t.hint().reason


def test_the_log_says_you_in_the_middle_of_a_sentence() -> None:
    t = TableSession("cards4net", seed=5)
    assert t.log[0] == "New game: Cards4.net, seed 5. Hand 1: you deal."


def test_nil_bidders_tricks_as_bags_are_counted_in_words() -> None:
    from spadeslib import Hand
    from spadeslib.table.narrate import describe_result

    hand = Hand("classic", "W", seed=1)
    for bid in ("nil", 3, "nil", 4):
        hand.apply(bid)
    while not hand.is_over:
        hand.apply(hand.legal_actions()[-1])
    lines = describe_result(hand, hand.seats[2], None)
    assert "North-South (you): 6 tricks of the nil bidders count as bags, +6." in lines
    hand = Hand("classic", "W", seed=1)
    for bid in ("nil", 3, 4, 4):
        hand.apply(bid)
    while not hand.is_over:
        hand.apply(hand.legal_actions()[-1])
    lines = describe_result(hand, hand.seats[2], None)
    assert "North-South (you): 2 tricks of the nil bidder count as bags, +2." in lines


def test_resume_and_load_errors_are_plain_sentences() -> None:
    t = TableSession("cards4net", seed=1)
    t.resume("garbage")
    assert t.notice == (
        "Could not resume the saved game: it is not a saved table: not JSON."
    )
    t.from_json("{}")
    assert t.notice is not None and t.notice.endswith(".")
    assert "Error" not in t.notice


def test_the_draw_hint_and_typed_moves_speak_of_the_draw() -> None:
    t = TableSession(
        "two-player", seed=5, partner="rule", opponents="rule", coach="rule"
    )
    t.look()
    t.command("hello")
    assert t.notice == (
        "'hello' is not a move of the draw: 'keep' (the top card) or "
        "'take_next' (the next one)."
    )
    t.keep()
    text = t.hint().reason
    assert "it is made" not in text and "(after" not in text
    t.command("take next")
    assert t.game.hand.history[-1][1] == TAKE_NEXT or t.notice is None
    assert Bid.parse("3") == Bid(3)


def test_the_page_cannot_pause_or_choose_with_malformed_messages() -> None:
    table = SpadesTable(
        "cards4net", seed=11, partner="rule", opponents="rule", speed="instant"
    )
    table.handle({"type": "pause", "paused": "no"})
    assert not table.session.paused
    assert table.session.notice == "The page sent a pause the table cannot read."
    table.handle({"type": "choose", "cards": [1, 2]})
    assert table.session.notice == "Choose the cards in your hand, then confirm."


def test_no_points_lost_is_said_of_the_rated_decisions_only() -> None:
    """A failed Blind Nil read "No points lost." though the book draws."""
    from spadeslib import LOOK, Hand, Seat
    from spadeslib.coach.ratings import Verdict
    from spadeslib.coach.review import Review

    hand = Hand("two-player", "N", seed=11)
    blind = Verdict(Bid.BLIND_NIL, LOOK, 0.0, "unmeasured", "", "blind")
    kept = Verdict(TAKE_NEXT, TAKE_NEXT, 0.0, "best", "", "draw")
    review = Review(hand, Seat.SOUTH, "rule", [kept], unrated=[(0, blind)])
    assert review.summary.endswith(
        "(1 best; 0 forced, 1 not measured). No points lost in the decisions "
        "rated. Not measured, off the textbook: bid Blind Nil, where the "
        "textbook would draw your cards."
    ), review.summary
    booked = Review(hand, Seat.SOUTH, "rule", [kept])
    assert booked.summary.endswith("No points lost."), booked.summary
