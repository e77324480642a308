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
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from ..actions import Action
from ..errors import IllegalAction, SpadesError
from ..game import Game
from ..seats import Seat
from ..view import PlayerView

__all__ = ["Bot", "BotError", "Suggestion", "play_until"]


@dataclass(frozen=True)
class Suggestion:
    """An action a bot would take, with a short reason for a learner."""

    action: Action
    reason: str
    level: str


class BotError(SpadesError):
    """A bot failed or returned an action that is not legal."""


@runtime_checkable
class Bot(Protocol):
    """What every bot provides."""

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
) -> None:
    """Let ``bots`` act for their seats until the game ends, ``hands`` more
    hands are finished, a seat without a bot is to move, or ``stop(game)``.

    Each bot sees only ``game.view(seat)``; an illegal choice raises
    :class:`BotError` naming the bot, the seat and the rule.
    """
    finished = len(game.history)  # one line of scores per finished hand
    target = None if hands is None else finished + hands
    by_seat = {Seat.parse(seat): bot for seat, bot in bots.items()}  # "N" too
    view, apply, bot_for = game.view, game.apply, by_seat.get
    while not game.is_over:
        if target is not None and finished >= target:
            return
        # one hand: its decisions never scan the hands played before
        hand = game.hand
        while not hand.is_over:
            if stop is not None and stop(game):
                return
            seat: Seat = hand.turn  # type: ignore[assignment]
            bot = bot_for(seat)
            if bot is None:
                return
            action = bot.act(view(seat))
            try:
                apply(action)  # validated: a legal action is recognised at once
            except IllegalAction as error:
                raise BotError(
                    f"bot {bot.name!r} at {seat.full} chose {action}: {error}"
                ) from None
        finished += 1
