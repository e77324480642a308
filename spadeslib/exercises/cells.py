"""Read the answers a student typed into the check cells of a returned
exercise notebook, without running anything (for :mod:`.grading`).

An answer written as a literal (``91``, ``"N S"``, ``["0", "nil"]``,
``-50``), simple arithmetic on numbers (``90 + 1``), ``Seat.EAST`` or
``Suit.SPADES`` (imported from spadeslib), or a name assigned such a value
earlier in the notebook (``answer = 91`` then ``q1.check(answer)``) is read;
anything else (``game.scores["NS"]``, a call) is code, reported as such.
Cells are read in notebook order.

>>> _value(ast.parse("-(40 + 10)", mode="eval").body, {})
-50
>>> read_answers(['answer = ____\\nq1.check(answer)', 'q2.check("N S")'])[2].value
'N S'
"""

from __future__ import annotations

import ast
import builtins
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from ..cards import Suit
from ..seats import Seat
from .feedback import ____

__all__ = [
    "EXPECTED_CHECK",
    "Reading",
    "python_source",
    "ran_cells",
    "read_answers",
    "setup_seed",
    "typed_answer",
]

_ENUMS: dict[str, Any] = {"Seat": Seat, "Suit": Suit}
"""The classes whose members an answer may name (``Seat.EAST``), once the
notebook imports them from spadeslib (as its setup cell imports ``Seat``)."""
_ENUM_MODULES = frozenset({"spadeslib", "spadeslib.seats", "spadeslib.cards"})
_CHECK = re.compile(r"\bq(\d+)\s*\.\s*check\s*\(")
EXPECTED_CHECK = "q{n}.check(...)"


# ----------------------------------------------------------------- reading
@dataclass(frozen=True)
class Reading:
    """What a notebook's text says one exercise's answer is.

    ``kind`` is ``"value"`` (``value`` is the answer, read without running
    anything), ``"code"`` (the answer needs running; ``text`` is its source),
    ``"undefined"`` (the answer uses a name the notebook never sets, such as
    ``S`` for ``"S"``; ``text`` is the name: running it raises NameError) or
    ``"syntax"`` (the cell is not valid Python; ``text`` says where).
    ``cell`` is the index, among the code cells, of the cell with the check.
    """

    kind: Literal["value", "code", "undefined", "syntax"]
    text: str
    value: Any = None
    cell: int = -1


class _Code(Exception):
    """An expression that is not a plain value: it would have to run."""


class _Undefined(_Code):
    """An expression using a name that nothing in the notebook sets (and
    Python does not have): running it raises NameError."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


_CODE = object()
"""What a name bound by code (a loop, a call, an import) holds."""


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


_BINARY: dict[type[ast.operator], Callable[[Any, Any], Any]] = {
    ast.Add: lambda a, b: a + b,
    ast.Sub: lambda a, b: a - b,
    ast.Mult: lambda a, b: a * b,
    ast.Div: lambda a, b: a / b,
    ast.FloorDiv: lambda a, b: a // b,
    ast.Mod: lambda a, b: a % b,
}


_OPAQUE = "\0opaque"
"""The key of ``env`` set when a cell may bind names its text does not show
(``from x import *``, a ``%run`` or other magic): no name is then missing."""

_IPYTHON = frozenset({"In", "Out", "get_ipython", "display", "exit", "quit"})

_BINDING_MAGIC = re.compile(r"(?m)^\s*%%|^\s*%(run|load|store|macro|env)\b")
"""IPython magics that may bind names the cell's text does not show."""


def _maybe_defined(name: str, env: dict[str, Any]) -> bool:
    """Whether running the notebook could find ``name`` though no cell's text
    binds it: a builtin, IPython's own (``_``, ``_3``, ``Out``), or any name
    after a star import or a magic such as ``%run``."""
    return (
        hasattr(builtins, name)
        or name.startswith("_")
        or name in _IPYTHON
        or _OPAQUE in env
    )


def _value(node: ast.expr, env: dict[str, Any]) -> Any:
    """The value of ``node`` without running code: literals, containers of
    them, arithmetic on numbers, ``Seat.X``/``Suit.X``, ``____`` and names
    ``env`` holds. Anything else raises :class:`_Code`."""
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        if node.id == "____":
            return ____
        if node.id not in env and not _maybe_defined(node.id, env):
            raise _Undefined(node.id)
        held = env.get(node.id, _CODE)
        if held is _CODE:
            raise _Code
        if isinstance(held, _Undefined):  # answer = S, then q1.check(answer)
            raise held
        return held
    if isinstance(node, ast.List | ast.Tuple | ast.Set):
        items = [_value(item, env) for item in node.elts]
        if isinstance(node, ast.List):
            return items
        if isinstance(node, ast.Tuple):
            return tuple(items)
        try:
            return set(items)
        except TypeError:  # an unhashable item: running it would fail too
            raise _Code from None
    if isinstance(node, ast.Dict) and None not in node.keys:
        try:
            return {
                _value(k, env): _value(v, env)  # type: ignore[arg-type]
                for k, v in zip(node.keys, node.values, strict=True)
            }
        except TypeError:
            raise _Code from None
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
        operand = _value(node.operand, env)
        if _number(operand):
            return -operand if isinstance(node.op, ast.USub) else +operand
    if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
        left, right = _value(node.left, env), _value(node.right, env)
        numbers = _number(left) and _number(right)
        texts = isinstance(node.op, ast.Add) and all(
            isinstance(x, str) for x in (left, right)
        )
        if numbers or texts:
            try:
                return _BINARY[type(node.op)](left, right)
            except ArithmeticError:  # 1/0: running it fails too
                raise _Code from None
    if isinstance(node, ast.Attribute):
        try:
            owner = _value(node.value, env)
        except _Undefined:  # Seat.N without the import: not a missing text
            raise _Code from None
        enum = any(owner is kind for kind in _ENUMS.values())
        if enum and node.attr in owner.__members__:
            return owner[node.attr]
    raise _Code


def _text(node: ast.AST, code: str | None = None) -> str:
    """The source of ``node`` as written in ``code`` (``"N"`` stays in double
    quotes), on one line; rebuilt from the tree without ``code``."""
    written = ast.get_source_segment(code, node) if code is not None else None
    return " ".join((written or ast.unparse(node)).split())


def _check_number(call: ast.AST) -> int | None:
    """``N`` for a call ``qN.check(...)``, else None."""
    if (
        isinstance(call, ast.Call)
        and isinstance(call.func, ast.Attribute)
        and call.func.attr == "check"
        and isinstance(call.func.value, ast.Name)
        and re.fullmatch(r"q\d+", call.func.value.id)
    ):
        return int(call.func.value.id[1:])
    return None


def _argument(call: ast.Call) -> ast.expr | None:
    """The answer given to ``q.check``: its first argument (or ``answer=``);
    None when there is none (``q1.check()`` checks the blank)."""
    if call.args:
        return call.args[0]
    return next((k.value for k in call.keywords if k.arg == "answer"), None)


def _bind(
    statement: ast.stmt, env: dict[str, Any], texts: dict[str, str], code: str
) -> None:
    """Update ``env`` with the names ``statement`` (of the cell ``code``)
    binds: the value of a plain assignment when it can be read, else
    :data:`_CODE` (and ``texts`` with the source of each value read)."""
    targets: list[ast.expr] = []
    value: ast.expr | None = None
    if isinstance(statement, ast.Assign):
        targets, value = statement.targets, statement.value
    elif isinstance(statement, ast.AnnAssign) and statement.value is not None:
        targets, value = [statement.target], statement.value
    elif isinstance(statement, ast.AugAssign) and isinstance(
        statement.target, ast.Name
    ):
        targets = [statement.target]
        value = ast.BinOp(ast.Name(statement.target.id), statement.op, statement.value)
    if value is not None and all(isinstance(t, ast.Name) for t in targets):
        try:
            read = _value(value, env)
        except _Undefined as missing:  # answer = S: the check names S
            read = missing if isinstance(value, ast.Name) else _CODE
        except _Code:
            read = _CODE
        text = _shown(value, texts, code)
        for target in targets:
            assert isinstance(target, ast.Name)  # every target is, as tested above
            env[target.id] = read
            texts[target.id] = text
        return
    if isinstance(statement, ast.ImportFrom) and any(
        alias.name == "*" for alias in statement.names
    ):
        env[_OPAQUE] = True
        return
    if isinstance(statement, ast.ImportFrom) and statement.module in _ENUM_MODULES:
        for alias in statement.names:
            held = _ENUMS.get(alias.name, _CODE)
            env[alias.asname or alias.name] = held
        return
    for node in ast.walk(statement):  # anything else: whatever it binds is code
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store | ast.Del):
            env[node.id] = _CODE
        elif isinstance(node, ast.alias):
            env[(node.asname or node.name).split(".")[0]] = _CODE
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            env[node.name] = _CODE
        elif isinstance(node, ast.ExceptHandler | ast.MatchAs | ast.MatchStar):
            if node.name:  # except E as e, case v, case [*rest]
                env[node.name] = _CODE
        elif isinstance(node, ast.MatchMapping) and node.rest:
            env[node.rest] = _CODE


def _shown(node: ast.expr, texts: dict[str, str], code: str) -> str:
    """The source of an answer as written in ``code``, a name replaced by
    what it was set to."""
    if isinstance(node, ast.Name) and node.id in texts:
        return texts[node.id]
    return _text(node, code)


def _names_in(text: str) -> bool:
    """Whether the answer written ``text`` reads a name (``x + 10``,
    ``Seat.N``), so that its value says more than its text."""
    try:
        tree = ast.parse(text, mode="eval")
    except SyntaxError:
        return True
    return any(isinstance(node, ast.Name) for node in ast.walk(tree))


def _written(value: Any) -> str:
    """A value read from names, as it would be typed (``Seat.EAST``, ``-40``)."""
    if isinstance(value, Seat | Suit):
        return f"{type(value).__name__}.{value.name}"
    return repr(value)


def python_source(source: str) -> str:
    """A cell's source with IPython's ``%magic`` and ``!shell`` lines blanked
    (they are not Python, and do not set an answer)."""
    return "\n".join(
        "" if line.lstrip().startswith(("%", "!")) else line
        for line in source.split("\n")
    )


def read_answers(sources: Sequence[str]) -> dict[int, Reading]:
    """Each exercise's answer, by exercise number, read from the code cells'
    ``sources`` in order: the last ``qN.check(...)`` of the notebook for each
    ``N`` wins. A check inside a loop, a function or a condition is code."""
    env: dict[str, Any] = {}
    texts: dict[str, str] = {}
    found: dict[int, Reading] = {}
    for index, source in enumerate(sources):
        if _BINDING_MAGIC.search(source):  # %run setup.py may bind any name
            env[_OPAQUE] = True
        try:
            code = python_source(source)
            tree = ast.parse(code)
        except SyntaxError as error:
            where = f"line {error.lineno}: " if error.lineno else ""
            for number in _CHECK.findall(source):
                found[int(number)] = Reading(
                    "syntax", f"{where}{error.msg}", cell=index
                )
            continue
        for statement in tree.body:
            direct = (
                statement.value
                if isinstance(statement, ast.Expr)
                and _check_number(statement.value) is not None
                else None
            )
            for node in ast.walk(statement):
                number = _check_number(node)
                if number is None:
                    continue
                assert isinstance(node, ast.Call)  # _check_number found a call
                argument = _argument(node)
                if argument is None:
                    found[number] = Reading("value", "", ____, index)
                    continue
                if node is not direct:  # in a loop, a condition, a print(...)
                    found[number] = Reading("code", _text(node, code), cell=index)
                    continue
                shown = _shown(argument, texts, code)
                try:
                    value = _value(argument, env)
                except _Undefined as missing:
                    if isinstance(argument, ast.Name):  # q1.check(S), not S + 1
                        found[number] = Reading("undefined", missing.name, cell=index)
                    else:
                        found[number] = Reading("code", shown, cell=index)
                except _Code:
                    found[number] = Reading("code", shown, cell=index)
                else:
                    if _names_in(shown):  # answer = x + 10: say 50
                        shown = _written(value)
                    found[number] = Reading("value", shown, value, index)
            _bind(statement, env, texts, code)
    return found


# ----------------------------------------------------------------- grading


def ran_cells(nb: Mapping[str, Any]) -> bool:
    """Whether any code cell of the notebook ``nb`` (its JSON) was run: it
    has outputs or an execution count.

    >>> cell = {"cell_type": "code", "outputs": [], "execution_count": None}
    >>> run = {**cell, "execution_count": 1}
    >>> ran_cells({"cells": [cell]}), ran_cells({"cells": [run]})
    (False, True)
    """
    return any(
        c.get("outputs") or c.get("execution_count")
        for c in nb.get("cells", [])
        if c.get("cell_type") == "code"
    )


def setup_seed(sources: Sequence[str]) -> int | None:
    """The ``SEED = N`` the notebook sets (the first one), if it is a number."""
    for source in sources:
        try:
            tree = ast.parse(python_source(source))
        except SyntaxError:
            continue
        for statement in tree.body:
            if (
                isinstance(statement, ast.Assign)
                and any(
                    isinstance(t, ast.Name) and t.id == "SEED"
                    for t in statement.targets
                )
                and isinstance(statement.value, ast.Constant)
                and type(statement.value.value) is int
            ):
                return int(statement.value.value)
    return None


def typed_answer(sources: Sequence[str], cell: int) -> str:
    """What the learner typed in a check's cell that is not valid Python:
    the right-hand side of its ``answer = ...`` line, else its first line.

    >>> typed_answer(["answer = -4O\\nq1.check(answer)"], 0)
    '-4O'
    """
    if not 0 <= cell < len(sources):
        return ""
    lines = [line.strip() for line in sources[cell].splitlines() if line.strip()]
    for line in lines:
        name, eq, value = line.partition("=")
        if eq and name.strip() == "answer":
            return value.strip()
    return lines[0] if lines else ""
