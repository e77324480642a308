"""Save, load and resume: the part of
:class:`~spadeslib.table.session.TableSession` that keeps a game. A record
file holds the whole game (:mod:`spadeslib.record`); the page's resume token
holds only the public moves and the learner's own decisions, which the
table's bots replay (:mod:`.saving`). Either way a refused file or token
changes nothing, and the log is rebuilt from the moves (:meth:`_retold`), with
the token's lines the moves do not hold (hints, reviews) in their places.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..actions import Action
from ..errors import SpadesError, is_whole
from ..game import Game
from ..seats import Seat
from .levels import with_levels
from .narrate import Aside, rules_title
from .options import check_level, level_seats
from .saving import (
    MAX_UPLOAD,
    Change,
    LevelsOfGame,
    deals_from_seed,
    file_name,
    parse_record,
    replay_token,
    resume_token,
    token_replays,
)
from .turns import bot_choice

if TYPE_CHECKING:
    from .host import Host

__all__ = ["Keeping", "noted", "quiet_bot_move"]


class Keeping:
    """Save, load and resume (mixed into the session; ``self`` is its
    :class:`~spadeslib.table.host.Host`)."""

    notice: str | None
    between: bool
    levels: dict[Seat, str]
    _replayable: bool

    # ======================================================= save and load
    def to_json(self: Host) -> str:
        """The game's record as JSON text (see :mod:`spadeslib.record`)."""
        from .. import record

        return record.dumps(noted(self.game, between=self.between))

    def file_name(self: Host) -> str:
        """The name to save the game under (the page's download):
        ``"spades-classic-seed3-after-hand1.json"`` right after hand 1."""
        return file_name(self.game, between=self.between)

    def save(self: Host, path: str | Path) -> bool:
        """Write the game's record to ``path`` (notebooks; the page downloads)."""
        from .. import record

        if not _is_path(path):
            return self.refuse(f"Could not save: {_not_a_path(path)}")
        if os.fspath(path) == "":
            return self.refuse("Could not save: the file name is empty.")
        try:
            record.save(noted(self.game, between=self.between), path)
        except OSError as error:
            reason = error.strerror or type(error).__name__
            return self.refuse(f"Could not save to {path}: {reason}.")
        self.notice = None  # an earlier "Could not save" is answered
        self._say([f"Saved the game to {path}."])
        self.changed()
        return True

    def load(self: Host, path: str | Path) -> bool:
        """Load a record file and play on (notebooks; the page uploads)."""
        if not _is_path(path):
            return self.refuse(f"Could not load: {_not_a_path(path)}")
        if os.fspath(path) == "":
            return self.refuse("Could not load: the file name is empty.")
        if Path(path).is_dir():
            return self.refuse(f"Could not read {path}: it is a folder, not a file.")
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as error:
            reason = error.strerror or type(error).__name__
            return self.refuse(f"Could not read {path}: {reason}.")
        except UnicodeDecodeError as error:
            return self.refuse(f"Could not read {path}: {error}.")
        return self.from_json(text, max_bytes=50 * MAX_UPLOAD, name=str(path))

    def from_json(
        self: Host, text: Any, *, max_bytes: int = MAX_UPLOAD, name: str = "the file"
    ) -> bool:
        """Load a game from record text (an upload); refused with one line,
        and nothing changed, when it is too big, not JSON or not a valid game."""
        try:
            game = parse_record(text, max_bytes)
            named = game.seated, game.seated_hands  # before the table seats its bots
            # the table's own note, read once: from now on it is the table's
            # state (a save notes it again)
            dealt = game.notes.pop("between", None) is False
            self._start(game.rules, game.seed, *self._recorded_levels(game), None, game)
        except SpadesError as error:
            return self.refuse(
                f"Could not load {name}: it is not a Spades game saved by this "
                f"table, or it was changed since ({error})"
            )
        first, changes, pending = self._recorded_changes(game, *named)
        self._restore_levels(first, changes, pending)
        # each change of levels is told where its hand starts (a record
        # keeps no log: the table said it when it was asked for)
        before = first
        for number, levels in changes:
            self.asides.append(
                Aside(number - 1, 0, self._change_words(levels, number, before))
            )
            before = levels
        self._replayable = deals_from_seed(game) and token_replays(
            game, self.seat, first, quiet_bot_move, check_level, changes=changes
        )
        # saved between hands: the next hand is dealt but untouched, so the
        # table shows the hand just over, as it did when saved; but not when
        # the record notes that Next hand had dealt it (the learner, first
        # to move, had not moved yet)
        self.between = _looks_between(game) and not dealt and not self.auto_next
        self._retold()
        if self.between:
            self._say(
                [
                    f"Loaded {name}: {rules_title(game.rules)}, hand "
                    f"{self.shown_hand.number} is over. Press Next hand to deal "
                    f"hand {game.hand.number}. {self.levels_words()}"
                ]
            )
        else:
            self._say(
                [
                    f"Loaded {name}: {rules_title(game.rules)}, hand "
                    f"{game.hand.number}. {self.levels_words()}"
                ]
            )
        self._review_shown()
        self._kick()
        self.changed()
        return True

    # ======================================================== resume token
    def _recorded_levels(self: Host, game: Game) -> tuple[str | None, str | None]:
        """``(partner, opponents)``: the bots' levels a record names for its
        first hand (a table's save writes them), where they are levels the
        table's bots can play, without options (a file from elsewhere sets
        no budget on a shared server); ``None`` keeps the table's own."""
        return _named_levels(game, game.seated_hands.get(1, game.seated), self.seat)

    def _recorded_changes(
        self: Host,
        game: Game,
        seated: dict[Seat, str],
        seated_hands: dict[int, dict[Seat, str]],
    ) -> LevelsOfGame:
        """The bots' levels hand by hand as a record names them (a table's
        save writes each hand's that differ, ``seated_hands``, and those it
        goes on with, ``seated``), from those seated for its first hand; a
        name that is not a level keeps the level seated for the first hand."""
        first = dict(self.levels)
        mate, _ = level_seats(game.rules, self.seat)

        def levels(seated: dict[Seat, str]) -> dict[Seat, str]:
            return with_levels(first, mate, *_named_levels(game, seated, self.seat))

        changes: list[Change] = []
        last = first
        for number in range(2, len(game.hands) + 1):
            now = levels(seated_hands.get(number, seated))
            if now != last:
                changes.append((number, now))
                last = now
        goes_on = levels(seated)
        return first, changes, None if goes_on == last else goes_on

    def _review_shown(self: Host) -> None:
        """A game resumed or loaded where a hand has just ended (between
        hands, or the game over) shows that hand's review again, as the
        table did when the hand ended (with ``auto_review``)."""
        game = self.game
        if (
            self.auto_review
            and not self.auto_next
            and game.finished_hands
            and (self.between or game.is_over)
        ):
            self._review_soon()

    def resume_token(self: Host) -> dict[str, Any] | None:
        """The game as public moves and your own decisions only (a bot's
        private choice is ``None``: the bot decides it again), kept by the
        page in the visitor's browser so that a reload can resume; ``None``
        for a loaded game the token cannot rebuild exactly: its deals are not
        its seed's, or its bots' private choices are not the ones the bots
        at this table would make."""
        if not self._replayable:
            return None
        token = resume_token(
            self.game,
            self.seat,
            self.first_levels,
            between=self.between,
            changes=self.level_changes,
            pending=self.pending_levels,
        )
        if self.asides:
            token["asides"] = [
                [a.hand, a.moves, a.text, *([True] if a.of_move else [])]
                for a in self.asides
            ]
        if self.extras:
            token["extras"] = {key: dict(value) for key, value in self.extras.items()}
        return token

    def resume(self: Host, token: Any, *, max_bytes: int = MAX_UPLOAD) -> bool:
        """Rebuild a game from :meth:`resume_token` (a dict or its JSON);
        refused with one line, and nothing changed, when it is not valid."""
        try:
            replayed = replay_token(
                token, self.seat, self._bot_move, check_level, max_bytes
            )
        except SpadesError as error:
            return self.refuse(f"Could not resume the saved game: {error}")
        game = replayed.game
        self._start(game.rules, game.seed, None, None, None, game)
        self._restore_levels(replayed.first, replayed.changes, replayed.pending)
        self.between = (
            replayed.between and bool(game.finished_hands) and not game.is_over
        )
        self.extras.update(token_extras(token))
        self.asides = token_asides(token, game)
        self._retold()
        self._say(
            [
                f"Resumed your game: {rules_title(game.rules)}, seed {game.seed}, "
                f"hand {self.shown_hand.number}. {self.levels_words()}"
            ]
        )
        self._review_shown()
        self._kick()
        self.changed()
        return True


def token_extras(token: Any) -> dict[str, dict[str, str]]:
    """The extras a resume token carries back (see ``TableSession.extras``):
    from the visitor's browser, so only short texts under short keys are
    kept, the rest dropped.

    >>> token_extras({"extras": {"class": {"name": "Ana", "x": [1]}}, "v": 1})
    {'class': {'name': 'Ana'}}
    """
    if isinstance(token, str):
        try:
            token = json.loads(token)
        except ValueError:
            return {}
    extras = token.get("extras") if isinstance(token, dict) else None
    if not isinstance(extras, dict):
        return {}
    return {
        key: {k: v for k, v in value.items() if _short(k) and _short(v)}
        for key, value in list(extras.items())[:8]
        if _short(key) and isinstance(value, dict)
    }


#: how many of a token's lines the moves do not hold are told again, and how
#: long each may be (a review's summary is the longest, a few hundred)
MAX_ASIDES, MAX_ASIDE = 600, 2000


def token_asides(token: Any, game: Game) -> list[Aside]:
    """The lines a resume token keeps beside its moves (see
    ``TableSession.asides``): from the visitor's browser, so only texts at a
    place the game has, in order, are kept; the rest is dropped.

    >>> game = Game("classic", seed=1)
    >>> game.apply(3)
    >>> token_asides({"asides": [[0, 0, "Hint: bid 3."], [0, 9, "?"]]}, game)
    [Aside(hand=0, moves=0, text='Hint: bid 3.', of_move=False)]
    """
    if isinstance(token, str):
        try:
            token = json.loads(token)
        except ValueError:
            return []
    asides = token.get("asides") if isinstance(token, dict) else None
    if not isinstance(asides, list):
        return []
    kept: list[Aside] = []
    for aside in asides[-MAX_ASIDES:]:  # the newest
        if not (isinstance(aside, list) and len(aside) in (3, 4)):
            continue
        index, moves, text, *flag = aside
        if not (
            (not flag or flag[0] is True)
            and _whole(index)
            and _whole(moves)
            and index < len(game.hands)
            and moves <= len(game.hands[index].history)
            and isinstance(text, str)
            and 0 < len(text) <= MAX_ASIDE
            and (not kept or kept[-1][:2] <= (index, moves))
        ):
            continue
        kept.append(Aside(index, moves, text, bool(flag)))
    return kept


def noted(game: Game, *, between: bool) -> Game:
    """``game``, noted for its record where its moves alone would show it
    otherwise: a hand Next hand dealt that no one has moved in yet looks
    like the wait between hands (the engine deals the next hand when one
    ends), so it is noted ``"between": false`` (the record's ``"table"``);
    every other record is as its moves say. ``between``: the table waits
    for Next hand."""
    game.notes.pop("between", None)
    if _looks_between(game) and not between:
        game.notes["between"] = False
    return game


def _looks_between(game: Game) -> bool:
    """Whether a record of ``game`` looks saved between hands: a hand is
    over, and the next one, dealt, untouched."""
    return bool(game.finished_hands) and not game.is_over and not game.hand.history


def _whole(number: Any) -> bool:
    return is_whole(number) and number >= 0


def _short(text: Any) -> bool:
    return isinstance(text, str) and len(text) <= 200


def _named_levels(
    game: Game, seated: dict[Seat, str], seat: Seat
) -> tuple[str | None, str | None]:
    """``(partner, opponents)`` named in ``seated`` for a learner at
    ``seat``, where they are bot levels (options left out), else ``None``."""

    def level(at: Seat) -> str | None:
        named = seated.get(at)
        try:
            return check_level(named.split(":")[0]) if named else None
        except SpadesError:  # "Alice", from elsewhere: not a bot level
            return None

    partner, opponent = level_seats(game.rules, seat)
    return (None if partner is None else level(partner)), level(opponent)


def quiet_bot_move(game: Game, seat: Seat, level: str) -> Action:
    return bot_choice(game, seat, level)[0]


def _is_path(path: Any) -> bool:
    return isinstance(path, (str, os.PathLike))


def _not_a_path(path: Any) -> str:
    return f"{path!r} is not a file name (such as 'game.json')."
