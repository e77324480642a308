"""Helpers shared by the tests of the headless table (``TableSession``)."""

from __future__ import annotations

import random
from typing import Any

from spadeslib import Rules
from spadeslib.table import TableSession


def short(rules: Rules, target: int = 120) -> Rules:
    return Rules(rules.preset, rules.modifiers, target=target)


def frozen(session: TableSession) -> tuple[Any, ...]:
    """Everything a refused action must leave as it was."""
    return (session.to_json(), session.between, session.seed, session.rules.spec)


def play_random(session: TableSession, rng: random.Random, hands: int = 99) -> int:
    """The learner plays random legal moves until the game ends or ``hands``
    hands are finished; returns the number of learner decisions."""
    decisions = 0
    while not session.game.is_over and len(session.game.finished_hands) < hands:
        if session.between:
            assert session.new_hand()
            continue
        assert session.learner_to_move(), session.message
        action = rng.choice(session.view.legal)
        assert session.act(action), session.notice
        decisions += 1
    return decisions


def mid_game(spec: str, seed: int, moves: int) -> TableSession:
    """A table ``moves`` seeded random moves into a game."""
    session = TableSession(spec, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if session.game.is_over:
            break
        if session.between:
            session.new_hand()
        else:
            session.act(rng.choice(session.view.legal))
    return session
