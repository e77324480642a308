"""The coach's forecasts against the results (``spades calibrate``)."""

from __future__ import annotations

import json

import pytest

from spadeslib.cli import main
from spadeslib.coach.calibration import Forecast, calibrate, summarize


def _forecasts(bias: float) -> list[Forecast]:
    """Ten hands whose results scatter, forecast ``bias`` points too high."""
    out = []
    for hand in range(10):
        real = (-1) ** hand * 20.0 * (hand % 3)
        for trick in (1, 5, 8, 12):
            out.append(Forecast(hand, trick, real + bias, 0.9, 1.0, real, True, 1))
    return out


def test_a_biased_forecast_is_found_and_a_true_one_is_not() -> None:
    biased = summarize(_forecasts(12.0))
    assert [b.error[0] for b in biased] == [12.0] * 4
    assert all(b.error[1] > 0 for b in biased)
    assert all(b.margin - b.real_margin == pytest.approx(12.0) for b in biased)
    true = summarize(_forecasts(0.0))
    assert all(b.error == (0.0, 0.0, 0.0) for b in true)


def test_the_interval_is_taken_over_hands_not_decisions() -> None:
    # one hand forecast 40 too high at every card, another 40 too low: the
    # mean error is 0, and two hands are too few to say more
    f = [Forecast(0, t, 40.0, None, 0.0, 0.0, None, 0) for t in (1, 2, 3)]
    f += [Forecast(1, t, -40.0, None, 0.0, 0.0, None, 0) for t in (1, 2, 3)]
    band = summarize(f)[0]
    assert band.decisions == 6 and band.error[0] == 0.0
    assert band.error[1] < -40 and band.error[2] > 40
    assert band.made is None and band.real_made is None


def test_calibrate_plays_both_sides_and_forecasts_the_card_played() -> None:
    report = calibrate("rule", "novice", deals=1, seed=3, samples=4)
    hands = {f.hand for f in report.forecasts}
    assert hands == {0, 1}
    assert all(1 <= f.trick <= 13 for f in report.forecasts)
    # rule against rule plays the same game twice, forecast from each side
    first = {f.real_margin for f in report.forecasts if f.hand == 0}
    second = {f.real_margin for f in report.forecasts if f.hand == 1}
    assert len(first) == len(second) == 1 and first == {-m for m in second}
    assert sum(b.decisions for b in report.bands) == report.decisions


def test_calibrate_is_reproducible() -> None:
    a = calibrate("rule", "novice", deals=1, seed=5, samples=4)
    b = calibrate("rule", "novice", deals=1, seed=5, samples=4, jobs=2)
    assert a.forecasts == b.forecasts


def test_spades_calibrate_prints_the_bands(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["calibrate", "--player", "rule", "--coach", "novice", "--deals", "1"]
    assert main([*argv, "--budget", "4", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "calibration of the novice coach while rule plays" in out
    assert " 1-3 " in out and "10-13" in out
    assert main([*argv, "--budget", "4", "--json", "--no-progress"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["coach"] == "novice" and len(data["bands"]) == 4


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--coach", "grandmaster"], "unknown coach level 'grandmaster'"),
        (["--player", "robot"], "unknown bot 'robot'"),
        (["--player", "rule:garbage"], "garbage"),
        (["--deals", "0"], "--deals"),
    ],
)
def test_spades_calibrate_refuses_in_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    assert main(["calibrate", *argv, "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1
