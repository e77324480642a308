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
from ..coach import Advice, Verdict, loss_points
from ..counting import nil_average, nil_break_even, quick_tricks
from ..display import and_list
from ..hand import Hand
from ..rules import Rules
from ..scoring import score_hand
from ..seats import Seat
from .advice import BID_SAMPLES, accepted, bid_coach, within_noise
from .answers import BidAnswer, Decimal, Whole
from .core import (
    Feedback,
    Mistake,
    Spec,
)
from .reading import AnswerError, plural
from .scenarios import bids_table, deal, hand_picture, sensible

CHAPTER = "09_strategy_bidding"

COACH_POINTS = (
    "(The coach counts points as your side's score for this hand minus the other "
    "side's, each bag -10 instead of the bag penalty, averaged over deals of the "
    "cards you cannot see: the margin. A loss less the noise is the loss once "
    "the luck of those deals is taken off, one standard error: the figure the "
    "rating reads.)"
)
"""What the numbers in the coach's verdicts measure: the bag-adjusted margin
of ``docs/coach.md``, in a learner's words."""
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


class ChooseBid(Spec):
    number = 4
    title = "Choose a bid"
    intro = (
        "There is no single right bid: the coach (`spadeslib.coach`) values every "
        f"bid over {BID_SAMPLES} deals of the unseen cards, and the check accepts a "
        "bid it rates best or good (at most 5 points worse than its best bid once "
        "the noise of its deals is taken off), or one that those deals cannot tell "
        "from a good one."
    )
    chapter = CHAPTER
    answer = BidAnswer()

    def generate(self, rng: random.Random) -> None:
        self.hand: Hand = deal(Rules("cards4net"), rng)
        position = rng.randint(1, 3)
        while self.hand.bid_count < position:
            self.hand.apply(sensible(self.hand, rng))

    @property
    def seat(self) -> Seat:
        assert self.hand.turn is not None
        return self.hand.turn

    @property
    def answer_format(self) -> str:
        """The legal bids, read from the hand: Nil only where it is open."""
        legal = [b for b in self.hand.legal_actions() if isinstance(b, Bid)]
        numbers = sorted(b.tricks for b in legal if not b.is_nil)
        text = f"a bid: a number from {numbers[0]} to {numbers[-1]}"
        if any(b.is_nil and not b.is_blind for b in legal):
            return f"{text} or 'nil'"
        why = str(self.hand.why_illegal(Bid.NIL)).split(": ", 1)[-1]
        return f"{text} (not Nil: {why})"

    def verdict(self, bid: Bid) -> Verdict:
        """The coach's verdict on ``bid`` (cached per exercise)."""
        found: dict[Bid, Verdict] = self._cache.setdefault("verdicts", {})
        if bid not in found:
            found[bid] = self.advice().rate(bid)
        return found[bid]

    def advice(self) -> Advice:
        """The coach's analysis of the bid (over :data:`BID_SAMPLES` deals)."""
        return bid_coach().advise(self.hand.view(self.seat))

    def reference(self) -> Bid:
        """The coach's best bid."""
        best = self.advice().best
        assert isinstance(best, Bid)  # the bid coach's advice is a bid
        return best

    def key(self) -> Bid:
        return self.reference()

    def candidates(self) -> list[Any]:
        """Every legal bid: the check accepts each one the coach rates sound."""
        return [
            self.expected,
            *(b for b in self.hand.legal_actions() if isinstance(b, Bid)),
        ]

    def good(self, bid: Bid) -> bool:
        verdict = self.verdict(bid)
        return accepted(verdict) or within_noise(verdict)

    def diagnose(self, parsed: Any) -> Feedback | None:
        reason = self.hand.why_illegal(parsed)
        if reason:
            return Feedback("incorrect", reason, "illegal")
        ref = self.reference()
        verdict = self.verdict(parsed)
        count = f"{quick_tricks(self.hand.holding[self.seat]):g}"
        said = f"The coach: {verdict.rating}. {verdict.text} {COACH_POINTS}"
        if accepted(verdict):
            return Feedback(
                "correct",
                f"{said} The quick count of the hand is {count}.",
            )
        if within_noise(verdict):
            low, high = verdict.loss_ci
            return Feedback(
                "correct",
                f"within the noise of the coach's deals: over {BID_SAMPLES} deals "
                f"this bid loses between {max(0.0, low):.0f} and {high:.0f} points "
                "(95% interval), as close to a good bid as those deals can tell, "
                f"so the check accepts it, though the coach rates it "
                f"{'an' if verdict.rating[0] in 'aeiou' else 'a'} {verdict.rating} "
                "(the loss the rating reads, "
                f"{loss_points(verdict.rated)}, is over 5). {said} The quick "
                f"count of the hand is {count}.",
                label="Accepted",
            )
        if parsed.is_nil:
            return Feedback(
                "incorrect",
                f"{said} This hand is no Nil: with {count} quick tricks the Nil "
                f"would too often fail ({-self.hand.rules.nil_value:+d}).",
                "nil",
            )
        if ref.is_nil:
            return Feedback(
                "incorrect",
                f"{said} The hand has almost no tricks, so a Nil is worth more "
                "than a small number.",
                "number",
            )
        if parsed.tricks > ref.tricks:
            return Feedback(
                "incorrect",
                f"{said} {parsed.tricks} overbids by {parsed.tricks - ref.tricks}: "
                "overbidding risks a set, which costs 10 for every trick bid. The "
                f"quick count is {count}.",
                "high",
            )
        return Feedback(
            "incorrect",
            f"{said} {parsed.tricks} underbids by {ref.tricks - parsed.tricks}: "
            "underbidding gives away 9 points per trick and piles up bags. The "
            f"quick count is {count}.",
            "low",
        )

    def mistakes(self) -> list[Mistake]:
        ref = self.reference()
        out = []
        if ref.is_nil:
            candidates = [Bid(3), Bid(5)]
        else:
            candidates = [
                Bid(min(13, ref.tricks + 3)),
                Bid(min(13, ref.tricks + 2)),
                Bid(max(0, ref.tricks - 3)),
                Bid(max(0, ref.tricks - 2)),
                Bid.NIL,
            ]
        for bid in candidates:
            if self.hand.is_legal(bid) and not self.good(bid):
                verdict = self.diagnose(bid)
                assert verdict is not None
                out.append(Mistake(verdict.mistake or "bid", bid, verdict.message))
        return out

    def prompt(self) -> str:
        h = self.hand
        bids = h.bid_map()
        made = bids_table(h.rules, bids, seats=[s for s in h.bid_order if s in bids])
        return (
            f"Rules: {h.rules.full_spec}. Dealer: {h.dealer.full}. "
            f"Bids so far:\n{made}\n"
            f"You ({self.seat.full}) hold:\n{hand_picture(h.holding, [self.seat])}\n"
            "What do you bid? (A bid the coach rates best or good is accepted, "
            "and so is one its deals cannot tell from a good one.)"
        )

    def hint(self) -> str:
        return (
            "Start from the quick count (aces, guarded kings, long spades), then "
            "think about short suits you could trump and what the others bid."
        )

    def explain(self) -> str:
        advice = self.advice()
        good = [
            b for b in self.hand.legal_actions() if isinstance(b, Bid) and self.good(b)
        ]
        also = [b for b in good if b != advice.best]
        noisy = [b for b in also if not accepted(self.verdict(b))]
        others = ""
        if also:
            others = (
                f" Also accepted: {and_list([self.format_answer(b) for b in also])}"
            )
            if noisy:
                which = (
                    ""
                    if noisy == also
                    else (and_list([self.format_answer(b) for b in noisy]) + ": ")
                )
                them = "it" if len(noisy) == 1 else "them"
                others += (
                    f" ({which}rated below good, but the coach's {BID_SAMPLES} "
                    f"deals cannot tell {them} from a good bid)"
                )
            others += "."
        return (
            f"The coach: {advice.explain()}{others} {COACH_POINTS} The quick count "
            f"is {quick_tricks(self.hand.holding[self.seat]):g}."
        )


EXERCISES = [NilValue, BreakEven, UnderbidCost, ChooseBid]
