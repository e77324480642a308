"""Engine speed, measured on the paths people run, against OpenSpiel.

``spades bench`` prints, in one run:

- the engine alone: random full hands per second through the public API
  (``legal_actions`` and ``apply``), and OpenSpiel's C++ ``spades`` driven
  from Python on the same workload when the ``bench`` extra is installed;
- ``spades play`` with four random bots as a process, start-up included:
  3,000 hands in one game and 3,000 hands as 30 games, each against
  OpenSpiel's random play of 3,000 hands as a process, as a ratio;
- hands per second at game lengths 10, 100 and 1,000 (random bots through
  views): the cost of a hand must not grow with the game;
- four rule bots through views: milliseconds per hand.

The figures are printed, never asserted: timing belongs in a benchmark, not
in a unit test. Every figure is CPU time, so a busy machine disturbs it
less: ``time.process_time`` in process, and for a process the CPU time of it
and its workers (where the ``resource`` module exists; elsewhere the wall
clock). Processes run from cached bytecode, as an installed package does
(a cache in the temporary folder, filled by an untimed first run), even when
``PYTHONDONTWRITEBYTECODE`` is set. Each figure is the best of ``repeat`` runs.

>>> result = engine_hands_per_second(5, seed=1)
>>> result > 0
True
>>> rates = game_length_rates((2, 4), hands=4, seed=1)
>>> [length for length, _ in rates]
[2, 4]
"""

from __future__ import annotations

import os
import platform
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ._openspiel_peer import openspiel_hands_per_second
from .game import Game
from .hand import Hand
from .rules import Rules
from .seats import Seat

if TYPE_CHECKING:
    from .bots.base import Bot

__all__ = [
    "BenchResult",
    "engine_hands_per_second",
    "game_length_rates",
    "openspiel_process_seconds",
    "play_process_seconds",
    "rule_bot_ms_per_hand",
    "run_bench",
]

PLAY_HANDS = 3000
"""Hands played by the ``spades play`` processes (and OpenSpiel's)."""


def engine_hands_per_second(
    hands: int, seed: int, rules: Rules | str = "cards4net", *, checked: bool = False
) -> float:
    """Play ``hands`` random hands through the public API; return hands/s.

    Each hand is dealt from its own seed; every decision is a uniformly random
    choice among ``legal_actions()``, applied with ``apply(check=False)`` or,
    with ``checked=True``, validated.
    """
    rules = Rules.parse(rules)
    rng = random.Random(seed)
    choice = rng.choice
    seats = rules._seats
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


def _bots(level: str, game: Game, seed: object) -> dict[Seat, Bot]:
    from .bots import make_bot

    return {s: make_bot(level, seed=f"{seed}/{s.letter}") for s in game.hand.seats}


def game_length_rates(
    lengths: Sequence[int] = (10, 100, 1000),
    hands: int = 1000,
    seed: int = 0,
    rules: str = "cards4net",
) -> list[tuple[int, float]]:
    """Hands per second (CPU time) of four random bots acting on views, in
    games of each length: ``hands // length`` games of ``length`` hands."""
    from .bots import play_until

    rates = []
    for length in lengths:
        played = 0
        elapsed = 0.0
        for number in range(max(hands // length, 1)):
            game = Game(rules, seed=f"{seed}/{length}/{number}")
            bots = _bots("random", game, game.seed)
            start = time.process_time()
            play_until(game, bots, hands=length)
            elapsed += time.process_time() - start
            played += len(game.finished_hands)
        rates.append((length, played / elapsed if elapsed > 0 else float("inf")))
    return rates


def rule_bot_ms_per_hand(
    hands: int = 30, seed: int = 0, rules: str = "cards4net"
) -> float:
    """CPU milliseconds a hand for four rule bots acting on views (games of
    up to ten hands, until ``hands`` are played)."""
    from .bots import play_until

    played = 0
    elapsed = 0.0
    number = 0
    while played < hands:
        number += 1
        game = Game(rules, seed=f"{seed}/rule/{number}")
        bots = _bots("rule", game, game.seed)
        start = time.process_time()
        play_until(game, bots, hands=min(10, hands - played))
        elapsed += time.process_time() - start
        played += len(game.finished_hands)
    return 1000 * elapsed / played


try:
    import resource
except ImportError:  # not on Windows: processes are timed on the wall clock
    resource = None  # type: ignore[assignment]


def _children_cpu() -> float:
    if resource is None:
        return time.perf_counter()
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _process_env() -> dict[str, str]:
    """The environment of timed processes: bytecode cached in a folder of
    the temporary directory (so start-up does not recompile every module)."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = os.path.join(
        tempfile.gettempdir(), "spadeslib-bench-pycache"
    )
    return env


def _seconds(argv: list[str]) -> float | None:
    """CPU seconds of a new process running ``argv`` and of its workers
    (``None`` if it failed)."""
    start = _children_cpu()
    done = subprocess.run(
        argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=_process_env()
    )
    elapsed = _children_cpu() - start
    return elapsed if done.returncode == 0 else None


def play_process_seconds(
    games: int, hands: int, seed: int = 0, rules: str = "cards4net"
) -> float | None:
    """CPU seconds of ``spades play --bots random --games G --hands H`` as a
    new process (and its workers), start-up included (``None`` if it failed)."""
    argv = [sys.executable, "-m", "spadeslib", "play", "--bots", "random"]
    argv += ["--rules", rules, "--hands", str(hands), "--seed", str(seed)]
    if games > 1:
        argv += ["--games", str(games)]
    return _seconds([*argv, "--no-progress"])


def openspiel_process_seconds(hands: int, seed: int = 0) -> float | None:
    """CPU seconds of a process playing ``hands`` random OpenSpiel hands from
    Python (``None`` without the ``bench`` extra)."""
    peer = Path(__file__).with_name("_openspiel_peer.py")
    return _seconds([sys.executable, str(peer), str(hands), str(seed)])


def _best(values: list[float | None], low: bool = True) -> float | None:
    known = [v for v in values if v is not None]
    if not known:
        return None
    return min(known) if low else max(known)


@dataclass(frozen=True)
class BenchResult:
    """The figures of one benchmark run."""

    hands: int
    rules: str
    fast: float
    """Engine alone, ``apply(check=False)``: hands per CPU second."""
    checked: float
    """Engine alone, validated ``apply``: hands per CPU second."""
    openspiel: float | None
    """OpenSpiel's random hands per CPU second (``None``: not installed)."""
    play_one_game: float | None = None
    """CPU seconds of ``spades play`` with random bots, 3,000 hands in one game."""
    play_many_games: float | None = None
    """CPU seconds of the same 3,000 hands as 30 games of 100 (its workers
    included)."""
    openspiel_process: float | None = None
    """CPU seconds of OpenSpiel's random play of 3,000 hands as a process."""
    lengths: tuple[tuple[int, float], ...] = ()
    """(game length, hands per CPU second) with random bots through views."""
    rule_ms: float | None = None
    """CPU milliseconds a hand for four rule bots through views."""

    @property
    def ratio(self) -> float | None:
        """spadeslib's fast path divided by OpenSpiel (above 1: we are faster)."""
        return None if self.openspiel is None else self.fast / self.openspiel

    def play_ratios(self) -> tuple[float | None, float | None]:
        """OpenSpiel's process time over ``spades play``'s, for one game and
        for 30 games (above 1: ``spades play`` is faster)."""
        other = self.openspiel_process

        def ratio(ours: float | None) -> float | None:
            return None if other is None or not ours else other / ours

        return ratio(self.play_one_game), ratio(self.play_many_games)

    @property
    def flatness(self) -> float | None:
        """The slowest game length's hands/s over the fastest's."""
        rates = [rate for _, rate in self.lengths]
        return min(rates) / max(rates) if rates else None

    def report(self) -> str:
        """A few lines for people; the colons of a section line up.

        >>> print(BenchResult(10, "cards4net", 100.0, 50.0, None).report())
        ... # doctest: +ELLIPSIS
        spadeslib bench (cards4net), Python ..., ... CPUs, best of repeats
        engine alone, 10 random hands (CPU time):
          spadeslib apply(check=False) :       100 hands/s
          spadeslib apply() validated  :        50 hands/s
          OpenSpiel                    : not installed (pip install 'spadeslib[bench]')
        """
        lines = [
            f"spadeslib bench ({self.rules}), Python {platform.python_version()}, "
            f"{os.cpu_count()} CPUs, best of repeats",
            f"engine alone, {self.hands} random hands (CPU time):",
        ]
        rows = [
            ("spadeslib apply(check=False)", f"{self.fast:9,.0f} hands/s"),
            ("spadeslib apply() validated", f"{self.checked:9,.0f} hands/s"),
        ]
        if self.openspiel is None:
            rows.append(("OpenSpiel", "not installed (pip install 'spadeslib[bench]')"))
        else:
            rows.append(
                (
                    "OpenSpiel spades (C++ via pyspiel)",
                    f"{self.openspiel:9,.0f} hands/s",
                )
            )
            faster = "faster" if (self.ratio or 0) >= 1 else "slower"
            rows.append(
                (
                    "spadeslib's hands/s / OpenSpiel's",
                    f"{self.ratio:9.2f} (spadeslib {faster})",
                )
            )
        lines += _aligned(rows)
        if self.play_one_game is not None or self.play_many_games is not None:
            one, many = self.play_ratios()
            lines.append(
                f"{PLAY_HANDS:,} hands as a process, start-up included "
                "(CPU time, workers included, bytecode cached):"
            )
            rows = []
            if self.openspiel_process is not None:
                rows.append(
                    (
                        "OpenSpiel random play from Python",
                        f"{self.openspiel_process:6.2f} s",
                    )
                )
            for label, seconds, ratio in (
                ("1 game", self.play_one_game, one),
                ("30 games", self.play_many_games, many),
            ):
                shown = "failed" if seconds is None else f"{seconds:6.2f} s"
                versus = (
                    ""
                    if ratio is None
                    else f"  OpenSpiel takes {ratio:.2f}× this time (target 1.5×)"
                )
                rows.append((f"spades play, random bots, {label}", shown + versus))
            lines += _aligned(rows)
        if self.lengths:
            rates = ", ".join(f"{n:,} hands {r:,.0f}/s" for n, r in self.lengths)
            lines.append(f"flat cost, random bots through views (CPU time): {rates}")
            lines.append(
                f"  slowest/fastest: {self.flatness:.2f} (target at least 0.9)"
            )
        if self.rule_ms is not None:
            lines.append(
                f"four rule bots through views: {self.rule_ms:.2f} ms a hand "
                "(CPU time, target under 3 ms)"
            )
        return "\n".join(lines)


def _aligned(rows: list[tuple[str, str]]) -> list[str]:
    """``label : value`` lines, indented, the colons in one column."""
    width = max((len(label) for label, _ in rows), default=0)
    return [f"  {label:<{width}} : {value}" for label, value in rows]


def run_bench(
    hands: int = 2000,
    seed: int = 0,
    rules: str = "cards4net",
    repeat: int = 3,
    peer: bool = True,
    *,
    paths: bool = True,
) -> BenchResult:
    """Run each workload ``repeat`` times, interleaved, and keep the best.

    ``paths=False`` measures the engine alone (no processes, bots or game
    lengths)."""
    fast, checked, other = [], [], []
    one: list[float | None] = []
    many: list[float | None] = []
    peer_process: list[float | None] = []
    lengths: list[list[tuple[int, float]]] = []
    rule: list[float] = []
    if paths:  # fills the bytecode cache of the timed processes
        play_process_seconds(1, 1, seed, rules)
    for r in range(repeat):
        fast.append(engine_hands_per_second(hands, seed + r, rules))
        checked.append(
            engine_hands_per_second(max(hands // 4, 1), seed + r, rules, checked=True)
        )
        if peer:
            value = openspiel_hands_per_second(hands, seed + r)
            if value is not None:
                other.append(value)
                peer_process.append(openspiel_process_seconds(PLAY_HANDS, seed + r))
        if paths:
            one.append(play_process_seconds(1, PLAY_HANDS, seed + r, rules))
            many.append(play_process_seconds(30, PLAY_HANDS // 30, seed + r, rules))
            lengths.append(game_length_rates(seed=seed + r, rules=rules))
            rule.append(rule_bot_ms_per_hand(seed=seed + r, rules=rules))
    best_lengths: tuple[tuple[int, float], ...] = ()
    if lengths:
        best_lengths = tuple(
            (length, max(run[i][1] for run in lengths))
            for i, (length, _) in enumerate(lengths[0])
        )
    return BenchResult(
        hands,
        Rules.parse(rules).spec,
        max(fast),
        max(checked),
        max(other) if other else None,
        play_one_game=_best(one),
        play_many_games=_best(many),
        openspiel_process=_best(peer_process),
        lengths=best_lengths,
        rule_ms=min(rule) if rule else None,
    )
