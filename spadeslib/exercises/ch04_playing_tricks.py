"""Chapter 4 exercises: playing tricks.

Following suit, playing anything when void, finding a trick's winner, who
leads next, and which cards can win a trick. Positions come from seeded hands
played by the engine; the legal cards come from ``hand.legal_actions()``, the
reasons a card is illegal from ``hand.why_illegal(card)``, the winner from
:func:`spadeslib.trick_winner`.

>>> from spadeslib.exercises import key_text, load
>>> q1, q2, q3, q4, q5 = load("04_playing_tricks", seed=1)
>>> q1.feedback(key_text(q1)).correct, q3.feedback(key_text(q3)).correct
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..cards import Card, Suit
from ..hand import Hand, Phase
from ..rules import Rules
from ..seats import Seat
from ..tricks import trick_winner
from .answer_lists import Cards
from .answers import SeatAnswer
from .feedback import Mistake
from .reading import answer_words, card_codes
from .scenarios import cap, hand_picture, position, trick_line, tricks_text
from .specs import SetSpec, Spec

CHAPTER = "04_playing_tricks"
TITLE = "Playing tricks"
INTRO = "They practise following suit, finding a trick's winner and who leads next."


class PositionExercise(SetSpec):
    """A seat to play in the middle of a trick; the answer is a set of cards.
    A card left out is counted, not named: naming it hands the answer over."""

    chapter = CHAPTER
    answer = Cards()
    names_missing = False
    noun = "card"
    hand: Hand

    @property
    def mover(self) -> Seat:
        assert self.hand.turn is not None
        return self.hand.turn

    @property
    def led(self) -> Suit:
        return self.hand.rules.trick_suit(self.hand.trick[0][1])

    def held(self) -> list[Card]:
        return list(self.hand.holding[self.mover])

    def universe(self) -> list[Card]:
        return self.held()

    def everything(self) -> frozenset[Card]:
        """ "All" is every card the mover holds."""
        return frozenset(self.held())

    def parse(self, answer: Any) -> Any:
        """A suit (``"hearts"``, ``"all hearts"``, ``"any heart"``) is every
        card of that suit the mover holds."""
        suit = _suit_named(answer)
        if suit is not None:
            return frozenset(c for c in self.held() if c.suit is suit)
        return super().parse(answer)

    def _order(self, item: Any) -> Any:
        return (-int(item.suit), -int(item.rank))

    def scene(self) -> str:
        h = self.hand
        # Breaking spades (chapter 5) only restricts a lead; every position
        # here is in the middle of a trick, so it does not enter the answer.
        return (
            f"Rules: {h.rules.full_spec}. Trick {len(h.tricks) + 1}.\n"
            f"Cards played to this trick so far: {trick_line(h.trick)}.\n"
            f"{self.mover.full} holds:\n{hand_picture(h.holding, [self.mover])}"
        )

    def why_not(self, item: Any) -> str:
        reason = self.hand.why_illegal(item)
        if not reason:
            return "it is legal here"
        played = self.played_by(item)
        return f"{reason} ({played})" if played else reason

    def played_by(self, card: Card) -> str:
        """Who played ``card`` already (``"North played it"``), or ``""``."""
        for seat, played in self.hand.trick:
            if played == card:
                return f"{seat.full} played it"
        for number, trick in enumerate(self.hand.tricks, 1):
            for seat, played in trick.plays:
                if played == card:
                    return f"{seat.full} played it in trick {number}"
        return ""


_ALL_OF = ("all of the ", "all the ", "all ", "any of the ", "any ", "every ", "my ")


def _suit_named(answer: Any) -> Suit | None:
    """The suit an answer names as a whole (``"hearts"``, ``"all the
    hearts"``, ``"any heart"``), or ``None``."""
    text = answer_words(answer)
    if text is None:
        return None
    for words in _ALL_OF:
        if text.startswith(words):
            text = text[len(words) :]
            break
    return next((s for s in Suit if text in (s.plural, s.singular)), None)


class FollowSuit(PositionExercise):
    number = 1
    title = "Following suit"
    intro = (
        'Write the cards as codes, for example `"9H 4H"` (the order does not matter).'
    )

    def generate(self, rng: random.Random) -> None:
        def want(h: Hand) -> bool:
            if h.phase is not Phase.PLAYING or not h.trick:
                return False
            led = h.rules.trick_suit(h.trick[0][1])
            seat = h.turn
            assert seat is not None  # a card is to be played
            held = h.holding[seat]
            suits = {h.rules.trick_suit(c) for c in held}
            return (
                led in suits
                and len(suits) >= 3
                and led is not Suit.SPADES
                and Suit.SPADES in suits
            )

        self.hand = position(Rules("cards4net"), rng, want)

    def key(self) -> frozenset[Card]:
        return frozenset(self.hand.legal_cards())

    def prompt(self) -> str:
        return f"{self.scene()}\nWhich cards may {self.mover.full} play?"

    def why_yes(self, item: Any) -> str:
        return (
            f"{self.mover.full} holds {self.led.plural} and may play any of them, "
            "high or low, even one that cannot win the trick"
        )

    def hint(self) -> str:
        return (
            "Which suit was led? If you hold that suit you must play one of its "
            "cards (any one); only when you have none may you play something else."
        )

    def explain(self) -> str:
        return (
            f"{cap(self.led.plural)} were led and {self.mover.full} holds "
            f"{self.led.plural}, so {self.mover.full} must follow suit with one of "
            f"them: {card_codes(self.expected)}. Trumping (a spade) or discarding "
            "another suit is only allowed when you cannot follow."
        )


class Void(PositionExercise):
    number = 2
    title = "When you cannot follow suit"
    intro = "What may you play when you cannot follow suit?"

    def generate(self, rng: random.Random) -> None:
        def want(h: Hand) -> bool:
            if h.phase is not Phase.PLAYING or not h.trick:
                return False
            led = h.rules.trick_suit(h.trick[0][1])
            seat = h.turn
            assert seat is not None  # a card is to be played
            held = h.holding[seat]
            suits = {h.rules.trick_suit(c) for c in held}
            return (
                led not in suits
                and Suit.SPADES in suits
                and len(suits) >= 2
                and len(held) >= 4
            )

        self.hand = position(Rules("cards4net"), rng, want)

    def key(self) -> frozenset[Card]:
        return frozenset(self.hand.legal_cards())

    def prompt(self) -> str:
        return f"{self.scene()}\nWhich cards may {self.mover.full} play?"

    def why_yes(self, item: Any) -> str:
        if item.suit is Suit.SPADES:
            return (
                f"{self.mover.full} has no {self.led.plural}, so may trump with any "
                "spade"
            )
        return (
            f"{self.mover.full} has no {self.led.plural}, so any card may be played: "
            "a spade to trump, or any other card to throw away; trumping is "
            "allowed, never required"
        )

    def missing_text(self, missing: Sequence[Any]) -> str:
        """The reason of a card left out that is not a spade, where there is
        one: the spade's reason fits only when every card left out is a spade."""
        others = [c for c in missing if c.suit is not Suit.SPADES]
        spades = [c for c in missing if c.suit is Suit.SPADES]
        return super().missing_text(others + spades)

    def hint(self) -> str:
        return (
            "Look at the suit led, then at the hand: when you hold none of that suit, "
            "what does the rule allow?"
        )

    def explain(self) -> str:
        return (
            f"{cap(self.led.plural)} were led and {self.mover.full} has none, "
            "so every card is legal: trumping with a spade is allowed but not "
            "required, and any other card may be discarded."
        )


class TrickWinner(Spec):
    number = 3
    title = "Who wins the trick?"
    intro = "Spades are trumps."
    chapter = CHAPTER
    answer = SeatAnswer()

    def generate(self, rng: random.Random) -> None:
        self.rules = Rules("cards4net")
        deck = [c for c in self.rules.deck]
        rng.shuffle(deck)
        leader = rng.choice(list(Seat))
        led = rng.choice([Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS])
        lead = next(c for c in deck if c.suit is led)
        deck.remove(lead)
        plays = [(leader, lead)]
        for i in range(1, 4):
            seat = Seat((leader + i) % 4)
            roll = rng.random()
            if roll < 0.55:
                pool = [c for c in deck if c.suit is led]
            elif roll < 0.8:
                pool = [c for c in deck if c.suit is Suit.SPADES]
            else:
                pool = [c for c in deck if c.suit not in (led, Suit.SPADES)]
            card = rng.choice(pool)
            deck.remove(card)
            plays.append((seat, card))
        self.plays = plays

    def acceptable(self) -> bool:
        wrong = {m.id: m.answer for m in self.mistakes()}
        return any(
            k in wrong and wrong[k] != self.expected
            for k in ("highest-rank", "ignore-trump")
        )

    def key(self) -> Seat:
        return trick_winner(self.rules, self.plays)

    def prompt(self) -> str:
        return (
            f"Rules: {self.rules.full_spec}. The cards of one trick, in the order "
            "played:\n"
            f"  {trick_line(self.plays)}\nWho wins the trick?"
        )

    def mistakes(self) -> list[Mistake]:
        led = self.plays[0][1].suit
        out = []
        top_seat, top = max(self.plays, key=lambda p: (p[1].rank, p[1].suit is led))
        if top.suit not in (led, Suit.SPADES):
            out.append(
                Mistake(
                    "highest-rank",
                    top_seat,
                    f"the {top.symbol} has the highest rank, but it is neither a "
                    f"{led.singular} (the suit led) nor a spade, so it cannot win",
                )
            )
        for seat, card in self.plays:
            if card.suit not in (led, Suit.SPADES) and seat != top_seat:
                out.append(
                    Mistake(
                        "discard",
                        seat,
                        f"{seat.full} discarded the {card.symbol}, neither a "
                        f"{led.singular} (the suit led) nor a spade: a discard never "
                        "wins the trick",
                    )
                )
        followers = [(s, c) for s, c in self.plays if c.suit is led]
        spades = [(s, c) for s, c in self.plays if c.suit is Suit.SPADES]
        if spades:
            out.append(
                Mistake(
                    "ignore-trump",
                    trick_winner(self.rules, followers),
                    f"{spades[0][0].full} played a spade "
                    f"({spades[0][1].symbol}) on a "
                    f"{led.singular} lead: any spade beats every card of another suit",
                )
            )
        if len(spades) >= 2:
            out.append(
                Mistake(
                    "first-spade",
                    spades[0][0],
                    "two spades were played: the higher spade wins",
                )
            )
        out.append(
            Mistake(
                "leader",
                self.plays[0][0],
                "leading a trick does not win it: the highest card of the suit "
                "led wins, "
                "unless a spade was played",
            )
        )
        return out

    def hint(self) -> str:
        return (
            "First look for spades: if any was played, the highest spade wins. If "
            "not, the highest card of the suit led wins; other suits never win."
        )

    def explain(self) -> str:
        seat = self.expected
        card = dict(self.plays)[seat]
        led = self.plays[0][1].suit
        if card.suit is Suit.SPADES and led is not Suit.SPADES:
            why = (
                f"{card.symbol} is the highest spade played, and a spade beats any "
                f"{led.singular}"
            )
        else:
            why = f"no spade was played and {card.symbol} is the highest {led.singular}"
        return f"{seat.full} wins: {why}."


class NextLeader(Spec):
    number = 4
    title = "Who leads the next trick?"
    intro = "The winner of a trick leads the next one."
    chapter = CHAPTER
    answer = SeatAnswer()
    must_catch = ("rotation",)

    def generate(self, rng: random.Random) -> None:
        count = rng.randint(3, 6)
        self.hand = position(Rules("cards4net"), rng, lambda h: len(h.tricks) == count)

    def key(self) -> Seat:
        winner = self.hand.tricks[-1].winner
        assert winner is not None  # the trick is complete
        return winner

    def prompt(self) -> str:
        h = self.hand
        return (
            f"Rules: {h.rules.full_spec}; the dealer is {h.dealer.full}. The first "
            f"{len(h.tricks)} tricks, each in the order played:\n"
            f"{tricks_text(h.tricks, winners=False)}\n"
            f"Who leads trick {len(h.tricks) + 1}?"
        )

    def mistakes(self) -> list[Mistake]:
        last = self.hand.tricks[-1]
        n = len(self.hand.tricks)
        return [
            Mistake(
                "rotation",
                last.leader.left,
                f"the lead does not pass to the left: whoever wins trick {n} leads "
                f"trick {n + 1}",
            ),
            Mistake(
                "last-leader",
                last.leader,
                f"{last.leader.full} led trick {n}; the next lead belongs to the "
                f"winner of trick {n}",
            ),
            Mistake(
                "dealer-left",
                self.hand.dealer.left,
                "the player left of the dealer leads only the first trick; after "
                "that, the winner of each trick leads the next",
            ),
        ]

    def hint(self) -> str:
        return "Only the last trick matters: who won it?"

    def explain(self) -> str:
        last = self.hand.tricks[-1]
        card = last.card_of(self.expected)
        return (
            f"{self.expected.full} won trick {len(self.hand.tricks)} with "
            f"{card.symbol if card else '?'}, so {self.expected.full} leads next."
        )


class WinningCards(PositionExercise):
    number = 5
    title = "Which of your cards can win this trick?"
    intro = "A card must be legal *and* high enough."

    def generate(self, rng: random.Random) -> None:
        rules = Rules("cards4net")

        def want(h: Hand) -> bool:
            if h.phase is not Phase.PLAYING or not h.trick:
                return False
            seat = h.turn
            assert seat is not None  # a card is to be played
            held = h.holding[seat]
            led = rules.trick_suit(h.trick[0][1])
            return (
                any(c.suit is led for c in held)
                and any(c.suit is Suit.SPADES for c in held)
                and led is not Suit.SPADES
                and len({c.suit for c in held}) >= 3
            )

        self.hand = position(rules, rng, want)

    def acceptable(self) -> bool:
        legal = self.hand.legal_cards()
        return any(self._beats(c) for c in legal) and any(
            not self._beats(c) for c in legal
        )

    def _beats(self, card: Card) -> bool:
        plays = [*self.hand.trick, (self.mover, card)]
        return trick_winner(self.hand.rules, plays) == self.mover

    def key(self) -> frozenset[Card]:
        return frozenset(c for c in self.hand.legal_cards() if self._beats(c))

    def prompt(self) -> str:
        return (
            f"{self.scene()}\nWhich cards could {self.mover.full} legally play that "
            "would be winning the trick (beating every card played so far)?"
        )

    def why_not(self, item: Any) -> str:
        if item not in self.held():  # not held, or already played: no "would win"
            return super().why_not(item)
        reason = self.hand.why_illegal(item)
        if reason:
            won = (
                " (it would win, but it cannot be played)" if self._beats(item) else ""
            )
            return reason + won
        winner = trick_winner(self.hand.rules, self.hand.trick)
        best = dict(self.hand.trick)[winner]
        return f"it does not beat {winner.full}'s {best.symbol}"

    def why_yes(self, item: Any) -> str:
        winner = trick_winner(self.hand.rules, self.hand.trick)
        best = dict(self.hand.trick)[winner]
        return f"it is legal and beats {winner.full}'s {best.symbol}"

    def missing_text(self, missing: Sequence[Any]) -> str:
        if self.names_missing:
            return super().missing_text(missing)
        winner = trick_winner(self.hand.rules, self.hand.trick)
        best = dict(self.hand.trick)[winner]
        what = (
            "a legal card that beats"
            if len(missing) == 1
            else (f"{len(missing)} legal cards that beat")
        )
        return f"you left out {what} {winner.full}'s {best.symbol}"

    def hint(self) -> str:
        return (
            "Two questions for each card: may it be played (follow suit!), and is it "
            "higher than the card winning so far?"
        )

    def explain(self) -> str:
        winner = trick_winner(self.hand.rules, self.hand.trick)
        best = dict(self.hand.trick)[winner]
        return (
            f"{winner.full}'s {best.symbol} is winning so far. {self.mover.full} "
            f"must follow {self.led.plural}, so only the {self.led.plural} higher than "
            f"it would win: {card_codes(self.expected) or 'none'}. A spade would win, "
            "but it may not be played while you hold the suit led."
        )


EXERCISES = [FollowSuit, Void, TrickWinner, NextLeader, WinningCards]
