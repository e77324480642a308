"""The phases of a hand, in the order a hand goes through them.

>>> [p.value for p in Phase]
['draw', 'blind_discard', 'bidding', 'exchange', 'playing', 'over']
"""

from __future__ import annotations

import enum

__all__ = ["Phase"]


class Phase(enum.Enum):
    """Where a hand is. Two-player hands start with ``DRAW``."""

    DRAW = "draw"
    BLIND_DISCARD = "blind_discard"
    BIDDING = "bidding"
    EXCHANGE = "exchange"
    PLAYING = "playing"
    OVER = "over"
