"""Imports point one way (docs/ARCHITECTURE.md): engine ← bots, search ← review ← table;
engine ← bots ← match ← table ← tables (every match's app) and the learners ← course, puzzles ←
classroom ← demo ← site. Nothing imports upward or sideways.

The test reads every module's imports with ``ast`` (``if TYPE_CHECKING`` blocks included) and
every template's ``{% load %}``, ``{% include %}`` and ``{% extends %}``.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# Each part of the code, and the parts it may use. A module belongs to the longest prefix here.
ALLOWED: dict[str, set[str]] = {
    "game.engine": set(),
    "game.bots": {"game.engine"},
    "game.search": {"game.engine"},
    "game.review": {"game.engine", "game.bots", "game.search"},
    "game": {"game.engine"},  # the command line: python -m game
    "game.match": {"game.engine", "game.bots"},
    "game.table": {"game.match", "game.review", "game.engine", "game.bots", "game.search"},
    "game.practice": set(),  # its migrations alone: the practice games moved to game.tables
    "game.tables": {"game.table", "game.match", "game.engine", "game.bots", "game.search"},
    "lessons": {"game.table", "game.engine", "game.bots", "game.search"},
    "lessons.course": {"lessons", "game.table", "game.engine", "game.bots", "game.search"},
    "lessons.puzzles": {"lessons", "game.table", "game.engine", "game.bots", "game.search"},
    "lessons.rules": {"lessons", "game.table", "game.engine", "game.bots", "game.search"},
}
BELOW_CLASSROOM = {"lessons.course", "lessons.puzzles", *ALLOWED}
ALLOWED["lessons.classroom"] = BELOW_CLASSROOM - {"lessons.classroom"}
ALLOWED["lessons.demo"] = {"lessons.classroom", *ALLOWED["lessons.classroom"]}
ALLOWED["seep_site"] = {"lessons.demo", *ALLOWED["lessons.demo"]}

# Parts that are plain Python: no Django, and the engine nothing but the standard library.
PURE = {"game.engine", "game.bots", "game.search", "game.review", "game.match", "game"}

# Template folders and tag libraries, by the part that owns them; the page frame
# (templates/: base.html, includes/, registration/) and Django's own are everyone's.
TEMPLATE_OWNERS = {
    "table/": "game.table",
    "tables/": "game.tables",
    "course/": "lessons.course",
    "puzzles/": "lessons.puzzles",
    "classroom/": "lessons.classroom",
    "questions/": "lessons",
    "rules/": "lessons.rules",
}
TAG_OWNERS = {
    "cards": "game.table",
    "table": "game.table",
    "citations": "game.table",
    "questions": "lessons",
}
TEMPLATE_TAG = re.compile(r"{%\s*(load|include|extends)\s+([^%]+?)\s*%}")


def part_of(module: str) -> str | None:
    """The part a module belongs to, or None for modules outside the project."""
    found = [part for part in ALLOWED if module == part or module.startswith(part + ".")]
    return max(found, key=len) if found else None


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path) -> list[tuple[int, str]]:
    """Every module a file imports, absolute, with its line."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            found.append((node.lineno, base))
            # "from game.table import deck_style" imports the submodule game.table.deck_style
            found += [(node.lineno, f"{base}.{alias.name}") for alias in node.names]
    return found


def project_files() -> list[Path]:
    return sorted(
        path
        for top in ("game", "lessons", "seep_site")
        for path in (ROOT / top).rglob("*.py")
        if "__pycache__" not in path.parts
    )


def is_module(name: str) -> bool:
    path = ROOT / Path(*name.split("."))
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


def test_every_module_belongs_to_a_part() -> None:
    assert all(part_of(module_name(path)) for path in project_files())


def test_imports_point_one_way() -> None:
    wrong = []
    for path in project_files():
        mine = part_of(module_name(path))
        assert mine is not None
        for line, name in imports_of(path):
            theirs = part_of(name)
            if theirs is None or theirs == mine or not is_module(name):
                continue
            if theirs not in ALLOWED[mine]:
                wrong.append(f"{path.relative_to(ROOT)}:{line} ({mine}) imports {name} ({theirs})")
    assert not wrong, "\n".join(wrong)


def test_pure_parts_import_no_django() -> None:
    wrong = [
        f"{path.relative_to(ROOT)}:{line} imports {name}"
        for path in project_files()
        if part_of(module_name(path)) in PURE
        for line, name in imports_of(path)
        if name.split(".")[0] == "django"
    ]
    assert not wrong, "\n".join(wrong)


def template_files() -> list[tuple[str, Path]]:
    """Every app template with the part that owns it."""
    found = []
    for path in project_files():
        if path.name == "apps.py":
            folder = path.parent / "templates"
            found += [(part_of(module_name(path)) or "", t) for t in folder.rglob("*.html")]
    return found


def test_templates_use_only_what_their_part_may() -> None:
    wrong = []
    for mine, path in template_files():
        for tag, argument in TEMPLATE_TAG.findall(path.read_text(encoding="utf-8")):
            if tag == "load":
                owners = [TAG_OWNERS.get(library) for library in argument.split()]
            else:
                name = argument.split()[0].strip("\"'")
                owners = [o for prefix, o in TEMPLATE_OWNERS.items() if name.startswith(prefix)]
            for owner in owners:
                if owner is not None and owner != mine and owner not in ALLOWED[mine]:
                    wrong.append(f"{path.relative_to(ROOT)} ({mine}): {tag} {argument}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize(
    ("module", "imported", "allowed"),
    [
        ("game.tables.views", "lessons.course.progress", False),  # upward
        ("lessons.puzzles.views", "lessons.course.content", False),  # sideways
        ("game.engine.position", "game.bots", False),  # upward
        ("lessons.classroom.live", "lessons.puzzles.judge", True),
        ("game.table.component", "game.engine", True),
        ("game.match.state", "game.table", False),  # upward: the match rules know no page
        ("game.tables.views", "game.match", True),
        ("game.practice.migrations", "game.tables.service", False),  # history uses no code
        ("lessons.classroom.views", "game.tables.service", True),
        ("game.tables.service", "lessons.classroom.tableplay", False),  # upward
    ],
)
def test_the_rule_itself(module: str, imported: str, allowed: bool) -> None:
    mine, theirs = part_of(module), part_of(imported)
    assert mine is not None and theirs is not None
    assert (theirs in ALLOWED[mine]) is allowed
