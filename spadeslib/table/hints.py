"""Bot levels and hints for the table, whatever bots are installed.

The table asks :mod:`spadeslib.bots` for a hint with ``suggest(view, level)``
when that function exists, and otherwise builds the bot of that level and
asks it to ``explain(view)``. Both give a
:class:`~spadeslib.bots.Suggestion` (action, reason, level).

>>> from spadeslib import Hand
>>> hand = Hand(seed=3)
>>> tip = hint(hand.view(hand.turn), "random", seed=1)
>>> tip.action in hand.legal_actions(), tip.level
(True, 'random')
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable

from ..bots import BOTS, Suggestion, make_bot
from ..view import PlayerView

__all__ = ["available_level", "hint", "levels"]


def levels() -> list[str]:
    """The bot levels installed, as :data:`spadeslib.bots.BOTS` lists them."""
    return list(BOTS)


def available_level(preferred: Iterable[str]) -> str:
    """The first of ``preferred`` that is installed (``"random"`` always is).

    >>> available_level(["no-such-level", "random"])
    'random'
    """
    for level in preferred:
        if level in BOTS:
            return level
    return "random"


def hint(view: PlayerView, level: str, seed: int | str | None = None) -> Suggestion:
    """What the ``level`` bot would do from ``view``, with its reason."""
    from .. import bots

    suggest = getattr(bots, "suggest", None)
    if suggest is not None:
        params = inspect.signature(suggest).parameters
        if "seed" in params:
            return suggest(view, level, seed=seed)  # type: ignore[no-any-return]
        return suggest(view, level)  # type: ignore[no-any-return]
    return make_bot(level, seed=seed).explain(view)
