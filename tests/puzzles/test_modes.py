"""Rated puzzles tell only the aim and give no help from the table; learning and homework tell
the theme and task, list a card's plays and move no rating; homework leads back to itself."""

import re

import pytest
from django.test import Client
from django.urls import resolve, reverse

from lessons.puzzles.aims import rated_prompt
from lessons.puzzles.collection import all_puzzles
from lessons.puzzles.models import PuzzleAttempt, PuzzlePlayer
from lessons.puzzles.themes import theme_title
from tests.puzzles.helpers import answer, get, right, solving
from tests.web.markup import elements, text_of

pytestmark = pytest.mark.django_db

SWEEP = "classic-queen-sweep"  # the Q♦ takes 3♠ 4♦ 5♣ and sweeps
HOMEWORK = "/classroom/my-homework/5/"


def prompt(html: str | bytes) -> str:
    return text_of(elements(html, "p", class_="puzzle-prompt")[0])


def tags(html: str | bytes) -> list[str]:
    return [text_of(t) for t in elements(html, "span", class_="tag") if "p" in t.ancestors]


def test_a_rated_puzzle_tells_only_the_aim_and_the_table_lists_no_plays(client: Client) -> None:
    puzzle = get(SWEEP)
    page = client.get(reverse("puzzles:puzzle", args=[SWEEP])).content.decode()
    assert prompt(page) == "Your move: win as many points as you can." != puzzle.prompt
    assert text_of(elements(page, "h1")[0]) == "Puzzle"
    assert "Sweep" not in tags(page) and "Sweep" not in text_of(elements(page, "nav")[0])
    assert not elements(page, "div", class_="options")  # no "What can this card do?"
    actions = {e.attrs["value"] for e in elements(page, "button", name="action")}
    assert actions == {"capture", "build", "break", "throw"}
    # Played with the action buttons, the engine judges the attempt.
    data = {"card": "QD", "loose": ["3S", "4D", "5C"], "action": "capture"}
    solved = answer(client, puzzle, data).content.decode()
    assert "Solved." in solved and theme_title(puzzle.theme) in tags(solved)
    told = text_of(elements(solved, "p", class_="puzzle-theme-told")[0])
    assert told == f"Theme: Sweep. The task: {puzzle.prompt}"
    assert PuzzleAttempt.objects.get().solved


def test_the_trainer_asks_in_game_terms_and_names_no_kind_of_play(client: Client) -> None:
    page = client.get(reverse("puzzles:trainer")).content.decode()
    assert not elements(page, "div", class_="options")
    for puzzle in all_puzzles():
        aim = rated_prompt(puzzle).lower()
        for goal in puzzle.goals:  # the kind of play asked for is not named
            if goal.name in ("sweep", "build", "cement", "break"):
                assert not re.search(rf"\b{goal.name}", aim), (puzzle.id, aim)
        assert aim != puzzle.prompt.lower(), puzzle.id


def test_learning_tells_the_theme_lists_the_plays_and_rates_nothing(client: Client) -> None:
    page = client.get(reverse("puzzles:learn")).content.decode()
    assert text_of(elements(page, "h1")[0]) == "Learn with puzzles"
    given_up_at = elements(page, "form", class_="give-up")[0].attrs["action"]
    puzzle = get(resolve(given_up_at).kwargs["puzzle_id"])
    assert prompt(page) == puzzle.prompt and theme_title(puzzle.theme) in tags(page)
    assert "Not rated" in tags(page)
    if puzzle.kind != "yes-no":
        assert elements(page, "div", class_="options")  # what a chosen card can do
    done = answer(client, puzzle, solving(puzzle), mode="learn").content.decode()
    assert "Solved." in done
    assert not PuzzleAttempt.objects.exists()
    assert PuzzlePlayer.objects.get().rating == 1500.0
    (next_link,) = elements(done, "a", autofocus="")
    assert next_link.attrs["href"] == reverse("puzzles:learn")


def test_homework_moves_no_rating_and_leads_back_to_the_homework(client: Client) -> None:
    puzzle = get(SWEEP)
    url = reverse("puzzles:puzzle", args=[SWEEP]) + f"?mode=homework&back={HOMEWORK}"
    page = client.get(url).content.decode()
    assert elements(page, "input", name="back", value=HOMEWORK)
    assert prompt(page) == puzzle.prompt and "Homework" in tags(page)
    done = answer(client, puzzle, {"move": right(puzzle), "back": HOMEWORK}, mode="homework")
    html = done.content.decode()
    (back,) = elements(html, "a", autofocus="")
    assert back.attrs["href"] == HOMEWORK and text_of(back) == "Back to your homework"
    assert "hx-get" not in back.attrs  # a page of its own, not a puzzle in place
    assert not PuzzleAttempt.objects.exists()
    assert PuzzlePlayer.objects.get().rating == 1500.0
    # Met in homework, the puzzle is known: its own page does not rate it either.
    again = client.get(reverse("puzzles:puzzle", args=[SWEEP])).content.decode()
    assert "You have met this one before: this try is not rated." in again
    answer(client, puzzle, {"move": right(puzzle)})
    assert not PuzzleAttempt.objects.exists()


@pytest.mark.parametrize("back", ["https://elsewhere.example/", "//elsewhere.example/x", "x"])
def test_homework_leads_back_only_to_a_page_of_this_site(client: Client, back: str) -> None:
    url = reverse("puzzles:puzzle", args=[SWEEP]) + "?mode=homework"
    page = client.get(url, {"back": back}).content.decode()
    assert not elements(page, "input", name="back")
    done = answer(client, get(SWEEP), {"move": right(get(SWEEP)), "back": back}, mode="homework")
    (link,) = elements(done.content, "a", autofocus="")
    assert link.attrs["href"] == reverse("puzzles:trainer")


def test_next_puzzle_takes_the_place_of_the_last_one(client: Client) -> None:
    puzzle = get(SWEEP)
    page = answer(client, puzzle, {"move": right(puzzle)}, mode="rated").content.decode()
    (link,) = elements(page, "a", autofocus="")
    assert link.attrs["href"] == link.attrs["hx-get"] == reverse("puzzles:trainer")
    assert link.attrs["hx-select"] == link.attrs["hx-target"] == "#puzzle-page"
    assert "show:#puzzle-body:top" in link.attrs["hx-swap"]
    trainer_page = client.get(reverse("puzzles:trainer")).content
    assert elements(trainer_page, "div", id="puzzle-page")
    assert elements(trainer_page, "div", id="puzzle-body")


def test_a_play_the_rules_refuse_is_no_answer_and_moves_no_rating(client: Client) -> None:
    """As at the table: the Q♦ "captures" with nothing picked, which R18 refuses (a capture
    takes everything it can); the puzzle is still to solve, and the right play is its first."""
    puzzle = get(SWEEP)
    client.get(reverse("puzzles:puzzle", args=[SWEEP]))
    refused = answer(client, puzzle, {"card": "QD", "action": "capture"}).content.decode()
    assert "R18" in refused and "Solved." not in refused
    assert "Your puzzle rating" not in refused
    assert not PuzzleAttempt.objects.exists()
    ratings = list(PuzzlePlayer.objects.values_list("rating", flat=True))
    assert ratings in ([], [1500.0])
    sweep = {"card": "QD", "loose": ["3S", "4D", "5C"], "action": "capture"}
    solved = answer(client, puzzle, sweep)
    assert "Solved." in solved.content.decode()
    (attempt,) = PuzzleAttempt.objects.all()
    assert attempt.solved  # the first answer, solved at once
