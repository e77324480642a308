"""What a table is opened with, read and checked: the bot levels it offers
(:func:`ladder`, :func:`check_level`), a fresh seed, the move timer, and the
house rules a new game keeps (:func:`keep_house_rules`).

>>> check_timer(30), check_level("search:8")
(30, 'search:8')
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Iterable
from typing import Any

from ..bots import BOTS, make_bot
from ..errors import InvalidRules, SpadesError, is_number
from ..rules import Rules
from ..seats import Seat

__all__ = [
    "DEFAULT_LEVELS",
    "check_level",
    "check_timer",
    "first_level",
    "fresh_seed",
    "keep_house_rules",
    "ladder",
]


DEFAULT_LEVELS = ("rule", "search", "random")
"""The bots' default level: the first of these installed."""


def ladder() -> list[str]:
    """The bot levels to offer, weakest first (``spadeslib.bots.LADDER`` when
    the bots provide one, else every installed level)."""
    from .. import bots

    levels = getattr(bots, "LADDER", None)
    return list(levels) if levels else list(BOTS)


def level_seats(rules: Rules, seat: Seat) -> tuple[Seat | None, Seat]:
    """``(partner, opponent)``: the seats whose bots play at the table's
    partner and opponents levels for a learner at ``seat`` (no partner with
    two players, who face each other across the table).

    >>> level_seats(Rules.parse("two-player"), Seat.SOUTH)
    (None, <Seat.NORTH: 0>)
    """
    if rules.players == 2:
        return None, seat.partner
    return seat.partner, seat.left


def first_level(preferred: Iterable[str]) -> str:
    installed = set(BOTS) | set(ladder())
    return next((lvl for lvl in preferred if lvl in installed), "random")


def check_level(level: Any) -> str:
    """``level`` if ``make_bot`` can build it (a known level with options it
    takes), else :class:`SpadesError` saying what is wrong.

    >>> check_level("search:8")
    'search:8'
    >>> check_level("expert:x=1")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    spadeslib.errors.SpadesError: bad bot level 'expert:x=1': ... no option 'x' ...
    """
    if not isinstance(level, str):
        raise SpadesError(
            f"a bot level is a name such as {ladder()[0]!r}, not {level!r}"
        )
    if level.split(":")[0].strip().lower() not in BOTS:
        raise SpadesError(
            f"unknown bot level {level!r}: choose from {', '.join(ladder())}"
        )
    try:
        make_bot(level, seed=0)
    except SpadesError as error:
        raise SpadesError(f"bad bot level {level!r}: {error}") from None
    except Exception as error:  # a level's options the bot itself refuses
        raise SpadesError(
            f"bad bot level {level!r}: {type(error).__name__}: {error}"
        ) from None
    return level


def fresh_seed() -> int:
    """A new seed for a table opened without one: from the system's
    randomness, so that every table (every student of a class page) gets its
    own deal; the table shows it, so the game can be replayed from it."""
    return secrets.randbelow(10**6)


def check_timer(timer: Any) -> float | None:
    """``timer`` if it is a move timer: seconds per decision (a positive
    number), ``0`` for none, or ``None`` for the rules' own; else
    :class:`SpadesError`.

    >>> check_timer(30), check_timer(0), check_timer(None)
    (30, 0, None)
    >>> check_timer(-1)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    spadeslib.errors.SpadesError: the move timer is seconds per decision ..., not -1
    """
    if timer is None:
        return None
    if not is_number(timer) or not math.isfinite(timer) or timer < 0:
        raise SpadesError(
            "the move timer is seconds per decision (a positive number, or 0 "
            f"for none), not {timer!r}"
        )
    return timer


def keep_house_rules(old: Rules, new: Rules) -> tuple[Rules, list[str], list[str]]:
    """``new`` with the house rules of ``old`` that it accepts, the settings
    kept (``"bag_limit=5"``) and those dropped, each with why.

    >>> rules, kept, dropped = keep_house_rules(
    ...     Rules.parse("classic+bag_limit=5"), Rules.parse("yppedia")
    ... )
    >>> rules.full_spec, kept, dropped
    ('yppedia+bag_limit=5', ['bag_limit=5'], [])
    """
    accepted: dict[str, Any] = {}
    kept: list[str] = []
    dropped: list[str] = []
    for (key, value), written in zip(
        old.house_rules.items(), old.house_rule_texts, strict=True
    ):
        try:
            Rules(new.preset, new.modifiers, **accepted, **{key: value})
        except (InvalidRules, SpadesError) as error:
            dropped.append(f"{written} ({error})")
            continue
        accepted[key] = value
        kept.append(written)
    if not accepted:
        return new, kept, dropped
    return Rules(new.preset, new.modifiers, **accepted), kept, dropped
