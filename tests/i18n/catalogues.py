"""Reading the project's message catalogues without gettext's tools (a fresh machine has none):
``.po`` files as translators write them, ``.mo`` files as Django reads them, and the messages
the code marks, found where ``makemessages`` would find them.
"""

from __future__ import annotations

import ast
import re
import struct
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent

# Folders no catalogue is made from (makemessages is run with these ignored).
NOT_SCANNED = {"tests", "bench", "docs", "static", "staticfiles", "node_modules", "test-results"}


@dataclass
class Entry:
    """One message of a ``.po`` file."""

    msgid: str
    msgstr: list[str]  # one per plural form; one for a message without plural
    msgid_plural: str | None = None
    context: str | None = None
    flags: set[str] = field(default_factory=set)
    line: int = 0

    @property
    def key(self) -> tuple[str | None, str, str | None]:
        return (self.context, self.msgid, self.msgid_plural)


_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r"}


def _unquote(text: str) -> str:
    """A C-style quoted string of a ``.po`` line, without its quotes."""
    assert text.startswith('"') and text.endswith('"'), text
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m[1], "\\" + m[1]), text[1:-1])


def read_po(path: Path) -> list[Entry]:
    """Every entry of a ``.po`` file, the header (msgid "") included, obsolete ones (#~) not."""
    entries: list[Entry] = []
    flags: set[str] = set()
    fields: dict[str, str] = {}
    current: str | None = None
    start = 0

    def finish() -> None:
        nonlocal fields, flags, current
        if "msgid" in fields:
            plural = sorted(name for name in fields if name.startswith("msgstr["))
            entries.append(
                Entry(
                    msgid=fields["msgid"],
                    msgstr=[fields[name] for name in plural] if plural else [fields["msgstr"]],
                    msgid_plural=fields.get("msgid_plural"),
                    context=fields.get("msgctxt"),
                    flags=flags,
                    line=start,
                )
            )
        fields, flags, current = {}, set(), None

    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line:
            finish()
        elif line.startswith("#,"):
            if "msgid" in fields:
                finish()
            flags |= {flag.strip() for flag in line[2:].split(",")}
        elif line.startswith("#"):
            if "msgid" in fields and not line.startswith("#~"):
                finish()
        elif line.startswith('"'):
            assert current is not None, f"{path}:{number}: a string continues nothing"
            fields[current] += _unquote(line)
        else:
            name, _, value = line.partition(" ")
            if name in ("msgctxt", "msgid") and "msgid" in fields and name not in fields:
                finish()
            if not fields:
                start = number
            current = name
            fields[name] = _unquote(value.strip())
    finish()
    return entries


def header_of(entries: list[Entry]) -> dict[str, str]:
    """The header's fields (``Language``, ``Plural-Forms`` …)."""
    header = next(entry for entry in entries if entry.msgid == "" and entry.context is None)
    pairs = (line.partition(":") for line in header.msgstr[0].splitlines() if ":" in line)
    return {name.strip(): value.strip() for name, _, value in pairs}


def read_mo(path: Path) -> dict[str, str]:
    """A compiled catalogue as stored: original (``context\\x04msgid\\x00plural``) → translation
    (plural forms joined by ``\\x00``)."""
    data = path.read_bytes()
    magic = struct.unpack("<I", data[:4])[0]
    order = "<" if magic == 0x950412DE else ">"
    _revision, count, originals, translations = struct.unpack(order + "4I", data[4:20])

    def string(table: int, index: int) -> str:
        length, offset = struct.unpack(
            order + "2I", data[table + 8 * index : table + 8 * index + 8]
        )
        return data[offset : offset + length].decode("utf-8")

    return {string(originals, i): string(translations, i) for i in range(count)}


def as_compiled(entries: list[Entry]) -> dict[str, str]:
    """What ``msgfmt`` makes of these entries (the translated, not fuzzy), keyed as a ``.mo`` is."""
    compiled = {}
    for entry in entries:
        if not any(entry.msgstr) or ("fuzzy" in entry.flags and entry.msgid):
            continue
        original = entry.msgid
        if entry.msgid_plural is not None:
            original += "\x00" + entry.msgid_plural
        if entry.context is not None:
            original = entry.context + "\x04" + original
        compiled[original] = "\x00".join(entry.msgstr)
    return compiled


def catalogues() -> list[Path]:
    """Every ``django.po`` of the project (not of the installed packages)."""
    return sorted(
        path
        for top in ROOT.iterdir()
        if top.is_dir() and not top.name.startswith(".") and top.name not in NOT_SCANNED
        for path in (
            [*top.rglob("locale/*/LC_MESSAGES/django.po")]
            if top.name != "locale"
            else [*top.glob("*/LC_MESSAGES/django.po")]
        )
    )


# Placeholders a translation must keep: %(name)s and %s in python-format messages, {name}
# anywhere, and HTML tags (by name, each opening and closing one).
PERCENT = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(?:\d+|\*)?(?:\.\d+)?[sdifrxXeEgGco%]")
BRACES = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*(?:![rsa])?(?::[^{}]*)?\}")
TAG = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9-]*)\b[^>]*>")


def kept(entry: Entry, text: str) -> list[str]:
    """The placeholders and tags of ``text`` that a translation of ``entry`` must have too."""
    found = sorted(BRACES.findall(text))
    if "python-format" in entry.flags:
        found += sorted(PERCENT.findall(text))
    found += sorted(tag[1] + tag[2].lower() for tag in TAG.finditer(text))
    return found


# Where the messages of a file go: the nearest app (a folder with apps.py) above it, whose own
# locale/ holds them; templates/ and seep_site/ go to the project's locale/.
PROJECT_FOLDERS = ("templates", "seep_site")


def home_of(path: Path) -> Path | None:
    """The folder whose ``locale/`` holds ``path``'s messages, or None if no catalogue would."""
    relative = path.relative_to(ROOT)
    if relative.parts[0] in PROJECT_FOLDERS:
        return ROOT
    for folder in [path.parent, *path.parent.parents]:
        if folder == ROOT:
            return None
        if (folder / "apps.py").exists():
            return folder
    return None


def scanned_files() -> Iterator[Path]:
    """The Python files and templates makemessages reads, in the project's own folders."""
    for top in sorted(ROOT.iterdir()):
        if not top.is_dir() or top.name.startswith(".") or top.name in NOT_SCANNED:
            continue
        for path in sorted(top.rglob("*")):
            skipped = "__pycache__" in path.parts or "migrations" in path.parts
            if path.suffix in (".py", ".html", ".txt") and not skipped:
                yield path


PYTHON_MARKS = {
    "_": 0,
    "gettext": 0,
    "gettext_lazy": 0,
    "gettext_noop": 0,
    "ngettext": 0,
    "ngettext_lazy": 0,
    "pgettext": 1,
    "pgettext_lazy": 1,
    "npgettext": 1,
    "npgettext_lazy": 1,
}
TEMPLATE_TRANSLATE = re.compile(
    r"""{%\s*trans(?:late)?\s+(?P<q>["'])(?P<text>.*?)(?P=q)"""
    r"""(?:\s+context\s+(?P<cq>["'])(?P<context>.*?)(?P=cq))?[^%]*%}"""
)
TEMPLATE_MARK = re.compile(r"{%\s*(?:trans|translate|blocktrans|blocktranslate)\b")


def marked_messages(path: Path) -> set[tuple[str | None, str]] | None:
    """(context, msgid) of the plain literal messages marked in a file, or None if it marks
    nothing. Blocks (blocktranslate) and strings made of pieces mark, but are not listed."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        if not any(name + "(" in text for name in PYTHON_MARKS):
            return None
        found: set[tuple[str | None, str]] = set()
        marks = False
        for node in ast.walk(ast.parse(text)):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if name not in PYTHON_MARKS:
                continue
            marks = True
            texts = [
                arg.value if isinstance(arg, ast.Constant) and isinstance(arg.value, str) else None
                for arg in node.args
            ]
            at = PYTHON_MARKS[name]
            message = texts[at] if len(texts) > at else None
            if message is not None and (not at or texts[0] is not None):
                found.add((texts[0] if at else None, message))
        return found if marks else None
    if not TEMPLATE_MARK.search(text):
        return None
    return {(match["context"], match["text"]) for match in TEMPLATE_TRANSLATE.finditer(text)}
