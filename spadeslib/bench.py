"""Engine speed: random full hands per second (deal, four bids, 52 plays,
scoring), and the same workload on OpenSpiel's C++ ``spades`` when the
``bench`` extra is installed.

The figures are printed, never asserted: timing belongs in a benchmark, not
in a unit test. Both sides are timed in CPU time of this process
(``time.process_time``), so a busy machine disturbs the ratio less.

>>> result = engine_hands_per_second(5, seed=1)
>>> result > 0
True
"""

from __future__ import annotations

import platform
import random
import time
from dataclasses import dataclass

from ._openspiel_peer import openspiel_hands_per_second
from .hand import Hand
from .rules import Rules
from .seats import Seat

__all__ = ["BenchResult", "engine_hands_per_second", "run_bench"]


def engine_hands_per_second(
    hands: int, seed: int, rules: Rules | str = "cards4net", *, checked: bool = False
) -> float:
    """Play ``hands`` random hands through the public API; return hands/s.

    Each hand is dealt from its own seed; every decision is a uniformly random
    choice among ``legal_actions()``, applied with ``apply(check=False)`` (the
    fast path for simulations) or, with ``checked=True``, validated.
    """
    rules = Rules.parse(rules)
    rng = random.Random(seed)
    choice = rng.choice
    seats = (Seat.NORTH, Seat.SOUTH) if rules.players == 2 else tuple(Seat)
    start = time.process_time()
    for i in range(hands):
        hand = Hand(rules, seats[i % len(seats)], seed=seed * 1_000_003 + i)
        apply = hand.apply
        legal = hand.legal_actions
        while hand.turn is not None:
            apply(choice(legal()), check=checked)
        assert hand.result is not None
    elapsed = time.process_time() - start
    return hands / elapsed if elapsed > 0 else float("inf")


@dataclass(frozen=True)
class BenchResult:
    """The figures of one benchmark run (hands per second)."""

    hands: int
    rules: str
    fast: float
    checked: float
    openspiel: float | None

    @property
    def ratio(self) -> float | None:
        """spadeslib's fast path divided by OpenSpiel (above 1: we are faster)."""
        return None if self.openspiel is None else self.fast / self.openspiel

    def report(self) -> str:
        """A few lines for people."""
        lines = [
            f"spadeslib bench: {self.hands} random full hands ({self.rules}), "
            f"Python {platform.python_version()}, CPU time, best of repeats",
            f"  spadeslib apply(check=False): {self.fast:9,.0f} hands/s",
            f"  spadeslib apply() validated : {self.checked:9,.0f} hands/s",
        ]
        if self.openspiel is None:
            lines.append("  OpenSpiel: not installed (pip install 'spadeslib[bench]')")
        else:
            lines.append(
                f"  OpenSpiel spades (C++ via pyspiel): {self.openspiel:9,.0f} hands/s"
            )
            lines.append(f"  ratio spadeslib/OpenSpiel: {self.ratio:.2f}")
        return "\n".join(lines)


def run_bench(
    hands: int = 2000,
    seed: int = 0,
    rules: str = "cards4net",
    repeat: int = 3,
    peer: bool = True,
) -> BenchResult:
    """Run each workload ``repeat`` times, interleaved, and keep the best."""
    fast, checked, other = [], [], []
    for r in range(repeat):
        fast.append(engine_hands_per_second(hands, seed + r, rules))
        checked.append(
            engine_hands_per_second(max(hands // 4, 1), seed + r, rules, checked=True)
        )
        if peer:
            value = openspiel_hands_per_second(hands, seed + r)
            if value is not None:
                other.append(value)
    return BenchResult(
        hands,
        Rules.parse(rules).spec,
        max(fast),
        max(checked),
        max(other) if other else None,
    )
