"""The import contract: every import in ``tavli_voice`` follows the tables in docs/ARCHITECTURE.md.

The page's "Allowed imports" section is the only copy of the rules: which
packages each package may import, the single module-to-module imports still
allowed against them, and the import circles still left. Every import is
read with :mod:`ast`, at module level, inside functions and under
``TYPE_CHECKING`` alike, relative imports resolved. The tests fail on an edge
the table does not allow, on a new circle, and on an exception the code no
longer needs, so the exception lists can only shrink.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "tavli_voice"
DOC = ROOT / "docs" / "ARCHITECTURE.md"


# ---------------------------------------------------------------- the graph


def find_modules(src: Path, package: str) -> dict[str, Path]:
    """Every module of ``package`` under ``src`` by dotted name (a package by its own name)."""
    modules: dict[str, Path] = {}
    for path in sorted((src / package).rglob("*.py")):
        parts = list(path.relative_to(src).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        modules[".".join(parts)] = path
    return modules


def module_imports(name: str, path: Path, modules: Mapping[str, Path]) -> set[str]:
    """The package's modules that ``name`` imports anywhere in its file.

    ``from a.b import c`` counts as importing ``a.b.c`` when that is a module,
    else ``a.b``; relative imports are resolved from ``name``'s package.
    """
    is_package = path.name == "__init__.py"
    here = name if is_package else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here.split(".")[: len(here.split(".")) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            targets = [f"{module}.{alias.name}" if f"{module}.{alias.name}" in modules
                       else module for alias in node.names]
        else:
            continue
        for target in targets:
            if target == PACKAGE or target.startswith(PACKAGE + "."):
                # ``import a.b.c`` where only a.b exists is an error mypy reports.
                while target not in modules and "." in target:
                    target = target.rpartition(".")[0]
                found.add(target)
    found.discard(name)
    return found


def import_graph(src: Path, package: str = PACKAGE) -> dict[str, set[str]]:
    """Module -> the package's modules it imports."""
    modules = find_modules(src, package)
    return {name: module_imports(name, path, modules) for name, path in modules.items()}


def area(module: str) -> str:
    """The package (or top-level module) a module belongs to: ``rules`` for ``tavli_voice.rules.games``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def short(module: str) -> str:
    """``rules.games`` for ``tavli_voice.rules.games`` (the package itself keeps its name)."""
    return module.partition(".")[2] or module


def circles(graph: Mapping[str, Iterable[str]]) -> list[frozenset[str]]:
    """Groups of modules that import each other round a loop (strongly connected, Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group: set[str] = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(frozenset(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def back_edges(graph: Mapping[str, Iterable[str]],
               allowed: Mapping[str, frozenset[str]]) -> set[tuple[str, str]]:
    """(module, imported module) pairs whose packages' edge the table does not allow."""
    return {(src, dst) for src, dsts in graph.items() for dst in dsts
            if area(src) != area(dst) and area(dst) not in allowed.get(area(src), frozenset())}


# ---------------------------------------------------------------- the page


@dataclass(frozen=True)
class Contract:
    """The tables of docs/ARCHITECTURE.md's "Allowed imports" section."""

    allowed: dict[str, frozenset[str]]
    exceptions: frozenset[tuple[str, str]]
    circles: frozenset[frozenset[str]]


def _names(cell: str) -> list[str]:
    return re.findall(r"`([^`]+)`", cell)


def _rows(lines: list[str]) -> list[list[str]]:
    rows = [[cell.strip() for cell in line.strip().strip("|").split("|")]
            for line in lines if line.lstrip().startswith("|")]
    return [row for row in rows[2:]]  # header and the |---| line


def read_contract(text: str) -> Contract:
    """The three tables after the "Allowed imports" heading, in order."""
    section = text.split("## Allowed imports", 1)[1].split("\n## ", 1)[0]
    tables: list[list[str]] = [[]]
    for line in section.splitlines():
        if line.lstrip().startswith("|"):
            tables[-1].append(line)
        elif tables[-1]:
            tables.append([])
    tables = [table for table in tables if table]
    assert len(tables) == 3, "the section has the allowed table, the exceptions and the circles"
    allowed = {_names(row[0])[0]: frozenset(_names(row[1])) for row in _rows(tables[0])}
    exceptions: set[tuple[str, str]] = set()
    for row in _rows(tables[1]):
        names = _names(row[0])
        assert len(names) == 2, f"an exception names one import, module → module: {row[0]}"
        exceptions.add((f"{PACKAGE}.{names[0]}", f"{PACKAGE}.{names[1]}"))
    loops = {frozenset(f"{PACKAGE}.{name}" for name in _names(row[0])) for row in _rows(tables[2])}
    return Contract(allowed, frozenset(exceptions), frozenset(loops))


@pytest.fixture(scope="module")
def contract() -> Contract:
    return read_contract(DOC.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def graph() -> dict[str, set[str]]:
    return import_graph(ROOT)


# ---------------------------------------------------------------- the contract


def test_every_package_has_a_row(contract: Contract, graph: dict[str, set[str]]) -> None:
    missing = {area(module) for module in graph} - set(contract.allowed)
    assert not missing, f"packages with no row in the allowed table: {sorted(missing)}"
    named = {dst for dsts in contract.allowed.values() for dst in dsts}
    assert named <= set(contract.allowed), \
        f"the table allows imports of packages with no row: {sorted(named - set(contract.allowed))}"


def test_no_import_goes_against_the_allowed_table(
        contract: Contract, graph: dict[str, set[str]]) -> None:
    new = back_edges(graph, contract.allowed) - contract.exceptions
    assert not new, "imports the table in docs/ARCHITECTURE.md does not allow:\n" + "\n".join(
        f"  {short(src)} -> {short(dst)} ({area(src)} may import: "
        f"{', '.join(sorted(contract.allowed.get(area(src), ()))) or 'nothing'})"
        for src, dst in sorted(new))


def test_every_listed_exception_still_exists(contract: Contract, graph: dict[str, set[str]]) -> None:
    gone = contract.exceptions - back_edges(graph, contract.allowed)
    assert not gone, "exceptions that no longer exist (take them out of docs/ARCHITECTURE.md):\n" + \
        "\n".join(f"  {short(src)} -> {short(dst)}" for src, dst in sorted(gone))


def test_no_new_import_circle(contract: Contract, graph: dict[str, set[str]]) -> None:
    found = set(circles(graph))
    new = found - contract.circles
    assert not new, "import circles not listed in docs/ARCHITECTURE.md:\n" + "\n".join(
        "  " + ", ".join(sorted(short(m) for m in group)) for group in new)


def test_every_listed_circle_still_exists(contract: Contract, graph: dict[str, set[str]]) -> None:
    gone = contract.circles - set(circles(graph))
    assert not gone, "circles that are no longer there as listed (update docs/ARCHITECTURE.md):\n" + \
        "\n".join("  " + ", ".join(sorted(short(m) for m in group)) for group in gone)


# ---------------------------------------------------------------- the checker itself


def _write(root: Path, files: Mapping[str, str]) -> None:
    for name, source in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(source, encoding="utf-8")


def test_checker_sees_imports_inside_functions_and_relative_ones(tmp_path: Path) -> None:
    _write(tmp_path, {
        f"{PACKAGE}/__init__.py": "",
        f"{PACKAGE}/rules/__init__.py": "from .games import Game\n",
        f"{PACKAGE}/rules/games.py": "def f():\n    from ..bots import strong\n    return strong\n",
        f"{PACKAGE}/bots/__init__.py": "",
        f"{PACKAGE}/bots/strong.py": "from tavli_voice.rules import games\n",
    })
    graph = import_graph(tmp_path)
    assert graph[f"{PACKAGE}.rules"] == {f"{PACKAGE}.rules.games"}
    assert graph[f"{PACKAGE}.rules.games"] == {f"{PACKAGE}.bots.strong"}
    assert graph[f"{PACKAGE}.bots.strong"] == {f"{PACKAGE}.rules.games"}
    allowed = {"tavli_voice": frozenset(), "rules": frozenset(), "bots": frozenset({"rules"})}
    assert back_edges(graph, allowed) == {(f"{PACKAGE}.rules.games", f"{PACKAGE}.bots.strong")}
    assert circles(graph) == [frozenset({f"{PACKAGE}.rules.games", f"{PACKAGE}.bots.strong"})]


def test_contract_reads_the_pages_tables() -> None:
    page = """intro
## Allowed imports

| package | may import |
|---|---|
| `rules` | — |
| `bots` | `rules` |

Exceptions:

| import | why |
|---|---|
| `rules.games` → `bots.strong` | a reason |

Circles:

| circle | why |
|---|---|
| `rules.games`, `bots.strong` | a reason |

## Next
| `ignored` | `x` |
"""
    found = read_contract(page)
    assert found.allowed == {"rules": frozenset(), "bots": frozenset({"rules"})}
    assert found.exceptions == {(f"{PACKAGE}.rules.games", f"{PACKAGE}.bots.strong")}
    assert found.circles == {frozenset({f"{PACKAGE}.rules.games", f"{PACKAGE}.bots.strong"})}


def test_the_package_imports_nothing_from_the_tools_outside_it() -> None:
    """training/ and benchmarks/ are not installed: nothing in the package may import them."""
    outside = ("training", "benchmarks")
    found = []
    for name, path in find_modules(ROOT, PACKAGE).items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level
                     else [])
            found += [f"{short(name)} -> {n}" for n in names if n.split(".")[0] in outside]
    assert not found, f"the installed package imports tools that are not installed: {found}"
    assert not (ROOT / PACKAGE / "bots" / "train.py").exists(), "training tools live in training/"


# ---------------------------------------------------------------- the sound layer

#: The device side of sound: engines, sinks, earcons, the microphone and the echo canceller.
SOUND_MODULES = ("synth", "sinks", "earcons", "capture", "aec", "echo")


def test_the_sound_layer_imports_nothing_above_it(contract: Contract, graph: dict[str, set[str]]) -> None:
    """audio/ imports only audio/; what plays an Utterance (the speaker) stays in narration/."""
    assert contract.allowed["audio"] == frozenset(), "audio/ may import nothing else in the package"
    above = sorted(f"{short(src)} -> {short(dst)}" for src, dsts in graph.items() if area(src) == "audio"
                   for dst in dsts if area(dst) != "audio")
    assert not above, f"audio/ imports modules above it: {above}"
    assert all(f"{PACKAGE}.audio.{name}" in graph for name in SOUND_MODULES)
    left = [f"{pkg}.{name}" for pkg in ("narration", "speech") for name in SOUND_MODULES
            if f"{PACKAGE}.{pkg}.{name}" in graph]
    assert not left, f"device-side sound modules outside audio/: {left}"


def test_resampling_is_written_once() -> None:
    found = [short(name) for name, path in find_modules(ROOT, PACKAGE).items()
             for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.FunctionDef) and node.name.strip("_") == "resample"]
    assert found == ["audio.wav"], f"resample is defined in {found}"
