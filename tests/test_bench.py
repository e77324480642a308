"""The benchmark's plumbing (never its timings): each workload runs and
gives a figure, the ratios and the report are worked out from the figures."""

from __future__ import annotations

import pytest

from spadeslib.bench import (
    BenchResult,
    game_length_rates,
    play_process_seconds,
    rule_bot_ms_per_hand,
)


def test_game_length_rates_play_every_length() -> None:
    rates = game_length_rates((1, 3), hands=3, seed=2)
    assert [length for length, _ in rates] == [1, 3]
    assert all(rate > 0 for _, rate in rates)


def test_rule_bot_figure_is_per_hand() -> None:
    assert rule_bot_ms_per_hand(hands=2, seed=1) > 0


def test_spades_play_process_runs() -> None:
    seconds = play_process_seconds(2, 1, seed=3)
    assert seconds is not None and seconds > 0


def test_a_failing_process_gives_no_figure() -> None:
    assert play_process_seconds(1, 1, rules="no-such-preset") is None


def test_ratios_and_report_come_from_the_figures() -> None:
    result = BenchResult(
        hands=100,
        rules="cards4net",
        fast=3000.0,
        checked=2000.0,
        openspiel=1500.0,
        play_one_game=2.0,
        play_many_games=4.0,
        openspiel_process=3.0,
        lengths=((10, 900.0), (100, 1000.0), (1000, 950.0)),
        rule_ms=2.5,
    )
    assert result.ratio == pytest.approx(2.0)
    assert result.play_ratios() == (pytest.approx(1.5), pytest.approx(0.75))
    assert result.flatness == pytest.approx(0.9)
    report = result.report()
    assert "OpenSpiel takes 1.50× this time" in report
    assert "OpenSpiel takes 0.75× this time" in report
    assert "slowest/fastest: 0.90" in report and "2.50 ms a hand" in report
    alone = BenchResult(100, "cards4net", 3000.0, 2000.0, None)
    assert alone.play_ratios() == (None, None) and alone.flatness is None
    assert "not installed" in alone.report() and "flat cost" not in alone.report()
