"""Chapter 2 exercises: the deck and the deal.

Reading a deal (suit lengths, voids), the dealing order, the dealer's
rotation, and the exact chance of a spade holding.

>>> from spadeslib.exercises import load
>>> q1, q2, q3, q4, q5 = load("02_deck_and_deal", seed=1)
>>> q4.feedback("at least 4").status
'unreadable'

"""

from __future__ import annotations

import math
import random
from typing import Any

from ..cards import Suit
from ..counting import holding_chance
from ..rules import Rules
from ..seats import Seat
from .answer_lists import Suits
from .answers import Decimal, SeatAnswer, Whole
from .feedback import Feedback, Mistake
from .reading import suit_list
from .scenarios import deal, hand_picture
from .specs import SetSpec, Spec

CHAPTER = "02_deck_and_deal"
TITLE = "The deck and the deal"
INTRO = (
    "They practise reading a deal, the dealing order and the dealer's rotation, and "
    "one exact probability."
)

PLAIN_SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


class CountSpades(Spec):
    number = 1
    title = "Reading a deal: count the spades"
    intro = "Each row of a deal is one player's cards, grouped by suit."
    chapter = CHAPTER
    answer = Whole("cards", most=13)
    must_catch = ("partner",)

    def generate(self, rng: random.Random) -> None:
        self.hand = deal(Rules(), rng)
        self.seat = rng.choice(list(Seat))

    def count(self, seat: Seat, suit: Suit = Suit.SPADES) -> int:
        return sum(c.suit is suit for c in self.hand.holding[seat])

    def key(self) -> int:
        return self.count(self.seat)

    def prompt(self) -> str:
        return (
            "A deal (dealer "
            f"{self.hand.dealer.full}):\n{hand_picture(self.hand.holding)}"
            f"\nHow many spades does {self.seat.full} hold?"
        )

    def mistakes(self) -> list[Mistake]:
        out = [
            Mistake(
                "partner",
                self.count(self.seat.partner),
                f"that is how many spades {self.seat.partner.full} holds; read "
                f"{self.seat.full}'s row",
            )
        ]
        for suit in (Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS):
            out.append(
                Mistake(
                    "other-suit",
                    self.count(self.seat, suit),
                    f"that is {self.seat.full}'s {suit.plural} (♠ marks the spades)",
                )
            )
        return out

    def hint(self) -> str:
        return "Each row shows one player's cards grouped by suit, spades (♠) first."

    def explain(self) -> str:
        spades = [c for c in self.hand.holding[self.seat] if c.suit is Suit.SPADES]
        return (
            f"{self.seat.full}'s spades: "
            f"{' '.join(c.symbol for c in sorted(spades, reverse=True))} "
            f"({len(spades)})."
        )


class DealOrder(Spec):
    number = 2
    title = "Dealing one card at a time"
    intro = "The cards go out one at a time, clockwise, from the dealer's left."
    chapter = CHAPTER
    answer = SeatAnswer()
    must_catch = ("from-dealer", "anticlockwise")

    def generate(self, rng: random.Random) -> None:
        self.dealer = rng.choice(list(Seat))
        self.k = rng.randint(2, 52)

    def after(self, start: Seat, steps: int, clockwise: bool = True) -> Seat:
        seat = start
        for _ in range(steps):
            seat = seat.left if clockwise else seat.right
        return seat

    def key(self) -> Seat:
        return self.after(self.dealer, self.k)

    def prompt(self) -> str:
        return (
            f"{self.dealer.full} deals the 52 cards one at a time, clockwise, starting "
            f"with the player on the dealer's left. Who receives card number {self.k}?"
        )

    def mistakes(self) -> list[Mistake]:
        return [
            Mistake(
                "from-dealer",
                self.after(self.dealer, self.k - 1),
                "the dealer does not deal the first card to themselves: card 1 goes "
                "to the player on the dealer's left",
            ),
            Mistake(
                "anticlockwise",
                self.after(self.dealer, self.k, clockwise=False),
                "cards go round clockwise (to the left): N, E, S, W",
            ),
            Mistake(
                "one-too-far",
                self.after(self.dealer, self.k + 1),
                "one seat too far: card 1 is already one step clockwise from the "
                f"dealer (on the dealer's left), so card {self.k} is {self.k} steps "
                f"from {self.dealer.full}; count the steps from the dealer, not from "
                "the dealer's left",
            ),
        ]

    def hint(self) -> str:
        return (
            "Cards 1, 5, 9, ... go to the dealer's left; the pattern repeats every 4 "
            "cards (think of the remainder of the card number divided by 4)."
        )

    def explain(self) -> str:
        cycle = [self.after(self.dealer, i).full for i in (1, 2, 3, 4)]
        q, r = divmod(self.k - 1, 4)
        return (
            f"Cards go {', '.join(cycle)}, then round again. {self.k} = 4 × {q} + "
            f"{r + 1}, so card {self.k} is number {r + 1} of a round: "
            f"{self.expected.full}."
        )


class Voids(SetSpec):
    number = 3
    title = "Voids"
    intro = "A void is a suit a player holds no card of."
    chapter = CHAPTER
    answer = Suits()
    names_missing = False  # a void left out is counted, not named
    noun = "void"

    def generate(self, rng: random.Random) -> None:
        self.hand = deal(Rules(), rng)
        self.seat = rng.choice(list(Seat))

    def acceptable(self) -> bool:
        held = self.hand.holding[self.seat]
        lengths = [sum(c.suit is s for c in held) for s in PLAIN_SUITS]
        return 0 in lengths

    def key(self) -> frozenset[Suit]:
        held = self.hand.holding[self.seat]
        return frozenset(s for s in PLAIN_SUITS if not any(c.suit is s for c in held))

    def universe(self) -> list[Suit]:
        return list(PLAIN_SUITS)

    def item_text(self, item: Any) -> str:
        return str(item.plural)

    def why_not(self, item: Any) -> str:
        held = [c for c in self.hand.holding[self.seat] if c.suit is item]
        if len(held) == 1:
            return (
                f"{self.seat.full} holds one {item.singular} ({held[0].symbol}): a "
                "singleton, not a void"
            )
        return f"{self.seat.full} holds {len(held)} {item.plural}"

    def why_yes(self, item: Any) -> str:
        return f"{self.seat.full} holds no {item.plural} at all"

    def left_out(self, item: Any) -> str:
        return (
            f"a suit of which {self.seat.full} holds no card at all is a void too; "
            f"it does not appear in {self.seat.full}'s row"
        )

    def prompt(self) -> str:
        return (
            "A deal (dealer "
            f"{self.hand.dealer.full}):\n{hand_picture(self.hand.holding)}"
            f"\nIn which suits is {self.seat.full} void (holding no card at all)?"
        )

    def hint(self) -> str:
        return (
            "A void is a suit missing from the row entirely; one card is a singleton."
        )

    def explain(self) -> str:
        return f"{self.seat.full} has no {suit_list(self.expected)}."


class AtLeastSpades(Spec):
    number = 4
    title = "The chance of a long spade holding"
    intro = (
        "Chapter 2 gives the exact chance of each spade length in a table: add "
        "up the rows you need, or compute each chance with `math.comb`, as the "
        "chapter does."
    )
    chapter = CHAPTER
    answer = Decimal(3, "a probability between 0 and 1", probability=True)
    must_catch = ("exactly", "more-than")

    def generate(self, rng: random.Random) -> None:
        self.k = rng.randint(4, 7)

    def exactly(self, j: int) -> float:
        return holding_chance(j)

    def at_least(self, k: int) -> float:
        return holding_chance(k, at_least=True)

    def key(self) -> float:
        return self.at_least(self.k)

    def diagnose(self, parsed: Any) -> Feedback | None:
        if parsed > 1 or parsed < 0:
            return Feedback(
                "incorrect",
                "a probability lies between 0 and 1 (write 0.25, not 25)",
                "percent",
            )
        return None

    def prompt(self) -> str:
        return (
            f"In a random deal, what is the exact probability that one given player "
            f"is dealt at least {self.k} spades?"
        )

    def mistakes(self) -> list[Mistake]:
        return [
            Mistake(
                "exactly",
                self.exactly(self.k),
                f"that is the chance of exactly {self.k} spades; 'at least' adds "
                f"{self.k + 1}, {self.k + 2}, ... up to 13",
            ),
            Mistake(
                "more-than",
                self.at_least(self.k + 1),
                f"that is the chance of more than {self.k}; 'at least {self.k}' "
                f"includes exactly {self.k}",
            ),
            Mistake(
                "complement",
                1 - self.at_least(self.k),
                f"that is the chance of fewer than {self.k} spades, the opposite "
                f"event; the question asks for at least {self.k}",
            ),
            Mistake(
                "at-most",
                1 - self.at_least(self.k + 1),
                f"that is the chance of at most {self.k}",
            ),
            Mistake(
                "percent",
                100 * self.at_least(self.k),
                "a probability lies between 0 and 1 (write 0.25, not 25)",
            ),
            Mistake(
                "from-k-minus-1",
                self.at_least(self.k - 1),
                f"that is the chance of at least {self.k - 1}: the sum starts at "
                f"j = {self.k - 1}; start it at j = {self.k}",
            ),
            Mistake(
                "two-decimals",
                round(self.at_least(self.k), 2),
                "that is the probability rounded to two decimals (a whole "
                "percentage); give three decimals (one decimal as a percentage, "
                "e.g. 12.3%)",
            ),
            Mistake(
                "truncated",
                math.floor(1000 * self.at_least(self.k)) / 1000,
                "you cut the number off after the third decimal; round it instead "
                "(0.1237 rounds to 0.124, not 0.123)",
            ),
        ]

    def hint(self) -> str:
        return (
            "P(exactly j spades) = C(13, j) × C(39, 13 − j) / C(52, 13), where "
            "C(n, j) counts the ways to choose j cards of n (chapter 2's formula "
            'for P(k), "What does a random hand look like?", written with j); '
            f"add it up for every j from {self.k} to 13."
        )

    def explain(self) -> str:
        return (
            f"Sum over j = {self.k}..13 of C(13, j)·C(39, 13−j)/C(52, 13) = "
            f"{self.expected:.4f}."
        )


class DealerRotation(Spec):
    number = 5
    title = "The deal moves round the table"
    intro = "After every hand the deal passes to the left."
    chapter = CHAPTER
    answer = SeatAnswer()
    must_catch = ("off-by-one", "anticlockwise")

    def generate(self, rng: random.Random) -> None:
        self.first = rng.choice(list(Seat))
        self.n = rng.randint(3, 12)

    def dealer_of(self, n: int, clockwise: bool = True) -> Seat:
        seat = self.first
        for _ in range(n - 1):
            seat = seat.left if clockwise else seat.right
        return seat

    def key(self) -> Seat:
        return self.dealer_of(self.n)

    def prompt(self) -> str:
        return (
            f"{self.first.full} deals the first hand of a game. The deal passes "
            f"clockwise after every hand. Who deals hand {self.n}?"
        )

    def mistakes(self) -> list[Mistake]:
        return [
            Mistake(
                "off-by-one",
                self.dealer_of(self.n + 1),
                f"hand 1 is dealt by {self.first.full}, so hand {self.n} comes after "
                f"{self.n - 1} moves, not {self.n}",
            ),
            Mistake(
                "anticlockwise",
                self.dealer_of(self.n, clockwise=False),
                "the deal passes clockwise, to the left: N, E, S, W",
            ),
            Mistake(
                "one-short",
                self.dealer_of(self.n - 1),
                f"that is the dealer of hand {self.n - 1}: from hand 1 to hand "
                f"{self.n} the deal moves {self.n - 1} times, not {self.n - 2}",
            ),
        ]

    def hint(self) -> str:
        return "Every four hands the deal comes back to the same player."

    def explain(self) -> str:
        return (
            f"Hand {self.n} is {self.n - 1} moves after hand 1; "
            f"{self.n - 1} mod 4 = {(self.n - 1) % 4} steps clockwise from "
            f"{self.first.full}: {self.expected.full}."
        )


EXERCISES = [CountSpades, DealOrder, Voids, AtLeastSpades, DealerRotation]
