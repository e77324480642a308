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
from ..rules import Rules
from ..tricks import Trick
from ..view import PlayerView
from .sim import Deck, State, bid_code, deck_for

__all__ = ["set_public", "state_from_hand", "state_from_view"]

# The public state after the finished tricks, for the last tricks tuple seen
# with each deck. A hand shares one tuple of finished tricks with every view
# until the next trick ends, and the next tuple extends it: a bot's decision
# then replays at most one trick instead of the whole hand.
_AFTER_TRICKS: dict[int, tuple[Deck, tuple[Trick, ...], State]] = {}
_LAST_DECK: list[tuple[Rules, Deck]] = []


def _deck(rules: Rules) -> Deck:
    """``deck_for(rules)``, remembering the last rules by identity (hashing
    a :class:`Rules` value costs more than the rest of a decision)."""
    if _LAST_DECK and _LAST_DECK[0][0] is rules:
        return _LAST_DECK[0][1]
    deck = deck_for(rules)
    _LAST_DECK[:] = [(rules, deck)]
    return deck


def _after_tricks(deck: Deck, tricks: tuple[Trick, ...]) -> State:
    """A new state holding only the public play of ``tricks``."""
    memo = _AFTER_TRICKS.get(id(deck))
    if memo is not None and memo[0] is deck:
        done, st = memo[1], memo[2]
        if done is tricks:
            return st.copy()
        if len(done) <= len(tricks) and all(
            a is b for a, b in zip(done, tricks, strict=False)
        ):
            st = st.copy()
            new = tricks[len(done) :]
        else:
            st, new = State(deck), tricks
    else:
        st, new = State(deck), tricks
    for trick in new:
        for seat, card in trick.plays:
            st.play(int(seat), deck.id_of_card(card))
    _AFTER_TRICKS[id(deck)] = (deck, tricks, st)
    return st.copy()


def state_from_view(view: PlayerView) -> State:
    """The bots' state of the hand as ``view.seat`` knows it."""
    deck = _deck(view.rules)
    tricks = view.tricks
    if tricks.__class__ is tuple:
        st = _after_tricks(deck, tricks)
    else:  # a view built by hand with a list: replay it all
        st = State(deck)
        for trick in tricks:
            for seat, card in trick.plays:
                st.play(int(seat), deck.id_of_card(card))
    for seat, card in view.trick:
        st.play(int(seat), deck.id_of_card(card))
    me = int(view.seat)
    st.hands[me] = deck.mask(view.holding or ())
    if view.turn is not None:
        st.turn = int(view.turn)
    st.seen[me] = deck.mask(view.known_discards)
    set_public(st, view)
    return st


def set_public(st: State, view: PlayerView) -> None:
    """Copy into ``st`` what ``view.seat`` knows besides the cards: the
    bids, the cards passed to and from its partner, the scores and bags."""
    deck = st.deck
    for seat, bid in view.bids.items():
        tricks, nil = bid_code(bid)
        st.bid[int(seat)] = tricks
        st.nil[int(seat)] = nil
        if bid.kind is BidKind.BLIND_SEVEN:
            st.blind7[st.side(int(seat))] = True
    if view.passed:
        st.known[int(view.seat)] = deck.mask(view.passed)
    if view.received and view.partner is not None:
        st.known[int(view.partner)] = deck.mask(view.received)
    sides = view.sides
    st.scores = [view.scores[sides[0]], view.scores[sides[1]]]
    st.bags = [view.bags[sides[0]], view.bags[sides[1]]]


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
    holding, bids = hand.holding, hand.bids
    for seat in hand.seats:
        st.hands[int(seat)] = deck.mask(holding[seat])
        bid = bids.get(seat)
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
