"""A lightweight simulation of the play of one hand, for bots.

The engine's :class:`~spadeslib.hand.Hand` is exact and friendly; bots need
something smaller for the thousands of playouts a search runs. This module
keeps a hand as a few integers:

- a card is an *id* ``16 * suit + power``, where ``suit`` is the suit a card
  follows as (clubs 0, diamonds 1, hearts 2, spades and jokers 3) and
  ``power`` its place in that suit from the lowest (so within a suit a higher
  id is a higher card, whatever the trump order of the rule set);
- a set of cards is a bit mask over ids (``1 << id``);
- :class:`State` holds the hands, the cards played, the trick in progress,
  the tricks won, the bids and what each seat has seen (voids shown, cards
  passed). It follows the engine's rules for legal plays, trick winners,
  breaking spades and scoring; ``tests/test_bots_sim.py`` checks that the same
  deal and the same cards give the same result as the engine.

Seats are the engine's seat numbers (North 0 ... West 3); two-player hands
use North and South (0 and 2).

>>> from spadeslib import Rules
>>> deck = deck_for(Rules())
>>> ace = deck.id_of_card(Card.parse("AS")); ace, deck.card[ace]
(60, Card.parse('AS'))
>>> deck.mask(Card.parse_many("2C AS")) == (1 << 0) | (1 << 60)
True
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import cast

from ..actions import Bid, BidKind
from ..cards import Card
from ..rules import Rules

__all__ = ["BLIND_NIL", "NIL", "Deck", "State", "bits", "deck_for"]

TRUMP = 3
NIL = 1
BLIND_NIL = 2


def bits(mask: int) -> list[int]:
    """The ids in a mask, lowest first.

    >>> bits(0b10110)
    [1, 2, 4]
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class Deck:
    """Card ids for one rule set, with the masks the bots use."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.players = rules.players
        #: memo of per-suit valuations (see :mod:`.valuation`): ``(suit,
        #: holding)`` -> three numbers and the card ids they rest on
        self.cache: dict[tuple[int, int], tuple[float, float, tuple[int, ...]]] = {}
        suits: list[list[Card]] = [[], [], [], []]
        for card in rules.deck:
            suits[rules._suit_of[card.index]].append(card)
        self.card: list[Card | None] = [None] * 64
        self._id: dict[Card, int] = {}
        self.suit_mask = [0, 0, 0, 0]
        self.size = [len(s) for s in suits]
        for t, cards in enumerate(suits):
            cards.sort(key=lambda c: rules._power[c.index])
            for pos, card in enumerate(cards):
                i = 16 * t + pos
                self.card[i] = card
                self._id[card] = i
                self.suit_mask[t] |= 1 << i
        self.full = sum(self.suit_mask)
        #: a 4-bit set of suits -> the mask of all their cards
        self.void_mask = [
            sum(self.suit_mask[t] for t in range(4) if v >> t & 1) for v in range(16)
        ]
        self.nontrump = self.full & ~self.suit_mask[TRUMP]
        #: cards of the same suit strictly above / below each id
        self.above = [0] * 64
        self.below = [0] * 64
        #: place from the top of its suit (0 = the highest card of the suit)
        self.top = [0] * 64
        #: place from the bottom of its suit (0 = the lowest)
        self.low = [0] * 64
        for i in range(64):
            if self.card[i] is None:
                continue
            suit = self.suit_mask[i >> 4]
            self.above[i] = suit & ~((2 << i) - 1)
            self.below[i] = suit & ((1 << i) - 1)
            self.top[i] = self.above[i].bit_count()
            self.low[i] = self.below[i].bit_count()

    def id_of_card(self, card: Card) -> int:
        """The id of a card."""
        return self._id[card]

    def mask(self, cards: Iterable[Card]) -> int:
        """The mask of some cards."""
        m = 0
        for card in cards:
            m |= 1 << self._id[card]
        return m

    def cards(self, mask: int) -> list[Card]:
        """The cards of a mask, sorted as the engine sorts them."""
        # the ids of a mask are ids of cards: never a gap (None) of the table
        return sorted(cast("list[Card]", [self.card[i] for i in bits(mask)]))


@lru_cache(maxsize=64)
def deck_for(rules: Rules) -> Deck:
    """The (cached) :class:`Deck` of a rule set."""
    return Deck(rules)


def bid_code(bid: Bid | None) -> tuple[int, int]:
    """``(tricks, nil kind)`` of an engine bid: nil kind 0, :data:`NIL` or
    :data:`BLIND_NIL`; blind seven is ``(7, 0)``."""
    if bid is None:
        return 0, 0
    if bid.kind is BidKind.NIL:
        return 0, NIL
    if bid.kind is BidKind.BLIND_NIL:
        return 0, BLIND_NIL
    return bid.tricks, 0


class State:
    """The play of one hand, small and fast to copy.

    ``hands[s]`` is a mask (zero for seats whose cards are unknown); the
    policies read only the hand of the seat they decide for. ``voids[s]`` is
    a mask of suits (bit ``1 << suit``) seat ``s`` has shown out of.
    ``seen[s]`` holds cards seat ``s`` knows are out of play or with its
    partner (passed, discarded), which it does not count as unseen.
    """

    __slots__ = (
        "bags",
        "bid",
        "blind7",
        "broken",
        "deck",
        "hands",
        "known",
        "leader",
        "led",
        "must_break",
        "n",
        "nil",
        "played",
        "scores",
        "seen",
        "trick",
        "tricks_done",
        "tricks_won",
        "turn",
        "voids",
    )

    def __init__(self, deck: Deck) -> None:
        self.deck = deck
        self.n = deck.players
        self.must_break = deck.rules.must_break_spades
        self.hands = [0, 0, 0, 0]
        self.played = 0
        self.voids = [0, 0, 0, 0]
        self.seen = [0, 0, 0, 0]
        self.known = [0, 0, 0, 0]
        self.trick: list[tuple[int, int]] = []
        self.led = -1
        self.leader = 0
        self.turn = 0
        self.tricks_done = 0
        self.tricks_won = [0, 0, 0, 0]
        self.broken = False
        self.bid = [0, 0, 0, 0]
        self.nil = [0, 0, 0, 0]
        self.blind7 = [False, False]
        self.scores = [0, 0]
        self.bags = [0, 0]

    # ------------------------------------------------------------ seats
    def seats(self) -> tuple[int, ...]:
        """The seats playing."""
        return (0, 1, 2, 3) if self.n == 4 else (0, 2)

    def side(self, seat: int) -> int:
        """Side index of a seat: 0 for North(-South), 1 for the other."""
        return seat & 1 if self.n == 4 else seat >> 1

    def side_seats(self, side: int) -> tuple[int, ...]:
        """The seats of a side."""
        if self.n == 4:
            return (side, side + 2)
        return (2 * side,)

    def copy(self) -> State:
        """An independent copy."""
        new = State.__new__(State)
        new.deck = self.deck
        new.n = self.n
        new.must_break = self.must_break
        new.hands = self.hands[:]
        new.played = self.played
        new.voids = self.voids[:]
        new.seen = self.seen[:]
        new.known = self.known[:]
        new.trick = self.trick[:]
        new.led = self.led
        new.leader = self.leader
        new.turn = self.turn
        new.tricks_done = self.tricks_done
        new.tricks_won = self.tricks_won[:]
        new.broken = self.broken
        new.bid = self.bid[:]
        new.nil = self.nil[:]
        new.blind7 = self.blind7[:]
        new.scores = self.scores
        new.bags = self.bags
        return new

    # ------------------------------------------------------------ play
    def legal(self, seat: int) -> int:
        """Mask of the cards ``seat`` may play now (it must be to move)."""
        held = self.hands[seat]
        if self.trick:
            follow = held & self.deck.suit_mask[self.led]
            return follow or held
        if self.must_break and not self.broken:
            return (held & self.deck.nontrump) or held
        return held

    def play(self, seat: int, card: int) -> None:
        """Play ``card`` (an id) for ``seat``; finishes the trick when full."""
        bit = 1 << card
        self.hands[seat] &= ~bit
        self.played |= bit
        suit = card >> 4
        trick = self.trick
        if not trick:
            self.led = suit
            self.leader = seat
            if suit == TRUMP and self.must_break and not self.broken:
                self.voids[seat] |= 7  # a spade led before breaking: only spades left
        elif suit != self.led:
            self.voids[seat] |= 1 << self.led
        if suit == TRUMP:
            self.broken = True
        trick.append((seat, card))
        if len(trick) < self.n:
            self.turn = (seat + 1) & 3 if self.n == 4 else seat ^ 2
            return
        best_seat, best = trick[0]
        for s, c in trick:
            if c >> 4 == best >> 4:
                if c > best:
                    best_seat, best = s, c
            elif c >> 4 == TRUMP:
                best_seat, best = s, c
        self.tricks_won[best_seat] += 1
        self.tricks_done += 1
        self.trick = []
        self.led = -1
        self.turn = best_seat

    def winning(self) -> tuple[int, int]:
        """``(seat, card)`` winning the trick in progress (which must not be empty)."""
        trick = self.trick
        best_seat, best = trick[0]
        for s, c in trick:
            if c >> 4 == best >> 4:
                if c > best:
                    best_seat, best = s, c
            elif c >> 4 == TRUMP:
                best_seat, best = s, c
        return best_seat, best

    def unseen(self, seat: int) -> int:
        """Cards ``seat`` has not seen and does not know the place of."""
        return (
            self.deck.full
            & ~self.played
            & ~self.hands[seat]
            & ~self.seen[seat]
            & ~self.known[seat]
        )

    def cards_left(self, seat: int) -> int:
        """How many cards ``seat`` still holds."""
        left = 13 - self.tricks_done
        for s, _ in self.trick:
            if s == seat:
                return left - 1
        return left

    # ------------------------------------------------------------ scoring
    def side_score(self, side: int, adjusted: bool = True) -> int:
        """The side's points for the hand as the engine scores them.

        With ``adjusted`` each bag counts -10 and no bag penalty applies
        (the duplicate-match measure); otherwise the real change, bag
        penalties included (needs :attr:`bags`)."""
        points, gained = self.hand_points(side)
        if adjusted:
            return points - 10 * gained
        rules = self.deck.rules
        before = self.bags[side]
        return points - ((before + gained) // rules.bag_limit) * rules.bag_penalty

    def hand_points(self, side: int) -> tuple[int, int]:
        """The side's points for the hand with each bag counted +1, and the
        bags it gains (no bag penalty: see :meth:`side_score`)."""
        rules = self.deck.rules
        seats = self.side_seats(side)
        won = self.tricks_won
        contract = 0
        counted = 0
        total = 0
        nil_tricks = 0
        nil_points = 0
        for s in seats:
            total += won[s]
            kind = self.nil[s]
            if kind:
                nil_tricks += won[s]
                value = rules.blind_nil_value if kind == BLIND_NIL else rules.nil_value
                nil_points += value if won[s] == 0 else -value
            else:
                contract += self.bid[s]
                counted += won[s]
        if self.blind7[side]:
            contract = 7
        mode = rules.nil_tricks
        if mode == "team":
            counted = total
            nil_bags = 0
        else:
            nil_bags = nil_tricks if mode == "bags" else 0
        over = 0
        if contract == 0:
            points = 0
        else:
            if self.blind7[side]:
                value = rules.blind_seven_value
            elif rules.ten_for_200 and contract == 10:
                value = rules.ten_for_200_value
            else:
                value = 10 * contract
            if counted >= contract:
                over = counted - contract
                points = value + over
            else:
                points = -value
        return points + nil_bags + nil_points, over + nil_bags

    def need(self, side: int) -> int:
        """Tricks the side still needs for its contract (<= 0 once made; 0
        for a contract of 0)."""
        seats = self.side_seats(side)
        team = self.deck.rules.nil_tricks == "team"
        contract = 0
        counted = 0
        for s in seats:
            if self.nil[s]:
                if team:
                    counted += self.tricks_won[s]
            else:
                contract += self.bid[s]
                counted += self.tricks_won[s]
        if self.blind7[side]:
            contract = 7
        if contract == 0:
            return 0
        return contract - counted

    def status(self) -> tuple[int, int, int, int]:
        """``(contract, need)`` of side 0 then side 1, as :meth:`contract`
        and :meth:`need` give them."""
        team = self.deck.rules.nil_tricks == "team"
        out = []
        nil = self.nil
        bid = self.bid
        won = self.tricks_won
        for side in (0, 1):
            contract = 0
            counted = 0
            for s in (side, side + 2) if self.n == 4 else (2 * side,):
                if nil[s]:
                    if team:
                        counted += won[s]
                else:
                    contract += bid[s]
                    counted += won[s]
            if self.blind7[side]:
                contract = 7
            out.append(contract)
            out.append(contract - counted if contract else 0)
        return out[0], out[1], out[2], out[3]

    def contract(self, side: int) -> int:
        """The side's contract (0 when it bid only nils or zeros)."""
        if self.blind7[side]:
            return 7
        return sum(self.bid[s] for s in self.side_seats(side) if not self.nil[s])
