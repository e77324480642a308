"""Which bids a seat may make, and why a bid is refused.

These functions read a :class:`~spadeslib.hand.Hand` in its bidding phase;
the hand calls them, and so can teaching code that wants the reasons.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import LOOK, Action, Bid, BidKind
from .scoring import side_of
from .seats import Seat

if TYPE_CHECKING:
    from .hand import Hand

__all__ = ["blind_options", "legal_bids", "refuse_bid"]


def trumps_held(hand: Hand, seat: Seat) -> int:
    """How many trumps (spades, and jokers with the joker deck) a seat holds."""
    return sum(1 for c in hand.holding[seat] if hand.rules.is_trump(c))


_PARTNER = (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)
_NUMBERS = tuple(Bid(n) for n in range(14))
_RANGES: dict[tuple[int, bool], tuple[Bid, ...]] = {
    (low, nil): _NUMBERS[low:] + ((Bid.NIL,) if nil else ())
    for low in (0, 1)
    for nil in (False, True)
}


def _partner_bid(hand: Hand, seat: Seat) -> Bid | None:
    return hand.bids[_PARTNER[seat]] if hand.rules.players == 4 else None


def _trailing(hand: Hand, seat: Seat) -> bool:
    own = side_of(hand.rules, seat)
    other = max(v for side, v in hand.scores.items() if side != own)
    return other - hand.scores[own] >= hand.rules.blind_nil_margin


def may_go_blind(hand: Hand, seat: Seat) -> bool:
    """Whether a seat may be offered a blind bid this hand (so it starts
    without looking at its cards)."""
    rules = hand.rules
    if rules.blind_seven and rules.players == 4:
        # Blind Seven needs both partners unseen: everyone starts unseen, and a
        # partner sees their cards once the team can no longer declare it.
        return True
    if not rules.nil:
        return False
    if rules.blind_nil == "first_bidder":
        return seat == hand.bid_order[0]
    if rules.blind_nil == "trailing":
        return _trailing(hand, seat)
    return rules.blind_nil == "before_draw"


def blind_options(hand: Hand, seat: Seat) -> list[Bid]:
    """The blind bids open to a seat now (it must not have looked)."""
    rules = hand.rules
    partner = _partner_bid(hand, seat)
    options = []
    if rules.nil and rules.blind_nil in ("first_bidder", "trailing"):
        if rules.blind_nil == "first_bidder":
            ok = hand.bid_count == 0 and seat == hand.bid_order[0]
        else:
            ok = _trailing(hand, seat)
        if partner is not None:
            if rules.nil_before_partner_only:
                ok = False
            if partner.is_nil and (not rules.double_nil or rules.suicide):
                ok = False
            if partner.kind is BidKind.BLIND_NIL and rules.blind_nils_per_team < 2:
                ok = False
        if ok:
            options.append(Bid.BLIND_NIL)
    if rules.blind_seven and partner is None and hand.bid_order.index(seat) < 2:
        options.append(Bid.BLIND_SEVEN)
    return options


def legal_bids(hand: Hand, seat: Seat) -> list[Bid]:
    """The bids a seat may make having looked at its cards (a new list)."""
    rules = hand.rules
    partner = hand.bids[_PARTNER[seat]] if rules.players == 4 else None
    if partner is not None and partner.kind is BidKind.BLIND_SEVEN:
        return [Bid.BLIND_SEVEN]
    if hand.declared_blind and seat in hand.declared_blind:
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
        held = trumps_held(hand, seat)
        if rules.bid_rule == "mirror":
            return [_NUMBERS[held]] if held else [Bid.NIL]
        if held < low:  # no spades and no numeric zero: the spade rule forces Nil
            return [Bid.NIL]
        return [_NUMBERS[held], Bid.NIL] if nil_ok else [_NUMBERS[held]]
    return list(_RANGES[low, nil_ok])


def refuse_bid(hand: Hand, seat: Seat, bid: Bid) -> tuple[str, str] | None:
    """``(rule, message)`` explaining why ``bid`` is illegal, or ``None``.

    The message names the seat, the bid and the rule: ``"North cannot bid Nil:
    under cards4net Nil is offered only while the partner has not bid, ..."``.
    """
    refusal = _refuse_bid(hand, seat, bid)
    if refusal is None:
        return None
    rule, why = refusal
    return rule, f"{seat.full} cannot bid {bid.label()}: {why}"


def _refuse_bid(hand: Hand, seat: Seat, bid: Bid) -> tuple[str, str] | None:
    rules = hand.rules
    name = seat.full
    if bid.is_blind:
        if bid in forced_bids(hand, seat):
            return None
        if bid not in blind_options(hand, seat):
            return _why_no_blind(hand, seat, bid)
        if not hand.hidden[seat]:
            return (
                "blind-after-look",
                f"{name} has already looked at the cards, and a {bid.label()} "
                "is declared before looking",
            )
        return None
    allowed = legal_bids(hand, seat)
    if bid in allowed:
        return None
    partner = _partner_bid(hand, seat)
    if partner is not None and partner.kind is BidKind.BLIND_SEVEN:
        return (
            "blind-seven",
            f"{seat.partner.full} declared Blind Seven for the team, so {name} "
            "must bid Blind Seven too",
        )
    if seat in hand.declared_blind:
        return (
            "blind-nil-declared",
            f"{name} declared Blind Nil before drawing and must bid it",
        )
    if bid.kind is BidKind.NIL:
        if not rules.nil:
            return ("no-nil", f"{rules.spec} has no Nil bid")
        if rules.suicide and partner is not None and partner.is_nil:
            return (
                "suicide",
                "under suicide each partnership has exactly one Nil, and "
                f"{seat.partner.full} has bid it",
            )
        if rules.bid_rule == "mirror":
            held = trumps_held(hand, seat)
            return ("mirror", f"under mirror {name} must bid the {held} spades held")
        if rules.nil_before_partner_only and partner is not None:
            return (
                "nil-after-partner",
                f"under {rules.preset} Nil is offered only while the partner has "
                f"not bid, and {seat.partner.full} has bid {partner.label()}",
            )
        if partner is not None and partner.is_nil and not rules.double_nil:
            return (
                "double-nil",
                f"{seat.partner.full} already bid {partner.label()}, and "
                f"{rules.preset} allows only one Nil per team",
            )
    if rules.suicide and partner is not None and not partner.is_nil:
        return (
            "suicide",
            "under suicide each partnership has exactly one Nil: "
            f"{seat.partner.full} bid {partner.label()}, so {name} must bid Nil",
        )
    if rules.bid_rule == "mirror":
        held = trumps_held(hand, seat)
        want = (
            "Nil (no spades held)" if not held else f"exactly {held}, the spades held"
        )
        return ("mirror", f"under mirror {name} must bid {want}")
    if rules.bid_rule == "whiz":
        held = trumps_held(hand, seat)
        nil = " or Nil" if Bid.NIL in allowed else ""
        return ("whiz", f"under whiz {name} must bid {held} (the spades held){nil}")
    if bid.tricks == 0 and not rules.numeric_zero:
        no_nil = "" if rules.nil else f", and {rules.spec} has no Nil"
        return (
            "zero-is-nil",
            f"under {rules.preset} a bid of 0 is Nil{no_nil}: bid at least 1",
        )
    low = 0 if rules.numeric_zero else 1
    nil = " or Nil" if Bid.NIL in allowed else ""
    return ("bid-range", f"bids go from {low} to 13{nil}")


def forced_bids(hand: Hand, seat: Seat) -> list[Bid]:
    """The one bid a seat must make, if its options are fixed (else empty)."""
    partner = _partner_bid(hand, seat)
    if partner is not None and partner.kind is BidKind.BLIND_SEVEN:
        return [Bid.BLIND_SEVEN]
    if seat in hand.declared_blind:
        return [Bid.BLIND_NIL]
    return []


def _why_no_blind(hand: Hand, seat: Seat, bid: Bid) -> tuple[str, str]:
    rules = hand.rules
    partner = _partner_bid(hand, seat)
    if bid.kind is BidKind.BLIND_SEVEN:
        if not rules.blind_seven:
            return (
                "no-blind-seven",
                f"{rules.spec} has no Blind Seven (it comes with jokers)",
            )
        if rules.players != 4:
            return ("blind-seven", "Blind Seven is a partnership bid")
        return (
            "blind-seven",
            "Blind Seven is declared by the first partner of a team to bid, before "
            f"either looks, and {seat.partner.full} has already bid",
        )
    if not rules.nil or rules.blind_nil == "none":
        return ("no-blind-nil", f"{rules.spec} has no Blind Nil")
    if rules.blind_nil == "first_bidder":
        return (
            "blind-nil-first-bidder",
            f"under {rules.preset} Blind Nil is offered only to the first bidder "
            f"({hand.bid_order[0].full}) before anyone bids",
        )
    if rules.blind_nil == "before_draw":
        return (
            "blind-nil-before-draw",
            "Blind Nil (double nil) is declared before taking the first card",
        )
    if not _trailing(hand, seat):
        own = side_of(rules, seat)
        scores = ", ".join(f"{side} {points}" for side, points in hand.scores.items())
        return (
            "blind-nil-trailing",
            f"under {rules.preset} Blind Nil is allowed only to a team behind by at "
            f"least {rules.blind_nil_margin} points when the hand starts, and {own} "
            f"is not ({scores})",
        )
    assert partner is not None
    if rules.nil_before_partner_only:
        return (
            "nil-after-partner",
            f"under {rules.preset} Nil is offered only while the partner has not bid, "
            f"and {seat.partner.full} has bid {partner.label()}",
        )
    if rules.suicide and partner.is_nil:
        return (
            "suicide",
            "under suicide each partnership has exactly one Nil, and "
            f"{seat.partner.full} has bid it",
        )
    if partner.kind is BidKind.BLIND_NIL and rules.blind_nils_per_team < 2:
        return (
            "blind-nil-one-per-team",
            f"{seat.partner.full} already bid Blind Nil, and {rules.preset} allows "
            "only one Blind Nil per team",
        )
    return (
        "double-nil",
        f"{seat.partner.full} already bid {partner.label()}, and {rules.preset} "
        "allows only one Nil per team",
    )


def look_refusal(hand: Hand, seat: Seat, action: Action) -> tuple[str, str] | None:
    """Why LOOK is refused (``None`` when it is allowed)."""
    assert action is LOOK
    if not hand.hidden[seat]:
        return (
            "already-looked",
            f"{seat.full} cannot look: {seat.full} has already looked at the cards",
        )
    if forced_bids(hand, seat):
        return (
            "blind-seven",
            f"{seat.full} cannot look: {seat.partner.full} declared "
            f"Blind Seven, so {seat.full} bids Blind Seven without looking",
        )
    return None
