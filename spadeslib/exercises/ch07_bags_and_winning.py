"""Chapter 7 exercises: bags and winning.

Bags carried across hands, the penalty at the bag limit (a rule parameter),
the penalty applied before the win check, both sides over the target, equal
scores, and the losing threshold. Answers come from
:func:`spadeslib.score_hand`, :func:`spadeslib.scoring.apply_bags` and
:func:`spadeslib.game_over`; mistakes from the same functions with the
penalty left out, the bags not carried, and so on.

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
from ..scoring import SideScore, game_over, score_hand
from ..seats import Seat
from .answers import NOBODY, Side, Whole
from .core import Mistake, Spec
from .scenarios import (
    bids_table,
    describe_score,
    other_side,
    plural,
    rules_text,
    side_name,
    split_tricks,
)

CHAPTER = "07_bags_and_winning"
TITLE = "Bags and winning"
INTRO = (
    "They practise carrying bags, the bag penalty (with house rules), the penalty "
    "before the win check, both sides over the target, the losing threshold and a "
    "running score sheet."
)

OTHER = {"NS": "EW", "EW": "NS"}


def _side_bids(
    rng: random.Random, side: str, low: int = 1, high: int = 5
) -> dict[Seat, Bid]:
    a = Seat.NORTH if side == "NS" else Seat.EAST
    return {a: Bid(rng.randint(low, high)), a.partner: Bid(rng.randint(low, high))}


def _tricks_for(rng: random.Random, wanted: dict[str, int]) -> dict[Seat, int]:
    """Trick counts per seat with the given side totals (which sum to 13)."""
    fixed: dict[Seat, int] = {}
    for side, total in wanted.items():
        a = Seat.NORTH if side == "NS" else Seat.EAST
        fixed.update(split_tricks(rng, {}, total=total, seats=(a, a.partner)))
    return split_tricks(rng, fixed)


class HandExercise(Spec):
    """A hand's bids and tricks, with scores and bags before it."""

    chapter = CHAPTER
    rules: Rules
    bids: dict[Seat, Bid]
    tricks: dict[Seat, int]
    bags: dict[str, int]
    scores: dict[str, int]
    side: str

    def result(
        self, rules: Rules | None = None, bags: dict[str, int] | None = None
    ) -> dict[str, SideScore]:
        return score_hand(
            rules or self.rules,
            self.bids,
            self.tricks,
            self.bags if bags is None else bags,
        )

    def scenario(self) -> str:
        table = bids_table(self.rules, self.bids, self.tricks, list(Seat))
        before = ", ".join(
            f"{s} {self.scores[s]} points and {plural(self.bags[s], 'bag')}"
            for s in ("NS", "EW")
        )
        return (
            f"Rules: {rules_text(self.rules)}; target {self.rules.target}.\n"
            f"Before this hand: {before}.\n{table}"
        )

    def explain_side(self, side: str) -> str:
        return describe_score(self.rules, self.result()[side], self.bids, self.tricks)

    def _made_with_overtricks(
        self, rng: random.Random, side: str, over: tuple[int, int]
    ) -> None:
        self.bids = {
            **_side_bids(rng, side, 2, 5),
            **_side_bids(rng, OTHER[side], 1, 3),
        }
        contract = sum(b.tricks for s, b in self.bids.items() if s.letter in side)
        won = min(13, contract + rng.randint(*over))
        self.tricks = _tricks_for(rng, {side: won, OTHER[side]: 13 - won})


class BagsCarried(HandExercise):
    number = 1
    title = "Bags carried over"
    intro = "Bags are carried from hand to hand."
    answer = Whole("bags")
    must_catch = ("no-limit", "this-hand-only")

    def generate(self, rng: random.Random) -> None:
        self.rules = Rules.preset("cards4net")
        self.side = rng.choice(["NS", "EW"])
        self._made_with_overtricks(rng, self.side, (2, 4))
        self.bags = {self.side: rng.randint(6, 9), OTHER[self.side]: rng.randint(0, 5)}
        self.scores = {"NS": rng.randrange(0, 300, 10), "EW": rng.randrange(0, 300, 10)}

    def key(self) -> int:
        return self.result()[self.side].bags_after

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
                f"{s.bags_before} + {s.bags_gained} reaches the bag limit of {limit}: "
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
        limit, penalty = rng.choice([(10, 100), (5, 50), (8, 100), (10, 50)])
        self.rules = Rules.preset(
            rng.choice(["cards4net", "classic"]), bag_limit=limit, bag_penalty=penalty
        )
        self.side = rng.choice(["NS", "EW"])
        self._made_with_overtricks(rng, self.side, (2, 4))
        self.bags = {
            self.side: rng.randint(limit - 3, limit - 1),
            OTHER[self.side]: rng.randint(0, limit - 1),
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
        standard = Rules.preset(self.rules.preset)
        out = [
            Mistake(
                "no-penalty",
                s.points + s.penalty_points,
                f"you forgot the bag penalty: {s.bags_before} + {s.bags_gained} bags "
                f"reaches the limit of {self.rules.bag_limit}, which costs "
                f"{self.rules.bag_penalty}",
            ),
            Mistake(
                "no-overtrick-points",
                s.points - s.overtricks,
                "each overtrick still scores 1 point, even when it brings a penalty",
            ),
        ]
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


class WinnerExercise(HandExercise):
    """Who has won after this hand? ('NS', 'EW' or NOBODY, 'none')."""

    answer = Side(allow_none=True)

    def new_scores(
        self, rules: Rules | None = None, penalty: bool = True
    ) -> dict[str, int]:
        res = self.result(rules)
        return {
            s: self.scores[s]
            + res[s].points
            + (0 if penalty else res[s].penalty_points)
            for s in ("NS", "EW")
        }

    def key(self) -> str:
        return game_over(self.rules, self.new_scores())[1] or NOBODY

    def prompt(self) -> str:
        return f"{self.scenario()}\nAfter this hand is scored, who has won the game?"

    def explain(self) -> str:
        after = self.new_scores()
        lines = [
            self.explain_side("NS"),
            self.explain_side("EW"),
            f"New totals: NS {after['NS']}, EW {after['EW']}.",
        ]
        _, winner = game_over(self.rules, after)
        if winner:
            lines.append(f"The game is over: {side_name(winner)} win.")
        else:
            lines.append("Nobody has won yet: another hand is played.")
        return "\n".join(lines)


class PenaltyBeforeWin(WinnerExercise):
    number = 3
    title = "The penalty comes before the win check"
    intro = (
        "A hand is scored completely, bag penalty included, before anybody "
        "checks the target."
    )
    must_catch = ("no-penalty",)

    def generate(self, rng: random.Random) -> None:
        if not hasattr(self, "stopped"):
            # stopped: the penalty keeps the side under the target (505 -> 405);
            # otherwise it drops the side below the other side, which also
            # reaches the target: either way the penalty changes the winner
            self.stopped = rng.random() < 0.45
        self.rules = Rules.preset("cards4net")
        self.side = rng.choice(["NS", "EW"])
        other = OTHER[self.side]
        target, limit = self.rules.target, self.rules.bag_limit
        if self.stopped:
            self.bids = {**_side_bids(rng, self.side, 3, 6), **_side_bids(rng, other)}
        else:
            self.bids = {
                **_side_bids(rng, self.side, 2, 4),
                **_side_bids(rng, other, 1, 3),
            }
        contract = sum(b.tricks for s, b in self.bids.items() if s.letter in self.side)
        over = rng.randint(2, 4) if self.stopped else rng.randint(1, 3)
        won = min(13, contract + over)
        self.tricks = _tricks_for(rng, {self.side: won, other: 13 - won})
        if self.stopped:
            self.bags = {self.side: rng.randint(7, 9), other: rng.randint(0, 6)}
        else:
            first = max(0, limit - (won - contract))
            self.bags = {self.side: rng.randint(first, limit - 1)}
            self.bags[other] = rng.randint(0, 4)
        self.scores = {self.side: 0, other: rng.randrange(250, 420, 10)}
        res = self.result()
        s = res[self.side]
        penalty = s.penalty_points
        if self.stopped:
            low = target - (s.points + penalty)
            high = low + penalty
            self.scores[self.side] = rng.randrange(low, max(low + 1, min(high, target)))
            return
        # the other side ends on `final`, at or over the target; without the
        # penalty this side would end above it, with the penalty below it
        final = rng.randrange(target, target + 40, 5)
        self.scores[other] = final - res[other].points
        low, high = final + 1, min(final + penalty - 1, target + penalty + s.points - 1)
        unpenalised = rng.randint(low, max(low, high))
        self.scores[self.side] = unpenalised - penalty - s.points

    def unpenalised_winner(self) -> str:
        """The winner if the bag penalty is left out (the mistake 7.3 tests)."""
        return game_over(self.rules, self.new_scores(penalty=False))[1] or NOBODY

    def acceptable(self) -> bool:
        res = self.result()
        # only this side pays a penalty, so leaving it out is one mistake
        if not res[self.side].penalties or res[OTHER[self.side]].penalties:
            return False
        if not super().acceptable():
            return False
        if any(v >= self.rules.target for v in self.scores.values()):
            return False
        return self.expected == (NOBODY if self.stopped else OTHER[self.side])

    def mistakes(self) -> list[Mistake]:
        s = self.result()[self.side]
        other = OTHER[self.side]
        forgot = (
            f"you forgot the bag penalty: {side_name(self.side)}'s "
            f"{s.bags_before} + {s.bags_gained} bags reach the limit of "
            f"{self.rules.bag_limit}, and the penalty is part of scoring the hand, "
            "so it is taken before anyone checks the target"
        )
        if self.stopped:
            return [
                Mistake("no-penalty", self.unpenalised_winner(), forgot),
                Mistake(
                    "other-side",
                    other,
                    f"you gave the game to {side_name(other)}, but their points in "
                    "this hand leave them short of the target: work out their new "
                    "total again",
                ),
            ]
        return [
            Mistake(
                "no-penalty",
                self.unpenalised_winner(),
                forgot + "; then compare both new totals",
            ),
            Mistake(
                "missed-target",
                NOBODY,
                "you overlooked a side that reaches the target: score both sides' "
                "hands completely, penalty included, and compare both new totals "
                "with the target",
            ),
        ]

    def hint(self) -> str:
        return (
            "Score the hand completely, bag penalty included, and only then compare "
            "the totals with the target."
        )

    def explain(self) -> str:
        unpenalised = self.new_scores(penalty=False)
        winner = self.unpenalised_winner()
        if winner == self.side:
            outcome = "would win"
        elif winner == NOBODY:
            outcome = "nobody would win"
        else:
            outcome = f"{side_name(winner)} would win"
        return (
            f"{super().explain()}\nWithout the bag penalty {side_name(self.side)} "
            f"would be on {unpenalised[self.side]} and {outcome}; but the penalty "
            "is part of scoring the hand, so it comes before the win check."
        )


class BothOverTarget(WinnerExercise):
    number = 4
    title = "Both sides over the target"
    intro = "Both sides reach the target in the same hand."

    def generate(self, rng: random.Random) -> None:
        if not hasattr(self, "want"):
            self.want = rng.choice(["NS", "EW", NOBODY])
        self.rules = Rules.preset("cards4net")
        self.side = "NS"
        self.bids = {**_side_bids(rng, "NS", 1, 3), **_side_bids(rng, "EW", 1, 3)}
        ns = sum(self.bids[s].tricks for s in (Seat.NORTH, Seat.SOUTH))
        ew = sum(self.bids[s].tricks for s in (Seat.EAST, Seat.WEST))
        ns_won = rng.randint(ns, 13 - ew)
        self.tricks = _tricks_for(rng, {"NS": ns_won, "EW": 13 - ns_won})
        self.bags = {"NS": rng.randint(0, 4), "EW": rng.randint(0, 4)}
        res = self.result()
        ns_start = rng.randrange(420, 495, 5)
        if self.want == NOBODY:  # equal totals: another hand
            ew_start = ns_start + res["NS"].points - res["EW"].points
        else:
            ew_start = rng.randrange(420, 495, 5)
        self.scores = {"NS": ns_start, "EW": ew_start}

    def acceptable(self) -> bool:
        after = self.new_scores()
        res = self.result()
        if not all(v >= self.rules.target for v in after.values()):
            return False
        if not all(self.scores[s] < self.rules.target for s in self.scores):
            return False
        if res["NS"].points == res["EW"].points or self.expected != self.want:
            return False
        if self.expected == NOBODY:
            return True
        loser = other_side(self.expected)
        return res[loser].points > res[self.expected].points

    def mistakes(self) -> list[Mistake]:
        res = self.result()
        after = self.new_scores()
        if self.expected == NOBODY:
            return [
                Mistake(
                    "tie",
                    side,
                    "both sides passed the target with the same total, "
                    f"{after[side]} each: with equal scores nobody wins yet and "
                    "another hand is played",
                )
                for side in ("NS", "EW")
            ]
        # the totals would give the answer away: say how to get them
        loser = other_side(self.expected)
        if res[loser].points > res[self.expected].points:
            why = (
                f"{side_name(loser)} scored more in this hand, but the winner is the "
                "side with the higher total: add this hand's points (bag penalty "
                "included) to each side's score before it and compare"
            )
        else:
            why = (
                "the side with the higher total wins: add this hand's points (bag "
                "penalty included) to each side's score before it and compare"
            )
        return [
            Mistake("hand-points", loser, why),
            Mistake(
                "both-over",
                NOBODY,
                "when both sides reach the target the game is "
                "over, and the higher total wins",
            ),
        ]

    def hint(self) -> str:
        return (
            "Compute both new totals. When both reach the target, the higher total "
            "wins; equal totals mean another hand."
        )


class LosingThreshold(WinnerExercise):
    number = 5
    title = "The losing threshold (yppedia)"
    intro = "Under `yppedia` a game can also end at the bottom of the score sheet."

    def generate(self, rng: random.Random) -> None:
        if not hasattr(self, "ends"):
            self.ends = rng.random() < 0.65
        self.rules = Rules.preset("yppedia")
        self.side = rng.choice(["NS", "EW"])
        other = OTHER[self.side]
        self.bids = {**_side_bids(rng, self.side, 3, 5), **_side_bids(rng, other, 1, 3)}
        contract = sum(b.tricks for s, b in self.bids.items() if s.letter in self.side)
        won = rng.randint(max(0, contract - 4), contract - 1)
        self.tricks = _tricks_for(rng, {self.side: won, other: 13 - won})
        self.bags = {"NS": rng.randint(0, 6), "EW": rng.randint(0, 6)}
        self.scores = {
            self.side: rng.randrange(-190, -20, 10),
            other: rng.randrange(-50, 300, 10),
        }

    def acceptable(self) -> bool:
        after = self.new_scores()
        fell = after[self.side] <= self.rules.losing_threshold
        return fell == self.ends and after[OTHER[self.side]] < self.rules.target

    def mistakes(self) -> list[Mistake]:
        after = self.new_scores()
        threshold = self.rules.losing_threshold
        other = OTHER[self.side]
        if not self.ends:
            return [
                Mistake(
                    "threshold-passed",
                    other,
                    f"{side_name(self.side)} are on {after[self.side]}, still above "
                    f"the losing threshold ({threshold}): the game goes on",
                ),
                Mistake(
                    "faller",
                    self.side,
                    f"{side_name(self.side)} lost points in this hand and nobody "
                    f"reached {self.rules.target}: nobody has won",
                ),
            ]
        return [
            Mistake(
                "no-threshold",
                NOBODY,
                f"under yppedia the game also ends when a side falls to the losing "
                f"threshold ({threshold}) or below: {side_name(self.side)} are on "
                f"{after[self.side]}",
            ),
            Mistake("faller", self.side, "when the game ends, the higher score wins"),
        ]

    def hint(self) -> str:
        return (
            f"Check `Rules.parse('{self.rules.full_spec}').losing_threshold`: "
            "the game can "
            "end without anybody reaching the target."
        )


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
        self.rules = Rules.preset("cards4net")
        self.side = rng.choice(["NS", "EW"])
        self.hands: list[tuple[dict[Seat, Bid], dict[Seat, int]]] = []
        for _ in range(3):
            bids = {
                **_side_bids(rng, self.side, 1, 4),
                **_side_bids(rng, OTHER[self.side]),
            }
            contract = sum(b.tricks for s, b in bids.items() if s.letter in self.side)
            won = min(13, contract + rng.choice([-1, 2, 3, 4]))
            tricks = _tricks_for(rng, {self.side: won, OTHER[self.side]: 13 - won})
            self.hands.append((bids, tricks))

    def totals(
        self, carry: bool = True, penalty: bool = True, soft_sets: bool = False
    ) -> dict[str, int]:
        scores = {"NS": 0, "EW": 0}
        bags = {"NS": 0, "EW": 0}
        for bids, tricks in self.hands:
            result = score_hand(self.rules, bids, tricks, bags if carry else {})
            for side, s in result.items():
                points = s.points + (0 if penalty else s.penalty_points)
                if soft_sets and s.made is False:
                    points += -s.contract_points - 10 * (s.contract - s.tricks)
                scores[side] += points
                bags[side] = s.bags_after
        return scores

    def key(self) -> int:
        return self.totals()[self.side]

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
        return [
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
        ]

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
