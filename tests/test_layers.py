"""The package's layers, read from the source: no import cycles, and the
core in the order a reader expects.

Every module of ``spadeslib`` is parsed (never imported) and each import is
classified:

- *module-level*: run when the module is imported, including imports under
  ``if TYPE_CHECKING:`` (a type-only cycle is still a cycle to a reader and
  to a type checker) and in class bodies;
- *lazy*: inside a function or method body.

The whole package must have no cycle among module-level imports. The core
(from cards and seats up to :class:`~spadeslib.game.Game`) is held to more:
counting lazy imports too, it must follow :data:`CORE_LAYERS`, each module
importing only modules of lower layers, and never the bots, the table, the
records, the command line or anything else built on it. One allowance,
documented in :data:`DISPLAY_METHODS`: a core method that renders a value
(``_repr_html_``, ``__str__``, ...) may import :mod:`spadeslib.display`
inside its body, as python-chess's ``_repr_svg_`` imports its renderer, so
that ``import spadeslib`` never loads the renderer.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest

import spadeslib

PACKAGE = Path(spadeslib.__file__).parent

CORE_LAYERS: tuple[tuple[str, ...], ...] = (
    ("errors", "rule_ids", "phase", "names"),
    ("cards", "seats"),
    ("rule_sets",),
    ("rules", "actions"),
    ("tricks", "scoring", "bidding", "legality", "dealing"),
    ("view",),
    ("hand_state",),
    ("hand",),
    ("game",),
)
"""The core, bottom first: plain values; cards and seats; rules and actions;
bidding, tricks, scoring, card legality and dealing as functions of rules
and plain values; the per-seat view (a value type, which the hand fills);
the hand's state machine; the validated hand; the game."""

DISPLAY = "spadeslib.display"
DISPLAY_METHODS = frozenset({"_repr_html_", "_repr_svg_", "_repr_markdown_", "__str__"})
"""Methods allowed to import :mod:`spadeslib.display` lazily (the only lazy
import of the core that may point upwards)."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def all_modules(root: Path = PACKAGE) -> dict[str, Path]:
    return {module_name(p): p for p in sorted(root.rglob("*.py"))}


class _Imports(ast.NodeVisitor):
    """Collects ``(target, lazy, enclosing function)`` for one module."""

    def __init__(self, name: str, is_package: bool, known: Iterable[str]) -> None:
        self.package = name if is_package else name.rpartition(".")[0]
        self.known = set(known)
        self.found: list[tuple[str, bool, str | None]] = []
        self.functions: list[str] = []

    def _add(self, target: str) -> None:
        if target == "spadeslib" or target.startswith("spadeslib."):
            lazy = bool(self.functions)
            self.found.append((target, lazy, self.functions[-1] if lazy else None))

    def _function(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.functions.append(node.name)
        self.generic_visit(node)
        self.functions.pop()

    visit_FunctionDef = _function
    visit_AsyncFunctionDef = _function

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._add(alias.name)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level:
            base = self.package.split(".")
            if node.level > 1:
                base = base[: len(base) - node.level + 1]
            module = ".".join(base + ([node.module] if node.module else []))
        else:
            module = node.module or ""
        targets = [f"{module}.{a.name}" for a in node.names]
        submodules = [t for t in targets if t in self.known]
        if submodules:
            for target in submodules:
                self._add(target)
            if len(submodules) < len(targets):
                self._add(module)
        else:
            self._add(module)


def imports_of(
    name: str, path: Path, known: Iterable[str]
) -> list[tuple[str, bool, str | None]]:
    """Each spadeslib import of a module: (module imported, lazy?, function)."""
    visitor = _Imports(name, path.name == "__init__.py", known)
    visitor.visit(ast.parse(path.read_text(encoding="utf-8"), str(path)))
    return visitor.found


def find_cycle(graph: Mapping[str, Iterable[str]]) -> list[str] | None:
    """One cycle of the directed graph, as a closed path, or ``None``.

    >>> find_cycle({"a": ["b"], "b": ["c"], "c": ["a"]})
    ['a', 'b', 'c', 'a']
    >>> find_cycle({"a": ["b"], "b": []}) is None
    True
    """
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in graph.get(node, ()):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def import_graph(
    modules: Mapping[str, Path], *, lazy: bool, allow_display: bool = True
) -> dict[str, set[str]]:
    """Module -> modules it imports (module-level only unless ``lazy``)."""
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        edges = set()
        for target, is_lazy, function in imports_of(name, path, modules):
            if is_lazy and not lazy:
                continue
            allowed = is_lazy and target == DISPLAY and function in DISPLAY_METHODS
            if allow_display and allowed:
                continue
            if target != name and target in modules:
                edges.add(target)
        graph[name] = edges
    return graph


MODULES = all_modules()
CORE = {f"spadeslib.{m}": layer for layer, ms in enumerate(CORE_LAYERS) for m in ms}


def test_the_core_modules_exist() -> None:
    missing = sorted(set(CORE) - set(MODULES))
    assert not missing, f"CORE_LAYERS names modules that do not exist: {missing}"


def test_no_module_level_import_cycle_in_the_package() -> None:
    cycle = find_cycle(import_graph(MODULES, lazy=False))
    assert cycle is None, "module-level import cycle: " + " -> ".join(cycle or ())


def test_the_core_has_no_cycle_even_counting_lazy_imports() -> None:
    core = {name: MODULES[name] for name in CORE}
    cycle = find_cycle(import_graph(core, lazy=True))
    assert cycle is None, "import cycle in the core: " + " -> ".join(cycle or ())


@pytest.mark.parametrize("name", sorted(CORE))
def test_core_module_imports_only_lower_layers(name: str) -> None:
    layer = CORE[name]
    for target, lazy, function in imports_of(name, MODULES[name], MODULES):
        if lazy and target == DISPLAY and function in DISPLAY_METHODS:
            continue  # the documented allowance
        if target == "spadeslib" or target not in MODULES:
            pytest.fail(
                f"{name} imports the package itself ({target}), which loads all"
            )
        assert target in CORE, (
            f"{name} imports {target}, which is built on the core "
            f"({'lazily in ' + str(function) if lazy else 'at module level'})"
        )
        assert CORE[target] < layer, (
            f"{name} (layer {layer}) imports {target} (layer {CORE[target]}): "
            "a module imports only lower layers"
        )


PLAYS_THE_COACH = ("spadeslib.bots.expert_bot", "__init__")  # ExpertBot's
"""The one import of the coach from the bots: the expert level *is* the
coach's choice, so it builds a :class:`~spadeslib.coach.Coach` (lazily, when
the level is made). Everything else the coach needs is below it, in
:mod:`spadeslib.bots.studies` and the bots' simulation modules."""


def test_the_bots_are_below_the_coach() -> None:
    found = []
    for name, path in MODULES.items():
        if not name.startswith("spadeslib.bots"):
            continue
        for target, lazy, function in imports_of(name, path, MODULES):
            if not target.startswith("spadeslib.coach"):
                continue
            if lazy and (name, function) == PLAYS_THE_COACH:
                continue
            where = f"lazily in {function}" if lazy else "at module level"
            found.append(f"{name} imports {target} ({where})")
    assert not found, "the bots import the coach above them: " + "; ".join(found)


def test_core_modules_stay_small() -> None:
    sizes = {n: len(MODULES[n].read_text().splitlines()) for n in CORE}
    large = {n: lines for n, lines in sizes.items() if lines > 600}
    assert not large, f"core modules over 600 lines: {large}"


def test_the_checks_see_a_cycle(tmp_path: Path) -> None:
    """The parser and the cycle finder on a made-up package with a cycle
    through a ``TYPE_CHECKING`` import and a lazy display import."""
    pkg = tmp_path / "spadeslib"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "low.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from .high import High\n"
        "class Low:\n    def __str__(self):\n        from .display import x\n"
        "        return x\n"
    )
    (pkg / "high.py").write_text("from . import low\n")
    (pkg / "display.py").write_text("from spadeslib.high import low\nx = ''\n")
    modules = {module_name_in(pkg, p): p for p in sorted(pkg.rglob("*.py"))}
    graph = import_graph(modules, lazy=True)
    assert graph["spadeslib.low"] == {"spadeslib.high"}
    assert graph["spadeslib.display"] == {"spadeslib.high"}
    assert find_cycle(graph) in (
        ["spadeslib.high", "spadeslib.low", "spadeslib.high"],
        ["spadeslib.low", "spadeslib.high", "spadeslib.low"],
    )
    strict = import_graph(modules, lazy=True, allow_display=False)
    assert "spadeslib.display" in strict["spadeslib.low"]


def module_name_in(package: Path, path: Path) -> str:
    parts = list(path.relative_to(package.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def test_the_type_checker_reads_every_core_module() -> None:
    """``make lint`` runs mypy on the files and folders pyproject.toml lists:
    the whole core at least, so that its type hints stay true."""
    import tomllib

    root = Path(__file__).resolve().parents[1]
    config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    listed = [root / f for f in config["tool"]["mypy"]["files"]]
    assert all(path.exists() for path in listed), listed
    checked = {
        module_name_in(root / "spadeslib", file)
        for path in listed
        for file in ([path] if path.is_file() else path.rglob("*.py"))
    }
    missing = sorted(set(CORE) - checked)
    assert not missing, f"mypy does not check {missing}"


WITHOUT_THE_COURSE = """
import sys
for name in ("anywidget", "ipywidgets", "IPython", "matplotlib", "numpy",
             "nbclient", "nbformat", "jupytext", "traitlets"):
    sys.modules[name] = None  # as if the course extra were not installed
from spadeslib.cli import main
raise SystemExit(main(sys.argv[1:]))
"""


@pytest.mark.parametrize(
    "argv",
    [
        ["--help"],
        ["bots"],
        ["match", "rule", "rule", "--deals", "2"],
        ["class", "--help"],
    ],
)
def test_the_command_line_runs_without_the_course_extra(argv: list[str]) -> None:
    """``pip install spadeslib`` installs no widget: every command but those
    that write or run notebooks works without one (``spades --help`` and
    ``spades bots`` once stopped at ``import anywidget``)."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", WITHOUT_THE_COURSE, *argv],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
