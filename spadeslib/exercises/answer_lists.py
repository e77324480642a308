"""Kinds of answer that are several things at once: cards, suits, names,
seats, trick numbers, each written as a list in every natural way
(``"QH 10H"``, ``"QH, 10H"``, ``["QH", "10H"]``, ``"N and S."``,
``"none"``). The kinds of a single value are in :mod:`.answers`.

>>> sorted(Seats().parse("North and South"))
[<Seat.NORTH: 0>, <Seat.SOUTH: 2>]
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..cards import Card, Suit
from ..seats import Seat
from .answers import SIDE_SPELLINGS, Answer, Whole
from .reading import (
    AnswerError,
    card_codes,
    means_all,
    parse_cards,
    parse_list,
    parse_seat,
    parse_side,
    parse_suits,
)

__all__ = ["Cards", "Names", "Seats", "Suits", "TrickNumbers"]


def _items(value: Any) -> list[Any]:
    """The items of a list answer: ``"N, S"``, ``"N and S."``, ``["N", "S"]``.

    >>> _items("3 and 7."), _items("North, South"), _items("none")
    (['3', '7'], ['North', 'South'], [])
    """
    value = parse_list(value)
    if isinstance(value, str):
        if value.strip().lower() in ("none", "", "-", "nobody", "[]"):
            return []
        words = value.replace(",", " ").replace("/", " ").rstrip(" .").split()
        return [w for w in words if w.lower() not in ("and", "&")]
    if isinstance(value, Iterable):
        return list(value)
    return [value]


@dataclass(frozen=True)
class Cards(Answer):
    """A set of cards: ``"QH 10H"``, ``"QH, 10H"``, ``["QH", "10H"]``; ``"none"``."""

    text: str = "one or more cards, e.g. 'QH 10H' (or 'none')"

    def parse(self, value: Any) -> frozenset[Card]:
        return parse_cards(parse_list(value))  # '["QH"]' as a key prints it

    def format(self, value: Any) -> str:
        return card_codes(value) or "none"

    def spellings(self, value: Any) -> list[Any]:
        codes = card_codes(value)
        if not value:
            return ["none", []]
        return [value, codes, codes.lower(), codes.replace(" ", ", "), codes.split()]


class _Letters(Answer):
    """A set of things written by their letters (suits, seats): ``"H D"``,
    ``"N S"``, or ``"none"``."""

    def format(self, value: Any) -> str:
        return " ".join(s.letter for s in sorted(value)) or "none"


@dataclass(frozen=True)
class Suits(_Letters):
    """A set of suits: ``"H D"``, ``"hearts, diamonds"``, ``"♥"``; ``"none"``."""

    text: str = "one or more suits, e.g. 'H D' or 'hearts' (or 'none')"

    def parse(self, value: Any) -> frozenset[Suit]:
        return parse_suits(parse_list(value))

    def spellings(self, value: Any) -> list[Any]:
        if not value:
            return ["none", [], "[]"]
        ordered = sorted(value)
        return [
            value,
            self.format(value),
            ", ".join(s.plural for s in ordered),
            [s.plural.capitalize() for s in ordered],
            " ".join(s.symbol for s in ordered),
        ]


_FILLER = frozenset({"", "and", "&", "only", "just", "both", "the", "under"})
"""Words around the names of a list (``"classic only"``, ``"just
classic"``, ``"under classic and yppedia"``): not read."""


@dataclass(frozen=True)
class Names(Answer):
    """A set of names from a fixed list (the presets, say): ``"classic
    yppedia"``, ``"classic, yppedia"``, ``"classic and yppedia"``,
    ``["Classic", "yppedia"]``, ``"classic only"``; ``"none"``; ``"all"``
    (or ``"all three"``) is every name.

    >>> kind = Names(("cards4net", "classic", "yppedia"), "presets")
    >>> kind.format(kind.parse("Yppedia and classic")), kind.format(kind.parse("all"))
    ('classic yppedia', 'cards4net classic yppedia')
    >>> kind.format(kind.parse("Classic only"))
    'classic'
    """

    options: tuple[str, ...] = ()
    what: str = "names"

    @property
    def text(self) -> str:  # type: ignore[override]
        listed = ", ".join(f"'{o}'" for o in self.options)
        return f"one or more {self.what} from {listed} (or 'none')"

    def parse(self, value: Any) -> frozenset[str]:
        count = {2: "both", 3: "all three"}.get(len(self.options), "")
        if means_all(value, also=(count, f"all {len(self.options)}")):
            return frozenset(self.options)
        if isinstance(value, str) and value.strip().lower() in ("none", "no one"):
            return frozenset()
        out = set()
        items = _items(value)
        for item in items:
            word = str(item).strip().strip("'\".").lower()
            if word in _FILLER:
                continue
            if word not in self.options:
                raise AnswerError(f"{item!r} is not one of the {self.what}")
            out.add(word)
        if items and not out:  # "only": words around names, and no name
            raise AnswerError(f"{value!r} names none of the {self.what}")
        return frozenset(out)

    def format(self, value: Any) -> str:
        return " ".join(o for o in self.options if o in value) or "none"

    def spellings(self, value: Any) -> list[Any]:
        if not value:
            return ["none", [], "[]"]
        ordered = [o for o in self.options if o in value]
        out = [value, self.format(value), ordered, ", ".join(ordered)]
        out.append(" and ".join(ordered).capitalize())
        if len(ordered) == len(self.options):
            out.append("all")
        return out


@dataclass(frozen=True)
class Seats(_Letters):
    """A set of seats: ``"N S"``, ``"N, S"``, ``["north", "south"]``, ``"NS"`` or
    ``"north-south"`` (a side names both its seats); ``"none"``."""

    text: str = "one or more seats, e.g. 'N S' or 'NS' (or 'none')"

    def parse(self, value: Any) -> frozenset[Seat]:
        if isinstance(value, Seat):
            return frozenset([value])
        out: set[Seat] = set()
        for item in _items(value):
            if isinstance(item, Seat):
                out.add(item)
                continue
            try:
                side = parse_side(str(item))
            except AnswerError:
                out.add(parse_seat(item))
                continue
            assert side is not None
            out |= {Seat.parse(side[0]), Seat.parse(side[1])}
        return frozenset(out)

    def spellings(self, value: Any) -> list[Any]:
        if not value:
            return ["none", [], "[]"]
        ordered = sorted(value)
        out = [value, self.format(value), [s.full for s in ordered]]
        out.append(", ".join(s.letter for s in ordered))
        if len(ordered) == 2 and ordered[0].partner is ordered[1]:
            side = "".join(s.letter for s in ordered)
            out += SIDE_SPELLINGS["NS" if "N" in side else "EW"][:5]
        return out


def _trick_of(item: Any) -> Any:
    """A coach's verdict as its trick's number ("trick 7": 7); else ``item``."""
    where = getattr(item, "where", None)
    if not isinstance(where, str):
        return item
    if where.lower().startswith("trick "):
        return where.split()[1]
    raise AnswerError(
        f"the verdict on the {where} is not about a trick: keep the verdicts "
        "whose `where` starts with 'trick'"
    )


@dataclass(frozen=True)
class TrickNumbers(Answer):
    """A set of trick numbers: ``"3 7"``, ``"3, 7"``, ``[3, 7]``, ``3``,
    ``"trick 1, trick 4"``, or the coach's verdicts themselves (each read by
    its ``where``); ``"none"``.

    >>> sorted(TrickNumbers().parse("trick 1, trick 4"))
    [1, 4]
    """

    text: str = "one or more trick numbers, e.g. '3 7' (or 'none')"

    def parse(self, value: Any) -> frozenset[int]:
        if isinstance(value, int) and not isinstance(value, bool):
            value = [value]
        if isinstance(value, str):  # "trick 7" as the coach's reviews write it
            value = re.sub(r"(?i)\btricks?\b", " ", value).strip(" ,") or value
        try:
            items = [_trick_of(a) for a in _items(value)]
            numbers = frozenset(Whole().parse(a) for a in items)
        except TypeError:
            raise AnswerError(f"{value!r:.60} is not a list of trick numbers") from None
        if any(not 1 <= n <= 13 for n in numbers):
            raise AnswerError("trick numbers go from 1 to 13")
        return numbers

    def format(self, value: Any) -> str:
        return " ".join(str(n) for n in sorted(value)) or "none"

    def spellings(self, value: Any) -> list[Any]:
        if not value:
            return ["none", [], "[]"]
        ordered = sorted(value)
        return [value, self.format(value), ordered, ", ".join(map(str, ordered))]
