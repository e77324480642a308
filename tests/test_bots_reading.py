"""Reading the other seats' plays (spadeslib.bots.reading): the walk keeps
every world legal, is seeded, and places hidden cards better than worlds
that ignore the plays."""

from __future__ import annotations

import random

import pytest

from spadeslib import Hand, Rules, Seat
from spadeslib.bots import make_bot
from spadeslib.bots.candidates import played_by_seat
from spadeslib.bots.knowledge import state_from_hand, state_from_view
from spadeslib.bots.sampler import duck_evidence, play_record, sample_worlds
from spadeslib.hand import Phase


def _views(count: int, spec: str = "cards4net", seat: int = 0):
    """(view, truth) at every play of ``seat`` from the second trick on, in
    hands played by four rule bots."""
    bot = make_bot("rule", seed=0)
    for seed in range(count):
        hand = Hand(Rules.parse(spec), Seat.WEST, seed=seed)
        while not hand.is_over:
            view = hand.view(hand.turn)
            if (
                hand.phase is Phase.PLAYING
                and int(hand.turn) == seat
                and len(view.tricks) >= 1
            ):
                yield view, state_from_hand(hand)
            hand.apply(bot.act(view))


def _read(view, seed: int, weight: float, count: int = 12, **kw):
    st = state_from_view(view)
    return st, sample_worlds(
        st,
        int(view.seat),
        random.Random(seed),
        count,
        played_by=played_by_seat(view, st.deck),
        evidence=duck_evidence(view),
        record=play_record(view) if weight < 1 else None,
        play_weight=weight,
        **kw,
    )


@pytest.mark.parametrize("spec", ["cards4net", "classic+jokers", "yppedia+mirror"])
def test_every_world_of_the_walk_fits_what_the_seat_has_seen(spec: str):
    checked = 0
    for n, (view, truth) in enumerate(_views(3, spec)):
        st, worlds = _read(view, n, 0.02)
        me = int(view.seat)
        unseen = st.unseen(me)
        assert len(worlds) == 12
        for world in worlds:
            assert world[me] == st.hands[me]
            # every unseen card dealt once, each seat its number of cards
            dealt = 0
            for s in range(4):
                if s != me:
                    assert not world[s] & dealt
                    dealt |= world[s]
                    assert world[s].bit_count() == truth.hands[s].bit_count()
                    for t in range(4):  # no card of a suit it showed out of
                        if st.voids[s] >> t & 1:
                            assert not world[s] & st.deck.suit_mask[t]
            assert dealt == unseen
            checked += 1
    assert checked > 100


def test_the_walk_is_seeded():
    view, _ = next(v for i, v in enumerate(_views(1)) if i == 4)
    assert _read(view, 7, 0.02)[1] == _read(view, 7, 0.02)[1]
    assert _read(view, 7, 0.02)[1] != _read(view, 8, 0.02)[1]


def test_reading_the_plays_places_more_cards_than_reading_no_seat():
    """With no seat read, the walk's worlds weigh only the other evidence:
    they place the cards about as well as the worlds drawn without it, and
    worse than reading every seat."""
    right = {"none": 0, "all": 0, "drawn": 0}
    total = 0
    for n, (view, truth) in enumerate(_views(6)):
        if len(view.tricks) < 5:
            continue
        me = int(view.seat)
        for name, weight, readers in (
            ("none", 0.02, []),
            ("all", 0.02, None),
            ("drawn", 1.0, None),
        ):
            _, worlds = _read(view, n, weight, readers=readers)
            for world in worlds:
                for s in range(4):
                    if s != me:
                        right[name] += (world[s] & truth.hands[s]).bit_count()
        total += 1
    assert total > 20
    assert right["all"] > 1.1 * right["none"], right
    assert abs(right["none"] - right["drawn"]) < 0.05 * right["drawn"], right


def test_the_walk_settles_on_worlds_that_fit_the_plays_it_reads():
    """A walk keeps its first world once it fits every play read (or after
    BURN steps): most worlds kept fit every opponent's play, where a fixed
    40-step walk kept about two in three (docs/coach.md)."""
    fit = kept = 0
    for n, (view, _) in enumerate(_views(6)):
        if len(view.tricks) < 3:
            continue
        st, worlds = _read(view, n, 0.02, count=8, readers=[1, 3])
        record, played = play_record(view), played_by_seat(view, st.deck)
        for world in worlds:
            fit += all(record.misses(s, world[s] | played[s]) == 0 for s in (1, 3))
            kept += 1
    assert kept > 150
    assert fit > 0.9 * kept, (fit, kept)
