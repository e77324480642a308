"""Reasons in plain words for the card-play decisions of :mod:`.policy`.

>>> from spadeslib import Hand
>>> hand = Hand(deal={"N": "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S",
...                   "E": "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H",
...                   "S": "AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D",
...                   "W": "AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C"}, dealer="W")
>>> for bid in (13, 1, 1, 1): hand.apply(bid)
>>> from spadeslib.bots.knowledge import state_from_view
>>> view = hand.view("N")
>>> card_reason(view, state_from_view(view), Card.parse("AS"), "only")
'The A♠ is your only legal card'
"""

from __future__ import annotations

from ..cards import Card
from ..view import PlayerView
from .sim import State

__all__ = ["card_reason"]

_WINNING = {
    "win_cheap",
    "ruff",
    "overruff",
    "cash_boss",
    "draw_trumps",
    "third_hand_high",
    "lead_low",
    "lead_short",
    "lead_trump_low",
    "lead_partner_ruff",
}


def card_reason(view: PlayerView, st: State, card: Card, code: str) -> str:
    """A short sentence for playing ``card`` for the reason ``code``."""
    c = card.symbol()
    win = view.winning()
    best = win[1].symbol() if win else ""
    who = win[0] if win else None
    partner = view.partner
    opp_nil = next(
        (
            s
            for s, b in view.bids.items()
            if b.is_nil and s != view.seat and s != partner and view.tricks_won[s] == 0
        ),
        None,
    )
    nil_name = opp_nil.full if opp_nil is not None else "the nil bidder"
    texts = {
        "only": f"The {c} is your only legal card",
        # own nil
        "nil_lead_low": f"Protect your nil: lead the {c}, a low card others can beat",
        "nil_under": f"Protect your nil: play the {c} under the {best}",
        "nil_forced": f"Your nil: every card you hold wins here; shed the {c}",
        "nil_forced_low": f"Protect your nil: play your lowest, the {c}, and hope "
        "it is beaten",
        "nil_discard": f"Protect your nil: discard the {c}, a dangerous card",
        # partner's nil
        "cover_lead_high": f"Cover partner's nil: lead the {c} so partner can play "
        "under it",
        "cover_beat": f"Cover partner's nil: win this with the {c}",
        "cover_high": f"Cover partner's nil: play the {c} high so partner can duck",
        "cover_ruff": f"Cover partner's nil: trump with the {c}",
        "cover_safe": f"Partner's nil is safe on this trick; play the {c}",
        "cover_low": f"Partner can play under the {best}; keep your high cards: "
        f"play the {c}",
        # opponents' nil
        "attack_lead_low": f"Attack {nil_name}'s nil: lead the low {c}",
        "attack_under": f"{nil_name}'s nil is winning this trick with the {best}: "
        f"stay under with the {c}",
        "attack_low": f"Attack {nil_name}'s nil: play low (the {c}) so the trick "
        "stays cheap for them to win",
        # partner winning
        "partner_winning": f"Your partner's {best} is winning: no need to beat it, "
        f"play the {c}",
        "third_hand_high": f"Play the {c} high: a later opponent could beat the {best}",
        "ruff_protect": f"Trump with the {c}: partner's {best} could still be beaten",
        # winning
        "win_cheap": f"Win with the {c}, the cheapest card that takes the trick",
        "second_hand_low": f"Second hand low: keep your high cards, play the {c}",
        "cannot_win": f"You cannot win this trick; play the {c}",
        "ruff": f"Trump with the {c}: the cheapest spade that wins",
        "overruff": f"Overtrump with the {c}",
        "cash_boss": f"Cash the {c}: it is the highest card left in its suit",
        "draw_trumps": f"Lead the {c}, the highest spade left, to draw trumps",
        "lead_trump_low": f"Lead the low {c} to draw the opponents' spades",
        "lead_low": f"Lead the {c}, low from a suit where you hold no sure winner",
        "lead_short": f"Lead your singleton {c} so you can trump that suit later",
        "lead_partner_ruff": f"Lead the {c}: partner is out of that suit and can trump",
        # not wanting tricks
        "duck": f"Your contract is made: duck with the {c} to avoid bags",
        "push_bags": f"Both contracts are made: play the {c} and let the opponents "
        "take the bags",
        "forced_win": f"Every card you hold wins here; take it with the {c}",
        "forced_low": f"Play your lowest, the {c}, and let someone else win",
        "need": f"Play the {c}",
        "set": f"Play the {c}",
        "set_game": f"Play the {c}",
    }
    text = texts.get(code, f"Play the {c}")
    if code in _WINNING:
        from .policy import _want
        from .seat_context import SeatContext

        seat = int(view.seat)
        if st.turn == seat:
            _, why = _want(st, seat, SeatContext(st, seat))
            if why == "set_game":
                text = "The opponents win the game if they make their contract. " + text
            elif why == "set":
                text = "Try to set the opponents. " + text
    if who is not None and code == "partner_winning" and who != partner:
        text = f"Play low with the {c}"
    if (
        code in ("duck", "push_bags")
        and view.bags[view.side] >= view.rules.bag_limit - 3
    ):
        text += f" (your side has {view.bags[view.side]} bags)"
    return text
