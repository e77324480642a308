"""What the session's mixins ask of the session they are mixed into.

:class:`~spadeslib.table.turns.TurnLoop` and
:class:`~spadeslib.table.coaching.Coaching` are parts of
:class:`~spadeslib.table.session.TableSession`. They type ``self`` as
:class:`Host`, the attributes and methods of the session they use, so that
neither imports the session (which imports them): the table's modules form
no import cycle, not even a type-only one.
"""

from __future__ import annotations

import asyncio
from typing import Any, Protocol

from ..actions import Action
from ..game import Game
from ..seats import Seat
from .advisor import Advisor, Estimate, TableReview, Tip

__all__ = ["Host"]


class Host(Protocol):
    """The session as its mixins see it."""

    game: Game
    seat: Seat
    seed: Any
    levels: dict[Seat, str]
    speed: str
    paused: bool
    timer: float | None
    timer_deadline: float | None
    log: list[str]
    errors: list[str]
    advisor: Advisor
    last_review: TableReview | None
    review_state: str
    _loop: asyncio.AbstractEventLoop | None
    _task: asyncio.Task[None] | None
    _timer_task: asyncio.Task[None] | None
    _timer_key: tuple[Any, ...] | None
    _epoch: int
    _recent: list[str]
    _tip: tuple[tuple[Any, ...], Tip] | None
    _estimate: tuple[tuple[Any, ...], Estimate] | None

    def learner_to_move(self) -> bool: ...
    def bot_to_move(self) -> bool: ...
    def state_key(self) -> tuple[Any, ...]: ...
    def changed(self) -> None: ...
    def refuse(self, text: str) -> bool: ...
    def review(self, number: int | None = None) -> TableReview | None: ...
    def timeout(self) -> Action | None: ...
    def _not_your_turn(self) -> str: ...
    def _say(self, lines: list[str]) -> None: ...
    def _apply(self, seat: Seat, action: Action) -> None: ...
    def _advice(self, ask: Any, *args: Any) -> Any: ...
    def _auto(self) -> bool: ...
    def _kick(self) -> None: ...
    def _bot_move(self, game: Game, seat: Seat, level: str) -> Action: ...
    def _bot_step(self) -> None: ...
    async def _bot_loop(self, epoch: int) -> None: ...
    def _arm_timer(self) -> None: ...
    async def _timer_loop(self, key: tuple[Any, ...], seconds: float) -> None: ...
    def _cancel_tasks(self) -> None: ...
    def _review_soon(self) -> None: ...
