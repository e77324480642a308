"""A play-phase position with every card visible: what the exact solver reads.

A :class:`Position` is built from a :class:`~spadeslib.Hand` (every seat's
cards, read through each seat's public view) or from one seat's
:class:`~spadeslib.PlayerView` plus an assumed holding for every seat (a
world sampled by a coach). It holds only what decides the rest of the hand:
the rules, the cards left, the trick on the table, who is to move, the tricks
won, whether spades are broken, the bids, and the bags and running scores
carried in.

>>> from spadeslib import Hand
>>> hand = Hand(seed=3)
>>> for bid in (3, 4, 3, 2): hand.apply(bid)
>>> pos = Position.from_hand(hand)
>>> pos.turn, pos.cards_left, len(pos.legal_cards()) > 0
(<Seat.EAST: 1>, 52, True)
>>> after = pos.play(pos.legal_cards()[0])
>>> after.cards_left, len(after.trick)
(51, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .. import legality
from ..actions import Bid
from ..cards import Card, Suit
from ..errors import IllegalAction, SpadesError
from ..rules import Rules
from ..scoring import side_of
from ..seats import Seat
from ..tricks import _winner

if TYPE_CHECKING:
    from ..hand import Hand
    from ..view import PlayerView

__all__ = ["Position"]

_SPADES = int(Suit.SPADES)


@dataclass(frozen=True)
class Position:
    """The rest of a hand's play with every card known.

    ``hands`` maps each playing seat to its remaining cards; ``trick`` is the
    unfinished trick (seat, card) in play order; ``tricks_won`` counts the
    finished tricks by seat; ``bids`` and ``bags`` (carried in, by side) are
    what :func:`~spadeslib.score_hand` needs to score the end of the hand;
    ``scores`` (the running scores carried in, by side) are read only by a
    :class:`~spadeslib.analysis.Solver` that values the end of the game.
    Seats may be given as letters (``"N"``); they are stored as :class:`Seat`.

    >>> pos = Position(Rules(), {Seat.NORTH: Card.parse_many("AC 2H"),
    ...     Seat.EAST: Card.parse_many("KC QH"), Seat.SOUTH: Card.parse_many("AH 3D"),
    ...     Seat.WEST: Card.parse_many("4D 5D")}, turn=Seat.NORTH)
    >>> pos.tricks_left, pos.legal_cards(), pos.play("2H").legal_cards()
    (2, [Card.parse('AC'), Card.parse('2H')], [Card.parse('QH')])
    """

    rules: Rules
    hands: Mapping[Seat, tuple[Card, ...]]
    turn: Seat
    trick: tuple[tuple[Seat, Card], ...] = ()
    tricks_won: Mapping[Seat, int] = field(default_factory=dict)
    spades_broken: bool = False
    bids: Mapping[Seat, Bid] = field(default_factory=dict)
    bags: Mapping[str, int] = field(default_factory=dict)
    scores: Mapping[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        seats = self.seats
        given = {Seat.parse(s): cards for s, cards in self.hands.items()}
        won = {Seat.parse(s): n for s, n in self.tricks_won.items()}
        in_trick = [Seat.parse(s) for s, _ in self.trick]
        bid = [Seat.parse(s) for s in self.bids]
        for seat in (*given, *won, *in_trick, *bid):
            if seat not in seats:
                raise SpadesError(f"{seat.full} does not play in this game")
        if len(set(in_trick)) < len(in_trick):
            raise SpadesError("a seat plays twice to the trick")
        hands = {s: tuple(sorted(given.get(s, ()))) for s in seats}
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "tricks_won", {s: int(won.get(s, 0)) for s in seats})
        object.__setattr__(self, "turn", Seat.parse(self.turn))
        object.__setattr__(
            self, "trick", tuple((Seat.parse(s), c) for s, c in self.trick)
        )
        object.__setattr__(
            self, "bids", {Seat.parse(s): b for s, b in self.bids.items()}
        )
        if self.turn not in seats:
            raise SpadesError(f"{self.turn.full} does not play in this game")
        seen: set[Card] = set()
        in_deck = self.rules._in_deck
        for seat, cards in (*hands.items(), *((s, (c,)) for s, c in self.trick)):
            for card in cards:
                if card in seen:
                    raise SpadesError(f"the {card.name} appears twice ({seat.full})")
                if not in_deck >> card.index & 1:  # not in this rule set's deck
                    raise SpadesError(
                        f"{seat.full}'s {card.symbol} is not in the "
                        f"{self.rules.full_spec} deck"
                    )
                seen.add(card)
        played = {s for s, _ in self.trick}
        size = len(hands[self.turn])
        if self.turn in played or any(
            len(hands[s]) != size - (s in played) for s in seats
        ):
            raise SpadesError(
                "every seat must hold as many cards as the player to move, less "
                "one for those who already played to the trick: "
                + ", ".join(f"{s.full} {len(hands[s])}" for s in seats)
            )

    # ---------------------------------------------------------- construction
    @classmethod
    def from_hand(cls, hand: Hand) -> Position:
        """Every seat's cards and the public state of a hand in its play phase
        (read from each seat's :meth:`~spadeslib.Hand.view`)."""
        turn = getattr(hand, "turn", None)
        view = hand.view(turn) if turn is not None else None
        if view is None or view.phase.value != "playing":
            raise SpadesError("the hand is not in the playing phase")
        hands = {s: tuple(hand.view(s).holding or ()) for s in view.seats}
        return cls.from_view(view, hands)

    @classmethod
    def from_view(
        cls, view: PlayerView, hands: Mapping[Any, Iterable[Card | str]]
    ) -> Position:
        """The position a seat's view describes, with ``hands`` as every
        seat's remaining cards (the coach's sampled world; the viewer's own
        cards are in the view and may be omitted)."""
        v = view  # a PlayerView; typed loosely to keep the core import-light
        if v.phase.value != "playing" or v.turn is None:
            raise SpadesError("the hand is not in the playing phase")
        cards = {Seat.parse(s): tuple(Card.parse_many(c)) for s, c in hands.items()}
        if v.holding is not None:
            cards.setdefault(v.seat, tuple(v.holding))
        return cls(
            rules=v.rules,
            hands=cards,
            turn=v.turn,
            trick=tuple(v.trick),
            tricks_won=dict(v.tricks_won),
            spades_broken=bool(v.spades_broken),
            bids=dict(v.bids),
            bags=dict(v.bags),
            scores=dict(v.scores),
        )

    # ------------------------------------------------------------ read-outs
    @property
    def seats(self) -> tuple[Seat, ...]:
        """The playing seats, in seat order."""
        return self.rules.seats

    @property
    def cards_left(self) -> int:
        """Cards still to be played (not counting the trick on the table)."""
        return sum(len(c) for c in self.hands.values())

    @property
    def tricks_left(self) -> int:
        """Tricks still to be finished, the one on the table included."""
        return len(self.hands[self.turn])

    def next_seat(self, seat: Seat) -> Seat:
        """The seat that plays after ``seat``."""
        following = self.rules._next_seat[seat]
        if following is None:  # East or West, with two players
            raise SpadesError(f"{seat.full} does not play in this game")
        return following

    def side_of(self, seat: Seat) -> str:
        """The side a seat scores for."""
        return side_of(self.rules, seat)

    def _playable(self) -> tuple[list[Card], list[list[Card]], int | None]:
        """The cards the player to move may play (:func:`~spadeslib.legality.
        playable`, where the rules are written), its cards by suit and the
        suit led (``None``: it leads)."""
        rules = self.rules
        held = list(self.hands[self.turn])
        suits = legality.split_by_suit(rules, held)
        led = rules._suit_of[self.trick[0][1].index] if self.trick else None
        cards, _ = legality.playable(rules, held, suits, led, self.spades_broken)
        return cards, suits, led

    def legal_cards(self) -> list[Card]:
        """The cards the player to move may play (the engine's rules: follow
        suit; no spade lead before spades are broken unless only spades are
        left)."""
        return list(self._playable()[0])

    def play(self, card: Card | str) -> Position:
        """The position after the player to move plays ``card``, which is
        refused as a hand refuses it (an :class:`~spadeslib.IllegalAction`
        naming the seat and the rule).

        >>> pos = Position(Rules(), {"N": Card.parse_many("AC 2H"),
        ...     "E": Card.parse_many("KC QH"), "S": Card.parse_many("AH 3D"),
        ...     "W": Card.parse_many("4D 5D")}, turn="N").play("2H")
        >>> try:
        ...     pos.play("KC")
        ... except IllegalAction as error:
        ...     print(error.rule); print(error)  # doctest: +ELLIPSIS
        follow-suit
        East cannot play the king of clubs: East holds hearts and must follow ...
        """
        card = Card.parse(card)
        cards, suits, led = self._playable()
        if card not in cards:
            held = list(self.hands[self.turn])
            done = sum(self.tricks_won.values())
            refused = legality.refuse_card(
                self.rules, self.turn, card, held, suits, led, self.spades_broken, done
            )
            assert refused is not None  # the card is not among the legal ones
            rule, why = refused
            raise IllegalAction(
                why[0].upper() + why[1:], seat=self.turn, action=card, rule=rule
            )
        return self._after(card)

    def _after(self, card: Card) -> Position:
        """:meth:`play` for a legal ``card`` (a :class:`Card`), unchecked: the
        child of a checked position is valid, so its ``__post_init__`` checks
        are skipped (the exact solver's lines play thousands of cards)."""
        turn = self.turn
        hands = dict(self.hands)
        hands[turn] = tuple(c for c in hands[turn] if c != card)
        trick = (*self.trick, (turn, card))
        rules = self.rules
        broken = self.spades_broken or rules.trick_suit(card) == _SPADES
        won = dict(self.tricks_won)
        if len(trick) == rules.players:
            turn = _winner(rules, trick)
            won[turn] += 1
            trick = ()
        else:
            # a seat in play always has a next seat (None only for E, W of two)
            turn = rules._next_seat[turn]  # type: ignore[assignment]
        child = object.__new__(Position)
        # the fields as __post_init__ stores them (a frozen dataclass: set
        # through __dict__); bids copied, bags and scores shared, as play() did
        child.__dict__.update(
            rules=rules,
            hands=hands,
            turn=turn,
            trick=trick,
            tricks_won=won,
            spades_broken=broken,
            bids=dict(self.bids),
            bags=self.bags,
            scores=self.scores,
        )
        return child
