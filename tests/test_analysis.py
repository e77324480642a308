"""Tests of the exact solver (spadeslib.analysis): every objective against
plain minimax on small positions under every rule family (nil accounting,
jokers, two players), trick counts against DDS (endplay) where the rules
coincide, and the solution's principal line against a replay."""

from __future__ import annotations

import pytest

from spadeslib import Card, Hand, IllegalAction, Rules, Seat, score_hand
from spadeslib.analysis import (
    OBJECTIVES,
    Position,
    Solver,
    card_loss,
    card_values,
    solve,
)
from spadeslib.analysis.bench import dds_values, random_position
from spadeslib.scoring import sides

RULE_SETS = ("cards4net", "classic", "yppedia", "classic+jokers", "two-player")


def _final(pos: Position, objective: str) -> int:
    """The first side's value of a finished hand, straight from score_hand."""
    a, b = sides(pos.rules)
    if objective == "tricks":
        return sum(n for s, n in pos.tricks_won.items() if pos.side_of(s) == a)
    result = score_hand(pos.rules, pos.bids, pos.tricks_won, pos.bags)
    if objective == "points":
        return result[a].points - result[b].points

    def adjusted(side: str) -> int:
        s = result[side]
        return s.points + s.penalty_points - 10 * s.bags_gained

    return adjusted(a) - adjusted(b)


def _minimax(pos: Position, objective: str) -> int:
    """Every card tried, no table, no bounds: the definition of the value."""
    if not pos.cards_left and not pos.trick:
        return _final(pos, objective)
    values = [_minimax(pos.play(c), objective) for c in pos.legal_cards()]
    first = pos.side_of(pos.turn) == sides(pos.rules)[0]
    return max(values) if first else min(values)


def _small(rules: str, seed: int) -> Position:
    two = Rules.parse(rules).players == 2
    cards = (2 + seed % 3) if two else (1 + seed % 3)
    return random_position(seed, cards, rules=rules, played=seed % (2 if two else 4))


@pytest.mark.parametrize("rules", RULE_SETS)
@pytest.mark.parametrize("objective", OBJECTIVES)
def test_every_objective_matches_minimax(rules: str, objective: str) -> None:
    for seed in range(12):
        pos = _small(rules, seed)
        exact = {c: _minimax(pos.play(c), objective) for c in pos.legal_cards()}
        assert Solver(pos, objective).values(pos) == exact, (rules, seed, pos)


@pytest.mark.parametrize("rules", RULE_SETS)
@pytest.mark.parametrize("objective", OBJECTIVES)
def test_a_cards_loss_is_the_gap_to_the_best_value(rules: str, objective: str) -> None:
    """card_loss (one exact search, null windows for the rest) equals the
    gap that every card's exact value gives, for either side to move, on
    small positions and on positions of 4 to 6 cards a hand."""
    positions = [_small(rules, seed) for seed in range(8)] + [
        random_position(100 + seed, 4 + seed % 3, rules=rules, played=seed % 3)
        for seed in range(6)
    ]
    for pos in positions:
        values = card_values(pos, objective)
        best = max(values.values())
        solver = Solver(pos, objective)
        gaps = {c: card_loss(pos, c, objective, solver=solver) for c in values}
        assert gaps == {c: best - v for c, v in values.items()}, (rules, pos)
        assert min(gaps.values()) == 0
        held = {c for cards in pos.hands.values() for c in cards}
        illegal = sorted(held - set(values))
        if illegal:
            with pytest.raises(IllegalAction, match=r"does not hold|cannot"):
                card_loss(pos, illegal[0], objective, solver=solver)


def test_nil_bidders_are_searched_on_their_own_counters() -> None:
    """Positions with a nil bidder: points depend on whose tricks they are."""
    found = 0
    for seed in range(200):
        pos = _small("classic", seed)
        if not any(b.is_nil for b in pos.bids.values()):
            continue
        found += 1
        for objective in ("points", "bag-adjusted"):
            exact = {c: _minimax(pos.play(c), objective) for c in pos.legal_cards()}
            assert Solver(pos, objective).values(pos) == exact, (seed, pos)
        if found == 8:
            break
    assert found == 8


def test_trick_counts_agree_with_dds() -> None:
    pytest.importorskip("endplay", reason="DDS comes with the bench extra (endplay)")
    for i in range(30):
        size, played = 1 + i % 8, (i // 8) % 4
        pos = random_position(500 + i, size, broken=True, played=played)
        theirs = dds_values(pos)
        s = solve(pos, "tricks", line=False)
        done = sum(n for p, n in pos.tricks_won.items() if pos.side_of(p) == s.side)
        assert {c: v - done for c, v in s.values.items()} == theirs, (i, pos)


def test_solution_line_replays_to_its_value() -> None:
    for i, rules in enumerate(RULE_SETS):
        for objective in OBJECTIVES:
            pos = random_position(i, 4, rules=rules, played=i % 2)
            s = solve(pos, objective)
            assert s.line[0][0] == pos.turn and s.line[0][1] in s.best
            end = pos
            for seat, card in s.line:
                assert end.turn == seat
                end = end.play(card)
            assert not end.cards_left and not end.trick
            assert end.tricks_won == s.tricks
            first = _final(end, objective)
            assert Solver(pos, objective).value() == first
            mover_first = pos.side_of(pos.turn) == sides(pos.rules)[0]
            total = sum(end.tricks_won.values())
            if objective == "tricks":
                assert s.value == (first if mover_first else total - first)
            else:
                assert s.value == (first if mover_first else -first)
            assert all(s.loss(c) >= 0 for c in s.values)
            assert {c for c in s.values if s.loss(c) == 0} == set(s.best)


def test_values_for_the_other_side() -> None:
    pos = random_position(3, 5)
    mine = solve(pos, "tricks")
    other_side = next(s for s in sides(pos.rules) if s != mine.side)
    theirs = solve(pos, "tricks", other_side, line=False)
    total = sum(pos.tricks_won.values()) + pos.tricks_left
    assert {c: total - v for c, v in theirs.values.items()} == mine.values
    points = solve(pos, "points", line=False)
    against = solve(pos, "points", other_side, line=False)
    assert {c: -v for c, v in against.values.items()} == points.values
    assert against.loss(points.best[0]) == 0


def test_one_solver_serves_later_positions_of_the_hand() -> None:
    pos = random_position(8, 5)
    solver = Solver(pos, "bag-adjusted")
    while pos.cards_left:
        fresh = Solver(pos, "bag-adjusted").values(pos)
        assert solver.values(pos) == fresh
        pos = pos.play(min(fresh, key=lambda c: (fresh[c], c)))


def test_position_from_a_view_and_a_world() -> None:
    from spadeslib import Hand

    hand = Hand("classic", seed=11)
    for bid in (3, 4, 3, 2):
        hand.apply(bid)
    for _ in range(30):
        hand.apply(hand.legal_actions()[0])
    real = Position.from_hand(hand)
    world = {s: real.hands[s] for s in real.seats if s != hand.turn}
    assert Position.from_view(hand.view(hand.turn), world) == real
    assert card_values(hand, "tricks") == card_values(real, "tricks")


def test_bad_positions_are_refused() -> None:
    rules = Rules()
    hands = {s: Card.parse_many("AS") for s in Seat}
    with pytest.raises(ValueError, match="appears twice"):
        Position(rules, hands, Seat.NORTH)
    uneven = dict(zip(Seat, Card.parse_many("AS KS QS JS"), strict=True))
    with pytest.raises(ValueError, match="as many cards"):
        Position(
            rules, {**{s: (c,) for s, c in uneven.items()}, Seat.EAST: ()}, Seat.NORTH
        )
    with pytest.raises(ValueError, match="unknown objective"):
        Solver(random_position(1, 2), "score")
    pos = random_position(1, 2)
    with pytest.raises(IllegalAction, match="does not hold"):
        pos.play(next(c for c in pos.hands[pos.turn.left] if c))
    other = random_position(2, 2, rules="classic")
    with pytest.raises(ValueError, match="another hand"):
        Solver(pos, "points").values(other)


@pytest.mark.slow
def test_a_whole_deal_is_solved() -> None:
    pos = random_position(0, 13)
    solver = Solver(pos, "tricks")
    values = solver.values(pos)
    assert set(values) == set(pos.legal_cards())
    first = pos.side_of(pos.turn) == sides(pos.rules)[0]
    assert solver.value() == (max if first else min)(values.values())


def test_positions_read_seat_letters() -> None:
    """``"N"`` names North in every field, as :meth:`Position.from_view`
    reads it; a seat that does not play is refused by name."""
    cards = Card.parse_many("AS KS QS JS")
    by_letter = Position(
        Rules(), dict(zip("NESW", ((c,) for c in cards), strict=True)), "N"
    )
    by_seat = Position(
        Rules(), dict(zip(Seat, ((c,) for c in cards), strict=True)), Seat.NORTH
    )
    assert by_letter == by_seat
    with pytest.raises(ValueError, match="East does not play"):
        Position(Rules("two-player"), {"N": cards[:1], "E": cards[1:2]}, "N")


def test_a_trick_names_only_seats_that_play_once() -> None:
    two = Rules("two-player")
    hands = {"N": Card.parse_many("AS"), "S": Card.parse_many("KS")}
    with pytest.raises(ValueError, match="East does not play"):
        Position(two, hands, "S", trick=(("E", Card.parse("KC")),))
    four = dict(
        zip("NESW", ((c,) for c in Card.parse_many("AS KS QS JS")), strict=True)
    )
    with pytest.raises(ValueError, match="plays twice"):
        Position(
            Rules(), four, "S", trick=(("N", Card.parse("2C")), ("N", Card.parse("3C")))
        )


def test_a_position_refuses_a_card_as_the_hand_does() -> None:
    """Position.play and legal_cards follow legality.playable: the same
    cards as the hand, and the same refusal (rule and words)."""
    hand = Hand(seed=3)
    for bid in (3, 4, 3, 2):
        hand.apply(bid)
    for _ in range(30):
        pos = Position.from_hand(hand)
        mover = hand.turn
        assert pos.legal_cards() == hand.legal_cards()
        assert pos.next_seat(mover) is hand.rules._next_seat[mover]
        for card in (*pos.hands[mover], *pos.hands[mover.left][:2]):
            error = hand.check(card)
            if error is None:
                continue
            with pytest.raises(IllegalAction) as raised:
                pos.play(card)
            assert (raised.value.rule, str(raised.value)) == (error.rule, str(error))
            assert raised.value.seat is mover
        hand.apply(hand.legal_cards()[-1])
