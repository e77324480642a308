"""Shared helpers for the engine tests: rule combinations, state snapshots and
scripted hands whose trick counts are chosen in advance.

The scripted hands are built so that every card played is legal under the
rules being tested (the engine checks each play with ``apply``), which lets a
test drive a whole hand to a known result and compare the engine's score with
the one RULES.md gives.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import pytest

from spadeslib import (
    MODIFIERS,
    PRESETS,
    Card,
    Game,
    Hand,
    IllegalAction,
    InvalidRules,
    Phase,
    PlayerView,
    Rank,
    Rules,
    Seat,
    Suit,
)
from spadeslib.tricks import Trick

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


# --------------------------------------------------------------- rule combos
def all_rule_combos() -> list[Rules]:
    """Every preset with every subset of modifiers that :class:`Rules` accepts."""
    combos = []
    for preset in PRESETS:
        for n in range(len(MODIFIERS) + 1):
            for mods in itertools.combinations(MODIFIERS, n):
                try:
                    combos.append(Rules(preset, mods))
                except InvalidRules:
                    continue
    return combos


ALL_COMBOS: list[Rules] = all_rule_combos()
ALL_SPECS: list[str] = [r.spec for r in ALL_COMBOS]


def seats_of(rules: Rules) -> tuple[Seat, ...]:
    return tuple(Seat) if rules.players == 4 else (N, S)


# ----------------------------------------------------------------- snapshots
def snapshot(hand: Hand) -> dict[str, Any]:
    """Everything that makes up a hand's state, as plain comparable values."""
    return {
        "phase": hand.phase,
        "is_over": hand.is_over,
        "turn": hand.turn,
        "holding": dict(hand.holding),
        "bids": dict(hand.bids),
        "hidden": tuple(hand.hidden),
        "declared_blind": frozenset(hand.declared_blind),
        "bid_count": hand.bid_count,
        "trick": tuple(hand.trick),
        "tricks": tuple(hand.tricks),
        "tricks_won": dict(hand.tricks_won),
        "spades_broken": hand.spades_broken,
        "history": tuple(hand.history),
        "exchanges": dict(hand.exchanges),
        "stock_pos": hand._stock_pos,
        "draws": tuple(hand.draws),
        "discard_pile": tuple(hand.discard_pile),
        "known_discards": {s: tuple(v) for s, v in hand.known_discards.items()},
        "blind_discards": dict(hand.blind_discards),
        "result": hand.result,
        "initial": dict(hand.initial),
        "scores": dict(hand.scores),
        "bags": dict(hand.bags),
        "legal": tuple(hand.legal_actions()),
        # the play phase's working state
        "suits": [[tuple(c) for c in lists] for lists in hand._suits]
        if hand.phase is Phase.PLAYING
        else None,
        "best": (hand._led, hand._best, hand._best_seat) if hand.trick else None,
    }


def game_snapshot(game: Game) -> dict[str, Any]:
    return {
        "hands": len(game.hands),
        "hand": snapshot(game.hand),
        "scores": dict(game.scores),
        "bags": dict(game.bags),
        "history": list(game.running_scores),
        "winner": game.winner,
        "is_over": game.is_over,
    }


# ------------------------------------------------------------ building hands
def cards(text: str) -> list[Card]:
    return Card.parse_many(text)


def deal_of(**holdings: str) -> dict[Seat, list[Card]]:
    """``deal_of(N="AS KS ...", E=...)`` -> seat -> cards."""
    return {Seat.parse(k): cards(v) for k, v in holdings.items()}


def bid_all(hand: Hand, *bids: object) -> None:
    """Make the bids in bidding order (looking first where a seat is hidden)."""
    for bid in bids:
        hand.apply(bid)


def play(hand: Hand, text: str) -> None:
    """Play the given cards in order, each checked by the engine."""
    for card in text.split():
        hand.apply(card)


PLAIN_RANKS = tuple(r for r in Rank if r <= Rank.ACE)


def _ranked(suit: Suit, ranks: Iterable[Rank]) -> list[Card]:
    return [Card(r, suit) for r in sorted(ranks, reverse=True)]


def winner_sequence(wins: Mapping[Seat, int], first: Seat | None = None) -> list[Seat]:
    """An order of trick winners with the given counts, round robin."""
    left = dict(wins)
    order = []
    while any(left.values()):
        for seat in sorted(left):
            if left[seat]:
                order.append(seat)
                left[seat] -= 1
    return order


def script(
    rules: Rules, dealer: Seat, wins: Mapping[Seat, int]
) -> tuple[dict[Seat, list[Card]], list[Card]]:
    """A four-player deal and a legal card sequence giving each seat ``wins[seat]``
    tricks (the counts sum to 13).

    Tricks 1-9 are single-suit tricks of clubs, diamonds and hearts (or, with
    jokers, the non-trumps left after the removed cards); the highest card goes
    to the trick's chosen winner. In trick 10 the ninth winner leads the last
    non-trump; the tenth winner, void by then, trumps it (the other players
    discard or under-trump). Tricks 11-13 are all trumps. Every play is legal
    under every four-player preset: no spade is led before spades break.
    """
    assert sum(wins.values()) == 13 and rules.players == 4
    wins = {s: wins.get(s, 0) for s in Seat}
    first = dealer if rules.dealer_leads else dealer.left
    if max(wins.values()) == 13:
        return _script_all(rules, first, max(wins, key=lambda s: wins[s]))
    w10 = max(Seat, key=lambda s: (wins[s], -s))
    rest = dict(wins)
    rest[w10] -= 1
    w9 = next(s for s in Seat if s != w10 and rest[s])
    rest[w9] -= 1
    others = winner_sequence(rest)
    winners = [*others[:8], w9, w10, *others[8:]]
    assert len(winners) == 13
    deck = set(rules.deck)
    trumps = [c for c in rules.trump_order]  # high to low
    plain = {
        suit: [c for c in _ranked(suit, PLAIN_RANKS) if c in deck]
        for suit in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS)
    }
    groups: list[list[Card]] = []
    leftovers: list[Card] = []
    for suit in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS):
        row = plain[suit]
        while len(row) >= 4 and len(groups) < 9:
            groups.append(row[:4])
            row = row[4:]
        leftovers += row
    assert len(groups) == 9, groups
    holding: dict[Seat, list[Card]] = {s: [] for s in Seat}
    plays: list[Card] = []
    leader = first
    for winner, group in zip(winners[:9], groups, strict=True):
        order = [Seat((leader + i) % 4) for i in range(4)]
        losers = [s for s in order if s != winner]
        given = {winner: group[0], **dict(zip(losers, group[1:], strict=True))}
        for seat in order:
            holding[seat].append(given[seat])
            plays.append(given[seat])
        leader = winner
    # trick 10: the ninth winner leads a non-trump; the tenth trumps it
    order = [Seat((leader + i) % 4) for i in range(4)]
    assert order[0] == w9 and w10 != w9
    spare_trumps = list(trumps)
    given = {}
    others10 = [s for s in order[1:] if s != w10]
    if len(leftovers) == 3:  # standard deck: 2C 2D 2H are left over
        lead = next(c for c in leftovers if c.suit is Suit.CLUBS)
        discards = [c for c in leftovers if c is not lead]
        given[w9] = lead
        given[w10] = spare_trumps.pop()  # the lowest trump will do
        for seat, card in zip(others10, discards, strict=True):
            given[seat] = card
    else:  # joker deck: one non-trump is left, three players trump
        assert len(leftovers) == 1
        given[w9] = leftovers[0]
        low = [spare_trumps.pop(), spare_trumps.pop()]
        given[w10] = spare_trumps.pop()
        for seat, card in zip(others10, low, strict=True):
            given[seat] = card
    for seat in order:
        holding[seat].append(given[seat])
        plays.append(given[seat])
    leader = w10
    assert len(spare_trumps) == 12
    for i, winner in enumerate(winners[10:]):
        group = spare_trumps[4 * i : 4 * i + 4]
        order = [Seat((leader + j) % 4) for j in range(4)]
        losers = [s for s in order if s != winner]
        given = {winner: group[0], **dict(zip(losers, group[1:], strict=True))}
        for seat in order:
            holding[seat].append(given[seat])
            plays.append(given[seat])
        leader = winner
    assert all(len(h) == 13 for h in holding.values())
    return holding, plays


def _script_all(
    rules: Rules, first: Seat, seat: Seat
) -> tuple[dict[Seat, list[Card]], list[Card]]:
    """``seat`` holds the thirteen highest trumps and wins all 13 tricks."""
    top = list(rules.trump_order[:13])
    rest = [c for c in rules.deck if c not in top]
    others = [s for s in Seat if s != seat]
    holding = {seat: list(top)}
    for i, other in enumerate(others):
        holding[other] = rest[13 * i : 13 * i + 13]
    pools = {
        s: sorted(h, key=lambda c: (rules.is_trump(c), c)) for s, h in holding.items()
    }
    pools[seat] = list(reversed(top))  # lowest trump first
    plays: list[Card] = []
    leader = first
    for _ in range(13):
        led = None
        for i in range(4):
            s = Seat((leader + i) % 4)
            pool = pools[s]
            if led is None:
                card = pool[0]
                led = rules.trick_suit(card)
            else:
                card = next((c for c in pool if rules.trick_suit(c) == led), pool[0])
            pool.remove(card)
            plays.append(card)
        leader = seat
    return holding, plays


def scripted_hand(
    rules: Rules | str,
    dealer: Seat,
    wins: Mapping[Seat, int],
    bids: Iterable[object] | None = None,
    **kwargs: Any,
) -> Hand:
    """A hand dealt by :func:`script`, bid with ``bids`` (in bidding order) and
    played to the end, every action checked by the engine."""
    rules = Rules.parse(rules)
    holding, plays = script(rules, dealer, wins)
    hand = Hand(rules, dealer, deal=holding, **kwargs)
    if bids is not None:
        bid_all(hand, *bids)
        for card in plays:
            hand.apply(card)
        assert hand.is_over
        assert hand.tricks_won == {s: wins.get(s, 0) for s in Seat}
    return hand


def script_two(
    dealer: Seat, wins: Mapping[Seat, int]
) -> tuple[list[Card], dict[Seat, list[Card]], list[Card]]:
    """Two-player: a stock (drawn with KEEP every time), the holdings it gives,
    and a legal play sequence giving each player ``wins[seat]`` tricks."""
    assert sum(wins.values()) == 13
    other = dealer.partner
    winners = winner_sequence({s: wins.get(s, 0) for s in (N, S)})
    pools = {
        Suit.CLUBS: _ranked(Suit.CLUBS, PLAIN_RANKS),
        Suit.DIAMONDS: _ranked(Suit.DIAMONDS, PLAIN_RANKS),
        Suit.HEARTS: _ranked(Suit.HEARTS, PLAIN_RANKS),
    }
    suits = [Suit.CLUBS] * 6 + [Suit.DIAMONDS] * 6 + [Suit.HEARTS]
    holding: dict[Seat, list[Card]] = {N: [], S: []}
    plays = []
    leader = other  # the non-dealer leads first
    for winner, suit in zip(winners, suits, strict=True):
        high, low = pools[suit].pop(0), pools[suit].pop(0)
        follower = leader.partner
        given = {winner: high, (N if winner == S else S): low}
        holding[leader].append(given[leader])
        holding[follower].append(given[follower])
        plays += [given[leader], given[follower]]
        leader = winner
    used = set(holding[N]) | set(holding[S])
    rest = [c for c in Rules("two-player").deck if c not in used]
    stock = []
    drawers = [dealer, other] * 13
    kept = {N: sorted(holding[N]), S: sorted(holding[S])}
    for seat in drawers:
        stock += [kept[seat].pop(0), rest.pop(0)]
    return stock, holding, plays


# ------------------------------------------------------------- rejections
def assert_rejected(
    hand: Hand, action: object, rule: str, *words: str, seat: object = None
) -> IllegalAction:
    """``apply`` raises IllegalAction with this ``rule`` and a message containing
    ``words``; the hand is exactly as it was; ``check``/``why_illegal`` agree."""
    before = snapshot(hand)
    with pytest.raises(IllegalAction) as info:
        hand.apply(action, seat)  # type: ignore[arg-type]
    error = info.value
    message = str(error)
    assert error.rule == rule, (error.rule, message)
    for word in words:
        assert word in message, (word, message)
    assert snapshot(hand) == before, f"state changed by a rejected {action!r}"
    assert hand.why_illegal(action, seat) == message  # type: ignore[arg-type]
    assert not hand.is_legal(action, seat)  # type: ignore[arg-type]
    assert snapshot(hand) == before
    return error


# A fixed deal with known spade counts: N 3, E 4, S 6, W 0 (all clubs).
SPADE_COUNT_DEAL = deal_of(
    N="AS KS QS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH",
    E="JS 10S 9S 8S QH KH AH 2D 3D 4D 5D 6D 7D",
    S="7S 6S 5S 4S 3S 2S 8D 9D 10D JD QD KD AD",
    W="AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C",
)


# ------------------------------------------------------------------ views
def cards_in(value: object) -> Iterator[Card]:
    """Every card reachable inside a view field."""
    if isinstance(value, Card):
        yield value
    elif isinstance(value, Trick):
        yield from cards_in(value.plays)
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from cards_in(k)
            yield from cards_in(v)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for v in value:
            yield from cards_in(v)


def visible_to(view: PlayerView, hand: Hand) -> set[Card]:
    """What the seat may legitimately know the location or identity of."""
    seat = view.seat
    known = set(view.holding or ())
    known |= {c for t in hand.tricks for _, c in t.plays} | {c for _, c in hand.trick}
    known |= set(hand.exchanges.get(seat, ()))
    partner_passed = hand.exchanges.get(seat.partner, ())
    if seat in hand.exchanges and partner_passed:
        known |= set(partner_passed)
    known |= set(hand.known_discards.get(seat, ()))
    if seat in hand.blind_discards:
        known |= set(hand.blind_discards[seat][0])
    if view.drawn is not None:
        known.add(view.drawn)
    return known


def assert_private(hand: Hand) -> None:
    for seat in hand.seats:
        view = hand.view(seat)
        allowed = visible_to(view, hand)
        for f in dataclasses.fields(view):
            if f.name == "rules":
                continue
            leaked = set(cards_in(getattr(view, f.name))) - allowed
            assert not leaked, (seat, f.name, leaked)
        if view.holding is not None:
            assert sorted(view.holding) == sorted(hand.holding[seat])
        else:
            assert hand.hidden[seat]


# --------------------------------------------------- the table's front end
@pytest.fixture(scope="module")
def states() -> dict[str, dict[str, Any]]:
    """States of real tables, for the front-end tests (``front_support``)."""
    from front_support import table_states

    return table_states()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One headless Chromium for a test module (a module that needs another
    browser, such as a served page's, defines its own)."""
    from front_support import chromium_browser

    yield from chromium_browser()
