"""The turn loop of a table: bots moving at a chosen speed, pause, the timer.

:class:`TurnLoop` is the part of :class:`~spadeslib.table.session.TableSession`
that makes time pass: after the learner's decision the bots move, at once
or one by one on an asyncio event loop at the chosen speed (``step`` waits
for :meth:`TurnLoop.step`); when they stop at the learner's turn the coach
may start on the learner's decision (see :mod:`.coaching`); a pause stops
them; the move timer (YPPedia) plays for a learner who waits too long: a
random legal card in the play, as RULES.md says (seeded by the position);
before the play, where the rule names no move, it looks at cards that are
face down (never a blind bid), else it plays the ``rule`` bot's choice
(:data:`TIMEOUT_LEVEL`). Bots are built
for each decision and seeded by the position, so the same position always
gets the same move (undo and resume rely on it).
"""

from __future__ import annotations

import asyncio
import random
from typing import TYPE_CHECKING, Any

from ..actions import LOOK, Action
from ..bots import BotError, make_bot
from ..cards import Card
from ..coach.explain import describe
from ..errors import SpadesError
from ..game import Game
from ..hand import Phase
from ..seats import Seat
from .narrate import seat_name

if TYPE_CHECKING:
    from .host import Host

__all__ = [
    "SPEEDS",
    "TIMED",
    "TIMED_LOOK",
    "TIMEOUT_LEVEL",
    "TurnLoop",
    "timeout_choice",
]

SPEEDS: dict[str, float | None] = {
    "step": None,
    "slow": 1.6,
    "normal": 0.8,
    "fast": 0.3,
    "instant": 0.0,
}
"""Seconds between the bots' moves; ``step`` waits for :meth:`TurnLoop.step`."""

TIMED = "Time is up: "
"""How the log's line of a move the timer made for the learner begins."""
TIMED_LOOK = TIMED + "the timer turns your cards up"
"""... and the line of a look the timer made (a look is no move of the
hand's history: the learner's bid after it is theirs)."""

TIMEOUT_LEVEL = "rule"
"""The bot level whose move the move timer plays for the learner before the
play (a bid, a draw, an exchange); in the play it plays a random legal card."""


def _position(game: Game, seat: Seat) -> str:
    """The seed of a move made for ``seat`` here: the same position, the
    same move (undo and resume rely on it)."""
    hand = game.hand
    return f"{game.seed}/{seat.letter}/{hand.number}/{len(hand.history)}"


def bot_choice(game: Game, seat: Seat, level: str) -> tuple[Action, str | None]:
    """The move of the ``level`` bot at ``seat``, seeded by the position, and
    ``None``; or, when the bot fails, a seeded random legal move and why it
    failed. The same position always gives the same move."""
    hand = game.hand
    position = _position(game, seat)
    try:
        action = make_bot(level, seed=position).act(game.view(seat))
        error = game.check(action, seat)
        if error is not None:
            raise BotError(f"it chose {action}: {error}")
    except Exception as error:
        fallback = hand.random_action(random.Random(f"{position}/fallback"))
        return fallback, f"{type(error).__name__}: {error}"
    return action, None


def timeout_choice(game: Game, seat: Seat) -> tuple[Action, str]:
    """What the move timer plays for ``seat`` when time is up, and why. In
    the play, a random legal card, as YPPedia's timer plays it (RULES.md),
    seeded by the position like every bot move. Before the play the rule
    names no move, so the table makes a safe one, never a gamble: cards
    still face down are looked at (no blind bid is ever made for the
    learner), else the move of the :data:`TIMEOUT_LEVEL` bot (a seeded
    random legal move only if that bot fails).

    >>> game = Game("yppedia", seed=4)
    >>> for bid in (3, 3, 3, 3):
    ...     game.apply(bid)
    >>> card, why = timeout_choice(game, game.turn)
    >>> card in game.legal_actions(), why
    (True, 'a random legal card, as the move timer plays it')
    >>> timeout_choice(game, game.turn)[0] == card  # the same position, the same card
    True
    """
    hand = game.hand
    if LOOK in hand.legal_actions():
        return LOOK, "a blind bid is never made for you"
    if hand.phase is Phase.PLAYING:
        rng = random.Random(f"{_position(game, seat)}/timer")
        why = "a random legal card, as the move timer plays it"
        return hand.random_action(rng), why
    action, failure = bot_choice(game, seat, TIMEOUT_LEVEL)
    if failure is not None:
        return action, f"a random legal move: the {TIMEOUT_LEVEL} bot failed"
    return action, f"the {TIMEOUT_LEVEL} bot's choice"


class TurnLoop:
    """The bots' moves, the pause and the move timer (a mixin of the session)."""

    _loop: asyncio.AbstractEventLoop | None
    _task: asyncio.Task[None] | None
    _timer_task: asyncio.Task[None] | None
    _timer_key: tuple[Any, ...] | None
    timer_deadline: float | None
    speed: str
    paused: bool
    timer: float | None
    notice: str | None
    _recent: list[str]
    _epoch: int

    def _bot_move(self: Host, game: Game, seat: Seat, level: str) -> Action:
        """The move of the ``level`` bot at ``seat``, seeded by the position;
        a failing bot is replaced by a seeded random legal move (and said)."""
        action, failure = bot_choice(game, seat, level)
        if failure is not None:
            who = seat_name(seat, self.seat, game.rules)
            text = (
                f"{who}'s bot ({level}) failed: {failure}. "
                "A random legal move was played for it instead."
            )
            self.errors.append(text)
            self._aside(text, of_move=True)
        return action

    def _bot_step(self: Host) -> None:
        seat = self.game.turn
        assert seat is not None and seat != self.seat
        self._apply(seat, self._bot_move(self.game, seat, self.levels[seat]))

    def step(self: Host) -> bool:
        """Let the next bot move (the ``step`` speed waits for this)."""
        why = self.why_unavailable("step")
        if why is not None:
            return self.refuse(why)
        self._bot_step()
        self._ready()
        self.changed()
        return True

    def set_speed(self: Host, speed: str) -> None:
        """``"step"``, ``"slow"``, ``"normal"``, ``"fast"`` (or ``"instant"``)."""
        if not isinstance(speed, str) or speed not in SPEEDS:
            raise SpadesError(
                f"unknown speed {speed!r}: choose from {', '.join(SPEEDS)}"
            )
        self.speed = speed
        if hasattr(self, "game"):
            self._kick()
            self.changed()

    def pause(self: Host, paused: bool = True) -> None:
        """Pause (or with ``False`` resume) the bots and the move timer;
        anything but ``True`` or ``False`` is refused (:class:`SpadesError`)."""
        if not isinstance(paused, bool):
            raise SpadesError(
                f"pause takes True (pause) or False (play on), not {paused!r}"
            )
        self.paused = paused
        if paused:
            self._cancel_tasks()
        else:
            self._kick()
        self.changed()

    def _auto(self: Host) -> bool:
        return not self.paused and SPEEDS[self.speed] is not None

    def _kick(self: Host) -> None:
        """Let the bots move (now, or in the background at the chosen speed)
        and arm the move timer."""
        if not self.bot_to_move() or not self._auto():
            self._ready()
            return
        delay = SPEEDS[self.speed]
        if self._loop is None or not delay:
            steps = 0
            while self.bot_to_move() and self._auto():
                self._bot_step()
                steps += 1
                if steps > 100_000:  # pragma: no cover - a safety net
                    raise RuntimeError("the bots did not stop")
            self._ready()
            return
        if self._task is None or self._task.done():
            self._task = self._loop.create_task(self._bot_loop(self._epoch))

    async def _bot_loop(self: Host, epoch: int) -> None:
        try:
            while epoch == self._epoch and self._auto() and self.bot_to_move():
                await asyncio.sleep(SPEEDS[self.speed] or 0)
                if epoch != self._epoch or not self._auto() or not self.bot_to_move():
                    break
                self._bot_step()
                self.changed()
        except Exception as error:  # shown on the table, never lost in a task
            self.errors.append(f"{type(error).__name__}: {error}")
            self.refuse(f"Something went wrong while the bots played: {error}")
        if epoch == self._epoch:
            self._ready()
            self.changed()

    def _ready(self: Host) -> None:
        """The bots have stopped: arm the move timer and, when the learner is
        to move, let the coach start on the decision (see ``_foresee``)."""
        self._arm_timer()
        self._foresee()

    # ============================================================ the timer
    def _arm_timer(self: Host) -> None:
        loop = self._loop
        if not self.timer or loop is None or self.paused or not self.learner_to_move():
            if self._timer_task is not None and not self._timer_task.done():
                self._timer_task.cancel()
            self.timer_deadline = None
            self._timer_key = None
            return
        key = self.state_key()
        if self._timer_key == key and self.timer_deadline is not None:
            return
        if self._timer_task is not None and not self._timer_task.done():
            self._timer_task.cancel()
        self._timer_key = key
        self.timer_deadline = loop.time() + float(self.timer)
        self._timer_task = loop.create_task(self._timer_loop(key, float(self.timer)))

    def timer_left(self: Host) -> float | None:
        """Seconds left on the move timer (``None`` when it is not running)."""
        if self.timer_deadline is None or self._loop is None:
            return None
        return max(0.0, self.timer_deadline - self._loop.time())

    async def _timer_loop(self: Host, key: tuple[Any, ...], seconds: float) -> None:
        await asyncio.sleep(seconds)
        if self.state_key() == key and not self.paused:
            self.timer_deadline = None
            self.timeout()

    def timeout(self: Host) -> Action | None:
        """The move timer ran out: play for the learner
        (:func:`timeout_choice`: a random legal card in the play; before it,
        look at face-down cards, else the ``rule`` bot's move), and say so."""
        if not self.learner_to_move():
            return None
        action, why = timeout_choice(self.game, self.seat)
        self.notice = None
        self._recent = []
        if action is LOOK:
            # two players, no card yet: the look is the draw's start
            draw = self.game.hand.phase is Phase.DRAW
            said = f"{TIMED_LOOK}{' as you draw them' if draw else ''} ({why})."
        elif isinstance(action, Card):
            said = f"{TIMED}{describe(action)} was played for you ({why})."
        else:
            said = f"{TIMED}{describe(action)} was chosen for you ({why})."
        self._aside(said, of_move=True)
        self._apply(self.seat, action)
        self._kick()
        self.changed()
        return action

    def _cancel_tasks(self: Host) -> None:
        for task in (self._task, self._timer_task):
            if task is not None and not task.done():
                task.cancel()
        self._task = self._timer_task = None
        self._timer_key = None
        self.timer_deadline = None

    def close(self: Host) -> None:
        """Stop the bots' background task, the timer and the coach's thread."""
        self._epoch += 1
        self._cancel_tasks()
        self.advisor.close()
