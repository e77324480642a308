"""What the bots say about a decision, for the strategy exercises.

:func:`suggestion` asks the strongest bot level available (``search``, then
``rule``) through :func:`spadeslib.bots.suggest` when the bots package has it,
and otherwise through the level's own ``explain(view)``. Bots are seeded, so
the same view always gets the same suggestion.

>>> from spadeslib import Hand
>>> hand = Hand(seed=4, dealer="W")
>>> advice = suggestion(hand.view(hand.turn))
>>> advice is None or advice.action in hand.legal_actions()
True
"""

from __future__ import annotations

from typing import Any

from ..view import PlayerView

__all__ = ["LEVELS", "strongest_level", "suggestion"]

LEVELS = ("search", "rule")
"""Bot levels the exercises consult, strongest first."""

SEED = 0
"""The seed the exercises give the bots (as `suggest` does by default)."""


def strongest_level() -> str | None:
    """The strongest level the installed bots offer (``None`` without bots)."""
    try:
        from ..bots import BOTS
    except ImportError:  # pragma: no cover - the bots ship with the package
        return None
    return next((level for level in LEVELS if level in BOTS), None)


def suggestion(view: PlayerView, level: str | None = None) -> Any:
    """The suggestion (``action``, ``reason``, ``level``) of ``level`` (default:
    the strongest available) for ``view``, or ``None`` if there is no such bot."""
    level = level or strongest_level()
    if level is None:
        return None
    from .. import bots

    suggest = getattr(bots, "suggest", None)
    if suggest is not None:
        try:
            return suggest(view, level)
        except TypeError:  # a different signature: fall back to the bot itself
            pass
    return bots.make_bot(level, seed=SEED).explain(view)
