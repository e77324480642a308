"""``spades play``: seeded games between bots, in this process, on every
core or on a Dask cluster, with their records. :mod:`spadeslib.cli` calls
:func:`register` to add it to its parser.
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import json
import os
from collections import Counter
from pathlib import Path
from typing import Any

from .arguments import progress_option, rules_option, side_numbers, whole
from .arguments import seed as seed_text
from .display import plural
from .errors import SpadesError
from .game import Game
from .progress import Progress
from .rules import Rules
from .scoring import sides
from .seats import Seat

__all__ = ["GameJob", "GameSummary", "play_job", "register"]


def _bots_for(names: str, rules: Rules, seed: Any) -> dict[Any, Any]:
    from .bots import make_bot

    return {
        seat: make_bot(level, seed=f"{seed}/{seat.letter}")
        for seat, level in _seat_levels(names, rules).items()
    }


def _seat_levels(names: str, rules: Rules) -> dict[Seat, str]:
    """Each seat's bot level from ``--bots`` (one level, or one per seat)."""
    from .bots import seat_levels

    return seat_levels(names, rules.seats, "--bots")


@dataclasses.dataclass
class GameJob:
    """One game of ``spades play``: everything a worker needs to play it."""

    rules: Any  # Rules.to_json() form, re-read in the worker
    bots: str
    seed: str
    hands: int
    record: bool = False
    scores: dict[str, int] | None = None
    """Each side's score before the first hand (``None``: 0)."""
    bags: dict[str, int] | None = None
    """Each side's bags before the first hand (``None``: 0)."""
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
    game = Game(rules, seed=job.seed, scores=job.scores, bags=job.bags)
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


_PLAY_YOURSELF = (
    "spades play plays bots against bots: to play yourself, open chapter 11 "
    "(notebooks/11_play.ipynb) or the classroom page (make voila)"
)
"""Where an unknown level sends a learner who wants to play (--help says it too)."""


def _cmd_play(args: argparse.Namespace) -> int:
    from .bots.base import UnknownBot

    rules = Rules.parse(args.rules)
    try:  # refuse bad --bots before playing
        _bots_for(args.bots, rules, args.seed)
    except UnknownBot as error:
        raise SpadesError(f"{error}; {_PLAY_YOURSELF}") from None
    # and a start the rules refuse (--scores NS=500: over before it began)
    Game(rules, scores=args.scores, bags=args.bags, deal_first_hand=False)
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
            scores=args.scores,
            bags=args.bags,
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
        status = (
            f"{game.winner} wins"
            if game.is_over
            else f"game not over, stopped at --hands {args.hands} (raise it to play on)"
        )
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


def register(subparsers: Any) -> None:
    """Add ``play`` to the ``spades`` parser."""
    p = subparsers.add_parser(
        "play",
        help="play seeded games between bots",
        description="Play seeded games between bots. To play yourself, open "
        "chapter 11 (notebooks/11_play.ipynb) or the classroom page (make voila).",
    )
    rules_option(p)
    p.add_argument(
        "--bots",
        default="random",
        help="one level for every seat, or one per seat: N,E,S,W, or N,S for two",
    )
    p.add_argument(
        "--hands",
        type=whole(1),
        default=1,
        help="hands to play in each game, at most (default: 1; a game ends "
        "sooner when a side wins)",
    )
    p.add_argument("--games", type=whole(1), default=1, help="games to play")
    p.add_argument(
        "--scores",
        type=side_numbers,
        help="start each game from these scores, e.g. NS=460,EW=430 (N=...,S=... "
        "for two; default: 0)",
    )
    p.add_argument(
        "--bags",
        type=side_numbers,
        help="start each game with these bags, e.g. EW=8 (default: 0)",
    )
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
