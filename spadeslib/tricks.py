"""Tricks: who led, what was played, who won.

>>> from spadeslib import Rules, Seat, Card
>>> rules = Rules.preset()
>>> plays = [(Seat.NORTH, Card.parse("KH")), (Seat.EAST, Card.parse("AH")),
...          (Seat.SOUTH, Card.parse("2S")), (Seat.WEST, Card.parse("3H"))]
>>> trick_winner(rules, plays)
<Seat.SOUTH: 2>
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Card, Suit
from .rules import Rules
from .seats import Seat

__all__ = ["Trick", "trick_winner"]


def trick_winner(rules: Rules, plays: Sequence[tuple[Seat, Card]]) -> Seat:
    """The seat whose card wins: the highest trump, else the highest card of
    the suit led."""
    led = rules.trick_suit(plays[0][1])
    best_seat, best = plays[0]
    for seat, card in plays[1:]:
        if rules.beats(card, best, led):
            best_seat, best = seat, card
    return best_seat


@dataclass(frozen=True, slots=True)
class Trick:
    """A finished (or, in a view, unfinished) trick."""

    leader: Seat
    plays: tuple[tuple[Seat, Card], ...]
    winner: Seat | None

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards in the order played."""
        return tuple(card for _, card in self.plays)

    def led_suit(self, rules: Rules) -> Suit | None:
        """The suit to follow (jokers lead as spades), or ``None`` if empty."""
        return rules.trick_suit(self.plays[0][1]) if self.plays else None

    def card_of(self, seat: Seat) -> Card | None:
        """The card a seat played to this trick, if any."""
        for s, card in self.plays:
            if s == seat:
                return card
        return None

    def __str__(self) -> str:
        cards = " ".join(f"{seat}:{card}" for seat, card in self.plays)
        won = f" -> {self.winner.full}" if self.winner is not None else ""
        return f"{cards}{won}"

    def _repr_html_(self) -> str:
        from .display import trick_html

        return trick_html(self)
