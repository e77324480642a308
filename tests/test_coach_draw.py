"""The two-player draw decided by search: the worlds, the study, the search
bot and the coach."""

from __future__ import annotations

import random

import pytest

from spadeslib import KEEP, LOOK, TAKE_NEXT, Card, Hand, Phase
from spadeslib.bots import SearchBot, make_bot
from spadeslib.bots.rule_bot import rule_decision
from spadeslib.bots.sim import bits, deck_for
from spadeslib.bots.studies.draw import draw_world, study_draw
from spadeslib.coach import Coach
from spadeslib.view import PlayerView


def draw_view(seed: int, draws: int) -> tuple[Hand, PlayerView]:
    """A two-player hand after ``draws`` rule draws, at a draw decision."""
    hand = Hand("two-player", "N", seed=seed)
    made = 0
    while hand.phase is Phase.DRAW:
        view = hand.view(hand.turn)
        if view.holding is None:
            hand.apply(LOOK)
            continue
        if made == draws:
            return hand, view
        hand.apply(rule_decision(view)[0])
        made += 1
    raise AssertionError("the draw ended first")


@pytest.mark.parametrize("seed", range(8))
def test_a_world_deals_exactly_the_unseen_cards(seed: int) -> None:
    hand, view = draw_view(seed, seed * 3)
    deck = deck_for(view.rules)
    me, opp = view.seat, view.seat.partner
    theirs, gone, stock = draw_world(view, random.Random(seed))
    known = deck.mask(view.holding or ()) | deck.mask(view.known_discards)
    known |= 1 << deck.id_of_card(view.drawn)
    assert theirs.bit_count() == len(hand.holding[opp])
    assert gone.bit_count() == len(hand.holding[opp])
    assert len(stock) == len(hand.stock) - hand._stock_pos - 1
    dealt = [*bits(theirs), *bits(gone), *stock]
    assert len(set(dealt)) == len(dealt)
    assert set(dealt) == set(bits(deck.full & ~known))
    # nothing the seat may not see reaches the world: the real cards of the
    # opponent are only drawn by chance
    assert me is not opp


def test_the_study_values_both_choices_the_same_for_a_seed() -> None:
    _, view = draw_view(3, 5)
    first = study_draw(view, random.Random(7), samples=6)
    again = study_draw(view, random.Random(7), samples=6)
    assert set(first.values) == {KEEP, TAKE_NEXT} == set(view.legal)
    assert first.outcomes == again.outcomes and first.worlds == 6
    assert all(len(v) == 6 for v in first.tricks.values())


def test_the_study_refuses_what_is_not_a_draw() -> None:
    hand = Hand(seed=4)
    with pytest.raises(ValueError, match="two-player draw"):
        study_draw(hand.view(hand.turn), random.Random(1))


def test_the_ace_of_spades_is_kept() -> None:
    ace = Card.parse("AS")
    views = (draw_view(seed, n)[1] for seed in range(6) for n in range(24))
    view = next(v for v in views if v.drawn is ace)
    study = study_draw(view, random.Random(1), samples=12)
    assert study.values[KEEP].mean > study.values[TAKE_NEXT].mean


def test_the_search_level_draws_by_search() -> None:
    _, view = draw_view(5, 4)
    bot = SearchBot(seed=1, samples=8)
    suggestion = bot.explain(view)
    assert suggestion.action in view.legal
    assert "over 8 deals it scores" in suggestion.reason
    lite = make_bot("search-lite", seed=1)
    assert "deals it scores" in lite.explain(view).reason


def test_the_coach_hint_and_review_agree_on_a_draw() -> None:
    hand, view = draw_view(2, 6)
    coach = Coach("search", seed=9, samples=10)
    advice = coach.advise(view)
    assert advice.kind == "draw" and set(advice.values) == {KEEP, TAKE_NEXT}
    assert advice.rate(advice.best).rating == "best"
    other = TAKE_NEXT if advice.best == KEEP else KEEP
    verdict = advice.rate(other)
    assert verdict.best == advice.best and verdict.loss >= 0
    hand.apply(other)
    review = coach.review(hand, view.seat)
    last = review.verdicts[-1]
    assert last.action == other and last.best == advice.best
    assert last.where == f"draw, {view.drawn.symbol} on top", "name the card"


def test_a_nil_bidders_draw_reason_says_it_wants_no_tricks() -> None:
    from spadeslib.table.app import SpadesTable

    table = SpadesTable("two-player", seed=3, speed="instant")
    assert table.bid("blind nil")
    advice = Coach("rule", seed=1).advise(table.session.game.hand)
    other = next(a for a in advice.values if a != advice.best)
    text = advice.rate(other).text
    assert "tricks on average if you " in text, text
    assert ", where your Blind Nil needs none" in text, text


def test_a_blind_nil_bidders_draw_names_the_declared_bid() -> None:
    """After a Blind Nil the draw's reason spoke of "the bid you then make",
    a bid already declared."""
    from spadeslib.table.app import SpadesTable

    table = SpadesTable("two-player", seed=3, speed="instant")
    assert table.bid("blind nil")
    coach = Coach("rule", seed=1)
    for _ in range(3):
        assert table.act(coach.advise(table.session.game.hand).best)
    advice = coach.advise(table.session.game.hand)
    other = next(a for a in advice.values if a != advice.best)
    text = advice.rate(other).text
    assert "your Blind Nil is made in 17% of deals" in text, text
    assert "the bid you then make" not in text, text
