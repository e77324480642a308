"""From a :class:`~spadeslib.view.PlayerView` to the bots' small state.

Only the view is read: the seat's own cards, the public play and bids, and
what the seat itself passed, received or discarded. The other hands stay
empty (unknown).

>>> from spadeslib import Hand
>>> hand = Hand(seed=3, dealer="W")
>>> for bid in (3, 2, 4, 3): hand.apply(bid)
>>> st = state_from_view(hand.view("N"))
>>> st.hands[1], st.turn, st.bid
(0, 0, [3, 2, 4, 3])
"""

from __future__ import annotations

from ..actions import BidKind
from ..hand import Hand
from ..view import PlayerView
from .sim import State, bid_code, deck_for

__all__ = ["state_from_hand", "state_from_view"]


def state_from_view(view: PlayerView) -> State:
    """The bots' state of the hand as ``view.seat`` knows it."""
    deck = deck_for(view.rules)
    st = State(deck)
    for trick in view.tricks:
        for seat, card in trick.plays:
            st.play(int(seat), deck.id_of_card(card))
    for seat, card in view.trick:
        st.play(int(seat), deck.id_of_card(card))
    me = int(view.seat)
    st.hands[me] = deck.mask(view.hand or ())
    if view.to_move is not None:
        st.turn = int(view.to_move)
    for seat, bid in view.bids.items():
        tricks, nil = bid_code(bid)
        st.bid[int(seat)] = tricks
        st.nil[int(seat)] = nil
        if bid.kind is BidKind.BLIND_SEVEN:
            st.blind7[st.side(int(seat))] = True
    st.seen[me] = deck.mask(view.known_discards)
    if view.passed:
        st.known[me] = deck.mask(view.passed)
    if view.received and view.partner is not None:
        st.known[int(view.partner)] = deck.mask(view.received)
    sides = view.sides
    st.scores = [view.scores[sides[0]], view.scores[sides[1]]]
    st.bags = [view.bags[sides[0]], view.bags[sides[1]]]
    return st


def state_from_hand(hand: Hand) -> State:
    """The full state of an engine hand in the playing phase (every hand
    known): for tests and simulations, never for a bot's decisions."""
    deck = deck_for(hand.rules)
    st = State(deck)
    for trick in hand.tricks:
        for seat, card in trick.plays:
            st.play(int(seat), deck.id_of_card(card))
    for seat, card in hand.trick:
        st.play(int(seat), deck.id_of_card(card))
    for seat in hand.seats:
        st.hands[int(seat)] = deck.mask(hand.holding[seat])
        bid = hand.bids[seat]
        tricks, nil = bid_code(bid)
        st.bid[int(seat)] = tricks
        st.nil[int(seat)] = nil
        if bid is not None and bid.kind is BidKind.BLIND_SEVEN:
            st.blind7[st.side(int(seat))] = True
        passed = hand.exchanges.get(seat, ())
        if passed and hand.exchanges.get(seat.partner):
            st.known[int(seat)] = deck.mask(passed)
        if seat in hand.known_discards:
            st.seen[int(seat)] = deck.mask(hand.known_discards[seat])
            if seat in hand.blind_discards:
                st.seen[int(seat)] |= deck.mask(hand.blind_discards[seat][0])
    if hand.turn is not None:
        st.turn = int(hand.turn)
    sides = list(hand.scores)
    st.scores = [hand.scores[sides[0]], hand.scores[sides[1]]]
    st.bags = [hand.bags[sides[0]], hand.bags[sides[1]]]
    return st
