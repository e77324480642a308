"""Reasons in the second person: what the best action does better than
the one chosen, read from the outcomes of the same worlds.

>>> from spadeslib.bots.studies.cards import Outcome
>>> good = [Outcome(30.0, True, 7, True, None, None, None, 0)] * 3
>>> bad = [Outcome(-40.0, False, 6, False, None, None, None, 0)] * 3
>>> for reason in card_reasons(good, bad, "4♦"): print(reason)
your side makes its contract in 100% of deals, against 0% after the 4♦
your side wins this trick in 100% of deals, against 0% after the 4♦
>>> ahead = [Outcome(30.0, True, 7, True, None, None, None, 0)] * 3
>>> more = [Outcome(10.0, False, 8, True, None, None, None, 1)] * 3
>>> for reason in card_reasons(ahead, more, "4♦", alone=True):
...     print(reason)  # doctest: +NORMALIZE_WHITESPACE
you win this trick more often, in 100% of deals, against 0% after the 4♦, and
over the whole hand you still take 1.0 fewer bags on average, each a step
toward the bag penalty
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from ..actions import Action, Bid, Discard, Draw, Exchange, Look
from ..bots.playout import GAME_WEIGHT
from ..bots.studies.bids import BidStudy
from ..bots.studies.cards import Outcome
from ..cards import Card

__all__ = [
    "SMALL_DIFFERENCES",
    "Ending",
    "bid_endings",
    "book_reason",
    "card_reasons",
    "describe",
    "game_reason",
    "game_situation",
    "played",
    "points",
]

#: how the reasons open when no one of them is large (a brief says "slightly
#: better than the 4♠;" instead)
SMALL_DIFFERENCES = "no one thing decides it, only small differences: "


def points(value: float, *, sign: bool = True) -> str:
    """A value in whole points, in words: ``"+12 points"``, ``"-1 point"``,
    ``"0 points"`` (never ``-0``); ``sign=False`` for an amount.

    >>> points(12.4), points(-1.2), points(-0.3), points(1.2, sign=False)
    ('+12 points', '-1 point', '0 points', '1 point')
    """
    whole = round(value)
    if whole == 0:
        return "0 points"
    number = f"{whole:+d}" if sign else str(whole)
    return f"{number} point" + ("" if abs(whole) == 1 else "s")


def describe(action: Action, players: int = 4) -> str:
    """An action in words: ``"A♥"``, ``"bid 4"``, ``"bid nil"``, ``"look at your
    cards"`` (``"draw your cards"`` for two ``players``, who draw them).

    >>> from spadeslib import LOOK
    >>> describe(Card.parse("AH")), describe(Bid(4)), describe(Bid.NIL)
    ('A♥', 'bid 4', 'bid Nil')
    >>> describe(LOOK), describe(LOOK, players=2)
    ('look at your cards', 'draw your cards')
    """
    if isinstance(action, Card):
        return action.symbol
    if isinstance(action, Bid):
        return f"bid {action.label()}"
    if isinstance(action, Look):
        return action.label(players)
    if isinstance(action, Draw):
        return "keep the top card" if action.keep else "take the next card"
    if isinstance(action, Exchange):
        return "pass " + " ".join(c.symbol for c in action.cards)
    if isinstance(action, Discard):
        return "discard " + (" ".join(c.symbol for c in action.cards) or "nothing")
    return str(action)


def naming(action: Action, players: int = 4) -> str:
    """``action`` as the subject or object of a comparison: a card or a bid as
    :func:`describe` says it, any other choice as what doing it is
    ("taking the next card came out 3 points higher", "better than looking
    at your cards")."""
    if isinstance(action, (Card, Bid)):
        return describe(action, players)
    verb, _, rest = describe(action, players).partition(" ")
    ing = {"take": "taking", "keep": "keeping", "look": "looking", "draw": "drawing"}
    doing = ing.get(verb, verb + "ing")  # pass, discard
    return f"{doing} {rest}".strip()


def played(action: Action, players: int = 4) -> str:
    """``"You played 4♦"``, ``"You bid 3"``, ``"You looked at your cards"``
    (``"You drew your cards"`` for two ``players``).

    >>> from spadeslib import LOOK
    >>> played(Card.parse("4D")), played(Bid(3)), played(LOOK, players=2)
    ('You played 4♦', 'You bid 3', 'You drew your cards')
    """
    if isinstance(action, Card):
        return f"You played {action.symbol}"
    if isinstance(action, Bid):
        return f"You bid {action.label()}"
    if isinstance(action, Look):
        return "You drew your cards" if players == 2 else "You looked at your cards"
    return f"You chose to {describe(action)}"


def book_reason(action: Action, reason: str) -> str:
    """The textbook's ``reason`` for ``action`` inside a sentence that names
    the action already: a bid's without the bid it opens with.

    >>> book_reason(Bid(2), "Bid 2: KQ♣ (half a trick), A♥")
    'KQ♣ (half a trick), A♥'
    >>> book_reason(Card.parse("KH"), "Lead the K♥")
    'Lead the K♥'
    """
    if isinstance(action, Bid):
        head, colon, rest = reason.partition(": ")
        if colon and head == f"Bid {action.label()}":
            return rest
    return reason


def _rate(flags: Sequence[bool | None]) -> float | None:
    known = [f for f in flags if f is not None]
    return sum(known) / len(known) if known else None


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def card_reasons(
    best: Sequence[Outcome],
    chosen: Sequence[Outcome],
    name: str,
    *,
    alone: bool = False,
) -> list[str]:
    """Up to two reasons, biggest first, why ``best`` beats ``chosen`` (the
    learner's card, called ``name``), over the same worlds. ``alone``: the
    seat plays for itself (two players), so "you", not "your side".

    A reason about this trick compares the trick's winner after each card;
    a reason about tricks or bags speaks of the whole hand.

    >>> low = [Outcome(-20.0, False, 2, False, True, None, None, 0)] * 2
    >>> high = [Outcome(-20.0, True, 3, False, True, None, None, 0),
    ...         Outcome(-120.0, True, 3, False, False, None, None, 0)]
    >>> card_reasons(low, high, "K♥")  # ducking keeps partner's nil; not the K♥
    ["your side's nil survives in 100% of deals, against 50% after the K♥"]

    Small differences only (under 5 points of a share, 0.3 of a bag) are
    still said, as such, rather than leave the verdict without a reason:

    >>> kept = [Outcome(0.0, False, 6, True, True, None, None, 2)] * 49
    >>> lost = [Outcome(0.0, False, 6, True, False, None, None, 2)]
    >>> print(card_reasons(kept * 2, kept + lost + kept[1:], "A♥")[0])
    no one thing decides it, only small differences: your side's nil survives
    in 100% of deals, against 99% after the A♥
    """
    found: list[tuple[float, str]] = []
    side = "you" if alone else "your side"
    side_s = "your" if alone else "your side's"
    them = "your opponent" if alone else "the opponents"
    them_s = "your opponent's" if alone else "the opponents'"

    # differences too small to be a reason on their own: said, the biggest
    # two, only when nothing bigger is found (else the verdict has figures
    # and no reason at all)
    small: list[tuple[float, str]] = []

    def compare(attr: str, weight: float, text: str) -> None:
        a = _rate([getattr(o, attr) for o in best])
        b = _rate([getattr(o, attr) for o in chosen])
        if a is None or b is None or a - b < 0.01:
            return
        said = text.format(a=_pct(a), b=_pct(b), n=name)
        (found if a - b >= 0.05 else small).append(((a - b) * weight, said))

    compare(
        "nil",
        200,
        f"{side_s} nil survives in {{a}} of deals, against {{b}} after the {{n}}",
    )
    makes = "you make your contract" if alone else "your side makes its contract"
    compare("made", 100, makes + " in {a} of deals, against {b} after the {n}")
    compare(
        "set_them",
        100,
        f"it sets {them} in {{a}} of deals, against {{b}} after the {{n}}",
    )
    compare(
        "broke_nil",
        150,
        f"it breaks {them_s} nil in {{a}} of deals, against {{b}} after the {{n}}",
    )
    wins = "you win" if alone else "your side wins"
    compare(
        "trick", 12, wins + " this trick in {a} of deals, against {b} after the {n}"
    )
    game = game_reason(best, chosen, f"after the {name}", alone=alone)
    if game is not None:
        found.append(game)
    take = "take" if alone else "takes"
    bags_a = sum(o.bags for o in best) / len(best)
    bags_b = sum(o.bags for o in chosen) / len(chosen)
    if bags_b - bags_a >= 0.1:
        fewer = f"{bags_b - bags_a:.1f} fewer bags"
        # winning this trick more often and fewer bags: the hand, not the
        # trick (the two are joined below in one sentence, with "still")
        (found if bags_b - bags_a >= 0.3 else small).append(
            (
                10 * (bags_b - bags_a),
                f"over the whole hand {side}{{still}} {take} {fewer} on average, "
                "each a step toward the bag penalty",
            )
        )
    tricks_a = sum(o.tricks for o in best) / len(best)
    tricks_b = sum(o.tricks for o in chosen) / len(chosen)
    if tricks_a - tricks_b >= 0.3 and not found:
        found.append(
            (
                10 * (tricks_a - tricks_b),
                f"over the whole hand {side} {take} {tricks_a - tricks_b:.1f} "
                "more tricks on average",
            )
        )
    # fewer tricks over the hand is a reason only as bags: said when the
    # contract is not the worse for it (else the remark would mislead)
    # (and only when the contract is made in most deals: a set side takes
    # no bags, whatever it wins)
    made_a = _rate([o.made for o in best])
    made_b = _rate([o.made for o in chosen])
    safe = made_a is None or made_b is None or made_a >= made_b
    safe = safe and (made_a is None or made_a >= 0.5)
    if not found and tricks_b - tricks_a >= 0.3 and safe:
        found.append(
            (
                1,
                f"over the whole hand {side} {take} {tricks_b - tricks_a:.1f} fewer "
                f"tricks on average, and tricks {side} did not bid for are bags",
            )
        )
    if not found and small:
        small.sort(key=lambda f: -f[0])
        parts = [text.replace("{still}", "") for _, text in small[:2]]
        return [SMALL_DIFFERENCES + "; ".join(parts)]
    found.sort(key=lambda f: -f[0])
    texts = [text for _, text in found[:2]]
    if len(texts) == 2 and " this trick in " in texts[0] and "{still}" in texts[1]:
        # the trick won more often, and still fewer bags over the hand: one
        # sentence, so that the two figures do not read as a contradiction
        trick = texts[0].replace(" this trick in ", " this trick more often, in ", 1)
        bags = texts[1].replace(
            f"over the whole hand {side}{{still}}",
            "and over the whole hand " + ("you still" if alone else "it still"),
        )
        return [f"{trick}, {bags}"]
    return [text.replace("{still}", "") for text in texts]


class _Ends(Protocol):
    """What a world says of the end of the game (an :class:`Outcome` or an
    :class:`Ending`)."""

    @property
    def game(self) -> bool | None: ...
    @property
    def penalty(self) -> int: ...
    @property
    def their_penalty(self) -> int: ...


@dataclass(frozen=True)
class Ending:
    """The end of the game in one world, as an :class:`Outcome` records it:
    won (``True``), lost (``False``) or going on (``None``), and the points
    the bag penalty took from each side."""

    game: bool | None
    penalty: int = 0
    their_penalty: int = 0


def bid_endings(study: BidStudy, action: Action) -> list[Ending]:
    """The end of the game in each world of a bid study, after ``action``."""
    return [
        Ending(g, p, t)
        for g, p, t in zip(
            study.game[action],
            study.penalty[action],
            study.their_penalty[action],
            strict=True,
        )
    ]


def game_reason(
    best: Sequence[_Ends], chosen: Sequence[_Ends], after: str, *, alone: bool = False
) -> tuple[float, str] | None:
    """Why ``best`` ends the game better than ``chosen`` (the worlds of the
    learner's action, which ``after`` names: ``"after the 3♠"``, ``"if you
    bid 3"``), with its weight among the reasons (the game is worth
    :data:`~spadeslib.bots.playout.GAME_WEIGHT`); ``None`` when the game's
    end is no reason (it goes on in both, or differs in under 5% of deals).
    A bag penalty paid more often is said too.

    >>> win, goes_on = Ending(True), Ending(None, penalty=100)
    >>> chosen = [win, goes_on, goes_on, win]
    >>> weight, text = game_reason([win] * 4, chosen, "after the 3♠")
    >>> weight, text  # doctest: +NORMALIZE_WHITESPACE
    (200.0, 'your side wins the game in 100% of deals, against 50% after the 3♠,
    and pays the 100-point bag penalty in 0%, against 50%')
    >>> fed = Ending(None, their_penalty=100)  # their bags: they do not win
    >>> _, text = game_reason([fed] * 2, [Ending(False)] * 2, "if you bid 4")
    >>> print(text)  # doctest: +NORMALIZE_WHITESPACE
    the opponents win the game in 0% of deals, against 100% if you bid 4, and
    pay the 100-point bag penalty in 100%, against 0%

    >>> game_reason([Ending(None)] * 2, [Ending(None)] * 2, "after the 3♠") is None
    True
    """
    if not best or not chosen:
        return None

    def share(flags: Sequence[bool]) -> float:
        return sum(flags) / len(flags)

    # (read leniently: a world that says nothing of the game goes on)
    games_a = [getattr(o, "game", None) for o in best]
    games_b = [getattr(o, "game", None) for o in chosen]
    win_a = share([g is True for g in games_a])
    win_b = share([g is True for g in games_b])
    lost_a = share([g is False for g in games_a])
    lost_b = share([g is False for g in games_b])
    gain = (win_a - win_b) + (lost_b - lost_a)
    if gain < 0.05:
        return None
    side = "you" if alone else "your side"
    them = "your opponent" if alone else "the opponents"
    ours = win_a - win_b >= lost_b - lost_a  # said of your side, not theirs
    if ours:
        text = f"{side} {'win' if alone else 'wins'} the game in {_pct(win_a)} "
        text += f"of deals, against {_pct(win_b)} {after}"
    else:
        text = f"{them} {'wins' if alone else 'win'} the game in {_pct(lost_a)} "
        text += f"of deals, against {_pct(lost_b)} {after}"
    paid_a = share([o.penalty > 0 for o in best])
    paid_b = share([o.penalty > 0 for o in chosen])
    theirs_a = share([o.their_penalty > 0 for o in best])
    theirs_b = share([o.their_penalty > 0 for o in chosen])
    if paid_b - paid_a >= 0.05:
        cost = max(o.penalty for o in chosen)
        who = "" if ours else f" {side}"
        pays = "pay" if alone else "pays"
        text += (
            f", and{who} {pays} the {cost}-point bag penalty in {_pct(paid_a)}, "
            f"against {_pct(paid_b)}"
        )
    elif theirs_a - theirs_b >= 0.05:
        cost = max(o.their_penalty for o in best)
        who = "" if not ours else f" {them}"
        pays = "pays" if alone else "pay"
        text += (
            f", and{who} {pays} the {cost}-point bag penalty in {_pct(theirs_a)}, "
            f"against {_pct(theirs_b)}"
        )
    return GAME_WEIGHT * gain, text


#: how :func:`game_situation`'s sentence opens (a hint leaves it out when
#: a comparison has given the game's shares already)
GAME_SAID = "The game can end with this hand"

#: how the figures count the end of the game, said once a hint mentions it
GAME_TERMS = (
    f"the figures count a won game as {GAME_WEIGHT} points, a lost one as "
    f"-{GAME_WEIGHT}"
)


def game_situation(
    best: Sequence[_Ends],
    after: str,
    *,
    alone: bool = False,
    comparison: str = "",
) -> str:
    """The hint's sentence on the end of the game, when it can come with
    this hand (some world of the best action ends it): who wins it how often
    ``after`` the best action, or ``comparison`` (a :func:`game_reason`
    against the next best) instead; ``""`` when no world ends the game.

    The figures' terms (:data:`GAME_TERMS`) go with the first figure of
    the hint, not here; a game that ends in under 3% of the deals either
    way is not worth the sentence.

    >>> ends = [Ending(False)] * 4 + [Ending(None)]
    >>> print(game_situation(ends, "after bid 2"))  # doctest: +NORMALIZE_WHITESPACE
    The game can end with this hand: after bid 2 the opponents win it in 80%
    of deals, your side in 0%
    >>> game_situation([Ending(None)] * 3, "after bid 2")
    ''
    >>> game_situation([Ending(False)] + [Ending(None)] * 99, "after bid 2")
    ''
    """
    games = [getattr(o, "game", None) for o in best]
    if not games or all(g is None for g in games):
        return ""
    head = GAME_SAID
    if comparison:
        return f"{head}: {comparison}"
    won = sum(g is True for g in games) / len(games)
    lost = sum(g is False for g in games) / len(games)
    if max(won, lost) < 0.03:
        return ""
    side = "you" if alone else "your side"
    them = "your opponent" if alone else "the opponents"
    if won >= lost:
        verb = "win" if alone else "wins"
        first, second = f"{side} {verb}", f"{them} in {_pct(lost)}"
    else:
        verb = "wins" if alone else "win"
        first, second = f"{them} {verb}", f"{side} in {_pct(won)}"
    share = _pct(max(won, lost))
    return f"{head}: {after} {first} it in {share} of deals, {second}"
