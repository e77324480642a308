"""Chapter 7 exercises: bags and winning.

Bags carried across hands, the penalty at the bag limit (a rule parameter),
the penalty applied before the win check, both sides over the target, equal
scores, and the losing threshold. Answers come from
:func:`spadeslib.score_hand`, :func:`spadeslib.scoring.apply_bags` and
:func:`spadeslib.game_over`; mistakes from the same functions with the
penalty left out, the bags not carried, and so on. The exercises on winning
are in :mod:`.ch07_winning`.

>>> from spadeslib.exercises import key_text, load
>>> q = load("07_bags_and_winning", seed=1)[2]
>>> q.feedback(key_text(q)).correct
True
"""

from __future__ import annotations

import random
from typing import Any

from ..actions import Bid
from ..rules import Rules
from ..scoring import score_hand
from ..seats import Seat
from .answers import Whole
from .ch07_winning import (
    CHAPTER,
    BothOverTarget,
    HandExercise,
    LosingThreshold,
    PenaltyBeforeWin,
    side_bids,
    tricks_for,
    within_reason,
)
from .feedback import Mistake
from .scenarios import (
    bids_table,
    limit_verb,
    other_side,
    rules_text,
    side_name,
)
from .specs import Spec

TITLE = "Bags and winning"
INTRO = (
    "They practise carrying bags, the bag penalty (with house rules), the penalty "
    "before the win check, both sides over the target, the losing threshold and a "
    "running score sheet."
)


class BagsCarried(HandExercise):
    number = 1
    title = "Bags carried over"
    intro = "Bags are carried from hand to hand."
    answer = Whole("bags")
    must_catch = ("no-limit", "this-hand-only")

    def generate(self, rng: random.Random) -> None:
        self.rules = Rules("cards4net")
        self.side = rng.choice(["NS", "EW"])
        self._made_with_overtricks(rng, self.side, (2, 4))
        self.bags = {
            self.side: rng.randint(6, 9),
            other_side(self.side): rng.randint(0, 5),
        }
        self.scores = {"NS": rng.randrange(0, 300, 10), "EW": rng.randrange(0, 300, 10)}

    def key(self) -> int:
        return self.result()[self.side].bags_after

    side_quantity = "bags"

    def other_side_score(self) -> tuple[str, str, Any]:
        other = other_side(self.side)
        bags = self.result()[other].bags_after
        return side_name(self.side), side_name(other), bags

    def prompt(self) -> str:
        return (
            f"{self.scenario()}\nHow many bags do {side_name(self.side)} carry into "
            "the next hand?"
        )

    def mistakes(self) -> list[Mistake]:
        s = self.result()[self.side]
        limit = self.rules.bag_limit
        return [
            Mistake(
                "no-limit",
                s.bags_before + s.bags_gained,
                f"{s.bags_before} + {s.bags_gained} = {s.bags_before + s.bags_gained} "
                f"{limit_verb(s.bags_before + s.bags_gained, limit)} the bag limit of "
                f"{limit}: "
                f"the side pays the penalty and {limit} bags are taken off the count",
            ),
            Mistake(
                "reset",
                0,
                f"only {limit} bags are removed at the penalty; the bags beyond the "
                "limit carry over",
            ),
            Mistake(
                "this-hand-only",
                s.bags_gained,
                f"bags accumulate across hands: add the {s.bags_before} carried in",
            ),
            Mistake(
                "points",
                s.points,
                f"{s.points:+d} is the side's points for this hand; the question "
                "asks for the bags it carries into the next one",
            ),
        ]

    def hint(self) -> str:
        return (
            "Overtricks are bags. Add them to the bags carried in; at 10 the side pays "
            "100 and 10 bags are removed, the rest stay."
        )

    def explain(self) -> str:
        return self.explain_side(self.side)


class PenaltyPoints(HandExercise):
    number = 2
    title = "The bag penalty, with house rules"
    intro = "This table plays with its own bag limit and penalty."
    answer = Whole("points")
    must_catch = ("no-penalty",)

    def generate(self, rng: random.Random) -> None:
        # house rules only: the standard 10 and 100 would print plain
        # "Rules: cards4net" under a title and intro that promise house rules
        limit, penalty = rng.choice([(5, 50), (8, 100), (10, 50)])
        self.rules = Rules(
            rng.choice(["cards4net", "classic"]), bag_limit=limit, bag_penalty=penalty
        )
        self.side = rng.choice(["NS", "EW"])
        self._made_with_overtricks(rng, self.side, (2, 4))
        self.bags = {
            self.side: rng.randint(limit - 3, limit - 1),
            other_side(self.side): rng.randint(0, limit - 1),
        }
        self.scores = {"NS": rng.randrange(0, 300, 10), "EW": rng.randrange(0, 300, 10)}

    def key(self) -> int:
        return self.result()[self.side].points

    def other_side_score(self) -> tuple[str, str, Any]:
        other = other_side(self.side)
        points = self.result()[other].points
        return side_name(self.side), side_name(other), points

    def prompt(self) -> str:
        return (
            f"{self.scenario()}\nHow many points do {side_name(self.side)} score in "
            "this hand (the change to their total)?"
        )

    def mistakes(self) -> list[Mistake]:
        s = self.result()[self.side]
        total = s.bags_before + s.bags_gained
        standard = Rules(self.rules.preset)
        out = [
            Mistake(
                "no-penalty",
                s.points + s.penalty_points,
                f"you forgot the bag penalty: {s.bags_before} + {s.bags_gained} = "
                f"{total} {limit_verb(total, self.rules.bag_limit)} the limit of "
                f"{self.rules.bag_limit}, which costs "
                f"{self.rules.bag_penalty}",
            ),
            Mistake(
                "no-overtrick-points",
                s.points - s.overtricks,
                "each overtrick still scores 1 point, even when it brings a penalty",
            ),
            Mistake(
                "contract-only",
                s.contract_points - s.overtricks,
                f"that is the contract of {s.contract} alone: add 1 point for "
                f"each of the {s.overtricks} overtricks, then take off the bag "
                "penalty they bring",
            ),
        ]
        if standard.bag_penalty != self.rules.bag_penalty:
            house_limit = Rules(
                self.rules.preset,
                bag_limit=self.rules.bag_limit,
                bag_penalty=standard.bag_penalty,
            )
            out.append(
                Mistake(
                    "standard-penalty",
                    self.result(house_limit)[self.side].points,
                    f"you used this table's bag limit of {self.rules.bag_limit} "
                    f"but the standard penalty of {standard.bag_penalty}: here "
                    f"reaching the limit costs {self.rules.bag_penalty}",
                )
            )
        if (standard.bag_limit, standard.bag_penalty) != (
            self.rules.bag_limit,
            self.rules.bag_penalty,
        ):
            out.append(
                Mistake(
                    "standard-bags",
                    self.result(standard)[self.side].points,
                    "this table's house rules set the bag limit to "
                    f"{self.rules.bag_limit} and "
                    f"the penalty to {self.rules.bag_penalty}; you used the standard "
                    f"{standard.bag_limit} and {standard.bag_penalty}",
                )
            )
        return out

    def hint(self) -> str:
        return (
            "Score the contract with its overtricks first, then count the bags "
            "against this table's bag limit and penalty."
        )

    def explain(self) -> str:
        return self.explain_side(self.side)


class ScoreSheet(Spec):
    number = 6
    title = "A score sheet over three hands"
    intro = "Keep the running totals and bags over three hands."
    chapter = CHAPTER
    answer = Whole("points")

    def acceptable(self) -> bool:
        wrong = {m.id: m.answer for m in self.mistakes()}
        return any(wrong[i] != self.expected for i in ("no-carry", "softened-set"))

    def generate(self, rng: random.Random) -> None:
        self.rules = Rules("cards4net")
        self.side = rng.choice(["NS", "EW"])
        self.hands: list[tuple[dict[Seat, Bid], dict[Seat, int]]] = []
        for _ in range(3):
            bids = {
                **side_bids(rng, self.side, 1, 4),
                **side_bids(rng, other_side(self.side)),
            }
            contract = sum(b.tricks for s, b in bids.items() if s.letter in self.side)
            won = within_reason(contract + rng.choice([-1, 2, 3, 4]))
            tricks = tricks_for(rng, {self.side: won, other_side(self.side): 13 - won})
            self.hands.append((bids, tricks))

    def running(
        self, carry: bool = True, penalty: bool = True, soft_sets: bool = False
    ) -> list[tuple[dict[str, int], dict[str, int]]]:
        """Hand by hand: (each side's points in that hand, its total after it)."""
        scores = {"NS": 0, "EW": 0}
        bags = {"NS": 0, "EW": 0}
        out = []
        for bids, tricks in self.hands:
            result = score_hand(self.rules, bids, tricks, bags if carry else {})
            gained = {}
            for side, s in result.items():
                points = s.points + (0 if penalty else s.penalty_points)
                if soft_sets and s.made is False:
                    points += -s.contract_points - 10 * (s.contract - s.tricks)
                gained[side] = points
                scores[side] += points
                bags[side] = s.bags_after
            out.append((gained, dict(scores)))
        return out

    def totals(
        self, carry: bool = True, penalty: bool = True, soft_sets: bool = False
    ) -> dict[str, int]:
        return self.running(carry, penalty, soft_sets)[-1][1]

    def key(self) -> int:
        return self.totals()[self.side]

    side_quantity = "total"

    def other_side_score(self) -> tuple[str, str, Any]:
        other = other_side(self.side)
        return side_name(self.side), side_name(other), self.totals()[other]

    def prompt(self) -> str:
        parts = [
            f"Rules: {rules_text(self.rules)}. A new game: both sides start on 0 "
            "points and 0 bags."
        ]
        for i, (bids, tricks) in enumerate(self.hands, 1):
            parts.append(
                f"Hand {i}:\n{bids_table(self.rules, bids, tricks, list(Seat))}"
            )
        parts.append(f"What is {side_name(self.side)}'s total after hand 3?")
        return "\n".join(parts)

    def mistakes(self) -> list[Mistake]:
        no_carry = self.totals(carry=False)[self.side]
        no_penalty = self.totals(penalty=False)[self.side]
        carry_text = (
            "bags carry from hand to hand: you started each hand from 0 bags, so "
            "you missed the penalty when the running count reached 10"
        )
        if no_carry == no_penalty:
            # the same total either way: say what happened, not which slip
            carry_text = (
                "the running bag count reaches 10 during these hands, which costs "
                "100 (bags carry over from hand to hand)"
            )
        hands = self.running()
        who = side_name(self.side)
        out = [
            Mistake("no-carry", no_carry, carry_text),
            Mistake(
                "no-penalty",
                no_penalty,
                "you forgot the bag penalty: over the three hands the bags reach 10",
            ),
            Mistake(
                "softened-set",
                self.totals(soft_sets=True)[self.side],
                "a set contract costs 10 per trick bid, whatever was won: the "
                "tricks won do not soften it (bid 7, win 6 is -70)",
            ),
            Mistake(
                "hand-3-alone",
                hands[2][0][self.side],
                f"that is what {who} score in hand 3 alone; the question asks for "
                "the total after hand 3: add it to the total after hand 2",
            ),
        ]
        for number, (_, total) in enumerate(hands[:2], 1):
            out.append(
                Mistake(
                    f"after-hand-{number}",
                    total[self.side],
                    f"that is {who}'s total after hand {number}; the question asks "
                    "for the total after hand 3",
                )
            )
        return out

    def hint(self) -> str:
        return (
            "Keep two running columns, points and bags; after each hand add the "
            "overtricks to the bags and take off 100 when they reach 10."
        )

    def explain(self) -> str:
        bags = {"NS": 0, "EW": 0}
        total = 0
        lines = []
        for i, (bids, tricks) in enumerate(self.hands, 1):
            result = score_hand(self.rules, bids, tricks, bags)
            s = result[self.side]
            total += s.points
            pen = f", bag penalty {-s.penalty_points}" if s.penalties else ""
            lines.append(
                f"Hand {i}: {s.points:+d} (contract {s.contract}, {s.tricks} "
                f"tricks{pen}); total {total}, bags {s.bags_after}."
            )
            bags = {side: r.bags_after for side, r in result.items()}
        return "\n".join(lines)


EXERCISES = [
    BagsCarried,
    PenaltyPoints,
    PenaltyBeforeWin,
    BothOverTarget,
    LosingThreshold,
    ScoreSheet,
]
