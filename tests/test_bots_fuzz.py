"""Every level, every rule set: bots only ever choose legal actions.

Hands start from varied scores and bags, so that trailing blind nils, blind
sevens, bag-limit play and end-of-game play all come up. The search level
runs with a tiny budget (one sample) to keep its share small.
"""

from __future__ import annotations

import random

import pytest
from test_bots_sim import RULE_SETS

from spadeslib import Game, Hand, Rules, Seat
from spadeslib.bots import BotError, make_bot, play_until

FAST_SEARCH_RULES = [
    "cards4net",
    "classic",
    "two-player",
    "cards4net+jokers",
    "yppedia",
]


def play_hands(spec: str, levels: list[str], hands: int, seed: int) -> int:
    """Play ``hands`` hands with the levels dealt round the table; every
    action is checked by the engine (an illegal one raises). Returns the
    number of decisions."""
    rules = Rules.parse(spec)
    seats = [Seat.NORTH, Seat.SOUTH] if rules.players == 2 else list(Seat)
    sides = ("N", "S") if rules.players == 2 else ("NS", "EW")
    rng = random.Random(f"{spec}/{seed}")
    decisions = 0
    for number in range(hands):
        options = {"samples": 1, "bid_samples": 1}
        bots = {}
        for i, seat in enumerate(seats):
            level = levels[(i + number) % len(levels)]
            opts = options if level == "search" else {}
            bots[seat] = make_bot(level, seed=f"{seed}/{number}/{seat}", **opts)
        scores = {s: rng.choice([0, 0, 150, -120, 380, 470]) for s in sides}
        bags = {s: rng.randrange(rules.bag_limit) for s in sides}
        dealer = rng.choice(seats)
        hand = Hand(
            rules, dealer, seed=f"fuzz/{seed}/{number}", scores=scores, bags=bags
        )
        while not hand.is_over:
            seat = hand.turn
            assert seat is not None
            view = hand.view(seat)
            action = bots[seat].act(view)
            error = hand.check(action)
            if error is not None:
                raise BotError(
                    f"{spec}: {bots[seat].name} at {seat} chose {action}: {error}"
                )
            assert action in view.legal
            hand.apply(action, check=False)
            decisions += 1
    return decisions


@pytest.mark.parametrize("spec", RULE_SETS)
def test_rule_and_random_bots_play_legally(spec: str):
    assert play_hands(spec, ["rule", "random"], hands=2, seed=1) > 100


@pytest.mark.parametrize("spec", FAST_SEARCH_RULES)
def test_search_bot_plays_legally(spec: str):
    assert play_hands(spec, ["search", "rule"], hands=1, seed=2) > 50


def test_whole_games_with_play_until():
    for spec in ("cards4net", "classic", "two-player"):
        game = Game(spec, seed=f"games/{spec}")
        seats = game.hand.seats
        bots = {
            s: make_bot("rule" if i % 2 else "random", seed=i)
            for i, s in enumerate(seats)
        }
        play_until(game, bots, hands=6)
        assert len(game.finished_hands) == 6 or game.is_over


@pytest.mark.slow
@pytest.mark.parametrize("spec", RULE_SETS)
def test_many_hands_every_level_every_rule_set(spec: str):
    decisions = play_hands(spec, ["rule", "random"], hands=30, seed=3)
    decisions += play_hands(spec, ["rule"], hands=20, seed=4)
    decisions += play_hands(spec, ["random"], hands=20, seed=5)
    decisions += play_hands(spec, ["search", "rule", "random"], hands=2, seed=6)
    assert decisions > 70 * 50
