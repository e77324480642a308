"""Scoring as pure functions: bids and tricks in, points and bags out.

>>> from spadeslib import Rules, Seat, Bid
>>> rules = Rules("classic")
>>> N, E, S, W = Seat
>>> bids = {N: Bid(3), E: Bid(4), S: Bid(2), W: Bid.NIL}
>>> tricks = {N: 4, E: 6, S: 2, W: 1}
>>> result = score_hand(rules, bids, tricks, bags_before={"NS": 0, "EW": 0})
>>> result["NS"].points, result["EW"].points, result["EW"].bags_after
(51, -57, 3)

East-West: East's 6 tricks make the contract of 4 (+40, 2 bags); West's failed
Nil costs 100 and, under ``classic``, West's trick is a bag worth 1 point.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .actions import Bid, BidKind
from .errors import SpadesError, is_whole
from .rules import Rules, bid_words, rules_of
from .seats import SIDES, Seat, not_playing

__all__ = [
    "NilResult",
    "SideScore",
    "apply_bags",
    "game_over",
    "score_hand",
    "side_of",
    "side_seats",
    "sides",
    "why_over",
]


_TWO_SIDES = ("N", "S")


def sides(rules: Rules | str) -> tuple[str, ...]:
    """The scoring sides: ``("NS", "EW")``, or ``("N", "S")`` for two players.

    Every function here takes the :class:`Rules` or a rules text, as
    :class:`~spadeslib.game.Game` does:

    >>> sides("classic"), sides("two-player")
    (('NS', 'EW'), ('N', 'S'))
    """
    if rules.__class__ is not Rules:
        rules = rules_of(rules, "sides")
    return SIDES if rules.players == 4 else _TWO_SIDES


def side_of(rules: Rules | str, seat: Seat | str) -> str:
    """The side a seat scores for (East and West, who do not play a
    two-player game, have none there).

    >>> two = Rules("two-player")
    >>> side_of(Rules(), Seat.WEST), side_of(two, Seat.SOUTH)
    ('EW', 'S')
    >>> side_of(two, "E")
    Traceback (most recent call last):
    spadeslib.errors.SpadesError: East does not play in a 2-player game: ...
    """
    if seat.__class__ is not Seat or rules.__class__ is not Rules:
        return side_of(rules_of(rules, "side_of"), Seat.parse(seat))
    if rules.players == 2:
        if seat is Seat.EAST or seat is Seat.WEST:
            raise not_playing(seat, rules.seats)
        return seat.letter
    return SIDES[seat % 2]


def starting_totals(
    rules: Rules, what: str, given: Mapping[str, int] | None
) -> dict[str, int]:
    """A hand's starting ``scores`` or ``bags`` (``what``): each side's
    whole number from ``given``, 0 for a side it leaves out.

    >>> starting_totals(Rules(), "bags", {"EW": 3})
    {'NS': 0, 'EW': 3}
    """
    names = sides(rules)
    if given is not None and (
        not isinstance(given, Mapping)
        or not all(k in names and v.__class__ is int for k, v in given.items())
    ):
        raise SpadesError(
            f"{what} map each side ({', '.join(names)}) to a whole number, "
            f"not {given!r:.80}"
        )
    return {**dict.fromkeys(names, 0), **(given or {})}


def game_start(
    rules: Rules, scores: object, bags: object
) -> tuple[dict[str, int], dict[str, int]]:
    """A game's starting ``(scores, bags)``, each side's (0 for a side left
    out), refused with a message naming the side, the value and the rule:
    whole numbers, bags from 0 to one under the bag limit, and no side
    already at the end of the game (at or past the target, or at or under
    a losing threshold), which would be over before it began.

    >>> game_start(Rules(), {"NS": 460, "EW": 430}, {"EW": 8})
    ({'NS': 460, 'EW': 430}, {'NS': 0, 'EW': 8})
    >>> game_start(Rules(), {"NS": 500}, None)
    Traceback (most recent call last):
    ...
    spadeslib.errors.SpadesError: a game cannot start with NS at 500: the target ...
    >>> game_start(Rules(), None, {"EW": 10})
    Traceback (most recent call last):
    ...
    spadeslib.errors.SpadesError: a game cannot start with EW carrying 10 bags: ...
    """
    names = sides(rules)
    start = []
    for what, given in (("scores", scores), ("bags", bags)):
        # name the side and the value a hand's check would only quote whole
        for side, value in given.items() if isinstance(given, Mapping) else ():
            if side not in names:
                raise SpadesError(
                    f"{what}: {side!r:.20} is not a side of a {rules.players}-player "
                    f"game: its sides are {' and '.join(names)}"
                )
            if not is_whole(value):
                raise SpadesError(
                    f"{what}: {side} is {value!r:.40}, not a whole number"
                )
        start.append(starting_totals(rules, what, given))  # type: ignore[arg-type]
    totals, carried = start
    for side, value in carried.items():
        if not 0 <= value < rules.bag_limit:
            raise SpadesError(
                f"a game cannot start with {side} carrying {value} bags: a side "
                f"carries 0 to {rules.bag_limit - 1} under {rules.full_spec} "
                f"(bag_limit {rules.bag_limit}: every {rules.bag_limit} bags cost "
                f"{rules.bag_penalty} points)"
            )
    low = rules.losing_threshold
    for side, value in totals.items():
        if value >= rules.target or (low is not None and value <= low):
            rule = (
                f"the target of {rules.full_spec} is {rules.target}"
                if value >= rules.target
                else f"the losing threshold of {rules.full_spec} is {low}"
            )
            raise SpadesError(
                f"a game cannot start with {side} at {value}: {rule}, so the game "
                "would be over before it began"
            )
    return totals, carried


def _check_scores(rules: Rules, scores: object, what: str) -> None:
    """Refuse scores that are not every side's whole number."""
    names = sides(rules)
    if (
        not isinstance(scores, Mapping)
        or set(scores) != set(names)
        or not all(is_whole(v) for v in scores.values())
    ):
        raise SpadesError(
            f"{what} takes the score of each side ({', '.join(names)}) as whole "
            f"numbers, not {scores!r:.60}"
        )


def side_seats(rules: Rules | str, side: str) -> tuple[Seat, ...]:
    """The seats of a side, in seat order.

    >>> side_seats("classic", "EW"), side_seats("two-player", "S")
    ((<Seat.EAST: 1>, <Seat.WEST: 3>), (<Seat.SOUTH: 2>,))
    """
    rules_of(rules, "side_seats")
    return _SIDE_SEATS.get(side) or tuple(Seat.parse(letter) for letter in side)


@dataclass(frozen=True)
class NilResult:
    """One nil or blind nil bid and how it went."""

    seat: Seat
    bid: Bid
    tricks: int
    made: bool
    points: int


@dataclass(frozen=True)
class SideScore:
    """How one side scored a hand.

    ``points`` is the hand's whole change, bag penalties included;
    ``bags_after`` the bags carried into the next hand.
    """

    side: str
    contract: int
    tricks: int
    counted_tricks: int
    made: bool | None
    contract_points: int
    overtricks: int
    nil_trick_bags: int
    nils: tuple[NilResult, ...]
    bags_before: int
    bags_gained: int
    penalties: int
    penalty_points: int
    bags_after: int
    points: int

    @property
    def nil_points(self) -> int:
        """Sum of the side's nil and blind nil results."""
        return sum(n.points for n in self.nils)

    @property
    def bag_adjusted(self) -> int:
        """The hand's points with every bag counted -10 and no bag penalty:
        the measure of a duplicate match and of the coach, which does not
        depend on the bags carried in.

        >>> from spadeslib import Bid, Rules, Seat
        >>> N, E, S, W = Seat
        >>> bids = {N: Bid(2), E: Bid(4), S: Bid(1), W: Bid(4)}
        >>> ns = score_hand(Rules(), bids, [4, 4, 1, 4], {"NS": 8})["NS"]
        >>> ns.points, ns.bag_adjusted  # 32 and 10 bags: -100; or 32 - 2 x 10
        (-68, 12)
        """
        return self.points + self.penalty_points - 10 * self.bags_gained


def apply_bags(rules: Rules | str, bags_before: int, gained: int) -> tuple[int, int]:
    """Bag penalties after gaining bags: ``(number of penalties, bags carried)``.

    >>> apply_bags(Rules(), 8, 3), apply_bags("classic+bag_limit=5", 4, 3)
    ((1, 1), (1, 2))
    >>> apply_bags("classic", -5, 3)
    Traceback (most recent call last):
    ...
    spadeslib.errors.SpadesError: apply_bags: bags_before is a whole number of bags ...
    """
    rules = rules_of(rules, "apply_bags")
    for name, value in (("bags_before", bags_before), ("gained", gained)):
        if not is_whole(value) or value < 0:
            raise SpadesError(
                f"apply_bags: {name} is a whole number of bags of at least 0, "
                f"not {value!r}"
            )
    total = bags_before + gained
    return total // rules.bag_limit, total % rules.bag_limit


def score_hand(
    rules: Rules | str,
    bids: Mapping[Seat, Bid] | Sequence[Bid | None],
    tricks: Mapping[Seat, int] | Sequence[int | None],
    bags_before: Mapping[str, int],
) -> dict[str, SideScore]:
    """Score one finished hand for every side.

    ``bids`` and ``tricks`` map each playing seat to its bid and tricks won
    (seats and bids may be written as text: ``{"N": "nil"}``);
    ``bags_before`` maps each side to the bags it carried into the hand (a
    side left out carries none: ``{}`` at the start of a game,
    ``{"NS": 9}`` when only North-South have bags). A
    seat missing, a trick count that is not a whole number from 0 to 13, or
    more than 13 tricks in all is refused, naming the seat:

    >>> score_hand(Rules(), {"N": 3, "E": 4, "S": 2, "W": "nil"},
    ...            {"N": 4, "E": 6, "S": 2, "W": 2}, {})
    Traceback (most recent call last):
    ...
    spadeslib.errors.SpadesError: tricks add up to 14: a hand has 13

    The tricks played (``hand.tricks``) are not the tricks won:

    >>> from spadeslib import Hand
    >>> hand = Hand(seed=1)
    >>> while not hand.is_over: hand.apply(hand.legal_actions()[0])
    >>> score_hand(hand.rules, hand.bids, hand.tricks, {})
    Traceback (most recent call last):
    ...
    spadeslib.errors.SpadesError: tricks: pass the number of tricks each seat
    won (hand.tricks_won, ...), not the tricks played (hand.tricks)
    >>> score_hand(hand.rules, hand.bids, hand.tricks_won, {}) == hand.result
    True
    """
    rules = rules_of(rules, "score_hand")
    if not isinstance(bags_before, Mapping):
        raise SpadesError(
            f"bags_before maps each side to the bags it carries, not "
            f"{bags_before!r:.60}"
        )
    bids = _by_seat(rules, "bids", bids, lambda value: _bid_of(rules, value))
    if isinstance(tricks, Sequence) and any(hasattr(t, "plays") for t in tricks):
        raise SpadesError(
            "tricks: pass the number of tricks each seat won (hand.tricks_won, "
            "such as {'N': 4, 'E': 3, ...}), not the tricks played (hand.tricks)"
        )
    tricks = _by_seat(rules, "tricks", tricks, lambda value: _trick_count(rules, value))
    if sum(tricks.values()) > rules.hand_size:
        raise SpadesError(
            f"tricks add up to {sum(tricks.values())}: a hand has {rules.hand_size}"
        )
    names = SIDES if rules.players == 4 else _TWO_SIDES
    for side, bags in bags_before.items():
        # the other game's side names are ignored (one mapping may serve both)
        if side not in (*SIDES, *_TWO_SIDES) or not is_whole(bags) or bags < 0:
            raise SpadesError(
                f"bags_before maps a side ({', '.join(names)}) to the bags it "
                f"carries, a whole number of at least 0; not {side!r}: {bags!r}"
            )
    return {
        side: _score_side(rules, side, bids, tricks, bags_before.get(side, 0))
        for side in names
    }


def _bid_of(rules: Rules, value: object) -> Bid:
    """A bid as the rules read it (0 is Nil where they have no numeric zero),
    refused when the rules cannot produce it."""
    try:
        bid = Bid.parse(value)  # type: ignore[arg-type]
    except SpadesError:
        # in the rules' own words, as a Hand refuses it
        raise SpadesError(
            f"{value!r:.40} is not a bid: bid {bid_words(rules)}"
        ) from None
    if bid == Bid(0) and not rules.numeric_zero and rules.nil:
        return Bid.NIL
    low = 0 if rules.numeric_zero else 1  # as legal_bids: 0 is Nil or nothing
    if bid.kind is BidKind.NUMBER and not low <= bid.tricks <= rules.hand_size:
        raise SpadesError(
            f"a bid is {low} to {rules.hand_size} tricks under {rules.full_spec}, "
            f"not {bid.tricks}"
        )
    if (bid.is_nil and not rules.nil) or (
        bid.kind is _BLIND_SEVEN and not rules.blind_seven
    ):
        raise SpadesError(f"{bid.label()} is not a bid under {rules.full_spec}")
    return bid


def _trick_count(rules: Rules, value: object) -> int:
    if not is_whole(value) or not 0 <= value <= rules.hand_size:  # type: ignore[operator]
        raise SpadesError(
            f"a whole number of tricks from 0 to {rules.hand_size}, not {value!r}"
        )
    return value  # type: ignore[return-value]


def _by_seat(
    rules: Rules, what: str, given: Mapping[Any, Any] | Sequence[Any], read: Any
) -> dict[Seat, Any]:
    """``given`` keyed by every seat in play and nothing else, each value
    read by ``read`` (a refusal names the seat)."""
    if isinstance(given, Sequence) and not isinstance(given, str):
        # a list indexed by seat, as a hand holds them (four places, the
        # seats not in play ignored)
        given = {s: given[s] for s in rules.seats if s < len(given)}
    if not isinstance(given, Mapping):
        raise SpadesError(
            f"{what} map each seat to a value (or list them by seat), not {given!r:.60}"
        )
    found: dict[Seat, object] = {}
    for key, value in given.items():
        try:
            seat = Seat.parse(key)
        except SpadesError:
            seat = None
        if seat is None or seat not in rules.seats:
            raise SpadesError(
                f"{what}: {key!r} is not a seat of this {rules.full_spec} hand "
                f"({', '.join(s.letter for s in rules.seats)})"
            )
        try:
            found[seat] = read(value)
        except (SpadesError, TypeError) as error:
            raise SpadesError(f"{what}: {seat.full}: {error}") from None
    missing = [s.full for s in rules.seats if s not in found]
    if missing:
        raise SpadesError(f"{what}: {' and '.join(missing)} missing")
    return found


_SIDE_SEATS = {
    "NS": (Seat.NORTH, Seat.SOUTH),
    "EW": (Seat.EAST, Seat.WEST),
    "N": (Seat.NORTH,),
    "S": (Seat.SOUTH,),
}
_NIL = BidKind.NIL
_BLIND_NIL = BidKind.BLIND_NIL
_BLIND_SEVEN = BidKind.BLIND_SEVEN


def _frozen(cls: type, values: dict[str, object]) -> object:
    """A frozen dataclass instance built without its ``__init__`` (the engine
    scores every simulated hand, and the generated one is slow)."""
    obj: Any = object.__new__(cls)
    obj.__dict__.update(values)
    return obj


def _score_side(
    rules: Rules,
    side: str,
    bids: Mapping[Seat, Bid],
    tricks: Mapping[Seat, int],
    bags_before: int,
) -> SideScore:
    how = rules.nil_tricks
    contract = total = counted = nil_bags = 0
    blind_seven = False
    nils: list[NilResult] = []
    for seat in _SIDE_SEATS[side]:
        bid = bids[seat]
        won = tricks[seat]
        total += won
        kind = bid.kind
        if kind is _NIL or kind is _BLIND_NIL:
            value = rules.blind_nil_value if kind is _BLIND_NIL else rules.nil_value
            made_nil = won == 0
            nils.append(
                _frozen(  # type: ignore[arg-type]
                    NilResult,
                    {
                        "seat": seat,
                        "bid": bid,
                        "tricks": won,
                        "made": made_nil,
                        "points": value if made_nil else -value,
                    },
                )
            )
            if how == "team":
                counted += won
            elif how == "bags":
                nil_bags += won
        else:
            counted += won
            if kind is _BLIND_SEVEN:
                blind_seven = True
            contract += bid.tricks
    if blind_seven:
        contract = 7

    made: bool | None
    overtricks = 0
    if contract == 0:
        made, contract_points = None, 0
    else:
        if blind_seven:
            value = rules.blind_seven_value
        elif rules.ten_for_200 and contract == 10:
            value = rules.ten_for_200_value
        else:
            value = 10 * contract
        made = counted >= contract
        if made:
            overtricks = counted - contract
            contract_points = value + overtricks
        else:
            contract_points = -value

    gained = overtricks + nil_bags
    limit = rules.bag_limit
    penalties, bags_after = divmod(bags_before + gained, limit)
    penalty_points = penalties * rules.bag_penalty
    points = contract_points + nil_bags - penalty_points
    for nil in nils:
        points += nil.points
    return _frozen(  # type: ignore[return-value]
        SideScore,
        {
            "side": side,
            "contract": contract,
            "tricks": total,
            "counted_tricks": counted,
            "made": made,
            "contract_points": contract_points,
            "overtricks": overtricks,
            "nil_trick_bags": nil_bags,
            "nils": tuple(nils),
            "bags_before": bags_before,
            "bags_gained": gained,
            "penalties": penalties,
            "penalty_points": penalty_points,
            "bags_after": bags_after,
            "points": points,
        },
    )


def game_over(rules: Rules | str, scores: Mapping[str, int]) -> tuple[bool, str | None]:
    """Whether the game ends at these running scores, and who wins.

    The game ends once a side reaches the target (or, with a losing threshold,
    falls to it); the higher score wins; equal scores play another hand.

    >>> game_over(Rules(), {"NS": 520, "EW": 530})
    (True, 'EW')
    >>> game_over(Rules(), {"NS": 510, "EW": 510})
    (False, None)
    >>> game_over(Rules("yppedia"), {"NS": -200, "EW": 40})
    (True, 'EW')
    """
    rules = rules_of(rules, "game_over")
    _check_scores(rules, scores, "game_over")
    values = list(scores.values())
    ended = any(v >= rules.target for v in values) or (
        rules.losing_threshold is not None
        and any(v <= rules.losing_threshold for v in values)
    )
    if not ended:
        return False, None
    best = max(values)
    leaders = [side for side, v in scores.items() if v == best]
    if len(leaders) > 1:
        return False, None
    return True, leaders[0]


def why_over(rules: Rules | str, scores: Mapping[str, int]) -> tuple[str, str] | None:
    """Why the game ends at these scores: ``("target", side)`` for a side at
    or over the target (the higher one), ``("threshold", side)`` for a side
    at or under the losing threshold; ``None`` while it goes on.

    >>> why_over(Rules(), {"NS": 520, "EW": 530})
    ('target', 'EW')
    >>> why_over(Rules("yppedia"), {"NS": -420, "EW": 153})
    ('threshold', 'NS')
    """
    rules = rules_of(rules, "why_over")
    _check_scores(rules, scores, "why_over")
    if not game_over(rules, scores)[0]:
        return None
    over = [s for s, v in scores.items() if v >= rules.target]
    if over:
        return "target", max(over, key=lambda s: scores[s])
    low = rules.losing_threshold
    fallen = [s for s, v in scores.items() if low is not None and v <= low]
    return "threshold", min(fallen, key=lambda s: scores[s])
