"""Games: dealer rotation, running scores and bags, the end of the game
(target after the bag penalty, both over, ties, YPPedia's losing threshold)."""

from __future__ import annotations

import random

import pytest

from conftest import E, N, S, W, game_snapshot, script, script_two
from spadeslib import (
    KEEP,
    LOOK,
    Bid,
    Card,
    Game,
    IllegalAction,
    Phase,
    Rules,
    Seat,
    SpadesError,
    game_over,
)
from spadeslib.bots import make_bot


def play_hand(
    game: Game,
    bids: dict[Seat, object],
    wins: dict[Seat, int],
) -> None:
    """Deal the game's next hand so that it ends with ``wins`` and play it
    through ``game.apply`` with the given bids."""
    fresh = game.hands and not game.hand.is_over and not game.hand.history
    dealer = game.hand.dealer if fresh else game.next_dealer()
    if game.rules.players == 2:
        stock, _, plays = script_two(dealer, wins)
        game.new_hand(stock=stock)
        while game.phase is Phase.DRAW:
            game.apply(LOOK if game.hand.hidden[game.turn] else KEEP)
    else:
        holding, plays = script(game.rules, dealer, wins)
        game.new_hand(deal=holding)
    number = len(game.hands)
    for seat in game.hand.bid_order:
        game.apply(bids[seat])
    for card in plays:
        game.apply(card)
    assert len(game.hands) in (number, number + 1)
    assert game.hands[number - 1].tricks_won == {s: wins.get(s, 0) for s in wins}


def game_at(
    rules: str,
    scores: dict[str, int],
    bags: dict[str, int] | None = None,
    dealer: Seat = N,
) -> Game:
    """A game started from these totals, its first hand not dealt yet."""
    return Game(
        rules, seed=1, dealer=dealer, scores=scores, bags=bags, deal_first_hand=False
    )


# ---------------------------------------------------------------- dealers
def test_dealer_rotates_clockwise() -> None:
    game = Game("classic", seed=5, dealer="E")
    rng = random.Random(5)
    while len(game.hands) < 6 and not game.is_over:
        game.apply(rng.choice(game.legal_actions()), check=False)
    assert [h.dealer for h in game.hands] == [E, S, W, N, E, S][: len(game.hands)]
    assert [h.number for h in game.hands] == list(range(1, len(game.hands) + 1))


def test_two_player_dealer_alternates() -> None:
    game = Game("two-player", seed=6, dealer="S")
    rng = random.Random(6)
    while len(game.hands) < 4 and not game.is_over:
        game.apply(rng.choice(game.legal_actions()), check=False)
    assert [h.dealer for h in game.hands][:4] == [S, N, S, N]


def test_first_dealer_is_drawn_from_the_seed() -> None:
    firsts = {Game("cards4net", seed=s).hand.dealer for s in range(40)}
    assert firsts == set(Seat)
    assert Game(seed=17).hand.dealer == Game(seed=17).hand.dealer
    assert {Game("two-player", seed=s).hand.dealer for s in range(20)} == {N, S}


def test_seeded_games_are_reproducible() -> None:
    a, b = Game("classic", seed=9), Game("classic", seed=9)
    assert a.hand.holding == b.hand.holding
    rng_a, rng_b = random.Random(1), random.Random(1)
    for _ in range(60):
        a.apply(rng_a.choice(a.legal_actions()))
        b.apply(rng_b.choice(b.legal_actions()))
    assert game_snapshot(a) == game_snapshot(b)


# ------------------------------------------------------- running totals
def test_scores_and_bags_carry_across_hands() -> None:
    game = game_at("classic", {"NS": 0, "EW": 0})
    play_hand(game, {N: 3, E: 3, S: 3, W: 3}, {N: 5, E: 3, S: 2, W: 3})
    assert game.scores == {"NS": 61, "EW": 60} and game.bags == {"NS": 1, "EW": 0}
    assert game.running_scores == [{"NS": 61, "EW": 60}]
    assert game.hand.scores == {"NS": 61, "EW": 60} and game.hand.bags["NS"] == 1
    play_hand(game, {N: 2, E: 2, S: 2, W: 2}, {N: 4, E: 4, S: 2, W: 3})
    assert game.scores == {"NS": 61 + 42, "EW": 60 + 43}
    assert game.bags == {"NS": 3, "EW": 3}
    assert [h.dealer for h in game.hands] == [N, E, S]
    assert len(game.results()) == 2 and len(game.finished_hands) == 2


# ------------------------------------------------------------ game end
def test_source_000_505_becomes_405_and_does_not_win() -> None:
    """Source 000: a team that would reach 505 but crosses ten bags in that
    hand stays at 405 and has not won."""
    game = game_at("cards4net", {"NS": 432, "EW": 100}, {"NS": 8, "EW": 0})
    play_hand(game, {N: 4, E: 1, S: 3, W: 1}, {N: 6, E: 2, S: 4, W: 1})
    ns = game.hands[0].result["NS"]  # type: ignore[index]
    assert ns.contract_points == 73 and ns.penalties == 1 and ns.bags_after == 1
    assert game.scores["NS"] == 405
    assert not game.is_over and game.winner is None
    assert len(game.hands) == 2 and game.hand.phase is Phase.BIDDING


def test_crossing_the_bag_limit_in_the_winning_hand_still_wins_if_over() -> None:
    game = game_at("cards4net", {"NS": 470, "EW": 100}, {"NS": 9, "EW": 0})
    play_hand(game, {N: 4, E: 1, S: 4, W: 1}, {N: 6, E: 2, S: 4, W: 1})
    assert game.scores["NS"] == 470 + 82 - 100 == 452
    assert not game.is_over
    game = game_at("cards4net", {"NS": 490, "EW": 100}, {"NS": 9, "EW": 0})
    assert not game.is_over
    play_hand(game, {N: 6, E: 1, S: 5, W: 1}, {N: 6, E: 1, S: 6, W: 0})
    assert game.hands[0].result["NS"].penalties == 1  # type: ignore[index]
    assert game.scores["NS"] == 490 + 111 - 100 == 501
    assert game.is_over and game.winner == "NS"


def test_target_reached_ends_the_game() -> None:
    game = game_at("classic", {"NS": 450, "EW": 300})
    play_hand(game, {N: 3, E: 3, S: 2, W: 3}, {N: 3, E: 4, S: 2, W: 4})
    assert game.scores == {"NS": 500, "EW": 362}
    assert game.is_over and game.winner == "NS"
    assert len(game.hands) == 1, "no new hand after the last"
    assert game.turn is None and game.legal_actions() == []
    with pytest.raises(IllegalAction, match="game is over") as info:
        game.apply("AS")
    assert info.value.rule == "game-over"
    assert game.check(Bid(3)) is not None and "NS won" in str(game.why_illegal(Bid(3)))
    with pytest.raises(IllegalAction, match="game is over"):
        game.new_hand()


def test_both_teams_over_the_target_higher_wins() -> None:
    game = game_at("cards4net", {"NS": 480, "EW": 490})
    play_hand(game, {N: 4, E: 2, S: 3, W: 2}, {N: 5, E: 3, S: 3, W: 2})
    assert game.scores == {"NS": 551, "EW": 531}
    assert game.is_over and game.winner == "NS"


def test_a_tie_over_the_target_plays_another_hand() -> None:
    game = game_at("classic", {"NS": 470, "EW": 420})
    play_hand(game, {N: 2, E: 5, S: 2, W: 4}, {N: 2, E: 5, S: 2, W: 4})
    assert game.scores == {"NS": 510, "EW": 510}
    assert not game.is_over and game.winner is None
    assert len(game.hands) == 2 and game.hand.dealer is E
    play_hand(game, {N: 2, E: 1, S: 2, W: 2}, {N: 3, E: 3, S: 3, W: 4})
    assert game.scores == {"NS": 552, "EW": 544}
    assert game.is_over and game.winner == "NS"


def test_source_001_two_player_tie_plays_another_hand() -> None:
    """Source 001: if both reach 500 in the same hand the higher wins; if they
    are tied, another hand is played."""
    game = game_at("two-player", {"N": 420, "S": 470}, dealer=S)
    play_hand(game, {N: 9, S: 4}, {N: 9, S: 4})
    assert game.scores == {"N": 510, "S": 510}
    assert not game.is_over and game.hand.dealer is N
    play_hand(game, {N: 5, S: 6}, {N: 6, S: 7})
    assert game.is_over and game.winner == "S"


def test_yppedia_losing_threshold_ends_the_game() -> None:
    """Source 003: the game also ends when a team falls to -200 or below; the
    higher score wins."""
    game = game_at("yppedia", {"NS": -150, "EW": 20})
    play_hand(game, {N: 4, E: 2, S: 3, W: 2}, {N: 3, E: 3, S: 3, W: 4})
    assert game.scores["NS"] == -220
    assert game.is_over and game.winner == "EW"
    other = game_at("classic", {"NS": -150, "EW": 20})
    play_hand(other, {N: 4, E: 2, S: 3, W: 2}, {N: 3, E: 3, S: 3, W: 4})
    assert not other.is_over, "classic has no losing threshold"


def test_game_over_function() -> None:
    rules = Rules()
    assert game_over(rules, {"NS": 499, "EW": 0}) == (False, None)
    assert game_over(rules, {"NS": 500, "EW": 0}) == (True, "NS")
    assert game_over(rules, {"NS": 600, "EW": 610}) == (True, "EW")
    assert game_over(rules, {"NS": 600, "EW": 600}) == (False, None)
    assert game_over(rules, {"NS": -5000, "EW": 0}) == (False, None)
    ypp = Rules("yppedia")
    assert game_over(ypp, {"NS": -200, "EW": -150}) == (True, "EW")
    assert game_over(ypp, {"NS": -199, "EW": 0}) == (False, None)
    assert game_over(ypp, {"NS": -250, "EW": -250}) == (False, None)
    low = Rules("classic", target=200)
    assert game_over(low, {"NS": 200, "EW": 150}) == (True, "NS")
    assert game_over(Rules("two-player"), {"N": 10, "S": 505}) == (True, "S")


# --------------------------------------------------------------- undo
def test_undo_across_the_end_of_a_hand() -> None:
    game = game_at("classic", {"NS": 0, "EW": 0})
    play_hand(game, {N: 3, E: 3, S: 3, W: 3}, {N: 5, E: 3, S: 2, W: 3})
    assert len(game.hands) == 2
    after = game_snapshot(game)
    last = game.hands[0].history[-1][1]
    assert game.undo() == last
    assert len(game.hands) == 1 and not game.hand.is_over
    assert game.scores == {"NS": 0, "EW": 0} and game.bags == {"NS": 0, "EW": 0}
    assert game.running_scores == []
    game.apply(last)
    assert game_snapshot(game)["scores"] == after["scores"]
    assert len(game.hands) == 2


def test_undo_a_winning_hand_reopens_the_game() -> None:
    game = game_at("classic", {"NS": 450, "EW": 300})
    play_hand(game, {N: 3, E: 3, S: 2, W: 3}, {N: 3, E: 4, S: 2, W: 4})
    assert game.is_over
    game.undo()
    assert not game.is_over and game.winner is None
    assert game.scores == {"NS": 450, "EW": 300}


def test_game_rejected_action_changes_nothing() -> None:
    game = Game("classic", seed=3)
    before = game_snapshot(game)
    with pytest.raises(IllegalAction):
        game.apply("AS")
    with pytest.raises(IllegalAction) as info:
        game.apply(3, seat=game.turn.left)  # type: ignore[union-attr]
    assert info.value.rule == "not-your-turn"
    assert game_snapshot(game) == before


def test_new_hand_refused_while_a_hand_is_running() -> None:
    game = Game("classic", seed=3)
    fresh = game.hand
    assert game.new_hand() is not fresh and len(game.hands) == 1, "unplayed: replaced"
    assert game.hand.holding == fresh.holding, "the same seed deals the same cards"
    game.apply(3)
    with pytest.raises(IllegalAction, match="not finished") as info:
        game.new_hand()
    assert info.value.rule == "hand-in-progress"


# ------------------------------------------------------------- display
def test_score_sheet_text_and_html() -> None:
    game = game_at("classic", {"NS": 0, "EW": 0})
    play_hand(game, {N: 3, E: 3, S: 3, W: 3}, {N: 5, E: 3, S: 2, W: 3})
    text = str(game)
    assert "+61" in text and "+60" in text
    assert "hand 1 scored, hand 2 dealt" in text, "between hands: not 'playing'"
    html = game._repr_html_()
    assert "<table" in html and "+61" in html and "Hand 1 scored" in html
    game.apply(game.legal_actions()[0])
    assert "hand 2: bidding" in str(game)  # not "playing" yet
    while game.hand.phase is not Phase.PLAYING:
        game.apply(game.legal_actions()[0])
    assert "playing hand 2" in str(game)
    assert "NS" in repr(game) and "hand=2" in repr(game)


@pytest.mark.parametrize("seed", [1.5, [1], True, b"ab", "x" * 300])
def test_a_seed_its_record_cannot_carry_is_refused(seed: object) -> None:
    from spadeslib.errors import SpadesError

    with pytest.raises(SpadesError, match="seed is a whole number or a text"):
        Game("classic", seed=seed)  # type: ignore[arg-type]


def test_every_accepted_seed_survives_the_record() -> None:
    from spadeslib import record

    for seed in (0, -7, 2**70, "class-7b", "x" * 200):
        game = Game("classic", seed=seed)
        assert record.loads(record.dumps(game)).seed == seed


def test_a_refused_deal_leaves_the_game_as_it_was() -> None:
    game = Game("classic", seed=1)
    before = [str(card) for card in game.hand.holding[0]]
    with pytest.raises(SpadesError, match="North has 2 cards"):
        game.new_hand(deal={"N": "AS KS"})
    assert len(game.hands) == 1 and game.legal_actions()
    assert [str(card) for card in game.hand.holding[0]] == before


def test_history_is_a_copy() -> None:
    game = Game("classic", seed=2)
    for bid in (3, 3, 3, 3):
        game.apply(bid)
    game.apply(game.legal_actions()[0])
    game.hand.history.pop()
    assert len(game.hand.history) == 5
    assert isinstance(game.undo(), Card)


# ------------------------------------------- a hand played through game.hand
def _play_out(hand, seed: int = 1) -> None:
    bot = make_bot("rule", seed=seed)
    while not hand.is_over:
        hand.apply(bot.act(hand.view(hand.turn)))


def test_a_hand_played_through_game_hand_is_scored_by_the_game() -> None:
    """``hand = game.hand; hand.apply(...)`` to the last card once left the
    game unscored, with no legal action and hand 1's points lost."""
    through_game, through_hand = Game("classic", seed=1), Game("classic", seed=1)
    hand = through_hand.hand
    _play_out(hand)
    first = through_game.hand
    bot = make_bot("rule", seed=1)
    while not first.is_over:
        through_game.apply(bot.act(through_game.view(through_game.turn)))
    assert through_hand.scores == through_game.scores != {"NS": 0, "EW": 0}
    assert through_hand.running_scores == through_game.running_scores
    assert len(through_hand.hands) == 2 and through_hand.legal_actions()


def test_an_undone_hand_is_still_scored_when_it_ends_again() -> None:
    game = Game("cards4net", seed=4)
    hand = game.hand
    hand.apply(hand.legal_actions()[0])
    hand.undo()  # the hand is rebuilt: it keeps its game
    _play_out(hand)
    assert len(game.running_scores) == 1 and len(game.hands) == 2


def test_a_copy_of_a_games_hand_scores_nothing_in_the_game() -> None:
    game = Game("cards4net", seed=4)
    copy = game.hand.clone()
    _play_out(copy)
    assert copy.result is not None
    assert game.running_scores == [] and len(game.hands) == 1
    assert game.scores == {"NS": 0, "EW": 0}


def test_an_unchecked_action_for_a_named_seat_is_still_that_seats() -> None:
    """``apply(..., seat="N", check=False)`` with East to bid recorded East's
    bid: a seat named is the seat that acts, checked or not."""
    for apply in (
        lambda g: g.apply(Bid(3), seat="N", check=False),
        lambda g: g.hand.apply(Bid(3), seat="N", check=False),
    ):
        game = Game("classic", seed=1)
        before = game_snapshot(game)
        with pytest.raises(IllegalAction, match="North cannot bid 3 now") as error:
            apply(game)
        assert error.value.rule == "not-your-turn"
        assert game_snapshot(game) == before


def test_a_seat_without_a_place_in_a_two_player_game_is_told_so() -> None:
    error = Game("two-player", seed=1).check(3, seat="E")
    assert error is not None
    assert (
        str(error) == "East has no seat in a two-player game: North and South play it"
    )


def test_a_hand_taken_back_and_ended_again_is_scored_once() -> None:
    """Undoing the last card and playing it again scored the hand twice; a
    game's finished hand taken back by itself, or a hand the game replaced,
    scored into the game too."""
    game = Game("classic", seed=1, scores={"NS": 490})  # it ends with this hand
    _play_out(game.hand)
    scores, lines = dict(game.scores), list(game.running_scores)
    assert game.is_over
    game.apply(game.undo())  # the last card, back and played again
    assert (game.scores, game.running_scores, game.is_over) == (scores, lines, True)

    game = Game("classic", seed=1)
    hand = game.hand
    _play_out(hand)
    with pytest.raises(SpadesError, match=r"scored by its game: .*game\.undo\(\)"):
        hand.undo()
    assert len(game.running_scores) == 1 and len(game.hands) == 2

    game = Game("classic", seed=1)
    old = game.hand
    game.new_hand(deal=old.initial)  # replaces the hand dealt
    _play_out(old)
    assert game.running_scores == [] and len(game.hands) == 1


# ----------------------------------------------------- a game started elsewhere
def test_a_start_score_is_counted_and_a_made_contract_over_the_target_ends_it() -> None:
    game = Game("classic", seed=1, dealer=N, scores={"NS": 460, "EW": 430})
    assert game.scores == game.start_scores == {"NS": 460, "EW": 430}
    assert game.hand.scores == {"NS": 460, "EW": 430}  # what the bidding reads
    play_hand(game, {N: 2, E: 3, S: 2, W: 3}, {N: 2, E: 4, S: 2, W: 5})
    assert game.running_scores == [{"NS": 500, "EW": 493}]
    assert game.is_over and game.winner == "NS" and len(game.hands) == 1
    assert "(NS won 500 to 493)" in str(game.why_illegal(3))
    assert "start: NS 460, EW 430" in str(game) and "  500 |" in str(game)


def test_start_bags_crossing_the_limit_are_penalised() -> None:
    game = game_at("classic", {"NS": 460, "EW": 430}, {"EW": 8})
    assert game.bags == {"NS": 0, "EW": 8}
    play_hand(game, {N: 3, E: 3, S: 3, W: 2}, {N: 3, E: 4, S: 3, W: 3})
    ew = game.hands[0].result["EW"]  # type: ignore[index]
    assert (ew.bags_before, ew.bags_gained, ew.penalties, ew.bags_after) == (8, 2, 1, 0)
    assert game.scores == {"NS": 520, "EW": 430 + 52 - 100}
    assert game.is_over and game.winner == "NS"
    game.undo()  # back across the end: the totals are the start's again
    assert game.bags == {"NS": 0, "EW": 8}
    while game.hand.history:
        game.undo()
    assert (game.scores, game.running_scores) == ({"NS": 460, "EW": 430}, [])


def test_two_players_start_by_seat_and_a_side_left_out_starts_at_0() -> None:
    game = game_at("two-player", {"S": 470}, {"N": 4}, dealer=S)
    assert (game.scores, game.bags) == ({"N": 0, "S": 470}, {"N": 4, "S": 0})
    play_hand(game, {N: 9, S: 4}, {N: 9, S: 4})
    assert game.scores == {"N": 90, "S": 510} and game.winner == "S"


@pytest.mark.parametrize(
    ("rules", "scores", "bags", "words"),
    [
        ("classic", {"NS": 500}, None, "NS at 500: the target of classic is 500"),
        ("classic+target=300", {"EW": 301}, None, "EW at 301: the target of "),
        ("yppedia", {"NS": -200}, None, "NS at -200: the losing threshold of "),
        ("classic", None, {"EW": 10}, "EW carrying 10 bags: a side carries 0 to 9"),
        ("classic+bag_limit=5", None, {"NS": 5}, "carries 0 to 4 under classic"),
        ("classic", None, {"NS": -1}, "NS carrying -1 bags"),
        ("classic", {"NS": 4.5}, None, "scores: NS is 4.5, not a whole number"),
        ("classic", {"NS": True}, None, "scores: NS is True, not a whole number"),
        ("classic", {"N": 40}, None, "'N' is not a side of a 4-player game: its "),
        ("two-player", None, {"NS": 2}, "'NS' is not a side of a 2-player game"),
        ("classic", [460, 430], None, "scores map each side (NS, EW) to a whole"),
    ],
)
def test_a_start_the_rules_refuse_names_the_side_the_value_and_the_rule(
    rules: str, scores: object, bags: object, words: str
) -> None:
    with pytest.raises(SpadesError) as error:
        Game(rules, seed=1, scores=scores, bags=bags)  # type: ignore[arg-type]
    assert words in str(error.value)


def test_a_start_below_classic_zero_is_allowed_without_a_losing_threshold() -> None:
    assert Game("classic", scores={"NS": -450}).scores == {"NS": -450, "EW": 0}
    assert Game("yppedia", scores={"NS": -199}, bags={"EW": 9}).bags["EW"] == 9
