"""The rule-based card play: what a sound club player does with a card.

:func:`choose_card` decides for one seat of a :class:`~.sim.State` and reads
only what that seat may know: its own hand, the cards played, the voids
shown, the bids and tricks, and the cards it passed. The rule bot calls it
on a state built from a :class:`~spadeslib.view.PlayerView`; the search bot
calls it for every seat of its playouts.

It returns the card id and a short reason code; :mod:`.reasons` turns codes
into sentences.
"""

from __future__ import annotations

from .discards import discard_keep, discard_shed
from .nil_play import attack, cover, nil_doomed, nil_play
from .seat_context import LOSE, WIN, SeatContext, highest, lowest
from .sim import TRUMP, State

__all__ = ["choose_card"]


# --------------------------------------------------------------------- play
def choose_card(st: State, seat: int) -> tuple[int, str]:
    """The rule-based card for ``seat`` (to move in ``st``) and a reason code."""
    legal = st.legal(seat)
    if not legal & (legal - 1):
        return lowest(legal), "only"
    ctx = SeatContext(st, seat)
    nil = st.nil
    opp_nil = -1
    if nil[0] or nil[1] or nil[2] or nil[3]:
        won = st.tricks_won
        rules_team = st.deck.rules.nil_tricks == "team"
        if nil[seat] and not rules_team:
            return nil_play(st, seat, legal, ctx)
        if nil[seat] and won[seat] == 0:
            if not nil_doomed(st, seat):
                return nil_play(st, seat, legal, ctx)
            # the nil is lost and its tricks help the contract: play for it
            st = st.copy()
            st.nil[seat] = 0
            ctx = SeatContext(st, seat)
        partner = ctx.partner
        if _covering(st, ctx):
            res = cover(st, seat, legal, ctx)
            if res is not None:
                return res
        # an opponent's nil still alive?
        for x in st.seats():
            if x != seat and x != partner and nil[x] and won[x] == 0:
                opp_nil = x
                break
    want, why = _want(st, seat, ctx)
    if opp_nil >= 0:
        res = attack(st, seat, legal, ctx, opp_nil, want)
        if res is not None:
            return res
    if not st.trick:
        if want == WIN:
            return _lead_win(st, seat, legal, ctx)
        return _lead_lose(st, seat, legal, ctx, why)
    if want == WIN:
        return _follow_win(st, seat, legal, ctx, why)
    return _follow_lose(st, seat, legal, ctx, why)


def _my_winners(st: State, seat: int, ctx: SeatContext) -> float:
    """Rough count of tricks this seat's cards will still take."""
    hand = st.hands[seat]
    unseen = ctx.unseen
    above = ctx.above
    total = 0.0
    m = hand
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        k = (unseen & above[c]).bit_count()
        if k == 0:
            total += 1.0
        elif k == 1:
            total += 0.4
    trumps = (hand & ctx.suit[TRUMP]).bit_count()
    unseen_trumps = (unseen & ctx.suit[TRUMP]).bit_count()
    if trumps > unseen_trumps:
        total += 0.5 * (trumps - unseen_trumps)
    return total


def _want(st: State, seat: int, ctx: SeatContext) -> tuple[int, str]:
    """Whether this seat's side wants the trick in progress, and why."""
    side = st.side(seat)
    opp = 1 - side
    left = 13 - st.tricks_done
    status = st.status()
    need = status[2 * side + 1]
    my_contract = status[2 * side]
    rules = st.deck.rules
    opp_contract = status[2 * opp]
    opp_need = status[2 * opp + 1]
    # game score: the opponents win the game if they make their contract
    opp_wins = False
    if opp_contract and opp_need > 0:
        mine = st.scores[side] + 10 * my_contract
        theirs = st.scores[opp] + 10 * opp_contract
        opp_wins = theirs >= rules.target and theirs > mine
    if need > 0:
        return WIN, "need"
    if opp_contract and opp_need > 0:
        to_set = left - opp_need + 1
        if opp_wins and to_set <= left:
            return WIN, "set_game"
        potential = _my_winners(st, seat, ctx)
        if ctx.partner >= 0 and not st.nil[ctx.partner]:
            pb = st.bid[ctx.partner] - st.tricks_won[ctx.partner]
            potential += max(0, pb) * 0.8
        if to_set <= potential + 0.5:
            return WIN, "set"
    if my_contract == 0 and st.n == 4 and not opp_contract:
        return LOSE, "duck"
    if opp_contract and opp_need <= 0:
        return LOSE, "push_bags"
    return LOSE, "duck"


# ------------------------------------------------------------------ leading
def _lead_win(st: State, seat: int, legal: int, ctx: SeatContext) -> tuple[int, str]:
    suit = ctx.suit
    unseen = ctx.unseen
    above = ctx.above
    hand = st.hands[seat]
    my_trumps = (hand & suit[TRUMP]).bit_count()
    partner = ctx.partner
    opps = [x for x in st.seats() if x != seat and x != partner]
    best_score = -1e9
    best = lowest(legal)
    code = "lead_low"
    for t in range(4):
        m = legal & suit[t]
        if not m:
            continue
        hi = highest(m)
        lo = lowest(m)
        cnt = (hand & suit[t]).bit_count()
        higher = unseen & above[hi]
        if partner >= 0:
            higher &= ~(st.known[seat])
        if t != TRUMP:
            ruff = 0.0
            for x in opps:
                if ctx.poss[x] & suit[TRUMP]:
                    ruff = max(ruff, ctx.p_void(x, t))
        else:
            ruff = 0.0
        if not higher:
            if t == TRUMP:
                score = 6.0 + (2.0 if my_trumps >= 3 else 0.0)
                c, why = hi, "draw_trumps"
            else:
                score = 9.0 - 8.0 * ruff
                c, why = hi, "cash_boss"
        else:
            if t == TRUMP:
                score = 1.0 + (2.0 if my_trumps >= 4 else 0.0)
                c, why = lo, "lead_trump_low"
            else:
                score = 3.0 + 0.2 * cnt - 3.0 * ruff
                c, why = lo, "lead_low"
                if cnt == 1 and my_trumps >= 1:
                    score += 2.0
                    why = "lead_short"
                if partner >= 0 and ctx.poss[partner] & suit[TRUMP]:
                    pv = ctx.p_void(partner, t)
                    if pv > 0.9:
                        score += 3.0
                        why = "lead_partner_ruff"
                # leading away from a guarded king or queen gives it away
                if cnt >= 2 and (unseen & above[hi]).bit_count() == 1:
                    score -= 1.5
        if score > best_score:
            best_score, best, code = score, c, why
    return best, code


def _lead_lose(
    st: State, seat: int, legal: int, ctx: SeatContext, why: str
) -> tuple[int, str]:
    suit = ctx.suit
    unseen = ctx.unseen
    above = ctx.above
    below = ctx.below
    partner = ctx.partner
    best_score = -1e9
    best = lowest(legal)
    for t in range(4):
        m = legal & suit[t]
        if not m:
            continue
        lo = lowest(m)
        ab = (unseen & above[lo]).bit_count()
        bl = (unseen & below[lo]).bit_count()
        score = 2.0 * min(ab, 4) - 0.5 * bl
        if ab == 0:
            score = -20.0
        if partner >= 0 and t != TRUMP and ctx.p_void(partner, t) > 0.9:
            score -= 3.0  # partner would ruff and win it
        if t == TRUMP:
            score -= 1.0
        if score > best_score:
            best_score, best = score, lo
    return best, why


# ---------------------------------------------------------------- following
def _follow_win(
    st: State, seat: int, legal: int, ctx: SeatContext, why: str
) -> tuple[int, str]:
    suit = ctx.suit
    above = ctx.above
    led = st.led
    wseat, best = st.winning()
    pos = len(st.trick)
    last = pos == st.n - 1
    partner = ctx.partner
    follow = legal & suit[led]
    if wseat == partner:
        if last or ctx.safe_for_sure(best, led):
            if follow:
                return lowest(follow), "partner_winning"
            return discard_keep(st, seat, legal, ctx), "partner_winning"
        danger = ctx.opp_risk(best, led)
        if follow:
            winners = follow & above[best] if best >> 4 == led else 0
            if winners and danger > 0.3:
                m = winners
                while m:
                    low = m & -m
                    c = low.bit_length() - 1
                    m ^= low
                    if ctx.opp_risk(c, led) < 0.15:
                        return c, "third_hand_high"
                if danger > 0.6:
                    c = highest(winners)
                    if ctx.opp_risk(c, led) < danger - 0.2:
                        return c, "third_hand_high"
            return lowest(follow), "partner_winning"
        trumps = legal & suit[TRUMP]
        if trumps and led != TRUMP and danger > 0.6 and best >> 4 == led:
            m = trumps
            while m:
                low = m & -m
                c = low.bit_length() - 1
                m ^= low
                if ctx.opp_risk(c, led) < 0.2:
                    return c, "ruff_protect"
        return discard_keep(st, seat, legal, ctx), "partner_winning"
    # an opponent is winning
    if follow:
        if best >> 4 == led:
            winners = follow & above[best]
            if winners:
                if last:
                    return lowest(winners), "win_cheap"
                m = winners
                while m:
                    low = m & -m
                    c = low.bit_length() - 1
                    m ^= low
                    r = ctx.opp_risk(c, led)
                    if r < (0.35 if pos == 1 else 0.25):
                        return c, "win_cheap"
                if pos == 1 and st.n == 4:
                    return lowest(follow), "second_hand_low"
                c = highest(winners)
                if ctx.opp_risk(c, led) < 0.75:
                    return c, "third_hand_high"
        return lowest(follow), "cannot_win"
    trumps = legal & suit[TRUMP]
    if trumps and led != TRUMP:
        over = trumps & above[best] if best >> 4 == TRUMP else trumps
        if over:
            if last:
                return lowest(over), ("overruff" if best >> 4 == TRUMP else "ruff")
            if _covering(st, ctx) and st.need(st.side(seat)) <= _my_winners(
                st, seat, ctx
            ):
                # the partner's nil is safe on this trick and the contract
                # can wait: trump only with the lowest spade, and only if it
                # holds; keep the others to cover the nil later
                c = lowest(over)
                if ctx.opp_risk(c, led) < 0.3:
                    return c, ("overruff" if best >> 4 == TRUMP else "ruff")
                return discard_keep(st, seat, legal, ctx), "cover_keep_trumps"
            m = over
            while m:
                low = m & -m
                c = low.bit_length() - 1
                m ^= low
                if ctx.opp_risk(c, led) < 0.3:
                    return c, ("overruff" if best >> 4 == TRUMP else "ruff")
            c = lowest(over)
            return c, ("overruff" if best >> 4 == TRUMP else "ruff")
    return discard_keep(st, seat, legal, ctx), "cannot_win"


def _covering(st: State, ctx: SeatContext) -> bool:
    """Whether the partner's nil still stands (this seat covers it)."""
    partner = ctx.partner
    return partner >= 0 and bool(st.nil[partner]) and st.tricks_won[partner] == 0


def _follow_lose(
    st: State, seat: int, legal: int, ctx: SeatContext, why: str
) -> tuple[int, str]:
    suit = ctx.suit
    below = ctx.below
    led = st.led
    _, best = st.winning()
    pos = len(st.trick)
    last = pos == st.n - 1
    follow = legal & suit[led]
    if follow:
        if best >> 4 == led:
            under = follow & below[best]
            if under:
                return highest(under), why
            if last:
                return highest(follow), "forced_win"
            return lowest(follow), "forced_low"
        return highest(follow), why
    nontrump = legal & ~suit[TRUMP]
    if nontrump:
        return discard_shed(st, seat, legal, ctx), why
    # only trumps left, void in the led suit
    if best >> 4 == TRUMP:
        under = legal & below[best]
        if under:
            return highest(under), why
    if last:
        return highest(legal), "forced_win"
    return lowest(legal), "forced_low"
