"""The coach values the end of the game when it can come this hand.

Late in a game an overtrick can cost the bag penalty and the game with it;
the coach then values an outcome as the search bots' playouts do
(:func:`spadeslib.bots.playout.leaf_value`: the bag-adjusted margin, and
400 points more for a won game, 400 fewer for a lost one), in sampled worlds
and in worlds solved exactly alike, and its reasons say so. Far from the
target it values them exactly as before: the game term is off.

The positions come from an outside reviewer's scripts (a classic game, North-
South on 470 with 9 bags); "before" is the same coach with the game term
turned off (``hand_reach`` so low that no game is ever within reach), which is
the coach as it was.
"""

from __future__ import annotations

import pytest

from spadeslib import Card, Hand, Rules
from spadeslib.bots import make_bot, playout
from spadeslib.bots.knowledge import state_from_hand
from spadeslib.bots.playout import GAME_WEIGHT, game_result, leaf_value
from spadeslib.coach import Coach
from spadeslib.scoring import game_over, score_hand
from spadeslib.view import PlayerView

LATE = {"NS": 470, "EW": 300}
NINE_BAGS = {"NS": 9, "EW": 0}

#: classic, East deals, seed 5: South bids 3, East and West bid Blind Nil
#: (they are 170 behind), South follows the search coach to trick 9, where
#: West led the 8♥, North's J♠ wins over East's 10♠ and South holds
#: 5♣ A♣ 3♠ 6♠ K♠ (North-South have taken 4 of their 5 tricks)
TRICK_9 = (
    "S 3, W blind_nil, N 2, E blind_nil, W pass 10S AS, E pass AD AH, "
    "S 2D, W 7D, N 3D, E 9D, E 2C, S 3C, W 6C, N 4C, W 3H, N 4H, E 2H, S 6H, "
    "S 6D, W 10D, N KD, E QH, N KH, E 7H, S JH, W 10H, N 7C, E 10C, S KC, W 8C, "
    "S 8D, W QD, N 4D, E QC, W AD, N 5D, E 5H, S JD, W 8H, N JS, E 10S"
)


@pytest.fixture
def no_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """The coach as it was: no game within reach, whatever the scores."""
    monkeypatch.setattr(playout, "hand_reach", lambda rules: -(10**6))


def _trick_9(scores: dict[str, int], bags: dict[str, int]) -> PlayerView:
    hand = Hand("classic", "E", seed=5, scores=scores, bags=bags)
    for step in TRICK_9.split(", "):
        seat, action = step.split(" ", 1)
        hand.apply(action, seat)
    return hand.view("S")


def _played_to(
    preset: str, seed: int, scores: dict[str, int], left: int
) -> tuple[Hand, PlayerView]:
    """The rule level plays every seat until South chooses among several
    cards with at most ``left`` cards in play."""
    hand = Hand(preset, "E", seed=seed, scores=scores, bags=NINE_BAGS)
    n = 0
    while True:
        seat = hand.turn
        assert seat is not None
        view = hand.view(seat)
        if (
            seat.letter == "S"
            and view.phase.value == "playing"
            and len(view.legal) > 1
            and sum(view.cards_left.values()) <= left
        ):
            return hand, view
        hand.apply(make_bot("rule", seed=n).act(view))
        n += 1


def _means(advice: object) -> dict[object, float]:
    return {a: round(e.mean, 6) for a, e in advice.values.items()}  # type: ignore[attr-defined]


# ------------------------------------------------------------- sampled worlds
def test_a_bag_at_470_with_9_bags_costs_the_game() -> None:
    """The reviewer's trick 9: the 3♠ leaves North on lead and takes a bag in
    nearly every deal; at 9 bags that is 100 points and the game."""
    advice = Coach("search", seed=1).advise(_trick_9(LATE, NINE_BAGS))
    assert not advice.study.solved  # 17 cards left: sampled worlds
    assert advice.best == Card.parse("KS")
    verdict = advice.rate("3S")
    assert verdict.rating in ("mistake", "blunder"), verdict.text
    assert "your side wins the game in" in verdict.text
    assert "after the 3♠" in verdict.text
    assert "pays the 100-point bag penalty" in verdict.text
    # the hint says it too, of the next best card, and what the figures
    # count (with its first figure); the game's own sentence is left out,
    # the comparison having given its shares
    hint = advice.explain()
    assert "your side wins the game in" in hint
    assert "; the figures count a won game as 400 points" in hint
    assert "The game can end with this hand" not in hint


def test_the_same_bag_was_only_an_inaccuracy_before(no_game: None) -> None:
    """Without the game term (the coach as it was) the same card is the
    reviewer's "inaccuracy ... 0.9 fewer bags": the test above can fail."""
    verdict = Coach("search", seed=1).advise(_trick_9(LATE, NINE_BAGS)).rate("3S")
    assert verdict.rating not in ("mistake", "blunder"), verdict.text
    assert "game" not in verdict.text and "fewer bags" in verdict.text


def test_far_from_the_target_the_card_is_rated_as_before(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The same deal and cards at 200 to 100 (East-West 100 behind, so their
    Blind Nils stay legal): the game cannot end this hand, and every value,
    rating and word is what the coach without the game term says."""
    view = _trick_9({"NS": 200, "EW": 100}, NINE_BAGS)
    now = Coach("search", seed=1).advise(view)
    monkeypatch.setattr(playout, "hand_reach", lambda rules: -(10**6))
    before = Coach("search", seed=1).advise(view)
    assert _means(now) == _means(before)
    for card in view.legal:
        assert now.rate(card) == before.rate(card)
    assert now.explain() == before.explain()
    assert all(o.game is None for outs in now.study.outcomes.values() for o in outs)


def test_both_sides_over_the_target_the_higher_wins() -> None:
    """Cards4net at 495 to 495: both sides reach 500 if they make their
    contracts, and the higher total wins. Over the same worlds, each value is
    the old one (the bag-adjusted margin) plus 400 for a won game, minus 400
    for a lost one, and the world's game flag says which."""
    scores = {"NS": 495, "EW": 495}
    hand = Hand("cards4net", "E", seed=7, scores=scores, bags={"NS": 0, "EW": 0})
    n = 0
    while not (
        hand.turn is not None
        and hand.turn.letter == "S"
        and len(hand.tricks) >= 4
        and len(hand.legal_actions()) > 1
    ):
        hand.apply(make_bot("rule", seed=n).act(hand.view(hand.turn)))
        n += 1
    view = hand.view("S")
    now = Coach("search", seed=1, steady=False).advise(view)
    assert not now.study.solved
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(playout, "hand_reach", lambda rules: -(10**6))
        before = Coach("search", seed=1, steady=False).advise(view)
    flags = set()
    for rep, outs in now.study.outcomes.items():
        for o, old in zip(outs, before.study.outcomes[rep], strict=True):
            bonus = {True: GAME_WEIGHT, False: -GAME_WEIGHT, None: 0}[o.game]
            assert o.value == old.value + bonus
            flags.add(o.game)
    assert True in flags and False in flags


# --------------------------------------------------------------- exact worlds
def test_few_cards_left_the_exact_solver_values_the_game_too() -> None:
    """Classic, seed 3, 12 cards left: every world is solved exactly, with
    the same game term; the 10♠ costs the game in some of them."""
    _, view = _played_to("classic", 3, LATE, 12)
    advice = Coach("search", seed=1).advise(view)
    assert advice.study.solved
    assert advice.best == Card.parse("3S")
    verdict = advice.rate("10S")
    assert verdict.rating in ("mistake", "blunder"), verdict.text
    assert "your side wins the game in" in verdict.text


def test_few_cards_left_without_the_game_term_it_was_best(no_game: None) -> None:
    _, view = _played_to("classic", 3, LATE, 12)
    assert Coach("search", seed=1).advise(view).rate("10S").rating == "best"


def test_the_solver_and_the_playouts_agree_on_the_game() -> None:
    """In a solved world, the value the coach records (``leaf_value`` of the
    line the solver plays) is the solver's own value: both count the game."""
    from spadeslib.bots.studies.exact import WorldSolver

    hand, view = _played_to("classic", 3, LATE, 12)
    st = state_from_hand(hand)
    solver = WorldSolver(hand.rules, st, dict(hand.bags))
    assert solver.game == GAME_WEIGHT
    seat = int(view.seat)
    cards = [c for c in range(64) if st.legal(seat) >> c & 1]
    lines = solver.lines(st.hands, cards, seat)
    for card, (value, plays) in lines.items():
        sim = st.copy()
        sim.play(seat, card)
        for s, c in plays:
            sim.play(s, c)
        assert sim.tricks_done == 13
        assert leaf_value(sim, st.side(seat), hand.rules) == value


# ---------------------------------------------------------- losing threshold
def test_the_losing_threshold_ends_the_game_too() -> None:
    """YPPedia loses the game at -200. North-South on -170 with South's Blind
    Nil unbroken: breaking it (-100) loses the game, which the reason says."""
    hand, view = _played_to("yppedia", 13, {"NS": -170, "EW": 100}, 16)
    assert view.bids[view.seat].label() == "Blind Nil"
    advice = Coach("search", seed=1).advise(view)
    verdict = advice.rate("10S")
    assert verdict.rating == "blunder"
    assert "the opponents win the game in 0% of deals" in verdict.text
    losses = [o.game for o in advice.study.outcomes[Card.parse("10S")]]
    assert False in losses and True not in losses
    # with every card known (a review's check), the solver counts it too
    known = Coach("search", seed=1).advise(view, hand=hand).known
    assert known is not None
    assert known[Card.parse("2S")] - known[Card.parse("10S")] > GAME_WEIGHT


def test_game_result_is_the_engine_s_end_of_the_game() -> None:
    """The simulation's game result after a hand is what the engine's
    scoring says, bag penalties included: at the target, both sides over it
    (the higher wins, equal goes on), at the losing threshold."""
    cases = [
        ("classic", {"NS": 470, "EW": 300}, {"NS": 9, "EW": 0}),
        ("cards4net", {"NS": 480, "EW": 490}, {"NS": 0, "EW": 8}),
        ("cards4net", {"NS": 495, "EW": 495}, {"NS": 5, "EW": 5}),
        ("yppedia", {"NS": -150, "EW": 420}, {"NS": 0, "EW": 0}),
    ]
    seen = set()
    for preset, scores, bags in cases:
        rules = Rules(preset)
        for seed in range(6):
            hand = Hand(preset, "E", seed=seed, scores=scores, bags=bags)
            n = 0
            while sum(len(hand.holding[s]) for s in hand.seats) > 1 or (
                hand.phase.value != "playing"
            ):
                hand.apply(make_bot("rule", seed=n).act(hand.view(hand.turn)))
                n += 1
            st = state_from_hand(hand)
            last = hand.legal_actions()[0]
            st.play(int(hand.turn), st.deck.id_of_card(last))
            hand.apply(last)
            result = score_hand(rules, hand.bids, hand.tricks_won, bags)
            real = {side: scores[side] + result[side].points for side in scores}
            over, winner = game_over(rules, real)
            expected = None if not over else winner == "NS"
            assert game_result(st, 0, rules) == expected, (preset, seed, real)
            assert game_result(st, 1, rules) == (None if not over else winner == "EW")
            seen.add(expected)
    assert seen == {True, False, None}


# ----------------------------------------------------------------------- bids
def test_bids_value_the_game_when_it_can_end() -> None:
    """The reviewer's bid (classic, seed 5, South first to bid): at 0 to 0
    the values are as before; at 470 with 9 bags the overtrick costs the
    game, the values change and the hint says why."""
    hand = Hand("classic", "E", seed=5, scores=LATE, bags=NINE_BAGS)
    advice = Coach("search", seed=1, samples=16).advise(hand.view("S"))
    hint = advice.explain()
    # the figures' terms with the first figure, then who wins how often
    assert "unseen cards; the figures count a won game as 400 points" in hint
    assert "your side wins the game in" in hint and "% if you bid" in hint
    outcomes = advice.study.game[advice.best]
    assert True in outcomes
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(playout, "hand_reach", lambda rules: -(10**6))
        before = Coach("search", seed=1, samples=16).advise(hand.view("S"))
    assert _means(advice) != _means(before)


def test_a_bid_hint_says_the_opponents_are_about_to_win() -> None:
    """The reviewer's cards4net game, hand 6: East-West on 477 need only
    their contract; the hint says how often they win the game with it."""
    scores, bags = {"NS": -265, "EW": 477}, {"NS": 5, "EW": 7}
    hand = Hand("cards4net", "E", seed=11, scores=scores, bags=bags)
    hand.apply("look")
    hint = Coach("search", seed=1, samples=16).advise(hand.view("S")).explain()
    assert "The game can end with this hand" in hint
    assert "the opponents win it in" in hint


def test_bid_values_at_0_0_are_unchanged() -> None:
    hand = Hand("classic", "E", seed=5)
    view = hand.view("S")
    now = Coach("search", seed=1, samples=16).advise(view)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(playout, "hand_reach", lambda rules: -(10**6))
        before = Coach("search", seed=1, samples=16).advise(view)
    assert _means(now) == _means(before)
    assert now.explain() == before.explain()
    assert "game" not in now.explain()


def test_a_made_nil_and_a_contract_from_350_end_the_game() -> None:
    """A diff review: a fixed reach of 130 points missed a hand that ends
    the game (North's Nil, +100, and South's 6 made with a bag from 350):
    the coach valued it as if the game went on."""
    from spadeslib.bots.sim import NIL

    rules = Rules()
    hand = Hand(rules, "W", seed=1, scores={"NS": 350, "EW": 100})
    st = state_from_hand(hand)
    st.bid[:] = [0, 4, 6, 3]
    st.nil[:] = [NIL, 0, 0, 0]
    st.tricks_won[:] = [0, 3, 7, 3]
    real = {"NS": 350 + st.side_score(0, adjusted=False)}
    real["EW"] = 100 + st.side_score(1, adjusted=False)
    assert game_over(rules, real) == (True, "NS")
    assert playout.game_result(st, 0, rules) is True
    assert playout.leaf_value(st, 0, rules) == (
        st.side_score(0) - st.side_score(1) + playout.GAME_WEIGHT
    )


def test_the_solvers_game_option_is_checked() -> None:
    """A diff review: a negative weight, scores of no side, and a solver
    reused for other running scores were taken silently."""
    from spadeslib import Bid, Seat, SpadesError
    from spadeslib.analysis import Position, Solver

    hands = {
        Seat.NORTH: Card.parse_many("AS 2H"),
        Seat.EAST: Card.parse_many("KH 3H"),
        Seat.SOUTH: Card.parse_many("AH 4H"),
        Seat.WEST: Card.parse_many("QH 5H"),
    }
    bids = {seat: Bid(1) for seat in hands}

    def position(**scores: int) -> Position:
        return Position(Rules(), hands, Seat.NORTH, bids=bids, scores=scores)

    with pytest.raises(SpadesError, match="0 or more"):
        Solver(position(), "points", game=-400)
    with pytest.raises(SpadesError, match="scores are by side"):
        Solver(position(ns=490), game=400)
    late = position(NS=490, EW=0)
    solver = Solver(late, "points", game=400)
    solver.values(late)
    with pytest.raises(SpadesError, match="other running scores"):
        solver.values(position(NS=0, EW=0))
