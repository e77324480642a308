"""Game records: every decision of a game as JSON, replayed exactly.

The format (version 1) is a JSON object::

    {
      "format": "spadeslib-record/1",  # optional; if present, exactly this
      "rules": "classic",  # or {"preset": "classic", "modifiers": [...], "target": 300}
      "seed": 42,                      # optional: deals the hands after the last one
      "start": {"scores": {"NS": 460, "EW": 430}, "bags": {"EW": 8}},  # optional
      "players": {"N": "expert", "S": "you"},  # optional: who played each seat
      "hands": [
        {
          "dealer": "E",
          "players": {"N": "rule", "S": "you"},  # optional: this hand's, if not those
          "deal": {"N": "AS KS ...", "E": [...], "S": "...", "W": "..."},
          "bids": [3, "nil", 4, 2],    # in bidding order, from the dealer's left
          "plays": ["2C", "KC", ...],  # every card played, in order
          "exchanges": {"W": ["2C", "3D"], "E": ["AS", "KH"]},   # blind-nil exchange
          "looked": ["N"],             # seats that declined a blind bid and looked
          # two-player only:
          "stock": "...52 cards...",   # the shuffled stock, top first
          "draws": ["keep", "discard", ...],
          "declared_blind": ["S"],     # double nil declared before drawing
          "blind_discards": {"S": {"discarded": ["4H"], "received": ["9C"]}}
        }
      ]
    }

``deal`` values may be lists of card strings or one space-separated string.
Bids are integers, ``"nil"``, ``"blind_nil"`` or ``"blind_seven"``. The last
hand may stop anywhere: a record saved mid-hand loads to the same state.
Names are read as the writer spells them (``"E"``, ``"10H"``, ``"nil"``,
``"classic+mirror"``): ``"e"``, ``"10h"``, ``"10♥"``, ``"NIL"`` or a bid in
quotes (``"5"``) are refused, naming the spelling to write.

Reading is strict: every entry is a decision replayed through the validated
engine at the point where it was taken, and an entry the rules do not allow
there (a blind bid by a seat listed in ``looked``, an exchange under rules
without one, an unknown key, a play after the thirteenth trick...) makes the
whole record invalid. :func:`loads` and :func:`load` raise
:class:`~spadeslib.errors.InvalidRecord` for every bad input (not JSON, not
UTF-8, too large, nested too deeply, an unreadable file) and never anything
else. See ``docs/records.md``.

>>> from spadeslib import Game
>>> game = Game(seed=9)
>>> for action in ("look", 3, 4, 2, 3): game.apply(action)
>>> loads(dumps(game)).hand.bids == game.hand.bids
True
>>> loads(b'{"rules": "classic", "hands": [], "extra": 1}')
Traceback (most recent call last):
...
spadeslib.errors.InvalidRecord: the record has an unknown key "extra" ...
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeGuard

from .actions import LOOK
from .cards import Card
from .dealing import is_game_seed
from .errors import InvalidRecord, SpadesError, is_number, is_whole
from .game import Game
from .hand import Hand
from .replay import HandReplay, check_keys, show
from .rules import Rules
from .scoring import game_start
from .seats import Seat

__all__ = [
    "FORMAT",
    "MAX_BYTES",
    "dumps",
    "from_record",
    "hand_record",
    "load",
    "loads",
    "save",
    "to_record",
]

FORMAT = "spadeslib-record/1"
MAX_BYTES = 64 * 1024 * 1024
"""The largest record :func:`load` and :func:`loads` read by default (64 MiB, about
75,000 hands; uploads should pass a smaller ``max_bytes``)."""

_TOP_KEYS = ("format", "rules", "seed", "start", "players", "table", "hands")

MAX_PLAYER = 200
"""Characters of a player's name a record keeps (``"players"``): a bot
level with its options (``search:samples=8,bid_samples=2``) fits."""


# ------------------------------------------------------------------ writing
def _cards(cards: Any) -> str:
    return " ".join(str(c) for c in cards)


def hand_record(hand: Hand) -> dict[str, Any]:
    """One hand as a record entry."""
    looked = [s.letter for s, a, _ in hand.history if a == LOOK]
    entry: dict[str, Any] = {"dealer": hand.dealer.letter}
    if hand.initial:
        entry["deal"] = {s.letter: _cards(hand.initial[s]) for s in hand.seats}
    bids = hand.bids
    entry["bids"] = [bids[s].to_json() for s in hand.bid_order if s in bids]
    entry["plays"] = [str(a) for _, a, _ in hand.history if isinstance(a, Card)]
    if hand.exchanges:
        entry["exchanges"] = {
            s.letter: [str(c) for c in cards] for s, cards in hand.exchanges.items()
        }
    if looked:
        entry["looked"] = looked
    if hand.rules.players == 2:
        entry["stock"] = _cards(hand.stock)
        entry["draws"] = ["keep" if keep else "discard" for keep in hand.draws]
        if hand.declared_blind:
            entry["declared_blind"] = [
                s.letter for s in hand.seats if s in hand.declared_blind
            ]
        if hand.blind_discards:
            entry["blind_discards"] = {
                s.letter: {
                    "discarded": [str(c) for c in out],
                    "received": [str(c) for c in got],
                }
                for s, (out, got) in hand.blind_discards.items()
            }
    return entry


def to_record(game: Game) -> dict[str, Any]:
    """The whole game (finished hands and the one in progress) as a record.

    >>> game = Game("classic", seed=1)
    >>> game.apply(4)
    >>> data = to_record(game)
    >>> data["rules"], data["seed"], data["hands"][0]["bids"]
    ('classic', 1, [4])
    >>> from_record(data).hand.bids == game.hand.bids
    True
    """
    if not isinstance(game, Game):
        raise SpadesError(
            f"a record holds a Game, not {game!r:.60}: save the Game the hand "
            "belongs to"
        )
    data: dict[str, Any] = {
        "format": FORMAT,
        "rules": game.rules.to_json(),
        "seed": game.seed,
    }
    start = {
        what: totals
        for what, totals in (("scores", game.start_scores), ("bags", game.start_bags))
        if any(totals.values())
    }
    if start:  # a game started elsewhere than 0 (none: every earlier record)
        data["start"] = start
    if game.seated:
        data["players"] = _players(game.rules, game.seated)
    if game.notes:
        data["table"] = _notes(game.notes)
    data["hands"] = []
    for number, hand in enumerate(game.hands, 1):
        entry = hand_record(hand)
        seated = game.seated_hands.get(number)
        players = _players(game.rules, seated or {}, f"hand {number}: ")
        if players and players != data.get("players"):  # they changed in the game
            entry = {"dealer": entry.pop("dealer"), "players": players, **entry}
        data["hands"].append(entry)
    return data


def dumps(game: Game, indent: int | None = 1) -> str:
    """The game's record as a JSON string."""
    return json.dumps(to_record(game), indent=indent, ensure_ascii=False)


def save(game: Game, path: str | Path) -> None:
    """Write the game's record to ``path`` (UTF-8 JSON).

    The file is written whole or not at all: a temporary file in the same
    folder is renamed over ``path``. Raises :class:`OSError` when the folder
    cannot be written, and before writing anything when ``path`` is empty or
    a folder (:class:`FileNotFoundError`, :class:`IsADirectoryError`).

    >>> save(Game(seed=1), "")
    Traceback (most recent call last):
    FileNotFoundError: [Errno 2] the file name is empty: ''
    """
    if os.fspath(path) == "":
        raise FileNotFoundError(errno.ENOENT, "the file name is empty", "")
    path = Path(path)
    if path.is_dir():
        raise IsADirectoryError(
            errno.EISDIR, "it is a folder, not a file name", str(path)
        )
    text = dumps(game) + "\n"
    try:
        fd, temp = temp_beside(path)
    except OSError as error:  # name the file asked for, not the temporary one
        raise type(error)(error.errno, error.strerror, str(path)) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def _umask() -> int:
    """The process's umask, read without changing it where the system says it
    (Linux); elsewhere set and restored at once."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def temp_beside(path: Path) -> tuple[int, str]:
    """A temporary file in ``path``'s folder, to be renamed onto ``path`` once
    written (a reader never sees half a file), with the permissions a new
    file gets there (the existing file's, else 0o666 less the umask: a
    temporary file is private, and a saved game is not)."""
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent or ".")
    try:
        mode = path.stat().st_mode & 0o777
    except OSError:
        mode = 0o666 & ~_umask()
    with contextlib.suppress(OSError):  # a file system without modes keeps its own
        os.fchmod(fd, mode)
    return fd, temp


# ------------------------------------------------------------------ reading
def loads(data: str | bytes | bytearray, *, max_bytes: int = MAX_BYTES) -> Game:
    """Rebuild a game from a JSON record (text, or UTF-8 bytes as uploaded).

    Raises :class:`InvalidRecord`, with one line saying what is wrong, for
    every bad input: more than ``max_bytes`` (characters for ``str``), bytes
    that are not UTF-8, an empty document, text that is not JSON or is nested
    too deeply, and every record that :func:`from_record` refuses.

    >>> loads(b"\\xff{}")
    Traceback (most recent call last):
    ...
    spadeslib.errors.InvalidRecord: not UTF-8 text: byte 0xff at offset 0
    >>> loads("[" * 100_000)
    Traceback (most recent call last):
    ...
    spadeslib.errors.InvalidRecord: not a record: the JSON is nested too deeply ...
    """
    _check_limit(max_bytes)
    if not isinstance(data, (str, bytes, bytearray)):
        raise InvalidRecord(f"a record is text or bytes, not {type(data).__name__}")
    if len(data) > max_bytes:
        raise InvalidRecord(
            f"too large: more than {max_bytes:,} bytes (the limit, max_bytes)"
        )
    if isinstance(data, (bytes, bytearray)):
        try:
            text = bytes(data).decode("utf-8")
        except UnicodeDecodeError as error:
            byte = error.object[error.start]
            raise InvalidRecord(
                f"not UTF-8 text: byte 0x{byte:02x} at offset {error.start}"
            ) from None
    elif isinstance(data, str):
        text = data
    else:
        raise InvalidRecord(f"a record is text or bytes, not {type(data).__name__}")
    text = text.removeprefix("\ufeff")
    if not text.strip():
        raise InvalidRecord("empty: a record is a JSON object")
    try:
        value = json.loads(
            text, parse_constant=_no_constant, object_pairs_hook=_no_repeated_key
        )
    except json.JSONDecodeError as error:
        # Python's message may end in "at" already ("Unterminated string
        # starting at"): the place is said once
        where = "" if error.msg.endswith(" at") else " at"
        raise InvalidRecord(
            f"not JSON: {error.msg}{where} line {error.lineno} column {error.colno}"
        ) from None
    except RecursionError:
        raise InvalidRecord(
            "not a record: the JSON is nested too deeply (a record has at most "
            "six levels)"
        ) from None
    except InvalidRecord:  # NaN, Infinity or a key written twice, refused below
        raise
    except ValueError:  # Python's own limit on an integer's digits
        raise InvalidRecord(
            "not a usable JSON value: a number has thousands of digits (no seed, "
            "score or count of a game is that long)"
        ) from None
    return from_record(value)


def _no_repeated_key(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object of the record, refused when it names a key twice (JSON
    would keep the last silently, so a hand-edited record could hide one)."""
    value = dict(pairs)
    if len(value) < len(pairs):
        keys = [key for key, _ in pairs]
        twice = next(key for key in keys if keys.count(key) > 1)
        raise InvalidRecord(f"not a record: the key {twice!r} is written twice")
    return value


def _no_constant(name: str) -> Any:
    raise InvalidRecord(f"not JSON: {name} is not a JSON number")


def load(path: str | Path, *, max_bytes: int = MAX_BYTES) -> Game:
    """Rebuild a game from a record file (see :func:`loads`).

    A missing file, a folder, an unreadable or oversized file raise
    :class:`InvalidRecord` too, and every message starts with the path; the
    file is read at most ``max_bytes + 1`` bytes far, so a device or a pipe
    cannot fill the memory.

    >>> load("no-such-record.json")
    Traceback (most recent call last):
    spadeslib.errors.InvalidRecord: no-such-record.json: cannot read the file: ...
    """
    _check_limit(max_bytes)
    if not isinstance(path, (str, os.PathLike)) or isinstance(path, bool):
        raise InvalidRecord(f"a record file is a path, not {path!r}")
    try:
        with open(path, "rb") as file:
            data = file.read(max_bytes + 1)
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise InvalidRecord(
            f"{os.fspath(path)}: cannot read the file: {reason}"
        ) from None
    try:
        return loads(data, max_bytes=max_bytes)
    except InvalidRecord as error:
        raise InvalidRecord(f"{os.fspath(path)}: {error}") from None


def _check_limit(max_bytes: Any) -> None:
    if not is_whole(max_bytes) or max_bytes < 1:
        raise InvalidRecord(
            f"max_bytes must be a whole number above 0, not {max_bytes!r}"
        )


def _read_rules(value: Any) -> Rules:
    if not isinstance(value, (str, Mapping)):
        raise InvalidRecord('"rules" must be a rule-set name or an object')
    try:
        rules = Rules.from_json(value)
    except SpadesError as error:
        raise InvalidRecord(f"rules: {error}") from None
    except (TypeError, KeyError, AttributeError):
        raise InvalidRecord(f"rules: {show(value)} does not describe rules") from None
    if isinstance(value, str) and value != rules.spec:
        raise InvalidRecord(f"rules: {show(value)} is written {show(rules.spec)}")
    if isinstance(value, Mapping):
        names = {"preset": rules.preset, "modifiers": list(rules.modifiers)}
        for key, name in names.items():
            if value.get(key, name) != name:
                raise InvalidRecord(
                    f"rules: {key} {show(value[key])} is written {show(name)}"
                )
        base = Rules(rules.preset, rules.modifiers)
        for name, given in value.items():
            if name not in ("preset", "modifiers"):
                _check_parameter(name, given, getattr(base, name))
    return rules


def _check_parameter(name: str, given: Any, default: Any) -> None:
    """A rule parameter in a record has the type of the preset's value."""
    if isinstance(default, bool):
        ok = isinstance(given, bool)
    elif isinstance(default, int):
        ok = is_whole(given)
    elif default is None:  # an optional number (a threshold, a move timer)
        ok = given is None or is_number(given)
    elif isinstance(default, tuple):
        ok = isinstance(given, list) and all(isinstance(c, str) for c in given)
    else:
        ok = isinstance(given, type(default))
    if not ok:
        raise InvalidRecord(
            f"rules: {name} cannot be {show(given)} (the preset has {show(default)})"
        )


def from_record(data: Any) -> Game:
    """Rebuild and validate a game from a record object (parsed JSON).

    Raises :class:`InvalidRecord` naming the hand, the move, the seat, the
    card or bid and the rule when something in it is malformed or illegal.
    """
    if not isinstance(data, Mapping):
        raise InvalidRecord('a record is a JSON object with "rules" and "hands"')
    if "rules" not in data or "hands" not in data:  # before any unknown key
        keys = ", ".join(show(k) for k in list(data)[:6])
        raise InvalidRecord(
            'not a spadeslib record: a record needs "rules" and "hands"'
            + (f" (this one has {keys})" if keys else "")
        )
    check_keys(data, _TOP_KEYS, "the record")
    if data.get("format", FORMAT) != FORMAT:
        raise InvalidRecord(
            f'"format" is {show(data["format"])}: this version reads "{FORMAT}"'
        )
    rules = _read_rules(data["rules"])
    seed = data.get("seed")
    if seed is not None and not is_game_seed(seed):
        raise InvalidRecord(
            f'"seed" must be an integer or a short string, not {show(seed)}'
        )
    hands = data["hands"]
    if not isinstance(hands, list):
        raise InvalidRecord('"hands" must be a list')
    first = hands[0].get("dealer") if hands and isinstance(hands[0], Mapping) else None
    scores, bags = _read_start(rules, data.get("start", {}))
    try:
        game = Game(
            rules,
            seed=seed,
            # a dealer that is not a seat letter is refused with hand 1
            dealer=first if first in ("N", "E", "S", "W") else None,
            scores=scores,
            bags=bags,
            deal_first_hand=False,
        )
    except SpadesError as error:
        raise InvalidRecord(f"hand 1: dealer: {error}") from None
    game.seated = _read_players(rules, data.get("players", {}))
    game.notes = _read_notes(data.get("table", {}))
    by_hand = {}
    for number, entry in enumerate(hands, 1):
        HandReplay(game, number, entry).run()
        if "players" in entry:  # a seat left out is as the record's
            where = f"hand {number}: "
            players = _read_players(rules, entry["players"], where)
            by_hand[number] = {**game.seated, **players}
    game.seated_hands = by_hand
    if not game.hands:
        game.new_hand()
    return game


def _read_start(rules: Rules, value: Any) -> tuple[dict[str, int], dict[str, int]]:
    """The record's ``"start"``: each side's score and bags before the first
    hand, where the game did not start at 0 (a record without it did).

    >>> _read_start(Rules(), {"scores": {"NS": 460, "EW": 430}})
    ({'NS': 460, 'EW': 430}, {'NS': 0, 'EW': 0})
    >>> _read_start(Rules(), {"bags": {"NS": 10}})
    Traceback (most recent call last):
    ...
    spadeslib.errors.InvalidRecord: "start": a game cannot start with NS carrying ...
    """
    if not isinstance(value, Mapping) or not all(
        isinstance(totals, Mapping) for totals in value.values()
    ):
        raise InvalidRecord(
            '"start" maps "scores" and "bags" to each side\'s number, such as '
            '{"scores": {"NS": 460, "EW": 430}, "bags": {"EW": 8}}'
        )
    check_keys(value, ("scores", "bags"), '"start"')
    try:
        return game_start(rules, value.get("scores"), value.get("bags"))
    except SpadesError as error:
        raise InvalidRecord(f'"start": {error}') from None


def _players(rules: Rules, seated: dict[Seat, str], where: str = "") -> dict[str, str]:
    """``seated`` as a record's ``"players"``, checked to read back."""
    players = {s.letter: seated[s] for s in rules.seats if s in seated}
    _read_players(rules, players, where)
    return players


MAX_NOTES = 16
"""Entries a record's ``"table"`` keeps (the table writes one)."""


def _notes(notes: dict[str, bool | int | str]) -> dict[str, bool | int | str]:
    """``notes`` as a record's ``"table"``, checked to read back."""
    _read_notes(notes)
    return dict(notes)


def _read_notes(value: Any) -> dict[str, bool | int | str]:
    """The record's ``"table"``: short notes of the program that shows the
    game, each a word naming a flag, a whole number or a short text; the
    rules never read them.

    >>> _read_notes({"between": False})
    {'between': False}
    >>> _read_notes({"between": [1]})
    Traceback (most recent call last):
    ...
    spadeslib.errors.InvalidRecord: "table": "between" is [1]: a note is true, ...
    """
    if not isinstance(value, Mapping) or len(value) > MAX_NOTES:
        raise InvalidRecord(
            f'"table" maps at most {MAX_NOTES} names to notes, such as '
            '{"between": false}'
        )
    notes: dict[str, bool | int | str] = {}
    for name, note in value.items():
        if not _printable(name, 40):
            raise InvalidRecord(
                f'"table": {show(name)} is not a name of 1 to 40 characters'
            )
        if not (
            isinstance(note, bool)
            or (is_whole(note) and abs(note) < 10**9)
            or _printable(note, MAX_PLAYER)
        ):
            raise InvalidRecord(
                f'"table": {show(name)} is {show(note)}: a note is true, false, a '
                f"whole number or a text of 1 to {MAX_PLAYER} printable characters"
            )
        notes[name] = note
    return notes


def _printable(value: Any, limit: int) -> TypeGuard[str]:
    """Whether ``value`` is a text of 1 to ``limit`` printable characters
    (a player's name, a note's name or text)."""
    return isinstance(value, str) and 0 < len(value) <= limit and value.isprintable()


def _read_players(rules: Rules, value: Any, where: str = "") -> dict[Seat, str]:
    """The record's ``"players"`` (or a hand's, ``where`` it is: ``"hand 2:
    "``): who played each seat, in words."""
    seats = {s.letter: s for s in rules.seats}
    if not isinstance(value, Mapping):
        raise InvalidRecord(
            f'{where}"players" maps seats to who played them, such as {{"N": "expert"}}'
        )
    players = {}
    for letter, name in value.items():
        if letter not in seats:
            raise InvalidRecord(
                f'{where}"players": {show(letter)} is not a seat of this game '
                f"({', '.join(seats)})"
            )
        if not (_printable(name, MAX_PLAYER) and name.strip()):
            raise InvalidRecord(
                f'{where}"players": {letter}\'s player is {show(name)}: a name of 1 to '
                f"{MAX_PLAYER} printable characters"
            )
        players[seats[letter]] = name
    return players
