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


def _partner_bid(hand: Hand, seat: Seat) -> Bid | None:
    return hand.bids[seat.partner] if hand.rules.players == 4 else None


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
    """The bids a seat may make having looked at its cards."""
    rules = hand.rules
    partner = _partner_bid(hand, seat)
    if partner is not None and partner.kind is BidKind.BLIND_SEVEN:
        return [Bid.BLIND_SEVEN]
    if seat in hand.declared_blind:
        return [Bid.BLIND_NIL]
    nil_ok = rules.nil
    if partner is not None:
        if rules.nil_before_partner_only:
            nil_ok = False
        if partner.is_nil and not rules.double_nil:
            nil_ok = False
    if rules.suicide and partner is not None:
        if partner.is_nil:
            nil_ok = False
        else:
            return [Bid.NIL]
    low = 0 if rules.numeric_zero else 1
    if rules.bid_rule != "free":
        held = trumps_held(hand, seat)
        if rules.bid_rule == "mirror":
            return [Bid(held)] if held else [Bid.NIL]
        if held < low:  # no spades and no numeric zero: the spade rule forces Nil
            return [Bid.NIL]
        return [Bid(held)] + ([Bid.NIL] if nil_ok else [])
    return [Bid(n) for n in range(low, 14)] + ([Bid.NIL] if nil_ok else [])


def refuse_bid(hand: Hand, seat: Seat, bid: Bid) -> tuple[str, str] | None:
    """``(rule, message)`` explaining why ``bid`` is illegal, or ``None``."""
    rules = hand.rules
    name = seat.full
    if bid.is_blind:
        if bid in forced_bids(hand, seat):
            return None
        if bid not in blind_options(hand, seat):
            return _why_no_blind(hand, seat, bid)
        if not hand.hidden[seat]:
            return ("blind-after-look", f"{name} has already looked at the cards; a "
                    f"{bid.label()} must be declared before looking")
        return None
    allowed = legal_bids(hand, seat)
    if bid in allowed:
        return None
    partner = _partner_bid(hand, seat)
    if partner is not None and partner.kind is BidKind.BLIND_SEVEN:
        return ("blind-seven", f"{seat.partner.full} declared Blind Seven for the team, "
                f"so {name}'s bid is Blind Seven too")
    if seat in hand.declared_blind:
        return ("blind-nil-declared", f"{name} declared blind nil before drawing and "
                "must bid it")
    if bid.kind is BidKind.NIL:
        if not rules.nil:
            return ("no-nil", f"{rules.spec} has no Nil bid")
        if rules.suicide and partner is not None and partner.is_nil:
            return ("suicide", f"under suicide each partnership has exactly one Nil, and "
                    f"{seat.partner.full} has bid it; {name} must bid a number")
        if rules.nil_before_partner_only and partner is not None:
            return ("nil-after-partner", f"under {rules.preset} Nil is offered only while "
                    f"the partner has not bid, and {seat.partner.full} has bid "
                    f"{partner.label()}")
        if partner is not None and partner.is_nil and not rules.double_nil:
            return ("double-nil", f"{seat.partner.full} already bid Nil; only one Nil per team")
        if rules.bid_rule == "mirror":
            return ("mirror", f"under mirror {name} must bid the {trumps_held(hand, seat)} "
                    "spades held")
    if rules.suicide and partner is not None and not partner.is_nil:
        return ("suicide", f"under suicide each partnership has exactly one Nil: "
                f"{seat.partner.full} bid {partner.label()}, so {name} must bid Nil")
    if rules.bid_rule == "mirror":
        held = trumps_held(hand, seat)
        want = "Nil (no spades held)" if not held else f"exactly {held}, the spades held"
        return ("mirror", f"under mirror {name} must bid {want}")
    if rules.bid_rule == "whiz":
        held = trumps_held(hand, seat)
        return ("whiz", f"under whiz {name} must bid {held} (the spades held) or Nil")
    if bid.tricks == 0 and not rules.numeric_zero:
        return ("zero-is-nil", f"under {rules.preset} a bid of 0 is Nil: bid Nil, or at least 1")
    low = 0 if rules.numeric_zero else 1
    return ("bid-range", f"{name} bid {bid.tricks}: bids go from {low} to 13")


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
    name = seat.full
    if bid.kind is BidKind.BLIND_SEVEN:
        if not rules.blind_seven:
            return ("no-blind-seven", f"{rules.spec} has no Blind Seven (it comes with jokers)")
        return ("blind-seven", "Blind Seven is declared by the first partner of a team to "
                f"bid, before either looks; {seat.partner.full} has already bid")
    if not rules.nil or rules.blind_nil == "none":
        return ("no-blind-nil", f"{rules.spec} has no Blind Nil")
    if rules.blind_nil == "first_bidder":
        return ("blind-nil-first-bidder", f"under {rules.preset} Blind Nil is offered only "
                f"to the first bidder ({hand.bid_order[0].full}) before anyone bids")
    if rules.blind_nil == "before_draw":
        return ("blind-nil-before-draw", "Blind Nil (double nil) is declared before taking "
                "the first card")
    if not _trailing(hand, seat):
        return ("blind-nil-trailing", f"under {rules.preset} Blind Nil is allowed only when "
                f"your team is behind by at least {rules.blind_nil_margin} points")
    return ("blind-nil-one-per-team", f"{seat.partner.full} already bid a Nil; "
            f"{rules.preset} allows only one Blind Nil per team")


def look_refusal(hand: Hand, seat: Seat, action: Action) -> tuple[str, str] | None:
    """Why LOOK is refused (``None`` when it is allowed)."""
    assert action is LOOK
    if not hand.hidden[seat]:
        return ("already-looked", f"{seat.full} has already looked at the cards")
    if forced_bids(hand, seat):
        return ("blind-seven", f"{seat.partner.full} declared Blind Seven; {seat.full} "
                "bids Blind Seven without looking")
    return None

