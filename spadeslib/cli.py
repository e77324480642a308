"""The ``spades`` command line.

``spades rules`` lists the rule sets; ``spades play`` plays seeded games
between bots; ``spades replay`` validates and scores a record; ``spades
bench`` measures the engine. Bots and exercises add their own commands.

Errors exit with status 2 and one line on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from . import record
from .errors import SpadesError
from .game import Game
from .progress import Progress
from .rules import _INCOMPATIBLE, MODIFIERS, PRESETS, Rules
from .scoring import sides

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
    print("Presets (choose one; cards4net is the default):")
    for name, (summary, _) in PRESETS.items():
        print(f"  {name:<12} {summary}")
    print("\nModifiers (add with +, e.g. classic+mirror+ten_for_200):")
    for name, (summary, _) in MODIFIERS.items():
        print(f"  {name:<12} {summary}")
    print("\nCombinations that are refused:")
    for a, b, why in _INCOMPATIBLE:
        print(f"  {a} + {b}: {why}")
    return 0


def _bots_for(names: str, rules: Rules, seed: Any) -> dict[Any, Any]:
    from .bots import make_bot
    from .seats import Seat

    seats = [Seat.NORTH, Seat.SOUTH] if rules.players == 2 else list(Seat)
    levels = [n.strip() for n in names.split(",") if n.strip()]
    if len(levels) == 1:
        levels *= len(seats)
    if len(levels) != len(seats):
        raise SpadesError(
            f"--bots needs one level or {len(seats)} comma-separated levels "
            f"({', '.join(s.letter for s in seats)}), not {len(levels)}"
        )
    return {
        seat: make_bot(level, seed=f"{seed}/{seat.letter}")
        for seat, level in zip(seats, levels, strict=True)
    }


def _cmd_play(args: argparse.Namespace) -> int:
    from .bots import play_until

    rules = Rules.parse(args.rules)
    if args.hands < 1 or args.games < 1:
        raise SpadesError("--hands and --games must be at least 1")
    games: list[Game] = []
    total = args.hands * args.games
    show = args.progress if args.progress is not None else None
    with Progress(total, "hands", enabled=show if total >= 50 else False) as bar:
        for g in range(args.games):
            seed = args.seed if args.games == 1 else f"{args.seed}/{g + 1}"
            game = Game(rules, seed=seed)
            bots = _bots_for(args.bots, rules, seed)
            for _ in range(args.hands):
                if game.is_over:
                    break
                play_until(game, bots, hands=1)
                bar.update()
            games.append(game)
    for number, game in enumerate(games, 1):
        played = len(game.finished_hands)
        scores = ", ".join(
            f"{s} {game.scores[s]} ({game.bags[s]} bags)" for s in sides(rules)
        )
        status = f"{game.winner} wins" if game.is_over else "not finished"
        label = f"game {number}: " if len(games) > 1 else ""
        print(
            f"{label}{rules.spec}, bots {args.bots}, seed {args.seed}: {played} hands, "
            f"{scores}; {status}"
        )
    _print_stats(games)
    if args.record:
        paths = _record_paths(Path(args.record), len(games))
        for game, path in zip(games, paths, strict=True):
            record.save(game, path)
            print(f"record written to {path}")
    return 0


def _record_paths(path: Path, count: int) -> list[Path]:
    if count == 1:
        return [path]
    return [
        path.with_name(f"{path.stem}-{i}{path.suffix}") for i in range(1, count + 1)
    ]


def _print_stats(games: list[Game]) -> None:
    contracts = made = nils = nils_made = bags = hands = 0
    for game in games:
        for result in game.results():
            hands += 1
            for score in result.values():
                if score.made is not None:
                    contracts += 1
                    made += score.made
                nils += len(score.nils)
                nils_made += sum(n.made for n in score.nils)
                bags += score.bags_gained
    if not hands:
        return
    parts = [
        f"contracts made {made}/{contracts}" if contracts else "no contracts",
        f"nils made {nils_made}/{nils}" if nils else "no nils",
        f"bags per hand {bags / hands:.2f}",
    ]
    print("stats: " + "; ".join(parts))


def replay_summary(game: Game) -> dict[str, Any]:
    """The ``replay --json`` object: per finished hand, tricks by seat, points,
    bags carried and running scores by side; and the winner."""
    hands = []
    # game.history holds the running scores after each finished hand.
    for hand, scores in zip(game.finished_hands, game.history, strict=True):
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


def _cmd_replay(args: argparse.Namespace) -> int:
    game = record.load(args.record)
    if args.json:
        print(json.dumps(replay_summary(game)))
        return 0
    print(
        f"{args.record}: valid record, {game.rules.spec}, "
        f"{len(game.finished_hands)} finished hands"
    )
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


def build_parser() -> argparse.ArgumentParser:
    """The argument parser, with the commands of installed extensions."""
    parser = argparse.ArgumentParser(
        prog="spades", description="Spades rules, bots and records (spadeslib)."
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("rules", help="list presets and modifiers")
    p.add_argument(
        "--sheet",
        metavar="PRESET[+MODIFIER...]",
        help="write a printable one-page rules summary (HTML) of this rule set",
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
    p.add_argument("--hands", type=int, default=1, help="hands to play in each game")
    p.add_argument("--games", type=int, default=1, help="games to play")
    p.add_argument("--seed", default="0", help="seed of the deals and the bots")
    p.add_argument("--record", help="write the game record (JSON) here")
    p.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="progress bar on stderr (default: on a terminal)",
    )
    p.set_defaults(func=_cmd_play)

    p = sub.add_parser("replay", help="validate and score a game record")
    p.add_argument("record", help="RECORD.json")
    p.add_argument("--json", action="store_true", help="print the scores as JSON")
    p.set_defaults(func=_cmd_replay)

    p = sub.add_parser("bench", help="measure hands per second (and OpenSpiel's)")
    p.add_argument("--hands", type=int, default=2000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--rules", default="cards4net")
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--no-peer", action="store_true", help="skip OpenSpiel")
    p.set_defaults(func=_cmd_bench)

    for module in ("spadeslib.bots.cli", "spadeslib.exercises.cli"):
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
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except SpadesError as error:
        message = str(error).replace("\n", " ")
        print(f"spades: error: {message}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. `spades replay x.json | head`
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except KeyboardInterrupt:
        print("spades: interrupted", file=sys.stderr)
        return 130
