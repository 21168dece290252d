"""Every message catalogue is whole and compiled: each message translated, none fuzzy, every
placeholder and tag kept, its ``.mo`` made from its ``.po`` as it is now; and every offered or
begun language has a catalogue, holding each plain message, for every app that marks any.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings

from tests.i18n.catalogues import (
    ROOT,
    Entry,
    as_compiled,
    catalogues,
    header_of,
    home_of,
    kept,
    marked_messages,
    read_mo,
    read_po,
    scanned_files,
)

CATALOGUES = catalogues()


def shown(path: Path) -> str:
    return str(path.relative_to(ROOT))


def messages(path: Path) -> list[Entry]:
    return [entry for entry in read_po(path) if entry.msgid]


@pytest.mark.parametrize("po", CATALOGUES, ids=shown)
def test_the_header_names_the_language_its_charset_and_plurals(po: Path) -> None:
    header = header_of(read_po(po))

    assert header["Language"] == po.parent.parent.name
    assert header["Content-Type"] == "text/plain; charset=UTF-8"
    assert header["Plural-Forms"].startswith("nplurals=")


@pytest.mark.parametrize("po", CATALOGUES, ids=shown)
def test_every_message_is_translated_and_none_is_fuzzy(po: Path) -> None:
    entries = read_po(po)

    untranslated = [entry.msgid for entry in entries if entry.msgid and not all(entry.msgstr)]
    fuzzy = [entry.msgid or "(the header)" for entry in entries if "fuzzy" in entry.flags]
    assert not untranslated, f"{shown(po)}: not translated: {untranslated}"
    assert not fuzzy, f"{shown(po)}: fuzzy: {fuzzy}"


@pytest.mark.parametrize("po", CATALOGUES, ids=shown)
def test_translations_keep_placeholders_and_tags(po: Path) -> None:
    wrong = []
    for entry in messages(po):
        for form, translation in enumerate(entry.msgstr):
            source = entry.msgid if form == 0 or entry.msgid_plural is None else entry.msgid_plural
            if translation and kept(entry, translation) != kept(entry, source):
                wrong.append(f"line {entry.line}: {source!r} → {translation!r}")
    assert not wrong, f"{shown(po)}:\n" + "\n".join(wrong)


@pytest.mark.parametrize("po", CATALOGUES, ids=shown)
def test_the_compiled_catalogue_is_made_from_the_catalogue_as_it_is(po: Path) -> None:
    mo = po.with_suffix(".mo")
    assert mo.exists(), f"{shown(po)} is not compiled"
    compiled = read_mo(mo)
    expected = as_compiled(read_po(po))
    header = compiled.pop(""), expected.pop("")

    assert compiled == expected, f"{shown(mo)} is stale: compile {shown(po)} again"
    language = [line for line in header[1].splitlines() if line.startswith("Language:")]
    assert language and language[0] in header[0].splitlines()


def marked_by_home() -> dict[Path | None, set[tuple[str | None, str]]]:
    """The plain messages each catalogue home's files mark (None: files no catalogue takes)."""
    found: dict[Path | None, set[tuple[str | None, str]]] = {}
    for path in scanned_files():
        marked = marked_messages(path)
        if marked is not None:
            found.setdefault(home_of(path), set()).update(marked)
    return found


def missing_catalogues(language: str) -> list[str]:
    """What ``language`` lacks: each app that marks messages needs its catalogue, holding every
    plain message the app marks (made with makemessages as docs/translating.md says)."""
    missing = []
    for home, marked in marked_by_home().items():
        if home is None:
            missing.append("messages marked outside any app")
            continue
        po = home / "locale" / language / "LC_MESSAGES" / "django.po"
        if not po.exists():
            missing.append(f"{shown(po)} does not exist")
            continue
        held = {(entry.context, entry.msgid) for entry in messages(po)}
        missing += [f"{shown(po)} lacks {msgid!r}" for _, msgid in sorted(marked - held, key=str)]
    return missing


# Every offered language, and every language begun (one catalogue of it is enough): a language
# is translated whole, so a half-made one fails here before it is offered.
BEGUN = sorted(
    ({code for code, _name in settings.LANGUAGES} | {po.parent.parent.name for po in CATALOGUES})
    - {settings.LANGUAGE_CODE}
)


@pytest.mark.parametrize("language", BEGUN)
def test_every_language_begun_or_offered_has_every_catalogue_and_message(language: str) -> None:
    assert not missing_catalogues(language), "\n".join(missing_catalogues(language))


def test_a_language_without_catalogues_is_found_wanting() -> None:
    """The check above, for a language nobody has translated yet, reports every app."""
    missing = missing_catalogues("xx")

    assert "locale/xx/LC_MESSAGES/django.po does not exist" in missing
    assert "lessons/classroom/locale/xx/LC_MESSAGES/django.po does not exist" in missing
    assert "messages marked outside any app" not in missing


def test_the_plain_messages_of_a_template_and_a_module_are_found() -> None:
    base = marked_messages(ROOT / "templates" / "base.html")
    accounts = marked_messages(ROOT / "lessons" / "accounts.py")

    assert base is not None and (None, "Skip to content") in base
    assert accounts is not None and (None, "Only used to reset your password.") in accounts
    assert marked_messages(ROOT / "seep_site" / "health.py") is None
    assert home_of(ROOT / "lessons" / "classroom" / "views.py") == ROOT / "lessons" / "classroom"
    assert home_of(ROOT / "lessons" / "accounts.py") == ROOT / "lessons"
    assert home_of(ROOT / "templates" / "base.html") == ROOT


def test_placeholders_and_tags_are_told_apart_from_words() -> None:
    entry = Entry("Hello %(name)s, <b>{count}</b> new", [""], flags={"python-format"})

    assert kept(entry, entry.msgid) == ["{count}", "%(name)s", "/b", "b"]
    assert kept(entry, "%(name)s <b>{count}</b>") == kept(entry, entry.msgid)
    assert kept(entry, "%(nam)s <b>{count}</b>") != kept(entry, entry.msgid)
    assert kept(Entry("100%", [""]), "100%") == []  # not python-format: % is a percent sign
