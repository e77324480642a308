"""Discards: the card to throw when a seat cannot follow suit and does not
trump, keeping its winners or shedding them."""

from __future__ import annotations

from .seat_context import SeatContext, highest, lowest
from .sim import TRUMP, State

__all__ = ["discard_keep", "discard_shed"]


def discard_keep(st: State, seat: int, legal: int, ctx: SeatContext) -> int:
    """A discard that keeps winners: the lowest card of the least useful
    side suit (shortening it towards a void)."""
    suit = ctx.suit
    unseen = ctx.unseen
    above = ctx.above
    hand = st.hands[seat]
    best_score = -1e9
    best = lowest(legal)
    has_trumps = bool(hand & suit[TRUMP])
    for t in range(4):
        m = legal & suit[t]
        if not m:
            continue
        lo = lowest(m)
        if t == TRUMP:
            score = -100.0
        else:
            cnt = m.bit_count()
            hi = highest(m)
            bosses = int(not unseen & above[hi]) + int(
                hi != lo and not unseen & above[lo]
            )
            score = -3.0 * bosses - 0.1 * ctx.st.deck.low[lo]
            if has_trumps and cnt <= 2:
                score += 1.5  # towards a void to ruff later
            if not unseen & above[lo]:
                score -= 5.0
        if score > best_score:
            best_score, best = score, lo
    return best


def discard_shed(st: State, seat: int, legal: int, ctx: SeatContext) -> int:
    """A discard that sheds a future winner (when tricks are unwanted)."""
    suit = ctx.suit
    unseen = ctx.unseen
    above = ctx.above
    best_score = -1e9
    nontrump = legal & ~suit[TRUMP]
    pool = nontrump or legal
    best = highest(pool)
    m = pool
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        k = (unseen & above[c]).bit_count()
        score = -k * 2.0 + 0.05 * ctx.st.deck.low[c]
        if score > best_score:
            best_score, best = score, c
    return best
