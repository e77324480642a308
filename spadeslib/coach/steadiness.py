"""Are the coach's ratings steady? The same cards rated under two seeds, and
against a reference analysis over many more deals.

Deals are played by the rule level at every seat. At a few card decisions of
each hand (:data:`PER_DEAL`, drawn with a seeded generator among those of
the first :data:`TRICKS` tricks that offer two different cards), every legal
card is rated as if a learner had played it: by the coach at ``level`` under
two seeds (two sets of sampled deals), and by a coach of the same level over
``reference`` deals (640 by default, 16 times the search coach's 40). Each
card is rated two ways:

- **by the estimate**: the rating of the bare expected loss;
- **the scale**: the published rating, which reads the loss less one
  standard error of its estimate, never less than a card of the same
  decision that loses less reads (:func:`~spadeslib.coach.ratings.rated_losses`;
  ``noise`` measures another number of standard errors, and ``samples``
  another number of deals for the two seeds).

Reported for each, against the reference's rating of the same card (its
estimate, over 16 times the deals): how often the two agree, how often they
are at most one step apart, the **false alarms** (an inaccuracy or worse
where the reference says best or good), the **misses** (best or good
where the reference says a mistake or worse) and how many of the cards
rated an inaccuracy or worse the reference rates so too; and, between the
two seeds,
how often a card gets the same rating, how often an inaccuracy or worse
under one seed is one under the other, and how often a best card stays
best. A rater that called every card best would be steady and miss every
mistake, and one that read the bare estimate would catch every mistake and
raise false alarms: the figures show both failures.

>>> report = steadiness("rule", deals=1, seed=3, reference=48)
>>> report.cards > 0, sorted(report.rows)
(True, ['by the estimate', 'the scale'])
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import asdict, dataclass, field
from typing import Any

from ..actions import Action
from ..bots import make_bot
from ..bots.studies.cards import CardStudy
from ..errors import SpadesError, is_number
from ..hand import Hand, Phase
from ..rules import Rules
from .coach import EXTEND, WIDE, Coach
from .ratings import NOISE, RATINGS, rated_losses, rating_for

__all__ = ["PER_DEAL", "TRICKS", "Row", "Steadiness", "steadiness"]

#: decisions rated in each deal
PER_DEAL = 4
#: decisions are drawn from the first this many tricks (later ones are
#: solved exactly, with nothing to be unsteady about)
TRICKS = 8
#: the two ways of rating a card that are compared
WAYS = ("by the estimate", "the scale")


@dataclass
class Row:
    """One way of rating, counted over every card rated."""

    cards: int = 0
    agree: int = 0
    near: int = 0
    false_alarms: int = 0
    misses: int = 0
    same: int = 0
    bad: int = 0
    bad_confirmed: int = 0
    bad_kept: int = 0
    best: int = 0
    best_kept: int = 0

    def add(self, mine: str, other_seed: str, reference: str) -> None:
        """Count one card: its rating under the first seed, under the second,
        and the reference's."""
        a, b, r = (RATINGS.index(x) for x in (mine, other_seed, reference))
        self.cards += 1
        self.agree += a == r
        self.near += abs(a - r) <= 1
        self.false_alarms += a >= 2 and r <= 1
        self.misses += a <= 1 and r >= 3
        self.same += a == b
        if a >= 2:
            self.bad += 1
            self.bad_confirmed += r >= 2
            self.bad_kept += b >= 2
        if a == 0:
            self.best += 1
            self.best_kept += b == 0

    def shares(self) -> dict[str, float]:
        """Each figure as a share (of the cards, or of the cards it is
        conditioned on)."""

        def share(part: int, whole: int) -> float:
            return part / whole if whole else 0.0

        return {
            "agree": share(self.agree, self.cards),
            "within one": share(self.near, self.cards),
            "false alarms": share(self.false_alarms, self.cards),
            "misses": share(self.misses, self.cards),
            "inaccuracy+ confirmed": share(self.bad_confirmed, self.bad),
            "same under both seeds": share(self.same, self.cards),
            "inaccuracy+ kept": share(self.bad_kept, self.bad),
            "best kept": share(self.best_kept, self.best),
        }


@dataclass
class Steadiness:
    """The report of :func:`steadiness`."""

    level: str
    deals: int
    seed: Any
    reference: int
    samples: int
    noise: float = NOISE
    steady: bool = True
    """The two seeds' coaches deal more where their deals disagree widely."""
    wide: float = WIDE
    """The standard error (points) above which they do."""
    bids: bool = False
    """The decisions rated are bids, not cards."""
    decisions: int = 0
    cards: int = 0
    """Cards rated (bids, with ``bids``)."""
    rows: dict[str, Row] = field(default_factory=lambda: {w: Row() for w in WAYS})
    spread: dict[str, int] = field(default_factory=lambda: dict.fromkeys(RATINGS, 0))
    """The reference's ratings of the cards."""
    times: list[float] = field(default_factory=list, repr=False)
    """Seconds the first seed's coach took for each decision (its ratings)."""
    dealt_more: int = 0
    """Decisions the first seed's coach dealt more deals for."""

    def text(self) -> str:
        """The report as a table."""
        more = (
            f", {EXTEND} times as many where a loss's standard error is over"
            f" {self.wide:g} points"
        )
        lines = [
            f"The {self.level} coach ({self.samples} deals a decision"
            f"{more if self.steady else ''}) against itself"
            f" over {self.reference} deals: {self.decisions} decisions of"
            f" {self.deals} deals (seed {self.seed}), {self.cards}"
            f" {'bids' if self.bids else 'cards'} rated.",
            "The reference rates them "
            + ", ".join(f"{n} {r}" for r, n in self.spread.items())
            + ".",
            f"The scale takes {self.noise:g} standard"
            f" error{'' if self.noise == 1 else 's'} off each loss.",
            self._timing(),
            "",
        ]
        names = list(Row().shares())
        width = max(len(n) for n in names)
        lines.append(f"{'':{width}}  " + "  ".join(f"{w:>15}" for w in WAYS))
        shares = {w: self.rows[w].shares() for w in WAYS}
        for name in names:
            cells = "  ".join(f"{100 * shares[w][name]:>14.1f}%" for w in WAYS)
            lines.append(f"{name:{width}}  {cells}")
        return "\n".join(lines)

    def _timing(self) -> str:
        """How long the first seed's coach took a decision (on this machine,
        with the other jobs running), and how often it dealt more."""
        if not self.times:
            return "No decision was rated."
        ms = sorted(1000 * t for t in self.times)
        p50, p95 = ms[len(ms) // 2], ms[min(len(ms) - 1, int(0.95 * len(ms)))]
        return (
            f"A decision took the first seed's coach {statistics.mean(ms):.0f} ms"
            f" on average (p50 {p50:.0f}, p95 {p95:.0f}); it dealt more for"
            f" {self.dealt_more} of {self.decisions}."
        )

    def __str__(self) -> str:
        return self.text()

    def to_dict(self) -> dict[str, Any]:
        """The report as plain data (for ``--json``)."""
        out = asdict(self)
        out["shares"] = {w: self.rows[w].shares() for w in WAYS}
        return out


def _ratings(coach: Coach, hand: Hand, noise: float) -> dict[Action, tuple[str, str]]:
    """Every legal action of the player to move, rated by the estimate and by
    the scale (with ``noise`` standard errors taken off)."""
    advice = coach.advise(hand)
    verdicts = {card: advice.rate(card) for card in advice.view.legal}
    # an exact loss's interval has no width: nothing is taken off
    scale = rated_losses({c: (v.loss, v.loss_ci) for c, v in verdicts.items()}, noise)
    return {
        card: (rating_for(verdict.loss), rating_for(scale[card][0]))
        for card, verdict in verdicts.items()
    }


def _deal(
    job: tuple[tuple[str, Any, int, int, float, bool, float, Rules, bool], int],
) -> list[Any]:
    """The ratings of one deal's drawn decisions: per decision, per card (or
    bid), the two seeds' (estimate, scale) and the reference's estimate
    rating."""
    (level, seed, reference, samples, noise, steady, wide, rules, bids), deal = job
    tag = f"{seed}/steadiness/{deal}"
    hand = Hand(rules, rules.seats[deal % len(rules.seats)], seed=tag)
    bots = {s: make_bot("rule", seed=f"{tag}/{s.letter}") for s in hand.seats}
    probe = Coach("rule", seed=tag, samples=1)
    moments = []
    while not hand.is_over:
        mover = hand.turn
        assert mover is not None
        if bids and hand.phase is Phase.BIDDING:
            if probe.advise(hand).kind == "bid" and len(hand.legal_actions()) > 1:
                moments.append(hand.clone())
        elif not bids and hand.phase is Phase.PLAYING and len(hand.tricks) < TRICKS:
            study = probe.advise(hand).study
            if isinstance(study, CardStudy) and len(set(study.reps.values())) > 1:
                moments.append(hand.clone())
        hand.apply(bots[mover].act(hand.view(mover)))
    picked = random.Random(tag).sample(moments, min(PER_DEAL, len(moments)))
    first = Coach(level, f"{seed}/a", samples=samples, steady=steady, wide=wide)
    second = Coach(level, f"{seed}/b", samples=samples, steady=steady, wide=wide)
    judge = Coach(level, f"{seed}/reference", samples=reference, steady=False)
    found = []
    for moment in picked:
        start = time.perf_counter()
        a = _ratings(first, moment, noise)
        took = time.perf_counter() - start
        more = first.advise(moment).worlds > samples
        b, ref = _ratings(second, moment, noise), _ratings(judge, moment, noise)
        found.append(([(a[c], b[c], ref[c][0]) for c in a], took, more))
    return found


def steadiness(
    level: str = "search",
    *,
    deals: int = 100,
    seed: Any = 0,
    reference: int = 640,
    samples: int | None = None,
    noise: float = NOISE,
    steady: bool = True,
    wide: float = WIDE,
    rules: Rules | str = "cards4net",
    bids: bool = False,
    jobs: int | None = 1,
    progress: bool | None = False,
) -> Steadiness:
    """Rate every legal card at :data:`PER_DEAL` decisions of each of
    ``deals`` deals under two seeds and over ``reference`` deals (see the
    module docstring). ``samples`` overrides the level's deals per decision
    for the two seeds; ``noise`` is the standard errors the scale takes off;
    ``steady=False`` keeps the two seeds' coaches to their budget where their
    deals disagree widely, ``wide`` says when they do (the reference always
    keeps to its own). ``bids``: rate every legal bid of each seat's bid (a
    seat that has looked), not cards."""
    from ..parallel import run

    rules = Rules.parse(rules) if isinstance(rules, str) else rules
    if deals < 1:
        raise SpadesError("a steadiness run needs at least one deal")
    if not is_number(noise) or not 0 <= noise <= 5:
        raise SpadesError(f"noise must be from 0 to 5 standard errors, not {noise!r}")
    Coach(level, samples=reference)  # refuses an unknown level or budget
    samples = Coach(level, samples=samples, wide=wide).samples
    report = Steadiness(
        level, deals, seed, reference, samples, noise, steady, wide, bids
    )
    init = (level, seed, reference, samples, noise, steady, wide, rules, bids)
    outs = run(
        _deal,
        [(init, deal) for deal in range(deals)],
        jobs=jobs,
        progress=progress,
        label="deals",
    )
    for decisions in outs:
        for cards, took, more in decisions:
            report.decisions += 1
            report.times.append(took)
            report.dealt_more += more
            for (est_a, scale_a), (est_b, scale_b), ref in cards:
                report.cards += 1
                report.spread[ref] += 1
                report.rows[WAYS[0]].add(est_a, est_b, ref)
                report.rows[WAYS[1]].add(scale_a, scale_b, ref)
    return report
