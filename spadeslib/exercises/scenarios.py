"""Seeded building blocks for exercise scenarios: deals, played hands, bids
and trick counts, and their text pictures.

Everything here draws from a :class:`random.Random` it is given, so a
scenario is a function of the exercise's seed. Hands are played with the
engine (every action checked), by a simple seeded policy that does not depend
on the bots, so the course's exercises stay the same when the bots improve.

>>> import random
>>> from spadeslib import Rules
>>> hand = deal(Rules(), random.Random(3))
>>> sum(len(hand.holding[s]) for s in hand.seats)
52
>>> split_tricks(random.Random(1), {Seat.NORTH: 4}, total=13)[Seat.NORTH]
4
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence

from ..actions import LOOK, Action, Bid, Exchange
from ..cards import Card
from ..counting import quick_tricks
from ..display import cards_text, plural
from ..hand import Hand, Phase
from ..rules import Rules
from ..scoring import SideScore, side_seats, sides
from ..seats import Seat
from ..tricks import Trick

__all__ = [
    "bids_line",
    "bids_table",
    "deal",
    "describe_score",
    "hand_picture",
    "other_side",
    "play_to",
    "split_tricks",
    "trick_line",
]


def new_seed(rng: random.Random) -> int:
    """A fresh integer seed drawn from ``rng``."""
    return rng.randrange(2**31)


def deal(
    rules: Rules, rng: random.Random, dealer: Seat | None = None, **kwargs: object
) -> Hand:
    """A freshly dealt hand (four players) with a seeded shuffle and dealer."""
    if dealer is None:
        dealer = rng.choice(list(Seat))
    return Hand(rules, dealer, seed=new_seed(rng), **kwargs)  # type: ignore[arg-type]


# ----------------------------------------------------------------- playing
def simple_bid(hand: Hand, seat: Seat) -> Bid:
    """A sober numeric bid near the quick count, among the legal bids."""
    legal = [a for a in hand.legal_actions() if isinstance(a, Bid) and not a.is_nil]
    if not legal:
        return next(a for a in hand.legal_actions() if isinstance(a, Bid))
    want = max(1, round(quick_tricks(hand.holding[seat])))
    return min(legal, key=lambda b: (abs(b.tricks - want), b.tricks))


def policy(hand: Hand, rng: random.Random) -> Action:
    """The scenario policy: look at the cards, bid the quick count, pass the
    first two cards in an exchange, and play a random legal card."""
    seat = hand.turn
    assert seat is not None
    legal = hand.legal_actions()
    if hand.phase is Phase.BIDDING:
        if LOOK in legal:
            return LOOK
        return simple_bid(hand, seat)
    if hand.phase is Phase.EXCHANGE:
        return next(a for a in legal if isinstance(a, Exchange))
    return rng.choice(legal)


def play_to(
    hand: Hand,
    rng: random.Random,
    stop: Callable[[Hand], bool] | None = None,
    chooser: Callable[[Hand, random.Random], Action] = policy,
) -> Hand:
    """Play ``hand`` with ``chooser`` until ``stop(hand)`` or the end."""
    while not hand.is_over and not (stop is not None and stop(hand)):
        hand.apply(chooser(hand, rng))
    return hand


def split_tricks(
    rng: random.Random,
    fixed: Mapping[Seat, int],
    total: int = 13,
    seats: Iterable[Seat] = tuple(Seat),
) -> dict[Seat, int]:
    """Trick counts for ``seats`` summing to ``total``, keeping the ``fixed``
    ones; the rest are split at random."""
    seats = list(seats)
    out = {s: fixed[s] for s in seats if s in fixed}
    free = [s for s in seats if s not in fixed]
    left = total - sum(out.values())
    if left < 0 or (not free and left):
        raise ValueError("the fixed trick counts do not fit")
    for seat in free[:-1]:
        out[seat] = rng.randint(0, left)
        left -= out[seat]
    if free:
        out[free[-1]] = left
    return {s: out[s] for s in seats}


# ------------------------------------------------------------------ pictures
def hand_picture(
    holding: Mapping[Seat, Iterable[Card]] | Sequence[Iterable[Card]],
    seats: Iterable[Seat] = tuple(Seat),
) -> str:
    """One line per seat: ``North  ♠ A 10 4  ♥ K 2 ...``."""
    return "\n".join(f"  {s.full:<6}{cards_text(list(holding[s]))}" for s in seats)


def trick_line(plays: Iterable[tuple[Seat, Card]]) -> str:
    """``North 7♥, East K♥, South 2♠, West 3♥``."""
    return ", ".join(f"{s.full} {c.symbol}" for s, c in plays)


def bids_table(
    rules: Rules,
    bids: Mapping[Seat, Bid],
    tricks: Mapping[Seat, int] | None = None,
    seats: Iterable[Seat] | None = None,
) -> str:
    """A small table of bids (and tricks won), one row per seat."""
    seats = list(seats) if seats is not None else list(bids)
    head = "  seat    bid" + ("         tricks" if tricks is not None else "")
    rows = [head]
    for s in seats:
        row = f"  {s.full:<7} {bids[s].label():<11}"
        if tricks is not None:
            row += f" {tricks[s]:>6}"
        rows.append(row.rstrip())
    return "\n".join(rows)


def bids_line(hand: Hand) -> str:
    """``North 3, East Nil, ...``: the bids of a hand whose bidding is over,
    in bidding order."""
    words = []
    for seat in hand.bid_order:
        bid = hand.bids.get(seat)
        assert bid is not None, "the bidding is over"
        words.append(f"{seat.full} {bid.label()}")
    return ", ".join(words)


def side_name(side: str) -> str:
    """``"North-South"``, ``"East-West"``, or a seat's name for two players."""
    return "-".join(Seat.parse(letter).full for letter in side)


def limit_verb(bags: int, limit: int) -> str:
    """How a bag count stands to the bag limit it costs a penalty at:
    ``"reaches"`` it exactly, or ``"passes"`` it.

    >>> limit_verb(10, 10), limit_verb(11, 10)
    ('reaches', 'passes')
    """
    return "reaches" if bags == limit else "passes"


def describe_score(
    rules: Rules, score: SideScore, bids: Mapping[Seat, Bid], tricks: Mapping[Seat, int]
) -> str:
    """A step-by-step account of how a side scored a hand.

    >>> from spadeslib import Bid, Rules, Seat, score_hand
    >>> rules = Rules("cards4net", bag_limit=8)
    >>> bids = dict(zip(Seat, map(Bid, [3, 3, 4, 3]), strict=True))  # N E S W
    >>> tricks = dict(zip(Seat, [0, 7, 0, 6], strict=True))
    >>> scores = score_hand(rules, bids, tricks, {"EW": 3})
    >>> print(describe_score(rules, scores["NS"], bids, tricks))
    Contract 7 = 3 (North) + 4 (South); 0 tricks count: set, -70.
    Total for North-South: -70.
    >>> print(describe_score(rules, scores["EW"], bids, tricks))
    Contract 6 = 3 (East) + 3 (West); 13 tricks count: made, +60 + 7 overtricks = +67.
    Bags: 3 + 7 = 10, which passes the limit of 8: 1 penalty of 100 (-100), 2 carried.
    Total for East-West: -33.
    """
    seats = side_seats(rules, score.side)
    lines = []
    numeric = [s for s in seats if not bids[s].is_nil]
    if score.contract == 0:
        lines.append(
            "No tricks bid (contract 0): nothing for the contract, and no bags."
        )
    else:
        parts = " + ".join(f"{bids[s].tricks} ({s.full})" for s in numeric)
        if any(bids[s] == Bid.BLIND_SEVEN for s in seats):
            parts = "Blind Seven"
        counts = "counts" if score.counted_tricks == 1 else "count"
        counted = f"{plural(score.counted_tricks, 'trick')} {counts}"
        nil_won = [s for s in seats if bids[s].is_nil and tricks[s]]
        if nil_won:  # say whether a nil bidder's tricks are in the count
            who = " and ".join(
                f"{s.full}'s {plural(tricks[s], 'trick')}" for s in nil_won
            )
            if score.counted_tricks != score.tricks:
                verb = "does" if len(nil_won) == 1 and tricks[nil_won[0]] == 1 else "do"
                counted += (
                    f" ({who} as nil bidder {verb} not count under {rules.preset})"
                )
            else:
                counted += f" ({who} as nil bidder included under {rules.preset})"
        if score.made:
            value = score.contract_points - score.overtricks
            over = (
                f" + {plural(score.overtricks, 'overtrick')} = "
                f"{score.contract_points:+d}"
                if score.overtricks
                else ""
            )
            lines.append(
                f"Contract {score.contract} = {parts}; {counted}: made, "
                f"{value:+d}{over}."
            )
        else:
            soften = ""
            if score.counted_tricks:
                soften = " (the tricks won do not soften a set)"
            lines.append(
                f"Contract {score.contract} = {parts}; {counted}: set, "
                f"{score.contract_points:+d}{soften}."
            )
    for nil in score.nils:
        verdict = "made" if nil.made else f"failed ({plural(nil.tricks, 'trick')})"
        lines.append(f"{nil.seat.full}'s {nil.bid.label()} {verdict}: {nil.points:+d}.")
    if score.nil_trick_bags:
        bags = score.nil_trick_bags
        are = "is a bag" if bags == 1 else "are bags"
        lines.append(
            f"Under {rules.preset} the failed nil's {plural(bags, 'trick')} "
            f"{are}: +{bags}."
        )
    if score.bags_gained or score.penalties:
        total = score.bags_before + score.bags_gained
        text = f"Bags: {score.bags_before} + {score.bags_gained} = {total}"
        if score.penalties:
            verb = limit_verb(total, rules.bag_limit)
            text += (
                f", which {verb} the limit of {rules.bag_limit}: "
                f"{plural(score.penalties, 'penalty', 'penalties')} of "
                f"{rules.bag_penalty} ({-score.penalty_points:+d}), "
                f"{score.bags_after} carried"
            )
        lines.append(text + ".")
    lines.append(f"Total for {side_name(score.side)}: {score.points:+d}.")
    return "\n".join(lines)


def other_side(side: str) -> str:
    """The other partnership: ``"EW"`` for ``"NS"`` and back."""
    return "EW" if side == "NS" else "NS"


def bag_text(rules: Rules, bags: Mapping[str, int]) -> str:
    """``"Bags carried in: NS 3, EW 7."``"""
    return (
        "Bags carried into this hand: "
        + ", ".join(f"{s} {bags.get(s, 0)}" for s in sides(rules))
        + "."
    )


def rules_text(rules: Rules) -> str:
    """The rule set's spec, with any house-rule overrides spelled out.

    >>> rules_text(Rules("classic", bag_limit=5, bag_penalty=50))
    'classic (house rules: bag_limit=5, bag_penalty=50)'
    """
    data = rules.to_json()
    if isinstance(data, str):
        return data
    extra = ", ".join(
        f"{k}={v}" for k, v in data.items() if k not in ("preset", "modifiers")
    )
    return f"{rules.spec} (house rules: {extra})"


def position(
    rules: Rules, rng: random.Random, want: Callable[[Hand], bool], tries: int = 200
) -> Hand:
    """A hand played (by :func:`policy`) up to the first moment ``want(hand)``
    holds; hands are dealt again from ``rng`` until one gets there.

    >>> from spadeslib import Phase
    >>> hand = position(Rules(), random.Random(2),
    ...                 lambda h: h.phase is Phase.PLAYING and len(h.tricks) == 3)
    >>> len(hand.tricks), hand.trick
    (3, ())
    """
    for _ in range(tries):
        hand = deal(rules, rng)
        while not hand.is_over:
            if want(hand):
                return hand
            hand.apply(policy(hand, rng))
    raise RuntimeError("no position found")  # pragma: no cover


def tricks_text(tricks: Iterable[Trick], winners: bool = True, start: int = 1) -> str:
    """One line per finished trick: ``Trick 1: North 7♥, East K♥, ... -> East``."""
    lines = []
    for i, trick in enumerate(tricks, start):
        won = (
            f"  (won by {trick.winner.full})"
            if winners and trick.winner is not None
            else ""
        )
        lines.append(f"  Trick {i}: {trick_line(trick.plays)}{won}")
    return "\n".join(lines)


def cap(text: str) -> str:
    """Capitalise the first letter only (``str.capitalize`` lowers the rest)."""
    return text[:1].upper() + text[1:]


def _low_key(rules: Rules) -> Callable[[Card], tuple[bool, int]]:
    return lambda c: (rules.is_trump(c), rules._power[c.index])


def sensible(hand: Hand, rng: random.Random, nil_seats: Iterable[Seat] = ()) -> Action:
    """A plausible club player, simpler than the bots and independent of them:
    bids the quick count (Nil for ``nil_seats``), wins cheaply or plays low,
    leaves a partner's winning card alone, and ducks when it bid Nil."""
    seat = hand.turn
    assert seat is not None
    nil_seats = set(nil_seats)
    rules = hand.rules
    if hand.phase is Phase.BIDDING:
        actions = hand.legal_actions()
        if LOOK in actions:
            return LOOK
        if seat in nil_seats and Bid.NIL in actions:
            return Bid.NIL
        return simple_bid(hand, seat)
    if hand.phase is not Phase.PLAYING:
        return policy(hand, rng)
    legal = hand.legal_cards()
    low = _low_key(rules)
    bid = hand.bids.get(seat)
    nil = bid is not None and bid.is_nil
    if not hand.trick:
        return min(legal, key=low) if nil else rng.choice(legal)
    from ..tricks import trick_winner

    leader_seat = trick_winner(rules, hand.trick)
    winners = [
        c for c in legal if trick_winner(rules, [*hand.trick, (seat, c)]) == seat
    ]
    losers = [c for c in legal if c not in winners]
    if nil:
        return max(losers, key=low) if losers else min(legal, key=low)
    if leader_seat == seat.partner and rules.players == 4:
        return min(losers or legal, key=low)
    if winners and rng.random() < 0.75:
        return min(winners, key=low)
    return min(losers or legal, key=low)


def played_hand(
    rules: Rules, rng: random.Random, tricks: int, nil_first: bool = False
) -> tuple[Hand, set[Seat]]:
    """A hand played sensibly until ``tricks`` tricks are done. With
    ``nil_first``, one of the first two bidders bids Nil (and ducks)."""
    hand = deal(rules, rng)
    nils: set[Seat] = set()
    if nil_first:
        nils = {hand.bid_order[rng.randint(0, 1)]}
    while not hand.is_over and len(hand.tricks) < tricks:
        hand.apply(sensible(hand, rng, nils), check=False)
    return hand, nils
