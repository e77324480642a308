"""What the coach says of one decision: :class:`Advice` (the value of every
legal action, the best one, and :meth:`Advice.rate` for any action on the
published scale, with a reason in the second person), with
:class:`~spadeslib.coach.nil.NilCheck` (whether Nil pays).
:class:`~spadeslib.coach.Coach` makes them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from types import MappingProxyType

from .. import legality
from ..actions import Action, Bid, parse_action
from ..bots.studies.bids import BidStudy
from ..bots.studies.cards import CardStudy
from ..bots.studies.estimate import standard_error
from ..cards import Card
from ..errors import IllegalAction, SpadesError
from ..hand import Phase
from ..view import PlayerView
from .explain import (
    GAME_TERMS,
    bid_endings,
    book_reason,
    card_reasons,
    describe,
    game_reason,
    naming,
    played,
    points,
)
from .nil import NilCheck, margin_words, nil_killers
from .ratings import (
    NOISE_SHOWN,
    THRESHOLDS,
    Estimate,
    Verdict,
    loss_points,
    rated_loss,
    rated_losses,
    rating_for,
)

__all__ = ["Advice"]


@dataclass(frozen=True)
class Advice:
    """The coach's analysis of one decision (see the module docstring).

    The coach remembers its analyses and hands the same object to every
    caller (a hint and the review of that decision), so an advice is frozen
    and its mappings are read-only.

    >>> from spadeslib import Hand
    >>> from spadeslib.coach import Coach
    >>> hand = Hand(seed=4, dealer="W"); hand.apply("look")  # North to bid
    >>> advice = Coach("rule", seed=1, samples=4).advise(hand)
    >>> advice, advice.rate("nil").rating  # rate any legal action, or its text
    (<Advice bid for North, hand 1: bid 3 (rule, 16 worlds)>, 'blunder')
    >>> print(advice.nil_pays)
    Nil would leave your side 155 points behind the other side on average (made
    in 0% of deals), against 12 points behind with bid 3: Nil does not pay (the
    Nil's dangers: the J♠, 9♠ and K♥, and four spades)
    """

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
    book: str = ""
    """A card's reason in the terms of the play ("Second hand low: keep your
    high cards, play the 5♣"), when the best card is the one the rule
    player, the textbook, would play; the hint says it first."""
    textbook: tuple[Action, str] | None = None
    """The rule player's card or bid and its reason, when the best is
    another: the hint says why it leaves the textbook."""
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

    def __repr__(self) -> str:
        how = "exact" if self.exact else f"{self.worlds} worlds"
        return (
            f"<Advice {self.kind} for {self.view.seat.full}, hand "
            f"{self.view.number}: {self.words(self.best)} ({self.level}, {how})>"
        )

    def __str__(self) -> str:
        return self.explain()

    @property
    def forced(self) -> bool:
        """Only one legal action."""
        return len(self.view.legal) == 1

    @property
    def taken(self) -> float | None:
        """Bids: the tricks the seat takes on average after the best bid (the
        mean of :attr:`tricks`); ``None`` for other decisions."""
        if not self.tricks:
            return None
        return sum(k * share for k, share in self.tricks.items())

    def _others(self) -> list[Action]:
        """The actions other than the best, one for each set of equal cards
        (the ones a hint compares the best with)."""
        return [a for a in self.values if not self._same(a) and a == self._rep(a)]

    def _same(self, action: Action) -> bool:
        if action == self.best:
            return True
        study = self.study
        if isinstance(study, CardStudy) and isinstance(action, Card):
            # with a card study the best action is a card (a Card key of reps)
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
        mean, ci = self._paired(action)
        return max(0.0, mean), ci

    def _paired(self, action: Action) -> tuple[float, tuple[float, float]]:
        """The best action's value less ``action``'s, averaged over the same
        worlds, and its 95% interval (no width when exact)."""
        study = self.study
        assert study is not None
        # a card study's actions are cards (mypy sees CardStudy.paired take Cards)
        diffs = study.paired(self.best, action)  # type: ignore[arg-type]
        mean = sum(diffs) / len(diffs)
        half = 0.0 if self.exact else 1.96 * standard_error(diffs)
        return mean, (mean - half, mean + half)

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
        if isinstance(action, Card) and view.phase is Phase.PLAYING and view.holding:
            rules, held = view.rules, list(view.holding)
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
                f"{played(action, self.players)}. The coach does not score this "
                f"decision; the textbook choice is to {self.words(self.best)}."
            )
            return Verdict(action, self.best, 0.0, "unmeasured", text, self.where)
        loss, ci = self.loss(action)
        rated = self._rated(action)  # an exact loss's interval has no width
        rating = rating_for(rated)
        text = self._verdict_text(action, loss, rating, rated)
        return Verdict(
            action, self.best, loss, rating, text, self.where, ci, self.exact, rated
        )

    @cached_property
    def _read_losses(self) -> dict[Action, tuple[float, Action]]:
        """The loss each action's rating reads, and the action whose noise-less
        loss it is (:func:`~spadeslib.coach.ratings.rated_losses`: an action
        is never rated better than one that loses less)."""
        return rated_losses({a: self.loss(a) for a in self.values})

    def _rated(self, action: Action) -> float:
        """The loss the rating of ``action`` reads (see :meth:`rate`)."""
        found = self._read_losses.get(action)  # none without values (forced)
        return rated_loss(self.loss(action)[1]) if found is None else found[0]

    @property
    def where(self) -> str:
        """Where in the hand: ``"trick 3"``, ``"bid"``, ``"exchange"``,
        ``"draw, 7♠ on top"`` (a two-player draw names the card decided on)..."""
        if self.kind == "card":
            return f"trick {len(self.view.tricks) + 1}"
        if self.kind == "draw" and self.view.drawn is not None:
            return f"draw, {self.view.drawn.symbol} on top"
        return self.kind

    # ---------------------------------------------------------------- text
    @property
    def players(self) -> int:
        """How many play: two draw their cards where four look at them."""
        return self.view.rules.players

    def words(self, action: Action) -> str:
        """``action`` in words, as :func:`describe` says it at this table."""
        return describe(action, self.players)

    def _name(self, action: Action) -> str:
        """``action`` compared with another (:func:`naming`)."""
        return naming(action, self.players)

    @property
    def alone(self) -> bool:
        """The seat plays for itself (two players): "you", not "your side"."""
        return self.view.rules.players == 2

    def _margin(self, value: float) -> str:
        """What a value means, in words: the average margin of the hand
        against the other side (bags counted as their cost)."""
        who, other = (
            ("you end", "your opponent")
            if self.alone
            else ("your side ends", "the other side")
        )
        # one world, solved exactly: no average to speak of
        average = "" if self.exact else "on average "
        whole = round(value)
        if whole == 0:
            return f"{average}{who} the hand level with {other}"
        where = "ahead of" if whole > 0 else "behind"
        amount = points(abs(value), sign=False)
        return f"{average}{who} the hand {amount} {where} {other}"

    def _figure(self, value: float) -> str:
        """The margin and how it was reckoned, with what it counts when the
        game can end this hand (a figure that counts the game is not a
        score: said at once)."""
        study = self.study
        counts = study is not None and study.ends_game
        terms = f"; {GAME_TERMS}" if counts else ""
        return f"{self._margin(value)} ({self._how()}{terms})"

    def _how(self) -> str:
        if self.exact:
            return "exactly: you can tell where every card is"
        study = self.study
        if isinstance(study, CardStudy) and study.solved:
            return f"over {self.worlds} deals of the unseen cards, each solved exactly"
        return f"over {self.worlds} deals of the unseen cards"

    def _verdict_text(
        self, action: Action, loss: float, rating: str, rated: float
    ) -> str:
        you = played(action, self.players)
        if self.forced:
            return f"{you}: the only legal choice."
        best = self.words(self.best)
        if self._same(action):
            text = f"{you}: the best choice"
            if action != self.best:
                text += f" (as good as {best})"
            value = self.values.get(action)
            if value is not None:
                text += f"; {self._figure(value.mean)}"
            return text + "." + self._known_text(action)
        if rating == "best":
            value, chosen = self.values.get(self.best), self.values.get(action)
            ahead = chosen.mean - value.mean if value and chosen else 0.0
            if ahead > 1:
                # the best is then the textbook action, which the coach
                # keeps unless another is clearly better (as the hint says)
                return (
                    f"{you}: as good as {best}, the textbook choice the coach "
                    "keeps unless another is clearly better: yours came out "
                    f"{points(ahead, sign=False)} higher in these deals, a "
                    "difference too small for the sampled deals to tell apart "
                    f"({self._how()})." + self._known_text(action)
                )
            if loss > THRESHOLDS["best"]:
                return (
                    f"{you}: as good as {best}, the coach's choice: {best} came "
                    f"out {points(loss, sign=False)} higher in these deals, a "
                    "difference too small for the sampled deals to tell apart "
                    f"({self._how()})." + self._known_text(action)
                )
            return (
                f"{you}: as good as {best}, the coach's choice, within a point "
                f"({self._how()})." + self._known_text(action)
            )
        lower = self._read_losses.get(action, (rated, action))[1]
        if not self._same(lower) and lower != action:  # read from one losing less
            text = (
                f"{you}. Best: {best}, about {points(loss, sign=False)} better "
                f"(rated no better than {self._name(lower)}, which loses no more: "
                f"{loss_points(rated)} once the noise of the deals is taken off)"
            )
        elif loss - rated >= NOISE_SHOWN:  # the rating reads the loss less the noise
            text = (
                f"{you}. Best: {best}, about {points(loss, sign=False)} better "
                f"({loss_points(rated)} once the noise of the deals is taken off)"
            )
        else:
            text = f"{you}. Best: {best}, about {loss_points(loss)} better"
        reasons = self._verdict_reasons(action)
        if reasons:
            text += ": " + "; ".join(reasons)
        text += f" ({self._how()})."
        return text + self._known_text(action, lost=True) + self.book_text(action)

    def book_text(self, action: Action) -> str:
        """A bid verdict on the textbook bid, which the coach leaves: that it
        is the textbook's, and why (as a hint says it of a card)."""
        if self.kind != "bid" or self.textbook is None or self.textbook[0] != action:
            return ""
        why, mine = book_reason(*self.textbook), self.words(action)
        said = f" {mine[:1].upper()}{mine[1:]} is the textbook bid"
        best = self.words(self.best)
        if "(" in why:  # no bracket inside a bracket: a colon
            return f"{said}: {why}. In these deals {best} came out higher."
        return f"{said} ({why}), but in these deals {best} came out higher."

    def _verdict_reasons(self, action: Action) -> list[str]:
        """The reasons the best action beats ``action`` (:meth:`_reasons`),
        for a bid the end of the game first (a card's reasons compare the
        game already), as a verdict gives them."""
        reasons = self._reasons(action)
        study = self.study
        if isinstance(study, BidStudy):
            game = game_reason(
                bid_endings(study, self.best),
                bid_endings(study, action),
                f"if you {self.words(action)}",
                alone=self.alone,
            )
            if game is not None:
                reasons = [game[1], *reasons]
        return reasons

    def _reasons(self, action: Action) -> list[str]:
        study = self.study
        if isinstance(study, CardStudy) and isinstance(action, Card):
            # with a card study the best action is a card (a Card key of reps)
            best = study.outcomes[study.reps[self.best]]  # type: ignore[index]
            chosen = study.outcomes[study.reps[action]]
            return card_reasons(best, chosen, action.symbol, alone=self.alone)
        if isinstance(study, BidStudy):
            out = []
            if isinstance(action, Bid) and action.is_nil:
                why = nil_killers(self.view)
                if why:
                    out.append(why)
            made_b = study.made[self.best]
            made_a = study.made[action]
            rb, ra = sum(made_b) / len(made_b), sum(made_a) / len(made_a)
            if self._nil_against_number(action):
                # a Nil's tricks are not a contract's: what each makes and
                # scores says it (a learner read "0.5 tricks, about 1.5
                # fewer than bid 2 needs")
                return [*out, self._made_text(action, rb, ra), self._scores(action)]
            if rb - ra >= 0.05:
                out.append(self._made_text(action, rb, ra))
            tb = study.tricks[self.best]
            taken = sum(tb) / len(tb)
            # whose tricks: the best action's (a blind call compares actions
            # whose tricks differ: "you take 3.3 tricks" alone was unclear)
            out.append(
                f"you take {taken:.1f} tricks on average if you {self.words(self.best)}"
            )
            view = self.view
            mine = view.committed_bids().get(view.seat)
            if mine is not None and mine.is_nil:
                out[-1] += f", where your {mine.label()} needs none"
            if self.kind == "bid" and isinstance(action, Bid) and not action.is_nil:
                # what the other bid would do with these tricks (a learner
                # read "1.6 more than bid 3 needs" as bid 3 being safe)
                over = taken - action.tricks
                if over >= 0.5:
                    out[-1] += (
                        f", so {self.words(action)} would leave about {over:.1f} "
                        "tricks over as bags"
                    )
                elif over <= -0.5:
                    out[-1] += (
                        f", so with {self.words(action)} you would fall about "
                        f"{-over:.1f} short"
                    )
                elif rb - ra >= 0.05 and (side := self._side_needs(action)):
                    # the tricks fit the bid, the side's contract does not (a
                    # learner read "3.0 tricks" as "so bid 3")
                    out[-1] += (
                        f", about what {self.words(action)} asks of you; but {side}"
                    )
            if ra - rb >= 0.05:
                out.append(
                    self._made_text(action, rb, ra)
                    + f", but {self.words(self.best)} comes out higher"
                )
            return out
        return []

    def _side_needs(self, action: Bid) -> str:
        """What the side's contract needs with ``action`` where the partner
        has bid a number: ``"with North's 6 your side needs 9 tricks
        together"`` (``""`` before the partner's bid, or after a Nil)."""
        view = self.view
        if view.rules.players != 4:
            return ""
        partner = view.seat.partner
        theirs = view.committed_bids().get(partner)
        if theirs is None or theirs.is_nil or not theirs.tricks:
            return ""
        need = theirs.tricks + action.tricks
        return (
            f"with {partner.full}'s {theirs.label()} your side needs {need} tricks "
            "together"
        )

    def _nil_against_number(self, action: Action) -> bool:
        """A bid decision that sets a Nil against a number (either way
        round): their tricks do not compare, what they make and score does."""
        pair = (self.best, action)
        return (
            self.kind == "bid"
            and all(isinstance(a, Bid) for a in pair)
            and (sum(a.is_nil for a in pair if isinstance(a, Bid)) == 1)
        )

    def _scores(self, action: Action) -> str:
        """Where the best action and ``action`` leave your side on average:
        the margin of the hand, not a score, as
        :class:`~spadeslib.coach.nil.NilCheck` says it ("bid Nil leaves your
        side 15 points ahead of the other side on average, against 14 points
        behind if you bid 2")."""
        best, other = self.values[self.best].mean, self.values[action].mean
        who, them = ("your side", " the other side")
        if self.alone:
            who, them = ("you", " your opponent")
        return (
            f"{self.words(self.best)} leaves {who} {margin_words(best, them)} on "
            f"average, against {margin_words(other)} if you {self.words(action)}"
        )

    def _made_text(self, action: Action, rb: float, ra: float) -> str:
        """How often the best action and ``action`` are made, each in its
        own words (a Nil is kept, a number is a contract)."""
        made_b, made_a = self._made_words(self.best), self._made_words(action)
        b, a = f"{100 * rb:.0f}%", f"{100 * ra:.0f}%"
        if made_a == made_b:
            return f"{made_b} in {b} of deals, against {a} if you {self.words(action)}"
        if isinstance(action, Bid) and action.is_nil and ra < rb:
            # the nil that fails more often is the reason: said first
            share = "none of the deals" if a == "0%" else f"only {a} of deals"
            first = f"if you {self.words(action)}, {made_a} in {share}"
            return f"{first}; {made_b} in {b}"
        return f"{made_b} in {b} of deals; if you {self.words(action)}, {made_a} in {a}"

    def _made_words(self, action: Action) -> str:
        """What "made" means for ``action``: a Nil kept, or the contract."""
        if self.kind == "exchange":
            return "the nil is made"
        if self.kind == "draw":
            if self.view.seat in self.view.declared_blind:  # declared: no bid to come
                return f"your {Bid.BLIND_NIL.label()} is made"
            return "the bid you then make is made"
        if isinstance(action, Bid) and action.is_nil:
            return f"your {action.label()} is made"
        if not isinstance(action, Bid):  # looking (two players: drawing) first
            after = "drawing" if self.players == 2 else "looking"
            return f"the bid you make after {after} is made"
        if self.alone:
            return "your bid is made"
        partner = self.view.partner
        nil = self.view.bids.get(partner) if partner is not None else None
        if (
            partner is not None
            and nil is not None
            and nil.is_nil
            and self.view.rules.nil_tricks == "team"
        ):
            # these rules count a failed nil's tricks for the contract
            return (
                f"your side makes its contract, with {partner.full}'s tricks "
                f"should the {nil.label()} fail,"
            )
        return "your side makes its contract"

    def _known_text(self, action: Action, lost: bool = False) -> str:
        """What the exact analysis of the real deal says about the two
        actions compared (never a third one); ``lost``: the verdict found
        ``action`` worse than the best over the deals the seat allows for."""
        if not self.known or self.best not in self.known:
            return ""
        top = max(self.known.values())
        best = self.words(self.best)
        best_value = self.known[self.best]
        if self._same(action) or action not in self.known:
            # the learner's card when it is one of the coach's (touching cards)
            named = self.words(action) if self._same(action) else best
            if best_value == top:
                return f" With every card known, {named} is best too."
            return (
                f" With every card known, another card does better than {named} "
                "as the cards lie, but nobody could tell that without seeing the "
                "hidden cards."
            )
        diff = best_value - self.known[action]
        mine = self.words(action)
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
            f" With every card known, your {mine} scores "
            f"{points(-diff, sign=False)} more than {best} as the cards lie, but "
            "you could not tell that without seeing the hidden cards."
        )

    def explain(self, *, head: bool = True) -> str:
        """The hint in the second person: what to do and why. ``head=False``
        leaves out the opening "Play A♥:" (for a caller that names the action
        already, such as the table's "Hint: A♥.");
        :func:`~spadeslib.coach.reasoning.explain`."""
        from .reasoning import explain  # which reads an advice: imported here

        return explain(self, head=head)

    def brief(self, *, head: bool = True) -> str:
        """The hint in one short line: the action and its main reason
        (:func:`~spadeslib.coach.brief.brief`); :meth:`explain` says the rest.
        ``head=False`` leaves out the opening "Play A♥:", as there."""
        from .brief import brief  # which reads an advice: imported here

        return brief(self, head=head)

    def _rep(self, action: Action) -> Action:
        study = self.study
        if isinstance(study, CardStudy) and isinstance(action, Card):
            return study.reps[action]
        return action
