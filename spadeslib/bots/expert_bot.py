"""The expert level: the coach's own choice at every decision.

The expert asks :class:`spadeslib.coach.Coach` (level ``"expert"``) for each
decision and plays its best action: every legal card valued over sampled
worlds that use the bids, the ducks of the play and the opponents' plays
(read as the rule level's, :mod:`.reading`) as evidence, the last
cards solved exactly in every world, bids valued over the candidates near
the rule's bid and Nil, and the blind decision (look, or bid blind) valued
by search too. It never filters moves: every legal card is valued, so its
blunder count is measured, not excluded by construction.

>>> from spadeslib import Hand
>>> hand = Hand(seed=4, dealer="W")
>>> for bid in (3, 3, 3, 3): hand.apply(bid)
>>> bot = ExpertBot(seed=1, samples=4)
>>> bot.act(hand.view(hand.turn)) in hand.legal_actions()
True
"""

from __future__ import annotations

from typing import Any

from ..actions import Action
from ..view import PlayerView
from .base import Suggestion

__all__ = ["ExpertBot"]


class ExpertBot:
    """Plays the coach's best action (see the module docstring).

    >>> ExpertBot().name
    'expert'
    """

    name = "expert"
    filters_blunders = False

    def __init__(
        self,
        seed: int | str | None = None,
        samples: int | None = None,
        exact_cards: int | None = None,
        play_weight: float | None = None,
    ) -> None:
        from ..coach import Coach

        self.seed = seed
        self.coach = Coach(
            "expert",
            seed=seed if seed is not None else 0,
            samples=samples,
            exact_cards=exact_cards,
            play_weight=play_weight,
            cache=64,
            steady=False,  # the ladder's expert: a fixed budget a decision
            prefer=1.0,  # leaves the book's card at one standard error, as measured
        )
        self.samples = self.coach.samples

    def act(self, view: PlayerView) -> Action:
        """The coach's best action for ``view``."""
        return self.coach.advise(view).best

    def explain(self, view: PlayerView) -> Suggestion:
        """The action with the coach's hint, whole and in one line."""
        advice = self.coach.advise(view)
        return Suggestion(advice.best, advice.explain(), self.name, advice.brief())

    def reset(self) -> None:
        """Forget remembered analyses (each decision is seeded by itself)."""
        self.coach._cache.clear()

    def options(self) -> dict[str, Any]:
        """The budget in use."""
        return {
            "samples": self.coach.samples,
            "exact_cards": self.coach.exact_cards,
            "play_weight": self.coach.play_weight,
        }
