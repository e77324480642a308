"""The public API at its edges: inputs a developer may reasonably pass (seat
letters, level specs) are read, and the wrong ones are refused with a
:class:`SpadesError` that says what was wrong."""

from __future__ import annotations

import pytest

from spadeslib import (
    Game,
    Hand,
    IllegalAction,
    InvalidRules,
    Phase,
    Rules,
    Seat,
    SpadesError,
    score_hand,
    trick_winner,
)
from spadeslib.analysis import solve
from spadeslib.bots import level_options, make_bot, play_until, suggest


def test_play_until_reads_seat_letters() -> None:
    game = Game("classic", seed=3)
    bot = make_bot("rule")
    play_until(game, {"N": bot, "E": bot, "S": bot, "W": bot}, hands=1)
    assert len(game.finished_hands) == 1


def test_check_names_a_bad_seat_instead_of_raising() -> None:
    hand = Game("classic", seed=1).hand
    error = hand.check(3, "Q")
    assert isinstance(error, IllegalAction) and "'Q' is not a seat" in str(error)
    assert hand.why_illegal(3, "Q") == str(error)


def test_looking_is_refused_for_cards_already_face_up() -> None:
    hand = Game("classic", seed=1).hand
    assert "cards are already face up" in str(hand.check("look"))


def _ending() -> Hand:
    hand = Hand(seed=1)
    for bid in (3, 3, 3, 3):
        hand.apply(bid)
    for _ in range(36):
        hand.apply(hand.legal_actions()[-1])
    return hand


def test_solve_refuses_an_unknown_side_and_an_illegal_card() -> None:
    hand = _ending()
    tricks = [solve(hand, "tricks", side).value for side in ("NS", "EW")]
    assert sum(tricks) == 13
    points = [solve(hand, side=side).value for side in ("NS", "EW")]  # points
    assert points[0] == -points[1] and solve(hand).objective == "points"
    with pytest.raises(SpadesError, match="side must be one of EW, NS, not 'N'"):
        solve(hand, side="N")
    held = {str(card) for card in hand.legal_cards()}
    stranger = next(c for c in ("AS", "KS", "QS", "AH") if c not in held)
    with pytest.raises(SpadesError, match="the legal cards are"):
        solve(hand).loss(stranger)


def test_rules_refuse_an_unknown_modifier_when_made() -> None:
    with pytest.raises(InvalidRules, match="unknown modifier 'bogus'"):
        Rules(modifiers=("bogus",))


@pytest.mark.parametrize(
    "spec", ["classic", "yppedia+mirror", "two-player+whiz", "cards4net+jokers"]
)
def test_rules_made_directly_apply_the_preset_and_its_modifiers(spec: str) -> None:
    preset, *modifiers = spec.split("+")
    assert Rules(preset, modifiers) == Rules.parse(spec)
    assert Rules(preset, modifiers, target=300) == Rules.parse(spec, target=300)


def test_rules_made_directly_refuse_what_the_preset_refuses() -> None:
    with pytest.raises(InvalidRules, match="jokers cannot be combined with mirror"):
        Rules(modifiers=("jokers", "mirror"))
    with pytest.raises(InvalidRules, match="unknown rule parameter 'deck'"):
        Rules(deck=())


def test_level_options_read_a_level_spec_and_refuse_a_bad_one() -> None:
    assert level_options("search:8") == level_options("search")
    with pytest.raises(SpadesError, match="unknown bot"):
        level_options("bogus")


def test_suggest_refuses_a_seat_not_to_move_with_a_spades_error() -> None:
    hand = Game("classic", seed=1).hand
    waiting = next(seat for seat in hand.seats if seat != hand.turn)
    with pytest.raises(SpadesError, match="is not to move"):
        suggest(hand.view(waiting))


def test_the_coach_refuses_to_review_a_seat_not_at_the_table() -> None:
    from spadeslib.coach import Coach

    hand = Game("two-player", seed=1).hand
    with pytest.raises(SpadesError, match="East has no seat in this two-player"):
        Coach("rule").review(hand, "E")


@pytest.mark.parametrize(
    "make",
    [
        lambda: Rules.parse(Rules(), foo=1),
        lambda: Rules.parse(Rules(), deck=()),
        lambda: Rules.parse(Rules(), preset="classic"),
    ],
)
def test_overrides_of_a_rules_object_are_checked_as_a_spec_s_are(make) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(InvalidRules, match="unknown rule parameter"):
        make()


def test_every_refusal_is_a_spades_error() -> None:
    from spadeslib.bots.match import duplicate_match
    from spadeslib.coach import Coach
    from spadeslib.counting import nil_break_even

    with pytest.raises(SpadesError, match="play_weight"):
        Coach("rule", play_weight="0.3")  # type: ignore[arg-type]
    with pytest.raises(SpadesError, match="at least one deal"):
        duplicate_match("rule", "rule", deals=0)
    with pytest.raises(SpadesError):
        nil_break_even(-5, 20)


def test_the_coach_refuses_an_illegal_card_as_the_engine_does() -> None:
    from spadeslib.coach import Coach

    game = Game("classic", seed=2)
    for bid in (3, 3, 3, 3):
        game.apply(bid)
    game.apply(game.legal_actions()[0])
    hand = game.hand
    view = hand.view(hand.turn)
    advice = Coach("novice").advise(view)
    legal = {str(card) for card in view.legal}
    for card in [str(c) for c in view.holding if str(c) not in legal] + ["AS", "2C"]:
        if card in legal:
            continue
        engine = hand.check(card, hand.turn)
        assert engine is not None
        with pytest.raises(IllegalAction) as refused:
            advice.rate(card)
        assert (str(refused.value), refused.value.rule) == (str(engine), engine.rule)


def test_score_hand_reads_text_and_names_the_seat_it_refuses() -> None:
    rules = Rules("classic")
    text = score_hand(rules, {"N": 3, "E": 4, "S": 2, "W": "nil"}, [4, 6, 2, 1], {})
    assert text["EW"].points == -57
    with pytest.raises(SpadesError, match="bids: West missing"):
        score_hand(rules, {"N": 3, "E": 4, "S": 2}, [4, 6, 2, 1], {})
    with pytest.raises(SpadesError, match="tricks: South: a whole number"):
        score_hand(rules, [3, 4, 2, 2], {"N": 4, "E": 6, "S": -1, "W": 1}, {})
    with pytest.raises(SpadesError, match="'E' is not a seat of this two-player"):
        score_hand(Rules.parse("two-player"), {"N": 3, "E": 4}, [7, 0, 6, 0], {})
    with pytest.raises(SpadesError, match="not 'XY': 2"):
        score_hand(rules, [3, 4, 2, 2], [4, 6, 2, 1], {"XY": 2})


def test_trick_winner_reads_text_and_refuses_a_card_played_twice() -> None:
    rules = Rules()
    assert trick_winner(rules, [("N", "KH"), ("E", "AH")]) == Seat.EAST
    with pytest.raises(SpadesError, match="North 2♠: a seat plays once"):
        trick_winner(rules, [("N", "KH"), ("N", "2S")])
    with pytest.raises(SpadesError, match="a trick is 1 to 4"):
        trick_winner(rules, [])


def test_scoring_helpers_refuse_bad_input_in_one_line() -> None:
    from spadeslib.scoring import game_over, side_of, why_over

    rules = Rules()
    classic = Rules("classic")
    # a 0 is Nil where the rules have no numeric zero, as the engine reads it
    nil = score_hand(classic, {"N": 0, "E": 4, "S": 2, "W": 1}, [0, 5, 6, 2], {})
    assert nil["NS"].points == 124 and nil["NS"].nils
    refusals = [
        (lambda: side_of(rules, "N"), None),
        (lambda: side_of(42, Seat.EAST), "takes the Rules"),
        (lambda: game_over(rules, {"XX": 600, "EW": 0}), "the score of each side"),
        (lambda: game_over(rules, {"NS": 600}), "the score of each side"),
        (lambda: why_over(rules, None), "the score of each side"),
        (lambda: score_hand(rules, [1] * 4, [1] * 4, None), "bags_before maps"),
        (lambda: score_hand(rules, [14, 0, 0, 0], [1] * 4, {}), "0 to 13 tricks"),
        (
            lambda: score_hand(rules, ["blind seven", 1, 1, 1], [1] * 4, {}),
            "Blind Seven is not a bid under cards4net",
        ),
    ]
    assert side_of(rules, "N") == "NS"
    for call, words in refusals[1:]:
        with pytest.raises(SpadesError, match=words):
            call()


def test_a_game_with_no_hand_dealt_says_so() -> None:
    game = Game(deal_first_hand=False)
    for call in (game.legal_actions, lambda: game.apply(3), lambda: game.view("N")):
        with pytest.raises(SpadesError, match="no hand dealt yet"):
            call()
    game.new_hand()
    assert game.legal_actions()


def test_records_coach_levels_and_match_arguments_read_as_documented(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from spadeslib import record
    from spadeslib.cli import main
    from spadeslib.coach import Coach

    game = Game(seed=1)
    with pytest.raises(SpadesError, match="a record holds a Game"):
        record.dumps(game.hand)
    assert Coach(" Search ").level == "search"
    with pytest.raises(SpadesError, match=r"Coach\(level, samples=N\)"):
        Coach("search:8")
    with pytest.raises(SpadesError, match="unknown coach level"):
        Coach(["rule"])  # type: ignore[arg-type]
    assert main(["match", "rule"]) == 2
    assert "required: LEVEL_B" in capsys.readouterr().err


def test_without_a_numeric_zero_or_nil_a_zero_is_no_bid() -> None:
    """classic+jokers refuses a bid of 0 (no numeric zero, no Nil to read it
    as): the refusal's list of bids and score_hand say so too."""
    rules = Rules.parse("classic+jokers")
    hand = Hand(rules, seed=1)
    hand.apply("look")
    assert "from 1 to 13" in str(hand.check("pass"))
    with pytest.raises(SpadesError, match="1 to 13 tricks under classic"):
        score_hand(rules, [0, 3, 3, 3], [0, 5, 4, 4], {})


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda g: play_until(g.hand, {}), "play_until drives a Game"),
        (lambda g: play_until(g, [make_bot("rule")]), "the bots by seat"),
        (lambda g: play_until(g, {"N": "rule"}), "the bot for North is 'rule'"),
        (lambda g: play_until(g, {"N": make_bot("rule")}, hands=-1), "from 0"),
        (lambda g: play_until(g, {"N": make_bot("rule")}, hands=1.5), "not 1.5"),
        (lambda g: play_until(g, {"N": make_bot("rule")}, stop=5), "stop is"),
        (lambda g: suggest(g.hand), "suggest reads a seat's view"),
        (lambda g: g.hand.random_action(5), "takes a random.Random"),
        (lambda g: g.new_hand(stock="AS KS"), "not drawn: give deal="),
        (lambda g: make_bot("rule", seed=[1]), "a seed is a whole number"),
        (lambda g: make_bot("rule", seed=1.5), "not 1.5"),
    ],
)
def test_wrong_types_and_ignored_inputs_are_refused(call, words: str) -> None:
    game = Game(seed=1)
    with pytest.raises(SpadesError) as error:
        call(game)
    assert words in str(error.value)
    assert len(game.hands) == 1 and not game.hand.history  # nothing happened


def test_a_two_player_game_refuses_a_bot_for_a_seat_it_does_not_have() -> None:
    game = Game("two-player", seed=1)
    bots = {seat: make_bot("rule") for seat in "NES"}
    with pytest.raises(SpadesError, match="a bot for East, who does not play"):
        play_until(game, bots, hands=1)
    assert not game.hand.history  # refused before any bot acted
    play_until(game, {seat: make_bot("rule") for seat in "NS"}, hands=1)
    assert len(game.finished_hands) == 1


def test_the_coach_and_make_bot_read_seeds_alike() -> None:
    from spadeslib.coach import Coach

    for seed in ([1], 1.5, True):
        for make in (lambda s: make_bot("rule", seed=s), lambda s: Coach("rule", s)):
            with pytest.raises(SpadesError, match="a seed is a whole number"):
                make(seed)
    assert Coach("rule", seed=None).seed == 0
    assert make_bot("rule", seed="class-7b").seed == "class-7b"


def test_no_move_is_read_from_none_or_blank_text() -> None:
    """``apply(None)`` and ``apply("")`` were read as "discard nothing" in the
    two-player blind discard; a wrong type is refused in every phase."""
    from spadeslib.actions import parse_action

    for phase in Phase:
        for junk in (None, [], 2.5, True):
            with pytest.raises(SpadesError, match="is not a move"):
                parse_action(junk, phase)  # type: ignore[arg-type]
    with pytest.raises(SpadesError, match="'discard none' to keep them all"):
        parse_action("  ", Phase.BLIND_DISCARD)
    assert str(parse_action("discard none", Phase.BLIND_DISCARD)) == str(
        parse_action("none", Phase.BLIND_DISCARD)
    )
    with pytest.raises(SpadesError, match="'n' is not a card"):
        parse_action("pass n", Phase.EXCHANGE)  # as typed, not upper-cased


@pytest.mark.parametrize("spec, dealer", [("cards4net", "W"), ("two-player", "S")])
def test_a_new_look_instance_acts_as_look(spec: str, dealer: str) -> None:
    """``Look()`` is :data:`LOOK`, so a hand applies it the same way, and a
    second look is refused with the rule, not a crash."""
    from spadeslib.actions import LOOK, Look

    assert Look() is LOOK
    ours, theirs = Hand(spec, dealer, seed=7), Hand(spec, dealer, seed=7)
    seat = ours.turn
    ours.apply(Look())
    theirs.apply(LOOK)
    assert ours.history == theirs.history
    assert ours.view(seat).holding == theirs.view(seat).holding
    before = list(ours.history)
    with pytest.raises(IllegalAction) as refused:
        ours.apply(Look(), seat=seat)
    assert "or look" not in str(refused.value)
    assert ours.history == before
