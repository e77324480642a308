"""Chapter 10's card-play puzzles: leave a partner's winner alone, cover a
partner's Nil, and play an ending (exercises 10.3 to 10.5; the chapter's
module, :mod:`.ch10_strategy_play`, lists them all and says how a card is
judged).

>>> from spadeslib.exercises import key_text, load
>>> *_, q5 = load("10_strategy_play", seed=1)
>>> q5.feedback(key_text(q5)).correct
True
"""

from __future__ import annotations

import random
from typing import Any

from ..actions import Bid
from ..analysis import Solver, best_cards, lines
from ..cards import Card, Suit
from ..coach import Advice, Verdict
from ..hand import Hand, Phase
from ..rules import Rules
from ..scoring import score_hand, side_of
from ..seats import Seat
from ..tricks import trick_winner
from .advice import accepted, coach
from .answers import CardAnswer
from .feedback import Feedback, Mistake
from .reading import card_list, plural
from .scenarios import (
    bids_line,
    hand_picture,
    new_seed,
    played_hand,
    sensible,
    side_name,
    trick_line,
)
from .specs import Spec

CHAPTER = "10_strategy_play"


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
        rules = Rules("cards4net")
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
        seat = hand.turn
        assert seat is not None  # a decision point: someone is to play
        advice = coach().advise(hand.view(seat), hand=hand)
        if advice.best not in best:
            return False
        verdicts = {card: advice.rate(card) for card in legal}
        if any(accepted(v) != (card in best) for card, v in verdicts.items()):
            return False  # the coach would call a worse card sound, or a best one not
        # the lines and worths the learner reads count bags as the coach
        # does (-10 each): a duck that saves bags reads as a gain, as in the
        # chapter, not as an overtrick lost
        found = lines(hand, solver=self._solvers[1])
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
        best: set[Card] = self._cache["best"]
        return best

    @property
    def advice(self) -> Advice:
        """The coach's advice on the puzzle's decision."""
        advice: Advice = self._cache["advice"]
        return advice

    def verdict(self, card: Card) -> Verdict:
        """The coach's verdict on a legal ``card``."""
        verdict: Verdict = self._cache["verdicts"][card]
        return verdict

    def key(self) -> Card:
        best = self.advice.best
        assert isinstance(best, Card)  # a play decision: the coach picks a card
        return best

    def candidates(self) -> list[Any]:
        """Every legal card: the check accepts each best one."""
        return [self.expected, *self.hand.legal_cards()]

    def prompt(self) -> str:
        h = self.hand
        bids = bids_line(h)
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
                shown.append(f"{seat.letter}:{c.symbol}")
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
        scores = score_hand(h.rules, h.bids, line.tricks, h.bags)
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
        mine = score_hand(h.rules, h.bids, lines[card].tricks, h.bags)
        top = score_hand(h.rules, h.bids, lines[best].tricks, h.bags)
        reasons = []
        for side in (self.side, *(x for x in mine if x != self.side)):
            who = "your side" if side == self.side else "the opponents"
            a, b = mine[side], top[side]
            if a.made is not None and a.made != b.made:
                reasons.append(
                    f"{who}' contract of {a.contract} is "
                    f"{'made' if a.made else 'set'}, where {best.symbol} "
                    f"{'sets' if a.made else 'makes'} it".replace("side'", "side's")
                )
            for nil_a, nil_b in zip(a.nils, b.nils, strict=True):
                if nil_a.made != nil_b.made:
                    reasons.append(
                        f"{nil_a.seat.full}'s {nil_a.bid.label()} "
                        f"{'is kept' if nil_a.made else 'fails'}, where "
                        f"{best.symbol} {'breaks' if nil_a.made else 'keeps'} it"
                    )
            if not reasons and side == self.side and a.tricks != b.tricks:
                more = "more" if a.tricks > b.tricks else "fewer"
                bags = " (bags)" if a.made and a.tricks > b.tricks else ""
                reasons.append(
                    f"your side takes {abs(a.tricks - b.tricks)} {more} "
                    f"trick{'s' if abs(a.tricks - b.tricks) > 1 else ''}{bags} "
                    f"than after {best.symbol}"
                )
        if not reasons:
            return ""
        cost = lines[best].value - lines[card].value
        return (
            f"{card.symbol} costs {cost} points against {best.symbol}: after "
            f"it {'; '.join(reasons)}."
        )

    def worth_note(self) -> str:
        """What a card's worth measures, said once per message."""
        other = next(x for x in ("NS", "EW") if x != self.side)
        return (
            f"(Worth: {side_name(self.side)}'s points for this hand minus "
            f"{side_name(other)}'s, each bag counted -10 on top of the point "
            "its overtrick scores (its long-run cost, as the coach counts it), "
            "when all four players play perfectly from here.)"
        )

    def diagnose(self, parsed: Any) -> Feedback | None:
        reason = self.hand.why_illegal(parsed)
        if reason:
            return Feedback("incorrect", reason, "illegal")
        if parsed in self.best:
            return Feedback(
                "correct",
                f"{parsed.symbol} is a best card: with perfect play by everyone "
                f"from here, {self.outcome(parsed)}. {self.worth_note()}",
            )
        themed = self.themed(parsed)
        reason = themed or self.contrast(parsed)
        top = max(line.value for line in self._cache["lines"].values())
        text = (
            f"{reason + ' ' if reason else ''}With perfect play by everyone from "
            f"here, after {parsed.symbol} (then, for example: "
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
        card = self.expected
        top = values[card].value
        worse_text = ", ".join(
            f"{c.symbol} (worth {values[c].value:+d}, {top - values[c].value} less "
            f"than {card.symbol})"
            for c in worse
        )
        return (
            f"{card.symbol}{also}. With perfect play by everyone from here, after "
            f"{card.symbol} (then, for example: {self.play_text(card)}), "
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
        if any(b.is_nil for b in hand.bids.values()):
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
            f"Your partner {seat.full}'s {best.symbol} is winning this trick so "
            f"far: overtaking it with {card.symbol} spends that card on a trick "
            f"your side {'already has' if last else 'may already have'}."
            + self.trump_note(card)
        )

    def trump_note(self, card: Card) -> str:
        """For a top spade played on another suit while an opponent still to
        play could trump: that the spade wins a trick whenever it is played,
        and spent now frees the opponents' spades ('' where that is not so)."""
        h, spades = self.hand, Suit.SPADES
        led = h.trick[0][1].suit
        if card.suit is not spades or led is spades:
            return ""
        played = {seat for seat, _ in h.trick} | {self.mover}
        threats = [
            s
            for s in h.seats
            if s not in played
            and not any(c.suit is led for c in h.holding[s])
            and any(c.suit is spades for c in h.holding[s])
        ]
        others = [c for s in h.seats if s != self.mover for c in h.holding[s]]
        if not threats or any(
            c.suit is spades and int(c.rank) > int(card.rank) for c in others
        ):
            return ""  # nobody can trump, or the spade is no sure winner
        theirs = [
            c
            for s in h.seats
            if side_of(h.rules, s) != self.side
            for c in h.holding[s]
            if c.suit is spades
        ]
        names = " and ".join(s.full for s in threats)
        verb = "has" if len(threats) == 1 else "have"
        return (
            f" {names}, still to play, {verb} no {led.plural} but {verb} spades "
            f"and could trump; but {card.symbol}, the highest spade left, wins a "
            "trick whenever you play it, and spent now it leaves the opponents' "
            f"{card_list(theirs)} free to win tricks later."
        )

    def hint(self) -> str:
        win = self.partner_winning(self.hand)
        assert win is not None
        seat, card = win
        over = [c for c in self.hand.legal_cards() if self.beats(self.hand, c)]
        return (
            f"Your partner {seat.full} is winning this trick so far with "
            f"{card.symbol}; of your cards, {card_list(over)} would beat it. Does "
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
        bid = hand.bids.get(partner)
        if (
            bid is None
            or not bid.is_nil
            or hand.tricks_won[partner]
            or (hand.bids.get(hand.turn) or Bid(1)).is_nil
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
            f"{best.symbol}: unless you overtake, the Nil fails "
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
        if any(b.is_nil for b in hand.bids.values()):
            return False
        return len(hand.legal_cards()) >= 3 and self.partner_winning(hand) is None

    def hint(self) -> str:
        h = self.hand
        left = 13 - len(h.tricks)
        counts = []
        for side in (self.side, *(x for x in ("NS", "EW") if x != self.side)):
            won = sum(h.tricks_won[s] for s in h.seats if s.letter in side)
            bid = h.view(Seat.parse(side[0])).team_contract(side)
            need = bid - won
            counts.append(
                f"{side_name(side)} have won {won} (bid {bid}): "
                + (
                    f"they need {need} more of the {plural(left, 'trick')} left"
                    if need > 0
                    else "contract made, so every further trick is a bag"
                )
            )
        ours = [
            c for s in h.seats if side_of(h.rules, s) == self.side for c in h.holding[s]
        ]
        tops = [
            c
            for s in h.seats
            if side_of(h.rules, s) != self.side
            for c in h.holding[s]
            if not any(o.suit is c.suit and o.rank > c.rank for o in ours)
        ]
        return (
            f"{'; '.join(counts)}. The opponents' cards that no card of your "
            f"side beats in the same suit: {card_list(tops)}. Try each of your "
            "cards in your head against the best replies."
        )
