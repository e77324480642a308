"""Arguments of the ``spades`` command line, and its one-line errors.

A count given on the command line (deals, hands, processes, tricks) is
checked where it is read, so a bad one is refused before any work starts,
with one line that names the option (and exit status 2, see
:class:`Parser`):

>>> import argparse
>>> p = argparse.ArgumentParser(prog="spades match", exit_on_error=False)
>>> _ = p.add_argument("--deals", type=whole(1), default=100)
>>> p.parse_args(["--deals", "12"]).deals
12
>>> p.parse_args(["--deals", "0"])
Traceback (most recent call last):
...
argparse.ArgumentError: argument --deals: must be a whole number at least 1, not '0'
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable
from typing import Any, NoReturn

__all__ = [
    "DefaultsFormatter",
    "Parser",
    "error_line",
    "json_text",
    "progress_option",
    "rules_option",
    "rules_text",
    "seed",
    "side_numbers",
    "whole",
]


def error_line(message: str, limit: int = 500) -> None:
    """Print ``spades: error: MESSAGE`` as one printable line of stderr."""
    message = " ".join(message.split())
    if len(message) > limit:
        message = message[: limit - 3] + "..."
    encoding = getattr(sys.stderr, "encoding", None) or "utf-8"
    message = message.encode(encoding, "backslashreplace").decode(encoding)
    print(f"spades: error: {message}", file=sys.stderr)


class DefaultsFormatter(argparse.HelpFormatter):
    """Help that ends each option's line with ``(default: VALUE)``, unless
    the line already says its default in words or there is none to say
    (``None``, a switch).

    >>> p = argparse.ArgumentParser(formatter_class=DefaultsFormatter)
    >>> _ = p.add_argument("--deals", type=int, default=100, help="deals")
    >>> _ = p.add_argument("--jobs", help="processes (default: every core)")
    >>> _ = p.add_argument("--json", action="store_true", help="print JSON")
    >>> _ = p.add_argument("--no-key", dest="key", action="store_false", help="no key")
    >>> print(p.format_help())  # doctest: +ELLIPSIS
    usage: ...
      --deals DEALS  deals (default: 100)
      --jobs JOBS    processes (default: every core)
      --json         print JSON
      --no-key       no key
    <BLANKLINE>
    """

    def _get_help_string(self, action: argparse.Action) -> str:
        text = action.help or ""
        default = action.default
        if (
            "default" in text
            or not action.option_strings
            or action.nargs == 0  # a switch: --json, --no-solutions
            or default is None
            or default is argparse.SUPPRESS
        ):
            return text
        return f"{text} (default: %(default)s)"


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, like every other error
    of the command line (argparse prints the usage too), and exit with 2.
    Its help says every option's default the same way
    (:class:`DefaultsFormatter`), and so do its commands' (argparse makes
    them of the same class).

    >>> import contextlib, io
    >>> p = Parser(prog="spades match")
    >>> _ = p.add_argument("--deals", type=whole(1))
    >>> err = io.StringIO()
    >>> with contextlib.redirect_stderr(err):
    ...     try:
    ...         p.parse_args(["--deals", "-2"])
    ...     except SystemExit as stop:
    ...         print(stop.code)
    2
    >>> print(err.getvalue(), end="")  # doctest: +ELLIPSIS
    spades: error: argument --deals: must be a whole number at least 1, not '-2' (...)
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", DefaultsFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        error_line(f"{message} ({self.prog} --help lists the options)")
        raise SystemExit(2)


def whole(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse ``type``: a whole number from ``low`` (up to ``high``).

    >>> whole(0, 13)("8")
    8
    >>> whole(0, 13)("14")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be a whole number from 0 to 13, not '14'
    """
    wanted = f"from {low} to {high}" if high is not None else f"at least {low}"

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or value < low or (high is not None and value > high):
            raise argparse.ArgumentTypeError(
                f"must be a whole number {wanted}, not {text!r}"
            )
        return value

    parse.__name__ = f"whole number {wanted}"
    return parse


def side_numbers(text: str) -> dict[str, int]:
    """An argparse ``type``: whole numbers by side, ``NS=460,EW=430`` (the
    sides and the values are the game's to check).

    >>> side_numbers("NS=460, EW=-30")
    {'NS': 460, 'EW': -30}
    >>> side_numbers("NS:460")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be SIDE=NUMBER, ..., such as ..., not 'NS:460'
    >>> side_numbers("NS=460,NS=10")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: NS is given twice in 'NS=460,NS=10'
    """
    numbers: dict[str, int] = {}
    for part in text.split(","):
        side, equals, value = part.partition("=")
        try:
            number = int(value) if equals else None
        except ValueError:
            number = None
        if number is None:
            raise argparse.ArgumentTypeError(
                f"must be SIDE=NUMBER, ..., such as NS=460,EW=430, not {text!r:.60}"
            )
        if side.strip() in numbers:
            raise argparse.ArgumentTypeError(
                f"{side.strip()} is given twice in {text!r:.60}"
            )
        numbers[side.strip()] = number
    return numbers


def rules_text(text: str) -> str:
    """An argparse ``type``: a rule set as typed, refused now if the rules
    refuse it (so the error names the option, as argparse's own do).

    >>> rules_text("classic+bag_limit=5")
    'classic+bag_limit=5'
    >>> rules_text("classic+target=abc")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: target must be a whole number of at least 1, not 'abc'
    """
    from .errors import SpadesError
    from .rules import Rules

    try:
        Rules.parse(text)
    except SpadesError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def rules_option(parser: argparse.ArgumentParser) -> None:
    """``--rules``: the rule set of every command that plays or times deals
    (default: cards4net)."""
    parser.add_argument(
        "--rules",
        type=rules_text,
        default="cards4net",
        help="PRESET[+MODIFIER...][+SETTING=VALUE...]; spades rules lists them",
    )


def seed(text: str) -> str:
    """An argparse ``type``: a seed as typed, without the spaces around it.
    A blank seed is refused (it would deal a game nobody meant), and so is
    one longer than a game's record can carry.

    >>> seed(" class-7b ")
    'class-7b'
    >>> seed(" ")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be a number or a word, such as 2024, not ' '
    """
    from .dealing import SEED_CHARS

    value = text.strip()
    if not value:
        raise argparse.ArgumentTypeError(
            f"must be a number or a word, such as 2024, not {text!r}"
        )
    if len(value) > SEED_CHARS:
        raise argparse.ArgumentTypeError(
            f"must be at most {SEED_CHARS} characters, not {len(value)}"
        )
    return value


def json_text(data: Any) -> str:
    """``data`` as strict JSON for ``--json``: a rate or an interval that has
    no value (no nil bid, one deal) is ``null``, never ``NaN``, which
    JSON does not have and strict readers refuse.

    >>> json_text({"nil_rate": float("nan"), "ci95": [1.5, float("inf")]})
    '{"nil_rate": null, "ci95": [1.5, null]}'
    """
    return json.dumps(_finite(data), allow_nan=False)


def _finite(data: Any) -> Any:
    if isinstance(data, float) and not math.isfinite(data):
        return None
    if isinstance(data, dict):
        return {key: _finite(value) for key, value in data.items()}
    if isinstance(data, (list, tuple)):
        return [_finite(value) for value in data]
    return data


def progress_option(parser: argparse.ArgumentParser) -> None:
    """``--progress/--no-progress``: a progress bar on stderr (default: when
    stderr is a terminal), for every command that plays many deals."""
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="progress bar on stderr (default: on a terminal)",
    )
