"""The null-window alpha-beta search of :class:`~spadeslib.analysis.Solver`.

:func:`make_search` returns a closure ``search(turn, k, target)``: does the
first side end the hand with a value of at least ``target``, from the
solver's current state with ``k`` cards on the table and ``turn`` to play?
The state (holdings as one bit mask per seat and suit, trick counters, the
trick on the table, the trick-start flags in ``solver.st``) lives in lists
the closure shares with the solver and restores after every move; the solver
changes them in place on ``load`` and ``play``, so it builds its closure (and
the static tables below) once.

At the start of each trick the position is looked up in the transposition
table: first by its exact cards (one packed integer), which points to the
entry of its relative-rank key (each suit as the sequence of who holds its
highest, second highest, ... remaining card). An entry holds a lower and an
upper bound on the value (for tricks: on the tricks still to come) and the
best lead found, as (suit, how many of the leader's cards in it are higher).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .solver import Solver

__all__ = ["make_search"]

_T = 3  # the trump suit (spades; jokers play as spades)
_ALL = (0, 1, 2, 3)
_SIDE = (0, 1, 2)


def make_search(solver: Solver) -> Callable[[int, int, int], bool]:
    """The search over ``solver``'s state (see the module docstring).

    >>> from spadeslib import Card, Rules, Seat
    >>> from spadeslib.analysis import Position, Solver
    >>> pos = Position(Rules(), {Seat.NORTH: Card.parse_many("AC 2H"),
    ...     Seat.EAST: Card.parse_many("KC QH"), Seat.SOUTH: Card.parse_many("AH 3D"),
    ...     Seat.WEST: Card.parse_many("4D 5D")}, turn=Seat.NORTH).play("2H")
    >>> search = make_search(Solver(pos, "tricks"))  # East (1) plays the 2nd card
    >>> search(1, 1, 1), search(1, 1, 2)  # North-South take 1 trick, not 2
    (True, False)
    """
    hold, cnt, tt, fast = solver.hold, solver.cnt, solver.tt, solver.fast
    n, nxt, is_a, unit_of = solver.n, solver.next, solver.is_a, solver.unit_of
    low_seat, seats, codes = solver.low_seat, solver.seats, solver.suit_codes
    grouping = solver.grouping
    tricks_mode = solver.objective == "tricks"
    final_value, value_range = solver.final_value, solver._range
    shape = solver._shape
    opp4 = [[o * 4 for o in seats if is_a[o] != is_a[s]] for s in range(4)]
    mate4 = [[o * 4 for o in seats if o != s and is_a[o] == is_a[s]] for s in range(4)]
    side4 = ([o * 4 for o in seats if is_a[o]], [o * 4 for o in seats if not is_a[o]])
    # the solver's state at the start of the current trick (kept up to date
    # by Solver.load and Solver.play; the search changes and restores it)
    st = solver.st
    # the opponents who play after ``seat`` when it plays the k-th card
    later_opps: list[list[list[int]]] = [[[] for _ in range(n)] for _ in range(4)]
    for seat in seats:
        for k in range(n):
            p: int = seat
            for _ in range(n - 1 - k):
                p = nxt[p]
                if is_a[p] != is_a[seat]:
                    later_opps[seat][k].append(p * 4)

    def suit_code(s: int) -> int:
        masks = (hold[s], hold[4 + s], hold[8 + s], hold[12 + s])
        code = codes.get(masks)
        if code is None:
            code, u = 1, masks[0] | masks[1] | masks[2] | masks[3]
            while u:
                top = 1 << (u.bit_length() - 1)
                u ^= top
                p = 0 if masks[0] & top else 1 if masks[1] & top else (
                    2 if masks[2] & top else 3)  # fmt: skip
                code = code * 4 + p
            codes[masks] = code
        return code

    def top_trumps(side: int) -> int:
        """Tricks one hand of ``side`` surely takes with trumps above every
        trump of the other side."""
        other = 0
        for o in side4[1 - side]:
            other |= hold[o + _T]
        above = ~((1 << other.bit_length()) - 1)
        return max((hold[o + _T] & above).bit_count() for o in side4[side])

    def quick(turn: int, left: int) -> tuple[int, int]:
        """Bounds on the first side's tricks among the ``left`` to come. For
        points only the unavoidable tricks count (top trumps are won whatever
        anyone plays); for tricks, also those the leader can cash."""
        b = turn * 4
        total = 0
        for s in _ALL if tricks_mode else ():
            mine = hold[b + s]
            if not mine:
                continue
            rest = (hold[s] | hold[4 + s] | hold[8 + s] | hold[12 + s]) ^ mine
            k = (mine & ~((1 << rest.bit_length()) - 1)).bit_count()
            if not k:
                continue
            if s == _T:
                if not st[0] and (hold[b] or hold[b + 1] or hold[b + 2]):
                    continue
            else:
                for o in opp4[turn]:
                    if hold[o + _T] and hold[o + s].bit_count() < k:
                        k = hold[o + s].bit_count()
                for o in mate4[turn]:
                    if hold[o + _T] and hold[o + s].bit_count() < k:
                        k = hold[o + s].bit_count()
            total += k
        a_top, b_top = top_trumps(0), top_trumps(1)
        if is_a[turn]:
            return max(total, a_top), left - b_top
        return a_top, left - max(total, b_top)

    def entry_of(turn: int, sid: int, off: int) -> list[object]:
        """The table entry of the position at the start of a trick; ``sid``
        names how the value depends on the tricks to come, ``off`` is the
        value if the first side took none of them (bounds are stored
        relative to it)."""
        if tricks_mode:
            akey: object = st[2] * 8 + turn * 2 + st[0]
        else:
            akey = (st[2] * 8 + turn * 2 + st[0], sid)
        entry = fast.get(akey)
        if entry is None:
            rkey: tuple[object, ...] = (
                turn,
                st[0],
                suit_code(0),
                suit_code(1),
                suit_code(2),
                suit_code(3),
            )
            if not tricks_mode:
                rkey += (sid,)
            entry = tt.get(rkey)
            if entry is None:
                lo, hi = quick(turn, st[1])
                if not tricks_mode:
                    lo, hi = value_range(tuple(cnt), st[1], lo, hi)
                    lo, hi = lo - off, hi - off
                entry = [lo, hi, None]
                tt[rkey] = entry
            fast[akey] = entry
        return entry

    def last_trick(turn: int, k: int, w: int, s_w: int, b_w: int) -> int:
        """The value when every seat has one card left (or played it)."""
        if not k:
            s_w = -1
        p = turn
        for _ in range(n - k):
            base = p * 4
            s = 0 if hold[base] else 1 if hold[base + 1] else 2 if hold[base + 2] else 3
            bit = hold[base + s]
            if s_w < 0 or (s == s_w and bit > b_w) or (s == _T and s_w != _T):
                w, s_w, b_w = p, s, bit
            p = nxt[p]
        if tricks_mode:
            return cnt[0] + is_a[w]
        u = unit_of[w]
        cnt[u] += 1
        value = final_value(tuple(cnt))
        cnt[u] -= 1
        return value

    def order(
        turn: int,
        k: int,
        best: object,
        led: int,
        w: int,
        w_suit: int,
        w_bit: int,
        tl: int,
        ttr: int,
    ) -> list[tuple[int, int]]:
        """The moves worth trying (one per run of touching cards), best first;
        ``tl`` and ``ttr`` are the cards on the table of the suit led and trumps
        played to another suit led (the only ones that can separate two cards
        of the mover in this trick)."""
        b = turn * 4
        suits: tuple[int, ...]
        if k:
            suits = (led,) if hold[b + led] else _ALL
            # what the opponents still to play could beat a card with
            later_led = later_trumps = 0
            for o in later_opps[turn][k]:
                if hold[o + led]:
                    later_led |= hold[o + led]
                else:
                    later_trumps |= hold[o + _T]
            led_top = later_led.bit_length()
            ruff_top = later_trumps.bit_length()
            if led == _T:
                led_top = max(led_top, ruff_top)
                ruff_top = 0
            mate_wins = is_a[w] == is_a[turn]
            if mate_wins:
                mate_wins = (
                    w_bit.bit_length() > ruff_top
                    if w_suit == _T and led != _T
                    else w_bit.bit_length() > led_top and not ruff_top
                )
        else:
            suits = _ALL
            if not st[0] and hold[b + _T] and (hold[b] or hold[b + 1] or hold[b + 2]):
                suits = _SIDE
        low = low_seat[turn]
        cands = []
        for s in suits:
            m = hold[b + s]
            if not m:
                continue
            others = (hold[s] | hold[4 + s] | hold[8 + s] | hold[12 + s]) ^ m
            if k:
                if s == led:
                    others |= tl
                elif s == _T:
                    others |= ttr
            opp = 0
            danger = False
            for o in opp4[turn]:
                opp |= hold[o + s]
                if not hold[o + s] and hold[o + _T]:
                    danger = True
            partner_top = others.bit_length() > opp.bit_length()
            prev = 0
            while m:
                bit = m & -m
                m ^= bit
                if prev and grouping and not (others & (bit - 1) & ~((prev << 1) - 1)):
                    prev = bit
                    continue
                prev = bit
                rank = bit.bit_length()
                if k == 0:
                    if best is not None and best == (
                        s, (hold[b + s] & ~((bit << 1) - 1)).bit_count()):  # fmt: skip
                        score = 10000
                    elif low:
                        score = -rank if bit < others else -100 - rank
                    elif bit > opp and (s == _T or not danger):
                        score = 3000 + rank
                    elif partner_top:
                        score = 2000 - rank
                    else:
                        score = 1000 - rank
                else:
                    beats = (s == w_suit and bit > w_bit) or (s == _T and w_suit != _T)
                    if low:
                        score = 1000 + rank if not beats else -rank
                    elif mate_wins:  # partner surely wins the trick: play low
                        score = -rank - 100 if beats else -rank
                    elif beats:
                        sure = (
                            rank > ruff_top
                            if s == _T and led != _T
                            else rank > led_top and not ruff_top
                        )
                        score = 2000 - rank if sure else 1000 + rank
                    else:
                        score = -rank
                cands.append((score, s, bit))
        if len(cands) > 1:
            cands.sort(reverse=True)
        return [(s, bit) for _, s, bit in cands]

    shift = solver.shifts

    def search(
        turn: int,
        k: int,
        target: int,
        led: int,
        w: int,
        w_suit: int,
        w_bit: int,
        tl: int,
        ttr: int,
    ) -> bool:
        entry = None
        if st[1] == 1:
            return last_trick(turn, k, w, w_suit, w_bit) >= target
        if k == 0:
            if tricks_mode:
                sid, off = 0, cnt[0]
            else:
                sid, off = shape(tuple(cnt), st[1])
            entry = entry_of(turn, sid, off)
            if entry[0] + off >= target:  # type: ignore[operator]
                return True
            if entry[1] + off < target:  # type: ignore[operator]
                return False
        maximise = is_a[turn]
        result = not maximise
        chosen = None
        b = turn * 4
        moves = order(
            turn, k, entry[2] if entry is not None else None, led, w, w_suit, w_bit,
            tl, ttr)  # fmt: skip
        for s, bit in moves:
            hold[b + s] ^= bit
            st[2] ^= bit << shift[b + s]
            if k == 0:
                nled, nw, nws, nwb, ntl, nttr = s, turn, s, bit, bit, 0
            else:
                nled, ntl, nttr = led, tl, ttr
                if s == led:
                    ntl |= bit
                elif s == _T:
                    nttr |= bit
                if (s == w_suit and bit > w_bit) or (s == _T and w_suit != _T):
                    nw, nws, nwb = turn, s, bit
                else:
                    nw, nws, nwb = w, w_suit, w_bit
            was = st[0]
            if s == _T:
                st[0] = True
            if k + 1 == n:
                u = unit_of[nw]
                cnt[u] += 1
                st[1] -= 1
                res = search(nw, 0, target, 0, 0, 0, 0, 0, 0)
                cnt[u] -= 1
                st[1] += 1
            else:
                res = search(nxt[turn], k + 1, target, nled, nw, nws, nwb, ntl, nttr)
            st[0] = was
            hold[b + s] ^= bit
            st[2] ^= bit << shift[b + s]
            if res == maximise:
                result = maximise
                chosen = (s, (hold[b + s] & ~((bit << 1) - 1)).bit_count())
                break
        if entry is not None:
            if result:
                if target - off > entry[0]:  # type: ignore[operator]
                    entry[0] = target - off
            elif target - 1 - off < entry[1]:  # type: ignore[operator]
                entry[1] = target - 1 - off
            if chosen is not None:
                entry[2] = chosen
        return result

    root_trick = solver.trick  # changed in place by the solver

    def root(turn: int, k: int, target: int) -> bool:
        led = w = w_suit = w_bit = tl = ttr = 0
        for j, (seat, s, bit) in enumerate(root_trick):
            if j == 0:
                led, w, w_suit, w_bit, tl = s, seat, s, bit, bit
                continue
            if s == led:
                tl |= bit
            elif s == _T:
                ttr |= bit
            if (s == w_suit and bit > w_bit) or (s == _T and w_suit != _T):
                w, w_suit, w_bit = seat, s, bit
        return search(turn, k, target, led, w, w_suit, w_bit, tl, ttr)

    return root
