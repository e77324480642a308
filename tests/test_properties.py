"""Property tests over random seeds, presets and modifier combinations.

Each example plays a random hand under one allowed rule set, checking at every
step what RULES.md guarantees: cards are conserved, the legal set is never
empty before the end, every trick has one winner who leads next, a rejected
action changes nothing, ``undo`` and ``clone`` behave, views stay private,
and the engine's score equals one recomputed here from RULES.md alone.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import ALL_SPECS, assert_private, seats_of, snapshot
from spadeslib import (
    KEEP,
    LOOK,
    TAKE_NEXT,
    Action,
    Bid,
    BidKind,
    Card,
    Discard,
    Exchange,
    Hand,
    IllegalAction,
    Phase,
    Rules,
    Seat,
    Suit,
    legality,
)

SETTINGS = settings(
    deadline=None,
    max_examples=150,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)

rules_st = st.sampled_from(ALL_SPECS)
scores_st = st.sampled_from([(0, 0), (0, -100), (-150, 200), (250, 100), (480, 30)])


def new_hand(rules: Rules, seed: int, dealer: int, scores: tuple[int, int]) -> Hand:
    seats = seats_of(rules)
    sides = ("NS", "EW") if rules.players == 4 else ("N", "S")
    return Hand(
        rules,
        seats[dealer % len(seats)],
        seed=seed,
        scores=dict(zip(sides, scores, strict=True)),
        bags={sides[0]: seed % 10, sides[1]: (seed // 10) % 10},
    )


# ------------------------------------------------- independent references
def reference_winner(rules: Rules, plays: list[tuple[Seat, Card]]) -> Seat:
    """RULES.md: the highest trump wins (trump order is a parameter); with no
    trump in the trick, the highest card of the suit led."""
    trumps = list(rules.trump_order)

    def suit(card: Card) -> Suit:
        return Suit.SPADES if card.is_joker else card.suit

    if any(suit(c) is Suit.SPADES for _, c in plays):
        return min(
            (s for s, c in plays if suit(c) is Suit.SPADES),
            key=lambda s: trumps.index(dict(plays)[s]),
        )
    led = suit(plays[0][1])
    return max(
        (s for s, c in plays if suit(c) is led), key=lambda s: dict(plays)[s].rank
    )


NIL_VALUES = {"cards4net": (100, 200), "classic": (100, 200), "yppedia": (50, 100)}
NIL_VALUES["two-player"] = (100, 200)
NIL_TRICKS = {"cards4net": "team", "classic": "bags", "yppedia": "ignored"}
NIL_TRICKS["two-player"] = "team"


def reference_score(
    rules: Rules,
    bids: Mapping[Seat, Bid],
    tricks: Mapping[Seat, int],
    bags_before: Mapping[str, int],
) -> dict[str, tuple[int, int]]:
    """Points and bags carried per side, from RULES.md, by preset name."""
    nil_value, blind_value = NIL_VALUES[rules.preset]
    how = NIL_TRICKS[rules.preset]
    if rules.players == 4:
        teams = {"NS": (Seat.NORTH, Seat.SOUTH), "EW": (Seat.EAST, Seat.WEST)}
    else:
        teams = {"N": (Seat.NORTH,), "S": (Seat.SOUTH,)}
    out = {}
    for side, seats in teams.items():
        nils = [s for s in seats if bids[s] in (Bid.NIL, Bid.BLIND_NIL)]
        rest = [s for s in seats if s not in nils]
        seven = any(bids[s] == Bid.BLIND_SEVEN for s in seats)
        contract = 7 if seven else sum(bids[s].tricks for s in rest)
        if how == "team":
            counted, nil_bags = sum(tricks[s] for s in seats), 0
        else:
            counted = sum(tricks[s] for s in rest)
            nil_bags = sum(tricks[s] for s in nils) if how == "bags" else 0
        points = bags = 0
        if contract:
            if seven:
                value = 140
            elif "ten_for_200" in rules.modifiers and contract == 10:
                value = 200
            else:
                value = 10 * contract
            if counted >= contract:
                points += value + counted - contract
                bags += counted - contract
            else:
                points -= value
        for s in nils:
            value = blind_value if bids[s] == Bid.BLIND_NIL else nil_value
            points += value if tricks[s] == 0 else -value
        points += nil_bags
        bags += nil_bags
        total = bags_before[side] + bags
        points -= (total // 10) * 100
        out[side] = (points, total % 10)
    return out


# -------------------------------------------------------------- checks
def conserved(hand: Hand) -> None:
    played = [c for t in hand.tricks for _, c in t.plays] + [c for _, c in hand.trick]
    everything = [c for s in hand.seats for c in hand.holding[s]] + played
    if hand.rules.players == 2:
        everything += list(hand.discard_pile) + list(hand.stock[hand._stock_pos :])
    assert Counter(everything) == Counter(hand.rules.deck)
    assert len(set(everything)) == len(everything)


def candidate_actions(hand: Hand, rng: random.Random) -> list[Action]:
    """A mix of legal and illegal actions of every kind."""
    deck = list(hand.rules.deck)
    seat = hand.turn
    own = list(hand.holding[seat]) if seat is not None else []
    picks: list[Action] = [
        rng.choice(deck),
        Bid(rng.randint(-1, 14)),
        Bid.NIL,
        Bid.BLIND_NIL,
        Bid.BLIND_SEVEN,
        LOOK,
        KEEP,
        TAKE_NEXT,
        Exchange.of(rng.sample(deck, 2)),
        Discard.of(rng.sample(deck, rng.randint(0, 4))),
    ]
    if len(own) >= 2:
        picks.append(Exchange.of(rng.sample(own, 2)))
        picks.append(Discard.of(rng.sample(own, min(len(own), rng.randint(0, 4)))))
    if own:
        picks.append(rng.choice(own))
    return picks


def check_agrees_with_legal(hand: Hand, rng: random.Random) -> None:
    """``check`` accepts exactly the legal actions (plus an ordinary bid from a
    seat offered a blind bid, which looks first); a refusal changes nothing."""
    legal = hand.legal_actions()
    for action in legal[:4] + rng.sample(legal, min(3, len(legal))):
        assert hand.check(action) is None, (action, hand.check(action))
    before = snapshot(hand)
    rules = hand.rules
    for action in candidate_actions(hand, rng):
        error = hand.check(action)
        same = action
        if action == Bid(0) and not rules.numeric_zero and rules.nil:
            same = Bid.NIL  # a bid of 0 is Nil under these rules
        if same in legal:
            assert error is None
            continue
        if error is None:
            assert hand.phase is Phase.BIDDING and hand.hidden[hand.turn]
            assert isinstance(action, Bid) and not action.is_blind
            continue
        assert isinstance(error, IllegalAction) and error.rule
        try:
            hand.apply(action)
        except IllegalAction as raised:
            assert raised.rule == error.rule and str(raised) == str(error)
        else:
            raise AssertionError(f"{action!r} was applied despite {error}")
    assert snapshot(hand) == before


def play_random(hand: Hand, rng: random.Random, *, deep: bool) -> None:
    while not hand.is_over:
        assert hand.turn is not None
        conserved(hand)
        legal = hand.legal_actions()
        assert legal, f"no legal action in {hand!r}"
        if deep and rng.random() < 0.3:
            check_agrees_with_legal(hand, rng)
        tricks = len(hand.tricks)
        hand.apply(rng.choice(legal), check=deep)
        if len(hand.tricks) > tricks:
            trick = hand.tricks[-1]
            assert len(trick.plays) == len(hand.seats)
            assert [s for s, _ in trick.plays] == [
                Seat((trick.leader + i) % 4) if len(hand.seats) == 4 else s
                for i, (s, _) in enumerate(trick.plays)
            ]
            assert trick.winner == reference_winner(hand.rules, list(trick.plays))
            assert hand.is_over or hand.turn == trick.winner
            assert hand.trick == ()
    assert hand.turn is None and hand.legal_actions() == []
    conserved(hand)


# ------------------------------------------------------------- properties
@SETTINGS
@given(
    spec=rules_st,
    seed=st.integers(0, 2**32),
    dealer=st.integers(0, 3),
    scores=scores_st,
    move_seed=st.integers(0, 2**32),
)
def test_random_hand_invariants_and_score(
    spec: str, seed: int, dealer: int, scores: tuple[int, int], move_seed: int
) -> None:
    rules = Rules.parse(spec)
    moves = random.Random(move_seed)
    hand = new_hand(rules, seed, dealer, scores)
    play_random(hand, moves, deep=True)
    assert len(hand.tricks) == 13 and sum(hand.tricks_won.values()) == 13
    assert all(len(hand.holding[s]) == 0 for s in hand.seats)
    winners = Counter(t.winner for t in hand.tricks)
    assert {s: winners.get(s, 0) for s in hand.seats} == hand.tricks_won
    assert hand.result is not None
    expected = reference_score(rules, hand.bids, hand.tricks_won, hand.bags)
    got = {side: (s.points, s.bags_after) for side, s in hand.result.items()}
    assert got == expected


@SETTINGS
@given(
    spec=rules_st,
    seed=st.integers(0, 2**32),
    dealer=st.integers(0, 3),
    scores=scores_st,
    move_seed=st.integers(0, 2**32),
)
def test_bids_follow_the_rules(
    spec: str, seed: int, dealer: int, scores: tuple[int, int], move_seed: int
) -> None:
    """Whatever is chosen, the bids made obey the preset and modifiers."""
    rules = Rules.parse(spec)
    moves = random.Random(move_seed)
    hand = new_hand(rules, seed, dealer, scores)
    held = {}
    while hand.phase is not Phase.PLAYING:
        if hand.phase is Phase.BIDDING and hand.turn is not None:
            held.setdefault(hand.turn, list(hand.holding[hand.turn]))
        hand.apply(moves.choice(hand.legal_actions()), check=False)
    bids = hand.bids
    assert set(bids) == set(hand.seats)
    for seat, bid in bids.items():
        if bid.kind is BidKind.NUMBER:
            assert (0 if rules.numeric_zero else 1) <= bid.tricks <= 13
        if not rules.nil:
            assert not bid.is_nil
        if bid.kind is BidKind.BLIND_SEVEN:
            assert rules.blind_seven
        if rules.bid_rule != "free":
            spades = sum(rules.is_trump(c) for c in held[seat])
            if rules.bid_rule == "mirror" or not bid.is_nil:
                if spades or (rules.bid_rule == "whiz" and rules.numeric_zero):
                    assert bid == Bid(spades), (seat, bid, spades)
                else:
                    assert bid == Bid.NIL, (seat, bid)
    if rules.players == 4:
        for a in (Seat.NORTH, Seat.EAST):
            pair = (bids[a], bids[a.partner])
            nils = sum(b.is_nil for b in pair)
            if rules.suicide:
                assert nils == 1 or rules.bid_rule == "whiz", pair
            if rules.preset == "cards4net" and rules.bid_rule != "mirror":
                assert nils <= 1
            if rules.preset == "yppedia":
                assert sum(b == Bid.BLIND_NIL for b in pair) <= 1
            sevens = sum(b == Bid.BLIND_SEVEN for b in pair)
            assert sevens in (0, 2)
        blind = [s for s, b in bids.items() if b == Bid.BLIND_NIL]
        if rules.blind_nil == "first_bidder":
            assert blind in ([], [hand.bid_order[0]])
        if rules.blind_nil == "trailing":
            for s in blind:
                own = hand.scores[hand.side_of(s)]
                other = hand.scores[hand.side_of(s.left)]
                assert other - own >= 100


@settings(deadline=None, max_examples=80, derandomize=True)
@given(
    spec=rules_st,
    seed=st.integers(0, 2**32),
    dealer=st.integers(0, 3),
    scores=scores_st,
    move_seed=st.integers(0, 2**32),
    stop=st.integers(0, 120),
)
def test_undo_and_clone(
    spec: str,
    seed: int,
    dealer: int,
    scores: tuple[int, int],
    move_seed: int,
    stop: int,
) -> None:
    rules = Rules.parse(spec)
    moves = random.Random(move_seed)
    hand = new_hand(rules, seed, dealer, scores)
    steps = 0
    while not hand.is_over and steps < stop:
        hand.apply(moves.choice(hand.legal_actions()), check=False)
        steps += 1
    if hand.is_over:
        return
    before = snapshot(hand)
    copy = hand.clone()
    assert snapshot(copy) == before
    action = moves.choice(hand.legal_actions())
    copy.apply(action)
    assert snapshot(hand) == before, "the clone shares no state with the original"
    while not copy.is_over:
        copy.apply(moves.choice(copy.legal_actions()), check=False)
    assert snapshot(hand) == before
    hand.apply(action)
    assert hand.undo() == action
    assert snapshot(hand) == before
    again = hand.clone()
    again.apply(action)
    hand.apply(action)
    assert snapshot(hand) == snapshot(again)


@settings(deadline=None, max_examples=40, derandomize=True)
@given(
    spec=rules_st,
    seed=st.integers(0, 2**32),
    dealer=st.integers(0, 3),
    scores=scores_st,
    move_seed=st.integers(0, 2**32),
)
def test_views_never_show_other_seats_cards(
    spec: str, seed: int, dealer: int, scores: tuple[int, int], move_seed: int
) -> None:
    rules = Rules.parse(spec)
    moves = random.Random(move_seed)
    hand = new_hand(rules, seed, dealer, scores)
    while not hand.is_over:
        assert_private(hand)
        view = hand.view(hand.turn)
        assert set(view.legal) == set(hand.legal_actions())
        hand.apply(moves.choice(view.legal), check=False)
    assert_private(hand)


def plain_legal_cards(hand: Hand) -> list[Card]:
    """The cards the seat to move may play, worked out afresh from its
    holding (not from the suit lists the play keeps up to date)."""
    assert hand.turn is not None
    held = list(hand.holding[hand.turn])
    led = hand.rules.trick_suit(hand.trick[0][1]) if hand.trick else None
    suits = legality.split_by_suit(hand.rules, held)
    cards, _ = legality.playable(hand.rules, held, suits, led, hand.spades_broken)
    return list(cards)


@settings(deadline=None, max_examples=60, derandomize=True)
@given(
    spec=rules_st,
    seed=st.integers(0, 2**32),
    dealer=st.integers(0, 3),
    scores=scores_st,
    move_seed=st.integers(0, 2**32),
)
def test_fast_path_and_checked_path_play_the_same_hand(
    spec: str, seed: int, dealer: int, scores: tuple[int, int], move_seed: int
) -> None:
    """The same choices through ``apply(check=False)`` and validated ``apply``
    give identical hands; the fast legal-move lists equal the plain rule."""
    rules = Rules.parse(spec)
    fast = new_hand(rules, seed, dealer, scores)
    slow = new_hand(rules, seed, dealer, scores)
    moves = random.Random(move_seed)
    while not fast.is_over:
        legal = fast.legal_actions()
        assert legal == slow.legal_actions()
        if fast.phase is Phase.PLAYING:
            assert legal == plain_legal_cards(fast)
        action = moves.choice(legal)
        fast.apply(action, check=False)
        slow.apply(str(action) if isinstance(action, Card) else action)
        assert snapshot(fast) == snapshot(slow)
    assert fast.result == slow.result


@settings(deadline=None, max_examples=30, derandomize=True)
@given(spec=rules_st, seed=st.one_of(st.integers(-(2**70), 2**70), st.text(max_size=8)))
def test_seeded_deal_is_random_shuffle_dealt_from_the_left(spec: str, seed) -> None:
    """The documented deal: ``rules.deck`` shuffled as ``random.Random(seed)``
    shuffles, dealt one at a time starting left of the dealer (two players:
    that order is the stock)."""
    rules = Rules.parse(spec)
    deck = list(rules.deck)
    random.Random(seed).shuffle(deck)
    if rules.players == 2:
        assert list(Hand(rules, Seat.SOUTH, seed=seed).stock) == deck
        return
    for dealer in Seat:
        hand = Hand(rules, dealer, seed=seed)
        for k, card in enumerate(deck):
            assert card in hand.holding[Seat((dealer + 1 + k) % 4)]
