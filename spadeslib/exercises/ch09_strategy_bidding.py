"""Chapter 9 exercises: bidding strategy.

What a Nil is worth on average, when it beats a numeric bid, what
underbidding costs in bags, and choosing a bid the coach rates sound.

>>> from spadeslib.exercises import key_text, load
>>> q1, q2, q3, q4 = load("09_strategy_bidding", seed=1)
>>> q1.feedback(key_text(q1)).correct, q3.feedback(key_text(q3)).correct
(True, True)
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from ..actions import Bid
from ..counting import nil_average, nil_break_even
from ..display import and_list
from ..rules import Rules
from ..scoring import score_hand
from ..seats import Seat
from .answers import Decimal, Whole
from .ch09_choose_bid import CHAPTER, ChooseBid
from .feedback import Mistake
from .reading import AnswerError, plural
from .specs import Spec

TITLE = "Strategy I: bidding"
INTRO = (
    "They put numbers on bidding decisions: what a Nil is worth on average, when it "
    "beats a safe bid, what underbidding costs in bags, and a bid of your own, rated"
    " by the coach."
)


class NilValue(Spec):
    number = 1
    title = "What a Nil is worth on average"
    intro = "An average over many hands: the expected value."
    chapter = CHAPTER
    answer = Decimal(1, "a number of points")
    must_catch = ("no-loss",)

    def generate(self, rng: random.Random) -> None:
        self.rules = Rules(rng.choice(["cards4net", "yppedia"]))
        self.p = rng.choice([0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9])

    def ev(self, value: int, p: float | None = None) -> float:
        return nil_average(self.p if p is None else p, value)

    def key(self) -> float:
        return self.ev(self.rules.nil_value)

    def prompt(self) -> str:
        return (
            f"Rules: {self.rules.full_spec}. You think your Nil will succeed with "
            f"probability {self.p:g}. On average, how many points does the Nil "
            "itself bring (leave your partner's contract aside)?"
        )

    def mistakes(self) -> list[Mistake]:
        other = Rules("yppedia" if self.rules.preset == "cards4net" else "cards4net")
        v = self.rules.nil_value
        return [
            Mistake(
                "no-loss",
                self.p * v,
                f"you counted only the gain; a failed Nil costs {v}, so subtract "
                f"{1 - self.p:g} × {v}",
            ),
            Mistake(
                "other-preset",
                self.ev(other.nil_value),
                f"under {self.rules.preset} the Nil is worth ±{v} (`rules.nil_value`), "
                f"not ±{other.nil_value}",
            ),
            Mistake(
                "swapped",
                self.ev(v, 1 - self.p),
                f"{self.p:g} is the chance of success, so the gain gets the weight "
                f"{self.p:g}",
            ),
            Mistake(
                "made-only",
                v,
                f"that is what the Nil scores when it is made; it is made only with "
                f"probability {self.p:g}, and fails otherwise: weigh each outcome "
                "by its chance",
            ),
            Mistake(
                "failed-only",
                -v,
                f"that is what the Nil costs when it fails; it fails only with "
                f"probability {1 - self.p:g}, and is made otherwise: weigh each "
                "outcome by its chance",
            ),
            Mistake(
                "even",
                0,
                f"the gain and the loss are both {v}, but they are not equally "
                f"likely: the Nil is made with probability {self.p:g}, so the gain "
                "weighs more",
            ),
            Mistake(
                "chance",
                self.p,
                f"{self.p:g} is the chance that the Nil is made; the question asks "
                "for points: weigh each outcome's points by its chance",
            ),
        ]

    def hint(self) -> str:
        return (
            "Expected value = P(made) × gain + P(failed) × loss, with the loss "
            "negative."
        )

    def explain(self) -> str:
        v = self.rules.nil_value
        return (
            f"{self.p:g} × {v} − {1 - self.p:g} × {v} = {self.expected:g} points "
            f"(Nil ±{v} under {self.rules.preset})."
        )


#: the break-even of chapter 9's worked example (Nil 100 against a bid of 2
#: made 9 times in 10: +16 on average), which a learner may copy
CHAPTER_BREAK_EVEN = nil_break_even(100, 0.9 * 20 - 0.1 * 20)


class BreakEven(Spec):
    number = 2
    title = "When does a Nil beat a safe bid?"
    intro = "The break-even probability of a Nil."
    chapter = CHAPTER
    answer = Decimal(
        2, "a probability between 0 and 1 (or a percentage)", probability=True
    )
    must_catch = ("no-loss", "half")

    def generate(self, rng: random.Random) -> None:
        self.rules = Rules(rng.choice(["cards4net", "classic"]))
        self.k = rng.randint(1, 3)

    @property
    def safe(self) -> int:
        """The points of the safe alternative: a bid of k made exactly."""
        n, s, e, w = Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST
        bids = {n: Bid(self.k), s: Bid(0), e: Bid(3), w: Bid(3)}
        tricks = {n: self.k, s: 0, e: 13 - self.k, w: 0}
        # South's 0 adds nothing to the contract (not a Nil, which classic
        # would read it as): the partner's part is left out of the comparison
        plain = dataclasses.replace(self.rules, numeric_zero=True)
        return score_hand(plain, bids, tricks, {})["NS"].points

    def key(self) -> float:
        return nil_break_even(self.rules.nil_value, self.safe)

    def parse(self, answer: Any) -> float:
        """A probability: a decimal from 0 to 1, or a percentage (``"65%"``, or
        a bare number above 1 and at most 100, read as a percentage).

        >>> q = BreakEven(1)
        >>> q.parse(0.65), q.parse(65), q.parse("65%"), q.parse("65")
        (0.65, 0.65, 0.65, 0.65)
        >>> print(q.feedback(150))  # doctest: +NORMALIZE_WHITESPACE
        Check the format of your answer: 150 is not a probability, which lies
        between 0 and 1 (0% and 100%). Expected a probability between 0 and 1 (or
        a percentage) to 2 decimals.
        """
        value: float = super().parse(answer)
        percent = isinstance(answer, str) and answer.strip().endswith("%")
        if 1 < value <= 100 and not percent:
            return value / 100
        if value < 0 or value > 1:
            written = str(answer).strip() if isinstance(answer, str) else f"{value:g}"
            raise AnswerError(
                f"{written} is not a probability, which lies between 0 and 1 (0% and "
                "100%)"
            )
        return value

    def prompt(self) -> str:
        return (
            f"Rules: {self.rules.full_spec}. With your hand you could bid Nil, or bid "
            f"{self.k} and be sure to make exactly {self.k} (+{10 * self.k}, no bags). "
            "Above which probability of success does the Nil score more on average? "
            "(Leave your partner's contract aside.) Write the probability as a "
            "decimal between 0 and 1, or as a percentage: 25% or 25 (a number above "
            "1 and at most 100 is read as a percentage)."
        )

    def mistakes(self) -> list[Mistake]:
        v = self.rules.nil_value
        return [
            Mistake(
                "no-loss",
                self.safe / v,
                f"you compared p × {v} with {self.safe}, forgetting that a failed Nil "
                f"costs {v}: solve p × {v} − (1 − p) × {v} = {self.safe}",
            ),
            Mistake(
                "half",
                0.5,
                "at 0.5 the Nil is worth 0 on average, but the safe bid is worth "
                f"{self.safe}: the Nil needs a better chance than that",
            ),
            Mistake(
                "failure",
                1 - self.key(),
                "that is the chance that the Nil fails at the break-even point; the "
                "question asks for the chance that it succeeds",
            ),
            Mistake(
                "chapter",
                CHAPTER_BREAK_EVEN,
                "that is the break-even of the chapter's example, where the bid of 2 "
                "is made only 9 times in 10 (worth +16 on average); here the bid of "
                f"{self.k} is sure, worth {self.safe}: solve p × {v} − (1 − p) × {v} "
                f"= {self.safe}",
            ),
            Mistake(
                "lost-v",
                self.safe / (2 * v),
                f"p × {v} − (1 − p) × {v} is 2 × p × {v} − {v}, not 2 × p × {v}: "
                f"solve 2 × p × {v} − {v} = {self.safe}",
            ),
        ]

    def hint(self) -> str:
        return (
            f"Write the Nil's average as a function of p, set it equal to "
            f"{10 * self.k}, and solve for p."
        )

    def explain(self) -> str:
        v = self.rules.nil_value
        return (
            f"With p the chance that the Nil succeeds, p × {v} − (1 − p) × {v} = "
            f"{self.safe} gives p = ({v} + {self.safe}) / {2 * v} = "
            f"{self.expected:.3f}."
        )


class UnderbidCost(Spec):
    number = 3
    title = "What underbidding costs"
    intro = "Overtricks look free, but they are bags."
    chapter = CHAPTER
    answer = Whole("points")
    must_catch = ("no-penalty", "penalty-only")

    def generate(self, rng: random.Random) -> None:
        self.rules = Rules("cards4net")
        self.bid = rng.randint(3, 5)
        self.extra = rng.randint(1, 3)
        self.hands = rng.randint(4, 8)
        self.bags = rng.randint(0, 6)

    def total(self, bid: int, penalty: bool = True, ten: bool = False) -> int:
        """The side's points over the hands, bidding ``bid`` every time while
        always winning ``self.bid + self.extra`` tricks (``penalty=False``:
        without the bag penalties; ``ten``: bag-adjusted, each bag -10 and no
        penalty, the measure of chapter 9 and the coach)."""
        won = self.bid + self.extra
        bags = self.bags
        total = 0
        for _ in range(self.hands):
            result = score_hand(
                self.rules,
                {
                    Seat.NORTH: Bid(bid),
                    Seat.SOUTH: Bid(0),
                    Seat.EAST: Bid(3),
                    Seat.WEST: Bid(3),
                },
                {Seat.NORTH: won, Seat.SOUTH: 0, Seat.EAST: 13 - won, Seat.WEST: 0},
                {"NS": bags, "EW": 0},
            )["NS"]
            if ten:
                total += result.bag_adjusted
            else:
                total += result.points + (0 if penalty else result.penalty_points)
            bags = result.bags_after
        return total

    def key(self) -> int:
        return self.total(self.bid + self.extra) - self.total(self.bid)

    def penalties(self) -> int:
        """How many bag penalties bidding ``self.bid`` brings over the hands."""
        return (self.bags + self.hands * self.extra) // self.rules.bag_limit

    def prompt(self) -> str:
        won = self.bid + self.extra
        return (
            f"Rules: {self.rules.full_spec}. Your side starts with "
            f"{plural(self.bags, 'bag')}. For "
            f"{self.hands} hands in a row it bids {self.bid} and wins {won} "
            "tricks. How "
            f"many points more would it have scored by bidding {won} each time (and "
            "still winning exactly that)?"
        )

    def mistakes(self) -> list[Mistake]:
        won = self.bid + self.extra
        exact, under = self.total(won), self.total(self.bid)
        penalty, limit = self.rules.bag_penalty, self.rules.bag_limit
        out = [
            Mistake(
                "no-penalty",
                exact - self.total(self.bid, penalty=False),
                "you left out the bag penalties: the overtricks pile up as bags and "
                "cost 100 each time the count reaches 10",
            ),
            Mistake(
                "penalty-only",
                self.total(self.bid, penalty=False) - self.total(self.bid),
                "besides the penalties, each overtrick scores only 1 point where a "
                "trick bid scores 10",
            ),
            Mistake(
                "bags-ten",
                exact - self.total(self.bid, ten=True),
                "you counted every bag as -10 points, the rule of thumb the chapter "
                "and the coach use to compare bids; the question asks for the real "
                f"score: a bag scores 1 point, and the side loses {penalty} each time "
                f"its bag count reaches {limit} (it starts with {self.bags})",
            ),
            Mistake(
                "won-only",
                exact,
                f"that is what bidding {won} scores over the {self.hands} hands; the "
                f"question asks how much more it scores than bidding {self.bid}: "
                "score that plan too and subtract",
            ),
            Mistake(
                "under-no-penalty",
                self.total(self.bid, penalty=False),
                f"that is what bidding {self.bid} scores over the {self.hands} hands "
                "before its bag penalties; the question asks how much more bidding "
                f"{won} would score: count its penalties too, then score bidding "
                f"{won} and subtract",
            ),
        ]
        pens = self.penalties()
        if pens >= 2:  # with one, forgetting it is "no-penalty"
            out.append(
                Mistake(
                    "one-penalty-less",
                    self.key() - penalty,
                    f"you counted {pens - 1} bag penalt"
                    f"{'y' if pens == 2 else 'ies'} of {penalty}, but there are "
                    f"{pens}: starting with {self.bags}, the {self.hands} × "
                    f"{self.extra} overtricks bring the bag count to "
                    f"{self.bags + self.hands * self.extra}: it reaches "
                    f"{and_list([str(limit * k) for k in range(1, pens + 1)])}, a "
                    f"penalty each time",
                )
            )
        return [
            *out,
            Mistake(
                "sign",
                -self.key(),
                f"the size is right but the sign is not: bidding {won} scores more, "
                f"so the difference it makes over bidding {self.bid} is positive",
            ),
            Mistake(
                "under-only",
                under,
                f"that is what bidding {self.bid} scores over the {self.hands} hands; "
                f"the question asks how much more bidding {won} would score: score "
                "that plan too and subtract",
            ),
        ]

    def hint(self) -> str:
        return (
            "Score both plans hand by hand: bids, overtricks, and the running bag "
            "count with its penalties."
        )

    def explain(self) -> str:
        won = self.bid + self.extra
        under, exact = self.total(self.bid), self.total(won)
        pens = (self.bags + self.hands * self.extra) // 10
        raw = self.hands * (10 * self.bid + self.extra)
        penalty = self.rules.bag_penalty
        minus = (
            f" = {raw}, minus {pens} bag penalt{'y' if pens == 1 else 'ies'} of "
            f"{penalty}"
            if pens and raw - pens * penalty == under
            else ""
        )
        return (
            f"Bidding {won}: {self.hands} × {10 * won} = {exact}. Bidding {self.bid}: "
            f"{self.hands} × ({10 * self.bid} + {self.extra}){minus} = {under}. "
            f"Difference: {self.expected}."
        )


EXERCISES = [NilValue, BreakEven, UnderbidCost, ChooseBid]
