"""The others' bids are told in the third person ("under mirror it bids its
4 spades"): the rule level words a bid's reason about the seat when asked
(``person=3``), for every template it has, and says "you" only to the
player (the learner's own hints)."""

from __future__ import annotations

import ast
import inspect
import re
from typing import Any

import pytest

from spadeslib import Hand, Seat
from spadeslib.actions import Bid, Look
from spadeslib.bots import make_bot, rule_bot
from spadeslib.bots.rule_bot import rule_decision
from spadeslib.bots.sim import deck_for
from spadeslib.coach.coach import seat_decisions
from spadeslib.table.bid_reasons import bid_reasons, bids_note

YOU = re.compile(r"\byou(r|rs)?\b", re.IGNORECASE)

#: every preset and modifier that words a bid, with scores that open the
#: blind bids (Blind Nil, Blind Seven, two-player double nil), bags near the
#: limit and a game near its end
VARIANTS = [
    ("classic", {}),
    ("cards4net", {}),
    ("yppedia", {"scores": {"NS": 0, "EW": 300}}),
    ("classic", {"scores": {"NS": 300, "EW": 0}, "bags": {"NS": 8, "EW": 7}}),
    ("classic", {"scores": {"NS": 100, "EW": 420}}),
    ("classic", {"scores": {"NS": 480, "EW": 470}}),
    ("classic+mirror", {}),
    ("classic+whiz", {"scores": {"NS": 0, "EW": 250}}),
    ("cards4net+whiz", {}),
    ("classic+suicide", {}),
    ("cards4net+jokers", {"scores": {"NS": 300, "EW": 0}}),
    ("two-player", {"scores": {"S": 300, "N": 0}}),
    ("two-player", {"scores": {"S": 420, "N": 300}}),
    ("two-player+mirror", {}),
    ("two-player+whiz", {"scores": {"S": 0, "N": 300}}),
]


def played(spec: str, seed: int, **kw: Any) -> Hand:
    hand = Hand(spec, seed=seed, **kw)
    bots = {seat: make_bot("rule", seed=seed) for seat in hand.seats}
    while not hand.is_over:
        seat = hand.turn
        assert seat is not None
        hand.apply(bots[seat].act(hand.view(seat)), seat)
    return hand


@pytest.mark.parametrize(("spec", "kw"), VARIANTS)
def test_the_others_bids_are_said_about_them(spec: str, kw: dict[str, Any]) -> None:
    """Every bid and look of every seat, in twelve deals of each variant:
    the third person's reason says no "you", for the same action as the
    player's own, and the review's lines say no "you" either but to tell
    the learner the cards of its own exchange."""
    for seed in range(12):
        hand = played(spec, seed, **kw)
        for seat in hand.seats:
            for _, view, action, _ in seat_decisions(hand, seat):
                if not isinstance(action, (Bid, Look)):
                    continue
                mine, _ = rule_decision(view)
                its, said = rule_decision(view, person=3)
                assert its == mine, (spec, seed, seat)
                assert not YOU.search(said) and "  " not in said, (spec, seed, said)
        reasons = bid_reasons(hand, Seat.SOUTH, {})
        for r in reasons:  # all but the cards of the learner's own exchange
            said = r.text.partition(" In the Blind Nil exchange")[0]
            assert not YOU.search(said), (spec, seed, r.text)
        note = bids_note(hand.rules.players, reasons)
        assert 'says "you"' not in note, note  # the note no longer explains it


def test_every_template_that_says_you_has_a_third_person_form() -> None:
    """The bid reasons' templates, read from the source: each string that
    says "you" or "your" is the second-person half of a ``_say`` pair, whose
    third-person half says neither (a new template said only to the player
    fails here)."""
    tree = ast.parse(inspect.getsource(rule_bot))
    producers = {"forced_bid_reason", "_blind", "bid_decision"}
    functions = [
        f
        for f in ast.walk(tree)
        if isinstance(f, ast.FunctionDef) and f.name in producers
    ]
    assert {f.name for f in functions} == producers
    paired: set[int] = set()  # and the docstrings, which are no reason
    for f in functions:
        paired |= {id(n) for n in ast.walk(f.body[0]) if ast.get_docstring(f)}
        for call in ast.walk(f):
            if isinstance(call, ast.Call) and getattr(call.func, "id", "") == "_say":
                _, you, it = call.args
                paired |= {id(n) for n in ast.walk(you)}
                assert not any(YOU.search(w) for w in _words(it)), ast.unparse(it)
    unpaired = [
        n.value
        for f in functions
        for n in ast.walk(f)
        if isinstance(n, ast.Constant)
        and isinstance(n.value, str)
        and YOU.search(n.value)
        and id(n) not in paired
    ]
    assert not unpaired, unpaired


def _words(node: ast.expr) -> list[str]:
    return [
        n.value
        for n in ast.walk(node)
        if isinstance(n, ast.Constant) and isinstance(n.value, str)
    ]


def test_the_rare_templates_read_in_the_third_person() -> None:
    """Those the deals above may miss: a two-player Blind Nil declared
    before the draw, then bid; suicide's forced Nil; the notes of a
    partner's Nil, of bags and of a game a made contract wins."""
    hand = Hand("two-player", seed=1, scores={"S": 300, "N": 0})
    while (view := hand.view(hand.turn or "N")).legal != (Bid.BLIND_NIL,):
        hand.apply(rule_decision(view)[0], view.seat)  # to the bid after the draw
    assert rule_decision(view, person=3)[1] == (
        "Bid Blind Nil: it declared Blind Nil before drawing, so that is its only bid"
    )
    forced = rule_bot.forced_bid_reason
    hand = Hand("classic+suicide", "N", seed=4)
    hand.apply(3)
    hand.apply(2)
    assert forced(hand.view("W"), Bid.NIL, person=3).endswith("so it bids Nil")
    deck = deck_for(hand.rules)
    north = deck.mask(hand.view("N").holding or ())
    numbers = [Bid(n) for n in range(1, 14)]
    for person, words in [
        (2, "partner bid Nil, so you carry the contract"),
        (3, "its partner bid Nil, so it carries the contract"),
    ]:
        _, why = rule_bot.bid_decision(
            deck,
            north,
            numbers,
            {Seat.SOUTH: Bid.NIL},
            Seat.NORTH,
            {"NS": 480, "EW": 0},
            {"NS": 8, "EW": 0},
            person=person,
        )
        assert words in why, why
        assert ("its side has 8 bags" in why) == (person == 3), why
        assert why.endswith(
            "so it bids one safe trick less"
            if person == 3
            else "so bid one safe trick less"
        ), why
