"""Which bids a seat may make, and why a bid is refused.

Functions of the rules and plain values, gathered in a :class:`BidSituation`
(the seat, the bidding order, the bids so far, the seat's cards and the
scores): they never see a hand. The hand builds a situation for the seat to
bid, and so can teaching code that wants the reasons.

>>> from spadeslib import Rules, Seat, Bid
>>> N, E, S, W = Seat
>>> rules = Rules("cards4net")
>>> south = BidSituation(rules, S, (E, S, W, N), (Bid(4), None, None, Bid(3)),
...                      bid_count=2, held=(), scores={"NS": 0, "EW": 0})
>>> legal_bids(south)[-1], refuse_bid(south, Bid.NIL)[0].value
(Bid(13), 'nil-after-partner')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from .actions import Bid, BidKind
from .cards import Card
from .rule_ids import RuleId
from .rules import Rules, bid_words
from .seats import SIDES, Seat

__all__ = [
    "BidSituation",
    "bid_words",
    "blind_options",
    "forced_bids",
    "legal_bids",
    "look_refusal",
    "may_go_blind",
    "refuse_bid",
    "restricting_rule",
    "trailing",
    "trumps_held",
]

_PARTNER = (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)
_NUMBERS = tuple(Bid(n) for n in range(14))
_RANGES: dict[tuple[int, bool], tuple[Bid, ...]] = {
    (low, nil): _NUMBERS[low:] + ((Bid.NIL,) if nil else ())
    for low in (0, 1)
    for nil in (False, True)
}
_BLIND_SEVEN = BidKind.BLIND_SEVEN


class BidSituation(NamedTuple):
    """What the bidding rules look at, for the seat about to bid.

    >>> from spadeslib import Hand
    >>> hand = Hand("cards4net", "W", seed=7)
    >>> hand.apply(3); hand.apply(4)  # North and East bid
    >>> south = hand.bid_situation("S")
    >>> south.bids[:2], south.partner_bid, len(south.held)
    ([Bid(3), Bid(4)], Bid(3), 13)
    """

    rules: Rules
    seat: Seat
    bid_order: tuple[Seat, ...]
    bids: Sequence[Bid | None]
    """The bids so far, indexed by seat (``None``: not yet bid)."""
    bid_count: int
    held: Sequence[Card]
    """The seat's cards (read only by the spade-count bid rules)."""
    scores: Mapping[str, int]
    """The running scores at the start of the hand."""
    hidden: bool = False
    """The seat has not looked at its cards yet."""
    declared_blind: bool = False
    """Two-player: the seat declared Blind Nil before drawing."""

    @property
    def partner_bid(self) -> Bid | None:
        """The partner's bid (``None``: no bid yet, or no partner)."""
        return self.bids[_PARTNER[self.seat]] if self.rules.players == 4 else None


def trumps_held(rules: Rules, cards: Sequence[Card]) -> int:
    """How many trumps (spades, and jokers with the joker deck) ``cards`` hold.

    >>> from spadeslib import Card
    >>> trumps_held(Rules.parse("cards4net+jokers"), Card.parse_many("BJ AS KH"))
    2
    """
    suit_of = rules._suit_of
    return sum(1 for c in cards if suit_of[c.index] == 3)


def _side(rules: Rules, seat: Seat) -> str:
    return seat.letter if rules.players == 2 else SIDES[seat % 2]


def trailing(rules: Rules, seat: Seat, scores: Mapping[str, int]) -> bool:
    """Whether the seat's side is behind by at least ``blind_nil_margin``.

    >>> rules = Rules("classic")  # blind_nil_margin 100
    >>> trailing(rules, Seat.EAST, {"NS": 150, "EW": 20})
    True
    >>> trailing(rules, Seat.EAST, {"NS": 90, "EW": 0})
    False
    """
    own = _side(rules, seat)
    other = max(v for side, v in scores.items() if side != own)
    return other - scores[own] >= rules.blind_nil_margin


def may_go_blind(
    rules: Rules, seat: Seat, bid_order: tuple[Seat, ...], scores: Mapping[str, int]
) -> bool:
    """Whether a seat may be offered a blind bid this hand (so it starts
    without looking at its cards).

    Under ``classic`` only a side behind by 100 points may bid Blind Nil:

    >>> order = (Seat.EAST, Seat.SOUTH, Seat.WEST, Seat.NORTH)
    >>> may_go_blind(Rules("classic"), Seat.NORTH, order, {"NS": -120, "EW": 50})
    True
    >>> may_go_blind(Rules("classic"), Seat.NORTH, order, {"NS": 0, "EW": 50})
    False
    """
    if rules.blind_seven and rules.players == 4:
        # Blind Seven needs both partners unseen: everyone starts unseen, and a
        # partner sees their cards once the team can no longer declare it.
        return True
    if not rules.nil:
        return False
    if rules.blind_nil == "first_bidder":
        return seat == bid_order[0]
    if rules.blind_nil == "trailing":
        return trailing(rules, seat, scores)
    return rules.blind_nil == "before_draw"


def blind_options(s: BidSituation) -> list[Bid]:
    """The blind bids open to the seat now (it must not have looked).

    Under ``cards4net`` only the first bidder is offered Blind Nil:

    >>> from spadeslib import Hand
    >>> hand = Hand("cards4net", "W", seed=7)  # North bids first
    >>> blind_options(hand.bid_situation("N")), blind_options(hand.bid_situation("E"))
    ([Bid.BLIND_NIL], [])
    """
    rules, seat = s.rules, s.seat
    partner = s.partner_bid
    options = []
    if rules.nil and rules.blind_nil in ("first_bidder", "trailing"):
        if rules.blind_nil == "first_bidder":
            ok = s.bid_count == 0 and seat == s.bid_order[0]
        else:
            ok = trailing(rules, seat, s.scores)
        if partner is not None:
            if rules.nil_before_partner_only:
                ok = False
            if partner.is_nil and (not rules.double_nil or rules.suicide):
                ok = False
            if partner.kind is BidKind.BLIND_NIL and rules.blind_nils_per_team < 2:
                ok = False
        if ok:
            options.append(Bid.BLIND_NIL)
    if rules.blind_seven and partner is None and s.bid_order.index(seat) < 2:
        options.append(Bid.BLIND_SEVEN)
    return options


def forced_bids(s: BidSituation) -> list[Bid]:
    """The one bid the seat must make, if its options are fixed (else empty).

    >>> from spadeslib import Hand
    >>> hand = Hand("cards4net+jokers", "W", seed=7)
    >>> hand.apply(Bid.BLIND_SEVEN)  # North declares for the team
    >>> forced_bids(hand.bid_situation("S")), forced_bids(hand.bid_situation("E"))
    ([Bid.BLIND_SEVEN], [])
    """
    partner = s.partner_bid
    if partner is not None and partner.kind is _BLIND_SEVEN:
        return [Bid.BLIND_SEVEN]
    if s.declared_blind:
        return [Bid.BLIND_NIL]
    return []


def legal_bids(s: BidSituation) -> list[Bid]:
    """The bids the seat may make having looked at its cards (a new list).

    >>> from spadeslib import Hand
    >>> free = Hand("classic", "N", seed=4).bid_situation("E")
    >>> legal_bids(free)[:2], legal_bids(free)[-2:]
    ([Bid(1), Bid(2)], [Bid(13), Bid.NIL])
    >>> legal_bids(Hand("classic+mirror", "N", seed=4).bid_situation("E"))
    [Bid(4)]
    """
    rules = s.rules
    partner = s.partner_bid
    if partner is not None and partner.kind is _BLIND_SEVEN:
        return [Bid.BLIND_SEVEN]
    if s.declared_blind:
        return [Bid.BLIND_NIL]
    nil_ok = rules.nil
    if partner is not None:
        if rules.nil_before_partner_only or (partner.is_nil and not rules.double_nil):
            nil_ok = False
        if rules.suicide:
            if not partner.is_nil:
                return [Bid.NIL]
            nil_ok = False
    low = 0 if rules.numeric_zero else 1
    if rules.bid_rule != "free":
        held = trumps_held(rules, s.held)
        if rules.bid_rule == "mirror":
            return [_NUMBERS[held]] if held else [Bid.NIL]
        if held < low:  # no spades and no numeric zero: the spade rule forces Nil
            return [Bid.NIL]
        return [_NUMBERS[held], Bid.NIL] if nil_ok else [_NUMBERS[held]]
    return list(_RANGES[low, nil_ok])


def refuse_bid(s: BidSituation, bid: Bid) -> tuple[RuleId, str] | None:
    """``(rule, message)`` explaining why ``bid`` is illegal, or ``None``.

    The message names the seat, the bid and the rule: ``"North cannot bid Nil:
    under cards4net Nil is offered only while the partner has not bid, ..."``.

    >>> from spadeslib import Hand
    >>> east = Hand("classic+mirror", "N", seed=4).bid_situation("E")
    >>> refuse_bid(east, Bid(4)) is None, refuse_bid(east, Bid(5))
    (True, (<RuleId.MIRROR: 'mirror'>,
            'East cannot bid 5: under mirror East must bid exactly 4, the spades held'))
    """
    refusal = _refuse_bid(s, bid)
    if refusal is None:
        return None
    rule, why = refusal
    return rule, f"{s.seat.full} cannot bid {bid.label()}: {why}"


def restricting_rule(s: BidSituation) -> tuple[RuleId, str] | None:
    """The rule that narrows the seat's bid (mirror's or whiz's spade count,
    suicide's Nil, a declared Blind Nil, Blind Seven...), with the engine's
    refusal of the lowest number its legal bids leave out; ``None`` when
    every number is open to it.

    >>> from spadeslib import Hand
    >>> east = Hand("classic+mirror", "N", seed=4).bid_situation("E")
    >>> rule, why = restricting_rule(east)
    >>> rule.value, why  # doctest: +NORMALIZE_WHITESPACE
    ('mirror',
     'East cannot bid 1: under mirror East must bid exactly 4, the spades held')
    >>> print(restricting_rule(Hand("classic", "N", seed=4).bid_situation("E")))
    None
    """
    numbers = {b.tricks for b in legal_bids(s) if b.kind is BidKind.NUMBER}
    probe = next((n for n in range(1, 14) if n not in numbers), None)
    return None if probe is None else refuse_bid(s, _NUMBERS[probe])


def _refuse_bid(s: BidSituation, bid: Bid) -> tuple[RuleId, str] | None:
    rules, seat = s.rules, s.seat
    name = seat.full
    if bid.is_blind:
        if bid in forced_bids(s):
            return None
        if bid not in blind_options(s):
            return _why_no_blind(s, bid)
        if not s.hidden:
            return (
                RuleId.BLIND_AFTER_LOOK,
                f"{name} has already looked at the cards, and a {bid.label()} "
                "is declared before looking",
            )
        return None
    allowed = legal_bids(s)
    if bid in allowed:
        return None
    partner = s.partner_bid
    if partner is not None and partner.kind is _BLIND_SEVEN:
        return (
            RuleId.BLIND_SEVEN,
            f"{seat.partner.full} declared Blind Seven for the team, so {name} "
            "must bid Blind Seven too",
        )
    if s.declared_blind:
        return (
            RuleId.BLIND_NIL_DECLARED,
            f"{name} declared Blind Nil before drawing and must bid it",
        )
    if bid.kind is BidKind.NIL:
        if not rules.nil:
            return (RuleId.NO_NIL, f"{rules.full_spec} has no Nil bid")
        if rules.suicide and partner is not None and partner.is_nil:
            return (
                RuleId.SUICIDE,
                "under suicide each partnership has exactly one Nil, and "
                f"{seat.partner.full} has bid it",
            )
        if rules.bid_rule == "mirror":
            held = trumps_held(rules, s.held)
            return (
                RuleId.MIRROR,
                f"under mirror {name} must bid exactly {held}, the spades held",
            )
        if rules.nil_before_partner_only and partner is not None:
            return (
                RuleId.NIL_AFTER_PARTNER,
                f"under {rules.preset} Nil is offered only while the partner has "
                f"not bid, and {seat.partner.full} has bid {partner.label()}",
            )
        if partner is not None and partner.is_nil and not rules.double_nil:
            return (
                RuleId.DOUBLE_NIL,
                f"{seat.partner.full} already bid {partner.label()}, and "
                f"{rules.preset} allows only one Nil per team",
            )
    if rules.suicide and partner is not None and not partner.is_nil:
        return (
            RuleId.SUICIDE,
            "under suicide each partnership has exactly one Nil: "
            f"{seat.partner.full} bid {partner.label()}, so {name} must bid Nil",
        )
    if rules.bid_rule in ("mirror", "whiz") and s.hidden:
        # the seat has not looked: the refusal must not tell its spades
        nil = " or Nil" if rules.bid_rule == "whiz" and Bid.NIL in allowed else ""
        rule = RuleId.MIRROR if rules.bid_rule == "mirror" else RuleId.WHIZ
        return (
            rule,
            f"under {rules.bid_rule} {name} must bid the number of spades held"
            f"{nil}, and {name} has not looked at the cards yet",
        )
    if rules.bid_rule == "mirror":
        held = trumps_held(rules, s.held)
        want = (
            "Nil (no spades held)" if not held else f"exactly {held}, the spades held"
        )
        return (RuleId.MIRROR, f"under mirror {name} must bid {want}")
    if rules.bid_rule == "whiz":
        held = trumps_held(rules, s.held)
        if Bid(held) not in allowed:  # no spades, and 0 is no number bid here
            return (RuleId.WHIZ, f"under whiz {name} must bid Nil (no spades held)")
        nil = " or Nil" if Bid.NIL in allowed else ""
        return (
            RuleId.WHIZ,
            f"under whiz {name} must bid {held} (the spades held){nil}",
        )
    if bid.tricks == 0 and not rules.numeric_zero:
        no_nil = "" if rules.nil else f", and {rules.full_spec} has no Nil"
        return (
            RuleId.ZERO_IS_NIL,
            f"under {rules.preset} a bid of 0 is Nil{no_nil}: bid at least 1",
        )
    low = 0 if rules.numeric_zero else 1
    nil = " or Nil" if Bid.NIL in allowed else ""
    return (RuleId.BID_RANGE, f"bids go from {low} to 13{nil}")


def _why_no_blind(s: BidSituation, bid: Bid) -> tuple[RuleId, str]:
    rules, seat = s.rules, s.seat
    partner = s.partner_bid
    if bid.kind is BidKind.BLIND_SEVEN:
        if not rules.blind_seven:
            return (
                RuleId.NO_BLIND_SEVEN,
                f"{rules.full_spec} has no Blind Seven (it comes with jokers)",
            )
        if rules.players != 4:
            return (RuleId.BLIND_SEVEN, "Blind Seven is a partnership bid")
        return (
            RuleId.BLIND_SEVEN,
            "Blind Seven is declared by the first partner of a team to bid, before "
            f"either looks, and {seat.partner.full} has already bid",
        )
    if not rules.nil or rules.blind_nil == "none":
        return (RuleId.NO_BLIND_NIL, f"{rules.full_spec} has no Blind Nil")
    if rules.blind_nil == "first_bidder":
        return (
            RuleId.BLIND_NIL_FIRST_BIDDER,
            f"under {rules.preset} Blind Nil is offered only to the first bidder "
            f"({s.bid_order[0].full}) before anyone bids",
        )
    if rules.blind_nil == "before_draw":
        return (
            RuleId.BLIND_NIL_BEFORE_DRAW,
            "Blind Nil (double nil) is declared before taking the first card",
        )
    if not trailing(rules, seat, s.scores):
        own = _side(rules, seat)
        scores = ", ".join(f"{side} {points}" for side, points in s.scores.items())
        return (
            RuleId.BLIND_NIL_TRAILING,
            f"under {rules.preset} Blind Nil is allowed only to a team behind by at "
            f"least {rules.blind_nil_margin} points when the hand starts, and {own} "
            f"are not ({scores})",
        )
    assert partner is not None
    if rules.nil_before_partner_only:
        return (
            RuleId.NIL_AFTER_PARTNER,
            f"under {rules.preset} Nil is offered only while the partner has not bid, "
            f"and {seat.partner.full} has bid {partner.label()}",
        )
    if rules.suicide and partner.is_nil:
        return (
            RuleId.SUICIDE,
            "under suicide each partnership has exactly one Nil, and "
            f"{seat.partner.full} has bid it",
        )
    if partner.kind is BidKind.BLIND_NIL and rules.blind_nils_per_team < 2:
        return (
            RuleId.BLIND_NIL_ONE_PER_TEAM,
            f"{seat.partner.full} already bid Blind Nil, and {rules.preset} allows "
            "only one Blind Nil per team",
        )
    return (
        RuleId.DOUBLE_NIL,
        f"{seat.partner.full} already bid {partner.label()}, and {rules.preset} "
        "allows only one Nil per team",
    )


def look_refusal(s: BidSituation) -> tuple[RuleId, str] | None:
    """Why looking at the cards is refused (``None`` when it is allowed).

    >>> from spadeslib import Hand
    >>> hand = Hand("cards4net", "W", seed=7)
    >>> look_refusal(hand.bid_situation("N")) is None
    True
    >>> hand.apply("look"); look_refusal(hand.bid_situation("N"))[1]
    "North cannot look: North's cards are already face up"
    """
    seat = s.seat
    if not s.hidden:
        return (
            RuleId.ALREADY_LOOKED,
            f"{seat.full} cannot look: {seat.full}'s cards are already face up",
        )
    if forced_bids(s):
        return (
            RuleId.BLIND_SEVEN,
            f"{seat.full} cannot look: {seat.partner.full} declared "
            f"Blind Seven, so {seat.full} bids Blind Seven without looking",
        )
    return None
