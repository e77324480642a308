"""Game records: every decision of a game as JSON, replayed exactly.

The format (version 1) is a JSON object::

    {
      "format": "spadeslib-record/1",
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
                                        #   (only needed mid-hand; a bid implies it)
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

>>> from spadeslib import Game
>>> game = Game(seed=9)
>>> for action in ("look", 3, 4, 2, 3): game.apply(action)
>>> loads(dumps(game)).hand.bids == game.hand.bids
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .actions import LOOK, TAKE_NEXT, Action, Bid, Discard, Exchange
from .cards import Card
from .errors import InvalidRecord, SpadesError
from .game import Game
from .hand import Hand, Phase
from .rules import Rules
from .seats import Seat

__all__ = ["FORMAT", "dumps", "from_record", "load", "loads", "save", "to_record"]

FORMAT = "spadeslib-record/1"


def _cards(cards: Any) -> str:
    return " ".join(str(c) for c in cards)


def hand_record(hand: Hand) -> dict[str, Any]:
    """One hand as a record entry."""
    looked = [s.letter for s, a, _ in hand.history if a == LOOK]
    entry: dict[str, Any] = {"dealer": hand.dealer.letter}
    if hand.initial:
        entry["deal"] = {s.letter: _cards(hand.initial[s]) for s in hand.seats}
    entry["bids"] = [
        hand.bids[s].to_json()
        for s in hand.bid_order  # type: ignore[union-attr]
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
    """Write the game's record to ``path`` (UTF-8 JSON)."""
    Path(path).write_text(dumps(game) + "\n", encoding="utf-8")


def loads(text: str) -> Game:
    """Rebuild a game from a JSON record string."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise InvalidRecord(f"not JSON: {error}") from None
    return from_record(data)


def load(path: str | Path) -> Game:
    """Rebuild a game from a record file."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise InvalidRecord(f"cannot read {path}: {error.strerror}") from None
    return loads(text)


class _Replay:
    """Applies one recorded hand's decisions in the order they were taken."""

    def __init__(self, game: Game, number: int, entry: Mapping[str, Any]) -> None:
        self.game = game
        self.number = number
        self.entry = entry
        self.move = 0

    @property
    def hand(self) -> Hand:
        return self.game.hand

    def fail(self, message: str) -> InvalidRecord:
        return InvalidRecord(f"hand {self.number}: {message}")

    def do(self, action: Action | str | int, what: str) -> None:
        self.move += 1
        hand = self.hand
        seat = hand.turn
        try:
            parsed = hand._coerce(action)
        except SpadesError as error:
            raise self.fail(f"move {self.move} ({what}): {error}") from None
        error = hand.check(parsed)
        if error is not None:
            who = seat.full if seat is not None else "nobody"
            raise self.fail(
                f"move {self.move} ({what}): {who} {parsed}: {error} "
                f"[rule: {error.rule}]"
            )
        self.game.apply(parsed, check=False)

    def items(self, key: str, kind: type) -> list[Any]:
        value = self.entry.get(key, kind())
        if not isinstance(value, kind):
            name = "list" if kind is list else "object"
            raise self.fail(f'"{key}" must be a JSON {name}')
        return value

    def run(self) -> None:
        hand = self.hand
        looked = {Seat.parse(s) for s in self.items("looked", list)}
        if hand.rules.players == 2:
            self._draws(looked)
        bids = self.items("bids", list)
        for i, bid in enumerate(bids, 1):
            if hand.phase is not Phase.BIDDING:
                raise self.fail(f"bid {i} ({bid!r}) comes after the bidding ended")
            seat = hand.turn
            assert seat is not None
            if hand.hidden[seat] and seat in looked and not _is_blind(bid):
                self.do(LOOK, f"{seat.full} looks")
            self.do(bid, f"bid {i}, {seat.full}")
        if (
            hand.phase is Phase.BIDDING
            and hand.turn in looked
            and hand.hidden[hand.turn]
        ):
            self.do(LOOK, f"{hand.turn.full} looks")
        exchanges = self.items("exchanges", dict)
        while hand.phase is Phase.EXCHANGE:
            seat = hand.turn
            assert seat is not None
            cards = exchanges.get(seat.letter)
            if cards is None:
                break
            self.do(Exchange.of(cards), f"{seat.full} passes cards")
        for i, card in enumerate(self.items("plays", list), 1):
            if self.hand is not hand:
                raise self.fail(f"play {i} ({card}) comes after the thirteenth trick")
            if hand.phase is not Phase.PLAYING:
                raise self.fail(
                    f"play {i} ({card}) comes before the bidding is complete"
                )
            self.do(
                card,
                f"play {i}, trick {len(hand.tricks) + 1}, "
                f"{hand.turn.full if hand.turn else '-'}",
            )

    def _draws(self, looked: set[Seat]) -> None:
        hand = self.hand
        declared = {Seat.parse(s) for s in self.items("declared_blind", list)}
        for i, draw in enumerate(self.items("draws", list), 1):
            if hand.phase is not Phase.DRAW:
                raise self.fail(f"draw {i} comes after the draw ended")
            seat = hand.turn
            assert seat is not None
            if hand.hidden[seat]:
                self.do(
                    Bid.BLIND_NIL if seat in declared else LOOK,
                    f"{seat.full} decides on double nil",
                )
            if draw not in ("keep", "discard"):
                raise self.fail(f'draw {i}: {draw!r} is not "keep" or "discard"')
            self.do(draw if draw == "keep" else TAKE_NEXT, f"draw {i}, {seat.full}")
        if hand.phase is Phase.DRAW and hand.hidden[hand.turn]:  # type: ignore[index]
            seat = hand.turn
            if seat in declared or seat in looked:
                self.do(
                    Bid.BLIND_NIL if seat in declared else LOOK, "double nil decision"
                )
        discards = self.items("blind_discards", dict)
        while hand.phase is Phase.BLIND_DISCARD:
            seat = hand.turn
            assert seat is not None
            step = discards.get(seat.letter)
            if step is None:
                break
            self._blind_discard(seat, step)
        if "deal" in self.entry and hand.initial:
            want = {
                Seat.parse(s): sorted(Card.parse_many(c))
                for s, c in self.entry["deal"].items()
            }
            for seat in hand.seats:
                if sorted(hand.initial[seat]) != want.get(seat):
                    raise self.fail(
                        f"the deal does not match the draws for {seat.full}"
                    )

    def _blind_discard(self, seat: Seat, step: Any) -> None:
        hand = self.hand
        if not isinstance(step, Mapping):
            raise self.fail(f"blind_discards for {seat.letter} must be an object")
        try:
            out = Discard.of(step.get("discarded", []))
            got = tuple(sorted(Card.parse_many(step.get("received", []))))
        except SpadesError as error:
            raise self.fail(f"blind discard of {seat.full}: {error}") from None
        self.move += 1
        error = hand.check(out)
        if error is not None:
            raise self.fail(
                f"move {self.move}: {seat.full} {out}: {error} [rule: {error.rule}]"
            )
        if len(got) != len(out.cards) or any(c not in hand.discard_pile for c in got):
            raise self.fail(
                f"move {self.move}: {seat.full} must receive {len(out.cards)} "
                "cards from the discard pile"
            )
        hand._do(seat, out, got)


def _is_blind(bid: Any) -> bool:
    try:
        return Bid.parse(bid).is_blind
    except SpadesError:
        return False


def from_record(data: Any) -> Game:
    """Rebuild and validate a game from a record object.

    Raises :class:`InvalidRecord` naming the hand, the move, the seat, the
    card or bid and the rule when something in it is malformed or illegal.
    """
    if not isinstance(data, Mapping):
        raise InvalidRecord('a record is a JSON object with "rules" and "hands"')
    if "rules" not in data or "hands" not in data:
        raise InvalidRecord('a record needs "rules" and "hands"')
    try:
        rules = Rules.from_json(data["rules"])
    except SpadesError as error:
        raise InvalidRecord(f"rules: {error}") from None
    hands = data["hands"]
    if not isinstance(hands, list):
        raise InvalidRecord('"hands" must be a list')
    seed = data.get("seed")
    first = hands[0].get("dealer") if hands and isinstance(hands[0], Mapping) else None
    try:
        game = Game(rules, seed=seed, dealer=first, deal_first_hand=False)
    except SpadesError as error:
        raise InvalidRecord(f"hand 1: dealer: {error}") from None
    for number, entry in enumerate(hands, 1):
        if not isinstance(entry, Mapping):
            raise InvalidRecord(f"hand {number}: each hand is a JSON object")
        if game.is_over:
            raise InvalidRecord(
                f"hand {number}: the game was already over ({game.winner} won)"
            )
        if len(game.hands) == number and not game.hand.history:
            game.hands.pop()  # the hand dealt from the seed; the record has its own
        if game.hands and not game.hand.is_over:
            raise InvalidRecord(f"hand {number}: hand {number - 1} is not finished")
        try:
            dealer = Seat.parse(entry.get("dealer", ""))
        except SpadesError as error:
            raise InvalidRecord(f"hand {number}: dealer: {error}") from None
        if dealer != game.next_dealer():
            raise InvalidRecord(
                f"hand {number}: the dealer should be {game.next_dealer().full} "
                f"(the deal rotates), not {dealer.full}"
            )
        try:
            if rules.players == 4:
                if "deal" not in entry:
                    raise InvalidRecord('a four-player hand needs "deal"')
                game.new_hand(deal=entry["deal"])
            else:
                if "stock" not in entry:
                    raise InvalidRecord('a two-player hand needs "stock"')
                game.new_hand(stock=Card.parse_many(entry["stock"]))
        except (SpadesError, AttributeError, TypeError) as error:
            raise InvalidRecord(f"hand {number}: {error}") from None
        _Replay(game, number, entry).run()
    if not game.hands:
        game.new_hand()
    return game
