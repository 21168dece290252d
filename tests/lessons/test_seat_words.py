"""No lesson, puzzle, rule book text or catalogue, in any language, calls a seat by a number ("seat
0", "Seat 3") or a team "team 0/1": seats are South, East, North and West, the teams North–South
and East–West (R4), and a player's own seat names the others partner, left and right."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
CONTENT = sorted(
    path
    for folder in ("lessons/course/data", "lessons/puzzles/data", "lessons/rules/data")
    for path in (ROOT / folder).rglob("*.toml")
)
CATALOGUES = sorted(
    path
    for path in ROOT.rglob("django.po")
    if ".venv" not in path.parts and "node_modules" not in path.parts
)

# A seat or a team by its number, in each language of the site.
NUMBERED = re.compile(
    r"""(?ix)
    \bseats?\s+\d | \bseat\s+%\( | \bteams?\s+[01]\b          # English
    | सीट(ों)?\s+\d | \bटीम\s+[01](?!\d)                         # Hindi
    | \bplads(erne)?\s+\d | \bhold\s+[01]\b                      # Danish
    | \d\.\s+hely | \b[01]-s\s+csapat | \b[01]\.\s+csapat        # Hungarian
    | суудал\s+\d | \d-р\s+суудал | \bбаг\s+[01](?!\d) | \d-р\s+баг  # Mongolian
    | \bupuan\s+\d | \bkoponan\s+[01]\b                          # Tagalog
    """
)


def numbered_seats(text: str) -> list[str]:
    """Each line of ``text`` that names a seat or a team by its number."""
    return [line.strip() for line in text.splitlines() if NUMBERED.search(line)]


@pytest.mark.parametrize(
    "said",
    [
        "Seats 0 and 2 are team 0.",
        "Who is seat 1's partner?",
        "सीट 1 और 3, साथी",
        "टीम 0 का स्कोर",
        "Plads 2 har lige spillet.",
        "hold 0's score",
        "A 2. hely most lépett.",
        "a 0-s csapat",
        "Суудал 2 дөнгөж тогложээ.",
        "1 ба 3-р суудал",
        "баг 0-ийн дүн",
        "Kakalaro lang ng upuan 2.",
        "koponan 1",
    ],
)
def test_the_check_finds_a_seat_or_team_said_by_number(said: str) -> None:
    assert numbered_seats(said) == [said]


@pytest.mark.parametrize(
    "said",
    [
        "North–South score 85 and East–West score 65.",
        "कोई टीम 100 या ज़्यादा अंक आगे",
        "Nord–Syd vinder baazien.",
        "hold 100",
        "Нэг баг 100 ба түүнээс дээш",
        "dealer=3 bid=11 plays=4 hands=4C,8H,KD/2H,6C/3S,9D/8D,QC",
    ],
)
def test_the_check_lets_names_and_other_numbers_be(said: str) -> None:
    assert numbered_seats(said) == []


@pytest.mark.parametrize("path", CONTENT, ids=lambda path: str(path.relative_to(ROOT)))
def test_no_content_names_a_seat_or_team_by_number(path: Path) -> None:
    assert numbered_seats(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda path: str(path.relative_to(ROOT)))
def test_no_catalogue_names_a_seat_or_team_by_number(path: Path) -> None:
    said = [
        line
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.startswith(("msgid", "msgstr", '"'))
    ]
    assert numbered_seats("\n".join(said)) == []
