"""The ``spades`` command line.

``spades rules`` lists the rule sets; ``spades play`` plays seeded games
between bots (:mod:`spadeslib.cli_play`); ``spades replay`` validates and
scores a record; ``spades bench`` measures the engine; ``spades quiz-key``
writes the answer key of the chapter quizzes. Bots and exercises add their
own commands. ``spades --version`` prints the package's version, and every
command's ``--help`` opens with what it does and gives each option's default.

Errors exit with status 2 and one line on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from . import __version__, cli_play
from .actions import Bid, Draw, Look
from .arguments import (
    Parser,
    error_line,
    json_text,
    progress_option,
    rules_option,
    rules_text,
    whole,
)
from .cards import Card
from .display import plural
from .errors import SpadesError
from .game import Game
from .hand import Hand, Phase
from .progress import Progress
from .rules import INCOMPATIBLE, MODIFIERS, PRESETS, SETTINGS, Rules, setting_text
from .seats import Seat

__all__ = ["main"]


def _cmd_rules(args: argparse.Namespace) -> int:
    if getattr(args, "sheet", None):
        from .sheet import rules_sheet

        page = rules_sheet(Rules.parse(args.sheet))
        if args.out:
            Path(args.out).write_text(page, encoding="utf-8")
            print(f"wrote {args.out}: the rules of {args.sheet} on one A4 page")
        else:
            sys.stdout.write(page)
        return 0
    if getattr(args, "out", None):
        raise SpadesError("--out writes the sheet: give --sheet RULES with it")
    print("Presets (choose one; cards4net is the default):")
    for name, (summary, _) in PRESETS.items():
        print(f"  {name:<12} {summary}")
    print("\nModifiers (add with +, e.g. classic+mirror+ten_for_200):")
    for name, (summary, _) in MODIFIERS.items():
        print(f"  {name:<12} {summary}")
    print(
        "\nHouse rules (add with +SETTING=VALUE, e.g. "
        "classic+bag_limit=5+bag_penalty=50); cards4net's values:"
    )
    default = Rules()
    for name in SETTINGS:
        print(f"  {name:<24} {setting_text(getattr(default, name))}")
    print("\nCombinations that are refused:")
    for a, b, why in INCOMPATIBLE:
        print(f"  {a} + {b}: {why}")
    return 0


def replay_summary(game: Game) -> dict[str, Any]:
    """The ``replay --json`` object: per finished hand, tricks by seat, points,
    bags carried and running scores by side; and the winner."""
    hands = []
    # the running scores after each finished hand
    for hand, scores in zip(game.finished_hands, game.running_scores, strict=True):
        assert hand.result is not None
        hands.append(
            {
                "tricks": {s.letter: hand.tricks_won[s] for s in hand.seats},
                "points": {side: score.points for side, score in hand.result.items()},
                "bags": {side: score.bags_after for side, score in hand.result.items()},
                "scores": dict(scores),
            }
        )
    return {"hands": hands, "winner": game.winner}


_BEFORE_PLAY = {
    Phase.DRAW: "the draw",
    Phase.BLIND_DISCARD: "the discard",
    Phase.BIDDING: "the bidding",
    Phase.EXCHANGE: "the exchange",
}
"""The phases of a hand before its first trick, as ``--moves`` names them."""


def hand_moves(hand: Hand) -> list[str]:
    """A hand's moves, one line per part: who deals, the draws (two
    players), the bids, every other choice, each trick with its winner, and
    the score (a hand under way stops where it is, and says so).

    >>> from spadeslib.bots import make_bot, play_until
    >>> game = Game(seed=3)
    >>> play_until(game, {seat: make_bot("rule") for seat in game.seats}, hands=1)
    >>> lines = hand_moves(game.finished_hands[0])
    >>> for line in lines[:3] + lines[-1:]:
    ...     print(line)
    hand 1, East deals
      bids: South looks, South 4, West 2, North 4, East 1
      trick 1: S A♣  W 4♣  N 2♣  E 3♣  (South wins)
      score: NS +81 (1 bag in all), EW +31 (1 bag in all)
    >>> for line in hand_moves(game.hand):  # hand 2, its bidding not begun
    ...     print(line)
    hand 2, South deals
      the bidding under way, West to act
    """
    from .coach.explain import describe  # on use: the CLI starts without it

    lines = [f"hand {hand.number}, {hand.dealer.full} deals"]
    bids: list[str] = []
    draws: list[str] = []
    declared: set[Seat] = set()
    for seat, action, _ in hand.history:
        if isinstance(action, Card):
            continue  # in the tricks, below
        if isinstance(action, Draw):
            draws.append(f"{seat.letter} {'keeps' if action.keep else 'next'}")
        elif isinstance(action, Look):
            if hand.rules.players == 2:  # declined Blind Nil, before drawing
                draws.append(f"{seat.letter} looks")
            else:
                bids.append(f"{seat.full} looks")
        elif isinstance(action, Bid):
            if hand.rules.players == 2 and action.is_blind and seat not in declared:
                # declared before drawing; the seat bids it again in the bidding
                declared.add(seat)
                draws.append(f"{seat.letter} declares {action.label()}")
            else:
                bids.append(f"{seat.full} {action.label()}")
        else:  # an exchange, a discard
            lines.append(f"  {seat.full}: {describe(action, hand.rules.players)}")
    if draws:
        lines.insert(1, "  draws: " + ", ".join(draws))
    if bids:
        lines.insert(1 + bool(draws), "  bids: " + ", ".join(bids))
    if hand.phase in _BEFORE_PLAY and hand.turn is not None:  # saved before play
        lines.append(f"  {_BEFORE_PLAY[hand.phase]} under way, {hand.turn.full} to act")
    elif hand.phase is Phase.PLAYING and not hand.tricks and not hand.trick:
        assert hand.turn is not None  # saved after the bidding, before a card
        lines.append(f"  the play under way, {hand.turn.full} to lead")

    def plays(cards: Sequence[tuple[Seat, Card]]) -> str:
        return "  ".join(f"{seat.letter} {card.symbol}" for seat, card in cards)

    for number, trick in enumerate(hand.tricks, 1):
        winner = trick.winner
        assert winner is not None  # a finished trick has its winner
        lines.append(f"  trick {number}: {plays(trick.plays)}  ({winner.full} wins)")
    if hand.trick:
        lines.append(
            f"  trick {len(hand.tricks) + 1}: {plays(hand.trick)}  (under way)"
        )
    if hand.result is not None:
        lines.append(
            "  score: "
            + ", ".join(
                f"{side} {score.points:+d} ({plural(score.bags_after, 'bag')} in all)"
                for side, score in hand.result.items()
            )
        )
    return lines


def _cmd_replay(args: argparse.Namespace) -> int:
    from . import record

    game = record.load(args.record)  # its refusals name the file
    if args.json:
        print(json_text(replay_summary(game)))
        return 0
    print(
        f"{args.record}: valid record, {game.rules.full_spec}, "
        f"{plural(len(game.finished_hands), 'finished hand')}"
    )
    if args.moves:
        for hand in game.hands:
            print("\n".join(hand_moves(hand)))
        print()
    print(game)
    return 0


def _cmd_bench(args: argparse.Namespace) -> int:
    from .bench import run_bench

    result = run_bench(
        hands=args.hands,
        seed=args.seed,
        rules=args.rules,
        repeat=args.repeat,
        peer=not args.no_peer,
    )
    print(result.report())
    return 0


def _cmd_quiz_key(args: argparse.Namespace) -> int:
    from .quiz_key import quiz_chapters, quiz_key

    chapters = None
    if args.chapters is not None:
        chapters = [c for c in args.chapters.replace(" ", "").split(",") if c]
    names = quiz_chapters(chapters)  # refuse an unknown chapter before running any
    out = Path(args.out) if args.out else None
    if out is not None and (out.is_dir() or not os.access(out.parent, os.W_OK)):
        # refused before the notebooks run (a minute for every chapter)
        why = "it is a folder" if out.is_dir() else "its folder is missing or read-only"
        raise SpadesError(f"cannot write the quiz key {out}: {why}")
    with Progress(len(names), "chapters", enabled=args.progress) as bar:
        key = quiz_key(names, progress=lambda _name: bar.update())
    if out is not None:
        out.write_text(key, encoding="utf-8")
        quizzes = plural(len(names), "chapter")
        print(f"wrote {out}: the answer key of the quizzes of {quizzes}")
    else:
        sys.stdout.write(key)
    return 0


_CORE_COMMANDS = frozenset({"rules", "play", "replay", "bench"})
"""The commands defined here and in :mod:`spadeslib.cli_play`: running one
imports no extension."""


def build_parser(*, extensions: bool = True) -> argparse.ArgumentParser:
    """The argument parser, with the commands of installed extensions (the
    bots', the exercises', ...) unless ``extensions`` is false.

    >>> sorted(build_parser(extensions=False)._subparsers._actions[1].choices)
    ['bench', 'play', 'replay', 'rules']
    """
    parser = Parser(
        prog="spades", description="Spades rules, bots and records (spadeslib)."
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    parser.add_argument(
        "--version", action="version", version=f"%(prog)s {__version__}"
    )

    p = sub.add_parser("rules", help="list presets and modifiers")
    p.add_argument(
        "--sheet",
        metavar="RULES",
        type=rules_text,
        help=(
            "write a printable one-page rules summary (HTML) of this rule set, "
            "such as classic+mirror or classic+bag_penalty=50"
        ),
    )
    p.add_argument("--out", help="with --sheet: write the page to this file")
    p.set_defaults(func=_cmd_rules)

    cli_play.register(sub)

    p = sub.add_parser("replay", help="validate and score a game record")
    p.add_argument("record", help="RECORD.json")
    p.add_argument("--json", action="store_true", help="print the scores as JSON")
    p.add_argument(
        "--moves",
        action="store_true",
        help="print every hand's moves first: the bids, each trick and its winner",
    )
    p.set_defaults(func=_cmd_replay)

    p = sub.add_parser("bench", help="measure hands per second (and OpenSpiel's)")
    p.add_argument(
        "--hands",
        type=whole(1),
        default=2000,
        help="random hands of the engine-alone figure (default: %(default)s)",
    )
    p.add_argument(
        "--seed", type=whole(0), default=0, help="seed of the hands (default: 0)"
    )
    rules_option(p)
    p.add_argument(
        "--repeat",
        type=whole(1),
        default=3,
        help="runs, the best one reported (default: %(default)s)",
    )
    p.add_argument("--no-peer", action="store_true", help="skip OpenSpiel")
    p.set_defaults(func=_cmd_bench)

    if extensions:  # it runs the notebooks with the exercises' kernel
        p = sub.add_parser(
            "quiz-key",
            help="the answer key of the chapter quizzes (Markdown), from the notebooks",
        )
        p.add_argument(
            "--chapters",
            help="comma-separated chapters, by number or name, e.g. 1,3 "
            "(default: every chapter with a quiz)",
        )
        p.add_argument("--out", help="write the key to this file (default: print it)")
        progress_option(p)
        p.set_defaults(func=_cmd_quiz_key)

    for module in (
        (
            "spadeslib.bots.cli",
            "spadeslib.coach.cli",
            "spadeslib.exercises.cli",
            "spadeslib.analysis.bench",
            "spadeslib.table.cli",
        )
        if extensions
        else ()
    ):
        try:
            extension = importlib.import_module(module)
        except ModuleNotFoundError as error:
            if error.name not in (module, module.rsplit(".", 1)[0]):
                raise
            continue
        extension.register(sub)
    for command in sub._choices_actions:  # its --help opens with its line
        if command.help and sub.choices[command.dest].description is None:
            line = command.help.replace("%%", "%")
            sub.choices[command.dest].description = line[0].upper() + line[1:] + "."
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    process = argv is None  # the ``spades`` command, not a call from Python
    argv = sys.argv[1:] if argv is None else list(argv)
    # a command of this module starts without importing the extensions
    command = next((a for a in argv if not a.startswith("-")), None)
    parser = build_parser(extensions=command not in _CORE_COMMANDS)
    try:
        args, extra = parser.parse_known_args(argv)
    except SystemExit as stop:  # --help, or a bad argument (one line printed)
        return stop.code if isinstance(stop.code, int) else 2
    if extra:  # named with the command's own help, not the top level's
        where = f"spades {command}" if command else "spades"
        error_line(
            f"unrecognized arguments: {' '.join(extra)} ({where} --help lists "
            "the options)"
        )
        return 2
    args.process = process
    if process:
        # Start-up is over: what it made lives as long as the process, so the
        # collector need not scan it again (a long game's objects are scanned).
        gc.freeze()
    try:
        return int(args.func(args))
    except SpadesError as error:
        raised = getattr(error, "raised", "")  # a bot's own exception (BotError)
        if raised and os.environ.get("SPADES_DEBUG"):
            raise  # the bot's traceback, chained
        shows = " (SPADES_DEBUG=1 shows the bot's traceback)" if raised else ""
        error_line(f"{error}{shows}")
        return 2
    except BrokenPipeError:  # e.g. `spades replay x.json | head`
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as error:  # a file or folder given that cannot be written
        where = f"{error.filename}: " if error.filename else ""
        why = error.strerror or type(error).__name__
        if isinstance(error, FileExistsError) and Path(error.filename or "").is_file():
            why = "it is a file, not a folder"  # a folder was asked for
        error_line(f"{where}{why}")
        return 2
    except ValueError as error:  # a value the command refuses (a level, a count)
        if os.environ.get("SPADES_DEBUG"):
            raise  # a bug that looks like a refusal: its traceback
        error_line(f"{error} (SPADES_DEBUG=1 shows where it was raised)")
        return 2
    except KeyboardInterrupt:
        print("spades: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":  # python -m spadeslib.cli, as python -m spadeslib
    raise SystemExit(main())
