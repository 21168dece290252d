"""The trainer's pages: right, wrong and illegal answers, ratings, modes, links, and that no
hidden card reaches a page."""

import datetime
import re
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import resolve, reverse

from lessons.models import AnswerRecord, Learner
from lessons.puzzles import trainer
from lessons.puzzles.addresses import address_of
from lessons.puzzles.aims import rated_prompt
from lessons.puzzles.collection import all_puzzles
from lessons.puzzles.models import PuzzleAttempt, PuzzlePlayer, PuzzleRating
from tests.lessons.markup import place, shown
from tests.puzzles.helpers import answer, first, get, not_in_hand, right, solving, wrong
from tests.web.markup import elements, text_of

pytestmark = pytest.mark.django_db

SWEEP = "classic-queen-sweep"


def rating(client: Client) -> float:
    return PuzzlePlayer.objects.get(learner__pk=client.session["learner_id"]).rating


def test_the_trainer_shows_a_puzzle_and_makes_no_learner_for_a_look(client: Client) -> None:
    response = client.get(reverse("puzzles:trainer"))
    assert response.status_code == 200
    html = response.content
    assert len(elements(html, "div", id="puzzle-body")) == 1
    assert elements(html, "section", id="seep-table")
    assert not Learner.objects.exists()


def test_a_right_answer_solves_it_records_it_and_raises_the_rating(client: Client) -> None:
    puzzle = get(SWEEP)
    response = answer(client, puzzle, {"move": right(puzzle)})
    html = response.content.decode()
    assert response.status_code == 200 and "<html" not in html  # htmx gets the body only
    assert "feedback-ok" in html and "Solved." in html
    assert "The answer" in html and "Captures the 3♠, 4♦ and 5♣ with the Q♦" in html
    record = AnswerRecord.objects.get()
    assert record.exercise == f"puzzle:{SWEEP}" and record.correct
    assert record.play == "capture QD: 3S 4D 5C"
    attempt = PuzzleAttempt.objects.get()
    assert attempt.solved and attempt.rating_after > attempt.rating_before == 1500
    assert rating(client) == attempt.rating_after
    assert PuzzleRating.objects.get(puzzle=SWEEP).rating < puzzle.rating
    assert "Your puzzle rating: 1500 →" in html


def test_a_full_page_answer_without_htmx(client: Client) -> None:
    puzzle = get(SWEEP)
    response = answer(client, puzzle, {"move": right(puzzle)}, htmx=False)
    assert b"<html" in response.content and b"Solved." in response.content


def test_a_legal_wrong_play_says_what_it_did_and_lowers_the_rating(client: Client) -> None:
    puzzle = get(SWEEP)
    response = answer(client, puzzle, {"move": str(wrong(puzzle))})
    html = response.content.decode()
    assert "feedback-no" in html and "That is a legal play, but the task was to sweep" in html
    assert "All 1 answers" not in html and "The answer" not in html  # not given away
    assert rating(client) < 1500
    assert PuzzleRating.objects.get(puzzle=SWEEP).rating > puzzle.rating
    after = rating(client)
    again = answer(client, puzzle, {"move": right(puzzle)})
    assert b"Solved." in again.content and b"this try is not rated" in again.content
    assert rating(client) == after  # only the first try counts
    assert PuzzleAttempt.objects.get().solved is False
    assert AnswerRecord.objects.count() == 2


def test_an_illegal_play_gets_the_engines_reason_and_rule_and_counts_for_nothing(
    client: Client,
) -> None:
    """As at the table: refused with its rule, not an answer (no record, no failed try)."""
    puzzle = get(SWEEP)
    response = answer(client, puzzle, {"card": "9C", "action": "throw"})
    (feedback,) = elements(response.content, "div", id="table-feedback")
    assert "feedback-no" in feedback.attrs["class"]
    assert "(R20)" in text_of(feedback) and "can't throw the 9♣" in text_of(feedback)
    assert not AnswerRecord.objects.exists() and not PuzzleAttempt.objects.exists()


def test_a_card_not_in_hand_is_refused_under_r13(client: Client) -> None:
    puzzle = get(SWEEP)
    response = answer(client, puzzle, {"card": not_in_hand(puzzle), "action": "throw"})
    assert "(R13)" in text_of(elements(response.content, "div", id="table-feedback")[0])


def test_an_ambiguous_attempt_offers_its_plays_and_records_nothing(client: Client) -> None:
    puzzle = get(SWEEP)
    response = answer(client, puzzle, {"card": "9C"})
    assert b"choose one" in response.content
    assert not AnswerRecord.objects.exists() and not PuzzleAttempt.objects.exists()


def test_showing_a_cards_plays_does_not_give_the_answer_away(client: Client) -> None:
    puzzle = get(SWEEP)
    response = answer(client, puzzle, {"card": "QD", "show": "1"}, mode="learn")
    buttons = [text_of(b) for b in shown(response.content)]
    assert buttons == ["Capture 3♠, 4♦ and 5♣ with the Q♦."]  # no "sweeps", no points
    assert not AnswerRecord.objects.exists()
    assert answer(client, puzzle, {"card": "QD", "show": "1"}).status_code == 400  # rated


@pytest.mark.parametrize(
    "data",
    [
        {"card": "ZZ"},
        {"move": "fly away"},
        {"card": "QD", "action": "juggle"},
        {"card": "QD", "house": ["²"]},
        {"card": "QD", "house": ["①"]},
        {"card": "QD", "action": "build", "value": "١٢"},
    ],
)
def test_garbage_gets_a_400_and_changes_nothing(client: Client, data: dict[str, object]) -> None:
    assert answer(client, get(SWEEP), data).status_code == 400
    assert not AnswerRecord.objects.exists()


def test_giving_up_lists_every_answer_and_counts_as_a_miss(client: Client) -> None:
    puzzle = get("classic-last-king")
    response = answer(client, puzzle, {"give_up": "1"})
    html = response.content.decode()
    assert "All 2 answers" in html and "Not this time." in html
    assert PuzzleAttempt.objects.get().solved is False


def test_a_yes_no_puzzle_whose_answer_is_no(client: Client) -> None:
    puzzle = first("can-you-sweep", possible=False)
    page = client.get(reverse("puzzles:puzzle", args=[puzzle.id])).content
    assert elements(page, "button", name="answer", value="no")
    assert all("disabled" in e.attrs for e in elements(page, "input", name="card"))
    response = answer(client, puzzle, {"answer": "no"})
    assert b"Solved." in response.content and b"No play here can sweep" in response.content
    assert PuzzleAttempt.objects.get().solved


def test_a_yes_no_puzzle_answered_yes_then_played(client: Client) -> None:
    puzzle = first("can-you-sweep", possible=True)
    said = answer(client, puzzle, {"answer": "yes"})
    html = said.content.decode()
    assert "It can be done. Now make the play." in html and "feedback-ok" in html
    assert elements(html, "input", name="said", value="yes")  # the table now takes the play
    assert not PuzzleAttempt.objects.exists()  # half an answer is not yet rated
    played = answer(client, puzzle, {"said": "yes", "move": right(puzzle)})
    assert b"Solved." in played.content
    assert PuzzleAttempt.objects.get().solved
    assert list(AnswerRecord.objects.values_list("play", flat=True)) == ["yes", right(puzzle)]


def test_a_yes_no_puzzle_answered_no_when_it_is_yes(client: Client) -> None:
    puzzle = first("can-you-sweep", possible=True)
    response = answer(client, puzzle, {"answer": "no"})
    assert b"Not this time." in response.content and b"You can:" in response.content
    assert not PuzzleAttempt.objects.get().solved
    assert answer(client, puzzle, {"answer": "maybe"}).status_code == 400


def test_an_ending_shows_every_hand_and_the_line_that_follows(client: Client) -> None:
    puzzle = first("ending")
    page = client.get(reverse("puzzles:puzzle", args=[puzzle.id])).content.decode()
    labels = {e.attrs.get("aria-label") for e in elements(page, "svg")}
    others = [c for s, hand in enumerate(puzzle.position.hands) if s != puzzle.seat for c in hand]
    assert others and all(card.name in labels for card in others)
    assert "Open cards" in page
    miss = answer(client, puzzle, {"move": str(wrong(puzzle))}).content.decode()
    assert "With best play on both sides after it" in miss and "The best play guarantees" in miss
    assert elements(miss, "ol", class_="replies")  # and the line it leads to
    solved = answer(client, puzzle, {"move": right(puzzle)}).content.decode()
    assert "Solved." in solved and "(guarantees" in solved
    line = elements(solved, "ol", class_="replies")
    assert line and len(elements(solved, "li")) >= 1


def test_no_hidden_card_reaches_a_puzzle_page(client: Client) -> None:
    for puzzle in [p for p in all_puzzles() if not p.question.open_cards][::7]:
        hidden = [
            c for s, hand in enumerate(puzzle.position.hands) if s != puzzle.seat for c in hand
        ]
        pages = [client.get(reverse("puzzles:puzzle", args=[puzzle.id])).content.decode()]
        if puzzle.kind == "play":
            pages.append(answer(client, puzzle, {"move": str(wrong(puzzle))}).content.decode())
            pages.append(answer(client, puzzle, {"give_up": "1"}).content.decode())
        for html in pages:
            labels = {e.attrs.get("aria-label") for e in elements(html, "svg")}
            values = {e.attrs.get("value") for e in elements(html, "input")}
            for card in hidden:
                assert card.name not in labels, (puzzle.id, card)
                assert str(card) not in values, (puzzle.id, card)


def test_next_puzzle_is_new_near_the_rating_and_in_the_chosen_themes(client: Client) -> None:
    puzzle = get(SWEEP)
    answer(client, puzzle, {"move": right(puzzle)})
    client.post(reverse("puzzles:themes"), {"theme": ["ending", "safe"]})
    seen = {SWEEP}
    for _ in range(3):
        page = client.get(reverse("puzzles:trainer")).content.decode()
        current = PuzzlePlayer.objects.get().current
        assert current not in seen and get(current).theme in ("ending", "safe")
        trainer_page = client.get(reverse("puzzles:trainer")).content.decode()
        assert trainer_page.count(address_of(current)) >= 1
        assert reverse("puzzles:answer", args=[current]) in page
        answer(client, get(current), {"give_up": "1"})
        seen.add(current)
    checked = elements(client.get(reverse("puzzles:trainer")).content, "input", name="theme")
    assert {e.attrs["value"] for e in checked if "checked" in e.attrs} == {"ending", "safe"}


def test_the_next_puzzle_stays_put_until_it_is_tried(client: Client) -> None:
    answer(client, get(SWEEP), {"give_up": "1"})
    client.get(reverse("puzzles:trainer"))
    current = PuzzlePlayer.objects.get().current
    client.get(reverse("puzzles:trainer"))
    assert PuzzlePlayer.objects.get().current == current


def test_streak_mode_climbs_until_the_first_miss(client: Client) -> None:
    start = client.get(reverse("puzzles:streak"))
    assert start.status_code == 200 and b"Puzzle streak" in start.content
    for count in (1, 2):
        page = client.get(reverse("puzzles:streak")).content.decode()
        puzzle_id = PuzzlePlayer.objects.get().streak_puzzle if count > 1 else None
        if puzzle_id is None:
            given_up_at = elements(page, "form", class_="give-up")[0].attrs["action"]
            puzzle_id = resolve(given_up_at).kwargs["puzzle_id"]
        puzzle = get(puzzle_id)
        solved = answer(client, puzzle, solving(puzzle), mode="streak")
        assert b"Solved." in solved.content
        player = PuzzlePlayer.objects.get()
        assert player.streak == count and player.best_streak == count
    third = get(PuzzlePlayer.objects.get().streak_puzzle or _next_streak(client))
    missed = answer(client, third, {"give_up": "1"}, mode="streak")
    assert b"Streak over." in missed.content and b"You solved 2 puzzles in a row." in missed.content
    player = PuzzlePlayer.objects.get()
    assert player.streak == 0 and player.best_streak == 2 and player.streak_seen == []


def _next_streak(client: Client) -> str:
    client.get(reverse("puzzles:streak"))
    return PuzzlePlayer.objects.get().streak_puzzle


def test_the_daily_puzzle_is_the_same_for_everyone_on_a_date(client: Client) -> None:
    other = Client()
    day = datetime.date(2026, 3, 14)
    with mock.patch("django.utils.timezone.localdate", return_value=day):
        ours = client.get(reverse("puzzles:daily")).content.decode()
        theirs = other.get(reverse("puzzles:daily")).content.decode()
    today = trainer.daily_puzzle(day)
    assert reverse("puzzles:answer", args=[today.id]) in ours
    assert reverse("puzzles:answer", args=[today.id]) in theirs
    days = {trainer.daily_puzzle(datetime.date(2026, 1, d)).id for d in range(1, 29)}
    assert len(days) > 10  # it changes from day to day
    with mock.patch("django.utils.timezone.localdate", return_value=datetime.date(2026, 1, 5)):
        page = client.get(reverse("puzzles:daily")).content.decode()
    that_day = trainer.daily_puzzle(datetime.date(2026, 1, 5))
    assert reverse("puzzles:answer", args=[that_day.id]) in page
    assert "5 January 2026" in page


def test_retry_the_ones_missed(client: Client) -> None:
    puzzle = get(SWEEP)
    answer(client, puzzle, {"move": str(wrong(puzzle))})
    answer(client, puzzle, {"move": right(puzzle)})  # right at once: still a miss to retry
    page = client.get(reverse("puzzles:retry")).content.decode()
    assert reverse("puzzles:puzzle", args=[SWEEP]) + "?mode=retry" in page
    retry_page = client.get(reverse("puzzles:puzzle", args=[SWEEP]) + "?mode=retry")
    assert b"Retrying a miss" in retry_page.content
    before = rating(client)
    solved = answer(client, puzzle, {"move": right(puzzle)}, mode="retry")
    assert b"Back to your misses" in solved.content
    assert rating(client) == before
    assert PuzzleAttempt.objects.get().solved_later
    assert b"Nothing to retry" in client.get(reverse("puzzles:retry")).content


def test_every_puzzle_has_a_shareable_link(client: Client) -> None:
    puzzle = first("cement")
    response = client.get(reverse("puzzles:puzzle", args=[puzzle.id]))
    assert response.status_code == 200
    share = elements(response.content, "input", id="share-link")[0].attrs["value"]
    assert share == "http://testserver" + reverse("puzzles:puzzle", args=[puzzle.id])
    assert rated_prompt(puzzle) in text_of(
        elements(response.content, "p", class_="puzzle-prompt")[0]
    )
    assert client.get(reverse("puzzles:puzzle", args=["no-such-puzzle"])).status_code == 404
    assert client.post(reverse("puzzles:answer", args=["no-such"])).status_code == 404


def test_the_dashboard_shows_history_and_strong_and_weak_themes(client: Client) -> None:
    empty = client.get(reverse("puzzles:dashboard"))
    assert empty.status_code == 200 and b"No puzzles tried yet." in empty.content
    sweeps = [p for p in all_puzzles() if p.theme == "sweep"][:2]
    safes = [p for p in all_puzzles() if p.theme == "safe"][:2]
    for p in sweeps:
        answer(client, p, {"move": right(p)})
    for p in safes:
        answer(client, p, {"give_up": "1"})
    html = client.get(reverse("puzzles:dashboard")).content.decode()
    strong = text_of(elements(html, "section")[0])
    assert "Strong: Sweep." in strong and "Work on: Safe play." in strong
    history = elements(html, "ol", class_="puzzle-history")
    assert history and len([e for e in elements(html, "li") if "ol" in e.ancestors]) >= 4
    d = trainer.dashboard(Learner.objects.get())
    assert (d.tries, d.solved, d.missed) == (4, 2, 2)


def test_sign_in_keeps_the_rating_and_tries(client: Client) -> None:
    user = get_user_model().objects.create_user("meera", password="seep-school-9")
    puzzle = get(SWEEP)
    answer(client, puzzle, {"move": right(puzzle)})
    earned = rating(client)
    assert client.login(username="meera", password="seep-school-9")
    learner = Learner.objects.get(user=user)
    assert Learner.objects.count() == 1
    assert PuzzlePlayer.objects.get(learner=learner).rating == earned
    assert PuzzleAttempt.objects.get().learner == learner
    page = client.get(reverse("puzzles:trainer")).content.decode()
    assert f"<strong>{earned:.0f}</strong>" in page


def test_signing_in_to_an_account_with_more_tries_keeps_its_rating(client: Client) -> None:
    user = get_user_model().objects.create_user("dev", password="seep-school-9")
    account = Client()
    account.force_login(user)
    for p in [p for p in all_puzzles() if p.theme == "sweep"][:2]:
        answer(account, p, {"move": right(p)})
    kept = PuzzlePlayer.objects.get(learner__user=user).rating
    answer(client, get("classic-last-king"), {"give_up": "1"})
    answer(client, get(SWEEP), {"give_up": "1"})  # tried on the account too: the account's stays
    assert client.login(username="dev", password="seep-school-9")
    player = PuzzlePlayer.objects.get(learner__user=user)
    assert player.rating == kept and PuzzleAttempt.objects.filter(learner__user=user).count() == 3
    assert PuzzleAttempt.objects.get(learner__user=user, puzzle=SWEEP).solved


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("puzzles:trainer", []),
        ("puzzles:streak", []),
        ("puzzles:daily", []),
        ("puzzles:retry", []),
        ("puzzles:dashboard", []),
        ("puzzles:puzzle", [SWEEP]),
        ("puzzles:puzzle", ["classic-no-sweep-with-house"]),
        ("puzzles:editor", []),
        ("puzzles:mine", []),
    ],
)
def test_puzzle_pages_have_one_heading_and_keep_to_the_csp(
    client: Client, name: str, args: list[str]
) -> None:
    client.force_login(get_user_model().objects.create_user("lal"))
    answer(client, first("safe"), {"give_up": "1"})  # something in history and misses
    html = client.get(reverse(name, args=args)).content.decode()
    assert len(elements(html, "h1")) == 1
    assert not elements(html, "style")
    assert not [e for e in elements(html) if "style" in e.attrs]
    assert not [e for e in elements(html) if any(a.startswith("on") for a in e.attrs)]
    assert all("nonce" in s.attrs for s in elements(html, "script"))
    ids = [e.attrs["id"] for e in elements(html) if "id" in e.attrs]
    assert len(ids) == len(set(ids)), "ids are unique"


def test_a_solved_puzzle_says_so_after_the_table_with_the_rating_and_the_next_puzzle(
    client: Client,
) -> None:
    """What the answer earned comes where the eyes are: right after the table, in the order it is
    read (the verdict, the rating, the next puzzle, which takes the focus), then the answers."""
    puzzle = get(SWEEP)
    page = answer(client, puzzle, {"move": right(puzzle)}).content.decode()
    order = [
        place(page, "div", class_="scores"),
        place(page, "div", id="verdict"),
        place(page, "p", class_="rating-change"),
        place(page, "a", class_="button button-primary"),
        place(page, "section", class_="puzzle-answers"),
    ]
    assert order == sorted(order)
    assert elements(page, "div", id="verdict")[0].attrs["role"] == "alert"
    assert elements(page, "p", class_="rating-change")[0].attrs["role"] == "status"
    focused = [e for e in elements(page) if "autofocus" in e.attrs]
    assert [text_of(e) for e in focused] == ["Next puzzle"]


def test_a_wrong_play_is_told_under_the_hand_with_its_rating_change(client: Client) -> None:
    puzzle = get(SWEEP)
    page = answer(client, puzzle, {"move": str(wrong(puzzle))}).content.decode()
    (feedback,) = elements(page, "div", id="table-feedback")
    assert feedback.attrs["role"] == "alert"  # announced, with the rating change in it
    (note,) = elements(page, "p", class_="feedback-note")
    assert "feedback-note" in page[page.index('id="table-feedback"') :].split("</div>")[0]
    assert re.fullmatch(r"Your puzzle rating: 1500 → 1\d{3} \(−\d+\)", text_of(note))
    assert not elements(page, "p", class_="rating-change")  # said once, where the eyes are
    assert not [e for e in elements(page) if "autofocus" in e.attrs]  # the table's script: the hand


def test_the_trainer_starts_with_the_puzzle_and_folds_the_rest_away(client: Client) -> None:
    """On a phone the table must be in view: the introduction and the themes fold into one line
    above the puzzle, and the other ways to train come after it."""
    page = client.get(reverse("puzzles:trainer")).content.decode()
    intro = elements(page, "details", class_="puzzle-intro")
    assert len(intro) == 1 and "open" not in intro[0].attrs
    in_main = [summary for summary in elements(page, "summary") if "main" in summary.ancestors]
    assert "Themes: all" in text_of(in_main[0])  # the header's language menu is a summary too
    for folded in [*elements(page, "p", class_="lead"), *elements(page, "input", name="theme")]:
        assert "details" in folded.ancestors
    assert place(page, "details", class_="puzzle-intro") < place(page, "section", id="seep-table")
    assert place(page, "section", id="seep-table") < place(page, "section", class_="puzzle-modes")
    with mock.patch("lessons.puzzles.trainer.next_puzzle", return_value=None):
        done = client.get(reverse("puzzles:trainer")).content.decode()
    assert "open" in elements(done, "details", class_="puzzle-intro")[0].attrs  # choose more
