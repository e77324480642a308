"""A one-page handout for the classroom page: the link, its QR code, and how
to play under the link's rules.

The teacher starts the page (``make voila``), then prints a handout for the
lesson's link, so that students type nothing or scan the code with a phone
or tablet: ``spades handout http://192.168.1.23:8866/?rules=classic&seed=2024
--out handout.html``. The page is self-contained (the QR code is inline SVG,
nothing is fetched), prints on one A4 or Letter sheet, and its how-to is
:func:`~spadeslib.table.classroom.how_to` of the link's rules, the text
beside the table. A link the page would refuse in part (a rule set that does
not exist, a bad seed) is refused here, with the page's own sentence, before
anything is printed.

>>> page = handout("http://192.168.1.23:8866/?rules=classic&seed=2024")
>>> "<svg" in page, "seed 2024" in page, "Classic:" in page
(True, True, True)
"""

from __future__ import annotations

import html
import ipaddress
import re
from collections.abc import Sequence
from urllib.parse import SplitResult, parse_qsl, urlsplit

from ..display import inline_html
from ..errors import SpadesError
from ..rules import Rules
from ..seats import Seat
from .classroom import PageOptions, how_to, page_options
from .narrate import rules_title, start_words

__all__ = ["MAX_QUESTIONS", "handout", "handout_summary", "qr_svg"]

LEARNER = Seat.SOUTH
"""Where the classroom page seats each student (the table's default)."""

MAX_QUESTIONS = 300
"""Characters of questions a handout takes (the page stays one sheet)."""


_PLACEHOLDERS = {"HOST", "SERVER"}
"""How the docs write the teacher's address (a machine really named
``server`` is another matter: names are compared as typed)."""


def _link_problem(link: str) -> str | None:
    """Why ``link`` cannot be the classroom page's address, or None."""
    parts = urlsplit(link.strip())
    if parts.scheme in ("http", "https") and parts.netloc.startswith(":"):
        return (
            f"{link!r} has no address before its port: put this machine's "
            "address on the class network there (with the lessons' commands, "
            "set ADDRESS first, in this terminal: ADDRESS=192.168.1.23)"
        )
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return (
            f"{link!r} is not a web address: give the one the class opens, such "
            "as http://192.168.1.23:8866/?rules=classic&seed=2024"
        )
    host = parts.hostname
    written = parts.netloc.rsplit("@", 1)[-1].split(":")[0]  # as typed
    if written in _PLACEHOLDERS:
        return (
            f"{written} is the docs' placeholder: put this "
            "machine's address on the class network in its place, such as "
            "192.168.1.23 (hostname -I on Linux; see docs/classroom.md)"
        )
    try:
        address = ipaddress.ip_address(host)
        here = address.is_loopback or address.is_unspecified
    except ValueError:  # a name, not a number
        here = host == "localhost" or host.endswith(".localhost")
    if here:
        return (
            f"no student's machine can open {host} (it names the machine that "
            "opens it, or where the server listens): give this machine's address "
            "on the class network, such as 192.168.1.23 (hostname -I on Linux; "
            "see docs/classroom.md)"
        )
    path = parts.path
    user = re.search(r"/user/([^/]+)/", path)
    if user and "/hub/user-redirect/" not in path:
        return (
            f"this link opens the JupyterHub server of {user.group(1)} only: give "
            "the class the /hub/user-redirect/ form, which opens each student's "
            "own (see docs/classroom.md, On a JupyterHub)"
        )
    if re.search(r"/(lab|tree|notebooks)(/|$)", path) and "/voila/" not in path:
        return (
            "this is JupyterLab's address, not the classroom page's: give the "
            "address Voila serves (make voila), such as http://192.168.1.23:8866/"
        )
    if (
        _port(parts) is None
        and not re.search(r"/(hub|user)/", path)
        and (
            re.search(r":[^:\]]*$", parts.netloc)  # a port not a number
            or _a_machine(parts.hostname or "")
        )
    ):
        # Voila's page is on a port of its own; a JupyterHub's links need
        # none, nor a named server that forwards its port (spades.school.org)
        netloc = re.sub(r":[^:\]]*$", "", parts.netloc)
        served = parts._replace(netloc=f"{netloc}:8866").geturl()
        return (
            f"{link!r} gives no port number, so it opens port "
            f"{443 if parts.scheme == 'https' else 80}, where the classroom page "
            f"is not: make voila serves port 8866, such as {served}"
        )
    names = [name for name, _ in parse_qsl(parts.query)]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        return f"the link gives {', '.join(twice)} twice: keep one"
    return None


def _a_machine(host: str) -> bool:
    """Whether ``host`` names one machine (an address, or a name with no
    dot), where Voila serves on its own port, not a site that may forward
    its default port to Voila.

    >>> [_a_machine(h) for h in ("10.0.0.5", "::1", "mylaptop", "spades.school.org")]
    [True, True, True, False]
    """
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return "." not in host
    return True


def _port(parts: SplitResult) -> int | None:
    """The port a link gives, or None (none, or not a number).

    >>> [_port(urlsplit(f"http://{a}/")) for a in ("h", "h:", "h:x", "h:8866")]
    [None, None, None, 8866]
    """
    try:
        return parts.port
    except ValueError:
        return None


MIN_LINK_PT = 8
"""The smallest size a long link is printed at on one line (a longer one
wraps, after ``?``, ``&``, ``/`` or ``+``)."""


def _fitting_pt(link: str, width_mm: float = 170) -> float:
    """The largest size (points) at which ``link`` fits one line of the
    link's box (``width_mm`` inside it, the page's 180 mm less the box's
    padding and border), in a monospace font (about 0.6 em a character,
    with a little to spare): a student copies it from paper, and a line
    broken at ``8866/?`` reads as two addresses.

    >>> round(_fitting_pt("http://192.168.1.23:8866/?rules=classic&seed=2024"))
    16
    """
    return width_mm * 72 / 25.4 / (0.61 * max(len(link), 1))


def _breakable(link: str) -> str:
    """The link as HTML that a narrow line breaks after ``?``, ``&``, ``/``
    or ``+`` rather than inside a word (``opponents=ex|pert``,
    ``target|=200``): a student copies it from paper."""
    parts = re.split(r"(?<=[?&/+])(?!/)", link)  # after each, but inside "//"
    return "<wbr>".join(html.escape(part) for part in parts)


def qr_svg(text: str, *, size_mm: float = 60) -> str:
    """``text`` as a QR code (error correction M, a quiet zone of four
    modules), an inline SVG ``size_mm`` wide that scales without blur.

    >>> svg = qr_svg("https://example.org/")
    >>> svg.startswith("<svg") and 'width="60mm"' in svg
    True
    """
    try:
        import segno
    except ImportError:  # pragma: no cover - segno comes with the voila extra
        raise SpadesError(
            'a handout needs the segno package: pip install -e ".[course,voila]"'
        ) from None
    matrix = segno.make(text, error="m", micro=False).matrix
    border = 4
    side = len(matrix) + 2 * border
    dark = "".join(
        f"M{x + border} {y + border}h1v1h-1z"
        for y, row in enumerate(matrix)
        for x, cell in enumerate(row)
        if cell
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side}" '
        f'width="{size_mm:g}mm" height="{size_mm:g}mm" shape-rendering="crispEdges" '
        f'role="img" aria-label="QR code of {html.escape(text)}">'
        f'<rect width="{side}" height="{side}" fill="#fff"/>'
        f'<path fill="#000" d="{dark}"/></svg>'
    )


def handout(link: str, questions: Sequence[str] = ()) -> str:
    """The handout of the classroom page at ``link``, as one HTML page, with
    the teacher's ``questions`` about the deal (the lesson plans' questions,
    for example) under the link.

    Raises :class:`~spadeslib.errors.SpadesError` when ``link`` is not an
    address a student can open, or when the page would refuse a part of it.
    """
    questions = [" ".join(str(q).split()) for q in questions]
    if any(not q for q in questions):
        raise SpadesError("a question is empty: write its text, or leave it out")
    length = sum(len(q) for q in questions)
    if length > MAX_QUESTIONS:
        raise SpadesError(
            f"the questions are {length} characters long: at most {MAX_QUESTIONS} "
            "fit on the one page"
        )
    problem = _link_problem(link)
    if problem is not None:
        raise SpadesError(problem)
    link = link.strip()
    options = page_options(urlsplit(link).query)
    if options.problems:  # the page's sentences, without what the page does next
        said = " ".join(p.rsplit("; ", 1)[0] + "." for p in options.problems)
        raise SpadesError(f"{said} No handout written.")
    rules = Rules.parse(options.rules)
    deal = (
        f"Everyone gets the same cards: seed {options.seed}."
        if options.seed is not None
        else "Each of you gets a deal of your own (the link gives no seed)."
    )
    bots = _bot_levels(options)
    if bots:
        deal += f" The bots' levels: {', '.join(bots)}."
    start = start_words(rules, options.scores, options.bags, LEARNER)
    if start:
        deal += f" The game starts from {start}."
    fit = _fitting_pt(link)
    return _PAGE.format(
        title=html.escape(rules_title(rules)),
        link=_breakable(link),
        fit=f"{fit:.1f}",
        wrap="nowrap" if fit >= MIN_LINK_PT else "normal",
        qr=qr_svg(link),
        deal=html.escape(deal),
        questions=_questions_html(questions),
        how_to=_markdown_html(how_to(rules, coach=False)),
    )


def _bot_levels(options: PageOptions) -> list[str]:
    """The bots' levels a link sets, in words: ``["opponents expert"]``."""
    levels = (("partner", options.partner), ("opponents", options.opponents))
    return [f"{who} {level}" for who, level in levels if level]


def _questions_html(questions: Sequence[str]) -> str:
    if not questions:
        return ""
    items = "".join(f"<li>{inline_html(q)}</li>" for q in questions)
    return f'<h2>About this deal</h2>\n<ol data-testid="questions">{items}</ol>'


def handout_summary(link: str) -> str:
    """What a handout of ``link`` tells the class, in one line (the command
    says it, so that a link the shell cut at ``&`` shows at once).

    >>> handout_summary("http://10.0.0.5:8866/?rules=classic")
    'Classic, no seed: each student gets a deal of their own'
    >>> handout_summary("http://10.0.0.5:8866/?seed=2028&opponents=expert")
    'Cards4.net, opponents expert, seed 2028: everyone gets the same cards'
    >>> link = "http://10.0.0.5:8866/?rules=classic&seed=3&scores=NS=440,EW=470"
    >>> print(handout_summary(link))
    Classic, from North-South (you) 440, East-West 470, seed 3: everyone gets
    the same cards
    """
    options = page_options(urlsplit(link.strip()).query)
    parsed = Rules.parse(options.rules)
    start = start_words(parsed, options.scores, options.bags, LEARNER)
    rules = ", ".join(
        [rules_title(parsed), *_bot_levels(options)]
        + ([f"from {start}"] if start else [])
    )
    if options.seed is None:
        return f"{rules}, no seed: each student gets a deal of their own"
    return f"{rules}, seed {options.seed}: everyone gets the same cards"


def _markdown_html(text: str) -> str:
    """The how-to's Markdown as HTML: its first heading is the page's own,
    the rest is paragraphs and one list, with bold, italic and code."""

    out: list[str] = []
    in_list = False
    for line in text.splitlines():
        if line.startswith("# "):
            continue
        if line.startswith("- "):
            if not in_list:
                out.append("<ul>")
                in_list = True
            out.append(f"<li>{inline_html(line[2:])}</li>")
            continue
        if in_list:
            out.append("</ul>")
            in_list = False
        if line.strip():
            out.append(f"<p>{inline_html(line)}</p>")
    if in_list:
        out.append("</ul>")
    return "\n".join(out)


_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>Spades: {title}</title>
<style>
  @page {{ size: auto; margin: 14mm; }}
  body {{ font: 11.5pt/1.4 system-ui, sans-serif; color: #111; max-width: 180mm;
         margin: 8mm auto; }}
  h1 {{ font-size: 22pt; margin: 0 0 2mm; }}
  .top {{ display: flex; gap: 8mm; align-items: center; }}
  .link {{ font: 600 min(15pt, {fit}pt)/1.3 ui-monospace, monospace;
          white-space: {wrap}; overflow-wrap: anywhere;
          border: 1.5pt solid #111; border-radius: 2mm; padding: 2mm 3mm; }}
  ul, ol {{ padding-left: 5mm; }} li {{ margin: 1.2mm 0; }}
  h2 {{ font-size: 13pt; margin: 3mm 0 1mm; }}
  @media print {{
    body {{ margin: 0 auto; font-size: 10.5pt; }}
    .link {{ font-size: min(13pt, {fit}pt); }}
  }}
  code {{ font-family: ui-monospace, monospace; }}
</style></head>
<body>
<h1>Spades at the table</h1>
<p>The rules: <b>{title}</b>.</p>
<div class="top">
  <div data-testid="qr">{qr}</div>
  <div>
    <p>Open the address below in a web browser (a laptop, a tablet or a phone
    on the class network), or scan the code.</p>
    <p>{deal} Nothing to install: the table opens in the page.</p>
  </div>
</div>
<p class="link" data-testid="link">{link}</p>
{questions}
{how_to}
</body></html>
"""
