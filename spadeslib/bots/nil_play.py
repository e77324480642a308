"""Nil play: the nil bidder ducking, its partner covering, the opponents
attacking a nil that still stands."""

from __future__ import annotations

from .discards import discard_shed
from .seat_context import WIN, SeatContext, highest, lowest
from .sim import TRUMP, State

__all__ = ["attack", "cover", "nil_play"]


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
            others = [x for x in st.seats() if x != seat]
            ab = 0
            for x in others:
                ab |= ctx.poss[x] & above[lo]
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
        return discard_shed(st, seat, legal, ctx), "nil_discard"
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
    if trumps and best >> 4 != TRUMP:
        if ctx.p_void(partner, led) > 0.9:
            return highest(trumps), "cover_ruff"
        return lowest(trumps), "cover_ruff"
    if trumps and best >> 4 == TRUMP:
        over = trumps & above[best]
        if over:
            return highest(over), "cover_ruff"
    return None


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
        return discard_shed(st, seat, nontrump, ctx), "attack_low"
    return None
