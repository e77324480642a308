"""Exact answers for a position: :func:`solve`, and the older helpers
(:func:`card_values`, :func:`card_loss`, :func:`lines`, :func:`best_cards`)
that the exercises and the match use. Every one takes the hand (or a
:class:`Position`), then the objective, and a :class:`Solver` to reuse as
the keyword ``solver=``.
Every one counts points unless told otherwise (or given a solver made for
another objective): ``solve(hand, "tricks")`` asks a bridge player's question.

A card's *value* is what the side it is counted for ends the hand with when
everyone plays perfectly afterwards with every card known: its tricks
(``objective="tricks"``), or its points minus the other side's (``"points"``:
as :func:`~spadeslib.score_hand` scores the hand, bag penalties included;
``"bag-adjusted"``: contract and nil points as scored, each bag -10).

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
>>> s = solve(hand, "tricks")
>>> s.turn, s.value  # North wins every trick: 13 for North-South
(<Seat.NORTH: 0>, 13)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cards import Card
from ..errors import SpadesError
from ..seats import Seat
from ..tricks import _winner
from .position import Position
from .solver import Solver, _objective

if TYPE_CHECKING:
    from ..hand import Hand

__all__ = [
    "Line",
    "Solution",
    "best_cards",
    "card_loss",
    "card_values",
    "lines",
    "solve",
]


@dataclass(frozen=True)
class Line:
    """A card's value (for the mover's side) and one best continuation (the
    plays after it), with the tricks each seat ends the hand with.

    >>> from spadeslib import Rules
    >>> pos = Position(Rules(), {Seat.NORTH: Card.parse_many("AC 2H"),
    ...     Seat.EAST: Card.parse_many("KC QH"), Seat.SOUTH: Card.parse_many("AH 3D"),
    ...     Seat.WEST: Card.parse_many("4D 5D")}, turn=Seat.NORTH)
    >>> for line in lines(pos, "tricks"):  # the 2♥ first strands the A♣
    ...     print(line.card, line.value, " ".join(str(c) for _, c in line.plays))
    AC 2 KC 3D 4D 2H QH AH 5D
    2H 1 QH AH 4D 3D 5D AC KC
    """

    card: Card
    value: int
    plays: tuple[tuple[Seat, Card], ...]
    tricks: dict[Seat, int]


@dataclass(frozen=True)
class Solution:
    """The exact value of every legal card of the player to move.

    ``values`` are for ``side`` (the mover's side unless asked otherwise);
    ``best`` holds the cards the mover should play (best for the mover's
    side), ``value`` their value for ``side``; ``line`` is a principal
    variation starting with the lowest best card, and ``tricks`` the tricks
    each seat ends with along it.

    >>> from spadeslib import Rules
    >>> pos = Position(Rules(), {Seat.NORTH: Card.parse_many("AC 2H"),
    ...     Seat.EAST: Card.parse_many("KC QH"), Seat.SOUTH: Card.parse_many("AH 3D"),
    ...     Seat.WEST: Card.parse_many("4D 5D")}, turn=Seat.NORTH)
    >>> s = solve(pos, "tricks")  # cash the A♣ before crossing to the A♥
    >>> s.best, s.value, s.loss("2H"), s.tricks[Seat.SOUTH]
    ((Card.parse('AC'),), 2, 1, 1)
    """

    objective: str
    side: str
    turn: Seat
    mover_side: str
    values: dict[Card, int]
    best: tuple[Card, ...]
    value: int
    line: tuple[tuple[Seat, Card], ...]
    tricks: dict[Seat, int]

    def loss(self, card: Card | str) -> int:
        """How much worse ``card`` is than the best card, for the mover's side
        (0 for a best card).

        >>> from spadeslib import Hand
        >>> hand = Hand(seed=1)
        >>> for bid in (3, 3, 3, 3): hand.apply(bid)
        >>> for _ in range(36): hand.apply(hand.legal_actions()[-1])
        >>> s = solve(hand)
        >>> min(s.loss(c) for c in s.values), all(s.loss(c) >= 0 for c in s.values)
        (0, True)
        """
        card = Card.parse(card)
        if card not in self.values:
            legal = " ".join(str(c) for c in sorted(self.values))
            raise SpadesError(
                f"{self.turn.full} cannot play {card} here: the legal cards are {legal}"
            )
        gap = self.values[self.best[0]] - self.values[card]
        return gap if self.side == self.mover_side else -gap


def _position(state: Hand | Position) -> Position:
    return state if isinstance(state, Position) else Position.from_hand(state)


def _solver(pos: Position, objective: str | None, solver: Solver | None) -> Solver:
    if solver is None:
        return Solver(pos, "points" if objective is None else objective)
    if objective is not None and solver.objective != _objective(objective):
        raise SpadesError(
            f"the solver was made for {solver.objective!r}, not {objective!r}"
        )
    return solver


def _for_side(solver: Solver, pos: Position, side: str, first: int) -> int:
    """A first-side value seen from ``side``."""
    if side == solver.first_side:
        return first
    if solver.objective == "tricks":
        return sum(pos.tricks_won.values()) + pos.tricks_left - first
    return -first


def _principal(solver: Solver, pos: Position, value: int) -> list[tuple[Seat, Card]]:
    """A line of best play from ``pos`` keeping the first side's ``value``:
    at each turn the lowest (in suit, then rank order) card that keeps it."""
    plays: list[tuple[Seat, Card]] = []
    while pos.cards_left:
        turn = pos.turn
        for group in _groups(solver, pos):
            child = pos._after(group[0])  # a legal card: no re-check
            solver.load(child)
            if solver.is_a[turn]:
                keeps = solver.at_least(value)
            else:
                keeps = not solver.at_least(value + 1)
            if keeps:
                plays.append((turn, group[0]))
                pos = child
                break
        else:  # pragma: no cover - the value is reached by some card
            raise AssertionError("no card keeps the position's value")
    return plays


def _groups(solver: Solver, pos: Position) -> list[list[Card]]:
    solver.load(pos)
    return solver.moves()


def _final_tricks(pos: Position, plays: list[tuple[Seat, Card]]) -> dict[Seat, int]:
    won = dict(pos.tricks_won)
    trick = list(pos.trick)
    for seat, card in plays:
        trick.append((seat, card))
        if len(trick) == len(pos.seats):
            won[_winner(pos.rules, trick)] += 1
            trick = []
    return won


def _first_values(solver: Solver, pos: Position) -> dict[Card, int]:
    return solver.values(pos)


def solve(
    state: Hand | Position,
    objective: str | None = None,
    side: str | None = None,
    *,
    solver: Solver | None = None,
    line: bool = True,
) -> Solution:
    """Solve a :class:`~spadeslib.Hand` in its play phase, or a
    :class:`Position`, exactly: the value of every legal card for ``side``
    (default: the mover's side). ``objective`` is ``"tricks"``, ``"points"``
    or ``"bag-adjusted"``; as everywhere in this module it defaults to the
    given solver's, else ``"points"``. ``line=False`` skips the principal line.

    >>> from spadeslib import Hand
    >>> hand = Hand(seed=4)
    >>> for bid in (4, 3, 3, 3): hand.apply(bid)
    >>> for _ in range(32): hand.apply(hand.legal_actions()[0])
    >>> s = solve(hand, "bag-adjusted")
    >>> s.value == max(s.values.values()), len(s.line) == 20, s.line[0][1] in s.best
    (True, True, True)
    """
    pos = _position(state)
    solver = _solver(pos, objective, solver)
    sides = {pos.side_of(seat) for seat in pos.seats}
    side = side or pos.side_of(pos.turn)
    if side not in sides:
        raise SpadesError(
            f"side must be one of {', '.join(sorted(sides))}, not {side!r}"
        )
    first = _first_values(solver, pos)
    mover_first = solver.is_a[pos.turn]
    top = max(first.values()) if mover_first else min(first.values())
    best = tuple(sorted(c for c, v in first.items() if v == top))
    plays: list[tuple[Seat, Card]] = []
    if line:
        lowest = min(best, key=lambda c: (solver.code[c][0], solver.code[c][1]))
        after = pos._after(lowest)
        plays = [(pos.turn, lowest), *_principal(solver, after, top)]
    return Solution(
        objective=solver.objective,
        side=side,
        turn=pos.turn,
        mover_side=pos.side_of(pos.turn),
        values={c: _for_side(solver, pos, side, v) for c, v in first.items()},
        best=best,
        value=_for_side(solver, pos, side, top),
        line=tuple(plays),
        tricks=_final_tricks(pos, plays) if line else dict(pos.tricks_won),
    )


# ----------------------------------------------------- the exercises' API
def card_values(
    hand: Hand | Position,
    objective: str | None = None,
    *,
    solver: Solver | None = None,
) -> dict[Card, int]:
    """The value of every legal card of the player to move, for the mover's
    side (see the module docstring); the objective defaults to the solver's,
    else ``"points"``.

    >>> from spadeslib import Rules
    >>> pos = Position(Rules(), {Seat.NORTH: Card.parse_many("AC 2H"),
    ...     Seat.EAST: Card.parse_many("KC QH"), Seat.SOUTH: Card.parse_many("AH 3D"),
    ...     Seat.WEST: Card.parse_many("4D 5D")}, turn=Seat.NORTH)
    >>> after = pos.play("AC")  # East to move: counted for East-West
    >>> card_values(after, "tricks"), Solver(after, "tricks").values(after)
    ({Card.parse('KC'): 0}, {Card.parse('KC'): 2})
    """
    pos = _position(hand)
    solver = _solver(pos, objective, solver)
    side = pos.side_of(pos.turn)
    return {c: _for_side(solver, pos, side, v) for c, v in solver.values(pos).items()}


def card_loss(
    hand: Hand | Position,
    card: Card | str,
    objective: str | None = None,
    *,
    solver: Solver | None = None,
) -> int:
    """How much worse ``card`` is than the best legal card, for the mover's
    side: ``max(values) - values[card]`` of :func:`card_values`, found with
    one exact search and a null-window test of each other card (the cheap
    question a match asks of every card played).

    >>> from spadeslib import Hand
    >>> hand = Hand(seed=1)
    >>> for bid in (3, 3, 3, 3): hand.apply(bid)
    >>> for _ in range(36): hand.apply(hand.legal_actions()[-1])
    >>> values = card_values(hand, "bag-adjusted")
    >>> all(card_loss(hand, c, "bag-adjusted") == max(values.values()) - v
    ...     for c, v in values.items())
    True
    """
    pos = _position(hand)
    return _solver(pos, objective, solver).loss(pos, Card.parse(card))


def lines(
    hand: Hand | Position,
    objective: str | None = None,
    *,
    solver: Solver | None = None,
) -> list[Line]:
    """For every legal card: its value (for the mover's side) and one best
    continuation. Pass a :class:`Solver` made for the same hand to reuse its
    work across positions.

    >>> from spadeslib import Rules
    >>> pos = Position(Rules(), {Seat.NORTH: Card.parse_many("AC 2H"),
    ...     Seat.EAST: Card.parse_many("KC QH"), Seat.SOUTH: Card.parse_many("AH 3D"),
    ...     Seat.WEST: Card.parse_many("4D 5D")}, turn=Seat.NORTH)
    >>> [(x.card, x.value, x.tricks[Seat.WEST]) for x in lines(pos, "tricks")]
    [(Card.parse('AC'), 2, 0), (Card.parse('2H'), 1, 1)]
    """
    pos = _position(hand)
    solver = _solver(pos, objective, solver)
    side = pos.side_of(pos.turn)
    out = []
    for card, value in solver.values(pos).items():
        plays = _principal(solver, pos._after(card), value)
        final = _final_tricks(pos, [(pos.turn, card), *plays])
        out.append(Line(card, _for_side(solver, pos, side, value), tuple(plays), final))
    return out


def best_cards(
    hand: Hand | Position,
    objective: str | None = None,
    *,
    solver: Solver | None = None,
) -> tuple[set[Card], int]:
    """The legal cards of the player to move that reach the best value, and
    that value (for the mover's side).

    >>> from spadeslib import Rules
    >>> pos = Position(Rules(), {Seat.NORTH: Card.parse_many("AC 2H"),
    ...     Seat.EAST: Card.parse_many("KC QH"), Seat.SOUTH: Card.parse_many("AH 3D"),
    ...     Seat.WEST: Card.parse_many("4D 5D")}, turn=Seat.NORTH)
    >>> best_cards(pos, "tricks"), best_cards(pos.play("2H"), "tricks")
    (({Card.parse('AC')}, 2), ({Card.parse('QH')}, 1))
    """
    pos = _position(hand)
    values = card_values(pos, objective, solver=solver)
    top = max(values.values())
    return {c for c, v in values.items() if v == top}, top
