"""Keeping a table's game: uploaded records and the browser's resume token.

Two ways in, both from text the visitor's browser sends, never from a path:

- :func:`parse_record` reads an uploaded record (size-limited, validated by
  :func:`spadeslib.record.loads`), refusing anything else with one line;
- :func:`resume_token` / :func:`replay_token` keep a game in the visitor's
  own browser (localStorage) without any card the learner may not see: the
  seed, the rules, the scores and bags it started from (where not 0), the
  bot levels (the first ones, each change with the hand it applies from,
  and a change asked for the next hand), and the moves, where a bot's
  private choice (a card passed, a draw, a discard) is ``None`` and is
  decided again by the same bot, at its level in that hand, from the same
  position (bots are seeded by the position, so it decides the same). A
  loaded game whose bots chose otherwise (:func:`token_replays` is false)
  gets no token.

>>> from spadeslib import Game
>>> game = Game("classic", seed=7)
>>> game.apply(3, game.turn)
>>> token = resume_token(game, Seat.SOUTH, {}, between=False)
>>> token["hands"], token["seed"]
([['3']], 7)
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from ..actions import Action, Bid, Look
from ..cards import Card
from ..dealing import is_seed
from ..errors import InvalidRecord, SpadesError, is_whole
from ..game import Game
from ..hand import Hand
from ..rules import Rules
from ..seats import Seat

__all__ = [
    "MAX_UPLOAD",
    "Change",
    "LevelsOfGame",
    "Replayed",
    "deals_from_seed",
    "file_name",
    "levels_in",
    "parse_record",
    "replay_token",
    "resume_token",
    "token_replays",
]

MAX_UPLOAD = 1_000_000
"""Largest record or resume text accepted from the browser, in bytes."""

MAX_HANDS = 200
"""More hands than any game to 500 plays (a resume token is refused beyond)."""


def parse_record(text: Any, max_bytes: int = MAX_UPLOAD) -> Game:
    """A game from uploaded record text, or :class:`InvalidRecord` saying in
    one line why not (too big, not text, not JSON, not a valid game). It
    reads only the text given: a path in it is just text that is not JSON.

    >>> parse_record("/etc/passwd")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    spadeslib.errors.InvalidRecord: not JSON: ...
    >>> parse_record("x" * 2_000_001)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    spadeslib.errors.InvalidRecord: too large: ...
    """
    from .. import record

    if not isinstance(text, (str, bytes, bytearray)):
        raise InvalidRecord("a record is JSON text")
    return record.loads(text, max_bytes=max_bytes)


def deals_from_seed(game: Game) -> bool:
    """Whether every hand of ``game`` was dealt from its seed, so that the
    seed and the moves rebuild it (a record from elsewhere may not be)."""
    from .. import record

    try:
        fresh = Game(game.rules, seed=game.seed, deal_first_hand=False)
    except SpadesError:
        return False
    if fresh.first_dealer != game.first_dealer:
        return False
    for hand in game.hands:
        other = Hand(
            game.rules,
            hand.dealer,
            seed=f"{game.seed}/{hand.number}",
            number=hand.number,
        )
        mine, theirs = record.hand_record(hand), record.hand_record(other)
        # four players are dealt their cards; two players a stock (their
        # "deal" is what they kept, known only after the draw)
        dealt = "deal" if game.rules.players == 4 else "stock"
        if mine.get(dealt) != theirs.get(dealt):
            return False
    return True


def token_replays(
    game: Game,
    seat: Seat,
    levels: Mapping[Seat, str],
    bot_move: BotMove,
    check_level: Callable[[str], str],
    *,
    changes: Sequence[tuple[int, SeatLevels]] = (),
) -> bool:
    """Whether :func:`resume_token` of ``game`` rebuilds exactly ``game``: the
    token leaves out the bots' private choices (a card passed, a draw, a
    discard), decided again by the bots at ``levels`` (changed by
    ``changes``, as in :func:`resume_token`), so a game whose bots chose
    otherwise (a record from elsewhere) cannot be resumed from it."""
    from .. import record

    token = resume_token(game, seat, levels, between=False, changes=changes)
    try:
        rebuilt = replay_token(token, seat, bot_move, check_level).game
    except SpadesError:
        return False
    # who sat where, and the notes of the program that saved it: not in the token
    rebuilt.seated, rebuilt.seated_hands = game.seated, game.seated_hands
    rebuilt.notes = game.notes
    return record.dumps(rebuilt) == record.dumps(game)


def _is_public(action: Action) -> bool:
    """Actions every seat sees: bids, looks and cards played."""
    return isinstance(action, (Card, Bid, Look))


SeatLevels = Mapping[Seat, str]
"""The bots' levels, seat by seat."""

Change = tuple[int, dict[Seat, str]]
"""A change of the bots' levels: the hand it applies from, and every bot
seat's level from then on."""

LevelsOfGame = tuple[dict[Seat, str], list[Change], dict[Seat, str] | None]
"""The bots' levels in a game: the first ones, each change since, and a
change asked for the next hand (or ``None``)."""


def resume_token(
    game: Game,
    seat: Seat,
    levels: SeatLevels,
    *,
    between: bool,
    changes: Sequence[tuple[int, SeatLevels]] = (),
    pending: SeatLevels | None = None,
) -> dict[str, Any]:
    """The game as public moves and ``seat``'s own decisions (see the module
    docstring); JSON-ready. ``levels``: the bots' levels at the start;
    ``changes``: ``(hand, levels)``, the levels from that hand on;
    ``pending``: the levels asked for the next hand."""
    hands = [
        [
            str(action) if who == seat or _is_public(action) else None
            for who, action, _ in hand.history
        ]
        for hand in game.hands
    ]
    token: dict[str, Any] = {
        "v": 1,
        "rules": game.rules.to_json(),
        "seed": game.seed,
        "seat": seat.letter,
        "levels": _letters(levels),
        "hands": hands,
        "between": between,
    }
    if game.started_elsewhere:
        token["start"] = {"scores": game.start_scores, "bags": game.start_bags}
    if changes:
        token["changes"] = [[number, _letters(new)] for number, new in changes]
    if pending is not None:
        token["pending"] = _letters(pending)
    return token


def levels_in(
    first: SeatLevels, changes: Sequence[tuple[int, SeatLevels]], number: int
) -> dict[Seat, str]:
    """The bots' levels in hand ``number``: those of the last change from a
    hand at or before it, else the first ones."""
    levels = first
    for start, changed in changes:
        if start <= number:
            levels = changed
    return dict(levels)


def _letters(levels: SeatLevels) -> dict[str, str]:
    return {s.letter: level for s, level in levels.items()}


BotMove = Callable[[Game, Seat, str], Action]
"""Decides a bot's move: ``(game, seat, level) -> action``."""


class Replayed(NamedTuple):
    """A game rebuilt from a resume token, with its bots' levels."""

    game: Game
    between: bool
    first: dict[Seat, str]
    """The levels at the start."""
    changes: list[tuple[int, dict[Seat, str]]]
    pending: dict[Seat, str] | None


def replay_token(
    token: Any,
    seat: Seat,
    bot_move: BotMove,
    check_level: Callable[[str], str],
    max_bytes: int = MAX_UPLOAD,
) -> Replayed:
    """Rebuild the game and its bots' levels from a token (a dict or its
    JSON), every move checked by the engine, every bot level by
    ``check_level`` (which raises :class:`SpadesError` for a level no bot
    can play, and returns the level as the table keeps it), each change of
    levels applied at the start of its hand. Raises :class:`SpadesError`
    saying what is wrong."""
    try:
        return _replay(token, seat, bot_move, check_level, max_bytes)
    except SpadesError:
        raise
    except json.JSONDecodeError:
        raise SpadesError("it is not a saved table: not JSON") from None
    except (KeyError, TypeError, ValueError, AttributeError, RecursionError):
        raise SpadesError(
            "it is not a saved table: a part is missing or of the wrong kind"
        ) from None


def _replay(
    token: Any,
    seat: Seat,
    bot_move: BotMove,
    check_level: Callable[[str], str],
    max_bytes: int,
) -> Replayed:
    if isinstance(token, str):
        if len(token.encode("utf-8", "replace")) > max_bytes:
            raise SpadesError(f"it is larger than {max_bytes // 1000} kB")
        token = json.loads(token)
    if not isinstance(token, Mapping) or token.get("v") != 1:
        raise SpadesError("it is not a saved table")
    if Seat.parse(str(token["seat"])) != seat:
        raise SpadesError("it was played from another seat")
    rules = Rules.from_json(token["rules"])
    seed = token["seed"]
    if not is_seed(seed):
        raise SpadesError("its seed is not a number or a word")
    start = token.get("start", {})
    if not isinstance(start, Mapping) or set(start) - {"scores", "bags"}:
        raise SpadesError("its start is not the scores and bags of each side")
    game = Game(rules, seed=seed, scores=start.get("scores"), bags=start.get("bags"))
    bots = set(game.hand.seats) - {seat}

    def levels_of(raw: Any, what: str) -> dict[Seat, str]:
        if not isinstance(raw, Mapping):
            raise SpadesError(f"{what} are not levels seat by seat")
        levels = {Seat.parse(str(k)): str(v) for k, v in raw.items()}
        if set(levels) != bots:
            raise SpadesError(f"the bot seats of {what} do not match the rules")
        # kept as the level menu names it ("Search" from an earlier version)
        return {seat: check_level(level) for seat, level in levels.items()}

    first = levels_of(token["levels"], "its levels")
    hands = token["hands"]
    if not isinstance(hands, list) or len(hands) > MAX_HANDS:
        raise SpadesError("its hands are not a list of moves")
    changes = _changes(token.get("changes", []), len(hands), levels_of)
    pending = token.get("pending")
    if pending is not None:
        pending = levels_of(pending, "its pending levels")
    for number, moves in enumerate(hands, 1):
        if not isinstance(moves, list):
            raise SpadesError(f"hand {number} is not a list of moves")
        if game.hand.number != number or game.is_over:
            raise SpadesError(f"hand {number} follows an unfinished hand")
        levels = levels_in(first, changes, number)
        hand = game.hand
        for move in moves:
            mover = game.turn
            if mover is None:
                raise SpadesError(f"hand {number}: a move after the end")
            if move is None:
                if mover == seat:
                    raise SpadesError(f"hand {number}: your move is missing")
                action = bot_move(game, mover, levels[mover])
            else:
                action = hand.parse_action(str(move)[:60])
            error = game.check(action, mover)
            if error is not None:
                raise error
            game.apply(action, mover)
    between = bool(token.get("between"))
    return Replayed(game, between, first, changes, pending)


def _changes(
    raw: Any, hands: int, levels_of: Callable[[Any, str], dict[Seat, str]]
) -> list[tuple[int, dict[Seat, str]]]:
    """A token's changes of levels, ``[[hand, levels], ...]``, checked: each
    from a hand of the game, after the one before."""
    if not isinstance(raw, list):
        raise SpadesError("its changes of levels are not a list")
    changes: list[tuple[int, dict[Seat, str]]] = []
    for change in raw:
        if not (isinstance(change, list) and len(change) == 2):
            raise SpadesError("a change of levels is not [hand, levels]")
        number, levels = change
        last = changes[-1][0] if changes else 0
        if not is_whole(number) or not last < number <= hands:
            raise SpadesError(
                f"a change of levels is from hand {number!r}, not a later hand "
                f"of its {hands}"
            )
        changes.append((number, levels_of(levels, f"its levels from hand {number}")))
    return changes


def file_name(game: Game, *, between: bool | None = None) -> str:
    """The name to save ``game`` under: its rules (house rules included),
    seed, and the hand it is at, ``"…-hand3.json"`` in the middle of hand
    3, or ``"…-after-hand2.json"`` once hand 2 is over and the table waits
    to deal the next one (``between``; ``None``: the next one is untouched)
    or the game is over.

    >>> game = Game("classic+bag_limit=5", seed=7)
    >>> file_name(game)
    'spades-classic-bag_limit5-seed7-hand1.json'
    """
    hand = game.hand
    if game.is_over or hand.is_over:
        where = f"after-hand{hand.number}"
    elif (not hand.history if between is None else between) and len(game.hands) > 1:
        where = f"after-hand{hand.number - 1}"
    else:
        where = f"hand{hand.number}"
    spec = game.rules.full_spec.replace("+", "-")
    stem = re.sub(r"[^A-Za-z0-9_.-]", "", f"spades-{spec}-seed{game.seed}-{where}")
    return f"{stem}.json"
