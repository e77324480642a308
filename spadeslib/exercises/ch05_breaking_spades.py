"""Chapter 5 exercises: breaking spades.

May the leader lead a spade? Which cards may be led? When were spades
broken? And the joker rules, which have no breaking rule at all. Answers come
from the engine (``hand.is_legal``, ``hand.legal_actions()``,
``hand.spades_broken``); the reasons from ``hand.why_illegal``.

>>> from spadeslib.exercises import key_text, load
>>> q1, q2, q3, q4 = load("05_breaking_spades", seed=1)
>>> q3.feedback(key_text(q3)).correct
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..cards import Card, Rank, Suit
from ..hand import Hand, Phase
from ..rules import Rules
from ..seats import Seat
from .answer_lists import Cards
from .answers import Choice, Whole
from .feedback import Feedback, Mistake, ____
from .reading import card_codes, means_all
from .scenarios import cap, hand_picture, new_seed, policy, position, tricks_text
from .specs import SetSpec, Spec

CHAPTER = "05_breaking_spades"
TITLE = "Breaking spades"
INTRO = (
    "They practise the leading restriction, its exception, what breaks spades, and "
    "the joker rules that drop it."
)


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
            f"spades were broken in trick {i}, when {seat.full} led {card.symbol} "
            "holding nothing but spades"
        )
    return (
        f"spades were broken in trick {i}, when {seat.full} played {card.symbol} on "
        f"a {led.suit.singular} lead"
    )


class LeaderExercise(Spec):
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
            f"Rules: {h.rules.full_spec}; the dealer is {h.dealer.full}.\n{done}"
            f"{self.leader.full} is on lead, holding:\n"
            f"{hand_picture(h.holding, [self.leader])}"
        )


def only_spades_position(rng: random.Random) -> Hand:
    """A hand where the leader, at trick 4, holds only spades and spades are not
    broken: the leader was dealt ten spades and three aces, won the first three
    tricks with the aces, and everybody followed suit."""
    rules = Rules("cards4net")
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


YES_WORDS = ("yes", "y", "true")
"""Answers that say a spade may be led without saying which rule allows it."""

LEAD_ANSWERS = Choice(
    {
        "no": ("false", "not allowed", "cannot", "not broken"),
        "broken": ("yes broken", "spades broken", "spades are broken"),
        "only spades": (
            "only-spades",
            "onlyspades",
            "nothing else",
            "all spades",
            # chapter 5's words for the exception
            "nothing but spades",
            "spades only",
            "holds only spades",
            "holds nothing but spades",
            "yes only spades",
            "yes nothing but spades",
            "exception",
            "the exception",
            "only spades exception",
            "only-spades exception",
        ),
    }
)


class CanLeadSpade(LeaderExercise):
    number = 1
    title = "May the leader lead a spade?"
    intro = (
        "Answer `'no'` if a spade may not be led now, or name the rule that allows "
        "it: `'broken'` (spades are broken) or `'only spades'` (the leader holds "
        "nothing else)."
    )
    answer = LEAD_ANSWERS

    def generate(self, rng: random.Random) -> None:
        kind = rng.choice(["no", "broken", "only spades"])
        self.kind = kind
        rules = Rules("cards4net")
        if kind == "only spades":
            self.hand = only_spades_position(rng)
            return

        def want(h: Hand) -> bool:
            if not _leading(h) or len(h.tricks) < 2:
                return False
            seat = h.turn
            assert seat is not None  # a card is to be played
            held = h.holding[seat]
            has = any(c.suit is Suit.SPADES for c in held)
            others = any(c.suit is not Suit.SPADES for c in held)
            return has and others and h.spades_broken == (kind == "broken")

        self.hand = position(rules, rng, want)

    def spade(self) -> Card:
        return max(c for c in self.hand.holding[self.leader] if c.suit is Suit.SPADES)

    def feedback(self, answer: Any = ____) -> Feedback:
        said = answer.strip().lower() if isinstance(answer, str) else answer
        if said is True or said in YES_WORDS:
            who = self.leader.full
            return Feedback(
                "unreadable",
                f"{answer!r} does not say which rule allows the lead. If a spade "
                f"may be led, answer 'broken' when spades have been broken, or "
                f"'only spades' when {who} holds nothing but spades (and 'no' if "
                f"{who} may not lead one).",
            )
        return super().feedback(answer)

    def key(self) -> str:
        if not self.hand.is_legal(self.spade()):
            return "no"
        return "broken" if self.hand.spades_broken else "only spades"

    def prompt(self) -> str:
        return (
            f"{self.scene()}\nMay {self.leader.full} lead a spade now? Answer 'no', "
            "or the rule that allows it: 'broken' or 'only spades'."
        )

    def mistakes(self) -> list[Mistake]:
        who = self.leader.full
        broken = _broken_text(self.hand)
        if self.expected == "no":
            return [
                Mistake(
                    "not-broken", "broken", f"{self.hand.why_illegal(self.spade())}"
                ),
                Mistake(
                    "holds-others",
                    "only spades",
                    f"{who} holds other suits too, so the only-spades exception "
                    "does not apply",
                ),
            ]
        if self.expected == "only spades":
            return [
                Mistake(
                    "exception",
                    "no",
                    f"{broken}, but {who} holds only spades: the exception lets a "
                    "player with nothing else lead a spade",
                ),
                Mistake(
                    "not-broken",
                    "broken",
                    f"{broken}; the lead is allowed because {who} holds only spades",
                ),
            ]
        return [
            Mistake(
                "broken",
                "no",
                f"{broken}: once they are broken, a spade may be led at any time",
            ),
            Mistake(
                "holds-others",
                "only spades",
                f"{who} holds other suits too; the lead is allowed because {broken}",
            ),
        ]

    def hint(self) -> str:
        return (
            "Has any spade been played in the tricks so far? And does the leader hold "
            "anything but spades?"
        )

    def explain(self) -> str:
        if self.expected == "no":
            who = self.leader.full
            return f"No: {_broken_text(self.hand)}, and {who} holds other suits."
        if self.expected == "only spades":
            return (
                f"Only spades: {_broken_text(self.hand)}, but {self.leader.full} holds "
                "only spades, so leading one is allowed (and it breaks spades)."
            )
        return f"Broken: {_broken_text(self.hand)}."


class LegalLeads(SetSpec, LeaderExercise):
    names_missing = False  # a lead left out is counted, not named
    noun = "card"
    number = 2
    title = "Which cards may be led?"
    intro = 'Write the cards as codes, for example `"AH 7C"`.'
    answer = Cards()

    def generate(self, rng: random.Random) -> None:
        def want(h: Hand) -> bool:
            if not _leading(h) or h.spades_broken:
                return False
            seat = h.turn
            assert seat is not None  # a card is to be played
            held = h.holding[seat]
            return any(c.suit is Suit.SPADES for c in held) and 5 <= len(held) <= 9

        self.hand = position(Rules(rng.choice(["cards4net", "classic"])), rng, want)

    def key(self) -> frozenset[Card]:
        return frozenset(self.hand.legal_cards())

    def universe(self) -> list[Card]:
        return list(self.hand.holding[self.leader])

    def everything(self) -> frozenset[Card]:
        """ "All" is every card the leader holds."""
        return frozenset(self.hand.holding[self.leader])

    def _order(self, item: Any) -> Any:
        return (-int(item.suit), -int(item.rank))

    def prompt(self) -> str:
        return f"{self.scene()}\nWhich cards may {self.leader.full} lead?"

    def why_not(self, item: Any) -> str:
        return self.hand.why_illegal(item) or "it is legal"

    def why_yes(self, item: Any) -> str:
        return "any card that is not a spade may be led at any time"

    def _no_spade(self) -> str:
        return (
            "no spade may be led: spades are not broken, and "
            f"{self.leader.full} holds other suits"
        )

    def extra_text(self, extra: Sequence[Any]) -> list[str]:
        """Several spades listed: one reason for them all, not the first
        spade's."""
        if len(extra) > 1 and all(c.suit is Suit.SPADES for c in extra):
            return [self._no_spade()]
        return super().extra_text(extra)

    def feedback(self, answer: Any = ____) -> Feedback:
        """ "All" is answered with the rule it misses, not with one spade."""
        if means_all(answer) and self.expected != self.everything():
            return Feedback("incorrect", f"{self._no_spade()}.", "all-cards")
        return super().feedback(answer)

    def hint(self) -> str:
        return "Are spades broken yet? Look for a spade in the tricks played."

    def explain(self) -> str:
        return (
            f"{cap(_broken_text(self.hand))}, and {self.leader.full} holds "
            f"other suits, so any card but a spade may be led: "
            f"{card_codes(self.expected)}."
        )


class WhenBroken(Spec):
    number = 3
    title = "When were spades broken?"
    intro = "Read the tricks in order and find the first spade."
    chapter = CHAPTER
    answer = Whole("a trick number", least=1, most=13, of="tricks")
    answer_format = "a trick number (1 to 13)"

    def generate(self, rng: random.Random) -> None:
        shown = rng.randint(7, 10)
        self.hand = position(Rules("cards4net"), rng, lambda h: len(h.tricks) == shown)

    def key(self) -> int:
        found = break_trick(self.hand)
        return found[0] if found else 0

    def acceptable(self) -> bool:
        wrong: dict[str, int] = {m.id: m.answer for m in self.mistakes()}
        trick: int = self.expected
        return 0 < trick < wrong["first-spade-lead"]

    def prompt(self) -> str:
        h = self.hand
        return (
            f"Rules: {h.rules.full_spec}. The first {len(h.tricks)} tricks of a hand:\n"
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
        return [
            Mistake(
                "first-spade-lead",
                first_lead,
                f"trick {first_lead} is the first one led with a spade, but "
                "spades were broken earlier: look for the first trick where a "
                "player who could not follow suit played a spade (that breaks "
                "spades too)",
            ),
            Mistake(
                "next-trick",
                self.expected + 1,
                "spades break during the trick in which the first spade is "
                "played, not the trick after it: the trick after it is only the "
                "first in which a spade may be led",
            ),
        ]

    def hint(self) -> str:
        return (
            "Spades are broken by the first spade played to any trick, usually by a "
            "player who cannot follow suit."
        )

    def explain(self) -> str:
        return cap(_broken_text(self.hand)) + "."


def jokers_seen(hand: Hand, seat: Seat) -> list[Card]:
    """The jokers in ``seat``'s hand and in the tricks played so far."""
    played = [c for trick in hand.tricks for _, c in trick.plays]
    return [c for c in [*hand.holding[seat], *played] if c.is_joker]


class JokerLeads(SetSpec, LeaderExercise):
    """The joker rules drop the breaking rule (chapter 5 says so); the joker
    cards themselves are chapter 8's, so the scenario shows none: the leader
    holds no joker and none has been played yet."""

    names_missing = False  # a lead left out is counted, not named
    noun = "card"
    number = 4
    title = "Leading under the joker rules"
    intro = "The joker rules change the first lead and the breaking rule."
    answer = Cards()

    def generate(self, rng: random.Random) -> None:
        rules = Rules("cards4net", ["jokers"])

        def want(h: Hand) -> bool:
            if not _leading(h) or h.spades_broken:
                return False
            assert h.turn is not None
            held = h.holding[h.turn]
            return (
                any(rules.is_trump(c) for c in held)
                and 4 <= len(held) <= 8
                and any(not rules.is_trump(c) for c in held)
                and not jokers_seen(h, h.turn)
            )

        self.hand = position(rules, rng, want)

    def key(self) -> frozenset[Card]:
        return frozenset(self.hand.legal_cards())

    def universe(self) -> list[Card]:
        return list(self.hand.holding[self.leader])

    def everything(self) -> frozenset[Card]:
        """ "All" is every card the leader holds."""
        return frozenset(self.hand.holding[self.leader])

    def _order(self, item: Any) -> Any:
        return (-int(item.suit), -int(item.rank))

    def prompt(self) -> str:
        return (
            f"{self.scene()}\nThe joker deck's two jokers (chapter 8) have not been "
            f"played yet, and {self.leader.full} holds neither.\n"
            f"Which cards may {self.leader.full} lead?"
        )

    def why_not(self, item: Any) -> str:
        return self.hand.why_illegal(item) or "it is legal"

    def why_yes(self, item: Any) -> str:
        if self.hand.rules.is_trump(item):
            return (
                "under the joker rules there is no breaking rule: trumps (jokers and "
                "spades) may be led at any time"
            )
        return "any card may be led"

    def hint(self) -> str:
        return (
            'Chapter 5\'s section "The first trick under each rule set": does '
            "the joker variant keep the rule that spades must be broken before one "
            "is led?"
        )

    def explain(self) -> str:
        return (
            "The joker rules drop the breaking rule (`must_break_spades` is False), "
            f"so every card may be led, trumps included: {card_codes(self.expected)}."
        )


EXERCISES = [CanLeadSpade, LegalLeads, WhenBroken, JokerLeads]
