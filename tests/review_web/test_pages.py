"""The review pages of a practice deal: asking for the review, its progress, the summary and the
plays, one play on the table from the human's seat, and trying it again."""

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django_tasks_db.models import DBTaskResult

from game.engine import CardMove, describe
from game.review import Mark, ReviewedPlay, view_before
from game.review_web import reviews
from game.tables import review as practice_reviews
from game.tables.models import Game, SeatReview
from game.web import busy
from game.web.busy import ExpertSlot
from lessons.puzzles.themes import REVIEW_THEMES
from tests.review_web.helpers import (
    finished_game,
    play_link,
    play_to_the_end,
    review_url,
    reviewed,
)
from tests.tables.practice.helpers import HUMAN, assert_nothing_hidden, new_game, url
from tests.web.markup import elements, text_of

pytestmark = pytest.mark.django_db

Status = SeatReview.Status
HTMX = {"HX-Request": "true"}
SYMBOLS = {"good": "✓", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}


def page(client: Client, address: str, **kw) -> str:
    response = client.get(address, **kw)
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def worst(plays: tuple[ReviewedPlay, ...]) -> ReviewedPlay:
    return max(plays, key=lambda play: play.loss)


def feedback(html: str) -> tuple[str, str]:
    """The table's verdict under the hand: its class and its words."""
    (box,) = elements(html, "div", id="table-feedback")
    return box.attrs["class"], text_of(box)


def puzzle_forms(html: str) -> dict[str, tuple[str, ...]]:
    """The summary's forms to the puzzles: each theme line's label, and the themes it posts."""
    found = {}
    action = reverse("puzzles:themes")
    for line in re.findall(r"<li>(.*?)</li>", html, re.S):
        form = re.search(rf'<form method="post" action="{action}">(.*?)</form>', line, re.S)
        if form:
            label = re.sub(r"<[^>]+>", "", line).split(":")[0].strip()
            found[label] = tuple(re.findall(r'name="theme" value="([^"]+)"', form.group(1)))
    return found


def answering(game: Game, data: dict[str, Any]) -> dict[str, Any]:
    """A try's form as the try page posts it: saying which review it answers."""
    return {"review": str(SeatReview.objects.get(table=game).pk), **data}


def post_try(client: Client, game: Game, number: int, data: dict[str, Any], **kw):
    address = review_url(game, "review_try_answer", number)
    return client.post(address, answering(game, data), headers=HTMX, **kw)


# ---- asking for a review ----------------------------------------------------------------------


def test_the_score_sheet_offers_the_review_of_the_deal(client: Client) -> None:
    game, _ = finished_game(client)
    html = page(client, url("table", game))
    (link,) = elements(html, "a", href=review_url(game))
    assert text_of(link) == "Review this deal"


def test_the_replay_offers_the_review_once_the_deal_is_over(client: Client) -> None:
    game = new_game(client)
    play_to_the_end(game, stop_before_last=True)
    replay = url("replay", game) + "?deal=1&step=99"
    assert not elements(page(client, replay), "a", href=review_url(game))
    play_to_the_end(game)
    assert elements(page(client, replay), "a", href=review_url(game))


def review_url_of_deal(game: Game, deal: int) -> str:
    return reverse("tables:review", args=[game.code, deal, HUMAN + 1])


def test_a_deal_still_being_played_has_no_review(client: Client) -> None:
    game = new_game(client)
    play_to_the_end(game, stop_before_last=True)
    assert client.get(review_url(game)).status_code == 404
    assert client.get(review_url(game, "review_progress")).status_code == 404
    for deal in (0, 2, 10**17):
        assert client.get(review_url_of_deal(game, deal)).status_code == 404
    # A number too long to be a deal's is no review's address at all.
    too_long = review_url_of_deal(game, 1).replace("/review/1/", f"/review/{10**30}/")
    assert client.get(too_long).status_code == 404
    assert not SeatReview.objects.exists()


def test_only_the_owner_sees_the_review(client: Client) -> None:
    game, _ = finished_game(client)
    review = reviewed(client, game)
    number = worst(review.plays).number
    stranger = Client()
    for address in (
        review_url(game),
        review_url(game, "review_progress"),
        review_url(game, "review_play", number),
        review_url(game, "review_try", number),
    ):
        assert stranger.get(address).status_code == 404, address
    answer = review_url(game, "review_try_answer", number)
    assert stranger.post(answer, {"move": str(review.plays[0].best)}).status_code == 404
    assert stranger.post(review_url(game, "review_again")).status_code == 404


# ---- progress ---------------------------------------------------------------------------------


def test_the_page_shows_the_progress_until_the_review_is_done(client: Client) -> None:
    game, _ = finished_game(client)
    html = page(client, review_url(game))
    (body,) = elements(html, "div", id="review-body")
    assert body.attrs["hx-get"] == review_url(game, "review_progress") + "?status=queued&done=0"
    assert body.attrs["hx-trigger"] == "every 1s"
    (bar,) = elements(html, "progress")
    assert "value" not in bar.attrs  # waiting: no amount yet
    assert "Waiting for the reviewer" in text_of(body)

    SeatReview.objects.update(status=Status.RUNNING, done=5)
    html = page(client, review_url(game))  # a reload shows where it is
    (bar,) = elements(html, "progress")
    assert (bar.attrs["value"], bar.attrs["max"]) == ("5", "12")
    assert "Reviewing your plays: 5 of 12" in html
    assert elements(html, "a", href=review_url(game))  # without JavaScript: look again


def test_the_progress_poll_answers_204_while_nothing_changed(client: Client) -> None:
    game, _ = finished_game(client)
    client.get(review_url(game))
    poll = review_url(game, "review_progress")

    response = client.get(poll + "?status=queued&done=0", headers=HTMX)
    assert response.status_code == 204
    assert response.content == b""

    SeatReview.objects.update(status=Status.RUNNING, done=3)
    response = client.get(poll + "?status=queued&done=0", headers=HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html
    (body,) = elements(html, "div", id="review-body")
    assert body.attrs["hx-get"] == poll + "?status=running&done=3"
    assert client.get(poll + "?status=running&done=3", headers=HTMX).status_code == 204

    review = reviewed(client, game)
    html = client.get(poll + "?status=running&done=3", headers=HTMX).content.decode()
    (body,) = elements(html, "div", id="review-body")
    assert "hx-get" not in body.attrs  # done: no more polling
    (news,) = elements(html, "p", id="review-news")
    assert news.attrs["hx-swap-oob"] == "innerHTML"
    assert text_of(news) == f"The review is ready: accuracy {round(review.accuracy)}."


def test_the_poll_of_a_review_asked_for_reads_only_its_row(
    client: Client, monkeypatch: pytest.MonkeyPatch, django_assert_max_num_queries
) -> None:
    """Every open review page polls once a second: an unchanged one costs the session, the game
    and the review's row, and no replay of the match."""
    game, _ = finished_game(client)
    client.get(review_url(game))

    def never(*args):
        raise AssertionError("the match was loaded for a poll")

    monkeypatch.setattr(practice_reviews, "finished", never)
    with django_assert_max_num_queries(3):
        response = client.get(review_url(game, "review_progress") + "?status=queued&done=0")
    assert response.status_code == 204


def test_a_failed_review_says_so_and_is_queued_again_when_asked(
    client: Client, django_capture_on_commit_callbacks
) -> None:
    game, _ = finished_game(client)
    with django_capture_on_commit_callbacks(execute=True):
        client.get(review_url(game))
    SeatReview.objects.update(status=Status.FAILED)
    html = page(client, review_url(game))
    assert "The review of this deal failed." in html
    (form,) = elements(html, "form", action=review_url(game, "review_again"))

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(review_url(game, "review_again"))
    assert response.status_code == 302 and response["Location"] == review_url(game)
    assert SeatReview.objects.get().status == Status.QUEUED
    assert DBTaskResult.objects.filter(status="READY").count() == 2


# ---- the summary and the plays ----------------------------------------------------------------


def test_the_summary_gives_the_accuracy_the_marks_and_where_the_points_went(
    client: Client,
) -> None:
    game, record = finished_game(client)
    review = reviewed(client, game)
    html = page(client, review_url(game))

    (figure,) = elements(html, "span", class_="accuracy-figure")
    assert text_of(figure) == str(round(review.accuracy))
    (counts,) = elements(html, "ul", class_="mark-counts")
    blunders = len(review.marked(Mark.BLUNDER))
    assert blunders > 1, "the careless human's deal has blunders to mark"
    assert f"?? {blunders} blunders" in text_of(counts)

    lost = review.lost_by_theme
    assert lost
    shown = theme_lines(html)
    for theme, points in lost.items():
        label = theme.label
        assert abs(shown[label] - points) < 1
        (line,) = [item for item in elements(html, "li") if text_of(item).startswith(label)]
        trains = puzzle_forms(html).get(label)
        if not REVIEW_THEMES[theme]:
            assert trains is None and "Train" not in line.text
        else:
            assert trains == REVIEW_THEMES[theme]


def theme_lines(html: str) -> dict[str, int]:
    """The summary's "where the points went": each line's label and points."""
    (box,) = re.findall(r'<ul class="theme-losses">(.*?)</ul>', html, re.S)
    lines = [text_of(item) for item in elements(box, "li")]
    found = (re.match(r"(.+): (\d+) points?", line) for line in lines)
    return {match.group(1): int(match.group(2)) for match in found if match}


def test_where_the_points_went_adds_up_to_the_points_lost(client: Client) -> None:
    """Every point lost is on a line: the themes of the marked plays, and the small slips of
    the plays marked good, in whole points that add up to the figure above them."""
    game, _ = finished_game(client)
    review = reviewed(client, game)
    html = page(client, review_url(game))
    total = round(review.points_lost)
    (title,) = [e for e in elements(html, "h3") if text_of(e).startswith("Where the")]
    assert text_of(title) == f"Where the {total} points went"
    shown = theme_lines(html)
    assert sum(shown.values()) == total
    slips = shown.get("Small slips in plays marked good", 0)
    assert abs(slips - review.lost_in_good_plays) < 1
    assert review.lost_in_good_plays > 0.5, "the careless human's deal has slips too"


def test_whole_points_add_up_to_the_rounded_total() -> None:
    assert reviews.whole_points([2.5, 2.5, 1.0], 6) in ([3, 2, 1], [2, 3, 1])
    for shares in ([2.6, 2.6, 2.6], [0.4, 0.4, 0.4], [10.49, 0.02], [3.5, 0.5]):
        total = round(sum(shares))
        whole = reviews.whole_points(shares, total)
        assert sum(whole) == total
        assert all(abs(w - s) < 1 for w, s in zip(whole, shares, strict=True))


def test_a_theme_link_opens_the_puzzles_of_its_themes(client: Client) -> None:
    """The summary's form posts what the puzzles' theme chooser posts."""
    slugs = REVIEW_THEMES[next(iter(REVIEW_THEMES))]
    response = client.post(reverse("puzzles:themes"), {"theme": list(slugs), "mode": "learn"})
    assert response.status_code == 302
    assert response["Location"] == reverse("puzzles:learn")


def test_every_play_is_listed_with_its_mark_the_best_play_and_why(client: Client) -> None:
    game, record = finished_game(client)
    review = reviewed(client, game)
    html = page(client, review_url(game))
    items = [e for e in elements(html, "li") if "review-play " in e.attrs.get("class", "")]
    assert len(items) == len(review.plays) == 12
    for item, play in zip(items, review.plays, strict=True):
        text = text_of(item)
        view = view_before(record, play.index)
        assert item.attrs["class"] == f"review-play mark-{play.mark.value}"
        assert f"Play {play.number} {SYMBOLS[play.mark.value]} {play.mark.value}" in text
        assert f"You: {describe(view, play.played)}" in text
        if play.best != play.played:
            assert f"Best: {describe(view, play.best)}" in text
        else:
            assert "Best:" not in text
        assert play.reason in text
    links = [a.attrs["href"] for a in elements(html, "a") if "/review/1/" in a.attrs["href"]]
    for play in review.plays:
        assert play_link(game, play.number) in links


def test_a_play_is_shown_as_the_seat_saw_it_and_nothing_it_could_not_see(client: Client) -> None:
    game, record = finished_game(client)
    review = reviewed(client, game)
    for play in review.plays:
        html = page(client, review_url(game, "review_play", play.number))
        before = record.positions[play.index]
        assert_nothing_hidden(html, before)
        hand = {e.attrs["value"] for e in elements(html, "input", name="card")}
        assert hand == {str(card) for card in before.hands[HUMAN]}
        assert all("disabled" in e.attrs for e in elements(html, "input", name="card"))
        log = [e for e in elements(html, "li") if "log-entry" in e.attrs.get("class", "").split()]
        assert len(log) == play.index  # the plays made before this one, the bid included
        (verdict,) = elements(html, "section", class_=f"review-verdict mark-{play.mark.value}")
        assert play.mark.value.capitalize() in text_of(verdict)
        (current,) = elements(html, "a", aria_current="page")
        assert current.attrs["href"] == play_link(game, play.number)


def test_a_play_page_marks_the_best_card_in_the_hand_and_says_how_the_play_was_judged(
    client: Client,
) -> None:
    """The best play's card is framed and labelled "best", for a screen reader too; how many
    imagined deals judged the play is a line of details, never the reason."""
    game, _ = finished_game(client)
    review = reviewed(client, game)
    for play in review.plays:
        html = page(client, review_url(game, "review_play", play.number))
        marked = re.findall(r'<label class="pick pick-hand is-best">(.*?)</label>', html, re.S)
        assert len(marked) == 1, play.number
        (card,) = elements(marked[0], "input", name="card")
        assert isinstance(play.best, CardMove) and card.attrs["value"] == str(play.best.card)
        (tag,) = elements(marked[0], "span", class_="best-tag")
        assert text_of(tag) == "best (the best play uses this card)"
        (verdict,) = re.findall(r'<section class="review-verdict.*?</section>', html, re.S)
        details = elements(verdict, "p", class_="review-details")
        if play.forced:
            assert not details
            continue
        (line,) = details
        assert text_of(line) == f"Judged over {play.samples} imagined deals"
        assert "imagined" not in play.reason


def test_a_play_page_leads_to_the_plays_beside_it_and_to_try_again(client: Client) -> None:
    game, _ = finished_game(client)
    review = reviewed(client, game)
    first, second = review.plays[0], review.plays[1]
    html = page(client, review_url(game, "review_play", first.number))
    assert not elements(html, "a", rel="prev")
    (after,) = elements(html, "a", rel="next")
    assert after.attrs["href"] == play_link(game, second.number)
    (again,) = elements(html, "a", href=review_url(game, "review_try", first.number))
    assert text_of(again) == "Try again from here"


def test_a_forced_play_has_nothing_to_try(client: Client) -> None:
    game, _ = finished_game(client)
    review = reviewed(client, game)
    forced = [play for play in review.plays if play.forced]
    assert forced, "the last play of the deal is forced: one card left"
    number = forced[0].number
    html = page(client, review_url(game, "review_play", number))
    assert not elements(html, "a", href=review_url(game, "review_try", number))
    assert client.get(review_url(game, "review_try", number)).status_code == 404
    assert post_try(client, game, number, {"move": str(forced[0].played)}).status_code == 404


def test_a_play_page_waits_for_the_review_and_a_play_not_made_is_not_found(
    client: Client,
) -> None:
    game, _ = finished_game(client)
    client.get(review_url(game))
    for name in ("review_play", "review_try"):
        response = client.get(review_url(game, name, 4))
        assert response.status_code == 302 and response["Location"] == review_url(game)
    review = reviewed(client, game)
    made = {play.number for play in review.plays}
    assert 5 not in made
    assert client.get(review_url(game, "review_play", 5)).status_code == 404


# ---- trying again -----------------------------------------------------------------------------


def test_the_try_page_offers_the_seats_plays_and_shows_nothing_hidden(client: Client) -> None:
    game, record = finished_game(client)
    review = reviewed(client, game)
    play = worst(review.plays)
    html = page(client, review_url(game, "review_try", play.number))
    assert_nothing_hidden(html, record.positions[play.index])
    offered = {e.attrs["value"] for e in elements(html, "button", name="move")}
    legal = {str(m) for m in view_before(record, play.index).legal_moves()}
    assert offered == legal
    (form,) = elements(html, "form", class_="table-form")
    assert form.attrs["hx-post"] == review_url(game, "review_try_answer", play.number)
    assert form.attrs["hx-target"] == "#try-body"
    assert "Best:" not in html and play.reason not in html  # the answer is not given away
    assert "is-best" not in html and "best-tag" not in html


def test_the_best_play_is_accepted_and_the_next_play_that_lost_points_is_offered(
    client: Client,
) -> None:
    game, record = finished_game(client)
    review = reviewed(client, game)
    play = worst(review.plays)
    response = post_try(client, game, play.number, {"move": str(play.best)})
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html
    assert_nothing_hidden(html, record.positions[play.index])
    kind, words = feedback(html)
    assert kind == "feedback feedback-ok"
    assert words.startswith(f"Right! {describe(view_before(record, play.index), play.best)}")
    assert all("disabled" in card.attrs for card in elements(html, "input", name="card"))
    assert not elements(html, "button", name="move")  # solved: nothing more to play here
    later = [p for p in review.plays if p.number > play.number and p.mark is not Mark.GOOD]
    (following,) = elements(html, "a", href=review_url(game, "review_try", later[0].number))
    assert "autofocus" in following.attrs
    (back,) = elements(html, "a", href=play_link(game, play.number))
    assert "autofocus" not in back.attrs

    last = [p for p in review.plays if p.mark is not Mark.GOOD][-1]
    html = post_try(client, game, last.number, {"move": str(last.best)}).content.decode()
    assert feedback(html)[0] == "feedback feedback-ok"
    (back,) = elements(html, "a", href=play_link(game, last.number))
    assert "autofocus" in back.attrs  # nothing after it to try


def test_a_blunder_is_refused_with_the_reason(client: Client) -> None:
    game, record = finished_game(client)
    review = reviewed(client, game)
    blunder = review.marked(Mark.BLUNDER)[0]
    response = post_try(client, game, blunder.number, {"move": str(blunder.played)})
    assert response.status_code == 200
    html = response.content.decode()
    assert_nothing_hidden(html, record.positions[blunder.index])
    kind, words = feedback(html)
    assert kind == "feedback feedback-no"
    # The play made, judged again, gets exactly the review's numbers and reason.
    assert f"It gives up about {round(blunder.loss)} points. {blunder.reason}." in words
    assert "Try another play." in words
    assert not elements(html, "a", autofocus="")


def test_a_try_without_javascript_gets_the_whole_page(client: Client) -> None:
    game, _ = finished_game(client)
    review = reviewed(client, game)
    play = worst(review.plays)
    response = client.post(
        review_url(game, "review_try_answer", play.number),
        answering(game, {"move": str(play.best)}),
    )
    html = response.content.decode()
    assert response.status_code == 200 and "<html" in html
    assert feedback(html)[0] == "feedback feedback-ok"


def test_an_illegal_try_is_refused_by_the_rules_and_judged_by_nobody(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, record = finished_game(client)
    review = reviewed(client, game)
    play = review.plays[-2]
    taken = record.positions[play.index].captured[0][0]  # a card already captured: public

    def never(*args, **kwargs):
        raise AssertionError("an illegal play was judged")

    monkeypatch.setattr(reviews, "judge_play", never)
    response = post_try(client, game, play.number, {"move": f"throw {taken}"})
    assert response.status_code == 422
    kind, words = feedback(response.content.decode())
    assert kind == "feedback feedback-no" and words.startswith("Not this one.")
    address = review_url(game, "review_try_answer", play.number)
    bad = client.post(address, answering(game, {"card": "ZZ"}))
    assert bad.status_code == 400


def test_a_card_with_several_plays_asks_which(client: Client) -> None:
    game, record = finished_game(client)
    review = reviewed(client, game)
    for play in review.plays:
        view = view_before(record, play.index)
        by_card: dict[str, list[str]] = {}
        for move in view.legal_moves():
            if isinstance(move, CardMove):
                by_card.setdefault(str(move.card), []).append(str(move))
        card, moves = next(((c, m) for c, m in by_card.items() if len(m) > 1), ("", []))
        if card:
            break
    assert card, "some card of the deal can be played more than one way"
    response = post_try(client, game, play.number, {"card": card, "action": ""})
    html = response.content.decode()
    assert response.status_code == 200
    (chooser,) = elements(html, "div", id="table-choices")
    asked = {e.attrs["value"] for e in elements(html, "button", name="move")}
    assert set(moves) <= asked
    assert "Not this one" not in text_of(chooser)


def test_a_try_when_every_expert_is_busy_is_429_and_judges_nothing(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, _ = finished_game(client)
    review = reviewed(client, game)
    play = worst(review.plays)

    def never(*args, **kwargs):
        raise AssertionError("judged while every slot was taken")

    monkeypatch.setattr(reviews, "judge_play", never)
    held: list[ExpertSlot] = []  # every slot, taken by other visitors
    while (slot := ExpertSlot(f"elsewhere:{len(held)}")).take():
        held.append(slot)
    try:
        response = post_try(client, game, play.number, {"move": str(play.best)})
    finally:
        for slot in held:
            slot.give_back()
    assert response.status_code == 429
    assert response["Retry-After"] == str(busy.RETRY_AFTER_SECONDS)
    kind, words = feedback(response.content.decode())
    assert "too many tables" in words and kind == "feedback feedback-no"


@pytest.mark.parametrize(
    "form",
    [
        {},
        {"move": "capture TD:"},
        {"move": "build 2H 99: 3S"},
        {"move": "\x00"},
        {"card": "²"},
        {"card": "TD\x00"},
        {"card": "2C", "house": ["١"]},
        {"card": "2C", "loose": ["TD", "TD"]},
        {"card": "2C", "action": "build", "value": "99"},
        {"action": "sweep"},
        {"show": "1"},
    ],
)
def test_a_hostile_try_is_refused_without_a_server_error_or_a_change(
    client: Client, form: dict[str, str | list[str]]
) -> None:
    game, _ = finished_game(client)
    review = reviewed(client, game)
    before = SeatReview.objects.values().get()
    response = post_try(client, game, worst(review.plays).number, form)
    assert response.status_code < 500
    assert SeatReview.objects.values().get() == before
