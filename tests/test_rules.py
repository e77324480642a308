"""Rule sets: every preset and modifier of RULES.md, parameter validation, and
the card-play tables (trick suit, trumps, the Barmore trump order)."""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Mapping

import pytest

from conftest import ALL_COMBOS, ALL_SPECS
from spadeslib import FULL_DECK, MODIFIERS, PRESETS, Card, InvalidRules, Rules, Suit
from spadeslib.rules import JOKER_TRUMPS, STANDARD_TRUMPS, setting_text

C = Card.parse


# ----------------------------------------------------------------- presets
def test_default_is_cards4net() -> None:
    assert Rules() == Rules("cards4net") == Rules()
    assert Rules("default").spec == "cards4net"


def test_common_ground_defaults() -> None:
    """Every preset: 52 cards, spades trump, target 500, 10 bags cost 100."""
    for name in PRESETS:
        rules = Rules(name)
        assert rules.deck == FULL_DECK
        assert rules.target == 500
        assert rules.bag_limit == 10 and rules.bag_penalty == 100
        assert rules.trump_order == STANDARD_TRUMPS
        assert rules.must_break_spades and not rules.dealer_leads
        assert not rules.jokers and not rules.blind_seven and not rules.ten_for_200
        assert rules.bid_rule == "free" and not rules.suicide


def test_cards4net_preset() -> None:
    """Source 000: 0-13 with a numeric zero, Nil before partner bids, Blind Nil
    for the first bidder, nil 100/200, nil tricks count for the team."""
    r = Rules("cards4net")
    assert (r.players, r.numeric_zero, r.nil, r.nil_before_partner_only) == (
        4,
        True,
        True,
        True,
    )
    assert not r.double_nil
    assert (r.blind_nil, r.nil_value, r.blind_nil_value) == ("first_bidder", 100, 200)
    assert r.nil_tricks == "team" and r.exchange == 0
    assert r.losing_threshold is None


def test_classic_preset() -> None:
    """Sources 004/002: 0 is Nil, Blind Nil when 100 behind with a two-card
    exchange, double nil allowed, a nil bidder's tricks are bags."""
    r = Rules("classic")
    assert not r.numeric_zero and r.nil and not r.nil_before_partner_only
    assert r.double_nil
    assert (r.blind_nil, r.blind_nil_margin, r.exchange) == ("trailing", 100, 2)
    assert (r.nil_value, r.blind_nil_value) == (100, 200)
    assert r.nil_tricks == "bags" and r.blind_nils_per_team == 2
    assert r.losing_threshold is None


def test_yppedia_preset() -> None:
    """Source 003: as classic but nil 50, blind nil 100, one blind nil per team,
    failed-nil tricks ignored, the game also ends at -200 or below."""
    r = Rules("yppedia")
    c = Rules("classic")
    assert (r.nil_value, r.blind_nil_value) == (50, 100)
    assert r.blind_nils_per_team == 1
    assert r.nil_tricks == "ignored"
    assert r.losing_threshold == -200
    same = ("numeric_zero", "nil_before_partner_only", "double_nil", "blind_nil",
            "blind_nil_margin", "exchange")  # fmt: skip
    assert all(getattr(r, f) == getattr(c, f) for f in same)


def test_yppedia_summaries_say_the_game_ends_at_the_threshold() -> None:
    """RULES.md: the game also ends at -200 or below, and the higher score
    wins (the side at -200 may still win); it is not "lost at -200"."""
    from spadeslib.rule_sets import preset_text

    for summary in (PRESETS["yppedia"][0], preset_text(Rules("yppedia"))[1]):
        assert "ends when a" in summary and "falls to -200 or below" in summary
        assert "higher score win" in summary and "lost" not in summary


def test_two_player_preset() -> None:
    """Source 001: two players, 0 is Nil (100), blind nil before the draw (200)
    with up to three discards."""
    r = Rules("two-player")
    assert r.players == 2
    assert not r.numeric_zero and r.nil
    assert (r.nil_value, r.blind_nil_value) == (100, 200)
    assert r.blind_nil == "before_draw" and r.blind_nil_discards == 3
    assert r.target == 500


@pytest.mark.parametrize(
    ("alias", "name"),
    [
        ("Cards4.net", "cards4net"),
        ("pagat", "classic"),
        ("2p", "two-player"),
        ("two_player", "two-player"),
        ("YPPEDIA", "yppedia"),
    ],
)
def test_preset_aliases(alias: str, name: str) -> None:
    assert Rules(alias).preset == name


# --------------------------------------------------------------- modifiers
def test_mirror() -> None:
    r = Rules("cards4net", ["mirror"])
    assert r.bid_rule == "mirror" and r.blind_nil == "none"


def test_whiz() -> None:
    assert Rules("classic", ["whiz"]).bid_rule == "whiz"


def test_suicide() -> None:
    assert Rules("classic", ["suicide"]).suicide


def test_ten_for_200() -> None:
    r = Rules.parse("cards4net+10_for_200")
    assert r.ten_for_200 and r.ten_for_200_value == 200
    assert r.modifiers == ("ten_for_200",)


def test_jokers_barmore() -> None:
    """Source 004: BJ and LJ added, 2C and 2H removed, BJ > LJ > 2S > AS ... 3S;
    dealer leads, no breaking, no Nil, Blind Seven 140."""
    r = Rules("classic", ["jokers"])
    assert len(r.deck) == 52 and len(set(r.deck)) == 52
    assert C("BJ") in r.deck and C("LJ") in r.deck
    assert C("2C") not in r.deck and C("2H") not in r.deck
    assert r.trump_order == tuple(
        Card.parse_many("BJ LJ 2S AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S")
    )
    assert r.trump_order == JOKER_TRUMPS
    assert r.dealer_leads and not r.must_break_spades
    assert not r.nil and r.blind_nil == "none"
    assert r.blind_seven and r.blind_seven_value == 140


def test_modifier_spelling_and_parse() -> None:
    assert Rules.parse("classic + Ten-For-200 + joker").modifiers == (
        "ten_for_200",
        "jokers",
    )
    assert Rules.parse("yppedia+mirror").spec == "yppedia+mirror"


def test_every_preset_and_modifier_has_a_summary() -> None:
    for table in (PRESETS, MODIFIERS):
        for summary, params in table.values():
            assert isinstance(summary, str) and len(summary) > 20
            assert isinstance(params, Mapping)


def test_the_registries_are_read_only() -> None:
    # a script that changed a preset would change every later Rules(...)
    with pytest.raises(TypeError):
        PRESETS["classic"][1]["target"] = 50  # type: ignore[index]
    with pytest.raises(TypeError):
        MODIFIERS["mirror"][1]["bid_rule"] = "whiz"  # type: ignore[index]
    with pytest.raises(TypeError):
        PRESETS["house"] = ("mine", {})  # type: ignore[index]
    with pytest.raises(TypeError):
        del MODIFIERS["whiz"]  # type: ignore[attr-defined]
    assert Rules("classic").target == Rules().target
    assert dict(PRESETS["classic"][1])["exchange"] == 2  # still read as before


def test_allowed_combinations_cover_every_preset_and_modifier() -> None:
    assert {r.preset for r in ALL_COMBOS} == set(PRESETS)
    assert set(itertools.chain.from_iterable(r.modifiers for r in ALL_COMBOS)) == set(
        MODIFIERS
    )
    assert len(set(ALL_SPECS)) == len(ALL_SPECS)


# -------------------------------------------------------------- validation
@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"bag_limit": 0}, "bag_limit must be a whole number of at least 1, not 0"),
        ({"bag_limit": -3}, "bag_limit must be a whole number of at least 1"),
        ({"target": 0}, "target must be a whole number of at least 1, not 0"),
        ({"target": -50}, "target must be a whole number of at least 1"),
        ({"target": True}, "target must be a whole number of at least 1"),
        ({"target": "500"}, "target must be a whole number of at least 1"),
        ({"bag_penalty": -1}, "bag_penalty must be a whole number of at least 0"),
        ({"nil_value": -100}, "nil_value must be a whole number of at least 0"),
        ({"players": 3}, "players must be 2 or 4"),
        ({"losing_threshold": 500}, "losing_threshold must be a negative integer"),
        ({"losing_threshold": 100}, "a score to fall to, such as -200"),
        ({"losing_threshold": 0}, "not 0"),
        ({"blind_nil": "always"}, "blind_nil must be one of"),
        ({"nil_tricks": "sometimes"}, "nil_tricks must be one of"),
        ({"bid_rule": "crazy"}, "bid_rule must be one of"),
        ({"move_timer": 0}, "move_timer must be positive"),
        ({"exchange": 14}, "at most 13"),
        ({"removed_cards": ["2C"]}, "cards are removed only"),
        ({"trump_order": ["AS"]}, "trump_order must list every spade"),
        ({"trump_order": ["XS"]}, "trump_order"),
        ({"blind_nil": "before_draw"}, "two-player rule"),
        ({"colour": "red"}, "unknown rule parameter 'colour'"),
        ({"nil": 5}, "nil must be true or false, not 5"),
        ({"double_nil": "yes"}, "double_nil must be true or false"),
    ],
)
def test_bad_parameters_are_rejected(overrides: dict, message: str) -> None:
    with pytest.raises(InvalidRules, match=message):
        Rules("cards4net", **overrides)


def test_custom_parameters_are_accepted() -> None:
    r = Rules("classic", target=250, bag_limit=5, bag_penalty=50, nil_value=75)
    assert (r.target, r.bag_limit, r.bag_penalty, r.nil_value) == (250, 5, 50, 75)
    assert Rules("yppedia", losing_threshold=None).losing_threshold is None
    assert Rules("yppedia", move_timer=20).move_timer == 20


def test_unknown_preset_and_modifier() -> None:
    with pytest.raises(InvalidRules, match=r"unknown preset 'hearts'.*cards4net"):
        Rules("hearts")
    with pytest.raises(InvalidRules, match=r"unknown modifier 'turbo'.*mirror"):
        Rules("classic", ["turbo"])
    with pytest.raises(InvalidRules, match="empty rules"):
        Rules.parse(" + ")
    with pytest.raises(InvalidRules, match="repeated"):
        Rules.parse("classic+mirror+mirror")
    for spec in (None, 5, ["classic"]):
        with pytest.raises(InvalidRules, match=r"as text such as 'cards4net'.*not"):
            Rules.parse(spec)  # type: ignore[arg-type]
    with pytest.raises(InvalidRules, match=r"preset is named by text.*not 5"):
        Rules(5)  # type: ignore[arg-type]
    for mods in (None, [5]):
        with pytest.raises(InvalidRules, match=r"modifiers are a list of names"):
            Rules("classic", mods)  # type: ignore[arg-type]


def test_modifiers_may_be_written_as_one_text() -> None:
    # a string was iterated letter by letter: "unknown modifier 'm'"
    assert Rules("classic", "mirror").modifiers == ("mirror",)
    assert Rules("classic", "mirror+ten_for_200") == Rules.parse(
        "classic+mirror+ten_for_200"
    )


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("cards4net+mirror+whiz", "mirror cannot be combined with whiz"),
        ("classic+mirror+suicide", "mirror cannot be combined with suicide"),
        ("classic+jokers+mirror", "jokers cannot be combined with mirror"),
        ("classic+whiz+jokers", "jokers cannot be combined with whiz"),
        ("classic+suicide+jokers", "jokers cannot be combined with suicide"),
        ("two-player+jokers", "jokers cannot be combined with two-player"),
        ("two-player+suicide", "suicide cannot be combined with two-player"),
        # the same rules written as house rules (settings), not modifiers:
        # once accepted, one failed at its first bid ("Nil is not a bid")
        ("classic+nil=false+suicide=true", "nil=false cannot be combined with suicide"),
        ("classic+suicide=true+mirror", "mirror cannot be combined with suicide=true"),
        (
            "classic+mirror+bid_rule=whiz",
            "mirror cannot be combined with bid_rule=whiz",
        ),
        (
            "classic+whiz+bid_rule=mirror",
            "bid_rule=mirror cannot be combined with whiz",
        ),
        ("two-player+suicide=true", "suicide=true cannot be combined with two-player"),
        (
            "classic+jokers+bid_rule=whiz",
            "jokers cannot be combined with bid_rule=whiz",
        ),
    ],
)
def test_incompatible_combinations(spec: str, words: str) -> None:
    with pytest.raises(InvalidRules, match=words):
        Rules.parse(spec)


def test_rules_are_frozen_values() -> None:
    r = Rules("classic")
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.target = 100  # type: ignore[misc]
    assert Rules("classic") == r and hash(Rules("classic")) == hash(r)
    assert Rules("classic", target=300) != r


def test_json_round_trip_of_every_combination() -> None:
    for rules in ALL_COMBOS:
        assert Rules.from_json(rules.to_json()) == rules
    custom = Rules("yppedia", ["mirror"], target=300, bag_penalty=50)
    data = custom.to_json()
    assert data == {
        "preset": "yppedia",
        "modifiers": ["mirror"],
        "target": 300,
        "bag_penalty": 50,
    }
    assert Rules.from_json(data) == custom


def test_from_json_rejects_bad_shapes() -> None:
    with pytest.raises(InvalidRules, match="preset"):
        Rules.from_json({"modifiers": []})
    with pytest.raises(InvalidRules, match="list"):
        Rules.from_json({"preset": "classic", "modifiers": "mirror"})


def test_parse_passes_rules_through_and_overrides() -> None:
    r = Rules("classic")
    assert Rules.parse(r) is r
    assert Rules.parse(r, target=200).target == 200
    with pytest.raises(InvalidRules):
        Rules.parse(r, bag_limit=0)


# -------------------------------------------------------------- card play
def test_standard_trick_suit_and_trumps() -> None:
    r = Rules()
    for card in FULL_DECK:
        assert r.trick_suit(card) is card.suit
        assert r.is_trump(card) == (card.suit is Suit.SPADES)


def test_jokers_follow_as_spades() -> None:
    r = Rules("cards4net", ["jokers"])
    assert r.trick_suit(C("BJ")) is Suit.SPADES
    assert r.trick_suit(C("LJ")) is Suit.SPADES
    assert r.is_trump(C("BJ")) and r.is_trump(C("2S")) and not r.is_trump(C("AH"))


def test_beats_standard() -> None:
    r = Rules()
    H = Suit.HEARTS
    assert r.beats(C("AH"), C("KH"), H)
    assert not r.beats(C("KH"), C("AH"), H)
    assert r.beats(C("2S"), C("AH"), H), "the lowest spade beats an ace of another suit"
    assert not r.beats(C("AD"), C("2H"), H), "a card off the led suit never wins"
    assert not r.beats(C("AH"), C("2S"), H)
    assert r.beats(C("3S"), C("2S"), H)


def test_barmore_trump_order_in_play() -> None:
    r = Rules("classic", ["jokers"])
    order = Card.parse_many("BJ LJ 2S AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S")
    for led in (Suit.SPADES, Suit.HEARTS):
        for high, low in itertools.combinations(order, 2):
            assert r.beats(high, low, led), (high, low)
            assert not r.beats(low, high, led), (low, high)
    assert r.beats(C("3S"), C("AD"), Suit.DIAMONDS)


def test_custom_joker_trump_order() -> None:
    """Which cards a joker deck drops and the trump order are parameters."""
    order = Card.parse_many("BJ LJ AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S")
    r = Rules("classic", ["jokers"], removed_cards=["2D", "2C"], trump_order=order)
    assert C("2D") not in r.deck and C("2H") in r.deck
    assert r.beats(C("AS"), C("2S"), Suit.SPADES)
    assert r.beats(C("LJ"), C("AS"), Suit.SPADES)
    with pytest.raises(InvalidRules, match="trump_order"):
        Rules("classic", ["jokers"], trump_order=order[:-1])
    with pytest.raises(InvalidRules, match="exactly two"):
        Rules("classic", ["jokers"], removed_cards=["2D"])


def test_a_rules_text_carries_house_rules_and_full_spec_writes_them_back() -> None:
    rules = Rules.parse("classic+mirror+bag_limit=5+bag_penalty=50")
    assert rules == Rules("classic", ["mirror"], bag_limit=5, bag_penalty=50)
    assert rules.spec == "classic+mirror"  # the rule set's name, as before
    assert rules.full_spec == "classic+mirror+bag_limit=5+bag_penalty=50"
    settings = {
        "target": 300,
        "losing_threshold": -250,
        "must_break_spades": False,
        "move_timer": 20,
        "bid_rule": "free",
    }
    for preset in ("cards4net", "classic", "yppedia", "two-player"):
        for key, value in settings.items():
            made = Rules(preset, **{key: value})
            assert Rules.parse(made.full_spec) == made, (preset, key)
        assert Rules(preset).full_spec == Rules(preset).spec
    # a keyword still wins over the text, as for every override
    assert Rules.parse("classic+target=300", target=200).target == 200


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("target=300+classic", "write the preset first"),
        ("classic+bags=5", "unknown rule setting 'bags'"),
        ("classic+target=300+target=200", "target is set twice"),
        ("classic+target=many", "target must be a whole number"),
        ("classic+removed_cards=2C", "a list of cards"),
    ],
)
def test_a_bad_setting_in_a_rules_text_is_refused_by_name(
    text: str, words: str
) -> None:
    with pytest.raises(InvalidRules, match=words):
        Rules.parse(text)


def test_spades_rules_lists_the_settings_a_rules_text_may_hold(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from spadeslib.cli import main
    from spadeslib.rules import SETTINGS

    assert "bag_penalty" in SETTINGS and "trump_order" not in SETTINGS
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    assert "House rules (add with +SETTING=VALUE" in out
    assert "  bag_penalty              100" in out
    for name in SETTINGS:  # each one a text can set, as spades rules says
        value = getattr(Rules(), name)
        assert Rules.parse(f"classic+{name}={setting_text(value)}") is not None


@pytest.mark.parametrize("mod", ["suicide", "mirror", "whiz"])
@pytest.mark.parametrize("preset", ["classic", "cards4net"])
def test_a_modifier_that_needs_nil_refuses_nil_false(preset: str, mod: str) -> None:
    """``classic+suicide+nil=false`` was accepted, offered Nil, then failed
    to score at the last card, leaving the game stuck."""
    with pytest.raises(InvalidRules, match=f"nil=false cannot be combined with {mod}"):
        Rules.parse(f"{preset}+{mod}+nil=false")


def test_settings_that_belong_to_a_modifier_or_preset_name_it() -> None:
    with pytest.raises(InvalidRules, match=r"write the jokers modifier \(classic"):
        Rules.parse("classic+jokers=true")
    with pytest.raises(InvalidRules, match="write two-player"):
        Rules.parse("classic+players=2")
    assert Rules.parse("two-player+blind_nil=none").blind_nil == "none"
    assert Rules.parse("two-player+mirror").players == 2
