"""The coach's whole hint in words: :func:`explain` (what
:meth:`~spadeslib.coach.advice.Advice.explain` says: the action, its value,
the comparison with the next best and the textbook card, and why), with
:func:`opening`, the words a hint opens with, which the one-line hint
(:mod:`spadeslib.coach.brief`) shares.

>>> from spadeslib import Hand
>>> from spadeslib.coach import Coach
>>> hand = Hand(seed=4, dealer="W"); hand.apply("look")  # North to bid
>>> advice = Coach("rule", seed=1, samples=4).advise(hand.view("N"))
>>> opening(advice), explain(advice) == advice.explain()
('Bid 3', True)
"""

from __future__ import annotations

import re

from ..actions import Action, Bid
from ..bots.studies.cards import CardStudy
from ..cards import Card
from ..display import and_list
from .advice import Advice
from .card_words import card_words
from .explain import GAME_SAID, book_reason, points
from .ratings import NOISE_SHOWN, THRESHOLDS, loss_points, rating_for

__all__ = ["explain", "opening", "textbook_text"]


def nil_odds(advice: Advice) -> float | None:
    """How often, at best, the coach's deals make the seat's own Nil whatever
    it plays (:func:`~spadeslib.coach.card_words.card_words` says a Nil all
    but lost first); ``None`` where it has no Nil standing alone, or the
    coach weighed no cards."""
    view, study = advice.view, advice.study
    bids = view.committed_bids()  # two players: declared before the draw
    mine = bids.get(view.seat)
    theirs = bids.get(view.partner) if view.partner is not None else None
    if not isinstance(study, CardStudy) or mine is None or not mine.is_nil:
        return None
    if theirs is not None and theirs.is_nil:
        return None  # the deals count the side's two nils as one
    rates = [
        sum(bool(o.nil) for o in outs) / len(outs)
        for outs in study.outcomes.values()
        if outs
    ]
    return max(rates, default=None)


def opening(advice: Advice) -> str:
    """The action as a hint opens with it: "Play A♥", "Bid 3", "Look at
    your cards"."""
    best = advice.words(advice.best)
    if advice.kind == "card":
        return f"Play {best}"
    if advice.kind == "bid" and isinstance(advice.best, Bid):
        return f"Bid {advice.best.label()}"
    return best[:1].upper() + best[1:]


def explain(advice: Advice, *, head: bool = True) -> str:
    """The hint in the second person: what to do and why. ``head=False``
    leaves out the opening "Play A♥:" (for a caller that names the action
    already, such as the table's "Hint: A♥.")."""
    best = advice.words(advice.best)
    if advice.forced:
        if not head:
            return "It is your only legal choice."
        return f"{best[0].upper()}{best[1:]}: it is your only legal choice."
    value = advice.values.get(advice.best)
    if value is None:  # the rule level's decision: its reason says it all
        return advice.reason[:1].upper() + advice.reason[1:] + "."
    others = [(advice.values[a].mean, a) for a in advice._others()]
    text = f"{advice._figure(value.mean)}"
    if advice.book:  # the reason in cards first, then the figures
        text = f"{advice.book}. {text[:1].upper()}{text[1:]}"
    elif isinstance(advice.best, Card) and (
        said := card_words(advice.view, advice.best, nil_odds=nil_odds(advice))
    ):
        # not the textbook's card: what it does in the trick, then the figures
        text = f"{said}. {text[:1].upper()}{text[1:]}"
    if others:
        _, runner = max(others, key=lambda x: x[0])
        gap, _ = advice._paired(runner)  # as rate() reckons a loss
        rated = advice._rated(runner)
        as_good = rating_for(rated) == "best"  # as rate() says it
        if gap >= 0.5 and as_good and gap > THRESHOLDS["best"]:
            text += (
                f"; {advice._name(runner)} came out {points(gap, sign=False)} "
                "lower in these deals, a difference too small for the sampled "
                "deals to tell apart, so it is as good"
            )
        elif gap >= 0.5 and as_good:
            text += f"; {advice._name(runner)} is as good, within a point"
        elif gap >= 0.5:
            runner_words = f"{advice._name(runner)}, the next best"
            if gap - rated >= NOISE_SHOWN:  # the figure the rating reads, too
                text += (
                    f"; that is about {points(gap, sign=False)} better than "
                    f"{runner_words}, or {loss_points(rated)} once the noise of "
                    "the deals is taken off"
                )
            else:
                text += f"; that is {loss_points(gap)} better than {runner_words}"
            reasons = advice._reasons(runner)
            if reasons:
                text += " (" + "; ".join(reasons) + ")"
        elif gap <= -0.5:
            noun = {"card": "card", "bid": "bid"}.get(advice.kind, "choice")
            text += (
                f"; {advice._name(runner)} came out {points(-gap, sign=False)} "
                f"higher in these deals, but that difference is too small for "
                f"{advice.worlds} sampled deals to tell apart: the two are as "
                f"good, and the coach keeps the textbook {noun}, "
                f"{advice._name(advice.best)}"
            )
        else:
            text += (
                f"; {advice._name(runner)} does about as well (the sampled deals "
                "cannot tell them apart)"
            )
    twins = [
        a.symbol
        for a in advice.view.legal
        if isinstance(a, Card) and a != advice.best and advice._same(a)
    ]
    if twins:  # equal cards are one choice: said after the comparison,
        # whose "that is ... better" would else read as said of them
        verb = "is" if len(twins) == 1 else "are"
        text += (
            f"; {and_list(twins)} {verb} the same card here (no card "
            "between them is left to play)"
        )
    text += textbook_text(advice, others)
    if advice.nil_pays is not None:
        text += f". {advice.nil_pays}"
    if advice.reason and not (
        advice.reason.startswith(GAME_SAID) and " the game in " in text
    ):  # the game's sentence, unless a comparison above gave its shares
        text += f". {advice.reason}"
    if head:
        first = opening(advice)
        text = f"{first}. {text}" if advice.book else f"{first}: {text}"
    else:
        text = text[:1].upper() + text[1:]
    return text + "."


def textbook_text(advice: Advice, others: list[tuple[float, Action]]) -> str:
    """Why the best card or bid leaves the textbook one, when it does: the
    textbook's choice, its reason, and what the deals say against it (its
    reasons given above when it is the runner-up compared there)."""
    if advice.textbook is None or advice.study is None:
        return ""
    card, why = advice.textbook
    if advice._same(card) or card not in advice.values:
        return ""
    why = book_reason(card, why)
    # the book's reason inside the sentence: lower-cased unless it opens
    # with a seat's name ("East's Nil is winning ...") or cards ("KQ♣ ...")
    opening = why.split(" ", 1)[0].removesuffix("'s")
    if opening.isalpha() and opening not in ("North", "East", "South", "West"):
        why = why[:1].lower() + why[1:]
    textbook = advice._name(card)
    bid = isinstance(card, Bid)
    noun = "bid" if bid else "card"
    # "the 4♥ came out ...", "bid 2 came out ..."
    subject = textbook if bid else f"the {textbook}"
    runner = max(others, key=lambda x: x[0])[1] if others else None
    if runner is not None and advice._rep(runner) == advice._rep(card):
        # compared above already, as the next best
        said = f". {subject[:1].upper()}{subject[1:]} compared above is the textbook"
        if "(" in why:  # no bracket inside a bracket: a colon
            return f"{said} {noun}: {why}"
        return f"{said} {noun} ({why})"
    gap, _ = advice._paired(card)
    if gap < 0.5:
        return ""
    rated = advice._rated(card)
    noise = ""
    if gap - rated >= NOISE_SHOWN:  # the figure a rating reads, as above
        noise = f" ({loss_points(rated)} once the noise is taken off)"
    came = f"came out {points(gap, sign=False)} lower{noise}"
    named = card.label() if isinstance(card, Bid) else subject
    if "(" in why:  # no bracket inside a bracket: a sentence of its own
        text = (
            f". The textbook {noun} is {named}: {why}. In these deals {subject} {came}"
        )
    else:
        text = f". The textbook {noun} is {named} ({why}), but in these deals it {came}"
    # the reasons compare the coach's card ("it sets ..."): named, so
    # that "it" is not read as the textbook card
    mine = advice._name(advice.best)
    reasons = [
        re.sub(r"(^|: |; )it ", rf"\1the {mine} ", r) for r in advice._reasons(card)
    ]
    return text + (": " + "; ".join(reasons) if reasons else "")
