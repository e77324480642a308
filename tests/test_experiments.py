"""The course's experiments as jobs: the same results for any number of
processes, and the results the chapters' old serial loops gave for the same
seeds (the rule bot is deterministic, so a bot shared between hands, as the
old loops had, plays each hand as a fresh one does)."""

from __future__ import annotations

import pytest

from spadeslib import Bid, BidKind, Game, Hand, Phase, Seat, SpadesError
from spadeslib.bots import make_bot, play_until
from spadeslib.experiments import (
    CarelessBot,
    GameOutcome,
    HandJob,
    game_outcome,
    penalised_sides,
    play_game,
    play_hand,
    players,
)
from spadeslib.parallel import run

MIXED = [
    HandJob("t/1", dealer=Seat.NORTH),
    HandJob("t/2", nil=Seat.NORTH),
    HandJob("t/3", dealer=Seat.EAST, shift=-2),
    HandJob("t/4", shift=1),
    HandJob("t/5", bots="rule,careless,careless,careless", nil=Seat.NORTH),
    HandJob("t/6", rules="classic", bots="random"),
    HandJob("t/7", rules="two-player", dealer=Seat.SOUTH, bots="rule,random"),
    HandJob("t/8", rules="classic+jokers", bots="careless"),
]


def test_hands_are_the_same_for_any_number_of_processes() -> None:
    serial = run(play_hand, MIXED, jobs=1)
    assert run(play_hand, MIXED, jobs=2) == serial
    assert run(play_hand, list(reversed(MIXED)), jobs=2) == serial[::-1]
    assert [o.job for o in serial] == MIXED
    for outcome in serial:
        assert sum(outcome.tricks_won.values()) == 13
        seats = tuple(outcome.bids)
        held = [card for seat in seats for card in outcome.initial[seat]]
        assert len(set(held)) == len(held) == 13 * len(seats)
    assert serial[1].bids[Seat.NORTH] == Bid.NIL and serial[1].any_nil
    assert len({str(o.initial) for o in serial}) == len(serial)


def test_games_are_the_same_for_any_number_of_processes() -> None:
    seeds = [f"g/{i}" for i in range(3)]
    serial = run(game_outcome, seeds, jobs=1)
    assert run(game_outcome, seeds, jobs=2) == serial
    for seed, outcome in zip(seeds, serial, strict=True):
        game = play_game(seed)
        assert outcome == GameOutcome.of(game, seed)
        assert outcome.penalised == penalised_sides(game)
        assert outcome.hands == len(game.finished_hands)
        assert outcome.winner == game.winner and game.is_over


# ---- the chapters' old loops, as they were written before the jobs
class OldCareless:
    """Chapter 10's careless player, as the chapter defined it."""

    name = "careless"

    def __init__(self, seed):
        self.rule = make_bot("rule", seed=seed)
        self.random = make_bot("random", seed=seed)

    def act(self, view):
        if view.phase is Phase.PLAYING:
            return self.random.act(view)
        return self.rule.act(view)


def old_chapter9_play(hand: Hand, change_bid=None) -> Hand:
    bots = {seat: make_bot("rule", seed=f"ch9/{seat.letter}") for seat in Seat}
    while not hand.is_over:
        seat = hand.turn
        action = bots[seat].act(hand.view(seat))
        if change_bid and hand.phase is Phase.BIDDING and isinstance(action, Bid):
            action = change_bid(seat, action)
        hand.apply(action)
    return hand


def old_shifted(k: int):
    def change(seat: Seat, bid: Bid) -> Bid:
        if seat not in (Seat.NORTH, Seat.SOUTH) or bid.kind is not BidKind.NUMBER:
            return bid
        part = k // 2 + (k % 2 if seat is Seat.NORTH else 0)
        return Bid(min(13, max(0, bid.tricks + part)))

    return change


def same_hand(outcome, hand: Hand) -> bool:
    return (
        outcome.initial == dict(hand.initial)
        and all(outcome.bids[s] == hand.bids[s] for s in Seat)
        and all(outcome.tricks_won[s] == hand.tricks_won[s] for s in Seat)
        and outcome.result == hand.result
    )


@pytest.mark.parametrize("i", [0, 1, 2])
def test_chapter9_hands_match_the_old_loop(i: int) -> None:
    hand = old_chapter9_play(Hand("cards4net", dealer=Seat(i % 4), seed=f"worth/{i}"))
    assert same_hand(play_hand(HandJob(f"worth/{i}", dealer=Seat(i % 4))), hand)

    def north_nil(seat: Seat, bid: Bid) -> Bid:
        return Bid.NIL if seat is Seat.NORTH else bid

    seed = f"nil/{i}"
    nil = old_chapter9_play(Hand("cards4net", dealer="W", seed=seed), north_nil)
    outcome = play_hand(HandJob(seed, dealer=Seat.WEST, nil=Seat.NORTH))
    assert same_hand(outcome, nil) and outcome.bids[Seat.NORTH] == Bid.NIL

    for k in (-2, -1, 1):
        old = Hand("cards4net", dealer=Seat(i % 4), seed=f"under/{i}")
        old = old_chapter9_play(old, old_shifted(k))
        job = HandJob(f"under/{i}", dealer=Seat(i % 4), shift=k)
        assert same_hand(play_hand(job), old)


def test_shift_splits_between_the_partners() -> None:
    for k in range(-4, 5):
        job = HandJob("x", shift=k)
        north = job.changed(Seat.NORTH, Bid(5)).tricks - 5
        south = job.changed(Seat.SOUTH, Bid(5)).tricks - 5
        assert north + south == k and 0 <= north - south <= 1
        assert job.changed(Seat.EAST, Bid(5)) == Bid(5)
        assert job.changed(Seat.NORTH, Bid.NIL) == Bid.NIL
    assert HandJob("x", shift=-3).changed(Seat.SOUTH, Bid(0)) == Bid(0)
    assert HandJob("x", shift=3).changed(Seat.NORTH, Bid(12)) == Bid(13)


def test_chapter10_cover_experiment_matches_the_old_loop() -> None:
    """Chapter 10 plays a forced Nil with covering or careless partners."""
    for seed in ("cover/0", "cover/3"):
        for partner, opponents in (("rule", "careless"), ("careless", "rule")):
            old = {Seat.NORTH: make_bot("rule", seed=f"{seed}/N")}
            for seat, kind in (
                (Seat.SOUTH, partner),
                (Seat.EAST, opponents),
                (Seat.WEST, opponents),
            ):
                tag = f"{seed}/{seat.letter}"
                old[seat] = (
                    make_bot("rule", seed=tag) if kind == "rule" else OldCareless(tag)
                )
            deal = Hand("cards4net", dealer="W", seed=seed)
            while not deal.is_over:
                seat = deal.turn
                action = old[seat].act(deal.view(seat))
                if seat is Seat.NORTH and isinstance(action, Bid):
                    action = Bid.NIL
                deal.apply(action)
            bots = f"rule,{opponents},{partner},{opponents}"
            job = HandJob(seed, dealer=Seat.WEST, bots=bots, nil=Seat.NORTH)
            assert same_hand(play_hand(job), deal)


def test_chapter7_games_match_the_old_loop() -> None:
    for seed in (0, "survey/1"):
        game = Game("cards4net", seed=seed)
        bots = {s: make_bot("rule", seed=f"{seed}/{s.letter}") for s in Seat}
        play_until(game, bots)
        outcome = game_outcome(seed)
        assert outcome.scores == game.scores and outcome.winner == game.winner
        assert outcome.hands == len(game.finished_hands)
        assert sum(outcome.penalties.values()) == sum(
            s.penalties for r in game.results() for s in r.values()
        )
        assert outcome.all_over_target == (
            min(game.scores.values()) >= game.rules.target
        )


def test_bad_bot_lists_are_refused() -> None:
    with pytest.raises(SpadesError, match="4 comma-separated levels"):
        players("rule,rule", tuple(Seat), seed=1)
    with pytest.raises(SpadesError, match="unknown bot"):
        play_hand(HandJob("x", bots="genius"))
    assert CarelessBot(1).explain(Hand(seed=1, dealer="W").view("N")).level == (
        "careless"
    )


# ---- Blind Nil forced on a seat
BEHIND = {"NS": 0, "EW": 100}  # classic's blind_nil_margin


def old_blind_nil_play(hand: Hand, seed: str, blind: Seat) -> Hand:
    """A hand where ``blind`` bids Blind Nil at its turn, written out."""
    bots = {seat: make_bot("rule", seed=f"{seed}/{seat.letter}") for seat in Seat}
    while not hand.is_over:
        seat = hand.turn
        if seat is blind and hand.phase is Phase.BIDDING and seat not in hand.bids:
            assert Bid.BLIND_NIL in hand.legal_actions()
            hand.apply(Bid.BLIND_NIL)
        else:
            hand.apply(bots[seat].act(hand.view(seat)))
    return hand


@pytest.mark.parametrize("i", [0, 1, 2, 3])
def test_blind_nil_is_bid_and_the_bots_play_the_rest(i: int) -> None:
    seed, dealer = f"blind/{i}", Seat(i % 4)
    job = HandJob(seed, dealer=dealer, rules="classic", scores=BEHIND, blind_nil="N")
    outcome = play_hand(job)
    assert outcome.bids[Seat.NORTH] == Bid.BLIND_NIL and outcome.any_nil
    nil = outcome.result["NS"].nils
    assert [(n.seat, n.bid) for n in nil] == [(Seat.NORTH, Bid.BLIND_NIL)]
    assert abs(nil[0].points) == 200 and nil[0].made == (nil[0].points > 0)
    hand = Hand("classic", dealer=dealer, seed=seed, scores=BEHIND)
    assert same_hand(outcome, old_blind_nil_play(hand, seed, Seat.NORTH))
    # the same deal without the job's Blind Nil: the bot looks (100 behind)
    normal = play_hand(HandJob(seed, dealer=dealer, rules="classic", scores=BEHIND))
    assert normal.initial == outcome.initial
    assert not normal.bids[Seat.NORTH].is_blind


def test_blind_nil_changes_the_outcome() -> None:
    pairs = [
        (
            play_hand(HandJob(f"blind/{i}", rules="classic", scores=BEHIND)),
            play_hand(
                HandJob(f"blind/{i}", rules="classic", scores=BEHIND, blind_nil="N")
            ),
        )
        for i in range(6)
    ]
    assert all(a.bids[Seat.NORTH] != b.bids[Seat.NORTH] for a, b in pairs)
    assert sum(a.result != b.result for a, b in pairs) >= 5


def test_blind_nil_is_refused_where_the_rules_do_not_offer_it() -> None:
    for scores in (None, {"NS": 0, "EW": 99}, {"NS": 300, "EW": 0}):
        with pytest.raises(SpadesError, match=r"blind_nil: North cannot bid Blind Nil"):
            HandJob("x", rules="classic", scores=scores, blind_nil="N")
    with pytest.raises(SpadesError, match="behind by at least 100 points"):
        HandJob("x", rules="classic", scores={"NS": 0, "EW": 99}, blind_nil="N")
    HandJob("x", rules="classic", scores={"EW": 0, "NS": 100}, blind_nil="E")
    # cards4net: the first bidder only (West deals, North bids first)
    assert HandJob("x", blind_nil="N").blind_nil is Seat.NORTH
    with pytest.raises(SpadesError, match=r"East cannot bid Blind Nil: .*first bidder"):
        HandJob("x", blind_nil="E")
    with pytest.raises(SpadesError, match="has no Blind Nil"):
        HandJob("x", rules="classic+jokers", scores={"EW": 500}, blind_nil="N")
    with pytest.raises(SpadesError, match="Nil or Blind Nil, not both"):
        HandJob("x", nil="N", blind_nil="N")
    with pytest.raises(SpadesError, match="blind_nil: East has no seat"):
        HandJob("x", rules="two-player", blind_nil="E")
    with pytest.raises(SpadesError, match="scores map each side"):
        HandJob("x", scores={"XX": 0})
    # South's bot would bid the side's one yppedia Blind Nil first (200
    # behind): it looks instead, and North, as asked, bids it
    job = HandJob(
        "x", dealer="E", rules="yppedia", scores={"NS": 0, "EW": 200}, blind_nil="N"
    )
    outcome = play_hand(job)
    assert outcome.bids[Seat.NORTH] == Bid.BLIND_NIL
    assert outcome.bids[Seat.SOUTH] != Bid.BLIND_NIL


def test_blind_nil_jobs_are_hashable_and_travel_to_workers() -> None:
    jobs = [
        HandJob(f"w/{i}", rules="classic", scores=BEHIND, blind_nil=Seat.NORTH)
        for i in range(3)
    ] + [HandJob("w/2p", rules="two-player", blind_nil="S")]
    assert jobs[0].scores == (("NS", 0), ("EW", 100))
    assert jobs[0] == HandJob(
        "w/0", rules="classic", scores=(("NS", 0), ("EW", 100)), blind_nil="N"
    )
    assert len({*jobs, *jobs}) == len(jobs)
    serial = run(play_hand, jobs, jobs=1)
    assert run(play_hand, jobs, jobs=2) == serial
    assert [o.bids[o.job.blind_nil] for o in serial] == [Bid.BLIND_NIL] * 4


def test_a_partner_leaves_the_sides_one_blind_nil_to_the_forced_seat() -> None:
    """yppedia allows one Blind Nil a side: North's bot, bidding first, would
    take it; the job gives it to South, as asked, and North looks."""
    job = HandJob(3, rules="yppedia", blind_nil="S", scores={"NS": -300, "EW": 0})
    outcome = play_hand(job)
    assert outcome.bids[Seat.SOUTH] == Bid.BLIND_NIL
    assert not outcome.bids[Seat.NORTH].is_nil


def test_scores_that_are_no_scores_are_refused_by_name() -> None:
    with pytest.raises(SpadesError, match=r"scores: .* is not each side's score"):
        HandJob(3, rules="classic", scores=(0, 100))  # type: ignore[arg-type]
