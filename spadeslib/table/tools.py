"""Which of the table's tools can be used now and, when one cannot, why: the
one place for the words its refusal says, which the page also says when an
unavailable tool is pressed (the toolbar keeps such a tool focusable, marked
``aria-disabled``, so that a screen reader finds it).

>>> from spadeslib.table import TableSession
>>> table = TableSession("classic", seed=2024)
>>> table.why_unavailable("undo")
'There is nothing to undo: you have not made a choice in this hand yet.'
>>> sorted(table.unavailable())  # your bid: Hint and the estimate are on
['review', 'step', 'undo']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..hand import Phase
from .narrate import seat_name
from .words import step_words

if TYPE_CHECKING:
    from .host import Host

__all__ = ["TOOLS", "Tools"]

#: the tools of the toolbar (their keys in the page's state)
TOOLS = ("hint", "estimate", "undo", "replay", "review", "step")
WAIT = "Please wait: it is"
"""How a refusal during a bot's turn starts: the notice goes when that turn
is over (the session's ``_apply``)."""


class Tools:
    """The part of :class:`~spadeslib.table.session.TableSession` that says
    whether each tool can be used now."""

    def why_unavailable(self: Host, tool: str) -> str | None:
        """Why ``tool`` (one of :data:`TOOLS`) cannot be used now, as its
        refusal says it; ``None`` when it can."""
        game = self.game
        if tool == "hint":
            return None if self.learner_to_move() else self._not_your_turn()
        if tool == "estimate":
            view = game.view(self.seat)
            if not self.learner_to_move():
                return self._not_your_turn()
            if view.phase is not Phase.BIDDING:
                return "The estimate is for your bid: ask when it is your turn to bid."
            if view.holding is None:
                return "Your cards are face down: look at them first."
            return None
        if tool == "undo":
            if self.can_undo():
                return None
            return (
                "There is nothing to undo: you have not made a choice in this hand yet."
            )
        if tool == "replay":
            if self.shown_hand.history:
                return None
            return "This deal has just started: there is nothing to replay."
        if tool == "review":
            if game.finished_hands:
                return None
            return "No hand is finished yet: review a hand once it is scored."
        if tool == "step":
            if self.bot_to_move():
                return None
            if self.learner_to_move():
                return step_words(self.view)
            return self._not_your_turn()  # the hand or the game is over, or paused
        raise ValueError(f"there is no tool {tool!r}: one of {', '.join(TOOLS)}")

    def unavailable(self: Host) -> dict[str, str]:
        """Why each tool that cannot be used now cannot (the page's state)."""
        found = {tool: self.why_unavailable(tool) for tool in TOOLS}
        return {tool: why for tool, why in found.items() if why is not None}

    def _not_your_turn(self: Host) -> str:
        game = self.game
        if game.is_over:
            return f"The game is over ({self._winner_words()}): start a new game."
        if self.between:
            return "This hand is over: press Next hand to deal the next one."
        assert game.turn is not None
        who = seat_name(game.turn, self.seat, game.rules)
        if who.endswith(" (partner)"):  # not "North (partner)'s turn"
            who = f"your partner {who.removesuffix(' (partner)')}"
        if self.paused:
            return f"The game is paused: it is {who}'s turn. Press Play on."
        return f"{WAIT} {who}'s turn."
