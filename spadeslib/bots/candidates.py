"""The cards worth trying at a decision: one card per run of equivalent
cards (no card the seat has not seen lies between them), the card standing
for a given one, and the cards each seat has played this hand.

>>> from spadeslib import Hand
>>> from spadeslib.bots.knowledge import state_from_view
>>> hand = Hand(seed=4, dealer="W")
>>> for bid in (3, 3, 3, 3): hand.apply(bid)
>>> st = state_from_view(hand.view(hand.turn))
>>> len(candidates(st, int(hand.turn))) <= len(hand.legal_cards())
True
"""

from __future__ import annotations

from ..view import PlayerView
from .sim import Deck, State, bits

__all__ = ["candidates", "played_by_seat", "representative", "separating"]


def candidates(st: State, seat: int) -> list[int]:
    """The legal cards, one per run of equivalent cards (no unseen card
    between them), lowest of each run."""
    deck = st.deck
    legal = st.legal(seat)
    unseen_or_known = separating(st, seat)
    out: list[int] = []
    prev = -1
    for c in bits(legal):
        if prev >= 0 and prev >> 4 == c >> 4:
            between = deck.above[prev] & deck.below[c]
            if not between & unseen_or_known:
                continue
        out.append(c)
        prev = c
    # `prev` tracks the representative: a run is continued by the next card
    return out


def separating(st: State, seat: int) -> int:
    """Cards that separate two of ``seat``'s cards: any card not in its hand
    and not played to an earlier trick (cards in the current trick count,
    since they decide who wins it)."""
    current = 0
    for _, c in st.trick:
        current |= 1 << c
    return st.deck.full & ~(st.hands[seat] | (st.played & ~current))


def representative(st: State, seat: int, card: int, cands: list[int]) -> int:
    """The candidate standing for ``card`` (the lowest of its run)."""
    if card in cands:
        return card
    deck = st.deck
    gap = separating(st, seat)
    best = card
    for c in cands:
        if (
            c >> 4 == card >> 4
            and c < card
            and not deck.above[c] & deck.below[card] & gap
        ):
            best = c
    return best


def played_by_seat(view: PlayerView, deck: Deck) -> list[int]:
    """Per seat, the mask of the cards it has played this hand (the current
    trick included)."""
    out = [0, 0, 0, 0]
    for trick in view.tricks:
        for s, c in trick.plays:
            out[int(s)] |= 1 << deck.id_of_card(c)
    for s, c in view.trick:
        out[int(s)] |= 1 << deck.id_of_card(c)
    return out
