"""One adviser for the table: the hint, the hand estimate and the review.

The table asks for advice in three places: *Hint* (what would a strong
player do now, and why), *How good is my hand?* during bidding (expected
tricks and a suggested bid), and the review of a finished hand (per
decision: your choice, the best one, what it cost). All three go through
:class:`Advisor`, so the hint and the review never disagree about what
"best" means: one :class:`~spadeslib.coach.Coach` answers all three.

>>> from spadeslib import Hand
>>> hand = Hand(seed=3, dealer="W")
>>> hand.apply("look")  # North, the first bidder, declines a blind nil
>>> advisor = Advisor("rule", seed=1)
>>> tip = advisor.hint(hand.view(hand.turn))
>>> tip.action in hand.legal_actions(), tip.text.startswith("Bid")
(True, True)
>>> estimate = advisor.estimate(hand.view(hand.turn))
>>> 0 <= estimate.tricks <= 13, estimate.bid in hand.legal_actions()
(True, True)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from ..actions import Action, Bid
from ..coach import LEVELS, Coach
from ..coach.explain import describe
from ..errors import SpadesError
from ..hand import Hand, Phase
from ..seats import Seat
from ..view import PlayerView

__all__ = ["Advisor", "Estimate", "ReviewRow", "TableReview", "Tip"]


@dataclass(frozen=True)
class Tip:
    """A hint: the action advised and why."""

    action: Action
    text: str
    level: str


@dataclass(frozen=True)
class Estimate:
    """What a hand is worth before bidding: expected tricks, a suggested bid."""

    tricks: float
    bid: Action
    text: str


@dataclass(frozen=True)
class ReviewRow:
    """One reviewed decision."""

    when: str
    """``"bidding"`` or ``"trick 3"``."""
    yours: str
    best: str
    loss: float | None
    """Expected points lost against the best choice (``None``: not measured)."""
    rating: str
    """``"best"``, ``"good"``, ``"inaccuracy"``, ``"mistake"``, ``"blunder"``,
    or ``"unmeasured"`` (a decision the coach leaves to the book: no loss)."""
    text: str


@dataclass
class TableReview:
    """A finished hand's review, ready for the table."""

    number: int
    level: str
    rows: list[ReviewRow]
    summary: str
    points_lost: float | None
    counts: dict[str, int] = field(default_factory=dict)
    source: Any = None
    """The coach's or the bot review's own object, for notebook users."""
    lost_by_rating: dict[str, float] = field(default_factory=dict)
    """Expected points lost, summed per rating (with the coach)."""

    def __iter__(self) -> Iterator[ReviewRow]:
        """The rows, in the order of the decisions."""
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    def __str__(self) -> str:
        return str(self.source) if self.source is not None else self.summary


def _words(action: Action) -> str:
    return describe(action)


class Advisor:
    """Hints, hand estimates and reviews from one level and seed.

    One :class:`~spadeslib.coach.Coach` serves all three (its analysis of a
    decision is cached), so a hint and the review of the same decision
    agree. A level the coach does not know is coached at ``"rule"``."""

    def __init__(self, level: str = "rule", seed: int | str = 0) -> None:
        self.seed = seed
        self.level = level if level in LEVELS else "rule"
        self._coach = Coach(self.level, seed=seed)

    # ------------------------------------------------------------------ hint
    def hint(self, view: PlayerView) -> Tip:
        """What to do now from ``view``, and why."""
        advice = self._coach.advise(view)
        return Tip(advice.best, str(advice.explain()), self.level)

    # -------------------------------------------------------------- estimate
    def estimate(self, view: PlayerView) -> Estimate:
        """Expected tricks of the hand in ``view`` and a suggested bid."""
        if view.hand is None:
            raise SpadesError("your cards are face down: look at them first")
        from ..bots.sim import deck_for
        from ..bots.valuation import evaluate

        deck = deck_for(view.rules)
        tricks = max(0.0, min(13.0, evaluate(deck, deck.mask(view.hand))))
        bid: Action = Bid(round(tricks))
        reason = ""
        if view.legal and view.phase is Phase.BIDDING:
            advice = self._coach.advise(view)
            bid = advice.best
            if advice.tricks:
                tricks = sum(k * p for k, p in advice.tricks.items())
            if advice.nil_pays is not None:
                reason = str(advice.nil_pays).rstrip(".") + "."
        text = (
            f"About {tricks:.1f} tricks in your hand; suggested bid: "
            f"{_words(bid).removeprefix('bid ')}. {reason}"
        ).strip()
        return Estimate(round(tricks, 1), bid, text)

    # ---------------------------------------------------------------- review
    def review(self, hand: Hand, seat: Seat) -> TableReview:
        """Each of ``seat``'s decisions in the finished ``hand``, rated."""
        return self._coach_review(hand, seat)

    def _coach_review(self, hand: Hand, seat: Seat) -> TableReview:
        review = self._coach.review(hand, seat)
        # decisions the coach leaves to the book get a row too, with no loss
        placed = [*zip(review.positions, review.verdicts, strict=True)]
        placed += review.unrated
        # a bid made face down is two decisions at one place: look, then bid
        placed.sort(key=lambda item: (item[0], item[1].where != "blind"))
        rows = [
            ReviewRow(
                v.where,
                _words(v.action),
                _words(v.best),
                None if v.rating == "unmeasured" else round(float(v.loss), 1),
                v.rating,
                v.text,
            )
            for _, v in placed
        ]
        counts = {k: n for k, n in review.counts.items() if n}
        if review.forced:
            counts["forced"] = review.forced
        if review.unmeasured:
            counts["not measured"] = review.unmeasured
        lost = {k: round(v, 1) for k, v in review.points_lost.items()}
        summary = review.summary.splitlines()[0]
        total = round(sum(lost.values()), 1)
        return TableReview(
            hand.number, self.level, rows, summary, total, counts, review, lost
        )
