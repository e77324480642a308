"""Shuffling and dealing, and reading a given deal or stock.

A seeded deal shuffles ``rules.deck`` as ``random.Random(seed).shuffle``
would and deals it one card at a time from the dealer's left.

>>> from spadeslib import Rules, Seat
>>> holding, suits = shuffled_deal(Rules(), Seat.WEST, generator(7))
>>> [len(h) for h in holding], holding[0] == sorted(holding[0])
([13, 13, 13, 13], True)
"""

from __future__ import annotations

import _random
import random
from bisect import bisect_left
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .cards import Card
from .errors import InvalidDeal, SpadesError
from .rules import Rules
from .seats import Seat

__all__ = [
    "SEED_CHARS",
    "checked_seed",
    "generator",
    "is_game_seed",
    "is_seed",
    "read_deal",
    "read_stock",
    "shuffled_deal",
    "shuffled_positions",
    "shuffled_stock",
]


_BITS = tuple(n.bit_length() for n in range(128))


#: a game's seed is an int or a text, at most this many characters written
SEED_CHARS = 200


def is_seed(seed: object) -> bool:
    """Whether ``seed`` is a seed: a whole number or a text (not a bool).

    >>> is_seed(2024), is_seed("class-7b"), is_seed(True), is_seed(1.5)
    (True, True, False, False)
    """
    return isinstance(seed, (int, str)) and not isinstance(seed, bool)


def is_game_seed(seed: object) -> bool:
    """Whether ``seed`` may seed a game that its record can carry: an int or
    a text, written in at most :data:`SEED_CHARS` characters.

    >>> is_game_seed(2024), is_game_seed("class-7b"), is_game_seed(1.5)
    (True, True, False)
    """
    return is_seed(seed) and len(str(seed)) <= SEED_CHARS


def read_seed(text: str) -> int | str | None:
    """A seed as a person types it: nothing is no seed, a number written in at
    most 18 digits (``"2024"``) is that number, anything else the text itself
    (``"-3"`` too: ``random`` would deal it as 3).

    >>> read_seed(" 2024 "), read_seed("class-7b"), read_seed("-3"), read_seed("")
    (2024, 'class-7b', '-3', None)
    """
    text = text.strip()
    if not text:
        return None
    if text.isascii() and text.isdigit() and len(text) <= 18:
        return int(text)
    return text


def generator(seed: object) -> random.Random:
    """``random.Random(seed)``; for an int seed (or none) the C generator
    underneath, which draws the same numbers without the Python wrapper.

    >>> generator(7).random() == random.Random(7).random()
    True
    >>> generator(1.5)
    Traceback (most recent call last):
    ...
    spadeslib.errors.SpadesError: a seed is a whole number or a text, ... not 1.5
    """
    if seed is None or seed.__class__ is int:
        return _random.Random(seed)  # type: ignore[return-value]
    return random.Random(checked_seed(seed))


def checked_seed(seed: object) -> int | str | None:
    """``seed`` itself if it is a seed (or None: no seed), else a clear error.

    >>> checked_seed("class-7b")
    'class-7b'
    >>> checked_seed([1])
    Traceback (most recent call last):
    ...
    spadeslib.errors.SpadesError: a seed is a whole number or a text, ... not [1]
    """
    if seed is not None and not is_seed(seed):
        raise SpadesError(
            f"a seed is a whole number or a text, such as 2024 or 'class-7b', "
            f"not {seed!r}"
        )
    return seed  # type: ignore[return-value]


def shuffled_positions(size: int, rng: random.Random) -> list[int]:
    """``list(range(size))`` shuffled exactly as ``rng.shuffle`` does it (the
    Fisher-Yates walk of :meth:`random.Random.shuffle`, drawing each index
    with ``getrandbits`` and rejection), without its per-call overhead.

    >>> rng = random.Random(3); cards = list(range(10)); rng.shuffle(cards)
    >>> shuffled_positions(10, random.Random(3)) == cards
    True
    """
    x = list(range(size))
    getrandbits = rng.getrandbits
    bits = _BITS
    for i in range(size - 1, 0, -1):
        n = i + 1
        k = bits[n]
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]
    return x


def shuffled_stock(rules: Rules, rng: random.Random) -> tuple[Card, ...]:
    """The two-player stock: the deck, shuffled.

    >>> rules = Rules("two-player")
    >>> stock = shuffled_stock(rules, generator(7))
    >>> len(stock), stock[:2], sorted(stock) == list(rules.deck)
    (52, (Card.parse('6D'), Card.parse('2S')), True)
    """
    deck = rules.deck
    return tuple([deck[i] for i in shuffled_positions(len(deck), rng)])


def shuffled_deal(
    rules: Rules, dealer: Seat, rng: random.Random
) -> tuple[list[list[Card]], list[list[list[Card]]]]:
    """Shuffle and deal one card at a time, starting left of the dealer.

    Returns each seat's sorted cards and the same split by the suit they
    follow as (clubs, diamonds, hearts, spades with jokers). The deck is in
    card order, so sorting a packet of positions sorts the cards, and each
    suit is one run of the sorted packet.

    >>> holding, suits = shuffled_deal(Rules(), Seat.WEST, generator(7))
    >>> suits[Seat.NORTH][3]  # North's spades
    [Card.parse('3S'), Card.parse('4S'), Card.parse('5S'), Card.parse('QS')]
    >>> sum(suits[Seat.NORTH], []) == holding[Seat.NORTH]
    True
    """
    deck = rules.deck
    clubs, diamonds, hearts = rules._suit_bounds
    order = shuffled_positions(len(deck), rng)
    get = deck.__getitem__
    first = dealer + 1
    holding = []
    suits = []
    for seat in range(4):
        packet = order[(seat - first) % 4 :: 4]
        packet.sort()
        cards = list(map(get, packet))
        a = bisect_left(packet, clubs)
        b = bisect_left(packet, diamonds, a)
        c = bisect_left(packet, hearts, b)
        holding.append(cards)
        suits.append([cards[:a], cards[a:b], cards[b:c], cards[c:]])
    return holding, suits


def read_deal(
    rules: Rules, deal: Mapping[Any, Iterable[Card | str] | str]
) -> dict[Seat, list[Card]]:
    """A given deal (seat -> 13 cards), checked against the rules' deck;
    :class:`InvalidDeal` names the seat and its count, or the card:

    >>> read_deal(Rules(), {"N": "AS"})
    Traceback (most recent call last):
    ...
    spadeslib.errors.InvalidDeal: bad deal: North has 1 card, not 13
    """
    if not isinstance(deal, Mapping):
        raise InvalidDeal(
            f"bad deal: a deal maps each seat to its 13 cards, not {deal!r:.40}"
        )
    try:
        cards = {Seat.parse(s): Card.parse_many(c) for s, c in deal.items()}
    except SpadesError as error:
        raise InvalidDeal(f"bad deal: {error}") from None
    for seat in rules._seats:
        if len(cards.get(seat, ())) != 13:
            count = len(cards.get(seat, ()))
            cards_ = "card" if count == 1 else "cards"
            raise InvalidDeal(f"bad deal: {seat.full} has {count} {cards_}, not 13")
    _check_deck(rules, [c for seat in rules._seats for c in cards[seat]], "deal")
    return cards


def read_stock(rules: Rules, stock: Sequence[Card | str]) -> tuple[Card, ...]:
    """A given two-player stock, checked against the rules' deck
    (:class:`InvalidDeal` if it is not that deck, each card once).

    >>> from spadeslib import FULL_DECK
    >>> len(read_stock(Rules("two-player"), FULL_DECK))
    52
    >>> read_stock(Rules("two-player"), ["AS", "KS", "AS"])
    Traceback (most recent call last):
    ...
    spadeslib.errors.InvalidDeal: bad stock: AS appears twice
    """
    try:
        cards = tuple(Card.parse_many(stock))
    except SpadesError as error:
        raise InvalidDeal(f"bad stock: {error}") from None
    _check_deck(rules, list(cards), "stock")
    return cards


def _check_deck(rules: Rules, cards: list[Card], what: str) -> None:
    deck = set(rules.deck)
    seen: set[Card] = set()
    for card in cards:
        if card not in deck:
            raise InvalidDeal(
                f"bad {what}: {card} is not in the {rules.full_spec} deck"
            )
        if card in seen:
            raise InvalidDeal(f"bad {what}: {card} appears twice")
        seen.add(card)
    if len(seen) != len(deck):
        raise InvalidDeal(f"bad {what}: {len(seen)} cards, the deck has {len(deck)}")
