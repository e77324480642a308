"""Bots: players that see only their seat's view.

``make_bot(name, seed=...)`` builds a bot by level name; :data:`BOTS` lists
the levels with a one-line summary. Every bot has ``act(view)``,
``explain(view)`` (the action with a reason) and ``reset()``. The levels:

- ``random``: uniformly random legal actions (a baseline);
- ``rule``: a sound club player (:mod:`.rule_bot`);
- ``novice``: legal play with a beginner's judgement (:mod:`.novice_bot`);
- ``search-lite`` and ``search``: determinized Monte Carlo over rule-based
  playouts (:mod:`.search_bot`), with a budget of ``samples`` worlds per
  decision (6 and 16);
- ``expert``: the coach's best action (:mod:`.expert_bot`): more worlds,
  ducks as evidence, the last cards solved exactly.

:data:`LADDER` lists the levels a learner climbs, weakest first.

A level's name is read as :func:`~spadeslib.names.name_key` reads it
(``"Search_Lite"`` is ``"search-lite"``). A bot of your own is named by its
import path, ``"mybot.CountBot"`` (a module in the current folder or
installed, and a class or factory in it), wherever the bots' levels are
named: ``make_bot``, ``spades match mybot.CountBot rule``,
``spades ladder --levels rule,mybot.CountBot`` (the table offers the
built-in levels only). See "Writing a bot" in ``docs/developers.md``.

:func:`suggest` gives the hint a level would give (action and reason);
:func:`~spadeslib.bots.match.duplicate_match` measures one level against
another.

>>> from spadeslib import Hand
>>> hand = Hand(seed=2, dealer="N")
>>> hand.apply("look")
>>> hint = suggest(hand.view(hand.turn), "rule")
>>> hint.action in hand.legal_actions(), hint.reason.startswith("Bid")
(True, True)
"""

from __future__ import annotations

import ast
import difflib
import functools
import importlib
import inspect
import os
import re
import sys
import sysconfig
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..dealing import checked_seed
from ..errors import SpadesError
from ..names import name_key
from .base import Bot, BotError, Suggestion, UnknownBot, bot_failure, play_until
from .hints import suggest
from .ladder import LADDER
from .random_bot import RandomBot

if TYPE_CHECKING:
    from ..seats import Seat
    from .expert_bot import ExpertBot
    from .novice_bot import NoviceBot
    from .rule_bot import RuleBot
    from .search_bot import SearchBot

# The levels' modules are imported when a level is first asked for: a
# process that plays random bots never loads the search (start-up time).
_LAZY = {
    "ExpertBot": ".expert_bot",
    "NoviceBot": ".novice_bot",
    "RuleBot": ".rule_bot",
    "SearchBot": ".search_bot",
    "LITE_SAMPLES": ".search_bot",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module, __name__), name)
    globals()[name] = value
    return value


def _level(name: str) -> Callable[..., Bot]:
    """A factory that imports the level's class when first called."""

    def make(seed: int | str | None = None, **options: Any) -> Bot:
        level: Callable[..., Bot] = __getattr__(name)
        return level(seed=seed, **options)

    make.__name__ = make.__qualname__ = name
    return make


__all__ = [
    "BOTS",
    "LADDER",
    "Bot",
    "BotError",
    "ExpertBot",
    "NoviceBot",
    "RandomBot",
    "RuleBot",
    "SearchBot",
    "Suggestion",
    "UnknownBot",
    "custom_bot",
    "level_options",
    "make_bot",
    "parse_level",
    "play_until",
    "seat_levels",
    "split_levels",
    "suggest",
]


def _search_lite(seed: int | str | None = None, **options: Any) -> SearchBot:
    from .search_bot import LITE_SAMPLES, SearchBot

    options.setdefault("samples", LITE_SAMPLES)
    bot = SearchBot(seed, **options)
    bot.name = "search-lite"
    return bot


# the class make_bot checks the options against (read with getattr, below);
# mypy does not type attributes set on a function
_search_lite.bot_class = "SearchBot"  # type: ignore[attr-defined]


BOTS: dict[str, tuple[str, Callable[..., Bot]]] = {
    "random": ("uniformly random legal actions (a baseline)", RandomBot),
    "novice": (LADDER["novice"], _level("NoviceBot")),
    "rule": (LADDER["rule"], _level("RuleBot")),
    "search-lite": (LADDER["search-lite"], _search_lite),
    "search": (LADDER["search"], _level("SearchBot")),
    "expert": (LADDER["expert"], _level("ExpertBot")),
}
"""Level name -> (one-line summary, factory taking ``seed=`` and options),
weakest first; the ladder's levels are summed up by :data:`LADDER`."""


def parse_level(spec: str) -> tuple[str, dict[str, Any]]:
    """Split ``"search:16"`` or ``"search:samples=16,bid_samples=8"`` into the
    level name and its options.

    >>> parse_level("search:16"), parse_level(" Rule "), parse_level("search_lite")
    (('search', {'samples': 16}), ('rule', {}), ('search-lite', {}))

    Only the text is read: a bot of your own (``"mybot.CountBot"``) is
    imported when it is made (:func:`make_bot`) or its options are asked
    for (:func:`level_options`).
    """
    if not isinstance(spec, str):
        raise SpadesError(f"a bot level is a name such as 'rule', not {spec!r}")
    name, _, rest = spec.strip().partition(":")
    name = name.strip()
    if name.endswith(".py") or (
        name_key(name) not in BOTS
        and _IDENTIFIER.fullmatch(rest)
        and (rest.strip()[0].isupper() or Path(f"{name}.py").is_file())
    ):  # a file's name, or "module:Class": a near miss of module.Class
        _near_miss(spec.strip(), name.removesuffix(".py"), rest.strip())
    if "." in name:  # a bot of your own: "module.Class", imported when made
        _check_import_path(name)
    elif name_key(name) in BOTS:
        name = name_key(name)
    else:
        raise UnknownBot(
            f"unknown bot {spec.strip()!r}: choose from {', '.join(BOTS)}, or "
            "name your own bot's class as module.Class"
        )
    options: dict[str, Any] = {}
    for item in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = item.partition("=")
        if not eq:
            key, value = "samples", item
        if key.strip() == "seed":
            raise SpadesError(
                f"bot option 'seed' in {spec!r}: a level takes no seed option; "
                "the seed comes from --seed / make_bot's seed="
            )
        try:
            number = float(value)
        except ValueError:
            raise SpadesError(
                f"bot option {item!r} in {spec!r} is not a number"
            ) from None
        key = key.strip()
        if key in options:
            raise SpadesError(f"bot option {key!r} is given twice in {spec!r}")
        options[key] = int(number) if number.is_integer() else number
    return name, options


def seat_levels(
    bots: str, seats: Sequence[Seat], what: str = "bots"
) -> dict[Seat, str]:
    """Each seat's level: ``bots`` is one level for every seat, or one per
    seat in seat order (``what`` names the option in the error).

    >>> from spadeslib import Seat
    >>> levels = seat_levels("rule,expert", (Seat.NORTH, Seat.SOUTH))
    >>> [f"{seat.letter} {level}" for seat, level in levels.items()]
    ['N rule', 'S expert']
    >>> seat_levels("rule,expert,rule", tuple(Seat), "--bots")
    Traceback (most recent call last):
    spadeslib.errors.SpadesError: --bots needs one level or 4 comma-separated
    levels (N, E, S, W), not 3
    """
    levels = split_levels(bots) or [bots]
    if len(levels) == 1:
        levels *= len(seats)
    if len(levels) != len(seats):
        raise SpadesError(
            f"{what} needs one level or {len(seats)} comma-separated levels "
            f"({', '.join(s.letter for s in seats)}), not {len(levels)}"
        )
    return dict(zip(seats, levels, strict=True))


def split_levels(text: str) -> list[str]:
    """The level specs of a comma-separated list; a ``name=value`` after a
    comma is one more option of the level before it.

    >>> split_levels("rule, search:samples=8,bid_samples=2, expert:24")
    ['rule', 'search:samples=8,bid_samples=2', 'expert:24']

    An empty item is refused by its place (``",rule"`` is no list of one).
    """
    levels: list[str] = []
    parts = [p.strip() for p in text.split(",")]
    empty = next((i for i, part in enumerate(parts, 1) if not part), None)
    if empty is not None:
        raise SpadesError(
            f"item {empty} of the levels {text!r} is empty: name each level, "
            "separated by commas, e.g. rule,search"
        )
    for part in parts:
        if levels and "=" in part and ":" not in part:
            levels[-1] += "," + part
        else:
            levels.append(part)
    return levels


def level_options(level: str) -> tuple[str, ...]:
    """The options a level takes (``make_bot`` keywords, or ``name=value``
    after the colon of a level spec).

    >>> level_options("expert")
    ('samples', 'exact_cards', 'play_weight')
    >>> level_options("novice"), level_options("search:8")
    ((), ('samples', 'bid_samples', 'time_limit', 'confidence'))
    """
    name = parse_level(level)[0]
    if name in BOTS:  # the same for the whole session: read once
        return _builtin_options(name)
    return _options_of(_factory(name))


@functools.cache
def _builtin_options(name: str) -> tuple[str, ...]:
    shape: Callable[..., Any] = BOTS[name][1]
    if not isinstance(shape, type):
        # a lazy factory is named for its class; search-lite says which
        shape = __getattr__(getattr(shape, "bot_class", shape.__name__))
    return _options_of(shape)


def _options_of(shape: Callable[..., Any]) -> tuple[str, ...]:
    try:
        parameters = inspect.signature(shape).parameters.values()
    except (TypeError, ValueError):  # a callable Python cannot read
        return ()
    return tuple(
        p.name
        for p in parameters
        if p.name != "seed" and p.kind not in (p.VAR_KEYWORD, p.VAR_POSITIONAL)
    )


def custom_bot(path: str) -> Callable[..., Bot]:
    """The class (or factory) of a bot of your own, named ``"module.Class"``;
    the module is imported from the current folder or the installed packages.

    >>> custom_bot("spadeslib.bots.RandomBot")
    <class 'spadeslib.bots.random_bot.RandomBot'>
    >>> custom_bot("spadeslib.bots.NoSuchBot")
    Traceback (most recent call last):
    ...
    spadeslib.errors.SpadesError: bot '...NoSuchBot': module ... has no 'NoSuchBot'...
    """
    _check_import_path(path)
    module_name, _, attr = path.rpartition(".")
    here = os.getcwd()
    # the folder you work in, after the installed packages (the `spades`
    # command, unlike `python -m`, does not search it), for this import only
    added = here not in sys.path and "" not in sys.path
    if added:
        sys.path.append(here)
    file = f"{module_name.replace('.', '/')}.py"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        missing = error.name or ""
        if missing and not (module_name + ".").startswith(missing + "."):
            raise SpadesError(
                f"bot {path!r}: {file} imports {missing}, which is not installed"
            ) from None
        raise SpadesError(
            f"bot {path!r}: cannot import {module_name!r} ({error}); run from the "
            f"folder that holds {file}, or install it"
        ) from None
    except Exception as error:  # the module's own bug: named, chained
        raise bot_failure(path, f"failed to import ({file})", error) from error
    finally:
        if added and here in sys.path:
            sys.path.remove(here)
    factory: Callable[..., Bot] | None = getattr(module, attr, None)
    if factory is None:
        raise SpadesError(f"bot {path!r}: {_no_such(module, module_name, attr)}")
    if not callable(factory):
        raise SpadesError(f"bot {path!r}: {attr} is not a class or a function")
    return factory


_IMPORT_PATH = re.compile(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)+")
_IDENTIFIER = re.compile(r"\s*[A-Za-z_]\w*\s*")


def _near_miss(spec: str, module_name: str, attr: str) -> None:
    """Refuse ``count_bot.py``, ``count_bot.py:CountBot`` and
    ``count_bot:CountBot``, offering ``count_bot.CountBot`` (the class read
    from the file in this folder when none is named; nothing is imported).

    >>> _near_miss("mybot:CountBot", "mybot", "CountBot")
    Traceback (most recent call last):
    ...
    spadeslib.bots.base.UnknownBot: unknown bot 'mybot:CountBot': name a bot of
    your own module.Class, with a dot: mybot.CountBot
    """
    if not _IDENTIFIER.fullmatch(attr):
        attr = _bot_class_in(Path(module_name.replace(".", "/") + ".py"))
    how = (
        "without .py, with a dot"
        if spec.split(":")[0].endswith(".py")
        else ("with a dot")
    )
    raise UnknownBot(
        f"unknown bot {spec!r}: name a bot of your own module.Class, {how}: "
        f"{module_name}.{attr}"
    )


def _bot_class_in(file: Path) -> str:
    """The first class with an ``act`` method in ``file`` (read, not run),
    or ``"YourBot"``."""
    try:
        tree = ast.parse(file.read_text(encoding="utf-8"))
    except (OSError, SyntaxError, ValueError):
        return "YourBot"
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and any(
            isinstance(item, ast.FunctionDef) and item.name == "act"
            for item in node.body
        ):
            return node.name
    return "YourBot"


def _no_such(module: Any, module_name: str, attr: str) -> str:
    """Why ``module`` has no ``attr``: a name in another case or close to it
    (did you mean), or the module found is not the file in this folder."""
    top = module_name.split(".")[0]
    origin = getattr(module, "__file__", None) or ""
    here = Path.cwd()
    local = (here / f"{top}.py").is_file() or (here / top).is_dir()
    if local and origin and not Path(origin).resolve().is_relative_to(here.resolve()):
        stdlib = Path(sysconfig.get_paths()["stdlib"]).resolve()
        in_stdlib = Path(origin).resolve().is_relative_to(stdlib)
        where = "in Python's standard library" if in_stdlib else "installed"
        return (
            f"module {module_name!r} was found {where} ({origin}), before "
            f"{top}.py in this folder: rename your file (e.g. my_{top}.py)"
        )
    names = [n for n in dir(module) if not n.startswith("_")]
    close = [
        n for n in names if n.lower() == attr.lower()
    ] or difflib.get_close_matches(attr, names, n=1)
    offer = f": did you mean {module_name}.{close[0]}?" if close else ""
    return f"module {module_name!r} has no {attr!r}{offer}"


def _check_import_path(path: str) -> None:
    """Refuse a name that is no ``module.Class`` (the text only: nothing is
    imported)."""
    module_name, _, attr = path.rpartition(".")
    if name_key(module_name) in BOTS:
        raise UnknownBot(
            f"unknown bot {path!r}: options follow a colon ({module_name}:{attr})"
        )
    if not _IMPORT_PATH.fullmatch(path):
        raise SpadesError(
            f"bot {path!r} is not an import path such as mybot.CountBot (a module, "
            "a dot, a class)"
        )


def _factory(level: str) -> Callable[..., Bot]:
    return BOTS[level][1] if level in BOTS else custom_bot(level)


def make_bot(level: str, seed: int | str | None = None, **options: Any) -> Bot:
    """A new bot of the given ``level`` (options may follow a colon:
    ``"search:8"``). Every level decides the same way every run for a given
    ``seed``, ``None`` included: seat bots that should differ with
    different seeds (``f"11/{seat}"``).

    >>> make_bot("random", seed=1).name, make_bot("search:8").samples
    ('random', 8)
    """
    kind, parsed = parse_level(level)
    checked_seed(seed)
    parsed.update(options)
    takes = level_options(kind)
    unknown = [key for key in parsed if key not in takes]
    if unknown:
        offer = f"it takes {', '.join(takes)}" if takes else "it takes none"
        raise SpadesError(
            f"bad options for bot {kind!r}: no option {unknown[0]!r} ({offer})"
        )
    factory = _factory(kind)
    if kind in BOTS:
        try:
            bot = factory(seed=seed, **parsed)
        except (TypeError, ValueError) as error:
            raise SpadesError(f"bad options for bot {kind!r}: {error}") from None
    else:  # a bot of your own: its options checked, its own errors its own
        if _takes_seed(factory):
            parsed["seed"] = seed
        try:
            inspect.signature(factory).bind(**parsed)
        except TypeError as error:
            raise SpadesError(f"bad options for bot {kind!r}: {error}") from None
        except ValueError:  # a signature Python cannot read: call it as it is
            pass
        try:
            bot = factory(**parsed)
        except Exception as error:  # the bot's own bug: named, chained
            where = f"failed when made (seed {seed!r})"
            raise bot_failure(level.strip(), where, error) from error
    missing = [
        m for m in ("act", "explain", "reset") if not callable(getattr(bot, m, None))
    ]
    if missing or not isinstance(getattr(bot, "name", None), str):
        lacks = ", ".join(f"{m}()" for m in missing) or "a name"
        raise SpadesError(
            f"bot {kind!r} lacks {lacks}: a bot has a name and the methods "
            "act(view), explain(view) and reset() (see spadeslib.bots.Bot)"
        )
    return bot


def _takes_seed(factory: Callable[..., Any]) -> bool:
    try:
        parameters = inspect.signature(factory).parameters.values()
    except (TypeError, ValueError):
        return True
    return any(p.name == "seed" or p.kind is p.VAR_KEYWORD for p in parameters)
