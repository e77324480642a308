"""Chapter 9, exercise 4: choose a bid, rated by the coach (the other
exercises of the chapter are in :mod:`.ch09_strategy_bidding`)."""

from __future__ import annotations

import random
from typing import Any

from ..actions import Bid
from ..coach import LEVELS, Advice, Verdict, loss_points
from ..coach.coach import EXTEND
from ..coach.nil import nil_dangers
from ..counting import quick_tricks
from ..display import and_list
from ..hand import Hand
from ..rules import Rules
from ..seats import Seat
from .advice import BID_SAMPLES, accepted, bid_coach, within_noise
from .answers import BidAnswer
from .feedback import Feedback, Mistake
from .scenarios import bids_table, deal, hand_picture, sensible
from .specs import Spec

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


class ChooseBid(Spec):
    number = 4
    title = "Choose a bid"
    intro = (
        "There is no single right bid: the coach (`spadeslib.coach`) values every "
        f"bid over {BID_SAMPLES} deals of the unseen cards (more than the "
        f"{LEVELS['search'][0]} or {EXTEND * LEVELS['search'][0]} the coach deals in "
        "chapter 10: a whole hand rides on a bid, so its value varies widely from deal "
        "to deal, and more deals keep the check steady), and the check accepts a "
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
        text = "a bid"
        if numbers:
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
            # its dangers, not its quick count: few quick tricks argue for a
            # Nil (a reviewer read "with 0 quick tricks the Nil would fail")
            dangers = nil_dangers(self.hand.view(self.seat))
            why = f": {dangers} may win a trick" if dangers else ""
            return Feedback(
                "incorrect",
                f"{said} This hand is no Nil{why}, and a failed Nil costs "
                f"{self.hand.rules.nil_value}.",
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
        bids = h.bids
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
