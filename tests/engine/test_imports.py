"""The engine's imports: no cycles among its modules, and one public face.

Imports are read with ``ast`` from every engine module: at the top, inside functions and under
``if TYPE_CHECKING``, since an import put off into a function is still a cycle in the design.
Outside the engine, code imports the package (``from game.engine import ...``), never a module
inside it.
"""

from __future__ import annotations

import ast
from collections.abc import Collection, Iterator, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "game" / "engine"
OUTSIDE = ("game", "lessons", "tests", "bench", "seep_site")


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported_modules(
    path: Path, exported: Collection[str] = (), root: Path = ROOT
) -> Iterator[tuple[int, str]]:
    """Every module the file imports, made absolute, with its line. ``from P import name`` is
    ``P`` and also ``P.name``, the module it imports when ``name`` is one, unless ``P`` exports
    ``name`` (``from game.engine import deal`` is the function)."""
    name = module_name(path, root)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            yield node.lineno, base
            for alias in node.names:
                if alias.name not in exported:
                    yield node.lineno, f"{base}.{alias.name}"


def engine_graph() -> dict[str, set[str]]:
    """Each engine module and the engine modules it imports (the package itself included)."""
    modules = {module_name(path): path for path in ENGINE.glob("*.py")}
    return {
        name: {imported for _, imported in imported_modules(path) if imported in modules} - {name}
        for name, path in modules.items()
    }


def find_cycle(graph: Mapping[str, set[str]]) -> list[str] | None:
    """One cycle of the graph (its first module repeated at the end), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for target in sorted(graph.get(node, ())):
            if state.get(target) == 1:
                return [*path[path.index(target) :], target]
            if target not in state and (found := visit(target)):
                return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


def test_the_cycle_finder_finds_cycles() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"a"}}) == ["a", "a"]


def test_the_reader_sees_every_import(tmp_path: Path) -> None:
    engine = tmp_path / "game" / "engine"
    engine.mkdir(parents=True)
    source = engine / "example.py"
    source.write_text(
        "from typing import TYPE_CHECKING\n"
        "from .moves import Move\n"
        "if TYPE_CHECKING:\n"
        "    from .position import Position\n"
        "def later():\n"
        "    from . import deal\n"
        "    import game.engine.notation\n",
        encoding="utf-8",
    )
    found = {module for _, module in imported_modules(source, root=tmp_path)}
    assert {
        "game.engine.moves",
        "game.engine.position",
        "game.engine.deal",
        "game.engine.notation",
    } <= found


def test_no_import_cycles_inside_the_engine() -> None:
    graph = engine_graph()
    assert len(graph) > 10 and "game.engine.position" in graph
    cycle = find_cycle(graph)
    assert cycle is None, "engine modules import each other in a circle: " + " -> ".join(cycle)


def test_only_the_engine_imports_its_modules() -> None:
    """Apps, bots, search, tests and benches use ``game.engine``'s exports (its ``__all__``)."""
    import game.engine

    offenders = []
    for top in OUTSIDE:
        for path in sorted((ROOT / top).rglob("*.py")):
            if ENGINE in path.parents:
                continue
            for line, module in imported_modules(path, game.engine.__all__):
                if module.startswith("game.engine."):
                    offenders.append(f"{path.relative_to(ROOT)}:{line} imports {module}")
    assert not offenders, "import these from game.engine instead:\n" + "\n".join(offenders)
    for name in game.engine.__all__:
        assert hasattr(game.engine, name), name
