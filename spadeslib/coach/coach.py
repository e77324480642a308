"""The coach: advice for one decision, and the review of a hand.

:class:`Coach` values every legal action of a decision from the seat's view
(the studies of :mod:`spadeslib.bots.studies`) and names the best one;
:meth:`Advice.rate` rates any action on the published scale
(:mod:`.ratings`) with a reason in the second person that compares it with
the best one. A review is the same
advice for every decision of a hand, so a hint and the review of the same
decision always agree: the analysis is seeded by the decision itself (the
view's public content and the seat's cards), never by the order of calls.

>>> from spadeslib import Hand
>>> hand = Hand(seed=4, dealer="W")
>>> for bid in (3, 3, 3, 3): hand.apply(bid)
>>> coach = Coach(level="rule", seed=1)
>>> advice = coach.advise(hand.view(hand.turn))
>>> advice.kind, advice.best in hand.legal_actions(), advice.rate(advice.best).rating
('card', True, 'best')
>>> coach.advise(hand.view(hand.turn)) is advice  # remembered
True
>>> advice.values[advice.best] = None  # shared by every caller: read-only
Traceback (most recent call last):
TypeError: 'mappingproxy' object does not support item assignment
"""

from __future__ import annotations

import hashlib
import math
import random
import statistics
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from .. import legality
from ..actions import LOOK, Action, Bid, parse_action
from ..bots.rule_bot import rule_decision
from ..bots.studies.bids import (
    BidStudy,
    study_bids,
    study_blind,
    tricks_distribution,
)
from ..bots.studies.cards import CardStudy, study_cards
from ..bots.studies.draw import study_draw
from ..bots.studies.exact import MAX_CARDS, exact_lines
from ..bots.studies.exchange import study_exchange
from ..cards import Card
from ..dealing import checked_seed
from ..errors import IllegalAction, SpadesError, is_number, is_whole
from ..hand import Hand, Phase
from ..seats import Seat
from ..view import PlayerView
from .explain import card_reasons, describe, played, points
from .ratings import RATINGS, Estimate, Verdict, rating_for

__all__ = ["LEVELS", "Advice", "Coach", "NilCheck", "Review", "decision_key"]

#: the analysis budget of each coach level: (worlds per decision, cards left
#: from which worlds are solved exactly). A level names the advice given at
#: that rung of the ladder, not the bot: the ``search`` bot deals 16 worlds
#: to play fast, the ``search`` coach 40 so that its hints hold steady
LEVELS: dict[str, tuple[int, int]] = {
    "novice": (16, 8),
    "rule": (24, 8),
    "search-lite": (24, 12),
    "search": (40, 12),
    "expert": (48, 12),
}
#: levels whose worlds use the ducks of the play as evidence (all use voids
#: and bids)
DUCKS = frozenset({"search", "expert"})
#: the most cards left from which a coach solves every world exactly
EXACT_CARDS_MAX = 16
#: with the whole hand given, positions with at most this many cards left are
#: also solved with every card known (a check after the fact)
KNOWN_CARDS = 24
#: the best action is the rule level's unless another beats it by more than
#: this many points plus one standard error (paired over the same worlds)
PREFER_RULE = 1.0


@dataclass(frozen=True)
class NilCheck:
    """Whether Nil pays: its value against the best numeric bid."""

    pays: bool
    nil: Estimate
    numeric: Bid
    numeric_value: Estimate
    success: float
    """Share of worlds in which the nil was made."""

    def __str__(self) -> str:
        verdict = "pays" if self.pays else "does not pay"
        return (
            f"Nil {verdict}: {round(self.nil.mean):+d} against "
            f"{round(self.numeric_value.mean):+d} for bid {self.numeric.label()}; "
            f"made in {100 * self.success:.0f}% of deals"
        )


def _stderr(diffs: Sequence[float]) -> float:
    if len(diffs) < 2:
        return 0.0
    return statistics.stdev(diffs) / math.sqrt(len(diffs))


@dataclass(frozen=True)
class Advice:
    """The coach's analysis of one decision (see the module docstring).

    The coach remembers its analyses and hands the same object to every
    caller (a hint and the review of that decision), so an advice is frozen
    and its mappings are read-only."""

    view: PlayerView
    kind: str
    """``"card"``, ``"bid"``, ``"blind"`` (look or bid blind), ``"exchange"``,
    ``"draw"`` or ``"discard"``."""
    best: Action
    values: Mapping[Action, Estimate]
    exact: bool
    level: str
    worlds: int = 0
    reason: str = ""
    """Why the best action, in words."""
    tricks: Mapping[int, float] | None = None
    """Bids: share of worlds in which the seat takes each number of tricks
    (after the best bid)."""
    nil_pays: NilCheck | None = None
    known: Mapping[Action, float] | None = None
    """Card values with every card known (when the hand was given and few
    enough cards were left to solve it)."""
    study: CardStudy | BidStudy | None = field(default=None, repr=False)
    extend: Callable[[Action], BidStudy] | None = field(default=None, repr=False)
    """Re-run the study with one more action (exchanges: a pass outside the
    candidates), over the same worlds."""

    def __post_init__(self) -> None:
        for name in ("values", "tricks", "known"):
            mapping = getattr(self, name)
            if mapping is not None and not isinstance(mapping, MappingProxyType):
                object.__setattr__(self, name, MappingProxyType(dict(mapping)))

    @property
    def forced(self) -> bool:
        """Only one legal action."""
        return len(self.view.legal) == 1

    def _same(self, action: Action) -> bool:
        if action == self.best:
            return True
        study = self.study
        if isinstance(study, CardStudy) and isinstance(action, Card):
            return study.reps.get(action) == study.reps.get(self.best)  # type: ignore[arg-type]
        return False

    def loss(self, action: Action) -> tuple[float, tuple[float, float]]:
        """Expected points lost by ``action`` against the best, and its 95%
        interval (paired over the same worlds)."""
        action = self._read(action)
        if self._same(action) or not self.values:
            return 0.0, (0.0, 0.0)
        if action not in self.values and self.extend is not None:
            return self._with(action).loss(action)
        study = self.study
        assert study is not None
        diffs = study.paired(self.best, action)  # type: ignore[arg-type]
        mean = sum(diffs) / len(diffs)
        half = 1.96 * _stderr(diffs)
        if self.exact:
            half = 0.0
        return max(0.0, mean), (mean - half, mean + half)

    def _with(self, action: Action) -> Advice:
        """This advice with ``action`` studied too (an exchange outside the
        candidates: one more pass over the same worlds), as a new advice:
        the remembered one, shared by hint and review, never changes."""
        assert self.extend is not None
        study = self.extend(action)
        return replace(self, values=study.values, study=study, extend=None)

    @property
    def measured(self) -> bool:
        """Whether the coach valued the choices (a decision it leaves to the
        rule level's book, such as a two-player blind discard, is not)."""
        return self.forced or bool(self.values)

    def _read(self, action: Action | str) -> Action:
        """``action`` (or its text, ``"2C"``, ``"nil"``), checked legal here."""
        seat = self.view.seat.full
        try:
            action = parse_action(action, self.view.phase)
        except SpadesError as error:
            raise IllegalAction(f"{seat}: {error}", seat=self.view.seat) from None
        if action not in self.view.legal:
            raise self._refusal(action)
        return action

    def _refusal(self, action: Action) -> IllegalAction:
        """Why ``action`` is not legal here, with the engine's rule for a card
        (the one :meth:`~spadeslib.Hand.check` names)."""
        view, seat = self.view, self.view.seat
        if isinstance(action, Card) and view.phase is Phase.PLAYING and view.hand:
            rules, held = view.rules, list(view.hand)
            led = int(rules.trick_suit(view.trick[0][1])) if view.trick else None
            found = legality.refuse_card(
                rules,
                seat,
                action,
                held,
                legality.split_by_suit(rules, held),
                led,
                view.spades_broken,
                len(view.tricks),
            )
            if found is not None:
                rule, text = found
                return IllegalAction(text, seat=seat, action=action, rule=rule)
        return IllegalAction(
            f"{seat.full} cannot {legality.describe(action)} here: not a legal choice",
            seat=seat,
            action=action,
        )

    def rate(self, action: Action | str) -> Verdict:
        """Rate ``action`` (or its text) on the published scale, with the
        reason in words; ``"unmeasured"`` for a decision the coach leaves to
        the rule level's book (see :attr:`measured`)."""
        action = self._read(action)
        if action not in self.values and self.extend is not None and self.values:
            return self._with(action).rate(action)
        if not self.measured:
            text = (
                f"{played(action)}. The coach does not measure this decision: it "
                f"follows the rule level's book, which would {describe(self.best)}."
            )
            return Verdict(action, self.best, 0.0, "unmeasured", text, self.where)
        loss, ci = self.loss(action)
        rating = rating_for(loss)
        text = self._verdict_text(action, loss, rating)
        return Verdict(
            action, self.best, loss, rating, text, self.where, ci, self.exact
        )

    @property
    def where(self) -> str:
        """Where in the hand: ``"trick 3"``, ``"bid"``, ``"exchange"``,
        ``"draw, 7♠ on top"`` (a two-player draw names the card decided on)..."""
        if self.kind == "card":
            return f"trick {len(self.view.tricks) + 1}"
        if self.kind == "draw" and self.view.drawn is not None:
            return f"draw, {self.view.drawn.symbol()} on top"
        return self.kind

    # ---------------------------------------------------------------- text
    def _how(self) -> str:
        if self.exact:
            return "exactly (every card is placed)"
        study = self.study
        if isinstance(study, CardStudy) and study.solved:
            return f"over {self.worlds} deals of the unseen cards, each solved exactly"
        return f"over {self.worlds} deals of the unseen cards"

    def _verdict_text(self, action: Action, loss: float, rating: str) -> str:
        you = played(action)
        if self.forced:
            return f"{you}: the only legal choice."
        best = describe(self.best)
        if self._same(action):
            text = f"{you}: the best choice"
            if action != self.best:
                text += f" (as good as {best})"
            value = self.values.get(action)
            if value is not None:
                text += f", worth {points(value.mean)} to your side {self._how()}"
            return text + "." + self._known_text(action)
        if rating == "best":
            value, chosen = self.values.get(self.best), self.values.get(action)
            ahead = chosen.mean - value.mean if value and chosen else 0.0
            if ahead > 1:
                return (
                    f"{you}: as good as {best}, the coach's choice: it came out "
                    f"{points(ahead, sign=False)} ahead in these "
                    "deals, a lead small enough to be chance "
                    f"({self._how()})." + self._known_text(action)
                )
            return (
                f"{you}: as good as {best}, the coach's choice, within a point "
                f"({self._how()})." + self._known_text(action)
            )
        text = f"{you}. Best: {best}, about {points(loss, sign=False)} better"
        reasons = self._reasons(action)
        if reasons:
            text += ": " + "; ".join(reasons)
        text += f" ({self._how()})."
        return text + self._known_text(action, lost=True)

    def _reasons(self, action: Action) -> list[str]:
        study = self.study
        if isinstance(study, CardStudy) and isinstance(action, Card):
            best = study.outcomes[study.reps[self.best]]  # type: ignore[index]
            chosen = study.outcomes[study.reps[action]]
            return card_reasons(best, chosen, action.symbol())
        if isinstance(study, BidStudy):
            out = []
            made_b = study.made[self.best]
            made_a = study.made[action]
            rb, ra = sum(made_b) / len(made_b), sum(made_a) / len(made_a)
            what = {
                "bid": "it is made",
                "exchange": "the nil is made",
                "draw": "the bid you then make is made",
            }.get(self.kind, "your bid is made")
            if rb - ra >= 0.05:
                out.append(
                    f"{what} in {100 * rb:.0f}% of deals, against "
                    f"{100 * ra:.0f}% if you {describe(action)}"
                )
            tb = study.tricks[self.best]
            taken = sum(tb) / len(tb)
            out.append(f"you take {taken:.1f} tricks on average")
            view = self.view
            mine = view.bids.get(view.seat)
            if view.seat in view.declared_blind:
                mine = Bid.BLIND_NIL  # two players: declared before the draw
            if mine is not None and mine.is_nil:
                out[-1] += f", where your {mine.label()} needs none"
            if self.kind == "bid" and isinstance(action, Bid) and not action.is_nil:
                over = taken - action.tricks
                if over >= 0.5:
                    out[-1] += f", about {over:.1f} over {describe(action)}"
                elif over <= -0.5:
                    out[-1] += f", about {-over:.1f} short of {describe(action)}"
            if ra - rb >= 0.05:
                out.append(
                    f"{what} less often than if you {describe(action)}, in "
                    f"{100 * rb:.0f}% of deals against {100 * ra:.0f}%, but "
                    "scores more"
                )
            return out
        return []

    def _known_text(self, action: Action, lost: bool = False) -> str:
        """What the exact analysis of the real deal says about the two
        actions compared (never a third one); ``lost``: the verdict found
        ``action`` worse than the best over the deals the seat allows for."""
        if not self.known or self.best not in self.known:
            return ""
        top = max(self.known.values())
        best = describe(self.best)
        best_value = self.known[self.best]
        if self._same(action) or action not in self.known:
            # the learner's card when it is one of the coach's (touching cards)
            named = describe(action) if self._same(action) else best
            if best_value == top:
                return f" With every card known, {named} is best too."
            return (
                f" With every card known, {named} is not the best: "
                "the hidden cards decide that."
            )
        diff = best_value - self.known[action]
        mine = describe(action)
        if diff > 0:
            tail = "best too" if best_value == top else "better too"
            return (
                f" With every card known, {best} is {tail}, by "
                f"{points(diff, sign=False)}."
            )
        if diff == 0:
            text = f" With every card known, your {mine} does as well as {best}"
            if lost:
                return text + (
                    " as the cards lie: it costs in the other deals you could not "
                    "tell from this one."
                )
            return text + "."
        return (
            f" With every card known, your {mine} scores {-diff:.0f} more than "
            f"{best}: only the hidden cards decide that."
        )

    def explain(self) -> str:
        """The hint in the second person: what to do and why."""
        best = describe(self.best)
        if self.forced:
            return f"{best[0].upper()}{best[1:]}: it is your only legal choice."
        value = self.values.get(self.best)
        head = {
            "card": f"Play {best}",
            "bid": f"Bid {self.best.label()}" if isinstance(self.best, Bid) else best,
        }.get(self.kind, best[0].upper() + best[1:])
        if value is None:  # the rule level's decision: its reason says it all
            return self.reason[:1].upper() + self.reason[1:] + "."
        others = [
            (v.mean, a)
            for a, v in self.values.items()
            if not self._same(a) and (self.kind != "card" or a == self._rep(a))
        ]
        text = f"{head}: worth {points(value.mean)} to your side {self._how()}"
        if others:
            mean, runner = max(others, key=lambda x: x[0])
            gap = value.mean - mean
            if gap >= 0.5:
                text += (
                    f", {points(gap, sign=False)} more than {describe(runner)}, "
                    "the next best"
                )
                reasons = self._reasons(runner)
                if reasons:
                    text += " (" + "; ".join(reasons) + ")"
            elif gap <= -0.5:
                noun = {"card": "card", "bid": "bid"}.get(self.kind, "choice")
                text += (
                    f"; {describe(runner)} came out at {round(mean):+d} in these "
                    f"deals, a lead small enough to be chance, so the coach keeps "
                    f"the textbook {noun}"
                )
            else:
                text += f"; {describe(runner)} is as good within the noise"
        if self.nil_pays is not None:
            text += f". {self.nil_pays}"
        if self.reason:
            text += f". {self.reason}"
        return text + "."

    def _rep(self, action: Action) -> Action:
        study = self.study
        if isinstance(study, CardStudy) and isinstance(action, Card):
            return study.reps[action]
        return action


@dataclass
class Review:
    """A hand reviewed for one seat: one verdict per decision, in order."""

    hand: Hand
    seat: Seat
    level: str
    verdicts: list[Verdict]
    forced: int = 0
    """Decisions with a single legal choice (not rated)."""
    positions: list[int] = field(default_factory=list)
    """For each verdict, how many actions of the hand came before it."""
    unrated: list[tuple[int, Verdict]] = field(default_factory=list)
    """Decisions the coach leaves to the rule level's book (not rated), each
    with how many actions came before it and its ``"unmeasured"`` verdict
    (what was done, the book's choice)."""

    @property
    def unmeasured(self) -> int:
        """How many decisions the coach left to the book."""
        return len(self.unrated)

    @property
    def points_lost(self) -> dict[str, float]:
        """Expected points lost, summed by rating."""
        out = dict.fromkeys(RATINGS, 0.0)
        for v in self.verdicts:
            out[v.rating] += v.loss
        return out

    @property
    def counts(self) -> dict[str, int]:
        """How many decisions got each rating."""
        out = dict.fromkeys(RATINGS, 0)
        for v in self.verdicts:
            out[v.rating] += 1
        return out

    def __iter__(self) -> Iterator[Verdict]:
        """The verdicts, in the order of the decisions."""
        return iter(self.verdicts)

    def __len__(self) -> int:
        return len(self.verdicts)

    @property
    def summary(self) -> str:
        """The hand in a few lines: counts, points lost, the worst decisions
        (a property, as on the table's review)."""
        counts = self.counts
        lost = self.points_lost
        total = sum(lost.values())
        parts = [
            f"{counts[r]} {_PLURAL[r] if counts[r] > 1 and r in _COUNTED else r}"
            for r in RATINGS
            if counts[r]
        ]
        lines = [
            f"Hand {self.hand.number}, {self.seat.full}: "
            f"{len(self.verdicts)} decisions rated by the {self.level} coach "
            f"({', '.join(parts) or 'none'}; "
            f"{self.forced} forced"
            + (f", {self.unmeasured} not measured" if self.unmeasured else "")
            + f"). About {total:.0f} points lost in all"
            + (
                ": "
                + ", ".join(
                    f"{lost[r]:.0f} to {_PLURAL[r]}"
                    for r in RATINGS[1:]
                    if lost[r] >= 0.5
                )
                if total >= 0.5
                else ""
            )
            + "."
        ]
        worst = sorted(self.verdicts, key=lambda v: -v.loss)[:3]
        for v in worst:
            if v.rating in ("inaccuracy", "mistake", "blunder"):
                lines.append(f"  {v.where}: {v.rating}, -{v.loss:.0f}. {v.text}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.summary


#: ratings counted as nouns ("2 mistakes"; "2 best" stays as it is)
_COUNTED = frozenset({"inaccuracy", "mistake", "blunder"})
_PLURAL = {
    "best": "best choices",
    "good": "good choices",
    "inaccuracy": "inaccuracies",
    "mistake": "mistakes",
    "blunder": "blunders",
}


def decision_key(view: PlayerView) -> str:
    """A text naming one decision by what the seat sees (not by when it is
    asked): the seed of the coach's analysis of it."""
    parts = [
        view.rules.spec,
        str(view.number),
        view.dealer.letter,
        view.seat.letter,
        view.phase.value,
        ",".join(f"{s.letter}{b}" for s, b in view.bids.items()),
        "".join(str(c) for c in view.played_cards()),
        "".join(str(c) for c in view.hand or ()),
        "".join(str(c) for c in view.passed),
        "".join(str(c) for c in view.received),
        "".join(str(c) for c in view.known_discards),
        str(view.drawn),
        ",".join(f"{k}{v}" for k, v in sorted(view.scores.items())),
        ",".join(f"{k}{v}" for k, v in sorted(view.bags.items())),
        ",".join(str(a) for a in view.legal),
    ]
    return hashlib.sha256("|".join(parts).encode()).hexdigest()[:24]


class Coach:
    """Advice and reviews at one level of the ladder, deterministic for a seed.

    ``samples`` and ``exact_cards`` override the level's budget
    (:data:`LEVELS`). ``play_weight`` below 1 reads the other seats' plays
    as evidence, as if they played by the rule level's book (see
    :mod:`spadeslib.bots.sampler`); no level does by default (measured in
    ``docs/coach.md``: it gains nothing against the rule level and loses
    against the expert)."""

    def __init__(
        self,
        level: str = "search",
        seed: int | str | None = 0,
        *,
        samples: int | None = None,
        exact_cards: int | None = None,
        play_weight: float = 1.0,
        cache: int = 256,
    ) -> None:
        if isinstance(level, str):
            level = level.strip().lower()  # as make_bot reads a level
        if not isinstance(level, str) or level not in LEVELS:
            budget = (
                " (a coach's budget is Coach(level, samples=N), not 'level:N')"
                if isinstance(level, str) and ":" in level
                else ""
            )
            raise SpadesError(
                f"unknown coach level {level!r}: choose from {', '.join(LEVELS)}"
                + budget
            )
        for name, count, low, high in (
            ("samples", samples, 1, 10_000),
            # each world is solved exactly from this many cards: past 16 a
            # decision takes minutes (docs/coach.md measures 12 and 16)
            ("exact_cards", exact_cards, 0, EXACT_CARDS_MAX),
        ):
            if count is not None and (not is_whole(count) or not low <= count <= high):
                raise SpadesError(
                    f"{name} must be a whole number from {low} to {high}, not {count!r}"
                )
        if not is_number(play_weight) or not 0.0 < play_weight <= 1.0:
            raise SpadesError(
                f"play_weight must be above 0 and at most 1 (1: the plays are"
                f" not read), not {play_weight}"
            )
        self.level = level
        self.seed = 0 if checked_seed(seed) is None else seed
        budget = LEVELS[level]
        self.samples = samples if samples is not None else budget[0]
        self.exact_cards = exact_cards if exact_cards is not None else budget[1]
        self.ducks = level in DUCKS
        self.play_weight = play_weight
        self._cache: OrderedDict[tuple[str, bool], Advice] = OrderedDict()
        self._size = cache

    def __repr__(self) -> str:
        return f"Coach(level={self.level!r}, seed={self.seed!r})"

    def rng(self, view: PlayerView) -> random.Random:
        """The generator of one decision's analysis."""
        return random.Random(f"{self.seed}/{self.level}/{decision_key(view)}")

    def advise(self, view: PlayerView | Hand, hand: Hand | None = None) -> Advice:
        """The analysis of the decision ``view.seat`` faces. ``hand`` (the full
        hand at that moment) is only for checks after the fact: it adds the
        values with every card known, never changes the best action. A
        :class:`~spadeslib.Hand` given as ``view`` stands for the view of the
        player to move."""
        if isinstance(view, Hand):
            if view.turn is None:
                raise SpadesError("the hand is over: nothing to advise")
            view = view.view(view.turn)
        if not isinstance(view, PlayerView):
            raise SpadesError(
                f"the coach advises on a seat's view (hand.view(seat)) or a Hand, "
                f"not {view!r:.60}"
            )
        if not view.legal:
            raise SpadesError(f"{view.seat.full} is not to move: nothing to advise")
        key = (decision_key(view), hand is not None)
        found = self._cache.get(key)
        if found is not None:
            self._cache.move_to_end(key)
            return found
        advice = self._advise(view)
        if hand is not None and advice.kind == "card" and not advice.forced:
            advice = replace(advice, known=_known_values(hand, view))
        self._cache[key] = advice
        if len(self._cache) > self._size:
            self._cache.popitem(last=False)
        return advice

    def _advise(self, view: PlayerView) -> Advice:
        kind = _kind(view)
        legal = view.legal
        if len(legal) == 1:
            return Advice(view, kind, legal[0], {}, True, self.level)
        rng = self.rng(view)
        if kind == "card":
            study = study_cards(
                view,
                rng,
                self.samples,
                self.exact_cards,
                ducks=self.ducks,
                play_weight=self.play_weight,
            )
            values: dict[Action, Estimate] = dict(study.values)
            best = _pick(study, study.rule_card, values)
            exact = study.solved and study.determined
            return Advice(
                view, kind, best, values, exact, self.level, study.worlds, study=study
            )
        if kind == "bid" or (kind == "blind" and view.rules.players == 4):
            bstudy = (
                study_bids(view, rng, self.samples)
                if kind == "bid"
                else study_blind(view, rng, self.samples)
            )
            values = dict(bstudy.values)
            best = _pick(bstudy, bstudy.rule_action, values)
            extra: dict[str, Any] = {}
            if kind == "bid":  # the tricks the bid takes, and whether Nil pays
                extra = {
                    "tricks": tricks_distribution(bstudy.tricks[best]),
                    "nil_pays": _nil_check(bstudy, values, best),
                }
            return Advice(
                view,
                kind,
                best,
                values,
                False,
                self.level,
                bstudy.worlds,
                study=bstudy,
                **extra,
            )
        if kind == "draw" and view.drawn is not None:
            dstudy = study_draw(view, rng, self.samples)
            values = dict(dstudy.values)
            best = _pick(dstudy, dstudy.rule_action, values)
            return Advice(
                view, kind, best, values, False, self.level, dstudy.worlds, study=dstudy
            )
        if kind == "exchange" and view.rules.players == 4:
            estudy = study_exchange(view, rng, self.samples)
            values = dict(estudy.values)
            best = _pick(estudy, estudy.rule_action, values)
            return Advice(
                view,
                kind,
                best,
                values,
                False,
                self.level,
                estudy.worlds,
                study=estudy,
                extend=lambda a: study_exchange(
                    view, self.rng(view), self.samples, extra=(a,)
                ),
            )
        action, reason = rule_decision(view)
        return Advice(
            view,
            kind,
            action,
            {},
            False,
            self.level,
            reason=f"{reason} (the coach follows the rule level for this decision)",
        )

    def review(self, hand: Hand, seat: Seat | str) -> Review:
        """Rate every decision ``seat`` took in ``hand`` (finished or not)."""
        if not isinstance(hand, Hand):
            raise SpadesError(f"the coach reviews a Hand, not {hand!r:.60}")
        seat = Seat.parse(seat)
        if seat not in hand.seats:
            raise SpadesError(
                f"{seat.full} has no seat in this {hand.rules.spec} hand: review "
                f"{' or '.join(s.full for s in hand.seats)}"
            )
        verdicts: list[Verdict] = []
        positions: list[int] = []
        unrated: list[tuple[int, Verdict]] = []
        forced = 0
        for index, view, action, moment in _decisions(hand, seat):
            advice = self.advise(view, hand=moment)
            if advice.forced:
                forced += 1
                continue
            if not advice.measured:
                unrated.append((index, advice.rate(action)))
                continue
            verdicts.append(advice.rate(action))
            positions.append(index)
        return Review(hand, seat, self.level, verdicts, forced, positions, unrated)


def _kind(view: PlayerView) -> str:
    phase = view.phase
    if phase is Phase.PLAYING:
        return "card"
    if phase is Phase.EXCHANGE:
        return "exchange"
    if phase is Phase.BLIND_DISCARD:
        return "discard"
    if view.hand is None:
        return "blind"
    if phase is Phase.DRAW:
        return "draw"
    return "bid"


def _pick(
    study: CardStudy | BidStudy, rule: Action, values: dict[Action, Estimate]
) -> Action:
    """The highest mean, unless it beats the rule level's choice by no more
    than :data:`PREFER_RULE` points plus one standard error (paired)."""
    top = max(values, key=lambda a: (values[a].mean, a == rule))
    if top == rule or rule not in values:
        return top
    diffs = study.paired(top, rule)  # type: ignore[arg-type]
    gain = sum(diffs) / len(diffs)
    return top if gain > PREFER_RULE + _stderr(diffs) else rule


def _nil_check(
    study: BidStudy, values: dict[Action, Estimate], best: Action
) -> NilCheck | None:
    """Nil against the chosen bid (or, when Nil is chosen, the best number)."""
    if Bid.NIL not in values:
        return None
    numeric = [b for b in values if isinstance(b, Bid) and not b.is_nil]
    if not numeric:
        return None
    best_num = best if best in numeric else max(numeric, key=lambda b: values[b].mean)
    made = study.made[Bid.NIL]
    return NilCheck(
        values[Bid.NIL].mean > values[best_num].mean,
        values[Bid.NIL],
        best_num,  # type: ignore[arg-type]
        values[best_num],
        sum(made) / len(made),
    )


def _known_values(hand: Hand, view: PlayerView) -> dict[Action, float] | None:
    """Every legal card's exact value with the hand's cards all known."""
    left = sum(len(hand.holding[s]) for s in hand.seats)
    if left > min(KNOWN_CARDS, MAX_CARDS) or hand.phase is not Phase.PLAYING:
        return None
    values, _ = exact_lines(hand)
    return {c: float(v) for c, v in values.items() if c in view.legal}


def _decisions(hand: Hand, seat: Seat) -> list[tuple[int, PlayerView, Action, Hand]]:
    """Every decision of ``seat`` in ``hand``: (actions before it, the view it
    had, what it did, the hand at that moment). A numeric bid made with the
    cards face down is split into the look and the bid."""
    work = hand.at_deal()
    found: list[tuple[int, PlayerView, Action, Hand]] = []
    for index, (who, action, _) in enumerate(hand.history):
        if who == seat:
            view = work.view(seat)
            if isinstance(action, Bid) and not action.is_blind and view.hand is None:
                looked = work.clone()
                looked.apply(LOOK, seat)
                found.append((index, view, LOOK, work.clone()))
                found.append((index, looked.view(seat), action, looked))
            else:
                found.append((index, view, action, work.clone()))
        work.apply(action, who, check=False)
    return found
