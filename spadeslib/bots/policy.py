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

from .sim import TRUMP, State

__all__ = ["choose_card", "partner_sure"]

WIN = 1
LOSE = -1


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _high(mask: int) -> int:
    return mask.bit_length() - 1


_LATER4 = [
    [[(seat + k) & 3 for k in range(1, 4 - pos)] for pos in range(4)]
    for seat in range(4)
]


class _Ctx:
    """What one seat knows at one decision, computed once."""

    __slots__ = (
        "_known",
        "_poss",
        "_share",
        "above",
        "below",
        "later",
        "partner",
        "seat",
        "st",
        "suit",
        "unseen",
    )

    def __init__(self, st: State, seat: int) -> None:
        self.st = st
        self.seat = seat
        deck = st.deck
        self.suit = deck.suit_mask
        self.above = deck.above
        self.below = deck.below
        known = st.known[seat] & ~st.played
        self._known = known
        self.unseen = deck.full & ~(st.played | st.hands[seat] | st.seen[seat] | known)
        if st.n == 4:
            self.partner = seat ^ 2
            self.later = _LATER4[seat][len(st.trick)]
        else:
            self.partner = -1
            self.later = [seat ^ 2] if not st.trick else []
        self._poss: list[int] | None = None
        self._share: list[float] = []

    def _fill(self) -> None:
        st = self.st
        seat = self.seat
        unseen = self.unseen
        vm = st.deck.void_mask
        voids = st.voids
        total = unseen.bit_count() or 1
        left = 13 - st.tricks_done
        gone = 0
        for x, _ in st.trick:
            gone |= 1 << x
        poss = [unseen & ~vm[voids[x]] for x in (0, 1, 2, 3)]
        share = [(left - (gone >> x & 1)) / total for x in (0, 1, 2, 3)]
        known = self._known
        if known and self.partner >= 0:
            partner = self.partner
            poss[partner] |= known
            share[partner] = max(0.0, share[partner] - known.bit_count() / total)
        poss[seat] = 0
        share[seat] = 0.0
        self._poss = poss
        self._share = share

    @property
    def poss(self) -> list[int]:
        """Cards each other seat may hold (as far as this seat knows)."""
        if self._poss is None:
            self._fill()
        return self._poss  # type: ignore[return-value]

    @property
    def share(self) -> list[float]:
        """Each other seat's share of the cards this seat has not seen."""
        if self._poss is None:
            self._fill()
        return self._share

    # ---------------------------------------------------------- estimates
    def p_void(self, x: int, t: int) -> float:
        """Chance seat ``x`` holds no card of suit ``t``."""
        m = self.poss[x] & self.suit[t]
        if not m:
            return 1.0
        if m & ~self.unseen:
            return 0.0
        return (1.0 - self.share[x]) ** m.bit_count()

    def p_hold(self, x: int, mask: int) -> float:
        """Chance seat ``x`` holds at least one card of ``mask``."""
        m = self.poss[x] & mask
        if not m:
            return 0.0
        known = m & ~self.unseen
        if known:
            return 1.0
        return 1.0 - (1.0 - self.share[x]) ** m.bit_count()

    def risk(self, card: int, x: int, led: int) -> float:
        """Chance that seat ``x``, playing later, beats ``card`` in a trick
        led with suit ``led``."""
        t = card >> 4
        px = self.poss[x]
        if t == led:
            follow = px & self.suit[led]
            p1 = self.p_hold(x, self.above[card]) if follow else 0.0
            if led == TRUMP:
                return p1
            if not px & self.suit[TRUMP]:
                return p1
            pv = self.p_void(x, led)
            p2 = pv * self.p_hold(x, self.suit[TRUMP])
            return 1.0 - (1.0 - p1) * (1.0 - p2)
        if t == TRUMP:
            pv = self.p_void(x, led)
            return pv * self.p_hold(x, self.above[card])
        return 1.0

    def certain(self, card: int, x: int, led: int) -> bool:
        """Whether seat ``x`` surely cannot beat ``card`` as far as this seat
        knows (a ruff counts only when ``x`` has shown out of the led suit)."""
        t = card >> 4
        px = self.poss[x]
        void = not (px & self.suit[led])
        if t == led:
            if not void:
                return not (px & self.above[card])
            return led == TRUMP or not (px & self.suit[TRUMP])
        if t == TRUMP:
            return not void or not (px & self.above[card])
        return False

    def opp_risk(self, card: int, led: int) -> float:
        """Chance that some later opponent beats ``card``."""
        keep = 1.0
        partner = self.partner
        for x in self.later:
            if x != partner:
                keep *= 1.0 - self.risk(card, x, led)
        return 1.0 - keep

    def safe_for_sure(self, card: int, led: int) -> bool:
        """No later opponent can beat ``card`` (as far as this seat knows)."""
        partner = self.partner
        return all(self.certain(card, x, led) for x in self.later if x != partner)


def partner_sure(st: State, seat: int) -> bool:
    """Whether the partner's card, winning the trick now, is sure to win it as
    far as ``seat`` knows (``seat`` plays last, or no later opponent can beat
    it). Overtaking or trumping such a card is a blunder."""
    if st.n != 4 or not st.trick:
        return False
    wseat, best = st.winning()
    if wseat != seat ^ 2:
        return False
    ctx = _Ctx(st, seat)
    return ctx.safe_for_sure(best, st.led)


# --------------------------------------------------------------------- play
def choose_card(st: State, seat: int) -> tuple[int, str]:
    """The rule-based card for ``seat`` (to move in ``st``) and a reason code."""
    legal = st.legal(seat)
    if not legal & (legal - 1):
        return _low(legal), "only"
    ctx = _Ctx(st, seat)
    nil = st.nil
    opp_nil = -1
    if nil[0] or nil[1] or nil[2] or nil[3]:
        won = st.tricks_won
        rules_team = st.deck.rules.nil_tricks == "team"
        if nil[seat] and (won[seat] == 0 or not rules_team):
            return _nil_play(st, seat, legal, ctx)
        partner = ctx.partner
        if partner >= 0 and nil[partner] and won[partner] == 0:
            res = _cover(st, seat, legal, ctx)
            if res is not None:
                return res
        # an opponent's nil still alive?
        for x in st.seats():
            if x != seat and x != partner and nil[x] and won[x] == 0:
                opp_nil = x
                break
    want, why = _want(st, seat, ctx)
    if opp_nil >= 0:
        res = _attack(st, seat, legal, ctx, opp_nil, want)
        if res is not None:
            return res
    if not st.trick:
        if want == WIN:
            return _lead_win(st, seat, legal, ctx)
        return _lead_lose(st, seat, legal, ctx, why)
    if want == WIN:
        return _follow_win(st, seat, legal, ctx, why)
    return _follow_lose(st, seat, legal, ctx, why)


def _my_winners(st: State, seat: int, ctx: _Ctx) -> float:
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


def _want(st: State, seat: int, ctx: _Ctx) -> tuple[int, str]:
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
def _lead_win(st: State, seat: int, legal: int, ctx: _Ctx) -> tuple[int, str]:
    suit = ctx.suit
    unseen = ctx.unseen
    above = ctx.above
    hand = st.hands[seat]
    my_trumps = (hand & suit[TRUMP]).bit_count()
    partner = ctx.partner
    opps = [x for x in st.seats() if x != seat and x != partner]
    best_score = -1e9
    best = _low(legal)
    code = "lead_low"
    for t in range(4):
        m = legal & suit[t]
        if not m:
            continue
        hi = _high(m)
        lo = _low(m)
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
    st: State, seat: int, legal: int, ctx: _Ctx, why: str
) -> tuple[int, str]:
    suit = ctx.suit
    unseen = ctx.unseen
    above = ctx.above
    below = ctx.below
    partner = ctx.partner
    best_score = -1e9
    best = _low(legal)
    for t in range(4):
        m = legal & suit[t]
        if not m:
            continue
        lo = _low(m)
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
def _discard_keep(st: State, seat: int, legal: int, ctx: _Ctx) -> int:
    """A discard that keeps winners: the lowest card of the least useful
    side suit (shortening it towards a void)."""
    suit = ctx.suit
    unseen = ctx.unseen
    above = ctx.above
    hand = st.hands[seat]
    best_score = -1e9
    best = _low(legal)
    has_trumps = bool(hand & suit[TRUMP])
    for t in range(4):
        m = legal & suit[t]
        if not m:
            continue
        lo = _low(m)
        if t == TRUMP:
            score = -100.0
        else:
            cnt = m.bit_count()
            hi = _high(m)
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


def _discard_shed(st: State, seat: int, legal: int, ctx: _Ctx) -> int:
    """A discard that sheds a future winner (when tricks are unwanted)."""
    suit = ctx.suit
    unseen = ctx.unseen
    above = ctx.above
    best_score = -1e9
    nontrump = legal & ~suit[TRUMP]
    pool = nontrump or legal
    best = _high(pool)
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


def _follow_win(
    st: State, seat: int, legal: int, ctx: _Ctx, why: str
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
                return _low(follow), "partner_winning"
            return _discard_keep(st, seat, legal, ctx), "partner_winning"
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
                    c = _high(winners)
                    if ctx.opp_risk(c, led) < danger - 0.2:
                        return c, "third_hand_high"
            return _low(follow), "partner_winning"
        trumps = legal & suit[TRUMP]
        if trumps and led != TRUMP and danger > 0.6 and best >> 4 == led:
            m = trumps
            while m:
                low = m & -m
                c = low.bit_length() - 1
                m ^= low
                if ctx.opp_risk(c, led) < 0.2:
                    return c, "ruff_protect"
        return _discard_keep(st, seat, legal, ctx), "partner_winning"
    # an opponent is winning
    if follow:
        if best >> 4 == led:
            winners = follow & above[best]
            if winners:
                if last:
                    return _low(winners), "win_cheap"
                m = winners
                while m:
                    low = m & -m
                    c = low.bit_length() - 1
                    m ^= low
                    r = ctx.opp_risk(c, led)
                    if r < (0.35 if pos == 1 else 0.25):
                        return c, "win_cheap"
                if pos == 1 and st.n == 4:
                    return _low(follow), "second_hand_low"
                c = _high(winners)
                if ctx.opp_risk(c, led) < 0.75:
                    return c, "third_hand_high"
        return _low(follow), "cannot_win"
    trumps = legal & suit[TRUMP]
    if trumps and led != TRUMP:
        over = trumps & above[best] if best >> 4 == TRUMP else trumps
        if over:
            if last:
                return _low(over), ("overruff" if best >> 4 == TRUMP else "ruff")
            m = over
            while m:
                low = m & -m
                c = low.bit_length() - 1
                m ^= low
                if ctx.opp_risk(c, led) < 0.3:
                    return c, ("overruff" if best >> 4 == TRUMP else "ruff")
            c = _low(over)
            return c, ("overruff" if best >> 4 == TRUMP else "ruff")
    return _discard_keep(st, seat, legal, ctx), "cannot_win"


def _follow_lose(
    st: State, seat: int, legal: int, ctx: _Ctx, why: str
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
                return _high(under), why
            if last:
                return _high(follow), "forced_win"
            return _low(follow), "forced_low"
        return _high(follow), why
    nontrump = legal & ~suit[TRUMP]
    if nontrump:
        return _discard_shed(st, seat, legal, ctx), why
    # only trumps left, void in the led suit
    if best >> 4 == TRUMP:
        under = legal & below[best]
        if under:
            return _high(under), why
    if last:
        return _high(legal), "forced_win"
    return _low(legal), "forced_low"


# --------------------------------------------------------------------- nils
def _nil_play(st: State, seat: int, legal: int, ctx: _Ctx) -> tuple[int, str]:
    """Play to take no trick."""
    suit = ctx.suit
    unseen = ctx.unseen
    above = ctx.above
    below = ctx.below
    if not st.trick:
        best_score = -1e9
        best = _low(legal)
        for t in range(4):
            m = legal & suit[t]
            if not m:
                continue
            lo = _low(m)
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
                return _high(under), "nil_under"
            if last:
                return _high(follow), "nil_forced"
            return _low(follow), "nil_forced_low"
        return _high(follow), "nil_under"
    nontrump = legal & ~suit[TRUMP]
    if nontrump:
        return _discard_shed(st, seat, legal, ctx), "nil_discard"
    if best >> 4 == TRUMP:
        under = legal & below[best]
        if under:
            return _high(under), "nil_under"
    if last:
        return _high(legal), "nil_forced"
    return _low(legal), "nil_forced_low"


def _cover(st: State, seat: int, legal: int, ctx: _Ctx) -> tuple[int, str] | None:
    """Protect the partner's nil, or ``None`` when this trick needs no help."""
    partner = ctx.partner
    suit = ctx.suit
    above = ctx.above
    unseen = ctx.unseen
    trick = st.trick
    if not trick:
        # lead high so that partner can play under
        best_score = -1e9
        best = _high(legal)
        for t in range(4):
            m = legal & suit[t]
            if not m:
                continue
            hi = _high(m)
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
            return _low(beat), "cover_beat"
        return None
    # partner plays after this seat: set a high bar
    follow = legal & suit[led]
    if follow:
        hi = _high(follow)
        if best >> 4 == led and hi > best:
            return hi, "cover_high"
        if best >> 4 != led:
            return _low(follow), "cover_safe"
        return _low(follow), "cover_low"
    trumps = legal & suit[TRUMP]
    if trumps and best >> 4 != TRUMP:
        if ctx.p_void(partner, led) > 0.9:
            return _high(trumps), "cover_ruff"
        return _low(trumps), "cover_ruff"
    if trumps and best >> 4 == TRUMP:
        over = trumps & above[best]
        if over:
            return _high(over), "cover_ruff"
    return None


def _attack(
    st: State, seat: int, legal: int, ctx: _Ctx, opp: int, want: int
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
            lo = _low(m)
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
                    return _high(under), "attack_under"
            else:
                return _high(follow), "attack_under"
            return None
        nontrump = legal & ~suit[TRUMP]
        if nontrump:
            return _discard_shed(st, seat, nontrump, ctx), "attack_under"
        if best >> 4 == TRUMP:
            under = legal & below[best]
            if under:
                return _high(under), "attack_under"
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
                c = _low(under)
                return c, "attack_low"
            # every card of ours beats it: play the lowest
            return _low(follow), "attack_low"
        return None
    nontrump = legal & ~suit[TRUMP]
    if nontrump:
        if want == WIN:
            return None
        return _discard_shed(st, seat, nontrump, ctx), "attack_low"
    return None
