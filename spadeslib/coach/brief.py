"""The hint in one line: :func:`brief`, the action and its main reason, read
from the coach's analysis of a decision (an
:class:`~spadeslib.coach.advice.Advice`) for a learner in the middle of a
hand; :meth:`~spadeslib.coach.advice.Advice.explain` gives the rest.

>>> from spadeslib import Hand
>>> from spadeslib.coach import Coach
>>> hand = Hand(seed=4, dealer="W"); hand.apply("look")  # North to bid
>>> advice = Coach("rule", seed=1, samples=4).advise(hand.view("N"))
>>> print(brief(advice))
Bid 3: you take 4.1 tricks on average if you bid 3; bid 4 is as good in these
deals.
>>> print(advice.explain())  # doctest: +ELLIPSIS
Bid 3: on average your side ends the hand 12 points behind ... Nil would
leave your side 155 points behind the other side on average (made in 0% of
deals), against 12 points behind with bid 3: Nil does not pay (the Nil's
dangers: the J♠, 9♠ and K♥, and four spades).
"""

from __future__ import annotations

from ..actions import Action, Bid
from ..bots.studies.bids import BidStudy
from ..cards import Card
from .advice import Advice
from .card_words import card_words, own_nil_lost
from .explain import SMALL_DIFFERENCES, points
from .ratings import rating_for
from .reasoning import nil_odds, opening

__all__ = ["LIMIT", "brief", "shorten"]

#: the longest brief, in characters: one line of the table's hint strip
#: (two at most in large print)
LIMIT = 140


def brief(advice: Advice, *, head: bool = True) -> str:
    """``advice`` in one sentence of at most :data:`LIMIT` characters: the
    best action and its main reason. The reason is the book's, in the terms
    of the play, when the best card is the textbook's; else the biggest
    reason the analysis gives against the action it is compared with (the
    textbook card it leaves, else the next best); else, for a bid, the
    tricks it expects; else what it is worth. ``head=False`` leaves out the
    opening "Play A♥:" (for a caller that names the action already, as
    :meth:`~spadeslib.coach.advice.Advice.explain` does)."""
    value = advice.values.get(advice.best)
    if advice.forced:
        why = "it is your only legal choice"
    elif value is None or advice.book:
        # the rule level's decision, or the textbook card: the book's
        # reason, which names the action, says it
        said = advice.book or advice.reason.split(". ", 1)[0]
        if len(said) >= LIMIT and ": " in said:  # too long: its action, which
            said = said.rsplit(": ", 1)[1]  # follows its last colon
        return shorten(said[:1].upper() + said[1:] + ".", head=0)
    else:
        why = _main_reason(advice) or _close_call(advice) or advice._margin(value.mean)
        if isinstance(advice.best, Card):  # not the textbook's: what it does
            why = _with_card_words(advice, advice.best, why, head)
    if head:
        return shorten(f"{opening(advice)}: {why}.")
    return shorten(why[:1].upper() + why[1:] + ".")


def _with_card_words(advice: Advice, card: Card, why: str, head: bool) -> str:
    """``why`` after what ``card`` does in the trick (:func:`card_words`),
    without the words' bracket where :func:`shorten` would leave nothing of
    ``why``, then (the seat's own Nil lost) after that fact alone, and
    ``why`` alone where it still would: the reason with its figures says
    more than the card's words, which *Why?* gives too."""
    opening_ = f"{opening(advice)}: " if head else ""
    view, odds = advice.view, nil_odds(advice)
    said = [
        card_words(view, card, notes=notes, nil_odds=odds) for notes in (True, False)
    ]
    for words in (*said, own_nil_lost(view, odds)) if said[0] else ():
        line = shorten(f"{opening_}{words}; {why}.")
        if len(line) > len(f"{opening_}{words}; ") and not line.endswith("…"):
            return f"{words}; {why}"  # the words and at least a clause of why
    return why


def _main_reason(advice: Advice) -> str:
    """Why the best action: for Nil, its margin against the best number's
    (:class:`~spadeslib.coach.nil.NilCheck`); else the biggest reason it
    beats the action it is compared with (:func:`_compared`), the end of the
    game first for a bid (as a verdict says it); else, for a bid, the tricks
    it takes."""
    best = advice.best
    if advice.nil_pays is not None and isinstance(best, Bid) and best.is_nil:
        return str(advice.nil_pays)  # Nil's margin, against the best number's
    against = _compared(advice)
    if against is not None:
        reasons = advice._verdict_reasons(against)
        if isinstance(best, Bid) and best.is_nil:  # a Blind Nil: its risk first
            reasons.sort(key=lambda reason: "is made in" not in reason)
        if reasons:
            # small differences: said as a margin, which a cut leaves whole
            # ("a close call" alone said nothing)
            name = advice._name(against)
            than = f"the {name}" if advice.kind == "card" else name
            reason = reasons[0].replace(
                SMALL_DIFFERENCES, f"slightly better than {than}; "
            )
            return _naming(advice, against, reason)
        return ""  # a difference with no reason: a close call
    if advice.taken is not None and _as_good(advice) is None:
        text = (
            f"you take {advice.taken:.1f} tricks on average if you "
            f"{advice.words(advice.best)}"
        )
        return text + _why_not_higher(advice)
    return ""


def _why_not_higher(advice: Advice) -> str:
    """Where the bid hinted is under the tricks it takes, what the next bid
    up risks (``", but your side makes its contract in 92% of deals, against
    80% if you bid 3"``): a learner read "you take 3.0 tricks if you bid 2"
    as "so bid 3"; ``""`` elsewhere."""
    best, study = advice.best, advice.study
    if (
        not isinstance(best, Bid)
        or best.is_nil
        or not isinstance(study, BidStudy)
        or advice.taken is None
        or advice.taken < best.tricks + 0.5
    ):
        return ""
    up = Bid(best.tricks + 1)
    if up not in study.made or up not in advice.values:
        return ""
    rb, ru = (sum(study.made[b]) / len(study.made[b]) for b in (best, up))
    return f", but {advice._made_text(up, rb, ru)}" if rb - ru >= 0.05 else ""


def _naming(advice: Advice, against: Action, reason: str) -> str:
    """``reason`` naming the card it is set against, as the textbook card
    where it is one ("after the textbook 4♥"; "fewer bags on average" alone
    did not say than what)."""
    if advice.kind != "card":
        return reason  # a bid's reasons name the other bid ("if you bid 2")
    name, label = advice._name(against), _label(advice, against)
    if f"the {name}" in reason:
        return reason.replace(f"the {name}", label, 1)
    return f"{reason}, against {label}"


def _label(advice: Advice, against: Action) -> str:
    """``against`` as a brief names it: "the textbook 4♥" where it is the
    textbook card, else "the 4♥" ("bid 2" for a bid)."""
    name = advice._name(against)
    if advice.kind != "card":
        return name
    textbook = advice.textbook is not None and advice.textbook[0] == against
    return f"the textbook {name}" if textbook else f"the {name}"


def _close_call(advice: Advice) -> str:
    """Where no reason tells the best action from another: the other, as
    good within the noise, after the tricks a bid takes ("you take 4.4 tricks
    on average if you bid 4; bid 5 is as good in these deals"), else a close
    call: only so many points better than the other."""
    runner = _as_good(advice)
    if runner is not None:
        text = f"{advice._name(runner)} is as good in these deals"
        if advice.taken is not None:  # what the hinted bid takes, said first
            text = (
                f"you take {advice.taken:.1f} tricks on average if you "
                f"{advice.words(advice.best)}; {text}"
            )
        return text
    against = _compared(advice)
    if against is None:
        return ""
    gap, _ = advice._paired(against)
    return (
        f"only {points(gap, sign=False)} better than "
        f"{_label(advice, against)} in these deals"
    )


def _as_good(advice: Advice) -> Action | None:
    """The next best action when the coach rates it best too (as good
    within the noise), and it came out at least half a point apart."""
    others = advice._others()
    if not others or advice.study is None:
        return None
    runner = max(others, key=lambda a: advice.values[a].mean)
    gap, _ = advice._paired(runner)
    if abs(gap) < 0.5 or rating_for(advice._rated(runner)) != "best":
        return None
    return runner


def _compared(advice: Advice) -> Action | None:
    """The action the best one is measured against: the textbook card it
    leaves, else the next best, when the best came out at least half a point
    higher and the other is not rated best too (else the two are as good,
    and no reason tells them apart)."""
    textbook = advice.textbook
    if textbook is not None and textbook[0] in advice.values:
        candidates = [textbook[0]]
    else:
        candidates = advice._others()
    if not candidates or advice.study is None:
        return None
    runner = max(candidates, key=lambda a: advice.values[a].mean)
    gap, _ = advice._paired(runner)
    if gap < 0.5 or rating_for(advice._rated(runner)) == "best":
        return None  # as good within the noise: explain() gives it no reason
    return runner


def shorten(sentence: str, limit: int = LIMIT, head: int | None = None) -> str:
    """``sentence`` cut to ``limit`` characters at the last clause that fits
    (after a comma or a semicolon, outside brackets), its full stop kept;
    at the last word, with an ellipsis, when no clause does.

    >>> shorten("Play 4♦: your side wins this trick more often, in 80% of "
    ...         "deals, and over the whole hand takes fewer bags.", 64)
    'Play 4♦: your side wins this trick more often, in 80% of deals.'
    >>> shorten("Play 4♦: a reason far too long for the limit.", 30)
    'Play 4♦: a reason far too…'
    >>> shorten("Look: the game in 33% of deals, against 17% after Nil, and a "
    ...         "penalty in 0%, against 9%.", 64)
    'Look: the game in 33% of deals, against 17% after Nil.'
    >>> shorten("Bid 3: made in 60% of deals; if you bid Nil, made in only 20% "
    ...         "of deals and more", 60)
    'Bid 3: made in 60% of deals.'
    >>> shorten("Bid Blind Nil: made in 75% of deals; if you look, made in 89%, "
    ...         "but Blind Nil comes out higher.", 70)
    'Bid Blind Nil: made in 75% of deals.'
    >>> shorten("Bid 3: short.", 30)
    'Bid 3: short.'
    """
    if len(sentence) <= limit:
        return sentence
    if head is None:  # the opening "Play 4♦:", which is never cut alone
        head = sentence.find(":")
    depth, cut, start = 0, -1, 0
    for at, char in enumerate(sentence[:limit]):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char not in ",;:" or depth:
            continue
        clause = sentence[start:at].lstrip(" ,;:")
        start = at
        if sentence.startswith((", against", ", but "), at) or clause.startswith(
            "if you "
        ):
            continue  # never between a share and the one it is set against
            # or a "but" that turns it, nor after a condition ("if you bid
            # Nil,") without what follows
        cut = at
    if cut > head:
        return sentence[:cut] + "."
    return sentence[: limit - 1].rsplit(" ", 1)[0].rstrip(",;:") + "…"
