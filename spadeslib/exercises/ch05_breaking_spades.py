"""Chapter 5 exercises: breaking spades.

May the leader lead a spade? Which cards may be led? When were spades
broken? And the joker rules, which have no breaking rule at all. Answers come
from the engine (``hand.is_legal``, ``hand.legal_actions()``,
``hand.spades_broken``); the reasons from ``hand.why_illegal``.

>>> from spadeslib.exercises import load
>>> q1, q2, q3, q4 = load("05_breaking_spades", seed=1)
>>> q3.feedback(q3.expected).correct
True
"""

from __future__ import annotations

import random
from typing import Any

from ..cards import Card, Rank, Suit
from ..hand import Hand, Phase
from ..rules import Rules
from ..seats import Seat
from .core import (
    Exercise,
    Mistake,
    SetExercise,
    card_codes,
    parse_bool,
    parse_cards,
    parse_int,
)
from .scenarios import cap, hand_picture, new_seed, policy, position, tricks_text

CHAPTER = "05_breaking_spades"
TITLE = "Breaking spades"


def _leading(h: Hand) -> bool:
    return h.phase is Phase.PLAYING and not h.trick


def break_trick(hand: Hand) -> tuple[int, Seat, Card] | None:
    """(trick number, seat, card) of the first spade played in the hand so far."""
    for i, trick in enumerate(hand.tricks, 1):
        for seat, card in trick.plays:
            if hand.rules.is_trump(card):
                return i, seat, card
    return None


def _broken_text(hand: Hand) -> str:
    found = break_trick(hand)
    if found is None:
        return "no spade has been played yet, so spades are not broken"
    i, seat, card = found
    led = hand.tricks[i - 1].plays[0][1]
    if hand.rules.is_trump(led):
        return (
            f"spades were broken in trick {i}, when {seat.full} led {card.symbol()} "
            "holding nothing but spades"
        )
    return (
        f"spades were broken in trick {i}, when {seat.full} played {card.symbol()} on "
        f"a {led.suit.singular} lead"
    )


class LeaderExercise(Exercise):
    chapter = CHAPTER
    hand: Hand

    @property
    def leader(self) -> Seat:
        assert self.hand.turn is not None
        return self.hand.turn

    def scene(self) -> str:
        h = self.hand
        done = (
            f"The tricks so far:\n{tricks_text(h.tricks)}\n"
            if h.tricks
            else "No trick has been played yet.\n"
        )
        return (
            f"Rules: {h.rules.spec}; the dealer is {h.dealer.full}.\n{done}"
            f"{self.leader.full} is on lead, holding:\n"
            f"{hand_picture(h.holding, [self.leader])}"
        )


def only_spades_position(rng: random.Random) -> Hand:
    """A hand where the leader, at trick 4, holds only spades and spades are not
    broken: the leader was dealt ten spades and three aces, won the first three
    tricks with the aces, and everybody followed suit."""
    rules = Rules.preset("cards4net")
    while True:
        dealer = rng.choice(list(Seat))
        leader = dealer.left
        spades = [Card(r, Suit.SPADES) for r in Rank if r <= Rank.ACE]
        rng.shuffle(spades)
        mine = spades[:10] + [
            Card(Rank.ACE, s) for s in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS)
        ]
        rest = [c for c in rules.deck if c not in mine]
        rng.shuffle(rest)
        others = [Seat((leader + i) % 4) for i in (1, 2, 3)]
        deal = {
            leader: mine,
            **{s: rest[13 * i : 13 * i + 13] for i, s in enumerate(others)},
        }
        if all(
            any(c.suit is suit for c in deal[s])
            for s in others
            for suit in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS)
        ):
            break
    hand = Hand(rules, dealer, deal=deal, seed=new_seed(rng))
    while hand.phase is Phase.BIDDING:
        hand.apply(policy(hand, rng))
    for suit in rng.sample([Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS], 3):
        hand.apply(Card(Rank.ACE, suit))
        for _ in range(3):
            follow = [c for c in hand.legal_cards() if c.suit is suit]
            hand.apply(rng.choice(follow))
    return hand


class CanLeadSpade(LeaderExercise):
    number = 1
    title = "May the leader lead a spade?"
    answer_format = "True or False"

    def generate(self, rng: random.Random) -> None:
        kind = rng.choice(["not broken", "broken", "not broken", "only spades"])
        self.kind = kind
        rules = Rules.preset("cards4net")
        if kind == "only spades":
            self.hand = only_spades_position(rng)
            return

        def want(h: Hand) -> bool:
            if not _leading(h) or len(h.tricks) < 2:
                return False
            held = h.holding[h.turn]  # type: ignore[index]
            has = any(c.suit is Suit.SPADES for c in held)
            others = any(c.suit is not Suit.SPADES for c in held)
            return has and others and h.spades_broken == (kind == "broken")

        self.hand = position(rules, rng, want)

    def spade(self) -> Card:
        return max(c for c in self.hand.holding[self.leader] if c.suit is Suit.SPADES)

    def compute(self) -> bool:
        return self.hand.is_legal(self.spade())

    def parse(self, answer: Any) -> bool:
        return parse_bool(answer)

    def format_answer(self, value: Any) -> str:
        return str(value)

    def question(self) -> str:
        return f"{self.scene()}\nMay {self.leader.full} lead a spade now?"

    def mistakes(self) -> list[Mistake]:
        if not self.expected:
            return [
                Mistake("not-broken", True, f"{self.hand.why_illegal(self.spade())}")
            ]
        if self.kind == "only spades":
            return [
                Mistake(
                    "exception",
                    False,
                    f"{_broken_text(self.hand)}, but {self.leader.full} holds only "
                    "spades: the exception lets a player with nothing else lead "
                    "a spade",
                )
            ]
        return [
            Mistake(
                "broken",
                False,
                f"{_broken_text(self.hand)}: once they are "
                "broken, a spade may be led at any time",
            )
        ]

    def hint_text(self) -> str:
        return (
            "Has any spade been played in the tricks so far? And does the leader hold "
            "anything but spades?"
        )

    def explanation(self) -> str:
        if not self.expected:
            return (
                f"No: {_broken_text(self.hand)}, and {self.leader.full} holds other "
                "suits."
            )
        if self.kind == "only spades":
            return (
                f"Yes: {_broken_text(self.hand)}, but {self.leader.full} holds only "
                "spades, so leading one is allowed (and it breaks spades)."
            )
        return f"Yes: {_broken_text(self.hand)}."


class LegalLeads(SetExercise, LeaderExercise):
    number = 2
    title = "Which cards may be led?"
    answer_format = 'a list of cards, e.g. "AH 7C"'

    def generate(self, rng: random.Random) -> None:
        def want(h: Hand) -> bool:
            if not _leading(h) or h.spades_broken:
                return False
            held = h.holding[h.turn]  # type: ignore[index]
            return any(c.suit is Suit.SPADES for c in held) and 5 <= len(held) <= 9

        self.hand = position(
            Rules.preset(rng.choice(["cards4net", "classic"])), rng, want
        )

    def compute(self) -> frozenset[Card]:
        return frozenset(self.hand.legal_cards())

    def universe(self) -> list[Card]:
        return list(self.hand.holding[self.leader])

    def parse(self, answer: Any) -> frozenset[Card]:
        return parse_cards(answer)

    def format_answer(self, value: Any) -> str:
        return card_codes(value) or "none"

    def _order(self, item: Any) -> Any:
        return (-int(item.suit), -int(item.rank))

    def question(self) -> str:
        return f"{self.scene()}\nWhich cards may {self.leader.full} lead?"

    def why_not(self, item: Any) -> str:
        return self.hand.why_illegal(item) or "it is legal"

    def why_yes(self, item: Any) -> str:
        return "any card that is not a spade may be led at any time"

    def hint_text(self) -> str:
        return "Are spades broken yet? Look for a spade in the tricks played."

    def explanation(self) -> str:
        return (
            f"{cap(_broken_text(self.hand))}, and {self.leader.full} holds "
            f"other suits, so any card but a spade may be led: "
            f"{card_codes(self.expected)}."
        )


class WhenBroken(Exercise):
    number = 3
    title = "When were spades broken?"
    chapter = CHAPTER
    answer_format = "a trick number (1 to 13), or 0 if spades are not broken yet"

    def generate(self, rng: random.Random) -> None:
        shown = rng.randint(7, 10)
        self.hand = position(
            Rules.preset("cards4net"), rng, lambda h: len(h.tricks) == shown
        )

    def compute(self) -> int:
        found = break_trick(self.hand)
        return found[0] if found else 0

    def acceptable(self) -> bool:
        wrong = {m.id: m.answer for m in self.mistakes()}
        return 0 < self.expected < wrong["first-spade-lead"]

    def parse(self, answer: Any) -> int:
        return parse_int(answer, "a trick number")

    def format_answer(self, value: Any) -> str:
        return str(value)

    def question(self) -> str:
        h = self.hand
        return (
            f"Rules: {h.rules.spec}. The first {len(h.tricks)} tricks of a hand:\n"
            f"{tricks_text(h.tricks)}\nIn which trick were spades broken?"
        )

    def mistakes(self) -> list[Mistake]:
        first_lead = next(
            (
                i
                for i, t in enumerate(self.hand.tricks, 1)
                if t.plays[0][1].suit is Suit.SPADES
            ),
            0,
        )
        first_won = next(
            (
                i
                for i, t in enumerate(self.hand.tricks, 1)
                if t.winner is not None
                and t.card_of(t.winner).suit is Suit.SPADES  # type: ignore[union-attr]
                and t.plays[0][1].suit is not Suit.SPADES
            ),
            0,
        )
        return [
            Mistake(
                "first-spade-lead",
                first_lead,
                f"trick {first_lead} is the first one led with a spade, but "
                "spades were "
                f"broken earlier: {_broken_text(self.hand)} (playing a spade when you "
                "cannot follow suit breaks spades)",
            ),
            Mistake(
                "first-trumped",
                first_won,
                "a spade played to any trick breaks spades, even one that does not "
                "win the trick",
            ),
        ]

    def hint_text(self) -> str:
        return (
            "Spades are broken by the first spade played to any trick, usually by a "
            "player who cannot follow suit."
        )

    def explanation(self) -> str:
        return cap(_broken_text(self.hand)) + "."


class JokerLeads(SetExercise, LeaderExercise):
    number = 4
    title = "Leading under the joker rules"
    answer_format = 'a list of cards, e.g. "BJ AH 7C"'

    def generate(self, rng: random.Random) -> None:
        rules = Rules.preset("cards4net", ["jokers"])

        def want(h: Hand) -> bool:
            if not _leading(h) or h.spades_broken:
                return False
            held = h.holding[h.turn]  # type: ignore[index]
            return (
                any(rules.is_trump(c) for c in held)
                and 4 <= len(held) <= 8
                and any(not rules.is_trump(c) for c in held)
            )

        self.hand = position(rules, rng, want)

    def compute(self) -> frozenset[Card]:
        return frozenset(self.hand.legal_cards())

    def universe(self) -> list[Card]:
        return list(self.hand.holding[self.leader])

    def parse(self, answer: Any) -> frozenset[Card]:
        return parse_cards(answer)

    def format_answer(self, value: Any) -> str:
        return card_codes(value) or "none"

    def _order(self, item: Any) -> Any:
        return (-int(item.suit), -int(item.rank))

    def question(self) -> str:
        return f"{self.scene()}\nWhich cards may {self.leader.full} lead?"

    def why_not(self, item: Any) -> str:
        return self.hand.why_illegal(item) or "it is legal"

    def why_yes(self, item: Any) -> str:
        if self.hand.rules.is_trump(item):
            return (
                "under the joker rules there is no breaking rule: trumps (jokers and "
                "spades) may be led at any time"
            )
        return "any card may be led"

    def hint_text(self) -> str:
        return "Check `rules.must_break_spades` for cards4net+jokers."

    def explanation(self) -> str:
        return (
            "The joker rules drop the breaking rule (`must_break_spades` is False), "
            f"so every card may be led, trumps included: {card_codes(self.expected)}."
        )


EXERCISES = [CanLeadSpade, LegalLeads, WhenBroken, JokerLeads]
