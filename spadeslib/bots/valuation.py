"""What a hand is worth: trick counting for bids, and the danger of a nil.

>>> from spadeslib import Rules, Card
>>> from spadeslib.bots.sim import deck_for
>>> deck = deck_for(Rules())
>>> hand = deck.mask(Card.parse_many("AS KS 7S 3S AH KD 4D 9C 8C 6C 2C 5H 3H"))
>>> round(evaluate(deck, hand), 2)
5.08
>>> round(nil_danger(deck, deck.mask(Card.parse_many(
...     "2S 4S 3H 5H 7H 2D 6D 8D 3C 4C 6C 9C 10C"))), 2)
0.0
>>> round(nil_danger(deck, deck.mask(Card.parse_many(
...     "QS 4S 3H 5H AH 2D 6D 8D 3C 4C 6C 9C KC"))), 2)
2.12
"""

from __future__ import annotations

from .sim import TRUMP, Deck, bits

__all__ = ["Part", "evaluate", "nil_danger"]

Part = tuple[str, tuple[int, ...], float]
"""One item of a valuation: a kind (``"trumps"``, ``"honours"``, ``"ruffs"``),
the card ids it rests on, and the tricks it is worth."""

#: multiplier of the raw count, and an offset, per number of players
#: (measured by self-play: tricks taken against the raw count)
SCALE = {4: (0.88, 0.66), 2: (0.94, 1.55)}


def _trumps(deck: Deck, trumps: int) -> tuple[float, float, tuple[int, ...]]:
    """``(tricks, sure tricks, ids high to low)`` of a holding of trumps (the
    sure tricks are a whole number, typed as the memo's numbers are)."""
    key = (TRUMP, trumps)
    hit = deck.cache.get(key)
    if hit is not None:
        return hit
    top = deck.top
    ids = tuple(reversed(bits(trumps)))
    n_tr = len(ids)
    held = {top[c] for c in ids}
    sure = 0
    while sure in held:
        sure += 1
    tricks = 0.0
    if n_tr:
        losers = sum(1 for p in range(min(n_tr, 3)) if p not in held)
        tricks = float(max(0, n_tr - losers))
        if tricks == 0 and n_tr <= 2 and min(held) <= 2:
            tricks = 0.3  # an unguarded honour sometimes scores
    out = (tricks, sure, ids)
    deck.cache[key] = out
    return out


def _side(deck: Deck, t: int, m: int) -> tuple[float, float, tuple[int, ...]]:
    """``(honour tricks, shortness, honours used)`` of a side suit holding."""
    key = (t, m)
    hit = deck.cache.get(key)
    if hit is not None:
        return hit
    top = deck.top
    length = m.bit_count()
    shortness = {0: 1.0, 1: 0.6, 2: 0.25}.get(length, 0.0)
    held = {top[c]: c for c in bits(m)}
    ace, king, queen = 0 in held, 1 in held, 2 in held
    v = 0.0
    used: list[int] = []
    if ace:
        v += 1.0 if length <= 6 else 0.8
        used.append(held[0])
    if king:
        if ace:
            v += 0.95 if length <= 5 else 0.5
        elif 2 <= length <= 5:
            v += 0.55
        else:
            v += 0.2 if length == 1 else 0.3
        used.append(held[1])
    if queen:
        if ace and king:
            v += 0.45 if length <= 4 else 0.15
        elif ace or king:
            v += 0.3 if 3 <= length <= 5 else 0.1
        elif length >= 3:
            v += 0.15
        used.append(held[2])
    out = (v, shortness, tuple(used))
    deck.cache[key] = out
    return out


def evaluate(deck: Deck, hand: int, parts: list[Part] | None = None) -> float:
    """Expected tricks of a hand, counted like a club player: top trumps and
    trump length, side-suit honours by how well they are guarded, and ruffs
    from short suits with spare trumps. ``parts`` collects the items."""
    suit = deck.suit_mask
    trump_tricks, sure, ids = _trumps(deck, hand & suit[TRUMP])
    total = trump_tricks
    if trump_tricks and parts is not None:
        parts.append(("trumps", ids, trump_tricks))
    shortness = 0.0
    for t in (0, 1, 2):
        v, short, used = _side(deck, t, hand & suit[t])
        shortness += short
        if v:
            total += v
            if parts is not None:
                parts.append(("honours", used, v))
    spare = len(ids) - trump_tricks
    if spare > 0 and shortness:
        ruffs = min(spare, shortness) * 0.8
        if parts is not None:
            parts.append(("ruffs", (), ruffs))
        total += ruffs
    scale, offset = SCALE[deck.players]
    return sure + (total - sure) * scale + offset


def nil_danger(
    deck: Deck, hand: int, parts: list[tuple[int, float]] | None = None
) -> float:
    """How likely a hand is to be forced to win a trick (0 = very safe).

    High side cards are dangerous unless guarded by low cards of the same
    suit; every spade above the low ones is dangerous, and a fourth spade
    more so. ``parts`` collects ``(card id, danger)`` for each dangerous
    card (``-1`` for the spades' length), before the voids' relief."""
    suit = deck.suit_mask
    top = deck.top
    danger = 0.0
    voids = 0
    for t in range(3):
        m = hand & suit[t]
        cards = sorted(bits(m), reverse=True)
        length = len(cards)
        if not length:
            voids += 1
        for i, c in enumerate(cards):
            rank = 14 - top[c]
            below = length - i - 1
            d = max(0.0, (rank - 8) - 0.9 * below) / 5.0
            danger += d
            if parts is not None and d:
                parts.append((c, d))
    trumps = sorted(bits(hand & suit[TRUMP]), reverse=True)
    for c in trumps:
        rank = 14 - top[c]
        d = max(0.0, rank - 6) / 6.0
        danger += d
        if parts is not None and d:
            parts.append((c, d))
    if len(trumps) >= 4:
        danger += 0.7 * (len(trumps) - 3)
        if parts is not None:
            parts.append((-1, 0.7 * (len(trumps) - 3)))
    if danger > 0:
        danger = max(0.0, danger - 0.2 * voids)
    return danger
