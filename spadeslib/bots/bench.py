"""How long each bot level takes per decision.

:func:`bench_levels` plays seeded hands with every seat at one level and
times each call to ``act``: wall-clock time (what a player waits) and CPU
time (what the bot computes, steady when other programs share the machine).
Decisions with a single legal action are reported apart, since they cost
nothing.

>>> report = bench_levels(["rule"], hands=1, seed=1)
>>> report.levels["rule"].decisions  # look, 4 bids, 52 cards
57
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass, field
from typing import Any

from ..errors import IllegalAction
from ..hand import Hand
from ..rules import Rules
from ..seats import Seat
from .base import bot_failure, illegal_choice, trick_text
from .stats import quantile

__all__ = ["BenchReport", "LevelTiming", "bench_levels"]


@dataclass
class LevelTiming:
    """Decision times of one level, in seconds."""

    level: str
    options: dict[str, Any]
    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    choices: list[int] = field(default_factory=list)

    @property
    def decisions(self) -> int:
        """Decisions timed."""
        return len(self.wall)

    def summary(
        self, *, real: bool = True, only_choices: bool = False
    ) -> dict[str, float]:
        """Median, 95th percentile, mean and maximum in milliseconds; of the
        decisions with more than one legal action if ``only_choices``."""
        values = self.wall if real else self.cpu
        if only_choices:
            values = [v for v, n in zip(values, self.choices, strict=True) if n > 1]
        ms = [1000 * v for v in values]
        return {
            "n": len(ms),
            "median": statistics.median(ms) if ms else float("nan"),
            "p95": quantile(ms, 0.95),
            "mean": statistics.fmean(ms) if ms else float("nan"),
            "max": max(ms) if ms else float("nan"),
        }


@dataclass
class BenchReport:
    """Timings by level."""

    rules: str
    hands: int
    seed: Any
    levels: dict[str, LevelTiming] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        return {
            "rules": self.rules,
            "hands": self.hands,
            "seed": self.seed,
            "levels": {
                name: {
                    "options": t.options,
                    "wall_ms": t.summary(real=True),
                    "cpu_ms": t.summary(real=False),
                    "wall_ms_choices": t.summary(real=True, only_choices=True),
                    "cpu_ms_choices": t.summary(real=False, only_choices=True),
                }
                for name, t in self.levels.items()
            },
        }

    def text(self) -> str:
        """A readable table."""
        lines = [
            f"bot decision times, {self.rules}, {self.hands} hands per level, "
            f"seed {self.seed} (milliseconds)"
        ]
        columns = "".join(f"{c:>10}" for c in ("median", "p95", "mean", "max"))
        lines.append(f"  {'level':<22}{'kind':<18}{'n':>6}{columns}")
        for name, t in self.levels.items():
            label = name + ("" if not t.options else f" {t.options}")
            for kind, real, only in (
                ("all, wall", True, False),
                ("all, cpu", False, False),
                ("choices, wall", True, True),
                ("choices, cpu", False, True),
            ):
                s = t.summary(real=real, only_choices=only)
                lines.append(
                    f"  {label:<22}{kind:<18}{s['n']:>6}{s['median']:>10.2f}"
                    f"{s['p95']:>10.2f}{s['mean']:>10.2f}{s['max']:>10.2f}"
                )
                label = ""
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text()


def bench_levels(
    levels: list[str],
    *,
    hands: int = 4,
    seed: Any = 0,
    rules: Rules | str = "cards4net",
    options: dict[str, dict[str, Any]] | None = None,
    progress: bool | None = False,
) -> BenchReport:
    """Time every decision of ``hands`` seeded hands per level, all seats
    played by that level. ``options[level]`` goes to
    :func:`~spadeslib.bots.make_bot`."""
    from ..progress import Progress
    from . import make_bot

    rules = Rules.parse(rules) if isinstance(rules, str) else rules
    report = BenchReport(rules=rules.full_spec, hands=hands, seed=seed)
    seats = rules.seats
    with Progress(hands * len(levels), "hands", enabled=progress) as bar:
        for level in levels:
            opts = dict((options or {}).get(level, {}))
            timing = LevelTiming(level, opts)
            bots = {
                s: make_bot(level, seed=f"{seed}/{s.letter}", **opts) for s in seats
            }
            for number in range(hands):
                hand = Hand(
                    rules, seats[number % len(seats)], seed=f"{seed}/bench/{number}"
                )
                for bot in bots.values():
                    bot.reset()
                while not hand.is_over:
                    seat = hand.turn
                    assert seat is not None
                    view = hand.view(seat)
                    w0, c0 = time.perf_counter(), time.process_time()
                    try:
                        action = bots[seat].act(view)
                    except Exception as error:  # a bot of your own that raised
                        where = _where(seat, number, hand)
                        raise bot_failure(level, where, error) from error
                    timing.cpu.append(time.process_time() - c0)
                    timing.wall.append(time.perf_counter() - w0)
                    timing.choices.append(len(view.legal))
                    try:
                        hand.apply(action)
                    except IllegalAction as error:
                        where = _where(seat, number, hand)
                        raise illegal_choice(level, where, action, error) from None
                bar.update()
            report.levels[level] = timing
    return report


def _where(seat: Seat, number: int, hand: Hand) -> str:
    """Where a bot failed, for its error: ``"at East, hand 0 (trick 1)"``."""
    return f"at {seat.full}, hand {number} ({trick_text(hand)})"
