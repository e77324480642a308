"""Fuzz: at least 10,000 random hands spread over every preset and every
modifier combination the rules allow, checking invariants at each step.

Most actions go through the unchecked fast path (``check=False``) the
simulations use; one hand in eight is played through the validated path and
must be accepted move for move.
"""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest
from test_properties import reference_score, reference_winner

from conftest import ALL_SPECS
from spadeslib import Hand, Phase, Rules, Seat

TOTAL_HANDS = 10_000
PER_COMBO = math.ceil(TOTAL_HANDS / len(ALL_SPECS))
START_SCORES = [(0, 0), (0, -100), (-150, 200), (250, 100), (480, 30), (-40, 60)]


def test_enough_hands_over_every_combination() -> None:
    assert PER_COMBO * len(ALL_SPECS) >= TOTAL_HANDS
    assert len(ALL_SPECS) >= 30


def fuzz_hand(rules: Rules, seed: int, rng: random.Random, checked: bool) -> Hand:
    seats = (Seat.NORTH, Seat.SOUTH) if rules.players == 2 else tuple(Seat)
    sides = ("NS", "EW") if rules.players == 4 else ("N", "S")
    start = rng.choice(START_SCORES)
    hand = Hand(
        rules,
        rng.choice(seats),
        seed=seed,
        scores=dict(zip(sides, start, strict=True)),
        bags={s: rng.randrange(10) for s in sides},
    )
    deck_size = len(rules.deck)
    n_seats = len(hand.seats)
    phases_seen = {hand.phase}
    steps = 0
    while not hand.is_over:
        steps += 1
        assert steps < 400, "a hand must end"
        turn = hand.turn
        assert turn is not None and turn in hand.seats
        legal = hand.legal_actions()
        assert legal, f"no legal action in {hand!r}"
        action = rng.choice(legal)
        done = len(hand.tricks)
        if checked:
            hand.apply(action)
        else:
            hand.apply(action, check=False)
        phases_seen.add(hand.phase)
        played = 4 * len(hand.tricks) + len(hand.trick) if n_seats == 4 else None
        if hand.phase is Phase.PLAYING or hand.is_over:
            held = sum(len(hand.holding[s]) for s in hand.seats)
            on_table = sum(len(t.plays) for t in hand.tricks) + len(hand.trick)
            assert held + on_table == n_seats * 13
            if played is not None:
                assert on_table == played
        if len(hand.tricks) > done:
            trick = hand.tricks[-1]
            assert len(trick.plays) == n_seats
            assert len({s for s, _ in trick.plays}) == n_seats
            assert trick.winner == reference_winner(rules, list(trick.plays))
            assert hand.is_over or hand.turn is trick.winner
    # the end: every card accounted for, 13 tricks, the score from RULES.md
    played_cards = [c for t in hand.tricks for _, c in t.plays]
    everything = (
        played_cards + list(hand.discard_pile) + list(hand.stock[hand._stock_pos :])
    )
    assert Counter(everything) == Counter(rules.deck) and len(everything) == deck_size
    assert len(hand.tricks) == 13 and sum(hand.tricks_won.values()) == 13
    assert hand.turn is None and hand.legal_actions() == []
    assert hand.result is not None
    expected = reference_score(rules, hand.bids, hand.tricks_won, hand.bags)
    assert {
        side: (s.points, s.bags_after) for side, s in hand.result.items()
    } == expected
    return hand


@pytest.mark.slow
@pytest.mark.parametrize("spec", ALL_SPECS)
def test_fuzz_random_hands(spec: str) -> None:
    rules = Rules.parse(spec)
    rng = random.Random(f"fuzz/{spec}")
    kinds: Counter[str] = Counter()
    for i in range(PER_COMBO):
        hand = fuzz_hand(rules, seed=rng.randrange(2**32), rng=rng, checked=i % 8 == 0)
        for bid in hand.bids.values():
            kinds[bid.kind.value] += 1
        kinds["exchange"] += bool(hand.exchanges)
        kinds["blind_discard"] += bool(hand.blind_discards)
    # the random hands reach the special bids each rule set offers
    assert kinds["number"] > 0
    if rules.nil:
        assert kinds["nil"] > 0
    if rules.blind_nil != "none" and rules.nil:
        assert kinds["blind_nil"] > 0
        if rules.exchange:
            assert kinds["exchange"] > 0
        if rules.blind_nil_discards:
            assert kinds["blind_discard"] > 0
    if rules.blind_seven:
        assert kinds["blind_seven"] > 0
