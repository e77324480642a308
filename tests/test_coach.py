"""The coach: hint and review agree, reasons compare the learner's choice
with the best one, ratings follow the published scale."""

from __future__ import annotations

import re

import pytest

from spadeslib import Game, Hand, Seat
from spadeslib.actions import LOOK, Bid
from spadeslib.bots import make_bot
from spadeslib.cards import Card
from spadeslib.coach import RATINGS, THRESHOLDS, Coach, rating_for
from spadeslib.coach.coach import decision_key

SYMBOL = re.compile(r"(?:10|[2-9JQKA])[♠♥♦♣]")


def _game_2024() -> Game:
    """The table's game with seed 2024 (bots seeded as the table seeds them,
    the learner South playing as the rule level), stopped at hand 2, trick 1,
    South to play."""
    game = Game("cards4net", seed=2024)
    bots = {
        s: make_bot("rule", seed=f"{game.seed}/{s.letter}")
        for s in game.hand.seats
        if s != Seat.SOUTH
    }
    learner = make_bot("rule")
    while not (
        game.hand.number == 2
        and game.hand.phase.value == "playing"
        and game.turn == Seat.SOUTH
    ):
        seat = game.turn
        bot = learner if seat == Seat.SOUTH else bots[seat]
        game.apply(bot.act(game.view(seat)))
    return game


def test_seed_2024_hint_and_review_agree() -> None:
    game = _game_2024()
    hand = game.hand
    assert hand.number == 2 and len(hand.tricks) == 0
    view = hand.view(Seat.SOUTH)
    coach = Coach("search", seed=game.seed)
    hint = coach.advise(view)
    legal = [c for c in view.legal if isinstance(c, Card)]
    assert hint.kind == "card" and hint.best in legal
    # the learner plays a card that is not the best, then the hand ends
    # the card the first review wanted (4♥), or any card but the hint's
    others = [c for c in legal if c != hint.best]
    worst = max(others, key=lambda c: (hint.rate(c).loss, hint.values[c].mean))
    said = hint.rate(worst)
    hand.apply(worst)
    bots = {s: make_bot("rule") for s in hand.seats}
    while not hand.is_over:
        hand.apply(bots[hand.turn].act(hand.view(hand.turn)))
    # a fresh coach (nothing remembered) reviews the hand
    review = Coach("search", seed=game.seed).review(hand, Seat.SOUTH)
    first = next(v for v in review.verdicts if v.where == "trick 1")
    assert first.action == worst
    assert first.best == hint.best  # the hint's card is what the review calls best
    # rated as the hint rates it in the live position
    assert (first.rating, round(first.loss, 6)) == (said.rating, round(said.loss, 6))
    assert first.text.startswith(f"You played {worst.symbol}")
    assert hint.best.symbol in first.text
    # every verdict of the review names only the learner's card and the best one
    for verdict in review.verdicts:
        if isinstance(verdict.action, Card):
            named = set(SYMBOL.findall(verdict.text))
            assert named <= {verdict.action.symbol, verdict.best.symbol}, verdict.text
            assert verdict.text.startswith(f"You played {verdict.action.symbol}")
    # and rating the hint's card in the live position says "best"
    assert hint.rate(hint.best).rating == "best"
    assert "You played" in review.summary or review.summary.startswith("Hand 2")


def test_same_decision_same_advice_whatever_the_order() -> None:
    hand = Hand(seed=31, dealer="E")
    bots = {s: make_bot("rule") for s in hand.seats}
    views = []
    while len(views) < 6 and not hand.is_over:
        seat = hand.turn
        if hand.phase.value == "playing" and seat == Seat.NORTH:
            views.append(hand.view(seat))
        hand.apply(bots[seat].act(hand.view(seat)))
    forward = [Coach("search-lite", seed=5).advise(v).best for v in views]
    coach = Coach("search-lite", seed=5)
    backward = [coach.advise(v).best for v in reversed(views)]
    assert forward == list(reversed(backward))
    assert len({decision_key(v) for v in views}) == len(views)


def test_ratings_scale_is_published_and_ordered() -> None:
    bounds = list(THRESHOLDS.values())
    assert bounds == sorted(bounds) and list(THRESHOLDS) == list(RATINGS[:-1])
    assert [rating_for(b) for b in bounds] == list(RATINGS[:-1])
    assert rating_for(bounds[-1] + 0.01) == "blunder"


def test_bid_advice_tricks_and_nil() -> None:
    hand = Hand(seed=8, dealer="N")
    hand.apply(LOOK)
    view = hand.view(hand.turn)
    advice = Coach("rule", seed=1).advise(view)
    assert advice.kind == "bid" and advice.best in view.legal
    assert set(advice.values) == set(view.legal)
    assert advice.tricks is not None
    assert abs(sum(advice.tricks.values()) - 1) < 1e-9
    assert advice.nil_pays is not None  # cards4net: Nil is offered here
    assert advice.nil_pays.pays == (
        advice.values[Bid.NIL].mean > advice.nil_pays.numeric_value.mean
    )
    far = max((b for b in view.legal if not b.is_nil), key=lambda b: b.tricks)
    verdict = advice.rate(far)
    assert verdict.text.startswith(f"You bid {far.label()}. Best: ")
    assert verdict.rating in ("mistake", "blunder")


def test_exact_when_few_cards_and_with_every_card_known() -> None:
    hand = Hand(seed=12, dealer="W")
    bots = {s: make_bot("rule") for s in hand.seats}
    while hand.phase.value != "playing" or len(hand.tricks) < 11 or hand.trick:
        hand.apply(bots[hand.turn].act(hand.view(hand.turn)))
    seat = hand.turn
    view = hand.view(seat)
    advice = Coach("search", seed=3).advise(view, hand=hand)
    assert advice.study is not None and advice.study.solved  # type: ignore[union-attr]
    assert advice.known is not None and set(advice.known) == set(view.legal)
    if len(view.legal) > 1:
        assert "solved exactly" in advice.explain() or "exactly" in advice.explain()


def test_illegal_action_refused_with_seat_and_card() -> None:
    hand = Hand(seed=4, dealer="W")
    for bid in (3, 3, 3, 3):
        hand.apply(bid)
    view = hand.view(hand.turn)
    advice = Coach("rule", seed=1).advise(view)
    stranger = next(c for c in hand.rules.deck if c not in view.holding)
    with pytest.raises(ValueError, match=view.seat.full):
        advice.rate(stranger)


@pytest.mark.parametrize(
    ("spec", "scores"),
    [
        ("cards4net", None),
        ("classic", {"NS": 0, "EW": 300}),  # NS far behind: blind nil, exchange
        ("two-player", None),
        ("classic+jokers", {"NS": 0, "EW": 300}),
        ("cards4net+suicide", None),
    ],
)
def test_every_decision_of_every_rule_set_is_advised(
    spec: str, scores: dict[str, int] | None
) -> None:
    from spadeslib import Rules

    hand = Hand(Rules.parse(spec), seed=6, scores=scores)
    bots = {s: make_bot("rule", seed=1) for s in hand.seats}
    coach = Coach("rule", seed=1, samples=3)
    kinds = set()
    while not hand.is_over:
        seat = hand.turn
        view = hand.view(seat)
        advice = coach.advise(view)
        kinds.add(advice.kind)
        assert advice.best in view.legal
        # a decision left to the rule level's book is not rated "best"
        expected = "best" if advice.measured else "unmeasured"
        assert advice.rate(advice.best).rating == expected
        assert advice.explain()
        for action, value in advice.values.items():
            assert action in view.legal and value.low <= value.mean <= value.high
        hand.apply(bots[seat].act(view))
    assert {"bid", "card"} <= kinds
    review = coach.review(hand, hand.seats[0])
    assert all(v.loss >= 0 and v.rating in RATINGS for v in review.verdicts)
    assert review.summary.startswith(f"Hand {hand.number}")
    assert list(review) == review.verdicts and len(review) == len(review.verdicts)


@pytest.mark.parametrize(
    "spec, words",
    [
        ("expert:samples=0", "samples must be a whole number from 1 to 10000"),
        (
            "expert:exact_cards=-1",
            "exact_cards must be a whole number from 0 to 16, not -1",
        ),
        ("expert:exact_cards=99", "exact_cards must be a whole number from 0 to 16"),
        ("expert:play_weight=2", "play_weight must be above 0 and at most 1"),
        ("expert:play_weight=0", "play_weight must be above 0 and at most 1"),
    ],
)
def test_a_bad_budget_is_refused_by_name(spec: str, words: str):
    from spadeslib.errors import SpadesError

    with pytest.raises(SpadesError, match="bad options for bot 'expert': " + words):
        make_bot(spec)


def test_the_expert_reads_the_plays_the_other_levels_do_not():
    hand = Hand(seed=4, dealer="W")
    for bid in (3, 3, 3, 3):
        hand.apply(bid)
    hand.apply(hand.legal_cards()[0])
    view = hand.view(hand.turn)
    assert Coach("expert").play_weight == 0.02
    assert Coach("search").play_weight == Coach("rule").play_weight == 1.0
    plain = Coach("expert", samples=8, play_weight=1).advise(view)
    reading = Coach("expert", samples=8).advise(view)
    assert set(plain.values) == set(reading.values) == set(view.legal)


def test_a_decision_left_to_the_book_is_not_rated_and_text_is_read() -> None:
    """The two-player blind discard follows the rule level: rating it "best"
    praised keeping A♠ K♠ Q♠ on a blind nil ("as good as ..., over 0 deals")."""
    from spadeslib import Game, Phase
    from spadeslib.actions import Discard
    from spadeslib.errors import IllegalAction, SpadesError

    hand = Game("two-player", seed=0).hand
    while hand.phase is not Phase.BLIND_DISCARD:
        legal = hand.legal_actions()
        hand.apply(Bid.BLIND_NIL if Bid.BLIND_NIL in legal else legal[0])
    coach = Coach("rule", seed=1)
    advice = coach.advise(hand)  # a Hand stands for the view of the seat to move
    assert not advice.measured
    verdict = advice.rate(Discard.of(""))
    assert verdict.rating == "unmeasured" and "does not score" in verdict.text
    assert "textbook choice is to" in verdict.text and "rule level" not in verdict.text
    assert advice.explain().count("Discard") == 1  # said the action twice
    with pytest.raises(SpadesError, match="advises on a seat's view"):
        coach.advise(None)  # type: ignore[arg-type]
    with pytest.raises(SpadesError, match="reviews a Hand, not None"):
        coach.review(None, "S")  # type: ignore[arg-type]
    play = Hand(seed=4, dealer="W")
    for bid in (3, 3, 3, 3):
        play.apply(bid)
    card = coach.advise(play)
    first = play.legal_actions()[0]
    assert card.rate(str(first)).action == first  # text is read as a card
    illegal = next(c for c in play.holding[play.turn] if c not in play.legal_actions())
    # refused with the engine's reason (here: spades are not broken)
    with pytest.raises(IllegalAction, match=f"cannot lead the {illegal.name}: spades"):
        card.rate(illegal)


def test_the_bid_hint_compares_nil_with_the_bid_it_recommends() -> None:
    """The hint said "Bid 6 ... Nil does not pay: -144 against +47 for bid 5"."""
    from spadeslib.table.session import TableSession

    table = TableSession("classic", seed=2024)
    tip = table.hint()
    bid = tip.action.label()  # the table names the bid: "Hint: bid 6."
    assert not tip.reason.startswith("Bid"), tip.reason  # said once, not twice
    assert "Nil would leave your side " in tip.reason, tip.reason
    assert f"with bid {bid}: Nil does not pay" in tip.reason, tip.reason


def test_rating_a_pass_outside_the_candidates_leaves_the_advice_as_it_was() -> None:
    """An exchange the coach did not study is studied for the rating, on a new
    advice: the remembered one (shared by hint and review) does not change."""
    from itertools import combinations

    from spadeslib import Exchange, Phase

    hand = Hand("classic", "W", seed=0, scores={"NS": -200, "EW": 0})
    hand.apply(Bid.BLIND_NIL)
    while hand.phase is Phase.BIDDING:
        hand.apply(
            Bid(3) if Bid(3) in hand.legal_actions() else hand.legal_actions()[0]
        )
    assert hand.phase is Phase.EXCHANGE
    coach = Coach("rule", samples=4)
    view = hand.view(hand.turn)
    advice = coach.advise(view)
    before = dict(advice.values)
    odd = next(
        x
        for x in (Exchange(tuple(p)) for p in combinations(view.holding, 2))
        if x not in advice.values
    )
    assert advice.rate(odd).action == odd
    assert dict(advice.values) == before and coach.advise(view) is advice
