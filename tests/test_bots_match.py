"""Duplicate matches (arithmetic, swapping, blunder counts), the decision
benchmark and the command line."""

from __future__ import annotations

import argparse
import json
import math
import statistics
from typing import Any

import pytest
from test_bots_rule import D5

from spadeslib import Card, Hand, Rules, Seat
from spadeslib.bots import make_bot
from spadeslib.bots.bench import bench_levels
from spadeslib.bots.cli import register
from spadeslib.bots.match import _play_hand, _side_stats, duplicate_match
from spadeslib.bots.match_report import PARTS, BotStats, MatchReport
from spadeslib.bots.stats import t_quantile
from spadeslib.view import PlayerView


class Scripted:
    """Plays the given cards when they are legal at its turn, else as the rule bot."""

    name = "scripted"

    def __init__(self, cards: list[str]) -> None:
        self.cards = [Card.parse(c) for c in cards]
        self.rule = make_bot("rule")

    def act(self, view: PlayerView) -> Any:
        for card in self.cards:
            if card in view.legal:
                self.cards.remove(card)
                return card
        return self.rule.act(view)

    def explain(self, view: PlayerView) -> Any:
        return self.rule.explain(view)

    def reset(self) -> None:
        pass


def test_report_arithmetic_on_a_small_match():
    report = duplicate_match("rule", "random", deals=4, seed="arith")
    assert report.deals == 4 and len(report.results) == 4
    diffs = report.diffs
    assert diffs == [(r.points_a - r.points_b) / 2 for r in report.results]
    assert report.mean == pytest.approx(sum(diffs) / 4)
    sd = statistics.stdev(diffs)
    low, high = report.ci
    assert high - report.mean == pytest.approx(3.182 * sd / 2)
    assert report.mean - low == pytest.approx(high - report.mean)
    assert report.stats["a"].points == sum(r.points_a for r in report.results)
    assert report.per_deal("a") == pytest.approx(report.stats["a"].points / 8)
    assert report.per_deal("random") == pytest.approx(report.stats["b"].points / 8)
    assert report.stats["a"].hands == report.stats["b"].hands == 8
    assert report.mean > 0  # the rule bot beats random play
    data = json.loads(json.dumps(report.to_dict()))
    assert data["mean_diff"] == pytest.approx(report.mean)
    assert data["ci95"] == pytest.approx(list(report.ci))
    text = report.text()
    assert "rule - random" in text and "95% CI" in text and "blunders" in text


def test_first_play_of_a_deal_is_recomputed_independently():
    report = duplicate_match("rule", "random", deals=1, seed=5)
    rules = Rules()
    bots = {
        seat: make_bot(
            "rule" if seat in (Seat.NORTH, Seat.SOUTH) else "random",
            seed=f"5/{'a' if seat in (Seat.NORTH, Seat.SOUTH) else 'b'}/{seat.letter}",
        )
        for seat in Seat
    }
    hand = Hand(rules, Seat.NORTH, seed="5/deal/0")
    while not hand.is_over:
        seat = hand.turn
        assert seat is not None
        hand.apply(bots[seat].act(hand.view(seat)))
    assert hand.result is not None
    ns = hand.result["NS"]
    adjusted = (
        ns.contract_points + ns.nil_trick_bags + ns.nil_points - 10 * ns.bags_gained
    )
    first = report.results[0]
    assert first.bids[0] == {s.letter: str(hand.bids[s]) for s in Seat}
    assert first.tricks[0] == {s.letter: hand.tricks_won[s] for s in Seat}
    # the second play is the same deal with the sides swapped
    assert sum(first.tricks[1].values()) == 13
    ew_second = _adjusted_from(first, rules)
    assert first.points_a == adjusted + ew_second


def _adjusted_from(result: Any, rules: Rules) -> int:
    """Side EW's adjusted points in the second play, from its bids and tricks."""
    from spadeslib import Bid, score_hand

    bids = {Seat.parse(k): Bid.parse(v) for k, v in result.bids[1].items()}
    tricks = {Seat.parse(k): v for k, v in result.tricks[1].items()}
    ew = score_hand(rules, bids, tricks, {"NS": 0, "EW": 0})["EW"]
    return ew.points + ew.penalty_points - 10 * ew.bags_gained


def test_same_level_on_both_sides_is_an_exact_tie():
    report = duplicate_match("rule", "rule", deals=3, seed=9)
    assert report.diffs == [0.0, 0.0, 0.0]
    assert report.ci == (0.0, 0.0)


def test_two_processes_give_the_same_match():
    one = duplicate_match("rule", "random", deals=3, seed=2)
    two = duplicate_match("rule", "random", deals=3, seed=2, jobs=2)
    assert one.diffs == two.diffs
    assert one.stats == two.stats


def test_two_player_and_other_rules_matches():
    for spec in ("two-player", "classic+jokers", "yppedia+suicide"):
        report = duplicate_match("rule", "random", deals=2, seed=1, rules=spec)
        assert report.rules == spec and len(report.results) == 2


def test_trumping_partners_sure_winner_is_a_blunder():
    rules = Rules()
    deal = {s: D5[s] for s in D5}
    blunders = {seat: [0.0, 0.0, 0.0, 0.0] for seat in Seat}
    bots: dict[Seat, Any] = {seat: make_bot("rule") for seat in Seat}
    bots[Seat.NORTH] = Scripted(["AH"])
    bots[Seat.EAST] = Scripted(["9H"])
    bots[Seat.SOUTH] = Scripted(["8S"])  # trumps North's A♥
    hand = _play_with(rules, deal, bots, blunders)
    assert hand.tricks[0].winner == Seat.SOUTH
    assert blunders[Seat.SOUTH][:2] == [1, 0]
    assert sum(b[0] + b[1] for s, b in blunders.items() if s != Seat.SOUTH) == 0
    # the rule bot in South's seat does not
    blunders = {seat: [0.0, 0.0, 0.0, 0.0] for seat in Seat}
    bots[Seat.NORTH], bots[Seat.EAST] = Scripted(["AH"]), Scripted(["9H"])
    bots[Seat.SOUTH] = make_bot("rule")
    _play_with(rules, deal, bots, blunders)
    assert blunders[Seat.SOUTH][:2] == [0, 0]


def test_leaving_partners_nil_uncovered_is_a_blunder():
    deal = {
        "N": "8C 5C 6C 7C 2D 3D 4D 2H 3H 4H 5H 2S 3S",
        "E": "AC KC QC 4C AD KD 5D AH KH 6H 4S 5S 6S",
        "S": "JC 10C 9C 3C QD JD 10D 6D QH JH 7H 7S 8S",
        "W": "2C 9D 8D 7D 10H 9H 8H 9S 10S JS QS KS AS",
    }
    rules = Rules()
    blunders = {seat: [0.0, 0.0, 0.0, 0.0] for seat in Seat}
    bots: dict[Seat, Any] = {seat: make_bot("rule") for seat in Seat}
    bots[Seat.NORTH] = Scripted(["7C"])
    bots[Seat.SOUTH] = Scripted(["3C"])  # could cover with the 9♣ but does not

    class NilFirst(Scripted):
        def act(self, view: PlayerView) -> Any:
            from spadeslib import Bid

            if Bid.NIL in view.legal:
                return Bid.NIL
            return super().act(view)

    bots[Seat.NORTH] = NilFirst(["7C"])
    hand = _play_with(rules, deal, bots, blunders)
    assert hand.tricks[0].winner == Seat.NORTH
    assert blunders[Seat.SOUTH][:2] == [0, 1]
    stats = _side_stats(hand, "NS", blunders)
    assert stats.uncovered == 1 and stats.blunders == 1 and stats.nils == 1


def _play_with(
    rules: Rules, deal: dict[str, str], bots: dict[Seat, Any], blunders: Any
) -> Hand:
    import spadeslib.bots.match as match

    original = match.Hand

    def dealt(rules: Rules, dealer: Seat, seed: Any = None) -> Hand:
        return original(rules, Seat.WEST, deal=deal)

    match.Hand = dealt  # type: ignore[assignment,misc]
    try:
        hand, _ = _play_hand(rules, Seat.WEST, "x", bots, blunders)
    finally:
        match.Hand = original  # type: ignore[misc]
    return hand


def test_stats_rates_and_t_quantiles():
    st = BotStats(hands=4, contracts=4, made=3, set=1, nils=2, nils_made=1, bags=6)
    assert (st.made_rate, st.set_rate, st.nil_rate, st.bags_per_hand) == (
        0.75,
        0.25,
        0.5,
        1.5,
    )
    assert math.isnan(st.blind_nil_rate)
    assert t_quantile(0.975, 10) == 2.228
    assert t_quantile(0.975, 100) == pytest.approx(1.984, abs=0.001)
    assert t_quantile(0.975, 31) == pytest.approx(2.040, abs=0.001)
    empty = MatchReport("a", "b", "cards4net", 0, 0)
    assert math.isnan(empty.mean)


def test_bench_reports_times_by_level():
    report = bench_levels(
        ["rule", "search"], hands=1, seed=3, options={"search": {"samples": 1}}
    )
    rule = report.levels["rule"]
    assert rule.decisions == 57  # the first bidder looks, 4 bids, 52 cards
    summary = rule.summary(only_choices=True)
    assert 0 < summary["n"] < rule.decisions
    assert summary["median"] <= summary["p95"] <= summary["max"]
    assert "search" in report.text()
    json.dumps(report.to_dict())


# ------------------------------------------------------------------- CLI
def run_cli(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="spades")
    sub = parser.add_subparsers(dest="command", required=True)
    register(sub)
    args = parser.parse_args(argv)
    return int(args.func(args))


def test_cli_lists_levels(capsys: pytest.CaptureFixture[str]):
    assert run_cli(["bots"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    for level in ("random", "rule", "search"):
        assert f"  {level} " in out
    # the summaries start in one column, and each level's options are listed
    listed = [line for line in lines if line.startswith("  ")]
    starts = {len(line) - len(line[2:].split(" ", 1)[1].lstrip()) for line in listed}
    assert len(starts) == 1, listed
    assert "  expert       samples, exact_cards, play_weight" in lines


def test_cli_match_json(capsys: pytest.CaptureFixture[str]):
    code = run_cli(["match", "rule", "random", "--deals", "2", "--seed", "3", "--json"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["a"] == "rule" and data["deals"] == 2 and len(data["diffs"]) == 2
    assert data["stats"]["a"]["blunders_per_100_deals"] >= 0
    # every core by default, as `spades play`; the deals come out the same
    argv = ["match", "rule", "random", "--deals", "2", "--seed", "3", "--json"]
    assert run_cli([*argv, "--jobs", "1"]) == 0
    alone = json.loads(capsys.readouterr().out)
    for key in ("diffs", "breakdown", "points_per_deal"):
        assert alone[key] == data[key], key


def _strict_json(text: str) -> Any:
    """JSON as a strict reader takes it: NaN and Infinity are not JSON."""

    def refuse(name: str) -> None:
        raise ValueError(f"{name} is not JSON")

    return json.loads(text, parse_constant=refuse)


def test_cli_json_is_strict_json_when_a_rate_has_no_value(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """One deal has no interval, and a level that bids no nil no nil rate:
    ``null``, not ``NaN`` (found by an outside review)."""
    argv = ["match", "novice", "rule", "--deals", "1", "--json", "--no-progress"]
    assert run_cli(argv) == 0
    data = _strict_json(capsys.readouterr().out)
    assert data["ci95"] == [None, None]
    assert data["stats"]["a"]["nil_rate"] is None


def test_budget_reaches_every_searching_level(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["match", "search-lite", "expert", "--deals", "1", "--budget", "2"]
    assert run_cli([*argv, "--json", "--no-progress"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["a_options"] == {"samples": 2} == data["b_options"]
    # a level's own spec wins over --budget
    argv = ["match", "search:3", "rule", "--deals", "1", "--budget", "2"]
    assert run_cli([*argv, "--json", "--no-progress"]) == 0
    assert json.loads(capsys.readouterr().out)["a_options"] == {"samples": 3}
    from spadeslib.cli import main

    assert main(["match", "rule", "novice", "--budget", "2"]) == 2
    assert "rule and novice take none" in capsys.readouterr().err


def test_cli_match_text_with_budget(capsys: pytest.CaptureFixture[str]):
    code = run_cli(["match", "search", "rule", "--deals", "1", "--budget", "1"])
    assert code == 0
    out = capsys.readouterr().out
    assert "search - rule" in out and "'samples': 1" in out


def test_cli_bench(capsys: pytest.CaptureFixture[str]):
    assert run_cli(["bench-bots", "--levels", "random,rule", "--hands", "1"]) == 0
    assert "rule" in capsys.readouterr().out
    code = run_cli(["bench-bots", "--levels", "search:1", "--hands", "1", "--json"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["levels"]["search"]["options"] == {"samples": 1}


def test_spades_main_knows_the_bot_commands(capsys: pytest.CaptureFixture[str]):
    from spadeslib.cli import main

    assert main(["bots"]) == 0
    assert "search" in capsys.readouterr().out
    assert main(["match", "nobody", "rule", "--deals", "1"]) == 2
    assert "unknown bot" in capsys.readouterr().err


def test_the_margin_is_split_by_where_the_points_come_from() -> None:
    report = duplicate_match("rule", "novice", deals=12, seed=3)
    for r in report.results:
        assert set(r.parts_a) == set(PARTS) == set(r.parts_b)
        assert sum(r.parts_a.values()) == r.points_a
        assert sum(r.parts_b.values()) == r.points_b
    parts = report.breakdown()
    assert sum(mean for mean, _, _ in parts.values()) == pytest.approx(report.mean)
    # nils: a failed nil is -100, a made one +100 (cards4net), so the nil part
    # of each play is a multiple of 100
    assert all(r.parts_a["nil"] % 100 == 0 for r in report.results)
    assert "from: contract " in report.text()
    assert report.to_dict()["breakdown"]["bags"][0] == pytest.approx(parts["bags"][0])
    # a report kept before parts were recorded reads back without a breakdown
    data = report.dump()
    for r in data["results"]:
        del r["parts_a"], r["parts_b"]
    old = MatchReport.load(data)
    assert old.breakdown() == {} and "from:" not in old.text()
    assert old.mean == report.mean


def test_a_side_is_named_by_its_letter_or_a_level_that_played() -> None:
    report = duplicate_match("rule", "random", deals=2, seed=1)
    assert report.per_deal("rule") == report.per_deal("a")
    with pytest.raises(ValueError, match="'expert' did not play in this match"):
        report.per_deal("expert")  # it read as side b before
