"""Chapter 10 exercises: card play.

Counting the spades still out, reading voids, then three card-play puzzles:
leave a partner's winner alone, cover a partner's Nil, and play an ending.

The puzzles show every card that is left (like a bridge problem). A card is
judged by :mod:`spadeslib.analysis`: its *value* is the final score of the
mover's side minus the other side's, each bag counted -10 as the coach
counts it, when all four players continue perfectly, every card visible. The
check accepts every legal card whose value is the best one, so cards the
rules make equivalent (touching cards) are all accepted. Its feedback and
solution quote only that exact analysis (the line of play, trick by trick,
the contracts made or set, the value): with every card shown, an estimate
over hidden cards would only confuse. Puzzles are still chosen so that the
coach (:mod:`.advice`: one :class:`~spadeslib.coach.Coach`, the one chapter
10 and the table use), rating the card from the mover's own view, agrees:
its best card is among the best ones, and it rates exactly the best cards
best or good; also both ways of counting bags (real penalty, or -10 a bag)
agree on the best cards, and some legal card is worse. The puzzles are in
:mod:`.ch10_puzzles`.

>>> from spadeslib.exercises import key_text, load
>>> q1, q2, q3, q4, q5 = load("10_strategy_play", seed=1)
>>> q1.feedback(key_text(q1)).correct
True
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import Any

from ..cards import Card, Suit
from ..hand import Hand
from ..rules import Rules
from ..seats import Seat
from ..view import PlayerView
from .answer_lists import Cards, Suits
from .ch10_puzzles import CHAPTER, CoverNil, Ending, PartnerWinning
from .feedback import Feedback, ____
from .reading import card_codes, parse_list
from .scenarios import (
    bids_table,
    hand_picture,
    played_hand,
    trick_line,
    tricks_text,
)
from .specs import SetSpec

TITLE = "Strategy II: card play"
INTRO = (
    "They train counting cards and reading voids, then three card-play puzzles with "
    "every card shown. A puzzle's check accepts every card that is as good as the "
    "best one (same final result with perfect play by everyone), and shows how the "
    "hand ends after your card. A puzzle shows every card, like a bridge problem; "
    "at the table the coach sees what you see, and averages over the deals of the "
    "cards you cannot see (chapter 10, section 5, *Setting the opponents*: a card "
    "as good as the best in the real deal can still be a blunder)."
)

PLAIN = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


class ViewExercise(SetSpec):
    """A seat's view in the middle of a hand."""

    chapter = CHAPTER
    hand: Hand
    seat: Seat

    def scene(self) -> str:
        h = self.hand
        bids = bids_table(h.rules, h.bids, seats=h.bid_order)
        current = (
            f"\nTrick {len(h.tricks) + 1} so far: {trick_line(h.trick)}."
            if h.trick
            else ""
        )
        return (
            f"Rules: {h.rules.full_spec}. Bids:\n{bids}\nThe tricks so far:\n"
            f"{tricks_text(h.tricks)}{current}\nYou ({self.seat.full}) hold:\n"
            f"{hand_picture(h.holding, [self.seat])}"
        )

    def _order(self, item: Any) -> Any:
        return (
            (-int(item.suit), -int(item.rank)) if isinstance(item, Card) else int(item)
        )

    def where_played(self, card: Card) -> str | None:
        for i, trick in enumerate(self.hand.tricks, 1):
            for seat, c in trick.plays:
                if c is card:
                    return f"{seat.full} played it in trick {i}"
        for seat, c in self.hand.trick:
            if c is card:
                return f"{seat.full} has just played it"
        return None


_RANK = re.compile(r"(?i)^(a|k|q|j|t|10|[2-9])$")
"""A rank without its suit: in 10.1 every card asked about is a spade."""


def _as_spade(item: Any) -> Any:
    """``"K"`` as ``"KS"``; anything else unchanged."""
    return f"{item}S" if isinstance(item, str) and _RANK.match(item.strip()) else item


def _count(answer: Any) -> int | None:
    """A number given where the spades are asked for (``5``, ``"5"``)."""
    if isinstance(answer, bool):
        return None
    if isinstance(answer, int) or (isinstance(answer, float) and answer.is_integer()):
        return int(answer)
    if isinstance(answer, str) and answer.strip().rstrip(".").isdigit():
        return int(answer.strip().rstrip("."))
    return None


class SpadesOut(ViewExercise):
    number = 1
    title = "Name the spades still out"
    intro = (
        "Count the spades still in the other players' hands, and name them: "
        'the answer is the list of those spades (`"AS 10S"`, or the ranks alone: '
        '`"A 10"`).'
    )
    answer = Cards()
    names_missing = False  # naming a spade left out would give it away
    noun = "spade"
    public = ("view",)

    @property
    def view(self) -> PlayerView:
        """What you (the seat to play) see of the hand: ``q1.view``."""
        return self.hand.view(self.seat)

    def parse(self, answer: Any) -> Any:
        """Bare ranks (``"A K Q J 9 7"``) are read as spades."""
        answer = parse_list(answer)
        if isinstance(answer, str):
            words = answer.replace(",", " ").replace("♠", " ").rstrip(" .").split()
            if any(_RANK.match(w) for w in words):
                answer = " ".join(_as_spade(w) for w in words)
        elif isinstance(answer, (list, tuple)):
            answer = [_as_spade(item) for item in answer]
        return super().parse(answer)

    def feedback(self, answer: Any = ____) -> Feedback:
        """A number is a count: say whether it is right, and ask for the
        spades."""
        count = _count(answer)
        if count is None:
            return super().feedback(answer)
        name = "now name them: write the spades still out, e.g. 'AS 10S' or 'A 10'"
        if count == len(self.expected):
            return Feedback("unreadable", f"{count} is the right count; {name}.")
        return Feedback(
            "incorrect",
            f"{count} is not the number of spades still out: count again, and "
            f"{name.removeprefix('now ')}.",
            "count",
        )

    def generate(self, rng: random.Random) -> None:
        self.hand, _ = played_hand(Rules("cards4net"), rng, rng.randint(5, 8))
        seat = self.hand.turn
        assert seat is not None  # the hand is being played
        self.seat = seat

    def acceptable(self) -> bool:
        return any(
            c.suit is Suit.SPADES for c in self.hand.view(self.seat).played_cards()
        ) and any(c.suit is Suit.SPADES for c in self.hand.holding[self.seat])

    def key(self) -> frozenset[Card]:
        view = self.hand.view(self.seat)
        return frozenset(c for c in view.unseen_cards() if c.suit is Suit.SPADES)

    def universe(self) -> list[Card]:
        return [c for c in self.hand.rules.deck if c.suit is Suit.SPADES]

    def prompt(self) -> str:
        return (
            f"{self.scene()}\nWhich spades are still out: not played yet, and not in "
            "your hand?"
        )

    def why_not(self, item: Any) -> str:
        if item in self.hand.holding[self.seat]:
            return "you hold it"
        return self.where_played(item) or "it is not in play"

    def why_yes(self, item: Any) -> str:
        return (
            "a spade nobody has played and you do not hold is in another player's hand"
        )

    def hint(self) -> str:
        return (
            "Start from the 13 spades, cross out yours, then every spade in the "
            "tricks (chapter 10's `view.unseen_cards()` does this for every suit: "
            "here `q1.view.unseen_cards()`)."
        )

    def explain(self) -> str:
        played = [
            c for c in self.hand.view(self.seat).played_cards() if c.suit is Suit.SPADES
        ]
        mine = [c for c in self.hand.holding[self.seat] if c.suit is Suit.SPADES]
        return (
            f"Played: {card_codes(played) or 'none'}; yours: {card_codes(mine)}; the "
            f"rest are out: {card_codes(self.expected)}."
        )


class ReadVoids(ViewExercise):
    number = 2
    title = "Read the voids"
    intro = "A player who does not follow suit has no card of that suit left."
    answer = Suits()
    names_missing = False  # a void left out is counted, not named

    def generate(self, rng: random.Random) -> None:
        self.hand, _ = played_hand(Rules("cards4net"), rng, rng.randint(4, 7))
        seat = self.hand.turn
        assert seat is not None  # the hand is being played
        self.seat = seat
        view = self.hand.view(self.seat)
        candidates = [s for s in Seat if s != self.seat and view.voids()[s]]
        self.target = rng.choice(candidates) if candidates else self.seat.left

    def acceptable(self) -> bool:
        return bool(self.expected) and len(self.expected) < 3

    def key(self) -> frozenset[Suit]:
        return frozenset(self.hand.view(self.seat).voids()[self.target])

    def universe(self) -> list[Suit]:
        return list(PLAIN)

    def item_text(self, item: Any) -> str:
        return str(item.plural)

    def prompt(self) -> str:
        return (
            f"{self.scene()}\nWhich suits has {self.target.full} shown to be void in "
            "(out of, holding no more cards of)?"
        )

    def evidence(self, suit: Suit) -> str | None:
        for i, trick in enumerate(self.hand.tricks, 1):
            led = trick.plays[0][1].suit
            card = trick.card_of(self.target)
            if led is suit and card is not None and card.suit is not suit:
                return (
                    f"in trick {i}, {self.target.full} played {card.symbol} on a "
                    f"{suit.singular} lead"
                )
        return None

    def why_yes(self, item: Any) -> str:
        return self.evidence(item) or "they failed to follow it"

    def why_not(self, item: Any) -> str:
        led = [
            i
            for i, t in enumerate(self.hand.tricks, 1)
            if t.plays[0][1].suit is item and t.leader != self.target
        ]
        if not led:
            return (
                f"nothing shows it: {item.plural} have not been led to "
                f"{self.target.full} yet"
            )
        return f"{self.target.full} followed suit whenever {item.plural} were led"

    def missing_text(self, missing: Sequence[Any]) -> str:
        """The kind of mistake, not the suits left out (the solution names
        them)."""
        count = len(missing)
        what = "a suit" if count == 1 else f"{count} suits"
        return (
            f"you left out {what} {self.target.full} has shown to be void in: look "
            f"at the tricks where {self.target.full} did not follow the suit led"
        )

    def hint(self) -> str:
        return (
            "A player shows a void by not following the suit led. Look for tricks "
            "where the player's card is of another suit than the first card."
        )

    def explain(self) -> str:
        return (
            "; ".join(
                f"{suit.plural}: {self.evidence(suit)}"
                for suit in sorted(self.expected)
            )
            + "."
        )


EXERCISES = [SpadesOut, ReadVoids, PartnerWinning, CoverNil, Ending]
