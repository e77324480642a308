"""The exact (double-dummy) search behind :mod:`spadeslib.analysis`.

A :class:`Solver` holds what is fixed for one hand (rules, bids, bags and
scores carried in, the objective) and a transposition table, so several
positions of the same hand are solved faster together. Its question is
always the same null-window one, "does North-South (North, for two players)
end the hand with a value of at least ``v``?", answered by alpha-beta over
the remaining plays; exact values come from a few such questions
(MTD(f)-style, as DDS does for tricks).

What makes it fast enough in pure Python, after DDS (Haglund and Hein):

- the table is keyed, at the start of each trick, by the position with ranks
  made relative: each suit is the sequence of who holds its 1st, 2nd, ...
  highest remaining card, so positions that differ only in cards already
  played are one entry; it stores lower and upper bounds and the best lead;
- touching cards of one hand (nothing left between them in other hands or on
  the table) are searched once;
- quick-trick bounds before any search: the leader's cashable top cards, and
  for each side the top trumps of one hand that nothing of the other side
  can beat;
- move ordering: the table's best lead, then cash winners, lead towards
  partner's winners, win cheaply when an opponent is winning, play low under
  partner's winner.

Objectives: ``"tricks"`` (the side's trick count; the table is then keyed by
the position alone and holds bounds on the tricks still to come), ``"points"``
(:func:`~spadeslib.score_hand` points, bag penalties included) and
``"bag-adjusted"`` (contract and nil points as scored, every bag -10: the
duplicate match's measure). For points, a value is the first side's points
minus the other side's; the trick counts that can change the score (each side's,
each nil bidder's own) are part of the table's key.

>>> from spadeslib.analysis.position import Position
>>> from spadeslib import Card, Rules, Seat, Bid
>>> hands = {Seat.NORTH: Card.parse_many("AS 2H"), Seat.EAST: Card.parse_many("KH 3H"),
...          Seat.SOUTH: Card.parse_many("AH 4H"), Seat.WEST: Card.parse_many("QH 5H")}
>>> pos = Position(Rules(), hands, Seat.NORTH, spades_broken=True)
>>> Solver(pos, "tricks").values(pos)  # North-South tricks after each card
{Card.parse('2H'): 2, Card.parse('AS'): 2}

``game`` (points; 0, the default, leaves it out) values the end of the game
too, for ``"points"`` and ``"bag-adjusted"``: when the hand's real points (bag
penalties included) added to the running scores carried in
(:attr:`Position.scores <spadeslib.analysis.Position.scores>`) end the game
(:func:`~spadeslib.game_over`), the winner's side gets ``game`` points more
and the loser's as many fewer. The coach gives the weight its playouts give
(:data:`spadeslib.bots.playout.GAME_WEIGHT`, 400) when the game can end this
hand. Late in a game, one bag too many can cost more than ten points:

>>> late = Position(Rules("classic"), {Seat.NORTH: Card.parse_many("2C"),
...     Seat.EAST: Card.parse_many("3C"), Seat.SOUTH: Card.parse_many("AH 4H"),
...     Seat.WEST: Card.parse_many("KC")}, Seat.SOUTH,
...     trick=((Seat.WEST, Card.parse("2H")), (Seat.NORTH, Card.parse("5H")),
...            (Seat.EAST, Card.parse("3H"))),
...     tricks_won={Seat.NORTH: 5, Seat.EAST: 6}, spades_broken=True,
...     bids={Seat.NORTH: Bid(3), Seat.EAST: Bid(3), Seat.SOUTH: Bid(3),
...           Seat.WEST: Bid(2)},
...     bags={"NS": 9, "EW": 0}, scores={"NS": 470, "EW": 300})
>>> Solver(late, "bag-adjusted").values(late)  # the A♥ takes a bag
{Card.parse('4H'): 28, Card.parse('AH'): 10}
>>> Solver(late, "bag-adjusted", game=400).values(late)  # and costs the game
{Card.parse('4H'): 428, Card.parse('AH'): 10}
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..actions import BidKind
from ..cards import Card, Suit
from ..errors import SpadesError, is_whole
from ..names import name_key
from ..scoring import game_over, score_hand, side_of, sides
from ..seats import Seat
from .position import Position

if TYPE_CHECKING:
    from ..hand import Hand

__all__ = ["OBJECTIVES", "Solver"]

OBJECTIVES = ("tricks", "points", "bag-adjusted")
"""The values the solver can maximise, read as
:func:`~spadeslib.names.name_key` reads a name (``"Bag_Adjusted"`` is
``"bag-adjusted"``); ``"bags"`` is accepted for ``"bag-adjusted"``."""

_TRUMP = int(Suit.SPADES)
_NIL_KINDS = (BidKind.NIL, BidKind.BLIND_NIL)


def _objective(name: str) -> str:
    """The objective named ``name``.

    >>> _objective(" Tricks "), _objective("bag_adjusted"), _objective("bags")
    ('tricks', 'bag-adjusted', 'bag-adjusted')
    """
    key = name_key(name) if isinstance(name, str) else ""
    key = {"bags": "bag-adjusted"}.get(key, key)
    if key not in OBJECTIVES:
        raise SpadesError(
            f"unknown objective {name!r}: choose one of {', '.join(OBJECTIVES)}"
        )
    return key


class Solver:
    """Exact values for the positions of one hand, for the first side
    (North-South, or North for two players).

    ``context`` is a :class:`~spadeslib.analysis.Position` or a
    :class:`~spadeslib.Hand` in its play phase; only its rules, bids, bags
    and scores are kept. ``game``: the points a won game is worth (a lost
    one costs as many), 0 to leave the end of the game out (see the module
    docstring). ``grouping=False`` searches every card, touching ones
    included (for tests). Reuse a solver for later positions of the same hand and the
    same objective: its table of solved positions carries over.

    >>> from spadeslib import Rules
    >>> pos = Position(Rules(), {Seat.NORTH: Card.parse_many("AC 2H"),
    ...     Seat.EAST: Card.parse_many("KC QH"), Seat.SOUTH: Card.parse_many("AH 3D"),
    ...     Seat.WEST: Card.parse_many("4D 5D")}, turn=Seat.NORTH)
    >>> solver = Solver(pos, "tricks")
    >>> solver.values(pos), solver.values(pos.play("2H"))  # East to move: still N-S's
    ({Card.parse('AC'): 2, Card.parse('2H'): 1}, {Card.parse('QH'): 1})
    """

    def __init__(
        self,
        context: Hand | Position,
        objective: str = "points",
        *,
        grouping: bool = True,
        game: int = 0,
    ) -> None:
        pos = context if isinstance(context, Position) else Position.from_hand(context)
        self.objective = _objective(objective)
        self.rules = pos.rules
        self.bids = dict(pos.bids)
        self.bags = dict(pos.bags)
        if not is_whole(game) or game < 0:
            raise SpadesError(
                f"game must be a whole number of points, 0 or more, not {game!r}"
            )
        if game and self.objective == "tricks":
            raise SpadesError("the end of the game is valued in points, not tricks")
        self.game = int(game)
        unknown = set(pos.scores) - set(sides(pos.rules))
        if unknown:
            raise SpadesError(
                f"scores are by side ({', '.join(sides(pos.rules))}), not "
                f"{', '.join(sorted(map(str, unknown)))}"
            )
        self.scores = {side: int(pos.scores.get(side, 0)) for side in sides(pos.rules)}
        self.grouping = grouping
        rules = self.rules
        self.seats: tuple[Seat, ...] = pos.seats
        self.n = len(self.seats)
        self.first_side = sides(rules)[0]
        # by seat index; a seat that does not play (two players) is on no side
        self.is_a = [
            s in self.seats and side_of(rules, s) == self.first_side for s in Seat
        ]
        self.next = [0] * 4
        for i, s in enumerate(self.seats):
            self.next[s] = int(self.seats[(i + 1) % self.n])
        self.must_break = rules.must_break_spades
        # cards as (trick suit, one bit of its power rank within that suit)
        self.code: dict[Card, tuple[int, int]] = {}
        for suit in range(4):
            cards = [c for c in rules.deck if int(rules.trick_suit(c)) == suit]
            if suit == _TRUMP:
                order = list(reversed(rules.trump_order))
                cards.sort(key=order.index)
            else:
                cards.sort(key=lambda c: int(c.rank))
            for i, c in enumerate(cards):
                self.code[c] = (suit, 1 << i)
        self.card = {v: k for k, v in self.code.items()}
        self._units()
        self.tt: dict[tuple[object, ...], list[object]] = {}
        self.fast: dict[object, list[object]] = {}
        self._shape_ids: dict[tuple[int, ...], int] = {}
        self.suit_codes: dict[tuple[int, ...], int] = {}
        self.shifts = [16 * i for i in range(16)]
        # the search state, changed in place (the search closure, built once
        # with its static tables, holds these very lists)
        self.hold: list[int] = [0] * 16
        self.cnt: list[int] = [0] * len(self.unit_a)
        self.trick: list[tuple[int, int, int]] = []
        self.st: list[Any] = [False, 0, 0]  # broken, tricks left, packed()
        self._load(pos)
        self._search = self._make_search()

    # ------------------------------------------------------------- scoring
    def _units(self) -> None:
        """Trick counters that matter to the objective: for tricks, one per
        side; for points, one per side for its bidders of a number and one
        for each nil bidder. ``unit_of[seat]`` says which counter a trick
        won by ``seat`` goes to."""
        self.unit_of = [0] * 4
        self.unit_seat: list[Seat] = []
        self.unit_a: list[bool] = []
        self.low_seat = [False] * 4  # nil bidders: order their moves low
        groups: dict[object, int] = {}
        for seat in self.seats:
            bid = self.bids.get(seat)
            nil = (
                self.objective != "tricks"
                and bid is not None
                and bid.kind in _NIL_KINDS
            )
            self.low_seat[seat] = nil
            key: object = ("nil", int(seat)) if nil else ("side", self.is_a[seat])
            if key not in groups:
                groups[key] = len(self.unit_seat)
                self.unit_seat.append(seat)
                self.unit_a.append(self.is_a[seat])
            self.unit_of[seat] = groups[key]
        if self.objective == "tricks":  # side A's counter first
            self.unit_of = [0 if self.is_a[s] else 1 for s in range(4)]
            self.unit_seat = [self.seats[0], self.seats[1]]
            self.unit_a = [True, False]

    @functools.cache  # noqa: B019 (one solver per hand; the cache dies with it)
    def final_value(self, counts: tuple[int, ...]) -> int:
        """The objective's value (first side's) for final trick counters."""
        if self.objective == "tricks":
            return counts[0]
        tricks = {s: 0 for s in self.seats}
        for unit, won in enumerate(counts):
            tricks[self.unit_seat[unit]] += won
        result = score_hand(self.rules, self.bids, tricks, self.bags)
        a, b = result[self.first_side], result[sides(self.rules)[1]]
        if self.objective == "points":
            value = a.points - b.points
        else:
            adj_a = a.points + a.penalty_points - 10 * a.bags_gained
            adj_b = b.points + b.penalty_points - 10 * b.bags_gained
            value = adj_a - adj_b
        if self.game:
            real = {side: self.scores[side] + result[side].points for side in result}
            over, winner = game_over(self.rules, real)
            if over:
                value += self.game if winner == self.first_side else -self.game
        return value

    @functools.cache  # noqa: B019
    def _finals(
        self, counts: tuple[int, ...], left: int
    ) -> tuple[tuple[int, int], ...]:
        """(first side's extra tricks, value) for every way ``left`` tricks can
        still fall among the counters."""
        out = set()
        for split in _splits(left, len(counts)):
            final = tuple(c + s for c, s in zip(counts, split, strict=True))
            extra = sum(s for s, a in zip(split, self.unit_a, strict=True) if a)
            out.add((extra, self.final_value(final)))
        return tuple(sorted(out))

    @functools.cache  # noqa: B019
    def _range(
        self, counts: tuple[int, ...], left: int, low: int, high: int
    ) -> tuple[int, int]:
        """Least and greatest value when the first side takes ``low`` to
        ``high`` of the ``left`` tricks."""
        values = [v for e, v in self._finals(counts, left) if low <= e <= high]
        return min(values), max(values)

    @functools.cache  # noqa: B019
    def _shape(self, counts: tuple[int, ...], left: int) -> tuple[int, int]:
        """(an id for how the value depends on the way the ``left`` tricks fall,
        the value if the first side takes none): positions with the same id
        share table entries, their bounds stored relative to that value."""
        base = self.final_value(counts)
        key = tuple(
            self.final_value(tuple(c + s for c, s in zip(counts, split, strict=True)))
            - base
            for split in _splits(left, len(counts))
        )
        sid = self._shape_ids.setdefault(key, len(self._shape_ids))
        return sid, base

    def outcomes(self, left: int | None = None) -> list[int]:
        """The values the loaded position can still end with, sorted."""
        left = self.left if left is None else left
        counts = tuple(self.cnt)
        return sorted({v for _, v in self._finals(counts, left)})

    # ------------------------------------------------------------- state
    def _load(self, pos: Position) -> None:
        """Set the search state to ``pos`` (a position of this solver's hand)."""
        bids = pos.bids if pos.bids.__class__ is dict else dict(pos.bids)
        if (pos.rules is not self.rules and pos.rules != self.rules) or (
            bids != self.bids
        ):
            raise SpadesError("this solver was made for another hand (rules or bids)")
        if self.game and any(
            pos.scores.get(side, 0) != score for side, score in self.scores.items()
        ):
            raise SpadesError(
                "this solver values the end of the game from other running scores"
            )
        hold, code = self.hold, self.code
        for i in range(16):
            hold[i] = 0
        for seat, cards in pos.hands.items():
            for card in cards:
                suit, bit = code[card]
                hold[seat * 4 + suit] |= bit
        self.trick[:] = [(int(s), *code[c]) for s, c in pos.trick]
        cnt, unit_of = self.cnt, self.unit_of
        for i in range(len(cnt)):
            cnt[i] = 0
        for seat, won in pos.tricks_won.items():
            cnt[unit_of[seat]] += won
        self.broken = bool(pos.spades_broken) or not self.must_break
        self.left = len(pos.hands[pos.turn])  # tricks not finished yet
        self.turn = int(pos.turn)
        self._sync()

    def _sync(self) -> None:
        """Copy the trick-start state the search reads into ``st``."""
        st = self.st
        st[0], st[1], st[2] = self.broken, self.left, self.packed()

    def packed(self) -> int:
        """Every holding in one integer (the table's exact-cards key)."""
        h = self.hold
        return (
            h[0] + (h[1] << 16) + (h[2] << 32) + (h[3] << 48)
            + (h[4] << 64) + (h[5] << 80) + (h[6] << 96) + (h[7] << 112)
            + (h[8] << 128) + (h[9] << 144) + (h[10] << 160) + (h[11] << 176)
            + (h[12] << 192) + (h[13] << 208) + (h[14] << 224) + (h[15] << 240)
        )  # fmt: skip

    def load(self, pos: Position) -> None:
        """Make ``pos`` the position that :meth:`value` and :meth:`moves` read."""
        self._load(pos)

    # ------------------------------------------------------------ queries
    def at_least(self, target: int) -> bool:
        """Whether the first side reaches ``target`` from the loaded position."""
        return self._search(self.turn, len(self.trick), target)

    def value(self, guess: int | None = None) -> int:
        """The exact value of the loaded position (first side's), found by
        null-window searches over the values it can still end with."""
        values = self.outcomes()
        lo, hi = 0, len(values) - 1  # values[lo] is always reached
        if guess is None:
            probes = [(lo + hi + 1) // 2]
        else:
            near = min(range(len(values)), key=lambda i: abs(values[i] - guess))
            probes = [near, near + 1, near - 1]
        while lo < hi:
            while probes and not lo < probes[0] <= hi:
                probes.pop(0)
            mid = probes.pop(0) if probes else (lo + hi + 1) // 2
            if self.at_least(values[mid]):
                lo = mid
                probes = [p for p in probes if p > mid]
            else:
                hi = mid - 1
                probes = [p for p in probes if p < mid]
        return values[lo]

    def values(self, pos: Position) -> dict[Card, int]:
        """The first side's value after each legal card of ``pos``."""
        self.load(pos)
        out: dict[Card, int] = {}
        guess = None
        for group in self.moves():
            self.load(pos)
            self.play(group[0])
            guess = self.value(guess)
            out.update(dict.fromkeys(group, guess))
        self.load(pos)
        return out

    def loss(self, pos: Position, card: Card) -> int:
        """How much worse ``card`` is than the best legal card of ``pos``, for
        the mover's side: the same as ``max(values) - values[card]`` (turned
        for the mover), but only ``card``'s value is searched exactly; every
        other card is first asked, in one null-window search, whether it
        does better at all (the usual answer for a good card is no)."""
        pos.play(card)  # refuses an illegal card, naming the seat and the rule
        self.load(pos)
        groups = self.moves()
        mine = next(g for g in groups if card in g)
        up = self.is_a[self.turn]  # the mover wants the first side's value up
        self.play(mine[0])
        chosen = best = self.value()
        for group in groups:
            if group is mine:
                continue
            self.load(pos)
            self.play(group[0])
            if self.at_least(best + 1) if up else not self.at_least(best):
                best = self.value(best)
        self.load(pos)
        return best - chosen if up else chosen - best

    def classes(self, state: Hand | Position) -> list[list[Card]]:
        """The legal cards of a :class:`~spadeslib.Hand` or :class:`Position`
        of this hand, in classes of equivalent (touching) cards."""
        pos = state if isinstance(state, Position) else Position.from_hand(state)
        self.load(pos)
        return self.moves()

    def moves(self, grouped: bool = True) -> list[list[Card]]:
        """The legal cards of the loaded position, one list per class of
        equivalent cards (lowest first), classes in suit then rank order."""
        turn = self.turn
        out = []
        for suit, run in self._runs(turn, grouped):
            out.append([self.card[(suit, bit)] for bit in run])
        return out

    def _runs(self, turn: int, grouped: bool) -> list[tuple[int, list[int]]]:
        hold, trick = self.hold, self.trick
        b = turn * 4
        suits = [s for s in range(4) if hold[b + s]]
        if trick and hold[b + trick[0][1]]:
            suits = [trick[0][1]]
        elif not trick and not self.broken and len(suits) > 1 and _TRUMP in suits:
            suits.remove(_TRUMP)
        out: list[tuple[int, list[int]]] = []
        for s in suits:
            others = 0
            for seat in self.seats:
                if seat != turn:
                    others |= hold[seat * 4 + s]
            for _, ts, tb in trick:
                if ts == s:
                    others |= tb
            m, prev = hold[b + s], 0
            while m:
                bit = m & -m
                m ^= bit
                if (
                    prev
                    and (grouped and self.grouping)
                    and not (others & (bit - 1) & ~((prev << 1) - 1))
                ):
                    out[-1][1].append(bit)
                else:
                    out.append((s, [bit]))
                prev = bit
        return out

    def play(self, card: Card) -> None:
        """Play ``card`` for the player to move in the loaded position."""
        suit, bit = self.code[card]
        turn = self.turn
        self.hold[turn * 4 + suit] &= ~bit
        self.trick.append((turn, suit, bit))
        if suit == _TRUMP:
            self.broken = True
        if len(self.trick) < self.n:
            self.turn = self.next[turn]
        else:
            self._finish_trick()
        self._sync()

    def _finish_trick(self) -> None:
        led = self.trick[0][1]
        win = max(self.trick, key=lambda p: (p[1] == _TRUMP, p[1] == led, p[2]))[0]
        self.cnt[self.unit_of[win]] += 1
        self.left -= 1
        self.trick.clear()
        self.turn = win

    # ----------------------------------------------------------- search
    def _make_search(self) -> Callable[[int, int, int], bool]:
        from .search import make_search

        return make_search(self)


def _splits(total: int, parts: int) -> list[tuple[int, ...]]:
    """Every way to share ``total`` among ``parts`` counters."""
    out = []
    for cuts in itertools.combinations(range(total + parts - 1), parts - 1):
        bounds = (-1, *cuts, total + parts - 1)
        out.append(tuple(bounds[i + 1] - bounds[i] - 1 for i in range(parts)))
    return out
