"""Chapter 7's exercises on winning (7.3 to 7.5: the penalty before the win
check, both sides over the target, the losing threshold) and the base of
every exercise of the chapter built on one hand, :class:`HandExercise`. The
chapter's module, :mod:`.ch07_bags_and_winning`, lists them all.

>>> from spadeslib.exercises import key_text, load
>>> q = load("07_bags_and_winning", seed=1)[3]
>>> q.feedback(key_text(q)).correct
True
"""

from __future__ import annotations

import random
from typing import Any

from ..actions import Bid
from ..display import plural
from ..rules import Rules
from ..scoring import SideScore, game_over, score_hand
from ..seats import Seat
from .answers import NOBODY, Side
from .feedback import Feedback, Mistake
from .reading import names_both_sides
from .scenarios import (
    bids_table,
    describe_score,
    limit_verb,
    other_side,
    rules_text,
    side_name,
    split_tricks,
)
from .specs import Spec

CHAPTER = "07_bags_and_winning"


def within_reason(won: int) -> int:
    """A side's tricks in a generated hand, kept from 2 to 11 so that each
    side takes at least 2 (a side taking all 13 reads like a misprint).

    >>> within_reason(13), within_reason(1), within_reason(7)
    (11, 2, 7)
    """
    return min(11, max(2, won))


def side_bids(
    rng: random.Random, side: str, low: int = 1, high: int = 5
) -> dict[Seat, Bid]:
    """Random bids from ``low`` to ``high`` for the two seats of ``side``."""
    a = Seat.NORTH if side == "NS" else Seat.EAST
    return {a: Bid(rng.randint(low, high)), a.partner: Bid(rng.randint(low, high))}


def tricks_for(rng: random.Random, wanted: dict[str, int]) -> dict[Seat, int]:
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
            **side_bids(rng, side, 2, 5),
            **side_bids(rng, other_side(side), 1, 3),
        }
        contract = sum(b.tricks for s, b in self.bids.items() if s.letter in side)
        won = within_reason(contract + rng.randint(*over))
        self.tricks = tricks_for(rng, {side: won, other_side(side): 13 - won})


BOTH = "both"
"""An answer naming both sides ("both", "NS and EW"), read by
:class:`WinnerExercise` to say that a game has one winner."""

TIES = frozenset({"tie", "a tie", "tied", "it's a tie", "its a tie", "draw", "a draw"})
"""Answers that name a tie ("tie", "It's a tie."), read by :class:`WinnerExercise`."""


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

    def parse(self, answer: Any) -> Any:
        """A tie ("tie", "It's a tie.") reads as nobody when the new totals are
        equal, the tie it names; else it stays "tie", a wrong answer. Both
        sides ("both", "NS and EW") read as :data:`BOTH`, a wrong answer."""
        if isinstance(answer, str) and answer.strip().lower().rstrip(".!") in TIES:
            after = self.new_scores()
            return NOBODY if after["NS"] == after["EW"] else "tie"
        if names_both_sides(answer):
            return BOTH
        return super().parse(answer)

    def both_text(self) -> str:
        """What an answer naming both sides is told: a game has one winner,
        and how this scenario's new totals decide it (or that they do not)."""
        after = self.new_scores()
        target = self.rules.target
        over = game_over(self.rules, after)[0]
        if all(v >= target for v in after.values()):
            if not over:  # equal totals: the tie is the answer, name it
                return (
                    "you named both sides, but only one side can win a game, and "
                    f"here both end on {after['NS']} (the target is {target}): "
                    "with equal totals nobody wins yet and another hand is played"
                )
            return (
                "you named both sides, but only one side can win a game: both "
                f"reach the target of {target} in this hand, so the game ends "
                "and the higher total wins: add this hand's points (bag penalty "
                "included) to each side's score before it and compare"
            )
        return (
            "you named both sides, but only one side can win a game: once it "
            "ends, the higher total wins (equal totals play another hand). "
            + self.hint()
        )

    def diagnose(self, parsed: Any) -> Feedback | None:
        if parsed == BOTH:
            return Feedback("incorrect", self.both_text(), "both")
        if parsed == "tie":
            return Feedback(
                "incorrect",
                "the new totals are not equal, so this is no tie: work out each "
                "side's total after the hand, then compare it with the target "
                "(and with the losing score, where the rules have one)",
                "tie",
            )
        return super().diagnose(parsed)

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
        self.rules = Rules("cards4net")
        self.side = rng.choice(["NS", "EW"])
        other = other_side(self.side)
        target, limit = self.rules.target, self.rules.bag_limit
        if self.stopped:
            self.bids = {**side_bids(rng, self.side, 3, 6), **side_bids(rng, other)}
        else:
            self.bids = {
                **side_bids(rng, self.side, 2, 4),
                **side_bids(rng, other, 1, 3),
            }
        contract = sum(b.tricks for s, b in self.bids.items() if s.letter in self.side)
        over = rng.randint(2, 4) if self.stopped else rng.randint(1, 3)
        won = within_reason(contract + over)
        self.tricks = tricks_for(rng, {self.side: won, other: 13 - won})
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
        if not res[self.side].penalties or res[other_side(self.side)].penalties:
            return False
        if not super().acceptable():
            return False
        if any(v >= self.rules.target for v in self.scores.values()):
            return False
        winner: str = self.expected
        return winner == (NOBODY if self.stopped else other_side(self.side))

    def mistakes(self) -> list[Mistake]:
        s = self.result()[self.side]
        total = s.bags_before + s.bags_gained
        other = other_side(self.side)
        forgot = (
            f"you forgot the bag penalty: {side_name(self.side)}'s bag count, "
            f"{s.bags_before} + {s.bags_gained} = {total}, "
            f"{limit_verb(total, self.rules.bag_limit)} the limit "
            f"of {self.rules.bag_limit}, and the penalty is part of scoring the hand, "
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
        self.rules = Rules("cards4net")
        self.side = "NS"
        self.bids = {**side_bids(rng, "NS", 1, 3), **side_bids(rng, "EW", 1, 3)}
        ns = sum(self.bids[s].tricks for s in (Seat.NORTH, Seat.SOUTH))
        ew = sum(self.bids[s].tricks for s in (Seat.EAST, Seat.WEST))
        ns_won = rng.randint(ns, 13 - ew)
        self.tricks = tricks_for(rng, {"NS": ns_won, "EW": 13 - ns_won})
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
        self.rules = Rules("yppedia")
        self.side = rng.choice(["NS", "EW"])
        other = other_side(self.side)
        self.bids = {**side_bids(rng, self.side, 3, 5), **side_bids(rng, other, 1, 3)}
        contract = sum(b.tricks for s, b in self.bids.items() if s.letter in self.side)
        won = rng.randint(max(0, contract - 4), contract - 1)
        self.tricks = tricks_for(rng, {self.side: won, other: 13 - won})
        self.bags = {"NS": rng.randint(0, 6), "EW": rng.randint(0, 6)}
        self.scores = {
            self.side: rng.randrange(-190, -20, 10),
            other: rng.randrange(-50, 300, 10),
        }

    def acceptable(self) -> bool:
        after = self.new_scores()
        threshold = self.rules.losing_threshold
        assert threshold is not None  # yppedia's rules have one
        fell = after[self.side] <= threshold
        return fell == self.ends and after[other_side(self.side)] < self.rules.target

    def mistakes(self) -> list[Mistake]:
        after = self.new_scores()
        threshold = self.rules.losing_threshold
        other = other_side(self.side)
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
