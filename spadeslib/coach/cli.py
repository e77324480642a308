"""The ``spades calibrate`` command: the coach's forecasts at a level's
cards against the hands' results (:mod:`.calibration`).

``spadeslib.cli`` calls :func:`register` to add it to its parser:
``spades calibrate [--player L] [--coach L] --deals N --seed S [--jobs J]``.
"""

from __future__ import annotations

import argparse
from typing import Any

from ..arguments import json_text, whole
from ..bots.cli import run_arguments
from ..rules import Rules
from .calibration import calibrate

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


def register(subparsers: Any) -> None:
    """Add ``calibrate`` to the ``spades`` parser."""
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
