"""Game records: the fixed JSON contract, exact round trips, clear errors."""

from __future__ import annotations

import copy
import json
import random
import re
from pathlib import Path

import pytest

from conftest import ALL_SPECS, game_snapshot
from spadeslib import (
    Bid,
    Discard,
    Exchange,
    Game,
    InvalidRecord,
    Phase,
    Rules,
    Seat,
    record,
)

SUITED_DEAL = {
    "N": "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S",
    "E": [
        "AH",
        "KH",
        "QH",
        "JH",
        "10H",
        "9H",
        "8H",
        "7H",
        "6H",
        "5H",
        "4H",
        "3H",
        "2H",
    ],
    "S": "AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D",
    "W": "AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C",
}


def suited_plays() -> list[str]:
    """North leads spades from the top (all spades: the only-spades exception)."""
    ranks = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]
    plays = []
    for rank in ranks:
        plays += [f"{rank}S", f"{rank}H", f"{rank}D", f"{rank}C"]
    return plays


def suited_record(**changes: object) -> dict:
    hand = {
        "dealer": "W",
        "deal": SUITED_DEAL,
        "bids": [13, "nil", 0, 1],
        "plays": suited_plays(),
    }
    hand.update(changes)
    return {"rules": "cards4net", "hands": [hand]}


def test_contract_example_scores_as_rules_say() -> None:
    game = record.from_record(suited_record())
    hand = game.finished_hands[0]
    assert hand.tricks_won == {
        Seat.NORTH: 13,
        Seat.EAST: 0,
        Seat.SOUTH: 0,
        Seat.WEST: 0,
    }
    assert hand.bids[Seat.EAST] == Bid.NIL and hand.bids[Seat.SOUTH] == Bid(0)
    # NS bid 13 + 0 and took 13: +130. EW: East's nil made +100, West set -10.
    assert game.scores == {"NS": 130, "EW": 90}


def test_rules_as_object_and_lists_or_strings_in_the_deal() -> None:
    data = suited_record()
    data["rules"] = {"preset": "cards4net", "modifiers": [], "target": 100}
    game = record.from_record(data)
    assert game.rules.target == 100
    assert game.is_over and game.winner == "NS"


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (
            {"plays": [*suited_plays()[:4], "2C"]},
            ["hand 1", "move 9", "North", "2C", "card-not-held"],
        ),
        (
            {"bids": [13, "nil", "nil", 1]},
            ["hand 1", "move 3", "South", "nil", "nil-after-partner"],
        ),
        ({"bids": [14, "nil", 0, 1]}, ["hand 1", "move 1", "North", "14", "bid-range"]),
        ({"dealer": "Q"}, ["hand 1", "dealer", '"Q" is not a seat']),
        ({"deal": {**SUITED_DEAL, "N": "AS"}}, ["hand 1", "North", "1 card, not 13"]),
    ],
)
def test_invalid_records_name_the_hand_move_seat_and_rule(
    change: dict, words: list[str]
) -> None:
    with pytest.raises(InvalidRecord) as info:
        record.from_record(suited_record(**change))
    for word in words:
        assert word in str(info.value)


def test_moves_count_bids_then_plays_and_partial_hands_load() -> None:
    data = suited_record(plays=["AS", "AC"])
    with pytest.raises(InvalidRecord, match=r"move 6 .*East.*AC.*does not hold"):
        record.from_record(data)
    plays = ["AS", "AH", "AD", "AC", "KS", "KH", "KD", "KC", "QS", "QH", "QD", "QC"]
    game = record.from_record(suited_record(bids=[3, 3, 3, 3], plays=plays))
    assert game.hand.tricks_won[Seat.NORTH] == 3 and not game.hand.is_over


def test_follow_suit_violation_in_a_real_deal() -> None:
    game = Game("classic", seed=4)
    while game.hand.phase.value != "playing":
        game.apply(game.legal_actions()[0])
    hand = game.hand
    leader = hand.turn
    lead = hand.legal_actions()[0]
    game.apply(lead)
    follower = hand.turn
    suit = game.rules.trick_suit(lead)
    off = [c for c in hand.holding[follower] if game.rules.trick_suit(c) != suit]
    on = [c for c in hand.holding[follower] if game.rules.trick_suit(c) == suit]
    if not (off and on):
        pytest.skip("this deal does not give the follower both kinds of card")
    data = record.to_record(game)
    data["hands"][0]["plays"].append(str(off[0]))
    with pytest.raises(InvalidRecord) as info:
        record.from_record(data)
    message = str(info.value)
    assert follower.full in message and str(off[0]) in message
    assert "follow-suit" in message and leader is not None


def test_structural_errors() -> None:
    for bad in (
        [],
        {"rules": "cards4net"},
        {"rules": "nope", "hands": []},
        {"rules": "cards4net", "hands": {}},
        {"rules": "cards4net", "hands": [3]},
    ):
        with pytest.raises(InvalidRecord):
            record.from_record(bad)
    with pytest.raises(InvalidRecord, match="not JSON"):
        record.loads("{")


def test_hands_after_the_game_ended_are_refused() -> None:
    data = suited_record()
    data["rules"] = {"preset": "cards4net", "target": 100}
    data["hands"].append(dict(data["hands"][0], dealer="N"))
    with pytest.raises(InvalidRecord, match="hand 2: the game was already over"):
        record.from_record(data)


def test_the_dealer_must_rotate() -> None:
    game = Game(seed=2)
    while len(game.hands) < 2:
        game.apply(random.Random(1).choice(game.legal_actions()))
    data = record.to_record(game)
    data["hands"][1]["dealer"] = data["hands"][0]["dealer"]
    with pytest.raises(InvalidRecord, match="hand 2: the dealer should be"):
        record.from_record(data)


SINGLE_MODIFIER_SPECS = [s for s in ALL_SPECS if s.count("+") <= 1]


@pytest.mark.parametrize("spec", SINGLE_MODIFIER_SPECS)
def test_round_trip_at_every_kind_of_moment(spec: str) -> None:
    rng = random.Random(spec)
    for seed in range(3):
        game = Game(spec, seed=seed)
        stops = {rng.randrange(1, 300) for _ in range(6)}
        for step in range(max(stops) + 1):
            if game.is_over:
                break
            if step in stops:
                text = record.dumps(game)
                again = record.loads(text)
                assert game_snapshot(again) == game_snapshot(game)
                assert record.dumps(again) == text
                # the copy plays on exactly like the original
                action = rng.choice(game.legal_actions())
                copy = record.loads(text)
                game.apply(action)
                copy.apply(action)
                assert game_snapshot(copy) == game_snapshot(game)
                continue
            game.apply(rng.choice(game.legal_actions()))


def test_save_and_load_files(tmp_path) -> None:
    game = Game("yppedia", seed=5)
    for _ in range(30):
        game.apply(game.legal_actions()[-1])
    path = tmp_path / "game.json"
    record.save(game, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["rules"] == "yppedia" and data["format"] == record.FORMAT
    assert game_snapshot(record.load(path)) == game_snapshot(game)
    with pytest.raises(InvalidRecord, match="cannot read the file"):
        record.load(tmp_path / "missing.json")


# ------------------------------------------------ a record is read whole
def refusal(data: dict) -> str:
    """The one-line message of the InvalidRecord that ``data`` raises."""
    with pytest.raises(InvalidRecord) as info:
        record.loads(json.dumps(data))
    message = str(info.value)
    assert "\n" not in message
    return message


def blind_seven_game() -> Game:
    """classic+jokers, East deals: South looks and bids 3 (so North may not
    bid blind), West bids Blind Seven, North bids 3, East must bid Blind Seven."""
    game = Game("classic+jokers", seed=1, dealer="E")
    for action in ("look", 3, "blind_seven", 3, "blind_seven"):
        game.apply(action)
    return game


def test_a_blind_bid_by_a_seat_listed_as_having_looked_is_refused() -> None:
    data = record.to_record(blind_seven_game())
    assert data["hands"][0]["looked"] == ["S"]
    assert record.from_record(data).hand.bids == blind_seven_game().hand.bids
    data["hands"][0]["looked"] = ["S", "W"]
    message = refusal(data)
    for word in ("hand 1", "West", "blind_seven", "blind-after-look"):
        assert word in message, message


def test_looked_must_be_a_seat_that_could_decline_a_blind_bid() -> None:
    data = record.to_record(blind_seven_game())
    data["hands"][0]["looked"] = ["S", "E"]  # East was bound to Blind Seven
    assert "East" in refusal(data) and "blind-seven" in refusal(data)
    data["hands"][0]["looked"] = ["S", "N"]  # North could look no more
    assert "North" in refusal(data) and "already-looked" in refusal(data)
    game = Game("cards4net", seed=2, dealer="N")
    for bid in (3, 4, 2, 3):
        game.apply(bid)
    data = record.to_record(game)
    data["hands"][0]["looked"] = ["S"]  # only East could bid blind
    assert "South" in refusal(data) and "already-looked" in refusal(data)


def two_player_double_nil() -> Game:
    """North declares double nil (before drawing) and discards one card."""
    game = Game("two-player", seed=3)
    hand = game.hand
    while hand.phase is Phase.DRAW:
        if hand.hidden[hand.turn]:
            game.apply("blind_nil" if hand.turn is Seat.NORTH else "look")
        else:
            game.apply("keep")
    assert hand.phase is Phase.BLIND_DISCARD and hand.turn is Seat.NORTH
    game.apply(Discard.of([hand.holding[Seat.NORTH][0]]))
    return game


def test_two_player_double_nil_entries() -> None:
    game = two_player_double_nil()
    data = record.to_record(game)
    entry = data["hands"][0]
    assert entry["declared_blind"] == ["N"] and entry["looked"] == ["S"]
    assert set(entry["blind_discards"]) == {"N"}
    again = record.from_record(copy.deepcopy(data))
    assert game_snapshot(again) == game_snapshot(game)
    # the double-nil player is also listed as having looked
    bad = copy.deepcopy(data)
    bad["hands"][0]["looked"] = ["N", "S"]
    message = refusal(bad)
    assert "North" in message and "blind-after-look" in message
    # a blind discard for a player who declared nothing
    bad = copy.deepcopy(data)
    steps = bad["hands"][0]["blind_discards"]
    steps["S"] = {"discarded": [], "received": []}
    message = refusal(bad)
    assert "South" in message and "declared no double nil" in message
    # received cards must come from the pile, never the ones just thrown
    bad = copy.deepcopy(data)
    steps = bad["hands"][0]["blind_discards"]["N"]
    steps["received"] = steps["discarded"]
    assert "discard pile" in refusal(bad)
    # a draw without the blind decision, and a deal that is not the draws'
    bad = copy.deepcopy(data)
    del bad["hands"][0]["looked"]
    assert "blind-decision" in refusal(bad)


def test_exchange_entries_need_a_rule_set_and_a_team_with_an_exchange() -> None:
    game = Game(seed=4, dealer="N")
    for bid in ("look", 3, 4, 2, 3):
        game.apply(bid)
    data = record.to_record(game)
    data["hands"][0]["exchanges"] = {"E": ["2C", "3C"]}
    message = refusal(data)
    assert "East" in message and "no card exchange" in message
    rules = Rules("classic", blind_nil_margin=0)
    game = Game(rules, seed=1, dealer="N")
    for action in ("blind_nil", "look", 3, "look", 3, "look", 3):
        game.apply(action)
    hand = game.hand
    assert hand.phase is Phase.EXCHANGE and hand.turn is Seat.EAST
    game.apply(Exchange.of(hand.holding[Seat.EAST][:2]))
    game.apply(Exchange.of(hand.holding[Seat.WEST][:2]))
    data = record.to_record(game)
    assert set(data["hands"][0]["exchanges"]) == {"E", "W"}
    assert game_snapshot(record.from_record(data)) == game_snapshot(game)
    held = [str(c) for c in hand.holding[Seat.NORTH][:2]]
    data["hands"][0]["exchanges"]["N"] = held
    message = refusal(data)
    assert "North" in message and "exchange-without-blind-nil" in message


def test_every_key_is_known_and_every_play_belongs_to_the_hand() -> None:
    data = suited_record()
    data["comment"] = "hi"
    assert 'unknown key "comment"' in refusal(data)
    data = suited_record(stock="AS KS")
    assert 'unknown key "stock"' in refusal(data)
    data = suited_record(plays=[*suited_plays(), "AS"])
    assert "play 53" in refusal(data) and "thirteenth trick" in refusal(data)
    data = suited_record(bids=[13, "nil", 0, 1, 2])
    assert "bid 5" in refusal(data)
    data = suited_record(looked=["N", "N"])
    assert "twice" in refusal(data)
    data = suited_record(bids=[13, "nil", 0], plays=["AS"])
    assert "play 1" in refusal(data) and "bidding" in refusal(data)
    data = suited_record()
    data["format"] = "spadeslib-record/2"
    assert '"format"' in refusal(data)


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"", "empty"),
        (b"  \n", "empty"),
        (b'{"rules": "cards4net", "hands": [\xff]}', "not UTF-8 text: byte 0xff"),
        ("[" * 100_000, "nested too deeply"),
        ("{" * 100_000, "not JSON"),
        ('{"a": NaN}', "NaN is not a JSON number"),
        (
            '{"rules": "classic", "seed": 1, "hands": [], "seed": 2}',
            "the key 'seed' is written twice",
        ),
        ('{"rules": "classic", "hands": [{"deal": {"N": "", "N": ""}}]}', "'N'"),
        ('{"seed": 1' + "0" * 5000 + "}", "not a usable JSON value"),
        ("[1, 2", "not JSON"),
        ("3", "a record is a JSON object"),
        ('{"rules": {"preset": [1]}, "hands": []}', "rules"),
        ('{"rules": "classic", "hands": [], "seed": {}}', '"seed"'),
        (
            '{"rules": {"preset": "classic", "nil": 5}, "hands": []}',
            "rules: nil must be true or false, not 5",
        ),
        ('{"rules": {"preset": "classic", "target": "x"}, "hands": []}', "target"),
    ],
)
def test_bad_input_is_one_invalid_record(data: str | bytes, words: str) -> None:
    with pytest.raises(InvalidRecord) as info:
        record.loads(data)
    assert words in str(info.value) and "\n" not in str(info.value)


def test_size_limit_and_files(tmp_path) -> None:
    text = record.dumps(Game(seed=1))
    assert record.loads(text, max_bytes=len(text)).seed == 1
    with pytest.raises(InvalidRecord, match="too large"):
        record.loads(text, max_bytes=len(text) - 1)
    path = tmp_path / "r.json"
    path.write_text(text)
    with pytest.raises(InvalidRecord, match="too large"):
        record.load(path, max_bytes=100)
    with pytest.raises(InvalidRecord, match="cannot read the file: Is a directory"):
        record.load(tmp_path)
    with pytest.raises(InvalidRecord, match="No such file"):
        record.load(tmp_path / "missing.json")
    (tmp_path / "bom.json").write_bytes(b"\xef\xbb\xbf" + text.encode())
    assert record.load(tmp_path / "bom.json").seed == 1


def test_save_writes_whole_files_or_nothing(tmp_path) -> None:
    game = Game(seed=6)
    with pytest.raises(OSError):
        record.save(game, tmp_path / "no" / "such" / "dir.json")
    with pytest.raises(OSError):
        record.save(game, tmp_path)  # a folder
    assert list(tmp_path.iterdir()) == []
    record.save(game, tmp_path / "g.json")
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"]


def test_save_refuses_a_folder_or_an_empty_name_before_writing(tmp_path) -> None:
    game = Game(seed=6)
    folder = tmp_path / "games"
    folder.mkdir()
    with pytest.raises(IsADirectoryError, match="folder") as caught:
        record.save(game, folder)
    # the folder named, not a temporary file beside it ('/.tmp.x' -> '/tmp')
    assert caught.value.filename == str(folder) and caught.value.filename2 is None
    with pytest.raises(FileNotFoundError, match="file name is empty"):
        record.save(game, "")
    assert [p.name for p in tmp_path.iterdir()] == ["games"]
    assert list(folder.iterdir()) == []


def test_a_fractional_move_timer_round_trips() -> None:
    game = Game(Rules("classic", move_timer=2.5), seed=3)
    assert record.loads(record.dumps(game)).rules.move_timer == 2.5


def test_who_played_each_seat_is_kept_and_checked() -> None:
    game = Game("classic", seed=4)
    level = "search:samples=8,bid_samples=2,time_limit=0.5,confidence=0.9"
    game.seated = {Seat.NORTH: level, Seat.SOUTH: "Ana María"}
    data = json.loads(record.dumps(game))
    assert list(data) == ["format", "rules", "seed", "players", "hands"]
    assert data["players"] == {"N": level, "S": "Ana María"}
    assert record.loads(record.dumps(game)).seated == game.seated
    assert "players" not in json.loads(
        record.dumps(Game("classic", seed=4))
    )  # none named
    bad = [
        ([1], '"players" maps seats to who played them'),
        ({"X": "a"}, '"players": "X" is not a seat of this game (N, E, S, W)'),
        ({"N": ""}, 'N\'s player is "": a name of 1 to 200 printable characters'),
        ({"N": "x" * 201}, "a name of 1 to 200 printable characters"),
        ({"N": "a\nb"}, "a name of 1 to 200 printable characters"),
        ({"N": 3}, "N's player is 3"),
    ]
    for players, words in bad:
        with pytest.raises(InvalidRecord, match=re.escape(words)):
            record.loads(json.dumps({**data, "players": players}))
    game.seated = {Seat.NORTH: "x" * 201}  # what could not be read is not written
    with pytest.raises(InvalidRecord, match="a name of 1 to 200"):
        record.dumps(game)
    two = {"rules": "two-player", "hands": [], "players": {"E": "bot"}}
    with pytest.raises(InvalidRecord, match=re.escape('"E" is not a seat')):
        record.loads(json.dumps(two))


def test_who_played_each_hand_is_kept_where_the_players_changed() -> None:
    """A hand's ``"players"``: written for a hand whose players were not the
    record's (they changed during the game), read back, checked in place."""
    game = Game("classic", seed=4)
    for _ in range(60):  # into hand 2
        game.apply(game.hand.legal_actions()[0])
    assert game.hand.number == 2
    game.seated = {Seat.NORTH: "expert", Seat.SOUTH: "you"}
    game.seated_hands = {
        1: {Seat.NORTH: "novice", Seat.SOUTH: "you"},
        2: dict(game.seated),  # as the record's: not written
    }
    data = json.loads(record.dumps(game))
    first, second = data["hands"]
    assert list(first)[:2] == ["dealer", "players"]
    assert first["players"] == {"N": "novice", "S": "you"}
    assert "players" not in second
    again = record.loads(record.dumps(game))
    assert again.seated == game.seated
    assert again.seated_hands == {1: game.seated_hands[1]}
    assert record.dumps(again) == record.dumps(game)
    first["players"] = {"X": "rule"}
    with pytest.raises(
        InvalidRecord, match=re.escape('hand 1: "players": "X" is not a seat')
    ):
        record.loads(json.dumps(data))
    first["players"] = "rule"
    with pytest.raises(InvalidRecord, match=re.escape('hand 1: "players" maps')):
        record.loads(json.dumps(data))
    game.seated_hands = {1: {Seat.NORTH: ""}}  # what could not be read
    with pytest.raises(InvalidRecord, match='hand 1: "players": N\'s player is ""'):
        record.dumps(game)


def test_a_hands_players_are_the_records_but_for_the_seats_it_names() -> None:
    """A hand's entry naming some seats only: the others played as the
    record's ``players`` say; a dump of the loaded game dumps the same, and
    undo past a hand forgets who played it."""
    game = Game("classic", seed=4)
    for _ in range(60):  # into hand 2
        game.apply(game.hand.legal_actions()[0])
    data = json.loads(record.dumps(game))
    data["players"] = {"N": "expert", "E": "rule", "S": "you", "W": "rule"}
    data["hands"][0]["players"] = {"N": "novice"}
    loaded = record.loads(json.dumps(data))
    assert loaded.seated_hands[1] == {
        Seat.NORTH: "novice",
        Seat.EAST: "rule",
        Seat.SOUTH: "you",
        Seat.WEST: "rule",
    }
    once = record.dumps(loaded)
    assert json.loads(once)["hands"][0]["players"]["E"] == "rule"
    assert record.dumps(record.loads(once)) == once
    # a hand's players the same as the record's, or none: not written again
    data["hands"][0]["players"] = {}
    assert (
        "players"
        not in json.loads(record.dumps(record.loads(json.dumps(data))))["hands"][0]
    )
    assert loaded.hand.number == 2
    loaded.seated_hands[2] = {Seat.NORTH: "search"}
    while loaded.hand.number == 2:
        loaded.undo()
    assert set(loaded.seated_hands) == {1}  # hand 2 is gone, and who played it


def test_a_saved_game_gets_the_permissions_of_a_new_file(tmp_path) -> None:
    """A save went through a private temporary file (0600) and stayed so:
    a teacher sharing the records got "permission denied"."""
    import os
    import stat

    from spadeslib import record
    from spadeslib.cli import main

    old = os.umask(0o022)
    try:
        target = tmp_path / "game.json"
        record.save(Game(seed=1), target)
        assert stat.S_IMODE(target.stat().st_mode) == 0o644
        target.chmod(0o600)  # a file the owner made private stays private
        record.save(Game(seed=2), target)
        assert stat.S_IMODE(target.stat().st_mode) == 0o600
        assert main(["play", "--hands", "1", "--record", str(tmp_path / "p.json")]) == 0
        assert stat.S_IMODE((tmp_path / "p.json").stat().st_mode) == 0o644
    finally:
        os.umask(old)


def test_the_docs_step_through_example_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """records.md's "Step through a record" replays each hand to its score."""
    from spadeslib.bots import make_bot, play_until

    game = Game(seed=5)
    play_until(game, {seat: make_bot("rule") for seat in "NESW"}, hands=2)
    record.save(game, tmp_path / "game.json")
    docs = Path(__file__).resolve().parent.parent / "docs" / "records.md"
    section = docs.read_text(encoding="utf-8").split("## Step through a record")[1]
    code = re.search(r"```python\n(.*?)```", section, re.S)
    assert code is not None
    monkeypatch.chdir(tmp_path)
    exec(code.group(1), {})
    printed = capsys.readouterr().out.splitlines()
    assert printed == [
        f"hand {n}: {h.result['NS'].points} points for NS"
        for n, h in enumerate(game.finished_hands, 1)
    ]


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"bids": ["13", "nil", 0, 1]}, ['bid 1: "13" is not a bid', "writes 13"]),
        ({"bids": [13, "NIL", 0, 1]}, ['bid 2: "NIL" is not a bid', 'writes "nil"']),
        ({"bids": [13, "blind nil", 0, 1]}, ['writes "blind_nil"']),
        ({"plays": ["as", *suited_plays()[1:]]}, ['play 1: "as"', 'write "AS"']),
        ({"plays": ["A♠", *suited_plays()[1:]]}, ['play 1: "A♠"', 'write "AS"']),
        ({"dealer": "w"}, ['"dealer": "w" is not a seat', 'writes "W"']),
        ({"deal": {**SUITED_DEAL, "S": "ad kd"}}, ['deal of South: "ad"']),
        ({"deal": {**SUITED_DEAL, "s": SUITED_DEAL["S"]}}, ['"s" is not a seat']),
    ],
)
def test_a_name_in_another_spelling_is_refused_naming_the_one_to_write(
    change: dict, words: list[str]
) -> None:
    """The format is ours and exact: a record that loads writes back as it
    was read, so "13" (a string), "NIL", "as", "A♠" or "w" are refused."""
    with pytest.raises(InvalidRecord) as info:
        record.from_record(suited_record(**change))
    for word in words:
        assert word in str(info.value)


def test_bid_errors_spell_bids_as_the_format_does() -> None:
    with pytest.raises(InvalidRecord, match='"nil", "blind_nil" or "blind_seven"'):
        record.from_record(suited_record(bids=[True, "nil", 0, 1]))


def test_rule_set_names_are_read_as_written() -> None:
    for rules in ("Cards4net", {"preset": "CARDS4NET"}):
        data = suited_record()
        data["rules"] = rules
        with pytest.raises(InvalidRecord, match=r'rules: .*is written "cards4net"'):
            record.from_record(data)
    data = suited_record()
    data["rules"] = {"preset": "cards4net"}  # the object form, written as a name
    assert record.to_record(record.from_record(data))["rules"] == "cards4net"


def test_a_byte_order_mark_is_read_and_not_written() -> None:
    text = json.dumps(suited_record())
    game = record.loads(b"\xef\xbb\xbf" + text.encode())
    assert not record.dumps(game).startswith("\ufeff")
    assert game.scores == record.from_record(suited_record()).scores


def test_the_table_s_notes_are_kept_and_checked() -> None:
    """``"table"``: the notes of the program that shows the game (the table
    writes ``{"between": false}``), written back as read; not a rule."""
    game = Game("classic", seed=3)
    game.notes = {"between": False}
    data = json.loads(record.dumps(game))
    assert data["table"] == {"between": False}
    assert list(data) == ["format", "rules", "seed", "table", "hands"]
    again = record.loads(json.dumps(data))
    assert again.notes == {"between": False}
    assert record.dumps(again) == record.dumps(game)
    assert "table" not in json.loads(record.dumps(Game("classic", seed=3)))
    for bad in ([1], {"between": [1]}, {"": True}, {"n": 1.5}, {"n": ""}):
        with pytest.raises(InvalidRecord, match='"table"'):
            record.loads(json.dumps(dict(data, table=bad)))
    game.notes = {1: True}  # type: ignore[dict-item]  # from Python, not JSON
    with pytest.raises(InvalidRecord, match='"table": 1 is not a name'):
        record.dumps(game)
