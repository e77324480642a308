"""The scale reads a loss less the noise of the deals, and ``spades
steadiness`` measures what that does to the ratings."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest

from spadeslib import Hand, Seat
from spadeslib.actions import Bid
from spadeslib.bots import make_bot
from spadeslib.cards import Card
from spadeslib.cli import main
from spadeslib.coach import NOISE, Coach, Review, Verdict, rated_loss, rating_for
from spadeslib.coach.steadiness import Row, steadiness
from spadeslib.errors import SpadesError
from spadeslib.hand import Phase


def _first_trick(seed: int) -> Hand:
    hand = Hand(seed=seed, dealer="W")
    bot = make_bot("rule")
    while hand.phase is not Phase.PLAYING:
        hand.apply(bot.act(hand.view(hand.turn)))
    return hand


def test_a_rating_reads_the_loss_less_one_standard_error() -> None:
    """Seed 5, the first lead: the J♦ loses about 7 points over the search
    coach's 40 deals, with a standard error of about 4, so it is rated good
    (3 points), not an inaccuracy; the 3♣ loses about 4 within the noise and
    is as good as the best."""
    advice = Coach("search", seed=1).advise(_first_trick(5))
    checked = 0
    for card in advice.view.legal:
        verdict = advice.rate(card)
        assert verdict.rated == pytest.approx(rated_loss(verdict.loss_ci))
        assert verdict.rated <= verdict.loss + 1e-9
        assert verdict.rating == rating_for(verdict.rated)
        checked += verdict.loss > verdict.rated
    assert checked >= 5
    jack = advice.rate(Card.parse("JD"))
    assert rating_for(jack.loss) == "inaccuracy" and jack.rating == "good"
    assert "(3 points once the noise of the deals is taken off)" in jack.text
    club = advice.rate(Card.parse("3C"))
    assert rating_for(club.loss) == "good" and club.rating == "best"
    assert "too small for the sampled deals to tell apart" in club.text
    assert "within a point" not in club.text


def test_an_exact_loss_is_rated_as_it_is() -> None:
    """With every card placed (an exact advice) nothing is taken off."""
    advice = replace(Coach("search", seed=1).advise(_first_trick(5)), exact=True)
    jack = advice.rate(Card.parse("JD"))
    assert jack.rated == jack.loss and jack.loss_ci == (jack.loss, jack.loss)
    assert jack.rating == "inaccuracy"
    assert "noise of the deals" not in jack.text


def test_rated_loss_takes_noise_standard_errors_off() -> None:
    assert NOISE == 1.0
    assert rated_loss((10 - 1.96 * 4, 10 + 1.96 * 4)) == pytest.approx(6.0)
    assert rated_loss((0.0, 0.0)) == 0.0
    assert rated_loss((-20.0, 2.0)) == 0.0  # never below nothing lost


def test_a_row_counts_false_alarms_misses_and_steadiness() -> None:
    row = Row()
    row.add("inaccuracy", "good", "best")  # a false alarm, not kept
    row.add("good", "good", "mistake")  # a miss
    row.add("best", "best", "best")  # agreed, kept
    row.add("mistake", "blunder", "mistake")  # confirmed, kept
    shares = row.shares()
    assert row.cards == 4 and shares["agree"] == 0.5
    assert shares["false alarms"] == shares["misses"] == 0.25
    assert shares["inaccuracy+ confirmed"] == 0.5 and shares["inaccuracy+ kept"] == 0.5
    assert shares["best kept"] == 1.0 and shares["same under both seeds"] == 0.5
    assert Row().shares()["agree"] == 0.0  # nothing counted: no division by 0


def test_steadiness_compares_the_two_ways_on_the_same_cards() -> None:
    report = steadiness("rule", deals=2, seed=3, reference=96, jobs=1)
    rows = report.rows
    assert report.decisions >= 4 and report.cards == rows["the scale"].cards
    assert sum(report.spread.values()) == report.cards
    # the scale never flags more than the bare estimate: it reads less loss
    assert rows["the scale"].bad <= rows["by the estimate"].bad
    assert rows["the scale"].false_alarms <= rows["by the estimate"].false_alarms
    # without noise taken off, the scale is the bare estimate
    bare = steadiness("rule", deals=2, seed=3, reference=96, noise=0, jobs=1)
    assert bare.rows["the scale"] == bare.rows["by the estimate"]
    assert bare.rows["by the estimate"] == rows["by the estimate"]
    assert "takes 1 standard error off" in report.text()
    assert "takes 0 standard errors off" in bare.text()


def test_spades_steadiness_prints_and_refuses(capsys: pytest.CaptureFixture[str]):
    argv = ["steadiness", "--coach", "rule", "--deals", "1", "--reference", "48"]
    assert main([*argv, "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "The rule coach (24 deals a decision, 4 times" in out
    assert "false alarms" in out and "A decision took the first seed's coach" in out
    assert main([*argv, "--json", "--budget", "8", "--no-progress"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["samples"] == 8 and set(data["shares"]) == {
        "by the estimate",
        "the scale",
    }
    assert main([*argv, "--noise", "9", "--no-progress"]) == 2
    assert "noise must be from 0 to 5" in capsys.readouterr().err


@pytest.mark.parametrize("seed", [9, 12, 13, 23, 26])
def test_the_hint_says_of_the_next_best_what_its_review_would(seed: int) -> None:
    """The hint's "the next best" agrees with the rating the review would
    give that card: "so it is as good" for a card rated best (within the
    noise), "better than" for one rated worse, with the figure the rating
    reads when the noise changes it."""
    advice = Coach("search", seed=1).advise(_first_trick(seed))
    text = advice.explain()
    assert re.search("(lower|higher) in these deals|the next best|is as good", text)
    for card in advice.view.legal:
        said = card.symbol
        verdict = advice.rate(card)
        as_good = rf"; {said} (came out \d+ points? (lower|higher)|is as good)"
        if re.search(as_good, text):
            assert verdict.rating == "best", (text, verdict)
        if f"better than {said}, the next best" in text:
            assert verdict.rating != "best", (text, verdict)
            if verdict.loss - verdict.rated >= 0.5:
                assert "once the noise of the deals is taken off" in text


def test_a_review_counts_and_lists_the_loss_its_ratings_read() -> None:
    """The summary adds up the losses less the noise (a good choice is at
    most 5), and lists every flagged decision, worst rating first, even when
    a close call lost more points on average."""
    hand = Hand(seed=1)
    close = [
        Verdict(Bid(3), Bid(4), loss, "good", "close", "bid", rated=4.0)
        for loss in (12.0, 11.0, 10.0)
    ]
    flagged = Verdict(Bid(2), Bid(4), 8.0, "inaccuracy", "low", "bid", rated=6.0)
    review = Review(hand, Seat.SOUTH, "rule", [*close, flagged])
    assert review.counted_loss["good"] == 12.0
    assert review.counted_loss["inaccuracy"] == 6.0
    lines = review.summary.splitlines()
    assert "About 18 points lost in all, less the noise of the deals" in lines[0]
    assert "12 to good choices (close calls), 6 to an inaccuracy." in lines[0]
    assert lines[1:] == ["  bid: inaccuracy, -8. low"]
    # a verdict made without the loss its rating reads reads its loss
    assert Verdict(Bid(3), Bid(4), 3.0, "good", "close").rated == 3.0


def test_a_decision_whose_deals_disagree_widely_gets_more_deals() -> None:
    """Seed 6's first lead: some card's loss has a standard error over 6
    points at 40 deals, so the coach deals 160 (the first 40 and 120 more);
    seed 5's does not. The ladder's expert keeps its fixed budget."""
    from spadeslib.bots import ExpertBot
    from spadeslib.coach.coach import EXTEND, WIDE, _wide

    wide, narrow = _first_trick(6), _first_trick(5)
    fixed = Coach("search", seed=1, steady=False).advise(wide)
    assert fixed.worlds == 40 and fixed.study is not None and _wide(fixed.study)
    more = Coach("search", seed=1).advise(wide)
    assert more.worlds == EXTEND * 40 and more.study is not None
    for card, outcomes in fixed.study.outcomes.items():  # the first 40 kept
        assert more.study.outcomes[card][:40] == outcomes
    assert Coach("search", seed=1).advise(narrow).worlds == 40
    assert Coach("search", seed=1, wide=100).advise(wide).worlds == 40
    assert WIDE == 6.0
    with pytest.raises(SpadesError, match="wide must be a number of points"):
        Coach("search", wide=-1)
    assert not ExpertBot(seed=1).coach.steady


def test_a_bid_whose_deals_disagree_widely_gets_more_deals() -> None:
    """A bid's deals disagree widely (a whole hand rides on it): the first
    bid of seed 4 is dealt 160 deals, the first 40 kept, and the trick
    counts and contracts made with them; not at a fixed budget, nor where
    the standard error that counts as wide is out of reach."""
    from spadeslib.bots.studies.bids import BidStudy
    from spadeslib.coach.coach import EXTEND, _wide

    hand = Hand(seed=4, dealer="W")
    hand.apply("look")  # not blind: a bid
    fixed = Coach("search", seed=1, steady=False).advise(hand)
    assert fixed.kind == "bid" and fixed.worlds == 40
    assert isinstance(fixed.study, BidStudy) and _wide(fixed.study)
    more = Coach("search", seed=1).advise(hand)
    assert more.worlds == EXTEND * 40 and isinstance(more.study, BidStudy)
    for bid, outcomes in fixed.study.outcomes.items():
        assert more.study.outcomes[bid][:40] == outcomes
        assert len(more.study.outcomes[bid]) == EXTEND * 40
        assert more.study.tricks[bid][:40] == fixed.study.tricks[bid]
        assert len(more.study.made[bid]) == EXTEND * 40
    assert "over 160 deals" in more.explain()
    assert Coach("search", seed=1, wide=1000).advise(hand).worlds == 40


def test_steadiness_rates_bids() -> None:
    report = steadiness("rule", deals=1, seed=3, reference=48, bids=True)
    assert report.bids and report.decisions == 4  # each seat's bid
    assert report.cards > 4 * 10  # every legal bid of each
    assert "bids rated" in report.text()
