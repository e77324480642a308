"""The exact solver's unchecked fast paths give what the checked ones give.

``Position._after`` (the child of a checked position, built without
``__post_init__``), ``tricks._winner`` (``trick_winner`` without reading its
input) and a :class:`Solver` whose search closure is built once and follows
``load``/``play`` in place are compared with the public, checked entry
points on many seeded positions (jokers and two-player rules included); the
public constructors still refuse bad input with the same messages."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest

from spadeslib import Card, Rules, Seat, trick_winner
from spadeslib.analysis import Position, Solver, card_loss, lines, solve
from spadeslib.analysis.bench import random_position
from spadeslib.analysis.search import make_search
from spadeslib.errors import SpadesError
from spadeslib.tricks import _read_plays, _winner

RULE_SETS = ("cards4net", "classic", "yppedia", "classic+jokers", "two-player")


def _checked_play(pos: Position, card: Card) -> Position:
    """The child position through the public, checked constructor and the
    public trick_winner (what Position.play built before the fast path)."""
    hands = dict(pos.hands)
    hands[pos.turn] = tuple(c for c in hands[pos.turn] if c != card)
    trick = (*pos.trick, (pos.turn, card))
    broken = pos.spades_broken or pos.rules.trick_suit(card) == 3
    won = dict(pos.tricks_won)
    turn = pos.next_seat(pos.turn)
    if len(trick) == len(pos.seats):
        turn = trick_winner(pos.rules, trick)
        won[turn] += 1
        trick = ()
    return Position(
        pos.rules, hands, turn, trick, won, broken, pos.bids, pos.bags, pos.scores
    )


def _same(a: Position, b: Position) -> None:
    assert type(a) is type(b) is Position
    assert a == b
    assert a.__dict__.keys() == b.__dict__.keys()
    assert list(a.hands) == list(b.hands) and list(a.tricks_won) == list(b.tricks_won)
    assert all(type(s) is Seat for s in (a.turn, *a.hands, *a.tricks_won, *a.bids))
    assert all(type(s) is Seat and type(c) is Card for s, c in a.trick)
    assert all(type(h) is tuple and list(h) == sorted(h) for h in a.hands.values())


@pytest.mark.parametrize("rules", RULE_SETS)
def test_a_played_child_is_the_checked_child(rules: str) -> None:
    for seed in range(8):
        pos = random_position(seed, 4 + seed % 4, rules=rules, played=seed % 2)
        rng = random.Random(seed)
        while pos.cards_left:
            card = rng.choice(pos.legal_cards())
            child = pos.play(card)
            _same(child, _checked_play(pos, card))
            _same(pos._after(card), child)
            assert child.bids == pos.bids and child.bids is not pos.bids
            pos = child
        assert sum(pos.tricks_won.values()) == 13


@pytest.mark.parametrize("rules", RULE_SETS)
def test_the_unchecked_winner_is_trick_winner(rules: str) -> None:
    r = Rules.parse(rules)
    rng = random.Random(rules)
    for _ in range(400):
        n = rng.randint(1, r.players)
        seats = list(r.seats)
        rng.shuffle(seats)
        plays = list(zip(seats[:n], rng.sample(r.deck, n), strict=True))
        assert _winner(r, plays) is trick_winner(r, plays)
        assert _read_plays(r, plays) == plays
        text = [(str(s), str(c)) for s, c in plays]
        assert trick_winner(rules, text) is _winner(r, plays)


@pytest.mark.parametrize("rules", RULE_SETS)
@pytest.mark.parametrize("objective", ["tricks", "points", "bag-adjusted"])
def test_a_reused_solver_answers_as_fresh_ones(rules: str, objective: str) -> None:
    for seed in range(4):
        pos = random_position(seed, 3 + seed % 2, rules=rules, played=seed % 2)
        solver = Solver(pos, objective)
        search = solver._search
        rng = random.Random(seed)
        while pos.cards_left > 1:
            assert solver.values(pos) == Solver(pos, objective).values(pos)
            fresh = Solver(pos, objective)
            for card in pos.legal_cards():  # load, then play on the solver
                solver.load(pos)
                solver.play(card)
                fresh.load(pos.play(card))
                value = solver.value()
                assert value == fresh.value()
                again = make_search(solver)  # a closure of its own, same state
                for target in (value, value + 1):
                    want = target == value
                    assert again(solver.turn, len(solver.trick), target) is want
                    assert solver.at_least(target) is want
            assert solver._search is search  # built once per solver
            pos = pos.play(rng.choice(pos.legal_cards()))


@pytest.mark.parametrize("rules", RULE_SETS)
def test_lines_replay_through_the_checked_play(rules: str) -> None:
    for seed in range(5):
        pos = random_position(seed, 3 + seed % 3, rules=rules, played=seed % 3 % 2)
        solution = solve(pos, "points")
        for line in lines(pos, "points"):
            after = pos.play(line.card)
            for seat, card in line.plays:
                assert seat == after.turn
                after = after.play(card)  # checked: every card is legal
            assert after.cards_left == 0 and after.trick == ()
            assert after.tricks_won == line.tricks
            assert card_loss(pos, line.card, "points") == (
                solution.values[solution.best[0]] - solution.values[line.card]
            )


def _four() -> dict[Seat, tuple[Card, ...]]:
    return {
        Seat.NORTH: tuple(Card.parse_many("AC 2H")),
        Seat.EAST: tuple(Card.parse_many("KC QH")),
        Seat.SOUTH: tuple(Card.parse_many("AH 3D")),
        Seat.WEST: tuple(Card.parse_many("4D 5D")),
    }


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Position(Rules(), {**_four(), "N": Card.parse_many("AC 4D")}, "N"),
         "the four of diamonds appears twice (West)"),
        (lambda: Position(Rules(), _four(), "N", trick=(("E", Card.parse("9C")),)),
         "every seat must hold as many cards as the player to move"),
        (lambda: Position(Rules("two-player"), _four(), "N"),
         "East does not play in this game"),
        (lambda: Position(Rules(), _four(), "Q"), "'Q' is not a seat"),
        (lambda: Position(Rules.parse("cards4net+jokers"), _four(), "N"),
         "North's 2♥ is not in the cards4net+jokers deck"),
        (lambda: Position(Rules(), _four(), "N", trick=(("W", Card.parse("LJ")),)),
         "West's Little Joker is not in the cards4net deck"),
        (lambda: Position(Rules(), {**_four(), "N": Card.parse_many("BJ 2H")}, "N"),
         "North's Big Joker is not in the cards4net deck"),
        (lambda: Position(Rules(), _four(), "N",
                          trick=(("E", Card.parse("9C")), ("E", Card.parse("8C")))),
         "a seat plays twice to the trick"),
        (lambda: Position(Rules(), _four(), "N").play("KC"),
         "North does not hold the king of clubs"),
        (lambda: Position(Rules(), _four(), "N").play("2H").play("AH"),
         "East does not hold the ace of hearts"),
        (lambda: Position(Rules(), _four(), "N").play("2H").play("KC"),
         "East cannot play the king of clubs: East holds hearts and must follow "
         "the heart lead"),
        (lambda: trick_winner(Rules(), []), "a trick is 1 to 4 (seat, card) plays"),
        (lambda: trick_winner(Rules(), "NAH"), "a trick is 1 to 4 (seat, card) plays"),
        (lambda: trick_winner("two-player", [("N", "AH"), ("S", "KH"), ("E", "2H")]),
         "a trick is 1 to 2 (seat, card) plays"),
        (lambda: trick_winner(Rules(), [("N", "AH", "x")]),
         "a play is a (seat, card) pair such as ('E', 'AH')"),
        (lambda: trick_winner(Rules(), [("Q", "AH")]),
         "a play is a (seat, card) pair such as ('E', 'AH')"),
        (lambda: trick_winner(Rules(), [("N", "ZZ")]),
         "a play is a (seat, card) pair such as ('E', 'AH')"),
        (lambda: trick_winner(Rules.parse("cards4net+jokers"), [("N", "2C")]),
         "North's 2♣ is not in the cards4net+jokers deck"),
        (lambda: trick_winner(Rules(), [("N", "BJ")]),
         "North's Big Joker is not in the cards4net deck"),
        (lambda: trick_winner(Rules(), [("N", "AH"), ("N", "KH")]),
         "North K♥: a seat plays once to a trick, and a card is played once"),
        (lambda: trick_winner(Rules(), [("N", "AH"), (Seat.EAST, Card.parse("AH"))]),
         "East A♥: a seat plays once to a trick, and a card is played once"),
        (lambda: trick_winner(42, [("N", "AH")]), "trick_winner takes the Rules"),
        (lambda: Solver(Position(Rules(), _four(), "N")).load(
            Position(Rules("classic"), _four(), "N")),
         "this solver was made for another hand (rules or bids)"),
        (lambda: Solver(Position(Rules(), _four(), "N")).load(
            Position(Rules(), _four(), "N", bids={"N": 1})),
         "this solver was made for another hand (rules or bids)"),
    ],
)  # fmt: skip
def test_public_entry_points_still_refuse_bad_input(
    make: Callable[[], object], message: str
) -> None:
    with pytest.raises(SpadesError, match=re.escape(message)):
        make()


def test_the_deck_check_follows_each_rule_set() -> None:
    # the membership bits are each rule set's own (Rules._in_deck): a rule
    # set without the 2♣ and one with it, alternately, each judged by its deck
    jokers, plain = Rules.parse("cards4net+jokers"), Rules()
    for _ in range(3):
        assert trick_winner(plain, [("N", "2C")]) is Seat.NORTH
        with pytest.raises(SpadesError, match="not in the cards4net"):
            trick_winner(jokers, [("N", "2C")])
        assert trick_winner(jokers, [("N", "BJ"), ("E", "AS")]) is Seat.NORTH
    for i in range(100):  # many rule sets met: each judged right
        r = Rules(move_timer=float(i + 1))
        assert trick_winner(r, [("N", "2C"), ("E", "3C")]) is Seat.EAST
