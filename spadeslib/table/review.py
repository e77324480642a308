"""Check my play: compare a learner's decisions in a finished hand with a bot's.

The review rebuilds, for each of the learner's decisions, the exact view the
learner had at that moment: it replays the hand from the same deal up to
that decision (the engine's :meth:`~spadeslib.Hand.undo` replays the
history prefix from the deal) and asks for ``hand.view(seat)``. So the bot
judging a decision knows only what the learner knew then, never the other
hands or the cards still to come.

>>> from spadeslib import Game, Seat
>>> from spadeslib.bots import make_bot, play_until
>>> game = Game(seed=4)
>>> bots = {s: make_bot("random", seed=f"4/{s}") for s in Seat}
>>> play_until(game, bots, hands=1)
>>> review = review_hand(game.hands[0], Seat.SOUTH, level="random", seed=1)
>>> plays = [e for e in review.entries if e.decision.trick]
>>> len(plays), plays[0].decision.view.seat, len(plays[0].decision.view.hand)
(13, <Seat.SOUTH: 2>, 13)
>>> all(e.decision.action in e.decision.view.legal for e in review.entries)
True
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..actions import LOOK, Action, Bid, Discard, Draw, Exchange, Look
from ..bots import Suggestion
from ..cards import SUIT_DISPLAY_ORDER, Card, Suit
from ..display import suit_colour
from ..hand import Hand
from ..seats import Seat
from ..view import PlayerView
from .hints import available_level, hint
from .narrate import describe_trick, seat_name

__all__ = [
    "Decision",
    "Review",
    "ReviewEntry",
    "decisions",
    "equivalent",
    "review_hand",
]

REVIEW_LEVELS = ("search", "rule", "random")
"""The levels a review prefers, strongest first."""


@dataclass(frozen=True)
class Decision:
    """One decision of a seat: what it saw, and what it did."""

    index: int
    """How many actions of the hand came before this one."""
    view: PlayerView
    """The seat's view just before deciding (rebuilt by replaying the hand)."""
    action: Action
    trick: int | None
    """The trick number (1-13) for a card played, else ``None``."""


def _trick_number(hand: Hand, index: int) -> int:
    plays = sum(1 for _, a, _ in hand.history[:index] if isinstance(a, Card))
    return plays // len(hand.seats) + 1


def decisions(hand: Hand, seat: Seat) -> list[Decision]:
    """Every decision ``seat`` took in ``hand``, each with the view it had.

    The views come from replaying the hand: a copy of the hand is taken back
    one action at a time with :meth:`~spadeslib.Hand.undo`, which rebuilds it
    from the deal and the history prefix. A numeric bid made while the cards
    were still face down (an implicit look) is split into the look and the
    bid, each with its own view.
    """
    seat = Seat.parse(seat)
    work = hand.clone()
    found: list[Decision] = []
    while work.history:
        who, action, _ = work.history[-1]
        work.undo()
        if who != seat:
            continue
        index = len(work.history)
        view = work.view(seat)
        trick = _trick_number(work, index) if isinstance(action, Card) else None
        if isinstance(action, Bid) and not action.is_blind and view.hand is None:
            looked = work.clone()
            looked.apply(LOOK, seat)
            found.append(Decision(index, looked.view(seat), action, None))
            found.append(Decision(index, view, LOOK, None))
        else:
            found.append(Decision(index, view, action, trick))
    found.reverse()
    return found


def _suit_order(view: PlayerView, suit: Suit) -> list[Card]:
    rules = view.rules
    if suit is Suit.SPADES:
        return list(reversed(rules.trump_order))
    return sorted(
        (c for c in rules.deck if rules.trick_suit(c) is suit), key=lambda c: c.rank
    )


def equivalent(view: PlayerView, a: Action, b: Action) -> bool:
    """Whether two actions are the same decision for the rest of the hand.

    Two cards are equivalent when they are of the same suit and every card
    ranked between them is in the seat's hand or already played: nobody can
    hold a card that tells them apart (playing 3♥ or 2♥ from 3♥ 2♥).

    >>> from spadeslib import Hand
    >>> hand = Hand(deal={"N": "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S",
    ...                   "E": "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H",
    ...                   "S": "AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D",
    ...                   "W": "AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C"})
    >>> view = hand.view("S")
    >>> equivalent(view, Card.parse("2D"), Card.parse("AD"))
    True
    """
    if a == b:
        return True
    if not isinstance(a, Card) or not isinstance(b, Card):
        return False
    rules = view.rules
    suit = rules.trick_suit(a)
    if suit is not rules.trick_suit(b):
        return False
    order = _suit_order(view, suit)
    i, j = sorted((order.index(a), order.index(b)))
    gone = set(view.hand or ()) | set(view.played_cards())
    return all(c in gone for c in order[i + 1 : j])


def describe(action: Action) -> str:
    """An action in words for the review: ``"Q♥"``, ``"bid 4"``, ``"look"``."""
    if isinstance(action, Card):
        return action.symbol()
    if isinstance(action, Bid):
        return f"bid {action.label()}"
    if isinstance(action, Look):
        return "look at the cards"
    if isinstance(action, Draw):
        return "keep the top card" if action.keep else "take the next card"
    if isinstance(action, Exchange):
        return "pass " + " ".join(c.symbol() for c in action.cards)
    if isinstance(action, Discard):
        return "discard " + (" ".join(c.symbol() for c in action.cards) or "nothing")
    return str(action)


@dataclass(frozen=True)
class ReviewEntry:
    """One decision with the bot's opinion of it."""

    decision: Decision
    suggestion: Suggestion | None
    """The bot's choice and reason; ``None`` when there was only one legal choice."""

    @property
    def forced(self) -> bool:
        """Only one legal action: nothing to judge."""
        return self.suggestion is None

    @property
    def agrees(self) -> bool:
        """The bot would have done exactly the same."""
        return self.suggestion is None or self.suggestion.action == self.decision.action

    @property
    def equivalent(self) -> bool:
        """A different but equivalent card (see :func:`equivalent`)."""
        return (
            not self.agrees
            and self.suggestion is not None
            and equivalent(
                self.decision.view, self.decision.action, self.suggestion.action
            )
        )

    @property
    def differs(self) -> bool:
        """The bot would have chosen differently: a decision worth checking."""
        return not self.agrees and not self.equivalent

    @property
    def mark(self) -> str:
        """``"✗"`` differs, ``"≈"`` equivalent, ``"✓"`` agrees, ``"·"`` forced."""
        if self.forced:
            return "·"
        if self.differs:
            return "✗"
        return "≈" if self.equivalent else "✓"

    @property
    def label(self) -> str:
        """Where in the hand: ``"trick 3"`` or the phase."""
        if self.decision.trick is not None:
            return f"trick {self.decision.trick}"
        return self.decision.view.phase.value.replace("_", " ")

    def sentence(self) -> str:
        """The verdict in words."""
        you = f"You chose {describe(self.decision.action)}"
        if self.forced:
            return f"{you} (the only legal choice)."
        assert self.suggestion is not None
        bot = f"the {self.suggestion.level} bot"
        if self.agrees:
            return f"{you}; {bot} agrees ({_reason(self.suggestion)})."
        if self.equivalent:
            return (
                f"{you}; {bot} would play {describe(self.suggestion.action)}, "
                "an equivalent card."
            )
        return (
            f"{you}; {bot} would {_verb(self.suggestion.action)}: "
            f"{_reason(self.suggestion)}."
        )


def _reason(suggestion: Suggestion) -> str:
    return suggestion.reason.strip().rstrip(".")


def _verb(action: Action) -> str:
    text = describe(action)
    return f"play {text}" if isinstance(action, Card) else text


def _card_span(card: Card, four_colour: bool) -> str:
    colour = suit_colour(card.suit, four_colour)
    return (
        f'<span style="color:{colour};font-weight:600" title="{card.name}">'
        f"{html.escape(card.symbol())}</span>"
    )


@dataclass
class Review:
    """A finished hand's review for one seat. ``entries`` follow the hand's
    order; :attr:`differences` are the decisions worth a second look."""

    hand: Hand
    seat: Seat
    level: str
    entries: list[ReviewEntry]
    four_colour: bool = field(default=False, repr=False)

    @property
    def differences(self) -> list[ReviewEntry]:
        """Entries where the bot would have chosen differently."""
        return [e for e in self.entries if e.differs]

    def summary(self) -> str:
        """One line: how many decisions the bot would have taken otherwise."""
        judged = [e for e in self.entries if not e.forced]
        return (
            f"Hand {self.hand.number}: {len(self.differences)} of {len(judged)} "
            f"decisions differ from the {self.level} bot "
            f"({len(self.entries) - len(judged)} were forced)."
        )

    # -------------------------------------------------------------- steps
    @property
    def steps(self) -> list[str]:
        """Step titles: ``"Before play"`` (bids, draws, exchanges), then each trick."""
        first = (
            ["Before play"]
            if any(e.decision.trick is None for e in self.entries)
            else []
        )
        return first + [f"Trick {n}" for n in range(1, len(self.hand.tricks) + 1)]

    def step_entries(self, step: int) -> list[ReviewEntry]:
        """The entries of a step (see :attr:`steps`)."""
        title = self.steps[step]
        if title == "Before play":
            return [e for e in self.entries if e.decision.trick is None]
        number = int(title.split()[1])
        return [e for e in self.entries if e.decision.trick == number]

    def step_text(self, step: int) -> str:
        """A step as text: the trick's cards and winner, then the verdicts."""
        lines = [self.steps[step] + ":"]
        title = self.steps[step]
        rules = self.hand.rules
        if title.startswith("Trick"):
            trick = self.hand.tricks[int(title.split()[1]) - 1]
            lines.append(
                "  "
                + ", ".join(
                    f"{seat_name(s, self.seat, rules)} {c.symbol()}"
                    for s, c in trick.plays
                )
            )
            assert trick.winner is not None
            lines.append(
                "  " + describe_trick(rules, trick.plays, trick.winner, self.seat)
            )
        for entry in self.step_entries(step):
            lines.append(f"  {entry.mark} {entry.sentence()}")
        return "\n".join(lines)

    def step_html(self, step: int) -> str:
        """A step as HTML: the learner's hand then, the trick, the verdicts."""
        title = self.steps[step]
        rules = self.hand.rules
        entries = self.step_entries(step)
        parts = [f"<h4 style='margin:4px 0'>{html.escape(title)}</h4>"]
        if entries and entries[0].decision.view.hand is not None:
            held = entries[0].decision.view.hand
            parts.append(
                "<div>Your cards: "
                + " ".join(
                    _card_span(c, self.four_colour) for c in _display_order(held)
                )
                + "</div>"
            )
        if title.startswith("Trick"):
            trick = self.hand.tricks[int(title.split()[1]) - 1]
            cells = []
            for s, c in trick.plays:
                who = html.escape(seat_name(s, self.seat, rules))
                text = f"{who} {_card_span(c, self.four_colour)}"
                cells.append(f"<b>{text}</b>" if s == trick.winner else text)
            parts.append("<div>Played: " + " &middot; ".join(cells) + "</div>")
            assert trick.winner is not None
            parts.append(
                "<div>"
                + html.escape(
                    describe_trick(rules, trick.plays, trick.winner, self.seat)
                )
                + "</div>"
            )
        for entry in entries:
            style = "color:#b03a2e;font-weight:600" if entry.differs else ""
            parts.append(
                f"<div class='spades-review-entry' style='{style}'>"
                f"{entry.mark} {html.escape(entry.sentence())}</div>"
            )
        return "".join(parts)

    def text(self) -> str:
        """The whole review as text."""
        return "\n".join(
            [self.summary()] + [self.step_text(i) for i in range(len(self.steps))]
        )

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"<Review for {self.seat.full}: {self.summary()}>"

    def _repr_html_(self) -> str:
        rows = []
        for entry in self.entries:
            s = entry.suggestion
            bot = "" if s is None else html.escape(describe(s.action))
            reason = "" if s is None else html.escape(s.reason)
            style = " style='color:#b03a2e;font-weight:600'" if entry.differs else ""
            rows.append(
                f"<tr{style}><td>{html.escape(entry.label)}</td>"
                f"<td>{html.escape(describe(entry.decision.action))}</td>"
                f"<td>{entry.mark}</td><td>{bot}</td><td>{reason}</td></tr>"
            )
        return (
            f"<p>{html.escape(self.summary())}</p><table class='spades-table'>"
            "<tr><th>when</th><th>you</th><th></th>"
            f"<th>{html.escape(self.level)} bot</th>"
            f"<th>its reason</th></tr>{''.join(rows)}</table>"
            "<p>✗ the bot would choose differently &middot; ≈ an equivalent card "
            "&middot; ✓ same choice &middot; · only one legal choice</p>"
        )


def _display_order(cards: Sequence[Card]) -> list[Card]:
    order = SUIT_DISPLAY_ORDER
    return sorted(cards, key=lambda c: (order.index(c.suit), -c.rank))


def review_hand(
    hand: Hand,
    seat: Seat | str,
    level: str | None = None,
    seed: int | str = 0,
    four_colour: bool = False,
) -> Review:
    """Review ``seat``'s decisions in a finished ``hand`` against the ``level``
    bot (default: the strongest installed of ``search``, ``rule``, ``random``).

    Each decision with more than one legal choice is put to the bot, seeded
    from ``seed``, the hand number and the decision's index, so a review is
    the same every time.
    """
    if not hand.is_over:
        raise ValueError(
            f"hand {hand.number} is not finished: review it once it is scored"
        )
    seat = Seat.parse(seat)
    level = level or available_level(REVIEW_LEVELS)
    entries = []
    for n, decision in enumerate(decisions(hand, seat)):
        if len(decision.view.legal) <= 1:
            entries.append(ReviewEntry(decision, None))
            continue
        tip = hint(decision.view, level, seed=f"review/{seed}/{hand.number}/{n}")
        entries.append(ReviewEntry(decision, tip))
    return Review(hand, seat, level, entries, four_colour)
