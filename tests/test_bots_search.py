"""The search level, hints, and the rule that bots see only their view."""

from __future__ import annotations

import dataclasses
import pickle

import pytest
from test_bots_rule import D1Q, D2, D5, setup

from spadeslib import Bid, Card, Hand, PlayerView, Seat
from spadeslib.bots import (
    BOTS,
    LADDER,
    LITE_SAMPLES,
    SearchBot,
    Suggestion,
    level_options,
    make_bot,
    parse_level,
    suggest,
)
from spadeslib.bots.search_bot import DEFAULT_SAMPLES
from spadeslib.errors import SpadesError


def swapped(
    deal: dict[str, str], a: str, b: str, card_a: str, card_b: str
) -> dict[str, str]:
    """The deal with one card of seat ``a`` and one of seat ``b`` exchanged."""
    out = dict(deal)
    out[a] = deal[a].replace(card_a, card_b)
    out[b] = deal[b].replace(card_b, card_a)
    return out


def test_levels_are_listed():
    assert list(BOTS) == ["random", *LADDER]  # weakest first
    # one line per ladder level, the same in the menus and in `spades bots`
    assert all(BOTS[level][0] == line for level, line in LADDER.items())
    # the words say the budgets the levels use
    assert f"in {LITE_SAMPLES} deals" in LADDER["search-lite"]
    assert f"with {DEFAULT_SAMPLES} deals per decision" in LADDER["search"]
    assert make_bot("search").samples == DEFAULT_SAMPLES
    assert make_bot("search-lite").samples == LITE_SAMPLES
    assert parse_level("search:samples=6,bid_samples=2") == (
        "search",
        {"samples": 6, "bid_samples": 2},
    )
    with pytest.raises(SpadesError, match="unknown bot"):
        make_bot("grandmaster")
    with pytest.raises(SpadesError, match="not a number"):
        parse_level("search:lots")
    with pytest.raises(SpadesError, match="bad options"):
        make_bot("random", samples=3)


def test_an_unknown_bot_option_is_named_with_the_ones_the_level_takes():
    with pytest.raises(SpadesError) as error:
        make_bot("expert:bogus=1")
    assert str(error.value) == (
        "bad options for bot 'expert': no option 'bogus' "
        "(it takes samples, exact_cards, play_weight)"
    )
    with pytest.raises(SpadesError, match=r"no option 'samples' \(it takes none\)"):
        make_bot("novice:4")
    for level in BOTS:  # every option a level lists builds that level
        takes = level_options(level)
        assert "seed" not in takes
        if "samples" in takes:
            assert make_bot(f"{level}:samples=3").samples == 3


@pytest.mark.parametrize("level", ["rule", "search", "random"])
def test_actions_depend_only_on_the_view(level: str):
    # South's view is the same in both deals: East and West hold different
    # unplayed clubs, which South cannot see
    other = swapped(D1Q, "E", "W", "9C", "3C")
    plays = ["2H", "QH", "10H"]
    first = setup(D1Q, [3, 4, 2, 3], plays, dealer="S")
    second = setup(other, [3, 4, 2, 3], plays, dealer="S")
    assert first.holding[Seat.EAST] != second.holding[Seat.EAST]
    v1, v2 = first.view("S"), second.view("S")
    assert v1 == v2
    a = make_bot(level, seed=7, **({"samples": 4} if level == "search" else {}))
    b = make_bot(level, seed=7, **({"samples": 4} if level == "search" else {}))
    assert a.act(v1) == b.act(v2)


def test_views_hold_no_hidden_card():
    hand = setup(D1Q, [3, 4, 2, 3], ["2H", "QH"], dealer="S")
    view = hand.view("E")
    hidden = {c for s in (Seat.NORTH, Seat.SOUTH, Seat.WEST) for c in hand.holding[s]}
    seen: set[Card] = set()

    def walk(value: object) -> None:
        if isinstance(value, Card):
            seen.add(value)
        elif isinstance(value, (tuple, list, set, frozenset)):
            for item in value:
                walk(item)
        elif isinstance(value, dict):
            for k, v in value.items():
                walk(k)
                walk(v)
        elif dataclasses.is_dataclass(value) and not isinstance(value, type):
            for field in dataclasses.fields(value):
                if field.name != "rules":
                    walk(getattr(value, field.name))
        else:
            assert not isinstance(value, Hand)

    walk(view)
    assert seen and not seen & hidden
    # a bot can act on a copy that shares nothing with the hand
    copy = pickle.loads(pickle.dumps(view))
    assert isinstance(copy, PlayerView)
    assert SearchBot(seed=1, samples=2).act(copy) == SearchBot(seed=1, samples=2).act(
        view
    )


def test_search_is_reproducible_for_a_seed():
    hand = setup(D2, [3, 3, 3, 3], ["2C"])
    view = hand.view("E")
    first = SearchBot(seed=3, samples=6).explain(view)
    again = SearchBot(seed=3, samples=6).explain(view)
    assert first == again
    assert isinstance(first, Suggestion) and first.level == "search"
    assert first.action in view.legal and first.reason


def test_search_does_not_trump_partners_sure_winner():
    hand = setup(D5, [3, 2, 5, 2], ["AH", "9H"])
    card = SearchBot(seed=1, samples=6).act(hand.view("S"))
    assert isinstance(card, Card) and card.suit.letter != "S"


def test_search_covers_partners_nil():
    hand = setup(D2, ["nil", 3, 4, 3], ["6C", "4C"])
    card = SearchBot(seed=1, samples=6).act(hand.view("S"))
    assert isinstance(card, Card) and card.suit.letter == "C" and card.rank > 6


def test_search_bids_with_a_reason():
    hand = setup(D2, ["look"], [])
    for seat in ("N", "E", "S", "W"):
        hint = suggest(hand.view(seat), "search", samples=3)
        assert isinstance(hint.action, Bid) and hint.action in hand.legal_actions()
        assert hint.reason.startswith("Bid")
        hand.apply(hint.action)
    assert hand.bids[Seat.NORTH] == Bid.NIL  # the nil hand


def test_search_with_zero_samples_plays_as_the_rule_level():
    hand = setup(D2, [3, 3, 3, 3], ["2C"])
    view = hand.view("E")
    assert (
        SearchBot(samples=0, bid_samples=0).explain(view).action == suggest(view).action
    )


def test_search_time_limit_still_answers():
    hand = setup(D2, [3, 3, 3, 3], [])
    view = hand.view("N")
    bot = SearchBot(seed=2, samples=500, time_limit=0.05)
    assert bot.act(view) in view.legal


def test_search_reason_when_it_departs_from_the_rule():
    # over many positions the search sometimes disagrees with the rule bot,
    # and then says by how much it expects to gain
    hand = Hand(seed=12, dealer="W")
    bots = {s: make_bot("rule") for s in Seat}
    search = SearchBot(seed=5, samples=6)
    reasons = []
    while not hand.is_over:
        seat = hand.turn
        assert seat is not None
        view = hand.view(seat)
        if len(view.legal) > 1 and hand.tricks:
            hint = search.explain(view)
            if hint.action != suggest(view).action:
                reasons.append(hint.reason)
        hand.apply(bots[seat].act(view))
    assert reasons
    assert all("better on average" in r or "best on average" in r for r in reasons)


def test_suggest_needs_a_seat_to_move():
    hand = setup(D2, [3], [])
    with pytest.raises(ValueError, match="not to move"):
        suggest(hand.view("N"))
