"""Tricks: who led, what was played, who won.

>>> from spadeslib import Rules, Seat, Card
>>> rules = Rules()
>>> plays = [(Seat.NORTH, Card.parse("KH")), (Seat.EAST, Card.parse("AH")),
...          (Seat.SOUTH, Card.parse("2S")), (Seat.WEST, Card.parse("3H"))]
>>> trick_winner(rules, plays)
<Seat.SOUTH: 2>
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Card, Suit
from .errors import SpadesError
from .rules import Rules, rules_of
from .seats import Seat, not_playing

__all__ = ["Trick", "trick_winner"]


def trick_winner(rules: Rules | str, plays: Sequence[tuple[Seat, Card]]) -> Seat:
    """The seat whose card wins: the highest trump, else the highest card of
    the suit led. ``plays`` are (seat, card) pairs in the order played; text
    is read (``("E", "AH")``). A trick of no cards, a seat or card twice, a
    seat that does not play under the rules, or a card not in the rule set's
    deck is refused. The rules may be written as
    text, as :class:`~spadeslib.game.Game` takes them:

    >>> trick_winner("classic", [("N", "KH"), ("E", "AH")])
    <Seat.EAST: 1>

    >>> trick_winner(Rules.parse("cards4net+jokers"), [("N", "2C")])
    Traceback (most recent call last):
    ...
    spadeslib.errors.SpadesError: North's 2♣ is not in the cards4net+jokers deck
    """
    rules = rules_of(rules, "trick_winner")
    return _winner(rules, _read_plays(rules, plays))


def _winner(rules: Rules, plays: Sequence[tuple[Seat, Card]]) -> Seat:
    """:func:`trick_winner` without reading or checking its input: ``rules``
    a :class:`Rules`, ``plays`` 1 to ``rules.players`` (Seat, Card) pairs of
    distinct seats and cards of the deck (for callers that built them so,
    such as the exact solver's positions)."""
    led = rules.trick_suit(plays[0][1])
    best_seat, best = plays[0]
    for seat, card in plays[1:]:
        if rules.beats(card, best, led):
            best_seat, best = seat, card
    return best_seat


def _read_plays(
    rules: Rules, plays: Sequence[tuple[Seat | str, Card | str]]
) -> list[tuple[Seat, Card]]:
    if isinstance(plays, str) or not 1 <= len(plays) <= rules.players:
        raise SpadesError(
            f"a trick is 1 to {rules.players} (seat, card) plays, not {plays!r:.60}"
        )
    read: list[tuple[Seat, Card]] = []
    in_deck = rules._in_deck
    for play in plays:
        try:
            seat, card = play
            # Seat.parse and Card.parse return a Seat or a Card as it is
            if seat.__class__ is not Seat:
                seat = Seat.parse(seat)
            if card.__class__ is not Card:
                card = Card.parse(card)
        except (SpadesError, TypeError, ValueError):
            raise SpadesError(
                f"a play is a (seat, card) pair such as ('E', 'AH'), not {play!r:.40}"
            ) from None
        if seat not in rules.seats:  # East or West, with two players
            raise not_playing(seat, rules.seats)
        if not in_deck >> card.index & 1:  # card not in rules.deck
            raise SpadesError(
                f"{seat.full}'s {card.symbol} is not in the {rules.full_spec} deck"
            )
        for s, c in read:  # seats are enum members, cards interned
            if seat is s or card is c:
                raise SpadesError(
                    f"{seat.full} {card.symbol}: a seat plays once to a trick, "
                    "and a card is played once"
                )
        read.append((seat, card))
    return read


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

    def led_suit(self, rules: Rules | str) -> Suit | None:
        """The suit to follow (jokers lead as spades), or ``None`` if empty;
        the rules may be written as text (``"cards4net+jokers"``)."""
        if not self.plays:
            return None
        if rules.__class__ is not Rules:
            rules = rules_of(rules, "led_suit")
        return rules.trick_suit(self.plays[0][1])

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
