"""``spades match --paired-with``: a match paired by deal with an earlier
one on the same deals (spadeslib.bots.pairing)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spadeslib.bots.match import duplicate_match
from spadeslib.bots.pairing import pair_with
from spadeslib.cli import main
from spadeslib.errors import SpadesError


def _report(a: str, b: str = "random", deals: int = 3, seed: int = 5) -> dict:
    data = duplicate_match(a, b, deals=deals, seed=seed, jobs=1).to_dict()
    data["a_options"], data["b_options"] = {}, {}
    return data


def test_the_paired_margin_is_the_difference_deal_by_deal() -> None:
    rule, novice = _report("rule"), _report("novice")
    paired = pair_with(novice, rule)
    deltas = [x - y for x, y in zip(novice["diffs"], rule["diffs"], strict=True)]
    assert paired.mean == pytest.approx(sum(deltas) / len(deltas))
    assert paired.differ == sum(1 for d in deltas if d) > 0
    assert paired.low < paired.mean < paired.high
    same = pair_with(rule, _report("rule"))  # the same level: nothing differs
    assert (same.mean, same.differ) == (0.0, 0)


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"seed": 6}, "its seed is '6', this one's '5'"),
        ({"b": "rule"}, "its b is 'rule', this one's 'random'"),
        ({"b_options": {"samples": 8}}, "its b_options is {'samples': 8}"),
        ({"rules": "classic"}, "its rules is 'classic'"),
    ],
)
def test_matches_of_other_deals_are_not_paired(change: dict, says: str) -> None:
    rule = _report("rule")
    with pytest.raises(SpadesError, match="cannot be paired with this one: " + says):
        pair_with(rule, {**rule, **change})


def test_the_command_prints_the_paired_margin(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["match", "--deals", "3", "--seed", "5", "--jobs", "1"]
    assert main([*argv, "rule", "random", "--json"]) == 0
    earlier = tmp_path / "rule.json"
    earlier.write_text(capsys.readouterr().out, "utf-8")
    assert main([*argv, "novice", "random", "--paired-with", str(earlier)]) == 0
    line = capsys.readouterr().out.splitlines()[-1]
    assert line.startswith("  paired by deal with rule: ") and "of 3 deals" in line
    assert (
        main([*argv, "novice", "random", "--json", "--paired-with", str(earlier)]) == 0
    )
    paired = json.loads(capsys.readouterr().out)["paired"]
    assert paired["with"] == "rule" and len(paired["ci95"]) == 2


def test_the_command_refuses_before_playing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    earlier = tmp_path / "rule.json"
    earlier.write_text(json.dumps(_report("rule")), "utf-8")
    # an expert match of 400 deals would take minutes: refused at once
    argv = ["match", "expert", "random", "--deals", "400", "--seed", "5"]
    assert main([*argv, "--paired-with", str(earlier)]) == 2
    assert "its deals is 3, this one's 400" in capsys.readouterr().err
    assert main([*argv, "--paired-with", str(tmp_path / "none.json")]) == 2
    assert "cannot read the earlier match" in capsys.readouterr().err
