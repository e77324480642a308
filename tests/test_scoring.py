"""Scoring: contracts, overtricks and bags, nil and blind nil under every
preset, ten for 200, blind seven, bag penalties, and the sources' worked
examples, both through ``score_hand`` and through whole hands played out."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from conftest import E, N, S, W, bid_all, script, script_two
from spadeslib import (
    KEEP,
    LOOK,
    Bid,
    Exchange,
    Hand,
    Phase,
    Rules,
    Seat,
    SideScore,
    score_hand,
)
from spadeslib.scoring import apply_bags, side_of, side_seats, sides

NIL, BNIL, B7 = Bid.NIL, Bid.BLIND_NIL, Bid.BLIND_SEVEN


def bids_of(**kw: object) -> dict[Seat, Bid]:
    return {Seat.parse(k): Bid.parse(v) for k, v in kw.items()}  # type: ignore[arg-type]


def tricks_of(**kw: int) -> dict[Seat, int]:
    return {Seat.parse(k): v for k, v in kw.items()}


def score(
    rules: str | Rules,
    bids: Mapping[Seat, Bid],
    tricks: Mapping[Seat, int],
    bags: Mapping[str, int] | None = None,
) -> dict[str, SideScore]:
    rules = Rules.parse(rules)
    return score_hand(rules, bids, tricks, bags or {s: 0 for s in sides(rules)})


def played(
    rules: str | Rules,
    bids: Mapping[Seat, Bid],
    wins: Mapping[Seat, int],
    dealer: Seat = Seat.NORTH,
    scores: Mapping[str, int] | None = None,
    bags: Mapping[str, int] | None = None,
) -> dict[str, SideScore]:
    """Deal a hand that ends with exactly ``wins``, bid ``bids`` and play every
    card through the engine; return its result. A blind-nil exchange passes
    cards that the script then needs in the other hand."""
    rules = Rules.parse(rules)
    holding, plays = script(rules, dealer, wins)
    order = [Seat((dealer + 1 + i) % 4) for i in range(4)]
    passes: dict[Seat, list] = {}
    if rules.exchange:
        for seat in order:
            if bids[seat] == BNIL and seat not in passes and seat.partner not in passes:
                partner = seat.partner
                give, take = holding[partner][:2], holding[seat][:2]
                passes[seat], passes[partner] = give, take
        for seat, cards in passes.items():
            holding[seat] = [c for c in holding[seat] if c not in passes[seat.partner]]
            holding[seat] += cards
    hand = Hand(rules, dealer, deal=holding, scores=scores, bags=bags)
    for seat in hand.bid_order:
        hand.apply(bids[seat])
    while hand.phase is Phase.EXCHANGE:
        hand.apply(Exchange.of(passes[hand.turn]))
    for card in plays:
        hand.apply(card)
    assert hand.is_over and hand.tricks_won == {s: wins[s] for s in Seat}
    assert hand.result is not None
    return hand.result


def both(rules: str, bids: dict[Seat, Bid], wins: dict[Seat, int], **kw):
    """The score through score_hand and through a played hand (must agree)."""
    direct = score(rules, bids, wins, kw.get("bags"))
    whole = played(rules, bids, wins, **kw)
    assert direct == whole
    return direct


# ------------------------------------------------------ contract made / set
@pytest.mark.parametrize("preset", ["cards4net", "classic", "yppedia"])
def test_source_000_bid_7_win_8_scores_71(preset: str) -> None:
    """Source 000: "Declarar 7 y ganar 8 da 71 puntos" (4 + 3 = contract 7)."""
    result = both(preset, bids_of(N=4, S=3, E=2, W=3), tricks_of(N=5, S=3, E=2, W=3))[
        "NS"
    ]
    assert result.contract == 7, "source 000: 4 + 3 is a team contract of 7"
    assert (result.made, result.contract_points, result.overtricks) == (True, 71, 1)
    assert result.points == 71 and result.bags_gained == 1 and result.bags_after == 1


@pytest.mark.parametrize("preset", ["cards4net", "classic", "yppedia"])
def test_source_000_bid_7_win_6_is_minus_70(preset: str) -> None:
    """Source 000: "Declarar 7 y ganar 6 da −70, no −10"."""
    result = both(preset, bids_of(N=4, S=3, E=3, W=3), tricks_of(N=3, S=3, E=4, W=3))[
        "NS"
    ]
    assert (result.made, result.points, result.bags_gained) == (False, -70, 0)


def test_source_003_bid_7_win_8_and_bid_7_win_5() -> None:
    """Source 003 (YPPedia): 7 bid, 8 won = 7 x 10 + 1 = 71; 7 bid, 5 won =
    -70."""
    made = both("yppedia", bids_of(N=3, S=4, E=3, W=2), tricks_of(N=4, S=4, E=2, W=3))
    assert made["NS"].points == 71
    set_ = both("yppedia", bids_of(N=3, S=4, E=3, W=3), tricks_of(N=3, S=2, E=4, W=4))
    assert set_["NS"].points == -70
    assert set_["EW"].points == 62 and set_["EW"].bags_after == 2


def test_exact_contract_scores_ten_per_trick_and_no_bags() -> None:
    result = both("classic", bids_of(N=4, S=3, E=3, W=3), tricks_of(N=4, S=3, E=3, W=3))
    assert result["NS"].points == 70 and result["EW"].points == 60
    assert result["NS"].bags_gained == result["EW"].bags_gained == 0


def test_bid_13_and_take_all() -> None:
    result = both(
        "cards4net", bids_of(N=7, S=6, E=1, W=1), tricks_of(N=13, S=0, E=0, W=0)
    )
    assert result["NS"].points == 130
    assert result["EW"].points == -20


# ---------------------------------------------------------------- nil
@pytest.mark.parametrize(
    ("preset", "nil", "blind"),
    [("cards4net", 100, 200), ("classic", 100, 200), ("yppedia", 50, 100)],
)
def test_nil_and_blind_nil_values(preset: str, nil: int, blind: int) -> None:
    """Nil 100 / Blind Nil 200 (000, 004); YPPedia 50 / 100 (003)."""
    bids = bids_of(N="nil", S=4, E=3, W=3)
    made = score(preset, bids, tricks_of(N=0, S=5, E=4, W=4))["NS"]
    assert made.nil_points == nil and made.nils[0].made
    failed = score(preset, bids, tricks_of(N=1, S=4, E=4, W=4))["NS"]
    assert failed.nil_points == -nil and not failed.nils[0].made
    bids = bids_of(N="blind_nil", S=4, E=3, W=3)
    made = score(preset, bids, tricks_of(N=0, S=5, E=4, W=4))["NS"]
    assert made.nil_points == blind
    failed = score(preset, bids, tricks_of(N=2, S=4, E=4, W=3))["NS"]
    assert failed.nil_points == -blind
    assert failed.nils[0].tricks == 2 and failed.nils[0].bid == BNIL


def test_source_003_nil_50_blind_nil_100_through_a_hand() -> None:
    """Source 003: nil 50 added to the partner's result; blind nil 100."""
    result = both(
        "yppedia", bids_of(N="nil", S=5, E=4, W=3), tricks_of(N=0, S=6, E=4, W=3)
    )
    assert result["NS"].points == 50 + 51
    hand_scores = {"NS": -100, "EW": 0}
    result = played(
        "yppedia", bids_of(N=BNIL, S=5, E=4, W=3), tricks_of(N=0, S=5, E=4, W=4),
        dealer=W, scores=hand_scores,
    )  # fmt: skip
    assert result["NS"].points == 100 + 50


def test_cards4net_failed_nil_tricks_count_for_the_team() -> None:
    """cards4net: the team contract is judged on the team's total tricks, the
    nil bidder's included."""
    result = both(
        "cards4net",
        bids_of(N="nil", S=4, E=3, W=3),
        tricks_of(N=2, S=3, E=4, W=4),
        dealer=W,  # North bids first, before South
    )
    ns = result["NS"]
    assert ns.counted_tricks == 5 and ns.made
    assert ns.contract_points == 41 and ns.nil_trick_bags == 0
    assert ns.points == 41 - 100 and ns.bags_after == 1


@pytest.mark.parametrize(("south_tricks", "made"), [(3, False), (4, True), (6, True)])
def test_classic_failed_nil_tricks_are_bags(south_tricks: int, made: bool) -> None:
    """classic: a nil bidder's tricks do not count towards the partner's
    contract; each is a bag worth 1 point, whether the contract is made or set."""
    others = 13 - 2 - south_tricks
    wins = tricks_of(N=2, S=south_tricks, E=others - others // 2, W=others // 2)
    ns = both("classic", bids_of(N="nil", S=4, E=3, W=3), wins)["NS"]
    assert ns.counted_tricks == south_tricks and ns.made is made
    assert ns.nil_trick_bags == 2
    over = south_tricks - 4 if made else 0
    contract = 40 + over if made else -40
    assert ns.points == contract + 2 - 100
    assert ns.bags_gained == 2 + over and ns.bags_after == 2 + over


def test_classic_both_partners_nil_failed_tricks_are_bags() -> None:
    ns = both(
        "classic", bids_of(N="nil", S="nil", E=5, W=5), tricks_of(N=3, S=0, E=5, W=5)
    )["NS"]
    assert ns.contract == 0 and ns.made is None
    assert [n.points for n in ns.nils] == [-100, 100]
    assert ns.nil_trick_bags == 3 and ns.points == 3 and ns.bags_after == 3


def test_classic_double_nil_each_scored_on_its_own() -> None:
    ns = score(
        "classic", bids_of(N="nil", S="nil", E=6, W=7), tricks_of(N=0, S=0, E=6, W=7)
    )
    assert ns["NS"].points == 200


@pytest.mark.parametrize("south_tricks", [3, 4, 5])
def test_yppedia_failed_nil_tricks_are_ignored(south_tricks: int) -> None:
    """yppedia: a failed nil bidder's tricks count neither towards the
    partner's contract nor as bags."""
    others = 13 - 2 - south_tricks
    wins = tricks_of(N=2, S=south_tricks, E=others - others // 2, W=others // 2)
    ns = both("yppedia", bids_of(N="nil", S=4, E=3, W=3), wins)["NS"]
    assert ns.counted_tricks == south_tricks and ns.nil_trick_bags == 0
    made = south_tricks >= 4
    assert ns.bags_gained == (south_tricks - 4 if made else 0)
    assert ns.points == (40 + south_tricks - 4 if made else -40) - 50


def test_cards4net_team_contract_of_zero_scores_nothing() -> None:
    """cards4net: a team contract of 0 scores nothing and gives no bags; a nil
    in that team still scores its own result."""
    ns = both(
        "cards4net", bids_of(N=0, S="nil", E=5, W=5), tricks_of(N=3, S=0, E=5, W=5)
    )["NS"]
    assert ns.contract == 0 and ns.made is None and ns.contract_points == 0
    assert ns.bags_gained == 0 and ns.points == 100
    both_zero = score(
        "cards4net", bids_of(N=0, S=0, E=5, W=5), tricks_of(N=2, S=1, E=5, W=5)
    )
    assert both_zero["NS"].points == 0 and both_zero["NS"].bags_after == 0
    failed = score(
        "cards4net", bids_of(N=0, S="nil", E=5, W=5), tricks_of(N=1, S=2, E=5, W=5)
    )
    assert failed["NS"].points == -100 and failed["NS"].bags_after == 0


# ---------------------------------------------------------- modifiers
@pytest.mark.parametrize("preset", ["cards4net", "classic"])
def test_ten_for_200(preset: str) -> None:
    """A team contract of exactly 10 scores +200 made, -200 set; overtricks
    still 1 point and a bag each."""
    rules = f"{preset}+ten_for_200"
    made = both(rules, bids_of(N=6, S=4, E=1, W=1), tricks_of(N=7, S=4, E=1, W=1))["NS"]
    assert made.points == 201 and made.bags_after == 1
    set_ = both(rules, bids_of(N=6, S=4, E=2, W=2), tricks_of(N=5, S=4, E=2, W=2))["NS"]
    assert set_.points == -200
    nine = score(rules, bids_of(N=5, S=4, E=2, W=2), tricks_of(N=5, S=4, E=2, W=2))[
        "NS"
    ]
    assert nine.points == 90
    plain = score(preset, bids_of(N=6, S=4, E=1, W=1), tricks_of(N=7, S=4, E=1, W=1))
    assert plain["NS"].points == 101


def test_blind_seven_scores_140() -> None:
    """Jokers (source 004): Blind Seven is a contract of 7 scored +140 / -140."""
    bids = bids_of(N=B7, S=B7, E=2, W=3)
    made = both("classic+jokers", bids, tricks_of(N=4, S=4, E=2, W=3), dealer=W)["NS"]
    assert made.contract == 7 and made.points == 141 and made.bags_after == 1
    set_ = both("classic+jokers", bids, tricks_of(N=3, S=3, E=4, W=3), dealer=W)["NS"]
    assert set_.points == -140


def test_jokers_hand_scores_like_classic() -> None:
    result = both(
        "classic+jokers", bids_of(N=3, S=3, E=3, W=3), tricks_of(N=4, S=3, E=3, W=3)
    )
    assert result["NS"].points == 61 and result["EW"].points == 60


# ----------------------------------------------------------------- bags
def test_source_000_eight_bags_plus_three_is_one_penalty_one_carried() -> None:
    """Source 000: "Si pasas de ocho a once bolsas, se aplica una penalización y
    queda una bolsa"."""
    assert apply_bags(Rules(), 8, 3) == (1, 1)
    ns = both(
        "cards4net", bids_of(N=3, S=3, E=2, W=2), tricks_of(N=5, S=4, E=2, W=2),
        bags={"NS": 8, "EW": 0},
    )["NS"]  # fmt: skip
    assert (ns.bags_before, ns.bags_gained, ns.penalties, ns.bags_after) == (8, 3, 1, 1)
    assert ns.penalty_points == 100 and ns.points == 63 - 100


def test_custom_bag_limit_and_penalty() -> None:
    rules = Rules("classic", bag_limit=5, bag_penalty=50)
    assert apply_bags(rules, 4, 3) == (1, 2)
    assert apply_bags(rules, 4, 11) == (3, 0)
    ns = score(
        rules, bids_of(N=2, S=2, E=2, W=2), tricks_of(N=4, S=3, E=3, W=3), {"NS": 4}
    )
    assert ns["NS"].penalties == 1 and ns["NS"].points == 43 - 50
    assert ns["NS"].bags_after == 2


def test_more_than_one_penalty_in_a_hand() -> None:
    ns = score(
        "classic",
        bids_of(N=1, S=1, E=1, W=1),
        tricks_of(N=11, S=0, E=1, W=1),
        {"NS": 9},
    )
    assert ns["NS"].bags_gained == 9 and ns["NS"].penalties == 1  # 18 bags
    ns = score(
        "classic",
        bids_of(N=1, S=1, E=1, W=1),
        tricks_of(N=13, S=0, E=0, W=0),
        {"NS": 9},
    )
    assert ns["NS"].bags_gained == 11 and ns["NS"].penalties == 2
    assert ns["NS"].bags_after == 0 and ns["NS"].points == 31 - 200


def test_source_004_337_with_7_bags() -> None:
    """Source 004: a team on 337 (7 bags) bids 5 and wins 7: +52, 389. Winning
    8 instead: +53, reaches 10 bags, -100: 290."""
    start = {"NS": 337, "EW": 200}
    bags = {"NS": 7, "EW": 0}
    seven = both(
        "classic", bids_of(N=3, S=2, E=3, W=3), tricks_of(N=4, S=3, E=3, W=3),
        bags=bags, scores=start,
    )["NS"]  # fmt: skip
    assert seven.contract_points == 52 and seven.points == 52
    assert 337 + seven.points == 389 and seven.bags_after == 9
    eight = both(
        "classic", bids_of(N=3, S=2, E=3, W=2), tricks_of(N=5, S=3, E=3, W=2),
        bags=bags, scores=start,
    )["NS"]  # fmt: skip
    assert eight.contract_points == 53 and eight.bags_before + eight.bags_gained == 10
    assert eight.penalties == 1 and eight.bags_after == 0
    assert 337 + eight.points == 290


def test_side_score_fields_add_up() -> None:
    ns = score(
        "classic", bids_of(N="nil", S=4, E=3, W="blind_nil"),
        tricks_of(N=2, S=5, E=5, W=1), {"NS": 9, "EW": 9},
    )  # fmt: skip
    for s in ns.values():
        assert s.points == (
            s.contract_points + s.nil_trick_bags + s.nil_points - s.penalty_points
        )
        assert s.bags_before + s.bags_gained == s.penalties * 10 + s.bags_after


# ----------------------------------------------------------- two players
def test_source_001_two_player_scoring() -> None:
    """Source 001: each player scored alone; made +10 per trick bid and +1 per
    overtrick (a bag); set -10 per trick bid; Nil 100; double nil 200."""
    rules = Rules("two-player")
    r = score(rules, bids_of(N=4, S=5), tricks_of(N=6, S=7))
    assert (r["N"].points, r["N"].bags_after, r["S"].points) == (42, 2, 52)
    r = score(rules, bids_of(N=8, S=5), tricks_of(N=6, S=7))
    assert r["N"].points == -80 and r["S"].points == 52
    r = score(rules, bids_of(N="nil", S=5), tricks_of(N=0, S=13))
    assert r["N"].points == 100 and r["S"].points == 58
    r = score(rules, bids_of(N="nil", S=5), tricks_of(N=2, S=11))
    assert r["N"].points == -100 and r["N"].bags_after == 0
    r = score(rules, bids_of(N="blind_nil", S=5), tricks_of(N=0, S=13))
    assert r["N"].points == 200
    r = score(rules, bids_of(N=3, S=3), tricks_of(N=11, S=2), {"N": 9, "S": 0})
    assert (
        r["N"].penalties == 1 and r["N"].points == 38 - 100 and r["N"].bags_after == 7
    )


def test_two_player_hand_played_out() -> None:
    stock, _, plays = script_two(S, {N: 8, S: 5})
    hand = Hand("two-player", S, stock=stock)
    while hand.phase is Phase.DRAW:
        hand.apply(LOOK if hand.hidden[hand.turn] else KEEP)
    bid_all(hand, 6, 4)  # North (the non-dealer) bids first
    for card in plays:
        hand.apply(card)
    assert hand.result is not None
    assert hand.result["N"].points == 62 and hand.result["S"].points == 41


# ------------------------------------------------------------- helpers
def test_sides_and_seats() -> None:
    four, two = Rules(), Rules("two-player")
    assert sides(four) == ("NS", "EW") and sides(two) == ("N", "S")
    assert [side_of(four, s) for s in Seat] == ["NS", "EW", "NS", "EW"]
    assert side_of(two, N) == "N" and side_of(two, S) == "S"
    assert side_seats(four, "EW") == (E, W)


def test_full_deal_of_scripted_hands_scores_both_sides() -> None:
    """Sanity of the scripted deals themselves: every trick distribution with a
    couple of bids scores the same through the engine and score_hand."""
    for wins in ([3, 3, 3, 4], [0, 6, 7, 0], [13, 0, 0, 0], [1, 2, 3, 7]):
        w = dict(zip(Seat, wins, strict=True))
        both("classic", bids_of(N=3, S=3, E=3, W=3), w)
