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
import random
from collections import OrderedDict
from collections.abc import Callable, Collection
from dataclasses import replace
from typing import Any, TypeVar

from ..actions import LOOK, Action, Bid
from ..bots.rule_bot import rule_decision
from ..bots.studies.bids import (
    BidStudy,
    study_bids,
    study_blind,
    tricks_distribution,
)
from ..bots.studies.cards import CardStudy, study_cards
from ..bots.studies.draw import study_draw
from ..bots.studies.estimate import standard_error
from ..bots.studies.exact import MAX_CARDS, exact_lines
from ..bots.studies.exchange import study_exchange
from ..dealing import checked_seed
from ..errors import SpadesError, is_number, is_whole
from ..hand import Hand, Phase
from ..names import name_key
from ..seats import Seat
from ..view import PlayerView
from .advice import Advice
from .explain import bid_endings, describe, game_reason, game_situation, naming
from .nil import NilCheck, nil_dangers, nil_killers
from .ratings import Estimate, Verdict
from .review import Review

__all__ = [
    "LEVELS",
    "Advice",
    "Coach",
    "NilCheck",
    "Review",
    "decision_key",
    "seat_decisions",
]

S = TypeVar("S", CardStudy, BidStudy)
"""A study the coach may deal more for."""

#: the analysis budget of each coach level: (worlds per decision, cards left
#: from which worlds are solved exactly). A level names the advice given at
#: that rung of the ladder, not the bot: the ``search`` bot deals 16 worlds
#: to play fast, the ``search`` coach 40 so that its hints hold steady
#: (and :data:`EXTEND` times as many for a card or bid decision its deals
#: disagree on widely: :data:`WIDE`)
LEVELS: dict[str, tuple[int, int]] = {
    "novice": (16, 12),
    "rule": (24, 12),
    "search-lite": (24, 12),
    "search": (40, 12),
    "expert": (48, 12),
}
#: levels whose worlds use the ducks of the play as evidence (all use voids
#: and bids)
DUCKS = frozenset({"search", "expert"})
#: levels whose worlds read the opponents' plays, and how much less likely a
#: world is for each of their plays the rule level would not have made in it
#: (``Coach(play_weight=...)``; docs/coach.md, "Reading the plays")
READS: dict[str, float] = {"expert": 0.02}
#: the most cards left from which a coach solves every world exactly
EXACT_CARDS_MAX = 16
#: the best action is the rule level's unless another beats it by more than
#: this many points plus :data:`PREFER_NOISE` standard errors (paired over
#: the same worlds)
PREFER_RULE = 1.0
#: standard errors by which another action must beat the rule level's (with
#: :data:`PREFER_RULE`) before a hint leaves the textbook: with a dozen legal
#: cards and a few dozen deals, the best of the others beats it by one
#: standard error by luck alone (a rule coach told a learner to drop the K♣
#: under East's A♣; its search coach, over 160 deals, rated that card the
#: worst). The expert bot plays at 1 (``Coach(prefer=1)``), as measured
PREFER_NOISE = 2.0
#: with the whole hand given, positions with at most this many cards left are
#: also solved with every card known (a check after the fact)
KNOWN_CARDS = 24
#: a card or bid decision whose deals disagree widely (some action's loss
#: has a standard error above this many points) is dealt :data:`EXTEND`
#: times the deals, so that its ratings hold (``spades steadiness [--bids]``,
#: docs/coach.md)
WIDE = 6.0
EXTEND = 4
#: where some deal ends the game (each then counts
#: :data:`~spadeslib.bots.playout.GAME_WEIGHT` for the game won or lost, so
#: the deals disagree far more), a decision still wide after :data:`EXTEND`
#: times the deals is dealt twice as many, and again, up to this many times
#: the budget (docs/coach.md, "Near the end of a game")
GAME_EXTEND = 16


def decision_key(view: PlayerView) -> str:
    """A text naming one decision by what the seat sees (not by when it is
    asked): the seed of the coach's analysis of it.

    >>> hand = Hand(seed=4, dealer="W")
    >>> key = decision_key(hand.view("N"))
    >>> hand.apply(3); hand.undo()  # a bid taken back: the same decision again
    Bid(3)
    >>> key == decision_key(hand.view("N")), key == decision_key(hand.view("E"))
    (True, False)
    """
    parts = [
        "+".join(
            [view.rules.spec]
            + [f"{key}={value}" for key, value in view.rules.house_rules.items()]
        ),
        str(view.number),
        view.dealer.letter,
        view.seat.letter,
        view.phase.value,
        ",".join(f"{s.letter}{b}" for s, b in view.bids.items()),
        "".join(str(c) for c in view.played_cards()),
        "".join(str(c) for c in view.holding or ()),
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
    (:data:`LEVELS`); a card or bid decision whose deals disagree widely gets
    :data:`EXTEND` times the deals, up to :data:`GAME_EXTEND` times where
    some deal ends the game (``wide``: the standard error, in points, that
    counts as wide, :data:`WIDE`; ``steady=False``: never, as the expert bot
    plays). ``play_weight`` below 1 reads the opponents' plays as evidence,
    as if they played by the rule level's book (see
    :mod:`spadeslib.bots.reading`); the default is the level's
    (:data:`READS`: the expert reads them, at 0.02).

    >>> coach = Coach("expert", seed=7)
    >>> coach, coach.samples, Coach("rule", samples=8).samples
    (Coach(level='expert', seed=7), 48, 8)
    >>> Coach(" Search_Lite ").level
    'search-lite'
    >>> Coach("search:16")
    Traceback (most recent call last):
    spadeslib.errors.SpadesError: unknown coach level 'search:16': choose from
    novice, rule, search-lite, search, expert (a coach's budget is
    Coach(level, samples=N), not 'level:N')
    """

    def __init__(
        self,
        level: str = "search",
        seed: int | str | None = 0,
        *,
        samples: int | None = None,
        exact_cards: int | None = None,
        play_weight: float | None = None,
        cache: int = 256,
        steady: bool = True,
        wide: float = WIDE,
        prefer: float = PREFER_NOISE,
    ) -> None:
        if isinstance(level, str):
            level = name_key(level)  # as make_bot reads a level
        if not isinstance(level, str) or level not in LEVELS:
            hint = (
                " (a coach's budget is Coach(level, samples=N), not 'level:N')"
                if isinstance(level, str) and ":" in level
                else ""
            )
            raise SpadesError(
                f"unknown coach level {level!r}: choose from {', '.join(LEVELS)}" + hint
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
        if play_weight is None:
            play_weight = READS.get(level, 1.0)
        if not is_number(play_weight) or not 0.0 < play_weight <= 1.0:
            raise SpadesError(
                f"play_weight must be above 0 and at most 1 (1: the plays are"
                f" not read; leave it out for the level's own), not {play_weight!r}"
            )
        self.level = level
        self.seed = 0 if checked_seed(seed) is None else seed
        budget = LEVELS[level]
        self.samples = samples if samples is not None else budget[0]
        self.exact_cards = exact_cards if exact_cards is not None else budget[1]
        self.ducks = level in DUCKS
        self.play_weight = play_weight
        self.steady = steady
        if not is_number(wide) or wide < 0:
            raise SpadesError(f"wide must be a number of points >= 0, not {wide!r}")
        self.wide = wide
        if not is_number(prefer) or prefer < 0:
            raise SpadesError(
                f"prefer must be a number of standard errors >= 0, not {prefer!r}"
            )
        self.prefer = prefer
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
        if hand is None:
            advice = self._advise(view)
        else:  # the same analysis as without the hand, plus the known values
            advice = self.advise(view)
            if advice.kind == "card" and not advice.forced:
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

            def deal(samples: int) -> CardStudy:
                return study_cards(
                    view,
                    rng,
                    samples,
                    self.exact_cards,
                    ducks=self.ducks,
                    play_weight=self.play_weight,
                )

            study = self._dealt(deal)
            values: dict[Action, Estimate] = dict(study.values.items())
            best = _pick(study, study.rule_card, values, self.prefer)
            exact = study.solved and study.determined
            book = ""
            textbook = None
            action, reason = rule_decision(view)
            if best == study.rule_card:  # the textbook card: its reason in cards
                book = reason if action == best else ""
            elif action == study.rule_card:  # left: the hint says why
                textbook = (action, reason)
            # the end of the game: the runner-up's reasons compare it
            # (card_reasons), this says what the figures count
            ending = game_situation(
                study.outcomes[study.reps[best]],  # type: ignore[index]
                f"after the {describe(best)}",
                alone=view.rules.players == 2,
            )
            return Advice(
                view,
                kind,
                best,
                values,
                exact,
                self.level,
                study.worlds,
                study=study,
                book=book,
                textbook=textbook,
                reason=ending,
            )
        if kind == "bid" or (kind == "blind" and view.rules.players == 4):
            study_of = study_bids if kind == "bid" else study_blind
            bstudy = self._dealt(lambda samples: study_of(view, rng, samples))
            return self._studied(view, kind, bstudy)
        if kind == "draw" and view.drawn is not None:
            return self._studied(view, kind, study_draw(view, rng, self.samples))
        if kind == "exchange" and view.rules.players == 4:
            return self._studied(
                view,
                kind,
                study_exchange(view, rng, self.samples),
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
            reason=f"{reason}. That is the textbook choice: the coach does not "
            "score this decision",
        )

    def _studied(
        self, view: PlayerView, kind: str, study: BidStudy, **extra: Any
    ) -> Advice:
        """The advice of a bid, blind call, draw or exchange ``study``: the
        best action (the rule level's unless another is clearly better), its
        values, and for a bid the tricks it takes and whether Nil pays."""
        values = dict(study.values)
        best = _pick(study, study.rule_action, values, self.prefer)
        if kind == "bid":
            extra["tricks"] = tricks_distribution(study.tricks[best])
            extra["nil_pays"] = _nil_check(study, values, best, view, self.prefer)
            rule = study.rule_action
            if best != rule and rule in values:  # left: the hint says why
                action, why = rule_decision(view)
                if action == rule:
                    extra["textbook"] = (rule, why)
        return Advice(
            view,
            kind,
            best,
            values,
            False,
            self.level,
            study.worlds,
            study=study,
            reason=_game_words(study, best, values, view.rules.players),
            **extra,
        )

    def _dealt(self, deal: Callable[[int], S]) -> S:
        """``deal(samples)`` at this coach's budget, and :data:`EXTEND` times
        the deals (these and more, from the same generator) where they
        disagree :attr:`wide`-ly and the coach is :attr:`steady`; where some
        deal ends the game, twice as many while they still disagree widely,
        up to :data:`GAME_EXTEND` times the budget."""
        study = deal(self.samples)
        if not (self.steady and _wide(study, self.wide)):
            return study
        study = study.joined(deal((EXTEND - 1) * self.samples))  # after these
        while (
            study.worlds < GAME_EXTEND * self.samples
            and study.ends_game
            and _wide(study, self.wide)
        ):
            study = study.joined(deal(study.worlds))
        return study

    def review(
        self,
        hand: Hand,
        seat: Seat | str,
        *,
        made_for: Collection[tuple[int, Action]] = (),
    ) -> Review:
        """Rate every decision ``seat`` took in ``hand`` (finished or not).
        ``made_for``: decisions made for the seat, not by it (a table's move
        timer), each as (how many actions came before it, the action; a
        look made for it is ``LOOK`` at its bid's place): they are counted,
        not rated."""
        if not isinstance(hand, Hand):
            raise SpadesError(f"the coach reviews a Hand, not {hand!r:.60}")
        seat = Seat.parse(seat)
        if seat not in hand.seats:
            raise SpadesError(
                f"{seat.full} has no seat in this {hand.rules.full_spec} hand: review "
                f"{' or '.join(s.full for s in hand.seats)}"
            )
        verdicts: list[Verdict] = []
        positions: list[int] = []
        unrated: list[tuple[int, Verdict]] = []
        forced = timed = 0
        for index, view, action, moment in seat_decisions(hand, seat):
            if (index, action) in made_for:
                timed += 1
                continue
            advice = self.advise(view, hand=moment)
            if advice.forced:
                forced += 1
                continue
            if not advice.measured:
                unrated.append((index, advice.rate(action)))
                continue
            verdicts.append(advice.rate(action))
            positions.append(index)
        return Review(
            hand, seat, self.level, verdicts, forced, positions, unrated, timed
        )


def _kind(view: PlayerView) -> str:
    phase = view.phase
    if phase is Phase.PLAYING:
        return "card"
    if phase is Phase.EXCHANGE:
        return "exchange"
    if phase is Phase.BLIND_DISCARD:
        return "discard"
    if view.holding is None:
        return "blind"
    if phase is Phase.DRAW:
        return "draw"
    return "bid"


def _pick(
    study: CardStudy | BidStudy,
    rule: Action,
    values: dict[Action, Estimate],
    prefer: float = PREFER_NOISE,
) -> Action:
    """The highest mean, unless it beats the rule level's choice by no more
    than :data:`PREFER_RULE` points plus ``prefer`` standard errors (paired)."""
    top = max(values, key=lambda a: (values[a].mean, a == rule))
    if top == rule or rule not in values:
        return top
    # a card study's actions are cards (mypy sees CardStudy.paired take Cards)
    diffs = study.paired(top, rule)  # type: ignore[arg-type]
    gain = sum(diffs) / len(diffs)
    return top if gain > PREFER_RULE + prefer * standard_error(diffs) else rule


def _wide(study: CardStudy | BidStudy, wide: float = WIDE) -> bool:
    """Whether the deals disagree widely on some action: the standard error
    of its loss against the top action (paired) is above ``wide`` points."""
    if isinstance(study, BidStudy):
        means = {a: sum(v) / len(v) for a, v in study.outcomes.items()}
        top = max(means, key=means.__getitem__)
        return any(standard_error(study.paired(top, a)) > wide for a in means)
    if study.solved and study.determined:
        return False
    means = {
        r: sum(o.value for o in outs) / len(outs) for r, outs in study.outcomes.items()
    }
    top = max(study.reps, key=lambda c: means[study.reps[c]])  # as values orders
    return any(
        standard_error(study.paired(top, card)) > wide
        for card in set(study.reps.values())
    )


def _game_words(
    study: BidStudy, best: Action, values: dict[Action, Estimate], players: int
) -> str:
    """The end of the game, in words, when it can come with this hand
    (:func:`~spadeslib.coach.explain.game_situation`): how the best action
    ends it better than the next best when that is a reason
    (:func:`~spadeslib.coach.explain.game_reason`), else who wins it how
    often after the best action; ``""`` when no deal ends the game."""
    alone = players == 2
    comparison = ""
    ends = bid_endings(study, best)
    others = [a for a in values if a != best]
    if others:
        runner = max(others, key=lambda a: values[a].mean)
        found = game_reason(
            ends,
            bid_endings(study, runner),
            f"if you {describe(runner, players)}",
            alone=alone,
        )
        comparison = found[1] if found is not None else ""
    return game_situation(
        ends,
        f"after {naming(best, players)}",
        alone=alone,
        comparison=comparison,
    )


def _nil_check(
    study: BidStudy,
    values: dict[Action, Estimate],
    best: Action,
    view: PlayerView,
    prefer: float = PREFER_NOISE,
) -> NilCheck | None:
    """Nil against the chosen bid (or, when Nil is chosen, the best number),
    with the cards of ``view``'s hand that break a Nil."""
    if Bid.NIL not in values:
        return None
    numeric = [b for b in values if isinstance(b, Bid) and not b.is_nil]
    if not numeric:
        return None
    best_num = (
        best
        if isinstance(best, Bid) and best in numeric
        else max(numeric, key=lambda b: values[b].mean)
    )
    made = study.made[Bid.NIL]
    # sure: the difference passes the test the coach asks of any action
    # before it leaves the textbook one (see _pick)
    diffs = study.paired(Bid.NIL, best_num)
    gap = abs(sum(diffs) / len(diffs))
    book = study.rule_action
    return NilCheck(
        values[Bid.NIL].mean > values[best_num].mean,
        values[Bid.NIL],
        best_num,
        values[best_num],
        sum(made) / len(made),
        sure=gap > PREFER_RULE + prefer * standard_error(diffs),
        chosen=best == Bid.NIL,
        why=nil_killers(view),
        dangers=nil_dangers(view),
        alone=view.rules.players == 2,
        book=book if isinstance(book, Bid) and not book.is_nil else None,
    )


def _known_values(hand: Hand, view: PlayerView) -> dict[Action, float] | None:
    """Every legal card's exact value with the hand's cards all known."""
    left = sum(len(hand.holding[s]) for s in hand.seats)
    if left > min(KNOWN_CARDS, MAX_CARDS) or hand.phase is not Phase.PLAYING:
        return None
    values, _ = exact_lines(hand)
    return {c: float(v) for c, v in values.items() if c in view.legal}


def seat_decisions(
    hand: Hand, seat: Seat
) -> list[tuple[int, PlayerView, Action, Hand]]:
    """Every decision of ``seat`` in ``hand``: (actions before it, the view it
    had, what it did, the hand at that moment). A numeric bid made with the
    cards face down is split into the look and the bid."""
    work = hand.at_deal()
    found: list[tuple[int, PlayerView, Action, Hand]] = []
    for index, (who, action, _) in enumerate(hand.history):
        if who == seat:
            view = work.view(seat)
            if isinstance(action, Bid) and not action.is_blind and view.holding is None:
                looked = work.clone()
                looked.apply(LOOK, seat)
                found.append((index, view, LOOK, work.clone()))
                found.append((index, looked.view(seat), action, looked))
            else:
                found.append((index, view, action, work.clone()))
        work.apply(action, who, check=False)
    return found
