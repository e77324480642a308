"""The classroom page: one link per lesson, read from the page's query string.

A teacher hands out ``http://HOST:8866/?rules=classic&seed=2024`` and every
student who opens it sits at the same deal under the same rules. Voila puts
the query string of the page in the kernel's ``QUERY_STRING`` variable (with
preheated kernels, only once a visitor has asked for the page: hence
:func:`request_query`, which waits for that). :func:`page_options` turns it
into the table's arguments, refusing bad values with a sentence rather than
an error page: the student still gets a table, and the teacher learns what
was wrong with the link.

>>> options = page_options("rules=classic+mirror&seed=2024")
>>> options.rules, options.seed, options.problems
('classic+mirror', 2024, ())
>>> for line in page_options("rules=hearts&seed=x&colour=red").problems:
...     print(line)
The link's rules=hearts is not a rule set (unknown preset 'hearts': choose
one of cards4net, classic, yppedia, two-player); playing cards4net.
The link's seed=x is not a whole number from 0 to 4294967295; dealing a new seed.
The link's colour=red is not an option of this page (it knows rules, seed,
partner, opponents, scores, bags); ignored.

The Voila configuration that serves the page (a template with no request
beyond the server, a pool of preheated kernels) is in :data:`VOILA_DIR`.
"""

from __future__ import annotations

import os
from argparse import ArgumentTypeError
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import parse_qsl

from ..arguments import side_numbers
from ..bots import BOTS
from ..dealing import read_seed
from ..errors import InvalidRules, SpadesError
from ..rules import Rules
from ..scoring import game_start

if TYPE_CHECKING:
    from ipywidgets import Output

    from .app import SpadesTable

__all__ = [
    "VOILA_DIR",
    "PageOptions",
    "how_to",
    "how_to_panel",
    "page_options",
    "request_query",
]

VOILA_DIR = Path(__file__).with_name("voila")
"""Voila's configuration for the page: ``voila.json`` (kernel pool, template,
extensions) and the ``spades`` template under ``voila/templates/``; the
Makefile's ``voila`` target points ``JUPYTER_PATH`` and
``JUPYTER_CONFIG_PATH`` at it."""

DEFAULT_RULES = "cards4net"
MAX_SEED = 2**32 - 1
KNOWN = ("rules", "seed", "partner", "opponents", "scores", "bags")


@dataclass(frozen=True)
class PageOptions:
    """What the link asks for: a rule set, a seed (``None``: a new deal for
    every visitor), the bots' levels, where the game starts (each side's
    score and bags; ``None``: at 0), and one sentence per part of the link
    that was refused."""

    rules: str = DEFAULT_RULES
    seed: int | None = None
    partner: str | None = None
    opponents: str | None = None
    scores: dict[str, int] | None = None
    bags: dict[str, int] | None = None
    problems: tuple[str, ...] = ()

    def table_arguments(self) -> dict[str, object]:
        """Keyword arguments for the table, without those the link left out.

        >>> page_options("seed=7&opponents=search").table_arguments()
        {'seed': 7, 'opponents': 'search'}
        >>> page_options("scores=NS=440,EW=470&bags=NS=8").table_arguments()
        {'scores': {'NS': 440, 'EW': 470}, 'bags': {'NS': 8}}
        """
        values = {
            "seed": self.seed,
            "partner": self.partner,
            "opponents": self.opponents,
            "scores": self.scores,
            "bags": self.bags,
        }
        return {key: value for key, value in values.items() if value is not None}


def page_options(query: str) -> PageOptions:
    """Read a page's query string (``rules=classic&seed=2024``).

    ``+`` joins a preset and its modifiers, as on the command line (a query
    string decodes ``+`` to a space, which is read the same way). A value
    that is not valid is left out and explained in ``problems``, and so is a
    ``partner`` in a two-player game (which has none); the last of a repeated
    key wins, and the link is told so:

    >>> print(page_options("scores=NS=440&scores=EW=470").problems[0])
    The link gives scores 2 times (scores=NS=440, scores=EW=470); only the
    last counts.

    >>> page_options("").rules, page_options("").seed
    ('cards4net', None)
    >>> page_options("?rules=yppedia&partner=Search").partner
    'search'
    >>> page_options("rules=classic+bag_limit=5").rules  # house rules too
    'classic+bag_limit=5'
    >>> print(page_options("opponents=genius").problems[0])
    The link's opponents=genius is not a bot level (random, ...); the table's
    default plays.
    >>> print(page_options("rules=two-player&partner=expert").problems[0])
    The link's partner=expert has no seat in two-player: two players play each
    for themselves, with no partner; ignored.

    ``scores`` and ``bags`` start the game elsewhere than 0, to practise its
    end (``NS=440,EW=470``, as ``spades play --scores``; ``:`` may stand for
    ``=``); a start the rules refuse is left out:

    >>> page_options("rules=classic&scores=ns:440,ew:470").scores
    {'NS': 440, 'EW': 470}
    >>> print(page_options("rules=classic&scores=NS=510").problems[0])
    The link's scores=NS=510 cannot start a game (a game cannot start with NS
    at 510: the target of classic is 500, so the game would be over before it
    began); every side starts from 0 points with no bags.
    """
    options = PageOptions()
    problems: list[str] = []
    seen: dict[str, list[str]] = {}
    for key, raw in parse_qsl(query.lstrip("?"), keep_blank_values=True):
        value = raw.strip()
        seen.setdefault(key, []).append(value)
        shown = f"The link's {key}={value}"
        if key == "rules":
            spec = "+".join(value.replace(",", " ").split())
            try:
                options = replace(options, rules=Rules.parse(spec).full_spec)
            except InvalidRules as error:
                problems.append(
                    f"{shown} is not a rule set ({error}); playing {DEFAULT_RULES}."
                )
        elif key == "seed":
            seed = read_seed(value)
            if isinstance(seed, int) and 0 <= seed <= MAX_SEED:
                options = replace(options, seed=seed)
            else:
                problems.append(
                    f"{shown} is not a whole number from 0 to {MAX_SEED}; "
                    "dealing a new seed."
                )
        elif key in ("partner", "opponents"):
            level = value.lower()  # as the rules are read: Expert is expert
            if level in BOTS:
                options = (
                    replace(options, partner=level)
                    if key == "partner"
                    else replace(options, opponents=level)
                )
            else:
                problems.append(
                    f"{shown} is not a bot level ({', '.join(BOTS)}); "
                    "the table's default plays."
                )
        elif key in ("scores", "bags"):
            try:
                numbers = side_numbers(value.upper().replace(":", "="))
            except ArgumentTypeError:
                problems.append(
                    f"{shown} is not each side's number, such as "
                    + (
                        "scores=NS=440,EW=470; every side starts from 0 points."
                        if key == "scores"
                        else "bags=NS=8; every side starts with no bags."
                    )
                )
            else:
                options = (
                    replace(options, scores=numbers)
                    if key == "scores"
                    else replace(options, bags=numbers)
                )
        else:
            problems.append(
                f"{shown} is not an option of this page "
                f"(it knows {', '.join(KNOWN)}); ignored."
            )
    for key, values in seen.items():
        if key in KNOWN and len(set(values)) > 1:
            problems.append(
                f"The link gives {key} {len(values)} times "
                f"({', '.join(f'{key}={v}' for v in values)}); only the last "
                "counts."
            )
    if options.partner is not None and Rules.parse(options.rules).players == 2:
        problems.append(
            f"The link's partner={options.partner} has no seat in "
            f"{options.rules}: two players play each for themselves, with no "
            "partner; ignored."
        )
        options = replace(options, partner=None)
    if options.scores is not None or options.bags is not None:
        try:
            game_start(Rules.parse(options.rules), options.scores, options.bags)
        except SpadesError as error:
            given = "&".join(
                f"{key}={','.join(f'{k}={v}' for k, v in numbers.items())}"
                for key, numbers in (("scores", options.scores), ("bags", options.bags))
                if numbers is not None
            )
            problems.append(
                f"The link's {given} cannot start a game ({error}); every side "
                "starts from 0 points with no bags."
            )
            options = replace(options, scores=None, bags=None)
    return replace(options, problems=tuple(problems))


def request_query() -> str:
    """The query string of the page this kernel serves ("" outside Voila).

    A preheated Voila kernel runs the page before anyone asks for it; this
    call waits there until a visitor's request arrives and Voila hands over
    its variables. In JupyterLab, or in Voila without preheating, it returns
    at once.

    >>> request_query()  # here, outside Voila
    ''
    """
    if os.environ.get("VOILA_PREHEAT") == "True":
        from voila.utils import wait_for_request

        wait_for_request()
    return os.environ.get("QUERY_STRING", "")


COACH_WORDS = (
    "- **The coach's words**: the coach tries each choice in *sampled deals* "
    "(guesses of the cards you cannot see that fit all you have seen) and gives "
    "the average points; *less the noise* is what is left once the luck of "
    "those guesses is taken off; the *textbook* choice is the rule bot's, a "
    "sound club player's. The menus rate the bots on the Elo scale: the rule "
    "bot is 1500, and 100 more wins about 64% of the deals."
)
"""The line of the how-to that says what the hints' and reviews' words mean."""


def how_to(rules: Rules | str = DEFAULT_RULES, *, coach: bool = True) -> str:
    """The page's how-to beside the table, in Markdown, for the rules in the
    link: who sits where, what a bid is, which card leads and what is trumps
    are read from the rule set, never written for one rule set only.

    >>> text = how_to("classic+jokers")
    >>> "The dealer leads the first trick" in text, "until spades are broken" in text
    (True, False)
    >>> "one bot sits North and plays against you" in how_to("two-player")
    True
    >>> "*Why?* beside it (key `w`)" in text, "*Why?*" in how_to(coach=False)
    (True, False)

    ``coach=False`` leaves out what the coach's words mean (the printed
    handout, which must fit one page, says how to play, not how to read the
    coach).
    """
    from ..cards import Suit
    from .words import rules_in_words

    rules = Rules.parse(rules) if isinstance(rules, str) else rules
    if rules.players == 2:
        seats = (
            "You sit **South**, at the bottom; one bot sits North and plays "
            "against you: there are no partners, and you draw your cards one by "
            "one instead of a deal."
        )
        bid = "how many tricks you will take"
    else:
        seats = (
            "You sit **South**, at the bottom; your partner, a bot, sits North at "
            "the top; two bots play East and West against you."
        )
        bid = (
            "how many tricks *you* will take. Your partner bids their own, and "
            "the two bids add up to your side's contract"
        )
    nil = " Nil bets that you take none." if rules.nil else ""
    order = [c.symbol for c in rules.trump_order]
    trump = (
        f"highest first, {', '.join(order[:5])} and on down to the {order[-1]}."
        if any(c.suit is Suit.JOKER for c in rules.trump_order)
        else "**spades**, the A♠ highest."
    )
    lead = (
        "The dealer leads the first trick."
        if rules.dealer_leads
        else "The player after the dealer leads the first trick."
    )
    if rules.must_break_spades:
        lead += (
            " You may not lead a spade until spades are broken, unless you hold "
            "nothing else."
        )
    else:
        lead += " Spades may be led at any time."
    lines = [
        "# Spades",
        "",
        seats,
        "",
        f"- **Bid**: when it is your turn, pick {bid}.{nil} *How good is my "
        "hand?* gives the coach's estimate.",
        "- **Play**: click a card, or move along your hand with the arrow keys "
        "and press Enter. Follow the suit that was led if you can. If a card "
        "cannot be played, click it anyway: the table tells you why.",
        f"- **Trumps**: {trump} {lead}",
        "- **These rules**: " + " ".join(rules_in_words(rules)),
        "- **Help**: *Hint* (key `h`) says what a good player would do and why"
        + (
            " in one line, and *Why?* beside it (key `w`) opens the coach's "
            "whole analysis"
            if coach
            else ""
        )
        + "; *Undo* (key `u`) takes back your last decision; after a hand, "
        "*Check my play* rates your decisions one by one.",
        *([COACH_WORDS] if coach else []),
        "- **Keep your game**: it stays in this browser if you reload the page; "
        "*Save* downloads it as a file and *Load* opens one.",
        "",
        "The course's chapters explain every rule; chapter 11 plays at this table too.",
    ]
    return "\n".join(lines)


def how_to_panel(table: SpadesTable) -> Output:
    """The how-to of :func:`how_to` as a widget that follows ``table``: a new
    game under other rules (Options, or a loaded game) writes it again, so
    that the page never describes a game the table is not playing.

    >>> from spadeslib.table import SpadesTable
    >>> table = SpadesTable("cards4net", seed=1, speed="step")
    >>> panel = how_to_panel(table)
    >>> "Cards4.net: bids 0 to 13" in panel.outputs[0]["data"]["text/markdown"]
    True
    >>> _ = table.new_game("classic")
    >>> "Classic: bids 1 to 13 or Nil" in panel.outputs[0]["data"]["text/markdown"]
    True
    >>> table.close()
    """
    from IPython.display import Markdown
    from ipywidgets import Output

    panel = Output()
    shown: list[str] = []

    def write(_change: object = None) -> None:
        rules = table.session.game.rules
        if shown and shown[-1] == rules.full_spec:
            return
        shown.append(rules.full_spec)
        panel.outputs = ()
        panel.append_display_data(Markdown(how_to(rules)))

    write()
    table.observe(write, names="state")
    return panel
