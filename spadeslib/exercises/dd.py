"""An exact solver for small end positions with every card visible
("double dummy"), used to judge card-play puzzles.

From a hand in the playing phase with few cards left, :func:`card_values`
plays every legal card of the player to move and lets all four players
continue perfectly (each side maximising its own result, every card known),
to the end of the hand. A card's value is the mover's side's final
score minus the other side's, as :func:`spadeslib.score_hand` computes it
(``objective="points"``), or with every bag counted as -10 points instead of
the bag penalty (``objective="bags"``, the convention of duplicate matches).

Two cards are *as good as each other* when their values are equal; the best
cards are those with the highest value. Cards the rules make equivalent
(touching cards of a suit, with nothing unplayed between them) always get
the same value.

>>> from spadeslib import Hand
>>> hand = Hand(deal={"N": "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S",
...                   "E": "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H",
...                   "S": "AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D",
...                   "W": "AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C"}, dealer="W")
>>> for bid in (13, 1, 1, 1): hand.apply(bid)
>>> for _ in range(40): hand.apply(hand.legal_actions()[0])
>>> values = card_values(hand)
>>> len(values), len(set(values.values()))
(3, 1)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card, Suit
from ..hand import Hand, Phase
from ..rules import Rules
from ..scoring import score_hand, side_of, sides
from ..seats import Seat
from ..tricks import trick_winner

__all__ = ["Line", "Solver", "best_cards", "best_line", "card_values", "lines"]

INF = float("inf")
MAX_CARDS = 16
"""Positions with more cards left than this are refused (the search grows
quickly: four cards each take a fraction of a second)."""


@dataclass(frozen=True)
class Line:
    """A card's value and one best continuation (the plays after it)."""

    card: Card
    value: int
    plays: tuple[tuple[Seat, Card], ...]
    tricks: dict[Seat, int]


class Solver:
    """Exact values for the positions of one hand (after the bidding), from
    the first side's point of view (North-South, or North for two players).
    Keep one solver to judge several positions of the same hand: its table of
    solved positions is shared.

    Internally cards are their indices and seats are ints, for speed."""

    def __init__(self, hand: Hand, objective: str = "points") -> None:
        if objective not in ("points", "bags"):
            raise ValueError("objective must be 'points' or 'bags'")
        self.rules: Rules = hand.rules
        self.bids = hand.bid_map()
        self.bags = dict(hand.bags)
        self.seats = hand.seats
        self.n = len(self.seats)
        self.objective = objective
        self.me, self.other = sides(self.rules)
        self.first = [int(side_of(self.rules, Seat(i)) == self.me) for i in range(4)]
        self.suit = self.rules._suit_of
        self.power = self.rules._power
        self.spades = int(Suit.SPADES)
        self.must_break = self.rules.must_break_spades
        self.cards = {c.index: c for c in self.rules.deck}
        self.memo: dict[
            tuple[object, ...], tuple[int, tuple[tuple[int, int], ...]]
        ] = {}
        self.final: dict[tuple[int, ...], int] = {}
        self.bounds: dict[tuple[object, ...], tuple[float, float]] = {}

    def value_of(self, tricks: tuple[int, ...]) -> int:
        if tricks in self.final:
            return self.final[tricks]
        won = {s: tricks[s] for s in self.seats}
        result = score_hand(self.rules, self.bids, won, self.bags)
        if self.objective == "bags":

            def adj(side: str) -> int:
                s = result[side]
                return s.points + s.penalty_points - 10 * s.bags_gained

            value = adj(self.me) - adj(self.other)
        else:
            value = result[self.me].points - result[self.other].points
        self.final[tricks] = value
        return value

    def legal(
        self, held: tuple[int, ...], trick: tuple[tuple[int, int], ...], broken: bool
    ) -> list[int]:
        suit = self.suit
        if trick:
            led = suit[trick[0][1]]
            follow = [c for c in held if suit[c] == led]
            return follow or list(held)
        if self.must_break and not broken:
            other = [c for c in held if suit[c] != self.spades]
            return other or list(held)
        return list(held)

    def representatives(
        self,
        cards: list[int],
        holding: tuple[tuple[int, ...], ...],
        turn: int,
        trick: tuple[tuple[int, int], ...],
    ) -> list[int]:
        """One card per run of equivalent cards: same suit, and every card
        ranked between them is either held by the same player or out of play
        (played to an earlier trick)."""
        if len(cards) < 2:
            return cards
        suit, power = self.suit, self.power
        live = [c for s in self.seats if s != turn for c in holding[s]]
        live += [c for _, c in trick]
        out: list[int] = []
        for card in sorted(cards, key=lambda c: (suit[c], power[c])):
            if out and suit[out[-1]] == suit[card]:
                low, high, st = power[out[-1]], power[card], suit[card]
                if not any(suit[c] == st and low < power[c] < high for c in live):
                    continue
            out.append(card)
        return out

    def winner(self, trick: tuple[tuple[int, int], ...]) -> int:
        suit, power, spades = self.suit, self.power, self.spades
        led = suit[trick[0][1]]
        best_seat, best = trick[0]
        for seat, card in trick[1:]:
            sc, sb = suit[card], suit[best]
            if (
                (power[card] > power[best])
                if sc == sb
                else (sc == spades or (sb != spades and sc == led))
            ):
                best_seat, best = seat, card
        return best_seat

    def solve(
        self,
        holding: tuple[tuple[int, ...], ...],
        trick: tuple[tuple[int, int], ...],
        turn: int,
        tricks: tuple[int, ...],
        broken: bool,
    ) -> tuple[int, tuple[tuple[int, int], ...]]:
        if not trick and not any(holding):
            return self.value_of(tricks), ()
        key = (holding, trick, turn, tricks, broken)
        found = self.memo.get(key)
        if found is not None:
            return found
        maximise = self.first[turn]
        best_value: int | None = None
        best_line: tuple[tuple[int, int], ...] = ()
        cards = self.representatives(
            self.legal(holding[turn], trick, broken), holding, turn, trick
        )
        for card in cards:
            value, line = self.after(holding, trick, turn, tricks, broken, card)
            if best_value is None or (
                value > best_value if maximise else value < best_value
            ):
                best_value, best_line = value, ((turn, card), *line)
        assert best_value is not None
        self.memo[key] = (best_value, best_line)
        return best_value, best_line

    def after(
        self,
        holding: tuple[tuple[int, ...], ...],
        trick: tuple[tuple[int, int], ...],
        turn: int,
        tricks: tuple[int, ...],
        broken: bool,
        card: int,
    ) -> tuple[int, tuple[tuple[int, int], ...]]:
        new_holding = tuple(
            tuple(c for c in h if c != card) if i == turn else h
            for i, h in enumerate(holding)
        )
        new_trick = (*trick, (turn, card))
        broken = broken or self.suit[card] == self.spades
        if len(new_trick) < self.n:
            nxt = (turn + 1) % 4 if self.n == 4 else (turn + 2) % 4
            return self.solve(new_holding, new_trick, nxt, tricks, broken)
        winner = self.winner(new_trick)
        new_tricks = tuple(t + 1 if i == winner else t for i, t in enumerate(tricks))
        return self.solve(new_holding, (), winner, new_tricks, broken)

    # ---------------------------------------------------- alpha-beta
    def search(
        self,
        holding: tuple[tuple[int, ...], ...],
        trick: tuple[tuple[int, int], ...],
        turn: int,
        tricks: tuple[int, ...],
        broken: bool,
        alpha: float,
        beta: float,
    ) -> float:
        """The position's value if it lies strictly between ``alpha`` and
        ``beta``; otherwise a bound on the same side of the window (fail-soft
        alpha-beta with a table of bounds)."""
        if not trick and not any(holding):
            return self.value_of(tricks)
        key = (holding, trick, turn, tricks, broken)
        low, high = self.bounds.get(key, (-INF, INF))
        if low >= beta:
            return low
        if high <= alpha:
            return high
        if low == high:
            return low
        a, b = max(alpha, low), min(beta, high)
        maximise = self.first[turn]
        best = -INF if maximise else INF
        cards = self.representatives(
            self.legal(holding[turn], trick, broken), holding, turn, trick
        )
        for card in cards:
            value = self.child(holding, trick, turn, tricks, broken, card, a, b)
            if maximise:
                if value > best:
                    best = value
                    a = max(a, best)
            elif value < best:
                best = value
                b = min(b, best)
            if a >= b:
                break
        if best <= max(alpha, low):
            high = min(high, best)
        elif best >= min(beta, high):
            low = max(low, best)
        else:
            low = high = best
        self.bounds[key] = (low, high)
        return best

    def child(
        self,
        holding: tuple[tuple[int, ...], ...],
        trick: tuple[tuple[int, int], ...],
        turn: int,
        tricks: tuple[int, ...],
        broken: bool,
        card: int,
        alpha: float,
        beta: float,
    ) -> float:
        """:meth:`search` after ``turn`` plays ``card``."""
        new_holding = tuple(
            tuple(c for c in h if c != card) if i == turn else h
            for i, h in enumerate(holding)
        )
        new_trick = (*trick, (turn, card))
        broken = broken or self.suit[card] == self.spades
        if len(new_trick) < self.n:
            nxt = (turn + 1) % 4 if self.n == 4 else (turn + 2) % 4
            return self.search(new_holding, new_trick, nxt, tricks, broken, alpha, beta)
        winner = self.winner(new_trick)
        new_tricks = tuple(t + 1 if i == winner else t for i, t in enumerate(tricks))
        return self.search(new_holding, (), winner, new_tricks, broken, alpha, beta)

    def encode(
        self, hand: Hand
    ) -> tuple[
        tuple[tuple[int, ...], ...], tuple[tuple[int, int], ...], tuple[int, ...]
    ]:
        """(holdings, trick, tricks won) of a hand in the solver's encoding."""
        holding = tuple(
            tuple(sorted(c.index for c in hand.holding[i])) for i in range(4)
        )
        trick = tuple((int(s), c.index) for s, c in hand.trick)
        return holding, trick, tuple(hand.tricks_won)


def card_values(hand: Hand, objective: str = "points") -> dict[Card, int]:
    """The value of every legal card of the player to move, with perfect play
    by everyone afterwards (see the module docstring)."""
    return {line.card: line.value for line in lines(hand, objective)}


def lines(
    hand: Hand, objective: str = "points", solver: Solver | None = None
) -> list[Line]:
    """For every legal card: its value (for the mover's side) and one best
    continuation. Pass a :class:`Solver` made for the same hand to reuse its
    work across positions."""
    if hand.phase is not Phase.PLAYING or hand.turn is None:
        raise ValueError("the hand is not in the playing phase")
    left = sum(len(hand.holding[s]) for s in hand.seats)
    if left > MAX_CARDS:
        raise ValueError(
            f"{left} cards left: the exact solver takes at most {MAX_CARDS}"
        )
    solver = solver or Solver(hand, objective)
    holding, trick, tricks = solver.encode(hand)
    turn = int(hand.turn)
    sign = 1 if solver.first[turn] else -1
    cards = solver.cards
    out = []
    for card in hand.legal_cards():
        value, line = solver.after(
            holding, trick, turn, tricks, hand.spades_broken, card.index
        )
        plays = tuple((Seat(s), cards[c]) for s, c in line)
        final = hand.tricks_by_seat()
        current = list(hand.trick)
        for seat, c in ((hand.turn, card), *plays):
            current.append((seat, c))
            if len(current) == len(hand.seats):
                final[trick_winner(hand.rules, current)] += 1
                current = []
        out.append(Line(card, sign * value, plays, final))
    return out


def best_cards(
    hand: Hand, solver: Solver | None = None, objective: str = "points"
) -> tuple[set[Card], int]:
    """The legal cards of the player to move that reach the best value, and that
    value (for the mover's side). Faster than :func:`lines`: worse cards are
    only proven worse, not valued exactly.

    >>> from spadeslib import Hand
    >>> hand = Hand(deal={"N": "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S",
    ...                   "E": "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H",
    ...                   "S": "AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D",
    ...                   "W": "AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C"}, dealer="W")
    >>> for bid in (13, 1, 1, 1): hand.apply(bid)
    >>> for _ in range(40): hand.apply(hand.legal_actions()[0])
    >>> cards, value = best_cards(hand)
    >>> len(cards), value == max(card_values(hand).values())
    (3, True)
    """
    _check(hand)
    solver = solver or Solver(hand, objective)
    holding, trick, tricks = solver.encode(hand)
    turn = int(hand.turn)  # type: ignore[arg-type]
    maximise = solver.first[turn]
    legal = [c.index for c in hand.legal_cards()]
    reps = solver.representatives(legal, holding, turn, trick)
    best: float = -INF if maximise else INF
    winners: list[int] = []
    for rep in reps:
        if maximise:
            low = best - 1 if best > -INF else -INF
            value = solver.child(
                holding, trick, turn, tricks, hand.spades_broken, rep, low, INF
            )
            better, tie = value > best, value == best
        else:
            high = best + 1 if best < INF else INF
            value = solver.child(
                holding, trick, turn, tricks, hand.spades_broken, rep, -INF, high
            )
            better, tie = value < best, value == best
        if better:
            best, winners = value, [rep]
        elif tie:
            winners.append(rep)
    chosen = set()
    for card in hand.legal_cards():  # a best card, or equivalent to one
        if any(
            len(solver.representatives([card.index, rep], holding, turn, trick)) == 1
            for rep in winners
        ):
            chosen.add(card)
    sign = 1 if maximise else -1
    return chosen, int(sign * best)


def _check(hand: Hand) -> None:
    if hand.phase is not Phase.PLAYING or hand.turn is None:
        raise ValueError("the hand is not in the playing phase")
    left = sum(len(hand.holding[s]) for s in hand.seats)
    if left > MAX_CARDS:
        raise ValueError(
            f"{left} cards left: the exact solver takes at most {MAX_CARDS}"
        )


def best_line(hand: Hand, objective: str = "points") -> Line:
    """The best card's line (the lowest best card when several tie)."""
    return max(lines(hand, objective), key=lambda line: (line.value, -line.card.index))
