"""Chapter 1 exercises: seats, partnerships, a first hand, and the words.

>>> from spadeslib.exercises import load
>>> q1, q2, q3, q4 = load("01_welcome", seed=1)
>>> q1.feedback("north").mistake, q1.feedback("east").correct
('neighbour', True)
"""

from __future__ import annotations

import random
import unicodedata
from typing import Any

from ..rules import Rules
from ..scoring import side_of
from ..seats import Seat
from .answers import SeatAnswer, Whole, Word
from .feedback import Feedback, Mistake
from .scenarios import deal, play_to, side_name, tricks_text
from .specs import Spec

CHAPTER = "01_welcome"
TITLE = "Welcome"
INTRO = (
    "They check the basics: who sits where, who acts first, reading a finished hand, "
    "and the words the Spanish and Portuguese sources use."
)


class SeatExercise(Spec):
    chapter = CHAPTER
    answer = SeatAnswer()


class Partner(SeatExercise):
    number = 1
    title = "Partners"
    intro = "Spades is played by two partnerships. Who plays with whom?"

    def generate(self, rng: random.Random) -> None:
        self.seat = rng.choice(list(Seat))

    def key(self) -> Seat:
        return self.seat.partner

    def prompt(self) -> str:
        return (
            f"Four players sit North, East, South and West, in clockwise order. Who "
            f"is {self.seat.full}'s partner?"
        )

    def mistakes(self) -> list[Mistake]:
        return [
            Mistake(
                "neighbour",
                self.seat.left,
                f"{self.seat.left.full} sits on {self.seat.full}'s left: an opponent. "
                "Partners sit across the table from each other.",
            ),
            Mistake(
                "neighbour",
                self.seat.right,
                f"{self.seat.right.full} sits on {self.seat.full}'s right: an "
                "opponent. "
                "Partners sit across the table from each other.",
            ),
            Mistake("self", self.seat, "a player is not their own partner."),
        ]

    def hint(self) -> str:
        return (
            "Partners sit opposite each other, across the table (chapter 1, "
            '"Seats and partnerships").'
        )

    def explain(self) -> str:
        side = side_of(Rules(), self.seat)
        return (
            f"{self.seat.full} and {self.expected.full} sit across the table: together "
            f"they are the {side} side ({side_name(side)})."
        )


class FirstBidder(SeatExercise):
    number = 2
    title = "Who bids first and leads first?"
    intro = "The deal decides who speaks first. Answer with a seat letter."

    def generate(self, rng: random.Random) -> None:
        self.dealer = rng.choice(list(Seat))

    def key(self) -> Seat:
        return self.dealer.left

    def prompt(self) -> str:
        return (
            f"{self.dealer.full} deals. Under the default rules (cards4net), who makes "
            "the first bid, and so also leads the first trick?"
        )

    def mistakes(self) -> list[Mistake]:
        return [
            Mistake(
                "dealer",
                self.dealer,
                "the dealer bids last; bidding and play start with the player on the "
                "dealer's left.",
            ),
            Mistake(
                "right",
                self.dealer.right,
                f"{self.dealer.right.full} is on the dealer's right; everything goes "
                "clockwise, so the first to act is on the dealer's left.",
            ),
            Mistake(
                "partner",
                self.dealer.partner,
                "that is the dealer's partner; the first to act sits on the dealer's "
                "left.",
            ),
        ]

    def hint(self) -> str:
        return "Play goes clockwise (N, E, S, W) and starts next to the dealer."

    def explain(self) -> str:
        return (
            f"The player on the dealer's left acts first: {self.expected.full} "
            f"(`Seat.{self.dealer.name}.left`)."
        )


class SideTricks(Spec):
    number = 3
    title = "Read a finished hand"
    intro = "A hand played by bots. Count the tricks of one side."
    chapter = CHAPTER
    answer = Whole("tricks", most=13)
    must_catch = ("one-seat", "opponents")

    def generate(self, rng: random.Random) -> None:
        self.hand = play_to(deal(Rules(), rng), rng)
        self.side = rng.choice(["NS", "EW"])

    def key(self) -> int:
        return sum(self.hand.tricks_won[s] for s in Seat if s.letter in self.side)

    def acceptable(self) -> bool:
        """Each slip gets its own message: a hand where the other side's count
        equals one partner's tricks is dealt again."""
        a = Seat.parse(self.side[0])
        one_seat = {self.hand.tricks_won[a], self.hand.tricks_won[a.partner]}
        return super().acceptable() and 13 - self.expected not in one_seat

    def prompt(self) -> str:
        return (
            f"A whole hand, played by bots, trick by trick:\n"
            f"{tricks_text(self.hand.tricks)}\n"
            f"How many tricks did {side_name(self.side)} win together?"
        )

    def mistakes(self) -> list[Mistake]:
        a = Seat.parse(self.side[0])
        out = [
            Mistake(
                "one-seat",
                self.hand.tricks_won[a],
                f"that is {a.full}'s tricks only; a side's tricks are both partners' "
                f"tricks ({a.full} and {a.partner.full}).",
            ),
            Mistake(
                "one-seat",
                self.hand.tricks_won[a.partner],
                f"that is {a.partner.full}'s tricks only; a side's tricks are both "
                f"partners' tricks ({a.full} and {a.partner.full}).",
            ),
            Mistake(
                "opponents",
                13 - self.expected,
                "that is the other side's count; there are 13 tricks, shared between "
                "the two sides.",
            ),
        ]
        return out

    def hint(self) -> str:
        return "Count the tricks won by each partner, then add them."

    def explain(self) -> str:
        a = Seat.parse(self.side[0])
        b = a.partner
        return (
            f"{a.full} won {self.hand.tricks_won[a]} and {b.full} won "
            f"{self.hand.tricks_won[b]}: {self.expected} together (count the "
            'tricks that say "won by" either of them).'
        )


GLOSSARY: tuple[tuple[str, str, str], ...] = (
    ("trick", "baza", "vaza"),
    ("bag", "bolsa", "saco"),
    ("trump", "triunfo", "trunfo"),
    ("suit", "palo", "naipe"),
    ("bid", "apuesta", "apostas"),
    ("dealer", "repartidor", "carteador"),
    ("partner", "compañero", "parceiro"),
    ("partnership", "pareja", "dupla"),
    ("hand", "mano", "mão"),
)
"""English term, Spanish and Portuguese words used in the source texts."""


def _plain(word: str) -> str:
    """``word`` without accents ('mão' and 'mao' alike)."""
    decomposed = unicodedata.normalize("NFD", word)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


class Glossary(Spec):
    number = 4
    title = "Words from the sources (optional)"
    intro = (
        "Optional: for reading the rule texts the course is built on, which are "
        "in Spanish and Portuguese; chapter 1's glossary pairs their words with "
        "the English terms."
    )
    chapter = CHAPTER
    # the other words of chapter 1's glossary rows: "bag, sandbag",
    # "partnership, team", "hand (one deal)", "to bid, a bid"
    answer = Word(
        aliases={
            "sandbag": "bag",
            "team": "partnership",
            "one deal": "hand",
            "to bid": "bid",
        },
        text='one English word from the glossary, e.g. "suit"',
    )

    def generate(self, rng: random.Random) -> None:
        self.entry = rng.choice(GLOSSARY)
        self.language = rng.choice(["Spanish", "Portuguese"])

    @property
    def texts(self) -> str:
        """Four texts are in Spanish, one in Portuguese (docs/sources.md)."""
        return "texts use" if self.language == "Spanish" else "text uses"

    @property
    def word(self) -> str:
        return self.entry[1] if self.language == "Spanish" else self.entry[2]

    def key(self) -> str:
        return self.entry[0]

    def prompt(self) -> str:
        terms = ", ".join(sorted(e[0] for e in GLOSSARY))
        return (
            f"The {self.language} source {self.texts} the word '{self.word}'. "
            "Which "
            f"English term is it? (One of: {terms}.) This one is optional: the "
            "words matter only for reading the rule texts."
        )

    def diagnose(self, parsed: Any) -> Feedback | None:
        # "deal" is not one of the terms: chapter 1's glossary has "to deal,
        # the deal" (the act: 'reparto', 'distribuição') and "hand (one
        # deal)"; for 'mano' / 'mão' it is the glossary's own gloss
        if parsed == "deal" and self.expected == "hand":
            return Feedback("correct", "a hand is one deal")
        return None

    def mistakes(self) -> list[Mistake]:
        out = self.near_misses()
        for english, spanish, portuguese in GLOSSARY:
            if english != self.expected:
                out.append(
                    Mistake(
                        f"term:{english}",
                        english,
                        f"'{english}' is '{spanish}' in Spanish and '{portuguese}' "
                        f"in Portuguese, not '{self.word}'.",
                    )
                )
        if self.expected != "hand":
            out.append(
                Mistake(
                    "term:deal",
                    "deal",
                    "'deal' (the act of dealing) is 'reparto' in Spanish and "
                    "'distribuição' in Portuguese, and a hand (one deal) is 'mano' "
                    f"and 'mão': neither is '{self.word}'.",
                )
            )
        return out

    def near_misses(self) -> list[Mistake]:
        """Words that mean nearly the term: a bet for a bid, the partners
        (read as "partner") for the pair they make."""
        if self.expected == "bid":
            return [
                Mistake(
                    "near:bet",
                    "bet",
                    f"'bet' is close to '{self.word}', but in Spades a bet is "
                    "called a bid.",
                )
            ]
        if self.expected == "partnership":
            return [
                Mistake(
                    "near:partner",
                    "partner",
                    f"a partner is one player; a '{self.word}' is the pair of "
                    "partners, a 'partnership'.",
                )
            ]
        return []

    def fallback(self, parsed: Any) -> str:
        for _english, *words in GLOSSARY:
            for language, word in zip(("Spanish", "Portuguese"), words, strict=True):
                if _plain(str(parsed)) != _plain(self.parse(word)):
                    continue
                if word == self.word:
                    said = f"'{word}' is the {language} word itself"
                else:
                    said = f"'{word}' is a {language} word from the glossary"
                return (
                    f"{said}; the question asks for the English term, one of the "
                    "nine listed. Hint: " + self.hint()
                )
        return super().fallback(parsed)

    def hint(self) -> str:
        return (
            "Chapter 1 has a glossary of the terms in English, Spanish and Portuguese."
        )

    def explain(self) -> str:
        e = self.entry
        return f"'{e[1]}' (Spanish) and '{e[2]}' (Portuguese) both mean '{e[0]}'."


EXERCISES = [Partner, FirstBidder, SideTricks, Glossary]
