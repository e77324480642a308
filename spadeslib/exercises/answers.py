"""Kinds of answer: how an answer is read, written, compared, and every natural
way a learner may spell it.

An exercise declares its kind once (``answer = Whole("tricks")``); the kind
parses what the learner typed (``5``, ``"5"``, ``5.0``, ``"NS"``,
``"north-south"``, ``"N/S"``...), formats the key, writes it as Python for the
solution notebook, and lists the spellings the tests feed back to the check.
The kinds that are lists (cards, suits, names, seats, trick numbers) are in
:mod:`.answer_lists`.

>>> Whole("tricks").parse("5.0"), Whole("tricks").spellings(5)
(5, [5, '5', 5.0, '5.0', ' 5 '])
>>> Side().parse("N/S"), Side().parse("north-south"), Side().parse("ns")
('NS', 'NS', 'NS')
>>> Halves("tricks").parse("2½"), Halves("tricks").format(5.0)
(2.5, '5')
"""

from __future__ import annotations

import contextlib
import json
import math
import re
from dataclasses import dataclass, field
from typing import Any

from ..actions import Bid
from ..cards import Card
from ..seats import Seat
from .reading import (
    AnswerError,
    parse_bid,
    parse_bool,
    parse_card,
    parse_float,
    parse_int,
    parse_seat,
    parse_side,
    signed_text,
)

__all__ = [
    "NOBODY",
    "Answer",
    "BidAnswer",
    "CardAnswer",
    "Choice",
    "Decimal",
    "Flag",
    "Halves",
    "SeatAnswer",
    "Side",
    "Whole",
    "Word",
]


class Answer:
    """The base kind: subclasses set :attr:`text` and implement :meth:`parse`.

    A check that cannot read an answer prints the refusal, then "Expected"
    and :attr:`text`, without what the refusal already said
    (:func:`~spadeslib.exercises.reading.said_once`).
    """

    text: str = "an answer"

    def parse(self, value: Any) -> Any:
        """Read a learner's answer (raise :class:`AnswerError` if impossible)."""
        return value

    def format(self, value: Any) -> str:
        """The key as it would be typed."""
        return str(value)

    def literal(self, value: Any) -> str:
        """The key as Python source (the solution notebook's ``answer = ...``)."""
        return json.dumps(self.format(value), ensure_ascii=False)

    def same(self, a: Any, b: Any) -> bool:
        """Whether two parsed answers are the same answer."""
        return bool(a == b)

    def spellings(self, value: Any) -> list[Any]:
        """Natural ways to write ``value`` (all must pass the check)."""
        return [value, self.format(value)]

    def candidates(self) -> list[Any]:
        """Every value of a kind with only a few (seats, sides, ...), to find
        every answer a check accepts; ``[]`` for the others."""
        return []

    def none_text(self) -> str | None:
        """What a check says to Python's ``None`` where a word means "none"
        (``None``: the check calls it an empty answer)."""
        return None


_UNIT = re.compile(r"(?i)\b(tricks?|points?|pts|cards?|bags?)\b")
"""The units a number may be written with ("trick 6", "70 points"): not read."""

COUNTS = ("tricks", "cards", "bags")
"""The units of a count, where "none", "no bags" or "zero" is 0 (a score in
points is no count: its "none" is no number)."""

_NONE = re.compile(r"(?i)(none|nothing|zero|(zero|no) (tricks?|cards?|spades?|bags?))")
"""A count of nothing in words: "none", "zero", "no bags", "No tricks."."""


def _unitless(text: str) -> str:
    """``text`` without a unit word around its number, nor a closing full stop.

    >>> _unitless("5.5 tricks"), _unitless("Trick 6"), _unitless("80 points.")
    ('5.5', '6', '80')
    """
    return _UNIT.sub("", text).strip().rstrip(".").strip()


def _number(value: Any, halves: bool = False) -> float:
    """A number as :func:`parse_float` reads it, a unit and a closing full
    stop in a text not read (``"5.5 tricks."``), nor, with ``halves``, a
    written half (``"2½"``); a refusal quotes what was typed.

    >>> _number("80 points."), _number("2 1/2 tricks", halves=True)
    (80.0, 2.5)
    """
    if not isinstance(value, str):
        return parse_float(value)
    text = _unitless(value)
    try:
        return parse_float(_halves(text) if halves else text)
    except AnswerError:
        raise AnswerError(f"{value!r} is not a number") from None


@dataclass(frozen=True)
class Whole(Answer):
    """A whole number (tricks, points, cards): ``5``, ``"5"``, ``5.0``, ``"+5"``;
    with ``most``, a number outside ``least`` to ``most`` is refused as
    impossible (``of`` names what a hand has ``most`` of, where the unit
    does not).

    >>> Whole("tricks", most=13).parse("14")
    Traceback (most recent call last):
    ...
    spadeslib.exercises.reading.AnswerError: 14 tricks cannot be: a hand has 13, ...
    >>> Whole("a trick number", least=1, most=13, of="tricks").parse(0)
    Traceback (most recent call last):
    ...
    spadeslib.exercises.reading.AnswerError: 0 cannot be a trick number: a hand \
has 13 tricks, so the answer is from 1 to 13
    """

    unit: str = ""
    most: int | None = None
    least: int = 0
    of: str = ""

    @property
    def text(self) -> str:  # type: ignore[override]
        if not self.unit:
            return "a whole number"
        if self.unit.startswith(("a ", "an ")):
            return f"{self.unit} (a whole number)"
        return f"a whole number of {self.unit}"

    def parse(self, value: Any) -> int:
        """A whole number; a count (:data:`COUNTS`) of nothing may be written
        in words.

        >>> Whole("bags").parse("No bags."), Whole("tricks").parse("zero")
        (0, 0)
        """
        fraction = f"{value!r} has a fractional part"
        nothing = isinstance(value, str) and self.unit in COUNTS
        if nothing and _NONE.fullmatch(" ".join(value.rstrip(" .").split())):
            return self._possible(0)
        if isinstance(value, str):
            text = signed_text(value).replace(",", "").rstrip(".")
            if re.search(r"\d\s*[-+*/x×]\s*\d", text):
                raise AnswerError(
                    f"{value!r} is a sum written as text: work it out and write "
                    "one number"
                )
            try:
                number = float(_unitless(text).removeprefix("+"))
            except ValueError:
                raise AnswerError(f"{value!r} is not a number") from None
            if not number.is_integer():
                raise AnswerError(fraction)
            return self._possible(int(number))
        if isinstance(value, float) and math.isfinite(value) and value % 1:
            raise AnswerError(fraction)
        return self._possible(parse_int(value, "a number"))

    def _possible(self, number: int) -> int:
        if self.most is None or self.least <= number <= self.most:
            return number
        named = self.unit.startswith(("a ", "an "))  # "a trick number"
        what = f"cannot be {self.unit}" if named else f"{self.unit} cannot be"
        has = f"{self.most} {self.of}".rstrip()
        raise AnswerError(
            f"{number} {what}: a hand has {has}, so the answer is from "
            f"{self.least} to {self.most}"
        )

    def literal(self, value: Any) -> str:
        return str(value)

    def spellings(self, value: Any) -> list[Any]:
        return [value, str(value), float(value), f"{value}.0", f" {value} "]


def _halves(text: str) -> Any:
    """``"2½"``, ``"2 1/2"`` and ``"5/2"`` as numbers; other text unchanged.

    >>> _halves("2½"), _halves("2 1/2"), _halves("11/2"), _halves("½"), _halves("x")
    (2.5, 2.5, 5.5, 0.5, 'x')
    """
    clean = text.strip().replace(",", ".")
    try:
        if clean.endswith("½"):
            whole = clean[:-1].strip()
            return (float(whole) if whole else 0.0) + 0.5
        head, slash, tail = clean.rpartition("/")
        if slash:
            whole, _, top = head.strip().rpartition(" ")
            fraction = float(top) / float(tail)
            return (float(whole) if whole.strip() else 0.0) + fraction
    except (ValueError, ZeroDivisionError):
        pass
    return text


@dataclass(frozen=True)
class Halves(Answer):
    """A number in halves (a quick count): ``2.5``, ``"2.5"``, ``"2½"``, ``5``."""

    unit: str = ""

    @property
    def text(self) -> str:  # type: ignore[override]
        return f"a number of {self.unit} in halves (e.g. 3 or 2.5)"

    def parse(self, value: Any) -> float:
        number = _number(value, halves=True)
        if not (2 * number).is_integer():
            raise AnswerError(f"{value!r} is not a whole or half number")
        return number

    def format(self, value: Any) -> str:
        return f"{value:g}"

    def literal(self, value: Any) -> str:
        return self.format(value)

    def same(self, a: Any, b: Any) -> bool:
        return math.isclose(a, b)

    def spellings(self, value: Any) -> list[Any]:
        out = [value, f"{value:g}", float(value)]
        if float(value).is_integer():
            out += [int(value), f"{int(value)}.0"]
        else:
            out += [f"{int(value)}½" if value > 1 else "½", f"{value:.1f}"]
        return out


@dataclass(frozen=True)
class Decimal(Answer):
    """A decimal to ``places`` places; a probability may be written ``"35%"``.

    Agreement is to the stated places only: 79.5 is not 80.
    """

    places: int = 3
    what: str = "a number"
    probability: bool = False

    @property
    def text(self) -> str:  # type: ignore[override]
        if not self.places:
            return self.what
        return f"{self.what} to {self.places} decimal{'s' if self.places != 1 else ''}"

    def parse(self, value: Any) -> float:
        """A number, its unit not read (``"80 points"``); a percentage only
        for a probability.

        >>> Decimal(1, "a number of points").parse("80%")
        Traceback (most recent call last):
        ...
        spadeslib.exercises.reading.AnswerError: '80%' is a percentage: the \
answer is a number of points, not a percentage
        """
        percent = isinstance(value, str) and _unitless(value).endswith("%")
        if percent and not self.probability:
            raise AnswerError(
                f"{value!r} is a percentage: the answer is {self.what}, not a "
                "percentage"
            )
        return _number(value)

    def format(self, value: Any) -> str:
        return f"{value:.{self.places}f}" if self.places else f"{value:g}"

    def literal(self, value: Any) -> str:
        return f"{round(value, self.places):g}"

    def same(self, a: Any, b: Any) -> bool:
        gap: float = abs(a - b)
        return gap <= 0.5 * 10.0**-self.places + 1e-9

    def spellings(self, value: Any) -> list[Any]:
        text = self.format(value)
        out = [float(text), text, value]
        if self.probability:
            out.append(f"{100 * float(text):g}%")
        return out


@dataclass(frozen=True)
class SeatAnswer(Answer):
    """One seat: ``"N"``, ``"north"``, ``"North"`` or :class:`Seat`."""

    text: str = "a seat: 'N', 'E', 'S' or 'W'"

    def parse(self, value: Any) -> Seat:
        return parse_seat(value)

    def format(self, value: Any) -> str:
        return str(value.letter)

    def candidates(self) -> list[Any]:
        return list(Seat)

    def spellings(self, value: Any) -> list[Any]:
        return [
            value,
            value.letter,
            value.full,
            value.full.lower(),
            value.letter.lower(),
        ]


SIDE_SPELLINGS = {
    "NS": ["NS", "ns", "N/S", "N-S", "north-south", "North South", "SN"],
    "EW": ["EW", "ew", "E/W", "E-W", "east-west", "East West", "WE"],
}


NOBODY = "none"
"""The answer "no side" (nobody has won yet), as :class:`Side` reads it."""


@dataclass(frozen=True)
class Side(Answer):
    """A side: ``"NS"``, ``"N/S"``, ``"north-south"``, ``"NS wins"``; with
    ``allow_none`` also ``"none"``, ``"nobody yet"``, ``"play on"`` (read as
    :data:`NOBODY`). ``None`` is not an answer: the check asks for the word in
    quotes.

    >>> Side(allow_none=True).parse("Nobody yet"), Side().parse("EW wins")
    ('none', 'EW')
    """

    allow_none: bool = False

    @property
    def text(self) -> str:  # type: ignore[override]
        return "'NS', 'EW', or 'none'" if self.allow_none else "a side: 'NS' or 'EW'"

    def parse(self, value: Any) -> str:
        side = parse_side(value, allow_none=self.allow_none)
        return NOBODY if side is None else side

    def format(self, value: Any) -> str:
        return value or NOBODY

    def spellings(self, value: Any) -> list[Any]:
        if value == NOBODY:
            return [
                NOBODY,
                "None",
                "nobody",
                "neither",
                "nobody yet",
                "No one yet.",
                "no winner",
                "play on",
                "another hand",
            ]
        full = "North-South" if value == "NS" else "East-West"
        return [*SIDE_SPELLINGS[value], f"{value} wins", f"{full} wins"]

    def candidates(self) -> list[Any]:
        return ["NS", "EW", *([NOBODY] if self.allow_none else [])]

    def none_text(self) -> str | None:
        if not self.allow_none:
            return None
        return (
            "None is an empty answer in Python: write the answer in quotes, such "
            'as "nobody yet" (or "NS", "EW")'
        )


@dataclass(frozen=True)
class Word(Answer):
    """One word from a fixed list, with its plural and any aliases (an
    alias's plural too); an article before it (``"the dealer"``) and a full
    stop after it are not read.

    >>> Word().parse("The Dealer."), Word(aliases={"team": "pair"}).parse("teams")
    ('dealer', 'pair')
    """

    aliases: dict[str, str] = field(default_factory=dict)
    text: str = "a word"

    def parse(self, value: Any) -> str:
        if not isinstance(value, str) or not value.strip():
            raise AnswerError(f"{value!r} is not a word")
        word = " ".join(value.strip().lower().rstrip(".!?;:").split())
        for article in ("the ", "a ", "an "):
            if word.startswith(article) and len(word) > len(article):
                word = word[len(article) :]
                break
        if word in self.aliases:
            return self.aliases[word]
        single = word.removesuffix("s") if word[-1:] == "s" else word
        return self.aliases.get(single, single)

    def spellings(self, value: Any) -> list[Any]:
        return [
            value,
            value.upper(),
            value.capitalize(),
            f" {value} ",
            value + "s",
            f"the {value}",
            f"{value}.",
        ]


@dataclass(frozen=True)
class CardAnswer(Answer):
    """One card: ``"QH"``, ``"Q♥"``, ``"qh"``, ``"10h"`` or :class:`Card`."""

    text: str = "a card, e.g. 'QH' or 'Q♥'"

    def parse(self, value: Any) -> Card:
        return parse_card(value)

    def spellings(self, value: Any) -> list[Any]:
        return [value, str(value), str(value).lower(), value.symbol]


@dataclass(frozen=True)
class BidAnswer(Answer):
    """One bid: ``4``, ``"4"``, ``"nil"``, ``"Nil"``."""

    text: str = "a bid: a number or 'nil'"

    def parse(self, value: Any) -> Bid:
        """A bid; a whole number written with a decimal point (``3.0``,
        ``"3.0"``) is that number.

        >>> BidAnswer().parse("3.0"), BidAnswer().parse(" Nil ")
        (Bid(3), Bid.NIL)
        """
        number = value
        if isinstance(value, str):
            with contextlib.suppress(ValueError):
                number = float(value)
        if isinstance(number, float) and number.is_integer():
            value = int(number)
        return parse_bid(value)

    def format(self, value: Any) -> str:
        return str(value.tricks) if not value.is_nil else value.label().lower()

    def literal(self, value: Any) -> str:
        return str(value.tricks) if not value.is_nil else json.dumps(self.format(value))

    def spellings(self, value: Any) -> list[Any]:
        if value.is_nil:
            return [value, "nil", "Nil", "NIL"]
        return [value, value.tricks, str(value.tricks), float(value.tricks)]


@dataclass(frozen=True)
class Flag(Answer):
    """``True``/``False``, ``"yes"``/``"no"``."""

    text: str = "True or False"

    def parse(self, value: Any) -> bool:
        return parse_bool(value)

    def format(self, value: Any) -> str:
        return str(value)

    def literal(self, value: Any) -> str:
        return str(value)

    def spellings(self, value: Any) -> list[Any]:
        return [value, "yes" if value else "no", str(value)]

    def candidates(self) -> list[Any]:
        return [True, False]


def _plain(text: str) -> str:
    """``text`` in plain lower-case words, its punctuation dropped: "Yes,
    broken." reads as "yes broken"."""
    return " ".join(re.sub(r"[_,.;:!?]", " ", text.lower()).split())


@dataclass(frozen=True)
class Choice(Answer):
    """One of a few named options, each with the other ways to write it.

    >>> Choice({"no": ("false",), "only spades": ("only-spades",)}).parse("Only-Spades")
    'only spades'
    """

    options: dict[str, tuple[str, ...]] = field(default_factory=dict)

    @property
    def text(self) -> str:  # type: ignore[override]
        return "one of " + ", ".join(f"'{o}'" for o in self.options)

    def parse(self, value: Any) -> str:
        """One option; where ``"no"`` is one, an answer may start with it and
        go on with words that do not name another option.

        >>> kind = Choice({"no": ("not broken",), "broken": ()})
        >>> kind.parse("No, not broken."), kind.parse("no - North holds hearts")
        ('no', 'no')
        >>> kind.parse("no, broken")
        Traceback (most recent call last):
        ...
        spadeslib.exercises.reading.AnswerError: 'no, broken' says both 'no' and \
'broken': answer one of them
        """
        given = value
        if isinstance(value, bool):
            value = "yes" if value else "no"
        if not isinstance(value, str):
            raise AnswerError(f"{given!r} is not one of the answers")
        found = self._option(_plain(value))
        # "no, not broken": a no, then why (after a comma or a dash, or
        # words that say no again; "no idea" is no answer)
        then = re.fullmatch(r"(?is)\s*no\b\s*([-,.;:!–—]?)\s*(.+)", value)
        if found is None and then and "no" in self.options:
            said = self._option(_plain(then[2]))
            if said not in (None, "no"):
                raise AnswerError(
                    f"{given!r} says both 'no' and {said!r}: answer one of them"
                )
            if said or then[1]:
                return "no"
        if found is None:
            raise AnswerError(f"{given!r} is not one of the answers")
        return found

    def _option(self, word: str) -> str | None:
        """The option ``word`` (plain words) names, or ``None``."""
        for option, others in self.options.items():
            if word == option or word in others or word.replace("-", " ") == option:
                return option
        return None

    def spellings(self, value: Any) -> list[Any]:
        return [value, value.upper(), value.capitalize(), *self.options[value]]

    def candidates(self) -> list[Any]:
        return list(self.options)
