"""Determinization: deal the cards a seat cannot see, consistently with
everything it has seen.

A sampled *world* gives every other seat a hand of the right size, drawn from
the cards this seat has not seen, never giving a seat a card of a suit it has
shown out of, and putting the cards this seat passed to its partner in the
partner's hand. In two-player hands the cards not held by the opponent are
out of play. The bids are soft evidence: worlds are drawn in excess and kept
with probability growing with how well each hand fits its bid (a hand that
bid 5 is unlikely to hold no honours; a nil is unlikely to hold the A♠), and
under mirror and whiz a numeric bid fixes the number of spades.

>>> import random
>>> from spadeslib import Hand
>>> from spadeslib.bots.knowledge import state_from_view
>>> hand = Hand(seed=9, dealer="W")
>>> for bid in (3, 3, 3, 3): hand.apply(bid)
>>> st = state_from_view(hand.view("N"))
>>> worlds = sample_worlds(st, 0, random.Random(1), 4)
>>> [bin(w[s]).count("1") for w in worlds[:1] for s in range(4)]
[13, 13, 13, 13]
"""

from __future__ import annotations

import math
import random

from .sim import BLIND_NIL, NIL, TRUMP, State, bits
from .valuation import evaluate, nil_danger

BID_SHIFT = {4: -0.4, 2: -1.2}  # as the rule level bids (see .rule_bot)

__all__ = ["bid_weight", "sample_worlds"]

#: spread (in tricks) of a bid around what the hand is worth
BID_SIGMA = 0.8


def bid_weight(st: State, hand: int, seat: int) -> float:
    """How well an (initial) hand fits the bid ``seat`` made (1 = perfectly)."""
    deck = st.deck
    rules = deck.rules
    kind = st.nil[seat]
    if kind == BLIND_NIL or st.blind7[st.side(seat)]:
        return 1.0
    if rules.bid_rule != "free" and not kind:
        trumps = (hand & deck.suit_mask[TRUMP]).bit_count()
        return 1.0 if trumps == st.bid[seat] else 1e-6
    if kind == NIL:
        if rules.suicide:
            return 1.0
        if rules.bid_rule == "mirror":
            return 1.0 if not hand & deck.suit_mask[TRUMP] else 1e-6
        danger = nil_danger(deck, hand)
        over = max(0.0, danger - 1.0)
        return math.exp(-over * over / 0.5)
    est = evaluate(deck, hand) + BID_SHIFT[deck.players]
    diff = st.bid[seat] - est
    return math.exp(-diff * diff / (2 * BID_SIGMA * BID_SIGMA))


def _deal_once(
    rng: random.Random,
    groups: list[tuple[list[int], list[int]]],
    caps: list[int],
) -> list[int] | None:
    hands = [0, 0, 0, 0, 0]
    cap = caps[:]
    rand = rng.random
    for cards, eligible in groups:
        for c in cards:
            total = 0
            for x in eligible:
                total += cap[x]
            if total <= 0:
                return None
            r = rand() * total
            for x in eligible:
                r -= cap[x]
                if r < 0 and cap[x] > 0:
                    break
            else:
                x = next(x for x in reversed(eligible) if cap[x] > 0)
            hands[x] |= 1 << c
            cap[x] -= 1
    return hands


def sample_worlds(
    st: State,
    me: int,
    rng: random.Random,
    count: int,
    *,
    played_by: list[int] | None = None,
    bidders: list[int] | None = None,
    oversample: int = 8,
) -> list[list[int]]:
    """``count`` worlds: lists of four hand masks (the seat's own included).

    ``played_by[s]`` (cards seat ``s`` has played this hand) lets the bids
    weigh the worlds; without it, or with ``oversample=1``, worlds are drawn
    uniformly. ``bidders`` are the seats whose bids are known (default: all)."""
    mine = st.hands[me]
    unseen = st.unseen(me)
    partner = me ^ 2 if st.n == 4 else -1
    known = st.known[me] & ~st.played
    others = [s for s in st.seats() if s != me]
    caps = [0, 0, 0, 0, 0]
    for s in others:
        caps[s] = st.cards_left(s)
    if partner >= 0 and known:
        caps[partner] -= known.bit_count()
    pool = bits(unseen)
    if st.n == 2:
        caps[4] = len(pool) - caps[others[0]]
    holders = others + ([4] if st.n == 2 else [])
    groups: list[tuple[list[int], list[int]]] = []
    for t in range(4):
        cards = [c for c in pool if c >> 4 == t]
        if not cards:
            continue
        eligible = [x for x in holders if x == 4 or not st.voids[x] >> t & 1]
        groups.append((cards, eligible))
    groups.sort(key=lambda g: len(g[1]))
    relaxed = [(cards, holders) for cards, _ in groups]
    judged = [s for s in others if bidders is None or s in bidders]
    weigh = played_by is not None and oversample > 1 and bool(judged)
    draws = count * oversample if weigh else count
    worlds: list[tuple[float, list[int]]] = []
    for _ in range(draws):
        hands = None
        for _attempt in range(30):
            # cards of a group are exchangeable: each goes to a seat with
            # probability in proportion to the room left there
            hands = _deal_once(rng, groups, caps)
            if hands is not None:
                break
        if hands is None:
            hands = _deal_once(rng, relaxed, caps)
            if hands is None:  # pragma: no cover - the counts always fit
                raise RuntimeError("cannot deal the unseen cards")
        hands[me] = mine
        if partner >= 0:
            hands[partner] |= known
        world = hands[:4]
        if weigh:
            assert played_by is not None
            w = 1.0
            for s in judged:
                w *= bid_weight(st, world[s] | played_by[s], s)
            key = rng.random() ** (1.0 / max(w, 1e-12))
            worlds.append((key, world))
        else:
            worlds.append((0.0, world))
    if weigh:
        worlds.sort(key=lambda kw: kw[0], reverse=True)
    return [w for _, w in worlds[:count]]
