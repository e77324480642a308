"""The ``spades bots``, ``spades bench-bots`` and ``spades match`` commands.

``spadeslib.cli`` calls :func:`register` to add them to its parser.

- ``spades bots`` lists the levels; ``spades bench-bots`` times their
  decisions.
- ``spades match A B --deals N --seed S [--rules R] [--budget K] [--jobs J]
  [--json] [--paired-with REPORT]`` plays a duplicate match and prints the
  report (paired by deal with an earlier one: :mod:`.pairing`).
- ``spades ladder [--levels L1,L2,...] --deals N --seed S [--jobs J]
  [--pairs all|adjacent]`` plays the ladder's duplicate round-robin and
  prints the rating table.

A level may carry options: ``search:16`` is the search level with 16
samples per decision (``--budget`` sets that for every search level).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..arguments import json_text, progress_option, rules_option, whole
from ..arguments import seed as seed_text
from ..errors import SpadesError
from ..rules import Rules

__all__ = ["register", "run_arguments"]


def _cmd_bots(args: argparse.Namespace) -> int:
    from . import BOTS, level_options

    print("Bot levels (use with --bots in `spades play`, or in `spades match`):")
    width = max(map(len, BOTS))
    for name, (summary, _) in BOTS.items():
        print(f"  {name:<{width}}  {summary}")
    print(
        "\nOptions follow a colon, as numbers: search:samples=32,bid_samples=8"
        " (a bare number sets samples: search:32; --budget N of spades match"
        " and bench-bots sets it for every level that takes samples):"
    )
    for name in BOTS:
        takes = list(level_options(name))
        if takes:
            print(f"  {name:<{width}}  {', '.join(takes)}")
    return 0


def _split(spec: str, budget: int | None) -> tuple[str, dict[str, Any]]:
    """A level and its options; ``--budget`` sets the samples of every level
    that takes them, unless the spec names its own (``search:8``)."""
    from . import level_options, parse_level

    name, options = parse_level(spec)
    if budget is not None and "samples" in level_options(name):
        options.setdefault("samples", budget)
    return name, options


def _check_budget(budget: int | None, names: list[str]) -> None:
    """Refuse ``--budget`` when none of the levels ``names`` takes samples (it
    would be ignored without a word)."""
    from . import level_options

    if budget is not None and not any("samples" in level_options(n) for n in names):
        raise SpadesError(
            f"--budget sets the samples per decision of a searching level; "
            f"{' and '.join(names)} take none (search-lite, search and expert do)"
        )


def _cmd_bench(args: argparse.Namespace) -> int:
    from . import split_levels
    from .bench import bench_levels

    names = split_levels(args.levels)
    levels = []
    options = {}
    for spec in names:
        name, opts = _split(spec, args.budget)
        levels.append(name)
        options[name] = opts
    _check_budget(args.budget, levels)
    report = bench_levels(
        levels,
        hands=args.hands,
        seed=args.seed,
        rules=Rules.parse(args.rules),
        options=options,
        progress=args.progress,
    )
    print(json_text(report.to_dict()) if args.json else report.text())
    return 0


def _cmd_match(args: argparse.Namespace) -> int:
    from .match import duplicate_match

    a, a_opts = _split(args.a, args.budget)
    b, b_opts = _split(args.b, args.budget)
    _check_budget(args.budget, [a, b])
    rules = Rules.parse(args.rules)
    earlier = None
    if args.paired_with is not None:  # refused before the match is played
        from .pairing import check_pairable

        earlier = _earlier(args.paired_with)
        check_pairable(
            {
                "rules": rules.full_spec,
                "seed": args.seed,
                "deals": args.deals,
                "b": b,
                "b_options": b_opts,
            },
            earlier,
        )
    report = duplicate_match(
        a,
        b,
        deals=args.deals,
        seed=args.seed,
        rules=rules,
        a_options=a_opts,
        b_options=b_opts,
        jobs=args.jobs,
        progress=args.progress,
        check_tricks=args.check_tricks,
    )
    data = report.to_dict()
    data["a_options"], data["b_options"] = a_opts, b_opts
    paired = None
    if earlier is not None:
        from .pairing import pair_with

        paired = pair_with(data, earlier)
        data["paired"] = paired.to_dict()
    if args.json:
        print(json_text(data))
    else:
        print(report.text())
        if a_opts or b_opts:
            print(f"  options: {args.a} {a_opts or '{}'}, {args.b} {b_opts or '{}'}")
        if paired is not None:
            print(paired.line())
    return 0


def _earlier(path: str) -> dict[str, Any]:
    """An earlier ``spades match --json`` report, refused with a sentence
    when it cannot be read."""
    import json
    from pathlib import Path

    try:
        data = json.loads(Path(path).read_text("utf-8"))
    except (OSError, ValueError) as error:
        raise SpadesError(f"cannot read the earlier match {path}: {error}") from None
    if not isinstance(data, dict):
        raise SpadesError(f"{path} is not a match report (spades match --json)")
    return data


def _cmd_ladder(args: argparse.Namespace) -> int:
    from . import split_levels
    from .ladder import LADDER
    from .tournament import round_robin

    if args.levels is not None and not args.levels.strip():
        raise SpadesError("--levels is empty: name the levels, e.g. novice,rule")
    levels = split_levels(args.levels or ",".join(LADDER))
    report = round_robin(
        levels,
        deals=args.deals,
        seed=args.seed,
        rules=Rules.parse(args.rules),
        pairs=args.pairs,
        jobs=args.jobs,
        progress=args.progress,
        check_tricks=args.check_tricks,
        on_match=lambda match: print(match.line(), file=sys.stderr, flush=True),
        save=args.save,
    )
    report.command = (
        f"spades ladder --levels {','.join(report.levels)} --deals {args.deals} "
        f"--seed {args.seed} --rules {args.rules} --pairs {args.pairs}"
        + (
            f" --check-tricks {args.check_tricks}"
            if args.check_tricks is not None
            else ""
        )
    )
    print(json_text(report.to_dict()) if args.json else report.text())
    return 0


def _bench_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--levels",
        default="random,rule,search",
        help="comma-separated levels (default: %(default)s)",
    )
    p.add_argument(
        "--hands", type=whole(1), default=4, help="hands per level (default: 4)"
    )
    rules_option(p)
    p.add_argument(
        "--seed", type=seed_text, default="0", help="seed of the hands (default: 0)"
    )
    p.add_argument(
        "--budget",
        type=whole(0),
        help="samples per decision of the search levels (default: each level's own)",
    )
    p.add_argument("--json", action="store_true", help="print the timings as JSON")
    progress_option(p)


def run_arguments(p: argparse.ArgumentParser) -> None:
    """The options of every command that plays deals: seed, rules, processes
    and output."""
    p.add_argument(
        "--seed", type=seed_text, default="0", help="seed of the deals and bots"
    )
    rules_option(p)
    p.add_argument(
        "--jobs",
        type=whole(1),
        default=None,
        help="processes to play deals in (default: every core; 1: in this "
        "process); the results do not depend on it",
    )
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    progress_option(p)


def register(subparsers: Any) -> None:
    """Add ``bots``, ``bench-bots``, ``match`` and ``ladder`` to the ``spades``
    parser."""
    p = subparsers.add_parser("bots", help="list the bot levels")
    p.set_defaults(func=_cmd_bots)

    p = subparsers.add_parser("bench-bots", help="time the bot levels' decisions")
    _bench_arguments(p)
    p.set_defaults(func=_cmd_bench)

    p = subparsers.add_parser(
        "match", help="duplicate match between two bot levels, with a 95%% CI"
    )
    p.add_argument(
        "a", metavar="LEVEL_A", help="first level (e.g. rule, search, search:8)"
    )
    p.add_argument("b", metavar="LEVEL_B", help="second level")
    p.add_argument(
        "--deals", type=whole(1), default=100, help="deals, each played twice"
    )
    p.add_argument(
        "--budget",
        type=whole(0),
        help="samples per decision of search levels (default: each level's own)",
    )
    p.add_argument(
        "--check-tricks",
        type=whole(0, 13),
        default=0,
        help="final tricks of every hand checked against exact analysis "
        "(default: 0, none)",
    )
    p.add_argument(
        "--paired-with",
        metavar="REPORT",
        help="an earlier match's --json report on the same deals against the "
        "same LEVEL_B: also print this margin minus that one, deal by deal, "
        "with its 95%% CI (how a variant of a level is measured)",
    )
    run_arguments(p)
    p.set_defaults(func=_cmd_match)

    p = subparsers.add_parser(
        "ladder", help="duplicate round-robin of the bot levels and their ratings"
    )
    p.add_argument(
        "--levels", help="comma-separated levels, weakest first (default: the ladder)"
    )
    p.add_argument("--deals", type=whole(1), default=100, help="deals per match")
    p.add_argument(
        "--pairs",
        choices=("all", "adjacent"),
        default="all",
        help="every pair of levels, or each level against the one below",
    )
    p.add_argument(
        "--check-tricks",
        type=whole(0, 13),
        default=None,
        help="final tricks checked against exact analysis (default: as many "
        "as the solver takes, up to 8, which can take most of the time; 4 "
        "is several times faster; 0: none)",
    )
    p.add_argument(
        "--save",
        metavar="DIR",
        help="keep each finished match in DIR; run again with the same "
        "settings to reuse them (a run cut short resumes)",
    )
    run_arguments(p)
    p.set_defaults(func=_cmd_ladder)
