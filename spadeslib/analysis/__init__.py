"""Exact card-play analysis ("double dummy"): every card visible, the rules of
the hand in force (breaking spades, nil bidders, jokers, two players), the
value of every legal card for tricks, points or bag-adjusted points.

>>> from spadeslib import Hand
>>> from spadeslib.analysis import solve
>>> hand = Hand(seed=2)
>>> for bid in (3, 4, 2, 3): hand.apply(bid)
>>> for _ in range(40): hand.apply(hand.legal_actions()[0])
>>> s = solve(hand, "tricks")
>>> s.turn in (s.line[0][0],), s.value == max(s.values.values())
(True, True)

:func:`solve` is the entry point; :class:`Position` describes a position
(from a hand, or from a seat's view and a sampled world);
:class:`Solver` keeps a transposition table across positions of one hand.
:mod:`spadeslib.analysis.bench` times the solver and checks it against DDS
(``spades bench-solver``).

For a coach judging one decision over sampled worlds, keep one solver per
decision (same bids and rules) and ask only for values:

>>> from spadeslib.analysis import Position, Solver
>>> view = hand.view(hand.turn)
>>> world = {s: hand.view(s).holding for s in hand.seats}  # a sampled deal
>>> pos = Position.from_view(view, world)
>>> solver = Solver(pos, "bag-adjusted")
>>> exact = solve(pos, "bag-adjusted", solver=solver, line=False)
>>> set(exact.values) == set(view.legal), min(exact.loss(c) for c in exact.values)
(True, 0)
"""

from .position import Position
from .solution import (
    Line,
    Solution,
    best_cards,
    card_loss,
    card_values,
    lines,
    solve,
)
from .solver import OBJECTIVES, Solver

__all__ = [
    "OBJECTIVES",
    "Line",
    "Position",
    "Solution",
    "Solver",
    "best_cards",
    "card_loss",
    "card_values",
    "lines",
    "solve",
]
