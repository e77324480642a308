"""The learner's decisions at the table: bid, play, look, keep or take,
pass, discard or a typed move. Each is refused in the second person, with
the rule and nothing changed, or applied; then the bots move.

>>> from spadeslib.table import TableSession
>>> table = TableSession("classic", seed=2024)
>>> table.play("AS")
False
>>> print(table.notice)  # doctest: +NORMALIZE_WHITESPACE
You cannot play the ace of spades now: the hand is in the bidding phase and
it is your turn to bid.
>>> table.bid(4), table.view.bids[table.seat]
(True, Bid(4))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from .. import legality
from ..actions import (
    KEEP,
    LOOK,
    TAKE_NEXT,
    Action,
    Bid,
    Discard,
    Exchange,
    parse_action,
)
from ..cards import Card
from ..coach.explain import describe
from ..errors import SpadesError
from ..phase import Phase
from .words import refusal, you_text

if TYPE_CHECKING:
    from .host import Host

__all__ = ["Deciding"]


class Deciding:
    """The part of :class:`~spadeslib.table.session.TableSession` that takes
    the learner's decisions."""

    notice: str | None
    refusals: int
    _recent: list[str]

    def bid(self: Host, bid: Bid | int | str) -> bool:
        """Bid a number, ``"nil"``, ``"blind nil"`` or ``"blind seven"``."""
        parsed = _read_bid(self, bid)
        return parsed if isinstance(parsed, bool) else self.act(parsed)

    def bid_on_sight(self: Host, bid: Bid | int | str) -> bool:
        """A bid from the table's buttons or keys: a number is refused while
        the learner's cards are still face down (the engine would look first,
        so the learner would bid on cards never seen); a blind bid is not."""
        parsed = _read_bid(self, bid)
        if isinstance(parsed, bool):
            return parsed
        legal = self.game.hand.legal_actions() if self.learner_to_move() else []
        if not parsed.is_blind and LOOK in legal:
            blind = [describe(a) for a in legal if isinstance(a, Bid) and a.is_blind]
            return self.refuse(
                "Your cards are face down: look at them first (press l) before "
                f"you bid {describe(parsed).removeprefix('bid ')}"
                + (f", or {' or '.join(blind)} without looking" if blind else "")
            )
        return self.act(parsed)

    def play(self: Host, card: Card | str) -> bool:
        """Play a card: ``table.play("QH")``."""
        return self._parsed(lambda: Card.parse(card))

    def look(self: Host) -> bool:
        """Look at your cards (declining a blind bid)."""
        return self.act(LOOK)

    def keep(self: Host) -> bool:
        """Two-player draw: keep the top card."""
        return self.act(KEEP)

    def take_next(self: Host) -> bool:
        """Two-player draw: discard the top card and keep the next one."""
        return self.act(TAKE_NEXT)

    def exchange(self: Host, cards: str | Iterable[Card | str]) -> bool:
        """Pass cards to your partner in a blind-nil exchange: ``"2C 3D"``."""
        return self._parsed(lambda: Exchange.of(Card.parse_many(cards)))

    def discard(self: Host, cards: str | Iterable[Card | str] = "") -> bool:
        """Two-player blind nil: discard up to three cards (possibly none)."""
        return self._parsed(lambda: Discard.of(Card.parse_many(cards)))

    def command(self: Host, text: str) -> bool:
        """Do what a typed move says: ``"QH"``, ``"4"``, ``"nil"``, ``"look"``,
        ``"keep"``, ``"pass 2C 3D"``, ``"discard 4H"``; ``"play QH"`` and
        ``"bid 4"`` too (each refuses what it is not: ``"play 4"``)."""
        verb, _, rest = str(text).strip().partition(" ")
        verb, rest = verb.lower(), rest.strip()
        if verb in ("play", "bid"):
            if not rest:
                example = "play QH" if verb == "play" else "bid 4"
                return self.refuse(f"{verb.capitalize()} what? For example '{example}'")
            return self.play(rest) if verb == "play" else self.bid(rest)
        return self._parsed(lambda: self.game.hand.parse_action(text))

    def _parsed(self: Host, parse: Callable[[], Action]) -> bool:
        try:
            action = parse()
        except SpadesError as error:
            return self.refuse(you_text(str(error)))
        return self.act(action)

    def refuse(self: Host, text: str) -> bool:
        """Show a refusal (kept until the next accepted decision); nothing
        else changes. Returns ``False``."""
        if text and text[-1] not in ".!?":
            text += "."  # a reason from the engine or the record reader
        self.notice = text  # the notice box only: a refusal is not history
        self.refusals += 1
        self.changed()
        return False

    def act(self: Host, action: Action) -> bool:
        """The learner's decision: refused by the engine (nothing changes) or
        applied; then the bots move."""
        if not self.learner_to_move():
            return self.refuse(self._not_your_turn())
        error = self.game.check(action, self.seat)
        if error is not None:
            return self.refuse(refusal(error, self.game.view(self.seat)))
        self.notice = None
        self._recent = []
        self._apply(self.seat, action)
        self._kick()
        self.changed()
        return True


def _read_bid(table: Host, bid: Bid | int | str) -> Bid | bool:
    """``bid`` as a :class:`Bid`, or the refusal's ``False``: in the
    rules' words for text that is no move, and saying what it is for a
    card, a look or a draw (``bid("6C")`` never plays the 6♣)."""
    try:
        return Bid.parse(bid)
    except SpadesError:
        pass
    phase = table.game.hand.phase
    try:
        other = parse_action(bid, phase)
    except SpadesError:
        other = None
    if isinstance(other, Bid) or (other is None and phase is Phase.BIDDING):
        return table.act(bid)  # type: ignore[arg-type]  # refused in the rules' words
    if other is None:
        return table.refuse(f"{str(bid).strip()[:40]!r} is not a bid")
    return table.refuse(
        f"{str(bid).strip()!r} is not a bid: it would {legality.describe(other)}"
    )
