"""What one seat may see: the only thing bots and the table are given.

A :class:`PlayerView` is a snapshot of a hand for one seat, made by
``hand.view(seat)``. It holds that seat's own cards (unless it has not
looked yet), everything public (bids, cards played, tricks, scores) and what
only that seat learned (cards it passed or received, cards it discarded in a
two-player draw). Nothing else: other hands and the stock never reach it.

Views are cheap: the hand shares its immutable pieces with them, and the
fields a bot seldom reads (``bids``, ``tricks_won``, ``scores``, ``bags``,
``cards_left`` and the private extras) are built from those pieces on first
use. This module knows nothing of :class:`~spadeslib.hand.Hand`, so the hand
can build views without an import cycle.

>>> from spadeslib import Hand
>>> hand = Hand(seed=5, dealer="S")
>>> west = hand.view("W")  # first to bid under cards4net: may bid blind nil
>>> west.holding is None, west.legal
(True, (Bid.BLIND_NIL, LOOK))
>>> hand.apply("look"); len(hand.view("W").holding), len(hand.view("N").legal)
(13, 0)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .actions import Action, Bid
from .bidding import BidSituation
from .cards import Card, Suit
from .phase import Phase
from .rules import Rules
from .scoring import side_of, sides
from .seats import Seat
from .tricks import Trick, trick_winner

__all__ = ["PlayerView"]


@dataclass(frozen=True)
class PlayerView:
    """One seat's knowledge of a hand. Build it with ``hand.view(seat)``.

    >>> from spadeslib import Hand
    >>> hand = Hand("classic", dealer="N", seed=5)
    >>> hand.apply(4)
    >>> view = hand.view("S")  # South to bid: its cards, the bids so far
    >>> view.turn, view.bids, len(view.holding), view.legal[-1]
    (<Seat.SOUTH: 2>, {<Seat.EAST: 1>: Bid(4)}, 13, Bid.NIL)
    """

    rules: Rules
    seat: Seat
    seats: tuple[Seat, ...]
    dealer: Seat
    number: int
    phase: Phase
    turn: Seat | None
    """The seat to act (``None`` once the hand is over), as ``hand.turn``."""
    holding: tuple[Card, ...] | None
    """This seat's cards, or ``None`` before it has looked (blind decisions):
    ``hand.holding[seat]`` as this seat may see it."""
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
    def of(cls, hand: Any, seat: Seat | str) -> PlayerView:
        """The view of ``seat`` on ``hand``: the same as ``hand.view(seat)``."""
        view: PlayerView = hand.view(seat)
        return view

    def __getattr__(self, name: str) -> Any:
        # Only called for a field not yet built: build it from the pieces.
        make = _LAZY.get(name)
        lazy = self.__dict__.get("_lazy")
        if make is None or lazy is None:
            raise AttributeError(
                f"{type(self).__name__!r} object has no attribute {name!r}"
            )
        value = make(self, lazy)
        self.__dict__[name] = value
        return value

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

    def legal_actions(self) -> list[Action]:
        """:attr:`legal` as a new list: the name :class:`~spadeslib.hand.Hand`
        and :class:`~spadeslib.game.Game` use, so code written against a hand
        runs on a view. A hand and a game answer the same questions; a view
        answers them with the same names where it can see (``is_legal`` needs
        the hand: it accepts more than the list, such as a bid that looks first).

        >>> from spadeslib import Hand
        >>> hand = Hand("classic", dealer="N", seed=5)
        >>> hand.view("E").legal_actions() == hand.legal_actions()
        True
        """
        return list(self.legal)

    def legal_cards(self) -> list[Card]:
        """The cards this seat may play now (none unless it is to play), as
        ``hand.legal_cards(seat)``."""
        if self.phase is not Phase.PLAYING:
            return []
        return list(self.legal)  # type: ignore[arg-type]  # cards while playing

    def played_cards(self) -> list[Card]:
        """Every card played so far in this hand, in order."""
        cards = [c for t in self.tricks for c in t.cards]
        return cards + [c for _, c in self.trick]

    def unseen_cards(self) -> list[Card]:
        """Cards of the deck this seat has not seen: not its own, not played,
        not passed or discarded by it. (Cards it received are in its hand;
        cards it passed are known to be with its partner.)"""
        seen = set(self.played_cards()) | set(self.holding or ()) | set(self.passed)
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

    def still_to_play(self) -> list[Seat]:
        """The seats to play to the trick after this seat, in order (this
        seat leads when no trick is under way).

        >>> from spadeslib import Hand
        >>> hand = Hand(seed=1, dealer="W")
        >>> for bid in ("look", 3, 3, 3, 3):
        ...     hand.apply(bid)
        >>> hand.view(hand.turn).still_to_play()  # North leads
        [<Seat.EAST: 1>, <Seat.SOUTH: 2>, <Seat.WEST: 3>]
        """
        seats = list(self.seats)
        leader = self.trick[0][0] if self.trick else self.seat
        at = seats.index(leader)
        order = seats[at:] + seats[:at]
        return order[order.index(self.seat) + 1 :]

    def committed_bids(self) -> dict[Seat, Bid]:
        """The bids so far, a two-player Blind Nil declared before the draw
        (:attr:`declared_blind`) counted as made (a new dict).

        >>> from spadeslib import Hand
        >>> hand = Hand("two-player", "N", seed=1)
        >>> hand.apply("blind nil")  # North declares before drawing
        >>> south = hand.view("S")
        >>> south.bids, [(s.full, b.label()) for s, b in south.committed_bids().items()]
        ({}, [('North', 'Blind Nil')])
        """
        bids = dict(self.bids)
        for seat in self.declared_blind:
            bids.setdefault(seat, Bid.BLIND_NIL)
        return bids

    def bid_situation(self) -> BidSituation:
        """What the bidding rules look at for this seat, from what it sees
        (the bids, its own cards, the scores): for code that asks why a bid
        is refused without the hand.

        >>> from spadeslib import Hand
        >>> from spadeslib.bidding import refuse_bid
        >>> view = Hand("classic+mirror", "N", seed=4).view("E")
        >>> refuse_bid(view.bid_situation(), Bid(1))[0].value
        'mirror'
        """
        return BidSituation(
            self.rules,
            self.seat,
            self.bid_order,
            [self.bids.get(seat) for seat in Seat],
            len(self.bids),
            self.holding or (),
            self.scores,
            self.holding is None,
            self.seat in self.declared_blind,
        )

    def team_contract(self, side: str | None = None) -> int:
        """The side's numeric contract so far (blind seven counts 7)."""
        side = side or self.side
        seats = [s for s in self.seats if side_of(self.rules, s) == side]
        bids = [self.bids[s] for s in seats if s in self.bids]
        if any(b == Bid.BLIND_SEVEN for b in bids):
            return 7
        return sum(b.tricks for b in bids if not b.is_nil)


def _cards_left(view: PlayerView, lazy: tuple[Any, ...]) -> dict[Seat, int]:
    counts = lazy[2]
    if counts is not None:
        return {s: counts[s] for s in view.seats}
    # while playing every seat started with 13 cards and plays one a trick
    left = 13 - len(view.tricks)
    played = {s for s, _ in view.trick}
    return {s: left - (s in played) for s in view.seats}


def _tricks_won(view: PlayerView, lazy: tuple[Any, ...]) -> dict[Seat, int]:
    won = dict.fromkeys(view.seats, 0)
    for trick in view.tricks:
        won[trick.winner] += 1  # type: ignore[index]
    return won


_LAZY: dict[str, Callable[[PlayerView, tuple[Any, ...]], Any]] = {
    "bids": lambda v, lazy: {s: b for s in v.seats if (b := lazy[0][s]) is not None},
    "tricks_won": _tricks_won,
    "scores": lambda v, lazy: dict(lazy[1][0]),
    "bags": lambda v, lazy: dict(lazy[1][1]),
    "cards_left": _cards_left,
    "passed": lambda v, lazy: lazy[1][2],
    "received": lambda v, lazy: lazy[1][3],
    "known_discards": lambda v, lazy: lazy[1][4],
}
