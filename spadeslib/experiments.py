"""Bot-played experiments as small jobs: seeded hands and games that return
plain results, so that :func:`spadeslib.parallel.run` can play them on every
core or on a Dask cluster with the same results as a serial loop.

Each job depends only on its own seed: the bots are built afresh for every
hand or game and seeded from it (``SEED/N``, ``SEED/E``, ...), never shared
between jobs. The course's strategy chapters use these functions:

- :func:`play_hand` plays one :class:`HandJob` (a seeded deal, the bots of
  each seat, the running scores at its start, and optionally a seat forced
  to bid Nil or Blind Nil, or North-South's bids shifted) and returns a
  :class:`HandOutcome`;
- :func:`play_game` plays a whole seeded game between bots and returns the
  :class:`~spadeslib.game.Game`; :func:`game_outcome` returns its summary,
  a :class:`GameOutcome`, small enough to send between processes.

>>> from spadeslib.parallel import run
>>> jobs = [HandJob(f"doc/{i}") for i in range(3)]
>>> outcomes = run(play_hand, jobs, jobs=2)
>>> outcomes == run(play_hand, jobs, jobs=1)
True
>>> [sum(o.tricks_won.values()) for o in outcomes]
[13, 13, 13]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from . import bidding
from .actions import LOOK, Action, Bid, BidKind
from .bots import Bot, Suggestion, make_bot, play_until, seat_levels
from .cards import Card
from .errors import SpadesError
from .game import Game
from .hand import Hand
from .phase import Phase
from .rules import Rules
from .scoring import SideScore
from .seats import Seat

__all__ = [
    "CarelessBot",
    "GameOutcome",
    "HandJob",
    "HandOutcome",
    "game_outcome",
    "penalised_sides",
    "play_game",
    "play_hand",
    "player",
    "players",
]

CARELESS = "careless"
"""The level name of :class:`CarelessBot` in a ``bots`` list."""


class CarelessBot:
    """Bids as the ``rule`` bot does, then plays a random legal card (a
    partner or an opponent who pays no attention to a Nil).

    >>> hand = Hand(seed=3, dealer="W")
    >>> bot = CarelessBot("3/N")
    >>> bot.act(hand.view(hand.turn)) in hand.legal_actions()
    True
    """

    name = CARELESS

    def __init__(self, seed: int | str | None = None) -> None:
        self.rule = make_bot("rule", seed=seed)
        self.random = make_bot("random", seed=seed)

    def _bot(self, view: Any) -> Bot:
        return self.random if view.phase is Phase.PLAYING else self.rule

    def act(self, view: Any) -> Action:
        """A random legal card when playing; the rule bot's choice otherwise."""
        return self._bot(view).act(view)

    def explain(self, view: Any) -> Suggestion:
        """The action :meth:`act` takes, with the reason of the bot that chose."""
        suggestion = self._bot(view).explain(view)
        return Suggestion(suggestion.action, suggestion.reason, self.name)

    def reset(self) -> None:
        """Reset both bots."""
        self.rule.reset()
        self.random.reset()


def player(level: str, seed: int | str | None = None) -> Bot:
    """A bot of level ``level`` (any :func:`~spadeslib.bots.make_bot` level,
    or ``"careless"``).

    >>> player("careless", seed=1).name, player("rule").name
    ('careless', 'rule')
    """
    if level.strip().lower() == CARELESS:
        return CarelessBot(seed)
    return make_bot(level, seed=seed)


def players(bots: str, seats: tuple[Seat, ...], seed: int | str) -> dict[Seat, Bot]:
    """One bot per seat, each seeded ``SEED/LETTER``: ``bots`` is one level
    for every seat or one level per seat in seat order (``"rule,careless,
    rule,careless"`` for N, E, S, W; ``"rule,random"`` for two players).

    >>> bots = players("rule,careless,rule,careless", tuple(Seat), seed=1)
    >>> [bots[seat].name for seat in Seat]
    ['rule', 'careless', 'rule', 'careless']
    """
    levels = seat_levels(bots, seats, f"bots {bots!r}")
    return {
        seat: player(level, seed=f"{seed}/{seat.letter}")
        for seat, level in levels.items()
    }


# ------------------------------------------------------------------ hands
@dataclass(frozen=True)
class HandJob:
    """One seeded hand for :func:`play_hand`.

    - ``seed`` deals the cards (and seeds the bots, ``SEED/N`` ...);
    - ``dealer``, ``rules``: as for :class:`~spadeslib.hand.Hand` (no
      dealer: West, or South for two players);
    - ``bots``: one level for every seat, or one per seat in seat order
      (see :func:`players`);
    - ``nil``: this seat bids Nil whatever its bot chose;
    - ``shift``: North-South's numeric bids move by this many tricks in
      total: North's by ``ceil(shift / 2)``, South's by ``floor(shift / 2)``,
      each kept within the numbers the rules allow (1-13 where 0 is not a
      number bid); under rules that fix a bid (mirror), a shifted bid is
      refused by the engine;
    - ``scores``: the running totals when the hand starts, as
      :class:`~spadeslib.hand.Hand` takes them (a mapping is stored as a
      tuple of ``(side, points)`` pairs, so that the job stays hashable; no
      scores: 0 each). They decide who is offered Blind Nil under
      ``classic``, and the bots read them;
    - ``blind_nil``: this seat declares Blind Nil when offered it, without
      looking at its cards; its partner, the other seats and any exchange
      or discard are the bots' as usual (a partner's bot that would take
      the side's only Blind Nil first looks at its cards instead). A seat
      the rules do not offer Blind Nil at these scores is refused with the
      engine's reason.

    >>> HandJob("x", rules="two-player", nil="E")
    Traceback (most recent call last):
    ...
    spadeslib.errors.SpadesError: nil: East has no seat in a two-player game

    Under ``classic`` only a side far enough behind may bid Blind Nil:

    >>> job = HandJob("x", rules="classic", blind_nil="N", scores={"NS": 0, "EW": 100})
    >>> job.blind_nil, job.scores
    (<Seat.NORTH: 0>, (('NS', 0), ('EW', 100)))
    >>> HandJob("x", rules="classic", blind_nil="N", scores={"NS": 0, "EW": 90})
    Traceback (most recent call last):
    ...
    spadeslib.errors.SpadesError: blind_nil: North cannot bid Blind Nil: under
    classic Blind Nil is allowed only to a team behind by at least 100 points
    when the hand starts, and NS are not (NS 0, EW 90)
    """

    seed: int | str
    dealer: Seat | str | None = None
    rules: Rules | str = "cards4net"
    bots: str = "rule"
    nil: Seat | None = None
    shift: int = 0
    scores: tuple[tuple[str, int], ...] | Mapping[str, int] | None = None
    """Stored as a tuple of ``(side, points)`` pairs (a mapping is converted)."""
    blind_nil: Seat | None = None

    def __post_init__(self) -> None:
        if self.nil is None and self.blind_nil is None and self.scores is None:
            return  # nothing to check
        rules = Rules.parse(self.rules)
        # "N" or 0 names North as everywhere else; a seat of no game is refused
        for name in ("nil", "blind_nil"):
            value = getattr(self, name)
            if value is None:
                continue
            seat = Seat.parse(value)
            if rules.players == 2 and seat not in (Seat.NORTH, Seat.SOUTH):
                raise SpadesError(
                    f"{name}: {seat.full} has no seat in a two-player game"
                )
            object.__setattr__(self, name, seat)
        if self.nil is not None and self.nil is self.blind_nil:
            raise SpadesError(
                f"nil, blind_nil: {self.nil.full} bids Nil or Blind Nil, not both"
            )
        if self.scores is None and self.blind_nil is None:
            return
        # the engine checks the scores and says who is offered Blind Nil
        hand = self._deal(rules)
        if self.scores is not None:
            object.__setattr__(self, "scores", tuple(hand.scores.items()))
        if self.blind_nil is not None:
            refusal = _blind_nil_refusal(hand, self.blind_nil)
            if refusal is not None:
                raise SpadesError(f"blind_nil: {refusal}")

    def _deal(self, rules: Rules) -> Hand:
        """The job's hand, dealt and not yet played."""
        dealer = self.dealer
        if dealer is None:
            dealer = Seat.WEST if rules.players == 4 else Seat.SOUTH
        scores = self.scores
        if scores is not None and not isinstance(scores, Mapping):
            try:
                scores = dict(scores)
            except (TypeError, ValueError):
                raise SpadesError(
                    f"scores: {scores!r} is not each side's score, such as "
                    "{'NS': 0, 'EW': 100}"
                ) from None
        return Hand(rules, dealer=dealer, seed=self.seed, scores=scores)

    def changed(self, seat: Seat, bid: Bid) -> Bid:
        """The bid ``seat`` makes when its bot chose ``bid``.

        >>> job = HandJob("x", shift=-1)
        >>> job.changed(Seat.NORTH, Bid(4)), job.changed(Seat.SOUTH, Bid(4))
        (Bid(4), Bid(3))
        >>> HandJob("x", nil=Seat.NORTH).changed(Seat.NORTH, Bid(4))
        Bid.NIL
        """
        if seat is self.nil:
            return Bid.NIL
        north_south = seat in (Seat.NORTH, Seat.SOUTH)
        if self.shift and north_south and bid.kind is BidKind.NUMBER:
            part = self.shift // 2 + (self.shift % 2 if seat is Seat.NORTH else 0)
            low = 0 if Rules.parse(self.rules).numeric_zero else 1
            return Bid(min(13, max(low, bid.tricks + part)))
        return bid


@dataclass(frozen=True)
class HandOutcome:
    """What happened in a hand played by :func:`play_hand`, under the names
    :class:`~spadeslib.hand.Hand` uses: each seat's cards at the start, its
    bid and tricks, and each side's score.

    >>> outcome = play_hand(HandJob("doc/7", dealer="W"))
    >>> outcome.initial == Hand(seed="doc/7", dealer="W").initial  # the seed's deal
    True
    >>> sum(outcome.tricks_won.values()), sorted(outcome.result)
    (13, ['EW', 'NS'])
    """

    job: HandJob
    initial: dict[Seat, tuple[Card, ...]]
    bids: dict[Seat, Bid]
    tricks_won: dict[Seat, int]
    result: dict[str, SideScore]

    @property
    def any_nil(self) -> bool:
        """Whether any seat bid Nil (or Blind Nil).

        >>> play_hand(HandJob("nil/0", nil=Seat.NORTH)).any_nil
        True
        """
        return any(bid.is_nil for bid in self.bids.values())


def play_hand(job: HandJob) -> HandOutcome:
    """Deal ``job``'s hand and let its bots play it to the end (every action
    checked by the engine).

    >>> outcome = play_hand(HandJob("doc", dealer="W", nil=Seat.NORTH))
    >>> outcome.bids[Seat.NORTH], sum(outcome.tricks_won.values())
    (Bid.NIL, 13)
    >>> sorted(outcome.result)
    ['EW', 'NS']
    """
    hand = job._deal(Rules.parse(job.rules))
    bots = players(job.bots, hand.seats, job.seed)
    blind = job.blind_nil
    while not hand.is_over:
        seat = hand.turn
        assert seat is not None  # a hand that is not over has a turn
        if seat is blind and _blind_nil_due(hand, seat):
            refusal = hand.why_illegal(Bid.BLIND_NIL)
            if refusal is not None:
                raise SpadesError(f"blind_nil: {refusal}")
            hand.apply(Bid.BLIND_NIL)
            continue
        action = bots[seat].act(hand.view(seat))
        if (
            blind is not None
            and action == Bid.BLIND_NIL
            and seat is not blind
            and hand.side_of(seat) == hand.side_of(blind)
            and _blind_nil_due(hand, blind)
        ):
            action = LOOK  # the partner leaves the side's Blind Nil to the job's seat
        if hand.phase is Phase.BIDDING and isinstance(action, Bid):
            action = job.changed(seat, action)
        hand.apply(action)
    assert hand.result is not None
    return HandOutcome(
        job=job,
        initial=dict(hand.initial),
        bids={seat: _bid(hand.bids.get(seat)) for seat in hand.seats},
        tricks_won={seat: hand.tricks_won[seat] for seat in hand.seats},
        result=dict(hand.result),
    )


def _blind_nil_due(hand: Hand, seat: Seat) -> bool:
    """Whether ``seat`` (to move) now makes the choice between Blind Nil
    and looking: its bid with four players, its first draw with two."""
    if hand.phase is Phase.DRAW:
        return hand.hidden[seat]
    return hand.phase is Phase.BIDDING and seat not in hand.bids


def _blind_nil_refusal(hand: Hand, seat: Seat) -> str | None:
    """Why the rules do not offer ``seat`` Blind Nil in the freshly dealt
    ``hand`` (``None``: they do, as far as the start of the hand decides)."""
    if hand.phase is Phase.DRAW and hand.hidden[seat]:
        return None  # two players: declared before the first card
    refusal = bidding.refuse_bid(hand.bid_situation(seat), Bid.BLIND_NIL)
    return None if refusal is None else refusal[1]


def _bid(bid: Bid | None) -> Bid:
    assert bid is not None, "a finished hand has every bid"
    return bid


# ------------------------------------------------------------------ games
def play_game(
    seed: int | str, rules: Rules | str = "cards4net", bots: str = "rule"
) -> Game:
    """A complete seeded game between bots (``bots`` as for :func:`players`).

    >>> game = play_game(0)
    >>> game.is_over, game.winner in ("NS", "EW")
    (True, True)
    """
    game = Game(rules, seed=seed)
    play_until(game, players(bots, game.hand.seats, seed))
    return game


def penalised_sides(game: Game) -> frozenset[str]:
    """The sides that paid at least one bag penalty in ``game``.

    >>> sorted(penalised_sides(play_game(0))), sorted(penalised_sides(play_game(4)))
    (['NS'], ['EW', 'NS'])
    """
    return frozenset(
        side for result in game.results() for side, s in result.items() if s.penalties
    )


@dataclass(frozen=True)
class GameOutcome:
    """A finished game in a few numbers (what :func:`game_outcome` returns).

    >>> outcome = GameOutcome(seed=0, rules="classic", hands=9, target=500,
    ...                       scores={"NS": 512, "EW": 430}, winner="NS",
    ...                       penalties={"NS": 0, "EW": 1})
    >>> outcome.penalised, outcome.all_over_target
    (frozenset({'EW'}), False)
    """

    seed: int | str
    rules: str
    hands: int
    scores: dict[str, int]
    winner: str | None
    target: int
    penalties: dict[str, int]

    @property
    def penalised(self) -> frozenset[str]:
        """The sides that paid at least one bag penalty."""
        return frozenset(side for side, n in self.penalties.items() if n)

    @property
    def all_over_target(self) -> bool:
        """Whether every side ended at or over the target."""
        return min(self.scores.values()) >= self.target

    @classmethod
    def of(cls, game: Game, seed: int | str) -> GameOutcome:
        """The summary of ``game`` (played from ``seed``)."""
        penalties: dict[str, int] = dict.fromkeys(game.scores, 0)
        for result in game.results():
            for side, score in result.items():
                penalties[side] += score.penalties
        return cls(
            seed=seed,
            rules=game.rules.full_spec,
            hands=len(game.results()),
            scores=dict(game.scores),
            winner=game.winner,
            target=game.rules.target,
            penalties=penalties,
        )


def game_outcome(
    seed: int | str, rules: Rules | str = "cards4net", bots: str = "rule"
) -> GameOutcome:
    """Play :func:`play_game` and return its summary (a job for
    :func:`~spadeslib.parallel.run`).

    >>> outcome = game_outcome(4)
    >>> outcome.hands, outcome.winner, outcome.penalised == {"NS", "EW"}
    (12, 'NS', True)
    """
    return GameOutcome.of(play_game(seed, rules, bots), seed)
