"""Suits, ranks and cards.

A :class:`Card` is an immutable value with exactly one instance per card, so
cards compare by identity, hash fast and can be used freely as dict keys.

>>> Card.parse("AS")
Card.parse('AS')
>>> str(Card.parse("th")), Card.parse("10♥").symbol, Card.parse("Q♣").name
('10H', '10♥', 'queen of clubs')
>>> sorted(Card.parse_many("AS 2C KD BJ"))
[Card.parse('2C'), Card.parse('KD'), Card.parse('AS'), Card.parse('BJ')]
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from typing import ClassVar

from .errors import InvalidCard

__all__ = ["FULL_DECK", "JOKERS", "SUIT_DISPLAY_ORDER", "Card", "Rank", "Suit"]


class Suit(enum.IntEnum):
    """The four suits, plus a pseudo-suit for jokers (which play as spades).

    >>> Card.parse("QH").suit, [suit.symbol for suit in Suit]
    (<Suit.HEARTS: 2>, ['♣', '♦', '♥', '♠', '★'])
    >>> Suit.HEARTS.plural, Suit.HEARTS.singular, Suit.HEARTS.is_red
    ('hearts', 'heart', True)
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    JOKER = 4

    def __str__(self) -> str:
        """The letter, as a card's code writes it (not the enum's number).

        >>> str(Suit.SPADES), f"{Suit.HEARTS}|{Suit.CLUBS:>2}"
        ('S', 'H| C')
        """
        return "CDHSJ"[self]

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    @property
    def letter(self) -> str:
        """One-letter code: ``C D H S``, and ``J`` for jokers."""
        return "CDHSJ"[self]

    @property
    def symbol(self) -> str:
        """Unicode suit symbol, ``★`` for jokers."""
        return "♣♦♥♠★"[self]

    @property
    def plural(self) -> str:
        """Lower-case English name: ``"clubs"``."""
        return ("clubs", "diamonds", "hearts", "spades", "jokers")[self]

    @property
    def singular(self) -> str:
        """Lower-case adjective form: ``"club"``."""
        return ("club", "diamond", "heart", "spade", "joker")[self]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Parse ``"S"``, ``"♠"`` or ``"spades"`` (any case).

        >>> Suit.parse("♥"), Suit.parse("clubs")
        (<Suit.HEARTS: 2>, <Suit.CLUBS: 0>)
        """
        key = text.strip().lower()
        for suit in cls:
            if key in (suit.letter.lower(), suit.symbol, suit.plural, suit.singular):
                return suit
        if key in ("♤", "♡", "♢", "♧"):
            return cls("♧♢♡♤".index(key))
        raise InvalidCard(f"{text!r} is not a suit: use C, D, H, S or ♣ ♦ ♥ ♠")


SUIT_DISPLAY_ORDER: tuple[Suit, ...] = (
    Suit.JOKER,
    Suit.SPADES,
    Suit.HEARTS,
    Suit.CLUBS,
    Suit.DIAMONDS,
)
"""The order suits are shown in a hand (trumps first, colours alternating);
every display (text, HTML, the table) uses this one order."""


class Rank(enum.IntEnum):
    """Ranks from two to ace, then the two jokers (used only by joker decks).

    >>> Card.parse("10H").rank, Rank.TEN.label, Rank.QUEEN.label, Rank.QUEEN.word
    (<Rank.TEN: 10>, '10', 'Q', 'queen')
    >>> Rank.ACE > Rank.KING, Rank.BIG_JOKER.label
    (True, 'BJ')
    """

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    LITTLE_JOKER = 15
    BIG_JOKER = 16

    def __str__(self) -> str:
        """The label, as a card's code writes it: ``f"{c.rank}{c.suit}"`` is
        ``str(c)`` for a card of a suit.

        >>> card = Card.parse("10H")
        >>> str(Rank.ACE), f"{card.rank}{card.suit}" == str(card)
        ('A', True)
        """
        return _RANK_LABELS[self]

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    @property
    def label(self) -> str:
        """Short label: ``"2"`` ... ``"10"``, ``"J" "Q" "K" "A"``, ``"LJ" "BJ"``."""
        return _RANK_LABELS[self]

    @property
    def word(self) -> str:
        """English name: ``"queen"``."""
        return self.name.lower().replace("_", " ")


_RANK_LABELS = {r: str(int(r)) for r in Rank if r <= 10}
_RANK_LABELS.update(
    {
        Rank.JACK: "J",
        Rank.QUEEN: "Q",
        Rank.KING: "K",
        Rank.ACE: "A",
        Rank.LITTLE_JOKER: "LJ",
        Rank.BIG_JOKER: "BJ",
    }
)


class Card:
    """A playing card; one shared instance per card.

    Build cards with :meth:`parse` (for people) or ``Card(rank, suit)``.
    ``str(card)`` round-trips through :meth:`parse`. Cards sort by suit
    (clubs, diamonds, hearts, spades, jokers), then by rank.

    >>> Card(Rank.ACE, Suit.SPADES) is Card.parse("A♠")
    True
    >>> Card.parse("BJ").name, Card.parse("lj").suit
    ('big joker', <Suit.JOKER: 4>)
    """

    __slots__ = ("index", "rank", "suit")
    _interned: ClassVar[dict[tuple[Rank, Suit], Card]] = {}

    rank: Rank
    suit: Suit
    index: int

    def __new__(cls, rank: Rank | int, suit: Suit | int) -> Card:
        try:
            return cls._interned[(rank, suit)]  # type: ignore[index]
        except (KeyError, TypeError):  # TypeError: something unhashable
            pass
        try:
            rank, suit = Rank(rank), Suit(suit)
        except (ValueError, TypeError):
            raise InvalidCard(_how_to_write(rank, suit)) from None
        if (suit is Suit.JOKER) != (rank >= Rank.LITTLE_JOKER):
            raise InvalidCard(f"no card has rank {rank.word} and suit {suit.plural}")
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        index = (
            52 + rank - Rank.LITTLE_JOKER
            if suit is Suit.JOKER
            else suit * 13 + rank - 2
        )
        object.__setattr__(card, "index", index)
        cls._interned[(rank, suit)] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int, int]]:
        return (Card, (int(self.rank), int(self.suit)))

    def __hash__(self) -> int:
        return self.index

    # Cards are interned, so equality is identity. Spelling it out keeps
    # ``==`` (and so ``list.remove``, ``in``) to one call: with only the
    # ordering methods defined, Python would try ``__eq__`` both ways first.
    def __eq__(self, other: object) -> bool:
        return self is other

    def __ne__(self, other: object) -> bool:
        return self is not other

    def __lt__(self, other: Card) -> bool:
        if other.__class__ is not Card:
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        if other.__class__ is not Card:
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        if other.__class__ is not Card:
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        if other.__class__ is not Card:
            return NotImplemented
        return self.index >= other.index

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """Parse ``"AS"``, ``"10H"``, ``"TH"``, ``"A♠"``, ``"♠A"``, ``"BJ"``, ``"LJ"``,
        or a card's name as :attr:`name` writes it (``"the king of hearts"``).

        >>> Card.parse(" 10d "), Card.parse("♦10"), Card.parse("Td")
        (Card.parse('10D'), Card.parse('10D'), Card.parse('10D'))
        >>> Card.parse("The King of Hearts"), Card.parse("10 of spades")
        (Card.parse('KH'), Card.parse('10S'))
        >>> Card.parse("queen hearts")
        Traceback (most recent call last):
        spadeslib.errors.InvalidCard: 'queen hearts' is not a card: write a rank
        and a suit, such as 'AS', '10H', 'TD' or 'Q♣', or its name, 'queen of
        hearts' ('BJ'/'LJ' for a joker)
        """
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise InvalidCard(
                f"{text!r} is not a card: cards are written as strings like 'AS'"
            )
        key = " ".join(text.upper().split()).removeprefix("THE ")
        card = _BY_TEXT.get(key)
        if card is None and "\ufe0f" in key:  # "10♠️": an emoji picker's ♠
            card = _BY_TEXT.get(key.replace("\ufe0f", ""))
        if card is None:
            raise InvalidCard(
                f"{text!r} is not a card: write a rank and a suit, such as 'AS', "
                "'10H', 'TD' or 'Q♣', or its name, 'queen of hearts' ('BJ'/'LJ' "
                "for a joker)"
            )
        return card

    @classmethod
    def parse_many(cls, cards: str | Iterable[str | Card]) -> list[Card]:
        """Parse a space- or comma-separated string, or an iterable of cards.

        >>> Card.parse_many("AS, KS 2H")
        [Card.parse('AS'), Card.parse('KS'), Card.parse('2H')]
        """
        if isinstance(cards, str):
            # a joker's name is two words: "Big Joker, 2♠" reads as BJ, 2♠
            cards = _JOKER_NAMES.sub(
                lambda m: "BJ" if m.group(1).lower() == "big" else "LJ",
                cards.replace(",", " "),
            ).split()
        elif not isinstance(cards, Iterable):
            raise InvalidCard(f"{cards!r:.40} is not a list of cards")
        return [cls.parse(c) for c in cards]

    def __str__(self) -> str:
        if self.suit is Suit.JOKER:
            return self.rank.label
        return self.rank.label + self.suit.letter

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @property
    def symbol(self) -> str:
        """Rank and suit symbol: ``"A♠"``, ``"10♥"``; a joker's name, ``"Big
        Joker"`` (``"BJ★"`` read nothing to a learner). A property, as
        :attr:`Suit.symbol` and :attr:`name` are.

        >>> Card.parse("10H").symbol, Card.parse("BJ").symbol
        ('10♥', 'Big Joker')
        """
        if self.suit is Suit.JOKER:
            return self.rank.word.title()
        return self.rank.label + self.suit.symbol

    @property
    def name(self) -> str:
        """English words: ``"ace of spades"``, ``"big joker"``."""
        if self.suit is Suit.JOKER:
            return self.rank.word
        return f"{self.rank.word} of {self.suit.plural}"

    @property
    def is_joker(self) -> bool:
        """True for the two jokers."""
        return self.suit is Suit.JOKER

    def _repr_html_(self) -> str:
        from .display import card_html

        return card_html(self)


def _how_to_write(rank: object, suit: object) -> str:
    """The refusal of ``Card(rank, suit)`` with a rank or suit that is not
    one: how to write the card meant (the ace of spades when unclear)."""
    card = _BY_TEXT.get(f"{rank}{suit}".upper()) if isinstance(rank, str) else None
    if card is None:
        card = Card(Rank.ACE, Suit.SPADES)
    return (
        f"Card({rank!r:.20}, {suit!r:.20}) is not a card: write "
        f"Card.parse({str(card)!r}) or Card(Rank.{card.rank.name}, "
        f"Suit.{card.suit.name})"
    )


def _build_table() -> dict[str, Card]:
    table: dict[str, Card] = {}
    for suit in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES):
        for rank in Rank:
            if rank > Rank.ACE:
                continue
            card = Card(rank, suit)
            labels = [rank.label] + (["T"] if rank == Rank.TEN else [])
            suits = [suit.letter, suit.symbol, "♧♢♡♤"[suit]]
            for label in labels:
                for s in suits:
                    table[label + s] = card
                    table[s + label] = card
            for word in (rank.word, rank.label):  # "king of hearts", as name says
                for name in (suit.plural, suit.singular):
                    table[f"{word} of {name}".upper()] = card
    for rank in (Rank.LITTLE_JOKER, Rank.BIG_JOKER):
        card = Card(rank, Suit.JOKER)
        table[rank.label] = card
        table[rank.label + "★"] = card
        table[rank.word.upper()] = card  # "BIG JOKER", as .symbol writes it
    return table


_BY_TEXT = _build_table()
_JOKER_NAMES = re.compile(r"\b(big|little)\s+joker\b", re.IGNORECASE)

FULL_DECK: tuple[Card, ...] = tuple(
    sorted({c for c in _BY_TEXT.values() if not c.is_joker})
)
"""The 52 standard cards, sorted."""

JOKERS: tuple[Card, Card] = (
    Card(Rank.LITTLE_JOKER, Suit.JOKER),
    Card(Rank.BIG_JOKER, Suit.JOKER),
)
"""The little and the big joker (for the joker decks), in card order."""
