"""Reading learners' answers (seats, sides, cards, bids, numbers) and writing
cards, suits and numbers the way answers are written.

Every reader raises :class:`AnswerError` with a sentence saying what was
expected, so a check can print it.

>>> parse_side("north-south"), card_codes(parse_cards("10h QH"))
('NS', 'QH 10H')
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from typing import Any

from ..actions import Bid
from ..cards import Card, Suit
from ..display import and_list, plural
from ..errors import SpadesError
from ..seats import Seat

__all__ = [
    "ALL_WORDS",
    "NO_WINNER_WORDS",
    "AnswerError",
    "answer_words",
    "card_codes",
    "card_list",
    "means_all",
    "names_both_sides",
    "parse_bid",
    "parse_bool",
    "parse_card",
    "parse_cards",
    "parse_float",
    "parse_int",
    "parse_list",
    "parse_seat",
    "parse_side",
    "parse_suits",
    "plural",
    "said_once",
    "seat_name",
    "signed",
    "signed_text",
    "suit_list",
]


class AnswerError(SpadesError):
    """An answer that cannot be read (a seat that is not a seat, and so on)."""


# ------------------------------------------------------------------ parsing
def parse_seat(value: Any) -> Seat:
    """A seat from ``"N"``, ``"north"``, ``"East."`` or a :class:`Seat`; not
    from a number (``Seat.parse`` reads 0-3 as seats, but a learner's 1 is no
    seat).

    >>> parse_seat("East.").full, parse_seat(" s. ").full
    ('East', 'South')
    """
    text = value.strip().rstrip(".") if isinstance(value, str) else value  # "East."
    number = isinstance(value, (int, float)) and not isinstance(value, (Seat, bool))
    if number or (isinstance(text, str) and text.lstrip("+-").isdigit()):
        raise AnswerError(
            f"{value!r} is a number, not a seat: give the seat as a letter N, E, S, "
            "W or its name (North, East, South, West)"
        )
    try:
        return Seat.parse(text)
    except (SpadesError, TypeError):
        raise AnswerError(
            f"{value!r} is not a seat: answer 'N', 'E', 'S' or 'W'"
        ) from None


NO_WINNER_WORDS = frozenset(
    {
        "none",
        "nobody",
        "no one",
        "noone",
        "neither",
        "neither side",
        "no side",
        "none yet",
        "nobody yet",
        "no one yet",
        "neither yet",
        "no winner",
        "no winner yet",
        "nobody has won",
        "nobody has won yet",
        "no one has won",
        "no one has won yet",
        "nobody wins",
        "nobody won",
        "play on",
        "another hand",
        "play another hand",
    }
)
"""Answers that say "no side has won" (chapter 7's "nobody yet", "play on",
"another hand"), case, hyphens and a closing full stop aside."""

_WIN_WORDS = ("and", "the", "side", "wins", "win", "won", "has", "have", "team")
"""Words around a side's name that are not read: "NS wins", "the NS side"."""


_SIDE_KEYS = {"NORTHSOUTH": "NS", "SN": "NS", "EASTWEST": "EW", "WE": "EW"}
"""A side's other spellings, its letters run together: "north-south", "W-E"."""


def parse_side(value: Any, allow_none: bool = False) -> str | None:
    """A side from ``"NS"``, ``"N-S"``, ``"north-south"``, ``"East and West"``,
    ``"EW"``, ``"NS wins"``; with ``allow_none``, ``None`` and the words of
    :data:`NO_WINNER_WORDS` (``"nobody yet"``, ``"play on"``) too.

    >>> parse_side("North and South"), parse_side("the east-west side")
    ('NS', 'EW')
    >>> parse_side("North-South wins"), parse_side("Nobody yet.", allow_none=True)
    ('NS', None)
    >>> parse_side("W-E"), parse_side("WE")
    ('EW', 'EW')
    >>> parse_side("we win")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    spadeslib.exercises.reading.AnswerError: 'we win' does not say which side: ...

    """
    if value is None or (
        isinstance(value, str)
        and " ".join(re.findall(r"[a-z]+", value.lower())) in NO_WINNER_WORDS | {""}
    ):
        if allow_none:
            return None
        raise AnswerError("answer a side: 'NS' or 'EW'")
    if isinstance(value, str):  # "north and south" names the side as well
        words = re.findall(r"[a-z]+", value.lower())
        said = re.findall(r"[A-Za-z]+", value)  # "WE" is West-East; "we" is not
        if any(w.lower() in ("we", "us") and not w.isupper() for w in said):
            raise AnswerError(f"{value!r} does not say which side: answer 'NS' or 'EW'")
        key = "".join(w for w in words if w not in _WIN_WORDS).upper()
        key = _SIDE_KEYS.get(key, key)
        if key in ("NS", "EW"):
            return key
    extra = ", or 'none'" if allow_none else ""
    raise AnswerError(f"{value!r} is not a side: answer 'NS' or 'EW'{extra}")


def names_both_sides(value: Any) -> bool:
    """Whether ``value`` names both sides at once (``"both"``, ``"both
    sides"``, ``"NS and EW"``, ``"East-West & North-South"``): an answer
    that is no side, but says what its learner thought.

    >>> names_both_sides("Both sides."), names_both_sides("NS and EW")
    (True, True)
    >>> names_both_sides("NS"), names_both_sides("both of us")
    (False, False)
    """
    if not isinstance(value, str):
        return False
    words = [w for w in re.findall(r"[a-z]+", value.lower()) if w not in _WIN_WORDS]
    said_both = "both" in words
    words = [w for w in words if w not in ("both", "sides", "teams", "of", "them")]
    key = "".join(words).upper()
    for spelled, side in _SIDE_KEYS.items():
        key = key.replace(spelled, side)
    return key in ("NSEW", "EWNS") or (said_both and not key)


def parse_card(value: Any) -> Card:
    """A card from ``"QH"``, ``"Q♥"``, ``"10h"`` or a :class:`Card`."""
    try:
        return Card.parse(value.rstrip(" .") if isinstance(value, str) else value)
    except (SpadesError, TypeError):
        raise AnswerError(
            f"{value!r} is not a card: write cards like 'QH', '10S' or 'A♠'"
        ) from None


def parse_cards(value: Any) -> frozenset[Card]:
    """A set of cards from ``"QH 10H"``, ``["QH", "10H"]`` or cards; ``"none"``
    and ``[]`` are the empty set."""
    if isinstance(value, Card):
        items: Iterable[Any] = [value]
    elif isinstance(value, str):
        if value.strip().lower() in ("none", "", "-"):
            return frozenset()
        try:  # one card by its name: "the king of hearts"
            return frozenset([Card.parse(value.rstrip(" ."))])
        except SpadesError:
            pass
        items = [  # "AH, JH and 4H.": the words between cards are not read
            w
            for w in value.replace(",", " ").rstrip(" .").split()
            if w.lower() not in ("and", "&")
        ]
    elif isinstance(value, Iterable):
        items = value
    else:
        raise AnswerError(f"{value!r} is not a list of cards: write e.g. 'QH 10H'")
    cards = [parse_card(v) for v in items]
    if len(set(cards)) != len(cards):
        raise AnswerError("a card is listed twice")
    return frozenset(cards)


ALL_WORDS = frozenset(
    {
        "all",
        "all of them",
        "all of it",
        "all cards",
        "all the cards",
        "all my cards",
        "every card",
        "every one",
        "everyone",
        "everything",
        "any card",
        "any",
    }
)
"""Answers that mean "every item": where an exercise knows the items (the
cards of the learner's hand, the three presets), they read as all of them."""


def means_all(value: Any, also: Iterable[str] = ()) -> bool:
    """Whether ``value`` is an answer meaning "all of them" (``"all"``,
    ``"every card"``, ``"All of them."``, ``["all"]``, or one of the words
    ``also``), case, spaces and a closing full stop aside.

    >>> means_all("All of them."), means_all(["every card"]), means_all("AS")
    (True, True, False)
    """
    text = answer_words(value)
    return text is not None and (text in ALL_WORDS or text in also)


def answer_words(value: Any) -> str | None:
    """A one-text answer (or a list of one) as plain words: lower case, one
    space between words, no closing full stop; ``None`` for anything else.

    >>> answer_words(["  All  of them. "]), answer_words(3)
    ('all of them', None)
    """
    if isinstance(value, (list, tuple)) and len(value) == 1:
        value = value[0]
    if not isinstance(value, str):
        return None
    return " ".join(value.strip().lower().rstrip(".!").split())


def signed_text(text: str) -> str:
    """A number's sign written as a word or apart from it, as a sign:
    ``"minus 50"``, ``"- 50"`` and ``"−50"`` are ``"-50"``.

    >>> signed_text("minus 50"), signed_text(" - 50"), signed_text("+ 7")
    ('-50', '-50', '+7')
    """
    text = text.strip().replace("−", "-")
    text = re.sub(r"(?i)^(minus|negative)\s*(?=\d)", "-", text)
    return re.sub(r"^([-+])\s+(?=\d)", r"\1", text)


def parse_int(value: Any, what: str = "a whole number") -> int:
    """An integer from an int, an integral float, or a string like ``"-70"``
    (``"minus 70"``, ``"- 70"``)."""
    if isinstance(value, bool):
        raise AnswerError(f"{value!r} is not {what}")
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str):
        text = signed_text(value).replace("+", "")
        digits = text.lstrip("-")
        if digits.isascii() and digits.isdigit():
            return int(text)
    raise AnswerError(f"{value!r} is not {what}")


def parse_float(value: Any) -> float:
    """A number from an int, a float, a string (``"0.25"``, ``"0,25"``), or a
    percentage string ``"35%"``."""
    if isinstance(value, bool):
        raise AnswerError(f"{value!r} is not a number")
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str):
        text = signed_text(value)
        if text.count(",") == 1 and "." not in text:
            text = text.replace(",", ".")  # a decimal comma: 0,25
        try:
            if text.endswith("%"):
                return float(text[:-1]) / 100
            return float(text)
        except ValueError:
            pass
    raise AnswerError(f"{value!r} is not a number")


def parse_list(value: Any) -> Any:
    """A Python list written as text (``"[4, 'nil']"``, as answer keys print
    them) becomes the list; anything else is returned unchanged."""
    if isinstance(value, str) and value.strip().startswith("["):
        try:
            return ast.literal_eval(value.strip())
        except (ValueError, SyntaxError):
            message = f"{value!r} is not a list: write e.g. [4, 'nil']"
            raise AnswerError(message) from None
    return value


def parse_bool(value: Any) -> bool:
    """``True``/``False``, or ``"yes"``/``"no"``."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("yes", "y", "true"):
        return True
    if isinstance(value, str) and value.strip().lower() in ("no", "n", "false"):
        return False
    raise AnswerError(f"{value!r} is not a yes-or-no answer")


def parse_bid(value: Any) -> Bid:
    """A bid: an int, ``"nil"``, ``"blind nil"``, ``"blind seven"`` or a "
    ":class:`Bid`."""
    try:
        return Bid.parse(value)
    except SpadesError:
        raise AnswerError(
            f"{value!r} is not a bid: write a number, 'nil' or 'blind nil'"
        ) from None


def parse_suits(value: Any) -> frozenset[Suit]:
    """A set of suits from ``"H D"``, ``["hearts"]``, ``"♥"``, ``"clubs."``;
    ``"none"`` is empty.

    >>> suit_list(parse_suits("Clubs.")), suit_list(parse_suits(["h.", "D"]))
    ('clubs', 'diamonds and hearts')
    """
    if isinstance(value, Suit):
        return frozenset([value])
    if isinstance(value, str):
        value = value.strip().rstrip(".")
        if value.lower() in ("none", "", "-", "no suit"):
            return frozenset()
        items: Iterable[Any] = value.replace(",", " ").split()
    elif isinstance(value, Iterable):
        items = value
    else:
        raise AnswerError(f"{value!r} is not a list of suits")
    out = set()
    for item in items:
        if isinstance(item, Suit):
            out.add(item)
            continue
        try:
            out.add(Suit.parse(str(item).strip().rstrip(".")))
        except SpadesError:
            raise AnswerError(
                f"{item!r} is not a suit: use C, D, H, S or ♣ ♦ ♥ ♠"
            ) from None
    return frozenset(out)


# ---------------------------------------------------------------- formatting
def seat_name(seat: Seat) -> str:
    """``"North"``."""
    return seat.full


def card_list(cards: Iterable[Card]) -> str:
    """Cards high to low within suits, spades first, with symbols: ``"A♠ 10♠ K♥"``."""
    order = {
        Suit.JOKER: 0,
        Suit.SPADES: 1,
        Suit.HEARTS: 2,
        Suit.CLUBS: 3,
        Suit.DIAMONDS: 4,
    }
    ordered = sorted(cards, key=lambda c: (order[c.suit], -c.rank))
    return " ".join(c.symbol for c in ordered) or "none"


def card_codes(cards: Iterable[Card]) -> str:
    """Cards as plain codes (``"AS 10S KH"``), the way answers are written."""
    order = {
        Suit.JOKER: 0,
        Suit.SPADES: 1,
        Suit.HEARTS: 2,
        Suit.CLUBS: 3,
        Suit.DIAMONDS: 4,
    }
    ordered = sorted(cards, key=lambda c: (order[c.suit], -c.rank))
    return " ".join(str(c) for c in ordered)


def suit_list(suits: Iterable[Suit]) -> str:
    """``"hearts and diamonds"``."""
    names = [s.plural for s in sorted(suits)]
    if not names:
        return "none"
    return and_list(names)


def signed(n: int) -> str:
    """``+52``, ``-70``, ``0``."""
    return f"{n:+d}" if n else "0"


def _options(text: str) -> set[str]:
    """The words inside quotes in ``text``: ``"a seat: 'N', 'E'"`` -> N, E."""
    quoted = re.findall(r"'([^']*)'|\"([^\"]*)\"", text)
    return {word for pair in quoted for part in pair for word in part.split()}


def said_once(message: str, text: str) -> str:
    """``message`` (what an answer kind says when it cannot read an answer)
    without what the check says after it anyway, "Expected ``text``": an
    instruction after the last colon that quotes some of the same options is
    dropped, and so is the kind's whole description.

    >>> said_once("'EW' is not a seat: answer 'N', 'E', 'S' or 'W'",
    ...           "a seat: 'N', 'E', 'S' or 'W'")
    "'EW' is not a seat"
    >>> said_once("'x' is not a suit: use C, D, H, S or ♣ ♦ ♥ ♠", "one or more suits")
    "'x' is not a suit: use C, D, H, S or ♣ ♦ ♥ ♠"
    >>> said_once("'x' is not a whole number of tricks", "a whole number of tricks")
    "'x' cannot be read"
    """
    head, colon, tail = message.rpartition(": ")
    if colon and _options(tail) & _options(text):
        message = head
    if text and message.endswith(f" is not {text}"):
        message = message.removesuffix(f" is not {text}") + " cannot be read"
    return message
