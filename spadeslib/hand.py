"""One hand of Spades as a state machine: deal (or draw), bids, exchange, 13
tricks, scoring.

>>> from spadeslib import Hand, Rules, Seat
>>> hand = Hand(Rules.preset(), dealer=Seat.WEST, seed=7)
>>> hand.phase, hand.turn
(<Phase.BIDDING: 'bidding'>, <Seat.NORTH: 0>)
>>> hand.apply(3); hand.apply("nil"); hand.apply(4); hand.apply(2)
>>> hand.phase, hand.bids[Seat.EAST]
(<Phase.PLAYING: 'playing'>, Bid.NIL)
>>> hand.apply("AS")
Traceback (most recent call last):
...
spadeslib.errors.IllegalAction: North does not hold the ace of spades
"""

from __future__ import annotations

import _random
import enum
import itertools
import random
from bisect import bisect_left
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from . import bidding
from .actions import (
    KEEP,
    LOOK,
    TAKE_NEXT,
    Action,
    Bid,
    BidKind,
    Discard,
    Draw,
    Exchange,
    Look,
)
from .cards import Card, Suit
from .errors import IllegalAction, InvalidRecord, SpadesError
from .rules import Rules
from .scoring import SideScore, score_hand, side_of, sides
from .seats import Seat
from .tricks import Trick

__all__ = ["Hand", "Phase"]


def _describe(action: object) -> str:
    """What an action does, for messages: ``"play the ace of spades"``."""
    if isinstance(action, Card):
        return f"play the {action.name}"
    if isinstance(action, Bid):
        return f"bid {action.label()}"
    if isinstance(action, Look):
        return "look at the cards"
    if isinstance(action, Draw):
        return "keep the top card" if action.keep else "discard the top card"
    if isinstance(action, Exchange):
        return "pass " + " ".join(map(str, action.cards))
    if isinstance(action, Discard):
        return "discard " + (" ".join(map(str, action.cards)) or "no cards")
    return f"do {action!r}"


class Phase(enum.Enum):
    """Where a hand is. Two-player hands start with ``DRAW``."""

    DRAW = "draw"
    BLIND_DISCARD = "blind_discard"
    BIDDING = "bidding"
    EXCHANGE = "exchange"
    PLAYING = "playing"
    OVER = "over"


_SPADES = int(Suit.SPADES)
_EXPECTED: dict[str, tuple[type, ...]] = {
    "playing": (Card,),
    "bidding": (Bid, Look),
    "draw": (Draw, Look, Bid),
    "exchange": (Exchange,),
    "blind_discard": (Discard,),
}
_PLAYING = Phase.PLAYING
_BIDDING = Phase.BIDDING
_OVER = Phase.OVER
_N, _E, _S, _W = Seat
_NUMBER = BidKind.NUMBER
_NIL = BidKind.NIL
_BITS = tuple(n.bit_length() for n in range(128))


def _generator(seed: object) -> random.Random:
    """``random.Random(seed)``; for an int seed (or none) the C generator
    underneath, which draws the same numbers without the Python wrapper."""
    if seed is None or seed.__class__ is int:
        return _random.Random(seed)  # type: ignore[return-value]
    return random.Random(seed)  # type: ignore[arg-type]


def _shuffled_positions(size: int, rng: random.Random) -> list[int]:
    """``list(range(size))`` shuffled exactly as ``rng.shuffle`` does it (the
    Fisher-Yates walk of :meth:`random.Random.shuffle`, drawing each index
    with ``getrandbits`` and rejection), without its per-call overhead."""
    x = list(range(size))
    getrandbits = rng.getrandbits
    bits = _BITS
    for i in range(size - 1, 0, -1):
        n = i + 1
        k = bits[n]
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]
    return x


class _Tables:
    """What a hand needs from its rules, worked out once per :class:`Rules`."""

    __slots__ = (
        "bid_orders",
        "deck",
        "first_leaders",
        "four",
        "next_seat",
        "power",
        "seats",
        "sides",
        "suit_bounds",
        "suit_of",
    )

    def __init__(self, rules: Rules) -> None:
        self.four = four = rules.players == 4
        self.seats = tuple(Seat) if four else (_N, _S)
        self.sides = tuple(sides(rules))
        self.deck = deck = tuple(sorted(rules.deck))
        self.suit_of = suit_of = rules._suit_of
        # the deck is in card order, so each suit (jokers with the spades) is
        # one run of positions: where the runs of clubs, diamonds, hearts end
        self.suit_bounds = tuple(
            sum(1 for c in deck if suit_of[c.index] <= suit) for suit in range(3)
        )
        self.power = rules._power
        if four:
            self.next_seat = (_E, _S, _W, _N)
            self.bid_orders = tuple(
                tuple(Seat((d + 1 + i) % 4) for i in range(4)) for d in range(4)
            )
            self.first_leaders = tuple(
                Seat(d) if rules.dealer_leads else Seat((d + 1) % 4) for d in range(4)
            )
        else:
            self.next_seat = (_S, None, _N, None)
            self.bid_orders = ((_S, _N), None, (_N, _S), None)
            self.first_leaders = (_S, None, _N, None)


def _tables(rules: Rules) -> _Tables:
    tables = rules.__dict__.get("_hand_tables")
    if tables is None:
        tables = _Tables(rules)
        object.__setattr__(rules, "_hand_tables", tables)
    return tables


class Hand:
    """One deal of Spades, from the first decision to the score.

    Give a ``deal`` (seat -> 13 cards) for four players, or a ``stock`` (the
    52 shuffled cards) for two; otherwise they are shuffled from ``seed``.
    ``scores`` and ``bags`` are the running totals at the start of the hand
    (they decide who may bid blind nil under ``classic``, and the bags the
    score carries).

    Use :meth:`legal_actions`, :meth:`apply` (validated; pass ``check=False``
    for the fast path simulations use), :meth:`why_illegal`, :meth:`undo` and
    :meth:`view`. ``is_over`` is true once the thirteenth trick is scored.

    A seeded deal shuffles ``rules.deck`` as ``random.Random(seed).shuffle``
    would and deals it one card at a time from the dealer's left.
    """

    def __init__(
        self,
        rules: Rules | str | None = None,
        dealer: Seat | str = Seat.NORTH,
        *,
        deal: Mapping[Seat | str, Iterable[Card | str] | str] | None = None,
        stock: Sequence[Card | str] | None = None,
        seed: int | str | None = None,
        scores: Mapping[str, int] | None = None,
        bags: Mapping[str, int] | None = None,
        number: int = 1,
    ) -> None:
        if rules.__class__ is not Rules:
            rules = Rules.parse(rules) if rules is not None else Rules.preset()
        self.rules = rules
        tables = rules.__dict__.get("_hand_tables") or _tables(rules)
        if dealer.__class__ is not Seat:
            dealer = Seat.parse(dealer)
        self.dealer = dealer
        four = tables.four
        if not four and dealer is not _N and dealer is not _S:
            raise SpadesError("two-player games use the seats North and South")
        self.number = number
        self.seed = seed
        self.seats: tuple[Seat, ...] = tables.seats
        side_names = tables.sides
        self.scores: dict[str, int] = dict.fromkeys(side_names, 0)
        if scores:
            self.scores.update(scores)
        self.bags: dict[str, int] = dict.fromkeys(side_names, 0)
        if bags:
            self.bags.update(bags)
        self.bids: list[Bid | None] = [None, None, None, None]
        self.hidden: list[bool] = [False, False, False, False]
        self.declared_blind: set[Seat] = set()
        self.bid_count = 0
        self.bid_order: tuple[Seat, ...] = tables.bid_orders[dealer]
        # Decisions before the play are logged as they are taken; the cards
        # played are added to the log when it is read (see ``history``).
        self._history: list[tuple[Seat, Action, Any]] = []
        self._logged = 0
        self.exchanges: dict[Seat, tuple[Card, ...]] = {}
        self._exchange_steps: list[Seat] = []
        self.stock: tuple[Card, ...] = ()
        self.draws: list[bool] = []
        self.discard_pile: list[Card] = []
        self._stock_pos = 0
        self.known_discards: dict[Seat, list[Card]] = {s: [] for s in self.seats}
        self.blind_discards: dict[Seat, tuple[tuple[Card, ...], tuple[Card, ...]]] = {}
        self._discard_steps: list[Seat] = []
        self.trick: list[tuple[Seat, Card]] = []
        self._done: list[tuple[Seat, tuple[tuple[Seat, Card], ...], Seat]] = []
        self._tricks: list[Trick] = []
        self.tricks_won: list[int] = [0, 0, 0, 0]
        self.spades_broken = False
        self.result: dict[str, SideScore] | None = None
        self.turn: Seat | None = None
        self.is_over = False
        # play-phase state: cards by the suit they follow as, the suit led,
        # and the best card of the trick so far
        self._suits: list[list[list[Card]]] = []
        self._led = 0
        self._best = 0
        self._best_seat: Seat = dealer
        self._suit_of = tables.suit_of
        self._power = tables.power
        self._next = tables.next_seat
        self._size = len(self.seats)

        if four:
            if deal is None:
                self.holding = self._shuffled_deal(_generator(seed), tables)
            else:
                cards = self._read_deal(deal)
                self.holding = [sorted(cards.get(s, ())) for s in Seat]
            h = self.holding
            self.initial = {_N: tuple(h[0]), _E: tuple(h[1]), _S: tuple(h[2]),
                            _W: tuple(h[3])}  # fmt: skip
            self._start_bidding()
        else:
            if deal is not None:
                raise SpadesError("two-player hands start from a stock, not a deal")
            self.holding = [[], [], [], []]
            self.stock = (
                self._read_stock(stock)
                if stock is not None
                else self._shuffle(_generator(seed))
            )
            self.initial = {}
            self.phase = Phase.DRAW
            self.turn = dealer
            for seat in self.seats:
                self.hidden[seat] = bidding.may_go_blind(self, seat)

    # ------------------------------------------------------------------ setup
    def _shuffle(self, rng: random.Random) -> tuple[Card, ...]:
        deck = _tables(self.rules).deck
        return tuple([deck[i] for i in _shuffled_positions(len(deck), rng)])

    def _shuffled_deal(self, rng: random.Random, tables: _Tables) -> list[list[Card]]:
        """Shuffle and deal one card at a time, starting left of the dealer.

        The deck is in card order, so sorting a packet of positions sorts the
        cards, and each suit is one run of the sorted packet."""
        deck = tables.deck
        clubs, diamonds, hearts = tables.suit_bounds
        order = _shuffled_positions(len(deck), rng)
        get = deck.__getitem__
        first = self.dealer + 1
        holding = []
        suits = []
        for seat in range(4):
            packet = order[(seat - first) % 4 :: 4]
            packet.sort()
            cards = list(map(get, packet))
            a = bisect_left(packet, clubs)
            b = bisect_left(packet, diamonds, a)
            c = bisect_left(packet, hearts, b)
            holding.append(cards)
            suits.append([cards[:a], cards[a:b], cards[b:c], cards[c:]])
        self._suits = suits
        return holding

    def _read_deal(self, deal: Mapping[Any, Any]) -> dict[Seat, list[Card]]:
        try:
            cards = {Seat.parse(s): Card.parse_many(c) for s, c in deal.items()}
        except SpadesError as error:
            raise InvalidRecord(f"bad deal: {error}") from None
        for seat in self.seats:
            if len(cards.get(seat, ())) != 13:
                count = len(cards.get(seat, ()))
                raise InvalidRecord(f"bad deal: {seat.full} has {count} cards, not 13")
        self._check_deck([c for seat in self.seats for c in cards[seat]], "deal")
        return cards

    def _read_stock(self, stock: Sequence[Card | str]) -> tuple[Card, ...]:
        try:
            cards = tuple(Card.parse_many(stock))  # type: ignore[arg-type]
        except SpadesError as error:
            raise InvalidRecord(f"bad stock: {error}") from None
        self._check_deck(list(cards), "stock")
        return cards

    def _check_deck(self, cards: list[Card], what: str) -> None:
        deck = set(self.rules.deck)
        seen: set[Card] = set()
        for card in cards:
            if card not in deck:
                raise InvalidRecord(
                    f"bad {what}: {card} is not in the {self.rules.spec} deck"
                )
            if card in seen:
                raise InvalidRecord(f"bad {what}: {card} appears twice")
            seen.add(card)
        if len(seen) != len(deck):
            raise InvalidRecord(
                f"bad {what}: {len(seen)} cards, the deck has {len(deck)}"
            )

    # ------------------------------------------------------------ transitions
    def _start_bidding(self) -> None:
        self.phase = _BIDDING
        rules = self.rules
        if rules.players == 4 and (rules.blind_seven or rules.nil):
            if rules.blind_seven:
                self.hidden = [True, True, True, True]
            elif rules.blind_nil == "first_bidder":
                self.hidden[self.bid_order[0]] = True
            elif rules.blind_nil != "none":
                for seat in self.seats:
                    self.hidden[seat] = bidding.may_go_blind(self, seat)
        self._set_bid_turn(self.bid_order[0])

    def _set_bid_turn(self, seat: Seat) -> None:
        self.turn = seat
        if (
            self.hidden[seat]
            and not bidding.blind_options(self, seat)
            and not bidding.forced_bids(self, seat)
        ):
            self.hidden[seat] = False

    def _team_looked(self, seat: Seat) -> None:
        """Once a partner has looked, the team cannot bid Blind Seven: the
        other partner may look too."""
        if self.rules.blind_seven and self.rules.players == 4:
            partner = seat.partner
            if self.bids[partner] is None:
                self.hidden[partner] = False

    def _after_bidding(self) -> None:
        self.hidden = [False, False, False, False]
        steps: list[Seat] = []
        if self.rules.exchange:
            for seat in self.bid_order:
                bid = self.bids[seat]
                if (
                    bid == Bid.BLIND_NIL
                    and seat not in steps
                    and seat.partner not in steps
                ):
                    steps += [seat, seat.partner]
        if steps:
            self.phase = Phase.EXCHANGE
            self._exchange_steps = steps
            self.turn = steps[0]
        else:
            self._start_play()

    def _start_play(self) -> None:
        self.phase = _PLAYING
        self.turn = _tables(self.rules).first_leaders[self.dealer]
        if self._suits and not self.exchanges:
            return  # sorted by suit when dealt, and unchanged since
        suit_of = self.rules._suit_of
        suits: list[list[list[Card]]] = [[], [], [], []]
        for seat in self.seats:
            lists: list[list[Card]] = [[], [], [], []]
            for card in self.holding[seat]:
                lists[suit_of[card.index]].append(card)
            suits[seat] = lists
        self._suits = suits

    def _next_seat(self, seat: Seat) -> Seat:
        return self._next[seat]  # type: ignore[return-value]

    @property
    def history(self) -> list[tuple[Seat, Action, Any]]:
        """Every action taken, in order, as ``(seat, action, extra)``; ``extra``
        holds the cards a two-player blind-nil discard drew, else ``None``."""
        log = self._history
        plays = len(self._done) * self._size + len(self.trick)
        if self._logged < plays:
            cards = [play for done in self._done for play in done[1]]
            cards += self.trick
            log.extend([(s, c, None) for s, c in cards[self._logged :]])
            self._logged = plays
        return log

    @property
    def tricks(self) -> list[Trick]:
        """The finished tricks, in order (built on first use)."""
        made = self._tricks
        if len(made) < len(self._done):
            made.extend([Trick(*done) for done in self._done[len(made) :]])
        return made

    # ------------------------------------------------------------ legal moves

    def legal_actions(self) -> list[Action]:
        """Every action the player to move may take now (empty when over).

        A seat that has not looked at its cards is offered its blind bids and
        :data:`~spadeslib.actions.LOOK`; :meth:`apply` also accepts an ordinary
        bid there, which looks first.
        """
        phase = self.phase
        seat = self.turn
        if phase is _PLAYING:
            if self.trick:
                follow = self._suits[seat][self._led]  # type: ignore[index]
                if follow:
                    return follow[:]
                return self.holding[seat][:]  # type: ignore[index]
            suits = self._suits[seat]  # type: ignore[index]
            if not self.spades_broken and self.rules.must_break_spades:
                trumps = suits[_SPADES]
                if trumps and len(trumps) < len(self.holding[seat]):  # type: ignore[index]
                    return suits[0] + suits[1] + suits[2]
            return self.holding[seat][:]  # type: ignore[index]
        if seat is None:
            return []
        if phase is _BIDDING:
            if self.hidden[seat]:
                forced = bidding.forced_bids(self, seat)
                return list(forced) or [*bidding.blind_options(self, seat), LOOK]
            return bidding.legal_bids(self, seat)
        if phase is Phase.DRAW:
            if self.hidden[seat]:
                return [Bid.BLIND_NIL, LOOK]
            return [KEEP, TAKE_NEXT]
        if phase is Phase.EXCHANGE:
            return [
                Exchange(c)
                for c in itertools.combinations(self.holding[seat], self.rules.exchange)
            ]
        if phase is Phase.BLIND_DISCARD:
            held = self.holding[seat]
            return [
                Discard(c)
                for n in range(self.rules.blind_nil_discards + 1)
                for c in itertools.combinations(held, n)
            ]
        return []

    def _legal_cards(self, seat: Seat) -> list[Card]:
        held = self.holding[seat]
        suit_of = self.rules._suit_of
        if self.trick:
            led = suit_of[self.trick[0][1].index]
            follow = [c for c in held if suit_of[c.index] == led]
            return follow or list(held)
        if self.rules.must_break_spades and not self.spades_broken:
            other = [c for c in held if suit_of[c.index] != _SPADES]
            return other or list(held)
        return list(held)

    def legal_cards(self, seat: Seat | None = None) -> list[Card]:
        """The cards ``seat`` (default: the player to move) could play now."""
        seat = self.turn if seat is None else Seat.parse(seat)
        if self.phase is not Phase.PLAYING or seat != self.turn or seat is None:
            return []
        return self._legal_cards(seat)

    def parse_action(self, action: Action | str | int) -> Action:
        """Read an action from text as the current phase expects it:
        ``"QH"`` while playing, ``4`` or ``"nil"`` while bidding, ``"keep"``,
        ``"pass 2C 3D"``, ``"discard 4H"`` and so on. Text that fits another
        phase is still read (so that the error can say what was tried)."""
        if isinstance(action, (Card, Bid, Look, Draw, Exchange, Discard)):
            return action
        text = str(action).strip().lower()
        if text == "look":
            return LOOK
        try:
            return self._parse_in_phase(action, text, self.phase)
        except SpadesError as error:
            for phase in (
                Phase.PLAYING,
                Phase.BIDDING,
                Phase.DRAW,
                Phase.EXCHANGE,
                Phase.BLIND_DISCARD,
            ):
                if phase is self.phase or (
                    phase in (Phase.EXCHANGE, Phase.BLIND_DISCARD)
                    and not text.startswith(("pass ", "discard "))
                ):
                    continue
                try:
                    return self._parse_in_phase(action, text, phase)
                except SpadesError:
                    continue
            raise error

    @staticmethod
    def _parse_in_phase(action: Action | str | int, text: str, phase: Phase) -> Action:
        if phase is Phase.PLAYING:
            return Card.parse(str(action))
        if phase is Phase.DRAW:
            if text in ("keep", "discard", "take_next"):
                return KEEP if text == "keep" else TAKE_NEXT
            return Bid.parse(action)
        if phase is Phase.EXCHANGE:
            return Exchange.of(text.removeprefix("pass").upper())
        if phase is Phase.BLIND_DISCARD:
            rest = text.removeprefix("discard").strip()
            return Discard.of("" if rest == "none" else rest.upper())
        return Bid.parse(action)

    def _coerce(self, action: Action | str | int) -> Action:
        action = self.parse_action(action)
        if (
            isinstance(action, Bid)
            and action == Bid(0)
            and not self.rules.numeric_zero
            and self.rules.nil
        ):
            return Bid.NIL
        return action

    def check(
        self, action: Action | str | int, seat: Seat | str | None = None
    ) -> IllegalAction | None:
        """The :class:`IllegalAction` that :meth:`apply` would raise, or ``None``."""
        return self._checked(action, seat)[0]

    def _checked(
        self, action: Action | str | int, seat: Seat | str | None
    ) -> tuple[IllegalAction | None, Any]:
        """``(error or None, the action read from the input)``."""
        mover = self.turn
        try:
            action = self._coerce(action)
        except SpadesError as error:
            who = mover.full if mover is not None else "Nobody"
            return IllegalAction(
                f"{who}: {error}", seat=mover, action=action, rule="unreadable"
            ), action
        if seat is not None:
            seat = Seat.parse(seat)
            if seat != mover:
                what = _describe(action)
                if mover is None:
                    msg = f"the hand is over: {seat.full} cannot {what}"
                else:
                    msg = (
                        f"{seat.full} cannot {what} now: it is {mover.full}'s turn "
                        f"to {self._verb()}"
                    )
                return IllegalAction(
                    msg, seat=seat, action=action, rule="not-your-turn"
                ), action
        if mover is None:
            return IllegalAction(
                f"the hand is over: nobody can {_describe(action)}",
                action=action,
                rule="hand-over",
            ), action
        refusal = self._refuse(mover, action)
        if refusal is None:
            return None, action
        rule, message = refusal
        return IllegalAction(
            message[0].upper() + message[1:], seat=mover, action=action, rule=rule
        ), action

    def why_illegal(
        self, action: Action | str | int, seat: Seat | str | None = None
    ) -> str | None:
        """A sentence saying why ``action`` is illegal now, or ``None`` if it is legal.

        >>> from spadeslib import Hand
        >>> hand = Hand(deal={"N": "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S",
        ...                   "E": "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H",
        ...                   "S": "AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D",
        ...                   "W": "AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C"})
        >>> for bid in (1, 1, 1, 1): hand.apply(bid)
        >>> hand.apply("AH"); hand.why_illegal("AS")
        'South does not hold the ace of spades'
        """
        error = self.check(action, seat)
        return None if error is None else str(error)

    def is_legal(
        self, action: Action | str | int, seat: Seat | str | None = None
    ) -> bool:
        """Whether :meth:`apply` would accept ``action``."""
        return self.check(action, seat) is None

    def _verb(self) -> str:
        return {
            Phase.PLAYING: "play",
            Phase.BIDDING: "bid",
            Phase.DRAW: "draw",
            Phase.EXCHANGE: "pass cards",
            Phase.BLIND_DISCARD: "discard",
        }.get(self.phase, "act")

    def _refuse(self, seat: Seat, action: Action) -> tuple[str, str] | None:
        phase = self.phase
        if phase is _PLAYING and action.__class__ is Card:
            return self._refuse_card(seat, action)  # type: ignore[arg-type]
        name = seat.full
        if not isinstance(action, _EXPECTED[phase.value]):
            return (
                "wrong-phase",
                f"{name} cannot {_describe(action)} now: the hand is "
                f"in the {phase.value.replace('_', ' ')} phase and it is {name}'s "
                f"turn to {self._verb()}",
            )
        if phase is Phase.PLAYING:
            assert isinstance(action, Card)
            return self._refuse_card(seat, action)
        if phase is Phase.BIDDING:
            if action is LOOK:
                return bidding.look_refusal(self, seat, action)
            assert isinstance(action, Bid)
            return bidding.refuse_bid(self, seat, action)
        if phase is Phase.DRAW:
            what = _describe(action)
            if self.hidden[seat]:
                if isinstance(action, Draw):
                    return (
                        "blind-decision",
                        f"{name} cannot {what} yet: {name} must "
                        "first decide on Blind Nil (double nil): declare it, or look "
                        "and draw",
                    )
                if action is LOOK or action == Bid.BLIND_NIL:
                    return None
                return (
                    "blind-decision",
                    f"{name} cannot {what}: before the first "
                    "card, only Blind Nil (double nil) or look",
                )
            if isinstance(action, Draw):
                return None
            if action == Bid.BLIND_NIL:
                return (
                    "blind-nil-before-draw",
                    f"{name} cannot {what}: Blind Nil "
                    "(double nil) is declared before taking the first card",
                )
            if action is LOOK:
                return (
                    "already-looked",
                    f"{name} cannot look: {name} has already looked",
                )
            return (
                "draw",
                f"{name} cannot {what}: {name} is drawing, so keep the "
                "top card or take the next",
            )
        if phase is Phase.EXCHANGE:
            assert isinstance(action, Exchange)
            return self._refuse_cards(
                seat, action.cards, self.rules.exchange, self.rules.exchange, "exchange"
            )
        assert isinstance(action, Discard)
        return self._refuse_cards(
            seat, action.cards, 0, self.rules.blind_nil_discards, "blind-discard"
        )

    def _refuse_cards(
        self, seat: Seat, cards: tuple[Card, ...], low: int, high: int, rule: str
    ) -> tuple[str, str] | None:
        what = "pass" if rule == "exchange" else "discard"
        shown = " ".join(map(str, cards)) or "no cards"
        if not low <= len(cards) <= high or len(set(cards)) != len(cards):
            count = f"exactly {low}" if low == high else f"{low} to {high} different"
            return (
                rule,
                f"{seat.full} cannot {what} {shown}: {seat.full} must "
                f"{what} {count} cards, not {len(cards)}",
            )
        for card in cards:
            if card not in self.holding[seat]:
                return (
                    "card-not-held",
                    f"{seat.full} cannot {what} {shown}: "
                    f"{seat.full} does not hold the {card.name}",
                )
        return None

    def _refuse_card(self, seat: Seat, card: Card) -> tuple[str, str] | None:
        held = self.holding[seat]
        if card not in held:
            return ("card-not-held", f"{seat.full} does not hold the {card.name}")
        rules = self.rules
        suit_of = rules._suit_of
        name = seat.full
        if self.trick:
            led = suit_of[self.trick[0][1].index]
            if suit_of[card.index] != led and any(
                suit_of[c.index] == led for c in held
            ):
                suit = Suit(led)
                return (
                    "follow-suit",
                    f"{name} cannot play the {card.name}: {name} "
                    f"holds {suit.plural} and must follow the {suit.singular} lead",
                )
            return None
        if (
            rules.must_break_spades
            and not self.spades_broken
            and suit_of[card.index] == _SPADES
            and any(suit_of[c.index] != _SPADES for c in held)
        ):
            first = (
                " (and the first trick is never led with a spade)"
                if not self._done
                else ""
            )
            return (
                "spades-not-broken",
                f"{name} cannot lead the {card.name}: spades "
                f"are not broken and {name} holds other suits{first}",
            )
        return None

    # ----------------------------------------------------------------- apply
    def apply(
        self,
        action: Action | str | int,
        seat: Seat | str | None = None,
        *,
        check: bool = True,
    ) -> None:
        """Take an action for the player to move (or for ``seat``, which must be
        the player to move). Raises :class:`IllegalAction`, leaving the hand
        unchanged, if the rules forbid it. ``check=False`` skips validation:
        only for actions taken from :meth:`legal_actions`."""
        if check or self.phase is not _PLAYING:
            if check:
                error, action = self._checked(action, seat)
                if error is not None:
                    raise error
            if self.turn is None:
                raise IllegalAction(
                    "the hand is over: no more actions", action=action, rule="hand-over"
                )
            self._do(self.turn, action, None)  # type: ignore[arg-type]
            return
        # The fast path: play a card taken from legal_actions().
        seat = self.turn
        index = action.index  # type: ignore[union-attr]
        suit = self._suit_of[index]
        # The holding is the suit lists end to end: delete at the same place.
        suits = self._suits[seat]  # type: ignore[index]
        cards = suits[suit]
        where = cards.index(action)  # type: ignore[arg-type]
        del cards[where]
        if suit:
            where += len(suits[0])
            if suit > 1:
                where += len(suits[1])
                if suit > 2:
                    where += len(suits[2])
        del self.holding[seat][where]  # type: ignore[index]
        trick = self.trick
        trick.append((seat, action))  # type: ignore[arg-type]
        # The winner so far: trumps have power >= 100, cards of the suit led
        # their rank; other cards cannot win.
        if len(trick) == 1:
            self._led = suit
            self._best = self._power[index]
            self._best_seat = seat  # type: ignore[assignment]
            if suit == _SPADES:
                self.spades_broken = True
            self.turn = self._next[seat]  # type: ignore[index]
            return
        if suit == _SPADES:
            self.spades_broken = True
            power = self._power[index]
            if power > self._best:
                self._best = power
                self._best_seat = seat  # type: ignore[assignment]
        elif suit == self._led:
            power = self._power[index]
            if power > self._best:
                self._best = power
                self._best_seat = seat  # type: ignore[assignment]
        if len(trick) < self._size:
            self.turn = self._next[seat]  # type: ignore[index]
            return
        winner = self._best_seat
        done = self._done
        done.append((trick[0][0], tuple(trick), winner))
        self.tricks_won[winner] += 1
        self.trick = []
        if len(done) < 13:
            self.turn = winner
            return
        self.phase = _OVER
        self.is_over = True
        self.turn = None
        # lists indexed by seat serve as the bid and trick mappings
        self.result = score_hand(
            self.rules,
            self.bids,  # type: ignore[arg-type]
            self.tricks_won,  # type: ignore[arg-type]
            self.bags,
        )

    def _do(self, seat: Seat, action: Action, extra: Any) -> None:
        phase = self.phase
        if phase is _PLAYING:
            assert seat == self.turn
            self.apply(action, check=False)
        elif phase is _BIDDING:
            self._history.append((seat, action, None))
            if action is LOOK:
                self.hidden[seat] = False
                if self.rules.blind_seven:
                    self._team_looked(seat)
                return
            if action.kind is _NUMBER or action.kind is _NIL:  # type: ignore[union-attr]
                self.hidden[seat] = False
                if self.rules.blind_seven:
                    self._team_looked(seat)
            self.bids[seat] = action  # type: ignore[call-overload]
            count = self.bid_count = self.bid_count + 1
            if count == self._size:
                self._after_bidding()
            else:
                seat = self.turn = self.bid_order[count]
                if self.hidden[seat]:
                    self._set_bid_turn(seat)
        elif phase is Phase.DRAW:
            self._history.append((seat, action, None))
            self._draw(seat, action)
        elif phase is Phase.EXCHANGE:
            self._history.append((seat, action, None))
            self._exchange(seat, action)  # type: ignore[arg-type]
        elif phase is Phase.BLIND_DISCARD:
            extra = self._blind_discard(seat, action, extra)  # type: ignore[arg-type]
            self._history.append((seat, action, extra))

    def _draw(self, seat: Seat, action: Action) -> None:
        if action is LOOK or action == Bid.BLIND_NIL:
            self.hidden[seat] = False
            if action == Bid.BLIND_NIL:
                self.declared_blind.add(seat)
            return
        assert isinstance(action, Draw)
        top, nxt = self.stock[self._stock_pos], self.stock[self._stock_pos + 1]
        self._stock_pos += 2
        kept, gone = (top, nxt) if action.keep else (nxt, top)
        self.holding[seat].append(kept)
        self.holding[seat].sort()
        self.discard_pile.append(gone)
        self.known_discards[seat].append(gone)
        self.draws.append(action.keep)
        if self._stock_pos < len(self.stock):
            self.turn = seat.partner
            return
        self.initial = {s: tuple(self.holding[s]) for s in self.seats}
        steps = [s for s in self.bid_order if s in self.declared_blind]
        if steps and self.rules.blind_nil_discards:
            self.phase = Phase.BLIND_DISCARD
            self._discard_steps = steps
            self.turn = steps[0]
        else:
            self._start_bidding()

    def _blind_discard(
        self, seat: Seat, action: Discard, received: tuple[Card, ...] | None
    ) -> tuple[Card, ...]:
        if received is None:
            # Seeded by the hand's seed, its stock and the seat, so a hand
            # loaded from a record draws the same replacements as the original.
            stock = "".join(map(str, self.stock))
            rng = random.Random(f"{self.seed}/{stock}/{seat.letter}/replacements")
            pile = sorted(self.discard_pile)
            received = tuple(sorted(rng.sample(pile, len(action.cards))))
        for card in received:
            self.discard_pile.remove(card)
        held = self.holding[seat]
        for card in action.cards:
            held.remove(card)
        held.extend(received)
        held.sort()
        self.discard_pile.extend(action.cards)
        self.blind_discards[seat] = (action.cards, received)
        self._discard_steps.pop(0)
        if self._discard_steps:
            self.turn = self._discard_steps[0]
        else:
            self._start_bidding()
        return received

    def _exchange(self, seat: Seat, action: Exchange) -> None:
        self.exchanges[seat] = action.cards
        self._exchange_steps.pop(0)
        partner = seat.partner
        if partner in self.exchanges and seat in self.exchanges:
            for giver in (seat, partner):
                for card in self.exchanges[giver]:
                    self.holding[giver].remove(card)
                self.holding[giver.partner].extend(self.exchanges[giver])
            for s in (seat, partner):
                self.holding[s].sort()
        if self._exchange_steps:
            self.turn = self._exchange_steps[0]
        else:
            self._start_play()

    # ---------------------------------------------------------------- undo
    def undo(self) -> Action:
        """Take back the last action and return it.

        >>> from spadeslib import Hand
        >>> hand = Hand(seed=1); hand.apply(3); hand.undo(); hand.bids[hand.turn]
        Bid(3)
        """
        if not self.history:
            raise SpadesError("nothing to undo: no action has been taken in this hand")
        history = self.history[:-1]
        last = self.history[-1][1]
        fresh = self._replayed(history)
        self.__dict__.update(fresh.__dict__)
        return last

    def _replayed(self, history: list[tuple[Seat, Action, Any]]) -> Hand:
        four = self.rules.players == 4
        fresh = Hand(
            self.rules,
            self.dealer,
            deal=self.initial if four else None,
            stock=None if four else self.stock,
            seed=self.seed,
            scores=self.scores,
            bags=self.bags,
            number=self.number,
        )
        for seat, action, extra in history:
            fresh._do(seat, action, extra)
        return fresh

    def clone(self) -> Hand:
        """An independent copy (cheaper than ``copy.deepcopy``)."""
        new = object.__new__(Hand)
        history = self.history  # brings the log up to date first
        d = self.__dict__.copy()
        d["holding"] = [h[:] for h in self.holding]
        d["_suits"] = [[cards[:] for cards in lists] for lists in self._suits]
        d["bids"] = self.bids[:]
        d["hidden"] = self.hidden[:]
        d["declared_blind"] = set(self.declared_blind)
        d["_history"] = history[:]
        d["exchanges"] = dict(self.exchanges)
        d["_exchange_steps"] = self._exchange_steps[:]
        d["draws"] = self.draws[:]
        d["discard_pile"] = self.discard_pile[:]
        d["known_discards"] = {s: v[:] for s, v in self.known_discards.items()}
        d["blind_discards"] = dict(self.blind_discards)
        d["_discard_steps"] = self._discard_steps[:]
        d["trick"] = self.trick[:]
        d["_done"] = self._done[:]
        d["_tricks"] = self._tricks[:]
        d["tricks_won"] = self.tricks_won[:]
        d["scores"] = dict(self.scores)
        d["bags"] = dict(self.bags)
        new.__dict__ = d
        return new

    # ------------------------------------------------------------- read-outs
    def bid_map(self) -> dict[Seat, Bid]:
        """Bids made so far, by seat."""
        return {s: b for s in self.seats if (b := self.bids[s]) is not None}

    def tricks_by_seat(self) -> dict[Seat, int]:
        """Tricks won so far, by seat."""
        return {s: self.tricks_won[s] for s in self.seats}

    def side_of(self, seat: Seat) -> str:
        """The side a seat scores for: ``"NS"``, ``"EW"``, or the seat's letter
        for two players."""
        return side_of(self.rules, seat)

    def random_action(self, rng: random.Random | None = None) -> Action:
        """A uniformly random legal action (what a move timer plays on time-out)."""
        rng = rng or random.Random()
        return rng.choice(self.legal_actions())

    def view(self, seat: Seat | str) -> Any:
        """What ``seat`` may see: a :class:`~spadeslib.view.PlayerView`."""
        from .view import PlayerView

        return PlayerView.of(self, Seat.parse(seat))

    def __str__(self) -> str:
        from .display import hand_text

        return hand_text(self)

    def __repr__(self) -> str:
        return (
            f"<Hand {self.rules.spec} dealer={self.dealer} phase={self.phase.value} "
            f"turn={self.turn} tricks={len(self.tricks)}>"
        )

    def _repr_html_(self) -> str:
        from .display import hand_html

        return hand_html(self)
