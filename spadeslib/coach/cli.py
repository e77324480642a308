"""The ``spades calibrate`` and ``spades steadiness`` commands: the coach's
forecasts at a level's cards against the hands' results
(:mod:`.calibration`), and its ratings under two seeds and against a
reference over many more deals (:mod:`.steadiness`).

``spadeslib.cli`` calls :func:`register` to add them to its parser:
``spades calibrate [--player L] [--coach L] --deals N --seed S [--jobs J]``,
``spades steadiness [--coach L] [--reference N] --deals N --seed S [--jobs J]``.
"""

from __future__ import annotations

import argparse
from typing import Any

from ..arguments import json_text, whole
from ..bots.cli import run_arguments
from ..rules import Rules
from .calibration import calibrate
from .coach import WIDE
from .ratings import NOISE
from .steadiness import steadiness

__all__ = ["register"]


def _cmd_calibrate(args: argparse.Namespace) -> int:
    report = calibrate(
        args.player,
        args.coach,
        deals=args.deals,
        seed=args.seed,
        rules=Rules.parse(args.rules),
        samples=args.budget,
        jobs=args.jobs,
        progress=args.progress,
    )
    print(json_text(report.to_dict()) if args.json else report.text())
    return 0


def _cmd_steadiness(args: argparse.Namespace) -> int:
    report = steadiness(
        args.coach,
        deals=args.deals,
        seed=args.seed,
        reference=args.reference,
        samples=args.budget,
        noise=args.noise,
        steady=not args.fixed,
        wide=args.wide,
        rules=Rules.parse(args.rules),
        bids=args.bids,
        jobs=args.jobs,
        progress=args.progress,
    )
    print(json_text(report.to_dict()) if args.json else report.text())
    return 0


def register(subparsers: Any) -> None:
    """Add ``calibrate`` and ``steadiness`` to the ``spades`` parser."""
    p = subparsers.add_parser(
        "calibrate",
        help="the coach's forecasts at a level's cards against the results",
    )
    p.add_argument(
        "--player", default="expert", help="the level whose cards are forecast"
    )
    p.add_argument("--coach", default="expert", help="the coach level forecasting")
    p.add_argument(
        "--deals", type=whole(1), default=20, help="deals, each played twice"
    )
    p.add_argument(
        "--budget",
        type=whole(1),
        help="samples per decision of the coach (default: the level's)",
    )
    run_arguments(p)
    p.set_defaults(func=_cmd_calibrate)

    p = subparsers.add_parser(
        "steadiness",
        help="the coach's ratings under two seeds and against a reference",
        description="Rate every legal card (or bid, with --bids) at a few"
        " decisions of each deal"
        " under two seeds, and over many more deals as a reference: how often"
        " the ratings agree, raise false alarms, miss mistakes, and hold"
        " from one seed to the other.",
    )
    p.add_argument("--coach", default="search", help="the coach level rated")
    p.add_argument(
        "--deals", type=whole(1), default=100, help="deals, 4 decisions rated in each"
    )
    p.add_argument(
        "--reference",
        type=whole(1),
        default=640,
        help="deals of the reference analysis of each decision",
    )
    p.add_argument(
        "--budget",
        type=whole(1),
        help="deals per decision under the two seeds (default: the level's)",
    )
    p.add_argument(
        "--noise",
        type=float,
        default=NOISE,
        help=f"standard errors the scale takes off a loss (default: {NOISE:g})",
    )
    p.add_argument(
        "--fixed",
        action="store_true",
        help="keep the coach to its budget where its deals disagree widely",
    )
    p.add_argument(
        "--wide",
        type=float,
        default=WIDE,
        help="the standard error (points) of a loss above which the coach"
        f" deals more (default: {WIDE:g})",
    )
    p.add_argument(
        "--bids",
        action="store_true",
        help="rate every legal bid of each seat's bid, not cards",
    )
    run_arguments(p)
    p.set_defaults(func=_cmd_steadiness)
