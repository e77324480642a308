"""Two-player bidding (RULES.md): the draw (keep or take the next), the
non-dealer bidding and leading first, Blind Nil declared before the draw
with its discards, and a recorded discard's replacements."""

from __future__ import annotations

import pytest

from conftest import (
    N,
    S,
    assert_rejected,
    script_two,
    snapshot,
)
from spadeslib import (
    KEEP,
    LOOK,
    TAKE_NEXT,
    Bid,
    Discard,
    Hand,
    IllegalAction,
    Phase,
    Rules,
)
from spadeslib.cards import Card

NUMBERS_1_13 = [Bid(n) for n in range(1, 14)]


def test_two_player_draw_keep_and_take_next() -> None:
    """Source 001: no deal; the dealer draws first; keep the top card (the next
    goes face down to the discard pile, seen by the drawer only) or discard it
    and keep the next. Players alternate until each holds 13."""
    stock = Card.parse_many(" ".join(str(c) for c in Rules("two-player").deck))
    hand = Hand("two-player", S, stock=stock)
    assert hand.phase is Phase.DRAW and hand.turn is S
    assert hand.hidden == [True, False, True, False], "both may still go blind"
    assert hand.legal_actions() == [Bid.BLIND_NIL, LOOK]
    assert_rejected(hand, KEEP, "blind-decision", "South", "keep", "Blind Nil")
    assert_rejected(hand, 3, "blind-decision", "South", "bid 3")
    hand.apply(LOOK)
    assert hand.turn is S and hand.legal_actions() == [KEEP, TAKE_NEXT]
    assert hand.view(S).drawn is stock[0]
    assert hand.view(N).drawn is None, "the opponent does not see the top card"
    hand.apply(KEEP)
    assert hand.holding[S] == (stock[0],)
    assert hand.discard_pile == [stock[1]]
    assert hand.view(S).known_discards == (stock[1],)
    assert hand.view(N).known_discards == ()
    assert hand.turn is N and hand.legal_actions() == [Bid.BLIND_NIL, LOOK]
    hand.apply(LOOK)
    assert hand.view(N).drawn is stock[2]
    hand.apply("discard")  # TAKE_NEXT: stock[2] discarded, stock[3] kept
    assert hand.holding[N] == (stock[3],)
    assert hand.discard_pile == [stock[1], stock[2]]
    assert hand.view(N).known_discards == (stock[2],)
    assert hand.view(S).known_discards == (stock[1],)
    assert_rejected(hand, Bid.BLIND_NIL, "blind-nil-before-draw", "South", "first card")
    assert_rejected(hand, LOOK, "already-looked", "South")
    assert_rejected(hand, "AS", "wrong-phase", "South", "ace of spades", "draw")
    while hand.phase is Phase.DRAW:
        hand.apply(KEEP)
    assert len(hand.holding[N]) == len(hand.holding[S]) == 13
    assert len(hand.discard_pile) == 26, "the other 26 cards are out of play"
    assert hand.draws[:2] == [True, False] and len(hand.draws) == 26
    assert hand.initial == {N: tuple(hand.holding[N]), S: tuple(hand.holding[S])}


def test_two_player_bidding_and_lead_by_non_dealer() -> None:
    """The non-dealer (second to draw) bids first and leads first; bids 0 to 13
    where 0 is Nil."""
    stock, _, plays = script_two(N, {N: 6, S: 7})
    hand = Hand("two-player", N, stock=stock)
    hand.apply(LOOK)
    while hand.phase is Phase.DRAW:
        hand.apply(LOOK if hand.hidden[hand.turn] else KEEP)
    assert hand.phase is Phase.BIDDING and hand.turn is S
    assert hand.bid_order == (S, N)
    assert hand.legal_actions() == [*NUMBERS_1_13, Bid.NIL]
    hand.apply(0)
    assert hand.bids[S] == Bid.NIL
    assert_rejected(hand, Bid.BLIND_NIL, "blind-nil-before-draw", "North", "Blind Nil")
    hand.apply(6)
    assert hand.phase is Phase.PLAYING and hand.turn is S
    for card in plays:
        hand.apply(card)
    assert hand.tricks_won == {N: 6, S: 7}
    assert len(hand.tricks) == 13 and all(len(t.plays) == 2 for t in hand.tricks)


def test_two_player_blind_nil_before_the_draw_and_discards() -> None:
    """Double nil is declared before taking the first card; after the draw that
    player may discard up to three cards, replaced at random from the discard
    pile, and must bid Blind Nil."""
    hand = Hand("two-player", N, seed=21)
    hand.apply(Bid.BLIND_NIL)
    assert N in hand.declared_blind and hand.turn is N and not hand.hidden[N]
    assert hand.legal_actions() == [KEEP, TAKE_NEXT]
    while hand.phase is Phase.DRAW:
        hand.apply(LOOK if hand.hidden[hand.turn] else TAKE_NEXT)
    assert hand.phase is Phase.BLIND_DISCARD and hand.turn is N
    legal = hand.legal_actions()
    assert len(legal) == 1 + 13 + 78 + 286  # 0 to 3 of 13 cards
    held = hand.holding[N]
    pile = list(hand.discard_pile)
    assert_rejected(hand, Discard.of(held[:4]), "blind-discard", "North", "0 to 3")
    south_card = hand.holding[S][0]
    assert_rejected(hand, Discard.of([south_card]), "card-not-held", "North")
    hand.apply(Discard.of(held[:3]))
    gone, received = hand.blind_discards[N]
    assert gone == tuple(held[:3])
    assert len(received) == 3 and set(received) <= set(pile)
    assert sorted(hand.holding[N]) == sorted([*held[3:], *received])
    assert set(gone) <= set(hand.discard_pile) and not set(received) & set(
        hand.discard_pile
    )
    assert set(gone) <= set(hand.view(N).known_discards)
    assert hand.history[-1] == (N, Discard.of(held[:3]), received)
    assert hand.phase is Phase.BIDDING and hand.turn is S
    hand.apply(3)
    assert hand.legal_actions() == [Bid.BLIND_NIL], "North declared it: must bid it"
    assert_rejected(hand, 0, "blind-nil-declared", "North", "Nil")
    hand.apply(Bid.BLIND_NIL)
    assert hand.phase is Phase.PLAYING and hand.turn is S


def test_a_recorded_blind_discard_brings_its_own_replacements() -> None:
    """``apply_discard`` takes the replacements a record lists instead of
    drawing them; wrong replacements are refused with the rule, and change
    nothing."""
    hand = Hand("two-player", N, seed=21)
    hand.apply(Bid.BLIND_NIL)
    while hand.phase is Phase.DRAW:
        hand.apply(LOOK if hand.hidden[hand.turn] else TAKE_NEXT)
    held = hand.holding[N]
    pile = sorted(hand.discard_pile)
    before = snapshot(hand)
    cases = [
        (pile[:2], f"2 given ({pile[0]}, {pile[1]})"),
        ([pile[0]] * 3, f"{pile[0]} given twice"),
        ([*pile[:2], held[0]], f"{held[0]} just thrown"),
        ([*pile[:2], held[5]], f"{held[5]} not in the pile"),
    ]
    for wrong, problem in cases:
        with pytest.raises(IllegalAction, match="North must receive 3") as info:
            hand.apply_discard(Discard.of(held[:3]), wrong)
        assert info.value.rule == "blind-discard" and info.value.seat is N
        assert str(info.value).endswith(problem), str(info.value)
        assert snapshot(hand) == before
    with pytest.raises(IllegalAction) as info:
        hand.apply_discard(Discard.of(held[:4]), pile[:4])
    assert info.value.rule == "blind-discard" and snapshot(hand) == before
    hand.apply_discard(Discard.of(held[:3]), pile[-3:])
    assert hand.blind_discards[N] == (tuple(held[:3]), tuple(pile[-3:]))
    assert sorted(hand.holding[N]) == sorted([*held[3:], *pile[-3:]])
    assert hand.phase is Phase.BIDDING


def test_two_player_discarding_nothing() -> None:
    hand = Hand("two-player", S, seed=22)
    hand.apply(LOOK)
    hand.apply(KEEP)
    hand.apply(Bid.BLIND_NIL)  # North declares at its first turn
    while hand.phase is Phase.DRAW:
        hand.apply(KEEP)
    assert hand.turn is N
    held = hand.holding[N]
    hand.apply("discard none")
    assert hand.holding[N] == held
    assert hand.blind_discards[N] == ((), ())
