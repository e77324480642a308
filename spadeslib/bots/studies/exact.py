"""Exact values of the cards of one position with every card placed: the
double-dummy solver applied to a sampled (or the real) deal.

The solver is :mod:`spadeslib.analysis`. This module feeds it positions
given as the bots' card masks, so one solver (and its table of solved
positions) serves every world of one decision.

>>> from spadeslib import Hand
>>> from spadeslib.bots.knowledge import state_from_hand
>>> hand = Hand(deal={"N": "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S",
...                   "E": "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H",
...                   "S": "AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D",
...                   "W": "AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C"}, dealer="W")
>>> for bid in (13, 1, 1, 1): hand.apply(bid)
>>> for _ in range(44): hand.apply(hand.legal_actions()[0])
>>> st = state_from_hand(hand)
>>> solver = WorldSolver(hand.rules, st)
>>> north = [c for c in range(64) if st.hands[0] >> c & 1]
>>> values = solver.values(st.hands, north)
>>> sorted(values.values()) == sorted(exact_lines(hand)[0].values())
True
"""

from __future__ import annotations

from typing import Any, cast

from ... import analysis as _analysis
from ...actions import Bid, BidKind
from ...cards import Card
from ...rules import Rules
from ...seats import Seat
from ..playout import game_weight
from ..sim import State

__all__ = ["MAX_CARDS", "WorldSolver", "exact_lines"]

#: the solver takes positions with up to this many cards left (any)
MAX_CARDS: int = 52


class _Shim:
    """The bids, bags, scores and seats of the bots' state, as a position
    needs them."""

    def __init__(self, rules: Rules, st: State, bags: dict[str, int]) -> None:
        self.rules = rules
        self.bags = dict(bags)
        self.scores = dict(zip(_sides(rules), st.scores, strict=True))
        self.seats = rules.seats
        self._bids: dict[Seat, Bid] = {}
        for s in self.seats:
            i = int(s)
            if st.nil[i] == 2:
                self._bids[s] = Bid(0, BidKind.BLIND_NIL)
            elif st.nil[i] == 1:
                self._bids[s] = Bid.NIL
            elif st.blind7[st.side(i)]:
                self._bids[s] = Bid.BLIND_SEVEN
            else:
                self._bids[s] = Bid(st.bid[i])

    @property
    def bids(self) -> dict[Seat, Bid]:
        return dict(self._bids)


class WorldSolver:
    """Solve positions of one hand (same bids, same cards played) exactly,
    in bag-adjusted points of margin for the side to move. ``bags`` are the
    bags carried in, by side (default: ``st.bags``); they change a value
    only through the end of the game.

    When the game can end this hand (:func:`~spadeslib.bots.playout.game_in_reach`,
    from ``st.scores``), a won game is worth
    :data:`~spadeslib.bots.playout.GAME_WEIGHT` more and a lost one as much
    less, as in the playouts (:func:`~spadeslib.bots.playout.leaf_value`):
    the solver's ``game`` option, with the bag penalties of ``bags``."""

    def __init__(
        self, rules: Rules, st: State, bags: dict[str, int] | None = None
    ) -> None:
        self.rules = rules
        self.st = st
        self.deck = st.deck
        if bags is None:  # the state's own, as the game's end is valued with them
            bags = dict(zip(_sides(rules), st.bags, strict=True))
        self.shim = _Shim(rules, st, bags)
        self.game = game_weight(rules, st.scores)
        self.solver: Any = None
        self.back = {card: i for i, card in enumerate(self.deck.card) if card}

    def values(
        self, hands: list[int], cards: list[int], seat: int | None = None
    ) -> dict[int, int]:
        """The exact value of each of ``cards`` (ids) for ``seat`` (default:
        the seat to move) when the hands are ``hands``."""
        return {c: v for c, (v, _) in self.lines(hands, cards, seat).items()}

    def lines(
        self, hands: list[int], cards: list[int], seat: int | None = None
    ) -> dict[int, tuple[int, list[tuple[int, int]]]]:
        """For each card: its exact value and one best continuation, as
        ``(seat, card id)`` plays."""
        st = self.st
        deck = self.deck
        turn = st.turn if seat is None else seat
        pos = _analysis.Position(
            self.rules,
            {s: tuple(deck.cards(hands[int(s)])) for s in self.shim.seats},
            Seat(turn),
            # the ids played are ids of cards: never a gap (None) of deck.card
            cast(
                "tuple[tuple[Seat, Card], ...]",
                tuple((Seat(s), deck.card[c]) for s, c in st.trick),
            ),
            {s: st.tricks_won[int(s)] for s in self.shim.seats},
            st.broken,
            self.shim.bids,
            self.shim.bags,
            self.shim.scores,
        )
        if self.solver is None:
            self.solver = _analysis.Solver(pos, "bag-adjusted", game=self.game)
        wanted = {deck.card[c]: c for c in cards}
        out = {}
        for line in _analysis.lines(pos, "bag-adjusted", solver=self.solver):
            if line.card in wanted:
                plays = [(int(s), self.back[x]) for s, x in line.plays]
                out[wanted[line.card]] = (line.value, plays)
        return out


def exact_lines(hand: Any, solver: Any = None) -> tuple[dict[Any, int], Any]:
    """Every legal card's exact bag-adjusted value for the mover's side in an
    engine hand (every card known), the end of the game valued as
    :class:`WorldSolver` values it, and the solver (pass it back for later
    positions of the same hand)."""
    scores = [hand.scores[side] for side in _sides(hand.rules)]
    game = game_weight(hand.rules, scores)
    solver = solver or _analysis.Solver(hand, "bag-adjusted", game=game)
    return _analysis.card_values(hand, "bag-adjusted", solver=solver), solver


def _sides(rules: Rules) -> tuple[str, ...]:
    from ...scoring import sides

    return tuple(sides(rules))
