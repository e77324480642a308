"""Player views: a seat sees its own cards (once looked), what is public, and
what only it learned; never another seat's cards."""

from __future__ import annotations

import dataclasses
import random

import pytest

from conftest import SPADE_COUNT_DEAL, E, N, S, W, assert_private, bid_all, play
from spadeslib import (
    KEEP,
    LOOK,
    TAKE_NEXT,
    Bid,
    Card,
    Hand,
    Phase,
    Suit,
)


def test_view_contents_during_play() -> None:
    hand = Hand("classic", W, deal=SPADE_COUNT_DEAL)
    bid_all(hand, 3, 4, 6, "nil")
    play(hand, "2H QH 2S AC 3S")
    view = hand.view(N)
    assert view.seat is N and view.seats == tuple(hand.seats)
    assert view.dealer is W and view.number == 1 and view.phase is Phase.PLAYING
    assert view.turn is W and view.legal == ()
    assert view.holding == tuple(sorted(hand.holding[N]))
    assert view.bids == {N: Bid(3), E: Bid(4), S: Bid(6), W: Bid.NIL}
    assert view.trick == ((S, Card.parse("3S")),)
    assert len(view.tricks) == 1 and view.tricks[0].winner is S
    assert view.tricks_won == {N: 0, E: 0, S: 1, W: 0}
    assert view.spades_broken
    assert view.cards_left == {N: 12, E: 12, S: 11, W: 12}
    assert view.partner is S and view.side == "NS" and view.sides == ("NS", "EW")
    assert view.played_cards() == Card.parse_many("2H QH 2S AC 3S")
    west = hand.view(W)
    assert west.legal == tuple(hand.legal_actions())
    assert west.voids()[S] == {Suit.HEARTS}
    assert west.voids()[W] == {Suit.HEARTS}
    assert west.winning() == (S, Card.parse("3S"))
    assert west.team_contract() == 4 and west.team_contract("NS") == 9
    unseen = west.unseen_cards()
    assert len(unseen) == 52 - 12 - 5
    assert not set(unseen) & set(west.holding or ())
    assert_private(hand)


def test_hidden_seat_sees_no_cards() -> None:
    hand = Hand("cards4net", S, seed=5)
    view = hand.view(W)
    assert view.holding is None and view.legal == (Bid.BLIND_NIL, LOOK)
    assert len(view.unseen_cards()) == 52
    assert_private(hand)
    hand.apply(LOOK)
    assert hand.view(W).holding is not None


def test_exchange_view() -> None:
    hand = Hand("classic", N, seed=17, scores={"NS": 0, "EW": -150})
    bid_all(hand, 3, 4, Bid.BLIND_NIL, 2)
    west_cards = hand.holding[W][:2]
    hand.apply(hand.legal_actions()[0])
    view_w, view_e = hand.view(W), hand.view(E)
    assert view_w.passed == tuple(west_cards) and view_w.received == ()
    assert view_e.passed == () and view_e.received == ()
    assert_private(hand)
    hand.apply(hand.legal_actions()[-1])
    assert hand.view(W).received == hand.exchanges[E]
    assert hand.view(E).received == hand.exchanges[W]
    assert hand.view(N).passed == () and hand.view(N).received == ()
    assert_private(hand)


def test_two_player_views() -> None:
    hand = Hand("two-player", N, seed=31)
    assert hand.view(N).holding is None and hand.view(S).holding is None
    hand.apply(LOOK)
    assert hand.view(N).holding == ()
    top = hand.view(N).drawn
    assert top is not None and hand.view(S).drawn is None
    hand.apply(TAKE_NEXT)
    assert hand.view(N).known_discards == (top,)
    assert hand.view(S).known_discards == ()
    assert_private(hand)
    hand.apply(Bid.BLIND_NIL)
    while hand.phase is Phase.DRAW:
        hand.apply(KEEP)
        assert_private(hand)
    hand.apply(hand.legal_actions()[5])
    assert_private(hand)
    with pytest.raises(ValueError, match="East does not play"):
        hand.view(E)


@pytest.mark.parametrize(
    "spec",
    [
        "cards4net",
        "classic",
        "yppedia",
        "two-player",
        "classic+jokers",
        "cards4net+whiz",
    ],
)
def test_views_never_leak_during_random_hands(spec: str) -> None:
    rng = random.Random(spec)
    for seed in range(3):
        hand = Hand(spec, N if seed % 2 else S, seed=seed, scores=None)
        if spec.startswith(("classic", "yppedia")) and seed % 2:
            hand = Hand(spec, N, seed=seed, scores={"NS": 0, "EW": -200})
        while not hand.is_over:
            assert_private(hand)
            hand.apply(rng.choice(hand.legal_actions()), check=False)
        assert_private(hand)


def test_view_is_a_snapshot() -> None:
    hand = Hand("classic", W, deal=SPADE_COUNT_DEAL)
    bid_all(hand, 3, 4, 6, "nil")
    view = hand.view(N)
    hand.apply("2H")
    assert view.turn is N and len(view.holding or ()) == 13 and view.trick == ()
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.seat = E  # type: ignore[misc]
