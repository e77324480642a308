"""The state machine of one hand: the state, and the transitions that move
it on (deal or draw, bids, exchange, tricks, scoring).

:class:`HandState` takes decisions known to be legal; :class:`~spadeslib.hand.Hand`
builds on it with validation, undo and views. What is legal comes from
:mod:`~spadeslib.legality` and :mod:`~spadeslib.bidding`, the deal from
:mod:`~spadeslib.dealing` and the score from :mod:`~spadeslib.scoring`: all
functions of the rules and plain values, which never see a hand.

>>> from spadeslib import Rules, Seat
>>> state = HandState(Rules(), Seat.WEST, seed=7)
>>> state.phase, state.turn, state._legal_now()[:3]
(<Phase.BIDDING: 'bidding'>, <Seat.NORTH: 0>, (Bid.BLIND_NIL, LOOK))
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from . import bidding, dealing, legality
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
)
from .bidding import BidSituation
from .cards import FULL_DECK, JOKERS, Card
from .errors import IllegalAction, SpadesError
from .phase import Phase
from .rules import Rules
from .scoring import SideScore, score_hand, starting_totals
from .seats import Seat
from .tricks import Trick

__all__ = ["HandState"]

_SPADES = 3
_PLAYING = Phase.PLAYING
_BIDDING = Phase.BIDDING
_OVER = Phase.OVER
_N, _E, _S, _W = Seat
_NUMBER = BidKind.NUMBER
_NIL = BidKind.NIL
_new = object.__new__
_playable = legality.playable
_set = object.__setattr__
# One shared ``(seat, card)`` pair for each seat and card index: a trick's
# plays are built from these, so a finished hand keeps no pairs of its own.
_PAIRS: tuple[tuple[tuple[Seat, Card], ...], ...] = tuple(
    tuple((seat, card) for card in (*FULL_DECK, *JOKERS)) for seat in Seat
)


class HandState:
    """The state of one hand and the transitions that move it on.

    :class:`~spadeslib.hand.Hand` adds the validated entry points, undo and
    views; simulations and people use the same state machine.

    A two-player hand starts with the stock, before anyone holds a card:

    >>> state = HandState("two-player", "S", seed=7)
    >>> state.phase, state.turn, len(state.stock), state.holding[Seat.SOUTH]
    (<Phase.DRAW: 'draw'>, <Seat.SOUTH: 2>, 52, ())
    """

    def __init__(
        self,
        rules: Rules | str | None = None,
        dealer: Seat | str | None = Seat.NORTH,
        *,
        deal: Mapping[Any, Iterable[Card | str] | str] | None = None,  # Seat or "N"
        stock: Sequence[Card | str] | None = None,
        seed: int | str | None = None,
        scores: Mapping[str, int] | None = None,
        bags: Mapping[str, int] | None = None,
        number: int = 1,
    ) -> None:
        if rules.__class__ is not Rules:
            rules = Rules.parse("cards4net" if rules is None else rules)
        self._rules = rules
        if dealer.__class__ is not Seat:
            dealer = _N if dealer is None else Seat.parse(dealer)
        self._dealer = dealer
        four = rules.players == 4
        if not four and dealer is not _N and dealer is not _S:
            raise SpadesError("two-player games use the seats North and South")
        if number.__class__ is not int or number < 1:
            raise SpadesError(
                f"a hand's number is a whole number from 1, not {number!r}"
            )
        self.number = number
        self.seed = seed
        self.seats: tuple[Seat, ...] = rules._seats
        self._scores = starting_totals(rules, "scores", scores)
        self._bags = starting_totals(rules, "bags", bags)
        self._bids: list[Bid | None] = [None, None, None, None]
        self.hidden: list[bool] = [False, False, False, False]
        self.declared_blind: set[Seat] = set()
        self.bid_count = 0
        self.bid_order: tuple[Seat, ...] = rules._bid_orders[dealer]  # type: ignore[assignment]
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
        self._trick: list[tuple[Seat, Card]] = []
        # the finished tricks: a tuple, replaced (never changed) as tricks
        # end, so views share it
        self._done: tuple[Trick, ...] = ()
        self._tricks_won: list[int] = [0, 0, 0, 0]
        self._spades_broken = False
        self._result: dict[str, SideScore] | None = None
        self._turn: Seat | None = None
        # the game that dealt the hand, told when it ends (Game sets it)
        self._on_over: Callable[[Any], None] | None = None
        # play-phase state: cards by the suit they follow as, the suit led,
        # and the best card of the trick so far
        self._suits: list[list[list[Card]]] = []
        self._led = 0
        self._best = 0
        self._best_seat: Seat = dealer
        self._suit_of = rules._suit_of
        self._power = rules._power
        self._next = rules._next_seat
        self._size = len(self.seats)
        # caches for views and checks, dropped whenever the state moves on
        self._legal: tuple[Action, ...] | None = None
        #: per seat, the parts of its view that change only with the draw, the
        #: exchange or blind discards (see ``Hand._view_base``)
        self._bases: dict[Seat, tuple[tuple[Seat, ...], tuple[Any, ...]]] = {}
        self._bids_t: tuple[Bid | None, ...] = (None, None, None, None)

        if four:
            if stock is not None:
                raise SpadesError(
                    f"a {rules.players}-player hand is dealt, not drawn: give deal=, "
                    "not stock= (a stock is the two-player preset's)"
                )
            if deal is None:
                self._holding, self._suits = dealing.shuffled_deal(
                    rules, dealer, dealing.generator(seed)
                )
            else:
                cards = dealing.read_deal(rules, deal)
                self._holding = [sorted(cards.get(s, ())) for s in Seat]
            h = self._holding
            self.initial = {_N: tuple(h[0]), _E: tuple(h[1]), _S: tuple(h[2]),
                            _W: tuple(h[3])}  # fmt: skip
            self._start_bidding()
        else:
            if deal is not None:
                raise SpadesError("two-player hands start from a stock, not a deal")
            self._holding = [[], [], [], []]
            self.stock = (
                dealing.read_stock(rules, stock)
                if stock is not None
                else dealing.shuffled_stock(rules, dealing.generator(seed))
            )
            self.initial = {}
            self._phase = Phase.DRAW
            self._turn = dealer
            for seat in self.seats:
                self.hidden[seat] = bidding.may_go_blind(
                    rules, seat, self.bid_order, self._scores
                )

    # ------------------------------------------------------------ transitions
    def _situation(self, seat: Seat) -> BidSituation:
        """The plain values the bidding rules read, for ``seat``."""
        return BidSituation(
            self._rules,
            seat,
            self.bid_order,
            self._bids,
            self.bid_count,
            self._holding[seat],
            self._scores,
            self.hidden[seat],
            seat in self.declared_blind,
        )

    def _start_bidding(self) -> None:
        self._phase = _BIDDING
        rules = self._rules
        if rules.players == 4 and (rules.blind_seven or rules.nil):
            if rules.blind_seven:
                self.hidden = [True, True, True, True]
            elif rules.blind_nil == "first_bidder":
                self.hidden[self.bid_order[0]] = True
            elif rules.blind_nil != "none":
                for seat in self.seats:
                    self.hidden[seat] = bidding.may_go_blind(
                        rules, seat, self.bid_order, self._scores
                    )
        self._set_bid_turn(self.bid_order[0])

    def _set_bid_turn(self, seat: Seat) -> None:
        self._turn = seat
        if self.hidden[seat]:
            situation = self._situation(seat)
            if not bidding.blind_options(situation) and not bidding.forced_bids(
                situation
            ):
                self.hidden[seat] = False

    def _team_looked(self, seat: Seat) -> None:
        """Once a partner has looked, the team cannot bid Blind Seven: the
        other partner may look too."""
        if self._rules.blind_seven and self._rules.players == 4:
            partner = seat.partner
            if self._bids[partner] is None:
                self.hidden[partner] = False

    def _after_bidding(self) -> None:
        self.hidden = [False, False, False, False]
        steps: list[Seat] = []
        if self._rules.exchange:
            for seat in self.bid_order:
                bid = self._bids[seat]
                if (
                    bid == Bid.BLIND_NIL
                    and seat not in steps
                    and seat.partner not in steps
                ):
                    steps += [seat, seat.partner]
        if steps:
            self._phase = Phase.EXCHANGE
            self._exchange_steps = steps
            self._turn = steps[0]
        else:
            self._start_play()

    def _start_play(self) -> None:
        self._phase = _PLAYING
        self._turn = self._rules._first_leaders[self._dealer]
        if self._suits and not self.exchanges:
            return  # sorted by suit when dealt, and unchanged since
        suits: list[list[list[Card]]] = [[], [], [], []]
        for seat in self.seats:
            suits[seat] = legality.split_by_suit(self._rules, self._holding[seat])
        self._suits = suits

    @property
    def history(self) -> list[tuple[Seat, Action, Any]]:
        """Every action taken, in order, as ``(seat, action, extra)``; ``extra``
        holds the cards a two-player blind-nil discard drew, else ``None``.
        A copy: changing it changes nothing in the hand."""
        return list(self._log())

    def _log(self) -> list[tuple[Seat, Action, Any]]:
        """The hand's own log, brought up to date (not a copy)."""
        log = self._history
        plays = len(self._done) * self._size + len(self._trick)
        if self._logged < plays:
            cards = [play for trick in self._done for play in trick.plays]
            cards += self._trick
            log.extend([(s, c, None) for s, c in cards[self._logged :]])
            self._logged = plays
        return log

    # read-only: the hand's own transitions set the private fields
    @property
    def rules(self) -> Rules:
        """The rules the hand is played under."""
        return self._rules

    @property
    def dealer(self) -> Seat:
        """The seat that dealt."""
        return self._dealer

    @property
    def turn(self) -> Seat | None:
        """The seat to act, or ``None`` once the hand is over."""
        return self._turn

    @property
    def phase(self) -> Phase:
        """Where the hand is: drawing, bidding, passing, playing or over."""
        return self._phase

    @property
    def spades_broken(self) -> bool:
        """Whether a spade has been played (and may now be led)."""
        return self._spades_broken

    @property
    def trick(self) -> tuple[tuple[Seat, Card], ...]:
        """The trick being played, as ``(seat, card)`` plays (a tuple)."""
        return tuple(self._trick)

    @property
    def is_over(self) -> bool:
        """Whether the thirteenth trick has been played and scored."""
        return self._phase is _OVER

    @property
    def scores(self) -> dict[str, int]:
        """Each side's total at the start of the hand (a new dict)."""
        return dict(self._scores)

    @property
    def bags(self) -> dict[str, int]:
        """Each side's bags at the start of the hand (a new dict)."""
        return dict(self._bags)

    @property
    def result(self) -> dict[str, SideScore] | None:
        """The score of each side once the hand is over (a new dict), else
        ``None``."""
        return None if self._result is None else dict(self._result)

    @property
    def holding(self) -> dict[Seat, tuple[Card, ...]]:
        """The cards each seat in play holds now, sorted: a new mapping of
        tuples (the shape of :attr:`initial`), so changing it changes nothing
        in the hand."""
        held = self._holding
        return {s: tuple(held[s]) for s in self.seats}

    @property
    def bids(self) -> dict[Seat, Bid]:
        """The bids made so far, by seat (a seat that has not bid is missing:
        ``hand.bids.get(seat)`` is ``None``). A new dict, as a view's."""
        return {s: b for s in self.seats if (b := self._bids[s]) is not None}

    @property
    def tricks_won(self) -> dict[Seat, int]:
        """The tricks each seat in play has won so far (a new dict, as a
        view's)."""
        won = self._tricks_won
        return {s: won[s] for s in self.seats}

    @property
    def tricks(self) -> list[Trick]:
        """The finished tricks, in order (a new list)."""
        return list(self._done)

    # ------------------------------------------------------------ legal moves
    def _legal_now(self) -> tuple[Action, ...]:
        """The legal actions as a tuple, worked out once per state."""
        legal = self._legal
        if legal is not None:
            return legal
        seat = self._turn
        phase = self._phase
        if phase is _PLAYING:
            cards, _ = _playable(
                self._rules,
                self._holding[seat],  # type: ignore[index]
                self._suits[seat],  # type: ignore[index]
                self._led if self._trick else None,
                self._spades_broken,
            )
            legal = tuple(cards)
        elif seat is None:
            legal = ()
        elif phase is _BIDDING:
            situation = self._situation(seat)
            if self.hidden[seat]:
                forced = bidding.forced_bids(situation)
                legal = tuple(forced) or (*bidding.blind_options(situation), LOOK)
            else:
                legal = tuple(bidding.legal_bids(situation))
        elif phase is Phase.DRAW:
            legal = (Bid.BLIND_NIL, LOOK) if self.hidden[seat] else (KEEP, TAKE_NEXT)
        elif phase is Phase.EXCHANGE:
            legal = tuple(
                Exchange(c)
                for c in itertools.combinations(
                    self._holding[seat], self._rules.exchange
                )
            )
        else:
            held = self._holding[seat]
            legal = tuple(
                Discard(c)
                for n in range(self._rules.blind_nil_discards + 1)
                for c in itertools.combinations(held, n)
            )
        self._legal = legal
        return legal

    # ----------------------------------------------------------- transitions
    def _play(self, card: Card) -> None:
        """Play ``card`` for the seat to move (it must be legal; one it does
        not hold is refused, leaving the hand as it was)."""
        seat: Seat = self._turn  # type: ignore[assignment]
        index = card.index
        suit = self._suit_of[index]
        # The holding is the suit lists end to end: delete at the same place
        # (a search of the short suit list only; equality is a Python call).
        suits = self._suits[seat]
        cards = suits[suit]
        try:
            where = cards.index(card)
        except ValueError:
            refused = legality.refuse_card(
                self._rules, seat, card, self._holding[seat], suits, None, True, 0
            )
            assert refused is not None  # a card not held is always refused
            rule, why = refused
            raise IllegalAction(why, seat=seat, action=card, rule=rule) from None
        self._legal = None
        del cards[where]
        if suit:
            where += len(suits[0])
            if suit > 1:
                where += len(suits[1])
                if suit > 2:
                    where += len(suits[2])
        del self._holding[seat][where]
        trick = self._trick
        trick.append(_PAIRS[seat][index])
        # The winner so far: trumps have power >= 100, cards of the suit led
        # their rank; other cards cannot win.
        if len(trick) == 1:
            self._led = suit
            self._best = self._power[index]
            self._best_seat = seat
            if suit == _SPADES:
                self._spades_broken = True
            self._turn = self._next[seat]
            return
        if suit == _SPADES:
            self._spades_broken = True
            power = self._power[index]
            if power > self._best:
                self._best = power
                self._best_seat = seat
        elif suit == self._led:
            power = self._power[index]
            if power > self._best:
                self._best = power
                self._best_seat = seat
        if len(trick) < self._size:
            self._turn = self._next[seat]
            return
        winner = self._best_seat
        finished = _new(Trick)
        _set(finished, "leader", trick[0][0])
        _set(finished, "plays", tuple(trick))
        _set(finished, "winner", winner)
        done = self._done = (*self._done, finished)
        self._tricks_won[winner] += 1
        self._trick = []
        if len(done) < 13:
            self._turn = winner
            return
        self._phase = _OVER
        self._turn = None
        # a finished hand drops its working lists and caches: a long game
        # keeps every hand, and fewer objects keep the collector's work flat
        self._suits = []
        self._bases = {}
        self._legal = ()
        # lists indexed by seat serve as the bid and trick mappings
        self._result = score_hand(
            self._rules,
            self._bids,
            self._tricks_won,
            self._bags,
        )
        if self._on_over is not None:  # a game's hand: the game scores it,
            self._on_over(self)  # whichever object the last card was played on

    def _do(self, seat: Seat, action: Action, extra: Any) -> None:
        """Take a legal ``action`` for ``seat`` (the seat to move); ``extra``
        is the cards a two-player blind-nil discard draws, when known."""
        phase = self._phase
        if phase is _PLAYING:
            assert seat == self._turn
            self._play(action)  # type: ignore[arg-type]
            return
        self._legal = None
        # each step is logged once taken: one that fails is not in the log
        if phase is _BIDDING:
            if action is LOOK:
                self.hidden[seat] = False
                if self._rules.blind_seven:
                    self._team_looked(seat)
                self._history.append((seat, action, None))
                return
            if action.kind is _NUMBER or action.kind is _NIL:  # type: ignore[union-attr]
                self.hidden[seat] = False
                if self._rules.blind_seven:
                    self._team_looked(seat)
            self._bids[seat] = action  # type: ignore[assignment]  # a Bid here
            self._bids_t = tuple(self._bids)
            self._history.append((seat, action, None))
            count = self.bid_count = self.bid_count + 1
            if count == self._size:
                self._after_bidding()
            else:
                seat = self._turn = self.bid_order[count]
                if self.hidden[seat]:
                    self._set_bid_turn(seat)
        else:
            # what a seat learns privately changes only in these phases
            self._bases = {}
        if phase is Phase.DRAW:
            self._draw(seat, action)
            self._history.append((seat, action, None))
        elif phase is Phase.EXCHANGE:
            self._exchange(seat, action)  # type: ignore[arg-type]
            self._history.append((seat, action, None))
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
        self._holding[seat].append(kept)
        self._holding[seat].sort()
        self.discard_pile.append(gone)
        self.known_discards[seat].append(gone)
        self.draws.append(action.keep)
        if self._stock_pos < len(self.stock):
            self._turn = seat.partner
            return
        self.initial = {s: tuple(self._holding[s]) for s in self.seats}
        steps = [s for s in self.bid_order if s in self.declared_blind]
        if steps and self._rules.blind_nil_discards:
            self._phase = Phase.BLIND_DISCARD
            self._discard_steps = steps
            self._turn = steps[0]
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
        held = self._holding[seat]
        for card in action.cards:
            held.remove(card)
        held.extend(received)
        held.sort()
        self.discard_pile.extend(action.cards)
        self.blind_discards[seat] = (action.cards, received)
        self._discard_steps.pop(0)
        if self._discard_steps:
            self._turn = self._discard_steps[0]
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
                    self._holding[giver].remove(card)
                self._holding[giver.partner].extend(self.exchanges[giver])
            for s in (seat, partner):
                self._holding[s].sort()
        if self._exchange_steps:
            self._turn = self._exchange_steps[0]
        else:
            self._start_play()
