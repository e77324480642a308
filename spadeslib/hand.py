"""One hand of Spades: the state machine of :mod:`~spadeslib.hand_state`
with validated decisions, refusals that name the seat and the rule, undo,
copies and per-seat views.

>>> from spadeslib import Hand, Rules, Seat
>>> hand = Hand(Rules(), dealer=Seat.WEST, seed=7)
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

import random
from typing import Any

from . import bidding, legality
from .actions import LOOK, Action, Bid, Discard, Exchange, parse_action
from .bidding import BidSituation
from .cards import Card
from .errors import IllegalAction, SpadesError
from .hand_state import HandState
from .phase import Phase
from .rule_ids import RuleId
from .scoring import side_of
from .seats import Seat, not_playing
from .view import PlayerView

__all__ = ["Hand", "Phase"]

_PLAYING = Phase.PLAYING
# the kinds of action each phase takes (none once the hand is over)
_KINDS = {Phase.OVER: (), **legality.EXPECTED}
_PASSING = (Phase.EXCHANGE, Phase.BLIND_DISCARD)  # checked even unchecked
_playable = legality.playable
_BIDDING = Phase.BIDDING
_DRAW = Phase.DRAW
_OVER = Phase.OVER
# views are made without __init__: the eager fields, plus ``_lazy`` (the bids
# by seat, (score items, bag items, passed, received, known discards) and the
# cards left by seat), from which PlayerView.__getattr__ builds the rest
_new_view = object.__new__
_set = object.__setattr__


class Hand(HandState):
    """One deal of Spades, from the first decision to the score.

    Give a ``deal`` (seat -> 13 cards) for four players, or a ``stock`` (the
    52 shuffled cards) for two; otherwise they are shuffled from ``seed``.
    North deals unless ``dealer`` says otherwise (``None`` means North too).
    ``scores`` and ``bags`` are the running totals at the start of the hand
    (they decide who may bid blind nil under ``classic``, and the bags the
    score carries).

    Use :meth:`legal_actions`, :meth:`apply` (validated: a legal action is
    recognised at once, anything else gets a message naming the seat and the
    rule; ``check=False`` skips even that, for actions taken from
    :meth:`legal_actions`), :meth:`why_illegal`, :meth:`undo` and
    :meth:`view`. ``is_over`` is true once the thirteenth trick is scored.

    A seeded deal shuffles ``rules.deck`` as ``random.Random(seed).shuffle``
    would and deals it one card at a time from the dealer's left.

    >>> hand = Hand("classic", dealer="N", seed=4)
    >>> hand.turn, hand.legal_actions()[:3]
    (<Seat.EAST: 1>, [Bid(1), Bid(2), Bid(3)])
    >>> hand.apply(4); hand.undo(), hand.bids
    (Bid(4), {})
    """

    def legal_actions(self) -> list[Action]:
        """Every action the player to move may take now (empty when over).

        A seat that has not looked at its cards is offered its blind bids and
        :data:`~spadeslib.actions.LOOK`; :meth:`apply` also accepts an ordinary
        bid there, which looks first; and ``0`` where it is read as Nil
        (classic, yppedia, two-player): :meth:`is_legal` says yes to both.
        """
        if self._phase is _PLAYING:  # the simulations' path: no cache to fill
            seat = self._turn
            cards, _ = _playable(
                self._rules,
                self._holding[seat],  # type: ignore[index]
                self._suits[seat],  # type: ignore[index]
                self._led if self._trick else None,
                self._spades_broken,
            )
            return cards[:]  # type: ignore[return-value]  # cards are actions
        return list(self._legal if self._legal is not None else self._legal_now())

    def legal_cards(self, seat: Seat | str | None = None) -> list[Card]:
        """The cards ``seat`` (default: the player to move) could play now."""
        seat = self._turn if seat is None else Seat.parse(seat)
        if self._phase is not _PLAYING or seat != self._turn or seat is None:
            return []
        return list(self._legal_now())  # type: ignore[arg-type]

    def bid_situation(self, seat: Seat | str) -> BidSituation:
        """What the bidding rules read for ``seat``, as plain values: pass it
        to :func:`~spadeslib.bidding.legal_bids` and the other functions of
        :mod:`~spadeslib.bidding` to ask them directly.

        >>> from spadeslib import Hand, bidding
        >>> hand = Hand("classic", "N", seed=4)
        >>> bidding.legal_bids(hand.bid_situation(hand.turn))[:2]
        [Bid(1), Bid(2)]
        """
        return self._situation(Seat.parse(seat))

    def parse_action(self, action: Action | str | int) -> Action:
        """Read an action from text as the current phase expects it (see
        :func:`~spadeslib.actions.parse_action`)."""
        return parse_action(action, self._phase)

    def _coerce(self, action: Action | str | int) -> Action:
        try:
            action = parse_action(action, self._phase)
        except SpadesError:
            if self._phase is not Phase.BIDDING:
                raise
            # name the bids of this rule set only
            words = bidding.bid_words(self._rules)
            raise SpadesError(f"{action!r} is not a bid: bid {words}") from None
        if (
            isinstance(action, Bid)
            and action == Bid(0)
            and not self._rules.numeric_zero
            and self._rules.nil
        ):
            return Bid.NIL
        return action

    def check(
        self, action: Action | str | int, seat: Seat | str | None = None
    ) -> IllegalAction | None:
        """The :class:`IllegalAction` that :meth:`apply` would raise, or ``None``."""
        if seat is None or seat is self._turn:
            legal = self._legal if self._legal is not None else self._legal_now()
            if action in legal:
                return None
        return self._checked(action, seat)[0]

    def _checked(
        self, action: Action | str | int, seat: Seat | str | None
    ) -> tuple[IllegalAction | None, Any]:
        """``(error or None, the action read from the input)``."""
        mover = self._turn
        if seat is not None:
            try:
                seat = Seat.parse(seat)
            except SpadesError as error:
                try:  # what it would do, for the message
                    tried = legality.describe(self._coerce(action))
                except (SpadesError, TypeError, ValueError):
                    tried = ""
                said = f"cannot {tried} as {error}" if tried else str(error)
                return IllegalAction(
                    said, seat=None, action=action, rule=RuleId.UNREADABLE
                ), action
        try:
            action = self._coerce(action)
        except SpadesError as error:
            who = mover.full if mover is not None else "Nobody"
            return IllegalAction(
                f"{who}: {error}", seat=mover, action=action, rule=RuleId.UNREADABLE
            ), action
        if seat is not None:
            seat = Seat.parse(seat)
            if seat != mover:
                what = legality.describe(action)
                if seat not in self.seats:  # East or West, with two players
                    players = " and ".join(s.full for s in self.seats)
                    msg = (
                        f"{seat.full} has no seat in a two-player game: "
                        f"{players} play it"
                    )
                elif mover is None:
                    msg = f"the hand is over: {seat.full} cannot {what}"
                else:
                    msg = (
                        f"{seat.full} cannot {what} now: it is {mover.full}'s turn "
                        f"to {legality.verb(self._phase)}"
                    )
                return IllegalAction(
                    msg, seat=seat, action=action, rule=RuleId.NOT_YOUR_TURN
                ), action
        if mover is None:
            return IllegalAction(
                f"the hand is over: nobody can {legality.describe(action)}",
                action=action,
                rule=RuleId.HAND_OVER,
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
        """Whether :meth:`apply` would accept ``action`` (more than
        :meth:`legal_actions` lists: see there).

        >>> hand = Hand(dealer="N", seed=1)  # East: a number bid looks first
        >>> hand.legal_actions(), hand.is_legal(2)
        ([Bid.BLIND_NIL, LOOK], True)
        """
        return self.check(action, seat) is None

    def _refuse(self, seat: Seat, action: Action) -> tuple[RuleId, str] | None:
        phase = self._phase
        rules = self._rules
        if not isinstance(action, legality.EXPECTED[phase]):
            name = seat.full
            return (
                RuleId.WRONG_PHASE,
                f"{name} cannot {legality.describe(action)} now: the hand is "
                f"in the {phase.value.replace('_', ' ')} phase and it is {name}'s "
                f"turn to {legality.verb(phase)}",
            )
        if phase is _PLAYING:
            assert isinstance(action, Card)
            return legality.refuse_card(
                rules,
                seat,
                action,
                self._holding[seat],
                self._suits[seat],
                self._led if self._trick else None,
                self._spades_broken,
                len(self._done),
            )
        if phase is _BIDDING:
            if action is LOOK:
                return bidding.look_refusal(self._situation(seat))
            assert isinstance(action, Bid)
            return bidding.refuse_bid(self._situation(seat), action)
        if phase is Phase.DRAW:
            return legality.refuse_draw(seat, action, self.hidden[seat])  # type: ignore[arg-type]
        held = self._holding[seat]
        if phase is Phase.EXCHANGE:
            assert isinstance(action, Exchange)
            return legality.refuse_cards(
                seat,
                action.cards,
                held,
                rules.exchange,
                rules.exchange,
                RuleId.EXCHANGE,
            )
        assert isinstance(action, Discard)
        return legality.refuse_cards(
            seat, action.cards, held, 0, rules.blind_nil_discards, RuleId.BLIND_DISCARD
        )

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
        unchanged, if the rules forbid it. ``check=False`` skips validation,
        for actions taken from :meth:`legal_actions`: text is still read (an
        action object is taken as given), a seat named, a card played and not
        held, or a kind of action the phase does not take still refused, and
        cards passed (an exchange, a blind discard) always checked.

        >>> hand = Hand("classic", dealer="N", seed=5)
        >>> hand.apply(4); hand.apply("nil"); hand.bids
        {<Seat.EAST: 1>: Bid(4), <Seat.SOUTH: 2>: Bid.NIL}
        >>> hand.apply(2, seat="N")
        Traceback (most recent call last):
        spadeslib.errors.IllegalAction: North cannot bid 2 now: it is West's turn to bid
        """
        if not check and self._phase is _PLAYING:  # the simulations' path
            if action.__class__ is not Card or seat is not None:
                action = self._unchecked(action, seat)
            self._play(action)  # type: ignore[arg-type]
            return
        if check or self._phase in _PASSING:
            legal = self._legal if self._legal is not None else self._legal_now()
            if action not in legal or (seat is not None and seat is not self._turn):
                error, action = self._checked(action, seat)
                if error is not None:
                    raise error
        elif seat is not None or action.__class__ not in _KINDS[self._phase]:
            action = self._unchecked(action, seat)
        if self._phase is _PLAYING:
            self._play(action)  # type: ignore[arg-type]
        else:
            self._do(self._turn, action, None)  # type: ignore[arg-type]

    def _unchecked(self, action: Action | str | int, seat: Seat | str | None) -> Action:
        """``action`` read for ``apply(check=False)`` as the checked path
        reads it (text, a seat named); refused if unreadable, not the seat
        to move's, of another phase's kind, or after the end."""
        read: Action | None
        try:
            read = self._coerce(action)
            mover = self._turn if seat is None else Seat.parse(seat)
        except SpadesError:
            read = mover = None
        if (
            read is None
            or mover is None
            or mover is not self._turn
            or (read.__class__ not in _KINDS[self._phase])
        ):
            error, _ = self._checked(action, seat)
            assert error is not None
            raise error
        return read

    def apply_discard(
        self, action: Discard | str, received: tuple[Card, ...] | list[Card]
    ) -> None:
        """Take a two-player blind-nil discard whose replacements are known
        (read from a record), instead of drawing them from the seed.

        Raises :class:`IllegalAction`, leaving the hand unchanged, if the
        discard is illegal or ``received`` is not as many different cards
        from the discard pile as were thrown."""
        error, checked = self._checked(action, None)
        if error is not None:
            raise error
        assert isinstance(checked, Discard) and self._turn is not None
        got = tuple(sorted(received))
        problem = legality.replacement_problem(got, checked.cards, self.discard_pile)
        if problem is not None:
            raise IllegalAction(
                f"{self._turn.full} must receive {len(checked.cards)} different "
                f"cards from the discard pile, not the ones just thrown: {problem}",
                seat=self._turn,
                action=checked,
                rule=RuleId.BLIND_DISCARD,
            )
        self._do(self._turn, checked, got)

    # ---------------------------------------------------------------- undo
    def undo(self) -> Action:
        """Take back the last action and return it.

        >>> from spadeslib import Hand
        >>> hand = Hand(seed=1); first = hand.turn; hand.apply(3)
        >>> hand.undo(), hand.turn == first, hand.bids.get(first)
        (Bid(3), True, None)
        """
        log = self._log()
        if not log:
            raise SpadesError("nothing to undo: no action has been taken in this hand")
        if self.is_over and self._on_over is not None:
            raise SpadesError(
                f"hand {self.number} is over and scored by its game: take its "
                "last card back with game.undo()"
            )
        history = log[:-1]
        last = log[-1][1]
        fresh = self._replayed(history)
        owner = self._on_over  # the game that dealt it still scores its end
        self.__dict__.update(fresh.__dict__)
        self._on_over = owner
        return last

    def at_deal(self) -> Hand:
        """A new hand as this one was dealt, before any action (same rules,
        dealer, cards, stock, scores and bags): applying :attr:`history` to
        it brings it back here.

        >>> from spadeslib import Hand
        >>> hand = Hand(seed=1); hand.apply(3)
        >>> start = hand.at_deal()
        >>> start.history, start.turn == Hand(seed=1).turn, len(hand.history)
        ([], True, 1)
        """
        return self._replayed([])

    def _replayed(self, history: list[tuple[Seat, Action, Any]]) -> Hand:
        four = self._rules.players == 4
        fresh = Hand(
            self._rules,
            self._dealer,
            deal=self.initial if four else None,
            stock=None if four else self.stock,
            seed=self.seed,
            scores=self._scores,
            bags=self._bags,
            number=self.number,
        )
        for seat, action, extra in history:
            fresh._do(seat, action, extra)
        return fresh

    def clone(self) -> Hand:
        """An independent copy (cheaper than ``copy.deepcopy``)."""
        new = object.__new__(type(self))
        history = self._log()  # brings the log up to date first
        d = self.__dict__.copy()
        d["_holding"] = [h[:] for h in self._holding]
        d["_suits"] = [[cards[:] for cards in lists] for lists in self._suits]
        d["_bids"] = self._bids[:]
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
        d["_trick"] = self._trick[:]
        d["_tricks_won"] = self._tricks_won[:]
        d["_scores"] = dict(self._scores)
        d["_bags"] = dict(self._bags)
        d["_bases"] = {}
        d["_on_over"] = None  # a copy is nobody's hand: its end scores nothing
        new.__dict__ = d
        return new

    # ------------------------------------------------------------- read-outs
    def side_of(self, seat: Seat | str) -> str:
        """The side a seat scores for: ``"NS"``, ``"EW"``, or the seat's letter
        for two players.

        >>> Hand(seed=1).side_of("E")
        'EW'
        """
        return side_of(self._rules, seat)  # it refuses a seat not at the table

    def _playing(self, seat: Seat | str) -> Seat:
        """``seat`` read, and refused when it has no place in this game (East
        and West in a two-player game)."""
        if seat.__class__ is not Seat:
            seat = Seat.parse(seat)
        if seat not in self.seats:
            raise not_playing(seat, self.seats)
        return seat

    def random_action(self, rng: random.Random | None = None) -> Action:
        """A uniformly random legal action (what a move timer plays on time-out)."""
        if rng is None:
            rng = random.Random()
        elif not isinstance(rng, random.Random):
            raise SpadesError(
                f"random_action takes a random.Random (such as random.Random(7)),"
                f" not {rng!r}"
            )
        return rng.choice(self.legal_actions())

    # ----------------------------------------------------------------- views
    def view(self, seat: Seat | str) -> PlayerView:
        """What ``seat`` may see: a :class:`~spadeslib.view.PlayerView`.

        A snapshot, cheap to make: the hand shares its immutable pieces with
        it, and the view holds nothing the seat may not see.

        >>> hand = Hand("classic", dealer="N", seed=5)
        >>> east, south = hand.view("E"), hand.view("S")
        >>> len(east.holding), east.legal[:2], east.legal[-1]  # East bids first
        (13, (Bid(1), Bid(2)), Bid.NIL)
        >>> south.legal  # not South's turn: no legal action
        ()
        """
        if not isinstance(seat, Seat):
            seat = Seat.parse(seat)
        base = self._bases.get(seat)
        if base is None:
            base = self._view_base(seat)
        turn = self._turn
        phase = self._phase
        if turn is seat:
            legal = self._legal
            if legal is None:
                legal = self._legal_now()
        else:
            legal = ()
        playing = phase is _PLAYING or phase is _OVER
        drawn = None
        if phase is _DRAW and turn is seat and not self.hidden[seat]:
            drawn = self.stock[self._stock_pos]
        view = _new_view(PlayerView)
        _set(
            view,
            "__dict__",
            {
                "rules": self._rules,
                "seat": seat,
                "seats": self.seats,
                "dealer": self._dealer,
                "number": self.number,
                "phase": phase,
                "turn": turn,
                "holding": None if self.hidden[seat] else tuple(self._holding[seat]),
                "legal": legal,
                "bid_order": self.bid_order,
                "trick": tuple(self._trick),
                "tricks": self._done,
                "spades_broken": self._spades_broken,
                "drawn": drawn,
                "declared_blind": base[0],
                "_lazy": (
                    self._bids_t,
                    base[1],
                    None if playing else tuple(map(len, self._holding)),
                ),
            },
        )
        return view

    def _view_base(self, seat: Seat) -> tuple[tuple[Seat, ...], tuple[Any, ...]]:
        """The parts of ``seat``'s view that change only with the draw, the
        exchange or blind discards: the seats that declared Blind Nil, and
        ``(scores, bags, passed, received, known discards)``."""
        self._playing(seat)
        passed = self.exchanges.get(seat, ())
        partner_passed = self.exchanges.get(seat.partner, ())
        swapped = bool(passed) and bool(partner_passed)
        known = list(self.known_discards.get(seat, ()))
        if seat in self.blind_discards:
            thrown, drawn = self.blind_discards[seat]
            # the cards it drew back from the pile are in its hand again
            known = [c for c in known if c not in drawn] + list(thrown)
        private = (
            tuple(self._scores.items()),
            tuple(self._bags.items()),
            passed,
            partner_passed if swapped else (),
            tuple(known),
        )
        declared = tuple(s for s in self.seats if s in self.declared_blind)
        base = self._bases[seat] = (declared, private)
        return base

    def __str__(self) -> str:
        from .display import hand_text

        return hand_text(self)

    def __repr__(self) -> str:
        return (
            f"<Hand {self._rules.full_spec} dealer={self._dealer} "
            f"phase={self._phase.value} "
            f"turn={self._turn} tricks={len(self.tricks)}>"
        )

    def _repr_html_(self) -> str:
        from .display import hand_html

        return hand_html(self)
