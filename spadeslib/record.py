"""Game records: every decision of a game as JSON, replayed exactly.

The format (version 1) is a JSON object::

    {
      "format": "spadeslib-record/1",  # optional; if present, exactly this
      "rules": "classic",  # or {"preset": "classic", "modifiers": [...], "target": 300}
      "seed": 42,                      # optional: deals the hands after the last one
      "hands": [
        {
          "dealer": "E",
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

import json
import os
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .actions import KEEP, LOOK, TAKE_NEXT, Action, Bid, Discard, Exchange
from .cards import Card
from .errors import IllegalAction, InvalidRecord, SpadesError
from .game import Game
from .hand import Hand, Phase
from .rules import Rules
from .seats import Seat

__all__ = [
    "FORMAT",
    "MAX_BYTES",
    "dumps",
    "from_record",
    "load",
    "loads",
    "save",
    "to_record",
]

FORMAT = "spadeslib-record/1"
MAX_BYTES = 64 * 1024 * 1024
"""The largest record :func:`load` and :func:`loads` read by default (64 MiB,
about 40,000 hands)."""

_TOP_KEYS = ("format", "rules", "seed", "hands")
_HAND_KEYS = {
    4: ("dealer", "deal", "bids", "plays", "exchanges", "looked"),
    2: (
        "dealer",
        "stock",
        "draws",
        "declared_blind",
        "looked",
        "blind_discards",
        "deal",
        "bids",
        "plays",
    ),
}
_SHOWN = 40  # characters of a bad value quoted in an error message


# ------------------------------------------------------------------ writing
def _cards(cards: Any) -> str:
    return " ".join(str(c) for c in cards)


def hand_record(hand: Hand) -> dict[str, Any]:
    """One hand as a record entry."""
    looked = [s.letter for s, a, _ in hand.history if a == LOOK]
    entry: dict[str, Any] = {"dealer": hand.dealer.letter}
    if hand.initial:
        entry["deal"] = {s.letter: _cards(hand.initial[s]) for s in hand.seats}
    entry["bids"] = [
        hand.bids[s].to_json()  # type: ignore[union-attr]
        for s in hand.bid_order
        if hand.bids[s] is not None
    ]
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
    """The whole game (finished hands and the one in progress) as a record."""
    return {
        "format": FORMAT,
        "rules": game.rules.to_json(),
        "seed": game.seed,
        "hands": [hand_record(h) for h in game.hands],
    }


def dumps(game: Game, indent: int | None = 1) -> str:
    """The game's record as a JSON string."""
    return json.dumps(to_record(game), indent=indent, ensure_ascii=False)


def save(game: Game, path: str | Path) -> None:
    """Write the game's record to ``path`` (UTF-8 JSON).

    The file is written whole or not at all: a temporary file in the same
    folder is renamed over ``path``. Raises :class:`OSError` when the folder
    cannot be written.
    """
    path = Path(path)
    text = dumps(game) + "\n"
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent or ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


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
        value = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        raise InvalidRecord(
            f"not JSON: {error.msg} at line {error.lineno} column {error.colno}"
        ) from None
    except RecursionError:
        raise InvalidRecord(
            "not a record: the JSON is nested too deeply (a record has at most "
            "six levels)"
        ) from None
    except ValueError as error:  # e.g. an integer with too many digits
        raise InvalidRecord(f"not a usable JSON value: {error}") from None
    return from_record(value)


def _no_constant(name: str) -> Any:
    raise InvalidRecord(f"not JSON: {name} is not a JSON number")


def load(path: str | Path, *, max_bytes: int = MAX_BYTES) -> Game:
    """Rebuild a game from a record file (see :func:`loads`).

    A missing file, a folder, an unreadable or oversized file raise
    :class:`InvalidRecord` too; the file is read at most ``max_bytes + 1``
    bytes far, so a device or a pipe cannot fill the memory.
    """
    try:
        with open(path, "rb") as file:
            data = file.read(max_bytes + 1)
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise InvalidRecord(f"cannot read the file: {reason}") from None
    return loads(data, max_bytes=max_bytes)


def _show(value: Any) -> str:
    """A bad value, quoted and cut short for an error message."""
    text = json.dumps(value, ensure_ascii=True, default=repr)
    return text if len(text) <= _SHOWN else text[: _SHOWN - 3] + "..."


def _check_keys(data: Mapping[Any, Any], allowed: tuple[str, ...], where: str) -> None:
    for key in data:
        if key not in allowed:
            keys = ", ".join(f'"{k}"' for k in allowed)
            raise InvalidRecord(
                f"{where} has an unknown key {_show(key)} (keys: {keys})"
            )


def _read_rules(value: Any) -> Rules:
    if not isinstance(value, (str, Mapping)):
        raise InvalidRecord('"rules" must be a rule-set name or an object')
    try:
        return Rules.from_json(value)
    except SpadesError as error:
        raise InvalidRecord(f"rules: {error}") from None
    except (TypeError, KeyError, AttributeError):
        raise InvalidRecord(f"rules: {_show(value)} does not describe rules") from None


def from_record(data: Any) -> Game:
    """Rebuild and validate a game from a record object (parsed JSON).

    Raises :class:`InvalidRecord` naming the hand, the move, the seat, the
    card or bid and the rule when something in it is malformed or illegal.
    """
    if not isinstance(data, Mapping):
        raise InvalidRecord('a record is a JSON object with "rules" and "hands"')
    _check_keys(data, _TOP_KEYS, "the record")
    if "rules" not in data or "hands" not in data:
        raise InvalidRecord('a record needs "rules" and "hands"')
    if data.get("format", FORMAT) != FORMAT:
        raise InvalidRecord(
            f'"format" is {_show(data["format"])}: this version reads "{FORMAT}"'
        )
    rules = _read_rules(data["rules"])
    seed = data.get("seed")
    if seed is not None and (
        isinstance(seed, bool)
        or not isinstance(seed, (int, str))
        or len(str(seed)) > 200
    ):
        raise InvalidRecord(
            f'"seed" must be an integer or a short string, not {_show(seed)}'
        )
    hands = data["hands"]
    if not isinstance(hands, list):
        raise InvalidRecord('"hands" must be a list')
    first = hands[0].get("dealer") if hands and isinstance(hands[0], Mapping) else None
    try:
        game = Game(
            rules,
            seed=seed,
            dealer=first if isinstance(first, str) else None,
            deal_first_hand=False,
        )
    except SpadesError as error:
        raise InvalidRecord(f"hand 1: dealer: {error}") from None
    for number, entry in enumerate(hands, 1):
        _HandReplay(game, number, entry).run()
    if not game.hands:
        game.new_hand()
    return game


def _phase_words(hand: Hand) -> str:
    if hand.is_over:
        return "after the thirteenth trick"
    if hand.phase is Phase.PLAYING:
        return "during the play"
    return f"during the {hand.phase.value.replace('_', ' ')}"


class _HandReplay:
    """Reads one hand entry and applies its decisions in the order they were
    taken, each through the validated engine; every entry must be used."""

    def __init__(self, game: Game, number: int, entry: Any) -> None:
        self.game = game
        self.number = number
        self.entry = entry
        self.move = 0

    def fail(self, message: str) -> InvalidRecord:
        return InvalidRecord(f"hand {self.number}: {message}")

    # ----------------------------------------------------------- entries
    def items(self, key: str) -> list[Any]:
        value = self.entry.get(key, [])
        if not isinstance(value, list):
            return self._wrong(key, "a list")
        return value

    def mapping(self, key: str) -> dict[Seat, Any]:
        """A seat-keyed object, as seat -> value (each seat once)."""
        value = self.entry.get(key, {})
        if not isinstance(value, Mapping):
            return self._wrong(key, "an object keyed by seat")
        out: dict[Seat, Any] = {}
        for letter, item in value.items():
            seat = self.seat(letter, key)
            if seat in out:
                raise self.fail(f'"{key}" lists {seat.full} twice')
            out[seat] = item
        return out

    def seats(self, key: str) -> list[Seat]:
        out: list[Seat] = []
        for letter in self.items(key):
            seat = self.seat(letter, key)
            if seat in out:
                raise self.fail(f'"{key}" lists {seat.full} twice')
            out.append(seat)
        return out

    def seat(self, letter: Any, key: str) -> Seat:
        rules = self.game.rules
        try:
            if not isinstance(letter, str):
                raise SpadesError(f"{_show(letter)} is not a seat letter")
            seat = Seat.parse(letter)
        except SpadesError as error:
            raise self.fail(f'"{key}": {error}') from None
        if rules.players == 2 and seat not in (Seat.NORTH, Seat.SOUTH):
            raise self.fail(f'"{key}": {seat.full} has no seat in {rules.spec}')
        return seat

    def cards(self, value: Any, what: str) -> list[Card]:
        if isinstance(value, list) and all(isinstance(c, str) for c in value):
            pass
        elif not isinstance(value, str):
            raise self.fail(f"{what}: cards are a list of card names or one string")
        try:
            return Card.parse_many(value)
        except SpadesError as error:
            raise self.fail(f"{what}: {error}") from None

    def _wrong(self, key: str, kind: str) -> Any:
        raise self.fail(f'"{key}" must be {kind}, not {_show(self.entry[key])}')

    # ------------------------------------------------------------ actions
    def act(self, action: Action, what: str) -> None:
        """Apply one decision through the validated engine."""
        self.move += 1
        hand = self.game.hand
        who = hand.turn.full if hand.turn is not None else "nobody"
        try:
            self.game.apply(action)
        except IllegalAction as error:
            raise self.fail(
                f"move {self.move} ({what}): {who} {action}: {error} "
                f"[rule: {error.rule}]"
            ) from None

    def bid(self, value: Any, i: int) -> Bid:
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise self.fail(f"bid {i}: {_show(value)} is not a bid")
        if isinstance(value, str) and len(value) > 20:
            raise self.fail(f"bid {i}: {_show(value)} is not a bid")
        try:
            return Bid.parse(value)
        except SpadesError as error:
            raise self.fail(f"bid {i}: {error}") from None

    # ---------------------------------------------------------------- run
    def run(self) -> None:
        game, entry, number = self.game, self.entry, self.number
        if not isinstance(entry, Mapping):
            raise InvalidRecord(f"hand {number}: each hand is a JSON object")
        if game.is_over:
            raise self.fail(f"the game was already over ({game.winner} won)")
        if number > 1 and not game.hands[number - 2].is_over:
            raise self.fail(f"hand {number - 1} is not finished")
        players = game.rules.players
        _check_keys(entry, _HAND_KEYS[players], f"hand {number}")
        self.deal_hand()
        hand = game.hand
        looked = self.seats("looked")
        if players == 2:
            self.draw_phase(looked)
        bids = self.items("bids")
        for i, value in enumerate(bids, 1):
            bid = self.bid(value, i)
            if hand.phase is not Phase.BIDDING:
                raise self.fail(f"bid {i} ({bid}) comes {_phase_words(hand)}")
            seat = hand.turn
            assert seat is not None
            if seat in looked:
                looked.remove(seat)
                self.look(seat)
            self.act(bid, f"bid {i}, {seat.full}")
        if hand.phase is Phase.BIDDING and hand.turn in looked:
            looked.remove(hand.turn)
            self.look(hand.turn)
        if looked:
            raise self.fail(
                f'"looked" lists {looked[0].full}, who did not come to bid '
                "in this record"
            )
        self.exchange_phase()
        for i, value in enumerate(self.items("plays"), 1):
            if not isinstance(value, str) or len(value) > 8:
                raise self.fail(f"play {i}: {_show(value)} is not a card")
            if game.hand is not hand or hand.is_over:
                raise self.fail(f"play {i} ({value}) comes after the thirteenth trick")
            if hand.phase is not Phase.PLAYING:
                raise self.fail(f"play {i} ({value}) comes {_phase_words(hand)}")
            try:
                card = Card.parse(value)
            except SpadesError as error:
                raise self.fail(f"play {i}: {error}") from None
            self.act(
                card,
                f"play {i}, trick {len(hand.tricks) + 1}, "
                f"{hand.turn.full if hand.turn else '-'}",
            )

    def deal_hand(self) -> None:
        game, entry = self.game, self.entry
        if "dealer" not in entry:
            raise self.fail('each hand needs "dealer"')
        dealer = self.seat(entry["dealer"], "dealer")
        # after a finished hand the game has dealt the next one from its seed
        auto = len(game.hands) == self.number
        expected = game.hand.dealer if auto else game.next_dealer()
        if dealer != expected:
            raise self.fail(
                f"the dealer should be {expected.full} "
                f"(the deal rotates), not {dealer.full}"
            )
        try:
            if game.rules.players == 4:
                if "deal" not in entry:
                    raise self.fail('a four-player hand needs "deal"')
                deal = self.mapping("deal")
                if set(deal) != set(Seat):
                    raise self.fail('"deal" needs the cards of N, E, S and W')
                game.new_hand(
                    deal={
                        s: self.cards(c, f"deal of {s.full}") for s, c in deal.items()
                    }
                )
            else:
                if "stock" not in entry:
                    raise self.fail('a two-player hand needs "stock"')
                game.new_hand(stock=self.cards(entry["stock"], "stock"))
        except InvalidRecord as error:
            if str(error).startswith(f"hand {self.number}:"):
                raise
            raise self.fail(str(error)) from None
        except SpadesError as error:
            raise self.fail(str(error)) from None

    def look(self, seat: Seat) -> None:
        if not self.game.hand.hidden[seat]:
            raise self.fail(
                f'"looked" lists {seat.full}, but {seat.full} had no blind bid '
                "to decline [rule: already-looked]"
            )
        self.act(LOOK, f"{seat.full} looks")

    # ---------------------------------------------------- two-player draw
    def draw_phase(self, looked: list[Seat]) -> None:
        hand = self.game.hand
        declared = self.seats("declared_blind")
        for seat in declared:
            if seat in looked:
                raise self.fail(
                    f"{seat.full} is listed as having looked and as declaring "
                    "double nil, which is declared without looking "
                    "[rule: blind-after-look]"
                )
        for i, draw in enumerate(self.items("draws"), 1):
            if hand.phase is not Phase.DRAW:
                raise self.fail(f"draw {i} comes after the draw ended")
            seat = hand.turn
            assert seat is not None
            self.blind_decision(seat, declared, looked)
            if draw not in ("keep", "discard"):
                raise self.fail(f'draw {i}: {_show(draw)} is not "keep" or "discard"')
            self.act(KEEP if draw == "keep" else TAKE_NEXT, f"draw {i}, {seat.full}")
        if hand.phase is Phase.DRAW:
            assert hand.turn is not None
            self.blind_decision(hand.turn, declared, looked)
        for seat in (*declared, *looked):
            key = "declared_blind" if seat in declared else "looked"
            raise self.fail(
                f'"{key}" lists {seat.full}, who did not come to draw in this record'
            )
        self.blind_discard_phase()
        want = self.entry.get("deal")
        if not hand.initial:
            if want is not None:
                raise self.fail('"deal" is given before the draw is complete')
            return
        if want is None:
            raise self.fail('the draw is complete: "deal" must list what each holds')
        deal = self.mapping("deal")
        if set(deal) != set(hand.seats):
            raise self.fail('"deal" needs the cards of N and S')
        for seat in hand.seats:
            cards = self.cards(deal[seat], f"deal of {seat.full}")
            if sorted(cards) != sorted(hand.initial[seat]):
                raise self.fail(f"the deal does not match the draws for {seat.full}")

    def blind_decision(
        self, seat: Seat, declared: list[Seat], looked: list[Seat]
    ) -> None:
        """A listed double-nil declaration or look, at the seat's first draw."""
        if seat not in declared and seat not in looked:
            return
        hand = self.game.hand
        key = "declared_blind" if seat in declared else "looked"
        if not hand.hidden[seat]:
            raise self.fail(
                f'"{key}" lists {seat.full}, but {hand.rules.spec} offers '
                f"{seat.full} no double nil here [rule: no-blind-nil]"
            )
        if seat in declared:
            declared.remove(seat)
            self.act(Bid.BLIND_NIL, f"{seat.full} declares double nil")
        else:
            looked.remove(seat)
            self.act(LOOK, f"{seat.full} looks")

    def blind_discard_phase(self) -> None:
        hand = self.game.hand
        steps = self.mapping("blind_discards")
        while hand.phase is Phase.BLIND_DISCARD:
            assert hand.turn is not None
            step = steps.pop(hand.turn, None)
            if step is None:
                break
            self.blind_discard(hand.turn, step)
        for seat in steps:
            if seat not in hand.declared_blind:
                why = "who declared no double nil [rule: blind-discard]"
            elif not hand.rules.blind_nil_discards:
                why = (
                    f"but {hand.rules.spec} has no blind discard [rule: blind-discard]"
                )
            else:
                why = "out of turn (the first bidder discards first)"
            raise self.fail(f'"blind_discards" lists {seat.full}, {why}')

    def blind_discard(self, seat: Seat, step: Any) -> None:
        hand = self.game.hand
        where = f"blind_discards of {seat.full}"
        if not isinstance(step, Mapping):
            raise self.fail(f"{where} must be an object")
        _check_keys(step, ("discarded", "received"), f"hand {self.number}: {where}")
        if "discarded" not in step or "received" not in step:
            raise self.fail(f'{where} needs "discarded" and "received"')
        out = Discard.of(tuple(self.cards(step["discarded"], where)))
        got = tuple(sorted(self.cards(step["received"], where)))
        self.move += 1
        error = hand.check(out)
        if error is not None:
            raise self.fail(
                f"move {self.move}: {seat.full} {out}: {error} [rule: {error.rule}]"
            )
        pile = set(hand.discard_pile)
        if (
            len(got) != len(out.cards)
            or len(set(got)) != len(got)
            or not set(got) <= pile
        ):
            raise self.fail(
                f"move {self.move}: {seat.full} must receive {len(out.cards)} "
                "different cards from the discard pile, not the ones just "
                "thrown [rule: blind-discard]"
            )
        # The replacements are part of the record, so the engine's own
        # seeded draw is bypassed with the recorded cards.
        hand._do(seat, out, got)

    # ------------------------------------------------------------ exchange
    def exchange_phase(self) -> None:
        hand = self.game.hand
        steps = self.mapping("exchanges")
        while hand.phase is Phase.EXCHANGE:
            seat = hand.turn
            assert seat is not None
            cards = steps.pop(seat, None)
            if cards is None:
                break
            self.act(
                Exchange.of(tuple(self.cards(cards, f"exchange of {seat.full}"))),
                f"{seat.full} passes cards",
            )
        for seat in steps:
            rules = hand.rules
            blind = [s for s in hand.seats if hand.bids[s] == Bid.BLIND_NIL]
            if not rules.exchange:
                why = f"but {rules.spec} has no card exchange [rule: no-exchange]"
            elif hand.phase is Phase.BIDDING:
                why = "before the bidding is complete"
            elif seat not in blind and seat.partner not in blind:
                why = (
                    "but only a team with a Blind Nil bid exchanges cards "
                    "[rule: exchange-without-blind-nil]"
                )
            else:
                why = "out of turn (the Blind Nil bidder passes first)"
            raise self.fail(f'"exchanges" lists {seat.full}, {why}')
