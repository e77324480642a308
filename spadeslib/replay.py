"""Replaying one hand entry of a game record, strictly.

Used by :func:`spadeslib.record.from_record`: each entry of a hand is a
decision, applied through the validated engine at the point where it was
taken (looks and double-nil declarations at the seat's turn, draws, blind
discards, bids, the blind-nil exchange, then the cards). An entry the rules
do not allow there, or one left over at the end, raises
:class:`~spadeslib.errors.InvalidRecord` naming the hand, the move, the seat
and the rule; nothing is skipped.

Every value is read as the writer spells it (seat letters ``N``, ``E``,
``S``, ``W``; cards such as ``10H``; bids as numbers or ``"nil"``,
``"blind_nil"``, ``"blind_seven"``): another spelling is refused, naming the
one to write, so that a record that loads writes back as it was read.

>>> show({"cards": "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S"})
'{"cards": "AS KS QS JS 10S 9S 8S 7S 6...'
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Mapping
from typing import Any, NoReturn

from .actions import KEEP, LOOK, TAKE_NEXT, Action, Bid, BidKind, Discard, Exchange
from .cards import Card
from .errors import IllegalAction, InvalidRecord, SpadesError
from .game import Game
from .hand import Hand, Phase
from .seats import Seat

__all__ = ["BID_WORDS", "HAND_KEYS", "HandReplay", "check_keys", "show"]

HAND_KEYS = {
    4: ("dealer", "players", "deal", "bids", "plays", "exchanges", "looked"),
    2: (
        "dealer",
        "players",
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
_LETTERS = ("N", "E", "S", "W")
BID_WORDS = tuple(kind.value for kind in BidKind if kind is not BidKind.NUMBER)
"""The bids a record writes in words, as :meth:`Bid.to_json` writes them
(every other bid is a number)."""
_BID_FORM = (
    'a bid is a number of tricks (not in quotes), or "nil", "blind_nil" or '
    '"blind_seven"'
)


def show(value: Any) -> str:
    r"""A bad value, quoted and cut short for an error message (as JSON: other
    alphabets and symbols as written, unless something in it is unprintable).

    >>> show("7♥"), show("7\u202e")
    ('"7♥"', '"7\\u202e"')
    """
    text = json.dumps(value, ensure_ascii=False, default=repr)
    if not text.isprintable():
        text = json.dumps(value, ensure_ascii=True, default=repr)
    return text if len(text) <= _SHOWN else text[: _SHOWN - 3] + "..."


def check_keys(data: Mapping[Any, Any], allowed: tuple[str, ...], where: str) -> None:
    for key in data:
        if key not in allowed:
            keys = ", ".join(f'"{k}"' for k in allowed)
            raise InvalidRecord(
                f"{where} has an unknown key {show(key)} (keys: {keys})"
            )


def _phase_words(hand: Hand) -> str:
    if hand.is_over:
        return "after the thirteenth trick"
    if hand.phase is Phase.PLAYING:
        return "during the play"
    return f"during the {hand.phase.value.replace('_', ' ')}"


class HandReplay:
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
            self._wrong(key, "a list")
        return value

    def mapping(self, key: str) -> dict[Seat, Any]:
        """A seat-keyed object, as seat -> value (each seat once)."""
        value = self.entry.get(key, {})
        if not isinstance(value, Mapping):
            self._wrong(key, "an object keyed by seat")
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
        if not isinstance(letter, str):
            raise self.fail(f'"{key}": {show(letter)} is not a seat letter')
        if letter not in _LETTERS:
            try:
                hint = f"a record writes {show(Seat.parse(letter).letter)}"
            except SpadesError:
                hint = "use N, E, S or W"
            raise self.fail(f'"{key}": {show(letter)} is not a seat: {hint}')
        seat = Seat.parse(letter)
        if rules.players == 2 and seat not in (Seat.NORTH, Seat.SOUTH):
            raise self.fail(f'"{key}": {seat.full} has no seat in {rules.full_spec}')
        return seat

    def cards(self, value: Any, what: str) -> list[Card]:
        """A list of card names, or one string of names separated by spaces."""
        if isinstance(value, str):
            value = value.split()
        elif not isinstance(value, list) or not all(isinstance(c, str) for c in value):
            raise self.fail(f"{what}: cards are a list of card names or one string")
        return [self.card(text, what) for text in value]

    def card(self, text: str, what: str) -> Card:
        """One card, written as the record writes it (``"10H"``, ``"BJ"``)."""
        form = "a rank, then a capital suit letter C, D, H or S"
        try:
            card = Card.parse(text)
        except SpadesError:
            raise self.fail(
                f'{what}: {show(text)} is not a card: write {form}, such as "AS" or '
                '"10H", or "BJ"/"LJ" for a joker'
            ) from None
        if str(card) != text:
            raise self.fail(
                f"{what}: {show(text)} is not a card as a record writes it: write "
                f"{show(str(card))} ({form})"
            )
        return card

    def _wrong(self, key: str, kind: str) -> NoReturn:
        raise self.fail(f'"{key}" must be {kind}, not {show(self.entry[key])}')

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
        if isinstance(value, str) and value not in BID_WORDS:
            hint = _BID_FORM
            with contextlib.suppress(SpadesError):  # a bid in another spelling
                if len(value) <= 20:
                    meant = Bid.parse(value).to_json()
                    number = " (a number, without quotes)" * isinstance(meant, int)
                    hint = f"a record writes {show(meant)}{number}"
            raise self.fail(f"bid {i}: {show(value)} is not a bid: {hint}")
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise self.fail(f"bid {i}: {show(value)} is not a bid: {_BID_FORM}")
        if isinstance(value, int) and not -99 <= value <= 99:  # said short
            raise self.fail(f"bid {i}: {show(value)} is not a bid (0 to 13 or Nil)")
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
        check_keys(entry, HAND_KEYS[players], f"hand {number}")
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
                raise self.fail(
                    f"play {i}: {show(value)} is not a card: a card is text "
                    'such as "AS" or "10H"'
                )
            if game.hand is not hand or hand.is_over:
                raise self.fail(f"play {i} ({value}) comes after the thirteenth trick")
            if hand.phase is not Phase.PLAYING:
                raise self.fail(f"play {i} ({value}) comes {_phase_words(hand)}")
            card = self.card(value, f"play {i}")
            self.act(
                card,
                f"play {i}, trick {len(hand.tricks) + 1}, "
                f"{hand.turn.full if hand.turn is not None else '-'}",
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
            mover = hand.turn
            assert mover is not None
            self.blind_decision(mover, declared, looked)
            if draw not in ("keep", "discard"):
                raise self.fail(f'draw {i}: {show(draw)} is not "keep" or "discard"')
            self.act(KEEP if draw == "keep" else TAKE_NEXT, f"draw {i}, {mover.full}")
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
                f'"{key}" lists {seat.full}, but {hand.rules.full_spec} offers '
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
                    f"but {hand.rules.full_spec} has no blind discard "
                    "[rule: blind-discard]"
                )
            else:
                why = "out of turn (the first bidder discards first)"
            raise self.fail(f'"blind_discards" lists {seat.full}, {why}')

    def blind_discard(self, seat: Seat, step: Any) -> None:
        hand = self.game.hand
        where = f"blind_discards of {seat.full}"
        if not isinstance(step, Mapping):
            raise self.fail(f"{where} must be an object")
        check_keys(step, ("discarded", "received"), f"hand {self.number}: {where}")
        if "discarded" not in step or "received" not in step:
            raise self.fail(f'{where} needs "discarded" and "received"')
        out = Discard.of(tuple(self.cards(step["discarded"], where)))
        got = tuple(sorted(self.cards(step["received"], where)))
        self.move += 1
        # The replacements are part of the record, so the engine's own
        # seeded draw is bypassed with the recorded cards.
        try:
            hand.apply_discard(out, got)
        except IllegalAction as error:
            raise self.fail(
                f"move {self.move}: {seat.full} {out}: {error} [rule: {error.rule}]"
            ) from None

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
            blind = [s for s in hand.seats if hand.bids.get(s) == Bid.BLIND_NIL]
            if not rules.exchange:
                why = f"but {rules.full_spec} has no card exchange [rule: no-exchange]"
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
