"""Bots: players that see only their seat's view.

``make_bot(name, seed=...)`` builds a bot by level name; :data:`BOTS` lists
the levels with a one-line summary. Every bot has ``act(view)``,
``explain(view)`` (the action with a reason) and ``reset()``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..errors import SpadesError
from .base import Bot, BotError, Suggestion, play_until
from .random_bot import RandomBot
from .rule_bot import RuleBot
from .search_bot import SearchBot

__all__ = [
    "BOTS",
    "Bot",
    "BotError",
    "RandomBot",
    "RuleBot",
    "SearchBot",
    "Suggestion",
    "make_bot",
    "play_until",
]

BOTS: dict[str, tuple[str, Callable[..., Bot]]] = {
    "random": ("uniformly random legal actions (a baseline)", RandomBot),
    "rule": (
        "rule-based club player: counts tricks, covers and attacks nils, ducks bags",
        RuleBot,
    ),
    "search": (
        "determinized Monte Carlo over rule-based playouts (option samples=N)",
        SearchBot,
    ),
}
"""Level name -> (one-line summary, factory taking ``seed=`` and options)."""


def make_bot(name: str, seed: int | str | None = None, **options: Any) -> Bot:
    """A new bot of the named level.

    >>> make_bot("random", seed=1).name
    'random'
    """
    try:
        factory = BOTS[name.strip().lower()][1]
    except KeyError:
        raise SpadesError(
            f"unknown bot {name!r}: choose from {', '.join(BOTS)}"
        ) from None
    return factory(seed=seed, **options)
