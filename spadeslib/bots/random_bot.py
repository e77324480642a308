"""The baseline: a uniformly random legal action."""

from __future__ import annotations

import random

from ..actions import Action
from ..view import PlayerView
from .base import Suggestion

__all__ = ["RandomBot"]


class RandomBot:
    """Picks uniformly among the legal actions, from a seeded generator.
    Like every level, it plays the same way every run for a given seed,
    ``None`` included (read as 0): give bots that should differ different
    seeds.

    >>> from spadeslib import Hand
    >>> bot = RandomBot(seed=1)
    >>> hand = Hand(seed=2)
    >>> bot.act(hand.view(hand.turn)) in hand.legal_actions()
    True
    """

    name = "random"

    def __init__(self, seed: int | str | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(0 if seed is None else seed)

    def act(self, view: PlayerView) -> Action:
        """A random choice among ``view.legal``."""
        return self.rng.choice(view.legal)

    def explain(self, view: PlayerView) -> Suggestion:
        """A random choice, honestly labelled."""
        return Suggestion(self.act(view), "a random legal choice", self.name)

    def reset(self) -> None:
        """Restart the random sequence from the seed."""
        self.rng = random.Random(0 if self.seed is None else self.seed)
