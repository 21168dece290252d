"""Imports point one way (docs/ARCHITECTURE.md): engine ← bots, search ← review ← table;
engine ← bots ← match ← table ← review_web ← tables (every match's app) ← the learners ←
course ← rules; course, puzzles ← classroom ← demo ← site (the home page). Nothing imports
upward or sideways.

The test reads every module's imports with ``ast`` (``if TYPE_CHECKING`` blocks included) and
every template's ``{% load %}``, ``{% include %}`` and ``{% extends %}``. URL names follow the
same rule: a part names (``{% url %}``, ``reverse``, ``redirect``…) only URLs of its own and of
the parts it may use; a namespace belongs to the part whose ``urls.py`` declares it.
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
    "game.web": set(),  # site plumbing: Django and the standard library, nothing of ours
    "game.table": {
        "game.web", "game.match", "game.review", "game.engine", "game.bots", "game.search",
    },
    "game.practice": set(),  # its migrations alone: the practice games moved to game.tables
    "game.review_web": {
        "game.web", "game.table", "game.match", "game.review", "game.engine", "game.bots",
        "game.search",
    },
    "game.tables": {
        "game.web", "game.review_web", "game.table", "game.match", "game.review", "game.engine",
        "game.bots", "game.search",
    },
}  # fmt: skip
# The lessons sit on every game part: the tables (a lesson's end offers one), the reviews.
GAME = {part for part in ALLOWED if part.startswith("game.") and part != "game.practice"}
ALLOWED["lessons"] = set(GAME)
ALLOWED["lessons.course"] = {"lessons", *GAME}
ALLOWED["lessons.puzzles"] = {"lessons", *GAME}
ALLOWED["lessons.rules"] = {"lessons", "lessons.course", *GAME}  # each rule's lesson step
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
    "review_web/": "game.review_web",
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
    "review_web": "game.review_web",
    "questions": "lessons",
}
TEMPLATE_TAG = re.compile(r"{%\s*(load|include|extends)\s+([^%]+?)\s*%}")
URL_TAG = re.compile(r"""{%\s*url\s+(['"])([^'"]+)\1""")
# The calls whose first argument is a URL name ("ns:name", or an f-string whose namespace is
# written out); names with no namespace (login, signup, set_language, healthz) are the frame's.
URL_CALLS = {"reverse", "reverse_lazy", "redirect", "resolve_url"}
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


def url_namespaces() -> dict[str, str]:
    """Each URL namespace and the part whose ``urls.py`` declares it (``app_name``)."""
    found = {}
    for path in project_files():
        if path.name == "urls.py":
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (
                    isinstance(node, ast.Assign)
                    and any(isinstance(t, ast.Name) and t.id == "app_name" for t in node.targets)
                    and isinstance(node.value, ast.Constant)
                ):
                    found[str(node.value.value)] = part_of(module_name(path)) or ""
    return found


def url_names_in_python(source: str) -> list[tuple[int, str]]:
    """The URL names a module's source passes to ``reverse``, ``redirect`` and the like, with
    their lines: literal, or the literal start of an f-string (``f"tables:{name}"``)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        func = node.func
        called = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
        first = node.args[0]
        if called not in URL_CALLS:
            continue
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            found.append((node.lineno, first.value))
        elif isinstance(first, ast.JoinedStr) and first.values:
            start = first.values[0]
            if isinstance(start, ast.Constant) and isinstance(start.value, str):
                found.append((node.lineno, start.value))
    return found


def url_names_in_template(text: str) -> list[str]:
    return [name for _, name in URL_TAG.findall(text)]


def url_part(name: str, namespaces: dict[str, str]) -> str | None:
    """The part a URL name belongs to; None for the frame's names (no namespace)."""
    namespace, colon, _ = name.partition(":")
    if not colon:
        return None
    return namespaces.get(namespace, f"an unknown namespace {namespace!r}")


def may_name(mine: str, name: str, namespaces: dict[str, str]) -> bool:
    theirs = url_part(name, namespaces)
    return theirs is None or theirs == mine or theirs in ALLOWED[mine]


def wrong_url_names() -> list[tuple[str, str, str]]:
    """Every URL name a part may not name: (where, the part, the name)."""
    ns = url_namespaces()
    named: list[tuple[str, str, str]] = []
    for path in project_files():
        mine = part_of(module_name(path)) or ""
        for line, name in url_names_in_python(path.read_text(encoding="utf-8")):
            named.append((f"{path.relative_to(ROOT)}:{line}", mine, name))
    for mine, path in template_files():
        for name in url_names_in_template(path.read_text(encoding="utf-8")):
            named.append((str(path.relative_to(ROOT)), mine, name))
    return [(where, mine, name) for where, mine, name in named if not may_name(mine, name, ns)]


def test_parts_name_only_the_urls_they_may_use() -> None:
    wrong = [f"{where} ({mine}) names {name}" for where, mine, name in wrong_url_names()]
    assert not wrong, "\n".join(wrong)


def test_every_url_namespace_belongs_to_a_part() -> None:
    assert url_namespaces() == {
        "tables": "game.tables",
        "table": "game.table",
        "lessons": "lessons.course",
        "puzzles": "lessons.puzzles",
        "rules": "lessons.rules",
        "classroom": "lessons.classroom",
    }


@pytest.mark.parametrize(
    ("part", "source", "allowed"),
    [
        ("game.table", "<form action=\"{% url 'puzzles:themes' %}\">", False),  # upward
        ("game.tables", '<a href="{% url "tables:practice" %}">', True),  # its own
        ("lessons.puzzles", "{% url 'table:deck_style' %}", True),  # below
        ("lessons.course", "{% url 'rules:book' %}", False),  # sideways
        ("game.tables", "{% url 'login' %}", True),  # the frame's
        ("game.table", 'redirect("tables:table", code=code)', False),
        ("game.table", 'reverse(f"tables:{name}", args=[code])', False),  # literal namespace
        ("game.tables", 'reverse_lazy("classroom:home")', False),
        ("lessons.classroom", 'resolve_url("tables:table", code)', True),
        ("game.tables", 'reverse("healthz")', True),
        ("game.table", "reverse(name)", True),  # a name not written here is not read
    ],
)
def test_the_url_rule_itself(part: str, source: str, allowed: bool) -> None:
    if source.startswith("<") or source.startswith("{"):
        names = url_names_in_template(source)
    else:
        names = [name for _, name in url_names_in_python(source)]
    assert len(names) == (source != "reverse(name)")
    assert all(may_name(part, name, url_namespaces()) for name in names) is allowed


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
