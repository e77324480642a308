"""North is a seat like any other (``Seat.NORTH == 0`` is still true in a
test); a hand's and a game's state change only through their methods; the
module-level helpers refuse the seats a game has not; errors name what
they are about."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from spadeslib import Game, Hand, Seat, record
from spadeslib.errors import InvalidRecord, SpadesError
from spadeslib.scoring import side_of
from spadeslib.tricks import trick_winner

N, E, S, W = Seat


# ---------------------------------------------------------- North is a seat
def test_every_seat_is_true() -> None:
    assert all(bool(seat) for seat in Seat)
    assert Seat.NORTH == 0  # still an int where an index is wanted


def test_a_hand_shown_names_north_as_the_one_to_act() -> None:
    hand = Hand("classic", dealer=W, seed=7)  # North bids first
    assert hand.turn is N
    assert str(hand).splitlines()[0].endswith(", bidding, North to act")
    assert "bidding, North to act<table" in hand._repr_html_()


def test_a_replay_error_names_north() -> None:
    game = Game("classic", seed=1, dealer="W")
    for _ in range(4):
        game.apply(game.legal_actions()[0])
    data = json.loads(record.dumps(game))
    data["hands"][0]["plays"] = ["AS"]  # South's card, on North's lead
    with pytest.raises(InvalidRecord) as info:
        record.loads(json.dumps(data))
    assert "(play 1, trick 1, North): North AS: North does not hold" in str(info.value)


# ------------------------------------------------ state through methods only
@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("turn", S),
        ("phase", None),
        ("spades_broken", True),
        ("rules", None),
        ("dealer", E),
        ("trick", []),
        ("is_over", True),
        ("scores", {"NS": 400, "EW": 0}),
        ("bags", {"NS": 9, "EW": 0}),
        ("result", None),
    ],
)
def test_a_hands_state_cannot_be_assigned(name: str, value: object) -> None:
    hand = Hand("classic", dealer=N, seed=3)
    with pytest.raises(AttributeError):
        setattr(hand, name, value)


def test_what_a_hand_hands_out_is_a_copy() -> None:
    hand = Hand("classic", dealer=N, seed=3)
    for bid in (3, 3, 3, 3):
        hand.apply(bid)
    hand.apply(hand.legal_actions()[0])
    trick = hand.trick
    assert isinstance(trick, tuple) and len(trick) == 1
    hand.scores["NS"] = 1000
    hand.bags["NS"] = 9
    assert hand.scores == {"NS": 0, "EW": 0} and hand.bags == {"NS": 0, "EW": 0}
    assert hand.trick == trick and hand.turn is S


@pytest.mark.parametrize(
    "name", ["scores", "bags", "hands", "running_scores", "is_over", "winner"]
)
def test_a_games_state_cannot_be_assigned(name: str) -> None:
    game = Game("classic", seed=3)
    with pytest.raises(AttributeError):
        setattr(game, name, getattr(game, name))


def test_what_a_game_hands_out_does_not_change_it() -> None:
    game = Game("classic", seed=3)
    game.scores["NS"] = 1000
    game.bags["NS"] = 9
    with pytest.raises(AttributeError):
        game.hands.append(game.hand)  # type: ignore[attr-defined]
    game.seated[N] = "expert"
    game.seated_hands[1] = {N: "expert"}
    assert (game.scores, game.bags) == ({"NS": 0, "EW": 0}, {"NS": 0, "EW": 0})
    assert len(game.hands) == 1 and game.seated == {} and game.seated_hands == {}


def test_who_sits_where_is_set_whole_and_checked() -> None:
    game = Game("two-player", seed=3)
    game.seated = {N: "you", S: "rule"}
    game.seated_hands = {1: {N: "you", S: "novice"}}
    assert game.seated == {N: "you", S: "rule"}
    with pytest.raises(SpadesError, match="East does not play in a 2-player game"):
        game.seated = {E: "rule"}
    with pytest.raises(SpadesError, match="hand numbers"):
        game.seated_hands = {0: {N: "you"}}
    assert game.seated_hands == {1: {N: "you", S: "novice"}}


# ------------------------------------------- the seats a game has, and no other
def test_module_helpers_refuse_east_and_west_in_a_two_player_game() -> None:
    with pytest.raises(SpadesError) as by_hand:
        Hand("two-player").side_of("E")
    with pytest.raises(SpadesError) as by_scoring:
        side_of("two-player", "E")
    with pytest.raises(SpadesError) as by_tricks:
        trick_winner("two-player", [("E", "AH"), ("W", "2S")])
    assert str(by_scoring.value) == str(by_hand.value) == str(by_tricks.value)
    assert str(by_hand.value) == (
        "East does not play in a 2-player game: the seats are North and South"
    )
    assert side_of("two-player", "S") == "S"
    assert trick_winner("two-player", [("S", "AH"), ("N", "2S")]) is N


# -------------------------------------------------------------------- errors
def test_no_dealer_is_the_default_dealer() -> None:
    assert Hand(dealer=None, seed=2).dealer is N
    assert Hand("two-player", dealer=None, seed=2).dealer is N


def test_loading_a_file_names_it(tmp_path: Path) -> None:
    missing = tmp_path / "missing.json"
    with pytest.raises(
        InvalidRecord, match="^" + re.escape(f"{missing}: cannot read the file")
    ):
        record.load(missing)
    bad = tmp_path / "bad.json"
    bad.write_text('{"rules": "classic", "hands": [], "x": 1}')
    with pytest.raises(
        InvalidRecord,
        match="^" + re.escape(f'{bad}: the record has an unknown key "x"'),
    ):
        record.load(bad)


def test_a_foreign_json_object_is_not_a_record() -> None:
    with pytest.raises(InvalidRecord) as info:
        record.loads('{"name": "x", "version": 3}')
    assert str(info.value) == (
        'not a spadeslib record: a record needs "rules" and "hands" '
        '(this one has "name", "version")'
    )
