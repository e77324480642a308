"""The decisions a player takes, as small immutable values.

Playing a card is just the :class:`~spadeslib.cards.Card`. The other actions:

- :class:`Bid`: a number of tricks, ``nil``, ``blind_nil`` or ``blind_seven``;
- :data:`LOOK`: look at your cards, giving up a blind bid you were offered;
- :data:`KEEP` / :data:`TAKE_NEXT`: the two-player draw (keep the top card of
  the stock, or discard it and keep the next one);
- :class:`Exchange`: the cards a blind-nil bidder or partner passes across;
- :class:`Discard`: a two-player blind-nil bidder's (up to three) discards.

>>> Bid.parse("nil"), Bid.parse(4), Bid.parse("blind nil")
(Bid.NIL, Bid(4), Bid.BLIND_NIL)
>>> str(Bid(4)), Bid.BLIND_NIL.to_json(), Bid(4).to_json()
('4', 'blind_nil', 4)
"""

from __future__ import annotations

import enum
import operator
from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from .cards import Card
from .errors import SpadesError
from .phase import Phase

__all__ = [
    "KEEP",
    "LOOK",
    "TAKE_NEXT",
    "Action",
    "Bid",
    "BidKind",
    "Discard",
    "Draw",
    "Exchange",
    "Look",
    "parse_action",
]


class BidKind(enum.Enum):
    """What sort of bid: a number of tricks, or one of the special bids.

    >>> Bid(4).kind, Bid.parse("blind nil").kind
    (<BidKind.NUMBER: 'number'>, <BidKind.BLIND_NIL: 'blind_nil'>)
    >>> Bid(3, BidKind.NIL)
    Traceback (most recent call last):
    ...
    spadeslib.errors.SpadesError: Bid(3, <BidKind.NIL: 'nil'>) is not a bid: ...
    """

    NUMBER = "number"
    NIL = "nil"
    BLIND_NIL = "blind_nil"
    BLIND_SEVEN = "blind_seven"


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid. ``Bid(4)`` bids four tricks; special bids are class constants.

    ``tricks`` is what the bid adds to the team contract (0 for the nil bids,
    7 for blind seven).

    >>> Bid(4).tricks, Bid.NIL.tricks, Bid.BLIND_SEVEN.tricks
    (4, 0, 7)
    >>> Bid.BLIND_NIL.label(), Bid.BLIND_NIL.is_nil, Bid.BLIND_NIL.is_blind
    ('Blind Nil', True, True)
    """

    tricks: int
    kind: BidKind = BidKind.NUMBER

    NIL: ClassVar[Bid]
    BLIND_NIL: ClassVar[Bid]
    BLIND_SEVEN: ClassVar[Bid]

    def __post_init__(self) -> None:
        # Bid(3.0) equals Bid(3): kept as given, a game's record would hold a
        # float that no reader takes back. A whole number of any integer type
        # (numpy's too) becomes an int; anything else is refused.
        tricks = self.tricks
        if tricks.__class__ is not int:
            if isinstance(tricks, bool) or not hasattr(tricks, "__index__"):
                raise SpadesError(
                    f"{tricks!r} is not a bid: a bid is a whole number of tricks"
                )
            object.__setattr__(self, "tricks", operator.index(tricks))
        kind = self.kind
        if kind is not BidKind.NUMBER:
            fixed = 7 if kind is BidKind.BLIND_SEVEN else 0
            if self.tricks != fixed or kind.__class__ is not BidKind:
                raise SpadesError(
                    f"Bid({self.tricks!r}, {kind!r}) is not a bid: write Bid.NIL, "
                    "Bid.BLIND_NIL or Bid.BLIND_SEVEN for the special bids"
                )

    @property
    def is_nil(self) -> bool:
        """True for Nil and Blind Nil."""
        return self.kind is BidKind.NIL or self.kind is BidKind.BLIND_NIL

    @property
    def is_blind(self) -> bool:
        """True for the bids made without looking (Blind Nil, Blind Seven)."""
        return self.kind is BidKind.BLIND_NIL or self.kind is BidKind.BLIND_SEVEN

    @classmethod
    def parse(cls, value: Bid | int | str) -> Bid:
        """Parse an int, ``"4"``, ``"nil"``, ``"blind_nil"``/``"blind nil"``,
        ``"double nil"`` or ``"blind_seven"``."""
        if isinstance(value, Bid):
            return value
        if hasattr(value, "__index__") and not isinstance(value, bool):
            return cls(operator.index(value))
        if isinstance(value, str):
            key = value.strip().lower().replace(" ", "_").replace("-", "_")
            if key.lstrip("-").isdecimal():  # not "²": a digit int() refuses
                return cls(int(key))
            special = _SPECIAL.get(key)
            if special is not None:
                return special
        # every bid any rule set has, in the words a Hand uses (a Hand, and
        # score_hand, refuse in the words of their own rules: bid_words)
        raise SpadesError(
            f"{value!r:.40} is not a bid: bid a number of tricks, 'nil', "
            "'blind nil' or 'blind seven'"
        )

    def to_json(self) -> int | str:
        """The record form: an int for numbers, else the kind's name."""
        return self.tricks if self.kind is BidKind.NUMBER else self.kind.value

    def __str__(self) -> str:
        return str(self.to_json())

    def __repr__(self) -> str:
        if self.kind is BidKind.NUMBER:
            return f"Bid({self.tricks})"
        return f"Bid.{self.kind.name}"

    def label(self) -> str:
        """Human label: ``"4"``, ``"Nil"``, ``"Blind Nil"``, ``"Blind Seven"``."""
        if self.kind is BidKind.NUMBER:
            return str(self.tricks)
        value: str = self.kind.value  # Any for a union of members
        return value.replace("_", " ").title()


Bid.NIL = Bid(0, BidKind.NIL)
Bid.BLIND_NIL = Bid(0, BidKind.BLIND_NIL)
Bid.BLIND_SEVEN = Bid(7, BidKind.BLIND_SEVEN)
_SPECIAL = {
    "nil": Bid.NIL,
    "blind_nil": Bid.BLIND_NIL,
    "blindnil": Bid.BLIND_NIL,
    "double_nil": Bid.BLIND_NIL,
    "blind_seven": Bid.BLIND_SEVEN,
    "blind_7": Bid.BLIND_SEVEN,
}


@dataclass(frozen=True, slots=True)
class Look:
    """Look at your cards, declining the blind bid you were offered. There
    is one such action: ``Look()`` is :data:`LOOK` (the engine compares with
    ``is``).

    >>> parse_action("look", Phase.BIDDING) is LOOK, str(LOOK), Look() is LOOK
    (True, 'look', True)
    """

    _one = None  # the one instance (a class attribute, not a field)

    def __new__(cls) -> Look:
        if cls._one is None:
            cls._one = object.__new__(cls)
        return cls._one

    def __str__(self) -> str:
        return "look"

    def label(self, players: int = 4) -> str:
        """In words: ``"look at your cards"``; two players, who draw their
        cards one by one, ``"draw your cards"``.

        >>> LOOK.label(), LOOK.label(players=2)
        ('look at your cards', 'draw your cards')
        """
        return "draw your cards" if players == 2 else "look at your cards"

    def __repr__(self) -> str:
        return "LOOK"


LOOK = Look()


@dataclass(frozen=True, slots=True)
class Draw:
    """Two-player draw: keep the top card of the stock (``keep=True``) or
    discard it face down and keep the next one.

    >>> parse_action("take next", Phase.DRAW), KEEP.keep, str(TAKE_NEXT)
    (TAKE_NEXT, True, 'discard')
    """

    keep: bool

    def __str__(self) -> str:
        return "keep" if self.keep else "discard"

    def __repr__(self) -> str:
        return "KEEP" if self.keep else "TAKE_NEXT"


KEEP = Draw(True)
TAKE_NEXT = Draw(False)


def _cards_tuple(cards: str | Iterable[Card | str]) -> tuple[Card, ...]:
    return tuple(sorted(Card.parse_many(cards)))


@dataclass(frozen=True, slots=True)
class Exchange:
    """Cards passed face down to a partner in a blind-nil exchange.

    >>> Exchange.of("AS 2C")
    Exchange.of('2C AS')
    """

    cards: tuple[Card, ...]

    @classmethod
    def of(cls, cards: str | Iterable[Card | str]) -> Exchange:
        """Build from card strings or cards (kept sorted)."""
        return cls(_cards_tuple(cards))

    def __str__(self) -> str:
        return "pass " + " ".join(map(str, self.cards))

    def __repr__(self) -> str:
        return f"Exchange.of({' '.join(map(str, self.cards))!r})"


@dataclass(frozen=True, slots=True)
class Discard:
    """A two-player blind-nil bidder's discards (possibly none).

    >>> Discard.of("4H 7C"), str(Discard.of([]))
    (Discard.of('7C 4H'), 'discard none')
    """

    cards: tuple[Card, ...]

    @classmethod
    def of(cls, cards: str | Iterable[Card | str]) -> Discard:
        """Build from card strings or cards (kept sorted)."""
        return cls(_cards_tuple(cards))

    def __str__(self) -> str:
        return "discard " + (" ".join(map(str, self.cards)) or "none")

    def __repr__(self) -> str:
        return f"Discard.of({' '.join(map(str, self.cards))!r})"


Action = Card | Bid | Look | Draw | Exchange | Discard
"""Any decision a player can take."""


_PARSE_ORDER = (
    Phase.PLAYING,
    Phase.BIDDING,
    Phase.DRAW,
    Phase.EXCHANGE,
    Phase.BLIND_DISCARD,
)


def parse_action(action: Action | str | int, phase: Phase) -> Action:
    """Read an action from text as ``phase`` expects it: ``"QH"`` while
    playing, ``4`` or ``"nil"`` while bidding, ``"keep"``, ``"pass 2C 3D"``,
    ``"discard 4H"`` and so on. Text that fits another phase is still read
    (so that the error can say what was tried).

    >>> parse_action("qh", Phase.PLAYING), parse_action("nil", Phase.PLAYING)
    (Card.parse('QH'), Bid.NIL)
    """
    if isinstance(action, (Card, Bid, Look, Draw, Exchange, Discard)):
        return action
    number = hasattr(type(action), "__index__")  # an int, numpy's too
    if not (isinstance(action, str) or number) or isinstance(action, bool):
        raise SpadesError(
            f"{action!r:.40} is not a move: write a card, a bid or a word such "
            "as 'look', as text"
        )
    text = str(action).strip().lower()
    if text == "look":
        return LOOK
    try:
        return _parse_in_phase(action, text, phase)
    except SpadesError as error:
        for other in _PARSE_ORDER:
            if other is phase or (
                other in (Phase.EXCHANGE, Phase.BLIND_DISCARD)
                and not text.startswith(("pass ", "discard "))
            ):
                continue
            try:
                return _parse_in_phase(action, text, other)
            except SpadesError:
                continue
        raise error


def _parse_in_phase(action: str | int, text: str, phase: Phase) -> Action:
    if phase is Phase.PLAYING:
        return Card.parse(str(action))
    if phase is Phase.DRAW:
        words = text.replace("-", " ").replace("_", " ").split()
        if words in (["keep"], ["discard"], ["take", "next"], ["next"]):
            return KEEP if words == ["keep"] else TAKE_NEXT
        try:
            return Bid.parse(action)
        except SpadesError:
            raise SpadesError(
                f"{str(action).strip()!r} is not a move of the draw: 'keep' (the "
                "top card) or 'take_next' (the next one)"
            ) from None
    if phase is Phase.EXCHANGE:
        return Exchange.of(str(action).strip().removeprefix("pass"))
    if phase is Phase.BLIND_DISCARD:
        rest = str(action).strip()
        rest = rest[len("discard") :] if text.startswith("discard") else rest
        if not rest.strip():  # keeping every card is said, not left blank
            raise SpadesError(
                "name the cards to discard ('discard 4H 7C'), or 'discard none' "
                "to keep them all"
            )
        return Discard.of("" if rest.strip().lower() == "none" else rest)
    return Bid.parse(action)
