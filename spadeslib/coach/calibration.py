"""Are the coach's numbers right? Its forecasts against what then happened.

At every card a player chooses (with more than one legal card), the coach
forecasts, for that card, the side's bag-adjusted margin for the hand, the
chance that the side makes its contract, and its bags. The hand is then
played to the end, and the forecast is compared with the result. Deals are
played as in a duplicate match: the player's level on one side and the rule
level on the other, then the sides swapped.

The coach values a card as if the rest of the hand were played by the rule
level (or, in the last tricks, perfectly by everybody). So when the rule
level plays, a forecast off on average measures what the coach's worlds get
wrong about the hidden hands; when a stronger level plays, it adds what that
level's later play is worth over the rule level's. See ``docs/coach.md``.

>>> report = calibrate("rule", "novice", deals=1, seed=3, samples=4)
>>> report.decisions > 20, len(report.bands)
(True, 4)
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from ..actions import Action
from ..bots.studies.cards import CardStudy
from ..cards import Card
from ..errors import SpadesError
from ..hand import Hand
from ..rules import Rules
from ..scoring import SideScore, side_of, sides
from ..seats import Seat
from .coach import Coach

__all__ = ["BANDS", "Band", "Calibration", "Forecast", "calibrate", "summarize"]

#: the parts of the hand reported apart, as (first, last) trick, from 1
BANDS: tuple[tuple[int, int], ...] = ((1, 3), (4, 6), (7, 9), (10, 13))


@dataclass(frozen=True)
class Forecast:
    """One decision: what the coach forecast for the card played, and what
    happened."""

    hand: int
    """Which hand of the run (forecasts of one hand are not independent)."""
    trick: int
    """The trick the card was played to, from 1."""
    margin: float
    """Forecast bag-adjusted margin of the player's side for the hand."""
    made: float | None
    """Forecast share of worlds in which the side made its contract."""
    bags: float
    """Forecast bags of the side."""
    real_margin: float
    real_made: bool | None
    real_bags: int


@dataclass(frozen=True)
class Band:
    """The forecasts of one part of the hand, against the results."""

    first: int
    last: int
    decisions: int
    margin: float
    """Mean forecast margin (each hand's forecasts averaged, then the hands)."""
    real_margin: float
    """Mean margin of the same hands."""
    error: tuple[float, float, float]
    """Forecast minus result: mean and 95% interval, over hands."""
    made: float | None
    real_made: float | None
    bags: float
    real_bags: float


@dataclass
class Calibration:
    """Every forecast of a run and their summary by part of the hand."""

    player: str
    coach: str
    rules: str
    seed: Any
    deals: int
    forecasts: list[Forecast] = field(default_factory=list)

    @property
    def decisions(self) -> int:
        """Forecasts made."""
        return len(self.forecasts)

    @property
    def bands(self) -> list[Band]:
        """The forecasts by part of the hand (:data:`BANDS`)."""
        return summarize(self.forecasts)

    def text(self) -> str:
        """The report as a table."""
        lines = [
            f"calibration of the {self.coach} coach while {self.player} plays "
            f"(against rule), {self.rules}, {self.deals} "
            f"deal{'s' if self.deals != 1 else ''} (each played twice), seed "
            f"{self.seed}: {self.decisions} card decisions",
            "  tricks  decisions  margin forecast / result  forecast - result "
            "(95% CI)  contract made  bags",
        ]
        for b in self.bands:
            made = (
                f"{100 * b.made:.0f}% / {100 * b.real_made:.0f}%"
                if b.made is not None and b.real_made is not None
                else "-"
            )
            mean, low, high = b.error
            lines.append(
                f"  {b.first:>2}-{b.last:<2}  {b.decisions:>9}  "
                f"{b.margin:+6.1f} / {b.real_margin:+6.1f}           "
                f"{mean:+5.1f} [{low:+.1f}, {high:+.1f}]      {made:>11}  "
                f"{b.bags:.2f} / {b.real_bags:.2f}"
            )
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """The summary, for JSON."""
        return {
            "player": self.player,
            "coach": self.coach,
            "rules": self.rules,
            "seed": self.seed,
            "deals": self.deals,
            "decisions": self.decisions,
            "bands": [asdict(b) for b in self.bands],
        }


def _share(values: Sequence[bool | float]) -> float:
    return sum(float(v) for v in values) / len(values)


def summarize(forecasts: Sequence[Forecast]) -> list[Band]:
    """The forecasts by part of the hand. The interval of the error is taken
    over hands (each hand's mean error in the band), since the forecasts of
    one hand share its result.

    >>> f = [Forecast(h, t, 10.0, 1.0, 1.0, 0.0, True, 1) for h in (0, 1)
    ...      for t in (1, 2)]
    >>> band = summarize(f)[0]
    >>> band.decisions, band.error
    (4, (10.0, 10.0, 10.0))
    """
    out = []
    for first, last in BANDS:
        part = [f for f in forecasts if first <= f.trick <= last]
        if not part:
            continue
        by_hand: dict[int, list[Forecast]] = {}
        for f in part:
            by_hand.setdefault(f.hand, []).append(f)
        forecast = [sum(f.margin for f in v) / len(v) for v in by_hand.values()]
        result = [v[0].real_margin for v in by_hand.values()]
        errors = [a - b for a, b in zip(forecast, result, strict=True)]
        mean = sum(errors) / len(errors)
        half = (
            1.96 * statistics.stdev(errors) / math.sqrt(len(errors))
            if len(errors) > 1
            else 0.0
        )
        contract = [
            (f.made, f.real_made)
            for f in part
            if f.made is not None and f.real_made is not None
        ]
        out.append(
            Band(
                first,
                last,
                len(part),
                sum(forecast) / len(forecast),
                sum(result) / len(result),
                (mean, mean - half, mean + half),
                _share([made for made, _ in contract]) if contract else None,
                _share([real for _, real in contract]) if contract else None,
                sum(f.bags for f in part) / len(part),
                sum(f.real_bags for f in part) / len(part),
            )
        )
    return out


def _forecast(
    coach: Coach, hand: Hand, seat: Seat, card: Action
) -> tuple[int, float, float | None, float]:
    """The coach's forecast for ``card`` at ``seat``'s decision."""
    advice = coach.advise(hand.view(seat))
    study = advice.study
    assert isinstance(study, CardStudy) and isinstance(card, Card)
    outcomes = study.outcomes[study.reps[card]]
    made = [o.made for o in outcomes if o.made is not None]
    return (
        len(hand.tricks) + 1,
        sum(o.value for o in outcomes) / len(outcomes),
        _share(made) if made else None,
        sum(o.bags for o in outcomes) / len(outcomes),
    )


def _play(
    rules: Rules,
    deal: int,
    seed: Any,
    player: str,
    coach_level: str,
    samples: int | None,
) -> list[Forecast]:
    """Both plays of one deal: the forecasts at the player's cards."""
    from ..bots import make_bot, parse_level

    name, options = parse_level(player)
    seats = rules.seats
    dealer = seats[deal % len(seats)]
    found: list[Forecast] = []
    for play, side in enumerate(sides(rules)):
        bots = {}
        coaches: dict[Seat, Coach] = {}
        for seat in seats:
            tag = f"{seed}/calibrate/{deal}/{play}/{seat.letter}"
            if side_of(rules, seat) == side:
                bot = make_bot(name, seed=tag, **options)
                # the bot's own coach when it is the one asked for
                own = getattr(bot, "coach", None)
                coaches[seat] = (
                    own
                    if isinstance(own, Coach)
                    and own.steady
                    and own.level == coach_level
                    and samples in (None, own.samples)
                    else Coach(coach_level, tag, samples=samples)
                )
            else:
                bot = make_bot("rule", seed=tag)
            bots[seat] = bot
        hand = Hand(rules, dealer, seed=f"{seed}/deal/{deal}")
        pending = []
        while not hand.is_over:
            mover = hand.turn
            assert mover is not None
            view = hand.view(mover)
            action = bots[mover].act(view)
            if mover in coaches and isinstance(action, Card) and len(view.legal) > 1:
                pending.append(_forecast(coaches[mover], hand, mover, action))
            hand.apply(action)
        assert hand.result is not None
        score = hand.result[side]
        other = hand.result[next(s for s in sides(rules) if s != side)]

        def adjusted(s: SideScore) -> int:
            return s.bag_adjusted

        real = adjusted(score) - adjusted(other)
        number = 2 * deal + play
        for trick, margin, made, bags in pending:
            found.append(
                Forecast(
                    number,
                    trick,
                    margin,
                    made,
                    bags,
                    real,
                    score.made,
                    score.bags_gained,
                )
            )
    return found


def _job(job: tuple[tuple[Any, ...], int]) -> list[Forecast]:
    (rules, seed, player, coach, samples), deal = job
    return _play(rules, deal, seed, player, coach, samples)


def calibrate(
    player: str = "expert",
    coach: str = "expert",
    *,
    deals: int = 20,
    seed: Any = 0,
    rules: Rules | str = "cards4net",
    samples: int | None = None,
    jobs: int | None = 1,
    progress: bool | None = False,
) -> Calibration:
    """Play ``deals`` deals (each twice, the sides swapped) of ``player``
    against the rule level, and compare the ``coach``'s forecast at each of
    the player's cards with the hand's result. ``samples`` overrides the
    coach level's worlds per decision."""
    from ..bots import make_bot, parse_level
    from ..parallel import run

    rules = Rules.parse(rules) if isinstance(rules, str) else rules
    if deals < 1:
        raise SpadesError("a calibration needs at least one deal")
    Coach(coach, samples=samples)  # refuses an unknown level or budget
    name, options = parse_level(player)
    make_bot(name, **options)  # refuses unknown options
    report = Calibration(player, coach, rules.full_spec, seed, deals)
    init = (rules, seed, player, coach, samples)
    outs = run(
        _job,
        [(init, deal) for deal in range(deals)],
        jobs=jobs,
        progress=progress,
        label="deals",
    )
    for out in outs:
        report.forecasts.extend(out)
    return report
