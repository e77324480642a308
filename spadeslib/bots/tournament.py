"""The ladder's round-robin: duplicate matches between levels, and Elo-style
ratings from them.

Every pair of levels (or only neighbours on the ladder, ``pairs="adjacent"``)
plays the same ``deals`` duplicate deals (:func:`~.match.duplicate_match`).
A level *scores* a deal when its points over the two plays beat the other
level's (half a point for a tie); ratings are the Bradley-Terry (Elo)
strengths that best explain those scores, 400 points of rating for odds of
ten to one, anchored at 1500 for the ``rule`` level (or the first level).

>>> report = round_robin(["novice", "rule"], deals=2, seed=1, check_tricks=0)
>>> list(report.ratings())
['novice', 'rule']
>>> report.matches[("rule", "novice")].deals
2
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import SpadesError
from ..rules import Rules
from .match import duplicate_match
from .match_report import MatchReport
from .stats import latency

__all__ = ["LadderReport", "elo_ratings", "keep_match", "round_robin", "saved_match"]

#: the rating of the anchor level
ANCHOR = 1500.0


def elo_ratings(
    levels: list[str],
    scores: dict[tuple[str, str], tuple[float, int]],
    anchor: str | None = None,
) -> dict[str, float]:
    """Bradley-Terry ratings on the Elo scale from ``scores[(a, b)] = (a's
    score, games)``; ``anchor`` (default ``rule`` or the first level) gets
    :data:`ANCHOR`. A level that won or lost everything is kept finite by a
    prior of one drawn game against each opponent it met.

    >>> r = elo_ratings(["x", "y"], {("y", "x"): (75.0, 100)}, anchor="x")
    >>> round(r["y"] - r["x"])  # 400 log10(75.5 / 25.5), the prior included
    189
    """
    wins: dict[tuple[str, str], float] = {}
    games: dict[tuple[str, str], float] = {}
    for (a, b), (score, n) in scores.items():
        # one drawn game of prior on each pair keeps every rating finite
        wins[(a, b)] = wins.get((a, b), 0.0) + score + 0.5
        wins[(b, a)] = wins.get((b, a), 0.0) + (n - score) + 0.5
        games[(a, b)] = games.get((a, b), 0.0) + n + 1
        games[(b, a)] = games.get((b, a), 0.0) + n + 1
    strength = dict.fromkeys(levels, 1.0)
    for _ in range(2000):
        new = {}
        for a in levels:
            won = sum(w for (x, _), w in wins.items() if x == a)
            denom = sum(
                n / (strength[a] + strength[b]) for (x, b), n in games.items() if x == a
            )
            new[a] = won / denom if denom else strength[a]
        shift = sum(math.log(v) for v in new.values()) / len(new)
        new = {k: math.exp(math.log(v) - shift) for k, v in new.items()}
        done = max(abs(new[k] - strength[k]) for k in levels) < 1e-10
        strength = new
        if done:
            break
    base = anchor if anchor in levels else ("rule" if "rule" in levels else levels[0])
    ref = math.log10(strength[base])
    return {k: ANCHOR + 400 * (math.log10(strength[k]) - ref) for k in levels}


def _match_file(folder: str | Path, upper: str, lower: str) -> Path:
    name = re.sub(r"[^\w.=-]+", "_", f"{upper}--{lower}")
    return Path(folder) / f"{name}.json"


def saved_match(
    folder: str | Path, upper: str, lower: str, settings: dict[str, Any]
) -> MatchReport | None:
    """The match of ``upper`` against ``lower`` kept in ``folder`` by an
    earlier run with the same ``settings`` (levels, options, deals, seed,
    rules, tricks checked), or ``None``. The file does not know the bots'
    code: after changing a level, use a new folder."""
    path = _match_file(folder, upper, lower)
    if not path.is_file():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    if data.get("settings") != json.loads(json.dumps(settings)):
        return None
    return MatchReport.load(data["match"])


def keep_match(
    folder: str | Path,
    upper: str,
    lower: str,
    settings: dict[str, Any],
    match: MatchReport,
) -> Path:
    """Write ``match`` to ``folder`` for :func:`saved_match` (whole or not at
    all: a run stopped while writing leaves no half file)."""
    path = _match_file(folder, upper, lower)
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_suffix(".part")
    data = {"settings": settings, "match": match.dump()}
    part.write_text(json.dumps(data), encoding="utf-8")
    part.replace(path)
    return path


@dataclass
class LadderReport:
    """The round-robin's matches (keyed ``(stronger on the ladder, weaker)``)."""

    levels: list[str]
    rules: str
    seed: Any
    deals: int
    matches: dict[tuple[str, str], MatchReport] = field(default_factory=dict)
    command: str = ""

    def scores(self) -> dict[tuple[str, str], tuple[float, int]]:
        """Deals scored by the first level of each pair (ties count half)."""
        out = {}
        for pair, m in self.matches.items():
            score = sum(1.0 if d > 0 else 0.5 if d == 0 else 0.0 for d in m.diffs)
            out[pair] = (score, len(m.diffs))
        return out

    def ratings(self) -> dict[str, float]:
        """Elo-style rating of every level."""
        return elo_ratings(self.levels, self.scores())

    def _level_stats(self, level: str) -> dict[str, Any]:
        wall: list[float] = []
        cpu: list[float] = []
        loss: list[float] = []
        blunders = 0
        filters = False
        deals = 0
        for (a, b), m in self.matches.items():
            if level not in (a, b):
                continue
            key = "a" if level == a else "b"
            st = m.stats[key]
            wall += st.wall
            cpu += st.cpu
            loss += [(r.loss_a if key == "a" else r.loss_b) / 2 for r in m.results]
            blunders += st.blunders
            filters = filters or st.filters_blunders
            deals += m.deals
        from .stats import t_interval

        return {
            "wall": latency(wall),
            "cpu": latency(cpu),
            "exact_loss": t_interval(loss),
            "blunders_per_100": 100 * blunders / max(1, deals),
            "filters_blunders": filters,
        }

    def to_dict(self) -> dict[str, Any]:
        """Everything as plain JSON-ready data."""
        ratings = self.ratings()
        return {
            "levels": self.levels,
            "rules": self.rules,
            "seed": self.seed,
            "deals": self.deals,
            "ratings": ratings,
            "per_level": {lv: self._level_stats(lv) for lv in self.levels},
            "matches": [
                {"a": a, "b": b, "mean": m.mean, "ci95": list(m.ci)}
                for (a, b), m in self.matches.items()
            ],
        }

    def text(self) -> str:
        """The rating table, then every match's margin."""
        ratings = self.ratings()
        check = max((m.check_tricks for m in self.matches.values()), default=0)
        lines = [
            f"Ladder: {len(self.levels)} levels, {self.rules}, {self.deals} duplicate "
            f"deals per match, seed {self.seed}",
            "",
            "| level | Elo | vs the level below (points/deal, 95% CI) | "
            f"lost to exact play, last {check} tricks (points/deal, 95% CI) | "
            "blunders /100 deals | ms/decision p50 / p95 (CPU p95) |",
            "| --- | ---: | --- | --- | --- | --- |",
        ]
        for i, level in enumerate(self.levels):
            st = self._level_stats(level)
            below = ""
            if i > 0:
                m = self.matches.get((level, self.levels[i - 1]))
                if m is not None:
                    low, high = m.ci
                    below = (
                        f"{m.mean:+.1f} [{low:+.1f}, {high:+.1f}] vs "
                        f"{self.levels[i - 1]}"
                    )
            mean, low, high = st["exact_loss"]
            loss = f"{mean:.1f} [{low:.1f}, {high:.1f}]" if check else "-"
            blund = f"{st['blunders_per_100']:.1f}"
            if st["filters_blunders"]:
                blund += " (excluded by construction)"
            lines.append(
                f"| {level} | {ratings[level]:.0f} | {below} | {loss} | {blund} | "
                f"{st['wall']['p50']:.1f} / {st['wall']['p95']:.1f} "
                f"({st['cpu']['p95']:.1f}) |"
            )
        lines.append("")
        for (a, b), m in self.matches.items():
            low, high = m.ci
            lines.append(
                f"{a} - {b}: {m.mean:+.1f} per deal, 95% CI [{low:+.1f}, {high:+.1f}]"
            )
        if self.command:
            lines.append(f"printed by: {self.command}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text()


def round_robin(
    levels: list[str],
    *,
    deals: int = 100,
    seed: Any = 0,
    rules: Rules | str = "cards4net",
    pairs: str = "all",
    jobs: int | None = 1,
    progress: bool | None = False,
    check_tricks: int | None = None,
    options: dict[str, dict[str, Any]] | None = None,
    scheduler: Any = None,
    on_match: Callable[[MatchReport], None] | None = None,
    save: str | Path | None = None,
) -> LadderReport:
    """Duplicate matches between ``levels`` (weakest first): every pair, or
    with ``pairs="adjacent"`` only each level against the one below. Each
    level's card play in the last ``check_tricks`` tricks of every hand is
    checked against exact analysis (default: :func:`~.match.exact_tricks`,
    8 when the solver takes that many cards). ``on_match`` is called with
    each match as it finishes (a long run reports as it goes). ``save``: a
    folder keeping each finished match (:func:`saved_match`), so a run cut
    short resumes where it stopped."""
    from . import parse_level
    from .match import check_level, exact_tricks

    # read every level first: an unknown one is named before any count; the
    # same level twice is found however written (built-in names in any case,
    # a bot of your own's path as it is)
    named = [_canonical(spec) for spec in levels]
    if len(levels) < 2:
        raise SpadesError("a ladder needs at least two levels")
    twice = next(
        (
            spec.strip()
            for spec, key in zip(levels, named, strict=True)
            if named.count(key) > 1
        ),
        None,
    )
    if twice is not None:
        raise SpadesError(
            f"the level {twice!r} is named twice: a ladder plays each once"
        )
    if pairs not in ("all", "adjacent"):
        raise SpadesError(f"pairs must be 'all' or 'adjacent', not {pairs!r}")
    if deals < 2:
        raise SpadesError(
            f"a ladder needs at least 2 deals, not {deals}: a margin's 95% "
            "interval is read from the spread of the deals"
        )
    rules = Rules.parse(rules) if isinstance(rules, str) else rules
    options = options or {}
    for spec in levels:  # every bot made once, before the first match
        name, opts = parse_level(spec)
        check_level(name, seed, {**opts, **options.get(spec, {})}, "a")
    check = exact_tricks(rules) if check_tricks is None else check_tricks
    report = LadderReport(list(levels), rules.full_spec, seed, deals)
    for i, upper in enumerate(levels):
        for j in range(i):
            if pairs == "adjacent" and j != i - 1:
                continue
            lower = levels[j]
            ua, uo = parse_level(upper)
            la, lo = parse_level(lower)
            uo.update(options.get(upper, {}))
            lo.update(options.get(lower, {}))
            # what decides the match's result (how it is run does not)
            decides: dict[str, Any] = {
                "a_options": uo,
                "b_options": lo,
                "deals": deals,
                "seed": seed,
                "check_tricks": check,
            }
            settings = {"a": ua, "b": la, "rules": rules.full_spec, **decides}
            match = saved_match(save, upper, lower, settings) if save else None
            if match is None:
                match = duplicate_match(
                    ua,
                    la,
                    rules=rules,
                    jobs=jobs,
                    progress=progress,
                    scheduler=scheduler,
                    **decides,
                )
                if save:
                    keep_match(save, upper, lower, settings, match)
            report.matches[(upper, lower)] = match
            if on_match is not None:
                on_match(match)
    return report


def _canonical(spec: str) -> str:
    """The level ``spec`` names, as one text (``"search:samples=8"``)."""
    from . import parse_level

    name, options = parse_level(spec)
    return name + ":" + ",".join(f"{k}={v}" for k, v in sorted(options.items()))
