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

The card play is evidence too (:func:`duck_evidence`): a seat that followed
suit low, last to play or third behind its partner's low card, while an
opponent won the trick with a card of that suit, and whose side still
needed tricks, probably held nothing higher in the suit; worlds that give it
such a card are kept less often.

The other seats' plays weigh the worlds too (:func:`play_record`): replayed
in a world from the first lead, a play the rule level would not have made
there with that hand makes the world ``play_weight`` times as likely per
play. A seat that plays by the book shows its hand this way (which card it
led, which it followed with, when it trumped). Worlds that fit the plays are
found by a walk from a few of the worlds drawn (:mod:`.reading`).

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

from ..actions import BidKind
from ..cards import Card
from ..seats import Seat
from ..view import PlayerView
from .knowledge import set_public
from .reading import PER_CHAIN, PlayRecord, read_plays
from .sim import BLIND_NIL, NIL, TRUMP, State, bits, deck_for
from .valuation import evaluate, nil_danger

BID_SHIFT = {4: -0.4, 2: -1.2}  # as the rule level bids (see .rule_bot)

__all__ = [
    "DUCK_WEIGHT",
    "PlayRecord",
    "bid_weight",
    "duck_evidence",
    "play_record",
    "sample_worlds",
]

#: how much less likely a world is for each duck it contradicts, by the
#: ducking seat's place in the trick (third, fourth)
DUCK_WEIGHT = {2: 0.4, 3: 0.15}

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


def _plays(view: PlayerView) -> list[tuple[Seat, Card]]:
    """Every ``(seat, card)`` played this hand, in order."""
    return [p for t in view.tricks for p in t.plays] + list(view.trick)


def duck_evidence(view: PlayerView) -> list[tuple[int, int, float]]:
    """``(seat, cards, weight)`` items: ``seat`` probably held none of
    ``cards`` (ids) when it ducked; a world that gives it one of them (still
    in hand) is ``weight`` times as likely.

    >>> from spadeslib import Hand
    >>> hand = Hand(deal={"N": "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S",
    ...                   "E": "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H",
    ...                   "S": "AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D",
    ...                   "W": "AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C"}, dealer="W")
    >>> for bid in (1, 1, 1, 1): hand.apply(bid)
    >>> duck_evidence(hand.view("N"))
    []
    """
    rules = view.rules
    if rules.players != 4:
        return []
    deck = deck_for(rules)
    st = State(deck)
    set_public(st, view)
    plays = _plays(view)
    items: list[tuple[int, int, float]] = []
    later = [0, 0, 0, 0]
    for who, played in plays:
        later[int(who)] |= 1 << deck.id_of_card(played)
    for seat_, card_ in plays:
        seat, card = int(seat_), deck.id_of_card(card_)
        later[seat] &= ~(1 << card)
        pos = len(st.trick)
        if pos >= 2 and not st.nil[seat] and card >> 4 == st.led:
            wseat, best = st.winning()
            side = st.side(seat)
            if (
                st.side(wseat) != side
                and best >> 4 == st.led
                and card < best
                and (pos == 3 or st.trick[0][0] == seat ^ 2)
                and st.need(side) > 0
            ):
                above = deck.above[best]
                if not later[seat] & above:
                    items.append((seat, above, DUCK_WEIGHT[pos]))
        st.hands[seat] |= 1 << card
        st.play(seat, card)
    return items


def play_record(view: PlayerView) -> PlayRecord | None:
    """The play so far as evidence for ``view.seat``'s worlds, or ``None``
    when there is nothing to read (no play yet) or the other seats know what
    this seat cannot reproduce (two players; a blind nil's exchange or
    discards).

    >>> from spadeslib import Hand
    >>> hand = Hand(seed=9, dealer="W")
    >>> for bid in (3, 3, 3, 3): hand.apply(bid)
    >>> play_record(hand.view("N")) is None
    True
    >>> hand.apply(hand.legal_cards()[0])
    >>> len(play_record(hand.view("E")).plays)
    1
    """
    rules = view.rules
    if rules.players != 4:
        return None
    plays_ = _plays(view)
    if not plays_:
        return None
    deck = deck_for(rules)
    if any(bid.kind is BidKind.BLIND_NIL for bid in view.bids.values()) and (
        rules.exchange or rules.blind_nil_discards
    ):
        return None
    st = State(deck)
    set_public(st, view)
    plays = [(int(s), deck.id_of_card(c)) for s, c in plays_]
    st.turn = plays[0][0]
    return PlayRecord(st, plays)


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
    evidence: list[tuple[int, int, float]] | None = None,
    record: PlayRecord | None = None,
    play_weight: float = 1.0,
    readers: list[int] | None = None,
) -> list[list[int]]:
    """``count`` worlds: lists of four hand masks (the seat's own included).

    ``played_by[s]`` (cards seat ``s`` has played this hand) lets the bids
    weigh the worlds; without it, or with ``oversample=1``, worlds are drawn
    uniformly. ``bidders`` are the seats whose bids are known (default: all).
    ``evidence`` (from :func:`duck_evidence`) weighs worlds by the ducks seen,
    ``record`` (from :func:`play_record`) by the plays of ``readers`` (default:
    every other seat): each play the rule level would not have made
    multiplies a world's weight by ``play_weight`` (below 1), and the worlds
    come from walks (:func:`.reading.read_plays`) that start from one world
    drawn by the other evidence for every :data:`.reading.PER_CHAIN` wanted."""
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
    ducks = evidence or []
    weighable = played_by is not None and oversample > 1
    reads = weighable and record is not None and play_weight < 1.0
    weigh = weighable and (bool(judged) or bool(ducks) or reads)
    draws = count * oversample if weigh else count
    # (key, u, weight, world): weighted sampling without replacement keeps
    # the worlds of largest key u ** (1 / weight)
    worlds: list[tuple[float, float, float, list[int]]] = []
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
            for s, ducked, factor in ducks:
                if world[s] & ducked:
                    w *= factor
            u = rng.random()
            worlds.append((u ** (1.0 / max(w, 1e-12)), u, w, world))
        else:
            worlds.append((0.0, 0.0, 1.0, world))
    if weigh:
        worlds.sort(key=lambda kw: kw[0], reverse=True)
    if reads:
        assert record is not None and played_by is not None
        chains = -(-count // PER_CHAIN)
        starts = [world for *_, world in worlds[:chains]]

        def prior(seat: int, hand: int) -> float:
            w = bid_weight(st, hand | played_by[seat], seat) if seat in judged else 1.0
            for s, ducked, factor in ducks:
                if s == seat and hand & ducked:
                    w *= factor
            return math.log(max(w, 1e-300))

        return read_plays(
            st,
            starts,
            count,
            rng,
            me=me,
            record=record,
            played_by=played_by,
            readers=others if readers is None else readers,
            fixed=known,
            prior=prior,
            play_weight=play_weight,
        )
    return [world for *_, world in worlds[:count]]
