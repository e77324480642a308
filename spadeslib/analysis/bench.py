"""How fast the exact solver is, and a check against DDS.

:func:`bench` times, in process CPU time (steadier on a shared machine):

- positions with ``cards`` cards in each hand, every legal card valued, in
  each objective (median, 95th percentile, max);
- whole 13-card deals, every legal opening card valued for tricks;
- the same positions for DDS (``endplay``, the ``bench`` extra), where the
  rules coincide: spades as trumps and already broken (Spades' "not broken"
  lead rule has no bridge counterpart), four players, no jokers. Every legal
  card's trick count must agree, or :class:`AssertionError` is raised.

Positions come from seeded deals played at random to the wanted size.
``spades bench-solver`` runs it from the command line.

>>> pos = random_position(0, 3, broken=True)
>>> pos.cards_left, pos.spades_broken
(12, True)
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from ..arguments import rules_option, whole
from ..cards import Card, Suit
from ..display import plural
from ..errors import SpadesError
from ..hand import Hand
from ..rules import Rules
from ..seats import Seat
from .position import Position
from .solver import Solver

__all__ = ["bench", "dds_values", "random_position", "register"]


def random_position(
    seed: int,
    cards: int,
    *,
    rules: str | Rules = "cards4net",
    broken: bool = False,
    played: int = 0,
) -> Position:
    """A seeded deal, random bids, random play until ``cards`` are left in
    each hand, then ``played`` more cards into the next trick. ``broken=True``
    treats spades as broken (for positions DDS can check)."""
    rng = random.Random(seed)
    hand = Hand(rules, seed=seed)
    while hand.phase.value != "playing":
        hand.apply(hand.random_action(rng))
    target = cards * len(hand.seats)
    while sum(hand.view(hand.seats[0]).cards_left.values()) > target - played:
        hand.apply(hand.random_action(rng))
    pos = Position.from_hand(hand)
    if broken and not pos.spades_broken:
        pos = Position(
            pos.rules, pos.hands, pos.turn, pos.trick, pos.tricks_won, True,
            pos.bids, pos.bags, pos.scores,
        )  # fmt: skip
    return pos


def dds_values(pos: Position) -> dict[Card, int] | None:
    """DDS's trick count, for the mover's side, of every legal card of
    ``pos`` (spades trumps); ``None`` when ``endplay`` is not installed."""
    try:
        from endplay import dds
        from endplay.types import Card as DCard
        from endplay.types import Deal, Denom, Player
    except ImportError:
        return None
    if pos.rules.players != 4 or pos.rules.jokers or not pos.spades_broken:
        raise SpadesError("DDS plays bridge: four hands, no jokers, spades broken")

    def text(cards: tuple[Card, ...]) -> str:
        by_suit = []
        for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
            ranks = sorted((c for c in cards if c.suit is suit), reverse=True)
            by_suit.append("".join(_rank(c) for c in ranks))
        return ".".join(by_suit)

    leader = pos.trick[0][0] if pos.trick else pos.turn
    hands = {s: pos.hands[s] + tuple(c for p, c in pos.trick if p == s) for s in Seat}
    order = [Seat((leader + i) % 4) for i in range(4)]
    deal = Deal(
        f"{leader.letter}:" + " ".join(text(hands[s]) for s in order),
        first=Player.find(leader.letter),
        trump=Denom.spades,
    )
    for _, played in pos.trick:
        deal.play(DCard(f"{played.suit.letter}{_rank(played)}"))
    out = {}
    for card, tricks in dds.solve_board(deal):
        suit = "SHDC"[int(card.suit)]
        out[Card.parse(f"{suit}{'23456789TJQKA'[card.rank.bit_length() - 3]}")] = tricks
    return out


def _rank(card: Card) -> str:
    return "23456789TJQKA"[int(card.rank) - 2]


def _mover_tricks(solver: Solver, pos: Position) -> dict[Card, int]:
    """The solver's remaining tricks for the mover's side, by card."""
    first = solver.values(pos)
    side = pos.side_of(pos.turn)
    done = sum(n for s, n in pos.tricks_won.items() if pos.side_of(s) == side)
    total = sum(pos.tricks_won.values()) + pos.tricks_left
    mine = solver.is_a[pos.turn]
    return {c: (v if mine else total - v) - done for c, v in first.items()}


def _values(pos: Position, objective: str) -> dict[Card, int]:
    return Solver(pos, objective).values(pos)


def _solved_tricks(pos: Position) -> dict[Card, int]:
    return _mover_tricks(Solver(pos, "tricks"), pos)


def _cpu(fn: Callable[[], Any]) -> tuple[Any, float]:
    start = time.process_time()
    result = fn()
    return result, time.process_time() - start


def _summary(times: list[float]) -> str:
    times = sorted(times)
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    return (
        f"median {statistics.median(times) * 1000:7.1f} ms  p95 {p95 * 1000:7.1f} ms"
        f"  max {times[-1] * 1000:7.1f} ms"
    )


def bench(
    positions: int = 20,
    cards: int = 8,
    deals: int = 3,
    checks: int = 30,
    seed: int = 0,
    rules: str = "cards4net",
    out: Callable[[str], None] = print,
) -> dict[str, list[float]]:
    """Time the solver and compare it with DDS (see the module docstring);
    returns the CPU times in seconds by measurement."""
    times: dict[str, list[float]] = {}
    out(
        f"exact solver bench ({rules}), seed {seed}: CPU time to value every "
        "card of a position"
    )
    for objective in ("tricks", "points", "bag-adjusted"):
        key = f"{cards} cards each, {objective}"
        for i in range(positions):
            pos = random_position(seed + i, cards, rules=rules)
            _, t = _cpu(partial(_values, pos, objective))
            times.setdefault(key, []).append(t)
        if positions:
            counted = f"({plural(positions, 'position')})"
            out(f"  {key:<32} {counted:<15}: {_summary(times[key])}")
    key = "13-card deals, tricks"
    for i in range(deals):
        pos = random_position(seed + i, 13, rules=rules)
        _, t = _cpu(partial(_values, pos, "tricks"))
        times.setdefault(key, []).append(t)
    if deals:
        counted = f"({plural(deals, 'deal')})"
        out(f"  {key:<32} {counted:<15}: {_summary(times[key])}")
    if not checks:
        out("DDS comparison skipped: --checks 0")
        return times
    if dds_values(random_position(seed, 1, broken=True)) is None:
        out("DDS comparison skipped: endplay is not installed (the bench extra)")
        return times
    mine_t, dds_t = [], []
    for i in range(checks):
        size, played = 1 + i % 10, (i // 10) % 4
        pos = random_position(seed + 1000 + i, size, rules=Rules.parse("cards4net"),
                              broken=True, played=played)  # fmt: skip
        mine, t1 = _cpu(partial(_solved_tricks, pos))
        theirs, t2 = _cpu(partial(dds_values, pos))
        if mine != theirs:
            raise AssertionError(
                f"position {seed + 1000 + i} ({size} cards each, {played} played): "
                f"spadeslib {mine} but DDS {theirs}"
            )
        mine_t.append(t1)
        dds_t.append(t2)
    times["dds check, spadeslib"], times["dds check, DDS"] = mine_t, dds_t
    out(
        f"DDS agreement: {checks} positions (1 to 10 cards each, some mid-trick, "
        "spades broken), every card's trick count equal"
    )
    out(f"  spadeslib: total {sum(mine_t):.2f} s; {_summary(mine_t)}")
    out(f"  DDS      : total {sum(dds_t):.2f} s; {_summary(dds_t)}")
    return times


def _cmd(args: argparse.Namespace) -> int:
    bench(
        positions=args.positions,
        cards=args.cards,
        deals=args.deals,
        checks=args.checks,
        seed=args.seed,
        rules=args.rules,
    )
    return 0


def register(subparsers: Any) -> None:
    """Add ``spades bench-solver`` to the ``spades`` command line."""
    p = subparsers.add_parser(
        "bench-solver", help="time the exact solver and check it against DDS"
    )
    p.add_argument(
        "--positions",
        type=whole(1),
        default=20,
        help="positions timed (default: %(default)s)",
    )
    p.add_argument(
        "--cards",
        type=whole(1, 13),
        default=8,
        help="cards in each hand (default: %(default)s)",
    )
    p.add_argument(
        "--deals",
        type=whole(0),
        default=3,
        help="whole 13-card deals timed (default: %(default)s)",
    )
    p.add_argument(
        "--checks",
        type=whole(0),
        default=30,
        help="positions checked by DDS (default: %(default)s)",
    )
    p.add_argument(
        "--seed", type=whole(0), default=0, help="seed of the positions (default: 0)"
    )
    rules_option(p)
    p.set_defaults(func=_cmd)
