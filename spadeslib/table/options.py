"""What a table is opened with, read and checked: the bot levels it offers
(:func:`ladder`, :func:`check_level`: the built-in levels; a bot of your own
plays in ``spades match`` or through ``make_bot``), a fresh seed, the move
timer, and the house rules a new game keeps (:func:`keep_house_rules`).

>>> check_timer(30), check_level("search:8")
(30, 'search:8')
"""

from __future__ import annotations

import math
import secrets
from typing import Any

from ..bots import BOTS, LADDER, make_bot
from ..errors import InvalidRules, SpadesError, is_number
from ..names import name_key
from ..rules import Rules
from ..seats import Seat

__all__ = [
    "DEFAULT_LEVEL",
    "check_level",
    "check_timer",
    "fresh_seed",
    "keep_house_rules",
    "ladder",
]


DEFAULT_LEVEL = "rule"
"""The level of the bots and of the coach at a table opened without one."""


def ladder() -> list[str]:
    """The bot levels to offer, weakest first (:data:`spadeslib.bots.LADDER`)."""
    return list(LADDER)


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


def check_level(level: Any) -> str:
    """``level`` as the table keeps it (its name read by
    :func:`~spadeslib.names.name_key`) if ``make_bot`` can build it (a
    built-in level with options it takes), else :class:`SpadesError` saying
    what is wrong.

    >>> check_level("search:8"), check_level(" Search_Lite")
    ('search:8', 'search-lite')
    >>> check_level("expert:x=1")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    spadeslib.errors.SpadesError: bad bot level 'expert:x=1': ... no option 'x' ...

    A bot of your own is refused: the levels come from the page, a resume
    token or an uploaded record, text the table never imports.

    >>> check_level("mybot.CountBot")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    spadeslib.errors.SpadesError: unknown bot level 'mybot.CountBot': the table ...
    """
    if not isinstance(level, str):
        raise SpadesError(
            f"a bot level is a name such as {ladder()[0]!r}, not {level!r}"
        )
    name, colon, rest = level.strip().partition(":")
    if "." in name:
        raise SpadesError(
            f"unknown bot level {level!r}: the table offers the built-in levels "
            f"{', '.join(ladder())}; your own bots play in spades match or "
            "through make_bot"
        )
    if name_key(name) not in BOTS:
        raise SpadesError(
            f"unknown bot level {level!r}: choose from {', '.join(ladder())}"
        )
    checked = name_key(name) + colon + rest
    try:
        make_bot(checked, seed=0)
    except SpadesError as error:
        raise SpadesError(f"bad bot level {checked!r}: {error}") from None
    except Exception as error:  # a level's options the bot itself refuses
        raise SpadesError(
            f"bad bot level {checked!r}: {type(error).__name__}: {error}"
        ) from None
    return checked


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
