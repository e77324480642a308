"""Nil play: the nil bidder ducking, its partner covering, the opponents
attacking a nil that still stands."""

from __future__ import annotations

from .discards import discard_shed
from .seat_context import WIN, SeatContext, highest, lowest
from .sim import TRUMP, State

__all__ = ["attack", "cover", "forceable", "nil_discard", "nil_doomed", "nil_play"]


def forceable(ctx: SeatContext, card: int) -> int:
    """The cards below ``card`` in its suit that some other seat may still
    hold: a low lead or a low card under it can force it to win a trick
    (none: it wins only if its holder leads it).

    >>> from spadeslib import Card, Hand
    >>> from spadeslib.bots.knowledge import state_from_view
    >>> hand = Hand(deal={"N": "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2H",
    ...                   "E": "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2S",
    ...                   "S": "AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D",
    ...                   "W": "AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C"}, dealer="W")
    >>> for bid in (3, 3, 3, 3): hand.apply(bid)
    >>> st = state_from_view(hand.view("N"))
    >>> ctx = SeatContext(st, 0)  # North: only the 2♠ is below its 5♠
    >>> [forceable(ctx, st.deck.id_of_card(Card.parse(c))).bit_count()
    ...  for c in ("5S", "2H")]
    [1, 0]
    """
    return _held_by_others(ctx, ctx.below[card])


def _held_by_others(ctx: SeatContext, mask: int) -> int:
    """The cards of ``mask`` that some seat other than ``ctx.seat`` may
    still hold."""
    out = 0
    for x in ctx.st.seats():
        if x != ctx.seat:
            out |= ctx.poss[x] & mask
    return out


def nil_discard(st: State, seat: int, legal: int, ctx: SeatContext) -> int:
    """The nil bidder's discard: the card others can most easily force to
    win (many cards below it left to them, few above it to beat it)."""
    suit = ctx.suit
    pool = legal & ~suit[TRUMP] or legal
    low = st.deck.low
    best_score = -1e9
    best = highest(pool)
    m = pool
    while m:
        bit = m & -m
        c = bit.bit_length() - 1
        m ^= bit
        under = forceable(ctx, c).bit_count()
        if under:
            over = _held_by_others(ctx, ctx.above[c]).bit_count()
            score = min(under, 4) + 3.0 / (1 + over) + 0.05 * low[c]
        else:  # wins only if led: safe unless the nil must lead it
            score = -10.0 + 0.05 * low[c]
        if score > best_score:
            best_score, best = score, c
    return best


def nil_doomed(st: State, seat: int) -> bool:
    """Whether ``seat``'s spades are sure to take a trick: each spade left to
    the others beats at most one of them (the nil is then lost)."""
    trumps = st.deck.suit_mask[TRUMP]
    hand = st.hands[seat] & trumps
    if not hand:
        return False
    on_table = 0
    for _, c in st.trick:
        on_table |= 1 << c
    others = trumps & ~st.hands[seat] & (~st.played | on_table)
    free = 0
    m = hand | others
    while m:
        i = m.bit_length() - 1
        bit = 1 << i
        m ^= bit
        if bit & others:
            free += 1
        elif free:
            free -= 1
        else:
            return True
    return False


def nil_play(st: State, seat: int, legal: int, ctx: SeatContext) -> tuple[int, str]:
    """Play to take no trick."""
    suit = ctx.suit
    unseen = ctx.unseen
    above = ctx.above
    below = ctx.below
    if not st.trick:
        best_score = -1e9
        best = lowest(legal)
        for t in range(4):
            m = legal & suit[t]
            if not m:
                continue
            lo = lowest(m)
            ab = _held_by_others(ctx, above[lo])
            bl = (unseen & below[lo]).bit_count()
            score = min(ab.bit_count(), 6) - 1.5 * bl if ab else -100.0
            if t == TRUMP:
                score -= 2.0
            if score > best_score:
                best_score, best = score, lo
        return best, "nil_lead_low"
    led = st.led
    _, best = st.winning()
    pos = len(st.trick)
    last = pos == st.n - 1
    follow = legal & suit[led]
    if follow:
        if best >> 4 == led:
            under = follow & below[best]
            if under:
                return highest(under), "nil_under"
            if last:
                return highest(follow), "nil_forced"
            return lowest(follow), "nil_forced_low"
        return highest(follow), "nil_under"
    nontrump = legal & ~suit[TRUMP]
    if nontrump:
        c = nil_discard(st, seat, legal, ctx)
        return c, ("nil_discard" if forceable(ctx, c) else "nil_discard_safe")
    if best >> 4 == TRUMP:
        under = legal & below[best]
        if under:
            return highest(under), "nil_under"
    if last:
        return highest(legal), "nil_forced"
    return lowest(legal), "nil_forced_low"


def cover(st: State, seat: int, legal: int, ctx: SeatContext) -> tuple[int, str] | None:
    """Protect the partner's nil, or ``None`` when this trick needs no help."""
    partner = ctx.partner
    suit = ctx.suit
    above = ctx.above
    unseen = ctx.unseen
    trick = st.trick
    if not trick:
        # lead high so that partner can play under
        best_score = -1e9
        best = highest(legal)
        for t in range(4):
            m = legal & suit[t]
            if not m:
                continue
            hi = highest(m)
            k = (unseen & above[hi]).bit_count()
            score = -2.0 * k
            pv = ctx.p_void(partner, t)
            score += 3.0 * pv
            if t == TRUMP:
                score -= 1.0
            if score > best_score:
                best_score, best = score, hi
        return best, "cover_lead_high"
    led = st.led
    wseat, best = st.winning()
    played = any(s == partner for s, _ in trick)
    if played:
        if wseat != partner:
            return None
        follow = legal & suit[led]
        if follow:
            beat = follow & above[best] if best >> 4 == led else 0
        else:
            trumps = legal & suit[TRUMP]
            beat = trumps & above[best] if best >> 4 == TRUMP else trumps
        if beat:
            return lowest(beat), "cover_beat"
        return None
    # partner plays after this seat: set a high bar
    follow = legal & suit[led]
    if follow:
        hi = highest(follow)
        if best >> 4 == led and hi > best:
            return hi, "cover_high"
        if best >> 4 != led:
            return lowest(follow), "cover_safe"
        return lowest(follow), "cover_low"
    trumps = legal & suit[TRUMP]
    if trumps and ctx.p_void(partner, led) > 0.9 and _holds_side_card(st, ctx):
        return None  # partner, out of the suit, throws a side card
    if trumps and best >> 4 != TRUMP:
        if ctx.p_void(partner, led) > 0.9:
            return highest(trumps), "cover_ruff"
        return lowest(trumps), "cover_ruff"
    if trumps and best >> 4 == TRUMP:
        over = trumps & above[best]
        if over:
            return highest(over), "cover_ruff"
    return None


def _holds_side_card(st: State, ctx: SeatContext) -> bool:
    """Whether the partner (to play after this seat) almost surely holds a
    card other than a spade, to throw on a trick it cannot follow."""
    partner = ctx.partner
    spades = ctx.poss[partner] & ctx.suit[TRUMP]
    if spades.bit_count() < 13 - st.tricks_done:
        return True  # too few spades left to fill its hand
    only_spades = 1.0
    for t in range(4):
        if t != TRUMP:
            only_spades *= ctx.p_void(partner, t)
    return only_spades < 0.1


def _nil_safe(st: State, ctx: SeatContext, opp: int) -> bool:
    """Whether the nil bidder ``opp`` (to play later) cannot beat the card
    winning the trick: nothing it may hold in the led suit is above it."""
    led = st.led
    _, best = st.winning()
    poss = ctx.poss[opp]
    if best >> 4 != led:
        return False
    return bool(poss & ctx.suit[led]) and not poss & ctx.above[best]


def attack(
    st: State, seat: int, legal: int, ctx: SeatContext, opp: int, want: int
) -> tuple[int, str] | None:
    """Try to make an opponent's nil fail, or ``None`` to play normally."""
    suit = ctx.suit
    above = ctx.above
    below = ctx.below
    trick = st.trick
    left = 13 - st.tricks_done
    need = st.need(st.side(seat))
    if not trick:
        if need >= left:
            return None
        best_score = -1e9
        best = -1
        for t in range(4):
            m = legal & suit[t]
            if not m or not ctx.poss[opp] & suit[t]:
                continue
            lo = lowest(m)
            under = (ctx.poss[opp] & below[lo]).bit_count()
            over = (ctx.poss[opp] & above[lo]).bit_count()
            if not over:
                continue
            score = over - 3.0 * under
            if t == TRUMP:
                score -= 1.0
            if score > best_score:
                best_score, best = score, lo
        if best < 0:
            return None
        return best, "attack_lead_low"
    led = st.led
    wseat, best = st.winning()
    played = any(s == opp for s, _ in trick)
    follow = legal & suit[led]
    if played:
        if wseat != opp:
            return None
        if follow:
            if best >> 4 == led:
                under = follow & below[best]
                if under:
                    return highest(under), "attack_under"
            else:
                return highest(follow), "attack_under"
            return None
        nontrump = legal & ~suit[TRUMP]
        if nontrump:
            return discard_shed(st, seat, nontrump, ctx), "attack_under"
        if best >> 4 == TRUMP:
            under = legal & below[best]
            if under:
                return highest(under), "attack_under"
        return None
    # the nil bidder plays after this seat: keep the trick low for them
    if need >= left - 1 and want == WIN:
        return None
    if not ctx.poss[opp] & suit[led]:
        return None
    if _nil_safe(st, ctx, opp):
        # the nil is safe on this trick: while the side wants no trick,
        # drop a high card and keep the low ones to lead under the nil
        under = follow & below[best] & ~(follow & -follow)
        if want == WIN or not under:
            return None
        return highest(under), "attack_keep_low"
    if follow:
        if best >> 4 == led:
            under = follow & below[best]
            if under:
                c = lowest(under)
                return c, "attack_low"
            # every card of ours beats it: play the lowest
            return lowest(follow), "attack_low"
        return None
    nontrump = legal & ~suit[TRUMP]
    if nontrump:
        if want == WIN:
            return None
        return discard_shed(st, seat, nontrump, ctx), "attack_discard"
    return None
