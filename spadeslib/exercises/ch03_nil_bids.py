"""Chapter 3 exercises: who may bid 0, Nil or Blind Nil.

The presets disagree about the bids that promise no trick: exercise 3.2 asks
which of 0, Nil and Blind Nil one player may bid, 3.3 the same situation
under the three presets. The answers come from the engine
(``hand.check(bid)``), the reasons from ``hand.why_illegal(bid)``. The
chapter's other exercises are in :mod:`.ch03_bidding`, which lists them all.

>>> from spadeslib.exercises import load
>>> _, q2, q3, _, _ = load("03_bidding", seed=1)
>>> q2.title, q3.title
('Who may bid 0, Nil or Blind Nil?', 'One situation, three presets')
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

from ..actions import LOOK, Bid
from ..counting import quick_tricks
from ..hand import Hand
from ..rules import Rules
from ..scoring import side_of
from ..seats import Seat
from .answer_lists import Names
from .answers import Answer
from .reading import AnswerError, means_all, parse_bid, parse_list, plural
from .scenarios import bids_table, deal, new_seed, other_side
from .specs import SetSpec

CHAPTER = "03_bidding"


def bid_label(bid: Bid) -> str:
    """How a bid is written in answers: ``"4"``, ``"nil"``, ``"blind nil"``."""
    return str(bid.tricks) if not bid.is_nil else bid.label().lower()


def make_bids(hand: Hand, rng: random.Random, count: int) -> None:
    """Make ``count`` plausible bids (looking at the cards first)."""
    for _ in range(count):
        seat = hand.turn
        assert seat is not None
        if LOOK in hand.legal_actions():
            hand.apply(LOOK)
        legal = [
            b for b in hand.legal_actions() if isinstance(b, Bid) and not b.is_blind
        ]
        numbers = [b for b in legal if not b.is_nil]
        if not numbers or (Bid.NIL in legal and rng.random() < 0.15):
            hand.apply(Bid.NIL if Bid.NIL in legal else legal[0])
            continue
        want = max(1, round(quick_tricks(hand.holding[seat])))
        hand.apply(min(numbers, key=lambda b: abs(b.tricks - want)))


SPECIAL = ("0", "nil", "blind nil")


def as_items(answer: Any) -> list[Any]:
    """The items of a list answer: a list, a list written as text, or text
    with its items apart (``"3, nil"``, ``"0 nil blind nil"``); ``"none"`` is
    no item.

    >>> as_items("3, nil"), as_items("0 nil blind nil"), as_items("none")
    (['3', 'nil'], ['0', 'nil', 'blind nil'], [])
    """
    answer = parse_list(answer)
    if isinstance(answer, str):
        text = answer.strip()
        if text.lower() in ("none", "", "-"):
            return []
        if "," in text:
            return [item.strip() for item in text.split(",") if item.strip()]
        items: list[Any] = []
        for word in text.split():  # "blind nil", "double nil": one bid
            if items and items[-1].lower() in ("blind", "double"):
                items[-1] += " " + word
            else:
                items.append(word)
        return items
    if isinstance(answer, (int, Bid)):
        return [answer]
    if isinstance(answer, (list, tuple, set, frozenset)):
        return list(answer)
    raise AnswerError(f"{answer!r} is not a list")


class NilOptions(SetSpec):
    number = 2
    title = "Who may bid 0, Nil or Blind Nil?"
    intro = (
        "The presets disagree about a numeric 0 (a contract of no tricks, scored "
        "as a number), Nil and Blind Nil. Answer with a list, for example "
        '`["0", "nil"]` ("0" for the numeric 0), or `[]` if none is open.'
    )
    chapter = CHAPTER
    answer = Answer()
    answer_format = (
        'the options open, from "0", "nil" and "blind nil", e.g. '
        '["nil"] (or [] for none)'
    )
    names_missing = False  # three options: naming one left out gives it away
    noun = "option"

    def generate(self, rng: random.Random) -> None:
        preset = rng.choice(["cards4net", "cards4net", "classic", "yppedia"])
        rules = Rules(preset)
        scores = {"NS": 0, "EW": 0}
        if preset != "cards4net":
            behind = rng.choice(["NS", "EW"])
            scores = {behind: rng.randrange(0, 200, 10)}
            scores[other_side(behind)] = scores[behind] + rng.choice(
                [50, 100, 150, 200]
            )
        self.hand = deal(rules, rng, scores=scores)
        make_bids(self.hand, rng, rng.randint(0, 3))

    @property
    def seat(self) -> Seat:
        assert self.hand.turn is not None
        return self.hand.turn

    def legal(self, option: str) -> bool:
        h = self.hand
        if option == "0":
            return h.rules.numeric_zero and h.check(Bid(0)) is None
        return h.check(Bid.NIL if option == "nil" else Bid.BLIND_NIL) is None

    def key(self) -> frozenset[str]:
        return frozenset(o for o in SPECIAL if self.legal(o))

    def universe(self) -> list[str]:
        return list(SPECIAL)

    def _order(self, item: Any) -> Any:
        return SPECIAL.index(item)

    def item_text(self, item: Any) -> str:
        return f"'{item}'"

    def parse(self, answer: Any) -> frozenset[str]:
        if means_all(answer, also=("all three",)):
            return frozenset(SPECIAL)
        out = set()
        for item in as_items(answer):
            if isinstance(item, str) and item.strip().lower() in ("none", ""):
                continue
            bid = parse_bid(item)
            if not bid.is_nil and bid.tricks != 0:
                raise AnswerError(f"{item!r} is not one of the options")
            out.add("0" if not bid.is_nil else bid_label(bid))
        return frozenset(out)

    def format_answer(self, value: Any) -> str:
        return json.dumps(sorted(value, key=SPECIAL.index))

    def prompt(self) -> str:
        h = self.hand
        bids = h.bids
        made = (
            bids_table(h.rules, bids, seats=[s for s in h.bid_order if s in bids])
            if bids
            else "  (none yet)"
        )
        who = self.seat.full
        if h.hidden[self.seat]:
            # before the look the engine offers only Blind Nil and the look;
            # the question is the turn's: a bid after looking counts
            question = (
                f"{who} is to bid and has not looked at the cards yet. Which of "
                "0 (the number), Nil (bid after looking) and Blind Nil (bid "
                f"before looking) are open to {who} in this turn, either now or "
                "after looking at the cards?"
            )
        else:
            question = (
                f"{who} is to bid and has looked at the cards. Which of the bids "
                f"0 (as a number), Nil and Blind Nil may {who} make now?"
            )
        return (
            f"Rules: {h.rules.full_spec}. Dealer: {h.dealer.full}. "
            "Scores before the hand: "
            f"NS {h.scores['NS']}, EW {h.scores['EW']}.\nBids so far:\n{made}\n"
            + question
        )

    def why_not(self, item: Any) -> str:
        h = self.hand
        if item == "0" and not h.rules.numeric_zero:
            return (
                f"under {h.rules.preset} there is no numeric 0: a bid of 0 means Nil, "
                "and the lowest number is 1"
            )
        bid = {"0": Bid(0), "nil": Bid.NIL, "blind nil": Bid.BLIND_NIL}[item]
        return h.why_illegal(bid) or "it is legal"

    def why_yes(self, item: Any) -> str:
        h = self.hand
        rules = h.rules
        partner = h.bids.get(self.seat.partner)
        if item == "0":
            return f"under {rules.preset} 0 is an ordinary numeric bid"
        if item == "nil":
            if rules.nil_before_partner_only:
                return (
                    f"under {rules.preset} Nil is open while the partner has not bid, "
                    f"and {self.seat.partner.full} has not bid yet"
                )
            extra = (
                f" ({self.seat.partner.full}'s {partner.label()} does not prevent it)"
                if partner is not None
                else ""
            )
            return f"under {rules.preset} any player may bid Nil{extra}"
        if rules.blind_nil == "first_bidder":
            return (
                f"under {rules.preset} the first bidder may bid Blind Nil before "
                "looking at the cards"
            )
        own = side_of(rules, self.seat)
        other = other_side(own)
        return (
            f"under {rules.preset} a player whose side trails by at least "
            f"{rules.blind_nil_margin} may bid Blind Nil before looking: {own} trail "
            f"{other} by {h.scores[other] - h.scores[own]}"
        )

    def left_out(self, item: Any) -> str:
        return f"under {self.hand.rules.preset} {self._reason(item)}"

    def _reason(self, item: Any) -> str:
        """Why ``item`` is open, in words that do not name it."""
        h = self.hand
        rules = h.rules
        mate = self.seat.partner.full
        if item == "0":
            return "0 is an ordinary numeric bid"
        if item == "nil":
            if rules.nil_before_partner_only:
                return (
                    "the promise to win no trick is open while the partner has "
                    f"not bid, and {mate} has not bid yet"
                )
            return "any player may promise to win no trick, whatever the partner bid"
        if rules.blind_nil == "first_bidder":
            return (
                "the first bidder may promise to win no trick before looking at "
                "the cards"
            )
        own = side_of(rules, self.seat)
        other = other_side(own)
        return (
            f"a side {rules.blind_nil_margin} or more behind may promise to win no "
            f"trick before looking at the cards, and {own} trail {other} by "
            f"{h.scores[other] - h.scores[own]}"
        )

    def missing_text(self, missing: Sequence[Any]) -> str:
        """One short reason per option left out, the preset said once: before
        the reasons, or after a numeric 0 (which its reason names anyway).

        >>> print(NilOptions(1).missing_text(["0"]))
        you left out 1 option: 0 is an ordinary numeric bid under cards4net
        """
        preset = self.hand.rules.preset
        reasons = [self._reason(item) for item in missing]
        if missing[0] == "0":
            reasons[0] += f" under {preset}"
        else:
            reasons[0] = f"under {preset} {reasons[0]}"
        return f"you left out {plural(len(missing), self.noun)}: " + "; ".join(reasons)

    def hint(self) -> str:
        return (
            f'Chapter 3\'s section "Nil and Blind Nil: who may bid them?" says, for '
            f"{self.hand.rules.preset}: is 0 a number or Nil? May Nil follow the "
            "partner's bid? Who is offered Blind Nil (the first bidder only, or a "
            "side trailing by 100)? Blind bids need unseen cards."
        )

    def explain(self) -> str:
        parts = []
        if self.hand.hidden[self.seat]:
            parts.append(
                f"{self.seat.full} has not looked yet: the first choice is Blind Nil "
                "or a look at the cards, and 0 and Nil come after the look."
            )
        for option in SPECIAL:
            if option in self.expected:
                parts.append(f"'{option}': yes, {self.why_yes(option)}.")
            else:
                parts.append(f"'{option}': no, {self.why_not(option)}.")
        return "\n".join(parts)


PRESETS = ("cards4net", "classic", "yppedia")
"""The three four-player presets chapter 3 compares."""

ASKED = {"nil": Bid.NIL, "blind nil": Bid.BLIND_NIL}


class PresetBids(SetSpec):
    """One situation, played under the three presets: under which of them may
    the player to bid make a Nil or a Blind Nil? (Chapter 3's table of
    situations, asked the other way round.)"""

    number = 3
    title = "One situation, three presets"
    intro = (
        "Chapter 3 put the library in a few situations and asked each preset "
        "whether Nil and Blind Nil are legal. Here is one more situation. Answer "
        'with the presets that allow the bid, for example `"cards4net classic"`, '
        'or `"none"`.'
    )
    chapter = CHAPTER
    answer = Names(PRESETS, "presets")
    names_missing = False  # three presets: naming one left out gives it away
    noun = "preset"

    def generate(self, rng: random.Random) -> None:
        self.dealer = rng.choice(list(Seat))
        gap = rng.choice([0, 0, 50, 100, 150, 200])
        behind = rng.choice(["NS", "EW"])
        base = rng.randrange(0, 200, 10)
        self.scores = {behind: base, other_side(behind): base + gap}
        self.asked = "nil" if rng.random() < 0.3 else "blind nil"
        count = rng.choice([0, 0, 1, 2, 2, 3])
        self.before: list[Bid] = []
        for i in range(count):
            roll = rng.random()
            if i == 0 and roll < 0.4:
                self.before.append(Bid.BLIND_NIL)
            elif roll < 0.25:
                self.before.append(Bid.NIL)
            else:
                self.before.append(Bid(rng.randint(1, 5)))
        seed = new_seed(rng)
        self.hands: dict[str, Hand] = {}
        for preset in PRESETS:
            hand = Hand(Rules(preset), self.dealer, seed=seed, scores=self.scores)
            for bid in self.before:
                if not bid.is_blind and LOOK in hand.legal_actions():
                    hand.apply(LOOK)
                if hand.check(bid) is not None:
                    self.hands = {}  # this history cannot happen under a preset
                    return
                hand.apply(bid)
            self.hands[preset] = hand

    def acceptable(self) -> bool:
        return bool(self.hands)

    @property
    def seat(self) -> Seat:
        turn = self.hands["classic"].turn
        assert turn is not None
        return turn

    def allows(self, preset: str) -> bool:
        """Whether ``preset`` allows the bid asked about (a Nil after looking,
        a Blind Nil before)."""
        return self.reason(preset) is None

    def reason(self, preset: str) -> str | None:
        """The engine's reason ``preset`` refuses the bid, or ``None``."""
        hand = self.hands[preset]
        bid = ASKED[self.asked]
        if not bid.is_blind and hand.hidden[self.seat]:
            hand = hand.clone()
            hand.apply(LOOK)
        return hand.why_illegal(bid)

    def key(self) -> frozenset[str]:
        return frozenset(p for p in PRESETS if self.allows(p))

    def universe(self) -> list[str]:
        return list(PRESETS)

    def _order(self, item: Any) -> Any:
        return PRESETS.index(item)

    def prompt(self) -> str:
        bids = dict(zip(self.bid_seats(), self.before, strict=True))
        made = bids_table(Rules(), bids, seats=list(bids)) if bids else "  (none yet)"
        ask = (
            "bid Nil (after looking at the cards)"
            if self.asked == "nil"
            else "bid Blind Nil (before looking at the cards)"
        )
        return (
            f"Dealer: {self.dealer.full}. Scores before the hand: "
            f"NS {self.scores['NS']}, EW {self.scores['EW']}.\nBids so far:\n{made}\n"
            f"{self.seat.full} is to bid next and has not looked at the cards yet. "
            f"Under which of the presets cards4net, classic and yppedia may "
            f"{self.seat.full} {ask}?"
        )

    def bid_seats(self) -> list[Seat]:
        """The seats that have bid, in bidding order."""
        first = self.dealer.left
        return [Seat((first + i) % 4) for i in range(len(self.before))]

    def why_not(self, item: Any) -> str:
        return self.reason(item) or "it allows the bid"

    def _partner_bid(self) -> Bid | None:
        return dict(zip(self.bid_seats(), self.before, strict=False)).get(
            self.seat.partner
        )

    def _rule(self, preset: str) -> tuple[str, str]:
        """Why ``preset`` allows the bid, without naming the preset: what the
        preset offers, and the fact of the situation that makes it apply."""
        rules = Rules(preset)
        partner = self._partner_bid()
        mate = self.seat.partner.full
        if self.asked == "nil":
            if partner is None:
                return "offers Nil while the partner has not bid", (
                    f"{mate} has not bid yet"
                )
            if partner.is_nil:
                return "lets both partners of a side bid Nil", (
                    f"{mate} bid {partner.label()}"
                )
            return "offers Nil to any player, whatever the partner bid", (
                f"{mate} bid {partner.label()}"
            )
        if rules.blind_nil == "first_bidder":
            return "offers Blind Nil to the first bidder only (before anyone bids)", (
                f"{self.seat.full} is the first bidder"
            )
        side = side_of(rules, self.seat)
        gap = self.scores[other_side(side)] - self.scores[side]
        fact = f"{side} trail by {gap}"
        if partner is not None and partner.is_blind:
            fact += f"; it also allows a second Blind Nil in a side ({mate} bid one)"
        return (
            f"offers Blind Nil to a side trailing by at least {rules.blind_nil_margin}",
            fact,
        )

    def left_out(self, item: Any) -> str:
        offer, fact = self._rule(item)
        aside = "," if "," in offer else ""  # "..., whatever the partner bid,"
        return f"a preset that {offer}{aside} allows it: {fact}"

    def why_yes(self, item: Any) -> str:
        offer, fact = self._rule(item)
        return f"{item} {offer}, and {fact}"

    def hint(self) -> str:
        return (
            "Read the table of chapter 3's section \"Nil and Blind Nil: who may "
            "bid them?\" preset by preset: may Nil follow the partner's bid? May "
            "both partners bid Nil? Who is offered Blind Nil (the first bidder "
            "only, or a side trailing by 100), and how many per side?"
        )

    def explain(self) -> str:
        lines = []
        for preset in PRESETS:
            if preset in self.expected:
                lines.append(f"Under {preset}, yes: {self.why_yes(preset)}.")
            else:
                lines.append(f"Under {preset}, no: {self.why_not(preset)}.")
        return "\n".join(lines)
