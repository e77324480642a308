"""Reading the other seats' plays: a walk over worlds that fit them.

A seat that plays by the book shows its hand: which card it led, which it
followed with, when it trumped. Replayed in a world from the first lead, a
play the rule level would not have made there with that seat's cards makes
the world ``play_weight`` times as likely (per play; a world is never ruled
out, since a player may leave the book). Few random deals fit a dozen plays,
so drawing deals and weighing them cannot find the ones that do. Instead
:func:`read_plays` walks (Metropolis): from a few worlds drawn by the other
evidence (bids, voids, ducks: :mod:`.sampler`), it swaps two unseen cards
between two other seats, keeps the swap with the ratio of the two worlds'
weights, and keeps a world every :data:`THIN` steps once it has settled: from
:data:`SETTLED` steps on, as soon as its world fits every play read, and
after :data:`BURN` steps whatever it holds. (A walk of a fixed 40 steps kept
worlds fitting every opponent's play about two times in three; settled, more
than nine in ten, for the same time a decision: docs/coach.md.)

A seat's plays depend only on its own cards and what every seat has seen, so
a swap is judged by replaying the plays of the two seats it changes.

>>> import random
>>> from spadeslib import Hand
>>> from spadeslib.bots.knowledge import state_from_view
>>> from spadeslib.bots.candidates import played_by_seat
>>> from spadeslib.bots.sampler import play_record, sample_worlds
>>> hand = Hand(seed=9, dealer="W")
>>> for bid in (3, 3, 3, 3): hand.apply(bid)
>>> for _ in range(6): hand.apply(hand.legal_cards()[0])
>>> view = hand.view(hand.turn)
>>> st = state_from_view(view)
>>> worlds = sample_worlds(st, int(view.seat), random.Random(1), 8,
...     played_by=played_by_seat(view, st.deck), record=play_record(view),
...     play_weight=0.02)
>>> len(worlds), all(w[int(view.seat)] == st.hands[int(view.seat)] for w in worlds)
(8, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from .policy import choose_card
from .sim import State, bits

__all__ = ["BURN", "PER_CHAIN", "SETTLED", "THIN", "PlayRecord", "read_plays"]

#: steps of a walk before it keeps its first world, at most
BURN = 200
#: steps of a walk before it keeps its first world when its world already
#: fits every play read (no play the rule level would not have made)
SETTLED = 40
#: steps between two worlds kept by a walk
THIN = 10
#: worlds kept by each walk (the walks start from different worlds): 2, not
#: 4, gained +2.3 [+0.1, +4.6] points a deal over 800 paired deals (docs/coach.md)
PER_CHAIN = 2


class PlayRecord:
    """The public play of the hand so far, to replay in a world: the state
    at the first lead (bids, scores, what the seat passed or received; no
    cards) and every play since, in order."""

    __slots__ = ("_by_seat", "plays", "start")

    def __init__(self, start: State, plays: list[tuple[int, int]]) -> None:
        self.start = start
        self.plays = plays
        self._by_seat: dict[int, list[tuple[State, int, int]]] | None = None

    def _snapshots(self) -> dict[int, list[tuple[State, int, int]]]:
        """Per seat, each of its plays: the state just before it, the cards
        the seat had played by then, and the card played."""
        if self._by_seat is None:
            by_seat: dict[int, list[tuple[State, int, int]]] = {}
            st = self.start.copy()
            gone = [0, 0, 0, 0]
            for seat, card in self.plays:
                by_seat.setdefault(seat, []).append((st.copy(), gone[seat], card))
                gone[seat] |= 1 << card
                st.play(seat, card)
            self._by_seat = by_seat
        return self._by_seat

    def misses(self, seat: int, cards: int, limit: int = 13) -> int:
        """How many of ``seat``'s plays the rule level would not have made
        holding ``cards`` (a mask: its cards at the first lead); counting
        stops past ``limit``."""
        count = 0
        for snap, gone, card in self._snapshots().get(seat, ()):
            snap.hands[seat] = cards & ~gone
            if choose_card(snap, seat)[0] != card:
                count += 1
                if count > limit:
                    break
        return count


def read_plays(
    st: State,
    starts: Sequence[list[int]],
    count: int,
    rng: random.Random,
    *,
    me: int,
    record: PlayRecord,
    played_by: list[int],
    readers: Sequence[int],
    fixed: int,
    prior: Callable[[int, int], float],
    play_weight: float,
) -> list[list[int]]:
    """``count`` worlds from walks that start at ``starts`` (one walk each,
    keeping ``ceil(count / len(starts))`` worlds once it has settled: see
    the module docstring).

    ``me``: the seat whose worlds they are; ``readers``: the seats whose
    plays are read; ``fixed``: cards that never move (the ones ``me``
    passed its partner); ``prior(seat, hand)``: the log-weight of the other
    evidence for ``seat`` holding ``hand`` (its cards now). Every other seat
    with unseen cards may swap."""
    log_play = math.log(play_weight)
    voids = st.voids
    read = set(readers)
    per = -(-count // len(starts))
    out: list[list[int]] = []

    def misses(seat: int, hand: int, limit: int = 13) -> int:
        if seat not in read:
            return 0
        return record.misses(seat, hand | played_by[seat], limit)

    for start in starts:
        world = start[:]
        movers = [s for s in range(len(world)) if s != me and world[s] & ~fixed]
        if len(movers) < 2:  # nothing can move: the world is the only one
            out.extend(world[:] for _ in range(per))
            continue
        base = {s: prior(s, world[s]) for s in movers}
        miss = {s: misses(s, world[s]) for s in movers}
        first = -1  # the step that kept the walk's first world
        step = kept = 0
        while True:
            if first < 0 and (
                step >= BURN or (step >= SETTLED and not any(miss.values()))
            ):
                first = step
            if first >= 0 and (step - first) % THIN == 0:
                out.append(world[:])
                kept += 1
                if kept == per:
                    break
            step += 1
            a, b = rng.sample(movers, 2)
            # a swap keeps each seat's number of cards that may move: never 0
            x = rng.choice(bits(world[a] & ~fixed))
            y = rng.choice(bits(world[b] & ~fixed))
            if voids[b] >> (x >> 4) & 1 or voids[a] >> (y >> 4) & 1:
                continue
            hand_a = world[a] & ~(1 << x) | 1 << y
            hand_b = world[b] & ~(1 << y) | 1 << x
            prior_a, prior_b = prior(a, hand_a), prior(b, hand_b)
            # keep the swap when log u < the log ratio of the weights
            gain = math.log(rng.random() or 1e-300) - (
                prior_a + prior_b - base[a] - base[b]
            )
            # the most misses the two seats may have for the swap to be kept
            room = gain / log_play + miss[a] + miss[b]
            if room <= 0:
                continue
            miss_a = misses(a, hand_a, int(room))
            if miss_a >= room:
                continue
            miss_b = misses(b, hand_b, int(room - miss_a))
            if miss_a + miss_b >= room:
                continue
            world[a], world[b] = hand_a, hand_b
            base[a], base[b], miss[a], miss[b] = prior_a, prior_b, miss_a, miss_b
    return out[:count]
