"""Why the others bid: after a hand, each bot's bid with the textbook's
reason and the cards it bid on (the review's "Why the others bid").

The textbook is the rule level (:func:`~spadeslib.bots.rule_bot.rule_decision`),
asked from the seat's own view at its bidding turn, rebuilt from the hand's
history (:meth:`~spadeslib.hand.Hand.at_deal`, then the moves before that
turn). A bot of another level whose bid differs says so, and how that
level chose (:data:`HOW`), then the textbook's bid and reason. A reason
tells the hand ("no high cards that could be forced to win"), so it is
built only for a finished hand, whose cards have all been played face up:
never during the hand. A reason speaks of the seat in the third person ("under
mirror it bids its 4 spades"): the learner's own hints say "you".

The cards partners passed each other face down in a Blind Nil exchange stay
private: a seat that swapped cards with a bot partner shows the cards it
played, not those it bid on (:func:`_exchanged`).

>>> from spadeslib.table import TableSession
>>> table = TableSession("classic", seed=2024)
>>> _ = table.bid(3)
>>> while not table.between:
...     _ = table.act(table.view.legal[0])
>>> for r in bid_reasons(table.shown_hand, table.seat, table.levels_at(1)):
...     print(r.text)
North (partner) bid Nil: few cards that could be forced to win (hand worth
about 0.8 tricks).
East bid 3: 2 likely spade tricks, A♦ (counted 3.0, worth about 3.4 tricks in
play).
West bid 2: 1 likely spade trick, Q♣ (a small chance), K♥ (half a trick)
(counted 1.7, worth about 2.2 tricks in play).

During a hand there is nothing to say:

>>> bid_reasons(table.game.hand, table.seat, table.levels)
Traceback (most recent call last):
spadeslib.errors.SpadesError: the bids are explained once the hand is over:
a reason tells the cards
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..actions import LOOK, Action, Bid, Look
from ..bots.novice_bot import aces_and_kings
from ..bots.rule_bot import rule_decision
from ..cards import SUIT_DISPLAY_ORDER, Card
from ..coach.coach import seat_decisions
from ..display import and_list
from ..errors import SpadesError
from ..hand import Hand
from ..phase import Phase
from ..seats import Seat
from .narrate import seat_name

__all__ = ["BidReason", "bid_reasons", "bids_json", "bids_note", "bids_title"]

HOW = {
    "novice": ", a beginner's count of its aces and kings",
    "random": ", a random choice",
    **dict.fromkeys(
        ("search-lite", "search", "expert"),
        ": it chose by playing out deals of the cards it could not see",
    ),
}
"""How each level chose a bid that is not the textbook's
(:data:`~spadeslib.bots.LADDER`), said before the textbook's bid; the
search levels try the candidate bids over deals of the unseen cards."""


@dataclass(frozen=True)
class BidReason:
    """One bot's bid in a finished hand, and the textbook's reason."""

    seat: Seat
    level: str
    """The level of the bot that bid."""
    bid: Bid
    textbook: Action
    """The textbook's bid (two players: :data:`~spadeslib.actions.LOOK`
    where the bot bid blind and the textbook draws its cards first)."""
    reason: str
    """The textbook's reason, as :func:`rule_decision` words it about the
    seat ("it bids its 4 spades")."""
    text: str
    """The line the review shows: who bid what, and why."""
    cards: tuple[Card, ...]
    """The cards it bid on (none for a bid made before looking); where it
    then swapped cards face down with a partner other than the learner (a
    Blind Nil exchange), the cards it played, which do not tell the swap."""

    @property
    def agrees(self) -> bool:
        """Whether the bot bid the textbook's bid."""
        return self.bid == self.textbook


def bids_title(players: int) -> str:
    """The section's title: ``"Why the others bid"`` (``"Why your opponent
    bid"`` for two players)."""
    return "Why your opponent bid" if players == 2 else "Why the others bid"


#: the words of the reasons that give the two figures the note explains
_FIGURES = "tricks in play"


def bids_note(players: int, reasons: Sequence[BidReason]) -> str:
    """What the section says first: whose words the reasons are, and what
    their two figures mean where a line gives them (none does where the
    rules fix every bid). The figures' "worth in play" is measured for the
    number of ``players`` (:data:`~spadeslib.bots.valuation.SCALE`); chapter
    9 compares counts with tricks won for four.

    >>> print(bids_note(2, []))
    Your opponent's bid, with the reason the textbook (the rule bot) gives
    for its cards.
    """
    if players == 2:
        head = (
            "Your opponent's bid, with the reason the textbook (the rule bot) "
            "gives for its cards."
        )
        measured = (
            "two-player hands with that count take on average when played out "
            "(measured by the bots over two-player deals: chapter 9's comparison "
            "is for four players)"
        )
    else:
        head = (
            "Each bot's bid, with the reason the textbook (the rule bot) gives "
            "for that player's cards."
        )
        measured = (
            "hands with that count take on average when played out (chapter 9 "
            "compares counts with the tricks won)"
        )
    if not any(_FIGURES in r.text for r in reasons):
        return head
    return (
        f'{head} "Counted" adds up the tricks the reason lists, a quick count as '
        f'in chapter 3; "worth about … tricks in play" is what {measured}, and '
        "the bid is made from it."
    )


def bid_reasons(
    hand: Hand, learner: Seat, levels: Mapping[Seat, str]
) -> list[BidReason]:
    """Each other seat's bid in the finished ``hand``, in bidding order, with
    the textbook's reason from that seat's view at its turn; ``levels``: the
    level each bot played at in that hand."""
    if not hand.is_over:
        raise SpadesError(
            "the bids are explained once the hand is over: a reason tells the cards"
        )
    unseen: dict[Seat, Hand] = {}  # at its first choice with its cards face down
    seen: dict[Seat, Hand] = {}  # at its bid on the cards it saw
    order: dict[Seat, int] = {}
    for seat in hand.seats:
        if seat == learner:
            continue
        # a bid made face down comes as the look, then the bid on the cards
        for index, view, action, moment in seat_decisions(hand, seat):
            if not isinstance(action, (Bid, Look)):
                continue
            if view.holding is None:
                unseen.setdefault(seat, moment)
            if isinstance(action, Bid):
                order[seat] = index  # a two-player blind nil: declared, then bid
                if not action.is_blind:
                    seen.setdefault(seat, moment)
    return [
        _reason(hand, seat, learner, levels.get(seat, "rule"), unseen, seen)
        for seat in sorted(order, key=order.__getitem__)
    ]


def _reason(
    hand: Hand,
    seat: Seat,
    learner: Seat,
    level: str,
    unseen_at: dict[Seat, Hand],
    seen_at: dict[Seat, Hand],
) -> BidReason:
    """``seat``'s bid and the textbook's, from the hand as it was at its
    first choice with its cards face down (``unseen_at``) and at its bid on
    the cards it saw (``seen_at``)."""
    unseen, seen = unseen_at.get(seat), seen_at.get(seat)
    first = unseen if unseen is not None else seen
    assert first is not None  # every bid is made face down or on seen cards
    textbook, reason = rule_decision(first.view(seat), person=3)
    looked = ""  # why the textbook looks, where the bot bid blind
    if isinstance(textbook, Look):
        if seen is not None:  # the bot looked too: the textbook's bid then
            textbook, reason = rule_decision(seen.view(seat), person=3)
        elif first.phase is Phase.BIDDING:
            looked, after = _why(textbook, reason), first.clone()
            after.apply(LOOK, seat)
            textbook, reason = rule_decision(after.view(seat), person=3)
    bid = hand.bids[seat]
    who = seat_name(seat, learner, hand.rules)
    if level == "rule":  # the textbook's own bid and reason
        name = who
    elif who.endswith(")"):  # "North (partner, search)"
        name = f"{who[:-1]}, {level})"
    else:
        name = f"{who} ({level})"
    why = _why(textbook, reason)
    base = level.partition(":")[0]  # "search:40": a search bot
    how = f"{name} bid {bid.label()}{HOW.get(base, '')}"
    if base == "novice" and seen is not None:
        high = aces_and_kings(seen.holding[seat])
        how += f" ({high or 'none'})"
    if textbook == bid:
        agree = "" if level == "rule" else ", the textbook bid"
        text = f"{name} bid {bid.label()}{agree}: {why}"
    elif not isinstance(textbook, Bid):  # two players: it draws first
        text = f"{how}; the textbook does not bid blind: {why}"
    elif looked:
        text = (
            f"{how}; the textbook looks first ({looked}) "
            f"and bids {textbook.label()}: {why}"
        )
    else:
        text = f"{how}; the textbook bids {textbook.label()}: {why}"
    cards = tuple(seen.holding[seat]) if seen is not None else ()
    cards, swapped = _exchanged(hand, seat, learner, cards)
    if swapped and learner != seat.partner and _names(why) & set(hand.exchanges[seat]):
        # the textbook's reason names a card the seat then passed face down
        hidden = (
            f"the textbook's reason is not shown: it names a card {seat.full} "
            "then passed face down"
        )
        text, reason = text.replace(why, hidden), hidden
    text = _stop(text) + swapped
    return BidReason(seat, level, bid, textbook, reason, text, cards)


def _exchanged(
    hand: Hand, seat: Seat, learner: Seat, cards: tuple[Card, ...]
) -> tuple[tuple[Card, ...], str]:
    """The cards to show for ``seat``, which bid on ``cards``, and what the
    line adds where it then swapped cards with its partner in a Blind Nil
    exchange. Those went face down: the learner who took part (the partner)
    is told them again beside the cards bid on; any other learner sees the
    cards the seat played, public once the hand is over, so that no row
    tells which cards changed hands."""
    if not cards or seat not in hand.exchanges or seat.partner not in hand.exchanges:
        return cards, ""
    passed, got = hand.exchanges[seat], hand.exchanges[seat.partner]
    if learner == seat.partner:
        return cards, (
            " In the Blind Nil exchange after the bids it passed you "
            f"{and_list([c.symbol for c in passed])}, and you passed it "
            f"{and_list([c.symbol for c in got])} (the cards shown are those it "
            "bid on)."
        )
    # neither is the learner nor the learner's partner: plain seat names
    partner = seat.partner.full
    played = tuple(c for c in cards if c not in passed) + got
    return played, (
        f" The cards shown are those it played, with the {len(got)} {partner} "
        f"passed it: after the bids {seat.full} and {partner} passed each other "
        f"{len(passed)} cards face down (the Blind Nil exchange)."
    )


def _names(text: str) -> set[Card]:
    """The cards a reason names, as the reasons write them ("AK♥" is two).

    >>> sorted(c.symbol for c in _names("AK♥, 10♠ and Q♦ (a small chance)"))
    ['10♠', 'A♥', 'K♥', 'Q♦']
    """
    return {
        Card.parse(rank + suit)
        for ranks, suit in re.findall(r"((?:10|[AKQJ2-9])+)([♠♥♦♣])", text)
        for rank in re.findall(r"10|[AKQJ2-9]", ranks)
    }


def _why(action: Action, reason: str) -> str:
    """``reason`` without the action it opens with (the line names it).

    >>> _why(Bid(3), "Bid 3: A♥, 2 likely spade tricks")
    'A♥, 2 likely spade tricks'
    >>> _why(Bid.NIL, "Bid Nil is required")
    'it is required'
    >>> _why(LOOK, "Look at your cards (not behind: no need for a blind gamble)")
    'not behind: no need for a blind gamble'
    """
    if isinstance(action, Bid):
        said = f"Bid {action.label()}"
        head, colon, rest = reason.partition(": ")
        declared = f"declare {action.label()}"  # "Declare blind seven: ..."
        if colon and head.lower() in (said.lower(), declared.lower()):
            return rest
        if reason.startswith(f"{said} "):
            return "it " + reason.removeprefix(f"{said} ")
        return reason
    if reason.endswith(")") and " (" in reason:
        return reason.partition(" (")[2][:-1]
    return reason


def _stop(text: str) -> str:
    return text if text.endswith((".", "!", "?")) else text + "."


def bids_json(reasons: list[BidReason]) -> list[dict[str, Any]]:
    """The section as the review panel draws it: each line, and the cards
    by suit (the suit's letter, symbol and ranks) with their words for a
    screen reader."""
    rows = []
    for r in reasons:
        suits = [
            {
                "suit": suit.letter,
                "symbol": suit.symbol,
                "ranks": " ".join(c.rank.label for c in ranks),
                "words": f"{suit.plural} {', '.join(c.rank.label for c in ranks)}",
            }
            for suit in SUIT_DISPLAY_ORDER
            if (ranks := sorted((c for c in r.cards if c.suit is suit), reverse=True))
        ]
        rows.append(
            {
                "seat": r.seat.letter,
                "text": r.text,
                "agrees": r.agrees,
                "cards": suits,
                "cards_label": f"{r.seat.full}'s cards: "
                + "; ".join(s["words"] for s in suits)
                if suits
                else "",
            }
        )
    return rows
