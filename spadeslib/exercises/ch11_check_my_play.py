"""Chapter 11's last exercise, 11.4: let the search coach review a hand
and find the tricks where it rates South's card a mistake or a blunder
("check my play").

The question asks for the ratings chapter 11 says to look at first, the
ones that hold from seed to seed: a deal is kept only if the search coach
gives the same answer with the other seeds a learner may use
(:data:`OTHER_SEEDS`, :data:`DEMO_SEED`), so the key is no single seed's
noise.

Its feedback tells a seed's or a level's answer from the question's (the
coach's verdicts move with the deals it draws), so it lives apart from the
other three exercises of :mod:`.ch11_play`.
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Sequence
from typing import Any

from ..cards import Card
from ..coach import LEVELS, Coach, Verdict
from ..coach.coach import DUCKS
from ..hand import Hand
from ..rules import Rules
from ..seats import Seat
from .advice import LEVEL, SEED, coach
from .answer_lists import TrickNumbers
from .feedback import Feedback, Mistake
from .reading import AnswerError, plural
from .scenarios import (
    bids_line,
    deal,
    hand_picture,
    new_seed,
    play_to,
    sensible,
    tricks_text,
)
from .specs import SetSpec

CHAPTER = "11_play"

OTHER_SEEDS: tuple[int | str, ...] = (0, 1)
"""Seeds of the search coach a learner may use instead of exercise 11.4's
(``SEED``): 0, an unseeded ``Coach("search")``, and 1, the exercise
notebook's ``SEED``. Early in a hand the coach's verdict on a close card
moves with the deals it draws; the exercise keeps a deal only if these
seeds give its key too (:data:`STEADY_SEEDS`), and the feedback names the
seed the question asks for where another seed still differs."""

DEMO_SEED = 11
"""The seed of chapter 11's table (``demo.seed``), whose review the chapter
makes with ``Coach("search", seed=demo.seed)``."""

GLANCE_SAMPLES = 12
GLANCE_LOSS = 10.0
"""A card :func:`glance` passes on to the exercise's coach loses more than
this over its few deals (a mistake loses more than 15, less the noise)."""

SERIOUS = ("mistake", "blunder")
"""The ratings 11.4 asks for: chapter 11's ``SERIOUS``, the decisions that
cost the most and hold best from seed to seed."""

STEADY_SEEDS: tuple[int | str, ...] = (*OTHER_SEEDS, DEMO_SEED)
"""Seeds under which the search coach must give 11.4's key too."""


def serious(verdict: Verdict) -> bool:
    """Whether ``verdict`` rates the choice a mistake or a blunder."""
    return verdict.rating in SERIOUS


@functools.cache
def search_coach(seed: int | str) -> Coach:
    """The search coach with ``seed`` (shared, so its analyses are cached)."""
    return coach() if seed == SEED else Coach(LEVEL, seed=seed)


@functools.cache
def quick_coach() -> Coach:
    """A cheap first look for :class:`CheckMyPlay`'s beginner: the search
    coach over a few deals."""
    return Coach(LEVEL, seed=SEED, samples=GLANCE_SAMPLES, steady=False)


def glance(hand: Hand) -> Card | None:
    """South's worst card by :func:`quick_coach`, if it loses enough to be
    worth asking the exercise's coach about (``None``: no card does)."""
    advice = quick_coach().advise(hand.view(Seat.SOUTH))
    legal = hand.legal_cards()
    worst = max(legal, key=lambda c: advice.rate(c).loss)
    return worst if advice.rate(worst).loss > GLANCE_LOSS else None


class CheckMyPlay(SetSpec):
    number = 4
    title = "Check my play with the coach"
    intro = (
        f"Let the {LEVEL} coach review the hand, as chapter 11 does, and find the "
        "tricks where it rates South's card a mistake or a blunder."
    )
    worked = f"""\
from spadeslib.coach import Coach

review = Coach("{LEVEL}", seed="{SEED}").review(q4.hand, "S")
print(review.summary)
lost = ", ".join(
    v.where
    for v in review.verdicts
    if v.where.startswith("trick") and v.rating in ("mistake", "blunder")
)
lost
"""
    answer_code = "lost"
    public = ("hand",)
    chapter = CHAPTER
    answer = TrickNumbers()
    # a wrong answer counts the key's tricks left out or listed wrongly,
    # never naming one: naming it would hand the answer over after one
    # guess (as in 11.2); the solution names every trick
    names_missing = False
    names_extra = False
    noun = "trick"
    empty_means = "none"  # the worked code's join when no verdict is kept

    def generate(self, rng: random.Random) -> None:
        self.hand: Hand = deal(Rules("cards4net"), rng, dealer=Seat.EAST)
        play_rng = random.Random(new_seed(rng))
        # a beginner: any legal card, and in trick ``slip`` (2 to 4, the
        # last less often: a card that bad is likelier there, and keys
        # should vary) the worst card of a quick look (:func:`glance`),
        # where the exercise's coach rates it a mistake or a blunder (this
        # early, about one decision in twenty has a card that bad, and a
        # random card rarely finds it; the coach's analyses are cached, so
        # the review reuses them). A deal is kept only if its answer holds
        # from seed to seed (:meth:`acceptable`).
        slip = rng.choice((2, 2, 3, 3, 4))

        def chooser(h: Hand, r: random.Random) -> Any:
            if h.turn != Seat.SOUTH or h.phase.value != "playing":
                return sensible(h, r)
            legal = h.legal_cards()
            if len(h.tricks) + 1 == slip and len(legal) > 1:
                worst = glance(h)
                if worst is not None and serious(
                    coach().advise(h.view(Seat.SOUTH), hand=h.clone()).rate(worst)
                ):
                    slipped.append(worst)
                    return worst
            return r.choice(legal)

        slipped: list[Card] = []  # the worst card, if played
        play_to(self.hand, play_rng, lambda h: len(h.tricks) == 4, chooser)
        self.slipped = bool(slipped)
        self.slip = slip

    def decisions(self) -> list[tuple[int, Hand, Card]]:
        """South's card decisions with a choice: (trick number, the hand at
        that moment, the card played)."""
        if "decisions" not in self._cache:
            replay = self.hand.at_deal()
            out = []
            for seat, action, _ in self.hand.history:
                choice = len(replay.legal_actions()) > 1
                if seat == Seat.SOUTH and isinstance(action, Card) and choice:
                    out.append((len(replay.tricks) + 1, replay.clone(), action))
                replay.apply(action)
            self._cache["decisions"] = out
        return list(self._cache["decisions"])

    def review(self) -> dict[int, Verdict]:
        """The coach's verdict on South's card in each trick it had a choice
        (the card decisions of ``coach().review(hand, "S")``)."""
        return {n: self.verdict(n) for n, _, _ in self.decisions()}

    def verdict(self, trick: int) -> Verdict:
        """The coach's verdict on South's card in ``trick``, one it had a
        choice in (remembered: :meth:`acceptable` asks trick by trick)."""
        memo = self._cache.setdefault("verdicts", {})
        if trick not in memo:
            moment, card = self._moment(trick)
            advice = coach().advise(moment.view(Seat.SOUTH), hand=moment)
            memo[trick] = advice.rate(card)
        return memo[trick]  # type: ignore[no-any-return]

    def _moment(self, trick: int) -> tuple[Hand, Card]:
        """The hand when South chose its card in ``trick``, and the card."""
        return next((m, c) for n, m, c in self.decisions() if n == trick)

    def flags(self, seed: int | str, trick: int) -> bool:
        """Whether ``Coach(LEVEL, seed=seed)`` rates South's card in ``trick``
        a mistake or a blunder (remembered per seed)."""
        memo = self._cache.setdefault("flags", {})
        if (seed, trick) not in memo:
            moment, card = self._moment(trick)
            verdict = search_coach(seed).advise(moment.view(Seat.SOUTH)).rate(card)
            memo[seed, trick] = serious(verdict)
        return bool(memo[seed, trick])

    def flagged(self, seed: int | str) -> frozenset[int]:
        """The answer the search coach gives with ``seed``."""
        return frozenset(n for n, _, _ in self.decisions() if self.flags(seed, n))

    def search_seeds(self) -> list[int | str]:
        """Seeds of the search coach a learner may use instead of the
        question's: :data:`OTHER_SEEDS`, chapter 11's table seed
        (``demo.seed``) and the exercise's own seed."""
        return list(dict.fromkeys([*OTHER_SEEDS, DEMO_SEED, self.seed]))

    def other_coaches(self) -> list[tuple[str, frozenset[int]]]:
        """What other coaches answer, each with its kind: the ``rule`` coach
        with the exercise's seed and its own default seed (``"other-coach"``,
        the table's coach), then the search coach with the other seeds a
        learner may use (``"other-seed"``): the answer of a learner who asked
        another level or seed ("none" is left to the trick-by-trick
        diagnosis: it is also a guess)."""
        if "others" not in self._cache:
            answers = []
            for seed in (SEED, 0):
                review = Coach("rule", seed=seed).review(self.hand, Seat.SOUTH)
                answers.append(
                    (
                        "other-coach",
                        frozenset(
                            int(v.where.split()[1])
                            for v in review.verdicts
                            if v.where.startswith("trick") and serious(v)
                        ),
                    )
                )
            answers += [
                ("other-seed", self.flagged(seed))
                for seed in self.search_seeds()
                if seed != SEED
            ]
            self._cache["others"] = [
                (kind, a) for kind, a in answers if a and a != self.expected
            ]
            # "none" from another coach: said beside the count, not as its
            # own diagnosis (a guess of "none" reads the same)
            self._cache["none"] = list(dict.fromkeys(k for k, a in answers if not a))
        return list(self._cache["others"])

    def none_from(self) -> list[str]:
        """Which other coaches (their kinds) flag no trick at all."""
        self.other_coaches()  # works it out, with the other coaches' answers
        return list(self._cache["none"])

    def other_kind(self, parsed: frozenset[int]) -> str | None:
        """Which other coach gives ``parsed`` (``None``: none of them)."""
        return next((kind for kind, a in self.other_coaches() if a == parsed), None)

    def other_coach_text(self) -> str:
        """Why the rule coach's answer is not this exercise's."""
        rule, search = LEVELS["rule"][0], LEVELS[LEVEL][0]
        ducks = (
            " and reads the opponents' ducks as a clue to their cards"
            if LEVEL in DUCKS and "rule" not in DUCKS
            else ""
        )
        return (
            "that is what the rule coach says, not the "
            f"{LEVEL} coach the question asks: the {LEVEL} coach plays out "
            f"{search} deals of the unseen cards per decision (the rule coach "
            f"{rule}){ducks}, so the two can rate a card differently. Review "
            f'with `Coach("{LEVEL}", seed="{SEED}")`'
        )

    def other_seed_text(self) -> str:
        """Why the search coach's answer with another seed is not this
        exercise's."""
        return (
            f"that is what the {LEVEL} coach says with another seed: the seed "
            "picks the deals of the unseen cards it plays out, so a card can be "
            "rated differently. Every learner uses the same seed so that all get "
            f'the same verdicts: review with `Coach("{LEVEL}", seed="{SEED}")`, '
            "as the question says"
        )

    def mistakes(self) -> list[Mistake]:
        others = [
            Mistake(kind, answer, self._other_coach(answer, kind).message)
            for kind, answer in self.other_coaches()
        ]
        return others + super().mistakes()

    def diagnose(self, parsed: Any) -> Feedback | None:
        kind = self.other_kind(parsed) if parsed != self.expected else None
        if kind is not None:
            return self._other_coach(parsed, kind)
        found = super().diagnose(parsed)
        none_from = self.none_from() if found is not None and not parsed else []
        if found is not None and none_from:
            who = " or ".join(self.who(kind) for kind in none_from)
            return Feedback(
                found.status,
                f"{found.message} (If you asked {who}, it rates no card a mistake "
                f'or a blunder: check the level and the seed, `Coach("{LEVEL}", '
                f'seed="{SEED}")`.)',
                found.mistake,
            )
        return found

    @staticmethod
    def who(kind: str) -> str:
        """The coach an answer of ``kind`` comes from, in words."""
        if kind == "other-coach":
            return "the rule coach"
        return f"the {LEVEL} coach with another seed"

    def parse(self, answer: Any) -> Any:
        """The tricks; a bid or a blind listed is refused (only tricks are
        asked)."""
        words = answer if isinstance(answer, (list, tuple)) else [answer]
        if any(
            isinstance(w, str) and re.search(r"(?i)\b(bid|blind)", w) for w in words
        ):
            raise AnswerError("only tricks are asked, so leave out 'bid' and 'blind'")
        return super().parse(answer)

    def _other_coach(self, parsed: frozenset[int], kind: str) -> Feedback:
        """The verdict on another coach's answer, ``parsed``: the rule
        coach's (``kind`` "other-coach") or the search coach's with another
        seed ("other-seed")."""
        text = (
            self.other_coach_text()
            if kind == "other-coach"
            else (self.other_seed_text())
        )
        if parsed < self.expected:
            # tricks left out, none added: the right coach with a trick
            # missed reads the same, so say both
            missed = super().diagnose(parsed)
            assert missed is not None
            who = self.who(kind)
            why = text.split(": ", 1)[1]
            return Feedback(
                "incorrect",
                f"{missed.message} If you asked {who}, that is its answer, but "
                f'this question asks `Coach("{LEVEL}", seed="{SEED}")`: {why}.',
                kind,
            )
        return Feedback("incorrect", text + ".", kind)

    def acceptable(self) -> bool:
        """A deal whose key has one to three tricks and is what the search
        coach answers with every seed of :data:`STEADY_SEEDS` too. A deal
        without the beginner's slip is passed over unreviewed (its random
        cards are rarely worse than an inaccuracy).

        The checks give the same verdict in any order (each analysis is
        seeded by its decision), so the cheapest go first, and the first that
        fails ends the review: the slip's trick, which the exercise's coach
        rated already (most deals fail there), then trick by trick, the
        exercise's coach before the other seeds."""
        if not self.slipped:
            return False
        tricks = sorted(
            (n for n, _, _ in self.decisions()), key=lambda n: n != self.slip
        )
        for n in tricks:
            flagged = serious(self.verdict(n))
            if any(self.flags(seed, n) != flagged for seed in STEADY_SEEDS):
                return False
        return 0 < len(self.expected) < 4

    def key(self) -> frozenset[int]:
        return frozenset(n for n, verdict in self.review().items() if serious(verdict))

    def universe(self) -> list[int]:
        return [1, 2, 3, 4]

    def _order(self, item: Any) -> Any:
        return item

    def item_text(self, item: Any) -> str:
        return f"trick {item}"

    def prompt(self) -> str:
        h = self.hand
        return (
            f"South (a beginner) played the first four tricks of this hand "
            f"(`q4.hand`, dealer {h.dealer.full}; bids "
            f"{bids_line(h)}):\n"
            f"{tricks_text(h.tricks)}\nSouth's cards at the start:\n"
            f"{hand_picture(h.initial, [Seat.SOUTH])}\n"
            "In which of these tricks does the coach rate South's card a mistake "
            f"or a blunder, according to the {LEVEL} coach? "
            "Ask it as chapter 11 does (`from spadeslib.coach import Coach`): "
            f'`Coach("{LEVEL}", seed="{SEED}").review(q4.hand, "S")`; its '
            "verdicts say where (`v.where`, e.g. 'trick 2') and how bad "
            f"(`v.rating`). Use this level and seed: another coach level (such as "
            "`rule`, a table's default) can rate a card differently."
        )

    def why_yes(self, item: Any) -> str:
        verdict = self.review()[item]
        lost = f"-{verdict.loss:.0f} points on average"
        return f"{verdict.rating}, {lost}. {verdict.text}".rstrip(".")

    def why_not(self, item: Any) -> str:
        verdict = self.review().get(item)
        if verdict is None:
            return "South had only one legal card"
        return f"{verdict.rating}. {verdict.text}".rstrip(".")

    def missing_text(self, missing: Sequence[Any]) -> str:
        """The key's tricks left out, counted, not named."""
        return (
            f"you left out {plural(len(missing), self.noun)} where the {LEVEL} "
            "coach rates South's card a mistake or a blunder: go through every "
            "verdict whose `where` starts with 'trick'"
        )

    def extra_text(self, extra: Sequence[Any]) -> list[str]:
        """What is wrong with the tricks listed wrongly, without naming one
        the coach rates (a trick not played, or one with a single legal
        card, is named: that is no part of the answer)."""
        played = self.universe()
        texts = [
            f"trick {n} was not played: the hand stops after trick {played[-1]}"
            for n in extra
            if n not in played
        ]
        texts += [
            f"in trick {n} South had only one legal card, so the coach rates "
            "nothing there"
            for n in extra
            if n in played and n not in self.review()
        ]
        rated = [n for n in extra if n in self.review()]
        slips = [n for n in rated if self.review()[n].rating == "inaccuracy"]
        if slips:
            texts.append(
                f"you listed {plural(len(slips), 'trick')} in which the {LEVEL} "
                "coach rates South's card an inaccuracy: the question asks only "
                "for mistakes and blunders"
            )
        sound = [n for n in rated if n not in slips]
        if sound:
            cards = "that card" if len(sound) == 1 else "those cards"
            texts.append(
                f"you listed {plural(len(sound), 'trick')} in which the {LEVEL} "
                f"coach rates {cards} best or good"
            )
        return texts

    def hint(self) -> str:
        return (
            "`from spadeslib.coach import Coach`, then "
            f'`review = Coach("{LEVEL}", seed="{SEED}").review(q4.hand, "S")`; '
            "keep the verdicts whose `where` starts with 'trick' and whose "
            "`rating` is 'mistake' or 'blunder'."
        )

    def explain(self) -> str:
        return "\n".join(
            f"Trick {n}: "
            + (self.why_yes(n) if n in self.expected else self.why_not(n))
            + "."
            for n in self.universe()
        )
