"""The one interface every bot implements, and the loop that drives bots.

A bot is given a :class:`~spadeslib.view.PlayerView` (only what its seat may
see) and returns one of ``view.legal``. It never receives the hand itself.

>>> from spadeslib import Game
>>> from spadeslib.bots import make_bot, play_until
>>> game = Game(seed=11)
>>> bots = {seat: make_bot("random", seed=f"11/{seat}") for seat in game.hand.seats}
>>> play_until(game, bots, hands=1)
>>> len(game.finished_hands)
1
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from ..actions import Action
from ..cards import Card
from ..errors import IllegalAction, SpadesError
from ..game import Game
from ..hand import Hand
from ..phase import Phase
from ..seats import Seat
from ..view import PlayerView

__all__ = [
    "Bot",
    "BotError",
    "Suggestion",
    "UnknownBot",
    "blame",
    "bot_failure",
    "illegal_choice",
    "play_until",
    "trick_text",
]


@dataclass(frozen=True)
class Suggestion:
    """An action a bot would take, or the table's coach advises (a hint),
    with its reason for a learner; ``level`` names the bot or coach level.

    >>> from spadeslib import Hand
    >>> from spadeslib.bots import make_bot
    >>> hand = Hand(seed=2, dealer="N"); hand.apply("look")  # East to bid
    >>> make_bot("rule").explain(hand.view("E"))
    Suggestion(action=Bid(3), reason='Bid 3: 2 likely spade tricks, AQ♦, ruffs
    in a short suit (counted 3.7, worth about 3.9 tricks in play, bid a little
    under)', level='rule')
    """

    action: Action
    reason: str
    level: str
    brief: str = field(default="", repr=False)
    """The reason in one short line, where :attr:`reason` is longer (the
    coach's hint: the reason is its whole analysis, the brief its main
    point, :meth:`~spadeslib.coach.Advice.brief`); ``""`` where the reason
    is short already, as a bot's is (:attr:`line`)."""

    @property
    def line(self) -> str:
        """The reason in one line: :attr:`brief`, else :attr:`reason`."""
        return self.brief or self.reason

    @property
    def more(self) -> str:
        """What :attr:`reason` says beyond :attr:`line` (``""`` when the line
        is all of it): the reason, less its first sentence where that is the
        line already (the textbook's reason opens both), or is the line's
        first clause said again (the coach's card words open both).

        >>> from spadeslib import Card
        >>> tip = Suggestion(Card.parse("KC"), "Win with the K♣. On average ...",
        ...                  "rule", "Win with the K♣.")
        >>> tip.line, tip.more
        ('Win with the K♣.', 'On average ...')
        >>> Suggestion(Card.parse("KC"), "Play K♣. Win with the K♣. On average ...",
        ...            "expert", "Win with the K♣.").more
        'On average ...'
        >>> words = "It sheds a high spade under East's A♠"
        >>> Suggestion(Card.parse("QS"), f"{words}. On average ...", "expert",
        ...            f"{words}; your side takes fewer bags.").more
        'On average ...'
        >>> Suggestion(Card.parse("QS"), "It sheds a high spade. On average ...",
        ...            "expert", f"{words}; your side takes fewer bags.").more
        'It sheds a high spade. On average ...'
        """
        if not self.brief or self.brief == self.reason:
            return ""
        more = self.reason
        at = self.reason.find(self.brief)
        before = self.reason[:at]
        if at >= 0 and (
            not before or (before.endswith(". ") and before.count(". ") == 1)
        ):
            # the line opens the reason, or follows its opening ("Play 5♦.")
            more = self.reason[at + len(self.brief) :].lstrip()
        # the line's first clause said again as the first sentence: once
        first, stop, rest = more.partition(". ")
        if stop and rest and self.brief.startswith(f"{first};"):
            return rest
        return more


class UnknownBot(SpadesError):
    """A bot's name that is no level and no ``module.Class`` of your own (the
    command line adds where a learner who wants to play should go).

    >>> from spadeslib.bots import make_bot
    >>> make_bot("genius")
    Traceback (most recent call last):
    spadeslib.bots.base.UnknownBot: unknown bot 'genius': choose from random,
    novice, rule, search-lite, search, expert, or name your own bot's class as
    module.Class
    """


class BotError(SpadesError):
    """A bot failed or returned an action that is not legal.

    >>> from spadeslib import Card
    >>> class Stubborn:  # plays the A♠ whatever it is asked
    ...     name = "stubborn"
    ...     def act(self, view): return Card.parse("AS")
    >>> play_until(Game(seed=7), {"S": Stubborn()})  # South bids first
    Traceback (most recent call last):
    spadeslib.bots.base.BotError: bot 'stubborn' at South, hand 1 (seed 7/1), bidding:
    chose A♠: South cannot play the ace of spades now: the hand is in the
    bidding phase and it is South's turn to bid [rule: wrong-phase]

    A bot that raises instead of answering is reported the same way, its
    exception chained (``raised`` names its type; see :func:`bot_failure`).
    """

    #: the type of the exception the bot raised ("" for an illegal choice)
    raised: str = ""


def bot_failure(label: str, where: str, error: BaseException) -> BotError:
    """The :class:`BotError` for a bot ``label`` that raised ``error``
    ``where`` (seat, deal, trick); chain it ``from error``.

    >>> error = bot_failure("mybot.X", "at South, trick 4", KeyError("oops"))
    >>> str(error), error.raised
    ("bot 'mybot.X' at South, trick 4: KeyError: 'oops'", 'KeyError')
    """
    what = type(error).__name__
    said = str(error)
    failure = BotError(f"bot {label!r} {where}: {what}" + (f": {said}" if said else ""))
    failure.raised = what
    return failure


def illegal_choice(
    label: str, where: str, action: object, error: IllegalAction
) -> BotError:
    """The :class:`BotError` for a bot ``label`` that chose ``action``,
    refused with ``error``, ``where`` (seat, deal, trick): the card by its
    symbol, text quoted (the bot answered with text), with the rule's id.

    >>> from spadeslib import Card
    >>> refused = IllegalAction("South does not hold it", rule="card-not-held")
    >>> str(illegal_choice("x", "at South, trick 1", Card.parse("AS"), refused))
    "bot 'x' at South, trick 1: chose A♠: South does not hold it [rule: card-not-held]"
    >>> str(illegal_choice("x", "at South, trick 1", "AS", refused)).split(": ")[1]
    "chose 'AS'"
    """
    if isinstance(action, Card):
        shown = action.symbol
    else:
        shown = repr(action) if isinstance(action, str) else str(action)
    rule = f" [rule: {error.rule}]" if error.rule else ""
    return BotError(f"bot {label!r} {where}: chose {shown}: {error}{rule}")


def blame(
    seat: Seat, bot: Bot, labels: Mapping[Seat, str] | None, where: str, hand: Hand
) -> tuple[str, str]:
    """The name and place a failing bot's error gives: its seat's entry in
    ``labels`` (the level as typed), else its ``name``; ``"at South"`` with
    ``where`` (``", deal 3 (seed 1/deal/3)"``) and the trick (:func:`trick_text`).
    """
    label = (labels or {}).get(seat) or bot.name
    return label, f"at {seat.full}{where}, {trick_text(hand)}"


def trick_text(hand: Hand) -> str:
    """Where a hand is, for a bot's error: ``"bidding"`` or ``"trick N"``.

    >>> trick_text(Hand(seed=1)), trick_text(Hand("two-player", seed=1))
    ('bidding', 'draw')
    """
    if hand.phase is Phase.PLAYING:
        return f"trick {len(hand.tricks) + 1}"
    phase: str = hand.phase.value
    return phase.replace("_", " ")


@runtime_checkable
class Bot(Protocol):
    """What every bot provides.

    >>> from spadeslib.bots import make_bot
    >>> isinstance(make_bot("rule"), Bot), isinstance("rule", Bot)
    (True, False)
    """

    name: str

    def act(self, view: PlayerView) -> Action:
        """Choose one of ``view.legal``."""
        ...

    def explain(self, view: PlayerView) -> Suggestion:
        """Choose as :meth:`act` would, with a reason in plain words."""
        ...

    def reset(self) -> None:
        """Forget anything remembered (between the two plays of a duplicate deal)."""
        ...


def play_until(
    game: Game,
    bots: Mapping[Seat, Bot] | Mapping[str, Bot],
    *,
    hands: int | None = None,
    stop: Callable[[Game], bool] | None = None,
    labels: Mapping[Seat, str] | None = None,
) -> None:
    """Let ``bots`` act for their seats until the game ends, ``hands`` more
    hands are finished, a seat without a bot is to move, or ``stop(game)``.

    Each bot sees only ``game.view(seat)``; an illegal choice raises
    :class:`BotError` naming the bot (its seat's entry in ``labels``, such as
    the level typed on a command line, else its ``name``), the seat and the
    rule.

    Without ``hands``, a game between bots that rarely make a contract (the
    ``random`` level) under rules with no losing score (``classic``) may run
    for thousands of hands: give ``hands`` to cap it.

    >>> from spadeslib.bots import make_bot
    >>> game = Game(seed=7)  # South bids first, then West: a learner's seat
    >>> play_until(game, {seat: make_bot("rule") for seat in "NES"})
    >>> game.hand.turn, game.hand.bids
    (<Seat.WEST: 3>, {<Seat.SOUTH: 2>: Bid(5)})
    """
    by_seat = _bots_by_seat(game, bots, hands, stop)
    finished = len(game.running_scores)  # one line of scores per finished hand
    target = None if hands is None else finished + hands
    view, apply, bot_for = game.view, game.apply, by_seat.get
    while not game.is_over:
        if target is not None and finished >= target:
            return
        # one hand: its decisions never scan the hands played before
        hand = game.hand
        while not hand.is_over:
            if stop is not None and stop(game):
                return
            seat = hand.turn
            assert seat is not None  # a hand not over has a seat to move
            bot = bot_for(seat)
            if bot is None:
                return
            try:
                action = bot.act(view(seat))
            except Exception as error:  # the bot's own bug: named, chained
                named = blame(seat, bot, labels, _hand_text(game), hand)
                raise bot_failure(*named, error) from error
            try:
                apply(action)  # validated: a legal action is recognised at once
            except IllegalAction as error:
                named = blame(seat, bot, labels, _hand_text(game), hand)
                raise illegal_choice(*named, action, error) from None
        finished += 1


def _hand_text(game: Game) -> str:
    """The hand under way and its deal's seed: ``", hand 2 (seed 7/2)"``."""
    number = game.hand.number
    return f", hand {number} (seed {game.seed}/{number})"


def _bots_by_seat(
    game: Game, bots: Mapping[Any, Bot], hands: Any, stop: Any
) -> dict[Seat, Bot]:
    """``bots`` by seat, after checking what :func:`play_until` was given: a
    game, a bot for seats of that game only, a count of hands and a callable.

    >>> from spadeslib import Game, Rules
    >>> from spadeslib.bots import make_bot
    >>> _bots_by_seat(Game("two-player"), {"E": make_bot("rule")}, None, None)
    Traceback (most recent call last):
    ...
    spadeslib.errors.SpadesError: a bot for East, who does not play in a 2-player ...
    """
    if not isinstance(game, Game):
        raise SpadesError(
            f"play_until drives a Game, such as Game(seed=7), not {game!r}"
        )
    if not isinstance(bots, Mapping):
        raise SpadesError(
            f"play_until takes the bots by seat, such as {{'N': make_bot('rule')}}, "
            f"not {bots!r}"
        )
    if hands is not None and (hands.__class__ is not int or hands < 0):
        raise SpadesError(
            f"hands is how many more hands to play: a whole number from 0, "
            f"not {hands!r}"
        )
    if stop is not None and not callable(stop):
        raise SpadesError(f"stop is a function of the game, not {stop!r}")
    by_seat: dict[Seat, Bot] = {}
    for key, bot in bots.items():
        seat = Seat.parse(key)  # "N" too
        if seat not in game.rules.seats:
            seats = " and ".join(s.full for s in game.rules.seats)
            raise SpadesError(
                f"a bot for {seat.full}, who does not play in a "
                f"{game.rules.players}-player game: the seats are {seats}"
            )
        if not callable(getattr(bot, "act", None)):
            raise SpadesError(
                f"the bot for {seat.full} is {bot!r}, not a bot: make one with "
                f"make_bot, such as make_bot('rule')"
            )
        by_seat[seat] = bot
    return by_seat
