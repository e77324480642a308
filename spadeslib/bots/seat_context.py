"""What one seat knows at one card decision, and the chances it reads from it.

:class:`SeatContext` gathers, once per decision, the cards the seat has not
seen and which other seat may hold each of them (voids shown, cards passed
to the partner), and estimates from them: the chance a seat is void in a
suit, holds one of some cards, or beats a card played now. The rule-based
card play (:mod:`.policy`, :mod:`.nil_play`, :mod:`.discards`) decides with
these estimates; :func:`partner_sure` is also the match's test for a
blunder.
"""

from __future__ import annotations

from .sim import TRUMP, State

__all__ = ["LOSE", "WIN", "SeatContext", "highest", "lowest", "partner_sure"]

#: the seat wants to win the trick
WIN = 1
#: the seat wants to lose it
LOSE = -1


def lowest(mask: int) -> int:
    """The lowest card id in ``mask`` (not empty).

    >>> lowest(0b10100)
    2
    """
    return (mask & -mask).bit_length() - 1


def highest(mask: int) -> int:
    """The highest card id in ``mask`` (not empty).

    >>> highest(0b10100)
    4
    """
    return mask.bit_length() - 1


_LATER4 = [
    [[(seat + k) & 3 for k in range(1, 4 - pos)] for pos in range(4)]
    for seat in range(4)
]


class SeatContext:
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
        poss = self._poss
        if poss is None:
            self._fill()
            poss = self._poss
            assert poss is not None  # _fill sets it
        return poss

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
    ctx = SeatContext(st, seat)
    return ctx.safe_for_sure(best, st.led)
