"""Duplicate matches between two bot levels.

Every deal is played twice from the same cards and the same dealer: first
with bot ``a`` in the first partnership (North-South; North in two-player)
and ``b`` in the other, then with the seats swapped; bots are reset before
each play. Each deal is an independent hand starting at 0-0 with no bags, and
points are *bag-adjusted*: contract and nil points as scored, every bag
counted -10 instead of the penalty, so deals do not depend on a game score.

The per-deal difference is ``(a's points in both plays - b's points in both
plays) / 2``; the report gives its mean with a 95% confidence interval, and
for each bot: contracts made and set, nil and blind nil success, bags per
hand and blunders (a partner's sure winner trumped or overtaken; a partner's
nil left uncovered when a card could have covered it). A level that never
tries those moves (``filters_blunders``) has its blunder count reported as
excluded by construction, never as a clean zero. Every level is also
measured by what no filter avoids: the points its card play loses against
exact analysis (every card known, everybody perfect afterwards) over the
last :data:`EXACT_TRICKS` tricks of every hand, per deal with a 95% CI.

>>> report = duplicate_match("rule", "random", deals=2, seed=1)
>>> report.deals, len(report.diffs), report.mean > 0
(2, 2, True)
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from ..actions import Bid, BidKind
from ..cards import Card
from ..hand import Hand, Phase
from ..rules import Rules
from ..scoring import side_of, sides
from ..seats import Seat
from .base import Bot, BotError
from .knowledge import state_from_view
from .seat_context import partner_sure
from .stats import latency, mean_ci, t_quantile

__all__ = [
    "EXACT_TRICKS",
    "BotStats",
    "DealResult",
    "MatchReport",
    "duplicate_match",
    "exact_tricks",
    "latency",
    "t_quantile",
]

#: the last tricks of every hand whose card play is checked against exact
#: analysis (capped by what the solver accepts: see :func:`exact_tricks`)
EXACT_TRICKS = 8


def exact_tricks(rules: Rules, wanted: int = EXACT_TRICKS) -> int:
    """How many final tricks the exact check covers: ``wanted``, or fewer if
    the solver refuses that many cards.

    >>> exact_tricks(Rules.preset()) >= 4
    True
    """
    from ..coach.exact import MAX_CARDS

    return max(0, min(wanted, MAX_CARDS // rules.players))


BotFactory = Callable[[Seat], Bot]


@dataclass
class BotStats:
    """What one level did over a match (counted per side and hand)."""

    hands: int = 0
    points: int = 0
    contracts: int = 0
    made: int = 0
    set: int = 0
    nils: int = 0
    nils_made: int = 0
    blind_nils: int = 0
    blind_nils_made: int = 0
    bags: int = 0
    tricks: int = 0
    overtakes: int = 0
    uncovered: int = 0
    exact_loss: float = 0.0
    """Points lost against exact analysis in the final tricks (summed)."""
    exact_decisions: int = 0
    """Card decisions checked against exact analysis."""
    filters_blunders: bool = False
    """The level never tries the moves counted as blunders."""
    wall: list[float] = field(default_factory=list, compare=False, repr=False)
    """Seconds (wall clock) of each decision with more than one legal action."""
    cpu: list[float] = field(default_factory=list, compare=False, repr=False)
    """Process CPU seconds of the same decisions."""

    @property
    def made_rate(self) -> float:
        """Share of contracts (team contracts above 0) made."""
        return self.made / self.contracts if self.contracts else float("nan")

    @property
    def set_rate(self) -> float:
        """Share of contracts set."""
        return self.set / self.contracts if self.contracts else float("nan")

    @property
    def nil_rate(self) -> float:
        """Share of nil bids (not blind) made."""
        return self.nils_made / self.nils if self.nils else float("nan")

    @property
    def blind_nil_rate(self) -> float:
        """Share of blind nil bids made."""
        return (
            self.blind_nils_made / self.blind_nils if self.blind_nils else float("nan")
        )

    @property
    def bags_per_hand(self) -> float:
        """Bags taken per hand played."""
        return self.bags / self.hands if self.hands else float("nan")

    @property
    def blunders(self) -> int:
        """Overtakes of a partner's sure winner plus uncovered partner nils."""
        return self.overtakes + self.uncovered

    def add(self, other: BotStats) -> None:
        """Add another count into this one."""
        for name in self.__dataclass_fields__:
            if name == "filters_blunders":
                self.filters_blunders = self.filters_blunders or other.filters_blunders
                continue
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def blunder_text(self, deals: int) -> str:
        """The blunder count in words (never a bare 0 for a filtering level)."""
        if self.filters_blunders:
            return (
                f"blunders {self.blunders} (excluded by construction: this level "
                "never tries those moves)"
            )
        return (
            f"blunders {self.blunders} ({self.overtakes} overtakes, {self.uncovered} "
            f"uncovered nils; {100 * self.blunders / max(1, deals):.2f} per 100 deals)"
        )


@dataclass
class DealResult:
    """One deal played twice. ``points_a``/``points_b`` are each level's
    bag-adjusted points summed over its two plays."""

    deal: int
    dealer: str
    points_a: int
    points_b: int
    bids: tuple[dict[str, str], dict[str, str]]
    tricks: tuple[dict[str, int], dict[str, int]]
    loss_a: float = 0.0
    """Points ``a`` lost against exact analysis (final tricks, both plays)."""
    loss_b: float = 0.0

    @property
    def diff(self) -> float:
        """``a`` minus ``b`` per deal (half the two-play difference)."""
        return (self.points_a - self.points_b) / 2


@dataclass
class MatchReport:
    """The result of :func:`duplicate_match`; plot from :attr:`diffs` or
    :attr:`results`."""

    a: str
    b: str
    rules: str
    seed: Any
    deals: int
    results: list[DealResult] = field(default_factory=list)
    stats: dict[str, BotStats] = field(default_factory=dict)
    seconds: float = 0.0
    decisions: int = 0
    check_tricks: int = 0
    """Final tricks of every hand checked against exact analysis."""

    @property
    def diffs(self) -> list[float]:
        """Per-deal differences, ``a`` minus ``b``."""
        return [r.diff for r in self.results]

    @property
    def mean(self) -> float:
        """Mean bag-adjusted points per deal, ``a`` minus ``b``."""
        d = self.diffs
        return sum(d) / len(d) if d else float("nan")

    @property
    def stderr(self) -> float:
        """Standard error of :attr:`mean`."""
        d = self.diffs
        if len(d) < 2:
            return float("nan")
        return statistics.stdev(d) / math.sqrt(len(d))

    @property
    def ci(self) -> tuple[float, float]:
        """95% confidence interval of :attr:`mean` (Student's t)."""
        n = len(self.results)
        if n < 2:
            return (float("nan"), float("nan"))
        half = t_quantile(0.975, n - 1) * self.stderr
        return (self.mean - half, self.mean + half)

    def line(self) -> str:
        """One line: the margin per deal with its 95% CI and the time taken.

        >>> MatchReport("search", "rule", "cards4net", 0, 2).line()
        'search - rule: no deal played'
        """
        if not self.results:
            return f"{self.a} - {self.b}: no deal played"
        low, high = self.ci
        took = (
            f"{self.seconds:.0f} s"
            if self.seconds < 120
            else f"{self.seconds / 60:.0f} min"
        )
        return (
            f"{self.a} - {self.b}: {self.mean:+.1f} [{low:+.1f}, {high:+.1f}] "
            f"per deal over {len(self.results)} deals ({took})"
        )

    def per_deal(self, level: str) -> float:
        """Mean points per deal of one level (``"a"`` or ``"b"``, or its name)."""
        key = "a" if level in ("a", self.a) else "b"
        total = sum(r.points_a if key == "a" else r.points_b for r in self.results)
        return total / 2 / len(self.results) if self.results else float("nan")

    def exact_loss(self, level: str) -> tuple[float, float, float]:
        """Points per deal (one play of the hand) that a level's card play lost
        against exact analysis in the final tricks: mean and 95% CI."""
        key = "a" if level in ("a", self.a) else "b"
        per = [(r.loss_a if key == "a" else r.loss_b) / 2 for r in self.results]
        return mean_ci(per)

    def dump(self) -> dict[str, Any]:
        """Everything, every deal and every decision's time included, as
        JSON-ready data that :meth:`load` reads back.

        >>> report = duplicate_match("rule", "random", deals=1, seed=1)
        >>> MatchReport.load(report.dump()) == report
        True
        """
        return asdict(self)

    @classmethod
    def load(cls, data: dict[str, Any]) -> MatchReport:
        """The report :meth:`dump` wrote (after a JSON round trip too)."""
        fields = dict(data)
        fields["results"] = [
            DealResult(**{**r, "bids": tuple(r["bids"]), "tricks": tuple(r["tricks"])})
            for r in data["results"]
        ]
        fields["stats"] = {k: BotStats(**v) for k, v in data["stats"].items()}
        return cls(**fields)

    def to_dict(self) -> dict[str, Any]:
        """Everything as plain JSON-ready data."""
        low, high = self.ci
        out: dict[str, Any] = {
            "a": self.a,
            "b": self.b,
            "rules": self.rules,
            "seed": self.seed,
            "deals": self.deals,
            "mean_diff": self.mean,
            "ci95": [low, high],
            "points_per_deal": {"a": self.per_deal("a"), "b": self.per_deal("b")},
            "seconds": self.seconds,
            "decisions": self.decisions,
            "stats": {},
            "diffs": self.diffs,
        }
        for key, st in self.stats.items():
            data = asdict(st)
            del data["wall"], data["cpu"]
            data.update(
                ms_per_decision=latency(st.wall),
                cpu_ms_per_decision=latency(st.cpu),
                made_rate=st.made_rate,
                set_rate=st.set_rate,
                nil_rate=st.nil_rate,
                blind_nil_rate=st.blind_nil_rate,
                bags_per_hand=st.bags_per_hand,
                blunders=st.blunders,
                blunders_per_100_deals=100 * st.blunders / max(1, self.deals),
                exact_loss_per_deal=list(self.exact_loss(key)),
            )
            out["stats"][key] = data
        return out

    def text(self) -> str:
        """A readable summary."""
        low, high = self.ci
        lines = [
            f"duplicate match {self.a} vs {self.b}, {self.rules}, {self.deals} deals "
            f"(each played twice), seed {self.seed}",
            f"  {self.a} - {self.b}: {self.mean:+.1f} bag-adjusted points per deal, "
            f"95% CI [{low:+.1f}, {high:+.1f}]",
        ]
        for key, name in (("a", self.a), ("b", self.b)):
            st = self.stats[key]
            label = f"{name} ({key})"
            nil = (
                f"nil {st.nils_made}/{st.nils} ({_pct(st.nil_rate)})"
                if st.nils
                else "nil 0/0"
            )
            blind = (
                f", blind nil {st.blind_nils_made}/{st.blind_nils}"
                if st.blind_nils
                else ""
            )
            lines.append(
                f"  {label:<16} {self.per_deal(key):+7.1f} pts/deal; contracts made "
                f"{_pct(st.made_rate)}, set {_pct(st.set_rate)}; {nil}{blind}; "
                f"bags/hand {st.bags_per_hand:.2f}; {st.blunder_text(self.deals)}"
            )
            if st.exact_decisions:
                mean, low_, high_ = self.exact_loss(key)
                lines.append(
                    f"  {'':<16} lost to exact analysis in the last "
                    f"{self.check_tricks} tricks: "
                    f"{mean:.1f} points per deal [{low_:.1f}, {high_:.1f}] "
                    f"({st.exact_decisions} cards checked)"
                )
        if self.decisions:
            lines.append(
                f"  {self.decisions} decisions in {self.seconds:.1f} s "
                f"({1000 * self.seconds / self.decisions:.2f} ms per decision)"
            )
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text()


def _pct(x: float) -> str:
    return "n/a" if math.isnan(x) else f"{100 * x:.1f}%"


# -------------------------------------------------------------------- play
def _beats(rules: Rules, card: Card, trick: list[tuple[Seat, Card]]) -> bool:
    from ..tricks import trick_winner

    winner = trick_winner(rules, trick)
    best = dict(trick)[winner]
    return rules.beats(card, best, rules.trick_suit(trick[0][1]))


def _exact_loss(hand: Hand, action: Card, solver: Any) -> tuple[float, Any]:
    """Points ``action`` loses against the best card with every card known."""
    from ..coach.exact import exact_lines

    values, solver = exact_lines(hand, solver)
    return float(max(values.values()) - values[action]), solver


def _play_hand(
    rules: Rules,
    dealer: Seat,
    seed: str,
    bots: dict[Seat, Bot],
    blunders: dict[Seat, list[float]],
    check_tricks: int = 0,
    times: dict[Seat, list[tuple[float, float]]] | None = None,
) -> tuple[Hand, int]:
    """Play one hand; count blunders by seat, and the points lost against
    exact analysis in the last ``check_tricks`` tricks; return the hand and
    the number of decisions."""
    hand = Hand(rules, dealer, seed=seed)
    solver: Any = None
    clock, cpu_clock = time.perf_counter, time.process_time
    check_from = 13 - check_tricks
    for bot in bots.values():
        bot.reset()
    decisions = 0
    pending: list[tuple[int, Seat, Seat]] = []  # (trick number, coverer, nil seat)
    four = rules.players == 4
    while not hand.is_over:
        seat = hand.turn
        assert seat is not None
        view = hand.view(seat)
        start, cpu_start = clock(), cpu_clock()
        action = bots[seat].act(view)
        if len(view.legal) > 1 and times is not None:
            times[seat].append((clock() - start, cpu_clock() - cpu_start))
        decisions += 1
        error = hand.check(action)
        if error is not None:
            raise BotError(
                f"bot {bots[seat].name!r} at {seat.full} chose {action}: {error}"
            )
        if (
            four
            and hand.phase is Phase.PLAYING
            and hand.trick
            and isinstance(action, Card)
        ):
            partner = seat.partner
            trick = list(hand.trick)
            from ..tricks import trick_winner

            if trick_winner(rules, trick) == partner:
                legal = [c for c in view.legal if isinstance(c, Card)]
                beating = [c for c in legal if _beats(rules, c, trick)]
                pbid = hand.bids[partner]
                own = hand.bids[seat]
                assert pbid is not None and own is not None
                if not pbid.is_nil:
                    if (
                        action in beating
                        and len(beating) < len(legal)
                        and partner_sure(state_from_view(view), int(seat))
                    ):
                        blunders[seat][0] += 1
                elif (
                    hand.tricks_won[partner] == 0
                    and not own.is_nil
                    and beating
                    and action not in beating
                ):
                    pending.append((len(hand.tricks), seat, partner))
        if (
            check_tricks
            and isinstance(action, Card)
            and len(hand.tricks) >= check_from
            and len(view.legal) > 1
        ):
            lost, solver = _exact_loss(hand, action, solver)
            blunders[seat][2] += lost
            blunders[seat][3] += 1
        hand.apply(action, check=False)
        if pending and not hand.trick:
            number, coverer, nil_seat = pending.pop()
            if hand.tricks[number].winner == nil_seat:
                blunders[coverer][1] += 1
    return hand, decisions


def _side_stats(hand: Hand, side: str, blunders: dict[Seat, list[float]]) -> BotStats:
    assert hand.result is not None
    score = hand.result[side]
    st = BotStats(hands=1)
    st.points = score.points + score.penalty_points - 10 * score.bags_gained
    st.bags = score.bags_gained
    st.tricks = score.tricks
    if score.made is not None:
        st.contracts = 1
        st.made = int(score.made)
        st.set = int(not score.made)
    for nil in score.nils:
        if nil.bid.kind is BidKind.BLIND_NIL:
            st.blind_nils += 1
            st.blind_nils_made += int(nil.made)
        else:
            st.nils += 1
            st.nils_made += int(nil.made)
    for seat in hand.seats:
        if side_of(hand.rules, seat) == side:
            st.overtakes += int(blunders[seat][0])
            st.uncovered += int(blunders[seat][1])
            st.exact_loss += blunders[seat][2]
            st.exact_decisions += int(blunders[seat][3])
    return st


def _bid_text(bid: Bid | None) -> str:
    return "-" if bid is None else str(bid)


def play_deal(
    rules: Rules,
    deal: int,
    seed: Any,
    make_a: BotFactory,
    make_b: BotFactory,
    bots_cache: dict[tuple[str, Seat], Bot] | None = None,
    check_tricks: int = 0,
) -> tuple[DealResult, BotStats, BotStats, int]:
    """Play deal number ``deal`` twice (``a`` first in the first side, then
    swapped); return the result, the stats of ``a`` and ``b`` and the number
    of decisions."""
    cache = bots_cache if bots_cache is not None else {}
    seats = (Seat.NORTH, Seat.SOUTH) if rules.players == 2 else tuple(Seat)
    dealer = seats[deal % len(seats)]
    first, second = sides(rules)
    hand_seed = f"{seed}/deal/{deal}"
    points = {"a": 0, "b": 0}
    stats = {"a": BotStats(), "b": BotStats()}
    bids = []
    tricks = []
    decisions = 0
    for play in range(2):
        a_side = first if play == 0 else second
        bots: dict[Seat, Bot] = {}
        for seat in seats:
            key = "a" if side_of(rules, seat) == a_side else "b"
            if (key, seat) not in cache:
                cache[(key, seat)] = (make_a if key == "a" else make_b)(seat)
            bots[seat] = cache[(key, seat)]
        blunders = {seat: [0.0, 0.0, 0.0, 0.0] for seat in seats}
        times: dict[Seat, list[tuple[float, float]]] = {seat: [] for seat in seats}
        hand, n = _play_hand(
            rules, dealer, hand_seed, bots, blunders, check_tricks, times
        )
        decisions += n
        for side in (first, second):
            key = "a" if side == a_side else "b"
            st = _side_stats(hand, side, blunders)
            mine = [s for s in seats if side_of(rules, s) == side]
            st.filters_blunders = any(
                getattr(bots[s], "filters_blunders", False) for s in mine
            )
            st.wall = [w for s in mine for w, _ in times[s]]
            st.cpu = [c for s in mine for _, c in times[s]]
            points[key] += st.points
            stats[key].add(st)
        bids.append({s.letter: _bid_text(hand.bids[s]) for s in seats})
        tricks.append({s.letter: hand.tricks_won[s] for s in seats})
    result = DealResult(
        deal=deal,
        dealer=dealer.letter,
        points_a=points["a"],
        points_b=points["b"],
        bids=(bids[0], bids[1]),
        tricks=(tricks[0], tricks[1]),
        loss_a=stats["a"].exact_loss,
        loss_b=stats["b"].exact_loss,
    )
    return result, stats["a"], stats["b"], decisions


def _factory(level: str, seed: Any, options: dict[str, Any], tag: str) -> BotFactory:
    from . import make_bot

    def make(seat: Seat) -> Bot:
        return make_bot(level, seed=f"{seed}/{tag}/{seat.letter}", **options)

    return make


def _deal_job(
    job: tuple[tuple[Any, ...], int],
) -> tuple[DealResult, BotStats, BotStats, int]:
    """One deal of a match, from the match's settings alone (so any process,
    or a Dask worker, computes the same result)."""
    (rules, seed, a, b, a_opts, b_opts, check), deal = job
    make_a = _factory(a, seed, a_opts, "a")
    make_b = _factory(b, seed, b_opts, "b")
    return play_deal(rules, deal, seed, make_a, make_b, None, check)


def duplicate_match(
    a: str,
    b: str,
    *,
    deals: int = 100,
    seed: Any = 0,
    rules: Rules | str = "cards4net",
    a_options: dict[str, Any] | None = None,
    b_options: dict[str, Any] | None = None,
    jobs: int = 1,
    progress: bool | None = False,
    check_tricks: int = 0,
    scheduler: Any = None,
) -> MatchReport:
    """Play ``deals`` duplicate deals between levels ``a`` and ``b``.

    ``a_options``/``b_options`` go to :func:`~spadeslib.bots.make_bot` (for
    example ``{"samples": 8}`` for the search level). Deals are played by
    :func:`spadeslib.parallel.run`: ``jobs`` > 1 plays them in that many
    processes, ``scheduler`` on a Dask cluster (the result is the same).
    ``progress`` draws a bar on stderr (``None``: only on a terminal).
    ``check_tricks``: the final tricks of every hand whose card play is
    checked against exact analysis (0, the default, skips the check; the
    ladder checks :func:`exact_tricks`).
    """
    rules = Rules.parse(rules) if isinstance(rules, str) else rules
    if deals < 1:
        raise ValueError("a match needs at least one deal")
    a_opts = dict(a_options or {})
    b_opts = dict(b_options or {})
    report = MatchReport(a=a, b=b, rules=rules.spec, seed=seed, deals=deals)
    report.stats = {"a": BotStats(), "b": BotStats()}
    start = time.perf_counter()
    check = check_tricks
    if check > exact_tricks(rules, check):
        raise ValueError(
            f"the exact solver takes at most {exact_tricks(rules, 13)} final tricks, "
            f"not {check}"
        )
    report.check_tricks = check
    init = (rules, seed, a, b, a_opts, b_opts, check)
    from ..parallel import run

    outs = run(
        _deal_job,
        [(init, deal) for deal in range(deals)],
        jobs=jobs,
        scheduler=scheduler,
        progress=progress,
        label="deals",
    )
    for out in outs:
        _collect(report, out)
    report.seconds = time.perf_counter() - start
    return report


def _collect(
    report: MatchReport, out: tuple[DealResult, BotStats, BotStats, int]
) -> None:
    result, sa, sb, n = out
    report.results.append(result)
    report.stats["a"].add(sa)
    report.stats["b"].add(sb)
    report.decisions += n
