"""The ``spades`` command line.

``spades rules`` lists the rule sets; ``spades play`` plays seeded games
between bots; ``spades replay`` validates and scores a record; ``spades
bench`` measures the engine; ``spades quiz-key`` writes the answer key of the
chapter quizzes. Bots and exercises add their own commands.

Errors exit with status 2 and one line on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import importlib
import json
import os
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .actions import Bid, Draw, Look
from .arguments import Parser, error_line, json_text, progress_option, whole
from .arguments import seed as seed_text
from .cards import Card
from .display import plural
from .errors import SpadesError
from .game import Game
from .hand import Hand
from .progress import Progress
from .rules import INCOMPATIBLE, MODIFIERS, PRESETS, SETTINGS, Rules, setting_text
from .scoring import sides
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


def _bots_for(names: str, rules: Rules, seed: Any) -> dict[Any, Any]:
    from .bots import make_bot

    return {
        seat: make_bot(level, seed=f"{seed}/{seat.letter}")
        for seat, level in _seat_levels(names, rules).items()
    }


def _seat_levels(names: str, rules: Rules) -> dict[Seat, str]:
    """Each seat's bot level from ``--bots`` (one level, or one per seat)."""
    from .bots import split_levels

    seats = list(rules.seats)
    levels = split_levels(names)
    if len(levels) == 1:
        levels *= len(seats)
    if len(levels) != len(seats):
        raise SpadesError(
            f"--bots needs one level or {len(seats)} comma-separated levels "
            f"({', '.join(s.letter for s in seats)}), not {len(levels)}"
        )
    return dict(zip(seats, levels, strict=True))


@dataclasses.dataclass
class GameJob:
    """One game of ``spades play``: everything a worker needs to play it."""

    rules: Any  # Rules.to_json() form, re-read in the worker
    bots: str
    seed: str
    hands: int
    record: bool = False
    freeze: bool = False
    """Move each finished hand out of the collector's reach (``gc.freeze``):
    for a process that plays one long game and exits, whose finished hands
    live to the end anyway (a long game's hands are otherwise rescanned)."""


@dataclasses.dataclass
class GameSummary:
    """What ``spades play`` prints and writes about one game."""

    rules: str
    played: int
    scores: dict[str, int]
    bags: dict[str, int]
    winner: str | None
    is_over: bool
    counts: dict[str, int]
    record: dict[str, Any] | None


def play_job(job: GameJob, bar: Progress | None = None) -> GameSummary:
    """Play one seeded game between bots: the job that ``spades play --games``
    hands to :func:`spadeslib.parallel.run` (``bar`` counts hands, in process).

    >>> summary = play_job(GameJob("classic", "random", "7", hands=2))
    >>> summary.played, sorted(summary.scores), summary.record is None
    (2, ['EW', 'NS'], True)
    """
    from .bots import play_until

    rules = Rules.from_json(job.rules)
    game = Game(rules, seed=job.seed)
    bots = _bots_for(job.bots, rules, job.seed)
    game.seated = _seat_levels(job.bots, rules)  # the record names them
    for _ in range(job.hands):
        if game.is_over:
            break
        play_until(game, bots, hands=1, labels=game.seated)  # levels as typed
        if job.freeze:
            gc.freeze()
        if bar is not None:
            bar.update()
    counts = dict.fromkeys(("contracts", "made", "nils", "nils_made", "bags"), 0)
    for result in game.results():
        for score in result.values():
            if score.made is not None:
                counts["contracts"] += 1
                counts["made"] += score.made
            counts["nils"] += len(score.nils)
            counts["nils_made"] += sum(n.made for n in score.nils)
            counts["bags"] += score.bags_gained
    counts["hands"] = len(game.results())
    return GameSummary(
        rules=rules.full_spec,
        played=counts["hands"],
        scores=dict(game.scores),
        bags=dict(game.bags),
        winner=game.winner,
        is_over=game.is_over,
        counts=counts,
        record=_to_record(game) if job.record else None,
    )


def _to_record(game: Game) -> dict[str, Any]:
    from .record import to_record

    return to_record(game)


def _cmd_play(args: argparse.Namespace) -> int:
    rules = Rules.parse(args.rules)
    _bots_for(args.bots, rules, args.seed)  # refuse bad --bots before playing
    if args.record is not None and not args.record.strip():
        raise SpadesError("--record is empty: give a file name, e.g. game.json")
    if args.games == 1 and args.scheduler is None and args.jobs is not None:
        raise SpadesError(
            f"--jobs {args.jobs} plays games side by side: it needs --games 2 or more"
        )
    paths = _record_paths(Path(args.record), args.games) if args.record else []
    for path in paths:
        _check_writable(path)
    seeds = [args.seed]
    if args.games > 1 or args.scheduler is not None:
        from . import parallel  # processes or a cluster: imported when asked for

        if args.games > 1:
            seeds = [parallel.job_seed(args.seed, g) for g in range(args.games)]
            from .dealing import SEED_CHARS, is_game_seed

            if not all(is_game_seed(s) for s in seeds):
                room = SEED_CHARS - len(f"/{args.games}")
                raise SpadesError(
                    f"--seed is too long for --games {args.games}: each game's "
                    f"seed adds '/N', so the seed takes at most {room} characters, "
                    f"not {len(args.seed)}"
                )
    jobs = [
        GameJob(
            rules=rules.to_json(),
            bots=args.bots,
            seed=seeds[g],
            hands=args.hands,
            record=bool(paths),
        )
        for g in range(args.games)
    ]
    if args.games == 1 and args.scheduler is None:
        total = args.hands
        show = args.progress if total >= 50 else False
        jobs[0].freeze = getattr(args, "process", False)
        with Progress(total, "hands", enabled=show) as bar:
            games = [play_job(jobs[0], bar)]
    else:
        games = parallel.run(
            play_job,
            jobs,
            jobs=args.jobs,
            scheduler=args.scheduler,
            progress=args.progress,
            label="games",
        )
    if paths:
        _write_records([g.record for g in games], paths)
    for number, (game, seed) in enumerate(zip(games, seeds, strict=False), 1):
        scores = ", ".join(
            f"{s} {game.scores[s]} ({plural(game.bags[s], 'bag')})"
            for s in sides(rules)
        )
        status = f"{game.winner} wins" if game.is_over else "not finished"
        label = f"game {number}: " if len(games) > 1 else ""
        print(
            f"{label}{rules.full_spec}, bots {args.bots}, seed {seed}: "
            f"{plural(game.played, 'hand')}, {scores}; {status}"
        )
    _print_stats(games)
    for path in paths:
        print(f"record written to {path}")
    return 0


def _record_paths(path: Path, count: int) -> list[Path]:
    if count == 1:
        return [path]
    return [
        path.with_name(f"{path.stem}-{i}{path.suffix or '.json'}")
        for i in range(1, count + 1)
    ]


def _check_writable(path: Path) -> None:
    """Refuse an unwritable ``--record`` before playing (creating nothing)."""
    import tempfile

    if path.is_dir():
        raise SpadesError(f"cannot write the record {path}: it is a folder")
    try:
        with tempfile.TemporaryFile(dir=path.parent):
            pass
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise SpadesError(f"cannot write the record {path}: {reason}") from None


def _write_records(records: list[Any], paths: list[Path]) -> None:
    """Write every record or none: all go to temporary files first."""
    from .record import temp_beside

    temps: list[str] = []
    try:
        for data, path in zip(records, paths, strict=True):
            fd, temp = temp_beside(path)
            temps.append(temp)
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
        for temp, path in zip(temps, paths, strict=True):
            os.replace(temp, path)
    except OSError as error:
        for temp in temps:
            Path(temp).unlink(missing_ok=True)
        reason = error.strerror or type(error).__name__
        raise SpadesError(f"cannot write the records: {reason}") from None


def _print_stats(games: list[GameSummary]) -> None:
    total = Counter[str]()
    for game in games:
        total.update(game.counts)
    if not total["hands"]:
        return
    parts = [
        f"contracts made {total['made']}/{total['contracts']}"
        if total["contracts"]
        else "no contracts",
        f"nils made {total['nils_made']}/{total['nils']}"
        if total["nils"]
        else "no nils",
        f"bags per hand {total['bags'] / total['hands']:.2f}",
    ]
    print("stats: " + "; ".join(parts))


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


def hand_moves(hand: Hand) -> list[str]:
    """A hand's moves, one line per part: who deals, the draws (two
    players), the bids, every other choice, each trick with its winner, and
    the score (a hand under way stops where it is).

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

    try:
        game = record.load(args.record)
    except SpadesError as error:
        raise SpadesError(f"{args.record}: {error}") from None
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
"""The commands defined here: running one imports no extension."""


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

    p = sub.add_parser("rules", help="list presets and modifiers")
    p.add_argument(
        "--sheet",
        metavar="RULES",
        help=(
            "write a printable one-page rules summary (HTML) of this rule set, "
            "such as classic+mirror or classic+bag_penalty=50"
        ),
    )
    p.add_argument("--out", help="with --sheet: write the page to this file")
    p.set_defaults(func=_cmd_rules)

    p = sub.add_parser("play", help="play seeded games between bots")
    p.add_argument("--rules", default="cards4net", help="PRESET[+MODIFIER...]")
    p.add_argument(
        "--bots",
        default="random",
        help="one level for every seat, or one per seat N,E,S,W (N,S for two)",
    )
    p.add_argument(
        "--hands",
        type=whole(1),
        default=1,
        help="hands to play in each game, at most (default 1; the game ends "
        "sooner when a side wins)",
    )
    p.add_argument("--games", type=whole(1), default=1, help="games to play")
    p.add_argument(
        "--seed", type=seed_text, default="0", help="seed of the deals and the bots"
    )
    p.add_argument(
        "--record",
        help="write the game record (JSON) here; with --games, NAME-1.json, ...",
    )
    p.add_argument(
        "--jobs",
        type=whole(1),
        default=None,
        help="processes for --games (default: every core; 1: in this process)",
    )
    p.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="run the games on a Dask cluster, e.g. tcp://host:8786 "
        "(pip install 'spadeslib[dask]')",
    )
    progress_option(p)
    p.set_defaults(func=_cmd_play)

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
    p.add_argument(
        "--rules", default="cards4net", help="PRESET[+MODIFIER...] (default: cards4net)"
    )
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
