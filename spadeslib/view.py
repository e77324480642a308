"""What one seat may see: the only thing bots and the table are given.

A :class:`PlayerView` is built from a hand for one seat. It holds that seat's
own cards (unless it has not looked yet), everything public (bids, cards
played, tricks, scores) and what only that seat learned (cards it passed or
received, cards it discarded in a two-player draw). Nothing else: other
hands and the stock never reach it.

>>> from spadeslib import Hand
>>> hand = Hand(seed=5, dealer="S")
>>> west = hand.view("W")  # first to bid under cards4net: may bid blind nil
>>> west.hand is None, west.legal
(True, (Bid.BLIND_NIL, LOOK))
>>> hand.apply("look"); len(hand.view("W").hand), len(hand.view("N").legal)
(13, 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .actions import Action, Bid
from .cards import Card, Suit
from .rules import Rules
from .scoring import side_of, sides
from .seats import Seat
from .tricks import Trick, trick_winner

if TYPE_CHECKING:
    from .hand import Hand, Phase

__all__ = ["PlayerView"]


@dataclass(frozen=True)
class PlayerView:
    """One seat's knowledge of a hand. Build it with ``hand.view(seat)``."""

    rules: Rules
    seat: Seat
    seats: tuple[Seat, ...]
    dealer: Seat
    number: int
    phase: Phase
    to_move: Seat | None
    hand: tuple[Card, ...] | None
    """This seat's cards, or ``None`` before it has looked (blind decisions)."""
    legal: tuple[Action, ...]
    """The legal actions if this seat is to move, else empty."""
    bid_order: tuple[Seat, ...]
    bids: dict[Seat, Bid]
    trick: tuple[tuple[Seat, Card], ...]
    tricks: tuple[Trick, ...]
    tricks_won: dict[Seat, int]
    spades_broken: bool
    scores: dict[str, int]
    bags: dict[str, int]
    cards_left: dict[Seat, int]
    passed: tuple[Card, ...]
    received: tuple[Card, ...]
    drawn: Card | None
    """Two-player draw: the top card this seat is deciding on."""
    known_discards: tuple[Card, ...]
    """Two-player: cards this seat saw go to the discard pile, or discarded."""
    declared_blind: tuple[Seat, ...] = ()
    """Two-player: seats that declared double nil before drawing (public)."""

    @classmethod
    def of(cls, hand: Hand, seat: Seat) -> PlayerView:
        """The view of ``seat`` on ``hand``."""
        from .hand import Phase

        if seat not in hand.seats:
            raise ValueError(
                f"{seat.full} does not play in a {hand.rules.players}-player game"
            )
        own = None if hand.hidden[seat] else tuple(sorted(hand.holding[seat]))
        passed = hand.exchanges.get(seat, ())
        partner_passed = hand.exchanges.get(seat.partner, ())
        swapped = bool(passed) and bool(partner_passed)
        drawn = None
        if hand.phase is Phase.DRAW and hand.turn == seat and not hand.hidden[seat]:
            drawn = hand.stock[hand._stock_pos]
        known = list(hand.known_discards.get(seat, ()))
        if seat in hand.blind_discards:
            known += hand.blind_discards[seat][0]
        return cls(
            rules=hand.rules,
            seat=seat,
            seats=hand.seats,
            dealer=hand.dealer,
            number=hand.number,
            phase=hand.phase,
            to_move=hand.turn,
            hand=own,
            legal=tuple(hand.legal_actions()) if hand.turn == seat else (),
            bid_order=hand.bid_order,
            bids=hand.bid_map(),
            trick=tuple(hand.trick),
            tricks=tuple(hand.tricks),
            tricks_won=hand.tricks_by_seat(),
            spades_broken=hand.spades_broken,
            scores=dict(hand.scores),
            bags=dict(hand.bags),
            cards_left={s: len(hand.holding[s]) for s in hand.seats},
            passed=passed,
            received=partner_passed if swapped else (),
            drawn=drawn,
            known_discards=tuple(known),
            declared_blind=tuple(s for s in hand.seats if s in hand.declared_blind),
        )

    # ------------------------------------------------------------- helpers
    @property
    def partner(self) -> Seat | None:
        """This seat's partner (``None`` for two players)."""
        return self.seat.partner if self.rules.players == 4 else None

    @property
    def side(self) -> str:
        """The side this seat scores for."""
        return side_of(self.rules, self.seat)

    @property
    def sides(self) -> tuple[str, ...]:
        """All scoring sides."""
        return sides(self.rules)

    def played_cards(self) -> list[Card]:
        """Every card played so far in this hand, in order."""
        cards = [c for t in self.tricks for c in t.cards]
        return cards + [c for _, c in self.trick]

    def unseen_cards(self) -> list[Card]:
        """Cards of the deck this seat has not seen: not its own, not played,
        not passed or discarded by it. (Cards it received are in its hand;
        cards it passed are known to be with its partner.)"""
        seen = set(self.played_cards()) | set(self.hand or ()) | set(self.passed)
        seen |= set(self.known_discards)
        return [c for c in self.rules.deck if c not in seen]

    def voids(self) -> dict[Seat, set[Suit]]:
        """Suits each seat has shown out of (failed to follow), from public play."""
        out: dict[Seat, set[Suit]] = {s: set() for s in self.seats}
        plays = [t.plays for t in self.tricks] + ([self.trick] if self.trick else [])
        for trick in plays:
            led = self.rules.trick_suit(trick[0][1])
            for seat, card in trick[1:]:
                if self.rules.trick_suit(card) != led:
                    out[seat].add(led)
        return out

    def winning(self) -> tuple[Seat, Card] | None:
        """Who is winning the trick in progress, and with which card."""
        if not self.trick:
            return None
        seat = trick_winner(self.rules, self.trick)
        return seat, dict(self.trick)[seat]

    def team_contract(self, side: str | None = None) -> int:
        """The side's numeric contract so far (blind seven counts 7)."""
        side = side or self.side
        seats = [s for s in self.seats if side_of(self.rules, s) == side]
        bids = [self.bids[s] for s in seats if s in self.bids]
        if any(b == Bid.BLIND_SEVEN for b in bids):
            return 7
        return sum(b.tricks for b in bids if not b.is_nil)
