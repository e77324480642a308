"""The ladder: levels, the round-robin, Elo ratings, honest metrics."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spadeslib import Hand, Seat
from spadeslib.actions import LOOK, Bid
from spadeslib.bots import BOTS, LADDER, make_bot, tournament
from spadeslib.bots.match import duplicate_match, exact_tricks
from spadeslib.bots.tournament import elo_ratings, keep_match, round_robin, saved_match
from spadeslib.cards import Card
from spadeslib.cli import main
from spadeslib.rules import Rules


def test_ladder_lists_at_least_five_levels_that_make_bots() -> None:
    assert len(LADDER) >= 5
    assert list(LADDER)[:2] == ["novice", "rule"] and list(LADDER)[-1] == "expert"
    for name, line in LADDER.items():
        assert name in BOTS and "\n" not in line and len(line) < 120
        assert make_bot(name, seed=1).name == name


def test_every_level_plays_legal_cards_under_every_preset() -> None:
    for spec in ("cards4net", "classic", "yppedia", "two-player", "classic+jokers"):
        hand = Hand(Rules.parse(spec), seed=5)
        bots = {
            s: make_bot(
                lv,
                seed=2,
                **({"samples": 3} if lv != "novice" and lv != "rule" else {}),
            )
            for s, lv in zip(
                hand.seats, ["novice", "expert", "search-lite", "rule"], strict=False
            )
        }
        while not hand.is_over:
            seat = hand.turn
            action = bots[seat].act(hand.view(seat))
            assert hand.check(action) is None, (spec, seat, action)
            hand.apply(action)


def _after_bids(deal: dict[str, str], bids: tuple[int, ...]) -> Hand:
    hand = Hand(deal=deal, dealer="W")
    for bid in bids:
        hand.apply(bid)
    return hand


DEAL = {
    "N": "AS 2S 3H 4H 5H 6H 7H 8H 9H 10H 2C 3C 4C",
    "E": "KS 3S 2H 5C 6C 7C 8C 9C 10C 2D 3D 4D 5D",
    "S": "QS 4S JH QH KH AH JC QC KC AC 6D 7D 8D",
    "W": "JS 5S 6S 7S 8S 9S 10S 9D 10D JD QD KD AD",
}


def test_novice_bids_high_cards_and_overtakes_its_partner() -> None:
    hand = Hand(deal=DEAL, dealer="W")
    hand.apply(LOOK)
    novice = make_bot("novice")
    view = hand.view("N")
    assert novice.act(view) == Bid(1)  # one ace, no king: spade length ignored
    hand = _after_bids(DEAL, (3, 3, 3, 3))
    hand.apply("3H")  # North leads, East follows low: North is winning
    hand.apply("2H")
    # South can win with the ace over its partner's card: the novice does
    assert novice.act(hand.view("S")) == Card.parse("AH")
    assert make_bot("rule").act(hand.view("S")) != Card.parse("AH")


def test_elo_ratings_follow_the_scores() -> None:
    scores = {("b", "a"): (70.0, 100), ("c", "b"): (60.0, 100)}
    r = elo_ratings(["a", "b", "c"], scores, anchor="a")
    assert r["a"] == pytest.approx(1500) and r["a"] < r["b"] < r["c"]
    even = elo_ratings(["a", "b"], {("b", "a"): (40.0, 80)})
    assert even["a"] == pytest.approx(even["b"])


def test_round_robin_report_and_honest_metrics() -> None:
    report = round_robin(
        ["novice", "rule", "search-lite"],
        deals=2,
        seed=3,
        pairs="adjacent",
        check_tricks=2,
        options={"search-lite": {"samples": 3}},
    )
    assert set(report.matches) == {("rule", "novice"), ("search-lite", "rule")}
    text = report.text()
    assert "| novice |" in text and "| search-lite |" in text
    assert "excluded by construction" in text  # search filters its blunders
    lite = report.matches[("search-lite", "rule")]
    assert lite.stats["a"].filters_blunders and lite.stats["b"].filters_blunders
    low = report.matches[("rule", "novice")]
    assert not low.stats["b"].filters_blunders  # the novice's are counted
    assert lite.stats["a"].exact_decisions > 0
    mean, low, high = lite.exact_loss("a")
    assert mean >= 0 and low <= mean <= high
    data = report.to_dict()
    assert set(data["ratings"]) == {"novice", "rule", "search-lite"}


def test_exact_loss_is_zero_for_forced_play_and_counts_cards() -> None:
    m = duplicate_match("rule", "rule", deals=1, seed=2, check_tricks=1)
    # the last trick is forced: nothing is checked, nothing lost
    assert m.stats["a"].exact_decisions == 0 and m.exact_loss("a")[0] == 0
    two = duplicate_match("rule", "rule", deals=1, seed=2, check_tricks=3)
    assert two.stats["a"].exact_decisions + two.stats["b"].exact_decisions > 0
    assert exact_tricks(Rules(), 99) <= 13
    with pytest.raises(ValueError, match="final tricks"):
        duplicate_match("rule", "rule", deals=1, check_tricks=14)


def test_spades_ladder_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            [
                "ladder",
                "--levels",
                "novice,rule",
                "--deals",
                "2",
                "--seed",
                "4",
                "--check-tricks",
                "0",
                "--no-progress",
            ]
        )
        == 0
    )
    printed = capsys.readouterr()
    out = printed.out
    assert "| level | Elo |" in out and "rule - novice" in out
    assert "printed by: spades ladder" in out
    # each match is reported on stderr as it finishes, its margin and CI
    # the same as the table's
    data_line = [line for line in printed.err.splitlines() if "per deal" in line]
    assert len(data_line) == 1 and data_line[0].startswith("rule - novice: ")
    margin, ci = data_line[0].split(": ")[1].split(" per deal")[0].split(" ", 1)
    assert f"rule - novice: {margin} per deal, 95% CI {ci}" in out
    main(
        [
            "ladder",
            "--levels",
            "novice,rule",
            "--deals",
            "2",
            "--json",
            "--check-tricks",
            "0",
            "--no-progress",
        ]
    )
    data = json.loads(capsys.readouterr().out)
    assert data["ratings"]["rule"] == pytest.approx(1500)


def test_search_decides_the_blind_decision_by_search() -> None:
    hand = Hand(seed=5, dealer="S", scores={"NS": 0, "EW": 0})
    west = hand.view("W")
    assert LOOK in west.legal and Bid.BLIND_NIL in west.legal
    hint = make_bot("search", seed=1, samples=6).explain(west)
    assert hint.action in west.legal and "deals" in hint.reason
    assert make_bot("expert", seed=1, samples=6).act(west) in west.legal
    assert west.seat == Seat.WEST


def test_a_saved_ladder_resumes_without_playing_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    levels = ["random", "novice", "rule"]
    first = round_robin(
        levels, deals=2, seed=3, pairs="adjacent", check_tricks=0, save=tmp_path
    )
    assert len(list(tmp_path.glob("*.json"))) == 2
    assert not list(tmp_path.glob("*.part"))
    # every match is read back, not played: the report is the same
    monkeypatch.setattr(tournament, "duplicate_match", _no_play)
    again = round_robin(
        levels, deals=2, seed=3, pairs="adjacent", check_tricks=0, save=tmp_path
    )
    assert again.text() == first.text()
    assert again.matches == first.matches
    # other settings are another run: a kept match is not reused for them
    for changed in ({"seed": 4}, {"deals": 3}, {"check_tricks": 1}):
        options = {"deals": 2, "seed": 3, "check_tricks": 0} | changed
        with pytest.raises(AssertionError, match="played again"):
            round_robin(levels, pairs="adjacent", save=tmp_path, **options)


def test_a_kept_match_is_reused_only_for_its_own_levels_and_options(
    tmp_path: Path,
) -> None:
    match = duplicate_match("rule", "novice", deals=1, seed=2)
    settings = {"a": "rule", "b": "novice", "deals": 1, "seed": 2}
    path = keep_match(tmp_path, "rule", "novice", settings, match)
    assert path.name == "rule--novice.json"
    assert saved_match(tmp_path, "rule", "novice", settings) == match
    assert saved_match(tmp_path, "rule", "novice", settings | {"seed": 5}) is None
    assert saved_match(tmp_path, "search", "novice", settings) is None
    # a level with options is a file name of its own
    assert keep_match(tmp_path, "search:8", "rule", settings, match).is_file()


def _no_play(*args: object, **kwargs: object) -> None:
    raise AssertionError("a kept match was played again")


def test_spades_ladder_save_keeps_each_match(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["ladder", "--levels", "random,novice", "--deals", "2", "--seed", "7"]
    argv += ["--check-tricks", "0", "--no-progress", "--save", str(tmp_path / "run")]
    assert main(argv) == 0
    first = capsys.readouterr()
    assert [p.name for p in (tmp_path / "run").iterdir()] == ["novice--random.json"]
    assert main(argv) == 0
    again = capsys.readouterr()
    assert again.out == first.out and again.err == first.err
