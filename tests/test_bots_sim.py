"""The bots' fast simulation agrees with the engine: same deal and same cards
give the same legal plays, trick winners, tricks and scores; determinized
worlds respect everything the seat has seen."""

from __future__ import annotations

import itertools
import random

import pytest

from spadeslib import MODIFIERS, PRESETS, Bid, Card, Hand, InvalidRules, Rules, Seat
from spadeslib.bidding import legal_bids
from spadeslib.bots.candidates import played_by_seat
from spadeslib.bots.knowledge import state_from_hand, state_from_view
from spadeslib.bots.playout import sim_legal_bids
from spadeslib.bots.policy import choose_card
from spadeslib.bots.sampler import play_record, sample_worlds
from spadeslib.bots.sim import bits, deck_for
from spadeslib.hand import Phase


def all_rule_sets() -> list[str]:
    specs = []
    for preset in PRESETS:
        for k in range(3):
            for mods in itertools.combinations(MODIFIERS, k):
                try:
                    Rules(preset, mods)
                except InvalidRules:
                    continue
                specs.append("+".join((preset, *mods)))
    return specs


#: house rules that change the scoring the simulator must reproduce (a new
#: setting that scores differently belongs here too)
HOUSE_RULES = [
    "classic+bag_limit=5+bag_penalty=50",
    "yppedia+nil_value=75+blind_nil_value=150",
    "cards4net+target=300+bag_penalty=200",
]
RULE_SETS = all_rule_sets() + HOUSE_RULES


def random_hand_to_play(spec: str, seed: int) -> Hand:
    """A hand advanced by random actions to the start of the play."""
    rules = Rules.parse(spec)
    rng = random.Random(seed)
    dealer = Seat.NORTH if rules.players == 2 else Seat(seed % 4)
    scores = {"NS": 0, "EW": 150} if rules.players == 4 else None
    hand = Hand(rules, dealer, seed=f"sim/{seed}", scores=scores)
    while hand.phase is not Phase.PLAYING:
        hand.apply(hand.random_action(rng), check=False)
    return hand


def test_rule_sets_are_all_found():
    assert "cards4net" in RULE_SETS and "classic+jokers" in RULE_SETS
    assert len(RULE_SETS) > 20


def test_deck_ids_follow_trump_order():
    rules = Rules("classic", ["jokers"])
    deck = deck_for(rules)
    trumps = [deck.card[i] for i in bits(deck.suit_mask[3])]
    assert trumps == list(reversed(rules.trump_order))
    for card in rules.deck:
        assert deck.card[deck.id_of_card(card)] is card
    assert len(bits(deck.full)) == 52


@pytest.mark.parametrize("spec", RULE_SETS)
def test_sim_plays_like_the_engine(spec: str):
    for seed in range(3):
        hand = random_hand_to_play(spec, seed)
        st = state_from_hand(hand)
        deck = st.deck
        rng = random.Random(seed)
        while not hand.is_over:
            seat = hand.turn
            assert seat is not None and st.turn == int(seat)
            legal = hand.legal_actions()
            assert deck.mask(legal) == st.legal(int(seat))  # type: ignore[arg-type]
            card = rng.choice(legal)
            assert isinstance(card, Card)
            hand.apply(card, check=False)
            st.play(int(seat), deck.id_of_card(card))
            if not hand.trick:
                assert st.tricks_won == [hand.tricks_won.get(s, 0) for s in Seat]
                assert st.tricks_done == len(hand.tricks)
            assert st.broken == hand.spades_broken
        assert hand.result is not None
        for index, side in enumerate(hand.result):
            score = hand.result[side]
            assert st.side_score(index, adjusted=False) == score.points
            adjusted = score.points + score.penalty_points - 10 * score.bags_gained
            assert st.side_score(index) == adjusted
            contract, need = st.status()[2 * index : 2 * index + 2]
            assert contract == score.contract
            if contract:
                assert (need <= 0) == score.made


@pytest.mark.parametrize(
    "spec", ["cards4net", "classic", "two-player", "classic+jokers"]
)
def test_state_from_view_matches_the_hand(spec: str):
    hand = random_hand_to_play(spec, 5)
    rng = random.Random(5)
    while not hand.is_over:
        seat = hand.turn
        assert seat is not None
        full = state_from_hand(hand)
        mine = state_from_view(hand.view(seat))
        assert mine.hands[int(seat)] == full.hands[int(seat)]
        assert mine.played == full.played
        assert mine.voids == full.voids
        assert mine.trick == full.trick
        assert mine.tricks_won == full.tricks_won
        assert mine.bid == full.bid and mine.nil == full.nil
        others = [s for s in hand.seats if s != seat]
        assert all(mine.hands[int(s)] == 0 for s in others)
        hand.apply(hand.random_action(rng), check=False)


@pytest.mark.parametrize("spec", RULE_SETS)
def test_sim_legal_bids_match_the_engine(spec: str):
    rules = Rules.parse(spec)
    rng = random.Random(spec)
    for seed in range(4):
        scores = {"NS": 0, "EW": 0} if rules.players == 4 else None
        dealer = Seat.NORTH if rules.players == 2 else Seat(seed)
        hand = Hand(rules, dealer, seed=f"bids/{seed}", scores=scores)
        while hand.phase is not Phase.PLAYING:
            seat = hand.turn
            assert seat is not None
            if (
                hand.phase is Phase.BIDDING
                and not hand.hidden[seat]
                and seat not in hand.declared_blind
            ):
                trumps = sum(1 for c in hand.holding[seat] if rules.is_trump(c))
                bids = hand.bids
                assert sim_legal_bids(rules, seat, bids, trumps) == legal_bids(
                    hand.bid_situation(seat)
                )
            hand.apply(hand.random_action(rng), check=False)


@pytest.mark.parametrize(
    "spec", ["cards4net", "classic", "two-player", "yppedia+jokers"]
)
def test_worlds_respect_what_the_seat_has_seen(spec: str):
    hand = random_hand_to_play(spec, 2)
    rng = random.Random(2)
    steps = 0
    while not hand.is_over:
        seat = hand.turn
        assert seat is not None
        view = hand.view(seat)
        st = state_from_view(view)
        me = int(seat)
        truth = state_from_hand(hand)
        unseen = st.unseen(me)
        worlds = sample_worlds(
            st, me, random.Random(steps), 3, played_by=[0, 0, 0, 0], oversample=2
        )
        assert len(worlds) == 3
        for world in worlds:
            assert world[me] == truth.hands[me]
            union = 0
            for s in hand.seats:
                assert bin(world[int(s)]).count("1") == len(hand.holding[s])
                assert not world[int(s)] & union
                union |= world[int(s)]
                if s != seat:
                    for t in range(4):
                        if st.voids[int(s)] >> t & 1:
                            assert not world[int(s)] & st.deck.suit_mask[t]
                    assert not world[int(s)] & ~(unseen | st.known[me])
            if hand.rules.players == 4:
                assert union == truth.deck.full & ~truth.played
                partner = int(seat.partner)
                known = st.known[me] & ~st.played
                assert world[partner] & known == known
        hand.apply(hand.random_action(rng), check=False)
        steps += 1


def test_exchange_cards_are_known_to_be_with_partner():
    rules = Rules("classic")
    hand = Hand(rules, Seat.WEST, seed=3, scores={"NS": 0, "EW": 200})
    # North is trailing by 200: may bid blind nil
    hand.apply(Bid.BLIND_NIL)
    for bid in (3, 4, 3):
        hand.apply(bid)
    assert hand.phase is Phase.EXCHANGE
    north = hand.holding[Seat.NORTH][-2:]
    hand.apply(f"pass {north[0]} {north[1]}")
    south = hand.holding[Seat.SOUTH][:2]
    hand.apply(f"pass {south[0]} {south[1]}")
    st = state_from_view(hand.view("N"))
    assert st.known[0] == st.deck.mask(north)
    worlds = sample_worlds(st, 0, random.Random(0), 5)
    for world in worlds:
        assert world[2] & st.known[0] == st.known[0]


def _rule_hands(count: int, spec: str = "cards4net"):
    """Hands played by four rule bots, with a view at every decision."""
    from spadeslib.bots import make_bot

    bot = make_bot("rule", seed=0)
    for seed in range(count):
        hand = Hand(Rules.parse(spec), Seat.WEST, seed=seed)
        views = []
        while not hand.is_over:
            view = hand.view(hand.turn)
            if hand.phase is Phase.PLAYING:
                views.append((view, state_from_hand(hand)))
            hand.apply(bot.act(view))
        yield views


@pytest.mark.parametrize("spec", ["cards4net", "classic+jokers", "yppedia"])
def test_the_true_deal_fits_every_play_of_rule_bots(spec: str):
    checked = 0
    for views in _rule_hands(4, spec):
        for view, truth in views[::5]:
            record = play_record(view)
            if record is None:
                assert not view.tricks and not view.trick
                continue
            played = played_by_seat(view, truth.deck)
            for s in range(4):  # every seat, the one that sees included
                assert record.misses(s, truth.hands[s] | played[s]) == 0
            checked += 1
    assert checked > 20


def test_a_play_the_rule_level_would_not_make_is_a_miss():
    hand = Hand(seed=5, dealer="W")
    for bid in (3, 3, 3, 3):
        hand.apply(bid)
    legal = hand.legal_cards()
    st = state_from_hand(hand)
    rule = st.deck.card[choose_card(st, 0)[0]]
    other = next(c for c in legal if c != rule)
    hand.apply(other)  # North leads a card the rule level would not
    view = hand.view("E")
    record = play_record(view)
    truth = state_from_hand(hand)
    played = played_by_seat(view, truth.deck)
    assert record.misses(0, truth.hands[0] | played[0]) == 1
    assert [record.misses(s, truth.hands[s] | played[s]) for s in (1, 2, 3)] == [0] * 3


def test_reading_the_plays_places_more_hidden_cards_right():
    """Against rule bots, worlds weighed by their plays put more of the
    unseen cards in the right hands than worlds that ignore the plays."""
    right = {1.0: 0, 0.3: 0}
    total = 0
    for views in _rule_hands(12):
        for view, truth in views[8:40:4]:
            st = state_from_view(view)
            me = int(view.seat)
            played = played_by_seat(view, st.deck)
            unseen = st.unseen(me)
            total += 8 * unseen.bit_count()
            for weight in right:
                worlds = sample_worlds(
                    st,
                    me,
                    random.Random(total),
                    8,
                    played_by=played,
                    record=play_record(view),
                    play_weight=weight,
                )
                for world in worlds:
                    for s in (0, 1, 2, 3):
                        if s != me:
                            right[weight] += (world[s] & truth.hands[s]).bit_count()
    read, blind = right[0.3] / total, right[1.0] / total
    assert read > blind + 0.015, (read, blind)
