"""One hierarchy for everything spadeslib rejects.

Every error subclasses :class:`SpadesError`, itself a :class:`ValueError`, so
``except ValueError`` still works for callers who do not care which rule was
broken.

>>> from spadeslib import Card
>>> try:
...     Card.parse("1Z")
... except SpadesError as error:
...     print(type(error).__name__, "-", error)  # doctest: +ELLIPSIS
InvalidCard - '1Z' is not a card: write a rank and a suit, such as 'AS', ...
"""

from __future__ import annotations

from typing import TypeGuard

__all__ = [
    "IllegalAction",
    "InvalidCard",
    "InvalidDeal",
    "InvalidRecord",
    "InvalidRules",
    "SpadesError",
    "is_number",
    "is_whole",
]


class SpadesError(ValueError):
    """Base class of every error raised by spadeslib.

    >>> from spadeslib import Bid
    >>> try:
    ...     Bid.parse("pass")
    ... except ValueError as error:  # a SpadesError is a ValueError
    ...     print(type(error).__name__, "-", error)  # doctest: +ELLIPSIS
    SpadesError - 'pass' is not a bid: bid a number of tricks, 'nil', ...
    """


class InvalidCard(SpadesError):
    """A string that does not name a card.

    >>> from spadeslib import Card
    >>> Card.parse("11H")
    Traceback (most recent call last):
    ...
    spadeslib.errors.InvalidCard: '11H' is not a card: write a rank and a suit, ...
    """


class InvalidRules(SpadesError):
    """An unknown preset or modifier, an incompatible combination or a bad
    parameter.

    >>> from spadeslib import Rules
    >>> Rules("bridge")
    Traceback (most recent call last):
    ...
    spadeslib.errors.InvalidRules: unknown preset 'bridge': choose one of cards4net, ...
    """


class IllegalAction(SpadesError):
    """An action the rules forbid at this point of the hand.

    ``seat`` is the seat that tried to act (or whose turn it was), ``action``
    the rejected action, and ``rule`` a short, stable identifier of the rule
    broken (for example ``"follow-suit"`` or ``"spades-not-broken"``, listed
    in :class:`~spadeslib.rule_ids.RuleId`), handy for tests and for exercises
    that diagnose a learner's mistake.

    >>> from spadeslib import Hand
    >>> hand = Hand("classic", dealer="N", seed=5)
    >>> error = hand.check(2, seat="N")
    >>> error.seat, error.action, error.rule
    (<Seat.NORTH: 0>, Bid(2), 'not-your-turn')
    """

    def __init__(
        self,
        message: str,
        *,
        seat: object = None,
        action: object = None,
        rule: str = "",
    ) -> None:
        super().__init__(message)
        self.seat = seat
        self.action = action
        # a RuleId (a str enum) is kept as its plain string value
        self.rule: str = getattr(rule, "value", rule)


class InvalidDeal(SpadesError):
    """A given deal or two-player stock that the rules' deck cannot produce:
    a seat without its 13 cards, a card twice, or a card not in the deck.

    Not an :class:`InvalidRecord`: no record is involved
    when a deal is given to a hand or a game (reading a record wraps it in
    one, naming the hand).

    >>> from spadeslib import Hand
    >>> Hand("two-player", stock="AS KS QS")
    Traceback (most recent call last):
    ...
    spadeslib.errors.InvalidDeal: bad stock: 3 cards, the deck has 52
    """


class InvalidRecord(SpadesError):
    """A game record that is malformed or describes an impossible game.

    >>> from spadeslib.record import loads
    >>> loads('{"rules": "classic", "hands": [{"dealer": "E", "bids": [3]}]}')
    Traceback (most recent call last):
    ...
    spadeslib.errors.InvalidRecord: hand 1: a four-player hand needs "deal"
    """


def is_whole(value: object) -> bool:
    """Whether ``value`` is a whole number (an ``int``, and not a ``bool``),
    the test behind every count and number of tricks the library checks.

    >>> is_whole(3), is_whole(True), is_whole(3.0), is_whole("3")
    (True, False, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool)


def is_number(value: object) -> TypeGuard[float]:
    """Whether ``value`` is a number (an ``int`` or a ``float``, not a
    ``bool``), the test behind every weight, timer and parameter checked.

    >>> is_number(2.5), is_number(3), is_number(True), is_number("3")
    (True, True, False, False)
    """
    return isinstance(value, (int, float)) and not isinstance(value, bool)
