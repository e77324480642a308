"""Chapter 10 exercises: card play.

Counting the spades still out, reading voids, then three card-play puzzles:
leave a partner's winner alone, cover a partner's Nil, and play an ending.

The puzzles show every card that is left (like a bridge problem). A card is
judged by :mod:`spadeslib.analysis`: its *value* is the final score of
the mover's side minus the other side's when all four players continue
perfectly, every card visible. The check accepts every legal card whose value
is the best one, so cards the rules make equivalent (touching cards) are all
accepted. Its feedback and solution quote only that exact analysis (the line
of play, trick by trick, the contracts made or set, the value): with every
card shown, an estimate over hidden cards would only confuse. Puzzles are
still chosen so that the coach (:mod:`.advice`: one
:class:`~spadeslib.coach.Coach`, the one chapter 10 and the table use),
rating the card from the mover's own view, agrees: its best card is among the
best ones, and it rates exactly the best cards best or good; also both ways
of counting bags (real penalty, or -10 a bag) agree on the best cards, and
some legal card is worse.

>>> from spadeslib.exercises import key_text, load
>>> q1, q2, q3, q4, q5 = load("10_strategy_play", seed=1)
>>> q1.feedback(key_text(q1)).correct
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..actions import Bid
from ..analysis import Solver, best_cards, lines
from ..cards import Card, Suit
from ..coach import Verdict
from ..hand import Hand, Phase
from ..rules import Rules
from ..scoring import score_hand, side_of
from ..seats import Seat
from ..tricks import trick_winner
from .advice import accepted, coach
from .answers import CardAnswer, Cards, Suits
from .core import Feedback, Mistake, SetSpec, Spec
from .reading import card_codes, card_list, plural
from .scenarios import (
    bids_table,
    deal,
    hand_picture,
    new_seed,
    sensible,
    side_name,
    trick_line,
    tricks_text,
)

CHAPTER = "10_strategy_play"
TITLE = "Strategy II: card play"
INTRO = (
    "They train counting cards and reading voids, then three card-play puzzles with "
    "every card shown. A puzzle's check accepts every card that is as good as the "
    "best one (same final result with perfect play by everyone), and shows how the "
    "hand ends after your card."
)

PLAIN = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


def played_hand(
    rules: Rules, rng: random.Random, tricks: int, nil_first: bool = False
) -> tuple[Hand, set[Seat]]:
    """A hand played sensibly until ``tricks`` tricks are done. With
    ``nil_first``, one of the first two bidders bids Nil (and ducks)."""
    hand = deal(rules, rng)
    nils: set[Seat] = set()
    if nil_first:
        nils = {hand.bid_order[rng.randint(0, 1)]}
    while not hand.is_over and len(hand.tricks) < tricks:
        hand.apply(sensible(hand, rng, nils), check=False)
    return hand, nils


class ViewExercise(SetSpec):
    """A seat's view in the middle of a hand."""

    chapter = CHAPTER
    hand: Hand
    seat: Seat

    def scene(self) -> str:
        h = self.hand
        bids = bids_table(h.rules, h.bid_map(), seats=h.bid_order)
        current = (
            f"\nTrick {len(h.tricks) + 1} so far: {trick_line(h.trick)}."
            if h.trick
            else ""
        )
        return (
            f"Rules: {h.rules.full_spec}. Bids:\n{bids}\nThe tricks so far:\n"
            f"{tricks_text(h.tricks)}{current}\n{self.seat.full} (you) hold:\n"
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


class SpadesOut(ViewExercise):
    number = 1
    title = "Count the spades still out"
    intro = (
        "Count the spades still in the other players' hands, and name them: "
        "the answer is the list of those spades."
    )
    answer = Cards()
    names_missing = False  # naming a spade left out would give it away
    noun = "spade"

    def generate(self, rng: random.Random) -> None:
        self.hand, _ = played_hand(Rules.preset("cards4net"), rng, rng.randint(5, 8))
        self.seat = self.hand.turn  # type: ignore[assignment]

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
            "tricks (chapter 10's `view.unseen_cards()` does this for every suit)."
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

    def generate(self, rng: random.Random) -> None:
        self.hand, _ = played_hand(Rules.preset("cards4net"), rng, rng.randint(4, 7))
        self.seat = self.hand.turn  # type: ignore[assignment]
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
                    f"in trick {i}, {self.target.full} played {card.symbol()} on a "
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


# ----------------------------------------------------------------- puzzles
LINE_LEGEND = (
    " The feedback shows a line of perfect play trick by trick: `W:8♠` is "
    "West's 8♠, and `|` ends a trick."
)


class Puzzle(Spec):
    """Pick a card; the check compares it with the exact result of every card
    (see the module docstring) and shows how the hand ends after it."""

    chapter = CHAPTER
    answer = CardAnswer()
    uses_bots = True
    nil_first = False
    hand: Hand

    # ------------------------------------------------------- to define
    def theme(self, hand: Hand) -> bool:
        """Whether a decision point is a position of this puzzle's kind."""
        raise NotImplementedError

    def theme_ok(self, best: set[Card], legal: list[Card]) -> bool:
        """Whether the best cards make the point of the puzzle."""
        return True

    # ------------------------------------------------------- generation
    def generate(self, rng: random.Random) -> None:
        rules = Rules.preset("cards4net")
        while True:
            hand, nils = played_hand(
                rules, random.Random(new_seed(rng)), 9, nil_first=self.nil_first
            )
            play_rng = random.Random(new_seed(rng))
            self._solvers = (Solver(hand, "points"), Solver(hand, "bags"))
            while not hand.is_over and len(hand.tricks) < 11:
                if self.theme(hand) and self._evaluate(hand):
                    self.hand = hand
                    return
                hand.apply(sensible(hand, play_rng, nils), check=False)

    def _evaluate(self, hand: Hand) -> bool:
        legal = hand.legal_cards()
        classes = self._solvers[0].classes(hand)
        if len(classes) < 2:  # every legal card is equivalent: nothing to choose
            return False
        best, _ = best_cards(hand, solver=self._solvers[0])
        if len(best) == len(legal) or not self.theme_ok(best, legal):
            return False
        if best_cards(hand, solver=self._solvers[1])[0] != best:
            return False  # counting bags as -10 each would choose other cards
        advice = coach().advise(hand.view(hand.turn), hand=hand)
        if advice.best not in best:
            return False
        verdicts = {card: advice.rate(card) for card in legal}
        if any(accepted(v) != (card in best) for card, v in verdicts.items()):
            return False  # the coach would call a worse card sound, or a best one not
        found = lines(hand, solver=Solver(hand, "points"))
        self._cache.update(
            lines={line.card: line for line in found},
            best=best,
            advice=advice,
            verdicts=verdicts,
        )
        return True

    # ------------------------------------------------------- answers
    @property
    def mover(self) -> Seat:
        assert self.hand.turn is not None
        return self.hand.turn

    @property
    def side(self) -> str:
        return side_of(self.hand.rules, self.mover)

    @property
    def best(self) -> set[Card]:
        return self._cache["best"]

    @property
    def advice(self) -> Any:
        """The coach's advice on the puzzle's decision."""
        return self._cache["advice"]

    def verdict(self, card: Card) -> Verdict:
        """The coach's verdict on a legal ``card``."""
        return self._cache["verdicts"][card]  # type: ignore[no-any-return]

    def key(self) -> Card:
        return self.advice.best  # type: ignore[no-any-return]

    def candidates(self) -> list[Any]:
        """Every legal card: the check accepts each best one."""
        return [self.expected, *self.hand.legal_cards()]

    def prompt(self) -> str:
        h = self.hand
        bids = ", ".join(f"{s.full} {h.bids[s].label()}" for s in h.bid_order)  # type: ignore[union-attr]
        won = ", ".join(f"{s.full} {h.tricks_won[s]}" for s in h.seats)
        sides = "; ".join(
            f"{side} {sum(h.tricks_won[s] for s in h.seats if s.letter in side)} won, "
            f"contract {h.view(Seat.parse(side[0])).team_contract(side)}"
            for side in ("NS", "EW")
        )
        current = (
            f"Trick {len(h.tricks) + 1} so far: {trick_line(h.trick)}."
            if h.trick
            else f"{self.mover.full} leads trick {len(h.tricks) + 1}."
        )
        return (
            f"Rules: {h.rules.full_spec}. Bags carried in: NS {h.bags['NS']}, EW "
            f"{h.bags['EW']}.\nBids: {bids}.\nTricks won so far: {won} ({sides}).\n"
            f"Spades broken: {'yes' if h.spades_broken else 'no'}. {current}\n"
            f"The cards left (all shown, as in a bridge problem):\n"
            f"{hand_picture(h.holding, h.seats)}\n"
            f"Which card should {self.mover.full} play?"
        )

    def play_text(self, card: Card) -> str:
        """The exact line after ``card``, trick by trick: ``"W:8♠ (West wins) |
        W:7♣ N:4♣ E:3♣ S:K♥ (West wins) | ..."``."""
        h = self.hand
        trick = [*h.trick, (self.mover, card)]
        shown: list[str] = []
        parts: list[str] = []
        for seat, c in [(None, None), *self._cache["lines"][card].plays]:
            if seat is not None and c is not None:
                trick.append((seat, c))
                shown.append(f"{seat.letter}:{c.symbol()}")
            if len(trick) == h.rules.players:
                winner = trick_winner(h.rules, trick).full
                parts.append(
                    f"{' '.join(shown)} ({winner} wins)"
                    if shown
                    else f"{winner} wins this trick"
                )
                trick, shown = [], []
        if shown:  # pragma: no cover - a line always ends the hand
            parts.append(" ".join(shown))
        return " | ".join(parts)

    def outcome(self, card: Card) -> str:
        """How the hand ends after ``card`` with perfect play: each side's
        tricks, contract made or set, nils, and the value for the mover's side."""
        h = self.hand
        line = self._cache["lines"][card]
        scores = score_hand(h.rules, h.bid_map(), line.tricks, h.bags)
        sides = [self.side, *(x for x in scores if x != self.side)]
        parts = []
        for i, side in enumerate(sides):
            score = scores[side]
            won = sum(n for seat, n in line.tricks.items() if seat.letter in side)
            notes = []
            if score.made is not None:
                state = "made" if score.made else "set"
                bags = (
                    f" with {plural(score.overtricks, 'bag')}"
                    if score.made and score.overtricks
                    else ""
                )
                notes.append(f"contract {score.contract} {state}{bags}")
            for nil in score.nils:
                notes.append(
                    f"{nil.seat.full}'s {nil.bid.label()} "
                    f"{'made' if nil.made else 'failed'}"
                )
            said = f" ({', '.join(notes)})" if notes else ""
            verb = "end with " if i == 0 else ""
            parts.append(f"{side_name(side)} {verb}{plural(won, 'trick')}{said}")
        return (
            f"{parts[0]}, {', '.join(parts[1:])}: the hand is worth "
            f"{line.value:+d} to {side_name(self.side)}"
        )

    def contrast(self, card: Card) -> str:
        """Why ``card`` is worse than the best one, in words: what changes in
        the contracts, the nils, the tricks or the bags ('' if nothing)."""
        h = self.hand
        lines = self._cache["lines"]
        best = self.expected
        mine = score_hand(h.rules, h.bid_map(), lines[card].tricks, h.bags)
        top = score_hand(h.rules, h.bid_map(), lines[best].tricks, h.bags)
        reasons = []
        for side in (self.side, *(x for x in mine if x != self.side)):
            who = "your side" if side == self.side else "the opponents"
            a, b = mine[side], top[side]
            if a.made is not None and a.made != b.made:
                reasons.append(
                    f"{who}' contract of {a.contract} is "
                    f"{'made' if a.made else 'set'}, where {best.symbol()} "
                    f"{'sets' if a.made else 'makes'} it".replace("side'", "side's")
                )
            for nil_a, nil_b in zip(a.nils, b.nils, strict=True):
                if nil_a.made != nil_b.made:
                    reasons.append(
                        f"{nil_a.seat.full}'s {nil_a.bid.label()} "
                        f"{'is kept' if nil_a.made else 'fails'}, where "
                        f"{best.symbol()} {'breaks' if nil_a.made else 'keeps'} it"
                    )
            if not reasons and side == self.side and a.tricks != b.tricks:
                more = "more" if a.tricks > b.tricks else "fewer"
                bags = " (bags)" if a.made and a.tricks > b.tricks else ""
                reasons.append(
                    f"your side takes {abs(a.tricks - b.tricks)} {more} "
                    f"trick{'s' if abs(a.tricks - b.tricks) > 1 else ''}{bags} "
                    f"than after {best.symbol()}"
                )
        if not reasons:
            return ""
        cost = lines[best].value - lines[card].value
        return (
            f"{card.symbol()} costs {cost} points against {best.symbol()}: after "
            f"it {'; '.join(reasons)}."
        )

    def worth_note(self) -> str:
        """What a card's worth measures, said once per message."""
        other = next(x for x in ("NS", "EW") if x != self.side)
        return (
            f"(Worth: {side_name(self.side)}'s points for this hand minus "
            f"{side_name(other)}'s, as the hand is scored, bags and bag penalties "
            "included, when all four players play perfectly from here.)"
        )

    def diagnose(self, parsed: Any) -> Feedback | None:
        reason = self.hand.why_illegal(parsed)
        if reason:
            return Feedback("incorrect", reason, "illegal")
        if parsed in self.best:
            return Feedback(
                "correct",
                f"{parsed.symbol()} is a best card: with perfect play by everyone "
                f"from here, {self.outcome(parsed)}. {self.worth_note()}",
            )
        themed = self.themed(parsed)
        reason = themed or self.contrast(parsed)
        top = max(line.value for line in self._cache["lines"].values())
        text = (
            f"{reason + ' ' if reason else ''}With perfect play by everyone from "
            f"here, after {parsed.symbol()} (then, for example: "
            f"{self.play_text(parsed)}), {self.outcome(parsed)}; the best card is "
            f"worth {top:+d}. {self.worth_note()}"
        )
        return Feedback("incorrect", text, "themed" if themed else "worse")

    def themed(self, card: Card) -> str:
        """The puzzle's own diagnosis of a worse card ('' if none)."""
        return ""

    def mistakes(self) -> list[Mistake]:
        out = []
        for card in self.hand.holding[self.mover]:
            verdict = self.diagnose(card)
            if verdict is not None and not verdict.correct:
                out.append(Mistake(verdict.mistake or "worse", card, verdict.message))
        return out

    def explain(self) -> str:
        others = [c for c in self.best if c is not self.expected]
        also = ""
        if others:
            verb = "is" if len(others) == 1 else "are"
            also = f" ({card_list(others)} {verb} as good)"
        values = self._cache["lines"]
        worse = sorted(
            (c for c in self.hand.legal_cards() if c not in self.best),
            key=lambda c: (-values[c].value, int(c.suit), -int(c.rank)),
        )
        worse_text = ", ".join(f"{c.symbol()} {values[c].value:+d}" for c in worse)
        card = self.expected
        return (
            f"{card.symbol()}{also}. With perfect play by everyone from here, after "
            f"{card.symbol()} (then, for example: {self.play_text(card)}), "
            f"{self.outcome(card)}. Worse: {worse_text}. {self.worth_note()}"
        )

    def partner_winning(self, hand: Hand) -> tuple[Seat, Card] | None:
        if not hand.trick or hand.rules.players != 4 or hand.turn is None:
            return None
        seat = trick_winner(hand.rules, hand.trick)
        if seat != hand.turn.partner:
            return None
        return seat, dict(hand.trick)[seat]

    def beats(self, hand: Hand, card: Card) -> bool:
        assert hand.turn is not None
        return trick_winner(hand.rules, [*hand.trick, (hand.turn, card)]) == hand.turn


class PartnerWinning(Puzzle):
    number = 3
    title = "Puzzle: your partner is winning the trick"
    intro = (
        'All four hands are shown. Answer with one card, for example `"QH"`.'
        + LINE_LEGEND
    )

    def theme(self, hand: Hand) -> bool:
        if hand.phase is not Phase.PLAYING or hand.turn is None:
            return False
        if any(b is not None and b.is_nil for b in hand.bids):
            return False
        if self.partner_winning(hand) is None:
            return False
        legal = hand.legal_cards()
        return any(self.beats(hand, c) for c in legal) and not all(
            self.beats(hand, c) for c in legal
        )

    def theme_ok(self, best: set[Card], legal: list[Card]) -> bool:
        return all(not self.beats(self.hand_probe, c) for c in best)

    def _evaluate(self, hand: Hand) -> bool:
        self.hand_probe = hand
        return super()._evaluate(hand)

    def themed(self, card: Card) -> str:
        win = self.partner_winning(self.hand)
        if win is None or not self.beats(self.hand, card):
            return ""
        seat, best = win
        # the last to play knows the trick is the side's already
        last = len(self.hand.trick) == self.hand.rules.players - 1
        return (
            f"Your partner {seat.full}'s {best.symbol()} is winning this trick so "
            f"far: overtaking it with {card.symbol()} spends that card on a trick "
            f"your side {'already has' if last else 'may already have'}."
        )

    def hint(self) -> str:
        win = self.partner_winning(self.hand)
        assert win is not None
        seat, card = win
        over = [c for c in self.hand.legal_cards() if self.beats(self.hand, c)]
        return (
            f"Your partner {seat.full} is winning this trick so far with "
            f"{card.symbol()}; of your cards, {card_list(over)} would beat it. Does "
            "your side need you to win this trick? Whatever you play, ask which of "
            "your cards can still win a trick later, and which you can spare now."
        )


class CoverNil(Puzzle):
    number = 4
    title = "Puzzle: your partner bid Nil"
    intro = "Your partner bid Nil and has not won a trick yet." + LINE_LEGEND
    nil_first = True

    def theme(self, hand: Hand) -> bool:
        if hand.phase is not Phase.PLAYING or hand.turn is None:
            return False
        partner = hand.turn.partner
        bid = hand.bids[partner]
        if (
            bid is None
            or not bid.is_nil
            or hand.tricks_won[partner]
            or (hand.bids[hand.turn] or Bid(1)).is_nil
        ):
            return False
        win = self.partner_winning(hand)
        legal = hand.legal_cards()
        return (
            win is not None
            and any(self.beats(hand, c) for c in legal)
            and not all(self.beats(hand, c) for c in legal)
        )

    def _evaluate(self, hand: Hand) -> bool:
        self.hand_probe = hand
        return super()._evaluate(hand)

    def theme_ok(self, best: set[Card], legal: list[Card]) -> bool:
        return all(self.beats(self.hand_probe, c) for c in best)

    def themed(self, card: Card) -> str:
        win = self.partner_winning(self.hand)
        if win is None or self.beats(self.hand, card):
            return ""
        seat, best = win
        return (
            f"Your partner {seat.full} bid Nil and is winning this trick with "
            f"{best.symbol()}: unless you overtake, the Nil fails "
            f"({-self.hand.rules.nil_value:+d})."
        )

    def hint(self) -> str:
        return (
            "A Nil fails as soon as its bidder wins a trick. Who is winning this one, "
            "and can you take it over?"
        )


class Ending(Puzzle):
    number = 5
    title = "Puzzle: play the ending"
    intro = "The last few tricks, every card shown." + LINE_LEGEND

    def theme(self, hand: Hand) -> bool:
        if hand.phase is not Phase.PLAYING or hand.turn is None:
            return False
        if any(b is not None and b.is_nil for b in hand.bids):
            return False
        return len(hand.legal_cards()) >= 3 and self.partner_winning(hand) is None

    def hint(self) -> str:
        return (
            "Count the tricks each side still needs, and which cards are winners. "
            "Try each card in your head against the best replies."
        )


EXERCISES = [SpadesOut, ReadVoids, PartnerWinning, CoverNil, Ending]
