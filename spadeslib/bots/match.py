"""Duplicate matches between two bot levels.

Every deal is played twice from the same cards and the same dealer: first
with bot ``a`` in the first partnership (North-South; North in two-player)
and ``b`` in the other, then with the seats swapped; bots are reset before
each play. Each deal is an independent hand starting at 0-0 with no bags, and
points are *bag-adjusted*: contract and nil points as scored, every bag
counted -10 instead of the penalty, so deals do not depend on a game score.

The per-deal difference is ``(a's points in both plays - b's points in both
plays) / 2``; the report gives its mean with a 95% confidence interval, and
for each bot: contracts made and set, nil and blind nil success, bags per
hand and blunders (a partner's sure winner trumped or overtaken; a partner's
nil left uncovered when a card could have covered it). A level that never
tries those moves (``filters_blunders``) has its blunder count reported as
excluded by construction, never as a clean zero. Every level is also
measured by what no filter avoids: the points its card play loses against
exact analysis (every card known, everybody perfect afterwards) over the
last :data:`EXACT_TRICKS` tricks of every hand, per deal with a 95% CI.

>>> report = duplicate_match("rule", "random", deals=2, seed=1)
>>> report.deals, len(report.diffs), report.mean > 0
(2, 2, True)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ..actions import Bid, BidKind
from ..cards import Card
from ..errors import SpadesError
from ..hand import Hand, Phase
from ..rules import Rules
from ..scoring import side_of, sides
from ..seats import Seat
from .base import Bot, BotError, blame, bot_failure, illegal_choice
from .knowledge import state_from_view
from .match_report import PARTS, BotStats, DealResult, MatchReport
from .seat_context import partner_sure

__all__ = [
    "EXACT_TRICKS",
    "check_level",
    "duplicate_match",
    "exact_tricks",
    "level_label",
]

#: the last tricks of every hand whose card play is checked against exact
#: analysis (capped by what the solver accepts: see :func:`exact_tricks`)
EXACT_TRICKS = 8


def exact_tricks(rules: Rules, wanted: int = EXACT_TRICKS) -> int:
    """How many final tricks the exact check covers: ``wanted``, or fewer if
    the solver refuses that many cards.

    >>> exact_tricks(Rules()) >= 4
    True
    """
    from .studies.exact import MAX_CARDS

    return max(0, min(wanted, MAX_CARDS // rules.players))


BotFactory = Callable[[Seat], Bot]


# -------------------------------------------------------------------- play
def _beats(rules: Rules, card: Card, trick: list[tuple[Seat, Card]]) -> bool:
    from ..tricks import trick_winner

    winner = trick_winner(rules, trick)
    best = dict(trick)[winner]
    return rules.beats(card, best, rules.trick_suit(trick[0][1]))


def _exact_loss(hand: Hand, action: Card, solver: Any) -> tuple[float, Any]:
    """Points ``action`` loses against the best card with every card known."""
    from ..analysis import Solver, card_loss

    solver = solver or Solver(hand, "bag-adjusted")
    return float(card_loss(hand, action, "bag-adjusted", solver=solver)), solver


def _play_hand(
    rules: Rules,
    dealer: Seat,
    seed: str,
    bots: dict[Seat, Bot],
    blunders: dict[Seat, list[float]],
    check_tricks: int = 0,
    times: dict[Seat, list[tuple[float, float]]] | None = None,
    labels: dict[Seat, str] | None = None,
    where: str = "",
) -> tuple[Hand, int]:
    """Play one hand; count blunders by seat, and the points lost against
    exact analysis in the last ``check_tricks`` tricks; return the hand and
    the number of decisions. A bot that raises or chooses an illegal action
    raises :class:`BotError` naming its level (``labels``, else its name),
    seat, ``where`` (the deal and its seed) and trick."""
    hand = Hand(rules, dealer, seed=seed)
    solver: Any = None
    clock, cpu_clock = time.perf_counter, time.process_time
    check_from = 13 - check_tricks
    for bot in bots.values():
        bot.reset()
    decisions = 0
    pending: list[tuple[int, Seat, Seat]] = []  # (trick number, coverer, nil seat)
    four = rules.players == 4
    while not hand.is_over:
        seat = hand.turn
        assert seat is not None
        view = hand.view(seat)
        start, cpu_start = clock(), cpu_clock()
        try:
            action = bots[seat].act(view)
        except Exception as failure:  # the bot's own bug: named, chained
            named = blame(seat, bots[seat], labels, where, hand)
            raise bot_failure(*named, failure) from failure
        if len(view.legal) > 1 and times is not None:
            times[seat].append((clock() - start, cpu_clock() - cpu_start))
        decisions += 1
        error = hand.check(action)
        if error is not None:
            named = blame(seat, bots[seat], labels, where, hand)
            raise illegal_choice(*named, action, error)
        if not isinstance(action, Card | Bid):  # text, as the hand reads it
            action = hand.parse_action(action)
        if (
            four
            and hand.phase is Phase.PLAYING
            and hand.trick
            and isinstance(action, Card)
        ):
            partner = seat.partner
            trick = list(hand.trick)
            from ..tricks import trick_winner

            if trick_winner(rules, trick) == partner:
                legal = [c for c in view.legal if isinstance(c, Card)]
                beating = [c for c in legal if _beats(rules, c, trick)]
                pbid = hand.bids[partner]
                own = hand.bids[seat]
                assert pbid is not None and own is not None
                if not pbid.is_nil:
                    if (
                        action in beating
                        and len(beating) < len(legal)
                        and partner_sure(state_from_view(view), int(seat))
                    ):
                        blunders[seat][0] += 1
                elif (
                    hand.tricks_won[partner] == 0
                    and not own.is_nil
                    and beating
                    and action not in beating
                ):
                    pending.append((len(hand.tricks), seat, partner))
        if (
            check_tricks
            and isinstance(action, Card)
            and len(hand.tricks) >= check_from
            and len(view.legal) > 1
        ):
            lost, solver = _exact_loss(hand, action, solver)
            blunders[seat][2] += lost
            blunders[seat][3] += 1
        hand.apply(action, check=False)
        if pending and not hand.trick:
            number, coverer, nil_seat = pending.pop()
            if hand.tricks[number].winner == nil_seat:
                blunders[coverer][1] += 1
    return hand, decisions


def _side_stats(hand: Hand, side: str, blunders: dict[Seat, list[float]]) -> BotStats:
    assert hand.result is not None
    score = hand.result[side]
    st = BotStats(hands=1)
    st.points = score.bag_adjusted
    st.bags = score.bags_gained
    st.tricks = score.tricks
    if score.made is not None:
        st.contracts = 1
        st.made = int(score.made)
        st.set = int(not score.made)
    for nil in score.nils:
        if nil.bid.kind is BidKind.BLIND_NIL:
            st.blind_nils += 1
            st.blind_nils_made += int(nil.made)
        else:
            st.nils += 1
            st.nils_made += int(nil.made)
    for seat in hand.seats:
        if side_of(hand.rules, seat) == side:
            st.overtakes += int(blunders[seat][0])
            st.uncovered += int(blunders[seat][1])
            st.exact_loss += blunders[seat][2]
            st.exact_decisions += int(blunders[seat][3])
    return st


def _bid_text(bid: Bid | None) -> str:
    return "-" if bid is None else str(bid)


def play_deal(
    rules: Rules,
    deal: int,
    seed: Any,
    make_a: BotFactory,
    make_b: BotFactory,
    check_tricks: int = 0,
    labels: tuple[str, str] = ("a", "b"),
) -> tuple[DealResult, BotStats, BotStats, int]:
    """Play deal number ``deal`` twice (``a`` first in the first side, then
    swapped); return the result, the stats of ``a`` and ``b`` and the number
    of decisions. ``labels`` name ``a`` and ``b`` in a bot's error."""
    cache: dict[tuple[str, Seat], Bot] = {}
    seats = rules.seats
    dealer = seats[deal % len(seats)]
    first, second = sides(rules)
    hand_seed = f"{seed}/deal/{deal}"
    where = f", deal {deal} (seed {hand_seed})"
    label = {"a": labels[0], "b": labels[1]}
    points = {"a": 0, "b": 0}
    parts = {key: dict.fromkeys(PARTS, 0) for key in ("a", "b")}
    stats = {"a": BotStats(), "b": BotStats()}
    bids = []
    tricks = []
    decisions = 0
    for play in range(2):
        a_side = first if play == 0 else second
        bots: dict[Seat, Bot] = {}
        names: dict[Seat, str] = {}
        for seat in seats:
            key = "a" if side_of(rules, seat) == a_side else "b"
            names[seat] = label[key]
            if (key, seat) not in cache:
                try:
                    cache[(key, seat)] = (make_a if key == "a" else make_b)(seat)
                except BotError as error:  # the bot failed when made: say where
                    raise BotError(f"{error} (at {seat.full}{where})") from (
                        error.__cause__
                    )
            bots[seat] = cache[(key, seat)]
        blunders = {seat: [0.0, 0.0, 0.0, 0.0] for seat in seats}
        times: dict[Seat, list[tuple[float, float]]] = {seat: [] for seat in seats}
        hand, n = _play_hand(
            rules, dealer, hand_seed, bots, blunders, check_tricks, times, names, where
        )
        decisions += n
        for side in (first, second):
            key = "a" if side == a_side else "b"
            st = _side_stats(hand, side, blunders)
            mine = [s for s in seats if side_of(rules, s) == side]
            st.filters_blunders = any(
                getattr(bots[s], "filters_blunders", False) for s in mine
            )
            st.wall = [w for s in mine for w, _ in times[s]]
            st.cpu = [c for s in mine for _, c in times[s]]
            points[key] += st.points
            stats[key].add(st)
            scores = hand.result
            assert scores is not None  # the hand is over
            score = scores[side]
            nil = sum(n.points for n in score.nils)
            parts[key]["contract"] += score.contract_points
            parts[key]["nil"] += nil
            parts[key]["bags"] += st.points - score.contract_points - nil
        bids.append({s.letter: _bid_text(hand.bids.get(s)) for s in seats})
        tricks.append({s.letter: hand.tricks_won[s] for s in seats})
    result = DealResult(
        deal=deal,
        dealer=dealer.letter,
        points_a=points["a"],
        points_b=points["b"],
        bids=(bids[0], bids[1]),
        tricks=(tricks[0], tricks[1]),
        loss_a=stats["a"].exact_loss,
        loss_b=stats["b"].exact_loss,
        parts_a=parts["a"],
        parts_b=parts["b"],
    )
    return result, stats["a"], stats["b"], decisions


def _factory(level: str, seed: Any, options: dict[str, Any], tag: str) -> BotFactory:
    from . import make_bot

    def make(seat: Seat) -> Bot:
        return make_bot(level, seed=f"{seed}/{tag}/{seat.letter}", **options)

    return make


def level_label(level: str, options: dict[str, Any]) -> str:
    """A level as it would be typed: ``"search:samples=8"``, ``"rule"``.

    >>> level_label("search", {"samples": 8}), level_label("rule", {})
    ('search:samples=8', 'rule')
    """
    return level + (
        ":" + ",".join(f"{k}={v}" for k, v in options.items()) if options else ""
    )


def _deal_job(
    job: tuple[tuple[Any, ...], int],
) -> tuple[DealResult, BotStats, BotStats, int]:
    """One deal of a match, from the match's settings alone (so any process,
    or a Dask worker, computes the same result)."""
    (rules, seed, a, b, a_opts, b_opts, check), deal = job
    make_a = _factory(a, seed, a_opts, "a")
    make_b = _factory(b, seed, b_opts, "b")
    labels = (level_label(a, a_opts), level_label(b, b_opts))
    return play_deal(rules, deal, seed, make_a, make_b, check, labels)


def check_level(level: str, seed: Any, options: dict[str, Any], tag: str) -> None:
    """Make the level's bot once, before any deal: an unknown level, option
    or seed, a module that cannot be imported or a bot that fails when made
    is refused at once, in this process (as ``spades play`` does)."""
    if "seed" in options:
        raise SpadesError(
            f"bot option 'seed' for {level!r}: a level takes no seed option; "
            "the seed comes from the match's seed="
        )
    _factory(level, seed, options, tag)(Seat.NORTH)


def duplicate_match(
    a: str,
    b: str,
    *,
    deals: int = 100,
    seed: Any = 0,
    rules: Rules | str = "cards4net",
    a_options: dict[str, Any] | None = None,
    b_options: dict[str, Any] | None = None,
    jobs: int | None = 1,
    progress: bool | None = False,
    check_tricks: int = 0,
    scheduler: Any = None,
) -> MatchReport:
    """Play ``deals`` duplicate deals between levels ``a`` and ``b``.

    ``a_options``/``b_options`` go to :func:`~spadeslib.bots.make_bot` (for
    example ``{"samples": 8}`` for the search level). Deals are played by
    :func:`spadeslib.parallel.run`: ``jobs`` > 1 plays them in that many
    processes (``None``: every core), ``scheduler`` on a Dask cluster (the
    result is the same).
    ``progress`` draws a bar on stderr (``None``: only on a terminal).
    ``check_tricks``: the final tricks of every hand whose card play is
    checked against exact analysis (0, the default, skips the check; the
    ladder checks :func:`exact_tricks`).

    >>> report = duplicate_match("rule", "rule", deals=1, seed=1)
    >>> report.diffs, report.per_deal("a"), report.per_deal("b")  # one level: 0
    ([0.0], 36.5, 36.5)
    """
    rules = Rules.parse(rules) if isinstance(rules, str) else rules
    if deals < 1:
        raise SpadesError("a match needs at least one deal")
    a_opts = dict(a_options or {})
    b_opts = dict(b_options or {})
    check_level(a, seed, a_opts, "a")
    check_level(b, seed, b_opts, "b")
    report = MatchReport(a=a, b=b, rules=rules.full_spec, seed=seed, deals=deals)
    report.stats = {"a": BotStats(), "b": BotStats()}
    start = time.perf_counter()
    check = check_tricks
    if check > exact_tricks(rules, check):
        raise SpadesError(
            f"the exact solver takes at most {exact_tricks(rules, 13)} final tricks, "
            f"not {check}"
        )
    report.check_tricks = check
    init = (rules, seed, a, b, a_opts, b_opts, check)
    from ..parallel import run

    outs = run(
        _deal_job,
        [(init, deal) for deal in range(deals)],
        jobs=jobs,
        scheduler=scheduler,
        progress=progress,
        label="deals",
    )
    for out in outs:
        _collect(report, out)
    report.seconds = time.perf_counter() - start
    return report


def _collect(
    report: MatchReport, out: tuple[DealResult, BotStats, BotStats, int]
) -> None:
    result, sa, sb, n = out
    report.results.append(result)
    report.stats["a"].add(sa)
    report.stats["b"].add(sb)
    report.decisions += n
