"""A bot's seed: every level decides the same way every run for a given seed,
``None`` included (the random level drew from fresh randomness with no seed,
unlike every other level)."""

from __future__ import annotations

import pytest

from spadeslib import Hand
from spadeslib.bots import BOTS, make_bot


def _decisions(level: str, seed: int | str | None) -> list[str]:
    hand = Hand(seed=5, dealer="W")
    bots = {seat: make_bot(level, seed=seed, **_fast(level)) for seat in hand.seats}
    out = []
    while not hand.is_over and len(out) < 24:
        seat = hand.turn
        action = bots[seat].act(hand.view(seat))
        out.append(str(action))
        hand.apply(action)
    return out


def _fast(level: str) -> dict[str, int]:
    return {"samples": 2} if level in ("search", "search-lite", "expert") else {}


@pytest.mark.parametrize("level", sorted(BOTS))
def test_no_seed_plays_the_same_every_run(level: str) -> None:
    assert _decisions(level, None) == _decisions(level, None)


def test_random_level_seeds_differ() -> None:
    runs = {tuple(_decisions("random", seed)) for seed in (None, 1, 2)}
    assert len(runs) == 3
