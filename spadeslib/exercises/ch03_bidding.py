"""Chapter 3 exercises: bidding.

Team contracts, who may bid 0, Nil or Blind Nil under each preset, one
situation under the three presets, blind nil for the trailing side, and a first
estimate of a hand's tricks. The legal bids come from the engine
(``hand.legal_actions()``, ``hand.check(bid)``), the reasons from
``hand.why_illegal(bid)``. Exercises 3.2 and 3.3 (0, Nil and Blind Nil
under each preset) are in :mod:`.ch03_nil_bids`.

>>> from spadeslib.exercises import load
>>> q1, q2, q3, q4, q5 = load("03_bidding", seed=1)
>>> q4.feedback("NS").status != "unreadable"
True
"""

from __future__ import annotations

import random
from typing import Any

from ..cards import Suit
from ..counting import quick_trick_parts, quick_tricks
from ..rules import Rules
from ..scoring import side_of
from ..seats import Seat
from .answer_lists import Seats
from .answers import Halves, Whole
from .ch03_nil_bids import CHAPTER, NilOptions, PresetBids, make_bids
from .feedback import Mistake
from .reading import plural
from .scenarios import (
    bids_table,
    cap,
    deal,
    hand_picture,
    other_side,
    side_name,
)
from .specs import SetSpec, Spec

TITLE = "Bidding"
INTRO = (
    "They cover team contracts, who may bid 0, Nil or Blind Nil under each preset, "
    "one situation under the three presets, and a first estimate of a hand."
)


class TeamContract(Spec):
    number = 1
    title = "The team contract"
    intro = "Partners' bids add up to the team contract."
    chapter = CHAPTER
    answer = Whole("tricks")
    must_catch = ("all-four", "one-partner")

    def generate(self, rng: random.Random) -> None:
        self.hand = deal(Rules("cards4net"), rng)
        make_bids(self.hand, rng, 4)
        self.side = rng.choice(["NS", "EW"])

    def key(self) -> int:
        return self.hand.view(Seat.parse(self.side[0])).team_contract(self.side)

    def prompt(self) -> str:
        bids = self.hand.bids
        return (
            f"Rules: cards4net. The bids, in bidding order:\n"
            f"{bids_table(self.hand.rules, bids, seats=self.hand.bid_order)}\n"
            f"What is {side_name(self.side)}'s contract (the tricks they must win)?"
        )

    def mistakes(self) -> list[Mistake]:
        bids = self.hand.bids
        a = Seat.parse(self.side[0])
        out = [
            Mistake(
                "all-four",
                sum(b.tricks for b in bids.values()),
                "you added all four bids; a side's contract is the sum of its two "
                "partners' bids only",
            ),
            Mistake(
                "one-partner",
                bids[a].tricks,
                f"that is {a.full}'s bid alone; add {a.partner.full}'s",
            ),
            Mistake(
                "one-partner",
                bids[a.partner].tricks,
                f"that is {a.partner.full}'s bid alone; add {a.full}'s",
            ),
        ]
        return out

    def hint(self) -> str:
        bids = self.hand.bids
        a = Seat.parse(self.side[0])
        if bids[a].is_nil or bids[a.partner].is_nil:
            return "Partners' bids add up; a Nil adds nothing to the contract."
        return "Partners' bids add up; the other side's bids play no part."

    def explain(self) -> str:
        bids = self.hand.bids
        a = Seat.parse(self.side[0])
        return (
            f"{a.full} bid {bids[a].label()} and {a.partner.full} bid "
            f"{bids[a.partner].label()}: contract {self.expected} "
            f"(`view.team_contract('{self.side}')`)."
        )


class BlindNilTrailing(SetSpec):
    number = 4
    title = "Blind Nil for the side behind"
    intro = "Under `classic` and `yppedia`, Blind Nil depends on the score."
    chapter = CHAPTER
    answer = Seats()
    names_missing = False  # naming a seat left out gives it away
    noun = "seat"

    def generate(self, rng: random.Random) -> None:
        preset = rng.choice(["classic", "yppedia"])
        base = rng.randrange(0, 300, 10)
        gap = rng.choice([60, 90, 100, 100, 120, 200])
        behind = rng.choice(["NS", "EW"])
        scores = {behind: base, other_side(behind): base + gap}
        self.hand = deal(Rules(preset), rng, scores=scores)

    def key(self) -> frozenset[Seat]:
        return frozenset(s for s in Seat if self.hand.hidden[s])

    def universe(self) -> list[Seat]:
        return list(Seat)

    def everything(self) -> frozenset[Seat]:
        """ "All" is the four seats."""
        return frozenset(Seat)

    def _order(self, item: Any) -> Any:
        return int(item)

    def item_text(self, item: Any) -> str:
        return str(item.full)

    def gap_text(self) -> str:
        s = self.hand.scores
        return f"NS {s['NS']}, EW {s['EW']}"

    def prompt(self) -> str:
        return (
            f"Rules: {self.hand.rules.full_spec}. A new hand starts with the scores "
            f"{self.gap_text()}. Which players may be offered Blind Nil (before "
            "looking at their cards)?"
        )

    def why_not(self, item: Any) -> str:
        side = side_of(self.hand.rules, item)
        other = other_side(side)
        gap = self.hand.scores[other] - self.hand.scores[side]
        margin = self.hand.rules.blind_nil_margin
        if gap <= 0:
            return (
                f"{side} are ahead ({self.gap_text()}); Blind Nil is for the side that "
                f"trails by at least {margin}"
            )
        return (
            f"{side} trail by {gap}, less than the {margin} points needed for Blind Nil"
        )

    def why_yes(self, item: Any) -> str:
        side = side_of(self.hand.rules, item)
        other = other_side(side)
        gap = self.hand.scores[other] - self.hand.scores[side]
        return (
            f"{side} trail by {gap}, at least the {self.hand.rules.blind_nil_margin} "
            f"needed; both partners of the side may be offered it"
        )

    def left_out(self, item: Any) -> str:
        """The rule, and where a side trails by exactly the margin, that
        "at least" includes it (the likely reason it was left out), naming
        no seat (the side is "the side behind")."""
        margin = self.hand.rules.blind_nil_margin
        rule = (
            f"under {self.hand.rules.preset} both players of a side that trails by "
            f"at least {margin} when the hand starts may be offered Blind Nil"
        )
        side = side_of(self.hand.rules, item)
        gap = self.hand.scores[other_side(side)] - self.hand.scores[side]
        if gap != margin:
            return rule
        return (
            f"{rule}: the side behind trails by exactly {margin}, and 'at least "
            f"{margin}' includes {margin}"
        )

    def hint(self) -> str:
        return (
            "Compare the scores: under classic and yppedia Blind Nil is open to both "
            "players of a side that is behind by at least 100 when the hand starts "
            '(chapter 3, "Nil and Blind Nil: who may bid them?").'
        )

    def explain(self) -> str:
        if not self.expected:
            return (
                f"Nobody. {cap(self.why_not(Seat.NORTH))}. "
                f"{cap(self.why_not(Seat.EAST))}."
            )
        seat = min(self.expected)
        return f"{self.format_answer(self.expected)}: {self.why_yes(seat)}."


class EstimateTricks(Spec):
    number = 5
    title = "A quick count of a hand's tricks"
    intro = (
        "Chapter 3's quick count, the one `spadeslib.counting.quick_tricks` "
        "computes. It comes in halves: answer 2.5 if that is the count."
    )
    chapter = CHAPTER
    answer = Halves("tricks")

    def generate(self, rng: random.Random) -> None:
        self.hand = deal(Rules(), rng)
        self.seat = rng.choice(list(Seat))

    def acceptable(self) -> bool:
        # the rules' variations only: the long-spade slips do not choose hands
        differ = [m for m in self.variations() if m.answer != self.expected]
        return len({m.id for m in differ}) >= 2

    @property
    def cards(self) -> list[Any]:
        return list(self.hand.holding[self.seat])

    def key(self) -> float:
        return quick_tricks(self.cards)

    def prompt(self) -> str:
        return (
            f"{self.seat.full} holds:\n{hand_picture(self.hand.holding, [self.seat])}\n"
            "Count this hand's tricks the quick way of chapter 3: each ace of a side "
            "suit 1; each king of a side suit with at least one more card of its "
            "suit ½; in spades the ace 1, the king 1 with 2 or more spades, the "
            "queen 1 with 3 or more spades; and 1 for every spade beyond the third. "
            "What is the count?"
        )

    def mistakes(self) -> list[Mistake]:
        return self.variations() + self.long_spade_slips()

    def long_spade_slips(self) -> list[Mistake]:
        """The long spades counted one too few (from the fourth: beyond the
        fourth) or one too many (beyond the second)."""
        spades = sum(c.suit is Suit.SPADES for c in self.cards)
        long = self.expected - quick_tricks(self.cards, long_spades=False)
        rule = (
            f"each spade beyond the third counts 1, and {self.seat.full} holds "
            f"{plural(spades, 'spade')}: {long:g} beyond the third"
        )
        out = []
        if long:
            text = f"one trick short: count the long spades again; {rule}"
            out.append(Mistake("long-spades-fewer", self.expected - 1, text))
        if spades >= 3:
            text = f"one trick too many: count the long spades again; {rule}"
            out.append(Mistake("long-spades-more", self.expected + 1, text))
        return out

    def variations(self) -> list[Mistake]:
        """The quick count under the usual miscounts of its rules."""
        out = [
            Mistake(
                "king-as-one",
                quick_tricks(self.cards, side_king=1),
                "a king of a side suit with at least one more card of its suit "
                "counts ½ in the quick count, not 1 (the ace is often still out)",
            ),
            Mistake(
                "no-long-spades",
                quick_tricks(self.cards, long_spades=False),
                "you forgot the long spades: each spade beyond the third counts 1",
            ),
            Mistake(
                "no-spade-queen",
                quick_tricks(self.cards, spade_queen=False),
                "the queen of spades counts 1 when you hold 3 or more spades",
            ),
            Mistake(
                "bare-king",
                quick_tricks(self.cards, bare_kings=True),
                "you counted a bare king (a king with no other card of its suit): "
                "the ace usually catches it, so it does not count",
            ),
        ]
        if not float(self.expected).is_integer():
            out.append(
                Mistake(
                    "rounded",
                    float(int(self.expected)),
                    "a half is missing: the count is in halves, and each king of a "
                    "side suit with at least one more card of its suit counts ½ "
                    "(keep the halves, do not round)",
                )
            )
        return out

    def hint(self) -> str:
        return (
            "Go suit by suit: aces, side-suit kings with at least one more card of "
            "their suit (½ each), the spade queen with 3+ spades; then count the "
            "spades beyond three."
        )

    def explain(self) -> str:
        parts = quick_trick_parts(self.cards)
        listed = ", ".join(f"{what} {value:g}" for what, value in parts) or "nothing"
        return f"{listed}. Total {self.expected:g} (`quick_tricks(cards)`)."


EXERCISES = [TeamContract, NilOptions, PresetBids, BlindNilTrailing, EstimateTricks]
