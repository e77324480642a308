"""The counts the course teaches, one function each, so that a chapter's lesson
and the exercise that checks it use the same method and cannot drift apart.

- :func:`quick_tricks`: chapter 3's quick trick count (side aces 1, guarded
  side kings ½, spade ace, guarded king and queen with 3+ spades 1 each, every
  spade beyond the third 1); :func:`quick_trick_parts` says where each part
  comes from.
- :func:`holding_chance`: chapter 2's exact chance of being dealt ``k`` cards
  of a suit (or at least ``k``).
- :func:`nil_average` and :func:`nil_break_even`: chapter 9's expected value
  of a Nil and the success rate above which it beats a safe bid.

Bag arithmetic (chapter 7) is :func:`spadeslib.scoring.apply_bags` and a hand's
points (chapter 6) are :func:`spadeslib.scoring.score_hand`; the counting of
cards still out and of voids (chapter 10) are :meth:`PlayerView.unseen_cards`
and :meth:`PlayerView.voids`.

>>> from spadeslib import Card
>>> quick_tricks(Card.parse_many("AS QS 10S 5S 3S QH 8H 9C 8C AD 10D 7D 2D"))
5.0
>>> round(holding_chance(5, at_least=True), 3)
0.176
>>> nil_average(0.7, 100), nil_break_even(100, 30)
(40.0, 0.65)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from .cards import Card, Rank, Suit
from .errors import SpadesError, is_number, is_whole

__all__ = [
    "holding_chance",
    "nil_average",
    "nil_break_even",
    "quick_trick_parts",
    "quick_tricks",
]

SIDE_SUITS = (Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)


def quick_trick_parts(
    cards: Iterable[Card],
    *,
    side_king: float = 0.5,
    bare_kings: bool = False,
    spade_queen: bool = True,
    long_spades: bool = True,
    side_queens: float = 0.0,
) -> list[tuple[str, float]]:
    """The parts of the quick count: ``(what, tricks)`` for every card or group
    that counts. The keywords give the usual variations (and miscounts):
    ``side_king`` (what a guarded side king is worth), ``bare_kings`` (count a
    king with no other card of its suit), ``spade_queen`` (the queen of spades
    with 3+ spades), ``long_spades`` (spades beyond the third) and
    ``side_queens`` (what a side queen with 2+ guards is worth).

    >>> from spadeslib import Card
    >>> quick_trick_parts(Card.parse_many("AS KS 5S 4S KH 2H AD"))
    [('A♠', 1.0), ('K♠ (2+ spades)', 1.0), ('1 spade beyond the third', 1.0), \
('K♥ (with another ♥)', 0.5), ('A♦', 1.0)]
    """
    cards = [c for c in Card.parse_many(cards) if c.suit is not Suit.JOKER]
    parts: list[tuple[str, float]] = []
    spades = [c for c in cards if c.suit is Suit.SPADES]
    ranks = {c.rank for c in spades}
    if Rank.ACE in ranks:
        parts.append(("A♠", 1.0))
    if Rank.KING in ranks and (len(spades) >= 2 or bare_kings):
        parts.append(("K♠ (2+ spades)", 1.0))
    if spade_queen and Rank.QUEEN in ranks and len(spades) >= 3:
        parts.append(("Q♠ (3+ spades)", 1.0))
    if long_spades and len(spades) > 3:
        extra = len(spades) - 3
        word = "spade" if extra == 1 else "spades"
        parts.append((f"{extra} {word} beyond the third", float(extra)))
    for suit in SIDE_SUITS:
        held = [c for c in cards if c.suit is suit]
        ranks = {c.rank for c in held}
        if Rank.ACE in ranks:
            parts.append((f"A{suit.symbol}", 1.0))
        if Rank.KING in ranks and (len(held) >= 2 or bare_kings):
            # in chapter 3's words: a king "with another card of its suit"
            guard = f"with another {suit.symbol}" if len(held) >= 2 else "bare"
            parts.append((f"K{suit.symbol} ({guard})", float(side_king)))
        if side_queens and Rank.QUEEN in ranks and len(held) >= 3:
            label = f"Q{suit.symbol} (with 2+ more {suit.symbol})"
            parts.append((label, float(side_queens)))
    return parts


def quick_tricks(cards: Iterable[Card], **variation: Any) -> float:
    """Chapter 3's quick count of a hand's tricks (in halves).

    Keywords as for :func:`quick_trick_parts`.

    >>> from spadeslib import Card
    >>> hand = Card.parse_many("AS KS 5S 4S 3S KH 2H AD 2C 3C 4C 5C 6C")
    >>> quick_tricks(hand), quick_tricks(hand, side_king=1), quick_tricks(
    ...     hand, long_spades=False)
    (5.5, 6.0, 3.5)
    """
    return float(sum(value for _, value in quick_trick_parts(cards, **variation)))


def holding_chance(
    k: int, *, at_least: bool = False, suit: int = 13, deck: int = 52, hand: int = 13
) -> float:
    """The exact chance that one player's ``hand`` cards hold exactly ``k`` of a
    ``suit`` (or at least ``k``): hypergeometric, C(13, k) C(39, 13-k) / C(52, 13).

    ``deck`` is a whole number of cards from 1, ``suit`` and ``hand`` whole
    numbers from 0 to ``deck``; anything else is refused, naming the argument:

    >>> round(holding_chance(4), 3), round(holding_chance(0), 4)
    (0.239, 0.0128)
    >>> holding_chance(3, hand=60)
    Traceback (most recent call last):
    ...
    spadeslib.errors.SpadesError: hand is a number of cards from 0 to deck (52), \
not 60
    """
    if not is_whole(deck) or deck < 1:
        raise SpadesError(f"deck is a number of cards from 1, not {deck!r}")
    for name, count in (("suit", suit), ("hand", hand)):
        if not is_whole(count) or not 0 <= count <= deck:
            raise SpadesError(
                f"{name} is a number of cards from 0 to deck ({deck}), not {count!r}"
            )
    top = min(suit, hand)
    if not is_whole(k) or not 0 <= k <= top:
        raise SpadesError(f"k is a number of cards from 0 to {top}, not {k!r}")

    def exactly(j: int) -> float:
        return (
            math.comb(suit, j)
            * math.comb(deck - suit, hand - j)
            / math.comb(deck, hand)
        )

    if not at_least:
        return exactly(k)
    return sum(exactly(j) for j in range(k, top + 1))


def nil_average(p: float, value: float) -> float:
    """What a Nil worth ``value`` (made +value, failed -value) brings on average
    when it succeeds with probability ``p`` (the probability comes first).

    >>> nil_average(0.6, 50)
    10.0
    >>> nil_average(50, 0.6)
    Traceback (most recent call last):
    ...
    spadeslib.errors.SpadesError: p is a probability from 0 to 1, not 50 \
(nil_average takes the probability first, then the Nil's value)
    """
    _probability(p)
    _nil_value(value, "nil_average")
    return round(p * value - (1 - p) * value, 9)


def nil_break_even(value: float, safe: float) -> float:
    """The success probability above which a Nil worth ``value`` beats a safe
    alternative worth ``safe`` points: solve p·v − (1 − p)·v = safe
    (the Nil's value comes first, then the safe bid's points).

    A Nil's average lies between −value and +value, so ``safe`` must too: a
    safe bid worth more than the Nil made is never beaten (no probability
    answers), and one worth less than the Nil failed is always beaten. Both
    are refused, saying so, rather than returned as a "probability" outside
    0 to 1 (the usual cause is the two arguments swapped):

    >>> nil_break_even(100, 20)
    0.6
    >>> nil_break_even(30, 100)
    Traceback (most recent call last):
    ...
    spadeslib.errors.SpadesError: a safe bid worth 100 points beats a Nil worth \
30 at any success rate (the Nil makes at most +30): no break-even probability. \
nil_break_even takes the Nil's value first, then the safe bid's points; \
safe is from -30 to 30
    """
    _nil_value(value, "nil_break_even")
    if not is_number(safe):
        raise SpadesError(f"safe is a number of points, not {safe!r}")
    if not -value <= safe <= value:
        if safe > value:
            why = (
                f"a safe bid worth {safe:g} points beats a Nil worth {value:g} at "
                f"any success rate (the Nil makes at most +{value:g})"
            )
        else:
            why = (
                f"a Nil worth {value:g} beats a safe bid worth {safe:g} points at "
                f"any success rate (the Nil loses at most {value:g})"
            )
        raise SpadesError(
            f"{why}: no break-even probability. nil_break_even takes the Nil's "
            f"value first, then the safe bid's points; safe is from {-value:g} "
            f"to {value:g}"
        )
    return round((value + safe) / (2 * value), 9)


def _probability(p: float) -> None:
    if not is_number(p) or not 0 <= p <= 1:
        raise SpadesError(
            f"p is a probability from 0 to 1, not {p!r} (nil_average takes the "
            "probability first, then the Nil's value)"
        )


def _nil_value(value: float, what: str) -> None:
    if not is_number(value) or not value > 0:
        raise SpadesError(
            f"a Nil's value is above 0 points, not {value!r} ({what} takes "
            + (
                "the probability first, then the Nil's value)"
                if what == "nil_average"
                else "the Nil's value first, then the safe bid's points)"
            )
        )
