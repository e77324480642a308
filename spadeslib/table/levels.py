"""The bots' levels during a game: the part of
:class:`~spadeslib.table.session.TableSession` that seats the bots and
changes their levels between hands.

Bots never change in the middle of a hand: :meth:`Levels.set_levels` applies
the new levels at once to a hand nobody has moved in yet (between hands,
the next one is dealt but untouched), else when the next hand is dealt (a
pending change, :attr:`Levels.pending_levels`). The game keeps each change
as the hand it applies from (:attr:`Levels.level_changes`), so that its
resume token rebuilds it (the bots' private choices are decided again at
the level of their hand), and undo or "replay this deal" back into an
earlier hand puts its levels back, a change of a later hand pending again.

>>> from spadeslib.table import TableSession
>>> table = TableSession("classic", seed=2024, opponents="rule")
>>> table.game.hand.history != []  # West and North have bid
True
>>> table.set_levels(opponents="novice"), table.log[-1]
(True, 'From hand 2, East and West play at the novice level.')
>>> table.levels[Seat.EAST], table.pending_levels[Seat.EAST]
('rule', 'novice')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..display import and_list
from ..errors import SpadesError
from ..game import Game
from ..rules import Rules
from ..seats import Seat
from .narrate import seat_name
from .options import DEFAULT_LEVEL, check_level, level_seats
from .saving import Change, levels_in

if TYPE_CHECKING:
    from .host import Host

__all__ = ["Levels", "levels_summary", "with_levels"]


def levels_summary(levels: dict[Seat, str], rules: Rules, seat: Seat) -> str:
    """``"partner search, opponents expert"`` (``"opponent expert"`` for two
    players): the levels of the bots facing a learner at ``seat``."""
    partner, opponent = level_seats(rules, seat)
    words = [] if partner is None else [f"partner {levels[partner]}"]
    them = "opponents" if partner is not None else "opponent"
    return ", ".join([*words, f"{them} {levels[opponent]}"])


def with_levels(
    levels: dict[Seat, str],
    mate: Seat | None,
    partner: str | None,
    opponents: str | None,
) -> dict[Seat, str]:
    """``levels`` with the partner's seat (``mate``) at ``partner`` and every
    other bot at ``opponents``; ``None`` keeps a seat's level.

    >>> with_levels({Seat.NORTH: "rule", Seat.EAST: "rule"}, Seat.NORTH, None, "expert")
    {<Seat.NORTH: 0>: 'rule', <Seat.EAST: 1>: 'expert'}
    """
    return {
        s: (partner if s == mate else opponents) or level for s, level in levels.items()
    }


class Levels:
    """Seating the bots and changing their levels (a mixin of the session)."""

    notice: str | None
    levels: dict[Seat, str]
    first_levels: dict[Seat, str]
    """The bots' levels at the start of the game."""
    level_changes: list[Change]
    """Each change made since, in the order of its hand."""
    pending_levels: dict[Seat, str] | None
    """The levels asked for during a hand, for the next one (``None``: none)."""

    # ============================================================== seating
    def _chosen_levels(
        self: Host, rules: Rules, partner: str | None, opponents: str | None
    ) -> tuple[str, str]:
        """``(partner, opponents)`` for a new game under ``rules``: those given,
        else the last chosen (a pending change's, else those in force, at
        the seats they sat at under the last game's rules), else the default;
        each checked (:class:`SpadesError` for a level no bot plays)."""
        default = DEFAULT_LEVEL
        old = getattr(self, "pending_levels", None) or getattr(self, "levels", {})
        last_rules = getattr(getattr(self, "game", None), "rules", rules)
        was_partner, was_opponent = level_seats(last_rules, self.seat)
        kept = None if was_partner is None else old.get(was_partner)
        partner = partner or kept or default
        opponents = opponents or old.get(was_opponent) or default
        return check_level(partner), check_level(opponents)

    def _seat_bots(self: Host, game: Game, partner: str, opponents: str) -> None:
        """Seat ``game``'s bots at these levels, with no change yet."""
        mate, _ = level_seats(game.rules, self.seat)
        levels = {
            s: partner if s == mate else opponents
            for s in game.hand.seats
            if s != self.seat
        }
        self._restore_levels(levels, [], None)

    def _restore_levels(
        self: Host,
        first: dict[Seat, str],
        changes: list[Change],
        pending: dict[Seat, str] | None,
    ) -> None:
        """The levels of a game (started, resumed): the first ones, the
        changes since and a pending one; those in force are the current
        hand's."""
        self.first_levels = dict(first)
        self.level_changes = list(changes)
        self.pending_levels = pending
        self._in_force(self.levels_at(self.game.hand.number))

    def _in_force(self: Host, levels: dict[Seat, str]) -> None:
        self.levels = dict(levels)
        self._mark_seats()

    def _mark_seats(self: Host) -> None:
        """Who plays each seat, as a save writes it (``game.seated``): the
        bots the game goes on with (a pending change's, else those in
        force), and each hand's, where they were others."""
        you = {self.seat: "you"}
        goes_on = self.pending_levels or self.levels
        self.game.seated = {**you, **goes_on}
        self.game.seated_hands = {
            number: {**you, **levels}
            for number in range(1, len(self.game.hands) + 1)
            if (levels := self.levels_at(number)) != goes_on
        }

    def levels_at(self: Host, number: int) -> dict[Seat, str]:
        """The bots' levels in hand ``number`` (a hand dealt so far)."""
        return levels_in(self.first_levels, self.level_changes, number)

    # ============================================================= changing
    def set_levels(
        self: Host,
        partner: str | None = None,
        opponents: str | None = None,
        *,
        menu: bool = False,
    ) -> bool:
        """Change the bots' levels (``None`` keeps a level as last chosen):
        at once when the hand on the table has had no move yet, else from
        the next hand; the log says from which hand. Refused with one line,
        nothing changed, for a level no bot plays, a partner in a
        two-player game, a finished game, or the levels already chosen.
        ``menu``: the levels of the Options panel, which always offers a
        partner: a two-player game changes its opponent and says the
        partner's level waits for a game of four."""
        game = self.game
        if game.is_over:
            return self.refuse(
                f"The game is over ({self._winner_words()}): choose the bots' "
                "levels, then press New game."
            )
        mate, _ = level_seats(game.rules, self.seat)
        spared = partner if mate is None and menu else None
        if spared is not None:
            partner = None
        if mate is None and partner is not None:
            return self.refuse(
                "A two-player game has no partner: choose only your opponent's level."
            )
        try:
            if partner is not None:
                partner = check_level(partner)
            if opponents is not None:
                opponents = check_level(opponents)
        except SpadesError as error:
            return self.refuse(f"Cannot change the bots' levels: {error}")
        asked = self.pending_levels or self.levels
        wanted = with_levels(asked, mate, partner, opponents)
        summary = levels_summary(wanted, game.rules, self.seat)
        number = game.hand.number
        if wanted == asked:
            when = "now" if self.pending_levels is None else f"from hand {number + 1}"
            return self.refuse(f"The bots play at these levels {when}: {summary}.")
        if wanted == self.levels:  # back to the levels in force
            text = (
                f"The bots keep their levels ({summary}): the change asked for "
                f"hand {number + 1} is cancelled."
            )
            self.pending_levels = None
        elif game.hand.history:  # bots never change mid-hand: the next one
            text = self._change_words(wanted, number + 1)
            self.pending_levels = wanted
        else:  # no move yet: this hand
            text = self._change_words(wanted, number)
            self.level_changes = [c for c in self.level_changes if c[0] < number]
            if wanted != self.levels_at(number):
                self.level_changes.append((number, wanted))
            self.pending_levels = None
            self._in_force(wanted)
        self.notice = None
        self._mark_seats()
        self._aside(text)
        if spared is not None:
            self._aside(
                f"The partner's level ({spared}) waits for a new game of four: "
                "this game has two players."
            )
        self.changed()
        return True

    def levels_words(self: Host) -> str:
        """The bots' levels in force, and a change waiting for the next hand:
        ``"The bots: partner rule, opponents novice. From hand 3, East and
        West play at the search level."`` (what a loaded or resumed game
        says)."""
        rules = self.game.rules
        mate, _ = level_seats(rules, self.seat)
        who = "The bots" if mate is not None else "The bot"
        text = f"{who}: {levels_summary(self.levels, rules, self.seat)}."
        pending = self.pending_levels
        if pending is not None and self.game.is_over:  # what New game seats
            text += (
                f" A new game starts with {levels_summary(pending, rules, self.seat)}."
            )
        elif pending is not None:
            text += " " + self._change_words(pending, self.game.hand.number + 1)
        return text

    def _change_words(
        self: Host,
        levels: dict[Seat, str],
        number: int,
        before: dict[Seat, str] | None = None,
    ) -> str:
        """``"From hand 3, East and West play at the expert level."``: the
        bots of ``levels`` whose level differs from ``before`` (by default,
        the one in force)."""
        before = self.levels if before is None else before
        groups: dict[str, list[str]] = {}
        for seat, level in levels.items():
            if before.get(seat) != level:
                name = seat_name(seat, self.seat, self.game.rules)
                groups.setdefault(level, []).append(name)
        parts: list[str] = []
        for level, names in groups.items():
            who = and_list(names)
            verb = "" if parts else ("plays " if len(names) == 1 else "play ")
            parts.append(f"{who} {verb}at the {level} level")
        return f"From hand {number}, {', '.join(parts)}."

    def _levels_dealt(self: Host) -> str | None:
        """A hand is over and the next one dealt: a pending change applies;
        the line that says so again (``None``: no change)."""
        pending = self.pending_levels
        if pending is None or self.game.is_over:
            return None
        number = self.game.hand.number
        text = self._change_words(pending, number)
        self.level_changes.append((number, pending))
        self.pending_levels = None
        self._in_force(pending)
        return text

    def _levels_rewound(self: Host) -> None:
        """After undo or "replay this deal": the levels of the hand now in
        play; a change of a later hand is pending again (the last asked for
        wins), and a pending change whose line was taken back is said again."""
        number = self.game.hand.number
        later = [levels for start, levels in self.level_changes if start > number]
        if later:
            self.level_changes = [c for c in self.level_changes if c[0] <= number]
            wish = self.pending_levels or later[-1]
            self.pending_levels = None if wish == self.levels_at(number) else wish
            self._in_force(self.levels_at(number))
        self._mark_seats()
        pending = self.pending_levels
        if pending is not None:
            text = self._change_words(pending, number + 1)
            if all(aside.text != text for aside in self.asides):
                self._aside(text)
