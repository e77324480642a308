"""Chapter 8 exercises: the variants.

One hand scored under each preset, the joker deck's trump order and first
lead, Blind Seven, ten for 200, and two-player scoring. Each mistake is the
library's answer under another rule set (another preset, the standard trump
order, a plain contract's value...).

>>> from spadeslib.exercises import key_text, load
>>> q1, q2, q3, q4, q5, q6 = load("08_variants", seed=1)
>>> q2.feedback(key_text(q2)).correct
True
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from ..actions import Bid
from ..cards import Card
from ..display import plural
from ..rules import STANDARD_TRUMPS, Rules
from ..scoring import SideScore, score_hand, sides
from ..seats import Seat
from ..tricks import trick_winner
from .answers import SeatAnswer, Whole
from .feedback import Mistake
from .scenarios import (
    bids_table,
    deal,
    describe_score,
    policy,
    rules_text,
    side_name,
    split_tricks,
    trick_line,
)
from .specs import Spec

CHAPTER = "08_variants"
TITLE = "The variants"
INTRO = (
    "They compare presets on one hand and practise the joker deck, Blind Seven, ten "
    "for 200 and two-player scoring."
)

PRESET_NOTES = {
    "cards4net": "Nil ±100, a nil bidder's tricks count towards the partner's contract",
    "classic": "Nil ±100, a nil bidder's tricks are bags (1 point each), not contract "
    "tricks",
    "yppedia": "Nil ±50, a failed nil bidder's tricks count for nothing",
}


class PointsExercise(Spec):
    chapter = CHAPTER
    answer = Whole("points")
    rules: Rules
    bids: dict[Seat, Bid]
    tricks: dict[Seat, int]
    side: str

    def score(self, rules: Rules | None = None, side: str | None = None) -> SideScore:
        """The score of ``side`` (default: the side asked about), no bags in."""
        bags = {s: 0 for s in ("NS", "EW", "N", "S")}
        scores = score_hand(rules or self.rules, self.bids, self.tricks, bags)
        return scores[side or self.side]

    def under(self, mistake: str, text: str, **changes: Any) -> Mistake:
        """The ``mistake`` of scoring under the rules so changed."""
        rules = dataclasses.replace(self.rules, **changes)
        return Mistake(mistake, self.score(rules).points, text)

    def key(self) -> int:
        return self.score().points

    def other_side_score(self) -> tuple[str, str, Any]:
        other = next(s for s in sides(self.rules) if s != self.side)
        return side_name(self.side), side_name(other), self.score(side=other).points

    def explain(self) -> str:
        return describe_score(self.rules, self.score(), self.bids, self.tricks)

    def table(self) -> str:
        return bids_table(self.rules, self.bids, self.tricks, sorted(self.bids))

    def made_or_set(self, contract: str) -> Mistake:
        """The contract scored the wrong way round: as made when it was set,
        or as set when it was made (``contract`` names it: "Blind Seven")."""
        s = self.score()
        who = side_name(self.side)
        won = f"{who} won {plural(s.tricks, 'trick')}"
        if s.made:
            text = (
                f"{won}, at least the {s.contract} they bid: {contract} is made, "
                "and a made contract scores its value, not minus it"
            )
            return Mistake("set-when-made", -s.contract_points, text)
        text = (
            f"{won}, fewer than the {s.contract} they bid: {contract} is set, "
            "and a set contract loses its value"
        )
        return Mistake("made-when-set", -s.contract_points, text)


class SameHandPresets(PointsExercise):
    number = 1
    title = "One hand under one of three presets"
    intro = "The same bids and tricks, scored under one of three presets."

    def generate(self, rng: random.Random) -> None:
        self.preset = rng.choice(["cards4net", "classic", "yppedia"])
        self.rules = Rules(self.preset)
        seat = rng.choice([Seat.NORTH, Seat.EAST])
        self.side = "NS" if seat is Seat.NORTH else "EW"
        self.nil_seat = seat
        self.bids = {
            seat: Bid.NIL,
            seat.partner: Bid(rng.randint(3, 6)),
            seat.left: Bid(rng.randint(1, 4)),
            seat.right: Bid(rng.randint(1, 4)),
        }
        nil = rng.randint(1, 2)
        partner = rng.randint(
            self.bids[seat.partner].tricks - nil, self.bids[seat.partner].tricks + 1
        )
        self.tricks = split_tricks(rng, {seat: nil, seat.partner: partner})

    def acceptable(self) -> bool:
        values = [self.score(Rules(p)).points for p in PRESET_NOTES]
        return len(set(values)) == 3

    def prompt(self) -> str:
        return (
            f"One hand (no bags carried in):\n{self.table()}\n"
            f"How many points do {side_name(self.side)} score under {self.preset}?"
        )

    def nil_tricks_text(self) -> str:
        """``"East's 2 tricks"``: what the nil bidder won."""
        seat = self.nil_seat
        return f"{seat.full}'s {plural(self.tricks[seat], 'trick')}"

    def mistakes(self) -> list[Mistake]:
        seat, partner = self.nil_seat, self.nil_seat.partner
        s = self.score()
        won = self.nil_tricks_text()
        how, preset = self.rules.nil_tricks, self.preset
        out = [
            Mistake(
                "no-nil",
                s.points - s.nil_points,
                f"you left out {seat.full}'s Nil: {seat.full} won "
                f"{plural(self.tricks[seat], 'trick')}, so the Nil failed, and a "
                f"failed Nil costs points of its own under {preset}, on top of "
                f"{partner.full}'s contract",
            ),
            Mistake(
                "nil-only",
                s.nil_points,
                f"that is {seat.full}'s Nil alone: {partner.full}'s contract of "
                f"{s.contract} scores too, on top of the Nil",
            ),
        ]
        if how == "team":
            text = (
                f"you left out {won}: under {preset} a nil bidder's tricks count "
                f"towards the partner's contract ({partner.full}'s), even when the "
                "Nil fails"
            )
            out.append(self.under("nil-tricks-dropped", text, nil_tricks="ignored"))
        else:
            rule = {"bags": "are bags (1 point each), not contract tricks"}.get(
                how, "count for nothing"
            )
            text = (
                f"you counted {won} towards {partner.full}'s contract: under "
                f"{preset} a failed nil bidder's tricks {rule}"
            )
            out.append(self.under("nil-tricks-counted", text, nil_tricks="team"))
        if how == "ignored":
            text = (
                f"you counted {won} as bags (1 point each), as classic does: under "
                f"{preset} a failed nil bidder's tricks count for nothing, neither "
                "for the partner nor as bags"
            )
            out.append(self.under("nil-tricks-as-bags", text, nil_tricks="bags"))
        usual = Rules().nil_value
        if self.rules.nil_value != usual:
            text = (
                f"you gave {seat.full}'s Nil the usual ±{usual}: under {preset} a "
                f"Nil is worth ±{self.rules.nil_value}"
            )
            out.append(self.under("nil-value", text, nil_value=usual))
        if how == "bags":
            text = (
                f"you dropped {won}: under {preset} a nil bidder's tricks are bags, "
                "worth 1 point each"
            )
            out.append(self.under("nil-tricks-ignored", text, nil_tricks="ignored"))
        for other, note in PRESET_NOTES.items():
            if other != preset:
                text = (
                    f"that is the score under {other} ({note}); under {preset}: "
                    f"{PRESET_NOTES[preset]}"
                )
                out.append(
                    Mistake(f"as-{other}", self.score(Rules(other)).points, text)
                )
        return out

    def hint(self) -> str:
        seat = self.nil_seat
        return (
            f"Under {self.preset} a Nil is worth ±{self.rules.nil_value}: score "
            f"{seat.full}'s Nil on its own (made or failed), then "
            f"{seat.partner.full}'s contract: does {self.preset} count a nil "
            "bidder's tricks towards the partner's contract?"
        )


class JokerTrick(Spec):
    number = 2
    title = "The joker deck's trump order"
    intro = "The joker deck has its own trump order."
    chapter = CHAPTER
    answer = SeatAnswer()

    def generate(self, rng: random.Random) -> None:
        self.rules = Rules("cards4net", ["jokers"])
        trumps = list(self.rules.trump_order)
        plain = [c for c in self.rules.deck if not self.rules.is_trump(c)]
        leader = rng.choice(list(Seat))
        lead_trump = rng.random() < 0.5
        special = [Card.parse("BJ"), Card.parse("LJ"), Card.parse("2S")]
        rng.shuffle(plain)
        rng.shuffle(trumps)
        plays = []
        lead = trumps.pop() if lead_trump else plain.pop()
        plays.append((leader, lead))
        chosen = rng.sample(special, 2)
        chosen = [c for c in chosen if c is not lead]
        others = [c for c in trumps if c not in chosen and c is not lead]
        cards = chosen + others[: 3 - len(chosen)]
        rng.shuffle(cards)
        for i, card in enumerate(cards, 1):
            plays.append((Seat((leader + i) % 4), card))
        self.plays = plays

    def acceptable(self) -> bool:
        wrong = {m.id: m.answer for m in self.mistakes()}
        return any(v != self.expected for v in wrong.values())

    def key(self) -> Seat:
        return trick_winner(self.rules, self.plays)

    def prompt(self) -> str:
        return (
            f"Rules: {self.rules.full_spec}. One trick, in the order played:\n"
            f"  {trick_line(self.plays)}\nWho wins the trick?"
        )

    def mistaken(self, order: tuple[Card, ...]) -> Seat:
        return trick_winner(
            dataclasses.replace(self.rules, trump_order=order), self.plays
        )

    def mistakes(self) -> list[Mistake]:
        big, little, two = Card.parse("BJ"), Card.parse("LJ"), Card.parse("2S")
        ranked = tuple(c for c in STANDARD_TRUMPS if c is not two)
        return [
            Mistake(
                "two-low",
                self.mistaken((big, little, *ranked, two)),
                "under the joker rules the 2♠ is the third-highest trump, just below "
                "the two jokers (trump order BJ, LJ, 2♠, A♠, K♠, ...)",
            ),
            Mistake(
                "little-above-big",
                self.mistaken((little, big, two, *ranked)),
                "the Big Joker is the highest trump, then the Little Joker",
            ),
            Mistake(
                "jokers-low",
                self.mistaken((two, *ranked, big, little)),
                "the jokers are the two highest trumps and beat every spade",
            ),
        ]

    def hint(self) -> str:
        return (
            "Print `Rules.parse('cards4net+jokers').trump_order`: it starts "
            "with the Big Joker."
        )

    def explain(self) -> str:
        card = dict(self.plays)[self.expected]
        order = " > ".join(c.symbol for c in self.rules.trump_order[:5])
        return (
            f"{self.expected.full}'s {card.symbol} is the highest trump played "
            f"(trump order {order} > ...)."
        )


class BlindSeven(PointsExercise):
    number = 3
    title = "Blind Seven"
    intro = "A side that declares Blind Seven bids 7 without looking."
    must_catch = ("ten-per-trick",)

    def generate(self, rng: random.Random) -> None:
        self.rules = Rules("cards4net", ["jokers"])
        seat = rng.choice(list(Seat))
        self.side = "NS" if seat in (Seat.NORTH, Seat.SOUTH) else "EW"
        self.bids = {
            seat: Bid.BLIND_SEVEN,
            seat.partner: Bid.BLIND_SEVEN,
            seat.left: Bid(rng.randint(1, 4)),
            seat.right: Bid(rng.randint(1, 3)),
        }
        won = rng.choice([4, 5, 6, 7, 8, 9])
        team = split_tricks(rng, {}, total=won, seats=(seat, seat.partner))
        self.tricks = split_tricks(rng, team)

    def prompt(self) -> str:
        return (
            f"Rules: {self.rules.full_spec}. {side_name(self.side)} declared "
            "Blind Seven "
            "before looking at their cards: one contract of 7 for the team."
            f"\n{self.table()}\nHow many points do "
            f"{side_name(self.side)} score (no bags carried in)?"
        )

    def mistakes(self) -> list[Mistake]:
        s = self.score()
        ten = (
            "you scored it like an ordinary contract of 7 (±70); Blind Seven is "
            f"worth ±{self.rules.blind_seven_value}"
        )
        return [
            self.under("ten-per-trick", ten, blind_seven_value=70),
            Mistake(
                "no-overtricks",
                s.points - s.overtricks,
                "overtricks still score 1 point each (and are bags)",
            ),
            *([self.contract_14()] if s.made else []),
            self.made_or_set("Blind Seven"),
        ]

    def contract_14(self) -> Mistake:
        """Blind Seven scored as set when it was made: as a contract of
        7 + 7 = 14, which 13 tricks can never make."""
        s = self.score()
        return Mistake(
            "contract-14",
            -self.rules.blind_seven_value,
            "Blind Seven is one contract of 7 for the team, not 7 + 7 = 14 (which "
            f"13 tricks never make): {side_name(self.side)} won "
            f"{plural(s.tricks, 'trick')}, at least 7, so Blind Seven is made and "
            "scores its value, not minus it",
        )

    def hint(self) -> str:
        return (
            f"Look at `Rules.parse('{self.rules.full_spec}').blind_seven_value`: made "
            "or set, it replaces 10 × 7."
        )


class TwoPlayer(PointsExercise):
    number = 4
    title = "Two-player scoring"
    intro = "Two players, each scoring alone."
    must_catch = ("zero-as-number", "nil-as-made")

    def generate(self, rng: random.Random) -> None:
        self.rules = Rules("two-player")
        self.side = rng.choice(["N", "S"])
        me = Seat.parse(self.side)
        other = me.partner
        zero = rng.random() < 0.5
        self.bids = {
            me: Bid.NIL if zero else Bid(rng.randint(3, 7)),
            other: Bid(rng.randint(3, 7)),
        }
        mine = (
            rng.randint(0, 2)
            if zero
            else rng.randint(self.bids[me].tricks - 2, self.bids[me].tricks + 3)
        )
        self.tricks = {me: mine, other: 13 - mine}

    def acceptable(self) -> bool:
        wrong = {m.id: m.answer for m in self.mistakes()}
        return any(v != self.expected for v in wrong.values())

    def prompt(self) -> str:
        me = Seat.parse(self.side)
        bids = {s: ("0" if b.is_nil else b.label()) for s, b in self.bids.items()}
        rows = "\n".join(
            f"  {s.full:<7} bid {bids[s]:<3} tricks {self.tricks[s]}"
            for s in (Seat.NORTH, Seat.SOUTH)
        )
        return (
            f"Rules: two-player (each player scores alone).\n{rows}\n"
            f"How many points does {me.full} score (no bags carried in)?"
        )

    def mistakes(self) -> list[Mistake]:
        me = Seat.parse(self.side)
        s = self.score()
        out = []
        if self.bids[me].is_nil:
            nil = self.rules.nil_value
            # a numeric 0, as chapter 6 teaches it (cards4net): a contract of 0
            as_number = dataclasses.replace(self.rules, numeric_zero=True)
            numeric = dict(self.bids)
            numeric[me] = Bid(0)
            value = score_hand(as_number, numeric, self.tricks, {})[self.side].points
            out.append(
                Mistake(
                    "zero-as-number",
                    value,
                    "you scored the 0 as a contract of 0, which scores nothing; "
                    f"in two-player Spades a bid of 0 is Nil: made +{nil}, "
                    f"failed -{nil}",
                )
            )
            won = self.tricks[me]
            out.append(
                Mistake(
                    "nil-as-made",
                    s.points - s.nil_points + nil,
                    f"you scored the Nil as made, but {me.full} won "
                    f"{plural(won, 'trick')}: a Nil fails with the first trick "
                    f"won, and a failed Nil costs {nil} (-{nil})",
                )
            )
            if won:
                text = (
                    f"you counted {me.full}'s {plural(won, 'trick')} as "
                    f"{'a bag' if won == 1 else 'bags'} (1 point each): a failed "
                    f"Nil's tricks are not bags, the Nil just costs {nil}"
                )
                out.append(self.under("nil-tricks-bags", text, nil_tricks="bags"))
        elif s.overtricks:
            out.append(
                Mistake(
                    "no-overtricks",
                    s.points - s.overtricks,
                    f"{me.full} won {plural(s.overtricks, 'trick')} more than the "
                    f"{s.contract} bid: each overtrick scores 1 point (and is a bag)",
                )
            )
        partners = (
            "you scored North and South as partners, one side with both bids and "
            "all 13 tricks; the two players are opponents and each scores alone"
        )
        out.append(Mistake("partnership", self.as_partners(), partners))
        if s.made is False:
            soft = "a set contract costs 10 per trick bid, whatever was won"
            out.append(Mistake("softened", -10 * (s.contract - s.tricks), soft))
        return out

    def as_partners(self) -> int:
        """North and South scored as partners under four-player rules with the
        same values (East and West bid 1 each and win nothing)."""
        same = ("nil_value", "blind_nil_value", "nil_tricks", "ten_for_200")
        four = Rules(**{name: getattr(self.rules, name) for name in same})
        bids = {**self.bids, Seat.EAST: Bid(1), Seat.WEST: Bid(1)}
        tricks = {**self.tricks, Seat.EAST: 0, Seat.WEST: 0}
        return score_hand(four, bids, tricks, {})["NS"].points

    def hint(self) -> str:
        zero = self.bids[Seat.parse(self.side)].is_nil
        return (
            "Each player is a side of their own: the same rules as a partnership, "
            "with one bidder" + ("; 0 is Nil." if zero else ".")
        )


class JokerFirstLead(Spec):
    number = 5
    title = "Who leads first with jokers?"
    intro = "The joker rules change who leads first."
    chapter = CHAPTER
    answer = SeatAnswer()
    must_catch = ("dealer-left",)

    def generate(self, rng: random.Random) -> None:
        self.hand = deal(Rules("cards4net", ["jokers"]), rng)
        while self.hand.phase.value == "bidding":
            self.hand.apply(policy(self.hand, rng))

    def key(self) -> Seat:
        assert self.hand.turn is not None
        return self.hand.turn

    def prompt(self) -> str:
        return (
            f"Rules: {self.hand.rules.full_spec}. {self.hand.dealer.full} dealt "
            "and the "
            "bidding is over. Who leads the first trick?"
        )

    def mistakes(self) -> list[Mistake]:
        return [
            Mistake(
                "dealer-left",
                self.hand.dealer.left,
                "you gave the lead to the player on the dealer's left "
                f"({self.hand.dealer.left.full}), as in the standard game; under "
                "the joker rules the dealer leads the first trick",
            ),
            Mistake(
                "dealer-partner",
                self.hand.dealer.partner,
                "you gave the lead to the dealer's partner "
                f"({self.hand.dealer.partner.full}); under the joker rules the "
                "dealer leads the first trick",
            ),
            Mistake(
                "dealer-right",
                self.hand.dealer.right,
                "you gave the lead to the player on the dealer's right "
                f"({self.hand.dealer.right.full}); under the joker rules the dealer "
                "leads the first trick",
            ),
        ]

    def hint(self) -> str:
        return "Check `Rules.parse('cards4net+jokers').dealer_leads`."

    def explain(self) -> str:
        return (
            f"Under the joker rules the dealer leads the first trick: "
            f"{self.hand.dealer.full}, the dealer, leads (and may lead any card, a "
            "trump included)."
        )


class TenFor200(PointsExercise):
    number = 6
    title = "Ten for 200"
    intro = "The `ten_for_200` modifier values one contract specially."
    must_catch = ("plain-ten",)

    def generate(self, rng: random.Random) -> None:
        self.rules = Rules(rng.choice(["cards4net", "classic"]), ["ten_for_200"])
        seat = rng.choice(list(Seat))
        self.side = "NS" if seat in (Seat.NORTH, Seat.SOUTH) else "EW"
        first = rng.randint(4, 6)
        self.bids = {
            seat: Bid(first),
            seat.partner: Bid(10 - first),
            seat.left: Bid(1),
            seat.right: Bid(rng.randint(1, 2)),
        }
        won = rng.choice([8, 9, 10, 11, 12])
        team = split_tricks(rng, {}, total=won, seats=(seat, seat.partner))
        self.tricks = split_tricks(rng, team)

    def prompt(self) -> str:
        return (
            f"Rules: {rules_text(self.rules)}.\n{self.table()}\nHow many points do "
            f"{side_name(self.side)} score (no bags carried in)?"
        )

    def mistakes(self) -> list[Mistake]:
        s = self.score()
        value = self.rules.ten_for_200_value
        plain = f"with ten_for_200 a contract of exactly 10 scores ±{value}, not ±100"
        out = [
            self.under("plain-ten", plain, ten_for_200=False),
            Mistake(
                "no-overtricks",
                s.points - s.overtricks,
                f"overtricks still score 1 point each on top of the {value}",
            ),
            self.made_or_set("the contract of 10"),
        ]
        if s.made is False:
            soft = f"a set contract of 10 costs {value}, not 10 per missing trick"
            out.append(Mistake("softened", -10 * (s.contract - s.counted_tricks), soft))
            plain_made = (
                f"you scored the contract of 10 as made, at the plain 10 points a "
                f"trick: {side_name(self.side)} won {plural(s.tricks, 'trick')}, "
                f"fewer than the 10 they bid, so it is set and costs {value}"
            )
            out.append(Mistake("made-plain", 10 * s.contract, plain_made))
        return out

    def hint(self) -> str:
        value = self.rules.ten_for_200_value
        return (
            "The partners' bids add up to a contract of exactly 10: made, it "
            f"scores {value} plus 1 per overtrick; set, it costs {value}."
        )


EXERCISES = [
    SameHandPresets,
    JokerTrick,
    BlindSeven,
    TwoPlayer,
    JokerFirstLead,
    TenFor200,
]
