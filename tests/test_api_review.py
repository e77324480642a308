"""The outside reviewer's findings on the public helpers, one test each:
argument checks of chapter 9's counts, rules written as text, a deal that
is not a record, the rules' own bid words, the score sheet's columns, the
full rules spec in displays, and the review's plural."""

from __future__ import annotations

import pytest

from spadeslib import Bid, Game, Hand, InvalidRecord, Rules, Seat, SpadesError
from spadeslib.coach.ratings import Verdict
from spadeslib.coach.review import Review
from spadeslib.counting import holding_chance, nil_average, nil_break_even
from spadeslib.display import hand_html, hand_text, score_sheet_html
from spadeslib.errors import InvalidDeal
from spadeslib.record import from_record, to_record
from spadeslib.scoring import (
    apply_bags,
    game_over,
    score_hand,
    side_of,
    side_seats,
    sides,
    why_over,
)
from spadeslib.tricks import Trick, trick_winner

# --------------------------------------------------------------- 1. counting


@pytest.mark.parametrize(
    ("call", "words"),
    [
        # swapped: the safe bid's points first, then the Nil's value
        (lambda: nil_break_even(30, 100), "beats a Nil worth 30 at any success"),
        (lambda: nil_break_even(100, -250), "a Nil worth 100 beats a safe bid"),
        (lambda: nil_break_even(100, "20"), "safe is a number of points"),
        (lambda: nil_break_even("100", 20), "a Nil's value is above 0 points"),
        (lambda: nil_average(50, 0.6), "takes the probability first"),
        (lambda: nil_average(0.6, -50), "a Nil's value is above 0 points"),
        (lambda: nil_average("0.6", 50), "p is a probability from 0 to 1"),
    ],
)
def test_nil_counts_refuse_swapped_or_impossible_arguments(call, words) -> None:
    with pytest.raises(SpadesError, match=words):
        call()


def test_a_break_even_outside_0_to_1_names_the_argument_order() -> None:
    with pytest.raises(SpadesError) as caught:
        nil_break_even(30, 100)
    text = str(caught.value)
    assert "no break-even probability" in text
    assert "takes the Nil's value first, then the safe bid's points" in text
    assert "safe is from -30 to 30" in text
    # the bounds themselves are probabilities 1 and 0, still answered
    assert nil_break_even(100, 100) == 1.0 and nil_break_even(100, -100) == 0.0
    assert nil_break_even(100, 30) == 0.65 and nil_average(0.7, 100) == 40.0


@pytest.mark.parametrize(
    ("keywords", "words"),
    [
        ({"hand": 60}, r"hand is a number of cards from 0 to deck \(52\), not 60"),
        ({"suit": 53}, r"suit is a number of cards from 0 to deck \(52\), not 53"),
        ({"suit": -1}, "suit is a number of cards"),
        ({"deck": 0}, "deck is a number of cards from 1, not 0"),
        ({"deck": 52.0}, "deck is a number of cards from 1, not 52.0"),
        ({"hand": 13.5}, "hand is a number of cards"),
    ],
)
def test_holding_chance_checks_suit_deck_and_hand(keywords, words) -> None:
    with pytest.raises(SpadesError, match=words):
        holding_chance(3, **keywords)


def test_holding_chance_still_counts_a_smaller_deck() -> None:
    # all 4 cards of a suit in a 4-card hand from an 8-card deck: 1 / C(8, 4)
    assert holding_chance(4, suit=4, deck=8, hand=4) == pytest.approx(1 / 70)
    assert holding_chance(0, at_least=True) == pytest.approx(1.0)


# ------------------------------------------------------- 2. rules as text


def test_scoring_and_tricks_take_a_rules_text_as_game_does() -> None:
    text = "classic+bag_limit=5"
    rules = Rules.parse(text)
    bids, tricks = [3, 4, 2, "nil"], [4, 6, 2, 1]
    assert score_hand(text, bids, tricks, {}) == score_hand(rules, bids, tricks, {})
    assert sides("classic") == ("NS", "EW") and sides("two-player") == ("N", "S")
    assert side_of("classic", Seat.EAST) == "EW" and side_of("two-player", "S") == "S"
    assert side_seats("classic", "NS") == (Seat.NORTH, Seat.SOUTH)
    assert apply_bags(text, 4, 3) == (1, 2)
    assert game_over("classic", {"NS": 520, "EW": 530}) == (True, "EW")
    assert why_over("classic", {"NS": 520, "EW": 530}) == ("target", "EW")
    assert trick_winner("classic", [("N", "KH"), ("E", "AH")]) == Seat.EAST
    trick = Trick(Seat.NORTH, ((Seat.NORTH, Hand(seed=1).holding[0][0]),), None)
    assert trick.led_suit("classic") == trick.led_suit(Rules("classic"))


@pytest.mark.parametrize(
    "call",
    [
        lambda rules: score_hand(rules, [1] * 4, [1] * 4, {}),
        lambda rules: sides(rules),
        lambda rules: side_of(rules, "N"),
        lambda rules: game_over(rules, {"NS": 0, "EW": 0}),
        lambda rules: trick_winner(rules, [("N", "KH")]),
    ],
)
def test_rules_that_are_neither_rules_nor_text_are_refused(call) -> None:
    with pytest.raises(SpadesError, match=r"takes the Rules \(or a rules text"):
        call(42)
    with pytest.raises(SpadesError, match="no-such-preset"):
        call("no-such-preset")


# ----------------------------------------------------------------- 3. deals


def test_a_bad_deal_given_to_a_hand_or_game_is_not_a_record_error() -> None:
    with pytest.raises(InvalidDeal, match="bad deal: North has 1 card, not 13") as e:
        Hand(deal={"N": "AS"})
    assert not isinstance(e.value, InvalidRecord)
    game = Game(deal_first_hand=False)
    with pytest.raises(InvalidDeal, match="North has 1 card, not 13") as e:
        game.new_hand(deal={"N": "AS"})
    assert not isinstance(e.value, InvalidRecord)
    with pytest.raises(InvalidDeal, match="bad stock: AS appears twice") as e:
        Hand("two-player", stock=["AS", "AS"])
    assert not isinstance(e.value, InvalidRecord)


def test_a_bad_deal_read_from_a_record_is_still_an_invalid_record() -> None:
    data = to_record(Game("classic", seed=3))
    data["hands"][0]["deal"]["N"] = "AS"
    with pytest.raises(InvalidRecord, match="hand 1: bad deal: North has 1 card"):
        from_record(data)


# ------------------------------------------------------------- 4. bid words


def test_score_hand_refuses_a_bid_in_the_rules_own_words() -> None:
    with pytest.raises(SpadesError) as caught:
        score_hand(Rules("classic"), [3, 4, 2, None], [3, 4, 2, 4], {})
    text = str(caught.value)
    assert "West: None is not a bid: bid a number of tricks from 1 to 13" in text
    assert "'blind nil'" in text
    assert "blind_nil" not in text and "seven" not in text
    with pytest.raises(SpadesError, match="'blind seven'"):
        score_hand("cards4net+jokers", [3, 4, 2, "x"], [3, 4, 2, 4], {})


# ---------------------------------------------------------------- 5. display


def _blind_nil_game() -> Game:
    from spadeslib.bots import make_bot, play_until

    game = Game("classic", seed=5)
    for bid in (3, 3, 3, 3):
        game.apply(bid)
    play_until(game, {s: make_bot("rule", seed=1) for s in game.rules.seats})
    return game


def test_the_text_score_sheet_keeps_its_columns_in_line() -> None:
    game = _blind_nil_game()
    lines = str(game).splitlines()
    rows = [line for line in lines if line.startswith(("hand", " "))]
    assert any("Blind Nil+Blind Nil" in line for line in rows)
    # the EW block starts at one column on every row, header included
    starts = {line.index("|", line.index("|") + 1) for line in rows}
    assert len(starts) == 1, rows
    assert len({len(line) for line in rows}) == 1, rows


def test_displays_name_the_rules_with_their_house_rules() -> None:
    game = Game("classic+target=100", seed=1)
    assert "(classic+target=100)" in hand_text(game.hand)
    assert "(classic+target=100)" in hand_html(game.hand)
    assert "classic+target=100, target 100" in score_sheet_html(game)
    with pytest.raises(SpadesError, match="not in the classic\\+target=100 deck"):
        trick_winner("classic+target=100", [("N", "BJ")])


# ----------------------------------------------------------------- 6. review


def test_a_review_of_one_decision_says_decision() -> None:
    from spadeslib.coach.ratings import RATINGS

    best = RATINGS[0]
    one = Verdict(Bid(3), Bid(3), 0.0, best, "the book's bid", "bid")
    hand = Hand(seed=1)
    head = Review(hand, Seat.SOUTH, "rule", [one]).summary.splitlines()[0]
    assert f"South: 1 decision rated by the coach (1 {best}; 0 forced)" in head
    two = Review(hand, Seat.SOUTH, "rule", [one, one]).summary.splitlines()[0]
    assert "South: 2 decisions rated by the coach" in two
    assert two.endswith("(2 best; 0 forced). No points lost.")  # not "About 0"


def test_a_review_says_what_the_points_were_lost_to() -> None:
    hand = Hand(seed=1)
    good = Verdict(Bid(3), Bid(4), 3.0, "good", "close", "bid")
    mistake = Verdict(Bid(3), Bid(5), 31.0, "mistake", "too high", "bid")
    one_each = Review(hand, Seat.SOUTH, "rule", [good, mistake]).summary
    assert (
        "About 34 points lost in all, less the noise of the deals: 3 to a good "
        "choice (a close call), 31 to a mistake." in one_each
    )  # not "to good choices" alone, nor "to mistakes" for one
    two = Review(hand, Seat.SOUTH, "rule", [good, good, mistake, mistake]).summary
    assert "6 to good choices (close calls), 62 to mistakes." in two


def test_a_dask_scheduler_without_dask_names_the_extra(monkeypatch) -> None:
    """``--scheduler`` in a course-only install: which extra is missing, not a
    ModuleNotFoundError from deep in the runner."""
    import builtins

    from spadeslib import parallel

    real_import = builtins.__import__

    def no_distributed(name, *args, **kwargs):
        if name == "distributed" or name.startswith("distributed."):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_distributed)
    with pytest.raises(SpadesError, match=r"spadeslib\[dask\]"):
        parallel.run(abs, [1, 2], scheduler="tcp://127.0.0.1:1")
