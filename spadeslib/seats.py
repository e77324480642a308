"""Seats around the table and the sides that score.

>>> Seat.parse("w"), Seat.NORTH.left, Seat.EAST.partner
(<Seat.WEST: 3>, <Seat.EAST: 1>, <Seat.WEST: 3>)
>>> str(Seat.SOUTH), Seat.SOUTH.full
('S', 'South')
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from .errors import SpadesError

__all__ = ["SIDES", "Seat", "not_playing"]


class Seat(enum.IntEnum):
    """North, East, South and West, in clockwise order.

    Two-player games use North and South.
    """

    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3

    def __str__(self) -> str:
        return "NESW"[self]

    def __bool__(self) -> bool:
        """Always true, North (0) included: ``if seat`` means "a seat", never
        "not North"."""
        return True

    @property
    def letter(self) -> str:
        """``"N"``, ``"E"``, ``"S"`` or ``"W"``."""
        return "NESW"[self]

    @property
    def full(self) -> str:
        """``"North"`` and so on."""
        return _FULL[self]

    @property
    def left(self) -> Seat:
        """The next seat clockwise (the player on this seat's left)."""
        return _ORDER[self + 1]

    @property
    def right(self) -> Seat:
        """The previous seat clockwise."""
        return _ORDER[self + 3]

    @property
    def partner(self) -> Seat:
        """The seat across the table."""
        return _ORDER[self + 2]

    @classmethod
    def parse(cls, text: str | int | Seat) -> Seat:
        """Parse ``"N"``, ``"north"``, ``0`` or a :class:`Seat`."""
        if isinstance(text, Seat):
            return text
        if isinstance(text, int) and not isinstance(text, bool) and 0 <= text < 4:
            return cls(text)
        if isinstance(text, str):
            key = text.strip().upper()
            for seat in cls:
                if key in (seat.letter, seat.name):
                    return seat
        shown = (
            repr(text)
            if isinstance(text, (str, int, float))
            else f"<{type(text).__name__}>"
        )
        shown = shown if len(shown) <= 40 else shown[:39] + "…"
        raise SpadesError(f"{shown} is not a seat: use N, E, S or W")


def not_playing(seat: Seat, seats: Sequence[Seat]) -> SpadesError:
    """The error for ``seat`` when it has no place among ``seats``, the seats
    of a game (East and West in a two-player game).

    >>> print(not_playing(Seat.EAST, (Seat.NORTH, Seat.SOUTH)))
    East does not play in a 2-player game: the seats are North and South
    """
    return SpadesError(
        f"{seat.full} does not play in a {len(seats)}-player game: "
        f"the seats are {' and '.join(s.full for s in seats)}"
    )


_FULL = ("North", "East", "South", "West")
_ORDER: tuple[Seat, ...] = (*Seat, *Seat)  # indexed past West to wrap around

SIDES: tuple[str, str] = ("NS", "EW")
"""The two partnerships of four-player Spades."""
