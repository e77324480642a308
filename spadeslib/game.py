"""A game: hands until a side wins, with running scores, bags and the dealer's
rotation.

>>> from spadeslib import Game
>>> game = Game("classic", seed=3)
>>> game.hand.dealer, game.scores
(<Seat.EAST: 1>, {'NS': 0, 'EW': 0})
>>> while len(game.hands) < 3:
...     game.apply(game.hand.random_action(game.rng), check=False)
>>> len(game.finished_hands), game.hand.dealer
(2, <Seat.WEST: 3>)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from . import legality
from .actions import Action, parse_action
from .cards import Card
from .dealing import SEED_CHARS, is_game_seed
from .errors import IllegalAction, SpadesError
from .hand import Hand
from .phase import Phase
from .rule_ids import RuleId
from .rules import Rules
from .scoring import SideScore, game_over, game_start, sides
from .seats import Seat, not_playing
from .view import PlayerView

__all__ = ["Game"]


class Game:
    """Hands of Spades played until the end condition of the rules.

    The first dealer is ``dealer`` or drawn from ``seed``; each new hand is
    shuffled from ``seed`` and its number, so a seeded game is the same game
    every time. The current hand is :attr:`hand`; once it is scored, the next
    one is dealt at once (finished hands stay in :attr:`hands`).

    >>> game = Game("classic", seed=1)
    >>> game.turn, game.legal_actions()[:3]
    (<Seat.EAST: 1>, [Bid(1), Bid(2), Bid(3)])
    >>> for bid in (4, 3, 3, 3):
    ...     game.apply(bid)
    >>> game.phase.value, game.scores
    ('playing', {'NS': 0, 'EW': 0})

    ``scores`` and ``bags`` start each side somewhere else than 0 (a side
    left out starts at 0), to practise the end of a game; a start at or past
    the target (or at or under a losing threshold) is refused, as are bags
    the bag limit would already have cost:

    >>> game = Game("classic", seed=1, scores={"NS": 460, "EW": 430}, bags={"EW": 8})
    >>> game.scores, game.bags, game.hand.scores == game.start_scores
    ({'NS': 460, 'EW': 430}, {'NS': 0, 'EW': 8}, True)
    >>> Game("classic", scores={"NS": 520})
    Traceback (most recent call last):
    ...
    spadeslib.errors.SpadesError: a game cannot start with NS at 520: the target ...
    """

    def __init__(
        self,
        rules: Rules | str | None = None,
        *,
        seed: int | str | None = None,
        dealer: Seat | str | None = None,
        scores: Mapping[str, int] | None = None,
        bags: Mapping[str, int] | None = None,
        deal_first_hand: bool = True,
    ) -> None:
        self.rules = Rules.parse("cards4net" if rules is None else rules)
        if seed is not None and not is_game_seed(seed):
            raise SpadesError(
                f"a game's seed is a whole number or a text of at most {SEED_CHARS} "
                f"characters, such as 2024 or 'class-7b', not {seed!r:.80}"
            )
        self.seed = seed if seed is not None else random.randrange(2**32)
        self.rng = random.Random(f"{self.seed}/bots")
        """A generator for scripts that play at random, seeded by the game's
        seed. A record keeps moves, not this generator: a game loaded from
        one starts it afresh (seed by position, as the table's bots do, for
        play that resumes the same way)."""
        seats = self.rules.seats
        if dealer is None:
            dealer = random.Random(f"{self.seed}/dealer").choice(seats)
        self.first_dealer = Seat.parse(dealer)
        self._start = game_start(self.rules, scores, bags)
        self._scores: dict[str, int] = dict(self._start[0])
        self._bags: dict[str, int] = dict(self._start[1])
        self._running_scores: list[dict[str, int]] = []
        self._hands: list[Hand] = []
        self._hands_t: tuple[Hand, ...] = ()  # a copy of _hands, made once
        self._finished: tuple[Hand, ...] = ()
        self._winner: str | None = None
        self._is_over = False
        self._seated: dict[Seat, str] = {}
        self._seated_hands: dict[int, dict[Seat, str]] = {}
        #: notes of the program that shows the game, for itself when it
        #: loads the record again (the table: ``{"between": False}``, a hand
        #: just dealt that no one has moved in yet): a record keeps them as
        #: ``"table"``; the rules never read them
        self.notes: dict[str, bool | int | str] = {}
        if deal_first_hand:
            self.new_hand()

    # ---------------------------------------------------------------- hands
    def next_dealer(self) -> Seat:
        """Who deals the next hand (clockwise; two players alternate)."""
        if not self._hands:
            return self.first_dealer
        last = self._hands[-1].dealer
        return last.partner if self.rules.players == 2 else last.left

    def new_hand(
        self,
        *,
        deal: Mapping[Any, Iterable[Card | str] | str] | None = None,
        stock: Sequence[Card | str] | None = None,
    ) -> Hand:
        """Deal the next hand (from the seed, or the given ``deal``/``stock``).

        A hand that was dealt automatically but has seen no action yet is
        replaced, so a game can be set up with chosen cards:

        >>> game = Game("classic", seed=1)
        >>> hand = game.new_hand(deal={"N": "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S",
        ...     "E": "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H",
        ...     "S": "AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D",
        ...     "W": "AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C"})
        >>> len(game.hands), game.hand.holding[0][-1]
        (1, Card.parse('AS'))
        """
        if self._is_over:
            raise IllegalAction(
                f"the game is over: {self._winner} won", rule=RuleId.GAME_OVER
            )
        replaced = bool(self._hands) and not self._hands[-1].is_over
        if replaced and self._hands[-1].history:
            raise IllegalAction(
                "the current hand is not finished", rule=RuleId.HAND_IN_PROGRESS
            )
        number = len(self._hands) + (0 if replaced else 1)
        hand = Hand(  # dealt first: a deal refused leaves the game as it was
            self.rules,
            self._hands[-1].dealer if replaced else self.next_dealer(),
            deal=deal,
            stock=stock,
            seed=f"{self.seed}/{number}",
            scores=self._scores,
            bags=self._bags,
            number=number,
        )
        if replaced:
            self._hands.pop()._on_over = None  # no longer this game's hand
        self._hands.append(hand)
        # the hand tells the game when it ends, so that a hand played through
        # ``game.hand.apply(...)`` is scored as one played through the game
        hand._on_over = self._score
        return hand

    @property
    def hand(self) -> Hand:
        """The hand being played (or the last one, once the game is over)."""
        if not self._hands:
            raise SpadesError("no hand dealt yet: call game.new_hand() first")
        return self._hands[-1]

    @property
    def finished_hands(self) -> tuple[Hand, ...]:
        """Hands played to the end and scored (a tuple, made once per hand).

        Every hand but the current one is finished, so this costs the same
        at the thousandth hand as at the first."""
        hands = self._hands
        count = len(hands)
        if count and not hands[-1].is_over:
            count -= 1
        done = self._finished
        if len(done) != count or (count and done[-1] is not hands[count - 1]):
            done = self._finished = tuple(hands[:count])
        return done

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats that play, in order from North (two players: North and
        South), as every hand of the game has them.

        >>> Game("two-player").seats
        (<Seat.NORTH: 0>, <Seat.SOUTH: 2>)
        """
        return self.rules.seats

    @property
    def turn(self) -> Seat | None:
        """The seat to act, or ``None`` when the game is over."""
        return None if self._is_over else self.hand.turn

    @property
    def phase(self) -> Phase:
        """The current hand's phase."""
        return self.hand.phase

    # Read-only state: the game's own methods change the private fields.
    @property
    def hands(self) -> tuple[Hand, ...]:
        """Every hand dealt, the current one last (a tuple, made once per
        hand)."""
        hands, made = self._hands, self._hands_t
        if len(made) != len(hands) or (hands and made[-1] is not hands[-1]):
            made = self._hands_t = tuple(hands)
        return made

    @property
    def scores(self) -> dict[str, int]:
        """Each side's running total (a new dict)."""
        return dict(self._scores)

    @property
    def bags(self) -> dict[str, int]:
        """Each side's bags (a new dict)."""
        return dict(self._bags)

    @property
    def start_scores(self) -> dict[str, int]:
        """Each side's score before the first hand (0 unless the game was
        started elsewhere: ``Game(..., scores=...)``; a new dict)."""
        return dict(self._start[0])

    @property
    def start_bags(self) -> dict[str, int]:
        """Each side's bags before the first hand (a new dict)."""
        return dict(self._start[1])

    @property
    def started_elsewhere(self) -> bool:
        """Whether some side started with points or bags (the score sheets
        then show the start, and a saved game keeps it)."""
        return any(self._start[0].values()) or any(self._start[1].values())

    @property
    def running_scores(self) -> list[dict[str, int]]:
        """Every side's total after each finished hand, first hand first (a
        new list of new dicts)."""
        return [dict(totals) for totals in self._running_scores]

    @property
    def is_over(self) -> bool:
        """Whether a side has won (or the game ended in a tie)."""
        return self._is_over

    @property
    def winner(self) -> str | None:
        """The side that won once the game is over (``None`` for a tie or
        before the end)."""
        return self._winner

    @property
    def seated(self) -> dict[Seat, str]:
        """Who sits at each seat, in words (``{Seat.NORTH: "expert"}``): a
        record keeps it as ``"players"``; the rules never read it. A new
        dict: assign a mapping to change it (each key a seat of the game,
        each value a text)."""
        return dict(self._seated)

    @seated.setter
    def seated(self, seated: Mapping[Seat, str]) -> None:
        self._seated = self._players(seated)

    @property
    def seated_hands(self) -> dict[int, dict[Seat, str]]:
        """Who sat at each seat in hand ``n`` (``{n: {...}}``), for a hand
        whose players were not :attr:`seated` (they changed during the game):
        a record keeps it as that hand's ``"players"``, and a seat a hand's
        entry leaves out is as :attr:`seated`. A new dict: assign a mapping
        to change it (keys hand numbers from 1, values as :attr:`seated`)."""
        return {n: dict(players) for n, players in self._seated_hands.items()}

    @seated_hands.setter
    def seated_hands(self, by_hand: Mapping[int, Mapping[Seat, str]]) -> None:
        if not isinstance(by_hand, Mapping) or not all(
            n.__class__ is int and n >= 1 for n in by_hand
        ):
            raise SpadesError(
                "seated_hands maps hand numbers (whole numbers from 1) to "
                f"players, not {by_hand!r:.80}"
            )
        self._seated_hands = {n: self._players(p) for n, p in by_hand.items()}

    def _players(self, seated: Mapping[Seat, str]) -> dict[Seat, str]:
        """``seated`` checked: each key a seat of this game, each value a text.

        >>> Game("two-player").seated = {"E": "rule"}
        Traceback (most recent call last):
        spadeslib.errors.SpadesError: East does not play in a 2-player game: ...
        """
        if not isinstance(seated, Mapping) or not all(
            isinstance(v, str) for v in seated.values()
        ):
            raise SpadesError(
                f"players map seats to texts (such as {{'N': 'expert'}}), "
                f"not {seated!r:.80}"
            )
        players = {}
        for key, name in seated.items():
            seat = Seat.parse(key)
            if seat not in self.seats:
                raise not_playing(seat, self.seats)
            players[seat] = name
        return players

    # -------------------------------------------------------------- actions
    def legal_actions(self) -> list[Action]:
        """The legal actions of the player to move."""
        return [] if self._is_over else self.hand.legal_actions()

    def check(
        self, action: Action | str | int, seat: Seat | str | None = None
    ) -> IllegalAction | None:
        """The error :meth:`apply` would raise, or ``None``."""
        if self._is_over:
            return self._over(action, seat)
        return self.hand.check(action, seat)

    def _over(
        self, action: Action | str | int, seat: Seat | str | None
    ) -> IllegalAction:
        """The refusal of any action once the game is over, naming the seat
        (when it reads as one), the action and the final score.

        >>> game = Game(Rules("classic", target=50), seed=2)
        >>> from spadeslib.bots import make_bot, play_until
        >>> play_until(game, {s: make_bot("rule") for s in "NESW"})
        >>> print(game.why_illegal(3, "N"))
        North cannot bid 3: the game is over (EW won 61 to 51)
        """
        try:
            who: Seat | None = None if seat is None else Seat.parse(seat)
        except SpadesError:
            who = None
        if who not in self.seats:
            who = None  # East or West with two players: no seat here
        try:
            what = legality.describe(parse_action(action, Phase.BIDDING))
        except SpadesError:
            what = "move"
        order = sorted(sides(self.rules), key=lambda s: s != self._winner)
        score = " to ".join(str(self._scores[s]) for s in order)
        over = f"the game is over ({self._winner} won {score})"
        return IllegalAction(
            f"{who.full} cannot {what}: {over}"
            if who is not None
            else f"{over}: nobody can {what}",
            seat=who,
            action=action,
            rule=RuleId.GAME_OVER,
        )

    def why_illegal(
        self, action: Action | str | int, seat: Seat | str | None = None
    ) -> str | None:
        """Why an action is illegal now, or ``None``."""
        error = self.check(action, seat)
        return None if error is None else str(error)

    def is_legal(
        self, action: Action | str | int, seat: Seat | str | None = None
    ) -> bool:
        """Whether :meth:`apply` would accept ``action``: the current hand's
        answer (:meth:`Hand.is_legal <spadeslib.hand.Hand.is_legal>`), and
        no once the game is over.

        >>> game = Game("classic", seed=1)
        >>> game.is_legal(4), game.is_legal(4, seat="W")
        (True, False)
        """
        return self.check(action, seat) is None

    def legal_cards(self, seat: Seat | str | None = None) -> list[Card]:
        """The cards ``seat`` (default: the player to move) could play now, as
        :meth:`Hand.legal_cards <spadeslib.hand.Hand.legal_cards>` says; none
        once the game is over."""
        return [] if self._is_over else self.hand.legal_cards(seat)

    def apply(
        self,
        action: Action | str | int,
        seat: Seat | str | None = None,
        *,
        check: bool = True,
    ) -> None:
        """Apply an action to the current hand; score it and deal the next one
        when it ends. Raises :class:`IllegalAction` and changes nothing if the
        action is illegal.

        >>> game = Game("classic", seed=1)
        >>> game.apply("4")  # East bids 4 (a bid, a card or their text)
        >>> game.apply(3, seat="W")
        Traceback (most recent call last):
        spadeslib.errors.IllegalAction: West cannot bid 3 now: it is South's turn to bid
        """
        if self._is_over:
            raise self._over(action, seat)
        # the hand validates (or, unchecked, reads) the action; when it ends
        # it calls _score, which scores it and deals the next one
        self.hand.apply(action, seat, check=check)

    def _score(self, hand: Hand) -> None:
        """Score ``hand``, which has just ended (it calls this itself), and
        deal the next one unless the game is over. A hand that is not the
        game's current one, or was scored already (a copy, a hand the game
        replaced), changes nothing."""
        if hand is not self._hands[-1] or len(self._running_scores) >= len(self._hands):
            return
        assert hand.result is not None
        for side, score in hand.result.items():
            self._scores[side] += score.points
            self._bags[side] = score.bags_after
        self._running_scores.append(dict(self._scores))
        self._is_over, self._winner = game_over(self.rules, self._scores)
        if not self._is_over:
            self.new_hand()

    def undo(self) -> Action:
        """Take back the last action, across the boundary of a hand if needed."""
        if len(self.hand.history) == 0 and len(self._hands) > 1:
            self._seated_hands.pop(len(self._hands), None)  # who played it: gone
            self._hands.pop()._on_over = None
        hand = self.hand
        if hand.is_over:
            self._running_scores.pop()
            for side, score in (hand.result or {}).items():
                self._scores[side] -= score.points
            self._bags = dict(hand.bags)
            self._is_over, self._winner = False, None
        owner, hand._on_over = hand._on_over, None  # the game unscored it here
        try:
            return hand.undo()
        finally:
            hand._on_over = owner

    # ------------------------------------------------------------ read-outs
    def view(self, seat: Seat | str) -> PlayerView:
        """What ``seat`` may see of the current hand (with the game scores)."""
        return self.hand.view(seat)

    def results(self) -> list[dict[str, SideScore]]:
        """Each finished hand's scores by side."""
        return [h.result for h in self._hands if h.result is not None]

    def __repr__(self) -> str:
        state = (
            f"winner={self._winner}" if self._is_over else f"hand={len(self._hands)}"
        )
        return (
            f"<Game {self.rules.full_spec} scores={self._scores} bags={self._bags} "
            f"{state}>"
        )

    def __str__(self) -> str:
        from .display import score_sheet_text

        return score_sheet_text(self)

    def _repr_html_(self) -> str:
        from .display import score_sheet_html

        return score_sheet_html(self)
