"""Chapter 6 exercises: scoring a hand.

Each exercise gives the bids and the tricks won and asks for one side's
points. The answer comes from :func:`spadeslib.score_hand`; the typical
mistakes come from the same function run under a mistaken rule (another
preset's nil rule, a plain nil's value for a blind nil, a 0 read as Nil...).

>>> from spadeslib.exercises import key_text, load
>>> q = load("06_scoring", seed=1)[3]
>>> q.feedback(key_text(q)).correct
True
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from ..actions import Bid
from ..bidding import trailing
from ..display import plural
from ..rules import Rules
from ..scoring import SideScore, score_hand, side_seats
from ..seats import Seat
from .answers import Whole
from .feedback import Mistake
from .scenarios import (
    bag_text,
    bids_table,
    cap,
    describe_score,
    other_side,
    rules_text,
    side_name,
    split_tricks,
)
from .specs import Spec

CHAPTER = "06_scoring"
TITLE = "Scoring a hand"
INTRO = (
    "Each exercise gives the bids and tricks of one hand and asks for one side's "
    "points: made and set contracts, Nil under two presets, Blind Nil and a "
    "numeric 0."
)


class ScoringExercise(Spec):
    """How many points does a side score? Subclasses build the bids and tricks."""

    chapter = CHAPTER
    answer = Whole("points")
    rules: Rules
    bids: dict[Seat, Bid]
    tricks: dict[Seat, int]
    bags: dict[str, int]
    side: str

    def score(
        self, rules: Rules | None = None, bids: dict[Seat, Bid] | None = None
    ) -> SideScore:
        """The side's score, under ``rules`` (default: the exercise's rules)."""
        return score_hand(
            rules or self.rules, bids or self.bids, self.tricks, self.bags
        )[self.side]

    def with_rule(self, **changes: Any) -> int:
        """The side's points under the exercise's rules with ``changes``."""
        return self.score(dataclasses.replace(self.rules, **changes)).points

    def overtricks_left_out(self) -> list[Mistake]:
        """The overtricks forgotten, when there are some (a nil in the hand
        makes them easy to miss)."""
        s = self.score()
        if not s.overtricks:
            return []
        return [
            Mistake(
                "no-overtricks",
                s.points - s.overtricks,
                f"you left out the overtricks: {side_name(self.side)} won more "
                "tricks than their contract, and each one scores 1 point",
            )
        ]

    def key(self) -> int:
        return self.score().points

    @property
    def seats(self) -> tuple[Seat, ...]:
        return side_seats(self.rules, self.side)

    dealer: Seat = Seat.NORTH

    def order(self) -> list[Seat]:
        """The seats in bidding order (from the dealer's left)."""
        return [Seat((self.dealer + 1 + i) % 4) for i in range(4)]

    def prompt(self) -> str:
        table = bids_table(self.rules, self.bids, self.tricks, self.order())
        bags = bag_text(self.rules, self.bags)
        if not self.score().penalties:  # the other side's may (not asked)
            limit = (
                f"the bag limit, chapter 7, does not change {side_name(self.side)}'s "
                "points here"
            )
            bags = f"{bags[:-1]} ({limit})."
        return (
            f"Rules: {rules_text(self.rules)}. Dealer: {self.dealer.full}; bids in "
            f"bidding order:\n{table}\n{bags}\n"
            f"How many points do {side_name(self.side)} score in this hand?"
        )

    def explain(self) -> str:
        return describe_score(self.rules, self.score(), self.bids, self.tricks)

    def other_side_score(self) -> tuple[str, str, Any]:
        other = other_side(self.side)
        points = score_hand(self.rules, self.bids, self.tricks, self.bags)[other]
        return side_name(self.side), side_name(other), points.points

    def fallback(self, parsed: Any) -> str:
        nils = any(self.bids[seat].is_nil for seat in self.seats)
        if parsed == -self.expected and parsed:
            return (
                f"{parsed} has the right size but the wrong sign: a made contract "
                "scores plus and a set one minus"
                + (", and a nil plus when made, minus when failed" if nils else "")
                + ". Hint: "
                + cap(self.hint())
            )
        return (
            f"{parsed} is not {side_name(self.side)}'s score. Work in steps: the "
            "contract (made or set?), overtricks"
            + (", then each nil" if nils else "")
            + f" (here {side_name(self.side)}'s bags do not reach the limit, so they "
            "do not change this hand's points: chapter 7). Hint: " + cap(self.hint())
        )

    def _deal_roles(self, rng: random.Random) -> tuple[Seat, Seat, Seat, Seat]:
        """(a seat of the side asked about, its partner, the two opponents).

        The dealer is chosen so that the first seat bids before its partner
        (a Nil or Blind Nil given to it is then legal under every preset)."""
        seat = rng.choice(list(Seat))
        self.side = "NS" if seat in (Seat.NORTH, Seat.SOUTH) else "EW"
        self.dealer = rng.choice([seat.right, seat.partner])
        return seat, seat.partner, seat.left, seat.right

    def _opponents(self, rng: random.Random, a: Seat, b: Seat) -> None:
        self.bids[a] = Bid(rng.randint(1, 5))
        self.bids[b] = Bid(rng.randint(1, 5))


class MadeContract(ScoringExercise):
    number = 1
    title = "A contract made with overtricks"
    intro = "A made contract: 10 per trick bid, 1 per overtrick."
    must_catch = ("no-overtricks", "ten-per-trick")

    def generate(self, rng: random.Random) -> None:
        self.rules = Rules("cards4net")
        a, b, o1, o2 = self._deal_roles(rng)
        self.bids = {a: Bid(rng.randint(2, 5)), b: Bid(rng.randint(1, 4))}
        self._opponents(rng, o1, o2)
        contract = self.bids[a].tricks + self.bids[b].tricks
        won = rng.randint(contract + 1, min(13, contract + 3))
        split = split_tricks(rng, {}, total=won, seats=(a, b))
        self.tricks = split_tricks(rng, split)
        self.bags = {"NS": 0, "EW": 0}
        self.bags[self.side] = rng.randint(0, 10 - 1 - (won - contract))

    def mistakes(self) -> list[Mistake]:
        s = self.score()
        return [
            Mistake(
                "no-overtricks",
                s.points - s.overtricks,
                f"you left out the overtricks: {side_name(self.side)} won more tricks "
                "than they bid, and each trick over the contract scores 1 point (and "
                "is a bag)",
            ),
            Mistake(
                "ten-per-trick",
                10 * s.tricks,
                "you scored 10 for every trick won; only the tricks bid are worth 10 "
                "each, the tricks over the contract are worth 1 each",
            ),
        ]

    def hint(self) -> str:
        return (
            "add the partners' bids to get the contract; a made contract scores 10 per "
            "trick bid plus 1 per trick over it."
        )


class SetContract(ScoringExercise):
    number = 2
    title = "A contract set"
    intro = "A contract that was not made."
    must_catch = ("softened", "counted-tricks")

    def generate(self, rng: random.Random) -> None:
        self.rules = Rules("cards4net")
        a, b, o1, o2 = self._deal_roles(rng)
        self.bids = {a: Bid(rng.randint(3, 6)), b: Bid(rng.randint(2, 4))}
        self._opponents(rng, o1, o2)
        contract = self.bids[a].tricks + self.bids[b].tricks
        won = rng.randint(max(1, contract - 3), contract - 1)
        split = split_tricks(rng, {}, total=won, seats=(a, b))
        self.tricks = split_tricks(rng, split)
        self.bags = {"NS": rng.randint(0, 9), "EW": rng.randint(0, 9)}

    def mistakes(self) -> list[Mistake]:
        s = self.score()
        short = s.contract - s.counted_tricks
        return [
            Mistake(
                "softened",
                -10 * short,
                f"you took off 10 only for the {plural(short, 'trick')} missing; a set "
                f"costs 10 for every trick bid, and the {s.tricks} tricks won do not "
                "soften it",
            ),
            Mistake(
                "counted-tricks",
                10 * s.tricks,
                f"{side_name(self.side)} won fewer tricks than they bid, so the "
                "contract is set: no points for the tricks won",
            ),
            Mistake(
                "made",
                10 * s.contract,
                "the contract was not made: it is set, and a set contract loses "
                "10 per trick bid",
            ),
            Mistake(
                "minus-won",
                -10 * s.tricks,
                f"you took off 10 for each of the {s.tricks} tricks won; a set "
                f"costs 10 for every trick bid: the contract of {s.contract}",
            ),
            Mistake(
                "missing-too",
                -10 * (s.contract + short),
                f"you also took off 10 for each of the {plural(short, 'trick')} "
                "missing: a set costs 10 for every trick bid, and nothing more",
            ),
        ]

    def hint(self) -> str:
        return (
            "compare the tricks won with the contract. A set contract scores minus 10 "
            "for every trick bid."
        )


class NilCards4net(ScoringExercise):
    number = 3
    title = "A failed Nil under cards4net"
    intro = "Under `cards4net`, a nil bidder's tricks count for the team contract."
    must_catch = ("nil-tricks-bags", "no-nil")

    def generate(self, rng: random.Random) -> None:
        self.rules = Rules("cards4net")
        a, b, o1, o2 = self._deal_roles(rng)
        self.nil_seat, self.partner = a, b
        self.bids = {b: Bid(rng.randint(3, 6)), a: Bid.NIL}
        self._opponents(rng, o1, o2)
        nil_tricks = rng.randint(1, 3)
        partner_tricks = rng.randint(
            max(0, self.bids[b].tricks - nil_tricks - 1), self.bids[b].tricks + 1
        )
        self.tricks = split_tricks(rng, {a: nil_tricks, b: partner_tricks})
        self.bags = {"NS": rng.randint(0, 5), "EW": rng.randint(0, 5)}

    def mistakes(self) -> list[Mistake]:
        s = self.score()
        nil = self.nil_seat.full
        return [
            Mistake(
                "nil-tricks-bags",
                self.with_rule(nil_tricks="bags"),
                f"you did not count {nil}'s tricks towards {self.partner.full}'s "
                "contract (the classic rule); under cards4net a nil bidder's tricks "
                "count for the team contract",
            ),
            Mistake(
                "nil-tricks-ignored",
                self.with_rule(nil_tricks="ignored"),
                f"you left {nil}'s tricks out of the contract; under cards4net a nil "
                "bidder's tricks count for the team contract",
            ),
            Mistake(
                "no-nil",
                s.points - s.nil_points,
                f"you left out the Nil: {nil} bid Nil and won tricks, so the Nil "
                "failed and costs 100",
            ),
            Mistake(
                "nil-made",
                s.points - 2 * s.nil_points,
                f"{nil}'s Nil failed ({nil} won tricks), so it costs 100 instead of "
                "earning 100",
            ),
            Mistake(
                "nil-value-50",
                self.with_rule(nil_value=50),
                "a Nil is worth 100 under cards4net (50 is the yppedia value)",
            ),
            *self.overtricks_left_out(),
        ]

    def hint(self) -> str:
        return (
            "score the Nil on its own (made only with 0 tricks), then the partner's "
            "contract. Under cards4net, whose tricks count towards that contract?"
        )


class NilClassic(ScoringExercise):
    number = 4
    title = "A failed Nil under classic"
    intro = (
        "Under `classic`, a failed nil's tricks do not count toward the partner's "
        "contract: each is a bag for the team (1 point and 1 bag), whether the "
        "contract is made or set."
    )
    must_catch = ("nil-tricks-team", "nil-tricks-ignored")

    def generate(self, rng: random.Random) -> None:
        self.rules = Rules("classic")
        a, b, o1, o2 = self._deal_roles(rng)
        self.nil_seat, self.partner = a, b
        self.bids = {b: Bid(rng.randint(3, 6)), a: Bid.NIL}
        self._opponents(rng, o1, o2)
        nil_tricks = rng.randint(1, 3)
        partner_tricks = rng.randint(
            self.bids[b].tricks - nil_tricks, self.bids[b].tricks + 1
        )
        self.tricks = split_tricks(rng, {a: nil_tricks, b: partner_tricks})
        self.bags = {"NS": rng.randint(0, 5), "EW": rng.randint(0, 5)}

    def mistakes(self) -> list[Mistake]:
        s = self.score()
        nil = self.nil_seat.full
        return [
            Mistake(
                "nil-tricks-team",
                self.with_rule(nil_tricks="team"),
                f"you counted the nil bidder's tricks ({nil}'s) towards the contract; "
                "under classic they do not count: they are bags, 1 point each",
            ),
            Mistake(
                "nil-tricks-ignored",
                self.with_rule(nil_tricks="ignored"),
                f"you ignored {nil}'s tricks; under classic a failed nil's tricks are "
                "the team's bags, 1 point (and 1 bag) each (yppedia is the preset that "
                "ignores them)",
            ),
            Mistake(
                "no-nil",
                s.points - s.nil_points,
                f"you left out the Nil: {nil} won tricks, so the Nil failed: -100",
            ),
            Mistake(
                "nil-value-50",
                self.with_rule(nil_value=50),
                "a Nil is worth 100 under classic (50 is the yppedia value)",
            ),
            Mistake(
                "nil-bags-minus",
                s.points - 2 * s.nil_trick_bags,
                f"you took {nil}'s tricks off; under classic each is a bag, worth "
                "+1 point now (bags cost points only when they reach the limit, "
                "chapter 7)",
            ),
        ]

    def hint(self) -> str:
        return (
            "under classic, a nil bidder's tricks never help the partner's contract. "
            "What are they worth instead?"
        )


class BlindNil(ScoringExercise):
    number = 5
    title = "Blind Nil"
    intro = (
        "A Blind Nil is bid before looking at the cards. Its value depends on the "
        "preset."
    )
    must_catch = ("as-nil",)

    def generate(self, rng: random.Random) -> None:
        self.rules = Rules(rng.choice(["cards4net", "yppedia"]))
        a, b, o1, o2 = self._deal_roles(rng)
        self.nil_seat, self.partner = a, b
        if self.rules.blind_nil == "first_bidder":
            self.dealer = a.right  # Blind Nil is the first bidder's privilege
        self.bids = {a: Bid.BLIND_NIL, b: Bid(rng.randint(2, 5))}
        self._opponents(rng, o1, o2)
        nil_tricks = rng.choice([0, 0, 1, 2])
        partner_tricks = rng.randint(self.bids[b].tricks, self.bids[b].tricks + 2)
        self.tricks = split_tricks(rng, {a: nil_tricks, b: partner_tricks})
        self.bags = {"NS": rng.randint(0, 5), "EW": rng.randint(0, 5)}
        self.scores: dict[str, int] | None = None
        if self.rules.blind_nil == "trailing":
            # Blind Nil is open only to a side far enough behind: the scores
            # before the hand are part of the scenario (the engine's test)
            other = other_side(self.side)
            while self.scores is None or not trailing(self.rules, a, self.scores):
                behind = rng.randrange(0, 300, 10)
                gap = self.rules.blind_nil_margin + rng.randrange(0, 200, 10)
                self.scores = {self.side: behind, other: behind + gap}
            self.scores = {side: self.scores[side] for side in ("NS", "EW")}

    def scores_text(self) -> str:
        """The scores before the hand, and why they allow the Blind Nil."""
        assert self.scores is not None
        other = other_side(self.side)
        gap = self.scores[other] - self.scores[self.side]
        return (
            f"Scores before the hand: NS {self.scores['NS']}, EW "
            f"{self.scores['EW']}. {side_name(self.side)} trail by {gap}, at least "
            f"the {self.rules.blind_nil_margin} that {self.rules.preset} requires "
            "for Blind Nil."
        )

    def prompt(self) -> str:
        text = super().prompt()
        if self.scores is None:
            return text
        scene, _, question = text.rpartition("\n")
        return f"{scene}\n{self.scores_text()}\n{question}"

    def mistakes(self) -> list[Mistake]:
        s = self.score()
        other = Rules("yppedia" if self.rules.preset == "cards4net" else "cards4net")
        return [
            Mistake(
                "as-nil",
                self.with_rule(blind_nil_value=self.rules.nil_value),
                f"you scored it as a plain Nil (±{self.rules.nil_value}); a Blind Nil "
                f"is worth ±{self.rules.blind_nil_value} under {self.rules.preset}",
            ),
            Mistake(
                "other-preset",
                self.with_rule(blind_nil_value=other.blind_nil_value),
                f"±{other.blind_nil_value} is the Blind Nil of {other.preset}; under "
                f"{self.rules.preset} it is worth ±{self.rules.blind_nil_value}",
            ),
            Mistake(
                "no-nil",
                s.points - s.nil_points,
                f"you left out the Blind Nil of {self.nil_seat.full}",
            ),
            Mistake(
                "sign",
                s.points - 2 * s.nil_points,
                "check whether the Blind Nil was made: it is made only if its bidder "
                "won no trick at all",
            ),
            *self.overtricks_left_out(),
        ]

    def hint(self) -> str:
        return (
            f"look up the Blind Nil's value under {self.rules.preset} (chapter 6, "
            '"Nil: promising to win nothing", has a table of the Nil and Blind '
            "Nil values of each rule set); it is made only with 0 tricks."
        )


class NumericZero(ScoringExercise):
    number = 6
    title = "A bid of 0 is not Nil (cards4net)"
    intro = "Under `cards4net`, 0 and Nil are different bids."
    must_catch = ("zero-as-nil",)

    def generate(self, rng: random.Random) -> None:
        self.rules = Rules("cards4net")
        a, b, o1, o2 = self._deal_roles(rng)
        self.zero_seat, self.partner = b, a
        self.bids = {a: Bid(rng.randint(3, 6)), b: Bid(0)}
        self._opponents(rng, o1, o2)
        zero_tricks = rng.randint(0, 2)
        partner_tricks = rng.randint(
            self.bids[a].tricks - zero_tricks, self.bids[a].tricks + 1
        )
        self.tricks = split_tricks(rng, {b: zero_tricks, a: partner_tricks})
        self.bags = {"NS": rng.randint(0, 5), "EW": rng.randint(0, 5)}

    def mistakes(self) -> list[Mistake]:
        as_nil = dict(self.bids)
        as_nil[self.zero_seat] = Bid.NIL
        return [
            Mistake(
                "zero-as-nil",
                self.score(bids=as_nil).points,
                "under cards4net a bid of 0 is a number, not Nil: "
                f"{self.zero_seat.full} "
                "gets no 100-point bonus or penalty, and any tricks won simply count "
                "for the team",
            ),
            Mistake(
                "zero-tricks-ignored",
                self.without_zero_tricks(),
                f"{self.zero_seat.full}'s tricks count for the team: a bid of 0 is "
                "a number, so the team contract is the partner's bid and both "
                "players' tricks count towards it",
            ),
            Mistake(
                "zero-as-nil-bonus",
                self.score().points + self.rules.nil_value,
                f"a bid of 0 earns no Nil bonus ({self.zero_seat.full}'s 0 is a "
                "numeric bid worth 10 × 0, whatever the tricks it takes)",
            ),
            Mistake(
                "ten-per-trick",
                10 * self.score().tricks,
                "you scored 10 for every trick won; only the tricks bid (the "
                "contract) are worth 10 each, the tricks over it 1 each",
            ),
            *self.overtricks_left_out(),
        ]

    def without_zero_tricks(self) -> int:
        """The side's points if the 0 bidder's tricks did not count for it."""
        tricks = dict(self.tricks)
        moved = tricks[self.zero_seat]
        tricks[self.zero_seat] = 0
        tricks[self.zero_seat.left] += moved
        return score_hand(self.rules, self.bids, tricks, self.bags)[self.side].points

    def hint(self) -> str:
        return (
            "under cards4net, 0 is an ordinary number (the team contract is just the "
            "partner's bid); Nil is a different bid."
        )


EXERCISES = [MadeContract, SetContract, NilCards4net, NilClassic, BlindNil, NumericZero]
